/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-bench-net: the network's evaluations per second (board/net.h), one
 * thread, on each path this machine has.
 *
 *   hein-bench-net [--seconds S] FILE.net
 *
 * For 7x7, 11x11 and 19x19, on ten middle-game positions each (a third
 * of the cells filled at random, the colours alternating, the side to
 * move alternating between positions), net_eval_path is called for S
 * seconds (default 2) per path and size: evaluations per second and the
 * mean time of one.  Benchmarks print; nothing here asserts. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/geometry.h"
#include "board/net.h"
#include "board/position.h"
#include "board/rng.h"
#include "tools/lib/util.h"

#define POSITIONS 10

static const char usage[] =
    "usage: hein-bench-net [--seconds S] FILE.net\n"
    "The network's evaluations per second on 7x7, 11x11 and 19x19, one thread,\n"
    "on each evaluation path this machine has (portable C, AVX2, AVX-512, AMX).\n";

int
main(int argc, char **argv)
{
    if (util_help_version(argc, argv, "hein-bench-net", usage))
        return 0;
    double seconds = 2.0;
    static const struct option longopts[] = {
        { "seconds", required_argument, NULL, 's' }, { NULL, 0, NULL, 0 }
    };
    int c;
    while ((c = getopt_long(argc, argv, ":s:", longopts, NULL)) != -1) {
        if (c == 's') {
            char *end;
            seconds = strtod(optarg, &end);
            if (*end || !(seconds > 0.0) || seconds > 3600.0) {
                fprintf(stderr, "hein-bench-net: --seconds wants a number of seconds, "
                        "above 0 and at most 3600\n");
                return 1;
            }
        } else {
            util_option_error("hein-bench-net", c, optopt, argv[optind - 1]);
            return 1;
        }
    }
    if (optind != argc - 1) {
        fputs(usage, stderr);
        return 1;
    }
    char err[512];
    net_t *net = net_load(argv[optind], err, sizeof err);
    if (!net) {
        fprintf(stderr, "hein-bench-net: %s\n", err);
        return 1;
    }
    net_shape_t sh = net_shape(net);
    net_scratch_t *s = net_scratch_new(net);
    if (!s) {
        fprintf(stderr, "hein-bench-net: out of memory\n");
        return 2;
    }
    printf("net %s: %d blocks x %d channels, value head %d x %d, %zu parameters\n",
           argv[optind], sh.blocks, sh.channels, sh.value_channels, sh.value_hidden,
           net_parameters(net));
    static const int sizes[] = { 7, 11, 19 };
    rng_t rng;
    rng_seed(&rng, 1);
    for (int k = 0; k < 3; k++) {
        int n = sizes[k];
        geometry_t *g = geometry_new(n, n);
        if (!g) {
            fprintf(stderr, "hein-bench-net: out of memory\n");
            return 2;
        }
        static position_t pos[POSITIONS];
        for (int i = 0; i < POSITIONS; i++) {
            position_init(&pos[i], g);
            for (int m = 0; m < g->ncells / 3; m++) {
                int cell;
                do
                    cell = (int)rng_below(&rng, (uint32_t)g->ncells);
                while (position_color_at(&pos[i], cell) != HEX_EMPTY);
                position_play(&pos[i], (hex_color_t)(m % 2), cell);
            }
        }
        for (int path = NET_PATH_PORTABLE; path < NET_PATHS; path++) {
            if (!net_path_available((net_path_t)path)) {
                printf("%2dx%-2d %-8s  not available on this CPU\n", n, n,
                       net_path_name((net_path_t)path));
                continue;
            }
            float policy[HEX_MAX_CELLS], value;
            long evals = 0;
            double t0 = util_now(), t;
            if (!net_eval_path(net, s, &pos[0], HEX_BLACK, (net_path_t)path, policy, &value)) {
                printf("%2dx%-2d %-8s  not for this net's shape\n", n, n,
                       net_path_name((net_path_t)path));
                continue;
            }
            do {
                for (int i = 0; i < POSITIONS; i++)
                    net_eval_path(net, s, &pos[i], (hex_color_t)(i % 2), (net_path_t)path,
                                  policy, &value);
                evals += POSITIONS;
                t = util_now() - t0;
            } while (t < seconds);
            printf("%2dx%-2d %-8s  %9.0f evaluations/s  %8.1f us each\n", n, n,
                   net_path_name((net_path_t)path), evals / t, 1e6 * t / evals);
        }
        for (int i = 0; i < POSITIONS; i++)
            position_free(&pos[i]);
        geometry_unref(g);
    }
    net_scratch_free(s);
    net_free(net);
    return 0;
}
