/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solved-position database (solverdb.h). */
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "engine/solverdb.h"

/* The schema.  `solved` is keyed by the canonical text; winner is 0
 * (Black) or 1 (White) and move a cell name or NULL, both in the
 * canonical image's colours and cells; work the proof's DFPN calls. */
static const char schema[] =
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);"
    "INSERT OR IGNORE INTO meta VALUES ('format', '" SOLVERDB_FORMAT "');"
    "INSERT OR IGNORE INTO meta VALUES ('version', '1');"
    "CREATE TABLE IF NOT EXISTS solved (position TEXT PRIMARY KEY NOT NULL,"
    " winner INTEGER NOT NULL CHECK (winner IN (0, 1)), move TEXT,"
    " work INTEGER NOT NULL) WITHOUT ROWID;";
_Static_assert(SOLVERDB_VERSION == 1, "the schema writes version 1");

struct solverdb {
    pthread_mutex_t lock;       /* held by every call (solverdb.h) */
    sqlite3 *h;
    sqlite3_stmt *get, *insert, *update;
    char *path;
    _Atomic uint64_t hits, misses, stores, errors;
};

/* ---- the symmetries -------------------------------------------------- */

bool
solverdb_symmetry_holds(const geometry_t *g, int sym)
{
    return sym == SOLVERDB_ID || sym == SOLVERDB_R
        || ((sym == SOLVERDB_T || sym == SOLVERDB_RT) && g->width == g->height);
}

bool
solverdb_symmetry_swaps(int sym)
{
    return sym == SOLVERDB_T || sym == SOLVERDB_RT;
}

int
solverdb_map_move(const geometry_t *g, int sym, int cell)
{
    if (cell < 0)
        return cell;
    int c = geometry_col(g, cell), r = geometry_row(g, cell);
    int w = g->width, h = g->height;
    switch (sym) {
    case SOLVERDB_R:
        return geometry_cell(g, w - 1 - c, h - 1 - r);
    case SOLVERDB_T:
        return geometry_cell(g, r, c);
    case SOLVERDB_RT:
        return geometry_cell(g, w - 1 - r, h - 1 - c);
    default:
        return cell;
    }
}

void
solverdb_image(const position_t *pos, hex_color_t to_move, int sym, char *text)
{
    const geometry_t *g = pos->geo;
    bool swaps = solverdb_symmetry_swaps(sym);
    hex_color_t m = swaps ? hex_color_other(to_move) : to_move;
    int len = snprintf(text, SOLVERDB_KEY_MAX, "%dx%d:%c:", g->width, g->height,
                       m == HEX_BLACK ? 'b' : 'w');
    for (int r = 0; r < g->height; r++) {
        if (r > 0)
            text[len++] = '/';
        for (int c = 0; c < g->width; c++) {
            /* every symmetry is its own inverse: the cell shown here is
             * the image of this one */
            hex_color_t s = position_color_at(pos, solverdb_map_move(g, sym, geometry_cell(g, c, r)));
            if (s != HEX_EMPTY && swaps)
                s = hex_color_other(s);
            text[len++] = s == HEX_BLACK ? 'B' : s == HEX_WHITE ? 'W' : '.';
        }
    }
    text[len] = '\0';
}

void
solverdb_canonical(const position_t *pos, hex_color_t to_move, char *text, int *sym)
{
    char other[SOLVERDB_KEY_MAX];
    int best = SOLVERDB_ID;
    solverdb_image(pos, to_move, SOLVERDB_ID, text);
    for (int s = 1; s < SOLVERDB_NSYM; s++) {
        if (!solverdb_symmetry_holds(pos->geo, s))
            continue;
        solverdb_image(pos, to_move, s, other);
        if (strcmp(other, text) < 0) {
            memcpy(text, other, strlen(other) + 1);
            best = s;
        }
    }
    if (sym)
        *sym = best;
}

