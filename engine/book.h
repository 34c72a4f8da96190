/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_BOOK_H
#define HEIN_ENGINE_BOOK_H

/* The opening book: the first move on an empty board of each size, with
 * swap (param_game allow_swap 1) and without, as hein's own solver and
 * evaluation chose it (tools/book/make-book.sh says how).  genmove
 * plays the book's move on an empty board when param_game book is 1.
 *
 * File format, version 1 (share/book/opening-book.txt): '#' starts a
 * comment, to the end of the line; blank lines are skipped.  The first
 * other line is the version line "hein-book 1".  Every other line is an
 * entry "WxH MODE MOVE": a board size (1 to 19 each way), MODE swap or
 * noswap, MOVE a cell of that board (a1 style), the move of the side to
 * move first (Black) there.  One entry per size and mode.  A file that
 * breaks the format is refused whole, with the line that broke it.
 *
 * The book file is book/opening-book.txt beside the pattern directory
 * (board/pattern.h pattern_path: $HEIN_PATTERNS/../book, the installed
 * $(pkgdatadir)/book, the source tree's share/book).
 *
 * A book is a plain value: the engine owns one, read at start-up, and
 * reads it only. */

#include <stdbool.h>
#include <stddef.h>

#include "board/geometry.h"
#include "board/position.h"

#define BOOK_VERSION 1
#define BOOK_FILE "opening-book.txt"

typedef struct book {
    /* by width - 1, height - 1, swap (0 or 1): the cell id of the move
     * on that board, or -1 where the book has none */
    short move[HEX_MAX_SIZE][HEX_MAX_SIZE][2];
} book_t;

/* An empty book: no move anywhere. */
void book_empty(book_t *b);

/* Read the book at `path` into *b.  False, with "path:line: what is
 * wrong" (or "path: cannot open") in err, when the file cannot be read or
 * breaks the format; *b is then empty. */
bool book_read(book_t *b, const char *path, char *err, size_t errlen);

/* The path of the book file (see above) into path.  False with a
 * message in err when there is no pattern directory. */
bool book_path(char *path, size_t len, char *err, size_t errlen);

/* The book's move for `color` on p, or -1.  Only an empty board has one:
 * for Black the entry of p's size, for White the entry of the transposed
 * size, transposed (White's edges are Black's on the board turned over
 * its diagonal).  `swap`: the entry for play with swap. */
int book_move(const book_t *b, const position_t *p, hex_color_t color, bool swap);

#endif /* HEIN_ENGINE_BOOK_H */
