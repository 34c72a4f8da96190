/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "board/prior.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pattern.h"

/* The ring's directions in circular order (column, row). */
static const int dir_c[6] = { 1, 1, 0, -1, -1, 0 };
static const int dir_r[6] = { 0, -1, -1, 0, 1, 1 };

static const char digit_text[3] = { '.', 'o', 'x' };

/* The state (0 empty, 1 the mover's, 2 the opponent's) of the cell at
 * (dc, dr) from (c, r) in the mover's frame: White's is the transposed
 * board, so its (dc, dr) is the board's (dr, dc). */
static int
state_at(const geometry_t *geo, const bitset_t stones[2], int c, int r, int dc, int dr,
         hex_color_t mover)
{
    if (mover == HEX_WHITE) {
        int t = dc;
        dc = dr;
        dr = t;
    }
    int nc = c + dc, nr = r + dr;
    bool off_row = nr < 0 || nr >= geo->height, off_col = nc < 0 || nc >= geo->width;
    hex_color_t owner;
    if (off_row && off_col)
        owner = mover;
    else if (off_row)
        owner = HEX_BLACK;
    else if (off_col)
        owner = HEX_WHITE;
    else {
        int id = nr * geo->width + nc;
        owner = bitset_test(&stones[HEX_BLACK], id) ? HEX_BLACK
            : bitset_test(&stones[HEX_WHITE], id) ? HEX_WHITE : HEX_EMPTY;
    }
    return owner == HEX_EMPTY ? 0 : owner == mover ? 1 : 2;
}

/* The smaller code of a pattern and its 180-degree turn. */
static int
canonical(const int s[6])
{
    int a = 0, b = 0;
    for (int k = 5; k >= 0; k--) {
        a = 3 * a + s[k];
        b = 3 * b + s[(k + 3) % 6];
    }
    return a < b ? a : b;
}

/* The same for the twelve cells of the joint pattern (ring, then
 * bridges): the half turn moves ring cell k to k + 3 and bridge cell k
 * to k + 3 (mod 6). */
static int
canonical_joint(const int s[12])
{
    int a = 0, b = 0;
    for (int k = 11; k >= 0; k--) {
        int base = k < 6 ? 0 : 6;
        a = 3 * a + s[k];
        b = 3 * b + s[base + (k - base + 3) % 6];
    }
    return a < b ? a : b;
}

void
prior_codes(const geometry_t *geo, const bitset_t stones[2], int cell, hex_color_t mover,
            int *ring, int *bridge, int *joint)
{
    int c = cell % geo->width, r = cell / geo->width, s[12];
    for (int k = 0; k < 6; k++) {
        int j = (k + 1) % 6;
        s[k] = state_at(geo, stones, c, r, dir_c[k], dir_r[k], mover);
        s[6 + k] = state_at(geo, stones, c, r, dir_c[k] + dir_c[j], dir_r[k] + dir_r[j], mover);
    }
    *ring = canonical(s);
    *bridge = canonical(s + 6);
    if (joint)
        *joint = canonical_joint(s);
}

int
prior_near_code(const geometry_t *geo, int cell, int last)
{
    if (last < 0 || last >= geo->ncells)
        return 0;
    int dc = last % geo->width - cell % geo->width, dr = last / geo->width - cell / geo->width;
    int ac = abs(dc), ar = abs(dr), as = abs(dc + dr);
    int dist = ac > ar ? ac : ar;
    if (as > dist)
        dist = as;
    if (dist == 1)
        return 1;
    if (dist == 2)
        /* a bridge away when no coordinate difference is 0 (nor their
         * sum): (1,1), (2,-1), ...; else two cells in a line */
        return dc != 0 && dr != 0 && dc + dr != 0 ? 2 : 3;
    return dist <= 5 ? dist + 1 : 0;
}

void
prior_code_text(int code, int cells, char *text)
{
    for (int k = 0; k < cells; k++) {
        text[k] = digit_text[code % 3];
        code /= 3;
    }
    text[cells] = '\0';
}

prior_t *
prior_new(void)
{
    prior_t *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    for (int i = 0; i < PRIOR_CODES; i++)
        p->ring[i] = p->bridge[i] = 1;
    for (int i = 0; i < PRIOR_NEAR_CODES; i++)
        p->near[i] = 1;
    p->joint = NULL;
    return p;
}

