/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for engine/solverdb.h: the symmetries against the grid and
 * the solver, the store's round trip, the files it refuses, and the
 * solver session reading and filling it. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#include "board/rng.h"
#include "engine/engine.h"
#include "engine/solver.h"
#include "engine/solverdb.h"

/* ---- scratch files --------------------------------------------------- */

static char scratch[200];

static void
scratch_make(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/hein-solverdb-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(scratch));
}

static void
scratch_remove(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "chmod -R u+w '%s' && rm -rf '%s'", scratch, scratch);
    ck_assert_int_eq(system(cmd), 0);
}

static const char *
scratch_path(const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%s", scratch, name);
    return buf;
}

static void
write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static long
file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* Run SQL on path with a plain SQLite connection. */
static void
sql(const char *path, const char *text)
{
    sqlite3 *h;
    ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(h, text, NULL, NULL, &msg);
    ck_assert_msg(rc == SQLITE_OK, "%s: %s", text, msg ? msg : "");
    sqlite3_close(h);
}

/* ---- positions ------------------------------------------------------- */

/* A random position of w x h with `stones` stones, nobody connected, the
 * side to move random; its diagram in why. */
static void
random_position(rng_t *r, int w, int h, int stones, position_t *p, hex_color_t *to_move)
{
    geometry_t *g = geometry_new(w, h);
    ck_assert_ptr_nonnull(g);
    for (;;) {
        position_init(p, g);
        hex_color_t c = HEX_BLACK;
        for (int i = 0; i < stones; i++) {
            bitset_t empty = position_empty_cells(p);
            int m = bitset_nth(&empty, (int)rng_below(r, (uint32_t)bitset_count(&empty)));
            position_play(p, c, m);
            c = rng_below(r, 3) == 0 ? c : hex_color_other(c);
        }
        if (p->winner == HEX_EMPTY)
            break;
        position_free(p);
    }
    geometry_unref(g);
    *to_move = rng_below(r, 2) ? HEX_BLACK : HEX_WHITE;
    position_set_to_move(p, *to_move);
}

/* The image of p under sym as a position (stones only; to move set). */
static void
image_position(const position_t *p, hex_color_t to_move, int sym, position_t *out,
               hex_color_t *out_to_move)
{
    const geometry_t *g = p->geo;
    bool swaps = solverdb_symmetry_swaps(sym);
    position_init(out, g);
    for (int c = 0; c < g->ncells; c++) {
        hex_color_t s = position_color_at(p, c);
        if (s != HEX_EMPTY)
            position_play(out, swaps ? hex_color_other(s) : s, solverdb_map_move(g, sym, c));
    }
    *out_to_move = swaps ? hex_color_other(to_move) : to_move;
    position_set_to_move(out, *out_to_move);
}

/* Whether p's images under the symmetries that hold all differ. */
static bool
distinct_images(const position_t *p, hex_color_t to_move)
{
    char t[SOLVERDB_NSYM][SOLVERDB_KEY_MAX];
    for (int a = 0; a < SOLVERDB_NSYM; a++) {
        if (!solverdb_symmetry_holds(p->geo, a))
            continue;
        solverdb_image(p, to_move, a, t[a]);
        for (int b = 0; b < a; b++)
            if (solverdb_symmetry_holds(p->geo, b) && strcmp(t[a], t[b]) == 0)
                return false;
    }
    return true;
}

static void
diagram(const position_t *p, char *buf, int size)
{
    position_to_text(p, buf, size);
}

/* ---- the symmetries -------------------------------------------------- */

/* Every symmetry that holds is its own inverse and keeps the hex grid's
 * neighbours, and sends each colour's edges to the edges of the colour
 * it maps it to. */
