/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_SOLVE_SOLVE_JOB_H
#define HEIN_TOOLS_SOLVE_SOLVE_JOB_H

/* hein-solve's job: what is to be solved and what is known so far, and
 * its checkpoint file.
 *
 * A job is a base position (a board, its stones, the side to move) and a
 * list of items.  Either the job has one item, the base position itself,
 * or it is a list of openings: each item is a first move of the side to
 * move on the base position, and the position solved is the base with
 * that move played (the other side to move).  When the base is the same
 * position after a half turn (the empty board), a move and its image are
 * the same problem: one item holds both (`twin`), is solved once and
 * reported for both, its winning reply turned for the twin.
 *
 * The checkpoint file holds the job, each item's state and its figures
 * summed over every run so far (seconds, expansions, DFPN calls), and
 * the solver's table (search/tt.h's format), so that a run resumed from
 * it skips the items done and continues the open one from the table.
 * Format, version SOLVE_CKPT_VERSION: text lines, then the table:
 *
 *     hein-solve checkpoint 2
 *     board W H
 *     to-move black|white          the base position's side to move
 *     black CELL...                its stones ("black" alone: none)
 *     white CELL...
 *     openings 0|1                 items are first moves (1) or the
 *                                  base position itself (0)
 *     settings TIME EVERY TT_MB THREADS
 *                                  --time, --every, --tt-mb, --threads
 *                                  of the run (version 1 had no THREADS:
 *                                  read as 1)
 *     items N
 *     item MOVE TWIN STATE WINNER REPLY SECONDS EXPANSIONS WORK
 *                                  N lines: MOVE the cell ("-" for the
 *                                  base position), TWIN its image or
 *                                  "-", STATE open|solved|timeout,
 *                                  WINNER black|white|-, REPLY the
 *                                  winner's move after MOVE when the
 *                                  winner is to move there ("-": none
 *                                  needed or not its move)
 *     sum HEX                      FNV-1a (64 bits) of the lines above
 *     table
 *     <the table, tt_write's bytes; nothing after it>
 *
 * It is written whole or not at all (beside the file, fsync'd, renamed
 * over it, the folder fsync'd), so a kill at any moment leaves the old
 * checkpoint or the new one.  A file that is not a checkpoint, of another
 * version (versions 1 and 2 are read), damaged (a sum) or cut short is
 * refused with a message. */

#include <stdbool.h>
#include <stdint.h>

#include "board/position.h"
#include "search/tt.h"

#define SOLVE_CKPT_VERSION 2

typedef enum solve_state {
    SOLVE_OPEN = 0,             /* not solved yet (maybe begun) */
    SOLVE_SOLVED,
    SOLVE_TIMEOUT               /* its --time ran out before a result */
} solve_state_t;

typedef struct solve_item {
    int move;                   /* the first move; MOVE_NONE: the base
                                 * position itself */
    int twin;                   /* its half-turn image, reported with it;
                                 * MOVE_NONE: none */
    solve_state_t state;
    hex_color_t winner;         /* solved: who wins; else HEX_EMPTY */
    int reply;                  /* solved, and the winner is to move at
                                 * the item's position: its winning move
                                 * (MOVE_NONE: it wins whatever it plays);
                                 * else MOVE_NONE */
    double seconds;             /* summed over the runs so far */
    uint64_t expansions;        /* nodes expanded, summed */
    uint64_t work;              /* DFPN calls, summed */
} solve_item_t;

typedef struct solve_job {
    geometry_t *geo;            /* owned (a reference) */
    hex_color_t to_move;        /* at the base position */
    bitset_t stones[2];         /* the base position's, by colour */
    bool openings;
    bool symmetric;             /* the base is its own half-turn image */
    int nitems;
    solve_item_t *items;
    /* the run's settings, kept for a resume */
    double time;                /* seconds per item; 0: no limit */
    double every;               /* minutes between checkpoints; 0: none */
    int tt_mb;
    int threads;                /* solver threads (a resume runs as many) */
} solve_job_t;

/* A job of W x H with no stones, Black to move and no items.  False
 * (with why) when the size is not a board size. */
bool solve_job_init(solve_job_t *job, int width, int height, char *why, size_t whylen);
void solve_job_free(solve_job_t *job);

/* The base position: the stones of pos and `to_move` (pos's own side to
 * move, or another).  The job's symmetry is set from them. */
void solve_job_set_base(solve_job_t *job, const position_t *pos, hex_color_t to_move);

/* The base position built from the job's stones (position_init'd by
 * this function; the caller frees it). */
void solve_job_base(const solve_job_t *job, position_t *pos);

/* The position of item i (from the base, its move played) and its side
 * to move. */
void solve_job_position(const solve_job_t *job, int i, position_t *pos, hex_color_t *to_move);

/* Items: the base position alone; or the first move `move` of the base's
 * side to move, false with why when it is not an empty cell (an item
 * already holding it, or its image, is kept and true returned). */
void solve_job_add_base(solve_job_t *job);
bool solve_job_add_opening(solve_job_t *job, int move, char *why, size_t whylen);

/* Every empty cell of the base position as an opening, one item per
 * half-turn pair when the base is symmetric. */
void solve_job_add_all_openings(solve_job_t *job);

/* The openings listed in a file, one move a line ('#' starts a comment;
 * blank lines are skipped); false with why (the file and line) when it
 * cannot be read, a line is no cell of the board or the cell is taken,
 * or it lists none. */
bool solve_job_read_openings(solve_job_t *job, const char *path, char *why, size_t whylen);

/* Items solved, and timed out. */
int solve_job_count(const solve_job_t *job, solve_state_t state);

/* Write the checkpoint (the job and tt) to path, whole or not at all;
 * false with why when it cannot (the old file then stays). */
bool solve_ckpt_save(const solve_job_t *job, const tt_t *tt, const char *path, char *why,
                     size_t whylen);

/* Read the job of the checkpoint at path into job (uninitialised), then
 * its table: make_table is called with the job (its tt_mb) and returns
 * the table to read into (NULL: out of memory).  False with why when
 * the file is not a whole checkpoint of this version (job then holds
 * nothing to free). */
bool solve_ckpt_load(solve_job_t *job, const char *path,
                     tt_t *(*make_table)(void *arg, const solve_job_t *job), void *arg,
                     uint64_t *entries, char *why, size_t whylen);

#endif /* HEIN_TOOLS_SOLVE_SOLVE_JOB_H */
