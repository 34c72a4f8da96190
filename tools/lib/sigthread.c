/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <signal.h>
#include <stdio.h>

#include "tools/lib/sigthread.h"

/* The signals the thread waits for.  SIGUSR1 only ends it. */
static void
sigthread_set(sigset_t *set, bool hup)
{
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    if (hup)
        sigaddset(set, SIGHUP);
    sigaddset(set, SIGUSR1);
}

static void *
sigthread_main(void *arg)
{
    sigthread_t *t = arg;
    struct sigaction hup;
    sigset_t set;
    int sig;

    /* A SIGHUP ignored by whoever started us (nohup) stays ignored. */
    sigaction(SIGHUP, NULL, &hup);
    sigthread_set(&set, hup.sa_handler != SIG_IGN);
    for (;;) {
        if (sigwait(&set, &sig) != 0)
            continue;
        if (sig == SIGUSR1) {
            if (atomic_load(&t->done))
                return NULL;
            continue;
        }
        if (atomic_load(&t->signal) == 0) {
            atomic_store(&t->signal, sig);
            fprintf(stderr, "%s: stopping (signal %d); %s\n", t->name, sig, t->kept);
        }
        t->stop(t->arg, sig);
    }
}

bool
sigthread_start(sigthread_t *t, const char *name, const char *kept,
                void (*stop)(void *arg, int sig), void *arg)
{
    sigset_t set;

    *t = (sigthread_t){ .name = name, .kept = kept, .stop = stop, .arg = arg };
    atomic_init(&t->signal, 0);
    atomic_init(&t->done, false);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigthread_set(&set, true);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    return pthread_create(&t->thread, NULL, sigthread_main, t) == 0;
}

int
sigthread_signal(sigthread_t *t)
{
    return atomic_load(&t->signal);
}

void
sigthread_end(sigthread_t *t)
{
    atomic_store(&t->done, true);
    pthread_kill(t->thread, SIGUSR1);
    pthread_join(t->thread, NULL);
}
