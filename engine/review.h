/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_REVIEW_H
#define HEIN_ENGINE_REVIEW_H

/* Game review: hein's view of the positions of a game and of the moves
 * played in them, shared by the review tool (tools/review) and the HTP
 * command review-move.
 *
 * One position (review_position): the current player searches it for
 * `seconds` (engine_analyse: its best move and every searched move's
 * value, for the side to move), then the solver tries `solve_seconds` on
 * it (its proven winner and, for a win, a winning move).  The played
 * move's value is its value in that search.  A move the search did not
 * value -- one the expansion pruned (an inferior cell, a move outside
 * the must-play, the twin of a move under the half-turn symmetry) or a
 * swap (the search never proposes one) -- takes the value of the
 * position after it, seen from the mover's side: the review of that
 * position when the caller has it (the tool reviews backwards, so it
 * always has), else one more search of `seconds` on it.  After a swap the
 * swapper holds the black stone and plays Black: its value is Black's in
 * the position after.  Values are the player's (player.h: SCNS gives
 * hundredths of a natural-log unit of the circuit's energy ratio, higher
 * is better for the side to move, PLAYER_VALUE_WIN/LOSS when the search
 * proved the move).
 *
 * Losses (review_loss) compare like with like:
 *   - a position proven lost for the mover: loss 0, no move wins;
 *   - a proven win for the mover, the position after its move proven
 *     too: 0 when the win is kept, 2 * REVIEW_VALUE_PROVEN when given away;
 *   - otherwise the search's values: the best move's less the played
 *     move's, never below 0, each clipped to +-REVIEW_VALUE_PROVEN (a move
 *     the search proved counts as exactly that).
 *
 * Turning points (review_mark), on the positions 0..n of a game of n
 * moves (position k: after k moves):
 *   - REVIEW_MARK_DECIDED: the first move k after which the side to move
 *     was proven lost (or the game was over);
 *   - REVIEW_MARK_LOSS: every move whose loss is at least the threshold;
 *   - REVIEW_MARK_GAVE_AWAY: the mover had a proven win before the move,
 *     and the position after it is proven lost for it.
 *
 * The review functions run on the thread that owns the engine (engine.h)
 * and use its current player and solver session; the rest is pure. */

#include <stdbool.h>
#include <stdint.h>

#include "board/strbuf.h"
#include "engine/engine.h"

/* The defaults: seconds of search and of solver a position, and the loss
 * that marks a move (value units: a natural-log unit of the circuit's
 * energy ratio). */
#define REVIEW_SECONDS 2.0
#define REVIEW_SOLVE_SECONDS 2.0
#define REVIEW_LOSS_THRESHOLD 100

/* What a proven result counts for in losses and plots, in value units;
 * search values are clipped to it (10 natural-log units: beyond the
 * values of an open position, whose best moves stay within a few
 * hundred). */
#define REVIEW_VALUE_PROVEN 1000

/* A reviewed position. */
typedef struct review_position {
    bool reviewed;              /* filled by review_position */
    hex_color_t to_move;        /* the side to move */
    int played;                 /* the move played from here (a cell or
                                 * MOVE_SWAP), MOVE_NONE: none */
    hex_color_t over;           /* the game is over here: its winner (no
                                 * search, no solver); else HEX_EMPTY */
    bool searched;              /* the player reported its search */
    int best;                   /* its move, MOVE_NONE when not searched */
    int32_t best_value;         /* its value for to_move (player.h units,
                                 * PLAYER_VALUE_WIN/LOSS when proven) */
    const char *value_unit;     /* the player's value unit, in words */
    bool played_valued;         /* played_value holds the played move's */
    int32_t played_value;       /* value for the mover (its side after a
                                 * swap: Black), as best_value */
    bool played_after;          /* played_value came from the position
                                 * after the move (not searched here) */
    hex_color_t winner;         /* proven winner (the solver's, else the
                                 * search's); HEX_EMPTY: not proven */
    int winning_move;           /* winner == to_move: a winning move the
                                 * solver named, else MOVE_NONE */
    double seconds;             /* the review's time */
} review_position_t;

typedef struct review_settings {
    double seconds;             /* search; 0: no search */
    double solve_seconds;       /* solver; 0: no solver */
} review_settings_t;

typedef enum review_status {
    REVIEW_OK = 0,
    REVIEW_STOPPED,             /* interrupted: *out is not filled */
    REVIEW_NO_MEMORY,
    REVIEW_PLAYER_ERROR         /* the player answered an illegal move */
} review_status_t;

/* Review the position of g (its side to move) with the current player and
 * the solver session, as s says, within stop (an interrupt or its halt
 * flag ends it: REVIEW_STOPPED; the time limits are set here).  `played`
 * is the move played from it in the game (a cell or MOVE_SWAP), MOVE_NONE
 * for none; `after`, when not NULL and reviewed, is the review of the
 * position after it, used for a played move the search did not value
 * or when it is proven (a proof outranks the search's open value; when
 * it has no value, that position is searched here).
 * A game over on g is recorded (over) without a search. */
review_status_t review_position(engine_t *e, const game_t *g, int played,
                                const review_position_t *after, const review_settings_t *s,
                                const stop_t *stop, review_position_t *out);

/* The side the mover of before's played move plays after it: the mover,
 * or Black after a swap. */
hex_color_t review_side_after(const review_position_t *before);

/* The proven winner of a reviewed position: its winner, or who won when
 * the game is over there; HEX_EMPTY when not proven (or not reviewed). */
hex_color_t review_proven(const review_position_t *p);

/* A player's value clipped to +-REVIEW_VALUE_PROVEN. */
int32_t review_clip(int32_t value);

/* The loss of before's played move (before reviewed; after: the position
 * it led to, NULL or not reviewed when unknown), as the header says, in
 * *loss; false when unknown (no value for the best or the played move). */
bool review_loss(const review_position_t *before, const review_position_t *after,
                 int32_t *loss);

/* Black's value of a reviewed position for plots: +-REVIEW_VALUE_PROVEN
 * when proven (*proven true), else the search's best value for Black,
 * clipped.  False when the position has neither. */
bool review_black_value(const review_position_t *p, int32_t *value, bool *proven);

enum {
    REVIEW_MARK_DECIDED = 1,
    REVIEW_MARK_LOSS = 2,
    REVIEW_MARK_GAVE_AWAY = 4
};

/* The review of one move. */
typedef struct review_move {
    bool loss_known;
    int32_t loss;
    unsigned marks;             /* REVIEW_MARK_* */
} review_move_t;

/* The losses and marks of the n moves of a game from its n + 1
 * positions (pos[k]: after k moves; those not reviewed count as
 * unknown): moves[k - 1] is move k's.  threshold: the loss that marks a
 * move. */
void review_mark(const review_position_t *pos, int n, int32_t threshold, review_move_t *moves);

/* The marks' names, comma-separated ("decided, gave away, loss"), into out
 * (size bytes); "" for none. */
void review_mark_names(unsigned marks, char *out, size_t size);

/* The comment on move k (1..n) of the game: the move and its value, the
 * loss, hein's best move and its value, the proven results before and
 * after, the marks; appended to out.  pos and moves as review_mark's;
 * g is the board's geometry. */
void review_comment(const geometry_t *g, const review_position_t *pos, int n,
                    const review_move_t *moves, int k, strbuf_t *out);

#endif /* HEIN_ENGINE_REVIEW_H */
