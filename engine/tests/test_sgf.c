/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for engine/sgf: reading HexGui's SGF, refusing malformed files
 * without touching the game, writing, and write/read round trips. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/rng.h"
#include "engine/game.h"
#include "engine/sgf.h"

#define APP "hein:0.1.0"

/* ---- helpers --------------------------------------------------------- */

static game_t *
new_game(int w, int h)
{
    game_t *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(game_init(g, w, h), GAME_OK);
    return g;
}

static void
delete_game(game_t *g)
{
    game_free(g);
    free(g);
}

/* Print a game that failed a check, as SGF, so it can be replayed. */
static void
dump(const game_t *g, const char *why)
{
    char *text = sgf_write_text(g, APP);
    char board[4096];
    position_to_text(&g->pos, board, sizeof board);
    fprintf(stderr, "%s\n%s%s\n", why, text ? text : "(no memory)\n", board);
    free(text);
}

static bool
load(game_t *g, const char *text, int max_moves, char *err, size_t errlen)
{
    err[0] = '\0';
    return sgf_load_text(g, text, strlen(text), max_moves, err, errlen);
}

/* Load text that must load. */
static game_t *
load_ok(const char *text, int max_moves)
{
    game_t *g = new_game(11, 11);
    char err[256];
    if (!load(g, text, max_moves, err, sizeof err))
        ck_abort_msg("loading failed: %s\n%s", err, text);
    ck_assert(position_is_consistent(&g->pos));
    return g;
}

static hex_color_t
at(const game_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g->pos.geo, name, &m), MOVE_PARSE_OK);
    return position_color_at(&g->pos, m);
}

static int
cell(const game_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g->pos.geo, name, &m), MOVE_PARSE_OK);
    return m;
}

static int
count_stones(const game_t *g, hex_color_t c)
{
    return bitset_count(&g->pos.stones[c]);
}

static bool
same_string(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

/* Whether two games have the same record, position and information. */
static bool
same_game(const game_t *a, const game_t *b, char *why, size_t size)
{
    if (a->pos.geo->width != b->pos.geo->width
        || a->pos.geo->height != b->pos.geo->height) {
        snprintf(why, size, "sizes differ");
        return false;
    }
    if (a->nentries != b->nentries) {
        snprintf(why, size, "%d entries, %d after the round trip",
                 a->nentries, b->nentries);
        return false;
    }
    for (int i = 0; i < a->nentries; i++) {
        const game_entry_t *x = &a->entries[i], *y = &b->entries[i];
        if (x->move != y->move || x->color != y->color
            || x->setup != y->setup || x->to_move != y->to_move) {
            snprintf(why, size, "entry %d differs", i);
            return false;
        }
        /* BL/WL are written to the millisecond. */
        bool known = x->time_left >= 0 && !x->setup;
        if (known != (y->time_left >= 0)
            || (known && fabs(x->time_left - y->time_left) > 0.0005 + 1e-9)) {
            snprintf(why, size, "time left of entry %d differs: %g, %g", i,
                     x->time_left, y->time_left);
            return false;
        }
    }
    if (a->pos.hash != b->pos.hash || a->pos.to_move != b->pos.to_move
        || a->first_to_move != b->first_to_move
        || a->pos.swapped != b->pos.swapped) {
        snprintf(why, size, "positions differ");
        return false;
    }
    if (a->resigned != b->resigned || game_resigned(a) != game_resigned(b)) {
        snprintf(why, size, "resignations differ");
        return false;
    }
    /* The result written is the one stated (game_result), not the kept
     * text whatever it says. */
    char ra[GAME_RESULT_MAX], rb[GAME_RESULT_MAX];
    if (!same_string(a->info.player_black, b->info.player_black)
        || !same_string(a->info.player_white, b->info.player_white)
        || !same_string(game_result(a, ra, sizeof ra), game_result(b, rb, sizeof rb))
        || !same_string(a->info.comment, b->info.comment)) {
        snprintf(why, size, "information differs");
        return false;
    }
    return true;
}

/* Write g, read it back, and check that nothing changed. */
static void
check_round_trip(const game_t *g)
{
    char *text = sgf_write_text(g, APP);
    ck_assert_ptr_nonnull(text);
    game_t *back = new_game(3, 4);
    char err[256], why[128];
    if (!load(back, text, -1, err, sizeof err)) {
        dump(g, "written game does not load:");
        ck_abort_msg("%s", err);
    }
    if (!same_game(g, back, why, sizeof why)) {
        dump(g, "round trip changed the game:");
        dump(back, "read back as:");
        ck_abort_msg("%s", why);
    }
    char *again = sgf_write_text(back, APP);
    ck_assert_ptr_nonnull(again);
    ck_assert_str_eq(text, again);
    free(again);
    free(text);
    delete_game(back);
}

/* ---- HexGui samples -------------------------------------------------- */

/* puzzles/11x11-hein-01.sgf */
static const char hexgui_setup_pl[] =
    "(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11];AB[d1][d2][d3][d4][d5][d6][h6][d7]\n"
    "[h7][d9][d10][d11]AW[c2][i4][d8][h9]PL[W])\n";

/* puzzles/5x5-berge-1.sgf: White moves first, no set-up. */
static const char hexgui_moves[] =
    "(;AP[HexGui:0.2]FF[4]GM[11]SZ[5];W[a1];B[b2];W[d2];B[e2];W[d3];B[e3];\n"
    "W[c4];B[c3];W[b5];B[a5])\n";

/* vc/b10-is-key2.sgf: the set-up node's values start on a new line. */
static const char hexgui_setup_newline[] =
    "(;AP[HexGui:0.2]FF[4]GM[11]SZ[11];\n"
    "AB[a2][c6][e6][f6][c7][g7][c8][d8][e8][f8]\n"
    "AW[h4][d6][g6][d7][e7][f7][c9][d9][e9])\n";

START_TEST(hexgui_setup_node_with_pl_loads_stones_and_side_to_move)
{
    game_t *g = load_ok(hexgui_setup_pl, -1);
    ck_assert_int_eq(g->pos.geo->width, 11);
    ck_assert_int_eq(g->nentries, 16);
    for (int i = 0; i < g->nentries; i++)
        ck_assert(g->entries[i].setup);
    ck_assert_int_eq(count_stones(g, HEX_BLACK), 12);
    ck_assert_int_eq(count_stones(g, HEX_WHITE), 4);
    ck_assert_int_eq(at(g, "d1"), HEX_BLACK);
    ck_assert_int_eq(at(g, "d11"), HEX_BLACK);
    ck_assert_int_eq(at(g, "h9"), HEX_WHITE);
    ck_assert_int_eq(at(g, "a1"), HEX_EMPTY);
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    ck_assert_int_eq(g->first_to_move, HEX_BLACK);
    ck_assert_ptr_null(g->info.player_black);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(hexgui_game_with_white_first_loads_every_move)
{
    game_t *g = load_ok(hexgui_moves, -1);
    ck_assert_int_eq(g->pos.geo->width, 5);
    ck_assert_int_eq(g->nentries, 10);
    ck_assert_int_eq(g->entries[0].color, HEX_WHITE);
    ck_assert_int_eq(g->entries[0].move, cell(g, "a1"));
    ck_assert(!g->entries[0].setup);
    ck_assert_int_eq(g->entries[9].color, HEX_BLACK);
    ck_assert_int_eq(at(g, "a5"), HEX_BLACK);
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(hexgui_setup_values_on_following_lines_load)
{
    game_t *g = load_ok(hexgui_setup_newline, -1);
    ck_assert_int_eq(count_stones(g, HEX_BLACK), 10);
    ck_assert_int_eq(count_stones(g, HEX_WHITE), 9);
    ck_assert_int_eq(at(g, "a2"), HEX_BLACK);
    ck_assert_int_eq(at(g, "e9"), HEX_WHITE);
    /* No PL: after the last white stone Black is to move. */
    ck_assert_int_eq(game_to_move(g), HEX_BLACK);
    delete_game(g);
}
END_TEST

START_TEST(setup_node_then_pl_then_moves_load_in_order)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5];AB[a1]AW[b2][c2]PL[W]\n"
                        ";W[c3];B[d4];W[e5])", -1);
    ck_assert_int_eq(g->nentries, 6);
    ck_assert(g->entries[2].setup);
    ck_assert_int_eq(g->entries[2].to_move, HEX_WHITE);
    ck_assert(!g->entries[3].setup);
    ck_assert_int_eq(g->entries[3].move, cell(g, "c3"));
    ck_assert_int_eq(g->entries[3].color, HEX_WHITE);
    ck_assert_int_eq(game_to_move(g), HEX_BLACK);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(setup_in_a_later_node_after_moves_loads)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[6];B[a1];W[b1];AB[c1]AW[d1]PL[B]"
                        ";B[e1])", -1);
    ck_assert_int_eq(g->nentries, 5);
    ck_assert(!g->entries[1].setup);
    ck_assert(g->entries[2].setup && g->entries[3].setup);
    ck_assert_int_eq(g->entries[3].to_move, HEX_BLACK);
    ck_assert_int_eq(at(g, "e1"), HEX_BLACK);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(root_pl_white_with_no_stones_sets_first_to_move)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[4]PL[W])", -1);
    ck_assert_int_eq(g->nentries, 0);
    ck_assert_int_eq(g->first_to_move, HEX_WHITE);
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    char *text = sgf_write_text(g, APP);
    ck_assert_str_eq(text, "(;FF[4]GM[11]SZ[4]AP[hein:0.1.0]PL[W])\n");
    free(text);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(pl_accepts_colour_words_in_any_case)
{
    game_t *g = load_ok("(;GM[11]SZ[3]PL[ white ])", -1);
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    delete_game(g);
    g = load_ok("(;GM[11]SZ[3]PL[w];PL[Black])", -1);
    ck_assert_int_eq(game_to_move(g), HEX_BLACK);
    delete_game(g);
}
END_TEST

