/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-bench: benchmarks that print what they measure.
 *
 *   hein-bench [--seconds S] [--size N] [--seed N]
 *
 * random-fill: single-thread random fills of an empty board (fill every
 * cell in random order, alternating colours, find the winner), in games
 * per second.  It measures the board core: play with union-find and the
 * O(1) winner test. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/geometry.h"
#include "board/rng.h"
#include "engine/benchmark.h"

static bool
parse_double_arg(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= lo && v <= hi))
        return false;
    *out = v;
    return true;
}

int
main(int argc, char **argv)
{
    static const struct option opts[] = {
        { "seconds", required_argument, NULL, 't' },
        { "size", required_argument, NULL, 'n' },
        { "seed", required_argument, NULL, 's' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 }
    };
    double seconds = 5, size = 11, seed = 1;
    int c;
    while ((c = getopt_long(argc, argv, "t:n:s:hV", opts, NULL)) != -1) {
        bool ok = true;
        switch (c) {
        case 't':
            ok = parse_double_arg(optarg, 0.01, 3600, &seconds);
            break;
        case 'n':
            ok = parse_double_arg(optarg, 1, HEX_MAX_SIZE, &size) && size == (int)size;
            break;
        case 's':
            ok = parse_double_arg(optarg, 1, 4e9, &seed) && seed == (double)(uint64_t)seed;
            break;
        case 'h':
            printf("usage: hein-bench [--seconds S] [--size N] [--seed N]\n");
            return 0;
        case 'V':
            printf("hein-bench (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return 0;
        default:
            ok = false;
        }
        if (!ok) {
            fprintf(stderr, "hein-bench: bad option (see --help)\n");
            return 2;
        }
    }
    geometry_t *geo = geometry_new((int)size, (int)size);
    rng_t rng;
    rng_seed(&rng, (uint64_t)seed);
    benchmark_result_t r;
    if (!geo || !benchmark_random_fills(geo, seconds, NULL, &rng, &r)) {
        fprintf(stderr, "hein-bench: out of memory\n");
        return 1;
    }
    geometry_unref(geo);
    printf("random-fill %dx%d, 1 thread: %llu games in %.2f s = %.0f games/s "
           "(%.2f us/game), black won %.1f%%\n",
           (int)size, (int)size, (unsigned long long)r.games, r.seconds,
           (double)r.games / r.seconds, 1e6 * r.seconds / (double)r.games,
           100.0 * (double)r.black_wins / (double)r.games);
    return 0;
}
