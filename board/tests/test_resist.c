/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the circuit evaluation (board/resist.h): exact values of
 * small circuits, the board's symmetries, dead cells, finished positions,
 * and the iterative solver against a dense Gaussian elimination on many
 * random small positions (HEIN_RESIST_POSITIONS of them, default 3000). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/ice.h"
#include "board/knowledge.h"
#include "board/position.h"
#include "board/resist.h"
#include "board/rng.h"
#include "board/vc.h"
#include "board/vc_template.h"

#define DEFAULT_POSITIONS 3000
#define TIGHT 1e-13             /* solver tolerance where answers are compared */

static void
dump(const position_t *p, const char *why)
{
    char text[4096];
    position_to_text(p, text, sizeof text);
    fprintf(stderr, "%s (%s to move)\n%s\n", why, hex_color_name(p->to_move), text);
}

static int
cell(const position_t *p, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(p->geo, name, &m), MOVE_PARSE_OK);
    return m;
}

/* Set up stones from "b:a1 c2 w:b3 ..." on an empty W x H board. */
static void
setup(position_t *p, int w, int h, const char *stones)
{
    geometry_t *g = geometry_new(w, h);
    position_init(p, g);
    geometry_unref(g);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", stones);
    hex_color_t c = HEX_BLACK;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (t[0] == 'b' && t[1] == ':') {
            c = HEX_BLACK;
            t += 2;
        } else if (t[0] == 'w' && t[1] == ':') {
            c = HEX_WHITE;
            t += 2;
        }
        if (*t)
            position_play(p, c, cell(p, t));
    }
}

static void
tight_params(resist_params_t *prm, bool use_vcs)
{
    resist_params_default(prm);
    prm->use_vcs = use_vcs;
    prm->tolerance = TIGHT;
    prm->max_iterations = 100000;
}

static vc_templates_t *
templates(void)
{
    char err[256];
    vc_templates_t *ts = vc_templates_load_default(err, sizeof err);
    if (!ts)
        fprintf(stderr, "%s\n", err);
    ck_assert(ts != NULL);
    return ts;
}

/* Both colours' VCs of p into vc[] (made by the caller). */
static void
build_vcs(vc_t *vc[2], const position_t *p)
{
    ck_assert(vc_build(vc[0], p, HEX_BLACK));
    ck_assert(vc_build(vc[1], p, HEX_WHITE));
}

static bool
all_finite(const resist_result_t *r)
{
    bool ok = isfinite(r->value) && isfinite(r->resistance[0]) && isfinite(r->resistance[1]);
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        ok = ok && isfinite(r->score[i]) && isfinite(r->energy[0][i])
            && isfinite(r->energy[1][i]) && r->score[i] >= 0;
    return ok;
}

/* ---- exact circuits ------------------------------------------------- */

START_TEST(resist_series_chains_have_exact_resistance)
{
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    resist_params_t prm;
    tight_params(&prm, false);
    prm.cut_dead = false;
    /* One column of H cells: for Black, edge - H cells in series - edge:
     * 1/2 + (H-1) * 1 + 1/2 = H.  For White each cell joins west and east
     * directly: H parallel paths of 1/2 + 1/2, so 1/H. */
    for (int h = 1; h <= 19; h++) {
        position_t p;
        geometry_t *g = geometry_new(1, h);
        position_init(&p, g);
        geometry_unref(g);
        ck_assert(resist_compute(rs, &prm, &p, NULL, r));
        ck_assert(fabs(r->resistance[HEX_BLACK] - h) < 1e-9 * h);
        ck_assert(fabs(r->resistance[HEX_WHITE] - 1.0 / h) < 1e-9);
        ck_assert(fabs(r->value - log(1.0 / h / h)) < 1e-9);
        ck_assert_int_eq(r->won, HEX_EMPTY);
        /* Black's current runs through every cell at once: equal energy
         * 1/H each for the interior links' halves and the edge links */
        for (int c = 0; c < h; c++)
            ck_assert(fabs(r->energy[HEX_BLACK][c] - 1.0 / h / h) < 1e-9);
        position_free(&p);
    }
    /* A group in the middle of the column is a short: 1 x 5 with a black
     * stone on row 3: 1/2 + 1 + (1/2 + 1/2, the stone) ... = links
     * N-c1 (1/2), c1-c2 (1), c2-G (1/2), G-c4 (1/2), c4-c5 (1), c5-S
     * (1/2): 4. */
    position_t p;
    setup(&p, 1, 5, "b:a3");
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert(fabs(r->resistance[HEX_BLACK] - 4.0) < 1e-9);
    ck_assert(r->energy[HEX_BLACK][cell(&p, "a3")] == 0);
    ck_assert(r->score[cell(&p, "a3")] == 0);
    position_free(&p);
    free(r);
    resist_free(rs);
}
END_TEST

