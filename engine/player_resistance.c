/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The resistance player (player.h): one circuit evaluation per move.
 *
 *   1. A proven win: when the player's VCs join its two edges, play the
 *      key of the smallest semi, or, with a full connection, the
 *      best-scoring cell of the smallest full's carrier (any own stone
 *      keeps a full connection; one inside its carrier moves it on).
 *   2. Otherwise the best move by the circuit's move score (resist.h)
 *      among the must-play (vc_mustplay of the opponent's VCs: every other
 *      cell loses) less the inferior cells (ice_compute): a winning move,
 *      when there is one, is among them.
 *   3. When that leaves nothing (everything inferior, or the opponent
 *      already connected by a VC: the game is lost against best play),
 *      the best-scoring cell of the must-play, else of the whole board:
 *      it never resigns while a move is left, the opponent may still err.
 * With allow_swap, White swaps a first stone off the board's outer ring
 * (central openings win for the first player on every board size that
 * has been solved).  The state is one circuit workspace and the large
 * result buffers; VCs and the inferior-cell workspace are built per move
 * from the engine's current parameters. */
#include "config.h"

#include <stdlib.h>

#include "board/ice.h"
#include "board/resist.h"
#include "board/vc.h"
#include "engine/player.h"

typedef struct resistance_state {
    resist_t *rs;
    resist_result_t res;
    ice_result_t ice;
} resistance_state_t;

static void *
resistance_create(void)
{
    resistance_state_t *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->rs = resist_new();
    if (!st->rs) {
        free(st);
        return NULL;
    }
    return st;
}

static void
resistance_destroy(void *state)
{
    resistance_state_t *st = state;
    resist_free(st->rs);
    free(st);
}

static void
resistance_new_game(void *state)
{
    resistance_state_t *st = state;
    resist_forget(st->rs);
}

/* Whether White should swap Black's first stone. */
static bool
swap_wanted(const position_t *p)
{
    const geometry_t *g = p->geo;
    int m = position_move(p, 0);
    int c = geometry_col(g, m), r = geometry_row(g, m);
    return c > 0 && c < g->width - 1 && r > 0 && r < g->height - 1;
}

/* A move that keeps a win the VCs prove, or -1. */
static int
proven_win(const vc_t *mine, const position_t *p, const resist_result_t *res)
{
    hex_color_t me = vc_color(mine);
    const vc_conn_t *l;
    if (vc_between(mine, geometry_edge1(me), geometry_edge2(me), VC_FULL, &l) > 0) {
        int m = resist_best(res, p, &l[0].carrier);
        if (m >= 0)
            return m;
    }
    if (vc_between(mine, geometry_edge1(me), geometry_edge2(me), VC_SEMI, &l) > 0)
        return l[0].key;
    return -1;
}

static int
choose(resistance_state_t *st, const ice_params_t *iprm, const position_t *p, hex_color_t me,
       vc_t *const vc[2], ice_t *ice)
{
    const resist_result_t *res = &st->res;
    bitset_t empty = position_empty_cells(p);
    int m = proven_win(vc[me], p, res);
    if (m >= 0)
        return m;
    bitset_t mp;
    if (!vc_mustplay(vc[hex_color_other(me)], p, &mp))
        return resist_best(res, p, &empty);
    ice_compute(ice, iprm, p, me, &st->ice);
    bitset_t cand = bitset_andnot(mp, st->ice.inferior);
    if ((m = resist_best(res, p, &cand)) >= 0)
        return m;
    if ((m = resist_best(res, p, &mp)) >= 0)
        return m;
    return resist_best(res, p, &empty);
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
    if (req->allow_swap && me == HEX_WHITE && position_swap_available(p) && swap_wanted(p))
        return MOVE_SWAP;
    /* the engine fills these; defaults keep a bare request working */
    ice_params_t iprm;
    vc_params_t vprm;
    resist_params_t rprm;
    if (req->ice_params)
        iprm = *req->ice_params;
    else
        ice_params_init(&iprm);
    if (req->vc_params)
        vprm = *req->vc_params;
    else
        vc_params_default(&vprm);
    if (req->resist_params)
        rprm = *req->resist_params;
    else
        resist_params_default(&rprm);
    vc_t *vc[2] = { vc_new(&vprm, req->vc_templates), vc_new(&vprm, req->vc_templates) };
    ice_t *ice = ice_new(req->ice_patterns);
    int move = -1;
    if (vc[0] && vc[1] && ice && vc_build(vc[0], p, HEX_BLACK) && vc_build(vc[1], p, HEX_WHITE)
        && resist_compute(st->rs, &rprm, p, (const vc_t *const *)vc, &st->res))
        move = choose(st, &iprm, p, me, vc, ice);
    ice_free(ice);
    vc_free(vc[0]);
    vc_free(vc[1]);
    /* out of memory: still a legal move */
    return move >= 0 ? move : bitset_first(&empty);
}

const player_t player_resistance = {
    .name = "resistance",
    .doc = "proven VC wins, else the best must-play move by circuit energy",
    .create = resistance_create,
    .destroy = resistance_destroy,
    .new_game = resistance_new_game,
    .genmove = resistance_genmove,
};
