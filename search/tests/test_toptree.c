/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the two-level search's top tree (toptree.h): a simulated
 * run -- several workers, each a DFPN workspace on a table of its own,
 * running small jobs handed out by the tree and finishing them in a
 * random order -- against exact minimax on random small positions, with
 * the solved log handed on to the workers as hein-solve --mpi does; the
 * marks of running jobs; checkpoints written mid-run and read back
 * (the run then ends with the same answer), and damaged ones refused. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/rng.h"
#include "board/tests/minimax.h"
#include "search/tests/kn_world.h"
#include "search/toptree.h"

#define NWORKERS 3

/* A simulated worker: its own table and workspace, and how far into the
 * tree's log it has read. */
typedef struct worker {
    tt_t *tt;
    dfpn_t *s;
    size_t seen;
    int node;                   /* its running job, or -1 */
    uint32_t P, D;              /* the job's thresholds */
} worker_t;

typedef struct sim {
    kn_world_t w;
    worker_t wk[NWORKERS];
    toptree_buf_t *buf;
    dfpn_params_t prm;
    rng_t rng;
    uint64_t jobs;
} sim_t;

static void
sim_init(sim_t *m, uint64_t seed, uint64_t work_limit, bool rules_only)
{
    kn_world_init(&m->w);
    m->w.vc.path_builds = true;         /* the engine's default */
    kn_world_weaken(&m->w);             /* small boards, searches of many nodes */
    m->w.cfg.rules_only = rules_only;
    for (int i = 0; i < NWORKERS; i++) {
        m->wk[i].tt = tt_new(1 << 20);
        m->wk[i].s = dfpn_new(m->wk[i].tt, &m->w.cfg);
        ck_assert(m->wk[i].tt && m->wk[i].s);
        m->wk[i].seen = 0;
        m->wk[i].node = -1;
    }
    m->buf = malloc(sizeof *m->buf);
    ck_assert_ptr_nonnull(m->buf);
    dfpn_params_default(&m->prm);
    m->prm.work_limit = work_limit;
    rng_seed(&m->rng, seed);
    m->jobs = 0;
}

static void
sim_free(sim_t *m)
{
    for (int i = 0; i < NWORKERS; i++) {
        dfpn_free(m->wk[i].s);
        tt_free(m->wk[i].tt);
    }
    free(m->buf);
    kn_world_free(&m->w);
}

static void
sim_clear(sim_t *m)
{
    for (int i = 0; i < NWORKERS; i++) {
        tt_clear(m->wk[i].tt);
        m->wk[i].seen = 0;
        m->wk[i].node = -1;
    }
}

/* Worker k runs the job on its node: the log's new entries into its
 * table, the solve within the work limit, the report to the tree. */
static void
run_job(sim_t *m, toptree_t *t, int k)
{
    worker_t *w = &m->wk[k];
    const toptree_solved_t *log = toptree_log(t);
    for (; w->seen < toptree_log_size(t); w->seen++) {
        tt_data_t d = { log[w->seen].win ? 0 : TT_INF, log[w->seen].win ? TT_INF : 0,
                        log[w->seen].work, log[w->seen].best };
        tt_store(w->tt, log[w->seen].key, &d);
    }
    position_t p;
    toptree_position(t, w->node, &p);
    ck_assert_uint_eq(position_key(&p), toptree_key(t, w->node));
    stop_t stop = stop_make(NULL, 0);
    dfpn_result_t r;
    m->prm.job_phi = w->P;
    m->prm.job_delta = w->D;
    dfpn_solve(w->s, &p, p.to_move, &m->prm, &stop, &r);
    toptree_report_t rep;
    ck_assert(toptree_report_from(w->s, &p, m->buf, &rep));
    toptree_finish(t, w->node, &rep);
    position_free(&p);
    w->node = -1;
    m->jobs++;
}

/* The run: hand out jobs to idle workers, finish a random running one,
 * until the root is solved.  Stops early (false) after `steps` jobs when
 * steps > 0. */
