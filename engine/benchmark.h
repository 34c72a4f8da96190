/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_BENCHMARK_H
#define HEIN_ENGINE_BENCHMARK_H

/* Random-fill benchmark: fill an empty board in random order, alternating
 * colours, and count who wins, until a time limit or a stop request.  It
 * measures the board core (play with union-find, winner test).  Shared by
 * the HTP `benchmark` command and tools/hein-bench. */

#include <stdint.h>

#include "board/geometry.h"
#include "board/rng.h"
#include "search/stop.h"

typedef struct benchmark_result {
    uint64_t games;
    uint64_t black_wins;
    double seconds;             /* wall time actually used */
} benchmark_result_t;

/* Play random fills on geo for up to `seconds` (or until `stop` asks to
 * stop; the stop condition is polled every few games, so the call returns
 * within a millisecond of a request).  Returns false only when memory is
 * short. */
bool benchmark_random_fills(const geometry_t *geo, double seconds,
                            const stop_t *stop, rng_t *rng,
                            benchmark_result_t *out);

#endif /* HEIN_ENGINE_BENCHMARK_H */