/* Every sample shipped beside the project, when it is there. */
START_TEST(shared_hexgui_sample_files_load_and_round_trip)
{
    const char *srcdir = getenv("srcdir");
    char dir[4096];
    static const char *const subdirs[] = { "puzzles", "vc", "inferior" };
    int loaded = 0;
    for (size_t k = 0; k < sizeof subdirs / sizeof subdirs[0]; k++) {
        snprintf(dir, sizeof dir, "%s/../../shared/regress-data/sgf/%s",
                 srcdir ? srcdir : ".", subdirs[k]);
        if (access(dir, R_OK) != 0)
            continue;
        DIR *d = opendir(dir);
        if (!d)
            continue;
        struct dirent *de;
        while ((de = readdir(d)) != NULL) {
            size_t n = strlen(de->d_name);
            if (n < 5 || strcmp(de->d_name + n - 4, ".sgf") != 0)
                continue;
            char path[8192], err[512];
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            game_t *g = new_game(11, 11);
            if (!sgf_load_file(g, path, -1, err, sizeof err))
                ck_abort_msg("%s: %s", path, err);
            ck_assert(position_is_consistent(&g->pos));
            check_round_trip(g);
            delete_game(g);
            loaded++;
        }
        closedir(d);
    }
    if (loaded == 0)
        fprintf(stderr, "note: no shared SGF samples found; skipped\n");
}
END_TEST

/* ---- sizes, cells, rectangles ---------------------------------------- */

START_TEST(size_w_h_makes_a_rectangular_board)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[7:5];AB[g1]AW[a5];B[g5])", -1);
    ck_assert_int_eq(g->pos.geo->width, 7);
    ck_assert_int_eq(g->pos.geo->height, 5);
    ck_assert_int_eq(at(g, "g1"), HEX_BLACK);
    ck_assert_int_eq(at(g, "a5"), HEX_WHITE);
    ck_assert_int_eq(at(g, "g5"), HEX_BLACK);
    char *text = sgf_write_text(g, APP);
    ck_assert_ptr_nonnull(strstr(text, "SZ[7:5]"));
    free(text);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(missing_size_means_11x11_and_square_w_h_is_fine)
{
    game_t *g = load_ok("(;FF[4]GM[11];B[k11])", -1);
    ck_assert_int_eq(g->pos.geo->width, 11);
    ck_assert_int_eq(g->pos.geo->height, 11);
    delete_game(g);
    g = load_ok("(;SZ[ 4:4 ])", -1);
    ck_assert_int_eq(g->pos.geo->width, 4);
    ck_assert_int_eq(g->pos.geo->height, 4);
    char *text = sgf_write_text(g, NULL);
    ck_assert_str_eq(text, "(;FF[4]GM[11]SZ[4])\n");
    free(text);
    delete_game(g);
}
END_TEST

START_TEST(setup_rectangle_a1_c2_covers_six_cells)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[7:5];AB[a1:c2]AW[e4:d5])", -1);
    ck_assert_int_eq(count_stones(g, HEX_BLACK), 6);
    static const char *const black[] = { "a1", "b1", "c1", "a2", "b2", "c2" };
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(at(g, black[i]), HEX_BLACK);
        /* Row by row, left to right. */
        ck_assert_int_eq(g->entries[i].move, cell(g, black[i]));
    }
    ck_assert_int_eq(at(g, "a3"), HEX_EMPTY);
    ck_assert_int_eq(at(g, "d1"), HEX_EMPTY);
    /* Corners in any order. */
    ck_assert_int_eq(count_stones(g, HEX_WHITE), 4);
    ck_assert_int_eq(at(g, "d4"), HEX_WHITE);
    ck_assert_int_eq(at(g, "e5"), HEX_WHITE);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(cell_names_are_case_insensitive)
{
    game_t *g = load_ok("(;GM[11]SZ[11];B[F6];W[ E7 ];AB[K11]AW[A1:B1])", -1);
    ck_assert_int_eq(at(g, "f6"), HEX_BLACK);
    ck_assert_int_eq(at(g, "e7"), HEX_WHITE);
    ck_assert_int_eq(at(g, "k11"), HEX_BLACK);
    ck_assert_int_eq(at(g, "b1"), HEX_WHITE);
    delete_game(g);
}
END_TEST

