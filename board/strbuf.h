/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_STRBUF_H
#define HEIN_BOARD_STRBUF_H

/* A growable string: text appended piece by piece (bytes, strings,
 * characters, printf-style), read back NUL-terminated.  Generic, nothing
 * of Hex: it lives in board/, the lowest layer, so that every layer and
 * every tool can build text with it (the SGF writer, HTP replies, the
 * tools' messages and files).
 *
 * A strbuf_t starts as { 0 }: empty, s NULL, nothing allocated.  After the
 * first append s points to len bytes followed by a NUL (cap bytes are
 * allocated); the fields are read-only to users.  When memory runs out
 * an append adds nothing and sets oom; every later append is ignored
 * until strbuf_clear, so the text is never a partial piece, and a user
 * checks oom once at the end and fails cleanly (or exits, as the tools
 * do).  A buffer belongs to one thread at a time; there is no state
 * outside it. */

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;                    /* the text, NUL-terminated; NULL until
                                 * the first append */
    size_t len;                 /* bytes of text, the NUL not counted */
    size_t cap;                 /* bytes allocated at s */
    bool oom;                   /* an append ran out of memory */
} strbuf_t;

/* Append n bytes of s (which may hold NULs), a string, one character. */
void strbuf_addn(strbuf_t *b, const char *s, size_t n);
void strbuf_add(strbuf_t *b, const char *s);
void strbuf_addc(strbuf_t *b, char c);

/* Append printf-style; an encoding error appends nothing (oom stays). */
void strbuf_addf(strbuf_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void strbuf_vaddf(strbuf_t *b, const char *fmt, va_list ap);

/* Empty the text and forget an out-of-memory; the memory is kept. */
void strbuf_clear(strbuf_t *b);

/* Free the memory; the buffer is { 0 } again. */
void strbuf_free(strbuf_t *b);

/* The text, "" when nothing was appended (or after an out-of-memory on the
 * first append).  Valid until the next append, clear or free. */
const char *strbuf_str(const strbuf_t *b);

#endif /* HEIN_BOARD_STRBUF_H */
