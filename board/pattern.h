/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_PATTERN_H
#define HEIN_BOARD_PATTERN_H

/* Local hex patterns in hein's own text format, for the inferior-cell
 * engine (board/ice.h) and the pattern checker
 * (tools/patcheck/patcheck_ice.c).
 *
 * A file holds comment lines (starting with '#'), blank lines, and
 * blocks
 *
 *     pattern NAME
 *     kind dead|captured|vulnerable|dominated
 *      O O *
 *       X c O
 *        X X *
 *     end
 *
 * The diagram rows are board rows, top to bottom; the tokens of a row are
 * its columns, left to right, exactly as in hein's board diagram (rows may
 * be indented for readability: leading blanks are ignored).  Every row has
 * the same number of tokens, one character each:
 *
 *     .  an empty cell of the region
 *     X  a stone of the pattern's colour ("own")
 *     O  a stone of the other colour
 *     +  off the board, beyond an edge of the pattern's colour
 *     -  off the board, beyond an edge of the other colour
 *     *  not part of the pattern (anything: a cell, a stone, an edge)
 *     c  the inferior cell(s): empty
 *     k  vulnerable: the killer, an empty cell
 *     d  dominated: the dominating cell, an empty cell
 *
 * Claims, for the pattern's colour X and its opponent Y:
 *   dead        one c: the colour of c never decides the game.
 *   captured    one to four c: X can fill every c without changing the
 *               value (X has a local second-player strategy inside them).
 *   vulnerable  one c, one k: once Y holds k, c is dead; so for X to move,
 *               c is never the only winning move.
 *   dominated   one c, one d: for X to move, playing c is never better
 *               than playing d.
 * tools/patcheck/patcheck_ice.c proves each claim on the pattern's region.
 *
 * A loaded pattern_set_t is expanded to every rotation and reflection of
 * the hex grid (each claim is about connectivity, which they preserve;
 * edges follow along) and is immutable afterwards: share it read-only
 * between threads.  The other colour needs no copy: matching takes the
 * colour X as an argument. */

#include <stdbool.h>
#include <stddef.h>

#include "board/position.h"

#define PATTERN_MAX_CELLS 64    /* positions that are not '*' */
#define PATTERN_MAX_SUBJECT 4   /* 'c' cells */
#define PATTERN_NAME_MAX 64

typedef enum pattern_kind {
    PATTERN_DEAD,
    PATTERN_CAPTURED,
    PATTERN_VULNERABLE,
    PATTERN_DOMINATED,
    PATTERN_KINDS
} pattern_kind_t;

typedef enum pattern_sym {
    PSYM_EMPTY,                 /* '.' */
    PSYM_OWN,                   /* 'X' */
    PSYM_OPP,                   /* 'O' */
    PSYM_OWN_EDGE,              /* '+' */
    PSYM_OPP_EDGE,              /* '-' */
    PSYM_SUBJECT,               /* 'c' */
    PSYM_OTHER                  /* 'k' or 'd' */
} pattern_sym_t;

typedef struct pattern_cell {
    int dc, dr;                 /* offset from the anchor (first 'c') */
    pattern_sym_t sym;
} pattern_cell_t;

/* One orientation of one pattern.  cells[0] is the anchor (offset 0,0). */
typedef struct pattern {
    pattern_kind_t kind;
    char name[PATTERN_NAME_MAX];
    int line;                   /* of "pattern NAME" in its file */
    int ncells;
    pattern_cell_t cells[PATTERN_MAX_CELLS];
} pattern_t;

typedef struct pattern_set {
    int nsource;                /* patterns as written */
    pattern_t *source;
    int nexpanded;              /* every distinct orientation of each */
    pattern_t *expanded;
} pattern_set_t;

/* Parse pattern text (`origin` names it in messages).  NULL on error, with
 * "origin:LINE: what is wrong" in err. */
pattern_set_t *pattern_set_parse(const char *text, const char *origin,
                                 char *err, size_t errlen);

/* Read and parse a file. */
pattern_set_t *pattern_set_load_file(const char *path, char *err, size_t errlen);

/* A whole file as NUL-terminated text (malloc'd; the caller frees it),
 * or NULL with "path: what is wrong" in err. */
char *pattern_read_file(const char *path, char *err, size_t errlen);

/* The pattern directory, where every pattern file is read from (the
 * ice-*.txt files here, vc-templates.txt by vc_template.h): the first
 * that exists of the environment variable HEIN_PATTERNS, the installed
 * $(pkgdatadir)/patterns and the source tree's share/patterns.  Writes
 * the path of the file `name` in it (name "" : the directory itself) and
 * returns true; false with a message in err when there is none. */
bool pattern_path(const char *name, char *path, size_t len, char *err, size_t errlen);

/* Load every ice-*.txt of the pattern directory.  Returns NULL (with a
 * message) when no directory or no file is found or a file is
 * malformed. */
pattern_set_t *pattern_set_load_ice(char *err, size_t errlen);

/* Merge b into a (b is freed).  Returns a, or NULL when memory is short
 * (both freed). */
pattern_set_t *pattern_set_merge(pattern_set_t *a, pattern_set_t *b);

void pattern_set_free(pattern_set_t *s);

/* The kind's name ("dead", ...) and back; false for an unknown name. */
const char *pattern_kind_name(pattern_kind_t k);
bool pattern_kind_parse(const char *s, pattern_kind_t *k);

/* Whether pattern pat, for colour `own`, matches p with its anchor on
 * `anchor` (an empty cell).  On a match, ids[i] is the board id of
 * pat->cells[i] (an edge pseudo-cell for edge symbols, -1 for none). */
bool pattern_match(const pattern_t *pat, const position_t *p, hex_color_t own,
                   int anchor, int ids[PATTERN_MAX_CELLS]);

#endif /* HEIN_BOARD_PATTERN_H */
