/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_SOLVE_SOLVE_MPI_H
#define HEIN_TOOLS_SOLVE_SOLVE_MPI_H

/* hein-solve --mpi: the job-level searches across processes, over MPI:
 * the two-level search (../shared/papers/pns-pdfpn-massively-parallel-pns.txt),
 * RP-PNS and ParaPDS -- the top tree's schemes (search/toptree.h,
 * toptree_pick; dist_params_t.top.scheme).
 *
 * Every rank runs hein-solve with the same command line.  Rank 0 (the
 * lead) holds the job, the checkpoints, the database and the top tree
 * (search/toptree.h): a best-first proof-number tree whose leaves it hands
 * out as jobs.  Every other rank is a worker: its engine's solver session
 * (SPDFPN with --threads threads, engine/solver.h) runs each job -- the
 * leaf's position, solved until it is proved or its work reaches the job
 * size -- and answers with the leaf's numbers, its fill-in and its
 * children's numbers from its table, which it keeps from job to job and
 * from position to position.
 *
 * Results reach every rank: each job carries the positions the tree has
 * proved since the worker's previous job, which the worker writes into
 * its table as solved, so that no worker proves again what another has
 * proved.  A worker that proves its leaf sends with it the proof's
 * positions of at least param_dfpn db_min_work work (solver.h
 * solver_proof_items); the lead stores them, and every position the tree
 * proves, in the database when there is one (--db), and looks up every
 * leaf there before it hands it out; when the position is proved, the
 * tree's proof (the solved nodes with at least db_min_work work, the
 * winner's move and every reply of the loser's) goes there too.  --proof:
 * each worker that proves its leaf also sends its proof's table entries,
 * which the lead stores in its own solver session's table with the
 * tree's solved nodes; the lead then writes the certificate
 * (engine/certificate.h) from that table, the top tree's proof joined
 * with the workers' sub-proofs, searching itself only where the table
 * lost an entry or the writer asks about a move the proofs skipped.
 *
 * Messages (MPI point to point, tag = kind; every integer
 * little-endian):
 *   SETUP  lead -> worker, once: threads, table MiB, board width and
 *          height (four i32).
 *   JOB    lead -> worker: the leaf's id, the work limit, the work
 *          under which the job raises its thresholds, the leaf's
 *          thresholds (toptree_pick), the side to
 *          move, what to send of a proof (database items, table
 *          entries), the board (a byte a cell: 0 empty, 1 Black, 2
 *          White) and the solved positions to add.
 *   RESULT worker -> lead: the leaf's id, its entry (phi, delta, best,
 *          work), the job's DFPN calls, expansions and seconds, the
 *          fill-in, the children (key, move, phi, delta, best, work,
 *          pruned as dominated),
 *          the proof's database items as text lines and its table
 *          entries (key, work, phi, delta, best).
 *   QUIT   lead -> worker: the run is over.
 *
 * Failures.  Open MPI ends the whole run when a rank dies (MPI's default
 * error handler); the run is then restarted from its checkpoint: the
 * job's states, rank 0's table, and the top tree of the open position
 * (FILE.tree beside the checkpoint FILE), which loses only the jobs that
 * were running.  The workers' tables are not saved: what they proved
 * that the tree or the database kept is not searched again.
 *
 * Threads: MPI is called from the main thread of each rank only
 * (MPI_THREAD_FUNNELED); the solver's threads never call it. */

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "search/dfpn.h"
#include "search/stop.h"
#include "search/toptree.h"

typedef struct dist dist_t;

#define DIST_DEFAULT UINT64_MAX

/* The job-level search's knobs. */
typedef struct dist_params {
    uint64_t job_work;          /* DFPN calls a job may make (0: by board,
                                 * dist_default_work, times the threads) */
    uint64_t job_min_work;      /* a job that reaches its thresholds within
                                 * fewer calls raises them and goes on (as
                                 * ParaPDS's slave does, which is given
                                 * job_work); 0: it ends there; DIST_DEFAULT:
                                 * job_work / 4 with several threads, 0
                                 * with one */
    toptree_params_t top;       /* the top tree's depth and size */
} dist_params_t;

/* Figures of one dist_solve. */
typedef struct dist_stats {
    uint64_t jobs;              /* jobs finished */
    uint64_t work;              /* DFPN calls, summed over the workers */
    uint64_t expansions;        /* nodes expanded, summed */
    uint64_t db_hits;           /* leaves answered by the database */
    uint64_t db_stored;         /* positions stored in it */
    uint64_t proof_entries;     /* table entries of the workers' proofs */
    double worker_seconds;      /* time the workers spent in jobs */
    double seconds;             /* wall time */
    uint64_t resumed;           /* nodes of a top tree read from the tree
                                 * file at the start (0: none read) */
    toptree_stats_t tree;
} dist_stats_t;

/* The default job size for a board of width x height: 2000 DFPN calls up
 * to 6x6, 8000 above (on 7x7 a4 with two workers: 4000 took 52 526
 * expansions, 8000 26 986, 16000 27 944, the serial solver 22 400; small
 * jobs split the work between tables that do not share it), always more
 * than the cells, so that a job reaches new nodes from its leaf. */
uint64_t dist_default_work(int width, int height);

/* MPI_Init; *rank and *size.  False after saying why. */
bool dist_init(int *argc, char ***argv, int *rank, int *size);
void dist_finalize(void);

/* ---- the lead (rank 0) ---------------------------------------------- */

/* The lead of `size` ranks: sends SETUP (threads, tt_mb, the board) to
 * every worker.  NULL after saying why. */
dist_t *dist_lead_new(int size, const dist_params_t *params, int threads, int tt_mb,
                      int width, int height);

/* Tell every worker to quit; free.  (NULL: nothing.) */
void dist_lead_end(dist_t *d);

/* Tell the workers of `size` ranks to quit, when the lead cannot start
 * (before dist_lead_new, or when it failed). */
void dist_quit(int size);

/* Solve pos with to_move to move with the workers until it is solved or
 * `stop` holds (the jobs running then are waited for).  db: the
 * database to consult and fill (NULL: none).  proof_table: a table that
 * gathers the proof (NULL: none) -- every worker that proves its leaf
 * sends the table entries of its proof (solver.h solver_proof_entries),
 * and once the position is proved the tree's solved nodes go there too,
 * so that the proof of the whole lies in that one table (the lead's
 * solver session's, from which its certificate is written).  tree_file:
 * where the top tree is saved by dist_save_tree and read from at the
 * start (NULL: nowhere).  progress (NULL: none) gets a report every
 * params->progress_interval seconds.  out: the winner (HEX_EMPTY when
 * stopped), a winning move, the root's numbers, the statistics. */
void dist_solve(dist_t *d, const position_t *pos, hex_color_t to_move,
                const dfpn_params_t *params, solverdb_t *db, tt_t *proof_table,
                const char *tree_file, const stop_t *stop, dfpn_progress_fn progress,
                void *arg, dfpn_result_t *out, dist_stats_t *stats);

/* The top tree of the solve under way saved to its tree file (whole or
 * not at all); false with why. */
bool dist_save_tree(dist_t *d, char *why, size_t whylen);

/* ---- a worker (rank > 0) -------------------------------------------- */

/* Wait for SETUP, make the engine (its solver with the lead's threads and
 * table size), run jobs until QUIT.  Returns the exit status. */
int dist_work(void);

#endif /* HEIN_TOOLS_SOLVE_SOLVE_MPI_H */
