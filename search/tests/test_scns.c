/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the SCNS search (search/scns.h), all deterministic but
 * the parallel searches' (budgets in expansions, no clock): decided roots and their infinite
 * values, proven wins against the minimax oracle on random small
 * positions (serial and parallel), proofs shared with the solver's table
 * (written as whole proofs, read back by both), the move with the most work, the
 * parallel search's bookkeeping and proofs, the budgets (expansions, a
 * stop that holds at the start), the leaf rules and the interval (5) at
 * the first expansion, the tolerance, a stored position read back from
 * another root shifted by the move's error, the error formula of (8)-(11)
 * and the inverse error function. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/knowledge.h"
#include "board/rng.h"
#include "board/tests/minimax.h"
#include "search/dfpn.h"
#include "search/scns.h"
#include "search/tt.h"

#define PINF PNFUNC_PLUS_INF
#define NINF PNFUNC_MINUS_INF

typedef struct world {
    pattern_set_t *patterns;
    vc_templates_t *templates;
    ice_params_t ice;
    vc_params_t vc;
    resist_params_t resist;
    kn_config_t cfg;
    scns_params_t prm;
    scns_t *s;
    scns_result_t *r;
    stop_t stop;
} world_t;

static void
world_init(world_t *w)
{
    char err[512];
    w->patterns = pattern_set_load_ice(err, sizeof err);
    ck_assert_msg(w->patterns != NULL, "%s", err);
    w->templates = vc_templates_load_default(err, sizeof err);
    ck_assert_msg(w->templates != NULL, "%s", err);
    ice_params_init(&w->ice);
    vc_params_default(&w->vc);
    resist_params_default(&w->resist);
    w->cfg = (kn_config_t){
        .ice_patterns = w->patterns, .ice_params = &w->ice, .vc_templates = w->templates,
        .vc_params = &w->vc, .order = KN_ORDER_RESIST, .resist_params = &w->resist,
        .rules_only = false,
    };
    scns_params_default(&w->prm);
    w->prm.tt_mb = 8;
    w->prm.progress_interval = 0;
    w->s = scns_new(&w->cfg);
    ck_assert_ptr_nonnull(w->s);
    w->r = malloc(sizeof *w->r);
    w->stop = stop_make(NULL, 0);
}

static void
world_free(world_t *w)
{
    scns_free(w->s);
    free(w->r);
    pattern_set_free(w->patterns);
    vc_templates_free(w->templates);
}

static void
dump(const position_t *p, const char *why)
{
    char text[4096];
    position_to_text(p, text, sizeof text);
    fprintf(stderr, "%s (%s to move)\n%s\n", why, hex_color_name(p->to_move), text);
}

/* A W x H position from moves "a1 b2 ..." played in turn from Black. */
static void
setup(position_t *p, int w, int h, const char *moves)
{
    geometry_t *g = geometry_new(w, h);
    position_init(p, g);
    geometry_unref(g);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        int m;
        ck_assert_int_eq(geometry_parse_move(p->geo, t, &m), MOVE_PARSE_OK);
        position_play(p, p->to_move, m);
    }
}

static bool
search(world_t *w, const position_t *p)
{
    return scns_search(w->s, p, p->to_move, &w->prm, &w->stop, w->r);
}

/* The search from an empty tree again gives first's move and value. */
static void
search_again_same(world_t *w, const position_t *p, const scns_result_t *first)
{
    scns_clear(w->s);
    ck_assert(search(w, p));
    ck_assert_int_eq(w->r->move, first->move);
    ck_assert_int_eq(w->r->value, first->value);
}

/* ---- decided roots ----------------------------------------------------- */

/* A VC win at the root is played at once (no search), its value +inf;
 * a VC loss is -inf with no move named, and the support of the
 * opponent's connection to play in. */
START_TEST(decided_roots_are_infinite)
{
    world_t w;
    world_init(&w);
    position_t p;
    /* 3x3, Black b2: Black to move again has a semi edge VC at least */
    setup(&p, 3, 3, "b2 a1");
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->winner, HEX_BLACK);
    ck_assert_int_eq(w.r->value, PINF);
    ck_assert_uint_eq(w.r->stats.expansions, 0);
    ck_assert(w.r->reason == KN_VC_WIN || w.r->reason == KN_FILLED);
    if (w.r->move >= 0)
        ck_assert_int_eq(position_check(&p, HEX_BLACK, w.r->move), POSITION_OK);
    /* the same for White to move: lost */
    position_set_to_move(&p, HEX_WHITE);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->winner, HEX_BLACK);
    ck_assert_int_eq(w.r->value, NINF);
    ck_assert_int_eq(w.r->move, -1);
    ck_assert_int_eq(w.r->v_max, NINF);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* ---- proofs against minimax ------------------------------------------ */

/* The threads of the loop tests: the serial search and two parallel
 * ones. */
static const int thread_counts[] = { 1, 2, 4 };

/* On random 4x4 and 5x5 positions with up to 11 empty cells: a winner the
 * search proves is the true one, a proven win is played with a winning
 * move, and with 3000 expansions almost every position is proven; with
 * one thread and with several, the circuit's move scores alone (loop
 * 0-2) and with playouts mixed in (3-4: one and two threads). */
