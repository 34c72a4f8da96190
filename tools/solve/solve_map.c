/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-solve's picture of the first moves' winners (solve_map.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tools/lib/png.h"
#include "tools/solve/solve_map.h"

enum {
    MAP_PAPER, MAP_INK, MAP_GRID, MAP_BOARD, MAP_BLACK, MAP_WHITE, MAP_OPEN,
    MAP_COLORS
};

static const png_color_t map_palette[MAP_COLORS] = {
    [MAP_PAPER] = { 214, 214, 206 },
    [MAP_INK] = { 20, 20, 20 },
    [MAP_GRID] = { 90, 90, 90 },
    [MAP_BOARD] = { 222, 196, 140 },   /* a cell not in the job */
    [MAP_BLACK] = { 0, 0, 0 },
    [MAP_WHITE] = { 255, 255, 255 },
    [MAP_OPEN] = { 150, 150, 150 },    /* not solved */
};

#define MAP_SQRT3 1.7320508075688772

/* The geometry of the drawing: cells of circumradius r, the centre of
 * a1 at (x0, y0). */
typedef struct layout {
    double r, w;                /* radius, a cell's width (sqrt 3 r) */
    double x0, y0;
} layout_t;

static void
cell_centre(const layout_t *l, int col, int row, double *x, double *y)
{
    *x = l->x0 + (col + row / 2.0) * l->w;
    *y = l->y0 + row * 1.5 * l->r;
}

/* A pointy-top hexagon of circumradius r centred at (cx, cy). */
static void
fill_hex(png_image_t *img, double cx, double cy, double r, unsigned char color)
{
    double hw = r * MAP_SQRT3 / 2;
    for (int y = (int)floor(cy - r); y <= (int)ceil(cy + r); y++)
        for (int x = (int)floor(cx - hw); x <= (int)ceil(cx + hw); x++) {
            double dx = fabs(x + 0.5 - cx), dy = fabs(y + 0.5 - cy);
            if (dx <= hw && dy <= r - dx / MAP_SQRT3)
                png_set(img, x, y, color);
        }
}

static void
fill_disc(png_image_t *img, double cx, double cy, double r, unsigned char color)
{
    for (int y = (int)floor(cy - r); y <= (int)ceil(cy + r); y++)
        for (int x = (int)floor(cx - r); x <= (int)ceil(cx + r); x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy;
            if (dx * dx + dy * dy <= r * r)
                png_set(img, x, y, color);
        }
}

/* A cell: its outline in grid colour, its inside in `color`. */
static void
draw_cell(png_image_t *img, double cx, double cy, double r, unsigned char color)
{
    fill_hex(img, cx, cy, r, MAP_GRID);
    fill_hex(img, cx, cy, r - 1.5, color);
}

/* The colour of a cell and whether it is unsolved. */
static unsigned char
cell_color(const solve_job_t *job, int cell, bool *open)
{
    *open = false;
    for (int i = 0; i < job->nitems; i++) {
        const solve_item_t *it = &job->items[i];
        if (it->move != cell && it->twin != cell)
            continue;
        if (it->state == SOLVE_SOLVED)
            return it->winner == HEX_BLACK ? MAP_BLACK : MAP_WHITE;
        *open = true;
        return MAP_OPEN;
    }
    return MAP_BOARD;
}

/* The counts of the first moves (twins included) by result. */
static void
count_moves(const solve_job_t *job, int *black, int *white, int *open)
{
    *black = *white = *open = 0;
    for (int i = 0; i < job->nitems; i++) {
        const solve_item_t *it = &job->items[i];
        int n = it->move == MOVE_NONE ? 0 : it->twin == MOVE_NONE ? 1 : 2;
        if (it->state != SOLVE_SOLVED)
            *open += n;
        else if (it->winner == HEX_BLACK)
            *black += n;
        else
            *white += n;
    }
}

/* A legend entry: a small cell, then its text; returns the x after it. */
static int
legend_entry(png_image_t *img, int x, int y, unsigned char color, const char *text, bool mark)
{
    draw_cell(img, x + 8, y + 7, 9, color);
    if (mark)
        png_label(img, x + 6, y + 4, "?", 1, MAP_INK);
    png_label(img, x + 22, y + 4, text, 1, MAP_INK);
    return x + 22 + png_label_width(text, 1) + 24;
}

bool
solve_map_save(const solve_job_t *job, const char *path, char *why, size_t whylen)
{
    const geometry_t *geo = job->geo;
    int width = geo->width, height = geo->height;
    layout_t l;
    l.r = width + height / 2 <= 20 ? 22 : 14;
    l.w = l.r * MAP_SQRT3;
    const int left = 44, top = 74, bottom = 56, right = 44;
    l.x0 = left + l.w / 2;
    l.y0 = top + l.r;
    int board_w = (int)ceil((width + (height - 1) / 2.0) * l.w);
    int board_h = (int)ceil(((height - 1) * 1.5 + 2) * l.r);

    int black, white, open;
    count_moves(job, &black, &white, &open);
    char title[160], counts[160];
    snprintf(title, sizeof title, "hein-solve %dx%d: who wins after each first move of %s",
             width, height, job->to_move == HEX_BLACK ? "Black" : "White");
    snprintf(counts, sizeof counts, "%d moves: Black wins %d, White wins %d, unsolved %d",
             black + white + open, black, white, open);
    int img_w = left + board_w + right;
    int tw = 20 + png_label_width(title, 2);
    if (img_w < tw)
        img_w = tw;
    int legend_w = 20 + 4 * 46 + png_label_width("Black wins White wins unsolved not tried", 1);
    if (img_w < legend_w)
        img_w = legend_w;
    /* centre the board when the text is wider */
    double shift = (img_w - (left + board_w + right)) / 2.0;
    l.x0 += shift;
    int img_h = top + board_h + bottom;
    if (img_w > PNG_MAX_SIDE || img_h > PNG_MAX_SIDE) {
        snprintf(why, whylen, "the picture would be too large");
        return false;
    }
    png_image_t img;
    png_image_init(&img, img_w, img_h, map_palette, MAP_COLORS, MAP_PAPER);
    png_label(&img, 10, 8, title, 2, MAP_INK);
    png_label(&img, 10, 30, counts, 1, MAP_INK);

    /* the edges: the outer cells drawn larger and pushed outwards, so a
     * band of the edge's colour shows beyond them */
    double push = 0.55 * l.r;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < (pass == 0 ? height : width); i++) {
            double x, y;
            if (pass == 0) {            /* White: left and right */
                cell_centre(&l, 0, i, &x, &y);
                fill_hex(&img, x - push, y, l.r, MAP_WHITE);
                cell_centre(&l, width - 1, i, &x, &y);
                fill_hex(&img, x + push, y, l.r, MAP_WHITE);
            } else {                    /* Black: top and bottom */
                cell_centre(&l, i, 0, &x, &y);
                fill_hex(&img, x, y - push, l.r, MAP_BLACK);
                cell_centre(&l, i, height - 1, &x, &y);
                fill_hex(&img, x, y + push, l.r, MAP_BLACK);
            }
        }
    char name[MOVE_NAME_MAX];
    for (int row = 0; row < height; row++)
        for (int col = 0; col < width; col++) {
            int cell = geometry_cell(geo, col, row);
            double x, y;
            bool is_open;
            cell_centre(&l, col, row, &x, &y);
            unsigned char c = cell_color(job, cell, &is_open);
            draw_cell(&img, x, y, l.r, c);
            if (is_open)
                png_label(&img, (int)(x - 5), (int)(y - 7), "?", 2, MAP_INK);
            if (bitset_test(&job->stones[0], cell) || bitset_test(&job->stones[1], cell)) {
                bool b = bitset_test(&job->stones[0], cell);
                fill_disc(&img, x, y, l.r * 0.55, b ? MAP_WHITE : MAP_INK);
                fill_disc(&img, x, y, l.r * 0.55 - 1.5, b ? MAP_BLACK : MAP_WHITE);
            }
        }
    /* coordinates: letters above the top edge, numbers left of the left */
    for (int col = 0; col < width; col++) {
        double x, y;
        cell_centre(&l, col, 0, &x, &y);
        geometry_move_name(geo, geometry_cell(geo, col, 0), name);
        name[1] = '\0';
        png_label(&img, (int)(x - 2), (int)(y - l.r - push - 14), name, 1, MAP_INK);
    }
    for (int row = 0; row < height; row++) {
        double x, y;
        cell_centre(&l, 0, row, &x, &y);
        snprintf(name, sizeof name, "%d", row + 1);
        int w = png_label_width(name, 1);
        png_label(&img, (int)(x - l.w / 2 - push - 6 - w), (int)(y - 3), name, 1, MAP_INK);
    }
    int lx = 10, ly = img_h - 30;
    lx = legend_entry(&img, lx, ly, MAP_BLACK, "Black wins", false);
    lx = legend_entry(&img, lx, ly, MAP_WHITE, "White wins", false);
    lx = legend_entry(&img, lx, ly, MAP_OPEN, "unsolved", true);
    legend_entry(&img, lx, ly, MAP_BOARD, "not tried", false);
    bool ok = png_save(&img, path, why, whylen);
    png_image_free(&img);
    return ok;
}
