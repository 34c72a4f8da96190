/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The job-level parallel skeleton (jobs.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "search/jobs.h"
#include "search/stop.h"

/* A node of the virtual table: the virtual payload of a node on the path
 * of at least one running job, and how many such paths hold it
 * (VTTADD, VTTREMOVE).  The payload follows the header, `stride` bytes
 * an entry in all. */
typedef struct vtt_entry {
    uint64_t key;
    int count;                  /* 0: a free slot */
} vtt_entry_t;

/* One thread of the board. */
typedef struct jobs_thread {
    jobs_t *j;
    int id;
    void *worker;               /* the searcher's */
    void *published;            /* its statistics after its last round
                                 * (job lock) */
    void *scratch;              /* a payload for jobs_run_job's path */
    pthread_t thread;
    bool started;
} jobs_thread_t;

/* Locking: see jobs.h.  `scheme`, `nthreads`, `depths`, `stride` and the
 * arrays are set at jobs_new; `active` and the threads' workers before a
 * search's threads start. */
struct jobs {
    const jobs_scheme_t *scheme;
    int nthreads;               /* threads the board was made for */
    int depths;
    size_t stride;              /* bytes of a virtual-table entry */
    unsigned char *vtt;         /* per depth, nthreads entries: a path
                                 * holds one node per depth, so a depth
                                 * has at most `active` nodes */
    jobs_thread_t *t;
    int active;                 /* threads in this search */

    pthread_mutex_t lock;
    pthread_cond_t end;         /* broadcast when a job ends and when the
                                 * search is over */
    int running;                /* jobs running now */
    bool over;                  /* the search is over */
    _Atomic bool halt;          /* set with `over`, read without the lock */
};

jobs_t *
jobs_new(const jobs_scheme_t *scheme, int threads, int depths)
{
    jobs_t *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->scheme = scheme;
    j->nthreads = threads;
    j->depths = depths;
    j->stride = (sizeof(vtt_entry_t) + scheme->payload + 7) & ~(size_t)7;
    j->vtt = calloc((size_t)depths * (size_t)threads, j->stride);
    j->t = calloc((size_t)threads, sizeof *j->t);
    pthread_mutex_init(&j->lock, NULL);
    pthread_cond_init(&j->end, NULL);
    atomic_init(&j->halt, false);
    bool ok = j->vtt && j->t;
    for (int i = 0; ok && i < threads; i++) {
        j->t[i].j = j;
        j->t[i].id = i;
        j->t[i].published = calloc(1, scheme->stats.size);
        j->t[i].scratch = malloc(scheme->payload);
        ok = j->t[i].published && j->t[i].scratch;
    }
    if (!ok) {
        jobs_free(j);
        return NULL;
    }
    return j;
}

void
jobs_free(jobs_t *j)
{
    if (!j)
        return;
    for (int i = 0; j->t && i < j->nthreads; i++) {
        free(j->t[i].published);
        free(j->t[i].scratch);
    }
    free(j->t);
    free(j->vtt);
    pthread_mutex_destroy(&j->lock);
    pthread_cond_destroy(&j->end);
    free(j);
}

const _Atomic bool *
jobs_halt(const jobs_t *j)
{
    return &j->halt;
}

int
jobs_running(const jobs_t *j)
{
    return j->running;
}

int
jobs_active(const jobs_t *j)
{
    return j->active;
}

/* ---- statistics -------------------------------------------------------- */

static double *
idle_of(jobs_t *j, int thread)
{
    char *st = j->scheme->stats_of(j->t[thread].worker);
    return (double *)(void *)(st + j->scheme->stats.idle);
}

static void
count_job(jobs_t *j, int thread)
{
    char *st = j->scheme->stats_of(j->t[thread].worker);
    (*(uint64_t *)(void *)(st + j->scheme->stats.jobs))++;
}

static void
publish(jobs_t *j, int thread)
{
    memcpy(j->t[thread].published, j->scheme->stats_of(j->t[thread].worker),
           j->scheme->stats.size);
}

void
jobs_sum(const jobs_t *j, void *out)
{
    const jobs_stats_layout_t *l = &j->scheme->stats;
    memset(out, 0, l->size);
    uint64_t *sum = out;
    double *idle = (double *)(void *)((char *)out + l->idle);
    for (int i = 0; i < j->active; i++) {
        const uint64_t *st = j->t[i].published;
        for (int k = 0; k < l->ncounters; k++)
            sum[k] += st[k];
        *idle += *(const double *)(const void *)((const char *)st + l->idle);
    }
}

/* ---- the lock ---------------------------------------------------------- */

/* Take the lock; a wait counts as the thread's idle time. */
static void
lock(jobs_t *j, int thread)
{
    if (pthread_mutex_trylock(&j->lock) == 0)
        return;
    double t = stop_now();
    pthread_mutex_lock(&j->lock);
    *idle_of(j, thread) += stop_now() - t;
}

/* Lock held: the search is over; wake every thread waiting for a job. */
static void
finish(jobs_t *j)
{
    j->over = true;
    atomic_store(&j->halt, true);
    pthread_cond_broadcast(&j->end);
}

/* Lock held, at the end of a round: when a job ran, wake the threads
 * waiting for one (the tree changed); else wait until a job ends, unless
 * the search is over or the thread may not wait. */
static void
next(jobs_t *j, int thread, bool ran, bool may_wait)
{
    if (ran) {
        pthread_cond_broadcast(&j->end);
    } else if (!j->over && may_wait) {
        double t = stop_now();
        pthread_cond_wait(&j->end, &j->lock);
        *idle_of(j, thread) += stop_now() - t;
    }
}

/* ---- the virtual table (lock held) ---------------------------------------- */

static vtt_entry_t *
entry(jobs_t *j, int depth, int i)
{
    size_t at = ((size_t)depth * (size_t)j->nthreads + (size_t)i) * j->stride;
    return (vtt_entry_t *)(void *)(j->vtt + at);
}

static void *
payload_of(vtt_entry_t *e)
{
    return (char *)e + sizeof *e;
}

static vtt_entry_t *
find_entry(jobs_t *j, int depth, uint64_t key)
{
    for (int i = 0; i < j->active; i++) {
        vtt_entry_t *e = entry(j, depth, i);
        if (e->count > 0 && e->key == key)
            return e;
    }
    return NULL;
}

void *
jobs_vtt_find(jobs_t *j, int depth, uint64_t key)
{
    vtt_entry_t *e = find_entry(j, depth, key);
    return e ? payload_of(e) : NULL;
}

/* VTTADD: one more path holds the node; its virtual payload is now p. */
static void
vtt_add(jobs_t *j, int depth, uint64_t key, const void *p)
{
    vtt_entry_t *e = find_entry(j, depth, key);
    for (int i = 0; !e && i < j->active; i++)
        if (entry(j, depth, i)->count == 0) {
            e = entry(j, depth, i);
            e->key = key;
            e->count = 0;
        }
    if (!e)
        return;                 /* cannot happen: a depth has at most
                                 * `active` nodes */
    e->count++;
    memcpy(payload_of(e), p, j->scheme->payload);
}

void
jobs_vtt_remove(jobs_t *j, int depth, uint64_t key, const void *p)
{
    vtt_entry_t *e = find_entry(j, depth, key);
    if (!e || --e->count == 0 || !p)
        return;
    memcpy(payload_of(e), p, j->scheme->payload);
}

/* ---- jobs -------------------------------------------------------------- */

/* Lock held: the scheme's job at depth without the lock; it counts as a
 * running job. */
static uint64_t
unlocked_job(jobs_t *j, int thread, int depth, void *arg)
{
    j->running++;
    pthread_mutex_unlock(&j->lock);
    uint64_t work = j->scheme->job(j->t[thread].worker, depth, arg);
    lock(j, thread);
    j->running--;
    count_job(j, thread);
    return work;
}

uint64_t
jobs_run_job(jobs_t *j, int thread, int depth, uint64_t key, const void *mark, void *arg)
{
    jobs_thread_t *t = &j->t[thread];
    vtt_add(j, depth, key, mark);
    for (int d = depth - 1; d >= 0; d--) {
        uint64_t k;
        j->scheme->path_node(t->worker, d, &k, t->scratch);
        vtt_add(j, d, k, t->scratch);
    }
    uint64_t work = unlocked_job(j, thread, depth, arg);
    jobs_vtt_remove(j, depth, key, NULL);
    return work;
}

uint64_t
jobs_run_alone(jobs_t *j, int thread, void *arg)
{
    return unlocked_job(j, thread, 0, arg);
}

/* ---- the threads ----------------------------------------------------------- */

/* One thread (Algorithm 3): rounds at the root until the search is
 * over. */
static void *
thread_run(void *arg)
{
    jobs_thread_t *t = arg;
    jobs_t *j = t->j;
    const jobs_scheme_t *sc = j->scheme;
    void *w = t->worker;
    lock(j, t->id);
    while (!j->over) {
        if (sc->over(w)) {
            finish(j);
            break;
        }
        jobs_round_t r = sc->find(w);
        if (r == JOBS_NONE && j->running == 0 && !sc->stopped(w))
            r = sc->alone(w);
        if (r == JOBS_END) {
            finish(j);
            break;
        }
        publish(j, t->id);
        if (sc->report)
            sc->report(w);
        next(j, t->id, r == JOBS_RAN, !sc->stopped(w));
    }
    publish(j, t->id);
    pthread_mutex_unlock(&j->lock);
    return NULL;
}

void
jobs_search(jobs_t *j, void *const *workers, int n)
{
    memset(j->vtt, 0, (size_t)j->depths * (size_t)j->nthreads * j->stride);
    j->active = n;
    j->running = 0;
    j->over = false;
    atomic_store(&j->halt, false);
    for (int i = 0; i < n; i++) {
        j->t[i].worker = workers[i];
        j->t[i].started = false;
        memset(j->t[i].published, 0, j->scheme->stats.size);
    }
    for (int i = 1; i < n; i++)
        j->t[i].started = pthread_create(&j->t[i].thread, NULL, thread_run, &j->t[i]) == 0;
    thread_run(&j->t[0]);
    for (int i = 1; i < n; i++)
        if (j->t[i].started)
            pthread_join(j->t[i].thread, NULL);
}