START_TEST(proven_wins_are_true)
{
    world_t w;
    world_init(&w);
    w.prm.max_expansions = 3000;
    w.prm.threads = thread_counts[_i % 3];
    w.prm.playouts = _i < 3 ? 0 : 32;
    minimax_t *mm = minimax_new();
    rng_t rng;
    rng_seed(&rng, 20260101);
    int tried = 0, proven = 0, wins = 0;
    for (int k = 0; k < 120; k++) {
        int size = 4 + (int)rng_below(&rng, 2);
        geometry_t *g = geometry_new(size, size);
        position_t p;
        position_init(&p, g);
        int empty = 7 + (int)rng_below(&rng, 5);
        for (int i = 0; i < size * size - empty; i++) {
            bitset_t em = position_empty_cells(&p);
            int m = bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em)));
            position_play(&p, p.to_move, m);
            if (p.winner != HEX_EMPTY) {
                position_undo(&p);
                break;
            }
        }
        if (rng_below(&rng, 2))
            position_set_to_move(&p, hex_color_other(p.to_move));
        minimax_clear(mm);
        hex_color_t truth = minimax_winner(mm, &p);
        bitset_t winning = minimax_winning_moves(mm, &p);
        ck_assert(search(&w, &p));
        tried++;
        if (w.r->winner != HEX_EMPTY) {
            proven++;
            if (w.r->winner != truth) {
                dump(&p, "proven winner is wrong");
                ck_abort();
            }
            if (w.r->winner == p.to_move && w.r->move >= 0) {
                wins++;
                if (!bitset_test(&winning, w.r->move)) {
                    dump(&p, "proven win played with a losing move");
                    ck_abort();
                }
            }
        }
        if (w.r->move >= 0)
            ck_assert_int_eq(position_check(&p, p.to_move, w.r->move), POSITION_OK);
        position_free(&p);
        geometry_unref(g);
        scns_clear(w.s);
    }
    fprintf(stderr, "scns, %d thread(s), %d playouts: %d positions, %d proven, "
            "%d won with a named move\n", w.prm.threads, w.prm.playouts, tried, proven, wins);
    ck_assert_int_ge(proven * 10, tried * 9);
    ck_assert_int_gt(wins, 10);
    minimax_free(mm);
    world_free(&w);
}
END_TEST

/* ---- proofs shared with the solver -------------------------------------- */

/* The winner of p (to move) by the solver on its own table. */
static hex_color_t
solved(dfpn_t *d, const position_t *p, hex_color_t to_move)
{
    dfpn_params_t prm;
    dfpn_params_default(&prm);
    stop_t stop = stop_make(NULL, 0);
    dfpn_result_t r;
    dfpn_solve(d, p, to_move, &prm, &stop, &r);
    ck_assert_int_ne(r.winner, HEX_EMPTY);
    return r.winner;
}

/* With the solver's table lent (scns_set_proofs), one thread and two, on
 * twelve 6x6 first moves (White to move; each needs a search of 5 to 3500 expansions):
 * every root the search proves is in the table, solved for
 * the winner the solver finds on a table of its own (and a win with a
 * move that wins), and what the search wrote is a whole proof for the
 * solver's proof checker; the solver then answers from the table at
 * once; and a second search, its own tables emptied, reads the proofs
 * back and proves the root at its first expansion.  Path builds are off
 * (vc.h): the checker expands each node afresh, and with them the
 * search's expansion of a node can differ from its own (both sound) when
 * the cache no longer holds it. */
START_TEST(proofs_are_shared_with_the_solver)
{
    world_t w;
    world_init(&w);
    w.vc.path_builds = false;
    w.prm.max_expansions = 20000;
    w.prm.threads = thread_counts[_i];
    tt_t *tt = tt_new(16u << 20), *ref_tt = tt_new(16u << 20);
    dfpn_t *d = dfpn_new(tt, &w.cfg), *ref = dfpn_new(ref_tt, &w.cfg);
    ck_assert(tt && ref_tt && d && ref);
    static const char *const openings[] = { "a1", "b2", "c3", "d3", "a4", "f1", "b5", "e2",
                                            "c2", "f6", "a6", "d1" };
    int n = (int)(sizeof openings / sizeof openings[0]);
    int proven = 0;
    uint64_t before = 0, again = 0;
    for (int k = 0; k < n; k++) {
        position_t p;
        setup(&p, 6, 6, openings[k]);
        tt_clear(tt);
        scns_clear(w.s);
        scns_set_proofs(w.s, tt);
        ck_assert(search(&w, &p));
        if (w.r->winner == HEX_EMPTY || w.r->stats.expansions == 0) {
            position_free(&p);
            continue;           /* open, or decided by the root's expansion */
        }
        proven++;
        hex_color_t truth = solved(ref, &p, p.to_move);
        ck_assert_int_eq(w.r->winner, truth);
        tt_data_t e;
        ck_assert(tt_lookup(tt, position_key(&p), &e));
        ck_assert(tt_solved(&e));
        ck_assert_int_eq(e.phi == 0 ? p.to_move : hex_color_other(p.to_move), truth);
        if (e.phi == 0) {
            position_play(&p, p.to_move, e.best);
            ck_assert_int_eq(solved(ref, &p, p.to_move), truth);
            position_undo(&p);
        }
        char why[256];
        uint64_t nodes;
        if (!dfpn_check_proof(d, &p, p.to_move, truth, &nodes, why, sizeof why)) {
            dump(&p, why);
            ck_abort();
        }
        /* the solver reads the answer */
        stop_t stop = stop_make(NULL, 0);
        dfpn_params_t dprm;
        dfpn_params_default(&dprm);
        dfpn_result_t r;
        dfpn_solve(d, &p, p.to_move, &dprm, &stop, &r);
        ck_assert_int_eq(r.winner, truth);
        ck_assert_uint_le(r.stats.expansions, 1);
        /* and a fresh search too: the root's expansion, and those of the
         * children decided by their own expansion (the store keeps the
         * searched nodes only) */
        uint64_t first = w.r->stats.expansions;
        scns_clear(w.s);
        ck_assert(search(&w, &p));
        ck_assert_int_eq(w.r->winner, truth);
        before += first;
        again += w.r->stats.expansions;
        position_free(&p);
    }
    fprintf(stderr, "scns with the solver's table, %d thread(s): %d of %d roots proven by "
            "search, every proof checked; %llu expansions, %llu again from the table\n",
            w.prm.threads, proven, n,
            (unsigned long long)before, (unsigned long long)again);
    ck_assert_uint_le(again * 10, before);
    ck_assert_int_eq(proven, n);
    scns_set_proofs(w.s, NULL);
    dfpn_free(d);
    dfpn_free(ref);
    tt_free(tt);
    tt_free(ref_tt);
    world_free(&w);
}
END_TEST

