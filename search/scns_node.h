/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_SCNS_NODE_H
#define HEIN_SEARCH_SCNS_NODE_H

/* The inside of the SCNS player, shared by the serial search (scns.c)
 * and the parallel one (scns_par.c) so that both run the same node code:
 * the node table's payload, one recursion level (frame_t), a thread's
 * workspace, the search's shared state, and the node code itself --
 * expanding, reading the children, rule (2), the numbers of a node and
 * the choice of the child to search, the CNS recursion, the root's
 * interval.  Not a public header: only search/ includes it.
 *
 * A worker belongs to one thread while a search runs; what threads share
 * is in scns_t, whose locking is documented there. */

#include <pthread.h>
#include <stdatomic.h>

#include "board/playout.h"
#include "search/expcache.h"
#include "search/jobs.h"
#include "search/scns.h"
#include "search/table.h"
#include "search/tt.h"

/* Root interludes in a row without an expansion before the search gives
 * up (a safety net: every call below the root expands a node unless the
 * table changed under it, which a serial search does not do). */
#define SCNS_IDLE_INTERLUDES_MAX 100

#define COUNT_INF PNFUNC_INF

/* The node table's payload: the node's functions relative to its own
 * evaluation, Black's view, and the child selected last (a proven win:
 * the winning child), -1 for none.  It is also the payload of the job
 * board's virtual table (jobs.h) in a parallel search. */
typedef struct node {
    pnfunc_t p, d;
    int16_t best;
    int16_t eval;               /* an inner node: the network's value of
                                 * it, Black's view, in value units
                                 * (scns.h, Evaluation), or NODE_NO_EVAL */
} node_t;

#define NODE_NO_EVAL INT16_MIN

/* One recursion level: the node, its expansion and its children. */
typedef struct frame {
    kn_expansion_t e;
    uint64_t key;               /* the node's (before its fill-in) */
    uint64_t work;              /* the node's work so far */
    int played;                 /* the child searched now, -1: none */
    uint64_t ckey[HEX_MAX_CELLS];       /* the children's keys */
    int32_t err[HEX_MAX_CELLS]; /* e(n -> s), value units */
    int16_t ceval[HEX_MAX_CELLS];       /* the children's eval (node_t) */
    pnfunc_value_t off[HEX_MAX_CELLS];  /* o(n -> s): the child's
                                         * evaluation less the node's */
    uint64_t cwork[HEX_MAX_CELLS];      /* the children's work */
    pnfunc_count_t cm[HEX_MAX_CELLS];   /* the mover's number at each
                                         * child (the child's delta) */
    pnfunc_count_t co[HEX_MAX_CELLS];   /* the opponent's (its phi) */
} frame_t;

/* What one update of a node found. */
typedef struct update {
    pnfunc_count_t phi, delta;
    int j1, j2;                 /* least and second least cm; -1: none */
    int last;                   /* the child playing node.best; -1 */
} update_t;

/* A parallel search's per-level state of a thread's descent to a job
 * (scns_par.c). */
typedef struct scns_vframe scns_vframe_t;

/* One thread's workspace: its position, board knowledge, frames and
 * buffers.  Only its thread touches it while a search runs. */
typedef struct worker {
    scns_t *s;
    int id;                     /* its thread on the job board */
    kn_t *kn;
    frame_t *frames;            /* HEX_MAX_CELLS + 2 levels; the last one
                                 * is the principal variation's */
    scns_vframe_t *vf;          /* HEX_MAX_CELLS + 1 levels; parallel
                                 * searches only */
    pnfunc_t *sp, *sd;          /* the children's functions, shifted */
    const pnfunc_t **pp, **pd;
    uint16_t *rave_buf;         /* one RAVE entry: wins, losses by cell */
    playout_t *po;              /* the playouts' workspace */
    playout_stats_t *po_stats;  /* their last statistics */
    net_scratch_t *ns;          /* the network's scratch (the knowledge
                                 * has a net), or NULL */
    float *policy;              /* its policy, by cell */
    float *moveval;             /* its move values, by cell */
    float *circuit;             /* an expansion's circuit scores */
    position_t pos;             /* the node being searched */
    bitset_t filled;            /* the fill-in stones pos holds (of the
                                 * frames scns_fill opened on it) */
    bool have_pos;
    pnfunc_value_t hi, lo;      /* this thread's interval (v_max, v_min),
                                 * Black's */
    bool stopped;
    int opens;                  /* nodes the current search for a job
                                 * opened */
    scns_stats_t stats;
} worker_t;

