/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_DFPN_H
#define HEIN_SEARCH_DFPN_H

/* The endgame solver: depth-first proof-number search (DFPN) with the
 * 1+epsilon trick, a work threshold and a shared transposition table, as in
 * the SPDFPN paper (../shared/papers/spdfpn-*, §2-4, Algorithms 1-2).
 *
 * Numbers are kept for the side to move at each node: phi, the proof
 * number (0: it wins), and delta, the disproof number (0: it loses).  A
 * node's phi is the least delta of its children, its delta the sum of
 * their phis.  A call on a node (dfpn_mid in dfpn.c) works until its phi
 * reaches the threshold P, its delta D, or its work (the number of calls
 * made below it, itself included) the threshold W; it then returns the
 * work done, and the node's numbers, work and last selected child are in
 * the table, so a later call resumes where this one stopped (SELECT,
 * Algorithm 2, lines 6-11).  A child's thresholds are
 *     P_c = D - (delta - phi_c),   D_c = min(P, ceil((1 + eps) delta_2))
 * where delta_2 is the second least delta among the children.
 *
 * Nodes are expanded by the board knowledge (board/knowledge.h: fill-in,
 * VC wins and losses, must-play minus inferior cells, ordered moves); the
 * children are played on the filled position, and the expansions are
 * cached (expcache.h; one cache shared by a parallel search's threads).
 * Children are focused: the search selects only among the first
 * max(2, ceil(b + f * k)) children still not lost, k the number not lost,
 * so the window widens as children are disproved; the disproof number
 * sums every child not lost, and the node is disproved only when every
 * child is.  No result depends on the order or the window.  A move is pruned (counted
 * lost) when a sibling dominates it: it is dead or captured by the mover
 * in the sibling's expansion, or, once the sibling is lost, in the
 * sibling's harmless set -- the cells where the loser's stones would not
 * change the result, built bottom-up from VC carriers, must-play supports
 * and fill-in as nodes are solved (the rules are at harmless_leaf in
 * dfpn.c).
 *
 * A dfpn_t is one thread's workspace (position, VC and ICE workspaces,
 * recursion frames); the table is shared (tt.h documents its locking),
 * and so is the expansion cache of a parallel search (spdfpn.h).
 * Results are sound whatever the table's size: entries lost to
 * replacement are searched again. */

#include <stdbool.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "board/position.h"
#include "search/stop.h"
#include "search/tt.h"

