/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-match: the referee.  Plays a match between two HTP engines and
 * writes its results (see match_record.h), one SGF per game, a summary
 * (match_stats.h) and a plot of the win rate (match_plot.h).
 *
 * Threads: the main thread reads the options, starts a signal thread and
 * -j game threads, waits for them and writes the summary.  Each game
 * thread takes the next game number from the shared counter and plays the
 * whole game with its own two engine processes (match_game.h).  The
 * signal thread turns SIGINT, SIGTERM and SIGHUP (blocked in every other
 * thread) into a stop: no new game starts, the running ones are abandoned
 * (their engines killed and reaped) and not recorded, the summary covers
 * the finished games, and the exit status is 128 + the signal.  Exit
 * status otherwise: 0 when the match was played, 2 on a usage or set-up
 * error, 1 on any other failure. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/match/match_game.h"
#include "tools/match/match_plot.h"
#include "tools/match/match_stats.h"
#include "tools/lib/sigthread.h"
#include "tools/lib/util.h"

/* Defaults. */
#define MATCH_DEFAULT_MOVE_TIME 10.0
#define MATCH_DEFAULT_TOLERANCE 1.0
#define MATCH_DEFAULT_TIMEOUT 10.0
#define MATCH_MAX_JOBS 256
#define MATCH_MAX_GAMES 1000000

/* The command line, read. */
typedef struct match_opts {
    match_config_t cfg;
    int jobs;
    const char *openings_path;  /* NULL: the default openings */
    char openings_words[512];   /* the openings, for the summary */
    char time_words[128];       /* the time control, for the summary */
} match_opts_t;

/* The match being played, shared by every thread. */
typedef struct match_run {
    /* Read-only once the threads run. */
    const match_opts_t *opts;
    match_game_env_t env;       /* env.cancel_fd: stop_pipe[0] */
    int stop_pipe[2];           /* written once, by match_run_stop */

    /* Atomics, used without the lock. */
    atomic_bool warned[4];      /* see match_game_env_t */
    atomic_bool stop;           /* set once: no new game starts */
    sigthread_t signals;        /* the signal that stopped the match */

    /* Guarded by lock: the game counter, the tally (with the engines'
     * genmove times and the winners in the order the games finished,
     * folded in as each game is recorded), results.txt,
     * the progress lines on stderr (so that they come out whole and in
     * the order of the tally) and the failure flag.  The main thread
     * reads the tally for the summary and the plot after joining the game
     * threads. */
    pthread_mutex_t lock;
    int next;                   /* the next game number to hand out */
    match_tally_t tally;
    FILE *results;
    bool failed;                /* something went wrong: exit status 1 */
} match_run_t;

static void
match_usage(FILE *f)
{
    fprintf(f,
        "Usage: hein-match -n GAMES -o OUTDIR [OPTION]... \"ENGINE A\" \"ENGINE B\"\n"
        "Play a match between two HTP (GTP for Hex) engines and judge it.\n"
        "\n"
        "ENGINE A and ENGINE B are command lines, split at blanks; double\n"
        "quotes group words; {game} stands for the game number (to vary a\n"
        "seed: \"hein --seed 1{game}\").  Each game starts both engines\n"
        "afresh, so with a fixed seed they play alike.  Games 1 and 2\n"
        "start from the first opening, games 3 and 4 from the second, and so\n"
        "on, cycling; A plays Black in games 1, 3, 5... and White in 2, 4...\n"
        "\n"
        "  -n, --games N          play N games (required)\n"
        "  -s, --size N|WxH       board size (default 11)\n"
        "  -o, --outdir DIR       write results.txt, summary.txt,\n"
        "                         winrate.png and game-NNN.sgf into DIR,\n"
        "                         made if missing; files there are\n"
        "                         overwritten (required)\n"
        "      --move-time SEC    SEC seconds per move (the default, with\n"
        "                         SEC = %g)\n"
        "      --game-time SEC[+INC]  SEC seconds per side for the game,\n"
        "                         INC added after each move\n"
        "      --tolerance SEC    overrun allowed before a loss on time\n"
        "                         (default %g)\n"
        "      --timeout SEC      seconds an engine has to answer any other\n"
        "                         command (default %g)\n"
        "      --openings FILE    one opening per line: moves from Black,\n"
        "                         '#' comments (default: every edge cell\n"
        "                         but the corners as Black's first move)\n"
        "  -j, --jobs N           play N games at once (default 1)\n"
        "      --swap             allow swap-pieces as White's move 2\n"
        "      --logs             write each engine's traffic and stderr to\n"
        "                         DIR/game-NNN-A.log, -B.log (default: the\n"
        "                         engines' stderr is discarded)\n"
        "  -h, --help             show this help and exit\n"
        "  -V, --version          show the version and exit\n"
        "\n"
        "Engines are told the time with time_settings and time_left; the\n"
        "referee measures it.  A loss is scored for an illegal or\n"
        "unparsable move, a move over time, no reply (timeout), a crash,\n"
        "a refused command (forfeit) or a resignation.  A progress line\n"
        "per game goes to stderr, the summary to stdout: wins per engine\n"
        "and colour, each engine's moves with their mean and longest\n"
        "seconds (genmove to reply, as the referee measured them), in all\n"
        "and by move number (1-10, 11-20, ...), the win\n"
        "rate of A and the Elo difference.  DIR/winrate.png plots A's win\n"
        "rate after each game, in the order the games finished, with its\n"
        "95%% interval and a line at 0.5.  ^C stops the match and keeps\n"
        "the finished games.\n"
        "Exit status: 0 when the match was played, 1 on a failure, 2 on a\n"
        "usage or set-up error, 128+N when stopped by signal N.\n",
        MATCH_DEFAULT_MOVE_TIME, MATCH_DEFAULT_TOLERANCE,
        MATCH_DEFAULT_TIMEOUT);
}

