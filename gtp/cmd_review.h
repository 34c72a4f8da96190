/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_REVIEW_H
#define HEIN_GTP_CMD_REVIEW_H

/* The review of one move for HexGui's analyze menu (engine/review.h):
 *
 *   review-move [SECONDS [SOLVE_SECONDS]]
 *
 * reviews the last move of the game on the board (a stone or a swap):
 * the position before it is searched by the current player for SECONDS
 * (default 2) and tried by the solver for SOLVE_SECONDS (default 2), the
 * position after it by the solver too (and searched when the move was
 * not among the searched ones: a pruned cell or a swap).  With no move
 * to review (an empty board, set-up stones last) it reviews the position
 * on the board.  The answer is HexGui's `pspairs`, CELL TEXT pairs:
 *
 *   BEST best:VALUE      hein's best move and its value for the mover
 *                        (the player's units; W or L when proven)
 *   PLAYED loss:LOSS     the played move's loss (review.h; ? unknown);
 *                        after a swap, the swapped stone carries it as
 *                        swap,loss:LOSS
 *   WIN win              a winning move the solver proved for the mover
 *                        (only when the mover had a proven win)
 *
 * texts on one cell joined by commas (best:+26,loss:0 when the played
 * move was hein's).  The game is not changed.  A game over with no move
 * to review fails.  Takes the engine_t as context. */

#include "gtp/htp.h"

htp_status_t cmd_review_move(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_REVIEW_H */
