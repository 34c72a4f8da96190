/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solved-position database's commands (cmd_db.h). */
#include "config.h"

#include <stdio.h>

#include "engine/engine.h"
#include "engine/solverdb.h"
#include "gtp/args.h"
#include "gtp/cmd_db.h"
#include "gtp/htp.h"

#define DB_ERRLEN 512

htp_status_t
cmd_db_open(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[DB_ERRLEN];
    if (!args_count(cmd, 1, 1))
        return htp_usage(cmd);
    if (!engine_db_open(e, cmd->argv[0], err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_db_close(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    engine_db_close(e);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_db_clear(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[DB_ERRLEN];
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    if (!e->db)
        return htp_failure(cmd, "no database open");
    if (!solverdb_clear(e->db, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    return htp_success(cmd, NULL);
}

htp_status_t
cmd_db_stat(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[DB_ERRLEN];
    if (!args_count(cmd, 0, 0))
        return htp_usage(cmd);
    if (!e->db)
        return htp_failure(cmd, "no database open");
    uint64_t n;
    if (!solverdb_count(e->db, &n, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    solverdb_stats_t st;
    solverdb_stats(e->db, &st);
    return htp_success(cmd, "file %s\npositions %llu\nhits %llu\nmisses %llu\nstores %llu\n"
                       "errors %llu", solverdb_path(e->db), (unsigned long long)n,
                       (unsigned long long)st.hits, (unsigned long long)st.misses,
                       (unsigned long long)st.stores, (unsigned long long)st.errors);
}

htp_status_t
cmd_db_get(htp_cmd_t *cmd, void *ctx)
{
    engine_t *e = ctx;
    char err[DB_ERRLEN];
    const position_t *pos = &e->game.pos;
    hex_color_t color = pos->to_move;
    if (!args_count(cmd, 0, 1))
        return htp_usage(cmd);
    if (cmd->argc == 1 && !args_color(cmd->argv[0], &color, err, sizeof err))
        return htp_failure(cmd, "%s", err);
    if (!e->db)
        return htp_failure(cmd, "no database open");
    solverdb_entry_t r;
    solverdb_status_t st = solverdb_get(e->db, pos, color, &r, err, sizeof err);
    if (st == SOLVERDB_ERROR)
        return htp_failure(cmd, "%s", err);
    if (st == SOLVERDB_ABSENT)
        return htp_failure(cmd, "none");
    char name[MOVE_NAME_MAX];
    if (r.winner == color && r.move >= 0)
        return htp_success(cmd, "%s wins with %s, work %llu", hex_color_name(r.winner),
                           geometry_move_name(pos->geo, r.move, name),
                           (unsigned long long)r.work);
    return htp_success(cmd, "%s wins%s, work %llu", hex_color_name(r.winner),
                       r.winner == color ? " whatever it plays" : "",
                       (unsigned long long)r.work);
}
