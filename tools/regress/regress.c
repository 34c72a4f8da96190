/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-regress: runs GTP regression files (GoGui's .tst format, see
 * tools/regress/regress_suite.h) against an engine and reports every test.
 *
 * Each file gets a fresh engine started in the file's folder.  stdout gets
 * one line per test, warnings about failed unnumbered commands, and the
 * closing "N passed, N failed" line (expected failures count as passed,
 * unexpected passes as failed); diagnostics go to stderr.  The exit status
 * is 0 when every result was the expected one, 1 when some were not, 2 on a
 * usage error or an unreadable file. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/lib/htpclient.h"
#include "tools/regress/regress_suite.h"
#include "tools/lib/util.h"

/* Seconds an engine gets to answer "quit" and then to exit. */
#define REGRESS_QUIT_GRACE 5.0
/* Seconds a dying engine gets to exit before it is killed. */
#define REGRESS_DEATH_GRACE 2.0

typedef struct regress_opts {
    char **engine;      /* the engine's argv, NULL-terminated */
    double timeout;     /* seconds per command, 0: no limit */
    bool verbose;
    FILE *log;
} regress_opts_t;

typedef struct regress_counts {
    unsigned long passed;       /* passed as expected */
    unsigned long xfailed;      /* failed as expected ('*') */
    unsigned long failed;       /* failed unexpectedly */
    unsigned long xpassed;      /* passed unexpectedly */
} regress_counts_t;

/* How one file is going. */
typedef struct regress_run {
    const char *path;
    const regress_opts_t *opts;
    htpclient_t engine;
    bool alive;
    regress_counts_t counts;
} regress_run_t;

static void
regress_usage(FILE *f)
{
    fputs("Usage: hein-regress [OPTION]... FILE.tst...\n"
          "Run GTP regression files (GoGui's .tst format) on an engine.\n"
          "\n"
          "  -p COMMAND     engine command line, split at spaces; double\n"
          "                 quotes group words (default: $HEIN_ENGINE, else\n"
          "                 the hein built or installed beside this\n"
          "                 program, else hein)\n"
          "  -t SECONDS     fail a command that gets no reply in time and\n"
          "                 end the engine (default 0: no limit)\n"
          "  -l FILE        log the GTP traffic and the engine's stderr to\n"
          "                 FILE\n"
          "  -v             show the GTP traffic on stderr\n"
          "  -h, --help     show this help and exit\n"
          "  -V, --version  show the version and exit\n"
          "\n"
          "Each file runs in a fresh engine started in the file's folder.\n"
          "Prints one line per test (passed; FAILED; failed: an expected\n"
          "failure; PASSED: an unexpected pass) and 'N passed, N failed'.\n"
          "Exit status: 0 if every result was expected, 1 if not, 2 on a\n"
          "usage error or an unreadable file.\n", f);
}

/* Splits the engine command line (see util_split_command); says why on
 * stderr and returns NULL when it is bad. */
static char **
regress_split_command(const char *s)
{
    const char *why = NULL;
    char **words = util_split_command(s, &why);

    if (!words)
        fprintf(stderr, "hein-regress: bad engine command: %s\n", why);
    return words;
}

/* Makes a relative engine path with a '/' absolute, since the engine is
 * started in another folder. */
static void
regress_absolute_engine(char **engine)
{
    char cwd[4096];
    strbuf_t b = { 0 };

    if (engine[0][0] == '/' || !strchr(engine[0], '/')
        || access(engine[0], F_OK) != 0 || !getcwd(cwd, sizeof cwd))
        return;
    util_buf_add(&b, cwd);
    util_buf_addc(&b, '/');
    util_buf_add(&b, engine[0]);
    free(engine[0]);
    engine[0] = b.s;
}

/* The default engine command line: $HEIN_ENGINE, else a hein beside this
 * program (installed) or in ../engine (build tree), quoted into b, else
 * "hein" from PATH. */
static const char *
regress_default_engine(const char *argv0, strbuf_t *b)
{
    static const char *const beside[] = { "hein", "../engine/hein" };
    const char *env = getenv("HEIN_ENGINE");
    const char *slash = strrchr(argv0, '/');

    if (env && *env)
        return env;
    for (size_t i = 0; slash && i < sizeof beside / sizeof *beside; i++) {
        strbuf_clear(b);
        util_buf_addc(b, '"');
        util_buf_addn(b, argv0, (size_t)(slash - argv0) + 1);
        util_buf_add(b, beside[i]);
        if (access(b->s + 1, X_OK) == 0) {
            util_buf_addc(b, '"');
            return b->s;
        }
    }
    return "hein";
}

static bool
regress_parse_timeout(const char *s, double *t)
{
    char *end;

    errno = 0;
    *t = strtod(s, &end);
    if (errno || end == s || *end || !(*t >= 0 && *t <= 1e9)) {
        fprintf(stderr, "hein-regress: bad timeout '%s'\n", s);
        return false;
    }
    return true;
}

