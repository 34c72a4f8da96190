/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the HTP protocol layer, with a small command table of
 * their own: framing, parsing, and the serving loop over pipes
 * (interrupts, end of input, quit, signals, a closed output). */

#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "gtp/htp.h"
#include "search/stop.h"

/* ---------------------------------------------------------------------- */
/* The test command table                                                  */

static void
sleep_ms(double ms)
{
    struct timespec ts;
    ts.tv_sec = (time_t)(ms / 1000);
    ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1000) * 1e6);
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        continue;
}

static htp_status_t
cmd_echo(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    for (int i = 0; i < cmd->argc; i++)
        htp_printf(cmd, "%s%s", i ? " " : "", cmd->argv[i]);
    return htp_success(cmd, NULL);
}

static htp_status_t
cmd_fail(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    htp_printf(cmd, "this text is discarded");
    return htp_failure(cmd, "boom");
}

static htp_status_t
cmd_multi(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    return htp_success(cmd, "a\n\nb\n");
}

/* Spins until interrupted, answers how long it spun. */
static htp_status_t
cmd_spin(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    stop_t stop = htp_cmd_stop(cmd);
    double t0 = stop_now();
    while (!stop_interrupted(&stop))
        sleep_ms(0.05);
    return htp_success(cmd, "spun %.0f ms", (stop_now() - t0) * 1000);
}

/* "wait MS": waits MS milliseconds unless interrupted first. */
static htp_status_t
cmd_wait(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (cmd->argc != 1)
        return htp_failure(cmd, "usage: wait MS");
    stop_t stop = htp_cmd_stop(cmd);
    double end = stop_now() + atof(cmd->argv[0]) / 1000;
    while (stop_now() < end) {
        if (stop_interrupted(&stop))
            return htp_success(cmd, "interrupted");
        sleep_ms(0.5);
    }
    return htp_success(cmd, "done");
}

static htp_status_t
cmd_quit(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    return htp_quit(cmd);
}

/* A buggy handler: builds text but never answers. */
static htp_status_t
cmd_forget(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    htp_printf(cmd, "partial");
    return HTP_OK;
}

static htp_status_t
cmd_seq(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    return htp_success(cmd, "%llu", (unsigned long long)cmd->seq);
}

static htp_status_t
cmd_argc(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    return htp_success(cmd, "%d", cmd->argc);
}

static htp_status_t
cmd_gfx(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    htp_gfx(cmd->htp, "uct\n\nVAR B a1\n");
    return htp_success(cmd, NULL);
}

/* Takes no arguments: a usage error otherwise. */
static htp_status_t
cmd_none(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    if (cmd->argc != 0)
        return htp_usage(cmd);
    return htp_success(cmd, NULL);
}

/* Takes two arguments; builds its usage message first, as handlers that
 * check their arguments in a helper do. */
static htp_status_t
cmd_pair(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    char err[64];
    if (cmd->argc != 2) {
        htp_usage_text(cmd, err, sizeof err);
        return htp_failure(cmd, "%s", err);
    }
    return htp_success(cmd, NULL);
}

/* Draws, then fails. */
static htp_status_t
cmd_gfx_fail(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    htp_gfx(cmd->htp, "dfpn\nVAR B a1\nLABEL\nTEXT searching");
    return htp_failure(cmd, "boom");
}

/* Draws twice, then answers lines whose first is blank. */
static htp_status_t
cmd_gfx_lines(htp_cmd_t *cmd, void *ctx)
{
    (void)ctx;
    htp_gfx(cmd->htp, "dfpn\nVAR B a1\nLABEL\nTEXT 1");
    htp_gfx(cmd->htp, "dfpn\nVAR B a1 W b1\nLABEL\nTEXT 2");
    return htp_success(cmd, "\n \nblack wins\n0.5 s");
}

static const htp_command_t test_table[] = {
    { "echo", cmd_echo, "[WORD...]", "answers its arguments" },
    { "fail", cmd_fail, "", "fails with 'boom'" },
    { "multi", cmd_multi, "", "answers a, an empty line, b" },
    { "spin", cmd_spin, "", "spins until interrupted" },
    { "wait", cmd_wait, "MS", "waits unless interrupted" },
    { "quit", cmd_quit, "", "ends the session" },
    { "forget", cmd_forget, "", "never answers (a bug)" },
    { "seq", cmd_seq, "", "answers its command number" },
    { "argc", cmd_argc, "[WORD...]", "answers its argument count" },
    { "gfx", cmd_gfx, "", "writes a gfx block, answers empty" },
    { "none", cmd_none, "", "takes no arguments" },
    { "pair", cmd_pair, "A B", "takes two arguments" },
    { "gfx-fail", cmd_gfx_fail, "", "writes a gfx block, fails" },
    { "gfx-lines", cmd_gfx_lines, "", "writes two gfx blocks, answers lines" },
    { NULL, NULL, NULL, NULL }
};

