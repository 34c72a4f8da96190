/* SPDX-License-Identifier: GPL-3.0-or-later */
/* DFPN with the 1+epsilon trick and a work threshold (see dfpn.h). */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/dfpn_node.h"

/* Calls between two looks at the clock and the interrupt: a call may
 * expand a node (milliseconds on 11x11) and a look costs tens of
 * nanoseconds, so the solver looks often; beside the SCNS player it must
 * end within a few expansions of the move's deadline (at 64 it overran a
 * 0.45 s budget by up to half a second). */
#define STOP_CHECK_EVERY 4

void
dfpn_params_default(dfpn_params_t *p)
{
    p->epsilon = 0.25;
    p->tt_mb = 64;
    p->timelimit = 0;
    p->use_guifx = false;
    p->threads = 1;
    p->max_work_per_job = 0;
    p->widening_base = 0;
    p->widening_factor = 0.25;
    p->progress_interval = 5;
    p->limit_fulls = false;
    p->neighbour_dominated = false;
    p->dead_region_pairs = false;
    p->reverser_need = 1;
    p->pair_reach = 1;
    p->order_vc_weight = 1;
    p->order_empty_group = 1;
    p->net_order = 0;
    p->path_builds = true;
    p->db_min_work = 1000;
    p->work_limit = 0;
    p->job_phi = p->job_delta = 0;
}

dfpn_t *
dfpn_new_shared(tt_t *tt, const kn_config_t *cfg, expcache_t *cache)
{
    dfpn_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->tt = tt;
    s->kn = kn_new(cfg);
    s->own_cache = !cache;
    s->cache = cache ? cache : expcache_new(1);
    s->frames = malloc((HEX_MAX_CELLS + 1) * sizeof *s->frames);
    if (!s->kn || !s->cache || !s->frames) {
        dfpn_free(s);
        return NULL;
    }
    return s;
}

dfpn_t *
dfpn_new(tt_t *tt, const kn_config_t *cfg)
{
    return dfpn_new_shared(tt, cfg, NULL);
}

void
dfpn_free(dfpn_t *s)
{
    if (!s)
        return;
    kn_free(s->kn);
    if (s->own_cache)
        expcache_free(s->cache);
    free(s->frames);
    if (s->have_pos)
        position_free(&s->pos);
    free(s);
}

void
dfpn_forget(dfpn_t *s)
{
    kn_forget(s->kn);
}

void
dfpn_set_progress(dfpn_t *s, dfpn_progress_fn fn, void *arg)
{
    s->progress = fn;
    s->progress_arg = arg;
}

/* The expansion of pos for its side to move, from the cache or fresh. */
static bool
expand(dfpn_t *s, const position_t *pos, kn_expansion_t *out)
{
    if (expcache_get(s->cache, pos, out)) {
        s->stats.cache_hits++;
        return true;
    }
    if (!kn_expand(s->kn, pos, pos->to_move, out))
        return false;
    s->stats.expansions++;
    if (out->decided != HEX_EMPTY)
        s->stats.terminal++;
    expcache_put(s->cache, pos, out);
    return true;
}

/* The siblings a move dominates: any cell x that the fill-in of the
 * child after `me` plays m (e, for the opponent to move) makes dead or
 * captured by me is worth no more to me than m.  Dead: the child with me
 * also on x is worth the child; captured by me: filling x (and the rest
 * of its captured set) with my stones keeps the child's value.  The
 * position after me on x alone has fewer of my stones than either, so it
 * is worth no more to me (in Hex an extra stone never hurts its owner).
 * So when m loses, x loses too (Benzene's maximum proof set uses that),
 * and a node's value is its value without x while m is there. */
static bitset_t
refuted_by(const kn_expansion_t *e, hex_color_t me)
{
    return bitset_or(e->dead, e->fill[me]);
}

/* What the cached expansion of pos (for its side to move; `me` just
 * played) refutes, into *out; false when pos is not cached. */
static bool
cached_refuted(expcache_t *cache, const position_t *pos, hex_color_t me, bitset_t *out)
{
    bitset_t dead, fill[2];
    if (!expcache_get_fill(cache, pos, &dead, fill))
        return false;
    *out = bitset_or(dead, fill[me]);
    return true;
}

/* Keep what the node `key` (expansion e) dominates among its parent's
 * moves, and its harmless set h when it is solved (h NULL: not solved;
 * an unsolved node keeps the harmless set it had). */
static void
remember_refuted(expcache_t *cache, uint64_t key, const kn_expansion_t *e, const bitset_t *h,
                 const bitset_t *basis)
{
    bitset_t r = refuted_by(e, hex_color_other(e->to_move));
    expcache_sets_put(cache, key, &r, h, basis);
}

