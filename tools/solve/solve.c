/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-solve: hein's solver on one position or on a list of first moves,
 * for as long as it takes, with checkpoints to resume from.
 *
 * The job (solve_job.h) is read from the command line -- a position (an
 * SGF file, or --board and --moves) or the first moves of a board
 * (--openings, --all-openings) -- or from a checkpoint (--resume).  Each
 * item is solved by solve_position, the driver: the engine's solver
 * session (engine/solver.h, the knowledge of engine_knowledge, so a
 * result equals hein's `solve`) within the item's time, paused every
 * --every minutes to write a checkpoint (the search is stopped by its
 * deadline, the table saved with the job, and the solve called again:
 * DFPN resumes from the table, so only the restart's few nodes are lost).
 * A progress line per item goes to stderr, the table of results to
 * stdout at the end, and with --png the picture (solve_map.h).
 *
 * Threads: the main thread reads the options, starts a signal thread
 * and runs the job (the solver starts and joins its own threads inside
 * each solve).  The signal thread turns SIGINT, SIGTERM and SIGHUP into
 * a stop: it sets the run's halt flag, which every solve's stop_t
 * carries; the main thread then writes the checkpoint (the item under
 * way stays open, its table kept), the picture and the table, and exits
 * with 128 + the signal.  Nothing else is shared. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/certificate.h"
#include "engine/engine.h"
#include "engine/sgf.h"
#include "search/toptree.h"
#include "tools/lib/sigthread.h"
#include "tools/lib/util.h"
#include "tools/solve/solve_job.h"
#include "tools/solve/solve_map.h"
#if HAVE_MPI
#include "tools/solve/solve_mpi.h"
#endif

#define PROG "hein-solve"
#define SOLVE_MAX_SECONDS 1e9
#define SOLVE_DEFAULT_EVERY 10.0        /* minutes */
#define PARAPDS_DEPTH 3                 /* --scheme parapds's default --top-depth */

/* The parallel schemes (--scheme): spdfpn in one process (the engine's
 * solver with --threads), the others across processes (--mpi), each a
 * way of choosing the top tree's jobs (search/toptree.h). */
static const struct {
    const char *name;
    int top;                    /* toptree_scheme_t, or -1: one process */
} schemes[] = {
    { "spdfpn", -1 },
    { "two-level", TOPTREE_TWO_LEVEL },
    { "rp-pns", TOPTREE_RP_PNS },
    { "parapds", TOPTREE_PARAPDS },
};

static int
scheme_index(const char *name)
{
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
        if (strcmp(schemes[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The command line, read. */
typedef struct solve_opts {
    const char *sgf;            /* GAME.sgf, or NULL */
    const char *board;          /* --board N or WxH */
    const char *moves;          /* --moves */
    const char *to_move;        /* --to-move */
    const char *openings;       /* --openings FILE */
    bool all_openings;          /* --all-openings */
    const char *threads;        /* --threads (checked by the engine) */
    const char *tt_mb;          /* --tt-mb (checked by the engine) */
    double time;                /* --time; < 0: not given */
    const char *checkpoint;     /* --checkpoint */
    double every;               /* --every; < 0: not given */
    const char *resume;         /* --resume */
    const char *png;            /* --png */
    const char *db;             /* --db */
    const char *proof;          /* --proof */
    bool quiet;                 /* --quiet */
    bool mpi;                   /* --mpi */
    const char *scheme;         /* --scheme, or NULL */
    double job_work;            /* --job-work; < 0: not given */
    double job_min_work;        /* --job-min-work; < 0: not given */
    double top_depth;           /* --top-depth; < 0: not given */
} solve_opts_t;

/* The run: the engine, the job, the stop and the figures of this run.
 * Owned by the main thread, except `halt`, which the signal thread sets
 * (an atomic) and the solver's threads read through their stop_t. */
typedef struct solve_run {
    engine_t *e;
    solve_job_t job;
    const solve_opts_t *o;
    const char *checkpoint;     /* where checkpoints go, or NULL */
    _Atomic bool halt;
    sigthread_t signals;
    double start;               /* util_now() at the start of the run */
    double next_checkpoint;     /* util_now() when the next is due; 0: none */
    int checkpoints;            /* written by this run */
    double checkpoint_seconds;  /* spent writing them */
    int db_hits;                /* positions answered by the database */
    size_t db_stored;           /* positions written to it */
    int proofs;                 /* certificates written */
    bool proof_failed;          /* one could not be written (said) */
    int pauses;                 /* solves stopped for a checkpoint and
                                 * called again */
    uint64_t entries;           /* table entries read from --resume */
    /* the item under way, for the progress lines */
    int index;                  /* its index in job.items */
    double item_before;         /* its seconds before the current solve */
    uint64_t exp_before;        /* its expansions before it */
    double last_line;           /* when the last progress line was printed */
    bool tty;                   /* stderr is a terminal: lines refreshed */
#if HAVE_MPI
    dist_t *dist;               /* --mpi, rank 0: the two-level search */
    char tree_file[4096];       /* its top tree beside the checkpoint, or "" */
    dist_stats_t dist_sum;      /* its figures over this run */
    int ranks;
#endif
} solve_run_t;

static const char solve_usage_text[] =
    "Usage: hein-solve [OPTION]... [GAME.sgf]\n"
    "Solve a Hex position, or every first move of a board, with hein's\n"
    "solver (the same answers as hein's `solve`), for as long as it takes:\n"
    "checkpoints let a run that was stopped, killed or crashed resume with\n"
    "what it had found.\n"
    "\n"
    "What to solve (or --resume):\n"
    "  GAME.sgf               the position at the end of this game's main line\n"
    "  -b, --board N|WxH      an empty board of this size (with --moves: the\n"
    "                         position after them)\n"
    "  -m, --moves \"A1 B2..\"  moves played from the empty board, Black first,\n"
    "                         colours alternating (swap-pieces allowed)\n"
    "      --to-move COLOUR   the side to move (black or white; default: the\n"
    "                         position's)\n"
    "  -o, --openings FILE    solve each first move listed in FILE (one cell a\n"
    "                         line, e.g. c3; '#' starts a comment) of the side\n"
    "                         to move on the position (an empty board: Black)\n"
    "  -a, --all-openings     solve every first move; on a position that is its\n"
    "                         own image under a half turn (the empty board) a\n"
    "                         move and its image are one problem, solved once\n"
    "                         and reported for both\n"
    "How:\n"
    "  -T, --threads N        solver threads (default 1)\n"
    "      --tt-mb N          the solver's table in MiB (default 64)\n"
    "  -t, --time SECONDS     the most time a position gets, summed over\n"
    "                         resumed runs (default 0: no limit); a position\n"
    "                         out of time is reported unsolved\n"
    "  -c, --checkpoint FILE  write a checkpoint to FILE: every --every\n"
    "                         minutes, on a stop by signal and at the end\n"
    "  -e, --every MINUTES    minutes between checkpoints (a fraction is fine;\n"
    "                         default 10); the search is paused, the table\n"
    "                         saved, and the search resumed from it\n"
    "  -r, --resume FILE      continue the job of checkpoint FILE: the positions\n"
    "                         done are kept, the open one resumes from the\n"
    "                         saved table; checkpoints go on to FILE unless\n"
    "                         --checkpoint says otherwise; --time, --every,\n"
    "                         --tt-mb and --threads default to the\n"
    "                         checkpoint's\n"
    "  -d, --db FILE          the solved-position database (SQLite; made when\n"
    "                         absent): a position found in it is answered at\n"
    "                         once, and what a solve proves is stored in it\n"
    "                         (param_dfpn db_min_work: the least proof work\n"
    "                         stored); several runs may share one file\n"
    "  -P, --proof FILE       write the proof certificate of each position\n"
    "                         solved (doc/certificate.md; tools/hein-verify\n"
    "                         checks it), with --resume also those solved\n"
    "                         before: to FILE for one position; with first\n"
    "                         moves FILE is a folder and each problem's goes\n"
    "                         to FILE/MOVE.cert (a whole certificate of the\n"
    "                         position there, from an earlier run, is kept)\n"
    "      --png FILE         write the board with each first move coloured by\n"
    "                         who wins after it (black, white; grey with '?'\n"
    "                         where unsolved)\n"
    "  -q, --quiet            no progress lines\n"
    "Across processes (when built with MPI; under mpirun, every rank with the\n"
    "same options):\n"
    "      --mpi              a job-level search (--scheme): rank 0 keeps a\n"
    "                         best-first proof-number tree and hands its\n"
    "                         leaves out as jobs; every other rank solves them\n"
    "                         with\n"
    "                         --threads threads and keeps its table; proved\n"
    "                         positions reach every rank and the --db\n"
    "      --scheme NAME      spdfpn (one process; the default), or with --mpi\n"
    "                         two-level (the default there), rp-pns\n"
    "                         (randomized parallel PNS) or parapds\n"
    "                         (ParaPDS: a fixed-depth master, the table\n"
    "                         split by hash)\n"
    "      --job-work N       DFPN calls a job may make (default: 2000 up to\n"
    "                         6x6, 8000 above, times --threads)\n"
    "      --job-min-work N   a job that reaches its thresholds within fewer\n"
    "                         DFPN calls raises them and goes on (default: a\n"
    "                         quarter of --job-work with --threads 2 or more,\n"
    "                         else 0; parapds: all of it, as its slaves do)\n"
    "      --top-depth N      the top tree's depth limit (default 64; parapds\n"
    "                         3, its master's fixed depth): leaves\n"
    "                         there are not expanded, their jobs continue them\n"
    "  -h, --help             show this help and exit\n"
    "  -V, --version          show the version and exit\n"
    "\n"
    "Progress goes to stderr, one line per position, refreshed (a new line\n"
    "every 10 s when stderr is not a terminal): the time, the root's proof\n"
    "and disproof numbers, expansions per second, the table's fill, and an\n"
    "estimate of the time left.  The estimate counts the root's moves refuted\n"
    "so far: with k of n refuted after t seconds it says t (n - k) / k more\n"
    "(the time to refute the rest at the same pace; a win found ends it\n"
    "sooner), and 'eta ?' before the first; for a list, the time left at the\n"
    "mean time of the positions solved so far (over every run; answers\n"
    "from --db not counted).  At the end stdout gets the table:\n"
    "each move (or the position), the winner, the winning reply of the side\n"
    "to move after it when that side wins ('any': it wins whatever it\n"
    "plays), the time and the expansions.  A checkpoint is written whole or\n"
    "not at all (beside FILE, flushed to disk, renamed over it), so a kill at\n"
    "any moment leaves the last one.\n"
    "Exit status: 0 when every position was solved or ran out of --time, 1\n"
    "when an input cannot be read or an output cannot be written, 2 on a\n"
    "usage error, 128+N when stopped by signal N (after the checkpoint).\n";

static const struct option solve_long_options[] = {
    { "board", required_argument, NULL, 'b' },
    { "moves", required_argument, NULL, 'm' },
    { "to-move", required_argument, NULL, 'w' },
    { "openings", required_argument, NULL, 'o' },
    { "all-openings", no_argument, NULL, 'a' },
    { "threads", required_argument, NULL, 'T' },
    { "tt-mb", required_argument, NULL, 'M' },
    { "time", required_argument, NULL, 't' },
    { "checkpoint", required_argument, NULL, 'c' },
    { "every", required_argument, NULL, 'e' },
    { "resume", required_argument, NULL, 'r' },
    { "png", required_argument, NULL, 'p' },
    { "db", required_argument, NULL, 'd' },
    { "proof", required_argument, NULL, 'P' },
    { "quiet", no_argument, NULL, 'q' },
    { "mpi", no_argument, NULL, 'I' },
    { "scheme", required_argument, NULL, 'S' },
    { "job-work", required_argument, NULL, 'J' },
    { "job-min-work", required_argument, NULL, 'W' },
    { "top-depth", required_argument, NULL, 'D' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
};

static bool
parse_seconds(const char *s, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !(v >= 0) || v > max)
        return false;
    *out = v;
    return true;
}

/* The options into o; 0 to go on, else the exit status. */
static int
solve_parse(int argc, char **argv, solve_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->time = -1;
    o->every = -1;
    o->job_work = -1;
    o->job_min_work = -1;
    o->top_depth = -1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":b:m:o:aT:t:c:e:r:d:P:qhV", solve_long_options, NULL)) != -1) {
        switch (c) {
        case 'b': o->board = optarg; break;
        case 'm': o->moves = optarg; break;
        case 'w': o->to_move = optarg; break;
        case 'o': o->openings = optarg; break;
        case 'a': o->all_openings = true; break;
        case 'T': o->threads = optarg; break;
        case 'M': o->tt_mb = optarg; break;
        case 't':
            if (!parse_seconds(optarg, SOLVE_MAX_SECONDS, &o->time)) {
                fprintf(stderr, "%s: invalid --time '%s' (seconds, 0 or more)\n", PROG, optarg);
                return 2;
            }
            break;
        case 'c': o->checkpoint = optarg; break;
        case 'e':
            if (!parse_seconds(optarg, SOLVE_MAX_SECONDS, &o->every) || o->every <= 0) {
                fprintf(stderr, "%s: invalid --every '%s' (minutes, more than 0)\n", PROG,
                        optarg);
                return 2;
            }
            break;
        case 'r': o->resume = optarg; break;
        case 'p': o->png = optarg; break;
        case 'd': o->db = optarg; break;
        case 'P': o->proof = optarg; break;
        case 'q': o->quiet = true; break;
        case 'I': o->mpi = true; break;
        case 'S': o->scheme = optarg; break;
        case 'J':
            if (!parse_seconds(optarg, 1e15, &o->job_work) || o->job_work < 1
                || o->job_work != (double)(uint64_t)o->job_work) {
                fprintf(stderr, "%s: invalid --job-work '%s' (DFPN calls, 1 or more)\n", PROG,
                        optarg);
                return 2;
            }
            break;
        case 'W':
            if (!parse_seconds(optarg, 1e15, &o->job_min_work)
                || o->job_min_work != (double)(uint64_t)o->job_min_work) {
                fprintf(stderr, "%s: invalid --job-min-work '%s' (DFPN calls, 0 or more)\n",
                        PROG, optarg);
                return 2;
            }
            break;
        case 'D':
            if (!parse_seconds(optarg, 255, &o->top_depth)
                || o->top_depth != (double)(int)o->top_depth) {
                fprintf(stderr, "%s: invalid --top-depth '%s' (0 to 255)\n", PROG, optarg);
                return 2;
            }
            break;
        case 'h': fputs(solve_usage_text, stdout); return -1;
        case 'V': printf("%s (%s) %s\n", PROG, PACKAGE_NAME, PACKAGE_VERSION); return -1;
        default:
            util_option_error(PROG, c, optopt, argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc)
        o->sgf = argv[optind++];
    const char *why = NULL;
    if (optind < argc)
        why = "one game file at most";
    else if (o->resume && (o->sgf || o->board || o->moves || o->to_move || o->openings
                           || o->all_openings))
        why = "--resume takes the position and the moves from the checkpoint";
    else if (!o->resume && !o->sgf && !o->board)
        why = "nothing to solve: give GAME.sgf, --board N or --resume FILE";
    else if (o->sgf && (o->board || o->moves))
        why = "a game file, or --board and --moves, not both";
    else if (o->moves && !o->board)
        why = "--moves needs --board";
    else if (o->openings && o->all_openings)
        why = "--openings or --all-openings, not both";
    else if (o->every >= 0 && !o->checkpoint && !o->resume)
        why = "--every needs --checkpoint";
    else if (o->scheme && scheme_index(o->scheme) < 0)
        why = "--scheme takes spdfpn, two-level, rp-pns or parapds";
    else if (o->scheme && strcmp(o->scheme, "spdfpn") != 0 && !o->mpi)
        why = "--scheme two-level, rp-pns and parapds run across processes: give --mpi "
              "(under mpirun)";
    else if (o->scheme && strcmp(o->scheme, "spdfpn") == 0 && o->mpi)
        why = "--scheme spdfpn runs in one process: leave out --mpi";
    else if ((o->job_work >= 0 || o->job_min_work >= 0 || o->top_depth >= 0) && !o->mpi)
        why = "--job-work, --job-min-work and --top-depth are the job-level schemes': give --mpi";
    if (why) {
        fprintf(stderr, "%s: %s\nTry '%s --help'.\n", PROG, why, PROG);
        return 2;
    }
    return 0;
}

/* ---- the engine -------------------------------------------------------- */

static bool
solve_set(engine_t *e, const char *group, const char *key, const char *value, const char *what)
{
    char err[256];
    if (engine_param_set(e, engine_param_group(group), key, value, err, sizeof err))
        return true;
    fprintf(stderr, "%s: %s: %s\n", PROG, what, err);
    return false;
}

/* The engine's solver with the run's threads and table size (--threads
 * and --tt-mb, else these), and the progress pace; false after saying
 * why. */
static bool
solve_engine(solve_run_t *run, int tt_mb, int threads)
{
    char mb[32], th[32];
    snprintf(mb, sizeof mb, "%d", tt_mb);
    snprintf(th, sizeof th, "%d", threads);
    run->e = engine_new(1);
    if (!run->e) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        return false;
    }
    return solve_set(run->e, "param_game", "threads", run->o->threads ? run->o->threads : th,
                     "--threads")
        && solve_set(run->e, "param_dfpn", "tt_mb", run->o->tt_mb ? run->o->tt_mb : mb,
                     "--tt-mb")
        && solve_set(run->e, "param_dfpn", "progress_interval", "1", "progress");
}

/* The table a checkpoint is read into (solve_ckpt_load's make_table):
 * the engine's, sized by --tt-mb or the checkpoint's. */
static tt_t *
solve_make_table(void *arg, const solve_job_t *job)
{
    solve_run_t *run = arg;
    if (!solve_engine(run, job->tt_mb, job->threads))
        return NULL;
    solver_t *sv = engine_solver(run->e);
    return sv ? solver_table(sv) : NULL;
}

/* ---- the job from the command line ------------------------------------ */

static bool
parse_board(const char *s, int *w, int *h)
{
    char a[8], b[8];
    const char *x = strchr(s, 'x');
    if (!x)
        return geometry_parse_size(s, w) && (*h = *w, true);
    size_t n = (size_t)(x - s);
    if (n == 0 || n >= sizeof a || strlen(x + 1) >= sizeof b)
        return false;
    memcpy(a, s, n);
    a[n] = '\0';
    strcpy(b, x + 1);
    return geometry_parse_size(a, w) && geometry_parse_size(b, h);
}

/* The game of --board and --moves; false after saying why. */
static bool
game_from_moves(const solve_opts_t *o, game_t *g)
{
    int w, h;
    if (!parse_board(o->board, &w, &h)) {
        fprintf(stderr, "%s: invalid --board '%s' (N or WxH, 1 to %d)\n", PROG, o->board,
                HEX_MAX_SIZE);
        return false;
    }
    if (game_init(g, w, h) != GAME_OK) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        return false;
    }
    if (!o->moves)
        return true;
    const char *why = NULL;
    char **words = util_split_command(o->moves, &why);
    bool ok = words != NULL || strcmp(why, "empty") == 0;
    if (!ok)
        fprintf(stderr, "%s: invalid --moves: %s\n", PROG, why);
    hex_color_t c = HEX_BLACK;
    for (char **m = words; ok && m && *m; m++) {
        int move;
        game_status_t st;
        if (geometry_parse_move(g->pos.geo, *m, &move) != MOVE_PARSE_OK
            || move == MOVE_NONE) {
            fprintf(stderr, "%s: --moves: '%s' is not a cell of the %dx%d board\n", PROG, *m,
                    w, h);
            ok = false;
        } else if (g->pos.winner != HEX_EMPTY) {
            fprintf(stderr, "%s: --moves: %s after the game was won\n", PROG, *m);
            ok = false;
        } else if ((st = game_play(g, c, move, false, -1)) != GAME_OK) {
            fprintf(stderr, "%s: --moves: %s: %s\n", PROG, *m, game_status_text(st));
            ok = false;
        }
        c = game_to_move(g);
    }
    util_free_words(words);
    if (!ok)
        game_free(g);
    return ok;
}

/* The job of the command line; false after saying why (status 1). */
static bool
job_from_options(solve_run_t *run)
{
    const solve_opts_t *o = run->o;
    game_t *g = util_xmalloc(sizeof *g);
    char err[512];
    bool ok;
    if (o->sgf) {
        ok = game_init(g, 11, 11) == GAME_OK;
        if (ok && !sgf_load_file(g, o->sgf, -1, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", PROG, err);
            game_free(g);
            ok = false;
        }
    } else {
        ok = game_from_moves(o, g);
    }
    if (!ok) {
        free(g);
        return false;
    }
    hex_color_t to_move = game_to_move(g);
    if (o->to_move && !hex_color_parse(o->to_move, &to_move)) {
        fprintf(stderr, "%s: invalid --to-move '%s' (black or white)\n", PROG, o->to_move);
        ok = false;
    }
    if (ok && g->pos.winner != HEX_EMPTY && (o->openings || o->all_openings)) {
        fprintf(stderr, "%s: the position is won already: no first moves to solve\n", PROG);
        ok = false;
    }
    if (ok)
        ok = solve_job_init(&run->job, g->pos.geo->width, g->pos.geo->height, err, sizeof err);
    if (ok) {
        solve_job_set_base(&run->job, &g->pos, to_move);
        if (o->all_openings) {
            solve_job_add_all_openings(&run->job);
            if (run->job.nitems == 0) {
                fprintf(stderr, "%s: no empty cell to play\n", PROG);
                ok = false;
            }
        } else if (o->openings) {
            ok = solve_job_read_openings(&run->job, o->openings, err, sizeof err);
            if (!ok)
                fprintf(stderr, "%s: %s\n", PROG, err);
        } else {
            solve_job_add_base(&run->job);
        }
    }
    game_free(g);
    free(g);
    return ok;
}

/* ---- progress ---------------------------------------------------------- */

/* "3 h 05 min", "12 min 30 s", "42 s" */
static const char *
duration(double seconds, char *buf, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, size, "%ld h %02ld min", s / 3600, s / 60 % 60);
    else if (s >= 60)
        snprintf(buf, size, "%ld min %02ld s", s / 60, s % 60);
    else if (seconds >= 10)
        snprintf(buf, size, "%ld s", s);
    else
        snprintf(buf, size, "%.1f s", seconds);
    return buf;
}

static const char *
item_name(const solve_job_t *job, const solve_item_t *it, char *buf)
{
    if (it->move == MOVE_NONE)
        return "position";
    return geometry_move_name(job->geo, it->move, buf);
}

/* Items still to solve after the current one, and the estimate of
 * their time at this run's pace ("" when none can be made). */
static void
run_eta(const solve_run_t *run, char *buf, size_t size)
{
    int left = 0, solved = 0;
    double seconds = 0;
    for (int i = 0; i < run->job.nitems; i++) {
        const solve_item_t *it = &run->job.items[i];
        left += i > run->index && it->state == SOLVE_OPEN;
        if (it->state == SOLVE_SOLVED && it->seconds > 0) {
            solved++;
            seconds += it->seconds;
        }
    }
    buf[0] = '\0';
    if (run->job.nitems > 1 && left > 0 && solved > 0) {
        char d[32];
        snprintf(buf, size, "; %d more, about %s", left,
                 duration(seconds / solved * left, d, sizeof d));
    } else if (run->job.nitems > 1 && left > 0) {
        snprintf(buf, size, "; %d more", left);
    }
}

static void
progress_line(solve_run_t *run, const char *text, bool final)
{
    if (run->o->quiet)
        return;
    if (run->tty)
        fprintf(stderr, "\r\033[K%s%s", text, final ? "\n" : "");
    else
        fprintf(stderr, "%s\n", text);
    fflush(stderr);
}

/* The solver's progress report (dfpn_progress_fn). */
static void
solve_progress(void *arg, const dfpn_progress_t *p)
{
    solve_run_t *run = arg;
    double now = util_now();
    if (!run->tty && now - run->last_line < 10)
        return;
    run->last_line = now;
    const solve_item_t *it = &run->job.items[run->index];
    const dfpn_stats_t *st = p->stats;
    double t = run->item_before + st->seconds;
    double rate = st->seconds > 0 ? (double)st->expansions / st->seconds : 0;
    char name[MOVE_NAME_MAX], root[48], eta[64], more[96], d[32];
    if (p->root_phi == 0 || p->root_delta == 0)
        snprintf(root, sizeof root, "%s", p->root_phi == 0 ? "win" : "loss");
    else
        snprintf(root, sizeof root, "%u:%u", p->root_phi, p->root_delta);
    int refuted = 0;
    for (int i = 0; i < p->nchildren; i++)
        refuted += p->child_phi[i] == 0;     /* the child's mover wins */
    if (refuted > 0 && refuted < p->nchildren)
        snprintf(eta, sizeof eta, "eta %s (%d of %d moves refuted)",
                 duration(t * (p->nchildren - refuted) / refuted, d, sizeof d), refuted,
                 p->nchildren);
    else
        snprintf(eta, sizeof eta, "eta ?");
    run_eta(run, more, sizeof more);
    char line[400];
    snprintf(line, sizeof line, "%s: %s (%d/%d) %s, root phi:delta %s, %.0f exp/s, "
             "%" PRIu64 " exp, tt %.0f%%, %s%s", PROG, item_name(&run->job, it, name),
             run->index + 1, run->job.nitems, duration(t, d, sizeof d), root, rate,
             run->exp_before + st->expansions,
             p->tt_capacity ? 100.0 * (double)p->tt_used / (double)p->tt_capacity : 0.0, eta,
             more);
    progress_line(run, line, false);
}

/* ---- checkpoints ------------------------------------------------------- */

/* Write the checkpoint now (when the run has one); false after saying
 * why. */
static bool
solve_checkpoint(solve_run_t *run)
{
    if (!run->checkpoint)
        return true;
    double t0 = util_now();
    char why[512];
    solver_t *sv = engine_solver(run->e);
    if (!sv) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        return false;
    }
#if HAVE_MPI
    /* the top tree first: a kill between the two files leaves a tree
     * that is still true of its position, older or newer */
    if (run->dist && !dist_save_tree(run->dist, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", PROG, why);
        return false;
    }
#endif
    bool ok = solve_ckpt_save(&run->job, solver_table(sv), run->checkpoint, why, sizeof why);
    double t1 = util_now();
    run->checkpoint_seconds += t1 - t0;
    run->checkpoints++;
    if (run->job.every > 0)
        run->next_checkpoint = t1 + run->job.every * 60;
    if (!ok)
        fprintf(stderr, "%s: %s\n", PROG, why);
    return ok;
}

static bool
checkpoint_due(const solve_run_t *run)
{
    return run->next_checkpoint > 0 && util_now() >= run->next_checkpoint;
}

/* ---- the driver -------------------------------------------------------- */

/* Write the proof certificate of item `it`, solved at pos (to_move to
 * move), when the run asks for one: to --proof, or with first moves to
 * --proof/MOVE.cert; keep: a position an earlier run solved, whose whole
 * certificate there is kept (certificate_present).  A failure is said and
 * counted; the run goes on. */
static void
solve_proof(solve_run_t *run, const position_t *pos, hex_color_t to_move,
            const solve_item_t *it, bool keep)
{
    const char *dir = run->o->proof;
    if (!dir || pos->winner != HEX_EMPTY)
        return;
    char name[MOVE_NAME_MAX], path[4096], why[512];
    if (run->job.openings)
        snprintf(path, sizeof path, "%s/%s.cert", dir, item_name(&run->job, it, name));
    else
        snprintf(path, sizeof path, "%s", dir);
    if (keep && certificate_present(path, pos, to_move)) {
        if (!run->o->quiet)
            fprintf(stderr, "%s: %s: proof certificate %s kept (an earlier run wrote it)\n",
                    PROG, item_name(&run->job, it, name), path);
        return;
    }
    solver_t *sv = engine_solver(run->e);
    if (!sv) {
        fprintf(stderr, "%s: out of memory for the proof\n", PROG);
        run->proof_failed = true;
        return;
    }
    dfpn_params_t prm = engine_solver_params(run->e);
    stop_t stop = { NULL, 0, 0.0, &run->halt, NULL };
    cert_stats_t st;
    if (!certificate_write(sv, &prm, engine_knowledge(run->e), pos, to_move, &stop, path, &st,
                           why, sizeof why)) {
        fprintf(stderr, "%s: no proof certificate for %s: %s\n", PROG,
                item_name(&run->job, it, name), why);
        run->proof_failed = true;
        return;
    }
    run->proofs++;
    if (!run->o->quiet)
        fprintf(stderr, "%s: %s: proof certificate %s: %" PRIu64 " game nodes, %" PRIu64
                " connection nodes, %zu bytes, %.2f s\n", PROG, item_name(&run->job, it, name),
                path, st.game_nodes, st.conn_nodes, st.bytes, st.seconds);
}

typedef enum solve_status {
    SOLVE_DONE,                 /* solved, or out of its time */
    SOLVE_STOPPED,              /* by signal */
    SOLVE_FAILED                /* a checkpoint or memory failed (said) */
} solve_status_t;

/* One call of the search on pos until solved or `stop`: the engine's
 * solver session, or with --mpi the two-level search; the database's
 * figures counted into the run. */
static void
solve_once(solve_run_t *run, solver_t *sv, const position_t *pos, hex_color_t to_move,
           const dfpn_params_t *prm, const stop_t *stop, dfpn_result_t *r)
{
#if HAVE_MPI
    if (run->dist) {
        dist_stats_t ds;
        /* with --proof the workers' proofs gather in the session's table,
         * which the certificate is written from */
        dist_solve(run->dist, pos, to_move, prm, run->e->db,
                   run->o->proof ? solver_table(sv) : NULL,
                   run->tree_file[0] ? run->tree_file : NULL, stop, solve_progress, run, r,
                   &ds);
        if (ds.resumed && !run->o->quiet)
            fprintf(stderr, "%s: the top tree read from %s: %" PRIu64 " nodes\n", PROG,
                    run->tree_file, ds.resumed);
        run->db_hits += (int)ds.db_hits;
        run->db_stored += ds.db_stored;
        run->dist_sum.jobs += ds.jobs;
        run->dist_sum.proof_entries += ds.proof_entries;
        run->dist_sum.worker_seconds += ds.worker_seconds;
        run->dist_sum.seconds += ds.seconds;
        run->dist_sum.tree.nodes += ds.tree.nodes;
        return;
    }
#endif
    solver_solve(sv, pos, to_move, prm, stop, solve_progress, run, r);
    const solver_db_report_t *dr = solver_db_report(sv);
    if (dr->used) {
        run->db_hits += dr->hit;
        run->db_stored += dr->stored;
        if (dr->failed)
            fprintf(stderr, "%s: database: %s\n", PROG, dr->error);
    }
}

/* Solve pos with to_move to move for item `it` (its figures summed into
 * it): the solver session within the item's time, paused for a
 * checkpoint whenever one is due and called again (DFPN resumes from the
 * table), until solved, out of time or stopped.  This is the one place a
 * position is solved: a store of solved positions is consulted before
 * the search and told the result after it, and a proof certificate
 * written after it, here. */
static solve_status_t
solve_position(solve_run_t *run, const position_t *pos, hex_color_t to_move, solve_item_t *it)
{
    solve_job_t *job = &run->job;
    if (pos->winner != HEX_EMPTY) {     /* the move connected */
        it->state = SOLVE_SOLVED;
        it->winner = pos->winner;
        it->reply = MOVE_NONE;
        return SOLVE_DONE;
    }
    for (;;) {
        double now = util_now();
        if (job->time > 0 && it->seconds >= job->time) {
            it->state = SOLVE_TIMEOUT;
            return SOLVE_DONE;
        }
        if (checkpoint_due(run) && !solve_checkpoint(run))
            return SOLVE_FAILED;
        stop_t stop = { NULL, 0, 0.0, &run->halt, NULL };
        if (job->time > 0)
            stop.deadline = now + (job->time - it->seconds);
        if (run->next_checkpoint > 0 && (stop.deadline == 0 || run->next_checkpoint < stop.deadline))
            stop.deadline = run->next_checkpoint;
        solver_t *sv = engine_solver(run->e);
        if (!sv) {
            fprintf(stderr, "%s: out of memory\n", PROG);
            return SOLVE_FAILED;
        }
        dfpn_params_t prm = engine_solver_params(run->e);
        dfpn_result_t r;
        run->item_before = it->seconds;
        run->exp_before = it->expansions;
        double t0 = util_now();
        solve_once(run, sv, pos, to_move, &prm, &stop, &r);
        it->seconds += util_now() - t0;
        it->expansions += r.stats.expansions;
        it->work += r.stats.work;
        if (r.winner != HEX_EMPTY) {
            it->state = SOLVE_SOLVED;
            it->winner = r.winner;
            it->reply = r.winner == to_move ? r.best : MOVE_NONE;
            solve_proof(run, pos, to_move, it, false);
            return SOLVE_DONE;
        }
        if (atomic_load(&run->halt))
            return SOLVE_STOPPED;
        run->pauses += checkpoint_due(run);
    }
}

/* The final progress line of item i. */
static void
item_line(solve_run_t *run, int i)
{
    const solve_job_t *job = &run->job;
    const solve_item_t *it = &job->items[i];
    char name[MOVE_NAME_MAX], d[32], more[96], line[300];
    const char *what = it->state == SOLVE_SOLVED ? hex_color_name(it->winner)
        : it->state == SOLVE_TIMEOUT ? "out of time" : "stopped";
    run_eta(run, more, sizeof more);
    snprintf(line, sizeof line, "%s: %s (%d/%d) %s%s after %s, %" PRIu64 " expansions%s", PROG,
             item_name(job, it, name), i + 1, job->nitems, what,
             it->state == SOLVE_SOLVED ? " wins" : "", duration(it->seconds, d, sizeof d),
             it->expansions, more);
    progress_line(run, line, true);
}

/* Every open item in turn; the status of the run. */
static solve_status_t
solve_job_run(solve_run_t *run)
{
    solve_job_t *job = &run->job;
    position_t *pos = util_xmalloc(sizeof *pos);
    solve_status_t st = SOLVE_DONE;
    for (int i = 0; i < job->nitems && st == SOLVE_DONE; i++) {
        solve_item_t *it = &job->items[i];
        hex_color_t to_move;
        if (it->state == SOLVE_SOLVED && run->o->proof) {
            /* solved by an earlier run: its certificate from the table
             * the checkpoint kept (the proof is re-searched where the
             * table lost part of it) */
            run->index = i;
            solve_job_position(job, i, pos, &to_move);
            solve_proof(run, pos, to_move, it, true);
            position_free(pos);
            continue;
        }
        if (it->state != SOLVE_OPEN)
            continue;
        run->index = i;
        run->last_line = util_now();
        solve_job_position(job, i, pos, &to_move);
        st = solve_position(run, pos, to_move, it);
        position_free(pos);
        if (st == SOLVE_FAILED)
            break;
        item_line(run, i);
        if (st == SOLVE_DONE && checkpoint_due(run) && !solve_checkpoint(run))
            st = SOLVE_FAILED;
    }
    free(pos);
    return st;
}

/* ---- the table --------------------------------------------------------- */

static void
table_row(const solve_job_t *job, const solve_item_t *it, bool twin, char *buf, size_t size)
{
    const geometry_t *geo = job->geo;
    char move[MOVE_NAME_MAX + 8], reply[MOVE_NAME_MAX + 8], secs[32], exps[32];
    int m = twin ? it->twin : it->move;
    if (m == MOVE_NONE)
        snprintf(move, sizeof move, "position");
    else
        geometry_move_name(geo, m, move);
    hex_color_t mover = it->move == MOVE_NONE ? job->to_move : hex_color_other(job->to_move);
    const char *winner = it->state == SOLVE_SOLVED ? hex_color_name(it->winner)
        : it->state == SOLVE_TIMEOUT ? "unsolved" : "open";
    if (it->state != SOLVE_SOLVED || it->winner != mover)
        snprintf(reply, sizeof reply, "-");
    else if (it->reply == MOVE_NONE)
        snprintf(reply, sizeof reply, "any");
    else
        geometry_move_name(geo, twin ? geometry_half_turn(geo, it->reply) : it->reply, reply);
    if (twin) {
        char orig[MOVE_NAME_MAX];
        snprintf(secs, sizeof secs, "=%s", geometry_move_name(geo, it->move, orig));
        snprintf(exps, sizeof exps, "-");
    } else {
        snprintf(secs, sizeof secs, "%.2f", it->seconds);
        snprintf(exps, sizeof exps, "%" PRIu64, it->expansions);
    }
    snprintf(buf, size, "%-9s %-9s %-6s %10s %12s\n", move, winner, reply, secs, exps);
}

/* The table of results on stdout. */
static void
print_table(const solve_run_t *run)
{
    const solve_job_t *job = &run->job;
    int moves = 0, black = 0, white = 0, unsolved = 0;
    double seconds = 0;
    uint64_t expansions = 0, work = 0;
    strbuf_t out = { 0 };
    char row[160];
    util_buf_addf(&out, "# hein-solve %s: %dx%d, %s to move%s, %d problem%s\n", PACKAGE_VERSION,
                  job->geo->width, job->geo->height, hex_color_name(job->to_move),
                  job->openings ? ", first moves" : "", job->nitems, job->nitems == 1 ? "" : "s");
    util_buf_addf(&out, "%-9s %-9s %-6s %10s %12s\n", "move", "winner", "reply", "seconds",
                  "expansions");
    for (int i = 0; i < job->nitems; i++) {
        const solve_item_t *it = &job->items[i];
        for (int twin = 0; twin < 1 + (it->twin != MOVE_NONE); twin++) {
            table_row(job, it, twin, row, sizeof row);
            util_buf_add(&out, row);
            moves++;
            if (it->state != SOLVE_SOLVED)
                unsolved++;
            else if (it->winner == HEX_BLACK)
                black++;
            else
                white++;
        }
        seconds += it->seconds;
        expansions += it->expansions;
        work += it->work;
    }
    util_buf_addf(&out, "# %d %s: black wins %d, white wins %d, unsolved %d; %.2f s, "
                  "%" PRIu64 " expansions, %" PRIu64 " DFPN calls in all runs\n", moves,
                  job->openings ? "moves" : "position", black, white, unsolved, seconds,
                  expansions, work);
    if (run->checkpoint)
        util_buf_addf(&out, "# this run: %d checkpoint%s (%.2f s writing), %d pause%s to "
                      "write one mid-solve\n", run->checkpoints,
                      run->checkpoints == 1 ? "" : "s", run->checkpoint_seconds, run->pauses,
                      run->pauses == 1 ? "" : "s");
    if (run->o->proof)
        util_buf_addf(&out, "# proof certificates: %d written%s\n", run->proofs,
                      run->proof_failed ? ", some could not be" : "");
#if HAVE_MPI
    if (run->dist) {
        const dist_stats_t *ds = &run->dist_sum;
        const char *scheme = run->o->scheme ? run->o->scheme : "two-level";
        util_buf_addf(&out, "# %s search: %d ranks (%d workers), %" PRIu64 " jobs, "
                      "%.2f s busy in jobs (%.0f%% of the workers' time), top tree %" PRIu64
                      " nodes\n", scheme, run->ranks, run->ranks - 1, ds->jobs, ds->worker_seconds,
                      ds->seconds > 0 ? 100.0 * ds->worker_seconds
                      / (ds->seconds * (run->ranks - 1)) : 0.0, ds->tree.nodes);
        if (run->o->proof)
            util_buf_addf(&out, "# %s search: %" PRIu64 " table entries of the "
                          "workers' proofs gathered for the certificates\n",
                          scheme, ds->proof_entries);
    }
#endif
    if (run->o->db)
        util_buf_addf(&out, "# database %s: %d position%s answered from it, %zu stored\n",
                      run->o->db, run->db_hits, run->db_hits == 1 ? "" : "s", run->db_stored);
    fputs(strbuf_str(&out), stdout);
    fflush(stdout);
    strbuf_free(&out);
}

/* ---- main -------------------------------------------------------------- */

static void
solve_signal_stop(void *arg, int sig)
{
    solve_run_t *run = arg;
    (void)sig;
    atomic_store(&run->halt, true);
}

/* The job, the engine and its table: from the checkpoint or the
 * options; false after saying why. */
static bool
solve_setup(solve_run_t *run)
{
    const solve_opts_t *o = run->o;
    char why[512];
    if (o->resume) {
        uint64_t entries = 0;
        if (!solve_ckpt_load(&run->job, o->resume, solve_make_table, run, &entries, why,
                             sizeof why)) {
            fprintf(stderr, "%s: %s\n", PROG, why);
            return false;
        }
        run->entries = entries;
        run->checkpoint = o->checkpoint ? o->checkpoint : o->resume;
    } else {
        if (!job_from_options(run))
            return false;
        run->job.tt_mb = 64;
        run->job.every = o->checkpoint ? SOLVE_DEFAULT_EVERY : 0;
        if (!solve_engine(run, run->job.tt_mb, 1))
            return false;
        run->checkpoint = o->checkpoint;
    }
    if (o->tt_mb)
        run->job.tt_mb = run->e->dfpn_params.tt_mb;
    run->job.threads = run->e->game_params.threads;
    if (o->time >= 0)
        run->job.time = o->time;
    if (o->every >= 0)
        run->job.every = o->every;
    else if (run->checkpoint && run->job.every <= 0)
        run->job.every = SOLVE_DEFAULT_EVERY;
    /* positions out of time get another chance with more of it */
    for (int i = 0; i < run->job.nitems; i++) {
        solve_item_t *it = &run->job.items[i];
        if (it->state == SOLVE_TIMEOUT && (run->job.time == 0 || it->seconds < run->job.time))
            it->state = SOLVE_OPEN;
    }
    if (o->db && !engine_db_open(run->e, o->db, why, sizeof why)) {
        fprintf(stderr, "%s: --db: %s\n", PROG, why);
        return false;
    }
    if (o->resume && !o->quiet)
        fprintf(stderr, "%s: resumed from %s: %d of %d done, %" PRIu64 " table entries\n",
                PROG, o->resume, run->job.nitems - solve_job_count(&run->job, SOLVE_OPEN),
                run->job.nitems, run->entries);
    if (!engine_solver(run->e)) {
        fprintf(stderr, "%s: out of memory for the table\n", PROG);
        return false;
    }
    return true;
}

/* The run on one process, or on rank 0 of `ranks` (0: no MPI). */
static int
solve_main(const solve_opts_t *opts, int ranks)
{
    solve_opts_t o = *opts;
    int status;
    solve_run_t *run = util_xmalloc(sizeof *run);
    memset(run, 0, sizeof *run);
    run->o = &o;
    run->tty = isatty(STDERR_FILENO);
    atomic_init(&run->halt, false);
    bool ok = solve_setup(run);
#if HAVE_MPI
    run->ranks = ranks;
    if (ok && ranks > 0) {
        dist_params_t dp;
        dp.job_work = o.job_work > 0 ? (uint64_t)o.job_work : 0;
        dp.job_min_work = o.job_min_work >= 0 ? (uint64_t)o.job_min_work : DIST_DEFAULT;
        toptree_params_default(&dp.top);
        dfpn_params_t sp = engine_solver_params(run->e);
        dp.top.widening_base = sp.widening_base;        /* the solver's window */
        dp.top.widening_factor = sp.widening_factor;
        dp.top.epsilon = sp.epsilon;
        dp.top.scheme = o.scheme ? (toptree_scheme_t)schemes[scheme_index(o.scheme)].top
                                 : TOPTREE_TWO_LEVEL;
        if (o.top_depth >= 0)
            dp.top.max_depth = (int)o.top_depth;
        else if (dp.top.scheme == TOPTREE_PARAPDS)
            dp.top.max_depth = PARAPDS_DEPTH;   /* the master's fixed depth d' */
        run->dist = dist_lead_new(ranks, &dp, run->job.threads, run->job.tt_mb,
                                  run->job.geo->width, run->job.geo->height);
        ok = run->dist != NULL;
        if (ok && run->checkpoint)
            snprintf(run->tree_file, sizeof run->tree_file, "%s.tree", run->checkpoint);
    } else if (ranks > 0) {
        dist_quit(ranks);
    }
#else
    (void)ranks;
#endif
    if (!ok) {
        if (run->e)
            engine_free(run->e);
        solve_job_free(&run->job);
        free(run);
        return 1;
    }
    run->start = util_now();
    if (run->checkpoint && run->job.every > 0)
        run->next_checkpoint = run->start + run->job.every * 60;
    if (!sigthread_start(&run->signals, PROG, "writing the checkpoint and the results",
                         solve_signal_stop, run)) {
        fprintf(stderr, "%s: cannot start the signal thread\n", PROG);
        status = 1;
    } else {
        solve_status_t st = solve_job_run(run);
        char why[512];
        status = st == SOLVE_FAILED || run->proof_failed ? 1 : 0;
        if (st != SOLVE_FAILED && !solve_checkpoint(run))
            status = 1;
        if (o.png && !solve_map_save(&run->job, o.png, why, sizeof why)) {
            fprintf(stderr, "%s: %s\n", PROG, why);
            status = 1;
        }
        print_table(run);
        if (sigthread_signal(&run->signals))
            status = 128 + sigthread_signal(&run->signals);
        sigthread_end(&run->signals);
    }
#if HAVE_MPI
    dist_lead_end(run->dist);
#endif
    engine_free(run->e);
    solve_job_free(&run->job);
    free(run);
    return status;
}

int
main(int argc, char **argv)
{
    if (util_help_version(argc, argv, PROG, solve_usage_text))
        return 0;
    solve_opts_t o;
    int status = solve_parse(argc, argv, &o);
    if (status)
        return status < 0 ? 0 : status;
    if (!o.mpi)
        return solve_main(&o, 0);
#if HAVE_MPI
    int rank, size;
    if (!dist_init(&argc, &argv, &rank, &size))
        return 1;
    if (rank > 0) {
        /* a stop comes from rank 0, which ends the jobs and tells the
         * workers to quit after its checkpoint */
        signal(SIGINT, SIG_IGN);
        signal(SIGTERM, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        status = dist_work();
    } else {
        status = solve_main(&o, size);
    }
    dist_finalize();
    return status;
#else
    fprintf(stderr, "%s: --mpi: this hein-solve was built without MPI (configure found none: "
            "install libopenmpi-dev and openmpi-bin, which ./bootstrap does as root)\n", PROG);
    return 2;
#endif
}
