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
 * use arrives in a player_request_t.
 *
 * The request also lends the player the engine's board knowledge: the
 * parameter groups (param_player_ice, param_vc, param_resist) and the
 * pattern files loaded at start-up.  They are read-only, owned by the
 * engine, valid only during the genmove call (a player copies what it
 * wants to keep), and shared by no other thread while genmove runs; a
 * player that starts threads may pass them on read-only.  The pattern
 * sets may be NULL when their files were missing. */

#include <stdbool.h>

#include "board/ice.h"
#include "board/pattern.h"
#include "board/resist.h"
#include "board/rng.h"
#include "board/vc.h"
#include "board/vc_template.h"
#include "engine/game.h"
#include "search/stop.h"

typedef struct player_request {
    const game_t *game;         /* read-only; copy the position to search it */
    hex_color_t color;          /* the side to play (any, not only to-move) */
    double budget;              /* seconds it may use */
    stop_t stop;                /* interrupt and deadline (start + budget) */
    bool allow_swap;            /* whether it may answer MOVE_SWAP */
    rng_t *rng;                 /* the engine's generator, for this call */
    /* the engine's knowledge, read-only (see above) */
    const ice_params_t *ice_params;
    const pattern_set_t *ice_patterns;  /* may be NULL: graph rules only */
    const vc_params_t *vc_params;
    const vc_templates_t *vc_templates; /* may be NULL: none (also when
                                         * use_templates is off) */
    const resist_params_t *resist_params;
} player_request_t;

typedef struct player {
    const char *name;           /* as in param_player name */
    const char *doc;            /* one line */
    /* Make the player's state; NULL hook = stateless (state is NULL).
     * Returns NULL when memory is short. */
    void *(*create)(void);
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

/* The player genmove uses in a new engine. */
#define PLAYER_DEFAULT "resistance"

#endif /* HEIN_ENGINE_PLAYER_H */
