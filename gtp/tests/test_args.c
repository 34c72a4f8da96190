/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of gtp/args: each decoder's values, its messages, and that
 * a refused argument leaves the output as it was. */

#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "gtp/args.h"

/* A command with the given arguments (only argc and argv are read). */
static htp_cmd_t
command(int argc, char **argv)
{
    htp_cmd_t cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.argc = argc;
    for (int i = 0; i < argc; i++)
        cmd.argv[i] = argv[i];
    return cmd;
}

START_TEST(count_is_a_closed_range)
{
    char a[] = "a", b[] = "b";
    char *argv[] = { a, b };
    htp_cmd_t none = command(0, argv), two = command(2, argv);
    ck_assert(args_count(&none, 0, 0));
    ck_assert(args_count(&none, 0, 1));
    ck_assert(!args_count(&none, 1, 2));
    ck_assert(args_count(&two, 1, 2));
    ck_assert(args_count(&two, 2, 2));
    ck_assert(!args_count(&two, 0, 1));
    ck_assert(!args_count(&two, 3, 3));
}
END_TEST

START_TEST(colours_in_any_case_and_a_message_for_the_rest)
{
    char err[ARGS_ERRLEN];
    hex_color_t c = HEX_EMPTY;
    ck_assert(args_color("b", &c, err, sizeof err));
    ck_assert_int_eq(c, HEX_BLACK);
    ck_assert(args_color("WHITE", &c, err, sizeof err));
    ck_assert_int_eq(c, HEX_WHITE);
    ck_assert(args_color("Black", &c, err, sizeof err));
    ck_assert_int_eq(c, HEX_BLACK);
    ck_assert(!args_color("purple", &c, err, sizeof err));
    ck_assert_str_eq(err, "invalid colour: purple (use black, white, b or w)");
    ck_assert_int_eq(c, HEX_BLACK);
    ck_assert(!args_color("", &c, err, sizeof err));
}
END_TEST

/* A text and what it reads as: a cell (col, row), or a special id. */
typedef struct reading {
    const char *text;
    int col, row;               /* col < 0: the id is `special` */
    int special;
} reading_t;

/* Every good text reads as it says with fn on a width x height board;
 * every bad one (text, message) is refused with its message, the id left
 * as it was. */
START_TEST(only_colour_answers_the_command_itself)
{
    static const htp_command_t query = { "compute-inferior", NULL, "COLOUR", "" };
    char w[] = "W", purple[] = "purple";
    char *argv[] = { w }, *bad[] = { purple };
    hex_color_t c = HEX_EMPTY;
    htp_status_t st = HTP_OK;
    htp_cmd_t one = command(1, argv);
    one.command = &query;
    ck_assert(args_only_color(&one, &c, &st));
    ck_assert_int_eq(c, HEX_WHITE);
    ck_assert_int_eq(st, HTP_OK);
    htp_cmd_t none = command(0, argv);
    none.command = &query;
    ck_assert(!args_only_color(&none, &c, &st));
    ck_assert_int_eq(st, HTP_FAILED);
    ck_assert_str_eq(strbuf_str(&none.reply), "usage: compute-inferior COLOUR");
    strbuf_free(&none.reply);
    htp_cmd_t wrong = command(1, bad);
    wrong.command = &query;
    ck_assert(!args_only_color(&wrong, &c, &st));
    ck_assert_int_eq(st, HTP_FAILED);
    ck_assert_int_eq(c, HEX_WHITE);
    ck_assert_str_eq(strbuf_str(&wrong.reply), "invalid colour: purple (use black, white, b or w)");
    strbuf_free(&wrong.reply);
}
END_TEST

static void
check_readings(bool (*fn)(const geometry_t *, const char *, int *, char *, size_t),
               int width, int height, const reading_t *good, size_t ngood,
               const char *const (*bad)[2], size_t nbad)
{
    char err[ARGS_ERRLEN];
    geometry_t *g = geometry_new(width, height);
    ck_assert_ptr_nonnull(g);
    int id = -100, want = id;
    for (size_t i = 0; i < ngood; i++) {
        want = good[i].col >= 0 ? geometry_cell(g, good[i].col, good[i].row) : good[i].special;
        ck_assert_msg(fn(g, good[i].text, &id, err, sizeof err), "%s refused", good[i].text);
        ck_assert_int_eq(id, want);
    }
    for (size_t i = 0; i < nbad; i++) {
        ck_assert_msg(!fn(g, bad[i][0], &id, err, sizeof err), "%s read", bad[i][0]);
        ck_assert_str_eq(err, bad[i][1]);
        ck_assert_int_eq(id, want);
    }
    geometry_unref(g);
}

START_TEST(moves_cells_specials_and_off_board)
{
    static const reading_t good[] = {
        { "a1", 0, 0, 0 }, { "E4", 4, 3, 0 }, { "swap-pieces", -1, 0, MOVE_SWAP },
        { "swap", -1, 0, MOVE_SWAP }, { "resign", -1, 0, MOVE_RESIGN },
    };
    static const char *const bad[][2] = {
        { "f1", "cell f1 is off the 5x4 board" }, { "a5", "cell a5 is off the 5x4 board" },
        { "hello", "invalid move: hello" },
    };
    check_readings(args_move, 5, 4, good, sizeof good / sizeof good[0], bad,
                   sizeof bad / sizeof bad[0]);
}
END_TEST

