/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_PLOT_H
#define HEIN_TOOLS_MATCH_MATCH_PLOT_H

/* The running win rate of engine A as a picture, OUTDIR/winrate.png.
 *
 * x: games finished, in the order they finished, from 0 at the left to
 * all of them at the right; y: the share of those games A won, from 0 at
 * the bottom to 1 at the top.  A dark line joins the rates after each
 * game, over a pale band: the 95 % Wilson score interval of each rate
 * (match_stats_wilson), joined the same way.  A red line marks 0.5 (even
 * strength); grey lines mark 25 % and 75 % and the ticks of x.  The axes
 * carry ticks labelled 0 %, 25 %, 50 %, 75 % and 100 % on y, the games
 * at a round step (1, 2, 5, 10, 20, 50...) on x, and their titles
 * ("games finished", "A's win rate").  Above the plot a title names A and
 * B and the games, and a legend shows the rate's line, the band and the
 * 50 % line with what each is (png.h's label font).  With no game
 * finished, the plot has its axes, title and legend only. */

#include <stdbool.h>
#include <stddef.h>

#include "tools/lib/png.h"

#define MATCH_PLOT_WIDTH 640
#define MATCH_PLOT_HEIGHT 400

/* The plot area, in pixels, edges included: x from LEFT (0 games) to
 * RIGHT (every game), y from TOP (rate 1) to BOTTOM (rate 0). */
#define MATCH_PLOT_LEFT 64
#define MATCH_PLOT_RIGHT 608
#define MATCH_PLOT_TOP 44
#define MATCH_PLOT_BOTTOM 350

/* The palette's colours. */
enum {
    MATCH_PLOT_PAPER,           /* white: the background */
    MATCH_PLOT_INK,             /* black: axes, ticks, digits */
    MATCH_PLOT_GRID,            /* light grey: grid lines */
    MATCH_PLOT_BAND,            /* pale blue: the 95 % interval */
    MATCH_PLOT_RATE,            /* dark blue: the win rate */
    MATCH_PLOT_EVEN,            /* red: the line at 0.5 */
    MATCH_PLOT_COLORS
};

/* Draws the plot of `games` finished games on img, which it makes (free
 * it with png_image_free): winners[i] is the engine (0: A, 1: B) that won
 * the i-th game to finish; names: A's and B's names for the title (NULL,
 * or a NULL name: "A", "B"). */
void match_plot_draw(png_image_t *img, const unsigned char *winners,
                     int games, const char *const names[2]);

/* Draws the plot and writes it to path as PNG.  Returns false, with the
 * reason in err, when it cannot. */
bool match_plot_save(const char *path, const unsigned char *winners,
                     int games, const char *const names[2], char *err, size_t size);

#endif /* HEIN_TOOLS_MATCH_MATCH_PLOT_H */
