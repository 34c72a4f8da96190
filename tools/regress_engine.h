/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_REGRESS_ENGINE_H
#define HEIN_TOOLS_REGRESS_ENGINE_H

/* The engine under test: a child process spoken to in GTP over two pipes.
 *
 * Replies are framed as GTP says: lines up to an empty line, '\r' dropped.
 * Blocks whose first line is "gogui-gfx:" and stray lines before the
 * '='/'?' line are skipped.  Every wait is bounded by the caller's timeout,
 * so a hung or dead engine never hangs the runner. */

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "tools/regress_util.h"

typedef struct regress_engine {
    pid_t pid;          /* -1 once reaped */
    int to;             /* the engine's stdin (non-blocking), or -1 */
    int from;           /* the engine's stdout, or -1 */
    char buf[4096];     /* bytes read but not yet used: buf[start..end) */
    size_t start;
    size_t end;
    FILE *log;          /* traffic log (also gets the engine's stderr) */
    bool verbose;       /* echo the traffic on stderr */
    const char *label;  /* names the engine in diagnostics */
} regress_engine_t;

typedef enum regress_status {
    REGRESS_REPLY,      /* a whole reply was read */
    REGRESS_DEAD,       /* the engine closed its end of a pipe */
    REGRESS_TIMEOUT     /* no whole reply in time */
} regress_status_t;

typedef struct regress_reply {
    bool error;         /* '?' rather than '=' */
    regress_buf_t text; /* after "=ID", lines joined with '\n', trimmed */
} regress_reply_t;

/* Starts argv (argv[0] found through PATH unless it has a '/') in folder
 * dir.  The caller sets e's log, verbose and label first; this sets the
 * rest.  On failure says why on stderr and returns false, with e not
 * running. */
bool regress_engine_start(regress_engine_t *e, char *const argv[],
                          const char *dir);

/* Sends one line and reads its reply, both within timeout seconds
 * (0: no limit). */
regress_status_t regress_engine_ask(regress_engine_t *e, const char *line,
                                    double timeout, regress_reply_t *reply);

/* Ends the engine: sends "quit" first if say_quit, closes its input,
 * waits up to grace seconds for it to exit, then kills it (SIGKILL) and
 * reaps it.  If report, says on stderr how it ended. */
void regress_engine_finish(regress_engine_t *e, bool say_quit, double grace,
                           bool report);

#endif /* HEIN_TOOLS_REGRESS_ENGINE_H */
