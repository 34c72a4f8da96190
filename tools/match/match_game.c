/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sgf.h"
#include "tools/lib/htpclient.h"
#include "tools/match/match_game.h"
#include "tools/lib/util.h"

/* Seconds past its time limit before a silent engine is killed. */
#define MATCH_KILL_MARGIN 0.5
/* Seconds an engine gets to answer "quit" and exit. */
#define MATCH_QUIT_GRACE 2.0
/* Seconds a dying engine gets to exit before it is killed. */
#define MATCH_DEATH_GRACE 1.0

/* Kinds of commands an engine may refuse (index into env->warned). */
enum { MATCH_WARN_SETTINGS = 0, MATCH_WARN_LEFT = 1 };

/* One game being played; owned by the thread that plays it. */
typedef struct match_game {
    const match_game_env_t *env;
    const match_config_t *cfg;
    int number;                 /* from 0 */
    htpclient_t engine[2];
    char label[2][32];
    FILE *log[2];
    match_judge_t *judge;
    match_clock_t clock;
    match_timing_t timing[2];   /* by engine */
    bool cancelled;
    htpclient_reply_t reply;
} match_game_t;

/* The first word of a command line, for messages. */
static void
match_game_command_word(const char *line, char *out, size_t size)
{
    size_t n = strcspn(line, " ");

    snprintf(out, size, "%.*s", (int)n, line);
}

/* Ends the game after a command got no reply: the engine is gone (or
 * hangs and is killed).  Returns false, for the callers. */
static bool
match_game_no_reply(match_game_t *g, int who, htpclient_status_t st,
                    const char *line, double timeout)
{
    htpclient_t *e = &g->engine[who];
    char cmd[32], t[32], how[64];

    match_game_command_word(line, cmd, sizeof cmd);
    if (st == HTPCLIENT_CANCELLED) {
        g->cancelled = true;
    } else if (st == HTPCLIENT_TIMEOUT) {
        htpclient_finish(e, false, 0, false);
        match_judge_lose(g->judge, who, MATCH_REASON_TIMEOUT,
                         "no reply to %s within %s s", cmd,
                         match_tc_format(timeout, t, sizeof t));
    } else {
        int status = htpclient_finish(e, false, MATCH_DEATH_GRACE, false);

        match_judge_lose(g->judge, who, MATCH_REASON_CRASH,
                         "engine %s (during %s)",
                         htpclient_exit_text(status, how, sizeof how), cmd);
    }
    return false;
}

/* Sends a command that must succeed; a '?' forfeits the game with
 * `what` and the engine's message.  Returns whether the game goes on. */
static bool
match_game_must(match_game_t *g, int who, const char *line, const char *what)
{
    double timeout = g->cfg->command_timeout;
    htpclient_status_t st = htpclient_ask(&g->engine[who], line, timeout,
                                          &g->reply);
    char msg[160];

    if (st != HTPCLIENT_REPLY)
        return match_game_no_reply(g, who, st, line, timeout);
    if (g->reply.error) {
        util_one_line(strbuf_str(&g->reply.text), msg, sizeof msg);
        match_judge_lose(g->judge, who, MATCH_REASON_FORFEIT, "%s: %s", what,
                         msg);
        return false;
    }
    return true;
}

/* Sends a command the engine may refuse (a time command): a '?' is
 * warned about once per engine and kind.  Returns whether the game goes
 * on. */
static bool
match_game_may(match_game_t *g, int who, const char *line, int kind)
{
    double timeout = g->cfg->command_timeout;
    htpclient_status_t st = htpclient_ask(&g->engine[who], line, timeout,
                                          &g->reply);
    char msg[160];

    if (st != HTPCLIENT_REPLY)
        return match_game_no_reply(g, who, st, line, timeout);
    if (g->reply.error && !atomic_exchange(&g->env->warned[who * 2 + kind],
                                           true)) {
        util_one_line(strbuf_str(&g->reply.text), msg, sizeof msg);
        fprintf(stderr, "hein-match: warning: engine %s refused '%s': %s "
                "(it may not know the time it has; said once)\n",
                match_record_engine(who), line, msg);
    }
    return true;
}

