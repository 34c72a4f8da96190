/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/strbuf.h"

/* Room for n more bytes and the NUL; false (oom set) when there is none. */
static bool
strbuf_reserve(strbuf_t *b, size_t n)
{
    if (b->oom)
        return false;
    if (n > SIZE_MAX / 2 - b->len - 1) {
        b->oom = true;
        return false;
    }
    size_t need = b->len + n + 1;
    if (need <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *t = realloc(b->s, cap);
    if (!t) {
        b->oom = true;
        return false;
    }
    b->s = t;
    b->cap = cap;
    return true;
}

void
strbuf_addn(strbuf_t *b, const char *s, size_t n)
{
    if (!strbuf_reserve(b, n))
        return;
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void
strbuf_add(strbuf_t *b, const char *s)
{
    strbuf_addn(b, s, strlen(s));
}

void
strbuf_addc(strbuf_t *b, char c)
{
    strbuf_addn(b, &c, 1);
}

void
strbuf_vaddf(strbuf_t *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0 || !strbuf_reserve(b, (size_t)n))
        return;
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    b->len += (size_t)n;
}

void
strbuf_addf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(b, fmt, ap);
    va_end(ap);
}

void
strbuf_clear(strbuf_t *b)
{
    b->len = 0;
    b->oom = false;
    if (b->s)
        b->s[0] = '\0';
}

void
strbuf_free(strbuf_t *b)
{
    free(b->s);
    *b = (strbuf_t){ 0 };
}

const char *
strbuf_str(const strbuf_t *b)
{
    return b->s ? b->s : "";
}
