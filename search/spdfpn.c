/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Scalable Parallel DFPN (see spdfpn.h). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "search/dfpn_node.h"
#include "search/jobs.h"
#include "search/spdfpn.h"

/* The most nodes one search for a job may open.  The search ends (the
 * descent is DFPN's, on numbers that do not change while it runs), but
 * with many threads on a small tree it can wander long among the marked
 * nodes; past this it gives up and the thread waits for a job to end. */
#define FIND_LIMIT 20000

/* A node of the virtual table: the virtual numbers of a node on the path
 * of at least one running job, and how many such paths hold it (VTTADD,
 * VTTREMOVE). */
typedef struct vtt_entry {
    uint64_t key;
    uint32_t phi, delta;
    int count;                  /* 0: a free slot */
} vtt_entry_t;

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

typedef struct worker {
    spdfpn_t *p;
    dfpn_t *s;                  /* this thread's DFPN workspace */
    vframe_t *vf;               /* HEX_MAX_CELLS + 1 levels */
    pthread_t thread;
    bool started;
    int opens;                  /* nodes opened by the current search for
                                 * a job (at most FIND_LIMIT) */
    dfpn_stats_t published;     /* s->stats after the last job; guarded by
                                 * the job lock, for progress reports */
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
    const stop_t *stop;         /* the caller's */
    stop_t wstop;               /* the workers': the caller's and `halt` */
    int active;                 /* threads in this solve */
    uint64_t max_work;          /* MaxWorkPerJob */
    uint64_t root_key;
    double start;

    /* The job board (jobs.h), whose lock guards everything below but
     * `halt`: the virtual table, the board's count of running jobs and
     * end of the search, the progress clock, and every worker's
     * `published` stats.  A thread holds it while it looks for a job and
     * while it brings the path of a finished job up to date; it never
     * holds it while it runs a job.  Threads that found no job wait for
     * one to end. */
    jobs_t jobs;
    vtt_entry_t *vtt;           /* per depth, nthreads slots: a path holds
                                 * one node per depth, so a depth has at
                                 * most `active` nodes */
    double next_progress;

    /* Set (under the lock) when the search is over; the workers' DFPN
     * reads it through wstop without the lock, to end their jobs early. */
    _Atomic bool halt;
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
    p->vtt = calloc((size_t)(HEX_MAX_CELLS + 1) * (size_t)threads, sizeof *p->vtt);
    p->own_cache = !cache;
    p->cache = cache ? cache : expcache_new(threads);
    bool ok = p->w && p->vtt && p->cache;
    for (int i = 0; ok && i < threads; i++) {
        p->w[i].p = p;
        p->w[i].s = dfpn_new_shared(tt, cfg, p->cache);
        /* the path frames only serve threads beyond the first */
        if (threads > 1)
            p->w[i].vf = malloc((HEX_MAX_CELLS + 1) * sizeof *p->w[i].vf);
        ok = p->w[i].s && (threads == 1 || p->w[i].vf);
    }
    jobs_init(&p->jobs);
    atomic_init(&p->halt, false);
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
    free(p->vtt);
    if (p->own_cache)
        expcache_free(p->cache);
    jobs_destroy(&p->jobs);
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

/* ---- the virtual table (job lock held) ------------------------------- */

static vtt_entry_t *
vtt_find(spdfpn_t *p, int depth, uint64_t key)
{
    vtt_entry_t *row = p->vtt + (size_t)depth * (size_t)p->nthreads;
    for (int i = 0; i < p->active; i++)
        if (row[i].count > 0 && row[i].key == key)
            return &row[i];
    return NULL;
}

/* VTTADD: one more path holds the node; its virtual numbers are now
 * phi, delta. */
static void
vtt_add(spdfpn_t *p, int depth, uint64_t key, uint32_t phi, uint32_t delta)
{
    vtt_entry_t *e = vtt_find(p, depth, key);
    if (!e) {
        vtt_entry_t *row = p->vtt + (size_t)depth * (size_t)p->nthreads;
        for (int i = 0; i < p->active && !e; i++)
            if (row[i].count == 0)
                e = &row[i];
        if (!e)
            return;             /* cannot happen: a depth has at most
                                 * `active` nodes */
        e->key = key;
        e->count = 0;
    }
    e->count++;
    e->phi = phi;
    e->delta = delta;
}

/* VTTREMOVE: one path less holds the node; when others still do, its
 * virtual numbers become phi, delta (the ones the remaining marks give)
 * unless keep. */
static void
vtt_remove(spdfpn_t *p, int depth, uint64_t key, uint32_t phi, uint32_t delta, bool keep)
{
    vtt_entry_t *e = vtt_find(p, depth, key);
    if (!e || --e->count == 0 || keep)
        return;
    e->phi = phi;
    e->delta = delta;
}

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
        const vtt_entry_t *e;
        if (seen && v->seen[i]) {
            v->phi[i] = v->seen_phi[i];
            v->delta[i] = v->seen_delta[i];
        } else if ((e = vtt_find(p, depth + 1, f->key[i]))) {
            v->phi[i] = e->phi;
            v->delta[i] = e->delta;
        }
    }
}

