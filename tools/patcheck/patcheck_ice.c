/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inferior-cell pattern checker: proves each pattern's claim on its
 * region by trying every colouring of its free cells.
 *
 * The model.  The region is the pattern's cells ('*' is outside).  Edge
 * symbols form one node, a stone of the edge's owner.  An exit is a region
 * cell with a grid neighbour outside the region, or the edge node: paths
 * outside the region meet it only there, so a colour's connectivity on the
 * whole board depends on the region only through which of its exits that
 * colour joins (the partition of its exits inside the region).  On the
 * full board exactly one side connects; so the winner is a function of
 * Black's partition alone, and of White's alone.  The free cells are the
 * empty ones ('.', 'c', 'k', 'd'); a colouring gives each a colour. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/pattern.h"
#include "tools/patcheck/patcheck.h"

enum { OWN = 0, OPP = 1 };

typedef struct region {
    const pattern_t *pat;
    int n;                              /* nodes: cells, then the edge */
    int edge;                           /* node of the edge, or -1 */
    int edge_color;
    int fixed[PATTERN_MAX_CELLS + 1];   /* OWN, OPP, or -1 when free */
    bool adj[PATTERN_MAX_CELLS + 1][PATTERN_MAX_CELLS + 1];
    bool exit[PATTERN_MAX_CELLS + 1];
    int nfree;
    int free_node[PATTERN_MAX_CELLS];
} region_t;

static const int dq[6] = { 1, -1, 0, 0, 1, -1 };
static const int dr[6] = { 0, 0, 1, -1, -1, 1 };

static int
find_cell(const pattern_t *pat, int q, int r)
{
    for (int i = 0; i < pat->ncells; i++)
        if (pat->cells[i].dc == q && pat->cells[i].dr == r)
            return i;
    return -1;
}

static bool
is_edge_sym(pattern_sym_t s)
{
    return s == PSYM_OWN_EDGE || s == PSYM_OPP_EDGE;
}

static void
region_build(region_t *g, const pattern_t *pat)
{
    memset(g, 0, sizeof *g);
    g->pat = pat;
    g->edge = -1;
    /* node i = pattern cell i, except that every edge cell maps to one
     * node, numbered pat->ncells */
    g->n = pat->ncells + 1;
    for (int i = 0; i < pat->ncells; i++) {
        pattern_sym_t s = pat->cells[i].sym;
        if (is_edge_sym(s)) {
            g->edge = pat->ncells;
            g->edge_color = s == PSYM_OWN_EDGE ? OWN : OPP;
            g->fixed[i] = -2;           /* not a node of its own */
        } else if (s == PSYM_OWN) {
            g->fixed[i] = OWN;
        } else if (s == PSYM_OPP) {
            g->fixed[i] = OPP;
        } else {
            g->fixed[i] = -1;
            g->free_node[g->nfree++] = i;
        }
    }
    if (g->edge >= 0) {
        g->fixed[g->edge] = g->edge_color;
        g->exit[g->edge] = true;
    } else {
        g->fixed[pat->ncells] = -2;
    }
    for (int i = 0; i < pat->ncells; i++) {
        if (is_edge_sym(pat->cells[i].sym))
            continue;
        for (int d = 0; d < 6; d++) {
            int j = find_cell(pat, pat->cells[i].dc + dq[d], pat->cells[i].dr + dr[d]);
            if (j < 0) {
                g->exit[i] = true;
                continue;
            }
            int nj = is_edge_sym(pat->cells[j].sym) ? g->edge : j;
            g->adj[i][nj] = g->adj[nj][i] = true;
        }
    }
}

/* Partition of the exits of colour z under colours col[] (col of every
 * node; -2 for no node): lab[i] = root for a z exit, -1 otherwise. */
static void
partition(const region_t *g, const int *col, int z, int *lab)
{
    int parent[PATTERN_MAX_CELLS + 1];
    for (int i = 0; i < g->n; i++)
        parent[i] = i;
    for (int i = 0; i < g->n; i++) {
        if (col[i] != z)
            continue;
        for (int j = i + 1; j < g->n; j++) {
            if (col[j] != z || !g->adj[i][j])
                continue;
            int a = i, b = j;
            while (parent[a] != a)
                a = parent[a];
            while (parent[b] != b)
                b = parent[b];
            if (a != b)
                parent[a] = b;
        }
    }
    for (int i = 0; i < g->n; i++) {
        if (col[i] != z || !g->exit[i]) {
            lab[i] = -1;
            continue;
        }
        int a = i;
        while (parent[a] != a)
            a = parent[a];
        lab[i] = a;
    }
}

