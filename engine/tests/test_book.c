/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for engine/book: a good file read (comments, both modes, a
 * rectangular size), malformed files refused whole with the line that
 * broke them, a missing file, the lookup on an empty board for either
 * colour, the shipped book, genmove playing the book's move only when
 * param_game book is on, and a broken book at start-up. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/book.h"
#include "engine/engine.h"
#include "engine/params.h"

/* `text` written to a fresh temporary file; its path into path. */
static void
write_book(char *path, const char *text)
{
    strcpy(path, "/tmp/hein-book-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_ge(fputs(text, f), 0);
    ck_assert_int_eq(fclose(f), 0);
}

static int
cell_of(int width, int height, const char *name)
{
    geometry_t *g = geometry_new(width, height);
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    geometry_unref(g);
    return m;
}

START_TEST(good_file_is_read)
{
    char path[64], err[256];
    write_book(path, "# a comment\n\nhein-book 1   # the version\n"
               "7x7 swap g3  # figures\n7x7 noswap d4\n  11x11 swap a10\n3x5 noswap b2\n");
    book_t b;
    ck_assert_msg(book_read(&b, path, err, sizeof err), "%s", err);
    unlink(path);
    ck_assert_int_eq(b.move[6][6][1], cell_of(7, 7, "g3"));
    ck_assert_int_eq(b.move[6][6][0], cell_of(7, 7, "d4"));
    ck_assert_int_eq(b.move[10][10][1], cell_of(11, 11, "a10"));
    ck_assert_int_eq(b.move[10][10][0], -1);
    ck_assert_int_eq(b.move[2][4][0], cell_of(3, 5, "b2"));
    ck_assert_int_eq(b.move[4][2][0], -1);
}
END_TEST

/* A malformed file: refused whole, its line named in the message. */
static void
refused(const char *text, const char *where, const char *what)
{
    char path[64], err[256];
    write_book(path, text);
    book_t b;
    bool ok = book_read(&b, path, err, sizeof err);
    unlink(path);
    ck_assert_msg(!ok, "accepted: %s", text);
    char expect[128];
    snprintf(expect, sizeof expect, "%s%s", path, where);
    ck_assert_msg(strncmp(err, expect, strlen(expect)) == 0, "%s, not %s", err, expect);
    ck_assert_msg(strstr(err, what) != NULL, "%s lacks %s", err, what);
    for (int w = 0; w < HEX_MAX_SIZE; w++)
        for (int h = 0; h < HEX_MAX_SIZE; h++)
            ck_assert(b.move[w][h][0] == -1 && b.move[w][h][1] == -1);
}

START_TEST(malformed_files_are_refused_with_their_line)
{
    refused("7x7 swap g3\n", ":1:", "version line");
    refused("# c\nhein-book 2\n7x7 swap g3\n", ":2:", "version 2");
    refused("hein-book one\n", ":1:", "version line");
    refused("hein-book 1\n7x7 swap g3\n7x7 swop d4\n", ":3:", "swop is not swap or noswap");
    refused("hein-book 1\n7x7 swap h3\n", ":2:", "h3 is not a cell of 7x7");
    refused("hein-book 1\n7x7 swap swap-pieces\n", ":2:", "not a cell");
    refused("hein-book 1\n20x20 swap a1\n", ":2:", "board size 20x20");
    refused("hein-book 1\n7 swap a1\n", ":2:", "board size 7 ");
    refused("hein-book 1\n7x7x swap a1\n", ":2:", "board size 7x7x");
    refused("hein-book 1\n7x7 swap a1 b2\n", ":2:", "expected WxH swap|noswap MOVE");
    refused("hein-book 1\n7x7 swap\n", ":2:", "expected WxH");
    refused("hein-book 1\n\n7x7 swap a1\n7x7 swap b1\n", ":4:", "a second entry for 7x7 swap");
    refused("# nothing else\n", ":", "no version line");
}
END_TEST

START_TEST(missing_file_is_refused)
{
    char err[256];
    book_t b;
    ck_assert(!book_read(&b, "/nonexistent/opening-book.txt", err, sizeof err));
    ck_assert_str_eq(err, "/nonexistent/opening-book.txt: cannot open");
    ck_assert_int_eq(b.move[6][6][1], -1);
}
END_TEST

START_TEST(lookup_on_an_empty_board_for_either_colour)
{
    char path[64], err[256];
    write_book(path, "hein-book 1\n3x5 noswap a2\n5x3 swap c1\n");
    book_t b;
    ck_assert_msg(book_read(&b, path, err, sizeof err), "%s", err);
    unlink(path);
    geometry_t *g = geometry_new(3, 5);
    position_t p;
    position_init(&p, g);
    ck_assert_int_eq(book_move(&b, &p, HEX_BLACK, false), cell_of(3, 5, "a2"));
    ck_assert_int_eq(book_move(&b, &p, HEX_BLACK, true), -1);
    /* White on 3x5 is Black on 5x3 turned over the diagonal: c1 -> a3 */
    ck_assert_int_eq(book_move(&b, &p, HEX_WHITE, true), cell_of(3, 5, "a3"));
    ck_assert_int_eq(book_move(&b, &p, HEX_WHITE, false), -1);
    position_play(&p, HEX_BLACK, cell_of(3, 5, "b3"));
    ck_assert_int_eq(book_move(&b, &p, HEX_WHITE, true), -1);
    ck_assert_int_eq(book_move(&b, &p, HEX_BLACK, false), -1);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* The shipped book: found where the pattern directory says, read, and
 * an entry with and without swap for every square size. */
START_TEST(shipped_book_has_every_square_size)
{
    char path[4096], err[4400];
    ck_assert_msg(book_path(path, sizeof path, err, sizeof err), "%s", err);
    book_t b;
    ck_assert_msg(book_read(&b, path, err, sizeof err), "%s", err);
    for (int n = 1; n <= HEX_MAX_SIZE; n++)
        ck_assert_msg(b.move[n - 1][n - 1][0] >= 0 && b.move[n - 1][n - 1][1] >= 0,
                      "no entry for %dx%d", n, n);
}
END_TEST

START_TEST(genmove_plays_the_book_move_when_on)
{
    engine_t *e = engine_new(1);
    ck_assert_ptr_nonnull(e);
    char err[256];
    const engine_param_group_t *game = engine_param_group("param_game");
    const engine_param_group_t *player = engine_param_group("param_player");
    ck_assert_int_eq(engine_new_game(e, 7, 7), GAME_OK);
    ck_assert(engine_param_set(e, game, "allow_swap", "1", err, sizeof err));
    ck_assert(engine_param_set(e, player, "name", "random", err, sizeof err));
    stop_t stop = { 0 };
    int move;
    double seconds;
    int expect = e->book.move[6][6][1];
    ck_assert_int_ge(expect, 0);
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &move, &seconds), GENMOVE_OK);
    ck_assert_int_eq(move, expect);
    ck_assert(seconds < 0.5);
    ck_assert(engine_param_set(e, game, "allow_swap", "0", err, sizeof err));
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, true, &move, &seconds), GENMOVE_OK);
    ck_assert_int_eq(move, e->book.move[6][6][0]);
    ck_assert_int_eq(e->game.nentries, 1);
    /* not on a board with a stone */
    ck_assert_int_eq(book_move(&e->book, &e->game.pos, HEX_WHITE, false), -1);
    /* param_game book 0: the player's move (the random player's, seeded,
     * is not the book's here) */
    ck_assert(engine_param_set(e, game, "book", "0", err, sizeof err));
    ck_assert_int_eq(engine_new_game(e, 7, 7), GAME_OK);
    bool other = false;
    for (int i = 0; i < 8 && !other; i++) {
        ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, false, &move, &seconds), GENMOVE_OK);
        other = move != e->book.move[6][6][0];
    }
    ck_assert(other);
    engine_free(e);
}
END_TEST

