/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The top tree of the two-level job-level search (toptree.h). */

#include "search/toptree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board/bytes.h"

#define INF TOPTREE_INF

enum { F_RUNNING = 1, F_SOLVED = 2, F_PRUNED = 4 };

typedef struct node {
    uint64_t key;
    uint64_t work;
    uint32_t phi, delta;        /* true */
    uint32_t vphi, vdelta;      /* virtual: marks of running jobs */
    int32_t parent;             /* -1: the root */
    int32_t first;              /* first child (children are consecutive);
                                 * -1: a leaf */
    int32_t fill;               /* its fill-in's first cell in the pool */
    int16_t nchildren;
    int16_t nfill[2];
    int16_t move;               /* from the parent; -1: the root */
    int16_t best;               /* solved win: the winning move, or -1 */
    int16_t depth;
    uint8_t flags;
} node_t;

struct toptree {
    toptree_params_t params;
    position_t root;
    bool have_root;
    hex_color_t to_move;
    node_t *nodes;
    int nnodes, cap;
    int16_t *fill;              /* the fill-in pool */
    size_t nfill, fillcap;
    int running;
    toptree_stats_t stats;
    /* the solved positions: the log, and a map key -> log index (open
     * addressing, key 0 never stored: position keys carry a salt) */
    toptree_solved_t *log;
    size_t nlog, logcap;
    uint64_t *mkeys;
    uint32_t *mvals;
    size_t mcap;                /* a power of two; 0: none yet */
    /* the schemes' state (toptree_pick) */
    uint64_t rng;               /* RP-PNS's draws */
    int pv_depth;               /* RP-PNS: the last PV's depth */
    uint32_t dphi, ddelta;      /* ParaPDS: the root's threshold slack */
    uint32_t root_phi, root_delta;      /* ParaPDS: the root's numbers
                                         * when the slack was set */
};

void
toptree_params_default(toptree_params_t *p)
{
    p->max_depth = 64;
    p->max_nodes = 1 << 22;
    p->widening_base = 0;       /* dfpn_params_default's */
    p->widening_factor = 0.25;
    p->epsilon = 0.25;
    p->scheme = TOPTREE_TWO_LEVEL;
    p->rp_slack = 5;            /* the paper's D */
    p->rp_tries = 8;
    p->seed = 1;
}

/* p with room for need elements of size bytes (at least one, so that
 * NULL always means memory is short), or NULL. */
static void *
grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need < 1)
        need = 1;
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * size);
    if (!q)
        return NULL;
    *cap = c;
    return q;
}

toptree_t *
toptree_new(const toptree_params_t *params)
{
    toptree_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->params = *params;
    if (t->params.max_depth < 0)
        t->params.max_depth = 0;
    if (t->params.max_nodes < 1)
        t->params.max_nodes = 1;
    if (t->params.rp_tries < 1)
        t->params.rp_tries = 1;
    t->rng = t->params.seed ? t->params.seed : 1;
    return t;
}

void
toptree_forget(toptree_t *t)
{
    t->nlog = 0;
    if (t->mcap)
        memset(t->mkeys, 0, t->mcap * sizeof *t->mkeys);
}

void
toptree_free(toptree_t *t)
{
    if (!t)
        return;
    if (t->have_root)
        position_free(&t->root);
    free(t->nodes);
    free(t->fill);
    free(t->log);
    free(t->mkeys);
    free(t->mvals);
    free(t);
}

/* ---- the map of solved positions --------------------------------------- */

static bool
map_get(const toptree_t *t, uint64_t key, uint32_t *idx)
{
    if (!t->mcap || key == 0)
        return false;
    for (size_t i = key & (t->mcap - 1);; i = (i + 1) & (t->mcap - 1)) {
        if (t->mkeys[i] == 0)
            return false;
        if (t->mkeys[i] == key) {
            *idx = t->mvals[i];
            return true;
        }
    }
}

static void
map_put(toptree_t *t, uint64_t key, uint32_t idx)
{
    if (key == 0)
        return;
    if (2 * (t->nlog + 1) > t->mcap) {
        size_t cap = t->mcap ? 2 * t->mcap : 1024;
        uint64_t *k = calloc(cap, sizeof *k);
        uint32_t *v = calloc(cap, sizeof *v);
        if (!k || !v) {
            free(k);
            free(v);
            return;             /* the map is a shortcut: go on without */
        }
        for (size_t i = 0; i < t->mcap; i++) {
            if (!t->mkeys[i])
                continue;
            size_t j = t->mkeys[i] & (cap - 1);
            while (k[j])
                j = (j + 1) & (cap - 1);
            k[j] = t->mkeys[i];
            v[j] = t->mvals[i];
        }
        free(t->mkeys);
        free(t->mvals);
        t->mkeys = k;
        t->mvals = v;
        t->mcap = cap;
    }
    size_t i = key & (t->mcap - 1);
    while (t->mkeys[i] && t->mkeys[i] != key)
        i = (i + 1) & (t->mcap - 1);
    t->mkeys[i] = key;
    t->mvals[i] = idx;
}