/* ---- the move and the budget ------------------------------------------ */

/* The root children's work, summed; the move played has the most. */
static uint64_t
children_work(const scns_result_t *r)
{
    uint64_t sum = 0, chosen = 0, most = 0;
    for (int i = 0; i < r->nchildren; i++) {
        sum += r->child[i].work;
        if (r->child[i].work > most)
            most = r->child[i].work;
        if (r->child[i].move == r->move)
            chosen = r->child[i].work;
    }
    ck_assert_uint_eq(chosen, most);
    return sum;
}

/* Unproven, the move is the root child with the most expansions below
 * it; those add up to every expansion but the root's own. */
START_TEST(move_has_the_most_work)
{
    world_t w;
    world_init(&w);
    const char *openings[] = { "", "e5", "c3 e5", "b8 d4 f6" };
    for (int k = 0; k < 4; k++) {
        position_t p;
        setup(&p, 9, 9, openings[k]);
        w.prm.max_expansions = 150 + 50 * k;
        scns_clear(w.s);
        ck_assert(search(&w, &p));
        ck_assert_int_eq(w.r->winner, HEX_EMPTY);
        ck_assert_int_eq(position_check(&p, p.to_move, w.r->move), POSITION_OK);
        uint64_t sum = children_work(w.r);
        ck_assert_uint_eq(sum + 1, w.r->stats.expansions);
        ck_assert_uint_eq(w.r->stats.expansions, (uint64_t)w.prm.max_expansions);
        ck_assert_int_ge(w.r->pv_len, 1);
        ck_assert_int_eq(w.r->pv[0], w.r->move);
        ck_assert(w.r->v_min < w.r->value && w.r->value < w.r->v_max);
        position_free(&p);
    }
    world_free(&w);
}
END_TEST

/* With value_margin M the move is the most-worked root child unless the
 * best-valued child's value passes that child's by more than M; then it
 * is the best-valued one.  Checked against the children the search
 * reports, on the openings above, with M = 0 and 40 (and -1: always the
 * most worked); on "b8 d4 f6" the two differ (by 30 units at this
 * budget), so each branch of the rule is taken. */
START_TEST(value_margin_picks_the_best_value)
{
    world_t w;
    world_init(&w);
    const char *openings[] = { "", "e5", "c3 e5", "b8 d4 f6", "a2 e5 f4" };
    const int margins[] = { -1, 0, 40 };
    int by_value = 0;
    for (int m = 0; m < 3; m++)
        for (int k = 0; k < 5; k++) {
            position_t p;
            setup(&p, 9, 9, openings[k]);
            w.prm.max_expansions = 120 + 40 * k;
            w.prm.value_margin = margins[m];
            scns_clear(w.s);
            ck_assert(search(&w, &p));
            if (w.r->winner != HEX_EMPTY) {
                position_free(&p);
                continue;
            }
            const scns_child_t *worked = NULL, *top = NULL, *chosen = NULL;
            for (int i = 0; i < w.r->nchildren; i++) {
                const scns_child_t *c = &w.r->child[i];
                if (c->value == PNFUNC_MINUS_INF)
                    continue;
                if (!worked || c->work > worked->work
                    || (c->work == worked->work && c->value > worked->value))
                    worked = c;
                if (!top || c->value > top->value
                    || (c->value == top->value && c->work > top->work))
                    top = c;
                if (c->move == w.r->move)
                    chosen = c;
            }
            ck_assert_ptr_nonnull(chosen);
            if (margins[m] >= 0 && (double)top->value > (double)worked->value + margins[m]) {
                ck_assert_ptr_eq(chosen, top);
                by_value++;
            } else
                ck_assert_ptr_eq(chosen, worked);
            position_free(&p);
        }
    ck_assert_int_ge(by_value, 1);
    world_free(&w);
}
END_TEST

/* Playouts change the order of the root's moves (their scores are the
 * circuit's times the playouts' odds), and a search with them is as
 * deterministic as one without: the same seed-by-position playouts give
 * the same scores, so two searches from empty tables agree in every
 * child's value and work. */
