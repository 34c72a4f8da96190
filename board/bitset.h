/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_BITSET_H
#define HEIN_BOARD_BITSET_H

/* Fixed-width cell sets: the currency of every board module.
 *
 * A bitset_t holds one bit per cell id (see geometry.h): enough for a 19x19
 * board plus the four edge pseudo-cells.  It is a plain value (copy with =,
 * compare with bitset_equal); every operation is inline and branch-light.
 * Bits at or above BITSET_BITS never exist.  Nothing here allocates, and
 * nothing here is shared between threads except by copying. */

#include <stdbool.h>
#include <stdint.h>

#define BITSET_BITS 384                 /* >= 19*19 + 4, a multiple of 64 */
#define BITSET_WORDS (BITSET_BITS / 64)

typedef struct bitset {
    uint64_t w[BITSET_WORDS];
} bitset_t;

static inline bitset_t
bitset_empty(void)
{
    bitset_t s = { { 0 } };
    return s;
}

static inline void
bitset_clear(bitset_t *s)
{
    for (int i = 0; i < BITSET_WORDS; i++)
        s->w[i] = 0;
}

static inline bool
bitset_test(const bitset_t *s, int bit)
{
    return (s->w[bit >> 6] >> (bit & 63)) & 1u;
}

static inline void
bitset_set(bitset_t *s, int bit)
{
    s->w[bit >> 6] |= UINT64_C(1) << (bit & 63);
}

static inline void
bitset_reset(bitset_t *s, int bit)
{
    s->w[bit >> 6] &= ~(UINT64_C(1) << (bit & 63));
}

/* The set {0, 1, ..., n-1}. */
static inline bitset_t
bitset_range(int n)
{
    bitset_t s = bitset_empty();
    for (int i = 0; i < BITSET_WORDS && n > 0; i++, n -= 64)
        s.w[i] = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    return s;
}

static inline bitset_t
bitset_and(bitset_t a, bitset_t b)
{
    for (int i = 0; i < BITSET_WORDS; i++)
        a.w[i] &= b.w[i];
    return a;
}

static inline bitset_t
bitset_or(bitset_t a, bitset_t b)
{
    for (int i = 0; i < BITSET_WORDS; i++)
        a.w[i] |= b.w[i];
    return a;
}

static inline bitset_t
bitset_xor(bitset_t a, bitset_t b)
{
    for (int i = 0; i < BITSET_WORDS; i++)
        a.w[i] ^= b.w[i];
    return a;
}

/* a \ b */
static inline bitset_t
bitset_andnot(bitset_t a, bitset_t b)
{
    for (int i = 0; i < BITSET_WORDS; i++)
        a.w[i] &= ~b.w[i];
    return a;
}

static inline bool
bitset_is_empty(const bitset_t *s)
{
    uint64_t acc = 0;
    for (int i = 0; i < BITSET_WORDS; i++)
        acc |= s->w[i];
    return acc == 0;
}

static inline bool
bitset_equal(const bitset_t *a, const bitset_t *b)
{
    uint64_t acc = 0;
    for (int i = 0; i < BITSET_WORDS; i++)
        acc |= a->w[i] ^ b->w[i];
    return acc == 0;
}

/* True when a and b share at least one bit. */
static inline bool
bitset_intersects(const bitset_t *a, const bitset_t *b)
{
    uint64_t acc = 0;
    for (int i = 0; i < BITSET_WORDS; i++)
        acc |= a->w[i] & b->w[i];
    return acc != 0;
}

/* True when every bit of a is in b. */
static inline bool
bitset_is_subset(const bitset_t *a, const bitset_t *b)
{
    uint64_t acc = 0;
    for (int i = 0; i < BITSET_WORDS; i++)
        acc |= a->w[i] & ~b->w[i];
    return acc == 0;
}

static inline int
bitset_count(const bitset_t *s)
{
    int n = 0;
    for (int i = 0; i < BITSET_WORDS; i++)
        n += __builtin_popcountll(s->w[i]);
    return n;
}

/* Prefix forms of the tests and operations above: they read (and the
 * operations write) only the first nw words, 1 <= nw <= BITSET_WORDS, so
 * they agree with the full forms on sets that have no bit at or above
 * 64 * nw -- the cells of a board of at most 64 * nw cells, say (see
 * bitset_words_for).  A result's words from nw on are those of a. */

