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

#include "tools/regress_engine.h"

/* What the child reports through its close-on-exec pipe when it cannot
 * run the engine: which step failed, and errno. */
typedef struct regress_start_failure {
    int step;           /* 0: chdir, 1: exec */
    int err;
} regress_start_failure_t;

/* A line read from the engine, or why none was. */
typedef enum regress_line_status {
    REGRESS_LINE_OK,
    REGRESS_LINE_EOF,
    REGRESS_LINE_TIMEOUT
} regress_line_status_t;

static void
regress_trace(const regress_engine_t *e, const char *dir, const char *text)
{
    if (e->log)
        fprintf(e->log, "%s %s\n", dir, text);
    if (e->verbose)
        fprintf(stderr, "%s %s\n", dir, text);
}

static void
regress_set_cloexec(int fd)
{
    fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC);
}

static bool
regress_make_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        return false;
    regress_set_cloexec(fds[0]);
    regress_set_cloexec(fds[1]);
    return true;
}

static void
regress_close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* In the child: becomes the engine or reports why it cannot. */
static _Noreturn void
regress_run_child(char *const argv[], const char *dir, int in, int out,
                  int logfd, int status)
{
    regress_start_failure_t failure = { 0, 0 };

    signal(SIGPIPE, SIG_DFL);
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
regress_child_started(regress_engine_t *e, char *const argv[],
                      const char *dir, int status)
{
    regress_start_failure_t failure;
    ssize_t n;

    do
        n = read(status, &failure, sizeof failure);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof failure)
        return true;
    waitpid(e->pid, NULL, 0);
    e->pid = -1;
    if (failure.step == 0)
        fprintf(stderr, "hein-regress: cannot enter folder '%s': %s\n", dir,
                strerror(failure.err));
    else
        fprintf(stderr, "hein-regress: cannot run engine '%s': %s\n",
                argv[0], strerror(failure.err));
    return false;
}

bool
regress_engine_start(regress_engine_t *e, char *const argv[],
                     const char *dir)
{
    int in[2] = { -1, -1 }, out[2] = { -1, -1 }, status[2] = { -1, -1 };
    bool ok = false;

    e->pid = -1;
    e->to = e->from = -1;
    e->start = e->end = 0;
    if (e->log)
        fflush(e->log);
    if (!regress_make_pipe(in) || !regress_make_pipe(out)
        || !regress_make_pipe(status)) {
        fprintf(stderr, "hein-regress: pipe: %s\n", strerror(errno));
    } else if ((e->pid = fork()) < 0) {
        fprintf(stderr, "hein-regress: fork: %s\n", strerror(errno));
    } else if (e->pid == 0) {
        regress_run_child(argv, dir, in[0], out[1],
                          e->log ? fileno(e->log) : -1, status[1]);
    } else {
        regress_close_fd(&status[1]);
        ok = regress_child_started(e, argv, dir, status[0]);
    }
    regress_close_fd(&in[0]);
    regress_close_fd(&out[1]);
    regress_close_fd(&status[0]);
    regress_close_fd(&status[1]);
    if (!ok) {
        regress_close_fd(&in[1]);
        regress_close_fd(&out[0]);
        return false;
    }
    e->to = in[1];
    e->from = out[0];
    fcntl(e->to, F_SETFL, fcntl(e->to, F_GETFL) | O_NONBLOCK);
    return true;
}

/* Waits until fd is ready for events or the deadline (0: none) passes.
 * Returns false on timeout. */
static bool
regress_wait_fd(int fd, short events, double deadline)
{
    struct pollfd p = { .fd = fd, .events = events };

    for (;;) {
        int ms = -1, n;

        if (deadline > 0) {
            double left = deadline - regress_now();

            if (left <= 0)
                return false;
            ms = left > 1e6 ? 1000000000 : (int)(left * 1000) + 1;
        }
        n = poll(&p, 1, ms);
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return true;        /* let the read or write report it */
    }
}

/* Writes all of s and a newline.  Returns false if the engine cannot be
 * written to; *late tells whether that was the deadline. */
static bool
regress_write_line(regress_engine_t *e, const char *s, double deadline,
                   bool *late)
{
    regress_buf_t b = { 0 };
    size_t done = 0;
    bool ok = true;

    *late = false;
    regress_buf_add(&b, s);
    regress_buf_addc(&b, '\n');
    while (ok && done < b.len) {
        ssize_t n = write(e->to, b.s + done, b.len - done);

        if (n > 0) {
            done += (size_t)n;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!regress_wait_fd(e->to, POLLOUT, deadline)) {
                *late = true;
                ok = false;
            }
        } else if (!(n < 0 && errno == EINTR)) {
            ok = false;
        }
    }
    regress_buf_free(&b);
    return ok;
}

/* Moves the buffered bytes up to a newline (dropping '\r') into line.
 * Returns true if the newline was found. */
static bool
regress_take_line(regress_engine_t *e, regress_buf_t *line)
{
    while (e->start < e->end) {
        char c = e->buf[e->start++];

        if (c == '\n')
            return true;
        if (c != '\r')
            regress_buf_addc(line, c);
    }
    e->start = e->end = 0;
    return false;
}