/* The search: the tables and the expansion cache every thread shares,
 * one search's settings, and the workers.
 *
 * Locking.  The node and RAVE tables lock their buckets (table.h), the
 * expansion cache its slots (expcache.h).  A RAVE update reads an entry,
 * adds to it and writes it back: two threads updating one node at once
 * may lose one of their counts (statistics, never a result).  The
 * settings from `params` to `root_e` are written before the threads
 * start and only read while they run; `root_work` and `expansions` are
 * relaxed C11 atomics.  The job board (jobs.h) has its lock, the job
 * lock, which also guards `idle`, `next_progress` and
 * `next_time_check` in a parallel search; a thread holds it while it
 * looks for a job and while it brings the path of a finished job up to
 * date, never while it runs one.  A serial search takes no lock of its
 * own. */
struct scns {
    kn_config_t cfg;
    expcache_t *cache;
    table_t *nodes;
    table_t *rave;
    int tt_mb;                  /* the tables' size (0: not made) */
    int rave_cells;             /* cells per RAVE entry */
    int nworkers;               /* workers made (they are made as
                                 * searches ask for them) */
    worker_t *w[SCNS_MAX_THREADS];
    scns_progress_fn progress;
    void *progress_arg;
    scns_time_t time;           /* budget 0: none */
    tt_t *proofs;               /* the solved positions shared with the
                                 * solver (scns_set_proofs), or NULL; its
                                 * own locks (tt.h) */
    jobs_t *jobs;               /* the job board (jobs.h) */

    /* one search's settings */
    const scns_params_t *params;
    const stop_t *stop;         /* the caller's */
    stop_t wstop;               /* the workers': the caller's and the
                                 * job board's halt flag */
    int active;                 /* threads in this search */
    uint64_t max_work;          /* the work of one job */
    hex_color_t root_to_move;
    position_t root;            /* the search's root position */
    bool have_root;
    uint64_t root_key;
    kn_expansion_t root_e;      /* the root's expansion */
    pnfunc_t leaf_p, leaf_d;    /* a new leaf's relative functions */
    double start;
    _Atomic uint64_t root_work[HEX_MAX_CELLS];  /* by cell: expansions
                                                 * below each root child
                                                 * in this search */
    _Atomic uint64_t expansions;        /* all threads' in this search */
    double next_time_check;     /* the time policy's (serial: the one
                                 * thread; parallel: job lock) */
    int idle;                   /* parallel: job searches in a row
                                 * without work (job lock) */
    double next_progress;       /* parallel: job lock */
};

/* Whether the node payload holds a proven value. */
bool scns_node_final(const void *payload);

/* The functions of a node decided at its expansion: +inf when Black has
 * won, -inf when White has. */
void scns_terminal_node(node_t *n, hex_color_t winner);

/* Black's number p(hi) and White's d(lo), as the mover's (cm) and the
 * opponent's (co). */
void scns_numbers(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t hi, pnfunc_value_t lo,
                  hex_color_t me, pnfunc_count_t *cm, pnfunc_count_t *co);

/* The expansion of pos for its side to move, from the cache or fresh;
 * `work` is the node's work so far (the root UINT64_MAX; 0 reads what
 * the cache has): with params->net_after, a node the network has not
 * scored is scored once its work reaches net_after, and the cache keeps
 * the scored expansion.  False when memory is short. */
bool scns_expand(worker_t *w, const position_t *pos, kn_expansion_t *out, uint64_t work);

/* Fill f's expansion into p (`me` to move), the children's keys into
 * f->ckey and their base errors into f->err; returns the cells filled
 * (kn_undo_fill). */
int scns_open_frame(frame_t *f, position_t *p, hex_color_t me);

/* The network's value in an expansion as a node's eval (node_t), or
 * NODE_NO_EVAL. */
