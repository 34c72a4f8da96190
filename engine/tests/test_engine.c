/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for engine/: game record, clock, parameters, players. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/benchmark.h"
#include "engine/clock.h"
#include "engine/swap.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "engine/param.h"
#include "engine/player.h"
#include "search/scns.h"

static int
cell(const game_t *g, const char *name)
{
    int m = MOVE_NONE;
    ck_assert_int_eq(geometry_parse_move(g->pos.geo, name, &m), MOVE_PARSE_OK);
    return m;
}

/* ---- game ----------------------------------------------------------- */

START_TEST(game_play_and_undo_one_entry_each)
{
    game_t g;
    ck_assert_int_eq(game_init(&g, 5, 5), GAME_OK);
    uint64_t h0 = g.pos.hash;
    ck_assert_int_eq(game_play(&g, HEX_BLACK, cell(&g, "c3"), false, 1.5), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, cell(&g, "a1"), true, -1), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "b1"), true, -1), GAME_OK);
    ck_assert_int_eq(g.nentries, 3);
    ck_assert_int_eq(game_to_move(&g), HEX_BLACK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "c3"), false, -1), GAME_OCCUPIED);
    ck_assert_int_eq(g.nentries, 3);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_int_eq(game_undo(&g), GAME_NOTHING_TO_UNDO);
    ck_assert_uint_eq(g.pos.hash, h0);
    game_free(&g);
}
END_TEST

/* 3x3: Black b1 b2 b3 joins north and south past White a1 a2; White to
 * move has lost. */
static void
play_black_connection(game_t *g)
{
    const char *moves[] = { "b1", "a1", "b2", "a2", "b3" };
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(game_play(g, i % 2 ? HEX_WHITE : HEX_BLACK,
                                   cell(g, moves[i]), false, -1), GAME_OK);
    ck_assert_int_eq(game_winner(g), HEX_BLACK);
}

/* A resignation played as a move (HTP play, an SGF node) is one entry:
 * HexGui has a node for it and sends one undo to go back past it. */
START_TEST(game_played_resignation_is_one_entry)
{
    game_t g;
    game_init(&g, 3, 3);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, cell(&g, "b2"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_RESIGN, false, -1), GAME_OK);
    ck_assert_int_eq(g.nentries, 2);
    ck_assert_int_eq(game_resigned(&g), HEX_WHITE);
    ck_assert_int_eq(game_winner(&g), HEX_BLACK);
    /* No second resignation while one stands. */
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_RESIGN, false, -1), GAME_OVER);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, MOVE_RESIGN, false, -1), GAME_OVER);
    ck_assert_int_eq(game_resign(&g, HEX_BLACK), GAME_OVER);
    ck_assert_int_eq(g.nentries, 2);
    ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_int_eq(game_winner(&g), HEX_EMPTY);
    ck_assert_int_eq(g.pos.nmoves, 1);
    ck_assert_int_eq(game_to_move(&g), HEX_WHITE);
    /* A stone after it goes on with the game; the resignation stays in
     * the record, as the node it is, and is the end again once undone. */
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_RESIGN, false, -1), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "a1"), false, -1), GAME_OK);
    ck_assert_int_eq(g.nentries, 3);
    ck_assert_int_eq(game_resigned(&g), HEX_EMPTY);
    ck_assert_int_eq(game_winner(&g), HEX_EMPTY);
    ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_int_eq(game_resigned(&g), HEX_WHITE);
    game_free(&g);
}
END_TEST

/* A resignation genmove answers is no entry: undo takes back the last
 * entry and the resignation with it; a stone or swap goes on with the
 * game. */
START_TEST(game_resign_is_not_an_entry)
{
    game_t g;
    game_init(&g, 3, 3);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, cell(&g, "b2"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "a1"), false, -1), GAME_OK);
    ck_assert_int_eq(game_resign(&g, HEX_WHITE), GAME_OK);
    ck_assert_int_eq(g.nentries, 2);
    ck_assert_int_eq(game_resigned(&g), HEX_WHITE);
    ck_assert_int_eq(game_winner(&g), HEX_BLACK);
    ck_assert_int_eq(game_resign(&g, HEX_WHITE), GAME_OVER);
    ck_assert_int_eq(game_resign(&g, HEX_BLACK), GAME_OVER);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, MOVE_RESIGN, false, -1), GAME_OVER);
    ck_assert_int_eq(game_resign(&g, HEX_EMPTY), GAME_OFF_BOARD);
    ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_int_eq(g.nentries, 1);
    ck_assert_int_eq(position_color_at(&g.pos, cell(&g, "a1")), HEX_EMPTY);
    ck_assert_int_eq(game_resigned(&g), HEX_EMPTY);
    ck_assert_int_eq(game_winner(&g), HEX_EMPTY);
    ck_assert_int_eq(game_to_move(&g), HEX_WHITE);

    /* Play goes on past it, and an undo does not bring it back. */
    ck_assert_int_eq(game_resign(&g, HEX_BLACK), GAME_OK);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "a1"), false, -1), GAME_OK);
    ck_assert_int_eq(game_resigned(&g), HEX_EMPTY);
    ck_assert_int_eq(game_winner(&g), HEX_EMPTY);
    ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_int_eq(game_resigned(&g), HEX_EMPTY);
    ck_assert_int_eq(game_undo(&g), GAME_OK);

    /* With no entry there is nothing to undo: the resignation stays. */
    ck_assert_int_eq(g.nentries, 0);
    ck_assert_int_eq(game_resign(&g, HEX_BLACK), GAME_OK);
    ck_assert_int_eq(game_undo(&g), GAME_NOTHING_TO_UNDO);
    ck_assert_int_eq(game_resigned(&g), HEX_BLACK);
    game_free(&g);
}
END_TEST

/* The colour that has connected cannot resign; its opponent may. */
START_TEST(game_resign_after_a_connection)
{
    game_t g;
    game_init(&g, 3, 3);
    play_black_connection(&g);
    ck_assert_int_eq(game_resign(&g, HEX_BLACK), GAME_OVER);
    ck_assert_int_eq(game_play(&g, HEX_BLACK, MOVE_RESIGN, false, -1), GAME_OVER);
    ck_assert_int_eq(game_resign(&g, HEX_WHITE), GAME_OK);
    ck_assert_int_eq(game_winner(&g), HEX_BLACK);
    ck_assert_int_eq(g.nentries, 5);
    game_free(&g);
}
END_TEST

