/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Node expansion from the board knowledge (see knowledge.h). */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "board/decomp.h"
#include "board/knowledge.h"

/* Depth of the path of saved VCs (a deeper node builds from the deepest
 * entry kept) */
#define KN_PATH_MAX 96

struct kn {
    kn_config_t cfg;
    ice_t *ice;
    ice_result_t *ice_result;
    vc_t *vc[2];
    position_t filled;
    bool have_filled;
    position_t split;           /* a filled position plus a decomposition's
                                 * carrier, filled again next round */
    bool have_split;
    resist_t *resist;           /* KN_ORDER_RESIST */
    resist_result_t *resist_result;
    net_scratch_t *net_scratch; /* cfg.net_order: the evaluations' */
    float *policy;              /* ... and their policy (ncells floats) */
    bool surveyed;              /* vc[] hold a survey's build of the */
    uint64_t survey_key;        /* position with this position_key, */
    bool survey_filled;         /* filled (kn_survey_filled) or not */
    hex_color_t survey_to_move; /* for this side (kn_survey_filled) */
    bitset_t survey_dead;       /* kn_survey_filled's fill-in, */
    bitset_t survey_fill[2];    /* decompositions included */
    /* The VCs of the open nodes expanded along the current path of a
     * depth-first search, deepest last: an expansion pops the entries
     * whose stones its position does not keep (siblings and their
     * subtrees), builds from the deepest one left (vc_build_from), and
     * pushes its own when it is open.  Entries beyond npath keep their
     * memory for reuse. */
    struct kn_path {
        vc_saved_t *vc[2];
        bitset_t stones[2];     /* the filled board's stones */
    } path[KN_PATH_MAX];
    int npath;
};

kn_t *
kn_new(const kn_config_t *cfg)
{
    kn_t *kn = calloc(1, sizeof *kn);
    if (!kn)
        return NULL;
    kn->cfg = *cfg;
    kn->ice = ice_new(cfg->ice_patterns);
    kn->ice_result = malloc(sizeof *kn->ice_result);
    for (int c = 0; c < 2; c++)
        kn->vc[c] = vc_new(cfg->vc_params, cfg->vc_templates);
    if (cfg->order == KN_ORDER_RESIST) {
        kn->resist = resist_new();
        kn->resist_result = malloc(sizeof *kn->resist_result);
        if (!kn->resist || !kn->resist_result || !cfg->resist_params) {
            kn_free(kn);
            return NULL;
        }
        if (cfg->net && cfg->net_order > 0) {
            kn->net_scratch = net_scratch_new(cfg->net);
            kn->policy = malloc(HEX_MAX_CELLS * sizeof *kn->policy);
            if (!kn->net_scratch || !kn->policy) {
                kn_free(kn);
                return NULL;
            }
        }
    }
    if (!kn->ice || !kn->ice_result || !kn->vc[0] || !kn->vc[1]) {
        kn_free(kn);
        return NULL;
    }
    return kn;
}

void
kn_free(kn_t *kn)
{
    if (!kn)
        return;
    ice_free(kn->ice);
    free(kn->ice_result);
    vc_free(kn->vc[0]);
    vc_free(kn->vc[1]);
    resist_free(kn->resist);
    free(kn->resist_result);
    net_scratch_free(kn->net_scratch);
    free(kn->policy);
    if (kn->have_filled)
        position_free(&kn->filled);
    if (kn->have_split)
        position_free(&kn->split);
    for (int i = 0; i < KN_PATH_MAX; i++)
        for (int c = 0; c < 2; c++)
            vc_saved_free(kn->path[i].vc[c]);
    free(kn);
}

void
kn_forget(kn_t *kn)
{
    kn->surveyed = false;
    kn->npath = 0;
    if (kn->resist)
        resist_forget(kn->resist);
}

/* Pop the path's entries whose stones pos does not keep; the deepest one
 * left (an ancestor of pos in a depth-first search), or NULL. */
static const struct kn_path *
path_ancestor(kn_t *kn, const position_t *pos)
{
    while (kn->npath > 0) {
        const struct kn_path *e = &kn->path[kn->npath - 1];
        if (bitset_is_subset(&e->stones[0], &pos->stones[0])
            && bitset_is_subset(&e->stones[1], &pos->stones[1]))
            return e;
        kn->npath--;
    }
    return NULL;
}

