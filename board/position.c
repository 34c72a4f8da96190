/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board/position.h"
#include "board/rng.h"
#include "board/zobrist.h"

static const uint8_t edge_bit[4] = {
    EDGE_NORTH_BIT, EDGE_SOUTH_BIT, EDGE_WEST_BIT, EDGE_EAST_BIT
};

/* The edge mask that connects colour c. */
static inline uint8_t
winning_mask(hex_color_t c)
{
    return c == HEX_BLACK ? (EDGE_NORTH_BIT | EDGE_SOUTH_BIT)
                          : (EDGE_WEST_BIT | EDGE_EAST_BIT);
}

static void
reset_union_find(position_t *p)
{
    for (int i = 0; i < HEX_MAX_IDS; i++) {
        p->parent[i] = (int16_t)i;
        p->size[i] = 1;
        p->edges[i] = geometry_is_edge(i) ? edge_bit[i - HEX_NORTH] : 0;
    }
}

void
position_init(position_t *p, const geometry_t *geo)
{
    p->geo = geometry_ref(geo);
    p->stones[HEX_BLACK] = bitset_empty();
    p->stones[HEX_WHITE] = bitset_empty();
    p->to_move = HEX_BLACK;
    p->winner = HEX_EMPTY;
    p->swapped = false;
    p->hash = 0;
    p->nmoves = 0;
    reset_union_find(p);
}

void
position_free(position_t *p)
{
    geometry_unref(p->geo);
    p->geo = NULL;
}

void
position_copy(position_t *dst, const position_t *src)
{
    /* Only the live part of the undo stack needs copying. */
    size_t head = offsetof(position_t, undo);
    memcpy(dst, src, head);
    memcpy(dst->undo, src->undo, (size_t)src->nmoves * sizeof src->undo[0]);
    geometry_ref(dst->geo);
}

position_status_t
position_check(const position_t *p, hex_color_t color, int move)
{
    if (move == MOVE_SWAP) {
        if (color != HEX_WHITE || !position_swap_available(p))
            return POSITION_SWAP_NOT_ALLOWED;
        return POSITION_OK;
    }
    if (!geometry_is_cell(p->geo, move))
        return POSITION_NOT_A_MOVE;
    if (position_color_at(p, move) != HEX_EMPTY)
        return POSITION_OCCUPIED;
    return POSITION_OK;
}

const char *
position_status_text(position_status_t s)
{
    switch (s) {
    case POSITION_OK:
        return "legal";
    case POSITION_OCCUPIED:
        return "cell is occupied";
    case POSITION_NOT_A_MOVE:
        return "not a cell of this board";
    case POSITION_SWAP_NOT_ALLOWED:
        return "swap-pieces is only allowed as White's first move, after one black stone";
    case POSITION_BOARD_FULL:
        return "the board is full";
    }
    return "unknown status";
}

static inline uint64_t
to_move_key(hex_color_t c)
{
    return c == HEX_WHITE ? ZOBRIST_WHITE_TO_MOVE : 0;
}

/* Join the groups rooted at a and b (distinct roots), recording the union;
 * returns the root of the joined group. */
static int
join(position_t *p, position_undo_t *u, int a, int b)
{
    if (p->size[a] < p->size[b]) {
        int t = a;
        a = b;
        b = t;
    }
    position_union_t *rec = &u->unions[u->nunions++];
    rec->child = (int16_t)b;
    rec->root = (int16_t)a;
    rec->old_edges = p->edges[a];
    p->parent[b] = (int16_t)a;
    p->size[a] = (int16_t)(p->size[a] + p->size[b]);
    p->edges[a] |= p->edges[b];
    return a;
}