/* The command line of engine `who` for game `number` (from 0), with
 * every "{game}" replaced by number + 1 (free with util_free_words). */
static char **
match_game_argv(const match_config_t *cfg, int who, int number)
{
    size_t n = 0;
    char **argv;

    while (cfg->argv[who][n])
        n++;
    argv = util_xmalloc((n + 1) * sizeof *argv);
    for (size_t i = 0; i < n; i++) {
        const char *w = cfg->argv[who][i], *hole;
        strbuf_t b = { 0 };

        util_buf_add(&b, "");
        while ((hole = strstr(w, MATCH_GAME_HOLE))) {
            util_buf_addn(&b, w, (size_t)(hole - w));
            util_buf_addf(&b, "%d", number + 1);
            w = hole + strlen(MATCH_GAME_HOLE);
        }
        util_buf_add(&b, w);
        argv[i] = b.s;
    }
    argv[n] = NULL;
    return argv;
}

/* Starts engine `who` for game `number`. */
static bool
match_game_start_engine(htpclient_t *e, const match_config_t *cfg, int who,
                        int number)
{
    char **argv = match_game_argv(cfg, who, number);
    bool ok = htpclient_start(e, argv, ".");

    util_free_words(argv);
    return ok;
}

/* Opens the traffic log of engine `who`: OUTDIR/game-NNN-X.log with
 * --logs, else /dev/null, so that the engine's stderr is not shown. */
static FILE *
match_game_open_log(const match_game_t *g, int who)
{
    strbuf_t path = { 0 };
    FILE *f;

    if (g->cfg->logs)
        util_buf_addf(&path, "%s/game-%03d-%s.log", g->cfg->outdir,
                      g->number + 1, match_record_engine(who));
    else
        util_buf_add(&path, "/dev/null");
    f = fopen(path.s, "we");
    if (!f)
        fprintf(stderr, "hein-match: cannot write %s\n", path.s);
    else
        setvbuf(f, NULL, _IOLBF, 0);
    strbuf_free(&path);
    return f;
}

static bool
match_game_start(match_game_t *g)
{
    for (int who = 0; who < 2; who++) {
        htpclient_t *e = &g->engine[who];

        snprintf(g->label[who], sizeof g->label[who], "game %d engine %s",
                 g->number + 1, match_record_engine(who));
        g->log[who] = match_game_open_log(g, who);
        e->log = g->log[who];
        e->prog = "hein-match";
        e->label = g->label[who];
        e->cancel_fd = g->env->cancel_fd;
        e->own_group = true;
        if (!match_game_start_engine(e, g->cfg, who, g->number)) {
            fprintf(stderr, "hein-match: game %d: cannot start engine %s: "
                    "%s\n", g->number + 1, match_record_engine(who),
                    g->cfg->command[who]);
            return false;
        }
    }
    return true;
}

/* boardsize, time_settings and the opening, to both engines. */
static bool
match_game_setup(match_game_t *g, const match_opening_t *opening)
{
    const game_t *game = &g->judge->game;
    char line[128], what[64], name[MOVE_NAME_MAX];

    for (int who = 0; who < 2; who++) {
        snprintf(line, sizeof line, "boardsize %d %d", g->cfg->width,
                 g->cfg->height);
        if (!match_game_must(g, who, line, "rejected boardsize"))
            return false;
        match_tc_settings(&g->cfg->tc, line, sizeof line);
        if (!match_game_may(g, who, line, MATCH_WARN_SETTINGS))
            return false;
    }
    match_judge_opening(g->judge, opening);
    for (int i = 0; i < game->nentries; i++) {
        const game_entry_t *e = &game->entries[i];

        geometry_move_name(game->pos.geo, e->move, name);
        snprintf(line, sizeof line, "play %s %s", hex_color_name(e->color),
                 name);
        snprintf(what, sizeof what, "rejected opening move %s", name);
        for (int who = 0; who < 2; who++)
            if (!match_game_must(g, who, line, what))
                return false;
    }
    return true;
}

/* Counts a move's time and charges it to the clock; ends the game when it
 * lost on time. */
