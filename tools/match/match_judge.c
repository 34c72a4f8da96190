/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tools/match/match_judge.h"
#include "tools/lib/util.h"

const char *
match_reason_name(match_reason_t r)
{
    static const char *const names[MATCH_REASONS] = {
        "connection", "resign", "illegal", "time", "timeout", "crash",
        "forfeit"
    };

    return r < MATCH_REASONS ? names[r] : "?";
}

bool
match_judge_init(match_judge_t *j, int width, int height, int black,
                 bool allow_swap)
{
    memset(j, 0, sizeof *j);
    if (game_init(&j->game, width, height) != GAME_OK)
        return false;
    j->owner[HEX_BLACK] = black;
    j->owner[HEX_WHITE] = 1 - black;
    j->allow_swap = allow_swap;
    j->winner = -1;
    return true;
}

void
match_judge_free(match_judge_t *j)
{
    game_free(&j->game);
}

void
match_judge_opening(match_judge_t *j, const match_opening_t *o)
{
    for (int i = 0; i < o->nmoves; i++) {
        game_status_t s = game_play(&j->game, game_to_move(&j->game),
                                    o->moves[i], false, -1.0);

        assert(s == GAME_OK);
        (void)s;
    }
}

hex_color_t
match_judge_color(const match_judge_t *j)
{
    return game_to_move(&j->game);
}

int
match_judge_engine(const match_judge_t *j)
{
    return j->owner[match_judge_color(j)];
}

hex_color_t
match_judge_color_of(const match_judge_t *j, int who)
{
    return j->owner[HEX_BLACK] == who ? HEX_BLACK : HEX_WHITE;
}

/* Ends the game with `winner` winning; detail already formatted. */
static void
match_judge_end(match_judge_t *j, int winner, match_reason_t reason)
{
    j->over = true;
    j->winner = winner;
    j->reason = reason;
}

void
match_judge_lose(match_judge_t *j, int loser, match_reason_t reason,
                 const char *fmt, ...)
{
    va_list ap;

    if (j->over)
        return;
    va_start(ap, fmt);
    vsnprintf(j->detail, sizeof j->detail, fmt, ap);
    va_end(ap);
    match_judge_end(j, 1 - loser, reason);
}

/* Plays a swap-pieces reply, or says why it is illegal. */
static int
match_judge_swap(match_judge_t *j, int who, double seconds, double left)
{
    int black = j->owner[HEX_BLACK];

    if (!j->allow_swap) {
        match_judge_lose(j, who, MATCH_REASON_ILLEGAL,
                         "swap-pieces, but the match is played without "
                         "--swap");
        return MOVE_NONE;
    }
    if (game_play(&j->game, match_judge_color(j), MOVE_SWAP, false, seconds)
        != GAME_OK) {
        match_judge_lose(j, who, MATCH_REASON_ILLEGAL,
                         "swap-pieces is only allowed as White's move 2");
        return MOVE_NONE;
    }
    game_set_time_left(&j->game, left);
    j->owner[HEX_BLACK] = j->owner[HEX_WHITE];
    j->owner[HEX_WHITE] = black;
    j->swapped = true;
    return MOVE_SWAP;
}

int
match_judge_reply(match_judge_t *j, const char *reply, double seconds,
                  double time_left)
{
    hex_color_t color = match_judge_color(j);
    int who = j->owner[color];
    char shown[64], name[MOVE_NAME_MAX];
    game_status_t s;
    move_parse_t p;
    int move;

    if (j->over)
        return MOVE_NONE;
    p = geometry_parse_move(j->game.pos.geo, reply, &move);
    util_one_line(reply, shown, sizeof shown);
    if (p == MOVE_PARSE_OFF_BOARD) {
        match_judge_lose(j, who, MATCH_REASON_ILLEGAL, "off-board cell %s",
                         shown);
        return MOVE_NONE;
    }
    if (p != MOVE_PARSE_OK) {
        match_judge_lose(j, who, MATCH_REASON_ILLEGAL,
                         "unparsable reply \"%s\"", shown);
        return MOVE_NONE;
    }
    if (move == MOVE_SWAP)
        return match_judge_swap(j, who, seconds, time_left);
    s = game_play(&j->game, color, move, false, seconds);
    if (s != GAME_OK) {
        match_judge_lose(j, who, MATCH_REASON_ILLEGAL, "%s %s",
                         s == GAME_OCCUPIED ? "occupied cell"
                         : game_status_text(s),
                         geometry_move_name(j->game.pos.geo, move, name));
        return MOVE_NONE;
    }
    game_set_time_left(&j->game, time_left);
    if (move == MOVE_RESIGN) {
        snprintf(j->detail, sizeof j->detail, "%s resigned",
                 hex_color_name(color));
        match_judge_end(j, 1 - who, MATCH_REASON_RESIGN);
        return MOVE_NONE;
    }
    if (game_winner(&j->game) != HEX_EMPTY) {
        hex_color_t w = game_winner(&j->game);

        snprintf(j->detail, sizeof j->detail, "%s connected %s",
                 hex_color_name(w),
                 w == HEX_BLACK ? "north and south" : "west and east");
        match_judge_end(j, j->owner[w], MATCH_REASON_CONNECTION);
    }
    return move;
}

int
match_judge_moves(const match_judge_t *j)
{
    int n = 0;

    for (int i = 0; i < j->game.nentries; i++)
        n += j->game.entries[i].move != MOVE_RESIGN;
    return n;
}