/* The words needed for the bits {0, ..., n-1}; at least one. */
static inline int
bitset_words_for(int n)
{
    int nw = (n + 63) / 64;
    return nw < 1 ? 1 : nw > BITSET_WORDS ? BITSET_WORDS : nw;
}

static inline bitset_t
bitset_and_n(bitset_t a, const bitset_t *b, int nw)
{
    for (int i = 0; i < nw; i++)
        a.w[i] &= b->w[i];
    return a;
}

static inline bitset_t
bitset_or_n(bitset_t a, const bitset_t *b, int nw)
{
    for (int i = 0; i < nw; i++)
        a.w[i] |= b->w[i];
    return a;
}

static inline bitset_t
bitset_andnot_n(bitset_t a, const bitset_t *b, int nw)
{
    for (int i = 0; i < nw; i++)
        a.w[i] &= ~b->w[i];
    return a;
}

static inline bool
bitset_is_empty_n(const bitset_t *s, int nw)
{
    uint64_t acc = 0;
    for (int i = 0; i < nw; i++)
        acc |= s->w[i];
    return acc == 0;
}

static inline bool
bitset_equal_n(const bitset_t *a, const bitset_t *b, int nw)
{
    uint64_t acc = 0;
    for (int i = 0; i < nw; i++)
        acc |= a->w[i] ^ b->w[i];
    return acc == 0;
}

static inline bool
bitset_intersects_n(const bitset_t *a, const bitset_t *b, int nw)
{
    uint64_t acc = 0;
    for (int i = 0; i < nw; i++)
        acc |= a->w[i] & b->w[i];
    return acc != 0;
}

static inline bool
bitset_is_subset_n(const bitset_t *a, const bitset_t *b, int nw)
{
    uint64_t acc = 0;
    for (int i = 0; i < nw; i++)
        acc |= a->w[i] & ~b->w[i];
    return acc == 0;
}

static inline int
bitset_count_n(const bitset_t *s, int nw)
{
    int n = 0;
    for (int i = 0; i < nw; i++)
        n += __builtin_popcountll(s->w[i]);
    return n;
}

/* The lowest bit >= from, or -1 when there is none.  Iterate with
 *     for (int c = bitset_first(&s); c >= 0; c = bitset_next(&s, c))
 */
static inline int
bitset_next_from(const bitset_t *s, int from)
{
    if (from >= BITSET_BITS)
        return -1;
    int i = from >> 6;
    uint64_t word = s->w[i] & (~UINT64_C(0) << (from & 63));
    for (;;) {
        if (word)
            return (i << 6) + __builtin_ctzll(word);
        if (++i >= BITSET_WORDS)
            return -1;
        word = s->w[i];
    }
}

static inline int
bitset_first(const bitset_t *s)
{
    return bitset_next_from(s, 0);
}

/* The lowest bit > bit, or -1. */
static inline int
bitset_next(const bitset_t *s, int bit)
{
    return bitset_next_from(s, bit + 1);
}

/* bitset_next_from over the first nw words only (see the prefix forms
 * above): iterate with
 *     for (int c = bitset_next_from_n(&s, 0, nw); c >= 0;
 *          c = bitset_next_from_n(&s, c + 1, nw))
 */
static inline int
bitset_next_from_n(const bitset_t *s, int from, int nw)
{
    int i = from >> 6;
    if (i >= nw)
        return -1;
    uint64_t word = s->w[i] & (~UINT64_C(0) << (from & 63));
    for (;;) {
        if (word)
            return (i << 6) + __builtin_ctzll(word);
        if (++i >= nw)
            return -1;
        word = s->w[i];
    }
}

/* The n-th lowest bit (n counted from 0), or -1 when the set has fewer
 * than n+1 bits.  Used to draw a uniform random member. */
static inline int
bitset_nth(const bitset_t *s, int n)
{
    for (int i = 0; i < BITSET_WORDS; i++) {
        int k = __builtin_popcountll(s->w[i]);
        if (n < k) {
            uint64_t word = s->w[i];
            while (n-- > 0)
                word &= word - 1;
            return (i << 6) + __builtin_ctzll(word);
        }
        n -= k;
    }
    return -1;
}

#endif /* HEIN_BOARD_BITSET_H */
