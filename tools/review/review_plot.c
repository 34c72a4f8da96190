/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Black's value over a game as a PNG (review_plot.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "engine/review.h"
#include "tools/review/review_plot.h"

static const png_color_t review_plot_palette[REVIEW_PLOT_COLORS] = {
    [REVIEW_PLOT_PAPER] = { 255, 255, 255 },
    [REVIEW_PLOT_INK] = { 0, 0, 0 },
    [REVIEW_PLOT_GRID] = { 225, 225, 225 },
    [REVIEW_PLOT_ZERO] = { 150, 150, 150 },
    [REVIEW_PLOT_BANDS] = { 250, 228, 228 },
    [REVIEW_PLOT_VALUE] = { 20, 60, 160 },
    [REVIEW_PLOT_PROVEN] = { 200, 30, 30 },
    [REVIEW_PLOT_LOSS] = { 240, 140, 0 },
    [REVIEW_PLOT_GAVE_AWAY] = { 200, 0, 170 },
    [REVIEW_PLOT_DECIDED] = { 0, 150, 60 },
};

/* Image pixels per font pixel, a character's height. */
#define REVIEW_PLOT_SCALE 2
#define REVIEW_PLOT_TEXT_HEIGHT (5 * REVIEW_PLOT_SCALE)

/* The rows of the values +R and -R. */
#define REVIEW_PLOT_VTOP (REVIEW_PLOT_TOP + REVIEW_PLOT_BAND + REVIEW_PLOT_GAP)
#define REVIEW_PLOT_VBOTTOM (REVIEW_PLOT_BOTTOM - REVIEW_PLOT_BAND - REVIEW_PLOT_GAP)

/* The marks in the order a line's colour is chosen, with their colours
 * and legend names. */
static const struct {
    unsigned mark;
    unsigned char color;
    const char *name;
} review_plot_marks[] = {
    { REVIEW_MARK_GAVE_AWAY, REVIEW_PLOT_GAVE_AWAY, "GAVE AWAY" },
    { REVIEW_MARK_DECIDED, REVIEW_PLOT_DECIDED, "DECIDED" },
    { REVIEW_MARK_LOSS, REVIEW_PLOT_LOSS, "LOSS" },
};
#define REVIEW_PLOT_NMARKS (sizeof review_plot_marks / sizeof review_plot_marks[0])

static void
review_plot_text(png_image_t *img, int x, int y, const char *s, unsigned char color)
{
    png_text(img, x, y, s, REVIEW_PLOT_SCALE, color);
}

static int
review_plot_text_width(const char *s)
{
    return png_text_width(s, REVIEW_PLOT_SCALE);
}

/* The column of position k of n. */
static int
review_plot_x(int k, int n)
{
    if (n < 2)
        return REVIEW_PLOT_LEFT;
    return REVIEW_PLOT_LEFT
        + (int)((long long)k * (REVIEW_PLOT_RIGHT - REVIEW_PLOT_LEFT) / (n - 1));
}

/* The row of an open value in [-range, range], or of a proven one: the
 * middle of its band. */
static int
review_plot_y(const review_plot_point_t *p, int32_t range)
{
    if (p->proven)
        return p->value > 0 ? REVIEW_PLOT_TOP + REVIEW_PLOT_BAND / 2
            : REVIEW_PLOT_BOTTOM - REVIEW_PLOT_BAND / 2;
    double v = (double)p->value / range;
    v = v > 1 ? 1 : v < -1 ? -1 : v;
    return REVIEW_PLOT_VTOP + (int)((1 - v) / 2 * (REVIEW_PLOT_VBOTTOM - REVIEW_PLOT_VTOP) + 0.5);
}

/* R: the largest open value rounded up to a hundred, at least 100. */
static int32_t
review_plot_range(const review_plot_point_t *pts, int n)
{
    int32_t most = 0;
    for (int k = 0; k < n; k++)
        if (pts[k].have && !pts[k].proven) {
            int32_t a = pts[k].value < 0 ? -pts[k].value : pts[k].value;
            if (a > most)
                most = a;
        }
    return most <= 100 ? 100 : (most + 99) / 100 * 100;
}

/* The positions between numbered ticks on x: the first of 1, 2, 5, 10,
 * 20, 50... that makes at most 16 steps over n - 1 moves. */
static int
review_plot_step(int n)
{
    static const int mantissas[3] = { 1, 2, 5 };
    for (int power = 1;; power *= 10)
        for (int i = 0; i < 3; i++)
            if ((n - 1) / (mantissas[i] * power) <= 16)
                return mantissas[i] * power;
}

