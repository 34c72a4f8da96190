/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compute-inferior and param_player_ice (cmd_ice.h). */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>

#include "engine/engine.h"
#include "gtp/args.h"
#include "gtp/cmd_ice.h"
#include "gtp/htp.h"

static char
color_letter(hex_color_t c)
{
    return c == HEX_BLACK ? 'b' : 'w';
}

/* "[A-B-...]": the cells of s, joined by '-'. */
static void
write_cells(htp_cmd_t *cmd, const geometry_t *geo, const bitset_t *s)
{
    char name[MOVE_NAME_MAX];
    htp_printf(cmd, "[");
    for (int x = bitset_first(s); x >= 0; x = bitset_next(s, x))
        htp_printf(cmd, "%s%s", x == bitset_first(s) ? "" : "-", geometry_move_name(geo, x, name));
    htp_printf(cmd, "]");
}

void
cmd_ice_write(htp_cmd_t *cmd, const geometry_t *geo, const ice_result_t *r)
{
    char name[MOVE_NAME_MAX], other[MOVE_NAME_MAX];
    const char *sep = "";
    for (int c = 0; c < geo->ncells; c++) {
        geometry_move_name(geo, c, name);
        if (bitset_test(&r->dead, c)) {
            hex_color_t f = bitset_test(&r->filled[HEX_BLACK], c) ? HEX_BLACK : HEX_WHITE;
            htp_printf(cmd, "%s%s fd%c", sep, name, color_letter(f));
        } else if (bitset_test(&r->captured[HEX_BLACK], c)) {
            htp_printf(cmd, "%s%s fcb", sep, name);
        } else if (bitset_test(&r->captured[HEX_WHITE], c)) {
            htp_printf(cmd, "%s%s fcw", sep, name);
        } else if (bitset_test(&r->vulnerable, c)) {
            htp_printf(cmd, "%s%s iv", sep, name);
            write_cells(cmd, geo, &r->killers[c]);
        } else if (bitset_test(&r->reversible, c)) {
            htp_printf(cmd, "%s%s ir", sep, name);
            write_cells(cmd, geo, &r->reversers[c]);
        } else if (bitset_test(&r->dominated, c)) {
            htp_printf(cmd, "%s%s id[%s]", sep, name,
                       geometry_move_name(geo, r->dominator[c], other));
        } else {
            continue;
        }
        sep = " ";
    }
}

htp_status_t
cmd_compute_inferior(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    hex_color_t color;
    htp_status_t st;
    if (!args_only_color(cmd, &color, &st))
        return st;
    const kn_config_t *kn = engine_knowledge(e);
    ice_t *ice = ice_new(kn->ice_patterns);
    ice_result_t *r = malloc(sizeof *r);
    if (!ice || !r) {
        ice_free(ice);
        free(r);
        return htp_failure(cmd, "out of memory");
    }
    ice_compute(ice, kn->ice_params, &e->game.pos, color, r);
    cmd_ice_write(cmd, e->game.pos.geo, r);
    ice_free(ice);
    free(r);
    return htp_success(cmd, NULL);
}

