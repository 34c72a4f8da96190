/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SCNS player's HTP commands (cmd_scns.h). */
#include "config.h"

#include "engine/engine.h"
#include "gtp/cmd_scns.h"

#define NO_SEARCH "no SCNS search of this position (genmove with param_player name scns first)"

htp_status_t
cmd_scns_pv(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (cmd->argc != 0)
        return htp_usage(cmd);
    bool answered;
    const scns_result_t *r = engine_scns_last(e, &answered);
    if (!r)
        return htp_failure(cmd, "%s", NO_SEARCH);
    const geometry_t *g = e->game.pos.geo;
    char name[MOVE_NAME_MAX];
    for (int i = answered ? 1 : 0, n = 0; i < r->pv_len; i++, n++)
        htp_printf(cmd, "%s%s", n ? " " : "", geometry_move_name(g, r->pv[i], name));
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_scns_values(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (cmd->argc != 0)
        return htp_usage(cmd);
    bool answered;
    const scns_result_t *r = engine_scns_last(e, &answered);
    if (!r)
        return htp_failure(cmd, "%s", NO_SEARCH);
    const geometry_t *g = e->game.pos.geo;
    char name[MOVE_NAME_MAX];
    for (int i = 0; i < r->nchildren; i++) {
        const scns_child_t *c = &r->child[i];
        htp_printf(cmd, "%s%s ", i ? " " : "", geometry_move_name(g, c->move, name));
        if (c->value == PNFUNC_PLUS_INF)
            htp_printf(cmd, "W");
        else if (c->value == PNFUNC_MINUS_INF)
            htp_printf(cmd, "L");
        else
            htp_printf(cmd, "%d", (int)c->value);
        htp_printf(cmd, ":%llu", (unsigned long long)c->work);
    }
    return htp_success(cmd, NULL);
}
