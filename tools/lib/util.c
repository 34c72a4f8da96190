/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tools/lib/util.h"

#include "board/wholefile.h"

static _Noreturn void
out_of_memory(void)
{
    fputs("out of memory\n", stderr);
    exit(2);
}

void *
util_xmalloc(size_t size)
{
    return util_xrealloc(NULL, size);
}

void *
util_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);

    if (!q)
        out_of_memory();
    return q;
}

char *
util_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;

    return memcpy(util_xmalloc(n), s, n);
}

/* An append's out-of-memory ends the tool as util_xmalloc's does. */
static void
check_buf(const strbuf_t *b)
{
    if (b->oom)
        out_of_memory();
}

void
util_buf_addn(strbuf_t *b, const char *s, size_t n)
{
    strbuf_addn(b, s, n);
    check_buf(b);
}

void
util_buf_add(strbuf_t *b, const char *s)
{
    strbuf_add(b, s);
    check_buf(b);
}

void
util_buf_addc(strbuf_t *b, char c)
{
    strbuf_addc(b, c);
    check_buf(b);
}

void
util_buf_addf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    strbuf_vaddf(b, fmt, ap);
    va_end(ap);
    check_buf(b);
}

char *
util_trim(char *s)
{
    size_t n;

    while (*s && (unsigned char)*s <= ' ')
        s++;
    n = strlen(s);
    while (n > 0 && (unsigned char)s[n - 1] <= ' ')
        n--;
    s[n] = '\0';
    return s;
}

void
util_one_line(const char *s, char *out, size_t size)
{
    size_t n = 0;

    for (; *s && n + 4 < size; s++)
        out[n++] = (unsigned char)*s < ' ' ? ' ' : *s;
    if (*s) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

/* Appends a word to a NULL-terminated vector of n words. */
static char **
util_push_word(char **words, size_t *n, strbuf_t *w)
{
    words = util_xrealloc(words, (*n + 2) * sizeof *words);
    words[(*n)++] = util_xstrdup(strbuf_str(w));
    words[*n] = NULL;
    strbuf_clear(w);
    return words;
}

char **
util_split_command(const char *s, const char **why)
{
    char **words = NULL;
    size_t n = 0;
    strbuf_t w = { 0 };
    bool quoted = false, in_word = false;

    for (; *s; s++) {
        if (*s == '"') {
            quoted = !quoted;
            in_word = true;
        } else if (!quoted && (*s == ' ' || *s == '\t' || *s == '\n')) {
            if (in_word)
                words = util_push_word(words, &n, &w);
            in_word = false;
        } else {
            util_buf_addc(&w, *s);
            in_word = true;
        }
    }
    if (in_word && !quoted)
        words = util_push_word(words, &n, &w);
    strbuf_free(&w);
    if (!quoted && n > 0)
        return words;
    *why = quoted ? "unbalanced quote" : "empty";
    util_free_words(words);
    return NULL;
}

void
util_free_words(char **words)
{
    if (!words)
        return;
    for (char **w = words; *w; w++)
        free(*w);
    free(words);
}

bool
util_write_file(const char *path, const void *data, size_t len, char *err,
                size_t size)
{
    char why[256];
    if (wholefile_write_bytes(path, data, len, why, sizeof why))
        return true;
    snprintf(err, size, "cannot write '%s': %s", path, why);
    return false;
}

double
util_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
util_option_error(const char *prog, int c, int optopt, const char *arg)
{
    bool long_option = strncmp(arg, "--", 2) == 0;
    if (c == ':' && long_option)
        fprintf(stderr, "%s: option '%s' needs an argument\n", prog, arg);
    else if (c == ':')
        fprintf(stderr, "%s: option -%c needs an argument\n", prog, optopt);
    else if (optopt && !long_option)
        fprintf(stderr, "%s: unknown option '-%c'\n", prog, optopt);
    else
        fprintf(stderr, "%s: unknown option '%s'\n", prog, arg);
    fprintf(stderr, "Try '%s --help'.\n", prog);
}

bool
util_help_version(int argc, char **argv, const char *prog, const char *usage)
{
    if (argc != 2)
        return false;
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        fputs(usage, stdout);
        return true;
    }
    if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("%s (%s) %s\n", prog, PACKAGE_NAME, PACKAGE_VERSION);
        return true;
    }
    return false;
}
