/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Circuit resistance and cell energy (see resist.h).
 *
 * One solve per colour: collect the conductors as links between node
 * indices (cells and group roots met while collecting), lay them out as
 * adjacency lists, find the component of edge 1, and if edge 2 is in it
 * solve for the voltages of the component's other nodes by preconditioned
 * conjugate gradients.  Vectors run over every node; entries of the two
 * fixed edges and of nodes outside the component stay 0 in the search
 * directions, so the matrix-vector product needs no masks. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board/ice.h"
#include "board/resist.h"

/* Every cell plus the two edges of the colour. */
#define MAX_NODES (HEX_MAX_CELLS + 2)
/* Links before any VC: at most six per empty cell. */
#define LINKS_INITIAL (6 * HEX_MAX_CELLS + 64)

enum node_kind {
    NODE_APART = 0,             /* not in edge 1's component */
    NODE_FREE,                  /* an unknown voltage */
    NODE_HIGH,                  /* edge 1, voltage 1 */
    NODE_LOW                    /* edge 2, voltage 0 */
};

typedef struct link {
    int16_t a, b;               /* node indices */
    double g;
} link_t;

struct resist {
    /* the nodes of the circuit being solved */
    int16_t node_of[HEX_MAX_IDS];       /* node index of an id, -1 */
    int16_t id_of[MAX_NODES];
    bool empty_node[MAX_NODES];
    uint8_t kind[MAX_NODES];
    int nnodes;
    /* the conductors, then as adjacency lists */
    link_t *links;
    int nlinks, caplinks;
    int adj_start[MAX_NODES + 1];
    int16_t *adj_node;
    double *adj_g;
    int capadj;
    double diag[MAX_NODES];
    int16_t queue[MAX_NODES];
    /* conjugate gradients */
    double b[MAX_NODES], x[MAX_NODES], r[MAX_NODES], z[MAX_NODES];
    double p[MAX_NODES], q[MAX_NODES];
    /* the cells cut out of both circuits */
    bitset_t cut;
    /* the voltages of the last solves, by colour and id (warm start) */
    double saved[2][HEX_MAX_IDS];
    int saved_width, saved_height;
    bool nomem;
};

void
resist_params_default(resist_params_t *p)
{
    p->empty_empty = 1.0;
    p->empty_group = 2.0;
    p->use_vcs = true;
    p->vc_weight = 1.0;
    p->cut_dead = true;
    p->tolerance = 1e-8;
    p->max_iterations = 1000;
    p->warm_start = true;
}

resist_t *
resist_new(void)
{
    resist_t *rs = calloc(1, sizeof *rs);
    if (!rs)
        return NULL;
    rs->caplinks = LINKS_INITIAL;
    rs->links = malloc((size_t)rs->caplinks * sizeof *rs->links);
    rs->capadj = 2 * LINKS_INITIAL;
    rs->adj_node = malloc((size_t)rs->capadj * sizeof *rs->adj_node);
    rs->adj_g = malloc((size_t)rs->capadj * sizeof *rs->adj_g);
    if (!rs->links || !rs->adj_node || !rs->adj_g) {
        resist_free(rs);
        return NULL;
    }
    return rs;
}

void
resist_free(resist_t *rs)
{
    if (!rs)
        return;
    free(rs->links);
    free(rs->adj_node);
    free(rs->adj_g);
    free(rs);
}

void
resist_forget(resist_t *rs)
{
    rs->saved_width = 0;
    rs->saved_height = 0;
}

/* The voltage a uniform sheet would have at id: 1 at edge 1, 0 at edge
 * 2, linear in the row (Black) or column (White). */
static double
profile(const geometry_t *g, hex_color_t c, int id)
{
    if (!geometry_is_cell(g, id))
        return id == geometry_edge1(c) ? 1.0 : id == geometry_edge2(c) ? 0.0 : 0.5;
    if (c == HEX_BLACK)
        return 1.0 - (geometry_row(g, id) + 0.5) / g->height;
    return 1.0 - (geometry_col(g, id) + 0.5) / g->width;
}

