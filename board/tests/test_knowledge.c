/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the expansion's symmetry step (knowledge.h step 6): on a
 * position a half turn leaves unchanged, one move of each pair the half
 * turn swaps is kept, the flag says so, and nothing else changes (the
 * support included); against exact minimax on random symmetric positions, a
 * dropped move wins exactly when its kept image does. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/ice.h"
#include "board/knowledge.h"
#include "board/position.h"
#include "board/rng.h"
#include "board/tests/minimax.h"
#include "board/vc.h"
#include "board/vc_template.h"

static int
cell(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

/* The half turn, from the coordinates (geometry_half_turn must agree). */
static int
image(const geometry_t *g, int c)
{
    int i = geometry_cell(g, g->width - 1 - geometry_col(g, c),
                          g->height - 1 - geometry_row(g, c));
    ck_assert_int_eq(geometry_half_turn(g, c), i);
    return i;
}

static bitset_t
move_set(const kn_expansion_t *e)
{
    bitset_t s = bitset_empty();
    for (int i = 0; i < e->n; i++)
        bitset_set(&s, e->moves[i]);
    return s;
}

/* Two workspaces on the same knowledge, with and without the step. */
typedef struct pair {
    ice_params_t on, off;
    vc_params_t vprm;
    vc_templates_t *ts;
    kn_t *kon, *koff;
    kn_expansion_t *e, *f;
} pair_t;

static void
pair_init(pair_t *k)
{
    char err[256];
    ice_params_init(&k->on);
    k->off = k->on;
    k->off.use_symmetry = false;
    ck_assert(k->on.use_symmetry);
    vc_params_default(&k->vprm);
    k->ts = vc_templates_load_default(err, sizeof err);
    ck_assert_msg(k->ts != NULL, "%s", err);
    kn_config_t cfg = { .ice_params = &k->on, .vc_templates = k->ts,
                        .vc_params = &k->vprm, .order = KN_ORDER_CENTRE };
    k->kon = kn_new(&cfg);
    cfg.ice_params = &k->off;
    k->koff = kn_new(&cfg);
    k->e = malloc(sizeof *k->e);
    k->f = malloc(sizeof *k->f);
    ck_assert(k->kon && k->koff && k->e && k->f);
}

static void
pair_free(pair_t *k)
{
    kn_free(k->kon);
    kn_free(k->koff);
    free(k->e);
    free(k->f);
    vc_templates_free(k->ts);
}

/* e (with the step) against f (without) on a symmetric position: the
 * same reason, fill-in and support; e's moves are f's in f's order less those whose
 * image comes earlier, and every image of f's moves is among e's moves or
 * is the move itself. */
static void
check_pruned(const geometry_t *g, const kn_expansion_t *e, const kn_expansion_t *f)
{
    ck_assert_int_eq(e->reason, f->reason);
    ck_assert_int_eq(e->decided, f->decided);
    for (int c = 0; c < 2; c++)
        ck_assert(bitset_equal(&e->fill[c], &f->fill[c]));
    if (e->reason != KN_OPEN)
        return;
    bitset_t seen = bitset_empty();
    int j = 0;
    for (int i = 0; i < f->n; i++) {
        int m = f->moves[i];
        bool drop = image(g, m) != m && bitset_test(&seen, image(g, m));
        bitset_set(&seen, m);
        if (drop)
            continue;
        ck_assert_int_lt(j, e->n);
        ck_assert_int_eq(e->moves[j], m);
        j++;
    }
    ck_assert_int_eq(j, e->n);
    ck_assert(e->half_turn == (e->n < f->n));
    ck_assert(!f->half_turn);
    ck_assert(bitset_equal(&e->support, &f->support));
}

/* 7x7, Black d4, White to move: the centre stone is its own image, so the
 * position is symmetric and White's replies come in pairs (e3 and c5,
 * ...); one of each pair is kept.  With a second Black stone off the
 * centre the position is not symmetric and nothing is dropped. */
START_TEST(centre_opening_keeps_one_of_each_pair)
{
    geometry_t *g = geometry_new(7, 7);
    ck_assert(g);
    pair_t k;
    pair_init(&k);
    position_t p;
    position_init(&p, g);
    position_play(&p, HEX_BLACK, cell(g, "d4"));
    position_set_to_move(&p, HEX_WHITE);
    ck_assert(kn_expand(k.kon, &p, HEX_WHITE, k.e));
    ck_assert(kn_expand(k.koff, &p, HEX_WHITE, k.f));
    ck_assert_int_eq(k.e->reason, KN_OPEN);
    ck_assert_int_gt(k.e->n, 0);
    ck_assert_int_lt(k.e->n, k.f->n);
    bitset_t kept = move_set(k.e), all = move_set(k.f);
    for (int c = bitset_first(&all); c >= 0; c = bitset_next(&all, c))
        ck_assert(bitset_test(&kept, c) != bitset_test(&kept, image(g, c))
                  || image(g, c) == c);
    check_pruned(g, k.e, k.f);

    position_play(&p, HEX_BLACK, cell(g, "b2"));
    ck_assert(kn_expand(k.kon, &p, HEX_WHITE, k.e));
    ck_assert(kn_expand(k.koff, &p, HEX_WHITE, k.f));
    ck_assert_int_eq(k.e->n, k.f->n);
    for (int i = 0; i < k.e->n; i++)
        ck_assert_int_eq(k.e->moves[i], k.f->moves[i]);
    ck_assert(bitset_equal(&k.e->support, &k.f->support));
    position_free(&p);
    pair_free(&k);
    geometry_unref(g);
}
END_TEST

/* Random symmetric positions on 3x3 to 5x5, square and not: stones
 * placed in pairs with their images (a centre cell alone), either side to
 * move.  Every move the step drops wins exactly when its image, which is
 * kept, does (minimax on the position itself). */
START_TEST(dropped_moves_win_as_their_images)
{
    geometry_t *geos[9];
    for (int w = 3; w <= 5; w++)
        for (int h = 3; h <= 5; h++) {
            geos[(w - 3) * 3 + (h - 3)] = geometry_new(w, h);
            ck_assert(geos[(w - 3) * 3 + (h - 3)]);
        }
    pair_t k;
    pair_init(&k);
    minimax_t *mm = minimax_new();
    ck_assert(mm);
    rng_t rng;
    rng_seed(&rng, 20261127);
    long positions = 0, dropped = 0;
    while (positions < 600) {
        const geometry_t *g = geos[rng_below(&rng, 9)];
        position_t p;
        position_init(&p, g);
        int stones = (int)rng_below(&rng, (uint32_t)(g->ncells / 2));
        for (int i = 0; i < stones; i++) {
            bitset_t em = position_empty_cells(&p);
            if (bitset_is_empty(&em))
                break;
            int m = bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em)));
            hex_color_t x = rng_below(&rng, 2) ? HEX_WHITE : HEX_BLACK;
            position_play(&p, x, m);
            if (image(g, m) != m && position_color_at(&p, image(g, m)) == HEX_EMPTY)
                position_play(&p, x, image(g, m));
        }
        bool symmetric = true;
        for (int c = 0; c < g->ncells; c++)
            symmetric = symmetric
                && position_color_at(&p, c) == position_color_at(&p, image(g, c));
        bitset_t empty = position_empty_cells(&p);
        if (!symmetric || p.winner != HEX_EMPTY || bitset_count(&empty) > 16) {
            position_free(&p);
            continue;
        }
        hex_color_t x = rng_below(&rng, 2) ? HEX_WHITE : HEX_BLACK;
        position_set_to_move(&p, x);
        positions++;
        ck_assert(kn_expand_moves(k.kon, &p, x, k.e));
        ck_assert(kn_expand_moves(k.koff, &p, x, k.f));
        check_pruned(g, k.e, k.f);
        if (k.e->reason == KN_OPEN && k.e->n < k.f->n) {
            minimax_clear(mm);
            bitset_t kept = move_set(k.e);
            for (int i = 0; i < k.f->n; i++) {
                int m = k.f->moves[i];
                if (bitset_test(&kept, m))
                    continue;
                ck_assert(bitset_test(&kept, image(g, m)));
                position_play(&p, x, m);
                hex_color_t wm = minimax_winner(mm, &p);
                position_undo(&p);
                position_play(&p, x, image(g, m));
                hex_color_t wi = minimax_winner(mm, &p);
                position_undo(&p);
                ck_assert_int_eq(wm, wi);
                dropped++;
            }
        }
        position_free(&p);
    }
    fprintf(stderr, "symmetry: %ld symmetric positions, %ld dropped moves checked\n",
            positions, dropped);
    ck_assert_int_ge(dropped, 100);
    minimax_free(mm);
    pair_free(&k);
    for (int i = 0; i < 9; i++)
        geometry_unref(geos[i]);
}
END_TEST

static Suite *
knowledge_suite(void)
{
    Suite *s = suite_create("knowledge");
    TCase *tc = tcase_create("symmetry");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, centre_opening_keeps_one_of_each_pair);
    tcase_add_test(tc, dropped_moves_win_as_their_images);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(knowledge_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