/* ---- special moves ---------------------------------------------------- */

START_TEST(every_swap_spelling_swaps_and_leaves_white_to_move)
{
    static const char *const spellings[] = {
        "swap-pieces", "swap", "SWAP", "Swap-Pieces", "SWAP-PIECES"
    };
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "(;FF[4]GM[11]SZ[11];B[f6];W[%s])",
                 spellings[i]);
        game_t *g = load_ok(text, -1);
        ck_assert_int_eq(g->nentries, 2);
        ck_assert_int_eq(g->entries[1].move, MOVE_SWAP);
        ck_assert_int_eq(g->entries[1].color, HEX_WHITE);
        ck_assert(g->pos.swapped);
        ck_assert_int_eq(count_stones(g, HEX_BLACK), 1);
        ck_assert_int_eq(count_stones(g, HEX_WHITE), 0);
        ck_assert_int_eq(at(g, "f6"), HEX_BLACK);
        ck_assert_int_eq(game_to_move(g), HEX_WHITE);
        char *out = sgf_write_text(g, APP);
        ck_assert_str_eq(out, "(;FF[4]GM[11]SZ[11]AP[hein:0.1.0]\n"
                         ";B[f6];W[swap-pieces])\n");
        free(out);
        check_round_trip(g);
        delete_game(g);
    }
}
END_TEST

START_TEST(white_moves_again_after_swap)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[11];B[f6];W[swap-pieces];W[e7];B[a1])",
                        -1);
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(at(g, "e7"), HEX_WHITE);
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(resign_ends_the_game_and_round_trips)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5]PB[alice]PW[bob]RE[B+Resign]"
                        ";B[c3];W[resign])", -1);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(g->entries[1].move, MOVE_RESIGN);
    ck_assert_int_eq(game_resigned(g), HEX_WHITE);
    ck_assert_int_eq(game_winner(g), HEX_BLACK);
    ck_assert_str_eq(g->info.result, "B+Resign");
    char *out = sgf_write_text(g, APP);
    ck_assert_str_eq(out, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]PB[alice]PW[bob]"
                     "RE[B+Resign]\n;B[c3];W[resign])\n");
    free(out);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

/* Play the moves (any colour order: "b1" Black, "W:a1" White). */
static void
play_moves(game_t *g, const char *const *moves, int n)
{
    for (int i = 0; i < n; i++) {
        bool white = strncmp(moves[i], "W:", 2) == 0;
        ck_assert_int_eq(game_play(g, white ? HEX_WHITE : HEX_BLACK,
                                   cell(g, moves[i] + (white ? 2 : 0)),
                                   false, -1), GAME_OK);
    }
}

static void
check_text(const game_t *g, const char *want)
{
    char *out = sgf_write_text(g, APP);
    ck_assert_ptr_nonnull(out);
    ck_assert_str_eq(out, want);
    free(out);
}

/* RE[B+] / RE[W+] for a win by connection, RE[B+Resign] / RE[W+Resign]
 * after a resignation, none while the game goes on. */
START_TEST(finished_games_write_the_result)
{
    static const char *const black[] = { "b1", "W:a1", "b2", "W:a2", "b3" };
    static const char *const white[] = { "W:a2", "b1", "W:b2", "a1", "W:c2" };
    game_t *g = new_game(3, 3);
    play_moves(g, black, 4);
    check_text(g, "(;FF[4]GM[11]SZ[3]AP[hein:0.1.0]\n"
               ";B[b1];W[a1];B[b2];W[a2])\n");
    play_moves(g, black + 4, 1);
    check_text(g, "(;FF[4]GM[11]SZ[3]AP[hein:0.1.0]RE[B+]\n"
               ";B[b1];W[a1];B[b2];W[a2];B[b3])\n");
    check_round_trip(g);
    /* Taken back, the game goes on: no result. */
    ck_assert_int_eq(game_undo(g), GAME_OK);
    check_text(g, "(;FF[4]GM[11]SZ[3]AP[hein:0.1.0]\n"
               ";B[b1];W[a1];B[b2];W[a2])\n");
    delete_game(g);

    g = new_game(3, 3);
    play_moves(g, white, 5);
    check_text(g, "(;FF[4]GM[11]SZ[3]AP[hein:0.1.0]RE[W+]\n"
               ";W[a2];B[b1];W[b2];B[a1];W[c2])\n");
    check_round_trip(g);
    delete_game(g);

    /* A resignation played as a move (HTP play, an SGF node). */
    g = new_game(5, 5);
    play_moves(g, black, 2);
    ck_assert_int_eq(game_play(g, HEX_WHITE, MOVE_RESIGN, false, -1), GAME_OK);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]RE[B+Resign]\n"
               ";B[b1];W[a1];W[resign])\n");
    check_round_trip(g);
    ck_assert_int_eq(game_undo(g), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, MOVE_RESIGN, false, -1), GAME_OK);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]RE[W+Resign]\n"
               ";B[b1];W[a1];B[resign])\n");
    check_round_trip(g);
    delete_game(g);
}
END_TEST

/* A resignation without an entry (genmove's answer) is written as RE
 * alone, and RE[..+Resign] with no resign node reads back as one. */
START_TEST(resignation_without_a_node_is_written_and_read_as_re)
{
    static const char *const moves[] = { "b1", "W:a1", "b2" };
    game_t *g = new_game(5, 5);
    play_moves(g, moves, 3);
    ck_assert_int_eq(game_resign(g, HEX_WHITE), GAME_OK);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]RE[B+Resign]\n"
               ";B[b1];W[a1];B[b2])\n");
    check_round_trip(g);
    delete_game(g);

    g = load_ok("(;FF[4]GM[11]SZ[5]RE[ w+r ];B[b1];W[a1];B[b2])", -1);
    ck_assert_int_eq(g->nentries, 3);
    ck_assert_int_eq(game_resigned(g), HEX_BLACK);
    ck_assert_int_eq(game_winner(g), HEX_WHITE);
    ck_assert_str_eq(g->info.result, " w+r ");
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]RE[ w+r ]\n"
               ";B[b1];W[a1];B[b2])\n");
    /* undo takes back b2 and the resignation, and the result with them. */
    ck_assert_int_eq(game_undo(g), GAME_OK);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(game_winner(g), HEX_EMPTY);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]\n;B[b1];W[a1])\n");
    delete_game(g);

    /* Loading part of the main line keeps neither the result nor the
     * resignation. */
    g = load_ok("(;FF[4]GM[11]SZ[5]RE[B+Resign];B[b1];W[a1];B[b2])", 2);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(game_resigned(g), HEX_EMPTY);
    ck_assert_ptr_null(g->info.result);
    delete_game(g);

    /* A resign node is the resignation: RE adds none. */
    g = load_ok("(;FF[4]GM[11]SZ[5]RE[B+R];B[b1];W[resign])", -1);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(g->resigned, HEX_EMPTY);
    ck_assert_int_eq(game_resigned(g), HEX_WHITE);
    delete_game(g);

    /* A result the record contradicts: White's resignation is refused
     * once White has connected, and the record's own result is written. */
    g = load_ok("(;FF[4]GM[11]SZ[3]RE[B+Resign];W[a2];B[b1];W[b2];B[a1];W[c2])",
                -1);
    ck_assert_int_eq(game_resigned(g), HEX_EMPTY);
    ck_assert_int_eq(game_winner(g), HEX_WHITE);
    check_text(g, "(;FF[4]GM[11]SZ[3]AP[hein:0.1.0]RE[W+]\n"
               ";W[a2];B[b1];W[b2];B[a1];W[c2])\n");
    delete_game(g);

    /* A result the record cannot show (time, forfeit) is kept. */
    g = load_ok("(;FF[4]GM[11]SZ[5]RE[W+Time];B[b1])", -1);
    ck_assert_int_eq(game_winner(g), HEX_EMPTY);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]RE[W+Time]\n;B[b1])\n");
    delete_game(g);
}
END_TEST

