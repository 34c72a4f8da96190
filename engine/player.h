/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_PLAYER_H
#define HEIN_ENGINE_PLAYER_H

/* Players: the plug-in seam behind genmove.
 *
 * A player is a static const struct of function pointers, registered in
 * the table in player.c and chosen with `param_player name NAME`.  The
 * engine owns each player's state (create/destroy) and calls genmove on
 * the HTP thread; a player may start threads of its own inside genmove but
 * must join them before it returns.  A player never sees HTP: what it may
 * use arrives in its player_config_t (at create) and in each
 * player_request_t.  Everything past genmove is optional: a player fills
 * only the hooks it has.
 *
 * Both lend the engine's board knowledge (engine.h engine_knowledge): the
 * parameter groups and pattern files, read-only, owned by the engine.
 * The configuration stays valid for the state's whole life: when the
 * knowledge's settings change the engine destroys the state and creates
 * it again before the next genmove.  A player that starts threads may
 * pass it to them read-only.
 *
 * Its own settings: a player may own a parameter group (player_settings_t:
 * an HTP command param_NAME and its table).  The engine keeps one block
 * of it, filled with the player's defaults, serves the group beside its
 * own (engine/params.h: listed, set and checked by the same code) and
 * lends the block read-only as `settings`; only the player interprets
 * it.  Its values may change between two genmoves, so a player reads
 * them at each genmove.
 *
 * Its last search: a player that searches may report what its last
 * genmove searched and found (last_search, player_report_t), in terms any
 * player can fill; the engine shows the report of the position on the
 * board to the analysis commands (engine.h engine_last_search).
 *
 * Randomness: the request carries a seed the engine draws from its own
 * generator for each genmove; thread i of the player seeds its own
 * generator with player_rng (so `--seed N` makes genmove reproducible
 * with one thread, and no generator is shared between threads). */

#include <stdbool.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "board/resist.h"
#include "board/rng.h"
#include "engine/game.h"
#include "engine/params.h"
#include "engine/solver.h"
#include "engine/swap.h"
#include "search/stop.h"

typedef struct player_config {
    const kn_config_t *knowledge;       /* the engine's board knowledge */
    int threads;                /* threads the player may run (>= 1) */
    const void *settings;       /* the player's own parameter group's
                                 * block (player_settings_t), read-only,
                                 * valid for the state's life; NULL when
                                 * it has none */
} player_config_t;

typedef struct player_request {
    const game_t *game;         /* read-only; copy the position to search it */
    hex_color_t color;          /* the side to play (any, not only to-move) */
    double budget;              /* seconds it should use */
    double limit;               /* seconds it may use when unsure of its
                                 * move (>= budget; engine/clock.h) */
    bool banked;                /* time it does not use is kept for its
                                 * later moves */
    stop_t stop;                /* interrupt and deadline (start + limit) */
    bool allow_swap;            /* whether it may answer MOVE_SWAP */
    const swap_table_t *swap;   /* the board's swap table, or NULL */
    double swap_ratio;          /* the circuit's rule where no table
                                 * decides (swap.h swap_by_circuit) */
    uint64_t seed;              /* for player_rng, drawn for this call */
    const kn_config_t *knowledge;       /* as in the player's config */
    int threads;                /* threads the player may run (>= 1) */
    solver_t *solver;           /* the engine's solver session, ready
                                 * (table, expansion cache), to run beside
                                 * the player or before it (solver_first);
                                 * NULL unless the player's uses_solver is
                                 * set and param_player solver asks for
                                 * it */
    double solver_first;        /* with the solver: seconds of the move's
                                 * budget it runs first, alone, with the
                                 * player's threads, before the player
                                 * searches (time-sharing); 0: beside the
                                 * player, on a thread of its own */
    const dfpn_params_t *solver_params; /* the engine's param_dfpn */
    tt_t *proofs;               /* the solver's table, where the engine has
                                 * made it (the solver ran beside a player
                                 * or for a command): the solved positions
                                 * a searching player reads and adds to,
                                 * as the solver writes them (search/tt.h);
                                 * else NULL */
    const void *settings;       /* as in the player's config, as they
                                 * stand at this genmove */
} player_request_t;

/* A player's own parameter group. */
typedef struct player_settings {
    /* The group as the engine serves it (params.h): its command
     * ("param_NAME"), doc, table and the size of the settings struct the
     * table describes.  Its offset is 0 and it has no change hook: the
     * engine keeps the block, and the player reads it at each genmove. */
    engine_param_group_t group;
    /* Fill a new block with the defaults. */
    void (*defaults)(void *settings);
} player_settings_t;

/* A root move's value in a report when it is proven: won or lost for the
 * side that searched. */
#define PLAYER_VALUE_WIN INT32_MAX
#define PLAYER_VALUE_LOSS (-INT32_MAX)

/* The longest principal variation a report holds, and the most named
 * figures. */
