/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pattern files: parsing, expansion to every orientation, matching. */
#include "config.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board/pattern.h"
#include "board/wholefile.h"
#include "board/wholefile.h"

/* Set by board/Makefile.am: the installed and the source tree's
 * share/patterns. */
#ifndef HEIN_PATTERN_DIR
#define HEIN_PATTERN_DIR "/usr/local/share/hein/patterns"
#endif
#ifndef HEIN_SOURCE_PATTERN_DIR
#define HEIN_SOURCE_PATTERN_DIR "share/patterns"
#endif

static const char *const kind_names[PATTERN_KINDS] = {
    "dead", "captured", "vulnerable", "dominated"
};

const char *
pattern_kind_name(pattern_kind_t k)
{
    return k < PATTERN_KINDS ? kind_names[k] : "?";
}

bool
pattern_kind_parse(const char *s, pattern_kind_t *k)
{
    for (int i = 0; i < PATTERN_KINDS; i++)
        if (strcmp(s, kind_names[i]) == 0) {
            *k = (pattern_kind_t)i;
            return true;
        }
    return false;
}

void
pattern_set_free(pattern_set_t *s)
{
    if (!s)
        return;
    free(s->source);
    free(s->expanded);
    free(s);
}

/* ---- parsing -------------------------------------------------------- */

#define MAX_ROWS 16
#define MAX_COLS 16

typedef struct parser {
    const char *origin;
    char *err;
    size_t errlen;
    pattern_set_t *set;
    int source_cap;
} parser_t;

static bool
fail(parser_t *ps, int line, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(ps->err, ps->errlen, "%s:%d: %s", ps->origin, line, msg);
    return false;
}

/* What diagram character ch stands for.  *sym and *outside are set for
 * every ch; false (and *outside) for a character that is no symbol. */
static bool
sym_of(char ch, pattern_sym_t *sym, bool *outside)
{
    *sym = PSYM_EMPTY;
    *outside = false;
    switch (ch) {
    case '.': return true;
    case 'X': *sym = PSYM_OWN; return true;
    case 'O': *sym = PSYM_OPP; return true;
    case '+': *sym = PSYM_OWN_EDGE; return true;
    case '-': *sym = PSYM_OPP_EDGE; return true;
    case 'c': *sym = PSYM_SUBJECT; return true;
    case 'k': case 'd': *sym = PSYM_OTHER; return true;
    case '*': *outside = true; return true;
    default: *outside = true; return false;
    }
}

typedef struct block {
    char name[PATTERN_NAME_MAX];
    int line;
    bool have_kind;
    pattern_kind_t kind;
    int nrows, ncols;
    char grid[MAX_ROWS][MAX_COLS];
    int row_line[MAX_ROWS];
} block_t;

