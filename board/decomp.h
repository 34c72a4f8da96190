/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_DECOMP_H
#define HEIN_BOARD_DECOMP_H

/* Combinatorial decompositions: a region that two of X's groups close off,
 * joined by a full VC inside it, can be filled with X.
 *
 * X is the owner of a VC set; g1 and g2 are two of X's groups (an X edge
 * counts as a group, with the stones touching it), not both edges.  Flood
 * the board from X's other edges ("free" edges) through empty cells and
 * X's stones, never entering g1 or g2, and never leaving a stop cell (an
 * empty cell next to g1 or g2: it is reached but not passed through).
 * The empty cells never reached form the enclosed area A.  When g1 and g2
 * have a full VC whose carrier C lies in A, C is X-captured (ice.h): on
 * any board that adds stones outside C and X stones inside C, filling C
 * with X keeps the value for either side to move.
 *
 * Proof.  Let B' be such a board.  C is still the carrier of a full VC
 * between g1 and g2 on B' (stones outside a carrier do not touch the
 * connection, and X's own stones inside it only help), so X can answer
 * every Y move inside C inside C and keep g1 and g2 connected there.
 * Take completions T of B' and T' of B' + X C that agree outside C.
 *   (1) X connects in T' => X connects in T, when g1 and g2 are joined in
 *       T by an X chain Q inside C.  Call "inside" the cells the flood
 *       never reached, other than g1's and g2's: A and X stones reached
 *       only through A.  An X path P of T' that steps from a reached cell
 *       u into an inside cell does so from a stop cell: a reached cell
 *       that is not a stop cell was passed through, so its neighbours
 *       (empty or X in B, as every cell P uses is) were reached too; an
 *       X stone is never a stop cell.  The same holds leaving the inside.
 *       So every run of P through the inside is bounded by g1, g2 or
 *       stop cells next to them (X in T, as they lie outside C); replace
 *       each run by the way through g1, Q and g2.  P's other cells are
 *       outside C, the same in T.  This gives an X path of T between the
 *       same edges.
 *   (2) X wins B' + X C => X wins B': X plays the filled game's strategy
 *       and answers a Y move inside C inside C with the VC's reply (in
 *       the filled game that pair of moves never happened).  The game
 *       ends in a T whose T' X has won, with Q in T: by (1) X wins T.
 *   (3) Y wins B' + X C => Y wins B': Y plays the filled game's strategy;
 *       an X move inside C is a pass there, which never hurts Y.  T' has
 *       the stones of T plus X ones, and Y wins T', so Y wins T.
 * Both hold for either side to move, so the values agree.  Because the
 * claim is proven for every such B', the set carries over to fuller
 * boards like every captured set (ice.h), so it may join the fill-in and
 * the harmless sets of the solver.  Benzene looks for such a pair only
 * among groups that touch two common opponent groups; the proof does not
 * need that, and without it more regions are found.
 *
 * The search is per call, with nothing kept: any thread may call it on
 * its own position and VC set. */

#include <stdbool.h>

#include "board/bitset.h"
#include "board/position.h"
#include "board/vc.h"

/* A carrier C as above for vc's owner on pos (for which vc is built),
 * into *captured; false when there is none (or the owner's edges are one
 * group or fully connected: there is nothing to decompose).  The first
 * one found, smallest carrier first within a pair of groups. */
bool decomp_find(const position_t *pos, const vc_t *vc, bitset_t *captured);

#endif /* HEIN_BOARD_DECOMP_H */