/* Push the VCs just built for the filled board f (a node left open). */
static void
path_push(kn_t *kn, const position_t *f)
{
    if (kn->npath > 0) {
        const struct kn_path *top = &kn->path[kn->npath - 1];
        if (bitset_equal(&top->stones[0], &f->stones[0])
            && bitset_equal(&top->stones[1], &f->stones[1]))
            return;
    }
    if (kn->npath == KN_PATH_MAX)
        return;
    struct kn_path *e = &kn->path[kn->npath];
    for (int c = 0; c < 2; c++) {
        if (!e->vc[c])
            e->vc[c] = vc_saved_new();
        if (!e->vc[c] || !vc_save(kn->vc[c], e->vc[c]))
            return;
        e->stones[c] = f->stones[c];
    }
    kn->npath++;
}

const char *
kn_reason_name(kn_reason_t r)
{
    switch (r) {
    case KN_OPEN:
        return "open";
    case KN_WON_ALREADY:
        return "connected";
    case KN_FILLED:
        return "fill-in";
    case KN_VC_WIN:
        return "vc";
    case KN_VC_LOSS:
        return "opponent vc";
    default:
        return "no moves";
    }
}

/* Nearest the centre first: the hex distance to the centre, doubled so
 * that even boards (centre between cells) stay integral. */
static void
order_centre(const position_t *p, int16_t *moves, int n)
{
    const geometry_t *g = p->geo;
    int key[HEX_MAX_CELLS];
    for (int i = 0; i < n; i++) {
        int r = moves[i] / g->width, c = moves[i] % g->width;
        int dr = 2 * r - (g->height - 1), dc = 2 * c - (g->width - 1);
        int ds = -(dr + dc);
        int d = abs(dr);
        if (abs(dc) > d)
            d = abs(dc);
        if (abs(ds) > d)
            d = abs(ds);
        key[i] = d;
    }
    /* insertion sort: stable, n is small */
    for (int i = 1; i < n; i++) {
        int16_t m = moves[i];
        int k = key[i], j = i;
        while (j > 0 && key[j - 1] > k) {
            moves[j] = moves[j - 1];
            key[j] = key[j - 1];
            j--;
        }
        moves[j] = m;
        key[j] = k;
    }
}

/* The carrier of the first connection of `type` between the owner's
 * edges (every empty cell when there is none: the caller then claims
 * nothing beyond it). */
static bitset_t
edge_carrier(const vc_t *vc, const position_t *f, vc_type_t type)
{
    hex_color_t x = vc_color(vc);
    const vc_conn_t *l;
    if (vc_between(vc, geometry_edge1(x), geometry_edge2(x), type, &l) > 0)
        return l[0].carrier;
    return position_empty_cells(f);
}

/* The must-play's support (knowledge.h): semis of opp between its edges,
 * smallest first, each kept when it shrinks the intersection, until the
 * intersection is the must-play; then the pruned cells' neighbourhoods. */
static bitset_t
mustplay_support(const vc_t *opp, const position_t *f, const bitset_t *must,
                 const ice_result_t *r)
{
    const geometry_t *g = f->geo;
    hex_color_t x = vc_color(opp);
    bitset_t empty = position_empty_cells(f);
    bitset_t support = *must, meet = empty;
    const vc_conn_t *l;
    int n = vc_between(opp, geometry_edge1(x), geometry_edge2(x), VC_SEMI, &l);
    for (int i = 0; i < n && !bitset_equal(&meet, must); i++) {
        bitset_t m = bitset_and(meet, l[i].carrier);
        if (!bitset_equal(&m, &meet)) {
            meet = m;
            support = bitset_or(support, l[i].carrier);
        }
    }
    bitset_t pruned = bitset_and(*must, r->inferior);
    for (int c = bitset_first(&pruned); c >= 0; c = bitset_next(&pruned, c)) {
        bitset_t near = bitset_and(g->nbrs[c], g->cells);
        bitset_t ring = near;
        for (int u = bitset_first(&ring); u >= 0; u = bitset_next(&ring, u))
            near = bitset_or(near, g->nbrs[u]);
        support = bitset_or(support, near);
        if (bitset_test(&r->dominated, c) && r->dominator[c] >= 0)
            bitset_set(&support, r->dominator[c]);
    }
    return bitset_and(support, empty);
}

static void
decide(kn_expansion_t *out, hex_color_t winner, kn_reason_t reason, int win_move)
{
    out->decided = winner;
    out->reason = reason;
    out->win_move = winner == out->to_move ? win_move : -1;
    out->n = 0;
}

/* A decomposition on the filled board f (to_move's first, then the
 * opponent's; both colours' VCs built on f): its carrier joins
 * fill[owner] (fill: two sets, by colour) and is played on kn->split, a
 * copy of f, which is returned as the board of the next fill-in round;
 * NULL when there is none. */
