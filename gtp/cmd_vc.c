/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The vc-* commands (cmd_vc.h). */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>

#include "engine/engine.h"
#include "gtp/args.h"
#include "gtp/cmd_ice.h"
#include "gtp/cmd_vc.h"
#include "gtp/htp.h"

/* COLOUR and then nids cells or edges (the caller checked the count);
 * false with a message in err. */
static bool
color_endpoints(const htp_cmd_t *cmd, const engine_t *e, int nids, hex_color_t *color,
                int *ids, char *err, size_t errlen)
{
    if (!args_color(cmd->argv[0], color, err, errlen))
        return false;
    for (int i = 0; i < nids; i++)
        if (!args_endpoint(e->game.pos.geo, cmd->argv[1 + i], &ids[i], err, errlen))
            return false;
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

/* vc-build COLOUR: HexGui's Hint, the knowledge as the searchers see it
 * (kn_survey_filled).  The inferior cells for COLOUR to move (the fill-in,
 * then the vulnerable, reversible and dominated cells of the filled
 * board, in compute-inferior's format), then every other empty cell
 * outside the consider set (the must-play on the filled board) as "x".
 * The VC queries after it answer from the same build: a filled cell
 * stands for the group it joined. */
htp_status_t
cmd_vc_build(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 1, 1))
        return htp_usage(cmd);
    if (!color_endpoints(cmd, e, 0, &color, NULL, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    const position_t *pos = &e->game.pos;
    bitset_t consider;
    /* a build each time, as the command says (the queries after it reuse
     * what it built) */
    engine_survey_forget(e);
    ice_result_t *r = malloc(sizeof *r);
    if (!r || !engine_survey_filled(e, color, &consider, r)) {
        free(r);
        return htp_failure(cmd, "out of memory");
    }
    cmd_ice_write(cmd, pos->geo, r);
    /* The cells cmd_ice_write named. */
    bitset_t marked = bitset_or(bitset_or(r->dead, r->vulnerable), r->dominated);
    marked = bitset_or(marked, bitset_or(r->captured[0], r->captured[1]));
    bitset_t outside = bitset_andnot(bitset_andnot(position_empty_cells(pos), consider), marked);
    bool any = !bitset_is_empty(&marked);
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
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 3, 3))
        return htp_usage(cmd);
    if (!color_endpoints(cmd, e, 2, &color, ids, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    bitset_t must;
    const kn_t *kn = engine_survey_filled(e, color, &must, NULL);
    if (!kn)
        return htp_failure(cmd, "out of memory");
    const geometry_t *g = e->game.pos.geo;
    const vc_conn_t *l;
    int n = vc_between(kn_vc(kn, color), ids[0], ids[1], type, &l);
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
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 2, 2))
        return htp_usage(cmd);
    if (!color_endpoints(cmd, e, 1, &color, &id, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    bitset_t must;
    const kn_t *kn = engine_survey_filled(e, color, &must, NULL);
    if (!kn)
        return htp_failure(cmd, "out of memory");
    /* the endpoints are the filled board's: a group there may hold
     * filled cells */
    const position_t *p = kn_survey_board(kn);
    bitset_t ends = vc_connected_to(kn_vc(kn, color), id, type), show = bitset_empty();
    for (int x = bitset_first(&ends); x >= 0; x = bitset_next(&ends, x)) {
        if (geometry_is_cell(p->geo, x) && position_color_at(p, x) == HEX_EMPTY)
            bitset_set(&show, x);
        else
            show = bitset_or(show, position_group_cells(p, x));
    }
    write_cells(cmd, p->geo, &show);
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
    char err[ARGS_ERRLEN];
    if (!args_count(cmd, 1, 1))
        return htp_usage(cmd);
    if (!color_endpoints(cmd, e, 0, &color, NULL, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    bitset_t mp;
    if (!engine_survey_filled(e, color, &mp, NULL))
        return htp_failure(cmd, "out of memory");
    write_cells(cmd, e->game.pos.geo, &mp);
    return htp_success(cmd, NULL);
}

