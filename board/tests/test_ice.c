/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the inferior-cell engine and the pattern module: unit cases per
 * rule, and the soundness of fill-in and pruning against exact minimax on
 * random small positions (HEIN_ICE_POSITIONS of them, 10000 by default;
 * make check-long runs more). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/geometry.h"
#include "board/ice.h"
#include "board/pattern.h"
#include "board/position.h"
#include "board/rng.h"
#include "board/tests/minimax.h"

static void
dump(const position_t *p, hex_color_t to_move, const char *why)
{
    char text[4096];
    position_to_text(p, text, sizeof text);
    fprintf(stderr, "%s (%s to move)\n%s\n", why, hex_color_name(to_move), text);
}

/* A position from rows of 'B', 'W', '.' (top row first). */
static void
position_from_rows(position_t *p, geometry_t **geo, int w, int h, const char *const *rows)
{
    *geo = geometry_new(w, h);
    ck_assert_ptr_nonnull(*geo);
    position_init(p, *geo);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            char ch = rows[r][c];
            if (ch == 'B')
                position_play(p, HEX_BLACK, geometry_cell(*geo, c, r));
            else if (ch == 'W')
                position_play(p, HEX_WHITE, geometry_cell(*geo, c, r));
        }
}

static int
cell_named(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

static pattern_set_t *
load_patterns(void)
{
    char err[512];
    pattern_set_t *s = pattern_set_load_ice(err, sizeof err);
    if (!s)
        fprintf(stderr, "patterns: %s\n", err);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* ---- unit cases ----------------------------------------------------- */

START_TEST(ice_clique_dead_cell_between_two_groups)
{
    /* c2 (col 2, row 1) has black b2, c1, d1 on one side (one group) and
     * white on the other: dead. */
    static const char *const rows[] = {
        "..BB.",
        ".B.W.",
        ".WW..",
        ".....",
        ".....",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 5, rows);
    ck_assert(ice_clique_dead(&p, cell_named(g, "c2")));
    ck_assert(!ice_clique_dead(&p, cell_named(g, "c4")));
    position_free(&p);
    geometry_unref(g);
}
END_TEST

START_TEST(ice_edge_bridge_cells_are_captured)
{
    /* Black c2 with b1, c1 empty: the two cells of the bridge to the north
     * edge are captured by Black. */
    static const char *const rows[] = {
        ".....",
        "..B..",
        ".....",
        ".....",
        ".....",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 5, rows);
    ice_t *ice = ice_new(NULL);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    ice_compute(ice, &prm, &p, HEX_WHITE, r);
    ck_assert(bitset_test(&r->captured[HEX_BLACK], cell_named(g, "c1")));
    ck_assert(bitset_test(&r->captured[HEX_BLACK], cell_named(g, "d1")));
    ck_assert(bitset_test(&r->inferior, cell_named(g, "c1")));
    ck_assert(!bitset_test(&r->inferior, cell_named(g, "c3")));
    free(r);
    ice_free(ice);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* On an empty 5x5 board, Black to move: a cell of Black's first row is
 * dominated by a second-row neighbour whose edge bridge holds it (c1 is
 * captured once Black holds b2 or c2), by the neighbour rule; a cell of
 * White's edge (a3) is not dominated this way; without the knob nothing
 * is. */
START_TEST(ice_first_row_cell_dominated_by_its_bridge)
{
    static const char *const rows[] = {
        ".....", ".....", ".....", ".....", ".....",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 5, rows);
    position_set_to_move(&p, HEX_BLACK);
    pattern_set_t *pats = load_patterns();
    ice_t *ice = ice_new(pats);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    ck_assert(ice && r);
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    int c1 = cell_named(g, "c1"), b2 = cell_named(g, "b2"), c2 = cell_named(g, "c2");
    ck_assert(bitset_test(&r->dominated, c1));
    ck_assert(bitset_test(&r->dominated_by_neighbour, c1));
    ck_assert(r->dominator[c1] == b2 || r->dominator[c1] == c2);
    ck_assert(!bitset_test(&r->dominated, r->dominator[c1]));
    ck_assert(bitset_test(&r->inferior, c1));
    ck_assert(!bitset_test(&r->dominated, cell_named(g, "a3")));
    ck_assert(!bitset_test(&r->inferior, cell_named(g, "c3")));
    prm.find_neighbour_dominated = false;
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(bitset_is_empty(&r->dominated_by_neighbour));
    ck_assert(!bitset_test(&r->dominated, c1));
    free(r);
    ice_free(ice);
    pattern_set_free(pats);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

START_TEST(ice_sealed_region_is_dead)
{
    /* a4 lies behind the white wall a3 b3 c3 b4 a5: a region cut off by a
     * clique cut-set, dead. */
    static const char *const rows[] = {
        ".....",
        ".....",
        "WWW..",
        ".W...",
        "W....",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 5, rows);
    ice_t *ice = ice_new(NULL);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    for (int pairs = 0; pairs < 2; pairs++) {
        prm.find_dead_region_pairs = pairs;
        ice_compute(ice, &prm, &p, HEX_BLACK, r);
        ck_assert(bitset_test(&r->inferior, cell_named(g, "a4")));
    }
    free(r);
    ice_free(ice);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

START_TEST(ice_vulnerable_cell_has_killer)
{
    /* White to move next to black stones: every vulnerable cell found
     * comes with its killers. */
    static const char *const rows[] = {
        ".....",
        ".....",
        ".....",
        "..B..",
        ".B...",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 5, rows);
    ice_t *ice = ice_new(NULL);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    ice_compute(ice, &prm, &p, HEX_WHITE, r);
    for (int c = bitset_first(&r->vulnerable); c >= 0; c = bitset_next(&r->vulnerable, c))
        ck_assert(!bitset_is_empty(&r->killers[c]));
    free(r);
    ice_free(ice);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* A 4x4 position, Black (Z) to move, with no fill-in:
 *
 *        a b c d
 *     1 \ o x o .
 *      2 \ x . . .
 *       3 \ . . . o
 *        4 \ x o x x
 *
 * Black's groups: N = b1 a2 and the north edge, S = a4 c4 d4 and the south
 * edge.  White: a1 (west edge), c1, d3 (east edge), b4.
 *
 * b3 is captured-reversible with reverser b2, and not vulnerable.  After
 * Black b3 (which joins S) and White b2 (which joins c1), White captures
 * the pair c3, d2: c3 is dead once White holds d2 (its Black neighbours
 * are S and c2, which touches b3), and d2 is dead once White holds c3 (its
 * White neighbours c2, d1 and the d3-c3 group all touch that group).  Then
 * the pair c2, d1: once White holds either, the other touches only one
 * White group.  With b2 c2 c3 d1 d2 White and b3 empty again, b3's Black
 * neighbours are a3 and S, which a3 touches: b3 is dead.  With b3 empty
 * the captures do not work (once White holds d2, c3's Black neighbours b3,
 * c2 and S are not pairwise joined: c2 touches no Black stone), and no
 * single White stone kills b3.
 *
 * d1 is vulnerable to c2 only through White's fill-in: once White holds
 * c2 (d1 empty), c3 and d2 are a captured pair (c3's Black neighbours b3
 * and S touch; d2's only Black neighbour is d1), and with c2 c3 d2 White
 * all of d1's White neighbours are one group (c1 c2 d2 c3 d3 and the east
 * edge): dead. */
static const char *const reversible_rows[] = {
    "WBW.",
    "B...",
    "...W",
    "BWBB",
};

START_TEST(ice_captured_reversible_not_vulnerable)
{
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 4, 4, reversible_rows);
    pattern_set_t *s = load_patterns();
    ice_t *ice = ice_new(s);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    ck_assert(ice && r);
    int b3 = cell_named(g, "b3"), b2 = cell_named(g, "b2");
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(bitset_is_empty(&r->filled[0]) && bitset_is_empty(&r->filled[1]));
    ck_assert(bitset_test(&r->reversible, b3));
    ck_assert(!bitset_test(&r->vulnerable, b3));
    ck_assert(bitset_test(&r->inferior, b3));
    ck_assert_int_eq(bitset_count(&r->reversers[b3]), 1);
    ck_assert(bitset_test(&r->reversers[b3], b2));
    /* the claim, by minimax: after Black b3, White b2 the game is worth
     * no more to Black than the board with b3 and b2 White (ice.h); here
     * exactly as much, for either side to move */
    minimax_t *mm = minimax_new();
    ck_assert_ptr_nonnull(mm);
    for (int side = 0; side < 2; side++) {
        position_play(&p, HEX_BLACK, b3);
        position_play(&p, HEX_WHITE, b2);
        position_set_to_move(&p, (hex_color_t)side);
        hex_color_t after = minimax_winner(mm, &p);
        position_undo(&p);
        position_undo(&p);
        position_play(&p, HEX_WHITE, b3);
        position_play(&p, HEX_WHITE, b2);
        position_set_to_move(&p, (hex_color_t)side);
        hex_color_t given = minimax_winner(mm, &p);
        position_undo(&p);
        position_undo(&p);
        ck_assert_int_eq(after, given);
    }
    minimax_free(mm);
    position_set_to_move(&p, HEX_BLACK);
    /* without the switch, b3 is kept */
    prm.find_reversible = false;
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(!bitset_test(&r->inferior, b3));
    free(r);
    ice_free(ice);
    pattern_set_free(s);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

START_TEST(ice_vulnerable_through_fill_in)
{
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 4, 4, reversible_rows);
    ice_t *ice = ice_new(NULL);
    ice_params_t prm;
    ice_params_init(&prm);
    ice_result_t *r = malloc(sizeof *r);
    ck_assert(ice && r);
    int d1 = cell_named(g, "d1"), c2 = cell_named(g, "c2");
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(bitset_test(&r->vulnerable, d1));
    ck_assert(bitset_test(&r->killers[d1], c2));
    /* the clique rule alone does not see it */
    prm.find_reversible = false;
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(!bitset_test(&r->inferior, d1));
    /* with vulnerable cells off, the same cell is reported reversible */
    prm.find_reversible = true;
    prm.find_vulnerable = false;
    ice_compute(ice, &prm, &p, HEX_BLACK, r);
    ck_assert(bitset_test(&r->reversible, d1));
    ck_assert(bitset_test(&r->reversers[d1], c2));
    free(r);
    ice_free(ice);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

START_TEST(pattern_parse_reports_line_numbers)
{
    char err[256];
    const char *bad =
        "# a comment\n"
        "pattern p1\n"
        "kind dead\n"
        " X X\n"
        "X c O Q\n"
        "end\n";
    ck_assert_ptr_null(pattern_set_parse(bad, "t", err, sizeof err));
    ck_assert_msg(strstr(err, "t:5:") != NULL, "%s", err);
    const char *ragged = "pattern p\nkind dead\nX X\nX c O\nend\n";
    ck_assert_ptr_null(pattern_set_parse(ragged, "t", err, sizeof err));
    ck_assert_msg(strstr(err, "t:4:") != NULL, "%s", err);
    const char *nokind = "pattern p\nX c\nend\n";
    ck_assert_ptr_null(pattern_set_parse(nokind, "t", err, sizeof err));
    const char *twoc = "pattern p\nkind dead\nc c\nend\n";
    ck_assert_ptr_null(pattern_set_parse(twoc, "t", err, sizeof err));
    const char *unended = "pattern p\nkind dead\nX c\n";
    ck_assert_ptr_null(pattern_set_parse(unended, "t", err, sizeof err));
}
END_TEST

START_TEST(pattern_expands_to_twelve_orientations)
{
    char err[256];
    const char *text =
        "pattern asym\n"
        "kind dead\n"
        "* X X\n"
        "O c .\n"
        "O X *\n"
        "end\n";
    pattern_set_t *s = pattern_set_parse(text, "t", err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    ck_assert_int_eq(s->nsource, 1);
    ck_assert_int_le(s->nexpanded, 12);
    ck_assert_int_ge(s->nexpanded, 6);
    /* every orientation keeps the neighbours of the anchor neighbours */
    for (int i = 0; i < s->nexpanded; i++)
        for (int j = 1; j < s->expanded[i].ncells; j++) {
            int dc = s->expanded[i].cells[j].dc, dr = s->expanded[i].cells[j].dr;
            int dist = (abs(dc) + abs(dr) + abs(dc + dr)) / 2;
            ck_assert_int_eq(dist, 1);
        }
    pattern_set_free(s);
}
END_TEST

START_TEST(pattern_matches_on_board_and_edge)
{
    char err[256];
    /* an edge pattern: c on the first row, own edge above */
    const char *text =
        "pattern e\n"
        "kind dead\n"
        "* + +\n"
        "O c O\n"
        "O O *\n"
        "end\n";
    pattern_set_t *s = pattern_set_parse(text, "t", err, sizeof err);
    ck_assert_msg(s != NULL, "%s", err);
    static const char *const rows[] = {
        "W.W..",
        "WW...",
        ".....",
    };
    position_t p;
    geometry_t *g;
    position_from_rows(&p, &g, 5, 3, rows);
    int ids[PATTERN_MAX_CELLS];
    bool any = false;
    for (int i = 0; i < s->nexpanded; i++)
        any |= pattern_match(&s->expanded[i], &p, HEX_BLACK, cell_named(g, "b1"), ids);
    ck_assert(any);
    /* for White the edge above is the opponent's: no match */
    any = false;
    for (int i = 0; i < s->nexpanded; i++)
        any |= pattern_match(&s->expanded[i], &p, HEX_WHITE, cell_named(g, "b1"), ids);
    ck_assert(!any);
    position_free(&p);
    geometry_unref(g);
    pattern_set_free(s);
}
END_TEST

START_TEST(pattern_files_load)
{
    pattern_set_t *s = load_patterns();
    ck_assert_int_gt(s->nsource, 0);
    pattern_set_free(s);
}
END_TEST

/* ---- soundness against minimax ------------------------------------- */

typedef struct tally {
    long positions, filled, decided, pruned, vulnerable, reversible, dominated, winning_pruned;
    long lasting;               /* fuller boards a neighbour rule's
                                 * certificate was checked on */
} tally_t;

static int
env_count(const char *name, int dflt)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return dflt;
    int n = atoi(v);
    return n > 0 ? n : dflt;
}

/* A random position of w x h with `empties` empty cells, not yet won. */
static bool
random_position(position_t *p, rng_t *rng, int empties)
{
    int n = p->geo->ncells;
    int stones = n - empties;
    int order[HEX_MAX_CELLS];
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(rng, (uint32_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    int black = stones / 2 + (int)rng_below(rng, 2) * (stones & 1);
    for (int i = 0; i < stones; i++)
        position_play(p, i < black ? HEX_BLACK : HEX_WHITE, order[i]);
    position_set_to_move(p, rng_below(rng, 2) ? HEX_BLACK : HEX_WHITE);
    return p->winner == HEX_EMPTY;
}

/* Checks one position; false (after printing it) on a counterexample. */
static bool
check_position(minimax_t *mm, ice_t *ice, const ice_params_t *prm, position_t *p,
               ice_result_t *r, tally_t *t)
{
    hex_color_t z = p->to_move, y = hex_color_other(z);
    ice_compute(ice, prm, p, z, r);
    t->positions++;
    position_t f;
    ice_filled_position(r, p, &f);
    bool ok = true;
    if (!bitset_is_empty(&r->filled[0]) || !bitset_is_empty(&r->filled[1]))
        t->filled++;
    /* fill-in keeps the value, for both sides to move */
    for (int s = 0; s < 2 && ok; s++) {
        hex_color_t side = s ? y : z;
        position_set_to_move(p, side);
        position_set_to_move(&f, side);
        hex_color_t v = minimax_winner(mm, p), vf = minimax_winner(mm, &f);
        if (v != vf) {
            dump(p, side, "fill-in changed the value");
            dump(&f, side, "filled");
            ok = false;
        }
        if (ok && r->decided != HEX_EMPTY && v != r->decided) {
            dump(p, side, "decided winner is wrong");
            ok = false;
        }
    }
    position_set_to_move(p, z);
    position_set_to_move(&f, z);
    if (r->decided != HEX_EMPTY)
        t->decided++;
    if (ok && r->decided == HEX_EMPTY) {
        bitset_t win = minimax_winning_moves(mm, p);
        bitset_t kept = bitset_andnot(win, r->inferior);
        t->pruned += bitset_count(&r->inferior);
        t->vulnerable += bitset_count(&r->vulnerable);
        t->reversible += bitset_count(&r->reversible);
        t->dominated += bitset_count(&r->dominated);
        if (bitset_intersects(&win, &r->inferior))
            t->winning_pruned++;
        if (!bitset_is_empty(&win) && bitset_is_empty(&kept)) {
            dump(p, z, "every winning move was pruned");
            ok = false;
        }
        /* each vulnerable cell is dead once Y holds its killer */
        for (int c = bitset_first(&r->vulnerable); ok && c >= 0;
             c = bitset_next(&r->vulnerable, c)) {
            bitset_t ks = r->killers[c];
            for (int k = bitset_first(&ks); ok && k >= 0; k = bitset_next(&ks, k)) {
                position_play(&f, y, k);
                position_play(&f, z, c);
                position_set_to_move(&f, z);
                hex_color_t a = minimax_winner(mm, &f);
                position_set_to_move(&f, y);
                hex_color_t a2 = minimax_winner(mm, &f);
                position_undo(&f);
                position_play(&f, y, c);
                position_set_to_move(&f, z);
                hex_color_t b = minimax_winner(mm, &f);
                position_set_to_move(&f, y);
                hex_color_t b2 = minimax_winner(mm, &f);
                position_undo(&f);
                position_undo(&f);
                position_set_to_move(&f, z);
                if (a != b || a2 != b2) {
                    char cn[MOVE_NAME_MAX], kn[MOVE_NAME_MAX];
                    fprintf(stderr, "vulnerable %s killer %s is not dead after the kill\n",
                            geometry_move_name(p->geo, c, cn), geometry_move_name(p->geo, k, kn));
                    dump(&f, z, "filled position");
                    ok = false;
                }
            }
        }
        /* each reversible cell: after Z c, Y k the game is worth no more
         * to Z than the board with c and k Y's (ice.h: it is worth the
         * board with c, k and S Y's), for either side to move */
        for (int c = bitset_first(&r->reversible); ok && c >= 0;
             c = bitset_next(&r->reversible, c)) {
            bitset_t ks = r->reversers[c];
            for (int k = bitset_first(&ks); ok && k >= 0; k = bitset_next(&ks, k)) {
                for (int s = 0; s < 2 && ok; s++) {
                    hex_color_t side = s ? y : z;
                    position_play(&f, z, c);
                    position_play(&f, y, k);
                    position_set_to_move(&f, side);
                    hex_color_t a = minimax_winner(mm, &f);
                    position_undo(&f);
                    position_undo(&f);
                    position_play(&f, y, c);
                    position_play(&f, y, k);
                    position_set_to_move(&f, side);
                    hex_color_t b = minimax_winner(mm, &f);
                    position_undo(&f);
                    position_undo(&f);
                    if (a == z && b != z) {
                        char cn[MOVE_NAME_MAX], kn[MOVE_NAME_MAX];
                        fprintf(stderr, "reversible %s reverser %s: Z wins after the reversal, "
                                "not with both cells Y's (%s to move)\n",
                                geometry_move_name(p->geo, c, cn),
                                geometry_move_name(p->geo, k, kn), hex_color_name(side));
                        dump(&f, z, "filled position");
                        ok = false;
                    }
                }
            }
        }
        position_set_to_move(&f, z);
        /* each dominated cell is no better than its dominator */
        for (int c = bitset_first(&r->dominated); ok && c >= 0;
             c = bitset_next(&r->dominated, c)) {
            int d = r->dominator[c];
            if (bitset_test(&win, c) && !bitset_test(&win, d)) {
                dump(p, z, "dominated cell wins, its dominator does not");
                ok = false;
            }
        }
        /* a neighbour rule's certificate holds on fuller boards too (ice.h):
         * F plus one stone of either colour on each of up to three cells
         * other than d and those within distance two of c */
        for (int c = bitset_first(&r->dominated_by_neighbour); ok && c >= 0;
             c = bitset_next(&r->dominated_by_neighbour, c)) {
            int d = r->dominator[c], tried = 0;
            bitset_t near = p->geo->nbrs[c];
            for (int u = bitset_first(&p->geo->nbrs[c]); u >= 0;
                 u = bitset_next(&p->geo->nbrs[c], u))
                near = bitset_or(near, p->geo->nbrs[u]);
            bitset_set(&near, c);
            bitset_set(&near, d);
            bitset_t others = bitset_andnot(position_empty_cells(&f), near);
            for (int e = bitset_first(&others); ok && e >= 0 && tried < 3;
                 e = bitset_next(&others, e), tried++)
                for (int s = 0; s < 2 && ok; s++) {
                    position_play(&f, s ? y : z, e);
                    position_set_to_move(&f, z);
                    if (f.winner == HEX_EMPTY) {
                        bitset_t w2 = minimax_winning_moves(mm, &f);
                        t->lasting++;
                        if (bitset_test(&w2, c) && !bitset_test(&w2, d)) {
                            dump(&f, z, "on a fuller board a neighbour-dominated cell wins, "
                                 "its dominator does not");
                            ok = false;
                        }
                    }
                    position_undo(&f);
                    position_set_to_move(&f, z);
                }
        }
    }
    position_free(&f);
    return ok;
}

/* Which rules a run prunes with. */
typedef struct run_kind {
    const char *name;           /* for the output line */
    bool pairs, three_sided;    /* cut-sets of two (else one), three */
    bool vulnerable, reversible;
    int reverser_need, pair_reach;
    unsigned seed;
} run_kind_t;

static void
run_soundness(const pattern_set_t *pats, const run_kind_t *kind, int count)
{
    rng_t rng;
    rng_seed(&rng, kind->seed);
    static const int sizes[][2] = {
        { 3, 3 }, { 4, 3 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 4, 5 }, { 5, 5 }, { 5, 3 }
    };
    enum { NSIZES = sizeof sizes / sizeof sizes[0] };
    geometry_t *geo[NSIZES];
    minimax_t *mm[NSIZES];
    for (int i = 0; i < NSIZES; i++) {
        geo[i] = geometry_new(sizes[i][0], sizes[i][1]);
        mm[i] = minimax_new();
        ck_assert(geo[i] && mm[i]);
    }
    ice_t *ice = ice_new(pats);
    ice_params_t prm;
    ice_params_init(&prm);
    prm.find_dead_region_pairs = kind->pairs;
    prm.find_three_sided_dead_regions = kind->three_sided;
    prm.reverser_need = kind->reverser_need;
    prm.pair_reach = kind->pair_reach;
    prm.find_vulnerable = kind->vulnerable;
    prm.find_reversible = kind->reversible;
    ice_result_t *r = malloc(sizeof *r);
    ck_assert(ice && r);
    tally_t t = { 0 };
    int failures = 0;
    while (t.positions < count && failures < 5) {
        int si = (int)rng_below(&rng, NSIZES);
        int n = geo[si]->ncells;
        int maxe = n - 1 < 12 ? n - 1 : 12;
        int empties = 2 + (int)rng_below(&rng, (uint32_t)(maxe - 1));
        position_t p;
        position_init(&p, geo[si]);
        if (random_position(&p, &rng, empties) && !check_position(mm[si], ice, &prm, &p, r, &t))
            failures++;
        position_free(&p);
    }
    printf("ice soundness%s: %ld positions, %ld with fill-in, %ld decided by fill-in, "
           "%ld pruned moves (%ld vulnerable, %ld reversible, %ld dominated), %ld positions "
           "with a pruned winning move and a kept one, %ld fuller boards for the "
           "neighbour rule; %d counterexamples\n",
           kind->name, t.positions, t.filled, t.decided, t.pruned, t.vulnerable, t.reversible,
           t.dominated, t.winning_pruned, t.lasting, failures);
    free(r);
    ice_free(ice);
    for (int i = 0; i < NSIZES; i++) {
        minimax_free(mm[i]);
        geometry_unref(geo[i]);
    }
    ck_assert_int_eq(failures, 0);
}

START_TEST(ice_fillin_and_pruning_agree_with_minimax)
{
    static const run_kind_t kind = { "", true, false, true, true, 2, 2, 20240611u };
    pattern_set_t *s = load_patterns();
    run_soundness(s, &kind, env_count("HEIN_ICE_POSITIONS", 10000));
    pattern_set_free(s);
}
END_TEST

START_TEST(ice_three_sided_cutsets_agree_with_minimax)
{
    static const run_kind_t kind = { " (three-sided cut-sets)", true, true, true, true, 2, 2,
                                     20240618u };
    pattern_set_t *s = load_patterns();
    run_soundness(s, &kind, env_count("HEIN_ICE_POSITIONS", 10000) / 4);
    pattern_set_free(s);
}
END_TEST

/* The solver's settings (param_dfpn): cut-sets of one node, found in one
 * search, reversers tried only when c dies for Z with one captured
 * neighbour at most (or only for Y), captured pairs of adjacent cells. */
START_TEST(ice_solver_settings_agree_with_minimax)
{
    static const run_kind_t kind = { " (the solver's: cut-sets of one node, reverser_need 1, "
                                     "pair_reach 1)", false, false, true, true, 1, 1,
                                     20261129u };
    pattern_set_t *s = load_patterns();
    run_soundness(s, &kind, env_count("HEIN_ICE_POSITIONS", 10000) / 4);
    pattern_set_free(s);
}
END_TEST

/* Without vulnerable cells the captured-reversible rule prunes them too,
 * as reversible cells. */
START_TEST(ice_reversible_pruning_agrees_with_minimax)
{
    static const run_kind_t kind = { " (no vulnerable: reversible)", true, false, false, true,
                                     2, 2, 20240619u };
    pattern_set_t *s = load_patterns();
    run_soundness(s, &kind, env_count("HEIN_ICE_POSITIONS", 10000) / 4);
    pattern_set_free(s);
}
END_TEST

/* Without vulnerable and reversible cells the dominated patterns get to
 * prune. */
START_TEST(ice_dominated_pruning_agrees_with_minimax)
{
    static const run_kind_t kind = { " (no vulnerable, no reversible: dominated)", true, false,
                                     false, false, 2, 2, 20240611u };
    pattern_set_t *s = load_patterns();
    run_soundness(s, &kind, env_count("HEIN_ICE_POSITIONS", 10000) / 4);
    pattern_set_free(s);
}
END_TEST

static Suite *
ice_suite(void)
{
    Suite *s = suite_create("ice");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, ice_clique_dead_cell_between_two_groups);
    tcase_add_test(tc, ice_edge_bridge_cells_are_captured);
    tcase_add_test(tc, ice_first_row_cell_dominated_by_its_bridge);
    tcase_add_test(tc, ice_sealed_region_is_dead);
    tcase_add_test(tc, ice_vulnerable_cell_has_killer);
    tcase_add_test(tc, ice_captured_reversible_not_vulnerable);
    tcase_add_test(tc, ice_vulnerable_through_fill_in);
    suite_add_tcase(s, tc);
    tc = tcase_create("patterns");
    tcase_add_test(tc, pattern_parse_reports_line_numbers);
    tcase_add_test(tc, pattern_expands_to_twelve_orientations);
    tcase_add_test(tc, pattern_matches_on_board_and_edge);
    tcase_add_test(tc, pattern_files_load);
    suite_add_tcase(s, tc);
    tc = tcase_create("soundness");
    /* a safety net against a hang, not a timing: it grows with the count
     * (make check-long) */
    int n = env_count("HEIN_ICE_POSITIONS", 10000);
    tcase_set_timeout(tc, 600.0 * (n > 10000 ? n / 10000.0 : 1.0));
    tcase_add_test(tc, ice_fillin_and_pruning_agree_with_minimax);
    tcase_add_test(tc, ice_three_sided_cutsets_agree_with_minimax);
    tcase_add_test(tc, ice_solver_settings_agree_with_minimax);
    tcase_add_test(tc, ice_reversible_pruning_agrees_with_minimax);
    tcase_add_test(tc, ice_dominated_pruning_agrees_with_minimax);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(ice_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
