/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_REVIEW_REVIEW_PLOT_H
#define HEIN_TOOLS_REVIEW_REVIEW_PLOT_H

/* Black's value over a game as a picture (hein-review --plot).
 *
 * x: the positions of the game, after 0 moves at the left to after the
 * last move at the right, ticked and numbered at a round step (1, 2, 5,
 * 10, 20...) and titled MOVE; y: Black's value from -R at the bottom to
 * +R at the top, R the largest open value rounded up to a hundred (at
 * least 100), ticked at -R, -R/2, 0, +R/2, +R and titled BLACK VALUE.
 * The open values are dark blue points joined by a blue line.  Proven
 * positions are drawn apart, clipped: in a pale band above the values
 * (B WINS) or below them (W WINS), as red points, and a line between two
 * proven positions is red.  The turning points are vertical lines at the
 * position after the marked move (orange: a loss over the threshold,
 * magenta: a proven win given away, green: the move after which the side
 * to move was proven lost; where a move has several marks, the first of
 * gave away, decided, loss), each mark also a small square of its colour
 * at the top of the line; a legend at the top right names the colours.
 * A position without a value (not reviewed) leaves a gap. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/lib/png.h"

#define REVIEW_PLOT_WIDTH 800
#define REVIEW_PLOT_HEIGHT 420

/* The plot area, edges included: x from LEFT (position 0) to RIGHT (the
 * last), y from TOP (the top of the B WINS band) to BOTTOM (the bottom
 * of the W WINS band). */
#define REVIEW_PLOT_LEFT 72
#define REVIEW_PLOT_RIGHT 776
#define REVIEW_PLOT_TOP 40
#define REVIEW_PLOT_BOTTOM 370
/* The height of each proven band, and the gap between it and the
 * values. */
#define REVIEW_PLOT_BAND 14
#define REVIEW_PLOT_GAP 6

/* The palette's colours. */
enum {
    REVIEW_PLOT_PAPER,          /* white: the background */
    REVIEW_PLOT_INK,            /* black: axes, ticks, text */
    REVIEW_PLOT_GRID,           /* light grey: grid lines */
    REVIEW_PLOT_ZERO,           /* grey: the line at value 0 */
    REVIEW_PLOT_BANDS,          /* pale red: the proven bands */
    REVIEW_PLOT_VALUE,          /* blue: open values */
    REVIEW_PLOT_PROVEN,         /* red: proven positions */
    REVIEW_PLOT_LOSS,           /* orange: a loss over the threshold */
    REVIEW_PLOT_GAVE_AWAY,      /* magenta: a proven win given away */
    REVIEW_PLOT_DECIDED,        /* green: proven lost from here */
    REVIEW_PLOT_COLORS
};

/* One position of the game. */
typedef struct review_plot_point {
    bool have;                  /* it has a value */
    int32_t value;              /* Black's: open, or the sign of a proven
                                 * result */
    bool proven;
    unsigned marks;             /* the marks of the move that led here
                                 * (engine/review.h REVIEW_MARK_*) */
} review_plot_point_t;

/* Draws the plot of n positions (n >= 1) on img, which it makes (free it
 * with png_image_free). */
void review_plot_draw(png_image_t *img, const review_plot_point_t *pts, int n);

/* Draws the plot and writes it to path as PNG, whole or not at all.
 * Returns false, with the reason in err, when it cannot. */
bool review_plot_save(const char *path, const review_plot_point_t *pts, int n, char *err,
                      size_t size);

#endif /* HEIN_TOOLS_REVIEW_REVIEW_PLOT_H */