static const position_t *
split_decomposition(kn_t *kn, const position_t *f, hex_color_t to_move, bitset_t *fill)
{
    bitset_t cap;
    hex_color_t x = to_move;
    if (!decomp_find(f, kn->vc[x], &cap)) {
        x = hex_color_other(to_move);
        if (!decomp_find(f, kn->vc[x], &cap))
            return NULL;
    }
    fill[x] = bitset_or(fill[x], cap);
    if (kn->have_split)
        position_free(&kn->split);
    position_copy(&kn->split, f);
    kn->have_split = true;
    for (int c = bitset_first(&cap); c >= 0; c = bitset_next(&cap, c))
        position_play(&kn->split, x, c);
    position_set_to_move(&kn->split, to_move);
    return &kn->split;
}

/* Whether the half turn (geometry_half_turn) leaves every stone of p where it
 * is, colours included: then p has the same value after a move m as after
 * the move's image. */
static bool
half_turn_symmetric(const position_t *p)
{
    const geometry_t *g = p->geo;
    for (int x = 0; x < 2; x++)
        for (int c = bitset_first(&p->stones[x]); c >= 0; c = bitset_next(&p->stones[x], c))
            if (!bitset_test(&p->stones[x], geometry_half_turn(g, c)))
                return false;
    return true;
}

/* On a symmetric pos, drops each move of out whose image comes earlier in
 * the list (order and scores kept).  The two moves win or lose together,
 * by the symmetry of pos and the fill-in argument (a move wins on the
 * filled board exactly when it wins on pos).  The support stays the
 * must-play's: what else the argument rests on is for the searches' proof
 * sets (knowledge.h). */
static void
drop_half_turn_images(const position_t *pos, kn_expansion_t *out)
{
    if (!half_turn_symmetric(pos))
        return;
    const geometry_t *g = pos->geo;
    bitset_t kept = bitset_empty();
    int n = 0;
    for (int i = 0; i < out->n; i++) {
        int m = out->moves[i];
        if (geometry_half_turn(g, m) != m && bitset_test(&kept, geometry_half_turn(g, m)))
            continue;
        bitset_set(&kept, m);
        out->moves[n] = out->moves[i];
        out->score[n++] = out->score[i];
    }
    out->half_turn = n < out->n;
    out->n = n;
}

/* cfg.net_order: the moves of out (circuit scores in score[]) ordered by
 * score times the policy's probability on the filled board f to the
 * power net_order, best first (ties keep the circuit's order), score[]
 * becoming that product. */
static void
order_by_net(kn_t *kn, const position_t *f, hex_color_t to_move, kn_expansion_t *out)
{
    if (out->n < 2)
        return;
    if (!net_eval_path(kn->cfg.net, kn->net_scratch, f, to_move, kn->cfg.net_path, kn->policy,
                       NULL))
        net_eval(kn->cfg.net, kn->net_scratch, f, to_move, kn->policy, NULL);
    /* a floor keeps a zero score or probability from erasing the other */
    const float floor = 1e-6f;
    for (int i = 0; i < out->n; i++)
        out->score[i] = fmaxf(out->score[i], floor)
            * powf(fmaxf(kn->policy[out->moves[i]], floor), (float)kn->cfg.net_order);
    kn_sort_by_score(out);
}

void
kn_sort_by_score(kn_expansion_t *e)
{
    /* insertion sort: stable, and the lists are short */
    for (int i = 1; i < e->n; i++) {
        int16_t m = e->moves[i];
        float x = e->score[i];
        int j = i;
        for (; j > 0 && e->score[j - 1] < x; j--) {
            e->moves[j] = e->moves[j - 1];
            e->score[j] = e->score[j - 1];
        }
        e->moves[j] = m;
        e->score[j] = x;
    }
}

