/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for hein-match's parts that need no engine: the Elo and
 * Wilson arithmetic, the clocks, the judging of genmove replies, the
 * openings, the lines it writes and the plot of the win rate. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sgf.h"
#include "tools/match/match_clock.h"
#include "tools/match/match_judge.h"
#include "tools/match/match_openings.h"
#include "tools/match/match_plot.h"
#include "tools/match/match_record.h"
#include "tools/match/match_stats.h"

#define A 0
#define B 1

/* ---- helpers --------------------------------------------------------- */

#define assert_near(x, y, eps)                                               \
    ck_assert_msg(fabs((x) - (y)) <= (eps), "%s = %.9g, expected %.9g",     \
                  #x, (double)(x), (double)(y))

static match_judge_t *
new_judge(int w, int h, int black, bool allow_swap)
{
    match_judge_t *j = malloc(sizeof *j);

    ck_assert_ptr_nonnull(j);
    ck_assert(match_judge_init(j, w, h, black, allow_swap));
    return j;
}

static void
delete_judge(match_judge_t *j)
{
    match_judge_free(j);
    free(j);
}

/* Prints the game of a judge that failed a check, as SGF. */
static void
dump(const match_judge_t *j)
{
    char *text = sgf_write_text(&j->game, "test_match");

    fprintf(stderr, "the game: %s\n", text ? text : "(no memory)");
    free(text);
}

/* Plays a reply that must be a legal move, game going on. */
static void
play_ok(match_judge_t *j, const char *reply)
{
    int move = match_judge_reply(j, reply, 0.5, 9.5);

    if (move == MOVE_NONE || j->over)
        dump(j);
    ck_assert_msg(move != MOVE_NONE, "'%s' refused: %s", reply, j->detail);
    ck_assert_msg(!j->over, "'%s' ended the game: %s", reply, j->detail);
}

/* Plays a reply that must lose for the engine to move. */
static void
play_loses(match_judge_t *j, const char *reply, match_reason_t reason,
           const char *detail)
{
    int who = match_judge_engine(j);
    int nentries = j->game.nentries;

    ck_assert_int_eq(match_judge_reply(j, reply, 0.5, 9.5), MOVE_NONE);
    if (!j->over || j->winner != 1 - who || j->reason != reason
        || strcmp(j->detail, detail) != 0)
        dump(j);
    ck_assert(j->over);
    ck_assert_int_eq(j->winner, 1 - who);
    ck_assert_str_eq(match_reason_name(j->reason), match_reason_name(reason));
    ck_assert_str_eq(j->detail, detail);
    if (reason != MATCH_REASON_RESIGN)
        ck_assert_int_eq(j->game.nentries, nentries);
}

/* ---- Elo and Wilson -------------------------------------------------- */

START_TEST(elo_of_even_and_three_quarter_scores)
{
    char buf[32];

    assert_near(match_stats_elo(0.5), 0.0, 1e-9);
    assert_near(match_stats_elo(0.75), 190.8485, 1e-4);
    assert_near(match_stats_elo(0.25), -190.8485, 1e-4);
    assert_near(match_stats_elo(0.6), 70.4365, 1e-4);
    ck_assert_str_eq(match_stats_format_elo(match_stats_elo(0.75), buf,
                                            sizeof buf), "+190.8");
    ck_assert_str_eq(match_stats_format_elo(match_stats_elo(0.25), buf,
                                            sizeof buf), "-190.8");
    ck_assert_str_eq(match_stats_format_elo(match_stats_elo(0.5), buf,
                                            sizeof buf), "0.0");
}
END_TEST

START_TEST(elo_is_infinite_without_nan_at_zero_and_one)
{
    char buf[32];

    ck_assert(isinf(match_stats_elo(1.0)) && match_stats_elo(1.0) > 0);
    ck_assert(isinf(match_stats_elo(0.0)) && match_stats_elo(0.0) < 0);
    ck_assert(isinf(match_stats_elo(1.5)) && match_stats_elo(-0.1) < 0);
    ck_assert(isinf(match_stats_elo(NAN)));
    ck_assert_str_eq(match_stats_format_elo(INFINITY, buf, sizeof buf),
                     "+inf");
    ck_assert_str_eq(match_stats_format_elo(-INFINITY, buf, sizeof buf),
                     "-inf");
}
END_TEST

START_TEST(wilson_interval_matches_hand_computed_bounds)
{
    double lo, hi;

    /* 50/100: 0.5 +- 1.96 * sqrt(0.0025 + z^2/40000) / (1 + z^2/100). */
    match_stats_wilson(50, 100, MATCH_STATS_Z95, &lo, &hi);
    assert_near(lo, 0.403832, 1e-6);
    assert_near(hi, 0.596168, 1e-6);
    assert_near(match_stats_elo(lo), -67.6675, 1e-3);
    assert_near(match_stats_elo(hi), 67.6675, 1e-3);
    match_stats_wilson(75, 100, MATCH_STATS_Z95, &lo, &hi);
    assert_near(lo, 0.656955, 1e-6);
    assert_near(hi, 0.824548, 1e-6);
    assert_near(match_stats_elo(lo), 112.874, 1e-3);
    assert_near(match_stats_elo(hi), 268.823, 1e-3);
    match_stats_wilson(12, 20, MATCH_STATS_Z95, &lo, &hi);
    assert_near(lo, 0.386582, 1e-6);
    assert_near(hi, 0.781193, 1e-6);
}
END_TEST

START_TEST(wilson_interval_of_a_clean_sweep_reaches_one_exactly)
{
    double lo, hi;

    /* All won: [1 / (1 + z^2/n), 1]. */
    match_stats_wilson(10, 10, MATCH_STATS_Z95, &lo, &hi);
    assert_near(lo, 1.0 / (1.0 + MATCH_STATS_Z95 * MATCH_STATS_Z95 / 10),
                1e-12);
    ck_assert(hi == 1.0);
    ck_assert(isinf(match_stats_elo(hi)));
    match_stats_wilson(0, 10, MATCH_STATS_Z95, &lo, &hi);
    ck_assert(lo == 0.0);
    assert_near(hi, 0.277533, 1e-6);
    ck_assert(match_stats_elo(lo) < 0 && isinf(match_stats_elo(lo)));
    match_stats_wilson(1, 1, MATCH_STATS_Z95, &lo, &hi);
    ck_assert(lo > 0 && lo < 1 && hi == 1.0);
}
END_TEST

static match_result_t
result(int game, int winner, hex_color_t color, match_reason_t reason)
{
    match_result_t r = {
        .game = game, .opening_text = "a2", .winner = winner,
        .winner_color = color, .reason = reason, .moves = 9,
        .timing = { { 5, 1.5, 0.5, { { 5, 1.5, 0.5 } } },
                    { 5, 0.25, 0.125, { { 3, 0.15, 0.125 }, { 2, 0.1, 0.05 } } } }
    };

    r.black = color == HEX_BLACK ? winner : 1 - winner;
    r.white = 1 - r.black;
    snprintf(r.detail, sizeof r.detail, "why");
    return r;
}

START_TEST(tally_counts_wins_per_engine_and_colour)
{
    match_tally_t t = { 0 };
    match_result_t rs[] = {
        result(0, A, HEX_BLACK, MATCH_REASON_CONNECTION),
        result(1, A, HEX_WHITE, MATCH_REASON_RESIGN),
        result(2, B, HEX_WHITE, MATCH_REASON_CONNECTION),
        result(3, A, HEX_WHITE, MATCH_REASON_TIME),
    };

    for (size_t i = 0; i < sizeof rs / sizeof rs[0]; i++)
        match_tally_add(&t, &rs[i]);
    ck_assert_int_eq(t.games, 4);
    ck_assert_int_eq(t.wins[A], 3);
    ck_assert_int_eq(t.wins[B], 1);
    ck_assert_int_eq(t.wins_as[A][HEX_BLACK], 1);
    ck_assert_int_eq(t.wins_as[A][HEX_WHITE], 2);
    ck_assert_int_eq(t.games_as[A][HEX_BLACK], 2);   /* games 0 and 2 */
    ck_assert_int_eq(t.games_as[A][HEX_WHITE], 2);
    ck_assert_int_eq(t.wins_as[B][HEX_WHITE], 1);
    ck_assert_int_eq(t.games_as[B][HEX_BLACK], 2);
    ck_assert_int_eq(t.color_wins[HEX_WHITE], 3);
    ck_assert_int_eq(t.reasons[MATCH_REASON_CONNECTION], 2);
    ck_assert_int_eq(t.reasons[MATCH_REASON_TIME], 1);
    ck_assert_mem_eq(t.winners, "\0\0\1\0", 4);    /* in the order added */
    match_tally_free(&t);
}
END_TEST

START_TEST(tally_adds_each_engines_genmove_times)
{
    match_tally_t t = { 0 };
    match_result_t r = result(0, A, HEX_BLACK, MATCH_REASON_CONNECTION);

    match_tally_add(&t, &r);
    r = result(1, B, HEX_BLACK, MATCH_REASON_CONNECTION);
    r.timing[B] = (match_timing_t){ 3, 3.0, 2.0, { { 3, 3.0, 2.0 } } };
    match_tally_add(&t, &r);
    ck_assert_int_eq(t.timing[A].moves, 10);
    assert_near(t.timing[A].total, 3.0, 1e-12);
    assert_near(t.timing[A].longest, 0.5, 1e-12);
    ck_assert_int_eq(t.timing[B].moves, 8);
    assert_near(t.timing[B].total, 3.25, 1e-12);
    assert_near(t.timing[B].longest, 2.0, 1e-12);
    assert_near(match_timing_mean(&t.timing[B]), 3.25 / 8, 1e-12);
    match_tally_free(&t);
}
END_TEST

START_TEST(timing_counts_moves_and_keeps_the_longest)
{
    match_timing_t t = { 0 }, u = { 0 };

    assert_near(match_timing_mean(&t), 0, 0);
    match_timing_add(&t, 2, 0.25);
    match_timing_add(&t, 11, 1.0);
    match_timing_add(&t, 500, 0.5);
    ck_assert_int_eq(t.moves, 3);
    assert_near(t.total, 1.75, 1e-12);
    assert_near(t.longest, 1.0, 0);
    match_timing_add(&u, 10, 0.75);
    match_timing_merge(&u, &t);
    ck_assert_int_eq(u.moves, 4);
    assert_near(u.total, 2.5, 1e-12);
    assert_near(u.longest, 1.0, 0);
    assert_near(match_timing_mean(&u), 0.625, 1e-12);
    /* by move number: 1-10 (moves 2 and 10), 11-20, the last phase */
    ck_assert_int_eq(u.phase[0].moves, 2);
    assert_near(u.phase[0].total, 1.0, 1e-12);
    assert_near(u.phase[0].longest, 0.75, 0);
    ck_assert_int_eq(u.phase[1].moves, 1);
    ck_assert_int_eq(u.phase[MATCH_PHASES - 1].moves, 1);
    assert_near(u.phase[MATCH_PHASES - 1].longest, 0.5, 0);
}
END_TEST

START_TEST(summary_names_every_figure)
{
    match_tally_t t = { 0 };
    match_summary_t s = {
        .names = { "hein 0.1.0 (A)", "hein 0.1.0 (B)" },
        .commands = { "hein --seed 1", "hein --seed 2" },
        .width = 7, .height = 7, .planned = 4,
        .time_control = "1 s per move (tolerance 1 s)",
        .openings = "20, default", .swap = false
    };
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);

    for (int g = 0; g < 4; g++) {
        match_result_t r = result(g, A, g % 2 ? HEX_WHITE : HEX_BLACK,
                                  MATCH_REASON_CONNECTION);

        match_tally_add(&t, &r);
    }
    match_stats_summary(f, &t, &s);
    fclose(f);
    const char *want[] = {
        "4 of 4 games on 7x7", "A: hein 0.1.0 (A) (hein --seed 1)",
        "A                4         2/2         2/2",
        "B                0         0/2         0/2",
        "black won 2, white won 2", "reasons: connection 4",
        "seconds per move, measured by the referee",
        "engine       moves        mean     longest\n"
        "A               20       0.300       0.500\n"
        "B               20       0.050       0.125\n"
        "by move number:  A moves   mean longest   B moves   mean longest\n"
        "  1-10               20  0.300   0.500        12  0.050   0.125\n"
        "  11-20               0  0.000   0.000         8  0.050   0.050\n",
        "win rate of A: 100.0% (95% interval 51.0% to 100.0%)",
        "Elo A-B: +inf (95% interval +7.0 to +inf)",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_msg(strstr(text, want[i]), "summary lacks '%s':\n%s",
                      want[i], text);
    free(text);
    match_tally_free(&t);
}
END_TEST

/* ---- the plot --------------------------------------------------------- */

/* The row of rate 0.5. */
#define HALF ((MATCH_PLOT_TOP + MATCH_PLOT_BOTTOM) / 2)

/* The plot of `games` games, won by A or B as `pattern` says, cycling
 * ("A", "B", "AB"...). */
static void
plot(png_image_t *img, const char *pattern, int games)
{
    unsigned char winners[64];
    size_t n = strlen(pattern);

    ck_assert_int_le(games, (int)sizeof winners);
    for (int i = 0; i < games; i++)
        winners[i] = pattern[i % n] == 'A' ? A : B;
    match_plot_draw(img, winners, games, NULL);
    ck_assert_int_eq(img->width, MATCH_PLOT_WIDTH);
    ck_assert_int_eq(img->height, MATCH_PLOT_HEIGHT);
}

/* Whether (x, y) is background: paper or a grid line. */
static bool
plot_blank(const png_image_t *img, int x, int y)
{
    unsigned char c = png_get(img, x, y);

    return c == MATCH_PLOT_PAPER || c == MATCH_PLOT_GRID;
}

/* How many pixels of the plot area have a colour. */
static int
plot_count(const png_image_t *img, unsigned char color)
{
    int n = 0;

    for (int y = MATCH_PLOT_TOP; y <= MATCH_PLOT_BOTTOM; y++)
        for (int x = MATCH_PLOT_LEFT; x <= MATCH_PLOT_RIGHT; x++)
            n += png_get(img, x, y) == color;
    return n;
}

START_TEST(plot_of_a_sweep_runs_along_the_top_over_its_band)
{
    png_image_t img;

    plot(&img, "A", 10);
    /* After game 10: rate 1, interval [0.72, 1]; 0.5 outside it. */
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_TOP),
                      MATCH_PLOT_RATE);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_TOP + 60),
                      MATCH_PLOT_BAND);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, HALF),
                      MATCH_PLOT_EVEN);
    ck_assert(plot_blank(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_BOTTOM - 5));
    /* Before game 1 there is nothing but the line at 0.5. */
    ck_assert(plot_blank(&img, MATCH_PLOT_LEFT + 5, MATCH_PLOT_TOP));
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_LEFT + 5, HALF),
                      MATCH_PLOT_EVEN);
    /* The axes and their digits. */
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_LEFT - 1, HALF),
                      MATCH_PLOT_INK);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_BOTTOM + 1),
                      MATCH_PLOT_INK);
    png_image_free(&img);
}
END_TEST

