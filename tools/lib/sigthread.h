/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_LIB_SIGTHREAD_H
#define HEIN_TOOLS_LIB_SIGTHREAD_H

/* A tool's stop by signal, on a thread of its own: SIGINT, SIGTERM and
 * SIGHUP (unless SIGHUP was ignored when the program started, as under
 * nohup) are blocked in the calling thread, and so in every thread it
 * starts afterwards, and a signal thread waits for them with sigwait.
 * On each one it records the first (sigthread_signal), says once on
 * stderr "NAME: stopping (signal N); KEPT", and calls the owner's stop
 * function, on the signal thread: that must be safe from any thread
 * (set an atomic, write to a pipe).  No signal handler and no global:
 * the watcher is the caller's struct, its fields atomics or written
 * before the thread starts.  sigthread_end ends the thread (SIGUSR1,
 * also waited for, wakes it) and joins it. */

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct sigthread {
    /* Set by sigthread_start before the thread runs; read-only after. */
    const char *name;           /* the program, for the message */
    const char *kept;           /* what a stop keeps, for the message */
    void (*stop)(void *arg, int sig);
    void *arg;
    pthread_t thread;
    /* Atomics. */
    atomic_int signal;          /* the first signal caught, 0: none */
    atomic_bool done;           /* sigthread_end was called */
} sigthread_t;

/* Blocks the signals in the calling thread (restoring their default
 * action, in case a shell that started us in the background ignored
 * SIGINT) and starts the signal thread.  False when the thread cannot
 * start (nothing is then running). */
bool sigthread_start(sigthread_t *t, const char *name, const char *kept,
                     void (*stop)(void *arg, int sig), void *arg);

/* The first signal caught, 0 while none came. */
int sigthread_signal(sigthread_t *t);

/* Ends the signal thread and joins it. */
void sigthread_end(sigthread_t *t);

#endif /* HEIN_TOOLS_LIB_SIGTHREAD_H */
