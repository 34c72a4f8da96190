/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inferior-cell engine; the arguments are in ice.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "board/ice.h"

/* The graph a colour X sees: nodes are empty cells and the roots of X's
 * groups (X's edges included); Y's stones and edges are gone.  The nodes
 * are numbered 0 .. n-1 in the order of their ids, and every node set
 * below is over these numbers: it fits in the first nw words. */
typedef struct xgraph {
    hex_color_t x;
    int n, nw;
    int16_t id[HEX_MAX_IDS];            /* the cell or root of each node */
    int16_t index[HEX_MAX_IDS];         /* the node of a cell or root */
    bitset_t empty;                     /* the empty-cell nodes */
    bitset_t adj[HEX_MAX_IDS];          /* node adjacency */
    bitset_t groups[HEX_MAX_IDS];       /* of an empty cell: X roots it touches */
    int edge1, edge2;                   /* the nodes of X's edge roots */
    /* adjacency lists: node i's neighbours are nb[off[i] .. off[i+1]-1]
     * (every link has an empty cell at one end, at most six per cell,
     * each listed from both ends) */
    int off[HEX_MAX_IDS + 1];
    int16_t nb[12 * HEX_MAX_CELLS];
    /* depth-first search (cut_pairs): preorder number (-1: not reached),
     * low point, whether the subtree holds the far edge, the next list
     * position to look at, the nodes in preorder, the stack */
    int16_t disc[HEX_MAX_IDS], low[HEX_MAX_IDS];
    bool far[HEX_MAX_IDS];
    int it[HEX_MAX_IDS];
    int16_t order[HEX_MAX_IDS], stack[HEX_MAX_IDS];
} xgraph_t;

/* What match_any needs of an expanded pattern to reject it cheaply. */
typedef struct pattern_info {
    int edge_probe;             /* a cell that must lie off the board (an
                                 * edge symbol), or -1 */
    int min_dc, max_dc, min_dr, max_dr; /* the box of the cells that must
                                         * lie on the board */
    int next;                   /* the next pattern of the same kind, or
                                 * nexpanded */
} pattern_info_t;

struct ice {
    const pattern_set_t *patterns;
    pattern_info_t *info;       /* per expanded pattern */
    int first[PATTERN_KINDS];   /* the first pattern of each kind, or
                                 * nexpanded */
    position_t work;
    bool have_work;
    xgraph_t graph;
    /* The X roots each empty cell of `work` touches, computed when first
     * asked (touching_memo) and forgotten whenever a fill changes the
     * board (fill, ice_fill); the temporary moves of dead_given and
     * dead_after_capture are undone before it is asked again. */
    bitset_t tg_known[2];
    int8_t tg_n[2][HEX_MAX_CELLS];
    int tg_g[2][HEX_MAX_CELLS][6];
};

void
ice_params_init(ice_params_t *prm)
{
    prm->find_dead_region_pairs = true;
    prm->reverser_need = 2;
    prm->pair_reach = 2;
    prm->find_three_sided_dead_regions = false;
    prm->iterative_dead_regions = false;
    prm->use_patterns = true;
    prm->find_vulnerable = true;
    prm->find_reversible = true;
    prm->find_dominated = true;
    prm->find_neighbour_dominated = true;
    prm->use_decompositions = true;
    prm->use_symmetry = true;
}

ice_t *
ice_new(const pattern_set_t *patterns)
{
    ice_t *ice = calloc(1, sizeof *ice);
    if (!ice)
        return NULL;
    ice->patterns = patterns;
    if (patterns && patterns->nexpanded > 0) {
        int n = patterns->nexpanded;
        ice->info = malloc((size_t)n * sizeof *ice->info);
        if (!ice->info) {
            free(ice);
            return NULL;
        }
        for (int k = 0; k < PATTERN_KINDS; k++)
            ice->first[k] = n;
        /* backwards, to chain each pattern to the next of its kind */
        for (int i = n - 1; i >= 0; i--) {
            const pattern_t *pat = &patterns->expanded[i];
            pattern_info_t *in = &ice->info[i];
            in->edge_probe = -1;
            in->min_dc = in->max_dc = in->min_dr = in->max_dr = 0;
            for (int j = 0; j < pat->ncells; j++) {
                const pattern_cell_t *pc = &pat->cells[j];
                if (pc->sym == PSYM_OWN_EDGE || pc->sym == PSYM_OPP_EDGE) {
                    if (in->edge_probe < 0)
                        in->edge_probe = j;
                    continue;
                }
                in->min_dc = pc->dc < in->min_dc ? pc->dc : in->min_dc;
                in->max_dc = pc->dc > in->max_dc ? pc->dc : in->max_dc;
                in->min_dr = pc->dr < in->min_dr ? pc->dr : in->min_dr;
                in->max_dr = pc->dr > in->max_dr ? pc->dr : in->max_dr;
            }
            in->next = n;
            if ((unsigned)pat->kind < PATTERN_KINDS) {
                in->next = ice->first[pat->kind];
                ice->first[pat->kind] = i;
            }
        }
    }
    return ice;
}

void
ice_free(ice_t *ice)
{
    if (!ice)
        return;
    if (ice->have_work)
        position_free(&ice->work);
    free(ice->info);
    free(ice);
}

