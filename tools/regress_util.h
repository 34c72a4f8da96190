/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_REGRESS_UTIL_H
#define HEIN_TOOLS_REGRESS_UTIL_H

/* Helpers shared by the parts of hein-regress: growable strings, allocation
 * that exits on failure, trimming and a monotonic clock. */

#include <stddef.h>

/* A growable string, NUL-terminated once anything was added (s is NULL
 * before; regress_buf_str() reads "" then). */
typedef struct regress_buf {
    char *s;
    size_t len;
    size_t cap;
} regress_buf_t;

void *regress_xmalloc(size_t size);
void *regress_xrealloc(void *p, size_t size);
char *regress_xstrdup(const char *s);

void regress_buf_addn(regress_buf_t *b, const char *s, size_t n);
void regress_buf_add(regress_buf_t *b, const char *s);
void regress_buf_addc(regress_buf_t *b, char c);
void regress_buf_clear(regress_buf_t *b);
void regress_buf_free(regress_buf_t *b);
const char *regress_buf_str(const regress_buf_t *b);

/* Removes leading and trailing characters <= ' ' in place, as Java's
 * String.trim (which GoGui applies to lines and replies); returns the first
 * kept character. */
char *regress_trim(char *s);

/* Seconds on a monotonic clock. */
double regress_now(void);

#endif /* HEIN_TOOLS_REGRESS_UTIL_H */
