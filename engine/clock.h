/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_CLOCK_H
#define HEIN_ENGINE_CLOCK_H

/* The game clock: time left per side, and the time a move may use.
 *
 * Time control is main time plus Canadian byo-yomi (GTP time_settings:
 * MAIN seconds, then BYO seconds for every STONES moves), with a Fischer
 * increment: INC seconds added to a side's main time after each of its
 * moves.  BYO > 0 with STONES = 0 means no time limit.  The clock counts
 * down on its own as moves are charged to it, and time_left (from a
 * referee) overrides what it believes.  Owned by the engine; not shared
 * between threads.
 *
 * The time manager.  A move has a budget, the time it should use, and a
 * limit, the most it may use when the search is unsure of its move (the
 * player decides; search/scns.h).  In main time the budget is the time
 * left over the own moves still to come (a quarter of the empty cells,
 * at least 10: most games are decided long before the board is full), plus 90 % of the increment and of a byo-yomi period's share
 * per stone; the limit is three budgets, but never more than a quarter
 * of what is left.  In a byo-yomi period of several stones the budget is
 * 90 % of the period's share per stone and the limit half of what is
 * left of the period; on its last stone, and in fixed time per move
 * (time_settings 0 T 1), the limit is the budget: time saved there is
 * lost.  Both always leave `safety` seconds of what is left (the
 * referee's and the pipe's latency), and are at least 10 ms. */

#include <stdbool.h>

#include "board/geometry.h"

typedef struct game_clock {
    double main_time;           /* seconds per side at the start */
    double byo_time;            /* seconds per byo-yomi period */
    int byo_stones;             /* moves per period; 0: no byo-yomi */
    bool unlimited;
    double increment;           /* Fischer: seconds added after a move */
    double safety;              /* seconds a move never uses of the time
                                 * left */
    double left[2];             /* seconds left, by colour */
    int stones_left[2];         /* moves left in the period; 0: main time */
} game_clock_t;

/* A clock with `main_time` seconds per side, no byo-yomi, no increment,
 * a safety margin of CLOCK_SAFETY. */
void game_clock_init(game_clock_t *c, double main_time);

#define CLOCK_SAFETY 0.05

/* The Fischer increment (seconds, >= 0) and the safety margin (>= 0);
 * false (clock unchanged) for negative values. */
bool game_clock_set_increment(game_clock_t *c, double increment);
bool game_clock_set_safety(game_clock_t *c, double safety);

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

/* The most `color` may spend on its next move when its search is unsure,
 * `budget` the move's budget (game_clock_budget); at least budget.
 * *banked tells whether time not spent now is kept for later moves. */
double game_clock_limit(const game_clock_t *c, hex_color_t color, double budget,
                        bool *banked);

/* Charge `seconds` spent by `color` on one move (and in main time add
 * the increment). */
void game_clock_charge(game_clock_t *c, hex_color_t color, double seconds);

#endif /* HEIN_ENGINE_CLOCK_H */