static hex_color_t
edge_owner(int edge)
{
    return edge == HEX_NORTH || edge == HEX_SOUTH ? HEX_BLACK : HEX_WHITE;
}

/* The node of id (a cell of the board or an edge) for colour x, or -1;
 * *empty tells whether it is an empty cell (the node is then id). */
static inline int
node_of(const position_t *p, hex_color_t x, int id, bool *empty)
{
    *empty = false;
    if (geometry_is_edge(id))
        return edge_owner(id) == x ? position_group(p, id) : -1;
    if (bitset_test(&p->stones[x], id))
        return position_group(p, id);
    if (bitset_test(&p->stones[hex_color_other(x)], id))
        return -1;
    *empty = true;
    return id;
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
    const bitset_t *own = &p->stones[x];
    for (int i = 0; i < g->nbr_count[u]; i++) {
        int id = g->nbr[u][i];
        if (geometry_is_edge(id) ? edge_owner(id) != x : !bitset_test(own, id))
            continue;
        int v = position_group(p, id);
        bool dup = false;
        for (int j = 0; j < n; j++)
            dup |= out[j] == v;
        if (!dup)
            out[n++] = v;
    }
    return n;
}

/* c's X-neighbours for the clique rule, with the X groups each empty one
 * touches, computed when first needed. */
typedef struct clique_nodes {
    int n;
    int node[6];
    bool empty[6];
    int ngroups[6];             /* -1 until computed */
    int groups[6][6];
} clique_nodes_t;

static const int *
node_groups(const position_t *p, hex_color_t x, clique_nodes_t *cn, int i, int *n)
{
    if (cn->ngroups[i] < 0)
        cn->ngroups[i] = touching_groups(p, x, cn->node[i], cn->groups[i]);
    *n = cn->ngroups[i];
    return cn->groups[i];
}

/* Whether nodes i and j (distinct) are joined for x: adjacent empty cells,
 * an empty cell touching the group, or two empty cells touching a common X
 * group.  Two distinct groups never touch. */
static bool
joined(const position_t *p, hex_color_t x, clique_nodes_t *cn, int i, int j)
{
    if (!cn->empty[i] && !cn->empty[j])
        return false;
    if (!cn->empty[i]) {
        int t = i;
        i = j;
        j = t;
    }
    /* i is an empty cell */
    int u = cn->node[i], v = cn->node[j];
    if (cn->empty[j] && bitset_test(&p->geo->nbrs[u], v))
        return true;
    int nu, nv;
    const int *gu = node_groups(p, x, cn, i, &nu);
    if (!cn->empty[j]) {
        for (int a = 0; a < nu; a++)
            if (gu[a] == v)
                return true;
        return false;
    }
    if (nu == 0)
        return false;
    const int *gv = node_groups(p, x, cn, j, &nv);
    for (int a = 0; a < nu; a++)
        for (int b = 0; b < nv; b++)
            if (gu[a] == gv[b])
                return true;
    return false;
}

static void
clique_nodes(const position_t *p, hex_color_t x, int c, clique_nodes_t *cn)
{
    const geometry_t *g = p->geo;
    cn->n = 0;
    for (int i = 0; i < g->nbr_count[c]; i++) {
        bool empty;
        int v = node_of(p, x, g->nbr[c][i], &empty);
        if (v < 0)
            continue;
        bool dup = false;
        for (int j = 0; j < cn->n; j++)
            dup |= cn->node[j] == v;
        if (!dup) {
            cn->node[cn->n] = v;
            cn->empty[cn->n] = empty;
            cn->ngroups[cn->n] = -1;
            cn->n++;
        }
    }
}

static bool
clique_for(const position_t *p, hex_color_t x, int c)
{
    clique_nodes_t cn;
    clique_nodes(p, x, c, &cn);
    for (int i = 0; i < cn.n; i++)
        for (int j = i + 1; j < cn.n; j++)
            if (!joined(p, x, &cn, i, j))
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
    bitset_t empty = position_empty_cells(p);
    bitset_t ids = empty;
    bitset_t own = p->stones[x];
    for (int u = bitset_first(&own); u >= 0; u = bitset_next(&own, u))
        bitset_set(&ids, position_group(p, u));
    int e1 = position_group(p, geometry_edge1(x));
    int e2 = position_group(p, geometry_edge2(x));
    bitset_set(&ids, e1);
    bitset_set(&ids, e2);
    gr->n = 0;
    for (int u = bitset_first(&ids); u >= 0; u = bitset_next(&ids, u)) {
        gr->id[gr->n] = (int16_t)u;
        gr->index[u] = (int16_t)gr->n;
        gr->n++;
    }
    gr->nw = bitset_words_for(gr->n);
    gr->edge1 = gr->index[e1];
    gr->edge2 = gr->index[e2];
    gr->empty = bitset_empty();
    for (int i = 0; i < gr->n; i++) {
        gr->adj[i] = bitset_empty();
        gr->groups[i] = bitset_empty();
        if (bitset_test(&empty, gr->id[i]))
            bitset_set(&gr->empty, i);
    }
    for (int i = bitset_next_from_n(&gr->empty, 0, gr->nw); i >= 0;
         i = bitset_next_from_n(&gr->empty, i + 1, gr->nw)) {
        int u = gr->id[i];
        for (int k = 0; k < g->nbr_count[u]; k++) {
            bool v_empty;
            int v = node_of(p, x, g->nbr[u][k], &v_empty);
            if (v < 0)
                continue;
            int j = gr->index[v];
            bitset_set(&gr->adj[i], j);
            bitset_set(&gr->adj[j], i);
            if (!v_empty)
                bitset_set(&gr->groups[i], j);
        }
    }
}