START_TEST(plot_of_a_loss_sweep_runs_along_the_bottom)
{
    png_image_t img;

    plot(&img, "B", 10);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_BOTTOM),
                      MATCH_PLOT_RATE);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT,
                              MATCH_PLOT_BOTTOM - 60), MATCH_PLOT_BAND);
    ck_assert(plot_blank(&img, MATCH_PLOT_RIGHT, MATCH_PLOT_TOP + 5));
    png_image_free(&img);
}
END_TEST

START_TEST(plot_of_even_games_ends_on_the_half_line_in_its_band)
{
    png_image_t img;

    plot(&img, "AB", 40);
    /* 20 of 40: the rate on 0.5, the band about 0.35 to 0.65 round it. */
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, HALF),
                      MATCH_PLOT_RATE);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, HALF - 40),
                      MATCH_PLOT_BAND);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_RIGHT, HALF + 40),
                      MATCH_PLOT_BAND);
    ck_assert(plot_blank(&img, MATCH_PLOT_RIGHT, HALF - 70));
    png_image_free(&img);
}
END_TEST

/* How many pixels of rows y0 to y1 (the whole width) have a colour. */
static int
rows_count(const png_image_t *img, int y0, int y1, unsigned char color)
{
    int n = 0;

    for (int y = y0; y <= y1; y++)
        for (int x = 0; x < img->width; x++)
            n += png_get(img, x, y) == color;
    return n;
}

