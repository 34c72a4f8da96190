/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the generic transposition table (search/table.h) with a
 * payload of its own, as the SCNS player uses it: entries copied in and
 * out whole, their work, the final rule, least-work replacement, the
 * entry size, clearing.  The solvers' layer over it (tt.h) is tested in
 * test_dfpn.c. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "search/table.h"

/* A payload larger than a cache line, with a final flag. */
typedef struct big {
    int32_t values[70];
    bool done;
} big_t;

static bool
big_final(const void *payload)
{
    return ((const big_t *)payload)->done;
}

static big_t
big_make(int32_t seed, bool done)
{
    big_t b;
    memset(&b, 0, sizeof b);
    for (int i = 0; i < 70; i++)
        b.values[i] = seed * 1000 + i;
    b.done = done;
    return b;
}

START_TEST(table_copies_payloads_whole)
{
    table_t *t = table_new(1 << 20, sizeof(big_t), big_final);
    ck_assert_ptr_nonnull(t);
    /* 16 bytes of key and work plus the payload, rounded up to 8 */
    size_t stride = (16 + sizeof(big_t) + 7) / 8 * 8;
    ck_assert_uint_eq(table_bytes(t), table_capacity(t) * stride);
    ck_assert_uint_le(table_bytes(t), 1 << 20);
    ck_assert_uint_gt(2 * table_bytes(t), 1 << 20);
    big_t in = big_make(7, false), out;
    uint64_t work = 0;
    ck_assert(!table_lookup(t, 4242, &out, &work));
    table_store(t, 4242, &in, 99);
    ck_assert(table_lookup(t, 4242, &out, &work));
    ck_assert_int_eq(memcmp(&in, &out, sizeof in), 0);
    ck_assert_uint_eq(work, 99);
    ck_assert(table_lookup(t, 4242, &out, NULL));
    ck_assert_uint_eq(table_used(t), 1);
    /* a second store for the key replaces it in place */
    big_t again = big_make(8, false);
    table_store(t, 4242, &again, 100);
    ck_assert(table_lookup(t, 4242, &out, &work));
    ck_assert_int_eq(out.values[69], 8069);
    ck_assert_uint_eq(work, 100);
    ck_assert_uint_eq(table_used(t), 1);
    table_clear(t);
    ck_assert(!table_lookup(t, 4242, &out, &work));
    ck_assert_uint_eq(table_used(t), 0);
    table_free(t);
}
END_TEST

START_TEST(table_keeps_final_entries)
{
    table_t *t = table_new(1 << 16, sizeof(big_t), big_final);
    big_t done = big_make(1, true), open = big_make(2, false), done2 = big_make(3, true), out;
    table_store(t, 777, &done, 5);
    table_store(t, 777, &open, 50);
    ck_assert(table_lookup(t, 777, &out, NULL));
    ck_assert(out.done);
    ck_assert_int_eq(out.values[0], 1000);
    /* a final payload still replaces a final one */
    table_store(t, 777, &done2, 6);
    ck_assert(table_lookup(t, 777, &out, NULL));
    ck_assert_int_eq(out.values[0], 3000);
    table_free(t);
    /* without a final predicate the last write wins */
    t = table_new(1 << 16, sizeof(big_t), NULL);
    table_store(t, 777, &done, 5);
    table_store(t, 777, &open, 50);
    ck_assert(table_lookup(t, 777, &out, NULL));
    ck_assert(!out.done);
    table_free(t);
}
END_TEST

START_TEST(table_replaces_least_work)
{
    /* one bucket: keys that differ only above bit 20 share it */
    table_t *t = table_new(1, sizeof(big_t), NULL);
    ck_assert_uint_eq(table_capacity(t), TABLE_WAYS);
    for (int i = 0; i < TABLE_WAYS; i++) {
        big_t b = big_make(i, false);
        table_store(t, (uint64_t)(i + 1) << 32, &b, (uint64_t)(10 + (i + 2) % TABLE_WAYS));
    }
    ck_assert_uint_eq(table_used(t), TABLE_WAYS);
    /* the least work is key 3's (i = 2: work 10) */
    big_t b = big_make(9, false), out;
    table_store(t, UINT64_C(99) << 32, &b, 1);
    ck_assert(table_lookup(t, UINT64_C(99) << 32, &out, NULL));
    ck_assert_int_eq(out.values[0], 9000);
    ck_assert(!table_lookup(t, UINT64_C(3) << 32, &out, NULL));
    for (int i = 0; i < TABLE_WAYS; i++)
        if (i != 2)
            ck_assert(table_lookup(t, (uint64_t)(i + 1) << 32, &out, NULL));
    ck_assert_uint_eq(table_used(t), TABLE_WAYS);
    table_free(t);
}
END_TEST

static Suite *
table_suite(void)
{
    Suite *su = suite_create("table");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, table_copies_payloads_whole);
    tcase_add_test(tc, table_keeps_final_entries);
    tcase_add_test(tc, table_replaces_least_work);
    suite_add_tcase(su, tc);
    return su;
}

int
main(void)
{
    SRunner *sr = srunner_create(table_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
