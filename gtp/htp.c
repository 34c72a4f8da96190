/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The HTP protocol layer (see htp.h for the contract).
 *
 * Threads of one htp_serve call:
 *
 *   serving thread  the caller's; pops queued lines and runs them one at a
 *                   time, writes the replies.
 *   reader thread   reads input, cleans each line, queues commands (giving
 *                   each its number), and handles "# interrupt" and the
 *                   end of input at once, even while a command runs.
 *   signal thread   sigwait()s for SIGTERM/SIGINT/SIGHUP: interrupts
 *                   everything and tells the serving thread to stop.
 *   any thread      handlers and their searches call htp_gfx and read the
 *                   interrupt counter through stop_t.
 *
 * Ending: the signal thread is always joined before htp_serve returns.
 * The reader waits in poll() on the input descriptor and on a wake pipe,
 * so htp_serve wakes it and joins it.  It is left behind (detached) in
 * two cases only: it is inside readline() at a prompt, or it reads a
 * stream that has no descriptor (getline on a memory stream).  Then it
 * owns a reference to the shared input block (htp_input_t, refcounted,
 * freed by the last of the two to let go) and touches nothing else: it
 * uses the htp_t only under the block's lock while `closing` is false,
 * and htp_serve sets `closing` under that lock before it returns, so
 * htp_free is safe at any time after htp_serve.  The reader never blocks
 * inside stdio on a stream that has a descriptor (it read()s the
 * descriptor; readline does the same), so a reader left blocked cannot
 * make exit() wait for a FILE lock. */

#include "config.h"

#include "gtp/htp.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#if HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#define HTP_PROMPT "hein> "
/* Longest input line kept; a longer one is answered "? line too long". */
#define HTP_MAX_LINE (1 << 20)
#define HTP_READ_CHUNK 4096
/* Most characters of an answer shown in the block that ends a command's
 * graphics. */
#define HTP_GFX_END_TEXT 120

struct htp {
    /* Set by htp_new, then read-only. */
    FILE *in, *out;
    const htp_command_t *table;
    void *ctx;

    /* The number of the newest interrupted command (search/stop.h).
     * Written only under the lock of the running htp_serve's input block
     * (by the reader for "# interrupt", by the signal thread), so a
     * load-compare-store never lowers it; read without lock, relaxed, by
     * any search thread: it carries no other data. */
    _Atomic uint64_t interrupted;

    /* The last command number handed out.  Atomic because the reader
     * thread (under the input lock) and htp_execute (on the serving
     * thread, without it) both take numbers. */
    _Atomic uint64_t next_seq;

    /* Set by whichever thread fails to write `out` (a reply or a gfx
     * block); read by the serving loop, which then stops. */
    atomic_bool out_failed;

    /* Set by htp_gfx (any thread) when it writes a block; run_line clears
     * it before a handler runs and reads it once the handler has
     * answered (its threads joined), to end the graphics. */
    atomic_bool gfx_drawn;

    /* Guards every write htp makes to a stream (replies, gfx blocks), so
     * that blocks from different threads never interleave and each is
     * flushed whole. */
    pthread_mutex_t out_lock;

    /* The idle work (htp_set_idle), or NULL.  Set before htp_serve, then
     * read-only while it runs. */
    htp_idle_t idle;
    void *idle_ctx;
};

/* A command line waiting in the queue (owned by the queue, then by the
 * serving thread once popped). */
typedef struct htp_line {
    struct htp_line *next;
    uint64_t seq;
    bool too_long;              /* the line was dropped: answer an error */
    char text[];                /* cleaned: no comment, no control chars */
} htp_line_t;

/* What one htp_serve call shares with its reader and signal threads.
 *
 * Every field marked (L) is guarded by `lock`.  `cond` (with `lock`) is
 * broadcast when a line is queued, at end of input, and on a signal; the
 * serving thread waits on it.  Fields marked (R) are set before any
 * thread starts and read-only afterwards.
 *
 * Lifetime: refcounted; htp_serve holds one reference and the reader
 * thread one, and the last to release frees the block (see the comment at
 * the top of this file). */