/* Above the plot: a title and a legend with a sample of each mark; the
 * axes' titles beside their labels. */
START_TEST(plot_has_a_title_a_legend_and_axis_titles)
{
    png_image_t img, other;
    const char *names[2] = { "hein 0.1.0", "MoHex 2.0" };
    const char *others[2] = { "wolve", "six" };

    match_plot_draw(&img, (const unsigned char[]){ 0, 1, 0 }, 3, names);
    match_plot_draw(&other, (const unsigned char[]){ 0, 1, 0 }, 3, others);
    ck_assert_int_gt(rows_count(&img, 0, MATCH_PLOT_TOP - 20, MATCH_PLOT_INK), 100);
    /* the title says the names: another pair draws another title */
    bool differs = false;
    for (int y = 0; y < MATCH_PLOT_TOP - 20; y++)
        for (int x = 0; x < img.width; x++)
            differs |= png_get(&img, x, y) != png_get(&other, x, y);
    ck_assert(differs);
    /* the legend's samples: the rate's line, the band, the 0.5 line */
    ck_assert_int_gt(rows_count(&img, MATCH_PLOT_TOP - 20, MATCH_PLOT_TOP - 4, MATCH_PLOT_RATE),
                     30);
    ck_assert_int_gt(rows_count(&img, MATCH_PLOT_TOP - 20, MATCH_PLOT_TOP - 4, MATCH_PLOT_BAND),
                     150);
    ck_assert_int_gt(rows_count(&img, MATCH_PLOT_TOP - 20, MATCH_PLOT_TOP - 4, MATCH_PLOT_EVEN),
                     15);
    ck_assert_int_gt(rows_count(&img, MATCH_PLOT_TOP - 20, MATCH_PLOT_TOP - 4, MATCH_PLOT_INK),
                     300);
    /* x's title under its digits; y's left of its labels */
    ck_assert_int_gt(rows_count(&img, MATCH_PLOT_BOTTOM + 22, img.height - 1, MATCH_PLOT_INK),
                     50);
    int left = 0;
    for (int y = MATCH_PLOT_TOP; y <= MATCH_PLOT_BOTTOM; y++)
        for (int x = 0; x < 16; x++)
            left += png_get(&img, x, y) == MATCH_PLOT_INK;
    ck_assert_int_gt(left, 50);
    png_image_free(&img);
    png_image_free(&other);
}
END_TEST

