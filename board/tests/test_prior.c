/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the move prior (board/prior.h): the patterns of known
 * shapes, the board's symmetries (a half turn; White on the transposed
 * board with the colours swapped), the near classes, the table's text
 * format and its errors, and the shipped table. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/prior.h"
#include "board/rng.h"

static int
cell(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

/* How many times ch is in the pattern text t. */
static int
count(const char *t, char ch)
{
    int n = 0;
    for (; *t; t++)
        n += *t == ch;
    return n;
}

/* The codes of `name` for `mover` as text. */
static void
codes_text(const geometry_t *g, const bitset_t stones[2], const char *name, hex_color_t mover,
           char *ring, char *bridge)
{
    int r, b;
    prior_codes(g, stones, cell(g, name), mover, &r, &b, NULL);
    prior_code_text(r, 6, ring);
    prior_code_text(b, 6, bridge);
}

START_TEST(prior_patterns_of_known_shapes)
{
    geometry_t *g = geometry_new(5, 5);
    bitset_t st[2] = { bitset_empty(), bitset_empty() };
    char ring[7], bridge[7];
    /* The centre of the empty board: nothing around. */
    codes_text(g, st, "c3", HEX_BLACK, ring, bridge);
    ck_assert_str_eq(ring, "......");
    ck_assert_str_eq(bridge, "......");
    /* c1 on the top edge: (+1,-1) and (0,-1) are Black's edge (the ring's
     * cells 1 and 2); of ".oo..." and its half turn "....oo", the first
     * cell being the least digit, ".oo..." is the smaller code. */
    codes_text(g, st, "c1", HEX_BLACK, ring, bridge);
    ck_assert_str_eq(ring, ".oo...");
    /* For White the same edge is the opponent's. */
    codes_text(g, st, "c1", HEX_WHITE, ring, bridge);
    ck_assert_int_eq(count(ring, 'x'), 2);
    ck_assert_int_eq(count(ring, '.'), 4);
    /* A black stone at d3 next to c3: one 'o' in the ring for Black, one
     * 'x' for White. */
    bitset_set(&st[HEX_BLACK], cell(g, "d3"));
    codes_text(g, st, "c3", HEX_BLACK, ring, bridge);
    ck_assert_str_eq(ring, "o.....");
    ck_assert_str_eq(bridge, "......");
    codes_text(g, st, "c3", HEX_WHITE, ring, bridge);
    ck_assert_int_eq(count(ring, 'x'), 1);
    ck_assert_int_eq(count(ring, '.'), 5);
    /* A stone a bridge away: in the bridge pattern, not the ring. */
    bitset_clear(&st[HEX_BLACK]);
    bitset_set(&st[HEX_BLACK], cell(g, "d4"));
    codes_text(g, st, "c3", HEX_BLACK, ring, bridge);
    ck_assert_str_eq(ring, "......");
    ck_assert_int_eq(count(bridge, 'o'), 1);
    ck_assert_int_eq(count(bridge, '.'), 5);
    geometry_unref(g);
}
END_TEST

/* On random positions of a square board: every empty cell has the same
 * patterns after a half turn of the board, and White's patterns are
 * Black's on the transposed board with the colours swapped. */
START_TEST(prior_patterns_keep_the_symmetries)
{
    rng_t rng;
    rng_seed(&rng, 99);
    for (int k = 0; k < 200; k++) {
        int n = 2 + (int)rng_below(&rng, 8);
        geometry_t *g = geometry_new(n, n);
        bitset_t st[2] = { bitset_empty(), bitset_empty() };
        bitset_t turned[2] = { bitset_empty(), bitset_empty() };
        bitset_t trans[2] = { bitset_empty(), bitset_empty() };
        for (int c = 0; c < g->ncells; c++) {
            uint32_t x = rng_below(&rng, 3);
            if (x == 2)
                continue;
            int col = c % n, row = c / n;
            bitset_set(&st[x], c);
            bitset_set(&turned[x], (n - 1 - row) * n + (n - 1 - col));
            bitset_set(&trans[1 - x], col * n + row);
        }
        for (int c = 0; c < g->ncells; c++) {
            if (bitset_test(&st[0], c) || bitset_test(&st[1], c))
                continue;
            int col = c % n, row = c / n;
            for (int m = 0; m < 2; m++) {
                int r1, b1, j1, r2, b2, j2;
                prior_codes(g, st, c, (hex_color_t)m, &r1, &b1, &j1);
                prior_codes(g, turned, (n - 1 - row) * n + (n - 1 - col), (hex_color_t)m, &r2,
                            &b2, &j2);
                ck_assert_int_eq(r1, r2);
                ck_assert_int_eq(b1, b2);
                ck_assert_int_eq(j1, j2);
                prior_codes(g, trans, col * n + row, (hex_color_t)(1 - m), &r2, &b2, &j2);
                ck_assert_int_eq(r1, r2);
                ck_assert_int_eq(b1, b2);
                ck_assert_int_eq(j1, j2);
            }
        }
        geometry_unref(g);
    }
}
END_TEST

START_TEST(prior_table_text)
{
    char err[256];
    geometry_t *g = geometry_new(5, 5);
    bitset_t st[2] = { bitset_empty(), bitset_empty() };
    bitset_set(&st[HEX_BLACK], cell(g, "d3"));
    /* "...o.." is "o....." turned: the same pattern. */
    prior_t *p = prior_parse("# a comment\n\nring ...o.. 4  # taken 4 times\nbridge ...... 0.5\n",
                             "t", err, sizeof err);
    ck_assert_ptr_nonnull(p);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "c3"), HEX_BLACK, -1), 2.0, 1e-6);
    /* Unlisted: 1. */
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "a5"), HEX_WHITE, -1), 1.0, 1e-6);
    ck_assert_ptr_null(p->joint);
    prior_free(p);
    /* A joint pattern: c3's ring "o....." with its bridges "......", as
     * written or turned half round ("...o.." then "......"), multiplies
     * in; another joint pattern of the table does not touch c3. */
    p = prior_parse("ring ...o.. 4\njoint ...o........ 3\njoint o..........o 7\n", "t", err,
                    sizeof err);
    ck_assert_ptr_nonnull(p);
    ck_assert_ptr_nonnull(p->joint);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "c3"), HEX_BLACK, -1), 12.0, 1e-5);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "a5"), HEX_WHITE, -1), 1.0, 1e-6);
    int r, b, j;
    prior_codes(g, st, cell(g, "c3"), HEX_BLACK, &r, &b, &j);
    char jt[13];
    prior_code_text(j, 12, jt);
    ck_assert_str_eq(jt, "o...........");
    prior_free(p);
    const char *bad[] = { "ring ...o.. 0\n", "ring ...o.. -1\n", "ring ..o. 2\n",
        "ring ...a.. 2\n", "square ...... 2\n", "ring ...... 2 3\n", "ring ......\n",
        "ring ...... nan\n", "joint ...... 2\n", "ring ............ 2\n",
        "joint ...........x. 2\n", "joint ..........a. 2\n" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        char text[64];
        snprintf(text, sizeof text, "# ok\n%s", bad[i]);
        ck_assert_ptr_null(prior_parse(text, "t", err, sizeof err));
        ck_assert_msg(strncmp(err, "t:2: ", 5) == 0, "%s: %s", bad[i], err);
    }
    ck_assert_ptr_null(prior_load("/nonexistent/move-prior.txt", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/move-prior.txt"));
    geometry_unref(g);
}
END_TEST

/* The near classes around f6 on 11x11: each ring of cells at hex
 * distance d, the bridge cells apart from the cells two away in a line;
 * the class is symmetric and survives transposition (White's frame). */
START_TEST(prior_near_classes)
{
    geometry_t *g = geometry_new(11, 11);
    int f6 = cell(g, "f6");
    struct { const char *cell; int near; } want[] = {
        { "g6", 1 }, { "g5", 1 }, { "e7", 1 }, { "f5", 1 },
        { "g7", 2 }, { "h5", 2 }, { "g4", 2 }, { "e5", 2 }, { "d7", 2 }, { "e8", 2 },
        { "h6", 3 }, { "h4", 3 }, { "f4", 3 }, { "d6", 3 }, { "d8", 3 }, { "f8", 3 },
        { "i6", 4 }, { "f9", 4 }, { "g8", 4 }, { "j6", 5 }, { "k6", 6 }, { "f11", 6 },
        { "a6", 6 }, { "a11", 6 }, { "k1", 6 }, { "a1", 0 }, { "b2", 0 },
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        int c = cell(g, want[i].cell);
        ck_assert_msg(prior_near_code(g, c, f6) == want[i].near, "%s: %d, not %d",
                      want[i].cell, prior_near_code(g, c, f6), want[i].near);
        ck_assert_int_eq(prior_near_code(g, f6, c), want[i].near);
        int tc = (c % 11) * 11 + c / 11;
        ck_assert_int_eq(prior_near_code(g, tc, f6), want[i].near);
    }
    /* no last move, or not a cell (a swap) */
    ck_assert_int_eq(prior_near_code(g, f6, -1), 0);
    ck_assert_int_eq(prior_near_code(g, f6, MOVE_SWAP), 0);
    /* the table's near lines multiply in; other lines of it do not */
    char err[256];
    bitset_t st[2] = { bitset_empty(), bitset_empty() };
    prior_t *p = prior_parse("near 1 5\nnear 0 0.25\nnear 6 3\n", "t", err, sizeof err);
    ck_assert_msg(p != NULL, "%s", err);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "g6"), HEX_BLACK, f6), 5.0, 1e-6);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "g6"), HEX_WHITE, f6), 5.0, 1e-6);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "g7"), HEX_BLACK, f6), 1.0, 1e-6);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "a1"), HEX_BLACK, f6), 0.25, 1e-6);
    ck_assert_double_eq_tol(prior_gamma(p, g, st, cell(g, "g6"), HEX_BLACK, -1), 0.25, 1e-6);
    prior_free(p);
    const char *bad[] = { "near 7 2\n", "near -1 2\n", "near 11 2\n", "near x 2\n",
        "near 1 0\n", "near 1\n" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        ck_assert_ptr_null(prior_parse(bad[i], "t", err, sizeof err));
        ck_assert_msg(strncmp(err, "t:1: ", 5) == 0, "%s: %s", bad[i], err);
    }
    geometry_unref(g);
}
END_TEST

/* The shipped table (share/patterns, HEIN_PATTERNS) loads, and gives a
 * positive, finite prior. */
START_TEST(prior_shipped_table_loads)
{
    char err[256];
    prior_t *p = prior_load_default(err, sizeof err);
    ck_assert_msg(p != NULL, "%s", err);
    geometry_t *g = geometry_new(11, 11);
    bitset_t st[2] = { bitset_empty(), bitset_empty() };
    double lone = prior_gamma(p, g, st, cell(g, "f6"), HEX_BLACK, -1);
    ck_assert(lone > 0 && lone < 1e6);
    prior_free(p);
    geometry_unref(g);
}
END_TEST

static Suite *
prior_suite(void)
{
    Suite *s = suite_create("prior");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, prior_patterns_of_known_shapes);
    tcase_add_test(tc, prior_patterns_keep_the_symmetries);
    tcase_add_test(tc, prior_table_text);
    tcase_add_test(tc, prior_near_classes);
    tcase_add_test(tc, prior_shipped_table_loads);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(prior_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
