/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SCNS, depth-first with a transposition table: the workspace, the
 * evaluation, the node code, the serial search and the result (see
 * scns.h; the parallel search is scns_par.c). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/scns_node.h"

/* Calls between two looks at the clock and the interrupt: a call may
 * expand a node (milliseconds on 11x11), a look costs tens of
 * nanoseconds, so the search looks often and overruns its deadline by a
 * few expansions at most. */
#define STOP_CHECK_EVERY 4
/* The RAVE table's share of params->tt_mb. */
#define RAVE_SHARE 4

/* Mixed into a node's key to seed its playouts. */
#define PLAYOUT_SALT UINT64_C(0x5ca1ab1e0ddba11)

void
scns_params_default(scns_params_t *p)
{
    p->multi_step = true;
    p->delta = 52;
    p->epsilon = 0;
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
    p->threads = 0;
    p->max_work_per_job = 0;
    p->settle = 1.5;
    p->playouts = 0;
    p->playout_weight = 1;
    p->playout_bridges = true;
    p->prior_weight = 0.3;
    p->net_weight = 1;
    p->circuit_weight = 1;
    p->circuit_scale = false;
    p->value_weight = 0;
    p->moveval_weight = 0;
    p->net_after = 0;
    p->value_margin = -1;
}

/* ---- the workspace ---------------------------------------------------- */

bool
scns_node_final(const void *payload)
{
    const node_t *n = payload;
    pnfunc_value_t m = pnfunc_reach(&n->p, 0);
    return m == PNFUNC_PLUS_INF || m == PNFUNC_MINUS_INF;
}

static void
worker_free(worker_t *w)
{
    if (!w)
        return;
    kn_free(w->kn);
    free(w->frames);
    free(w->vf);
    free(w->sp);
    free(w->sd);
    free(w->pp);
    free(w->pd);
    free(w->rave_buf);
    playout_free(w->po);
    free(w->po_stats);
    net_scratch_free(w->ns);
    free(w->policy);
    free(w->moveval);
    free(w->circuit);
    if (w->have_pos)
        position_free(&w->pos);
    free(w);
}

static worker_t *
worker_new(scns_t *s)
{
    worker_t *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->s = s;
    w->kn = kn_new(&s->cfg);
    w->frames = malloc((HEX_MAX_CELLS + 2) * sizeof *w->frames);
    w->sp = malloc(HEX_MAX_CELLS * sizeof *w->sp);
    w->sd = malloc(HEX_MAX_CELLS * sizeof *w->sd);
    w->pp = malloc(HEX_MAX_CELLS * sizeof *w->pp);
    w->pd = malloc(HEX_MAX_CELLS * sizeof *w->pd);
    w->rave_buf = malloc(2 * HEX_MAX_CELLS * sizeof *w->rave_buf);
    w->po = playout_new();
    w->po_stats = malloc(sizeof *w->po_stats);
    w->circuit = malloc(HEX_MAX_CELLS * sizeof *w->circuit);
    if (s->cfg.net) {
        w->ns = net_scratch_new(s->cfg.net);
        w->policy = malloc(HEX_MAX_CELLS * sizeof *w->policy);
        w->moveval = malloc(HEX_MAX_CELLS * sizeof *w->moveval);
    }
    if (!w->kn || !w->frames || !w->sp || !w->sd || !w->pp || !w->pd || !w->rave_buf
        || !w->po || !w->po_stats || !w->circuit
        || (s->cfg.net && (!w->ns || !w->policy || !w->moveval))) {
        worker_free(w);
        return NULL;
    }
    return w;
}

scns_t *
scns_new(const kn_config_t *cfg)
{
    scns_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *cfg;
    s->cache = expcache_new(1);
    s->jobs = scns_par_board();
    atomic_init(&s->expansions, 0);
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        atomic_init(&s->root_work[i], 0);
    s->w[0] = worker_new(s);
    if (!s->cache || !s->jobs || !s->w[0]) {
        scns_free(s);
        return NULL;
    }
    s->nworkers = 1;
    return s;
}

void
scns_free(scns_t *s)
{
    if (!s)
        return;
    for (int i = 0; i < SCNS_MAX_THREADS; i++)
        worker_free(s->w[i]);
    expcache_free(s->cache);
    table_free(s->nodes);
    table_free(s->rave);
    if (s->have_root)
        position_free(&s->root);
    jobs_free(s->jobs);
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
    for (int i = 0; i < s->nworkers; i++)
        kn_forget(s->w[i]->kn);
}

void
scns_set_progress(scns_t *s, scns_progress_fn fn, void *arg)
{
    s->progress = fn;
    s->progress_arg = arg;
}

void
scns_set_time(scns_t *s, const scns_time_t *t)
{
    if (t)
        s->time = *t;
    else
        memset(&s->time, 0, sizeof s->time);
}

void
scns_set_proofs(scns_t *s, tt_t *proofs)
{
    s->proofs = proofs;
}

/* ---- the shared solved positions ---------------------------------------- */

/* Whether the shared store proves the position of `key` (`mover` to
 * move): its winner into *winner, and a win's move (-1: none needed)
 * into *best. */
static bool
proof_lookup(const scns_t *s, uint64_t key, hex_color_t mover, hex_color_t *winner, int *best)
{
    tt_data_t d;
    if (!s->proofs || !tt_lookup(s->proofs, key, &d) || !tt_solved(&d))
        return false;
    *winner = d.phi == 0 ? mover : hex_color_other(mover);
    *best = d.phi == 0 ? d.best : -1;
    return true;
}

