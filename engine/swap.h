/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_SWAP_H
#define HEIN_ENGINE_SWAP_H

/* Swap decision tables: for a board size, the first stones of Black
 * after which Black wins with White to move, as hein's solver proved
 * them (tools/swap-table.sh), read from swap-WxH.txt in the pattern
 * directory (board/pattern.h pattern_path).  White swaps exactly those.
 *
 * File format: '#' comments and blank lines; otherwise "CELL WINNER",
 * CELL a cell of the board (a1 style), WINNER black or white.  A cell
 * not listed is not known (the player's own rule decides).  A file that
 * breaks the format is refused whole, with the line that broke it.
 *
 * A table is a plain value: the engine owns one per board size it loads
 * and lends it, read-only, to the players. */

#include <stdbool.h>
#include <stddef.h>

#include "board/bitset.h"

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

#endif /* HEIN_ENGINE_SWAP_H */
