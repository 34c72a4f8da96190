/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_PNFUNC_H
#define HEIN_SEARCH_PNFUNC_H

/* Proof and disproof functions of conspiracy number search, the numbers
 * SCNS keeps per node (../shared/papers/scns-feature-strength-and-
 * parallelization.txt, §2-3).  For a node n and a value v, the proof
 * function p(v) is the least number of leaves below n that must change
 * value so that MINIMAX(n) >= v; the disproof function d(v) the least
 * number so that MINIMAX(n) <= v (Definition 1).  p never decreases, d
 * never increases, and they meet at MINIMAX(n): p(v) = 0 exactly for
 * v <= MINIMAX(n), d(v) = 0 exactly for v >= MINIMAX(n).
 *
 * Values.  A pnfunc_value_t is an int32_t.  The finite values are the
 * integers from -PNFUNC_VALUE_MAX to PNFUNC_VALUE_MAX; PNFUNC_PLUS_INF
 * (INT32_MAX) and PNFUNC_MINUS_INF (its negation) are +inf and -inf, a
 * won and a lost position.  INT32_MIN reads as -inf; a finite value
 * given beyond the finite range is clamped to it wherever a function
 * stores it.  The unit is the evaluation's: SCNS counts hundredths of a
 * natural-log unit of its sibling comparison (PNFUNC_UNITS_PER_NAT), and
 * the only parameter of this module in that unit is rule (7)'s delta.
 * Leaf values are integers, so every breakpoint is one and nothing is
 * lost by evaluating at integers: on the real line p(v) = p(ceil v) and
 * d(v) = d(floor v).
 *
 * Counts.  A pnfunc_count_t is 0 .. PNFUNC_COUNT_MAX, or PNFUNC_INF for
 * +inf (only terminal leaves would have to change).  Sums saturate
 * (pnfunc_count_add): PNFUNC_INF absorbs anything, and a finite sum stops
 * at PNFUNC_COUNT_MAX, never reaching PNFUNC_INF.
 *
 * Staircases.  A pnfunc_t is a plain struct of n steps, 1 <= n <=
 * PNFUNC_STEPS, each an end value end[i] and a count count[i]; counts
 * rise strictly from count[0] = 0, and only the last may be PNFUNC_INF.
 *   proof:    f(v) = count[i] for the least i with v <= end[i]; the ends
 *             rise strictly and end[n-1] = +inf;
 *   disproof: f(v) = count[i] for the least i with v >= end[i]; the ends
 *             fall strictly and end[n-1] = -inf.
 * So a step is closed at its own end and open at the one before: at a
 * breakpoint the function takes the lower of its two counts (the black
 * dots of the paper's Figure 1).  The leaf p(v) = 0 for v <= x, 1 for
 * v > x is the steps (x, 0), (+inf, 1); its d is (x, 0), (-inf, 1).
 * Step 0 is the zero set, so end[0] of p and of d is MINIMAX(n)
 * (pnfunc_meet).  A function is copied by value and needs no memory of
 * its own; no operation allocates, and the module has no state, so
 * threads share nothing through it.
 *
 * Exactness.  Call E the exact function of a node: the one rules (1),
 * (7) and (2) give from the same leaves with no bound on the steps and
 * eta = 0, counts saturating as above.  Every pnfunc_t carries `slack`,
 * and for every value v
 *     E(v) <= f(v) <= slack * E(v),
 * with f(v) = 0 exactly where E(v) = 0 and f(v) = PNFUNC_INF exactly
 * where E(v) = PNFUNC_INF.  So a merged function never understates a
 * count, never overstates it by more than the factor slack, and keeps
 * the meet point, MINIMAX(n), and the unreachable values exactly.  Leaves
 * and exact results have slack 1; pnfunc_min and pnfunc_sum start from
 * the largest slack of their arguments (min and sum keep a common
 * factor), and each merge multiplies it by the largest ratio (highest
 * count / lowest count) among the counts it merged, rounded up.
 *
 * Merging.  Steps are merged by grouping the positive finite counts, from
 * the lowest: a group starting at count c takes every following count
 * c' <= rho * c (in double arithmetic), and becomes one step with the
 * group's highest count, reaching to the end of its last step.  The zero
 * step and a PNFUNC_INF step are never merged.
 *   - The eta merge (pnfunc_approx, and the last stage of pnfunc_min and
 *     pnfunc_sum) uses rho = 1 + eta, so every ratio is at most 1 + eta:
 *     the paper's approximation (Table 1: eta = 0.30).  eta = 0 merges
 *     nothing.
 *   - When more than PNFUNC_STEPS steps remain (only pnfunc_min and
 *     pnfunc_sum make more), a forced merge groups them with the least rho
 *     it finds (by bisection) that leaves PNFUNC_STEPS.  Its ratio is at
 *     most max(1 + eta, (hi / lo)^(1/K)) up to a relative 10^-9 of
 *     rounding, where lo and hi are the least and greatest positive finite
 *     counts and K = PNFUNC_STEPS - 1, less one when the function reaches
 *     PNFUNC_INF (the steps left for positive finite counts).
 *
 * pnfunc_min and pnfunc_sum merge their k arguments pairwise, as a
 * balanced binary tree of depth ceil(log2 k).  A partial result is exact
 * while it has at most PNFUNC_WIDE steps, and is otherwise forced down to
 * PNFUNC_WIDE the same way (K = PNFUNC_WIDE - 1, or - 2).  So a result
 * whose exact function has at most PNFUNC_WIDE steps at every level of
 * that tree has only the final merge's ratio in its slack, and any
 * result's slack takes the ratios of at most ceil(log2 k) forced merges
 * besides the final one.  With the eta merge at every node and no forced
 * merge, a node of height h (leaves 0) has slack at most (1 + eta)^h.
 *
 * Rules (the paper's numbering):
 *   (1) pnfunc_leaf: the two-step leaf;
 *   (7) pnfunc_leaf_steps: the multi-step leaf of parameter delta;
 *   (2) at an OR (max) node p = pnfunc_min of the children's p and
 *       d = pnfunc_sum of their d; at an AND (min) node p = pnfunc_sum,
 *       d = pnfunc_min.
 * A search stores a node's functions relative to its own evaluation and
 * moves them with pnfunc_shift when it reads them in another context. */

