/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_SCNS_H
#define HEIN_SEARCH_SCNS_H

/* The SCNS player's search: Sibling Conspiracy Number Search
 * (../shared/papers/scns-feature-strength-and-parallelization.txt,
 * §2-3.4), depth-first with a transposition table like DFPN (dfpn.h),
 * on one thread or several (Parallel search below).
 *
 * Values.  A node's value is a pnfunc_value_t (pnfunc.h) in hundredths
 * of a natural-log unit (PNFUNC_UNITS_PER_NAT), from Black's side: Black
 * maximises, White minimises, +inf is a Black win, -inf a White win.
 * Every value this module reports (scns_result_t) is turned to the side
 * to move at the root instead: + is good for it.  The paper's Table 1
 * values (delta, delta_p, delta_d, R_impact) are read in this unit: one
 * of the paper's value units is a hundredth of a natural-log unit of the
 * circuit's energy ratio, so they are used as they stand.
 *
 * Evaluation (6): the error of a move s at node n is
 *     e(n -> s) = 100 ln(E(n -> s0) / E(n -> s))
 * with E the circuit move score of the expansion (board/knowledge.h
 * kn_expansion_t score[], resist.h) and s0 the best-scored move; at most
 * SCNS_ERROR_MAX, 0 when no move has a positive score.  The error counts
 * against the mover: playing s changes the evaluation by -e for Black,
 * +e for White (the paper writes (6) with the sign of the side to move;
 * a worse move must leave its mover worse off).  EVAL(n) is the sum of
 * these changes along the path from the root.  With RAVE (9)-(11) the
 * error becomes (1 - alpha) e + alpha R_impact e^R, alpha =
 * sqrt(g / (3 R_shift + g)), e^R = erfinv((l - w) / (g + 1)), from the
 * node's RAVE wins w and losses l (g = w + l) of the mover for that cell;
 * with gradual forgetting (8) it is then multiplied by max(1 - w_s /
 * W_max, 0), w_s the expansions below s.
 *
 * With params->playouts, E(n -> s) is the circuit's score times
 *     exp(playout_weight * ln((w_s + 1) / (h_s - w_s + 1)))
 * where h_s counts the playouts (board/playout.h) from the node's filled
 * board in which the mover held s at the end and w_s those of them the
 * mover won: the log-odds of winning with s, all-moves-as-first.  The
 * playouts are seeded by the node's key, so an expansion is a function of
 * its position as before (the expansion cache keeps the mixed scores).
 * With the knowledge's move prior (board/prior.h) and prior_weight, E is
 * then multiplied by gamma(s)^prior_weight, gamma(s) the prior of s for
 * the mover on the node's filled board, its near class from the last
 * move played into the node when the opponent played it (a transposed
 * position shares the first path's expansion): in value units, the error drops
 * by 100 prior_weight ln gamma(s) against the best move's.  With the
 * knowledge's network (board/net.h) and net_weight, E is multiplied by
 * max(pi(s), 1e-4)^net_weight, pi(s) the policy's probability of s in
 * the node's position as played (the fill-in of the nodes above it read
 * as empty: the network learnt from games), and, with moveval_weight m
 * and a net with the move-value head, by (q(s) / (1 - q(s)))^m, q(s) the
 * net's chance for the mover after s (within [1e-4, 1 - 1e-4]): at m = 1
 * the error of s grows by 100 (logit q(s0) - logit q(s)), the value in
 * log odds that s gives away against the best move; with circuit_weight, the circuit's score is raised to that
 * power first (0: every move the circuit scores starts at 1, the policy
 * and the prior alone then order them).  With circuit_scale the moves
 * keep the order of the mixed scores but take the circuit's scores by
 * rank, so that the errors keep the scale the circuit gives them (the
 * tuned delta and RAVE weights were set on it).  With value_weight b,
 * the error of a child already expanded becomes (1 - b) e'(n -> s) +
 * b (u* - u(s)) for Black (u(s) - u* for White), u(s) = 100 ln(V / (1 -
 * V)) the network's value V of s for Black at its expansion and u* the
 * best u among the node's expanded children: the value head ranks the
 * children it has seen, the circuit the others.  One evaluation of the node
 * scores all its children, and the expansion cache keeps the result, so
 * a transposition never evaluates again.
 * Terminal positions (a
 * connection, a filled board that connects, a VC win or loss, no move
 * left) are +-inf.
 *
 * Functions.  Every node keeps a proof function p and a disproof function
 * d (pnfunc.h) over Black's values.  A leaf of value x gets rule (7)
 * with delta (multi_step), else rule (1); an expanded node the min and
 * sum rule (2) over its children, eta-approximated.  The table stores a
 * node's functions relative to its own evaluation: as if EVAL(n) were 0.
 * EVAL depends on the path, but the relative functions do not: a child
 * s's relative functions, shifted (pnfunc_shift) by its change of
 * evaluation o(n -> s) = -/+e'(n -> s), are its functions relative to
 * n, and n's relative functions are rule (2) over those.  o depends only
 * on n's expansion, n's RAVE statistics and s's work, never on how n was
 * reached, so a transposition reads the stored functions and shifts them
 * by its own path's offsets.  The root's EVAL is 0: its relative
 * functions are its functions.
 *
 * Search.  At the root the search interval [v_min, v_max] is set by (5)
 * from the root's functions and v_root = MINIMAX(root), with P_max and
 * delta_p on the side of the player to move at the root (the paper's
 * "us") and D_max and delta_d on the opponent's; v_max is at least
 * v_root + 1 and v_min at most v_root - 1, so that neither side has
 * reached its target.  Then DFPN (dfpn.h) runs on the numbers p(v_max)
 * (Black's) and d(v_min) (White's): phi of a node is its mover's number,
 * delta the opponent's; phi is the least of the children's, delta their
 * sum; a child's thresholds are those of dfpn.h with the 1+epsilon trick,
 * and a node resumes at its last child while that one stays within its
 * threshold.  A number 0 does not end a call below the root: as in the
 * paper's SELECTMPN, the search goes on down the children with the least
 * numbers to a leaf.  A call returns when its numbers pass the
 * thresholds, after `interlude` expansions below the root (the root
 * interlude), or at a stop, and the root's call also when either of its
 * numbers is 0 (a side reached its target: the interval is stale); every
 * node it leaves has its functions, work and last child in the table.
 * The driver sets the interval again after each return, and ends when
 * the root is proven, when v_max - v_min <= tolerance, at the stop or
 * after max_expansions.
 *
 * Work.  An expansion is a node opened that the table did not hold (a
 * leaf becoming an inner node); the expansions themselves come from the
 * expansion cache (expcache.h) when it has them, so no position is
 * expanded twice while the cache keeps it.  A node's work, kept in the
 * table, is the expansions below it.  The move played is the root child
 * with the most expansions below it in this search; a proven win is
 * played as soon as it is proven; a proven loss plays the child whose
 * refutation took the most work.
 *
 * RAVE.  When an expansion finds a terminal node, every node on the path
 * from the root gets, for each later move of the path made by its own
 * mover, a win or a loss for that cell (§3.2).  The statistics live in a
 * second table (table.h) keyed like the first, of a quarter of its size,
 * two 16-bit counters per cell of the board (halved when one would
 * overflow).
 *
 * Parallel search (paper §3.4), with params->threads > 1: the scheme of
 * the SPDFPN solver (spdfpn.h), on functions, run by the job board every
 * parallel search shares (jobs.h).  The threads share the two
 * tables and the expansion cache; each has its own position, board
 * knowledge and frames.  A thread, holding the job lock, computes its
 * own interval from the root's virtual functions (the true ones, but
 * where the virtual table holds a node on a running job's path), then
 * descends as the serial search would, on virtual functions, to the
 * first node whose work is below max_work_per_job.  It marks that node a
 * virtual win for the side whose number there is the smaller (+inf or
 * -inf functions), gives every node of its path to the root its virtual
 * functions (rule (2) over the children, virtual where marked), and runs
 * the serial search on the node for at most max_work_per_job expansions
 * without the lock.  Then, under the lock again, it takes the mark away
 * and brings the true functions and work of the path up to date.  The
 * marks steer the other threads to other subtrees; they never reach the
 * node table, so the stored functions are the serial rules' and a
 * proven result is sound whatever the threads did.  A thread that finds
 * no job waits for one to end; when no job runs either, it runs a serial
 * interlude at the root.  The search ends as the serial one does; with
 * max_expansions the threads may spend up to one job each beyond it.
 * With one thread the search is the serial one, deterministic; with
 * several it is not.
 *
 * Shared proofs.  With a store of solved positions lent
 * (scns_set_proofs: the solver's transposition table, tt.h), a position
 * either search proved is proved for both.  The search reads the store
 * for every new leaf and every node below the root it visits that it has
 * not proven itself: a solved entry makes the node terminal, +-inf.  It
 * writes every inner node it proves, as the solver writes a proof: the
 * mover's win (phi 0) with the winning child's move, or its loss (delta
 * 0), and the node's work.  It writes a node when it is proven, after its
 * proven children (or they are decided by their own expansion, which the
 * solver repeats), so a proof it leaves is a whole proof for the solver's
 * checker (dfpn.h dfpn_check_proof) while the store keeps it.
 * Both searches expand with the same board knowledge, whose pruning is
 * sound, so a solved entry means the same to both.
 *
 * A scns_t is the search's workspace: the tables, the expansion cache
 * and one worker per thread (position, board knowledge, frames), made as
 * searches ask for them; it is used by one caller at a time, and its
 * threads live only inside scns_search.  The tables and the cache are
 * kept from one search to the next (the stored functions stay valid
 * whatever is played) until scns_clear. */

