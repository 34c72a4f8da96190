/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_ICE_H
#define HEIN_GTP_CMD_ICE_H

/* HTP commands of the inferior-cell engine (board/ice.h):
 *
 *   compute-inferior COLOUR   the inferior cells for COLOUR to move, in
 *                             HexGui's `inferior` format (Benzene's older
 *                             codes): CELL CODE pairs in cell order, CODE
 *                             fdb/fdw dead (filled black/white), fcb/fcw
 *                             captured by black/white, iv[K-K..] vulnerable
 *                             with its killers, ir[K-K..] captured-
 *                             reversible (not vulnerable) with its
 *                             reversers, id[D] dominated by D.
 *
 * It takes the engine_t as context and reads the engine's board knowledge
 * (param_player_ice, the pattern files). */

#include "board/ice.h"
#include "gtp/htp.h"

htp_status_t cmd_compute_inferior(htp_cmd_t *cmd, void *ctx);

/* Append a result in the `inferior` format to the reply being built
 * (shared with vc-build).  Writes nothing for a result without cells. */
void cmd_ice_write(htp_cmd_t *cmd, const geometry_t *geo, const ice_result_t *r);

#endif /* HEIN_GTP_CMD_ICE_H */
