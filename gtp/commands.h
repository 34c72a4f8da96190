/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_COMMANDS_H
#define HEIN_GTP_COMMANDS_H

/* hein's HTP command table.  Every handler takes the engine_t (engine.h)
 * as its context. */

#include "gtp/htp.h"

#include <stdbool.h>

#include "engine/param.h"

/* The table, ended by a NULL name. */
extern const htp_command_t commands_table[];

/* The body of every param_X command, over the parameter group at `base`
 * described by `table`: no argument lists "[type] key value" lines, KEY
 * shows one value, KEY VALUE sets it (validated first; nothing changes on
 * error).  *changed tells whether a value was set. */
htp_status_t commands_param(htp_cmd_t *cmd, const param_desc_t *table, void *base,
                            bool *changed);

#endif /* HEIN_GTP_COMMANDS_H */
