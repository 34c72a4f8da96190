/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-solve's job and its checkpoint file (solve_job.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/lib/util.h"
#include "tools/solve/solve_job.h"

#include "board/bytes.h"
#include "board/wholefile.h"
#include "engine/engine.h"

#define CKPT_MAGIC "hein-solve checkpoint"

bool
solve_job_init(solve_job_t *job, int width, int height, char *why, size_t whylen)
{
    memset(job, 0, sizeof *job);
    job->threads = 1;
    if (width < 1 || width > HEX_MAX_SIZE || height < 1 || height > HEX_MAX_SIZE) {
        snprintf(why, whylen, "no board of %d x %d (1 to %d a side)", width, height,
                 HEX_MAX_SIZE);
        return false;
    }
    job->geo = geometry_new(width, height);
    if (!job->geo) {
        snprintf(why, whylen, "out of memory");
        return false;
    }
    job->to_move = HEX_BLACK;
    job->stones[0] = job->stones[1] = bitset_empty();
    job->symmetric = true;
    return true;
}

void
solve_job_free(solve_job_t *job)
{
    if (job->geo)
        geometry_unref(job->geo);
    free(job->items);
    memset(job, 0, sizeof *job);
}

/* Whether the stones and the side to move are their own half-turn
 * image. */
static bool
base_symmetric(const solve_job_t *job)
{
    for (int c = 0; c < 2; c++) {
        const bitset_t *set = &job->stones[c];
        for (int cell = bitset_first(set); cell >= 0; cell = bitset_next(set, cell))
            if (!bitset_test(&job->stones[c], geometry_half_turn(job->geo, cell)))
                return false;
    }
    return true;
}

void
solve_job_set_base(solve_job_t *job, const position_t *pos, hex_color_t to_move)
{
    job->stones[0] = pos->stones[0];
    job->stones[1] = pos->stones[1];
    job->to_move = to_move;
    job->symmetric = base_symmetric(job);
}

void
solve_job_base(const solve_job_t *job, position_t *pos)
{
    position_init(pos, job->geo);
    for (int c = 0; c < 2; c++) {
        const bitset_t *set = &job->stones[c];
        for (int cell = bitset_first(set); cell >= 0; cell = bitset_next(set, cell))
            position_play(pos, c == 0 ? HEX_BLACK : HEX_WHITE, cell);
    }
    position_set_to_move(pos, job->to_move);
}

void
solve_job_position(const solve_job_t *job, int i, position_t *pos, hex_color_t *to_move)
{
    solve_job_base(job, pos);
    *to_move = job->to_move;
    if (job->items[i].move != MOVE_NONE) {
        position_play(pos, job->to_move, job->items[i].move);
        *to_move = hex_color_other(job->to_move);
        position_set_to_move(pos, *to_move);
    }
}

static solve_item_t *
add_item(solve_job_t *job, int move, int twin)
{
    job->items = util_xrealloc(job->items, (size_t)(job->nitems + 1) * sizeof *job->items);
    solve_item_t *it = &job->items[job->nitems++];
    memset(it, 0, sizeof *it);
    it->move = move;
    it->twin = twin;
    it->state = SOLVE_OPEN;
    it->winner = HEX_EMPTY;
    it->reply = MOVE_NONE;
    return it;
}

void
solve_job_add_base(solve_job_t *job)
{
    add_item(job, MOVE_NONE, MOVE_NONE);
}

static bool
cell_empty(const solve_job_t *job, int move)
{
    return geometry_is_cell(job->geo, move) && !bitset_test(&job->stones[0], move)
        && !bitset_test(&job->stones[1], move);
}

bool
solve_job_add_opening(solve_job_t *job, int move, char *why, size_t whylen)
{
    char name[MOVE_NAME_MAX];
    if (!cell_empty(job, move)) {
        snprintf(why, whylen, "%s is not an empty cell", move < 0 ? "that move"
                 : geometry_move_name(job->geo, move, name));
        return false;
    }
    job->openings = true;
    int image = job->symmetric ? geometry_half_turn(job->geo, move) : MOVE_NONE;
    for (int i = 0; i < job->nitems; i++) {
        solve_item_t *it = &job->items[i];
        if (it->move == move || it->twin == move)
            return true;
        if (image != MOVE_NONE && it->move == image && it->twin == MOVE_NONE) {
            it->twin = move;            /* its image: one problem */
            return true;
        }
    }
    add_item(job, move, MOVE_NONE);
    return true;
}

void
solve_job_add_all_openings(solve_job_t *job)
{
    char why[64];
    const bitset_t *set = &job->geo->cells;
    for (int cell = bitset_first(set); cell >= 0; cell = bitset_next(set, cell))
        if (cell_empty(job, cell))
            solve_job_add_opening(job, cell, why, sizeof why);
}

