/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/match/match_clock.h"

bool
match_tc_parse_seconds(const char *s, bool zero_ok, double *out)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (errno || end == s || *end || !(v <= MATCH_TC_MAX)
        || !(zero_ok ? v >= 0 : v > 0))
        return false;
    *out = v;
    return true;
}

bool
match_tc_parse_game(const char *s, double *seconds, double *increment)
{
    const char *plus = strchr(s, '+');
    char main_part[64];
    size_t n;

    *increment = 0;
    if (!plus)
        return match_tc_parse_seconds(s, false, seconds);
    n = (size_t)(plus - s);
    if (n == 0 || n >= sizeof main_part)
        return false;
    memcpy(main_part, s, n);
    main_part[n] = '\0';
    return match_tc_parse_seconds(main_part, false, seconds)
        && plus[1] != '+' && plus[1] != '-'
        && match_tc_parse_seconds(plus + 1, true, increment);
}

char *
match_tc_format(double seconds, char *buf, size_t size)
{
    char *end;

    snprintf(buf, size, "%.3f", seconds);
    end = buf + strlen(buf);
    while (end > buf && end[-1] == '0')
        *--end = '\0';
    if (end > buf && end[-1] == '.')
        *--end = '\0';
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
    return buf;
}

void
match_tc_settings(const match_tc_t *tc, char *buf, size_t size)
{
    char t[32];

    match_tc_format(tc->seconds, t, sizeof t);
    if (tc->mode == MATCH_TC_MOVE)
        snprintf(buf, size, "time_settings 0 %s 1", t);
    else
        snprintf(buf, size, "time_settings %s 0 0", t);
}

void
match_tc_describe(const match_tc_t *tc, char *buf, size_t size)
{
    char t[32], inc[32], tol[32];

    match_tc_format(tc->seconds, t, sizeof t);
    match_tc_format(tc->increment, inc, sizeof inc);
    match_tc_format(tc->tolerance, tol, sizeof tol);
    if (tc->mode == MATCH_TC_MOVE)
        snprintf(buf, size, "%s s per move (tolerance %s s)", t, tol);
    else if (tc->increment > 0)
        snprintf(buf, size, "%s s per side + %s s per move (tolerance %s s)",
                 t, inc, tol);
    else
        snprintf(buf, size, "%s s per side (tolerance %s s)", t, tol);
}

void
match_clock_init(match_clock_t *c, const match_tc_t *tc)
{
    c->tc = *tc;
    c->left[0] = c->left[1] = tc->seconds;
}

void
match_clock_time_left(const match_clock_t *c, int who, hex_color_t color,
                      char *buf, size_t size)
{
    char t[32];

    if (c->tc.mode == MATCH_TC_MOVE) {
        snprintf(buf, size, "time_left %s %s 1", hex_color_name(color),
                 match_tc_format(c->tc.seconds, t, sizeof t));
        return;
    }
    snprintf(buf, size, "time_left %s %s 0", hex_color_name(color),
             match_tc_format(c->left[who] > 0 ? c->left[who] : 0, t,
                             sizeof t));
}

double
match_clock_limit(const match_clock_t *c, int who)
{
    double t = c->tc.mode == MATCH_TC_MOVE ? c->tc.seconds : c->left[who];

    return t + c->tc.tolerance;
}

bool
match_clock_charge(match_clock_t *c, int who, double used,
                   double *left_after)
{
    double left;

    if (c->tc.mode == MATCH_TC_MOVE) {
        left = c->tc.seconds - used;
        *left_after = left > 0 ? left : 0;
        return used <= c->tc.seconds + c->tc.tolerance;
    }
    c->left[who] -= used;
    if (c->left[who] < -c->tc.tolerance) {
        *left_after = 0;
        return false;
    }
    c->left[who] += c->tc.increment;
    *left_after = c->left[who] > 0 ? c->left[who] : 0;
    return true;
}

static void
match_phase_add(match_phase_t *p, int moves, double total, double longest)
{
    p->moves += moves;
    p->total += total;
    if (longest > p->longest)
        p->longest = longest;
}

void
match_timing_add(match_timing_t *t, int number, double seconds)
{
    int k = number < 1 ? 0 : (number - 1) / 10;

    t->moves++;
    t->total += seconds;
    if (seconds > t->longest)
        t->longest = seconds;
    match_phase_add(&t->phase[k < MATCH_PHASES ? k : MATCH_PHASES - 1], 1, seconds,
                    seconds);
}

void
match_timing_merge(match_timing_t *into, const match_timing_t *from)
{
    into->moves += from->moves;
    into->total += from->total;
    if (from->longest > into->longest)
        into->longest = from->longest;
    for (int k = 0; k < MATCH_PHASES; k++)
        match_phase_add(&into->phase[k], from->phase[k].moves, from->phase[k].total,
                        from->phase[k].longest);
}

double
match_timing_mean(const match_timing_t *t)
{
    return t->moves ? t->total / t->moves : 0;
}
