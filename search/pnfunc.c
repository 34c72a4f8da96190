/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Proof and disproof functions as staircases (pnfunc.h states the
 * contract).  Inside, both kinds are one kind of staircase on a key axis:
 * the key is the value for p and its negation for d, so that counts rise
 * with the key, f(k) = count[i] for the least i with k <= key[i], and the
 * last key is +inf.  The infinities are symmetric (+-INT32_MAX), so the
 * negation is exact. */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "search/pnfunc.h"

/* A staircase on the key axis, wide enough for the merge of two
 * PNFUNC_WIDE-step partial results. */
#define STAIR_CAP (2 * PNFUNC_WIDE)

typedef struct stair {
    int n;
    int32_t key[STAIR_CAP];
    pnfunc_count_t count[STAIR_CAP];
} stair_t;

/* The worst ratio a merge made, hi / lo, kept exact. */
typedef struct ratio {
    uint64_t hi, lo;
} ratio_t;

/* A value as read: INT32_MIN is -inf. */
static pnfunc_value_t
value_read(pnfunc_value_t v)
{
    return v < PNFUNC_MINUS_INF ? PNFUNC_MINUS_INF : v;
}

/* A value as stored: infinite or within the finite range. */
static pnfunc_value_t
value_store(pnfunc_value_t v)
{
    if (v >= PNFUNC_PLUS_INF)
        return PNFUNC_PLUS_INF;
    if (v <= PNFUNC_MINUS_INF)
        return PNFUNC_MINUS_INF;
    if (v > PNFUNC_VALUE_MAX)
        return PNFUNC_VALUE_MAX;
    if (v < -PNFUNC_VALUE_MAX)
        return -PNFUNC_VALUE_MAX;
    return v;
}

/* The key of value v (read) for a function of this kind; also its
 * inverse. */
static int32_t
key_of(int kind, pnfunc_value_t v)
{
    return kind == PNFUNC_PROOF ? v : -v;
}

pnfunc_value_t
pnfunc_value_add(pnfunc_value_t v, pnfunc_value_t offset)
{
    if (v >= PNFUNC_PLUS_INF || v <= PNFUNC_MINUS_INF)
        return value_read(v);
    int64_t s = (int64_t)v + offset;
    if (s > PNFUNC_VALUE_MAX)
        return PNFUNC_VALUE_MAX;
    if (s < -PNFUNC_VALUE_MAX)
        return -PNFUNC_VALUE_MAX;
    return (pnfunc_value_t)s;
}

pnfunc_count_t
pnfunc_count_add(pnfunc_count_t a, pnfunc_count_t b)
{
    if (a >= PNFUNC_INF || b >= PNFUNC_INF)
        return PNFUNC_INF;
    uint64_t s = (uint64_t)a + b;
    return s > PNFUNC_COUNT_MAX ? PNFUNC_COUNT_MAX : (pnfunc_count_t)s;
}

/* ---- staircases on the key axis ------------------------------------- */

static void
stair_load(stair_t *s, const pnfunc_t *f)
{
    s->n = f->n;
    for (int i = 0; i < f->n; i++) {
        s->key[i] = key_of(f->kind, f->end[i]);
        s->count[i] = f->count[i];
    }
}

static void
stair_store(pnfunc_t *f, const stair_t *s, int kind, float slack)
{
    f->kind = (uint8_t)kind;
    f->n = (uint8_t)s->n;
    f->slack = slack;
    for (int i = 0; i < s->n; i++) {
        f->end[i] = key_of(kind, s->key[i]);
        f->count[i] = s->count[i];
    }
}

/* out = min(a, b), or their saturating sum: one pass over both lists of
 * ends, a step for each end where the combined count changes.  At most
 * a->n + b->n - 1 steps. */
static void
stair_merge(stair_t *out, const stair_t *a, const stair_t *b, bool sum)
{
    int i = 0, j = 0, n = 0;
    for (;;) {
        int32_t e = a->key[i] < b->key[j] ? a->key[i] : b->key[j];
        pnfunc_count_t ca = a->count[i], cb = b->count[j];
        pnfunc_count_t c = sum ? pnfunc_count_add(ca, cb) : ca < cb ? ca : cb;
        if (n > 0 && out->count[n - 1] == c) {
            out->key[n - 1] = e;
        } else {
            out->key[n] = e;
            out->count[n] = c;
            n++;
        }
        if (e == PNFUNC_PLUS_INF)
            break;
        if (a->key[i] == e)
            i++;
        if (b->key[j] == e)
            j++;
    }
    out->n = n;
}

static void
ratio_note(ratio_t *r, pnfunc_count_t hi, pnfunc_count_t lo)
{
    if ((uint64_t)hi * r->lo > r->hi * (uint64_t)lo) {
        r->hi = hi;
        r->lo = lo;
    }
}

