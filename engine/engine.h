/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_ENGINE_H
#define HEIN_ENGINE_ENGINE_H

/* The engine: one game, its clock, the parameters, the board knowledge,
 * the players and the solver session.
 *
 * This is the state every HTP handler works on, passed down as a context
 * (there is no global engine).  It is used by one thread at a time, the
 * one running HTP commands; searches it starts copy what they need or
 * borrow it read-only until they end.  The layers above read it; they
 * change it only through the functions here and engine_param_set
 * (params.h), which check every setting and apply what it means.
 *
 * The board knowledge (engine_knowledge) is one kn_config_t, built once,
 * that every searcher and command reads: the parameter groups
 * param_player_ice, param_vc and param_resist and the pattern files
 * loaded at start-up.  A change to any of them bumps its generation
 * number, and whatever was built from the old settings (a player's state,
 * the solver's workspaces and cache) is made again before its next use. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/ice.h"
#include "board/knowledge.h"
#include "board/net.h"
#include "board/pattern.h"
#include "board/resist.h"
#include "board/rng.h"
#include "board/vc.h"
#include "board/vc_template.h"
#include "engine/book.h"
#include "engine/clock.h"
#include "engine/game.h"
#include "engine/param.h"
#include "engine/params.h"
#include "engine/player.h"
#include "engine/solver.h"
#include "engine/solverdb.h"
#include "engine/swap.h"
#include "search/dfpn.h"
#include "search/stop.h"

#define ENGINE_NAME "hein"

/* The most threads the program may run (param_game threads, --threads):
 * no more than the solver allows (a player runs at most as many as its
 * search allows). */
#define ENGINE_MAX_THREADS 64

/* param_game */
typedef struct game_params {
    bool allow_swap;            /* genmove may answer swap-pieces */
    double swap_ratio;          /* the circuit's swap rule (swap.h) */
    double game_time;           /* seconds per side per game; 0 (the
                                 * default): no game clock */
    double move_time;           /* seconds per move with no game clock
                                 * (default 10); setting it ends the
                                 * game clock */
    double increment;           /* Fischer: seconds added after each move */
    double safety;              /* seconds a move never uses of the time
                                 * left */
    int threads;                /* the program's threads (--threads): the
                                 * solver's and the players', unless
                                 * param_dfpn threads or a player's own
                                 * setting says otherwise */
    bool ponder;                /* think on the opponent's time
                                 * (engine_ponder; --ponder) */
    bool book;                  /* genmove plays the opening book's move
                                 * on an empty board (book.h) */
} game_params_t;

/* param_net: the policy and value network (board/net.h) the players that
 * weigh it read through the board knowledge (kn_config_t net).  At
 * start-up the engine reads share/net/hein.net and `use` is on when it
 * could (a missing or broken file: a line on stderr, and no network).
 * Setting `file` reads that file at once: a file that does not load is
 * refused with the loader's message and the net in use stays; setting
 * `use` 1 with no net loaded is refused. */
typedef struct net_params {
    bool use;                   /* the players see the net */
    char file[PARAM_STRING_MAX];        /* the file loaded; "" none */
    int path;                   /* the evaluation path (net_path_t):
                                 * auto, the fastest this machine has, by
                                 * default; one it cannot run is refused */
} net_params_t;

/* param_player */
/* param_player solver: whether and how the solver runs with a player that
 * can use it (player.h uses_solver) at genmove.  ON: beside it, on a
 * thread of its own; SHARED: time-sharing the player's threads, the
 * solver first (solver_share of the move's budget), then the player,
 * with the solver's proofs in the table they share; AUTO: with at most
 * two threads SHARED on a position of at most solver_cells empty cells
 * (before, the player alone: the solver proves little there in a move's
 * share), with more threads ON. */
enum { PLAYER_SOLVER_AUTO, PLAYER_SOLVER_OFF, PLAYER_SOLVER_ON, PLAYER_SOLVER_SHARED };

typedef struct player_params {
    int name;                   /* index into player_table */
    int solver;                 /* PLAYER_SOLVER_* */
    double solver_share;        /* SHARED: the solver's share of a move's
                                 * budget, taken first */
    int solver_cells;           /* AUTO: the most empty cells of a
                                 * position the solver shares time on */
} player_params_t;