/* Node n was just solved: into the log and the map (once per position). */
static void
log_solved(toptree_t *t, const node_t *n)
{
    uint32_t idx;
    if (map_get(t, n->key, &idx))
        return;
    toptree_solved_t *l = grow(t->log, &t->logcap, t->nlog + 1, sizeof *t->log);
    if (!l)
        return;
    t->log = l;
    toptree_solved_t *e = &t->log[t->nlog];
    e->key = n->key;
    e->win = n->phi == 0;
    e->best = n->phi == 0 ? n->best : -1;
    e->work = n->work;
    map_put(t, n->key, (uint32_t)t->nlog);
    t->nlog++;
}

size_t
toptree_log_size(const toptree_t *t)
{
    return t->nlog;
}

const toptree_solved_t *
toptree_log(const toptree_t *t)
{
    return t->log;
}

/* ---- numbers ----------------------------------------------------------- */

static uint32_t
add(uint32_t a, uint32_t b)
{
    if (a >= INF || b >= INF)
        return INF;
    uint64_t s = (uint64_t)a + b;
    return s >= INF ? INF - 1 : (uint32_t)s;    /* only a solved node is INF */
}

static bool
solved(const node_t *n)
{
    return n->flags & F_SOLVED;
}

static void
set_solved(toptree_t *t, node_t *n, bool win, int best)
{
    n->flags |= F_SOLVED;
    n->phi = n->vphi = win ? 0 : INF;
    n->delta = n->vdelta = win ? INF : 0;
    n->best = (int16_t)(win ? best : -1);
    log_solved(t, n);
}

/* Node n solved as the map says its position was (not logged again);
 * false when the map does not hold it. */
static bool
solve_from_map(const toptree_t *t, node_t *n)
{
    uint32_t idx;
    if (!map_get(t, n->key, &idx))
        return false;
    const toptree_solved_t *e = &t->log[idx];
    n->flags |= F_SOLVED;
    n->phi = n->vphi = e->win ? 0 : INF;
    n->delta = n->vdelta = e->win ? INF : 0;
    n->best = e->win ? e->best : -1;
    n->work = e->work;
    return true;
}

/* The width of n's window: max(2, ceil(b + f k)), k its children not
 * lost (phi 0: a losing move, pruned ones included). */
static int
focus(const toptree_t *t, const node_t *n)
{
    int k = 0;
    for (int i = 0; i < n->nchildren; i++)
        k += t->nodes[n->first + i].phi != 0;
    double w = ceil(t->params.widening_base + t->params.widening_factor * k);
    return w < 2 ? 2 : w > k ? k : (int)w;
}

/* Node n's numbers from its children (an expanded node), or its mark (a
 * leaf in a job). */
static void
recompute(toptree_t *t, node_t *n)
{
    if (solved(n) || (n->flags & F_PRUNED))
        return;
    if (n->first < 0) {
        if ((n->flags & F_RUNNING) && t->params.scheme == TOPTREE_TWO_LEVEL) {
            bool win = n->phi <= n->delta;
            n->vphi = win ? 0 : INF;
            n->vdelta = win ? INF : 0;
        } else {
            n->vphi = n->phi;
            n->vdelta = n->delta;
        }
        return;
    }
    uint32_t phi = INF, delta = 0, vphi = INF, vdelta = 0;
    int best = -1, window = focus(t, n), seen = 0;
    for (int i = 0; i < n->nchildren; i++) {
        const node_t *c = &t->nodes[n->first + i];
        bool in = c->phi != 0 && seen++ < window;     /* not lost, in the window */
        if (c->delta == 0) {
            phi = 0;            /* a winning move, wherever it lies */
            best = c->move;
        } else if (in && c->delta < phi) {
            phi = c->delta;
        }
        delta = add(delta, c->phi);
        if ((in || c->vdelta == 0) && c->vdelta < vphi)
            vphi = c->vdelta;
        vdelta = add(vdelta, c->vphi);
    }
    if (phi == 0 || delta == 0) {
        uint64_t work = 0;
        for (int i = 0; i < n->nchildren; i++)
            work += t->nodes[n->first + i].work;
        if (work > n->work)
            n->work = work;
        set_solved(t, n, phi == 0, best);
        return;
    }
    n->phi = phi;
    n->delta = delta;
    /* every move in the window taken by a job marked a virtual win for
     * its mover: the node is a virtual loss, so that the descent goes
     * elsewhere (the window does not widen for marks) */
    n->vphi = vphi;
    n->vdelta = vphi >= INF ? 0 : vdelta;
}

