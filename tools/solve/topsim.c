/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-topsim: rank 0 of hein-solve --mpi under the load of many workers,
 * simulated.
 *
 * A real top tree (search/toptree.h) on a real root is driven as rank 0's
 * loop drives it (tools/solve/solve_mpi.c dist_solve): after each result,
 * jobs for every idle worker while toptree_pick finds a leaf (--scheme),
 * the first idle worker found by a scan of the ranks, or under the
 * two-level scheme the one whose job expanded the leaf's parent; each job carries the log entries solved since that
 * worker's previous job (at most MSG_SHARE_MAX).  The W workers are virtual:
 * a job's report is drawn from a synthetic game and it ends after a
 * simulated duration.  Simulated time is an event queue: rank 0 serves
 * one message at a time, and its service time is the CPU time measured
 * of the real calls (the scan, toptree_pick, toptree_position, packing
 * the JOB message as solve_mpi.c packs it, toptree_start; unpacking the
 * RESULT, toptree_finish) plus a modelled cost per message (a latency
 * and its bytes over a bandwidth); when idle it looks for a result every
 * --poll seconds, as the real loop sleeps between probes.
 *
 * The synthetic game (what is modelled, not measured): the root's side to
 * move loses (White after the centre on 9x9: Black wins).  A losing
 * node's children all win; a winning node's children lose at one index
 * (geometric from the first: the expansion's order is good) and with
 * probability ALT_LOSS at each other, all fixed by the parent's key so
 * that they hold from report to report.  A job on a leaf at depth d
 * solves it with probability min(0.95, p0 g^d); otherwise it reports its
 * fill-in (a fraction of the empty cells growing with depth), its
 * children (a random 35-60 % of the cells left, random moves and keys),
 * the first few explored -- numbers from log-normal draws, easy for the
 * side that wins the child, hard for the other, solved with the
 * probability of depth d+1 -- and the rest 1, 1; children that win for
 * their mover are pruned as dominated with probability PRUNE.  The job
 * lasts J times a log-normal factor of mean 1 (a fraction of it when it
 * solved its leaf).  Transpositions (the tree's map), the database and
 * proof certificates are not modelled. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board/position.h"
#include "board/rng.h"
#include "search/toptree.h"
#include "tools/lib/util.h"
#include "tools/solve/solve_msg.h"

#define PROG "hein-topsim"

/* As solve_mpi.c: the most log entries one job carries. */

#define MAX_LIST 16             /* values of --workers and --job-seconds */
#define ALT_LOSS 0.05           /* a winning node's other losing children */
#define PRUNE 0.10              /* children pruned as dominated */

static const char topsim_usage_text[] =
    "Usage: hein-topsim [OPTION]...\n"
    "Simulate rank 0 of hein-solve --mpi with many virtual workers: a real top\n"
    "tree (search/toptree.h) on a real root, driven as rank 0 drives it, its\n"
    "CPU time measured; the workers' reports synthetic, their jobs' durations\n"
    "simulated.  One line of figures for each number of workers and job time.\n"
    "\n"
    "The root:\n"
    "  -b, --board N          an empty N x N board (default 9)\n"
    "  -m, --moves \"A1 B2..\"  moves played on it, Black first (default: the\n"
    "                         centre cell; \"\" for none)\n"
    "The cluster:\n"
    "  -w, --workers LIST     virtual workers (ranks besides rank 0), a\n"
    "                         comma-separated list (default 1000)\n"
    "  -j, --job-seconds LIST the mean duration of a job in seconds, a list\n"
    "                         (default 60)\n"
    "      --job-spread S     the log-normal spread of a job's duration\n"
    "                         (default 0.5; 0: every job lasts the mean)\n"
    "      --job-work N       DFPN calls a job reports (default 1000000)\n"
    "  -n, --jobs N           jobs to finish in each run (default 20000)\n"
    "      --latency SEC      rank 0's time per message (default 0.000002)\n"
    "      --bandwidth B      bytes per second rank 0 sends or receives\n"
    "                         (default 1e9)\n"
    "      --poll SEC         an idle rank 0's wait between probes (default\n"
    "                         0.0005, as solve_mpi.c)\n"
    "      --fixed-cost SEC   rank 0's CPU time per job sent and per result\n"
    "                         taken, instead of the measured time (the\n"
    "                         simulated times are then reproducible)\n"
    "      --checkpoint-every SEC  a checkpoint every SEC simulated seconds, as\n"
    "                         hein-solve --every: rank 0 hands out no job until\n"
    "                         the running ones are done, writes the tree (its\n"
    "                         time measured) and goes on (default 0: none)\n"
    "      --checkpoint-seconds SEC  the time a checkpoint takes besides the\n"
    "                         tree: rank 0's table and the files (default 0)\n"
    "The tree and the synthetic game:\n"
    "      --scheme NAME      how rank 0 picks jobs (toptree_pick): two-level\n"
    "                         (the default), rp-pns or parapds\n"
    "      --top-depth N      the tree's depth limit (default 64)\n"
    "      --top-nodes N      the tree's most nodes (default 4194304)\n"
    "      --solve-p0 P       a job solves its leaf at depth d with\n"
    "      --solve-growth G   probability min(0.95, P G^d) (defaults 0.01, 1.5)\n"
    "  -s, --seed N           the random seed (default 1)\n"
    "  -h, --help             show this help and exit\n"
    "  -V, --version          show the version and exit\n"
    "\n"
    "Columns: workers, job_s (mean job seconds), jobs finished, sim_s\n"
    "(simulated seconds), jobs/s achieved, cap/s (jobs per second of rank\n"
    "0's busy time: what it could sustain), r0% and wk% (rank 0's busy time,\n"
    "checkpoints included, and the workers', over the run and, r0%2 and\n"
    "wk%2, after half the jobs), ramp_s (when 90% of the workers first ran\n"
    "jobs; - never), noleaf% (the results after which a worker stayed idle:\n"
    "no leaf to hand out), root\n"
    "(open, win, loss), nodes, depth, full (reports not expanded: tree\n"
    "full), tree_MiB (the tree's memory, toptree_bytes),\n"
    "B/node, log (solved entries), job_B and res_B (mean bytes of a JOB and\n"
    "a RESULT), r0_us (rank 0's time per job, CPU and modelled), sel_us,\n"
    "pos_us, fin_us (the measured CPU time of toptree_pick, of\n"
    "toptree_position with the packing, of toptree_finish, per job),\n"
    "ckpt_MiB and ckpt_s (the tree's checkpoint at the end, toptree_write\n"
    "into memory: its size and the wall time it took), ckpts (checkpoints\n"
    "written) and pause_s (the mean time from one being due to the jobs\n"
    "handed out again: the running jobs' end, the tree, --checkpoint-seconds).\n"
    "\n"
    "Exit status: 0 on success, 2 on a usage error.\n";

static const struct option topsim_long_options[] = {
    { "board", required_argument, NULL, 'b' },
    { "moves", required_argument, NULL, 'm' },
    { "workers", required_argument, NULL, 'w' },
    { "job-seconds", required_argument, NULL, 'j' },
    { "job-spread", required_argument, NULL, 'S' },
    { "job-work", required_argument, NULL, 'W' },
    { "jobs", required_argument, NULL, 'n' },
    { "latency", required_argument, NULL, 'L' },
    { "bandwidth", required_argument, NULL, 'B' },
    { "poll", required_argument, NULL, 'p' },
    { "fixed-cost", required_argument, NULL, 'F' },
    { "checkpoint-every", required_argument, NULL, 'c' },
    { "checkpoint-seconds", required_argument, NULL, 'C' },
    { "scheme", required_argument, NULL, 'K' },
    { "top-depth", required_argument, NULL, 'D' },
    { "top-nodes", required_argument, NULL, 'N' },
    { "solve-p0", required_argument, NULL, 'P' },
    { "solve-growth", required_argument, NULL, 'G' },
    { "seed", required_argument, NULL, 's' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { NULL, 0, NULL, 0 }
};

typedef struct opts {
    int board;
    const char *moves;
    int workers[MAX_LIST], nworkers;
    double job_s[MAX_LIST];
    int njob_s;
    double spread;
    uint64_t job_work;
    uint64_t jobs;
    double latency, bandwidth, poll, fixed_cost;
    double ckpt_every, ckpt_s;
    int top_depth, top_nodes;
    toptree_scheme_t scheme;
    double p0, growth;
    uint64_t seed;
} opts_t;

/* ---- options ----------------------------------------------------------- */

static bool
parse_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !(v >= lo) || !(v <= hi))
        return false;
    *out = v;
    return true;
}

static bool
parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (*s < '0' || *s > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno != 0 || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* A comma-separated list of numbers in [lo, hi]; integers when `whole`. */
static bool
parse_list(const char *s, double lo, double hi, bool whole, double *out, int *n)
{
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    *n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        double v;
        uint64_t u;
        if (*n == MAX_LIST)
            return false;
        if (whole) {
            if (!parse_uint(tok, (uint64_t)lo, (uint64_t)hi, &u))
                return false;
            v = (double)u;
        } else if (!parse_double(tok, lo, hi, &v)) {
            return false;
        }
        out[(*n)++] = v;
    }
    return *n > 0 && s[strlen(s) - 1] != ',';
}

static int
bad(const char *opt, const char *arg, const char *what)
{
    fprintf(stderr, "%s: invalid %s '%s' (%s)\nTry '%s --help'.\n", PROG, opt, arg, what,
            PROG);
    return 2;
}

/* The options into o; 0 to go on, -1 to exit 0, else the exit status. */
static int
topsim_parse(int argc, char **argv, opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->board = 9;
    o->workers[0] = 1000;
    o->nworkers = 1;
    o->job_s[0] = 60;
    o->njob_s = 1;
    o->spread = 0.5;
    o->job_work = 1000000;
    o->jobs = 20000;
    o->latency = 2e-6;
    o->bandwidth = 1e9;
    o->poll = 0.0005;
    o->fixed_cost = -1;
    o->top_depth = 64;
    o->top_nodes = 1 << 22;
    o->p0 = 0.01;
    o->growth = 1.5;
    o->seed = 1;
    opterr = 0;
    int c;
    double list[MAX_LIST], v;
    uint64_t u;
    while ((c = getopt_long(argc, argv, ":b:m:w:j:n:s:hV", topsim_long_options, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (!geometry_parse_size(optarg, &o->board) || o->board < 2)
                return bad("--board", optarg, "a size from 2 to 19");
            break;
        case 'm': o->moves = optarg; break;
        case 'w':
            if (!parse_list(optarg, 1, 1000000, true, list, &o->nworkers))
                return bad("--workers", optarg, "1 to 1000000 each, comma-separated, "
                           "at most 16");
            for (int i = 0; i < o->nworkers; i++)
                o->workers[i] = (int)list[i];
            break;
        case 'j':
            if (!parse_list(optarg, 1e-6, 1e7, false, o->job_s, &o->njob_s))
                return bad("--job-seconds", optarg, "seconds from 0.000001 to 1e7 each, "
                           "comma-separated, at most 16");
            break;
        case 'S':
            if (!parse_double(optarg, 0, 3, &o->spread))
                return bad("--job-spread", optarg, "0 to 3");
            break;
        case 'W':
            if (!parse_uint(optarg, 1, UINT64_C(1) << 50, &o->job_work))
                return bad("--job-work", optarg, "DFPN calls, 1 or more");
            break;
        case 'n':
            if (!parse_uint(optarg, 1, 100000000, &o->jobs))
                return bad("--jobs", optarg, "1 to 100000000");
            break;
        case 'L':
            if (!parse_double(optarg, 0, 1, &o->latency))
                return bad("--latency", optarg, "seconds, 0 to 1");
            break;
        case 'B':
            if (!parse_double(optarg, 1e3, 1e15, &o->bandwidth))
                return bad("--bandwidth", optarg, "bytes per second, 1e3 to 1e15");
            break;
        case 'p':
            if (!parse_double(optarg, 0, 1, &o->poll))
                return bad("--poll", optarg, "seconds, 0 to 1");
            break;
        case 'F':
            if (!parse_double(optarg, 0, 1, &o->fixed_cost))
                return bad("--fixed-cost", optarg, "seconds, 0 to 1");
            break;
        case 'c':
            if (!parse_double(optarg, 0, 1e9, &o->ckpt_every))
                return bad("--checkpoint-every", optarg, "simulated seconds, 0 or more");
            break;
        case 'C':
            if (!parse_double(optarg, 0, 1e6, &o->ckpt_s))
                return bad("--checkpoint-seconds", optarg, "seconds, 0 to 1e6");
            break;
        case 'D':
            if (!parse_uint(optarg, 1, 255, &u))
                return bad("--top-depth", optarg, "1 to 255");
            o->top_depth = (int)u;
            break;
        case 'N':
            if (!parse_uint(optarg, 64, 1u << 28, &u))
                return bad("--top-nodes", optarg, "64 to 268435456");
            o->top_nodes = (int)u;
            break;
        case 'P':
            if (!parse_double(optarg, 0, 1, &o->p0))
                return bad("--solve-p0", optarg, "a probability, 0 to 1");
            break;
        case 'G':
            if (!parse_double(optarg, 1, 10, &v))
                return bad("--solve-growth", optarg, "1 to 10");
            o->growth = v;
            break;
        case 'K':
            if (strcmp(optarg, "two-level") == 0)
                o->scheme = TOPTREE_TWO_LEVEL;
            else if (strcmp(optarg, "rp-pns") == 0)
                o->scheme = TOPTREE_RP_PNS;
            else if (strcmp(optarg, "parapds") == 0)
                o->scheme = TOPTREE_PARAPDS;
            else
                return bad("--scheme", optarg, "two-level, rp-pns or parapds");
            break;
        case 's':
            if (!parse_uint(optarg, 0, UINT64_MAX, &o->seed))
                return bad("--seed", optarg, "a whole number, 0 or more");
            break;
        case 'h': fputs(topsim_usage_text, stdout); return -1;
        case 'V': printf("%s (%s) %s\n", PROG, PACKAGE_NAME, PACKAGE_VERSION); return -1;
        default:
            util_option_error(PROG, c, optopt, argv[optind - 1]);
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument '%s'\nTry '%s --help'.\n", PROG,
                argv[optind], PROG);
        return 2;
    }
    return 0;
}

/* The root: o's board with its moves played; false after saying why. */
static bool
make_root(const opts_t *o, const geometry_t *geo, position_t *p, char *desc, size_t len)
{
    position_init(p, geo);
    char centre[MOVE_NAME_MAX];
    const char *moves = o->moves;
    if (!moves)
        moves = geometry_move_name(geo, geometry_cell(geo, o->board / 2, o->board / 2),
                                   centre);
    char buf[1024];
    if (strlen(moves) >= sizeof buf) {
        fprintf(stderr, "%s: --moves: too long\n", PROG);
        return false;
    }
    strcpy(buf, moves);
    snprintf(desc, len, "%dx%d", o->board, o->board);
    char *save = NULL;
    for (char *m = strtok_r(buf, " \t,", &save); m; m = strtok_r(NULL, " \t,", &save)) {
        int mv;
        position_status_t st;
        if (geometry_parse_move(geo, m, &mv) != MOVE_PARSE_OK) {
            fprintf(stderr, "%s: --moves: '%s' is not a cell of the %dx%d board\n", PROG, m,
                    o->board, o->board);
            return false;
        }
        if ((st = position_check(p, p->to_move, mv)) != POSITION_OK) {
            fprintf(stderr, "%s: --moves: '%s': %s\n", PROG, m, position_status_text(st));
            return false;
        }
        if (p->winner != HEX_EMPTY) {
            fprintf(stderr, "%s: --moves: the game is over before '%s'\n", PROG, m);
            return false;
        }
        position_play(p, p->to_move, mv);
        size_t at = strlen(desc);
        snprintf(desc + at, len - at, " %s", m);
    }
    if (p->winner != HEX_EMPTY) {
        fprintf(stderr, "%s: --moves: the game is over: nothing to solve\n", PROG);
        return false;
    }
    return true;
}

/* ---- measuring ------------------------------------------------------- */

static double
cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* What one cpu_now() pair costs, the least of many. */
static double
cpu_overhead(void)
{
    double least = 1;
    for (int i = 0; i < 1000; i++) {
        double a = cpu_now(), b = cpu_now();
        if (b - a < least)
            least = b - a;
    }
    return least;
}

/* ---- the synthetic game ------------------------------------------------ */

static uint64_t
mix(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ (b * UINT64_C(0x9E3779B97F4A7C15));
    return rng_splitmix64(&x);
}

static double
unit(uint64_t h)
{
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

/* Of a winning node with key `key` and k children: the index of its
 * winning child (geometric from the first, 1/2 each). */
static int
winning_index(uint64_t key, int k)
{
    uint64_t h = mix(key, 0x77);
    int i = 0;
    while (i < k - 1 && (h & 1)) {
        h >>= 1;
        i++;
    }
    return i;
}

/* Whether child i of a node with key `key`, k children, that wins
 * (`parent_wins`) wins for its own mover. */
static bool
child_wins(uint64_t key, int k, int i, bool parent_wins)
{
    if (!parent_wins)
        return true;
    if (i == winning_index(key, k))
        return false;
    return unit(mix(key, (uint64_t)i + 1000)) >= ALT_LOSS;
}

/* A child that wins for its mover pruned as dominated. */
static bool
child_pruned(uint64_t key, int i, bool wins)
{
    return wins && unit(mix(key, (uint64_t)i + 5000)) < PRUNE;
}

/* Whether node's side to move wins, and its depth: from the root down. */
static bool
node_wins(const toptree_t *t, int node, int *depth)
{
    int path[512], n = 0;
    for (int a = node; a > 0 && n < 512; a = toptree_parent(t, a))
        path[n++] = a;
    *depth = n;
    bool wins = false;          /* the root's mover loses */
    for (int i = n - 1; i >= 0; i--) {
        int parent = toptree_parent(t, path[i]);
        int k = toptree_nchildren(t, parent);
        int idx = path[i] - toptree_child(t, parent, 0);
        wins = child_wins(toptree_key(t, parent), k, idx, wins);
    }
    return wins;
}

static double
normal(rng_t *r)
{
    double u = rng_uniform(r), v = rng_uniform(r);
    return sqrt(-2 * log(u + 1e-300)) * cos(2 * M_PI * v);
}

/* A proof or disproof number: easy ones near 4, hard ones near 40. */
static uint32_t
number(rng_t *r, bool easy)
{
    double x = exp((easy ? log(4.0) : log(40.0)) + normal(r));
    return x >= 1e8 ? 100000000u : 1 + (uint32_t)x;
}

static double
p_solve(const opts_t *o, int depth)
{
    double p = o->p0 * pow(o->growth, depth);
    return p > 0.95 ? 0.95 : p;
}

/* The report of a job on a leaf (its position pos, its key, its side to
 * move winning or not, at depth `depth`), drawn with r into b and rep;
 * the job's duration. */
static double
draw_report(const opts_t *o, double mean_s, rng_t *r, const position_t *pos, uint64_t key,
            bool wins, int depth, toptree_buf_t *b, toptree_report_t *rep)
{
    memset(rep, 0, sizeof *rep);
    rep->best = -1;
    rep->work = o->job_work;
    rep->fill[0] = b->fill[0];
    rep->fill[1] = b->fill[1];
    rep->children = b->children;
    int empty[HEX_MAX_CELLS], ne = 0;
    int cells = pos->geo->ncells;
    for (int c = 0; c < cells; c++)
        if (position_color_at(pos, c) == HEX_EMPTY)
            empty[ne++] = c;
    for (int i = ne - 1; i > 0; i--) {  /* shuffled */
        int j = (int)rng_below(r, (uint32_t)i + 1), x = empty[i];
        empty[i] = empty[j];
        empty[j] = x;
    }
    double dur = mean_s * exp(o->spread * normal(r) - o->spread * o->spread / 2);
    bool solved = rng_uniform(r) < p_solve(o, depth);
    if (pos->winner != HEX_EMPTY) {     /* connected: as the real worker */
        solved = true;
        wins = pos->winner == pos->to_move;
        ne = 0;
    }
    int nfill = 0, k = 0;
    if (!solved) {
        double f = 0.02 * depth * (0.5 + rng_uniform(r));
        nfill = (int)(ne * (f > 0.3 ? 0.3 : f));
        k = (int)((ne - nfill) * (0.35 + 0.25 * rng_uniform(r)));
        if (k < 2 && ne - nfill >= 2)
            k = 2;
        solved = k < 2;
    }
    if (!solved) {
        for (int i = 0; i < nfill; i++) {
            int c = rng_below(r, 2) ? 1 : 0;
            b->fill[c][rep->nfill[c]++] = (int16_t)empty[i];
        }
        rep->nchildren = k;
        int explored = 2 + (int)rng_below(r, 8);
        bool all_won = true;
        int lost_child = -1;
        for (int i = 0; i < k; i++) {
            toptree_child_t *c = &b->children[i];
            memset(c, 0, sizeof *c);
            c->key = rng_next(r) | 1;
            c->move = (int16_t)empty[nfill + i];
            c->best = -1;
            bool cw = child_wins(key, k, i, wins);
            c->pruned = child_pruned(key, i, cw);
            if (i < explored && !c->pruned) {
                c->work = o->job_work / (uint64_t)(2 * explored);
                if (rng_uniform(r) < p_solve(o, depth + 1)) {
                    c->phi = cw ? 0 : TOPTREE_INF;
                    c->delta = cw ? TOPTREE_INF : 0;
                    c->best = cw ? (int16_t)empty[(nfill + k + i) % ne] : -1;
                } else {
                    c->phi = number(r, cw);
                    c->delta = number(r, !cw);
                }
            } else {
                c->phi = c->delta = 1;
            }
            if (c->delta == 0 && lost_child < 0)
                lost_child = i;
            if (!c->pruned && c->phi != 0)
                all_won = false;
        }
        if (lost_child >= 0) {          /* the table holds the leaf won */
            solved = true;
            rep->best = b->children[lost_child].move;
        } else if (all_won) {
            solved = true;
        } else {
            uint32_t phi = TOPTREE_INF, delta = 0;
            for (int i = 0; i < k; i++) {
                const toptree_child_t *c = &b->children[i];
                if (c->pruned)
                    continue;
                if (c->phi != 0 && c->delta < phi)
                    phi = c->delta;
                delta = delta + c->phi >= TOPTREE_INF ? TOPTREE_INF - 1 : delta + c->phi;
            }
            rep->phi = phi;
            rep->delta = delta;
            return dur;
        }
        wins = lost_child >= 0;
    } else if (wins && ne > 0) {
        rep->best = (int16_t)empty[0];
    }
    rep->phi = wins ? 0 : TOPTREE_INF;
    rep->delta = wins ? TOPTREE_INF : 0;
    rep->nchildren = 0;
    rep->nfill[0] = rep->nfill[1] = 0;
    return dur * (0.05 + 0.95 * rng_uniform(r));
}

/* ---- the simulation ---------------------------------------------------- */

typedef struct event {
    double t;                   /* the job's end */
    int w;                      /* its worker */
} event_t;

typedef struct heap {
    event_t *e;
    int n;
} heap_t;

static void
heap_push(heap_t *h, double t, int w)
{
    int i = h->n++;
    while (i > 0) {
        int p = (i - 1) / 2;
        if (h->e[p].t < t || (h->e[p].t == t && h->e[p].w < w))
            break;
        h->e[i] = h->e[p];
        i = p;
    }
    h->e[i] = (event_t){ t, w };
}

static event_t
heap_pop(heap_t *h)
{
    event_t top = h->e[0], last = h->e[--h->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && (h->e[c + 1].t < h->e[c].t
                             || (h->e[c + 1].t == h->e[c].t && h->e[c + 1].w < h->e[c].w)))
            c++;
        if (last.t < h->e[c].t || (last.t == h->e[c].t && last.w < h->e[c].w))
            break;
        h->e[i] = h->e[c];
        i = c;
    }
    h->e[i] = last;
    return top;
}

typedef struct slot {
    int node;                   /* its running job's leaf, or -1 */
    size_t seen;                /* the log entries it has */
    double start, dur;          /* its job's */
    uint64_t serial;            /* its job's number: the report's seed */
} slot_t;

typedef struct run {
    int workers;
    double job_s;
    uint64_t jobs, sends, services, noleaf, solved_leaves;
    double end, r0_busy, ramp, r0_half_start, fixed_cost;
    double r0_half, wk_busy, wk_half;
    double cpu_select, cpu_pos, cpu_start, cpu_unpack, cpu_finish, modelled;
    double job_bytes, res_bytes, log_entries_sent;
    double tree_bytes;
    double ckpt_bytes, ckpt_s;  /* toptree_write into memory */
    uint64_t ckpts;             /* --checkpoint-every's */
    double pause;               /* their pauses, summed */
    toptree_stats_t ts;
    size_t log;
    const char *root;
} run_t;

typedef struct sim {
    const opts_t *o;
    const position_t *root;
    double overhead;
    toptree_t *t;
    slot_t *w;                  /* ranks 0..W, 0 unused */
    int size;
    int *owner;                 /* by node, as solve_mpi.c */
    heap_t h;
    msg_t job, res;
    toptree_buf_t *rbuf;        /* rank 0's, for the unpacked result */
    toptree_buf_t *wbuf;        /* the workers', for a report drawn */
    uint64_t serial;
    int running;
    run_t *out;
} sim_t;

static double
timed(const sim_t *s, double a, double b)
{
    double d = b - a - s->overhead;
    return d > 0 ? d : 0;
}

/* Rank 0's modelled cost of a message of n bytes. */
static double
msg_cost(const sim_t *s, size_t n)
{
    return s->o->latency + (double)n / s->o->bandwidth;
}

/* The report and the duration of job `serial` on leaf `leaf` (its
 * position pos), into s->wbuf and rep: the same every time. */
static double
job_report(sim_t *s, int leaf, const position_t *pos, uint64_t serial, toptree_report_t *rep)
{
    rng_t rng;
    rng_seed(&rng, mix(s->o->seed, serial));
    int depth;
    bool wins = node_wins(s->t, leaf, &depth);
    return draw_report(s->o, s->out->job_s, &rng, pos, toptree_key(s->t, leaf), wins, depth,
                       s->wbuf, rep);
}

/* Rank 0 at time `now` hands out jobs to idle workers as dist_solve
 * does; returns the time it is done. */
static double
hand_out(sim_t *s, double now)
{
    const opts_t *o = s->o;
    for (;;) {
        double c0 = cpu_now();
        int r = 1;
        while (r < s->size && s->w[r].node >= 0)
            r++;
        if (r >= s->size)
            return now;
        uint32_t P, D;
        int leaf = toptree_pick(s->t, r - 1, s->size - 1, &P, &D);
        double c1 = cpu_now();
        if (leaf < 0) {
            s->out->noleaf++;
            double c = timed(s, c0, c1);
            s->out->cpu_select += c;
            return now + (o->fixed_cost >= 0 ? 0 : c);
        }
        int parent = toptree_parent(s->t, leaf);
        if (o->scheme == TOPTREE_TWO_LEVEL && parent >= 0 && s->owner[parent] > 0
            && s->w[s->owner[parent]].node < 0)
            r = s->owner[parent];
        /* send_job: the position, the message, the mark */
        position_t p;
        toptree_position(s->t, leaf, &p);
        msg_t *m = &s->job;
        size_t from = s->w[r].seen;
        s->w[r].seen = msg_put_job(m, (uint32_t)leaf, o->job_work,
                                   o->scheme == TOPTREE_PARAPDS ? o->job_work : 0, P, D, 0, &p,
                                   toptree_log(s->t), toptree_log_size(s->t), from);
        size_t k = s->w[r].seen - from;
        s->w[r].node = leaf;
        double c2 = cpu_now();
        toptree_start(s->t, leaf);
        double c3 = cpu_now();
        double cs = timed(s, c0, c1), cp = timed(s, c1, c2), ct = timed(s, c2, c3);
        s->out->cpu_select += cs;
        s->out->cpu_pos += cp;
        s->out->cpu_start += ct;
        double mc = msg_cost(s, m->n);
        s->out->modelled += mc;
        s->out->job_bytes += (double)m->n;
        s->out->log_entries_sent += (double)k;
        s->out->sends++;
        now += (o->fixed_cost >= 0 ? o->fixed_cost : cs + cp + ct) + mc;
        /* the worker's job: its duration drawn now, its report drawn
         * again the same way when it ends (neither is rank 0's time) */
        slot_t *w = &s->w[r];
        w->serial = ++s->serial;
        toptree_report_t rep;
        w->dur = job_report(s, leaf, &p, w->serial, &rep);
        position_free(&p);
        w->start = now;
        heap_push(&s->h, now + w->dur, r);
        s->running++;
        if (s->out->ramp < 0 && s->running >= 0.9 * (s->size - 1))
            s->out->ramp = now;
    }
}

/* Worker r's RESULT, packed as run_job packs it (the worker's time). */
static void
pack_result(sim_t *s, int r)
{
    position_t p;
    toptree_position(s->t, s->w[r].node, &p);
    toptree_report_t rr;
    job_report(s, s->w[r].node, &p, s->w[r].serial, &rr);
    position_free(&p);
    msg_t *out = &s->res;
    msg_put_report(out, (uint32_t)s->w[r].node, &rr, s->o->job_work, s->o->job_work, s->w[r].dur);
    msg_put(out, 0, 4);         /* no database items */
    msg_put(out, 0, 4);         /* no proof entries */
}

/* Rank 0 takes worker r's result at `now` (take_result); returns the
 * time it is done. */
static double
take(sim_t *s, int r, double now)
{
    pack_result(s, r);
    msg_t *m = &s->res;
    double c0 = cpu_now();
    m->at = 0;
    m->bad = false;
    uint32_t unode;
    toptree_report_t rep;
    uint64_t calls, expansions;
    double secs;
    msg_get_report(m, &unode, s->rbuf, &rep, &calls, &expansions, &secs);
    msg_get(m, 4);
    msg_get(m, 4);
    int node = (int)unode;
    double c1 = cpu_now();
    toptree_finish(s->t, node, &rep);
    s->owner[node] = r;
    s->w[r].node = -1;
    double c2 = cpu_now();
    double cu = timed(s, c0, c1), cf = timed(s, c1, c2);
    s->out->cpu_unpack += cu;
    s->out->cpu_finish += cf;
    double mc = msg_cost(s, m->n);
    s->out->modelled += mc;
    s->out->res_bytes += (double)m->n;
    s->out->jobs++;
    if (rep.phi == 0 || rep.delta == 0)
        s->out->solved_leaves++;
    return now + (s->o->fixed_cost >= 0 ? s->o->fixed_cost : cu + cf) + mc;
}

static void
job_done(sim_t *s, int r, double end, double half)
{
    const slot_t *w = &s->w[r];
    double a = w->start, b = w->start + w->dur;
    if (b > end)
        b = end;
    s->out->wk_busy += b - a;
    if (half >= 0 && b > half)
        s->out->wk_half += b - (a > half ? a : half);
}

static void
r0_done(sim_t *s, double a, double b, double half)
{
    s->out->r0_busy += b - a;
    if (half >= 0 && b > half)
        s->out->r0_half += b - (a > half ? a : half);
}

/* The tree's checkpoint (dist_save_tree), written into memory: its
 * size and the wall time it took (-1, -1 when it failed). */
static void
tree_checkpoint(const sim_t *s, double *bytes, double *seconds)
{
    char *data = NULL, why[256];
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    *bytes = *seconds = -1;
    if (!f)
        return;
    double t0 = util_now();
    bool ok = toptree_write(s->t, f, why, sizeof why);
    fclose(f);
    if (ok) {
        *seconds = util_now() - t0;
        *bytes = (double)len;
    }
    free(data);
}

/* One run: W workers, jobs of mean J seconds, until o->jobs are done or
 * the root is solved. */
static void
simulate(sim_t *s)
{
    const opts_t *o = s->o;
    run_t *out = s->out;
    double half = -1;           /* when half the jobs were done */
    double next_ckpt = o->ckpt_every > 0 ? o->ckpt_every : HUGE_VAL;
    double due = -1;            /* when the checkpoint under way fell due */
    double start = 0, free_at = hand_out(s, 0);
    r0_done(s, start, free_at, half);
    while (out->jobs < o->jobs && s->h.n > 0) {
        event_t e = heap_pop(&s->h);
        s->running--;
        if (e.t > free_at)      /* idle: it finds the result at its next probe */
            start = o->poll > 0 ? free_at + ceil((e.t - free_at) / o->poll) * o->poll : e.t;
        else
            start = free_at;
        job_done(s, e.w, e.t, half);
        double t = take(s, e.w, start);
        out->services++;
        if (half < 0 && out->jobs * 2 >= o->jobs)
            half = start;
        uint32_t phi, delta;
        toptree_root(s->t, &phi, &delta);
        bool go = phi != 0 && delta != 0 && out->jobs < o->jobs;
        if (go && due < 0 && t >= next_ckpt)
            due = t;            /* the stop: no more jobs until they end */
        if (go && due >= 0 && s->running == 0) {
            double bytes, secs;
            tree_checkpoint(s, &bytes, &secs);
            if (o->fixed_cost >= 0 || secs < 0)
                secs = 0;       /* reproducible: the modelled time alone */
            t += secs + o->ckpt_s;
            out->ckpts++;
            out->pause += t - due;
            due = -1;
            next_ckpt = t + o->ckpt_every;
        }
        if (go && due < 0)
            t = hand_out(s, t);
        r0_done(s, start, t, half);
        free_at = t;
        if (phi == 0 || delta == 0)
            break;
    }
    out->end = free_at;
    out->r0_half_start = half;
    /* the jobs still running (or waiting to be taken) at the end */
    for (int r = 1; r < s->size; r++)
        if (s->w[r].node >= 0)
            job_done(s, r, free_at, half);
    bool win;
    int best;
    out->root = toptree_result(s->t, &win, &best) ? (win ? "win" : "loss") : "open";
    toptree_stats(s->t, &out->ts);
    out->log = toptree_log_size(s->t);
    tree_checkpoint(s, &out->ckpt_bytes, &out->ckpt_s);
}

static void
print_header(void)
{
    printf("%7s %7s %8s %10s %8s %9s %6s %6s %6s %6s %9s %7s %5s %9s %5s %8s %8s %6s %8s %7s %6s "
           "%7s %7s %7s %7s %8s %7s %5s %7s\n",
           "workers", "job_s", "jobs", "sim_s", "jobs/s", "cap/s", "r0%", "r0%2", "wk%", "wk%2",
           "ramp_s", "noleaf%", "root", "nodes", "depth", "full", "tree_MiB", "B/node", "log",
           "job_B", "res_B", "r0_us", "sel_us", "pos_us", "fin_us", "ckpt_MiB", "ckpt_s",
           "ckpts", "pause_s");
}

static void
print_run(const run_t *r)
{
    double T = r->end > 0 ? r->end : 1, H = r->end - r->r0_half_start;
    double jobs = r->jobs ? (double)r->jobs : 1, sends = (double)r->sends ? (double)r->sends : 1;
    char ramp[32], mib[32], bpn[32];
    if (r->ramp >= 0)
        snprintf(ramp, sizeof ramp, "%.1f", r->ramp);
    else
        snprintf(ramp, sizeof ramp, "-");
    if (r->tree_bytes >= 0) {
        snprintf(mib, sizeof mib, "%.1f", r->tree_bytes / 1048576.0);
        snprintf(bpn, sizeof bpn, "%.0f", r->tree_bytes / (double)(r->ts.nodes ? r->ts.nodes : 1));
    } else {
        snprintf(mib, sizeof mib, "-");
        snprintf(bpn, sizeof bpn, "-");
    }
    double r0 = r->cpu_select + r->cpu_pos + r->cpu_start + r->cpu_unpack + r->cpu_finish
        + r->modelled;
    if (r->fixed_cost >= 0)
        r0 = (sends + jobs) * r->fixed_cost + r->modelled;
    printf("%7d %7.6g %8llu %10.1f %8.1f %9.0f %6.1f %6.1f %6.1f %6.1f %9s %7.1f %5s %9llu %5d "
           "%8llu %8s %6s %8zu %7.0f %6.0f %7.1f %7.1f %7.1f %7.1f %8.1f %7.3f %5llu %7.1f\n",
           r->workers, r->job_s, (unsigned long long)r->jobs, r->end, jobs / T,
           r->r0_busy > 0 ? jobs / r->r0_busy : 0.0, 100 * r->r0_busy / T,
           H > 0 && r->r0_half_start >= 0 ? 100 * r->r0_half / H : 0.0,
           100 * r->wk_busy / (T * r->workers),
           H > 0 && r->r0_half_start >= 0 ? 100 * r->wk_half / (H * r->workers) : 0.0,
           ramp, 100.0 * (double)r->noleaf / (double)(r->services ? r->services : 1), r->root,
           (unsigned long long)r->ts.nodes, r->ts.depth, (unsigned long long)r->ts.full, mib,
           bpn, r->log, r->job_bytes / sends, r->res_bytes / jobs, 1e6 * r0 / jobs,
           1e6 * r->cpu_select / sends, 1e6 * r->cpu_pos / sends, 1e6 * r->cpu_finish / jobs,
           r->ckpt_bytes / 1048576.0, r->ckpt_s, (unsigned long long)r->ckpts,
           r->ckpts ? r->pause / (double)r->ckpts : 0.0);
    fflush(stdout);
}

int
main(int argc, char **argv)
{
    if (util_help_version(argc, argv, PROG, topsim_usage_text))
        return 0;
    opts_t o;
    int status = topsim_parse(argc, argv, &o);
    if (status)
        return status < 0 ? 0 : status;
    geometry_t *geo = geometry_new(o.board, o.board);
    if (!geo) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        return 2;
    }
    position_t root;
    char desc[1200];
    if (!make_root(&o, geo, &root, desc, sizeof desc)) {
        position_free(&root);
        geometry_unref(geo);
        return 2;
    }
    sim_t s;
    memset(&s, 0, sizeof s);
    s.o = &o;
    s.root = &root;
    s.overhead = cpu_overhead();
    s.rbuf = util_xmalloc(sizeof *s.rbuf);
    s.wbuf = util_xmalloc(sizeof *s.wbuf);
    /* the messages' buffers at their largest from the start */
    s.job.cap = s.res.cap = 64 + 19 * MSG_SHARE_MAX + 2 * HEX_MAX_CELLS;
    s.res.cap += 32 * HEX_MAX_CELLS;
    s.job.b = util_xmalloc(s.job.cap);
    s.res.b = util_xmalloc(s.res.cap);
    printf("# %s %s: %s, %s to move; rank 0 as tools/solve/solve_mpi.c, virtual workers\n",
           PROG, PACKAGE_VERSION, desc, root.to_move == HEX_BLACK ? "black" : "white");
    printf("# measured: the CPU time of rank 0's calls (scan, toptree_pick, "
           "toptree_position and packing, toptree_start; unpacking, toptree_finish)%s; "
           "timer overhead %.2f us subtracted\n",
           o.fixed_cost >= 0 ? " -- but the simulated times use --fixed-cost" : "",
           1e6 * s.overhead);
    printf("# modelled: %.3g s and 1 byte / %.3g B/s per message; probe every %.3g s when "
           "idle; jobs log-normal (spread %.2f) of %llu DFPN calls; leaves solved with "
           "p = min(0.95, %.3g x %.3g^depth); seed %llu\n",
           o.latency, o.bandwidth, o.poll, o.spread, (unsigned long long)o.job_work, o.p0,
           o.growth, (unsigned long long)o.seed);
    if (o.ckpt_every > 0)
        printf("# checkpoints: every %.6g simulated s, %.3g s each besides the tree\n",
               o.ckpt_every, o.ckpt_s);
    if (o.fixed_cost >= 0)
        printf("# fixed cost: %.3g s of rank 0 per job sent and per result taken\n",
               o.fixed_cost);
    print_header();
    for (int i = 0; i < o.nworkers; i++) {
        for (int j = 0; j < o.njob_s; j++) {
            run_t run;
            memset(&run, 0, sizeof run);
            run.workers = o.workers[i];
            run.job_s = o.job_s[j];
            run.ramp = -1;
            run.r0_half_start = -1;
            run.fixed_cost = o.fixed_cost;
            s.out = &run;
            s.size = run.workers + 1;
            s.w = util_xmalloc((size_t)s.size * sizeof *s.w);
            for (int r = 0; r < s.size; r++)
                s.w[r] = (slot_t){ .node = -1 };
            s.owner = calloc((size_t)o.top_nodes, sizeof *s.owner);
            s.h.e = util_xmalloc((size_t)s.size * sizeof *s.h.e);
            s.h.n = 0;
            s.serial = 0;
            s.running = 0;
            if (!s.owner) {
                fprintf(stderr, "%s: out of memory\n", PROG);
                return 2;
            }
            toptree_params_t tp;
            toptree_params_default(&tp);
            tp.max_depth = o.top_depth;
            tp.max_nodes = o.top_nodes;
            tp.scheme = o.scheme;
            tp.seed = o.seed;
            s.t = toptree_new(&tp);
            if (!s.t) {
                fprintf(stderr, "%s: out of memory\n", PROG);
                return 2;
            }
            toptree_reset(s.t, &root, root.to_move);
            simulate(&s);
            run.tree_bytes = (double)toptree_bytes(s.t);
            print_run(&run);
            toptree_free(s.t);
            free(s.w);
            free(s.owner);
            free(s.h.e);
        }
    }
    free(s.job.b);
    free(s.res.b);
    free(s.rbuf);
    free(s.wbuf);
    position_free(&root);
    geometry_unref(geo);
    return 0;
}