static bool
match_parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* "N" or "WxH" (also "W:H"). */
static bool
match_parse_size(const char *s, int *w, int *h)
{
    const char *x = strpbrk(s, "xX:");
    char first[8];
    size_t n;

    if (!x)
        return geometry_parse_size(s, w) && geometry_parse_size(s, h);
    n = (size_t)(x - s);
    if (n == 0 || n >= sizeof first)
        return false;
    memcpy(first, s, n);
    first[n] = '\0';
    return geometry_parse_size(first, w) && geometry_parse_size(x + 1, h);
}

/* Complains about a bad option value; returns 2. */
static int
match_bad(const char *what, const char *value)
{
    fprintf(stderr, "hein-match: bad %s '%s' (try --help)\n", what, value);
    return 2;
}

enum {
    OPT_MOVE_TIME = 256, OPT_GAME_TIME, OPT_TOLERANCE, OPT_TIMEOUT,
    OPT_OPENINGS, OPT_SWAP, OPT_LOGS
};

static const struct option match_long_options[] = {
    { "games", required_argument, NULL, 'n' },
    { "size", required_argument, NULL, 's' },
    { "outdir", required_argument, NULL, 'o' },
    { "jobs", required_argument, NULL, 'j' },
    { "move-time", required_argument, NULL, OPT_MOVE_TIME },
    { "game-time", required_argument, NULL, OPT_GAME_TIME },
    { "tolerance", required_argument, NULL, OPT_TOLERANCE },
    { "timeout", required_argument, NULL, OPT_TIMEOUT },
    { "openings", required_argument, NULL, OPT_OPENINGS },
    { "swap", no_argument, NULL, OPT_SWAP },
    { "logs", no_argument, NULL, OPT_LOGS },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
};

/* Applies a time option.  Returns 0 or 2. */
static int
match_time_option(int c, const char *arg, match_opts_t *o, bool *given)
{
    match_tc_t *tc = &o->cfg.tc;

    if ((c == OPT_MOVE_TIME || c == OPT_GAME_TIME) && *given) {
        fputs("hein-match: give one of --move-time and --game-time\n",
              stderr);
        return 2;
    }
    switch (c) {
    case OPT_MOVE_TIME:
        *given = true;
        tc->mode = MATCH_TC_MOVE;
        tc->increment = 0;
        return match_tc_parse_seconds(arg, false, &tc->seconds)
            ? 0 : match_bad("move time", arg);
    case OPT_GAME_TIME:
        *given = true;
        tc->mode = MATCH_TC_GAME;
        return match_tc_parse_game(arg, &tc->seconds, &tc->increment)
            ? 0 : match_bad("game time", arg);
    case OPT_TOLERANCE:
        return match_tc_parse_seconds(arg, true, &tc->tolerance)
            ? 0 : match_bad("tolerance", arg);
    default:
        return match_tc_parse_seconds(arg, false, &o->cfg.command_timeout)
            ? 0 : match_bad("timeout", arg);
    }
}

