/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solvers' transposition table (see tt.h): tt_data_t on the generic
 * table, its work in the entry's work count. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/tt.h"

#include "board/bytes.h"
#include "board/wholefile.h"

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

/* ---- persistence (the format is in tt.h) ---------------------------- */

#define TT_MAGIC "hein-tt\n"
#define TT_HEADER_BYTES 48
#define TT_ENTRY_BYTES 26
static void
encode_entry(unsigned char *b, uint64_t key, const tt_payload_t *p, uint64_t work)
{
    bytes_put_le(b, key, 8);
    bytes_put_le(b + 8, work, 8);
    bytes_put_le(b + 16, p->phi, 4);
    bytes_put_le(b + 20, p->delta, 4);
    bytes_put_le(b + 24, (uint16_t)p->best, 2);
}

/* The entries' count and checksum (the first pass), then the entries
 * themselves (the second). */
typedef struct writer {
    FILE *f;                    /* NULL: count and sum only */
    uint64_t count, sum;
    bool failed;
} writer_t;

static void
write_entry(void *arg, uint64_t key, const void *payload, uint64_t work)
{
    writer_t *w = arg;
    unsigned char b[TT_ENTRY_BYTES];
    encode_entry(b, key, payload, work);
    if (!w->f) {
        w->count++;
        w->sum = bytes_fnv1a(w->sum, b, sizeof b);
    } else if (!w->failed && fwrite(b, 1, sizeof b, w->f) != sizeof b) {
        w->failed = true;
    }
}

bool
tt_write(const tt_t *tt, FILE *f, char *why, size_t whylen)
{
    writer_t w = { NULL, 0, BYTES_FNV_OFFSET, false };
    table_each(tt->table, write_entry, &w);
    unsigned char h[TT_HEADER_BYTES];
    memcpy(h, TT_MAGIC, 8);
    bytes_put_le(h + 8, TT_FILE_VERSION, 4);
    bytes_put_le(h + 12, TT_ENTRY_BYTES, 4);
    bytes_put_le(h + 16, w.count, 8);
    bytes_put_le(h + 24, tt_capacity(tt), 8);
    bytes_put_le(h + 32, w.sum, 8);
    bytes_put_le(h + 40, bytes_fnv1a(BYTES_FNV_OFFSET, h, 40), 8);
    if (fwrite(h, 1, sizeof h, f) != sizeof h) {
        snprintf(why, whylen, "cannot write the table: %s", strerror(errno));
        return false;
    }
    w.f = f;
    table_each(tt->table, write_entry, &w);
    if (w.failed) {
        snprintf(why, whylen, "cannot write the table: %s", strerror(errno));
        return false;
    }
    return true;
}

/* Read exactly n bytes; false at the end of the stream or an error. */
static bool
read_all(FILE *f, unsigned char *b, size_t n)
{
    return fread(b, 1, n, f) == n;
}

bool
tt_read(tt_t *tt, FILE *f, uint64_t *count, char *why, size_t whylen)
{
    unsigned char h[TT_HEADER_BYTES];
    if (count)
        *count = 0;
    if (!read_all(f, h, sizeof h)) {
        snprintf(why, whylen, "not a hein table: %s", ferror(f) ? strerror(errno)
                 : "the file is shorter than a table's header");
        return false;
    }
    if (memcmp(h, TT_MAGIC, 8) != 0) {
        snprintf(why, whylen, "not a hein table (no 'hein-tt' magic at its start)");
        return false;
    }
    uint64_t version = bytes_get_le(h + 8, 4), entry = bytes_get_le(h + 12, 4);
    if (version != TT_FILE_VERSION) {
        snprintf(why, whylen, "a hein table of format version %llu; this program reads "
                 "version %d", (unsigned long long)version, TT_FILE_VERSION);
        return false;
    }
    if (entry != TT_ENTRY_BYTES || bytes_get_le(h + 40, 8) != bytes_fnv1a(BYTES_FNV_OFFSET, h, 40)) {
        snprintf(why, whylen, "damaged hein table: its header's checksum is wrong");
        return false;
    }
    uint64_t n = bytes_get_le(h + 16, 8), sum = bytes_get_le(h + 32, 8), got = BYTES_FNV_OFFSET;
    enum { CHUNK = 4096 };
    unsigned char *buf = malloc((size_t)CHUNK * TT_ENTRY_BYTES);
    if (!buf) {
        snprintf(why, whylen, "out of memory");
        return false;
    }
    bool ok = true;
    for (uint64_t done = 0; ok && done < n;) {
        size_t k = n - done < CHUNK ? (size_t)(n - done) : CHUNK;
        if (!read_all(f, buf, k * TT_ENTRY_BYTES)) {
            snprintf(why, whylen, "truncated hein table: %llu of its %llu entries read",
                     (unsigned long long)done, (unsigned long long)n);
            ok = false;
            break;
        }
        got = bytes_fnv1a(got, buf, k * TT_ENTRY_BYTES);
        for (size_t i = 0; i < k; i++) {
            const unsigned char *b = buf + i * TT_ENTRY_BYTES;
            tt_data_t d = { .work = bytes_get_le(b + 8, 8) };
            uint64_t key = bytes_get_le(b, 8);
            d.phi = (uint32_t)bytes_get_le(b + 16, 4);
            d.delta = (uint32_t)bytes_get_le(b + 20, 4);
            d.best = (int16_t)(uint16_t)bytes_get_le(b + 24, 2);
            if (!(key & 1) || d.phi > TT_INF || d.delta > TT_INF) {
                snprintf(why, whylen, "damaged hein table: entry %llu is not valid",
                         (unsigned long long)(done + i));
                ok = false;
                break;
            }
            tt_store(tt, key, &d);
        }
        done += k;
    }
    free(buf);
    if (ok && got != sum) {
        snprintf(why, whylen, "damaged hein table: the entries' checksum is wrong");
        ok = false;
    }
    if (!ok) {
        tt_clear(tt);
        return false;
    }
    if (count)
        *count = n;
    return true;
}

static bool
fill_table(FILE *f, void *arg, char *why, size_t whylen)
{
    return tt_write(arg, f, why, whylen);
}

bool
tt_save(const tt_t *tt, const char *path, char *why, size_t whylen)
{
    char inner[200] = "";
    if (wholefile_write(path, fill_table, (void *)tt, inner, sizeof inner))
        return true;
    snprintf(why, whylen, "cannot save the table to '%s': %s", path, inner);
    return false;
}

bool
tt_load(tt_t *tt, const char *path, uint64_t *count, char *why, size_t whylen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(why, whylen, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    char inner[200];
    bool ok = tt_read(tt, f, count, inner, sizeof inner);
    if (ok && fgetc(f) != EOF) {
        snprintf(inner, sizeof inner, "bytes follow the hein table");
        tt_clear(tt);
        if (count)
            *count = 0;
        ok = false;
    }
    fclose(f);
    if (!ok)
        snprintf(why, whylen, "'%s': %s", path, inner);
    return ok;
}
