/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/strbuf.h"
#include "engine/sgf.h"

/* Limits against hostile input.  Parsing is iterative, so nesting costs
 * no stack; the depth limit only bounds what a file may ask for. */
#define SGF_MAX_TEXT ((size_t)16 << 20)        /* whole input */
#define SGF_MAX_VALUE ((size_t)1 << 20)        /* one property value */
#define SGF_MAX_DEPTH 10000                    /* nested game trees */
#define SGF_MAX_WORK 10000000L                 /* set-up cells + replays
                                                 * after AE */
#define SGF_MAX_NAME 8                         /* capitals kept of a name */
#define SGF_MAX_TIME 1e9                       /* seconds in BL[]/WL[] */

/* The properties read; everything else is parsed and ignored. */
typedef enum prop_id {
    PROP_OTHER = 0,
    PROP_GM, PROP_SZ, PROP_PB, PROP_PW, PROP_RE, PROP_C,
    PROP_AB, PROP_AW, PROP_AE, PROP_PL, PROP_B, PROP_W, PROP_BL, PROP_WL
} prop_id_t;

static const struct {
    const char *name;
    prop_id_t id;
} prop_table[] = {
    { "GM", PROP_GM }, { "SZ", PROP_SZ }, { "PB", PROP_PB },
    { "PW", PROP_PW }, { "RE", PROP_RE }, { "C", PROP_C },
    { "AB", PROP_AB }, { "AW", PROP_AW }, { "AE", PROP_AE },
    { "PL", PROP_PL }, { "B", PROP_B }, { "W", PROP_W },
    { "BL", PROP_BL }, { "WL", PROP_WL },
};

/* One property value of the node being read: its text lies in the node
 * buffer at `off` (NUL-terminated, `len` bytes before any inner NUL). */
typedef struct sgf_value {
    prop_id_t prop;
    int line;                   /* where the value starts */
    size_t off, len;
    bool nul;                   /* the text held a NUL byte */
} sgf_value_t;

typedef struct reader {
    const char *s;
    size_t len, pos;
    int line;
    char *err;
    size_t errlen;
    bool failed;

    /* The current node's values (main line only). */
    sgf_value_t *vals;
    size_t nvals, capvals;
    char *buf;
    size_t buflen, bufcap;

    game_t *game;               /* the scratch game, once the root is read */
    int max_moves;
    int nmoves;                 /* B/W moves applied */
    bool stopped;               /* max_moves reached */
    long work;
    char *result;               /* the last RE[] of the main line (malloc'd),
                                 * applied once it is read to its end */
} reader_t;

/* --- errors ----------------------------------------------------------- */

