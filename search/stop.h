/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_STOP_H
#define HEIN_SEARCH_STOP_H

/* Stop conditions for long computations: an interrupt and a deadline.
 *
 * The protocol layer numbers every command it runs (1, 2, ...) and keeps
 * one counter, `interrupted`: the number of the newest command that was
 * interrupted.  A computation started for command number `seq` must stop
 * as soon as interrupted >= seq.  The counter is written by the input
 * thread and read by any number of searcher threads (C11 atomic, relaxed:
 * it carries no other data).  Numbering makes an interrupt that arrives
 * while a command still waits in the queue reach that command, and never a
 * later one.
 *
 * A stop_t is a small value; copy it to every thread of a search. */

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

typedef struct stop {
    const _Atomic uint64_t *interrupted;        /* NULL: never interrupted */
    uint64_t seq;
    double deadline;            /* stop_now() seconds; 0: none */
} stop_t;

/* Monotonic seconds. */
static inline double
stop_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A stop_t that only an interrupt (if any) ends. */
static inline stop_t
stop_make(const _Atomic uint64_t *interrupted, uint64_t seq)
{
    stop_t s = { interrupted, seq, 0.0 };
    return s;
}

static inline bool
stop_interrupted(const stop_t *s)
{
    return s->interrupted
        && atomic_load_explicit(s->interrupted, memory_order_relaxed) >= s->seq;
}

/* True when interrupted or past the deadline. */
static inline bool
stop_requested(const stop_t *s)
{
    return stop_interrupted(s) || (s->deadline > 0 && stop_now() >= s->deadline);
}

#endif /* HEIN_SEARCH_STOP_H */
