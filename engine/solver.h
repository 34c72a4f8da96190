/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_SOLVER_H
#define HEIN_ENGINE_SOLVER_H

/* The solver session: the engine's endgame solver (SPDFPN,
 * search/spdfpn.h) for the whole life of the engine.
 *
 * It owns the solver's resources and keeps them from one command to the
 * next: the transposition table (search/tt.h), the expansion cache
 * (search/expcache.h) and the threads' workspaces.  Proofs in the table
 * and facts in the cache stay valid whatever is played, so a later solve
 * of the same game starts from what the earlier ones found.
 *
 * solver_prepare brings the session in line with the parameters before
 * each use:
 *   - the table is made at the first use, and made again, empty, when
 *     param_dfpn tt_mb changed;
 *   - the workspaces are made again when the thread count or the board
 *     knowledge (the engine's kn_config_t and its generation number,
 *     engine.h, or param_dfpn limit_fulls, neighbour_dominated,
 *     dead_region_pairs, reverser_need, pair_reach, order_vc_weight,
 *     order_empty_group, net_order or path_builds)
 *     changed;
 *     the cache is emptied
 *     when the knowledge changed, since an expansion depends on it;
 *   - the solver's knowledge is the engine's with one change: its VC
 *     builds limit fulls as param_dfpn limit_fulls says (off by default:
 *     on 7x7 the limit grows the trees by ~10 %), not param_vc's (on: the
 *     player's builds are twice as fast with it), and its inferior cells
 *     include the neighbour-dominated ones (ice.h) as param_dfpn
 *     neighbour_dominated says (off by default: the solver's sibling
 *     pruning finds them from the children, and on 7x7 the static rule
 *     grows its trees by ~9 %), its dead regions are those behind
 *     cut-sets of one node unless param_dfpn dead_region_pairs (off by
 *     default: on 7x7 the pairs cost a seventh of the time and save no
 *     nodes), its reversers are tried as param_dfpn reverser_need says
 *     (1 by default, the player's 2: the cases of two cost an eighth of
 *     the time for 1 % of the nodes), its captured pairs are
 *     adjacent cells as param_dfpn pair_reach says (1; the player's 2:
 *     pairs two apart are one in twenty and cost 3 % of the time), the
 *     circuit that orders its moves weighs a full VC as param_dfpn
 *     order_vc_weight says (1, the player's param_resist vc_weight; the
 *     trees depend on it by a fifth either way and the best weight on
 *     the board: 2 takes 18 % fewer expansions on the 25 7x7 problems
 *     but 8 % more on 8x8 c7 d4 f1 g1) and an empty cell's contact with
 *     a group or edge as param_dfpn order_empty_group says (1, the
 *     player's 2: 15 % fewer expansions on 7x7, 6 % on 6x6, 3.5 % on
 *     those 8x8 openings, 27 % on b5 and 11 % on a8, but a3 took 2.3
 *     times as many), its moves are ordered by that circuit's score
 *     times the network's policy to the power param_dfpn net_order
 *     when that is above 0 and param_net has a net in use (0 by
 *     default: the circuit alone), and its VC builds start from the
 *     ancestor's lists as param_dfpn path_builds says (on by default:
 *     7x7 nodes are ~12 % faster; off, a fresh build at every node makes
 *     an expansion a function of the position alone, which is what the
 *     proof checker re-derives);
 *   - solver_clear (dfpn-clear-tt) empties the table and the cache;
 *   - the workspaces forget what they carry from one search to the next
 *     (the circuit's warm start), so a command's search depends on the
 *     commands before it only through the table and the cache.
 *
 * Used by the thread running HTP commands; while a solve runs, its
 * threads share the table and cache as spdfpn.h says.  A session is never
 * used by two commands at once. */

#include <stdbool.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "engine/solverdb.h"
#include "search/dfpn.h"
#include "search/expcache.h"
#include "search/spdfpn.h"
#include "search/toptree.h"
#include "search/tt.h"

typedef struct solver solver_t;

/* An empty session (nothing allocated until solver_prepare).  NULL when
 * memory is short. */
solver_t *solver_new(void);
void solver_free(solver_t *sv);

/* Make the session ready for a search with params (tt_mb, threads) and
 * the board knowledge kn of generation `generation` (kn must stay valid
 * while the session uses it).  False when memory is short: the session
 * then holds nothing and the next call tries again. */
bool solver_prepare(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
                    uint64_t generation);

/* Empty the table and the expansion cache. */
void solver_clear(solver_t *sv);

/* The table, or NULL before the first solver_prepare. */
tt_t *solver_table(const solver_t *sv);