/* Applies one option.  Returns -1 to go on, else the exit status. */
static int
match_option(int c, const char *arg, match_opts_t *o, bool *time_given)
{
    match_config_t *cfg = &o->cfg;

    switch (c) {
    case 'n':
        return match_parse_int(arg, 1, MATCH_MAX_GAMES, &cfg->games)
            ? -1 : match_bad("number of games", arg);
    case 's':
        return match_parse_size(arg, &cfg->width, &cfg->height)
            ? -1 : match_bad("board size (1 to 19, or WxH)", arg);
    case 'o':
        cfg->outdir = arg;
        return -1;
    case 'j':
        return match_parse_int(arg, 1, MATCH_MAX_JOBS, &o->jobs)
            ? -1 : match_bad("number of jobs", arg);
    case OPT_OPENINGS:
        o->openings_path = arg;
        return -1;
    case OPT_SWAP:
        cfg->swap = true;
        return -1;
    case OPT_LOGS:
        cfg->logs = true;
        return -1;
    case 'h':
        match_usage(stdout);
        return 0;
    case 'V':
        printf("hein-match (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    case OPT_MOVE_TIME:
    case OPT_GAME_TIME:
    case OPT_TOLERANCE:
    case OPT_TIMEOUT:
        return match_time_option(c, arg, o, time_given) == 0 ? -1 : 2;
    default:
        fputs("hein-match: unknown option or missing value (try --help)\n",
              stderr);
        return 2;
    }
}

/* Reads the two engine command lines.  Returns -1 or 2. */
static int
match_engines(int argc, char **argv, match_opts_t *o)
{
    if (argc - optind != 2) {
        fprintf(stderr, "hein-match: give two engine command lines, not %d "
                "(try --help)\n", argc - optind);
        return 2;
    }
    for (int who = 0; who < 2; who++) {
        const char *why = NULL;

        o->cfg.command[who] = argv[optind + who];
        o->cfg.argv[who] = util_split_command(argv[optind + who], &why);
        if (!o->cfg.argv[who]) {
            fprintf(stderr, "hein-match: bad command for engine %s: %s\n",
                    who == 0 ? "A" : "B", why);
            return 2;
        }
    }
    return -1;
}

/* Reads or makes the openings.  Returns -1 or 2. */
static int
match_openings(match_opts_t *o)
{
    match_config_t *cfg = &o->cfg;
    char err[512];

    if (!o->openings_path) {
        match_openings_default(&cfg->openings, cfg->width, cfg->height);
        snprintf(o->openings_words, sizeof o->openings_words,
                 "%d, every edge cell but the corners (the default)",
                 cfg->openings.n);
        return -1;
    }
    if (!match_openings_load(&cfg->openings, o->openings_path, cfg->width,
                             cfg->height, err, sizeof err)) {
        fprintf(stderr, "hein-match: openings: %s\n", err);
        return 2;
    }
    snprintf(o->openings_words, sizeof o->openings_words, "%d, from %s",
             cfg->openings.n, o->openings_path);
    return -1;
}

/* Reads the command line.  Returns -1 to go on, else the exit status. */
static int
match_parse_args(int argc, char **argv, match_opts_t *o)
{
    bool time_given = false;
    int c, r = -1;

    o->jobs = 1;
    o->cfg.width = o->cfg.height = 11;
    o->cfg.tc.mode = MATCH_TC_MOVE;
    o->cfg.tc.seconds = MATCH_DEFAULT_MOVE_TIME;
    o->cfg.tc.tolerance = MATCH_DEFAULT_TOLERANCE;
    o->cfg.command_timeout = MATCH_DEFAULT_TIMEOUT;
    opterr = 0;
    while (r < 0 && (c = getopt_long(argc, argv, ":n:s:o:j:hV",
                                     match_long_options, NULL)) != -1) {
        if (c == '?' || c == ':') {
            util_option_error("hein-match", c, optopt, argv[optind - 1]);
            return 2;
        }
        r = match_option(c, optarg, o, &time_given);
    }
    if (r >= 0)
        return r;
    if (o->cfg.games == 0 || !o->cfg.outdir) {
        fprintf(stderr, "hein-match: %s is required (try --help)\n",
                o->cfg.games == 0 ? "-n GAMES" : "-o OUTDIR");
        return 2;
    }
    if ((r = match_engines(argc, argv, o)) >= 0)
        return r;
    match_tc_describe(&o->cfg.tc, o->time_words, sizeof o->time_words);
    return match_openings(o);
}

/* mkdir -p. */
static bool
match_make_dir(const char *path)
{
    char *p = util_xstrdup(path);
    bool ok = true;

    for (char *s = p + 1; ok && *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        ok = mkdir(p, 0777) == 0 || errno == EEXIST;
        *s = '/';
    }
    ok = ok && (mkdir(p, 0777) == 0 || errno == EEXIST);
    if (!ok)
        fprintf(stderr, "hein-match: cannot make folder '%s': %s\n", path,
                strerror(errno));
    free(p);
    return ok;
}

/* Opens OUTDIR/name for writing (truncated). */
static FILE *
match_open_out(const char *outdir, const char *name)
{
    strbuf_t path = { 0 };
    FILE *f;

    util_buf_addf(&path, "%s/%s", outdir, name);
    f = fopen(path.s, "we");
    if (!f)
        fprintf(stderr, "hein-match: cannot write '%s': %s\n", path.s,
                strerror(errno));
    strbuf_free(&path);
    return f;
}

/* Stops the match (once): no new game, running games abandoned. */
static void
match_run_stop(match_run_t *run)
{
    if (!atomic_exchange(&run->stop, true)) {
        /* Never read: once written, every wait on it returns at once. */
        if (write(run->stop_pipe[1], "x", 1) < 0)
            fputs("hein-match: cannot signal the stop\n", stderr);
    }
}

/* The signal thread's stop (sigthread.h). */
static void
match_signal_stop(void *arg, int sig)
{
    (void)sig;
    match_run_stop(arg);
}

/* Records a finished game: tally, results.txt, progress line. */
static void
match_record(match_run_t *run, const match_result_t *r, bool sgf_ok)
{
    pthread_mutex_lock(&run->lock);
    match_tally_add(&run->tally, r);
    match_record_line(run->results, r);
    if (fflush(run->results) != 0 || ferror(run->results)) {
        fputs("hein-match: cannot write results.txt\n", stderr);
        run->failed = true;
    }
    if (!sgf_ok)
        run->failed = true;
    match_record_progress(stderr, r, run->opts->cfg.games, run->tally.wins);
    pthread_mutex_unlock(&run->lock);
}

/* A game thread: plays games until there is none left or the match
 * stops. */
static void *
match_worker(void *arg)
{
    match_run_t *run = arg;
    match_result_t result;

    for (;;) {
        match_game_status_t st;
        bool sgf_ok;
        int game = -1;

        pthread_mutex_lock(&run->lock);
        if (!atomic_load(&run->stop) && run->next < run->opts->cfg.games)
            game = run->next++;
        pthread_mutex_unlock(&run->lock);
        if (game < 0)
            return NULL;
        st = match_game_play(&run->env, game, &result, &sgf_ok);
        if (st == MATCH_GAME_DONE) {
            match_record(run, &result, sgf_ok);
        } else if (st == MATCH_GAME_FAILED) {
            pthread_mutex_lock(&run->lock);
            run->failed = true;
            pthread_mutex_unlock(&run->lock);
            match_run_stop(run);
        }
    }
}

/* Plays the games on opts->jobs threads. */
static bool
match_play(match_run_t *run)
{
    int jobs = run->opts->jobs < run->opts->cfg.games
        ? run->opts->jobs : run->opts->cfg.games;
    pthread_t *threads = util_xmalloc((size_t)jobs * sizeof *threads);
    int started = 0;

    for (; started < jobs; started++) {
        if (pthread_create(&threads[started], NULL, match_worker, run) != 0)
            break;
    }
    if (started == 0)
        fputs("hein-match: cannot start a thread\n", stderr);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    return started > 0;
}

/* Writes the summary to stdout and OUTDIR/summary.txt. */
static bool
match_summary(match_run_t *run)
{
    const match_opts_t *o = run->opts;
    match_summary_t s = {
        .names = { o->cfg.name[0], o->cfg.name[1] },
        .commands = { o->cfg.command[0], o->cfg.command[1] },
        .width = o->cfg.width, .height = o->cfg.height,
        .planned = o->cfg.games, .time_control = o->time_words,
        .openings = o->openings_words, .swap = o->cfg.swap,
        .interrupted = atomic_load(&run->stop)
    };
    FILE *f = match_open_out(o->cfg.outdir, "summary.txt");
    bool ok = f != NULL;

    match_stats_summary(stdout, &run->tally, &s);
    fflush(stdout);
    if (f) {
        match_stats_summary(f, &run->tally, &s);
        ok = fclose(f) == 0;
        if (!ok)
            fputs("hein-match: cannot write summary.txt\n", stderr);
    }
    return ok;
}

/* Draws OUTDIR/winrate.png. */
static bool
match_write_plot(const match_run_t *run)
{
    strbuf_t path = { 0 };
    char err[512];
    bool ok;

    util_buf_addf(&path, "%s/winrate.png", run->opts->cfg.outdir);
    const char *names[2] = { run->opts->cfg.name[0], run->opts->cfg.name[1] };

    ok = match_plot_save(path.s, run->tally.winners, run->tally.games, names, err,
                         sizeof err);
    if (!ok)
        fprintf(stderr, "hein-match: %s\n", err);
    strbuf_free(&path);
    return ok;
}

/* The header of results.txt. */
static void
match_results_header(const match_run_t *run)
{
    const match_opts_t *o = run->opts;
    FILE *f = run->results;

    fprintf(f, "# hein-match %s: A = %s (%s), B = %s (%s)\n",
            PACKAGE_VERSION, o->cfg.name[0], o->cfg.command[0],
            o->cfg.name[1], o->cfg.command[1]);
    fprintf(f, "# %dx%d, %s, openings: %s, swap %s\n", o->cfg.width,
            o->cfg.height, o->time_words, o->openings_words,
            o->cfg.swap ? "allowed" : "not allowed");
    match_record_header(f);
    fflush(f);
}

/* Asks both engines their names.  Returns -1 to go on, else the exit
 * status. */
static int
match_probe(match_run_t *run, match_opts_t *o)
{
    for (int who = 0; who < 2; who++) {
        if (!match_game_probe(&o->cfg, run->stop_pipe[0], who,
                              &o->cfg.name[who])) {
            fprintf(stderr, "hein-match: cannot use engine %s: %s\n",
                    who == 0 ? "A" : "B", o->cfg.command[who]);
            return sigthread_signal(&run->signals)
                ? 128 + sigthread_signal(&run->signals) : 2;
        }
    }
    for (int who = 0; who < 2; who++) {
        strbuf_t b = { 0 };

        /* Tell them apart in the SGF files. */
        util_buf_add(&b, o->cfg.name[who]);
        if (strcmp(o->cfg.name[0], o->cfg.name[1]) == 0)
            util_buf_add(&b, who == 0 ? " (A)" : " (B)");
        o->cfg.player[who] = b.s;
    }
    return -1;
}

/* Runs the match once the options are read and the output is open.
 * Returns the exit status. */
static int
match_run(match_run_t *run, match_opts_t *o)
{
    int status;

    if (!sigthread_start(&run->signals, "hein-match", "the finished games are kept",
                         match_signal_stop, run)) {
        fputs("hein-match: cannot start a thread\n", stderr);
        return 1;
    }
    status = match_probe(run, o);
    if (status < 0) {
        match_results_header(run);
        status = match_play(run) ? 0 : 1;
        if (!match_summary(run))
            status = 1;
        if (!match_write_plot(run))
            status = 1;
        if (run->failed)
            status = 1;
        if (sigthread_signal(&run->signals))
            status = 128 + sigthread_signal(&run->signals);
    }
    sigthread_end(&run->signals);
    return status;
}

/* Makes sure descriptors 0-2 are open, so that pipes never land on them
 * (a cancel descriptor must be > 0). */
static void
match_keep_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) < 0)
            exit(1);
}

