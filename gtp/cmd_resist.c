/* SPDX-License-Identifier: GPL-3.0-or-later */
/* eval-resist and eval-resist-cells(-relative) (cmd_resist.h). */
#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "board/resist.h"
#include "board/knowledge.h"
#include "board/vc.h"
#include "engine/engine.h"
#include "gtp/args.h"
#include "gtp/cmd_resist.h"
#include "gtp/htp.h"

/* The optional COLOUR argument, checked and not used (the evaluation is
 * the same for either side to move); false with a message in err. */
static bool
optional_color(const htp_cmd_t *cmd, char *err, size_t errlen)
{
    hex_color_t c;
    return cmd->argc == 0 || args_color(cmd->argv[0], &c, err, errlen);
}

/* Evaluate the engine's position into *r (allocated here; free it).
 * False when memory is short. */
static bool
evaluate(engine_t *e, resist_result_t **r)
{
    const position_t *pos = &e->game.pos;
    const kn_config_t *cfg = engine_knowledge(e);
    const vc_t *vc[2] = { NULL, NULL };
    resist_t *rs = resist_new();
    *r = malloc(sizeof **r);
    bool ok = rs && *r;
    if (ok && cfg->resist_params->use_vcs) {
        /* both colours' VCs, as the board knowledge builds them */
        bitset_t must;
        const kn_t *kn = engine_survey(e, HEX_BLACK, &must, NULL);
        ok = kn != NULL;
        if (ok) {
            vc[HEX_BLACK] = kn_vc(kn, HEX_BLACK);
            vc[HEX_WHITE] = kn_vc(kn, HEX_WHITE);
        }
    }
    ok = ok && resist_compute(rs, cfg->resist_params, pos, vc, *r);
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
    engine_t *e = ctx;
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (!optional_color(cmd, err, sizeof err))
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
resist_cells(htp_cmd_t *cmd, engine_t *e, bool relative)
{
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (!optional_color(cmd, err, sizeof err))
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
