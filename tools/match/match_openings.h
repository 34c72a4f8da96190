/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_OPENINGS_H
#define HEIN_TOOLS_MATCH_MATCH_OPENINGS_H

/* The openings a match starts its games from.
 *
 * An openings file has one opening per line: moves separated by blanks,
 * played alternately from Black (so "a2" is Black's first move, "a2 c3"
 * adds White's reply).  Blank lines and everything from a '#' to the end
 * of its line are skipped.  Every move is checked on the match's board
 * when the file is read: a cell of the board, empty, and no connection
 * made by the opening (swap-pieces and resign are not opening moves).
 *
 * The default for a W x H board is every edge cell that is not a corner as
 * Black's first move, in a fixed order: column a (rows 2 .. H-1), the last
 * column (rows 2 .. H-1), row 1 (columns b .. second to last), row H
 * (likewise).  A board without such a cell gets one empty opening.  For
 * 11x11 that is a2-a10, k2-k10, b1-j1, b11-j11, as in
 * share/openings/11x11-edge.txt.
 *
 * A list is read-only once made, so the game threads share it freely. */

#include <stdbool.h>
#include <stddef.h>

typedef struct match_opening {
    int nmoves;
    int *moves;                 /* cells */
    char *text;                 /* the moves, lower case, one blank apart;
                                 * "" for the empty opening */
} match_opening_t;

typedef struct match_openings {
    match_opening_t *list;
    int n;
} match_openings_t;

/* The default openings of a W x H board (1 <= W, H <= 19). */
void match_openings_default(match_openings_t *o, int width, int height);

/* Reads openings from text (NUL-terminated) for a W x H board.  On failure
 * returns false with "line N: reason" in err and o empty.  Text without
 * any opening fails. */
bool match_openings_parse(match_openings_t *o, const char *text, int width,
                          int height, char *err, size_t errlen);

/* The same from the file at path ("PATH: line N: reason" on failure). */
bool match_openings_load(match_openings_t *o, const char *path, int width,
                         int height, char *err, size_t errlen);

void match_openings_free(match_openings_t *o);

#endif /* HEIN_TOOLS_MATCH_MATCH_OPENINGS_H */
