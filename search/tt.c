/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' transposition table (see tt.h): tt_data_t on the generic
 * table, its work in the entry's work count. */
#include "config.h"

#include <stdlib.h>

#include "search/tt.h"

/* What the generic table stores beside the key and the work. */
typedef struct tt_payload {
    uint32_t phi;
    uint32_t delta;
    int16_t best;
} tt_payload_t;

struct tt {
    table_t *table;
};

static bool
payload_solved(const void *payload)
{
    const tt_payload_t *p = payload;
    return p->phi == 0 || p->delta == 0;
}

tt_t *
tt_new(size_t bytes)
{
    tt_t *tt = malloc(sizeof *tt);
    if (!tt)
        return NULL;
    tt->table = table_new(bytes, sizeof(tt_payload_t), payload_solved);
    if (!tt->table) {
        free(tt);
        return NULL;
    }
    return tt;
}

void
tt_free(tt_t *tt)
{
    if (!tt)
        return;
    table_free(tt->table);
    free(tt);
}

void
tt_clear(tt_t *tt)
{
    table_clear(tt->table);
}

bool
tt_lookup(tt_t *tt, uint64_t key, tt_data_t *out)
{
    tt_payload_t p;
    uint64_t work;
    if (!table_lookup(tt->table, key, &p, &work))
        return false;
    out->phi = p.phi;
    out->delta = p.delta;
    out->work = work;
    out->best = p.best;
    return true;
}

void
tt_store(tt_t *tt, uint64_t key, const tt_data_t *d)
{
    tt_payload_t p = { .phi = d->phi, .delta = d->delta, .best = d->best };
    table_store(tt->table, key, &p, d->work);
}

size_t
tt_capacity(const tt_t *tt)
{
    return table_capacity(tt->table);
}

size_t
tt_used(const tt_t *tt)
{
    return table_used(tt->table);
}

size_t
tt_bytes(const tt_t *tt)
{
    return table_bytes(tt->table);
}
