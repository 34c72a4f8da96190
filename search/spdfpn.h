/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_SPDFPN_H
#define HEIN_SEARCH_SPDFPN_H

/* Scalable Parallel DFPN (SPDFPN, ../shared/papers/spdfpn-*, §4-5,
 * Algorithms 3 and 4): N threads, each with its own DFPN workspace
 * (dfpn.h), share one transposition table.
 *
 * A thread looks for a job under the job lock: it descends from the root
 * as DFPN would, reading virtual proof and disproof numbers where the
 * virtual table has them and true ones elsewhere, and takes the first
 * node on its path whose past work is below max_work_per_job.  It marks
 * that node a virtual win (when phi <= delta) or loss, recomputes the
 * virtual numbers of the path up to the root, releases the lock and runs
 * serial DFPN on the node with work threshold max_work_per_job.  Then,
 * under the lock again, it removes the mark, brings the true numbers and
 * work of the path up to date and wakes the threads that found no job.
 * The virtual marks steer the other threads to other subtrees; they never
 * reach the table, so no result depends on them.  The scheme's lock,
 * virtual table and threads are the job board's (jobs.h), which parallel
 * SCNS shares; this module brings DFPN's descent and jobs.
 *
 * With one thread spdfpn_solve is the serial dfpn_solve, unchanged.
 * Results are sound with any number of threads: the table only ever
 * holds values that some thread computed from the rules, and a solved
 * entry is never overwritten (tt.h).  The search itself is not
 * deterministic with several threads. */

#include "search/dfpn.h"
#include "search/expcache.h"

/* The most threads a solver may have. */
#define SPDFPN_MAX_THREADS 64

typedef struct spdfpn spdfpn_t;

/* A solver of `threads` threads (1..SPDFPN_MAX_THREADS) on the shared
 * table tt, expanding nodes with cfg through the expansion cache `cache`
 * (expcache.h; borrowed, it must outlive the solver and hold expansions
 * made with cfg), or NULL for one of its own.  NULL when memory is
 * short. */
spdfpn_t *spdfpn_new(tt_t *tt, const kn_config_t *cfg, int threads, expcache_t *cache);
void spdfpn_free(spdfpn_t *p);

/* dfpn_forget on every thread's workspace. */
void spdfpn_forget(spdfpn_t *p);

/* Progress reports during spdfpn_solve (dfpn.h; NULL: none).  With
 * several threads they come from whichever thread holds the job lock;
 * the statistics are the sum over the threads of the jobs finished so
 * far. */
void spdfpn_set_progress(spdfpn_t *p, dfpn_progress_fn fn, void *arg);

/* Solve pos with to_move to move until solved, interrupted or past the
 * deadline (stop), with params->threads threads (at most the number the
 * solver was made with) and params->max_work_per_job (0: by board size,
 * spdfpn_default_work).  pos is not changed.  out->stats sums the
 * threads' statistics; out->stats.seconds is the wall time. */
void spdfpn_solve(spdfpn_t *p, const position_t *pos, hex_color_t to_move,
                  const dfpn_params_t *params, const stop_t *stop, dfpn_result_t *out);

/* The default max_work_per_job for a board of width x height: 100 up to
 * 8x8 and 20 from 11x11 on, as in the paper, 50 in between. */
int spdfpn_default_work(int width, int height);

/* The first thread's workspace, for the table's PV, bounds and proof
 * checks after a solve (dfpn.h). */
dfpn_t *spdfpn_workspace(spdfpn_t *p);

#endif /* HEIN_SEARCH_SPDFPN_H */