void
solverdb_item(const position_t *pos, hex_color_t to_move, const solverdb_entry_t *e,
              solverdb_item_t *item)
{
    int sym;
    solverdb_canonical(pos, to_move, item->key, &sym);
    item->winner = solverdb_symmetry_swaps(sym) ? hex_color_other(e->winner) : e->winner;
    int move = e->winner == to_move ? solverdb_map_move(pos->geo, sym, e->move) : -1;
    if (move >= 0)
        geometry_move_name(pos->geo, move, item->move);
    else
        item->move[0] = '\0';
    item->work = e->work;
}

/* ---- the file -------------------------------------------------------- */

static void
fail(solverdb_t *db, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(db->h));
    atomic_fetch_add(&db->errors, 1);
}

static void
finish(solverdb_t *db)
{
    sqlite3_finalize(db->get);
    sqlite3_finalize(db->insert);
    sqlite3_finalize(db->update);
    sqlite3_close(db->h);
    pthread_mutex_destroy(&db->lock);
    free(db->path);
    free(db);
}

/* One text value of the meta table (NULL when absent; the caller frees). */
static char *
meta_value(sqlite3 *h, const char *key, int *rc)
{
    sqlite3_stmt *st;
    char *v = NULL;
    *rc = sqlite3_prepare_v2(h, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL);
    if (*rc != SQLITE_OK)
        return NULL;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    *rc = sqlite3_step(st);
    if (*rc == SQLITE_ROW) {
        const unsigned char *t = sqlite3_column_text(st, 0);
        v = strdup(t ? (const char *)t : "");
        *rc = SQLITE_OK;
    } else if (*rc == SQLITE_DONE) {
        *rc = SQLITE_OK;
    }
    sqlite3_finalize(st);
    return v;
}

/* Whether the open file is a store of this version; else a message. */
static bool
check_store(solverdb_t *db, char *err, size_t errlen)
{
    int rc;
    char *format = meta_value(db->h, "format", &rc);
    char *version = rc == SQLITE_OK ? meta_value(db->h, "version", &rc) : NULL;
    bool ok = false;
    if (rc != SQLITE_OK)
        snprintf(err, errlen, "%s: cannot read the store: %s", db->path, sqlite3_errmsg(db->h));
    else if (!format || strcmp(format, SOLVERDB_FORMAT) != 0)
        snprintf(err, errlen, "%s: not a hein solved-position store (an SQLite database of "
                 "something else)", db->path);
    else if (!version || strtol(version, NULL, 10) != SOLVERDB_VERSION
             || strspn(version, "0123456789") != strlen(version))
        snprintf(err, errlen, "%s: a solved-position store of format version %s; this hein "
                 "reads version %d only", db->path, version ? version : "(none)",
                 SOLVERDB_VERSION);
    else
        ok = true;
    free(format);
    free(version);
    return ok;
}

/* The number of tables in the file, or -1 with a message. */
static int
count_tables(solverdb_t *db, bool *has_meta, char *err, size_t errlen)
{
    sqlite3_stmt *st;
    *has_meta = false;
    int n = 0;
    int rc = sqlite3_prepare_v2(db->h, "SELECT name FROM sqlite_master WHERE type = 'table'",
                                -1, &st, NULL);
    if (rc == SQLITE_OK) {
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            const unsigned char *t = sqlite3_column_text(st, 0);
            *has_meta |= t && strcmp((const char *)t, "meta") == 0;
            n++;
        }
        if (rc == SQLITE_DONE)
            rc = SQLITE_OK;
    }
    if (rc != SQLITE_OK) {
        if (rc == SQLITE_NOTADB)
            snprintf(err, errlen, "%s: not a hein solved-position store (not an SQLite "
                     "database)", db->path);
        else
            snprintf(err, errlen, "%s: cannot read it: %s", db->path, sqlite3_errmsg(db->h));
        n = -1;
    }
    sqlite3_finalize(st);
    return n;
}

