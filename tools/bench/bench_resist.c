/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-bench-resist: the circuit evaluation (board/resist.h) on SGF
 * positions.
 *
 *   hein-bench-resist [--repeat N] FILE.sgf...
 *
 * For each position, with the default parameters (param_resist) and the
 * side to move of the file:
 *   eval      one resist_compute with both colours' VCs already built,
 *             from a cold start, mean of N (default 50): evaluations per
 *             second, and the solver iterations (black + white);
 *   novc      the same without VC conductors;
 *   order     one full move ordering as the resistance player makes it:
 *             both VC builds, the evaluation, every empty cell sorted by
 *             its score (mean of N / 5);
 *   children  every child position evaluated (play, resist_compute
 *             without VCs, undo), cold (warm_start 0) and warm: the
 *             time and the iterations, to show what the warm start saves.
 * Then the totals.  The edge templates are loaded as the engine loads
 * them (vc_template.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/resist.h"
#include "board/vc.h"
#include "board/vc_template.h"
#include "engine/game.h"
#include "engine/sgf.h"
#include "tools/lib/util.h"

typedef struct totals {
    double eval_us, novc_us, order_us, cold_us, warm_us;
    long cold_it, warm_it, children, positions;
} totals_t;

static void
fail(const char *what)
{
    fprintf(stderr, "hein-bench-resist: %s\n", what);
    exit(1);
}

/* Every child of pos (the side to move plays each empty cell),
 * evaluated without VCs: seconds, and solver iterations into *iters. */
static double
children(resist_t *rs, const resist_params_t *prm, position_t *pos, resist_result_t *r,
         long *iters, long *n)
{
    bitset_t empty = position_empty_cells(pos);
    hex_color_t c = pos->to_move;
    *iters = 0;
    *n = 0;
    double t0 = util_now();
    for (int x = bitset_first(&empty); x >= 0; x = bitset_next(&empty, x)) {
        position_play(pos, c, x);
        if (!resist_compute(rs, prm, pos, NULL, r))
            fail("out of memory");
        *iters += r->iterations[0] + r->iterations[1];
        (*n)++;
        position_undo(pos);
    }
    return util_now() - t0;
}

static void
bench_position(const char *name, position_t *pos, const vc_params_t *vp,
               const vc_templates_t *ts, int repeat, resist_t *rs, resist_result_t *r,
               totals_t *t)
{
    /* eval and novc start cold: a warm start from the same position
     * would find the answer in 0 iterations */
    resist_params_t prm, novc, cold, warm;
    resist_params_default(&prm);
    prm.warm_start = false;
    cold = prm;
    cold.use_vcs = false;
    novc = cold;
    warm = cold;
    warm.warm_start = true;
    vc_t *vc[2] = { vc_new(vp, ts), vc_new(vp, ts) };
    if (!vc[0] || !vc[1] || !vc_build(vc[0], pos, HEX_BLACK) || !vc_build(vc[1], pos, HEX_WHITE))
        fail("out of memory");
    const vc_t *const *vcs = (const vc_t *const *)vc;

    double t0 = util_now();
    for (int k = 0; k < repeat; k++)
        if (!resist_compute(rs, &prm, pos, vcs, r))
            fail("out of memory");
    double eval = (util_now() - t0) / repeat;
    int iters = r->iterations[0] + r->iterations[1];
    double value = r->value, rb = r->resistance[HEX_BLACK], rw = r->resistance[HEX_WHITE];

    t0 = util_now();
    for (int k = 0; k < repeat; k++)
        if (!resist_compute(rs, &novc, pos, NULL, r))
            fail("out of memory");
    double plain = (util_now() - t0) / repeat;
    int plain_iters = r->iterations[0] + r->iterations[1];

    int orders = repeat / 5 > 0 ? repeat / 5 : 1;
    int moves[HEX_MAX_CELLS], nmoves = 0;
    t0 = util_now();
    for (int k = 0; k < orders; k++) {
        if (!vc_build(vc[0], pos, HEX_BLACK) || !vc_build(vc[1], pos, HEX_WHITE)
            || !resist_compute(rs, &prm, pos, vcs, r))
            fail("out of memory");
        nmoves = resist_order(r, pos, moves);
    }
    double order = (util_now() - t0) / orders;
    char best[MOVE_NAME_MAX];
    geometry_move_name(pos->geo, nmoves > 0 ? moves[0] : MOVE_NONE, best);

    long cold_it, warm_it, n;
    resist_forget(rs);
    double cold_s = children(rs, &cold, pos, r, &cold_it, &n);
    resist_forget(rs);
    if (!resist_compute(rs, &warm, pos, NULL, r))   /* the parent first */
        fail("out of memory");
    double warm_s = children(rs, &warm, pos, r, &warm_it, &n);

    printf("%-10s %2d empty  value %+7.3f (Rb %.3f Rw %.3f)  eval %6.0f us %3d it"
           "  novc %5.0f us %3d it  order %6.0f us (best %s)"
           "  children cold %6.0f us %5ld it, warm %6.0f us %5ld it\n",
           name, nmoves, value, rb, rw, 1e6 * eval, iters, 1e6 * plain, plain_iters,
           1e6 * order, best, 1e6 * cold_s, cold_it, 1e6 * warm_s, warm_it);
    t->eval_us += 1e6 * eval;
    t->novc_us += 1e6 * plain;
    t->order_us += 1e6 * order;
    t->cold_us += 1e6 * cold_s;
    t->warm_us += 1e6 * warm_s;
    t->cold_it += cold_it;
    t->warm_it += warm_it;
    t->children += n;
    t->positions++;
    vc_free(vc[0]);
    vc_free(vc[1]);
}

int
main(int argc, char **argv)
{
    static const char usage[] = "usage: hein-bench-resist [--repeat N] FILE.sgf...\n";
    int repeat = 50, first = 1;
    if (util_help_version(argc, argv, "hein-bench-resist", usage))
        return 0;
    if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
        repeat = atoi(argv[2]);
        first = 3;
    }
    if (repeat < 1 || first >= argc) {
        fputs(usage, stderr);
        return 2;
    }
    char err[512];
    vc_templates_t *ts = vc_templates_load_default(err, sizeof err);
    if (!ts)
        fprintf(stderr, "hein-bench-resist: %s; no templates\n", err);
    vc_params_t vp;
    vc_params_default(&vp);
    resist_params_t prm;
    resist_params_default(&prm);
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    game_t *g = malloc(sizeof *g);
    if (!rs || !r || !g || game_init(g, 11, 11) != GAME_OK)
        fail("out of memory");
    printf("resist: conductances %g/%g, VC weight %g, tolerance %g; eval = mean of %d,"
           " order = mean of %d\n", prm.empty_empty, prm.empty_group, prm.vc_weight,
           prm.tolerance, repeat, repeat / 5 > 0 ? repeat / 5 : 1);
    totals_t t = { 0 };
    for (int i = first; i < argc; i++) {
        if (!sgf_load_file(g, argv[i], -1, err, sizeof err)) {
            fprintf(stderr, "hein-bench-resist: %s: %s\n", argv[i], err);
            return 1;
        }
        const char *base = strrchr(argv[i], '/');
        base = base ? base + 1 : argv[i];
        bench_position(base, &g->pos, &vp, ts, repeat, rs, r, &t);
    }
    double n = (double)t.positions;
    printf("mean: eval %.0f us = %.0f evaluations/s (with VCs built), %.0f/s without VCs\n",
           t.eval_us / n, 1e6 * n / t.eval_us, 1e6 * n / t.novc_us);
    printf("mean: full move ordering (2 VC builds + eval + sort) %.2f ms\n", t.order_us / n / 1e3);
    printf("children: %ld evaluations, cold %.0f/s (%.1f it each), warm %.0f/s (%.1f it each)\n",
           t.children, 1e6 * (double)t.children / t.cold_us,
           (double)t.cold_it / (double)t.children, 1e6 * (double)t.children / t.warm_us,
           (double)t.warm_it / (double)t.children);
    resist_free(rs);
    free(r);
    vc_templates_free(ts);
    game_free(g);
    free(g);
    return 0;
}
