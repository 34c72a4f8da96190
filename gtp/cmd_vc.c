/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The vc-* commands and param_vc (cmd_vc.h). */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "engine/param.h"
#include "gtp/cmd_ice.h"
#include "gtp/cmd_vc.h"
#include "gtp/commands.h"

#define ERRLEN 256

static const param_desc_t vc_param_table[] = {
    { "max_fulls", PARAM_INT, offsetof(vc_params_t, max_fulls), 1, 1000, NULL,
      "full connections kept per endpoint pair" },
    { "max_semis", PARAM_INT, offsetof(vc_params_t, max_semis), 1, 1000, NULL,
      "semi connections kept per endpoint pair" },
    { "max_ors", PARAM_INT, offsetof(vc_params_t, max_ors), 2, 16, NULL,
      "most semis one OR rule combines" },
    { "use_templates", PARAM_BOOL, offsetof(vc_params_t, use_templates), 0, 1, NULL,
      "add the edge templates of share/patterns/vc-templates.txt" },
    { "incremental", PARAM_BOOL, offsetof(vc_params_t, incremental), 0, 1, NULL,
      "update the lists after a move (else rebuild them)" },
    { "and_over_edge", PARAM_BOOL, offsetof(vc_params_t, and_over_edge), 0, 1, NULL,
      "apply the AND rule over the edges too" },
    { NULL, PARAM_BOOL, 0, 0, 0, NULL, NULL }
};

/* Both colours' VCs on pos, with the engine's templates (NULL: none or
 * disabled).  Free with vcs_free.  False when memory is short. */
static bool
vcs_build(const vc_params_t *params, const vc_templates_t *ts, const position_t *pos,
          vc_t *vc[2])
{
    if (!params->use_templates)
        ts = NULL;
    vc[0] = vc_new(params, ts);
    vc[1] = vc_new(params, ts);
    return vc[0] && vc[1] && vc_build(vc[0], pos, HEX_BLACK) && vc_build(vc[1], pos, HEX_WHITE);
}

static void
vcs_free(vc_t *vc[2])
{
    vc_free(vc[0]);
    vc_free(vc[1]);
}

bool
cmd_vc_consider_set(const vc_params_t *params, const vc_templates_t *ts,
                    const position_t *pos, hex_color_t to_move, bitset_t *consider)
{
    vc_t *vc[2];
    bool ok = vcs_build(params, ts, pos, vc);
    if (ok)
        vc_mustplay(vc[hex_color_other(to_move)], pos, consider);
    vcs_free(vc);
    return ok;
}

/* A cell or an edge name. */
static bool
parse_endpoint(const geometry_t *g, const char *s, int *id)
{
    static const char *const edges[4] = { "north", "south", "west", "east" };
    for (int i = 0; i < 4; i++)
        if (strcasecmp(s, edges[i]) == 0) {
            *id = HEX_NORTH + i;
            return true;
        }
    return geometry_parse_move(g, s, id) == MOVE_PARSE_OK && *id >= 0;
}

static bool
parse_args(htp_cmd_t *cmd, const engine_t *e, int nids, hex_color_t *color, int *ids,
           char *err)
{
    if (cmd->argc != 1 + nids) {
        htp_usage_text(cmd, err, ERRLEN);
        return false;
    }
    if (!hex_color_parse(cmd->argv[0], color)) {
        snprintf(err, ERRLEN, "invalid colour: %s (use black, white, b or w)", cmd->argv[0]);
        return false;
    }
    for (int i = 0; i < nids; i++)
        if (!parse_endpoint(e->game.pos.geo, cmd->argv[1 + i], &ids[i])) {
            snprintf(err, ERRLEN, "invalid cell: %s", cmd->argv[1 + i]);
            return false;
        }
    return true;
}

static void
write_cells(htp_cmd_t *cmd, const geometry_t *g, const bitset_t *s)
{
    char name[MOVE_NAME_MAX];
    const char *sep = "";
    for (int c = bitset_first(s); c >= 0; c = bitset_next(s, c)) {
        htp_printf(cmd, "%s%s", sep, geometry_move_name(g, c, name));
        sep = " ";
    }
}

/* vc-build COLOUR: HexGui's Hint.  The inferior cells for COLOUR to move
 * (fill-in, vulnerable, dominated: as compute-inferior answers them), then
 * every other empty cell outside the consider set (the must-play of the
 * VCs) as "x". */