typedef struct htp_input {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    unsigned refs;              /* (L) */
    htp_t *h;                   /* (L) usable only while !closing */
    htp_line_t *head, *tail;    /* (L) the queue, oldest first */
    uint64_t running;           /* (L) number of the command running, 0: none */
    bool eof;                   /* (L) the reader saw the end of input */
    bool quit_read;             /* (L) a quit line was queued */
    bool closing;               /* (L) htp_serve is returning: reader, stop */
    bool reader_done;           /* (L) the reader thread is finishing */
    bool in_readline;           /* (L) the reader is inside readline() */
    int signo;                  /* (L) first termination signal, 0: none */
    bool idle_due;              /* (L) a command ran since the idle work
                                 * was last called */
    /* Ends the idle work: set (under lock) with every line queued, "#
     * interrupt", the end of input and a signal; cleared (under lock)
     * before the idle work starts; read without lock by its threads. */
    _Atomic bool idle_halt;

    FILE *in;                   /* (R) */
    int fd;                     /* (R) descriptor of `in`, -1: none */
    bool interactive;           /* (R) a terminal, read with readline */
    int wake[2];                /* (R) pipe, serving thread -> reader */
} htp_input_t;

/* ---------------------------------------------------------------------- */
/* Small helpers                                                           */

static bool
is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static bool
is_control(unsigned char c)
{
    return (c < 32 && c != '\t' && c != '\n') || c == 127;
}

static void
term_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
}

/* Is the comment text src[0..n) (what follows '#', up to the end of the
 * line) "interrupt", once control characters are removed and blanks
 * trimmed? */
static bool
is_interrupt_comment(const char *src, size_t n)
{
    static const char want[] = "interrupt";
    const size_t wlen = sizeof want - 1;
    size_t w = 0;
    enum { LEADING, WORD, TRAILING } state = LEADING;

    for (size_t i = 0; i < n && src[i] != '\n'; i++) {
        char c = src[i];
        if (is_control((unsigned char)c))
            continue;
        bool blank = c == ' ' || c == '\t';
        if (state == LEADING) {
            if (blank)
                continue;
            state = WORD;
        }
        if (state == WORD) {
            if (w < wlen && c == want[w]) {
                w++;
                continue;
            }
            if (blank && w == wlen) {
                state = TRAILING;
                continue;
            }
            return false;
        }
        if (!blank)
            return false;
    }
    return w == wlen;
}

/* Copies the line src[0..n) into dst (room for n + 1 bytes) as the parser
 * sees it: it ends at the first newline, control characters other than
 * tab are removed, tabs become blanks, and it is cut at '#'.  Returns the
 * length; *interrupt tells whether the line is the comment
 * "# interrupt". */
static size_t
clean_line(char *dst, const char *src, size_t n, bool *interrupt)
{
    size_t i, k = 0;
    bool blank_only = true;

    for (i = 0; i < n && src[i] != '\n' && src[i] != '#'; i++) {
        unsigned char c = (unsigned char)src[i];
        if (c == '\t')
            c = ' ';
        else if (is_control(c))
            continue;
        if (c != ' ')
            blank_only = false;
        dst[k++] = (char)c;
    }
    dst[k] = '\0';
    *interrupt = i < n && src[i] == '#' && blank_only
        && is_interrupt_comment(src + i + 1, n - i - 1);
    return k;
}

/* Does s hold anything but blanks? */
static bool
has_word(const char *s)
{
    for (; *s; s++)
        if (!is_blank(*s))
            return true;
    return false;
}

/* ---------------------------------------------------------------------- */
/* Output                                                                  */

/* Writes text[0..len) without its blank lines (empty or only blanks), the
 * lines separated by one newline, no newline after the last. */
static void
put_text(FILE *out, const char *text, size_t len)
{
    bool first = true;
    size_t start = 0;

    while (start < len) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        bool blank_line = true;
        for (size_t i = start; i < end; i++)
            if (!is_blank(text[i])) {
                blank_line = false;
                break;
            }
        if (!blank_line) {
            if (!first)
                putc('\n', out);
            fwrite(text + start, 1, end - start, out);
            first = false;
        }
        start = end + 1;
    }
}

/* Writes one block, `head` then the cleaned text then the empty line that
 * ends it, and flushes, under out_lock.  Returns false on a write error;
 * an error on h->out also sets out_failed, which stops the serving loop. */
static bool
write_block(htp_t *h, FILE *out, const char *head, const char *text, size_t len)
{
    if (!out)
        return true;
    pthread_mutex_lock(&h->out_lock);
    fputs(head, out);
    put_text(out, text, len);
    fputs("\n\n", out);
    bool ok = fflush(out) == 0 && !ferror(out);
    pthread_mutex_unlock(&h->out_lock);
    if (!ok && out == h->out && !atomic_exchange(&h->out_failed, true))
        fprintf(stderr, "htp: cannot write replies: %s\n", strerror(errno));
    return ok;
}