/* HexGui plays on from a resign node: a stone after it loads, and the
 * resignation stays in the record as the node it is. */
START_TEST(moves_after_a_resign_node_go_on_with_the_game)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5];B[a1];W[resign];B[b2];AW[c3])", -1);
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(g->entries[1].move, MOVE_RESIGN);
    ck_assert_int_eq(game_resigned(g), HEX_EMPTY);
    ck_assert_int_eq(game_winner(g), HEX_EMPTY);
    check_text(g, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]\n"
               ";B[a1];W[resign];B[b2];AW[c3])\n");
    check_round_trip(g);
    delete_game(g);
}
END_TEST

/* ---- main line, limits, variations ----------------------------------- */

static const char limited[] =
    "(;FF[4]GM[11]SZ[5];AB[a1];B[b2];W[c3];AB[d4];B[e5];W[a5];B[b5])";

START_TEST(max_moves_zero_loads_only_the_setup_before_the_first_move)
{
    game_t *g = load_ok(limited, 0);
    ck_assert_int_eq(g->nentries, 1);
    ck_assert(g->entries[0].setup);
    delete_game(g);
}
END_TEST

START_TEST(max_moves_counts_moves_but_not_setup_stones)
{
    game_t *g = load_ok(limited, 2);
    /* a1 (set-up), b2, c3, then d4 (set-up, before move 3) */
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(at(g, "d4"), HEX_BLACK);
    ck_assert_int_eq(at(g, "e5"), HEX_EMPTY);
    delete_game(g);
    g = load_ok(limited, 3);
    ck_assert_int_eq(g->nentries, 5);
    ck_assert_int_eq(at(g, "e5"), HEX_BLACK);
    delete_game(g);
}
END_TEST

START_TEST(max_moves_negative_or_large_loads_everything)
{
    game_t *g = load_ok(limited, -1);
    ck_assert_int_eq(g->nentries, 7);
    delete_game(g);
    g = load_ok(limited, 1000);
    ck_assert_int_eq(g->nentries, 7);
    delete_game(g);
}
END_TEST

START_TEST(max_moves_still_checks_the_syntax_of_the_rest)
{
    game_t *g = new_game(5, 5);
    char err[256];
    ck_assert(!load(g, "(;SZ[5];B[a1];W[b2];B[c3", 1, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "sgf:"));
    delete_game(g);
}
END_TEST

START_TEST(variations_are_skipped_and_the_first_child_is_followed)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5];B[a1]\n"
                        "(;W[b2];B[c3](;W[d4])(;W[e5];B[e4]))\n"
                        "(;W[e1];B[e2](;W[e3]))\n"
                        "(;W[b1]))", -1);
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(at(g, "d4"), HEX_WHITE);
    ck_assert_int_eq(at(g, "e5"), HEX_EMPTY);
    ck_assert_int_eq(at(g, "e1"), HEX_EMPTY);
    ck_assert_int_eq(at(g, "b1"), HEX_EMPTY);
    delete_game(g);
}
END_TEST

START_TEST(illegal_moves_in_skipped_variations_do_not_matter)
{
    game_t *g = load_ok("(;SZ[3];B[a1](;W[b1])(;W[a1];W[zz9];GM[1]))", -1);
    ck_assert_int_eq(g->nentries, 2);
    delete_game(g);
}
END_TEST

START_TEST(only_the_first_game_tree_is_loaded)
{
    game_t *g = load_ok("(;GM[11]SZ[5];B[a1])\n(;GM[11]SZ[7];B[b2])garbage", -1);
    ck_assert_int_eq(g->pos.geo->width, 5);
    ck_assert_int_eq(g->nentries, 1);
    delete_game(g);
}
END_TEST

/* ---- syntax ------------------------------------------------------------ */

START_TEST(escapes_and_soft_line_breaks_in_values_are_resolved)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5]PB[a\\]b]PW[x\\\\y\\z]"
                        "C[one\\\ntwo\\\r\nthree\nfour]RE[W+]"
                        ";B[c\\\n3])", -1);
    ck_assert_str_eq(g->info.player_black, "a]b");
    ck_assert_str_eq(g->info.player_white, "x\\yz");
    ck_assert_str_eq(g->info.comment, "onetwothree\nfour");
    ck_assert_str_eq(g->info.result, "W+");
    ck_assert_int_eq(at(g, "c3"), HEX_BLACK);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(whitespace_between_tokens_is_allowed)
{
    game_t *g = load_ok("\xef\xbb\xbf \r\n ( \t; FF [4]\n GM\n[11] SZ [5]"
                        " ;\n B [a1] \r\n ; W[b2]\n ) \n", -1);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(at(g, "b2"), HEX_WHITE);
    delete_game(g);
}
END_TEST

START_TEST(old_style_lowercase_property_names_are_read)
{
    game_t *g = load_ok("(;FF[3]GaMe[11]SiZe[5]PlayerBlack[x]"
                        ";AddBlack[a1]AddWhite[b2][c2]PLayer[B];Black[c3])", -1);
    ck_assert_int_eq(g->pos.geo->width, 5);
    ck_assert_str_eq(g->info.player_black, "x");
    ck_assert_int_eq(at(g, "a1"), HEX_BLACK);
    ck_assert_int_eq(at(g, "c2"), HEX_WHITE);
    ck_assert_int_eq(at(g, "c3"), HEX_BLACK);
    delete_game(g);
}
END_TEST