START_TEST(playouts_reorder_deterministically)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 9, 9, "e5");
    w.prm.max_expansions = 200;
    ck_assert(search(&w, &p));
    scns_result_t *plain = malloc(sizeof *plain);
    *plain = *w.r;
    w.prm.playouts = 128;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    scns_result_t *first = malloc(sizeof *first);
    *first = *w.r;
    ck_assert_int_eq(first->nchildren, plain->nchildren);
    int moved = 0;
    for (int i = 0; i < first->nchildren; i++)
        moved += first->child[i].move != plain->child[i].move;
    ck_assert_int_gt(moved, 0);
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->move, first->move);
    ck_assert_int_eq(w.r->value, first->value);
    for (int i = 0; i < first->nchildren; i++) {
        ck_assert_int_eq(w.r->child[i].move, first->child[i].move);
        ck_assert_int_eq(w.r->child[i].value, first->child[i].value);
        ck_assert_uint_eq(w.r->child[i].work, first->child[i].work);
    }
    free(plain);
    free(first);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* The move prior: a table that all but forbids the patterns of the
 * circuit's first move moves it down the root's order with prior_weight
 * 1, and leaves the order alone with prior_weight 0; a near class
 * favoured puts a cell of it first. */
START_TEST(prior_reorders_the_moves)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 9, 9, "e5");
    w.prm.max_expansions = 1;
    ck_assert(search(&w, &p));
    int top = w.r->child[0].move;
    prior_t *prior = prior_new();
    ck_assert_ptr_nonnull(prior);
    int ring, bridge;
    prior_codes(p.geo, p.stones, top, p.to_move, &ring, &bridge, NULL);
    prior->ring[ring] = 1e-3f;
    prior->bridge[bridge] = 1e-3f;
    scns_free(w.s);
    w.cfg.prior = prior;
    w.s = scns_new(&w.cfg);
    ck_assert_ptr_nonnull(w.s);
    w.prm.prior_weight = 0;
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->child[0].move, top);
    w.prm.prior_weight = 1;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_ne(w.r->child[0].move, top);
    /* the near classes come from the opponent's last move (e5): with
     * the cells next to it favoured, one of them leads */
    prior->ring[ring] = prior->bridge[bridge] = 1;
    prior->near[1] = 1e4f;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    int e5 = p.undo[p.nmoves - 1].move;
    ck_assert_int_eq(prior_near_code(p.geo, w.r->child[0].move, e5), 1);
    position_free(&p);
    world_free(&w);
    prior_free(prior);
}
END_TEST

/* world_init with the shipped network in the search's knowledge; the
 * caller frees the net after world_free. */
static net_t *
world_init_net(world_t *w)
{
    world_init(w);
    char path[4096], err[512];
    ck_assert_msg(pattern_path("../net/" NET_FILE, path, sizeof path, err, sizeof err), "%s",
                  err);
    net_t *net = net_load(path, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    scns_free(w->s);
    w->cfg.net = net;
    w->s = scns_new(&w->cfg);
    ck_assert_ptr_nonnull(w->s);
    return net;
}

/* The network's policy: with circuit_weight 0 and no prior the root's
 * first child is the policy's best root move; every evaluation comes
 * with a knowledge run (a node the expansion cache holds is never
 * evaluated again); net_weight 0 evaluates nothing; the search is
 * deterministic with it, and with the value head's errors. */
START_TEST(net_policy_orders_the_moves)
{
    world_t w;
    net_t *net = world_init_net(&w);
    position_t p;
    setup(&p, 9, 9, "e5 d6");
    w.prm.max_expansions = 60;
    w.prm.net_weight = 0;
    w.prm.moveval_weight = 0;   /* off by default; the policy alone here */
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.net, 0);

    w.prm.net_weight = 1;
    w.prm.circuit_weight = 0;
    w.prm.prior_weight = 0;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.net, 0);
    ck_assert_uint_le(w.r->stats.net, w.r->stats.knowledge);
    net_scratch_t *ns = net_scratch_new(net);
    float *policy = malloc(HEX_MAX_CELLS * sizeof *policy);
    net_eval(net, ns, &p, p.to_move, policy, NULL);
    int best = w.r->child[0].move;
    for (int i = 1; i < w.r->nchildren; i++)
        ck_assert_float_le(policy[w.r->child[i].move], policy[best]);
    scns_result_t *first = malloc(sizeof *first);
    *first = *w.r;
    /* the same search again reads the cache: no evaluation at the root's
     * expansions it keeps, the same answer */
    ck_assert(search(&w, &p));
    ck_assert_uint_le(w.r->stats.net, w.r->stats.knowledge);
    search_again_same(&w, &p, first);
    ck_assert_uint_eq(w.r->stats.net, first->stats.net);
    /* the value head alone (no policy): evaluated at every expansion
     * that the knowledge made, and deterministic */
    w.prm.net_weight = 0;
    w.prm.circuit_weight = 1;
    w.prm.value_weight = 1;
    w.prm.max_expansions = 120;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.net, 0);
    *first = *w.r;
    search_again_same(&w, &p, first);
    for (int i = 0; i < first->nchildren; i++)
        ck_assert_uint_eq(w.r->child[i].work, first->child[i].work);
    /* both with two threads: each has its own scratch, the move is a
     * root child */
    w.prm.net_weight = 1;
    w.prm.value_weight = 0.5;
    w.prm.threads = 2;
    w.prm.max_work_per_job = 10;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.net, 0);
    ck_assert_uint_gt(w.r->stats.jobs, 0);
    bool listed = false;
    for (int i = 0; i < w.r->nchildren; i++)
        listed |= w.r->child[i].move == w.r->move;
    ck_assert(listed);
    free(first);
    free(policy);
    net_scratch_free(ns);
    position_free(&p);
    world_free(&w);
    net_free(net);
}
END_TEST