/* param_dfpn */
typedef struct dfpn_params {
    double epsilon;             /* the 1+epsilon trick; 0: plain DFPN */
    int tt_mb;                  /* table size in MiB */
    double timelimit;           /* seconds per solve; 0: none */
    bool use_guifx;             /* live gogui-gfx output */
    int threads;                /* solver threads (spdfpn.h) */
    int max_work_per_job;       /* SPDFPN job size; 0: by board size */
    double widening_base;       /* b */
    double widening_factor;     /* f */
    double progress_interval;   /* seconds between progress reports */
    bool limit_fulls;           /* the solver's VC builds with param_vc's
                                 * limit_fulls (vc.h); off by default:
                                 * keeping every full proves more per node
                                 * (the engine applies it, solver.h) */
    bool path_builds;           /* the solver's VC builds with param_vc's
                                 * path_builds (vc.h); on by default (7x7
                                 * openings ~12 % faster); off, a fresh
                                 * build at every node keeps an expansion
                                 * a function of the position, which is
                                 * what the proof checker re-derives (the
                                 * engine applies it, solver.h) */
    bool neighbour_dominated;   /* the solver's ICE with param_player_ice's
                                 * find_neighbour_dominated; off by
                                 * default: the sibling pruning below finds
                                 * those cells from the children, and the
                                 * static rule grows 7x7 trees by ~9 %
                                 * (the engine applies it, solver.h) */
    bool dead_region_pairs;     /* the solver's ICE with param_player_ice's
                                 * find_dead_region_pairs; off by default:
                                 * on the 49 7x7 openings the cut-sets of
                                 * two filled cells the other rules fill a
                                 * round later, at a seventh of the
                                 * solver's time (the engine applies it,
                                 * solver.h) */
    int reverser_need;          /* the solver's ICE reverser_need (ice.h);
                                 * 1 by default against the player's 2:
                                 * on 7x7 the reversers that need two
                                 * captured neighbours cost an eighth of
                                 * the solver's time and shrink its trees
                                 * by 1 %; with 0 7x7 is 3 % faster, but
                                 * 8x8 a3 was not solved in 20 minutes
                                 * (10 with 1 or 2) */
    int pair_reach;             /* the solver's ICE pair_reach; 1 by
                                 * default against the player's 2: the
                                 * pairs two apart cost 3 % of the time
                                 * and shrink the trees by 1.5 % */
    double order_vc_weight;     /* the solver's param_resist vc_weight,
                                 * for the circuit that orders its moves;
                                 * 1 by default, as the player's: 2 takes
                                 * 18 % fewer expansions on the 25 7x7
                                 * problems and 6 % fewer on the 6x6 ones,
                                 * but 8 % more on four 8x8 openings (3:
                                 * 16 % fewer, 13 % more, 22 % more) */
    double order_empty_group;   /* and its empty_group; 1 by default
                                 * against the player's 2: an empty cell
                                 * conducts to a group or edge as to an
                                 * empty neighbour, and the 25 7x7
                                 * problems took 15 % fewer expansions,
                                 * the 18 6x6 ones 6 % and 8x8 c7 d4 f1 g1
                                 * 3.5 % (0.5: +2 %, +11 %, 0 %; 1.5:
                                 * +1 % on 7x7); 8x8 b5 27 % and a8 11 %
                                 * fewer, but a3 2.3 times as many
                                 * (README) */
    double net_order;           /* the solver's knowledge's net_order
                                 * (knowledge.h): its moves ordered by
                                 * the circuit's score times the policy
                                 * to this power, when param_net has a
                                 * net in use; 0 (the circuit alone) by
                                 * default: with the shipped net (11x11
                                 * games) the 49 7x7 openings took
                                 * 180 727 expansions at 0, 208 760 at
                                 * 0.5, 218 441 at 1 and 255 004 at 2,
                                 * 8x8 c7 d4 f1 g1 301 768 at 1 against
                                 * 215 349 (tools/bench/bench-dfpn.sh
                                 * --set; the
                                 * engine applies it, solver.h) */
    int db_min_work;            /* not read by the search: the least work
                                 * of a solved node the engine stores in
                                 * its solved-position database
                                 * (engine/solver.h) */
    uint64_t work_limit;        /* not a param_dfpn key: the caller's
                                 * limit on one solve's work (DFPN calls;
                                 * with several threads each stops at its
                                 * share), for the jobs of a job-level
                                 * search (toptree.h); 0: none.  A solve
                                 * that reaches it stops as at a deadline */
    uint32_t job_phi, job_delta;        /* not param_dfpn keys: a job's
                                         * thresholds at its root, as DFPN
                                         * gives a child's (toptree.h):
                                         * the solve ends once the root's
                                         * phi reaches job_phi or its delta
                                         * job_delta; 0: TT_INF */
} dfpn_params_t;

void dfpn_params_default(dfpn_params_t *p);

typedef struct dfpn_stats {
    /* the counters (uint64_t) first, then idle_seconds: the layout the
     * job board sums (jobs.h JOBS_STATS_LAYOUT) */
    uint64_t work;              /* DFPN calls */
    uint64_t jobs;              /* SPDFPN jobs run */
    uint64_t expansions;        /* nodes expanded (board knowledge run) */
    uint64_t cache_hits;        /* expansions found in the cache */
    uint64_t terminal;          /* nodes ended by fill-in or VCs */
    uint64_t refuted;           /* moves pruned as dominated by a sibling */
    double idle_seconds;        /* SPDFPN: time threads spent waiting for
                                 * the job lock or for a job to end */
    double seconds;
} dfpn_stats_t;

/* A progress report, every params->progress_interval seconds. */
typedef struct dfpn_progress {
    const dfpn_stats_t *stats;
    uint32_t root_phi, root_delta;
    size_t tt_used, tt_capacity;
    const position_t *pos;      /* the position searched now (the path
                                 * from the root is its last `depth` moves,
                                 * fill-in stones among them) */
    int depth;
    const int16_t *path;        /* the moves of that path without the
                                 * fill-in: path[0] by root_to_move, then
                                 * alternating colours */
    int path_len;
    hex_color_t root_to_move;
    const int16_t *children;    /* the root's children and their numbers */
    const uint32_t *child_phi, *child_delta;
    int nchildren;
} dfpn_progress_t;

