/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_SOLVE_SOLVE_MAP_H
#define HEIN_TOOLS_SOLVE_SOLVE_MAP_H

/* hein-solve's picture of a board-wide run: the board as HexGui draws
 * it (a1 at the top left, each row shifted half a cell to the right of
 * the one above, Black's edges at the top and bottom in black, White's at
 * the left and right in white), each first move of the job coloured by
 * who wins after it -- black for Black, white for White --, a grey cell
 * with a '?' where it is not solved (open or out of time), the base
 * position's stones as small discs, the cells not in the job plain; the
 * column letters and row numbers, a title (the board, the counts) and a
 * legend.  Drawn with tools/lib/png.h. */

#include <stdbool.h>
#include <stddef.h>

#include "tools/solve/solve_job.h"

/* Writes the picture of job to path (PNG), whole or not at all; false
 * with why when it cannot. */
bool solve_map_save(const solve_job_t *job, const char *path, char *why, size_t whylen);

#endif /* HEIN_TOOLS_SOLVE_SOLVE_MAP_H */
