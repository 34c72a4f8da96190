/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_BYTES_H
#define HEIN_BOARD_BYTES_H

/* The byte-level pieces of the files hein writes and reads (the solver's
 * table, hein-solve's checkpoints, the network's weights): integers stored
 * little-endian whatever the machine, and the FNV-1a 64-bit checksum.  One
 * definition for every format, so that they cannot drift apart. */

#include <stddef.h>
#include <stdint.h>

#define BYTES_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define BYTES_FNV_PRIME UINT64_C(0x100000001b3)

/* FNV-1a 64 of n bytes at p, continuing from h (BYTES_FNV_OFFSET to start). */
static inline uint64_t
bytes_fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= BYTES_FNV_PRIME;
    }
    return h;
}

/* The low `bytes` bytes of v at p, least significant first. */
static inline void
bytes_put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* The unsigned integer of `bytes` bytes at p, least significant first. */
static inline uint64_t
bytes_get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

#endif /* HEIN_BOARD_BYTES_H */
