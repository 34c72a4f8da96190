/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the solvers' table saved and read back (search/tt.h
 * persistence): the same entries after a round trip, into a table of
 * another size, through the stream form after a caller's own header; a
 * proof read back checks whole; refused files (not a table, another
 * version, truncated, damaged) say why and leave the table as it was
 * (a bad header) or empty (a fault in the entries); a
 * save replaces the file whole and leaves no temporary file. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board/rng.h"
#include "search/dfpn.h"
#include "search/tt.h"

/* A scratch folder for the files of one test. */
static char scratch[64];

static void
scratch_make(void)
{
    snprintf(scratch, sizeof scratch, "test_tt.tmp.%ld", (long)getpid());
    ck_assert_int_eq(mkdir(scratch, 0777), 0);
}

static void
scratch_remove(void)
{
    DIR *d = opendir(scratch);
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    char path[512];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(scratch);
}

/* Files in the scratch folder. */
static int
scratch_files(void)
{
    DIR *d = opendir(scratch);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* n random entries (a few solved) stored in tt; keys[] gets their keys. */
static void
fill_random(tt_t *tt, uint64_t *keys, int n, uint64_t seed)
{
    rng_t rng;
    rng_seed(&rng, seed);
    for (int i = 0; i < n; i++) {
        tt_data_t d;
        keys[i] = rng_next(&rng) | 1;
        d.phi = (uint32_t)(rng_next(&rng) % 1000);
        d.delta = (uint32_t)(rng_next(&rng) % 1000) + 1;
        d.work = rng_next(&rng) % 100000;
        d.best = (int16_t)(rng_next(&rng) % 50) - 1;
        tt_store(tt, keys[i], &d);
    }
}

/* Every entry of a is in b, equal. */
static void
assert_same_entries(tt_t *a, tt_t *b, const uint64_t *keys, int n)
{
    int found = 0;
    for (int i = 0; i < n; i++) {
        tt_data_t x, y;
        if (!tt_lookup(a, keys[i], &x))
            continue;
        found++;
        ck_assert_msg(tt_lookup(b, keys[i], &y), "entry %d lost", i);
        ck_assert_uint_eq(x.phi, y.phi);
        ck_assert_uint_eq(x.delta, y.delta);
        ck_assert_uint_eq(x.work, y.work);
        ck_assert_int_eq(x.best, y.best);
    }
    ck_assert_int_gt(found, n / 2);
    ck_assert_uint_eq(tt_used(a), tt_used(b));
}

static char *
path_in(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", scratch, name);
    return path;
}

START_TEST(tt_round_trip_keeps_every_entry)
{
    scratch_make();
    enum { N = 5000 };
    uint64_t *keys = malloc(N * sizeof *keys);
    tt_t *a = tt_new(1u << 20), *b = tt_new(1u << 20);
    fill_random(a, keys, N, 11);
    char why[256];
    const char *path = path_in("a.tt");
    ck_assert_msg(tt_save(a, path, why, sizeof why), "%s", why);
    ck_assert_int_eq(scratch_files(), 1);       /* no temporary file left */
    uint64_t count = 0;
    ck_assert_msg(tt_load(b, path, &count, why, sizeof why), "%s", why);
    ck_assert_uint_eq(count, tt_used(a));
    assert_same_entries(a, b, keys, N);
    /* saved again over the file: replaced whole */
    tt_clear(a);
    fill_random(a, keys, 10, 12);
    ck_assert_msg(tt_save(a, path, why, sizeof why), "%s", why);
    ck_assert_int_eq(scratch_files(), 1);
    tt_clear(b);
    ck_assert_msg(tt_load(b, path, &count, why, sizeof why), "%s", why);
    ck_assert_uint_eq(count, 10);
    assert_same_entries(a, b, keys, 10);
    tt_free(a);
    tt_free(b);
    free(keys);
    scratch_remove();
}
END_TEST

START_TEST(tt_loads_into_another_size)
{
    scratch_make();
    enum { N = 3000 };
    uint64_t *keys = malloc(N * sizeof *keys);
    tt_t *a = tt_new(1u << 20), *big = tt_new(4u << 20), *tiny = tt_new(4096);
    fill_random(a, keys, N, 21);
    char why[256];
    const char *path = path_in("a.tt");
    ck_assert_msg(tt_save(a, path, why, sizeof why), "%s", why);
    uint64_t count;
    ck_assert_msg(tt_load(big, path, &count, why, sizeof why), "%s", why);
    assert_same_entries(a, big, keys, N);
    /* a smaller table keeps what its buckets hold, each entry as stored */
    ck_assert_msg(tt_load(tiny, path, &count, why, sizeof why), "%s", why);
    ck_assert_uint_eq(count, tt_used(a));
    ck_assert_uint_eq(tt_used(tiny), tt_capacity(tiny));
    for (int i = 0; i < N; i++) {
        tt_data_t x, y;
        if (tt_lookup(tiny, keys[i], &y)) {
            ck_assert(tt_lookup(a, keys[i], &x));
            ck_assert_uint_eq(x.work, y.work);
            ck_assert_uint_eq(x.phi, y.phi);
        }
    }
    tt_free(a);
    tt_free(big);
    tt_free(tiny);
    free(keys);
    scratch_remove();
}
END_TEST

/* The stream form inside a file of the caller's: its header, the table,
 * its trailer. */
START_TEST(tt_stream_inside_a_file)
{
    scratch_make();
    enum { N = 500 };
    uint64_t keys[N];
    tt_t *a = tt_new(1u << 20), *b = tt_new(1u << 20);
    fill_random(a, keys, N, 31);
    char why[256];
    FILE *f = fopen(path_in("c.bin"), "wb");
    ck_assert_ptr_nonnull(f);
    fputs("my header\n", f);
    ck_assert_msg(tt_write(a, f, why, sizeof why), "%s", why);
    fputs("my trailer\n", f);
    fclose(f);
    f = fopen(path_in("c.bin"), "rb");
    char line[64];
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "my header\n");
    uint64_t count;
    ck_assert_msg(tt_read(b, f, &count, why, sizeof why), "%s", why);
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "my trailer\n");
    fclose(f);
    assert_same_entries(a, b, keys, N);
    /* tt_load wants the table alone; refused by its header, b stays */
    ck_assert(!tt_load(b, path_in("c.bin"), &count, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "not a hein table"));
    ck_assert_uint_eq(tt_used(b), tt_used(a));
    tt_free(a);
    tt_free(b);
    scratch_remove();
}
END_TEST

