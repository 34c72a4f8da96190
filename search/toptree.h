/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_TOPTREE_H
#define HEIN_SEARCH_TOPTREE_H

/* The top tree of a two-level job-level proof-number search: the first
 * level of PNS-PDFPN (../shared/papers/pns-pdfpn-massively-parallel-pns.txt,
 * "First-Level Parallelization"), whose jobs run elsewhere -- on other
 * processes (hein-solve --mpi, tools/solve/solve_mpi.h) or on simulated
 * workers (search/tests/test_toptree.c).  This module is the tree
 * alone: it never searches and never talks to anyone.
 *
 * The tree is a best-first proof-number tree in negamax form, as the
 * solver's table keeps numbers (dfpn.h): phi, the proof number of the
 * side to move (0: it wins), delta its disproof number (0: it loses); an
 * expanded node's phi is the least delta of its children, its delta the
 * sum of their phis.  A node is a position of the solver's own tree: the
 * root position, then at each expanded node its fill-in (the stones the
 * board knowledge fills, knowledge.h) and the move to the child.  So a
 * position here is the very position the workers' DFPN reaches, and its
 * table entries carry over.
 *
 * As in the solver, children are focused: a node's phi is the least
 * delta among its first max(2, ceil(b + f k)) children not lost (k the
 * number of those; the children in the order of the worker's expansion,
 * best first), its delta the sum over all of them, and a child won for
 * its mover decides the node wherever it lies.  No result depends on the
 * window.
 *
 * A job is a leaf: toptree_select descends from the root, at each node to
 * the child of least delta in the window -- read from the *virtual*
 * numbers -- and takes the leaf it reaches.  toptree_start marks the leaf as running: a
 * virtual win for its side to move when phi <= delta, else a virtual loss
 * (the marks of SPDFPN, spdfpn.h), and brings the virtual numbers of its
 * path up to date, which steers the next descent elsewhere.  When no leaf
 * is left outside running jobs the root's virtual numbers are solved and
 * toptree_select finds none: the caller waits for a job to end.  The
 * job's worker runs the solver on the leaf within a work limit and
 * reports (toptree_finish): the leaf solved, or its numbers, its fill-in
 * and its children (the moves its expansion tries, best first) with the
 * numbers its table holds for them.  The leaf is then expanded -- unless
 * it lies at the depth limit or the tree is full: a later job goes on
 * with it -- and the true and virtual numbers of its path updated.
 *
 * Soundness.  A node is proved here only from what a worker proved: a
 * leaf a worker solved, a child its table holds solved, or, going up,
 * one child lost (a win) or every child the expansion tries won (a loss;
 * the expansion's moves are all that need refuting, as in the solver)
 * but those the worker's search pruned as dominated by a sibling when it
 * reported (the solver's rule, dfpn.h: the node's value is its value
 * without them while their dominators stay, and a dominator is never
 * itself pruned unless it is lost).  A pruned child counts as a losing
 * move in its parent's numbers; it is never solved, logged or handed
 * on.  Marks never reach the true numbers.
 *
 * Solved nodes are kept in a log (toptree_log) that the caller hands on
 * to every worker, so that no worker proves what another proved, and in
 * a map by position key, which solves a new child at once when its
 * position was proved elsewhere in the tree.
 *
 * Jobs are chosen by one of three schemes (toptree_scheme_t below):
 * this one, RP-PNS's randomized descents, or ParaPDS's depth-first walk.
 *
 * A tree is used by one thread (rank 0's loop); nothing is shared. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "board/position.h"
#include "search/dfpn.h"

/* Numbers saturate at TOPTREE_INF, the solver's TT_INF. */
#define TOPTREE_INF UINT32_C(0x3fffffff)