START_TEST(game_result_parse_reads_sgf_spellings)
{
    static const struct {
        const char *text;
        hex_color_t winner;
        bool resign;
    } cases[] = {
        { "B+", HEX_BLACK, false }, { "W+", HEX_WHITE, false },
        { " w+ \n", HEX_WHITE, false }, { "B+Resign", HEX_BLACK, true },
        { "W+R", HEX_WHITE, true }, { "b+resign", HEX_BLACK, true },
        { "W+r ", HEX_WHITE, true }, { "B+T", HEX_EMPTY, false },
        { "W+Time", HEX_EMPTY, false }, { "B+F", HEX_EMPTY, false },
        { "0", HEX_EMPTY, false }, { "?", HEX_EMPTY, false },
        { "", HEX_EMPTY, false }, { "B", HEX_EMPTY, false },
        { "B+Resigned", HEX_EMPTY, false }, { "X+", HEX_EMPTY, false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool resign = !cases[i].resign;
        ck_assert_msg(game_result_parse(cases[i].text, &resign) == cases[i].winner,
                      "%s", cases[i].text);
        if (cases[i].winner != HEX_EMPTY)
            ck_assert_msg(resign == cases[i].resign, "%s", cases[i].text);
    }
}
END_TEST

/* The result: the record's own once the game is over (a kept text saying
 * the same wins), the kept one while it goes on; every change to the
 * record drops the kept one. */
START_TEST(game_result_follows_the_record)
{
    char buf[GAME_RESULT_MAX];
    game_t g;
    game_init(&g, 3, 3);
    ck_assert_ptr_null(game_result(&g, buf, sizeof buf));
    game_set_info(&g.info.result, "W+T");
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "W+T");
    ck_assert_int_eq(game_play(&g, HEX_BLACK, cell(&g, "b1"), false, -1), GAME_OK);
    ck_assert_ptr_null(g.info.result);
    ck_assert_ptr_null(game_result(&g, buf, sizeof buf));
    ck_assert_int_eq(game_undo(&g), GAME_OK);

    play_black_connection(&g);
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "B+");
    game_set_info(&g.info.result, "b+");
    ck_assert_ptr_eq(game_result(&g, buf, sizeof buf), g.info.result);
    game_set_info(&g.info.result, "W+");
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "B+");
    game_set_info(&g.info.result, "B+R");
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "B+");
    ck_assert_int_eq(game_resign(&g, HEX_WHITE), GAME_OK);
    ck_assert_ptr_null(g.info.result);
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "B+Resign");
    game_set_info(&g.info.result, "B+R");
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "B+R");
    ck_assert_int_eq(game_undo(&g), GAME_OK);
    ck_assert_ptr_null(g.info.result);
    ck_assert_ptr_null(game_result(&g, buf, sizeof buf));
    /* While the game goes on, a kept resignation is not stated (read
     * back, it would be one); a kept connection is. */
    game_set_info(&g.info.result, "W+R");
    ck_assert_ptr_null(game_result(&g, buf, sizeof buf));
    game_set_info(&g.info.result, "W+");
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "W+");

    ck_assert_int_eq(game_play(&g, HEX_BLACK, MOVE_RESIGN, false, -1), GAME_OK);
    ck_assert_str_eq(game_result(&g, buf, sizeof buf), "W+Resign");
    game_free(&g);
}
END_TEST

START_TEST(game_swap_only_as_move_two)
{
    game_t g;
    game_init(&g, 11, 11);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_SWAP, false, -1), GAME_SWAP_NOT_ALLOWED);
    game_play(&g, HEX_BLACK, cell(&g, "a3"), false, -1);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_SWAP, true, -1), GAME_SWAP_NOT_ALLOWED);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, MOVE_SWAP, false, -1), GAME_OK);
    ck_assert_int_eq(game_to_move(&g), HEX_WHITE);
    ck_assert_int_eq(game_play(&g, HEX_WHITE, cell(&g, "f6"), false, -1), GAME_OK);
    ck_assert_int_eq(game_to_move(&g), HEX_BLACK);
    game_undo(&g);
    game_undo(&g);
    ck_assert_int_eq(game_to_move(&g), HEX_WHITE);
    ck_assert(position_swap_available(&g.pos));
    game_free(&g);
}
END_TEST

START_TEST(game_set_to_move_survives_undo_of_later_entries)
{
    game_t g;
    game_init(&g, 4, 4);
    game_play(&g, HEX_BLACK, cell(&g, "a1"), true, -1);
    game_set_to_move(&g, HEX_BLACK);            /* PL[B] after set-up */
    ck_assert_int_eq(game_to_move(&g), HEX_BLACK);
    game_play(&g, HEX_BLACK, cell(&g, "b2"), false, -1);
    ck_assert_int_eq(game_to_move(&g), HEX_WHITE);
    game_undo(&g);
    ck_assert_int_eq(game_to_move(&g), HEX_BLACK);
    game_undo(&g);
    ck_assert_int_eq(game_to_move(&g), HEX_BLACK);
    game_set_to_move(&g, HEX_WHITE);            /* PL[W] on the empty board */
    ck_assert_int_eq(g.first_to_move, HEX_WHITE);
    game_free(&g);
}
END_TEST

START_TEST(game_reset_bad_size_keeps_game)
{
    game_t g;
    game_init(&g, 7, 7);
    game_play(&g, HEX_BLACK, cell(&g, "d4"), false, -1);
    ck_assert_int_eq(game_reset(&g, 0, 7), GAME_BAD_SIZE);
    ck_assert_int_eq(game_reset(&g, 7, 20), GAME_BAD_SIZE);
    ck_assert_int_eq(g.nentries, 1);
    ck_assert_int_eq(g.pos.geo->width, 7);
    ck_assert_int_eq(game_reset(&g, 9, 3), GAME_OK);
    ck_assert_int_eq(g.nentries, 0);
    ck_assert_int_eq(g.pos.geo->width, 9);
    ck_assert_int_eq(g.pos.geo->height, 3);
    game_free(&g);
}
END_TEST

START_TEST(game_copy_and_replace_keep_info)
{
    game_t a, b, c;
    game_init(&a, 6, 6);
    game_set_info(&a.info.player_black, "Alice");
    game_play(&a, HEX_BLACK, cell(&a, "c3"), false, 2.0);
    game_set_info(&a.info.result, "B+");
    a.resigned = HEX_WHITE;
    game_copy(&b, &a);
    ck_assert_str_eq(b.info.player_black, "Alice");
    ck_assert_uint_eq(b.pos.hash, a.pos.hash);
    game_init(&c, 3, 3);
    game_replace(&c, &b);                       /* b is consumed */
    ck_assert_str_eq(c.info.result, "B+");
    ck_assert_int_eq(c.resigned, HEX_WHITE);
    ck_assert_int_eq(c.nentries, 1);
    ck_assert_int_eq(c.pos.geo->width, 6);
    ck_assert(position_is_consistent(&c.pos));
    game_set_info(&c.info.result, "");
    ck_assert_ptr_null(c.info.result);
    game_free(&a);
    game_free(&c);
}
END_TEST

/* ---- swap tables ---------------------------------------------------- */

static void
write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A table is read with its comments; a broken one (a cell off the
 * board, a bad winner, a cell twice, a stray word) is refused whole
 * with the line; the shipped 7x7 table swaps d4 and not a1; a size with
 * no table knows nothing. */
START_TEST(swap_tables_are_read_or_refused)
{
    char path[] = "/tmp/hein-swap-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    swap_table_t t;
    char err[512];
    bool swap;
    write_text(path, "# a comment\n\na1 white\n  b2 black\n");
    ck_assert(swap_table_read(&t, path, 3, 3, err, sizeof err));
    ck_assert(swap_table_decides(&t, 3, 3, 0, &swap) && !swap);
    ck_assert(swap_table_decides(&t, 3, 3, 4, &swap) && swap);
    ck_assert(!swap_table_decides(&t, 3, 3, 1, &swap));
    ck_assert(!swap_table_decides(&t, 4, 4, 0, &swap));
    const char *bad[] = { "d4 black\n", "a1 grey\n", "a1 white\na1 black\n",
                          "a1 white now\n", "a1\n" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_text(path, bad[i]);
        ck_assert(!swap_table_read(&t, path, 3, 3, err, sizeof err));
        ck_assert_msg(strstr(err, ":1: ") || strstr(err, ":2: "), "%s", err);
        ck_assert(bitset_is_empty(&t.known));
    }
    unlink(path);
    ck_assert(!swap_table_read(&t, path, 3, 3, err, sizeof err));
    bool found;
    ck_assert(swap_table_load(&t, 7, 7, &found, err, sizeof err));
    ck_assert(found);
    geometry_t *g = geometry_new(7, 7);
    int m;
    ck_assert_int_eq(geometry_parse_move(g, "d4", &m), MOVE_PARSE_OK);
    ck_assert(swap_table_decides(&t, 7, 7, m, &swap) && swap);
    ck_assert_int_eq(geometry_parse_move(g, "a1", &m), MOVE_PARSE_OK);
    ck_assert(swap_table_decides(&t, 7, 7, m, &swap) && !swap);
    geometry_unref(g);
    ck_assert(!swap_table_load(&t, 11, 12, &found, err, sizeof err));
    ck_assert(!found);
}
END_TEST

