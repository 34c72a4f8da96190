/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Parallel SCNS (scns.h, Threads; paper §3.4): the job-level scheme of
 * SPDFPN (jobs.h) on SCNS's functions.  A job's mark is a virtual win
 * for the side whose number at the node is the smaller; the virtual
 * table holds functions, so a node's virtual functions follow from its
 * children's by rule (2) as its true ones do. */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "search/scns_node.h"

/* One level of a thread's path while it looks for a job: the numbers its
 * descent into a child computed (spdfpn.c vframe_t), which the parent
 * reads instead of the child's when the child was reached by
 * transposition and has no virtual entry of its own. */
struct scns_vframe {
    bool seen[HEX_MAX_CELLS];
    pnfunc_count_t seen_cm[HEX_MAX_CELLS], seen_co[HEX_MAX_CELLS];
};

/* A job's thresholds, targets and work limit (the scheme's `job`
 * argument). */
typedef struct job_arg {
    pnfunc_count_t P, D;
    pnfunc_value_t hi, lo;
    uint64_t W;
} job_arg_t;

scns_vframe_t *
scns_par_frames(void)
{
    return malloc((HEX_MAX_CELLS + 1) * sizeof(scns_vframe_t));
}

/* ---- the scheme's path and job --------------------------------------------- */

/* UPDATEVIRTUALS: the virtual functions of the node at depth of w's path
 * from its children's (job lock held). */
static void
path_node(void *arg, int depth, uint64_t *key, void *payload)
{
    worker_t *w = arg;
    frame_t *f = &w->frames[depth];
    hex_color_t me = scns_mover_at(w->s, depth);
    scns_read_children(w, f, me, PNFUNC_PLUS_INF, PNFUNC_MINUS_INF, depth + 1);
    scns_combine(w, f, me, payload);
    *key = f->key;
}

/* The serial search on the node at depth of w's path, without the
 * lock. */
static uint64_t
job(void *arg, int depth, void *a)
{
    worker_t *w = arg;
    const job_arg_t *j = a;
    return scns_mid(w, depth, j->P, j->D, j->W, j->hi, j->lo);
}

/* ---- finding jobs ---------------------------------------------------------- */

/* The search for a job from w->pos at depth (thresholds P and D, targets
 * hi and lo relative to the node's evaluation): descend as scns_mid()
 * does, on virtual functions, to the first node whose work is below
 * max_work, and run a job there (jobs_run_job: a virtual win for the
 * side whose number there is the smaller).  On the way back every node
 * of the path gets its true functions and work written, and leaves the
 * virtual table.  Returns the job's work; *done tells whether a job
 * ran, and *vphi, *vdelta are the node's virtual numbers as this call
 * last saw them.  Called and returns with the job lock held. */
static uint64_t
try_job(worker_t *w, int depth, pnfunc_count_t P, pnfunc_count_t D, pnfunc_value_t hi,
        pnfunc_value_t lo, bool *done, pnfunc_count_t *vphi, pnfunc_count_t *vdelta)
{
    scns_t *s = w->s;
    frame_t *f = &w->frames[depth];
    uint64_t key = position_key(&w->pos);
    hex_color_t me = w->pos.to_move;
    node_t nd;
    uint64_t work;
    bool known = table_lookup(s->nodes, key, &nd, &work);
    if (!known) {
        nd.p = s->leaf_p;
        nd.d = s->leaf_d;
        nd.best = -1;
        work = 0;
    }
    const node_t *ve = scns_node_final(&nd) ? NULL : jobs_vtt_find(s->jobs, depth, key);
    /* the mover's number is the node's phi, the opponent's its delta */
    scns_numbers(ve ? &ve->p : &nd.p, ve ? &ve->d : &nd.d, hi, lo, me, vphi, vdelta);
    if (*vphi >= P || *vdelta >= D || (depth == 0 && (*vphi == 0 || *vdelta == 0))
        || w->stopped || w->opens >= JOBS_FIND_LIMIT)
        return 0;
    if (stop_requested(&s->wstop)) {
        w->stopped = true;
        return 0;
    }
    if (work < s->max_work) {
        *done = true;
        /* the mark: by the node's true numbers */
        pnfunc_count_t phi, delta;
        scns_numbers(&nd.p, &nd.d, hi, lo, me, &phi, &delta);
        node_t mark;
        scns_terminal_node(&mark, phi <= delta ? me : hex_color_other(me));
        job_arg_t a = { P, D, hi, lo, s->max_work };
        return jobs_run_job(s->jobs, w->id, depth, key, &mark, &a);
    }
    w->opens++;
    f->key = key;
    f->played = -1;
    if (!scns_expand(w, &w->pos, &f->e, work)) {
        w->stopped = true;      /* out of memory */
        return 0;
    }
    if (f->e.decided != HEX_EMPTY) {
        /* a known node the knowledge decides: scns_mid() stored it so */
        return 0;
    }
    int filled = scns_fill(w, f, me);
    scns_vframe_t *v = &w->vf[depth];
    memset(v->seen, 0, (size_t)f->e.n * sizeof v->seen[0]);
    uint64_t local = 0, child_work = 0;
    for (;;) {
        /* the true functions, with the work of the job below (the entry
         * is read again: other threads write it too) */
        if (table_lookup(s->nodes, key, &nd, &work)) {
            f->work = work + child_work;
            update_t u;
            scns_update_node(w, f, me, hi, lo, &nd, &u);
        }
        child_work = 0;
        if (scns_node_final(&nd)) {
            scns_numbers(&nd.p, &nd.d, hi, lo, me, vphi, vdelta);
            if (*done)
                jobs_vtt_remove(s->jobs, depth, key, NULL);
            break;
        }
        /* the virtual functions and numbers */
        node_t vn;
        scns_read_children(w, f, me, hi, lo, depth + 1);
        scns_combine(w, f, me, &vn);
        if (!*done)
            for (int i = 0; i < f->e.n; i++)
                if (v->seen[i]) {
                    f->cm[i] = v->seen_cm[i];
                    f->co[i] = v->seen_co[i];
                }
        update_t vu;
        scns_summarize(f, nd.best, &vu);
        *vphi = vu.phi;
        *vdelta = vu.delta;
        if (*done) {
            jobs_vtt_remove(s->jobs, depth, key, &vn);
            break;
        }
        if (vu.phi >= P || vu.delta >= D || (depth == 0 && (vu.phi == 0 || vu.delta == 0))
            || w->stopped || w->opens >= JOBS_FIND_LIMIT) {
            /* a node on another job's path that this descent reached
             * another way: its entry may miss marks below it */
            node_t *e = jobs_vtt_find(s->jobs, depth, key);
            if (e)
                *e = vn;
            break;
        }
        pnfunc_count_t Pc, Dc;
        int j = scns_select_child(s->params, f, &vu, P, D, &Pc, &Dc);
        int move = f->e.moves[j];
        pnfunc_value_t off = f->off[j];
        if (nd.best != move) {
            nd.best = (int16_t)move;
            table_store(s->nodes, key, &nd, f->work);
        }
        f->played = j;
        position_play(&w->pos, me, move);
        pnfunc_count_t cphi, cdelta;
        child_work = try_job(w, depth + 1, Pc, Dc, pnfunc_value_add(hi, -off),
                             pnfunc_value_add(lo, -off), done, &cphi, &cdelta);
        position_undo(&w->pos);
        f->played = -1;
        /* the child's phi is the opponent's number, its delta the
         * mover's */
        v->seen[j] = true;
        v->seen_cm[j] = cdelta;
        v->seen_co[j] = cphi;
        local += child_work;
        if (depth == 0 && child_work)
            atomic_fetch_add_explicit(&s->root_work[move], child_work, memory_order_relaxed);
    }
    scns_unfill(w, f, filled);
    return local;
}

