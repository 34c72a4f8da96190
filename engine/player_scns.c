/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SCNS player (player.h): Sibling Conspiracy Number Search
 * (search/scns.h) within the genmove's budget.
 *
 *   1. With allow_swap, White swaps as player_swap_wanted says (the
 *      swap table, else the circuit's rule), as the resistance player
 *      does.
 *   2. The search runs on its own param_scns (the block the engine keeps
 *      for it, read at each genmove) until the root is proven, the
 *      interval is within tolerance, max_expansions, the deadline or an
 *      interrupt; its tables and expansion cache stay
 *      from one genmove to the next, and are emptied when a game begins
 *      or a parameter that the stored functions depend on changed (the
 *      leaf rules, eta, RAVE, forgetting).
 *   3. The answer is the search's: a proven win's winning move at once,
 *      else the root child with the most work; a proven loss the child
 *      whose refutation took most work.  When the root's expansion
 *      decides it with no move named (a full VC or a filled board that
 *      connects for the mover; a loss), the best cell by the circuit of
 *      what the result rests on, else of the board -- the resistance
 *      player's rule: any move keeps such a win, and a lost side never
 *      resigns while a move is left.
 *   4. Every second (progress_interval) one progress line on stderr, and
 *      a summary line at the end.  Their "value" is the root's minimax
 *      value for the side to move (its best child's), in hundredths of
 *      a natural-log unit; the "target window" is the interval (5) the
 *      search last set around it, whose ends are the two sides' targets
 *      (search/scns.h, Search).  The value moves as the search goes on,
 *      and "passed above" or "passed below" says it has reached an end
 *      since (the window is then set again).  The last search is reported (player.h
 *      last_search: values in hundredths of a natural-log unit, work in
 *      expansions) for scns-pv and scns-values.
 *   5. With the solver session lent (param_player solver), the SPDFPN
 *      solver works on the same position.  Time-shared (solver_first:
 *      param_player solver shared, or auto with at most two threads) it
 *      runs first, alone, with the search's threads, for its share of
 *      the budget: a win it proves is played at once; else the search
 *      takes the rest of the time, with the solver's proofs in the table
 *      they share, and what follows is as below.  Beside (solver 1, or
 *      auto with more threads) it runs on a thread of its own while the
 *      search runs, under the same stop: a
 *      win it proves is played at once (its winning move); a loss it
 *      proves plays the move whose disproof took it most work (the one
 *      that resists longest); else the search's move stands unless the
 *      solver's table proves that move lost, and then the root child
 *      with the most work that it does not.  Both keep their tables
 *      from one genmove to the next, and the search shares its proofs
 *      with the solver's table whenever the engine has one
 *      (req->proofs), beside it or not.
 *   6. Under a game clock it spends the move's budget, more up to the
 *      move's limit while the most-worked move is not settled, less when
 *      time saved is kept and the move can no longer change, nothing on
 *      a move with no alternative (search/scns.h scns_time_t).
 * The search runs param_scns threads threads, or with threads 0 the
 * engine's (--threads), less the solver's one; more than one is the
 * parallel search of search/scns.h. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "board/playout.h"
#include "board/resist.h"
#include "engine/player.h"
#include "search/scns.h"

/* ---- param_scns -------------------------------------------------------- */

/* Values are in hundredths of a natural-log unit of the circuit's energy
 * ratio (search/scns.h); the defaults are the paper's Table 1 but for
 * p_max = d_max = 1 and delta = 52 (search/scns.h says why). */
static const param_desc_t scns_param_table[] = {
    { "multi_step", PARAM_BOOL, offsetof(scns_params_t, multi_step), 0, 1, NULL,
      "leaves by the multi-step rule (7); 0: the two-step rule (1)" },
    { "delta", PARAM_DOUBLE, offsetof(scns_params_t, delta), 1, 1e6, NULL,
      "rule (7): the end of a leaf's first step, in value units (1/100 of a natural log)" },
    { "epsilon", PARAM_DOUBLE, offsetof(scns_params_t, epsilon), 0, 10, NULL,
      "the 1+epsilon trick: a child is searched until its number passes (1+epsilon) "
      "times the second best's" },
    { "eta", PARAM_DOUBLE, offsetof(scns_params_t, eta), 0, 10, NULL,
      "allowed relative error of the counts of a proof function (0: exact)" },
    { "p_max", PARAM_INT, offsetof(scns_params_t, p_max), 0, 1000000, NULL,
      "(5): the root mover's threshold when setting its target v_max" },
    { "d_max", PARAM_INT, offsetof(scns_params_t, d_max), 0, 1000000, NULL,
      "(5): the opponent's threshold when setting v_min" },
    { "delta_p", PARAM_INT, offsetof(scns_params_t, delta_p), 0, 1000000, NULL,
      "(5): the least extension of the interval on the root mover's side (value units)" },
    { "delta_d", PARAM_INT, offsetof(scns_params_t, delta_d), 0, 1000000, NULL,
      "(5): the least extension on the opponent's side (value units)" },
    { "tolerance", PARAM_INT, offsetof(scns_params_t, tolerance), 0, 1000000000, NULL,
      "stop when v_max - v_min is at most this (value units); 0: search the whole budget" },
    { "interlude", PARAM_INT, offsetof(scns_params_t, interlude), 0, 1000000000, NULL,
      "expansions before the search returns to the root to set the interval again, "
      "at a second a move; genmove scales it with its budget; "
      "0: only when a side reaches its target" },
    { "use_rave", PARAM_BOOL, offsetof(scns_params_t, use_rave), 0, 1, NULL,
      "mix RAVE statistics into a move's error, (9)-(11)" },
    { "rave_shift", PARAM_DOUBLE, offsetof(scns_params_t, rave_shift), 0, 1e9, NULL,
      "R_shift of (10): how slowly the error shifts to RAVE's" },
    { "rave_impact", PARAM_DOUBLE, offsetof(scns_params_t, rave_impact), 0, 1e6, NULL,
      "R_impact of (9): the weight of the RAVE error (value units)" },
    { "use_forgetting", PARAM_BOOL, offsetof(scns_params_t, use_forgetting), 0, 1, NULL,
      "gradual forgetting of a move's error with the work below it, (8)" },
    { "forget_work", PARAM_INT, offsetof(scns_params_t, forget_work), 1, 1000000000, NULL,
      "W_max of (8): expansions after which a move's error is forgotten" },
    { "tt_mb", PARAM_MIB, offsetof(scns_params_t, tt_mb), 1, 1 << 20, NULL,
      "node table size in MiB, and a quarter more for RAVE (changing it empties them)" },
    { "max_expansions", PARAM_INT, offsetof(scns_params_t, max_expansions), 0, 1 << 30, NULL,
      "expansions per genmove at most; 0: the time budget alone" },
    { "progress_interval", PARAM_DOUBLE, offsetof(scns_params_t, progress_interval), 0, 1e6,
      NULL, "seconds between progress lines on stderr during genmove; 0: none" },
    { "threads", PARAM_INT, offsetof(scns_params_t, threads), 0, SCNS_MAX_THREADS, NULL,
      "threads of the search; 0: the program's (param_game threads, --threads)" },
    { "max_work_per_job", PARAM_INT, offsetof(scns_params_t, max_work_per_job), 0, 1 << 30,
      NULL, "expansions of one job of a parallel search; 0: the interlude" },
    { "settle", PARAM_DOUBLE, offsetof(scns_params_t, settle), 1, 1e6, NULL,
      "under a game clock, past its budget a move ends once the most-worked root move "
      "has this many times the second's work (else at its limit)" },
    { "playouts", PARAM_INT, offsetof(scns_params_t, playouts), 0, PLAYOUT_MAX_GAMES, NULL,
      "random playouts per expansion whose win odds with each move scale its circuit "
      "score; 0: the circuit alone" },
    { "playout_weight", PARAM_DOUBLE, offsetof(scns_params_t, playout_weight), 0, 100, NULL,
      "the power of the playouts' win odds in a move's score" },
    { "playout_bridges", PARAM_BOOL, offsetof(scns_params_t, playout_bridges), 0, 1, NULL,
      "playouts answer an intrusion into a bridge in its other cell" },
    { "prior_weight", PARAM_DOUBLE, offsetof(scns_params_t, prior_weight), 0, 100, NULL,
      "the power of the move prior (share/patterns/move-prior.txt) in a move's score; "
      "0: the circuit alone" },
    { "net_weight", PARAM_DOUBLE, offsetof(scns_params_t, net_weight), 0, 100, NULL,
      "the power of the network's policy (param_net) in a move's score; 0: no network" },
    { "circuit_weight", PARAM_DOUBLE, offsetof(scns_params_t, circuit_weight), 0, 100, NULL,
      "the power of the circuit's score in a move's score; 0: the policy and the prior "
      "alone order the moves the circuit scores" },
    { "value_weight", PARAM_DOUBLE, offsetof(scns_params_t, value_weight), 0, 1, NULL,
      "the network's value head in the errors of expanded children (0: none, 1: it alone)" },
    { "moveval_weight", PARAM_DOUBLE, offsetof(scns_params_t, moveval_weight), 0, 100, NULL,
      "the power of the odds of the network's move values (a net with the move-value "
      "head) in a move's score: at 1 the errors grow by the log odds a move gives away" },
    { "net_after", PARAM_INT, offsetof(scns_params_t, net_after), 0, 1000000000, NULL,
      "the network scores a node once it has this much work below it (the root at once); "
      "0: every node at its expansion" },
    { "circuit_scale", PARAM_BOOL, offsetof(scns_params_t, circuit_scale), 0, 1, NULL,
      "moves keep the order of the mixed scores (circuit, prior, policy) with the circuit's "
      "scores by rank: the errors keep the circuit's scale" },
    { "value_margin", PARAM_INT, offsetof(scns_params_t, value_margin), -1, 1000000, NULL,
      "the move played is the most-worked root move unless another's value is better by "
      "more than this (value units), then the best-valued; -1: always the most worked" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

static void
scns_defaults(void *settings)
{
    scns_params_default(settings);
}

/* The player's own parameter group: the engine keeps the block and lends
 * it at each genmove; a new tt_mb empties the tables then, and a change
 * of what the stored functions mean (same_meaning) clears them. */
static const player_settings_t scns_settings = {
    .group = {
        .command = "param_scns",
        .doc = "SCNS player parameters",
        .table = scns_param_table,
        .offset = 0,
        .size = sizeof(scns_params_t),
        .changed = NULL,
    },
    .defaults = scns_defaults,
};

typedef struct scns_state {
    const scns_params_t *params;        /* the engine's, read each genmove */
    const resist_params_t *resist_params;
    scns_t *s;
    resist_t *rs;
    kn_t *kn;                   /* for the swap's circuit rule */
    resist_result_t res;
    scns_result_t result;       /* the last search */
    bool have_result;
    uint64_t root_key, answer_key;
    int move;                   /* the answer to that search */
    const geometry_t *geo;      /* for progress lines (during genmove) */
    scns_params_t used;         /* the parameters the tables were filled
                                 * with */
    bool have_used;
    int threads;                /* the last search's */
    hex_color_t solver_winner;  /* the last solver's beside it: the
                                 * winner, HEX_EMPTY: unknown */
    bool solver_ran;
    uint64_t solver_work;
    kn_expansion_t bounds;      /* solver_bounds' */
    tt_data_t entry[HEX_MAX_CELLS];
    bool have[HEX_MAX_CELLS];
} scns_state_t;

static void
scns_destroy(void *state)
{
    scns_state_t *st = state;
    scns_free(st->s);
    resist_free(st->rs);
    kn_free(st->kn);
    free(st);
}

static void *
scns_create(const player_config_t *cfg)
{
    scns_state_t *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->params = cfg->settings;
    st->resist_params = cfg->knowledge->resist_params;
    st->s = scns_new(cfg->knowledge);
    st->rs = resist_new();
    st->kn = kn_new(cfg->knowledge);
    if (!st->s || !st->rs || !st->kn || !st->params || !st->resist_params) {
        scns_destroy(st);
        return NULL;
    }
    return st;
}

static void
scns_new_game(void *state)
{
    scns_state_t *st = state;
    scns_clear(st->s);
    resist_forget(st->rs);
    st->have_result = false;
}

/* Whether the functions stored under parameters a mean what they would
 * mean under b: the leaf rules, the merge and the errors are the same
 * (the interval, thresholds and budgets only steer the search). */
static bool
same_meaning(const scns_params_t *a, const scns_params_t *b)
{
    return a->multi_step == b->multi_step && a->delta == b->delta && a->eta == b->eta
        && a->use_rave == b->use_rave && a->rave_shift == b->rave_shift
        && a->rave_impact == b->rave_impact && a->use_forgetting == b->use_forgetting
        && a->forget_work == b->forget_work && a->playouts == b->playouts
        && a->playout_weight == b->playout_weight
        && a->playout_bridges == b->playout_bridges && a->prior_weight == b->prior_weight
        && a->net_weight == b->net_weight && a->circuit_weight == b->circuit_weight
        && a->circuit_scale == b->circuit_scale && a->value_weight == b->value_weight
        && a->moveval_weight == b->moveval_weight && a->net_after == b->net_after;
}

/* ---- stderr ------------------------------------------------------------ */

/* A value as text: +inf, -inf or the integer. */
static const char *
value_text(pnfunc_value_t v, char *buf, size_t size)
{
    if (v == PNFUNC_PLUS_INF)
        return "+inf";
    if (v == PNFUNC_MINUS_INF)
        return "-inf";
    snprintf(buf, size, "%d", (int)v);
    return buf;
}

/* The root's value with the search's target window, for the log:
 * "value V (target window [L, H])", with "passed above" or "passed
 * below" when V has moved past an end since the window was set (a side
 * reached its target; the search sets it again), and no window once the
 * value is proven (+inf, -inf). */
static const char *
value_window_text(pnfunc_value_t v, pnfunc_value_t lo, pnfunc_value_t hi, char *buf,
                  size_t size)
{
    char vb[16], lt[16], ht[16];
    const char *vt = value_text(v, vb, sizeof vb);
    if (v == PNFUNC_PLUS_INF || v == PNFUNC_MINUS_INF) {
        snprintf(buf, size, "value %s", vt);
        return buf;
    }
    snprintf(buf, size, "value %s (target window [%s, %s]%s)", vt,
             value_text(lo, lt, sizeof lt), value_text(hi, ht, sizeof ht),
             v >= hi ? ", passed above" : v <= lo ? ", passed below" : "");
    return buf;
}

/* The first `max` moves of a line, blank-separated, into buf. */
static void
line_text(const geometry_t *g, const int16_t *moves, int n, int max, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && i < max && len + 8 < size; i++) {
        char name[MOVE_NAME_MAX];
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                geometry_move_name(g, moves[i], name));
    }
    if (n > max && len + 4 < size)
        snprintf(buf + len, size - len, " ...");
}

static void
progress(void *arg, const scns_progress_t *p)
{
    const scns_state_t *st = arg;
    const scns_stats_t *s = p->stats;
    char v[96], best[MOVE_NAME_MAX], pv[256];
    line_text(st->geo, p->pv, p->pv_len, 12, pv, sizeof pv);
    fprintf(stderr, "scns %.1f s: %llu expansions (%.0f/s), %s, "
            "best %s (%llu), pv %s\n", s->seconds, (unsigned long long)s->expansions,
            s->seconds > 0 ? (double)s->expansions / s->seconds : 0.0,
            value_window_text(p->value, p->v_min, p->v_max, v, sizeof v),
            p->best >= 0 ? geometry_move_name(st->geo, p->best, best) : "-",
            (unsigned long long)p->best_work, pv);
}

static void
summary(const scns_state_t *st, int move)
{
    const scns_result_t *r = &st->result;
    const scns_stats_t *s = &r->stats;
    char v[96], name[MOVE_NAME_MAX], pv[256];
    line_text(st->geo, r->pv, r->pv_len, 12, pv, sizeof pv);
    uint64_t work = 0;
    for (int i = 0; i < r->nchildren; i++)
        if (r->child[i].move == move)
            work = r->child[i].work;
    const char *how = r->winner == HEX_EMPTY ? "" : r->winner == r->to_move ? ", proven win"
        : ", proven loss";
    struct rusage ru;
    long rss_mb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss / 1024 : -1;
    char par[160] = "";
    size_t len = 0;
    if (st->threads > 1)
        len += (size_t)snprintf(par, sizeof par, ", %d threads (%llu jobs, %.2f s idle)",
                                st->threads, (unsigned long long)s->jobs, s->idle_seconds);
    if (st->solver_ran)
        snprintf(par + len, sizeof par - len, ", solver beside: %s (%llu calls)",
                 st->solver_winner == HEX_EMPTY ? "open" : st->solver_winner == r->to_move
                 ? "win" : "loss", (unsigned long long)st->solver_work);
    fprintf(stderr, "scns: %s after %.2f s, %llu expansions (%.0f/s, %llu terminal, "
            "%llu knowledge, %llu net, peak RSS %ld MiB), work %llu, %s%s%s%s%s, "
            "pv %s\n",
            geometry_move_name(st->geo, move, name), s->seconds,
            (unsigned long long)s->expansions,
            s->seconds > 0 ? (double)s->expansions / s->seconds : 0.0,
            (unsigned long long)s->terminal, (unsigned long long)s->knowledge,
            (unsigned long long)s->net, rss_mb,
            (unsigned long long)work,
            value_window_text(r->value, r->v_min, r->v_max, v, sizeof v), how,
            r->reason != KN_OPEN ? " by " : "", r->reason != KN_OPEN ? kn_reason_name(r->reason)
            : "", par, pv);
}

/* ---- the solver beside the search ------------------------------------- */

/* One run of the solver beside the search (DESIGN.md, Threads at
 * genmove).  The search's thread fills it before the solver's thread
 * starts and reads `result` after joining it; meanwhile they share only
 * `halt` (set by the search's thread when its search ends: the solver's
 * stop) and `*found` (set by the solver's thread when it proved the
 * root: the search's stop), both atomics. */
typedef struct beside {
    solver_t *sv;
    position_t pos;
    dfpn_params_t params;
    stop_t stop;
    _Atomic bool halt;
    _Atomic bool *found;
    dfpn_result_t result;
    pthread_t thread;
    bool started;               /* on a thread of its own */
    bool ran_first;             /* ran to its end before the search
                                 * (time-sharing: beside_first) */
} beside_t;

static void *
beside_run(void *arg)
{
    beside_t *b = arg;
    solver_solve(b->sv, &b->pos, b->pos.to_move, &b->params, &b->stop, NULL, NULL, &b->result);
    if (b->result.winner != HEX_EMPTY)
        atomic_store(b->found, true);
    return NULL;
}

/* Set the solver up with one thread on p, me to move, within req's stop
 * and b->halt; it sets *found when it proves the root.  beside_start
 * starts it on its own thread. */
static void
beside_start_prepare(beside_t *b, const player_request_t *req, const position_t *p,
                     hex_color_t me, _Atomic bool *found)
{
    b->sv = req->solver;
    position_copy(&b->pos, p);
    position_set_to_move(&b->pos, me);
    b->params = *req->solver_params;
    b->params.threads = 1;
    b->params.progress_interval = 1e6;
    atomic_init(&b->halt, false);
    b->stop = stop_with_halt(&req->stop, &b->halt);
    b->found = found;
    b->result.winner = HEX_EMPTY;
    b->started = false;
    b->ran_first = false;
}

static void
beside_start(beside_t *b, const player_request_t *req, const position_t *p, hex_color_t me,
             _Atomic bool *found)
{
    beside_start_prepare(b, req, p, me, found);
    b->started = pthread_create(&b->thread, NULL, beside_run, b) == 0;
}

static void
beside_end(beside_t *b)
{
    atomic_store(&b->halt, true);
    if (b->started)
        pthread_join(b->thread, NULL);
    else if (!b->ran_first)
        b->result.winner = HEX_EMPTY;
}

/* Time-sharing: the solver runs first on this thread, with the player's
 * threads, for `seconds` at most (within req's stop); *found is set when
 * it proves the root.  beside_end then has nothing to join. */
static void
beside_first(beside_t *b, const player_request_t *req, const position_t *p, hex_color_t me,
             _Atomic bool *found, int threads, double seconds)
{
    beside_start_prepare(b, req, p, me, found);
    b->params.threads = threads;
    b->stop.deadline = stop_now() + seconds;
    b->ran_first = true;
    beside_run(b);
}

/* The move after the solver's word on the root: its winning move; in a
 * proven loss the considered move whose disproof took the solver most
 * work (it resists longest); open, the search's choice unless the
 * solver's table proves it loses, then the root child with the most work
 * that it does not.  `move` is the search's choice. */
static int
beside_move(scns_state_t *st, const beside_t *b, const position_t *p, hex_color_t me, int move)
{
    const dfpn_result_t *d = &b->result;
    if (d->winner == me)
        return d->best >= 0 ? d->best : move;
    if (!solver_bounds(b->sv, &b->pos, me, &st->bounds, st->entry, st->have)
        || st->bounds.decided != HEX_EMPTY)
        return move;
    const kn_expansion_t *x = &st->bounds;
    if (d->winner != HEX_EMPTY) {
        int pick = -1;
        for (int i = 0; i < x->n; i++)
            if (st->have[i] && (pick < 0 || st->entry[i].work > st->entry[pick].work))
                pick = i;
        return pick >= 0 ? x->moves[pick] : move;
    }
    /* a child the table proves won for the opponent (to move there) */
    bitset_t lost = bitset_empty();
    for (int i = 0; i < x->n; i++)
        if (st->have[i] && st->entry[i].phi == 0)
            bitset_set(&lost, x->moves[i]);
    if (move < 0 || !bitset_test(&lost, move))
        return move;
    const scns_result_t *r = &st->result;
    int pick = -1;
    for (int i = 0; i < r->nchildren; i++)
        if (!bitset_test(&lost, r->child[i].move)
            && position_check(p, me, r->child[i].move) == POSITION_OK
            && (pick < 0 || r->child[i].work > r->child[pick].work))
            pick = i;
    return pick >= 0 ? r->child[pick].move : move;
}

/* ---- the report ------------------------------------------------------- */

/* A value of the search as a report's: proven ones marked. */
static int32_t
report_value(pnfunc_value_t v)
{
    if (v == PNFUNC_PLUS_INF)
        return PLAYER_VALUE_WIN;
    if (v == PNFUNC_MINUS_INF)
        return PLAYER_VALUE_LOSS;
    return (int32_t)v;
}

static void
report_stat(player_report_t *out, const char *name, double value)
{
    if (out->nstats < PLAYER_STATS_MAX)
        out->stats[out->nstats++] = (player_stat_t){ name, value };
}

static bool
scns_last_search(const void *state, player_report_t *out)
{
    const scns_state_t *st = state;
    if (!st->have_result)
        return false;
    const scns_result_t *r = &st->result;
    const scns_stats_t *s = &r->stats;
    out->root_key = st->root_key;
    out->answer_key = st->answer_key;
    out->to_move = r->to_move;
    out->move = st->move;
    out->winner = r->winner;
    out->value = report_value(r->value);
    out->value_unit = "hundredths of a natural-log unit of the circuit's energy ratio";
    out->work_unit = "expansions";
    out->nchildren = r->nchildren;
    for (int i = 0; i < r->nchildren; i++)
        out->child[i] = (player_child_t){
            .move = r->child[i].move,
            .value = report_value(r->child[i].value),
            .work = r->child[i].work,
        };
    out->pv_len = r->pv_len < PLAYER_PV_MAX ? r->pv_len : PLAYER_PV_MAX;
    for (int i = 0; i < out->pv_len; i++)
        out->pv[i] = r->pv[i];
    out->work = s->expansions;
    out->seconds = s->seconds;
    out->solver_ran = st->solver_ran;
    out->solver_winner = st->solver_winner;
    out->nstats = 0;
    report_stat(out, "knowledge", (double)s->knowledge);
    report_stat(out, "net", (double)s->net);
    report_stat(out, "terminal", (double)s->terminal);
    report_stat(out, "calls", (double)s->calls);
    report_stat(out, "interludes", (double)s->interludes);
    report_stat(out, "threads", st->threads);
    report_stat(out, "jobs", (double)s->jobs);
    report_stat(out, "idle_seconds", s->idle_seconds);
    report_stat(out, "v_min", report_value(r->v_min));
    report_stat(out, "v_max", report_value(r->v_max));
    if (st->solver_ran)
        report_stat(out, "solver_work", (double)st->solver_work);
    return true;
}

/* ---- the move ---------------------------------------------------------- */

static int
scns_genmove(void *state, const player_request_t *req)
{
    scns_state_t *st = state;
    const position_t *p = &req->game->pos;
    hex_color_t me = req->color;
    bitset_t empty = position_empty_cells(p);
    st->have_result = false;
    if (bitset_is_empty(&empty))
        return MOVE_RESIGN;
    if (req->allow_swap && me == HEX_WHITE && position_swap_available(p)
        && player_swap_wanted(req, st->kn, st->rs, &st->res))
        return MOVE_SWAP;
    st->geo = p->geo;
    if (st->have_used && !same_meaning(&st->used, st->params))
        scns_clear(st->s);
    st->used = *st->params;
    st->have_used = true;
    scns_set_progress(st->s, progress, st);
    /* The root interlude is the paper's at about a second a move (30 s
     * games), and grows with the budget, so that a long search returns to
     * the root as often in proportion to its work. */
    scns_params_t prm = *st->params;
    if (req->budget > 1 && prm.interlude > 0) {
        double w = prm.interlude * req->budget;
        prm.interlude = w < 1e9 ? (int)lround(w) : 1000000000;
    }
    if (prm.threads < 1)
        prm.threads = req->threads;
    /* the solver beside the search takes one of the threads */
    _Atomic bool found = false;
    stop_t stop = stop_with_halt(&req->stop, &found);
    beside_t b;
    st->solver_ran = req->solver && req->solver_params;
    if (st->solver_ran && req->solver_first > 0) {
        /* time-sharing: the solver first, with the search's threads */
        beside_first(&b, req, p, me, &found, prm.threads, req->solver_first);
        /* a win: the search stops at once (found), and its winning move
         * is played below; else the search has the rest */
        if (b.result.winner != me)
            atomic_store(&found, false);
    } else if (st->solver_ran) {
        if (prm.threads > 1)
            prm.threads--;
        beside_start(&b, req, p, me, &found);
    }
    st->threads = prm.threads;
    /* the clock's budget and limit (engine/clock.h): the deadline is the
     * limit */
    scns_time_t tm = {
        .budget = req->stop.deadline - (req->limit - req->budget),
        .limit = req->stop.deadline,
        .early = req->banked,
    };
    scns_set_time(st->s, req->stop.deadline > 0 ? &tm : NULL);
    int move = -1;
    scns_set_proofs(st->s, req->proofs);
    bool searched = scns_search(st->s, p, me, &prm, &stop, &st->result);
    scns_set_proofs(st->s, NULL);
    if (searched) {
        move = st->result.move;
        if (move < 0)           /* decided at the root, no move named */
            move = player_best_by_circuit(st->rs, st->resist_params, &st->res, p,
                                          &st->result.support);
    }
    if (st->solver_ran) {
        beside_end(&b);
        st->solver_winner = b.result.winner;
        st->solver_work = b.result.stats.work;
        if (searched && st->result.winner != me)
            move = beside_move(st, &b, p, me, move);
        position_free(&b.pos);
    }
    /* out of memory, or a move that is not legal (never expected): still
     * a legal move */
    if (move < 0 || position_check(p, me, move) != POSITION_OK) {
        int m = player_best_by_circuit(st->rs, st->resist_params, &st->res, p, &empty);
        move = m >= 0 ? m : bitset_first(&empty);
    }
    if (!searched)
        return move;
    position_t after;
    position_copy(&after, p);
    position_set_to_move(&after, me);
    st->root_key = position_key(&after);
    position_play(&after, me, move);
    st->answer_key = position_key(&after);
    position_free(&after);
    st->move = move;
    st->have_result = true;
    summary(st, move);
    return move;
}

const player_t player_scns = {
    .name = "scns",
    .doc = "sibling conspiracy number search (param_scns) within the move's budget, "
        "the solver beside it (param_player solver)",
    .uses_solver = true,
    .create = scns_create,
    .destroy = scns_destroy,
    .new_game = scns_new_game,
    .genmove = scns_genmove,
    .last_search = scns_last_search,
    .settings = &scns_settings,
};