solverdb_t *
solverdb_open(const char *path, char *err, size_t errlen)
{
    solverdb_t *db = calloc(1, sizeof *db);
    if (!db || !(db->path = strdup(path))) {
        free(db);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&db->lock, NULL);
    int rc = sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                             | SQLITE_OPEN_FULLMUTEX, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open it: %s", path,
                 db->h ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc));
        finish(db);
        return NULL;
    }
    sqlite3_extended_result_codes(db->h, 0);
    sqlite3_busy_timeout(db->h, SOLVERDB_BUSY_MS);
    bool has_meta;
    int tables = count_tables(db, &has_meta, err, errlen);
    if (tables < 0) {
        finish(db);
        return NULL;
    }
    if (tables > 0 && !has_meta) {
        snprintf(err, errlen, "%s: not a hein solved-position store (an SQLite database of "
                 "something else)", path);
        finish(db);
        return NULL;
    }
    /* a store's file is checked before anything is written to it */
    if (tables > 0 && !check_store(db, err, errlen)) {
        finish(db);
        return NULL;
    }
    char *msg = NULL;
    /* WAL: readers in other processes go on while one writes; NORMAL
     * sync is durable across a crash of the process (a power cut may
     * lose the last results, never the file) */
    rc = sqlite3_exec(db->h, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;",
                      NULL, NULL, &msg);
    if (rc == SQLITE_OK && tables == 0) {
        sqlite3_free(msg);
        msg = NULL;
        rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE;", NULL, NULL, &msg);
        if (rc == SQLITE_OK) {
            rc = sqlite3_exec(db->h, schema, NULL, NULL, &msg);
            if (rc == SQLITE_OK)
                rc = sqlite3_exec(db->h, "COMMIT;", NULL, NULL, &msg);
            if (rc != SQLITE_OK)
                sqlite3_exec(db->h, "ROLLBACK;", NULL, NULL, NULL);
        }
    }
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot set it up: %s", path, msg ? msg : sqlite3_errmsg(db->h));
        sqlite3_free(msg);
        finish(db);
        return NULL;
    }
    sqlite3_free(msg);
    /* a file made by another process meanwhile is checked as any */
    if (tables == 0 && !check_store(db, err, errlen)) {
        finish(db);
        return NULL;
    }
    if (sqlite3_prepare_v2(db->h, "SELECT winner, move, work FROM solved WHERE position = ?",
                           -1, &db->get, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(db->h, "INSERT OR IGNORE INTO solved VALUES (?, ?, ?, ?)", -1,
                              &db->insert, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(db->h, "UPDATE solved SET move = ?2, work = ?3 WHERE position = ?1"
                              " AND winner = ?4 AND work < ?3", -1, &db->update, NULL)
        != SQLITE_OK) {
        snprintf(err, errlen, "%s: not a usable store: %s", path, sqlite3_errmsg(db->h));
        finish(db);
        return NULL;
    }
    return db;
}

void
solverdb_close(solverdb_t *db)
{
    if (db)
        finish(db);
}

const char *
solverdb_path(const solverdb_t *db)
{
    return db->path;
}

solverdb_status_t
solverdb_get(solverdb_t *db, const position_t *pos, hex_color_t to_move, solverdb_entry_t *out,
             char *err, size_t errlen)
{
    char key[SOLVERDB_KEY_MAX];
    int sym;
    solverdb_canonical(pos, to_move, key, &sym);
    pthread_mutex_lock(&db->lock);
    sqlite3_stmt *st = db->get;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    solverdb_status_t status = SOLVERDB_ABSENT;
    if (rc == SQLITE_ROW) {
        const geometry_t *g = pos->geo;
        int winner = sqlite3_column_int(st, 0);
        const unsigned char *name = sqlite3_column_text(st, 1);
        sqlite3_int64 work = sqlite3_column_int64(st, 2);
        int move = -1;
        bool ok = (winner == HEX_BLACK || winner == HEX_WHITE) && work >= 0;
        if (ok) {
            out->winner = solverdb_symmetry_swaps(sym) ? hex_color_other((hex_color_t)winner)
                : (hex_color_t)winner;
            out->work = (uint64_t)work;
        }
        if (ok && name) {
            ok = out->winner == to_move
                && geometry_parse_move(g, (const char *)name, &move) == MOVE_PARSE_OK
                && move >= 0;
            if (ok) {
                move = solverdb_map_move(g, sym, move);
                ok = position_color_at(pos, move) == HEX_EMPTY;
            }
        }
        out->move = move;
        if (ok) {
            status = SOLVERDB_FOUND;
            atomic_fetch_add(&db->hits, 1);
        } else {
            snprintf(err, errlen, "%s: a damaged entry for %s", db->path, key);
            atomic_fetch_add(&db->errors, 1);
            status = SOLVERDB_ERROR;
        }
    } else if (rc == SQLITE_DONE) {
        atomic_fetch_add(&db->misses, 1);
    } else {
        fail(db, err, errlen, db->path);
        status = SOLVERDB_ERROR;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    pthread_mutex_unlock(&db->lock);
    return status;
}

/* Bind and run one write of item (insert: 1 if new; update: 1 if
 * better).  Returns the SQLite code. */
static int
write_item(solverdb_t *db, sqlite3_stmt *st, const solverdb_item_t *it, const char *name,
           bool *changed)
{
    sqlite3_bind_text(st, 1, it->key, -1, SQLITE_STATIC);
    if (st == db->insert) {
        sqlite3_bind_int(st, 2, (int)it->winner);
        if (name)
            sqlite3_bind_text(st, 3, name, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 3);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)(it->work > INT64_MAX ? INT64_MAX : it->work));
    } else {
        if (name)
            sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 2);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)(it->work > INT64_MAX ? INT64_MAX : it->work));
        sqlite3_bind_int(st, 4, (int)it->winner);
    }
    int rc = sqlite3_step(st);
    *changed = rc == SQLITE_DONE && sqlite3_changes(db->h) > 0;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

