/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the virtual-connection engine (board/vc.h): the H-search
 * rules on known shapes, edge templates, incremental updates against
 * fresh builds, and soundness against exact minimax on random small
 * positions (HEIN_VC_POSITIONS of them, default 10000). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bitset.h"
#include "board/geometry.h"
#include "board/position.h"
#include "board/rng.h"
#include "board/tests/minimax.h"
#include "board/vc.h"
#include "board/vc_template.h"

#define DEFAULT_POSITIONS 10000

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

/* Set up stones from "b:a1 c2 w:b3 ..." and the side to move. */
static void
setup(position_t *p, int w, int h, const char *stones, hex_color_t to_move)
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
    position_set_to_move(p, to_move);
}

static bitset_t
cells(const position_t *p, const char *names)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    bitset_t s = bitset_empty();
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        bitset_set(&s, cell(p, t));
    return s;
}

static bool
has_carrier(const vc_t *vc, int a, int b, vc_type_t type, const bitset_t *want)
{
    const vc_conn_t *l;
    int n = vc_between(vc, a, b, type, &l);
    for (int i = 0; i < n; i++)
        if (bitset_equal(&l[i].carrier, want))
            return true;
    return false;
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

/* ---- the rules on known shapes -------------------------------------- */

START_TEST(vc_bridge_is_full_from_two_semis)
{
    position_t p;
    setup(&p, 5, 5, "b:b2 c3", HEX_WHITE);
    vc_params_t params;
    vc_params_default(&params);
    params.use_templates = false;
    vc_t *vc = vc_new(&params, NULL);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    int b2 = cell(&p, "b2"), c3 = cell(&p, "c3");
    bitset_t both = cells(&p, "c2 b3"), k1 = cells(&p, "c2"), k2 = cells(&p, "b3");
    bitset_t none = bitset_empty();
    ck_assert(has_carrier(vc, b2, c3, VC_FULL, &both));
    ck_assert(!has_carrier(vc, b2, c3, VC_FULL, &none));
    /* the two semis the OR combined: keys c2 and b3 */
    ck_assert(has_carrier(vc, b2, c3, VC_SEMI, &k1));
    ck_assert(has_carrier(vc, b2, c3, VC_SEMI, &k2));
    /* an empty cell is adjacent to its neighbours */
    ck_assert(has_carrier(vc, b2, cell(&p, "c2"), VC_FULL, &none));
    /* for White, b2 is no endpoint and the bridge's cells are adjacent */
    vc_t *vw = vc_new(&params, NULL);
    ck_assert(vc_build(vw, &p, HEX_WHITE));
    ck_assert_int_eq(vc_endpoint(vw, b2), -1);
    ck_assert(has_carrier(vw, cell(&p, "c2"), cell(&p, "b3"), VC_FULL, &none));
    /* a white stone in the carrier leaves Black a semi (key b3) */
    position_play(&p, HEX_WHITE, cell(&p, "c2"));
    ck_assert(vc_play(vc, &p, HEX_WHITE, cell(&p, "c2")));
    ck_assert(!has_carrier(vc, b2, c3, VC_FULL, &both));
    ck_assert(has_carrier(vc, b2, c3, VC_SEMI, &k2));
    ck_assert(!has_carrier(vc, b2, c3, VC_SEMI, &k1));
    vc_free(vw);
    vc_free(vc);
    position_free(&p);
}
END_TEST

START_TEST(vc_chain_of_bridges_wins)
{
    position_t p;
    /* 3x3: b2 bridges to both edges */
    setup(&p, 3, 3, "b:b2", HEX_WHITE);
    vc_params_t params;
    vc_params_default(&params);
    params.use_templates = false;
    vc_t *vb = vc_new(&params, NULL), *vw = vc_new(&params, NULL);
    ck_assert(vc_build(vb, &p, HEX_BLACK));
    ck_assert(vc_build(vw, &p, HEX_WHITE));
    ck_assert(vc_connected_fully(vb));
    bitset_t mp;
    ck_assert(!vc_mustplay(vb, &p, &mp));
    ck_assert(bitset_is_empty(&mp));
    ck_assert(!vc_connected_semi(vw));
    position_free(&p);
    /* 5x5: a stone chain b2-c3 + bridges north of b2 and south of c4 */
    setup(&p, 5, 5, "b:b2 c3 c4 w:a3 d2", HEX_WHITE);
    ck_assert(vc_build(vb, &p, HEX_BLACK));
    ck_assert_int_eq(vc_endpoint(vb, cell(&p, "c3")), vc_endpoint(vb, cell(&p, "c4")));
    ck_assert(vc_connected_fully(vb));
    position_free(&p);
    vc_free(vb);
    vc_free(vw);
}
END_TEST

START_TEST(vc_semi_to_edge_gives_mustplay)
{
    position_t p;
    /* Black b2 on 3x4 (3 wide, 4 high): full to north, south is 3 rows
     * away; White to move must play in Black's semi carriers */
    setup(&p, 3, 3, "b:b1 w:a2", HEX_WHITE);
    vc_params_t params;
    vc_params_default(&params);
    vc_templates_t *ts = templates();
    vc_t *vb = vc_new(&params, ts);
    ck_assert(vc_build(vb, &p, HEX_BLACK));
    bitset_t mp;
    ck_assert(vc_mustplay(vb, &p, &mp));
    minimax_t *m = minimax_new();
    bitset_t win = minimax_winning_moves(m, &p);
    ck_assert(bitset_is_subset(&win, &mp));
    ck_assert(!bitset_is_empty(&mp));
    minimax_free(m);
    vc_free(vb);
    vc_templates_free(ts);
    position_free(&p);
}
END_TEST

START_TEST(vc_edge_templates_are_found)
{
    vc_templates_t *ts = templates();
    ck_assert_int_ge(ts->nfile, 2);
    vc_params_t params;
    vc_params_default(&params);
    vc_t *vc = vc_new(&params, ts);
    position_t p;
    /* Black d5 on 7x7 is on the third row from the south: the ziggurat,
     * either way round */
    setup(&p, 7, 7, "b:d5", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    bitset_t zig = cells(&p, "e5 c6 d6 e6 b7 c7 d7 e7");
    bitset_t zig2 = cells(&p, "c5 b6 c6 d6 a7 b7 c7 d7");
    int d5 = cell(&p, "d5");
    ck_assert(has_carrier(vc, d5, HEX_SOUTH, VC_FULL, &zig));
    ck_assert(has_carrier(vc, d5, HEX_SOUTH, VC_FULL, &zig2));
    /* the same for White against the east edge: e4 is three columns
     * from it (transposed) */
    position_free(&p);
    setup(&p, 7, 7, "w:e4", HEX_BLACK);
    ck_assert(vc_build(vc, &p, HEX_WHITE));
    bitset_t zt = cells(&p, "e5 f3 f4 f5 g2 g3 g4 g5");
    ck_assert(has_carrier(vc, cell(&p, "e4"), HEX_EAST, VC_FULL, &zt));
    /* bridge to the north edge, rotated: b2 -> a1 b1 */
    position_free(&p);
    setup(&p, 4, 4, "b:b2", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    bitset_t br = cells(&p, "b1 c1");
    ck_assert(has_carrier(vc, cell(&p, "b2"), HEX_NORTH, VC_FULL, &br));
    /* an opponent stone in the carrier removes the template */
    position_free(&p);
    setup(&p, 7, 7, "b:d5 w:a7", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    ck_assert(!has_carrier(vc, d5, HEX_SOUTH, VC_FULL, &zig2));
    ck_assert(has_carrier(vc, d5, HEX_SOUTH, VC_FULL, &zig));
    position_free(&p);
    vc_free(vc);
    vc_templates_free(ts);
}
END_TEST

/* Whether a connection between a and b has carrier `want` and came from
 * an edge template. */
static bool
has_template_carrier(const vc_t *vc, int a, int b, const bitset_t *want)
{
    const vc_conn_t *l;
    int n = vc_between(vc, a, b, VC_FULL, &l);
    for (int i = 0; i < n; i++)
        if (bitset_equal(&l[i].carrier, want) && l[i].rule == VC_RULE_TEMPLATE)
            return true;
    return false;
}

/* A workspace with the templates ts and room for a template's large
 * carrier beside the smaller ones H-search finds on a small board. */
static vc_t *
roomy_vc(const vc_templates_t *ts)
{
    vc_params_t params;
    vc_params_default(&params);
    params.max_fulls = 100;
    vc_t *vc = vc_new(&params, ts);
    ck_assert(vc != NULL);
    return vc;
}

START_TEST(vc_row4_templates_are_found)
{
    vc_templates_t *ts = templates();
    ck_assert_int_ge(ts->nfile, 4);
    vc_t *vc = roomy_vc(ts);
    position_t p;
    /* 7x4: Black e1 is on the fourth row from the south; template IVa as
     * drawn fits (its mirror image and IVb would need an eighth column) */
    setup(&p, 7, 4, "b:e1", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    int e1 = cell(&p, "e1");
    bitset_t iva = cells(&p, "f1 c2 d2 e2 f2 g2 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4");
    ck_assert(has_template_carrier(vc, e1, HEX_SOUTH, &iva));
    /* a White stone next to it but outside the carrier changes nothing;
     * one in the carrier removes it */
    position_free(&p);
    setup(&p, 7, 4, "b:e1 w:d1", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    ck_assert(has_template_carrier(vc, e1, HEX_SOUTH, &iva));
    position_free(&p);
    setup(&p, 7, 4, "b:e1 w:a4", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    ck_assert(!has_carrier(vc, e1, HEX_SOUTH, VC_FULL, &iva));
    /* 11x11: Black f8 with White e10, IVa's cell in IVb's hole: IVb,
     * transposed for White h6 with Black j5 against the east edge */
    position_free(&p);
    setup(&p, 11, 11, "b:f8 w:e10", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    bitset_t ivb = cells(&p, "e8 g8 c9 d9 e9 f9 g9 h9 b10 c10 d10 f10 g10 h10 "
                        "a11 b11 c11 d11 e11 f11 g11 h11");
    ck_assert(has_template_carrier(vc, cell(&p, "f8"), HEX_SOUTH, &ivb));
    position_free(&p);
    setup(&p, 11, 11, "w:h6 b:j5", HEX_BLACK);
    ck_assert(vc_build(vc, &p, HEX_WHITE));
    bitset_t ivb_east = cells(&p, "k1 j2 k2 i3 j3 k3 i4 j4 k4 h5 i5 k5 i6 j6 k6 h7 i7 "
                             "j7 k7 i8 j8 k8");
    ck_assert(has_template_carrier(vc, cell(&p, "h6"), HEX_EAST, &ivb_east));
    position_free(&p);
    vc_free(vc);
    vc_templates_free(ts);
}
END_TEST

/* A template with a helper stone applies only where the helper is the
 * owner's stone, also when the helper is played after the build. */
START_TEST(vc_helper_templates_need_their_stones)
{
    vc_templates_t *ts = templates();
    const vc_template_t *vh = NULL;
    for (int i = 0; i < ts->n; i++)
        if (strcmp(ts->t[i].name, "V-helper3") == 0 && !ts->t[i].mirrored)
            vh = &ts->t[i];
    ck_assert(vh != NULL);
    /* drawn: the helper two rows down, two cells to the right; mirrored:
     * (dc, dr) -> (-dc - dr, dr) */
    ck_assert_int_eq(vh->row, 5);
    ck_assert_int_eq(vh->ncells, 22);
    ck_assert_int_eq(vh->nhelpers, 1);
    ck_assert_int_eq(vh->hdc[0], 2);
    ck_assert_int_eq(vh->hdr[0], 2);
    ck_assert_int_eq(vh[1].hdc[0], -4);
    ck_assert_int_eq(vh[1].hdr[0], 2);
    vc_t *vc = roomy_vc(ts);
    position_t p;
    /* 7x7, Black a3: c5, on the fifth row from the north, reaches it with
     * a3's help (rotated for the north edge) */
    setup(&p, 7, 7, "b:a3", HEX_WHITE);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    int c5 = cell(&p, "c5");
    bitset_t want = cells(&p, "a1 b1 c1 d1 e1 f1 g1 a2 b2 c2 d2 e2 f2 b3 c3 d3 e3 "
                          "a4 b4 c4 d4 b5");
    ck_assert(has_template_carrier(vc, c5, HEX_NORTH, &want));
    /* without the stone, or with White's there, no such connection */
    position_free(&p);
    setup(&p, 7, 7, "", HEX_BLACK);
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    ck_assert(!has_carrier(vc, c5, HEX_NORTH, VC_FULL, &want));
    position_t q;
    setup(&q, 7, 7, "w:a3", HEX_BLACK);
    ck_assert(vc_build(vc, &q, HEX_BLACK));
    ck_assert(!has_carrier(vc, c5, HEX_NORTH, VC_FULL, &want));
    position_free(&q);
    /* the helper played after the build: vc_play adds it */
    ck_assert(vc_build(vc, &p, HEX_BLACK));
    position_play(&p, HEX_BLACK, cell(&p, "a3"));
    ck_assert(vc_play(vc, &p, HEX_BLACK, cell(&p, "a3")));
    ck_assert(has_template_carrier(vc, c5, HEX_NORTH, &want));
    position_free(&p);
    vc_free(vc);
    vc_templates_free(ts);
}
END_TEST

/* ---- incremental against fresh builds -------------------------------- */

typedef struct canon {
    int n, cap;
    unsigned char (*rows)[5 + sizeof(bitset_t)];
} canon_t;

static void
canon_add(int a, int b, const vc_conn_t *fulls, int nfull, const vc_conn_t *semis, int nsemi,
          void *arg)
{
    canon_t *c = arg;
    for (int t = 0; t < 2; t++) {
        int n = t ? nsemi : nfull;
        const vc_conn_t *l = t ? semis : fulls;
        for (int i = 0; i < n; i++) {
            if (c->n == c->cap) {
                c->cap = c->cap ? 2 * c->cap : 256;
                c->rows = realloc(c->rows, (size_t)c->cap * sizeof *c->rows);
            }
            unsigned char *r = c->rows[c->n++];
            r[0] = (unsigned char)(a >> 8);
            r[1] = (unsigned char)a;
            r[2] = (unsigned char)(b >> 8);
            r[3] = (unsigned char)b;
            r[4] = (unsigned char)t;
            memcpy(r + 5, &l[i].carrier, sizeof(bitset_t));
        }
    }
}

static int
row_cmp(const void *x, const void *y)
{
    return memcmp(x, y, 5 + sizeof(bitset_t));
}

/* The sorted (pair, type, carrier) rows of a build; semis' keys are left
 * out (two semis with one carrier keep whichever came first). */
static canon_t
canon_of(const vc_t *vc)
{
    canon_t c = { 0, 0, NULL };
    vc_foreach_pair(vc, canon_add, &c);
    if (c.n > 0)
        qsort(c.rows, (size_t)c.n, sizeof *c.rows, row_cmp);
    return c;
}

/* With HEIN_VC_DIFF set: the rows only one side has (pair, type, cells). */
static void
print_diff(const canon_t *a, const canon_t *b)
{
    for (int k = 0; k < 2; k++) {
        const canon_t *u = k ? b : a, *v = k ? a : b;
        for (int i = 0; i < u->n; i++) {
            const unsigned char *r = u->rows[i];
            if (v->n > 0 && bsearch(r, v->rows, (size_t)v->n, sizeof *v->rows, row_cmp))
                continue;
            bitset_t cs;
            memcpy(&cs, r + 5, sizeof cs);
            fprintf(stderr, "%s only: %d-%d %s:", k ? "fresh" : "incremental",
                    r[0] * 256 + r[1], r[2] * 256 + r[3], r[4] ? "semi" : "full");
            for (int c = bitset_first(&cs); c >= 0; c = bitset_next(&cs, c))
                fprintf(stderr, " %d", c);
            fprintf(stderr, "\n");
        }
    }
}

static bool
same_lists(const vc_t *x, const vc_t *y)
{
    canon_t a = canon_of(x), b = canon_of(y);
    bool same = a.n == b.n && (a.n == 0 || memcmp(a.rows, b.rows, (size_t)a.n * sizeof *a.rows) == 0);
    if (!same && getenv("HEIN_VC_DIFF"))
        print_diff(&a, &b);
    free(a.rows);
    free(b.rows);
    return same;
}

/* The defaults with room for `limit` fulls and semis per pair, ORs of
 * three, every full kept (limit_fulls makes the lists depend on the order
 * connections are found in, as the list limits do). */
static void
roomy_params(vc_params_t *params, int limit)
{
    vc_params_default(params);
    params->max_fulls = limit;
    params->max_semis = limit;
    params->max_ors = 3;
    params->limit_fulls = false;
}

/* Without list limits, vc_play after each move (and the snapshot after
 * each undo) gives exactly the lists of a fresh build. */
START_TEST(vc_incremental_agrees_with_fresh_build)
{
    vc_params_t params;
    roomy_params(&params, 100);
    vc_templates_t *ts = templates();
    vc_t *inc[2], *fresh = vc_new(&params, ts), *snap[2][40];
    for (int c = 0; c < 2; c++) {
        inc[c] = vc_new(&params, ts);
        for (int i = 0; i < 40; i++)
            snap[c][i] = vc_new(&params, ts);
    }
    rng_t rng;
    rng_seed(&rng, 7);
    int checked = 0, differ = 0;
    for (int game = 0; game < 60; game++) {
        int w = 3 + (int)rng_below(&rng, 2), h = 3 + (int)rng_below(&rng, 2);
        position_t p;
        setup(&p, w, h, "", HEX_BLACK);
        for (int c = 0; c < 2; c++)
            ck_assert(vc_build(inc[c], &p, (hex_color_t)c));
        int depth = 0;
        for (int step = 0; step < 30; step++) {
            bitset_t e = position_empty_cells(&p);
            bool undo = depth > 0 && rng_below(&rng, 4) == 0;
            if (!undo && bitset_is_empty(&e))
                undo = true;
            if (undo) {
                position_undo(&p);
                depth--;
                for (int c = 0; c < 2; c++)
                    ck_assert(vc_copy(inc[c], snap[c][depth]));
            } else {
                int m = bitset_nth(&e, (int)rng_below(&rng, (uint32_t)bitset_count(&e)));
                hex_color_t who = (hex_color_t)rng_below(&rng, 2);
                for (int c = 0; c < 2; c++)
                    ck_assert(vc_copy(snap[c][depth], inc[c]));
                position_play(&p, who, m);
                depth++;
                for (int c = 0; c < 2; c++)
                    ck_assert(vc_play(inc[c], &p, who, m));
            }
            for (int c = 0; c < 2; c++) {
                ck_assert(vc_build(fresh, &p, (hex_color_t)c));
                checked++;
                if (!same_lists(inc[c], fresh)) {
                    differ++;
                    dump(&p, c ? "white's lists differ" : "black's lists differ");
                }
            }
        }
        position_free(&p);
    }
    fprintf(stderr, "vc incremental: %d list comparisons, %d differ\n", checked, differ);
    ck_assert_int_eq(differ, 0);
    for (int c = 0; c < 2; c++) {
        vc_free(inc[c]);
        for (int i = 0; i < 40; i++)
            vc_free(snap[c][i]);
    }
    vc_free(fresh);
    vc_templates_free(ts);
}
END_TEST

/* Whether some pair's list of vc is full (limits bite: an incremental
 * update may then keep other connections than a build, both sound). */
static void
full_list(int a, int b, const vc_conn_t *fulls, int nfull, const vc_conn_t *semis, int nsemi,
          void *arg)
{
    (void)a;
    (void)b;
    (void)fulls;
    (void)semis;
    const vc_params_t *p = ((const vc_params_t **)arg)[0];
    bool *bites = ((bool **)arg)[1];
    if (nfull >= p->max_fulls || nsemi >= p->max_semis)
        *bites = true;
}

static bool
limits_bite(const vc_t *vc, const vc_params_t *params)
{
    bool bites = false;
    const void *arg[2] = { params, &bites };
    vc_foreach_pair(vc, full_list, arg);
    return bites;
}

/* The closure is compiled once per carrier width (vc.c): on a board of
 * each width (8x8: one word, 11x11: two, 13x13: three, 16x16: four,
 * 19x19: the general copy), vc_play after each of a few stones agrees
 * with a fresh build wherever no list is full.  The stones go in a
 * corner, where the lists stay short. */
START_TEST(vc_every_width_agrees_with_fresh_build)
{
    static const int sizes[] = { 8, 11, 13, 16, 19 };
    vc_params_t params;
    roomy_params(&params, 400);
    vc_templates_t *ts = templates();
    vc_t *inc = vc_new(&params, ts), *fresh = vc_new(&params, ts);
    rng_t rng;
    rng_seed(&rng, 11);
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int n = sizes[k], compared = 0;
        position_t p;
        setup(&p, n, n, "", HEX_BLACK);
        /* fill all but the 4x4 corner at the last cell (the carriers
         * then lie in the last word), with no winner: seen from that
         * corner, White right of its columns above the diagonal (it
         * touches only the west edge), Black elsewhere (only the north
         * edge) */
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int r2 = n - 1 - r, c2 = n - 1 - c;
                if (r2 >= 4 || c2 >= 4)
                    position_play(&p, c2 >= 4 && (r2 < 4 || r2 < c2) ? HEX_WHITE : HEX_BLACK,
                                  r * n + c);
            }
        ck_assert_int_eq(p.winner, HEX_EMPTY);
        hex_color_t colour = (hex_color_t)(k % 2);
        ck_assert(vc_build(inc, &p, colour));
        for (int step = 0; step < 6; step++) {
            bitset_t e = position_empty_cells(&p);
            if (bitset_is_empty(&e) || p.winner != HEX_EMPTY)
                break;
            int m = bitset_nth(&e, (int)rng_below(&rng, (uint32_t)bitset_count(&e)));
            hex_color_t who = (hex_color_t)(step % 2);
            position_play(&p, who, m);
            ck_assert(vc_play(inc, &p, who, m));
            ck_assert(vc_build(fresh, &p, colour));
            if (limits_bite(fresh, &params) || limits_bite(inc, &params))
                continue;
            compared++;
            if (!same_lists(inc, fresh))
                dump(&p, "the lists differ");
            ck_assert(same_lists(inc, fresh));
        }
        ck_assert_int_gt(compared, 0);
        position_free(&p);
    }
    vc_free(inc);
    vc_free(fresh);
    vc_templates_free(ts);
}
END_TEST

/* ---- soundness against minimax --------------------------------------- */

typedef struct sound_stats {
    long positions, fulls, semis, mustplays, lost, pruned_moves, failures;
} sound_stats_t;

/* Check every claim the lists make about p against minimax. */
static void
check_claims(minimax_t *mm, position_t *p, vc_t *vc[2], sound_stats_t *st)
{
    hex_color_t s = p->to_move, o = hex_color_other(s);
    st->positions++;
    for (int c = 0; c < 2; c++) {
        if (!vc_connected_fully(vc[c]))
            continue;
        st->fulls++;
        for (int t = 0; t < 2; t++) {
            position_set_to_move(p, (hex_color_t)t);
            if (minimax_winner(mm, p) != (hex_color_t)c) {
                st->failures++;
                dump(p, c ? "white's full edge VC does not win" : "black's full edge VC does not win");
            }
        }
        position_set_to_move(p, s);
    }
    if (vc_connected_semi(vc[s])) {
        st->semis++;
        if (minimax_winner(mm, p) != s) {
            st->failures++;
            dump(p, "the side to move has an edge semi but does not win");
        }
    }
    bitset_t mp;
    if (!vc_mustplay(vc[o], p, &mp)) {
        st->lost++;
        if (minimax_winner(mm, p) != o) {
            st->failures++;
            dump(p, "must-play says lost but the side to move wins");
        }
        return;
    }
    bitset_t empty = position_empty_cells(p);
    if (p->winner != HEX_EMPTY || bitset_is_empty(&empty))
        return;
    st->mustplays++;
    bitset_t win = minimax_winning_moves(mm, p);
    bitset_t outside = bitset_andnot(empty, mp);
    st->pruned_moves += bitset_count(&outside);
    if (!bitset_is_subset(&win, &mp)) {
        st->failures++;
        dump(p, "a move outside the must-play wins");
    }
}

/* A random position of 3x3 .. 5x5 (rectangles too) with 1 .. 12 empty
 * cells, stones about even, the side to move as the counts say. */
static void
random_position(rng_t *rng, position_t *p, int extra_empty)
{
    int w = 3 + (int)rng_below(rng, 3), h = 3 + (int)rng_below(rng, 3);
    int n = w * h;
    int max_empty = n < 12 ? n : 12;
    int e = 1 + (int)rng_below(rng, (uint32_t)max_empty);
    e = e + extra_empty > n ? n : e + extra_empty;
    setup(p, w, h, "", HEX_BLACK);
    int stones = n - e;
    int nb = (stones + 1) / 2, nw = stones / 2;
    if (rng_below(rng, 2) && nb > nw) {
        nb--;
        nw++;
    }
    for (int i = 0; i < stones; i++) {
        bitset_t em = position_empty_cells(p);
        int m = bitset_nth(&em, (int)rng_below(rng, (uint32_t)bitset_count(&em)));
        position_play(p, i < nb ? HEX_BLACK : HEX_WHITE, m);
    }
    position_set_to_move(p, nb > nw ? HEX_WHITE : HEX_BLACK);
}

static long
positions_wanted(void)
{
    const char *s = getenv("HEIN_VC_POSITIONS");
    long n = s ? strtol(s, NULL, 10) : DEFAULT_POSITIONS;
    return n > 0 ? n : DEFAULT_POSITIONS;
}

START_TEST(vc_claims_hold_against_minimax)
{
    long want = positions_wanted();
    vc_templates_t *ts = templates();
    vc_params_t params;
    vc_params_default(&params);
    vc_t *vc[2] = { vc_new(&params, ts), vc_new(&params, ts) };
    minimax_t *mm = minimax_new();
    rng_t rng;
    rng_seed(&rng, 20240611);
    sound_stats_t st;
    memset(&st, 0, sizeof st);
    long incremental = 0;
    for (long i = 0; i < want; i++) {
        position_t p;
        bool inc = i % 2 == 1;
        random_position(&rng, &p, inc ? 1 : 0);
        minimax_clear(mm);
        for (int c = 0; c < 2; c++)
            ck_assert(vc_build(vc[c], &p, (hex_color_t)c));
        if (inc && p.winner == HEX_EMPTY) {
            /* one more stone through vc_play */
            bitset_t em = position_empty_cells(&p);
            if (bitset_count(&em) > 1) {
                int m = bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em)));
                hex_color_t who = p.to_move;
                position_play(&p, who, m);
                for (int c = 0; c < 2; c++)
                    ck_assert(vc_play(vc[c], &p, who, m));
                incremental++;
            }
        }
        check_claims(mm, &p, vc, &st);
        position_free(&p);
    }
    fprintf(stderr, "vc soundness: %ld positions (%ld after vc_play), %ld full edge VCs, "
            "%ld edge semis for the side to move, %ld lost by must-play, %ld must-plays "
            "pruning %ld moves, %ld failures, %llu minimax nodes\n",
            st.positions, incremental, st.fulls, st.semis, st.lost, st.mustplays,
            st.pruned_moves, st.failures, (unsigned long long)minimax_nodes(mm));
    ck_assert_int_eq(st.failures, 0);
    ck_assert_int_ge(st.positions, want);
    minimax_free(mm);
    vc_free(vc[0]);
    vc_free(vc[1]);
    vc_templates_free(ts);
}
END_TEST

/* vc_build_from: a build of a random position saved (vc_save), then one
 * to four random stones of either colour added (an ancestor's lists and
 * a descendant, as a search's path builds use them): every claim of the
 * carried-over lists holds against minimax.  A saved build the position
 * does not extend (a stone taken back) is not used: the lists are a fresh
 * build's. */
START_TEST(vc_build_from_saved_holds_against_minimax)
{
    long want = positions_wanted();
    vc_templates_t *ts = templates();
    vc_params_t params;
    vc_params_default(&params);
    vc_t *vc[2] = { vc_new(&params, ts), vc_new(&params, ts) };
    vc_t *fresh = vc_new(&params, ts);
    vc_saved_t *saved[2] = { vc_saved_new(), vc_saved_new() };
    ck_assert(vc[0] && vc[1] && fresh && saved[0] && saved[1]);
    minimax_t *mm = minimax_new();
    rng_t rng;
    rng_seed(&rng, 20261127);
    sound_stats_t st;
    memset(&st, 0, sizeof st);
    long carried = 0, fallbacks = 0;
    for (long i = 0; i < want; i++) {
        position_t p;
        random_position(&rng, &p, 4);
        int n0 = p.nmoves;
        for (int c = 0; c < 2; c++) {
            ck_assert(vc_build(vc[c], &p, (hex_color_t)c));
            ck_assert(vc_save(vc[c], saved[c]));
        }
        int add = 1 + (int)rng_below(&rng, 4);
        for (int k = 0; k < add && p.winner == HEX_EMPTY; k++) {
            bitset_t em = position_empty_cells(&p);
            if (bitset_count(&em) < 2)
                break;
            int m = bitset_nth(&em, (int)rng_below(&rng, (uint32_t)bitset_count(&em)));
            position_play(&p, rng_below(&rng, 2) ? HEX_BLACK : HEX_WHITE, m);
        }
        minimax_clear(mm);
        for (int c = 0; c < 2; c++)
            ck_assert(vc_build_from(vc[c], saved[c], &p, (hex_color_t)c));
        carried++;
        check_claims(mm, &p, vc, &st);
        /* the first position less its last stone: the saved lists no
         * longer apply */
        if (n0 > 0) {
            position_t q;
            setup(&q, p.geo->width, p.geo->height, "", HEX_BLACK);
            for (int k = 0; k + 1 < n0; k++)
                position_play(&q, position_color_at(&p, position_move(&p, k)),
                              position_move(&p, k));
            for (int c = 0; c < 2; c++) {
                ck_assert(vc_build_from(vc[c], saved[c], &q, (hex_color_t)c));
                ck_assert(vc_build(fresh, &q, (hex_color_t)c));
                ck_assert(same_lists(vc[c], fresh));
            }
            fallbacks++;
            position_free(&q);
        }
        position_free(&p);
    }
    fprintf(stderr, "vc_build_from: %ld positions from saved lists, %ld full edge VCs, "
            "%ld edge semis for the side to move, %ld lost by must-play, %ld must-plays "
            "pruning %ld moves, %ld failures; %ld positions not extending the saved one "
            "built afresh\n",
            carried, st.fulls, st.semis, st.lost, st.mustplays, st.pruned_moves, st.failures,
            fallbacks);
    ck_assert_int_eq(st.failures, 0);
    ck_assert_int_gt(fallbacks, 0);
    minimax_free(mm);
    for (int c = 0; c < 2; c++) {
        vc_free(vc[c]);
        vc_saved_free(saved[c]);
    }
    vc_free(fresh);
    vc_templates_free(ts);
}
END_TEST

static Suite *
vc_suite(void)
{
    Suite *s = suite_create("vc");
    TCase *tc = tcase_create("rules");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, vc_bridge_is_full_from_two_semis);
    tcase_add_test(tc, vc_chain_of_bridges_wins);
    tcase_add_test(tc, vc_semi_to_edge_gives_mustplay);
    tcase_add_test(tc, vc_edge_templates_are_found);
    tcase_add_test(tc, vc_row4_templates_are_found);
    tcase_add_test(tc, vc_helper_templates_need_their_stones);
    suite_add_tcase(s, tc);
    tc = tcase_create("incremental");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, vc_incremental_agrees_with_fresh_build);
    tcase_add_test(tc, vc_every_width_agrees_with_fresh_build);
    suite_add_tcase(s, tc);
    tc = tcase_create("soundness");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, vc_claims_hold_against_minimax);
    tcase_add_test(tc, vc_build_from_saved_holds_against_minimax);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(vc_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
