/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Scalable Parallel DFPN (see spdfpn.h). */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "search/dfpn_node.h"
#include "search/jobs.h"
#include "search/spdfpn.h"

/* A node's virtual numbers: the payload of the job board's virtual
 * table (jobs.h). */
typedef struct vnum {
    uint32_t phi, delta;
} vnum_t;

/* One level of a thread's path: the node and its children's virtual
 * numbers (true ones where the virtual table has none).  `seen` marks the
 * children this thread has descended into during the current TRYRUNJOB
 * call at the node without finding a job; their numbers are then the
 * ones that descent computed (seen_phi, seen_delta).  A child's virtual
 * numbers depend on its own children's entries; when it is reached by
 * transposition it has no entry of its own, and without this the parent
 * would read its true numbers, select it again, and never stop. */
typedef struct vframe {
    uint64_t key;
    uint32_t phi[HEX_MAX_CELLS], delta[HEX_MAX_CELLS];
    bool seen[HEX_MAX_CELLS];
    uint32_t seen_phi[HEX_MAX_CELLS], seen_delta[HEX_MAX_CELLS];
} vframe_t;

/* A job's thresholds (the scheme's `job` argument). */
typedef struct job_arg {
    uint32_t P, D;
} job_arg_t;

/* One thread of the solver: only its thread touches it while a solve
 * runs. */
typedef struct worker {
    spdfpn_t *p;
    int id;                     /* its thread on the job board */
    dfpn_t *s;                  /* this thread's DFPN workspace */
    vframe_t *vf;               /* HEX_MAX_CELLS + 1 levels */
    int opens;                  /* nodes opened by the current search for
                                 * a job (at most JOBS_FIND_LIMIT) */
} worker_t;

struct spdfpn {
    tt_t *tt;
    expcache_t *cache;          /* the workers' expansions (expcache.h
                                 * documents its locking) */
    bool own_cache;
    int nthreads;               /* workers made */
    worker_t *w;
    dfpn_progress_fn progress;
    void *progress_arg;

    /* One solve's settings: written before the threads start, read-only
     * while they run. */
    const dfpn_params_t *params;
    dfpn_params_t wparams;      /* the workers': the caller's, with each
                                 * thread's share of its work_limit */
    const stop_t *stop;         /* the caller's */
    stop_t wstop;               /* the workers': the caller's and the
                                 * job board's halt flag */
    uint64_t max_work;          /* MaxWorkPerJob */
    uint64_t root_key;
    double start;

    /* The job board (jobs.h): its lock guards the virtual table, the
     * threads' published statistics and the progress clock below; the
     * workers' DFPN reads its halt flag through wstop without the lock,
     * to end their jobs early. */
    jobs_t *jobs;
    double next_progress;
};

void
spdfpn_forget(spdfpn_t *p)
{
    for (int i = 0; i < p->nthreads; i++)
        dfpn_forget(p->w[i].s);
}

int
spdfpn_default_work(int width, int height)
{
    int n = width > height ? width : height;
    return n <= 8 ? 100 : n >= 11 ? 20 : 50;
}

static const jobs_scheme_t scheme;

spdfpn_t *
spdfpn_new(tt_t *tt, const kn_config_t *cfg, int threads, expcache_t *cache)
{
    if (threads < 1 || threads > SPDFPN_MAX_THREADS)
        return NULL;
    spdfpn_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->tt = tt;
    p->nthreads = threads;
    p->w = calloc((size_t)threads, sizeof *p->w);
    p->own_cache = !cache;
    p->cache = cache ? cache : expcache_new(threads);
    /* the job board and the path frames only serve threads beyond the
     * first */
    if (threads > 1)
        p->jobs = jobs_new(&scheme, threads, HEX_MAX_CELLS + 1);
    bool ok = p->w && p->cache && (threads == 1 || p->jobs);
    for (int i = 0; ok && i < threads; i++) {
        p->w[i].p = p;
        p->w[i].id = i;
        p->w[i].s = dfpn_new_shared(tt, cfg, p->cache);
        if (threads > 1)
            p->w[i].vf = malloc((HEX_MAX_CELLS + 1) * sizeof *p->w[i].vf);
        ok = p->w[i].s && (threads == 1 || p->w[i].vf);
    }
    if (!ok) {
        spdfpn_free(p);
        return NULL;
    }
    return p;
}