static bool
sim_run(sim_t *m, toptree_t *t, long steps)
{
    for (long n = 0;; n++) {
        uint32_t phi, delta;
        toptree_root(t, &phi, &delta);
        if (phi == 0 || delta == 0)
            return true;
        if (steps > 0 && n >= steps)
            return false;
        for (int k = 0; k < NWORKERS; k++) {
            if (m->wk[k].node >= 0)
                continue;
            int leaf = toptree_pick(t, k, NWORKERS, &m->wk[k].P, &m->wk[k].D);
            if (leaf < 0)
                break;
            toptree_start(t, leaf);
            m->wk[k].node = leaf;
        }
        ck_assert_int_gt(toptree_running(t), 0);
        int busy[NWORKERS], nb = 0;
        for (int k = 0; k < NWORKERS; k++)
            if (m->wk[k].node >= 0)
                busy[nb++] = k;
        run_job(m, t, busy[rng_below(&m->rng, (uint32_t)nb)]);
    }
}

/* Abandon every running job (a checkpoint drops them). */
static void
sim_abandon(sim_t *m, toptree_t *t)
{
    for (int k = 0; k < NWORKERS; k++)
        if (m->wk[k].node >= 0) {
            toptree_abandon(t, m->wk[k].node);
            m->wk[k].node = -1;
        }
    ck_assert_int_eq(toptree_running(t), 0);
}

static void
random_position(rng_t *rng, position_t *p, geometry_t **geo, int min_empty, int max_empty)
{
    int w = 4 + (int)rng_below(rng, 2), h = 4 + (int)rng_below(rng, 2);
    *geo = geometry_new(w, h);
    position_init(p, *geo);
    int n = w * h, e = min_empty + (int)rng_below(rng, (uint32_t)(max_empty - min_empty + 1));
    if (e > n)
        e = n;
    for (int i = 0; i < n - e; i++) {
        bitset_t em = position_empty_cells(p);
        int c = bitset_nth(&em, (int)rng_below(rng, (uint32_t)bitset_count(&em)));
        position_play(p, i % 2 ? HEX_WHITE : HEX_BLACK, c);
        if (p->winner != HEX_EMPTY) {
            position_undo(p);
            break;
        }
    }
    if (rng_below(rng, 2))
        position_set_to_move(p, hex_color_other(p->to_move));
}

/* The tree's answer on `want` random positions against minimax: the
 * winner, and the winning move a win names. */
static void
agree_with_minimax(uint64_t seed, int want, uint64_t work_limit, int max_depth,
                   int max_nodes, bool checkpoint, bool rules_only, toptree_scheme_t scheme)
{
    sim_t m;
    sim_init(&m, seed, work_limit, rules_only);
    toptree_params_t tp;
    toptree_params_default(&tp);
    tp.scheme = scheme;
    tp.seed = seed;
    tp.max_depth = max_depth;
    tp.max_nodes = max_nodes;
    toptree_t *t = toptree_new(&tp);
    minimax_t *mm = minimax_new();
    ck_assert(t && mm);
    uint64_t expanded = 0, nodes = 0, resumed = 0, pruned = 0;
    for (int i = 0; i < want; i++) {
        geometry_t *geo;
        position_t p;
        random_position(&m.rng, &p, &geo, rules_only ? 9 : 13, rules_only ? 12 : 15);
        sim_clear(&m);
        toptree_forget(t);
        toptree_reset(t, &p, p.to_move);
        minimax_clear(mm);
        hex_color_t truth = minimax_winner(mm, &p);
        if (checkpoint && !sim_run(&m, t, 3)) {
            /* a checkpoint mid-run, read back into a fresh tree; the
             * workers lose their tables, as after a restart */
            sim_abandon(&m, t);
            FILE *f = tmpfile();
            char why[256];
            ck_assert(f);
            ck_assert_msg(toptree_write(t, f, why, sizeof why), "%s", why);
            rewind(f);
            toptree_t *u = toptree_new(&tp);
            toptree_reset(u, &p, p.to_move);
            ck_assert_msg(toptree_read(u, f, why, sizeof why), "%s", why);
            fclose(f);
            toptree_stats_t a, b;
            toptree_stats(t, &a);
            toptree_stats(u, &b);
            ck_assert_uint_eq(a.nodes, b.nodes);
            ck_assert_uint_eq(toptree_log_size(t), toptree_log_size(u));
            toptree_free(t);
            t = u;
            sim_clear(&m);
            resumed++;
        }
        ck_assert(sim_run(&m, t, 0));
        bool win;
        int best;
        ck_assert(toptree_result(t, &win, &best));
        hex_color_t winner = win ? p.to_move : hex_color_other(p.to_move);
        char diagram[2048];
        position_to_text(&p, diagram, sizeof diagram);
        ck_assert_msg(winner == truth, "the top tree says %s, minimax %s, on\n%s",
                      hex_color_name(winner), hex_color_name(truth), diagram);
        if (win && best >= 0) {
            position_play(&p, p.to_move, best);
            ck_assert_msg(minimax_winner(mm, &p) == truth, "winning move %d loses on\n%s",
                          best, diagram);
            position_undo(&p);
        }
        toptree_stats_t st;
        toptree_stats(t, &st);
        expanded += st.expanded;
        nodes += st.nodes;
        pruned += st.pruned;
        position_free(&p);
        geometry_unref(geo);
    }
    static const char *const names[] = { "two-level", "rp-pns", "parapds" };
    fprintf(stderr, "top tree vs minimax (%s, %s, work limit %llu, depth %d, %d nodes%s): %d "
            "positions, %llu jobs, %llu leaves expanded, %llu nodes (%llu pruned), %llu resumed\n",
            names[scheme], rules_only ? "rules only" : "weak knowledge",
            (unsigned long long)work_limit,
            max_depth, max_nodes,
            checkpoint ? ", checkpoints" : "", want, (unsigned long long)m.jobs,
            (unsigned long long)expanded, (unsigned long long)nodes,
            (unsigned long long)pruned, (unsigned long long)resumed);
    ck_assert_uint_gt(expanded, (uint64_t)(max_depth > 1 ? want / 10 : 10));      /* trees grew */
    minimax_free(mm);
    toptree_free(t);
    sim_free(&m);
}