bool
solve_job_read_openings(solve_job_t *job, const char *path, char *why, size_t whylen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, whylen, "cannot read '%s': %s", path, strerror(errno));
        return false;
    }
    char line[256], inner[128];
    int lineno = 0, before = job->nitems;
    bool ok = true, any = false;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char *s = util_trim(line);
        if (!*s)
            continue;
        int move;
        if (geometry_parse_move(job->geo, s, &move) != MOVE_PARSE_OK || move < 0) {
            char shown[40];
            util_one_line(s, shown, sizeof shown);
            snprintf(why, whylen, "%s:%d: '%s' is not a cell of the %dx%d board", path,
                     lineno, shown, job->geo->width, job->geo->height);
            ok = false;
        } else if (!solve_job_add_opening(job, move, inner, sizeof inner)) {
            snprintf(why, whylen, "%s:%d: %s", path, lineno, inner);
            ok = false;
        }
        any = true;
    }
    if (ok && ferror(f)) {
        snprintf(why, whylen, "cannot read '%s': %s", path, strerror(errno));
        ok = false;
    }
    fclose(f);
    if (ok && !any) {
        snprintf(why, whylen, "%s: no opening listed", path);
        ok = false;
    }
    if (!ok)
        job->nitems = before;
    return ok;
}

int
solve_job_count(const solve_job_t *job, solve_state_t state)
{
    int n = 0;
    for (int i = 0; i < job->nitems; i++)
        n += job->items[i].state == state;
    return n;
}

/* ---- the checkpoint file --------------------------------------------- */

static const char *const state_names[] = { "open", "solved", "timeout" };

static const char *
move_text(const geometry_t *geo, int move, char *buf)
{
    if (move == MOVE_NONE)
        return "-";
    return geometry_move_name(geo, move, buf);
}

static const char *
color_text(hex_color_t c)
{
    return c == HEX_EMPTY ? "-" : hex_color_name(c);
}

/* The text part of the checkpoint, up to its sum line included. */
static void
ckpt_text(const solve_job_t *job, strbuf_t *out)
{
    char a[MOVE_NAME_MAX], b[MOVE_NAME_MAX], c[MOVE_NAME_MAX];
    util_buf_addf(out, "%s %d\n", CKPT_MAGIC, SOLVE_CKPT_VERSION);
    util_buf_addf(out, "board %d %d\n", job->geo->width, job->geo->height);
    util_buf_addf(out, "to-move %s\n", hex_color_name(job->to_move));
    for (int col = 0; col < 2; col++) {
        const bitset_t *set = &job->stones[col];
        util_buf_add(out, col == 0 ? "black" : "white");
        for (int cell = bitset_first(set); cell >= 0; cell = bitset_next(set, cell))
            util_buf_addf(out, " %s", geometry_move_name(job->geo, cell, a));
        util_buf_addc(out, '\n');
    }
    util_buf_addf(out, "openings %d\n", job->openings ? 1 : 0);
    util_buf_addf(out, "settings %.17g %.17g %d %d\n", job->time, job->every, job->tt_mb,
                  job->threads);
    util_buf_addf(out, "items %d\n", job->nitems);
    for (int i = 0; i < job->nitems; i++) {
        const solve_item_t *it = &job->items[i];
        util_buf_addf(out, "item %s %s %s %s %s %.17g %" PRIu64 " %" PRIu64 "\n",
                      move_text(job->geo, it->move, a), move_text(job->geo, it->twin, b),
                      state_names[it->state], color_text(it->winner),
                      move_text(job->geo, it->reply, c), it->seconds, it->expansions,
                      it->work);
    }
    uint64_t sum = bytes_fnv1a(BYTES_FNV_OFFSET, strbuf_str(out), out->len);
    util_buf_addf(out, "sum %016" PRIx64 "\ntable\n", sum);
}

typedef struct ckpt_fill {
    const strbuf_t *text;
    const tt_t *tt;
} ckpt_fill_t;

/* The checkpoint's text, then the table. */
static bool
fill_ckpt(FILE *f, void *arg, char *why, size_t whylen)
{
    const ckpt_fill_t *c = arg;
    if (fwrite(strbuf_str(c->text), 1, c->text->len, f) != c->text->len) {
        snprintf(why, whylen, "%s", strerror(errno));
        return false;
    }
    return tt_write(c->tt, f, why, whylen);
}