/* The network's move values (the shipped net has the head): with
 * circuit_weight 0, no prior and no policy, the root's first child is the
 * move the head values best, every expansion that the knowledge made
 * evaluates the net, and the search is deterministic; moveval_weight 0
 * evaluates nothing; net_after defers the net to nodes with work. */
START_TEST(net_move_values_order_the_moves)
{
    world_t w;
    net_t *net = world_init_net(&w);
    ck_assert_msg(net_has_move_values(net), "the shipped net has no move-value head");
    position_t p;
    setup(&p, 9, 9, "e5 d6");
    w.prm.max_expansions = 60;
    w.prm.moveval_weight = 0;
    w.prm.net_weight = 0;       /* on by default: the move values alone here */
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.net, 0);
    w.prm.moveval_weight = 1;
    w.prm.circuit_weight = 0;
    w.prm.prior_weight = 0;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.net, 0);
    ck_assert_uint_le(w.r->stats.net, w.r->stats.knowledge);
    net_scratch_t *ns = net_scratch_new(net);
    float *policy = malloc(HEX_MAX_CELLS * sizeof *policy);
    float *q = malloc(HEX_MAX_CELLS * sizeof *q);
    ck_assert(net_eval_all(net, ns, &p, NULL, p.to_move, NET_PATH_AUTO, policy, NULL, q));
    int best = w.r->child[0].move;
    for (int i = 1; i < w.r->nchildren; i++)
        ck_assert_float_le(q[w.r->child[i].move], q[best]);
    scns_result_t *first = malloc(sizeof *first);
    *first = *w.r;
    scns_clear(w.s);
    search_again_same(&w, &p, first);
    /* net_after: the root is scored at once, another node once it has
     * that much work below it; with a bar no node reaches, the root
     * alone; with 2, fewer than at every expansion */
    uint64_t every = first->stats.net;
    w.prm.circuit_weight = 1;
    w.prm.net_after = 1000000;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.net, 1);
    w.prm.net_after = 2;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.net, 1);
    ck_assert_uint_lt(w.r->stats.net, every);
    *first = *w.r;
    search_again_same(&w, &p, first);
    free(first);
    free(q);
    free(policy);
    net_scratch_free(ns);
    position_free(&p);
    world_free(&w);
    net_free(net);
}
END_TEST

/* A parallel search: the move is the root child with the most work, the
 * children's work adds up to every expansion but the root's, the threads
 * ran jobs, and the budget is kept within a job per thread; on 7x7 it
 * proves, as the serial search does, that White loses after Black's d4
 * (the centre wins, ../shared/regress-data) and that Black wins after
 * d4 c5 (the table keeps the first search's proofs). */
START_TEST(parallel_search_keeps_the_rules)
{
    world_t w;
    world_init(&w);
    w.prm.threads = thread_counts[_i];
    const char *openings[] = { "", "e5", "c3 e5" };
    for (int k = 0; k < 3; k++) {
        position_t p;
        setup(&p, 9, 9, openings[k]);
        w.prm.max_expansions = 400;
        scns_clear(w.s);
        ck_assert(search(&w, &p));
        ck_assert_int_eq(w.r->winner, HEX_EMPTY);
        ck_assert_int_eq(position_check(&p, p.to_move, w.r->move), POSITION_OK);
        uint64_t sum = children_work(w.r);
        ck_assert_uint_eq(sum + 1, w.r->stats.expansions);
        ck_assert_uint_ge(w.r->stats.expansions, (uint64_t)w.prm.max_expansions);
        ck_assert_uint_le(w.r->stats.expansions,
                          (uint64_t)w.prm.max_expansions + (uint64_t)w.prm.threads * 200);
        ck_assert_uint_gt(w.r->stats.jobs, 1);
        ck_assert_int_eq(w.r->pv[0], w.r->move);
        position_free(&p);
    }
    position_t p;
    setup(&p, 7, 7, "d4");
    w.prm.max_expansions = 0;
    w.prm.interlude = 20;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->winner, HEX_BLACK);
    ck_assert_int_eq(w.r->value, NINF);
    int m;
    ck_assert_int_eq(geometry_parse_move(p.geo, "c5", &m), MOVE_PARSE_OK);
    position_play(&p, HEX_WHITE, m);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->winner, HEX_BLACK);
    ck_assert_int_eq(w.r->value, PINF);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* A search never makes more expansions than max_expansions, returns to
 * the root at least every `interlude` expansions, and one whose stop
 * holds from the start makes none and still names a legal move (the
 * best by the circuit). */
START_TEST(search_stays_within_its_budget)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 7, 7, "d4");
    for (int n = 1; n <= 300; n = n * 3 + 1) {
        w.prm.max_expansions = n;
        w.prm.interlude = 5;
        scns_clear(w.s);
        ck_assert(search(&w, &p));
        ck_assert_uint_le(w.r->stats.expansions, (uint64_t)n);
        if (w.r->winner == HEX_EMPTY)
            ck_assert_uint_ge(w.r->stats.interludes * 5, w.r->stats.expansions);
    }
    _Atomic bool halt = true;
    stop_t halted = stop_with_halt(NULL, &halt);
    w.prm.max_expansions = 0;
    scns_clear(w.s);
    ck_assert(scns_search(w.s, &p, p.to_move, &w.prm, &halted, w.r));
    ck_assert_uint_eq(w.r->stats.expansions, 0);
    ck_assert_int_eq(position_check(&p, p.to_move, w.r->move), POSITION_OK);
    ck_assert_int_eq(w.r->move, w.r->child[0].move);
    /* a deadline already past does the same */
    w.stop.deadline = stop_now() - 1;
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.expansions, 0);
    ck_assert_int_eq(w.r->move, w.r->child[0].move);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* The time policy: a move with no alternative is answered at once, with
 * no expansion; past its budget a search ends once its move is settled
 * (settle 1: as soon as one root move has work), long before its limit;
 * without the policy the same search runs to its stop. */