#include <stdbool.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "board/position.h"
#include "search/pnfunc.h"
#include "search/stop.h"
#include "search/tt.h"

/* The largest error of a move against its best sibling (a move with no
 * current scores this), in value units: 20 natural-log units. */
#define SCNS_ERROR_MAX (20 * PNFUNC_UNITS_PER_NAT)

/* The longest principal variation reported. */
#define SCNS_PV_MAX 32

/* The most threads a search may have. */
#define SCNS_MAX_THREADS 64

/* param_scns.  Values in value units (hundredths of a natural-log unit),
 * counts as counts; the defaults are the paper's Table 1 but for P_max =
 * D_max = 1, which the paper also found strong and hein's tuning matches
 * preferred (tools/match/strength-scns.sh sweep: 1/1 won 46 of 72 games against
 * 3/4 at 0.5 s a move), delta = 52 (45 of 72 against 103 with
 * P_max = D_max = 1), and epsilon = 0: the 1+epsilon trick off (44 of 72
 * against 0.41 at 0.5 s a move, the knockout table's row (b); against
 * MoHex at 2 s a move, 34 of 72 against 26 of 72 with 0.41). */
typedef struct scns_params {
    bool multi_step;            /* leaves by rule (7), else rule (1) */
    double delta;               /* rule (7)'s delta: 52 (Table 1: 103) */
    double epsilon;             /* the 1+epsilon trick: 0 (Table 1: 0.41) */
    double eta;                 /* allowed relative error of counts: 0.30 */
    int p_max;                  /* P_max of (5): 1 (Table 1: 3) */
    int d_max;                  /* D_max of (5): 1 (Table 1: 4) */
    int delta_p;                /* delta_p of (5): 8 */
    int delta_d;                /* delta_d of (5): 7 */
    int tolerance;              /* stop when v_max - v_min <= this; 0:
                                 * never */
    int interlude;              /* expansions before returning to the
                                 * root: 20 (the paper's tuning, at about
                                 * a second a move; the player scales it
                                 * with its budget); 0: only when the
                                 * numbers say so */
    bool use_rave;              /* (9)-(11) */
    double rave_shift;          /* R_shift: 211 */
    double rave_impact;         /* R_impact: 782 */
    bool use_forgetting;        /* (8) */
    int forget_work;            /* W_max: 1824 expansions */
    int tt_mb;                  /* the node table's MiB (RAVE's: a quarter
                                 * more) */
    int max_expansions;         /* per search; 0: no limit */
    double progress_interval;   /* seconds between progress reports; 0:
                                 * none */
    int threads;                /* threads of the search (< 1: one; the
                                 * player reads 0 as the engine's) */
    int max_work_per_job;       /* a parallel search's job: expansions
                                 * (0: the interlude) */
    double settle;              /* time: past its budget, a search ends
                                 * once the most-worked root move has this
                                 * many times the second's work: 1.5 */
    int playouts;               /* playouts per expansion mixed into the
                                 * move scores (see Evaluation); 0: none */
    double playout_weight;      /* the playouts' weight beside the circuit */
    bool playout_bridges;       /* playouts answer bridge intrusions */
    double prior_weight;        /* the power of the move prior (the
                                 * knowledge's, board/prior.h) in a move's
                                 * score: 0.3 (47 of 72 games against 0,
                                 * 35 of 72 against 0.6, at 0.5 s a move);
                                 * 0: none */
    double net_weight;          /* the power of the network's policy
                                 * (the knowledge's, board/net.h) in a
                                 * move's score: 1 by default (45 of 72
                                 * games against 0 at 0.5 s a move, 38
                                 * of 72 for 2 against 1; README); 0:
                                 * none */
    double circuit_weight;      /* the power of the circuit's score: 1;
                                 * 0: the circuit only says which moves
                                 * have a score */
    double value_weight;        /* the network's values in the errors:
                                 * see Evaluation; 0 (the default):
                                 * none */
    double moveval_weight;      /* the power of the odds of the
                                 * network's move values (a net of
                                 * format version 2) in a move's score:
                                 * see Evaluation; 0 by default (0 won
                                 * 83 of 144 games against 2 at 0.5 s a
                                 * move with the policy on, README) */
    int net_after;              /* the network scores a node once it has
                                 * this much work below it (the root
                                 * always); 0 (the default): at its
                                 * expansion.  A node expanded before
                                 * has the other mixes' order */
    bool circuit_scale;         /* after mixing, the moves keep the mixed
                                 * order but take the circuit's scores by
                                 * rank (the first the circuit's best
                                 * score...): the errors keep the
                                 * circuit's scale; off by default */
    int value_margin;           /* the move played: the most-worked root
                                 * move, unless another's value passes
                                 * its value by more than this (then the
                                 * best-valued move); < 0: always the
                                 * most worked (the paper's rule) */
} scns_params_t;