/* Record in the shared store that `winner` wins the position of `key`
 * (`mover` to move), a win by `best`, after `work` expansions below it:
 * the entry the solver itself would write for a proof (tt.h). */
static void
proof_store(const scns_t *s, uint64_t key, hex_color_t mover, hex_color_t winner, int best,
            uint64_t work)
{
    if (!s->proofs)
        return;
    tt_data_t d = {
        .phi = winner == mover ? 0 : TT_INF,
        .delta = winner == mover ? TT_INF : 0,
        .work = work,
        .best = (int16_t)(winner == mover ? best : -1),
    };
    tt_store(s->proofs, key, &d);
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
        s->nodes = table_new(bytes, sizeof(node_t), scns_node_final);
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

/* At least n workers, the ones of a parallel search with their path
 * frames; false when memory is short. */
static bool
prepare_workers(scns_t *s, int n)
{
    for (int i = 0; i < n; i++) {
        if (!s->w[i] && !(s->w[i] = worker_new(s)))
            return false;
        s->w[i]->id = i;
        if (i >= s->nworkers)
            s->nworkers = i + 1;
        if (n > 1 && !s->w[i]->vf && !(s->w[i]->vf = scns_par_frames()))
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
    uint16_t *buf = s->w[0]->rave_buf;
    if (!s->rave || cell < 0 || cell >= s->rave_cells
        || !table_lookup(s->rave, position_key(pos), buf, NULL))
        return false;
    *wins = buf[2 * cell];
    *losses = buf[2 * cell + 1];
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

int
scns_fill(worker_t *w, frame_t *f, hex_color_t me)
{
    int filled = scns_open_frame(f, &w->pos, me);
    w->filled = bitset_or(w->filled, bitset_or(f->e.fill[0], f->e.fill[1]));
    return filled;
}

void
scns_unfill(worker_t *w, const frame_t *f, int filled)
{
    kn_undo_fill(&w->pos, filled);
    w->filled = bitset_andnot(w->filled, bitset_or(f->e.fill[0], f->e.fill[1]));
}

/* Fill f's expansion into p (`me` to move), the children's keys into
 * f->ckey and their base errors into f->err; returns the cells filled
 * (kn_undo_fill). */
int
scns_open_frame(frame_t *f, position_t *p, hex_color_t me)
{
    int filled = kn_play_fill(&f->e, p);
    for (int i = 0; i < f->e.n; i++) {
        position_play(p, me, f->e.moves[i]);
        f->ckey[i] = position_key(p);
        position_undo(p);
    }
    base_errors(&f->e, f->err);
    return filled;
}

/* The node's RAVE entry into s->rave_buf; false when it has none. */
static bool
rave_get(worker_t *w, uint64_t key)
{
    return table_lookup(w->s->rave, key, w->rave_buf, NULL);
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
offsets(worker_t *w, frame_t *f, hex_color_t me)
{
    const scns_params_t *params = w->s->params;
    bool rave = params->use_rave && rave_get(w, f->key);
    for (int i = 0; i < f->e.n; i++) {
        int cell = f->e.moves[i];
        unsigned wins = rave ? w->rave_buf[2 * cell] : 0;
        unsigned l = rave ? w->rave_buf[2 * cell + 1] : 0;
        int32_t o = scns_move_error(params, f->err[i], wins, l, f->cwork[i]);
        f->off[i] = me == HEX_BLACK ? -o : o;
    }
    if (params->value_weight <= 0)
        return;
    /* the network's values of the expanded children: each one's loss
     * against the best of them, for the mover, blended into its error */
    int best = NODE_NO_EVAL;
    for (int i = 0; i < f->e.n; i++) {
        int v = f->ceval[i];
        if (v != NODE_NO_EVAL && (best == NODE_NO_EVAL || (me == HEX_BLACK ? v > best : v < best)))
            best = v;
    }
    if (best == NODE_NO_EVAL)
        return;
    double b = params->value_weight;
    for (int i = 0; i < f->e.n; i++) {
        int v = f->ceval[i];
        if (v == NODE_NO_EVAL)
            continue;
        double loss = me == HEX_BLACK ? best - v : v - best;
        double o = (1 - b) * fabs((double)f->off[i]) + b * loss;
        o = fmin(o, SCNS_ERROR_MAX);
        f->off[i] = (pnfunc_value_t)lround(me == HEX_BLACK ? -o : o);
    }
}

int16_t
scns_eval_units(const kn_expansion_t *e)
{
    if (e->value < 0)
        return NODE_NO_EVAL;
    double v = fmin(fmax(e->value, 1e-4), 1 - 1e-4);
    if (e->to_move == HEX_WHITE)
        v = 1 - v;
    return (int16_t)lround(PNFUNC_UNITS_PER_NAT * log(v / (1 - v)));
}

/* After an expansion found a terminal node at `depth`, won by `winner`:
 * each node of the path gets a win or a loss, for its own mover, for
 * every later move of the path that its mover made (§3.2). */
static void
rave_update(worker_t *w, int depth, hex_color_t winner)
{
    scns_t *s = w->s;
    for (int d = 0; d < depth; d++) {
        const frame_t *f = &w->frames[d];
        hex_color_t mover = d % 2 == 0 ? s->root_to_move : hex_color_other(s->root_to_move);
        if (!rave_get(w, f->key))
            memset(w->rave_buf, 0, 2 * (size_t)s->rave_cells * sizeof *w->rave_buf);
        int side = winner == mover ? 0 : 1;
        for (int k = d; k < depth; k += 2) {
            const frame_t *g = &w->frames[k];
            int cell = g->e.moves[g->played];
            uint16_t *c = &w->rave_buf[2 * cell];
            if (c[side] == UINT16_MAX) {
                c[0] /= 2;
                c[1] /= 2;
            }
            c[side]++;
        }
        table_store(s->rave, f->key, w->rave_buf, f->work);
    }
}

/* ---- nodes -------------------------------------------------------------- */

/* The smallest policy probability a move's score is scaled by: the
 * network's zeros would make a move's error SCNS_ERROR_MAX whatever
 * else says. */
#define NET_POLICY_FLOOR 1e-4
/* The move values are read within [floor, 1 - floor]: odds of at most
 * 1e4 either way. */
#define NET_MOVEVAL_FLOOR 1e-4

/* Whether an expansion evaluates the network under these parameters. */
static bool
uses_net(const scns_t *s, const scns_params_t *params)
{
    return s->cfg.net && (params->net_weight > 0 || params->value_weight > 0
                          || (params->moveval_weight > 0 && net_has_move_values(s->cfg.net)));
}

/* Whether mix_scores has work under these parameters. */
static bool
mixes_scores(const scns_t *s, const scns_params_t *params)
{
    return params->playouts > 0 || (s->cfg.prior && params->prior_weight > 0)
        || uses_net(s, params) || params->circuit_weight != 1 || params->circuit_scale;
}

/* Sort e's moves best first by their scores again; with circuit_scale
 * they then take the scores in w->circuit by rank. */
static void
sort_scores(worker_t *w, kn_expansion_t *e)
{
    kn_sort_by_score(e);
    if (w->s->params->circuit_scale)
        for (int i = 0; i < e->n; i++)
            e->score[i] = w->circuit[i];
}

/* The network's policy and move values of pos (an open expansion e of
 * it) into e's scores, and its value into e->value (scns.h, Evaluation);
 * the moves are not sorted again. */
static void
net_scores(worker_t *w, const position_t *pos, kn_expansion_t *e)
{
    const scns_params_t *params = w->s->params;
    const net_t *net = w->s->cfg.net;
    /* the policy of pos as played: the game's stones and the path's
     * moves, without the fill-in of the nodes above (the network learnt
     * from games); pos is w->pos or, rarely (a line read from the
     * table), a copy that holds its fill-in */
    float value;
    net_eval_all(net, w->ns, pos, pos == &w->pos ? &w->filled : NULL, e->to_move,
                 w->s->cfg.net_path, w->policy, &value,
                 params->moveval_weight > 0 ? w->moveval : NULL);
    w->stats.net++;
    e->value = value;
    for (int i = 0; params->net_weight > 0 && i < e->n; i++) {
        double q = fmax(w->policy[e->moves[i]], NET_POLICY_FLOOR);
        e->score[i] = (float)(e->score[i] * pow(q, params->net_weight));
    }
    /* the move values' odds: the error grows by the value in log odds
     * the move gives away against the best's */
    for (int i = 0; params->moveval_weight > 0 && net_has_move_values(net) && i < e->n; i++) {
        double q = fmin(fmax(w->moveval[e->moves[i]], NET_MOVEVAL_FLOOR), 1 - NET_MOVEVAL_FLOOR);
        e->score[i] = (float)(e->score[i] * pow(q / (1 - q), params->moveval_weight));
    }
}

/* Mix the circuit's weight, the playouts' evidence, the move prior and,
 * with `with_net`, the network's policy and move values into the move
 * scores of e, an open expansion of pos, and sort its moves again best
 * first (scns.h, Evaluation). */
static void
mix_scores(worker_t *w, const position_t *pos, kn_expansion_t *e, bool with_net)
{
    const scns_params_t *params = w->s->params;
    const prior_t *prior = w->s->cfg.prior;
    bitset_t stones[2];
    for (int c = 0; c < 2; c++)
        stones[c] = bitset_or(pos->stones[c], e->fill[c]);
    /* the circuit's scores, best first as the expansion sorted them */
    float *circuit = w->circuit;
    for (int i = 0; i < e->n; i++)
        circuit[i] = e->score[i];
    if (params->circuit_weight != 1)
        for (int i = 0; i < e->n; i++) {
            double x = e->score[i];
            e->score[i] = (float)(x > 0 ? pow(x, params->circuit_weight)
                                  : params->circuit_weight == 0 ? 1 : 0);
        }
    if (params->playouts > 0) {
        playout_stats_t *st = w->po_stats;
        playout_run(w->po, pos->geo, stones, e->to_move, params->playouts,
                    params->playout_bridges, position_key(pos) ^ PLAYOUT_SALT, st);
        for (int i = 0; i < e->n; i++) {
            int m = e->moves[i];
            double odds = (st->held_wins[m] + 1.0) / (st->held[m] - st->held_wins[m] + 1.0);
            e->score[i] = (float)(e->score[i] * pow(odds, params->playout_weight));
        }
    }
    /* the opponent's last move: the last move played into pos, when the
     * opponent played it (a position reached by another path shares
     * the expansion cache's entry, near classes from the first path) */
    int last = -1;
    if (pos->nmoves > 0 && pos->undo[pos->nmoves - 1].color == (int)hex_color_other(e->to_move))
        last = pos->undo[pos->nmoves - 1].move;
    if (prior && params->prior_weight > 0)
        for (int i = 0; i < e->n; i++) {
            double g = prior_gamma(prior, pos->geo, stones, e->moves[i], e->to_move, last);
            e->score[i] = (float)(e->score[i] * pow(g, params->prior_weight));
        }
    if (with_net && uses_net(w->s, params))
        net_scores(w, pos, e);
    sort_scores(w, e);
}

/* The expansion of pos for its side to move, from the cache or fresh;
 * `work` is the node's work so far, for params->net_after. */
bool
scns_expand(worker_t *w, const position_t *pos, kn_expansion_t *out, uint64_t work)
{
    const scns_params_t *params = w->s->params;
    bool net_now = work >= (uint64_t)params->net_after;
    if (expcache_get(w->s->cache, pos, out)) {
        /* the network's turn comes with the node's work: score it now,
         * for this node and every later reader of the cache */
        if (net_now && params->net_after > 0 && out->value < 0 && out->reason == KN_OPEN
            && out->n > 1 && uses_net(w->s, params)) {
            for (int i = 0; i < out->n; i++)
                w->circuit[i] = out->score[i];
            net_scores(w, pos, out);
            sort_scores(w, out);
            expcache_put(w->s->cache, pos, out);
        }
        return true;
    }
    if (!kn_expand(w->kn, pos, pos->to_move, out))
        return false;
    w->stats.knowledge++;
    if (mixes_scores(w->s, params) && out->reason == KN_OPEN && out->n > 1)
        mix_scores(w, pos, out, net_now);
    expcache_put(w->s->cache, pos, out);
    return true;
}

/* The functions of a node decided at its expansion: +inf when Black has
 * won, -inf when White has. */
void
scns_terminal_node(node_t *n, hex_color_t winner)
{
    pnfunc_value_t x = winner == HEX_BLACK ? PNFUNC_PLUS_INF : PNFUNC_MINUS_INF;
    pnfunc_leaf(&n->p, PNFUNC_PROOF, x, true);
    pnfunc_leaf(&n->d, PNFUNC_DISPROOF, x, true);
}

/* Black's number p(hi) and White's d(lo), as the mover's (cm) and the
 * opponent's (co). */
void
scns_numbers(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t hi, pnfunc_value_t lo,
        hex_color_t me, pnfunc_count_t *cm, pnfunc_count_t *co)
{
    pnfunc_count_t b = pnfunc_eval(p, hi), w = pnfunc_eval(d, lo);
    *cm = me == HEX_BLACK ? b : w;
    *co = me == HEX_BLACK ? w : b;
}

/* The children of f (w->pos its filled position, `me` to move): their
 * stored functions (or a new leaf's), work and offsets; their functions
 * shifted to the node's evaluation into w->sp, w->sd.  With hi/lo (the
 * node's targets, relative to its evaluation) their numbers into f->cm,
 * f->co.  With vdepth >= 0 (the children's depth; job lock held) a child
 * not proven for true that the virtual table holds has its virtual
 * functions instead. */
void
scns_read_children(worker_t *w, frame_t *f, hex_color_t me, pnfunc_value_t hi, pnfunc_value_t lo,
              int vdepth)
{
    scns_t *s = w->s;
    for (int i = 0; i < f->e.n; i++) {
        node_t c;
        hex_color_t winner;
        int best;
        f->ceval[i] = NODE_NO_EVAL;
        if (table_lookup(s->nodes, f->ckey[i], &c, &f->cwork[i])) {
            w->sp[i] = c.p;
            w->sd[i] = c.d;
            if (!scns_node_final(&c))
                f->ceval[i] = c.eval;
        } else if (proof_lookup(s, f->ckey[i], hex_color_other(me), &winner, &best)) {
            /* a leaf the solver proved */
            scns_terminal_node(&c, winner);
            w->sp[i] = c.p;
            w->sd[i] = c.d;
            f->cwork[i] = 0;
        } else {
            w->sp[i] = s->leaf_p;
            w->sd[i] = s->leaf_d;
            f->cwork[i] = 0;
        }
        const node_t *v;
        if (vdepth >= 0 && !scns_node_final(&(node_t){ .p = w->sp[i] })
            && (v = jobs_vtt_find(s->jobs, vdepth, f->ckey[i]))) {
            w->sp[i] = v->p;
            w->sd[i] = v->d;
        }
    }
    offsets(w, f, me);
    for (int i = 0; i < f->e.n; i++) {
        pnfunc_shift(&w->sp[i], f->off[i]);
        pnfunc_shift(&w->sd[i], f->off[i]);
        scns_numbers(&w->sp[i], &w->sd[i], hi, lo, me, &f->cm[i], &f->co[i]);
    }
}

/* Rule (2) over the shifted children into n (Black maximises). */
void
scns_combine(worker_t *w, const frame_t *f, hex_color_t me, node_t *n)
{
    for (int i = 0; i < f->e.n; i++) {
        w->pp[i] = &w->sp[i];
        w->pd[i] = &w->sd[i];
    }
    double eta = w->s->params->eta;
    if (me == HEX_BLACK) {
        pnfunc_min(&n->p, w->pp, f->e.n, eta);
        pnfunc_sum(&n->d, w->pd, f->e.n, eta);
    } else {
        pnfunc_sum(&n->p, w->pp, f->e.n, eta);
        pnfunc_min(&n->d, w->pd, f->e.n, eta);
    }
}

/* The node's numbers from its children's (f->cm, f->co) into u, `best`
 * the child selected last. */
void
scns_summarize(const frame_t *f, int best, update_t *u)
{
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
        if (f->e.moves[i] == best)
            u->last = i;
    }
    if (u->j1 >= 0)
        u->phi = f->cm[u->j1];
}

/* Read f's children, set the node's functions from theirs, store them
 * with its work, and its numbers into u. */
void
scns_update_node(worker_t *w, frame_t *f, hex_color_t me, pnfunc_value_t hi, pnfunc_value_t lo,
            node_t *n, update_t *u)
{
    scns_read_children(w, f, me, hi, lo, -1);
    scns_combine(w, f, me, n);
    scns_summarize(f, n->best, u);
    n->eval = scns_eval_units(&f->e);
    if (u->phi == 0)
        n->best = f->e.moves[u->j1];
    if (scns_node_final(n)) {
        /* proven: a win by a child proven lost for its mover; shared
         * with the solver */
        hex_color_t winner = pnfunc_reach(&n->p, 0) == PNFUNC_PLUS_INF ? HEX_BLACK : HEX_WHITE;
        int best = -1;
        for (int i = 0; winner == me && best < 0 && i < f->e.n; i++)
            if (scns_node_final(&(node_t){ .p = w->sp[i] })
                && (pnfunc_reach(&w->sp[i], 0) == PNFUNC_PLUS_INF) == (me == HEX_BLACK))
                best = f->e.moves[i];
        if (winner == me && best >= 0)
            n->best = (int16_t)best;
        if (winner != me || best >= 0)
            proof_store(w->s, f->key, me, winner, best, f->work);
    }
    table_store(w->s->nodes, f->key, n, f->work);
}

/* The thresholds of a child (dfpn.c): Pc for its phi (co), Dc for its
 * delta (cm), with `second` the mover's number it must stay under. */
static void
thresholds(const scns_params_t *params, pnfunc_count_t P, pnfunc_count_t D,
           pnfunc_count_t delta, pnfunc_count_t co, pnfunc_count_t second, pnfunc_count_t *Pc,
           pnfunc_count_t *Dc)
{
    if (D >= COUNT_INF || delta >= COUNT_INF)
        *Pc = D >= COUNT_INF ? COUNT_INF : D;
    else
        *Pc = D - (delta - co);
    pnfunc_count_t grown;
    if (second >= COUNT_INF) {
        grown = COUNT_INF;
    } else {
        double g = ceil((1.0 + params->epsilon) * (double)second);
        grown = g >= (double)COUNT_INF ? COUNT_INF : (pnfunc_count_t)g;
        if (grown < second + 1)
            grown = second + 1;
    }
    *Dc = P < grown ? P : grown;
}

/* The child to search under P, D and its thresholds: the last one while
 * it stays within its threshold, else the one with the least cm. */
int
scns_select_child(const scns_params_t *params, const frame_t *f, const update_t *u,
             pnfunc_count_t P, pnfunc_count_t D, pnfunc_count_t *Pc, pnfunc_count_t *Dc)
{
    int j1 = u->j1, last = u->last;
    pnfunc_count_t second = u->j2 >= 0 ? f->cm[u->j2] : COUNT_INF;
    thresholds(params, P, D, u->delta, f->co[j1], second, Pc, Dc);
    if (last >= 0 && last != j1) {
        pnfunc_count_t Pl, Dl;
        thresholds(params, P, D, u->delta, f->co[last], f->cm[j1], &Pl, &Dl);
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

static uint64_t
root_work(scns_t *s, int cell)
{
    return atomic_load_explicit(&s->root_work[cell], memory_order_relaxed);
}

/* The root move with the most work in this search (ties: the first), or
 * -1 when the root has no moves. */
static int
most_work(scns_t *s)
{
    const kn_expansion_t *e = &s->root_e;
    int best = -1;
    uint64_t bw = 0;
    for (int i = 0; i < e->n; i++) {
        uint64_t wk = root_work(s, e->moves[i]);
        if (best < 0 || wk > bw) {
            best = i;
            bw = wk;
        }
    }
    return best < 0 ? -1 : e->moves[best];
}

/* The minimax line from the filled position p (its expansion e, `me` to
 * move) as the table holds it, into pv; returns its length. */
static int
walk_pv(worker_t *w, position_t *p, int16_t *pv, int max)
{
    frame_t *f = &w->frames[HEX_MAX_CELLS + 1];
    int n = 0, played = 0;
    while (n < max) {
        node_t nd;
        f->key = position_key(p);
        if (!table_lookup(w->s->nodes, f->key, &nd, &f->work) || !scns_expand(w, p, &f->e, 0)
            || f->e.decided != HEX_EMPTY)
            break;
        hex_color_t me = p->to_move;
        played += scns_open_frame(f, p, me);
        scns_read_children(w, f, me, PNFUNC_PLUS_INF, PNFUNC_MINUS_INF, -1);
        int best = -1;
        pnfunc_value_t bv = 0;
        for (int i = 0; i < f->e.n; i++) {
            pnfunc_value_t v = pnfunc_reach(&w->sp[i], 0);
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
principal_variation(worker_t *w, int first, int16_t *pv)
{
    if (first < 0)
        return 0;
    position_t p;
    position_copy(&p, &w->s->root);
    kn_expansion_t *e = &w->frames[HEX_MAX_CELLS + 1].e;
    int n = 0;
    if (scns_expand(w, &p, e, 0) && e->decided == HEX_EMPTY) {
        kn_play_fill(e, &p);
        pv[n++] = (int16_t)first;
        position_play(&p, p.to_move, first);
        n += walk_pv(w, &p, pv + 1, SCNS_PV_MAX - 1);
    }
    position_free(&p);
    return n;
}

/* The statistics of the search so far: the serial worker's own, or the
 * sum of what the threads published (jobs.h; job lock held while they
 * run). */
static scns_stats_t
search_stats(scns_t *s)
{
    if (s->active == 1)
        return s->w[0]->stats;
    scns_stats_t t;
    jobs_sum(s->jobs, &t);
    return t;
}

/* A progress report by worker w, when one is due (serial: from the
 * search; parallel: at the root with the job lock held). */
void
scns_report_progress(worker_t *w)
{
    scns_t *s = w->s;
    double now = stop_now();
    w->stats.seconds = now - s->start;
    if (!s->progress || s->params->progress_interval <= 0 || now < s->next_progress)
        return;
    s->next_progress = now + s->params->progress_interval;
    node_t nd;
    pnfunc_value_t value = 0;
    if (table_lookup(s->nodes, s->root_key, &nd, NULL))
        value = pnfunc_reach(&nd.p, 0);
    int best = most_work(s);
    int16_t pv[SCNS_PV_MAX];
    int n = principal_variation(w, best, pv);
    pnfunc_value_t vmin = s->root_to_move == HEX_BLACK ? w->lo : -w->hi;
    pnfunc_value_t vmax = s->root_to_move == HEX_BLACK ? w->hi : -w->lo;
    scns_stats_t st = search_stats(s);
    st.seconds = now - s->start;
    scns_progress_t pr = {
        .stats = &st,
        .value = for_root(s, value),
        .v_min = vmin,
        .v_max = vmax,
        .best = best,
        .best_work = best >= 0 ? root_work(s, best) : 0,
        .pv = pv,
        .pv_len = n,
    };
    s->progress(s->progress_arg, &pr);
}

/* ---- the search -------------------------------------------------------- */

/* Seconds between two looks of the time policy at the root's work. */
#define TIME_CHECK_EVERY 0.01

/* Whether the time policy (scns_time_t) ends the search now (serial: the
 * search's thread; parallel: job lock held). */
bool
scns_time_is_up(scns_t *s)
{
    if (s->time.budget <= 0)
        return false;
    double now = stop_now();
    if (now < s->next_time_check)
        return false;
    s->next_time_check = now + TIME_CHECK_EVERY;
    uint64_t first = 0, second = 0;
    for (int i = 0; i < s->root_e.n; i++) {
        uint64_t wk = root_work(s, s->root_e.moves[i]);
        if (wk > first) {
            second = first;
            first = wk;
        } else if (wk > second) {
            second = wk;
        }
    }
    if (first == 0)
        return false;
    if (now >= s->time.budget && (double)first >= s->params->settle * (double)second)
        return true;
    double spent = now - s->start;
    if (!s->time.early || spent <= 0)
        return false;
    double rate = (double)atomic_load_explicit(&s->expansions, memory_order_relaxed) / spent;
    return (double)(first - second) > rate * (s->time.limit - now);
}

static bool
check_stop(worker_t *w)
{
    if (w->stopped)
        return true;
    if (w->stats.calls % STOP_CHECK_EVERY == 0) {
        if (stop_requested(&w->s->wstop) || (w->s->active == 1 && scns_time_is_up(w->s)))
            w->stopped = true;
        else if (w->s->active == 1)
            scns_report_progress(w);
    }
    return w->stopped;
}

/* CNS on w->pos at recursion depth `depth` with thresholds P (for the
 * mover's number) and D (the opponent's), at most W expansions, and the
 * targets hi (Black's) and lo (White's) relative to the node's
 * evaluation.  Returns the expansions made. */
uint64_t
scns_mid(worker_t *w, int depth, pnfunc_count_t P, pnfunc_count_t D, uint64_t W, pnfunc_value_t hi,
    pnfunc_value_t lo)
{
    scns_t *s = w->s;
    w->stats.calls++;
    frame_t *f = &w->frames[depth];
    f->key = position_key(&w->pos);
    f->played = -1;
    node_t nd;
    uint64_t work, local = 0;
    bool known = table_lookup(s->nodes, f->key, &nd, &work);
    if (!known) {
        local = 1;
        w->stats.expansions++;
        atomic_fetch_add_explicit(&s->expansions, 1, memory_order_relaxed);
        work = 0;
        nd.best = -1;
    }
    f->work = work + local;
    hex_color_t winner;
    int best;
    if (depth > 0 && (!known || !scns_node_final(&nd))
        && proof_lookup(s, f->key, w->pos.to_move, &winner, &best)) {
        /* the solver proved it (below the root: the root's result is
         * read from its children) */
        scns_terminal_node(&nd, winner);
        nd.best = (int16_t)best;
        table_store(s->nodes, f->key, &nd, f->work);
        if (!known) {
            w->stats.terminal++;
            if (s->params->use_rave)
                rave_update(w, depth, winner);
        }
        return local;
    }
    if (!scns_expand(w, &w->pos, &f->e, f->work)) {
        w->stopped = true;      /* out of memory: stop */
        return local;
    }
    if (f->e.decided != HEX_EMPTY) {
        scns_terminal_node(&nd, f->e.decided);
        nd.best = (int16_t)f->e.win_move;
        table_store(s->nodes, f->key, &nd, f->work);
        if (!known) {
            w->stats.terminal++;
            if (s->params->use_rave)
                rave_update(w, depth, f->e.decided);
        }
        return local;
    }
    hex_color_t me = w->pos.to_move;
    int filled = scns_fill(w, f, me);
    for (;;) {
        update_t u;
        scns_update_node(w, f, me, hi, lo, &nd, &u);
        /* at the root a number 0 says that a side reached its target:
         * the interval is stale */
        if (u.phi >= P || u.delta >= D || (depth == 0 && (u.phi == 0 || u.delta == 0))
            || local >= W || check_stop(w))
            break;
        pnfunc_count_t Pc, Dc;
        int j = scns_select_child(s->params, f, &u, P, D, &Pc, &Dc);
        int move = f->e.moves[j];
        pnfunc_value_t off = f->off[j];
        nd.best = (int16_t)move;
        f->played = j;
        position_play(&w->pos, me, move);
        uint64_t wk = scns_mid(w, depth + 1, Pc, Dc, W - local, pnfunc_value_add(hi, -off),
                          pnfunc_value_add(lo, -off));
        position_undo(&w->pos);
        f->played = -1;
        local += wk;
        f->work += wk;
        if (depth == 0)
            atomic_fetch_add_explicit(&s->root_work[move], wk, memory_order_relaxed);
    }
    scns_unfill(w, f, filled);
    return local;
}

/* The interval (5) from the root's functions p, d (Black's, absolute)
 * and v_root into w->hi, w->lo: P_max and delta_p on the root mover's
 * side. */
void
scns_set_interval(worker_t *w, const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t v)
{
    const scns_params_t *pr = w->s->params;
    bool black = w->s->root_to_move == HEX_BLACK;
    pnfunc_count_t hmax = (pnfunc_count_t)(black ? pr->p_max : pr->d_max);
    pnfunc_count_t lmax = (pnfunc_count_t)(black ? pr->d_max : pr->p_max);
    pnfunc_value_t hstep = black ? pr->delta_p : pr->delta_d;
    pnfunc_value_t lstep = black ? pr->delta_d : pr->delta_p;
    pnfunc_count_t hc = pnfunc_eval(p, pnfunc_value_add(v, hstep));
    pnfunc_count_t lc = pnfunc_eval(d, pnfunc_value_add(v, -lstep));
    w->hi = pnfunc_reach(p, hc > hmax ? hc : hmax);
    w->lo = pnfunc_reach(d, lc > lmax ? lc : lmax);
    if (w->hi <= v)
        w->hi = pnfunc_value_add(v, 1);
    if (w->lo >= v)
        w->lo = pnfunc_value_add(v, -1);
}

/* The root's functions into nd: the table's, or with `virtual` (job lock
 * held) the virtual table's where it holds the root; a new leaf's when
 * neither does.  Returns the root's minimax value. */
pnfunc_value_t
scns_root_functions(scns_t *s, bool virtual, node_t *nd)
{
    const node_t *v;
    if (virtual && (v = jobs_vtt_find(s->jobs, 0, s->root_key)))
        *nd = *v;
    else if (!table_lookup(s->nodes, s->root_key, nd, NULL)) {
        nd->p = s->leaf_p;
        nd->d = s->leaf_d;
    }
    pnfunc_value_t v0;
    pnfunc_meet(&nd->p, &nd->d, &v0);
    return v0;
}

/* Whether the search must end before another interlude or job: the
 * root is proven, the interval (w's) is within tolerance, or
 * max_expansions are spent; *left the expansions still allowed. */
bool
scns_search_done(worker_t *w, pnfunc_value_t v, uint64_t *left)
{
    const scns_params_t *params = w->s->params;
    if (v == PNFUNC_PLUS_INF || v == PNFUNC_MINUS_INF)
        return true;
    if (params->tolerance > 0 && (int64_t)w->hi - w->lo <= params->tolerance)
        return true;
    *left = UINT64_MAX;
    if (params->max_expansions > 0) {
        uint64_t spent = atomic_load_explicit(&w->s->expansions, memory_order_relaxed);
        if (spent >= (uint64_t)params->max_expansions)
            return true;
        *left = (uint64_t)params->max_expansions - spent;
    }
    return false;
}

/* The serial search: interludes from the root until done. */
static void
serial_search(worker_t *w)
{
    scns_t *s = w->s;
    const scns_params_t *params = s->params;
    int idle = 0;
    while (!w->stopped && !stop_requested(&s->wstop)) {
        node_t nd;
        pnfunc_value_t v = scns_root_functions(s, false, &nd);
        if (v == PNFUNC_PLUS_INF || v == PNFUNC_MINUS_INF)
            break;
        scns_set_interval(w, &nd.p, &nd.d, v);
        uint64_t left;
        if (scns_search_done(w, v, &left))
            break;
        uint64_t W = params->interlude > 0 && (uint64_t)params->interlude < left
            ? (uint64_t)params->interlude : left;
        uint64_t done = scns_mid(w, 0, COUNT_INF, COUNT_INF, W, w->hi, w->lo);
        w->stats.interludes++;
        idle = done ? 0 : idle + 1;
        if (idle > SCNS_IDLE_INTERLUDES_MAX)
            break;
    }
}

/* ---- the result ---------------------------------------------------------- */

/* The root's children as the search left them into out (values for the
 * root's mover), and the move to play (scns.h, Work). */
static void
root_result(worker_t *w, scns_result_t *out)
{
    scns_t *s = w->s;
    frame_t *f = &w->frames[0];
    hex_color_t me = s->root_to_move;
    /* the root frame, fresh: its expansion and its children's keys */
    position_t *p = &w->pos;
    f->e = s->root_e;
    kn_undo_fill(p, scns_open_frame(f, p, me));
    f->key = s->root_key;
    uint64_t work = 0;
    node_t nd;
    if (table_lookup(s->nodes, f->key, &nd, &work))
        f->work = work;
    scns_read_children(w, f, me, w->hi, w->lo, -1);
    out->nchildren = f->e.n;
    pnfunc_value_t best_value = PNFUNC_MINUS_INF;
    for (int i = 0; i < f->e.n; i++) {
        scns_child_t *c = &out->child[i];
        c->move = f->e.moves[i];
        c->value = for_root(s, pnfunc_reach(&w->sp[i], 0));
        c->work = root_work(s, c->move);
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
         * then the expansion's order; with value_margin, the best value
         * (then the most work) when it passes the most-worked child's
         * value by more than the margin */
        int top = -1;
        for (int i = 0; i < f->e.n; i++) {
            const scns_child_t *c = &out->child[i];
            if (c->value == PNFUNC_MINUS_INF)
                continue;
            if (pick < 0 || c->work > out->child[pick].work
                || (c->work == out->child[pick].work && c->value > out->child[pick].value))
                pick = i;
            if (top < 0 || c->value > out->child[top].value
                || (c->value == out->child[top].value && c->work > out->child[top].work))
                top = i;
        }
        if (pick >= 0 && s->params->value_margin >= 0
            && (double)out->child[top].value
                > (double)out->child[pick].value + s->params->value_margin)
            pick = top;
    }
    out->move = pick >= 0 ? out->child[pick].move : -1;
}

bool
scns_search(scns_t *s, const position_t *pos, hex_color_t to_move,
            const scns_params_t *params, const stop_t *stop, scns_result_t *out)
{
    int n = params->threads < 1 ? 1 : params->threads > SCNS_MAX_THREADS
        ? SCNS_MAX_THREADS : params->threads;
    if (!prepare_tables(s, params, pos->geo->ncells) || !prepare_workers(s, n))
        return false;
    s->active = n;
    s->params = params;
    s->stop = stop;
    /* a parallel search's threads also end when the job board's halt
     * flag is set (jobs.h) */
    s->wstop = stop_with_halt(stop, n > 1 ? jobs_halt(s->jobs) : NULL);
    s->max_work = params->max_work_per_job > 0 ? (uint64_t)params->max_work_per_job
        : params->interlude > 0 ? (uint64_t)params->interlude : 20;
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        atomic_store_explicit(&s->root_work[i], 0, memory_order_relaxed);
    atomic_store_explicit(&s->expansions, 0, memory_order_relaxed);
    if (s->have_root)
        position_free(&s->root);
    position_copy(&s->root, pos);
    position_set_to_move(&s->root, to_move);
    s->have_root = true;
    s->root_key = position_key(&s->root);
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
    for (int i = 0; i < n; i++) {
        worker_t *w = s->w[i];
        memset(&w->stats, 0, sizeof w->stats);
        if (w->have_pos)
            position_free(&w->pos);
        position_copy(&w->pos, &s->root);
        w->filled = bitset_empty();
        w->have_pos = true;
        w->stopped = false;
        w->hi = PNFUNC_PLUS_INF;
        w->lo = PNFUNC_MINUS_INF;
    }
    worker_t *w0 = s->w[0];

    memset(out, 0, sizeof *out);
    out->to_move = to_move;
    out->move = -1;
    out->winner = HEX_EMPTY;
    if (!scns_expand(w0, &s->root, &s->root_e, UINT64_MAX))
        return false;
    out->reason = s->root_e.reason;
    if (s->root_e.decided != HEX_EMPTY) {
        out->winner = s->root_e.decided;
        out->support = s->root_e.support;
        out->value = s->root_e.decided == to_move ? PNFUNC_PLUS_INF : PNFUNC_MINUS_INF;
        out->v_min = out->v_max = out->value;
        if (s->root_e.decided == to_move)
            out->move = s->root_e.win_move;
        w0->stats.seconds = stop_now() - s->start;
        out->stats = w0->stats;
        return true;
    }

    s->next_time_check = 0;
    if (s->time.budget > 0 && s->root_e.n == 1)
        ;                       /* no alternative: answered at once */
    else if (n == 1)
        serial_search(w0);
    else
        scns_par_search(s);
    /* w0->pos is the root again */
    root_result(w0, out);
    out->v_min = for_root(s, to_move == HEX_BLACK ? w0->lo : w0->hi);
    out->v_max = for_root(s, to_move == HEX_BLACK ? w0->hi : w0->lo);
    if (out->winner != HEX_EMPTY)
        out->v_min = out->v_max = out->value;
    out->pv_len = principal_variation(w0, out->move, out->pv);
    out->stats = search_stats(s);
    out->stats.seconds = stop_now() - s->start;
    return true;
}
