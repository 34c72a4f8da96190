/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for engine/review: losses by the rules of review.h,
 * turning points on synthetic games (proven results and search values
 * made up for the test), Black's value for plots, the comments, and
 * review_position on small boards with the engine's player and solver. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/review.h"
#include "engine/sgf.h"

#define P REVIEW_VALUE_PROVEN

/* A reviewed open position: `to_move`, its search's best value, the
 * played move and its value. */
static review_position_t
open_pos(hex_color_t to_move, int32_t best, int played, int32_t played_value)
{
    review_position_t p = {
        .reviewed = true, .to_move = to_move, .played = played, .over = HEX_EMPTY,
        .searched = true, .best = 0, .best_value = best, .played_valued = true,
        .played_value = played_value, .winner = HEX_EMPTY, .winning_move = MOVE_NONE,
    };
    return p;
}

/* The same, proven won by `winner`. */
static review_position_t
proven_pos(hex_color_t to_move, hex_color_t winner, int played)
{
    review_position_t p = open_pos(to_move, winner == to_move ? PLAYER_VALUE_WIN
                                   : PLAYER_VALUE_LOSS, played, 0);
    p.winner = winner;
    p.winning_move = winner == to_move ? 1 : MOVE_NONE;
    return p;
}

/* The cell named `name` on g's board. */
static int
cell(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

/* p's played and best moves with their values, and a winning move. */
static void
moves_of(review_position_t *p, int played, int best, int32_t best_value, int32_t played_value,
         int winning_move)
{
    p->played = played;
    p->best = best;
    p->best_value = best_value;
    p->played_value = played_value;
    p->winning_move = winning_move;
}

static hex_color_t
other(hex_color_t c)
{
    return hex_color_other(c);
}

/* ---- losses ------------------------------------------------------------- */

START_TEST(loss_compares_search_values_clipped_and_never_below_zero)
{
    review_position_t b = open_pos(HEX_BLACK, 120, 5, 20), a = open_pos(HEX_WHITE, 0, 6, 0);
    int32_t loss;
    ck_assert(review_loss(&b, &a, &loss));
    ck_assert_int_eq(loss, 100);
    b.played_value = 300;       /* better than hein's move */
    ck_assert(review_loss(&b, &a, &loss));
    ck_assert_int_eq(loss, 0);
    b.best_value = 5000;        /* clipped to P */
    b.played_value = -5000;
    ck_assert(review_loss(&b, NULL, &loss));
    ck_assert_int_eq(loss, 2 * P);
    b.best_value = PLAYER_VALUE_WIN;    /* the search proved its move */
    b.played_value = 0;
    ck_assert(review_loss(&b, NULL, &loss));
    ck_assert_int_eq(loss, P);
    b.played_valued = false;    /* no value for the played move */
    ck_assert(!review_loss(&b, NULL, &loss));
    b = open_pos(HEX_BLACK, 0, MOVE_NONE, 0);   /* no move played */
    ck_assert(!review_loss(&b, NULL, &loss));
    b = open_pos(HEX_BLACK, 0, 5, 0);
    b.reviewed = false;
    ck_assert(!review_loss(&b, NULL, &loss));
}
END_TEST

START_TEST(loss_from_proven_results)
{
    int32_t loss;
    for (hex_color_t c = HEX_BLACK; c <= HEX_WHITE; c++) {
        /* lost before: nothing to lose, whatever the values */
        review_position_t b = proven_pos(c, other(c), 5);
        b.best_value = 300;
        b.played_value = -300;
        ck_assert(review_loss(&b, NULL, &loss));
        ck_assert_int_eq(loss, 0);
        /* won before and after: kept */
        b = proven_pos(c, c, 5);
        b.played_value = -300;
        review_position_t a = proven_pos(other(c), c, 6);
        ck_assert(review_loss(&b, &a, &loss));
        ck_assert_int_eq(loss, 0);
        /* won before, lost after: given away */
        a = proven_pos(other(c), other(c), 6);
        ck_assert(review_loss(&b, &a, &loss));
        ck_assert_int_eq(loss, 2 * P);
        /* won before, open after: the search's values */
        a = open_pos(other(c), 0, 6, 0);
        b.best_value = 250;
        b.played_value = 50;
        ck_assert(review_loss(&b, &a, &loss));
        ck_assert_int_eq(loss, 200);
        /* open before, proven after: the search's values too */
        b = open_pos(c, 100, 5, -40);
        a = proven_pos(other(c), other(c), 6);
        ck_assert(review_loss(&b, &a, &loss));
        ck_assert_int_eq(loss, 140);
        /* a game over after the move counts as proven */
        b = proven_pos(c, c, 5);
        a = (review_position_t){ .reviewed = true, .to_move = other(c), .over = c,
                                 .winner = HEX_EMPTY, .best = MOVE_NONE };
        ck_assert(review_loss(&b, &a, &loss));
        ck_assert_int_eq(loss, 0);
    }
}
END_TEST

/* After a swap the swapper plays Black: from White's proven win the swap
 * gives it away (the position after is White's to win, and the swapper
 * is Black now); from White's proven loss it is no "no move wins". */
START_TEST(loss_of_a_swap_is_counted_for_the_side_it_hands_over)
{
    int32_t loss;
    review_position_t b = proven_pos(HEX_WHITE, HEX_WHITE, MOVE_SWAP);
    review_position_t a = proven_pos(HEX_WHITE, HEX_WHITE, 7);
    ck_assert_int_eq(review_side_after(&b), HEX_BLACK);
    ck_assert(review_loss(&b, &a, &loss));
    ck_assert_int_eq(loss, 2 * P);
    b = proven_pos(HEX_WHITE, HEX_BLACK, MOVE_SWAP);
    b.played_value = PLAYER_VALUE_WIN;  /* Black's, after the swap */
    a = proven_pos(HEX_WHITE, HEX_BLACK, 7);
    ck_assert(review_loss(&b, &a, &loss));
    ck_assert_int_eq(loss, 0);
    b.played_value = -200;      /* as if the search thought little of it */
    b.best_value = 100;
    ck_assert(review_loss(&b, &a, &loss));
    ck_assert_int_eq(loss, 300);
}
END_TEST

/* ---- marks -------------------------------------------------------------- */

/* The 7x7 game of tools/review/tests/review-data: Black's first move
 * gives the win away, White's second decides the game, White's fourth
 * gives it back, Black wins; 11 moves, White resigns. */
static void
seven_by_seven(review_position_t pos[12])
{
    static const char winners[] = "BWWWBBBBBBBB";
    for (int k = 0; k <= 11; k++) {
        hex_color_t to_move = k % 2 ? HEX_WHITE : HEX_BLACK;
        pos[k] = proven_pos(to_move, winners[k] == 'B' ? HEX_BLACK : HEX_WHITE,
                            k < 11 ? 10 + k : MOVE_NONE);
        pos[k].best_value = 50;  /* values that proofs override */
        pos[k].played_value = -50;
    }
}

START_TEST(marks_of_a_game_with_proven_turning_points)
{
    review_position_t pos[12];
    review_move_t moves[11];
    seven_by_seven(pos);
    review_mark(pos, 11, 100, moves);
    for (int k = 1; k <= 11; k++) {
        unsigned want = k == 1 || k == 4 ? REVIEW_MARK_GAVE_AWAY | REVIEW_MARK_LOSS
            : k == 2 ? REVIEW_MARK_DECIDED : 0;
        ck_assert_msg(moves[k - 1].marks == want, "move %d: marks %u, expected %u", k,
                      moves[k - 1].marks, want);
        ck_assert(moves[k - 1].loss_known);
        ck_assert_int_eq(moves[k - 1].loss, k == 1 || k == 4 ? 2 * P : 0);
    }
    char names[64];
    review_mark_names(moves[0].marks, names, sizeof names);
    ck_assert_str_eq(names, "gave away, loss");
    review_mark_names(REVIEW_MARK_DECIDED | REVIEW_MARK_GAVE_AWAY | REVIEW_MARK_LOSS, names,
                      sizeof names);
    ck_assert_str_eq(names, "decided, gave away, loss");
    review_mark_names(0, names, sizeof names);
    ck_assert_str_eq(names, "");
}
END_TEST

/* No proofs: every move whose loss reaches the threshold is marked, and
 * the game over after the last move is the first proven loss. */
START_TEST(marks_from_search_values_and_the_threshold)
{
    static const int32_t best[5] = { 40, 30, 500, 10, 0 };
    static const int32_t played[4] = { 40, -70, 399, 10 };
    review_position_t pos[5];
    review_move_t moves[4];
    for (int k = 0; k < 5; k++)
        pos[k] = open_pos(k % 2 ? HEX_WHITE : HEX_BLACK, best[k], k < 4 ? k : MOVE_NONE,
                          k < 4 ? played[k] : 0);
    pos[4].searched = false;
    pos[4].over = HEX_WHITE;
    review_mark(pos, 4, 100, moves);
    ck_assert_uint_eq(moves[0].marks, 0);
    ck_assert_uint_eq(moves[1].marks, REVIEW_MARK_LOSS);        /* 100: reaches it */
    ck_assert_uint_eq(moves[2].marks, REVIEW_MARK_LOSS);        /* 101 */
    ck_assert_uint_eq(moves[3].marks, REVIEW_MARK_DECIDED);     /* connects */
    ck_assert_int_eq(moves[1].loss, 100);
    review_mark(pos, 4, 101, moves);
    ck_assert_uint_eq(moves[1].marks, 0);
    ck_assert_uint_eq(moves[2].marks, REVIEW_MARK_LOSS);
}
END_TEST

/* A review stopped early (the first positions not reviewed): the moves
 * from them are unknown and unmarked; "decided" is the first among the
 * reviewed. */
START_TEST(marks_leave_unreviewed_positions_out)
{
    review_position_t pos[12];
    review_move_t moves[11];
    seven_by_seven(pos);
    for (int k = 0; k < 6; k++)
        pos[k] = (review_position_t){ .reviewed = false };
    review_mark(pos, 11, 100, moves);
    for (int k = 1; k <= 6; k++) {
        ck_assert(!moves[k - 1].loss_known);
        ck_assert_uint_eq(moves[k - 1].marks, 0);
    }
    /* after move 6 Black is to move and wins; after move 7 White is
     * lost */
    ck_assert_uint_eq(moves[6].marks, REVIEW_MARK_DECIDED);
    for (int k = 8; k <= 11; k++)
        ck_assert_uint_eq(moves[k - 1].marks, 0);
}
END_TEST

START_TEST(black_value_for_plots)
{
    int32_t v;
    bool proven;
    review_position_t p = open_pos(HEX_WHITE, 230, 5, 0);
    ck_assert(review_black_value(&p, &v, &proven));
    ck_assert_int_eq(v, -230);
    ck_assert(!proven);
    p.best_value = -4000;
    ck_assert(review_black_value(&p, &v, &proven));
    ck_assert_int_eq(v, P);
    p = proven_pos(HEX_BLACK, HEX_WHITE, 5);
    ck_assert(review_black_value(&p, &v, &proven));
    ck_assert_int_eq(v, -P);
    ck_assert(proven);
    p = (review_position_t){ .reviewed = true, .over = HEX_BLACK, .winner = HEX_EMPTY };
    ck_assert(review_black_value(&p, &v, &proven));
    ck_assert_int_eq(v, P);
    p = open_pos(HEX_BLACK, 0, 5, 0);
    p.searched = false;
    ck_assert(!review_black_value(&p, &v, &proven));
    p.reviewed = false;
    ck_assert(!review_black_value(&p, &v, &proven));
}
END_TEST

/* ---- comments ----------------------------------------------------------- */

START_TEST(comments_state_values_proofs_and_marks)
{
    geometry_t *g = geometry_new(7, 7);
    review_position_t pos[12];
    review_move_t moves[11];
    strbuf_t out = { 0 };
    ck_assert_ptr_nonnull(g);
    int a3 = cell(g, "a3"), e3 = cell(g, "e3"), d4 = cell(g, "d4"), b6 = cell(g, "b6");
    seven_by_seven(pos);
    moves_of(&pos[0], a3, b6, 390, PLAYER_VALUE_LOSS, e3);
    moves_of(&pos[1], d4, d4, PLAYER_VALUE_WIN, PLAYER_VALUE_WIN, d4);
    pos[1].played_after = true;
    review_mark(pos, 11, 100, moves);
    review_comment(g, pos, 11, moves, 1, &out);
    ck_assert_str_eq(strbuf_str(&out), "Move 1: Black a3, value loss (proven), loss 2000\n"
                     "hein: b6, value +390\n"
                     "Before: proven, Black wins with e3\n"
                     "After: proven, White wins with d4\n"
                     "Turning point: gave away, loss");
    strbuf_clear(&out);
    review_comment(g, pos, 11, moves, 2, &out);
    ck_assert_str_eq(strbuf_str(&out), "Move 2: White d4, value win (proven) (of the position "
                     "after it), loss 0\n"
                     "hein: d4, value win (proven)\n"
                     "Before: proven, White wins with d4\n"
                     "After: proven, White wins (Black to move is lost: no move wins)\n"
                     "Turning point: decided");
    strbuf_clear(&out);
    pos[11].reviewed = false;
    moves_of(&pos[10], a3, MOVE_NONE, 0, 0, MOVE_NONE);
    pos[10].winner = HEX_EMPTY;
    pos[10].played_valued = pos[10].searched = false;
    review_mark(pos, 11, 100, moves);
    review_comment(g, pos, 11, moves, 11, &out);
    ck_assert_str_eq(strbuf_str(&out), "Move 11: Black a3\nBefore: not proven\n"
                     "After: not reviewed");
    strbuf_clear(&out);
    review_comment(g, pos, 11, moves, 12, &out);        /* no such move */
    ck_assert_str_eq(strbuf_str(&out), "");
    strbuf_free(&out);
    geometry_unref(g);
}
END_TEST

/* ---- one position, with the engine ------------------------------------- */

static engine_t *
small_engine(int size)
{
    engine_t *e = engine_new(1);
    char err[256];
    ck_assert_ptr_nonnull(e);
    ck_assert(engine_param_set(e, engine_param_group("param_scns"), "max_expansions", "200",
                               err, sizeof err));
    ck_assert(engine_param_set(e, engine_param_group("param_scns"), "progress_interval", "0",
                               err, sizeof err));
    ck_assert_int_eq(engine_new_game(e, size, size), GAME_OK);
    return e;
}

/* 4x4 after Black's a1, White to move and b3 played: the solver proves
 * White's win (hein's own solve: "white wins with b3"; after b3 Black
 * loses); the played move's value is read from the search, or from the
 * position after it when there is no search. */
START_TEST(review_position_searches_and_solves)
{
    engine_t *e = small_engine(4);
    game_t *g = &e->game;
    int a1 = cell(g->pos.geo, "a1"), b3 = cell(g->pos.geo, "b3");
    ck_assert_int_eq(game_play(g, HEX_BLACK, a1, false, -1), GAME_OK);
    review_settings_t s = { 10, 10 };
    stop_t stop = stop_make(NULL, 0);
    review_position_t r;
    ck_assert_int_eq(review_position(e, g, b3, NULL, &s, &stop, &r), REVIEW_OK);
    ck_assert(r.reviewed);
    ck_assert_int_eq(r.to_move, HEX_WHITE);
    ck_assert_int_eq(r.over, HEX_EMPTY);
    ck_assert(r.searched);
    ck_assert_int_ge(r.best, 0);
    ck_assert_int_eq(r.winner, HEX_WHITE);
    ck_assert_int_ge(r.winning_move, 0);
    ck_assert(r.played_valued);
    ck_assert_ptr_nonnull(r.value_unit);
    /* no search: the solver alone; the move's value from the position
     * after it, proven lost for Black */
    review_position_t after = proven_pos(HEX_BLACK, HEX_WHITE, MOVE_NONE);
    s.seconds = 0;
    ck_assert_int_eq(review_position(e, g, b3, &after, &s, &stop, &r), REVIEW_OK);
    ck_assert(!r.searched);
    ck_assert_int_eq(r.winner, HEX_WHITE);
    ck_assert(r.played_valued && r.played_after);
    ck_assert_int_eq(r.played_value, PLAYER_VALUE_WIN);
    int32_t loss;
    ck_assert(review_loss(&r, &after, &loss));
    ck_assert_int_eq(loss, 0);
    engine_free(e);
}
END_TEST

/* A finished game: recorded as over, no search; a stop set before the
 * review leaves it out. */
START_TEST(review_position_of_a_finished_game_and_a_stop)
{
    engine_t *e = small_engine(2);
    game_t *g = &e->game;
    int a1 = cell(g->pos.geo, "a1"), b1 = cell(g->pos.geo, "b1"), a2 = cell(g->pos.geo, "a2");
    ck_assert_int_eq(game_play(g, HEX_BLACK, a1, false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_WHITE, b1, false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, a2, false, -1), GAME_OK);
    ck_assert_int_eq(game_winner(g), HEX_BLACK);
    review_settings_t s = { 10, 10 };
    stop_t stop = stop_make(NULL, 0);
    review_position_t r;
    ck_assert_int_eq(review_position(e, g, MOVE_NONE, NULL, &s, &stop, &r), REVIEW_OK);
    ck_assert_int_eq(r.over, HEX_BLACK);
    ck_assert(!r.searched);
    ck_assert_int_eq(review_proven(&r), HEX_BLACK);
    ck_assert_int_eq(game_undo(g), GAME_OK);
    _Atomic bool halt = true;
    stop_t halted = { NULL, 0, 0.0, &halt, NULL };
    r.reviewed = false;
    ck_assert_int_eq(review_position(e, g, a2, NULL, &s, &halted, &r), REVIEW_STOPPED);
    ck_assert(!r.reviewed);
    engine_free(e);
}
END_TEST

static Suite *
review_suite(void)
{
    Suite *s = suite_create("review");
    TCase *t = tcase_create("logic");
    tcase_add_test(t, loss_compares_search_values_clipped_and_never_below_zero);
    tcase_add_test(t, loss_from_proven_results);
    tcase_add_test(t, loss_of_a_swap_is_counted_for_the_side_it_hands_over);
    tcase_add_test(t, marks_of_a_game_with_proven_turning_points);
    tcase_add_test(t, marks_from_search_values_and_the_threshold);
    tcase_add_test(t, marks_leave_unreviewed_positions_out);
    tcase_add_test(t, black_value_for_plots);
    tcase_add_test(t, comments_state_values_proofs_and_marks);
    suite_add_tcase(s, t);
    TCase *e = tcase_create("engine");
    tcase_set_timeout(e, 60);
    tcase_add_test(e, review_position_searches_and_solves);
    tcase_add_test(e, review_position_of_a_finished_game_and_a_stop);
    suite_add_tcase(s, e);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(review_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