/* Start the remembered voltages afresh when the board size changed (or
 * after resist_forget). */
static void
saved_reset(resist_t *rs, const geometry_t *g)
{
    if (rs->saved_width == g->width && rs->saved_height == g->height)
        return;
    for (int c = 0; c < 2; c++)
        for (int id = 0; id < HEX_MAX_IDS; id++)
            rs->saved[c][id] = profile(g, (hex_color_t)c, id);
    rs->saved_width = g->width;
    rs->saved_height = g->height;
}

/* ---- the circuit of one colour --------------------------------------- */

static int
node(resist_t *rs, const position_t *pos, int id)
{
    if (rs->node_of[id] >= 0)
        return rs->node_of[id];
    int n = rs->nnodes++;
    rs->node_of[id] = (int16_t)n;
    rs->id_of[n] = (int16_t)id;
    rs->empty_node[n] = geometry_is_cell(pos->geo, id) && position_color_at(pos, id) == HEX_EMPTY;
    return n;
}

static void
add_link(resist_t *rs, int a, int b, double g)
{
    if (rs->nlinks == rs->caplinks) {
        int cap = 2 * rs->caplinks;
        link_t *l = realloc(rs->links, (size_t)cap * sizeof *l);
        if (!l) {
            rs->nomem = true;
            return;
        }
        rs->links = l;
        rs->caplinks = cap;
    }
    rs->links[rs->nlinks].a = (int16_t)a;
    rs->links[rs->nlinks].b = (int16_t)b;
    rs->links[rs->nlinks].g = g;
    rs->nlinks++;
}

/* The node id standing for the board id v in c's circuit: v itself for an
 * empty cell that conducts, the root for c's stones and edges, -1 for the
 * rest. */
static int
circuit_id(const resist_t *rs, const position_t *pos, hex_color_t c, int v)
{
    if (geometry_is_edge(v))
        return v == geometry_edge1(c) || v == geometry_edge2(c) ? position_group(pos, v) : -1;
    hex_color_t at = position_color_at(pos, v);
    if (at == HEX_EMPTY)
        return bitset_test(&rs->cut, v) ? -1 : v;
    return at == c ? position_group(pos, v) : -1;
}

typedef struct vc_links {
    resist_t *rs;
    const position_t *pos;
    hex_color_t color;
    int e1, e2;
    double g;
} vc_links_t;

static void
vc_link(int a, int b, const vc_conn_t *fulls, int nfull, const vc_conn_t *semis, int nsemi,
        void *arg)
{
    (void)semis;
    (void)nsemi;
    vc_links_t *v = arg;
    /* the smallest carrier comes first: empty means adjacent */
    if (nfull == 0 || fulls[0].size == 0)
        return;
    if ((a == v->e1 && b == v->e2) || (a == v->e2 && b == v->e1))
        return;
    if (circuit_id(v->rs, v->pos, v->color, a) != a
        || circuit_id(v->rs, v->pos, v->color, b) != b)
        return;
    add_link(v->rs, node(v->rs, v->pos, a), node(v->rs, v->pos, b), v->g);
}

static void
collect_links(resist_t *rs, const resist_params_t *prm, const position_t *pos, hex_color_t c,
              const vc_t *vc)
{
    const geometry_t *g = pos->geo;
    bitset_t empty = bitset_andnot(position_empty_cells(pos), rs->cut);
    for (int u = bitset_first(&empty); u >= 0; u = bitset_next(&empty, u)) {
        int groups[6], ngroups = 0;
        for (int i = 0; i < g->nbr_count[u]; i++) {
            int v = circuit_id(rs, pos, c, g->nbr[u][i]);
            if (v < 0)
                continue;
            if (bitset_test(&empty, v)) {
                if (u < v)
                    add_link(rs, node(rs, pos, u), node(rs, pos, v), prm->empty_empty);
                continue;
            }
            bool seen = false;
            for (int j = 0; j < ngroups; j++)
                seen |= groups[j] == v;
            if (seen)
                continue;
            groups[ngroups++] = v;
            add_link(rs, node(rs, pos, u), node(rs, pos, v), prm->empty_group);
        }
    }
    if (prm->use_vcs && vc) {
        vc_links_t v = {
            .rs = rs, .pos = pos, .color = c,
            .e1 = position_group(pos, geometry_edge1(c)),
            .e2 = position_group(pos, geometry_edge2(c)),
            .g = prm->vc_weight,
        };
        vc_foreach_pair(vc, vc_link, &v);
    }
}