/* Writes the reply "=ID text" / "?ID text" (no ID when id < 0). */
static bool
write_reply(htp_t *h, FILE *out, bool success, long id, const char *text, size_t len)
{
    char head[32];
    if (id >= 0)
        snprintf(head, sizeof head, "%c%ld ", success ? '=' : '?', id);
    else
        snprintf(head, sizeof head, "%c ", success ? '=' : '?');
    return write_block(h, out, head, text ? text : "", text ? len : 0);
}

void
htp_gfx(htp_t *h, const char *text)
{
    size_t len = text ? strlen(text) : 0;
    bool empty = true;
    for (size_t i = 0; i < len; i++)
        if (!is_blank(text[i]) && text[i] != '\n') {
            empty = false;
            break;
        }
    /* "gogui-gfx:" alone is not a valid block for HexGui. */
    if (!empty && write_block(h, h->out, "gogui-gfx:\n", text, len))
        atomic_store(&h->gfx_drawn, true);
}

/* Writes the block that ends a command's graphics (htp.h): an empty dfpn
 * block whose status text is the command's name and the first line of
 * its answer ("solve: black wins with d4", "solve failed: ..."). */
static void
write_gfx_end(htp_t *h, const htp_cmd_t *cmd, bool success, const char *text, size_t len)
{
    size_t start = 0, end = 0;
    while (start < len) {
        const char *nl = memchr(text + start, '\n', len - start);
        end = nl ? (size_t)(nl - text) : len;
        bool blank_line = true;
        for (size_t i = start; i < end && blank_line; i++)
            blank_line = is_blank(text[i]);
        if (!blank_line)
            break;
        start = end + 1;
    }
    if (start >= len)
        start = end = 0;
    int shown = end - start > HTP_GFX_END_TEXT ? HTP_GFX_END_TEXT : (int)(end - start);
    char block[HTP_GFX_END_TEXT + 160];
    snprintf(block, sizeof block, "dfpn\nVAR\nLABEL\nTEXT %.80s%s%s%.*s", cmd->command->name,
             success ? "" : " failed", shown > 0 ? ": " : "", shown, shown > 0 ? text + start : "");
    write_block(h, h->out, "gogui-gfx:\n", block, strlen(block));
}

/* ---------------------------------------------------------------------- */
/* Building replies                                                        */

static bool
cmd_open(htp_cmd_t *cmd, const char *what)
{
    if (!cmd->answered)
        return true;
    fprintf(stderr, "htp: %s: %s called after the command was answered (ignored)\n",
            cmd->command ? cmd->command->name : "?", what);
    return false;
}

void
htp_vprintf(htp_cmd_t *cmd, const char *fmt, va_list ap)
{
    if (cmd_open(cmd, "htp_printf"))
        strbuf_vaddf(&cmd->reply, fmt, ap);
}

void
htp_printf(htp_cmd_t *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    htp_vprintf(cmd, fmt, ap);
    va_end(ap);
}

htp_status_t
htp_success(htp_cmd_t *cmd, const char *fmt, ...)
{
    if (!cmd_open(cmd, "htp_success"))
        return HTP_OK;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        strbuf_vaddf(&cmd->reply, fmt, ap);
        va_end(ap);
    }
    cmd->answered = true;
    cmd->outcome = HTP_OK;
    return HTP_OK;
}

htp_status_t
htp_failure(htp_cmd_t *cmd, const char *fmt, ...)
{
    if (!cmd_open(cmd, "htp_failure"))
        return HTP_FAILED;
    strbuf_clear(&cmd->reply);
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        strbuf_vaddf(&cmd->reply, fmt, ap);
        va_end(ap);
    }
    cmd->answered = true;
    cmd->outcome = HTP_FAILED;
    return HTP_FAILED;
}

char *
htp_usage_text(const htp_cmd_t *cmd, char *buf, size_t size)
{
    const char *args = cmd->command->args ? cmd->command->args : "";
    snprintf(buf, size, "usage: %s%s%s", cmd->command->name, *args ? " " : "", args);
    return buf;
}

htp_status_t
htp_usage(htp_cmd_t *cmd)
{
    const char *args = cmd->command->args ? cmd->command->args : "";
    return htp_failure(cmd, "usage: %s%s%s", cmd->command->name, *args ? " " : "", args);
}

