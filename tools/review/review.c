/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-review: hein annotates a finished game.  Every position of the
 * game's main line is reviewed by engine/review.h (the current player's
 * search, then the solver), from the last position back to the first, so
 * that the solver's table, kept from one position to the next, holds the
 * proofs of the positions after the one it solves; the moves' losses and
 * turning points follow (review_mark), then the summary on stdout, the
 * annotated SGF and the plot (review_plot.h), each written whole or not
 * at all.
 *
 * Threads: the main thread reads the options and the game, starts a
 * signal thread and runs the review (the engine's searches start and join
 * threads of their own inside each position).  The signal thread turns
 * SIGINT, SIGTERM and SIGHUP (blocked in every other thread) into a stop:
 * it sets the run's halt flag, which the searches' stop_t carries, so the
 * position under review ends at once and is left out; the positions done
 * are summed up and written, and the exit status is 128 + the signal.
 * Exit status otherwise: 0 when the game was reviewed, 1 when the game
 * cannot be read or an output cannot be written, 2 on a usage error. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/review.h"
#include "engine/sgf.h"
#include "tools/lib/sigthread.h"
#include "tools/lib/util.h"
#include "tools/review/review_plot.h"

#define REVIEW_MAX_SECONDS 86400.0
#define REVIEW_MAX_PARAMS 32

/* The command line, read. */
typedef struct review_opts {
    const char *game;           /* GAME.sgf */
    const char *out_sgf;        /* -o, or NULL */
    const char *plot;           /* --plot, or NULL */
    review_settings_t settings;
    int32_t threshold;          /* --loss-threshold */
    const char *threads;        /* --threads, checked by the engine */
    const char *tt_mb;          /* --tt-mb, checked by the engine */
    uint64_t seed;              /* --seed */
    int max_moves;              /* --moves; -1: all */
    int nparams;
    const char *params[REVIEW_MAX_PARAMS];      /* --param */
    bool quiet;                 /* --quiet: no progress */
} review_opts_t;

/* The stop, shared by the main thread and the signal thread. */
typedef struct review_run {
    _Atomic bool halt;          /* set once: the review stops (the
                                 * searches' stop_t carries it) */
    sigthread_t signals;        /* the signal that stopped it */
} review_run_t;

/* The game and its review, owned by the main thread. */
typedef struct review_game {
    game_t *record;             /* the game as read */
    int n;                      /* its moves (stones and swaps) */
    int *entry;                 /* entry[k]: the record's entry of move
                                 * k + 1 */
    review_position_t *pos;     /* n + 1: pos[k] after k moves */
    review_move_t *moves;       /* n: moves[k - 1] for move k */
    int reviewed;               /* positions reviewed */
    double seconds;             /* the review's time */
    const char *value_unit;     /* the player's, or NULL */
} review_game_t;

