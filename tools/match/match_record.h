/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_RECORD_H
#define HEIN_TOOLS_MATCH_MATCH_RECORD_H

/* The result of one game and how hein-match writes it down: a line of
 * results.txt, the SGF result (RE) and root comment, and the progress
 * line on stderr.
 *
 * results.txt has a few '#' comment lines, then one line per finished
 * game, in the order the games finished, fields separated by tabs:
 *   game     number from 1 (game-NNN.sgf)
 *   opening  its moves joined by ',' ("-" for the empty opening)
 *   black    engine (A or B) owning Black at the end
 *   white    engine owning White at the end
 *   winner   A or B
 *   colour   the winner's colour at the end: black or white
 *   reason   connection, resign, illegal, time, timeout, crash, forfeit
 *   moves    board moves in the game, the opening included
 *   time_a   seconds A spent in genmove (as the referee measured them)
 *   time_b   seconds B spent in genmove
 *   swap     1 when swap-pieces was played (the engines then exchanged
 *            colours, so black/white are not those they started with)
 *   detail   the reason in words (the rest of the line) */

#include <stdbool.h>
#include <stdio.h>

#include "tools/match/match_clock.h"
#include "tools/match/match_judge.h"

typedef struct match_result {
    int game;                   /* from 0 */
    int opening;                /* index in the openings list */
    const char *opening_text;   /* "" for the empty opening */
    int black, white;           /* engine owning each colour at the end */
    int winner;                 /* engine (0: A, 1: B) */
    hex_color_t winner_color;   /* the winner's colour at the end */
    match_reason_t reason;
    char detail[256];
    int moves;
    match_timing_t timing[2];   /* the genmoves, by engine */
    bool swapped;
} match_result_t;

/* "A" or "B". */
const char *match_record_engine(int who);

/* Fills the result of a finished game from its judge. */
void match_record_from_judge(match_result_t *r, const match_judge_t *j);

/* The comment line naming the columns of results.txt. */
void match_record_header(FILE *f);

/* One line of results.txt, newline included. */
void match_record_line(FILE *f, const match_result_t *r);

/* The SGF result: "B+" (connection), "W+R" (resignation), "B+T" (time or
 * timeout), "W+F" (forfeit: illegal move, crash, refused command).
 * Returns buf. */
char *match_record_sgf_result(const match_result_t *r, char *buf,
                              size_t size);

/* The root comment: who beat whom, how, and the opening, in words. */
void match_record_comment(const match_result_t *r, const char *const names[2],
                          char *buf, size_t size);

/* The progress line: "game 3/20: A (black) beats B by connection in 41
 * moves [A 2, B 1]" (wins so far in brackets), newline included. */
void match_record_progress(FILE *f, const match_result_t *r, int games,
                           const int wins[2]);

#endif /* HEIN_TOOLS_MATCH_MATCH_RECORD_H */