START_TEST(symmetries_keep_the_grid)
{
    static const int sizes[][2] = { { 1, 1 }, { 3, 3 }, { 4, 5 }, { 7, 7 }, { 6, 2 } };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        geometry_t *g = geometry_new(sizes[k][0], sizes[k][1]);
        ck_assert_int_eq(solverdb_symmetry_holds(g, SOLVERDB_T), g->width == g->height);
        ck_assert_int_eq(solverdb_symmetry_holds(g, SOLVERDB_RT), g->width == g->height);
        for (int sym = 0; sym < SOLVERDB_NSYM; sym++) {
            if (!solverdb_symmetry_holds(g, sym))
                continue;
            ck_assert_int_eq(solverdb_map_move(g, sym, -1), -1);
            for (int a = 0; a < g->ncells; a++) {
                int ia = solverdb_map_move(g, sym, a);
                ck_assert(ia >= 0 && ia < g->ncells);
                ck_assert_int_eq(solverdb_map_move(g, sym, ia), a);
                for (int b = 0; b < g->ncells; b++) {
                    int ib = solverdb_map_move(g, sym, b);
                    ck_assert_int_eq(bitset_test(&g->nbrs[a], b), bitset_test(&g->nbrs[ia], ib));
                }
                /* a cell on Black's top edge goes to the image colour's
                 * first edge (Black's, or White's after a swap) */
                int row = geometry_row(g, a), col = geometry_col(g, a);
                int irow = geometry_row(g, ia), icol = geometry_col(g, ia);
                if (row == 0 && solverdb_symmetry_swaps(sym))
                    ck_assert(icol == 0 || icol == g->width - 1);
                if (row == 0 && !solverdb_symmetry_swaps(sym))
                    ck_assert(irow == 0 || irow == g->height - 1);
                (void)col;
            }
        }
        geometry_unref(g);
    }
}
END_TEST