void scns_params_default(scns_params_t *p);

typedef struct scns_stats {
    /* the counters (uint64_t) first, then idle_seconds: the layout the
     * job board sums (jobs.h JOBS_STATS_LAYOUT) */
    uint64_t expansions;        /* nodes expanded (the work unit) */
    uint64_t knowledge;         /* of them, board knowledge runs (the
                                 * rest came from the expansion cache) */
    uint64_t net;               /* network evaluations (each with a
                                 * knowledge run) */
    uint64_t terminal;          /* expansions that found a terminal node */
    uint64_t calls;             /* recursive calls */
    uint64_t interludes;        /* returns to the root */
    uint64_t jobs;              /* a parallel search's jobs */
    double idle_seconds;        /* a parallel search's threads' time
                                 * waiting for the job lock or a job */
    double seconds;
} scns_stats_t;

/* A root child as the search left it. */
typedef struct scns_child {
    int16_t move;
    pnfunc_value_t value;       /* its minimax value for the root's side
                                 * to move (+-inf: proven) */
    uint64_t work;              /* expansions below it in this search */
} scns_child_t;

typedef struct scns_result {
    hex_color_t to_move;        /* the side to move at the root */
    int move;                   /* the move to play; -1 when the root is
                                 * decided with no move named (see
                                 * reason) */
    hex_color_t winner;         /* the proven winner, or HEX_EMPTY */
    kn_reason_t reason;         /* the root's expansion: KN_OPEN, or why
                                 * it is decided */
    bitset_t support;           /* a decided root: its expansion's
                                 * support (knowledge.h) */
    pnfunc_value_t value;       /* MINIMAX(root) for to_move */
    pnfunc_value_t v_min, v_max;        /* the last interval, for to_move:
                                         * v_max its target; both the
                                         * value once it is proven */
    int nchildren;              /* the root's moves, in the expansion's order */
    scns_child_t child[HEX_MAX_CELLS];
    int pv_len;                 /* move first, then the minimax line */
    int16_t pv[SCNS_PV_MAX];
    scns_stats_t stats;
} scns_result_t;