/* A broken book beside a pattern directory: the engine starts, says which
 * file and line on stderr, and genmove asks the player. */
START_TEST(broken_book_at_start_up_is_a_warning)
{
    char dir[] = "/tmp/hein-bookdir-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char patterns[128], bookdir[128], file[160], log[160];
    snprintf(patterns, sizeof patterns, "%s/patterns", dir);
    snprintf(bookdir, sizeof bookdir, "%s/book", dir);
    snprintf(file, sizeof file, "%s/" BOOK_FILE, bookdir);
    snprintf(log, sizeof log, "%s/stderr", dir);
    ck_assert_int_eq(mkdir(patterns, 0700), 0);
    ck_assert_int_eq(mkdir(bookdir, 0700), 0);
    FILE *f = fopen(file, "w");
    ck_assert_ptr_nonnull(f);
    fputs("hein-book 1\n7x7 swap z9\n", f);
    ck_assert_int_eq(fclose(f), 0);
    const char *old = getenv("HEIN_PATTERNS");
    char *saved = old ? strdup(old) : NULL;
    ck_assert_int_eq(setenv("HEIN_PATTERNS", patterns, 1), 0);
    fflush(stderr);
    int fd = dup(fileno(stderr));
    ck_assert_int_ge(fd, 0);
    ck_assert_ptr_nonnull(freopen(log, "w", stderr));
    engine_t *e = engine_new(1);
    fflush(stderr);
    ck_assert_int_ge(dup2(fd, fileno(stderr)), 0);
    close(fd);
    clearerr(stderr);
    if (saved)
        setenv("HEIN_PATTERNS", saved, 1);
    else
        unsetenv("HEIN_PATTERNS");
    free(saved);
    ck_assert_ptr_nonnull(e);
    char text[4096] = "";
    f = fopen(log, "r");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    char expect[256];
    snprintf(expect, sizeof expect,
             "%s/../book/" BOOK_FILE ":2: z9 is not a cell of 7x7; no opening book", patterns);
    ck_assert_msg(strstr(text, expect) != NULL, "stderr: %s", text);
    ck_assert_int_eq(engine_new_game(e, 7, 7), GAME_OK);
    char err[256];
    ck_assert(engine_param_set(e, engine_param_group("param_player"), "name", "random", err,
                               sizeof err));
    stop_t stop = { 0 };
    int move;
    double seconds;
    ck_assert_int_eq(engine_genmove(e, HEX_BLACK, &stop, true, &move, &seconds), GENMOVE_OK);
    ck_assert_int_ge(move, 0);
    engine_free(e);
    unlink(file);
    unlink(log);
    rmdir(bookdir);
    rmdir(patterns);
    rmdir(dir);
}
END_TEST

static Suite *
book_suite(void)
{
    Suite *s = suite_create("book");
    TCase *t = tcase_create("file");
    tcase_add_test(t, good_file_is_read);
    tcase_add_test(t, malformed_files_are_refused_with_their_line);
    tcase_add_test(t, missing_file_is_refused);
    tcase_add_test(t, lookup_on_an_empty_board_for_either_colour);
    tcase_add_test(t, shipped_book_has_every_square_size);
    tcase_add_test(t, genmove_plays_the_book_move_when_on);
    tcase_add_test(t, broken_book_at_start_up_is_a_warning);
    suite_add_tcase(s, t);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(book_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