static void
match_free_opts(match_opts_t *o)
{
    for (int who = 0; who < 2; who++) {
        util_free_words(o->cfg.argv[who]);
        free(o->cfg.name[who]);
        free(o->cfg.player[who]);
    }
    match_openings_free(&o->cfg.openings);
}

int
main(int argc, char **argv)
{
    match_opts_t opts = { 0 };
    match_run_t run = { .opts = &opts };
    int status;

    match_keep_std_fds();
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, NULL, _IOLBF, 0);
    status = match_parse_args(argc, argv, &opts);
    if (status < 0 && !match_make_dir(opts.cfg.outdir))
        status = 2;
    if (status < 0 && !(run.results = match_open_out(opts.cfg.outdir,
                                                     "results.txt")))
        status = 2;
    if (status < 0 && pipe2(run.stop_pipe, O_CLOEXEC) != 0) {
        fprintf(stderr, "hein-match: pipe: %s\n", strerror(errno));
        status = 1;
    }
    if (status < 0) {
        pthread_mutex_init(&run.lock, NULL);
        run.env.cfg = &opts.cfg;
        run.env.cancel_fd = run.stop_pipe[0];
        run.env.warned = run.warned;
        status = match_run(&run, &opts);
        match_tally_free(&run.tally);
        pthread_mutex_destroy(&run.lock);
        close(run.stop_pipe[0]);
        close(run.stop_pipe[1]);
    }
    if (run.results && fclose(run.results) != 0 && status == 0) {
        fputs("hein-match: cannot write results.txt\n", stderr);
        status = 1;
    }
    match_free_opts(&opts);
    return status;
}
