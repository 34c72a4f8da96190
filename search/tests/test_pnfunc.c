/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the proof and disproof functions (search/pnfunc.h): the
 * leaf rules (1) and (7) against their definitions at many values; rule
 * (2) on random small trees against Definition 1 by brute force over the
 * sets of leaves that change (HEIN_PNFUNC_TREES trees, default 2000):
 * every node's p and d exactly, the meet point its minimax value; the eta
 * merge on the same trees, and with multi-step leaves on larger ones, the
 * forced merge, all against the exact functions (E <= f <= slack * E, the
 * zero and infinite sets kept, slack within its documented bound); shift,
 * the threshold rule and the saturating arithmetic. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "board/rng.h"
#include "search/pnfunc.h"

#define INF PNFUNC_INF
#define PINF PNFUNC_PLUS_INF
#define NINF PNFUNC_MINUS_INF
#define VMAX PNFUNC_VALUE_MAX

#define DEFAULT_TREES 2000

static long
trees_wanted(void)
{
    const char *s = getenv("HEIN_PNFUNC_TREES");
    long n = s ? strtol(s, NULL, 10) : DEFAULT_TREES;
    return n > 0 ? n : DEFAULT_TREES;
}

/* ---- references, written from the definitions ---------------------- */

static pnfunc_count_t
ref_add(pnfunc_count_t a, pnfunc_count_t b)
{
    if (a == INF || b == INF)
        return INF;
    uint64_t s = (uint64_t)a + b;
    return s > PNFUNC_COUNT_MAX ? PNFUNC_COUNT_MAX : (pnfunc_count_t)s;
}

static pnfunc_count_t
ref_min(pnfunc_count_t a, pnfunc_count_t b)
{
    return a < b ? a : b;
}

/* INT32_MIN reads as -inf. */
static pnfunc_value_t
ref_read(pnfunc_value_t v)
{
    return v < NINF ? NINF : v;
}

/* Rule (1). */
static pnfunc_count_t
ref_leaf(pnfunc_kind_t kind, pnfunc_value_t x, bool terminal, pnfunc_value_t v)
{
    v = ref_read(v);
    bool zero = kind == PNFUNC_PROOF ? v <= x : v >= x;
    return zero ? 0 : terminal ? INF : 1;
}

/* Rule (7) at distance dist = v - x (x - v for d): 0 when dist <= 0, else
 * the i >= 1 with i^delta < 2^dist <= (i+1)^delta, that is
 * delta*log2(i) < dist <= delta*log2(i+1); clamped to PNFUNC_COUNT_MAX. */
static pnfunc_count_t
ref_rule7(double delta, int64_t dist)
{
    if (dist <= 0)
        return 0;
    double d = (double)dist;
    uint64_t hi = 1;
    while (!(d <= delta * log2((double)hi + 1))) {
        if (hi >= PNFUNC_COUNT_MAX)
            return PNFUNC_COUNT_MAX;
        hi *= 2;
    }
    uint64_t lo = hi / 2 + 1;   /* the least i in [lo, hi] with the upper bound */
    if (hi == 1)
        lo = 1;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (d <= delta * log2((double)mid + 1))
            hi = mid;
        else
            lo = mid + 1;
    }
    ck_assert(lo == 1 || delta * log2((double)lo) < d);
    return lo > PNFUNC_COUNT_MAX ? PNFUNC_COUNT_MAX : (pnfunc_count_t)lo;
}

static void
assert_monotone(const pnfunc_t *f, const pnfunc_value_t *vs, int n)
{
    for (int i = 1; i < n; i++) {
        if (vs[i - 1] > vs[i])
            continue;
        pnfunc_count_t a = pnfunc_eval(f, vs[i - 1]), b = pnfunc_eval(f, vs[i]);
        if (f->kind == PNFUNC_PROOF)
            ck_assert_uint_le(a, b);
        else
            ck_assert_uint_ge(a, b);
    }
}

/* f(v) against the exact count e: e <= f(v) <= slack * e and <= bound * e,
 * equal when e is 0 or infinite.  Returns f(v) / e (1 when equal). */
static double
assert_within(const pnfunc_t *f, pnfunc_value_t v, pnfunc_count_t e, double bound)
{
    pnfunc_count_t got = pnfunc_eval(f, v);
    if (e == 0 || e == INF) {
        ck_assert_msg(got == e, "f(%ld) = %lu, exact %lu", (long)v,
                      (unsigned long)got, (unsigned long)e);
        return 1;
    }
    ck_assert_msg(got != INF && got >= e && (double)got <= (double)f->slack * e
                  && (double)got <= bound * e,
                  "f(%ld) = %lu, exact %lu, slack %.9g, bound %.9g", (long)v,
                  (unsigned long)got, (unsigned long)e, (double)f->slack, bound);
    return (double)got / e;
}

static void
assert_same(const pnfunc_t *a, const pnfunc_t *b)
{
    ck_assert_int_eq(a->kind, b->kind);
    ck_assert_int_eq(a->n, b->n);
    ck_assert(a->slack == b->slack);
    for (int i = 0; i < a->n; i++) {
        ck_assert_int_eq(a->end[i], b->end[i]);
        ck_assert_uint_eq(a->count[i], b->count[i]);
    }
}

/* p and d meet at the single point (m, 0). */
static void
assert_meet(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t m)
{
    pnfunc_value_t got;
    ck_assert(pnfunc_meet(p, d, &got));
    ck_assert_int_eq(got, m);
    ck_assert_int_eq(pnfunc_reach(d, 0), m);
    ck_assert_uint_eq(pnfunc_eval(p, m), 0);
    ck_assert_uint_eq(pnfunc_eval(d, m), 0);
    if (m != PINF)
        ck_assert_uint_gt(pnfunc_eval(p, m + 1), 0);
    if (m != NINF)
        ck_assert_uint_gt(pnfunc_eval(d, m - 1), 0);
}

