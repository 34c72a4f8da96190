/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tools/match/match_stats.h"
#include "tools/lib/util.h"

void
match_tally_add(match_tally_t *t, const match_result_t *r)
{
    int loser = 1 - r->winner;
    hex_color_t lose_color = hex_color_other(r->winner_color);

    if ((size_t)t->games == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 64;
        t->winners = util_xrealloc(t->winners, t->capacity);
    }
    t->winners[t->games++] = (unsigned char)r->winner;
    t->wins[r->winner]++;
    t->games_as[r->winner][r->winner_color]++;
    t->wins_as[r->winner][r->winner_color]++;
    t->games_as[loser][lose_color]++;
    t->color_wins[r->winner_color]++;
    t->reasons[r->reason]++;
    for (int who = 0; who < 2; who++)
        match_timing_merge(&t->timing[who], &r->timing[who]);
}

void
match_tally_free(match_tally_t *t)
{
    free(t->winners);
    t->winners = NULL;
    t->capacity = 0;
}

void
match_stats_wilson(int wins, int n, double z, double *lo, double *hi)
{
    double p = (double)wins / n, z2n = z * z / n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);

    *lo = centre - half;
    *hi = centre + half;
    /* Rounding must not push a bound past the ends of [0, 1]. */
    if (*lo < 0 || wins == 0)
        *lo = 0;
    if (*hi > 1 || wins == n)
        *hi = 1;
}

double
match_stats_elo(double p)
{
    if (!(p > 0))
        return -INFINITY;
    if (!(p < 1))
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

char *
match_stats_format_elo(double elo, char *buf, size_t size)
{
    if (isinf(elo))
        snprintf(buf, size, "%s", elo > 0 ? "+inf" : "-inf");
    else if (fabs(elo) < 0.05)
        snprintf(buf, size, "0.0");
    else
        snprintf(buf, size, "%+.1f", elo);
    return buf;
}

/* "8/10" */
static void
match_stats_ratio(FILE *f, int wins, int games)
{
    char t[32];

    snprintf(t, sizeof t, "%d/%d", wins, games);
    fprintf(f, "  %10s", t);
}

static void
match_stats_engines(FILE *f, const match_tally_t *t)
{
    fprintf(f, "engine        wins    as black    as white\n");
    for (int who = 0; who < 2; who++) {
        fprintf(f, "%-6s  %10d", who == 0 ? "A" : "B", t->wins[who]);
        match_stats_ratio(f, t->wins_as[who][HEX_BLACK],
                          t->games_as[who][HEX_BLACK]);
        match_stats_ratio(f, t->wins_as[who][HEX_WHITE],
                          t->games_as[who][HEX_WHITE]);
        putc('\n', f);
    }
    fprintf(f, "black won %d, white won %d\n", t->color_wins[HEX_BLACK],
            t->color_wins[HEX_WHITE]);
    fprintf(f, "reasons:");
    for (int r = 0; r < MATCH_REASONS; r++)
        if (t->reasons[r])
            fprintf(f, " %s %d", match_reason_name((match_reason_t)r),
                    t->reasons[r]);
    fprintf(f, "%s\n", t->games ? "" : " none");
}

/* Seconds, or "n/a" when no genmove was counted. */
static void
match_stats_seconds(FILE *f, const match_timing_t *t, double seconds)
{
    if (t->moves)
        fprintf(f, "  %10.3f", seconds);
    else
        fprintf(f, "  %10s", "n/a");
}

static void
match_stats_times(FILE *f, const match_tally_t *t)
{
    fprintf(f, "seconds per move, measured by the referee (genmove to "
            "reply):\n");
    fprintf(f, "engine       moves        mean     longest\n");
    for (int who = 0; who < 2; who++) {
        const match_timing_t *m = &t->timing[who];

        fprintf(f, "%-6s  %10d", who == 0 ? "A" : "B", m->moves);
        match_stats_seconds(f, m, match_timing_mean(m));
        match_stats_seconds(f, m, m->longest);
        putc('\n', f);
    }
    fprintf(f, "by move number:  A moves   mean longest   B moves   mean longest\n");
    for (int k = 0; k < MATCH_PHASES; k++) {
        const match_phase_t *a = &t->timing[0].phase[k], *b = &t->timing[1].phase[k];
        char range[16];

        if (a->moves == 0 && b->moves == 0)
            continue;
        if (k < MATCH_PHASES - 1)
            snprintf(range, sizeof range, "%d-%d", 10 * k + 1, 10 * k + 10);
        else
            snprintf(range, sizeof range, "%d-", 10 * k + 1);
        fprintf(f, "  %-12s %8d %6.3f %7.3f  %8d %6.3f %7.3f\n", range, a->moves,
                a->moves ? a->total / a->moves : 0.0, a->longest, b->moves,
                b->moves ? b->total / b->moves : 0.0, b->longest);
    }
}

static void
match_stats_rates(FILE *f, const match_tally_t *t)
{
    double lo, hi;
    char e[32], elo_lo[32], elo_hi[32];

    if (t->games == 0) {
        fprintf(f, "win rate of A: n/a (no game finished)\n"
                "Elo A-B: n/a\n");
        return;
    }
    match_stats_wilson(t->wins[0], t->games, MATCH_STATS_Z95, &lo, &hi);
    fprintf(f, "win rate of A: %.1f%% (95%% interval %.1f%% to %.1f%%)\n",
            100.0 * t->wins[0] / t->games, 100 * lo, 100 * hi);
    fprintf(f, "Elo A-B: %s (95%% interval %s to %s)\n",
            match_stats_format_elo(match_stats_elo((double)t->wins[0]
                                                   / t->games), e, sizeof e),
            match_stats_format_elo(match_stats_elo(lo), elo_lo,
                                   sizeof elo_lo),
            match_stats_format_elo(match_stats_elo(hi), elo_hi,
                                   sizeof elo_hi));
}

void
match_stats_summary(FILE *f, const match_tally_t *t, const match_summary_t *s)
{
    fprintf(f, "hein-match %s: %d of %d games%s on %dx%d\n", PACKAGE_VERSION,
            t->games, s->planned, s->interrupted ? " (interrupted)" : "",
            s->width, s->height);
    fprintf(f, "time: %s\nopenings: %s\nswap: %s\n", s->time_control,
            s->openings, s->swap ? "allowed" : "not allowed");
    for (int who = 0; who < 2; who++)
        fprintf(f, "%s: %s (%s)\n", who == 0 ? "A" : "B", s->names[who],
                s->commands[who]);
    match_stats_engines(f, t);
    match_stats_times(f, t);
    match_stats_rates(f, t);
}