/* The basis of the solved node `key` into *out; false when not kept. */
static bool
remembered_basis(expcache_t *cache, uint64_t key, bitset_t *out)
{
    expcache_sets_t x;
    if (!expcache_sets_get(cache, key, &x) || !x.solved)
        return false;
    *out = x.basis;
    return true;
}

/* What the node `key` dominates among its parent's moves, into *out, and
 * when it is solved its harmless set into *h (else *h is empty); false
 * when neither is kept. */
static bool
remembered_refuted(expcache_t *cache, uint64_t key, bitset_t *out, bitset_t *h)
{
    expcache_sets_t x;
    *h = bitset_empty();
    if (!expcache_sets_get(cache, key, &x))
        return false;
    *out = x.refuted;
    if (x.solved)
        *h = x.harmless;
    return true;
}

/* Harmless sets.  For a solved node N (a position, its side to move; W
 * the winner, L the loser) a set H(N) of empty cells is harmless when
 * adding L stones on any part of it leaves N won by W.  A parent whose
 * mover L lost the child N (L played m) then loses every sibling x in
 * H(N): the position after L on x has fewer L stones than N plus L on x,
 * which W wins (refuted_by is the case that needs no search).  The sets
 * are built bottom-up as nodes are solved; on the filled board F of N:
 *   - base: the dead cells and L's fill-in.  Dead and captured cells are
 *     game notions that carry over to fuller boards (ice.h), so N plus L
 *     stones S outside W's fill-in is worth F plus L stones on the empty
 *     cells of F in S; every rule below is about such an F + S.
 *   - decided at expansion: base plus the empty cells of F outside the
 *     expansion's support (knowledge.h): the deciding connection, or for
 *     no moves left the must-play's semis and certificates, stand.
 *   - W to move, won by m: base plus H(F + m) (W still plays m; m is not
 *     in H(F + m), which holds empty cells only).
 *   - L to move, lost: base plus the empty cells of F in every H(F + c),
 *     c a child lost in the table, minus the support of the must-play.
 *     With S outside the support, the semis that make the must-play still
 *     stand, so moves outside it still lose; the certificates of the
 *     inferior cells in it still hold (their cells are empty, their
 *     claims carry over to fuller boards), so by the theorem of ice.h
 *     a win of L would need a kept move that wins; a child c lost in the
 *     table loses as S is in H(F + c); a child counted lost as dominated
 *     is worth at most its dominator, down a chain that ends in a child
 *     lost in the table (dfpn_read_children), and each step of it carries
 *     over to F + S (dead and captured cells do, and a harmless-set step
 *     holds as S and the dominated cell both lie in the lender's set).
 *   - L to move, lost, where the expansion dropped moves by the half turn
 *     (knowledge.h step 6): the set above, H, less its cells whose image
 *     is not in it.  With S in H and its image S' in H too, each kept move
 *     loses on F + S, and each dropped move m' loses on F + S as its
 *     image m (kept) loses on F + S', the half turn taking the one
 *     position to the other (pos is symmetric; the fill-in argument
 *     carries the value from pos + S to F + S).
 * A missing child's set counts as empty, so a set is only ever smaller
 * than it could be.  The proof checker rebuilds every set it relies on
 * from its own expansions. */

/* H of a node decided at its expansion e, pos its position before the
 * fill-in. */
static bitset_t
harmless_leaf(const position_t *pos, const kn_expansion_t *e)
{
    hex_color_t w = e->decided;
    bitset_t keep = bitset_or(bitset_andnot(e->fill[w], e->dead), e->support);
    return bitset_andnot(position_empty_cells(pos), keep);
}

/* H of a node from `deep` (its part on the filled board: the winning
 * child's set, or the losing children's common set), filled its filled
 * position, e its expansion, `loser` its loser. */
static bitset_t
harmless_inner(const position_t *filled, const kn_expansion_t *e, hex_color_t loser,
               bitset_t deep)
{
    bitset_t h = bitset_or(e->dead, e->fill[loser]);
    deep = bitset_and(deep, position_empty_cells(filled));
    if (loser == e->to_move)
        deep = bitset_andnot(deep, e->support);
    h = bitset_or(h, deep);
    if (loser == e->to_move && e->half_turn) {
        bitset_t both = bitset_empty();
        for (int c = bitset_first(&h); c >= 0; c = bitset_next(&h, c))
            if (bitset_test(&h, geometry_half_turn(filled->geo, c)))
                bitset_set(&both, c);
        h = both;
    }
    return h;
}

