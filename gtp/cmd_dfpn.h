/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_DFPN_H
#define HEIN_GTP_CMD_DFPN_H

/* HTP commands of the DFPN solver (search/dfpn.h), Benzene-compatible so
 * that Benzene's regression files and HexGui's Solve button work:
 *
 *   dfpn-solve-state COLOUR [SECONDS]
 *                                   solve the position with COLOUR to move;
 *                                   answers the winner, black or white, or
 *                                   unknown when interrupted or out of time
 *   dfpn-solver-find-winning COLOUR [SECONDS]
 *                                   the winning moves of COLOUR among the
 *                                   moves the solver considers (must-play
 *                                   minus inferior cells); every move when
 *                                   the position is won whatever COLOUR
 *                                   plays; empty when lost; fails when
 *                                   interrupted or out of time first
 *   dfpn-clear-tt                   empty the transposition table
 *   dfpn-get-pv COLOUR              the principal variation stored in the
 *                                   table, COLOUR first
 *   dfpn-get-bounds COLOUR          pspairs: each considered move and its
 *                                   stored value for COLOUR: W (wins), L
 *                                   (loses) or phi:delta of the reply
 *   dfpn-save-proof FILE [COLOUR [SECONDS]]
 *                                   solve the position with COLOUR to move
 *                                   (default: the side to move; no swap)
 *                                   and write its proof certificate to
 *                                   FILE (engine/certificate.h, the format
 *                                   in doc/certificate.md; a complete file
 *                                   or none); answers the winner and the
 *                                   certificate's game nodes, connection
 *                                   nodes and bytes; fails when stopped
 *                                   first or the file cannot be written
 *   solve [COLOUR] [SECONDS]        solve for COLOUR (default: the side to
 *                                   move) within SECONDS (default:
 *                                   param_dfpn timelimit); answers e.g.
 *                                   "black wins with d4" and the figures
 *
 * SECONDS bounds the whole command (default: param_dfpn timelimit; 0: no
 * limit); Benzene's commands take COLOUR only and read timelimit, hein
 * also accepts the bound as an argument, so that HexGui's analyze list
 * can carry it.
 *
 * While solving, a progress line goes to stderr every progress_interval
 * seconds; with use_guifx 1 a `gogui-gfx: dfpn` block goes to stdout as
 * well: VAR the line being searched (moves only, the root's side to move
 * first; fill-in stones are left out), LABEL the root moves' values.
 * The protocol layer ends them with a clearing block (htp.h).  All take
 * the engine_t as context and work on its solver session
 * (engine/solver.h), which keeps its table from one command to the next;
 * param_dfpn (engine/params.c) sets the solver's parameters. */

#include "gtp/htp.h"

htp_status_t cmd_dfpn_solve_state(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_dfpn_find_winning(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_dfpn_clear_tt(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_dfpn_get_pv(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_dfpn_get_bounds(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_dfpn_save_proof(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_solve(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_DFPN_H */
