/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_CLOCK_H
#define HEIN_TOOLS_MATCH_MATCH_CLOCK_H

/* hein-match's time control and the clocks it keeps for the two engines.
 *
 * Two kinds of time control:
 *   - seconds per move (--move-time SEC): the engines are told
 *     "time_settings 0 SEC 1" and, before each genmove, "time_left COLOUR
 *     SEC 1"; a move that takes more than SEC + tolerance loses on time.
 *   - a game clock per side (--game-time SEC[+INC]): "time_settings SEC 0
 *     0", and before each genmove "time_left COLOUR REMAINING 0"; after a
 *     move the time used is taken off the clock, then INC is added; a side
 *     whose clock falls below -tolerance loses on time.
 *
 * The clocks belong to the engines (index 0: A, 1: B), not to the
 * colours, so a swap does not exchange them.  The referee measures the
 * time itself, from sending genmove to reading the whole reply.  A clock
 * belongs to one game and one thread. */

#include <stdbool.h>
#include <stddef.h>

#include "board/geometry.h"

typedef enum match_tc_mode {
    MATCH_TC_MOVE,              /* seconds per move */
    MATCH_TC_GAME               /* seconds per side and game, + increment */
} match_tc_mode_t;

typedef struct match_tc {
    match_tc_mode_t mode;
    double seconds;             /* per move, or per side for the game */
    double increment;           /* MATCH_TC_GAME: added after each move */
    double tolerance;           /* overrun allowed before a loss on time */
} match_tc_t;

/* The most seconds an option may give (ten days). */
#define MATCH_TC_MAX 864000.0

/* Parses a number of seconds, 0 < s <= MATCH_TC_MAX (zero allowed when
 * zero_ok).  Returns false on anything else. */
bool match_tc_parse_seconds(const char *s, bool zero_ok, double *out);

/* Parses "SEC" or "SEC+INC" (INC >= 0).  Returns false when malformed. */
bool match_tc_parse_game(const char *s, double *seconds, double *increment);

/* Seconds as sent to engines and written to files: to the millisecond,
 * without trailing zeros ("10", "0.5", "12.345").  Returns buf. */
char *match_tc_format(double seconds, char *buf, size_t size);

/* The time_settings command for tc. */
void match_tc_settings(const match_tc_t *tc, char *buf, size_t size);

/* The time control in words, e.g. "1 s per move (tolerance 1 s)". */
void match_tc_describe(const match_tc_t *tc, char *buf, size_t size);

typedef struct match_clock {
    match_tc_t tc;
    double left[2];             /* MATCH_TC_GAME: seconds left, by engine */
} match_clock_t;

void match_clock_init(match_clock_t *c, const match_tc_t *tc);

/* The time_left command for engine `who`, playing `color`, before its
 * genmove (a clock below zero is sent as 0). */
void match_clock_time_left(const match_clock_t *c, int who, hex_color_t color,
                           char *buf, size_t size);

/* The longest engine `who` may take for its next move without losing on
 * time: its time (per move, or left on its clock) plus the tolerance. */
double match_clock_limit(const match_clock_t *c, int who);

/* Charges `used` seconds of a move to engine `who`.  Returns false when
 * that loses on time.  *left_after is what to record as the time left
 * after the move (SGF BL/WL; never negative): the clock after the
 * increment, or with seconds per move what was left of the move's time. */
bool match_clock_charge(match_clock_t *c, int who, double used,
                        double *left_after);

/* The referee's measure of one engine's genmoves, each timed from
 * sending genmove to reading the whole reply: how many got a reply, their
 * seconds in all, and the longest.  A genmove that got no reply (killed
 * after its time, a crash, a stopped match) is not counted. */
/* Moves by move number: 1-10, 11-20, ..., the last one from
 * 10 * (MATCH_PHASES - 1) + 1 on. */
#define MATCH_PHASES 10

typedef struct match_phase {
    int moves;
    double total;
    double longest;
} match_phase_t;

typedef struct match_timing {
    int moves;
    double total;
    double longest;
    match_phase_t phase[MATCH_PHASES];  /* the same, by move number */
} match_timing_t;

/* Counts one genmove that took `seconds`, the game's move number
 * `number` (from 1; the opening's moves count). */
void match_timing_add(match_timing_t *t, int number, double seconds);

/* Adds every genmove counted in `from` to `into`. */
void match_timing_merge(match_timing_t *into, const match_timing_t *from);

/* The mean seconds per genmove; 0 when none was counted. */
double match_timing_mean(const match_timing_t *t);

#endif /* HEIN_TOOLS_MATCH_MATCH_CLOCK_H */