START_TEST(unknown_properties_and_root_only_comment_are_handled)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5]AP[Other:1]CA[UTF-8]XY[1][2]C[root]"
                        ";B[a1]C[not kept]N[name]BL[30])", -1);
    ck_assert_str_eq(g->info.comment, "root");
    ck_assert_int_eq(g->nentries, 1);
    delete_game(g);
}
END_TEST

START_TEST(ae_removes_an_earlier_setup_stone_and_ignores_empty_cells)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[5];AB[a1][b2]AW[c3]PL[W];W[d4]"
                        ";AE[a1][e5];B[e1])", -1);
    ck_assert_int_eq(at(g, "a1"), HEX_EMPTY);
    ck_assert_int_eq(g->nentries, 4);
    ck_assert_int_eq(g->entries[0].move, cell(g, "b2"));
    /* The side to move that PL gave survives the replay. */
    ck_assert_int_eq(g->entries[1].to_move, HEX_WHITE);
    ck_assert_int_eq(at(g, "e1"), HEX_BLACK);
    ck_assert(position_is_consistent(&g->pos));
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(ae_removes_a_played_move_from_the_record)
{
    game_t *g = load_ok("(;SZ[5];B[a1];W[b2];AE[a1];B[c3])", -1);
    ck_assert_int_eq(at(g, "a1"), HEX_EMPTY);
    ck_assert_int_eq(g->nentries, 2);
    ck_assert_int_eq(g->entries[0].move, cell(g, "b2"));
    ck_assert_int_eq(g->entries[1].move, cell(g, "c3"));
    ck_assert_int_eq(game_to_move(g), HEX_WHITE);
    ck_assert(position_is_consistent(&g->pos));
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(ae_and_ab_in_one_node_replace_a_stone)
{
    game_t *g = load_ok("(;SZ[4];AB[a1:b2];AE[a1:a2]AW[a1])", -1);
    ck_assert_int_eq(at(g, "a1"), HEX_WHITE);
    ck_assert_int_eq(at(g, "a2"), HEX_EMPTY);
    ck_assert_int_eq(at(g, "b2"), HEX_BLACK);
    ck_assert_int_eq(g->nentries, 3);
    delete_game(g);
}
END_TEST

/* ---- malformed input leaves the game as it was ----------------------- */

typedef struct bad_case {
    const char *name;
    const char *text;
    const char *message;        /* part of the expected error */
} bad_case_t;

static const bad_case_t bad_cases[] = {
    { "empty input", "", "end of file" },
    { "blanks only", "  \n ", "end of file" },
    { "missing (", ";FF[4]GM[11]SZ[5];B[a1])", "expected '('" },
    { "missing ; after (", "(FF[4])", "expected ';'" },
    { "unterminated value", "(;FF[4]GM[11]SZ[5];B[a1", "unterminated" },
    { "escape at the end", "(;C[abc\\", "unterminated" },
    { "unexpected end of file", "(;FF[4]GM[11]SZ[5];B[a1]", "end of file" },
    { "unclosed variation", "(;SZ[5];B[a1](;W[b1])", "end of file" },
    { "GM 1", "(;FF[4]GM[1]SZ[19])", "not a Hex game" },
    { "GM empty", "(;GM[]SZ[5])", "not a Hex game" },
    { "SZ 0", "(;FF[4]GM[11]SZ[0])", "line 1: bad board size" },
    { "SZ 20", "(;FF[4]GM[11]SZ[20])", "bad board size" },
    { "SZ a", "(;FF[4]GM[11]SZ[a])", "bad board size" },
    { "SZ 5:0", "(;SZ[5:0])", "bad board size" },
    { "SZ 5:", "(;SZ[5:])", "bad board size" },
    { "SZ leading zero", "(;SZ[05])", "bad board size" },
    { "occupied cell", "(;FF[4]GM[11]SZ[5]\n;B[a1]\n;W[b2]\n;B[a1])",
      "line 4: occupied cell a1 in B[a1]" },
    { "occupied set-up cell", "(;SZ[5];AB[a1:b2];AW[b2])", "occupied cell b2" },
    { "off-board cell", "(;FF[4]GM[11]SZ[5];B[f1])", "off-board cell" },
    { "off-board row", "(;SZ[7:5];B[a6])", "off-board cell" },
    { "off-board set-up", "(;SZ[5];AB[a1:f1])", "off-board cell f1" },
    { "bad move", "(;SZ[5];B[1a])", "bad move in B[1a]" },
    { "empty move", "(;SZ[5];B[])", "empty move" },
    { "bad set-up cell", "(;SZ[5];AB[swap])", "bad cell" },
    { "bad PL", "(;SZ[5]PL[X])", "bad colour" },
    { "swap at move 3", "(;SZ[5];B[a1];W[b1];B[swap-pieces])", "swap" },
    { "swap by white at move 3", "(;SZ[5];B[a1];W[b1];W[swap])", "swap" },
    { "swap as the first move", "(;SZ[5];W[swap])", "swap" },
    { "swap by black", "(;SZ[5];B[a1];B[swap])", "swap" },
    { "resign after resign", "(;SZ[5];B[a1];W[resign];B[resign])",
      "resignation when the game is already decided in B[resign]" },
    { "resign by the connected colour",
      "(;SZ[3];B[b1];W[a1];B[b2];W[a2];B[b3];B[resign])", "already decided" },
    { "two moves in a node", "(;SZ[5];B[a1]W[b2])", "more than one move" },
    { "two values for a move", "(;SZ[5];B[a1][b2])", "more than one move" },
    { "property without value", "(;SZ[5];B)", "without a value" },
    { "lowercase-only name", "(;sz[5])", "capital" },
    { "node after a variation", "(;SZ[5](;B[a1]);W[b2])", "node after a variation" },
    { "stray character", "(;SZ[5];B[a1]1)", "unexpected '1'" },
    { "NUL in a move", "(;SZ[5];B[a1\\\0])", "NUL" },
    { "AE of a stone a swap depends on",
      "(;SZ[5];AB[a1];W[swap];AE[a1])", "cannot remove" },
};

/* A game in a state worth preserving: 7x7, a few moves, White to move. */
static game_t *
nontrivial_game(void)
{
    game_t *g = load_ok("(;FF[4]GM[11]SZ[7]PB[keep];B[d4];W[swap];W[c3];AB[a1])",
                        -1);
    ck_assert_int_eq(g->nentries, 4);
    return g;
}

static void
check_refused(const char *name, const char *text, size_t len,
              const char *message)
{
    game_t *g = nontrivial_game();
    uint64_t hash = g->pos.hash;
    int n = g->nentries, w = g->pos.geo->width;
    hex_color_t to_move = game_to_move(g);
    char err[256] = "";
    bool ok = sgf_load_text(g, text, len, -1, err, sizeof err);
    if (ok)
        ck_abort_msg("%s: loaded, but should fail", name);
    if (strncmp(err, "sgf: ", 5) != 0 || !strstr(err, message))
        ck_abort_msg("%s: message '%s' lacks '%s'", name, err, message);
    if (strchr(err, '\n'))
        ck_abort_msg("%s: message '%s' is not one line", name, err);
    ck_assert_int_eq(g->pos.hash, hash);
    ck_assert_int_eq(g->nentries, n);
    ck_assert_int_eq(g->pos.geo->width, w);
    ck_assert_int_eq(game_to_move(g), to_move);
    ck_assert_str_eq(g->info.player_black, "keep");
    delete_game(g);
}

START_TEST(malformed_input_fails_with_a_message_and_leaves_the_game)
{
    const bad_case_t *c = &bad_cases[_i];
    size_t len = strlen(c->text);
    if (strcmp(c->name, "NUL in a move") == 0)
        len = sizeof "(;SZ[5];B[a1\\\0])" - 1;
    check_refused(c->name, c->text, len, c->message);
}
END_TEST

START_TEST(deep_nesting_of_100000_variations_fails_cleanly)
{
    size_t n = 100000;
    char *text = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++)
        memcpy(text + 2 * i, "(;", 2);
    text[2 * n] = '\0';
    check_refused("deep nesting", text, 2 * n, "nested deeper");
    /* Bare parentheses. */
    memset(text, '(', n);
    check_refused("bare parentheses", text, n, "expected ';'");
    /* Closed nesting, just deep. */
    size_t k = 0;
    for (size_t i = 0; i < 20000; i++) {
        text[k++] = '(';
        text[k++] = ';';
    }
    for (size_t i = 0; i < 20000; i++)
        text[k++] = ')';
    check_refused("closed deep nesting", text, k, "nested deeper");
    free(text);
}
END_TEST