/* ---- symmetry ------------------------------------------------------- */

/* The 180-degree rotation of a cell id. */
static int
rot(const geometry_t *g, int c)
{
    return geometry_half_turn(g, c);
}

/* The cell of the transposed (H x W) board: (col, row) -> (row, col). */
static int
transpose(const geometry_t *from, const geometry_t *to, int c)
{
    return geometry_cell(to, geometry_row(from, c), geometry_col(from, c));
}

static void
rotated(const position_t *src, position_t *dst)
{
    position_init(dst, src->geo);
    for (int c = 0; c < src->geo->ncells; c++) {
        hex_color_t x = position_color_at(src, c);
        if (x != HEX_EMPTY)
            position_play(dst, x, rot(src->geo, c));
    }
}

static void
transposed(const position_t *src, position_t *dst)
{
    geometry_t *g = geometry_new(src->geo->height, src->geo->width);
    position_init(dst, g);
    geometry_unref(g);
    for (int c = 0; c < src->geo->ncells; c++) {
        hex_color_t x = position_color_at(src, c);
        if (x != HEX_EMPTY)
            position_play(dst, hex_color_other(x), transpose(src->geo, dst->geo, c));
    }
}

static bool
near(double a, double b, double scale)
{
    return fabs(a - b) <= 1e-9 * (scale > 1 ? scale : 1);
}

/* Evaluate p and its image q (under rotation, or transposition with the
 * colours swapped) and compare cell by cell. */
static void
check_image(resist_t *rs, const resist_params_t *prm, vc_t *vc[2], const position_t *p,
            const position_t *q, bool swap_colors, resist_result_t *a, resist_result_t *b)
{
    const vc_t *const *vcs = NULL;
    if (prm->use_vcs) {
        build_vcs(vc, p);
        vcs = (const vc_t *const *)vc;
    }
    ck_assert(resist_compute(rs, prm, p, vcs, a));
    if (prm->use_vcs)
        build_vcs(vc, q);
    ck_assert(resist_compute(rs, prm, q, vcs, b));
    bool ok = true;
    for (int c = 0; c < 2; c++) {
        int d = swap_colors ? 1 - c : c;
        ok = ok && near(a->resistance[c], b->resistance[d], a->resistance[c]);
    }
    ok = ok && near(a->value, swap_colors ? -b->value : b->value, fabs(a->value));
    for (int x = 0; x < p->geo->ncells && ok; x++) {
        int y = swap_colors ? transpose(p->geo, q->geo, x) : rot(p->geo, x);
        for (int c = 0; c < 2; c++) {
            int d = swap_colors ? 1 - c : c;
            ok = ok && near(a->energy[c][x], b->energy[d][y], 0);
        }
        ok = ok && near(a->score[x], b->score[y], 0);
    }
    if (!ok) {
        dump(p, swap_colors ? "transpose differs" : "rotation differs");
        dump(q, "image");
    }
    ck_assert(ok);
}

START_TEST(resist_empty_board_is_symmetric)
{
    static const int sizes[][2] = { { 1, 1 }, { 3, 3 }, { 5, 5 }, { 7, 7 }, { 11, 11 },
                                    { 4, 6 }, { 9, 5 }, { 19, 19 } };
    resist_t *rs = resist_new();
    resist_result_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vc_templates_t *ts = templates();
    vc_params_t vp;
    vc_params_default(&vp);
    vc_t *vc[2] = { vc_new(&vp, ts), vc_new(&vp, ts) };
    for (int use_vcs = 0; use_vcs < 2; use_vcs++) {
        resist_params_t prm;
        tight_params(&prm, use_vcs);
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            position_t p, q;
            geometry_t *g = geometry_new(sizes[i][0], sizes[i][1]);
            position_init(&p, g);
            geometry_unref(g);
            rotated(&p, &q);
            check_image(rs, &prm, vc, &p, &q, false, a, b);
            position_free(&q);
            transposed(&p, &q);
            check_image(rs, &prm, vc, &p, &q, true, a, b);
            /* on a square board the colours are equal: value 0 */
            if (sizes[i][0] == sizes[i][1])
                ck_assert(fabs(a->value) < 1e-9);
            ck_assert(a->converged);
            position_free(&q);
            position_free(&p);
        }
    }
    vc_free(vc[0]);
    vc_free(vc[1]);
    vc_templates_free(ts);
    free(a);
    free(b);
    resist_free(rs);
}
END_TEST

