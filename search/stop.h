/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_STOP_H
#define HEIN_SEARCH_STOP_H

/* Stop conditions for long computations: an interrupt, a deadline and a
 * halt flag.
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
 * The halt flag belongs to whoever runs the computation: it sets the flag
 * (C11 atomic) to end the computation early, from any thread, e.g. when
 * one searcher of several has settled the question (the parallel solver
 * ends its threads' jobs so once the root is solved; a genmove controller
 * ends the solver beside the player when the move is chosen).  A stop_t
 * may also name a parent whose conditions hold for it too, so an owner
 * adds its own flag to the stop conditions it was given without losing
 * them; the parent must outlive the child.
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
    const _Atomic bool *halt;   /* set by the owner: stop now (NULL: none) */
    const struct stop *parent;  /* its conditions hold here too (NULL:
                                 * none) */
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
    stop_t s = { interrupted, seq, 0.0, NULL, NULL };
    return s;
}

/* A stop_t that holds when `parent` does or when *halt is set. */
static inline stop_t
stop_with_halt(const stop_t *parent, const _Atomic bool *halt)
{
    stop_t s = { NULL, 0, 0.0, halt, parent };
    return s;
}

/* True when interrupted, here or in a parent. */
static inline bool
stop_interrupted(const stop_t *s)
{
    for (; s; s = s->parent)
        if (s->interrupted
            && atomic_load_explicit(s->interrupted, memory_order_relaxed) >= s->seq)
            return true;
    return false;
}

/* True when interrupted, past the deadline or halted, here or in a
 * parent. */
static inline bool
stop_requested(const stop_t *s)
{
    if (stop_interrupted(s))
        return true;
    for (; s; s = s->parent)
        if ((s->halt && atomic_load(s->halt)) || (s->deadline > 0 && stop_now() >= s->deadline))
            return true;
    return false;
}

#endif /* HEIN_SEARCH_STOP_H */
