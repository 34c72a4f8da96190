/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The baseline player: a uniformly random legal move (the swap counts as
 * one more move when it is allowed).  Stateless. */
#include "config.h"

#include "engine/player.h"

static int
random_genmove(void *state, const player_request_t *req)
{
    (void)state;
    const position_t *p = &req->game->pos;
    bitset_t empty = position_empty_cells(p);
    int n = bitset_count(&empty);
    bool swap = req->allow_swap && req->color == HEX_WHITE
        && position_swap_available(p);
    int choices = n + (swap ? 1 : 0);
    if (choices == 0)
        return MOVE_RESIGN;
    rng_t rng;
    player_rng(req, 0, &rng);
    int k = (int)rng_below(&rng, (uint32_t)choices);
    return k == n ? MOVE_SWAP : bitset_nth(&empty, k);
}

const player_t player_random = {
    .name = "random",
    .doc = "uniformly random legal move (baseline)",
    .uses_solver = false,
    .create = NULL,
    .destroy = NULL,
    .new_game = NULL,
    .genmove = random_genmove,
    .last_search = NULL,
    .settings = NULL,
};