/* The links as adjacency lists, and the diagonal (every link counts,
 * whatever its other end). */
static bool
build_adjacency(resist_t *rs)
{
    int n = rs->nnodes;
    if (2 * rs->nlinks > rs->capadj) {
        int cap = 2 * rs->nlinks;
        int16_t *an = realloc(rs->adj_node, (size_t)cap * sizeof *an);
        if (an)
            rs->adj_node = an;
        double *ag = realloc(rs->adj_g, (size_t)cap * sizeof *ag);
        if (ag)
            rs->adj_g = ag;
        if (!an || !ag)
            return false;
        rs->capadj = cap;
    }
    for (int i = 0; i <= n; i++)
        rs->adj_start[i] = 0;
    for (int i = 0; i < n; i++)
        rs->diag[i] = 0;
    for (int k = 0; k < rs->nlinks; k++) {
        rs->adj_start[rs->links[k].a + 1]++;
        rs->adj_start[rs->links[k].b + 1]++;
    }
    for (int i = 0; i < n; i++)
        rs->adj_start[i + 1] += rs->adj_start[i];
    int fill[MAX_NODES];
    for (int i = 0; i < n; i++)
        fill[i] = rs->adj_start[i];
    for (int k = 0; k < rs->nlinks; k++) {
        const link_t *l = &rs->links[k];
        rs->adj_node[fill[l->a]] = l->b;
        rs->adj_g[fill[l->a]++] = l->g;
        rs->adj_node[fill[l->b]] = l->a;
        rs->adj_g[fill[l->b]++] = l->g;
        rs->diag[l->a] += l->g;
        rs->diag[l->b] += l->g;
    }
    return true;
}

/* Mark edge 1's component; false when edge 2 is not in it. */
static bool
mark_component(resist_t *rs, int high, int low)
{
    memset(rs->kind, NODE_APART, (size_t)rs->nnodes);
    int head = 0, tail = 0;
    rs->kind[high] = NODE_HIGH;
    rs->queue[tail++] = (int16_t)high;
    bool reached = false;
    while (head < tail) {
        int u = rs->queue[head++];
        for (int k = rs->adj_start[u]; k < rs->adj_start[u + 1]; k++) {
            int v = rs->adj_node[k];
            if (rs->kind[v] != NODE_APART)
                continue;
            if (v == low) {
                rs->kind[v] = NODE_LOW;
                reached = true;
                continue;       /* current leaves here: no need to go on */
            }
            rs->kind[v] = NODE_FREE;
            rs->queue[tail++] = (int16_t)v;
        }
    }
    return reached;
}

/* q = A p over the free nodes (p is 0 elsewhere). */
static void
matvec(resist_t *rs, const double *p, double *q)
{
    for (int u = 0; u < rs->nnodes; u++) {
        if (rs->kind[u] != NODE_FREE)
            continue;
        double s = rs->diag[u] * p[u];
        for (int k = rs->adj_start[u]; k < rs->adj_start[u + 1]; k++)
            s -= rs->adj_g[k] * p[rs->adj_node[k]];
        q[u] = s;
    }
}

static double
dot(const resist_t *rs, const double *a, const double *b)
{
    double s = 0;
    for (int u = 0; u < rs->nnodes; u++)
        if (rs->kind[u] == NODE_FREE)
            s += a[u] * b[u];
    return s;
}

/* Preconditioned conjugate gradients on the free nodes, from the guess in
 * x.  Returns the iterations; *converged tells whether the residual went
 * below the tolerance. */
