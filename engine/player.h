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
 * player_request_t.
 *
 * Both lend the engine's board knowledge (engine.h engine_knowledge): the
 * parameter groups and pattern files, read-only, owned by the engine.
 * The configuration stays valid for the state's whole life: when the
 * knowledge's settings change the engine destroys the state and creates
 * it again before the next genmove.  A player that starts threads may
 * pass it to them read-only.
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
#include "engine/solver.h"
#include "engine/swap.h"
#include "search/scns.h"
#include "search/stop.h"

typedef struct player_config {
    const kn_config_t *knowledge;       /* the engine's board knowledge */
    int threads;                /* threads the player may run (>= 1) */
    const scns_params_t *scns;  /* the engine's param_scns, read-only; it
                                 * may change between two genmoves, so a
                                 * player reads it at each genmove */
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
                                 * the player; NULL unless the player's
                                 * uses_solver is set and param_player
                                 * solver asks for it */
    const dfpn_params_t *solver_params; /* the engine's param_dfpn */
    tt_t *proofs;               /* the solver's table, where the engine has
                                 * made it (the solver ran beside a player
                                 * or for a command): the solved positions
                                 * a searching player reads and adds to
                                 * (search/scns.h Shared proofs); else
                                 * NULL */
} player_request_t;

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

/* The baseline player: a uniformly random legal move. */
extern const player_t player_random;

/* A proven win when the VCs show one, else the best non-inferior move of
 * the must-play by the circuit's move score (board/resist.h). */
extern const player_t player_resistance;

/* Serial SCNS (search/scns.h) on the engine's param_scns within the
 * genmove's budget: a proven win at the root at once, else the root
 * child with the most work; a lost position plays what resists longest
 * (the resistance player's rule when the expansion decides it).  One
 * progress line a second on stderr (param_scns progress_interval) and a
 * summary line at the end.  Its table and expansion cache are kept from
 * one genmove to the next and emptied when a game begins or a parameter
 * the stored functions depend on changes. */
extern const player_t player_scns;

/* What the SCNS player's last genmove searched and found. */
typedef struct player_scns_report {
    const scns_result_t *result;        /* borrowed from the state, valid
                                         * until its next genmove */
    uint64_t root_key;          /* position_key of the position searched,
                                 * the genmove's colour to move */
    uint64_t answer_key;        /* that position after the answer; 0 when
                                 * the answer was not a cell */
    bool solver_ran;            /* the solver ran beside the search */
    hex_color_t solver_winner;  /* and proved this winner (HEX_EMPTY:
                                 * none) */
} player_scns_report_t;

/* The last search of an SCNS player's state into *out; false when it has
 * made none since it was made or the game began (or it answered a swap). */
bool player_scns_last(const void *state, player_scns_report_t *out);

/* The player genmove uses in a new engine. */
#define PLAYER_DEFAULT "scns"

#endif /* HEIN_ENGINE_PLAYER_H */
