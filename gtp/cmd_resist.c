/* SPDX-License-Identifier: GPL-3.0-or-later */
/* eval-resist, eval-resist-cells(-relative) and param_resist (cmd_resist.h). */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/resist.h"
#include "board/vc.h"
#include "engine/engine.h"
#include "engine/param.h"
#include "gtp/cmd_resist.h"
#include "gtp/commands.h"

#define ERRLEN 256

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

/* The optional COLOUR argument; false with a message in err. */
static bool
check_args(const htp_cmd_t *cmd, char *err)
{
    hex_color_t c;
    if (cmd->argc > 1) {
        snprintf(err, ERRLEN, "usage: %s %s", cmd->command->name, cmd->command->args);
        return false;
    }
    if (cmd->argc == 1 && !hex_color_parse(cmd->argv[0], &c)) {
        snprintf(err, ERRLEN, "invalid colour: %s (use black, white, b or w)", cmd->argv[0]);
        return false;
    }
    return true;
}

/* Evaluate the engine's position into *r (allocated here; free it).
 * False when memory is short. */
static bool
evaluate(const engine_t *e, resist_result_t **r)
{
    const position_t *pos = &e->game.pos;
    const vc_templates_t *ts = e->vc_params.use_templates ? e->vc_templates : NULL;
    bool vcs_wanted = e->resist_params.use_vcs;
    vc_t *vc[2] = { NULL, NULL };
    resist_t *rs = resist_new();
    *r = malloc(sizeof **r);
    bool ok = rs && *r;
    if (ok && vcs_wanted) {
        vc[0] = vc_new(&e->vc_params, ts);
        vc[1] = vc_new(&e->vc_params, ts);
        ok = vc[0] && vc[1] && vc_build(vc[0], pos, HEX_BLACK) && vc_build(vc[1], pos, HEX_WHITE);
    }
    ok = ok && resist_compute(rs, &e->resist_params, pos, (const vc_t *const *)vc, *r);
    vc_free(vc[0]);
    vc_free(vc[1]);
    resist_free(rs);
    if (!ok) {
        free(*r);
        *r = NULL;
    }
    return ok;
}

htp_status_t
cmd_eval_resist(htp_cmd_t *cmd, void *ctx)
{
    const engine_t *e = ctx;
    char err[ERRLEN];
    if (!check_args(cmd, err))
        return htp_failure(cmd, "%s", err);
    resist_result_t *r;
    if (!evaluate(e, &r))
        return htp_failure(cmd, "out of memory");
    /* Benzene streams " res X rew Y reb Z" (a blank before every
     * token); the reply text starts at "res" here. */
    double v = fabs(r->value) < 0.0005 ? 0.0 : r->value;      /* no "-0.000" */
    htp_printf(cmd, "res %.3f rew %.3f reb %.3f", v, r->resistance[HEX_WHITE],
               r->resistance[HEX_BLACK]);
    free(r);
    return htp_success(cmd, NULL);
}

/* Every empty cell and its move score: the score itself with four
 * decimals, or (relative) an integer from 0 to 99, 99 for the best. */
static htp_status_t
resist_cells(htp_cmd_t *cmd, const engine_t *e, bool relative)
{
    char err[ERRLEN];
    if (!check_args(cmd, err))
        return htp_failure(cmd, "%s", err);
    resist_result_t *r;
    if (!evaluate(e, &r))
        return htp_failure(cmd, "out of memory");
    const position_t *pos = &e->game.pos;
    bitset_t empty = position_empty_cells(pos);
    double best = 0;
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c))
        best = fmax(best, r->score[c]);
    char name[MOVE_NAME_MAX];
    const char *sep = "";
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        geometry_move_name(pos->geo, c, name);
        if (!relative)
            htp_printf(cmd, "%s%s %.4f", sep, name, r->score[c]);
        else
            htp_printf(cmd, "%s%s %ld", sep, name, best > 0 ? lround(99 * r->score[c] / best) : 0L);
        sep = " ";
    }
    free(r);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_eval_resist_cells(htp_cmd_t *cmd, void *ctx)
{
    return resist_cells(cmd, ctx, false);
}

htp_status_t
cmd_eval_resist_cells_relative(htp_cmd_t *cmd, void *ctx)
{
    return resist_cells(cmd, ctx, true);
}

htp_status_t
cmd_param_resist(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    bool changed;
    return commands_param(cmd, resist_param_table, &e->resist_params, &changed);
}
