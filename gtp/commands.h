/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_COMMANDS_H
#define HEIN_GTP_COMMANDS_H

/* hein's HTP command table.  Every handler takes the engine_t (engine.h)
 * as its context. */

#include "gtp/htp.h"

/* The table, ended by a NULL name. */
extern const htp_command_t commands_table[];

/* The idle work (htp.h htp_set_idle) for an engine_t: pondering
 * (engine.h engine_ponder) when param_game ponder asks for it. */
void commands_idle(void *ctx, const stop_t *stop);

#endif /* HEIN_GTP_COMMANDS_H */