/* The solved-position database the session consults and fills (NULL:
 * none), borrowed: the caller keeps it open while the session may use
 * it, and sets NULL before closing it.  Used by the thread that runs
 * solver_solve (one at a time, as the session). */
void solver_set_db(solver_t *sv, solverdb_t *db);

/* The database solver_set_db gave the session (NULL: none). */
solverdb_t *solver_db(const solver_t *sv);

/* What the database did in the session's last solver_solve. */
typedef struct solver_db_report {
    bool used;                  /* a database was open */
    bool hit;                   /* the answer came from it (no search) */
    uint64_t work;              /* a hit: the stored proof's work */
    size_t stored;              /* positions of the proof written */
    bool failed;                /* a read or write failed: */
    char error[320];            /* SQLite's message */
} solver_db_report_t;

const solver_db_report_t *solver_db_report(const solver_t *sv);

/* Solve pos with to_move to move (spdfpn_solve) within stop, with
 * progress reports to fn (NULL: none).  After solver_prepare.
 *
 * With a database (solver_set_db) the position is looked up first: a hit
 * is the answer at once (the result's winner and best from the store,
 * its numbers 0 and TT_INF, its statistics zero).  Else, once the search
 * proved the root, the proof in the table is walked from the root (the
 * stored winning move at the winner's nodes, every considered reply at
 * the loser's, as dfpn_check_proof walks it) and every solved node on it
 * whose table entry has at least params->db_min_work work is stored, the
 * root always, in one transaction; the walk does not go below a node
 * with less work (its subtree's nodes were counted in it).  A failed read
 * or write is in solver_db_report; the search's result stands. */
void solver_solve(solver_t *sv, const position_t *pos, hex_color_t to_move,
                  const dfpn_params_t *params, const stop_t *stop, dfpn_progress_fn fn,
                  void *arg, dfpn_result_t *out);

/* The positions solver_solve stores for the proof of r (solved at pos,
 * to_move to move) as the table holds it: the root, then the walk below
 * it through the nodes with at least params->db_min_work work, as
 * database items (solverdb.h), into *items (malloc'd, the caller frees
 * it; NULL when none) and *n.  False when memory ran short partway
 * (*items then holds what was gathered, all of it true).  After
 * solver_solve found r. */
bool solver_proof_items(solver_t *sv, const position_t *pos, hex_color_t to_move,
                        const dfpn_params_t *params, const dfpn_result_t *r,
                        solverdb_item_t **items, size_t *n);

/* The same walk with no least work, as the table's entries: the key and
 * entry of every node of the proof the table holds (the root's from r),
 * into *keys and *data (malloc'd, the caller frees both) and *n -- what
 * another process's table needs to hold the proof (hein-solve --mpi
 * gathers the workers' proofs so for its certificate).  False when
 * memory ran short partway (what was gathered is true). */
bool solver_proof_entries(solver_t *sv, const position_t *pos, hex_color_t to_move,
                          const dfpn_result_t *r, uint64_t **keys, tt_data_t **data,
                          size_t *n);

/* The report of a job of the two-level search on pos (to_move to move;
 * toptree.h toptree_report_from), after solver_solve ran it; r points
 * into b.  False when memory is short. */
bool solver_job_report(solver_t *sv, const position_t *pos, hex_color_t to_move,
                       toptree_buf_t *b, toptree_report_t *r);

/* The winning moves of to_move at pos (not over) among those the solver
 * considers (dfpn_moves) and their images where the expansion's symmetry
 * step dropped them (knowledge.h): every considered move is solved in
 * turn; every
 * empty cell when the position is won whatever to_move plays.  *unknown
 * tells that the stop came before every move was solved (*wins then holds
 * those found so far).  False when memory is short.  After
 * solver_prepare. */
bool solver_find_winning(solver_t *sv, const position_t *pos, hex_color_t to_move,
                         const dfpn_params_t *params, const stop_t *stop, dfpn_progress_fn fn,
                         void *arg, bitset_t *wins, bool *unknown);

/* The moves the solver considers at pos for to_move and the table's entry
 * for each reply (have[i] false: none), as HexGui's bounds show them;
 * x->decided tells a decided position (no moves).  False when memory is
 * short.  After solver_prepare. */
bool solver_bounds(solver_t *sv, const position_t *pos, hex_color_t to_move,
                   kn_expansion_t *x, tt_data_t *entry, bool *have);

/* The principal variation from pos, to_move first (dfpn_pv).  After
 * solver_prepare. */
int solver_pv(solver_t *sv, const position_t *pos, hex_color_t to_move, int *moves, int max);

#endif /* HEIN_ENGINE_SOLVER_H */