START_TEST(toptree_agrees_with_minimax)
{
    /* a job's work must exceed the empty cells: it descends from its
     * leaf to a new node, one call a level, before it expands one */
    agree_with_minimax(1, 150, 16, 64, 1 << 20, false, true, TOPTREE_TWO_LEVEL);
}
END_TEST

START_TEST(toptree_with_knowledge_agrees_with_minimax)
{
    /* fill-in keeps the solver's paths short: 6 calls reach new nodes */
    agree_with_minimax(7, 150, 6, 64, 1 << 20, false, false, TOPTREE_TWO_LEVEL);
}
END_TEST

START_TEST(toptree_agrees_with_minimax_at_depth_one)
{
    /* leaves at depth 1 are never expanded: their jobs continue them */
    agree_with_minimax(2, 100, 16, 1, 1 << 20, false, true, TOPTREE_TWO_LEVEL);
}
END_TEST

START_TEST(toptree_agrees_with_minimax_when_full)
{
    agree_with_minimax(3, 100, 16, 64, 40, false, true, TOPTREE_TWO_LEVEL);
}
END_TEST

START_TEST(rp_pns_agrees_with_minimax)
{
    agree_with_minimax(11, 120, 16, 64, 1 << 20, false, true, TOPTREE_RP_PNS);
    agree_with_minimax(12, 100, 6, 64, 1 << 20, false, false, TOPTREE_RP_PNS);
    agree_with_minimax(13, 60, 16, 64, 1 << 20, true, true, TOPTREE_RP_PNS);
}
END_TEST

START_TEST(parapds_agrees_with_minimax)
{
    /* the paper's fixed depth d' = 2, and a deeper tree */
    agree_with_minimax(21, 120, 16, 2, 1 << 20, false, true, TOPTREE_PARAPDS);
    agree_with_minimax(22, 100, 6, 3, 1 << 20, false, false, TOPTREE_PARAPDS);
    agree_with_minimax(23, 60, 16, 64, 1 << 20, true, true, TOPTREE_PARAPDS);
}
END_TEST

START_TEST(toptree_agrees_with_minimax_after_checkpoints)
{
    agree_with_minimax(4, 100, 16, 64, 1 << 20, true, true, TOPTREE_TWO_LEVEL);
}
END_TEST