bool
dfpn_expand(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out)
{
    return kn_expand(s->kn, pos, to_move, out);
}

bool
dfpn_node(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out)
{
    if (pos->to_move == to_move)
        return expand(s, pos, out);
    position_t *p = malloc(sizeof *p);
    if (!p)
        return false;
    position_copy(p, pos);
    position_set_to_move(p, to_move);
    bool ok = expand(s, p, out);
    position_free(p);
    free(p);
    return ok;
}

bool
dfpn_dominated(dfpn_t *s, const position_t *pos, bitset_t *out)
{
    *out = bitset_empty();
    if (s->have_pos)
        position_free(&s->pos);
    position_copy(&s->pos, pos);
    s->have_pos = true;
    frame_t *f = &s->frames[0];
    if (!expand(s, &s->pos, &f->e))
        return false;
    if (f->e.decided != HEX_EMPTY)
        return true;
    hex_color_t me = s->pos.to_move;
    int filled = kn_play_fill(&f->e, &s->pos);
    for (int i = 0; i < f->e.n; i++) {
        position_play(&s->pos, me, f->e.moves[i]);
        f->key[i] = dfpn_key(s);
        position_undo(&s->pos);
        f->harvest[i] = HARVEST_NONE;
    }
    f->refuted = bitset_empty();
    dfpn_read_children(s, f);
    for (int i = 0; i < f->e.n; i++)
        if (bitset_test(&f->refuted, f->e.moves[i]) && f->delta[i] != 0 && !f->lost[i])
            bitset_set(out, f->e.moves[i]);
    kn_undo_fill(&s->pos, filled);
    return true;
}

bool
dfpn_lookup(dfpn_t *s, const position_t *pos, tt_data_t *out)
{
    return tt_lookup(s->tt, position_key(pos), out);
}

bool
dfpn_moves(dfpn_t *s, const position_t *pos, hex_color_t to_move, kn_expansion_t *out)
{
    return kn_expand_moves(s->kn, pos, to_move, out);
}

static inline uint32_t
sat_add(uint32_t a, uint32_t b)
{
    uint64_t x = (uint64_t)a + b;
    return x >= TT_INF ? TT_INF : (uint32_t)x;
}

tt_data_t
dfpn_read(dfpn_t *s, uint64_t key)
{
    tt_data_t d;
    if (!tt_lookup(s->tt, key, &d)) {
        d.phi = d.delta = 1;
        d.work = 0;
        d.best = -1;
    }
    return d;
}

/* The children's numbers, with the moves that a sibling dominates
 * counted as lost.  Move x is dominated by sibling c when x is dead or
 * captured by the mover in c's expansion (refuted_by): x is then worth no
 * more than c to the mover, so the node's value is its value without x
 * (when c loses, x loses).  A set is read from the table of sets kept at
 * expansion, or for a lost child from its cached expansion (none when
 * neither has it: that only loses some pruning).  Only a child lost for
 * true or not itself dominated lends its set: two moves that dominate
 * each other (equal values) must not remove each other, and the first
 * one read keeps its place.  A move proven to win stays, dominated or
 * not (the node is won by it).  Within one visit of the node the
 * dominated set only grows, so a child dominated stays dominated. */
void
dfpn_read_children(dfpn_t *s, frame_t *f)
{
    hex_color_t me = s->pos.to_move;
    bool *lost = f->lost, won[HEX_MAX_CELLS];
    for (int i = 0; i < f->e.n; i++) {
        tt_data_t d;
        if (tt_lookup(s->tt, f->key[i], &d)) {
            f->phi[i] = d.phi;
            f->delta[i] = d.delta;
        } else {
            f->phi[i] = 1;
            f->delta[i] = 1;
        }
        lost[i] = f->phi[i] == 0;
        won[i] = f->delta[i] == 0;
    }
    bool more = true;
    while (more) {
        more = false;
        for (int i = 0; i < f->e.n; i++) {
            bool dominated = bitset_test(&f->refuted, f->e.moves[i]);
            if (dominated && !won[i]) {
                f->phi[i] = 0;
                f->delta[i] = TT_INF;
            }
            if (f->harvest[i] == HARVEST_LOST || (f->harvest[i] == HARVEST_OPEN && !lost[i])
                || (dominated && !lost[i]))
                continue;
            bitset_t r, h;
            bool have = remembered_refuted(s->cache, f->key[i], &r, &h);
            if (!have && lost[i]) {
                position_play(&s->pos, me, f->e.moves[i]);
                have = cached_refuted(s->cache, &s->pos, me, &r);
                position_undo(&s->pos);
            }
            /* a lost child is read once, with its harmless set (the
             * child is lost for me: H is about me); another one again
             * until its set is known (it is kept when the child is
             * opened) */
            if (lost[i])
                f->harvest[i] = HARVEST_LOST;
            else if (have)
                f->harvest[i] = HARVEST_OPEN;
            if (!have)
                continue;
            if (lost[i])
                r = bitset_or(r, h);
            r = bitset_andnot(r, f->refuted);
            if (!bitset_is_empty(&r)) {
                f->refuted = bitset_or(f->refuted, r);
                s->stats.refuted += (uint64_t)bitset_count(&r);
                more = true;
            }
        }
    }
}

