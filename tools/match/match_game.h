/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_MATCH_MATCH_GAME_H
#define HEIN_TOOLS_MATCH_MATCH_GAME_H

/* One game of a match between two HTP engines, each a fresh process.
 *
 * Game number k (from 0) starts from opening k/2 (cycling through the
 * list); engine A plays Black in even games and White in odd ones.  Each
 * engine gets "boardsize W H", the time_settings command, then the opening
 * moves as "play COLOUR MOVE".  Then, until the game ends, the engine to
 * move gets "time_left" and "genmove COLOUR"; its reply is judged with
 * hein's board (match_judge.h) and the time it took is charged to its
 * clock (match_clock.h); a legal move goes to the other engine as "play".
 *
 * Who loses, and why:
 *   - an illegal or unparsable genmove reply, or swap-pieces without
 *     --swap: "illegal";
 *   - a reply over the time allowed (plus the tolerance): "time"; no reply
 *     by then plus a small margin: the engine is killed, "timeout"; no
 *     reply to another command within the command timeout: "timeout";
 *   - a process that dies: "crash";
 *   - '?' to genmove, boardsize, an opening move or the opponent's move:
 *     "forfeit".  '?' to time_settings and time_left is only warned about
 *     (once per engine and match): not every engine keeps time.
 *   - "resign": "resign".
 * The game's SGF goes to OUTDIR/game-NNN.sgf (NNN from 001). */

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "tools/match/match_clock.h"
#include "tools/match/match_openings.h"
#include "tools/match/match_record.h"

/* In an engine's command line, this stands for the game number (from 1):
 * engines started afresh for every game with a fixed seed would play
 * every game alike ("hein --seed 1{game}" does not). */
#define MATCH_GAME_HOLE "{game}"

/* Everything a game needs to know; read-only while games run, so every
 * game thread shares one. */
typedef struct match_config {
    int width, height;
    int games;                  /* games in the match */
    bool swap;                  /* swap-pieces allowed */
    match_tc_t tc;
    double command_timeout;     /* seconds for any command but genmove */
    match_openings_t openings;
    char **argv[2];             /* the engines' command lines, split */
    const char *command[2];     /* ... as given */
    char *name[2];              /* the engines' names: "NAME VERSION" */
    char *player[2];            /* SGF PB/PW: the names, with " (A)" and
                                 * " (B)" added when they are the same */
    const char *outdir;
    bool logs;                  /* write OUTDIR/game-NNN-A.log, -B.log */
} match_config_t;

/* What a game shares with the rest of the match. */
typedef struct match_game_env {
    const match_config_t *cfg;
    int cancel_fd;              /* readable once the match must stop */
    atomic_bool *warned;        /* [4]: [engine * 2 + 0] time_settings,
                                 * [engine * 2 + 1] time_left refused
                                 * (set once, atomically) */
} match_game_env_t;

typedef enum match_game_status {
    MATCH_GAME_DONE,            /* finished: *result is filled */
    MATCH_GAME_CANCELLED,       /* cancel_fd fired: abandoned */
    MATCH_GAME_FAILED           /* the referee could not go on (an engine
                                 * could not be started): said on stderr */
} match_game_status_t;

/* Plays game number `game` (from 0).  *sgf_ok tells whether its SGF file
 * was written (a failure is said on stderr). */
match_game_status_t match_game_play(const match_game_env_t *env, int game,
                                    match_result_t *result, bool *sgf_ok);

/* Starts engine `who` once, as for the first game, to ask its name and
 * version ("NAME VERSION", or "A" / "B" when it will not tell).  Returns false, with the reason on
 * stderr, when it cannot be started or dies. */
bool match_game_probe(const match_config_t *cfg, int cancel_fd, int who,
                      char **name);

#endif /* HEIN_TOOLS_MATCH_MATCH_GAME_H */
