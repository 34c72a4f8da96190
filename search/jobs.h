/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_JOBS_H
#define HEIN_SEARCH_JOBS_H

/* The job-level parallel skeleton of hein's parallel searches: the
 * scheme of the SPDFPN paper (../shared/papers/spdfpn-*, §4-5,
 * Algorithms 3 and 4), written once for every searcher that runs it --
 * SPDFPN (spdfpn.c) and parallel SCNS (scns_par.c) today.
 *
 * The scheme.  N threads share one tree that lives in the searcher's
 * table.  A thread takes the job lock, descends from the root to a node
 * whose past work is small, marks that node (a virtual win or loss for
 * the side that is closer to one), gives every node of its path the
 * virtual numbers the mark implies, lets go of the lock and runs the
 * serial search on the node with a work limit (a *job*).  Then, under the
 * lock again, it takes the mark away, brings the path up to date and
 * wakes the threads that found no job.  The marks steer the other
 * threads to other subtrees; they live in the *virtual table* and never
 * reach the searcher's own table, so no result depends on them.  A
 * thread that found no job waits until another job ends; when none runs,
 * it makes progress alone at the root (the serial search, one job's
 * work).
 *
 * What is shared and what is the searcher's.  The skeleton owns the job
 * lock, the count of running jobs, the end of the search and its halt
 * flag, the virtual table (a node's payload is the searcher's: numbers
 * for DFPN, functions for SCNS, sized per instance as table.h sizes its
 * entries), the threads, and each thread's published statistics (a
 * struct of the searcher's whose layout it describes).  The searcher
 * brings the descent to a job and the job itself, through the function
 * table jobs_scheme_t.  Another scheme of job-level search (more levels,
 * workers in other processes) plugs in the same way: it is the loop of
 * jobs_search and the hooks it calls that change, not the searchers.
 *
 * Locking.  The job lock guards the virtual table, the count of running
 * jobs, `over`, the published statistics and whatever the searcher's
 * hooks say they touch under it (its descent state, its progress clock).
 * Every hook but `job` runs with the lock held; `job` runs without it.
 * The halt flag is an atomic the workers' stop conditions read without
 * the lock (stop.h stop_with_halt).  A thread's live statistics belong
 * to that thread alone while the search runs; time it spends waiting for
 * the lock or for a job is added to their idle seconds, and each job to
 * their count of jobs. */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct jobs jobs_t;

/* The most nodes one descent to a job may open.  The descent ends (it
 * reads numbers that do not change while it runs), but with many threads
 * on a small tree it can wander long among the marked nodes; past this
 * it gives up and the thread waits for a job to end. */
#define JOBS_FIND_LIMIT 20000

/* What a thread's round found. */
typedef enum jobs_round {
    JOBS_NONE = 0,              /* no job (others may still run) */
    JOBS_RAN,                   /* a job ran: the tree changed */
    JOBS_END,                   /* the search is over */
} jobs_round_t;

/* The layout of a searcher's statistics struct: its size, the offsets of
 * its count of jobs (uint64_t) and of its idle seconds (double), and how
 * many uint64_t counters it opens with (the count of jobs among them),
 * which a sum adds up.  Fields after the counters but idle seconds are
 * zero in a sum. */
typedef struct jobs_stats_layout {
    size_t size;
    size_t jobs;
    size_t idle;
    int ncounters;
} jobs_stats_layout_t;

/* The layout of a statistics struct `type` that opens with its uint64_t
 * counters, among them `jobs`, followed by `idle_seconds` (a double), as
 * an initializer. */
#define JOBS_STATS_LAYOUT(type)                                             \
    {                                                                       \
        sizeof(type), offsetof(type, jobs), offsetof(type, idle_seconds),   \
        (int)(offsetof(type, idle_seconds) / sizeof(uint64_t))              \
    }

/* A searcher's side of the scheme: a static const table.  `worker` is
 * the pointer the searcher passed to jobs_search for that thread. */
