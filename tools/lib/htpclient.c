/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/lib/htpclient.h"

/* The longest reply (or stray line) taken from an engine; an engine that
 * sends more is treated as dead, so that it cannot exhaust our memory. */
#define HTPCLIENT_MAX_REPLY ((size_t)16 << 20)

/* What the child reports through its close-on-exec pipe when it cannot
 * run the engine: which step failed, and errno. */
typedef struct htpclient_start_failure {
    int step;           /* 0: chdir, 1: exec */
    int err;
} htpclient_start_failure_t;

/* How a wait for a descriptor ended. */
typedef enum htpclient_wait {
    HTPCLIENT_WAIT_READY,
    HTPCLIENT_WAIT_LATE,
    HTPCLIENT_WAIT_CANCELLED
} htpclient_wait_t;

/* A line read from the engine, or why none was. */
typedef enum htpclient_line {
    HTPCLIENT_LINE_OK,
    HTPCLIENT_LINE_EOF,
    HTPCLIENT_LINE_TIMEOUT,
    HTPCLIENT_LINE_CANCELLED,
    HTPCLIENT_LINE_TOO_LONG
} htpclient_line_t;

static const char *
htpclient_prog(const htpclient_t *e)
{
    return e->prog ? e->prog : "htpclient";
}

static const char *
htpclient_label(const htpclient_t *e)
{
    return e->label ? e->label : "engine";
}

static void
htpclient_trace(const htpclient_t *e, const char *dir, const char *text)
{
    if (e->log)
        fprintf(e->log, "%s %s\n", dir, text);
    if (e->verbose)
        fprintf(stderr, "%s %s\n", dir, text);
}

static void
htpclient_close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* In the child: becomes the engine or reports why it cannot.  Only
 * async-signal-safe calls: the parent may have other threads. */
static _Noreturn void
htpclient_run_child(char *const argv[], const char *dir, int in, int out,
                    int logfd, int status, bool own_group)
{
    htpclient_start_failure_t failure = { 0, 0 };
    sigset_t none;

    signal(SIGPIPE, SIG_DFL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (own_group)
        setpgid(0, 0);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0
        || (logfd >= 0 && dup2(logfd, 2) < 0)) {
        failure.step = 1;
        failure.err = errno;
    } else if (chdir(dir) != 0) {
        failure.err = errno;
    } else {
        execvp(argv[0], argv);
        failure.step = 1;
        failure.err = errno;
    }
    /* Nothing is left to do if even this fails. */
    _exit(write(status, &failure, sizeof failure) < 0 ? 126 : 127);
}

/* In the parent: whether the child reached exec; if not, says why. */
static bool
htpclient_child_started(htpclient_t *e, char *const argv[], const char *dir,
                        int status)
{
    htpclient_start_failure_t failure;
    ssize_t n;

    do
        n = read(status, &failure, sizeof failure);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof failure)
        return true;
    waitpid(e->pid, NULL, 0);
    e->pid = -1;
    if (failure.step == 0)
        fprintf(stderr, "%s: cannot enter folder '%s': %s\n",
                htpclient_prog(e), dir, strerror(failure.err));
    else
        fprintf(stderr, "%s: cannot run engine '%s': %s\n",
                htpclient_prog(e), argv[0], strerror(failure.err));
    return false;
}

bool
htpclient_start(htpclient_t *e, char *const argv[], const char *dir)
{
    int in[2] = { -1, -1 }, out[2] = { -1, -1 }, status[2] = { -1, -1 };
    bool ok = false;

    e->pid = -1;
    e->to = e->from = -1;
    e->start = e->end = 0;
    if (e->log)
        fflush(e->log);
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0
        || pipe2(status, O_CLOEXEC) != 0) {
        fprintf(stderr, "%s: pipe: %s\n", htpclient_prog(e), strerror(errno));
    } else if ((e->pid = fork()) < 0) {
        fprintf(stderr, "%s: fork: %s\n", htpclient_prog(e), strerror(errno));
    } else if (e->pid == 0) {
        htpclient_run_child(argv, dir, in[0], out[1],
                            e->log ? fileno(e->log) : -1, status[1],
                            e->own_group);
    } else {
        if (e->own_group)
            setpgid(e->pid, e->pid);    /* no race with the kill */
        htpclient_close_fd(&status[1]);
        ok = htpclient_child_started(e, argv, dir, status[0]);
    }
    htpclient_close_fd(&in[0]);
    htpclient_close_fd(&out[1]);
    htpclient_close_fd(&status[0]);
    htpclient_close_fd(&status[1]);
    if (!ok) {
        htpclient_close_fd(&in[1]);
        htpclient_close_fd(&out[0]);
        return false;
    }
    e->to = in[1];
    e->from = out[0];
    fcntl(e->to, F_SETFL, fcntl(e->to, F_GETFL) | O_NONBLOCK);
    return true;
}

/* Waits until fd is ready for events, the deadline (0: none) passes, or
 * the cancel descriptor becomes readable. */
