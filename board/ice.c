/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inferior-cell engine; the arguments are in ice.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "board/ice.h"

/* The graph a colour X sees: nodes are empty cells and the roots of X's
 * groups (X's edges included); Y's stones and edges are gone. */
typedef struct xgraph {
    hex_color_t x;
    bitset_t nodes;
    bitset_t empty;                     /* the empty-cell nodes */
    bitset_t adj[HEX_MAX_IDS];          /* node adjacency */
    bitset_t groups[HEX_MAX_IDS];       /* of an empty cell: X roots it touches */
    int edge1, edge2;                   /* roots of X's edges */
} xgraph_t;

struct ice {
    const pattern_set_t *patterns;
    position_t work;
    bool have_work;
    xgraph_t graph;
};

void
ice_params_init(ice_params_t *prm)
{
    prm->find_three_sided_dead_regions = false;
    prm->iterative_dead_regions = true;
    prm->use_patterns = true;
    prm->find_vulnerable = true;
    prm->find_dominated = true;
}

ice_t *
ice_new(const pattern_set_t *patterns)
{
    ice_t *ice = calloc(1, sizeof *ice);
    if (!ice)
        return NULL;
    ice->patterns = patterns;
    return ice;
}

void
ice_free(ice_t *ice)
{
    if (!ice)
        return;
    if (ice->have_work)
        position_free(&ice->work);
    free(ice);
}

static hex_color_t
edge_owner(int edge)
{
    return edge == HEX_NORTH || edge == HEX_SOUTH ? HEX_BLACK : HEX_WHITE;
}

/* The node of id (a cell or an edge) for colour x, or -1. */
static int
node_of(const position_t *p, hex_color_t x, int id)
{
    if (geometry_is_edge(id))
        return edge_owner(id) == x ? position_group(p, id) : -1;
    hex_color_t c = position_color_at(p, id);
    if (c == HEX_EMPTY)
        return id;
    return c == x ? position_group(p, id) : -1;
}

static bool
is_empty_cell(const position_t *p, int id)
{
    return geometry_is_cell(p->geo, id) && position_color_at(p, id) == HEX_EMPTY;
}

/* X roots an empty cell touches, at most 6. */
static int
touching_groups(const position_t *p, hex_color_t x, int u, int out[6])
{
    int n = 0;
    const geometry_t *g = p->geo;
    for (int i = 0; i < g->nbr_count[u]; i++) {
        int v = node_of(p, x, g->nbr[u][i]);
        if (v < 0 || is_empty_cell(p, v))
            continue;
        bool dup = false;
        for (int j = 0; j < n; j++)
            dup |= out[j] == v;
        if (!dup)
            out[n++] = v;
    }
    return n;
}

/* Whether two distinct nodes are joined for x: adjacent, or two empty
 * cells touching a common X group. */
static bool
joined(const position_t *p, hex_color_t x, int u, int v)
{
    bool ue = is_empty_cell(p, u), ve = is_empty_cell(p, v);
    if (!ue && !ve)
        return false;           /* distinct groups never touch */
    if (!ue) {
        int t = u;
        u = v;
        v = t;
        ve = false;
    }
    /* u is an empty cell */
    if (bitset_test(&p->geo->nbrs[u], v) && ve)
        return true;
    int gu[6], nu = touching_groups(p, x, u, gu);
    for (int i = 0; i < nu; i++)
        if (gu[i] == v)
            return true;
    if (!ve)
        return false;
    int gv[6], nv = touching_groups(p, x, v, gv);
    for (int i = 0; i < nu; i++)
        for (int j = 0; j < nv; j++)
            if (gu[i] == gv[j])
                return true;
    return false;
}