START_TEST(time_policy_ends_settled_and_forced_moves)
{
    world_t w;
    world_init(&w);
    /* a 5x5 position whose expansion leaves one move (a must-play of
     * one cell), found among random ones */
    kn_t *kn = kn_new(&w.cfg);
    kn_expansion_t *x = malloc(sizeof *x);
    rng_t rng;
    rng_seed(&rng, 7);
    position_t p;
    bool found = false;
    for (int k = 0; k < 2000 && !found; k++) {
        setup(&p, 5, 5, "");
        int stones = 3 + (int)rng_below(&rng, 8);
        for (int i = 0; i < stones && p.winner == HEX_EMPTY; i++) {
            bitset_t em = position_empty_cells(&p);
            position_play(&p, p.to_move,
                          bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em))));
        }
        found = p.winner == HEX_EMPTY && kn_expand(kn, &p, p.to_move, x)
            && x->decided == HEX_EMPTY && x->n == 1;
        if (!found)
            position_free(&p);
    }
    ck_assert(found);
    double now = stop_now();
    scns_time_t t = { .budget = now, .limit = now + 30, .early = false };
    scns_set_time(w.s, &t);
    w.stop.deadline = now + 30;
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.expansions, 0);
    ck_assert_int_eq(w.r->move, x->moves[0]);
    position_free(&p);
    /* settled at once past the budget */
    setup(&p, 9, 9, "e5");
    w.prm.settle = 1;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->winner, HEX_EMPTY);
    ck_assert_double_lt(w.r->stats.seconds, 20);
    ck_assert_int_eq(position_check(&p, p.to_move, w.r->move), POSITION_OK);
    /* no policy: the stop alone (here a budget of expansions) */
    scns_set_time(w.s, NULL);
    w.stop.deadline = 0;
    w.prm.max_expansions = 60;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.expansions, 60);
    position_free(&p);
    free(x);
    kn_free(kn);
    world_free(&w);
}
END_TEST

/* ---- leaves, interval, tolerance ------------------------------------- */

/* After the root's expansion alone, v_max is where the best child's leaf
 * function passes P_max = 3 (Table 1's, set here with its delta 103; the
 * defaults are 1 and 52): rule (7) ends its count-3 step at
 * floor(delta * log2 4) = 2 delta; rule (1) never counts more than 1, so
 * v_max is +inf.  delta_p beyond that step moves v_max to the step it
 * reaches. */
START_TEST(leaf_rules_set_the_interval)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 9, 9, "");
    w.prm.max_expansions = 1;
    w.prm.p_max = 3;
    w.prm.d_max = 4;
    w.prm.delta = 103;
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->value, 0);
    ck_assert_int_eq(w.r->v_max, 206);
    w.prm.delta = 50;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->v_max, 100);
    /* delta_p 110 lies in the count-4 step (100, 116]: max(4, 3); with
     * eta 0, since the eta merge joins counts 4 and 5 (ratio 1.25) into
     * one step to 129 */
    w.prm.delta_p = 110;
    w.prm.eta = 0;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->v_max, 116);
    w.prm.eta = 0.3;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->v_max, 129);
    w.prm.delta_p = 8;
    w.prm.multi_step = false;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->v_max, PINF);
    ck_assert_int_lt(w.r->v_min, 0);
    /* White to move: P_max and delta_p are White's, on the other side */
    position_free(&p);
    setup(&p, 9, 9, "e5");
    w.prm.multi_step = true;
    w.prm.delta = 103;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_eq(w.r->v_max - w.r->value, 206);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* The opponent's side of (5): after the root's expansion, v_min lies at
 * least delta_d below the value and moves down as D_max grows (the
 * root's disproof function sums one count per child). */
START_TEST(opponent_side_of_the_interval)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 9, 9, "");
    w.prm.max_expansions = 1;
    pnfunc_value_t lo[3];
    int dmax[3] = { 1, 4, 40 };
    for (int k = 0; k < 3; k++) {
        w.prm.d_max = dmax[k];
        scns_clear(w.s);
        ck_assert(search(&w, &p));
        lo[k] = w.r->v_min;
        ck_assert_int_lt(lo[k], w.r->value);
    }
    ck_assert_int_ge(lo[0], lo[1]);
    ck_assert_int_gt(lo[1], lo[2]);
    w.prm.d_max = 4;
    w.prm.delta_d = 300;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_int_le(w.r->v_min, w.r->value - 300);
    ck_assert_int_lt(w.r->v_min, lo[1]);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* epsilon is read by the thresholds: the same budget searches another
 * tree with Table 1's 0.41 than without (0, the default). */