/* ---- clock ---------------------------------------------------------- */

START_TEST(clock_budget_shares_main_time)
{
    game_clock_t c;
    game_clock_init(&c, 600);
    /* 121 empty cells: 30 own moves planned for. */
    double b = game_clock_budget(&c, HEX_BLACK, 121, 10);
    ck_assert(b > 19 && b < 21);
    game_clock_charge(&c, HEX_BLACK, 100);
    ck_assert(fabs(c.left[HEX_BLACK] - 500) < 1e-9);
    ck_assert(fabs(c.left[HEX_WHITE] - 600) < 1e-9);
    /* Never more than what is left. */
    ck_assert(game_clock_left(&c, HEX_WHITE, 0.5, 0));
    b = game_clock_budget(&c, HEX_WHITE, 121, 10);
    ck_assert(b <= 0.5 && b >= 0.01);
    /* Bad values are refused and change nothing. */
    ck_assert(!game_clock_left(&c, HEX_WHITE, -1, 0));
    ck_assert(!game_clock_settings(&c, -5, 0, 0));
    ck_assert(fabs(c.left[HEX_WHITE] - 0.5) < 1e-9);
}
END_TEST

/* The limit a move may stretch to: three budgets but at most a quarter
 * of what is left in main time, half of the period with stones to come,
 * the budget itself on a period's last stone and in unlimited time; a
 * Fischer increment adds to the budget and to the clock after each
 * move; the safety margin is never spent. */
START_TEST(clock_limits_increments_and_safety)
{
    game_clock_t c;
    bool banked;
    game_clock_init(&c, 60);
    double b = game_clock_budget(&c, HEX_BLACK, 121, 10);
    ck_assert(fabs(b - 2) < 1e-9);                      /* 60 / 30 */
    double l = game_clock_limit(&c, HEX_BLACK, b, &banked);
    ck_assert(banked);
    ck_assert(fabs(l - 6) < 1e-9);
    ck_assert(game_clock_left(&c, HEX_BLACK, 8, 0));
    ck_assert(fabs(game_clock_limit(&c, HEX_BLACK, 1, &banked) - 2) < 1e-9);
    /* Fischer: 30 s + 1 s */
    game_clock_init(&c, 30);
    ck_assert(game_clock_set_increment(&c, 1));
    ck_assert(!game_clock_set_increment(&c, -1));
    b = game_clock_budget(&c, HEX_WHITE, 120, 10);
    ck_assert(fabs(b - 1.9) < 1e-9);                    /* 30 / 30 + 0.9 */
    game_clock_charge(&c, HEX_WHITE, 2);
    ck_assert(fabs(c.left[HEX_WHITE] - 29) < 1e-9);
    /* the safety margin */
    ck_assert(game_clock_set_safety(&c, 0.5));
    ck_assert(!game_clock_set_safety(&c, -0.5));
    ck_assert(game_clock_left(&c, HEX_WHITE, 0.6, 0));
    b = game_clock_budget(&c, HEX_WHITE, 120, 10);
    ck_assert(b <= 0.1 + 1e-9);
    ck_assert(game_clock_limit(&c, HEX_WHITE, b, &banked) <= 0.1 + 1e-9);
    /* byo-yomi: half the period with stones to come, the budget on the
     * last stone (fixed time per move: time_settings 0 T 1) */
    ck_assert(game_clock_settings(&c, 0, 30, 5));
    ck_assert(game_clock_set_safety(&c, CLOCK_SAFETY));
    b = game_clock_budget(&c, HEX_BLACK, 100, 10);
    ck_assert(fabs(game_clock_limit(&c, HEX_BLACK, b, &banked) - 15) < 1e-9);
    ck_assert(game_clock_settings(&c, 0, 2, 1));
    b = game_clock_budget(&c, HEX_BLACK, 100, 10);
    ck_assert(fabs(game_clock_limit(&c, HEX_BLACK, b, &banked) - b) < 1e-9);
    ck_assert(!banked);
    ck_assert(game_clock_settings(&c, 0, 1, 0));
    ck_assert(fabs(game_clock_limit(&c, HEX_BLACK, 7, &banked) - 7) < 1e-9);
    ck_assert(!banked);
}
END_TEST

START_TEST(clock_byo_yomi_periods)
{
    game_clock_t c;
    ck_assert(game_clock_settings(&c, 0, 30, 5));
    ck_assert_int_eq(c.stones_left[HEX_BLACK], 5);
    double b = game_clock_budget(&c, HEX_BLACK, 100, 10);
    ck_assert(b > 5 && b < 6);                  /* 0.9 * 30 / 5 */
    for (int i = 0; i < 5; i++)
        game_clock_charge(&c, HEX_BLACK, 2);
    /* A new period after five moves. */
    ck_assert_int_eq(c.stones_left[HEX_BLACK], 5);
    ck_assert(fabs(c.left[HEX_BLACK] - 30) < 1e-9);
    /* BYO > 0 with STONES = 0 means no limit: the fallback applies. */
    ck_assert(game_clock_settings(&c, 0, 1, 0));
    ck_assert(c.unlimited);
    ck_assert(fabs(game_clock_budget(&c, HEX_WHITE, 100, 7) - 7) < 1e-9);
}
END_TEST

/* ---- parameters ----------------------------------------------------- */