static bool
expand(kn_t *kn, const position_t *pos, hex_color_t to_move, bool stop_at_win,
       kn_expansion_t *out)
{
    hex_color_t opp = hex_color_other(to_move);
    kn->surveyed = false;
    out->to_move = to_move;
    out->fill[0] = out->fill[1] = out->dead = out->support = bitset_empty();
    out->half_turn = false;
    out->value = -1;
    out->n = 0;
    if (pos->winner != HEX_EMPTY) {
        decide(out, pos->winner, KN_WON_ALREADY, -1);
        return true;
    }
    if (kn->cfg.rules_only) {
        bitset_t empty = position_empty_cells(pos);
        out->support = empty;
        out->decided = HEX_EMPTY;
        out->reason = KN_OPEN;
        out->win_move = -1;
        for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
            out->score[out->n] = 0;
            out->moves[out->n++] = (int16_t)c;
        }
        order_centre(pos, out->moves, out->n);
        return true;
    }
    ice_result_t *r = kn->ice_result;
    const position_t *cur = pos, *f;
    const struct kn_path *from = kn->cfg.vc_params->path_builds ? path_ancestor(kn, pos) : NULL;
    /* Fill-in, then the VCs of the filled board; a decomposition's
     * carrier (decomp.h) joins the fill-in and the round starts again on
     * the fuller board.  Each round fills at least one cell. */
    for (;;) {
        ice_fill(kn->ice, kn->cfg.ice_params, cur, to_move, r);
        for (int c = 0; c < 2; c++)
            out->fill[c] = bitset_or(out->fill[c], r->filled[c]);
        out->dead = bitset_or(out->dead, r->dead);
        if (r->decided != HEX_EMPTY) {
            decide(out, r->decided, KN_FILLED, -1);
            return true;
        }
        if (kn->have_filled)
            position_free(&kn->filled);
        ice_filled_position(r, cur, &kn->filled);
        kn->have_filled = true;
        f = &kn->filled;
        /* to_move's VCs first: a win needs no more */
        if (!vc_build_from(kn->vc[to_move], from ? from->vc[to_move] : NULL, f, to_move))
            return false;
        if (stop_at_win && vc_connected_fully(kn->vc[to_move])) {
            decide(out, to_move, KN_VC_WIN, -1);
            out->support = edge_carrier(kn->vc[to_move], f, VC_FULL);
            return true;
        }
        const vc_conn_t *semi;
        if (stop_at_win && vc_between(kn->vc[to_move], geometry_edge1(to_move),
                                      geometry_edge2(to_move), VC_SEMI, &semi) > 0) {
            decide(out, to_move, KN_VC_WIN, semi[0].key);
            out->support = semi[0].carrier;
            bitset_set(&out->support, semi[0].key);
            return true;
        }
        if (!vc_build_from(kn->vc[opp], from ? from->vc[opp] : NULL, f, opp))
            return false;
        if (vc_connected_fully(kn->vc[opp]) || !kn->cfg.ice_params->use_decompositions)
            break;
        from = NULL;
        cur = split_decomposition(kn, f, to_move, out->fill);
        if (!cur)
            break;
    }
    bitset_t must;
    if (!vc_mustplay(kn->vc[opp], f, &must)) {
        decide(out, opp, KN_VC_LOSS, -1);
        out->support = edge_carrier(kn->vc[opp], f, VC_FULL);
        return true;
    }
    /* an open node: its children build from these VCs */
    path_push(kn, f);
    /* the pruning is needed only now, and only among the must-play */
    ice_prune(kn->ice, kn->cfg.ice_params, &must, r);
    out->support = mustplay_support(kn->vc[opp], f, &must, r);
    bitset_t moves = bitset_andnot(must, r->inferior);
    if (bitset_is_empty(&moves)) {
        decide(out, opp, KN_NO_MOVES, -1);
        return true;
    }
    out->decided = HEX_EMPTY;
    out->reason = KN_OPEN;
    out->win_move = -1;
    if (kn->cfg.order == KN_ORDER_RESIST) {
        const vc_t *vcs[2] = { kn->vc[0], kn->vc[1] };
        if (!resist_compute(kn->resist, kn->cfg.resist_params, f, vcs, kn->resist_result))
            return false;
        int all[HEX_MAX_CELLS];
        int n = resist_order(kn->resist_result, f, all);
        for (int i = 0; i < n; i++)
            if (bitset_test(&moves, all[i])) {
                out->score[out->n] = (float)kn->resist_result->score[all[i]];
                out->moves[out->n++] = (int16_t)all[i];
            }
        if (kn->net_scratch)
            order_by_net(kn, f, to_move, out);
    } else {
        for (int c = bitset_first(&moves); c >= 0; c = bitset_next(&moves, c)) {
            out->score[out->n] = 0;
            out->moves[out->n++] = (int16_t)c;
        }
        order_centre(f, out->moves, out->n);
    }
    if (kn->cfg.ice_params->use_symmetry)
        drop_half_turn_images(pos, out);
    return true;
}

bool
kn_expand(kn_t *kn, const position_t *pos, hex_color_t to_move, kn_expansion_t *out)
{
    return expand(kn, pos, to_move, true, out);
}

bool
kn_expand_moves(kn_t *kn, const position_t *pos, hex_color_t to_move, kn_expansion_t *out)
{
    return expand(kn, pos, to_move, false, out);
}

