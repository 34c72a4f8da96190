/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_SOLVERDB_H
#define HEIN_ENGINE_SOLVERDB_H

/* The solved-position database: an on-disk store of positions the solver
 * proved, kept from one run of hein to the next, in an SQLite file.
 *
 * What is stored per position: the winner, a winning move of the side to
 * move when it is the winner (or none: it has won whatever it plays, and
 * never a move for the loser), the proof's work (DFPN calls, as the
 * solver's table counts them) and the position itself, written out whole
 * as its canonical text (below): the text is the table's key, so two
 * positions never share an entry, whatever their hashes.
 *
 * Symmetries.  A position (stones and side to move) is identified with
 * its images under the symmetries of Hex that hold for its board:
 *   - R, the half turn: cell (c, r) to (W-1-c, H-1-r), stones and side to
 *     move unchanged, on every W x H board (each colour's two edges are
 *     exchanged); the winner is the same, a winning move turns with the
 *     board;
 *   - T, on square boards only: the transpose (c, r) to (r, c) with the
 *     colours of the stones swapped and the side to move swapped (Black's
 *     top and bottom edges become White's left and right); the winner is
 *     the other colour, a winning move is transposed;
 *   - RT, both (square boards only).
 * The reflections alone (c, r) to (W-1-c, r) and the like are no
 * symmetries of the hex grid and are not used.  Rectangular boards use
 * {identity, R}; the transpose of a W x H board is an H x W board and is
 * not identified with it.  The canonical text is the least, as a string,
 * of the images' texts; a result is stored in the colours and cells of
 * that image and mapped back on reading (solverdb_get).
 *
 * Canonical text: "WxH:m:" then the rows from the top, '/' between them,
 * each cell '.', 'B' or 'W'; m is 'b' or 'w', the side to move.  E.g.
 * "3x3:w:.B./.../..." (White to move after Black's b1).
 *
 * The file: SQLite in WAL mode (several processes may read it while one
 * writes; a writer waits up to SOLVERDB_BUSY_MS for a lock before giving
 * up with an error), with a table `meta` holding the format name
 * "hein-solverdb" and its version SOLVERDB_VERSION.  solverdb_open
 * creates a new store when the file is absent or empty; it refuses, with
 * a message and without writing to it, a file that is not an SQLite
 * database, an SQLite database that is not a store, and a store of
 * another format version.  Every later error (disk full, read-only file,
 * lock held past the timeout, a damaged file) is returned to the caller
 * with SQLite's message; a failed write leaves the store as it was (each
 * write is one transaction).
 *
 * Locking: a solverdb_t is one SQLite connection (opened with
 * SQLITE_OPEN_FULLMUTEX) and its prepared statements, guarded by the
 * struct's own mutex, which every function below takes for its whole
 * call; any thread may call any function, and calls from several threads
 * are serialised.  The session counters are atomics.  solverdb_close must
 * not run while another thread uses the store. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/position.h"

#define SOLVERDB_FORMAT "hein-solverdb"
#define SOLVERDB_VERSION 1
#define SOLVERDB_BUSY_MS 10000

/* A canonical text's size, its NUL included (19x19 at most). */
#define SOLVERDB_KEY_MAX (16 + HEX_MAX_SIZE * (HEX_MAX_SIZE + 1))

/* The symmetries (see above), as solverdb_image and solverdb_map_move
 * number them. */
enum { SOLVERDB_ID = 0, SOLVERDB_R = 1, SOLVERDB_T = 2, SOLVERDB_RT = 3, SOLVERDB_NSYM = 4 };

typedef struct solverdb solverdb_t;

/* A stored result, as seen from the position asked about. */
typedef struct solverdb_entry {
    hex_color_t winner;         /* HEX_BLACK or HEX_WHITE */
    int move;                   /* winner to move: a winning move, or -1
                                 * when it wins whatever it plays; else -1 */
    uint64_t work;              /* the proof's work */
} solverdb_entry_t;

/* One position to store (solverdb_item), already in canonical form. */
typedef struct solverdb_item {
    char key[SOLVERDB_KEY_MAX];
    hex_color_t winner;         /* in the canonical image's colours */
    char move[MOVE_NAME_MAX];   /* the move's name in its cells, or ""
                                 * for none */
    uint64_t work;
} solverdb_item_t;

typedef struct solverdb_stats {
    uint64_t hits, misses;      /* solverdb_get's answers this session */
    uint64_t stores;            /* positions written (new or better) */
    uint64_t errors;            /* calls that failed */
} solverdb_stats_t;

typedef enum solverdb_status {
    SOLVERDB_FOUND,
    SOLVERDB_ABSENT,
    SOLVERDB_ERROR
} solverdb_status_t;

/* Open the store at path, creating it when the file is absent (or
 * empty).  NULL with a message in err when it cannot be opened or is
 * refused (see above); the file is then left as it was. */
solverdb_t *solverdb_open(const char *path, char *err, size_t errlen);

/* Close the store (NULL: nothing). */
void solverdb_close(solverdb_t *db);

/* The path it was opened with. */
const char *solverdb_path(const solverdb_t *db);

/* The stored result for pos with to_move to move, mapped back from the
 * canonical image: FOUND with *out, ABSENT, or ERROR with a message in err
 * (a failed read, or a stored row that does not fit the position). */
solverdb_status_t solverdb_get(solverdb_t *db, const position_t *pos, hex_color_t to_move,
                               solverdb_entry_t *out, char *err, size_t errlen);

/* Fill *item with the canonical form of "with to_move to move at pos,
 * `e` holds" (e->move a cell of pos or -1). */
void solverdb_item(const position_t *pos, hex_color_t to_move, const solverdb_entry_t *e,
                   solverdb_item_t *item);

/* Store n items in one transaction.  A position already stored keeps its
 * entry unless the new one has more work (a deeper proof: its move and
 * work replace the old).  False with a message in err when the write
 * failed (then nothing of it was stored). */
bool solverdb_put(solverdb_t *db, const solverdb_item_t *items, size_t n, char *err,
                  size_t errlen);

/* The number of positions stored; false with a message in err. */
bool solverdb_count(solverdb_t *db, uint64_t *n, char *err, size_t errlen);

/* Remove every stored position; false with a message in err. */
bool solverdb_clear(solverdb_t *db, char *err, size_t errlen);

/* The session's counters. */
void solverdb_stats(const solverdb_t *db, solverdb_stats_t *out);

/* ---- the symmetries (exposed for the tests) -------------------------- */

/* Whether symmetry sym holds on boards of g's size. */
bool solverdb_symmetry_holds(const geometry_t *g, int sym);

/* Whether sym swaps the colours (T, RT). */
bool solverdb_symmetry_swaps(int sym);

/* The image of cell (or -1) under sym, on g.  Each symmetry is its own
 * inverse. */
int solverdb_map_move(const geometry_t *g, int sym, int cell);

/* The text of the image of pos (to_move to move) under sym, into text
 * (SOLVERDB_KEY_MAX bytes). */
void solverdb_image(const position_t *pos, hex_color_t to_move, int sym, char *text);

/* The canonical text of pos with to_move to move (the least image), and
 * which symmetry gives it (*sym, may be NULL). */
void solverdb_canonical(const position_t *pos, hex_color_t to_move, char *text, int *sym);

#endif /* HEIN_ENGINE_SOLVERDB_H */