START_TEST(param_set_validates_and_formats)
{
    game_params_t p = {
        .allow_swap = false, .swap_ratio = 0.45, .game_time = 0, .move_time = 10,
        .increment = 0, .safety = CLOCK_SAFETY,
    };
    char err[256], line[256];
    const param_desc_t *game_param_table = engine_param_group("param_game")->table;
    const param_desc_t *player_param_table = engine_param_group("param_player")->table;
    ck_assert(param_set(game_param_table, &p, "allow_swap", "1", err, sizeof err));
    ck_assert(p.allow_swap);
    ck_assert(!param_set(game_param_table, &p, "allow_swap", "yes", err, sizeof err));
    ck_assert(p.allow_swap);
    ck_assert(param_set(game_param_table, &p, "game_time", "90.5", err, sizeof err));
    ck_assert(fabs(p.game_time - 90.5) < 1e-12);
    ck_assert(!param_set(game_param_table, &p, "game_time", "-3", err, sizeof err));
    ck_assert(!param_set(game_param_table, &p, "game_time", "nan", err, sizeof err));
    ck_assert(!param_set(game_param_table, &p, "game_time", "12x", err, sizeof err));
    ck_assert(fabs(p.game_time - 90.5) < 1e-12);
    ck_assert(param_set(game_param_table, &p, "swap_ratio", "0.5", err, sizeof err));
    ck_assert(!param_set(game_param_table, &p, "swap_ratio", "1.5", err, sizeof err));
    ck_assert(fabs(p.swap_ratio - 0.5) < 1e-12);
    ck_assert(!param_set(game_param_table, &p, "no_such", "1", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "unknown parameter"));
    param_format(param_find(game_param_table, "allow_swap"), &p, line, sizeof line);
    ck_assert_str_eq(line, "[bool] allow_swap 1");
    param_format(param_find(game_param_table, "game_time"), &p, line, sizeof line);
    ck_assert_str_eq(line, "[string] game_time 90.5");
    player_params_t pp = { 0 };
    param_format(param_find(player_param_table, "name"), &pp, line, sizeof line);
    ck_assert_str_eq(line, "[list/random/resistance/scns] name random");
    ck_assert(!param_set(player_param_table, &pp, "name", "mohex", err, sizeof err));
    ck_assert(param_set(player_param_table, &pp, "name", "random", err, sizeof err));
    /* a string: a word that fits, else refused and unchanged */
    const param_desc_t *net_param_table = engine_param_group("param_net")->table;
    net_params_t np = { .use = false, .file = "" };
    param_format(param_find(net_param_table, "file"), &np, line, sizeof line);
    ck_assert_str_eq(line, "[string] file ");
    ck_assert(param_set(net_param_table, &np, "file", "/a/b.net", err, sizeof err));
    ck_assert_str_eq(np.file, "/a/b.net");
    ck_assert(!param_set(net_param_table, &np, "file", "a b", err, sizeof err));
    ck_assert(!param_set(net_param_table, &np, "file", "", err, sizeof err));
    char *longpath = malloc(PARAM_STRING_MAX + 1);
    memset(longpath, 'x', PARAM_STRING_MAX);
    longpath[PARAM_STRING_MAX] = '\0';
    ck_assert(!param_set(net_param_table, &np, "file", longpath, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "a word of 1 to 1023 characters"));
    longpath[PARAM_STRING_MAX - 1] = '\0';
    ck_assert(param_set(net_param_table, &np, "file", longpath, err, sizeof err));
    ck_assert_int_eq(strlen(np.file), PARAM_STRING_MAX - 1);
    free(longpath);
    param_format(param_find(net_param_table, "use"), &np, line, sizeof line);
    ck_assert_str_eq(line, "[bool] use 0");
}
END_TEST

/* param_net: the engine reads the shipped network at start-up and lends
 * it to the knowledge; a file that does not load is refused and the net
 * stays; use off takes it from the knowledge, on gives it back; use on
 * with no net is refused. */
