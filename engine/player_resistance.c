/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The resistance player (player.h): one node expansion per move.
 *
 * The board knowledge expands the position (board/knowledge.h kn_expand:
 * fill-in, the VCs of both colours, the must-play less the inferior
 * cells, ordered by the circuit's move score on the filled board), then:
 *   1. an open position: the first move of the expansion, the best by
 *      the circuit among those that may win;
 *   2. a proven win: the semi's key when a semi VC wins, else (a full VC,
 *      or the fill-in connects) the best-scoring cell of what the win
 *      rests on, else of the board: any own stone keeps such a win;
 *   3. a proven loss: the best-scoring cell of what the opponent's win
 *      rests on (its connection's carrier, or its must-play), else of the
 *      whole board: it never resigns while a move is left, the opponent
 *      may still err.
 * The circuit of 2 and 3 is evaluated on the position as it stands.
 * With allow_swap, White swaps as player_swap_wanted says (the swap
 * table, else the circuit's rule).  The state is the expansion workspace, one circuit
 * workspace and the large result buffers. */
#include "config.h"

#include <stdlib.h>

#include "board/knowledge.h"
#include "board/resist.h"
#include "engine/player.h"

typedef struct resistance_state {
    kn_t *kn;
    const resist_params_t *resist_params;
    resist_t *rs;
    kn_expansion_t x;
    resist_result_t res;
} resistance_state_t;

static void
resistance_destroy(void *state)
{
    resistance_state_t *st = state;
    kn_free(st->kn);
    resist_free(st->rs);
    free(st);
}

static void *
resistance_create(const player_config_t *cfg)
{
    resistance_state_t *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->kn = kn_new(cfg->knowledge);
    st->rs = resist_new();
    st->resist_params = cfg->knowledge->resist_params;
    if (!st->kn || !st->rs || !st->resist_params) {
        resistance_destroy(st);
        return NULL;
    }
    return st;
}

static void
resistance_new_game(void *state)
{
    resistance_state_t *st = state;
    resist_forget(st->rs);
}

static int
resistance_genmove(void *state, const player_request_t *req)
{
    resistance_state_t *st = state;
    const position_t *p = &req->game->pos;
    hex_color_t me = req->color;
    bitset_t empty = position_empty_cells(p);
    if (bitset_is_empty(&empty))
        return MOVE_RESIGN;
    if (req->allow_swap && me == HEX_WHITE && position_swap_available(p)
        && player_swap_wanted(req, st->kn, st->rs, &st->res))
        return MOVE_SWAP;
    int move = -1;
    if (kn_expand(st->kn, p, me, &st->x)) {
        const kn_expansion_t *x = &st->x;
        if (x->decided == HEX_EMPTY)
            move = x->moves[0];
        else if (x->decided == me && x->win_move >= 0)
            move = x->win_move;
        else
            move = player_best_by_circuit(st->rs, st->resist_params, &st->res, p,
                                          &x->support);
    }
    /* out of memory: still a legal move */
    return move >= 0 ? move : bitset_first(&empty);
}

const player_t player_resistance = {
    .name = "resistance",
    .doc = "proven VC wins, else the best move of the expansion by circuit energy",
    .uses_solver = false,
    .create = resistance_create,
    .destroy = resistance_destroy,
    .new_game = resistance_new_game,
    .genmove = resistance_genmove,
    .last_search = NULL,
    .settings = NULL,
};