/* Every exit joined (and coloured) under a is so under b. */
static bool
refines(const region_t *g, const int *a, const int *b)
{
    for (int i = 0; i < g->n; i++) {
        if (a[i] < 0)
            continue;
        if (b[i] < 0)
            return false;
        for (int j = i + 1; j < g->n; j++)
            if (a[j] >= 0 && a[i] == a[j] && b[i] != b[j])
                return false;
    }
    return true;
}

static bool
same_partition(const region_t *g, const int *a, const int *b)
{
    return refines(g, a, b) && refines(g, b, a);
}

static int
node_of_sym(const pattern_t *pat, pattern_sym_t sym)
{
    for (int i = 0; i < pat->ncells; i++)
        if (pat->cells[i].sym == sym)
            return i;
    return -1;
}

/* Set the free cells other than those in `skip` from the bits of m. */
static void
colour_from_bits(const region_t *g, int *col, unsigned long m, const bool *skip)
{
    for (int i = 0; i < g->n; i++)
        col[i] = g->fixed[i] >= 0 || g->fixed[i] == -2 ? g->fixed[i] : 0;
    int b = 0;
    for (int k = 0; k < g->nfree; k++) {
        int i = g->free_node[k];
        if (skip[i])
            continue;
        col[i] = (m >> b) & 1 ? OPP : OWN;
        b++;
    }
}

static void
describe(const region_t *g, const int *col, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < g->nfree && len + 16 < size; k++) {
        int i = g->free_node[k];
        len += (size_t)snprintf(buf + len, size - len, "%s(%d,%d)=%c", k ? " " : "",
                                g->pat->cells[i].dc, g->pat->cells[i].dr,
                                col[i] == OWN ? 'X' : col[i] == OPP ? 'O' : '?');
    }
}

static int
nskip(const region_t *g, const bool *skip)
{
    int n = 0;
    for (int k = 0; k < g->nfree; k++)
        n += skip[g->free_node[k]];
    return n;
}

/* dead (and vulnerable, with the killer already fixed to OPP). */
static bool
check_dead(const region_t *g, int c, char *why, size_t size)
{
    bool skip[PATTERN_MAX_CELLS + 1] = { false };
    skip[c] = true;
    int nb = g->nfree - nskip(g, skip);
    for (unsigned long m = 0; m < (1ul << nb); m++) {
        int col[PATTERN_MAX_CELLS + 1];
        colour_from_bits(g, col, m, skip);
        bool ok = false;
        for (int z = 0; z < 2 && !ok; z++) {
            int a[PATTERN_MAX_CELLS + 1], b[PATTERN_MAX_CELLS + 1];
            col[c] = z;
            partition(g, col, z, a);
            col[c] = 1 - z;
            partition(g, col, z, b);
            ok = same_partition(g, a, b);
        }
        if (!ok) {
            describe(g, col, why, size);
            return false;
        }
    }
    return true;
}

static bool
check_dominated(const region_t *g, int c, int d, char *why, size_t size)
{
    bool skip[PATTERN_MAX_CELLS + 1] = { false };
    skip[c] = skip[d] = true;
    int nb = g->nfree - nskip(g, skip);
    for (unsigned long m = 0; m < (1ul << nb); m++) {
        int col[PATTERN_MAX_CELLS + 1];
        colour_from_bits(g, col, m, skip);
        for (int v = 0; v < 2; v++) {
            int a[PATTERN_MAX_CELLS + 1], b[PATTERN_MAX_CELLS + 1];
            col[c] = OWN;
            col[d] = v;
            partition(g, col, OWN, a);
            col[d] = OWN;
            col[c] = v;
            partition(g, col, OWN, b);
            if (!refines(g, a, b)) {
                describe(g, col, why, size);
                return false;
            }
        }
    }
    return true;
}

/* Captured: the local game over the subject cells.  state[k] for subject
 * k: -1 unplayed, OWN or OPP. */
typedef struct captured {
    const region_t *g;
    int ns;
    int subject[PATTERN_MAX_SUBJECT];
    signed char memo[81];               /* 3^4 states: 0 unknown, 1 good, 2 bad */
    char why[256];
} captured_t;

static int
state_index(const captured_t *cp, const int *state)
{
    int idx = 0;
    for (int k = 0; k < cp->ns; k++)
        idx = idx * 3 + state[k] + 1;
    return idx;
}

/* X's joins with the unplayed subjects X equal those with all of them X,
 * for every colouring of the other free cells. */