bool
solve_ckpt_save(const solve_job_t *job, const tt_t *tt, const char *path, char *why,
                size_t whylen)
{
    strbuf_t text = { 0 };
    char inner[256] = "";
    ckpt_text(job, &text);
    ckpt_fill_t c = { &text, tt };
    bool ok = wholefile_write(path, fill_ckpt, &c, inner, sizeof inner);
    if (!ok)
        snprintf(why, whylen, "cannot write the checkpoint '%s': %s", path, inner);
    strbuf_free(&text);
    return ok;
}

/* ---- reading it back ------------------------------------------------- */

typedef struct reader {
    FILE *f;
    uint64_t sum;               /* of the lines read so far */
    int lineno;
    char line[8192];
    char *word[8];              /* the line's words after its keyword */
    int nwords;
} reader_t;

/* The next line, which must start with `key` and have nwords words after
 * it (-1: any number, kept in line); false with why otherwise. */
static bool
next_line(reader_t *r, const char *key, int nwords, char *why, size_t whylen)
{
    if (!fgets(r->line, sizeof r->line, r->f)) {
        snprintf(why, whylen, "cut short before line %d ('%s')", r->lineno + 1, key);
        return false;
    }
    r->lineno++;
    size_t n = strlen(r->line);
    if (n == 0 || r->line[n - 1] != '\n') {
        snprintf(why, whylen, "line %d is too long or cut short", r->lineno);
        return false;
    }
    if (strcmp(key, "sum") != 0)
        r->sum = bytes_fnv1a(r->sum, r->line, n);
    r->line[n - 1] = '\0';
    size_t k = strlen(key);
    if (strncmp(r->line, key, k) != 0 || (r->line[k] != ' ' && r->line[k] != '\0')) {
        snprintf(why, whylen, "line %d: '%s' expected", r->lineno, key);
        return false;
    }
    if (nwords < 0)
        return true;
    r->nwords = 0;
    char *save = NULL;
    for (char *w = strtok_r(r->line + k, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (r->nwords == 8) {
            r->nwords++;
            break;
        }
        r->word[r->nwords++] = w;
    }
    if (r->nwords != nwords) {
        snprintf(why, whylen, "line %d: '%s' takes %d values", r->lineno, key, nwords);
        return false;
    }
    return true;
}

static bool
parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end || errno || *s == '-')
        return false;
    *out = v;
    return true;
}

static bool
parse_double(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= 0) || v > 1e15)
        return false;
    *out = v;
    return true;
}

static bool
parse_color(const char *s, hex_color_t *c, bool empty_ok)
{
    if (empty_ok && strcmp(s, "-") == 0) {
        *c = HEX_EMPTY;
        return true;
    }
    return hex_color_parse(s, c);
}

/* A cell of the board, or "-" (MOVE_NONE). */
static bool
parse_cell(const geometry_t *geo, const char *s, int *move)
{
    if (strcmp(s, "-") == 0) {
        *move = MOVE_NONE;
        return true;
    }
    return geometry_parse_move(geo, s, move) == MOVE_PARSE_OK && *move >= 0;
}

static bool
parse_state(const char *s, solve_state_t *st)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(s, state_names[i]) == 0) {
            *st = (solve_state_t)i;
            return true;
        }
    return false;
}