/* ---- the leaf rules ---------------------------------------------------- */

START_TEST(leaf_two_steps)
{
    const pnfunc_value_t xs[] = { NINF, -VMAX, -7, 0, 3, VMAX, PINF };
    rng_t rng;
    rng_seed(&rng, 1);
    for (int xi = 0; xi < (int)(sizeof xs / sizeof xs[0]); xi++)
        for (int kind = PNFUNC_PROOF; kind <= PNFUNC_DISPROOF; kind++)
            for (int terminal = 0; terminal <= 1; terminal++) {
                pnfunc_value_t x = xs[xi];
                pnfunc_t f;
                pnfunc_leaf(&f, kind, x, terminal);
                ck_assert(pnfunc_valid(&f));
                ck_assert(f.slack == 1);
                pnfunc_value_t vs[300];
                int n = 0;
                vs[n++] = INT32_MIN;
                vs[n++] = NINF;
                vs[n++] = -VMAX;
                for (int dv = -2; dv <= 2; dv++)
                    if (x != PINF && x != NINF)
                        vs[n++] = pnfunc_value_add(x, dv);
                while (n < 299)
                    vs[n++] = (pnfunc_value_t)(int32_t)(uint32_t)rng_next(&rng);
                vs[n++] = PINF;
                for (int i = 0; i < n; i++)
                    ck_assert_uint_eq(pnfunc_eval(&f, vs[i]),
                                      ref_leaf(kind, x, terminal, vs[i]));
            }
    /* the representation: closed at the end, open after it */
    pnfunc_t p, d;
    pnfunc_leaf(&p, PNFUNC_PROOF, 3, false);
    ck_assert_int_eq(p.n, 2);
    ck_assert_int_eq(p.end[0], 3);
    ck_assert_int_eq(p.end[1], PINF);
    ck_assert_uint_eq(p.count[0], 0);
    ck_assert_uint_eq(p.count[1], 1);
    pnfunc_leaf(&d, PNFUNC_DISPROOF, 3, true);
    ck_assert_int_eq(d.n, 2);
    ck_assert_int_eq(d.end[0], 3);
    ck_assert_int_eq(d.end[1], NINF);
    ck_assert_uint_eq(d.count[1], INF);
    assert_meet(&p, &d, 3);
    /* decided leaves are constant on their side */
    pnfunc_leaf(&p, PNFUNC_PROOF, PINF, true);
    ck_assert_int_eq(p.n, 1);
    ck_assert_uint_eq(pnfunc_eval(&p, PINF), 0);
    pnfunc_leaf(&d, PNFUNC_DISPROOF, NINF, true);
    ck_assert_int_eq(d.n, 1);
    ck_assert_uint_eq(pnfunc_eval(&d, NINF), 0);
}
END_TEST

START_TEST(leaf_multi_steps)
{
    const double deltas[] = { 0.75, 1, 1.5, 2.25, 7.5, 50, 103, 300, 1000 };
    rng_t rng;
    rng_seed(&rng, 7);
    long values = 0;
    for (int di = 0; di < (int)(sizeof deltas / sizeof deltas[0]); di++) {
        double delta = deltas[di];
        for (int xi = 0; xi < 24; xi++) {
            pnfunc_value_t x = xi == 0 ? VMAX - 50 : xi == 1 ? -VMAX + 50
                : (pnfunc_value_t)rng_below(&rng, 2001) - 1000;
            for (int kind = PNFUNC_PROOF; kind <= PNFUNC_DISPROOF; kind++) {
                int sign = kind == PNFUNC_PROOF ? 1 : -1;
                bool near_end = (x == VMAX - 50 && sign > 0) || (x == -VMAX + 50 && sign < 0);
                pnfunc_t f;
                pnfunc_leaf_steps(&f, kind, x, delta);
                ck_assert(pnfunc_valid(&f));
                ck_assert(f.slack == 1);
                if (!near_end)
                    ck_assert_int_eq(f.n, PNFUNC_STEPS);
                ck_assert_int_eq(f.end[0], x);
                /* each kept step of count i ends at x + floor(delta log2(i+1)) */
                for (int i = 1; i + 1 < f.n; i++)
                    ck_assert_int_eq((int64_t)sign * ((int64_t)f.end[i] - x),
                                     (int64_t)floor(delta * log2((double)f.count[i] + 1)));
                /* the last kept step: rule (7)'s count just past the one
                 * before, held from there on */
                int64_t last_from = (int64_t)sign * ((int64_t)f.end[f.n - 2] - x) + 1;
                pnfunc_count_t cap = f.count[f.n - 1];
                ck_assert_uint_eq(cap, ref_rule7(delta, last_from));
                ck_assert_uint_eq(pnfunc_eval(&f, sign > 0 ? PINF : NINF), cap);
                ck_assert_uint_eq(pnfunc_eval(&f, sign > 0 ? NINF : PINF), 0);
                int64_t span = last_from + 40 + (int64_t)(3 * delta);
                for (int s = 0; s < 600; s++) {
                    int64_t dist = s < 300 ? s - 20 : -20 + (int64_t)rng_below(&rng, (uint32_t)span);
                    int64_t v = x + sign * dist;
                    if (v > VMAX || v < -VMAX)
                        continue;
                    pnfunc_count_t want = ref_rule7(delta, dist);
                    pnfunc_count_t got = pnfunc_eval(&f, (pnfunc_value_t)v);
                    if (dist < last_from) {
                        ck_assert_msg(got == want, "delta %g x %ld dist %ld: %lu, rule %lu",
                                      delta, (long)x, (long)dist, (unsigned long)got,
                                      (unsigned long)want);
                    } else {
                        ck_assert_uint_eq(got, cap);
                        ck_assert_uint_le(cap, want);
                    }
                    values++;
                }
            }
        }
    }
    /* a tiny delta reaches the largest count at once; delta <= 0 and an
     * infinite x fall back on rule (1) */
    pnfunc_t f;
    pnfunc_leaf_steps(&f, PNFUNC_PROOF, 0, 0.01);
    ck_assert(pnfunc_valid(&f));
    ck_assert_int_eq(f.n, 2);
    ck_assert_uint_eq(f.count[1], PNFUNC_COUNT_MAX);
    pnfunc_leaf_steps(&f, PNFUNC_DISPROOF, 5, 0);
    ck_assert_int_eq(f.n, 2);
    ck_assert_uint_eq(pnfunc_eval(&f, 4), 1);
    pnfunc_leaf_steps(&f, PNFUNC_DISPROOF, PINF, 103);
    ck_assert_uint_eq(pnfunc_eval(&f, VMAX), INF);
    fprintf(stderr, "rule (7) leaves: %ld values checked\n", values);
}
END_TEST