/* A special move is no endpoint, nor is a cell off the board. */
START_TEST(endpoints_are_cells_or_edges)
{
    static const reading_t good[] = {
        { "north", -1, 0, HEX_NORTH }, { "SOUTH", -1, 0, HEX_SOUTH },
        { "West", -1, 0, HEX_WEST }, { "east", -1, 0, HEX_EAST }, { "b2", 1, 1, 0 },
    };
    static const char *const bad[][2] = {
        { "swap-pieces", "invalid cell: swap-pieces" }, { "resign", "invalid cell: resign" },
        { "d1", "invalid cell: d1" }, { "north-east", "invalid cell: north-east" },
    };
    check_readings(args_endpoint, 3, 3, good, sizeof good / sizeof good[0], bad,
                   sizeof bad / sizeof bad[0]);
}
END_TEST

START_TEST(integers_in_range_whole_text)
{
    char err[ARGS_ERRLEN];
    long v = -1;
    ck_assert(args_int("0", 0, 10, &v, err, sizeof err));
    ck_assert_int_eq(v, 0);
    ck_assert(args_int("10", 0, 10, &v, err, sizeof err));
    ck_assert_int_eq(v, 10);
    ck_assert(args_int("-3", -5, 5, &v, err, sizeof err));
    ck_assert_int_eq(v, -3);
    v = 4;
    ck_assert(!args_int("11", 0, 10, &v, err, sizeof err));
    ck_assert_str_eq(err, "invalid number: 11 (an integer from 0 to 10)");
    ck_assert(!args_int("-1", 0, 10, &v, err, sizeof err));
    ck_assert(!args_int("3x", 0, 10, &v, err, sizeof err));
    ck_assert(!args_int("2.5", 0, 10, &v, err, sizeof err));
    ck_assert(!args_int("", 0, 10, &v, err, sizeof err));
    ck_assert(!args_int("99999999999999999999999", 0, 10, &v, err, sizeof err));
    ck_assert_int_eq(v, 4);
}
END_TEST

START_TEST(seconds_and_limits_from_zero_to_their_maximum)
{
    char err[ARGS_ERRLEN];
    double s = -1;
    ck_assert(args_seconds("0", 60, &s, err, sizeof err));
    ck_assert(s == 0);
    ck_assert(args_seconds("2.5", 60, &s, err, sizeof err));
    ck_assert(s == 2.5);
    ck_assert(args_seconds("60", 60, &s, err, sizeof err));
    ck_assert(s == 60);
    ck_assert(!args_seconds("61", 60, &s, err, sizeof err));
    ck_assert_str_eq(err, "invalid time: 61 (seconds from 0 to 60)");
    const char *bad[] = { "-1", "ten", "", "1s", "nan", "inf", "1e400" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert(!args_seconds(bad[i], 60, &s, err, sizeof err));
        ck_assert(!args_limit(bad[i], &s, err, sizeof err));
    }
    ck_assert(s == 60);
    ck_assert(args_limit("0", &s, err, sizeof err));
    ck_assert(s == 0);
    ck_assert(args_limit("1e7", &s, err, sizeof err));
    ck_assert(s == ARGS_LIMIT_MAX);
    ck_assert(!args_limit("soon", &s, err, sizeof err));
    ck_assert_str_eq(err, "invalid seconds: soon");
    ck_assert(!args_limit("1.5e7", &s, err, sizeof err));
    ck_assert_str_eq(err, "invalid seconds: 1.5e7");
}
END_TEST

START_TEST(optional_limit_keeps_the_default_when_absent)
{
    char err[ARGS_ERRLEN];
    char black[] = "black", five[] = "5", x[] = "x";
    char *argv[] = { black, five, x };
    htp_cmd_t one = command(1, argv), two = command(2, argv);
    double s = 42;
    ck_assert(args_optional_limit(&one, 1, &s, err, sizeof err));
    ck_assert(s == 42);
    ck_assert(args_optional_limit(&two, 1, &s, err, sizeof err));
    ck_assert(s == 5);
    ck_assert(!args_optional_limit(&two, 0, &s, err, sizeof err));
    ck_assert_str_eq(err, "invalid seconds: black");
    ck_assert(s == 5);
}
END_TEST

START_TEST(messages_are_cut_to_the_buffer)
{
    char small[12];
    hex_color_t c;
    ck_assert(!args_color("purple", &c, small, sizeof small));
    ck_assert_str_eq(small, "invalid col");
}
END_TEST

static Suite *
args_suite(void)
{
    Suite *s = suite_create("args");
    TCase *tc = tcase_create("decoders");
    tcase_add_test(tc, count_is_a_closed_range);
    tcase_add_test(tc, colours_in_any_case_and_a_message_for_the_rest);
    tcase_add_test(tc, only_colour_answers_the_command_itself);
    tcase_add_test(tc, moves_cells_specials_and_off_board);
    tcase_add_test(tc, endpoints_are_cells_or_edges);
    tcase_add_test(tc, integers_in_range_whole_text);
    tcase_add_test(tc, seconds_and_limits_from_zero_to_their_maximum);
    tcase_add_test(tc, optional_limit_keeps_the_default_when_absent);
    tcase_add_test(tc, messages_are_cut_to_the_buffer);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(args_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
