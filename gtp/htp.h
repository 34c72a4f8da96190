/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_HTP_H
#define HEIN_GTP_HTP_H

/* The HTP protocol layer: reads command lines, dispatches them through a
 * command table, frames the replies.  It knows nothing of Hex; the command
 * handlers (commands.c) do.
 *
 * Framing (CONVENTIONS.md): "=ID text" / "?ID text" with the id when the
 * command had one, else "= text" / "? text" -- always a blank after the
 * sign, even for an empty text -- then one empty line.  Empty lines inside
 * a text are dropped and trailing newlines trimmed, so a reply can never
 * end early.  Only replies and gogui-gfx blocks reach the output stream;
 * everything else goes to stderr.
 *
 * Input: control characters other than tab and newline are removed, tabs
 * become blanks, and everything from '#' is a comment.  A line that is
 * empty after that gets no reply.  The comment line "# interrupt" stops
 * the command that is running or waiting (see search/stop.h), and so does
 * the end of input unless a quit was read (htp_serve).  An optional
 * unsigned integer before the command word is its id.
 *
 * Threads: htp_serve reads input on its own thread (so that "# interrupt"
 * arrives while a command runs) and runs commands one at a time on the
 * calling thread.  A signal thread turns SIGTERM (and SIGINT, SIGHUP) into
 * an interrupt of everything plus a clean stop of the loop.  Handlers and
 * the searches they start may call htp_gfx and htp_cmd_stop from any
 * thread; both are safe (the output stream is guarded by a mutex).
 *
 * Handlers end in exactly one of htp_success / htp_failure / htp_usage (a
 * failure with the command's synopsis) / htp_quit, whose return value
 * they return.  Multi-line answers are built with htp_printf first.
 * No macro in this module hides a return. */

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "board/strbuf.h"
#include "search/stop.h"

#define HTP_MAX_ARGS 64

typedef struct htp htp_t;
typedef struct htp_cmd htp_cmd_t;

/* A handler's status. */
typedef enum htp_status {
    HTP_OK = 0,
    HTP_FAILED = 1,
    HTP_QUIT = 2                /* answered; the loop ends after the reply */
} htp_status_t;

typedef htp_status_t (*htp_handler_t)(htp_cmd_t *cmd, void *ctx);

/* One entry of a command table.  Tables are static const arrays ended by
 * an entry whose name is NULL. */
typedef struct htp_command {
    const char *name;
    htp_handler_t handler;
    const char *args;           /* argument synopsis, "" for none */
    const char *doc;            /* one line: what it does, what it answers */
} htp_command_t;

/* A command being handled.  Fields are read-only to handlers. */
struct htp_cmd {
    htp_t *htp;
    const htp_command_t *command;
    long id;                    /* -1 when the command had none */
    uint64_t seq;               /* its number, for stop_t */
    int argc;                   /* arguments after the command word */
    char *argv[HTP_MAX_ARGS];
    /* private: */
    strbuf_t reply;             /* reply text being built; reply.oom:
                                 * building it ran out of memory */
    bool answered;
    htp_status_t outcome;       /* what was answered, once answered */
};

/* A server over `in` (commands) and `out` (replies, gfx; NULL: discard).
 * Interactive input (a terminal on in, when built with readline) gets a
 * prompt (on stderr) and line editing.  htp never closes either stream.
 * htp_new sets SIGPIPE to be ignored, process-wide: a write to a closed
 * `out` must fail with EPIPE, not kill the engine.  Returns NULL when
 * memory is short. */
htp_t *htp_new(FILE *in, FILE *out, const htp_command_t *table, void *ctx);
void htp_free(htp_t *h);

/* Idle work: what the serving thread does while no command waits (hein:
 * pondering).  htp_serve calls it once after each command it ran, when
 * the queue is empty, on the serving thread, with `ctx` and a stop that
 * fires as soon as a line arrives (any command, "# interrupt"), at the
 * end of input and on a signal; it must return promptly then.  The
 * handlers' context is not in use meanwhile, so the idle work may use it
 * as a handler would.  It answers nothing and writes only to stderr. */
typedef void (*htp_idle_t)(void *ctx, const stop_t *stop);

/* Set the idle work (NULL: none), before htp_serve. */
void htp_set_idle(htp_t *h, htp_idle_t idle, void *ctx);

/* The command table given to htp_new. */
const htp_command_t *htp_table(const htp_t *h);
const htp_command_t *htp_lookup(const htp_t *h, const char *name);