/* ---- rule (2) by hand ------------------------------------------------- */

START_TEST(rules_by_hand)
{
    pnfunc_t lp[2], ld[2], orp, ord, tp, td, andp, andd;
    pnfunc_leaf(&lp[0], PNFUNC_PROOF, 3, false);
    pnfunc_leaf(&ld[0], PNFUNC_DISPROOF, 3, false);
    pnfunc_leaf(&lp[1], PNFUNC_PROOF, 5, false);
    pnfunc_leaf(&ld[1], PNFUNC_DISPROOF, 5, false);
    const pnfunc_t *ps[2] = { &lp[0], &lp[1] }, *ds[2] = { &ld[0], &ld[1] };
    /* an OR node over leaves 3 and 5: p = min, d = sum */
    pnfunc_min(&orp, ps, 2, 0);
    pnfunc_sum(&ord, ds, 2, 0);
    ck_assert_int_eq(orp.n, 2);
    ck_assert_int_eq(orp.end[0], 5);
    ck_assert_int_eq(orp.end[1], PINF);
    ck_assert_uint_eq(orp.count[1], 1);
    ck_assert_int_eq(ord.n, 3);
    ck_assert_int_eq(ord.end[0], 5);
    ck_assert_int_eq(ord.end[1], 3);
    ck_assert_int_eq(ord.end[2], NINF);
    ck_assert_uint_eq(ord.count[1], 1);
    ck_assert_uint_eq(ord.count[2], 2);
    assert_meet(&orp, &ord, 5);
    /* an AND node over it and a terminal leaf of value 4: p = sum, d = min */
    pnfunc_leaf(&tp, PNFUNC_PROOF, 4, true);
    pnfunc_leaf(&td, PNFUNC_DISPROOF, 4, true);
    const pnfunc_t *ps2[2] = { &orp, &tp }, *ds2[2] = { &ord, &td };
    pnfunc_sum(&andp, ps2, 2, 0);
    pnfunc_min(&andd, ds2, 2, 0);
    ck_assert_int_eq(andp.n, 2);
    ck_assert_int_eq(andp.end[0], 4);
    ck_assert_uint_eq(andp.count[1], INF);
    ck_assert_uint_eq(pnfunc_eval(&andd, 4), 0);
    ck_assert_uint_eq(pnfunc_eval(&andd, 3), 1);
    ck_assert_uint_eq(pnfunc_eval(&andd, 2), 2);
    ck_assert_uint_eq(pnfunc_eval(&andd, NINF), 2);
    assert_meet(&andp, &andd, 4);
    /* out may be an argument; no arguments: 0 everywhere */
    pnfunc_sum(&ld[0], ds, 2, 0);
    assert_same(&ld[0], &ord);
    pnfunc_min(&tp, ps, 0, 0);
    ck_assert(pnfunc_valid(&tp));
    ck_assert_uint_eq(pnfunc_eval(&tp, PINF), 0);
}
END_TEST

/* ---- random trees ----------------------------------------------------- */

#define TREE_NODES 1600
#define MAX_KIDS 8
#define BRUTE_LEAVES 12

typedef struct tnode {
    int first, nkids;           /* children first..first+nkids-1; 0: a leaf */
    bool max;                   /* an OR node: the maximiser moves */
    bool terminal;              /* a leaf that cannot change */
    pnfunc_value_t x;           /* a leaf's value */
} tnode_t;

typedef struct tree {
    int n;
    tnode_t node[TREE_NODES];
} tree_t;

typedef struct shape {
    int min_depth, max_depth, max_kids;
    double leaf_p;              /* a node above max_depth is a leaf */
    int lo, hi;                 /* leaf values */
} shape_t;

