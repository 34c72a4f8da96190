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
 *     set K of one, two (with find_dead_region_pairs; and with
 *     find_three_sided_dead_regions, three) pairwise joined nodes; every component left that holds neither X
 *     edge is X-irrelevant (a chain enters and leaves it through K).
 * Captured pairs.  Empty cells a, b such that a is dead once X holds b and
 * b is dead once X holds a: X answers Y's move in one by the other, so
 * filling both with X keeps the value (for either side to move).  The
 * fill-in tries the pairs within distance pair_reach (1 or 2).
 * Patterns.  Loaded pattern sets (board/pattern.h) add dead cells,
 * captured sets, vulnerable cells and dominated cells; each pattern's claim
 * is proven by tools/patcheck/patcheck_ice.c.
 *
 * Fill-in: dead cells are filled with the side to move's colour, captured
 * cells with the captor's, and the rules run again on the filled board
 * until nothing changes.  Each step keeps the value for both sides to
 * move, and every rule is monotone (adding stones outside a found set
 * never undoes it), so a winning move of the filled board is a winning
 * move of the original one.
 *
 * Pruning (Z to move, Y the opponent) works on the filled board F, which
 * is not decided.  Two game notions, both about every way of completing
 * a board: a cell is dead on B when its colour never changes the winner of
 * a completion of B; a set S of empty cells is Y-captured on B when, on
 * every board that adds stones to B outside S (and Y stones inside S),
 * filling S with Y keeps the value for either side to move.  Both carry
 * over to any fuller board by definition.  The rules above establish
 * them: a dead cell is dead on any fuller board because a completion of
 * that board is one of B; a captured pair is Y-captured (Y answers a by b
 * on the fuller board, where a is still dead once Y holds b); a captured
 * pattern's proof covers every colouring of its other cells; and sets
 * found one after another (S2 captured on B + Y S1) add up, since filling
 * S1 and then S2 keeps the value at each step.  Certificates:
 *   - Vulnerable: c with a killer k (empty) such that c is dead on F + Y k
 *     (the clique rule, vulnerable patterns), or, with find_reversible,
 *     dead on F + Y k + Y S for a set S Y-captured on F + Y k, found with
 *     c empty as for reversible cells below (Benzene's "dead after the
 *     killer's fill-in").  In the second case c need not be dead on
 *     F + Y k itself, but F + Y k + Z c and F + Y k + Y c have the same
 *     value for either side to move: S is Y-captured on both (they add a
 *     stone to F + Y k outside S), and with S filled the colour of c does
 *     not matter.  As S is Y-captured on F + Z c + Y k too, (k, S) is a
 *     captured-reversible certificate, which is what the theorem uses.
 *   - Captured-reversible (Henderson and Hayward 2013): c with a reverser
 *     k (empty, next to c) and a set S, Y-captured on W = F + Z c + Y k
 *     (found with Z's stone on c: c's neighbours that are dead, or in a
 *     captured pair with a neighbour within distance two of c, or in one of
 *     Y's captured patterns inside that distance, repeated on the board as
 *     filled so far), such that c is dead on F + Y k + Y S (c empty again:
 *     clique-dead, or Y connected).  Then, for either side to move, W is
 *     worth W + Y S, which is F + Y k + Y S + Z c, which is worth
 *     F + Y c + Y k + Y S.  Vulnerable cells are the case where S can be
 *     found before Z plays c; a cell with a killer is reported vulnerable,
 *     and a reverser whose S also works with c empty is a killer.
 *   - Dominated: c with a dominator d: Z wins after Z c only if Z wins
 *     after Z d.  The certificate is a dominated pattern, or c dead or Z-
 *     captured on F + Z d (clique rule, captured patterns; d a neighbour
 *     of c): then F + Z d is worth F + Z d + Z c (dead: either colour;
 *     captured: with the rest of the set), which holds every stone of
 *     F + Z c.  The second kind (dominated_by_neighbour; the captured set
 *     lies within distance two of c) is made of game notions, so it
 *     carries over to any fuller board that adds stones only outside d
 *     and the cells within distance two of c.  Next to Z's own edge it
 *     prunes a first-row cell for the second-row cell whose edge bridge
 *     holds it.  A cell is made dominated only when d is neither
 *     vulnerable, reversible nor dominated, so every chain of dominators
 *     ends in a move that is kept.
 * Theorem: if Z wins F, some winning move of F is none of these.  Suppose
 * every winning move is.  A dominated winning move gives a winning chain
 * down to a kept move; so every winning move is vulnerable or reversible.
 * Let P0 = F and build P1, P2, ..., each P(i+1) = P(i) + Y m for a winning
 * move m of P(i) (Z to move), keeping: P(i) is F plus Y stones only, and
 * Z wins P(i).  A move m that wins P(i) wins F (F has fewer Y stones), so
 * it has a certificate (k, S), found on F (S empty for the plain rules),
 * and it holds on P(i) (only Y stones were added, none on m).  So: Z wins
 * P(i) + Z m with Y to move; hence Z wins P(i) + Z m + Y k with Z to move
 * (if k is already Y's, having the move never hurts in Hex); this is worth
 * P(i) + Y (m, k, S); so Z wins P(i) + Y m with Z to move.  Each step
 * fills one more cell, and Z's stones stay those of F, where Z is not
 * connected: on the full board Y wins, a contradiction.
 * The rules are applied once, on F, and never recomputed on the fuller
 * boards, so only the game notions need to carry over, not the rules.
 * (The clique rule carries over anyway: stones added away from c only
 * take empty neighbours out or merge groups, which adds joins; patterns do
 * not, a '.' cell must stay empty.)
 *
 * The inferior set for Z is: every filled cell, every vulnerable and
 * reversible cell and the pruned dominated cells.  If Z has a winning
 * move, some empty cell outside the set wins too, unless the filled board
 * is already decided (result->decided).  board/tests/test_ice.c checks all
 * of this against exact minimax on thousands of small positions.
 *
 * An ice_t is a per-thread workspace; the pattern set it reads is shared
 * read-only. */

#include <stdbool.h>

#include "board/bitset.h"
#include "board/pattern.h"
#include "board/position.h"

typedef struct ice_params {
    bool find_dead_region_pairs;        /* clique cut-sets of two (else
                                         * of one only: one search, not
                                         * one per node) */
    bool find_three_sided_dead_regions; /* clique cut-sets of three (with
                                         * find_dead_region_pairs) */
    bool iterative_dead_regions;        /* cut-sets in every fill-in round,
                                         * not only the first */
    bool use_patterns;                  /* use the loaded pattern set */
    bool find_vulnerable;
    bool find_reversible;               /* captured-reversible cells */
    int reverser_need;                  /* a bound on the work of
                                         * find_reversible: try a reverser
                                         * only when Z's view of c needs at
                                         * most this many of c's empty
                                         * neighbours captured (or none
                                         * will do); 2 by default */
    int pair_reach;                     /* the fill-in's captured pairs:
                                         * cells adjacent (1) or within
                                         * distance two (2, the default;
                                         * one pair in twenty) */
    bool find_dominated;                /* dominated patterns */
    bool find_neighbour_dominated;      /* cells dead or captured once
                                         * to_move holds a neighbour
                                         * (dominated_by_neighbour) */
    bool use_decompositions;            /* fill the carriers of
                                         * decomposition VCs (decomp.h);
                                         * read by knowledge.c, which
                                         * has the VCs, not by ice.c */
    bool use_symmetry;                  /* on a position a half turn of
                                         * the board leaves unchanged,
                                         * keep one move of each pair the
                                         * half turn swaps (read by
                                         * knowledge.c, knowledge.h) */
} ice_params_t;

/* The defaults: everything on except three-sided cut-sets and cut-sets
 * after the first fill-in round (as Benzene: later rounds rarely find a
 * region the first missed, and cost a quarter of a solver's time). */
void ice_params_init(ice_params_t *prm);

typedef struct ice_result {
    hex_color_t to_move;        /* the side the pruning is for */
    bitset_t dead;              /* filled as dead */
    bitset_t captured[2];       /* filled as captured, by captor */
    bitset_t filled[2];         /* every filled cell, by fill colour */
    bitset_t vulnerable;        /* for to_move */
    bitset_t killers[HEX_MAX_CELLS];    /* of each vulnerable cell (the
                                         * three arrays hold values only
                                         * at the cells their set marks) */
    bitset_t reversible;        /* captured-reversible for to_move, not
                                 * vulnerable */
    bitset_t reversers[HEX_MAX_CELLS];  /* of each reversible cell */
    bitset_t dominated;         /* for to_move, with a dominator below */
    bitset_t dominated_by_neighbour;    /* those of the neighbour rule
                                         * (find_neighbour_dominated) */
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

/* The two halves of ice_compute, for a searcher that needs the pruning
 * only at undecided nodes and only among the moves it would try:
 * ice_fill computes the fill-in (dead, captured, filled, decided; inferior
 * is the filled cells) and keeps the filled board in the workspace;
 * ice_prune, called next on the same workspace and result, adds the
 * vulnerable, reversible and dominated cells among `cells` (nothing when
 * the filled board is decided).  Restricting the cells keeps the theorem
 * above whenever `cells` holds every winning move of F (a must-play, say):
 * a dominator of a pruned cell is then computed too when it wins, so a
 * winning dominated cell still leads to a kept winning move, and the
 * chain argument only uses certificates of winning moves. */
void ice_fill(ice_t *ice, const ice_params_t *prm, const position_t *p,
              hex_color_t to_move, ice_result_t *result);
void ice_prune(ice_t *ice, const ice_params_t *prm, const bitset_t *cells,
               ice_result_t *result);

/* The position with the result's fill-in played (dst uninitialised;
 * free with position_free).  dst's side to move is result->to_move. */
void ice_filled_position(const ice_result_t *r, const position_t *p, position_t *dst);

/* Whether the empty cell c of p is dead by the neighbourhood clique rule
 * (exposed for tests and the checker). */
bool ice_clique_dead(const position_t *p, int c);

#endif /* HEIN_BOARD_ICE_H */