/* The bands, the grid and the line at 0. */
static void
review_plot_background(png_image_t *img, int n, int step)
{
    png_fill(img, REVIEW_PLOT_LEFT, REVIEW_PLOT_TOP, REVIEW_PLOT_RIGHT,
             REVIEW_PLOT_TOP + REVIEW_PLOT_BAND, REVIEW_PLOT_BANDS);
    png_fill(img, REVIEW_PLOT_LEFT, REVIEW_PLOT_BOTTOM - REVIEW_PLOT_BAND, REVIEW_PLOT_RIGHT,
             REVIEW_PLOT_BOTTOM, REVIEW_PLOT_BANDS);
    for (int k = step; k < n; k += step) {
        int x = review_plot_x(k, n);
        png_line(img, x, REVIEW_PLOT_VTOP, x, REVIEW_PLOT_VBOTTOM, REVIEW_PLOT_GRID);
    }
    for (int q = 1; q <= 3; q += 2) {
        int y = REVIEW_PLOT_VTOP + q * (REVIEW_PLOT_VBOTTOM - REVIEW_PLOT_VTOP) / 4;
        png_line(img, REVIEW_PLOT_LEFT, y, REVIEW_PLOT_RIGHT, y, REVIEW_PLOT_GRID);
    }
    int y0 = (REVIEW_PLOT_VTOP + REVIEW_PLOT_VBOTTOM) / 2;
    png_line(img, REVIEW_PLOT_LEFT, y0, REVIEW_PLOT_RIGHT, y0, REVIEW_PLOT_ZERO);
}

/* The turning points: a line each, and a square per mark at its top. */
static void
review_plot_turning_points(png_image_t *img, const review_plot_point_t *pts, int n)
{
    for (int k = 0; k < n; k++) {
        if (!pts[k].marks)
            continue;
        int x = review_plot_x(k, n), boxes = 0;
        unsigned char line = REVIEW_PLOT_INK;
        for (size_t i = REVIEW_PLOT_NMARKS; i-- > 0;)
            if (pts[k].marks & review_plot_marks[i].mark)
                line = review_plot_marks[i].color;
        png_line(img, x, REVIEW_PLOT_TOP, x, REVIEW_PLOT_BOTTOM, line);
        for (size_t i = 0; i < REVIEW_PLOT_NMARKS; i++)
            if (pts[k].marks & review_plot_marks[i].mark) {
                int y = REVIEW_PLOT_TOP - 8 - 7 * boxes++;
                png_fill(img, x - 2, y, x + 2, y + 4, review_plot_marks[i].color);
            }
    }
}

/* The values: lines two pixels thick between consecutive positions, red
 * between two proven ones, and a point at each. */
static void
review_plot_values(png_image_t *img, const review_plot_point_t *pts, int n, int32_t range)
{
    for (int k = 1; k < n; k++) {
        if (!pts[k - 1].have || !pts[k].have)
            continue;
        int x0 = review_plot_x(k - 1, n), y0 = review_plot_y(&pts[k - 1], range);
        int x1 = review_plot_x(k, n), y1 = review_plot_y(&pts[k], range);
        unsigned char c = pts[k - 1].proven && pts[k].proven ? REVIEW_PLOT_PROVEN
            : REVIEW_PLOT_VALUE;
        png_line(img, x0, y0, x1, y1, c);
        png_line(img, x0, y0 + 1, x1, y1 + 1, c);
    }
    for (int k = 0; k < n; k++) {
        if (!pts[k].have)
            continue;
        int x = review_plot_x(k, n), y = review_plot_y(&pts[k], range);
        int r = pts[k].proven ? 2 : 1;
        png_fill(img, x - r, y - r, x + r, y + r + 1,
                 pts[k].proven ? REVIEW_PLOT_PROVEN : REVIEW_PLOT_VALUE);
    }
}