static void
grow(rng_t *r, tree_t *t, int i, int depth, int max_depth, bool max, const shape_t *sh)
{
    tnode_t *nd = &t->node[i];
    nd->max = max;
    nd->first = nd->nkids = 0;
    nd->terminal = false;
    nd->x = sh->lo + (int)rng_below(r, (uint32_t)(sh->hi - sh->lo + 1));
    if (depth == max_depth || (depth > 0 && rng_uniform(r) < sh->leaf_p)
        || t->n + sh->max_kids > TREE_NODES) {
        double u = rng_uniform(r);
        if (u < 0.2) {
            nd->terminal = true;
            nd->x = u < 0.08 ? PINF : u < 0.16 ? NINF : nd->x;
        }
        return;
    }
    nd->nkids = 1 + (int)rng_below(r, (uint32_t)sh->max_kids);
    nd->first = t->n;
    t->n += nd->nkids;
    for (int c = 0; c < nd->nkids; c++)
        grow(r, t, nd->first + c, depth + 1, max_depth, !max, sh);
}

static int
open_leaves(const tree_t *t, int i, int *out)
{
    const tnode_t *nd = &t->node[i];
    if (nd->nkids == 0) {
        if (!nd->terminal)
            out[0] = i;
        return !nd->terminal;
    }
    int n = 0;
    for (int c = 0; c < nd->nkids; c++)
        n += open_leaves(t, nd->first + c, out + n);
    return n;
}

static void
random_tree(rng_t *r, tree_t *t, const shape_t *sh, int max_open)
{
    int leaves[TREE_NODES];
    do {
        t->n = 1;
        int depth = sh->min_depth + (int)rng_below(r, (uint32_t)(sh->max_depth - sh->min_depth + 1));
        grow(r, t, 0, 0, depth, rng_below(r, 2), sh);
    } while (max_open > 0 && open_leaves(t, 0, leaves) > max_open);
}

/* MINIMAX(i), leaf values from val[] */
static pnfunc_value_t
minimax(const tree_t *t, int i, const pnfunc_value_t *val)
{
    const tnode_t *nd = &t->node[i];
    if (nd->nkids == 0)
        return val[i];
    pnfunc_value_t best = nd->max ? NINF : PINF;
    for (int c = 0; c < nd->nkids; c++) {
        pnfunc_value_t m = minimax(t, nd->first + c, val);
        if (nd->max ? m > best : m < best)
            best = m;
    }
    return best;
}

/* 1 + the internal levels below i (0 for a leaf) */
static int
height(const tree_t *t, int i)
{
    const tnode_t *nd = &t->node[i];
    int h = 0;
    for (int c = 0; c < nd->nkids; c++) {
        int hc = height(t, nd->first + c) + 1;
        if (hc > h)
            h = hc;
    }
    return h;
}

/* The functions of every node by the rules: leaves by rule (1), or by
 * rule (7) when delta > 0 and the leaf is not terminal; rule (2) with eta
 * above them. */
static void
rules(const tree_t *t, int i, double delta, double eta, pnfunc_t *p, pnfunc_t *d)
{
    const tnode_t *nd = &t->node[i];
    if (nd->nkids == 0) {
        if (delta > 0 && !nd->terminal) {
            pnfunc_leaf_steps(&p[i], PNFUNC_PROOF, nd->x, delta);
            pnfunc_leaf_steps(&d[i], PNFUNC_DISPROOF, nd->x, delta);
        } else {
            pnfunc_leaf(&p[i], PNFUNC_PROOF, nd->x, nd->terminal);
            pnfunc_leaf(&d[i], PNFUNC_DISPROOF, nd->x, nd->terminal);
        }
        return;
    }
    const pnfunc_t *ps[MAX_KIDS], *ds[MAX_KIDS];
    for (int c = 0; c < nd->nkids; c++) {
        rules(t, nd->first + c, delta, eta, p, d);
        ps[c] = &p[nd->first + c];
        ds[c] = &d[nd->first + c];
    }
    if (nd->max) {
        pnfunc_min(&p[i], ps, nd->nkids, eta);
        pnfunc_sum(&d[i], ds, nd->nkids, eta);
    } else {
        pnfunc_sum(&p[i], ps, nd->nkids, eta);
        pnfunc_min(&d[i], ds, nd->nkids, eta);
    }
}

/* The exact function of node i at v by rule (2) applied pointwise to the
 * leaves' functions (which are exact by definition). */
static pnfunc_count_t
exact(const tree_t *t, int i, const pnfunc_t *leaf, int kind, pnfunc_value_t v)
{
    const tnode_t *nd = &t->node[i];
    if (nd->nkids == 0)
        return pnfunc_eval(&leaf[i], v);
    bool use_min = nd->max == (kind == PNFUNC_PROOF);
    pnfunc_count_t acc = use_min ? INF : 0;
    for (int c = 0; c < nd->nkids; c++) {
        pnfunc_count_t e = exact(t, nd->first + c, leaf, kind, v);
        acc = use_min ? ref_min(acc, e) : ref_add(acc, e);
    }
    return acc;
}

/* Definition 1 by brute force at node i, for leaf values lo..hi: every
 * set of i's non-terminal leaves set to +inf (-inf), the least size that
 * brings each minimax value; p(v) and d(v) for v = vs[0..nv-1]. */