/* The moves of the path from the root to s->pos, fill-in left out, into
 * path; returns their number.  At each level of the path s->pos holds
 * the level's fill-in (kn_play_fill: frames[d]'s, played first), then
 * the move searched from it. */
static int
path_moves(const dfpn_t *s, int16_t *path)
{
    int n = 0;
    for (int d = 0, i = s->root_depth; i < s->pos.nmoves; d++) {
        const kn_expansion_t *e = &s->frames[d].e;
        i += bitset_count(&e->fill[HEX_BLACK]) + bitset_count(&e->fill[HEX_WHITE]);
        if (i < s->pos.nmoves)
            path[n++] = (int16_t)position_move(&s->pos, i++);
    }
    return n;
}

static void
report_progress(dfpn_t *s, const frame_t *root, bool force)
{
    double now = stop_now();
    s->stats.seconds = now - s->start;
    if (!s->progress || (!force && now < s->next_progress))
        return;
    s->next_progress = now + s->params->progress_interval;
    tt_data_t d;
    if (!tt_lookup(s->tt, s->root_key, &d))
        d.phi = d.delta = 1;
    int16_t path[HEX_MAX_CELLS];
    dfpn_progress_t p = {
        .stats = &s->stats,
        .root_phi = d.phi,
        .root_delta = d.delta,
        .tt_used = tt_used(s->tt),
        .tt_capacity = tt_capacity(s->tt),
        .pos = &s->pos,
        .depth = s->pos.nmoves - s->root_depth,
        .path = path,
        .path_len = path_moves(s, path),
        .root_to_move = s->root_to_move,
        .children = root->e.moves,
        .child_phi = root->phi,
        .child_delta = root->delta,
        .nchildren = root->e.decided == HEX_EMPTY ? root->e.n : 0,
    };
    s->progress(s->progress_arg, &p);
}

bool
dfpn_check_stop(dfpn_t *s)
{
    if (s->stopped)
        return true;
    if (s->params->work_limit > 0 && s->stats.work >= s->params->work_limit) {
        s->stopped = true;      /* a job's end (toptree.h) */
        return true;
    }
    if (s->stats.work % STOP_CHECK_EVERY == 0) {
        if (stop_requested(s->stop))
            s->stopped = true;
        else
            report_progress(s, &s->frames[0], false);
    }
    return s->stopped;
}

void
dfpn_child_thresholds(double epsilon, uint32_t P, uint32_t D, uint32_t delta, uint32_t phi_j,
                      uint32_t second, uint32_t *Pc, uint32_t *Dc)
{
    if (D >= TT_INF || delta >= TT_INF)
        *Pc = D >= TT_INF ? TT_INF : D;
    else
        *Pc = D - (delta - phi_j);
    uint32_t grown;
    if (second >= TT_INF) {
        grown = TT_INF;
    } else {
        double g = ceil((1.0 + epsilon) * (double)second);
        grown = g >= (double)TT_INF ? TT_INF : (uint32_t)g;
        if (grown < second + 1)
            grown = second + 1;
    }
    *Dc = P < grown ? P : grown;
}

/* The thresholds of child j, with `second` the delta it must stay under
 * (the second least delta among the children, times 1+epsilon). */
static void
thresholds(const dfpn_t *s, uint32_t P, uint32_t D, uint32_t delta, uint32_t phi_j,
           uint32_t second, uint32_t *Pc, uint32_t *Dc)
{
    dfpn_child_thresholds(s->params->epsilon, P, D, delta, phi_j, second, Pc, Dc);
}

