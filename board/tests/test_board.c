/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for board/: bitsets, geometry, positions. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/position.h"
#include "board/rng.h"
#include "board/tests/minimax.h"

/* Print a position that failed a check, so the failure can be replayed. */
static void
dump(const position_t *p, const char *why)
{
    char text[4096];
    position_to_text(p, text, sizeof text);
    fprintf(stderr, "%s\n%s\n", why, text);
}

/* ---- bitset -------------------------------------------------------- */

START_TEST(bitset_set_ops_match_bool_arrays)
{
    rng_t rng;
    rng_seed(&rng, 1);
    for (int round = 0; round < 500; round++) {
        bool a[BITSET_BITS], b[BITSET_BITS];
        bitset_t sa = bitset_empty(), sb = bitset_empty();
        for (int i = 0; i < BITSET_BITS; i++) {
            a[i] = rng_below(&rng, 3) == 0;
            b[i] = rng_below(&rng, 3) == 0;
            if (a[i])
                bitset_set(&sa, i);
            if (b[i])
                bitset_set(&sb, i);
        }
        bitset_t and = bitset_and(sa, sb), or = bitset_or(sa, sb);
        bitset_t andnot = bitset_andnot(sa, sb), xor = bitset_xor(sa, sb);
        int na = 0, first = -1;
        bool inter = false, sub = true;
        for (int i = 0; i < BITSET_BITS; i++) {
            ck_assert_int_eq(bitset_test(&and, i), a[i] && b[i]);
            ck_assert_int_eq(bitset_test(&or, i), a[i] || b[i]);
            ck_assert_int_eq(bitset_test(&andnot, i), a[i] && !b[i]);
            ck_assert_int_eq(bitset_test(&xor, i), a[i] != b[i]);
            na += a[i];
            if (a[i] && first < 0)
                first = i;
            inter |= a[i] && b[i];
            sub &= !a[i] || b[i];
        }
        ck_assert_int_eq(bitset_count(&sa), na);
        ck_assert_int_eq(bitset_first(&sa), first);
        ck_assert_int_eq(bitset_intersects(&sa, &sb), inter);
        ck_assert_int_eq(bitset_is_subset(&sa, &sb), sub);
        /* Iteration visits exactly the members, in order; nth agrees. */
        int k = 0, prev = -1;
        for (int x = bitset_first(&sa); x >= 0; x = bitset_next(&sa, x)) {
            ck_assert(a[x]);
            ck_assert_int_gt(x, prev);
            ck_assert_int_eq(bitset_nth(&sa, k), x);
            prev = x;
            k++;
        }
        ck_assert_int_eq(k, na);
        ck_assert_int_eq(bitset_nth(&sa, na), -1);
    }
}
END_TEST

START_TEST(bitset_range_and_edges)
{
    for (int n = 0; n <= BITSET_BITS; n++) {
        bitset_t s = bitset_range(n);
        ck_assert_int_eq(bitset_count(&s), n);
        ck_assert_int_eq(bitset_first(&s), n ? 0 : -1);
    }
    bitset_t s = bitset_empty();
    ck_assert(bitset_is_empty(&s));
    bitset_set(&s, BITSET_BITS - 1);
    ck_assert_int_eq(bitset_first(&s), BITSET_BITS - 1);
    ck_assert_int_eq(bitset_next(&s, BITSET_BITS - 1), -1);
    bitset_reset(&s, BITSET_BITS - 1);
    ck_assert(bitset_is_empty(&s));
}
END_TEST

/* ---- geometry ------------------------------------------------------ */

START_TEST(geometry_neighbours_symmetric_all_sizes)
{
    for (int w = 1; w <= HEX_MAX_SIZE; w++) {
        for (int h = 1; h <= HEX_MAX_SIZE; h++) {
            geometry_t *g = geometry_new(w, h);
            ck_assert_ptr_nonnull(g);
            ck_assert_int_eq(bitset_count(&g->cells), w * h);
            for (int c = 0; c < g->ncells; c++) {
                ck_assert_int_le(g->nbr_count[c], 6);
                ck_assert_int_eq(bitset_count(&g->nbrs[c]), g->nbr_count[c]);
                ck_assert(!bitset_test(&g->nbrs[c], c));
                for (int i = 0; i < g->nbr_count[c]; i++) {
                    int n = g->nbr[c][i];
                    ck_assert_msg(bitset_test(&g->nbrs[n], c),
                                  "%dx%d: %d -> %d not symmetric", w, h, c, n);
                }
                /* Interior cells have six cell neighbours. */
                int col = geometry_col(g, c), row = geometry_row(g, c);
                if (col > 0 && col < w - 1 && row > 0 && row < h - 1) {
                    bitset_t cellnb = bitset_and(g->nbrs[c], g->cells);
                    ck_assert_int_eq(bitset_count(&cellnb), 6);
                }
            }
            /* Each edge touches exactly its row or column. */
            ck_assert_int_eq(bitset_count(&g->nbrs[HEX_NORTH]), w);
            ck_assert_int_eq(bitset_count(&g->nbrs[HEX_SOUTH]), w);
            ck_assert_int_eq(bitset_count(&g->nbrs[HEX_WEST]), h);
            ck_assert_int_eq(bitset_count(&g->nbrs[HEX_EAST]), h);
            geometry_unref(g);
        }
    }
}
END_TEST

