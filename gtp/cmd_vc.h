/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_VC_H
#define HEIN_GTP_CMD_VC_H

/* HTP commands of the virtual-connection engine (board/vc.h), with
 * Benzene's names and HexGui's reply formats (hexgui-protocol.md 6.3):
 *
 *   vc-build COLOUR            builds both colours' VCs with COLOUR to
 *                              move; answers an `inferior` list: `CELL x`
 *                              for every empty cell outside the consider
 *                              set (the must-play of COLOUR)
 *   vc-between-cells-full COLOUR A B   the full VCs of COLOUR between A
 *   vc-between-cells-semi COLOUR A B   and B, one per line:
 *        COLOUR FROM TO full|semi SOURCE [ CARRIER.. ] [ ] [KEY]
 *                              SOURCE: the rule that made it, as
 *                              Benzene names them: base (adjacent),
 *                              pattern (edge template), and, or
 *   vc-connected-to-full COLOUR A      plist: the cells with a full /
 *   vc-connected-to-semi COLOUR A      semi VC of COLOUR to A
 *   vc-get-mustplay COLOUR             plist: COLOUR's must-play
 *
 * A and B are cells, or an edge: north, south, west, east.  Every handler
 * takes the engine_t as context and builds on the current position; the
 * templates come from share/patterns/vc-templates.txt (vc_template.h),
 * and are left out, with a note on stderr, when the file is missing. */

#include <stdbool.h>

#include "board/bitset.h"
#include "board/position.h"
#include "board/vc.h"
#include "gtp/htp.h"

htp_status_t cmd_vc_build(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_vc_between_cells_full(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_vc_between_cells_semi(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_vc_connected_to_full(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_vc_connected_to_semi(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_vc_get_mustplay(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_VC_H */