static void
review_usage(FILE *f)
{
    fprintf(f,
        "Usage: hein-review [OPTION]... GAME.sgf\n"
        "hein reviews a game: every position of its main line (HexGui's SGF,\n"
        "swap included, any board size hein plays) is searched by hein's\n"
        "current player and then tried by its solver, and each move gets\n"
        "hein's best move and its value, the played move's value, the loss\n"
        "between the two and the proven results before and after it.\n"
        "\n"
        "  -o, --output FILE      write the game annotated as SGF: a comment\n"
        "                         on each move (its value and loss, hein's best\n"
        "                         move and value, the proven results, the\n"
        "                         turning point) and hein's best move as a\n"
        "                         label 'best' (HexGui shows both)\n"
        "      --plot FILE        write Black's value over the moves as PNG:\n"
        "                         proven positions clipped into red bands at\n"
        "                         the top (Black wins) and bottom (White\n"
        "                         wins), turning points as coloured lines\n"
        "  -S, --seconds S        search seconds a position (default %g)\n"
        "      --solve-seconds T  solver seconds a position (default %g;\n"
        "                         0: no solver)\n"
        "      --loss-threshold L mark every move that loses at least L\n"
        "                         value units (default %d: one natural-log\n"
        "                         unit of the circuit's energy ratio)\n"
        "  -T, --threads N        the engine's threads (default 1)\n"
        "      --tt-mb N          the solver's table in MiB (default 64)\n"
        "      --seed N           the engine's seed (default 1)\n"
        "      --moves N          review the first N moves only\n"
        "      --param \"GROUP KEY VALUE\"  set an engine parameter as the HTP\n"
        "                         command GROUP would (repeatable), e.g.\n"
        "                         --param \"param_player name resistance\" or\n"
        "                         --param \"param_scns max_expansions 2000\"\n"
        "  -q, --quiet            no progress lines\n"
        "  -h, --help             show this help and exit\n"
        "  -V, --version          show the version and exit\n"
        "\n"
        "Values are the player's, for the side to move (SCNS: hundredths of a\n"
        "natural-log unit of the circuit's energy ratio; 'win'/'loss' when\n"
        "proven).  hein's best move is the one its search would play; a\n"
        "move's loss is the best move's value less its own, never below 0.  A\n"
        "move the search did not value -- one its expansion pruned (an\n"
        "inferior cell, a move outside the must-play, the twin of a move on a\n"
        "board symmetric under a half turn) or a swap -- takes the value of\n"
        "the position after it for its mover (after a swap the swapper plays\n"
        "Black).  Proven results count as +-%d: a move from a proven loss\n"
        "loses nothing (no move wins), one from a proven win loses 0 when the\n"
        "position after it is proven won and %d when it is proven lost.\n"
        "\n"
        "Turning points: 'decided' marks the first move after which the side\n"
        "to move was proven lost, 'loss' every move that loses at least the\n"
        "threshold, 'gave away' a move from a proven win to a proven loss.\n"
        "\n"
        "The positions are reviewed from the last to the first: the solver\n"
        "keeps its table, so the proofs of the later positions help the\n"
        "earlier ones; an open position takes about S + T seconds (S more\n"
        "for a move the search did not value), a proven one less.  In\n"
        "HexGui, the HTP command review-move reviews the last move on the\n"
        "board (hein's analyze list).  Sides are colours (after a swap the\n"
        "players change colours).  The summary goes to stdout: per side the\n"
        "moves reviewed, the mean loss and the turning points with move\n"
        "numbers.  Progress lines go to stderr (move k of n, the time left),\n"
        "with the player's own summary of each search (its progress lines\n"
        "are off: param_scns progress_interval 0).  ^C (SIGINT, also\n"
        "SIGTERM, SIGHUP) stops the review: the positions done are summed\n"
        "up and written.  A game that cannot be read (missing, not SGF, not\n"
        "Hex, an illegal move) is refused with a message and nothing is\n"
        "written.\n"
        "Exit status: 0 when the game was reviewed, 1 when it cannot be read\n"
        "or an output cannot be written, 2 on a usage error, 128+N when\n"
        "stopped by signal N.\n",
        REVIEW_SECONDS, REVIEW_SOLVE_SECONDS, REVIEW_LOSS_THRESHOLD, REVIEW_VALUE_PROVEN,
        2 * REVIEW_VALUE_PROVEN);
}

static const struct option review_long_options[] = {
    { "output", required_argument, NULL, 'o' },
    { "plot", required_argument, NULL, 'p' },
    { "seconds", required_argument, NULL, 'S' },
    { "solve-seconds", required_argument, NULL, 's' },
    { "loss-threshold", required_argument, NULL, 'l' },
    { "threads", required_argument, NULL, 'T' },
    { "tt-mb", required_argument, NULL, 't' },
    { "seed", required_argument, NULL, 'r' },
    { "moves", required_argument, NULL, 'm' },
    { "param", required_argument, NULL, 'P' },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
};

/* A number of seconds in [0, REVIEW_MAX_SECONDS]. */
static bool
review_parse_seconds(const char *s, double *out)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !(v >= 0) || v > REVIEW_MAX_SECONDS)
        return false;
    *out = v;
    return true;
}

