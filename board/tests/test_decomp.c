/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of combinatorial decompositions (board/decomp.h): a region
 * on a known board, and the claim -- filling the carrier with its owner
 * keeps the value for either side to move, on the board and on fuller
 * ones -- against exact minimax on random small positions
 * (HEIN_DECOMP_POSITIONS of them, default 6000); and the survey of the
 * filled board (knowledge.h kn_survey_filled), which repeats the
 * expansion's fill-in rounds, decompositions included. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/bitset.h"
#include "board/decomp.h"
#include "board/geometry.h"
#include "board/ice.h"
#include "board/knowledge.h"
#include "board/position.h"
#include "board/rng.h"
#include "board/tests/minimax.h"
#include "board/vc.h"
#include "board/vc_template.h"

#define DEFAULT_POSITIONS 6000

static void
dump(const position_t *p, const char *why)
{
    char text[4096];
    position_to_text(p, text, sizeof text);
    fprintf(stderr, "%s (%s to move)\n%s\n", why, hex_color_name(p->to_move), text);
}

static int
cell(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

static vc_templates_t *
templates(void)
{
    char err[256];
    vc_templates_t *ts = vc_templates_load_default(err, sizeof err);
    ck_assert_msg(ts != NULL, "%s", err);
    return ts;
}

/* Black b2 on 5x5 reaches north through b1 or c1; every neighbour of
 * those two touches north or b2, so nothing from the south reaches them:
 * the bridge's two cells are Black's.  White's stone on a5 joins its
 * west edge, and a region between White's two edges is not one (the
 * flood needs a free edge). */
START_TEST(decomp_edge_bridge_is_captured)
{
    geometry_t *g = geometry_new(5, 5);
    position_t p;
    position_init(&p, g);
    position_play(&p, HEX_BLACK, cell(g, "b2"));
    position_play(&p, HEX_WHITE, cell(g, "a5"));
    vc_params_t prm;
    vc_params_default(&prm);
    vc_templates_t *ts = templates();
    vc_t *vc[2] = { vc_new(&prm, ts), vc_new(&prm, ts) };
    ck_assert(vc[0] && vc[1]);
    for (int c = 0; c < 2; c++)
        ck_assert(vc_build(vc[c], &p, (hex_color_t)c));
    bitset_t cap, want = bitset_empty();
    bitset_set(&want, cell(g, "b1"));
    bitset_set(&want, cell(g, "c1"));
    ck_assert(decomp_find(&p, vc[HEX_BLACK], &cap));
    ck_assert(bitset_equal(&cap, &want));
    ck_assert(!decomp_find(&p, vc[HEX_WHITE], &cap));
    ck_assert(bitset_is_empty(&cap));
    vc_free(vc[0]);
    vc_free(vc[1]);
    vc_templates_free(ts);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* A random position of 3x3 .. 5x5 with 2 .. 12 empty cells, not won. */
static bool
random_position(rng_t *rng, position_t *p, const geometry_t *const *geos)
{
    int w = 3 + (int)rng_below(rng, 3), h = 3 + (int)rng_below(rng, 3);
    const geometry_t *g = geos[(w - 3) * 3 + (h - 3)];
    int n = g->ncells, max_empty = n - 1 < 12 ? n - 1 : 12;
    int e = 2 + (int)rng_below(rng, (uint32_t)(max_empty - 1));
    position_init(p, g);
    for (int i = 0; i < n - e; i++) {
        bitset_t em = position_empty_cells(p);
        int m = bitset_nth(&em, (int)rng_below(rng, (uint32_t)bitset_count(&em)));
        position_play(p, i % 2 ? HEX_WHITE : HEX_BLACK, m);
    }
    position_set_to_move(p, rng_below(rng, 2) ? HEX_BLACK : HEX_WHITE);
    return p->winner == HEX_EMPTY;
}

/* Whether filling `cap` with x keeps p's value for both sides to move. */
static bool
keeps_value(minimax_t *mm, position_t *p, hex_color_t x, const bitset_t *cap)
{
    position_t f;
    position_copy(&f, p);
    for (int c = bitset_first(cap); c >= 0; c = bitset_next(cap, c))
        position_play(&f, x, c);
    bool ok = true;
    hex_color_t side = p->to_move;
    for (int s = 0; s < 2 && ok; s++) {
        hex_color_t t = s ? hex_color_other(side) : side;
        position_set_to_move(p, t);
        position_set_to_move(&f, t);
        if (minimax_winner(mm, p) != minimax_winner(mm, &f)) {
            dump(p, "filling a decomposition carrier changed the value");
            dump(&f, "filled");
            ok = false;
        }
    }
    position_set_to_move(p, side);
    position_free(&f);
    return ok;
}

static long
positions_wanted(void)
{
    const char *s = getenv("HEIN_DECOMP_POSITIONS");
    long n = s ? strtol(s, NULL, 10) : DEFAULT_POSITIONS;
    return n > 0 ? n : DEFAULT_POSITIONS;
}

START_TEST(decomp_carriers_are_captured_against_minimax)
{
    long want = positions_wanted();
    geometry_t *geos[9];
    for (int w = 3; w <= 5; w++)
        for (int h = 3; h <= 5; h++) {
            geos[(w - 3) * 3 + (h - 3)] = geometry_new(w, h);
            ck_assert(geos[(w - 3) * 3 + (h - 3)]);
        }
    vc_params_t prm;
    vc_params_default(&prm);
    vc_templates_t *ts = templates();
    vc_t *vc[2] = { vc_new(&prm, ts), vc_new(&prm, ts) };
    minimax_t *mm = minimax_new();
    ck_assert(vc[0] && vc[1] && mm);
    rng_t rng;
    rng_seed(&rng, 20261122);
    long positions = 0, found = 0, fuller = 0, cells = 0, failures = 0;
    while (positions < want && failures < 5) {
        position_t p;
        if (!random_position(&rng, &p, (const geometry_t *const *)geos)) {
            position_free(&p);
            continue;
        }
        positions++;
        minimax_clear(mm);
        for (int x = 0; x < 2; x++) {
            ck_assert(vc_build(vc[x], &p, (hex_color_t)x));
            bitset_t cap;
            if (!decomp_find(&p, vc[x], &cap))
                continue;
            found++;
            cells += bitset_count(&cap);
            bitset_t empty = position_empty_cells(&p);
            ck_assert(!bitset_is_empty(&cap) && bitset_is_subset(&cap, &empty));
            failures += !keeps_value(mm, &p, (hex_color_t)x, &cap);
            /* a fuller board: random stones outside the carrier, the
             * owner's inside it */
            position_t q;
            position_copy(&q, &p);
            int extra = 1 + (int)rng_below(&rng, 3);
            for (int k = 0; k < extra; k++) {
                bitset_t em = position_empty_cells(&q);
                if (bitset_count(&em) <= 1)
                    break;
                int m = bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em)));
                hex_color_t who = bitset_test(&cap, m) ? (hex_color_t)x
                                  : rng_below(&rng, 2) ? HEX_BLACK : HEX_WHITE;
                position_play(&q, who, m);
            }
            position_set_to_move(&q, p.to_move);
            bitset_t rest = bitset_and(cap, position_empty_cells(&q));
            if (q.winner == HEX_EMPTY && !bitset_is_empty(&rest)) {
                fuller++;
                failures += !keeps_value(mm, &q, (hex_color_t)x, &rest);
            }
            position_free(&q);
        }
        position_free(&p);
    }
    fprintf(stderr, "decomp soundness: %ld positions, %ld carriers captured (%ld cells), %ld "
            "fuller boards, %ld failures, %llu minimax nodes\n", positions, found, cells,
            fuller, failures, (unsigned long long)minimax_nodes(mm));
    ck_assert_int_eq(failures, 0);
    /* the rule must actually fire often enough to be tested */
    ck_assert_int_ge(found * 20, positions);
    minimax_free(mm);
    vc_free(vc[0]);
    vc_free(vc[1]);
    vc_templates_free(ts);
    for (int i = 0; i < 9; i++)
        geometry_unref(geos[i]);
}
END_TEST

