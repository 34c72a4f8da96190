/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the random playouts (board/playout.h): who wins a
 * decided board, the bridge answers, the counts' invariants and the
 * seed. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/playout.h"

#define GAMES 2000

static geometry_t *geo;
static playout_t *pw;
static playout_stats_t st;
static bitset_t stones[2];

/* A W x H board with the stones of "b:a1 c2 w:b3 ..." in stones[]. */
static void
setup(int w, int h, const char *text)
{
    geo = geometry_new(w, h);
    ck_assert_ptr_nonnull(geo);
    pw = playout_new();
    ck_assert_ptr_nonnull(pw);
    bitset_clear(&stones[0]);
    bitset_clear(&stones[1]);
    char buf[256];
    strcpy(buf, text);
    int c = HEX_BLACK;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (t[1] == ':') {
            c = t[0] == 'b' ? HEX_BLACK : HEX_WHITE;
            t += 2;
        }
        int m;
        ck_assert_int_eq(geometry_parse_move(geo, t, &m), MOVE_PARSE_OK);
        bitset_set(&stones[c], m);
    }
}

static void
teardown(void)
{
    playout_free(pw);
    geometry_unref(geo);
}

/* Black's chain a1 .. c5 needs one cell of each of its two bridges
 * (b1/a2 and c2/b3); White, who holds the rest, wins with both cells of
 * either.  Black answering every intrusion never loses; without the
 * answers White, moving first, sometimes takes a whole bridge. */
#define TWO_BRIDGES "b:a1 b2 c3 c4 c5 w:c1 a3 a4 b4 a5 b5"

START_TEST(playout_bridge_answers_keep_the_chain)
{
    setup(3, 5, TWO_BRIDGES);
    playout_run(pw, geo, stones, HEX_WHITE, GAMES, true, 1, &st);
    ck_assert_int_eq(st.games, GAMES);
    ck_assert_int_eq(st.wins, 0);
    playout_run(pw, geo, stones, HEX_WHITE, GAMES, false, 1, &st);
    ck_assert_int_eq(st.games, GAMES);
    /* White wins when its first two stones make a bridge's pair, or its
     * first stone and its second do after Black missed: 1/3 of the games
     * by counting, well away from 0 and GAMES. */
    ck_assert_int_gt(st.wins, GAMES / 5);
    ck_assert_int_lt(st.wins, GAMES / 2);
    teardown();
}
END_TEST

START_TEST(playout_decided_board_has_one_winner)
{
    /* Black's column b is complete: every game is Black's. */
    setup(3, 3, "b:b1 b2 b3");
    playout_run(pw, geo, stones, HEX_BLACK, 100, true, 7, &st);
    ck_assert_int_eq(st.wins, 100);
    playout_run(pw, geo, stones, HEX_WHITE, 100, true, 7, &st);
    ck_assert_int_eq(st.wins, 0);
    for (int i = 0; i < geo->ncells; i++)
        ck_assert_int_eq(st.held_wins[i], 0);
    teardown();
    /* 1x1: the mover takes the cell and connects either way. */
    setup(1, 1, "");
    for (int c = 0; c < 2; c++) {
        playout_run(pw, geo, stones, (hex_color_t)c, 10, true, 3, &st);
        ck_assert_int_eq(st.wins, 10);
        ck_assert_int_eq(st.held[0], 10);
    }
    teardown();
}
END_TEST

START_TEST(playout_counts_and_seed)
{
    setup(7, 7, "b:d4 c5 w:e3");
    int nempty = 49 - 3;
    playout_run(pw, geo, stones, HEX_WHITE, GAMES, true, 42, &st);
    playout_stats_t again;
    playout_run(pw, geo, stones, HEX_WHITE, GAMES, true, 42, &again);
    ck_assert_int_eq(memcmp(&st, &again, sizeof st), 0);
    long held = 0;
    for (int i = 0; i < geo->ncells; i++) {
        ck_assert_int_le(st.held_wins[i], st.held[i]);
        ck_assert_int_le(st.held[i], GAMES);
        held += st.held[i];
        if (bitset_test(&stones[0], i) || bitset_test(&stones[1], i))
            ck_assert_int_eq(st.held[i], 0);
    }
    /* The mover plays every other empty cell, answers included. */
    ck_assert_int_eq(held, (long)GAMES * ((nempty + 1) / 2));
    ck_assert_int_le(st.wins, GAMES);
    /* Black, a stone up in the centre, wins most games. */
    ck_assert_int_lt(st.wins, GAMES / 2);
    playout_run(pw, geo, stones, HEX_WHITE, GAMES, true, 43, &again);
    ck_assert_int_ne(memcmp(&st, &again, sizeof st), 0);
    /* No empty cell: no game. */
    teardown();
    setup(2, 2, "b:a1 b2 w:b1 a2");
    playout_run(pw, geo, stones, HEX_BLACK, GAMES, true, 1, &st);
    ck_assert_int_eq(st.games, 0);
    teardown();
}
END_TEST

static Suite *
playout_suite(void)
{
    Suite *s = suite_create("playout");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, playout_bridge_answers_keep_the_chain);
    tcase_add_test(tc, playout_decided_board_has_one_winner);
    tcase_add_test(tc, playout_counts_and_seed);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(playout_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