/* A random position on W x H with about `fill` of the cells occupied. */
static void
random_position(rng_t *rng, position_t *p, int w, int h, double fill)
{
    geometry_t *g = geometry_new(w, h);
    position_init(p, g);
    geometry_unref(g);
    for (int c = 0; c < g->ncells; c++) {
        double u = (double)rng_below(rng, 1000000) / 1e6;
        if (u < fill)
            position_play(p, (hex_color_t)rng_below(rng, 2), c);
    }
}

START_TEST(resist_random_positions_are_symmetric)
{
    resist_t *rs = resist_new();
    resist_result_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vc_t *vc[2] = { NULL, NULL };       /* not used without VCs */
    rng_t rng;
    rng_seed(&rng, 2024);
    /* Without VCs: H-search keeps the smallest connections it finds up to
     * per-pair limits, and where the limits bite the kept lists of a
     * position and of its image can differ (both sound), so with VCs only
     * the empty boards above are exact images. */
    for (int n = 0; n < 300; n++) {
        resist_params_t prm;
        tight_params(&prm, false);
        prm.cut_dead = n % 3 != 0;
        int w = 2 + (int)rng_below(&rng, 7), h = 2 + (int)rng_below(&rng, 7);
        position_t p, q;
        random_position(&rng, &p, w, h, 0.35);
        rotated(&p, &q);
        check_image(rs, &prm, vc, &p, &q, false, a, b);
        position_free(&q);
        transposed(&p, &q);
        check_image(rs, &prm, vc, &p, &q, true, a, b);
        ck_assert(all_finite(a));
        position_free(&q);
        position_free(&p);
    }
    free(a);
    free(b);
    resist_free(rs);
}
END_TEST

/* ---- dead cells ----------------------------------------------------- */

START_TEST(resist_dead_cells_get_no_energy)
{
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    resist_params_t prm;
    tight_params(&prm, false);
    /* c3 inside a ring of black stones: one black neighbour node (a dead
     * end), no white one.  Dead by the clique rule; no current enters it
     * even when it is not cut. */
    position_t p;
    setup(&p, 5, 5, "b:c2 d2 b3 d3 b4 c4");
    int c3 = cell(&p, "c3");
    ck_assert(ice_clique_dead(&p, c3));
    prm.cut_dead = false;
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert(fabs(r->energy[HEX_BLACK][c3]) < 1e-12);
    ck_assert(r->energy[HEX_WHITE][c3] == 0);
    prm.cut_dead = true;
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert(r->energy[HEX_BLACK][c3] == 0 && r->score[c3] == 0);
    position_free(&p);
    /* a1 with black b1 (on the north edge) and white a2 (on the west
     * edge) beside it: one Black node (north) and one White node (west)
     * around it.  Dead, and cut. */
    setup(&p, 4, 4, "b:b1 w:a2");
    int a1 = cell(&p, "a1");
    ck_assert(ice_clique_dead(&p, a1));
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert(r->energy[0][a1] == 0 && r->energy[1][a1] == 0 && r->score[a1] == 0);
    position_free(&p);
    /* Random positions: every clique-dead cell scores exactly 0, and
     * cutting the dead cells never cuts a side that is not lost. */
    rng_t rng;
    rng_seed(&rng, 77);
    resist_params_t uncut = prm;
    uncut.cut_dead = false;
    resist_result_t *u = malloc(sizeof *u);
    int seen = 0;
    for (int n = 0; n < 1000; n++) {
        random_position(&rng, &p, 3 + (int)rng_below(&rng, 6), 3 + (int)rng_below(&rng, 6), 0.5);
        ck_assert(resist_compute(rs, &prm, &p, NULL, r));
        ck_assert(resist_compute(rs, &uncut, &p, NULL, u));
        bitset_t empty = position_empty_cells(&p);
        for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
            if (!ice_clique_dead(&p, c))
                continue;
            seen++;
            if (r->score[c] != 0 || r->energy[0][c] != 0 || r->energy[1][c] != 0)
                dump(&p, "a dead cell has energy");
            ck_assert(r->score[c] == 0 && r->energy[0][c] == 0 && r->energy[1][c] == 0);
        }
        for (int c = 0; c < 2; c++)
            ck_assert((r->resistance[c] >= RESIST_CUT) == (u->resistance[c] >= RESIST_CUT));
        position_free(&p);
    }
    ck_assert_int_gt(seen, 100);
    free(u);
    free(r);
    resist_free(rs);
}
END_TEST

