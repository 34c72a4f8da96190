/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Serial SCNS, depth-first with a transposition table (see scns.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/expcache.h"
#include "search/scns.h"
#include "search/table.h"

/* Calls between two looks at the clock and the interrupt: a call may
 * expand a node (milliseconds on 11x11), a look costs tens of
 * nanoseconds, so the search looks often and overruns its deadline by a
 * few expansions at most. */
#define STOP_CHECK_EVERY 4
/* Root interludes in a row without an expansion before the search gives
 * up (a safety net: every call below the root expands a node unless the
 * table changed under it, which a serial search does not do). */
#define IDLE_INTERLUDES_MAX 100
/* The RAVE table's share of params->tt_mb. */
#define RAVE_SHARE 4

#define COUNT_INF PNFUNC_INF

/* The node table's payload: the node's functions relative to its own
 * evaluation, Black's view, and the child selected last (a proven win:
 * the winning child), -1 for none. */
typedef struct node {
    pnfunc_t p, d;
    int16_t best;
} node_t;

/* One recursion level: the node, its expansion and its children. */
typedef struct frame {
    kn_expansion_t e;
    uint64_t key;               /* the node's (before its fill-in) */
    uint64_t work;              /* the node's work so far */
    int played;                 /* the child searched now, -1: none */
    uint64_t ckey[HEX_MAX_CELLS];       /* the children's keys */
    int32_t err[HEX_MAX_CELLS]; /* e(n -> s), value units */
    pnfunc_value_t off[HEX_MAX_CELLS];  /* o(n -> s): the child's
                                         * evaluation less the node's */
    uint64_t cwork[HEX_MAX_CELLS];      /* the children's work */
    pnfunc_count_t cm[HEX_MAX_CELLS];   /* the mover's number at each
                                         * child (the child's delta) */
    pnfunc_count_t co[HEX_MAX_CELLS];   /* the opponent's (its phi) */
} frame_t;

/* What one update of a node found. */
typedef struct update {
    pnfunc_count_t phi, delta;
    int j1, j2;                 /* least and second least cm; -1: none */
    int last;                   /* the child playing node.best; -1 */
} update_t;

/* One thread's workspace: no lock of its own, as no other thread sees
 * it; its tables lock their buckets (table.h) all the same, and the
 * expansion cache its slots (expcache.h), so a parallel search may share
 * them later. */
struct scns {
    kn_config_t cfg;
    kn_t *kn;
    expcache_t *cache;
    table_t *nodes;
    table_t *rave;
    int tt_mb;                  /* the tables' size (0: not made) */
    int rave_cells;             /* cells per RAVE entry */
    uint16_t *rave_buf;         /* one RAVE entry: wins, losses by cell */
    frame_t *frames;            /* HEX_MAX_CELLS + 2 levels; the last one
                                 * is the principal variation's */
    pnfunc_t *sp, *sd;          /* the children's functions, shifted */
    const pnfunc_t **pp, **pd;
    position_t pos;             /* the node being searched */
    position_t root;            /* the search's root position */
    bool have_pos;              /* pos and root are set */
    const scns_params_t *params;
    const stop_t *stop;
    bool stopped;
    hex_color_t root_to_move;
    pnfunc_value_t hi, lo;      /* the interval (v_max, v_min), Black's */
    pnfunc_t leaf_p, leaf_d;    /* a new leaf's relative functions */
    uint64_t root_work[HEX_MAX_CELLS];  /* by cell: expansions below each
                                         * root child in this search */
    scns_stats_t stats;
    double start, next_progress;
    scns_progress_fn progress;
    void *progress_arg;
};

void
scns_params_default(scns_params_t *p)
{
    p->multi_step = true;
    p->delta = 52;
    p->epsilon = 0.41;
    p->eta = 0.30;
    p->p_max = 1;
    p->d_max = 1;
    p->delta_p = 8;
    p->delta_d = 7;
    p->tolerance = 0;
    p->interlude = 20;
    p->use_rave = true;
    p->rave_shift = 211;
    p->rave_impact = 782;
    p->use_forgetting = true;
    p->forget_work = 1824;
    p->tt_mb = 64;
    p->max_expansions = 0;
    p->progress_interval = 1;
}

/* ---- the workspace ---------------------------------------------------- */

static bool
node_final(const void *payload)
{
    const node_t *n = payload;
    pnfunc_value_t m = pnfunc_reach(&n->p, 0);
    return m == PNFUNC_PLUS_INF || m == PNFUNC_MINUS_INF;
}

scns_t *
scns_new(const kn_config_t *cfg)
{
    scns_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *cfg;
    s->kn = kn_new(cfg);
    s->cache = expcache_new(1);
    s->frames = malloc((HEX_MAX_CELLS + 2) * sizeof *s->frames);
    s->sp = malloc(HEX_MAX_CELLS * sizeof *s->sp);
    s->sd = malloc(HEX_MAX_CELLS * sizeof *s->sd);
    s->pp = malloc(HEX_MAX_CELLS * sizeof *s->pp);
    s->pd = malloc(HEX_MAX_CELLS * sizeof *s->pd);
    s->rave_buf = malloc(2 * HEX_MAX_CELLS * sizeof *s->rave_buf);
    if (!s->kn || !s->cache || !s->frames || !s->sp || !s->sd || !s->pp || !s->pd
        || !s->rave_buf) {
        scns_free(s);
        return NULL;
    }
    return s;
}

void
scns_free(scns_t *s)
{
    if (!s)
        return;
    kn_free(s->kn);
    expcache_free(s->cache);
    table_free(s->nodes);
    table_free(s->rave);
    free(s->frames);
    free(s->sp);
    free(s->sd);
    free(s->pp);
    free(s->pd);
    free(s->rave_buf);
    if (s->have_pos) {
        position_free(&s->pos);
        position_free(&s->root);
    }
    free(s);
}

void
scns_clear(scns_t *s)
{
    if (s->nodes)
        table_clear(s->nodes);
    if (s->rave)
        table_clear(s->rave);
    expcache_clear(s->cache);
    kn_forget(s->kn);
}

void
scns_set_progress(scns_t *s, scns_progress_fn fn, void *arg)
{
    s->progress = fn;
    s->progress_arg = arg;
}

/* The tables for params and a board of `cells` cells, made again (empty)
 * when their sizes change; false when memory is short. */
static bool
prepare_tables(scns_t *s, const scns_params_t *params, int cells)
{
    if (s->nodes && s->tt_mb != params->tt_mb) {
        table_free(s->nodes);
        table_free(s->rave);
        s->nodes = s->rave = NULL;
    }
    if (s->rave && s->rave_cells != cells) {
        table_free(s->rave);
        s->rave = NULL;
    }
    size_t bytes = (size_t)params->tt_mb << 20;
    if (!s->nodes) {
        s->nodes = table_new(bytes, sizeof(node_t), node_final);
        s->tt_mb = params->tt_mb;
    }
    if (!s->rave) {
        s->rave = table_new(bytes / RAVE_SHARE, 2 * (size_t)cells * sizeof(uint16_t), NULL);
        s->rave_cells = cells;
    }
    if (!s->nodes || !s->rave) {
        table_free(s->nodes);
        table_free(s->rave);
        s->nodes = s->rave = NULL;
        return false;
    }
    return true;
}

bool
scns_lookup(scns_t *s, const position_t *pos, pnfunc_t *p, pnfunc_t *d, uint64_t *work)
{
    node_t n;
    if (!s->nodes || !table_lookup(s->nodes, position_key(pos), &n, work))
        return false;
    *p = n.p;
    *d = n.d;
    return true;
}

bool
scns_rave_lookup(scns_t *s, const position_t *pos, int cell, unsigned *wins, unsigned *losses)
{
    if (!s->rave || cell < 0 || cell >= s->rave_cells
        || !table_lookup(s->rave, position_key(pos), s->rave_buf, NULL))
        return false;
    *wins = s->rave_buf[2 * cell];
    *losses = s->rave_buf[2 * cell + 1];
    return true;
}

/* ---- evaluation ------------------------------------------------------- */

double
scns_erfinv(double x)
{
    if (!(x > -1))
        return -INFINITY;
    if (!(x < 1))
        return INFINITY;
    /* Giles' single-precision approximation, then Newton on erf. */
    double w = -log((1 - x) * (1 + x)), y;
    if (w < 5) {
        w -= 2.5;
        y = 2.81022636e-08;
        y = 3.43273939e-07 + y * w;
        y = -3.5233877e-06 + y * w;
        y = -4.39150654e-06 + y * w;
        y = 0.00021858087 + y * w;
        y = -0.00125372503 + y * w;
        y = -0.00417768164 + y * w;
        y = 0.246640727 + y * w;
        y = 1.50140941 + y * w;
    } else {
        w = sqrt(w) - 3;
        y = -0.000200214257;
        y = 0.000100950558 + y * w;
        y = 0.00134934322 + y * w;
        y = -0.00367342844 + y * w;
        y = 0.00573950773 + y * w;
        y = -0.0076224613 + y * w;
        y = 0.00943887047 + y * w;
        y = 1.00167406 + y * w;
        y = 2.83297682 + y * w;
    }
    y *= x;
    for (int i = 0; i < 2; i++) {
        double err = erf(y) - x;
        y -= err / (1.1283791670955126 * exp(-y * y));  /* erf' = 2/sqrt(pi) e^(-y^2) */
    }
    return y;
}

/* e(n -> s) of every move of the expansion e into err (scns.h). */
static void
base_errors(const kn_expansion_t *e, int32_t *err)
{
    double best = 0;
    for (int i = 0; i < e->n; i++)
        if (e->score[i] > best)
            best = e->score[i];
    for (int i = 0; i < e->n; i++) {
        double x = 0;
        if (best > 0)
            x = e->score[i] > 0 ? PNFUNC_UNITS_PER_NAT * log(best / e->score[i]) : SCNS_ERROR_MAX;
        err[i] = x < SCNS_ERROR_MAX ? (int32_t)lround(x) : SCNS_ERROR_MAX;
    }
}

/* The node's RAVE entry into s->rave_buf; false when it has none. */
static bool
rave_get(scns_t *s, uint64_t key)
{
    return table_lookup(s->rave, key, s->rave_buf, NULL);
}

int32_t
scns_move_error(const scns_params_t *params, int32_t base, unsigned wins, unsigned losses,
                uint64_t work)
{
    double e = base;
    double w = wins, l = losses, g = w + l;
    if (params->use_rave && g > 0) {
        double alpha = sqrt(g / (3 * params->rave_shift + g));
        double er = scns_erfinv((l - w) / (g + 1));
        e = (1 - alpha) * e + alpha * params->rave_impact * er;
    }
    if (params->use_forgetting) {
        double k = 1 - (double)work / params->forget_work;
        e *= k > 0 ? k : 0;
    }
    if (e > SCNS_ERROR_MAX)
        e = SCNS_ERROR_MAX;
    if (e < -SCNS_ERROR_MAX)
        e = -SCNS_ERROR_MAX;
    return (int32_t)lround(e);
}

/* The children's offsets o(n -> s) into f->off, from their base errors,
 * the node's RAVE statistics and their work (f->cwork), for the mover
 * `me` (scns.h, Evaluation). */
static void
offsets(scns_t *s, frame_t *f, hex_color_t me)
{
    bool rave = s->params->use_rave && rave_get(s, f->key);
    for (int i = 0; i < f->e.n; i++) {
        int cell = f->e.moves[i];
        unsigned w = rave ? s->rave_buf[2 * cell] : 0, l = rave ? s->rave_buf[2 * cell + 1] : 0;
        int32_t o = scns_move_error(s->params, f->err[i], w, l, f->cwork[i]);
        f->off[i] = me == HEX_BLACK ? -o : o;
    }
}

/* After an expansion found a terminal node at `depth`, won by `winner`:
 * each node of the path gets a win or a loss, for its own mover, for
 * every later move of the path that its mover made (§3.2). */
static void
rave_update(scns_t *s, int depth, hex_color_t winner)
{
    for (int d = 0; d < depth; d++) {
        const frame_t *f = &s->frames[d];
        hex_color_t mover = d % 2 == 0 ? s->root_to_move : hex_color_other(s->root_to_move);
        if (!rave_get(s, f->key))
            memset(s->rave_buf, 0, 2 * (size_t)s->rave_cells * sizeof *s->rave_buf);
        int side = winner == mover ? 0 : 1;
        for (int k = d; k < depth; k += 2) {
            const frame_t *g = &s->frames[k];
            int cell = g->e.moves[g->played];
            uint16_t *c = &s->rave_buf[2 * cell];
            if (c[side] == UINT16_MAX) {
                c[0] /= 2;
                c[1] /= 2;
            }
            c[side]++;
        }
        table_store(s->rave, f->key, s->rave_buf, f->work);
    }
}

/* ---- nodes -------------------------------------------------------------- */

/* The expansion of pos for its side to move, from the cache or fresh. */
static bool
expand(scns_t *s, const position_t *pos, kn_expansion_t *out)
{
    if (expcache_get(s->cache, pos, out))
        return true;
    if (!kn_expand(s->kn, pos, pos->to_move, out))
        return false;
    s->stats.knowledge++;
    expcache_put(s->cache, pos, out);
    return true;
}

/* The functions of a node decided at its expansion: +inf when Black has
 * won, -inf when White has. */
static void
terminal_node(node_t *n, hex_color_t winner)
{
    pnfunc_value_t x = winner == HEX_BLACK ? PNFUNC_PLUS_INF : PNFUNC_MINUS_INF;
    pnfunc_leaf(&n->p, PNFUNC_PROOF, x, true);
    pnfunc_leaf(&n->d, PNFUNC_DISPROOF, x, true);
}

/* Black's number p(hi) and White's d(lo), as the mover's (cm) and the
 * opponent's (co). */
static void
numbers(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t hi, pnfunc_value_t lo,
        hex_color_t me, pnfunc_count_t *cm, pnfunc_count_t *co)
{
    pnfunc_count_t b = pnfunc_eval(p, hi), w = pnfunc_eval(d, lo);
    *cm = me == HEX_BLACK ? b : w;
    *co = me == HEX_BLACK ? w : b;
}

/* The children of f (s->pos its filled position, `me` to move): their
 * stored functions (or a new leaf's), work and offsets; their functions
 * shifted to the node's evaluation into s->sp, s->sd.  With hi/lo (the
 * node's targets, relative to its evaluation) their numbers into f->cm,
 * f->co. */
static void
read_children(scns_t *s, frame_t *f, hex_color_t me, pnfunc_value_t hi, pnfunc_value_t lo)
{
    for (int i = 0; i < f->e.n; i++) {
        node_t c;
        if (table_lookup(s->nodes, f->ckey[i], &c, &f->cwork[i])) {
            s->sp[i] = c.p;
            s->sd[i] = c.d;
        } else {
            s->sp[i] = s->leaf_p;
            s->sd[i] = s->leaf_d;
            f->cwork[i] = 0;
        }
    }
    offsets(s, f, me);
    for (int i = 0; i < f->e.n; i++) {
        pnfunc_shift(&s->sp[i], f->off[i]);
        pnfunc_shift(&s->sd[i], f->off[i]);
        numbers(&s->sp[i], &s->sd[i], hi, lo, me, &f->cm[i], &f->co[i]);
    }
}

/* Rule (2) over the shifted children into n (Black maximises). */
static void
combine(scns_t *s, const frame_t *f, hex_color_t me, node_t *n)
{
    for (int i = 0; i < f->e.n; i++) {
        s->pp[i] = &s->sp[i];
        s->pd[i] = &s->sd[i];
    }
    double eta = s->params->eta;
    if (me == HEX_BLACK) {
        pnfunc_min(&n->p, s->pp, f->e.n, eta);
        pnfunc_sum(&n->d, s->pd, f->e.n, eta);
    } else {
        pnfunc_sum(&n->p, s->pp, f->e.n, eta);
        pnfunc_min(&n->d, s->pd, f->e.n, eta);
    }
}

/* Read f's children, set the node's functions from theirs, store them
 * with its work, and its numbers into u. */
static void
update_node(scns_t *s, frame_t *f, hex_color_t me, pnfunc_value_t hi, pnfunc_value_t lo,
            node_t *n, update_t *u)
{
    read_children(s, f, me, hi, lo);
    combine(s, f, me, n);
    u->phi = COUNT_INF;
    u->delta = 0;
    u->j1 = u->j2 = u->last = -1;
    for (int i = 0; i < f->e.n; i++) {
        u->delta = pnfunc_count_add(u->delta, f->co[i]);
        if (u->j1 < 0 || f->cm[i] < f->cm[u->j1]) {
            u->j2 = u->j1;
            u->j1 = i;
        } else if (u->j2 < 0 || f->cm[i] < f->cm[u->j2]) {
            u->j2 = i;
        }
        if (f->e.moves[i] == n->best)
            u->last = i;
    }
    if (u->j1 >= 0)
        u->phi = f->cm[u->j1];
    if (u->phi == 0)
        n->best = f->e.moves[u->j1];
    table_store(s->nodes, f->key, n, f->work);
}

/* The thresholds of a child (dfpn.c): Pc for its phi (co), Dc for its
 * delta (cm), with `second` the mover's number it must stay under. */
static void
thresholds(const scns_t *s, pnfunc_count_t P, pnfunc_count_t D, pnfunc_count_t delta,
           pnfunc_count_t co, pnfunc_count_t second, pnfunc_count_t *Pc, pnfunc_count_t *Dc)
{
    if (D >= COUNT_INF || delta >= COUNT_INF)
        *Pc = D >= COUNT_INF ? COUNT_INF : D;
    else
        *Pc = D - (delta - co);
    pnfunc_count_t grown;
    if (second >= COUNT_INF) {
        grown = COUNT_INF;
    } else {
        double g = ceil((1.0 + s->params->epsilon) * (double)second);
        grown = g >= (double)COUNT_INF ? COUNT_INF : (pnfunc_count_t)g;
        if (grown < second + 1)
            grown = second + 1;
    }
    *Dc = P < grown ? P : grown;
}

/* The child to search under P, D and its thresholds: the last one while
 * it stays within its threshold, else the one with the least cm. */
static int
select_child(const scns_t *s, const frame_t *f, const update_t *u, pnfunc_count_t P,
             pnfunc_count_t D, pnfunc_count_t *Pc, pnfunc_count_t *Dc)
{
    int j1 = u->j1, last = u->last;
    pnfunc_count_t second = u->j2 >= 0 ? f->cm[u->j2] : COUNT_INF;
    thresholds(s, P, D, u->delta, f->co[j1], second, Pc, Dc);
    if (last >= 0 && last != j1) {
        pnfunc_count_t Pl, Dl;
        thresholds(s, P, D, u->delta, f->co[last], f->cm[j1], &Pl, &Dl);
        if (f->cm[last] < Dl) {
            *Pc = Pl;
            *Dc = Dl;
            return last;
        }
    }
    return j1;
}

/* ---- the root's view ---------------------------------------------------- */

/* v for the root's side to move. */
static pnfunc_value_t
for_root(const scns_t *s, pnfunc_value_t v)
{
    return s->root_to_move == HEX_BLACK ? v : -v;
}

/* The root move with the most work in this search (ties: the first), or
 * -1 when the root frame has no moves. */
static int
most_work(const scns_t *s)
{
    const kn_expansion_t *e = &s->frames[0].e;
    int best = -1;
    for (int i = 0; i < e->n; i++)
        if (best < 0 || s->root_work[e->moves[i]] > s->root_work[e->moves[best]])
            best = i;
    return best < 0 ? -1 : e->moves[best];
}

/* The minimax line from the filled position p (its expansion e, `me` to
 * move) as the table holds it, into pv; returns its length. */
static int
walk_pv(scns_t *s, position_t *p, int16_t *pv, int max)
{
    frame_t *f = &s->frames[HEX_MAX_CELLS + 1];
    int n = 0, played = 0;
    while (n < max) {
        node_t nd;
        f->key = position_key(p);
        if (!table_lookup(s->nodes, f->key, &nd, &f->work) || !expand(s, p, &f->e)
            || f->e.decided != HEX_EMPTY)
            break;
        hex_color_t me = p->to_move;
        played += kn_play_fill(&f->e, p);
        for (int i = 0; i < f->e.n; i++) {
            position_play(p, me, f->e.moves[i]);
            f->ckey[i] = position_key(p);
            position_undo(p);
        }
        base_errors(&f->e, f->err);
        read_children(s, f, me, PNFUNC_PLUS_INF, PNFUNC_MINUS_INF);
        int best = -1;
        pnfunc_value_t bv = 0;
        for (int i = 0; i < f->e.n; i++) {
            pnfunc_value_t v = pnfunc_reach(&s->sp[i], 0);
            if (me == HEX_WHITE)
                v = -v;
            if (best < 0 || v > bv) {
                best = i;
                bv = v;
            }
        }
        if (best < 0)
            break;
        pv[n++] = f->e.moves[best];
        position_play(p, me, f->e.moves[best]);
        played++;
    }
    while (played-- > 0)
        position_undo(p);
    return n;
}

/* The principal variation: `first`, played from the root position, then
 * the minimax line the table holds. */
static int
principal_variation(scns_t *s, const position_t *root, int first, int16_t *pv)
{
    if (first < 0)
        return 0;
    position_t p;
    position_copy(&p, root);
    kn_expansion_t *e = &s->frames[HEX_MAX_CELLS + 1].e;
    int n = 0;
    if (expand(s, &p, e) && e->decided == HEX_EMPTY) {
        kn_play_fill(e, &p);
        pv[n++] = (int16_t)first;
        position_play(&p, p.to_move, first);
        n += walk_pv(s, &p, pv + 1, SCNS_PV_MAX - 1);
    }
    position_free(&p);
    return n;
}

static void
report_progress(scns_t *s, const position_t *root)
{
    double now = stop_now();
    s->stats.seconds = now - s->start;
    if (!s->progress || s->params->progress_interval <= 0 || now < s->next_progress)
        return;
    s->next_progress = now + s->params->progress_interval;
    node_t nd;
    pnfunc_value_t value = 0;
    if (table_lookup(s->nodes, position_key(root), &nd, NULL))
        value = pnfunc_reach(&nd.p, 0);
    int best = most_work(s);
    int16_t pv[SCNS_PV_MAX];
    int n = principal_variation(s, root, best, pv);
    pnfunc_value_t vmin = s->root_to_move == HEX_BLACK ? s->lo : -s->hi;
    pnfunc_value_t vmax = s->root_to_move == HEX_BLACK ? s->hi : -s->lo;
    scns_progress_t pr = {
        .stats = &s->stats,
        .value = for_root(s, value),
        .v_min = vmin,
        .v_max = vmax,
        .best = best,
        .best_work = best >= 0 ? s->root_work[best] : 0,
        .pv = pv,
        .pv_len = n,
    };
    s->progress(s->progress_arg, &pr);
}

/* ---- the search -------------------------------------------------------- */

static bool
check_stop(scns_t *s)
{
    if (s->stopped)
        return true;
    if (s->stats.calls % STOP_CHECK_EVERY == 0) {
        if (stop_requested(s->stop))
            s->stopped = true;
        else
            report_progress(s, &s->root);
    }
    return s->stopped;
}

/* CNS on s->pos at recursion depth `depth` with thresholds P (for the
 * mover's number) and D (the opponent's), at most W expansions, and the
 * targets hi (Black's) and lo (White's) relative to the node's
 * evaluation.  Returns the expansions made. */
static uint64_t
mid(scns_t *s, int depth, pnfunc_count_t P, pnfunc_count_t D, uint64_t W, pnfunc_value_t hi,
    pnfunc_value_t lo)
{
    s->stats.calls++;
    frame_t *f = &s->frames[depth];
    f->key = position_key(&s->pos);
    f->played = -1;
    node_t nd;
    uint64_t work, local = 0;
    bool known = table_lookup(s->nodes, f->key, &nd, &work);
    if (!known) {
        local = 1;
        s->stats.expansions++;
        work = 0;
        nd.best = -1;
    }
    f->work = work + local;
    if (!expand(s, &s->pos, &f->e)) {
        s->stopped = true;      /* out of memory: stop */
        return local;
    }
    if (f->e.decided != HEX_EMPTY) {
        terminal_node(&nd, f->e.decided);
        nd.best = (int16_t)f->e.win_move;
        table_store(s->nodes, f->key, &nd, f->work);
        if (!known) {
            s->stats.terminal++;
            if (s->params->use_rave)
                rave_update(s, depth, f->e.decided);
        }
        return local;
    }
    hex_color_t me = s->pos.to_move;
    int filled = kn_play_fill(&f->e, &s->pos);
    for (int i = 0; i < f->e.n; i++) {
        position_play(&s->pos, me, f->e.moves[i]);
        f->ckey[i] = position_key(&s->pos);
        position_undo(&s->pos);
    }
    base_errors(&f->e, f->err);
    for (;;) {
        update_t u;
        update_node(s, f, me, hi, lo, &nd, &u);
        /* at the root a number 0 says that a side reached its target:
         * the interval is stale */
        if (u.phi >= P || u.delta >= D || (depth == 0 && (u.phi == 0 || u.delta == 0))
            || local >= W || check_stop(s))
            break;
        pnfunc_count_t Pc, Dc;
        int j = select_child(s, f, &u, P, D, &Pc, &Dc);
        int move = f->e.moves[j];
        pnfunc_value_t off = f->off[j];
        nd.best = (int16_t)move;
        f->played = j;
        position_play(&s->pos, me, move);
        uint64_t w = mid(s, depth + 1, Pc, Dc, W - local, pnfunc_value_add(hi, -off),
                         pnfunc_value_add(lo, -off));
        position_undo(&s->pos);
        f->played = -1;
        local += w;
        f->work += w;
        if (depth == 0)
            s->root_work[move] += w;
    }
    kn_undo_fill(&s->pos, filled);
    return local;
}

/* The interval (5) from the root's functions p, d (Black's, absolute)
 * and v_root: P_max and delta_p on the root mover's side. */
static void
set_interval(scns_t *s, const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t v)
{
    const scns_params_t *pr = s->params;
    bool black = s->root_to_move == HEX_BLACK;
    pnfunc_count_t hmax = (pnfunc_count_t)(black ? pr->p_max : pr->d_max);
    pnfunc_count_t lmax = (pnfunc_count_t)(black ? pr->d_max : pr->p_max);
    pnfunc_value_t hstep = black ? pr->delta_p : pr->delta_d;
    pnfunc_value_t lstep = black ? pr->delta_d : pr->delta_p;
    pnfunc_count_t hc = pnfunc_eval(p, pnfunc_value_add(v, hstep));
    pnfunc_count_t lc = pnfunc_eval(d, pnfunc_value_add(v, -lstep));
    s->hi = pnfunc_reach(p, hc > hmax ? hc : hmax);
    s->lo = pnfunc_reach(d, lc > lmax ? lc : lmax);
    if (s->hi <= v)
        s->hi = pnfunc_value_add(v, 1);
    if (s->lo >= v)
        s->lo = pnfunc_value_add(v, -1);
}

/* The root's children as the search left them into out (values for the
 * root's mover), and the move to play (scns.h, Work). */
static void
root_result(scns_t *s, scns_result_t *out)
{
    frame_t *f = &s->frames[0];
    hex_color_t me = s->root_to_move;
    /* the root frame, fresh: its expansion and its children's keys */
    position_t *p = &s->pos;
    int filled = kn_play_fill(&f->e, p);
    for (int i = 0; i < f->e.n; i++) {
        position_play(p, me, f->e.moves[i]);
        f->ckey[i] = position_key(p);
        position_undo(p);
    }
    kn_undo_fill(p, filled);
    f->key = position_key(p);
    uint64_t work = 0;
    node_t nd;
    if (table_lookup(s->nodes, f->key, &nd, &work))
        f->work = work;
    base_errors(&f->e, f->err);
    read_children(s, f, me, s->hi, s->lo);
    out->nchildren = f->e.n;
    pnfunc_value_t best_value = PNFUNC_MINUS_INF;
    for (int i = 0; i < f->e.n; i++) {
        scns_child_t *c = &out->child[i];
        c->move = f->e.moves[i];
        c->value = for_root(s, pnfunc_reach(&s->sp[i], 0));
        c->work = s->root_work[c->move];
        if (c->value > best_value)
            best_value = c->value;
    }
    out->value = best_value;
    int pick = -1;
    if (best_value == PNFUNC_PLUS_INF) {
        /* a proven win: a winning child, the most worked on first */
        out->winner = me;
        for (int i = 0; i < f->e.n; i++)
            if (out->child[i].value == PNFUNC_PLUS_INF
                && (pick < 0 || out->child[i].work > out->child[pick].work))
                pick = i;
    } else if (best_value == PNFUNC_MINUS_INF) {
        /* a proven loss: the child whose refutation took most work */
        out->winner = hex_color_other(me);
        for (int i = 0; i < f->e.n; i++)
            if (pick < 0 || f->cwork[i] > f->cwork[pick])
                pick = i;
    } else {
        /* the most work below it in this search, then the best value,
         * then the expansion's order */
        for (int i = 0; i < f->e.n; i++) {
            const scns_child_t *c = &out->child[i];
            if (c->value == PNFUNC_MINUS_INF)
                continue;
            if (pick < 0 || c->work > out->child[pick].work
                || (c->work == out->child[pick].work && c->value > out->child[pick].value))
                pick = i;
        }
    }
    out->move = pick >= 0 ? out->child[pick].move : -1;
}

bool
scns_search(scns_t *s, const position_t *pos, hex_color_t to_move,
            const scns_params_t *params, const stop_t *stop, scns_result_t *out)
{
    if (!prepare_tables(s, params, pos->geo->ncells))
        return false;
    memset(&s->stats, 0, sizeof s->stats);
    memset(s->root_work, 0, sizeof s->root_work);
    if (s->have_pos) {
        position_free(&s->pos);
        position_free(&s->root);
    }
    position_copy(&s->pos, pos);
    position_set_to_move(&s->pos, to_move);
    position_copy(&s->root, &s->pos);
    s->have_pos = true;
    s->params = params;
    s->stop = stop;
    s->stopped = false;
    s->root_to_move = to_move;
    s->start = stop_now();
    s->next_progress = s->start + params->progress_interval;
    if (params->multi_step) {
        pnfunc_leaf_steps(&s->leaf_p, PNFUNC_PROOF, 0, params->delta);
        pnfunc_leaf_steps(&s->leaf_d, PNFUNC_DISPROOF, 0, params->delta);
    } else {
        pnfunc_leaf(&s->leaf_p, PNFUNC_PROOF, 0, false);
        pnfunc_leaf(&s->leaf_d, PNFUNC_DISPROOF, 0, false);
    }
    s->hi = PNFUNC_PLUS_INF;
    s->lo = PNFUNC_MINUS_INF;

    memset(out, 0, sizeof *out);
    out->to_move = to_move;
    out->move = -1;
    out->winner = HEX_EMPTY;
    frame_t *root = &s->frames[0];
    if (!expand(s, &s->pos, &root->e))
        return false;
    out->reason = root->e.reason;
    if (root->e.decided != HEX_EMPTY) {
        out->winner = root->e.decided;
        out->support = root->e.support;
        out->value = root->e.decided == to_move ? PNFUNC_PLUS_INF : PNFUNC_MINUS_INF;
        out->v_min = out->v_max = out->value;
        if (root->e.decided == to_move)
            out->move = root->e.win_move;
        s->stats.seconds = stop_now() - s->start;
        out->stats = s->stats;
        return true;
    }

    int idle = 0;
    while (!s->stopped && !stop_requested(stop)) {
        node_t nd;
        if (!table_lookup(s->nodes, position_key(&s->pos), &nd, NULL)) {
            nd.p = s->leaf_p;
            nd.d = s->leaf_d;
        }
        pnfunc_value_t v;
        pnfunc_meet(&nd.p, &nd.d, &v);
        if (v == PNFUNC_PLUS_INF || v == PNFUNC_MINUS_INF)
            break;
        set_interval(s, &nd.p, &nd.d, v);
        if (params->tolerance > 0 && (int64_t)s->hi - s->lo <= params->tolerance)
            break;
        uint64_t left = UINT64_MAX;
        if (params->max_expansions > 0) {
            if (s->stats.expansions >= (uint64_t)params->max_expansions)
                break;
            left = (uint64_t)params->max_expansions - s->stats.expansions;
        }
        uint64_t W = params->interlude > 0 && (uint64_t)params->interlude < left
            ? (uint64_t)params->interlude : left;
        uint64_t done = mid(s, 0, COUNT_INF, COUNT_INF, W, s->hi, s->lo);
        s->stats.interludes++;
        idle = done ? 0 : idle + 1;
        if (idle > IDLE_INTERLUDES_MAX)
            break;
    }
    /* s->pos is the root again; its expansion into the root frame */
    if (!expand(s, &s->pos, &root->e))
        return false;
    root_result(s, out);
    out->v_min = for_root(s, to_move == HEX_BLACK ? s->lo : s->hi);
    out->v_max = for_root(s, to_move == HEX_BLACK ? s->hi : s->lo);
    if (out->winner != HEX_EMPTY)
        out->v_min = out->v_max = out->value;
    out->pv_len = principal_variation(s, &s->root, out->move, out->pv);
    s->stats.seconds = stop_now() - s->start;
    out->stats = s->stats;
    return true;
}
