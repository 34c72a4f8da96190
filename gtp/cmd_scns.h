/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_SCNS_H
#define HEIN_GTP_CMD_SCNS_H

/* HTP commands that show a player's last search, for HexGui's analyze
 * menu.  They read the report any player may give (engine/player.h
 * last_search, engine.h engine_last_search); today the SCNS player
 * (engine/player_scns.c) is the one that searches, hence the names:
 *
 *   scns-pv        `var`: the principal variation from the current
 *                  position -- the search's line without its first move
 *                  after genmove played it, the whole line after
 *                  reg_genmove (the answer first)
 *   scns-values    `pspairs`: each move the search considered at its
 *                  root, in the player's order, as CELL VALUE:WORK --
 *                  VALUE the move's value for the side that searched in
 *                  the player's units (SCNS: hundredths of a natural-log
 *                  unit of the circuit's energy ratio), W or L when
 *                  proven won or lost; WORK the player's work below it in
 *                  that search (SCNS: expansions; the answer has the
 *                  most); empty when the root was decided without search
 *
 * Both take no argument and answer about a player's last genmove or
 * reg_genmove (the current player's first) when the current position is
 * the one it searched or that one with its answer played; otherwise they
 * fail and change nothing.  Both take the engine_t as context. */

#include "gtp/htp.h"

htp_status_t cmd_scns_pv(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_scns_values(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_SCNS_H */
