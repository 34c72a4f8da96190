/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_JUDGE_H
#define HEIN_TOOLS_MATCH_MATCH_JUDGE_H

/* The referee's judgement of one game, with hein's own game record.
 *
 * The judge keeps the game (engine/game.h) and which engine (0: A, 1: B)
 * owns each colour.  Every reply to genmove goes through
 * match_judge_reply, which plays it into the game when it is a legal move
 * and otherwise ends the game with the reason:
 *   - a cell, legal on the board: played; a connection ends the game;
 *   - "resign": the engine loses (recorded as a resignation);
 *   - "swap-pieces" (or "swap"): with swap allowed and as White's move 2,
 *     played, and from then on the engine that was White owns Black's
 *     stones and the other engine plays White (and moves next, as White);
 *     without swap allowed, an illegal move;
 *   - anything else loses: an occupied or off-board cell, swap-pieces out
 *     of place, or a reply that is not a move ("unparsable reply").
 * The caller ends a game for everything the board cannot see (time,
 * crashes, refused commands) with match_judge_lose.  A judge belongs to
 * one game and one thread. */

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "tools/match/match_openings.h"

/* Why a game ended. */
typedef enum match_reason {
    MATCH_REASON_CONNECTION,    /* the winner connected its edges */
    MATCH_REASON_RESIGN,        /* the loser resigned */
    MATCH_REASON_ILLEGAL,       /* the loser answered an illegal move */
    MATCH_REASON_TIME,          /* the loser answered, but over its time */
    MATCH_REASON_TIMEOUT,       /* the loser did not answer in time */
    MATCH_REASON_CRASH,         /* the loser's process died */
    MATCH_REASON_FORFEIT,       /* the loser refused a command ('?') */
    MATCH_REASONS
} match_reason_t;

/* The reason's word in results.txt: "connection", "resign", "illegal",
 * "time", "timeout", "crash", "forfeit". */
const char *match_reason_name(match_reason_t r);

typedef struct match_judge {
    game_t game;
    int owner[2];               /* engine owning each colour, by colour */
    bool allow_swap;
    bool swapped;               /* a swap-pieces was played */
    bool over;
    int winner;                 /* once over: the winning engine */
    match_reason_t reason;      /* once over */
    char detail[256];           /* once over: the reason in words */
} match_judge_t;

/* A new game of W x H with engine `black` owning Black.  Returns false
 * when memory is short. */
bool match_judge_init(match_judge_t *j, int width, int height, int black,
                      bool allow_swap);
void match_judge_free(match_judge_t *j);

/* Plays an opening (already checked by match_openings). */
void match_judge_opening(match_judge_t *j, const match_opening_t *o);

/* The colour to move, and the engine that owns it. */
hex_color_t match_judge_color(const match_judge_t *j);
int match_judge_engine(const match_judge_t *j);

/* The colour engine `who` owns now. */
hex_color_t match_judge_color_of(const match_judge_t *j, int who);

/* Judges the genmove reply of the engine to move (reply: the reply text,
 * trimmed).  seconds: the time it used; time_left: its clock after the
 * move (< 0: unknown), both kept in the record.  Returns the move played
 * (a cell or MOVE_SWAP) when the game goes on or was won by it, and
 * MOVE_NONE when the reply lost the game or was a resignation; j->over
 * tells whether the game ended. */
int match_judge_reply(match_judge_t *j, const char *reply, double seconds,
                      double time_left);

/* Ends the game: engine `loser` loses for `reason`, the detail in words
 * (printf-style).  Does nothing when the game is already over. */
void match_judge_lose(match_judge_t *j, int loser, match_reason_t reason,
                      const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Board moves in the record (the opening included, a resignation not). */
int match_judge_moves(const match_judge_t *j);

#endif /* HEIN_TOOLS_MATCH_MATCH_JUDGE_H */