START_TEST(param_net_loads_and_switches)
{
    engine_t *e = engine_new(1);
    char err[256], file[PARAM_STRING_MAX];
    const engine_param_group_t *g = engine_param_group("param_net");
    ck_assert_ptr_nonnull(e->net);
    ck_assert(e->net_params.use);
    ck_assert_ptr_eq(engine_knowledge(e)->net, e->net);
    snprintf(file, sizeof file, "%s", e->net_params.file);
    const net_t *net = e->net;
    uint64_t gen = e->knowledge_generation;
    ck_assert(!engine_param_set(e, g, "file", "/nonexistent/x.net", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.net"));
    ck_assert_ptr_eq(e->net, net);
    ck_assert_str_eq(e->net_params.file, file);
    ck_assert(e->net_params.use);
    ck_assert_uint_eq(e->knowledge_generation, gen);
    ck_assert(engine_param_set(e, g, "use", "0", err, sizeof err));
    ck_assert_ptr_null(engine_knowledge(e)->net);
    ck_assert_uint_gt(e->knowledge_generation, gen);
    ck_assert(engine_param_set(e, g, "use", "1", err, sizeof err));
    ck_assert_ptr_eq(engine_knowledge(e)->net, net);
    /* the same file again: read afresh, in use */
    ck_assert(engine_net_load(e, file, err, sizeof err));
    ck_assert_ptr_nonnull(e->net);
    ck_assert_ptr_eq(engine_knowledge(e)->net, e->net);
    /* no net at all: use 1 is refused */
    net_free(e->net);
    e->net = NULL;
    engine_net_apply(e);
    ck_assert(!e->net_params.use);
    ck_assert(!engine_param_set(e, g, "use", "1", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "no network loaded"));
    ck_assert(!e->net_params.use);
    engine_free(e);
}
END_TEST

/* Setting a parameter through its group applies what it means: a new
 * game_time restarts the clocks, a knowledge group bumps the generation;
 * a bad value changes nothing. */
START_TEST(param_groups_apply_their_changes)
{
    engine_t *e = engine_new(1);
    char err[256];
    for (const engine_param_group_t *g = engine_param_groups; g->command; g++)
        ck_assert_ptr_eq(engine_param_group(g->command), g);
    ck_assert_ptr_null(engine_param_group("param_nothing"));
    const engine_param_group_t *game = engine_param_group("param_game");
    ck_assert(engine_param_set(e, game, "game_time", "90", err, sizeof err));
    ck_assert(fabs(e->clock.left[HEX_BLACK] - 90) < 1e-9);
    const engine_param_group_t *vc = engine_param_group("param_vc");
    uint64_t gen = e->knowledge_generation;
    ck_assert(!engine_param_set(e, vc, "max_ors", "99", err, sizeof err));
    ck_assert(e->knowledge_generation == gen);
    ck_assert(engine_param_set(e, vc, "use_templates", "0", err, sizeof err));
    ck_assert(e->knowledge_generation > gen);
    ck_assert(!engine_knowledge(e)->vc_params->use_templates);
    ck_assert(engine_param_set(e, vc, "use_templates", "1", err, sizeof err));
    gen = e->knowledge_generation;
    ck_assert(engine_param_set(e, vc, "use_templates", "1", err, sizeof err));
    ck_assert(e->knowledge_generation == gen);  /* no change, nothing to redo */
    engine_free(e);
}
END_TEST

/* With no time settings a move takes param_game move_time (10 s); a
 * move time set later holds even after a game clock, and a game time set
 * later brings the clock back. */
START_TEST(move_time_holds_until_a_game_clock_is_set)
{
    engine_t *e = engine_new(1);
    char err[256];
    double budget, limit;
    bool banked;
    engine_move_time(e, HEX_BLACK, &budget, &limit, &banked);
    ck_assert(fabs(budget - 10) < 1e-9 && fabs(limit - 10) < 1e-9);
    ck_assert(fabs(e->game_params.game_time) < 1e-12);
    const engine_param_group_t *game = engine_param_group("param_game");
    ck_assert(engine_param_set(e, game, "move_time", "1", err, sizeof err));
    engine_move_time(e, HEX_WHITE, &budget, &limit, &banked);
    ck_assert(fabs(budget - 1) < 1e-9 && fabs(limit - 1) < 1e-9);
    /* a game clock: the time manager's share of 90 s */
    ck_assert(engine_param_set(e, game, "game_time", "90", err, sizeof err));
    engine_move_time(e, HEX_BLACK, &budget, &limit, &banked);
    ck_assert(budget > 0.5 && budget < 90 / 10.0 + 1e-9 && limit >= budget);
    /* a move time set after it ends it */
    ck_assert(engine_param_set(e, game, "move_time", "0.5", err, sizeof err));
    ck_assert(fabs(e->game_params.game_time) < 1e-12);
    engine_move_time(e, HEX_BLACK, &budget, &limit, &banked);
    ck_assert(fabs(budget - 0.5) < 1e-9 && fabs(limit - 0.5) < 1e-9);
    /* and so does time_settings 0 T 0 */
    engine_time_settings_t t = { 60, 0, 0, false, 0 };
    ck_assert(engine_set_time_settings(e, &t, err, sizeof err));
    engine_move_time(e, HEX_BLACK, &budget, &limit, &banked);
    ck_assert(budget < 60 / 10.0 + 1e-9);
    engine_time_settings_t none = { 0, 1, 0, false, 0 };
    ck_assert(engine_set_time_settings(e, &none, err, sizeof err));
    engine_move_time(e, HEX_BLACK, &budget, &limit, &banked);
    ck_assert(fabs(budget - 0.5) < 1e-9);
    engine_free(e);
}
END_TEST

/* The clock's settings from the protocol go through the engine's checks:
 * a time control restarts both clocks and becomes param_game's, a bad
 * one (or a bad time_left) changes nothing. */
START_TEST(time_settings_are_checked_and_kept)
{
    engine_t *e = engine_new(1);
    char err[256];
    engine_time_settings_t t = { 300, 10, 5, false, 0 };
    ck_assert(engine_set_time_settings(e, &t, err, sizeof err));
    ck_assert(fabs(e->clock.left[HEX_WHITE] - 300) < 1e-9);
    ck_assert(fabs(e->game_params.game_time - 300) < 1e-9);
    ck_assert_int_eq(e->clock.byo_stones, 5);
    engine_time_settings_t fischer = { 30, 0, 0, true, 2 };
    ck_assert(engine_set_time_settings(e, &fischer, err, sizeof err));
    ck_assert(fabs(e->game_params.increment - 2) < 1e-9);
    ck_assert(fabs(e->clock.increment - 2) < 1e-9);
    ck_assert(engine_set_time_settings(e, &t, err, sizeof err));
    ck_assert(fabs(e->clock.increment - 2) < 1e-9);     /* kept */
    engine_time_settings_t bad[] = {
        { -1, 10, 5, false, 0 }, { 1e7, 10, 5, false, 0 }, { 300, -1, 5, false, 0 },
        { 300, 10, -5, false, 0 }, { 30, 0, 0, true, -1 },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert(!engine_set_time_settings(e, &bad[i], err, sizeof err));
        ck_assert(fabs(e->game_params.game_time - 300) < 1e-9);
        ck_assert(fabs(e->game_params.increment - 2) < 1e-9);
        ck_assert_int_eq(e->clock.byo_stones, 5);
    }
    ck_assert(engine_set_time_left(e, HEX_BLACK, 12, 3, err, sizeof err));
    ck_assert(fabs(e->clock.left[HEX_BLACK] - 12) < 1e-9);
    ck_assert(!engine_set_time_left(e, HEX_BLACK, -1, 0, err, sizeof err));
    ck_assert(fabs(e->clock.left[HEX_BLACK] - 12) < 1e-9);
    engine_free(e);
}
END_TEST

/* The program's threads are param_game's; the solver takes them unless
 * param_dfpn threads is set, and more than the engine allows is
 * refused. */
START_TEST(threads_are_the_programs_unless_the_solver_says)
{
    engine_t *e = engine_new(1);
    char err[256];
    const engine_param_group_t *game = engine_param_group("param_game");
    const engine_param_group_t *dfpn = engine_param_group("param_dfpn");
    ck_assert_int_eq(e->game_params.threads, 1);
    ck_assert_int_eq(e->dfpn_params.threads, 0);
    ck_assert_int_eq(engine_solver_params(e).threads, 1);
    ck_assert(engine_param_set(e, game, "threads", "3", err, sizeof err));
    ck_assert_int_eq(engine_solver_params(e).threads, 3);
    ck_assert(engine_param_set(e, dfpn, "threads", "2", err, sizeof err));
    ck_assert_int_eq(engine_solver_params(e).threads, 2);
    ck_assert_int_eq(e->game_params.threads, 3);
    ck_assert(engine_param_set(e, dfpn, "threads", "0", err, sizeof err));
    ck_assert_int_eq(engine_solver_params(e).threads, 3);
    ck_assert(!engine_param_set(e, game, "threads", "0", err, sizeof err));
    char max[32];
    snprintf(max, sizeof max, "%d", ENGINE_MAX_THREADS + 1);
    ck_assert(!engine_param_set(e, game, "threads", max, err, sizeof err));
    ck_assert_int_eq(e->game_params.threads, 3);
    engine_free(e);
}
END_TEST

/* The solver session keeps its table from one solve to the next, empties
 * it on request and when tt_mb changes. */
START_TEST(solver_session_keeps_its_table)
{
    engine_t *e = engine_new(1);
    ck_assert_int_eq(engine_new_game(e, 3, 3), GAME_OK);
    solver_t *sv = engine_solver(e);
    ck_assert_ptr_nonnull(sv);
    stop_t stop = stop_make(NULL, 1);
    dfpn_result_t r;
    solver_solve(sv, &e->game.pos, HEX_BLACK, &e->dfpn_params, &stop, NULL, NULL, &r);
    ck_assert_int_eq(r.winner, HEX_BLACK);
    size_t used = tt_used(solver_table(sv));
    ck_assert_uint_gt(used, 0);
    ck_assert_ptr_eq(engine_solver(e), sv);
    ck_assert_uint_eq(tt_used(solver_table(sv)), used);
    char err[256];
    ck_assert(engine_param_set(e, engine_param_group("param_vc"), "use_templates", "0", err,
                               sizeof err));
    ck_assert_ptr_nonnull(engine_solver(e));
    ck_assert_uint_eq(tt_used(solver_table(sv)), used);  /* proofs stay */
    solver_clear(sv);
    ck_assert_uint_eq(tt_used(solver_table(sv)), 0);
    solver_solve(engine_solver(e), &e->game.pos, HEX_BLACK, &e->dfpn_params, &stop, NULL, NULL,
                 &r);
    ck_assert_uint_gt(tt_used(solver_table(sv)), 0);
    ck_assert(engine_param_set(e, engine_param_group("param_dfpn"), "tt_mb", "2", err,
                               sizeof err));
    ck_assert_ptr_nonnull(engine_solver(e));
    ck_assert_uint_eq(tt_used(solver_table(sv)), 0);
    engine_free(e);
}
END_TEST

/* ---- players and genmove -------------------------------------------- */

/* The engine's block of the SCNS player's own group, param_scns. */
static scns_params_t *
scns_settings(engine_t *e)
{
    const engine_param_group_t *g = engine_param_group("param_scns");
    ck_assert_ptr_nonnull(g);
    return engine_param_base(e, g);
}

/* The last search of the position on the board (engine_last_search)
 * into *r, or NULL. */
static const player_report_t *
last_search(const engine_t *e, player_report_t *r, bool *answered)
{
    return engine_last_search(e, r, answered) ? r : NULL;
}

/* Whether the solver ran beside that last search, and then the winner it
 * proved into *winner. */
static bool
solver_beside(const engine_t *e, hex_color_t *winner)
{
    player_report_t r;
    bool answered;
    if (!engine_last_search(e, &r, &answered) || !r.solver_ran)
        return false;
    *winner = r.solver_winner;
    return true;
}

/* A 7x7 game in e with Black's first stone at `first`, for the SCNS
 * player: no progress lines, a 4 MiB table. */
static game_t *
scns_7x7_after(engine_t *e, const char *first)
{
    scns_settings(e)->progress_interval = 0;
    scns_settings(e)->tt_mb = 4;
    ck_assert_int_eq(engine_new_game(e, 7, 7), GAME_OK);
    game_t *g = &e->game;
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, first), false, -1), GAME_OK);
    return g;
}

