/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The job board of the parallel searches (jobs.h). */
#include "config.h"

#include "search/jobs.h"
#include "search/stop.h"

void
jobs_init(jobs_t *j)
{
    pthread_mutex_init(&j->lock, NULL);
    pthread_cond_init(&j->end, NULL);
    jobs_start(j);
}

void
jobs_destroy(jobs_t *j)
{
    pthread_mutex_destroy(&j->lock);
    pthread_cond_destroy(&j->end);
}

void
jobs_start(jobs_t *j)
{
    j->running = 0;
    j->over = false;
}

void
jobs_lock(jobs_t *j, double *idle)
{
    if (pthread_mutex_trylock(&j->lock) == 0)
        return;
    double t = stop_now();
    pthread_mutex_lock(&j->lock);
    *idle += stop_now() - t;
}

void
jobs_unlock(jobs_t *j)
{
    pthread_mutex_unlock(&j->lock);
}

void
jobs_leave(jobs_t *j)
{
    j->running++;
    pthread_mutex_unlock(&j->lock);
}

void
jobs_return(jobs_t *j, double *idle)
{
    jobs_lock(j, idle);
    j->running--;
}

void
jobs_finish(jobs_t *j, _Atomic bool *halt)
{
    j->over = true;
    atomic_store(halt, true);
    pthread_cond_broadcast(&j->end);
}

void
jobs_next(jobs_t *j, bool ran, bool may_wait, double *idle)
{
    if (ran) {
        pthread_cond_broadcast(&j->end);
    } else if (!j->over && may_wait) {
        double t = stop_now();
        pthread_cond_wait(&j->end, &j->lock);
        *idle += stop_now() - t;
    }
}