typedef struct engine {
    game_t game;
    game_clock_t clock;
    game_params_t game_params;
    player_params_t player_params;
    ice_params_t ice_params;    /* param_player_ice */
    pattern_set_t *ice_patterns;        /* ice-*.txt, or NULL: graph rules only */
    vc_params_t vc_params;      /* param_vc */
    vc_templates_t *vc_templates;       /* vc-templates.txt, or NULL: none */
    prior_t *prior;             /* move-prior.txt, or NULL: none */
    net_params_t net_params;    /* param_net */
    net_t *net;                 /* the loaded net (net_params.file), or
                                 * NULL */
    resist_params_t resist_params;      /* param_resist */
    dfpn_params_t dfpn_params;  /* param_dfpn; threads 0: the program's
                                 * (engine_solver_params) */
    swap_table_t swap;          /* the swap table of the last board size
                                 * genmove looked one up for */
    bool swap_tried;            /* swap holds that size's (possibly empty)
                                 * table */
    book_t book;                /* the opening book, read at start-up
                                 * (empty when missing or broken) */
    kn_config_t knowledge;      /* engine_knowledge */
    uint64_t knowledge_generation;      /* bumped by every change of it */
    solver_t *solver;           /* the solver session (solver.h) */
    solverdb_t *db;             /* the solved-position database
                                 * (engine_db_open), or NULL */
    kn_t *survey_kn;            /* engine_survey's workspace, or NULL */
    uint64_t survey_generation; /* the knowledge it was made with */
    void **player_state;        /* by player index; made on first use */
    void **player_settings;     /* by player index: the block of its own
                                 * parameter group (player.h
                                 * player_settings_t), or NULL */
    uint64_t *player_generation;        /* the knowledge each state was
                                         * made with */
    bool ponder_due;            /* genmove played a move and param_game
                                 * ponder is on: engine_ponder has work */
    double ponder_budget;       /* that genmove's budget (seconds) */
    rng_t rng;
    uint64_t seed;
} engine_t;

/* Read the network in `path` and make it param_net's file (in use when
 * param_net use is on): false with the loader's message in err, nothing
 * changed, when it does not load. */
bool engine_net_load(engine_t *e, const char *path, char *err, size_t errlen);

/* Make the knowledge agree with param_net (use off when no net is
 * loaded). */
void engine_net_apply(engine_t *e);

/* A new engine with an empty 11x11 game.  seed 0: seeded from the clock
 * and process id.  Returns NULL when memory is short. */
engine_t *engine_new(uint64_t seed);
void engine_free(engine_t *e);

/* Reseed the engine's generator. */
void engine_seed(engine_t *e, uint64_t seed);

/* The board knowledge every searcher and command uses: the engine's
 * parameter groups and patterns (the VC engine reads the edge templates
 * only when param_vc use_templates is on), moves ordered by the circuit
 * score.  Valid for the engine's life; its fields follow the
 * parameters. */
const kn_config_t *engine_knowledge(const engine_t *e);

/* Tell the engine that the board knowledge's settings changed (params.c
 * calls it): bump the generation so that what was built from the old
 * ones is made again. */
void engine_knowledge_changed(engine_t *e);

/* The position as it stands for to_move, through the board knowledge
 * (knowledge.h kn_survey: both colours' VCs, the must-play and, with r,
 * the inferior cells), for the commands that show it.  Returns the
 * engine's survey workspace, which kn_vc reads until the next call or a
 * change of the board knowledge, or NULL when memory is short.  The
 * workspace is kept between calls: the VC tables are sized for the
 * largest board, costlier to allocate than to fill. */
kn_t *engine_survey(engine_t *e, hex_color_t to_move, bitset_t *must, ice_result_t *r);

/* As engine_survey, on the filled board (knowledge.h kn_survey_filled):
 * what HexGui's Hint and the VC queries show, the knowledge as the
 * searchers see it. */
kn_t *engine_survey_filled(engine_t *e, hex_color_t to_move, bitset_t *must, ice_result_t *r);

/* Forget what the survey workspace built (kn_forget), so that the next
 * engine_survey or engine_survey_filled builds afresh (vc-build). */
void engine_survey_forget(engine_t *e);

/* param_dfpn as a solve uses it: its threads param_dfpn threads, or
 * with 0 there the program's (param_game threads). */
dfpn_params_t engine_solver_params(const engine_t *e);

/* The solver session, ready for a search with engine_solver_params and
 * the knowledge (solver_prepare); NULL when memory is short. */
solver_t *engine_solver(engine_t *e);

/* Open the solved-position database at path (solverdb.h; created when
 * absent) for the solver session, closing the one open before; on
 * failure false with a message in err, and the one open before stays. */
bool engine_db_open(engine_t *e, const char *path, char *err, size_t errlen);

/* Close the database (none open: nothing). */
void engine_db_close(engine_t *e);

/* Start a fresh empty W x H game (also at the same size), restart the
 * clock, tell the players.  On failure the old game stays. */
game_status_t engine_new_game(engine_t *e, int width, int height);

/* Replace the game with `loaded` (consumed), as after loadsgf: restart the
 * clock, tell the players. */
void engine_load_game(engine_t *e, game_t *loaded);