START_TEST(player_tables_agree)
{
    int n = player_count();
    ck_assert_int_ge(n, 1);
    for (int i = 0; i < n; i++) {
        ck_assert_ptr_nonnull(player_names[i]);
        ck_assert_str_eq(player_table[i]->name, player_names[i]);
        ck_assert_int_eq(player_index(player_names[i]), i);
        ck_assert_ptr_nonnull(player_table[i]->genmove);
    }
    ck_assert_ptr_null(player_names[n]);
    ck_assert_int_eq(player_index("nobody"), -1);
}
END_TEST

START_TEST(new_engine_plays_the_scns_player)
{
    engine_t *e = engine_new(1);
    ck_assert_str_eq(engine_player(e)->name, "scns");
    engine_free(e);
}
END_TEST

START_TEST(random_player_plays_legal_moves_to_the_end)
{
    engine_t *e = engine_new(42);
    ck_assert_ptr_nonnull(e);
    e->player_params.name = player_index("random");
    stop_t stop = stop_make(NULL, 1);
    for (int game = 0; game < 50; game++) {
        int size = 1 + game % 9;
        ck_assert_int_eq(engine_new_game(e, size, size + game % 3), GAME_OK);
        e->game_params.allow_swap = game % 2;
        hex_color_t c = HEX_BLACK;
        int moves = 0;
        while (game_winner(&e->game) == HEX_EMPTY) {
            int m;
            double s;
            ck_assert_int_eq(engine_genmove(e, c, &stop, true, &m, &s), GENMOVE_OK);
            ck_assert(m >= 0 || m == MOVE_SWAP);
            c = game_to_move(&e->game);
            ck_assert_int_lt(++moves, 400);
        }
        /* Over: neither side gets a move. */
        hex_color_t w = game_winner(&e->game);
        int m;
        double s;
        ck_assert_int_eq(engine_genmove(e, w, &stop, false, &m, &s), GENMOVE_GAME_OVER);
        ck_assert_int_eq(engine_genmove(e, hex_color_other(w), &stop, false, &m, &s),
                         GENMOVE_GAME_OVER);
    }
    engine_free(e);
}
END_TEST

/* `games` games on small boards (1x1 to 7x7, rectangles too) between
 * player `name` (either colour by turns) and the random player, with and
 * without the swap: a legal move every time until one side connects, so
 * never a resignation. */
static void
play_small_games_against_random(engine_t *e, const char *name, int games)
{
    stop_t stop = stop_make(NULL, 1);
    int player = player_index(name), other = player_index("random");
    for (int game = 0; game < games; game++) {
        int w = 1 + game % 7, h = 1 + (game * 5) % 7;
        ck_assert_int_eq(engine_new_game(e, w, h), GAME_OK);
        e->game_params.allow_swap = game % 2;
        hex_color_t c = HEX_BLACK, me = (hex_color_t)(game / 2 % 2);
        int moves = 0;
        while (game_winner(&e->game) == HEX_EMPTY) {
            int m;
            double s;
            e->player_params.name = c == me ? player : other;
            ck_assert_int_eq(engine_genmove(e, c, &stop, true, &m, &s), GENMOVE_OK);
            ck_assert(m >= 0 || m == MOVE_SWAP);
            c = game_to_move(&e->game);
            ck_assert_int_lt(++moves, 100);
        }
    }
}

START_TEST(resistance_player_plays_legal_moves_to_the_end)
{
    engine_t *e = engine_new(43);
    ck_assert_ptr_nonnull(e);
    play_small_games_against_random(e, "resistance", 24);
    engine_free(e);
}
END_TEST

/* The SCNS player, on a budget of a few expansions. */
START_TEST(scns_player_plays_legal_moves_to_the_end)
{
    engine_t *e = engine_new(44);
    ck_assert_ptr_nonnull(e);
    scns_settings(e)->max_expansions = 15;
    scns_settings(e)->progress_interval = 0;
    scns_settings(e)->tt_mb = 4;
    play_small_games_against_random(e, "scns", 20);
    engine_free(e);
}
END_TEST

/* A win the VCs show is played at once; a position the VCs show lost
 * still gets a legal move; the last search is reported for the position
 * it searched and for that position with its answer played, and for no
 * other. */
START_TEST(scns_player_wins_at_once_and_reports_its_search)
{
    engine_t *e = engine_new(45);
    e->player_params.name = player_index("scns");
    scns_settings(e)->progress_interval = 0;
    scns_settings(e)->max_expansions = 100;
    scns_settings(e)->tt_mb = 4;
    stop_t stop = stop_make(NULL, 1);
    ck_assert_int_eq(engine_new_game(e, 3, 3), GAME_OK);
    game_t *g = &e->game;
    player_report_t rep;
    bool answered;
    ck_assert_ptr_null(last_search(e, &rep, &answered));
    /* 3x3, Black b2, White a1: Black's two bridges to its edges are a
     * full VC, so Black to move has won, and White to move has lost */
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "b2"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "a1"), false, -1), GAME_OK);
    int m;
    double s;
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    const player_report_t *r = last_search(e, &rep, &answered);
    ck_assert_ptr_nonnull(r);
    ck_assert(!answered);
    ck_assert_int_eq(r->winner, HEX_BLACK);
    ck_assert_uint_eq(r->work, 0);
    ck_assert_int_eq(position_check(&g->pos, HEX_BLACK, m), POSITION_OK);
    /* White to play here has lost: still a legal cell, no resignation */
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert_int_eq(position_check(&g->pos, HEX_WHITE, m), POSITION_OK);
    /* that search was of the position with White to move, not the
     * game's (Black to move): not reported here */
    ck_assert_ptr_null(last_search(e, &rep, &answered));
    /* played: reported after the answer, and again once it is undone */
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, true, &m, &s), GENMOVE_OK);
    ck_assert_ptr_nonnull(last_search(e, &rep, &answered));
    ck_assert(answered);
    ck_assert_int_eq(game_undo(g), GAME_OK);
    ck_assert_ptr_nonnull(last_search(e, &rep, &answered));
    ck_assert(!answered);
    ck_assert_int_eq(game_undo(g), GAME_OK);
    ck_assert_ptr_null(last_search(e, &rep, &answered));
    /* a new game forgets the search */
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "a1"), false, -1), GAME_OK);
    ck_assert_int_eq(engine_new_game(e, 4, 4), GAME_OK);
    ck_assert_ptr_null(last_search(e, &rep, &answered));
    engine_free(e);
}
END_TEST

/* With param_player solver 1 the solver runs beside the search: on 7x7
 * after Black's d4 (the centre wins, ../shared/regress-data) it proves
 * White lost well within a 60 s budget (before the search does, which
 * needs thousands of expansions), which ends the search, and White still
 * answers a legal cell; with solver 0 (and auto, one thread) it
 * does not run. */
