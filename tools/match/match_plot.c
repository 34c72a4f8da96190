/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tools/match/match_plot.h"
#include "tools/match/match_stats.h"

static const png_color_t match_plot_palette[MATCH_PLOT_COLORS] = {
    [MATCH_PLOT_PAPER] = { 255, 255, 255 },
    [MATCH_PLOT_INK] = { 0, 0, 0 },
    [MATCH_PLOT_GRID] = { 220, 220, 220 },
    [MATCH_PLOT_BAND] = { 190, 210, 240 },
    [MATCH_PLOT_RATE] = { 20, 60, 160 },
    [MATCH_PLOT_EVEN] = { 210, 40, 40 },
};

/* The labels' font (png_label) at scale 1: a character's advance and
 * height; the title's scale, where it fits. */
#define MATCH_PLOT_ADVANCE PNG_LABEL_ADVANCE
#define MATCH_PLOT_DIGIT_HEIGHT PNG_LABEL_HEIGHT
#define MATCH_PLOT_TITLE_SCALE 2
/* The rows of the title and the legend. */
#define MATCH_PLOT_TITLE_Y 5
#define MATCH_PLOT_LEGEND_Y 26

/* The rates marked on y. */
static const struct {
    double rate;
    const char *label;
} match_plot_rates[] = {
    { 0, "0 %" }, { 0.25, "25 %" }, { 0.5, "50 %" }, { 0.75, "75 %" },
    { 1, "100 %" },
};

/* The column of k games finished out of `games` (> 0). */
static int
match_plot_x(int k, int games)
{
    return MATCH_PLOT_LEFT + (int)((long long)k
                                   * (MATCH_PLOT_RIGHT - MATCH_PLOT_LEFT)
                                   / games);
}

/* The row of a rate in [0, 1]. */
static int
match_plot_y(double rate)
{
    return MATCH_PLOT_TOP
        + (int)lround((1 - rate) * (MATCH_PLOT_BOTTOM - MATCH_PLOT_TOP));
}

static int
match_plot_text_width(const char *s)
{
    return png_label_width(s, 1);
}

/* Writes s with its top left corner at (x, y). */
static void
match_plot_text(png_image_t *img, int x, int y, const char *s)
{
    png_label(img, x, y, s, 1, MATCH_PLOT_INK);
}

/* The games between ticks on x: the smallest of 1, 2, 5, 10, 20, 50...
 * that makes at most 10 steps, each wide enough for the longest label
 * (the number of games) and two characters between labels. */
static int
match_plot_step(int games)
{
    static const int mantissas[3] = { 1, 2, 5 };
    const long long width = MATCH_PLOT_RIGHT - MATCH_PLOT_LEFT;
    char label[16];
    long long room;

    snprintf(label, sizeof label, "%d", games);
    room = match_plot_text_width(label) + 2 * MATCH_PLOT_ADVANCE;
    for (int power = 1;; power *= 10) {
        for (int i = 0; i < 3; i++) {
            int step = power * mantissas[i];

            if (games / step <= 10 && step * width >= room * games)
                return step;
        }
    }
}

/* Grey lines at 0.25 and 0.75 and at the ticks of x. */
static void
match_plot_grid(png_image_t *img, int axis_games, int step)
{
    for (int k = step; k <= axis_games; k += step) {
        int x = match_plot_x(k, axis_games);

        png_line(img, x, MATCH_PLOT_TOP, x, MATCH_PLOT_BOTTOM,
                 MATCH_PLOT_GRID);
    }
    for (double rate = 0.25; rate < 1; rate += 0.5)
        png_line(img, MATCH_PLOT_LEFT, match_plot_y(rate), MATCH_PLOT_RIGHT,
                 match_plot_y(rate), MATCH_PLOT_GRID);
}

/* Fills the band from column x0 to x1, its bounds going linearly from
 * lo0, hi0 to lo1, hi1. */