/* A progress report, every params->progress_interval seconds. */
typedef struct scns_progress {
    const scns_stats_t *stats;
    pnfunc_value_t value, v_min, v_max; /* for the root's side to move */
    int best;                   /* the move chosen now, -1: none */
    uint64_t best_work;
    const int16_t *pv;          /* best first */
    int pv_len;
} scns_progress_t;

typedef void (*scns_progress_fn)(void *arg, const scns_progress_t *progress);

typedef struct scns scns_t;

/* A workspace expanding nodes with the board knowledge cfg (knowledge.h;
 * copied, what it points to borrowed).  The tables are made at the first
 * search.  NULL when memory is short. */
scns_t *scns_new(const kn_config_t *cfg);
void scns_free(scns_t *s);

/* Empty the tables and the expansion cache, and forget the circuit's warm
 * start: the next search is the one a new workspace would make. */
void scns_clear(scns_t *s);

/* Called with progress reports during scns_search (NULL: none). */
void scns_set_progress(scns_t *s, scns_progress_fn fn, void *arg);

/* The time policy of a search under a game clock (engine/clock.h), in
 * stop_now() seconds.  The stop's deadline is `limit`, the most the move
 * may use; past `budget`, the time it should use, the search ends as
 * soon as the most-worked root move has params->settle times the work of
 * the second (the move is settled), or at the limit.  With `early` (time
 * saved is kept for later moves) it also ends before the budget once the
 * second move could not catch up with the first by the limit at the
 * expansion rate so far.  A move with no alternative (the root's
 * expansion leaves one move) is answered at once. */
