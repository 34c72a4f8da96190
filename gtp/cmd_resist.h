/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_RESIST_H
#define HEIN_GTP_CMD_RESIST_H

/* HTP commands of the circuit evaluation (board/resist.h), with the names
 * and answer formats of Benzene's eval-resist and eval-resist-cells
 * (hexgui-protocol.md does not describe them; Benzene's own command
 * registry and analyze list do):
 *
 *   eval-resist [COLOUR]       one line, Benzene's three fields with
 *                              three decimals: "res VALUE rew R_WHITE
 *                              reb R_BLACK"; VALUE = log(R_white /
 *                              R_black), > 0 good for Black, +-1000 when
 *                              a side is connected (by stones, or by a
 *                              full VC when use_vcs); a connected side
 *                              has R 0, a cut-off side 1000000000.
 *                              HexGui type `string` (Benzene's label
 *                              "Show Resist").
 *   eval-resist-cells [COLOUR] `pspairs`: CELL SCORE for every empty cell
 *                              in cell order, SCORE the move score of
 *                              resist.h with four decimals (0 to 2).
 *   eval-resist-cells-relative [COLOUR]
 *                              the same cells with SCORE as an integer
 *                              from 0 to 99 relative to the best cell's
 *                              (99; all 0 when every score is 0): short
 *                              labels that fit HexGui's cells (hein's
 *                              own; HexGui's "Show Cell Energy").
 *
 * Benzene requires the COLOUR argument (HexGui sends %c) and ignores it;
 * hein accepts it (checked) or its absence, and its answers do not
 * depend on it: the value is Black's and the move score is the same for
 * both sides.  Both evaluations build both colours' VCs with the engine's
 * board knowledge (param_vc, templates) when param_resist use_vcs is on.  Every handler
 * takes the engine_t as context. */

#include "gtp/htp.h"

htp_status_t cmd_eval_resist(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_eval_resist_cells(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_eval_resist_cells_relative(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_RESIST_H */