static void
brute(const tree_t *t, int i, const pnfunc_value_t *base, const shape_t *sh,
      const pnfunc_value_t *vs, int nv, pnfunc_count_t *bp, pnfunc_count_t *bd)
{
    int leaves[TREE_NODES];
    int nl = open_leaves(t, i, leaves);
    int levels = sh->hi - sh->lo + 3;   /* -inf, lo..hi, +inf */
    pnfunc_count_t best_up[64], best_down[64];
    for (int l = 0; l < levels; l++)
        best_up[l] = best_down[l] = INF;
    pnfunc_value_t val[TREE_NODES];
    for (int j = 0; j < t->n; j++)
        val[j] = base[j];
    for (uint32_t mask = 0; mask < (UINT32_C(1) << nl); mask++) {
        pnfunc_count_t size = 0;
        for (uint32_t m = mask; m; m &= m - 1)
            size++;
        for (int dir = 0; dir < 2; dir++) {
            for (int j = 0; j < nl; j++)
                val[leaves[j]] = mask >> j & 1 ? (dir ? NINF : PINF) : base[leaves[j]];
            pnfunc_value_t m = minimax(t, i, val);
            int l = m == NINF ? 0 : m == PINF ? levels - 1 : m - sh->lo + 1;
            pnfunc_count_t *best = dir ? best_down : best_up;
            if (size < best[l])
                best[l] = size;
        }
    }
    for (int k = 0; k < nv; k++) {
        pnfunc_value_t v = ref_read(vs[k]);
        bp[k] = bd[k] = INF;
        for (int l = 0; l < levels; l++) {
            pnfunc_value_t m = l == 0 ? NINF : l == levels - 1 ? PINF : sh->lo + l - 1;
            if (m >= v)
                bp[k] = ref_min(bp[k], best_up[l]);
            if (m <= v)
                bd[k] = ref_min(bd[k], best_down[l]);
        }
    }
}

static const shape_t small_shape = { 2, 4, 4, 0.3, 0, 9 };

static int
small_values(pnfunc_value_t *vs)
{
    int n = 0;
    vs[n++] = INT32_MIN;
    vs[n++] = NINF;
    for (int v = small_shape.lo - 2; v <= small_shape.hi + 2; v++)
        vs[n++] = v;
    vs[n++] = PINF;
    return n;
}

START_TEST(rules_agree_with_definition_1)
{
    static tree_t t;
    static pnfunc_t p[TREE_NODES], d[TREE_NODES];
    static pnfunc_value_t base[TREE_NODES];
    pnfunc_value_t vs[32];
    int nv = small_values(vs);
    rng_t rng;
    rng_seed(&rng, 2024);
    long want = trees_wanted(), nodes = 0, values = 0, largest = 0;
    for (long tr = 0; tr < want; tr++) {
        random_tree(&rng, &t, &small_shape, BRUTE_LEAVES);
        for (int i = 0; i < t.n; i++)
            base[i] = t.node[i].x;
        rules(&t, 0, 0, 0, p, d);
        int leaves[TREE_NODES];
        int nl = open_leaves(&t, 0, leaves);
        if (nl > largest)
            largest = nl;
        for (int i = 0; i < t.n; i++) {
            pnfunc_count_t bp[32], bd[32];
            brute(&t, i, base, &small_shape, vs, nv, bp, bd);
            pnfunc_value_t mm = minimax(&t, i, base);
            ck_assert(pnfunc_valid(&p[i]) && pnfunc_valid(&d[i]));
            ck_assert(p[i].kind == PNFUNC_PROOF && d[i].kind == PNFUNC_DISPROOF);
            ck_assert(p[i].slack == 1 && d[i].slack == 1);
            assert_meet(&p[i], &d[i], mm);
            for (int k = 0; k < nv; k++) {
                pnfunc_count_t gp = pnfunc_eval(&p[i], vs[k]), gd = pnfunc_eval(&d[i], vs[k]);
                ck_assert_msg(gp == bp[k] && gd == bd[k],
                              "tree %ld node %d v %ld: p %lu d %lu, brute force %lu %lu",
                              tr, i, (long)vs[k], (unsigned long)gp, (unsigned long)gd,
                              (unsigned long)bp[k], (unsigned long)bd[k]);
                /* the conspiracy number is 0 only at the minimax value */
                ck_assert((gp == 0 && gd == 0) == (ref_read(vs[k]) == mm));
                values++;
            }
            assert_monotone(&p[i], vs, nv);
            assert_monotone(&d[i], vs, nv);
            nodes++;
        }
    }
    fprintf(stderr, "pnfunc vs Definition 1: %ld trees, %ld nodes, %ld values "
            "(up to %ld changeable leaves)\n", want, nodes, values, largest);
}
END_TEST

/* The eta merge on the brute-force trees: every end is a leaf value or
 * +-inf, so no function there has more than 12 steps, no forced merge happens and a node of height h is within
 * (1 + eta)^h of the exact function. */
START_TEST(eta_merge_within_its_bound)
{
    static tree_t t;
    static pnfunc_t p[TREE_NODES], d[TREE_NODES], ep[TREE_NODES], ed[TREE_NODES];
    static pnfunc_value_t base[TREE_NODES];
    const double etas[] = { 0.1, 0.3, 0.5, 1.0 };
    pnfunc_value_t vs[32];
    int nv = small_values(vs);
    rng_t rng;
    rng_seed(&rng, 99);
    long want = trees_wanted(), nodes = 0, merged = 0;
    double seen = 1;
    for (long tr = 0; tr < want; tr++) {
        random_tree(&rng, &t, &small_shape, 0);
        for (int i = 0; i < t.n; i++)
            base[i] = t.node[i].x;
        double eta = etas[tr % 4];
        rules(&t, 0, 0, 0, ep, ed);
        rules(&t, 0, 0, eta, p, d);
        for (int i = 0; i < t.n; i++) {
            double bound = pow(1 + eta, height(&t, i)) * (1 + 1e-6);
            pnfunc_value_t mm = minimax(&t, i, base);
            for (int f = 0; f < 2; f++) {
                const pnfunc_t *g = f ? &d[i] : &p[i], *e = f ? &ed[i] : &ep[i];
                ck_assert(pnfunc_valid(g));
                ck_assert_int_le(g->n, PNFUNC_STEPS);
                ck_assert(g->slack <= bound);
                merged += g->slack > 1;
                for (int k = 0; k < nv; k++) {
                    pnfunc_count_t x = exact(&t, i, f ? d : p, f, vs[k]);
                    ck_assert_uint_eq(pnfunc_eval(e, vs[k]), x);
                    seen = fmax(seen, assert_within(g, vs[k], x, bound));
                }
                assert_monotone(g, vs, nv);
            }
            assert_meet(&p[i], &d[i], mm);
            nodes++;
        }
    }
    ck_assert_int_gt(merged, 0);
    fprintf(stderr, "eta merge on small trees: %ld trees, %ld nodes, %ld functions "
            "merged, largest f / E seen %.4f\n", want, nodes, merged, seen);
}
END_TEST