START_TEST(geometry_neighbours_follow_convention)
{
    /* 11x11: f6 touches e6 g6 f5 f7 g5 e7 (CONVENTIONS.md). */
    geometry_t *g = geometry_new(11, 11);
    int f6;
    ck_assert_int_eq(geometry_parse_move(g, "f6", &f6), MOVE_PARSE_OK);
    const char *expect[] = { "e6", "g6", "f5", "f7", "g5", "e7" };
    for (int i = 0; i < 6; i++) {
        int n;
        ck_assert_int_eq(geometry_parse_move(g, expect[i], &n), MOVE_PARSE_OK);
        ck_assert_msg(bitset_test(&g->nbrs[f6], n), "f6 should touch %s", expect[i]);
    }
    /* a1 is the acute corner: b1, a2, NORTH, WEST. */
    ck_assert_int_eq(g->nbr_count[0], 4);
    ck_assert(bitset_test(&g->nbrs[0], HEX_NORTH));
    ck_assert(bitset_test(&g->nbrs[0], HEX_WEST));
    /* k1 is obtuse: j1, j2, k2, NORTH, EAST. */
    ck_assert_int_eq(g->nbr_count[10], 5);
    geometry_unref(g);
}
END_TEST

START_TEST(geometry_names_round_trip)
{
    for (int w = 1; w <= HEX_MAX_SIZE; w += 3) {
        for (int h = 1; h <= HEX_MAX_SIZE; h += 2) {
            geometry_t *g = geometry_new(w, h);
            for (int c = 0; c < g->ncells; c++) {
                char name[MOVE_NAME_MAX];
                int back = -99;
                geometry_move_name(g, c, name);
                ck_assert_int_eq(geometry_parse_move(g, name, &back), MOVE_PARSE_OK);
                ck_assert_int_eq(back, c);
                /* Upper case is accepted too. */
                name[0] = (char)(name[0] - 'a' + 'A');
                ck_assert_int_eq(geometry_parse_move(g, name, &back), MOVE_PARSE_OK);
                ck_assert_int_eq(back, c);
            }
            geometry_unref(g);
        }
    }
}
END_TEST

START_TEST(geometry_rejects_bad_names)
{
    geometry_t *g = geometry_new(11, 11);
    int m = 12345;
    const char *syntax[] = { "", "a", "1", "a0", "a01", "a-1", "a1x", "aa1",
                             "#1", "a 1", "swap-piece", "a100", NULL };
    for (int i = 0; syntax[i]; i++)
        ck_assert_msg(geometry_parse_move(g, syntax[i], &m) == MOVE_PARSE_SYNTAX,
                      "'%s' should be a syntax error", syntax[i]);
    const char *off[] = { "l1", "a12", "s19", "z5", NULL };
    for (int i = 0; off[i]; i++)
        ck_assert_msg(geometry_parse_move(g, off[i], &m) == MOVE_PARSE_OFF_BOARD,
                      "'%s' should be off board", off[i]);
    ck_assert_int_eq(m, 12345);
    ck_assert_int_eq(geometry_parse_move(g, "SWAP-Pieces", &m), MOVE_PARSE_OK);
    ck_assert_int_eq(m, MOVE_SWAP);
    ck_assert_int_eq(geometry_parse_move(g, "swap", &m), MOVE_PARSE_OK);
    ck_assert_int_eq(m, MOVE_SWAP);
    ck_assert_int_eq(geometry_parse_move(g, "Resign", &m), MOVE_PARSE_OK);
    ck_assert_int_eq(m, MOVE_RESIGN);
    ck_assert_ptr_null(geometry_new(0, 5));
    ck_assert_ptr_null(geometry_new(20, 5));
    ck_assert_ptr_null(geometry_new(5, -1));
    hex_color_t c;
    ck_assert(hex_color_parse("B", &c) && c == HEX_BLACK);
    ck_assert(hex_color_parse("White", &c) && c == HEX_WHITE);
    ck_assert(!hex_color_parse("empty", &c));
    ck_assert(!hex_color_parse("bl", &c));
    int n;
    ck_assert(geometry_parse_size("19", &n) && n == 19);
    ck_assert(!geometry_parse_size("20", &n));
    ck_assert(!geometry_parse_size("0", &n));
    ck_assert(!geometry_parse_size("07", &n));
    ck_assert(!geometry_parse_size("7x", &n));
    geometry_unref(g);
}
END_TEST