START_TEST(moderate_nesting_within_the_limit_loads)
{
    size_t n = 5000, k = 0;
    char *text = malloc(4 * n + 64);
    k += (size_t)sprintf(text, "(;SZ[5]");
    for (size_t i = 0; i < n; i++) {
        memcpy(text + k, "(;", 2);
        k += 2;
    }
    memset(text + k, ')', n + 1);
    k += n + 1;
    game_t *g = new_game(5, 5);
    char err[256];
    ck_assert_msg(sgf_load_text(g, text, k, -1, err, sizeof err), "%s", err);
    delete_game(g);
    free(text);
}
END_TEST

START_TEST(huge_input_is_refused)
{
    size_t n = (size_t)17 << 20;
    char *text = malloc(n);
    memset(text, ' ', n);
    memcpy(text, "(;SZ[5]", 7);
    check_refused("huge input", text, n, "larger than");
    /* A huge value inside a file of acceptable size. */
    size_t m = (size_t)2 << 20;
    memcpy(text, "(;C[", 4);
    memset(text + 4, 'x', m);
    memcpy(text + 4 + m, "])", 2);
    check_refused("huge value", text, m + 6, "longer than");
    free(text);
}
END_TEST

START_TEST(many_setup_removals_are_bounded)
{
    /* A file of 4 MB that asks for very many set-up changes. */
    size_t reps = 400000, k = 0;
    const char *rect = "AE[a1:s19]";
    char *text = malloc(reps * strlen(rect) + 64);
    k += (size_t)sprintf(text, "(;SZ[19];");
    for (size_t i = 0; i < reps; i++) {
        memcpy(text + k, rect, strlen(rect));
        k += strlen(rect);
    }
    text[k++] = ')';
    check_refused("set-up work", text, k, "too many");
    free(text);
}
END_TEST

START_TEST(many_empty_nodes_and_skipped_variations_load_in_linear_time)
{
    size_t n = (size_t)2 << 20, k = 0;
    char *text = malloc(2 * n);
    k += (size_t)sprintf(text, "(;SZ[5];B[a1]");
    memset(text + k, ';', n / 2);
    k += n / 2;
    for (size_t i = 0; i < n / 16; i++) {
        memcpy(text + k, "(;W[b2]C[x])", 12);
        k += 12;
    }
    text[k++] = ')';
    game_t *g = new_game(5, 5);
    char err[256];
    ck_assert_msg(sgf_load_text(g, text, k, -1, err, sizeof err), "%s", err);
    ck_assert_int_eq(g->nentries, 2);
    delete_game(g);
    free(text);
}
END_TEST

/* ---- writing ------------------------------------------------------------ */

START_TEST(write_groups_setup_stones_and_adds_pl_only_when_needed)
{
    game_t *g = new_game(11, 11);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "a1"), true, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "b2"), true, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "c3"), true, -1), GAME_OK);
    game_set_to_move(g, HEX_WHITE);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "f6"), false, 1.5), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "e7"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "d4"), true, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "d5"), true, -1), GAME_OK);
    char *text = sgf_write_text(g, APP);
    ck_assert_str_eq(text,
                     "(;FF[4]GM[11]SZ[11]AP[hein:0.1.0]\n"
                     ";AB[a1][b2]AW[c3]PL[W]\n"
                     ";W[f6];B[e7];AW[d4]\n"
                     ";AB[d5])\n");
    free(text);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(write_adds_a_pl_node_when_the_side_to_move_was_set_after_a_move)
{
    game_t *g = new_game(5, 5);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "c3"), false, -1), GAME_OK);
    game_set_to_move(g, HEX_BLACK);
    char *text = sgf_write_text(g, APP);
    ck_assert_str_eq(text, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]\n;B[c3];PL[B])\n");
    free(text);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

START_TEST(write_escapes_brackets_and_backslashes_in_information)
{
    game_t *g = new_game(5, 5);
    ck_assert(game_set_info(&g->info.player_black, "A]B"));
    ck_assert(game_set_info(&g->info.player_white, "C\\D"));
    ck_assert(game_set_info(&g->info.comment, "line 1\nline 2\\"));
    char *text = sgf_write_text(g, "x]y");
    ck_assert_str_eq(text, "(;FF[4]GM[11]SZ[5]AP[x\\]y]PB[A\\]B]PW[C\\\\D]"
                     "C[line 1\nline 2\\\\])\n");
    free(text);
    check_round_trip(g);
    delete_game(g);
}
END_TEST

/* Notes on moves: labels before the comment, escaped; none on set-up
 * stones (they share a node), none for a label off the board; the game
 * reads back the same, the comments and labels past the root skipped. */
START_TEST(annotated_write_puts_labels_and_comments_on_move_nodes)
{
    game_t *g = new_game(5, 5);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "a1"), true, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "c3"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "b2"), false, -1), GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "d2"), false, -1), GAME_OK);
    sgf_note_t notes[4] = {
        { .comment = "not written", .nlabels = 1, .label_cell = { cell(g, "e5") },
          .label_text = { "x" } },
        { .comment = "Move 1: c3\nbest]", .nlabels = 2,
          .label_cell = { cell(g, "c3"), cell(g, "d4") }, .label_text = { "best", "a:b" } },
        { .comment = "" },
        { .nlabels = 1, .label_cell = { MOVE_SWAP }, .label_text = { "off" } },
    };
    char *text = sgf_write_annotated(g, APP, notes);
    ck_assert_str_eq(text, "(;FF[4]GM[11]SZ[5]AP[hein:0.1.0]\n;AB[a1]\n"
                     ";B[c3]LB[c3:best][d4:a\\:b]C[Move 1: c3\nbest\\]];W[b2];B[d2])\n");
    game_t *back = load_ok(text, -1);
    char *again = sgf_write_text(back, APP);
    char *plain = sgf_write_text(g, APP);
    ck_assert_str_eq(again, plain);
    ck_assert_ptr_null(strstr(plain, "C[Move"));
    free(again);
    free(plain);
    free(text);
    delete_game(back);
    delete_game(g);
}
END_TEST