void
spdfpn_free(spdfpn_t *p)
{
    if (!p)
        return;
    for (int i = 0; p->w && i < p->nthreads; i++) {
        dfpn_free(p->w[i].s);
        free(p->w[i].vf);
    }
    free(p->w);
    if (p->own_cache)
        expcache_free(p->cache);
    jobs_free(p->jobs);
    free(p);
}

void
spdfpn_set_progress(spdfpn_t *p, dfpn_progress_fn fn, void *arg)
{
    p->progress = fn;
    p->progress_arg = arg;
    dfpn_set_progress(p->w[0].s, fn, arg);
}

dfpn_t *
spdfpn_workspace(spdfpn_t *p)
{
    return p->w[0].s;
}

/* ---- virtual numbers (job lock held) ----------------------------------- */

/* VTTREAD for every child of the node at depth (frame f, whose true
 * numbers are read): a child solved for true keeps its true value; else
 * the numbers this thread's descent into it computed (when `seen` is
 * set), which are the freshest; else the virtual table's; else the true
 * ones. */
static void
read_virtual(spdfpn_t *p, int depth, const frame_t *f, vframe_t *v, bool seen)
{
    for (int i = 0; i < f->e.n; i++) {
        v->phi[i] = f->phi[i];
        v->delta[i] = f->delta[i];
        if (f->phi[i] == 0 || f->delta[i] == 0)
            continue;
        const vnum_t *e;
        if (seen && v->seen[i]) {
            v->phi[i] = v->seen_phi[i];
            v->delta[i] = v->seen_delta[i];
        } else if ((e = jobs_vtt_find(p->jobs, depth + 1, f->key[i]))) {
            v->phi[i] = e->phi;
            v->delta[i] = e->delta;
        }
    }
}

/* The scheme's path_node (UPDATEVIRTUALS): the virtual numbers of the
 * node at depth of w's path from its children's. */
static void
path_node(void *arg, int depth, uint64_t *key, void *payload)
{
    worker_t *w = arg;
    vframe_t *v = &w->vf[depth];
    read_virtual(w->p, depth, &w->s->frames[depth], v, false);
    pn_update_t u;
    dfpn_pn_update(w->s, &w->s->frames[depth], v->phi, v->delta, -1, &u);
    *key = v->key;
    *(vnum_t *)payload = (vnum_t){ u.phi, u.delta };
}

/* The scheme's job: serial DFPN on the node at depth of w's path, for at
 * most max_work. */
static uint64_t
job(void *arg, int depth, void *thresholds)
{
    worker_t *w = arg;
    const job_arg_t *t = thresholds;
    return dfpn_mid(w->s, depth, t->P, t->D, w->p->max_work);
}

/* ---- finding jobs (Algorithm 4) ----------------------------------------- */

/* TRYRUNJOB on s->pos at depth, thresholds P and D: descend as DFPN does,
 * on virtual numbers, to the first node whose past work is below
 * max_work, and run a job there (jobs_run_job: a virtual win when
 * phi <= delta, else a virtual loss).  On the way back, every node of the
 * path gets its true numbers and work written and leaves the virtual
 * table.  Returns the job's work; *done tells whether a job ran, and
 * *vphi, *vdelta are the node's virtual numbers as this call last saw
 * them.  Called and returns with the job lock held. */
