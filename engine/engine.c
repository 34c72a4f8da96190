/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"

/* No game clock until one is set: every move takes move_time. */
#define DEFAULT_GAME_TIME 0.0
#define DEFAULT_MOVE_TIME 10.0

static int engine_threads(const engine_t *e);

_Static_assert(ENGINE_MAX_THREADS <= SPDFPN_MAX_THREADS, "the program's threads must fit the solver");

void
engine_seed(engine_t *e, uint64_t seed)
{
    if (seed == 0) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)getpid() << 40);
    }
    e->seed = seed;
    rng_seed(&e->rng, seed);
}

/* The blocks of the players' own parameter groups, each filled with its
 * player's defaults; false when memory is short. */
static bool
player_settings_new(engine_t *e)
{
    e->player_settings = calloc((size_t)player_count(), sizeof *e->player_settings);
    if (!e->player_settings)
        return false;
    for (int i = 0; player_table[i]; i++) {
        const player_settings_t *s = player_table[i]->settings;
        if (!s)
            continue;
        e->player_settings[i] = calloc(1, s->group.size);
        if (!e->player_settings[i])
            return false;
        s->defaults(e->player_settings[i]);
    }
    return true;
}

static void
player_settings_free(engine_t *e)
{
    for (int i = 0; e->player_settings && player_table[i]; i++)
        free(e->player_settings[i]);
    free(e->player_settings);
}

/* The opening book (book.h) at start-up: param_game book on, the file
 * read; without it (or with a broken file: the line on stderr) genmove
 * asks the player. */
static void
engine_init_book(engine_t *e)
{
    char path[4096], err[4400];
    e->game_params.book = true;
    if (!book_path(path, sizeof path, err, sizeof err)
        || !book_read(&e->book, path, err, sizeof err)) {
        book_empty(&e->book);
        fprintf(stderr, "hein: %s; no opening book\n", err);
    }
}

engine_t *
engine_new(uint64_t seed)
{
    engine_t *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->player_state = calloc((size_t)player_count(), sizeof *e->player_state);
    e->player_generation = calloc((size_t)player_count(), sizeof *e->player_generation);
    e->solver = solver_new();
    if (!e->player_state || !e->player_generation || !e->solver || !player_settings_new(e)
        || game_init(&e->game, 11, 11) != GAME_OK) {
        free(e->player_state);
        free(e->player_generation);
        player_settings_free(e);
        solver_free(e->solver);
        free(e);
        return NULL;
    }
    e->game_params.allow_swap = false;
    e->game_params.swap_ratio = 0.45;
    e->game_params.game_time = DEFAULT_GAME_TIME;
    e->game_params.move_time = DEFAULT_MOVE_TIME;
    e->game_params.increment = 0;
    e->game_params.safety = CLOCK_SAFETY;
    e->game_params.threads = 1;
    e->player_params.name = player_default();
    e->player_params.solver = PLAYER_SOLVER_AUTO;
    e->player_params.solver_share = 0.3;
    e->player_params.solver_cells = 64;
    vc_params_default(&e->vc_params);
    dfpn_params_default(&e->dfpn_params);
    e->dfpn_params.threads = 0;         /* the program's */
    resist_params_default(&e->resist_params);
    ice_params_init(&e->ice_params);
    /* Board knowledge from share/patterns; without the files hein still
     * plays, with fewer rules (and says so on stderr). */
    char err[256];
    e->ice_patterns = pattern_set_load_ice(err, sizeof err);
    if (!e->ice_patterns)
        fprintf(stderr, "hein: %s; inferior cells by graph rules only\n", err);
    e->vc_templates = vc_templates_load_default(err, sizeof err);
    if (!e->vc_templates)
        fprintf(stderr, "hein: %s; virtual connections without edge templates\n", err);
    e->prior = prior_load_default(err, sizeof err);
    if (!e->prior)
        fprintf(stderr, "hein: %s; no move prior\n", err);
    engine_init_book(e);
    char net_path[PARAM_STRING_MAX];
    if (!pattern_path("../net/" NET_FILE, net_path, sizeof net_path, err, sizeof err)
        || !engine_net_load(e, net_path, err, sizeof err))
        fprintf(stderr, "hein: %s; no network\n", err);
    e->net_params.use = e->net != NULL;
    e->knowledge = (kn_config_t){
        .ice_patterns = e->ice_patterns,
        .ice_params = &e->ice_params,
        .vc_templates = e->vc_templates,       /* used with use_templates */
        .vc_params = &e->vc_params,
        .order = KN_ORDER_RESIST,
        .resist_params = &e->resist_params,
        .prior = e->prior,     /* mixed in by a player that weighs it */
        .net = e->net,         /* the same (param_net use) */
        .rules_only = false,
    };
    engine_knowledge_changed(e);
    engine_apply_game_time(e);
    engine_seed(e, seed);
    return e;
}