static void
set_error(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
set_error(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* Record the first error: "sgf: line N: ..." (line 0: no line). */
static bool
fail(reader_t *r, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool
fail(reader_t *r, int line, const char *fmt, ...)
{
    if (r->failed)
        return false;
    r->failed = true;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line > 0)
        set_error(r->err, r->errlen, "sgf: line %d: %s", line, msg);
    else
        set_error(r->err, r->errlen, "sgf: %s", msg);
    return false;
}

/* A value made printable for a one-line message: control bytes become
 * '?', long values are cut. */
static const char *
printable(const char *v, char *out, size_t size)
{
    size_t n = 0;
    for (; *v && n + 4 < size; v++)
        out[n++] = (*v >= 0x20 && *v < 0x7f) ? *v : '?';
    if (*v) {
        out[n++] = '.';
        out[n++] = '.';
        out[n++] = '.';
    }
    out[n] = '\0';
    return out;
}

static const char *
prop_name(prop_id_t p)
{
    for (size_t i = 0; i < sizeof prop_table / sizeof prop_table[0]; i++)
        if (prop_table[i].id == p)
            return prop_table[i].name;
    return "?";
}

/* "... in AB[a1:c3]" */
static bool
fail_value(reader_t *r, const sgf_value_t *v, const char *what)
{
    char shown[48];
    return fail(r, v->line, "%s in %s[%s]", what, prop_name(v->prop),
                printable(r->buf + v->off, shown, sizeof shown));
}

static bool
fail_cell(reader_t *r, const sgf_value_t *v, const char *what, int cell)
{
    char name[MOVE_NAME_MAX], shown[48];
    geometry_move_name(r->game->pos.geo, cell, name);
    return fail(r, v->line, "%s %s in %s[%s]", what, name, prop_name(v->prop),
                printable(r->buf + v->off, shown, sizeof shown));
}

static bool
fail_status(reader_t *r, const sgf_value_t *v, game_status_t s, int move)
{
    switch (s) {
    case GAME_OCCUPIED:
        return fail_cell(r, v, "occupied cell", move);
    case GAME_OFF_BOARD:
        return fail_cell(r, v, "off-board cell", move);
    case GAME_SWAP_NOT_ALLOWED:
        return fail_value(r, v, "swap only allowed as White's move 2, "
                          "after one black stone,");
    case GAME_OVER:
        return fail_value(r, v, "resignation when the game is already decided");
    case GAME_NO_MEMORY:
        return fail(r, 0, "out of memory");
    default:
        return fail_value(r, v, game_status_text(s));
    }
}

static bool
spend(reader_t *r, long units)
{
    r->work += units;
    if (r->work > SGF_MAX_WORK)
        return fail(r, r->line, "too many set-up changes");
    return true;
}

/* --- lexing ----------------------------------------------------------- */

/* ASCII classes, whatever the locale. */
static bool
is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v'
        || c == '\f';
}

static bool
is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool
at_end(const reader_t *r)
{
    return r->pos >= r->len;
}

static void
skip_space(reader_t *r)
{
    while (r->pos < r->len && is_space(r->s[r->pos])) {
        if (r->s[r->pos] == '\n')
            r->line++;
        r->pos++;
    }
}

static bool
buf_push(reader_t *r, char c)
{
    if (r->buflen == r->bufcap) {
        size_t cap = r->bufcap ? 2 * r->bufcap : 256;
        char *b = realloc(r->buf, cap);
        if (!b)
            return fail(r, 0, "out of memory");
        r->buf = b;
        r->bufcap = cap;
    }
    r->buf[r->buflen++] = c;
    return true;
}

static bool
vals_push(reader_t *r, sgf_value_t v)
{
    if (r->nvals == r->capvals) {
        size_t cap = r->capvals ? 2 * r->capvals : 16;
        sgf_value_t *a = realloc(r->vals, cap * sizeof *a);
        if (!a)
            return fail(r, 0, "out of memory");
        r->vals = a;
        r->capvals = cap;
    }
    r->vals[r->nvals++] = v;
    return true;
}

/* Read one value "[...]" (r->pos at '['), resolving escapes and removing
 * soft line breaks; kept in the node buffer when `keep`. */
static bool
read_value(reader_t *r, prop_id_t prop, bool keep)
{
    int start_line = r->line;
    size_t off = r->buflen, len = 0;
    r->pos++;
    for (;;) {
        if (at_end(r))
            return fail(r, start_line, "unterminated property value");
        char c = r->s[r->pos++];
        if (c == ']')
            break;
        if (c == '\\') {
            if (at_end(r))
                return fail(r, start_line, "unterminated property value");
            c = r->s[r->pos++];
            if (c == '\n' || c == '\r') {
                /* A soft line break: "\\\n", "\\\r\n", "\\\n\r", "\\\r". */
                if (c == '\n')
                    r->line++;
                if (!at_end(r)) {
                    char d = r->s[r->pos];
                    if ((d == '\n' || d == '\r') && d != c) {
                        if (d == '\n')
                            r->line++;
                        r->pos++;
                    }
                }
                continue;
            }
        } else if (c == '\n') {
            r->line++;
        }
        if (++len > SGF_MAX_VALUE)
            return fail(r, start_line, "property value longer than %zu bytes",
                        SGF_MAX_VALUE);
        if (keep && !buf_push(r, c))
            return false;
    }
    if (!keep)
        return true;
    if (!buf_push(r, '\0'))
        return false;
    size_t n = strlen(r->buf + off);
    sgf_value_t v = { prop, start_line, off, n, n != len };
    return vals_push(r, v);
}

static prop_id_t
lookup_prop(const char *name)
{
    for (size_t i = 0; i < sizeof prop_table / sizeof prop_table[0]; i++)
        if (strcmp(prop_table[i].name, name) == 0)
            return prop_table[i].id;
    return PROP_OTHER;
}

/* Read the properties of one node (r->pos after ';').  Lower-case letters
 * in a name are dropped, as FF[3] readers do ("AddBlack" is AB).  Values
 * are kept only when `keep`. */
static bool
read_node(reader_t *r, bool keep)
{
    r->nvals = 0;
    r->buflen = 0;
    for (;;) {
        skip_space(r);
        if (at_end(r))
            return true;                /* the caller reports the end */
        char c = r->s[r->pos];
        if (!is_letter(c))
            return true;
        int line = r->line;
        char name[SGF_MAX_NAME + 1];
        int n = 0;
        bool long_name = false;
        while (!at_end(r) && is_letter(r->s[r->pos])) {
            c = r->s[r->pos++];
            if (c >= 'A' && c <= 'Z') {
                if (n < SGF_MAX_NAME)
                    name[n++] = c;
                else
                    long_name = true;
            }
        }
        name[n] = '\0';
        if (n == 0)
            return fail(r, line, "property name without a capital letter");
        skip_space(r);
        if (at_end(r))
            return fail(r, 0, "unexpected end of file");
        if (r->s[r->pos] != '[')
            return fail(r, line, "property %s%s without a value", name,
                        long_name ? "..." : "");
        prop_id_t id = long_name ? PROP_OTHER : lookup_prop(name);
        bool keep_it = keep && id != PROP_OTHER;
        do {
            if (!read_value(r, id, keep_it))
                return false;
            skip_space(r);
        } while (!at_end(r) && r->s[r->pos] == '[');
    }
}

/* --- applying a node --------------------------------------------------- */

/* A value without the blanks around it, in place. */
static char *
trimmed(reader_t *r, const sgf_value_t *v)
{
    char *s = r->buf + v->off;
    char *e = s + v->len;
    while (s < e && is_space(*s))
        s++;
    while (e > s && is_space(e[-1]))
        e--;
    *e = '\0';
    return s;
}

static bool
parse_size(const char *s, int *w, int *h)
{
    char a[8], b[8];
    const char *colon = strchr(s, ':');
    if (!colon)
        return geometry_parse_size(s, w) && (*h = *w, true);
    size_t la = (size_t)(colon - s), lb = strlen(colon + 1);
    if (la >= sizeof a || lb >= sizeof b)
        return false;
    memcpy(a, s, la);
    a[la] = '\0';
    memcpy(b, colon + 1, lb + 1);
    return geometry_parse_size(a, w) && geometry_parse_size(b, h);
}

/* Parse one corner of a set-up value (a cell, nothing else). */
static bool
parse_cell(reader_t *r, const sgf_value_t *v, const char *s, int *cell)
{
    int m;
    move_parse_t p = geometry_parse_move(r->game->pos.geo, s, &m);
    if (p == MOVE_PARSE_OFF_BOARD) {
        char name[24], shown[48];
        return fail(r, v->line, "off-board cell %s in %s[%s]",
                    printable(s, name, sizeof name), prop_name(v->prop),
                    printable(r->buf + v->off, shown, sizeof shown));
    }
    if (p != MOVE_PARSE_OK || m < 0)
        return fail_value(r, v, "bad cell");
    *cell = m;
    return true;
}

/* The cells of a set-up value: "e4" or a rectangle "a1:c3", row by row. */
static bool
value_cells(reader_t *r, const sgf_value_t *v, int cells[HEX_MAX_CELLS],
            int *ncells)
{
    char text[32];
    char *s = trimmed(r, v);
    if (strlen(s) >= sizeof text)
        return fail_value(r, v, "bad cell");
    strcpy(text, s);
    const geometry_t *geo = r->game->pos.geo;
    char *colon = strchr(text, ':');
    int a = 0, b = 0;
    if (!colon) {
        if (!parse_cell(r, v, text, &a))
            return false;
        cells[0] = a;
        *ncells = 1;
        return true;
    }
    *colon = '\0';
    if (!parse_cell(r, v, text, &a) || !parse_cell(r, v, colon + 1, &b))
        return false;
    int c0 = geometry_col(geo, a), c1 = geometry_col(geo, b);
    int r0 = geometry_row(geo, a), r1 = geometry_row(geo, b);
    if (c0 > c1) {
        int t = c0; c0 = c1; c1 = t;
    }
    if (r0 > r1) {
        int t = r0; r0 = r1; r1 = t;
    }
    int n = 0;
    for (int row = r0; row <= r1; row++)
        for (int col = c0; col <= c1; col++)
            cells[n++] = geometry_cell(geo, col, row);
    *ncells = n;
    return true;
}

/* Remove the stone on `cell` from the record: undo back to it and replay
 * what followed, keeping every later entry's side to move. */
static bool
remove_stone(reader_t *r, const sgf_value_t *v, int cell)
{
    game_t *g = r->game;
    int i = g->nentries - 1;
    while (i >= 0 && g->entries[i].move != cell)
        i--;
    if (i < 0)
        return fail_cell(r, v, "cannot find the stone on", cell);
    int nlater = g->nentries - 1 - i;
    if (!spend(r, 2L * (nlater + 1)))
        return false;
    game_entry_t later[GAME_MAX_ENTRIES];
    memcpy(later, &g->entries[i + 1], (size_t)nlater * sizeof later[0]);
    for (int k = 0; k <= nlater; k++)
        if (game_undo(g) != GAME_OK)
            return fail_cell(r, v, "cannot remove", cell);
    for (int k = 0; k < nlater; k++) {
        const game_entry_t *e = &later[k];
        game_status_t s = game_play(g, e->color, e->move, e->setup, e->seconds);
        if (s != GAME_OK)
            return fail_cell(r, v, "cannot remove (a later move depends on it)",
                             cell);
        game_set_time_left(g, e->time_left);
        if (game_to_move(g) != e->to_move)
            game_set_to_move(g, e->to_move);
    }
    return true;
}

static bool
apply_setup(reader_t *r, prop_id_t prop)
{
    int cells[HEX_MAX_CELLS];
    for (size_t i = 0; i < r->nvals; i++) {
        const sgf_value_t *v = &r->vals[i];
        if (v->prop != prop)
            continue;
        int n = 0;
        if (!value_cells(r, v, cells, &n) || !spend(r, n))
            return false;
        for (int k = 0; k < n; k++) {
            if (prop == PROP_AE) {
                if (position_color_at(&r->game->pos, cells[k]) == HEX_EMPTY)
                    continue;
                if (!remove_stone(r, v, cells[k]))
                    return false;
            } else {
                hex_color_t c = prop == PROP_AB ? HEX_BLACK : HEX_WHITE;
                game_status_t s = game_play(r->game, c, cells[k], true, -1.0);
                if (s != GAME_OK)
                    return fail_status(r, v, s, cells[k]);
            }
        }
    }
    return true;
}

static const sgf_value_t *
last_value(const reader_t *r, prop_id_t prop)
{
    const sgf_value_t *found = NULL;
    for (size_t i = 0; i < r->nvals; i++)
        if (r->vals[i].prop == prop)
            found = &r->vals[i];
    return found;
}

static bool
set_info(reader_t *r, prop_id_t prop, char **field)
{
    const sgf_value_t *v = last_value(r, prop);
    if (v && !game_set_info(field, r->buf + v->off))
        return fail(r, 0, "out of memory");
    return true;
}

/* The root node: the game, the size and the scratch game. */
static bool
apply_root(reader_t *r)
{
    int w = 11, h = 11;
    for (size_t i = 0; i < r->nvals; i++) {
        const sgf_value_t *v = &r->vals[i];
        if (v->prop == PROP_GM) {
            char shown[48];
            const char *s = trimmed(r, v);
            if (strcmp(s, "11") != 0)
                return fail(r, v->line, "not a Hex game (GM[%s])",
                            printable(s, shown, sizeof shown));
        }
    }
    const sgf_value_t *sz = last_value(r, PROP_SZ);
    if (sz && !parse_size(trimmed(r, sz), &w, &h))
        return fail_value(r, sz, "bad board size (1 to 19, or W:H)");
    game_t *g = malloc(sizeof *g);
    if (!g)
        return fail(r, 0, "out of memory");
    game_status_t s = game_init(g, w, h);
    if (s != GAME_OK) {
        free(g);
        if (s == GAME_BAD_SIZE && sz)
            return fail_value(r, sz, "bad board size (1 to 19, or W:H)");
        return fail(r, 0, "%s", game_status_text(s));
    }
    r->game = g;
    return set_info(r, PROP_C, &g->info.comment);
}

/* BL[]/WL[] of the mover on a move node: the seconds left on its clock
 * after the move (a negative time reads as 0). */
static bool
apply_time_left(reader_t *r, prop_id_t prop)
{
    const sgf_value_t *v = last_value(r, prop);
    if (!v)
        return true;
    const char *s = trimmed(r, v);
    char *end;
    errno = 0;
    double t = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !(t <= SGF_MAX_TIME)
        || !(t >= -SGF_MAX_TIME))
        return fail_value(r, v, "bad time");
    game_set_time_left(r->game, t < 0 ? 0.0 : t);
    return true;
}

