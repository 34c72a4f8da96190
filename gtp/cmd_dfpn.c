/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solver's HTP commands (cmd_dfpn.h). */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>

#include "engine/engine.h"
#include "engine/param.h"
#include "gtp/cmd_dfpn.h"
#include "gtp/commands.h"
#include "search/dfpn.h"
#include "search/spdfpn.h"

#define PV_MAX 64

static const param_desc_t dfpn_param_table[] = {
    { "epsilon", PARAM_DOUBLE, offsetof(dfpn_params_t, epsilon), 0, 10, NULL,
      "the 1+epsilon trick: a child is searched until its proof number passes "
      "(1+epsilon) times the second best's" },
    { "tt_mb", PARAM_INT, offsetof(dfpn_params_t, tt_mb), 1, 1 << 20, NULL,
      "transposition table size in MiB (changing it empties the table)" },
    { "timelimit", PARAM_DOUBLE, offsetof(dfpn_params_t, timelimit), 0, 1e7, NULL,
      "seconds per solve; 0: no limit" },
    { "use_guifx", PARAM_BOOL, offsetof(dfpn_params_t, use_guifx), 0, 1, NULL,
      "live gogui-gfx dfpn blocks on stdout while solving" },
    { "threads", PARAM_INT, offsetof(dfpn_params_t, threads), 1, SPDFPN_MAX_THREADS, NULL,
      "solver threads; more than 1 runs the parallel solver (SPDFPN)" },
    { "max_work_per_job", PARAM_INT, offsetof(dfpn_params_t, max_work_per_job), 0, 1 << 30, NULL,
      "SPDFPN: DFPN calls per job; 0: by board size (100 up to 8x8, 50 on 9x9 and 10x10, "
      "20 from 11x11)" },
    { "widening_base", PARAM_DOUBLE, offsetof(dfpn_params_t, widening_base), 0, 1000, NULL,
      "focused search: children considered = max(2, ceil(base + factor * open))" },
    { "widening_factor", PARAM_DOUBLE, offsetof(dfpn_params_t, widening_factor), 0, 1, NULL,
      "focused search: the share of the open children considered" },
    { "progress_interval", PARAM_DOUBLE, offsetof(dfpn_params_t, progress_interval), 0.1, 1e6,
      NULL, "seconds between progress reports" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* ---- the solver on the engine ---------------------------------------- */

typedef struct solver {
    engine_t *e;
    htp_cmd_t *cmd;
    spdfpn_t *p;                /* params.threads workspaces */
    dfpn_t *s;                  /* the first: PV, bounds, moves */
    kn_config_t cfg;
} solver_t;

/* The engine's table, made (or remade at a new size) on demand. */
static tt_t *
engine_tt(engine_t *e)
{
    size_t bytes = (size_t)e->dfpn_params.tt_mb << 20;
    if (e->tt && e->tt_mb != e->dfpn_params.tt_mb) {
        tt_free(e->tt);
        e->tt = NULL;
    }
    if (!e->tt) {
        e->tt = tt_new(bytes);
        e->tt_mb = e->dfpn_params.tt_mb;
    }
    return e->tt;
}

static void
progress(void *arg, const dfpn_progress_t *p)
{
    solver_t *sv = arg;
    const dfpn_stats_t *st = p->stats;
    double rate = st->seconds > 0 ? (double)st->expansions / st->seconds : 0;
    char root[48];
    if (p->root_phi == 0 || p->root_delta == 0)
        snprintf(root, sizeof root, "%s", p->root_phi == 0 ? "win" : "loss");
    else
        snprintf(root, sizeof root, "%u:%u", p->root_phi, p->root_delta);
    fprintf(stderr, "dfpn %.1f s: %llu expansions (%.0f/s), %llu calls, tt %zu of %zu (%.0f%%), "
            "root %s\n", st->seconds, (unsigned long long)st->expansions, rate,
            (unsigned long long)st->work, p->tt_used, p->tt_capacity,
            p->tt_capacity ? 100.0 * (double)p->tt_used / (double)p->tt_capacity : 0.0, root);
    if (!sv->e->dfpn_params.use_guifx)
        return;
    /* gogui-gfx: dfpn VAR .. LABEL .. TEXT .. (hexgui-protocol.md §7).
     * HexGui numbers the VAR stones as moves: the line searched, without
     * the fill-in stones played on the way (they are not moves, and are
     * not shown). */
    const geometry_t *g = p->pos->geo;
    size_t cap = 64 + (size_t)(p->path_len + p->nchildren) * 32, len = 0;
    char *text = malloc(cap);
    if (!text)
        return;
    char name[MOVE_NAME_MAX];
    len += (size_t)snprintf(text + len, cap - len, "dfpn\nVAR");
    hex_color_t c = p->root_to_move;
    for (int i = 0; i < p->path_len; i++, c = hex_color_other(c))
        len += (size_t)snprintf(text + len, cap - len, " %c %s", c == HEX_BLACK ? 'B' : 'W',
                                geometry_move_name(g, p->path[i], name));
    len += (size_t)snprintf(text + len, cap - len, "\nLABEL");
    for (int i = 0; i < p->nchildren; i++) {
        geometry_move_name(g, p->children[i], name);
        if (p->child_delta[i] == 0)
            len += (size_t)snprintf(text + len, cap - len, " %s W", name);
        else if (p->child_phi[i] == 0)
            len += (size_t)snprintf(text + len, cap - len, " %s L", name);
        else
            len += (size_t)snprintf(text + len, cap - len, " %s %u", name, p->child_delta[i]);
    }
    snprintf(text + len, cap - len, "\nTEXT %.1f s, %llu expansions, root %s", st->seconds,
             (unsigned long long)st->expansions, root);
    htp_gfx(sv->cmd->htp, text);
    free(text);
}

static bool
solver_open(solver_t *sv, engine_t *e, htp_cmd_t *cmd)
{
    sv->e = e;
    sv->cmd = cmd;
    sv->cfg.ice_patterns = e->ice_patterns;
    sv->cfg.ice_params = &e->ice_params;
    sv->cfg.vc_templates = e->vc_params.use_templates ? e->vc_templates : NULL;
    sv->cfg.vc_params = &e->vc_params;
    sv->cfg.order = KN_ORDER_RESIST;
    sv->cfg.resist_params = &e->resist_params;
    sv->cfg.rules_only = false;
    tt_t *tt = engine_tt(e);
    sv->p = tt ? spdfpn_new(tt, &sv->cfg, e->dfpn_params.threads) : NULL;
    if (!sv->p)
        return false;           /* nothing to close */
    spdfpn_set_progress(sv->p, progress, sv);
    sv->s = spdfpn_workspace(sv->p);
    return true;
}

static void
solver_close(solver_t *sv)
{
    spdfpn_free(sv->p);
}

/* The stop condition of cmd with a time limit (0: none). */
static stop_t
solve_stop(const htp_cmd_t *cmd, double seconds)
{
    stop_t stop = htp_cmd_stop(cmd);
    if (seconds > 0)
        stop.deadline = stop_now() + seconds;
    return stop;
}

static htp_status_t
usage(htp_cmd_t *cmd)
{
    return htp_failure(cmd, "usage: %s %s", cmd->command->name, cmd->command->args);
}

/* The one argument COLOUR of cmd; false with the failure answered (*st). */
static bool
one_color(htp_cmd_t *cmd, hex_color_t *c, htp_status_t *st)
{
    if (cmd->argc != 1) {
        *st = usage(cmd);
        return false;
    }
    if (!hex_color_parse(cmd->argv[0], c)) {
        *st = htp_failure(cmd, "invalid colour: %s (use black, white, b or w)", cmd->argv[0]);
        return false;
    }
    return true;
}

/* The arguments COLOUR [SECONDS] of cmd (SECONDS: default param_dfpn
 * timelimit, 0 for none); false with the failure answered (*st). */
static bool
color_seconds(htp_cmd_t *cmd, const engine_t *e, hex_color_t *c, double *seconds,
              htp_status_t *st)
{
    *seconds = e->dfpn_params.timelimit;
    if (cmd->argc < 1 || cmd->argc > 2) {
        *st = usage(cmd);
        return false;
    }
    if (!hex_color_parse(cmd->argv[0], c)) {
        *st = htp_failure(cmd, "invalid colour: %s (use black, white, b or w)", cmd->argv[0]);
        return false;
    }
    if (cmd->argc == 1)
        return true;
    char *end;
    *seconds = strtod(cmd->argv[1], &end);
    if (end == cmd->argv[1] || *end || !(*seconds >= 0) || *seconds > 1e7) {
        *st = htp_failure(cmd, "invalid seconds: %s", cmd->argv[1]);
        return false;
    }
    return true;
}

/* ---- commands -------------------------------------------------------- */

htp_status_t
cmd_dfpn_solve_state(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    double seconds;
    htp_status_t st;
    if (!color_seconds(cmd, e, &color, &seconds, &st))
        return st;
    solver_t sv;
    if (!solver_open(&sv, e, cmd))
        return htp_failure(cmd, "out of memory");
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_result_t r;
    spdfpn_solve(sv.p, &e->game.pos, color, &e->dfpn_params, &stop, &r);
    solver_close(&sv);
    return htp_success(cmd, "%s", r.winner == HEX_EMPTY ? "unknown" : hex_color_name(r.winner));
}

htp_status_t
cmd_dfpn_find_winning(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    double seconds;
    htp_status_t st;
    if (!color_seconds(cmd, e, &color, &seconds, &st))
        return st;
    const position_t *pos = &e->game.pos;
    if (pos->winner != HEX_EMPTY)
        return htp_failure(cmd, "the game is over");
    solver_t sv;
    kn_expansion_t *x = malloc(sizeof *x);
    position_t *p = malloc(sizeof *p);
    if (!x || !p || !solver_open(&sv, e, cmd)) {
        free(x);
        free(p);
        return htp_failure(cmd, "out of memory");
    }
    stop_t stop = solve_stop(cmd, seconds);
    bool ok = dfpn_moves(sv.s, pos, color, x);
    bitset_t wins = bitset_empty();
    bool unknown = false;
    if (ok && x->decided == color) {
        /* won whatever it plays */
        wins = position_empty_cells(pos);
    } else if (ok && x->decided == HEX_EMPTY) {
        position_copy(p, pos);
        position_set_to_move(p, color);
        kn_play_fill(x, p);
        for (int i = 0; i < x->n && !unknown; i++) {
            dfpn_result_t r;
            position_play(p, color, x->moves[i]);
            spdfpn_solve(sv.p, p, hex_color_other(color), &e->dfpn_params, &stop, &r);
            position_undo(p);
            if (r.winner == color)
                bitset_set(&wins, x->moves[i]);
            unknown = r.winner == HEX_EMPTY;
        }
        position_free(p);
    }
    solver_close(&sv);
    free(x);
    free(p);
    if (!ok)
        return htp_failure(cmd, "out of memory");
    if (unknown)
        return htp_failure(cmd, "interrupted or out of time before every move was solved");
    char name[MOVE_NAME_MAX];
    const char *sep = "";
    for (int c = bitset_first(&wins); c >= 0; c = bitset_next(&wins, c)) {
        htp_printf(cmd, "%s%s", sep, geometry_move_name(pos->geo, c, name));
        sep = " ";
    }
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_dfpn_clear_tt(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (cmd->argc != 0)
        return usage(cmd);
    if (e->tt)
        tt_clear(e->tt);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_dfpn_get_pv(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    htp_status_t st;
    if (!one_color(cmd, &color, &st))
        return st;
    solver_t sv;
    if (!solver_open(&sv, e, cmd))
        return htp_failure(cmd, "out of memory");
    int pv[PV_MAX];
    int n = dfpn_pv(sv.s, &e->game.pos, color, pv, PV_MAX);
    solver_close(&sv);
    char name[MOVE_NAME_MAX];
    for (int i = 0; i < n; i++)
        htp_printf(cmd, "%s%s", i ? " " : "", geometry_move_name(e->game.pos.geo, pv[i], name));
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_dfpn_get_bounds(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    htp_status_t st;
    if (!one_color(cmd, &color, &st))
        return st;
    const position_t *pos = &e->game.pos;
    solver_t sv;
    kn_expansion_t *x = malloc(sizeof *x);
    position_t *p = malloc(sizeof *p);
    if (!x || !p || !solver_open(&sv, e, cmd)) {
        free(x);
        free(p);
        return htp_failure(cmd, "out of memory");
    }
    bool ok = pos->winner != HEX_EMPTY || dfpn_moves(sv.s, pos, color, x);
    if (ok && pos->winner == HEX_EMPTY && x->decided == HEX_EMPTY) {
        position_copy(p, pos);
        position_set_to_move(p, color);
        kn_play_fill(x, p);
        char name[MOVE_NAME_MAX];
        for (int i = 0; i < x->n; i++) {
            tt_data_t d;
            position_play(p, color, x->moves[i]);
            bool have = dfpn_lookup(sv.s, p, &d);
            position_undo(p);
            geometry_move_name(pos->geo, x->moves[i], name);
            if (!have)
                htp_printf(cmd, "%s%s ?", i ? " " : "", name);
            else if (d.delta == 0)
                htp_printf(cmd, "%s%s W", i ? " " : "", name);
            else if (d.phi == 0)
                htp_printf(cmd, "%s%s L", i ? " " : "", name);
            else
                htp_printf(cmd, "%s%s %u:%u", i ? " " : "", name, d.delta, d.phi);
        }
        position_free(p);
    }
    solver_close(&sv);
    free(x);
    free(p);
    if (!ok)
        return htp_failure(cmd, "out of memory");
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_param_dfpn(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    bool changed;
    return commands_param(cmd, dfpn_param_table, &e->dfpn_params, &changed);
}

htp_status_t
cmd_solve(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color = e->game.pos.to_move;
    double seconds = e->dfpn_params.timelimit;
    if (cmd->argc > 2)
        return usage(cmd);
    int i = 0;
    if (i < cmd->argc && hex_color_parse(cmd->argv[i], &color))
        i++;
    if (i < cmd->argc) {
        char *end;
        seconds = strtod(cmd->argv[i], &end);
        if (end == cmd->argv[i] || *end || !(seconds >= 0) || seconds > 1e7)
            return htp_failure(cmd, "invalid seconds: %s", cmd->argv[i]);
        i++;
    }
    if (i != cmd->argc)
        return usage(cmd);
    if (e->game.pos.winner != HEX_EMPTY)
        return htp_success(cmd, "%s has won already", hex_color_name(e->game.pos.winner));
    solver_t sv;
    if (!solver_open(&sv, e, cmd))
        return htp_failure(cmd, "out of memory");
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_result_t r;
    spdfpn_solve(sv.p, &e->game.pos, color, &e->dfpn_params, &stop, &r);
    solver_close(&sv);
    const dfpn_stats_t *st = &r.stats;
    double rate = st->seconds > 0 ? (double)st->expansions / st->seconds : 0;
    char name[MOVE_NAME_MAX];
    if (r.winner == HEX_EMPTY)
        htp_printf(cmd, "unknown (stopped)");
    else if (r.winner == color && r.best >= 0)
        htp_printf(cmd, "%s wins with %s", hex_color_name(color),
                   geometry_move_name(e->game.pos.geo, r.best, name));
    else if (r.winner == color)
        htp_printf(cmd, "%s wins whatever it plays", hex_color_name(color));
    else
        htp_printf(cmd, "%s loses", hex_color_name(color));
    struct rusage ru;
    long rss_mb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss / 1024 : -1;
    char threads[96] = "";
    if (e->dfpn_params.threads > 1)
        snprintf(threads, sizeof threads, ", %d threads, %llu jobs, idle %.0f%%",
                 e->dfpn_params.threads, (unsigned long long)st->jobs,
                 st->seconds > 0 ? 100.0 * st->idle_seconds
                 / (st->seconds * e->dfpn_params.threads) : 0.0);
    return htp_success(cmd, "\n%.2f s, %llu expansions (%.0f/s, %llu leaves), %llu DFPN calls, "
                       "%llu moves dominated by siblings, tt %zu of %zu, peak RSS %ld MiB%s",
                       st->seconds, (unsigned long long)st->expansions, rate,
                       (unsigned long long)st->terminal, (unsigned long long)st->work,
                       (unsigned long long)st->refuted, tt_used(e->tt), tt_capacity(e->tt),
                       rss_mb, threads);
}