int16_t scns_eval_units(const kn_expansion_t *e);

/* scns_open_frame on w->pos, its fill-in added to w->filled; and back
 * (scns_unfill, with what scns_fill returned, f unchanged between). */
int scns_fill(worker_t *w, frame_t *f, hex_color_t me);
void scns_unfill(worker_t *w, const frame_t *f, int filled);

/* The children of f (w->pos its filled position, `me` to move): their
 * stored functions (or a new leaf's), work and offsets; their functions
 * shifted to the node's evaluation into w->sp, w->sd.  With hi/lo (the
 * node's targets, relative to its evaluation) their numbers into f->cm,
 * f->co.  With vdepth >= 0 (the children's depth; job lock held) a child
 * not proven for true that the virtual table holds has its virtual
 * functions instead. */
void scns_read_children(worker_t *w, frame_t *f, hex_color_t me, pnfunc_value_t hi,
                        pnfunc_value_t lo, int vdepth);

/* Rule (2) over the shifted children into n (Black maximises). */
void scns_combine(worker_t *w, const frame_t *f, hex_color_t me, node_t *n);

/* The node's numbers from its children's (f->cm, f->co) into u, `best`
 * the child selected last. */
void scns_summarize(const frame_t *f, int best, update_t *u);

/* Read f's children, set the node's functions from theirs, store them
 * with its work, and its numbers into u. */
void scns_update_node(worker_t *w, frame_t *f, hex_color_t me, pnfunc_value_t hi,
                      pnfunc_value_t lo, node_t *n, update_t *u);

/* The child to search under P, D and its thresholds: the last one while
 * it stays within its threshold, else the one with the least cm. */
int scns_select_child(const scns_params_t *params, const frame_t *f, const update_t *u,
                      pnfunc_count_t P, pnfunc_count_t D, pnfunc_count_t *Pc,
                      pnfunc_count_t *Dc);

/* CNS on w->pos at recursion depth `depth` with thresholds P (for the
 * mover's number) and D (the opponent's), at most W expansions, and the
 * targets hi (Black's) and lo (White's) relative to the node's
 * evaluation.  Returns the expansions made. */
uint64_t scns_mid(worker_t *w, int depth, pnfunc_count_t P, pnfunc_count_t D, uint64_t W,
                  pnfunc_value_t hi, pnfunc_value_t lo);

/* The interval (5) from the root's functions p, d (Black's, absolute)
 * and v_root into w->hi, w->lo: P_max and delta_p on the root mover's
 * side. */
void scns_set_interval(worker_t *w, const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t v);

/* The root's functions into nd: the table's, or with `virtual` (job lock
 * held) the virtual table's where it holds the root; a new leaf's when
 * neither does.  Returns the root's minimax value. */
pnfunc_value_t scns_root_functions(scns_t *s, bool virtual, node_t *nd);

/* Whether the search must end before another interlude or job: the
 * root is proven, the interval (w's) is within tolerance, or
 * max_expansions are spent; *left the expansions still allowed. */
bool scns_search_done(worker_t *w, pnfunc_value_t v, uint64_t *left);

/* Whether the time policy (scns_time_t) ends the search now (serial: the
 * search's thread; parallel: job lock held). */
bool scns_time_is_up(scns_t *s);

/* A progress report by worker w, when one is due (serial: from the
 * search; parallel: at the root with the job lock held). */
void scns_report_progress(worker_t *w);

/* The mover at depth of the search's path. */
static inline hex_color_t
scns_mover_at(const scns_t *s, int depth)
{
    return depth % 2 == 0 ? s->root_to_move : hex_color_other(s->root_to_move);
}

/* The parallel side (scns_par.c). */

/* A job board for SCNS_MAX_THREADS threads, or NULL when memory is
 * short. */
jobs_t *scns_par_board(void);

/* A thread's descent frames, HEX_MAX_CELLS + 1 levels; NULL when memory
 * is short (free()). */
scns_vframe_t *scns_par_frames(void);

/* The parallel search with s->active threads (at least 2), the caller
 * the first. */
void scns_par_search(scns_t *s);

#endif /* HEIN_SEARCH_SCNS_NODE_H */
