/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the HTP line parser and every command handler.
 *
 * The input is split into lines, each run through htp_execute against a
 * real engine, exactly as lines read from stdin are.  Commands that touch
 * files or run for a requested time or until a position is solved
 * (loadsgf, savesgf, db-open, benchmark, the solving commands) are left out of the
 * table; everything else -- ids, comments, control characters,
 * arguments of every kind -- is exercised.  Each input starts on a 5x5
 * board: the board knowledge behind genmove, vc-build and
 * compute-inferior costs far less there than on the 11x11 default, so
 * many more inputs run; "boardsize" reaches every other size.  After each
 * input the engine's position must still be consistent.
 *
 * One engine serves the whole run, made again only when an input changed
 * the board knowledge's settings: a new engine per input loads the
 * pattern files and, at its first genmove or vc-build, allocates VC
 * tables sized for the largest board, which under the sanitizers cost
 * more than most inputs do.  Each input still starts from the same state:
 * a new 5x5 game, the seed, and every parameter group as engine_new left
 * it (restored after the input; the player states and the solver session
 * made for the defaults stay). */
#include "config.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "gtp/commands.h"
#include "gtp/htp.h"
#include "search/scns.h"

/* The fuzzing harness keeps one filtered copy of the command table, the
 * engine and the parameters engine_new gave it for the whole run
 * (libFuzzer calls the target from a single thread). */
static htp_command_t fuzz_table[128];
static engine_t *fuzz_engine;
static engine_t fuzz_defaults;  /* the parameter groups only */

static bool
excluded(const char *name)
{
    return strcmp(name, "loadsgf") == 0 || strcmp(name, "savesgf") == 0
        || strcmp(name, "db-open") == 0
        || strcmp(name, "benchmark") == 0 || strcmp(name, "dfpn-solve-state") == 0
        || strcmp(name, "dfpn-solver-find-winning") == 0 || strcmp(name, "solve") == 0;
}

/* genmove must stay quick whatever an input set: the fixed time per move,
 * the SCNS player's expansions and its table are capped again before
 * every line (the clock's share of a long time_settings would otherwise
 * let a search run for seconds, and a table resized back and forth is
 * cleared each time; the other players answer at once). */
static void
keep_quick(engine_t *e)
{
    if (e->game_params.move_time > 0.01)
        e->game_params.move_time = 0.01;
    scns_params_t *scns = engine_param_base(e, engine_param_group("param_scns"));
    if (scns->max_expansions == 0 || scns->max_expansions > 32)
        scns->max_expansions = 32;
    if (scns->tt_mb > 8)
        scns->tt_mb = 8;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    size_t n = 0;
    for (const htp_command_t *c = commands_table; c->name; c++)
        if (!excluded(c->name) && n + 1 < sizeof fuzz_table / sizeof fuzz_table[0])
            fuzz_table[n++] = *c;
    memset(&fuzz_table[n], 0, sizeof fuzz_table[n]);
    return 0;
}

/* Restores every parameter group to its value at engine_new.  A changed
 * ICE, VC or resistance setting would leave player states and solver
 * workspaces made for it, so the engine is then made again. */
static void
restore_defaults(void)
{
    engine_t *e = fuzz_engine;
    const engine_t *d = &fuzz_defaults;
    bool knowledge_changed = memcmp(&e->ice_params, &d->ice_params, sizeof d->ice_params) != 0
        || memcmp(&e->vc_params, &d->vc_params, sizeof d->vc_params) != 0
        || memcmp(&e->resist_params, &d->resist_params, sizeof d->resist_params) != 0;
    if (knowledge_changed) {
        engine_free(fuzz_engine);
        fuzz_engine = NULL;
        return;
    }
    e->game_params = d->game_params;
    e->player_params = d->player_params;
    e->dfpn_params = d->dfpn_params;
    for (int i = 0; player_table[i]; i++) {
        const player_settings_t *s = player_table[i]->settings;
        if (s)
            s->defaults(engine_param_base(e, &s->group));
    }
    engine_apply_game_time(e);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    if (!fuzz_engine) {
        fuzz_engine = engine_new(1);
        assert(fuzz_engine);
        fuzz_defaults.game_params = fuzz_engine->game_params;
        fuzz_defaults.player_params = fuzz_engine->player_params;
        fuzz_defaults.ice_params = fuzz_engine->ice_params;
        fuzz_defaults.vc_params = fuzz_engine->vc_params;
        fuzz_defaults.resist_params = fuzz_engine->resist_params;
        fuzz_defaults.dfpn_params = fuzz_engine->dfpn_params;
    }
    engine_t *e = fuzz_engine;
    engine_seed(e, 1);
    FILE *sink = fopen("/dev/null", "w");
    htp_t *h = htp_new(stdin, sink, fuzz_table, e);
    assert(sink && h);
    if (engine_new_game(e, 5, 5) != GAME_OK)
        abort();
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        keep_quick(e);
        if (htp_execute(h, line, sink) == HTP_QUIT)
            break;
        assert(position_is_consistent(&e->game.pos));
    }
    free(text);
    htp_free(h);
    fclose(sink);
    restore_defaults();
    return 0;
}