void
position_play(position_t *p, hex_color_t color, int move)
{
    assert(position_check(p, color, move) == POSITION_OK);
    assert(p->nmoves < POSITION_MAX_MOVES);
    position_undo_t *u = &p->undo[p->nmoves++];
    u->hash = p->hash;
    u->move = (int16_t)move;
    u->color = (int8_t)color;
    u->to_move = (int8_t)p->to_move;
    u->winner = (int8_t)p->winner;
    u->nunions = 0;

    if (move == MOVE_SWAP) {
        p->swapped = true;
        p->hash ^= ZOBRIST_SWAPPED ^ to_move_key(p->to_move) ^ to_move_key(HEX_WHITE);
        p->to_move = HEX_WHITE;
        return;
    }

    bitset_set(&p->stones[color], move);
    hex_color_t next = hex_color_other(color);
    p->hash ^= zobrist_key(move, color) ^ to_move_key(p->to_move) ^ to_move_key(next);
    p->to_move = next;

    const geometry_t *g = p->geo;
    const bitset_t *own = &p->stones[color];
    int e1 = geometry_edge1(color), e2 = geometry_edge2(color);
    int root = move;            /* a new stone is its own group */
    for (int i = 0; i < g->nbr_count[move]; i++) {
        int n = g->nbr[move][i];
        bool same = n >= HEX_NORTH ? (n == e1 || n == e2) : bitset_test(own, n);
        if (!same)
            continue;
        int b = position_group(p, n);
        if (b != root)
            root = join(p, u, root, b);
    }
    uint8_t want = winning_mask(color);
    if (p->winner == HEX_EMPTY && (p->edges[root] & want) == want)
        p->winner = color;
#if HEIN_EXTRA_CHECKS
    assert(position_is_consistent(p));
#endif
}

int
position_undo(position_t *p)
{
    if (p->nmoves == 0)
        return MOVE_NONE;
    position_undo_t *u = &p->undo[--p->nmoves];
    for (int i = u->nunions - 1; i >= 0; i--) {
        const position_union_t *rec = &u->unions[i];
        p->parent[rec->child] = rec->child;
        p->size[rec->root] = (int16_t)(p->size[rec->root] - p->size[rec->child]);
        p->edges[rec->root] = rec->old_edges;
    }
    if (u->move == MOVE_SWAP)
        p->swapped = false;
    else
        bitset_reset(&p->stones[u->color], u->move);
    p->hash = u->hash;
    p->to_move = (hex_color_t)u->to_move;
    p->winner = (hex_color_t)u->winner;
    return u->move;
}

void
position_set_to_move(position_t *p, hex_color_t c)
{
    p->hash ^= to_move_key(p->to_move) ^ to_move_key(c);
    p->to_move = c;
}

bitset_t
position_group_cells(const position_t *p, int root)
{
    bitset_t s = bitset_empty();
    bitset_t stones = bitset_or(p->stones[0], p->stones[1]);
    for (int c = bitset_first(&stones); c >= 0; c = bitset_next(&stones, c))
        if (position_group(p, c) == root)
            bitset_set(&s, c);
    return s;
}

/* Cells of colour c reachable from edge e through c's stones, without
 * passing through c's other edge. */
static bitset_t
flood_from_edge(const position_t *p, hex_color_t c, int e)
{
    const geometry_t *g = p->geo;
    bitset_t seen = bitset_and(g->nbrs[e], p->stones[c]);
    bitset_t frontier = seen;
    while (!bitset_is_empty(&frontier)) {
        bitset_t next = bitset_empty();
        for (int x = bitset_first(&frontier); x >= 0; x = bitset_next(&frontier, x))
            next = bitset_or(next, g->nbrs[x]);
        next = bitset_andnot(bitset_and(next, p->stones[c]), seen);
        seen = bitset_or(seen, next);
        frontier = next;
    }
    return seen;
}

/* The stones in the same group as edge e, where groups also join through
 * c's other edge (as the union-find does). */
static bitset_t
component_of_edge(const position_t *p, hex_color_t c, int e)
{
    int other = e == geometry_edge1(c) ? geometry_edge2(c) : geometry_edge1(c);
    bitset_t reach = flood_from_edge(p, c, e);
    if (bitset_intersects(&reach, &p->geo->nbrs[other]))
        reach = bitset_or(reach, flood_from_edge(p, c, other));
    return reach;
}

hex_color_t
position_winner_by_flood(const position_t *p)
{
    for (int c = HEX_BLACK; c <= HEX_WHITE; c++) {
        bitset_t reach = flood_from_edge(p, (hex_color_t)c, geometry_edge1((hex_color_t)c));
        bitset_t other = p->geo->nbrs[geometry_edge2((hex_color_t)c)];
        if (bitset_intersects(&reach, &other))
            return (hex_color_t)c;
    }
    return HEX_EMPTY;
}

