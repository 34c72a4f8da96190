/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solver's HTP commands (cmd_dfpn.h). */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "engine/certificate.h"
#include "engine/engine.h"
#include "engine/solver.h"
#include "gtp/args.h"
#include "gtp/cmd_dfpn.h"
#include "gtp/htp.h"

#define PV_MAX 64

/* ---- the solver on the engine ---------------------------------------- */

/* What a progress report needs: the command (its gfx) and the engine's
 * settings. */
typedef struct report {
    const engine_t *e;
    htp_cmd_t *cmd;
} report_t;

static void
progress(void *arg, const dfpn_progress_t *p)
{
    report_t *rp = arg;
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
    if (!rp->e->dfpn_params.use_guifx)
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
    htp_gfx(rp->cmd->htp, text);
    free(text);
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

/* The arguments COLOUR [SECONDS] of cmd (the caller checked the count;
 * SECONDS: default param_dfpn timelimit, 0 for none); false with a
 * message in err. */
static bool
color_seconds(const htp_cmd_t *cmd, const engine_t *e, hex_color_t *c, double *seconds,
              char *err, size_t errlen)
{
    *seconds = e->dfpn_params.timelimit;
    return args_color(cmd->argv[0], c, err, errlen)
        && args_optional_limit(cmd, 1, seconds, err, errlen);
}

/* What the database did in sv's last solve, on stderr (nothing when
 * none is open, or it only missed). */
static void
db_note(const solver_t *sv)
{
    const solver_db_report_t *d = solver_db_report(sv);
    if (d->hit)
        fprintf(stderr, "dfpn: from the database (work %llu)\n", (unsigned long long)d->work);
    else if (d->failed)
        fprintf(stderr, "dfpn: database: %s\n", d->error);
}

/* ---- commands -------------------------------------------------------- */

htp_status_t
cmd_dfpn_solve_state(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    hex_color_t color;
    double seconds;
    if (!args_count(cmd, 1, 2))
        return htp_usage(cmd);
    if (!color_seconds(cmd, e, &color, &seconds, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    solver_t *sv = engine_solver(e);
    if (!sv)
        return htp_failure(cmd, "out of memory");
    report_t rp = { e, cmd };
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_params_t prm = engine_solver_params(e);
    dfpn_result_t r;
    solver_solve(sv, &e->game.pos, color, &prm, &stop, progress, &rp, &r);
    db_note(sv);
    return htp_success(cmd, "%s", r.winner == HEX_EMPTY ? "unknown" : hex_color_name(r.winner));
}

htp_status_t
cmd_dfpn_find_winning(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    hex_color_t color;
    double seconds;
    if (!args_count(cmd, 1, 2))
        return htp_usage(cmd);
    if (!color_seconds(cmd, e, &color, &seconds, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    const position_t *pos = &e->game.pos;
    if (pos->winner != HEX_EMPTY)
        return htp_failure(cmd, "the game is over");
    solver_t *sv = engine_solver(e);
    report_t rp = { e, cmd };
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_params_t prm = engine_solver_params(e);
    bitset_t wins;
    bool unknown;
    if (!sv || !solver_find_winning(sv, pos, color, &prm, &stop, progress, &rp, &wins,
                                    &unknown))
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
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    solver_clear(e->solver);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_dfpn_get_pv(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    htp_status_t st;
    if (!args_only_color(cmd, &color, &st))
        return st;
    solver_t *sv = engine_solver(e);
    if (!sv)
        return htp_failure(cmd, "out of memory");
    int pv[PV_MAX];
    int n = solver_pv(sv, &e->game.pos, color, pv, PV_MAX);
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
    if (!args_only_color(cmd, &color, &st))
        return st;
    const position_t *pos = &e->game.pos;
    solver_t *sv = engine_solver(e);
    kn_expansion_t *x = malloc(sizeof *x);
    tt_data_t *d = malloc(HEX_MAX_CELLS * sizeof *d);
    bool *have = malloc(HEX_MAX_CELLS * sizeof *have);
    bool ok = sv && x && d && have && solver_bounds(sv, pos, color, x, d, have);
    char name[MOVE_NAME_MAX];
    for (int i = 0; ok && x->decided == HEX_EMPTY && i < x->n; i++) {
        geometry_move_name(pos->geo, x->moves[i], name);
        if (!have[i])
            htp_printf(cmd, "%s%s ?", i ? " " : "", name);
        else if (d[i].delta == 0)
            htp_printf(cmd, "%s%s W", i ? " " : "", name);
        else if (d[i].phi == 0)
            htp_printf(cmd, "%s%s L", i ? " " : "", name);
        else
            htp_printf(cmd, "%s%s %u:%u", i ? " " : "", name, d[i].delta, d[i].phi);
    }
    free(x);
    free(d);
    free(have);
    if (!ok)
        return htp_failure(cmd, "out of memory");
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_solve(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    hex_color_t color = e->game.pos.to_move;
    double seconds = e->dfpn_params.timelimit;
    if (!args_count(cmd, 0, 2))
        return htp_usage(cmd);
    /* [COLOUR] [SECONDS]: a first argument that is no colour is the
     * time, and nothing may follow the time */
    int i = cmd->argc > 0 && hex_color_parse(cmd->argv[0], &color) ? 1 : 0;
    if (i == 0 && cmd->argc == 2 && !args_color(cmd->argv[0], &color, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    if (!args_optional_limit(cmd, i, &seconds, err, sizeof err)) {
        if (cmd->argc == 1)     /* neither a colour nor a time */
            return htp_failure(cmd, "invalid colour or seconds: %s (black, white, b or w; "
                               "or seconds)", cmd->argv[0]);
        return htp_failure(cmd, "%s", err);
    }
    if (!args_count(cmd, i, i + 1))
        return htp_usage(cmd);
    if (e->game.pos.winner != HEX_EMPTY)
        return htp_success(cmd, "%s has won already", hex_color_name(e->game.pos.winner));
    solver_t *sv = engine_solver(e);
    if (!sv)
        return htp_failure(cmd, "out of memory");
    report_t rp = { e, cmd };
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_params_t prm = engine_solver_params(e);
    dfpn_result_t r;
    solver_solve(sv, &e->game.pos, color, &prm, &stop, progress, &rp, &r);
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
    const solver_db_report_t *dbr = solver_db_report(sv);
    if (dbr->hit)
        return htp_success(cmd, "\nfrom the database, work %llu", (unsigned long long)dbr->work);
    char db[400] = "";
    if (dbr->failed)
        snprintf(db, sizeof db, ", database: %s", dbr->error);
    else if (dbr->used)
        snprintf(db, sizeof db, ", %zu positions stored in the database", dbr->stored);
    struct rusage ru;
    long rss_mb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss / 1024 : -1;
    char threads[96] = "";
    if (prm.threads > 1)
        snprintf(threads, sizeof threads, ", %d threads, %llu jobs, idle %.0f%%", prm.threads,
                 (unsigned long long)st->jobs,
                 st->seconds > 0 ? 100.0 * st->idle_seconds / (st->seconds * prm.threads) : 0.0);
    return htp_success(cmd, "\n%.2f s, %llu expansions (%.0f/s, %llu leaves), %llu DFPN calls, "
                       "%llu moves dominated by siblings, tt %zu of %zu, peak RSS %ld MiB%s%s",
                       st->seconds, (unsigned long long)st->expansions, rate,
                       (unsigned long long)st->terminal, (unsigned long long)st->work,
                       (unsigned long long)st->refuted, tt_used(solver_table(sv)),
                       tt_capacity(solver_table(sv)),
                       rss_mb, threads, db);
}

htp_status_t
cmd_dfpn_save_proof(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    const position_t *pos = &e->game.pos;
    hex_color_t color = pos->to_move;
    double seconds = e->dfpn_params.timelimit;
    if (!args_count(cmd, 1, 3))
        return htp_usage(cmd);
    if (cmd->argc > 1 && !args_color(cmd->argv[1], &color, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    if (!args_optional_limit(cmd, 2, &seconds, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    solver_t *sv = engine_solver(e);
    if (!sv)
        return htp_failure(cmd, "out of memory");
    stop_t stop = solve_stop(cmd, seconds);
    dfpn_params_t prm = engine_solver_params(e);
    cert_stats_t st;
    char why[256];
    if (!certificate_write(sv, &prm, engine_knowledge(e), pos, color, &stop, cmd->argv[0], &st,
                           why, sizeof why))
        return htp_failure(cmd, "%s", why);
    fprintf(stderr, "dfpn-save-proof: %s wins; %llu game nodes (%llu connection leaves, %llu "
            "covers), %llu connection nodes, %zu bytes, %llu solves, %.2f s\n",
            hex_color_name(st.winner), (unsigned long long)st.game_nodes,
            (unsigned long long)st.vc_leaves, (unsigned long long)st.covers,
            (unsigned long long)st.conn_nodes, st.bytes, (unsigned long long)st.solver_calls,
            st.seconds);
    return htp_success(cmd, "%s %llu %llu %zu", hex_color_name(st.winner),
                       (unsigned long long)st.game_nodes, (unsigned long long)st.conn_nodes,
                       st.bytes);
}