/* ---------------------------------------------------------------------- */
/* htp_execute: framing and parsing                                        */

/* Runs one line through htp_execute; returns what it wrote (malloc'd). */
static char *
exec_line(htp_t *h, const char *line, htp_status_t *status)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_ptr_nonnull(f);
    htp_status_t s = htp_execute(h, line, f);
    fclose(f);
    if (status)
        *status = s;
    return buf;
}

static void
check_exec(htp_t *h, const char *line, const char *want, htp_status_t want_status)
{
    htp_status_t status;
    char *got = exec_line(h, line, &status);
    ck_assert_msg(strcmp(got, want) == 0, "line \"%s\": reply \"%s\", want \"%s\"",
                  line, got, want);
    ck_assert_int_eq(status, want_status);
    free(got);
}

static htp_t *
new_exec_htp(void)
{
    htp_t *h = htp_new(NULL, NULL, test_table, NULL);
    ck_assert_ptr_nonnull(h);
    return h;
}

START_TEST(test_reply_with_id_has_no_blank_before_id)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "7 echo hi", "=7 hi\n\n", HTP_OK);
    check_exec(h, "0 echo x y", "=0 x y\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_reply_without_id_has_blank_after_sign)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "echo hi there\n", "= hi there\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_empty_success_is_sign_blank_empty_line)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "echo", "= \n\n", HTP_OK);
    check_exec(h, "12 echo", "=12 \n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_failure_framing_with_and_without_id)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "fail", "? boom\n\n", HTP_FAILED);
    check_exec(h, "3 fail", "?3 boom\n\n", HTP_FAILED);
    htp_free(h);
}
END_TEST

START_TEST(test_empty_lines_inside_reply_are_dropped)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "multi", "= a\nb\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_comment_and_blank_lines_get_no_reply)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "# just a comment", "", HTP_OK);
    check_exec(h, "", "", HTP_OK);
    check_exec(h, "\n", "", HTP_OK);
    check_exec(h, "  \t \r\n", "", HTP_OK);
    check_exec(h, "# interrupt", "", HTP_OK);
    check_exec(h, "   #echo hi", "", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_comment_is_cut_from_command_line)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "echo a # b c", "= a\n\n", HTP_OK);
    check_exec(h, "4 echo a#b", "=4 a\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_control_chars_stripped_and_tabs_are_blanks)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "ec\x01ho\tA\x7f\t\tB\r\n", "= A B\n\n", HTP_OK);
    check_exec(h, "\x1b" "5\techo\x02 x\r", "=5 x\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_unknown_command_names_it)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "frobnicate x", "? unknown command: frobnicate\n\n", HTP_FAILED);
    check_exec(h, "5 frob", "?5 unknown command: frob\n\n", HTP_FAILED);
    htp_free(h);
}
END_TEST

START_TEST(test_command_names_are_case_sensitive)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "ECHO hi", "? unknown command: ECHO\n\n", HTP_FAILED);
    htp_free(h);
}
END_TEST

START_TEST(test_id_without_command_fails)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "9", "?9 missing command\n\n", HTP_FAILED);
    htp_free(h);
}
END_TEST

START_TEST(test_more_than_max_args_is_too_many_arguments)
{
    htp_t *h = new_exec_htp();
    char line[1024] = "argc";
    for (int i = 0; i < HTP_MAX_ARGS; i++)
        strcat(line, " x");
    char want[32];
    snprintf(want, sizeof want, "= %d\n\n", HTP_MAX_ARGS);
    check_exec(h, line, want, HTP_OK);
    strcat(line, " x");
    check_exec(h, line, "? too many arguments\n\n", HTP_FAILED);
    htp_free(h);
}
END_TEST

START_TEST(test_handler_that_does_not_answer_is_framed_as_success)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "forget", "= partial\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_quit_answers_empty_success_and_returns_quit)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "quit", "= \n\n", HTP_QUIT);
    htp_free(h);
}
END_TEST

