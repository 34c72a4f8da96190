/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_JOBS_H
#define HEIN_SEARCH_JOBS_H

/* The job board of the parallel searches: SPDFPN (spdfpn.h) and parallel
 * SCNS (scns.h), which share the scheme of the SPDFPN paper (Algorithms
 * 3 and 4) and so this part of its code.
 *
 * A thread holds the board's lock while it looks for a job (descending
 * the tree on virtual numbers or functions, which the lock guards in the
 * search's own structures) and while it brings a finished job's path up
 * to date; it lets go of it for the job itself (jobs_leave, then
 * jobs_return).  A thread that found no job waits until another job ends
 * (jobs_next), unless none runs: then it makes progress itself.  When
 * the search is over, jobs_finish wakes every waiting thread and sets the
 * workers' halt flag, which their stop reads without the lock.
 *
 * Locking: `running` and `over` are guarded by `lock`; everything else
 * is set before the threads start (jobs_start).  Time a thread spends
 * waiting for the lock or for a job is added to the `idle` seconds the
 * caller passes (its own statistics). */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct jobs {
    pthread_mutex_t lock;
    pthread_cond_t end;         /* broadcast when a job ends and when the
                                 * search is over */
    int running;                /* jobs running now */
    bool over;                  /* the search is over */
} jobs_t;

void jobs_init(jobs_t *j);
void jobs_destroy(jobs_t *j);

/* A new search: no job running, not over (no thread uses j). */
void jobs_start(jobs_t *j);

/* Take the lock; a wait counts as idle time. */
void jobs_lock(jobs_t *j, double *idle);
void jobs_unlock(jobs_t *j);

/* With the lock: a job starts, and the lock is let go for it. */
void jobs_leave(jobs_t *j);

/* The job ended: the lock is taken again (a wait counts as idle) and the
 * job no longer counts as running. */
void jobs_return(jobs_t *j, double *idle);

/* With the lock: the search is over.  Sets *halt (the workers' stop
 * flag) and wakes every thread waiting for a job. */
void jobs_finish(jobs_t *j, _Atomic bool *halt);

/* With the lock, at the end of a thread's round: when it ran a job,
 * wake the threads waiting for one (the tree changed); else wait until a
 * job ends, unless the search is over or `may_wait` is false. */
void jobs_next(jobs_t *j, bool ran, bool may_wait, double *idle);

#endif /* HEIN_SEARCH_JOBS_H */