static bool
graph_joined(const xgraph_t *gr, int u, int v)
{
    if (bitset_test(&gr->adj[u], v))
        return true;
    return bitset_test(&gr->empty, u) && bitset_test(&gr->empty, v)
        && bitset_intersects_n(&gr->groups[u], &gr->groups[v], gr->nw);
}

/* The components of the graph without the nodes in `seen`, reached from
 * `starts`: the empty nodes of each one that holds neither of the
 * colour's edges are added to *dead.  A component known to hold an edge
 * is explored no further once every start has been reached: nothing of
 * it is added, and no other component is left to find. */
static void
edgeless_components(const xgraph_t *gr, const bitset_t *starts, bitset_t seen,
                    bitset_t *dead)
{
    int nw = gr->nw;
    for (int s = bitset_next_from_n(starts, 0, nw); s >= 0;
         s = bitset_next_from_n(starts, s + 1, nw)) {
        if (bitset_test(&seen, s))
            continue;
        bitset_t comp = bitset_empty(), frontier = bitset_empty();
        bitset_set(&comp, s);
        bitset_set(&frontier, s);
        bitset_set(&seen, s);
        bool has_edge = s == gr->edge1 || s == gr->edge2;
        while (!bitset_is_empty_n(&frontier, nw)) {
            bitset_t next = bitset_empty();
            for (int u = bitset_next_from_n(&frontier, 0, nw); u >= 0;
                 u = bitset_next_from_n(&frontier, u + 1, nw))
                next = bitset_or_n(next, &gr->adj[u], nw);
            next = bitset_andnot_n(next, &seen, nw);
            seen = bitset_or_n(seen, &next, nw);
            comp = bitset_or_n(comp, &next, nw);
            frontier = next;
            has_edge = has_edge || bitset_test(&next, gr->edge1) || bitset_test(&next, gr->edge2);
            if (has_edge && bitset_is_subset_n(starts, &seen, nw))
                return;
        }
        if (!bitset_test(&comp, gr->edge1) && !bitset_test(&comp, gr->edge2))
            *dead = bitset_or_n(*dead, &comp, nw);
    }
}

/* Remove K from the graph; add to *dead the nodes of every component next
 * to K that holds neither edge of X. */
static void
graph_cut(const xgraph_t *gr, const bitset_t *k, bitset_t *dead)
{
    int nw = gr->nw;
    bitset_t starts = bitset_empty();
    for (int u = bitset_next_from_n(k, 0, nw); u >= 0; u = bitset_next_from_n(k, u + 1, nw))
        starts = bitset_or_n(starts, &gr->adj[u], nw);
    starts = bitset_andnot_n(starts, k, nw);
    edgeless_components(gr, &starts, *k, dead);
}

/* The adjacency lists of gr, from its sets. */
static void
graph_lists(xgraph_t *gr)
{
    int k = 0;
    for (int i = 0; i < gr->n; i++) {
        gr->off[i] = k;
        for (int j = bitset_next_from_n(&gr->adj[i], 0, gr->nw); j >= 0;
             j = bitset_next_from_n(&gr->adj[i], j + 1, gr->nw))
            gr->nb[k++] = (int16_t)j;
    }
    gr->off[gr->n] = k;
}

/* A depth-first search of the graph without node a (-1: of the whole
 * graph), from the edge node r (`far`: the other edge node, or -1 when it
 * lies in another part).  Removing a node p cuts the subtree below a child
 * u of p off from the rest exactly when no node of it reaches above p
 * (low[u] >= disc[p]; for the root, every child's subtree): with K = {a,
 * p}, a and p joined (K = {p} without a), the subtree is a component of
 * the graph without K; it is added to *dead when it holds neither edge (r
 * is above it; `far` is checked). */
static void
cut_search(xgraph_t *gr, int a, int r, int far, int *t, bitset_t *dead)
{
    int sp = 0;
    gr->disc[r] = gr->low[r] = (int16_t)*t;
    gr->order[(*t)++] = (int16_t)r;
    gr->far[r] = r == far;
    gr->it[r] = gr->off[r];
    gr->stack[sp++] = (int16_t)r;
    while (sp > 0) {
        int u = gr->stack[sp - 1];
        if (gr->it[u] < gr->off[u + 1]) {
            int v = gr->nb[gr->it[u]++];
            if (v == a)
                continue;
            if (gr->disc[v] < 0) {
                gr->disc[v] = gr->low[v] = (int16_t)*t;
                gr->order[(*t)++] = (int16_t)v;
                gr->far[v] = v == far;
                gr->it[v] = gr->off[v];
                gr->stack[sp++] = (int16_t)v;
            } else if (gr->disc[v] < gr->low[u]) {
                gr->low[u] = gr->disc[v];
            }
            continue;
        }
        sp--;
        if (sp == 0)
            break;
        int p = gr->stack[sp - 1];
        if (gr->low[u] < gr->low[p])
            gr->low[p] = gr->low[u];
        if (!gr->far[u] && gr->low[u] >= gr->disc[p] && (a < 0 || graph_joined(gr, a, p)))
            for (int k = gr->disc[u]; k < *t; k++)
                bitset_set(dead, gr->order[k]);
        gr->far[p] = gr->far[p] || gr->far[u];
    }
}