typedef struct scns_time {
    double budget;              /* 0: no time policy, the stop alone */
    double limit;
    bool early;
} scns_time_t;

/* The time policy of the next searches (NULL: none). */
void scns_set_time(scns_t *s, const scns_time_t *t);

/* The store of solved positions the next searches share (see Shared
 * proofs), or NULL: none.  Borrowed: it must outlive the searches; other
 * threads (the solver's) may use it meanwhile. */
void scns_set_proofs(scns_t *s, tt_t *proofs);

/* Search pos with to_move to move (pos is not changed; it must not be
 * over) until the root is proven, the interval is within tolerance,
 * max_expansions or `stop`; the choice and what backs it into *out.
 * The tables are made again (empty) when params->tt_mb changed.  False
 * when memory is short (*out is then not valid). */
bool scns_search(scns_t *s, const position_t *pos, hex_color_t to_move,
                 const scns_params_t *params, const stop_t *stop, scns_result_t *out);

/* The functions the table holds for pos (its side to move), relative to
 * its own evaluation, Black's view (see Functions); false when it holds
 * none.  For tests and analysis. */
bool scns_lookup(scns_t *s, const position_t *pos, pnfunc_t *p, pnfunc_t *d, uint64_t *work);

/* The RAVE statistics the table holds at pos (its side to move) for
 * `cell`: the mover's wins and losses after it; false when it holds
 * none for pos.  For tests and analysis. */
bool scns_rave_lookup(scns_t *s, const position_t *pos, int cell, unsigned *wins,
                      unsigned *losses);

/* The error e'(n -> s) of a move, in value units (see Evaluation): its
 * base error `base` (from the circuit), with params->use_rave mixed with
 * the RAVE error of the mover's `wins` and `losses` for the move's cell,
 * then with params->use_forgetting scaled down by the child's `work`;
 * rounded, within +-SCNS_ERROR_MAX.  The change of evaluation the move
 * makes is minus this for Black, plus it for White. */
int32_t scns_move_error(const scns_params_t *params, int32_t base, unsigned wins,
                        unsigned losses, uint64_t work);

/* The inverse error function on (-1, 1) (the RAVE error (11)); +-inf at
 * +-1. */
double scns_erfinv(double x);

#endif /* HEIN_SEARCH_SCNS_H */
