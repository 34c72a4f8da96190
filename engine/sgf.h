/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_SGF_H
#define HEIN_ENGINE_SGF_H

/* SGF in HexGui's dialect (CONVENTIONS.md): reading a game's main line
 * into a game record, and writing a game record back.
 *
 * Read: FF[4] GM[11] files, SZ[N] or SZ[W:H] (default 11), set-up
 * properties AB/AW/AE (single cells and rectangles "a1:c3") and PL in any
 * node of the main line, moves B[]/W[] with HTP cell names, "swap-pieces"
 * and the older "swap"/"SWAP" spellings, "resign", and the time left after
 * each move (BL/WL); PB, PW, RE and the root C are kept.  RE belongs to the
 * main line read to its end: a load that stops early keeps none, and
 * RE[B+Resign] / RE[W+Resign] (or "B+R" / "W+R") where no resign node
 * ends the game is a resignation without an entry (engine/game.h).  A
 * resign node is an entry; moves after one are read (HexGui plays on from
 * it).  Variations are parsed and skipped (the main line is the first
 * child at every node).
 * Anything malformed -- syntax, an unknown game, a bad size, an occupied
 * or off-board cell, an illegal swap -- makes loading fail with a message,
 * and the game is left as it was.
 *
 * Write: "(;FF[4]GM[11]SZ[..]AP[hein:VERSION]" then the info properties,
 * RE as game_result() states it (B+ / W+ after a connection, B+Resign /
 * W+Resign after a resignation, none while the game goes on unless a
 * result was given), set-up stones grouped into AB/AW nodes, then one node
 * per entry (with BL/WL when the time left is known).  Writing then
 * reading gives the same game. */

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"

/* Load SGF text (len bytes, need not be NUL-terminated) into g, playing at
 * most max_moves moves of the main line (set-up stones are not counted;
 * max_moves < 0: all).  On failure returns false with a one-line reason in
 * err and leaves g unchanged. */
bool sgf_load_text(game_t *g, const char *text, size_t len, int max_moves,
                   char *err, size_t errlen);

/* The same, reading the file at path. */
bool sgf_load_file(game_t *g, const char *path, int max_moves,
                   char *err, size_t errlen);

/* The game as SGF text (malloc'd, NUL-terminated), or NULL when memory is
 * short.  `app` is written as AP[app] (e.g. "hein:0.1.0"). */
char *sgf_write_text(const game_t *g, const char *app);

/* What sgf_write_annotated adds to the node of one entry: labels
 * LB[cell:text] (text free, as SGF SimpleText) and a comment C[] (NULL
 * or "": none). */
#define SGF_NOTE_LABELS 4
typedef struct sgf_note {
    const char *comment;
    int nlabels;                /* up to SGF_NOTE_LABELS */
    int label_cell[SGF_NOTE_LABELS];
    const char *label_text[SGF_NOTE_LABELS];
} sgf_note_t;

/* As sgf_write_text, with notes[i] (g->nentries of them; NULL: none) on
 * the node of entry i: a move, a swap or a played resignation (the notes
 * of set-up stones, which share nodes, are not written).  Read back, the
 * game is the same (the reader skips comments and labels past the
 * root). */
char *sgf_write_annotated(const game_t *g, const char *app, const sgf_note_t *notes);

/* Write the game to path.  On failure returns false with a reason. */
bool sgf_save_file(const game_t *g, const char *app, const char *path,
                   char *err, size_t errlen);

#endif /* HEIN_ENGINE_SGF_H */
