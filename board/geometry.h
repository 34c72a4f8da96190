/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_GEOMETRY_H
#define HEIN_BOARD_GEOMETRY_H

/* Board geometry: sizes, cell ids, neighbours, names.
 *
 * A board is W columns by H rows, 1 <= W,H <= 19.  Columns are letters
 * a, b, ... (left to right), rows are numbers 1..H (top to bottom); a1 is
 * the top-left, acute corner.  Cell (c, r) (0-based) has id r*W + c, so the
 * ids of a board are 0 .. W*H-1 with no holes.  The four edges are
 * pseudo-cells with fixed ids above every cell id: NORTH and SOUTH belong to
 * Black (rows 1 and H), WEST and EAST to White (columns a and last).
 *
 * Neighbours of (c, r): (c±1, r), (c, r±1), (c+1, r-1), (c-1, r+1); a
 * direction that leaves the board reaches the edge on that side.  Each cell
 * has at most six neighbours, edges included, none repeated.
 *
 * A geometry_t is immutable once made and reference-counted: every position
 * built on it holds a reference, so it may be shared freely between threads
 * (the count is atomic). */

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/bitset.h"

#define HEX_MIN_SIZE 1
#define HEX_MAX_SIZE 19
#define HEX_MAX_CELLS (HEX_MAX_SIZE * HEX_MAX_SIZE)

/* Edge pseudo-cells. */
enum {
    HEX_NORTH = HEX_MAX_CELLS,
    HEX_SOUTH,
    HEX_WEST,
    HEX_EAST,
    HEX_MAX_IDS                 /* one past the largest id */
};

/* Colours.  Black moves first and connects NORTH-SOUTH. */
typedef enum hex_color {
    HEX_BLACK = 0,
    HEX_WHITE = 1,
    HEX_EMPTY = 2
} hex_color_t;

static inline hex_color_t
hex_color_other(hex_color_t c)
{
    return (hex_color_t)(c ^ 1);
}

/* Moves are cell ids (>= 0) or one of these. */
enum {
    MOVE_NONE = -1,
    MOVE_SWAP = -2,             /* "swap-pieces" (input also "swap") */
    MOVE_RESIGN = -3            /* "resign" */
};

/* Longest name of a move, with its terminating NUL ("swap-pieces"). */
#define MOVE_NAME_MAX 12

typedef struct geometry {
    _Atomic int refs;
    int width, height;          /* W, H */
    int ncells;                 /* W*H */
    bitset_t cells;             /* every cell id of the board */
    uint8_t nbr_count[HEX_MAX_CELLS];
    int16_t nbr[HEX_MAX_CELLS][6];      /* cells and edges, no repeats */
    bitset_t nbrs[HEX_MAX_IDS];         /* the same as sets; for an edge:
                                         * the cells of its row/column */
    uint64_t key_salt;          /* mixed into position keys (position.h
                                 * position_key): a function of W and H */
} geometry_t;

/* A new geometry with one reference, or NULL when the size is out of range
 * or memory is short. */
geometry_t *geometry_new(int width, int height);

/* Take / drop a reference; the last unref frees.  unref(NULL) is a no-op. */
const geometry_t *geometry_ref(const geometry_t *g);
void geometry_unref(const geometry_t *g);

static inline int
geometry_cell(const geometry_t *g, int col, int row)
{
    return row * g->width + col;
}

static inline int
geometry_col(const geometry_t *g, int cell)
{
    return cell % g->width;
}

static inline int
geometry_row(const geometry_t *g, int cell)
{
    return cell / g->width;
}

/* The edge reached by stepping off the board to (col, row), a place
 * outside W x H: NORTH above the first row, SOUTH below the last, else
 * WEST left of the first column, else EAST (so a place off both a row and
 * a column end gets the row's edge).  Every neighbour list and pattern
 * match assigns off-board places to edges by this rule. */
static inline int
geometry_off_board_edge(const geometry_t *g, int col, int row)
{
    if (row < 0)
        return HEX_NORTH;
    if (row >= g->height)
        return HEX_SOUTH;
    if (col < 0)
        return HEX_WEST;
    return HEX_EAST;
}

/* The cell a half turn of the board takes c to: (col, row) becomes
 * (W-1-col, H-1-row).  It maps each colour's pair of edges onto itself,
 * so it maps the game onto itself. */
static inline int
geometry_half_turn(const geometry_t *g, int c)
{
    return g->ncells - 1 - c;
}

static inline bool
geometry_is_cell(const geometry_t *g, int id)
{
    return id >= 0 && id < g->ncells;
}

static inline bool
geometry_is_edge(int id)
{
    return id >= HEX_NORTH && id < HEX_MAX_IDS;
}

/* The two edges a colour connects: NORTH/SOUTH for Black, WEST/EAST for
 * White. */
static inline int
geometry_edge1(hex_color_t c)
{
    return c == HEX_BLACK ? HEX_NORTH : HEX_WEST;
}

static inline int
geometry_edge2(hex_color_t c)
{
    return c == HEX_BLACK ? HEX_SOUTH : HEX_EAST;
}

/* Result of parsing a name. */
typedef enum move_parse {
    MOVE_PARSE_OK = 0,
    MOVE_PARSE_SYNTAX,          /* not a cell name nor a special move */
    MOVE_PARSE_OFF_BOARD        /* a well-formed cell outside W x H */
} move_parse_t;

/* Parse a move name, case-insensitively: a cell ("a1" .. "s19"; no sign,
 * no leading zero), "swap-pieces" / "swap", or "resign".  On success stores
 * the move in *move. */
move_parse_t geometry_parse_move(const geometry_t *g, const char *s, int *move);

/* Lower-case name of a move, a cell or an edge ("north", ...), into buf
 * (at least MOVE_NAME_MAX bytes).  Returns buf. */
char *geometry_move_name(const geometry_t *g, int move, char *buf);

/* Parse a colour: b, black, w, white (any case).  Returns false for
 * anything else. */
bool hex_color_parse(const char *s, hex_color_t *c);

/* "black", "white" or "empty". */
const char *hex_color_name(hex_color_t c);

/* Parse a board size "N" (1..19).  Returns false when s is not exactly a
 * number in range. */
bool geometry_parse_size(const char *s, int *n);

#endif /* HEIN_BOARD_GEOMETRY_H */