static bool
clique_for(const position_t *p, hex_color_t x, int c)
{
    const geometry_t *g = p->geo;
    int nodes[6], n = 0;
    for (int i = 0; i < g->nbr_count[c]; i++) {
        int v = node_of(p, x, g->nbr[c][i]);
        if (v < 0)
            continue;
        bool dup = false;
        for (int j = 0; j < n; j++)
            dup |= nodes[j] == v;
        if (!dup)
            nodes[n++] = v;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (!joined(p, x, nodes[i], nodes[j]))
                return false;
    return true;
}

bool
ice_clique_dead(const position_t *p, int c)
{
    return clique_for(p, HEX_BLACK, c) || clique_for(p, HEX_WHITE, c);
}

/* ---- clique cut-sets ------------------------------------------------ */

static void
graph_build(xgraph_t *gr, const position_t *p, hex_color_t x)
{
    const geometry_t *g = p->geo;
    gr->x = x;
    gr->nodes = bitset_empty();
    gr->empty = position_empty_cells(p);
    for (int u = bitset_first(&gr->empty); u >= 0; u = bitset_next(&gr->empty, u)) {
        gr->adj[u] = bitset_empty();
        gr->groups[u] = bitset_empty();
    }
    /* clear the rows of every possible root */
    bitset_t own = p->stones[x];
    for (int u = bitset_first(&own); u >= 0; u = bitset_next(&own, u))
        gr->adj[position_group(p, u)] = bitset_empty();
    gr->edge1 = position_group(p, geometry_edge1(x));
    gr->edge2 = position_group(p, geometry_edge2(x));
    gr->adj[gr->edge1] = bitset_empty();
    gr->adj[gr->edge2] = bitset_empty();
    gr->nodes = gr->empty;
    bitset_set(&gr->nodes, gr->edge1);
    bitset_set(&gr->nodes, gr->edge2);
    for (int u = bitset_first(&own); u >= 0; u = bitset_next(&own, u))
        bitset_set(&gr->nodes, position_group(p, u));
    for (int u = bitset_first(&gr->empty); u >= 0; u = bitset_next(&gr->empty, u)) {
        for (int i = 0; i < g->nbr_count[u]; i++) {
            int v = node_of(p, x, g->nbr[u][i]);
            if (v < 0)
                continue;
            bitset_set(&gr->adj[u], v);
            bitset_set(&gr->adj[v], u);
            if (!bitset_test(&gr->empty, v))
                bitset_set(&gr->groups[u], v);
        }
    }
}

static bool
graph_joined(const xgraph_t *gr, int u, int v)
{
    if (bitset_test(&gr->adj[u], v))
        return true;
    return bitset_test(&gr->empty, u) && bitset_test(&gr->empty, v)
        && bitset_intersects(&gr->groups[u], &gr->groups[v]);
}

/* The components of the graph without the nodes in `seen`, reached from
 * `starts`: the empty cells of each one that holds neither of the
 * colour's edges are added to *dead. */
static void
edgeless_components(const xgraph_t *gr, const bitset_t *starts, bitset_t seen,
                    bitset_t *dead)
{
    for (int s = bitset_first(starts); s >= 0; s = bitset_next(starts, s)) {
        if (bitset_test(&seen, s))
            continue;
        bitset_t comp = bitset_empty(), frontier = bitset_empty();
        bitset_set(&comp, s);
        bitset_set(&frontier, s);
        bitset_set(&seen, s);
        while (!bitset_is_empty(&frontier)) {
            bitset_t next = bitset_empty();
            for (int u = bitset_first(&frontier); u >= 0; u = bitset_next(&frontier, u))
                next = bitset_or(next, gr->adj[u]);
            next = bitset_andnot(next, seen);
            seen = bitset_or(seen, next);
            comp = bitset_or(comp, next);
            frontier = next;
        }
        if (!bitset_test(&comp, gr->edge1) && !bitset_test(&comp, gr->edge2))
            *dead = bitset_or(*dead, bitset_and(comp, gr->empty));
    }
}

/* Remove K from the graph; add to *dead the empty cells of every component
 * next to K that holds neither edge of X. */
static void
graph_cut(const xgraph_t *gr, const bitset_t *k, bitset_t *dead)
{
    bitset_t starts = bitset_empty();
    for (int u = bitset_first(k); u >= 0; u = bitset_next(k, u))
        starts = bitset_or(starts, gr->adj[u]);
    starts = bitset_andnot(starts, *k);
    edgeless_components(gr, &starts, *k, dead);
}

/* Dead cells by clique cut-sets of up to `maxk` nodes, for colour x. */
static bitset_t
cutset_dead(xgraph_t *gr, const position_t *p, hex_color_t x, int maxk)
{
    graph_build(gr, p, x);
    bitset_t dead = bitset_empty();
    /* K empty: components without edges */
    bitset_t all = gr->nodes;
    edgeless_components(gr, &all, bitset_empty(), &dead);
    for (int a = bitset_first(&all); a >= 0; a = bitset_next(&all, a)) {
        bitset_t k = bitset_empty();
        bitset_set(&k, a);
        graph_cut(gr, &k, &dead);
        if (maxk < 2)
            continue;
        for (int b = bitset_next(&all, a); b >= 0; b = bitset_next(&all, b)) {
            if (!graph_joined(gr, a, b))
                continue;
            bitset_t k2 = k;
            bitset_set(&k2, b);
            graph_cut(gr, &k2, &dead);
            if (maxk < 3)
                continue;
            for (int c = bitset_next(&all, b); c >= 0; c = bitset_next(&all, c)) {
                if (!graph_joined(gr, a, c) || !graph_joined(gr, b, c))
                    continue;
                bitset_t k3 = k2;
                bitset_set(&k3, c);
                graph_cut(gr, &k3, &dead);
            }
        }
    }
    return dead;
}

/* ---- fill-in -------------------------------------------------------- */

/* Empty cells within distance two of c, c excluded. */
static bitset_t
near_cells(const position_t *p, int c)
{
    const geometry_t *g = p->geo;
    bitset_t s = bitset_and(g->nbrs[c], g->cells);
    bitset_t ring = s;
    for (int u = bitset_first(&ring); u >= 0; u = bitset_next(&ring, u))
        s = bitset_or(s, g->nbrs[u]);
    s = bitset_and(s, position_empty_cells(p));
    bitset_reset(&s, c);
    return s;
}

static void
fill(ice_t *ice, ice_result_t *r, int c, hex_color_t color)
{
    position_play(&ice->work, color, c);
    bitset_set(&r->filled[color], c);
}

/* Dead by the clique rule: filled one by one (the rule is monotone). */
static bool
round_clique(ice_t *ice, ice_result_t *r)
{
    bool changed = false;
    bitset_t empty = position_empty_cells(&ice->work);
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        if (ice->work.winner != HEX_EMPTY)
            break;
        if (ice_clique_dead(&ice->work, c)) {
            bitset_set(&r->dead, c);
            fill(ice, r, c, r->to_move);
            changed = true;
        }
    }
    return changed;
}