/* The text part into job; false with why. */
static bool
read_text(reader_t *r, solve_job_t *job, char *why, size_t whylen)
{
    char head[64];
    if (!fgets(head, sizeof head, r->f) || strncmp(head, CKPT_MAGIC " ", strlen(CKPT_MAGIC) + 1)) {
        snprintf(why, whylen, "not a hein-solve checkpoint");
        return false;
    }
    r->lineno = 1;
    r->sum = bytes_fnv1a(r->sum, head, strlen(head));
    int version = atoi(head + strlen(CKPT_MAGIC) + 1);
    if (version != SOLVE_CKPT_VERSION && version != 1) {
        snprintf(why, whylen, "a checkpoint of format version %d; this program reads "
                 "versions 1 to %d", version, SOLVE_CKPT_VERSION);
        return false;
    }
    uint64_t w, h, v;
    if (!next_line(r, "board", 2, why, whylen))
        return false;
    if (!parse_u64(r->word[0], &w) || !parse_u64(r->word[1], &h) || w > HEX_MAX_SIZE
        || h > HEX_MAX_SIZE || !solve_job_init(job, (int)w, (int)h, why, whylen)) {
        snprintf(why, whylen, "line %d: not a board size", r->lineno);
        return false;
    }
    if (!next_line(r, "to-move", 1, why, whylen))
        return false;
    if (!parse_color(r->word[0], &job->to_move, false)) {
        snprintf(why, whylen, "line %d: not a colour", r->lineno);
        return false;
    }
    for (int col = 0; col < 2; col++) {
        if (!next_line(r, col == 0 ? "black" : "white", -1, why, whylen))
            return false;
        char *save = NULL;
        for (char *s = strtok_r(r->line + 5, " ", &save); s; s = strtok_r(NULL, " ", &save)) {
            int cell;
            if (!parse_cell(job->geo, s, &cell) || cell < 0 || bitset_test(&job->stones[0], cell)
                || bitset_test(&job->stones[1], cell)) {
                snprintf(why, whylen, "line %d: '%s' is not a free cell", r->lineno, s);
                return false;
            }
            bitset_set(&job->stones[col], cell);
        }
    }
    job->symmetric = base_symmetric(job);
    if (!next_line(r, "openings", 1, why, whylen))
        return false;
    if (!parse_u64(r->word[0], &v) || v > 1) {
        snprintf(why, whylen, "line %d: 0 or 1 expected", r->lineno);
        return false;
    }
    job->openings = v == 1;
    if (!next_line(r, "settings", version == 1 ? 3 : 4, why, whylen))
        return false;
    uint64_t threads = 1;
    if (!parse_double(r->word[0], &job->time) || !parse_double(r->word[1], &job->every)
        || !parse_u64(r->word[2], &v) || v < 1 || v > (1u << 20)
        || (version > 1 && (!parse_u64(r->word[3], &threads) || threads < 1
                            || threads > ENGINE_MAX_THREADS))) {
        snprintf(why, whylen, "line %d: bad settings", r->lineno);
        return false;
    }
    job->tt_mb = (int)v;
    job->threads = (int)threads;
    if (!next_line(r, "items", 1, why, whylen))
        return false;
    if (!parse_u64(r->word[0], &v) || v < 1 || v > HEX_MAX_CELLS) {
        snprintf(why, whylen, "line %d: bad item count", r->lineno);
        return false;
    }
    for (uint64_t i = 0; i < v; i++) {
        if (!next_line(r, "item", 8, why, whylen))
            return false;
        solve_item_t *it = add_item(job, MOVE_NONE, MOVE_NONE);
        if (!parse_cell(job->geo, r->word[0], &it->move)
            || !parse_cell(job->geo, r->word[1], &it->twin)
            || !parse_state(r->word[2], &it->state)
            || !parse_color(r->word[3], &it->winner, true)
            || !parse_cell(job->geo, r->word[4], &it->reply)
            || !parse_double(r->word[5], &it->seconds)
            || !parse_u64(r->word[6], &it->expansions) || !parse_u64(r->word[7], &it->work)
            || (it->move == MOVE_NONE) == job->openings
            || (it->move != MOVE_NONE && !cell_empty(job, it->move))
            || (it->state == SOLVE_SOLVED) != (it->winner != HEX_EMPTY)) {
            snprintf(why, whylen, "line %d: bad item", r->lineno);
            return false;
        }
    }
    uint64_t sum = r->sum;
    if (!next_line(r, "sum", 1, why, whylen))
        return false;
    char hex[32];
    snprintf(hex, sizeof hex, "%016" PRIx64, sum);
    if (strcmp(hex, r->word[0]) != 0) {
        snprintf(why, whylen, "damaged: the sum of its text does not match");
        return false;
    }
    return next_line(r, "table", 0, why, whylen);
}

bool
solve_ckpt_load(solve_job_t *job, const char *path,
                tt_t *(*make_table)(void *arg, const solve_job_t *job), void *arg,
                uint64_t *entries, char *why, size_t whylen)
{
    memset(job, 0, sizeof *job);
    reader_t *r = util_xmalloc(sizeof *r);
    memset(r, 0, sizeof *r);
    r->sum = BYTES_FNV_OFFSET;
    r->f = fopen(path, "rb");
    char inner[256];
    bool ok = r->f != NULL;
    if (!ok)
        snprintf(inner, sizeof inner, "%s", strerror(errno));
    if (ok)
        ok = read_text(r, job, inner, sizeof inner);
    tt_t *tt = NULL;
    if (ok) {
        tt = make_table(arg, job);
        if (!tt) {
            snprintf(inner, sizeof inner, "out of memory for its table");
            ok = false;
        }
    }
    if (ok)
        ok = tt_read(tt, r->f, entries, inner, sizeof inner);
    if (ok && fgetc(r->f) != EOF) {
        snprintf(inner, sizeof inner, "bytes follow its table");
        tt_clear(tt);
        ok = false;
    }
    if (r->f)
        fclose(r->f);
    free(r);
    if (!ok) {
        snprintf(why, whylen, "cannot resume from '%s': %s", path, inner);
        solve_job_free(job);
    }
    return ok;
}
