/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_GAME_H
#define HEIN_ENGINE_GAME_H

/* The game record: a position plus the history that produced it, with the
 * players' names and the result, as SGF stores them.
 *
 * Every entry is one stone (a move or a set-up stone), a swap, or a
 * played resignation; undo removes exactly one entry, so HexGui's
 * one-undo-per-set-up-stone works.  Every function that can fail leaves
 * the game exactly as it was when it fails.
 *
 * Resignations.  undo takes back what the client has as a node:
 *
 * - A resignation genmove answers (game_resign) is no entry: HexGui adds
 *   no node for a resign reply and GTP clients never take one back.  It
 *   ends the game until the record changes: undo removes the last entry
 *   (a stone or a swap) and the resignation with it, and a stone or a
 *   swap played after it goes on with the game (a client may play on past
 *   a resign reply; GTP engines accept it).  The SGF reader makes one from
 *   RE[B+Resign] / RE[W+Resign] when the main line is read to its end and
 *   does not end in a resignation already.
 * - A resignation played as a move (HTP "play COLOUR resign", which
 *   HexGui sends only when it replays an SGF resign node; an SGF B[resign]
 *   or W[resign] node) is an entry, since the client has a node for it
 *   and sends one undo to go back past it.  It ends the game while it is
 *   the last entry; a stone or a swap played after it goes on with the
 *   game, the resignation staying in the record as the node it is.
 *
 * Either way game_resigned() says who resigned (HTP showboard prints it),
 * game_winner() counts it (final_score; genmove gives neither side a
 * move on a finished game and records nothing) and
 * game_result() states it (SGF RE).  No second resignation is accepted
 * while one stands (GAME_OVER); a colour that has already lost by
 * connection may still resign. */

#include <stdbool.h>
#include <stddef.h>

#include "board/position.h"

typedef struct game_entry {
    int move;                   /* cell, MOVE_SWAP or MOVE_RESIGN (played) */
    hex_color_t color;          /* who played it */
    bool setup;                 /* a set-up stone (SGF AB/AW), not a move */
    hex_color_t to_move;        /* side to move after this entry */
    double seconds;             /* time used for it, < 0 when unknown */
    double time_left;           /* seconds left on the player's clock after
                                 * it (SGF BL/WL), < 0 when unknown */
} game_entry_t;

/* SGF information kept and written back (NULL when absent; malloc'd).
 * The result is the one given for the record as it stands (RE as read,
 * or set by a referee): every move, resignation or undo drops it, and
 * game_result() gives what to write instead. */
typedef struct game_info {
    char *player_black;         /* PB */
    char *player_white;         /* PW */
    char *result;               /* RE */
    char *comment;              /* C of the root node */
} game_info_t;

/* Entries: at most POSITION_MAX_MOVES stones and swaps, and a played
 * resignation after each of them and before the first. */
#define GAME_MAX_ENTRIES (2 * POSITION_MAX_MOVES + 1)

typedef struct game {
    position_t pos;
    hex_color_t first_to_move;  /* side to move with no entries */
    hex_color_t resigned;       /* who resigned without an entry (genmove's
                                 * answer, SGF RE), else HEX_EMPTY */
    int nentries;
    game_entry_t entries[GAME_MAX_ENTRIES];
    game_info_t info;
} game_t;

/* Why a game change was refused. */
typedef enum game_status {
    GAME_OK = 0,
    GAME_BAD_SIZE,              /* size outside 1..19 */
    GAME_NO_MEMORY,
    GAME_OCCUPIED,              /* the cell holds a stone */
    GAME_OFF_BOARD,             /* not a cell of this board */
    GAME_SWAP_NOT_ALLOWED,      /* swap other than White's move 2 */
    GAME_OVER,                  /* a resignation when one stands, or by
                                 * the colour that has connected */
    GAME_NOTHING_TO_UNDO
} game_status_t;

/* An empty W x H game, Black to move. */
game_status_t game_init(game_t *g, int width, int height);
void game_free(game_t *g);

/* Start a fresh empty game of W x H (also at the same size); on failure the
 * old game stays. */
game_status_t game_reset(game_t *g, int width, int height);

/* dst (uninitialised) becomes an independent copy of src. */
void game_copy(game_t *dst, const game_t *src);

/* Replace dst (initialised) by src, which is consumed (left uninitialised).
 * Used to load a game into a scratch record and commit it in one step. */
void game_replace(game_t *dst, game_t *src);

/* Play a stone, a swap or a resignation for `color`, in any colour order;
 * each is one entry (a resignation played as a move, see above).  A stone
 * or a swap ends a resignation that stands.  `setup` marks a set-up
 * stone.  `seconds` is the time used (< 0 unknown). */
game_status_t game_play(game_t *g, hex_color_t color, int move, bool setup,
                        double seconds);

/* `color` resigns without an entry (genmove's answer, an SGF result): the
 * game is over until the next undo, stone or swap. */
game_status_t game_resign(game_t *g, hex_color_t color);

/* Record the time left on the clock of the player of the last entry after
 * it (< 0: unknown; game_play leaves it unknown).  No-op with no entry. */
void game_set_time_left(game_t *g, double seconds);

/* Remove the last entry, and a resignation without an entry with it. */
game_status_t game_undo(game_t *g);

/* Set the side to move (SGF PL, set-up). */
void game_set_to_move(game_t *g, hex_color_t c);

static inline hex_color_t
game_to_move(const game_t *g)
{
    return g->pos.to_move;
}

/* Who resigned, or HEX_EMPTY: the resignation without an entry, or a
 * played one that is the last entry. */
hex_color_t game_resigned(const game_t *g);

/* The winner: the colour that connected its edges, or the opponent of one
 * that resigned; HEX_EMPTY while the game goes on. */
hex_color_t game_winner(const game_t *g);

/* A result as SGF's RE spells it: the winner, and in *resign whether by
 * resignation ("B+Resign", "W+R") or by connection ("B+", "W+"); blanks
 * around it and the case of letters do not matter.  HEX_EMPTY for any
 * other text (a draw, a loss on time "B+T", "?"). */
hex_color_t game_result_parse(const char *text, bool *resign);

/* The result to state as SGF's RE, or NULL when there is none.  A game
 * over on the record gives "B+" / "W+" for a connection and "B+Resign" /
 * "W+Resign" after a resignation (B+Resign: White resigned), or the kept
 * info.result when it says the same in other words ("B+R").  A game that
 * goes on gives the kept result (a loss on time or by forfeit, a result
 * given with the record) unless that states a resignation the record does
 * not hold (read back, it would make one); else NULL.  The text is written
 * into buf (GAME_RESULT_MAX bytes are enough) unless it is the kept one. */
#define GAME_RESULT_MAX 16
const char *game_result(const game_t *g, char *buf, size_t size);

/* Set one info string (NULL or "" clears it).  Returns false when memory
 * is short (the old value then stays). */
bool game_set_info(char **field, const char *value);

/* A short English text for a status, e.g. "cell is occupied". */
const char *game_status_text(game_status_t s);

#endif /* HEIN_ENGINE_GAME_H */