/* ---- position ------------------------------------------------------ */

/* Play random stones (random colours, as set-up does) until `stones` are
 * placed; returns the number placed. */
static int
random_stones(position_t *p, rng_t *rng, int stones)
{
    int placed = 0;
    while (placed < stones) {
        bitset_t empty = position_empty_cells(p);
        int n = bitset_count(&empty);
        if (n == 0)
            break;
        int cell = bitset_nth(&empty, (int)rng_below(rng, (uint32_t)n));
        position_play(p, (hex_color_t)rng_below(rng, 2), cell);
        placed++;
    }
    return placed;
}

START_TEST(position_winner_agrees_with_flood_fill)
{
    rng_t rng;
    rng_seed(&rng, 2);
    int decided = 0;
    for (int round = 0; round < 10000; round++) {
        int w = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        int h = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        geometry_t *g = geometry_new(w, h);
        position_t p;
        position_init(&p, g);
        geometry_unref(g);
        int stones = (int)rng_below(&rng, (uint32_t)(w * h + 1));
        random_stones(&p, &rng, stones);
        hex_color_t flood = position_winner_by_flood(&p);
        if (flood != p.winner)
            dump(&p, "winner differs from flood fill");
        ck_assert_int_eq(flood, p.winner);
        decided += flood != HEX_EMPTY;
        position_free(&p);
    }
    /* The sample must exercise both outcomes. */
    ck_assert_int_gt(decided, 1000);
    ck_assert_int_lt(decided, 9500);
}
END_TEST

START_TEST(position_full_board_has_exactly_one_winner)
{
    rng_t rng;
    rng_seed(&rng, 3);
    for (int round = 0; round < 2000; round++) {
        int w = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        int h = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        geometry_t *g = geometry_new(w, h);
        position_t p;
        position_init(&p, g);
        geometry_unref(g);
        hex_color_t win = position_random_fill(&p, &rng);
        ck_assert_int_ne(win, HEX_EMPTY);
        ck_assert_int_eq(win, position_winner_by_flood(&p));
        bitset_t empty = position_empty_cells(&p);
        ck_assert(bitset_is_empty(&empty));
        position_free(&p);
    }
}
END_TEST

START_TEST(position_play_undo_restores_everything)
{
    rng_t rng;
    rng_seed(&rng, 4);
    for (int round = 0; round < 300; round++) {
        int w = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        int h = 1 + (int)rng_below(&rng, HEX_MAX_SIZE);
        geometry_t *g = geometry_new(w, h);
        position_t p, before;
        position_init(&p, g);
        geometry_unref(g);
        random_stones(&p, &rng, (int)rng_below(&rng, (uint32_t)(w * h)));
        ck_assert(position_is_consistent(&p));
        position_copy(&before, &p);
        /* A burst of random moves, checked, then undone one by one. */
        int k = random_stones(&p, &rng, (int)rng_below(&rng, 20) + 1);
        if (!position_is_consistent(&p))
            dump(&p, "inconsistent after moves");
        ck_assert(position_is_consistent(&p));
        for (int i = 0; i < k; i++)
            ck_assert_int_ge(position_undo(&p), 0);
        ck_assert_uint_eq(p.hash, before.hash);
        ck_assert_int_eq(p.to_move, before.to_move);
        ck_assert_int_eq(p.winner, before.winner);
        ck_assert(bitset_equal(&p.stones[0], &before.stones[0]));
        ck_assert(bitset_equal(&p.stones[1], &before.stones[1]));
        ck_assert(memcmp(p.parent, before.parent, sizeof p.parent) == 0);
        ck_assert(memcmp(p.size, before.size, sizeof p.size) == 0);
        for (int i = 0; i < HEX_MAX_IDS; i++)
            if (p.parent[i] == i)
                ck_assert_int_eq(p.edges[i], before.edges[i]);
        ck_assert(position_is_consistent(&p));
        position_free(&before);
        position_free(&p);
    }
}
END_TEST