static bool
match_game_charge(match_game_t *g, int who, double used, double *left)
{
    const match_tc_t *tc = &g->cfg->tc;
    char u[32], t[32], tol[32];

    match_timing_add(&g->timing[who], g->judge->game.nentries + 1, used);
    if (match_clock_charge(&g->clock, who, used, left))
        return true;
    match_tc_format(used, u, sizeof u);
    match_tc_format(tc->seconds, t, sizeof t);
    match_tc_format(tc->tolerance, tol, sizeof tol);
    if (tc->mode == MATCH_TC_MOVE)
        match_judge_lose(g->judge, who, MATCH_REASON_TIME,
                         "genmove took %s s, %s s per move + %s s "
                         "tolerance", u, t, tol);
    else
        match_judge_lose(g->judge, who, MATCH_REASON_TIME,
                         "genmove took %s s, which left the clock at %s s "
                         "(tolerance %s s)", u,
                         match_tc_format(g->clock.left[who], t, sizeof t),
                         tol);
    return false;
}

/* One move: time_left and genmove to the engine to move, the judgement,
 * and the move to the other engine.  Returns whether the game goes on. */
static bool
match_game_turn(match_game_t *g)
{
    hex_color_t color = match_judge_color(g->judge);
    int who = match_judge_engine(g->judge);
    double limit = match_clock_limit(&g->clock, who) + MATCH_KILL_MARGIN;
    char line[128], what[64], msg[160], name[MOVE_NAME_MAX];
    htpclient_status_t st;
    double start, used, left;
    int move;

    match_clock_time_left(&g->clock, who, color, line, sizeof line);
    if (!match_game_may(g, who, line, MATCH_WARN_LEFT))
        return false;
    snprintf(line, sizeof line, "genmove %s", hex_color_name(color));
    start = util_now();
    st = htpclient_ask(&g->engine[who], line, limit, &g->reply);
    if (st != HTPCLIENT_REPLY)
        return match_game_no_reply(g, who, st, line, limit);
    used = util_now() - start;
    if (!match_game_charge(g, who, used, &left))
        return false;
    if (g->reply.error) {
        util_one_line(strbuf_str(&g->reply.text), msg, sizeof msg);
        match_judge_lose(g->judge, who, MATCH_REASON_FORFEIT,
                         "genmove failed: %s", msg);
        return false;
    }
    move = match_judge_reply(g->judge, strbuf_str(&g->reply.text), used,
                             left);
    if (g->judge->over)
        return false;
    geometry_move_name(g->judge->game.pos.geo, move, name);
    snprintf(line, sizeof line, "play %s %s", hex_color_name(color), name);
    snprintf(what, sizeof what, "rejected the opponent's move %s", name);
    return match_game_must(g, 1 - who, line, what);
}

/* Writes OUTDIR/game-NNN.sgf. */
static bool
match_game_save(match_game_t *g, const match_result_t *r)
{
    const char *names[2] = { g->cfg->name[0], g->cfg->name[1] };
    const char *const *players = (const char *const *)g->cfg->player;
    game_info_t *info = &g->judge->game.info;
    char re[16], comment[1024], err[512];
    strbuf_t path = { 0 };
    bool ok;

    match_record_comment(r, names, comment, sizeof comment);
    if (!game_set_info(&info->player_black, players[r->black])
        || !game_set_info(&info->player_white, players[r->white])
        || !game_set_info(&info->result,
                          match_record_sgf_result(r, re, sizeof re))
        || !game_set_info(&info->comment, comment)) {
        fputs("hein-match: out of memory\n", stderr);
        return false;
    }
    util_buf_addf(&path, "%s/game-%03d.sgf", g->cfg->outdir, g->number + 1);
    ok = sgf_save_file(&g->judge->game, "hein-match:" PACKAGE_VERSION,
                       path.s, err, sizeof err);
    if (!ok)
        fprintf(stderr, "hein-match: %s\n", err);
    strbuf_free(&path);
    return ok;
}

/* Whether the match is stopping (the cancel descriptor is readable). */
static bool
match_game_stopping(const match_game_t *g)
{
    struct pollfd p = { .fd = g->env->cancel_fd, .events = POLLIN };

    return g->env->cancel_fd > 0 && poll(&p, 1, 0) > 0;
}