/* ---- finished and nearly finished positions ------------------------- */

START_TEST(resist_connected_side_has_won)
{
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    resist_params_t prm;
    resist_params_default(&prm);
    /* Black c1..c5 (a straight column joins north and south). */
    position_t p;
    setup(&p, 5, 5, "b:c1 c2 c3 c4 c5 w:a1 b2");
    ck_assert_int_eq(p.winner, HEX_BLACK);
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert_int_eq(r->won, HEX_BLACK);
    ck_assert(r->resistance[HEX_BLACK] == 0);
    ck_assert(r->resistance[HEX_WHITE] == RESIST_CUT);
    ck_assert(r->value == RESIST_WON);
    ck_assert(all_finite(r));
    for (int c = 0; c < p.geo->ncells; c++)
        ck_assert(r->score[c] == 0);
    position_free(&p);
    /* White a3..e3: the other way round. */
    setup(&p, 5, 5, "w:a3 b3 c3 d3 e3 b:c1");
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    ck_assert_int_eq(r->won, HEX_WHITE);
    ck_assert(r->value == -RESIST_WON && all_finite(r));
    position_free(&p);
    /* Connected by a VC only: Black b2 on 3x3 bridges to both edges. */
    vc_params_t vp;
    vc_params_default(&vp);
    vc_t *vc[2] = { vc_new(&vp, NULL), vc_new(&vp, NULL) };
    setup(&p, 3, 3, "b:b2");
    build_vcs(vc, &p);
    ck_assert(resist_compute(rs, &prm, &p, (const vc_t *const *)vc, r));
    ck_assert_int_eq(r->won, HEX_BLACK);
    ck_assert(r->resistance[HEX_BLACK] == 0 && r->value == RESIST_WON);
    ck_assert(r->resistance[HEX_WHITE] > 0 && r->resistance[HEX_WHITE] < RESIST_CUT);
    ck_assert(all_finite(r));
    /* without VCs it is an ordinary, good, position for Black */
    prm.use_vcs = false;
    ck_assert(resist_compute(rs, &prm, &p, (const vc_t *const *)vc, r));
    ck_assert_int_eq(r->won, HEX_EMPTY);
    ck_assert(r->value > 0 && r->value < RESIST_WON);
    position_free(&p);
    vc_free(vc[0]);
    vc_free(vc[1]);
    /* Nearly finished boards, every number of empty cells from 0 up:
     * finite everything, the winner (if any) seen, value in range. */
    rng_t rng;
    rng_seed(&rng, 5);
    prm.use_vcs = true;
    vc[0] = vc_new(&vp, NULL);
    vc[1] = vc_new(&vp, NULL);
    for (int n = 0; n < 400; n++) {
        int w = 1 + (int)rng_below(&rng, 8), h = 1 + (int)rng_below(&rng, 8);
        random_position(&rng, &p, w, h, 1.0);
        /* empty a few again, by undo */
        int k = (int)rng_below(&rng, 4);
        for (int i = 0; i < k && p.nmoves > 0; i++)
            position_undo(&p);
        build_vcs(vc, &p);
        ck_assert(resist_compute(rs, &prm, &p, (const vc_t *const *)vc, r));
        if (!all_finite(r))
            dump(&p, "not finite");
        ck_assert(all_finite(r));
        ck_assert(fabs(r->value) <= RESIST_WON);
        if (p.winner != HEX_EMPTY)
            ck_assert_int_eq(r->won, p.winner);
        if (r->won == HEX_EMPTY)
            ck_assert(r->resistance[0] > 0 && r->resistance[0] < RESIST_CUT
                      && r->resistance[1] > 0 && r->resistance[1] < RESIST_CUT);
        position_free(&p);
    }
    vc_free(vc[0]);
    vc_free(vc[1]);
    free(r);
    resist_free(rs);
}
END_TEST

