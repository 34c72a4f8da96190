/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_PLAYOUT_H
#define HEIN_BOARD_PLAYOUT_H

/* Random playouts: a statistical view of a position beside the circuit
 * (resist.h), for the players that want a second opinion on their moves.
 *
 * A playout plays the empty cells of a position to the end, the two
 * colours alternating from `to_move`: each move is a uniformly random
 * empty cell, except that with `bridges` a player whose bridge the
 * opponent's last stone entered answers in the bridge's other cell (a
 * bridge: two of its stones, or a stone and its own edge, with two
 * common empty neighbours; when several are entered one is chosen at
 * random).  Hex has no draws, and the full board's winner is the colour
 * whose stones join its edges.
 *
 * The statistics are all-moves-as-first: for every cell empty at the
 * start, in how many games to_move held it at the end, and in how many of
 * those to_move won.  A cell whose holder wins often is one worth taking
 * now; the ratio is the evidence a move score can mix in.
 *
 * A playout_t is one thread's workspace (nothing global, nothing shared);
 * it adapts to the board size of each call.  The games of a call are a
 * function of its seed: the same position and seed give the same
 * statistics. */

#include <stdbool.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/geometry.h"

/* The most games one call plays. */
#define PLAYOUT_MAX_GAMES 65535

typedef struct playout_stats {
    int games;
    int wins;                           /* won by to_move */
    uint16_t held[HEX_MAX_CELLS];       /* games to_move held the cell */
    uint16_t held_wins[HEX_MAX_CELLS];  /* of them, games to_move won */
} playout_stats_t;

typedef struct playout playout_t;

/* A workspace; NULL when memory is short. */
playout_t *playout_new(void);
void playout_free(playout_t *pw);

/* Play `games` playouts (at most PLAYOUT_MAX_GAMES) on the board of geo
 * whose stones are stones[BLACK], stones[WHITE] (disjoint cell sets; the
 * rest of the board is empty), to_move first, with the bridge answers
 * when `bridges`, from `seed`; the statistics into *out.  A board with no
 * empty cell plays no game. */
void playout_run(playout_t *pw, const geometry_t *geo, const bitset_t stones[2],
                 hex_color_t to_move, int games, bool bridges, uint64_t seed,
                 playout_stats_t *out);

#endif /* HEIN_BOARD_PLAYOUT_H */