START_TEST(epsilon_changes_the_search)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 7, 7, "b2");
    w.prm.max_expansions = 300;
    w.prm.interlude = 0;
    w.prm.epsilon = 0.41;
    ck_assert(search(&w, &p));
    uint64_t calls = w.r->stats.calls, interludes = w.r->stats.interludes;
    scns_child_t first[HEX_MAX_CELLS];
    memcpy(first, w.r->child, sizeof first);
    w.prm.epsilon = 0;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert(calls != w.r->stats.calls || interludes != w.r->stats.interludes
              || memcmp(first, w.r->child, sizeof first) != 0);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* RAVE: terminals found below the root leave statistics at the root (at
 * least one count per terminal, for the root mover's first move), and
 * the root's children are read back shifted by the error that (8)-(11)
 * make of their base error, those statistics and their work. */
START_TEST(rave_statistics_move_the_children)
{
    world_t w;
    world_init(&w);
    scns_t *fresh = scns_new(&w.cfg);
    position_t p;
    setup(&p, 7, 7, "b2");
    _Atomic bool halt = true;
    stop_t halted = stop_with_halt(NULL, &halt);
    /* base errors: a root whose children are all leaves */
    ck_assert(scns_search(fresh, &p, p.to_move, &w.prm, &halted, w.r));
    int n = w.r->nchildren;
    scns_child_t leaf[HEX_MAX_CELLS];
    memcpy(leaf, w.r->child, (size_t)n * sizeof *leaf);
    w.prm.max_expansions = 300;
    ck_assert(search(&w, &p));
    ck_assert_uint_gt(w.r->stats.terminal, 0);
    ck_assert(scns_search(w.s, &p, p.to_move, &w.prm, &halted, w.r));
    ck_assert_int_eq(w.r->nchildren, n);
    kn_t *kn = kn_new(&w.cfg);
    kn_expansion_t *x = malloc(sizeof *x);
    ck_assert(kn_expand(kn, &p, p.to_move, x));
    uint64_t counts = 0;
    int with_stats = 0, read = 0;
    for (int k = 0; k < n; k++) {
        int m = leaf[k].move;
        ck_assert_int_eq(w.r->child[k].move, m);
        unsigned wins = 0, losses = 0;
        scns_rave_lookup(w.s, &p, m, &wins, &losses);
        counts += wins + losses;
        with_stats += wins + losses > 0;
        /* the child is played on the root's filled position */
        position_t c;
        position_copy(&c, &p);
        kn_play_fill(x, &c);
        position_play(&c, p.to_move, m);
        pnfunc_t cp, cd;
        uint64_t work;
        if (scns_lookup(w.s, &c, &cp, &cd, &work)) {
            read++;
            pnfunc_value_t meet;
            ck_assert(pnfunc_meet(&cp, &cd, &meet));
            int32_t err = scns_move_error(&w.prm, -leaf[k].value, wins, losses, work);
            pnfunc_value_t v = pnfunc_value_add(meet, p.to_move == HEX_BLACK ? -err : err);
            if (p.to_move == HEX_WHITE)
                v = -v;
            if (w.r->child[k].value != v) {
                dump(&c, "child read back");
                ck_abort_msg("%d: %d, want %d (meet %d, error %d, rave %u/%u, work %llu)", k,
                             w.r->child[k].value, v, meet, err, wins, losses,
                             (unsigned long long)work);
            }
        }
        position_free(&c);
    }
    ck_assert_uint_ge(counts, w.r->stats.terminal > 0 ? 1 : 0);
    ck_assert_int_gt(with_stats, 0);
    ck_assert_int_gt(read, 1);
    free(x);
    kn_free(kn);
    position_free(&p);
    scns_free(fresh);
    world_free(&w);
}
END_TEST

/* With a tolerance wider than the first interval nothing is expanded;
 * with none the search uses its whole budget. */
START_TEST(tolerance_ends_the_search)
{
    world_t w;
    world_init(&w);
    position_t p;
    setup(&p, 9, 9, "e5");
    w.prm.max_expansions = 50;
    w.prm.tolerance = 100000;
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.expansions, 0);
    w.prm.tolerance = 0;
    scns_clear(w.s);
    ck_assert(search(&w, &p));
    ck_assert_uint_eq(w.r->stats.expansions, 50);
    position_free(&p);
    world_free(&w);
}
END_TEST

/* ---- stored functions and their shift -------------------------------- */

/* The meet point of a stored node's functions is its value relative to
 * its own evaluation; read from another root, one move up, it is shifted
 * by that move's error: Z's child value for m is Y's value (Y = Z + m)
 * for Z's mover, less e'(Z -> m), whatever searched Y before.  With
 * forgetting the error shrinks with Y's work. */
