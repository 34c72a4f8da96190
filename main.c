/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein: a Hex engine speaking HTP on stdin/stdout. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "gtp/commands.h"
#include "gtp/htp.h"
#include "search/search.h"

typedef struct options {
    const char *config;         /* --config FILE, or NULL */
    uint64_t seed;              /* --seed N; 0: from the clock */
    const char *tt_mb;          /* --tt-mb N, or NULL: param_dfpn's default */
    const char *threads;        /* --threads N, or NULL: param_game's default */
    bool ponder;                /* --ponder: param_game ponder 1 */
    const char *db;             /* --db FILE, or NULL */
    const char *net;            /* --net FILE, or NULL */
} options_t;

static const struct option long_options[] = {
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, 'V' },
    { "config", required_argument, NULL, 'c' },
    { "seed", required_argument, NULL, 's' },
    { "tt-mb", required_argument, NULL, 't' },
    { "threads", required_argument, NULL, 'T' },
    { "ponder", no_argument, NULL, 'p' },
    { "db", required_argument, NULL, 'd' },
    { "net", required_argument, NULL, 'n' },
    { NULL, 0, NULL, 0 }
};

static void
print_help(FILE *f)
{
    fprintf(f,
            "Usage: hein [OPTION]...\n"
            "A Hex engine speaking HTP (GTP for Hex) on standard input and output.\n"
            "\n"
            "  -c, --config FILE   run the HTP commands in FILE at start-up\n"
            "                      (replies go to standard error; a failing\n"
            "                      command stops hein with status 1)\n"
            "  -s, --seed N        seed the random generator with N (1..2^64-1);\n"
            "                      default: from the clock\n"
            "  -t, --tt-mb N       the solver's transposition table, in MiB\n"
            "                      (1..1048576; default 64; also param_dfpn tt_mb)\n"
            "  -T, --threads N     the program's threads (1..%d; default 1): the\n"
            "                      solver's and the SCNS player's, more than 1 runs\n"
            "                      them in parallel (also param_game threads)\n"
            "  -p, --ponder        think on the opponent's time: after genmove,\n"
            "                      search on until the next command arrives\n"
            "                      (also param_game ponder; default off)\n"
            "  -d, --db FILE       the solved-position database: the solver answers\n"
            "                      from FILE what it holds and stores what it\n"
            "                      proves (created when absent; also db-open)\n"
            "  -n, --net FILE      the policy and value network's weights instead of\n"
            "                      share/net/hein.net (also param_net file; a file\n"
            "                      that does not load: a warning, and no network)\n"
            "  -h, --help          show this help and exit\n"
            "  -V, --version       show the version and exit\n"
            "\n"
            "Time: each move takes 10 seconds (param_game move_time) until a\n"
            "time control is set (time_settings, param_game game_time).\n"
            "\n"
            "Type 'list_commands' or 'help' at the prompt for the commands.\n",
            ENGINE_MAX_THREADS);
}

static bool
parse_seed(const char *s, uint64_t *seed)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v == 0 || s[0] == '-')
        return false;
    *seed = v;
    return true;
}

