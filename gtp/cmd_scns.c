/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The SCNS player's HTP commands (cmd_scns.h). */
#include "config.h"

#include "engine/engine.h"
#include "gtp/cmd_scns.h"

/* The SCNS player's last search if it was of this position (or of it
 * before the answer was played: *answered), for a command that takes no
 * arguments; NULL with the failure answered in *st. */
static const scns_result_t *
last_search(htp_cmd_t *cmd, const engine_t *e, bool *answered, htp_status_t *st)
{
    const scns_result_t *r = NULL;
    if (cmd->argc != 0)
        *st = htp_usage(cmd);
    else if (!(r = engine_scns_last(e, answered)))
        *st = htp_failure(cmd, "no SCNS search of this position "
                          "(genmove with param_player name scns first)");
    return r;
}

htp_status_t
cmd_scns_pv(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    bool answered;
    htp_status_t st;
    const scns_result_t *r = last_search(cmd, e, &answered, &st);
    if (!r)
        return st;
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
    bool answered;
    htp_status_t st;
    const scns_result_t *r = last_search(cmd, e, &answered, &st);
    if (!r)
        return st;
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