/* kn_survey_filled against kn_expand_moves on the same positions: the
 * same fill-in (dead and by colour) and filled board; its must-play lies
 * on that board's empty cells and holds the expansion's moves; every
 * empty cell of the filled board outside the must-play loses for the side
 * to move (minimax on the filled board, which has pos's value); a filled
 * cell stands for the group it joined in the survey's VCs. */
START_TEST(survey_filled_is_the_expansion_board)
{
    geometry_t *geos[9];
    for (int w = 3; w <= 5; w++)
        for (int h = 3; h <= 5; h++) {
            geos[(w - 3) * 3 + (h - 3)] = geometry_new(w, h);
            ck_assert(geos[(w - 3) * 3 + (h - 3)]);
        }
    vc_params_t vprm;
    vc_params_default(&vprm);
    ice_params_t iprm;
    ice_params_init(&iprm);
    vc_templates_t *ts = templates();
    kn_config_t cfg = { .ice_params = &iprm, .vc_templates = ts, .vc_params = &vprm,
                        .order = KN_ORDER_CENTRE };
    kn_t *ka = kn_new(&cfg), *kb = kn_new(&cfg);
    kn_expansion_t *e = malloc(sizeof *e);
    ice_result_t *r = malloc(sizeof *r);
    minimax_t *mm = minimax_new();
    ck_assert(ka && kb && e && r && mm);
    rng_t rng;
    rng_seed(&rng, 20261127);
    long positions = 0, filled = 0, pruned = 0;
    while (positions < 1500) {
        position_t p;
        if (!random_position(&rng, &p, (const geometry_t *const *)geos)) {
            position_free(&p);
            continue;
        }
        positions++;
        hex_color_t x = p.to_move;
        ck_assert(kn_expand_moves(ka, &p, x, e));
        bitset_t must;
        ck_assert(kn_survey_filled(kb, &p, x, &must, r));
        ck_assert(bitset_equal(&r->dead, &e->dead));
        for (int c = 0; c < 2; c++)
            ck_assert(bitset_equal(&r->filled[c], &e->fill[c]));
        const position_t *f = kn_survey_board(kb);
        ck_assert(f != NULL);
        bitset_t all = bitset_or(e->fill[0], e->fill[1]);
        filled += !bitset_is_empty(&all);
        for (int c = bitset_first(&all); c >= 0; c = bitset_next(&all, c)) {
            hex_color_t owner = bitset_test(&e->fill[HEX_BLACK], c) ? HEX_BLACK : HEX_WHITE;
            ck_assert(position_color_at(f, c) == owner);
            const vc_t *vc = kn_vc(kb, owner);
            int ep = vc_endpoint(vc, c);
            ck_assert_int_ge(ep, 0);
            bitset_t group = position_group_cells(f, c);
            for (int y = bitset_first(&group); y >= 0; y = bitset_next(&group, y))
                ck_assert_int_eq(vc_endpoint(vc, y), ep);
        }
        bitset_t empty = position_empty_cells(f);
        ck_assert(bitset_is_subset(&must, &empty));
        if (e->reason == KN_OPEN)
            for (int i = 0; i < e->n; i++)
                ck_assert(bitset_test(&must, e->moves[i]));
        if (f->winner == HEX_EMPTY) {
            minimax_clear(mm);
            position_t q;
            position_copy(&q, f);
            bitset_t out = bitset_andnot(empty, must);
            for (int c = bitset_first(&out); c >= 0; c = bitset_next(&out, c)) {
                position_play(&q, x, c);
                if (minimax_winner(mm, &q) == x) {
                    dump(&p, "a move outside the filled board's must-play wins");
                    dump(f, "filled");
                    ck_abort();
                }
                position_undo(&q);
                pruned++;
            }
            position_free(&q);
        }
        position_free(&p);
    }
    fprintf(stderr, "survey of the filled board: %ld positions, %ld with fill-in, %ld moves "
            "outside the must-play checked\n", positions, filled, pruned);
    ck_assert_int_ge(filled * 4, positions);
    ck_assert_int_ge(pruned * 2, positions);
    minimax_free(mm);
    free(r);
    free(e);
    kn_free(ka);
    kn_free(kb);
    vc_templates_free(ts);
    for (int i = 0; i < 9; i++)
        geometry_unref(geos[i]);
}
END_TEST

static Suite *
decomp_suite(void)
{
    Suite *s = suite_create("decomp");
    TCase *tc = tcase_create("shapes");
    tcase_add_test(tc, decomp_edge_bridge_is_captured);
    suite_add_tcase(s, tc);
    tc = tcase_create("soundness");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, decomp_carriers_are_captured_against_minimax);
    tcase_add_test(tc, survey_filled_is_the_expansion_board);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(decomp_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
