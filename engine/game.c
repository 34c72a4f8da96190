/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/game.h"

static void
info_free(game_info_t *info)
{
    free(info->player_black);
    free(info->player_white);
    free(info->result);
    free(info->comment);
    memset(info, 0, sizeof *info);
}

static char *
dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

game_status_t
game_init(game_t *g, int width, int height)
{
    geometry_t *geo = geometry_new(width, height);
    if (!geo)
        return width < HEX_MIN_SIZE || width > HEX_MAX_SIZE
            || height < HEX_MIN_SIZE || height > HEX_MAX_SIZE
            ? GAME_BAD_SIZE : GAME_NO_MEMORY;
    position_init(&g->pos, geo);
    geometry_unref(geo);
    g->first_to_move = HEX_BLACK;
    g->resigned = HEX_EMPTY;
    g->nentries = 0;
    memset(&g->info, 0, sizeof g->info);
    return GAME_OK;
}

void
game_free(game_t *g)
{
    position_free(&g->pos);
    info_free(&g->info);
    g->nentries = 0;
}

game_status_t
game_reset(game_t *g, int width, int height)
{
    game_t *fresh = malloc(sizeof *fresh);
    if (!fresh)
        return GAME_NO_MEMORY;
    game_status_t s = game_init(fresh, width, height);
    if (s == GAME_OK)
        game_replace(g, fresh);
    free(fresh);
    return s;
}

void
game_copy(game_t *dst, const game_t *src)
{
    position_copy(&dst->pos, &src->pos);
    dst->first_to_move = src->first_to_move;
    dst->resigned = src->resigned;
    dst->nentries = src->nentries;
    memcpy(dst->entries, src->entries, (size_t)src->nentries * sizeof src->entries[0]);
    dst->info.player_black = dup_or_null(src->info.player_black);
    dst->info.player_white = dup_or_null(src->info.player_white);
    dst->info.result = dup_or_null(src->info.result);
    dst->info.comment = dup_or_null(src->info.comment);
}

void
game_replace(game_t *dst, game_t *src)
{
    game_free(dst);
    /* Move: the position's geometry reference and the info strings change
     * owner; src is left uninitialised. */
    memcpy(&dst->pos, &src->pos, offsetof(position_t, undo));
    memcpy(dst->pos.undo, src->pos.undo, (size_t)src->pos.nmoves * sizeof src->pos.undo[0]);
    dst->first_to_move = src->first_to_move;
    dst->resigned = src->resigned;
    dst->nentries = src->nentries;
    memcpy(dst->entries, src->entries, (size_t)src->nentries * sizeof src->entries[0]);
    dst->info = src->info;
    memset(&src->info, 0, sizeof src->info);
    src->pos.geo = NULL;
    src->nentries = 0;
}

hex_color_t
game_resigned(const game_t *g)
{
    if (g->resigned != HEX_EMPTY)
        return g->resigned;
    if (g->nentries > 0 && g->entries[g->nentries - 1].move == MOVE_RESIGN)
        return g->entries[g->nentries - 1].color;
    return HEX_EMPTY;
}

hex_color_t
game_winner(const game_t *g)
{
    hex_color_t r = game_resigned(g);
    if (r != HEX_EMPTY)
        return hex_color_other(r);
    return g->pos.winner;
}

/* Whether `color` may resign now: not while a resignation stands, nor
 * once it has connected. */
static bool
may_resign(const game_t *g, hex_color_t color)
{
    return game_resigned(g) == HEX_EMPTY && g->pos.winner != color;
}

/* The record changed: a result given for it no longer holds. */
static void
record_changed(game_t *g)
{
    free(g->info.result);
    g->info.result = NULL;
}

game_status_t
game_play(game_t *g, hex_color_t color, int move, bool setup, double seconds)
{
    if (color != HEX_BLACK && color != HEX_WHITE)
        return GAME_OFF_BOARD;
    hex_color_t to_move;
    if (move == MOVE_RESIGN) {
        if (setup)
            return GAME_OFF_BOARD;
        if (!may_resign(g, color))
            return GAME_OVER;
        to_move = g->pos.to_move;
    } else {
        if (setup && move == MOVE_SWAP)
            return GAME_SWAP_NOT_ALLOWED;
        switch (position_check(&g->pos, color, move)) {
        case POSITION_OK:
            break;
        case POSITION_OCCUPIED:
            return GAME_OCCUPIED;
        case POSITION_SWAP_NOT_ALLOWED:
            return GAME_SWAP_NOT_ALLOWED;
        case POSITION_NOT_A_MOVE:
        case POSITION_BOARD_FULL:
            return GAME_OFF_BOARD;
        }
        position_play(&g->pos, color, move);
        to_move = g->pos.to_move;
        g->resigned = HEX_EMPTY;
    }
    game_entry_t *e = &g->entries[g->nentries++];
    e->move = move;
    e->color = color;
    e->setup = setup;
    e->to_move = to_move;
    e->seconds = seconds;
    e->time_left = -1.0;
    record_changed(g);
    return GAME_OK;
}

