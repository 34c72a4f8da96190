/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-solve --mpi: the two-level search over MPI (solve_mpi.h). */
#include "config.h"

#include "tools/solve/solve_mpi.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/solver.h"
#include "engine/solverdb.h"
#include "tools/lib/util.h"
#include "tools/solve/solve_msg.h"

#define PROG "hein-solve"

enum { TAG_SETUP = 1, TAG_JOB, TAG_RESULT, TAG_QUIT };

/* What a worker sends of a proof it finds. */
enum {
    WANT_ITEMS = 1,             /* the proof's database items */
    WANT_ENTRIES = 2,           /* the proof's table entries */
};


/* ---- messages (their bodies: solve_msg.h) ---------------------------- */

/* Receive a message of tag `tag` (or any, tag < 0) from `source` (or any,
 * MPI_ANY_SOURCE) into m; its source and tag. */
static void
recv_msg(msg_t *m, int source, int tag, int *from, int *got_tag)
{
    MPI_Status st;
    MPI_Probe(source, tag < 0 ? MPI_ANY_TAG : tag, MPI_COMM_WORLD, &st);
    int count;
    MPI_Get_count(&st, MPI_BYTE, &count);
    if ((size_t)count > m->cap) {
        m->b = util_xrealloc(m->b, (size_t)count);
        m->cap = (size_t)count;
    }
    MPI_Recv(m->b, count, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    m->n = (size_t)count;
    m->at = 0;
    m->bad = false;
    if (from)
        *from = st.MPI_SOURCE;
    if (got_tag)
        *got_tag = st.MPI_TAG;
}

static void
send_msg(const msg_t *m, int dest, int tag)
{
    MPI_Send(m->b, (int)m->n, MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}

/* ---- setup ------------------------------------------------------------- */

uint64_t
dist_default_work(int width, int height)
{
    int cells = width * height;
    uint64_t w = cells <= 36 ? 2000 : 8000;
    return w > (uint64_t)cells ? w : (uint64_t)cells + 1;
}

bool
dist_init(int *argc, char ***argv, int *rank, int *size)
{
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "%s: --mpi: MPI_Init failed\n", PROG);
        return false;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    if (provided < MPI_THREAD_FUNNELED) {
        if (*rank == 0)
            fprintf(stderr, "%s: --mpi: this MPI gives no thread support\n", PROG);
        MPI_Finalize();
        return false;
    }
    return true;
}

void
dist_finalize(void)
{
    MPI_Finalize();
}

/* ---- the lead ---------------------------------------------------------- */

typedef struct worker_slot {
    int node;                   /* its running job's leaf, or -1 */
    size_t seen;                /* the tree's log entries it has */
} worker_slot_t;

struct dist {
    int size;                   /* ranks */
    dist_params_t params;
    toptree_t *tree;
    bool have_tree;             /* tree holds a solve under way */
    uint64_t root_key;
    const char *tree_file;
    worker_slot_t *w;
    msg_t m;
    toptree_buf_t *buf;         /* a report's arrays */
    int *owner;                 /* by node: the rank whose job expanded it
                                 * (its table holds the subtree), or 0 */
    size_t nowner;
    geometry_t *geo;
    int width, height;
};

dist_t *
dist_lead_new(int size, const dist_params_t *params, int threads, int tt_mb, int width,
              int height)
{
    if (size < 2) {
        fprintf(stderr, "%s: --mpi needs at least two ranks (mpirun -np 2 or more): rank 0 "
                "leads, the others solve\n", PROG);
        return NULL;
    }
    /* the workers wait for SETUP first: sent below, or QUIT on failure */
    dist_t *d = util_xmalloc(sizeof *d);
    memset(d, 0, sizeof *d);
    d->size = size;
    d->params = *params;
    /* a worker's SPDFPN needs jobs that keep its threads busy past its
     * start: the size grows with the threads, and a job that reaches its
     * thresholds early goes on to a quarter of it (one thread: no floor,
     * which measured as fast or faster on 7x7 and 8x8) */
    if (d->params.job_work == 0)
        d->params.job_work = dist_default_work(width, height) * (uint64_t)(threads > 1 ? threads : 1);
    if (d->params.job_min_work == DIST_DEFAULT)
        d->params.job_min_work = threads > 1 ? d->params.job_work / 4 : 0;
    if (d->params.top.scheme == TOPTREE_PARAPDS || d->params.job_min_work > d->params.job_work)
        d->params.job_min_work = d->params.job_work;
    if (d->params.top.max_depth > 255)
        d->params.top.max_depth = 255;
    d->tree = toptree_new(&d->params.top);
    d->w = util_xmalloc((size_t)size * sizeof *d->w);
    d->buf = util_xmalloc(sizeof *d->buf);
    d->geo = geometry_new(width, height);
    d->width = width;
    d->height = height;
    if (!d->tree || !d->geo) {
        fprintf(stderr, "%s: out of memory\n", PROG);
        dist_lead_end(d);       /* the workers quit */
        return NULL;
    }
    for (int r = 0; r < size; r++) {
        d->w[r].node = -1;
        d->w[r].seen = 0;
    }
    msg_t m = { 0 };
    msg_put(&m, (uint32_t)threads, 4);
    msg_put(&m, (uint32_t)tt_mb, 4);
    msg_put(&m, (uint32_t)width, 4);
    msg_put(&m, (uint32_t)height, 4);
    for (int r = 1; r < size; r++)
        send_msg(&m, r, TAG_SETUP);
    free(m.b);
    return d;
}

void
dist_quit(int size)
{
    char none = 0;
    for (int r = 1; r < size; r++)
        MPI_Send(&none, 0, MPI_BYTE, r, TAG_QUIT, MPI_COMM_WORLD);
}

void
dist_lead_end(dist_t *d)
{
    if (!d)
        return;
    dist_quit(d->size);
    toptree_free(d->tree);
    if (d->geo)
        geometry_unref(d->geo);
    free(d->w);
    free(d->owner);
    free(d->buf);
    free(d->m.b);
    free(d);
}

/* Send worker r the job on leaf `node`. */
static void
send_job(dist_t *d, int r, int node, uint32_t P, uint32_t D, int want)
{
    position_t p;
    toptree_position(d->tree, node, &p);
    d->w[r].seen = msg_put_job(&d->m, (uint32_t)node, d->params.job_work, d->params.job_min_work,
                               P, D, want, &p, toptree_log(d->tree), toptree_log_size(d->tree),
                               d->w[r].seen);
    position_free(&p);
    d->w[r].node = node;
    toptree_start(d->tree, node);
    send_msg(&d->m, r, TAG_JOB);
}

/* Store the database items of a worker's proof (text lines "KEY WINNER
 * MOVE WORK", MOVE "-" for none). */
static size_t
store_items(solverdb_t *db, const char *text, size_t len)
{
    size_t stored = 0, cap = 0, n = 0;
    solverdb_item_t *items = NULL;
    const char *s = text, *end = text + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        if (!nl)
            break;
        char line[SOLVERDB_KEY_MAX + 96];
        size_t l = (size_t)(nl - s);
        if (l < sizeof line) {
            memcpy(line, s, l);
            line[l] = '\0';
            char key[SOLVERDB_KEY_MAX], win[8], move[MOVE_NAME_MAX];
            unsigned long long work;
            if (sscanf(line, "%395s %7s %11s %llu", key, win, move, &work) == 4
                && strlen(key) < SOLVERDB_KEY_MAX) {
                if (n == cap) {
                    cap = cap ? 2 * cap : 64;
                    items = util_xrealloc(items, cap * sizeof *items);
                }
                solverdb_item_t *it = &items[n++];
                snprintf(it->key, sizeof it->key, "%s", key);
                it->winner = win[0] == 'b' ? HEX_BLACK : HEX_WHITE;
                snprintf(it->move, sizeof it->move, "%s", strcmp(move, "-") == 0 ? "" : move);
                it->work = work;
            }
        }
        s = nl + 1;
    }
    char err[320];
    if (n > 0 && solverdb_put(db, items, n, err, sizeof err))
        stored = n;
    else if (n > 0)
        fprintf(stderr, "%s: database: %s\n", PROG, err);
    free(items);
    return stored;
}

