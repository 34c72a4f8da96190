/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_REGRESS_REGRESS_SUITE_H
#define HEIN_TOOLS_REGRESS_REGRESS_SUITE_H

/* A regression file in GoGui's .tst format, read into a list of commands.
 *
 * Each line is trimmed.  Empty lines and lines starting with '#' are not
 * commands.  Any other line is a command, sent as it stands (tabs made
 * spaces); when its first word is an unsigned integer followed by a space,
 * the command is a numbered test and that integer is its GTP id.  The
 * first "#?" line after a numbered test and before the next command states
 * what the reply must be:
 *
 *   #?                     the command must not fail
 *   #? [PATTERN]           the whole reply must match PATTERN
 *   #? [!PATTERN]          the whole reply must not match PATTERN
 *   ... *                  a trailing '*': the test is expected to fail
 *
 * PATTERN is a Java regular expression, as in GoGui, matched as a POSIX
 * extended one (see regress_pattern.h for the Java forms rewritten) in
 * which '.' also matches a newline; an error reply ('?') fails every
 * expectation. */

#include <stdbool.h>
#include <stddef.h>

typedef struct regress_expect {
    char *text;         /* what followed "#?", trimmed; NULL: no "#?" line */
    char *pattern;      /* inside the brackets, '!' removed; NULL: none */
    bool negate;        /* [!...] */
    bool expect_fail;   /* trailing '*' */
    const char *bad;    /* why the "#?" line is malformed, or NULL */
} regress_expect_t;

typedef struct regress_item {
    unsigned line;              /* 1-based line number in the file */
    char *send;                 /* the line sent to the engine */
    const char *command;        /* send without its id (points into send) */
    bool numbered;
    unsigned long id;           /* the id of a numbered test */
    regress_expect_t expect;
} regress_item_t;

typedef struct regress_suite {
    regress_item_t *items;
    size_t n;
    size_t cap;
} regress_suite_t;

/* Reads path into suite (which must be zeroed).  Returns false, with errno
 * set, when the file cannot be read.  Lines that make no sense (a "#?"
 * without a numbered test before it) are reported on stderr and skipped. */
bool regress_suite_load(const char *path, regress_suite_t *suite);
void regress_suite_free(regress_suite_t *suite);

/* Whether a reply fails the expectation.  error: the reply was '?'.  A
 * pattern that does not compile fails the test, with the reason written
 * to why (always set to "" first). */
bool regress_expect_fails(const regress_expect_t *x, bool error,
                          const char *reply, char *why, size_t whylen);

#endif /* HEIN_TOOLS_REGRESS_REGRESS_SUITE_H */
