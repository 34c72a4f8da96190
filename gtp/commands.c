/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein's HTP commands.
 *
 * Each handler takes the engine_t as its context, checks its arguments
 * first (gtp/args.h), changes the engine only through its functions once
 * everything is valid, and ends in exactly one htp_success / htp_failure
 * / htp_quit.  The table at the end is the only registry: list_commands,
 * known_command and help read it. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "engine/benchmark.h"
#include "engine/engine.h"
#include "engine/sgf.h"
#include "gtp/args.h"
#include "gtp/cmd_ice.h"
#include "gtp/cmd_resist.h"
#include "gtp/cmd_review.h"
#include "gtp/cmd_net.h"
#include "gtp/cmd_db.h"
#include "gtp/cmd_dfpn.h"
#include "gtp/cmd_scns.h"
#include "gtp/cmd_vc.h"
#include "gtp/commands.h"

#define BOARD_TEXT_MAX 8192
/* The clock commands' ranges: seconds up to ten days (param_game
 * game_time's), an increment up to a day (param_game increment's), moves
 * per byo-yomi period. */
#define TIME_MAX 864000
#define INCREMENT_MAX 86400
#define STONES_MAX 100000

static const char *
move_name(const engine_t *e, int move, char *buf)
{
    return geometry_move_name(e->game.pos.geo, move, buf);
}

/* ---- administrative ------------------------------------------------- */

static htp_status_t
cmd_protocol_version(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    return htp_success(cmd, "2");
}

static htp_status_t
cmd_name(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    return htp_success(cmd, "%s", ENGINE_NAME);
}

static htp_status_t
cmd_version(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    return htp_success(cmd, "%s", PACKAGE_VERSION);
}

static htp_status_t
cmd_known_command(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 1, 1))
        return htp_usage(cmd);
    return htp_success(cmd, "%s", htp_lookup(cmd->htp, cmd->argv[0]) ? "true" : "false");
}