static htpclient_wait_t
htpclient_wait_fd(const htpclient_t *e, int fd, short events,
                  double deadline)
{
    struct pollfd p[2] = {
        { .fd = fd, .events = events },
        { .fd = e->cancel_fd, .events = POLLIN }
    };
    nfds_t nfds = e->cancel_fd > 0 ? 2 : 1;

    for (;;) {
        int ms = -1, n;

        if (deadline > 0) {
            double left = deadline - util_now();

            if (left <= 0)
                return HTPCLIENT_WAIT_LATE;
            ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
        }
        n = poll(p, nfds, ms);
        if (n > 0 && nfds == 2 && p[1].revents)
            return HTPCLIENT_WAIT_CANCELLED;
        if (n > 0)
            return HTPCLIENT_WAIT_READY;
        if (n < 0 && errno != EINTR)
            return HTPCLIENT_WAIT_READY;  /* let the read or write report it */
    }
}

/* Writes all of s and a newline.  Returns why it could not, if it could
 * not: HTPCLIENT_DEAD when the engine cannot be written to. */
static htpclient_status_t
htpclient_write_line(htpclient_t *e, const char *s, double deadline)
{
    strbuf_t b = { 0 };
    size_t done = 0;
    htpclient_status_t st = HTPCLIENT_REPLY;

    util_buf_add(&b, s);
    util_buf_addc(&b, '\n');
    while (st == HTPCLIENT_REPLY && done < b.len) {
        ssize_t n = write(e->to, b.s + done, b.len - done);

        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            htpclient_wait_t w = htpclient_wait_fd(e, e->to, POLLOUT,
                                                   deadline);

            if (w == HTPCLIENT_WAIT_LATE)
                st = HTPCLIENT_TIMEOUT;
            else if (w == HTPCLIENT_WAIT_CANCELLED)
                st = HTPCLIENT_CANCELLED;
        } else if (!(n < 0 && errno == EINTR)) {
            st = HTPCLIENT_DEAD;
        }
    }
    strbuf_free(&b);
    return st;
}

/* Moves the buffered bytes up to a newline (dropping '\r') into line.
 * Returns true if the newline was found. */
static bool
htpclient_take_line(htpclient_t *e, strbuf_t *line)
{
    while (e->start < e->end) {
        char c = e->buf[e->start++];

        if (c == '\n')
            return true;
        if (c != '\r')
            util_buf_addc(line, c);
    }
    e->start = e->end = 0;
    return false;
}

/* Says that an engine sent too much. */
static htpclient_line_t
htpclient_too_long(const htpclient_t *e)
{
    fprintf(stderr, "%s: %s: reply longer than %zu bytes; taking the "
            "engine for dead\n", htpclient_prog(e), htpclient_label(e),
            HTPCLIENT_MAX_REPLY);
    return HTPCLIENT_LINE_TOO_LONG;
}