/* An integer in [lo, hi]. */
static bool
review_parse_int(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    long long v;

    errno = 0;
    v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* One option; returns -1 to go on, else the exit status. */
static int
review_option(review_opts_t *o, int c, const char *arg)
{
    long long v;

    switch (c) {
    case 'o':
        o->out_sgf = arg;
        return -1;
    case 'p':
        o->plot = arg;
        return -1;
    case 'S':
        if (review_parse_seconds(arg, &o->settings.seconds))
            return -1;
        fprintf(stderr, "hein-review: invalid --seconds '%s': 0 to %g\n", arg,
                REVIEW_MAX_SECONDS);
        return 2;
    case 's':
        if (review_parse_seconds(arg, &o->settings.solve_seconds))
            return -1;
        fprintf(stderr, "hein-review: invalid --solve-seconds '%s': 0 to %g\n", arg,
                REVIEW_MAX_SECONDS);
        return 2;
    case 'l':
        if (review_parse_int(arg, 1, 2 * REVIEW_VALUE_PROVEN, &v)) {
            o->threshold = (int32_t)v;
            return -1;
        }
        fprintf(stderr, "hein-review: invalid --loss-threshold '%s': 1 to %d\n", arg,
                2 * REVIEW_VALUE_PROVEN);
        return 2;
    case 'T':
        o->threads = arg;
        return -1;
    case 't':
        o->tt_mb = arg;
        return -1;
    case 'r':
        if (arg[0] != '-' && review_parse_int(arg, 1, LLONG_MAX, &v)) {
            o->seed = (uint64_t)v;
            return -1;
        }
        fprintf(stderr, "hein-review: invalid --seed '%s': a positive integer\n", arg);
        return 2;
    case 'm':
        if (review_parse_int(arg, 0, POSITION_MAX_MOVES, &v)) {
            o->max_moves = (int)v;
            return -1;
        }
        fprintf(stderr, "hein-review: invalid --moves '%s': 0 to %d\n", arg,
                POSITION_MAX_MOVES);
        return 2;
    case 'P':
        if (o->nparams < REVIEW_MAX_PARAMS) {
            o->params[o->nparams++] = arg;
            return -1;
        }
        fprintf(stderr, "hein-review: at most %d --param options\n", REVIEW_MAX_PARAMS);
        return 2;
    case 'q':
        o->quiet = true;
        return -1;
    case 'h':
        review_usage(stdout);
        return 0;
    case 'V':
        printf("hein-review (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    default:
        return 2;
    }
}

/* Reads the command line; returns -1 to go on, else the exit status. */
static int
review_parse(int argc, char **argv, review_opts_t *o)
{
    int c, r = -1;

    opterr = 0;
    while (r < 0 && (c = getopt_long(argc, argv, ":o:S:T:qhV", review_long_options,
                                     NULL)) != -1) {
        if (c == '?' || c == ':') {
            util_option_error("hein-review", c, optopt, argv[optind - 1]);
            return 2;
        } else {
            r = review_option(o, c, optarg);
        }
    }
    if (r < 0 && optind != argc - 1) {
        fprintf(stderr, optind < argc ? "hein-review: one game at a time\n"
                : "hein-review: no game given\n");
        r = 2;
    }
    if (r == 2)
        fputs("Try 'hein-review --help'.\n", stderr);
    if (r < 0)
        o->game = argv[optind];
    return r;
}

/* ---- set-up ------------------------------------------------------------ */

/* Whether the folder of path can take a new file; false after saying
 * why. */
static bool
review_writable(const char *path)
{
    char *copy = util_xstrdup(path);
    const char *dir = dirname(copy);
    bool ok = access(dir, W_OK | X_OK) == 0;

    if (!ok)
        fprintf(stderr, "hein-review: cannot write '%s': %s\n", path, strerror(errno));
    free(copy);
    return ok;
}

/* One engine parameter from text; false after saying why. */
static bool
review_set(engine_t *e, const char *group, const char *key, const char *value,
           const char *what)
{
    const engine_param_group_t *g = engine_param_group(group);
    char err[256];

    if (!g) {
        fprintf(stderr, "hein-review: %s: no parameter group '%s'\n", what, group);
        return false;
    }
    if (engine_param_set(e, g, key, value, err, sizeof err))
        return true;
    fprintf(stderr, "hein-review: %s: %s\n", what, err);
    return false;
}

/* The engine as the options say; NULL after saying why. */
static engine_t *
review_engine(const review_opts_t *o)
{
    engine_t *e = engine_new(o->seed);
    bool ok = e != NULL;

    if (!e)
        fputs("hein-review: out of memory\n", stderr);
    /* the player's progress lines would drown the review's */
    if (ok && engine_param_group("param_scns"))
        ok = review_set(e, "param_scns", "progress_interval", "0", "param_scns");
    if (ok && o->threads)
        ok = review_set(e, "param_game", "threads", o->threads, "--threads");
    if (ok && o->tt_mb)
        ok = review_set(e, "param_dfpn", "tt_mb", o->tt_mb, "--tt-mb");
    for (int i = 0; ok && i < o->nparams; i++) {
        const char *why = "three words";
        char **w = util_split_command(o->params[i], &why);

        if (!w || !w[0] || !w[1] || !w[2] || w[3]) {
            fprintf(stderr, "hein-review: invalid --param '%s': GROUP KEY VALUE (%s)\n",
                    o->params[i], w ? "three words" : why);
            ok = false;
        } else {
            ok = review_set(e, w[0], w[1], w[2], "--param");
        }
        util_free_words(w);
    }
    if (!ok) {
        engine_free(e);
        return NULL;
    }
    return e;
}

/* Reads the game and lists its moves; false after saying why. */
static bool
review_load(const review_opts_t *o, review_game_t *rg)
{
    char err[512];

    rg->record = util_xmalloc(sizeof *rg->record);
    if (game_init(rg->record, 11, 11) != GAME_OK) {
        fputs("hein-review: out of memory\n", stderr);
        free(rg->record);
        rg->record = NULL;
        return false;
    }
    if (!sgf_load_file(rg->record, o->game, o->max_moves, err, sizeof err)) {
        fprintf(stderr, "hein-review: %s: %s\n", o->game, err);
        return false;
    }
    rg->entry = util_xmalloc(sizeof *rg->entry * (size_t)(rg->record->nentries + 1));
    rg->n = 0;
    for (int i = 0; i < rg->record->nentries; i++) {
        const game_entry_t *en = &rg->record->entries[i];

        if (!en->setup && en->move != MOVE_RESIGN)
            rg->entry[rg->n++] = i;
    }
    rg->pos = calloc((size_t)rg->n + 1, sizeof *rg->pos);
    rg->moves = calloc((size_t)rg->n + 1, sizeof *rg->moves);
    if (!rg->pos || !rg->moves) {
        fputs("hein-review: out of memory\n", stderr);
        return false;
    }
    return true;
}

/* The position after k moves into g (initialised): the record's set-up
 * stones and first k moves replayed, its resignations left out. */
static bool
review_replay(const review_game_t *rg, int k, game_t *g)
{
    const game_t *r = rg->record;
    int end = k < rg->n ? rg->entry[k] : r->nentries;

    if (game_reset(g, r->pos.geo->width, r->pos.geo->height) != GAME_OK)
        return false;
    game_set_to_move(g, r->first_to_move);
    for (int i = 0; i < end; i++) {
        const game_entry_t *en = &r->entries[i];

        if (en->move == MOVE_RESIGN)
            continue;
        if (game_play(g, en->color, en->move, en->setup, -1.0) != GAME_OK)
            return false;
        if (en->setup)
            game_set_to_move(g, en->to_move);
    }
    return true;
}

/* ---- signals ----------------------------------------------------------- */

/* The signal thread's stop (sigthread.h): the review's halt flag. */
static void
review_signal_stop(void *arg, int sig)
{
    review_run_t *run = arg;

    (void)sig;
    atomic_store(&run->halt, true);
}

/* ---- the review -------------------------------------------------------- */

/* "1 min 05 s" or "12 s". */
static const char *
review_duration(double seconds, char *buf, size_t size)
{
    long s = (long)(seconds + 0.5);

    if (s >= 60)
        snprintf(buf, size, "%ld min %02ld s", s / 60, s % 60);
    else
        snprintf(buf, size, "%ld s", s);
    return buf;
}

/* Reviews the positions from the last to the first, until done or
 * stopped; false on a failure (said). */
static bool
review_run_positions(engine_t *e, const review_opts_t *o, review_run_t *run,
                     review_game_t *rg)
{
    stop_t stop = { NULL, 0, 0.0, &run->halt, NULL };
    game_t *g = util_xmalloc(sizeof *g);
    double start = util_now(), recent = 0;
    bool ok = game_init(g, 11, 11) == GAME_OK;
    char left[32];

    for (int k = rg->n; ok && k >= 0 && !atomic_load(&run->halt); k--) {
        double t0 = util_now();
        int played = k < rg->n ? rg->record->entries[rg->entry[k]].move : MOVE_NONE;
        review_status_t st;

        if (!review_replay(rg, k, g)) {
            fprintf(stderr, "hein-review: %s: cannot replay move %d\n", o->game, k);
            ok = false;
            break;
        }
        st = review_position(e, g, played, k < rg->n ? &rg->pos[k + 1] : NULL, &o->settings,
                             &stop, &rg->pos[k]);
        if (st == REVIEW_STOPPED)
            break;
        if (st != REVIEW_OK) {
            fprintf(stderr, "hein-review: %s\n", st == REVIEW_NO_MEMORY ? "out of memory"
                    : "the player answered an illegal move");
            ok = false;
            break;
        }
        rg->reviewed++;
        if (rg->pos[k].value_unit)
            rg->value_unit = rg->pos[k].value_unit;
        /* The time left by the recent positions' pace: the last ones,
         * proven, go fast; the open ones before them take the search's
         * and the solver's time in full. */
        t0 = util_now() - t0;
        recent = rg->reviewed == 1 ? t0 : 0.5 * recent + 0.5 * t0;
        if (!o->quiet) {
            if (k < rg->n)
                fprintf(stderr, "hein-review: move %d of %d reviewed (%.1f s); %d to go, "
                        "about %s left\n", k + 1, rg->n, t0, k,
                        review_duration(recent * k, left, sizeof left));
            else
                fprintf(stderr, "hein-review: the final position reviewed (%.1f s); %d to go, "
                        "about %s left\n", t0, k, review_duration(recent * k, left, sizeof left));
        }
    }
    rg->seconds = util_now() - start;
    game_free(g);
    free(g);
    return ok;
}

/* ---- output ------------------------------------------------------------ */

static const char *
review_side(hex_color_t c)
{
    return c == HEX_BLACK ? "Black" : "White";
}

/* The summary, for stdout and the root comment. */
static void
review_summary(const review_opts_t *o, const engine_t *e, const review_game_t *rg,
               strbuf_t *out)
{
    const geometry_t *geo = rg->record->pos.geo;
    hex_color_t winner = game_winner(rg->record);
    char name[MOVE_NAME_MAX], marks[64], t[32];
    int decided = 0;


    util_buf_addf(out, "hein-review %s: %s, %dx%d, %d moves, %s\n", PACKAGE_VERSION, o->game,
                  geo->width, geo->height, rg->n,
                  winner == HEX_EMPTY ? "no result" : winner == HEX_BLACK ? "Black won"
                  : "White won");
    util_buf_addf(out, "settings: player %s, %g s search and %g s solver a position, "
                  "%d thread%s, loss threshold %d\n", engine_player(e)->name,
                  o->settings.seconds, o->settings.solve_seconds, e->game_params.threads,
                  e->game_params.threads == 1 ? "" : "s", (int)o->threshold);
    util_buf_addf(out, "values: %s, for the side to move; proven results count as %+d\n",
                  rg->value_unit ? rg->value_unit : "none (no search reported)",
                  REVIEW_VALUE_PROVEN);
    for (hex_color_t side = HEX_BLACK; side <= HEX_WHITE; side++) {
        int count = 0, turning = 0;
        double sum = 0;

        for (int k = 1; k <= rg->n; k++)
            if (rg->pos[k - 1].to_move == side && rg->moves[k - 1].loss_known) {
                count++;
                sum += rg->moves[k - 1].loss;
            }
        util_buf_addf(out, "%s: %d moves reviewed, mean loss %.1f, turning points:",
                      review_side(side), count, count ? sum / count : 0.0);
        for (int k = 1; k <= rg->n; k++) {
            const review_move_t *m = &rg->moves[k - 1];

            if (rg->pos[k - 1].to_move != side || !m->marks)
                continue;
            review_mark_names(m->marks & ~(unsigned)REVIEW_MARK_LOSS, marks, sizeof marks);
            util_buf_addf(out, "%s move %d %s (%s", turning++ ? "," : "", k,
                          geometry_move_name(geo, rg->pos[k - 1].played, name), marks);
            if (m->marks & REVIEW_MARK_LOSS)
                util_buf_addf(out, "%sloss %d", *marks ? ", " : "", (int)m->loss);
            util_buf_add(out, ")");
            if (m->marks & REVIEW_MARK_DECIDED)
                decided = k;
        }
        util_buf_add(out, turning ? "\n" : " none\n");
    }
    if (decided)
        util_buf_addf(out, "decided: after move %d (%s %s), %s to move is proven lost\n",
                      decided, review_side(rg->pos[decided - 1].to_move),
                      geometry_move_name(geo, rg->pos[decided - 1].played, name),
                      review_side(rg->pos[decided].to_move));
    else
        util_buf_add(out, "decided: not proven\n");
    util_buf_addf(out, "reviewed: %d of %d positions in %s", rg->reviewed, rg->n + 1,
                  review_duration(rg->seconds, t, sizeof t));
    if (rg->reviewed > 0)
        util_buf_addf(out, " (%.1f s a position)", rg->seconds / rg->reviewed);
    if (rg->reviewed == 0)
        util_buf_add(out, "; stopped before the first");
    else if (rg->reviewed <= rg->n)
        util_buf_addf(out, "; stopped: positions %d to %d (after that many moves) reviewed",
                      rg->n + 1 - rg->reviewed, rg->n);
    util_buf_add(out, "\n");
}

/* The annotated SGF: the record with a note on each reviewed move and
 * the summary after the root comment; false after saying why. */
static bool
review_write_sgf(const char *path, const review_game_t *rg, const char *summary)
{
    game_t *r = rg->record;
    sgf_note_t *notes = calloc((size_t)r->nentries + 1, sizeof *notes);
    strbuf_t *text = calloc((size_t)rg->n + 1, sizeof *text);
    strbuf_t root = { 0 };
    char err[512], app[64];
    char *sgf = NULL;
    bool ok;

    if (!notes || !text) {
        free(notes);
        free(text);
        fputs("hein-review: out of memory\n", stderr);
        return false;
    }
    for (int k = 1; k <= rg->n; k++) {
        const review_position_t *b = &rg->pos[k - 1];
        sgf_note_t *note = &notes[rg->entry[k - 1]];

        if (!b->reviewed)
            continue;
        review_comment(r->pos.geo, rg->pos, rg->n, rg->moves, k, &text[k - 1]);
        if (text[k - 1].oom)
            break;
        note->comment = strbuf_str(&text[k - 1]);
        if (b->searched && b->best >= 0) {
            note->nlabels = 1;
            note->label_cell[0] = b->best;
            note->label_text[0] = "best";
        }
    }
    if (r->info.comment && *r->info.comment)
        util_buf_addf(&root, "%s\n\n", r->info.comment);
    util_buf_add(&root, summary);
    ok = game_set_info(&r->info.comment, strbuf_str(&root));
    snprintf(app, sizeof app, "hein-review:%s", PACKAGE_VERSION);
    if (ok)
        sgf = sgf_write_annotated(r, app, notes);
    if (!sgf) {
        fputs("hein-review: out of memory\n", stderr);
        ok = false;
    } else if (!util_write_file(path, sgf, strlen(sgf), err, sizeof err)) {
        fprintf(stderr, "hein-review: %s\n", err);
        ok = false;
    }
    free(sgf);
    for (int k = 0; k < rg->n; k++)
        strbuf_free(&text[k]);
    free(text);
    free(notes);
    strbuf_free(&root);
    return ok;
}

/* The plot; false after saying why. */
static bool
review_write_plot(const char *path, const review_game_t *rg)
{
    review_plot_point_t *pts = util_xmalloc(sizeof *pts * (size_t)(rg->n + 1));
    char err[512];
    bool ok;

    for (int k = 0; k <= rg->n; k++) {
        pts[k] = (review_plot_point_t){ 0 };
        pts[k].have = review_black_value(&rg->pos[k], &pts[k].value, &pts[k].proven);
        pts[k].marks = k > 0 ? rg->moves[k - 1].marks : 0;
    }
    ok = review_plot_save(path, pts, rg->n + 1, err, sizeof err);
    if (!ok)
        fprintf(stderr, "hein-review: %s\n", err);
    free(pts);
    return ok;
}

static void
review_free(review_game_t *rg)
{
    if (rg->record) {
        game_free(rg->record);
        free(rg->record);
    }
    free(rg->entry);
    free(rg->pos);
    free(rg->moves);
}

/* Reviews the game once the options are read, the game loaded and the
 * engine made; returns the exit status. */
static int
review_main(const review_opts_t *o, engine_t *e, review_game_t *rg)
{
    review_run_t run;
    strbuf_t summary = { 0 };
    int status;

    atomic_init(&run.halt, false);
    if (!sigthread_start(&run.signals, "hein-review", "the positions reviewed are kept",
                         review_signal_stop, &run)) {
        fputs("hein-review: cannot start a thread\n", stderr);
        return 1;
    }
    status = review_run_positions(e, o, &run, rg) ? 0 : 1;
    review_mark(rg->pos, rg->n, o->threshold, rg->moves);
    review_summary(o, e, rg, &summary);
    fputs(strbuf_str(&summary), stdout);
    fflush(stdout);
    if (status == 0 && o->out_sgf && !review_write_sgf(o->out_sgf, rg, strbuf_str(&summary)))
        status = 1;
    if (status == 0 && o->plot && !review_write_plot(o->plot, rg))
        status = 1;
    if (sigthread_signal(&run.signals))
        status = 128 + sigthread_signal(&run.signals);
    strbuf_free(&summary);
    sigthread_end(&run.signals);
    return status;
}

int
main(int argc, char **argv)
{
    review_opts_t o = {
        .settings = { REVIEW_SECONDS, REVIEW_SOLVE_SECONDS },
        .threshold = REVIEW_LOSS_THRESHOLD,
        .seed = 1,
        .max_moves = -1,
    };
    review_game_t rg = { 0 };
    engine_t *e;
    int status = review_parse(argc, argv, &o);

    if (status >= 0)
        return status;
    if ((o.out_sgf && !review_writable(o.out_sgf)) || (o.plot && !review_writable(o.plot)))
        return 1;
    if (!review_load(&o, &rg)) {
        review_free(&rg);
        return 1;
    }
    e = review_engine(&o);
    if (!e) {
        review_free(&rg);
        return 2;
    }
    status = review_main(&o, e, &rg);
    engine_free(e);
    review_free(&rg);
    return status;
}