#include <stdbool.h>
#include <stdint.h>

typedef int32_t pnfunc_value_t;
#define PNFUNC_PLUS_INF INT32_MAX
#define PNFUNC_MINUS_INF (-INT32_MAX)
#define PNFUNC_VALUE_MAX 1000000000
#define PNFUNC_UNITS_PER_NAT 100

typedef uint32_t pnfunc_count_t;
#define PNFUNC_INF UINT32_C(0x3fffffff)
#define PNFUNC_COUNT_MAX (PNFUNC_INF - 1)

/* Steps of a stored function, and of the partial results inside
 * pnfunc_min and pnfunc_sum. */
#define PNFUNC_STEPS 16
#define PNFUNC_WIDE (4 * PNFUNC_STEPS)

typedef enum pnfunc_kind {
    PNFUNC_PROOF,               /* p: non-decreasing */
    PNFUNC_DISPROOF             /* d: non-increasing */
} pnfunc_kind_t;

typedef struct pnfunc {
    uint8_t kind;               /* a pnfunc_kind_t */
    uint8_t n;                  /* steps in use */
    float slack;                /* f <= slack * E (see Exactness) */
    pnfunc_value_t end[PNFUNC_STEPS];
    pnfunc_count_t count[PNFUNC_STEPS];
} pnfunc_t;

/* v + offset: +-inf stay, a finite result is clamped to the finite
 * range. */
pnfunc_value_t pnfunc_value_add(pnfunc_value_t v, pnfunc_value_t offset);

/* a + b, saturating as described under Counts. */
pnfunc_count_t pnfunc_count_add(pnfunc_count_t a, pnfunc_count_t b);

/* Rule (1): the function of a leaf of value x: 0 up to x (from x for d),
 * then 1, or PNFUNC_INF when the leaf is terminal.  For p with x = +inf,
 * or d with x = -inf, it is 0 everywhere (one step). */
void pnfunc_leaf(pnfunc_t *f, pnfunc_kind_t kind, pnfunc_value_t x,
                 bool terminal);

/* Rule (7), for a non-terminal leaf of value x: p(v) = 0 for v <= x, and
 * for v > x the i >= 1 with i^delta < 2^(v-x) <= (i+1)^delta, i.e. the
 * step of count i ends at x + floor(delta * log2(i+1)); d likewise with
 * x - v.  Counts whose steps hold no integer are skipped (as the steps
 * narrow, and all but a few when delta is small).  The function keeps
 * the first PNFUNC_STEPS steps of this rule, the zero step included: the
 * last one it keeps reaches to +inf (-inf for d), so beyond its start the
 * count stays at that step's count instead of growing.  Counts
 * beyond PNFUNC_COUNT_MAX are clamped to it.  delta <= 0 (or NaN) gives
 * rule (1)'s non-terminal leaf; an infinite x its terminal leaf. */
void pnfunc_leaf_steps(pnfunc_t *f, pnfunc_kind_t kind, pnfunc_value_t x,
                       double delta);

/* out = the pointwise minimum (pnfunc_min) or saturating sum (pnfunc_sum)
 * of fs[0..k-1], k >= 1 functions of one kind, by merging their steps
 * (linear in the steps at each level); then the eta merge, and a forced
 * merge if more than PNFUNC_STEPS steps are left (see Merging).  out may
 * be one of fs.  With k < 1, out is the function 0 everywhere, a proof
 * function.  Stack: about 2 KB for each level of the merge tree. */
void pnfunc_min(pnfunc_t *out, const pnfunc_t *const fs[], int k, double eta);
void pnfunc_sum(pnfunc_t *out, const pnfunc_t *const fs[], int k, double eta);

/* The eta merge of f in place. */
void pnfunc_approx(pnfunc_t *f, double eta);

/* f(v). */
pnfunc_count_t pnfunc_eval(const pnfunc_t *f, pnfunc_value_t v);

/* The threshold rule of the search interval (the paper's (4) and (5)):
 * for p the largest v with p(v) <= c, for d the smallest v with
 * d(v) <= c; +inf (-inf) when the count never exceeds c. */
pnfunc_value_t pnfunc_reach(const pnfunc_t *f, pnfunc_count_t c);

/* The meet point of a proof function p and a disproof function d: *m =
 * the largest v with p(v) = 0, and true when it is also the least v with
 * d(v) = 0, so that p and d meet at the single point (m, 0).  For the
 * functions of one node (built from one set of leaves, shifted alike) it
 * is true and m = MINIMAX(n); false says the pair is not one node's. */
bool pnfunc_meet(const pnfunc_t *p, const pnfunc_t *d, pnfunc_value_t *m);

/* f(v) becomes f(v - offset): every finite end moves by offset
 * (pnfunc_value_add).  Ends that clamping brings together lose the steps
 * between them (only near +-PNFUNC_VALUE_MAX). */
void pnfunc_shift(pnfunc_t *f, pnfunc_value_t offset);

/* Whether f keeps every rule of Staircases (and slack >= 1); for tests
 * and for functions read back from a table. */
bool pnfunc_valid(const pnfunc_t *f);

#endif /* HEIN_SEARCH_PNFUNC_H */
