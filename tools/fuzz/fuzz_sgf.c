/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target for the SGF reader and writer.
 *
 * Every input is loaded into a fresh 11x11 game.  A refused input must
 * leave the game untouched and explain itself in one line.  An accepted
 * one must survive the round trip: written out, read back, it gives the
 * same record and position, and writing it again gives the same text.
 * Loading only a prefix of the moves of an accepted input must succeed
 * too. */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
die(const char *why, const char *text)
{
    fprintf(stderr, "fuzz_sgf: %s\n%s\n", why, text ? text : "");
    abort();
}

static game_t *
fresh_game(int w, int h)
{
    game_t *g = malloc(sizeof *g);
    if (!g || game_init(g, w, h) != GAME_OK)
        die("out of memory", NULL);
    return g;
}

static void
drop_game(game_t *g)
{
    game_free(g);
    free(g);
}

static bool
same_text(const char *a, const char *b)
{
    return (!a || !b) ? a == b : strcmp(a, b) == 0;
}

static bool
same_game(const game_t *a, const game_t *b)
{
    if (a->pos.geo->width != b->pos.geo->width
        || a->pos.geo->height != b->pos.geo->height
        || a->nentries != b->nentries || a->pos.hash != b->pos.hash
        || a->pos.to_move != b->pos.to_move
        || a->first_to_move != b->first_to_move)
        return false;
    for (int i = 0; i < a->nentries; i++) {
        const game_entry_t *x = &a->entries[i], *y = &b->entries[i];
        if (x->move != y->move || x->color != y->color
            || x->setup != y->setup || x->to_move != y->to_move)
            return false;
    }
    /* The result compared is the one written (game_result): a kept RE
     * the record contradicts is written as the record's own. */
    char ra[GAME_RESULT_MAX], rb[GAME_RESULT_MAX];
    return a->resigned == b->resigned
        && same_text(a->info.player_black, b->info.player_black)
        && same_text(a->info.player_white, b->info.player_white)
        && same_text(game_result(a, ra, sizeof ra), game_result(b, rb, sizeof rb))
        && same_text(a->info.comment, b->info.comment);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    char err[256] = "";
    game_t *g = fresh_game(11, 11);
    uint64_t empty_hash = g->pos.hash;

    if (!sgf_load_text(g, text, size, -1, err, sizeof err)) {
        if (g->nentries != 0 || g->pos.hash != empty_hash
            || g->pos.geo->width != 11 || g->info.player_black)
            die("a refused input changed the game", err);
        if (strncmp(err, "sgf: ", 5) != 0 || strchr(err, '\n'))
            die("bad error message", err);
        drop_game(g);
        return 0;
    }
    if (!position_is_consistent(&g->pos))
        die("inconsistent position after loading", NULL);

    char *out = sgf_write_text(g, "hein:fuzz");
    if (!out)
        die("out of memory", NULL);
    game_t *back = fresh_game(5, 5);
    if (!sgf_load_text(back, out, strlen(out), -1, err, sizeof err))
        die(err, out);
    if (!same_game(g, back))
        die("round trip changed the game", out);
    char *again = sgf_write_text(back, "hein:fuzz");
    if (!again || strcmp(out, again) != 0)
        die("writing the read-back game gave other text", again);

    /* A prefix of the moves loads as well (fewer moves may remain when
     * AE removed some), and a limit above the number of moves is none. */
    int moves = 0;
    for (int i = 0; i < g->nentries; i++)
        moves += !g->entries[i].setup;
    int limit = size > 0 ? data[0] % (moves + 1) : 0;
    game_t *part = fresh_game(11, 11);
    if (!sgf_load_text(part, text, size, limit, err, sizeof err))
        die(err, out);
    int got = 0;
    for (int i = 0; i < part->nentries; i++)
        got += !part->entries[i].setup;
    if (got > limit)
        die("max_moves not respected", out);
    if (!sgf_load_text(part, text, size, INT_MAX, err, sizeof err))
        die(err, out);
    if (!same_game(g, part))
        die("a limit above the number of moves changed the game", out);

    free(again);
    free(out);
    drop_game(part);
    drop_game(back);
    drop_game(g);
    return 0;
}