static htp_status_t
cmd_list_commands(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    for (const htp_command_t *c = htp_table(cmd->htp); c->name; c++)
        htp_printf(cmd, "%s\n", c->name);
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_help(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (cmd->argc == 1) {
        const htp_command_t *c = htp_lookup(cmd->htp, cmd->argv[0]);
        if (!c)
            return htp_failure(cmd, "unknown command: %s", cmd->argv[0]);
        return htp_success(cmd, "%s%s%s\n%s", c->name, *c->args ? " " : "", c->args, c->doc);
    }
    for (const htp_command_t *c = htp_table(cmd->htp); c->name; c++)
        htp_printf(cmd, "%s%s%s -- %s\n", c->name, *c->args ? " " : "", c->args, c->doc);
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_quit(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    return htp_quit(cmd);
}

/* ---- the game ------------------------------------------------------- */

static htp_status_t
cmd_boardsize(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 1, 2))
        return htp_usage(cmd);
    int w, h;
    if (!geometry_parse_size(cmd->argv[0], &w)
        || !geometry_parse_size(cmd->argv[cmd->argc - 1], &h))
        return htp_failure(cmd, "unacceptable size: width and height must be 1 to %d",
                           HEX_MAX_SIZE);
    game_status_t s = engine_new_game(e, w, h);
    if (s != GAME_OK)
        return htp_failure(cmd, "%s", game_status_text(s));
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_clear_board(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    const geometry_t *g = e->game.pos.geo;
    game_status_t s = engine_new_game(e, g->width, g->height);
    if (s != GAME_OK)
        return htp_failure(cmd, "%s", game_status_text(s));
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_play(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    hex_color_t c;
    int move;
    if (!args_count(cmd, 2, 2))
        return htp_usage(cmd);
    if (!args_color(cmd->argv[0], &c, err, sizeof err)
        || !args_move(e->game.pos.geo, cmd->argv[1], &move, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    game_status_t s = game_play(&e->game, c, move, false, -1.0);
    if (s != GAME_OK)
        return htp_failure(cmd, "illegal move: %s %s: %s", hex_color_name(c),
                           cmd->argv[1], game_status_text(s));
    return htp_success(cmd, NULL);
}

static htp_status_t
genmove(htp_cmd_t *cmd, engine_t *e, bool play)
{
    char name[MOVE_NAME_MAX];
    hex_color_t c;
    htp_status_t st;
    if (!args_only_color(cmd, &c, &st))
        return st;
    stop_t stop = htp_cmd_stop(cmd);
    int move = MOVE_NONE;
    double seconds;
    switch (engine_genmove(e, c, &stop, play, &move, &seconds)) {
    case GENMOVE_OK:
        break;
    case GENMOVE_GAME_OVER:
        return htp_failure(cmd, "the game is over: %s has won",
                           hex_color_name(game_winner(&e->game)));
    case GENMOVE_NO_MEMORY:
        return htp_failure(cmd, "out of memory");
    case GENMOVE_PLAYER_ERROR:
        return htp_failure(cmd, "player %s chose an illegal move: %s",
                           engine_player(e)->name, move_name(e, move, name));
    }
    return htp_success(cmd, "%s", move_name(e, move, name));
}

void
commands_idle(void *ctx, const stop_t *stop)
{
    engine_ponder(ctx, stop);
}

static htp_status_t
cmd_genmove(htp_cmd_t *cmd, void *ctx)
{
    return genmove(cmd, ctx, true);
}

static htp_status_t
cmd_reg_genmove(htp_cmd_t *cmd, void *ctx)
{
    return genmove(cmd, ctx, false);
}

static htp_status_t
cmd_undo(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    game_status_t s = game_undo(&e->game);
    if (s != GAME_OK)
        return htp_failure(cmd, "cannot undo: %s", game_status_text(s));
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_showboard(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    char *text = malloc(BOARD_TEXT_MAX);
    if (!text)
        return htp_failure(cmd, "out of memory");
    position_to_text_rule(&e->game.pos, e->game_params.allow_swap, text, BOARD_TEXT_MAX);
    htp_printf(cmd, "%s", text);
    free(text);
    hex_color_t r = game_resigned(&e->game);
    if (r != HEX_EMPTY)
        htp_printf(cmd, "\n%s resigned", hex_color_name(r));
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_final_score(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    hex_color_t w = game_winner(&e->game);
    if (w == HEX_EMPTY)
        return htp_failure(cmd, "cannot score: the game is not over");
    return htp_success(cmd, "%s", w == HEX_BLACK ? "B+" : "W+");
}

static htp_status_t
cmd_all_legal_moves(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN], name[MOVE_NAME_MAX];
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    hex_color_t c = game_to_move(&e->game);
    if (cmd->argc == 1 && !args_color(cmd->argv[0], &c, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    if (game_winner(&e->game) != HEX_EMPTY)
        return htp_success(cmd, NULL);
    bitset_t empty = position_empty_cells(&e->game.pos);
    int n = 0;
    for (int x = bitset_first(&empty); x >= 0; x = bitset_next(&empty, x))
        htp_printf(cmd, "%s%s", n++ ? " " : "", move_name(e, x, name));
    /* play takes a swap whatever the rule (CONVENTIONS.md); it is listed
     * only when the game is played with it (param_game allow_swap) */
    if (e->game_params.allow_swap
        && position_check(&e->game.pos, c, MOVE_SWAP) == POSITION_OK)
        htp_printf(cmd, " %s", move_name(e, MOVE_SWAP, name));
    return htp_success(cmd, NULL);
}

/* ---- time ----------------------------------------------------------- */

/* MAIN BYO STONES from argument i of cmd on (STONES from min_stones),
 * into t; false with a message in err. */
static bool
main_byo_stones(const htp_cmd_t *cmd, int i, long min_stones, engine_time_settings_t *t,
                char *err, size_t errlen)
{
    long stones;
    if (!args_seconds(cmd->argv[i], TIME_MAX, &t->main_time, err, errlen)
        || !args_seconds(cmd->argv[i + 1], TIME_MAX, &t->byo_time, err, errlen)
        || !args_int(cmd->argv[i + 2], min_stones, STONES_MAX, &stones, err, errlen))
        return false;
    t->byo_stones = (int)stones;
    return true;
}

/* GTP's form: param_game increment stays. */
static htp_status_t
cmd_time_settings(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    engine_time_settings_t t = { .set_increment = false };
    if (!args_count(cmd, 3, 3))
        return htp_usage(cmd);
    if (!main_byo_stones(cmd, 0, 0, &t, err, sizeof err)
        || !engine_set_time_settings(e, &t, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

/* KataGo's form, as KataGo-family tools send it: none, absolute MAIN,
 * canadian MAIN BYO STONES, fischer MAIN INC (the increment becomes
 * param_game increment, 0 in the other forms).  Japanese byo-yomi and
 * capped Fischer are refused: the clock does not keep them. */
static htp_status_t
cmd_kata_time_settings(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    engine_time_settings_t t = { .set_increment = true };
    if (cmd->argc < 1)
        return htp_usage(cmd);
    const char *kind = cmd->argv[0];
    if (strcmp(kind, "none") == 0) {
        if (!args_count(cmd, 1, 1))
            return htp_usage(cmd);
        t.byo_time = 1;         /* BYO > 0, STONES = 0: no limit */
    } else if (strcmp(kind, "absolute") == 0) {
        if (!args_count(cmd, 2, 2))
            return htp_usage(cmd);
        if (!args_seconds(cmd->argv[1], TIME_MAX, &t.main_time, err, sizeof err))
            return htp_failure(cmd, "%s", err);
    } else if (strcmp(kind, "canadian") == 0) {
        if (!args_count(cmd, 4, 4))
            return htp_usage(cmd);
        if (!main_byo_stones(cmd, 1, 1, &t, err, sizeof err))
            return htp_failure(cmd, "%s", err);
    } else if (strcmp(kind, "fischer") == 0) {
        if (!args_count(cmd, 3, 3))
            return htp_usage(cmd);
        if (!args_seconds(cmd->argv[1], TIME_MAX, &t.main_time, err, sizeof err)
            || !args_seconds(cmd->argv[2], INCREMENT_MAX, &t.increment, err, sizeof err))
            return htp_failure(cmd, "%s", err);
    } else {
        return htp_failure(cmd, "time control %s is not supported (none, absolute, canadian, "
                           "fischer)", kind);
    }
    if (!engine_set_time_settings(e, &t, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_time_left(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    hex_color_t c;
    double left;
    long stones = 0;
    if (!args_count(cmd, 2, 3))
        return htp_usage(cmd);
    if (!args_color(cmd->argv[0], &c, err, sizeof err)
        || !args_seconds(cmd->argv[1], TIME_MAX, &left, err, sizeof err)
        || (cmd->argc == 3 && !args_int(cmd->argv[2], 0, STONES_MAX, &stones, err, sizeof err)))
        return htp_failure(cmd, "%s", err);
    if (!engine_set_time_left(e, c, left, (int)stones, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

/* ---- SGF ------------------------------------------------------------ */

static htp_status_t
cmd_loadsgf(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    long moves = -1;
    if (!args_count(cmd, 1, 2))
        return htp_usage(cmd);
    if (cmd->argc == 2 && !args_int(cmd->argv[1], 0, 100000, &moves, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    game_t *loaded = malloc(sizeof *loaded);
    if (!loaded)
        return htp_failure(cmd, "out of memory");
    if (game_init(loaded, 11, 11) != GAME_OK) {
        free(loaded);
        return htp_failure(cmd, "out of memory");
    }
    if (!sgf_load_file(loaded, cmd->argv[0], (int)moves, err, sizeof err)) {
        game_free(loaded);
        free(loaded);
        return htp_failure(cmd, "%s", err);
    }
    engine_load_game(e, loaded);
    free(loaded);
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_savesgf(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 1, 1))
        return htp_usage(cmd);
    if (!sgf_save_file(&e->game, ENGINE_NAME ":" PACKAGE_VERSION, cmd->argv[0], err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

/* ---- parameters ----------------------------------------------------- */

/* param_game, param_player, param_player_ice, param_vc, param_resist,
 * param_dfpn, param_net, param_scns: one handler for every group of engine/params.h, found by
 * the command's name.  No argument lists "[type] key value" lines, KEY
 * shows one value, KEY VALUE sets it (the engine validates it and changes
 * nothing on error). */
static htp_status_t
cmd_param(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    const engine_param_group_t *g = engine_param_group(cmd->command->name);
    char err[ARGS_ERRLEN], line[PARAM_TEXT_MAX + 512];
    if (!g)
        return htp_failure(cmd, "no parameter group %s", cmd->command->name);
    const void *base = engine_param_base(e, g);
    if (cmd->argc == 0) {
        for (const param_desc_t *d = g->table; d->name; d++) {
            param_format(d, base, line, sizeof line);
            htp_printf(cmd, "%s\n", line);
        }
        return htp_success(cmd, NULL);
    }
    if (cmd->argc == 1) {
        const param_desc_t *d = param_find(g->table, cmd->argv[0]);
        if (!d)
            return htp_failure(cmd, "unknown parameter: %s", cmd->argv[0]);
        param_format_value(d, base, line, sizeof line);
        return htp_success(cmd, "%s", line);
    }
    if (cmd->argc != 2)
        return htp_usage(cmd);
    if (!engine_param_set(e, g, cmd->argv[0], cmd->argv[1], err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

/* ---- analysis and tools --------------------------------------------- */

static htp_status_t
cmd_hexgui_analyze_commands(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    /* TYPE/LABEL/COMMAND; no '/' in labels or commands.  Passed as an
     * argument: the wildcards (%m, %c, %p, %P) are not printf's.  The
     * solver's entries carry a time limit in seconds: HexGui locks the
     * board and enables Stop only for commands that start with genmove,
     * dfpn-solve-state or dfpn-solver-find-winning, so nothing stops
     * solve, and clicks made meanwhile wait behind it; the dfpn entries
     * are bounded alike, so that no entry runs for minutes (running one
     * again goes on from the table).  Cell energies as 0-99 labels: four
     * decimals overflow HexGui's cells at its default size. */
    return htp_success(cmd, "%s",
                       "param/Game Parameters/param_game\n"
                       "param/Player Parameters/param_player\n"
                       "string/Final Score/final_score\n"
                       "string/Show Board/showboard\n"
                       "string/Benchmark (1 s)/benchmark 1\n"
                       "inferior/Compute Inferior/compute-inferior %m\n"
                       "param/ICE Param/param_player_ice\n"
                       "inferior/VC Build/vc-build %m\n"
                       "vc/VC Between Cells Full/vc-between-cells-full %c %P\n"
                       "vc/VC Between Cells Semi/vc-between-cells-semi %c %P\n"
                       "plist/VC Connected To Full/vc-connected-to-full %c %p\n"
                       "plist/VC Connected To Semi/vc-connected-to-semi %c %p\n"
                       "plist/VC Mustplay/vc-get-mustplay %m\n"
                       "param/VC Param/param_vc\n"
                       "string/Show Resist/eval-resist %c\n"
                       "pspairs/Show Cell Energy/eval-resist-cells-relative %c\n"
                       "param/Resist Param/param_resist\n"
                       "none/DFPN Solve State (10 s)/dfpn-solve-state %m 10\n"
                       "plist/DFPN Find Winning (10 s)/dfpn-solver-find-winning %m 10\n"
                       "var/DFPN PV/dfpn-get-pv %m\n"
                       "pspairs/DFPN Bounds/dfpn-get-bounds %m\n"
                       "none/DFPN Clear TT/dfpn-clear-tt\n"
                       "param/DFPN Param/param_dfpn\n"
                       "string/Solve (10 s)/solve %m 10\n"
                       "var/SCNS PV/scns-pv\n"
                       "pspairs/SCNS Values/scns-values\n"
                       "param/SCNS Param/param_scns\n"
                       "string/Net Value/net-value %c\n"
                       "pspairs/Net Policy/net-policy %c\n"
                       "pspairs/Net Move Values/net-move-values %c\n"
                       "param/Net Param/param_net\n"
                       "pspairs/Review Move (up to 6 s)/review-move 2 1\n");
}

static htp_status_t
cmd_benchmark(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    double seconds = 1.0;
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (cmd->argc == 1 && !args_seconds(cmd->argv[0], 86400, &seconds, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    geometry_t *geo = geometry_new(11, 11);
    if (!geo)
        return htp_failure(cmd, "out of memory");
    stop_t stop = htp_cmd_stop(cmd);
    benchmark_result_t r;
    bool ok = benchmark_random_fills(geo, seconds, &stop, &e->rng, &r);
    geometry_unref(geo);
    if (!ok)
        return htp_failure(cmd, "out of memory");
    double rate = r.seconds > 0 ? (double)r.games / r.seconds : 0.0;
    return htp_success(cmd, "%.0f games/s (%llu random 11x11 fills in %.3f s, black won %.1f%%)",
                       rate, (unsigned long long)r.games, r.seconds,
                       r.games ? 100.0 * (double)r.black_wins / (double)r.games : 0.0);
}

/* ---- the table ------------------------------------------------------ */

const htp_command_t commands_table[] = {
    /* administrative */
    { "protocol_version", cmd_protocol_version, "", "the HTP/GTP protocol version: 2" },
    { "name", cmd_name, "", "the engine's name" },
    { "version", cmd_version, "", "the engine's version" },
    { "known_command", cmd_known_command, "COMMAND", "true if COMMAND exists, else false" },
    { "list_commands", cmd_list_commands, "", "every command, one per line" },
    { "help", cmd_help, "[COMMAND]", "what each command does" },
    { "quit", cmd_quit, "", "answer, then exit" },
    /* the game */
    { "boardsize", cmd_boardsize, "WIDTH [HEIGHT]", "start a fresh empty game of that size" },
    { "clear_board", cmd_clear_board, "", "start a fresh empty game of the same size" },
    { "play", cmd_play, "COLOUR MOVE", "play a cell, swap-pieces or resign (any colour order)" },
    { "genmove", cmd_genmove, "COLOUR", "choose a move for COLOUR, play it and answer it" },
    { "reg_genmove", cmd_reg_genmove, "COLOUR", "choose a move for COLOUR without playing it" },
    { "undo", cmd_undo, "", "take back the last move" },
    { "showboard", cmd_showboard, "", "the board as a diagram" },
    { "final_score", cmd_final_score, "", "B+ or W+ once the game is over" },
    { "all_legal_moves", cmd_all_legal_moves, "[COLOUR]",
      "every legal move now (swap-pieces with param_game allow_swap 1)" },
    /* time */
    { "time_settings", cmd_time_settings, "MAIN BYO STONES",
      "main time, then BYO seconds per STONES moves (BYO>0, STONES=0: no limit)" },
    { "time_left", cmd_time_left, "COLOUR SECONDS [STONES]", "time left for COLOUR" },
    { "kata-time_settings", cmd_kata_time_settings, "none|absolute MAIN|canadian MAIN BYO "
      "STONES|fischer MAIN INC", "the time control in KataGo's form (fischer: an increment)" },
    /* SGF */
    { "loadsgf", cmd_loadsgf, "FILE [MOVES]", "load a game's main line (at most MOVES moves)" },
    { "savesgf", cmd_savesgf, "FILE", "save the game as SGF" },
    /* parameters */
    { "param_game", cmd_param, "[KEY [VALUE]]", "game parameters: list, show or set" },
    { "param_player", cmd_param, "[KEY [VALUE]]", "player parameters: list, show or set" },
    /* inferior cells */
    { "compute-inferior", cmd_compute_inferior, "COLOUR",
      "dead, captured, vulnerable and dominated cells for COLOUR to move (HexGui inferior)" },
    { "param_player_ice", cmd_param, "[KEY [VALUE]]",
      "inferior-cell engine parameters: list, show or set" },
    /* virtual connections */
    { "vc-build", cmd_vc_build, "COLOUR",
      "VCs with COLOUR to move: the cells outside its must-play (HexGui inferior, x)" },
    { "vc-between-cells-full", cmd_vc_between_cells_full, "COLOUR A B",
      "COLOUR's full VCs between A and B (HexGui vc)" },
    { "vc-between-cells-semi", cmd_vc_between_cells_semi, "COLOUR A B",
      "COLOUR's semi VCs between A and B (HexGui vc)" },
    { "vc-connected-to-full", cmd_vc_connected_to_full, "COLOUR A",
      "the cells with a full VC of COLOUR to A" },
    { "vc-connected-to-semi", cmd_vc_connected_to_semi, "COLOUR A",
      "the cells with a semi VC of COLOUR to A" },
    { "vc-get-mustplay", cmd_vc_get_mustplay, "COLOUR",
      "COLOUR's must-play: every other move loses (empty when lost already)" },
    { "param_vc", cmd_param, "[KEY [VALUE]]", "VC engine parameters: list, show or set" },
    /* circuit evaluation */
    { "eval-resist", cmd_eval_resist, "[COLOUR]",
      "circuit resistances: res log(Rw/Rb) rew Rw reb Rb (HexGui string)" },
    { "eval-resist-cells", cmd_eval_resist_cells, "[COLOUR]",
      "move score of every empty cell by circuit energy (HexGui pspairs)" },
    { "eval-resist-cells-relative", cmd_eval_resist_cells_relative, "[COLOUR]",
      "every empty cell's move score from 0 to 99, 99 the best (HexGui pspairs)" },
    { "param_resist", cmd_param, "[KEY [VALUE]]",
      "circuit evaluation parameters: list, show or set" },
    /* the solver */
    { "dfpn-solve-state", cmd_dfpn_solve_state, "COLOUR [SECONDS]",
      "solve with COLOUR to move: answers the winner (unknown when stopped)" },
    { "dfpn-solver-find-winning", cmd_dfpn_find_winning, "COLOUR [SECONDS]",
      "COLOUR's winning moves among those the solver considers" },
    { "dfpn-clear-tt", cmd_dfpn_clear_tt, "", "empty the solver's transposition table" },
    { "dfpn-get-pv", cmd_dfpn_get_pv, "COLOUR",
      "the principal variation in the table, COLOUR first" },
    { "dfpn-get-bounds", cmd_dfpn_get_bounds, "COLOUR",
      "each considered move of COLOUR: W, L or the reply's delta:phi (HexGui pspairs)" },
    { "dfpn-save-proof", cmd_dfpn_save_proof, "FILE [COLOUR [SECONDS]]",
      "solve for COLOUR (default: to move) and write the proof certificate to FILE" },
    { "param_dfpn", cmd_param, "[KEY [VALUE]]", "solver parameters: list, show or set" },
    { "param_net", cmd_param, "[KEY [VALUE]]",
      "the policy and value network: list, show or set (file FILE reads it)" },
    { "net-value", cmd_net_value, "[COLOUR]",
      "the network's chance that COLOUR (default: to move) wins, to move (HexGui string)" },
    { "net-policy", cmd_net_policy, "[COLOUR]",
      "the network's policy for COLOUR to move, each empty cell in percent (HexGui pspairs)" },
    { "net-move-values", cmd_net_move_values, "[COLOUR]",
      "COLOUR's chance of winning after each empty cell, in percent (HexGui pspairs)" },
    { "solve", cmd_solve, "[COLOUR] [SECONDS]",
      "solve for COLOUR (default: to move): the winner, a winning move and figures" },
    /* the solved-position database */
    { "db-open", cmd_db_open, "FILE",
      "open the solved-position database FILE (created when absent) for the solver" },
    { "db-close", cmd_db_close, "", "close the solved-position database" },
    { "db-clear", cmd_db_clear, "", "remove every position from the open database" },
    { "db-stat", cmd_db_stat, "",
      "the database's file, positions stored, and this session's hits, misses, stores" },
    { "db-get", cmd_db_get, "[COLOUR]",
      "the stored result of the position for COLOUR (default: the side to move)" },
    /* the SCNS player */
    { "param_scns", cmd_param, "[KEY [VALUE]]", "SCNS player parameters: list, show or set" },
    { "scns-pv", cmd_scns_pv, "",
      "the SCNS player's principal variation from here after its genmove (HexGui var)" },
    { "scns-values", cmd_scns_values, "",
      "each root move of the SCNS player's last search: VALUE:WORK, W or L when proven "
      "(HexGui pspairs)" },
    /* the review */
    { "review-move", cmd_review_move, "[SECONDS [SOLVE_SECONDS]]",
      "the last move's review: hein's best move and value, the move's loss, a proven win "
      "(HexGui pspairs)" },
    /* analysis and tools */
    { "hexgui-analyze_commands", cmd_hexgui_analyze_commands, "", "HexGui's analyze menu" },
    { "benchmark", cmd_benchmark, "[SECONDS]",
      "random 11x11 fills for SECONDS (default 1); answers games per second" },
    { NULL, NULL, NULL, NULL }
};