START_TEST(plot_without_games_has_only_the_axes_and_the_half_line)
{
    png_image_t img;

    plot(&img, "A", 0);
    ck_assert_int_eq(plot_count(&img, MATCH_PLOT_RATE), 0);
    ck_assert_int_eq(plot_count(&img, MATCH_PLOT_BAND), 0);
    ck_assert_int_eq(plot_count(&img, MATCH_PLOT_EVEN),
                     MATCH_PLOT_RIGHT - MATCH_PLOT_LEFT + 1);
    ck_assert_uint_eq(png_get(&img, MATCH_PLOT_LEFT - 1, HALF),
                      MATCH_PLOT_INK);
    png_image_free(&img);
}
END_TEST

/* ---- clocks ---------------------------------------------------------- */

START_TEST(move_time_allows_the_tolerance_and_not_a_millisecond_more)
{
    match_tc_t tc = { MATCH_TC_MOVE, 1.0, 0, 1.0 };
    match_clock_t c;
    char buf[64];
    double left;

    match_clock_init(&c, &tc);
    match_tc_settings(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_settings 0 1 1");
    match_clock_time_left(&c, A, HEX_BLACK, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_left black 1 1");
    assert_near(match_clock_limit(&c, A), 2.0, 1e-12);
    ck_assert(match_clock_charge(&c, A, 0.25, &left));
    assert_near(left, 0.75, 1e-12);
    ck_assert(match_clock_charge(&c, A, 1.5, &left));
    assert_near(left, 0.0, 1e-12);
    ck_assert(match_clock_charge(&c, A, 2.0, &left));      /* the edge */
    ck_assert(!match_clock_charge(&c, A, 2.001, &left));
    /* Every move gets the whole time again. */
    assert_near(match_clock_limit(&c, A), 2.0, 1e-12);
    tc.tolerance = 0;
    match_clock_init(&c, &tc);
    ck_assert(match_clock_charge(&c, B, 1.0, &left));
    ck_assert(!match_clock_charge(&c, B, 1.0001, &left));
}
END_TEST

START_TEST(game_time_takes_off_the_move_then_adds_the_increment)
{
    match_tc_t tc = { MATCH_TC_GAME, 10.0, 2.0, 1.0 };
    match_clock_t c;
    char buf[64];
    double left;

    match_clock_init(&c, &tc);
    match_tc_settings(&tc, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_settings 10 0 0");
    assert_near(match_clock_limit(&c, A), 11.0, 1e-12);
    ck_assert(match_clock_charge(&c, A, 3.0, &left));
    assert_near(left, 9.0, 1e-12);                  /* 10 - 3 + 2 */
    match_clock_time_left(&c, A, HEX_WHITE, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_left white 9 0");
    /* B's clock is its own. */
    match_clock_time_left(&c, B, HEX_BLACK, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_left black 10 0");
    /* Down to -tolerance is still in time; the increment comes after. */
    ck_assert(match_clock_charge(&c, A, 10.0, &left));
    assert_near(c.left[A], 1.0, 1e-12);             /* 9 - 10 + 2 */
    assert_near(left, 1.0, 1e-12);
    ck_assert(match_clock_charge(&c, A, 1.9, &left));       /* -0.9 + 2 */
    assert_near(left, 1.1, 1e-12);
    ck_assert(!match_clock_charge(&c, A, 2.2, &left));      /* -1.1 */
    assert_near(left, 0.0, 1e-12);

    /* Below zero after the increment: recorded and sent as 0. */
    tc.seconds = 5;
    tc.increment = 0.25;
    match_clock_init(&c, &tc);
    ck_assert(match_clock_charge(&c, B, 5.8, &left));       /* -0.8 + 0.25 */
    assert_near(c.left[B], -0.55, 1e-12);
    assert_near(left, 0.0, 1e-12);
    match_clock_time_left(&c, B, HEX_WHITE, buf, sizeof buf);
    ck_assert_str_eq(buf, "time_left white 0 0");
    assert_near(match_clock_limit(&c, B), 0.45, 1e-12);
    ck_assert(!match_clock_charge(&c, B, 0.5, &left));      /* -1.05 */
}
END_TEST

START_TEST(game_time_without_increment_is_sudden_death)
{
    match_tc_t tc = { MATCH_TC_GAME, 5.0, 0, 0.5 };
    match_clock_t c;
    double left;

    match_clock_init(&c, &tc);
    ck_assert(match_clock_charge(&c, B, 2.25, &left));
    assert_near(left, 2.75, 1e-12);
    ck_assert(match_clock_charge(&c, B, 3.25, &left));      /* -0.5 */
    ck_assert(!match_clock_charge(&c, B, 0.001, &left));
}
END_TEST

START_TEST(time_options_parse_and_format)
{
    double s, inc;
    char buf[32];

    ck_assert(match_tc_parse_game("60+1", &s, &inc));
    assert_near(s, 60, 0);
    assert_near(inc, 1, 0);
    ck_assert(match_tc_parse_game("0.5+0", &s, &inc));
    ck_assert(match_tc_parse_game("300", &s, &inc));
    assert_near(inc, 0, 0);
    ck_assert(!match_tc_parse_game("+1", &s, &inc));
    ck_assert(!match_tc_parse_game("60+", &s, &inc));
    ck_assert(!match_tc_parse_game("60+-1", &s, &inc));
    ck_assert(!match_tc_parse_game("60++1", &s, &inc));
    ck_assert(!match_tc_parse_game("0", &s, &inc));
    ck_assert(!match_tc_parse_seconds("-1", true, &s));
    ck_assert(!match_tc_parse_seconds("1s", true, &s));
    ck_assert(!match_tc_parse_seconds("nan", true, &s));
    ck_assert(!match_tc_parse_seconds("1e9", true, &s));
    ck_assert(match_tc_parse_seconds("0", true, &s));
    ck_assert(!match_tc_parse_seconds("0", false, &s));
    ck_assert_str_eq(match_tc_format(10, buf, sizeof buf), "10");
    ck_assert_str_eq(match_tc_format(0.5, buf, sizeof buf), "0.5");
    ck_assert_str_eq(match_tc_format(12.3456, buf, sizeof buf), "12.346");
    ck_assert_str_eq(match_tc_format(0, buf, sizeof buf), "0");
    ck_assert_str_eq(match_tc_format(-0.0001, buf, sizeof buf), "0");
}
END_TEST

/* ---- judging --------------------------------------------------------- */

START_TEST(garbage_reply_is_an_illegal_move)
{
    match_judge_t *j = new_judge(5, 5, A, false);

    play_loses(j, "zz99", MATCH_REASON_ILLEGAL, "unparsable reply \"zz99\"");
    ck_assert_int_eq(j->winner, B);
    delete_judge(j);

    j = new_judge(5, 5, B, false);
    play_loses(j, "", MATCH_REASON_ILLEGAL, "unparsable reply \"\"");
    ck_assert_int_eq(j->winner, A);
    delete_judge(j);

    j = new_judge(5, 5, A, false);
    play_loses(j, "c3 d4", MATCH_REASON_ILLEGAL, "unparsable reply \"c3 d4\"");
    delete_judge(j);
}
END_TEST

START_TEST(occupied_cell_loses_and_is_not_recorded)
{
    match_judge_t *j = new_judge(5, 5, A, false);

    play_ok(j, "C3");                   /* any case */
    ck_assert_int_eq(match_judge_engine(j), B);
    play_loses(j, "c3", MATCH_REASON_ILLEGAL, "occupied cell c3");
    ck_assert_int_eq(j->winner, A);
    ck_assert_int_eq(match_judge_moves(j), 1);
    delete_judge(j);
}
END_TEST

START_TEST(off_board_cell_loses)
{
    match_judge_t *j = new_judge(5, 4, A, false);

    play_loses(j, "f1", MATCH_REASON_ILLEGAL, "off-board cell f1");
    delete_judge(j);
    j = new_judge(5, 4, A, false);
    play_loses(j, "a5", MATCH_REASON_ILLEGAL, "off-board cell a5");
    delete_judge(j);
}
END_TEST

START_TEST(swap_without_the_swap_option_is_illegal)
{
    match_judge_t *j = new_judge(5, 5, A, false);

    play_ok(j, "a2");
    play_loses(j, "swap-pieces", MATCH_REASON_ILLEGAL,
               "swap-pieces, but the match is played without --swap");
    ck_assert_int_eq(j->winner, A);
    delete_judge(j);
}
END_TEST

START_TEST(swap_with_the_option_exchanges_the_colours)
{
    match_judge_t *j = new_judge(5, 5, A, true);

    play_ok(j, "a2");                   /* A, black */
    ck_assert_int_eq(match_judge_engine(j), B);
    ck_assert_int_eq(match_judge_reply(j, "swap", 0.5, 9.5), MOVE_SWAP);
    ck_assert(!j->over && j->swapped);
    /* B now owns Black's stone; A plays White and moves next. */
    ck_assert_int_eq(match_judge_color_of(j, B), HEX_BLACK);
    ck_assert_int_eq(match_judge_color_of(j, A), HEX_WHITE);
    ck_assert_int_eq(match_judge_color(j), HEX_WHITE);
    ck_assert_int_eq(match_judge_engine(j), A);
    play_ok(j, "c3");
    ck_assert_int_eq(position_color_at(&j->game.pos, 12), HEX_WHITE);
    ck_assert_int_eq(match_judge_engine(j), B);
    ck_assert_int_eq(match_judge_color(j), HEX_BLACK);
    /* A second swap is out of place. */
    play_loses(j, "swap-pieces", MATCH_REASON_ILLEGAL,
               "swap-pieces is only allowed as White's move 2");
    ck_assert_int_eq(j->winner, A);
    ck_assert_int_eq(j->game.entries[1].move, MOVE_SWAP);
    assert_near(j->game.entries[1].time_left, 9.5, 0);
    delete_judge(j);
}
END_TEST

START_TEST(swap_as_the_first_move_is_illegal)
{
    match_judge_t *j = new_judge(5, 5, B, true);

    play_loses(j, "swap-pieces", MATCH_REASON_ILLEGAL,
               "swap-pieces is only allowed as White's move 2");
    ck_assert_int_eq(j->winner, A);
    delete_judge(j);
}
END_TEST

START_TEST(resignation_loses_and_is_recorded)
{
    match_judge_t *j = new_judge(5, 5, A, false);

    play_ok(j, "b2");
    play_loses(j, "resign", MATCH_REASON_RESIGN, "white resigned");
    ck_assert_int_eq(j->winner, A);
    ck_assert_int_eq(j->game.nentries, 2);
    ck_assert_int_eq(game_resigned(&j->game), HEX_WHITE);
    ck_assert_int_eq(match_judge_moves(j), 1);
    delete_judge(j);
}
END_TEST

START_TEST(connection_wins_for_the_engine_owning_the_colour)
{
    /* 3x3: Black b1 b2 b3 joins north and south. */
    const char *moves[] = { "b1", "a1", "b2", "a2" };
    match_judge_t *j = new_judge(3, 3, B, false);

    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        play_ok(j, moves[i]);
    ck_assert_int_ne(match_judge_reply(j, "b3", 1.25, 3.5), MOVE_NONE);
    if (!j->over)
        dump(j);
    ck_assert(j->over);
    ck_assert_int_eq(j->winner, B);
    ck_assert_int_eq(j->reason, MATCH_REASON_CONNECTION);
    ck_assert_str_eq(j->detail, "black connected north and south");
    ck_assert_int_eq(match_judge_moves(j), 5);
    /* The time used and left are in the record, for SGF BL/WL. */
    assert_near(j->game.entries[4].seconds, 1.25, 0);
    assert_near(j->game.entries[4].time_left, 3.5, 0);
    delete_judge(j);
}
END_TEST

START_TEST(white_connection_after_a_swap_goes_to_the_first_player)
{
    /* 3x3, A black; B swaps and owns Black; A (White) joins west-east. */
    match_judge_t *j = new_judge(3, 3, A, true);

    play_ok(j, "c1");
    ck_assert_int_eq(match_judge_reply(j, "swap-pieces", 0, -1), MOVE_SWAP);
    play_ok(j, "a2");                   /* A, white */
    play_ok(j, "c3");                   /* B, black */
    play_ok(j, "b2");                   /* A */
    play_ok(j, "a3");                   /* B */
    ck_assert_int_ne(match_judge_reply(j, "c2", 0, -1), MOVE_NONE);
    ck_assert(j->over);
    ck_assert_int_eq(j->winner, A);
    ck_assert_int_eq(match_judge_color_of(j, A), HEX_WHITE);
    delete_judge(j);
}
END_TEST

START_TEST(lose_ends_the_game_once)
{
    match_judge_t *j = new_judge(5, 5, A, false);

    match_judge_lose(j, B, MATCH_REASON_TIMEOUT, "no reply to %s within %d s",
                     "genmove", 3);
    ck_assert(j->over);
    ck_assert_int_eq(j->winner, A);
    ck_assert_str_eq(j->detail, "no reply to genmove within 3 s");
    match_judge_lose(j, A, MATCH_REASON_CRASH, "later");
    ck_assert_int_eq(j->winner, A);
    ck_assert_int_eq(j->reason, MATCH_REASON_TIMEOUT);
    ck_assert_int_eq(match_judge_reply(j, "a1", 0, -1), MOVE_NONE);
    ck_assert_int_eq(j->game.nentries, 0);
    delete_judge(j);
}
END_TEST

START_TEST(openings_are_played_before_the_first_genmove)
{
    match_openings_t o;
    char err[256];
    match_judge_t *j = new_judge(5, 5, A, false);

    ck_assert_msg(match_openings_parse(&o, "a2 c3\n", 5, 5, err, sizeof err),
                  "%s", err);
    match_judge_opening(j, &o.list[0]);
    ck_assert_int_eq(j->game.nentries, 2);
    ck_assert_int_eq(match_judge_color(j), HEX_BLACK);
    ck_assert_int_eq(match_judge_engine(j), A);
    play_loses(j, "c3", MATCH_REASON_ILLEGAL, "occupied cell c3");
    match_openings_free(&o);
    delete_judge(j);
}
END_TEST

/* ---- openings -------------------------------------------------------- */

START_TEST(default_11x11_openings_equal_the_shipped_file)
{
    match_openings_t def, file;
    char err[512];
    const char *path = HEIN_SHARE_DIR "/openings/11x11-edge.txt";

    match_openings_default(&def, 11, 11);
    ck_assert_msg(match_openings_load(&file, path, 11, 11, err, sizeof err),
                  "%s", err);
    ck_assert_int_eq(def.n, 36);
    ck_assert_int_eq(file.n, def.n);
    for (int i = 0; i < def.n; i++) {
        ck_assert_int_eq(file.list[i].nmoves, 1);
        ck_assert_msg(def.list[i].moves[0] == file.list[i].moves[0],
                      "opening %d: %s generated, %s in %s", i + 1,
                      def.list[i].text, file.list[i].text, path);
    }
    ck_assert_str_eq(def.list[0].text, "a2");
    ck_assert_str_eq(def.list[8].text, "a10");
    ck_assert_str_eq(def.list[9].text, "k2");
    ck_assert_str_eq(def.list[18].text, "b1");
    ck_assert_str_eq(def.list[27].text, "b11");
    ck_assert_str_eq(def.list[35].text, "j11");
    match_openings_free(&def);
    match_openings_free(&file);
}
END_TEST

START_TEST(default_openings_of_small_and_narrow_boards)
{
    match_openings_t o;

    match_openings_default(&o, 5, 5);
    ck_assert_int_eq(o.n, 12);
    match_openings_free(&o);
    match_openings_default(&o, 7, 4);
    ck_assert_int_eq(o.n, 2 * 2 + 2 * 5);
    match_openings_free(&o);
    /* Column a is also the last column: listed once. */
    match_openings_default(&o, 1, 5);
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(o.list[2].text, "a4");
    match_openings_free(&o);
    /* Only corners: one empty opening. */
    match_openings_default(&o, 2, 2);
    ck_assert_int_eq(o.n, 1);
    ck_assert_int_eq(o.list[0].nmoves, 0);
    ck_assert_str_eq(o.list[0].text, "");
    match_openings_free(&o);
}
END_TEST

START_TEST(openings_file_skips_blank_lines_and_comments)
{
    match_openings_t o;
    char err[256];
    const char *text = "# header\n\nA2 c3   \n\t b1 # a comment\n"
                       "   # only a comment\nd4 c4 e1\r\n";

    ck_assert_msg(match_openings_parse(&o, text, 5, 5, err, sizeof err),
                  "%s", err);
    ck_assert_int_eq(o.n, 3);
    ck_assert_str_eq(o.list[0].text, "a2 c3");
    ck_assert_int_eq(o.list[0].nmoves, 2);
    ck_assert_str_eq(o.list[1].text, "b1");
    ck_assert_str_eq(o.list[2].text, "d4 c4 e1");
    match_openings_free(&o);
}
END_TEST

START_TEST(bad_openings_are_refused_with_the_line)
{
    static const struct {
        const char *text, *error;
    } cases[] = {
        { "a2\na2 a2\n", "line 2: 'a2': cell is occupied" },
        { "f1\n", "line 1: 'f1' is off the board" },
        { "a2 swap-pieces\n", "line 1: 'swap-pieces' is not allowed in an "
          "opening" },
        { "resign\n", "line 1: 'resign' is not allowed in an opening" },
        { "a2 xyz\n", "line 1: 'xyz' is not a move" },
        { "\n# nothing\n", "no opening found" },
        { "a1 b1 a2 b2 a3\n", "line 1: the opening already connects black" },
    };
    match_openings_t o;
    char err[256];

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_msg(!match_openings_parse(&o, cases[i].text, 5, 3, err,
                                            sizeof err),
                      "'%s' was accepted", cases[i].text);
        ck_assert_str_eq(err, cases[i].error);
        ck_assert_int_eq(o.n, 0);
    }
    ck_assert(!match_openings_load(&o, "/nonexistent/openings", 5, 5, err,
                                   sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "cannot read /nonexistent/openings"));
}
END_TEST

/* ---- records ----------------------------------------------------------- */

START_TEST(results_line_has_every_field)
{
    match_result_t r = result(6, B, HEX_WHITE, MATCH_REASON_ILLEGAL);
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);

    r.opening_text = "a2 c3";
    snprintf(r.detail, sizeof r.detail, "occupied\tcell\nc3");
    match_record_line(f, &r);
    fclose(f);
    ck_assert_str_eq(text, "7\ta2,c3\tA\tB\tB\twhite\tillegal\t9\t1.5\t0.25"
                     "\t0\toccupied cell c3\n");
    free(text);
}
END_TEST

START_TEST(sgf_result_letters_follow_the_reason)
{
    static const struct {
        hex_color_t color;
        match_reason_t reason;
        const char *re;
    } cases[] = {
        { HEX_BLACK, MATCH_REASON_CONNECTION, "B+" },
        { HEX_WHITE, MATCH_REASON_RESIGN, "W+R" },
        { HEX_BLACK, MATCH_REASON_TIME, "B+T" },
        { HEX_WHITE, MATCH_REASON_TIMEOUT, "W+T" },
        { HEX_WHITE, MATCH_REASON_ILLEGAL, "W+F" },
        { HEX_BLACK, MATCH_REASON_CRASH, "B+F" },
        { HEX_BLACK, MATCH_REASON_FORFEIT, "B+F" },
    };
    char buf[16], comment[512];
    const char *names[2] = { "hein", "broken" };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        match_result_t r = result(0, A, cases[i].color, cases[i].reason);

        ck_assert_str_eq(match_record_sgf_result(&r, buf, sizeof buf),
                         cases[i].re);
    }
    match_result_t r = result(0, A, HEX_BLACK, MATCH_REASON_ILLEGAL);
    snprintf(r.detail, sizeof r.detail, "occupied cell c3");
    match_record_comment(&r, names, comment, sizeof comment);
    ck_assert_str_eq(comment, "A (hein) as black beats B (broken) as white "
                     "by illegal: occupied cell c3.\nOpening: a2.");
}
END_TEST

static Suite *
match_suite(void)
{
    Suite *s = suite_create("match");
    TCase *t = tcase_create("stats");

    tcase_add_test(t, elo_of_even_and_three_quarter_scores);
    tcase_add_test(t, elo_is_infinite_without_nan_at_zero_and_one);
    tcase_add_test(t, wilson_interval_matches_hand_computed_bounds);
    tcase_add_test(t, wilson_interval_of_a_clean_sweep_reaches_one_exactly);
    tcase_add_test(t, tally_counts_wins_per_engine_and_colour);
    tcase_add_test(t, tally_adds_each_engines_genmove_times);
    tcase_add_test(t, summary_names_every_figure);
    suite_add_tcase(s, t);
    t = tcase_create("plot");
    tcase_add_test(t, plot_of_a_sweep_runs_along_the_top_over_its_band);
    tcase_add_test(t, plot_of_a_loss_sweep_runs_along_the_bottom);
    tcase_add_test(t, plot_of_even_games_ends_on_the_half_line_in_its_band);
    tcase_add_test(t, plot_without_games_has_only_the_axes_and_the_half_line);
    tcase_add_test(t, plot_has_a_title_a_legend_and_axis_titles);
    suite_add_tcase(s, t);
    t = tcase_create("clock");
    tcase_add_test(t, move_time_allows_the_tolerance_and_not_a_millisecond_more);
    tcase_add_test(t, game_time_takes_off_the_move_then_adds_the_increment);
    tcase_add_test(t, game_time_without_increment_is_sudden_death);
    tcase_add_test(t, time_options_parse_and_format);
    tcase_add_test(t, timing_counts_moves_and_keeps_the_longest);
    suite_add_tcase(s, t);
    t = tcase_create("judge");
    tcase_add_test(t, garbage_reply_is_an_illegal_move);
    tcase_add_test(t, occupied_cell_loses_and_is_not_recorded);
    tcase_add_test(t, off_board_cell_loses);
    tcase_add_test(t, swap_without_the_swap_option_is_illegal);
    tcase_add_test(t, swap_with_the_option_exchanges_the_colours);
    tcase_add_test(t, swap_as_the_first_move_is_illegal);
    tcase_add_test(t, resignation_loses_and_is_recorded);
    tcase_add_test(t, connection_wins_for_the_engine_owning_the_colour);
    tcase_add_test(t, white_connection_after_a_swap_goes_to_the_first_player);
    tcase_add_test(t, lose_ends_the_game_once);
    tcase_add_test(t, openings_are_played_before_the_first_genmove);
    suite_add_tcase(s, t);
    t = tcase_create("openings");
    tcase_add_test(t, default_11x11_openings_equal_the_shipped_file);
    tcase_add_test(t, default_openings_of_small_and_narrow_boards);
    tcase_add_test(t, openings_file_skips_blank_lines_and_comments);
    tcase_add_test(t, bad_openings_are_refused_with_the_line);
    suite_add_tcase(s, t);
    t = tcase_create("records");
    tcase_add_test(t, results_line_has_every_field);
    tcase_add_test(t, sgf_result_letters_follow_the_reason);
    suite_add_tcase(s, t);
    return s;
}

int
main(void)
{
    SRunner *r = srunner_create(match_suite());
    int failed;

    srunner_run_all(r, CK_NORMAL);
    failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
