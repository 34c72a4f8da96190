/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_RNG_H
#define HEIN_BOARD_RNG_H

/* A small, fast pseudo-random generator (xoshiro256**, seeded through
 * splitmix64).  Each thread owns its rng_t; there is no global generator. */

#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng_t;

static inline uint64_t
rng_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void
rng_seed(rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&seed);
}

static inline uint64_t
rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t
rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n) for 0 < n < 2^32 (Lemire's multiply-shift; the bias is
 * below 2^-32 and irrelevant here). */
static inline uint32_t
rng_below(rng_t *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform in [0, 1). */
static inline double
rng_uniform(rng_t *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

#endif /* HEIN_BOARD_RNG_H */