void
prior_free(prior_t *p)
{
    if (p)
        free(p->joint);
    free(p);
}

/* A pattern's text of `cells` cells (6 or 12) as its canonical code; -1
 * when it is not that many of ".ox". */
static int
parse_pattern(const char *t, int cells)
{
    int s[12];
    if (strlen(t) != (size_t)cells)
        return -1;
    for (int k = 0; k < cells; k++) {
        const char *d = memchr(digit_text, t[k], 3);
        if (!d || !t[k])
            return -1;
        s[k] = (int)(d - digit_text);
    }
    return cells == 12 ? canonical_joint(s) : canonical(s);
}

prior_t *
prior_parse(const char *text, const char *origin, char *err, size_t errlen)
{
    prior_t *p = prior_new();
    if (!p) {
        snprintf(err, errlen, "%s: out of memory", origin);
        return NULL;
    }
    int line = 0;
    for (const char *s = text; *s;) {
        const char *end = strchr(s, '\n');
        size_t n = end ? (size_t)(end - s) : strlen(s);
        line++;
        char buf[256];
        if (n >= sizeof buf) {
            snprintf(err, errlen, "%s:%d: line too long", origin, line);
            prior_free(p);
            return NULL;
        }
        memcpy(buf, s, n);
        buf[n] = '\0';
        s += end ? n + 1 : n;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char kind[16], pat[16], extra[2];
        double gamma;
        int got = sscanf(buf, "%15s %15s %lf %1s", kind, pat, &gamma, extra);
        if (got <= 0)
            continue;
        bool is_ring = strcmp(kind, "ring") == 0, is_bridge = strcmp(kind, "bridge") == 0,
            is_joint = strcmp(kind, "joint") == 0, is_near = strcmp(kind, "near") == 0;
        int code = got < 2 ? -1
            : is_near ? (pat[0] >= '0' && pat[0] < '0' + PRIOR_NEAR_CODES && !pat[1]
                         ? pat[0] - '0' : -1)
            : parse_pattern(pat, is_joint ? 12 : 6);
        if (got != 3 || (!is_ring && !is_bridge && !is_joint && !is_near) || code < 0
            || !(gamma > 0) || !isfinite(gamma)) {
            snprintf(err, errlen, "%s:%d: expected `ring|bridge PATTERN GAMMA` "
                     "(PATTERN six of .ox, GAMMA > 0), `joint PATTERN GAMMA` "
                     "(PATTERN twelve of .ox) or `near CLASS GAMMA` (CLASS 0-%d)",
                     origin, line, PRIOR_NEAR_CODES - 1);
            prior_free(p);
            return NULL;
        }
        if (is_joint && !p->joint) {
            p->joint = malloc(PRIOR_JOINT_CODES * sizeof *p->joint);
            if (!p->joint) {
                snprintf(err, errlen, "%s:%d: out of memory", origin, line);
                prior_free(p);
                return NULL;
            }
            for (int i = 0; i < PRIOR_JOINT_CODES; i++)
                p->joint[i] = 1;
        }
        (is_joint ? p->joint : is_near ? p->near : is_ring ? p->ring : p->bridge)[code]
            = (float)gamma;
    }
    return p;
}

prior_t *
prior_load(const char *path, char *err, size_t errlen)
{
    char *text = pattern_read_file(path, err, errlen);
    if (!text)
        return NULL;
    prior_t *p = prior_parse(text, path, err, errlen);
    free(text);
    return p;
}

prior_t *
prior_load_default(char *err, size_t errlen)
{
    char path[4096];
    if (!pattern_path(PRIOR_FILE, path, sizeof path, err, errlen))
        return NULL;
    return prior_load(path, err, errlen);
}

double
prior_gamma(const prior_t *p, const geometry_t *geo, const bitset_t stones[2], int cell,
            hex_color_t mover, int last)
{
    int ring, bridge, joint;
    prior_codes(geo, stones, cell, mover, &ring, &bridge, p->joint ? &joint : NULL);
    double g = (double)p->ring[ring] * (double)p->bridge[bridge]
        * (double)p->near[prior_near_code(geo, cell, last)];
    return p->joint ? g * (double)p->joint[joint] : g;
}