/* The cut-sets {a} and {a, b} (b joined to a) for one node a: the
 * components of the graph without a that hold neither edge, and the
 * parts that removing a joined b as well cuts off from both edges.  With
 * a = -1: the cut-sets of one node, every one of them, in one search. */
static void
cut_pairs(xgraph_t *gr, int a, bitset_t *dead)
{
    int n = gr->n, t = 0;
    for (int i = 0; i < n; i++)
        gr->disc[i] = -1;
    if (a != gr->edge1)
        cut_search(gr, a, gr->edge1, gr->edge2 == a ? -1 : gr->edge2, &t, dead);
    if (a != gr->edge2 && gr->disc[gr->edge2] < 0)
        cut_search(gr, a, gr->edge2, -1, &t, dead);
    for (int i = 0; i < n; i++)
        if (i != a && gr->disc[i] < 0)
            bitset_set(dead, i);
}

/* Dead cells by clique cut-sets of one, two or, when maxk is 3, three
 * nodes, for colour x: every set K of at most maxk pairwise joined nodes,
 * and every component of the graph without K that holds neither of X's
 * edges.  For one node, one depth-first search; for two, one per node
 * (cut_pairs); three (an option) are tried one by one. */
static bitset_t
cutset_dead(xgraph_t *gr, const position_t *p, hex_color_t x, int maxk)
{
    graph_build(gr, p, x);
    int n = gr->n;
    bitset_t dead = bitset_empty();
    /* K empty: components without edges */
    bitset_t all = bitset_range(n);
    edgeless_components(gr, &all, bitset_empty(), &dead);
    graph_lists(gr);
    if (maxk == 1)
        cut_pairs(gr, -1, &dead);
    for (int a = 0; a < n && maxk >= 2; a++)
        cut_pairs(gr, a, &dead);
    for (int a = 0; a < n && maxk >= 3; a++) {
        for (int b = a + 1; b < n; b++) {
            if (!graph_joined(gr, a, b))
                continue;
            for (int c = b + 1; c < n; c++) {
                if (!graph_joined(gr, a, c) || !graph_joined(gr, b, c))
                    continue;
                bitset_t k3 = bitset_empty();
                bitset_set(&k3, a);
                bitset_set(&k3, b);
                bitset_set(&k3, c);
                graph_cut(gr, &k3, &dead);
            }
        }
    }
    /* the empty nodes found, as cells */
    dead = bitset_and_n(dead, &gr->empty, gr->nw);
    bitset_t cells = bitset_empty();
    for (int i = bitset_next_from_n(&dead, 0, gr->nw); i >= 0;
         i = bitset_next_from_n(&dead, i + 1, gr->nw))
        bitset_set(&cells, gr->id[i]);
    return cells;
}

/* ---- fill-in -------------------------------------------------------- */

/* Empty cells next to c. */
static bitset_t
adjacent_empty(const position_t *p, int c)
{
    return bitset_and(p->geo->nbrs[c], position_empty_cells(p));
}

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
touching_forget(ice_t *ice)
{
    ice->tg_known[0] = ice->tg_known[1] = bitset_empty();
}

/* touching_groups on ice->work, remembered until the next fill. */
static int
touching_memo(ice_t *ice, hex_color_t x, int u, const int **out)
{
    if (!bitset_test(&ice->tg_known[x], u)) {
        ice->tg_n[x][u] = (int8_t)touching_groups(&ice->work, x, u, ice->tg_g[x][u]);
        bitset_set(&ice->tg_known[x], u);
    }
    *out = ice->tg_g[x][u];
    return ice->tg_n[x][u];
}