/* Group s's positive finite counts with ratio rho (pnfunc.h, Merging)
 * into out, which may be s, or only count the steps when out is NULL.
 * Returns the steps; the worst ratio of a group goes into *worst. */
static int
stair_group(const stair_t *s, double rho, stair_t *out, ratio_t *worst)
{
    int m = 1;
    if (out) {
        out->key[0] = s->key[0];
        out->count[0] = s->count[0];
    }
    for (int i = 1; i < s->n;) {
        pnfunc_count_t lo = s->count[i];
        int j = i;
        if (lo != PNFUNC_INF) {
            double limit = (double)lo * rho;
            while (j + 1 < s->n && s->count[j + 1] != PNFUNC_INF
                   && (double)s->count[j + 1] <= limit)
                j++;
            if (worst && j > i)
                ratio_note(worst, s->count[j], lo);
        }
        /* reads stay at or ahead of the write: m <= i <= j */
        if (out) {
            out->key[m] = s->key[j];
            out->count[m] = s->count[j];
        }
        m++;
        i = j + 1;
    }
    if (out)
        out->n = m;
    return m;
}

/* The least ratio (to bisection's precision) above `lo`, at which s
 * groups into at most cap steps.  s has more than cap steps at lo, so it
 * has positive finite counts; cap >= 3 leaves K >= 1 steps for them. */