static htpclient_line_t
htpclient_read_line(htpclient_t *e, double deadline, strbuf_t *line)
{
    strbuf_clear(line);
    util_buf_add(line, "");
    while (!htpclient_take_line(e, line)) {
        htpclient_wait_t w = htpclient_wait_fd(e, e->from, POLLIN, deadline);
        ssize_t n;

        if (line->len > HTPCLIENT_MAX_REPLY)
            return htpclient_too_long(e);

        if (w == HTPCLIENT_WAIT_LATE)
            return HTPCLIENT_LINE_TIMEOUT;
        if (w == HTPCLIENT_WAIT_CANCELLED)
            return HTPCLIENT_LINE_CANCELLED;
        n = read(e->from, e->buf, sizeof e->buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return HTPCLIENT_LINE_EOF;
        e->end = (size_t)n;
    }
    htpclient_trace(e, "<", line->s);
    return HTPCLIENT_LINE_OK;
}

static htpclient_status_t
htpclient_status_of(htpclient_line_t s)
{
    switch (s) {
    case HTPCLIENT_LINE_TIMEOUT:
        return HTPCLIENT_TIMEOUT;
    case HTPCLIENT_LINE_CANCELLED:
        return HTPCLIENT_CANCELLED;
    default:
        return HTPCLIENT_DEAD;
    }
}

/* Reads lines up to and including the next empty one. */
static htpclient_line_t
htpclient_skip_block(htpclient_t *e, double deadline, strbuf_t *line)
{
    htpclient_line_t s;

    while ((s = htpclient_read_line(e, deadline, line)) == HTPCLIENT_LINE_OK
           && line->s[0] != '\0')
        ;
    return s;
}

/* Reads lines up to the first that starts a reply ('=' or '?'), skipping
 * gogui-gfx blocks, empty lines and anything else (with a note). */
static htpclient_status_t
htpclient_read_reply_start(htpclient_t *e, double deadline,
                           strbuf_t *line)
{
    htpclient_line_t s;

    while ((s = htpclient_read_line(e, deadline, line)) == HTPCLIENT_LINE_OK) {
        if (line->s[0] == '=' || line->s[0] == '?')
            return HTPCLIENT_REPLY;
        if (strcmp(util_trim(line->s), "gogui-gfx:") == 0) {
            s = htpclient_skip_block(e, deadline, line);
            if (s != HTPCLIENT_LINE_OK)
                return htpclient_status_of(s);
        } else if (line->s[0] != '\0') {
            fprintf(stderr, "%s: %s: ignoring engine output outside a "
                    "reply: %s\n", htpclient_prog(e), htpclient_label(e),
                    line->s);
        }
    }
    return htpclient_status_of(s);
}

/* Reads one whole reply into reply. */
static htpclient_status_t
htpclient_read_reply(htpclient_t *e, double deadline,
                     htpclient_reply_t *reply)
{
    strbuf_t line = { 0 }, text = { 0 };
    htpclient_status_t st = htpclient_read_reply_start(e, deadline, &line);
    htpclient_line_t s;
    const char *p;

    if (st != HTPCLIENT_REPLY) {
        strbuf_free(&line);
        return st;
    }
    reply->error = line.s[0] == '?';
    for (p = line.s + 1; *p >= '0' && *p <= '9'; p++)
        ;
    util_buf_add(&text, p);
    while ((s = htpclient_read_line(e, deadline, &line)) == HTPCLIENT_LINE_OK
           && line.s[0] != '\0') {
        if (text.len + line.len > HTPCLIENT_MAX_REPLY) {
            s = htpclient_too_long(e);
            break;
        }
        util_buf_addc(&text, '\n');
        util_buf_add(&text, line.s);
    }
    if (s == HTPCLIENT_LINE_OK) {
        strbuf_clear(&reply->text);
        util_buf_add(&reply->text, util_trim(text.s));
    } else {
        st = htpclient_status_of(s);
    }
    strbuf_free(&line);
    strbuf_free(&text);
    return st;
}

htpclient_status_t
htpclient_ask(htpclient_t *e, const char *line, double timeout,
              htpclient_reply_t *reply)
{
    double deadline = timeout > 0 ? util_now() + timeout : 0;
    htpclient_status_t st;

    if (e->pid < 0 || e->to < 0)
        return HTPCLIENT_DEAD;
    htpclient_trace(e, ">", line);
    st = htpclient_write_line(e, line, deadline);
    if (st != HTPCLIENT_REPLY)
        return st;
    return htpclient_read_reply(e, deadline, reply);
}

/* Waits up to grace seconds for the engine to exit, without reaping it
 * (its process group lives on until then); returns whether it did. */
static bool
htpclient_wait_exit(pid_t pid, double grace)
{
    double deadline = util_now() + grace;
    struct timespec nap = { 0, 10 * 1000 * 1000 };

    for (;;) {
        siginfo_t info;
        int r;

        info.si_pid = 0;
        r = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
        if ((r == 0 && info.si_pid == pid) || (r < 0 && errno != EINTR))
            return true;
        if (util_now() >= deadline)
            return false;
        nanosleep(&nap, NULL);
    }
}

/* The name of a signal an engine may die of (strsignal is not safe to
 * call from several threads). */
static const char *
htpclient_signal_name(int sig)
{
    static const struct {
        int sig;
        const char *name;
    } names[] = {
        { SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGBUS, "SIGBUS" },
        { SIGFPE, "SIGFPE" }, { SIGILL, "SIGILL" }, { SIGKILL, "SIGKILL" },
        { SIGTERM, "SIGTERM" }, { SIGINT, "SIGINT" }, { SIGHUP, "SIGHUP" },
        { SIGPIPE, "SIGPIPE" }, { SIGQUIT, "SIGQUIT" },
    };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig)
            return names[i].name;
    return "?";
}

char *
htpclient_exit_text(int status, char *buf, size_t size)
{
    if (status == -1)
        snprintf(buf, size, "killed");
    else if (WIFEXITED(status))
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(buf, size, "killed by signal %d (%s)", WTERMSIG(status),
                 htpclient_signal_name(WTERMSIG(status)));
    else
        snprintf(buf, size, "ended (wait status %d)", status);
    return buf;
}

int
htpclient_finish(htpclient_t *e, bool say_quit, double grace, bool report)
{
    htpclient_reply_t reply = { 0 };
    int status = 0;

    if (e->pid > 0 && say_quit)
        htpclient_ask(e, "quit", grace, &reply);
    strbuf_free(&reply.text);
    htpclient_close_fd(&e->to);
    if (e->pid > 0) {
        bool exited = htpclient_wait_exit(e->pid, grace);

        /* Kill before reaping, so that the group id cannot be reused. */
        if (!exited || e->own_group)
            kill(e->own_group ? -e->pid : e->pid, SIGKILL);
        while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
            ;
        if (!exited)
            status = -1;
        if (report) {
            char how[64];

            fprintf(stderr, "%s: %s: engine %s\n", htpclient_prog(e),
                    htpclient_label(e),
                    htpclient_exit_text(status, how, sizeof how));
        }
        e->pid = -1;
    } else {
        status = -1;
    }
    htpclient_close_fd(&e->from);
    e->start = e->end = 0;
    return status;
}