static void
check_shift(world_t *w, bool forgetting)
{
    w->prm.use_rave = false;
    w->prm.use_forgetting = forgetting;
    w->prm.forget_work = 500;
    position_t z;
    setup(&z, 9, 9, "e5 d6");
    scns_clear(w->s);
    /* Z's expansion, so that its errors are known */
    _Atomic bool halt = true;
    stop_t halted = stop_with_halt(NULL, &halt);
    ck_assert(scns_search(w->s, &z, z.to_move, &w->prm, &halted, w->r));
    int n = w->r->nchildren;
    ck_assert_int_gt(n, 3);
    scns_child_t kids[HEX_MAX_CELLS];
    memcpy(kids, w->r->child, (size_t)n * sizeof *kids);
    for (int k = 1; k < 4; k++) {
        /* search Y = Z + child k as a root */
        int m = kids[k].move;
        position_t y;
        position_copy(&y, &z);
        position_play(&y, z.to_move, m);
        w->prm.max_expansions = 120;
        ck_assert(search(w, &y));
        pnfunc_value_t vy = w->r->value;   /* for Y's mover */
        pnfunc_t yp, yd;
        uint64_t ywork;
        ck_assert(scns_lookup(w->s, &y, &yp, &yd, &ywork));
        pnfunc_value_t meet;
        ck_assert(pnfunc_meet(&yp, &yd, &meet));
        ck_assert_int_eq(meet, y.to_move == HEX_BLACK ? vy : -vy);
        /* Z again, stopped at once: its child m read from the table */
        ck_assert(scns_search(w->s, &z, z.to_move, &w->prm, &halted, w->r));
        ck_assert_int_eq(w->r->child[k].move, m);
        /* Z's base error of m: its offset when Y was still a leaf (value
         * -e for Z's mover), and forgetting scales it */
        int32_t base = -kids[k].value;
        int32_t err = scns_move_error(&w->prm, base, 0, 0, ywork);
        if (forgetting)
            ck_assert_int_eq(err, (int32_t)lround(base * fmax(0, 1 - ywork / 500.0)));
        else
            ck_assert_int_eq(err, base);
        pnfunc_value_t want = vy == PINF || vy == NINF ? -vy : -vy - err;
        if (w->r->child[k].value != want) {
            dump(&y, "shifted value");
            ck_abort_msg("child %d: %d, Y's value %d, error %d", k, w->r->child[k].value, vy,
                         err);
        }
        position_free(&y);
    }
    position_free(&z);
}

START_TEST(transposition_reads_shifted_functions)
{
    world_t w;
    world_init(&w);
    check_shift(&w, false);
    check_shift(&w, true);
    world_free(&w);
}
END_TEST

/* ---- the error formula -------------------------------------------------- */

START_TEST(move_error_follows_rave_and_forgetting)
{
    scns_params_t prm;
    scns_params_default(&prm);
    /* no statistics, no work: the base error */
    ck_assert_int_eq(scns_move_error(&prm, 150, 0, 0, 0), 150);
    /* (8): work scales the error down to 0 at W_max */
    ck_assert_int_eq(scns_move_error(&prm, 150, 0, 0, 912), 75);
    ck_assert_int_eq(scns_move_error(&prm, 150, 0, 0, 1824), 0);
    ck_assert_int_eq(scns_move_error(&prm, 150, 0, 0, 5000), 0);
    /* (9)-(11): g = 100, alpha = sqrt(100 / 733), e^R = erfinv(-80/101) */
    double alpha = sqrt(100.0 / 733.0), er = scns_erfinv(-80.0 / 101.0);
    double want = (1 - alpha) * 150 + alpha * 782 * er;
    ck_assert_int_eq(scns_move_error(&prm, 150, 90, 10, 0), (int32_t)lround(want));
    ck_assert_int_lt(scns_move_error(&prm, 150, 90, 10, 0), 0);
    ck_assert_int_gt(scns_move_error(&prm, 150, 10, 90, 0), 150);
    /* (8) on top of (9) */
    ck_assert_int_eq(scns_move_error(&prm, 150, 90, 10, 912), (int32_t)lround(want * 0.5));
    /* switched off */
    prm.use_rave = false;
    prm.use_forgetting = false;
    ck_assert_int_eq(scns_move_error(&prm, 150, 90, 10, 912), 150);
    /* bounded */
    prm.use_rave = true;
    prm.rave_impact = 1e9;
    ck_assert_int_eq(scns_move_error(&prm, 150, 0, 60000, 0), SCNS_ERROR_MAX);
}
END_TEST

START_TEST(erfinv_inverts_erf)
{
    for (double x = -0.999; x < 1; x += 0.0137)
        ck_assert(fabs(erf(scns_erfinv(x)) - x) < 1e-12);
    ck_assert(scns_erfinv(0) == 0);
    ck_assert(isinf(scns_erfinv(1)) && scns_erfinv(1) > 0);
    ck_assert(isinf(scns_erfinv(-1)) && scns_erfinv(-1) < 0);
}
END_TEST

static Suite *
scns_suite(void)
{
    Suite *su = suite_create("scns");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, decided_roots_are_infinite);
    tcase_add_loop_test(tc, proven_wins_are_true, 0, 5);
    tcase_add_loop_test(tc, parallel_search_keeps_the_rules, 1, 3);
    tcase_add_loop_test(tc, proofs_are_shared_with_the_solver, 0, 2);
    tcase_add_test(tc, move_has_the_most_work);
    tcase_add_test(tc, value_margin_picks_the_best_value);
    tcase_add_test(tc, playouts_reorder_deterministically);
    tcase_add_test(tc, prior_reorders_the_moves);
    tcase_add_test(tc, net_policy_orders_the_moves);
    tcase_add_test(tc, net_move_values_order_the_moves);
    tcase_add_test(tc, search_stays_within_its_budget);
    tcase_add_test(tc, time_policy_ends_settled_and_forced_moves);
    tcase_add_test(tc, leaf_rules_set_the_interval);
    tcase_add_test(tc, opponent_side_of_the_interval);
    tcase_add_test(tc, tolerance_ends_the_search);
    tcase_add_test(tc, epsilon_changes_the_search);
    tcase_add_test(tc, rave_statistics_move_the_children);
    tcase_add_test(tc, transposition_reads_shifted_functions);
    suite_add_tcase(su, tc);
    tc = tcase_create("formulas");
    tcase_add_test(tc, move_error_follows_rave_and_forgetting);
    tcase_add_test(tc, erfinv_inverts_erf);
    suite_add_tcase(su, tc);
    return su;
}

int
main(void)
{
    SRunner *sr = srunner_create(scns_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
