/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_ENGINE_CERTIFICATE_H
#define HEIN_ENGINE_CERTIFICATE_H

/* Proof certificates: the solver's result written so that a program that
 * shares nothing with it (tools/verify, hein-verify) can check it with the
 * rules of Hex alone.  The format is doc/certificate.md (version 3).
 *
 * A certificate is a game tree (a DAG: transpositions share a node) over
 * real positions plus the fill-in the verifier can check -- the loser's
 * stones of the solver's fill-in (monotonicity) and the winner's captured
 * sets that a local search proves (the writer makes the verifier's search
 * itself before it writes one); of the inferior cells only the loser's
 * replies that a killer makes dead by the clique rule (the verifier checks
 * the rule); no dominance, no symmetry: every other pruning the solver
 * made is either not used or proved again explicitly.  At each node of the winner it gives one move; at
 * each node of the loser it gives every empty cell the loser may play,
 * either with the node that proves the position after it, or covered by a
 * winner's semi-connection between its edges: the key and a strategy for
 * the full connection the key makes, whose carrier the reply misses.  A
 * leaf is a board the winner has connected, or a full connection of the
 * winner's edges with the loser to move.  Every connection comes with an
 * explicit strategy inside its carrier (split over a winner's group into
 * two connections with disjoint carriers, or: for every loser move into
 * the carrier, the winner's answer and the strategy after it), found here
 * by H-search (board/vc.h) on the local board (the cells outside the
 * carrier given to the loser) and, where H-search does not find the
 * answer, by trying each cell.  A strategy is written once for its
 * endpoints, carrier and the winner's stones, and referred to again
 * wherever the three come back (transpositions inside a carrier, game
 * nodes with the same winner's stones).  Where a connection cannot be written so,
 * the certificate falls back on the game tree and asks the solver for the
 * winner's move at each of its nodes (solver_solve, whose table makes
 * that cheap after the first solve).
 *
 * Used by one thread at a time, on the solver session it is given (the
 * session must be prepared, engine_solver). */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "board/position.h"
#include "board/strbuf.h"
#include "engine/solver.h"
#include "search/dfpn.h"
#include "search/stop.h"

typedef struct cert_stats {
    hex_color_t winner;         /* the claim's winner */
    uint64_t game_nodes;        /* game nodes written (w m v l lines) */
    uint64_t conn_nodes;        /* connection nodes written (c s r) */
    uint64_t vc_leaves;         /* full-connection leaves (v) */
    uint64_t covers;            /* semi covers at the loser's nodes */
    uint64_t captured_sets;     /* the winner's captured sets filled ('k') */
    uint64_t killed;            /* loser's replies answered by a killer */
    uint64_t solver_calls;      /* solves for a winner's move */
    size_t bytes;               /* the certificate's size */
    double seconds;             /* the time to write it, the solve too */
} cert_stats_t;

/* Solve pos with to_move to move (no swap) on the session sv (within
 * stop; params and the knowledge kn as the engine gives them), then append
 * its certificate to out.  False with a reason in err when the solve
 * stops before the end, memory is short, or the solver's answers
 * disagree with the rules (a bug: the certificate is then not written).
 * pos is not changed. */
bool certificate_build(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
                       const position_t *pos, hex_color_t to_move, const stop_t *stop,
                       strbuf_t *out, cert_stats_t *st, char *err, size_t errlen);

/* certificate_build into the file at path, written whole (a temporary
 * file beside it, then renamed): an existing file is replaced only by a
 * complete certificate. */
bool certificate_write(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
                       const position_t *pos, hex_color_t to_move, const stop_t *stop,
                       const char *path, cert_stats_t *st, char *err, size_t errlen);

/* Whether the file at path holds a whole certificate this writer made of
 * pos with to_move to move: its header's format, board, stones and side
 * to move are pos's, and it ends with the 'end' line (certificate_write
 * never leaves a part of one).  The proof itself is not read: hein-verify
 * checks it.  hein-solve --resume keeps such a file instead of writing it
 * again. */
bool certificate_present(const char *path, const position_t *pos, hex_color_t to_move);

#endif /* HEIN_ENGINE_CERTIFICATE_H */