/* Serve until quit, end of input, or a termination signal.  Returns 0 for
 * quit or end of input, 128+signal number after a signal, 1 when `out`
 * could not be written (the client is gone) or memory was short.
 *
 * On quit, the loop ends after the reply; commands read after it are
 * dropped.  At end of input, every command already read still runs and
 * answers, in order, then the loop ends.  Whether they are interrupted
 * depends on whether a quit line (the command word "quit", with or
 * without an id) was read before the end:
 *   - no quit: the client is gone (a GUI killed, a pipe closed), and no
 *     one waits for the answers.  The end of input acts as a last line
 *     "# interrupt": the command running and every one queued is
 *     interrupted (a search answers at once with what it has), so
 *     htp_serve returns promptly instead of keeping a core busy.
 *   - a quit: the input is a batch that ends itself (commands piped in
 *     with a quit last, as hein's benchmark scripts do).  The commands
 *     before the quit run in full, not interrupted.
 * Lines given to htp_execute are not input: the end of input never
 * interrupts them (hein runs its --config file before htp_serve).
 *
 * On SIGTERM, SIGINT or SIGHUP, every command is interrupted, the one
 * running answers, the queued ones are dropped; a second such signal ends
 * the process at once (_exit(128+signal)).  The three signals are blocked
 * in the calling thread while it serves (so threads that handlers start
 * inherit the block); the mask is restored on return.  A thread started
 * before htp_serve does not inherit it: block the three signals in it, or
 * such a signal may take its default action there.
 *
 * Input is read from the file descriptor of `in` (fileno), not through
 * the FILE, so that no thread is ever left blocked holding the stream's
 * lock (exit() takes every stream's lock on recent C libraries): nothing
 * may have been read through `in` before.  A stream without a descriptor
 * (fmemopen) is read with getline.  One htp_serve at a time per process
 * when `in` is a terminal (readline is process-global).
 *
 * The input thread is joined before htp_serve returns, except when it
 * cannot be woken: blocked in readline at a prompt (after a signal; the
 * terminal's mode is restored), or in getline on a stream without a
 * descriptor.  Then it is left detached, owning only its own data; `in`
 * must then stay open (it is stdin in practice: the process exits).
 * htp_free is safe in every case. */
int htp_serve(htp_t *h);

/* Run one line as if read from input (no input thread involved): parse,
 * dispatch, write the framed reply to `out` (NULL: discard).  Returns the
 * handler's status, HTP_FAILED for an unknown command, HTP_OK for a line
 * that is empty or a comment.  Used for --config files and tests.  The
 * command gets the next number (shared with htp_serve); "# interrupt"
 * does not reach it, a termination signal during htp_serve does.  Call it
 * from one thread at a time (the one that serves, or a handler). */
htp_status_t htp_execute(htp_t *h, const char *line, FILE *out);

/* Append formatted text to the reply being built. */
void htp_printf(htp_cmd_t *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void htp_vprintf(htp_cmd_t *cmd, const char *fmt, va_list ap);

/* Finish the command successfully, appending fmt (may be NULL) to the
 * text built so far.  Returns HTP_OK. */
htp_status_t htp_success(htp_cmd_t *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Fail the command with a message (what was built so far is discarded).
 * Returns HTP_FAILED. */
htp_status_t htp_failure(htp_cmd_t *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Fail the command with its synopsis from the command table: "usage:
 * NAME ARGS", or "usage: NAME" when its args are "" (no blank at the
 * end).  Returns HTP_FAILED. */
htp_status_t htp_usage(htp_cmd_t *cmd);

/* The same text into buf (size bytes; cut short if needed, always
 * terminated), for handlers that build a failure message before they
 * answer.  Returns buf. */
char *htp_usage_text(const htp_cmd_t *cmd, char *buf, size_t size);

/* Answer successfully, then end the serve loop.  Returns HTP_QUIT. */
htp_status_t htp_quit(htp_cmd_t *cmd);

/* The stop condition of this command (no deadline set). */
stop_t htp_cmd_stop(const htp_cmd_t *cmd);

/* Write one "gogui-gfx:" block (text: the lines after the header; it must
 * not contain an empty line) to the output stream now, flushed.  Safe
 * from any thread.
 *
 * A command that wrote one or more blocks gets one more, written by htp
 * after the handler has answered and before the reply, so that the last
 * picture of a search is not left over the position that follows:
 *
 *     gogui-gfx:
 *     dfpn
 *     VAR
 *     LABEL
 *     TEXT NAME: FIRST LINE OF THE ANSWER
 *
 * (TEXT NAME failed: MESSAGE after a failure; TEXT NAME alone for an
 * empty answer; the answer's first line is cut at 120 characters).
 * HexGui acts on four kinds of block only -- uct, ab, dfpn, solver --
 * and ignores every other first word, GoGui's CLEAR included; each of the
 * four first clears its marks and restores the stones it had drawn over.
 * An empty dfpn block is the one that then draws nothing (uct needs a
 * move, solver progress numbers, and TEXT needs a word after it), and
 * its TEXT goes to the status bar, where it also shows the answer of a
 * command whose reply HexGui does not display (its Solve button's
 * dfpn-solve-state). */
void htp_gfx(htp_t *h, const char *text);

#endif /* HEIN_GTP_HTP_H */
