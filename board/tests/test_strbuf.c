/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the growable string (board/strbuf.h): the empty buffer,
 * every kind of append (strbuf_vaddf through a variadic helper) across many reallocations, embedded NULs, clear
 * and free, and the out-of-memory state (a request too large to hold). */
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/strbuf.h"

START_TEST(strbuf_empty_reads_empty)
{
    strbuf_t b = { 0 };
    ck_assert_ptr_null(b.s);
    ck_assert_str_eq(strbuf_str(&b), "");
    ck_assert_uint_eq(b.len, 0);
    strbuf_clear(&b);
    ck_assert_str_eq(strbuf_str(&b), "");
    strbuf_free(&b);
    strbuf_add(&b, "");
    ck_assert_ptr_nonnull(b.s);
    ck_assert_str_eq(b.s, "");
    ck_assert(!b.oom);
    strbuf_free(&b);
    ck_assert_ptr_null(b.s);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_uint_eq(b.cap, 0);
}
END_TEST

static void
vaddf(strbuf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(b, fmt, ap);
    va_end(ap);
}

START_TEST(strbuf_appends)
{
    strbuf_t b = { 0 };
    strbuf_add(&b, "ab");
    strbuf_addc(&b, 'c');
    strbuf_addn(&b, "defgh", 2);
    strbuf_addf(&b, "[%d %s %.1f]", 42, "x", 0.5);
    vaddf(&b, " %s %03d", "move", 7);
    ck_assert_str_eq(strbuf_str(&b), "abcde[42 x 0.5] move 007");
    ck_assert_uint_eq(b.len, strlen("abcde[42 x 0.5] move 007"));
    ck_assert(b.cap > b.len);
    ck_assert(!b.oom);
    strbuf_free(&b);
}
END_TEST

/* Thousands of pieces, printf-style ones longer than any first
 * allocation: the text is exactly the pieces in order. */
START_TEST(strbuf_grows)
{
    strbuf_t b = { 0 };
    char *want = malloc(200000);
    ck_assert_ptr_nonnull(want);
    size_t n = 0;
    for (int i = 0; i < 5000; i++) {
        strbuf_addf(&b, "%d,", i);
        n += (size_t)sprintf(want + n, "%d,", i);
        strbuf_addc(&b, 'x');
        want[n++] = 'x';
        want[n] = '\0';
    }
    char big[1000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    strbuf_addf(&b, "%s", big);
    strcpy(want + n, big);
    n += sizeof big - 1;
    ck_assert_uint_eq(b.len, n);
    ck_assert_str_eq(strbuf_str(&b), want);
    ck_assert(!b.oom);
    free(want);
    strbuf_free(&b);
}
END_TEST

START_TEST(strbuf_keeps_nul_bytes)
{
    strbuf_t b = { 0 };
    strbuf_addn(&b, "a\0b", 3);
    strbuf_addc(&b, '\0');
    ck_assert_uint_eq(b.len, 4);
    ck_assert(memcmp(b.s, "a\0b\0", 5) == 0);
    strbuf_free(&b);
}
END_TEST

/* clear empties the text and keeps the memory. */
START_TEST(strbuf_clear_keeps_memory)
{
    strbuf_t b = { 0 };
    strbuf_add(&b, "some text");
    char *s = b.s;
    size_t cap = b.cap;
    strbuf_clear(&b);
    ck_assert_uint_eq(b.len, 0);
    ck_assert_str_eq(strbuf_str(&b), "");
    ck_assert_ptr_eq(b.s, s);
    ck_assert_uint_eq(b.cap, cap);
    strbuf_add(&b, "new");
    ck_assert_str_eq(strbuf_str(&b), "new");
    strbuf_free(&b);
}
END_TEST

/* A request that cannot be held sets oom and adds nothing; later appends
 * are ignored until clear, which makes the buffer usable again. */
START_TEST(strbuf_out_of_memory)
{
    strbuf_t b = { 0 };
    strbuf_add(&b, "kept");
    strbuf_addn(&b, "", SIZE_MAX / 2);
    ck_assert(b.oom);
    ck_assert_str_eq(strbuf_str(&b), "kept");
    strbuf_add(&b, "lost");
    strbuf_addc(&b, '!');
    strbuf_addf(&b, "%d", 1);
    ck_assert(b.oom);
    ck_assert_str_eq(strbuf_str(&b), "kept");
    ck_assert_uint_eq(b.len, 4);
    strbuf_clear(&b);
    ck_assert(!b.oom);
    strbuf_add(&b, "again");
    ck_assert_str_eq(strbuf_str(&b), "again");
    strbuf_free(&b);
    ck_assert(!b.oom);

    /* on the first append: still "" */
    strbuf_addn(&b, "", SIZE_MAX);
    ck_assert(b.oom);
    ck_assert_str_eq(strbuf_str(&b), "");
    strbuf_free(&b);
}
END_TEST

static Suite *
strbuf_suite(void)
{
    Suite *s = suite_create("strbuf");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, strbuf_empty_reads_empty);
    tcase_add_test(tc, strbuf_appends);
    tcase_add_test(tc, strbuf_grows);
    tcase_add_test(tc, strbuf_keeps_nul_bytes);
    tcase_add_test(tc, strbuf_clear_keeps_memory);
    tcase_add_test(tc, strbuf_out_of_memory);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(strbuf_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
