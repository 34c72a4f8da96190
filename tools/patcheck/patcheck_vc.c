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
 * A failure prints the opponent's refuting line.  The placements are
 * images of one another under the board's symmetries; a placement whose
 * game is the same as that of one already proved, up to a renaming of the
 * cells that the checker finds (same_game below), shares its proof.
 *
 * The search is a memoised minimax over (owner cells, opponent cells)
 * that returns, with every verdict, the set of free cells it depends on,
 * and prunes moves with those sets.  It stays exhaustive; here is why.
 *
 * Monotonicity.  In this game an extra owner stone never hurts the owner
 * and an extra opponent stone never hurts the opponent: a player who
 * holds an extra cell plays the strategy he would have played without
 * it, and when that strategy asks for the cell he already holds, he
 * plays any other free cell instead (one more of his stones).  A move of
 * the other side on a cell the strategy thinks taken is, for the
 * strategy, a pass answered by a free extra move.
 *
 * Proof carriers.  A win of the owner at position (O, X) (owner cells,
 * opponent cells, free cells F) comes with a carrier C, a subset of F:
 * the owner also wins at (O, X + (F - C)), with every free cell outside C
 * given to the opponent.  A connected position has C empty.  At an owner
 * node, the winning move m with child carrier C' gives C' + {m}: at
 * (O, X + (F - C' - {m})) the owner plays m and reaches the child's
 * restricted position.  At an opponent node, let the opponent moves m
 * tried so far all lose, the child of m with carrier C_m.  An opponent
 * move m' outside C_m + {m} loses too: the child (O, X + m') is better for
 * the owner than the restricted child of m, (O, X + m + (F - {m} - C_m)),
 * which contains m' among its opponent cells and differs only in m being
 * free (the owner plays as if the opponent stood on m; an opponent move
 * on m later is like a pass, and an extra owner move never hurts).  So
 * the opponent moves still to try are the free cells in the intersection
 * of the C_m + {m} found so far, and when none is left the node is a win
 * with carrier C, the union of C_m + {m} over the moves actually tried: in
 * (O, X + (F - C)) every opponent move is either one that was tried
 * (whose restricted child has at least as many opponent cells) or one
 * pruned by some tried m (and F - C lies inside F - {m} - C_m).
 *
 * Disproof carriers are the same argument with the players exchanged: a
 * loss at (O, X) comes with a set D of free cells such that the owner
 * still loses at (O + (F - D), X); a position where even O + F does not
 * connect has D empty; at an opponent node the winning move m gives the
 * child's D plus m; at an owner node, after owner moves m lost with D_m,
 * only owner moves in the intersection of the D_m + {m} are left to try,
 * and the node's D is the union of the D_m + {m} tried.
 *
 * Immediate wins.  Call a free cell winning when the owner's stones plus
 * it connect.  With the owner to move, one winning cell c wins, carrier
 * {c}.  With the opponent to move, two winning cells a and b win, carrier
 * {a, b} (whichever he takes, the owner takes the other); one winning
 * cell a is the opponent's only move worth trying: any other is answered
 * by a, so the node's carrier is that of a's child plus a.
 *
 * The memo keeps, per position and side to move, the verdict and its
 * carrier (a carrier belongs to the position, not to the path that
 * reached it).  Move ordering changes only the speed.  Both sides try
 * first the cells on the shortest owner paths (free cells cost one, owner
 * cells nothing, opponent cells block), the owner those next to the
 * opponent's last move first among equals (the answer to an intrusion);
 * then cells with more neighbours on shortest paths, then with more free
 * neighbours.  Before all those, the owner tries the moves that leave two
 * winning cells.
 *
 * --derive FILE (patcheck_vc_derive) starts from each region in FILE,
 * drawn like a template, and removes carrier cells one at a time while
 * the claim (against the south edge, as drawn) still holds, in several
 * orders; after each success it keeps only the proof's root carrier,
 * which wins by itself.  What is left cannot lose any single cell, and
 * since a superset of a winning carrier wins too, it has no smaller
 * winning subset.  It prints the distinct minimal carriers, up to mirror
 * image, as template diagrams; they still go through the ordinary check
 * before they go into a template file. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "board/rng.h"
#include "board/vc_template.h"
#include "tools/patcheck/patcheck.h"

#define CHECK_BOARD 15
#define FAR 0x3f

typedef struct memo_entry {
    uint64_t key;               /* own << 32 | opp */
    uint32_t carrier;           /* proof carrier of a win, disproof of a loss */
    uint8_t flags;              /* MEMO_*; 0 when unused */
} memo_entry_t;

typedef struct local_game {
    int n;                      /* carrier cells */
    int cell[VC_TEMPLATE_MAX_CELLS];
    uint32_t adj[VC_TEMPLATE_MAX_CELLS];
    uint32_t helpers;           /* the owner's helper stones */
    uint32_t start;             /* carrier cells next to the endpoint */
    uint32_t goal;              /* carrier cells next to the edge */
    bool done;                  /* the endpoint touches the edge */
    uint32_t all;
    memo_entry_t *memo;         /* open addressing */
    size_t cap, used;
    uint64_t nodes;
} local_game_t;

static uint32_t
neighbours(const local_game_t *lg, uint32_t set)
{
    uint32_t nb = 0;
    for (uint32_t f = set; f; f &= f - 1)
        nb |= lg->adj[__builtin_ctz(f)];
    return nb;
}

/* The cells of `within` joined to `from` through cells of `within`. */
static uint32_t
flood(const local_game_t *lg, uint32_t from, uint32_t within)
{
    uint32_t seen = from & within, frontier = seen;
    while (frontier) {
        frontier = neighbours(lg, frontier) & within & ~seen;
        seen |= frontier;
    }
    return seen;
}

static bool
connected(const local_game_t *lg, uint32_t own)
{
    return lg->done || (flood(lg, lg->start & own, own) & lg->goal) != 0;
}

/* dist[c]: the fewest free cells on a path of owner and free cells from
 * the cells next to the source (`seed`) to c, c included; FAR when none. */
static void
distances(const local_game_t *lg, uint32_t own, uint32_t free_cells, uint32_t seed,
          uint8_t *dist)
{
    memset(dist, FAR, (size_t)lg->n);
    uint32_t reached = flood(lg, seed & own, own);
    for (uint32_t f = reached; f; f &= f - 1)
        dist[__builtin_ctz(f)] = 0;
    for (uint8_t k = 1;; k++) {
        uint32_t layer = (seed | neighbours(lg, reached)) & free_cells & ~reached;
        if (!layer)
            break;
        layer |= flood(lg, neighbours(lg, layer) & own & ~reached, own & ~reached);
        for (uint32_t f = layer; f; f &= f - 1)
            dist[__builtin_ctz(f)] = k;
        reached |= layer;
    }
}

/* The cells of `cand` in the order to try them (the header comment says
 * which); returns how many.  Ties keep the cell order. */
static int
order_moves(const local_game_t *lg, uint32_t own, uint32_t free_cells, uint32_t cand,
            int last, bool owner, int8_t *order)
{
    uint8_t ds[VC_TEMPLATE_MAX_CELLS], dg[VC_TEMPLATE_MAX_CELLS];
    int key[VC_TEMPLATE_MAX_CELLS];
    distances(lg, own, free_cells, lg->start, ds);
    distances(lg, own, free_cells, lg->goal, dg);
    int best = 2 * FAR;
    for (uint32_t f = free_cells; f; f &= f - 1) {
        int c = __builtin_ctz(f);
        best = ds[c] + dg[c] < best ? ds[c] + dg[c] : best;
    }
    /* Owner and free cells on a shortest path (free cells count twice in
     * ds + dg, owner cells not at all). */
    uint32_t on_path = 0;
    for (uint32_t f = own | free_cells; f; f &= f - 1) {
        int c = __builtin_ctz(f);
        if (ds[c] + dg[c] + (int)(own >> c & 1) <= best)
            on_path |= UINT32_C(1) << c;
    }
    uint32_t near_last = last >= 0 ? lg->adj[last] : 0;
    int k = 0;
    for (uint32_t f = cand; f; f &= f - 1) {
        int c = __builtin_ctz(f);
        uint32_t m = UINT32_C(1) << c;
        int score = 2 * (ds[c] + dg[c]) - (owner && (near_last & m) ? 1 : 0);
        score = score * 8 - __builtin_popcount(lg->adj[c] & on_path);
        score = score * 8 - __builtin_popcount(lg->adj[c] & free_cells);
        if (owner) {
            uint32_t o2 = own | m;
            uint32_t rs = flood(lg, lg->start & o2, o2), rg = flood(lg, lg->goal & o2, o2);
            uint32_t w2 = free_cells & ~m & (lg->start | neighbours(lg, rs))
                          & (lg->goal | neighbours(lg, rg));
            if (w2 & (w2 - 1))
                score -= 1 << 20;
        }
        int i = k++;
        while (i > 0 && key[i - 1] > score) {
            key[i] = key[i - 1];
            order[i] = order[i - 1];
            i--;
        }
        key[i] = score;
        order[i] = (int8_t)c;
    }
    return k;
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
    size_t cap = lg->cap ? lg->cap * 2 : 1 << 14;
    memo_entry_t *m = calloc(cap, sizeof *m);
    if (!m)
        return false;
    for (size_t i = 0; i < lg->cap; i++) {
        if (!lg->memo[i].flags)
            continue;
        size_t j = mix(lg->memo[i].key) & (cap - 1);
        while (m[j].flags)
            j = (j + 1) & (cap - 1);
        m[j] = lg->memo[i];
    }
    free(lg->memo);
    lg->memo = m;
    lg->cap = cap;
    return true;
}

#define MEMO_USED 1
#define MEMO_OPP_MOVES 2
#define MEMO_WIN 4

/* Whether the owner wins from here, `opp_moves` saying who moves;
 * *carrier gets the proof carrier of a win or the disproof carrier of a
 * loss (the header comment says what they mean).  `last` is the cell of
 * the move that led here, -1 at the root. */
static bool
owner_wins(local_game_t *lg, uint32_t own, uint32_t opp, bool opp_moves, int last,
           uint32_t *carrier)
{
    lg->nodes++;
    *carrier = 0;
    if (connected(lg, own))
        return true;
    uint32_t free_cells = lg->all & ~own & ~opp;
    if (!connected(lg, own | free_cells))
        return false;
    /* The free cells that connect at once: one wins for the owner to
     * move, two win against the opponent to move (whichever he takes,
     * the owner takes the other), and one is the opponent's only move. */
    uint32_t reach_s = flood(lg, lg->start & own, own), reach_g = flood(lg, lg->goal & own, own);
    uint32_t wins = free_cells & (lg->start | neighbours(lg, reach_s))
                    & (lg->goal | neighbours(lg, reach_g));
    if (wins && (!opp_moves || (wins & (wins - 1)))) {
        uint32_t rest = wins & (wins - 1);
        *carrier = (wins & -wins) | (opp_moves ? rest & -rest : 0);
        return true;
    }
    uint64_t key = ((uint64_t)own << 32) | opp;
    uint8_t side = MEMO_USED | (opp_moves ? MEMO_OPP_MOVES : 0);
    size_t j = mix(key) & (lg->cap - 1);
    for (; lg->memo[j].flags; j = (j + 1) & (lg->cap - 1))
        if (lg->memo[j].key == key && (lg->memo[j].flags & ~MEMO_WIN) == side) {
            *carrier = lg->memo[j].carrier;
            return lg->memo[j].flags & MEMO_WIN;
        }
    /* The opponent tries to refute, the owner to prove.  `left`: the
     * moves not yet pruned; `used`: the union of the sets (child carrier
     * plus the move) of the moves tried. */
    uint32_t left = wins ? wins : free_cells, used = 0;
    bool result = opp_moves;
    int8_t order[VC_TEMPLATE_MAX_CELLS];
    int n = order_moves(lg, own, free_cells, left, last, !opp_moves, order);
    for (int i = 0; i < n; i++) {
        int c = order[i];
        uint32_t m = UINT32_C(1) << c, sub;
        if (!(left & m))
            continue;
        bool w = opp_moves ? owner_wins(lg, own, opp | m, false, c, &sub)
                           : owner_wins(lg, own | m, opp, true, c, &sub);
        if (w != opp_moves) {
            result = w;
            used = sub | m;
            break;
        }
        left &= sub | m;
        used |= sub | m;
    }
    if (2 * (lg->used + 1) > lg->cap && !memo_grow(lg)) {
        fprintf(stderr, "hein-patcheck: out of memory\n");
        exit(1);
    }
    j = mix(key) & (lg->cap - 1);
    while (lg->memo[j].flags)
        j = (j + 1) & (lg->cap - 1);
    lg->memo[j].key = key;
    lg->memo[j].carrier = used;
    lg->memo[j].flags = side | (result ? MEMO_WIN : 0);
    lg->used++;
    *carrier = used;
    return result;
}

/* The opponent's refuting line, as cell names, into buf: the opponent's
 * winning moves against the owner's first free cell each time. */
static void
refutation(local_game_t *lg, const geometry_t *g, char *buf, size_t size)
{
    uint32_t own = lg->helpers, opp = 0, sub;
    size_t len = 0;
    buf[0] = '\0';
    while (!connected(lg, own) && connected(lg, own | (lg->all & ~opp))) {
        uint32_t free_cells = lg->all & ~own & ~opp;
        if (!free_cells)
            break;
        bool opp_moves = __builtin_popcount(own & ~lg->helpers) == __builtin_popcount(opp);
        uint32_t pick = free_cells & -free_cells;
        for (uint32_t f = free_cells; f; f &= f - 1) {
            uint32_t m = f & -f;
            if (opp_moves && !owner_wins(lg, own, opp | m, false, __builtin_ctz(m), &sub)) {
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

/* The endpoint's cell for t against `edge`, in the middle of that edge. */
static int
endpoint_cell(const vc_template_t *t, const geometry_t *g, int edge)
{
    int N = g->width, mid = N / 2;
    switch (edge) {
    case HEX_SOUTH:
        return geometry_cell(g, mid, N - t->row);
    case HEX_NORTH:
        return geometry_cell(g, mid, t->row - 1);
    case HEX_EAST:
        return geometry_cell(g, N - t->row, mid);
    default:
        return geometry_cell(g, t->row - 1, mid);
    }
}

/* Set up the local game of t placed with its endpoint on `cell`; false
 * when it does not fit or memory is short (says which on out). */
static bool
local_game_init(local_game_t *lg, const vc_template_t *t, const geometry_t *g, int edge,
                int cell, FILE *out)
{
    memset(lg, 0, sizeof *lg);
    bitset_t carrier, helpers;
    if (!vc_template_place(t, g, edge, cell, &carrier, &helpers)
        || bitset_count(&carrier) != t->ncells || bitset_count(&helpers) != t->nhelpers
        || bitset_intersects(&carrier, &helpers) || bitset_test(&helpers, cell)
        || bitset_test(&carrier, cell)) {
        fprintf(out, "FAILED %s%s: does not fit against the %s edge\n", t->name,
                t->mirrored ? " (mirrored)" : "", edge_name(edge));
        return false;
    }
    /* the helpers are cells of the game that start as the owner's */
    bitset_t cells = bitset_or(carrier, helpers);
    for (int c = bitset_first(&cells); c >= 0; c = bitset_next(&cells, c)) {
        if (bitset_test(&helpers, c))
            lg->helpers |= UINT32_C(1) << lg->n;
        lg->cell[lg->n++] = c;
    }
    lg->all = lg->n == 32 ? ~UINT32_C(0) : (UINT32_C(1) << lg->n) - 1;
    for (int k = 0; k < g->nbr_count[cell]; k++)
        if (g->nbr[cell][k] == edge)
            lg->done = true;
    for (int i = 0; i < lg->n; i++)
        for (int k = 0; k < g->nbr_count[lg->cell[i]]; k++) {
            int nb = g->nbr[lg->cell[i]][k];
            if (nb == edge)
                lg->goal |= UINT32_C(1) << i;
            if (nb == cell)
                lg->start |= UINT32_C(1) << i;
            for (int j = 0; j < lg->n; j++)
                if (lg->cell[j] == nb)
                    lg->adj[i] |= UINT32_C(1) << j;
        }
    if (!memo_grow(lg)) {
        fprintf(out, "FAILED %s: out of memory\n", t->name);
        return false;
    }
    return true;
}

/* ---- placements that are the same game -------------------------------
 *
 * The eight placements of a template are images of one another under
 * the board's symmetries, so their local games are usually the same game
 * with the cells renamed.  When a bijection of the cells keeps adjacency,
 * the cells next to the endpoint, those next to the edge and the helpers
 * (and the endpoint touches the edge in both or neither), the owner wins
 * one game exactly when he wins the other: the proof of the first
 * placement then stands for the others.  The bijection is searched for,
 * not assumed, so a placement that comes out differently is proved on
 * its own. */

/* The signature a bijection must keep: the cell's start, goal and helper
 * bits and its number of neighbours. */
static unsigned
cell_sig(const local_game_t *lg, int i)
{
    uint32_t b = UINT32_C(1) << i;
    return (unsigned)__builtin_popcount(lg->adj[i]) << 3 | !!(lg->start & b) << 2
        | !!(lg->goal & b) << 1 | !!(lg->helpers & b);
}

/* Extend the bijection map (a's cells order[0..k-1] mapped) to order[k..]. */
static bool
iso_extend(const local_game_t *a, const local_game_t *b, const int *order, int k, int *map,
           uint32_t used)
{
    if (k == a->n)
        return true;
    int i = order[k];
    unsigned sig = cell_sig(a, i);
    for (int j = 0; j < b->n; j++) {
        if (used & (UINT32_C(1) << j) || cell_sig(b, j) != sig)
            continue;
        bool fits = true;
        for (int q = 0; q < k && fits; q++) {
            int i2 = order[q];
            bool ea = a->adj[i] & (UINT32_C(1) << i2), eb = b->adj[j] & (UINT32_C(1) << map[i2]);
            fits = ea == eb;
        }
        if (!fits)
            continue;
        map[i] = j;
        if (iso_extend(a, b, order, k + 1, map, used | (UINT32_C(1) << j)))
            return true;
    }
    return false;
}

/* Whether the local games a and b are the same game up to renaming. */
static bool
same_game(const local_game_t *a, const local_game_t *b)
{
    if (a->n != b->n || a->done != b->done)
        return false;
    /* a's cells in breadth-first order from the start cells (then any
     * left), so that each cell meets mapped neighbours early */
    int order[VC_TEMPLATE_MAX_CELLS], n = 0;
    uint32_t seen = a->start;
    for (uint32_t f = a->start; f; f &= f - 1)
        order[n++] = __builtin_ctz(f);
    for (int h = 0; h < n; h++)
        for (uint32_t f = a->adj[order[h]] & ~seen; f; f &= f - 1) {
            seen |= UINT32_C(1) << __builtin_ctz(f);
            order[n++] = __builtin_ctz(f);
        }
    for (int i = 0; i < a->n; i++)
        if (!(seen & (UINT32_C(1) << i)))
            order[n++] = i;
    int map[VC_TEMPLATE_MAX_CELLS];
    return iso_extend(a, b, order, 0, map, 0);
}

/* The first proved placement of a template, for the others to share. */
typedef struct shared_proof {
    bool have;
    local_game_t game;          /* its memo freed */
    int same;                   /* placements that shared it */
} shared_proof_t;

/* Check one placement; true when the claim holds.  On failure, says why
 * on out (with the refuting line when `explain`).  With `share`, a
 * placement that is the same game as the one proved there shares its
 * proof, and the first one proved goes there. */
static bool
check_placement(const vc_template_t *t, const geometry_t *g, int edge, FILE *out,
                bool explain, uint64_t *nodes, shared_proof_t *share)
{
    int cell = endpoint_cell(t, g, edge);
    local_game_t lg;
    if (!local_game_init(&lg, t, g, edge, cell, out)) {
        free(lg.memo);
        return false;
    }
    if (share && share->have && same_game(&share->game, &lg)) {
        share->same++;
        free(lg.memo);
        return true;
    }
    uint32_t carrier;
    bool ok = owner_wins(&lg, lg.helpers, 0, true, -1, &carrier);
    if (!ok && explain) {
        char line[1024], name[MOVE_NAME_MAX];
        refutation(&lg, g, line, sizeof line);
        fprintf(out, "FAILED %s%s: against the %s edge with the endpoint at %s on %dx%d, "
                "the opponent wins: %s\n", t->name, t->mirrored ? " (mirrored)" : "",
                edge_name(edge), geometry_move_name(g, cell, name), g->width, g->height,
                line);
    }
    *nodes += lg.nodes;
    free(lg.memo);
    if (ok && share && !share->have) {
        share->game = lg;
        share->game.memo = NULL;
        share->have = true;
    }
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
        shared_proof_t share = { .have = false, .same = 0 };
        for (int v = 0; v < 2; v++)
            for (int e = 0; e < 4; e++)
                ok &= check_placement(&ts->t[i + v], g, edges[e], out, true, &nodes, &share);
        if (ok)
            fprintf(out, "ok %s: row %d, %d carrier cells, %d helpers, connects against "
                    "every opponent line (8 placements, %d of them the same game as one "
                    "proved; %llu positions searched)\n",
                    ts->t[i].name, ts->t[i].row, ts->t[i].ncells, ts->t[i].nhelpers, share.same,
                    (unsigned long long)nodes);
        else
            failed++;
    }
    geometry_unref(g);
    vc_templates_free(ts);
    return failed;
}

/* ---- --derive: minimal carriers inside a region ---------------------- */

/* Whether the claim of `region` restricted to the cells of `keep` (bits
 * over the region's cells) holds against the south edge; when it does,
 * *carrier gets the root's proof carrier, as bits over the region's
 * cells (a winning carrier itself, inside `keep`). */
static bool
prove_subset(const vc_template_t *region, uint32_t keep, const geometry_t *g, FILE *out,
             uint64_t *nodes, uint32_t *carrier)
{
    vc_template_t s = *region;
    int from[VC_TEMPLATE_MAX_CELLS];
    s.ncells = 0;
    for (int i = 0; i < region->ncells; i++)
        if (keep >> i & 1) {
            s.dc[s.ncells] = region->dc[i];
            s.dr[s.ncells] = region->dr[i];
            from[s.ncells++] = i;
        }
    int cell = endpoint_cell(&s, g, HEX_SOUTH);
    local_game_t lg;
    uint32_t root = 0;
    bool ok = local_game_init(&lg, &s, g, HEX_SOUTH, cell, out)
              && owner_wins(&lg, lg.helpers, 0, true, -1, &root);
    *carrier = 0;
    for (int i = 0; ok && i < s.ncells; i++) {
        int c = geometry_cell(g, geometry_col(g, cell) + s.dc[i], geometry_row(g, cell) + s.dr[i]);
        for (int j = 0; j < lg.n; j++)
            if (lg.cell[j] == c && (root >> j & 1))
                *carrier |= UINT32_C(1) << from[i];
    }
    *nodes += lg.nodes;
    free(lg.memo);
    return ok;
}

/* t with the cells of `keep` (bits over t's cells) only. */
static vc_template_t
subset(const vc_template_t *t, uint32_t keep)
{
    vc_template_t s = *t;
    s.ncells = 0;
    for (int i = 0; i < t->ncells; i++)
        if (keep >> i & 1) {
            s.dc[s.ncells] = t->dc[i];
            s.dr[s.ncells] = t->dr[i];
            s.ncells++;
        }
    return s;
}

static int
cmp_offset(const void *a, const void *b)
{
    const int8_t *p = a, *q = b;
    return p[1] != q[1] ? p[1] - q[1] : p[0] - q[0];
}

/* A template's cells as sorted (dc, dr) pairs, the smaller of it and its
 * mirror image: equal for templates equal up to mirror image. */
static void
canonical(const vc_template_t *t, int8_t out[VC_TEMPLATE_MAX_CELLS][2])
{
    int8_t a[VC_TEMPLATE_MAX_CELLS][2], b[VC_TEMPLATE_MAX_CELLS][2];
    vc_template_t m = vc_template_mirror(t);
    for (int i = 0; i < t->ncells; i++) {
        a[i][0] = t->dc[i], a[i][1] = t->dr[i];
        b[i][0] = m.dc[i], b[i][1] = m.dr[i];
    }
    qsort(a, (size_t)t->ncells, sizeof a[0], cmp_offset);
    qsort(b, (size_t)t->ncells, sizeof b[0], cmp_offset);
    memcpy(out, memcmp(a, b, (size_t)t->ncells * 2) <= 0 ? a : b,
           (size_t)t->ncells * 2);
}

/* The template's diagram in the file's format. */
static void
print_diagram(const vc_template_t *t, FILE *out)
{
    int rmin = 0, pmin = 0, pmax = 0;
    for (int i = 0; i < t->ncells + t->nhelpers; i++) {
        int dr = i < t->ncells ? t->dr[i] : t->hdr[i - t->ncells];
        int p = dr + 2 * (i < t->ncells ? t->dc[i] : t->hdc[i - t->ncells]);
        rmin = dr < rmin ? dr : rmin;
        pmin = p < pmin ? p : pmin;
        pmax = p > pmax ? p : pmax;
    }
    for (int r = rmin; r <= t->row - 1; r++) {
        char line[128];
        int width = pmax - pmin + 1;
        memset(line, ' ', (size_t)width);
        line[width] = '\0';
        if (r == 0)
            line[-pmin] = 'S';
        for (int i = 0; i < t->ncells; i++)
            if (t->dr[i] == r)
                line[t->dr[i] + 2 * t->dc[i] - pmin] = '.';
        for (int i = 0; i < t->nhelpers; i++)
            if (t->hdr[i] == r)
                line[t->hdr[i] + 2 * t->hdc[i] - pmin] = 'B';
        for (int k = width - 1; k >= 0 && line[k] == ' '; k--)
            line[k] = '\0';
        fprintf(out, "%s\n", line);
    }
    for (int p = pmin; p <= pmax; p++)
        fputc('=', out);
    fputc('\n', out);
}

typedef struct found {
    int ncells, times;
    int8_t cells[VC_TEMPLATE_MAX_CELLS][2];
    vc_template_t t;
} found_t;

int
patcheck_vc_derive(const char *path, int orders, FILE *out)
{
    char err[512];
    vc_templates_t *ts = vc_templates_load(path, err, sizeof err);
    if (!ts) {
        fprintf(out, "FAILED %s\n", err);
        return -1;
    }
    geometry_t *g = geometry_new(CHECK_BOARD, CHECK_BOARD);
    found_t *found = calloc((size_t)orders, sizeof *found);
    if (!g || !found) {
        fprintf(out, "FAILED out of memory\n");
        geometry_unref(g);
        free(found);
        vc_templates_free(ts);
        return -1;
    }
    int failed = 0;
    for (int i = 0; i < ts->n; i += 2) {
        const vc_template_t *region = &ts->t[i];
        uint64_t nodes = 0;
        if (!check_placement(region, g, HEX_SOUTH, out, true, &nodes, NULL)) {
            failed++;
            continue;
        }
        int nfound = 0;
        rng_t rng;
        rng_seed(&rng, 20240601u + (uint64_t)i);
        for (int o = 0; o < orders; o++) {
            /* Order 0 removes the cells farthest from the endpoint first,
             * the others in random orders. */
            int idx[VC_TEMPLATE_MAX_CELLS];
            for (int k = 0; k < region->ncells; k++)
                idx[k] = k;
            for (int k = region->ncells - 1; k > 0 && o > 0; k--) {
                int r = (int)rng_below(&rng, (uint32_t)k + 1), x = idx[k];
                idx[k] = idx[r];
                idx[r] = x;
            }
            if (o == 0)
                for (int a = 1; a < region->ncells; a++)
                    for (int b = a; b > 0; b--) {
                        int p = idx[b - 1], q = idx[b];
                        int dp = abs(region->dc[p]) + abs(region->dr[p])
                                 + abs(region->dc[p] + region->dr[p]);
                        int dq = abs(region->dc[q]) + abs(region->dr[q])
                                 + abs(region->dc[q] + region->dr[q]);
                        if (dp >= dq)
                            break;
                        idx[b - 1] = q;
                        idx[b] = p;
                    }
            uint32_t keep = region->ncells == 32 ? ~UINT32_C(0)
                                                 : (UINT32_C(1) << region->ncells) - 1;
            /* A proof's root carrier wins by itself: keep only it. */
            for (int k = 0; k < region->ncells; k++) {
                uint32_t trial = keep & ~(UINT32_C(1) << idx[k]), root;
                if ((keep >> idx[k] & 1)
                    && prove_subset(region, trial, g, out, &nodes, &root))
                    keep = root;
            }
            found_t f;
            memset(&f, 0, sizeof f);
            f.t = subset(region, keep);
            f.ncells = f.t.ncells;
            canonical(&f.t, f.cells);
            int k;
            for (k = 0; k < nfound; k++)
                if (found[k].ncells == f.ncells
                    && memcmp(found[k].cells, f.cells, (size_t)f.ncells * 2) == 0)
                    break;
            if (k == nfound)
                found[nfound++] = f;
            found[k].times++;
        }
        fprintf(out, "region %s: row %d, %d cells, %d removal orders, %d minimal carriers "
                "up to mirror image (%llu positions searched)\n", region->name, region->row,
                region->ncells, orders, nfound, (unsigned long long)nodes);
        for (int k = 0; k < nfound; k++) {
            fprintf(out, "\n# %d carrier cells, found by %d of the orders\ntemplate %s-%d\n",
                    found[k].ncells, found[k].times, region->name, k + 1);
            print_diagram(&found[k].t, out);
        }
        fputc('\n', out);
    }
    free(found);
    geometry_unref(g);
    vc_templates_free(ts);
    return failed;
}