/* The frame, y's ticks and labels, the bands' names and the title. */
static void
review_plot_y_axis(png_image_t *img, int32_t range)
{
    const int l = REVIEW_PLOT_LEFT - 1, r = REVIEW_PLOT_RIGHT + 1;
    const int t = REVIEW_PLOT_TOP - 1, b = REVIEW_PLOT_BOTTOM + 1;
    char label[16];
    png_line(img, l, t, r, t, REVIEW_PLOT_INK);
    png_line(img, l, b, r, b, REVIEW_PLOT_INK);
    png_line(img, l, t, l, b, REVIEW_PLOT_INK);
    png_line(img, r, t, r, b, REVIEW_PLOT_INK);
    for (int q = 0; q <= 4; q++) {
        int y = REVIEW_PLOT_VTOP + q * (REVIEW_PLOT_VBOTTOM - REVIEW_PLOT_VTOP) / 4;
        long v = (long)range * (2 - q) / 2;
        snprintf(label, sizeof label, v > 0 ? "+%ld" : "%ld", v);
        png_line(img, l - 5, y, l - 1, y, REVIEW_PLOT_INK);
        review_plot_text(img, l - 9 - review_plot_text_width(label),
                         y - REVIEW_PLOT_TEXT_HEIGHT / 2, label, REVIEW_PLOT_INK);
    }
    review_plot_text(img, l - 9 - review_plot_text_width("B WINS"),
                     REVIEW_PLOT_TOP + REVIEW_PLOT_BAND / 2 - REVIEW_PLOT_TEXT_HEIGHT / 2,
                     "B WINS", REVIEW_PLOT_PROVEN);
    review_plot_text(img, l - 9 - review_plot_text_width("W WINS"),
                     REVIEW_PLOT_BOTTOM - REVIEW_PLOT_BAND / 2 - REVIEW_PLOT_TEXT_HEIGHT / 2,
                     "W WINS", REVIEW_PLOT_PROVEN);
    review_plot_text(img, 8, 8, "BLACK VALUE", REVIEW_PLOT_INK);
}

/* x's ticks and numbers (moves played), and its title. */
static void
review_plot_x_axis(png_image_t *img, int n, int step)
{
    const int b = REVIEW_PLOT_BOTTOM + 1;
    char label[16];
    for (int k = 0; k < n; k += step) {
        int x = review_plot_x(k, n);
        png_line(img, x, b + 1, x, b + 5, REVIEW_PLOT_INK);
        snprintf(label, sizeof label, "%d", k);
        review_plot_text(img, x - review_plot_text_width(label) / 2, b + 9, label,
                         REVIEW_PLOT_INK);
    }
    review_plot_text(img, (REVIEW_PLOT_LEFT + REVIEW_PLOT_RIGHT - review_plot_text_width("MOVE"))
                     / 2, REVIEW_PLOT_HEIGHT - 8 - REVIEW_PLOT_TEXT_HEIGHT, "MOVE",
                     REVIEW_PLOT_INK);
}

/* The legend at the top right: a square of each colour and its name. */
static void
review_plot_legend(png_image_t *img)
{
    static const struct {
        unsigned char color;
        const char *name;
    } items[] = {
        { REVIEW_PLOT_VALUE, "VALUE" }, { REVIEW_PLOT_PROVEN, "PROVEN" },
        { REVIEW_PLOT_LOSS, "LOSS" }, { REVIEW_PLOT_GAVE_AWAY, "GAVE AWAY" },
        { REVIEW_PLOT_DECIDED, "DECIDED" },
    };
    int x = REVIEW_PLOT_RIGHT;
    for (size_t i = sizeof items / sizeof items[0]; i-- > 0;) {
        x -= review_plot_text_width(items[i].name);
        review_plot_text(img, x, 8, items[i].name, REVIEW_PLOT_INK);
        x -= 6 + REVIEW_PLOT_TEXT_HEIGHT;
        png_fill(img, x, 8, x + REVIEW_PLOT_TEXT_HEIGHT - 1, 8 + REVIEW_PLOT_TEXT_HEIGHT - 1,
                 items[i].color);
        x -= 16;
    }
}

void
review_plot_draw(png_image_t *img, const review_plot_point_t *pts, int n)
{
    int32_t range = review_plot_range(pts, n);
    int step = review_plot_step(n);
    png_image_init(img, REVIEW_PLOT_WIDTH, REVIEW_PLOT_HEIGHT, review_plot_palette,
                   REVIEW_PLOT_COLORS, REVIEW_PLOT_PAPER);
    review_plot_background(img, n, step);
    review_plot_turning_points(img, pts, n);
    review_plot_values(img, pts, n, range);
    review_plot_y_axis(img, range);
    review_plot_x_axis(img, n, step);
    review_plot_legend(img);
}

bool
review_plot_save(const char *path, const review_plot_point_t *pts, int n, char *err,
                 size_t size)
{
    png_image_t img;
    review_plot_draw(&img, pts, n);
    bool ok = png_save(&img, path, err, size);
    png_image_free(&img);
    return ok;
}
