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
#include <stdio.h>

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

/* ---- persistence ---------------------------------------------------
 *
 * A table saved to a file and read back holds the same entries (a
 * long solve's checkpoint: stop the search, save, and later load the
 * table into a fresh one and solve again; DFPN resumes from the table).
 * None of these may run while another thread uses the table.
 *
 * The format, version TT_FILE_VERSION, every integer little-endian:
 *   header, 48 bytes:
 *     0  8 bytes  magic "hein-tt\n"
 *     8  u32      version (1)
 *    12  u32      bytes per entry (26)
 *    16  u64      entries that follow (count)
 *    24  u64      entries the saved table could hold (its capacity)
 *    32  u64      checksum of the entries: 64-bit FNV-1a over their
 *                 count * 26 bytes as written
 *    40  u64      checksum of bytes 0-39 (FNV-1a), so that a damaged
 *                 count is caught before it is used
 *   count entries of 26 bytes: key u64 (as stored: low bit set), work
 *   u64, phi u32, delta u32, best i16.
 * The stream form reads and writes exactly these bytes, so a caller may
 * put the table inside a file of its own (after a header of its own).
 * A table of another capacity may load the file: each entry is stored
 * again by tt_store's rules, so a smaller table keeps what its buckets
 * hold (the entries with the most work win). */

#define TT_FILE_VERSION 1

/* Write the table to f (the format above).  False, with the reason in
 * why, when a write fails. */
bool tt_write(const tt_t *tt, FILE *f, char *why, size_t whylen);

/* Read a table written by tt_write from f into tt (added to what it
 * holds; a resumed solve reads into an empty one); *count receives the
 * entries read (may be NULL; 0 on a refusal).  A stream that is not a
 * table (the magic), of another version, damaged (a checksum) or cut
 * short is refused: false with the reason in why.  A fault in the header
 * leaves tt as it was; one found in the entries (cut short, the entries'
 * checksum, an invalid entry) empties tt (tt_clear), since entries
 * stored before the fault was found may be wrong. */
bool tt_read(tt_t *tt, FILE *f, uint64_t *count, char *why, size_t whylen);

/* The table saved to path whole or not at all: written to a new file
 * beside it (path ".tmp" and the process id), flushed to the disk
 * (fsync), renamed over path, and the folder flushed, so that a kill or
 * a crash at any moment leaves path either as it was or the new table,
 * never a torn file.  False, with the reason in why (path unchanged),
 * when it cannot. */
bool tt_save(const tt_t *tt, const char *path, char *why, size_t whylen);

/* The table saved at path read into tt (tt_read's rules; a file with
 * bytes after the table is refused too, and tt emptied). */
bool tt_load(tt_t *tt, const char *path, uint64_t *count, char *why, size_t whylen);

#endif /* HEIN_SEARCH_TT_H */
