/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Combinatorial decompositions (see decomp.h). */
#include "config.h"

#include "board/decomp.h"

/* The cells next to any id of s (cells and edges). */
static bitset_t
around(const geometry_t *g, const bitset_t *s)
{
    bitset_t n = bitset_empty();
    for (int c = bitset_first(s); c >= 0; c = bitset_next(s, c))
        n = bitset_or(n, g->nbrs[c]);
    return n;
}

/* The empty cells of pos that a flood from X's edges other than g1's and
 * g2's never reaches; gcells[i] are the ids (stones, edges) of group i. */
static bitset_t
enclosed(const position_t *pos, hex_color_t x, const bitset_t *g1cells, const bitset_t *g2cells)
{
    const geometry_t *g = pos->geo;
    bitset_t empty = position_empty_cells(pos);
    bitset_t both = bitset_or(*g1cells, *g2cells);
    bitset_t allowed = bitset_andnot(bitset_or(empty, pos->stones[x]), both);
    bitset_t stop = bitset_and(around(g, &both), empty);
    bitset_t seen = bitset_empty();
    int edges[2] = { geometry_edge1(x), geometry_edge2(x) };
    for (int i = 0; i < 2; i++)
        if (!bitset_test(&both, edges[i]))
            seen = bitset_or(seen, bitset_and(g->nbrs[edges[i]], allowed));
    bitset_t front = bitset_andnot(seen, stop);
    while (!bitset_is_empty(&front)) {
        bitset_t next = bitset_andnot(bitset_and(around(g, &front), allowed), seen);
        seen = bitset_or(seen, next);
        front = bitset_andnot(next, stop);
    }
    return bitset_andnot(empty, seen);
}

bool
decomp_find(const position_t *pos, const vc_t *vc, bitset_t *captured)
{
    hex_color_t x = vc_color(vc);
    int e1 = geometry_edge1(x), e2 = geometry_edge2(x);
    *captured = bitset_empty();
    if (pos->winner != HEX_EMPTY || vc_connected_fully(vc))
        return false;
    /* X's groups: roots, and the ids of each */
    int root[HEX_MAX_IDS], nroots = 0;
    bitset_t cells[HEX_MAX_IDS];
    bitset_t xs = pos->stones[x];
    bitset_set(&xs, e1);
    bitset_set(&xs, e2);
    for (int c = bitset_first(&xs); c >= 0; c = bitset_next(&xs, c)) {
        int r = position_group(pos, c), k = 0;
        while (k < nroots && root[k] != r)
            k++;
        if (k == nroots) {
            root[nroots] = r;
            cells[nroots++] = bitset_empty();
        }
        bitset_set(&cells[k], c);
    }
    for (int i = 0; i < nroots; i++)
        for (int j = 0; j < i; j++) {
            bool edge_i = bitset_test(&cells[i], e1) || bitset_test(&cells[i], e2);
            bool edge_j = bitset_test(&cells[j], e1) || bitset_test(&cells[j], e2);
            if (edge_i && edge_j)
                continue;
            const vc_conn_t *l;
            int n = vc_between(vc, root[i], root[j], VC_FULL, &l);
            if (n == 0)
                continue;
            bitset_t area = enclosed(pos, x, &cells[i], &cells[j]);
            if (bitset_is_empty(&area))
                continue;
            for (int k = 0; k < n; k++)
                if (!bitset_is_empty(&l[k].carrier) && bitset_is_subset(&l[k].carrier, &area)) {
                    *captured = l[k].carrier;
                    return true;
                }
        }
    return false;
}