static int
solve(resist_t *rs, const resist_params_t *prm, bool *converged)
{
    int n = rs->nnodes;
    for (int u = 0; u < n; u++) {
        rs->b[u] = 0;
        rs->q[u] = 0;
        rs->p[u] = 0;
        rs->r[u] = 0;
        rs->z[u] = 0;
        if (rs->kind[u] != NODE_FREE)
            rs->x[u] = 0;
    }
    for (int u = 0; u < n; u++) {
        if (rs->kind[u] != NODE_FREE)
            continue;
        for (int k = rs->adj_start[u]; k < rs->adj_start[u + 1]; k++)
            if (rs->kind[rs->adj_node[k]] == NODE_HIGH)
                rs->b[u] += rs->adj_g[k];
    }
    double bnorm = sqrt(dot(rs, rs->b, rs->b));
    double limit = prm->tolerance * bnorm;
    matvec(rs, rs->x, rs->q);
    for (int u = 0; u < n; u++)
        if (rs->kind[u] == NODE_FREE) {
            rs->r[u] = rs->b[u] - rs->q[u];
            rs->z[u] = rs->r[u] / rs->diag[u];
            rs->p[u] = rs->z[u];
        }
    double rz = dot(rs, rs->r, rs->z);
    int it = 0;
    *converged = true;
    while (sqrt(dot(rs, rs->r, rs->r)) > limit) {
        if (it >= prm->max_iterations) {
            *converged = false;
            break;
        }
        matvec(rs, rs->p, rs->q);
        double pq = dot(rs, rs->p, rs->q);
        if (!(pq > 0))
            break;              /* no progress left in double precision */
        double alpha = rz / pq;
        for (int u = 0; u < n; u++)
            if (rs->kind[u] == NODE_FREE) {
                rs->x[u] += alpha * rs->p[u];
                rs->r[u] -= alpha * rs->q[u];
                rs->z[u] = rs->r[u] / rs->diag[u];
            }
        double rz2 = dot(rs, rs->r, rs->z);
        double beta = rz > 0 ? rz2 / rz : 0;
        rz = rz2;
        for (int u = 0; u < n; u++)
            if (rs->kind[u] == NODE_FREE)
                rs->p[u] = rs->z[u] + beta * rs->p[u];
        it++;
    }
    return it;
}

/* One colour's circuit: its resistance and energies into out.  Returns
 * false when memory is short. */
static bool
evaluate_color(resist_t *rs, const resist_params_t *prm, const position_t *pos, hex_color_t c,
               const vc_t *vc, resist_result_t *out)
{
    out->iterations[c] = 0;
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        out->energy[c][i] = 0;
    int e1 = position_group(pos, geometry_edge1(c)), e2 = position_group(pos, geometry_edge2(c));
    if (out->won == c || e1 == e2) {
        out->resistance[c] = 0;
        return true;
    }
    for (int i = 0; i < HEX_MAX_IDS; i++)
        rs->node_of[i] = -1;
    rs->nnodes = 0;
    rs->nlinks = 0;
    rs->nomem = false;
    int high = node(rs, pos, e1), low = node(rs, pos, e2);
    collect_links(rs, prm, pos, c, vc);
    if (rs->nomem || !build_adjacency(rs))
        return false;
    if (!mark_component(rs, high, low)) {
        out->resistance[c] = RESIST_CUT;
        return true;
    }
    for (int u = 0; u < rs->nnodes; u++)
        if (rs->kind[u] == NODE_FREE)
            rs->x[u] = prm->warm_start ? rs->saved[c][rs->id_of[u]]
                                       : profile(pos->geo, c, rs->id_of[u]);
    bool conv;
    out->iterations[c] = solve(rs, prm, &conv);
    out->converged = out->converged && conv;
    /* voltages of every node in the component */
    rs->x[high] = 1.0;
    rs->x[low] = 0.0;
    for (int u = 0; u < rs->nnodes; u++)
        if (rs->kind[u] == NODE_FREE) {
            double v = rs->x[u];
            rs->saved[c][rs->id_of[u]] = v < 0 ? 0 : v > 1 ? 1 : v;
        }
    double power = 0;
    for (int k = 0; k < rs->nlinks; k++) {
        const link_t *l = &rs->links[k];
        if (rs->kind[l->a] == NODE_APART || rs->kind[l->b] == NODE_APART)
            continue;           /* no current: the far side of edge 2 */
        double d = rs->x[l->a] - rs->x[l->b];
        double w = l->g * d * d;
        power += w;
        bool ea = rs->empty_node[l->a], eb = rs->empty_node[l->b];
        if (ea && eb) {
            out->energy[c][rs->id_of[l->a]] += 0.5 * w;
            out->energy[c][rs->id_of[l->b]] += 0.5 * w;
        } else if (ea) {
            out->energy[c][rs->id_of[l->a]] += w;
        } else if (eb) {
            out->energy[c][rs->id_of[l->b]] += w;
        }
    }
    double r = power > 1.0 / RESIST_CUT ? 1.0 / power : RESIST_CUT;
    out->resistance[c] = r;
    if (r >= RESIST_CUT)
        for (int i = 0; i < HEX_MAX_CELLS; i++)
            out->energy[c][i] = 0;
    return true;
}