void
engine_free(engine_t *e)
{
    if (!e)
        return;
    for (int i = 0; player_table[i]; i++)
        if (e->player_state[i] && player_table[i]->destroy)
            player_table[i]->destroy(e->player_state[i]);
    free(e->player_state);
    free(e->player_generation);
    player_settings_free(e);
    solver_free(e->solver);
    solverdb_close(e->db);
    kn_free(e->survey_kn);
    pattern_set_free(e->ice_patterns);
    vc_templates_free(e->vc_templates);
    prior_free(e->prior);
    net_free(e->net);
    game_free(&e->game);
    free(e);
}

bool
engine_net_load(engine_t *e, const char *path, char *err, size_t errlen)
{
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof e->net_params.file) {
        snprintf(err, errlen, "%s: path too long", path);
        return false;
    }
    net_t *net = net_load(path, err, errlen);
    if (!net)
        return false;
    /* whatever was made with the old net is made again before its next
     * use (the knowledge's generation), so nothing reads it after this */
    net_free(e->net);
    e->net = net;
    memmove(e->net_params.file, path, n + 1);
    engine_net_apply(e);
    return true;
}

void
engine_net_apply(engine_t *e)
{
    if (!e->net)
        e->net_params.use = false;
    e->knowledge.net = e->net_params.use ? e->net : NULL;
    e->knowledge.net_path = (net_path_t)e->net_params.path;
    engine_knowledge_changed(e);
}

const kn_config_t *
engine_knowledge(const engine_t *e)
{
    return &e->knowledge;
}

void
engine_knowledge_changed(engine_t *e)
{
    e->knowledge_generation++;
}

/* The engine's survey workspace, made again when the knowledge's
 * settings changed. */
static kn_t *
survey_workspace(engine_t *e)
{
    if (e->survey_kn && e->survey_generation != e->knowledge_generation) {
        kn_free(e->survey_kn);
        e->survey_kn = NULL;
    }
    if (!e->survey_kn) {
        e->survey_kn = kn_new(&e->knowledge);
        e->survey_generation = e->knowledge_generation;
    }
    return e->survey_kn;
}

/* A survey of the engine's position by `fn` (kn_survey or
 * kn_survey_filled) in the engine's workspace. */
static kn_t *
survey_by(engine_t *e,
          bool (*fn)(kn_t *, const position_t *, hex_color_t, bitset_t *, ice_result_t *),
          hex_color_t to_move, bitset_t *must, ice_result_t *r)
{
    kn_t *kn = survey_workspace(e);
    if (!kn || !fn(kn, &e->game.pos, to_move, must, r))
        return NULL;
    return kn;
}

kn_t *
engine_survey(engine_t *e, hex_color_t to_move, bitset_t *must, ice_result_t *r)
{
    return survey_by(e, kn_survey, to_move, must, r);
}

kn_t *
engine_survey_filled(engine_t *e, hex_color_t to_move, bitset_t *must, ice_result_t *r)
{
    return survey_by(e, kn_survey_filled, to_move, must, r);
}

void
engine_survey_forget(engine_t *e)
{
    if (e->survey_kn)
        kn_forget(e->survey_kn);
}

dfpn_params_t
engine_solver_params(const engine_t *e)
{
    dfpn_params_t p = e->dfpn_params;
    if (p.threads < 1)
        p.threads = engine_threads(e);
    return p;
}

