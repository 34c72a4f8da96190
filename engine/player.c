/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "engine/player.h"

/* Keep the two tables in the same order (tests check it). */
const player_t *const player_table[] = {
    &player_random,
    &player_resistance,
    &player_scns,
    NULL
};

const char *const player_names[] = {
    "random",
    "resistance",
    "scns",
    NULL
};

int
player_count(void)
{
    int n = 0;
    while (player_table[n])
        n++;
    return n;
}

int
player_index(const char *name)
{
    for (int i = 0; player_table[i]; i++)
        if (strcmp(player_table[i]->name, name) == 0)
            return i;
    return -1;
}

bool
player_swap_wanted(const position_t *p, const swap_table_t *t)
{
    const geometry_t *g = p->geo;
    int m = position_move(p, 0);
    bool swap;
    if (swap_table_decides(t, g->width, g->height, m, &swap))
        return swap;
    int c = geometry_col(g, m), r = geometry_row(g, m);
    return c > 0 && c < g->width - 1 && r > 0 && r < g->height - 1;
}

int
player_best_by_circuit(resist_t *rs, const resist_params_t *params, resist_result_t *res,
                       const position_t *p, const bitset_t *among)
{
    bitset_t empty = position_empty_cells(p);
    if (!resist_compute(rs, params, p, NULL, res))
        return -1;
    int m = resist_best(res, p, among);
    return m >= 0 ? m : resist_best(res, p, &empty);
}
