/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Swap decision tables (swap.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "board/geometry.h"
#include "board/pattern.h"
#include "engine/swap.h"

static void
swap_table_empty(swap_table_t *t, int width, int height)
{
    t->width = width;
    t->height = height;
    t->known = t->swap = bitset_empty();
}

bool
swap_table_read(swap_table_t *t, const char *path, int width, int height, char *err,
                size_t errlen)
{
    swap_table_empty(t, width, height);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return false;
    }
    geometry_t *g = geometry_new(width, height);
    char line[256];
    int n = 0;
    bool ok = g != NULL;
    if (!g)
        snprintf(err, errlen, "%s: out of memory", path);
    while (ok && fgets(line, sizeof line, f)) {
        n++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line too long", path, n);
            ok = false;
            break;
        }
        char cell[16], winner[16], extra[2];
        int k = sscanf(line, " %15s %15s %1s", cell, winner, extra);
        if (k <= 0 || cell[0] == '#')
            continue;
        int m;
        if (k != 2 || geometry_parse_move(g, cell, &m) != MOVE_PARSE_OK || m < 0
            || m >= g->ncells) {
            snprintf(err, errlen, "%s:%d: expected CELL WINNER, a cell of %dx%d", path, n,
                     width, height);
            ok = false;
        } else if (strcmp(winner, "black") != 0 && strcmp(winner, "white") != 0) {
            snprintf(err, errlen, "%s:%d: the winner must be black or white", path, n);
            ok = false;
        } else if (bitset_test(&t->known, m)) {
            snprintf(err, errlen, "%s:%d: %s is listed twice", path, n, cell);
            ok = false;
        } else {
            bitset_set(&t->known, m);
            if (strcmp(winner, "black") == 0)
                bitset_set(&t->swap, m);
        }
    }
    if (ok && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
        ok = false;
    }
    fclose(f);
    geometry_unref(g);
    if (!ok)
        swap_table_empty(t, width, height);
    return ok;
}

bool
swap_table_load(swap_table_t *t, int width, int height, bool *found, char *err,
                size_t errlen)
{
    char name[64], path[4096];
    snprintf(name, sizeof name, "swap-%dx%d.txt", width, height);
    swap_table_empty(t, width, height);
    *found = false;
    if (!pattern_path(name, path, sizeof path, err, errlen))
        return false;
    if (access(path, F_OK) != 0) {
        snprintf(err, errlen, "%s: no such file", path);
        return false;
    }
    *found = true;
    return swap_table_read(t, path, width, height, err, errlen);
}

bool
swap_table_decides(const swap_table_t *t, int width, int height, int cell, bool *swap)
{
    if (!t || t->width != width || t->height != height || cell < 0 || cell >= HEX_MAX_CELLS
        || !bitset_test(&t->known, cell))
        return false;
    *swap = bitset_test(&t->swap, cell);
    return true;
}

/* The circuit's value of pos (Black's view) with White to move: both
 * colours' VCs as conductors when the parameters ask for them. */
static bool
circuit_value(kn_t *kn, resist_t *rs, const resist_params_t *params, resist_result_t *res,
              const position_t *pos, double *value)
{
    const vc_t *vcs[2] = { NULL, NULL };
    if (params->use_vcs) {
        bitset_t must;
        if (!kn_survey(kn, pos, HEX_WHITE, &must, NULL))
            return false;
        vcs[HEX_BLACK] = kn_vc(kn, HEX_BLACK);
        vcs[HEX_WHITE] = kn_vc(kn, HEX_WHITE);
    }
    if (!resist_compute(rs, params, pos, vcs, res))
        return false;
    *value = res->value;
    return true;
}

bool
swap_by_circuit(kn_t *kn, resist_t *rs, const resist_params_t *params, resist_result_t *res,
                const position_t *p, double ratio, bool *swap)
{
    const geometry_t *g = p->geo;
    *swap = false;
    if (g->width != g->height) {
        *swap = g->height < g->width;
        return true;
    }
    double value;
    if (!circuit_value(kn, rs, params, res, p, &value))
        return false;
    /* the best first stone: every cell on an empty board */
    position_t q;
    position_init(&q, g);
    double best = 0;
    bool ok = true;
    for (int c = bitset_first(&g->cells); ok && c >= 0; c = bitset_next(&g->cells, c)) {
        double v;
        position_play(&q, HEX_BLACK, c);
        ok = circuit_value(kn, rs, params, res, &q, &v);
        position_undo(&q);
        if (ok && v > best)
            best = v;
    }
    position_free(&q);
    if (!ok)
        return false;
    *swap = best > 0 && value >= ratio * best;
    return true;
}