static bool
apply_node(reader_t *r, bool root)
{
    const sgf_value_t *move = NULL;
    for (size_t i = 0; i < r->nvals; i++) {
        const sgf_value_t *v = &r->vals[i];
        if (v->nul && v->prop != PROP_PB && v->prop != PROP_PW
            && v->prop != PROP_RE && v->prop != PROP_C)
            return fail_value(r, v, "NUL byte");
        if (v->prop == PROP_B || v->prop == PROP_W) {
            if (move)
                return fail_value(r, v, "more than one move in a node");
            move = v;
        }
    }
    if (root && !apply_root(r))
        return false;
    game_t *g = r->game;
    if (!set_info(r, PROP_PB, &g->info.player_black)
        || !set_info(r, PROP_PW, &g->info.player_white)
        || !set_info(r, PROP_RE, &r->result))
        return false;
    if (move && r->max_moves >= 0 && r->nmoves >= r->max_moves) {
        r->stopped = true;      /* this node is the first move not loaded */
        return true;
    }

    if (last_value(r, PROP_AE)) {
        hex_color_t to_move = game_to_move(g);
        if (!apply_setup(r, PROP_AE))
            return false;
        if (game_to_move(g) != to_move)
            game_set_to_move(g, to_move);
    }
    if (!apply_setup(r, PROP_AB) || !apply_setup(r, PROP_AW))
        return false;

    const sgf_value_t *pl = last_value(r, PROP_PL);
    if (pl) {
        hex_color_t c;
        if (!hex_color_parse(trimmed(r, pl), &c))
            return fail_value(r, pl, "bad colour");
        game_set_to_move(g, c);
    }

    if (move) {
        const char *s = trimmed(r, move);
        int m;
        move_parse_t p = geometry_parse_move(g->pos.geo, s, &m);
        if (p == MOVE_PARSE_OFF_BOARD)
            return fail_value(r, move, "off-board cell");
        if (p != MOVE_PARSE_OK)
            return fail_value(r, move, *s ? "bad move" : "empty move");
        hex_color_t c = move->prop == PROP_B ? HEX_BLACK : HEX_WHITE;
        game_status_t st = game_play(g, c, m, false, -1.0);
        if (st != GAME_OK)
            return fail_status(r, move, st, m);
        r->nmoves++;
        if (!apply_time_left(r, c == HEX_BLACK ? PROP_BL : PROP_WL))
            return false;
    }
    return true;
}