typedef struct jobs_scheme {
    size_t payload;             /* bytes of a virtual node */
    jobs_stats_layout_t stats;

    /* The thread's live statistics (the layout above). */
    void *(*stats_of)(void *worker);
    /* At the root between two rounds: whether the search is over (the
     * root solved, the search stopped, a limit reached). */
    bool (*over)(void *worker);
    /* One round: descend on virtual numbers to a job and run it with
     * jobs_run_job; JOBS_RAN when one ran, JOBS_NONE when none was
     * found, JOBS_END when the search is over. */
    jobs_round_t (*find)(void *worker);
    /* No job was found and none runs: make progress alone from the root
     * with jobs_run_alone (JOBS_RAN), or JOBS_END. */
    jobs_round_t (*alone)(void *worker);
    /* Whether the thread has stopped (its search hit its stop
     * conditions or ran out of memory): it then neither waits for a job
     * nor runs alone. */
    bool (*stopped)(void *worker);
    /* After a round, the statistics published: a progress report when
     * one is due.  May be NULL. */
    void (*report)(void *worker);
    /* While a job is being marked: the key and the virtual node of the
     * node at `depth` of the thread's path, from its children's (which
     * the virtual table holds at depth + 1) into *key and payload. */
    void (*path_node)(void *worker, int depth, uint64_t *key, void *payload);
    /* The job, without the lock: the serial search on the thread's node
     * at `depth`, with the searcher's arguments `arg` (thresholds, work
     * limit).  Returns the work it did. */
    uint64_t (*job)(void *worker, int depth, void *arg);
} jobs_scheme_t;

/* A board for at most `threads` threads and paths of at most `depths`
 * nodes, for the searcher `scheme` (static, outlives the board).  NULL
 * when memory is short. */
jobs_t *jobs_new(const jobs_scheme_t *scheme, int threads, int depths);
void jobs_free(jobs_t *j);

/* The parallel search: the root's thread (the caller, worker 0) and n-1
 * threads more run rounds until the search is over.  workers[i] is what
 * the hooks of thread i receive.  Clears the virtual table first; when
 * it returns every thread has joined and published its statistics.
 * 2 <= n <= the board's threads.  A thread that cannot be started is
 * left out (the search goes on with fewer). */
void jobs_search(jobs_t *j, void *const *workers, int n);

/* The halt flag: set when the search is over; a worker's stop reads it
 * (stop_with_halt).  jobs_search clears it when it starts. */
const _Atomic bool *jobs_halt(const jobs_t *j);

/* Lock held: jobs running now. */
int jobs_running(const jobs_t *j);

/* The threads of the running (or last) search. */
int jobs_active(const jobs_t *j);

/* Lock held, from thread `thread`: a job on the node at `depth` of the
 * thread's path, whose key is `key`.  Marks it with the virtual node
 * `mark`, gives its path to the root the virtual nodes the searcher's
 * path_node computes, lets go of the lock for the scheme's `job` (arg
 * passed on), takes it again (a wait counts as idle) and removes the
 * mark.  Returns the job's work. */
uint64_t jobs_run_job(jobs_t *j, int thread, int depth, uint64_t key, const void *mark, void *arg);

/* Lock held: the scheme's job at the root (depth 0), with no mark, as a
 * thread does alone when no job runs.  Returns its work. */
uint64_t jobs_run_alone(jobs_t *j, int thread, void *arg);

/* Lock held: the virtual node at depth with key, or NULL.  The pointer
 * stays valid until the lock is let go; writing through it changes the
 * entry. */
void *jobs_vtt_find(jobs_t *j, int depth, uint64_t key);

/* Lock held, VTTREMOVE: one path less holds the node at depth with key;
 * when other paths still hold it and p is not NULL, its virtual node
 * becomes p (the one their marks give). */
void jobs_vtt_remove(jobs_t *j, int depth, uint64_t key, const void *p);

/* Lock held: sums the published statistics of the search's threads into
 * out (a struct of the layout; the fields the layout does not name are
 * zero).  Between searches (no lock needed), the statistics each thread
 * had when it ended. */
void jobs_sum(const jobs_t *j, void *out);

#endif /* HEIN_SEARCH_JOBS_H */
