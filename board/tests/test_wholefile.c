/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of writing a file whole (board/wholefile.h): a new file, a
 * file replaced, a failing fill and a missing folder leaving the target
 * as it was and no temporary file behind. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/wholefile.h"

/* A fresh folder under /tmp (removed by cleanup). */
static char dir[64];

static void
setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/hein-wholefile-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void
cleanup(void)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char p[512];
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    rmdir(dir);
}

/* The whole contents of path ("" when it cannot be read). */
static const char *
contents(const char *path)
{
    static char buf[256];
    buf[0] = '\0';
    FILE *f = fopen(path, "rb");
    if (f) {
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        buf[n] = '\0';
        fclose(f);
    }
    return buf;
}

static int
files_in_dir(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

static bool
fill_hello(FILE *f, void *arg, char *why, size_t whylen)
{
    (void)why;
    (void)whylen;
    return fputs((const char *)arg, f) >= 0;
}

static bool
fill_fails(FILE *f, void *arg, char *why, size_t whylen)
{
    (void)arg;
    fputs("half", f);
    snprintf(why, whylen, "the fill gave up");
    return false;
}

START_TEST(writes_and_replaces)
{
    char path[128], why[128], first[] = "first";
    snprintf(path, sizeof path, "%s/out", dir);
    ck_assert(wholefile_write(path, fill_hello, first, why, sizeof why));
    ck_assert_str_eq(contents(path), "first");
    ck_assert(wholefile_write_bytes(path, "second\0x", 8, why, sizeof why));
    FILE *f = fopen(path, "rb");
    char buf[16];
    ck_assert_uint_eq(fread(buf, 1, sizeof buf, f), 8);
    fclose(f);
    ck_assert_mem_eq(buf, "second\0x", 8);
    ck_assert(wholefile_write_bytes(path, "", 0, why, sizeof why));
    ck_assert_str_eq(contents(path), "");
    ck_assert_int_eq(files_in_dir(), 1);        /* no temporary file left */
}
END_TEST

START_TEST(failure_leaves_the_target)
{
    char path[128], why[128], kept[] = "kept";
    snprintf(path, sizeof path, "%s/out", dir);
    ck_assert(wholefile_write(path, fill_hello, kept, why, sizeof why));
    ck_assert(!wholefile_write(path, fill_fails, NULL, why, sizeof why));
    ck_assert_str_eq(why, "the fill gave up");
    ck_assert_str_eq(contents(path), "kept");
    ck_assert_int_eq(files_in_dir(), 1);
    snprintf(path, sizeof path, "%s/no/such/out", dir);
    ck_assert(!wholefile_write(path, fill_hello, kept, why, sizeof why));
    ck_assert_ptr_nonnull(strstr(why, "No such file"));
    ck_assert_int_eq(files_in_dir(), 1);
}
END_TEST

/* Reading: what was written, binary zeros and all, with a NUL after it;
 * a file bigger than the first buffer; an empty one; a missing file and
 * a folder give their reasons. */
START_TEST(reads_whole_files)
{
    char path[128], why[128];
    size_t len = 99;
    snprintf(path, sizeof path, "%s/in", dir);
    ck_assert(wholefile_write_bytes(path, "ab\0cd", 5, why, sizeof why));
    char *got = wholefile_read(path, &len, why, sizeof why);
    ck_assert_ptr_nonnull(got);
    ck_assert_uint_eq(len, 5);
    ck_assert_mem_eq(got, "ab\0cd", 6);
    free(got);
    size_t big = 200000;
    char *data = malloc(big);
    for (size_t i = 0; i < big; i++)
        data[i] = (char)(i * 7 + 1);
    ck_assert(wholefile_write_bytes(path, data, big, why, sizeof why));
    got = wholefile_read(path, &len, why, sizeof why);
    ck_assert_uint_eq(len, big);
    ck_assert_mem_eq(got, data, big);
    ck_assert_int_eq(got[big], 0);
    free(got);
    free(data);
    ck_assert(wholefile_write_bytes(path, "", 0, why, sizeof why));
    got = wholefile_read(path, &len, why, sizeof why);
    ck_assert_uint_eq(len, 0);
    ck_assert_str_eq(got, "");
    free(got);
    snprintf(path, sizeof path, "%s/none", dir);
    ck_assert_ptr_null(wholefile_read(path, &len, why, sizeof why));
    ck_assert_str_eq(why, "cannot open: No such file or directory");
    ck_assert_ptr_null(wholefile_read(dir, &len, why, sizeof why));
    ck_assert_str_eq(why, "read error");
}
END_TEST

static Suite *
wholefile_suite(void)
{
    Suite *s = suite_create("wholefile");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, cleanup);
    tcase_add_test(tc, writes_and_replaces);
    tcase_add_test(tc, failure_leaves_the_target);
    tcase_add_test(tc, reads_whole_files);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(wholefile_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
