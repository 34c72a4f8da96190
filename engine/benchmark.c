/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "board/position.h"
#include "engine/benchmark.h"

bool
benchmark_random_fills(const geometry_t *geo, double seconds,
                       const stop_t *stop, rng_t *rng, benchmark_result_t *out)
{
    position_t *p = malloc(sizeof *p);
    if (!p)
        return false;
    position_init(p, geo);
    out->games = out->black_wins = 0;
    double start = stop_now(), end = start + seconds, now = start;
    for (;;) {
        /* Poll the clock and the stop flag every 16 games: about 0.1 ms
         * on 11x11, far below the 100 ms an interrupt may take. */
        for (int i = 0; i < 16; i++) {
            while (p->nmoves > 0)
                position_undo(p);
            if (position_random_fill(p, rng) == HEX_BLACK)
                out->black_wins++;
            out->games++;
        }
        now = stop_now();
        if (now >= end || (stop && stop_requested(stop)))
            break;
    }
    out->seconds = now - start;
    position_free(p);
    free(p);
    return true;
}
