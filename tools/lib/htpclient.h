/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_LIB_HTPCLIENT_H
#define HEIN_TOOLS_LIB_HTPCLIENT_H

/* An engine run as a child process and spoken to in HTP/GTP over two pipes
 * (shared by hein-regress and hein-match).
 *
 * Replies are framed as GTP says: lines up to an empty line, '\r' dropped.
 * Blocks whose first line is "gogui-gfx:" and stray lines before the
 * '='/'?' line are skipped.  Every wait is bounded by the caller's timeout
 * and can be cut short through cancel_fd, so a hung or dead engine never
 * hangs the caller.
 *
 * One htpclient_t belongs to one thread at a time.  Several threads may
 * each start and drive their own engines at once: the pipes are created
 * close-on-exec atomically, so no engine inherits another's pipe ends. */

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "tools/lib/util.h"

typedef struct htpclient {
    /* Set by the caller before htpclient_start (zero is the default). */
    FILE *log;          /* traffic log; also gets the engine's stderr */
    bool verbose;       /* echo the traffic on stderr */
    const char *prog;   /* program name prefixed to diagnostics */
    const char *label;  /* names the engine in diagnostics */
    int cancel_fd;      /* > 0: once readable, every wait stops at once
                         * with HTPCLIENT_CANCELLED (0 is stdin, never
                         * such a descriptor: means none) */
    bool own_group;     /* run the engine in a process group of its own
                         * (a terminal's ^C does not reach it) and kill
                         * that whole group at the end */

    /* Set by htpclient_start. */
    pid_t pid;          /* -1 once reaped */
    int to;             /* the engine's stdin (non-blocking), or -1 */
    int from;           /* the engine's stdout, or -1 */
    char buf[4096];     /* bytes read but not yet used: buf[start..end) */
    size_t start;
    size_t end;
} htpclient_t;

typedef enum htpclient_status {
    HTPCLIENT_REPLY,    /* a whole reply was read */
    HTPCLIENT_DEAD,     /* the engine closed its end of a pipe, or sent
                         * more than 16 MiB without ending a reply */
    HTPCLIENT_TIMEOUT,  /* no whole reply in time */
    HTPCLIENT_CANCELLED /* cancel_fd became readable */
} htpclient_status_t;

typedef struct htpclient_reply {
    bool error;         /* '?' rather than '=' */
    strbuf_t text;    /* after "=ID", lines joined with '\n', trimmed */
} htpclient_reply_t;

/* Starts argv (argv[0] found through PATH unless it has a '/') in folder
 * dir, with an empty signal mask and SIGPIPE at its default.  On failure
 * says why on stderr and returns false, with e not running. */
bool htpclient_start(htpclient_t *e, char *const argv[], const char *dir);

/* Sends one line and reads its reply, both within timeout seconds
 * (0: no limit). */
htpclient_status_t htpclient_ask(htpclient_t *e, const char *line,
                                 double timeout, htpclient_reply_t *reply);

/* Ends the engine: sends "quit" first if say_quit, closes its input,
 * waits up to grace seconds for it to exit, then kills it (SIGKILL) and
 * reaps it.  If report, says on stderr how it ended.  Returns the wait
 * status when the engine ended by itself, -1 when it had to be killed or
 * was not running. */
int htpclient_finish(htpclient_t *e, bool say_quit, double grace,
                     bool report);

/* How an engine ended, in words, from a wait status of htpclient_finish:
 * "exited with status 3", "killed by signal 11 (Segmentation fault)", or
 * "killed" for -1.  Returns buf. */
char *htpclient_exit_text(int status, char *buf, size_t size);

#endif /* HEIN_TOOLS_LIB_HTPCLIENT_H */