static bool
round_cutsets(ice_t *ice, const ice_params_t *prm, ice_result_t *r)
{
    int maxk = prm->find_three_sided_dead_regions ? 3 : 2;
    bitset_t dead = bitset_empty();
    for (int x = 0; x < 2; x++)
        dead = bitset_or(dead, cutset_dead(&ice->graph, &ice->work, (hex_color_t)x, maxk));
    bool changed = false;
    for (int c = bitset_first(&dead); c >= 0; c = bitset_next(&dead, c)) {
        if (ice->work.winner != HEX_EMPTY)
            break;
        bitset_set(&r->dead, c);
        fill(ice, r, c, r->to_move);
        changed = true;
    }
    return changed;
}

static bool
dead_given(ice_t *ice, int c, hex_color_t color, int at)
{
    position_play(&ice->work, color, at);
    bool d = ice_clique_dead(&ice->work, c);
    position_undo(&ice->work);
    return d;
}

static bool
round_pairs(ice_t *ice, ice_result_t *r)
{
    bool changed = false;
    bitset_t empty = position_empty_cells(&ice->work);
    for (int a = bitset_first(&empty); a >= 0; a = bitset_next(&empty, a)) {
        for (int k = 0; k < 2; k++) {
            hex_color_t x = k == 0 ? r->to_move : hex_color_other(r->to_move);
            if (ice->work.winner != HEX_EMPTY || !is_empty_cell(&ice->work, a))
                break;
            bitset_t near = near_cells(&ice->work, a);
            for (int b = bitset_first(&near); b >= 0; b = bitset_next(&near, b)) {
                if (dead_given(ice, a, x, b) && dead_given(ice, b, x, a)) {
                    bitset_set(&r->captured[x], a);
                    bitset_set(&r->captured[x], b);
                    fill(ice, r, a, x);
                    if (ice->work.winner == HEX_EMPTY)
                        fill(ice, r, b, x);
                    else
                        bitset_reset(&r->captured[x], b);
                    changed = true;
                    break;
                }
            }
        }
    }
    return changed;
}

/* Patterns of one kind, colour x, anchored on the empty cell c: the first
 * match, with its board ids. */
static const pattern_t *
match_any(const ice_t *ice, pattern_kind_t kind, const position_t *p, hex_color_t x,
          int c, int ids[PATTERN_MAX_CELLS], const pattern_t *after)
{
    const pattern_set_t *s = ice->patterns;
    if (!s)
        return NULL;
    int start = after ? (int)(after - s->expanded) + 1 : 0;
    for (int i = start; i < s->nexpanded; i++) {
        const pattern_t *pat = &s->expanded[i];
        if (pat->kind == kind && pattern_match(pat, p, x, c, ids))
            return pat;
    }
    return NULL;
}