/* --- the game tree ----------------------------------------------------- */

/* Parse the first game tree, applying its main line (the first child at
 * every node) and checking the syntax of the rest. */
static bool
parse_collection(reader_t *r)
{
    /* A UTF-8 byte order mark is allowed. */
    if (r->len >= 3 && memcmp(r->s, "\xef\xbb\xbf", 3) == 0)
        r->pos = 3;
    skip_space(r);
    if (at_end(r))
        return fail(r, 0, "unexpected end of file (no game tree)");
    if (r->s[r->pos] != '(')
        return fail(r, r->line, "expected '(' to start the game tree");

    int depth = 0;
    bool main_line = true;      /* still on the main line */
    bool in_sequence = false;   /* nodes may follow */
    bool root = true;
    for (;;) {
        skip_space(r);
        if (at_end(r))
            return fail(r, 0, "unexpected end of file");
        char c = r->s[r->pos];
        if (c == '(') {
            if (++depth > SGF_MAX_DEPTH)
                return fail(r, r->line, "variations nested deeper than %d",
                            SGF_MAX_DEPTH);
            r->pos++;
            skip_space(r);
            if (at_end(r))
                return fail(r, 0, "unexpected end of file");
            if (r->s[r->pos] != ';')
                return fail(r, r->line, "expected ';' after '('");
            in_sequence = true;
        } else if (c == ';') {
            if (!in_sequence)
                return fail(r, r->line, "node after a variation");
            r->pos++;
            bool apply = main_line && !r->stopped;
            if (!read_node(r, apply))
                return false;
            if (apply && !apply_node(r, root))
                return false;
            root = false;
        } else if (c == ')') {
            r->pos++;
            main_line = false;
            in_sequence = false;
            if (--depth == 0)
                return true;    /* later game trees are not read */
        } else {
            char shown[8];
            char ch[2] = { c, '\0' };
            return fail(r, r->line, "unexpected '%s'",
                        printable(ch, shown, sizeof shown));
        }
    }
}

