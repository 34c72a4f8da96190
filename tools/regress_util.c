/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/regress_util.h"

void *
regress_xmalloc(size_t size)
{
    return regress_xrealloc(NULL, size);
}

void *
regress_xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);

    if (!q) {
        fputs("hein-regress: out of memory\n", stderr);
        exit(2);
    }
    return q;
}

char *
regress_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;

    return memcpy(regress_xmalloc(n), s, n);
}

void
regress_buf_addn(regress_buf_t *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;

        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = regress_xrealloc(b->s, cap);
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void
regress_buf_add(regress_buf_t *b, const char *s)
{
    regress_buf_addn(b, s, strlen(s));
}

void
regress_buf_addc(regress_buf_t *b, char c)
{
    regress_buf_addn(b, &c, 1);
}

void
regress_buf_clear(regress_buf_t *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

void
regress_buf_free(regress_buf_t *b)
{
    free(b->s);
    b->s = NULL;
    b->len = 0;
    b->cap = 0;
}

const char *
regress_buf_str(const regress_buf_t *b)
{
    return b->s ? b->s : "";
}

char *
regress_trim(char *s)
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

double
regress_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