/* Write bytes to a file of the scratch folder. */
static void
write_bytes(const char *name, const void *data, size_t n)
{
    FILE *f = fopen(path_in(name), "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

/* The bytes of a saved table. */
static unsigned char *
read_bytes(const char *name, size_t *n)
{
    FILE *f = fopen(path_in(name), "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    *n = (size_t)ftell(f);
    rewind(f);
    unsigned char *b = malloc(*n);
    ck_assert_uint_eq(fread(b, 1, *n, f), *n);
    fclose(f);
    return b;
}

/* Loading `name` into a table holding 10 entries fails with `reason` in
 * the message and leaves the table as it was (a fault in the header) or
 * empty (in the entries: `emptied`). */
static void
assert_refused_as(const char *name, const char *reason, bool emptied)
{
    tt_t *b = tt_new(1u << 20);
    uint64_t keys[10], count = 99;
    fill_random(b, keys, 10, 41);
    char why[256] = "";
    ck_assert_msg(!tt_load(b, path_in(name), &count, why, sizeof why), "%s loaded", name);
    ck_assert_msg(strstr(why, reason) != NULL, "%s: '%s' lacks '%s'", name, why, reason);
    ck_assert_uint_eq(tt_used(b), emptied ? 0 : 10);
    ck_assert_uint_eq(count, 0);
    tt_free(b);
}

static void
assert_refused(const char *name, const char *reason)
{
    assert_refused_as(name, reason, false);
}

START_TEST(tt_refuses_bad_files)
{
    scratch_make();
    enum { N = 200 };
    uint64_t keys[N];
    tt_t *a = tt_new(1u << 20);
    fill_random(a, keys, N, 51);
    char why[256];
    ck_assert_msg(tt_save(a, path_in("good.tt"), why, sizeof why), "%s", why);
    size_t n;
    unsigned char *good = read_bytes("good.tt", &n);
    ck_assert_uint_eq(n, 48 + 26 * tt_used(a));

    write_bytes("empty.tt", "", 0);
    assert_refused("empty.tt", "shorter than a table's header");
    write_bytes("text.tt", "(;FF[4]GM[11]SZ[5];B[c3])\n and more text to pass 48 bytes\n", 58);
    assert_refused("text.tt", "not a hein table");
    ck_assert(!tt_load(a, path_in("missing.tt"), NULL, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "cannot read"));
    tt_free(a);
    a = tt_new(1u << 20);

    write_bytes("cut.tt", good, n - 30);        /* cut in the entries */
    assert_refused_as("cut.tt", "truncated", true);
    write_bytes("cut-header.tt", good, 40);
    assert_refused("cut-header.tt", "shorter than a table's header");

    unsigned char *bad = malloc(n + 1);
    memcpy(bad, good, n);
    bad[8] = 2;                                 /* version 2 */
    write_bytes("v2.tt", bad, n);
    assert_refused("v2.tt", "format version 2");

    memcpy(bad, good, n);
    bad[16] ^= 4;                               /* the count */
    write_bytes("count.tt", bad, n);
    assert_refused("count.tt", "header's checksum");

    memcpy(bad, good, n);
    bad[48 + 26 * 7 + 17] ^= 1;                 /* one entry's phi */
    write_bytes("flip.tt", bad, n);
    assert_refused_as("flip.tt", "checksum", true);

    memcpy(bad, good, n);
    bad[n] = 0;
    write_bytes("long.tt", bad, n + 1);
    assert_refused_as("long.tt", "bytes follow", true);

    /* the good file still loads */
    uint64_t count;
    ck_assert_msg(tt_load(a, path_in("good.tt"), &count, why, sizeof why), "%s", why);
    ck_assert_uint_eq(count, N);
    free(bad);
    free(good);
    tt_free(a);
    scratch_remove();
}
END_TEST

/* A save that cannot be written leaves the old file as it was. */
START_TEST(tt_failed_save_keeps_the_old_file)
{
    scratch_make();
    uint64_t keys[20];
    tt_t *a = tt_new(1u << 20);
    fill_random(a, keys, 20, 61);
    char why[256];
    ck_assert(!tt_save(a, path_in("no-such-folder/x.tt"), why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "cannot save the table"));
    ck_assert_int_eq(scratch_files(), 0);
    tt_free(a);
    scratch_remove();
}
END_TEST

/* A proof solved in one table, saved and read into a fresh one, checks
 * whole there, and the solver finds the result there at once. */
START_TEST(tt_proof_survives_a_round_trip)
{
    scratch_make();
    char err[512];
    pattern_set_t *patterns = pattern_set_load_ice(err, sizeof err);
    ck_assert_msg(patterns != NULL, "%s", err);
    vc_templates_t *templates = vc_templates_load_default(err, sizeof err);
    ck_assert_msg(templates != NULL, "%s", err);
    ice_params_t ice;
    vc_params_t vc;
    ice_params_init(&ice);
    vc_params_default(&vc);
    vc.path_builds = false;     /* expansions a function of the position:
                                 * what the proof checker re-derives */
    kn_config_t cfg = { 0 };
    cfg.ice_patterns = patterns;
    cfg.ice_params = &ice;
    cfg.vc_templates = templates;
    cfg.vc_params = &vc;
    cfg.order = KN_ORDER_CENTRE;

    geometry_t *geo = geometry_new(6, 6);
    position_t p;
    position_init(&p, geo);
    position_play(&p, HEX_BLACK, geometry_cell(geo, 2, 2));     /* c3 */
    dfpn_params_t prm;
    dfpn_params_default(&prm);
    stop_t stop = stop_make(NULL, 0);
    tt_t *a = tt_new(4u << 20), *b = tt_new(4u << 20);
    dfpn_t *s = dfpn_new(a, &cfg);
    dfpn_result_t r;
    dfpn_solve(s, &p, HEX_WHITE, &prm, &stop, &r);
    ck_assert_int_eq(r.winner, HEX_BLACK);      /* c3 wins on 6x6 */
    ck_assert_uint_gt(r.stats.work, 10);
    ck_assert_msg(tt_save(a, path_in("p.tt"), err, sizeof err), "%s", err);
    ck_assert_msg(tt_load(b, path_in("p.tt"), NULL, err, sizeof err), "%s", err);
    dfpn_t *t = dfpn_new(b, &cfg);
    uint64_t nodes = 0;
    ck_assert_msg(dfpn_check_proof(t, &p, HEX_WHITE, HEX_BLACK, &nodes, err, sizeof err),
                  "%s", err);
    ck_assert_uint_gt(nodes, 1);
    dfpn_result_t again;
    dfpn_solve(t, &p, HEX_WHITE, &prm, &stop, &again);
    ck_assert_int_eq(again.winner, HEX_BLACK);
    ck_assert_int_eq(again.best, r.best);
    ck_assert_uint_le(again.stats.work, 1);
    dfpn_free(s);
    dfpn_free(t);
    tt_free(a);
    tt_free(b);
    position_free(&p);
    geometry_unref(geo);
    pattern_set_free(patterns);
    vc_templates_free(templates);
    scratch_remove();
}
END_TEST

static Suite *
tt_suite(void)
{
    Suite *su = suite_create("tt");
    TCase *tc = tcase_create("persistence");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, tt_round_trip_keeps_every_entry);
    tcase_add_test(tc, tt_loads_into_another_size);
    tcase_add_test(tc, tt_stream_inside_a_file);
    tcase_add_test(tc, tt_refuses_bad_files);
    tcase_add_test(tc, tt_failed_save_keeps_the_old_file);
    tcase_add_test(tc, tt_proof_survives_a_round_trip);
    suite_add_tcase(su, tc);
    return su;
}

int
main(void)
{
    SRunner *sr = srunner_create(tt_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
