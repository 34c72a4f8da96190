/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_STATS_H
#define HEIN_TOOLS_MATCH_MATCH_STATS_H

/* Counting a match's results, and what they say: the win rate of A with
 * its 95 % Wilson score interval, the Elo difference A - B with the
 * interval got by transforming the Wilson bounds,
 *
 *     elo(p) = -400 log10(1/p - 1),
 *
 * which is -inf at p = 0 and +inf at p = 1 (written "-inf" / "+inf":
 * a side that won every game), and each engine's seconds per move as the
 * referee measured them, so that a match at "equal time" shows whether
 * the engines took it.  Hex has no draws. */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tools/match/match_record.h"

/* z for a two-sided 95 % interval. */
#define MATCH_STATS_Z95 1.959963984540054

/* The finished games of a match, counted.  A tally has no lock of its
 * own: threads that share one must add to it and read it under one lock
 * (hein-match's game threads use the lock of their match_run_t, in
 * match.c, which also orders the tally with results.txt). */
typedef struct match_tally {
    int games;
    int wins[2];                /* by engine */
    int games_as[2][2];         /* [engine][colour]: games played */
    int wins_as[2][2];          /* [engine][colour]: games won */
    int color_wins[2];          /* by colour */
    int reasons[MATCH_REASONS];
    match_timing_t timing[2];   /* every game's genmoves, by engine */
    unsigned char *winners;     /* games of them: the engine that won each
                                 * game, in the order they were added */
    size_t capacity;            /* of winners */
} match_tally_t;

/* Adds a finished game.  A tally starts as { 0 }. */
void match_tally_add(match_tally_t *t, const match_result_t *r);

/* Frees what a tally holds (its winners). */
void match_tally_free(match_tally_t *t);

/* The Wilson score interval for `wins` out of n > 0 at z. */
void match_stats_wilson(int wins, int n, double z, double *lo, double *hi);

/* elo(p) as above; -INFINITY for p <= 0, +INFINITY for p >= 1. */
double match_stats_elo(double p);

/* An Elo difference: "+190.8", "-7.0", "0.0", "+inf", "-inf".  Returns
 * buf. */
char *match_stats_format_elo(double elo, char *buf, size_t size);

/* What the summary says about the match besides the tally. */
typedef struct match_summary {
    const char *names[2];       /* the engines' names */
    const char *commands[2];    /* their command lines */
    int width, height;
    int planned;                /* games asked for */
    const char *time_control;   /* in words */
    const char *openings;       /* in words */
    bool swap;
    bool interrupted;
} match_summary_t;

/* Writes the summary: the match, games, wins per engine and per colour,
 * the reasons, each engine's genmoves with their mean and longest time
 * (in all, and by the game's move number in tens),
 * the win rate of A and the Elo difference A - B, each with its 95 %
 * interval. */
void match_stats_summary(FILE *f, const match_tally_t *t,
                         const match_summary_t *s);

#endif /* HEIN_TOOLS_MATCH_MATCH_STATS_H */