/* The focused search selects among the first max(2, ceil(b + f k))
 * children not lost, k the number of those (the window): the node's phi
 * is the least delta in the window.  Its delta sums the phi of every
 * child not lost, inside the window or not, as in Benzene: all of them
 * must be refuted before the node is lost, and a sum over the window
 * alone would make a node with twenty replies look as easy to refute
 * as one with three (all 49 7x7 openings took 551 170 expansions that
 * way, 418 688 with the whole sum).  A child proven won for the mover
 * decides the node wherever it lies.  Lost is read from the true numbers in f
 * (dominated moves included): the window is part of the tree, and a
 * parallel search's virtual wins and losses (in phi, delta) must not
 * widen it, or the other threads would be shown fresh children beyond
 * it, whose numbers of 1 draw them in ahead of the children serial DFPN
 * searches. */
void
dfpn_pn_update(const dfpn_t *s, const frame_t *f, const uint32_t *phi,
               const uint32_t *delta, int best, pn_update_t *u)
{
    int k = 0;
    for (int i = 0; i < f->e.n; i++)
        k += f->phi[i] != 0;
    double w = ceil(s->params->widening_base + s->params->widening_factor * (double)k);
    int limit = w < 2 ? 2 : (int)w;
    int taken = 0;
    u->phi = TT_INF;
    u->delta = 0;
    u->j1 = u->j2 = u->last = -1;
    for (int i = 0; i < f->e.n; i++) {
        if (f->phi[i] == 0)
            continue;
        u->delta = sat_add(u->delta, phi[i]);
        if (taken >= limit && delta[i] != 0)
            continue;
        taken++;
        if (u->j1 < 0 || delta[i] < delta[u->j1]) {
            u->j2 = u->j1;
            u->j1 = i;
        } else if (u->j2 < 0 || delta[i] < delta[u->j2]) {
            u->j2 = i;
        }
        if (f->e.moves[i] == best)
            u->last = i;
    }
    if (u->j1 >= 0)
        u->phi = delta[u->j1];
}

/* Resume at the last child while it stays within its threshold, else
 * the child with the least delta. */
int
dfpn_select(const dfpn_t *s, const uint32_t *phi, const uint32_t *delta,
            const pn_update_t *u, uint32_t P, uint32_t D, uint32_t *Pc, uint32_t *Dc)
{
    int j1 = u->j1, last = u->last;
    uint32_t second = u->j2 >= 0 ? delta[u->j2] : TT_INF;
    thresholds(s, P, D, u->delta, phi[j1], second, Pc, Dc);
    if (last >= 0 && last != j1) {
        uint32_t Pl, Dl;
        thresholds(s, P, D, u->delta, phi[last], delta[j1], &Pl, &Dl);
        if (delta[last] < Dl) {
            *Pc = Pl;
            *Dc = Dl;
            return last;
        }
    }
    return j1;
}

int
dfpn_open(dfpn_t *s, frame_t *f, uint64_t key, tt_data_t *nd)
{
    if (!expand(s, &s->pos, &f->e)) {
        s->stopped = true;      /* out of memory: stop, unknown */
        return -2;
    }
    hex_color_t me = s->pos.to_move;
    if (f->e.decided != HEX_EMPTY) {
        bitset_t h = harmless_leaf(&s->pos, &f->e), none = bitset_empty();
        remember_refuted(s->cache, key, &f->e, &h, &none);
        bool won = f->e.decided == me;
        nd->phi = won ? 0 : TT_INF;
        nd->delta = won ? TT_INF : 0;
        nd->best = (int16_t)(won ? f->e.win_move : -1);
        tt_store(s->tt, key, nd);
        return -1;
    }
    remember_refuted(s->cache, key, &f->e, NULL, NULL);
    int filled = kn_play_fill(&f->e, &s->pos);
    for (int i = 0; i < f->e.n; i++) {
        position_play(&s->pos, me, f->e.moves[i]);
        f->key[i] = dfpn_key(s);
        position_undo(&s->pos);
        f->harvest[i] = HARVEST_NONE;
    }
    f->refuted = bitset_empty();
    return filled;
}

/* The harmless set of the node of f (s->pos its filled position), just
 * solved (u): from its winning child's set, or from the sets of its
 * children lost in the table. */
static bitset_t
solved_harmless(dfpn_t *s, const frame_t *f, const pn_update_t *u, bitset_t *basis)
{
    hex_color_t me = s->pos.to_move;
    bitset_t r, deep = bitset_empty();
    *basis = bitset_empty();
    if (u->phi == 0) {
        remembered_refuted(s->cache, f->key[u->j1], &r, &deep);
        return harmless_inner(&s->pos, &f->e, hex_color_other(me), deep);
    }
    bool first = true;
    for (int i = 0; i < f->e.n; i++) {
        if (!f->lost[i])
            continue;
        bitset_t h;
        remembered_refuted(s->cache, f->key[i], &r, &h);
        deep = first ? h : bitset_and(deep, h);
        first = false;
        bitset_set(basis, f->e.moves[i]);
    }
    return harmless_inner(&s->pos, &f->e, me, deep);
}