static void
fill(ice_t *ice, ice_result_t *r, int c, hex_color_t color)
{
    touching_forget(ice);
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
    int maxk = !prm->find_dead_region_pairs ? 1 : prm->find_three_sided_dead_regions ? 3 : 2;
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

/* c's clique views (one per colour), to tell cheaply that one more stone
 * cannot make c clique-dead, before dead_given plays it.  For colour x:
 * c's nodes, the X groups each empty node touches, and the pairs of nodes
 * not joined. */
typedef struct cview {
    int n;
    int node[6];
    bool empty[6];
    int ngroups[6];
    int groups[6][6];
    unsigned conflict[6];
} cview_t;

static void
cview_build(const position_t *p, hex_color_t x, int c, cview_t *v)
{
    clique_nodes_t cn;
    clique_nodes(p, x, c, &cn);
    v->n = cn.n;
    for (int i = 0; i < cn.n; i++) {
        v->node[i] = cn.node[i];
        v->empty[i] = cn.empty[i];
        v->conflict[i] = 0;
        v->ngroups[i] = 0;
        if (cn.empty[i]) {
            int k;
            const int *g = node_groups(p, x, &cn, i, &k);
            memcpy(v->groups[i], g, (size_t)k * sizeof *g);
            v->ngroups[i] = k;
        }
    }
    for (int i = 0; i < cn.n; i++)
        for (int j = i + 1; j < cn.n; j++)
            if (!joined(p, x, &cn, i, j)) {
                v->conflict[i] |= 1u << j;
                v->conflict[j] |= 1u << i;
            }
}

/* False when c (views v, on p) is certainly not clique-dead once colour s
 * holds the empty cell b; true when it may be.  For the other colour the
 * stone only takes node b away, so every pair not joined must involve b.
 * For s, a pair not joined becomes joined only through the new group G
 * (b and the S groups it touches): both nodes must touch G or be part of
 * it, that is, be b, or an empty cell next to b or touching a group next
 * to b, or a group next to b. */
static bool
may_die_given_with(const position_t *p, const cview_t v[2], hex_color_t s, int b,
                   const int *gb, int ngb)
{
    const cview_t *o = &v[hex_color_other(s)];
    unsigned bbit = 0;
    for (int i = 0; i < o->n; i++)
        if (o->empty[i] && o->node[i] == b)
            bbit = 1u << i;
    bool ok = true;
    for (int i = 0; i < o->n && ok; i++)
        if (!(bbit >> i & 1) && (o->conflict[i] & ~bbit))
            ok = false;
    if (ok)
        return true;
    const cview_t *x = &v[s];
    unsigned touch = 0;
    for (int i = 0; i < x->n; i++) {
        bool t = false;
        if (x->empty[i]) {
            t = x->node[i] == b || bitset_test(&p->geo->nbrs[b], x->node[i]);
            for (int a = 0; a < x->ngroups[i] && !t; a++)
                for (int k = 0; k < ngb && !t; k++)
                    t = x->groups[i][a] == gb[k];
        } else {
            for (int k = 0; k < ngb && !t; k++)
                t = x->node[i] == gb[k];
        }
        touch |= (unsigned)t << i;
    }
    for (int i = 0; i < x->n; i++)
        if (x->conflict[i] && (!(touch >> i & 1) || (x->conflict[i] & ~touch)))
            return false;
    return true;
}

static bool
may_die_given(const position_t *p, const cview_t v[2], hex_color_t s, int b)
{
    int gb[6];
    int ngb = touching_groups(p, s, b, gb);
    return may_die_given_with(p, v, s, b, gb, ngb);
}

/* The same on ice->work as it stands, the groups remembered. */
static bool
may_die_given_memo(ice_t *ice, const cview_t v[2], hex_color_t s, int b)
{
    const int *gb;
    int ngb = touching_memo(ice, s, b, &gb);
    return may_die_given_with(&ice->work, v, s, b, gb, ngb);
}

static void
cviews_build(const position_t *p, int c, cview_t v[2])
{
    cview_build(p, HEX_BLACK, c, &v[HEX_BLACK]);
    cview_build(p, HEX_WHITE, c, &v[HEX_WHITE]);
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
round_pairs(ice_t *ice, const ice_params_t *prm, ice_result_t *r)
{
    bool changed = false;
    bitset_t empty = position_empty_cells(&ice->work);
    /* The test of a pair is symmetric, and b is near a exactly when a is
     * near b: a pair {b, a} with b < a was tried already, and failed,
     * when b came first, unless a fill changed the board after b began
     * (last_fill: the cell being tried at the last fill). */
    int last_fill = -1;
    for (int a = bitset_first(&empty); a >= 0; a = bitset_next(&empty, a)) {
        /* the board changes only when a pair is filled, and then a is
         * filled: both colours' searches see the same board */
        bitset_t near;
        cview_t v[2];
        bool built = false;
        for (int k = 0; k < 2; k++) {
            hex_color_t x = k == 0 ? r->to_move : hex_color_other(r->to_move);
            if (ice->work.winner != HEX_EMPTY || !is_empty_cell(&ice->work, a))
                break;
            if (!built) {
                near = prm->pair_reach < 2 ? adjacent_empty(&ice->work, a)
                    : near_cells(&ice->work, a);
                cviews_build(&ice->work, a, v);
                built = true;
            }
            for (int b = bitset_first(&near); b >= 0; b = bitset_next(&near, b)) {
                if (b < a && b > last_fill)
                    continue;
                if (may_die_given_memo(ice, v, x, b) && dead_given(ice, a, x, b)
                    && dead_given(ice, b, x, a)) {
                    last_fill = a;
                    bitset_set(&r->captured[x], a);
                    bitset_set(&r->captured[x], b);
                    /* both, even when a already connects x: the value
                     * rests on the pair (a proof set that left b empty
                     * would let the opponent's stones on b break it) */
                    fill(ice, r, a, x);
                    fill(ice, r, b, x);
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
    if (!s || s->nexpanded == 0)
        return NULL;
    const geometry_t *g = p->geo;
    int col = geometry_col(g, c), row = geometry_row(g, c);
    for (int i = after ? ice->info[after - s->expanded].next : ice->first[kind];
         i < s->nexpanded; i = ice->info[i].next) {
        const pattern_t *pat = &s->expanded[i];
        const pattern_info_t *in = &ice->info[i];
        /* cheap rejections: a cell off the board, an edge symbol on it */
        if (col + in->min_dc < 0 || col + in->max_dc >= g->width
            || row + in->min_dr < 0 || row + in->max_dr >= g->height)
            continue;
        int e = in->edge_probe;
        if (e >= 0) {
            int pc = col + pat->cells[e].dc, pr = row + pat->cells[e].dr;
            if (pc >= 0 && pc < g->width && pr >= 0 && pr < g->height)
                continue;
        }
        if (pattern_match(pat, p, x, c, ids))
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
                /* the whole set, even once part of it connects x (as for
                 * a captured pair) */
                for (int i = 0; i < pat->ncells; i++) {
                    if (pat->cells[i].sym != PSYM_SUBJECT)
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

/* ---- vulnerable, captured-reversible and dominated ------------------ */

static void
play_y(ice_t *ice, hex_color_t y, int cell, int16_t *s, int *n)
{
    position_play(&ice->work, y, cell);
    s[(*n)++] = (int16_t)cell;
}

/* Y's local fill-in on ice->work, to a fixpoint, starting from the cells
 * of `first` (c's empty neighbours): those that are clique-dead, in a
 * captured pair with a neighbour inside `zone` (each dead once Y holds the
 * other), or in one of Y's captured patterns whose cells all lie in the
 * zone, each found on the board as filled so far.  Every cell filled is
 * played for y on ice->work and appended to s; returns how many (the
 * caller undoes them).  Together they are Y-captured (ice.h). */
static int
local_capture(ice_t *ice, bool patterns, hex_color_t y, const bitset_t *zone,
              const bitset_t *first, int16_t *s)
{
    position_t *w = &ice->work;
    int n = 0, ids[PATTERN_MAX_CELLS];
    bool changed = true;
    while (changed && w->winner == HEX_EMPTY) {
        changed = false;
        bitset_t cand = bitset_and(*first, position_empty_cells(w));
        for (int a = bitset_first(&cand); a >= 0 && w->winner == HEX_EMPTY;
             a = bitset_next(&cand, a)) {
            if (!is_empty_cell(w, a))
                continue;
            if (ice_clique_dead(w, a)) {
                play_y(ice, y, a, s, &n);
                changed = true;
                continue;
            }
            bitset_t partners = bitset_and(adjacent_empty(w, a), *zone);
            cview_t v[2];
            if (!bitset_is_empty(&partners))
                cviews_build(w, a, v);
            for (int b = bitset_first(&partners); b >= 0; b = bitset_next(&partners, b)) {
                if (may_die_given(w, v, y, b) && dead_given(ice, a, y, b)
                    && dead_given(ice, b, y, a)) {
                    /* both, even when a already connects y: only the
                     * pair is captured */
                    play_y(ice, y, a, s, &n);
                    play_y(ice, y, b, s, &n);
                    changed = true;
                    break;
                }
            }
            if (!is_empty_cell(w, a) || !patterns)
                continue;
            const pattern_t *pat = NULL;
            while ((pat = match_any(ice, PATTERN_CAPTURED, w, y, a, ids, pat))) {
                bool inside = true;
                for (int i = 0; i < pat->ncells; i++)
                    if (pat->cells[i].sym == PSYM_SUBJECT && !bitset_test(zone, ids[i]))
                        inside = false;
                if (!inside)
                    continue;
                for (int i = 0; i < pat->ncells; i++)
                    if (pat->cells[i].sym == PSYM_SUBJECT)
                        play_y(ice, y, ids[i], s, &n);
                changed = true;
                break;
            }
        }
    }
    return n;
}

/* Whether the empty cell c of ice->work is dead once Y holds k and the
 * cells S of Y's local fill-in around c are Y's: S found on the board with
 * Y at k and, when `with_stone`, Z's stone on c (captured-reversible), or
 * with c empty (vulnerable).  The deadness of c is checked with c empty in
 * both cases.  ice->work is restored. */
static bool
dead_after_capture(ice_t *ice, bool patterns, hex_color_t z, int c, int k, bool with_stone)
{
    position_t *w = &ice->work;
    hex_color_t y = hex_color_other(z);
    bitset_t zone = near_cells(w, c);
    bitset_reset(&zone, k);
    bitset_t first = adjacent_empty(w, c);
    bitset_reset(&first, k);
    int16_t s[HEX_MAX_CELLS];
    position_play(w, y, k);
    if (with_stone)
        position_play(w, z, c);
    int n = local_capture(ice, patterns, y, &zone, &first, s);
    if (with_stone) {
        for (int i = 0; i < n; i++)
            position_undo(w);
        position_undo(w);
        for (int i = 0; i < n; i++)
            position_play(w, y, s[i]);
    }
    /* Y connected: every cell is dead */
    bool dead = w->winner == y || ice_clique_dead(w, c);
    for (int i = 0; i < n; i++)
        position_undo(w);
    position_undo(w);
    return dead;
}

/* The Z-view of c for the clique rule, to bound the work: Y stones only
 * take empty cells out of it, so once Y holds a set T of c's empty
 * neighbours (c empty), c is clique-dead for Z exactly when every pair of
 * nodes left is joined.  conflict[i]: the nodes not joined to node i. */
typedef struct zview {
    int n;
    int cell[6];                /* the node's cell, or -1 for a group */
    unsigned conflict[6];
} zview_t;

static void
zview_build(const position_t *p, hex_color_t z, int c, zview_t *v)
{
    clique_nodes_t cn;
    clique_nodes(p, z, c, &cn);
    v->n = cn.n;
    for (int i = 0; i < cn.n; i++) {
        v->cell[i] = cn.empty[i] ? cn.node[i] : -1;
        v->conflict[i] = 0;
    }
    for (int i = 0; i < cn.n; i++)
        for (int j = i + 1; j < cn.n; j++)
            if (!joined(p, z, &cn, i, j)) {
                v->conflict[i] |= 1u << j;
                v->conflict[j] |= 1u << i;
            }
}

/* How many of c's empty neighbours other than k Y must hold, at least, for
 * c to be clique-dead for Z once Y holds k too; 7 when no number will do
 * (two Z groups that are not joined). */
static int
zview_need(const zview_t *v, int k)
{
    unsigned removable = 0, kbit = 0;
    for (int i = 0; i < v->n; i++) {
        if (v->cell[i] >= 0)
            removable |= 1u << i;
        if (v->cell[i] == k)
            kbit = 1u << i;
    }
    int best = 7;
    for (unsigned t = 0; t < 64u; t++) {
        if ((t & ~removable) || (t & kbit))
            continue;
        int size = __builtin_popcount(t);
        if (size >= best)
            continue;
        unsigned gone = t | kbit;
        bool ok = true;
        for (int i = 0; i < v->n && ok; i++)
            if (!(gone >> i & 1) && (v->conflict[i] & ~gone))
                ok = false;
        if (ok)
            best = size;
    }
    return best;
}

static void
find_vulnerable_reversible(ice_t *ice, const ice_params_t *prm, const bitset_t *cells,
                           ice_result_t *r)
{
    hex_color_t z = r->to_move, y = hex_color_other(z);
    position_t *w = &ice->work;
    bool patterns = prm->use_patterns && ice->patterns;
    bitset_t empty = bitset_and(position_empty_cells(w), *cells);
    int ids[PATTERN_MAX_CELLS];
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        bitset_t near = near_cells(w, c);
        r->killers[c] = r->reversers[c] = bitset_empty();
        if (prm->find_vulnerable) {
            cview_t v[2];
            cviews_build(w, c, v);
            for (int k = bitset_first(&near); k >= 0; k = bitset_next(&near, k))
                if (may_die_given_memo(ice, v, y, k) && dead_given(ice, c, y, k))
                    bitset_set(&r->killers[c], k);
            if (patterns) {
                const pattern_t *pat = NULL;
                while ((pat = match_any(ice, PATTERN_VULNERABLE, w, z, c, ids, pat)))
                    for (int i = 0; i < pat->ncells; i++)
                        if (pat->cells[i].sym == PSYM_OTHER)
                            bitset_set(&r->killers[c], ids[i]);
            }
        }
        /* captured-reversible (ice.h): reversers next to c, S near c; a
         * reverser whose S also works with c empty is a killer */
        if (prm->find_reversible && bitset_is_empty(&r->killers[c])) {
            bitset_t cand = adjacent_empty(w, c);
            zview_t zv;
            zview_build(w, z, c, &zv);
            for (int k = bitset_first(&cand); k >= 0; k = bitset_next(&cand, k)) {
                /* Only a bound on the work, not a rule: skip the reversers
                 * after which c would die for Z only with more than
                 * reverser_need captured neighbours (by default three or
                 * more: rare, and half of all the work on 11x11 middle
                 * games; with two, 0.5 % of the tries succeed on 7x7, 3 %
                 * with one); keep those where c can only die for Y. */
                int need = zview_need(&zv, k);
                if (need > prm->reverser_need && need < 7)
                    continue;
                if (!dead_after_capture(ice, patterns, z, c, k, true))
                    continue;
                if (prm->find_vulnerable && dead_after_capture(ice, patterns, z, c, k, false))
                    bitset_set(&r->killers[c], k);
                else
                    bitset_set(&r->reversers[c], k);
            }
        }
        if (!bitset_is_empty(&r->killers[c]))
            bitset_set(&r->vulnerable, c);
        else if (!bitset_is_empty(&r->reversers[c]))
            bitset_set(&r->reversible, c);
    }
}

static void
find_dominated(ice_t *ice, const bitset_t *cells, ice_result_t *r)
{
    hex_color_t z = r->to_move;
    position_t *w = &ice->work;
    bitset_t pruned = bitset_or(r->vulnerable, r->reversible);
    bitset_t empty = bitset_andnot(bitset_and(position_empty_cells(w), *cells), pruned);
    int ids[PATTERN_MAX_CELLS];
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        const pattern_t *pat = NULL;
        r->dominator[c] = -1;
        while ((pat = match_any(ice, PATTERN_DOMINATED, w, z, c, ids, pat))) {
            int d = -1;
            for (int i = 0; i < pat->ncells; i++)
                if (pat->cells[i].sym == PSYM_OTHER)
                    d = ids[i];
            /* keep chains of dominators acyclic, ending in a kept move:
             * d must be neither pruned nor dominated */
            if (d >= 0 && !bitset_test(&pruned, d) && !bitset_test(&r->dominated, d)) {
                bitset_set(&r->dominated, c);
                r->dominator[c] = (int16_t)d;
                break;
            }
        }
    }
}

/* Whether c (empty) lies in a captured set of x on the work position
 * that stays within distance two of c: a captured pattern of x whose
 * subject cells hold c, anchored on c or on one of its empty neighbours
 * (the anchor is the pattern's first subject cell, in all its
 * orientations). */
static bool
captured_at(const ice_t *ice, hex_color_t x, int c)
{
    const position_t *w = &ice->work;
    int ids[PATTERN_MAX_CELLS];
    bitset_t anchors = adjacent_empty(w, c);
    bitset_set(&anchors, c);
    bitset_t near = near_cells(w, c);
    bitset_set(&near, c);
    for (int a = bitset_first(&anchors); a >= 0; a = bitset_next(&anchors, a)) {
        const pattern_t *pat = NULL;
        while ((pat = match_any(ice, PATTERN_CAPTURED, w, x, a, ids, pat))) {
            bool holds_c = false, inside = true;
            for (int i = 0; i < pat->ncells; i++)
                if (pat->cells[i].sym == PSYM_SUBJECT) {
                    holds_c |= ids[i] == c;
                    inside &= ids[i] >= 0 && ids[i] < HEX_MAX_CELLS && bitset_test(&near, ids[i]);
                }
            if (holds_c && inside)
                return true;
        }
    }
    return false;
}

/* Domination by a neighbour's stone: when Z's stone on d makes c dead (a
 * clique neighbourhood) or captured by Z (a captured pattern), Z on d is
 * worth at least Z on c.  The position after Z d with c filled (dead:
 * either colour; captured: Z's, with the rest of its set) has the value
 * of the position after Z d, and it holds every stone of the position
 * after Z c; an extra stone never hurts its owner.  Next to Z's own edge
 * this prunes a first-row cell for the second-row cell whose edge bridge
 * holds it.  Dominators are chosen as in find_dominated: neither pruned
 * nor dominated, so chains stay acyclic. */
static void
find_dominated_by_neighbour(ice_t *ice, bool patterns, const bitset_t *cells,
                            ice_result_t *r)
{
    hex_color_t z = r->to_move;
    position_t *w = &ice->work;
    bitset_t pruned = bitset_or(r->vulnerable, r->reversible);
    bitset_t cand = bitset_andnot(bitset_and(position_empty_cells(w), *cells),
                                  bitset_or(pruned, r->dominated));
    for (int c = bitset_first(&cand); c >= 0; c = bitset_next(&cand, c)) {
        bitset_t ds = bitset_andnot(adjacent_empty(w, c), bitset_or(pruned, r->dominated));
        for (int d = bitset_first(&ds); d >= 0; d = bitset_next(&ds, d)) {
            position_play(w, z, d);
            bool dom = w->winner == HEX_EMPTY
                && (ice_clique_dead(w, c) || (patterns && captured_at(ice, z, c)));
            position_undo(w);
            if (dom) {
                bitset_set(&r->dominated, c);
                bitset_set(&r->dominated_by_neighbour, c);
                r->dominator[c] = (int16_t)d;
                break;
            }
        }
    }
}

/* ---- the whole computation ------------------------------------------ */

void
ice_fill(ice_t *ice, const ice_params_t *prm, const position_t *p, hex_color_t to_move,
         ice_result_t *r)
{
    /* killers, reversers and dominator are per-cell arrays written (and
     * valid) only for the cells ice_prune marks: clearing them here would
     * cost more than the rest of a small board's fill-in */
    r->to_move = to_move;
    r->decided = p->winner;
    r->dead = r->vulnerable = r->reversible = r->dominated = bitset_empty();
    r->dominated_by_neighbour = bitset_empty();
    for (int x = 0; x < 2; x++)
        r->captured[x] = r->filled[x] = bitset_empty();
    r->inferior = bitset_empty();
    if (ice->have_work)
        position_free(&ice->work);
    position_copy(&ice->work, p);
    ice->have_work = true;
    touching_forget(ice);
    if (p->winner != HEX_EMPTY)
        return;
    bool first = true;
    bool patterns = prm->use_patterns && ice->patterns;
    for (;;) {
        bool changed = round_clique(ice, r);
        if (ice->work.winner == HEX_EMPTY && (first || prm->iterative_dead_regions))
            changed |= round_cutsets(ice, prm, r);
        if (ice->work.winner == HEX_EMPTY)
            changed |= round_pairs(ice, prm, r);
        if (ice->work.winner == HEX_EMPTY && patterns)
            changed |= round_patterns(ice, r);
        first = false;
        if (!changed || ice->work.winner != HEX_EMPTY)
            break;
    }
    r->decided = ice->work.winner;
    /* a cell both dead and captured cannot happen: each is filled once */
    r->inferior = bitset_or(r->filled[0], r->filled[1]);
}

void
ice_prune(ice_t *ice, const ice_params_t *prm, const bitset_t *cells, ice_result_t *r)
{
    if (r->decided != HEX_EMPTY || !ice->have_work)
        return;
    bool patterns = prm->use_patterns && ice->patterns;
    if (prm->find_vulnerable || prm->find_reversible)
        find_vulnerable_reversible(ice, prm, cells, r);
    if (prm->find_dominated && patterns)
        find_dominated(ice, cells, r);
    if (prm->find_neighbour_dominated)
        find_dominated_by_neighbour(ice, patterns, cells, r);
    r->inferior = bitset_or(bitset_or(r->filled[0], r->filled[1]),
                            bitset_or(bitset_or(r->vulnerable, r->reversible),
                                      r->dominated));
}

void
ice_compute(ice_t *ice, const ice_params_t *prm, const position_t *p,
            hex_color_t to_move, ice_result_t *r)
{
    ice_fill(ice, prm, p, to_move, r);
    bitset_t all = p->geo->cells;
    ice_prune(ice, prm, &all, r);
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
