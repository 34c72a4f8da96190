/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_CLOCK_H
#define HEIN_ENGINE_CLOCK_H

/* The game clock: time left per side, and the time a move may use.
 *
 * Time control is main time plus Canadian byo-yomi (GTP time_settings:
 * MAIN seconds, then BYO seconds for every STONES moves).  BYO > 0 with
 * STONES = 0 means no time limit.  The clock counts down on its own as
 * moves are charged to it, and time_left (from a referee) overrides what
 * it believes.  Owned by the engine; not shared between threads. */

#include <stdbool.h>

#include "board/geometry.h"

typedef struct game_clock {
    double main_time;           /* seconds per side at the start */
    double byo_time;            /* seconds per byo-yomi period */
    int byo_stones;             /* moves per period; 0: no byo-yomi */
    bool unlimited;
    double left[2];             /* seconds left, by colour */
    int stones_left[2];         /* moves left in the period; 0: main time */
} game_clock_t;

/* A clock with `main_time` seconds per side and no byo-yomi. */
void game_clock_init(game_clock_t *c, double main_time);

/* Apply GTP time_settings.  Returns false (clock unchanged) for negative
 * values. */
bool game_clock_settings(game_clock_t *c, double main_time, double byo_time,
                         int byo_stones);

/* Apply GTP time_left for one colour.  Returns false (clock unchanged) for
 * negative values. */
bool game_clock_left(game_clock_t *c, hex_color_t color, double seconds,
                     int stones);

/* Restart both sides' time (a new game). */
void game_clock_restart(game_clock_t *c);

/* The time `color` may spend on its next move, given the number of empty
 * cells (an estimate of the moves still to come): a share of the main
 * time, or of the byo-yomi period; `fallback` when unlimited.  Never more
 * than what is left minus a safety margin, never below 10 ms. */
double game_clock_budget(const game_clock_t *c, hex_color_t color,
                         int empty_cells, double fallback);

/* Charge `seconds` spent by `color` on one move. */
void game_clock_charge(game_clock_t *c, hex_color_t color, double seconds);

#endif /* HEIN_ENGINE_CLOCK_H */