solver_t *
engine_solver(engine_t *e)
{
    dfpn_params_t params = engine_solver_params(e);
    if (!solver_prepare(e->solver, &params, &e->knowledge, e->knowledge_generation))
        return NULL;
    solver_set_db(e->solver, e->db);
    return e->solver;
}

bool
engine_db_open(engine_t *e, const char *path, char *err, size_t errlen)
{
    solverdb_t *db = solverdb_open(path, err, errlen);
    if (!db)
        return false;
    engine_db_close(e);
    e->db = db;
    return true;
}

void
engine_db_close(engine_t *e)
{
    solver_set_db(e->solver, NULL);
    solverdb_close(e->db);
    e->db = NULL;
}

const player_t *
engine_player(const engine_t *e)
{
    return player_table[e->player_params.name];
}

static void
players_new_game(engine_t *e)
{
    for (int i = 0; player_table[i]; i++)
        if (e->player_state[i] && player_table[i]->new_game)
            player_table[i]->new_game(e->player_state[i]);
}

game_status_t
engine_new_game(engine_t *e, int width, int height)
{
    game_status_t s = game_reset(&e->game, width, height);
    if (s != GAME_OK)
        return s;
    game_clock_restart(&e->clock);
    players_new_game(e);
    e->ponder_due = false;
    return GAME_OK;
}

void
engine_load_game(engine_t *e, game_t *loaded)
{
    game_replace(&e->game, loaded);
    game_clock_restart(&e->clock);
    players_new_game(e);
    e->ponder_due = false;
}

void
engine_apply_game_time(engine_t *e)
{
    game_clock_init(&e->clock, e->game_params.game_time);
    if (e->game_params.game_time == 0)
        game_clock_settings(&e->clock, 0, 1, 0);        /* no limit */
    engine_apply_clock_params(e);
}

void
engine_apply_clock_params(engine_t *e)
{
    game_clock_set_increment(&e->clock, e->game_params.increment);
    game_clock_set_safety(&e->clock, e->game_params.safety);
}

bool
engine_set_time_settings(engine_t *e, const engine_time_settings_t *t, char *err,
                         size_t errlen)
{
    const param_desc_t *table = engine_param_group("param_game")->table;
    game_params_t gp = e->game_params;
    game_clock_t clock = e->clock;
    if (!param_set_number(table, &gp, "game_time", t->main_time, err, errlen)
        || (t->set_increment
            && !param_set_number(table, &gp, "increment", t->increment, err, errlen)))
        return false;
    if (!game_clock_settings(&clock, t->main_time, t->byo_time, t->byo_stones)) {
        snprintf(err, errlen, "byo-yomi must be at least 0 seconds for at least 0 stones");
        return false;
    }
    e->game_params = gp;
    e->clock = clock;
    engine_apply_clock_params(e);
    return true;
}

bool
engine_set_time_left(engine_t *e, hex_color_t color, double seconds, int stones, char *err,
                     size_t errlen)
{
    if (!game_clock_left(&e->clock, color, seconds, stones)) {
        snprintf(err, errlen, "time left must be at least 0 seconds for at least 0 stones");
        return false;
    }
    return true;
}

/* The swap table of the board's size, loaded at the first genmove on
 * that size (none: a table that knows nothing). */
static const swap_table_t *
engine_swap_table(engine_t *e)
{
    const geometry_t *g = e->game.pos.geo;
    if (!e->swap_tried || e->swap.width != g->width || e->swap.height != g->height) {
        char err[512];
        bool found;
        if (!swap_table_load(&e->swap, g->width, g->height, &found, err, sizeof err) && found)
            fprintf(stderr, "hein: %s; no swap table for this size\n", err);
        e->swap_tried = true;
    }
    return &e->swap;
}

/* The threads a player or the solver may run: the program's. */
static int
engine_threads(const engine_t *e)
{
    return e->game_params.threads < 1 ? 1 : e->game_params.threads;
}

/* The state of player i, made on first use and again after the board
 * knowledge changed; false when memory is short. */