typedef void (*dfpn_progress_fn)(void *arg, const dfpn_progress_t *progress);

typedef struct dfpn dfpn_t;

/* A workspace on the shared table tt, expanding nodes with the board
 * knowledge cfg (knowledge.h).  NULL when memory is short. */
dfpn_t *dfpn_new(tt_t *tt, const kn_config_t *cfg);
void dfpn_free(dfpn_t *s);

/* Forget what the workspace carries between searches besides the table
 * and cache (knowledge.h kn_forget): the next search is the one a new
 * workspace would make. */
void dfpn_forget(dfpn_t *s);

/* Called with progress reports during dfpn_solve (NULL: none). */
void dfpn_set_progress(dfpn_t *s, dfpn_progress_fn fn, void *arg);

typedef struct dfpn_result {
    hex_color_t winner;         /* HEX_EMPTY: unknown (stopped) */
    int best;                   /* to_move wins: a winning move (-1 when
                                 * it has won whatever it plays); else -1 */
    uint32_t phi, delta;        /* the root's numbers at the end */
    dfpn_stats_t stats;
} dfpn_result_t;

/* Solve pos with to_move to move, until solved or `stop` (interrupt,
 * deadline).  pos is not changed. */
void dfpn_solve(dfpn_t *s, const position_t *pos, hex_color_t to_move,
                const dfpn_params_t *params, const stop_t *stop, dfpn_result_t *out);

/* The node expansion the solver uses at pos (knowledge.h): whether it
 * is decided, else the moves it tries, in order.  False when memory is
 * short. */
bool dfpn_expand(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out);

/* The same, as the search reads it: from the expansion cache when the
 * search left it there (with path builds it may differ from a fresh
 * one; both are sound), else made and cached. */
bool dfpn_node(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out);

/* DFPN's thresholds (Pc, Dc) for child j of a node with numbers (., delta)
 * and thresholds (P, D), phi_j the child's phi and `second` the least
 * delta of the node's other children in its window: the child's delta
 * may grow to (1+epsilon) second (at least second + 1) and to P, its phi
 * to what D leaves once the other children's phis are counted.  The top
 * tree (toptree.h) hands its jobs the same. */
void dfpn_child_thresholds(double epsilon, uint32_t P, uint32_t D, uint32_t delta,
                           uint32_t phi_j, uint32_t second, uint32_t *Pc, uint32_t *Dc);

/* The moves of pos (its side to move; its expansion as dfpn_node gives
 * it) that the search counts as lost now for a sibling's dominance
 * (dfpn_read_children: dead or captured by the mover in a sibling's
 * expansion, or in a lost sibling's harmless set) and whose own entry
 * is not solved, into *out: the node's value is its value without them
 * while the siblings that dominate them stay.  Uses the workspace's
 * position and first frame (not while it searches).  False when memory
 * is short. */
bool dfpn_dominated(dfpn_t *s, const position_t *pos, bitset_t *out);

/* The table's entry for pos (its side to move). */
bool dfpn_lookup(dfpn_t *s, const position_t *pos, tt_data_t *out);

/* The moves considered at pos for to_move, as kn_expand_moves lists them
 * (a VC win does not end the list). */
bool dfpn_moves(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out);

/* The principal variation from pos (to_move first) as stored in the
 * table: winning moves for the winner, for the loser the child whose
 * proof is deepest by work.  Writes at most max moves; returns the count. */
int dfpn_pv(dfpn_t *s, const position_t *pos, hex_color_t to_move, int *moves, int max);

/* Proof checker: walk the proof of "winner wins pos with to_move to move"
 * stored in the table -- the stored winning move at the winner's nodes,
 * every considered reply at the loser's, fill-in and VC leaves -- with
 * the expansion rules only (no proof numbers); a reply pruned as
 * dominated is accepted only by a harmless set the checker rebuilds from
 * its own expansions along the proof.  Returns true when the
 * proof is complete and every leaf agrees; *nodes counts the positions
 * checked.  False with a reason in why (a missing entry, a wrong leaf) when
 * the table does not hold a whole proof. */
bool dfpn_check_proof(dfpn_t *s, const position_t *pos, hex_color_t to_move,
                      hex_color_t winner, uint64_t *nodes, char *why, size_t whylen);

#endif /* HEIN_SEARCH_DFPN_H */
