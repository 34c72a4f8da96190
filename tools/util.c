/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/util.h"

void *
util_xmalloc(size_t size)
{
    return util_xrealloc(NULL, size);
}

void *
util_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);

    if (!q) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    return q;
}

char *
util_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;

    return memcpy(util_xmalloc(n), s, n);
}

void
util_buf_addn(util_buf_t *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;

        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = util_xrealloc(b->s, cap);
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void
util_buf_add(util_buf_t *b, const char *s)
{
    util_buf_addn(b, s, strlen(s));
}

void
util_buf_addc(util_buf_t *b, char c)
{
    util_buf_addn(b, &c, 1);
}

void
util_buf_addf(util_buf_t *b, const char *fmt, ...)
{
    va_list ap;
    char small[256], *big;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        util_buf_addn(b, small, (size_t)n);
        return;
    }
    big = util_xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    util_buf_addn(b, big, (size_t)n);
    free(big);
}

void
util_buf_clear(util_buf_t *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

void
util_buf_free(util_buf_t *b)
{
    free(b->s);
    b->s = NULL;
    b->len = 0;
    b->cap = 0;
}

const char *
util_buf_str(const util_buf_t *b)
{
    return b->s ? b->s : "";
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
util_push_word(char **words, size_t *n, util_buf_t *w)
{
    words = util_xrealloc(words, (*n + 2) * sizeof *words);
    words[(*n)++] = util_xstrdup(util_buf_str(w));
    words[*n] = NULL;
    util_buf_clear(w);
    return words;
}

char **
util_split_command(const char *s, const char **why)
{
    char **words = NULL;
    size_t n = 0;
    util_buf_t w = { 0 };
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
    util_buf_free(&w);
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

double
util_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