/* Receive one result and apply it; the worker that sent it. */
static int
take_result(dist_t *d, solverdb_t *db, tt_t *proof_table, dist_stats_t *stats)
{
    msg_t *m = &d->m;
    int from;
    recv_msg(m, MPI_ANY_SOURCE, TAG_RESULT, &from, NULL);
    uint32_t unode;
    toptree_report_t r;
    uint64_t calls, expansions;
    double secs;
    msg_get_report(m, &unode, d->buf, &r, &calls, &expansions, &secs);
    int node = (int)unode;
    stats->work += calls;
    stats->expansions += expansions;
    stats->worker_seconds += secs;
    uint32_t tlen = (uint32_t)msg_get(m, 4);
    const char *text = NULL;
    if (!m->bad && m->at + tlen <= m->n) {
        text = (const char *)m->b + m->at;
        m->at += tlen;
    } else {
        m->bad = true;
    }
    uint32_t nentries = (uint32_t)msg_get(m, 4);
    size_t entries_at = m->at;
    if ((uint64_t)nentries * 26 > m->n - m->at)
        m->bad = true;
    if (from <= 0 || from >= d->size || d->w[from].node != node || m->bad) {
        fprintf(stderr, "%s: --mpi: a malformed result from rank %d\n", PROG, from);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (db && tlen > 0)
        stats->db_stored += store_items(db, text, tlen);
    m->at = entries_at;
    for (uint32_t i = 0; i < nentries && proof_table; i++) {
        uint64_t key = msg_get(m, 8);
        tt_data_t e;
        e.work = msg_get(m, 8);
        e.phi = (uint32_t)msg_get(m, 4);
        e.delta = (uint32_t)msg_get(m, 4);
        e.best = (int16_t)(uint16_t)msg_get(m, 2);
        tt_store(proof_table, key, &e);
    }
    stats->proof_entries += nentries;
    toptree_finish(d->tree, node, &r);
    if ((size_t)node >= d->nowner) {
        size_t n = d->nowner ? d->nowner : 1024;
        while (n <= (size_t)node)
            n *= 2;
        d->owner = util_xrealloc(d->owner, n * sizeof *d->owner);
        memset(d->owner + d->nowner, 0, (n - d->nowner) * sizeof *d->owner);
        d->nowner = n;
    }
    d->owner[node] = from;
    d->w[from].node = -1;
    stats->jobs++;
    return from;
}

/* A database item for the solved node `node` of the tree. */
static bool
node_item(dist_t *d, int node, solverdb_item_t *item)
{
    bool win;
    int best;
    if (!toptree_solved(d->tree, node, &win, &best))
        return false;
    position_t p;
    toptree_position(d->tree, node, &p);
    solverdb_entry_t e = { win ? p.to_move : hex_color_other(p.to_move), win ? best : -1,
                           toptree_work(d->tree, node) };
    solverdb_item(&p, p.to_move, &e, item);
    position_free(&p);
    return true;
}

/* The tree's proof into the database: the solved nodes from the root
 * down, the winner's move at its nodes and every child at the loser's,
 * stopping at nodes with less work than min_work (the workers' items
 * hold what is below). */
static size_t
store_tree_proof(dist_t *d, solverdb_t *db, uint64_t min_work)
{
    size_t n = 0, cap = 64;
    solverdb_item_t *items = util_xmalloc(cap * sizeof *items);
    int *stack = util_xmalloc(sizeof *stack * 1024), top = 0, scap = 1024;
    stack[top++] = 0;
    while (top > 0) {
        int node = stack[--top];
        bool win;
        int best;
        if (!toptree_solved(d->tree, node, &win, &best))
            continue;
        if (node != 0 && toptree_work(d->tree, node) < min_work)
            continue;
        if (n == cap) {
            cap *= 2;
            items = util_xrealloc(items, cap * sizeof *items);
        }
        if (node_item(d, node, &items[n]))
            n++;
        int k = toptree_nchildren(d->tree, node);
        for (int i = 0; i < k; i++) {
            int c = toptree_child(d->tree, node, i);
            if (win && toptree_move(d->tree, c) != best)
                continue;
            if (top == scap) {
                scap *= 2;
                stack = util_xrealloc(stack, sizeof *stack * (size_t)scap);
            }
            stack[top++] = c;
        }
    }
    char err[320];
    size_t stored = 0;
    if (n > 0 && solverdb_put(db, items, n, err, sizeof err))
        stored = n;
    else if (n > 0)
        fprintf(stderr, "%s: database: %s\n", PROG, err);
    free(items);
    free(stack);
    return stored;
}

/* The tree's solved nodes into the table (the workers' entries hold
 * what lies below them). */
static void
table_tree(dist_t *d, tt_t *tt)
{
    toptree_stats_t ts;
    toptree_stats(d->tree, &ts);
    for (int node = 0; node < (int)ts.nodes; node++) {
        bool win;
        int best;
        if (!toptree_solved(d->tree, node, &win, &best))
            continue;
        tt_data_t e = { win ? 0 : TT_INF, win ? TT_INF : 0, toptree_work(d->tree, node),
                        (int16_t)best };
        tt_store(tt, toptree_key(d->tree, node), &e);
    }
}

static void
report(dist_t *d, double start, const dist_stats_t *stats, dfpn_progress_fn progress,
       void *arg, const position_t *pos, hex_color_t to_move)
{
    dfpn_stats_t st = { 0 };
    st.work = stats->work;
    st.jobs = stats->jobs;
    st.expansions = stats->expansions;
    st.seconds = util_now() - start;
    uint32_t phi, delta;
    toptree_root(d->tree, &phi, &delta);
    int n = toptree_nchildren(d->tree, 0);
    int16_t moves[HEX_MAX_CELLS];
    uint32_t cphi[HEX_MAX_CELLS], cdelta[HEX_MAX_CELLS];
    for (int i = 0; i < n && i < HEX_MAX_CELLS; i++) {
        int c = toptree_child(d->tree, 0, i);
        bool win;
        int best;
        moves[i] = (int16_t)toptree_move(d->tree, c);
        if (toptree_solved(d->tree, c, &win, &best)) {
            cphi[i] = win ? 0 : TT_INF;
            cdelta[i] = win ? TT_INF : 0;
        } else {
            cphi[i] = cdelta[i] = 1;
        }
    }
    toptree_stats_t ts;
    toptree_stats(d->tree, &ts);
    dfpn_progress_t pr = {
        .stats = &st, .root_phi = phi, .root_delta = delta,
        .tt_used = (size_t)ts.nodes, .tt_capacity = (size_t)d->params.top.max_nodes,
        .pos = pos, .depth = 0, .path = NULL, .path_len = 0, .root_to_move = to_move,
        .children = moves, .child_phi = cphi, .child_delta = cdelta, .nchildren = n,
    };
    progress(arg, &pr);
}

void
dist_solve(dist_t *d, const position_t *pos, hex_color_t to_move, const dfpn_params_t *params,
           solverdb_t *db, tt_t *proof_table, const char *tree_file, const stop_t *stop,
           dfpn_progress_fn progress, void *arg, dfpn_result_t *out, dist_stats_t *stats)
{
    memset(out, 0, sizeof *out);
    memset(stats, 0, sizeof *stats);
    out->winner = HEX_EMPTY;
    out->best = -1;
    double start = util_now(), next_report = start + params->progress_interval;
    position_t root;
    position_copy(&root, pos);
    position_set_to_move(&root, to_move);
    uint64_t key = position_key(&root);
    d->tree_file = tree_file;
    if (!d->have_tree || d->root_key != key) {
        toptree_reset(d->tree, &root, to_move);
        if (d->owner)
            memset(d->owner, 0, d->nowner * sizeof *d->owner);
        d->have_tree = true;
        d->root_key = key;
        if (tree_file) {
            FILE *f = fopen(tree_file, "rb");
            char why[256];
            if (f) {
                if (toptree_read(d->tree, f, why, sizeof why)) {
                    toptree_stats_t ts;
                    toptree_stats(d->tree, &ts);
                    stats->resumed = ts.nodes;
                } else if (!strstr(why, "another")) {
                    fprintf(stderr, "%s: %s: %s (starting the tree afresh)\n", PROG,
                            tree_file, why);
                }
                fclose(f);
            }
        }
    }
    if (db && root.winner == HEX_EMPTY) {
        solverdb_entry_t e;
        char err[320];
        if (solverdb_get(db, &root, to_move, &e, err, sizeof err) == SOLVERDB_FOUND) {
            toptree_solve_leaf(d->tree, 0, e.winner == to_move, e.move, e.work);
            stats->db_hits++;
        }
    }
    if (root.winner != HEX_EMPTY)
        toptree_solve_leaf(d->tree, 0, root.winner == to_move, -1, 0);
    /* what a worker sends of a proof it finds: its positions for the
     * database, its table entries for the certificate */
    int want = (db ? WANT_ITEMS : 0) | (proof_table ? WANT_ENTRIES : 0);
    for (;;) {
        uint32_t phi, delta;
        toptree_root(d->tree, &phi, &delta);
        bool done = phi == 0 || delta == 0;
        bool stopping = done || stop_requested(stop);
        while (!stopping) {
            int r = 1;
            while (r < d->size && d->w[r].node >= 0)
                r++;
            if (r >= d->size)
                break;
            uint32_t P, D;
            int leaf = toptree_pick(d->tree, r - 1, d->size - 1, &P, &D);
            if (leaf < 0)
                break;
            /* two-level: the job goes to the worker whose table holds the
             * leaf's subtree (it expanded the leaf's parent) when it is
             * idle; RP-PNS's draws and ParaPDS's shares are the worker's */
            int parent = toptree_parent(d->tree, leaf);
            if (d->params.top.scheme == TOPTREE_TWO_LEVEL && parent >= 0
                && (size_t)parent < d->nowner && d->owner[parent] > 0
                && d->w[d->owner[parent]].node < 0)
                r = d->owner[parent];
            if (db) {
                position_t p;
                toptree_position(d->tree, leaf, &p);
                solverdb_entry_t e;
                char err[320];
                solverdb_status_t s = solverdb_get(db, &p, p.to_move, &e, err, sizeof err);
                hex_color_t mover = p.to_move;
                position_free(&p);
                if (s == SOLVERDB_FOUND) {
                    bool win = e.winner == mover;
                    toptree_solve_leaf(d->tree, leaf, win, win ? e.move : -1, e.work);
                    stats->db_hits++;
                    toptree_root(d->tree, &phi, &delta);
                    stopping = phi == 0 || delta == 0;
                    continue;
                }
            }
            send_job(d, r, leaf, P, D, want);
        }
        if (toptree_running(d->tree) == 0) {
            if (!stopping && !done)
                fprintf(stderr, "%s: --mpi: no job to hand out and none running\n", PROG);
            break;
        }
        /* wait for a result, looking at the stop now and then */
        for (;;) {
            int flag = 0;
            MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            if (flag)
                break;
            struct timespec ts = { 0, 500000 };
            nanosleep(&ts, NULL);
            if (progress && util_now() >= next_report) {
                next_report = util_now() + params->progress_interval;
                report(d, start, stats, progress, arg, &root, to_move);
            }
        }
        take_result(d, db, proof_table, stats);
        if (progress && util_now() >= next_report) {
            next_report = util_now() + params->progress_interval;
            report(d, start, stats, progress, arg, &root, to_move);
        }
    }
    bool win;
    int best;
    toptree_root(d->tree, &out->phi, &out->delta);
    if (toptree_result(d->tree, &win, &best)) {
        out->winner = win ? to_move : hex_color_other(to_move);
        out->best = win ? best : -1;
        if (db)
            stats->db_stored += store_tree_proof(d, db, (uint64_t)(params->db_min_work > 0
                                                                  ? params->db_min_work : 0));
        if (proof_table)
            table_tree(d, proof_table);
        d->have_tree = false;   /* the next solve starts afresh */
    }
    stats->seconds = util_now() - start;
    toptree_stats(d->tree, &stats->tree);
    out->stats.work = stats->work;
    out->stats.jobs = stats->jobs;
    out->stats.expansions = stats->expansions;
    out->stats.seconds = stats->seconds;
    position_free(&root);
}

bool
dist_save_tree(dist_t *d, char *why, size_t whylen)
{
    if (!d->have_tree || !d->tree_file)
        return true;
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    if (!f) {
        snprintf(why, whylen, "out of memory for the top tree");
        return false;
    }
    bool ok = toptree_write(d->tree, f, why, whylen);
    fclose(f);
    if (ok)
        ok = util_write_file(d->tree_file, data, len, why, whylen);
    free(data);
    return ok;
}

/* ---- a worker ---------------------------------------------------------- */

static bool
set_param(engine_t *e, const char *group, const char *key, int v)
{
    char val[32], err[256];
    snprintf(val, sizeof val, "%d", v);
    if (engine_param_set(e, engine_param_group(group), key, val, err, sizeof err))
        return true;
    fprintf(stderr, "%s: worker: %s %s: %s\n", PROG, group, key, err);
    return false;
}

/* Run the job in m; the result into out. */
static void
run_job(engine_t *e, const geometry_t *geo, msg_t *m, msg_t *out, toptree_buf_t *b)
{
    uint32_t node = (uint32_t)msg_get(m, 4);
    uint64_t limit = msg_get(m, 8), min_work = msg_get(m, 8);
    uint32_t P = (uint32_t)msg_get(m, 4), D = (uint32_t)msg_get(m, 4);
    hex_color_t to_move = msg_get(m, 1) == HEX_WHITE ? HEX_WHITE : HEX_BLACK;
    int want = (int)msg_get(m, 1);
    int cells = geo->width * geo->height;
    position_t p;
    position_init(&p, geo);
    for (int c = 0; c < cells; c++) {
        int x = (int)msg_get(m, 1);
        if (x == 1 || x == 2)
            position_play(&p, x == 1 ? HEX_BLACK : HEX_WHITE, c);
    }
    position_set_to_move(&p, to_move);
    solver_t *sv = engine_solver(e);
    uint32_t k = (uint32_t)msg_get(m, 4);
    tt_t *tt = sv ? solver_table(sv) : NULL;
    for (uint32_t i = 0; i < k && !m->bad; i++) {
        uint64_t key = msg_get(m, 8), work = msg_get(m, 8);
        bool win = msg_get(m, 1) != 0;
        int16_t best = (int16_t)(uint16_t)msg_get(m, 2);
        tt_data_t d = { win ? 0 : TT_INF, win ? TT_INF : 0, work, win ? best : -1 };
        if (tt)
            tt_store(tt, key, &d);
    }
    if (m->bad || !sv) {
        fprintf(stderr, "%s: worker: %s\n", PROG, sv ? "a malformed job" : "out of memory");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    dfpn_params_t prm = engine_solver_params(e);
    prm.work_limit = limit;
    prm.job_phi = P;
    prm.job_delta = D;
    stop_t stop = stop_make(NULL, 0);
    dfpn_result_t r;
    memset(&r, 0, sizeof r);
    double t0 = util_now();
    toptree_report_t rep;
    memset(&rep, 0, sizeof rep);
    if (p.winner != HEX_EMPTY) {
        bool won = p.winner == to_move;
        rep.phi = won ? 0 : TT_INF;
        rep.delta = won ? TT_INF : 0;
        rep.best = -1;
    } else {
        /* a job that reaches its thresholds within fewer calls than the
         * floor raises them and goes on, as ParaPDS's slave
         * (../shared/papers/parapds-parallel-and-or-search.txt, 3.2)
         * starts its next iteration while no new node comes: there until
         * the job's work limit */
        uint64_t work = 0, expansions = 0;
        for (;;) {
            prm.work_limit = limit - work;
            solver_solve(sv, &p, to_move, &prm, &stop, NULL, NULL, &r);
            work += r.stats.work;
            expansions += r.stats.expansions;
            if (work >= min_work || r.winner != HEX_EMPTY || work >= limit
                || (r.phi < prm.job_phi && r.delta < prm.job_delta))
                break;
            if (prm.job_phi <= r.phi)
                prm.job_phi = r.phi + 1;
            if (prm.job_delta <= r.delta)
                prm.job_delta = r.delta + 1;
        }
        r.stats.work = work;
        r.stats.expansions = expansions;
        if (!solver_job_report(sv, &p, to_move, b, &rep)) {
            fprintf(stderr, "%s: worker: out of memory\n", PROG);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    double secs = util_now() - t0;
    msg_put_report(out, node, &rep, r.stats.work, r.stats.expansions, secs);
    /* the proof's positions, for the lead's database */
    strbuf_t text = { 0 };
    if ((want & WANT_ITEMS) && r.winner != HEX_EMPTY) {
        solverdb_item_t *items;
        size_t n;
        solver_proof_items(sv, &p, to_move, &prm, &r, &items, &n);
        for (size_t i = 0; i < n; i++)
            util_buf_addf(&text, "%s %c %s %llu\n", items[i].key,
                          items[i].winner == HEX_BLACK ? 'b' : 'w',
                          items[i].move[0] ? items[i].move : "-",
                          (unsigned long long)items[i].work);
        free(items);
    }
    msg_put_bytes(out, strbuf_str(&text), strlen(strbuf_str(&text)));
    strbuf_free(&text);
    /* the proof's table entries, for the lead's certificate */
    uint64_t *keys = NULL;
    tt_data_t *data = NULL;
    size_t n = 0;
    if ((want & WANT_ENTRIES) && r.winner != HEX_EMPTY)
        solver_proof_entries(sv, &p, to_move, &r, &keys, &data, &n);
    msg_put(out, (uint32_t)n, 4);
    for (size_t i = 0; i < n; i++) {
        msg_put(out, keys[i], 8);
        msg_put(out, data[i].work, 8);
        msg_put(out, data[i].phi, 4);
        msg_put(out, data[i].delta, 4);
        msg_put(out, (uint16_t)data[i].best, 2);
    }
    free(keys);
    free(data);
    position_free(&p);
}

int
dist_work(void)
{
    msg_t m = { 0 }, out = { 0 };
    int tag;
    recv_msg(&m, 0, -1, NULL, &tag);
    if (tag == TAG_QUIT) {      /* the lead could not start */
        free(m.b);
        return 0;
    }
    int threads = (int)msg_get(&m, 4), tt_mb = (int)msg_get(&m, 4);
    int width = (int)msg_get(&m, 4), height = (int)msg_get(&m, 4);
    engine_t *e = engine_new(1);
    geometry_t *geo = m.bad ? NULL : geometry_new(width, height);
    toptree_buf_t *b = util_xmalloc(sizeof *b);
    bool ok = e && geo && set_param(e, "param_game", "threads", threads)
        && set_param(e, "param_dfpn", "tt_mb", tt_mb) && engine_solver(e);
    if (!ok) {
        fprintf(stderr, "%s: worker: cannot set up (%s)\n", PROG,
                m.bad ? "a malformed setup" : "out of memory or a bad setting");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (;;) {
        recv_msg(&m, 0, -1, NULL, &tag);
        if (tag == TAG_QUIT)
            break;
        if (tag != TAG_JOB)
            continue;
        run_job(e, geo, &m, &out, b);
        send_msg(&out, 0, TAG_RESULT);
    }
    free(b);
    free(m.b);
    free(out.b);
    geometry_unref(geo);
    engine_free(e);
    return 0;
}