static void
match_plot_span(png_image_t *img, int x0, double lo0, double hi0, int x1,
                double lo1, double hi1)
{
    for (int x = x0; x <= x1; x++) {
        double t = x1 > x0 ? (double)(x - x0) / (x1 - x0) : 1;

        png_fill(img, x, match_plot_y(hi0 + t * (hi1 - hi0)), x,
                 match_plot_y(lo0 + t * (lo1 - lo0)), MATCH_PLOT_BAND);
    }
}

/* The 95 % interval of the rate after each game. */
static void
match_plot_band(png_image_t *img, const unsigned char *winners, int games)
{
    double lo, hi, last_lo = 0, last_hi = 0;
    int wins = 0, last_x = 0;

    for (int k = 1; k <= games; k++) {
        int x = match_plot_x(k, games);

        wins += winners[k - 1] == 0;
        match_stats_wilson(wins, k, MATCH_STATS_Z95, &lo, &hi);
        if (k == 1) {
            last_x = x;
            last_lo = lo;
            last_hi = hi;
        }
        match_plot_span(img, last_x, last_lo, last_hi, x, lo, hi);
        last_x = x;
        last_lo = lo;
        last_hi = hi;
    }
}

/* The rate after each game, two pixels thick. */
static void
match_plot_rate(png_image_t *img, const unsigned char *winners, int games)
{
    int wins = 0, last_x = 0, last_y = 0;

    for (int k = 1; k <= games; k++) {
        int x = match_plot_x(k, games);
        int y;

        wins += winners[k - 1] == 0;
        y = match_plot_y((double)wins / k);
        if (k == 1) {
            last_x = x;
            last_y = y;
        }
        png_line(img, last_x, last_y, x, y, MATCH_PLOT_RATE);
        png_line(img, last_x, last_y + 1, x, y + 1, MATCH_PLOT_RATE);
        last_x = x;
        last_y = y;
    }
}

/* The frame round the plot area, y's ticks and labels. */
static void
match_plot_y_axis(png_image_t *img)
{
    const int l = MATCH_PLOT_LEFT - 1, r = MATCH_PLOT_RIGHT + 1;
    const int t = MATCH_PLOT_TOP - 1, b = MATCH_PLOT_BOTTOM + 1;
    const size_t n = sizeof match_plot_rates / sizeof match_plot_rates[0];

    png_line(img, l, t, r, t, MATCH_PLOT_INK);
    png_line(img, l, b, r, b, MATCH_PLOT_INK);
    png_line(img, l, t, l, b, MATCH_PLOT_INK);
    png_line(img, r, t, r, b, MATCH_PLOT_INK);
    for (size_t i = 0; i < n; i++) {
        const char *label = match_plot_rates[i].label;
        int y = match_plot_y(match_plot_rates[i].rate);

        png_line(img, l - 5, y, l - 1, y, MATCH_PLOT_INK);
        match_plot_text(img, l - 9 - match_plot_text_width(label),
                        y - MATCH_PLOT_DIGIT_HEIGHT / 2, label);
    }
}

/* x's ticks and labels: games finished. */
static void
match_plot_x_axis(png_image_t *img, int axis_games, int step)
{
    const int b = MATCH_PLOT_BOTTOM + 1;
    char label[16];

    for (int k = 0; k <= axis_games; k += step) {
        int x = match_plot_x(k, axis_games);

        png_line(img, x, b + 1, x, b + 5, MATCH_PLOT_INK);
        snprintf(label, sizeof label, "%d", k);
        match_plot_text(img, x - match_plot_text_width(label) / 2, b + 9,
                        label);
    }
}

/* The title, centred over the plot: whose win rate against whom, and
 * the games; at MATCH_PLOT_TITLE_SCALE where it fits, else at scale 1,
 * the names shortened to fit the width. */