htp_status_t
cmd_vc_build(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    char err[ERRLEN];
    if (!parse_args(cmd, e, 0, &color, NULL, err))
        return htp_failure(cmd, "%s", err);
    const position_t *pos = &e->game.pos;
    bitset_t consider;
    ice_t *ice = ice_new(e->ice_patterns);
    ice_result_t *r = malloc(sizeof *r);
    if (!ice || !r || !cmd_vc_consider_set(&e->vc_params, e->vc_templates, pos, color, &consider)) {
        ice_free(ice);
        free(r);
        return htp_failure(cmd, "out of memory");
    }
    ice_compute(ice, &e->ice_params, pos, color, r);
    cmd_ice_write(cmd, pos->geo, r);
    /* The cells cmd_ice_write named. */
    bitset_t marked = bitset_or(bitset_or(r->dead, r->vulnerable), r->dominated);
    marked = bitset_or(marked, bitset_or(r->captured[0], r->captured[1]));
    bitset_t outside = bitset_andnot(bitset_andnot(position_empty_cells(pos), consider), marked);
    bool any = !bitset_is_empty(&marked);
    ice_free(ice);
    free(r);
    char name[MOVE_NAME_MAX];
    for (int c = bitset_first(&outside); c >= 0; c = bitset_next(&outside, c)) {
        htp_printf(cmd, "%s%s x", any ? " " : "", geometry_move_name(pos->geo, c, name));
        any = true;
    }
    return htp_success(cmd, NULL);
}

static htp_status_t
between(htp_cmd_t *cmd, engine_t *e, vc_type_t type)
{
    hex_color_t color;
    int ids[2];
    char err[ERRLEN];
    if (!parse_args(cmd, e, 2, &color, ids, err))
        return htp_failure(cmd, "%s", err);
    vc_t *vc[2];
    if (!vcs_build(&e->vc_params, e->vc_templates, &e->game.pos, vc)) {
        vcs_free(vc);
        return htp_failure(cmd, "out of memory");
    }
    const geometry_t *g = e->game.pos.geo;
    const vc_conn_t *l;
    int n = vc_between(vc[color], ids[0], ids[1], type, &l);
    char a[MOVE_NAME_MAX], b[MOVE_NAME_MAX], k[MOVE_NAME_MAX];
    geometry_move_name(g, ids[0], a);
    geometry_move_name(g, ids[1], b);
    for (int i = 0; i < n; i++) {
        htp_printf(cmd, "%s%s %s %s %s %s [ ", i ? "\n" : "", hex_color_name(color), a, b,
                   type == VC_FULL ? "full" : "semi", vc_rule_name((vc_rule_t)l[i].rule));
        write_cells(cmd, g, &l[i].carrier);
        htp_printf(cmd, "%s] [ ]", bitset_is_empty(&l[i].carrier) ? "" : " ");
        if (type == VC_SEMI)
            htp_printf(cmd, " %s", geometry_move_name(g, l[i].key, k));
    }
    vcs_free(vc);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_vc_between_cells_full(htp_cmd_t *cmd, void *ctx)
{
    return between(cmd, ctx, VC_FULL);
}

htp_status_t
cmd_vc_between_cells_semi(htp_cmd_t *cmd, void *ctx)
{
    return between(cmd, ctx, VC_SEMI);
}

static htp_status_t
connected_to(htp_cmd_t *cmd, engine_t *e, vc_type_t type)
{
    hex_color_t color;
    int id;
    char err[ERRLEN];
    if (!parse_args(cmd, e, 1, &color, &id, err))
        return htp_failure(cmd, "%s", err);
    vc_t *vc[2];
    if (!vcs_build(&e->vc_params, e->vc_templates, &e->game.pos, vc)) {
        vcs_free(vc);
        return htp_failure(cmd, "out of memory");
    }
    const position_t *p = &e->game.pos;
    bitset_t ends = vc_connected_to(vc[color], id, type), show = bitset_empty();
    for (int x = bitset_first(&ends); x >= 0; x = bitset_next(&ends, x)) {
        if (geometry_is_cell(p->geo, x) && position_color_at(p, x) == HEX_EMPTY)
            bitset_set(&show, x);
        else
            show = bitset_or(show, position_group_cells(p, x));
    }
    write_cells(cmd, p->geo, &show);
    vcs_free(vc);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_vc_connected_to_full(htp_cmd_t *cmd, void *ctx)
{
    return connected_to(cmd, ctx, VC_FULL);
}

htp_status_t
cmd_vc_connected_to_semi(htp_cmd_t *cmd, void *ctx)
{
    return connected_to(cmd, ctx, VC_SEMI);
}

htp_status_t
cmd_vc_get_mustplay(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    char err[ERRLEN];
    if (!parse_args(cmd, e, 0, &color, NULL, err))
        return htp_failure(cmd, "%s", err);
    bitset_t mp;
    if (!cmd_vc_consider_set(&e->vc_params, e->vc_templates, &e->game.pos, color, &mp))
        return htp_failure(cmd, "out of memory");
    write_cells(cmd, e->game.pos.geo, &mp);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_param_vc(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    bool changed;
    return commands_param(cmd, vc_param_table, &e->vc_params, &changed);
}