/* How jobs are chosen (toptree_pick).  The tree, its numbers, its
 * expansion and its proofs are the same in every scheme.
 *
 * TOPTREE_TWO_LEVEL: PNS-PDFPN's first level (above): the descent on the
 * virtual numbers, SPDFPN's marks steering simultaneous jobs apart, the
 * leaf's DFPN thresholds for the job.
 *
 * TOPTREE_RP_PNS: randomized parallel PNS (Saito, Winands and van den
 * Herik, ../shared/papers/rp-pns-randomized-parallel-pns.txt), with the
 * workers as the threads on the one tree and each job a bounded PN_2
 * search at the leaf (the paper's RP-PN^2): running jobs leave no mark.
 * Worker 0 is the PV worker: it descends as PNS does, to the most
 * proving leaf.  Every other worker descends choosing at each node among
 * the children whose delta is at most rp_slack above the least, with
 * equal chances (the paper's equation 1, D = rp_slack), and, until it
 * has left the PV, with chance 2/d (d the depth of the last PV) among the
 * second and third best instead.  A descent that ends on a running leaf
 * is drawn again (rp_tries times, then the worker waits: the paper's
 * lock contention).  Jobs have no thresholds: they end at their work
 * limit.
 *
 * TOPTREE_PARAPDS: ParaPDS (Kishimoto and Kotani,
 * ../shared/papers/parapds-parallel-and-or-search.txt): the master's
 * tree is kept to a fixed depth (max_depth, the paper's d') and walked
 * depth first from the root with thresholds phi + dphi and delta +
 * ddelta, passing on DFPN's child thresholds; a child is a candidate
 * when its delta is under its parent's phi threshold, and an open leaf
 * that is a candidate and runs no job (the paper's UNCERTAIN mark) is a
 * job, with its thresholds.  When the walk finds none, dphi or ddelta
 * grows (PDS's rule: the smaller threshold), and both start again at 1
 * whenever the root's numbers change.  The table is split across the
 * workers by hash: a worker takes the candidates whose position key
 * falls to it (key mod the number of workers) before any other. */
typedef enum toptree_scheme {
    TOPTREE_TWO_LEVEL,
    TOPTREE_RP_PNS,
    TOPTREE_PARAPDS,
} toptree_scheme_t;

/* The knobs. */
typedef struct toptree_params {
    toptree_scheme_t scheme;
    uint32_t rp_slack;          /* RP-PNS: the paper's D */
    int rp_tries;               /* RP-PNS: descents drawn before waiting */
    uint64_t seed;              /* RP-PNS: the draws' seed */
    int max_depth;              /* leaves at this depth (the root 0) are
                                 * not expanded: their jobs continue them */
    int max_nodes;              /* the tree's most nodes; a leaf is not
                                 * expanded once it is full */
    double widening_base;       /* the solver's focused window (dfpn.h):  */
    double widening_factor;     /* a node's phi and its jobs come from its
                                 * first max(2, ceil(b + f k)) children
                                 * not lost, k the number of those */
    double epsilon;             /* the 1+epsilon of a job's thresholds */
} toptree_params_t;

void toptree_params_default(toptree_params_t *p);

/* A child as a worker reports it. */
typedef struct toptree_child {
    uint64_t key;               /* position_key of the position after it */
    int16_t move;
    uint32_t phi, delta;        /* the worker's table's, or 1, 1 */
    int16_t best;               /* solved win: the winning move, or -1 */
    uint64_t work;
    bool pruned;                /* a sibling dominates it (dfpn_dominated):
                                 * the parent's value is its value without
                                 * it, so it counts as a losing move --
                                 * never as a solved position */
} toptree_child_t;

/* What a job on a leaf found. */
typedef struct toptree_report {
    uint32_t phi, delta;        /* the leaf's numbers in the worker's table */
    int16_t best;               /* solved win: the winning move (-1: none
                                 * needed) */
    uint64_t work;              /* the leaf's work in the worker's table */
    int nfill[2];               /* its fill-in, by stone colour */
    const int16_t *fill[2];
    int nchildren;              /* its expansion's moves (an unsolved leaf) */
    const toptree_child_t *children;
} toptree_report_t;

/* A solved node, as the log keeps it. */
typedef struct toptree_solved {
    uint64_t key;               /* position_key of the node's position */
    bool win;                   /* the side to move wins */
    int16_t best;               /* win: the winning move, or -1 */
    uint64_t work;
} toptree_solved_t;

typedef struct toptree_stats {
    uint64_t nodes;             /* in the tree */
    uint64_t expanded;          /* leaves expanded */
    uint64_t jobs;              /* jobs finished */
    uint64_t job_work;          /* work the jobs reported doing */
    uint64_t solved_by_job;     /* leaves a job solved */
    uint64_t solved_children;   /* children reported solved */
    uint64_t solved_by_map;     /* children solved by the map */
    uint64_t pruned;            /* children pruned as dominated */
    uint64_t full;              /* reports not expanded: tree full */
    int depth;                  /* the deepest node */
} toptree_stats_t;

typedef struct toptree toptree_t;

/* An empty tree; NULL when memory is short. */
toptree_t *toptree_new(const toptree_params_t *params);
void toptree_free(toptree_t *t);

/* Start over at root (copied) with its side to move: one leaf, no job
 * running.  The log and the map of solved positions are kept (they hold
 * for every root); toptree_forget empties them. */
void toptree_reset(toptree_t *t, const position_t *root, hex_color_t to_move);
void toptree_forget(toptree_t *t);

