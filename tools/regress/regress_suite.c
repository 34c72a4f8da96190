/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/regress/regress_pattern.h"
#include "tools/regress/regress_suite.h"
#include "tools/lib/util.h"

/* Parses the text after "#?" (trimmed, modified in place) into x. */
static void
regress_parse_expect(char *text, regress_expect_t *x)
{
    size_t n;
    char *inner;

    x->text = util_xstrdup(text);
    n = strlen(text);
    if (n > 0 && text[n - 1] == '*') {
        x->expect_fail = true;
        text[n - 1] = '\0';
        text = util_trim(text);
        n = strlen(text);
    }
    if (n == 0)
        return;
    if (n < 2 || text[0] != '[' || text[n - 1] != ']') {
        x->bad = "expectation is not in brackets";
        return;
    }
    text[n - 1] = '\0';
    inner = util_trim(text + 1);
    if (inner[0] == '!') {
        x->negate = true;
        inner++;
    }
    x->pattern = util_xstrdup(inner);
}

/* If line starts with an unsigned integer and a space, stores it in *id
 * and returns the rest of the line; else returns NULL. */
static const char *
regress_parse_id(const char *line, unsigned long *id)
{
    const char *p = line;
    char *end;

    while (*p >= '0' && *p <= '9')
        p++;
    if (p == line || *p != ' ')
        return NULL;
    errno = 0;
    *id = strtoul(line, &end, 10);
    if (errno == ERANGE || *id > INT_MAX)
        return NULL;
    while (*p == ' ')
        p++;
    return p;
}

static regress_item_t *
regress_add_item(regress_suite_t *suite, unsigned line_no,
                 const char *line)
{
    regress_item_t *it;
    char *p;

    if (suite->n == suite->cap) {
        suite->cap = suite->cap ? 2 * suite->cap : 64;
        suite->items = util_xrealloc(suite->items,
                                        suite->cap * sizeof *suite->items);
    }
    it = &suite->items[suite->n++];
    memset(it, 0, sizeof *it);
    it->line = line_no;
    it->send = util_xstrdup(line);
    for (p = it->send; *p; p++)
        if (*p == '\t')
            *p = ' ';
    it->command = regress_parse_id(it->send, &it->id);
    it->numbered = it->command != NULL;
    if (!it->numbered)
        it->command = it->send;
    return it;
}

/* No numbered test waits for its "#?" line. */
#define REGRESS_NONE_WAITING ((size_t)-1)

/* Handles one trimmed line; *waiting is the index of the numbered test still
 * waiting for its "#?" line, or REGRESS_NONE_WAITING. */
static void
regress_add_line(regress_suite_t *suite, const char *path,
                 unsigned line_no, char *line, size_t *waiting)
{
    regress_item_t *it;

    if (line[0] == '\0')
        return;
    if (line[0] == '#' && line[1] == '?') {
        if (*waiting == REGRESS_NONE_WAITING) {
            fprintf(stderr, "%s:%u: '#?' without a numbered test before it; "
                    "ignored\n", path, line_no);
            return;
        }
        regress_parse_expect(util_trim(line + 2),
                             &suite->items[*waiting].expect);
        *waiting = REGRESS_NONE_WAITING;
        return;
    }
    if (line[0] == '#')
        return;
    it = regress_add_item(suite, line_no, line);
    *waiting = it->numbered ? suite->n - 1 : REGRESS_NONE_WAITING;
}

bool
regress_suite_load(const char *path, regress_suite_t *suite)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    unsigned line_no = 0;
    size_t waiting = REGRESS_NONE_WAITING;
    int saved;

    if (!f)
        return false;
    while (getline(&line, &cap, f) >= 0)
        regress_add_line(suite, path, ++line_no, util_trim(line), &waiting);
    saved = ferror(f) ? errno : 0;
    free(line);
    fclose(f);
    errno = saved;
    return saved == 0;
}

void
regress_suite_free(regress_suite_t *suite)
{
    for (size_t i = 0; i < suite->n; i++) {
        free(suite->items[i].send);
        free(suite->items[i].expect.text);
        free(suite->items[i].expect.pattern);
    }
    free(suite->items);
    memset(suite, 0, sizeof *suite);
}

/* Whether the whole reply matches the (Java) pattern, rewritten as a POSIX
 * extended expression and compiled without REG_NEWLINE, so that '.' and
 * bracket expressions match newlines too and '^', '$' only match at the
 * ends of the reply.  Returns -1 (reason in why) when the pattern does not
 * compile. */
static int
regress_whole_match(const char *pattern, const char *reply, char *why,
                    size_t whylen)
{
    regex_t re;
    strbuf_t anchored = { 0 };
    int rc;

    util_buf_add(&anchored, "^(");
    regress_pattern_to_ere(pattern, &anchored);
    util_buf_add(&anchored, ")$");
    rc = regcomp(&re, pattern[0] ? anchored.s : "^$",
                 REG_EXTENDED | REG_NOSUB);
    strbuf_free(&anchored);
    if (rc != 0) {
        char msg[200];

        regerror(rc, &re, msg, sizeof msg);
        snprintf(why, whylen, "bad pattern: %s", msg);
        return -1;
    }
    rc = regexec(&re, reply, 0, NULL, 0);
    regfree(&re);
    return rc == 0;
}

bool
regress_expect_fails(const regress_expect_t *x, bool error,
                     const char *reply, char *why, size_t whylen)
{
    int m;

    why[0] = '\0';
    if (x->bad) {
        snprintf(why, whylen, "%s", x->bad);
        return true;
    }
    if (error)
        return true;
    if (!x->pattern)
        return false;
    m = regress_whole_match(x->pattern, reply, why, whylen);
    if (m < 0)
        return true;
    return x->negate ? m == 1 : m == 0;
}
