/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_PRIOR_H
#define HEIN_BOARD_PRIOR_H

/* A move prior from local shape: how often a strong player takes a cell
 * whose surroundings look like this, against how often such a cell was
 * there to take (a Bradley-Terry "gamma", 1 = indifferent).
 *
 * A cell's shape, read for the player to move, is two patterns of six
 * cells, each cell empty ('.'), the mover's ('o': a stone or one of its
 * own edges) or the opponent's ('x'):
 *   - the ring: the six neighbours, in circular order from (+1,0),
 *     (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1) (column, row);
 *   - the bridges: the six cells a bridge away, the k-th between ring
 *     cells k and k+1.
 * A cell off the board reads as the edge on that side, and as the
 * mover's own edge beyond a corner, where both apply.  White's shapes are read on the transposed
 * board, where White joins top and bottom as Black does, so one table
 * serves both colours; and a pattern and its 180-degree turn are one
 * pattern (the smaller code of the two).  A code is the pattern as a
 * base-3 number, the first cell the least digit ('.' 0, 'o' 1, 'x' 2).
 *
 * The joint pattern is the twelve cells together, the ring's six then
 * the bridges' six (its half turn turns both).
 *
 * The near class of a cell says where it lies from the opponent's last
 * move (prior_near_code): 1 next to it, 2 a bridge away, 3 two cells
 * away in a line, 4, 5 and 6 at hex distance 3, 4 and 5; 0 farther, or
 * no last move known.
 *
 * The prior of a move is gamma(ring) * gamma(bridges) * gamma(joint) *
 * gamma(near): the joint gamma carries what the two halves together say
 * beyond their product, the near gamma what the last move's place adds
 * to the shape.  The table is a text file, `ring PATTERN GAMMA`, `bridge
 * PATTERN GAMMA` (PATTERN six of ".ox"), `joint PATTERN GAMMA` (twelve)
 * and `near CLASS GAMMA` (CLASS 0-6) lines, '#' starting a comment; a
 * pattern or class it does not list has gamma 1.  tools/prior/learn_prior.c learns one from games.  A prior_t is
 * immutable once loaded: threads share it freely. */

#include <stdbool.h>
#include <stddef.h>

#include "board/bitset.h"
#include "board/geometry.h"

/* Patterns of six cells: 3^6 codes; of twelve: 3^12. */
#define PRIOR_CODES 729
#define PRIOR_JOINT_CODES 531441
/* Near classes (above). */
#define PRIOR_NEAR_CODES 7

/* The file read by prior_load_default, in the pattern directory. */
#define PRIOR_FILE "move-prior.txt"

typedef struct prior {
    float ring[PRIOR_CODES];
    float bridge[PRIOR_CODES];
    float *joint;               /* PRIOR_JOINT_CODES gammas; NULL: every one 1 */
    float near[PRIOR_NEAR_CODES];
} prior_t;

/* The canonical codes of `cell`'s patterns for `mover` on the board of
 * geo with stones[BLACK], stones[WHITE]; `joint` may be NULL. */
void prior_codes(const geometry_t *geo, const bitset_t stones[2], int cell,
                 hex_color_t mover, int *ring, int *bridge, int *joint);

/* A code's pattern of `cells` cells (6 or 12) as text: that many of
 * ".ox" and a NUL. */
void prior_code_text(int code, int cells, char *text);

/* The near class of `cell` from `last`, the opponent's last move (a
 * cell, or < 0 when unknown). */
int prior_near_code(const geometry_t *geo, int cell, int last);

/* A table with every gamma 1 (NULL when memory is short). */
prior_t *prior_new(void);

/* Parse table text (`origin` names it in messages) or read a file; NULL
 * with "origin:LINE: what is wrong" in err on error. */
prior_t *prior_parse(const char *text, const char *origin, char *err, size_t errlen);
prior_t *prior_load(const char *path, char *err, size_t errlen);

/* PRIOR_FILE of the pattern directory (pattern.h pattern_path). */
prior_t *prior_load_default(char *err, size_t errlen);

void prior_free(prior_t *p);

/* The prior of `cell` for `mover`, whose opponent's last move was
 * `last` (< 0: unknown): gamma(ring) * gamma(bridges) * gamma(joint) *
 * gamma(near). */
double prior_gamma(const prior_t *p, const geometry_t *geo, const bitset_t stones[2],
                   int cell, hex_color_t mover, int last);

#endif /* HEIN_BOARD_PRIOR_H */