/* Multi-step leaves on larger trees with a wide range of values: forced
 * merges happen; every function keeps E <= f <= slack * E. */
START_TEST(merges_on_larger_trees)
{
    static tree_t t;
    static pnfunc_t p[TREE_NODES], d[TREE_NODES];
    static pnfunc_value_t base[TREE_NODES];
    const shape_t sh = { 3, 5, 6, 0.25, 0, 2000 };
    const double deltas[] = { 50, 103 }, etas[] = { 0, 0.3 };
    rng_t rng;
    rng_seed(&rng, 5);
    long want = trees_wanted() / 4 + 1, nodes = 0, forced = 0;
    double worst[2] = { 1, 1 }, seen[2] = { 1, 1 };
    for (long tr = 0; tr < want; tr++) {
        random_tree(&rng, &t, &sh, 0);
        for (int i = 0; i < t.n; i++)
            base[i] = t.node[i].x;
        double delta = deltas[tr % 2], eta = etas[(tr / 2) % 2];
        rules(&t, 0, delta, eta, p, d);
        pnfunc_value_t vs[160];
        for (int i = 0; i < t.n; i++) {
            if (t.node[i].nkids == 0)
                continue;
            pnfunc_value_t mm = minimax(&t, i, base);
            int nv = 0;
            vs[nv++] = NINF;
            vs[nv++] = PINF;
            if (mm != PINF && mm != NINF)
                for (int dv = -1; dv <= 1; dv++)
                    vs[nv++] = mm + dv;
            while (nv < 160)
                vs[nv++] = sh.lo - (int)(20 * delta)
                    + (int)rng_below(&rng, (uint32_t)(sh.hi - sh.lo + 40 * delta));
            for (int f = 0; f < 2; f++) {
                const pnfunc_t *g = f ? &d[i] : &p[i];
                ck_assert(pnfunc_valid(g));
                ck_assert_int_le(g->n, PNFUNC_STEPS);
                for (int k = 0; k < nv; k++) {
                    double r = assert_within(g, vs[k], exact(&t, i, f ? d : p, f, vs[k]),
                                             HUGE_VAL);
                    seen[eta > 0] = fmax(seen[eta > 0], r);
                }
                if (g->slack > pow(1 + eta, height(&t, i)) * (1 + 1e-6))
                    forced++;
                if (g->slack > worst[eta > 0])
                    worst[eta > 0] = g->slack;
            }
            assert_meet(&p[i], &d[i], mm);
            nodes++;
        }
    }
    ck_assert_int_gt(forced, 0);
    fprintf(stderr, "multi-step leaves on larger trees: %ld trees, %ld internal nodes, "
            "%ld functions with a forced merge; largest slack %.4f, f / E seen %.4f "
            "(eta 0); %.4f, %.4f (eta 0.3)\n", want, nodes, forced, worst[0], seen[0],
            worst[1], seen[1]);
}
END_TEST

/* ---- the merges on known functions ------------------------------------ */

/* d of an OR node over leaves 1..10 and a terminal leaf 0: d(v) = the
 * leaves above v, and +inf below 0. */
START_TEST(eta_merge_groups_from_the_lowest)
{
    pnfunc_t leaf[11], d, e;
    const pnfunc_t *ds[11];
    for (int i = 0; i < 11; i++) {
        pnfunc_leaf(&leaf[i], PNFUNC_DISPROOF, i, i == 0);
        ds[i] = &leaf[i];
    }
    pnfunc_sum(&e, ds, 11, 0);
    ck_assert_int_eq(e.n, 12);
    ck_assert(e.slack == 1);
    pnfunc_sum(&d, ds, 11, 0.3);
    /* groups {1} {2} {3} {4 5} {6 7} {8 9 10}, each its highest count */
    const pnfunc_value_t ends[] = { 10, 9, 8, 7, 5, 3, 0, NINF };
    const pnfunc_count_t counts[] = { 0, 1, 2, 3, 5, 7, 10, INF };
    ck_assert_int_eq(d.n, 8);
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(d.end[i], ends[i]);
        ck_assert_uint_eq(d.count[i], counts[i]);
    }
    ck_assert(d.slack >= 1.25f && d.slack <= 1.25 * (1 + 1e-6));
    pnfunc_approx(&e, 0.3);
    assert_same(&e, &d);
    pnfunc_approx(&e, 0);
    assert_same(&e, &d);
    for (pnfunc_value_t v = -3; v <= 12; v++) {
        pnfunc_count_t x = v < 0 ? INF : (pnfunc_count_t)(v >= 10 ? 0 : 10 - v);
        assert_within(&d, v, x, 1.3);
    }
}
END_TEST

/* d of an OR node over n leaves 0..n-1 (and a terminal one at -5): more
 * steps than fit, so a forced merge within (n-1)^(1/K). */