/* ---- against a dense solver ----------------------------------------- */

#define DMAX (6 * 6 + 2)

/* The oracle: the same circuit, written out as a dense conductance
 * matrix, solved by Gaussian elimination with partial pivoting. */
typedef struct dense {
    int n;
    int id[DMAX];
    double g[DMAX][DMAX];
    bool empty[DMAX];
    double a[DMAX][DMAX + 1];   /* the reduced system, augmented */
} dense_t;

static int
dense_node(dense_t *d, const position_t *p, int id)
{
    for (int i = 0; i < d->n; i++)
        if (d->id[i] == id)
            return i;
    ck_assert_int_lt(d->n, DMAX);
    d->id[d->n] = id;
    d->empty[d->n] = geometry_is_cell(p->geo, id) && position_color_at(p, id) == HEX_EMPTY;
    for (int j = 0; j <= d->n; j++)
        d->g[d->n][j] = d->g[j][d->n] = 0;
    return d->n++;
}

/* id's node in colour c's circuit, or -1 */
static int
dense_id(const position_t *p, const bitset_t *cut, hex_color_t c, int v)
{
    if (geometry_is_edge(v))
        return v == geometry_edge1(c) || v == geometry_edge2(c) ? position_group(p, v) : -1;
    if (position_color_at(p, v) == HEX_EMPTY)
        return bitset_test(cut, v) ? -1 : v;
    return position_color_at(p, v) == c ? position_group(p, v) : -1;
}

typedef struct dense_vc {
    dense_t *d;
    const position_t *p;
    const bitset_t *cut;
    hex_color_t c;
    double w;
} dense_vc_t;

static void
dense_vc_pair(int a, int b, const vc_conn_t *fulls, int nfull, const vc_conn_t *semis,
              int nsemi, void *arg)
{
    (void)semis;
    (void)nsemi;
    dense_vc_t *v = arg;
    bool adjacent = false;
    for (int i = 0; i < nfull; i++)
        adjacent |= bitset_is_empty(&fulls[i].carrier);
    if (nfull == 0 || adjacent)
        return;
    int e1 = position_group(v->p, geometry_edge1(v->c));
    int e2 = position_group(v->p, geometry_edge2(v->c));
    if ((a == e1 && b == e2) || (a == e2 && b == e1))
        return;
    if (dense_id(v->p, v->cut, v->c, a) != a || dense_id(v->p, v->cut, v->c, b) != b)
        return;
    int x = dense_node(v->d, v->p, a), y = dense_node(v->d, v->p, b);
    v->d->g[x][y] += v->w;
    v->d->g[y][x] += v->w;
}

