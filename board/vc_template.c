/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Edge templates: the file format, mirror images, placement on a board. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pattern.h"
#include "board/vc_template.h"

#define LINE_MAX_LEN 256
#define DIAGRAM_MAX_LINES 16

vc_template_t
vc_template_mirror(const vc_template_t *t)
{
    vc_template_t m = *t;
    m.mirrored = !t->mirrored;
    for (int i = 0; i < t->ncells; i++)
        m.dc[i] = (int8_t)(-t->dc[i] - t->dr[i]);
    for (int i = 0; i < t->nhelpers; i++)
        m.hdc[i] = (int8_t)(-t->hdc[i] - t->hdr[i]);
    return m;
}

/* The cell at offset (dc, dr) from (c, r) in the template's frame, placed
 * for `edge`; -1 off the board. */
static int
place_offset(const geometry_t *g, int edge, int c, int r, int dc, int dr)
{
    int x, y;
    switch (edge) {
    case HEX_SOUTH:
        x = c + dc, y = r + dr;
        break;
    case HEX_NORTH:
        x = c - dc, y = r - dr;
        break;
    case HEX_EAST:
        x = c + dr, y = r + dc;
        break;
    default:
        x = c - dr, y = r - dc;
        break;
    }
    if (x < 0 || x >= g->width || y < 0 || y >= g->height)
        return -1;
    return geometry_cell(g, x, y);
}

bool
vc_template_place(const vc_template_t *t, const geometry_t *g, int edge, int cell,
                  bitset_t *carrier, bitset_t *helpers)
{
    int W = g->width, H = g->height;
    int c = geometry_col(g, cell), r = geometry_row(g, cell);
    int dist;
    switch (edge) {
    case HEX_SOUTH:
        dist = H - r;
        break;
    case HEX_NORTH:
        dist = r + 1;
        break;
    case HEX_EAST:
        dist = W - c;
        break;
    default:
        dist = c + 1;
        break;
    }
    if (dist != t->row)
        return false;
    bitset_t s = bitset_empty(), h = bitset_empty();
    for (int i = 0; i < t->ncells; i++) {
        int x = place_offset(g, edge, c, r, t->dc[i], t->dr[i]);
        if (x < 0)
            return false;
        bitset_set(&s, x);
    }
    for (int i = 0; i < t->nhelpers; i++) {
        int x = place_offset(g, edge, c, r, t->hdc[i], t->hdr[i]);
        if (x < 0)
            return false;
        bitset_set(&h, x);
    }
    *carrier = s;
    *helpers = h;
    return true;
}

static bool
is_edge_line(const char *s)
{
    bool any = false;
    for (; *s; s++) {
        if (*s == '=')
            any = true;
        else if (*s != ' ')
            return false;
    }
    return any;
}

static void
chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
}

/* Turn the diagram lines into a template; false with a reason in err. */
static bool
diagram_to_template(char lines[][LINE_MAX_LEN], int nlines, vc_template_t *t,
                    char *why, size_t whylen)
{
    int si = -1, sp = -1;
    for (int i = 0; i < nlines; i++)
        for (int p = 0; lines[i][p]; p++) {
            char ch = lines[i][p];
            if (ch == 'S') {
                if (si >= 0) {
                    snprintf(why, whylen, "more than one endpoint S");
                    return false;
                }
                si = i, sp = p;
            } else if (ch != '.' && ch != ' ' && ch != 'B') {
                snprintf(why, whylen, "unexpected '%c' in the diagram", ch);
                return false;
            }
        }
    if (si < 0) {
        snprintf(why, whylen, "no endpoint S");
        return false;
    }
    t->row = nlines - si;
    t->ncells = 0;
    t->nhelpers = 0;
    for (int i = 0; i < nlines; i++)
        for (int p = 0; lines[i][p]; p++) {
            char ch = lines[i][p];
            if (ch != '.' && ch != 'B')
                continue;
            int u = (p - i) - (sp - si);
            if (u % 2 != 0) {
                snprintf(why, whylen, "cell off the hex grid on diagram line %d", i + 1);
                return false;
            }
            if (ch == 'B') {
                if (t->nhelpers == VC_TEMPLATE_MAX_HELPERS) {
                    snprintf(why, whylen, "more than %d helper stones",
                             VC_TEMPLATE_MAX_HELPERS);
                    return false;
                }
                t->hdc[t->nhelpers] = (int8_t)(u / 2);
                t->hdr[t->nhelpers] = (int8_t)(i - si);
                t->nhelpers++;
                continue;
            }
            if (t->ncells == VC_TEMPLATE_MAX_CELLS) {
                snprintf(why, whylen, "more than %d carrier cells", VC_TEMPLATE_MAX_CELLS);
                return false;
            }
            t->dc[t->ncells] = (int8_t)(u / 2);
            t->dr[t->ncells] = (int8_t)(i - si);
            t->ncells++;
        }
    /* the checker's local game holds both in one 32-bit set */
    if (t->ncells + t->nhelpers > VC_TEMPLATE_MAX_CELLS) {
        snprintf(why, whylen, "more than %d carrier and helper cells", VC_TEMPLATE_MAX_CELLS);
        return false;
    }
    return true;
}