static bool
finish_block(parser_t *ps, block_t *b, int end_line)
{
    if (!b->have_kind)
        return fail(ps, end_line, "pattern %s has no kind line", b->name);
    if (b->nrows == 0)
        return fail(ps, end_line, "pattern %s has no diagram", b->name);
    int nsub = 0, nother = 0, nown_edge = 0, nopp_edge = 0, ncells = 0;
    int ar = -1, ac = -1;
    for (int r = 0; r < b->nrows; r++)
        for (int c = 0; c < b->ncols; c++) {
            char ch = b->grid[r][c];
            if (ch == '*')
                continue;
            ncells++;
            if (ch == 'c') {
                if (nsub++ == 0) {
                    ar = r;
                    ac = c;
                }
            }
            if (ch == 'k' && b->kind != PATTERN_VULNERABLE)
                return fail(ps, b->row_line[r], "'k' belongs to vulnerable patterns only");
            if (ch == 'd' && b->kind != PATTERN_DOMINATED)
                return fail(ps, b->row_line[r], "'d' belongs to dominated patterns only");
            nother += ch == 'k' || ch == 'd';
            nown_edge += ch == '+';
            nopp_edge += ch == '-';
        }
    if (ncells > PATTERN_MAX_CELLS)
        return fail(ps, end_line, "pattern %s has %d cells (at most %d)", b->name, ncells,
                    PATTERN_MAX_CELLS);
    if (nsub == 0)
        return fail(ps, end_line, "pattern %s has no inferior cell 'c'", b->name);
    if (b->kind != PATTERN_CAPTURED && nsub != 1)
        return fail(ps, end_line, "a %s pattern has exactly one 'c'", kind_names[b->kind]);
    if (nsub > PATTERN_MAX_SUBJECT)
        return fail(ps, end_line, "at most %d 'c' cells", PATTERN_MAX_SUBJECT);
    if ((b->kind == PATTERN_VULNERABLE || b->kind == PATTERN_DOMINATED) && nother != 1)
        return fail(ps, end_line, "a %s pattern has exactly one '%c'", kind_names[b->kind],
                    b->kind == PATTERN_VULNERABLE ? 'k' : 'd');
    if (nown_edge && nopp_edge)
        return fail(ps, end_line, "pattern %s uses two edges ('+' and '-'): corners are not supported",
                    b->name);
    for (int i = 0; i < ps->set->nsource; i++)
        if (strcmp(ps->set->source[i].name, b->name) == 0)
            return fail(ps, b->line, "pattern name %s used twice", b->name);

    if (ps->set->nsource == ps->source_cap) {
        int cap = ps->source_cap ? ps->source_cap * 2 : 32;
        pattern_t *fresh = realloc(ps->set->source, (size_t)cap * sizeof *fresh);
        if (!fresh)
            return fail(ps, end_line, "out of memory");
        ps->set->source = fresh;
        ps->source_cap = cap;
    }
    pattern_t *pat = &ps->set->source[ps->set->nsource];
    memset(pat, 0, sizeof *pat);
    snprintf(pat->name, sizeof pat->name, "%s", b->name);
    pat->kind = b->kind;
    pat->line = b->line;
    pat->ncells = 1;
    pat->cells[0].sym = PSYM_SUBJECT;
    for (int r = 0; r < b->nrows; r++)
        for (int c = 0; c < b->ncols; c++) {
            pattern_sym_t sym;
            bool outside;
            sym_of(b->grid[r][c], &sym, &outside);
            if (outside || (r == ar && c == ac))
                continue;
            pattern_cell_t *pc = &pat->cells[pat->ncells++];
            pc->dc = c - ac;
            pc->dr = r - ar;
            pc->sym = sym;
        }
    ps->set->nsource++;
    return true;
}

static void
rotate(int *q, int *r)
{
    int nq = -*r, nr = *q + *r;
    *q = nq;
    *r = nr;
}

static int
cell_cmp(const void *a, const void *b)
{
    const pattern_cell_t *x = a, *y = b;
    if (x->dr != y->dr)
        return x->dr < y->dr ? -1 : 1;
    if (x->dc != y->dc)
        return x->dc < y->dc ? -1 : 1;
    return (int)x->sym - (int)y->sym;
}

static bool
same_pattern(const pattern_t *a, const pattern_t *b)
{
    if (a->ncells != b->ncells)
        return false;
    for (int i = 0; i < a->ncells; i++)
        if (a->cells[i].dc != b->cells[i].dc || a->cells[i].dr != b->cells[i].dr
            || a->cells[i].sym != b->cells[i].sym)
            return false;
    return true;
}

static bool
expand(pattern_set_t *s)
{
    free(s->expanded);
    s->expanded = malloc((size_t)(s->nsource ? s->nsource : 1) * 12 * sizeof *s->expanded);
    if (!s->expanded)
        return false;
    s->nexpanded = 0;
    for (int i = 0; i < s->nsource; i++) {
        int first = s->nexpanded;
        for (int m = 0; m < 2; m++)
            for (int rot = 0; rot < 6; rot++) {
                pattern_t t = s->source[i];
                for (int j = 0; j < t.ncells; j++) {
                    int q = t.cells[j].dc, r = t.cells[j].dr;
                    if (m) {
                        int tmp = q;
                        q = r;
                        r = tmp;
                    }
                    for (int k = 0; k < rot; k++)
                        rotate(&q, &r);
                    t.cells[j].dc = q;
                    t.cells[j].dr = r;
                }
                qsort(t.cells + 1, (size_t)t.ncells - 1, sizeof t.cells[0], cell_cmp);
                bool dup = false;
                for (int j = first; j < s->nexpanded && !dup; j++)
                    dup = same_pattern(&s->expanded[j], &t);
                if (!dup)
                    s->expanded[s->nexpanded++] = t;
            }
    }
    return true;
}