/* The root's true numbers; solved when phi or delta is 0. */
void toptree_root(const toptree_t *t, uint32_t *phi, uint32_t *delta);

/* The root solved: whether its side to move wins, and its winning move
 * (-1 when none is needed).  False while unsolved. */
bool toptree_result(const toptree_t *t, bool *win, int *best);

/* The leaf a job should take next, or -1 when every open leaf is in a
 * running job (or the root is solved).  *P and *D (each may be NULL):
 * the job's thresholds, those DFPN would give the leaf on the descent
 * (dfpn.h, with 1+epsilon, on the virtual numbers): the job ends once
 * the leaf's phi reaches P or its delta D, when another leaf has become
 * the most proving. */
int toptree_select(const toptree_t *t, uint32_t *P, uint32_t *D);

/* The leaf the idle worker `worker` (0 .. nworkers - 1) should take
 * next under the tree's scheme, or -1 when it should wait for a job to
 * end (every open leaf runs a job, the root is solved, or RP-PNS's
 * draws all met running leaves; while no job runs, every scheme finds
 * a leaf of an unsolved root).  *P and *D: the job's thresholds (TOPTREE_INF:
 * none).  TOPTREE_TWO_LEVEL is toptree_select. */
int toptree_pick(toptree_t *t, int worker, int nworkers, uint32_t *P, uint32_t *D);

/* Node `node`'s position (the root's, the fill-in and moves of the path),
 * into pos (position_init'd or copied by this function; the caller
 * frees it), its side to move set. */
void toptree_position(const toptree_t *t, int node, position_t *pos);

/* Mark leaf `node` as running a job. */
void toptree_start(toptree_t *t, int node);

/* The job on `node` ended with report r.  The mark goes, the leaf is
 * solved, expanded or updated, and its path's numbers brought up to
 * date.  A leaf that was solved meanwhile only loses its mark. */
void toptree_finish(toptree_t *t, int node, const toptree_report_t *r);

/* The job on `node` did not run (its worker is gone): the mark goes. */
void toptree_abandon(toptree_t *t, int node);

/* Solve leaf `node` from elsewhere (a database): as a report of a
 * solved leaf. */
void toptree_solve_leaf(toptree_t *t, int node, bool win, int best, uint64_t work);

/* The log of solved nodes: entries [0, toptree_log_size) in the order
 * they were solved. */
size_t toptree_log_size(const toptree_t *t);
const toptree_solved_t *toptree_log(const toptree_t *t);

/* Jobs running now. */
int toptree_running(const toptree_t *t);

/* Node accessors, for the certificate's and the database's walks. */
int toptree_nchildren(const toptree_t *t, int node);
int toptree_child(const toptree_t *t, int node, int i);
int toptree_move(const toptree_t *t, int node);         /* from its parent */
int toptree_parent(const toptree_t *t, int node);       /* -1: the root */
bool toptree_solved(const toptree_t *t, int node, bool *win, int *best);
uint64_t toptree_work(const toptree_t *t, int node);
uint64_t toptree_key(const toptree_t *t, int node);      /* position_key */

void toptree_stats(const toptree_t *t, toptree_stats_t *out);

/* The bytes the tree holds: its nodes, fill-in, log and map, as
 * allocated. */
size_t toptree_bytes(const toptree_t *t);

/* ---- the worker's side ------------------------------------------------ */

/* The arrays a report points into. */
typedef struct toptree_buf {
    int16_t fill[2][HEX_MAX_CELLS];
    toptree_child_t children[HEX_MAX_CELLS];
    kn_expansion_t e;
} toptree_buf_t;

/* After a job on pos (its side to move) with the solver workspace s on
 * its table: the report toptree_finish reads -- the leaf's entry, and
 * when it is open, the expansion the search used there (dfpn_node): its
 * fill-in, its moves and their entries (1, 1 when the table has none),
 * and which of them the search prunes as dominated (dfpn_dominated).
 * r points into b.  False when memory is short. */
bool toptree_report_from(dfpn_t *s, const position_t *pos, toptree_buf_t *b,
                         toptree_report_t *r);

/* Checkpoints: the tree (no job running: marks are dropped) and the log,
 * as bytes with a check sum; false with why when the write fails.  Read
 * back after toptree_reset on the same root: false with why when the
 * bytes are damaged, cut short or of another root (the tree then is the
 * reset one). */
bool toptree_write(const toptree_t *t, FILE *f, char *why, size_t whylen);
bool toptree_read(toptree_t *t, FILE *f, char *why, size_t whylen);

#endif /* HEIN_SEARCH_TOPTREE_H */
