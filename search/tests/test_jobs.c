/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the job-level parallel skeleton (search/jobs.h) with a
 * toy searcher of its own: the rounds end when the searcher says so, a
 * job's mark and its path reach the virtual table and the mark leaves it
 * after the job, VTTREMOVE keeps or replaces a payload, a thread with no
 * job runs alone when none runs, the halt flag, and the statistics sum.
 * SPDFPN and parallel SCNS on real positions are tested in test_dfpn.c
 * and test_scns.c. */
#include "config.h"

#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "search/jobs.h"

#define THREADS 4
#define DEPTH 3                 /* a job's node: depth 2 */
#define JOBS_WANTED 400

/* The toy's statistics: counters first, then idle seconds. */
typedef struct toy_stats {
    uint64_t rounds;
    uint64_t jobs;
    double idle_seconds;
    double other;               /* not summed */
} toy_stats_t;

/* A virtual node. */
typedef struct toy_node {
    int64_t value;
} toy_node_t;

/* What the threads share; the job lock guards all but `done`. */
typedef struct toy {
    jobs_t *j;
    bool use_find;              /* false: every round runs alone */
    int wanted;                 /* jobs before the search is over */
    int started;                /* jobs begun (lock) */
    bool finished;              /* the search is over (lock) */
    _Atomic int done;           /* jobs ended */
    _Atomic bool bad;           /* an invariant failed */
} toy_t;

typedef struct toy_worker {
    toy_t *t;
    int id;
    toy_stats_t stats;
} toy_worker_t;

static void *
toy_stats_of(void *w)
{
    return &((toy_worker_t *)w)->stats;
}

static bool
toy_over(void *w)
{
    toy_t *t = ((toy_worker_t *)w)->t;
    return t->started >= t->wanted || t->finished;
}

/* The path of thread id's job: nodes 10 (the root) and 11, shared by
 * every thread, then its own node 100 + id at depth 2. */
static void
toy_path_node(void *w, int depth, uint64_t *key, void *payload)
{
    (void)w;
    *key = 10 + (uint64_t)depth;
    ((toy_node_t *)payload)->value = 1000 + depth;
}

static uint64_t
toy_job(void *w, int depth, void *arg)
{
    toy_t *t = ((toy_worker_t *)w)->t;
    if (depth != *(int *)arg)
        t->bad = true;
    atomic_fetch_add(&t->done, 1);
    return 1;
}

static jobs_round_t
toy_find(void *arg)
{
    toy_worker_t *w = arg;
    toy_t *t = w->t;
    w->stats.rounds++;
    if (!t->use_find)
        return JOBS_NONE;
    /* another thread's mark, while its job runs, is its mark */
    for (int i = 0; i < THREADS; i++) {
        const toy_node_t *m = jobs_vtt_find(t->j, 2, 100 + (uint64_t)i);
        if (m && (i == w->id || m->value != -i))
            t->bad = true;
    }
    uint64_t key = 100 + (uint64_t)w->id;
    toy_node_t mark = { -w->id };
    int depth = 2;
    t->started++;
    if (jobs_run_job(t->j, w->id, depth, key, &mark, &depth) != 1)
        t->bad = true;
    /* the mark is gone; the path is there until the thread leaves it */
    if (jobs_vtt_find(t->j, 2, key))
        t->bad = true;
    for (int d = 1; d >= 0; d--) {
        const toy_node_t *n = jobs_vtt_find(t->j, d, 10 + (uint64_t)d);
        if (!n || n->value != 1000 + d)
            t->bad = true;
        jobs_vtt_remove(t->j, d, 10 + (uint64_t)d, NULL);
    }
    return JOBS_RAN;
}

static jobs_round_t
toy_alone(void *arg)
{
    toy_worker_t *w = arg;
    toy_t *t = w->t;
    if (jobs_running(t->j) != 0)
        t->bad = true;
    int depth = 0;
    t->started++;
    jobs_run_alone(t->j, w->id, &depth);
    return JOBS_RAN;
}

static bool
toy_stopped(void *w)
{
    (void)w;
    return false;
}

static const jobs_scheme_t toy_scheme = {
    .payload = sizeof(toy_node_t),
    .stats = JOBS_STATS_LAYOUT(toy_stats_t),
    .stats_of = toy_stats_of, .over = toy_over, .find = toy_find, .alone = toy_alone,
    .stopped = toy_stopped, .report = NULL, .path_node = toy_path_node, .job = toy_job,
};

/* A search of n threads on the toy; the sum of its statistics into
 * *sum. */
static void
toy_search(toy_t *t, int n, toy_stats_t *sum)
{
    toy_worker_t w[THREADS];
    void *ws[THREADS];
    for (int i = 0; i < n; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].t = t;
        w[i].id = i;
        w[i].stats.other = 7;
        ws[i] = &w[i];
    }
    t->j = jobs_new(&toy_scheme, THREADS, DEPTH);
    ck_assert_ptr_nonnull(t->j);
    ck_assert(!atomic_load(jobs_halt(t->j)));
    jobs_search(t->j, ws, n);
    ck_assert(atomic_load(jobs_halt(t->j)));
    ck_assert_int_eq(jobs_active(t->j), n);
    ck_assert_int_eq(jobs_running(t->j), 0);
    jobs_sum(t->j, sum);
    uint64_t rounds = 0, jobs = 0;
    for (int i = 0; i < n; i++) {
        rounds += w[i].stats.rounds;
        jobs += w[i].stats.jobs;
    }
    ck_assert_uint_eq(sum->rounds, rounds);
    ck_assert_uint_eq(sum->jobs, jobs);
    ck_assert(sum->other == 0);
    /* every path left the virtual table */
    for (int d = 0; d < DEPTH; d++)
        for (uint64_t k = 0; k < 200; k++)
            ck_assert_ptr_null(jobs_vtt_find(t->j, d, k));
    jobs_free(t->j);
}

