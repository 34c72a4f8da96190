/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_ICE_H
#define HEIN_BOARD_ICE_H

/* The inferior-cell engine: cells whose colour cannot matter, cells a side
 * can fill without changing the game's value, and moves that are never
 * the only winning move.
 *
 * Every rule is a proven one; where a rule of the literature could not be
 * proven here it is left out.  The arguments (Y is X's opponent; "X wins"
 * is about the fully coloured board, where exactly one side connects):
 *
 * X-irrelevance.  A set R of empty cells is X-irrelevant when every X
 * chain between X's edges that uses a cell of R can be rerouted around the
 * empty cells of R.  Then the colours of R never decide the game: X wins
 * with R all X only if X wins with any colouring of R, and adding X stones
 * never hurts X.  So R is dead: it may be filled with any colour.
 *   - Neighbourhood clique: for a colour X, the X-neighbours of an empty
 *     cell c (its empty neighbours, the X groups and X edges it touches)
 *     are pairwise joined: adjacent, the same group, or touching a common
 *     X group.  A chain through c then has a shortcut.
 *   - Clique cut-sets: remove from the graph of empty cells and X groups a
 *     set K of one, two (or, with find_three_sided_dead_regions, three)
 *     pairwise joined nodes; every component left that holds neither X
 *     edge is X-irrelevant (a chain enters and leaves it through K).
 * Captured pairs.  Empty cells a, b such that a is dead once X holds b and
 * b is dead once X holds a: X answers Y's move in one by the other, so
 * filling both with X keeps the value (for either side to move).
 * Patterns.  Loaded pattern sets (board/pattern.h) add dead cells,
 * captured sets, vulnerable cells and dominated cells; each pattern's claim
 * is proven by tools/patcheck_ice.c.
 *
 * Fill-in: dead cells are filled with the side to move's colour, captured
 * cells with the captor's, and the rules run again on the filled board
 * until nothing changes.  Each step keeps the value for both sides to
 * move, and every rule is monotone (adding stones outside a found set
 * never undoes it), so a winning move of the filled board is a winning
 * move of the original one.
 *
 * Vulnerable cells (for Z to move): an empty cell c with a killer k (an
 * empty cell) such that c is dead once Y holds k.  Pruning all of them at
 * once is sound: if every winning move were vulnerable, Z wins after Z c,
 * Y k, which is the board with c and k given to Y; a winning move there
 * wins on the original board too, and repeating this on ever fuller boards
 * ends in a contradiction.
 * Dominated cells: c with a dominator d (pattern); pruned only when d is
 * neither vulnerable nor pruned itself, so chains of dominators end in a
 * move that is kept.
 *
 * The inferior set for Z is: every filled cell, every vulnerable cell and
 * the pruned dominated cells.  If Z has a winning move, some empty cell
 * outside the set wins too, unless the filled board is already decided
 * (result->decided).  board/tests/test_ice.c checks all of this against
 * exact minimax on thousands of small positions.
 *
 * An ice_t is a per-thread workspace; the pattern set it reads is shared
 * read-only. */

#include <stdbool.h>

#include "board/bitset.h"
#include "board/pattern.h"
#include "board/position.h"

typedef struct ice_params {
    bool find_three_sided_dead_regions; /* clique cut-sets of three */
    bool iterative_dead_regions;        /* cut-sets in every fill-in round,
                                         * not only the first */
    bool use_patterns;                  /* use the loaded pattern set */
    bool find_vulnerable;
    bool find_dominated;
} ice_params_t;

/* The defaults: everything on except three-sided cut-sets. */
void ice_params_init(ice_params_t *prm);

typedef struct ice_result {
    hex_color_t to_move;        /* the side the pruning is for */
    bitset_t dead;              /* filled as dead */
    bitset_t captured[2];       /* filled as captured, by captor */
    bitset_t filled[2];         /* every filled cell, by fill colour */
    bitset_t vulnerable;        /* for to_move */
    bitset_t killers[HEX_MAX_CELLS];    /* of each vulnerable cell */
    bitset_t dominated;         /* for to_move, with a dominator below */
    int16_t dominator[HEX_MAX_CELLS];
    bitset_t inferior;          /* the moves to_move may skip */
    hex_color_t decided;        /* winner of the filled board, or HEX_EMPTY */
} ice_result_t;

typedef struct ice ice_t;

/* A workspace reading `patterns` (may be NULL: graph rules only; not
 * owned, must outlive the workspace).  NULL when memory is short. */
ice_t *ice_new(const pattern_set_t *patterns);
void ice_free(ice_t *ice);

/* Compute everything for `to_move` on p (p is not changed).  Result
 * fields are as above; cells are board cell ids. */
void ice_compute(ice_t *ice, const ice_params_t *prm, const position_t *p,
                 hex_color_t to_move, ice_result_t *result);

/* The position with the result's fill-in played (dst uninitialised;
 * free with position_free).  dst's side to move is result->to_move. */
void ice_filled_position(const ice_result_t *r, const position_t *p, position_t *dst);

/* Whether the empty cell c of p is dead by the neighbourhood clique rule
 * (exposed for tests and the checker). */
bool ice_clique_dead(const position_t *p, int c);

#endif /* HEIN_BOARD_ICE_H */
