/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_NET_H
#define HEIN_GTP_CMD_NET_H

/* HTP commands that show the network's evaluation (board/net.h) of the
 * current position, for HexGui's analyze menu and for tools:
 *
 *   net-value [COLOUR]         `string`: "COLOUR VALUE", VALUE the
 *                              network's chance that COLOUR, to move,
 *                              wins, with three decimals
 *   net-policy [COLOUR]        `pspairs`: CELL P for every empty cell in
 *                              cell order, P the policy's probability of
 *                              the cell for COLOUR to move in percent,
 *                              rounded to an integer (labels that fit
 *                              HexGui's cells)
 *   net-move-values [COLOUR]   `pspairs`: CELL V for every empty cell in
 *                              cell order, V COLOUR's chance of winning
 *                              after playing the cell, in percent,
 *                              rounded (the move-value head; refused for
 *                              a net of format version 1)
 *
 * COLOUR defaults to the side to move; the evaluation reads the board as
 * it is for that colour to move.  Each evaluates the net the players see
 * (param_net, on the fastest path the machine has) and fails, changing
 * nothing, when none is in use ("no network in use (param_net)").  Every
 * handler takes the engine_t as context. */

#include "gtp/htp.h"

htp_status_t cmd_net_value(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_net_policy(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_net_move_values(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_NET_H */