/* Solve colour c's circuit densely: resistance and energies. */
static void
dense_eval(const position_t *p, const resist_params_t *prm, const vc_t *vc, hex_color_t c,
           double *res, double *energy)
{
    const geometry_t *geo = p->geo;
    for (int i = 0; i < HEX_MAX_CELLS; i++)
        energy[i] = 0;
    bitset_t cut = bitset_empty(), empty = position_empty_cells(p);
    for (int x = bitset_first(&empty); x >= 0; x = bitset_next(&empty, x))
        if (prm->cut_dead && ice_clique_dead(p, x))
            bitset_set(&cut, x);
    int e1 = position_group(p, geometry_edge1(c)), e2 = position_group(p, geometry_edge2(c));
    if (p->winner == c || (prm->use_vcs && vc && vc_connected_fully(vc))) {
        *res = 0;
        return;
    }
    dense_t *d = calloc(1, sizeof *d);
    int hi = dense_node(d, p, e1), lo = dense_node(d, p, e2);
    for (int u = 0; u < geo->ncells; u++) {
        if (dense_id(p, &cut, c, u) != u || position_color_at(p, u) != HEX_EMPTY)
            continue;
        bool linked[HEX_MAX_IDS] = { false };
        for (int i = 0; i < geo->nbr_count[u]; i++) {
            int v = dense_id(p, &cut, c, geo->nbr[u][i]);
            if (v < 0 || linked[v])
                continue;
            linked[v] = true;
            bool ve = geometry_is_cell(geo, v) && position_color_at(p, v) == HEX_EMPTY;
            if (ve && v < u)
                continue;       /* counted from v */
            double g = ve ? prm->empty_empty : prm->empty_group;
            int x = dense_node(d, p, u), y = dense_node(d, p, v);
            d->g[x][y] += g;
            d->g[y][x] += g;
        }
    }
    if (prm->use_vcs && vc) {
        dense_vc_t v = { d, p, &cut, c, prm->vc_weight };
        vc_foreach_pair(vc, dense_vc_pair, &v);
    }
    /* nodes joined to either edge */
    int n = d->n;
    bool in[DMAX] = { false };
    int stack[DMAX], top = 0;
    in[hi] = in[lo] = true;
    stack[top++] = hi;
    stack[top++] = lo;
    while (top > 0) {
        int u = stack[--top];
        for (int v = 0; v < n; v++)
            if (!in[v] && d->g[u][v] > 0) {
                in[v] = true;
                stack[top++] = v;
            }
    }
    /* is lo reachable from hi without passing lo?  (any path will do) */
    bool from_hi[DMAX] = { false };
    top = 0;
    from_hi[hi] = true;
    stack[top++] = hi;
    while (top > 0) {
        int u = stack[--top];
        if (u == lo)
            continue;
        for (int v = 0; v < n; v++)
            if (!from_hi[v] && d->g[u][v] > 0) {
                from_hi[v] = true;
                stack[top++] = v;
            }
    }
    if (!from_hi[lo]) {
        *res = RESIST_CUT;
        free(d);
        return;
    }
    /* unknowns: every node joined to an edge, but the edges */
    int unk[DMAX], m = 0, pos_of[DMAX];
    for (int i = 0; i < n; i++) {
        pos_of[i] = -1;
        if (in[i] && i != hi && i != lo) {
            pos_of[i] = m;
            unk[m++] = i;
        }
    }
    double (*a)[DMAX + 1] = d->a;
    for (int i = 0; i < m; i++) {
        for (int j = 0; j <= m; j++)
            a[i][j] = 0;
        int u = unk[i];
        for (int v = 0; v < n; v++) {
            if (d->g[u][v] == 0)
                continue;
            a[i][i] += d->g[u][v];
            if (v == hi)
                a[i][m] += d->g[u][v];
            else if (pos_of[v] >= 0)
                a[i][pos_of[v]] -= d->g[u][v];
        }
    }
    for (int k = 0; k < m; k++) {
        int piv = k;
        for (int i = k + 1; i < m; i++)
            if (fabs(a[i][k]) > fabs(a[piv][k]))
                piv = i;
        for (int j = 0; j <= m; j++) {
            double t = a[k][j];
            a[k][j] = a[piv][j];
            a[piv][j] = t;
        }
        for (int i = k + 1; i < m; i++) {
            double f = a[i][k] / a[k][k];
            for (int j = k; j <= m; j++)
                a[i][j] -= f * a[k][j];
        }
    }
    double volt[DMAX] = { 0 };
    for (int k = m - 1; k >= 0; k--) {
        double s = a[k][m];
        for (int j = k + 1; j < m; j++)
            s -= a[k][j] * volt[unk[j]];
        volt[unk[k]] = s / a[k][k];
    }
    volt[hi] = 1;
    volt[lo] = 0;
    double power = 0;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++) {
            if (d->g[u][v] == 0 || !in[u] || !in[v])
                continue;
            double w = d->g[u][v] * (volt[u] - volt[v]) * (volt[u] - volt[v]);
            power += w;
            if (d->empty[u] && d->empty[v]) {
                energy[d->id[u]] += w / 2;
                energy[d->id[v]] += w / 2;
            } else if (d->empty[u]) {
                energy[d->id[u]] += w;
            } else if (d->empty[v]) {
                energy[d->id[v]] += w;
            }
        }
    *res = 1 / power;
    free(d);
}

static long
positions_to_test(void)
{
    const char *s = getenv("HEIN_RESIST_POSITIONS");
    long n = s ? atol(s) : DEFAULT_POSITIONS;
    return n > 0 ? n : DEFAULT_POSITIONS;
}