bool
resist_compute(resist_t *rs, const resist_params_t *prm, const position_t *pos,
               const vc_t *const vcs[2], resist_result_t *out)
{
    const geometry_t *g = pos->geo;
    saved_reset(rs, g);
    bitset_t empty = position_empty_cells(pos);
    rs->cut = bitset_empty();
    if (prm->cut_dead)
        for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c))
            if (ice_clique_dead(pos, c))
                bitset_set(&rs->cut, c);
    out->won = pos->winner;
    for (int c = 0; c < 2 && out->won == HEX_EMPTY; c++)
        if (prm->use_vcs && vcs && vcs[c] && vc_connected_fully(vcs[c]))
            out->won = (hex_color_t)c;
    out->converged = true;
    for (int c = 0; c < 2; c++) {
        const vc_t *vc = prm->use_vcs && vcs ? vcs[c] : NULL;
        if (!evaluate_color(rs, prm, pos, (hex_color_t)c, vc, out))
            return false;
    }
    double rb = out->resistance[HEX_BLACK], rw = out->resistance[HEX_WHITE];
    if (out->won == HEX_BLACK)
        out->value = RESIST_WON;
    else if (out->won == HEX_WHITE)
        out->value = -RESIST_WON;
    else {
        double cap = RESIST_WON - 1;
        double v = rb <= 0 && rw <= 0 ? 0 : rb <= 0 ? cap : rw <= 0 ? -cap : log(rw / rb);
        out->value = v > cap ? cap : v < -cap ? -cap : v;
    }
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        out->score[i] = 0;
    for (int c = 0; c < 2; c++) {
        double r = out->resistance[c];
        if (r <= 0 || r >= RESIST_CUT)
            continue;
        /* energy / power = energy * R */
        for (int i = bitset_first(&empty); i >= 0; i = bitset_next(&empty, i))
            out->score[i] += out->energy[c][i] * r;
    }
    return true;
}

/* ---- ordering -------------------------------------------------------- */

typedef struct scored {
    double score;
    int cell;
} scored_t;

static int
by_score(const void *x, const void *y)
{
    const scored_t *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return a->cell - b->cell;
}

int
resist_order(const resist_result_t *r, const position_t *pos, int *moves)
{
    scored_t s[HEX_MAX_CELLS];
    int n = 0;
    bitset_t empty = position_empty_cells(pos);
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        s[n].score = r->score[c];
        s[n++].cell = c;
    }
    qsort(s, (size_t)n, sizeof *s, by_score);
    for (int i = 0; i < n; i++)
        moves[i] = s[i].cell;
    return n;
}

int
resist_best(const resist_result_t *r, const position_t *pos, const bitset_t *among)
{
    bitset_t cand = bitset_and(position_empty_cells(pos), *among);
    int best = -1;
    for (int c = bitset_first(&cand); c >= 0; c = bitset_next(&cand, c))
        if (best < 0 || r->score[c] > r->score[best])
            best = c;
    return best;
}