static bool
captured_equiv(captured_t *cp, const int *state)
{
    const region_t *g = cp->g;
    bool skip[PATTERN_MAX_CELLS + 1] = { false };
    for (int k = 0; k < cp->ns; k++)
        skip[cp->subject[k]] = true;
    int nb = g->nfree - nskip(g, skip);
    for (unsigned long m = 0; m < (1ul << nb); m++) {
        int col[PATTERN_MAX_CELLS + 1], a[PATTERN_MAX_CELLS + 1], b[PATTERN_MAX_CELLS + 1];
        colour_from_bits(g, col, m, skip);
        for (int k = 0; k < cp->ns; k++)
            col[cp->subject[k]] = OWN;
        partition(g, col, OWN, a);
        for (int k = 0; k < cp->ns; k++)
            col[cp->subject[k]] = state[k] == OPP ? OPP : OWN;
        partition(g, col, OWN, b);
        if (!refines(g, a, b)) {
            describe(g, col, cp->why, sizeof cp->why);
            return false;
        }
    }
    return true;
}

static bool
captured_good(captured_t *cp, int *state)
{
    int idx = state_index(cp, state);
    if (cp->memo[idx])
        return cp->memo[idx] == 1;
    bool good = captured_equiv(cp, state);
    for (int a = 0; a < cp->ns && good; a++) {
        if (state[a] != -1)
            continue;
        state[a] = OPP;
        bool answered = false;
        for (int r = -1; r < cp->ns && !answered; r++) {
            if (r >= 0 && state[r] != -1)
                continue;
            if (r >= 0)
                state[r] = OWN;
            answered = captured_good(cp, state);
            if (r >= 0)
                state[r] = -1;
        }
        state[a] = -1;
        good = answered;
    }
    cp->memo[idx] = good ? 1 : 2;
    return good;
}

static bool
check_captured(const region_t *g, char *why, size_t size)
{
    captured_t cp;
    memset(&cp, 0, sizeof cp);
    cp.g = g;
    for (int i = 0; i < g->pat->ncells; i++)
        if (g->pat->cells[i].sym == PSYM_SUBJECT)
            cp.subject[cp.ns++] = i;
    int state[PATTERN_MAX_SUBJECT];
    for (int k = 0; k < cp.ns; k++)
        state[k] = -1;
    bool ok = captured_good(&cp, state);
    if (!ok)
        snprintf(why, size, "the opponent breaks it (e.g. with %s)", cp.why[0] ? cp.why : "?");
    return ok;
}

/* One pattern's claim. */
static bool
check_one(const pattern_t *pat, char *why, size_t size)
{
    region_t g;
    region_build(&g, pat);
    if (g.nfree > 20) {
        snprintf(why, size, "too many free cells (%d, at most 20)", g.nfree);
        return false;
    }
    int c = node_of_sym(pat, PSYM_SUBJECT);
    int o = node_of_sym(pat, PSYM_OTHER);
    switch (pat->kind) {
    case PATTERN_DEAD:
        return check_dead(&g, c, why, size);
    case PATTERN_VULNERABLE:
        g.fixed[o] = OPP;
        g.nfree = 0;
        for (int i = 0; i < pat->ncells; i++)
            if (g.fixed[i] == -1)
                g.free_node[g.nfree++] = i;
        return check_dead(&g, c, why, size);
    case PATTERN_DOMINATED:
        return check_dominated(&g, c, o, why, size);
    case PATTERN_CAPTURED:
        return check_captured(&g, why, size);
    case PATTERN_KINDS:
        break;
    }
    snprintf(why, size, "unknown kind");
    return false;
}

static int
region_free(const pattern_t *pat)
{
    region_t g;
    region_build(&g, pat);
    return g.nfree;
}

int
patcheck_ice_file(const char *path, FILE *out)
{
    char err[512];
    pattern_set_t *s = pattern_set_load_file(path, err, sizeof err);
    if (!s) {
        fprintf(out, "%s\n", err);
        return -1;
    }
    int failed = 0;
    for (int i = 0; i < s->nsource; i++) {
        const pattern_t *pat = &s->source[i];
        char why[512] = "";
        if (check_one(pat, why, sizeof why)) {
            fprintf(out, "ok %s: %s, %d cells, every colouring of %d free cells\n",
                    pat->name, pattern_kind_name(pat->kind), pat->ncells, region_free(pat));
        } else {
            fprintf(out, "FAILED %s (%s:%d): %s claim refuted: %s\n", pat->name, path,
                    pat->line, pattern_kind_name(pat->kind), why);
            failed++;
        }
    }
    pattern_set_free(s);
    return failed;
}