START_TEST(resist_solver_agrees_with_gaussian_elimination)
{
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    vc_templates_t *ts = templates();
    vc_params_t vp;
    vc_params_default(&vp);
    vc_t *vc[2] = { vc_new(&vp, ts), vc_new(&vp, ts) };
    rng_t rng;
    rng_seed(&rng, 31337);
    long total = positions_to_test(), solved = 0;
    double worst = 0;
    for (long n = 0; n < total; n++) {
        resist_params_t prm;
        tight_params(&prm, rng_below(&rng, 2));
        prm.cut_dead = rng_below(&rng, 4) != 0;
        prm.warm_start = rng_below(&rng, 2);
        /* odd conductances too: the model, not its defaults, is tested */
        if (rng_below(&rng, 3) == 0) {
            prm.empty_empty = 0.1 + (double)rng_below(&rng, 100) / 10;
            prm.empty_group = 0.1 + (double)rng_below(&rng, 100) / 10;
            prm.vc_weight = 0.1 + (double)rng_below(&rng, 100) / 10;
        }
        int w = 1 + (int)rng_below(&rng, 6), h = 1 + (int)rng_below(&rng, 6);
        position_t p;
        random_position(&rng, &p, w, h, (double)rng_below(&rng, 60) / 100);
        build_vcs(vc, &p);
        ck_assert(resist_compute(rs, &prm, &p, (const vc_t *const *)vc, r));
        bool ok = r->converged;
        for (int c = 0; c < 2; c++) {
            double res, energy[HEX_MAX_CELLS];
            dense_eval(&p, &prm, prm.use_vcs ? vc[c] : NULL, (hex_color_t)c, &res, energy);
            double scale = res > 1 ? res : 1;
            double err = fabs(res - r->resistance[c]) / scale;
            /* energies are at most the power 1/R */
            double escale = res > 0 && res < RESIST_CUT ? 1 / res : 1;
            for (int x = 0; x < p.geo->ncells; x++) {
                double e = fabs(energy[x] - r->energy[c][x]) / (escale > 1 ? escale : 1);
                err = e > err ? e : err;
            }
            worst = err > worst ? err : worst;
            ok = ok && err <= 1e-9;
            solved += res > 0 && res < RESIST_CUT;
        }
        if (!ok)
            dump(&p, "iterative and dense solutions differ");
        ck_assert(ok);
        position_free(&p);
    }
    fprintf(stderr, "resist: %ld positions, %ld circuits solved, worst difference %.2g\n",
            total, solved, worst);
    vc_free(vc[0]);
    vc_free(vc[1]);
    vc_templates_free(ts);
    free(r);
    resist_free(rs);
}
END_TEST

/* ---- ordering, warm start ------------------------------------------- */

START_TEST(resist_order_is_by_score)
{
    resist_t *rs = resist_new();
    resist_result_t *r = malloc(sizeof *r);
    resist_params_t prm;
    resist_params_default(&prm);
    position_t p;
    setup(&p, 7, 7, "b:d4 w:c5 e2");
    ck_assert(resist_compute(rs, &prm, &p, NULL, r));
    int moves[HEX_MAX_CELLS];
    int n = resist_order(r, &p, moves);
    ck_assert_int_eq(n, 46);
    for (int i = 1; i < n; i++) {
        ck_assert(r->score[moves[i - 1]] >= r->score[moves[i]]);
        if (r->score[moves[i - 1]] == r->score[moves[i]])
            ck_assert_int_lt(moves[i - 1], moves[i]);
    }
    bitset_t all = position_empty_cells(&p);
    ck_assert_int_eq(resist_best(r, &p, &all), moves[0]);
    bitset_t none = p.stones[0];
    ck_assert_int_eq(resist_best(r, &p, &none), -1);
    /* scores of a live position add up to at most 2 (two shares of 1) */
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += r->score[moves[i]];
    ck_assert(sum > 0.5 && sum <= 2 + 1e-9);
    position_free(&p);
    free(r);
    resist_free(rs);
}
END_TEST