START_TEST(position_hash_depends_on_stones_and_side)
{
    geometry_t *g = geometry_new(5, 5);
    position_t a, b;
    position_init(&a, g);
    position_init(&b, g);
    geometry_unref(g);
    /* Same stones reached in another order: same hash. */
    position_play(&a, HEX_BLACK, 0);
    position_play(&a, HEX_WHITE, 7);
    position_play(&a, HEX_BLACK, 12);
    position_play(&b, HEX_BLACK, 12);
    position_play(&b, HEX_WHITE, 7);
    position_play(&b, HEX_BLACK, 0);
    ck_assert_uint_eq(a.hash, b.hash);
    /* The side to move is part of the hash. */
    position_set_to_move(&b, HEX_BLACK);
    ck_assert_uint_ne(a.hash, b.hash);
    position_set_to_move(&b, HEX_WHITE);
    ck_assert_uint_eq(a.hash, b.hash);
    /* A stone's colour is part of it. */
    position_undo(&b);
    position_play(&b, HEX_WHITE, 0);
    position_set_to_move(&b, HEX_WHITE);
    ck_assert_uint_ne(a.hash, b.hash);
    position_free(&a);
    position_free(&b);
}
END_TEST

START_TEST(position_swap_is_move_two_and_undoes)
{
    geometry_t *g = geometry_new(11, 11);
    position_t p;
    position_init(&p, g);
    geometry_unref(g);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_SWAP_NOT_ALLOWED);
    position_play(&p, HEX_BLACK, 5);
    uint64_t h1 = p.hash;
    ck_assert_int_eq(position_check(&p, HEX_BLACK, MOVE_SWAP), POSITION_SWAP_NOT_ALLOWED);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_OK);
    position_play(&p, HEX_WHITE, MOVE_SWAP);
    /* No stone changes; White moves again; no second swap. */
    ck_assert_int_eq(position_color_at(&p, 5), HEX_BLACK);
    ck_assert_int_eq(bitset_count(&p.stones[HEX_WHITE]), 0);
    ck_assert_int_eq(p.to_move, HEX_WHITE);
    ck_assert(p.swapped);
    ck_assert_uint_ne(p.hash, h1);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_SWAP_NOT_ALLOWED);
    ck_assert(position_is_consistent(&p));
    position_play(&p, HEX_WHITE, 60);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_SWAP_NOT_ALLOWED);
    ck_assert_int_eq(position_undo(&p), 60);
    ck_assert_int_eq(position_undo(&p), MOVE_SWAP);
    ck_assert(!p.swapped);
    ck_assert_uint_eq(p.hash, h1);
    ck_assert_int_eq(p.to_move, HEX_WHITE);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_OK);
    /* A white first stone does not make swap legal. */
    position_undo(&p);
    position_play(&p, HEX_WHITE, 5);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_SWAP), POSITION_SWAP_NOT_ALLOWED);
    ck_assert_int_eq(position_undo(&p), 5);
    ck_assert_int_eq(position_undo(&p), MOVE_NONE);
    position_free(&p);
}
END_TEST

START_TEST(position_check_rejects_bad_moves)
{
    geometry_t *g = geometry_new(3, 4);
    position_t p;
    position_init(&p, g);
    geometry_unref(g);
    position_play(&p, HEX_BLACK, 4);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, 4), POSITION_OCCUPIED);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, 12), POSITION_NOT_A_MOVE);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, -7), POSITION_NOT_A_MOVE);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, HEX_NORTH), POSITION_NOT_A_MOVE);
    ck_assert_int_eq(position_check(&p, HEX_WHITE, MOVE_RESIGN), POSITION_NOT_A_MOVE);
    ck_assert_int_eq(position_check(&p, HEX_BLACK, 11), POSITION_OK);
    position_free(&p);
}
END_TEST

START_TEST(position_edges_belong_to_their_colour)
{
    /* 1x1: one stone touches all four edges and wins for its colour. */
    geometry_t *g = geometry_new(1, 1);
    position_t p;
    position_init(&p, g);
    position_play(&p, HEX_WHITE, 0);
    ck_assert_int_eq(p.winner, HEX_WHITE);
    position_undo(&p);
    ck_assert_int_eq(p.winner, HEX_EMPTY);
    position_play(&p, HEX_BLACK, 0);
    ck_assert_int_eq(p.winner, HEX_BLACK);
    position_free(&p);
    geometry_unref(g);
    /* A full black column a1..a3 on 3x3 wins for Black, not White. */
    g = geometry_new(3, 3);
    position_init(&p, g);
    geometry_unref(g);
    position_play(&p, HEX_BLACK, 0);
    position_play(&p, HEX_BLACK, 3);
    ck_assert_int_eq(p.winner, HEX_EMPTY);
    position_play(&p, HEX_BLACK, 6);
    ck_assert_int_eq(p.winner, HEX_BLACK);
    position_free(&p);
}
END_TEST