static bool
round_patterns(ice_t *ice, ice_result_t *r)
{
    bool changed = false;
    int ids[PATTERN_MAX_CELLS];
    bitset_t empty = position_empty_cells(&ice->work);
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        for (int k = 0; k < 2; k++) {
            hex_color_t x = k == 0 ? r->to_move : hex_color_other(r->to_move);
            if (ice->work.winner != HEX_EMPTY || !is_empty_cell(&ice->work, c))
                break;
            if (match_any(ice, PATTERN_DEAD, &ice->work, x, c, ids, NULL)) {
                bitset_set(&r->dead, c);
                fill(ice, r, c, r->to_move);
                changed = true;
                break;
            }
            const pattern_t *pat = match_any(ice, PATTERN_CAPTURED, &ice->work, x, c, ids, NULL);
            if (pat) {
                for (int i = 0; i < pat->ncells; i++) {
                    if (pat->cells[i].sym != PSYM_SUBJECT || ice->work.winner != HEX_EMPTY)
                        continue;
                    bitset_set(&r->captured[x], ids[i]);
                    fill(ice, r, ids[i], x);
                }
                changed = true;
                break;
            }
        }
    }
    return changed;
}

/* ---- vulnerable and dominated --------------------------------------- */

static void
find_vulnerable(ice_t *ice, const ice_params_t *prm, ice_result_t *r)
{
    hex_color_t z = r->to_move, y = hex_color_other(z);
    position_t *w = &ice->work;
    bitset_t empty = position_empty_cells(w);
    int ids[PATTERN_MAX_CELLS];
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        bitset_t near = near_cells(w, c);
        for (int k = bitset_first(&near); k >= 0; k = bitset_next(&near, k))
            if (dead_given(ice, c, y, k))
                bitset_set(&r->killers[c], k);
        if (prm->use_patterns) {
            const pattern_t *pat = NULL;
            while ((pat = match_any(ice, PATTERN_VULNERABLE, w, z, c, ids, pat)))
                for (int i = 0; i < pat->ncells; i++)
                    if (pat->cells[i].sym == PSYM_OTHER)
                        bitset_set(&r->killers[c], ids[i]);
        }
        if (!bitset_is_empty(&r->killers[c]))
            bitset_set(&r->vulnerable, c);
    }
}

static void
find_dominated(ice_t *ice, ice_result_t *r)
{
    hex_color_t z = r->to_move;
    position_t *w = &ice->work;
    bitset_t empty = bitset_andnot(position_empty_cells(w), r->vulnerable);
    int ids[PATTERN_MAX_CELLS];
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        const pattern_t *pat = NULL;
        while ((pat = match_any(ice, PATTERN_DOMINATED, w, z, c, ids, pat))) {
            int d = -1;
            for (int i = 0; i < pat->ncells; i++)
                if (pat->cells[i].sym == PSYM_OTHER)
                    d = ids[i];
            /* keep chains of dominators acyclic: d must be kept */
            if (d >= 0 && !bitset_test(&r->vulnerable, d) && !bitset_test(&r->dominated, d)) {
                bitset_set(&r->dominated, c);
                r->dominator[c] = (int16_t)d;
                break;
            }
        }
    }
}

/* ---- the whole computation ------------------------------------------ */

void
ice_compute(ice_t *ice, const ice_params_t *prm, const position_t *p,
            hex_color_t to_move, ice_result_t *r)
{
    memset(r, 0, sizeof *r);
    r->to_move = to_move;
    r->decided = p->winner;
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        r->dominator[i] = -1;
    if (ice->have_work)
        position_free(&ice->work);
    position_copy(&ice->work, p);
    ice->have_work = true;
    if (p->winner != HEX_EMPTY)
        return;
    bool first = true;
    bool patterns = prm->use_patterns && ice->patterns;
    for (;;) {
        bool changed = round_clique(ice, r);
        if (ice->work.winner == HEX_EMPTY && (first || prm->iterative_dead_regions))
            changed |= round_cutsets(ice, prm, r);
        if (ice->work.winner == HEX_EMPTY)
            changed |= round_pairs(ice, r);
        if (ice->work.winner == HEX_EMPTY && patterns)
            changed |= round_patterns(ice, r);
        first = false;
        if (!changed || ice->work.winner != HEX_EMPTY)
            break;
    }
    r->decided = ice->work.winner;
    /* a cell both dead and captured cannot happen: each is filled once */
    if (r->decided == HEX_EMPTY) {
        if (prm->find_vulnerable)
            find_vulnerable(ice, prm, r);
        if (prm->find_dominated && patterns)
            find_dominated(ice, r);
    }
    r->inferior = bitset_or(bitset_or(r->filled[0], r->filled[1]),
                            bitset_or(r->vulnerable, r->dominated));
}

void
ice_filled_position(const ice_result_t *r, const position_t *p, position_t *dst)
{
    position_copy(dst, p);
    for (int x = 0; x < 2; x++) {
        bitset_t s = r->filled[x];
        for (int c = bitset_first(&s); c >= 0; c = bitset_next(&s, c))
            position_play(dst, (hex_color_t)x, c);
    }
    position_set_to_move(dst, r->to_move);
}
