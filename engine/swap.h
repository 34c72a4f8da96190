/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_SWAP_H
#define HEIN_ENGINE_SWAP_H

/* Swap decision tables: for a board size, the first stones of Black
 * after which Black wins with White to move, as hein's solver proved
 * them (tools/swap/swap-table.sh), read from swap-WxH.txt in the pattern
 * directory (board/pattern.h pattern_path).  White swaps exactly those.
 *
 * File format: '#' comments and blank lines; otherwise "CELL WINNER",
 * CELL a cell of the board (a1 style), WINNER black or white.  A cell
 * not listed is not known (the player's own rule decides).  A file that
 * breaks the format is refused whole, with the line that broke it.
 *
 * A table is a plain value: the engine owns one per board size it loads
 * and lends it, read-only, to the players.
 *
 * Where no table decides, the circuit's rule (swap_by_circuit) does. */

#include <stdbool.h>
#include <stddef.h>

#include "board/bitset.h"
#include "board/knowledge.h"
#include "board/position.h"
#include "board/resist.h"

typedef struct swap_table {
    int width, height;
    bitset_t known;             /* cells the table decides */
    bitset_t swap;              /* of them, the cells after which Black
                                 * wins: White swaps */
} swap_table_t;

/* Read the table of width x height from `path` into *t.  False, with a
 * message in err, when the file cannot be read or breaks the format (*t
 * is then empty: nothing known). */
bool swap_table_read(swap_table_t *t, const char *path, int width, int height, char *err,
                     size_t errlen);

/* The table of width x height from the pattern directory
 * (swap-WxH.txt).  False, with a message in err, when there is none
 * (*found false) or it cannot be read (*found true); *t then knows
 * nothing. */
bool swap_table_load(swap_table_t *t, int width, int height, bool *found, char *err,
                     size_t errlen);

/* Whether t decides the first stone `cell` on its size, and then into
 * *swap whether White swaps it. */
bool swap_table_decides(const swap_table_t *t, int width, int height, int cell, bool *swap);

/* The circuit's rule, for a first stone no table decides.  p holds
 * Black's first stone and nothing else.
 *   - A rectangular board: the side whose edges are closer together wins
 *     whoever moves first (a pairing strategy), so White swaps exactly
 *     when that is Black (fewer rows than columns).
 *   - A square board: the circuit's value of the position after the
 *     stone (board/resist.h: log(R_white / R_black), both colours' VCs as
 *     conductors, built by kn with White to move) against the best first
 *     stone's: White swaps when it is at least `ratio` times the best
 *     (param_game swap_ratio).  Swapping gives White the stone's side,
 *     and on the empty board the value is 0, so a stone worth a fair
 *     share of the best one is a stone White would rather own; 0.45
 *     agrees with the solved 6x6 and 7x7 openings on 77 of the 85
 *     (tools/swap/swap-check.sh measures it).
 * kn and rs are the caller's workspaces, res a result buffer.  False when
 * memory is short (*swap is then false). */
bool swap_by_circuit(kn_t *kn, resist_t *rs, const resist_params_t *params,
                     resist_result_t *res, const position_t *p, double ratio, bool *swap);

#endif /* HEIN_ENGINE_SWAP_H */