/* Known images on 3x3: b1 with White to move. */
START_TEST(images_of_a_known_position)
{
    geometry_t *g = geometry_new(3, 3);
    position_t p;
    position_init(&p, g);
    int b1;
    ck_assert_int_eq(geometry_parse_move(g, "b1", &b1), MOVE_PARSE_OK);
    position_play(&p, HEX_BLACK, b1);
    char t[SOLVERDB_KEY_MAX];
    solverdb_image(&p, HEX_WHITE, SOLVERDB_ID, t);
    ck_assert_str_eq(t, "3x3:w:.B./.../...");
    solverdb_image(&p, HEX_WHITE, SOLVERDB_R, t);
    ck_assert_str_eq(t, "3x3:w:.../.../.B.");
    solverdb_image(&p, HEX_WHITE, SOLVERDB_T, t);
    ck_assert_str_eq(t, "3x3:b:.../W../...");
    solverdb_image(&p, HEX_WHITE, SOLVERDB_RT, t);
    ck_assert_str_eq(t, "3x3:b:.../..W/...");
    int sym;
    solverdb_canonical(&p, HEX_WHITE, t, &sym);
    ck_assert_str_eq(t, "3x3:b:.../..W/...");
    ck_assert_int_eq(sym, SOLVERDB_RT);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* Every image of a position has the same canonical text. */
START_TEST(images_share_the_canonical_text)
{
    rng_t r;
    rng_seed(&r, 11);
    for (int i = 0; i < 200; i++) {
        int w = 2 + (int)rng_below(&r, 5), h = rng_below(&r, 2) ? w : 2 + (int)rng_below(&r, 5);
        position_t p, q;
        hex_color_t m, qm;
        random_position(&r, w, h, (int)rng_below(&r, (uint32_t)(w * h / 2)), &p, &m);
        char c0[SOLVERDB_KEY_MAX], c1[SOLVERDB_KEY_MAX], t[SOLVERDB_KEY_MAX];
        solverdb_canonical(&p, m, c0, NULL);
        for (int sym = 0; sym < SOLVERDB_NSYM; sym++) {
            if (!solverdb_symmetry_holds(p.geo, sym))
                continue;
            image_position(&p, m, sym, &q, &qm);
            solverdb_image(&p, m, sym, t);
            solverdb_image(&q, qm, SOLVERDB_ID, c1);
            ck_assert_str_eq(t, c1);
            solverdb_canonical(&q, qm, c1, NULL);
            ck_assert_str_eq(c0, c1);
            ck_assert(strcmp(c0, t) <= 0);
            position_free(&q);
        }
        position_free(&p);
    }
}
END_TEST

/* The solver on random small positions and their images: the winners
 * agree (swapped under T and RT), a winning move maps to a winning move
 * of the image, and the database's answer for an image, stored from the
 * original, is the mapped one. */
START_TEST(images_agree_with_the_solver)
{
    char path[512], err[512], text[1024];
    scratch_make();
    solverdb_t *db = solverdb_open(scratch_path("images.db", path, sizeof path), err,
                                   sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    engine_t *e = engine_new(1);
    ck_assert_ptr_nonnull(e);
    e->dfpn_params.progress_interval = 1e6;
    solver_t *sv = engine_solver(e);
    dfpn_params_t prm = engine_solver_params(e);
    stop_t stop = stop_make(NULL, 1);
    rng_t r;
    rng_seed(&r, 5);
    int n = getenv("HEIN_SOLVERDB_POSITIONS") ? atoi(getenv("HEIN_SOLVERDB_POSITIONS")) : 24;
    int checked[SOLVERDB_NSYM] = { 0 };
    for (int i = 0; i < n; i++) {
        static const int sizes[][2] = { { 4, 4 }, { 5, 5 }, { 3, 4 }, { 4, 3 }, { 5, 4 } };
        int k = (int)rng_below(&r, 5);
        int w = sizes[k][0], h = sizes[k][1];
        position_t p;
        hex_color_t m;
        random_position(&r, w, h, (int)rng_below(&r, (uint32_t)(w * h / 3 + 1)), &p, &m);
        diagram(&p, text, sizeof text);
        dfpn_result_t res;
        solver_clear(sv);
        solver_solve(sv, &p, m, &prm, &stop, NULL, NULL, &res);
        ck_assert_msg(res.winner != HEX_EMPTY, "unsolved:\n%s", text);
        solverdb_entry_t ent = { res.winner, res.winner == m ? res.best : -1, 1 };
        solverdb_item_t it;
        solverdb_item(&p, m, &ent, &it);
        /* an image of an earlier position keeps that one's move */
        solverdb_entry_t old;
        bool fresh = solverdb_get(db, &p, m, &old, err, sizeof err) == SOLVERDB_ABSENT;
        ck_assert_msg(solverdb_put(db, &it, 1, err, sizeof err), "%s", err);
        for (int sym = 1; sym < SOLVERDB_NSYM; sym++) {
            if (!solverdb_symmetry_holds(p.geo, sym))
                continue;
            checked[sym]++;
            position_t q;
            hex_color_t qm;
            image_position(&p, m, sym, &q, &qm);
            hex_color_t want = solverdb_symmetry_swaps(sym) ? hex_color_other(res.winner)
                : res.winner;
            dfpn_result_t qr;
            solver_clear(sv);
            solver_solve(sv, &q, qm, &prm, &stop, NULL, NULL, &qr);
            ck_assert_msg(qr.winner == want, "symmetry %d: winner %d, image's %d:\n%s", sym,
                          res.winner, qr.winner, text);
            /* the database answers the image with the mapped result */
            solverdb_entry_t got;
            ck_assert_int_eq(solverdb_get(db, &q, qm, &got, err, sizeof err), SOLVERDB_FOUND);
            ck_assert_int_eq(got.winner, want);
            int mapped = solverdb_map_move(p.geo, sym, ent.move);
            /* the move is the mapped one, unless the image is also the
             * image of the position under another symmetry (then the
             * canonical one's) or the store had it already */
            if (fresh && distinct_images(&p, m))
                ck_assert_int_eq(got.move, mapped);
            ck_assert_int_eq(got.move >= 0, mapped >= 0);
            if (got.move >= 0) {
                /* the move wins the image */
                position_play(&q, qm, got.move);
                if (q.winner == HEX_EMPTY) {
                    solver_clear(sv);
                    solver_solve(sv, &q, hex_color_other(qm), &prm, &stop, NULL, NULL, &qr);
                    ck_assert_msg(qr.winner == qm, "symmetry %d: the mapped move loses:\n%s",
                                  sym, text);
                }
            }
            position_free(&q);
        }
        position_free(&p);
    }
    ck_assert_int_gt(checked[SOLVERDB_R], 0);
    ck_assert_int_gt(checked[SOLVERDB_T], 0);
    ck_assert_int_gt(checked[SOLVERDB_RT], 0);
    engine_free(e);
    solverdb_close(db);
    scratch_remove();
}
END_TEST

/* ---- the store ------------------------------------------------------- */

/* Stored, read back (also after reopening), more work replaces, less
 * does not, counted, cleared. */
START_TEST(store_round_trip)
{
    char path[512], err[512];
    scratch_make();
    scratch_path("round.db", path, sizeof path);
    solverdb_t *db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    ck_assert_str_eq(solverdb_path(db), path);
    geometry_t *g = geometry_new(5, 5);
    position_t p;
    position_init(&p, g);
    int c3, b2;
    geometry_parse_move(g, "c3", &c3);
    geometry_parse_move(g, "b2", &b2);
    solverdb_entry_t got, e = { HEX_BLACK, c3, 40 };
    ck_assert_int_eq(solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_ABSENT);
    solverdb_item_t it[2];
    solverdb_item(&p, HEX_BLACK, &e, &it[0]);
    position_play(&p, HEX_BLACK, c3);
    solverdb_entry_t lost = { HEX_BLACK, -1, 7 };
    solverdb_item(&p, HEX_WHITE, &lost, &it[1]);
    position_undo(&p);
    ck_assert(solverdb_put(db, it, 2, err, sizeof err));
    uint64_t n;
    ck_assert(solverdb_count(db, &n, err, sizeof err));
    ck_assert_uint_eq(n, 2);
    solverdb_close(db);

    db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    ck_assert_int_eq(solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.winner, HEX_BLACK);
    ck_assert_int_eq(got.move, c3);
    ck_assert_uint_eq(got.work, 40);
    /* White to move on the empty board is the same position transposed
     * with the colours swapped: White wins with c3's image, c3 */
    ck_assert_int_eq(solverdb_get(db, &p, HEX_WHITE, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.winner, HEX_WHITE);
    ck_assert_int_eq(got.move, c3);
    position_play(&p, HEX_BLACK, c3);
    ck_assert_int_eq(solverdb_get(db, &p, HEX_WHITE, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.winner, HEX_BLACK);
    ck_assert_int_eq(got.move, -1);
    ck_assert_uint_eq(got.work, 7);
    position_undo(&p);
    /* less work keeps the entry, more replaces it */
    e.move = b2;
    e.work = 10;
    solverdb_item(&p, HEX_BLACK, &e, &it[0]);
    ck_assert(solverdb_put(db, it, 1, err, sizeof err));
    ck_assert_int_eq(solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.move, c3);
    e.work = 400;
    solverdb_item(&p, HEX_BLACK, &e, &it[0]);
    ck_assert(solverdb_put(db, it, 1, err, sizeof err));
    ck_assert_int_eq(solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.move, b2);
    ck_assert_uint_eq(got.work, 400);
    solverdb_stats_t st;
    solverdb_stats(db, &st);
    ck_assert_uint_eq(st.hits, 5);
    ck_assert_uint_eq(st.misses, 0);
    ck_assert_uint_eq(st.stores, 1);
    ck_assert_uint_eq(st.errors, 0);
    ck_assert(solverdb_clear(db, err, sizeof err));
    ck_assert(solverdb_count(db, &n, err, sizeof err));
    ck_assert_uint_eq(n, 0);
    solverdb_close(db);
    position_free(&p);
    geometry_unref(g);
    scratch_remove();
}
END_TEST

/* A file that is not a store is refused with a message and left as it
 * was: a text file, another program's SQLite database, a store of
 * another format version. */
START_TEST(foreign_files_are_refused)
{
    char path[512], err[512];
    scratch_make();
    scratch_path("notes.txt", path, sizeof path);
    write_file(path, "these are my notes, not a database\n");
    long size = file_size(path);
    ck_assert_ptr_null(solverdb_open(path, err, sizeof err));
    ck_assert_msg(strstr(err, "not an SQLite database") != NULL, "%s", err);
    ck_assert_int_eq(file_size(path), size);

    scratch_path("other.db", path, sizeof path);
    sql(path, "CREATE TABLE foo (x); INSERT INTO foo VALUES (1);");
    ck_assert_ptr_null(solverdb_open(path, err, sizeof err));
    ck_assert_msg(strstr(err, "not a hein solved-position store") != NULL, "%s", err);

    scratch_path("v2.db", path, sizeof path);
    solverdb_t *db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    solverdb_close(db);
    sql(path, "UPDATE meta SET value = '2' WHERE key = 'version';");
    ck_assert_ptr_null(solverdb_open(path, err, sizeof err));
    ck_assert_msg(strstr(err, "format version 2") != NULL, "%s", err);
    sql(path, "UPDATE meta SET value = 'somebody-else' WHERE key = 'format';");
    ck_assert_ptr_null(solverdb_open(path, err, sizeof err));
    ck_assert_msg(strstr(err, "not a hein solved-position store") != NULL, "%s", err);

    /* a directory is no store either */
    ck_assert_ptr_null(solverdb_open(scratch, err, sizeof err));
    ck_assert(err[0] != '\0');
    scratch_remove();
}
END_TEST

/* A store cut short (a copy stopped half-way) is refused at opening or
 * gives errors on reading, never a crash or a wrong answer. */
START_TEST(truncated_store_gives_errors)
{
    char path[512], err[512];
    scratch_make();
    scratch_path("cut.db", path, sizeof path);
    solverdb_t *db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    geometry_t *g = geometry_new(9, 9);
    rng_t r;
    rng_seed(&r, 3);
    enum { N = 3000 };
    solverdb_item_t *items = malloc(N * sizeof *items);
    position_t *ps = malloc(N * sizeof *ps);
    hex_color_t *ms = malloc(N * sizeof *ms);
    for (int i = 0; i < N; i++) {
        random_position(&r, 9, 9, 12, &ps[i], &ms[i]);
        solverdb_entry_t e = { hex_color_other(ms[i]), -1, (uint64_t)i };
        solverdb_item(&ps[i], ms[i], &e, &items[i]);
    }
    ck_assert_msg(solverdb_put(db, items, N, err, sizeof err), "%s", err);
    solverdb_close(db);     /* the WAL is checkpointed into the file */
    long size = file_size(path);
    ck_assert_int_gt(size, 16 * 4096);
    static const double cuts[] = { 0.0001, 0.02, 0.5, 0.9 };
    char cut[520];
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        snprintf(cut, sizeof cut, "%s.%zu", path, k);
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "head -c %ld '%s' > '%s'", (long)(size * cuts[k]), path, cut);
        ck_assert_int_eq(system(cmd), 0);
        db = solverdb_open(cut, err, sizeof err);
        if (!db) {
            ck_assert(err[0] != '\0');
            continue;
        }
        int errors = 0, wrong = 0;
        for (int i = 0; i < N; i++) {
            solverdb_entry_t got;
            solverdb_status_t st = solverdb_get(db, &ps[i], ms[i], &got, err, sizeof err);
            errors += st == SOLVERDB_ERROR;
            wrong += st == SOLVERDB_FOUND && (got.winner != hex_color_other(ms[i])
                                              || got.work != (uint64_t)i);
        }
        uint64_t n;
        bool counted = solverdb_count(db, &n, err, sizeof err);
        ck_assert_int_eq(wrong, 0);
        ck_assert_msg(errors > 0 || !counted, "a store cut to %.0f%% read whole", 100 * cuts[k]);
        solverdb_close(db);
    }
    for (int i = 0; i < N; i++)
        position_free(&ps[i]);
    free(ps);
    free(ms);
    free(items);
    geometry_unref(g);
    scratch_remove();
}
END_TEST

/* Where nothing can be written: a new store in a read-only folder is
 * refused; a store whose folder and file became read-only is read, and a
 * write to it is an error, the store unchanged. */
START_TEST(read_only_places_give_errors)
{
    char path[600], dir[400], err[512];
    scratch_make();
    scratch_path("ro", dir, sizeof dir);
    ck_assert_int_eq(mkdir(dir, 0755), 0);
    snprintf(path, sizeof path, "%s/store.db", dir);
    solverdb_t *db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    geometry_t *g = geometry_new(4, 4);
    position_t p;
    position_init(&p, g);
    solverdb_entry_t e = { HEX_BLACK, 5, 9 }, got;
    solverdb_item_t it;
    solverdb_item(&p, HEX_BLACK, &e, &it);
    ck_assert(solverdb_put(db, &it, 1, err, sizeof err));
    solverdb_close(db);
    ck_assert_int_eq(chmod(path, 0444), 0);
    ck_assert_int_eq(chmod(dir, 0555), 0);
    if (access(dir, W_OK) == 0) {
        /* root writes anywhere: a place that is read-only for root too */
        fprintf(stderr, "test_solverdb: running as root; /proc stands for a read-only folder\n");
        ck_assert_ptr_null(solverdb_open("/proc/hein-solverdb-test.db", err, sizeof err));
        ck_assert(err[0] != '\0');
    } else {
        char fresh[700];
        snprintf(fresh, sizeof fresh, "%s/new.db", dir);
        ck_assert_ptr_null(solverdb_open(fresh, err, sizeof err));
        ck_assert_msg(strstr(err, "cannot") != NULL, "%s", err);
        ck_assert_int_ne(access(fresh, F_OK), 0);
        db = solverdb_open(path, err, sizeof err);
        if (db) {
            /* read as it was; a write fails with a message */
            solverdb_status_t st = solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err);
            ck_assert(st == SOLVERDB_FOUND || st == SOLVERDB_ERROR);
            e.work = 99;
            solverdb_item(&p, HEX_BLACK, &e, &it);
            ck_assert(!solverdb_put(db, &it, 1, err, sizeof err));
            ck_assert(err[0] != '\0');
            solverdb_close(db);
        } else {
            ck_assert(err[0] != '\0');
        }
    }
    ck_assert_int_eq(chmod(dir, 0755), 0);
    ck_assert_int_eq(chmod(path, 0644), 0);
    db = solverdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    ck_assert_int_eq(solverdb_get(db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_uint_eq(got.work, 9);
    solverdb_close(db);
    position_free(&p);
    geometry_unref(g);
    scratch_remove();
}
END_TEST

/* ---- the solver session with a database ------------------------------ */

/* A solve stores its proof (every node at db_min_work 0), and a later
 * solve of the position, or of a node of the proof, or an image, is
 * answered from the database at once, with what the solver says. */
START_TEST(solver_stores_its_proof_and_answers_from_it)
{
    char path[512], err[512];
    scratch_make();
    engine_t *e = engine_new(1);
    ck_assert_ptr_nonnull(e);
    e->dfpn_params.progress_interval = 1e6;
    e->dfpn_params.db_min_work = 0;
    ck_assert(engine_db_open(e, scratch_path("proof.db", path, sizeof path), err, sizeof err));
    ck_assert_int_eq(engine_new_game(e, 6, 6), GAME_OK);
    int a1;
    ck_assert_int_eq(geometry_parse_move(e->game.pos.geo, "a1", &a1), MOVE_PARSE_OK);
    ck_assert_int_eq(game_play(&e->game, HEX_BLACK, a1, false, -1), GAME_OK);
    solver_t *sv = engine_solver(e);
    dfpn_params_t prm = engine_solver_params(e);
    stop_t stop = stop_make(NULL, 1);
    dfpn_result_t r, again;
    solver_solve(sv, &e->game.pos, HEX_WHITE, &prm, &stop, NULL, NULL, &r);
    ck_assert_int_eq(r.winner, HEX_WHITE);
    ck_assert_int_ge(r.best, 0);
    const solver_db_report_t *d = solver_db_report(sv);
    ck_assert(d->used && !d->hit && !d->failed);
    ck_assert_uint_gt(d->stored, 1);
    size_t stored = d->stored;
    uint64_t n;
    ck_assert(solverdb_count(e->db, &n, err, sizeof err));
    ck_assert_uint_eq(n, stored);
    solver_solve(sv, &e->game.pos, HEX_WHITE, &prm, &stop, NULL, NULL, &again);
    ck_assert(d->hit);
    ck_assert_int_eq(again.winner, HEX_WHITE);
    ck_assert_int_eq(again.best, r.best);
    ck_assert_uint_eq(again.stats.work, 0);
    /* the position after the winning move is in the proof */
    position_t p;
    position_copy(&p, &e->game.pos);
    position_play(&p, HEX_WHITE, r.best);
    solverdb_entry_t got;
    ck_assert_int_eq(solverdb_get(e->db, &p, HEX_BLACK, &got, err, sizeof err), SOLVERDB_FOUND);
    ck_assert_int_eq(got.winner, HEX_WHITE);
    /* the stored answers to Black's replies agree with fresh solves
     * without the database, and their moves win */
    bitset_t empty = position_empty_cells(&p);
    int answered = 0;
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        position_play(&p, HEX_BLACK, c);
        if (solverdb_get(e->db, &p, HEX_WHITE, &got, err, sizeof err) == SOLVERDB_FOUND) {
            answered++;
            engine_db_close(e);
            solver_clear(sv);
            solver_solve(engine_solver(e), &p, HEX_WHITE, &prm, &stop, NULL, NULL, &again);
            ck_assert_int_eq(again.winner, got.winner);
            if (got.move >= 0) {
                position_play(&p, HEX_WHITE, got.move);
                if (p.winner == HEX_EMPTY) {
                    solver_solve(engine_solver(e), &p, HEX_BLACK, &prm, &stop, NULL, NULL,
                                 &again);
                    ck_assert_int_eq(again.winner, HEX_WHITE);
                }
                position_undo(&p);
            }
            ck_assert(engine_db_open(e, path, err, sizeof err));
        }
        position_undo(&p);
    }
    ck_assert_int_gt(answered, 0);
    position_free(&p);
    /* a threshold above every node's work stores the root alone */
    ck_assert(solverdb_clear(e->db, err, sizeof err));
    solver_clear(sv);
    e->dfpn_params.db_min_work = 1 << 30;
    prm = engine_solver_params(e);
    solver_solve(engine_solver(e), &e->game.pos, HEX_WHITE, &prm, &stop, NULL, NULL, &r);
    ck_assert_uint_eq(solver_db_report(sv)->stored, 1);
    ck_assert(solverdb_count(e->db, &n, err, sizeof err));
    ck_assert_uint_eq(n, 1);
    engine_free(e);
    scratch_remove();
}
END_TEST

static Suite *
solverdb_suite(void)
{
    Suite *s = suite_create("solverdb");
    TCase *tc = tcase_create("symmetry");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, symmetries_keep_the_grid);
    tcase_add_test(tc, images_of_a_known_position);
    tcase_add_test(tc, images_share_the_canonical_text);
    tcase_add_test(tc, images_agree_with_the_solver);
    suite_add_tcase(s, tc);
    tc = tcase_create("store");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, store_round_trip);
    tcase_add_test(tc, foreign_files_are_refused);
    tcase_add_test(tc, truncated_store_gives_errors);
    tcase_add_test(tc, read_only_places_give_errors);
    tcase_add_test(tc, solver_stores_its_proof_and_answers_from_it);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(solverdb_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