/* The empty 6x6 board, its first job run by hand. */
static toptree_t *
opened_tree(sim_t *m, position_t *p, geometry_t **geo, toptree_scheme_t scheme)
{
    *geo = geometry_new(6, 6);
    position_init(p, *geo);
    toptree_params_t tp;
    toptree_params_default(&tp);
    tp.scheme = scheme;
    toptree_t *t = toptree_new(&tp);
    toptree_reset(t, p, HEX_BLACK);
    ck_assert_int_eq(toptree_select(t, NULL, NULL), 0);
    toptree_start(t, 0);
    ck_assert_int_eq(toptree_running(t), 1);
    ck_assert_int_eq(toptree_select(t, NULL, NULL), -1);    /* the only leaf runs */
    m->wk[0].node = 0;
    m->wk[0].P = m->wk[0].D = 0;        /* no thresholds */
    run_job(m, t, 0);
    ck_assert_int_gt(toptree_nchildren(t, 0), 2);
    return t;
}

START_TEST(toptree_marks_steer_jobs_apart)
{
    sim_t m;
    sim_init(&m, 5, 40, false);
    position_t p;
    geometry_t *geo;
    toptree_t *t = opened_tree(&m, &p, &geo, TOPTREE_TWO_LEVEL);
    /* every job taken at once goes to a different leaf */
    int taken[64], n = 0;
    for (int leaf; (leaf = toptree_select(t, NULL, NULL)) >= 0 && n < 64;) {
        for (int i = 0; i < n; i++)
            ck_assert_int_ne(taken[i], leaf);
        toptree_start(t, leaf);
        taken[n++] = leaf;
    }
    ck_assert_int_ge(n, 1);
    ck_assert_int_eq(toptree_running(t), n);
    for (int i = 0; i < n; i++)
        toptree_abandon(t, taken[i]);
    ck_assert_int_eq(toptree_running(t), 0);
    /* with the marks gone, the first leaf is the one picked first */
    ck_assert_int_eq(toptree_select(t, NULL, NULL), taken[0]);
    toptree_free(t);
    position_free(&p);
    geometry_unref(geo);
    sim_free(&m);
}
END_TEST

/* Node `leaf`'s numbers from its parent's list (a child of the root). */
static void
child_numbers(sim_t *m, toptree_t *t, int leaf, uint32_t *phi, uint32_t *delta)
{
    position_t q;
    toptree_position(t, leaf, &q);
    tt_data_t d;
    if (!tt_lookup(m->wk[0].tt, position_key(&q), &d))
        d.phi = d.delta = 1;
    *phi = d.phi;
    *delta = d.delta;
    position_free(&q);
}

START_TEST(schemes_pick_as_their_papers_say)
{
    sim_t m;
    sim_init(&m, 8, 40, false);
    position_t p;
    geometry_t *geo;
    /* RP-PNS: the PV worker takes the most proving leaf; the others
     * draw among the leaves near it, and never a running one */
    toptree_t *t = opened_tree(&m, &p, &geo, TOPTREE_RP_PNS);
    int pv = toptree_select(t, NULL, NULL);
    uint32_t P, D;
    ck_assert_int_eq(toptree_pick(t, 0, NWORKERS, &P, &D), pv);
    ck_assert_uint_eq(P, TOPTREE_INF);  /* no thresholds: the work limit */
    toptree_start(t, pv);
    int seen[HEX_MAX_CELLS] = { 0 }, distinct = 0;
    for (int i = 0; i < 40; i++) {
        int leaf = toptree_pick(t, 1 + i % 2, NWORKERS, NULL, NULL);
        if (leaf < 0)
            continue;
        ck_assert_int_ne(leaf, pv);
        ck_assert_int_eq(toptree_parent(t, leaf), 0);
        int mv = toptree_move(t, leaf);
        distinct += !seen[mv];
        seen[mv] = 1;
    }
    ck_assert_int_ge(distinct, 2);
    toptree_free(t);
    position_free(&p);
    geometry_unref(geo);
    sim_clear(&m);
    /* ParaPDS: one worker walks to the most proving leaf first; with it
     * running, the slack grows to the next, whose thresholds lie above
     * its numbers (a job always has work to do); a worker takes a leaf
     * of its own share when the walk finds one */
    t = opened_tree(&m, &p, &geo, TOPTREE_PARAPDS);
    pv = toptree_select(t, NULL, NULL);
    ck_assert_int_eq(toptree_pick(t, 0, 1, &P, &D), pv);
    toptree_start(t, pv);
    int own = 0;
    for (int w = 0; w < 3; w++) {
        int leaf = toptree_pick(t, w, 3, NULL, NULL);
        ck_assert_int_ge(leaf, 0);
        /* its share's, or else the walk's first candidate */
        bool mine = toptree_key(t, leaf) % 3 == (uint64_t)w;
        ck_assert(mine || leaf == toptree_pick(t, 0, 1, NULL, NULL));
        own += mine;
    }
    ck_assert_int_ge(own, 1);
    int more = 0;
    for (int leaf; (leaf = toptree_pick(t, 0, 1, &P, &D)) >= 0 && more < 64; more++) {
        ck_assert_int_ne(leaf, pv);
        uint32_t phi, delta;
        child_numbers(&m, t, leaf, &phi, &delta);
        ck_assert_uint_gt(P, phi);
        ck_assert_uint_gt(D, delta);
        toptree_start(t, leaf);
    }
    ck_assert_int_ge(more, 1);       /* the window's other leaves */
    toptree_free(t);
    position_free(&p);
    geometry_unref(geo);
    sim_free(&m);
}
END_TEST