void
dfpn_update_entry(dfpn_t *s, frame_t *f, uint64_t key, tt_data_t *nd, pn_update_t *u)
{
    dfpn_read_children(s, f);
    dfpn_pn_update(s, f, f->phi, f->delta, nd->best, u);
    nd->phi = u->phi;
    nd->delta = u->delta;
    if (u->phi == 0)
        nd->best = f->e.moves[u->j1];
    tt_store(s->tt, key, nd);
    if (u->phi == 0 || u->delta == 0) {
        bitset_t basis, h = solved_harmless(s, f, u, &basis);
        remember_refuted(s->cache, key, &f->e, &h, &basis);
    }
}

uint64_t
dfpn_mid(dfpn_t *s, int depth, uint32_t P, uint32_t D, uint64_t W)
{
    s->stats.work++;
    uint64_t key = dfpn_key(s);
    tt_data_t nd = dfpn_read(s, key);
    nd.work++;
    frame_t *f = &s->frames[depth];
    int filled = dfpn_open(s, f, key, &nd);
    if (filled < 0)
        return 1;
    hex_color_t me = s->pos.to_move;
    uint64_t local = 1;
    for (;;) {
        pn_update_t u;
        dfpn_update_entry(s, f, key, &nd, &u);
        if (u.phi >= P || u.delta >= D || local >= W || dfpn_check_stop(s))
            break;
        uint32_t Pc, Dc;
        int j = dfpn_select(s, f->phi, f->delta, &u, P, D, &Pc, &Dc);
        nd.best = f->e.moves[j];
        position_play(&s->pos, me, f->e.moves[j]);
        uint64_t w = dfpn_mid(s, depth + 1, Pc, Dc, W - local);
        position_undo(&s->pos);
        local += w;
        nd.work += w;
    }
    kn_undo_fill(&s->pos, filled);
    return local;
}

void
dfpn_begin(dfpn_t *s, const position_t *pos, hex_color_t to_move,
           const dfpn_params_t *params, const stop_t *stop)
{
    memset(&s->stats, 0, sizeof s->stats);
    if (s->have_pos)
        position_free(&s->pos);
    position_copy(&s->pos, pos);
    s->have_pos = true;
    position_set_to_move(&s->pos, to_move);
    s->params = params;
    s->stop = stop;
    s->stopped = false;
    s->start = stop_now();
    s->next_progress = s->start + params->progress_interval;
    s->root_key = dfpn_key(s);
    s->root_depth = s->pos.nmoves;
    s->root_to_move = to_move;
    s->frames[0].e.n = 0;
    s->frames[0].e.decided = HEX_EMPTY;
}

void
dfpn_solve(dfpn_t *s, const position_t *pos, hex_color_t to_move,
           const dfpn_params_t *params, const stop_t *stop, dfpn_result_t *out)
{
    dfpn_begin(s, pos, to_move, params, stop);
    uint32_t P = params->job_phi ? params->job_phi : TT_INF;
    uint32_t D = params->job_delta ? params->job_delta : TT_INF;
    tt_data_t d;
    for (;;) {
        if (tt_lookup(s->tt, s->root_key, &d)
            && (tt_solved(&d) || d.phi >= P || d.delta >= D))
            break;
        if (s->stopped || stop_requested(stop))
            break;
        /* when the root's entry has been replaced (a table far too small
         * for the position), this writes it again */
        dfpn_mid(s, 0, P, D, UINT64_MAX);
    }
    /* a last report for a solve long enough to have had reports */
    if (stop_now() - s->start >= params->progress_interval)
        report_progress(s, &s->frames[0], true);
    s->stats.seconds = stop_now() - s->start;
    dfpn_result_of(s->tt, s->root_key, to_move, &s->stats, out);
}

void
dfpn_result_of(tt_t *tt, uint64_t root_key, hex_color_t to_move, const dfpn_stats_t *stats,
               dfpn_result_t *out)
{
    memset(out, 0, sizeof *out);
    out->stats = *stats;
    out->winner = HEX_EMPTY;
    out->best = -1;
    tt_data_t d;
    if (tt_lookup(tt, root_key, &d)) {
        out->phi = d.phi;
        out->delta = d.delta;
        if (d.phi == 0) {
            out->winner = to_move;
            out->best = d.best;
        } else if (d.delta == 0) {
            out->winner = hex_color_other(to_move);
        }
    }
}

/* ---- principal variation --------------------------------------------- */

