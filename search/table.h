/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_TABLE_H
#define HEIN_SEARCH_TABLE_H

/* A transposition table of search nodes: fixed memory, 64-bit keys,
 * shared by every thread of a search.  It is the one bucket, lock and
 * replacement code behind the solvers' table (tt.h, which stores proof
 * numbers) and the SCNS player's (scns.h, which stores proof and disproof
 * functions): each instance holds entries of one payload, a plain struct
 * of the caller's that the table copies in and out by value and never
 * reads, apart from asking the instance's `final` predicate about it.
 *
 * Layout: a power-of-two number of buckets of TABLE_WAYS entries.  A key
 * lives in bucket ((key >> 20) mod buckets), in any of its ways: the
 * collision rule of the SPDFPN paper (look at the next k = 4 places for
 * the key or a free one), with the k places kept in one cache-friendly
 * bucket.  Every entry carries a work count beside its payload (the
 * effort spent on the node: DFPN calls, SCNS expansions); when the bucket
 * is full, the entry with the least work is replaced.  An entry whose
 * payload `final` calls final (a solved node) is never overwritten by a
 * payload that is not final for the same key, so a result another thread
 * found is not lost to a stale writer (SPDFPN §5.3).  An entry takes
 * 16 bytes of key and work plus the payload, rounded up to 8 bytes.
 *
 * Locking: each bucket belongs to one of TABLE_STRIPES mutexes (bucket
 * mod TABLE_STRIPES); table_lookup and table_store hold that mutex while
 * they copy one entry and never call out (the final predicate, called
 * under it, must only read the payload), so any number of threads may
 * use one table, and a reader never sees a half-written entry.  The
 * used-entry counter is a relaxed C11 atomic (statistics only).
 * table_clear must not run while another thread uses the table. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TABLE_WAYS 4
#define TABLE_STRIPES 1024

/* Whether a payload is final (kept against non-final writes). */
typedef bool (*table_final_fn)(const void *payload);

typedef struct table table_t;

/* A table of at most `bytes` bytes of entries (at least one bucket),
 * each holding `payload` bytes; final may be NULL (no entry is final).
 * NULL when memory is short. */
table_t *table_new(size_t bytes, size_t payload, table_final_fn final);
void table_free(table_t *t);

/* Forget everything (no other thread may use the table meanwhile). */
void table_clear(table_t *t);

/* The entry for key, if the table holds it: its payload into *payload
 * (the instance's size) and its work into *work (may be NULL). */
bool table_lookup(table_t *t, uint64_t key, void *payload, uint64_t *work);

/* Store payload and work for key (see the replacement rules above). */
void table_store(table_t *t, uint64_t key, const void *payload, uint64_t work);

/* Every entry in use, in the table's order, given to fn with its key as
 * stored (the caller's key with the low bit set: storing the entry again
 * under that key puts it in the same bucket), its payload and its work.
 * For saving a table (tt.h tt_write); no other thread may use the table
 * meanwhile, and fn must not change it. */
typedef void (*table_each_fn)(void *arg, uint64_t key, const void *payload, uint64_t work);
void table_each(const table_t *t, table_each_fn fn, void *arg);

/* Entries the table can hold, and entries in use. */
size_t table_capacity(const table_t *t);
size_t table_used(const table_t *t);

/* Bytes allocated for entries. */
size_t table_bytes(const table_t *t);

#endif /* HEIN_SEARCH_TABLE_H */
