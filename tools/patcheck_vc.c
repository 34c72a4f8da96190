/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-patcheck for vc-*.txt: proves every edge template.
 *
 * For each template and each of its placements -- as drawn and mirrored,
 * against each of the four edges (Black's north and south, White's west
 * and east, placed by the engine's own vc_template_place) -- the checker
 * plays the local game exhaustively: the endpoint is the owner's stone,
 * every cell outside the carrier is the opponent's (the worst case:
 * connectivity is monotone, so any other filling only helps the owner),
 * the opponent moves first, the players alternate inside the carrier, and
 * the owner wins when the endpoint is joined to the edge by owner stones.
 * A memoised minimax over (owner cells, opponent cells) decides it; a
 * failure prints the opponent's refuting line. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "board/vc_template.h"
#include "tools/patcheck.h"

#define CHECK_BOARD 15

typedef struct local_game {
    int n;                      /* carrier cells */
    int cell[VC_TEMPLATE_MAX_CELLS];
    uint32_t adj[VC_TEMPLATE_MAX_CELLS];
    uint32_t start;             /* carrier cells next to the endpoint */
    uint32_t goal;              /* carrier cells next to the edge */
    bool done;                  /* the endpoint touches the edge */
    uint32_t all;
    /* memo: open addressing on (own << 32 | opp) + 1; value in the low bit */
    uint64_t *keys;
    uint8_t *vals;
    size_t cap, used;
    uint64_t nodes;
} local_game_t;

static bool
connected(const local_game_t *lg, uint32_t own)
{
    if (lg->done)
        return true;
    uint32_t seen = lg->start & own, frontier = seen;
    while (frontier) {
        if (seen & lg->goal)
            return true;
        uint32_t next = 0;
        for (uint32_t f = frontier; f; f &= f - 1)
            next |= lg->adj[__builtin_ctz(f)];
        frontier = next & own & ~seen;
        seen |= frontier;
    }
    return (seen & lg->goal) != 0;
}

static uint64_t
mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return x;
}

static bool
memo_grow(local_game_t *lg)
{
    size_t cap = lg->cap ? lg->cap * 2 : 1 << 16;
    uint64_t *k = calloc(cap, sizeof *k);
    uint8_t *v = malloc(cap);
    if (!k || !v) {
        free(k);
        free(v);
        return false;
    }
    for (size_t i = 0; i < lg->cap; i++) {
        if (!lg->keys[i])
            continue;
        size_t j = mix(lg->keys[i]) & (cap - 1);
        while (k[j])
            j = (j + 1) & (cap - 1);
        k[j] = lg->keys[i];
        v[j] = lg->vals[i];
    }
    free(lg->keys);
    free(lg->vals);
    lg->keys = k;
    lg->vals = v;
    lg->cap = cap;
    return true;
}

/* Whether the owner wins from here (the opponent moves when both have
 * played as often). */
static bool
owner_wins(local_game_t *lg, uint32_t own, uint32_t opp)
{
    lg->nodes++;
    if (connected(lg, own))
        return true;
    uint32_t free_cells = lg->all & ~own & ~opp;
    if (!connected(lg, own | free_cells))
        return false;
    uint64_t key = (((uint64_t)own << 32) | opp) + 1;
    size_t j = mix(key) & (lg->cap - 1);
    while (lg->keys[j]) {
        if (lg->keys[j] == key)
            return lg->vals[j];
        j = (j + 1) & (lg->cap - 1);
    }
    bool opp_moves = __builtin_popcount(own) == __builtin_popcount(opp);
    bool result = opp_moves;
    for (uint32_t f = free_cells; f; f &= f - 1) {
        uint32_t m = f & -f;
        if (opp_moves && !owner_wins(lg, own, opp | m)) {
            result = false;
            break;
        }
        if (!opp_moves && owner_wins(lg, own | m, opp)) {
            result = true;
            break;
        }
    }
    if (2 * (lg->used + 1) > lg->cap && !memo_grow(lg)) {
        fprintf(stderr, "hein-patcheck: out of memory\n");
        exit(1);
    }
    j = mix(key) & (lg->cap - 1);
    while (lg->keys[j])
        j = (j + 1) & (lg->cap - 1);
    lg->keys[j] = key;
    lg->vals[j] = result;
    lg->used++;
    return result;
}

/* The opponent's refuting line, as cell names, into buf. */
static void
refutation(local_game_t *lg, const geometry_t *g, char *buf, size_t size)
{
    uint32_t own = 0, opp = 0;
    size_t len = 0;
    buf[0] = '\0';
    while (!connected(lg, own) && connected(lg, own | (lg->all & ~opp))) {
        uint32_t free_cells = lg->all & ~own & ~opp;
        if (!free_cells)
            break;
        bool opp_moves = __builtin_popcount(own) == __builtin_popcount(opp);
        uint32_t pick = free_cells & -free_cells;
        for (uint32_t f = free_cells; f; f &= f - 1) {
            uint32_t m = f & -f;
            if (opp_moves && !owner_wins(lg, own, opp | m)) {
                pick = m;
                break;
            }
        }
        char name[MOVE_NAME_MAX];
        geometry_move_name(g, lg->cell[__builtin_ctz(pick)], name);
        int k = snprintf(buf + len, size - len, "%s%s %s", len ? ", " : "",
                         opp_moves ? "opponent" : "owner", name);
        if (k < 0 || (size_t)k >= size - len)
            break;
        len += (size_t)k;
        if (opp_moves)
            opp |= pick;
        else
            own |= pick;
    }
}