#define PLAYER_PV_MAX 32
#define PLAYER_STATS_MAX 12

/* A root move as the last search left it. */
typedef struct player_child {
    int move;
    int32_t value;              /* for the side that searched, in the
                                 * report's value_unit, higher is better;
                                 * PLAYER_VALUE_WIN or _LOSS when proven */
    uint64_t work;              /* the search's work below it, in the
                                 * report's work_unit */
} player_child_t;

/* A figure of the search, free-form: "terminal" 17. */
typedef struct player_stat {
    const char *name;           /* static text */
    double value;
} player_stat_t;

/* What a player's last genmove searched and found. */
typedef struct player_report {
    uint64_t root_key;          /* position_key of the position searched,
                                 * the genmove's colour to move */
    uint64_t answer_key;        /* that position after the answer; 0 when
                                 * the answer was not a cell */
    hex_color_t to_move;        /* the side that searched */
    int move;                   /* the answer */
    hex_color_t winner;         /* the root's proven winner; HEX_EMPTY:
                                 * open */
    int32_t value;              /* the root's value, as a child's */
    const char *value_unit;     /* what a value counts, in words (static) */
    const char *work_unit;      /* what work counts: "expansions" */
    int nchildren;              /* the root's moves, in the player's order
                                 * (none: the root was decided without a
                                 * search) */
    player_child_t child[HEX_MAX_CELLS];
    int pv_len;                 /* the answer first, then the line the
                                 * search expects */
    int pv[PLAYER_PV_MAX];
    uint64_t work;              /* the whole search's, in work_unit */
    double seconds;             /* the search's time */
    bool solver_ran;            /* the solver ran beside the search */
    hex_color_t solver_winner;  /* and proved this winner (HEX_EMPTY:
                                 * none) */
    int nstats;
    player_stat_t stats[PLAYER_STATS_MAX];      /* anything else */
} player_report_t;

typedef struct player {
    const char *name;           /* as in param_player name */
    const char *doc;            /* one line */
    bool uses_solver;           /* it can run the solver beside its
                                 * search: lend it the session when
                                 * param_player solver says so */
    /* Make the player's state from cfg (valid for the state's life); NULL
     * hook = stateless (state is NULL).  Returns NULL when memory is
     * short. */
    void *(*create)(const player_config_t *cfg);
    /* Free the state made by create; NULL hook when stateless. */
    void (*destroy)(void *state);
    /* A new game starts: forget what belongs to the old one.  May be
     * NULL. */
    void (*new_game)(void *state);
    /* Choose a move for req->color in req->game: a legal empty cell,
     * MOVE_SWAP (only when req->allow_swap and the swap is legal), or
     * MOVE_RESIGN.  Called only while the game is not over. */
    int (*genmove)(void *state, const player_request_t *req);
    /* What its last genmove searched into *out; false when it made no
     * search since the state was made or the game began, or its last
     * genmove answered without one (a swap).  Called on the HTP thread
     * between genmoves.  NULL: it reports none. */
    bool (*last_search)(const void *state, player_report_t *out);
    /* Its own parameter group, or NULL. */
    const player_settings_t *settings;
} player_t;

/* The generator of the player's thread `thread` (0, 1, ...) for this
 * request: seeded from req->seed and the thread number. */
static inline void
player_rng(const player_request_t *req, int thread, rng_t *r)
{
    rng_seed(r, req->seed + (uint64_t)thread * UINT64_C(0x9e3779b97f4a7c15));
}

/* Helpers the players share. */

/* Whether White should swap Black's first stone in req's game: as the
 * swap table req->swap says when it decides that stone on this board
 * (engine/swap.h: exactly the stones after which Black wins, proven by
 * the solver), else by the circuit's rule swap_by_circuit with
 * req->swap_ratio, on the workspaces kn, rs and the buffer res.  Short of
 * memory, no swap. */
bool player_swap_wanted(const player_request_t *req, kn_t *kn, resist_t *rs,
                        resist_result_t *res);

/* The best cell of `among` by the circuit's move score on p (resist.h;
 * evaluated with the workspace rs into *res, without VC conductors), else
 * the best empty cell of the board: the move that resists longest where
 * no search tells more.  -1 when memory is short or the board is full. */
int player_best_by_circuit(resist_t *rs, const resist_params_t *params, resist_result_t *res,
                           const position_t *p, const bitset_t *among);

/* The registered players, in the order of player_names, and their count. */
extern const player_t *const player_table[];
extern const char *const player_names[];        /* NULL-terminated */
int player_count(void);

/* The index of a player by name, or -1. */
int player_index(const char *name);

/* The index of the player genmove uses in a new engine. */
int player_default(void);

/* The index of the player whose own parameter group is g, or -1. */
int player_of_settings(const engine_param_group_t *g);

#endif /* HEIN_ENGINE_PLAYER_H */
