/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bucketed transposition table (see table.h). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "search/table.h"

/* The head of an entry; the payload follows it.  key 0 marks a free
 * entry (stored keys have their low bit set). */
typedef struct head {
    uint64_t key;
    uint64_t work;
} head_t;

/* Locking (table.h): bucket b belongs to stripe[b % TABLE_STRIPES], held
 * while one entry of it is searched and copied in or out; `used` is a
 * relaxed atomic (statistics only); the other fields are set by
 * table_new and only read after it, so they need no lock. */
struct table {
    unsigned char *entries;     /* buckets * TABLE_WAYS entries of stride */
    size_t stride;              /* bytes of an entry */
    size_t payload;             /* bytes of its payload */
    size_t buckets;             /* a power of two */
    table_final_fn final;
    _Atomic size_t used;
    pthread_mutex_t stripe[TABLE_STRIPES];
};

table_t *
table_new(size_t bytes, size_t payload, table_final_fn final)
{
    table_t *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->payload = payload;
    t->stride = (sizeof(head_t) + payload + 7) / 8 * 8;
    t->final = final;
    size_t per = TABLE_WAYS * t->stride;
    size_t b = 1;
    while (2 * b * per <= bytes)
        b *= 2;
    t->buckets = b;
    t->entries = calloc(b * TABLE_WAYS, t->stride);
    if (!t->entries) {
        free(t);
        return NULL;
    }
    for (int i = 0; i < TABLE_STRIPES; i++)
        pthread_mutex_init(&t->stripe[i], NULL);
    atomic_init(&t->used, 0);
    return t;
}

void
table_free(table_t *t)
{
    if (!t)
        return;
    for (int i = 0; i < TABLE_STRIPES; i++)
        pthread_mutex_destroy(&t->stripe[i]);
    free(t->entries);
    free(t);
}

void
table_clear(table_t *t)
{
    memset(t->entries, 0, t->buckets * TABLE_WAYS * t->stride);
    atomic_store_explicit(&t->used, 0, memory_order_relaxed);
}

static inline uint64_t
stored_key(uint64_t key)
{
    return key | 1;
}

static inline size_t
bucket_of(const table_t *t, uint64_t key)
{
    /* the high bits: the low bit is forced to 1 in stored keys */
    return (size_t)(key >> 20) & (t->buckets - 1);
}

static inline head_t *
entry_at(const table_t *t, size_t bucket, int way)
{
    return (head_t *)(t->entries + (bucket * TABLE_WAYS + (size_t)way) * t->stride);
}

static inline void *
payload_of(head_t *h)
{
    return (unsigned char *)h + sizeof *h;
}

static bool
is_final(const table_t *t, const void *payload)
{
    return t->final && t->final(payload);
}

bool
table_lookup(table_t *t, uint64_t key, void *payload, uint64_t *work)
{
    uint64_t k = stored_key(key);
    size_t b = bucket_of(t, key);
    pthread_mutex_t *m = &t->stripe[b % TABLE_STRIPES];
    bool found = false;
    pthread_mutex_lock(m);
    for (int i = 0; i < TABLE_WAYS; i++) {
        head_t *h = entry_at(t, b, i);
        if (h->key == k) {
            memcpy(payload, payload_of(h), t->payload);
            if (work)
                *work = h->work;
            found = true;
            break;
        }
    }
    pthread_mutex_unlock(m);
    return found;
}

void
table_store(table_t *t, uint64_t key, const void *payload, uint64_t work)
{
    uint64_t k = stored_key(key);
    size_t b = bucket_of(t, key);
    pthread_mutex_t *m = &t->stripe[b % TABLE_STRIPES];
    pthread_mutex_lock(m);
    int slot = -1, free_slot = -1, least = 0;
    for (int i = 0; i < TABLE_WAYS; i++) {
        head_t *h = entry_at(t, b, i);
        if (h->key == k) {
            slot = i;
            break;
        }
        if (h->key == 0 && free_slot < 0)
            free_slot = i;
        if (h->work < entry_at(t, b, least)->work)
            least = i;
    }
    head_t *h;
    if (slot >= 0) {
        h = entry_at(t, b, slot);
        if (is_final(t, payload_of(h)) && !is_final(t, payload))
            h = NULL;
    } else {
        if (free_slot >= 0) {
            slot = free_slot;
            atomic_fetch_add_explicit(&t->used, 1, memory_order_relaxed);
        } else {
            slot = least;
        }
        h = entry_at(t, b, slot);
        h->key = k;
    }
    if (h) {
        h->work = work;
        memcpy(payload_of(h), payload, t->payload);
    }
    pthread_mutex_unlock(m);
}

void
table_each(const table_t *t, table_each_fn fn, void *arg)
{
    size_t n = t->buckets * TABLE_WAYS;
    for (size_t i = 0; i < n; i++) {
        head_t *h = (head_t *)(t->entries + i * t->stride);
        if (h->key != 0)
            fn(arg, h->key, payload_of(h), h->work);
    }
}

size_t
table_capacity(const table_t *t)
{
    return t->buckets * TABLE_WAYS;
}

size_t
table_used(const table_t *t)
{
    return atomic_load_explicit(&t->used, memory_order_relaxed);
}

size_t
table_bytes(const table_t *t)
{
    return t->buckets * TABLE_WAYS * t->stride;
}