START_TEST(position_copy_is_independent)
{
    geometry_t *g = geometry_new(7, 7);
    position_t a, b;
    position_init(&a, g);
    geometry_unref(g);
    rng_t rng;
    rng_seed(&rng, 5);
    random_stones(&a, &rng, 10);
    position_copy(&b, &a);
    ck_assert_uint_eq(a.hash, b.hash);
    ck_assert_int_eq(a.nmoves, b.nmoves);
    position_undo(&b);
    ck_assert_int_eq(a.nmoves, 10);
    ck_assert(position_is_consistent(&a));
    ck_assert(position_is_consistent(&b));
    /* The geometry lives while any position holds it. */
    position_free(&a);
    ck_assert(position_is_consistent(&b));
    position_free(&b);
}
END_TEST

START_TEST(position_text_has_no_empty_line)
{
    geometry_t *g = geometry_new(11, 11);
    position_t p;
    position_init(&p, g);
    geometry_unref(g);
    position_play(&p, HEX_BLACK, 60);
    char text[8192];
    position_to_text(&p, text, sizeof text);
    /* No empty line anywhere: it would end an HTP reply early. */
    ck_assert(text[0] != '\n');
    ck_assert_ptr_null(strstr(text, "\n\n"));
    ck_assert_ptr_nonnull(strstr(text, "white to move"));
    ck_assert_ptr_nonnull(strstr(text, "swap available"));
    ck_assert_ptr_nonnull(strstr(text, "X"));
    position_free(&p);
}
END_TEST

/* ---- the minimax oracle ------------------------------------------- */

/* The winning first moves of the empty 2x2 and 4x4 boards are known: the
 * obtuse corners, and the short diagonal. */
START_TEST(minimax_knows_small_openings)
{
    const char *expect[] = { "", "a1", "b1 a2", "c1 a2 b2 c2 a3", "d1 c2 b3 a4" };
    for (int n = 1; n <= 4; n++) {
        geometry_t *g = geometry_new(n, n);
        position_t p;
        position_init(&p, g);
        geometry_unref(g);
        minimax_t *m = minimax_new();
        ck_assert(minimax_to_move_wins(m, &p));
        bitset_t w = minimax_winning_moves(m, &p);
        char got[64] = "", name[MOVE_NAME_MAX];
        for (int c = bitset_first(&w); c >= 0; c = bitset_next(&w, c)) {
            if (got[0])
                strcat(got, " ");
            strcat(got, geometry_move_name(p.geo, c, name));
        }
        ck_assert_str_eq(got, expect[n]);
        ck_assert_int_eq(p.nmoves, 0);
        minimax_free(m);
        position_free(&p);
    }
}
END_TEST

static Suite *
board_suite(void)
{
    Suite *s = suite_create("board");
    /* Generous timeouts: sanitizer builds on a loaded machine are slow. */
    TCase *tc = tcase_create("bitset");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, bitset_set_ops_match_bool_arrays);
    tcase_add_test(tc, bitset_range_and_edges);
    suite_add_tcase(s, tc);
    tc = tcase_create("geometry");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, geometry_neighbours_symmetric_all_sizes);
    tcase_add_test(tc, geometry_neighbours_follow_convention);
    tcase_add_test(tc, geometry_names_round_trip);
    tcase_add_test(tc, geometry_rejects_bad_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("position");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, position_winner_agrees_with_flood_fill);
    tcase_add_test(tc, position_full_board_has_exactly_one_winner);
    tcase_add_test(tc, position_play_undo_restores_everything);
    tcase_add_test(tc, position_hash_depends_on_stones_and_side);
    tcase_add_test(tc, position_swap_is_move_two_and_undoes);
    tcase_add_test(tc, position_check_rejects_bad_moves);
    tcase_add_test(tc, position_edges_belong_to_their_colour);
    tcase_add_test(tc, position_copy_is_independent);
    tcase_add_test(tc, position_text_has_no_empty_line);
    suite_add_tcase(s, tc);
    tc = tcase_create("minimax");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, minimax_knows_small_openings);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(board_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