game_status_t
game_resign(game_t *g, hex_color_t color)
{
    if (color != HEX_BLACK && color != HEX_WHITE)
        return GAME_OFF_BOARD;
    if (!may_resign(g, color))
        return GAME_OVER;
    g->resigned = color;
    record_changed(g);
    return GAME_OK;
}

void
game_set_time_left(game_t *g, double seconds)
{
    if (g->nentries > 0)
        g->entries[g->nentries - 1].time_left = seconds;
}

game_status_t
game_undo(game_t *g)
{
    if (g->nentries == 0)
        return GAME_NOTHING_TO_UNDO;
    g->resigned = HEX_EMPTY;
    record_changed(g);
    game_entry_t *e = &g->entries[--g->nentries];
    if (e->move != MOVE_RESIGN)
        position_undo(&g->pos);
    /* The side to move may have been set (PL) after the previous entry. */
    hex_color_t before = g->nentries > 0 ? g->entries[g->nentries - 1].to_move
                                         : g->first_to_move;
    if (g->pos.to_move != before)
        position_set_to_move(&g->pos, before);
    return GAME_OK;
}

void
game_set_to_move(game_t *g, hex_color_t c)
{
    if (g->nentries > 0)
        g->entries[g->nentries - 1].to_move = c;
    else
        g->first_to_move = c;
    if (g->pos.to_move != c)
        position_set_to_move(&g->pos, c);
}

bool
game_set_info(char **field, const char *value)
{
    char *copy = NULL;
    if (value && *value) {
        copy = strdup(value);
        if (!copy)
            return false;
    }
    free(*field);
    *field = copy;
    return true;
}

static bool
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v'
        || c == '\f';
}

hex_color_t
game_result_parse(const char *text, bool *resign)
{
    *resign = false;
    while (is_blank(*text))
        text++;
    hex_color_t winner;
    if (*text == 'B' || *text == 'b')
        winner = HEX_BLACK;
    else if (*text == 'W' || *text == 'w')
        winner = HEX_WHITE;
    else
        return HEX_EMPTY;
    if (text[1] != '+')
        return HEX_EMPTY;
    const char *how = text + 2;
    size_t n = strlen(how);
    while (n > 0 && is_blank(how[n - 1]))
        n--;
    if (n == 0)
        return winner;
    if ((n == 1 && (how[0] == 'R' || how[0] == 'r'))
        || (n == 6 && strncasecmp(how, "Resign", 6) == 0)) {
        *resign = true;
        return winner;
    }
    return HEX_EMPTY;
}

const char *
game_result(const game_t *g, char *buf, size_t size)
{
    const char *kept = g->info.result && *g->info.result ? g->info.result : NULL;
    hex_color_t winner = game_winner(g);
    bool resigned = game_resigned(g) != HEX_EMPTY, kept_resign;
    hex_color_t kept_winner = kept ? game_result_parse(kept, &kept_resign) : HEX_EMPTY;
    if (winner == HEX_EMPTY)
        /* Read back, a resignation stated would be one. */
        return kept_winner != HEX_EMPTY && kept_resign ? NULL : kept;
    if (kept_winner == winner && kept_resign == resigned)
        return kept;
    snprintf(buf, size, "%c+%s", winner == HEX_BLACK ? 'B' : 'W',
             resigned ? "Resign" : "");
    return buf;
}

const char *
game_status_text(game_status_t s)
{
    switch (s) {
    case GAME_OK:
        return "ok";
    case GAME_BAD_SIZE:
        return "board size must be 1 to 19";
    case GAME_NO_MEMORY:
        return "out of memory";
    case GAME_OCCUPIED:
        return "cell is occupied";
    case GAME_OFF_BOARD:
        return "not a cell of this board";
    case GAME_SWAP_NOT_ALLOWED:
        return "swap-pieces is only allowed as White's move 2, after one black stone";
    case GAME_OVER:
        return "the game is already decided (a resignation stands, or this colour has connected)";
    case GAME_NOTHING_TO_UNDO:
        return "no move to undo";
    }
    return "unknown status";
}