static bool
player_state(engine_t *e, int i, void **state)
{
    const player_t *p = player_table[i];
    if (e->player_state[i] && e->player_generation[i] != e->knowledge_generation) {
        if (p->destroy)
            p->destroy(e->player_state[i]);
        e->player_state[i] = NULL;
    }
    if (p->create && !e->player_state[i]) {
        player_config_t cfg = {
            .knowledge = &e->knowledge,
            .threads = engine_threads(e),
            .settings = e->player_settings[i],
        };
        e->player_state[i] = p->create(&cfg);
        if (!e->player_state[i])
            return false;
        e->player_generation[i] = e->knowledge_generation;
    }
    *state = e->player_state[i];
    return true;
}

/* What a search is asked for beyond the position: its time, and whether
 * it may answer swap-pieces. */
typedef struct ask {
    double budget, limit;
    bool banked;
    bool allow_swap;
    bool analyse;               /* the player's own evaluation (the
                                 * review): the solver only beside it,
                                 * never before it */
} ask_t;

/* Ask the current player for a move for `color` in g (not over) as `a`
 * says; *move receives it.  The player's state is made here when
 * needed. */
static genmove_status_t
ask_player(engine_t *e, const game_t *g, hex_color_t color, const stop_t *stop, double start,
           const ask_t *a, int *move)
{
    int i = e->player_params.name;
    void *state;
    solver_t *solver = NULL;
    int mode = e->player_params.solver;
    if (mode == PLAYER_SOLVER_AUTO && engine_threads(e) > 2) {
        mode = PLAYER_SOLVER_ON;
    } else if (mode == PLAYER_SOLVER_AUTO) {
        bitset_t empty = position_empty_cells(&g->pos);
        mode = bitset_count(&empty) <= e->player_params.solver_cells
            ? PLAYER_SOLVER_SHARED : PLAYER_SOLVER_OFF;
    }
    if (mode == PLAYER_SOLVER_SHARED && a->analyse)
        mode = PLAYER_SOLVER_OFF;
    bool beside = player_table[i]->uses_solver && mode != PLAYER_SOLVER_OFF;
    if (!player_state(e, i, &state) || (beside && !(solver = engine_solver(e))))
        return GENMOVE_NO_MEMORY;
    player_request_t req = {
        .game = g,
        .color = color,
        .swap = a->allow_swap ? engine_swap_table(e) : NULL,
        .budget = a->budget,
        .limit = a->limit,
        .banked = a->banked,
        .stop = *stop,
        .allow_swap = a->allow_swap,
        .swap_ratio = e->game_params.swap_ratio,
        .seed = rng_next(&e->rng),
        .knowledge = &e->knowledge,
        .threads = engine_threads(e),
        .solver = solver,
        .solver_first = beside && mode == PLAYER_SOLVER_SHARED
            ? e->player_params.solver_share * a->budget : 0,
        .solver_params = &e->dfpn_params,
        .proofs = solver_table(e->solver),
        .settings = e->player_settings[i],
    };
    req.stop.deadline = a->limit > 0 ? start + a->limit : 0;   /* 0: until stopped */
    *move = player_table[i]->genmove(state, &req);
    if (*move != MOVE_RESIGN && position_check(&g->pos, color, *move) != POSITION_OK)
        return GENMOVE_PLAYER_ERROR;
    if (*move == MOVE_SWAP && !a->allow_swap)
        return GENMOVE_PLAYER_ERROR;
    return GENMOVE_OK;
}

void
engine_move_time(const engine_t *e, hex_color_t color, double *budget, double *limit,
                 bool *banked)
{
    bitset_t empty = position_empty_cells(&e->game.pos);
    *budget = game_clock_budget(&e->clock, color, bitset_count(&empty),
                                e->game_params.move_time);
    *limit = game_clock_limit(&e->clock, color, *budget, banked);
}

/* The opening book's move for `color` when it has one for g's position
 * and param_game book is on (book.h; no search, so about 0 s on the
 * clock), else the player's (ask_player). */
static genmove_status_t
ask_book_or_player(engine_t *e, const game_t *g, hex_color_t color, const stop_t *stop,
                   double start, const ask_t *a, int *move)
{
    int m = e->game_params.book ? book_move(&e->book, &g->pos, color, a->allow_swap) : -1;
    if (m >= 0 && position_check(&g->pos, color, m) == POSITION_OK) {
        *move = m;
        return GENMOVE_OK;
    }
    return ask_player(e, g, color, stop, start, a, move);
}