START_TEST(jobs_rounds_run_jobs_until_over)
{
    for (int n = 2; n <= THREADS; n++) {
        toy_t t = { .use_find = true, .wanted = JOBS_WANTED };
        atomic_init(&t.done, 0);
        atomic_init(&t.bad, false);
        toy_stats_t sum;
        toy_search(&t, n, &sum);
        ck_assert(!t.bad);
        /* each thread begins at most one job after the last look */
        ck_assert_int_ge(t.started, JOBS_WANTED);
        ck_assert_int_lt(t.started, JOBS_WANTED + n);
        ck_assert_int_eq(atomic_load(&t.done), t.started);
        ck_assert_uint_eq(sum.jobs, (uint64_t)t.started);
    }
}
END_TEST

START_TEST(jobs_thread_without_job_runs_alone)
{
    toy_t t = { .use_find = false, .wanted = JOBS_WANTED };
    atomic_init(&t.done, 0);
    atomic_init(&t.bad, false);
    toy_stats_t sum;
    toy_search(&t, 3, &sum);
    ck_assert(!t.bad);
    ck_assert_int_eq(atomic_load(&t.done), t.started);
    ck_assert_uint_eq(sum.jobs, (uint64_t)t.started);
    ck_assert_uint_ge(sum.rounds, (uint64_t)t.started);
}
END_TEST

/* VTTADD through jobs_run_job on one thread's round, then VTTREMOVE
 * with and without a new payload. */
static jobs_round_t
remove_find(void *arg)
{
    toy_worker_t *w = arg;
    toy_t *t = w->t;
    if (w->id != 0)
        return JOBS_NONE;       /* it runs alone when no job runs */
    toy_node_t mark = { -1 };
    int depth = 2;
    jobs_run_job(t->j, 0, depth, 500, &mark, &depth);
    jobs_run_job(t->j, 0, depth, 501, &mark, &depth);
    /* nodes 10 and 11 are held twice now */
    toy_node_t other = { 42 };
    jobs_vtt_remove(t->j, 1, 11, &other);
    toy_node_t *n = jobs_vtt_find(t->j, 1, 11);
    if (!n || n->value != 42)
        t->bad = true;
    jobs_vtt_remove(t->j, 1, 11, NULL);
    if (jobs_vtt_find(t->j, 1, 11))
        t->bad = true;
    jobs_vtt_remove(t->j, 0, 10, NULL);
    n = jobs_vtt_find(t->j, 0, 10);
    if (!n || n->value != 1000)
        t->bad = true;
    /* writing through the pointer changes the entry */
    n->value = 5;
    if (((toy_node_t *)jobs_vtt_find(t->j, 0, 10))->value != 5)
        t->bad = true;
    jobs_vtt_remove(t->j, 0, 10, NULL);
    t->finished = true;
    return JOBS_END;
}

static const jobs_scheme_t remove_scheme = {
    .payload = sizeof(toy_node_t),
    .stats = JOBS_STATS_LAYOUT(toy_stats_t),
    .stats_of = toy_stats_of, .over = toy_over, .find = remove_find, .alone = toy_alone,
    .stopped = toy_stopped, .report = NULL, .path_node = toy_path_node, .job = toy_job,
};

START_TEST(jobs_vtt_remove_keeps_or_replaces)
{
    toy_t t = { .use_find = true, .wanted = 1 << 30 };
    atomic_init(&t.done, 0);
    atomic_init(&t.bad, false);
    toy_worker_t w[2] = { { .t = &t, .id = 0 }, { .t = &t, .id = 1 } };
    void *ws[2] = { &w[0], &w[1] };
    t.j = jobs_new(&remove_scheme, 2, DEPTH);
    ck_assert_ptr_nonnull(t.j);
    jobs_search(t.j, ws, 2);
    ck_assert(t.finished);
    ck_assert(!t.bad);
    for (int d = 0; d < DEPTH; d++)
        ck_assert_ptr_null(jobs_vtt_find(t.j, d, d == 2 ? 500 : 10 + (uint64_t)d));
    jobs_free(t.j);
}
END_TEST

static Suite *
jobs_suite(void)
{
    Suite *su = suite_create("jobs");
    TCase *tc = tcase_create("skeleton");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, jobs_rounds_run_jobs_until_over);
    tcase_add_test(tc, jobs_thread_without_job_runs_alone);
    tcase_add_test(tc, jobs_vtt_remove_keeps_or_replaces);
    suite_add_tcase(su, tc);
    return su;
}

int
main(void)
{
    SRunner *sr = srunner_create(jobs_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