START_TEST(resist_warm_start_gives_the_same_answer)
{
    resist_t *cold = resist_new(), *warm = resist_new();
    resist_result_t *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    resist_params_t pc, pw;
    tight_params(&pc, false);
    pc.warm_start = false;
    pw = pc;
    pw.warm_start = true;
    rng_t rng;
    rng_seed(&rng, 9);
    position_t p;
    random_position(&rng, &p, 11, 11, 0.3);
    ck_assert(resist_compute(warm, &pw, &p, NULL, a));
    bitset_t empty = position_empty_cells(&p);
    long it_cold = 0, it_warm = 0;
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        position_play(&p, p.to_move, c);
        ck_assert(resist_compute(cold, &pc, &p, NULL, a));
        ck_assert(resist_compute(warm, &pw, &p, NULL, b));
        for (int k = 0; k < 2; k++) {
            ck_assert(near(a->resistance[k], b->resistance[k], a->resistance[k]));
            it_cold += a->iterations[k];
            it_warm += b->iterations[k];
        }
        position_undo(&p);
    }
    /* informative only: a benchmark measures, a test asserts */
    fprintf(stderr, "resist: sibling solves, %ld iterations cold, %ld warm\n", it_cold, it_warm);
    position_free(&p);
    free(a);
    free(b);
    resist_free(cold);
    resist_free(warm);
}
END_TEST

/* kn_expand with KN_ORDER_RESIST lists each move's circuit score beside
 * it: the scores resist_compute gives on the same board with the same
 * VCs.  On a position without fill-in the filled board is the position
 * itself. */
START_TEST(kn_expansion_carries_the_circuit_scores)
{
    ice_params_t ip;
    ice_params_init(&ip);
    vc_params_t vp;
    vc_params_default(&vp);
    resist_params_t rp;
    resist_params_default(&rp);
    rp.warm_start = false;
    kn_config_t cfg = {
        .ice_patterns = NULL, .ice_params = &ip, .vc_templates = NULL, .vc_params = &vp,
        .order = KN_ORDER_RESIST, .resist_params = &rp, .rules_only = false,
    };
    kn_t *kn = kn_new(&cfg);
    ck_assert_ptr_nonnull(kn);
    kn_expansion_t *e = malloc(sizeof *e);
    resist_result_t *r = malloc(sizeof *r);
    resist_t *rs = resist_new();
    vc_t *vc[2] = { vc_new(&vp, NULL), vc_new(&vp, NULL) };
    const char *setups[] = { "", "b:e5", "b:e5 w:d6", "b:c4 w:e3 e6" };
    for (int k = 0; k < 4; k++) {
        position_t p;
        setup(&p, 9, 9, setups[k]);
        ck_assert(kn_expand(kn, &p, p.to_move, e));
        ck_assert_int_eq(e->reason, KN_OPEN);
        if (!bitset_is_empty(&e->fill[0]) || !bitset_is_empty(&e->fill[1])) {
            dump(&p, "has fill-in: pick another position");
            ck_abort();
        }
        build_vcs(vc, &p);
        const vc_t *vcs[2] = { vc[0], vc[1] };
        ck_assert(resist_compute(rs, &rp, &p, vcs, r));
        ck_assert_int_gt(e->n, 0);
        for (int i = 0; i < e->n; i++) {
            ck_assert(e->score[i] == (float)r->score[e->moves[i]]);
            ck_assert(e->score[i] > 0);
            if (i > 0)
                ck_assert(e->score[i - 1] >= e->score[i]);
        }
        position_free(&p);
    }
    /* the other orders carry no score */
    cfg.order = KN_ORDER_CENTRE;
    kn_t *centre = kn_new(&cfg);
    position_t p;
    setup(&p, 5, 5, "b:c3");
    ck_assert(kn_expand(centre, &p, p.to_move, e));
    for (int i = 0; i < e->n; i++)
        ck_assert(e->score[i] == 0);
    position_free(&p);
    kn_free(centre);
    vc_free(vc[0]);
    vc_free(vc[1]);
    resist_free(rs);
    free(r);
    free(e);
    kn_free(kn);
}
END_TEST

static Suite *
resist_suite(void)
{
    Suite *s = suite_create("resist");
    TCase *tc = tcase_create("circuit");
    tcase_add_test(tc, resist_series_chains_have_exact_resistance);
    tcase_add_test(tc, resist_empty_board_is_symmetric);
    tcase_add_test(tc, resist_random_positions_are_symmetric);
    tcase_add_test(tc, resist_dead_cells_get_no_energy);
    tcase_add_test(tc, resist_connected_side_has_won);
    tcase_add_test(tc, resist_order_is_by_score);
    tcase_add_test(tc, resist_warm_start_gives_the_same_answer);
    tcase_add_test(tc, kn_expansion_carries_the_circuit_scores);
    suite_add_tcase(s, tc);
    tc = tcase_create("dense");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, resist_solver_agrees_with_gaussian_elimination);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(resist_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