/* ---- finding and running jobs (Algorithm 4) -------------------------- */

/* Run a job on the node at depth (key, entry nd) under thresholds P and
 * D: mark it a virtual win or loss, update the virtual numbers of the
 * path to the root (UPDATEVIRTUALS), run DFPN without the lock, then
 * remove the mark.  Called and returns with the job lock held. */
static uint64_t
run_job(worker_t *w, int depth, uint64_t key, const tt_data_t *nd, uint32_t P, uint32_t D)
{
    spdfpn_t *p = w->p;
    dfpn_t *s = w->s;
    bool win = nd->phi <= nd->delta;
    vtt_add(p, depth, key, win ? 0 : TT_INF, win ? TT_INF : 0);
    for (int d = depth - 1; d >= 0; d--) {
        vframe_t *v = &w->vf[d];
        read_virtual(p, d, &s->frames[d], v, false);
        pn_update_t u;
        dfpn_pn_update(s, &s->frames[d], v->phi, v->delta, -1, &u);
        vtt_add(p, d, v->key, u.phi, u.delta);
    }
    jobs_leave(&p->jobs);
    uint64_t work = dfpn_mid(s, depth, P, D, p->max_work);
    jobs_return(&p->jobs, &s->stats.idle_seconds);
    s->stats.jobs++;
    vtt_remove(p, depth, key, 0, 0, true);
    return work;
}

/* TRYRUNJOB on s->pos at depth, thresholds P and D: descend as DFPN does,
 * on virtual numbers, to the first node whose past work is below
 * max_work, and run a job there.  On the way back, every node of the
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
    const vtt_entry_t *ve = tt_solved(&nd) ? NULL : vtt_find(p, depth, key);
    if (ve) {
        *vphi = ve->phi;
        *vdelta = ve->delta;
    }
    if (*vphi >= P || *vdelta >= D || s->stopped || w->opens >= FIND_LIMIT)
        return 0;
    if (stop_requested(p->stop)) {
        s->stopped = true;
        return 0;
    }
    if (nd.work < p->max_work) {
        *done = true;
        return run_job(w, depth, key, &nd, P, D);
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
        if (*done) {
            vtt_remove(p, depth, key, vu.phi, vu.delta, false);
            break;
        }
        if (tt_solved(&cur)) {
            *vphi = cur.phi;
            *vdelta = cur.delta;
            break;
        }
        if (vu.phi >= P || vu.delta >= D || s->stopped || w->opens >= FIND_LIMIT) {
            /* a node on another job's path that this descent reached
             * another way: its entry may miss marks below it that were
             * added by paths not through it */
            vtt_entry_t *e = vtt_find(p, depth, key);
            if (e) {
                e->phi = vu.phi;
                e->delta = vu.delta;
            }
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

/* ---- the threads (Algorithm 3) --------------------------------------- */

