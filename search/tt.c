/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' transposition table (see tt.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "search/tt.h"

/* An entry; key 0 marks a free one (stored keys have their low bit set). */
typedef struct tt_entry {
    uint64_t key;
    tt_data_t data;
} tt_entry_t;

struct tt {
    tt_entry_t *entries;        /* buckets * TT_WAYS */
    size_t buckets;             /* a power of two */
    _Atomic size_t used;
    pthread_mutex_t stripe[TT_STRIPES];
};

tt_t *
tt_new(size_t bytes)
{
    tt_t *tt = calloc(1, sizeof *tt);
    if (!tt)
        return NULL;
    size_t per = TT_WAYS * sizeof(tt_entry_t);
    size_t b = 1;
    while (2 * b * per <= bytes)
        b *= 2;
    tt->buckets = b;
    tt->entries = calloc(b * TT_WAYS, sizeof *tt->entries);
    if (!tt->entries) {
        free(tt);
        return NULL;
    }
    for (int i = 0; i < TT_STRIPES; i++)
        pthread_mutex_init(&tt->stripe[i], NULL);
    atomic_init(&tt->used, 0);
    return tt;
}

void
tt_free(tt_t *tt)
{
    if (!tt)
        return;
    for (int i = 0; i < TT_STRIPES; i++)
        pthread_mutex_destroy(&tt->stripe[i]);
    free(tt->entries);
    free(tt);
}

void
tt_clear(tt_t *tt)
{
    memset(tt->entries, 0, tt->buckets * TT_WAYS * sizeof *tt->entries);
    atomic_store_explicit(&tt->used, 0, memory_order_relaxed);
}

static inline uint64_t
stored_key(uint64_t key)
{
    return key | 1;
}

static inline size_t
bucket_of(const tt_t *tt, uint64_t key)
{
    /* the high bits: the low bit is forced to 1 in stored keys */
    return (size_t)(key >> 20) & (tt->buckets - 1);
}

bool
tt_lookup(tt_t *tt, uint64_t key, tt_data_t *out)
{
    uint64_t k = stored_key(key);
    size_t b = bucket_of(tt, key);
    tt_entry_t *e = tt->entries + b * TT_WAYS;
    pthread_mutex_t *m = &tt->stripe[b % TT_STRIPES];
    bool found = false;
    pthread_mutex_lock(m);
    for (int i = 0; i < TT_WAYS; i++)
        if (e[i].key == k) {
            *out = e[i].data;
            found = true;
            break;
        }
    pthread_mutex_unlock(m);
    return found;
}

void
tt_store(tt_t *tt, uint64_t key, const tt_data_t *d)
{
    uint64_t k = stored_key(key);
    size_t b = bucket_of(tt, key);
    tt_entry_t *e = tt->entries + b * TT_WAYS;
    pthread_mutex_t *m = &tt->stripe[b % TT_STRIPES];
    pthread_mutex_lock(m);
    int slot = -1, free_slot = -1, least = 0;
    for (int i = 0; i < TT_WAYS; i++) {
        if (e[i].key == k) {
            slot = i;
            break;
        }
        if (e[i].key == 0 && free_slot < 0)
            free_slot = i;
        if (e[i].data.work < e[least].data.work)
            least = i;
    }
    if (slot >= 0) {
        if (!(tt_solved(&e[slot].data) && !tt_solved(d)))
            e[slot].data = *d;
    } else {
        if (free_slot >= 0) {
            slot = free_slot;
            atomic_fetch_add_explicit(&tt->used, 1, memory_order_relaxed);
        } else {
            slot = least;
        }
        e[slot].key = k;
        e[slot].data = *d;
    }
    pthread_mutex_unlock(m);
}

size_t
tt_capacity(const tt_t *tt)
{
    return tt->buckets * TT_WAYS;
}

size_t
tt_used(const tt_t *tt)
{
    return atomic_load_explicit(&tt->used, memory_order_relaxed);
}

size_t
tt_bytes(const tt_t *tt)
{
    return tt->buckets * TT_WAYS * sizeof(tt_entry_t);
}