START_TEST(test_command_numbers_increase_from_one)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "seq", "= 1\n\n", HTP_OK);
    check_exec(h, "# comment", "", HTP_OK);
    check_exec(h, "nosuch", "? unknown command: nosuch\n\n", HTP_FAILED);
    check_exec(h, "seq", "= 3\n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_usage_is_name_and_synopsis_without_trailing_blank)
{
    htp_t *h = new_exec_htp();
    check_exec(h, "none x", "? usage: none\n\n", HTP_FAILED);
    check_exec(h, "3 none x y", "?3 usage: none\n\n", HTP_FAILED);
    check_exec(h, "pair a", "? usage: pair A B\n\n", HTP_FAILED);
    check_exec(h, "4 pair", "?4 usage: pair A B\n\n", HTP_FAILED);
    check_exec(h, "pair a b", "= \n\n", HTP_OK);
    htp_free(h);
}
END_TEST

START_TEST(test_usage_text_fills_the_buffer_or_is_cut_to_it)
{
    htp_t *h = new_exec_htp();
    htp_cmd_t cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.htp = h;
    cmd.command = htp_lookup(h, "pair");
    char buf[64], small[12];
    ck_assert_str_eq(htp_usage_text(&cmd, buf, sizeof buf), "usage: pair A B");
    ck_assert_str_eq(htp_usage_text(&cmd, small, sizeof small), "usage: pair");
    cmd.command = htp_lookup(h, "none");
    ck_assert_str_eq(htp_usage_text(&cmd, buf, sizeof buf), "usage: none");
    htp_free(h);
}
END_TEST

START_TEST(test_gfx_block_precedes_reply_without_empty_lines)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    htp_t *h = htp_new(NULL, f, test_table, NULL);
    ck_assert_ptr_nonnull(h);
    ck_assert_int_eq(htp_execute(h, "gfx", f), HTP_OK);
    htp_gfx(h, "\n \n");        /* nothing to show: no block at all */
    htp_free(h);
    fclose(f);
    ck_assert_str_eq(buf, "gogui-gfx:\nuct\nVAR B a1\n\n"
                     "gogui-gfx:\ndfpn\nVAR\nLABEL\nTEXT gfx\n\n= \n\n");
    free(buf);
}
END_TEST

/* What `out` holds after each line of `lines` ran through htp_execute, on
 * a server whose output stream is `out` too (where htp_gfx writes). */
static char *
exec_with_gfx(const char *const *lines)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_ptr_nonnull(f);
    htp_t *h = htp_new(NULL, f, test_table, NULL);
    ck_assert_ptr_nonnull(h);
    for (; *lines; lines++)
        htp_execute(h, *lines, f);
    htp_free(h);
    fclose(f);
    return buf;
}

START_TEST(test_command_that_drew_gets_one_clearing_block_before_its_reply)
{
    /* the last block before the reply draws nothing (HexGui's empty dfpn
     * block) and names the command and its answer's first line; a
     * command that drew nothing gets none, nor does the next one */
    const char *lines[] = { "echo hi", "gfx-lines", "echo there", "7 gfx-fail", "echo", NULL };
    char *got = exec_with_gfx(lines);
    ck_assert_str_eq(got,
                     "= hi\n\n"
                     "gogui-gfx:\ndfpn\nVAR B a1\nLABEL\nTEXT 1\n\n"
                     "gogui-gfx:\ndfpn\nVAR B a1 W b1\nLABEL\nTEXT 2\n\n"
                     "gogui-gfx:\ndfpn\nVAR\nLABEL\nTEXT gfx-lines: black wins\n\n"
                     "= black wins\n0.5 s\n\n"
                     "= there\n\n"
                     "gogui-gfx:\ndfpn\nVAR B a1\nLABEL\nTEXT searching\n\n"
                     "gogui-gfx:\ndfpn\nVAR\nLABEL\nTEXT gfx-fail failed: boom\n\n"
                     "?7 boom\n\n"
                     "= \n\n");
    free(got);
}
END_TEST

/* ---------------------------------------------------------------------- */
/* htp_serve over pipes                                                    */

typedef struct server {
    htp_t *h;
    FILE *in, *out;             /* htp's ends */
    int to_htp, from_htp;       /* the test's ends */
    pthread_t thread;
    int rc;
    bool unblock_signals;       /* the serving thread starts unblocked */
    bool keep_in;               /* a reader may be left blocked on it */
    char pending[1 << 16];      /* read, not yet returned */
    size_t npending;
} server_t;