START_TEST(time_left_is_written_as_bl_wl_and_read_back)
{
    game_t *g = new_game(5, 5);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "c3"), false, 1.25),
                     GAME_OK);
    game_set_time_left(g, 58.75);
    ck_assert_int_eq(game_play(g, HEX_WHITE, MOVE_SWAP, false, 0.5), GAME_OK);
    game_set_time_left(g, 0);
    ck_assert_int_eq(game_play(g, HEX_WHITE, cell(g, "b2"), false, -1),
                     GAME_OK);
    ck_assert_int_eq(game_play(g, HEX_BLACK, cell(g, "d2"), false, 2),
                     GAME_OK);
    game_set_time_left(g, 12.3456);
    ck_assert_int_eq(game_play(g, HEX_WHITE, MOVE_RESIGN, false, 1), GAME_OK);
    game_set_time_left(g, 3);
    char *text = sgf_write_text(g, APP);
    ck_assert_ptr_nonnull(text);
    if (!strstr(text, ";B[c3]BL[58.75];W[swap-pieces]WL[0];W[b2];"
                "B[d2]BL[12.346];W[resign]WL[3])"))
        ck_abort_msg("unexpected SGF:\n%s", text);
    free(text);
    check_round_trip(g);
    delete_game(g);

    /* Read: the mover's property only; other spellings of numbers. */
    g = load_ok("(;FF[4]GM[11]SZ[5];B[a1]BL[ 7 ]WL[9];W[b1]WL[1e1]"
                ";B[c1]BL[-2];W[d1])", -1);
    ck_assert(fabs(g->entries[0].time_left - 7) < 1e-9);
    ck_assert(fabs(g->entries[1].time_left - 10) < 1e-9);
    ck_assert(fabs(g->entries[2].time_left - 0) < 1e-9);
    ck_assert(g->entries[3].time_left < 0);
    delete_game(g);

    g = new_game(5, 5);
    char err[256];
    ck_assert(!load(g, "(;FF[4]GM[11]SZ[5];B[a1]BL[soon])", -1, err,
                    sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "bad time in BL[soon]"));
    ck_assert_int_eq(g->nentries, 0);
    delete_game(g);
}
END_TEST

START_TEST(save_and_load_file_round_trip)
{
    game_t *g = load_ok(hexgui_moves, -1);
    char path[] = "/tmp/test_sgf_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    char err[512];
    ck_assert_msg(sgf_save_file(g, APP, path, err, sizeof err), "%s", err);
    game_t *back = new_game(3, 3);
    ck_assert_msg(sgf_load_file(back, path, -1, err, sizeof err), "%s", err);
    char why[128];
    ck_assert_msg(same_game(g, back, why, sizeof why), "%s", why);
    /* Too large a file is refused without reading it all. */
    ck_assert_int_eq(truncate(path, (off_t)40 << 20), 0);
    ck_assert(!sgf_load_file(back, path, -1, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "larger than"));
    ck_assert_int_eq(back->nentries, 10);
    unlink(path);
    delete_game(back);
    delete_game(g);
}
END_TEST

START_TEST(file_errors_name_the_file_and_the_reason)
{
    game_t *g = new_game(5, 5);
    char err[512];
    ck_assert(!sgf_load_file(g, "/nonexistent/dir/x.sgf", -1, err, sizeof err));
    ck_assert_str_eq(err, "cannot open /nonexistent/dir/x.sgf: "
                     "No such file or directory");
    ck_assert(!sgf_save_file(g, APP, "/nonexistent/dir/x.sgf", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "cannot open /nonexistent/dir/x.sgf: "));
    delete_game(g);
}
END_TEST

START_TEST(error_text_is_truncated_to_the_buffer)
{
    game_t *g = new_game(5, 5);
    char err[12];
    ck_assert(!sgf_load_text(g, "(;GM[1])", 8, -1, err, sizeof err));
    ck_assert_int_eq(strlen(err), sizeof err - 1);
    ck_assert(!sgf_load_text(g, "(;GM[1])", 8, -1, NULL, 0));
    delete_game(g);
}
END_TEST

/* ---- random round trips --------------------------------------------------- */

static const char *const info_samples[] = {
    NULL, "plain", "with ] bracket", "back\\slash\\", "two\nlines",
    "tabs\tand\r\nCRLF", "[]\\]\\", "W+Resign", "B+", "b+r",
};

static int
random_empty_cell(const game_t *g, rng_t *rng)
{
    bitset_t empty = position_empty_cells(&g->pos);
    int n = bitset_count(&empty);
    if (n == 0)
        return -1;
    return bitset_nth(&empty, (int)rng_below(rng, (uint32_t)n));
}

/* A random game: any size, random set-up (sometimes in several groups),
 * PL changes, moves, a swap when it is legal, sometimes a resignation. */
static game_t *
random_game(rng_t *rng)
{
    int w = 1 + (int)rng_below(rng, HEX_MAX_SIZE);
    int h = rng_below(rng, 2) ? w : 1 + (int)rng_below(rng, HEX_MAX_SIZE);
    game_t *g = new_game(w, h);
    if (rng_below(rng, 6) == 0)
        game_set_to_move(g, HEX_WHITE);
    int steps = (int)rng_below(rng, (uint32_t)(w * h + 5));
    for (int s = 0; s < steps; s++) {
        uint32_t kind = rng_below(rng, 20);
        if (kind == 0) {
            game_set_to_move(g, (hex_color_t)rng_below(rng, 2));
            continue;
        }
        if (position_swap_available(&g->pos) && rng_below(rng, 3) == 0) {
            ck_assert_int_eq(game_play(g, HEX_WHITE, MOVE_SWAP, false, -1),
                             GAME_OK);
            continue;
        }
        int c = random_empty_cell(g, rng);
        if (c < 0)
            break;
        bool setup = kind < 6;
        hex_color_t col = setup || kind == 6 ? (hex_color_t)rng_below(rng, 2)
                                             : game_to_move(g);
        ck_assert_int_eq(game_play(g, col, c, setup, -1), GAME_OK);
        if (!setup && rng_below(rng, 2))
            game_set_time_left(g, (double)rng_below(rng, 100000) / 7.0);
    }
    /* A resignation played (an entry) or answered (none), by a colour
     * that has not connected. */
    hex_color_t loser = g->pos.winner != HEX_EMPTY ? hex_color_other(g->pos.winner)
                                                   : (hex_color_t)rng_below(rng, 2);
    uint32_t end = rng_below(rng, 10);
    if (end < 2)
        ck_assert_int_eq(game_play(g, loser, MOVE_RESIGN, false, -1), GAME_OK);
    else if (end < 4)
        ck_assert_int_eq(game_resign(g, loser), GAME_OK);
    /* Set last: a change to the record drops the result. */
    char **fields[] = { &g->info.player_black, &g->info.player_white,
                        &g->info.result, &g->info.comment };
    for (int i = 0; i < 4; i++) {
        const char *s = info_samples[rng_below(rng, 10)];
        ck_assert(game_set_info(fields[i], s));
    }
    return g;
}