static bool
parse_into(parser_t *ps, const char *text)
{
    block_t b;
    bool in_block = false;
    int line = 0;
    const char *p = text;
    while (*p) {
        line++;
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char buf[512];
        if (len >= sizeof buf)
            return fail(ps, line, "line too long");
        memcpy(buf, p, len);
        buf[len] = '\0';
        p = e ? e + 1 : p + len;
        /* trim */
        char *t = buf;
        while (*t == ' ' || *t == '\t' || *t == '\r')
            t++;
        size_t tl = strlen(t);
        while (tl > 0 && (t[tl - 1] == ' ' || t[tl - 1] == '\t' || t[tl - 1] == '\r'))
            t[--tl] = '\0';
        if (*t == '#' || *t == '\0') {
            if (in_block && *t == '\0')
                return fail(ps, line, "blank line inside pattern %s (end it with 'end')", b.name);
            continue;
        }
        if (!in_block) {
            char name[PATTERN_NAME_MAX + 1];
            char extra[8];
            if (strncmp(t, "pattern ", 8) != 0
                || sscanf(t + 8, "%64s %7s", name, extra) != 1)
                return fail(ps, line, "expected 'pattern NAME', got: %s", t);
            if (strlen(name) >= PATTERN_NAME_MAX)
                return fail(ps, line, "pattern name too long");
            memset(&b, 0, sizeof b);
            snprintf(b.name, sizeof b.name, "%s", name);
            b.line = line;
            in_block = true;
            continue;
        }
        if (strncmp(t, "kind", 4) == 0 && (t[4] == ' ' || t[4] == '\t')) {
            char kind[32], extra[8];
            if (b.have_kind)
                return fail(ps, line, "second kind line");
            if (b.nrows)
                return fail(ps, line, "the kind line comes before the diagram");
            if (sscanf(t + 5, "%31s %7s", kind, extra) != 1 || !pattern_kind_parse(kind, &b.kind))
                return fail(ps, line, "unknown kind (dead, captured, vulnerable, dominated): %s",
                            t + 5);
            b.have_kind = true;
            continue;
        }
        if (strcmp(t, "end") == 0) {
            if (!finish_block(ps, &b, line))
                return false;
            in_block = false;
            continue;
        }
        /* a diagram row */
        if (b.nrows == MAX_ROWS)
            return fail(ps, line, "more than %d diagram rows", MAX_ROWS);
        int n = 0;
        for (char *q = t; *q; q++) {
            if (*q == ' ' || *q == '\t')
                continue;
            pattern_sym_t sym;
            bool outside;
            if (!sym_of(*q, &sym, &outside))
                return fail(ps, line, "unknown symbol '%c' (use . X O + - * c k d)", *q);
            if (q[1] && q[1] != ' ' && q[1] != '\t')
                return fail(ps, line, "symbols must be separated by blanks");
            if (n == MAX_COLS)
                return fail(ps, line, "more than %d columns", MAX_COLS);
            b.grid[b.nrows][n++] = *q;
        }
        if (b.nrows > 0 && n != b.ncols)
            return fail(ps, line, "row has %d symbols, the rows above have %d", n, b.ncols);
        b.ncols = n;
        b.row_line[b.nrows++] = line;
    }
    if (in_block)
        return fail(ps, line, "pattern %s is not ended by 'end'", b.name);
    return true;
}

pattern_set_t *
pattern_set_parse(const char *text, const char *origin, char *err, size_t errlen)
{
    parser_t ps = { .origin = origin, .err = err, .errlen = errlen };
    ps.set = calloc(1, sizeof *ps.set);
    if (!ps.set) {
        snprintf(err, errlen, "%s: out of memory", origin);
        return NULL;
    }
    if (!parse_into(&ps, text)) {
        pattern_set_free(ps.set);
        return NULL;
    }
    if (!expand(ps.set)) {
        snprintf(err, errlen, "%s: out of memory", origin);
        pattern_set_free(ps.set);
        return NULL;
    }
    return ps.set;
}

char *
pattern_read_file(const char *path, char *err, size_t errlen)
{
    char why[256];
    size_t len;
    char *text = wholefile_read(path, &len, why, sizeof why);
    if (!text)
        snprintf(err, errlen, "%s: %s", path, why);
    return text;
}

pattern_set_t *
pattern_set_load_file(const char *path, char *err, size_t errlen)
{
    char *text = pattern_read_file(path, err, errlen);
    if (!text)
        return NULL;
    pattern_set_t *s = pattern_set_parse(text, path, err, errlen);
    free(text);
    return s;
}