static void
term_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
}

static void *
server_main(void *arg)
{
    server_t *s = arg;
    if (s->unblock_signals) {
        sigset_t set;
        term_signals(&set);
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    }
    s->rc = htp_serve(s->h);
    htp_free(s->h);
    fclose(s->out);
    if (!s->keep_in)
        fclose(s->in);
    return NULL;
}

/* Idle work for the tests: counts its calls and spins until stopped. */
typedef struct idle_probe {
    _Atomic int calls;
    _Atomic int running;
    _Atomic int ended_by_stop;
} idle_probe_t;

static void
idle_spin(void *ctx, const stop_t *stop)
{
    idle_probe_t *p = ctx;
    atomic_fetch_add(&p->calls, 1);
    atomic_store(&p->running, 1);
    double end = stop_now() + 10;
    while (!stop_requested(stop) && stop_now() < end)
        sleep_ms(1);
    if (stop_requested(stop))
        atomic_fetch_add(&p->ended_by_stop, 1);
    atomic_store(&p->running, 0);
}

/* Starts htp_serve on its own thread, over two pipes (or over `in_fd`
 * for input when it is >= 0), with `idle` as its idle work when not NULL. */
static server_t *
server_start_with(int in_fd, bool unblock_signals, bool keep_in, idle_probe_t *idle)
{
    server_t *s = calloc(1, sizeof *s);
    ck_assert_ptr_nonnull(s);
    int a[2] = { -1, -1 }, b[2];
    if (in_fd < 0) {
        ck_assert_int_eq(pipe(a), 0);
        in_fd = a[0];
    }
    ck_assert_int_eq(pipe(b), 0);
    s->to_htp = a[1];
    s->from_htp = b[0];
    s->in = fdopen(in_fd, "r");
    s->out = fdopen(b[1], "w");
    ck_assert_ptr_nonnull(s->in);
    ck_assert_ptr_nonnull(s->out);
    s->h = htp_new(s->in, s->out, test_table, NULL);
    ck_assert_ptr_nonnull(s->h);
    if (idle)
        htp_set_idle(s->h, idle_spin, idle);
    s->unblock_signals = unblock_signals;
    s->keep_in = keep_in;
    s->rc = -1;
    ck_assert_int_eq(pthread_create(&s->thread, NULL, server_main, s), 0);
    return s;
}

static server_t *
server_start_on(int in_fd, bool unblock_signals, bool keep_in)
{
    return server_start_with(in_fd, unblock_signals, keep_in, NULL);
}

static server_t *
server_start_idle(idle_probe_t *idle)
{
    return server_start_with(-1, false, false, idle);
}

static server_t *
server_start(void)
{
    return server_start_on(-1, false, false);
}

static void
send_text(int fd, const char *text)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = write(fd, text, n);
        ck_assert_msg(w > 0, "write to htp: %s", strerror(errno));
        text += w;
        n -= (size_t)w;
    }
}

/* Reads more output, waiting at most timeout_ms.  Returns false on end
 * of output or timeout. */
static bool
read_more(server_t *s, int timeout_ms)
{
    struct pollfd p = { s->from_htp, POLLIN, 0 };
    if (poll(&p, 1, timeout_ms) <= 0)
        return false;
    ck_assert_uint_lt(s->npending, sizeof s->pending - 1);
    ssize_t n = read(s->from_htp, s->pending + s->npending,
                     sizeof s->pending - 1 - s->npending);
    if (n <= 0)
        return false;
    s->npending += (size_t)n;
    s->pending[s->npending] = '\0';
    return true;
}

/* The next block (up to and including its empty line), malloc'd, or NULL
 * if none arrives within timeout_ms. */
static char *
next_reply(server_t *s, int timeout_ms)
{
    double end = stop_now() + timeout_ms / 1000.0;
    for (;;) {
        s->pending[s->npending] = '\0';
        char *e = strstr(s->pending, "\n\n");
        if (e) {
            size_t n = (size_t)(e - s->pending) + 2;
            char *r = strndup(s->pending, n);
            memmove(s->pending, s->pending + n, s->npending - n);
            s->npending -= n;
            return r;
        }
        int left = (int)((end - stop_now()) * 1000);
        if (left <= 0 || !read_more(s, left))
            return NULL;
    }
}