static bool
regress_open_log(const char *path, regress_opts_t *o)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);

    if (o->log)
        fclose(o->log);
    o->log = NULL;
    if (fd < 0 || !(o->log = fdopen(fd, "a"))) {
        fprintf(stderr, "hein-regress: cannot write '%s': %s\n", path,
                strerror(errno));
        if (fd >= 0)
            close(fd);
        return false;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    setvbuf(o->log, NULL, _IOLBF, 0);
    return true;
}

/* Handles option argv[*i] (and its value).  Returns 0 to go on, 1 to exit
 * successfully, 2 on a usage error. */
static int
regress_option(int argc, char **argv, int *i, regress_opts_t *o,
               const char **engine)
{
    const char *a = argv[*i];
    const char *val;

    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        regress_usage(stdout);
        return 1;
    }
    if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
        printf("hein-regress (%s) %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 1;
    }
    if (strcmp(a, "-v") == 0) {
        o->verbose = true;
        return 0;
    }
    if (a[1] == '\0' || !strchr("ptl", a[1])) {
        fprintf(stderr, "hein-regress: unknown option '%s' (try --help)\n",
                a);
        return 2;
    }
    if (a[2]) {
        val = a + 2;
    } else if (*i + 1 < argc) {
        val = argv[++*i];
    } else {
        fprintf(stderr, "hein-regress: option '%s' needs a value\n", a);
        return 2;
    }
    if (a[1] == 'p')
        *engine = val;
    else if (a[1] == 't')
        return regress_parse_timeout(val, &o->timeout) ? 0 : 2;
    else if (!regress_open_log(val, o))
        return 2;
    return 0;
}

/* Reads the options; returns the index of the first file, or -1 to exit
 * with status *status. */
static int
regress_parse_args(int argc, char **argv, regress_opts_t *o, int *status)
{
    strbuf_t found = { 0 };
    const char *engine = regress_default_engine(argv[0], &found);
    int i, r = 0;

    for (i = 1; r == 0 && i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        r = regress_option(argc, argv, &i, o, &engine);
    }
    if (r == 0 && i == argc) {
        fputs("hein-regress: no .tst file given (try --help)\n", stderr);
        r = 2;
    }
    if (r == 0 && !(o->engine = regress_split_command(engine)))
        r = 2;
    strbuf_free(&found);
    if (r != 0) {
        *status = r == 1 ? 0 : 2;
        return -1;
    }
    regress_absolute_engine(o->engine);
    return i;
}

/* Writes s on one line: newlines as "\n", other control characters as
 * '?'. */
static void
regress_put_flat(const char *s)
{
    for (; *s; s++) {
        if (*s == '\n')
            fputs("\\n", stdout);
        else
            putchar((unsigned char)*s < ' ' ? '?' : *s);
    }
}

/* Counts a result; returns its word: passed, FAILED, failed (expected
 * failure) or PASSED (unexpected pass). */
static const char *
regress_count(regress_counts_t *c, bool fail, bool expect_fail)
{
    if (fail && expect_fail) {
        c->xfailed++;
        return "failed";
    }
    if (fail) {
        c->failed++;
        return "FAILED";
    }
    if (expect_fail) {
        c->xpassed++;
        return "PASSED";
    }
    c->passed++;
    return "passed";
}

/* Prints the line for a numbered test and counts it.  A reason (engine
 * died, timeout, malformed expectation) makes the failure unexpected even
 * for a test marked '*'; without one, an unexpected result shows the
 * expectation and the reply. */
static void
regress_report(regress_run_t *run, const regress_item_t *it, bool fail,
               const char *reason, const htpclient_reply_t *reply)
{
    const regress_expect_t *x = &it->expect;
    bool expect_fail = x->expect_fail && !reason;
    const char *word = regress_count(&run->counts, fail, expect_fail);

    printf("%s:%lu %s ", run->path, it->id, word);
    regress_put_flat(it->command);
    if (reason) {
        fputs(": ", stdout);
        regress_put_flat(reason);
    } else if (fail != expect_fail) {
        fputs(": expected ", stdout);
        regress_put_flat(x->text && *x->text ? x->text : "no error");
        fputs(reply->error ? ", got error '" : ", got '", stdout);
        regress_put_flat(strbuf_str(&reply->text));
        putchar('\'');
    }
    putchar('\n');
}

/* Reports a numbered test that got no usable reply. */
static void
regress_report_lost(regress_run_t *run, const regress_item_t *it,
                    const char *reason)
{
    if (it->numbered)
        regress_report(run, it, true, reason, NULL);
}