static void
match_plot_title(png_image_t *img, const char *const names[2], int games)
{
    const char *a = names && names[0] ? names[0] : "A";
    const char *b = names && names[1] ? names[1] : "B";
    char title[256];
    int scale = MATCH_PLOT_TITLE_SCALE;
    int keep = 100;             /* characters kept of each name */

    for (;;) {
        snprintf(title, sizeof title, "Win rate of %.*s%s (A) against %.*s%s (B), %d game%s",
                 keep, a, (int)strlen(a) > keep ? "..." : "", keep, b,
                 (int)strlen(b) > keep ? "..." : "", games, games == 1 ? "" : "s");
        if (png_label_width(title, scale) <= MATCH_PLOT_WIDTH - 8 || (scale == 1 && keep <= 4))
            break;
        if (scale > 1)
            scale = 1;
        else
            keep--;
    }
    png_label(img, (MATCH_PLOT_WIDTH - png_label_width(title, scale)) / 2,
              MATCH_PLOT_TITLE_Y, title, scale, MATCH_PLOT_INK);
}

/* The legend under the title: a sample of each mark and what it is. */
static void
match_plot_legend(png_image_t *img)
{
    static const struct {
        unsigned char color;
        int thickness;          /* the sample's: a line, or a band */
        const char *text;
    } items[] = {
        { MATCH_PLOT_RATE, 2, "A's win rate after each game" },
        { MATCH_PLOT_BAND, 9, "its 95 % interval (Wilson)" },
        { MATCH_PLOT_EVEN, 1, "50 %: even strength" },
    };
    const int sample = 20, gap = 6, space = 18;
    const int n = (int)(sizeof items / sizeof items[0]);
    int width = 0, x, mid = MATCH_PLOT_LEGEND_Y + MATCH_PLOT_DIGIT_HEIGHT / 2;

    for (int i = 0; i < n; i++)
        width += sample + gap + match_plot_text_width(items[i].text) + (i ? space : 0);
    x = (MATCH_PLOT_WIDTH - width) / 2;
    for (int i = 0; i < n; i++) {
        int top = mid - (items[i].thickness - 1) / 2;

        png_fill(img, x, top, x + sample - 1, top + items[i].thickness - 1, items[i].color);
        x += sample + gap;
        match_plot_text(img, x, MATCH_PLOT_LEGEND_Y, items[i].text);
        x += match_plot_text_width(items[i].text) + space;
    }
}

/* The axes' titles: games on x, under its labels; the rate on y, reading
 * upwards left of its labels. */
static void
match_plot_axis_titles(png_image_t *img)
{
    static const char x_title[] = "games finished";
    static const char y_title[] = "A's win rate";
    int mid_y = (MATCH_PLOT_TOP + MATCH_PLOT_BOTTOM) / 2;

    match_plot_text(img, (MATCH_PLOT_LEFT + MATCH_PLOT_RIGHT - match_plot_text_width(x_title)) / 2,
                    MATCH_PLOT_BOTTOM + 24, x_title);
    png_label_up(img, 6, mid_y + match_plot_text_width(y_title) / 2, y_title, 1,
                 MATCH_PLOT_INK);
}

void
match_plot_draw(png_image_t *img, const unsigned char *winners, int games,
                const char *const names[2])
{
    int axis_games = games > 0 ? games : 1;
    int step = match_plot_step(axis_games);

    png_image_init(img, MATCH_PLOT_WIDTH, MATCH_PLOT_HEIGHT,
                   match_plot_palette, MATCH_PLOT_COLORS, MATCH_PLOT_PAPER);
    match_plot_grid(img, axis_games, step);
    match_plot_band(img, winners, games);
    png_line(img, MATCH_PLOT_LEFT, match_plot_y(0.5), MATCH_PLOT_RIGHT,
             match_plot_y(0.5), MATCH_PLOT_EVEN);
    match_plot_rate(img, winners, games);
    match_plot_y_axis(img);
    match_plot_x_axis(img, axis_games, step);
    match_plot_axis_titles(img);
    match_plot_title(img, names, games);
    match_plot_legend(img);
}

bool
match_plot_save(const char *path, const unsigned char *winners, int games,
                const char *const names[2], char *err, size_t size)
{
    png_image_t img;
    bool ok;

    match_plot_draw(&img, winners, games, names);
    ok = png_save(&img, path, err, size);
    png_image_free(&img);
    return ok;
}