bool
solverdb_put(solverdb_t *db, const solverdb_item_t *items, size_t n, char *err, size_t errlen)
{
    pthread_mutex_lock(&db->lock);
    int rc = sqlite3_exec(db->h, "BEGIN IMMEDIATE;", NULL, NULL, NULL);
    uint64_t written = 0;
    for (size_t i = 0; rc == SQLITE_OK && i < n; i++) {
        const char *name = items[i].move[0] ? items[i].move : NULL;
        bool changed;
        rc = write_item(db, db->insert, &items[i], name, &changed);
        if (rc == SQLITE_OK && !changed)
            rc = write_item(db, db->update, &items[i], name, &changed);
        written += changed;
    }
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db->h, "COMMIT;", NULL, NULL, NULL);
    bool ok = rc == SQLITE_OK;
    if (!ok) {
        fail(db, err, errlen, db->path);
        if (!sqlite3_get_autocommit(db->h))
            sqlite3_exec(db->h, "ROLLBACK;", NULL, NULL, NULL);
    } else {
        atomic_fetch_add(&db->stores, written);
    }
    pthread_mutex_unlock(&db->lock);
    return ok;
}

bool
solverdb_count(solverdb_t *db, uint64_t *n, char *err, size_t errlen)
{
    pthread_mutex_lock(&db->lock);
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db->h, "SELECT count(*) FROM solved", -1, &st, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        *n = (uint64_t)sqlite3_column_int64(st, 0);
        rc = SQLITE_OK;
    }
    bool ok = rc == SQLITE_OK;
    if (!ok)
        fail(db, err, errlen, db->path);
    sqlite3_finalize(st);
    pthread_mutex_unlock(&db->lock);
    return ok;
}

bool
solverdb_clear(solverdb_t *db, char *err, size_t errlen)
{
    pthread_mutex_lock(&db->lock);
    bool ok = sqlite3_exec(db->h, "DELETE FROM solved;", NULL, NULL, NULL) == SQLITE_OK;
    if (!ok)
        fail(db, err, errlen, db->path);
    pthread_mutex_unlock(&db->lock);
    return ok;
}

void
solverdb_stats(const solverdb_t *db, solverdb_stats_t *out)
{
    out->hits = atomic_load(&db->hits);
    out->misses = atomic_load(&db->misses);
    out->stores = atomic_load(&db->stores);
    out->errors = atomic_load(&db->errors);
}
