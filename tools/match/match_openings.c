/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "tools/match/match_openings.h"
#include "tools/lib/util.h"

/* Appends an opening of n moves. */
static void
match_openings_add(match_openings_t *o, const int *moves, int n,
                   const char *text)
{
    match_opening_t *op;

    o->list = util_xrealloc(o->list, (size_t)(o->n + 1) * sizeof *o->list);
    op = &o->list[o->n++];
    op->nmoves = n;
    op->moves = util_xmalloc((size_t)(n > 0 ? n : 1) * sizeof *op->moves);
    if (n > 0)
        memcpy(op->moves, moves, (size_t)n * sizeof *moves);
    op->text = util_xstrdup(text);
}

/* Adds cell (c, r) as a one-move opening unless it is already listed. */
static void
match_openings_add_cell(match_openings_t *o, const geometry_t *geo,
                        bool *seen, int c, int r)
{
    int cell = geometry_cell(geo, c, r);
    char name[MOVE_NAME_MAX];

    if (seen[cell])
        return;
    seen[cell] = true;
    match_openings_add(o, &cell, 1, geometry_move_name(geo, cell, name));
}

void
match_openings_default(match_openings_t *o, int width, int height)
{
    geometry_t *geo = geometry_new(width, height);
    bool seen[HEX_MAX_CELLS] = { false };

    o->list = NULL;
    o->n = 0;
    if (!geo) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    for (int r = 1; r < height - 1; r++)
        match_openings_add_cell(o, geo, seen, 0, r);
    for (int r = 1; r < height - 1; r++)
        match_openings_add_cell(o, geo, seen, width - 1, r);
    for (int c = 1; c < width - 1; c++)
        match_openings_add_cell(o, geo, seen, c, 0);
    for (int c = 1; c < width - 1; c++)
        match_openings_add_cell(o, geo, seen, c, height - 1);
    if (o->n == 0)
        match_openings_add(o, NULL, 0, "");
    geometry_unref(geo);
}

/* Plays one word of an opening line on g.  Returns false with the reason
 * in err. */
static bool
match_openings_play(game_t *g, const char *word, int *move, char *err,
                    size_t errlen)
{
    move_parse_t p = geometry_parse_move(g->pos.geo, word, move);
    game_status_t s;

    if (p == MOVE_PARSE_OFF_BOARD) {
        snprintf(err, errlen, "'%s' is off the board", word);
        return false;
    }
    if (p != MOVE_PARSE_OK) {
        snprintf(err, errlen, "'%s' is not a move", word);
        return false;
    }
    if (*move < 0) {
        snprintf(err, errlen, "'%s' is not allowed in an opening", word);
        return false;
    }
    s = game_play(g, game_to_move(g), *move, false, -1.0);
    if (s != GAME_OK) {
        snprintf(err, errlen, "'%s': %s", word, game_status_text(s));
        return false;
    }
    return true;
}

/* Reads the moves of one line (comment already cut) into an opening.
 * Returns false with the reason in err. */
static bool
match_openings_line(match_openings_t *o, char *line, game_t *g, int width,
                    int height, char *err, size_t errlen)
{
    int moves[HEX_MAX_CELLS];
    int n = 0;
    strbuf_t text = { 0 };
    bool ok = true;
    char name[MOVE_NAME_MAX], *save = NULL;

    if (game_reset(g, width, height) != GAME_OK) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    for (char *w = strtok_r(line, " \t\r", &save); w && ok;
         w = strtok_r(NULL, " \t\r", &save)) {
        if (n == HEX_MAX_CELLS
            || !match_openings_play(g, w, &moves[n], err, errlen)) {
            if (n == HEX_MAX_CELLS)
                snprintf(err, errlen, "too many moves");
            ok = false;
        } else {
            util_buf_add(&text, n > 0 ? " " : "");
            util_buf_add(&text, geometry_move_name(g->pos.geo, moves[n],
                                                   name));
            n++;
        }
    }
    if (ok && game_winner(g) != HEX_EMPTY) {
        snprintf(err, errlen, "the opening already connects %s",
                 hex_color_name(game_winner(g)));
        ok = false;
    }
    if (ok && n > 0)
        match_openings_add(o, moves, n, strbuf_str(&text));
    strbuf_free(&text);
    return ok;
}

bool
match_openings_parse(match_openings_t *o, const char *text, int width,
                     int height, char *err, size_t errlen)
{
    game_t *g = util_xmalloc(sizeof *g);
    char *copy = util_xstrdup(text), *next;
    char why[256];
    int line_no = 0;
    bool made = game_init(g, width, height) == GAME_OK, ok = made;

    o->list = NULL;
    o->n = 0;
    if (!made)
        snprintf(err, errlen, "bad board size %dx%d", width, height);
    for (char *line = copy; ok && line; line = next) {
        char *hash;

        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        line_no++;
        if ((hash = strchr(line, '#')))
            *hash = '\0';
        if (!match_openings_line(o, line, g, width, height, why,
                                 sizeof why)) {
            snprintf(err, errlen, "line %d: %s", line_no, why);
            ok = false;
        }
    }
    if (ok && o->n == 0) {
        snprintf(err, errlen, "no opening found");
        ok = false;
    }
    if (made)
        game_free(g);
    free(g);
    free(copy);
    if (!ok)
        match_openings_free(o);
    return ok;
}

bool
match_openings_load(match_openings_t *o, const char *path, int width,
                    int height, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    strbuf_t text = { 0 };
    char chunk[4096], why[256];
    size_t n;
    bool ok;

    o->list = NULL;
    o->n = 0;
    if (!f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        util_buf_addn(&text, chunk, n);
    ok = !ferror(f);
    fclose(f);
    if (!ok) {
        snprintf(err, errlen, "cannot read %s", path);
    } else if (memchr(strbuf_str(&text), '\0', text.len)) {
        snprintf(err, errlen, "%s: not a text file", path);
        ok = false;
    } else if (!match_openings_parse(o, strbuf_str(&text), width, height,
                                     why, sizeof why)) {
        snprintf(err, errlen, "%s: %s", path, why);
        ok = false;
    }
    strbuf_free(&text);
    return ok;
}

void
match_openings_free(match_openings_t *o)
{
    for (int i = 0; i < o->n; i++) {
        free(o->list[i].moves);
        free(o->list[i].text);
    }
    free(o->list);
    o->list = NULL;
    o->n = 0;
}
