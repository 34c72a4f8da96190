/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_ENGINE_H
#define HEIN_ENGINE_ENGINE_H

/* The engine: one game, its clock, the parameters and the players.
 *
 * This is the state every HTP handler works on, passed down as a context
 * (there is no global engine).  It is used by one thread at a time, the
 * one running HTP commands; searches it starts copy what they need. */

#include <stdbool.h>
#include <stdint.h>

#include "board/ice.h"
#include "board/pattern.h"
#include "board/resist.h"
#include "board/rng.h"
#include "board/vc.h"
#include "board/vc_template.h"
#include "search/dfpn.h"
#include "search/tt.h"
#include "engine/clock.h"
#include "engine/game.h"
#include "engine/param.h"
#include "engine/player.h"
#include "search/stop.h"

#define ENGINE_NAME "hein"

/* param_game */
typedef struct game_params {
    bool allow_swap;            /* genmove may answer swap-pieces */
    double game_time;           /* seconds per side per game */
    double move_time;           /* seconds per move when time is unlimited */
} game_params_t;

/* param_player */
typedef struct player_params {
    int name;                   /* index into player_table */
} player_params_t;

extern const param_desc_t game_param_table[];
extern const param_desc_t player_param_table[];

typedef struct engine {
    game_t game;
    game_clock_t clock;
    game_params_t game_params;
    player_params_t player_params;
    ice_params_t ice_params;    /* param_player_ice */
    pattern_set_t *ice_patterns;        /* ice-*.txt, or NULL: graph rules only */
    vc_params_t vc_params;      /* param_vc */
    vc_templates_t *vc_templates;       /* vc-templates.txt, or NULL: none */
    resist_params_t resist_params;      /* param_resist */
    dfpn_params_t dfpn_params;  /* param_dfpn */
    tt_t *tt;                   /* the solver's table, made on first use */
    int tt_mb;                  /* the size tt was made with */
    void **player_state;        /* by player index; made on first use */
    rng_t rng;
    uint64_t seed;
} engine_t;

/* A new engine with an empty 11x11 game.  seed 0: seeded from the clock
 * and process id.  Returns NULL when memory is short. */
engine_t *engine_new(uint64_t seed);
void engine_free(engine_t *e);

/* Reseed the engine's generator. */
void engine_seed(engine_t *e, uint64_t seed);

/* Start a fresh empty W x H game (also at the same size), restart the
 * clock, tell the players.  On failure the old game stays. */
game_status_t engine_new_game(engine_t *e, int width, int height);

/* Replace the game with `loaded` (consumed), as after loadsgf: restart the
 * clock, tell the players. */
void engine_load_game(engine_t *e, game_t *loaded);

/* Apply param_game game_time: new main time for both sides, restarted. */
void engine_apply_game_time(engine_t *e);

/* Outcome of engine_genmove. */
typedef enum genmove_status {
    GENMOVE_OK = 0,
    GENMOVE_GAME_WON,           /* the colour has already won: no move */
    GENMOVE_NO_MEMORY,
    GENMOVE_PLAYER_ERROR        /* the player answered an illegal move */
} genmove_status_t;

/* Ask the current player for a move for `color` within the clock's budget
 * (stop: the command's interrupt; its deadline is set here).  When `play`
 * the move is played and its time charged to the clock; a resignation is
 * recorded by game_resign, as no entry (engine/game.h).  A colour that has
 * already lost resigns.  *seconds receives the time used. */
genmove_status_t engine_genmove(engine_t *e, hex_color_t color, const stop_t *stop,
                                bool play, int *move, double *seconds);

/* The current player. */
const player_t *engine_player(const engine_t *e);

#endif /* HEIN_ENGINE_ENGINE_H */