bool
position_is_consistent(const position_t *p)
{
    const geometry_t *g = p->geo;
    if (bitset_intersects(&p->stones[0], &p->stones[1]))
        return false;
    bitset_t all = bitset_or(p->stones[0], p->stones[1]);
    if (!bitset_is_subset(&all, &g->cells))
        return false;
    uint64_t h = to_move_key(p->to_move) ^ (p->swapped ? ZOBRIST_SWAPPED : 0);
    for (int c = 0; c < 2; c++)
        for (int x = bitset_first(&p->stones[c]); x >= 0; x = bitset_next(&p->stones[c], x))
            h ^= zobrist_key(x, c);
    if (h != p->hash)
        return false;
    if (position_winner_by_flood(p) != p->winner)
        return false;
    /* Two stones of one colour are in one group iff adjacent chains join
     * them: check every adjacent same-coloured pair shares a root, and
     * every stone's root carries exactly the edges its flood reaches. */
    for (int c = 0; c < 2; c++) {
        hex_color_t col = (hex_color_t)c;
        const bitset_t *own = &p->stones[c];
        for (int x = bitset_first(own); x >= 0; x = bitset_next(own, x)) {
            int rx = position_group(p, x);
            for (int i = 0; i < g->nbr_count[x]; i++) {
                int n = g->nbr[x][i];
                bool same = geometry_is_edge(n)
                    ? (n == geometry_edge1(col) || n == geometry_edge2(col))
                    : bitset_test(own, n);
                if (same && position_group(p, n) != rx)
                    return false;
            }
        }
        for (int k = 0; k < 2; k++) {
            int e = k ? geometry_edge2(col) : geometry_edge1(col);
            bitset_t reach = component_of_edge(p, col, e);
            for (int x = bitset_first(own); x >= 0; x = bitset_next(own, x)) {
                bool joined = position_group(p, x) == position_group(p, e);
                if (joined != bitset_test(&reach, x))
                    return false;
            }
        }
    }
    return true;
}

hex_color_t
position_random_fill(position_t *p, rng_t *rng)
{
    int cells[HEX_MAX_CELLS];
    int n = 0;
    bitset_t empty = position_empty_cells(p);
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c))
        cells[n++] = c;
    hex_color_t color = p->to_move;
    for (int i = n - 1; i >= 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)i + 1);
        int cell = cells[j];
        cells[j] = cells[i];
        position_play(p, color, cell);
        color = hex_color_other(color);
    }
    return p->winner;
}

/* Append formatted text to buf at *len, never past size-1. */
static void
append(char *buf, int size, int *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
append(char *buf, int size, int *len, const char *fmt, ...)
{
    if (*len >= size - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, (size_t)(size - *len), fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = *len + n < size - 1 ? *len + n : size - 1;
}

static void
append_letters(const geometry_t *g, char *buf, int size, int *len, int indent)
{
    append(buf, size, len, "%*s", indent, "");
    for (int c = 0; c < g->width; c++)
        append(buf, size, len, " %c", 'a' + c);
    append(buf, size, len, "\n");
}

int
position_to_text(const position_t *p, char *buf, int size)
{
    return position_to_text_rule(p, true, buf, size);
}

int
position_to_text_rule(const position_t *p, bool swap_rule, char *buf, int size)
{
    const geometry_t *g = p->geo;
    int len = 0;
    if (size <= 0)
        return 0;
    buf[0] = '\0';
    char name[MOVE_NAME_MAX];
    int last = p->nmoves > 0 ? p->undo[p->nmoves - 1].move : MOVE_NONE;
    append(buf, size, &len, "%dx%d, %s to move", g->width, g->height,
           hex_color_name(p->to_move));
    if (last != MOVE_NONE)
        append(buf, size, &len, ", last move %s %s",
               hex_color_name((hex_color_t)p->undo[p->nmoves - 1].color),
               geometry_move_name(g, last, name));
    if (p->swapped)
        append(buf, size, &len, ", swap played");
    else if (swap_rule && position_swap_available(p))
        append(buf, size, &len, ", swap available");
    if (p->winner != HEX_EMPTY)
        append(buf, size, &len, ", %s has won", hex_color_name(p->winner));
    append(buf, size, &len, "\n");
    append_letters(g, buf, size, &len, 2);
    for (int r = 0; r < g->height; r++) {
        append(buf, size, &len, "%*s%2d\\", r, "", r + 1);
        for (int c = 0; c < g->width; c++) {
            int cell = geometry_cell(g, c, r);
            hex_color_t col = position_color_at(p, cell);
            char ch = col == HEX_BLACK ? 'x' : col == HEX_WHITE ? 'o' : '.';
            if (cell == last)
                ch = col == HEX_BLACK ? 'X' : 'O';
            append(buf, size, &len, "%s%c", c ? " " : "", ch);
        }
        append(buf, size, &len, "\\%d\n", r + 1);
    }
    append_letters(g, buf, size, &len, g->height + 1);
    append(buf, size, &len, "x black (north-south), o white (west-east)");
    return len;
}