/* A time control from the protocol (time_settings, kata-time_settings). */
typedef struct engine_time_settings {
    double main_time;           /* seconds per side: param_game game_time */
    double byo_time;            /* seconds per byo-yomi period */
    int byo_stones;             /* moves per period; 0: none (with
                                 * byo_time > 0: no time limit) */
    bool set_increment;         /* whether param_game increment becomes */
    double increment;           /* this (Fischer), or stays as it is */
} engine_time_settings_t;

/* Apply a time control: both clocks restart with it, and param_game
 * game_time (and with set_increment, increment) take its values.  The
 * values are checked as param_game checks them (byo_time and byo_stones:
 * at least 0); on error returns false with a message in err and changes
 * nothing. */
bool engine_set_time_settings(engine_t *e, const engine_time_settings_t *t, char *err,
                              size_t errlen);

/* Tell the clock what a referee says (time_left): `seconds` left for
 * `color`, `stones` moves left in its byo-yomi period (0: main time).
 * Negative values are refused: false with a message in err, nothing
 * changed. */
bool engine_set_time_left(engine_t *e, hex_color_t color, double seconds, int stones,
                          char *err, size_t errlen);

/* Apply param_game game_time: new main time for both sides, restarted
 * (with the increment and safety margin of param_game); game_time 0: no
 * game clock, every move takes param_game move_time. */
void engine_apply_game_time(engine_t *e);

/* Apply param_game increment and safety to the clock as it runs. */
void engine_apply_clock_params(engine_t *e);

/* The time genmove gives `color`'s next move (engine/clock.h): its
 * budget, its limit, and whether time not used is kept for later moves.
 * With no game clock (param_game game_time 0, the default, or after
 * param_game move_time or time_settings 0 T 0) both are param_game
 * move_time; under a game clock the time manager's share. */
void engine_move_time(const engine_t *e, hex_color_t color, double *budget, double *limit,
                      bool *banked);

/* Outcome of engine_genmove. */
typedef enum genmove_status {
    GENMOVE_OK = 0,
    GENMOVE_GAME_OVER,          /* the game is over (a connection or a
                                 * resignation): no move for either side */
    GENMOVE_NO_MEMORY,
    GENMOVE_PLAYER_ERROR        /* the player answered an illegal move */
} genmove_status_t;

/* Ask the current player for a move for `color` within the clock's budget
 * (stop: the command's interrupt; its deadline is set here).  When `play`
 * the move is played and its time charged to the clock; a player's
 * resignation (of a live game) is recorded by game_resign, as no entry
 * (engine/game.h).  A game that is over (a connection or a resignation
 * stands) gives GENMOVE_GAME_OVER for either colour and changes nothing:
 * its result stays what it is.  *seconds receives the time used. */
genmove_status_t engine_genmove(engine_t *e, hex_color_t color, const stop_t *stop,
                                bool play, int *move, double *seconds);

/* Pondering: think on the opponent's time.  After a genmove that played
 * a move with param_game ponder on, and until the next genmove or a new
 * game, the current player searches the position on the board for the
 * side to move (after hein's move: the opponent, whose replies are what
 * the next genmove meets) with no deadline, until `stop` fires (the
 * protocol layer's idle stop: the next command arrived).  The board, the
 * record and the clock are untouched; what the search finds stays in the
 * player's tables and the solver's, so the next genmove starts ahead.
 * Called again after each command while it is due, it searches again
 * (from its tables).  Returns whether it searched.  On the HTP thread,
 * between commands (htp.h htp_set_idle). */
bool engine_ponder(engine_t *e, const stop_t *stop);

/* Ask the current player to search the position of g (any record, e.g.
 * a copy of the game taken back to an earlier move; not over) for the
 * side to move, for `seconds` (its budget and its limit: the clock is
 * neither read nor charged), without a swap (the player searches the
 * cells even where it would swap), within stop.  *move receives its
 * answer (the solver does not take a share of its time: param_player
 * solver shared counts as 0 here); when the player reported its search
 * of that position (player.h
 * last_search), the report is in *out and *reported is true.  A game
 * that is over gives GENMOVE_GAME_OVER and no search.  For the review
 * (engine/review.h). */
genmove_status_t engine_analyse(engine_t *e, const game_t *g, const stop_t *stop,
                                double seconds, int *move, player_report_t *out,
                                bool *reported);

/* The current player. */
const player_t *engine_player(const engine_t *e);

/* The last search of the position on the board, as a player reports it
 * (player.h last_search): one of the position searched (*answered false:
 * after reg_genmove, or the game was taken back to it) or of that
 * position with its answer played (*answered true: after genmove).  The
 * current player's report is looked at first, then the other players'
 * in the table's order.  false when no player's last search is of this
 * position (none since the game began, or of another). */
bool engine_last_search(const engine_t *e, player_report_t *out, bool *answered);

#endif /* HEIN_ENGINE_ENGINE_H */
