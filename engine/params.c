/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every parameter group of the engine (params.h): the tables, and what a
 * change means to the engine. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/params.h"
#include "search/spdfpn.h"

/* ---- param_game, param_player --------------------------------------- */

static const param_desc_t game_param_table[] = {
    { "allow_swap", PARAM_BOOL, offsetof(game_params_t, allow_swap), 0, 0, NULL,
      "whether genmove may play swap-pieces" },
    { "swap_ratio", PARAM_DOUBLE, offsetof(game_params_t, swap_ratio), 0, 1, NULL,
      "where no swap table decides: swap a first stone whose circuit value is at least "
      "this share of the best first stone's" },
    { "game_time", PARAM_DOUBLE, offsetof(game_params_t, game_time), 0, 864000, NULL,
      "seconds per side for the whole game (restarts both clocks); 0: no game clock, "
      "every move takes move_time" },
    { "move_time", PARAM_DOUBLE, offsetof(game_params_t, move_time), 0.01, 86400, NULL,
      "seconds per move when there is no game clock; setting it ends the game clock "
      "(game_time 0), as time_settings 0 T 0 does" },
    { "increment", PARAM_DOUBLE, offsetof(game_params_t, increment), 0, 86400, NULL,
      "Fischer: seconds added to a side's main time after each of its moves" },
    { "safety", PARAM_DOUBLE, offsetof(game_params_t, safety), 0, 60, NULL,
      "seconds a move never uses of the time left (the referee's latency)" },
    { "threads", PARAM_INT, offsetof(game_params_t, threads), 1, ENGINE_MAX_THREADS, NULL,
      "the program's threads (--threads): the solver's and the players', unless "
      "param_dfpn threads or a player's own threads setting says otherwise" },
    { "ponder", PARAM_BOOL, offsetof(game_params_t, ponder), 0, 1, NULL,
      "after genmove, search on the opponent's time until the next command (--ponder)" },
    { "book", PARAM_BOOL, offsetof(game_params_t, book), 0, 1, NULL,
      "genmove plays the opening book's first move on an empty board "
      "(share/book/opening-book.txt; with allow_swap, the book's move for play with swap)" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* In the order of PLAYER_SOLVER_*. */
static const char *const solver_modes[] = { "auto", "0", "1", "shared", NULL };

static const param_desc_t player_param_table[] = {
    { "name", PARAM_CHOICE, offsetof(player_params_t, name), 0, 0, player_names,
      "the player behind genmove" },
    { "solver", PARAM_CHOICE, offsetof(player_params_t, solver), 0, 0, solver_modes,
      "the solver with a player that can use it at genmove: 1 beside it on a thread of its "
      "own; shared: first, for solver_share of the move's time, then the player; auto: "
      "shared with at most 2 threads (param_game threads) on positions of at most "
      "solver_cells empty cells, else 1" },
    { "solver_share", PARAM_DOUBLE, offsetof(player_params_t, solver_share), 0.01, 0.99, NULL,
      "the solver's share of a move's time when it is shared" },
    { "solver_cells", PARAM_INT, offsetof(player_params_t, solver_cells), 0, HEX_MAX_CELLS,
      NULL, "auto with at most 2 threads: the solver shares the time only on positions of at "
      "most this many empty cells" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* ---- the board knowledge: param_player_ice, param_vc, param_resist --- */

static const param_desc_t ice_param_table[] = {
    { "find_three_sided_dead_regions", PARAM_BOOL,
      offsetof(ice_params_t, find_three_sided_dead_regions), 0, 1, NULL,
      "dead regions behind clique cut-sets of three nodes, not only one or two" },
    { "find_dead_region_pairs", PARAM_BOOL, offsetof(ice_params_t, find_dead_region_pairs),
      0, 1, NULL, "dead regions behind clique cut-sets of two nodes (off: of one node only, "
      "one search instead of one per node)" },
    { "iterative_dead_regions", PARAM_BOOL, offsetof(ice_params_t, iterative_dead_regions),
      0, 1, NULL, "search dead regions again after every round of fill-in" },
    { "use_patterns", PARAM_BOOL, offsetof(ice_params_t, use_patterns), 0, 1, NULL,
      "use the pattern files (share/patterns/ice-*.txt)" },
    { "find_vulnerable", PARAM_BOOL, offsetof(ice_params_t, find_vulnerable), 0, 1, NULL,
      "find vulnerable cells and their killers" },
    { "find_reversible", PARAM_BOOL, offsetof(ice_params_t, find_reversible), 0, 1, NULL,
      "find captured-reversible cells and their reversers" },
    { "reverser_need", PARAM_INT, offsetof(ice_params_t, reverser_need), 0, 6, NULL,
      "a bound on the work: a reverser is tried only when at most this many of the cell's "
      "neighbours must be captured for it to die for the side to move" },
    { "pair_reach", PARAM_INT, offsetof(ice_params_t, pair_reach), 1, 2, NULL,
      "the fill-in's captured pairs: adjacent cells (1) or cells within distance two (2)" },
    { "find_dominated", PARAM_BOOL, offsetof(ice_params_t, find_dominated), 0, 1, NULL,
      "find dominated cells (patterns)" },
    { "find_neighbour_dominated", PARAM_BOOL, offsetof(ice_params_t, find_neighbour_dominated),
      0, 1, NULL, "find cells dead or captured once the side to move holds a neighbour "
      "(a first-row cell beside its edge bridge)" },
    { "use_decompositions", PARAM_BOOL, offsetof(ice_params_t, use_decompositions), 0, 1, NULL,
      "fill a region two groups close off when a VC joins them inside it" },
    { "use_symmetry", PARAM_BOOL, offsetof(ice_params_t, use_symmetry), 0, 1, NULL,
      "on a position a half turn leaves unchanged, try one move of each symmetric pair" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

static const param_desc_t vc_param_table[] = {
    { "max_fulls", PARAM_INT, offsetof(vc_params_t, max_fulls), 1, 1000, NULL,
      "full connections kept per endpoint pair" },
    { "max_semis", PARAM_INT, offsetof(vc_params_t, max_semis), 1, 1000, NULL,
      "semi connections kept per endpoint pair" },
    { "max_ors", PARAM_INT, offsetof(vc_params_t, max_ors), 2, 16, NULL,
      "most semis one OR rule combines" },
    { "use_templates", PARAM_BOOL, offsetof(vc_params_t, use_templates), 0, 1, NULL,
      "add the edge templates of share/patterns/vc-templates.txt" },
    { "incremental", PARAM_BOOL, offsetof(vc_params_t, incremental), 0, 1, NULL,
      "update the lists after a move (else rebuild them)" },
    { "path_builds", PARAM_BOOL, offsetof(vc_params_t, path_builds), 0, 1, NULL,
      "a search builds a node's lists from those of its nearest ancestor on the path "
      "(else from scratch)" },
    { "and_over_edge", PARAM_BOOL, offsetof(vc_params_t, and_over_edge), 0, 1, NULL,
      "apply the AND rule over the edges too" },
    { "limit_fulls", PARAM_BOOL, offsetof(vc_params_t, limit_fulls), 0, 1, NULL,
      "keep a new full only when it replaces one or shrinks the pair's intersection" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

static const param_desc_t resist_param_table[] = {
    { "empty_empty", PARAM_DOUBLE, offsetof(resist_params_t, empty_empty), 0.001, 1000, NULL,
      "conductance between two adjacent empty cells" },
    { "empty_group", PARAM_DOUBLE, offsetof(resist_params_t, empty_group), 0.001, 1000, NULL,
      "conductance between an empty cell and a group or edge it touches" },
    { "use_vcs", PARAM_BOOL, offsetof(resist_params_t, use_vcs), 0, 1, NULL,
      "full VCs as extra conductors; a side whose edges they join is connected" },
    { "vc_weight", PARAM_DOUBLE, offsetof(resist_params_t, vc_weight), 0.001, 1000, NULL,
      "conductance of one VC conductor" },
    { "cut_dead", PARAM_BOOL, offsetof(resist_params_t, cut_dead), 0, 1, NULL,
      "cells dead by the clique rule conduct for neither colour" },
    { "tolerance", PARAM_DOUBLE, offsetof(resist_params_t, tolerance), 1e-15, 0.1, NULL,
      "relative residual that ends a solve" },
    { "max_iterations", PARAM_INT, offsetof(resist_params_t, max_iterations), 1, 100000, NULL,
      "most solver iterations per colour" },
    { "warm_start", PARAM_BOOL, offsetof(resist_params_t, warm_start), 0, 1, NULL,
      "start each solve from the previous solve's voltages" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* ---- the solver: param_dfpn ------------------------------------------ */

static const param_desc_t dfpn_param_table[] = {
    { "epsilon", PARAM_DOUBLE, offsetof(dfpn_params_t, epsilon), 0, 10, NULL,
      "the 1+epsilon trick: a child is searched until its proof number passes "
      "(1+epsilon) times the second best's" },
    { "tt_mb", PARAM_MIB, offsetof(dfpn_params_t, tt_mb), 1, 1 << 20, NULL,
      "transposition table size in MiB (changing it empties the table)" },
    { "timelimit", PARAM_DOUBLE, offsetof(dfpn_params_t, timelimit), 0, 1e7, NULL,
      "seconds per solve; 0: no limit" },
    { "use_guifx", PARAM_BOOL, offsetof(dfpn_params_t, use_guifx), 0, 1, NULL,
      "live gogui-gfx dfpn blocks on stdout while solving" },
    { "threads", PARAM_INT, offsetof(dfpn_params_t, threads), 0, SPDFPN_MAX_THREADS, NULL,
      "solver threads; 0: the program's (param_game threads, --threads); more than 1 runs "
      "the parallel solver (SPDFPN)" },
    { "max_work_per_job", PARAM_INT, offsetof(dfpn_params_t, max_work_per_job), 0, 1 << 30, NULL,
      "SPDFPN: DFPN calls per job; 0: by board size (100 up to 8x8, 50 on 9x9 and 10x10, "
      "20 from 11x11)" },
    { "widening_base", PARAM_DOUBLE, offsetof(dfpn_params_t, widening_base), 0, 1000, NULL,
      "focused search: children considered = max(2, ceil(base + factor * open))" },
    { "widening_factor", PARAM_DOUBLE, offsetof(dfpn_params_t, widening_factor), 0, 1, NULL,
      "focused search: the share of the open children considered" },
    { "progress_interval", PARAM_DOUBLE, offsetof(dfpn_params_t, progress_interval), 0.1, 1e6,
      NULL, "seconds between progress reports" },
    { "limit_fulls", PARAM_BOOL, offsetof(dfpn_params_t, limit_fulls), 0, 1, NULL,
      "the solver's VC builds limit fulls as param_vc limit_fulls does (off: it keeps every "
      "full, which proves more per node)" },
    { "path_builds", PARAM_BOOL, offsetof(dfpn_params_t, path_builds), 0, 1, NULL,
      "the solver's VC builds start from the nearest ancestor's lists as param_vc path_builds "
      "does (off: each is a fresh build, so an expansion depends on the position alone)" },
    { "neighbour_dominated", PARAM_BOOL, offsetof(dfpn_params_t, neighbour_dominated), 0, 1,
      NULL, "the solver's inferior cells include param_player_ice's neighbour-dominated ones "
      "(off: its sibling pruning finds them from the children, and its trees are smaller)" },
    { "dead_region_pairs", PARAM_BOOL, offsetof(dfpn_params_t, dead_region_pairs), 0, 1, NULL,
      "the solver's dead regions include those behind cut-sets of two nodes, as "
      "param_player_ice find_dead_region_pairs (off: one node only, which is faster)" },
    { "reverser_need", PARAM_INT, offsetof(dfpn_params_t, reverser_need), 0, 6, NULL,
      "the solver's param_player_ice reverser_need (1: fewer reversers tried than the "
      "player's 2, which is faster)" },
    { "pair_reach", PARAM_INT, offsetof(dfpn_params_t, pair_reach), 1, 2, NULL,
      "the solver's param_player_ice pair_reach (1: adjacent pairs only, which is faster)" },
    { "order_vc_weight", PARAM_DOUBLE, offsetof(dfpn_params_t, order_vc_weight), 0.001, 1000,
      NULL, "the solver's param_resist vc_weight: the circuit that orders its moves weighs each "
      "full VC this much (1, as the player's; 2 suits 6x6 and 7x7 better, 1 suits 8x8)" },
    { "order_empty_group", PARAM_DOUBLE, offsetof(dfpn_params_t, order_empty_group), 0.001,
      1000, NULL, "the solver's param_resist empty_group: the conductance between an empty cell "
      "and a group or edge it touches in the circuit that orders its moves (1: as to an empty "
      "neighbour, which orders the solver's moves better than the player's 2)" },
    { "net_order", PARAM_DOUBLE, offsetof(dfpn_params_t, net_order), 0, 100, NULL,
      "the solver orders its moves by the circuit's score times the network's policy "
      "(param_net) to this power (0: the circuit alone)" },
    { "db_min_work", PARAM_INT, offsetof(dfpn_params_t, db_min_work), 0, 1 << 30, NULL,
      "the solved-position database (db-open, --db) keeps a proven node of the proof when its "
      "work (DFPN calls) is at least this; the root always" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* ---- the network: param_net --------------------------------------- */

/* net_path_t's names, in its order (board/net.h net_path_name). */
static const char *const net_path_choices[] = { "auto", "portable", "avx2", "avx512", "amx",
                                                NULL };

static const param_desc_t net_param_table[] = {
    { "use", PARAM_BOOL, offsetof(net_params_t, use), 0, 1, NULL,
      "the players that weigh the policy and value network (param_scns net_weight) use it" },
    { "file", PARAM_STRING, offsetof(net_params_t, file), 0, PARAM_STRING_MAX, NULL,
      "the network's weight file (share/net/hein.net at start-up; --net FILE); setting it "
      "reads the file, and a file that does not load is refused" },
    { "path", PARAM_CHOICE, offsetof(net_params_t, path), 0, 0, net_path_choices,
      "how the network is evaluated: auto (the fastest this machine has), portable, avx2, "
      "avx512 or amx (bfloat16); one this machine cannot run is refused" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* ---- what a change means --------------------------------------------- */

static void
game_changed(engine_t *e, const void *before)
{
    const game_params_t *old = before;
    /* Whichever was set last holds: a move time ends the game clock, a
     * game time starts one. */
    if (e->game_params.move_time != old->move_time) {
        e->game_params.game_time = 0;
        engine_apply_game_time(e);
    } else if (e->game_params.game_time != old->game_time)
        engine_apply_game_time(e);
    else
        engine_apply_clock_params(e);
}

static void
knowledge_changed(engine_t *e, const void *before)
{
    (void)before;
    engine_knowledge_changed(e);
}

/* param_net: a new file is read (engine_net_load), use needs a net. */
static bool
net_accept(engine_t *e, const void *before, char *err, size_t errlen)
{
    net_params_t want = e->net_params;
    memcpy(&e->net_params, before, sizeof e->net_params);
    if (strcmp(want.file, e->net_params.file) != 0
        && !engine_net_load(e, want.file, err, errlen))
        return false;
    if (want.use && !e->net) {
        snprintf(err, errlen, "no network loaded (param_net file FILE)");
        return false;
    }
    if (!net_path_available((net_path_t)want.path)) {
        snprintf(err, errlen, "this machine cannot evaluate the network on the %s path",
                 net_path_name((net_path_t)want.path));
        return false;
    }
    e->net_params.use = want.use;
    e->net_params.path = want.path;
    engine_net_apply(e);
    return true;
}

#define GROUP(cmd, doc, table, field, fn) \
    { cmd, doc, table, offsetof(engine_t, field), sizeof(((engine_t *)0)->field), fn, NULL }

const engine_param_group_t engine_param_groups[] = {
    GROUP("param_game", "game parameters", game_param_table, game_params, game_changed),
    GROUP("param_player", "player parameters", player_param_table, player_params, NULL),
    GROUP("param_player_ice", "inferior-cell engine parameters", ice_param_table, ice_params,
          knowledge_changed),
    GROUP("param_vc", "VC engine parameters", vc_param_table, vc_params, knowledge_changed),
    GROUP("param_resist", "circuit evaluation parameters", resist_param_table, resist_params,
          knowledge_changed),
    /* the table size and threads take effect at the next solve (solver.h) */
    GROUP("param_dfpn", "solver parameters", dfpn_param_table, dfpn_params, NULL),
    { "param_net", "policy and value network parameters", net_param_table,
      offsetof(engine_t, net_params), sizeof(net_params_t), NULL, net_accept },
    { NULL, NULL, NULL, 0, 0, NULL, NULL }
};

const engine_param_group_t *
engine_param_group(const char *command)
{
    for (const engine_param_group_t *g = engine_param_groups; g->command; g++)
        if (strcmp(g->command, command) == 0)
            return g;
    for (int i = 0; player_table[i]; i++) {
        const player_settings_t *s = player_table[i]->settings;
        if (s && strcmp(s->group.command, command) == 0)
            return &s->group;
    }
    return NULL;
}

void *
engine_param_base(engine_t *e, const engine_param_group_t *g)
{
    int player = player_of_settings(g);
    return player >= 0 ? e->player_settings[player] : (char *)e + g->offset;
}

bool
engine_param_set(engine_t *e, const engine_param_group_t *g, const char *name,
                 const char *value, char *err, size_t errlen)
{
    void *base = engine_param_base(e, g);
    void *before = malloc(g->size);
    if (!before) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    memcpy(before, base, g->size);
    bool ok = param_set(g->table, base, name, value, err, errlen);
    bool differs = ok && memcmp(before, base, g->size) != 0;
    if (differs && g->accept && !g->accept(e, before, err, errlen)) {
        memcpy(base, before, g->size);
        ok = differs = false;
    }
    if (differs && g->changed)
        g->changed(e, before);
    free(before);
    return ok;
}