htp_status_t
htp_quit(htp_cmd_t *cmd)
{
    if (!cmd_open(cmd, "htp_quit"))
        return HTP_QUIT;
    cmd->answered = true;
    cmd->outcome = HTP_QUIT;
    return HTP_QUIT;
}

stop_t
htp_cmd_stop(const htp_cmd_t *cmd)
{
    return stop_make(&cmd->htp->interrupted, cmd->seq);
}

/* ---------------------------------------------------------------------- */
/* Running one command                                                     */

static char *
next_word(char **p)
{
    char *s = *p;
    while (*s == ' ')
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    char *w = s;
    while (*s && *s != ' ')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

static bool
all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

static htp_status_t
fail_now(htp_t *h, FILE *out, long id, const char *msg)
{
    write_reply(h, out, false, id, msg, strlen(msg));
    return HTP_FAILED;
}

/* Parses the cleaned line (split in place: argv point into it), runs the
 * command numbered seq, writes its reply to out.  Returns its status. */
static htp_status_t
run_line(htp_t *h, char *line, uint64_t seq, FILE *out)
{
    char *p = line;
    char *word = next_word(&p);
    long id = -1;

    if (word && all_digits(word)) {
        errno = 0;
        unsigned long v = strtoul(word, NULL, 10);
        if (errno || v > LONG_MAX)
            return fail_now(h, out, -1, "command id out of range");
        id = (long)v;
        word = next_word(&p);
    }
    if (!word)
        return fail_now(h, out, id, "missing command");

    const htp_command_t *command = htp_lookup(h, word);
    if (!command || !command->handler) {
        char msg[160];
        snprintf(msg, sizeof msg, "unknown command: %.120s", word);
        return fail_now(h, out, id, msg);
    }

    htp_cmd_t cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.htp = h;
    cmd.command = command;
    cmd.id = id;
    cmd.seq = seq;
    while ((word = next_word(&p)) != NULL) {
        if (cmd.argc == HTP_MAX_ARGS)
            return fail_now(h, out, id, "too many arguments");
        cmd.argv[cmd.argc++] = word;
    }

    /* a handler may run a command itself (htp_execute): its graphics
     * end on their own, and the outer command's flag is kept */
    bool outer_drawn = atomic_exchange(&h->gfx_drawn, false);
    htp_status_t status = command->handler(&cmd, h->ctx);
    if (!cmd.answered) {
        fprintf(stderr, "htp: %s: handler returned without answering "
                "(answered as success)\n", command->name);
        cmd.answered = true;
        cmd.outcome = status == HTP_QUIT ? HTP_QUIT : HTP_OK;
    } else if (status != cmd.outcome) {
        fprintf(stderr, "htp: %s: handler returned %d after answering %d "
                "(the answer counts)\n", command->name, (int)status, (int)cmd.outcome);
    }
    status = cmd.outcome;
    if (atomic_exchange(&h->gfx_drawn, outer_drawn)) {
        if (cmd.reply.oom)
            write_gfx_end(h, &cmd, false, "out of memory", 13);
        else
            write_gfx_end(h, &cmd, status != HTP_FAILED, strbuf_str(&cmd.reply),
                          cmd.reply.len);
    }
    if (cmd.reply.oom) {
        write_reply(h, out, false, id, "out of memory", 13);
        status = status == HTP_QUIT ? HTP_QUIT : HTP_FAILED;
    } else {
        write_reply(h, out, status != HTP_FAILED, id, strbuf_str(&cmd.reply),
                    cmd.reply.len);
    }
    strbuf_free(&cmd.reply);
    return status;
}

htp_status_t
htp_execute(htp_t *h, const char *line, FILE *out)
{
    size_t n = strlen(line);
    char *buf = malloc(n + 1);
    if (!buf)
        return fail_now(h, out, -1, "out of memory");
    bool interrupt;
    clean_line(buf, line, n, &interrupt);
    htp_status_t status = HTP_OK;
    if (has_word(buf)) {
        uint64_t seq = atomic_fetch_add(&h->next_seq, 1) + 1;
        status = run_line(h, buf, seq, out);
    }
    free(buf);
    return status;
}

/* ---------------------------------------------------------------------- */
/* The input block and the reader thread                                   */

static void
input_release(htp_input_t *q)
{
    pthread_mutex_lock(&q->lock);
    bool last = --q->refs == 0;
    pthread_mutex_unlock(&q->lock);
    if (!last)
        return;
    while (q->head) {
        htp_line_t *l = q->head;
        q->head = l->next;
        free(l);
    }
    if (q->wake[0] >= 0) {
        close(q->wake[0]);
        close(q->wake[1]);
    }
    pthread_cond_destroy(&q->cond);
    pthread_mutex_destroy(&q->lock);
    free(q);
}

static htp_input_t *
input_new(htp_t *h)
{
    htp_input_t *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->refs = 1;
    q->h = h;
    q->in = h->in;
    q->fd = h->in ? fileno(h->in) : -1;
    q->wake[0] = q->wake[1] = -1;
#if HAVE_READLINE
    q->interactive = q->fd >= 0 && isatty(q->fd);
#endif
    if (pthread_mutex_init(&q->lock, NULL) != 0) {
        free(q);
        return NULL;
    }
    if (pthread_cond_init(&q->cond, NULL) != 0) {
        pthread_mutex_destroy(&q->lock);
        free(q);
        return NULL;
    }
    if (q->fd >= 0 && pipe2(q->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
        q->wake[0] = q->wake[1] = -1;
        input_release(q);
        return NULL;
    }
    return q;
}

static void
input_wake(htp_input_t *q)
{
    if (q->wake[1] >= 0) {
        ssize_t r = write(q->wake[1], "", 1);
        (void)r;                /* full pipe: the reader will wake anyway */
    }
}

static void
queue_push(htp_input_t *q, htp_line_t *l)
{
    atomic_store_explicit(&q->idle_halt, true, memory_order_relaxed);
    l->next = NULL;
    if (q->tail)
        q->tail->next = l;
    else
        q->head = l;
    q->tail = l;
    pthread_cond_broadcast(&q->cond);
}

/* Stops the newest command read: the last queued one, else the one
 * running.  The counter is monotonic, so every earlier command stops too,
 * and none read later.  Call with q->lock held and q->closing false. */
static void
interrupt_newest(htp_input_t *q)
{
    atomic_store_explicit(&q->idle_halt, true, memory_order_relaxed);
    uint64_t target = q->tail ? q->tail->seq : q->running;
    if (target > atomic_load_explicit(&q->h->interrupted, memory_order_relaxed))
        atomic_store_explicit(&q->h->interrupted, target, memory_order_relaxed);
}

/* Is the cleaned line s the command quit (after an optional id)? */
static bool
is_quit_line(const char *s)
{
    s += strspn(s, " ");
    size_t n = strcspn(s, " ");
    if (n > 0 && strspn(s, "0123456789") == n) {
        s += n;
        s += strspn(s, " ");
        n = strcspn(s, " ");
    }
    return n == 4 && strncmp(s, "quit", 4) == 0;
}

/* The reader hands over one raw line src[0..n).  Call with q->lock held
 * and q->closing false. */
static void
take_line(htp_input_t *q, const char *src, size_t n)
{
    htp_line_t *l = malloc(sizeof *l + n + 1);
    if (!l) {
        fprintf(stderr, "htp: out of memory: input line dropped\n");
        return;
    }
    bool interrupt;
    clean_line(l->text, src, n, &interrupt);
    if (interrupt)
        interrupt_newest(q);
    if (interrupt || !has_word(l->text)) {
        free(l);
        return;
    }
    if (is_quit_line(l->text))
        q->quit_read = true;
    l->too_long = false;
    l->seq = atomic_fetch_add(&q->h->next_seq, 1) + 1;
    queue_push(q, l);
}

/* Queues the answer "? line too long" in place of a line. */
static void
take_too_long(htp_input_t *q)
{
    htp_line_t *l = malloc(sizeof *l + 1);
    if (!l)
        return;
    l->text[0] = '\0';
    l->too_long = true;
    l->seq = atomic_fetch_add(&q->h->next_seq, 1) + 1;
    queue_push(q, l);
    fprintf(stderr, "htp: input line longer than %d bytes dropped\n", HTP_MAX_LINE);
}

/* The reader's line buffer. */
typedef struct reader_buf {
    char *data;
    size_t len, cap;
    bool skipping;              /* dropping the rest of an over-long line */
} reader_buf_t;

/* Hands over the complete lines in b (and, at the end, the last partial
 * one); keeps a partial line for later.  Call with q->lock held and
 * q->closing false. */
static void
take_lines(htp_input_t *q, reader_buf_t *b, bool at_end)
{
    size_t start = 0;
    for (;;) {
        char *nl = memchr(b->data + start, '\n', b->len - start);
        if (!nl)
            break;
        size_t end = (size_t)(nl - b->data);
        if (b->skipping)
            b->skipping = false;
        else
            take_line(q, b->data + start, end - start);
        start = end + 1;
    }
    memmove(b->data, b->data + start, b->len - start);
    b->len -= start;
    if (b->len > 0 && (at_end || q->interactive)) {
        /* A terminal hands over a partial line only on ^D: take it. */
        if (!b->skipping)
            take_line(q, b->data, b->len);
        b->len = 0;
        b->skipping = false;
    } else if (b->len >= HTP_MAX_LINE) {
        if (!b->skipping)
            take_too_long(q);
        b->skipping = true;
        b->len = 0;
    }
}

/* Marks the end of input.  Unless a quit was read (a batch that ends
 * itself), nobody is left to wait for the answers: every command read is
 * interrupted, as by a last "# interrupt" line (htp.h).  Call with
 * q->lock held. */
static void
set_eof(htp_input_t *q)
{
    q->eof = true;
    atomic_store_explicit(&q->idle_halt, true, memory_order_relaxed);
    if (!q->closing && !q->quit_read)
        interrupt_newest(q);
    pthread_cond_broadcast(&q->cond);
}

/* Waits for input or a wake-up, then reads what is there.  Returns false
 * when the reader must stop. */
static bool
read_descriptor(htp_input_t *q, reader_buf_t *b)
{
    struct pollfd p[2] = { { q->fd, POLLIN, 0 }, { q->wake[0], POLLIN, 0 } };
    if (poll(p, 2, -1) < 0) {
        if (errno == EINTR)
            return true;
        fprintf(stderr, "htp: poll: %s\n", strerror(errno));
        pthread_mutex_lock(&q->lock);
        set_eof(q);
        pthread_mutex_unlock(&q->lock);
        return false;
    }
    if (p[1].revents) {
        char drain[64];
        while (read(q->wake[0], drain, sizeof drain) > 0)
            continue;
    }
    if (!p[0].revents)
        return true;            /* woken: the caller looks at the state */

    if (b->cap - b->len < HTP_READ_CHUNK) {
        size_t cap = b->cap ? 2 * b->cap : 2 * HTP_READ_CHUNK;
        char *d = realloc(b->data, cap);
        if (!d) {
            fprintf(stderr, "htp: out of memory reading input\n");
            b->len = 0;         /* drop what was buffered, go on */
            return true;
        }
        b->data = d;
        b->cap = cap;
    }
    ssize_t n = read(q->fd, b->data + b->len, b->cap - b->len);
    if (n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
        return true;
    if (n < 0)
        fprintf(stderr, "htp: reading input: %s\n", strerror(errno));

    pthread_mutex_lock(&q->lock);
    bool go_on = !q->closing && n > 0;
    if (!q->closing) {
        if (n > 0) {
            /* Lines typed ahead while readline had the terminal in its
             * own mode end in a carriage return. */
            if (q->interactive)
                for (ssize_t i = 0; i < n; i++)
                    if (b->data[b->len + (size_t)i] == '\r')
                        b->data[b->len + (size_t)i] = '\n';
            b->len += (size_t)n;
        }
        take_lines(q, b, n <= 0);
        if (n <= 0)
            set_eof(q);
    }
    pthread_mutex_unlock(&q->lock);
    return go_on;
}

/* For a stream without a descriptor: one getline.  Returns false when the
 * reader must stop. */
static bool
read_stream(htp_input_t *q, reader_buf_t *b)
{
    ssize_t n = getline(&b->data, &b->cap, q->in);
    pthread_mutex_lock(&q->lock);
    bool go_on = !q->closing && n >= 0;
    if (!q->closing) {
        if (n >= 0)
            take_line(q, b->data, (size_t)n);
        else
            set_eof(q);
    }
    pthread_mutex_unlock(&q->lock);
    return go_on;
}

#if HAVE_READLINE
/* One line from readline at a prompt.  Returns false when the reader must
 * stop. */
static bool
read_interactive(htp_input_t *q)
{
    char *line = readline(HTP_PROMPT);
    pthread_mutex_lock(&q->lock);
    q->in_readline = false;
    bool go_on = !q->closing && line;
    if (!q->closing && !line)
        set_eof(q);
    /* A pasted block can arrive as one line holding newlines. */
    for (const char *p = line; go_on && p;) {
        const char *nl = strchr(p, '\n');
        take_line(q, p, nl ? (size_t)(nl - p) : strlen(p));
        p = nl ? nl + 1 : NULL;
    }
    pthread_mutex_unlock(&q->lock);
    if (go_on && has_word(line))
        add_history(line);
    if (!line)
        fputc('\n', stderr);    /* after "^D", so the shell's prompt is clean */
    free(line);
    return go_on;
}

static void
readline_setup(htp_input_t *q)
{
    /* Only this thread uses readline while htp_serve runs.  The signals
     * are ours (sigwait), and readline must not touch the environment
     * from this thread while others may read it. */
    rl_readline_name = "hein";
    rl_instream = q->in;
    rl_outstream = stderr;      /* stdout carries replies only */
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    /* Pasted commands must run one by one, not arrive as one line. */
    rl_variable_bind("enable-bracketed-paste", "off");
#if defined(RL_READLINE_VERSION) && RL_READLINE_VERSION >= 0x0603
    rl_change_environment = 0;
#endif
}
#endif /* HAVE_READLINE */

static void *
reader_main(void *arg)
{
    htp_input_t *q = arg;
    reader_buf_t b = { NULL, 0, 0, false };

#if HAVE_READLINE
    if (q->interactive)
        readline_setup(q);
#endif
    for (bool go_on = true; go_on;) {
        pthread_mutex_lock(&q->lock);
        if (q->closing) {
            pthread_mutex_unlock(&q->lock);
            break;
        }
        /* At a terminal, prompt only when idle, so the prompt comes after
         * the last reply; while a command runs, read plain lines from the
         * terminal, so "# interrupt" still gets through. */
        bool prompt = q->interactive && !q->head && !q->running;
        q->in_readline = prompt;
        pthread_mutex_unlock(&q->lock);
#if HAVE_READLINE
        if (prompt) {
            go_on = read_interactive(q);
            continue;
        }
#endif
        go_on = q->fd >= 0 ? read_descriptor(q, &b) : read_stream(q, &b);
    }
    free(b.data);
    pthread_mutex_lock(&q->lock);
    q->reader_done = true;
    pthread_mutex_unlock(&q->lock);
    input_release(q);
    return NULL;
}

/* ---------------------------------------------------------------------- */
/* The signal thread                                                       */

static void *
signal_main(void *arg)
{
    htp_input_t *q = arg;
    sigset_t set;
    term_signals(&set);
    for (;;) {
        int sig;
        if (sigwait(&set, &sig) != 0)
            continue;
        pthread_mutex_lock(&q->lock);
        if (q->closing) {       /* htp_serve's wake-up call */
            pthread_mutex_unlock(&q->lock);
            return NULL;
        }
        if (q->signo) {
            pthread_mutex_unlock(&q->lock);
            fprintf(stderr, "htp: signal %d again: exiting now\n", sig);
            _exit(128 + sig);
        }
        q->signo = sig;
        atomic_store_explicit(&q->h->interrupted, UINT64_MAX, memory_order_relaxed);
        atomic_store_explicit(&q->idle_halt, true, memory_order_relaxed);
        pthread_cond_broadcast(&q->cond);
        pthread_mutex_unlock(&q->lock);
        fprintf(stderr, "htp: signal %d: stopping\n", sig);
    }
}

/* ---------------------------------------------------------------------- */
/* Serving                                                                 */

/* Runs queued commands until quit, end of input, a signal or a write
 * error.  Called and returns with q->lock held. */
static void
serve_loop(htp_t *h, htp_input_t *q)
{
    for (;;) {
        if (h->idle && q->idle_due && !q->head && !q->eof && !q->signo
            && !atomic_load(&h->out_failed)) {
            /* Nothing to do: the idle work runs until a line arrives. */
            q->idle_due = false;
            atomic_store_explicit(&q->idle_halt, false, memory_order_relaxed);
            pthread_mutex_unlock(&q->lock);
            stop_t stop = stop_with_halt(NULL, &q->idle_halt);
            h->idle(h->idle_ctx, &stop);
            pthread_mutex_lock(&q->lock);
        }
        while (!q->head && !q->eof && !q->signo && !atomic_load(&h->out_failed))
            pthread_cond_wait(&q->cond, &q->lock);
        if (q->signo || atomic_load(&h->out_failed) || !q->head)
            return;
        htp_line_t *l = q->head;
        q->head = l->next;
        if (!q->head)
            q->tail = NULL;
        q->running = l->seq;
        pthread_mutex_unlock(&q->lock);

        htp_status_t status = l->too_long
            ? fail_now(h, h->out, -1, "line too long")
            : run_line(h, l->text, l->seq, h->out);
        free(l);

        pthread_mutex_lock(&q->lock);
        q->running = 0;
        q->idle_due = true;
        if (status == HTP_QUIT)
            return;
        if (q->interactive && !q->head)
            input_wake(q);      /* idle: time for a prompt */
    }
}

int
htp_serve(htp_t *h)
{
    sigset_t term, old_mask;
    term_signals(&term);
    /* Blocked before any thread starts, so that all of them inherit it
     * and only the signal thread's sigwait takes these signals. */
    pthread_sigmask(SIG_BLOCK, &term, &old_mask);

    htp_input_t *q = input_new(h);
    if (!q) {
        pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
        fprintf(stderr, "htp: out of memory\n");
        return 1;
    }
    struct termios saved_tty;
    bool tty_saved = q->interactive && tcgetattr(q->fd, &saved_tty) == 0;

    pthread_t signal_thread, reader;
    bool have_signal_thread = pthread_create(&signal_thread, NULL, signal_main, q) == 0;
    if (!have_signal_thread)
        fprintf(stderr, "htp: cannot start the signal thread\n");
    bool have_reader = false;
    if (h->in) {
        pthread_mutex_lock(&q->lock);
        q->refs++;              /* the reader's */
        pthread_mutex_unlock(&q->lock);
        have_reader = pthread_create(&reader, NULL, reader_main, q) == 0;
        if (!have_reader) {
            input_release(q);
            fprintf(stderr, "htp: cannot start the input thread\n");
        }
    }

    pthread_mutex_lock(&q->lock);
    if (!have_reader)
        q->eof = true;
    serve_loop(h, q);
    q->closing = true;
    while (q->head) {           /* commands after quit or a signal */
        htp_line_t *l = q->head;
        q->head = l->next;
        free(l);
    }
    q->tail = NULL;
    int signo = q->signo;
    /* Where the reader cannot be woken, leave it (see the top of file). */
    bool leave_reader = have_reader && !q->reader_done
        && (q->in_readline || q->fd < 0);
    bool restore_tty = leave_reader && q->in_readline && tty_saved;
    pthread_mutex_unlock(&q->lock);

    if (have_signal_thread) {
        pthread_kill(signal_thread, SIGHUP);    /* sigwait sees closing */
        pthread_join(signal_thread, NULL);
    }
    if (have_reader) {
        if (leave_reader) {
            if (restore_tty) {
                /* readline left the terminal in its own mode */
                tcsetattr(q->fd, TCSANOW, &saved_tty);
                fputc('\n', stderr);
            }
            pthread_detach(reader);
        } else {
            input_wake(q);
            pthread_join(reader, NULL);
        }
    }
    pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
    input_release(q);

    if (signo)
        return 128 + signo;
    return atomic_load(&h->out_failed) ? 1 : 0;
}

/* ---------------------------------------------------------------------- */
/* Creation                                                                */

htp_t *
htp_new(FILE *in, FILE *out, const htp_command_t *table, void *ctx)
{
    htp_t *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    if (pthread_mutex_init(&h->out_lock, NULL) != 0) {
        free(h);
        return NULL;
    }
    h->in = in;
    h->out = out;
    h->table = table;
    h->ctx = ctx;
    atomic_init(&h->interrupted, 0);
    atomic_init(&h->next_seq, 0);
    atomic_init(&h->out_failed, false);
    atomic_init(&h->gfx_drawn, false);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
    return h;
}

void
htp_free(htp_t *h)
{
    if (!h)
        return;
    pthread_mutex_destroy(&h->out_lock);
    free(h);
}

void
htp_set_idle(htp_t *h, htp_idle_t idle, void *ctx)
{
    h->idle = idle;
    h->idle_ctx = ctx;
}

const htp_command_t *
htp_table(const htp_t *h)
{
    return h->table;
}

const htp_command_t *
htp_lookup(const htp_t *h, const char *name)
{
    if (!h->table)
        return NULL;
    for (const htp_command_t *c = h->table; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c;
    return NULL;
}