int
dfpn_pv(dfpn_t *s, const position_t *pos, hex_color_t to_move, int *moves, int max)
{
    position_t p;
    position_copy(&p, pos);
    position_set_to_move(&p, to_move);
    int n = 0;
    kn_expansion_t *e = malloc(sizeof *e);
    while (e && n < max) {
        tt_data_t d;
        if (!tt_lookup(s->tt, position_key(&p), &d) || !tt_solved(&d))
            break;
        if (!kn_expand(s->kn, &p, p.to_move, e))
            break;
        if (e->decided != HEX_EMPTY) {
            /* a leaf: its winning move, when it names one, ends the PV */
            if (e->decided == p.to_move && e->win_move >= 0)
                moves[n++] = e->win_move;
            break;
        }
        int move = -1;
        kn_play_fill(e, &p);
        if (d.phi == 0) {
            move = d.best;
        } else {
            /* the loser: the reply whose refutation took most work */
            uint64_t most = 0;
            for (int i = 0; i < e->n; i++) {
                tt_data_t c;
                position_play(&p, p.to_move, e->moves[i]);
                if (tt_lookup(s->tt, position_key(&p), &c) && c.phi == 0
                    && (move < 0 || c.work > most)) {
                    move = e->moves[i];
                    most = c.work;
                }
                position_undo(&p);
            }
        }
        if (move < 0 || position_color_at(&p, move) != HEX_EMPTY)
            break;
        moves[n++] = move;
        position_play(&p, p.to_move, move);
    }
    free(e);
    position_free(&p);
    return n;
}

/* ---- proof checker --------------------------------------------------- */

typedef struct checker {
    dfpn_t *s;
    uint64_t *seen;             /* open addressing on key | 1 */
    bitset_t *harmless;         /* beside each seen key: its node's set */
    size_t cap, used;
    uint64_t nodes;
    char *why;
    size_t whylen;
    bool failed;
} checker_t;

/* The slot of key in c->seen: where it is, or the empty one it would
 * take. */
static size_t
seen_slot(const checker_t *c, uint64_t key)
{
    size_t j = (key >> 11) & (c->cap - 1);
    while (c->seen[j] && c->seen[j] != key)
        j = (j + 1) & (c->cap - 1);
    return j;
}

/* Whether key (a node checked already) is seen; its harmless set into
 * *h. */
static bool
seen_find(const checker_t *c, uint64_t key, bitset_t *h)
{
    if (!c->cap)
        return false;
    size_t j = seen_slot(c, key | 1);
    if (!c->seen[j])
        return false;
    *h = c->harmless[j];
    return true;
}

/* Record key as checked, with its harmless set (a full table only
 * forgets: a node is then checked again). */
static void
seen_insert(checker_t *c, uint64_t key, const bitset_t *h)
{
    key |= 1;
    if (2 * (c->used + 1) > c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        bitset_t *hs = malloc(cap * sizeof *hs);
        if (!t || !hs) {
            free(t);
            free(hs);
            return;
        }
        checker_t n = { .seen = t, .harmless = hs, .cap = cap };
        for (size_t i = 0; i < c->cap; i++) {
            if (!c->seen[i])
                continue;
            size_t j = seen_slot(&n, c->seen[i]);
            t[j] = c->seen[i];
            hs[j] = c->harmless[i];
        }
        free(c->seen);
        free(c->harmless);
        c->seen = t;
        c->harmless = hs;
        c->cap = cap;
    }
    size_t j = seen_slot(c, key);
    if (!c->seen[j])
        c->used++;
    c->seen[j] = key;
    c->harmless[j] = *h;
}

static void
check_fail(checker_t *c, const position_t *p, const char *what)
{
    if (c->failed)
        return;
    c->failed = true;
    char line[64 * 8] = "";
    size_t len = 0;
    const geometry_t *g = p->geo;
    for (int i = 0; i < p->nmoves && len + 16 < sizeof line; i++) {
        char name[MOVE_NAME_MAX];
        len += (size_t)snprintf(line + len, sizeof line - len, " %s",
                                geometry_move_name(g, position_move(p, i), name));
    }
    snprintf(c->why, c->whylen, "%s after moves%s", what, line);
}

/* Add to *refuted what the lost position p (me just played) refutes. */
static bool
check_refuted(checker_t *c, position_t *p, hex_color_t me, bitset_t *refuted)
{
    kn_expansion_t *e = malloc(sizeof *e);
    if (!e || !expand(c->s, p, e)) {
        free(e);
        check_fail(c, p, "out of memory");
        return false;
    }
    *refuted = bitset_or(*refuted, refuted_by(e, me));
    free(e);
    return true;
}

