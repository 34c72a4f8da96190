/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_TESTS_MINIMAX_H
#define HEIN_BOARD_TESTS_MINIMAX_H

/* Exact game values of small positions by memoised minimax: the oracle
 * that tests of board knowledge (VCs, inferior cells) compare against.
 * For tests only: it knows nothing but the rules, is exponential, and is
 * meant for positions with up to about 14 empty cells.
 *
 * Hex has no draws and a position's value depends only on the stones and
 * the side to move (the swap is ignored: it never occurs inside a
 * search), so results are memoised by the position hash.  A minimax_t is
 * used by one thread. */

#include <stdbool.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/position.h"

typedef struct minimax minimax_t;

minimax_t *minimax_new(void);
void minimax_free(minimax_t *m);

/* Forget every memoised result (positions of another board size must not
 * share a table: ids differ). */
void minimax_clear(minimax_t *m);

/* Whether the side to move in p wins with best play.  A position already
 * won by one side is won by that side.  p is changed during the search
 * and restored. */
bool minimax_to_move_wins(minimax_t *m, position_t *p);

/* The winner of p with best play from here, the side to move moving. */
hex_color_t minimax_winner(minimax_t *m, position_t *p);

/* The empty cells whose play wins for the side to move. */
bitset_t minimax_winning_moves(minimax_t *m, position_t *p);

/* Number of positions searched since minimax_new (for test output). */
uint64_t minimax_nodes(const minimax_t *m);

#endif /* HEIN_BOARD_TESTS_MINIMAX_H */