static dfpn_stats_t
summed_stats(const spdfpn_t *p, bool published)
{
    dfpn_stats_t t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < p->active; i++) {
        const dfpn_stats_t *st = published ? &p->w[i].published : &p->w[i].s->stats;
        t.work += st->work;
        t.jobs += st->jobs;
        t.expansions += st->expansions;
        t.cache_hits += st->cache_hits;
        t.terminal += st->terminal;
        t.refuted += st->refuted;
        t.idle_seconds += st->idle_seconds;
    }
    return t;
}

/* A progress report from worker w, at the root between two jobs (job
 * lock held). */
static void
report(spdfpn_t *p, worker_t *w, bool force)
{
    double now = stop_now();
    if (!p->progress || (!force && now < p->next_progress))
        return;
    p->next_progress = now + p->params->progress_interval;
    dfpn_stats_t st = summed_stats(p, true);
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

static void *
worker_run(void *arg)
{
    worker_t *w = arg;
    spdfpn_t *p = w->p;
    dfpn_t *s = w->s;
    jobs_lock(&p->jobs, &s->stats.idle_seconds);
    while (!p->jobs.over) {
        tt_data_t d;
        if ((tt_lookup(p->tt, p->root_key, &d) && tt_solved(&d)) || s->stopped
            || stop_requested(p->stop)) {
            jobs_finish(&p->jobs, &p->halt);
            break;
        }
        bool done = false;
        uint32_t vphi, vdelta;
        w->opens = 0;
        try_job(w, 0, TT_INF, TT_INF, &done, &vphi, &vdelta);
        if (!done && p->jobs.running == 0 && !s->stopped) {
            /* no job found and none running (the search gave up at
             * FIND_LIMIT): serial DFPN at the root makes progress, as it
             * always does */
            jobs_leave(&p->jobs);
            dfpn_mid(s, 0, TT_INF, TT_INF, p->max_work);
            jobs_return(&p->jobs, &s->stats.idle_seconds);
            s->stats.jobs++;
            done = true;
        }
        w->published = s->stats;
        report(p, w, false);
        jobs_next(&p->jobs, done, !s->stopped, &s->stats.idle_seconds);
    }
    jobs_unlock(&p->jobs);
    return NULL;
}

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
    p->stop = stop;
    p->wstop = stop_with_halt(stop, &p->halt);
    p->active = n;
    p->max_work = params->max_work_per_job > 0
        ? (uint64_t)params->max_work_per_job
        : (uint64_t)spdfpn_default_work(pos->geo->width, pos->geo->height);
    memset(p->vtt, 0, (size_t)(HEX_MAX_CELLS + 1) * (size_t)p->nthreads * sizeof *p->vtt);
    jobs_start(&p->jobs);
    atomic_store(&p->halt, false);
    p->start = stop_now();
    p->next_progress = p->start + params->progress_interval;
    for (int i = 0; i < n; i++) {
        worker_t *w = &p->w[i];
        dfpn_begin(w->s, pos, to_move, params, &p->wstop);
        dfpn_set_progress(w->s, NULL, NULL);    /* reports come from report() */
        memset(&w->published, 0, sizeof w->published);
        w->started = false;
    }
    p->root_key = dfpn_key(p->w[0].s);
    for (int i = 1; i < n; i++)
        p->w[i].started = pthread_create(&p->w[i].thread, NULL, worker_run, &p->w[i]) == 0;
    worker_run(&p->w[0]);
    for (int i = 1; i < n; i++)
        if (p->w[i].started)
            pthread_join(p->w[i].thread, NULL);
    dfpn_stats_t st = summed_stats(p, false);
    st.seconds = stop_now() - p->start;
    if (st.seconds >= params->progress_interval) {
        for (int i = 0; i < n; i++)
            p->w[i].published = p->w[i].s->stats;
        report(p, &p->w[0], true);
    }
    dfpn_set_progress(p->w[0].s, p->progress, p->progress_arg);
    dfpn_result_of(p->tt, p->root_key, to_move, &st, out);
}