static void
update_path(toptree_t *t, int node)
{
    for (int a = node; a >= 0; a = t->nodes[a].parent)
        recompute(t, &t->nodes[a]);
}

/* ---- the tree ---------------------------------------------------------- */

static void
init_node(node_t *n, int parent, int move, int depth)
{
    memset(n, 0, sizeof *n);
    n->parent = parent;
    n->first = -1;
    n->fill = -1;
    n->move = (int16_t)move;
    n->best = -1;
    n->depth = (int16_t)depth;
    n->phi = n->delta = n->vphi = n->vdelta = 1;
}

void
toptree_reset(toptree_t *t, const position_t *root, hex_color_t to_move)
{
    if (t->have_root)
        position_free(&t->root);
    position_copy(&t->root, root);
    position_set_to_move(&t->root, to_move);
    t->have_root = true;
    t->to_move = to_move;
    t->nnodes = 0;
    t->nfill = 0;
    t->running = 0;
    memset(&t->stats, 0, sizeof t->stats);
    size_t cap = (size_t)t->cap;
    node_t *n = grow(t->nodes, &cap, 1, sizeof *n);
    if (!n)
        abort();                /* 64 nodes: nothing could run */
    t->nodes = n;
    t->cap = (int)cap;
    init_node(&t->nodes[0], -1, -1, 0);
    t->nodes[0].key = position_key(&t->root);
    t->nnodes = 1;
    t->pv_depth = 0;
    t->dphi = t->ddelta = 1;
    t->root_phi = t->root_delta = 0;
    solve_from_map(t, &t->nodes[0]);
}

void
toptree_root(const toptree_t *t, uint32_t *phi, uint32_t *delta)
{
    *phi = t->nodes[0].phi;
    *delta = t->nodes[0].delta;
}

bool
toptree_result(const toptree_t *t, bool *win, int *best)
{
    return toptree_solved(t, 0, win, best);
}

int
toptree_select(const toptree_t *t, uint32_t *Pout, uint32_t *Dout)
{
    const node_t *n = &t->nodes[0];
    if (solved(n) || n->vphi == 0 || n->vdelta == 0)
        return -1;
    int at = 0;
    uint32_t P = INF, D = INF;
    while (n->first >= 0) {
        int pick = -1, window = focus(t, n), seen = 0;
        uint32_t least = INF + 1, second = INF;
        for (int i = 0; i < n->nchildren; i++) {
            const node_t *c = &t->nodes[n->first + i];
            bool in = c->phi != 0 && seen++ < window;
            if (!in)
                continue;
            if (c->vdelta < least) {
                second = least > INF ? INF : least;
                least = c->vdelta;
                pick = n->first + i;
            } else if (c->vdelta < second) {
                second = c->vdelta;
            }
        }
        /* an unsolved node's least child delta is its phi, neither 0 nor
         * INF, so the child is open too */
        if (pick < 0 || least == 0 || least >= INF)
            return -1;
        uint32_t Pc, Dc;
        dfpn_child_thresholds(t->params.epsilon, P, D, n->vdelta, t->nodes[pick].vphi, second,
                              &Pc, &Dc);
        P = Pc;
        D = Dc;
        at = pick;
        n = &t->nodes[at];
    }
    if (n->flags & (F_RUNNING | F_SOLVED))
        return -1;
    if (Pout)
        *Pout = P;
    if (Dout)
        *Dout = D;
    return at;
}

/* ---- the schemes (toptree_pick) ----------------------------------------- */

