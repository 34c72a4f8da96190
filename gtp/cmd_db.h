/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_GTP_CMD_DB_H
#define HEIN_GTP_CMD_DB_H

/* The solved-position database's commands (engine/solverdb.h), on the
 * engine's database (engine_db_open), which the solver session consults
 * before searching and fills with what it proves (engine/solver.h):
 *
 *   db-open FILE      open the store FILE (created when absent), closing
 *                     the one open before; a file that is not a store, or
 *                     a store of another format version, is refused with
 *                     its message and the one open before stays
 *   db-close          close it (none open: nothing to do)
 *   db-clear          remove every stored position
 *   db-stat           the file, its positions, and this session's hits,
 *                     misses, stores and errors, a "key value" line each
 *   db-get [COLOUR]   the stored result for the position on the board
 *                     with COLOUR (default: the side to move) to move:
 *                     "black wins with d4, work 12345", "white wins,
 *                     work 77" (the other colour to move), "black wins
 *                     whatever it plays, work 3"; "? none" when absent
 *
 * Every command but db-open and db-close fails with "? no database open"
 * when none is.  Takes the engine_t as context. */

#include "gtp/htp.h"

htp_status_t cmd_db_open(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_db_close(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_db_clear(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_db_stat(htp_cmd_t *cmd, void *ctx);
htp_status_t cmd_db_get(htp_cmd_t *cmd, void *ctx);

#endif /* HEIN_GTP_CMD_DB_H */