vc_templates_t *
vc_templates_load(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return NULL;
    }
    vc_templates_t *ts = calloc(1, sizeof *ts);
    int cap = 0;
    char line[LINE_MAX_LEN];
    char diagram[DIAGRAM_MAX_LINES][LINE_MAX_LEN];
    int lineno = 0, nlines = 0;
    bool in_template = false, ok = ts != NULL;
    vc_template_t cur;
    char why[128];
    if (!ts)
        snprintf(err, errlen, "out of memory");
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        chomp(line);
        if (!in_template) {
            if (line[0] == '\0' || line[0] == '#')
                continue;
            if (strncmp(line, "template ", 9) != 0) {
                snprintf(err, errlen, "%s:%d: expected 'template NAME'", path, lineno);
                ok = false;
                break;
            }
            memset(&cur, 0, sizeof cur);
            const char *name = line + 9;
            while (*name == ' ')
                name++;
            if (!*name || strlen(name) >= VC_TEMPLATE_NAME_MAX || strchr(name, ' ')) {
                snprintf(err, errlen, "%s:%d: bad template name", path, lineno);
                ok = false;
                break;
            }
            strcpy(cur.name, name);
            in_template = true;
            nlines = 0;
            continue;
        }
        if (is_edge_line(line)) {
            if (!diagram_to_template(diagram, nlines, &cur, why, sizeof why)) {
                snprintf(err, errlen, "%s:%d: template %s: %s", path, lineno, cur.name, why);
                ok = false;
                break;
            }
            if (ts->n + 2 > cap) {
                cap = cap ? 2 * cap : 16;
                vc_template_t *nt = realloc(ts->t, (size_t)cap * sizeof *nt);
                if (!nt) {
                    snprintf(err, errlen, "out of memory");
                    ok = false;
                    break;
                }
                ts->t = nt;
            }
            ts->t[ts->n++] = cur;
            ts->t[ts->n++] = vc_template_mirror(&cur);
            ts->nfile++;
            in_template = false;
            continue;
        }
        if (nlines == DIAGRAM_MAX_LINES || line[0] == '\0') {
            snprintf(err, errlen, "%s:%d: template %s: diagram without its edge line (=====)",
                     path, lineno, cur.name);
            ok = false;
            break;
        }
        strcpy(diagram[nlines++], line);
    }
    if (ok && in_template) {
        snprintf(err, errlen, "%s: template %s: diagram without its edge line (=====)", path,
                 cur.name);
        ok = false;
    }
    fclose(f);
    if (!ok) {
        vc_templates_free(ts);
        return NULL;
    }
    return ts;
}

void
vc_templates_free(vc_templates_t *ts)
{
    if (!ts)
        return;
    free(ts->t);
    free(ts);
}

vc_templates_t *
vc_templates_load_default(char *err, size_t errlen)
{
    char path[4096];
    if (!pattern_path("vc-templates.txt", path, sizeof path, err, errlen))
        return NULL;
    return vc_templates_load(path, err, errlen);
}