static uint64_t
try_job(worker_t *w, int depth, uint32_t P, uint32_t D, bool *done, uint32_t *vphi,
        uint32_t *vdelta)
{
    spdfpn_t *p = w->p;
    dfpn_t *s = w->s;
    uint64_t key = dfpn_key(s);
    tt_data_t nd = dfpn_read(s, key);
    *vphi = nd.phi;
    *vdelta = nd.delta;
    const vnum_t *ve = tt_solved(&nd) ? NULL : jobs_vtt_find(p->jobs, depth, key);
    if (ve) {
        *vphi = ve->phi;
        *vdelta = ve->delta;
    }
    if (*vphi >= P || *vdelta >= D || s->stopped || w->opens >= JOBS_FIND_LIMIT)
        return 0;
    if (stop_requested(p->stop)) {
        s->stopped = true;
        return 0;
    }
    if (nd.work < p->max_work) {
        *done = true;
        bool win = nd.phi <= nd.delta;
        vnum_t mark = { win ? 0 : TT_INF, win ? TT_INF : 0 };
        return jobs_run_job(p->jobs, w->id, depth, key, &mark, &(job_arg_t){ P, D });
    }
    frame_t *f = &s->frames[depth];
    vframe_t *v = &w->vf[depth];
    v->key = key;
    w->opens++;
    int filled = dfpn_open(s, f, key, &nd);
    if (filled < 0) {
        /* decided now (stored), or out of memory */
        *vphi = nd.phi;
        *vdelta = nd.delta;
        return 0;
    }
    memset(v->seen, 0, (size_t)f->e.n * sizeof v->seen[0]);
    hex_color_t me = s->pos.to_move;
    uint64_t local = 0, child_work = 0;
    for (;;) {
        /* the true numbers, with the work of the job below (the entry is
         * read again: other threads write it too) */
        tt_data_t cur = dfpn_read(s, key);
        cur.work += child_work;
        pn_update_t u;
        dfpn_update_entry(s, f, key, &cur, &u);
        /* the virtual numbers */
        read_virtual(p, depth, f, v, !*done);
        pn_update_t vu;
        dfpn_pn_update(s, f, v->phi, v->delta, cur.best, &vu);
        *vphi = vu.phi;
        *vdelta = vu.delta;
        vnum_t vn = { vu.phi, vu.delta };
        if (*done) {
            jobs_vtt_remove(p->jobs, depth, key, &vn);
            break;
        }
        if (tt_solved(&cur)) {
            *vphi = cur.phi;
            *vdelta = cur.delta;
            break;
        }
        if (vu.phi >= P || vu.delta >= D || s->stopped || w->opens >= JOBS_FIND_LIMIT) {
            /* a node on another job's path that this descent reached
             * another way: its entry may miss marks below it that were
             * added by paths not through it */
            vnum_t *e = jobs_vtt_find(p->jobs, depth, key);
            if (e)
                *e = vn;
            break;
        }
        uint32_t Pc, Dc;
        int j = dfpn_select(s, v->phi, v->delta, &vu, P, D, &Pc, &Dc);
        if (cur.best != f->e.moves[j]) {
            cur.best = f->e.moves[j];
            tt_store(s->tt, key, &cur);
        }
        position_play(&s->pos, me, f->e.moves[j]);
        child_work = try_job(w, depth + 1, Pc, Dc, done, &v->seen_phi[j], &v->seen_delta[j]);
        v->seen[j] = true;
        position_undo(&s->pos);
        local += child_work;
    }
    kn_undo_fill(&s->pos, filled);
    return local;
}

/* ---- the scheme's rounds (Algorithm 3) ----------------------------------- */

static void *
stats_of(void *arg)
{
    worker_t *w = arg;
    return &w->s->stats;
}

/* The root's thresholds: a job's of the two-level search (dfpn.h
 * job_phi, job_delta), or none. */
static uint32_t
root_P(const spdfpn_t *p)
{
    return p->wparams.job_phi ? p->wparams.job_phi : TT_INF;
}

static uint32_t
root_D(const spdfpn_t *p)
{
    return p->wparams.job_delta ? p->wparams.job_delta : TT_INF;
}

/* The search is over when the root is solved, its numbers reach
 * its thresholds or the search stopped. */
static bool
over(void *arg)
{
    worker_t *w = arg;
    spdfpn_t *p = w->p;
    tt_data_t d;
    return (tt_lookup(p->tt, p->root_key, &d)
            && (tt_solved(&d) || d.phi >= root_P(p) || d.delta >= root_D(p)))
        || w->s->stopped || stop_requested(p->stop);
}

static jobs_round_t
find(void *arg)
{
    worker_t *w = arg;
    bool done = false;
    uint32_t vphi, vdelta;
    w->opens = 0;
    try_job(w, 0, root_P(w->p), root_D(w->p), &done, &vphi, &vdelta);
    return done ? JOBS_RAN : JOBS_NONE;
}

