/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_POSITION_H
#define HEIN_BOARD_POSITION_H

/* A Hex position: stones, side to move, groups, hash, winner; play/undo.
 *
 * Treat position_t as read-only and change it only through the functions
 * below.  A position is a plain value apart from its geometry reference:
 * copy it with position_copy (never with =), free it with position_free.
 * Each searcher thread owns its positions; nothing here is shared.
 *
 * Groups are kept by union-find over cell ids and the four edge
 * pseudo-cells, with union by size and no path compression, so that undo
 * is exact and find is O(log n).  A stone of colour C joins its
 * same-coloured neighbours and C's own edges (a black stone on column a
 * does not join WEST).  Each root carries the mask of edges its group
 * touches, so the winner is known in O(1) after every move: Black wins when
 * NORTH and SOUTH share a group, White when WEST and EAST do.  At most one
 * side can ever be connected, and adding stones never disconnects one, so
 * the winner, once set, stays until an undo removes it.
 *
 * Moves are played by colour, in any order (set-up stones are moves too):
 * after a stone of colour C the side to move is the other colour.  The
 * swap (MOVE_SWAP) is White's second move after exactly one black stone:
 * no stone moves or changes colour, and White is to move again.  Undo
 * reverses the last move, the swap included. */

#include <stdbool.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/geometry.h"

/* Every stone plus one swap. */
#define POSITION_MAX_MOVES (HEX_MAX_CELLS + 1)

/* Edge masks kept at group roots. */
enum {
    EDGE_NORTH_BIT = 1,
    EDGE_SOUTH_BIT = 2,
    EDGE_WEST_BIT = 4,
    EDGE_EAST_BIT = 8
};

/* One union made by a move: `child` was attached under `root`, whose edge
 * mask was `old_edges` before. */
typedef struct position_union {
    int16_t child, root;
    uint8_t old_edges;
} position_union_t;

typedef struct position_undo {
    uint64_t hash;              /* hash before the move */
    int16_t move;               /* cell or MOVE_SWAP */
    int8_t color;               /* who played it */
    int8_t to_move;             /* side to move before the move */
    int8_t winner;              /* winner before the move */
    uint8_t nunions;
    position_union_t unions[6];
} position_undo_t;

typedef struct position {
    const geometry_t *geo;      /* a counted reference */
    bitset_t stones[2];         /* by colour */
    hex_color_t to_move;
    hex_color_t winner;         /* HEX_EMPTY while nobody is connected */
    bool swapped;               /* swap-pieces was played */
    uint64_t hash;
    int nmoves;                 /* moves on the undo stack */
    int16_t parent[HEX_MAX_IDS];        /* union-find; roots point to self */
    int16_t size[HEX_MAX_IDS];
    uint8_t edges[HEX_MAX_IDS];         /* valid at roots */
    position_undo_t undo[POSITION_MAX_MOVES];
} position_t;

/* Why a move cannot be played. */
typedef enum position_status {
    POSITION_OK = 0,
    POSITION_OCCUPIED,          /* the cell holds a stone */
    POSITION_NOT_A_MOVE,        /* an id that is not a cell of this board */
    POSITION_SWAP_NOT_ALLOWED,  /* swap other than White's move 2 */
    POSITION_BOARD_FULL         /* no empty cell left */
} position_status_t;

/* An empty board, Black to move.  Takes its own reference to geo. */
void position_init(position_t *p, const geometry_t *geo);
/* Drop the geometry reference. */
void position_free(position_t *p);
/* dst (uninitialised) becomes an independent copy of src. */
void position_copy(position_t *dst, const position_t *src);

/* Whether `color` may play `move` (a cell or MOVE_SWAP) now.  MOVE_RESIGN
 * and MOVE_NONE are not board moves: POSITION_NOT_A_MOVE. */
position_status_t position_check(const position_t *p, hex_color_t color, int move);

/* A short English reason for a status, e.g. "cell is occupied". */
const char *position_status_text(position_status_t s);

/* Play a move that position_check accepts (checked by assert only). */
void position_play(position_t *p, hex_color_t color, int move);

/* Undo the last move; returns it, or MOVE_NONE when there is none. */
int position_undo(position_t *p);

/* Set the side to move without playing (SGF PL[], set-up).  Updates the
 * hash; not recorded on the undo stack. */
void position_set_to_move(position_t *p, hex_color_t c);

static inline hex_color_t
position_color_at(const position_t *p, int cell)
{
    if (bitset_test(&p->stones[HEX_BLACK], cell))
        return HEX_BLACK;
    if (bitset_test(&p->stones[HEX_WHITE], cell))
        return HEX_WHITE;
    return HEX_EMPTY;
}

static inline bitset_t
position_empty_cells(const position_t *p)
{
    return bitset_andnot(p->geo->cells, bitset_or(p->stones[0], p->stones[1]));
}

/* The root of the group holding id (a cell or an edge). */
static inline int
position_group(const position_t *p, int id)
{
    while (p->parent[id] != id)
        id = p->parent[id];
    return id;
}

/* The cells of the group whose root is `root` (edges not included). */
bitset_t position_group_cells(const position_t *p, int root);

/* Move i (0-based) on the undo stack, and who played it. */
static inline int
position_move(const position_t *p, int i)
{
    return p->undo[i].move;
}

static inline hex_color_t
position_move_color(const position_t *p, int i)
{
    return (hex_color_t)p->undo[i].color;
}

/* The key of p in tables that hold positions of several board sizes
 * (the solver's table, the expansion cache): the hash (stones, side to
 * move, swap) with the board's size salt (geometry_t key_salt) mixed in,
 * since two sizes can hold the same stones on the same cell ids. */
static inline uint64_t
position_key(const position_t *p)
{
    return p->hash ^ p->geo->key_salt;
}

/* Whether swap-pieces is legal now (for White). */
static inline bool
position_swap_available(const position_t *p)
{
    return p->nmoves == 1 && p->undo[0].move >= 0
        && p->undo[0].color == HEX_BLACK && !p->swapped;
}

/* Recompute hash, groups and winner from the stones alone and compare
 * with the incremental state; true when they agree.  For tests and
 * --enable-extra-checks. */
bool position_is_consistent(const position_t *p);

/* Winner by a plain flood fill over the stones, independent of the
 * union-find (tests). */
hex_color_t position_winner_by_flood(const position_t *p);

/* Fill every empty cell in uniformly random order, alternating colours
 * starting with the side to move, and return the winner.  The position is
 * left filled (undo restores it).  Used by benchmarks and the random
 * player's playouts.  `rng` is the caller's. */
struct rng;
hex_color_t position_random_fill(position_t *p, struct rng *rng);

/* A readable diamond diagram, rows indented, with coordinates, into buf
 * (size bytes; truncated, always NUL-terminated).  No empty lines.  Returns
 * the length written.  The header says "swap available" where the
 * position allows a swap. */
int position_to_text(const position_t *p, char *buf, int size);

/* The same, for a game played with (swap_rule) or without the swap rule:
 * without it, a swap that the position would allow is not announced. */
int position_to_text_rule(const position_t *p, bool swap_rule, char *buf, int size);

#endif /* HEIN_BOARD_POSITION_H */