static regress_line_status_t
regress_read_line(regress_engine_t *e, double deadline,
                  regress_buf_t *line)
{
    regress_buf_clear(line);
    regress_buf_add(line, "");
    while (!regress_take_line(e, line)) {
        ssize_t n;

        if (!regress_wait_fd(e->from, POLLIN, deadline))
            return REGRESS_LINE_TIMEOUT;
        n = read(e->from, e->buf, sizeof e->buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return REGRESS_LINE_EOF;
        e->end = (size_t)n;
    }
    regress_trace(e, "<", line->s);
    return REGRESS_LINE_OK;
}

static regress_status_t
regress_status_of(regress_line_status_t s)
{
    return s == REGRESS_LINE_TIMEOUT ? REGRESS_TIMEOUT : REGRESS_DEAD;
}

/* Reads lines up to and including the next empty one. */
static regress_line_status_t
regress_skip_block(regress_engine_t *e, double deadline, regress_buf_t *line)
{
    regress_line_status_t s;

    while ((s = regress_read_line(e, deadline, line)) == REGRESS_LINE_OK
           && line->s[0] != '\0')
        ;
    return s;
}

/* Reads lines up to the first that starts a reply ('=' or '?'), skipping
 * gogui-gfx blocks, empty lines and anything else (with a note). */
static regress_status_t
regress_read_reply_start(regress_engine_t *e, double deadline,
                         regress_buf_t *line)
{
    regress_line_status_t s;

    while ((s = regress_read_line(e, deadline, line)) == REGRESS_LINE_OK) {
        if (line->s[0] == '=' || line->s[0] == '?')
            return REGRESS_REPLY;
        if (strcmp(regress_trim(line->s), "gogui-gfx:") == 0) {
            if ((s = regress_skip_block(e, deadline, line)) != REGRESS_LINE_OK)
                return regress_status_of(s);
        } else if (line->s[0] != '\0') {
            fprintf(stderr, "hein-regress: %s: ignoring engine output "
                    "outside a reply: %s\n", e->label, line->s);
        }
    }
    return regress_status_of(s);
}

/* Reads one whole reply into reply. */
static regress_status_t
regress_read_reply(regress_engine_t *e, double deadline,
                   regress_reply_t *reply)
{
    regress_buf_t line = { 0 }, text = { 0 };
    regress_status_t st = regress_read_reply_start(e, deadline, &line);
    regress_line_status_t s;
    const char *p;

    if (st != REGRESS_REPLY) {
        regress_buf_free(&line);
        return st;
    }
    reply->error = line.s[0] == '?';
    for (p = line.s + 1; *p >= '0' && *p <= '9'; p++)
        ;
    regress_buf_add(&text, p);
    while ((s = regress_read_line(e, deadline, &line)) == REGRESS_LINE_OK
           && line.s[0] != '\0') {
        regress_buf_addc(&text, '\n');
        regress_buf_add(&text, line.s);
    }
    if (s == REGRESS_LINE_OK) {
        regress_buf_clear(&reply->text);
        regress_buf_add(&reply->text, regress_trim(text.s));
    } else {
        st = regress_status_of(s);
    }
    regress_buf_free(&line);
    regress_buf_free(&text);
    return st;
}

regress_status_t
regress_engine_ask(regress_engine_t *e, const char *line, double timeout,
                   regress_reply_t *reply)
{
    double deadline = timeout > 0 ? regress_now() + timeout : 0;
    bool late;

    if (e->pid < 0 || e->to < 0)
        return REGRESS_DEAD;
    regress_trace(e, ">", line);
    if (!regress_write_line(e, line, deadline, &late))
        return late ? REGRESS_TIMEOUT : REGRESS_DEAD;
    return regress_read_reply(e, deadline, reply);
}

/* Waits up to grace seconds for the engine to exit; returns whether it
 * did, with its wait status in *status. */
static bool
regress_wait_exit(pid_t pid, double grace, int *status)
{
    double deadline = regress_now() + grace;
    struct timespec nap = { 0, 10 * 1000 * 1000 };

    for (;;) {
        pid_t r = waitpid(pid, status, WNOHANG);

        if (r == pid || (r < 0 && errno != EINTR))
            return true;
        if (regress_now() >= deadline)
            return false;
        nanosleep(&nap, NULL);
    }
}

static void
regress_report_exit(const regress_engine_t *e, int status, bool killed)
{
    if (killed)
        fprintf(stderr, "hein-regress: %s: engine killed\n", e->label);
    else if (WIFEXITED(status))
        fprintf(stderr, "hein-regress: %s: engine exited with status %d\n",
                e->label, WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        fprintf(stderr, "hein-regress: %s: engine killed by signal %d (%s)\n",
                e->label, WTERMSIG(status), strsignal(WTERMSIG(status)));
}

void
regress_engine_finish(regress_engine_t *e, bool say_quit, double grace,
                      bool report)
{
    regress_reply_t reply = { 0 };
    int status = 0;
    bool killed = false;

    if (e->pid > 0 && say_quit)
        regress_engine_ask(e, "quit", grace, &reply);
    regress_buf_free(&reply.text);
    regress_close_fd(&e->to);
    if (e->pid > 0) {
        if (!regress_wait_exit(e->pid, grace, &status)) {
            kill(e->pid, SIGKILL);
            while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
                ;
            killed = true;
        }
        if (report)
            regress_report_exit(e, status, killed);
        e->pid = -1;
    }
    regress_close_fd(&e->from);
    e->start = e->end = 0;
}