/* ---- the scheme's rounds (jobs.h; Algorithm 3) -------------------------------- */

static void *
stats_of(void *arg)
{
    worker_t *w = arg;
    return &w->stats;
}

/* The search is over when this thread stopped, the root is proven or
 * the time policy says so. */
static bool
over(void *arg)
{
    worker_t *w = arg;
    scns_t *s = w->s;
    node_t nd;
    pnfunc_value_t tv = scns_root_functions(s, false, &nd);
    return w->stopped || stop_requested(&s->wstop) || tv == PNFUNC_PLUS_INF
        || tv == PNFUNC_MINUS_INF || scns_time_is_up(s);
}

/* At the root: the thread's own interval from the root's virtual
 * functions, then a job. */
static jobs_round_t
find(void *arg)
{
    worker_t *w = arg;
    node_t nd;
    uint64_t left;
    pnfunc_value_t v = scns_root_functions(w->s, true, &nd);
    if (v == PNFUNC_PLUS_INF || v == PNFUNC_MINUS_INF)
        return JOBS_NONE;
    scns_set_interval(w, &nd.p, &nd.d, v);
    if (scns_search_done(w, v, &left))
        return JOBS_END;
    bool done = false;
    pnfunc_count_t vphi, vdelta;
    w->opens = 0;
    try_job(w, 0, COUNT_INF, COUNT_INF, w->hi, w->lo, &done, &vphi, &vdelta);
    w->stats.interludes++;
    return done ? JOBS_RAN : JOBS_NONE;
}

/* No job found and none running: a serial interlude at the root makes
 * progress, as it always does. */
static jobs_round_t
alone(void *arg)
{
    worker_t *w = arg;
    scns_t *s = w->s;
    node_t nd;
    uint64_t left;
    pnfunc_value_t t = scns_root_functions(s, false, &nd);
    scns_set_interval(w, &nd.p, &nd.d, t);
    if (scns_search_done(w, t, &left))
        return JOBS_END;
    job_arg_t a = { COUNT_INF, COUNT_INF, w->hi, w->lo, s->max_work < left ? s->max_work : left };
    uint64_t wk = jobs_run_alone(s->jobs, w->id, &a);
    s->idle = wk ? 0 : s->idle + 1;
    return s->idle > SCNS_IDLE_INTERLUDES_MAX ? JOBS_END : JOBS_RAN;
}

static bool
stopped(void *arg)
{
    worker_t *w = arg;
    return w->stopped;
}

static void
report(void *arg)
{
    scns_report_progress(arg);
}


static const jobs_scheme_t scheme = {
    .payload = sizeof(node_t),
    .stats = JOBS_STATS_LAYOUT(scns_stats_t),
    .stats_of = stats_of, .over = over, .find = find, .alone = alone, .stopped = stopped,
    .report = report, .path_node = path_node, .job = job,
};

jobs_t *
scns_par_board(void)
{
    return jobs_new(&scheme, SCNS_MAX_THREADS, HEX_MAX_CELLS + 2);
}

void
scns_par_search(scns_t *s)
{
    void *workers[SCNS_MAX_THREADS];
    for (int i = 0; i < s->active; i++)
        workers[i] = s->w[i];
    s->idle = 0;
    jobs_search(s->jobs, workers, s->active);
}