pattern_set_t *
pattern_set_merge(pattern_set_t *a, pattern_set_t *b)
{
    pattern_t *src = realloc(a->source, (size_t)(a->nsource + b->nsource + 1) * sizeof *src);
    if (!src) {
        pattern_set_free(a);
        pattern_set_free(b);
        return NULL;
    }
    a->source = src;
    memcpy(src + a->nsource, b->source, (size_t)b->nsource * sizeof *src);
    a->nsource += b->nsource;
    pattern_set_free(b);
    if (!expand(a)) {
        pattern_set_free(a);
        return NULL;
    }
    return a;
}

static int
str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
is_dir(const char *path)
{
    struct stat st;
    return path && *path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool
pattern_path(const char *name, char *path, size_t len, char *err, size_t errlen)
{
    const char *dirs[3] = { getenv("HEIN_PATTERNS"), HEIN_PATTERN_DIR, HEIN_SOURCE_PATTERN_DIR };
    for (int i = 0; i < 3; i++) {
        if (!is_dir(dirs[i]))
            continue;
        int n = snprintf(path, len, "%s%s%s", dirs[i], *name ? "/" : "", name);
        if (n < 0 || (size_t)n >= len) {
            snprintf(err, errlen, "%s: path too long", dirs[i]);
            return false;
        }
        return true;
    }
    snprintf(err, errlen, "no pattern directory (set HEIN_PATTERNS)");
    return false;
}

pattern_set_t *
pattern_set_load_ice(char *err, size_t errlen)
{
    char dir[4096];
    if (!pattern_path("", dir, sizeof dir, err, errlen))
        return NULL;
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "%s: cannot open", dir);
        return NULL;
    }
    char *files[64];
    int nfiles = 0;
    struct dirent *de;
    while ((de = readdir(d)) && nfiles < 64) {
        size_t l = strlen(de->d_name);
        if (strncmp(de->d_name, "ice-", 4) == 0 && l > 8
            && strcmp(de->d_name + l - 4, ".txt") == 0) {
            files[nfiles] = strdup(de->d_name);
            if (files[nfiles])
                nfiles++;
        }
    }
    closedir(d);
    qsort(files, (size_t)nfiles, sizeof files[0], str_cmp);
    pattern_set_t *all = NULL;
    bool ok = true;
    for (int i = 0; i < nfiles; i++) {
        if (ok) {
            char path[4096];
            pattern_set_t *s = pattern_path(files[i], path, sizeof path, err, errlen)
                ? pattern_set_load_file(path, err, errlen) : NULL;
            if (!s) {
                ok = false;
            } else if (!all) {
                all = s;
            } else {
                all = pattern_set_merge(all, s);
                if (!all) {
                    snprintf(err, errlen, "out of memory");
                    ok = false;
                }
            }
        }
        free(files[i]);
    }
    if (!ok) {
        pattern_set_free(all);
        return NULL;
    }
    if (!all)
        snprintf(err, errlen, "%s: no ice-*.txt pattern file", dir);
    return all;
}

/* ---- matching ------------------------------------------------------- */

bool
pattern_match(const pattern_t *pat, const position_t *p, hex_color_t own,
              int anchor, int ids[PATTERN_MAX_CELLS])
{
    const geometry_t *g = p->geo;
    int ac = geometry_col(g, anchor), ar = geometry_row(g, anchor);
    int edge = -1;
    hex_color_t opp = hex_color_other(own);
    for (int i = 0; i < pat->ncells; i++) {
        const pattern_cell_t *pc = &pat->cells[i];
        int c = ac + pc->dc, r = ar + pc->dr;
        bool on = c >= 0 && c < g->width && r >= 0 && r < g->height;
        if (pc->sym == PSYM_OWN_EDGE || pc->sym == PSYM_OPP_EDGE) {
            if (on)
                return false;
            int e = geometry_off_board_edge(g, c, r);
            hex_color_t owner = e == HEX_NORTH || e == HEX_SOUTH ? HEX_BLACK : HEX_WHITE;
            if (owner != (pc->sym == PSYM_OWN_EDGE ? own : opp) || (edge >= 0 && e != edge))
                return false;
            edge = e;
            ids[i] = e;
            continue;
        }
        if (!on)
            return false;
        int cell = geometry_cell(g, c, r);
        hex_color_t at = position_color_at(p, cell);
        switch (pc->sym) {
        case PSYM_OWN:
            if (at != own)
                return false;
            break;
        case PSYM_OPP:
            if (at != opp)
                return false;
            break;
        default:
            if (at != HEX_EMPTY)
                return false;
            break;
        }
        ids[i] = cell;
    }
    return true;
}