static void
expect_reply(server_t *s, const char *want, int timeout_ms)
{
    char *got = next_reply(s, timeout_ms);
    ck_assert_msg(got != NULL, "no reply within %d ms (want \"%s\")", timeout_ms, want);
    ck_assert_msg(strcmp(got, want) == 0, "reply \"%s\", want \"%s\"", got, want);
    free(got);
}

/* Everything htp still writes, until it closes its output (serve
 * returned). */
static char *
rest_of_output(server_t *s, int timeout_ms)
{
    double end = stop_now() + timeout_ms / 1000.0;
    for (;;) {
        int left = (int)((end - stop_now()) * 1000);
        ck_assert_msg(left > 0, "htp did not close its output within %d ms", timeout_ms);
        struct pollfd p = { s->from_htp, POLLIN, 0 };
        if (poll(&p, 1, left) <= 0)
            continue;
        ssize_t n = read(s->from_htp, s->pending + s->npending,
                         sizeof s->pending - 1 - s->npending);
        if (n <= 0)
            break;
        s->npending += (size_t)n;
    }
    s->pending[s->npending] = '\0';
    char *r = strdup(s->pending);
    s->npending = 0;
    return r;
}

/* Waits for htp_serve to return; returns its status and frees s. */
static int
server_finish(server_t *s)
{
    pthread_join(s->thread, NULL);
    int rc = s->rc;
    if (s->to_htp >= 0)
        close(s->to_htp);
    close(s->from_htp);
    free(s);
    return rc;
}