static const char *
edge_name(int edge)
{
    switch (edge) {
    case HEX_NORTH:
        return "north";
    case HEX_SOUTH:
        return "south";
    case HEX_WEST:
        return "west";
    default:
        return "east";
    }
}

/* Check one placement; true when the claim holds.  On failure, says why
 * on out. */
static bool
check_placement(const vc_template_t *t, const geometry_t *g, int edge, FILE *out,
                uint64_t *nodes)
{
    int N = g->width, mid = N / 2, cell;
    switch (edge) {
    case HEX_SOUTH:
        cell = geometry_cell(g, mid, N - t->row);
        break;
    case HEX_NORTH:
        cell = geometry_cell(g, mid, t->row - 1);
        break;
    case HEX_EAST:
        cell = geometry_cell(g, N - t->row, mid);
        break;
    default:
        cell = geometry_cell(g, t->row - 1, mid);
        break;
    }
    bitset_t carrier;
    if (!vc_template_place(t, g, edge, cell, &carrier) || bitset_count(&carrier) != t->ncells) {
        fprintf(out, "FAILED %s%s: does not fit against the %s edge\n", t->name,
                t->mirrored ? " (mirrored)" : "", edge_name(edge));
        return false;
    }
    local_game_t lg;
    memset(&lg, 0, sizeof lg);
    for (int c = bitset_first(&carrier); c >= 0; c = bitset_next(&carrier, c))
        lg.cell[lg.n++] = c;
    lg.all = lg.n == 32 ? ~UINT32_C(0) : (UINT32_C(1) << lg.n) - 1;
    for (int k = 0; k < g->nbr_count[cell]; k++)
        if (g->nbr[cell][k] == edge)
            lg.done = true;
    for (int i = 0; i < lg.n; i++)
        for (int k = 0; k < g->nbr_count[lg.cell[i]]; k++) {
            int nb = g->nbr[lg.cell[i]][k];
            if (nb == edge)
                lg.goal |= UINT32_C(1) << i;
            if (nb == cell)
                lg.start |= UINT32_C(1) << i;
            for (int j = 0; j < lg.n; j++)
                if (lg.cell[j] == nb)
                    lg.adj[i] |= UINT32_C(1) << j;
        }
    if (!memo_grow(&lg)) {
        fprintf(out, "FAILED %s: out of memory\n", t->name);
        return false;
    }
    bool ok = owner_wins(&lg, 0, 0);
    if (!ok) {
        char line[1024], name[MOVE_NAME_MAX];
        refutation(&lg, g, line, sizeof line);
        fprintf(out, "FAILED %s%s: against the %s edge with the endpoint at %s on %dx%d, "
                "the opponent wins: %s\n", t->name, t->mirrored ? " (mirrored)" : "",
                edge_name(edge), geometry_move_name(g, cell, name), N, N, line);
    }
    *nodes += lg.nodes;
    free(lg.keys);
    free(lg.vals);
    return ok;
}

int
patcheck_vc_file(const char *path, FILE *out)
{
    char err[512];
    vc_templates_t *ts = vc_templates_load(path, err, sizeof err);
    if (!ts) {
        fprintf(out, "FAILED %s\n", err);
        return -1;
    }
    geometry_t *g = geometry_new(CHECK_BOARD, CHECK_BOARD);
    if (!g) {
        fprintf(out, "FAILED out of memory\n");
        vc_templates_free(ts);
        return -1;
    }
    static const int edges[4] = { HEX_SOUTH, HEX_NORTH, HEX_EAST, HEX_WEST };
    int failed = 0;
    /* Templates come in pairs: as drawn, then mirrored. */
    for (int i = 0; i + 1 < ts->n; i += 2) {
        bool ok = true;
        uint64_t nodes = 0;
        for (int v = 0; v < 2; v++)
            for (int e = 0; e < 4; e++)
                ok &= check_placement(&ts->t[i + v], g, edges[e], out, &nodes);
        if (ok)
            fprintf(out, "ok %s: row %d, %d carrier cells, connects against every "
                    "opponent line (8 placements, %llu positions searched)\n",
                    ts->t[i].name, ts->t[i].row, ts->t[i].ncells,
                    (unsigned long long)nodes);
        else
            failed++;
    }
    geometry_unref(g);
    vc_templates_free(ts);
    return failed;
}