static void
forced_case(int n, bool terminal, double eta, double bound)
{
    static pnfunc_t leaf[128];
    const pnfunc_t *ds[128];
    int k = 0;
    for (int i = 0; i < n; i++) {
        pnfunc_leaf(&leaf[k], PNFUNC_DISPROOF, i, false);
        ds[k] = &leaf[k];
        k++;
    }
    if (terminal) {
        pnfunc_leaf(&leaf[k], PNFUNC_DISPROOF, -5, true);
        ds[k] = &leaf[k];
        k++;
    }
    pnfunc_t d;
    pnfunc_sum(&d, ds, k, eta);
    ck_assert(pnfunc_valid(&d));
    ck_assert_msg(d.slack <= bound, "%d leaves, eta %g: slack %.9g, bound %.9g", n, eta,
                  (double)d.slack, bound);
    for (pnfunc_value_t v = -8; v <= n + 2; v++) {
        pnfunc_count_t x = terminal && v < -5 ? INF
            : (pnfunc_count_t)(v >= n - 1 ? 0 : v < 0 ? n : n - 1 - v);
        assert_within(&d, v, x, bound);
    }
    assert_within(&d, NINF, terminal ? INF : (pnfunc_count_t)n, bound);
    assert_within(&d, PINF, 0, bound);
}

START_TEST(forced_merge_within_its_bound)
{
    const double tol = 1 + 1e-6;
    for (int terminal = 0; terminal <= 1; terminal++) {
        int k = PNFUNC_STEPS - 1 - terminal;
        /* 31 steps: counts 1..30 */
        forced_case(30, terminal, 0, pow(30, 1.0 / k) * tol);
        forced_case(30, terminal, 0.1, fmax(1.1, pow(30, 1.0 / k)) * tol);
        forced_case(30, terminal, 0.3, 1.3 * tol);
        /* 100 steps: forced merges inside the merge tree too, at most
         * ceil(log2 k) = 7 of them on the way */
        int kw = PNFUNC_WIDE - 1 - terminal;
        forced_case(100, terminal, 0,
                    pow(pow(100, 1.0 / kw), 7) * pow(100, 1.0 / k) * tol);
    }
}
END_TEST

/* ---- shift, thresholds, arithmetic ------------------------------------ */

/* A random function: the root of a random tree with multi-step leaves. */
static void
random_function(rng_t *rng, pnfunc_t *p, pnfunc_t *d)
{
    static tree_t t;
    static pnfunc_t ps[TREE_NODES], ds[TREE_NODES];
    const shape_t sh = { 1, 3, 4, 0.3, -300, 300 };
    random_tree(rng, &t, &sh, 0);
    rules(&t, 0, rng_below(rng, 2) ? 40 : 0, 0.3, ps, ds);
    *p = ps[0];
    *d = ds[0];
}

START_TEST(shift_moves_every_end)
{
    rng_t rng;
    rng_seed(&rng, 11);
    for (int round = 0; round < 500; round++) {
        pnfunc_t f[2];
        random_function(&rng, &f[0], &f[1]);
        pnfunc_value_t off = (pnfunc_value_t)rng_below(&rng, 20001) - 10000;
        for (int k = 0; k < 2; k++) {
            pnfunc_t g = f[k];
            pnfunc_shift(&g, off);
            ck_assert(pnfunc_valid(&g));
            ck_assert_int_eq(g.n, f[k].n);
            ck_assert(g.slack == f[k].slack);
            for (int s = 0; s < 200; s++) {
                pnfunc_value_t v = (pnfunc_value_t)rng_below(&rng, 40001) - 20000;
                ck_assert_uint_eq(pnfunc_eval(&g, v), pnfunc_eval(&f[k], v - off));
            }
            ck_assert_uint_eq(pnfunc_eval(&g, PINF), pnfunc_eval(&f[k], PINF));
            ck_assert_uint_eq(pnfunc_eval(&g, NINF), pnfunc_eval(&f[k], NINF));
        }
        pnfunc_t gp = f[0], gd = f[1];
        pnfunc_shift(&gp, off);
        pnfunc_shift(&gd, off);
        pnfunc_value_t m;
        ck_assert(pnfunc_meet(&f[0], &f[1], &m));
        assert_meet(&gp, &gd, pnfunc_value_add(m, off));
        /* shifted apart, they no longer meet at one point */
        pnfunc_shift(&gd, 1);
        ck_assert(!pnfunc_meet(&gp, &gd, &m) || m == PINF || m == NINF);
    }
    /* ends pushed past the finite range pile up at its end: the steps
     * between go, the function stays valid and exact up to the end */
    pnfunc_t f, g;
    pnfunc_leaf_steps(&f, PNFUNC_PROOF, VMAX - 1000, 50);
    g = f;
    pnfunc_shift(&g, 900);
    ck_assert(pnfunc_valid(&g));
    ck_assert_int_lt(g.n, f.n);
    for (pnfunc_value_t v = VMAX - 200; v <= VMAX; v++)
        ck_assert_uint_eq(pnfunc_eval(&g, v), pnfunc_eval(&f, v - 900));
    ck_assert_uint_eq(pnfunc_eval(&g, PINF), pnfunc_eval(&f, PINF));
}
END_TEST

