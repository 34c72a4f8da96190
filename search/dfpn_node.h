/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_DFPN_NODE_H
#define HEIN_SEARCH_DFPN_NODE_H

/* The inside of the DFPN solver, shared by the serial search (dfpn.c)
 * and the parallel one (spdfpn.c) so that both run the same node code:
 * the workspace, one recursion level (frame_t), opening a node, reading
 * its children, the numbers of a node from its children's (PNUPDATE)
 * and the choice of the child to search (SELECT).  Not a public header:
 * only search/ includes it.
 *
 * Everything here belongs to one thread's dfpn_t, except the table
 * (tt.h documents its locking), the expansion cache (expcache.h
 * documents its locking), and the stop conditions, whose halt flag
 * another thread may set to end this thread's search early. */

#include <stdatomic.h>

#include "search/dfpn.h"
#include "search/expcache.h"

/* How much of a child's sets its parent has read (dfpn_read_children):
 * none yet, the siblings it dominates, or that and, the child being lost,
 * its harmless set (final). */
enum { HARVEST_NONE = 0, HARVEST_OPEN, HARVEST_LOST };

/* One recursion level: the children of the node and their keys. */
typedef struct frame {
    uint64_t key[HEX_MAX_CELLS];
    uint32_t phi[HEX_MAX_CELLS], delta[HEX_MAX_CELLS];
    uint8_t harvest[HEX_MAX_CELLS];     /* how far the child's sets are
                                         * in `refuted`: HARVEST_* */
    bool lost[HEX_MAX_CELLS];   /* the child is lost in the table */
    bitset_t refuted;           /* moves dominated by a sibling (counted
                                 * as lost) */
    kn_expansion_t e;
} frame_t;

struct dfpn {
    tt_t *tt;
    kn_t *kn;
    expcache_t *cache;          /* shared with the other threads of a
                                 * parallel search, or this workspace's */
    bool own_cache;
    frame_t *frames;            /* HEX_MAX_CELLS + 1 levels */
    position_t pos;             /* the node being searched */
    bool have_pos;
    const dfpn_params_t *params;
    const stop_t *stop;         /* a parallel search's threads get one
                                 * with the search's halt flag (stop.h) */
    bool stopped;
    double start, next_progress;
    uint64_t root_key;
    int root_depth;             /* pos.nmoves at the root */
    hex_color_t root_to_move;
    dfpn_stats_t stats;
    dfpn_progress_fn progress;
    void *progress_arg;
};

/* A workspace as dfpn_new makes, expanding through the shared cache
 * (NULL: one of its own). */
dfpn_t *dfpn_new_shared(tt_t *tt, const kn_config_t *cfg, expcache_t *cache);

/* A node's numbers from its children's, and its two best children. */
typedef struct pn_update {
    uint32_t phi, delta;
    int j1, j2;                 /* the least and second least delta; -1:
                                 * none */
    int last;                   /* the child playing `best`; -1: none */
} pn_update_t;

/* Set s up to search pos with to_move to move (stats cleared). */
void dfpn_begin(dfpn_t *s, const position_t *pos, hex_color_t to_move,
                const dfpn_params_t *params, const stop_t *stop);

/* The key of s->pos in the table. */
static inline uint64_t
dfpn_key(const dfpn_t *s)
{
    return position_key(&s->pos);
}

/* The table's entry for key, or a fresh one (1, 1, no work). */
tt_data_t dfpn_read(dfpn_t *s, uint64_t key);

/* Open s->pos (its entry nd, key `key`) into frame f: expand it; when it
 * is decided store the result and return -1 (-2 when memory is short,
 * s->stopped set); else play the fill-in, set the children's keys and
 * return the number of fill-in stones (kn_undo_fill undoes them). */
int dfpn_open(dfpn_t *s, frame_t *f, uint64_t key, tt_data_t *nd);

/* The children's numbers from the table into f->phi, f->delta, with the
 * moves dominated by siblings counted as lost. */
void dfpn_read_children(dfpn_t *s, frame_t *f);

/* PNUPDATE: phi over the focused window (drawn from f's true numbers),
 * delta over every child not lost,
 * children's numbers phi[], delta[]
 * (f's moves); best the move selected last (-1: none). */
void dfpn_pn_update(const dfpn_t *s, const frame_t *f, const uint32_t *phi,
                    const uint32_t *delta, int best, pn_update_t *u);

/* Read f's children (dfpn_read_children), set the node's numbers in nd
 * from theirs (PNUPDATE; the winning move when it is won) and store nd
 * under key; u gets the update. */
void dfpn_update_entry(dfpn_t *s, frame_t *f, uint64_t key, tt_data_t *nd, pn_update_t *u);

/* SELECT: the child to search next under thresholds P, D, and its
 * thresholds (Algorithm 2, with the resume-at-the-last-child rule). */
int dfpn_select(const dfpn_t *s, const uint32_t *phi, const uint32_t *delta,
                const pn_update_t *u, uint32_t P, uint32_t D, uint32_t *Pc, uint32_t *Dc);

/* DFPN on s->pos at recursion depth `depth`, thresholds P and D, work
 * limit W (Algorithm 1).  Returns the work done. */
uint64_t dfpn_mid(dfpn_t *s, int depth, uint32_t P, uint32_t D, uint64_t W);

/* The result of a search of the node root_key (to_move to move) as the
 * table holds it, with the statistics stats. */
void dfpn_result_of(tt_t *tt, uint64_t root_key, hex_color_t to_move, const dfpn_stats_t *stats,
                    dfpn_result_t *out);

/* Whether the search must stop now (interrupt, deadline, halt, memory);
 * checked every few calls, with progress reports in between. */
bool dfpn_check_stop(dfpn_t *s);

#endif /* HEIN_SEARCH_DFPN_NODE_H */