START_TEST(scns_player_runs_the_solver_beside_it)
{
    engine_t *e = engine_new(46);
    e->player_params.name = player_index("scns");
    e->game_params.move_time = 60;
    stop_t stop = stop_make(NULL, 1);
    game_t *g = scns_7x7_after(e, "d4");
    int m;
    double s;
    hex_color_t winner;
    e->player_params.solver = PLAYER_SOLVER_ON;
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(solver_beside(e, &winner));
    ck_assert_int_eq(winner, HEX_BLACK);
    ck_assert_int_eq(position_check(&g->pos, HEX_WHITE, m), POSITION_OK);
    ck_assert_double_lt(s, 60);
    /* Black to move after d4 e4 wins: a winning move, proven by the
     * solver or by the search (whichever is first ends the other) */
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "e4"), false, -1), GAME_OK);
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(solver_beside(e, &winner));
    player_report_t rep;
    bool answered;
    ck_assert(winner == HEX_BLACK || last_search(e, &rep, &answered)->winner == HEX_BLACK);
    /* the answer wins: after it White to move loses (one solve) */
    solver_t *sv = engine_solver(e);
    ck_assert_ptr_nonnull(sv);
    position_t after;
    position_copy(&after, &g->pos);
    position_play(&after, HEX_BLACK, m);
    dfpn_result_t d;
    solver_solve(sv, &after, HEX_WHITE, &e->dfpn_params, &stop, NULL, NULL, &d);
    ck_assert_int_eq(d.winner, HEX_BLACK);
    position_free(&after);
    e->player_params.solver = PLAYER_SOLVER_OFF;
    scns_settings(e)->max_expansions = 50;
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(!solver_beside(e, &winner));
    /* auto with one thread: time-shared, the solver first; it proves
     * Black's win at once and the search does not run */
    e->player_params.solver = PLAYER_SOLVER_AUTO;
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    position_copy(&after, &g->pos);
    position_play(&after, HEX_BLACK, m);
    solver_solve(sv, &after, HEX_WHITE, &e->dfpn_params, &stop, NULL, NULL, &d);
    ck_assert_int_eq(d.winner, HEX_BLACK);
    position_free(&after);
    /* shared, after d4 alone: the solver's share, then the search */
    ck_assert_int_eq(game_undo(g), GAME_OK);
    e->player_params.solver = PLAYER_SOLVER_SHARED;
    e->game_params.move_time = 0.5;
    scns_settings(e)->max_expansions = 0;
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(solver_beside(e, &winner));
    ck_assert_int_eq(position_check(&g->pos, HEX_WHITE, m), POSITION_OK);
    engine_free(e);
}
END_TEST

/* param_scns: Table 1's values by default (but p_max = d_max = 1, tuned),
 * validated settings, and the player reads the new values at its next
 * genmove. */
START_TEST(scns_params_are_table_1)
{
    engine_t *e = engine_new(1);
    const engine_param_group_t *g = engine_param_group("param_scns");
    ck_assert_ptr_nonnull(g);
    const scns_params_t *p = scns_settings(e);
    ck_assert(p->multi_step && p->use_rave && p->use_forgetting);
    ck_assert(p->delta == 52 && p->epsilon == 0 && p->eta == 0.30);
    ck_assert_int_eq(p->p_max, 1);
    ck_assert_int_eq(p->d_max, 1);
    ck_assert_int_eq(p->delta_p, 8);
    ck_assert_int_eq(p->delta_d, 7);
    ck_assert(p->rave_shift == 211 && p->rave_impact == 782);
    ck_assert_int_eq(p->forget_work, 1824);
    char err[256];
    ck_assert(!engine_param_set(e, g, "forget_work", "0", err, sizeof err));
    ck_assert_int_eq(p->forget_work, 1824);
    ck_assert(!engine_param_set(e, g, "eta", "x", err, sizeof err));
    ck_assert(p->eta == 0.30);
    ck_assert(engine_param_set(e, g, "max_expansions", "7", err, sizeof err));
    ck_assert(engine_param_set(e, g, "progress_interval", "0", err, sizeof err));
    e->player_params.name = player_index("scns");
    e->player_params.solver = PLAYER_SOLVER_OFF;        /* the search alone */
    e->game_params.book = false;        /* the empty board: searched */
    ck_assert_int_eq(engine_new_game(e, 7, 7), GAME_OK);
    stop_t stop = stop_make(NULL, 1);
    int m;
    double s;
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    player_report_t rep;
    bool answered;
    ck_assert_uint_eq(last_search(e, &rep, &answered)->work, 7);
    ck_assert(engine_param_set(e, g, "max_expansions", "9", err, sizeof err));
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert_uint_eq(last_search(e, &rep, &answered)->work, 9);
    engine_free(e);
}
END_TEST

/* A player's own parameter group is found by its command like the
 * engine's, its block is one per engine, filled with the player's
 * defaults, and set through the same checks; players without one have
 * none. */
START_TEST(players_own_their_parameter_groups)
{
    engine_t *e = engine_new(1), *other = engine_new(2);
    ck_assert_ptr_null(player_table[player_index("random")]->settings);
    ck_assert_ptr_null(player_table[player_index("resistance")]->settings);
    for (const engine_param_group_t *g = engine_param_groups; g->command; g++)
        ck_assert_int_eq(player_of_settings(g), -1);
    int owners = 0;
    for (int i = 0; player_table[i]; i++) {
        const player_settings_t *ps = player_table[i]->settings;
        if (!ps)
            continue;
        owners++;
        const engine_param_group_t *g = engine_param_group(ps->group.command);
        ck_assert_ptr_eq(g, &ps->group);
        ck_assert_int_eq(player_of_settings(g), i);
        ck_assert_ptr_null(g->changed);
        void *base = engine_param_base(e, g);
        ck_assert_ptr_nonnull(base);
        ck_assert_ptr_ne(base, engine_param_base(other, g));
        ck_assert_ptr_ne(base, e);
        /* the defaults, as the player's own function makes them */
        void *fresh = calloc(1, g->size);
        ps->defaults(fresh);
        ck_assert_int_eq(memcmp(base, fresh, g->size), 0);
        free(fresh);
    }
    ck_assert_int_eq(owners, 1);
    /* param_scns is the SCNS player's: set in one engine only */
    const engine_param_group_t *g = engine_param_group("param_scns");
    ck_assert_int_eq(player_of_settings(g), player_index("scns"));
    char err[256];
    ck_assert(engine_param_set(e, g, "max_expansions", "11", err, sizeof err));
    ck_assert_int_eq(scns_settings(e)->max_expansions, 11);
    ck_assert_int_eq(scns_settings(other)->max_expansions, 0);
    ck_assert(!engine_param_set(e, g, "max_expansions", "-1", err, sizeof err));
    ck_assert_int_eq(scns_settings(e)->max_expansions, 11);
    engine_free(other);
    engine_free(e);
}
END_TEST

/* The last-search report is a hook a player may fill: the random and
 * resistance players report none, the SCNS player its search (the
 * position and answer, the root's moves in its units, the line); the
 * engine finds the report of the position on the board whichever player
 * is current. */