/* The main line read to its end: RE[] is the result of this record, and a
 * resignation it states that no node made is one without an entry.  A
 * load that stopped early keeps no result. */
static bool
apply_result(reader_t *r)
{
    game_t *g = r->game;
    if (r->stopped || !r->result)
        return true;
    bool resign;
    hex_color_t winner = game_result_parse(r->result, &resign);
    /* Refused when the loser has connected: the text stays, and
     * game_result() writes the record's own result. */
    if (winner != HEX_EMPTY && resign && game_resigned(g) == HEX_EMPTY)
        (void)game_resign(g, hex_color_other(winner));
    if (!game_set_info(&g->info.result, r->result))
        return fail(r, 0, "out of memory");
    return true;
}

bool
sgf_load_text(game_t *g, const char *text, size_t len, int max_moves,
              char *err, size_t errlen)
{
    if (len > SGF_MAX_TEXT) {
        set_error(err, errlen, "sgf: input larger than %zu bytes",
                  SGF_MAX_TEXT);
        return false;
    }
    reader_t r = {
        .s = text, .len = len, .line = 1, .err = err, .errlen = errlen,
        .max_moves = max_moves,
    };
    bool ok = parse_collection(&r);
    if (ok && !r.game)
        ok = fail(&r, 0, "no game found");
    if (ok)
        ok = apply_result(&r);
    free(r.vals);
    free(r.buf);
    free(r.result);
    if (!ok) {
        if (r.game) {
            game_free(r.game);
            free(r.game);
        }
        return false;
    }
    game_replace(g, r.game);
    free(r.game);
    return true;
}