START_TEST(test_serve_answers_each_command_in_order)
{
    server_t *s = server_start();
    send_text(s->to_htp, "echo 1\n2 echo two\n# a comment\n\nmulti\nfail\n");
    expect_reply(s, "= 1\n\n", 2000);
    expect_reply(s, "=2 two\n\n", 2000);
    expect_reply(s, "= a\nb\n\n", 2000);
    expect_reply(s, "? boom\n\n", 2000);
    send_text(s->to_htp, "quit\n");
    expect_reply(s, "= \n\n", 2000);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_interrupt_stops_running_command_within_100ms)
{
    server_t *s = server_start();
    send_text(s->to_htp, "spin\n");
    sleep_ms(200);
    double t0 = stop_now();
    send_text(s->to_htp, "# interrupt\n");
    char *got = next_reply(s, 2000);
    double latency_ms = (stop_now() - t0) * 1000;
    ck_assert_msg(got != NULL, "spin was not answered after # interrupt");
    ck_assert_msg(strncmp(got, "= spun ", 7) == 0, "reply \"%s\"", got);
    printf("interrupt latency: %.3f ms (reply \"%.*s\")\n",
           latency_ms, (int)strlen(got) - 2, got);
    fflush(stdout);
    ck_assert_msg(latency_ms < 100, "interrupt latency %.1f ms", latency_ms);
    free(got);
    send_text(s->to_htp, "quit\n");
    expect_reply(s, "= \n\n", 2000);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

/* The idle work runs once after a command when nothing waits, ends as
 * soon as a line arrives (the command then answers at once), is not
 * started again before another command ran, and ends at the end of
 * input. */
START_TEST(test_idle_work_runs_between_commands_and_yields_to_input)
{
    idle_probe_t probe = { 0 };
    server_t *s = server_start_idle(&probe);
    sleep_ms(100);
    ck_assert_int_eq(atomic_load(&probe.calls), 0);      /* no command yet */
    send_text(s->to_htp, "echo x\n");
    expect_reply(s, "= x\n\n", 2000);
    sleep_ms(100);
    ck_assert_int_eq(atomic_load(&probe.calls), 1);
    ck_assert_int_eq(atomic_load(&probe.running), 1);
    double t0 = stop_now();
    send_text(s->to_htp, "echo y\n");
    expect_reply(s, "= y\n\n", 2000);
    double latency_ms = (stop_now() - t0) * 1000;
    printf("answer latency while idle work ran: %.3f ms\n", latency_ms);
    fflush(stdout);
    ck_assert_msg(latency_ms < 100, "latency %.1f ms", latency_ms);
    ck_assert_int_eq(atomic_load(&probe.ended_by_stop), 1);
    sleep_ms(100);
    ck_assert_int_eq(atomic_load(&probe.calls), 2);      /* after echo y */
    /* "# interrupt" ends it too, and it waits for the next command */
    send_text(s->to_htp, "# interrupt\n");
    sleep_ms(100);
    ck_assert_int_eq(atomic_load(&probe.running), 0);
    ck_assert_int_eq(atomic_load(&probe.calls), 2);
    send_text(s->to_htp, "echo z\n");
    expect_reply(s, "= z\n\n", 2000);
    sleep_ms(100);
    ck_assert_int_eq(atomic_load(&probe.calls), 3);
    close(s->to_htp);           /* the end of input ends it */
    s->to_htp = -1;
    ck_assert_int_eq(server_finish(s), 0);
    ck_assert_int_eq(atomic_load(&probe.ended_by_stop), 3);
}
END_TEST

START_TEST(test_interrupt_reaches_command_queued_behind_running_one)
{
    server_t *s = server_start();
    send_text(s->to_htp, "wait 3000\nwait 3000\n");
    sleep_ms(100);
    double t0 = stop_now();
    send_text(s->to_htp, "  # interrupt  \n");
    expect_reply(s, "= interrupted\n\n", 1000);
    expect_reply(s, "= interrupted\n\n", 1000);
    ck_assert_double_lt(stop_now() - t0, 1.0);
    /* A command read after the interrupt is not affected. */
    send_text(s->to_htp, "wait 50\n");
    expect_reply(s, "= done\n\n", 2000);
    close(s->to_htp);
    s->to_htp = -1;
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_interrupt_when_idle_does_not_affect_next_command)
{
    server_t *s = server_start();
    send_text(s->to_htp, "echo x\n");
    expect_reply(s, "= x\n\n", 2000);
    send_text(s->to_htp, "# interrupt\n");
    sleep_ms(50);
    send_text(s->to_htp, "wait 50\n");
    expect_reply(s, "= done\n\n", 2000);
    send_text(s->to_htp, "quit\n");
    expect_reply(s, "= \n\n", 2000);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_other_comments_do_not_interrupt)
{
    server_t *s = server_start();
    send_text(s->to_htp, "wait 150\n");
    sleep_ms(30);
    send_text(s->to_htp, "# interrupted\n#interrupt now\necho # interrupt\n");
    expect_reply(s, "= done\n\n", 2000);
    expect_reply(s, "= \n\n", 2000);
    send_text(s->to_htp, "quit\n");
    expect_reply(s, "= \n\n", 2000);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_eof_interrupts_running_command_within_100ms)
{
    server_t *s = server_start();
    send_text(s->to_htp, "wait 60000\n");
    sleep_ms(200);
    double t0 = stop_now();
    close(s->to_htp);           /* the client is gone */
    s->to_htp = -1;
    char *got = next_reply(s, 2000);
    double latency_ms = (stop_now() - t0) * 1000;
    ck_assert_msg(got != NULL, "wait was not answered after end of input");
    ck_assert_str_eq(got, "= interrupted\n\n");
    printf("end-of-input interrupt latency: %.3f ms\n", latency_ms);
    fflush(stdout);
    ck_assert_msg(latency_ms < 100, "end-of-input interrupt latency %.1f ms", latency_ms);
    free(got);
    /* Then serve returns: nothing more is written. */
    char *out = rest_of_output(s, 2000);
    ck_assert_str_eq(out, "");
    free(out);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_eof_interrupts_queued_commands_which_still_answer_in_order)
{
    server_t *s = server_start();
    /* The last line has no newline: end of input ends it. */
    send_text(s->to_htp, "wait 60000\necho 2\nwait 60000\n4 echo four");
    close(s->to_htp);
    s->to_htp = -1;
    double t0 = stop_now();
    char *out = rest_of_output(s, 5000);
    ck_assert_str_eq(out, "= interrupted\n\n= 2\n\n= interrupted\n\n=4 four\n\n");
    ck_assert_double_lt(stop_now() - t0, 2.0);
    free(out);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_eof_after_quit_runs_queued_commands_uninterrupted)
{
    server_t *s = server_start();
    /* A batch ended by quit: every command before it runs in full. */
    send_text(s->to_htp, "wait 300\necho 2\n5 quit\necho after\n");
    close(s->to_htp);
    s->to_htp = -1;
    char *out = rest_of_output(s, 5000);
    ck_assert_str_eq(out, "= done\n\n= 2\n\n=5 \n\n");
    free(out);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_quit_returns_0_and_stops_reading)
{
    server_t *s = server_start();
    /* Input stays open: serve must return without waiting for it. */
    send_text(s->to_htp, "echo 1\nquit\necho after\n");
    char *out = rest_of_output(s, 5000);
    ck_assert_str_eq(out, "= 1\n\n= \n\n");
    free(out);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

START_TEST(test_sigterm_ends_serve_with_143_after_current_command)
{
    /* Only htp_serve's signal thread may take SIGTERM: block it here; the
     * serving thread starts unblocked and htp_serve must block it. */
    sigset_t set;
    term_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    server_t *s = server_start_on(-1, true, false);
    send_text(s->to_htp, "echo ready\n");
    expect_reply(s, "= ready\n\n", 2000);
    send_text(s->to_htp, "wait 5000\necho queued\n");
    sleep_ms(100);
    kill(getpid(), SIGTERM);
    char *out = rest_of_output(s, 3000);
    ck_assert_str_eq(out, "= interrupted\n\n");
    free(out);
    ck_assert_int_eq(server_finish(s), 128 + SIGTERM);
}
END_TEST

START_TEST(test_sigint_when_idle_ends_serve_with_130)
{
    sigset_t set;
    term_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    server_t *s = server_start_on(-1, true, false);
    send_text(s->to_htp, "echo ready\n");
    expect_reply(s, "= ready\n\n", 2000);
    kill(getpid(), SIGINT);
    char *out = rest_of_output(s, 3000);
    ck_assert_str_eq(out, "");
    free(out);
    ck_assert_int_eq(server_finish(s), 128 + SIGINT);
}
END_TEST

START_TEST(test_closed_output_ends_serve_without_sigpipe)
{
    server_t *s = server_start();
    close(s->from_htp);
    s->from_htp = open("/dev/null", O_RDONLY);
    send_text(s->to_htp, "echo a\necho b\n");
    /* The input stays open; serve returns on the write error. */
    ck_assert_int_eq(server_finish(s), 1);
}
END_TEST

START_TEST(test_overlong_line_is_answered_with_an_error)
{
    server_t *s = server_start();
    size_t n = (3u << 20) / 2;
    char *line = malloc(n + 1);
    memset(line, 'x', n);
    line[n] = '\0';
    send_text(s->to_htp, "echo ");
    send_text(s->to_htp, line);
    send_text(s->to_htp, "\necho ok\n");
    free(line);
    expect_reply(s, "? line too long\n\n", 5000);
    expect_reply(s, "= ok\n\n", 5000);
    send_text(s->to_htp, "quit\n");
    expect_reply(s, "= \n\n", 2000);
    ck_assert_int_eq(server_finish(s), 0);
}
END_TEST

#if HAVE_READLINE
/* ---------------------------------------------------------------------- */
/* A terminal as input (a pseudo-terminal): readline                       */

typedef struct pty {
    int master, slave;
} pty_t;

static pty_t
open_pty(void)
{
    pty_t p;
    p.master = posix_openpt(O_RDWR | O_NOCTTY);
    ck_assert_int_ge(p.master, 0);
    ck_assert_int_eq(grantpt(p.master), 0);
    ck_assert_int_eq(unlockpt(p.master), 0);
    p.slave = open(ptsname(p.master), O_RDWR | O_NOCTTY);
    ck_assert_int_ge(p.slave, 0);
    /* readline's prompt and echo go to stderr: keep the test log clean. */
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    close(null);
    return p;
}

static bool
tty_is_cooked(int fd)
{
    struct termios t;
    ck_assert_int_eq(tcgetattr(fd, &t), 0);
    return (t.c_lflag & ICANON) && (t.c_lflag & ECHO);
}

START_TEST(test_terminal_input_uses_readline_typeahead_and_interrupt)
{
    pty_t p = open_pty();
    int slave_copy = dup(p.slave);
    server_t *s = server_start_on(p.slave, false, false);
    send_text(p.master, "echo hi\n");
    expect_reply(s, "= hi\n\n", 3000);
    /* Lines typed ahead at the prompt (Enter is a carriage return). */
    sleep_ms(100);
    send_text(p.master, "echo a\recho b\r3 echo c\r");
    expect_reply(s, "= a\n\n", 3000);
    expect_reply(s, "= b\n\n", 3000);
    expect_reply(s, "=3 c\n\n", 3000);
    /* While a command runs, lines are still read: "# interrupt" works. */
    send_text(p.master, "wait 5000\n");
    sleep_ms(200);
    send_text(p.master, "# interrupt\n");
    expect_reply(s, "= interrupted\n\n", 2000);
    send_text(p.master, "quit\n");
    expect_reply(s, "= \n\n", 3000);
    ck_assert_int_eq(server_finish(s), 0);
    ck_assert_msg(tty_is_cooked(slave_copy), "terminal left in readline's mode");
    close(slave_copy);
    close(p.master);
}
END_TEST

START_TEST(test_sigint_at_prompt_restores_terminal_mode)
{
    sigset_t set;
    term_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pty_t p = open_pty();
    int slave_copy = dup(p.slave);
    /* The reader stays blocked in readline: the slave side stays open. */
    server_t *s = server_start_on(p.slave, true, true);
    send_text(p.master, "echo ready\n");
    expect_reply(s, "= ready\n\n", 3000);
    sleep_ms(200);              /* back at the prompt, in readline */
    ck_assert_msg(!tty_is_cooked(slave_copy), "readline is not at its prompt");
    kill(getpid(), SIGINT);
    pthread_join(s->thread, NULL);
    ck_assert_int_eq(s->rc, 128 + SIGINT);
    ck_assert_msg(tty_is_cooked(slave_copy), "terminal left in readline's mode");
    close(s->from_htp);
    free(s);
}
END_TEST
#endif /* HAVE_READLINE */

/* ---------------------------------------------------------------------- */

static Suite *
htp_suite(void)
{
    Suite *s = suite_create("htp");

    TCase *tc = tcase_create("framing and parsing");
    tcase_add_test(tc, test_reply_with_id_has_no_blank_before_id);
    tcase_add_test(tc, test_reply_without_id_has_blank_after_sign);
    tcase_add_test(tc, test_empty_success_is_sign_blank_empty_line);
    tcase_add_test(tc, test_failure_framing_with_and_without_id);
    tcase_add_test(tc, test_empty_lines_inside_reply_are_dropped);
    tcase_add_test(tc, test_comment_and_blank_lines_get_no_reply);
    tcase_add_test(tc, test_comment_is_cut_from_command_line);
    tcase_add_test(tc, test_control_chars_stripped_and_tabs_are_blanks);
    tcase_add_test(tc, test_unknown_command_names_it);
    tcase_add_test(tc, test_command_names_are_case_sensitive);
    tcase_add_test(tc, test_id_without_command_fails);
    tcase_add_test(tc, test_more_than_max_args_is_too_many_arguments);
    tcase_add_test(tc, test_handler_that_does_not_answer_is_framed_as_success);
    tcase_add_test(tc, test_quit_answers_empty_success_and_returns_quit);
    tcase_add_test(tc, test_command_numbers_increase_from_one);
    tcase_add_test(tc, test_usage_is_name_and_synopsis_without_trailing_blank);
    tcase_add_test(tc, test_usage_text_fills_the_buffer_or_is_cut_to_it);
    tcase_add_test(tc, test_gfx_block_precedes_reply_without_empty_lines);
    tcase_add_test(tc, test_command_that_drew_gets_one_clearing_block_before_its_reply);
    suite_add_tcase(s, tc);

    tc = tcase_create("serving");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_serve_answers_each_command_in_order);
    tcase_add_test(tc, test_interrupt_stops_running_command_within_100ms);
    tcase_add_test(tc, test_interrupt_reaches_command_queued_behind_running_one);
    tcase_add_test(tc, test_idle_work_runs_between_commands_and_yields_to_input);
    tcase_add_test(tc, test_interrupt_when_idle_does_not_affect_next_command);
    tcase_add_test(tc, test_other_comments_do_not_interrupt);
    tcase_add_test(tc, test_eof_interrupts_running_command_within_100ms);
    tcase_add_test(tc, test_eof_interrupts_queued_commands_which_still_answer_in_order);
    tcase_add_test(tc, test_eof_after_quit_runs_queued_commands_uninterrupted);
    tcase_add_test(tc, test_quit_returns_0_and_stops_reading);
    tcase_add_test(tc, test_sigterm_ends_serve_with_143_after_current_command);
    tcase_add_test(tc, test_sigint_when_idle_ends_serve_with_130);
    tcase_add_test(tc, test_closed_output_ends_serve_without_sigpipe);
    tcase_add_test(tc, test_overlong_line_is_answered_with_an_error);
#if HAVE_READLINE
    tcase_add_test(tc, test_terminal_input_uses_readline_typeahead_and_interrupt);
    tcase_add_test(tc, test_sigint_at_prompt_restores_terminal_mode);
#endif
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(htp_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