bool
kn_survey(kn_t *kn, const position_t *pos, hex_color_t to_move, bitset_t *must,
          ice_result_t *r)
{
    uint64_t key = position_key(pos);
    if (!kn->surveyed || kn->survey_filled || kn->survey_key != key) {
        kn->surveyed = false;
        if (!vc_build(kn->vc[HEX_BLACK], pos, HEX_BLACK)
            || !vc_build(kn->vc[HEX_WHITE], pos, HEX_WHITE))
            return false;
        kn->surveyed = true;
        kn->survey_filled = false;
        kn->survey_key = key;
    }
    if (!vc_mustplay(kn->vc[hex_color_other(to_move)], pos, must))
        *must = bitset_empty();
    if (r)
        ice_compute(kn->ice, kn->cfg.ice_params, pos, to_move, r);
    return true;
}

/* kn_survey_filled's build: the fill-in rounds of expand() with every
 * VC of both colours built each round (nothing stops at a win), the
 * fill-in into kn->survey_dead / survey_fill, the last round's filled
 * board in kn->filled, its ICE workspace left for ice_prune. */
static bool
survey_fill(kn_t *kn, const position_t *pos, hex_color_t to_move)
{
    ice_result_t *r = kn->ice_result;
    const position_t *cur = pos;
    kn->survey_dead = kn->survey_fill[0] = kn->survey_fill[1] = bitset_empty();
    for (;;) {
        ice_fill(kn->ice, kn->cfg.ice_params, cur, to_move, r);
        kn->survey_dead = bitset_or(kn->survey_dead, r->dead);
        for (int c = 0; c < 2; c++)
            kn->survey_fill[c] = bitset_or(kn->survey_fill[c], r->filled[c]);
        if (kn->have_filled)
            position_free(&kn->filled);
        ice_filled_position(r, cur, &kn->filled);
        kn->have_filled = true;
        const position_t *f = &kn->filled;
        if (!vc_build(kn->vc[HEX_BLACK], f, HEX_BLACK)
            || !vc_build(kn->vc[HEX_WHITE], f, HEX_WHITE))
            return false;
        if (r->decided != HEX_EMPTY || vc_connected_fully(kn->vc[HEX_BLACK])
            || vc_connected_fully(kn->vc[HEX_WHITE]) || !kn->cfg.ice_params->use_decompositions)
            return true;
        cur = split_decomposition(kn, f, to_move, kn->survey_fill);
        if (!cur)
            return true;
    }
}

bool
kn_survey_filled(kn_t *kn, const position_t *pos, hex_color_t to_move, bitset_t *must,
                 ice_result_t *r)
{
    uint64_t key = position_key(pos);
    /* the pruning below needs the ICE workspace of the build's last
     * round: with r, always build */
    if (r || !kn->surveyed || !kn->survey_filled || kn->survey_key != key
        || kn->survey_to_move != to_move) {
        kn->surveyed = false;
        if (!survey_fill(kn, pos, to_move))
            return false;
        kn->surveyed = true;
        kn->survey_filled = true;
        kn->survey_key = key;
        kn->survey_to_move = to_move;
    }
    const position_t *f = &kn->filled;
    if (!vc_mustplay(kn->vc[hex_color_other(to_move)], f, must))
        *must = bitset_empty();
    if (!r)
        return true;
    /* the pruning over every empty cell of the filled board */
    bitset_t empty = position_empty_cells(f);
    ice_prune(kn->ice, kn->cfg.ice_params, &empty, kn->ice_result);
    *r = *kn->ice_result;
    r->dead = kn->survey_dead;
    bitset_t all = bitset_or(kn->survey_fill[0], kn->survey_fill[1]);
    for (int c = 0; c < 2; c++) {
        r->filled[c] = kn->survey_fill[c];
        r->captured[c] = bitset_andnot(kn->survey_fill[c], kn->survey_dead);
    }
    r->inferior = bitset_or(r->inferior, all);
    return true;
}

const position_t *
kn_survey_board(const kn_t *kn)
{
    return kn->surveyed && kn->survey_filled ? &kn->filled : NULL;
}

const vc_t *
kn_vc(const kn_t *kn, hex_color_t c)
{
    return kn->vc[c];
}

int
kn_play_fill(const kn_expansion_t *e, position_t *p)
{
    int played = 0;
    for (int x = 0; x < 2; x++) {
        bitset_t s = e->fill[x];
        for (int c = bitset_first(&s); c >= 0; c = bitset_next(&s, c)) {
            position_play(p, (hex_color_t)x, c);
            played++;
        }
    }
    position_set_to_move(p, e->to_move);
    return played;
}

void
kn_undo_fill(position_t *p, int played)
{
    while (played-- > 0)
        position_undo(p);
}
