/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The analysis commands on a player's last search (cmd_scns.h). */
#include "config.h"

#include "engine/engine.h"
#include "gtp/cmd_scns.h"

/* The last search of this position, or of it before the answer was
 * played (*answered), into *r for a command that takes no arguments;
 * false with the failure answered in *st. */
static bool
last_search(htp_cmd_t *cmd, const engine_t *e, player_report_t *r, bool *answered,
            htp_status_t *st)
{
    if (cmd->argc != 0)
        *st = htp_usage(cmd);
    else if (!engine_last_search(e, r, answered))
        *st = htp_failure(cmd, "no SCNS search of this position "
                          "(genmove with param_player name scns first)");
    else
        return true;
    return false;
}

htp_status_t
cmd_scns_pv(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    player_report_t r;
    bool answered;
    htp_status_t st;
    if (!last_search(cmd, e, &r, &answered, &st))
        return st;
    const geometry_t *g = e->game.pos.geo;
    char name[MOVE_NAME_MAX];
    for (int i = answered ? 1 : 0, n = 0; i < r.pv_len; i++, n++)
        htp_printf(cmd, "%s%s", n ? " " : "", geometry_move_name(g, r.pv[i], name));
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_scns_values(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    player_report_t r;
    bool answered;
    htp_status_t st;
    if (!last_search(cmd, e, &r, &answered, &st))
        return st;
    const geometry_t *g = e->game.pos.geo;
    char name[MOVE_NAME_MAX];
    for (int i = 0; i < r.nchildren; i++) {
        const player_child_t *c = &r.child[i];
        htp_printf(cmd, "%s%s ", i ? " " : "", geometry_move_name(g, c->move, name));
        if (c->value == PLAYER_VALUE_WIN)
            htp_printf(cmd, "W");
        else if (c->value == PLAYER_VALUE_LOSS)
            htp_printf(cmd, "L");
        else
            htp_printf(cmd, "%d", (int)c->value);
        htp_printf(cmd, ":%llu", (unsigned long long)c->work);
    }
    return htp_success(cmd, NULL);
}
