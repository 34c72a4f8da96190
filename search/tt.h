/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_TT_H
#define HEIN_SEARCH_TT_H

/* The transposition table of the proof-number solvers: fixed memory,
 * 64-bit keys, shared by every thread of a search.
 *
 * A thin layer over the generic table (table.h), which holds the layout,
 * the locking and the replacement: TT_WAYS-way buckets, the entry with
 * the least work replaced when a bucket is full, and a solved entry (phi
 * or delta 0) never overwritten by an unsolved one for the same key, so
 * a result another thread found is not lost to a stale writer (SPDFPN
 * §5.3).  An entry is 32 bytes: the key, the work, and phi, delta and
 * best as the payload.
 *
 * Locking: that of table.h (striped bucket mutexes held while one entry
 * is copied; any number of threads may use one table); tt_clear must not
 * run while another thread uses the table. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/table.h"

#define TT_WAYS TABLE_WAYS

/* Proof and disproof numbers saturate at TT_INF. */
#define TT_INF UINT32_C(0x3fffffff)

/* What is stored for a position, from the side to move's view. */
typedef struct tt_data {
    uint32_t phi;               /* proof number: 0 = the side to move wins */
    uint32_t delta;             /* disproof number: 0 = it loses */
    uint64_t work;              /* DFPN calls spent on this node so far */
    int16_t best;               /* solved win: the winning move (-1 when
                                 * none is needed: won by fill-in or a full
                                 * VC); unsolved: the last child selected;
                                 * -1: none */
} tt_data_t;

static inline bool
tt_solved(const tt_data_t *d)
{
    return d->phi == 0 || d->delta == 0;
}

typedef struct tt tt_t;

/* A table of at most `bytes` bytes (at least one bucket).  NULL when
 * memory is short. */
tt_t *tt_new(size_t bytes);
void tt_free(tt_t *tt);

/* Forget everything (no other thread may use the table meanwhile). */
void tt_clear(tt_t *tt);

/* The entry for key, if the table holds it. */
bool tt_lookup(tt_t *tt, uint64_t key, tt_data_t *out);

/* Store d for key (see the replacement rules above). */
void tt_store(tt_t *tt, uint64_t key, const tt_data_t *d);

/* Entries the table can hold, and entries in use. */
size_t tt_capacity(const tt_t *tt);
size_t tt_used(const tt_t *tt);

/* Bytes allocated for entries. */
size_t tt_bytes(const tt_t *tt);

#endif /* HEIN_SEARCH_TT_H */
