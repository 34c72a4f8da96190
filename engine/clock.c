/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "engine/clock.h"

#define CLOCK_MIN_BUDGET 0.01
/* The limit of a move in main time: budgets, and share of the time
 * left. */
#define CLOCK_LIMIT_BUDGETS 3.0
#define CLOCK_LIMIT_SHARE 0.25

void
game_clock_init(game_clock_t *c, double main_time)
{
    c->main_time = main_time;
    c->byo_time = 0;
    c->byo_stones = 0;
    c->unlimited = false;
    c->increment = 0;
    c->safety = CLOCK_SAFETY;
    game_clock_restart(c);
}

bool
game_clock_set_increment(game_clock_t *c, double increment)
{
    if (!(increment >= 0))
        return false;
    c->increment = increment;
    return true;
}

bool
game_clock_set_safety(game_clock_t *c, double safety)
{
    if (!(safety >= 0))
        return false;
    c->safety = safety;
    return true;
}

void
game_clock_restart(game_clock_t *c)
{
    for (int i = 0; i < 2; i++) {
        c->left[i] = c->main_time;
        c->stones_left[i] = 0;
    }
}

bool
game_clock_settings(game_clock_t *c, double main_time, double byo_time,
                    int byo_stones)
{
    if (!(main_time >= 0) || !(byo_time >= 0) || byo_stones < 0)
        return false;
    c->main_time = main_time;
    c->byo_time = byo_time;
    c->byo_stones = byo_stones;
    c->unlimited = byo_time > 0 && byo_stones == 0;
    game_clock_restart(c);
    /* With no main time the game starts in byo-yomi. */
    if (main_time == 0 && byo_stones > 0)
        for (int i = 0; i < 2; i++) {
            c->left[i] = byo_time;
            c->stones_left[i] = byo_stones;
        }
    return true;
}

bool
game_clock_left(game_clock_t *c, hex_color_t color, double seconds, int stones)
{
    if (!(seconds >= 0) || stones < 0 || (color != HEX_BLACK && color != HEX_WHITE))
        return false;
    c->left[color] = seconds;
    c->stones_left[color] = stones;
    return true;
}

static double
clamp_budget(const game_clock_t *c, double budget, double left)
{
    double cap = left - c->safety;
    if (budget > cap)
        budget = cap;
    return budget < CLOCK_MIN_BUDGET ? CLOCK_MIN_BUDGET : budget;
}

double
game_clock_budget(const game_clock_t *c, hex_color_t color, int empty_cells,
                  double fallback)
{
    if (c->unlimited)
        return fallback;
    double left = c->left[color];
    if (c->stones_left[color] > 0)
        return clamp_budget(c, 0.9 * left / c->stones_left[color], left);
    /* In main time: plan for a quarter of the empty cells as own moves
     * still to come, never fewer than 10.  Half of them would be every own
     * move to a full board, but the VCs decide most games long before
     * (on 11x11 by move 30 to 45; the moves after that are answered at
     * once): planned on half, hein used a quarter of a 60 s clock. */
    int moves = empty_cells / 4;
    if (moves < 10)
        moves = 10;
    double budget = left / moves + 0.9 * c->increment;
    /* Byo-yomi after main time lets a move use part of a period too. */
    if (c->byo_stones > 0)
        budget += 0.9 * c->byo_time / c->byo_stones;
    return clamp_budget(c, budget, left + (c->byo_stones > 0 ? c->byo_time : 0));
}

double
game_clock_limit(const game_clock_t *c, hex_color_t color, double budget, bool *banked)
{
    double left = c->left[color], limit;
    *banked = false;
    if (c->unlimited || c->stones_left[color] == 1)
        return budget;
    *banked = true;
    if (c->stones_left[color] > 1) {
        limit = 0.5 * left;
    } else {
        limit = CLOCK_LIMIT_BUDGETS * budget;
        double share = CLOCK_LIMIT_SHARE * left + c->increment;
        if (limit > share)
            limit = share;
    }
    limit = clamp_budget(c, limit, left + (c->stones_left[color] == 0 && c->byo_stones > 0
                                           ? c->byo_time : 0));
    return limit > budget ? limit : budget;
}

void
game_clock_charge(game_clock_t *c, hex_color_t color, double seconds)
{
    if (c->unlimited || seconds < 0)
        return;
    c->left[color] -= seconds;
    if (c->stones_left[color] == 0 && c->left[color] > 0)
        c->left[color] += c->increment;
    if (c->stones_left[color] > 0) {
        if (--c->stones_left[color] == 0) {
            c->left[color] = c->byo_time;
            c->stones_left[color] = c->byo_stones;
        }
    } else if (c->left[color] < 0 && c->byo_stones > 0) {
        /* Main time ran out: the overrun comes from the first period. */
        c->left[color] += c->byo_time;
        c->stones_left[color] = c->byo_stones;
    }
    if (c->left[color] < 0)
        c->left[color] = 0;
}