/* No job found and none running (the search gave up at
 * JOBS_FIND_LIMIT): serial DFPN at the root makes progress, as it always
 * does. */
static jobs_round_t
alone(void *arg)
{
    worker_t *w = arg;
    jobs_run_alone(w->p->jobs, w->id, &(job_arg_t){ root_P(w->p), root_D(w->p) });
    return JOBS_RAN;
}

static bool
stopped(void *arg)
{
    worker_t *w = arg;
    return w->s->stopped;
}

/* A progress report from worker w, at the root between two jobs (job
 * lock held), when one is due or `force`. */
static void
report(spdfpn_t *p, worker_t *w, bool force)
{
    double now = stop_now();
    if (!p->progress || (!force && now < p->next_progress))
        return;
    p->next_progress = now + p->params->progress_interval;
    dfpn_stats_t st;
    jobs_sum(p->jobs, &st);
    st.seconds = now - p->start;
    tt_data_t d;
    if (!tt_lookup(p->tt, p->root_key, &d))
        d.phi = d.delta = 1;
    const frame_t *root = &w->s->frames[0];
    dfpn_progress_t pr = {
        .stats = &st,
        .root_phi = d.phi,
        .root_delta = d.delta,
        .tt_used = tt_used(p->tt),
        .tt_capacity = tt_capacity(p->tt),
        .pos = &w->s->pos,
        .depth = 0,
        .path = NULL,
        .path_len = 0,
        .root_to_move = w->s->root_to_move,
        .children = root->e.moves,
        .child_phi = root->phi,
        .child_delta = root->delta,
        .nchildren = root->e.decided == HEX_EMPTY ? root->e.n : 0,
    };
    p->progress(p->progress_arg, &pr);
}

static void
report_due(void *arg)
{
    worker_t *w = arg;
    report(w->p, w, false);
}


static const jobs_scheme_t scheme = {
    .payload = sizeof(vnum_t),
    .stats = JOBS_STATS_LAYOUT(dfpn_stats_t),
    .stats_of = stats_of, .over = over, .find = find, .alone = alone, .stopped = stopped,
    .report = report_due, .path_node = path_node, .job = job,
};

void
spdfpn_solve(spdfpn_t *p, const position_t *pos, hex_color_t to_move,
             const dfpn_params_t *params, const stop_t *stop, dfpn_result_t *out)
{
    int n = params->threads < 1 ? 1 : params->threads;
    if (n > p->nthreads)
        n = p->nthreads;
    if (n == 1) {
        dfpn_solve(p->w[0].s, pos, to_move, params, stop, out);
        return;
    }
    p->params = params;
    p->wparams = *params;
    if (params->work_limit > 0)
        p->wparams.work_limit = (params->work_limit + (uint64_t)n - 1) / (uint64_t)n;
    p->stop = stop;
    p->wstop = stop_with_halt(stop, jobs_halt(p->jobs));
    p->max_work = params->max_work_per_job > 0
        ? (uint64_t)params->max_work_per_job
        : (uint64_t)spdfpn_default_work(pos->geo->width, pos->geo->height);
    p->start = stop_now();
    p->next_progress = p->start + params->progress_interval;
    void *workers[SPDFPN_MAX_THREADS];
    for (int i = 0; i < n; i++) {
        worker_t *w = &p->w[i];
        dfpn_begin(w->s, pos, to_move, &p->wparams, &p->wstop);
        dfpn_set_progress(w->s, NULL, NULL);    /* reports come from report() */
        workers[i] = w;
    }
    p->root_key = dfpn_key(p->w[0].s);
    jobs_search(p->jobs, workers, n);
    dfpn_stats_t st;
    jobs_sum(p->jobs, &st);
    st.seconds = stop_now() - p->start;
    if (st.seconds >= params->progress_interval)
        report(p, &p->w[0], true);
    dfpn_set_progress(p->w[0].s, p->progress, p->progress_arg);
    dfpn_result_of(p->tt, p->root_key, to_move, &st, out);
}