/* Returns -1 to go on, else the exit status. */
static int
parse_options(int argc, char **argv, options_t *o)
{
    int c;
    opterr = 0;
    /* the leading ':' makes a missing argument ':' and an unknown option '?' */
    while ((c = getopt_long(argc, argv, ":hVc:s:t:T:pd:n:", long_options, NULL)) != -1) {
        switch (c) {
        case 'h':
            print_help(stdout);
            return 0;
        case 'V':
            printf("%s %s\nsearchers: %s\n", ENGINE_NAME, PACKAGE_VERSION,
                   search_components());
            return 0;
        case 'c':
            o->config = optarg;
            break;
        case 's':
            if (!parse_seed(optarg, &o->seed)) {
                fprintf(stderr, "hein: invalid seed '%s': a positive integer below 2^64\n", optarg);
                return 2;
            }
            break;
        case 't':
            o->tt_mb = optarg;  /* checked by the engine (set_options) */
            break;
        case 'T':
            o->threads = optarg;
            break;
        case 'p':
            o->ponder = true;
            break;
        case 'd':
            o->db = optarg;
            break;
        case 'n':
            o->net = optarg;
            break;
        case ':':
            if (strncmp(argv[optind - 1], "--", 2) == 0)
                fprintf(stderr, "hein: option '%s' needs an argument\n", argv[optind - 1]);
            else
                fprintf(stderr, "hein: option -%c needs an argument\n", optopt);
            fprintf(stderr, "Try 'hein --help'.\n");
            return 2;
        default:
            if (optopt && strncmp(argv[optind - 1], "--", 2) != 0)
                fprintf(stderr, "hein: unknown option '-%c'\n", optopt);
            else
                fprintf(stderr, "hein: unknown option '%s'\n", argv[optind - 1]);
            fprintf(stderr, "Try 'hein --help'.\n");
            return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "hein: unexpected argument '%s'\nTry 'hein --help'.\n", argv[optind]);
        return 2;
    }
    return -1;
}

/* Set a parameter from an option's value through the engine, which
 * checks it as the HTP command would; false after saying why (`what`:
 * the value in words).  NULL: the option was not given. */
static bool
set_option(engine_t *e, const char *group, const char *name, const char *value,
           const char *what)
{
    char err[256];
    if (!value || engine_param_set(e, engine_param_group(group), name, value, err, sizeof err))
        return true;
    fprintf(stderr, "hein: invalid %s '%s': %s\n", what, value, err);
    return false;
}

/* The options that are parameters, set on the new engine; false after
 * saying why. */
static bool
set_options(engine_t *e, const options_t *o)
{
    /* the table is made at the first solve */
    char err[1024];
    if (!(set_option(e, "param_dfpn", "tt_mb", o->tt_mb, "table size")
          && set_option(e, "param_game", "threads", o->threads, "thread count")
          && set_option(e, "param_game", "ponder", o->ponder ? "1" : NULL, "ponder")))
        return false;
    /* a network that does not load is no reason to stop: play on
     * without one */
    if (o->net && !set_option(e, "param_net", "file", o->net, "network")) {
        fprintf(stderr, "hein: playing without a network\n");
        set_option(e, "param_net", "use", "0", "network switch");
    }
    if (o->db && !engine_db_open(e, o->db, err, sizeof err)) {
        fprintf(stderr, "hein: database refused: %s\n", err);
        return false;
    }
    return true;
}

/* Run a config file's commands; replies to stderr.  Returns -1 to go on
 * serving, 0 after a quit in the file, 1 (after saying why) when the file
 * cannot be read or a command fails. */
static int
run_config(htp_t *h, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "hein: cannot open config file %s: %s\n", path, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    int status = -1;
    while (status < 0 && getline(&line, &cap, f) >= 0) {
        lineno++;
        htp_status_t s = htp_execute(h, line, stderr);
        if (s == HTP_FAILED) {
            fprintf(stderr, "hein: %s:%d: command failed\n", path, lineno);
            status = 1;
        } else if (s == HTP_QUIT) {
            status = 0;
        }
    }
    if (status < 0 && ferror(f)) {
        /* a directory opens but cannot be read (EISDIR) */
        fprintf(stderr, "hein: cannot read config file %s: %s\n", path, strerror(errno));
        status = 1;
    }
    free(line);
    fclose(f);
    return status;
}

int
main(int argc, char **argv)
{
    options_t o = { NULL, 0, NULL, NULL, false, NULL, NULL };
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;
    engine_t *e = engine_new(o.seed);
    if (e && !set_options(e, &o)) {
        engine_free(e);
        return 2;
    }
    htp_t *h = e ? htp_new(stdin, stdout, commands_table, e) : NULL;
    if (!h) {
        fprintf(stderr, "hein: out of memory\n");
        engine_free(e);
        return 1;
    }
    htp_set_idle(h, commands_idle, e);
    status = o.config ? run_config(h, o.config) : -1;
    if (status < 0)
        status = htp_serve(h);
    htp_free(h);
    engine_free(e);
    return status;
}