static uint64_t
rng_next(uint64_t *s)
{
    /* splitmix64 */
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double
rng_unit(uint64_t *s)
{
    return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

/* The children of n in its window that are open, in the window's order:
 * their indices into out, their number returned. */
static int
open_window(const toptree_t *t, const node_t *n, int *out)
{
    int window = focus(t, n), seen = 0, k = 0;
    for (int i = 0; i < n->nchildren; i++) {
        const node_t *c = &t->nodes[n->first + i];
        if (c->phi == 0 || seen++ >= window)
            continue;
        if (c->delta != 0 && c->delta < INF)
            out[k++] = n->first + i;
    }
    return k;
}

/* The children in idx[0..k) sorted by delta, ties in their order. */
static void
sort_by_delta(const toptree_t *t, int *idx, int k)
{
    for (int i = 1; i < k; i++) {
        int v = idx[i], j = i;
        for (; j > 0 && t->nodes[idx[j - 1]].delta > t->nodes[v].delta; j--)
            idx[j] = idx[j - 1];
        idx[j] = v;
    }
}

/* One RP-PNS descent: the PV's (pv) or an alternative worker's.  The
 * leaf, or -1 when it is running. */
static int
rp_descend(toptree_t *t, bool pv)
{
    int at = 0, depth = 0, idx[HEX_MAX_CELLS];
    bool deviated = false;
    double chance = t->pv_depth > 2 ? 2.0 / t->pv_depth : 1.0;
    while (t->nodes[at].first >= 0) {
        int k = open_window(t, &t->nodes[at], idx);
        if (k == 0)
            return -1;          /* not reached on an unsolved node */
        sort_by_delta(t, idx, k);
        int pick = idx[0];
        if (!pv) {
            uint32_t least = t->nodes[idx[0]].delta;
            if (!deviated && k >= 2 && rng_unit(&t->rng) < chance) {
                /* the second probability: the second or third best */
                pick = idx[1 + (k >= 3 ? (int)(rng_next(&t->rng) % 2) : 0)];
            } else {
                /* equation 1: one of those within D of the best */
                int m = 1;
                while (m < k && t->nodes[idx[m]].delta - least <= t->params.rp_slack)
                    m++;
                pick = idx[rng_next(&t->rng) % (uint64_t)m];
            }
            deviated = deviated || pick != idx[0];
        }
        at = pick;
        depth++;
    }
    if (t->nodes[at].flags & (F_RUNNING | F_SOLVED))
        return -1;
    if (pv)
        t->pv_depth = depth;
    return at;
}

static int
rp_pick(toptree_t *t, int worker)
{
    if (worker == 0) {
        int leaf = rp_descend(t, true);
        if (leaf >= 0)
            return leaf;
    }
    for (int i = 0; i < t->params.rp_tries; i++) {
        int leaf = rp_descend(t, false);
        if (leaf >= 0)
            return leaf;
    }
    /* no job runs: every descent reaches an open leaf */
    return t->running == 0 ? rp_descend(t, true) : -1;
}

/* ParaPDS's walk: the first candidate leaf of the worker's share
 * (stopping there) and the first of any share. */
typedef struct pds_walk {
    int worker, nworkers;
    int own, any;
    uint32_t own_P, own_D, any_P, any_D;
} pds_walk_t;

static bool
pds_walk(const toptree_t *t, int at, uint64_t P, uint64_t D, pds_walk_t *w)
{
    const node_t *n = &t->nodes[at];
    if (n->first < 0) {
        if (n->flags & (F_RUNNING | F_SOLVED | F_PRUNED))
            return false;
        bool own = w->nworkers <= 1 || n->key % (uint64_t)w->nworkers == (uint64_t)w->worker;
        if (own) {
            w->own = at;
            w->own_P = (uint32_t)(P < INF ? P : INF);
            w->own_D = (uint32_t)(D < INF ? D : INF);
            return true;
        }
        if (w->any < 0) {
            w->any = at;
            w->any_P = (uint32_t)(P < INF ? P : INF);
            w->any_D = (uint32_t)(D < INF ? D : INF);
        }
        return false;
    }
    int idx[HEX_MAX_CELLS];
    int k = open_window(t, n, idx);
    sort_by_delta(t, idx, k);
    for (int i = 0; i < k; i++) {
        const node_t *c = &t->nodes[idx[i]];
        if (c->delta >= P)
            break;              /* not a candidate, nor the rest */
        /* DFPN's thresholds, without the 1+epsilon: the child's delta
         * within its parent's phi threshold, its phi within what the
         * parent's delta threshold leaves */
        uint64_t Pc = D >= INF ? INF : D + c->phi > n->delta ? D + c->phi - n->delta : 0;
        if (Pc <= c->phi)
            continue;
        if (pds_walk(t, idx[i], Pc, P, w))
            return true;
    }
    return false;
}

static uint32_t
grow_slack(uint32_t s)
{
    uint32_t step = s / 4 ? s / 4 : 1;
    return s >= INF - step ? INF : s + step;
}

static int
pds_pick(toptree_t *t, int worker, int nworkers, uint32_t *Pout, uint32_t *Dout)
{
    const node_t *root = &t->nodes[0];
    if (root->phi != t->root_phi || root->delta != t->root_delta) {
        t->dphi = t->ddelta = 1;
        t->root_phi = root->phi;
        t->root_delta = root->delta;
    }
    for (;;) {
        uint64_t P = (uint64_t)root->phi + t->dphi, D = (uint64_t)root->delta + t->ddelta;
        P = P < INF ? P : INF;
        D = D < INF ? D : INF;
        pds_walk_t w = { worker, nworkers, -1, -1, 0, 0, 0, 0 };
        pds_walk(t, 0, P, D, &w);
        if (w.own >= 0 || w.any >= 0) {
            bool own = w.own >= 0;
            *Pout = own ? w.own_P : w.any_P;
            *Dout = own ? w.own_D : w.any_D;
            return own ? w.own : w.any;
        }
        if (P >= INF && D >= INF)
            return -1;          /* every open leaf runs a job */
        /* PDS's rule: the smaller threshold grows */
        if (P <= D && P < INF)
            t->dphi = grow_slack(t->dphi);
        else
            t->ddelta = grow_slack(t->ddelta);
    }
}

int
toptree_pick(toptree_t *t, int worker, int nworkers, uint32_t *P, uint32_t *D)
{
    uint32_t p = INF, d = INF;
    int leaf = -1;
    const node_t *root = &t->nodes[0];
    switch (t->params.scheme) {
    case TOPTREE_TWO_LEVEL:
        leaf = toptree_select(t, &p, &d);
        break;
    case TOPTREE_RP_PNS:
        if (!solved(root))
            leaf = rp_pick(t, worker);
        break;
    case TOPTREE_PARAPDS:
        if (!solved(root))
            leaf = pds_pick(t, worker, nworkers, &p, &d);
        break;
    }
    if (P)
        *P = p;
    if (D)
        *D = d;
    return leaf;
}

void
toptree_position(const toptree_t *t, int node, position_t *pos)
{
    int path[HEX_MAX_CELLS + 2], len = 0;
    for (int a = node; a > 0 && len < HEX_MAX_CELLS + 2; a = t->nodes[a].parent)
        path[len++] = a;
    position_copy(pos, &t->root);
    hex_color_t me = t->to_move;
    int at = 0;
    for (int i = len - 1; i >= 0; i--) {
        const node_t *n = &t->nodes[at];
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < n->nfill[c]; k++)
                position_play(pos, (hex_color_t)c, t->fill[n->fill + (c ? n->nfill[0] : 0) + k]);
        position_play(pos, me, t->nodes[path[i]].move);
        me = hex_color_other(me);
        at = path[i];
    }
    position_set_to_move(pos, me);
}

void
toptree_start(toptree_t *t, int node)
{
    node_t *n = &t->nodes[node];
    if (n->flags & (F_RUNNING | F_SOLVED) || n->first >= 0)
        return;
    n->flags |= F_RUNNING;
    t->running++;
    update_path(t, node);
}

static void
unmark(toptree_t *t, node_t *n)
{
    if (n->flags & F_RUNNING) {
        n->flags &= (uint8_t)~F_RUNNING;
        t->running--;
    }
}

void
toptree_abandon(toptree_t *t, int node)
{
    unmark(t, &t->nodes[node]);
    update_path(t, node);
}

static bool
report_solved(uint32_t phi, uint32_t delta)
{
    return phi == 0 || delta == 0;
}

/* Expand leaf `node` with r's fill-in and children; false when the tree
 * is full (or memory short). */
static bool
expand(toptree_t *t, int node, const toptree_report_t *r)
{
    if (r->nchildren <= 0 || t->nnodes + r->nchildren > t->params.max_nodes)
        return false;
    size_t cap = (size_t)t->cap;
    node_t *nodes = grow(t->nodes, &cap, (size_t)(t->nnodes + r->nchildren), sizeof *nodes);
    if (!nodes)
        return false;
    t->nodes = nodes;
    t->cap = (int)cap;
    size_t nf = (size_t)(r->nfill[0] + r->nfill[1]);
    int16_t *fill = grow(t->fill, &t->fillcap, t->nfill + nf, sizeof *fill);
    if (!fill)
        return false;
    t->fill = fill;
    node_t *n = &t->nodes[node];
    n->fill = (int32_t)t->nfill;
    for (int c = 0; c < 2; c++) {
        n->nfill[c] = (int16_t)r->nfill[c];
        for (int k = 0; k < r->nfill[c]; k++)
            t->fill[t->nfill++] = r->fill[c][k];
    }
    n->first = t->nnodes;
    n->nchildren = (int16_t)r->nchildren;
    for (int i = 0; i < r->nchildren; i++) {
        const toptree_child_t *rc = &r->children[i];
        node_t *c = &t->nodes[t->nnodes++];
        init_node(c, node, rc->move, n->depth + 1);
        c->key = rc->key;
        c->work = rc->work;
        if (report_solved(rc->phi, rc->delta)) {
            set_solved(t, c, rc->phi == 0, rc->best);
            t->stats.solved_children++;
            continue;
        }
        if (solve_from_map(t, c)) {
            t->stats.solved_by_map++;
            continue;
        }
        if (rc->pruned) {
            /* a losing move for the parent, and no leaf for a job */
            c->flags |= F_PRUNED;
            c->phi = c->vphi = 0;
            c->delta = c->vdelta = INF;
            t->stats.pruned++;
            continue;
        }
        c->phi = c->vphi = rc->phi;
        c->delta = c->vdelta = rc->delta;
        if ((int)c->depth > t->stats.depth)
            t->stats.depth = c->depth;
    }
    t->stats.expanded++;
    return true;
}

void
toptree_finish(toptree_t *t, int node, const toptree_report_t *r)
{
    node_t *n = &t->nodes[node];
    unmark(t, n);
    t->stats.jobs++;
    if (!solved(n) && n->first < 0) {
        if (r->work > n->work)
            n->work = r->work;
        if (report_solved(r->phi, r->delta)) {
            set_solved(t, n, r->phi == 0, r->best);
            t->stats.solved_by_job++;
        } else if (n->depth < t->params.max_depth && expand(t, node, r)) {
            n = &t->nodes[node];        /* expand may move the nodes */
        } else {
            if (r->nchildren > 0 && n->depth < t->params.max_depth)
                t->stats.full++;
            n->phi = r->phi;
            n->delta = r->delta;
        }
    }
    update_path(t, node);
}

void
toptree_solve_leaf(toptree_t *t, int node, bool win, int best, uint64_t work)
{
    node_t *n = &t->nodes[node];
    if (solved(n) || n->first >= 0)
        return;
    unmark(t, n);
    if (work > n->work)
        n->work = work;
    set_solved(t, n, win, best);
    update_path(t, node);
}

int
toptree_running(const toptree_t *t)
{
    return t->running;
}

int
toptree_nchildren(const toptree_t *t, int node)
{
    return t->nodes[node].first < 0 ? 0 : t->nodes[node].nchildren;
}

int
toptree_child(const toptree_t *t, int node, int i)
{
    return t->nodes[node].first + i;
}

int
toptree_parent(const toptree_t *t, int node)
{
    return t->nodes[node].parent;
}

int
toptree_move(const toptree_t *t, int node)
{
    return t->nodes[node].move;
}

bool
toptree_solved(const toptree_t *t, int node, bool *win, int *best)
{
    const node_t *n = &t->nodes[node];
    if (!solved(n))
        return false;
    *win = n->phi == 0;
    *best = n->phi == 0 ? n->best : -1;
    return true;
}

uint64_t
toptree_work(const toptree_t *t, int node)
{
    return t->nodes[node].work;
}

uint64_t
toptree_key(const toptree_t *t, int node)
{
    return t->nodes[node].key;
}

size_t
toptree_bytes(const toptree_t *t)
{
    return sizeof *t + (size_t)t->cap * sizeof *t->nodes + t->fillcap * sizeof *t->fill
           + t->logcap * sizeof *t->log + t->mcap * (sizeof *t->mkeys + sizeof *t->mvals);
}

void
toptree_stats(const toptree_t *t, toptree_stats_t *out)
{
    *out = t->stats;
    out->nodes = (uint64_t)t->nnodes;
}

/* ---- the worker's side ------------------------------------------------ */

/* The table's entry for pos, or a fresh one (1, 1, no work). */
static tt_data_t
entry_of(dfpn_t *s, const position_t *pos)
{
    tt_data_t d;
    if (!dfpn_lookup(s, pos, &d)) {
        d.phi = d.delta = 1;
        d.work = 0;
        d.best = -1;
    }
    return d;
}

bool
toptree_report_from(dfpn_t *s, const position_t *pos, toptree_buf_t *b, toptree_report_t *r)
{
    memset(r, 0, sizeof *r);
    tt_data_t d = entry_of(s, pos);
    r->phi = d.phi;
    r->delta = d.delta;
    r->best = d.phi == 0 ? d.best : -1;
    r->work = d.work;
    r->fill[0] = b->fill[0];
    r->fill[1] = b->fill[1];
    r->children = b->children;
    if (tt_solved(&d))
        return true;
    if (!dfpn_node(s, pos, pos->to_move, &b->e))
        return false;
    if (b->e.decided != HEX_EMPTY) {
        /* decided at its expansion (the job stopped before its first
         * call stored it) */
        bool won = b->e.decided == pos->to_move;
        r->phi = won ? 0 : TOPTREE_INF;
        r->delta = won ? TOPTREE_INF : 0;
        r->best = (int16_t)(won ? b->e.win_move : -1);
        return true;
    }
    position_t *p = malloc(sizeof *p);
    if (!p)
        return false;
    position_copy(p, pos);
    hex_color_t me = pos->to_move;
    for (int c = 0; c < 2; c++) {
        bitset_t f = b->e.fill[c];
        for (int x = bitset_first(&f); x >= 0; x = bitset_next(&f, x))
            b->fill[c][r->nfill[c]++] = (int16_t)x;
    }
    bitset_t dominated;
    if (!dfpn_dominated(s, pos, &dominated)) {
        position_free(p);
        free(p);
        return false;
    }
    kn_play_fill(&b->e, p);
    for (int i = 0; i < b->e.n; i++) {
        toptree_child_t *c = &b->children[i];
        position_play(p, me, b->e.moves[i]);
        c->key = position_key(p);
        c->move = b->e.moves[i];
        d = entry_of(s, p);
        c->phi = d.phi;
        c->delta = d.delta;
        c->best = d.phi == 0 ? d.best : -1;
        c->work = d.work;
        c->pruned = bitset_test(&dominated, c->move);
        position_undo(p);
    }
    r->nchildren = b->e.n;
    position_free(p);
    free(p);
    return true;
}

/* ---- checkpoints ------------------------------------------------------- */

/* The format, every integer little-endian:
 *   "hein-toptree 1\n" (15 bytes)
 *   u64 root key, u64 nodes, u64 fill cells, u64 log entries
 *   nodes of 44 bytes: key u64, work u64, phi u32, delta u32, parent
 *     i32, first i32, fill i32, nchildren i16, nfill[2] i16, move i16,
 *     best i16, flags u8 (solved 2, pruned 4), depth u8
 *   fill cells: i16 each
 *   log entries of 19 bytes: key u64, work u64, win u8, best i16
 *   u64 FNV-1a of every byte before it. */

#define TT_MAGIC "hein-toptree 1\n"
#define NODE_BYTES 44
#define LOG_BYTES 19

typedef struct wstate {
    FILE *f;
    uint64_t sum;
    bool ok;
} wstate_t;

static void
wbytes(wstate_t *w, const void *p, size_t n)
{
    if (!w->ok)
        return;
    w->sum = bytes_fnv1a(w->sum, p, n);
    if (fwrite(p, 1, n, w->f) != n)
        w->ok = false;
}

static void
wint(wstate_t *w, uint64_t v, int bytes)
{
    unsigned char b[8];
    bytes_put_le(b, v, bytes);
    wbytes(w, b, (size_t)bytes);
}

bool
toptree_write(const toptree_t *t, FILE *f, char *why, size_t whylen)
{
    wstate_t w = { f, BYTES_FNV_OFFSET, true };
    wbytes(&w, TT_MAGIC, strlen(TT_MAGIC));
    wint(&w, t->nodes[0].key, 8);
    wint(&w, (uint64_t)t->nnodes, 8);
    wint(&w, t->nfill, 8);
    wint(&w, t->nlog, 8);
    for (int i = 0; i < t->nnodes; i++) {
        const node_t *n = &t->nodes[i];
        /* a running leaf is written as it was before its job */
        wint(&w, n->key, 8);
        wint(&w, n->work, 8);
        wint(&w, n->phi, 4);
        wint(&w, n->delta, 4);
        wint(&w, (uint32_t)n->parent, 4);
        wint(&w, (uint32_t)n->first, 4);
        wint(&w, (uint32_t)n->fill, 4);
        wint(&w, (uint16_t)n->nchildren, 2);
        wint(&w, (uint16_t)n->nfill[0], 2);
        wint(&w, (uint16_t)n->nfill[1], 2);
        wint(&w, (uint16_t)n->move, 2);
        wint(&w, (uint16_t)n->best, 2);
        wint(&w, n->flags & (F_SOLVED | F_PRUNED), 1);
        wint(&w, (uint8_t)n->depth, 1);
    }
    for (size_t i = 0; i < t->nfill; i++)
        wint(&w, (uint16_t)t->fill[i], 2);
    for (size_t i = 0; i < t->nlog; i++) {
        wint(&w, t->log[i].key, 8);
        wint(&w, t->log[i].work, 8);
        wint(&w, t->log[i].win, 1);
        wint(&w, (uint16_t)t->log[i].best, 2);
    }
    uint64_t sum = w.sum;
    wint(&w, sum, 8);
    if (!w.ok)
        snprintf(why, whylen, "cannot write the top tree");
    return w.ok;
}

typedef struct rstate {
    FILE *f;
    uint64_t sum;
    bool ok;
} rstate_t;

static uint64_t
get_int(rstate_t *r, int bytes)
{
    unsigned char b[8];
    if (!r->ok || fread(b, 1, (size_t)bytes, r->f) != (size_t)bytes) {
        r->ok = false;
        return 0;
    }
    r->sum = bytes_fnv1a(r->sum, b, (size_t)bytes);
    return bytes_get_le(b, bytes);
}

static int16_t
i16(uint64_t v)
{
    return (int16_t)(uint16_t)v;
}

static bool
read_fail(toptree_t *t, char *why, size_t whylen, const char *what)
{
    snprintf(why, whylen, "top tree: %s", what);
    position_t root;
    position_copy(&root, &t->root);
    toptree_reset(t, &root, t->to_move);
    position_free(&root);
    return false;
}

bool
toptree_read(toptree_t *t, FILE *f, char *why, size_t whylen)
{
    rstate_t r = { f, BYTES_FNV_OFFSET, true };
    char magic[sizeof TT_MAGIC];
    size_t ml = strlen(TT_MAGIC);
    if (fread(magic, 1, ml, f) != ml || memcmp(magic, TT_MAGIC, ml) != 0)
        return read_fail(t, why, whylen, "not a top tree of this version");
    r.sum = bytes_fnv1a(r.sum, magic, ml);
    uint64_t root = get_int(&r, 8), nn = get_int(&r, 8), nf = get_int(&r, 8), nl = get_int(&r, 8);
    if (!r.ok)
        return read_fail(t, why, whylen, "cut short");
    if (root != t->nodes[0].key)
        return read_fail(t, why, whylen, "of another position");
    if (nn < 1 || nn > (uint64_t)t->params.max_nodes || nn > INT32_MAX || nf > INT32_MAX
        || nl > UINT32_MAX)
        return read_fail(t, why, whylen, "sizes out of range");
    size_t cap = (size_t)t->cap;
    node_t *nodes = grow(t->nodes, &cap, (size_t)nn, sizeof *nodes);
    if (!nodes)
        return read_fail(t, why, whylen, "out of memory");
    t->nodes = nodes;
    t->cap = (int)cap;
    int16_t *fill = grow(t->fill, &t->fillcap, (size_t)nf, sizeof *fill);
    if (!fill)
        return read_fail(t, why, whylen, "out of memory");
    t->fill = fill;
    for (uint64_t i = 0; i < nn && r.ok; i++) {
        node_t *n = &t->nodes[i];
        memset(n, 0, sizeof *n);
        n->key = get_int(&r, 8);
        n->work = get_int(&r, 8);
        n->phi = (uint32_t)get_int(&r, 4);
        n->delta = (uint32_t)get_int(&r, 4);
        n->parent = (int32_t)(uint32_t)get_int(&r, 4);
        n->first = (int32_t)(uint32_t)get_int(&r, 4);
        n->fill = (int32_t)(uint32_t)get_int(&r, 4);
        n->nchildren = i16(get_int(&r, 2));
        n->nfill[0] = i16(get_int(&r, 2));
        n->nfill[1] = i16(get_int(&r, 2));
        n->move = i16(get_int(&r, 2));
        n->best = i16(get_int(&r, 2));
        n->flags = (uint8_t)(get_int(&r, 1) & (F_SOLVED | F_PRUNED));
        n->depth = (int16_t)get_int(&r, 1);
        n->vphi = n->phi;
        n->vdelta = n->delta;
    }
    for (uint64_t i = 0; i < nf && r.ok; i++)
        t->fill[i] = i16(get_int(&r, 2));
    /* the log: read into a fresh one, then rebuild the map */
    toptree_forget(t);
    for (uint64_t i = 0; i < nl && r.ok; i++) {
        toptree_solved_t e;
        e.key = get_int(&r, 8);
        e.work = get_int(&r, 8);
        e.win = get_int(&r, 1) != 0;
        e.best = i16(get_int(&r, 2));
        toptree_solved_t *l = grow(t->log, &t->logcap, t->nlog + 1, sizeof *t->log);
        if (!l)
            return read_fail(t, why, whylen, "out of memory");
        t->log = l;
        t->log[t->nlog] = e;
        map_put(t, e.key, (uint32_t)t->nlog);
        t->nlog++;
    }
    uint64_t sum = r.sum;
    uint64_t stored = get_int(&r, 8);
    if (!r.ok)
        return read_fail(t, why, whylen, "cut short");
    if (stored != sum)
        return read_fail(t, why, whylen, "damaged (check sum)");
    /* the structure: parents before children, ranges inside the tree */
    for (uint64_t i = 0; i < nn; i++) {
        const node_t *n = &t->nodes[i];
        bool bad = (i == 0) != (n->parent < 0) || (i > 0 && (uint64_t)n->parent >= i)
            || (n->first >= 0 && (n->first <= (int32_t)i || n->nchildren < 1
                                  || (uint64_t)n->first + (uint64_t)n->nchildren > nn))
            || (n->first < 0 && n->first != -1)
            || n->nfill[0] < 0 || n->nfill[1] < 0
            || (n->fill >= 0 && (uint64_t)n->fill + (uint64_t)(n->nfill[0] + n->nfill[1]) > nf)
            || (n->fill < 0 && n->nfill[0] + n->nfill[1] > 0);
        if (bad)
            return read_fail(t, why, whylen, "damaged (structure)");
    }
    t->nnodes = (int)nn;
    t->nfill = (size_t)nf;
    t->running = 0;
    t->stats.nodes = nn;
    for (int i = 0; i < t->nnodes; i++)
        if (t->nodes[i].depth > t->stats.depth)
            t->stats.depth = t->nodes[i].depth;
    return true;
}
