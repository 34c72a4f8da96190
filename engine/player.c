/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "engine/player.h"

/* The players compiled in, each defined in its own engine/player_*.c,
 * whose head comment states what it plays:
 *   random       the baseline: a uniformly random legal move;
 *   resistance   a proven VC win, else the best non-inferior move of the
 *                must-play by the circuit's move score (board/resist.h);
 *   scns         SCNS (search/scns.h, its threads in parallel) on its own
 *                param_scns within the genmove's budget, the solver
 *                beside it; it reports its last search. */
extern const player_t player_random;
extern const player_t player_resistance;
extern const player_t player_scns;

/* The player genmove uses in a new engine. */
#define DEFAULT_PLAYER "scns"

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

int
player_default(void)
{
    return player_index(DEFAULT_PLAYER);
}

int
player_of_settings(const engine_param_group_t *g)
{
    for (int i = 0; player_table[i]; i++)
        if (player_table[i]->settings && &player_table[i]->settings->group == g)
            return i;
    return -1;
}

bool
player_swap_wanted(const player_request_t *req, kn_t *kn, resist_t *rs, resist_result_t *res)
{
    const position_t *p = &req->game->pos;
    const geometry_t *g = p->geo;
    bool swap;
    if (swap_table_decides(req->swap, g->width, g->height, position_move(p, 0), &swap))
        return swap;
    return swap_by_circuit(kn, rs, req->knowledge->resist_params, res, p, req->swap_ratio,
                           &swap) && swap;
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
