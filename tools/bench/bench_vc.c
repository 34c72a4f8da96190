/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-bench-vc: vc_build time and connection counts on SGF positions.
 *
 *   hein-bench-vc [--repeat N] FILE.sgf...
 *
 * For each position and each colour: the mean vc_build time over N builds
 * (default 20) in microseconds and the numbers of full and semi
 * connections; then the totals.  Then the incremental update: for every
 * empty cell and both stone colours, the mean time of vc_play after the
 * move (from a copy of the position's lists, the copy included) against a
 * fresh vc_build of the position after the move.  The edge templates are
 * loaded as the engine loads them (vc_template.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/vc.h"
#include "board/vc_template.h"
#include "engine/game.h"
#include "engine/sgf.h"
#include "tools/lib/util.h"

int
main(int argc, char **argv)
{
    int repeat = 20, first = 1;
    static const char usage[] = "usage: hein-bench-vc [--repeat N] FILE.sgf...\n";
    if (util_help_version(argc, argv, "hein-bench-vc", usage))
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
        fprintf(stderr, "hein-bench-vc: %s; no templates\n", err);
    vc_params_t params;
    vc_params_default(&params);
    vc_t *vc = vc_new(&params, ts), *base_vc = vc_new(&params, ts);
    game_t *g = malloc(sizeof *g);
    if (!vc || !base_vc || !g || game_init(g, 11, 11) != GAME_OK) {
        fprintf(stderr, "hein-bench-vc: out of memory\n");
        return 1;
    }
    double total_us = 0, play_us = 0, rebuild_us = 0;
    long plays = 0;
    long total_full = 0, total_semi = 0, builds = 0;
    printf("vc-build, max_fulls %d, max_semis %d, max_ors %d, templates %d, mean of %d builds\n",
           params.max_fulls, params.max_semis, params.max_ors, ts ? ts->nfile : 0, repeat);
    for (int i = first; i < argc; i++) {
        if (!sgf_load_file(g, argv[i], -1, err, sizeof err)) {
            fprintf(stderr, "hein-bench-vc: %s: %s\n", argv[i], err);
            return 1;
        }
        const char *base = strrchr(argv[i], '/');
        base = base ? base + 1 : argv[i];
        for (int c = 0; c < 2; c++) {
            double t0 = util_now();
            for (int k = 0; k < repeat; k++)
                if (!vc_build(vc, &g->pos, (hex_color_t)c)) {
                    fprintf(stderr, "hein-bench-vc: out of memory\n");
                    return 1;
                }
            double us = 1e6 * (util_now() - t0) / repeat;
            long f, s;
            vc_count(vc, &f, &s);
            printf("%-12s %-5s %2d stones %9.0f us %6ld full %7ld semi%s\n", base,
                   c ? "white" : "black", (int)(bitset_count(&g->pos.stones[0])
                                                + bitset_count(&g->pos.stones[1])),
                   us, f, s, vc_connected_fully(vc) ? "  (edges fully connected)" : "");
            total_us += us;
            total_full += f;
            total_semi += s;
            builds++;
            /* incremental against rebuild, over every empty cell */
            if (!vc_copy(base_vc, vc)) {
                fprintf(stderr, "hein-bench-vc: out of memory\n");
                return 1;
            }
            bitset_t empty = position_empty_cells(&g->pos);
            for (int cell = bitset_first(&empty); cell >= 0; cell = bitset_next(&empty, cell)) {
                for (int sc = 0; sc < 2; sc++) {
                    position_play(&g->pos, (hex_color_t)sc, cell);
                    double t1 = util_now();
                    bool ok = vc_copy(vc, base_vc) && vc_play(vc, &g->pos, (hex_color_t)sc, cell);
                    double t2 = util_now();
                    ok = ok && vc_build(vc, &g->pos, (hex_color_t)c);
                    double t3 = util_now();
                    position_undo(&g->pos);
                    if (!ok) {
                        fprintf(stderr, "hein-bench-vc: out of memory\n");
                        return 1;
                    }
                    play_us += 1e6 * (t2 - t1);
                    rebuild_us += 1e6 * (t3 - t2);
                    plays++;
                }
            }
        }
    }
    printf("total: %ld builds, %.0f us (mean %.0f us), %ld full, %ld semi\n", builds, total_us,
           total_us / (double)builds, total_full, total_semi);
    if (plays)
        printf("after one move (%ld moves, either colour): vc_play %.0f us mean, "
               "vc_build %.0f us mean\n", plays, play_us / (double)plays,
               rebuild_us / (double)plays);
    vc_free(vc);
    vc_free(base_vc);
    vc_templates_free(ts);
    game_free(g);
    free(g);
    return 0;
}
