/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The expansion cache (expcache.h). */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "search/expcache.h"

/* Expansions per thread of a search (direct-mapped; about 40 MB a
 * thread).  4096 entries re-expand about 6 % more nodes on 7x7 a2, 32768
 * save little more. */
#define EXPANSIONS_PER_THREAD 16384
/* Node sets per thread of a search (160 bytes each, 10 MB a thread). */
#define SETS_PER_THREAD 65536
/* Expansion slots per mutex. */
#define EXPANSIONS_PER_LOCK 64

typedef struct expansion_entry {
    uint64_t key;               /* position_key | 1; 0: empty */
    kn_expansion_t e;
} expansion_entry_t;

typedef struct sets_entry {
    uint64_t key;               /* node key | 1; 0: empty */
    expcache_sets_t sets;
} sets_entry_t;

/* Locking: expansion slot i belongs to mutex i / EXPANSIONS_PER_LOCK,
 * sets slot i to mutex i % nlocks; see expcache.h. */
struct expcache {
    expansion_entry_t *entries;
    size_t size;
    sets_entry_t *sets;
    size_t nsets;
    pthread_mutex_t *locks;
    size_t nlocks;
};

expcache_t *
expcache_new(int threads)
{
    size_t n = (size_t)(threads < 1 ? 1 : threads);
    expcache_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->size = (size_t)EXPANSIONS_PER_THREAD * n;
    c->nlocks = (c->size + EXPANSIONS_PER_LOCK - 1) / EXPANSIONS_PER_LOCK;
    c->nsets = (size_t)SETS_PER_THREAD * n;
    c->entries = calloc(c->size, sizeof *c->entries);
    c->sets = calloc(c->nsets, sizeof *c->sets);
    c->locks = malloc(c->nlocks * sizeof *c->locks);
    if (!c->entries || !c->sets || !c->locks) {
        free(c->entries);
        free(c->sets);
        free(c->locks);
        free(c);
        return NULL;
    }
    for (size_t i = 0; i < c->nlocks; i++)
        pthread_mutex_init(&c->locks[i], NULL);
    return c;
}

void
expcache_free(expcache_t *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->nlocks; i++)
        pthread_mutex_destroy(&c->locks[i]);
    free(c->entries);
    free(c->sets);
    free(c->locks);
    free(c);
}

void
expcache_clear(expcache_t *c)
{
    for (size_t i = 0; i < c->size; i++)
        c->entries[i].key = 0;
    for (size_t i = 0; i < c->nsets; i++)
        c->sets[i].key = 0;
}

/* The expansion slot of pos, locked; unlock *lock after use. */
static expansion_entry_t *
expansion_locked(expcache_t *c, const position_t *pos, uint64_t *key, pthread_mutex_t **lock)
{
    *key = position_key(pos) | 1;
    size_t i = (size_t)(*key >> 7) % c->size;
    *lock = &c->locks[i / EXPANSIONS_PER_LOCK];
    pthread_mutex_lock(*lock);
    return &c->entries[i];
}

bool
expcache_get(expcache_t *c, const position_t *pos, kn_expansion_t *out)
{
    uint64_t key;
    pthread_mutex_t *lock;
    const expansion_entry_t *x = expansion_locked(c, pos, &key, &lock);
    bool hit = x->key == key && x->e.to_move == pos->to_move;
    if (hit)
        *out = x->e;
    pthread_mutex_unlock(lock);
    return hit;
}

bool
expcache_get_fill(expcache_t *c, const position_t *pos, bitset_t *dead, bitset_t fill[2])
{
    uint64_t key;
    pthread_mutex_t *lock;
    const expansion_entry_t *x = expansion_locked(c, pos, &key, &lock);
    bool hit = x->key == key && x->e.to_move == pos->to_move;
    if (hit) {
        *dead = x->e.dead;
        fill[0] = x->e.fill[0];
        fill[1] = x->e.fill[1];
    }
    pthread_mutex_unlock(lock);
    return hit;
}

void
expcache_put(expcache_t *c, const position_t *pos, const kn_expansion_t *e)
{
    uint64_t key;
    pthread_mutex_t *lock;
    expansion_entry_t *x = expansion_locked(c, pos, &key, &lock);
    x->key = key;
    x->e = *e;
    pthread_mutex_unlock(lock);
}

/* The sets slot of a node key, locked; unlock *lock after use. */
static sets_entry_t *
sets_locked(expcache_t *c, uint64_t key, pthread_mutex_t **lock)
{
    size_t i = (size_t)((key | 1) >> 7) % c->nsets;
    *lock = &c->locks[i % c->nlocks];
    pthread_mutex_lock(*lock);
    return &c->sets[i];
}

bool
expcache_sets_get(expcache_t *c, uint64_t key, expcache_sets_t *out)
{
    pthread_mutex_t *lock;
    const sets_entry_t *x = sets_locked(c, key, &lock);
    bool hit = x->key == (key | 1);
    if (hit)
        *out = x->sets;
    pthread_mutex_unlock(lock);
    return hit;
}

void
expcache_sets_put(expcache_t *c, uint64_t key, const bitset_t *refuted,
                  const bitset_t *harmless, const bitset_t *basis)
{
    pthread_mutex_t *lock;
    sets_entry_t *x = sets_locked(c, key, &lock);
    if (x->key != (key | 1))
        x->sets.solved = false;
    x->key = key | 1;
    x->sets.refuted = *refuted;
    if (harmless) {
        x->sets.harmless = *harmless;
        x->sets.basis = *basis;
        x->sets.solved = true;
    }
    pthread_mutex_unlock(lock);
}