START_TEST(toptree_refuses_damaged_checkpoints)
{
    sim_t m;
    sim_init(&m, 6, 40, false);
    position_t p;
    geometry_t *geo;
    toptree_t *t = opened_tree(&m, &p, &geo, TOPTREE_TWO_LEVEL);
    char why[256];
    FILE *f = tmpfile();
    ck_assert(f && toptree_write(t, f, why, sizeof why));
    long size = ftell(f);
    unsigned char *bytes = malloc((size_t)size);
    rewind(f);
    ck_assert_int_eq((long)fread(bytes, 1, (size_t)size, f), size);
    fclose(f);
    toptree_params_t tp;
    toptree_params_default(&tp);
    toptree_t *u = toptree_new(&tp);
    /* whole: read back */
    toptree_reset(u, &p, HEX_BLACK);
    f = tmpfile();
    fwrite(bytes, 1, (size_t)size, f);
    rewind(f);
    ck_assert_msg(toptree_read(u, f, why, sizeof why), "%s", why);
    ck_assert_int_eq(toptree_nchildren(u, 0), toptree_nchildren(t, 0));
    fclose(f);
    /* a flipped byte in the nodes; cut short; another root */
    for (int kase = 0; kase < 3; kase++) {
        toptree_reset(u, &p, kase == 2 ? HEX_WHITE : HEX_BLACK);
        f = tmpfile();
        if (kase == 0)
            bytes[60] ^= 0x10;
        fwrite(bytes, 1, (size_t)(kase == 1 ? size - 9 : size), f);
        if (kase == 0)
            bytes[60] ^= 0x10;
        rewind(f);
        ck_assert(!toptree_read(u, f, why, sizeof why));
        ck_assert_msg(strstr(why, kase == 0 ? "damaged" : kase == 1 ? "cut short" : "another"),
                      "case %d: %s", kase, why);
        /* the tree is the reset one */
        ck_assert_int_eq(toptree_nchildren(u, 0), 0);
        ck_assert_int_eq(toptree_select(u, NULL, NULL), 0);
        fclose(f);
    }
    free(bytes);
    toptree_free(u);
    toptree_free(t);
    position_free(&p);
    geometry_unref(geo);
    sim_free(&m);
}
END_TEST

static Suite *
toptree_suite(void)
{
    Suite *s = suite_create("toptree");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, toptree_agrees_with_minimax);
    tcase_add_test(tc, toptree_with_knowledge_agrees_with_minimax);
    tcase_add_test(tc, toptree_agrees_with_minimax_at_depth_one);
    tcase_add_test(tc, toptree_agrees_with_minimax_when_full);
    tcase_add_test(tc, toptree_agrees_with_minimax_after_checkpoints);
    tcase_add_test(tc, toptree_marks_steer_jobs_apart);
    tcase_add_test(tc, schemes_pick_as_their_papers_say);
    tcase_add_test(tc, rp_pns_agrees_with_minimax);
    tcase_add_test(tc, parapds_agrees_with_minimax);
    tcase_add_test(tc, toptree_refuses_damaged_checkpoints);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(toptree_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