START_TEST(random_games_survive_write_and_read)
{
    rng_t rng;
    rng_seed(&rng, 20240601);
    int swaps = 0, resigns = 0, answered = 0, setups = 0;
    for (int round = 0; round < 600; round++) {
        game_t *g = random_game(&rng);
        for (int i = 0; i < g->nentries; i++) {
            swaps += g->entries[i].move == MOVE_SWAP;
            resigns += g->entries[i].move == MOVE_RESIGN;
            setups += g->entries[i].setup;
        }
        answered += g->resigned != HEX_EMPTY;
        check_round_trip(g);
        delete_game(g);
    }
    /* The generator did exercise every kind of entry. */
    ck_assert_int_gt(swaps, 10);
    ck_assert_int_gt(resigns, 10);
    ck_assert_int_gt(answered, 10);
    ck_assert_int_gt(setups, 100);
}
END_TEST

START_TEST(random_games_load_up_to_max_moves)
{
    rng_t rng;
    rng_seed(&rng, 77);
    for (int round = 0; round < 200; round++) {
        game_t *g = random_game(&rng);
        char *text = sgf_write_text(g, APP);
        int moves = 0;
        for (int i = 0; i < g->nentries; i++)
            moves += !g->entries[i].setup;
        int limit = (int)rng_below(&rng, (uint32_t)moves + 1);
        game_t *part = new_game(5, 5);
        char err[256];
        ck_assert_msg(load(part, text, limit, err, sizeof err), "%s", err);
        int got = 0;
        for (int i = 0; i < part->nentries; i++) {
            got += !part->entries[i].setup;
            const game_entry_t *x = &g->entries[i], *y = &part->entries[i];
            ck_assert(x->move == y->move && x->color == y->color);
        }
        if (got != limit) {
            dump(g, "wrong number of moves loaded:");
            ck_abort_msg("limit %d, loaded %d", limit, got);
        }
        free(text);
        delete_game(part);
        delete_game(g);
    }
}
END_TEST

static Suite *
sgf_suite(void)
{
    Suite *s = suite_create("sgf");
    TCase *t = tcase_create("read");
    tcase_add_test(t, hexgui_setup_node_with_pl_loads_stones_and_side_to_move);
    tcase_add_test(t, hexgui_game_with_white_first_loads_every_move);
    tcase_add_test(t, hexgui_setup_values_on_following_lines_load);
    tcase_add_test(t, setup_node_then_pl_then_moves_load_in_order);
    tcase_add_test(t, setup_in_a_later_node_after_moves_loads);
    tcase_add_test(t, root_pl_white_with_no_stones_sets_first_to_move);
    tcase_add_test(t, pl_accepts_colour_words_in_any_case);
    tcase_add_test(t, shared_hexgui_sample_files_load_and_round_trip);
    tcase_add_test(t, size_w_h_makes_a_rectangular_board);
    tcase_add_test(t, missing_size_means_11x11_and_square_w_h_is_fine);
    tcase_add_test(t, setup_rectangle_a1_c2_covers_six_cells);
    tcase_add_test(t, cell_names_are_case_insensitive);
    tcase_add_test(t, every_swap_spelling_swaps_and_leaves_white_to_move);
    tcase_add_test(t, white_moves_again_after_swap);
    tcase_add_test(t, resign_ends_the_game_and_round_trips);
    tcase_add_test(t, finished_games_write_the_result);
    tcase_add_test(t, resignation_without_a_node_is_written_and_read_as_re);
    tcase_add_test(t, moves_after_a_resign_node_go_on_with_the_game);
    tcase_add_test(t, max_moves_zero_loads_only_the_setup_before_the_first_move);
    tcase_add_test(t, max_moves_counts_moves_but_not_setup_stones);
    tcase_add_test(t, max_moves_negative_or_large_loads_everything);
    tcase_add_test(t, max_moves_still_checks_the_syntax_of_the_rest);
    tcase_add_test(t, variations_are_skipped_and_the_first_child_is_followed);
    tcase_add_test(t, illegal_moves_in_skipped_variations_do_not_matter);
    tcase_add_test(t, only_the_first_game_tree_is_loaded);
    tcase_add_test(t, escapes_and_soft_line_breaks_in_values_are_resolved);
    tcase_add_test(t, whitespace_between_tokens_is_allowed);
    tcase_add_test(t, old_style_lowercase_property_names_are_read);
    tcase_add_test(t, unknown_properties_and_root_only_comment_are_handled);
    tcase_add_test(t, ae_removes_an_earlier_setup_stone_and_ignores_empty_cells);
    tcase_add_test(t, ae_removes_a_played_move_from_the_record);
    tcase_add_test(t, ae_and_ab_in_one_node_replace_a_stone);
    suite_add_tcase(s, t);

    t = tcase_create("refuse");
    tcase_set_timeout(t, 60);
    tcase_add_loop_test(t, malformed_input_fails_with_a_message_and_leaves_the_game,
                        0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(t, deep_nesting_of_100000_variations_fails_cleanly);
    tcase_add_test(t, moderate_nesting_within_the_limit_loads);
    tcase_add_test(t, huge_input_is_refused);
    tcase_add_test(t, many_setup_removals_are_bounded);
    tcase_add_test(t, many_empty_nodes_and_skipped_variations_load_in_linear_time);
    suite_add_tcase(s, t);

    t = tcase_create("write");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, write_groups_setup_stones_and_adds_pl_only_when_needed);
    tcase_add_test(t, write_adds_a_pl_node_when_the_side_to_move_was_set_after_a_move);
    tcase_add_test(t, write_escapes_brackets_and_backslashes_in_information);
    tcase_add_test(t, annotated_write_puts_labels_and_comments_on_move_nodes);
    tcase_add_test(t, time_left_is_written_as_bl_wl_and_read_back);
    tcase_add_test(t, save_and_load_file_round_trip);
    tcase_add_test(t, file_errors_name_the_file_and_the_reason);
    tcase_add_test(t, error_text_is_truncated_to_the_buffer);
    tcase_add_test(t, random_games_survive_write_and_read);
    tcase_add_test(t, random_games_load_up_to_max_moves);
    suite_add_tcase(s, t);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(sgf_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