genmove_status_t
engine_genmove(engine_t *e, hex_color_t color, const stop_t *stop, bool play,
               int *move, double *seconds)
{
    game_t *g = &e->game;
    double start = stop_now();
    *seconds = 0;
    e->ponder_due = false;
    /* A finished game keeps its result: no move, no resignation. */
    if (game_winner(g) != HEX_EMPTY)
        return GENMOVE_GAME_OVER;
    ask_t a = { .allow_swap = e->game_params.allow_swap };
    engine_move_time(e, color, &a.budget, &a.limit, &a.banked);
    genmove_status_t s = ask_book_or_player(e, g, color, stop, start, &a, move);
    if (s != GENMOVE_OK)
        return s;
    *seconds = stop_now() - start;
    if (play) {
        game_clock_charge(&e->clock, color, *seconds);
        if (*move == MOVE_RESIGN) {
            /* A player's resignation of a live game: no entry (game.h). */
            if (game_resign(g, color) != GAME_OK)
                return GENMOVE_PLAYER_ERROR;
        } else {
            if (game_play(g, color, *move, false, *seconds) != GAME_OK)
                return GENMOVE_PLAYER_ERROR;
            if (!e->clock.unlimited)
                game_set_time_left(g, e->clock.left[color]);
        }
        /* the opponent's time is ours to think on (engine_ponder) */
        e->ponder_due = e->game_params.ponder && *move != MOVE_RESIGN;
        e->ponder_budget = a.budget;
    }
    return GENMOVE_OK;
}

bool
engine_ponder(engine_t *e, const stop_t *stop)
{
    if (!e->ponder_due)
        return false;
    const game_t *g = &e->game;
    if (game_winner(g) != HEX_EMPTY)
        return false;
    /* The position after hein's move, the opponent to move: its replies
     * are the positions the next genmove searches, and the player's
     * table and the solver's keep what this search finds.  No deadline,
     * no clock: it runs until a command arrives.  The budget scales the
     * search's rhythm (the root interlude) as at genmove. */
    ask_t a = { .budget = e->ponder_budget, .limit = 0, .allow_swap = false };
    int move;
    double start = stop_now();
    fprintf(stderr, "hein: pondering (%s to move)\n", hex_color_name(game_to_move(g)));
    genmove_status_t s = ask_player(e, g, game_to_move(g), stop, start, &a, &move);
    fprintf(stderr, "hein: pondered %.2f s\n", stop_now() - start);
    return s == GENMOVE_OK;
}

genmove_status_t
engine_analyse(engine_t *e, const game_t *g, const stop_t *stop, double seconds, int *move,
               player_report_t *out, bool *reported)
{
    *reported = false;
    *move = MOVE_NONE;
    if (game_winner(g) != HEX_EMPTY)
        return GENMOVE_GAME_OVER;
    hex_color_t color = game_to_move(g);
    ask_t a = {
        .budget = seconds, .limit = seconds, .banked = false, .allow_swap = false,
        .analyse = true,
    };
    genmove_status_t s = ask_player(e, g, color, stop, stop_now(), &a, move);
    if (s != GENMOVE_OK)
        return s;
    const player_t *p = player_table[e->player_params.name];
    void *state = e->player_state[e->player_params.name];
    *reported = p->last_search && p->last_search(state, out)
        && out->root_key == position_key(&g->pos) && out->to_move == color;
    return GENMOVE_OK;
}

/* Whether player i's last search is of the position on the board, or of
 * the one before its answer (*answered). */
static bool
last_search_of(const engine_t *e, int i, player_report_t *out, bool *answered)
{
    const player_t *p = player_table[i];
    if (!p->last_search || !e->player_state[i] || !p->last_search(e->player_state[i], out))
        return false;
    uint64_t key = position_key(&e->game.pos);
    *answered = out->answer_key != 0 && key == out->answer_key;
    return key == out->root_key || *answered;
}

bool
engine_last_search(const engine_t *e, player_report_t *out, bool *answered)
{
    int current = e->player_params.name;
    if (last_search_of(e, current, out, answered))
        return true;
    for (int i = 0; player_table[i]; i++)
        if (i != current && last_search_of(e, i, out, answered))
            return true;
    return false;
}
