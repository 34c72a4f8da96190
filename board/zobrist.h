/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_ZOBRIST_H
#define HEIN_BOARD_ZOBRIST_H

/* Zobrist keys as a pure function of (id, colour): no table, nothing to
 * initialise, the same keys in every thread and every run.  A position's
 * hash is the XOR of the keys of its stones, ZOBRIST_WHITE_TO_MOVE when
 * White is to move, and ZOBRIST_SWAPPED once swap-pieces was played. */

#include <stdint.h>

#include "board/rng.h"

#define ZOBRIST_WHITE_TO_MOVE UINT64_C(0x6a09e667f3bcc909)
#define ZOBRIST_SWAPPED       UINT64_C(0xbb67ae8584caa73b)

static inline uint64_t
zobrist_key(int id, int color)
{
    uint64_t x = UINT64_C(0x3c6ef372fe94f82b) ^ ((uint64_t)id << 1 | (uint64_t)color);
    return rng_splitmix64(&x);
}

#endif /* HEIN_BOARD_ZOBRIST_H */