static double
stair_forced_rho(const stair_t *s, int cap, double lo)
{
    int top = s->n - 1;
    int k = cap - 1;
    if (s->count[top] == PNFUNC_INF) {
        top--;
        k--;
    }
    double spread = (double)s->count[top] / (double)s->count[1];
    /* Group starts grow by more than rho each, so rho^K >= spread fits
     * (pnfunc.h); the factor covers rounding only. */
    double hi = pow(spread, 1.0 / k) * (1 + 1e-12);
    if (hi <= lo || stair_group(s, hi, NULL, NULL) > cap)
        hi = 2 * spread;        /* one group: always fits */
    for (int it = 0; it < 40; it++) {
        double mid = sqrt(lo * hi);
        if (stair_group(s, mid, NULL, NULL) <= cap)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* Merge s into at most cap steps: the eta merge, then a forced one if
 * more than cap steps are left.  The worst ratio merged ({1, 1}: none). */
static ratio_t
stair_compress(stair_t *s, int cap, double eta)
{
    ratio_t worst = { 1, 1 };
    double rho = eta > 0 ? 1 + eta : 1;
    if (s->n <= 2 || (rho == 1 && s->n <= cap))
        return worst;
    if (stair_group(s, rho, NULL, NULL) > cap)
        rho = stair_forced_rho(s, cap, rho);
    stair_group(s, rho, s, &worst);
    return worst;
}

/* slack * r, rounded up so that it stays a bound. */
static float
slack_times(float slack, ratio_t r)
{
    if (r.hi == r.lo)
        return slack;
    double q = nextafter((double)r.hi / (double)r.lo, INFINITY);
    double x = nextafter((double)slack * q, INFINITY);
    float f = (float)x;
    if ((double)f < x)
        f = nextafterf(f, INFINITY);
    return f;
}

/* ---- the rules ----------------------------------------------------- */

void
pnfunc_leaf(pnfunc_t *f, pnfunc_kind_t kind, pnfunc_value_t x, bool terminal)
{
    pnfunc_value_t far = kind == PNFUNC_PROOF ? PNFUNC_PLUS_INF : PNFUNC_MINUS_INF;
    x = value_store(x);
    f->kind = (uint8_t)kind;
    f->slack = 1;
    f->end[0] = x;
    f->count[0] = 0;
    f->n = 1;
    if (x != far) {
        f->end[1] = far;
        f->count[1] = terminal ? PNFUNC_INF : 1;
        f->n = 2;
    }
}

void
pnfunc_leaf_steps(pnfunc_t *f, pnfunc_kind_t kind, pnfunc_value_t x, double delta)
{
    x = value_store(x);
    if (x == PNFUNC_PLUS_INF || x == PNFUNC_MINUS_INF) {
        pnfunc_leaf(f, kind, x, true);
        return;
    }
    if (!(delta > 0)) {
        pnfunc_leaf(f, kind, x, false);
        return;
    }
    stair_t s;
    int32_t kx = key_of(kind, x);
    s.key[0] = kx;
    s.count[0] = 0;
    s.n = 1;
    /* The step that starts at distance `from` from x: its count i is
     * ceil(2^(from/delta)) - 1, the least with from <= delta*log2(i+1),
     * and it ends at distance floor(delta*log2(i+1)). */
    double from = 1;
    pnfunc_count_t prev = 0;
    for (;;) {
        double c = ceil(exp2(from / delta)) - 1;
        pnfunc_count_t count = c >= PNFUNC_COUNT_MAX ? PNFUNC_COUNT_MAX : (pnfunc_count_t)c;
        if (count <= prev)      /* rounding */
            count = prev + 1;
        double to = floor(delta * log2((double)count + 1));
        if (to < from)          /* rounding */
            to = from;
        bool last = s.n == PNFUNC_STEPS - 1 || count == PNFUNC_COUNT_MAX
            || to >= (double)PNFUNC_VALUE_MAX - kx;
        s.key[s.n] = last ? PNFUNC_PLUS_INF : kx + (int32_t)to;
        s.count[s.n] = count;
        s.n++;
        if (last)
            break;
        from = to + 1;
        prev = count;
    }
    stair_store(f, &s, kind, 1);
}

/* fs[0..k-1], k >= 1, combined into *out as a balanced binary tree of
 * pairwise merges, each partial result forced into PNFUNC_WIDE steps when
 * it has more; returns its slack.  Stack: two staircases a level. */
static float
combine_range(stair_t *out, const pnfunc_t *const fs[], int k, bool sum)
{
    if (k == 1) {
        stair_load(out, fs[0]);
        return fs[0]->slack;
    }
    stair_t a, b;
    int h = k / 2;
    float sa = combine_range(&a, fs, h, sum);
    float sb = combine_range(&b, fs + h, k - h, sum);
    stair_merge(out, &a, &b, sum);
    float slack = sa > sb ? sa : sb;
    if (out->n > PNFUNC_WIDE)
        slack = slack_times(slack, stair_compress(out, PNFUNC_WIDE, 0));
    return slack;
}

static void
combine(pnfunc_t *out, const pnfunc_t *const fs[], int k, double eta, bool sum)
{
    if (k < 1) {
        pnfunc_leaf(out, PNFUNC_PROOF, PNFUNC_PLUS_INF, false);
        return;
    }
    stair_t s;
    int kind = fs[0]->kind;
    float slack = combine_range(&s, fs, k, sum);
    slack = slack_times(slack, stair_compress(&s, PNFUNC_STEPS, eta));
    stair_store(out, &s, kind, slack);
}

void
pnfunc_min(pnfunc_t *out, const pnfunc_t *const fs[], int k, double eta)
{
    combine(out, fs, k, eta, false);
}

void
pnfunc_sum(pnfunc_t *out, const pnfunc_t *const fs[], int k, double eta)
{
    combine(out, fs, k, eta, true);
}

void
pnfunc_approx(pnfunc_t *f, double eta)
{
    stair_t s;
    stair_load(&s, f);
    float slack = slack_times(f->slack, stair_compress(&s, PNFUNC_STEPS, eta));
    stair_store(f, &s, f->kind, slack);
}

/* ---- reading and moving -------------------------------------------- */

pnfunc_count_t
pnfunc_eval(const pnfunc_t *f, pnfunc_value_t v)
{
    int32_t k = key_of(f->kind, value_read(v));
    int i = 0;
    while (i + 1 < f->n && k > key_of(f->kind, f->end[i]))
        i++;
    return f->count[i];
}

pnfunc_value_t
pnfunc_reach(const pnfunc_t *f, pnfunc_count_t c)
{
    int i = 0;
    while (i + 1 < f->n && f->count[i + 1] <= c)
        i++;
    return f->end[i];
}

bool
pnfunc_meet(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t *m)
{
    *m = pnfunc_reach(p, 0);
    return pnfunc_reach(d, 0) == *m;
}

void
pnfunc_shift(pnfunc_t *f, pnfunc_value_t offset)
{
    int m = 0;
    for (int i = 0; i < f->n; i++) {
        pnfunc_value_t e = pnfunc_value_add(f->end[i], offset);
        if (m > 0 && e == f->end[m - 1])
            continue;           /* clamped onto the end before: empty */
        f->end[m] = e;
        f->count[m] = f->count[i];
        m++;
    }
    f->n = (uint8_t)m;
}

bool
pnfunc_valid(const pnfunc_t *f)
{
    if ((f->kind != PNFUNC_PROOF && f->kind != PNFUNC_DISPROOF)
        || f->n < 1 || f->n > PNFUNC_STEPS || !(f->slack >= 1) || f->count[0] != 0)
        return false;
    for (int i = 0; i < f->n; i++) {
        pnfunc_value_t e = f->end[i];
        if (e != value_store(e) || f->count[i] > PNFUNC_INF)
            return false;
        if (i > 0 && (f->count[i] <= f->count[i - 1]
                      || key_of(f->kind, e) <= key_of(f->kind, f->end[i - 1])))
            return false;
    }
    return key_of(f->kind, f->end[f->n - 1]) == PNFUNC_PLUS_INF;
}