START_TEST(players_report_their_last_search_through_the_hook)
{
    engine_t *e = engine_new(47);
    ck_assert_ptr_null(player_table[player_index("random")]->last_search);
    ck_assert_ptr_null(player_table[player_index("resistance")]->last_search);
    ck_assert_ptr_nonnull(player_table[player_index("scns")]->last_search);
    scns_settings(e)->max_expansions = 40;
    stop_t stop = stop_make(NULL, 1);
    game_t *g = scns_7x7_after(e, "a1");
    player_report_t r;
    bool answered;
    int m;
    double s;
    /* players without the hook: nothing to report */
    e->player_params.name = player_index("random");
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(!engine_last_search(e, &r, &answered));
    e->player_params.name = player_index("resistance");
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(!engine_last_search(e, &r, &answered));
    /* the SCNS player's search, reported in the seam's terms */
    e->player_params.name = player_index("scns");
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert(engine_last_search(e, &r, &answered));
    ck_assert(!answered);
    position_t p;
    position_copy(&p, &g->pos);
    position_set_to_move(&p, HEX_WHITE);
    ck_assert_uint_eq(r.root_key, position_key(&p));
    position_play(&p, HEX_WHITE, m);
    ck_assert_uint_eq(r.answer_key, position_key(&p));
    position_free(&p);
    ck_assert_int_eq(r.to_move, HEX_WHITE);
    ck_assert_int_eq(r.move, m);
    ck_assert_uint_le(r.work, 40);
    ck_assert_ptr_nonnull(r.value_unit);
    ck_assert_str_eq(r.work_unit, "expansions");
    ck_assert_int_gt(r.nchildren, 1);
    uint64_t below = 0;
    bool answer_considered = false;
    for (int i = 0; i < r.nchildren; i++) {
        ck_assert_int_eq(position_check(&g->pos, HEX_WHITE, r.child[i].move), POSITION_OK);
        below += r.child[i].work;
        answer_considered |= r.child[i].move == m;
        /* a proven root: a won child marks the win, every child the
         * loss */
        if (r.winner == HEX_BLACK)
            ck_assert_int_eq(r.child[i].value, PLAYER_VALUE_LOSS);
    }
    ck_assert(answer_considered);
    ck_assert_uint_le(below, r.work);
    ck_assert_int_ge(r.pv_len, 1);
    ck_assert_int_eq(r.pv[0], m);
    ck_assert_int_le(r.nstats, PLAYER_STATS_MAX);
    for (int i = 0; i < r.nstats; i++)
        ck_assert_ptr_nonnull(r.stats[i].name);
    /* found whichever player is current; a player without the hook does
     * not hide it */
    e->player_params.name = player_index("resistance");
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, false, &m, &s), GENMOVE_OK);
    player_report_t again;
    ck_assert(engine_last_search(e, &again, &answered));
    ck_assert_uint_eq(again.root_key, r.root_key);
    ck_assert_int_eq(again.move, r.move);
    engine_free(e);
}
END_TEST

START_TEST(genmove_charges_the_clock_and_reg_genmove_does_not)
{
    engine_t *e = engine_new(7);
    /* a short game on a small board: the default player's search is
     * quick */
    e->game_params.game_time = 20;
    engine_apply_game_time(e);
    ck_assert_int_eq(engine_new_game(e, 5, 5), GAME_OK);
    stop_t stop = stop_make(NULL, 1);
    int m;
    double s;
    double before = e->clock.left[HEX_BLACK];
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &m, &s), GENMOVE_OK);
    ck_assert_int_eq(e->game.nentries, 0);
    ck_assert(e->clock.left[HEX_BLACK] == before);
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, true, &m, &s), GENMOVE_OK);
    ck_assert_int_eq(e->game.nentries, 1);
    ck_assert(e->clock.left[HEX_BLACK] <= before);
    ck_assert_int_eq(e->game.entries[0].move, m);
    engine_free(e);
}
END_TEST

/* A game won by a connection keeps its result: genmove gives neither
 * side a move (no resignation is recorded, so the SGF says B+, not
 * B+Resign), and undo takes back the last stone as before. */
START_TEST(genmove_on_a_finished_game_changes_nothing)
{
    engine_t *e = engine_new(7);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(engine_new_game(e, 3, 3), GAME_OK);
    game_t *g = &e->game;
    play_black_connection(g);
    stop_t stop = stop_make(NULL, 1);
    int m;
    double s;
    char buf[32];
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, true, &m, &s), GENMOVE_GAME_OVER);
        ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, true, &m, &s), GENMOVE_GAME_OVER);
        ck_assert_int_eq(g->nentries, 5);
        ck_assert_int_eq(game_resigned(g), HEX_EMPTY);
        ck_assert_int_eq(game_winner(g), HEX_BLACK);
        ck_assert_str_eq(game_result(g, buf, sizeof buf), "B+");
    }
    ck_assert_int_eq(game_undo(g), GAME_OK);
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(position_color_at(&g->pos, cell(g, "b3")), HEX_EMPTY);
    ck_assert_int_eq(game_winner(g), HEX_EMPTY);
    ck_assert_int_eq(game_to_move(g), HEX_BLACK);
    /* a resignation played as a move ends it too */
    ck_assert_int_eq(game_play(g, HEX_WHITE, MOVE_RESIGN, false, -1), GAME_OK);
    ck_assert_int_eq(engine_genmove(e, HEX_WHITE, &stop, true, &m, &s), GENMOVE_GAME_OVER);
    ck_assert_str_eq(game_result(g, buf, sizeof buf), "B+Resign");
    engine_free(e);
}
END_TEST

START_TEST(benchmark_stops_when_interrupted)
{
    geometry_t *geo = geometry_new(11, 11);
    rng_t rng;
    rng_seed(&rng, 1);
    _Atomic uint64_t interrupted = 5;
    stop_t stop = stop_make(&interrupted, 5);   /* already interrupted */
    benchmark_result_t r;
    double t0 = stop_now();
    ck_assert(benchmark_random_fills(geo, 60, &stop, &rng, &r));
    ck_assert(stop_now() - t0 < 5);
    ck_assert_uint_gt(r.games, 0);
    ck_assert_uint_le(r.black_wins, r.games);
    geometry_unref(geo);
}
END_TEST

static Suite *
engine_suite(void)
{
    Suite *s = suite_create("engine");
    TCase *tc = tcase_create("game");
    tcase_add_test(tc, game_play_and_undo_one_entry_each);
    tcase_add_test(tc, game_played_resignation_is_one_entry);
    tcase_add_test(tc, game_resign_is_not_an_entry);
    tcase_add_test(tc, game_resign_after_a_connection);
    tcase_add_test(tc, game_result_parse_reads_sgf_spellings);
    tcase_add_test(tc, game_result_follows_the_record);
    tcase_add_test(tc, game_swap_only_as_move_two);
    tcase_add_test(tc, game_set_to_move_survives_undo_of_later_entries);
    tcase_add_test(tc, game_reset_bad_size_keeps_game);
    tcase_add_test(tc, game_copy_and_replace_keep_info);
    suite_add_tcase(s, tc);
    tc = tcase_create("clock");
    tcase_add_test(tc, clock_budget_shares_main_time);
    tcase_add_test(tc, clock_byo_yomi_periods);
    tcase_add_test(tc, clock_limits_increments_and_safety);
    tcase_add_test(tc, swap_tables_are_read_or_refused);
    suite_add_tcase(s, tc);
    tc = tcase_create("param");
    tcase_add_test(tc, param_set_validates_and_formats);
    tcase_add_test(tc, param_net_loads_and_switches);
    tcase_add_test(tc, param_groups_apply_their_changes);
    tcase_add_test(tc, time_settings_are_checked_and_kept);
    tcase_add_test(tc, move_time_holds_until_a_game_clock_is_set);
    tcase_add_test(tc, threads_are_the_programs_unless_the_solver_says);
    tcase_add_test(tc, solver_session_keeps_its_table);
    suite_add_tcase(s, tc);
    tc = tcase_create("player");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, player_tables_agree);
    tcase_add_test(tc, new_engine_plays_the_scns_player);
    tcase_add_test(tc, random_player_plays_legal_moves_to_the_end);
    tcase_add_test(tc, resistance_player_plays_legal_moves_to_the_end);
    tcase_add_test(tc, scns_player_plays_legal_moves_to_the_end);
    tcase_add_test(tc, scns_player_wins_at_once_and_reports_its_search);
    tcase_add_test(tc, scns_player_runs_the_solver_beside_it);
    tcase_add_test(tc, scns_params_are_table_1);
    tcase_add_test(tc, players_own_their_parameter_groups);
    tcase_add_test(tc, players_report_their_last_search_through_the_hook);
    tcase_add_test(tc, genmove_charges_the_clock_and_reg_genmove_does_not);
    tcase_add_test(tc, genmove_on_a_finished_game_changes_nothing);
    tcase_add_test(tc, benchmark_stops_when_interrupted);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(engine_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