/* Ends both engines: politely after a game, at once when the match
 * stops. */
static void
match_game_finish(match_game_t *g)
{
    bool now = g->cancelled || match_game_stopping(g);

    for (int who = 0; who < 2; who++) {
        htpclient_finish(&g->engine[who], !now, now ? 0 : MATCH_QUIT_GRACE,
                         false);
        if (g->log[who])
            fclose(g->log[who]);
        g->log[who] = NULL;
    }
}

match_game_status_t
match_game_play(const match_game_env_t *env, int game, match_result_t *r,
                bool *sgf_ok)
{
    const match_config_t *cfg = env->cfg;
    int index = (game / 2) % cfg->openings.n;
    const match_opening_t *opening = &cfg->openings.list[index];
    match_game_t g = { .env = env, .cfg = cfg, .number = game };
    match_game_status_t status = MATCH_GAME_DONE;

    for (int who = 0; who < 2; who++) {
        g.engine[who].pid = -1;         /* not started: nothing to end */
        g.engine[who].to = g.engine[who].from = -1;
    }
    g.judge = util_xmalloc(sizeof *g.judge);
    if (!match_judge_init(g.judge, cfg->width, cfg->height, game % 2,
                          cfg->swap)) {
        fputs("hein-match: out of memory\n", stderr);
        free(g.judge);
        return MATCH_GAME_FAILED;
    }
    match_clock_init(&g.clock, &cfg->tc);
    *sgf_ok = true;
    if (!match_game_start(&g))
        status = MATCH_GAME_FAILED;
    else if (match_game_setup(&g, opening))
        while (match_game_turn(&g))
            ;
    if (status == MATCH_GAME_DONE && g.cancelled)
        status = MATCH_GAME_CANCELLED;
    match_game_finish(&g);
    if (status == MATCH_GAME_DONE) {
        memset(r, 0, sizeof *r);
        r->game = game;
        r->opening = index;
        r->opening_text = opening->text;
        r->timing[0] = g.timing[0];
        r->timing[1] = g.timing[1];
        match_record_from_judge(r, g.judge);
        *sgf_ok = match_game_save(&g, r);
    }
    strbuf_free(&g.reply.text);
    match_judge_free(g.judge);
    free(g.judge);
    return status;
}

bool
match_game_probe(const match_config_t *cfg, int cancel_fd, int who,
                 char **name)
{
    htpclient_t e = {
        .prog = "hein-match", .label = who == 0 ? "engine A" : "engine B",
        .cancel_fd = cancel_fd, .own_group = true
    };
    static const char *const asks[2] = { "name", "version" };
    htpclient_reply_t reply = { 0 };
    strbuf_t found = { 0 };
    bool ok = true;

    e.log = fopen("/dev/null", "we");
    if (!match_game_start_engine(&e, cfg, who, 0)) {
        if (e.log)
            fclose(e.log);
        return false;
    }
    for (int i = 0; ok && i < 2; i++) {
        htpclient_status_t st = htpclient_ask(&e, asks[i],
                                              cfg->command_timeout, &reply);

        if (st != HTPCLIENT_REPLY) {
            fprintf(stderr, "hein-match: engine %s (%s) %s '%s'\n",
                    match_record_engine(who), cfg->command[who],
                    st == HTPCLIENT_TIMEOUT ? "did not answer"
                    : st == HTPCLIENT_DEAD ? "died on" : "was stopped at",
                    asks[i]);
            ok = false;
        } else if (!reply.error && reply.text.len > 0
                   && !strchr(reply.text.s, '\n')
                   && (i == 0 || found.len > 0)) {
            /* "NAME", then " VERSION" when there is a name. */
            util_buf_add(&found, found.len ? " " : "");
            util_buf_add(&found, reply.text.s);
        }
    }
    htpclient_finish(&e, ok, MATCH_QUIT_GRACE, false);
    if (e.log)
        fclose(e.log);
    *name = util_xstrdup(found.len ? found.s : match_record_engine(who));
    strbuf_free(&found);
    strbuf_free(&reply.text);
    return ok;
}