/* Whether `winner` wins p (its side to move) by the stored proof; the
 * harmless set of p (for the loser), rebuilt from the expansions by the
 * rules of harmless_leaf and harmless_inner, into *h.  An expansion is the
 * solver's from the cache when it holds one (with path builds, knowledge.h,
 * a fresh one can differ), else the checker's own, counted in the
 * solver's statistics as any expansion is. */
static bool
check_node(checker_t *c, position_t *p, hex_color_t winner, bitset_t *h)
{
    *h = bitset_empty();
    if (c->failed)
        return false;
    uint64_t seen_key = position_key(p) ^ (uint64_t)winner;
    if (seen_find(c, seen_key, h))
        return true;
    c->nodes++;
    kn_expansion_t *e = malloc(sizeof *e);
    if (!e || !expand(c->s, p, e)) {
        free(e);
        check_fail(c, p, "out of memory");
        return false;
    }
    hex_color_t me = p->to_move;
    bool ok = true;
    if (e->decided != HEX_EMPTY) {
        if (e->decided != winner) {
            check_fail(c, p, "a leaf with the other winner");
            ok = false;
        } else {
            *h = harmless_leaf(p, e);
            seen_insert(c, seen_key, h);
        }
        free(e);
        return ok;
    }
    /* the node's entry (keyed before the fill-in) holds its move */
    tt_data_t d;
    uint64_t node_key = position_key(p);
    bool have = tt_lookup(c->s->tt, node_key, &d) && d.phi == 0 && d.best >= 0;
    int filled = kn_play_fill(e, p);
    bitset_t deep = bitset_empty();
    if (winner == me) {
        if (!have || position_check(p, me, d.best) != POSITION_OK) {
            check_fail(c, p, "no stored winning move");
            ok = false;
        } else {
            position_play(p, me, d.best);
            ok = check_node(c, p, winner, &deep);
            position_undo(p);
        }
    } else {
        /* every move loses: by its stored proof, or dominated by a lost
         * sibling (its harmless set, which holds refuted_by; a move the
         * search pruned as dominated by an unsolved sibling is covered so
         * once the node is lost, as that sibling, or the one dominating
         * it, then has a proof); every move with a proof is checked by
         * it, and the node's harmless set comes from those the search
         * took (its basis, when kept: a child proven later by another
         * path is left out, as it was) */
        bool *done = calloc((size_t)e->n + 1, sizeof *done);
        if (!done) {
            check_fail(c, p, "out of memory");
            ok = false;
        }
        bitset_t refuted = bitset_empty(), basis;
        bool first = true;
        bool have_basis = remembered_basis(c->s->cache, node_key, &basis);
        for (int pass = 0; pass < 2 && ok; pass++) {
            bool more = true;
            while (more && ok) {
                more = false;
                for (int i = 0; i < e->n && ok; i++) {
                    if (done[i])
                        continue;
                    position_play(p, me, e->moves[i]);
                    tt_data_t cd;
                    bool proven = tt_lookup(c->s->tt, position_key(p), &cd) && cd.phi == 0;
                    bool by_sibling = bitset_test(&refuted, e->moves[i]);
                    if (proven || by_sibling || pass == 1) {
                        done[i] = true;
                        more = true;
                        if (by_sibling && !proven) {
                            ok = check_refuted(c, p, me, &refuted);
                        } else {
                            bitset_t hc;
                            ok = check_node(c, p, winner, &hc);
                            refuted = bitset_or(refuted, hc);
                            if (!have_basis || bitset_test(&basis, e->moves[i])) {
                                deep = first ? hc : bitset_and(deep, hc);
                                first = false;
                            }
                        }
                    }
                    position_undo(p);
                }
                if (pass == 1)
                    break;
            }
        }
        free(done);
    }
    if (ok) {
        *h = harmless_inner(p, e, hex_color_other(winner), deep);
        seen_insert(c, seen_key, h);
    }
    kn_undo_fill(p, filled);
    free(e);
    return ok;
}

bool
dfpn_check_proof(dfpn_t *s, const position_t *pos, hex_color_t to_move,
                 hex_color_t winner, uint64_t *nodes, char *why, size_t whylen)
{
    checker_t c = { .s = s, .why = why, .whylen = whylen };
    if (whylen)
        why[0] = '\0';
    position_t p;
    position_copy(&p, pos);
    position_set_to_move(&p, to_move);
    bitset_t h;
    bool ok = check_node(&c, &p, winner, &h);
    position_free(&p);
    free(c.seen);
    free(c.harmless);
    *nodes = c.nodes;
    return ok && !c.failed;
}