bool
sgf_load_file(game_t *g, const char *path, int max_moves,
              char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        set_error(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    bool ok = text != NULL;
    while (ok) {
        if (len == cap) {
            if (cap > SGF_MAX_TEXT) {
                set_error(err, errlen, "sgf: %s is larger than %zu bytes",
                          path, SGF_MAX_TEXT);
                ok = false;
                break;
            }
            size_t ncap = 2 * cap > SGF_MAX_TEXT ? SGF_MAX_TEXT + 1 : 2 * cap;
            char *t = realloc(text, ncap);
            if (!t) {
                set_error(err, errlen, "sgf: out of memory");
                ok = false;
                break;
            }
            text = t;
            cap = ncap;
        }
        size_t n = fread(text + len, 1, cap - len, f);
        len += n;
        if (n == 0) {
            if (ferror(f)) {
                set_error(err, errlen, "cannot read %s: %s", path,
                          strerror(errno));
                ok = false;
            }
            break;
        }
    }
    if (!text)
        set_error(err, errlen, "sgf: out of memory");
    fclose(f);
    if (ok)
        ok = sgf_load_text(g, text, len, max_moves, err, errlen);
    free(text);
    return ok;
}

/* --- writing ------------------------------------------------------------ */

/* The text being written and where its current line began (lines are
 * wrapped between nodes and values). */
typedef struct sbuf {
    strbuf_t text;
    size_t line_start;
} sbuf_t;

static void
sb_newline(sbuf_t *b)
{
    strbuf_add(&b->text, "\n");
    b->line_start = b->text.len;
}

/* Break a line that grew long (between nodes or values). */
static void
sb_wrap(sbuf_t *b)
{
    if (b->text.len - b->line_start > 64)
        sb_newline(b);
}

static void
sb_node(sbuf_t *b)
{
    sb_wrap(b);
    strbuf_add(&b->text, ";");
}

/* ID[value] with ']' and '\\' escaped. */
static void
sb_prop_text(sbuf_t *b, const char *id, const char *value)
{
    strbuf_add(&b->text, id);
    strbuf_add(&b->text, "[");
    for (const char *p = value; *p; p++) {
        if (*p == ']' || *p == '\\')
            strbuf_add(&b->text, "\\");
        strbuf_addc(&b->text, *p);
    }
    strbuf_add(&b->text, "]");
}

static const char *
color_letter(hex_color_t c)
{
    return c == HEX_WHITE ? "W" : "B";
}

/* BL[s]/WL[s] for the time left after a move, to the millisecond without
 * trailing zeros ("12.5", "3"). */
static void
sb_time_left(sbuf_t *b, hex_color_t c, double seconds)
{
    char num[32];               /* at most "1000000000.000" */
    if (!(seconds >= 0))
        return;
    snprintf(num, sizeof num, "%.3f",
             seconds < SGF_MAX_TIME ? seconds : SGF_MAX_TIME);
    char *end = num + strlen(num);
    while (end[-1] == '0')
        *--end = '\0';
    if (end[-1] == '.')
        end[-1] = '\0';
    strbuf_add(&b->text, c == HEX_WHITE ? "WL[" : "BL[");
    strbuf_add(&b->text, num);
    strbuf_add(&b->text, "]");
}

/* The note's C[] and LB[cell:text] on the node being written. */
static void
sb_note(sbuf_t *b, const geometry_t *geo, const sgf_note_t *note)
{
    char name[MOVE_NAME_MAX];
    if (!note)
        return;
    for (int i = 0; i < note->nlabels && i < SGF_NOTE_LABELS; i++) {
        if (!geometry_is_cell(geo, note->label_cell[i]) || !note->label_text[i])
            continue;
        strbuf_add(&b->text, i == 0 ? "LB[" : "[");
        strbuf_add(&b->text, geometry_move_name(geo, note->label_cell[i], name));
        strbuf_add(&b->text, ":");
        for (const char *p = note->label_text[i]; *p; p++) {
            if (*p == ']' || *p == '\\' || *p == ':')
                strbuf_add(&b->text, "\\");
            strbuf_addc(&b->text, *p);
        }
        strbuf_add(&b->text, "]");
    }
    if (note->comment && *note->comment)
        sb_prop_text(b, "C", note->comment);
}

char *
sgf_write_text(const game_t *g, const char *app)
{
    return sgf_write_annotated(g, app, NULL);
}

char *
sgf_write_annotated(const game_t *g, const char *app, const sgf_note_t *notes)
{
    const geometry_t *geo = g->pos.geo;
    sbuf_t b = { 0 };
    char name[MOVE_NAME_MAX];

    strbuf_add(&b.text, "(;FF[4]GM[11]");
    if (geo->width == geo->height)
        strbuf_addf(&b.text, "SZ[%d]", geo->width);
    else
        strbuf_addf(&b.text, "SZ[%d:%d]", geo->width, geo->height);
    if (app && *app)
        sb_prop_text(&b, "AP", app);
    if (g->info.player_black && *g->info.player_black)
        sb_prop_text(&b, "PB", g->info.player_black);
    if (g->info.player_white && *g->info.player_white)
        sb_prop_text(&b, "PW", g->info.player_white);
    char result[GAME_RESULT_MAX];
    const char *re = game_result(g, result, sizeof result);
    if (re)
        sb_prop_text(&b, "RE", re);
    if (g->info.comment && *g->info.comment)
        sb_prop_text(&b, "C", g->info.comment);

    /* Replay the record on a scratch game, the way a reader will, to see
     * where the side to move needs a PL[] to come out the same. */
    game_t *sim = malloc(sizeof *sim);
    if (!sim || game_init(sim, geo->width, geo->height) != GAME_OK) {
        free(sim);
        strbuf_free(&b.text);
        return NULL;
    }
    hex_color_t first = g->nentries == 0 ? game_to_move(g) : g->first_to_move;
    if (first != game_to_move(sim)) {
        strbuf_add(&b.text, "PL[");
        strbuf_add(&b.text, color_letter(first));
        strbuf_add(&b.text, "]");
        game_set_to_move(sim, first);
    }
    sb_newline(&b);

    /* Consecutive set-up stones share a node while they read back in the
     * same order: AB[..] then AW[..], then PL[] ends the node. */
    bool in_setup = false;
    hex_color_t run = HEX_EMPTY;
    for (int i = 0; i < g->nentries; i++) {
        const game_entry_t *e = &g->entries[i];
        hex_color_t want = i == g->nentries - 1 ? game_to_move(g) : e->to_move;
        geometry_move_name(geo, e->move, name);
        if (e->setup && geometry_is_cell(geo, e->move)) {
            if (!in_setup || (run == HEX_WHITE && e->color == HEX_BLACK)) {
                if (in_setup)
                    sb_newline(&b);
                sb_node(&b);
                in_setup = true;
                run = HEX_EMPTY;
            }
            sb_wrap(&b);
            if (run != e->color) {
                strbuf_add(&b.text, e->color == HEX_BLACK ? "AB" : "AW");
                run = e->color;
            }
            strbuf_add(&b.text, "[");
            strbuf_add(&b.text, name);
            strbuf_add(&b.text, "]");
            game_play(sim, e->color, e->move, true, -1.0);
            if (game_to_move(sim) != want) {
                strbuf_add(&b.text, "PL[");
                strbuf_add(&b.text, color_letter(want));
                strbuf_add(&b.text, "]");
                game_set_to_move(sim, want);
                sb_newline(&b);
                in_setup = false;
            }
        } else {
            if (in_setup)
                sb_newline(&b);
            in_setup = false;
            sb_node(&b);
            strbuf_add(&b.text, color_letter(e->color));
            strbuf_add(&b.text, "[");
            strbuf_add(&b.text, name);
            strbuf_add(&b.text, "]");
            sb_time_left(&b, e->color, e->time_left);
            sb_note(&b, geo, notes ? &notes[i] : NULL);
            game_play(sim, e->color, e->move, false, -1.0);
            if (game_to_move(sim) != want) {
                sb_node(&b);
                strbuf_add(&b.text, "PL[");
                strbuf_add(&b.text, color_letter(want));
                strbuf_add(&b.text, "]");
                game_set_to_move(sim, want);
            }
        }
    }
    if (!b.text.oom && b.text.s[b.text.len - 1] == '\n')
        b.text.len--;                /* no line of its own for the ')' */
    strbuf_add(&b.text, ")\n");
    game_free(sim);
    free(sim);
    if (b.text.oom) {
        strbuf_free(&b.text);
        return NULL;
    }
    return b.text.s;
}

bool
sgf_save_file(const game_t *g, const char *app, const char *path,
              char *err, size_t errlen)
{
    char *text = sgf_write_text(g, app);
    if (!text) {
        set_error(err, errlen, "sgf: out of memory");
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        set_error(err, errlen, "cannot open %s: %s", path, strerror(errno));
        free(text);
        return false;
    }
    size_t len = strlen(text);
    bool ok = fwrite(text, 1, len, f) == len;
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok)
        set_error(err, errlen, "cannot write %s: %s", path, strerror(saved));
    free(text);
    return ok;
}
