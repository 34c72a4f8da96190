/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_LIB_UTIL_H
#define HEIN_TOOLS_LIB_UTIL_H

/* Helpers shared by the tools (hein-regress, hein-match, hein-review):
 * appends to growable strings and allocation that exit on failure,
 * the command line's option errors, trimming, splitting a command line, writing a file whole and a
 * monotonic clock.  Nothing here keeps state between calls, so
 * every function may be called from any thread. */

#include <stdbool.h>
#include <stddef.h>

#include "board/strbuf.h"

/* After getopt_long with an optstring that starts with ':' returned c
 * ('?' or ':') for argv[optind - 1] (its optopt: the option character,
 * 0 for an unknown long option), say on stderr what was wrong:
 * "PROG: unknown option '-x'" or "PROG: option -o needs an argument",
 * then "Try 'PROG --help'.". */
void util_option_error(const char *prog, int c, int optopt, const char *arg);

/* A tool's -h/--help and -V/--version as its only argument: prints
 * `usage` (help) or "PROG (hein) VERSION" on stdout and returns true
 * (the tool then exits 0); false for any other command line. */
bool util_help_version(int argc, char **argv, const char *prog, const char *usage);

/* Allocation that never returns NULL: on failure it says "out of memory"
 * on stderr and exits with status 2. */
void *util_xmalloc(size_t size);
void *util_xrealloc(void *p, size_t size);
char *util_xstrdup(const char *s);

/* The tools' growable strings are board/strbuf.h's strbuf_t, read,
 * cleared and freed by strbuf_str, strbuf_clear and strbuf_free.  These
 * are its appends, except that running out of memory exits as util_xmalloc
 * does, so a tool never finds oom set. */
void util_buf_addn(strbuf_t *b, const char *s, size_t n);
void util_buf_add(strbuf_t *b, const char *s);
void util_buf_addc(strbuf_t *b, char c);
void util_buf_addf(strbuf_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Removes leading and trailing characters <= ' ' in place, as Java's
 * String.trim (which GoGui applies to lines and replies); returns the first
 * kept character. */
char *util_trim(char *s);

/* s on one line for a message: control characters as blanks, cut to fit
 * size bytes with "..." when longer.  size >= 8. */
void util_one_line(const char *s, char *out, size_t size);

/* Splits a command line at blanks (space, tab, newline); double quotes
 * group words and are removed.  Returns a NULL-terminated vector of
 * malloc'd words, or NULL with *why set ("unbalanced quote", "empty") when
 * the quotes do not balance or there is no word. */
char **util_split_command(const char *s, const char **why);

/* Frees a vector from util_split_command (NULL is fine). */
void util_free_words(char **words);

/* Writes len bytes of data to path whole or not at all: into a new file
 * beside it (path, ".tmp" and the process id), then renamed over path, so
 * that a reader never sees half a file and a failure leaves path as it
 * was.  Returns false, with "cannot write 'PATH': REASON" in err, when it
 * cannot. */
bool util_write_file(const char *path, const void *data, size_t len, char *err,
                     size_t size);

/* Seconds on a monotonic clock. */
double util_now(void);

#endif /* HEIN_TOOLS_LIB_UTIL_H */