START_TEST(reach_is_the_threshold_rule)
{
    rng_t rng;
    rng_seed(&rng, 13);
    for (int round = 0; round < 500; round++) {
        pnfunc_t f[2];
        random_function(&rng, &f[0], &f[1]);
        for (int k = 0; k < 2; k++) {
            const pnfunc_t *g = &f[k];
            pnfunc_count_t cs[PNFUNC_STEPS * 2 + 6];
            int nc = 0;
            for (int i = 0; i < g->n; i++) {
                cs[nc++] = g->count[i];
                cs[nc++] = g->count[i] - (g->count[i] > 0);
            }
            cs[nc++] = 1;
            cs[nc++] = 3;
            cs[nc++] = 4;
            cs[nc++] = PNFUNC_COUNT_MAX;
            cs[nc++] = INF;
            for (int j = 0; j < nc; j++) {
                pnfunc_value_t r = pnfunc_reach(g, cs[j]);
                ck_assert_uint_le(pnfunc_eval(g, r), cs[j]);
                if (g->kind == PNFUNC_PROOF) {
                    /* the largest v with p(v) <= c */
                    if (r != PINF)
                        ck_assert_uint_gt(pnfunc_eval(g, r + 1), cs[j]);
                } else if (r != NINF) {
                    /* the smallest v with d(v) <= c */
                    ck_assert_uint_gt(pnfunc_eval(g, r - 1), cs[j]);
                }
            }
        }
        /* the paper's (5): v_max with delta_p = 8, P_max = 3 */
        pnfunc_value_t root;
        ck_assert(pnfunc_meet(&f[0], &f[1], &root));
        if (root != PINF && root != NINF) {
            pnfunc_count_t c = pnfunc_eval(&f[0], root + 8);
            pnfunc_value_t vmax = pnfunc_reach(&f[0], c > 3 ? c : 3);
            ck_assert_int_ge(vmax, root + 8);
            ck_assert_int_gt(vmax, root);
        }
    }
}
END_TEST

START_TEST(saturating_arithmetic)
{
    ck_assert_uint_eq(pnfunc_count_add(0, 0), 0);
    ck_assert_uint_eq(pnfunc_count_add(3, 4), 7);
    ck_assert_uint_eq(pnfunc_count_add(INF, 0), INF);
    ck_assert_uint_eq(pnfunc_count_add(0, INF), INF);
    ck_assert_uint_eq(pnfunc_count_add(INF, INF), INF);
    ck_assert_uint_eq(pnfunc_count_add(PNFUNC_COUNT_MAX - 5, 3), PNFUNC_COUNT_MAX - 2);
    ck_assert_uint_eq(pnfunc_count_add(PNFUNC_COUNT_MAX, 1), PNFUNC_COUNT_MAX);
    ck_assert_uint_eq(pnfunc_count_add(PNFUNC_COUNT_MAX, PNFUNC_COUNT_MAX), PNFUNC_COUNT_MAX);
    ck_assert_int_eq(pnfunc_value_add(PINF, -5), PINF);
    ck_assert_int_eq(pnfunc_value_add(NINF, 5), NINF);
    ck_assert_int_eq(pnfunc_value_add(INT32_MIN, 3), NINF);
    ck_assert_int_eq(pnfunc_value_add(5, -7), -2);
    ck_assert_int_eq(pnfunc_value_add(VMAX, 1), VMAX);
    ck_assert_int_eq(pnfunc_value_add(-VMAX, -1), -VMAX);
    ck_assert_int_eq(pnfunc_value_add(VMAX, -2 * VMAX), -VMAX);
    /* counts saturate in functions too: a finite sum never becomes +inf */
    pnfunc_t a, b, t, s;
    pnfunc_leaf_steps(&a, PNFUNC_PROOF, 0, 0.01);
    pnfunc_leaf_steps(&b, PNFUNC_PROOF, 10, 0.01);
    const pnfunc_t *ab[2] = { &a, &b };
    pnfunc_sum(&s, ab, 2, 0);
    ck_assert(pnfunc_valid(&s));
    ck_assert_uint_eq(pnfunc_eval(&s, 5), PNFUNC_COUNT_MAX);
    ck_assert_uint_eq(pnfunc_eval(&s, PINF), PNFUNC_COUNT_MAX);
    ck_assert_uint_eq(pnfunc_eval(&s, 0), 0);
    pnfunc_leaf(&t, PNFUNC_PROOF, 20, true);
    const pnfunc_t *at[2] = { &a, &t };
    pnfunc_sum(&s, at, 2, 0);
    ck_assert_uint_eq(pnfunc_eval(&s, 20), PNFUNC_COUNT_MAX);
    ck_assert_uint_eq(pnfunc_eval(&s, 21), INF);
    pnfunc_min(&s, at, 2, 0);
    ck_assert_uint_eq(pnfunc_eval(&s, 21), PNFUNC_COUNT_MAX);
}
END_TEST

static Suite *
pnfunc_suite(void)
{
    Suite *su = suite_create("pnfunc");
    TCase *tc = tcase_create("leaves");
    tcase_add_test(tc, leaf_two_steps);
    tcase_add_test(tc, leaf_multi_steps);
    suite_add_tcase(su, tc);
    tc = tcase_create("rules");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, rules_by_hand);
    tcase_add_test(tc, rules_agree_with_definition_1);
    suite_add_tcase(su, tc);
    tc = tcase_create("merges");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, eta_merge_within_its_bound);
    tcase_add_test(tc, merges_on_larger_trees);
    tcase_add_test(tc, eta_merge_groups_from_the_lowest);
    tcase_add_test(tc, forced_merge_within_its_bound);
    suite_add_tcase(su, tc);
    tc = tcase_create("reading");
    tcase_add_test(tc, shift_moves_every_end);
    tcase_add_test(tc, reach_is_the_threshold_rule);
    tcase_add_test(tc, saturating_arithmetic);
    suite_add_tcase(su, tc);
    return su;
}

int
main(void)
{
    SRunner *sr = srunner_create(pnfunc_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