/* Ends the engine after a command that got no reply. */
static void
regress_lose_engine(regress_run_t *run, const regress_item_t *it,
                    htpclient_status_t st)
{
    char reason[64];

    if (st == HTPCLIENT_TIMEOUT) {
        fprintf(stderr, "hein-regress: %s:%u: no reply within %g s; "
                "killing the engine\n", run->path, it->line,
                run->opts->timeout);
        htpclient_finish(&run->engine, false, 0, false);
        snprintf(reason, sizeof reason, "timeout after %g s",
                 run->opts->timeout);
    } else {
        fprintf(stderr, "hein-regress: %s:%u: engine died\n", run->path,
                it->line);
        htpclient_finish(&run->engine, false, REGRESS_DEATH_GRACE, true);
        snprintf(reason, sizeof reason, "engine died");
    }
    run->alive = false;
    if (it->numbered) {
        regress_report(run, it, true, reason, NULL);
    } else {
        printf("%s:%u: warning: no reply to '", run->path, it->line);
        regress_put_flat(it->command);
        printf("': %s\n", reason);
    }
}

/* Sends one command of the file and judges its reply. */
static void
regress_run_item(regress_run_t *run, const regress_item_t *it,
                 htpclient_reply_t *reply)
{
    htpclient_status_t st;
    char why[256];
    bool fail;

    if (!run->alive) {
        regress_report_lost(run, it, "engine died");
        return;
    }
    st = htpclient_ask(&run->engine, it->send, run->opts->timeout, reply);
    if (st != HTPCLIENT_REPLY) {
        regress_lose_engine(run, it, st);
        return;
    }
    if (!it->numbered) {
        if (reply->error) {
            printf("%s:%u: warning: '", run->path, it->line);
            regress_put_flat(it->command);
            fputs("' failed: ", stdout);
            regress_put_flat(strbuf_str(&reply->text));
            putchar('\n');
        }
        return;
    }
    fail = regress_expect_fails(&it->expect, reply->error,
                                strbuf_str(&reply->text), why,
                                sizeof why);
    regress_report(run, it, fail, why[0] ? why : NULL, reply);
}

/* The folder of path ("." when it has none). */
static char *
regress_folder(const char *path)
{
    const char *slash = strrchr(path, '/');
    strbuf_t b = { 0 };

    if (!slash)
        return util_xstrdup(".");
    util_buf_addn(&b, path, slash == path ? 1 : (size_t)(slash - path));
    return b.s;
}

/* Runs one file; adds its results to total.  Returns false if it could
 * not be read. */
static bool
regress_run_file(const regress_opts_t *o, const char *path,
                 regress_counts_t *total)
{
    regress_suite_t suite = { 0 };
    regress_run_t run = {
        .path = path, .opts = o,
        .engine = { .log = o->log, .verbose = o->verbose,
                    .prog = "hein-regress", .label = path }
    };
    htpclient_reply_t reply = { 0 };
    char *dir;

    if (!regress_suite_load(path, &suite)) {
        fprintf(stderr, "hein-regress: cannot read '%s': %s\n", path,
                strerror(errno));
        regress_suite_free(&suite);
        return false;
    }
    dir = regress_folder(path);
    if (o->log)
        fprintf(o->log, "# %s\n", path);
    if (o->verbose)
        fprintf(stderr, "# %s\n", path);
    run.alive = htpclient_start(&run.engine, o->engine, dir);
    for (size_t i = 0; i < suite.n; i++)
        regress_run_item(&run, &suite.items[i], &reply);
    if (run.alive)
        htpclient_finish(&run.engine, true, REGRESS_QUIT_GRACE, false);
    total->passed += run.counts.passed;
    total->xfailed += run.counts.xfailed;
    total->failed += run.counts.failed;
    total->xpassed += run.counts.xpassed;
    strbuf_free(&reply.text);
    regress_suite_free(&suite);
    free(dir);
    return true;
}

static void
regress_print_counts(const regress_counts_t *c)
{
    printf("%lu passed, %lu failed\n", c->passed + c->xfailed,
           c->failed + c->xpassed);
}

/* Makes sure descriptors 0-2 are open, so that pipes never land on them. */
static void
regress_keep_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) < 0)
            exit(2);
}

int
main(int argc, char **argv)
{
    regress_opts_t opts = { 0 };
    regress_counts_t total = { 0 };
    int status = 0, first;
    bool unreadable = false;

    regress_keep_std_fds();
    signal(SIGPIPE, SIG_IGN);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if ((first = regress_parse_args(argc, argv, &opts, &status)) < 0)
        return status;
    for (int i = first; i < argc; i++) {
        regress_counts_t before = total;

        if (!regress_run_file(&opts, argv[i], &total))
            unreadable = true;
        else if (argc - first > 1) {
            regress_counts_t file = {
                total.passed - before.passed, total.xfailed - before.xfailed,
                total.failed - before.failed, total.xpassed - before.xpassed
            };

            printf("%s: ", argv[i]);
            regress_print_counts(&file);
        }
        fflush(stdout);
    }
    regress_print_counts(&total);
    if (opts.log)
        fclose(opts.log);
    util_free_words(opts.engine);
    if (unreadable)
        return 2;
    return total.failed + total.xpassed > 0 ? 1 : 0;
}
