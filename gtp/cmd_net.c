/* SPDX-License-Identifier: GPL-3.0-or-later */
/* net-value, net-policy and net-move-values (cmd_net.h). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/net.h"
#include "engine/engine.h"
#include "gtp/args.h"
#include "gtp/cmd_net.h"
#include "gtp/htp.h"

/* What one evaluation gives: per cell (cell ids) and for the position. */
typedef struct net_answer {
    float policy[HEX_MAX_CELLS];
    float moveval[HEX_MAX_CELLS];
    float value;
    bool moveval_known;         /* the net has the move-value head */
} net_answer_t;

/* Evaluate the engine's position for the command's colour (its one
 * optional argument, else the side to move) into *a (allocated here; free
 * it).  False with a message in err, *a NULL, when it cannot. */
static bool
evaluate(const htp_cmd_t *cmd, engine_t *e, hex_color_t *color, net_answer_t **a, char *err,
         size_t errlen)
{
    *a = NULL;
    *color = game_to_move(&e->game);
    if (cmd->argc == 1 && !args_color(cmd->argv[0], color, err, errlen))
        return false;
    const net_t *net = engine_knowledge(e)->net;
    if (!net) {
        snprintf(err, errlen, "no network in use (param_net)");
        return false;
    }
    net_scratch_t *s = net_scratch_new(net);
    *a = calloc(1, sizeof **a);
    if (!s || !*a) {
        net_scratch_free(s);
        free(*a);
        *a = NULL;
        snprintf(err, errlen, "out of memory");
        return false;
    }
    (*a)->moveval_known = net_has_move_values(net);
    net_eval_all(net, s, &e->game.pos, NULL, *color, engine_knowledge(e)->net_path, (*a)->policy,
                 &(*a)->value, (*a)->moveval);
    net_scratch_free(s);
    return true;
}

htp_status_t
cmd_net_value(htp_cmd_t *cmd, void *ctx)
{
    hex_color_t color;
    net_answer_t *a;
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (!evaluate(cmd, ctx, &color, &a, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    htp_printf(cmd, "%s %.3f", color == HEX_BLACK ? "black" : "white", a->value);
    free(a);
    return htp_success(cmd, NULL);
}

/* CELL PERCENT for every empty cell of the position, from per-cell
 * figures in [0, 1]. */
static void
print_cells(htp_cmd_t *cmd, const position_t *pos, const float *figure)
{
    bitset_t empty = position_empty_cells(pos);
    char name[MOVE_NAME_MAX];
    const char *sep = "";
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        geometry_move_name(pos->geo, c, name);
        htp_printf(cmd, "%s%s %ld", sep, name, lround(100.0 * figure[c]));
        sep = " ";
    }
}

/* net-policy (moveval false) or net-move-values: every empty cell's
 * figure in percent. */
static htp_status_t
net_cells(htp_cmd_t *cmd, engine_t *e, bool moveval)
{
    hex_color_t color;
    net_answer_t *a;
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (!evaluate(cmd, e, &color, &a, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    if (moveval && !a->moveval_known) {
        free(a);
        return htp_failure(cmd, "the network has no move-value head (format version 1)");
    }
    print_cells(cmd, &e->game.pos, moveval ? a->moveval : a->policy);
    free(a);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_net_policy(htp_cmd_t *cmd, void *ctx)
{
    return net_cells(cmd, ctx, false);
}

htp_status_t
cmd_net_move_values(htp_cmd_t *cmd, void *ctx)
{
    return net_cells(cmd, ctx, true);
}
