/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Proof certificates (certificate.h; the format in doc/certificate.md). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/vc.h"
#include "board/wholefile.h"
#include "engine/certificate.h"

#define MAX_CONNS 24

typedef struct conn {
    bitset_t carrier;
    int key;
    int size;
} conn_t;

/* A strategy prove wrote (or failed to write): the key is a 128-bit hash
 * of its arguments g, h, the carrier c and the winner's stones, which
 * decide its result (the local board build_local makes is the winner's
 * stones, c empty, the loser everywhere else).  A collision could only
 * make the certificate refer to a wrong strategy, which hein-verify
 * rejects; it cannot make a false claim pass. */
struct proved {
    uint64_t k1, k2;            /* k1 == 0 && k2 == 0: free */
    int id;                     /* the node, or -1: none found */
    uint32_t serial;            /* the node's serial when it was written */
};

/* One certificate being written. */
typedef struct writer {
    solver_t *sv;
    const dfpn_params_t *params;
    const stop_t *stop;
    const geometry_t *geo;
    hex_color_t winner, loser;
    int e1, e2;                 /* the winner's edges */
    vc_t *vc;                   /* the winner's connections */
    kn_t *kn;                   /* the solver's fill-in at the loser's
                                 * nodes */
    kn_expansion_t *exp;        /* scratch for kn */
    uint8_t *cap_memo;          /* scratch for captured() */
    position_t local;           /* scratch: the local board of a carrier */
    bool have_local;
    strbuf_t body;              /* the node lines */
    int nnodes;
    uint64_t *keys;             /* game nodes by position_key: */
    int *ids;                   /* open addressing, ids + 1 (0: free) */
    size_t cap, used;
    /* strategies by what prove's result depends on (pkey): open
     * addressing, written nodes checked against serial */
    struct proved *proved;
    size_t pcap, pused;
    uint32_t *serial;           /* by node id: a number no other node had */
    size_t serial_cap;
    uint32_t next_serial;
    cert_stats_t *st;
    char *err;
    size_t errlen;
    bool failed;
} writer_t;

static bool
fail(writer_t *w, const char *fmt, ...)
{
    if (!w->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->err, w->errlen, fmt, ap);
        va_end(ap);
        w->failed = true;
    }
    return false;
}

static const char *
id_name(const writer_t *w, int id, char *buf)
{
    switch (id) {
    case HEX_NORTH: return "N";
    case HEX_SOUTH: return "S";
    case HEX_WEST: return "W";
    case HEX_EAST: return "E";
    default: return geometry_move_name(w->geo, id, buf);
    }
}

/* Start a node line; returns its index. */
static int
node_begin(writer_t *w, char type)
{
    strbuf_addc(&w->body, type);
    if ((size_t)w->nnodes >= w->serial_cap) {
        size_t nc = w->serial_cap ? 2 * w->serial_cap : 4096;
        uint32_t *ns = realloc(w->serial, nc * sizeof *ns);
        if (!ns) {
            fail(w, "out of memory");
        } else {
            w->serial = ns;
            w->serial_cap = nc;
        }
    }
    if ((size_t)w->nnodes < w->serial_cap)
        w->serial[w->nnodes] = ++w->next_serial;
    return w->nnodes++;
}

static void
add_id(writer_t *w, int id)
{
    char buf[MOVE_NAME_MAX];
    strbuf_addc(&w->body, ' ');
    strbuf_add(&w->body, id < 0 ? "-" : id_name(w, id, buf));
}

/* A reference to node i from the node being written: how far back it is. */
static void
add_index(writer_t *w, int i)
{
    strbuf_addf(&w->body, " %d", w->nnodes - 1 - i);
}

static void
node_end(writer_t *w)
{
    strbuf_addc(&w->body, '\n');
}

/* A point to return to when an attempt fails. */
typedef struct mark {
    size_t len;
    int nnodes;
    uint64_t conn_nodes;
} mark_t;

static mark_t
mark_get(const writer_t *w)
{
    return (mark_t){ w->body.len, w->nnodes, w->st->conn_nodes };
}

static void
mark_back(writer_t *w, mark_t m)
{
    if (w->body.s && !w->body.oom) {
        w->body.len = m.len;
        w->body.s[m.len] = '\0';
    }
    w->nnodes = m.nnodes;
    w->st->conn_nodes = m.conn_nodes;
}

static bool
joined(const position_t *q, int g, int h)
{
    return position_group(q, g) == position_group(q, h);
}

/* Build the winner's connections on q with every empty cell outside c
 * given to the loser. */
static bool
build_local(writer_t *w, const position_t *q, const bitset_t *c)
{
    if (w->have_local)
        position_free(&w->local);
    position_copy(&w->local, q);
    w->have_local = true;
    bitset_t outside = bitset_andnot(position_empty_cells(q), *c);
    for (int x = bitset_first(&outside); x >= 0; x = bitset_next(&outside, x))
        position_play(&w->local, w->loser, x);
    if (!vc_build(w->vc, &w->local, w->winner))
        return fail(w, "out of memory");
    return true;
}

/* Copy the connections of one type between a and b (at most MAX_CONNS,
 * smallest first). */
static int
conns(writer_t *w, int a, int b, vc_type_t type, conn_t *out)
{
    const vc_conn_t *list;
    int n = vc_between(w->vc, a, b, type, &list);
    if (n > MAX_CONNS)
        n = MAX_CONNS;
    for (int i = 0; i < n; i++)
        out[i] = (conn_t){ list[i].carrier, list[i].key, list[i].size };
    return n;
}

static int prove(writer_t *w, position_t *q, int g, int h, bitset_t c);

static uint64_t
mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* The slot of prove(g, h, c) on q's winner's stones: found or free. */
static struct proved *
proved_slot(writer_t *w, const position_t *q, int g, int h, const bitset_t *c)
{
    const bitset_t *mine = &q->stones[w->winner];
    uint64_t k1 = mix64((uint64_t)g * 1000003u + (uint64_t)h), k2 = mix64(k1 ^ 0x5bd1e995u);
    for (int i = 0; i < BITSET_WORDS; i++) {
        k1 = mix64(k1 ^ c->w[i]) + mine->w[i];
        k1 = mix64(k1);
        k2 = mix64(k2 + 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1) + mine->w[i]);
        k2 = mix64(k2 ^ c->w[i]);
    }
    if (!k1 && !k2)
        k1 = 1;
    size_t i = (size_t)k1 & (w->pcap - 1);
    while ((w->proved[i].k1 || w->proved[i].k2)
           && (w->proved[i].k1 != k1 || w->proved[i].k2 != k2))
        i = (i + 1) & (w->pcap - 1);
    w->proved[i].k1 = k1;       /* the caller fills id and serial */
    w->proved[i].k2 = k2;
    return &w->proved[i];
}

static bool
proved_grow(writer_t *w)
{
    if (2 * (w->pused + 1) <= w->pcap)
        return true;
    size_t oc = w->pcap, nc = oc ? 2 * oc : 4096;
    struct proved *old = w->proved, *nt = calloc(nc, sizeof *nt);
    if (!nt)
        return fail(w, "out of memory");
    for (size_t i = 0; i < oc; i++)
        if (old[i].k1 || old[i].k2) {
            size_t j = (size_t)old[i].k1 & (nc - 1);
            while (nt[j].k1 || nt[j].k2)
                j = (j + 1) & (nc - 1);
            nt[j] = old[i];
        }
    free(old);
    w->proved = nt;
    w->pcap = nc;
    return true;
}

static int prove_new(writer_t *w, position_t *q, int g, int h, bitset_t c);

/* prove, each strategy written once: a strategy already written for the
 * same g, h, carrier and winner's stones (within a carrier after the
 * moves in another order; at another game node whose winner's stones are
 * the same) is referred to again, and a failure is not tried again.  An
 * entry whose node was taken back (mark_back) is stale: its serial no
 * longer matches. */
static int
prove(writer_t *w, position_t *q, int g, int h, bitset_t c)
{
    if (!proved_grow(w))
        return -1;
    struct proved *e = proved_slot(w, q, g, h, &c);
    bool fresh = e->id == 0 && e->serial == 0;
    if (!fresh && (e->id < 0 || (e->id < w->nnodes && w->serial[e->id] == e->serial)))
        return e->id;
    uint64_t k1 = e->k1, k2 = e->k2;
    int id = prove_new(w, q, g, h, c);
    if (w->failed)
        return -1;
    e = proved_slot(w, q, g, h, &c);    /* the table may have grown */
    if (e->k1 != k1 || e->k2 != k2)
        return id;
    if (e->id == 0 && e->serial == 0)
        w->pused++;
    e->id = id;
    e->serial = id >= 0 ? w->serial[id] : 1;
    return id;
}

/* A split of g-h inside c over one of the winner's groups: its node, or
 * -1 when none is found. */
static int
prove_split(writer_t *w, position_t *q, int g, int h, bitset_t c)
{
    if (!build_local(w, q, &c))
        return -1;
    int best_x = -1, best_size = 1 << 30;
    conn_t ba = { 0 }, bb = { 0 };
    bitset_t seen = bitset_empty();
    int rg = position_group(q, g), rh = position_group(q, h);
    const bitset_t *mine = &q->stones[w->winner];
    for (int x = bitset_first(mine); x >= 0; x = bitset_next(mine, x)) {
        int r = position_group(q, x);
        if (r == rg || r == rh || bitset_test(&seen, r))
            continue;
        bitset_set(&seen, r);
        conn_t a[MAX_CONNS], b[MAX_CONNS];
        int na = conns(w, g, x, VC_FULL, a), nb = conns(w, x, h, VC_FULL, b);
        for (int i = 0; i < na; i++)
            for (int j = 0; j < nb; j++)
                if (!bitset_intersects(&a[i].carrier, &b[j].carrier)
                    && a[i].size + b[j].size < best_size) {
                    best_size = a[i].size + b[j].size;
                    best_x = x;
                    ba = a[i];
                    bb = b[j];
                }
    }
    if (best_x < 0)
        return -1;
    mark_t m = mark_get(w);
    int s1 = prove(w, q, g, best_x, bitset_and(ba.carrier, c));
    int s2 = s1 < 0 ? -1 : prove(w, q, best_x, h, bitset_and(bb.carrier, c));
    if (s2 < 0) {
        mark_back(w, m);
        return -1;
    }
    int id = node_begin(w, 's');
    add_id(w, g);
    add_id(w, best_x);
    add_id(w, h);
    add_index(w, s1);
    add_index(w, s2);
    node_end(w);
    w->st->conn_nodes++;
    return id;
}

/* The answer to the loser's stone just played on q inside c: a full g-h
 * within c (*answer -1) or a semi's key, with the carrier left; false
 * when H-search finds neither, on the board as it is or after any one
 * answer. */
static bool
find_answer(writer_t *w, position_t *q, int g, int h, bitset_t c, int *answer, bitset_t *left)
{
    conn_t list[MAX_CONNS];
    if (!build_local(w, q, &c))
        return false;
    if (conns(w, g, h, VC_FULL, list) > 0) {
        *answer = -1;
        *left = list[0].carrier;
        return true;
    }
    if (conns(w, g, h, VC_SEMI, list) > 0) {
        *answer = list[0].key;
        *left = list[0].carrier;
        bitset_reset(left, list[0].key);
        return true;
    }
    /* a template H-search does not see after the intrusion: try each
     * answer */
    for (int a = bitset_first(&c); a >= 0; a = bitset_next(&c, a)) {
        position_play(q, w->winner, a);
        bitset_t rest = c;
        bitset_reset(&rest, a);
        bool found = false;
        if (joined(q, g, h)) {
            found = true;
            *left = bitset_empty();
        } else if (build_local(w, q, &rest) && conns(w, g, h, VC_FULL, list) > 0) {
            found = true;
            *left = list[0].carrier;
        }
        position_undo(q);
        if (found) {
            *answer = a;
            return true;
        }
        if (w->failed)
            return false;
    }
    return false;
}

/* The strategy for a full connection of the winner between g and h
 * inside the empty cells c of q, the loser to move: its node, or -1. */
static int
prove_new(writer_t *w, position_t *q, int g, int h, bitset_t c)
{
    if (w->failed || stop_requested(w->stop)) {
        fail(w, "stopped");
        return -1;
    }
    if (joined(q, g, h)) {
        int id = node_begin(w, 'c');
        add_id(w, g);
        add_id(w, h);
        node_end(w);
        w->st->conn_nodes++;
        return id;
    }
    int id = prove_split(w, q, g, h, c);
    if (id >= 0 || w->failed)
        return id;
    mark_t m = mark_get(w);
    int n = bitset_count(&c), k = 0;
    int *cell = malloc(sizeof(int) * 3 * (size_t)(n ? n : 1));
    if (!cell) {
        fail(w, "out of memory");
        return -1;
    }
    for (int x = bitset_first(&c); x >= 0; x = bitset_next(&c, x), k++) {
        bitset_t rest = c;
        bitset_reset(&rest, x);
        position_play(q, w->loser, x);
        int a;
        bitset_t left;
        int child = -1;
        if (find_answer(w, q, g, h, rest, &a, &left)) {
            if (a >= 0)
                position_play(q, w->winner, a);
            child = prove(w, q, g, h, bitset_and(left, rest));
            if (a >= 0)
                position_undo(q);
        }
        position_undo(q);
        if (child < 0) {
            free(cell);
            mark_back(w, m);
            return -1;
        }
        cell[3 * k] = x;
        cell[3 * k + 1] = a;
        cell[3 * k + 2] = child;
    }
    id = node_begin(w, 'r');
    add_id(w, g);
    add_id(w, h);
    for (int i = 0; i < n; i++) {
        add_id(w, cell[3 * i]);
        add_id(w, cell[3 * i + 1]);
        add_index(w, cell[3 * i + 2]);
    }
    node_end(w);
    free(cell);
    w->st->conn_nodes++;
    return id;
}


/* ---- the winner's captured sets --------------------------------------- */

/* captured() decides whether the empty cells S of q are captured by z: z,
 * answering inside S (the second player there), can make S worth all z
 * stones -- the check hein-verify makes of a 'k' node, with the same rule
 * (doc/certificate.md): the terminals of S are the cells and edges next
 * to S outside it that are empty or z's; for each set K of S's cells
 * joined inside S, every two terminals next to K must be linked at the
 * end: adjacent, or both touching one chain of z made of z's stones, z's
 * edges and S's cells z holds (an empty terminal touches it by being next
 * to it).  Cells of S left empty count as the opponent's. */

#define CAPTURE_MAX 10          /* cells in a set (3^10 states searched) */
#define CAPTURE_NODES (CAPTURE_MAX + HEX_MAX_IDS)      /* cells, then groups */

typedef struct capture {
    const position_t *q;
    int n, cell[CAPTURE_MAX];
    int nnodes;                 /* S's cells 0..n-1, then z's groups */
    int nnbr[CAPTURE_MAX], nbr[CAPTURE_MAX][6];    /* an S cell's nodes */
    int nterm, ntouch[6 * CAPTURE_MAX], touch[6 * CAPTURE_MAX][6];
    int npairs, pair[6 * CAPTURE_MAX * 6 * CAPTURE_MAX / 2][2];
    int pow3[CAPTURE_MAX + 1];
    uint8_t *memo;              /* by state: 0 unknown, 1 holds, 2 fails */
} capture_t;

static int
cap_find(int *parent, int x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

/* Whether every pair stays linked with S coloured as col (0 empty, 1 z,
 * 2 the opponent; empty is read as the opponent's). */
static bool
cap_holds(const capture_t *cp, const uint8_t *col)
{
    int parent[CAPTURE_NODES];
    for (int i = 0; i < cp->nnodes; i++)
        parent[i] = i;
    for (int i = 0; i < cp->n; i++)
        if (col[i] == 1)
            for (int j = 0; j < cp->nnbr[i]; j++) {
                int u = cp->nbr[i][j];
                if (u >= cp->n || col[u] == 1)
                    parent[cap_find(parent, i)] = cap_find(parent, u);
            }
    for (int k = 0; k < cp->npairs; k++) {
        int a = cp->pair[k][0], b = cp->pair[k][1];
        bool linked = false;
        for (int i = 0; i < cp->ntouch[a] && !linked; i++) {
            int x = cp->touch[a][i];
            if (x < cp->n && col[x] != 1)
                continue;
            for (int j = 0; j < cp->ntouch[b] && !linked; j++) {
                int y = cp->touch[b][j];
                if (y < cp->n && col[y] != 1)
                    continue;
                linked = cap_find(parent, x) == cap_find(parent, y);
            }
        }
        if (!linked)
            return false;
    }
    return true;
}

/* The local game with the opponent to move in S: whether z holds. */
static bool
cap_wins(capture_t *cp, uint8_t *col, int state)
{
    if (cp->memo[state])
        return cp->memo[state] == 1;
    bool ok = cap_holds(cp, col);
    if (!ok) {
        int empties = 0;
        for (int i = 0; i < cp->n; i++)
            empties += col[i] == 0;
        ok = empties > 0;
        for (int x = 0; x < cp->n && ok; x++) {
            if (col[x])
                continue;
            col[x] = 2;
            int sx = state + 2 * cp->pow3[x];
            bool answered = false;
            if (empties == 1) {
                answered = cap_holds(cp, col);
            } else {
                for (int y = 0; y < cp->n && !answered; y++) {
                    if (col[y])
                        continue;
                    col[y] = 1;
                    answered = cap_wins(cp, col, sx + cp->pow3[y]);
                    col[y] = 0;
                }
            }
            col[x] = 0;
            ok = answered;
        }
    }
    cp->memo[state] = ok ? 1 : 2;
    return ok;
}

/* The node of z's stone or edge id: its group's, made on first use. */
static int
znode(capture_t *cp, int *local, int id)
{
    int r = position_group(cp->q, id);
    if (local[r] < 0)
        local[r] = cp->nnodes++;
    return local[r];
}

static bool
captured(writer_t *w, const position_t *q, hex_color_t z, const bitset_t *set)
{
    const geometry_t *g = q->geo;
    capture_t *cp = calloc(1, sizeof *cp);
    if (!cp)
        return fail(w, "out of memory");
    cp->q = q;
    cp->n = 0;
    for (int x = bitset_first(set); x >= 0; x = bitset_next(set, x)) {
        if (cp->n == CAPTURE_MAX) {
            free(cp);
            return false;
        }
        cp->cell[cp->n++] = x;
    }
    int n = cp->n;
    cp->pow3[0] = 1;
    for (int i = 0; i < n; i++)
        cp->pow3[i + 1] = 3 * cp->pow3[i];
    /* the nodes: S's cells, then z's groups (by root) met on the way */
    int local[HEX_MAX_IDS];
    for (int i = 0; i < HEX_MAX_IDS; i++)
        local[i] = -1;
    for (int i = 0; i < n; i++)
        local[cp->cell[i]] = i;
    cp->nnodes = n;
    hex_color_t o = hex_color_other(z);
    int ez1 = geometry_edge1(z), ez2 = geometry_edge2(z);
    int term_id[6 * CAPTURE_MAX], tlocal[HEX_MAX_IDS];
    for (int i = 0; i < HEX_MAX_IDS; i++)
        tlocal[i] = -1;
    cp->nterm = 0;
    for (int i = 0; i < n; i++) {
        int c = cp->cell[i];
        for (int j = 0; j < g->nbr_count[c]; j++) {
            int u = g->nbr[c][j];
            bool zs = geometry_is_edge(u) ? (u == ez1 || u == ez2)
                                          : bitset_test(&q->stones[z], u);
            bool os = geometry_is_edge(u) ? !(u == ez1 || u == ez2)
                                          : bitset_test(&q->stones[o], u);
            if (local[u] >= 0 && local[u] < n) {
                cp->nbr[i][cp->nnbr[i]++] = local[u];
                continue;
            }
            if (zs)
                cp->nbr[i][cp->nnbr[i]++] = znode(cp, local, u);
            if (os || tlocal[u] >= 0)
                continue;
            /* a terminal: z's stone or edge, or an empty cell */
            int t = cp->nterm++;
            tlocal[u] = t;
            term_id[t] = u;
            if (zs) {
                cp->touch[t][cp->ntouch[t]++] = znode(cp, local, u);
            } else {
                for (int k = 0; k < g->nbr_count[u]; k++) {
                    int v = g->nbr[u][k];
                    bool vz = geometry_is_edge(v) ? (v == ez1 || v == ez2)
                                                  : bitset_test(&q->stones[z], v);
                    if (local[v] >= 0 && local[v] < n)
                        cp->touch[t][cp->ntouch[t]++] = local[v];
                    else if (vz)
                        cp->touch[t][cp->ntouch[t]++] = znode(cp, local, v);
                }
            }
        }
    }
    /* the pairs: terminals next to one set of S's cells joined inside S */
    int comp[CAPTURE_MAX];
    for (int i = 0; i < n; i++)
        comp[i] = -1;
    for (int i = 0; i < n; i++) {
        if (comp[i] >= 0)
            continue;
        int stack[CAPTURE_MAX], sp = 0;
        comp[i] = i;
        stack[sp++] = i;
        while (sp) {
            int a = stack[--sp];
            for (int j = 0; j < cp->nnbr[a]; j++) {
                int b = cp->nbr[a][j];
                if (b < n && comp[b] < 0) {
                    comp[b] = i;
                    stack[sp++] = b;
                }
            }
        }
    }
    for (int t1 = 0; t1 < cp->nterm; t1++)
        for (int t2 = t1 + 1; t2 < cp->nterm; t2++) {
            int a = term_id[t1], b = term_id[t2];
            bool both = false;
            for (int i = 0; i < n && !both; i++)
                for (int j = 0; j < n && !both; j++)
                    both = comp[i] == comp[j] && bitset_test(&g->nbrs[a], cp->cell[i])
                           && bitset_test(&g->nbrs[b], cp->cell[j]);
            if (!both || bitset_test(&g->nbrs[a], b))
                continue;
            if (cp->ntouch[t1] == 1 && cp->ntouch[t2] == 1 && cp->touch[t1][0] >= n
                && cp->touch[t1][0] == cp->touch[t2][0])
                continue;   /* one group of z already */
            cp->pair[cp->npairs][0] = t1;
            cp->pair[cp->npairs++][1] = t2;
        }
    bool ok = false;
    cp->memo = w->cap_memo;
    memset(cp->memo, 0, (size_t)cp->pow3[n]);
    uint8_t col[CAPTURE_MAX] = { 0 };
    ok = cap_wins(cp, col, 0);
    free(cp);
    return ok;
}

/* ---- the game tree ---------------------------------------------------- */

static int *
memo_slot(writer_t *w, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 29)) & (w->cap - 1);
    while (w->ids[i] && w->keys[i] != key)
        i = (i + 1) & (w->cap - 1);
    w->keys[i] = key;
    return &w->ids[i];
}

static bool
memo_grow(writer_t *w)
{
    if (2 * (w->used + 1) <= w->cap)
        return true;
    size_t oc = w->cap, nc = oc ? 2 * oc : 4096;
    uint64_t *ok = w->keys;
    int *oi = w->ids;
    w->keys = calloc(nc, sizeof *w->keys);
    w->ids = calloc(nc, sizeof *w->ids);
    if (!w->keys || !w->ids) {
        free(w->keys);
        free(w->ids);
        w->keys = ok;
        w->ids = oi;
        return fail(w, "out of memory");
    }
    w->cap = nc;
    for (size_t i = 0; i < oc; i++)
        if (oi[i])
            *memo_slot(w, ok[i]) = oi[i];
    free(ok);
    free(oi);
    return true;
}

static int game_node(writer_t *w, position_t *p, bool fill);

/* The cells of one set of s joined by adjacency, from its first. */
static bitset_t
component(const geometry_t *g, const bitset_t *s)
{
    bitset_t comp = bitset_empty(), frontier = bitset_empty();
    int first = bitset_first(s);
    if (first < 0)
        return comp;
    bitset_set(&frontier, first);
    while (!bitset_is_empty(&frontier)) {
        int x = bitset_first(&frontier);
        bitset_reset(&frontier, x);
        bitset_set(&comp, x);
        bitset_t next = bitset_andnot(bitset_and(g->nbrs[x], *s), comp);
        frontier = bitset_or(frontier, next);
    }
    return comp;
}

static void
add_cells(writer_t *w, const bitset_t *s)
{
    for (int x = bitset_first(s); x >= 0; x = bitset_next(s, x))
        add_id(w, x);
}

/* The loser's node: first the solver's fill-in there (knowledge.h) as far
 * as a certificate carries it -- the loser's stones in one 'x' node (a
 * winner who wins with them wins without: monotonicity), then each set of
 * the winner's that captured() proves in a 'k' node -- then the covers
 * and replies on the fuller board (loser_replies). */
#define FILL_SETS 64

static int loser_replies(writer_t *w, position_t *p);

/* A killer of the loser's reply x on p: an empty cell, next to x or one
 * step further, such that x is dead by the neighbourhood clique rule
 * (ice.h) once the winner holds it; -1 when there is none.  By the
 * inferior-cell theorem (ice.h; hein-verify's header argues it for this
 * case) the loser then has a winning move, if any, among its other
 * replies. */
static int
killer(writer_t *w, position_t *p, int x)
{
    const geometry_t *g = w->geo;
    bitset_t near = g->nbrs[x];
    for (int i = 0; i < g->nbr_count[x]; i++) {
        int u = g->nbr[x][i];
        if (geometry_is_cell(g, u))
            near = bitset_or(near, g->nbrs[u]);
    }
    near = bitset_and(near, position_empty_cells(p));
    bitset_reset(&near, x);
    for (int k = bitset_first(&near); k >= 0; k = bitset_next(&near, k)) {
        position_play(p, w->winner, k);
        bool dead = p->winner == HEX_EMPTY && ice_clique_dead(p, x);
        position_undo(p);
        if (dead)
            return k;
    }
    return -1;
}

static int
loser_node(writer_t *w, position_t *p)
{
    if (!kn_expand(w->kn, p, w->loser, w->exp)) {
        fail(w, "out of memory");
        return -1;
    }
    bitset_t lfill = bitset_and(w->exp->fill[w->loser], position_empty_cells(p));
    bitset_t wfill = bitset_and(w->exp->fill[w->winner], position_empty_cells(p));
    int played = 0;
    for (int x = bitset_first(&lfill); x >= 0; x = bitset_next(&lfill, x), played++)
        position_play(p, w->loser, x);
    bitset_t sets[FILL_SETS];
    int nsets = 0;
    for (bool progress = true; progress && nsets < FILL_SETS && !w->failed;) {
        progress = false;
        bitset_t left = wfill;
        while (!bitset_is_empty(&left) && nsets < FILL_SETS && !w->failed) {
            bitset_t k = component(w->geo, &left);
            left = bitset_andnot(left, k);
            if (bitset_count(&k) > CAPTURE_MAX || !captured(w, p, w->winner, &k))
                continue;
            for (int x = bitset_first(&k); x >= 0; x = bitset_next(&k, x), played++)
                position_play(p, w->winner, x);
            wfill = bitset_andnot(wfill, k);
            sets[nsets++] = k;
            progress = true;
        }
    }
    position_set_to_move(p, w->loser);
    int id = -1;
    if (w->failed)
        ;
    else if (!played)
        id = loser_replies(w, p);
    else
        id = game_node(w, p, false);
    for (int i = 0; i < played; i++)
        position_undo(p);
    position_set_to_move(p, w->loser);
    if (id < 0 || !played)
        return id;
    for (int i = nsets - 1; i >= 0; i--) {
        int child = id;
        id = node_begin(w, 'k');
        add_cells(w, &sets[i]);
        add_index(w, child);
        node_end(w);
        w->st->captured_sets++;
    }
    if (!bitset_is_empty(&lfill)) {
        int child = id;
        id = node_begin(w, 'x');
        add_cells(w, &lfill);
        add_index(w, child);
        node_end(w);
    }
    return id;
}

static int
loser_replies(writer_t *w, position_t *p)
{
    bitset_t empty = position_empty_cells(p);
    if (!vc_build(w->vc, p, w->winner)) {
        fail(w, "out of memory");
        return -1;
    }
    conn_t full[MAX_CONNS], semi[MAX_CONNS];
    int nf = conns(w, w->e1, w->e2, VC_FULL, full);
    int ns = conns(w, w->e1, w->e2, VC_SEMI, semi);
    for (int i = 0; i < nf; i++) {
        int s = prove(w, p, w->e1, w->e2, bitset_and(full[i].carrier, empty));
        if (s >= 0) {
            int id = node_begin(w, 'v');
            add_index(w, s);
            node_end(w);
            w->st->vc_leaves++;
            return id;
        }
        if (w->failed)
            return -1;
    }
    /* the replies outside semis' carriers, answered by their keys */
    bitset_t must = empty;
    int cover_key[MAX_CONNS], cover_node[MAX_CONNS], ncover = 0;
    bool tried[MAX_CONNS] = { false };
    for (;;) {
        /* the semi that leaves the fewest replies to answer one by one */
        int i = -1, best = bitset_count(&must);
        for (int j = 0; j < ns; j++) {
            bitset_t left = bitset_and(must, semi[j].carrier);
            if (!tried[j] && bitset_count(&left) < best) {
                best = bitset_count(&left);
                i = j;
            }
        }
        if (i < 0)
            break;
        tried[i] = true;
        bitset_t car = bitset_and(semi[i].carrier, empty);
        position_play(p, w->winner, semi[i].key);
        bitset_reset(&car, semi[i].key);
        int s = prove(w, p, w->e1, w->e2, car);
        position_undo(p);
        if (w->failed)
            return -1;
        if (s < 0)
            continue;
        cover_key[ncover] = semi[i].key;
        cover_node[ncover++] = s;
        bitset_set(&car, semi[i].key);
        must = bitset_and(must, car);
    }
    /* the replies the winner kills: dead once the winner holds a killer
     * next to them or one step further (hein-verify's clique check) */
    int nvul = 0, vul[2 * HEX_MAX_CELLS];
    for (int x = bitset_first(&must); x >= 0; x = bitset_next(&must, x)) {
        int k = killer(w, p, x);
        if (k >= 0) {
            vul[2 * nvul] = x;
            vul[2 * nvul++ + 1] = k;
            bitset_reset(&must, x);
        }
    }
    int n = bitset_count(&must), k = 0;
    int *child = malloc(sizeof(int) * 2 * (size_t)(n ? n : 1));
    if (!child) {
        fail(w, "out of memory");
        return -1;
    }
    for (int x = bitset_first(&must); x >= 0; x = bitset_next(&must, x), k++) {
        position_play(p, w->loser, x);
        child[2 * k] = x;
        child[2 * k + 1] = game_node(w, p, true);
        position_undo(p);
        if (child[2 * k + 1] < 0) {
            free(child);
            return -1;
        }
    }
    int id = node_begin(w, 'l');
    for (int i = 0; i < ncover; i++) {
        add_id(w, cover_key[i]);
        add_index(w, cover_node[i]);
    }
    strbuf_add(&w->body, " /");
    for (int i = 0; i < n; i++) {
        add_id(w, child[2 * i]);
        add_index(w, child[2 * i + 1]);
    }
    if (nvul) {
        strbuf_add(&w->body, " /");
        for (int i = 0; i < 2 * nvul; i++)
            add_id(w, vul[i]);
    }
    node_end(w);
    free(child);
    w->st->killed += (uint64_t)nvul;
    w->st->covers += (uint64_t)ncover;
    return id;
}

static int
winner_node(writer_t *w, position_t *p)
{
    bitset_t empty = position_empty_cells(p);
    if (!vc_build(w->vc, p, w->winner)) {
        fail(w, "out of memory");
        return -1;
    }
    conn_t list[MAX_CONNS];
    int move = -1;
    if (conns(w, w->e1, w->e2, VC_FULL, list) > 0) {
        bitset_t out = bitset_andnot(empty, list[0].carrier);
        move = bitset_is_empty(&out) ? bitset_first(&empty) : bitset_first(&out);
    } else if (conns(w, w->e1, w->e2, VC_SEMI, list) > 0) {
        move = list[0].key;
    } else {
        dfpn_result_t r;
        solver_solve(w->sv, p, w->winner, w->params, w->stop, NULL, NULL, &r);
        w->st->solver_calls++;
        if (r.winner == HEX_EMPTY) {
            fail(w, "stopped");
            return -1;
        }
        if (r.winner != w->winner) {
            char buf[MOVE_NAME_MAX];
            int last = p->nmoves ? position_move(p, p->nmoves - 1) : -1;
            fail(w, "the solver finds the loser's reply %s wins",
                 last >= 0 ? id_name(w, last, buf) : "-");
            return -1;
        }
        move = r.best >= 0 ? r.best : bitset_first(&empty);
    }
    if (move < 0 || !bitset_test(&empty, move)) {
        fail(w, "no winning move found");
        return -1;
    }
    position_play(p, w->winner, move);
    int child = game_node(w, p, true);
    position_undo(p);
    if (child < 0)
        return -1;
    int id = node_begin(w, 'm');
    add_id(w, move);
    add_index(w, child);
    node_end(w);
    return id;
}

/* The node of p, written once for its position; fill: the loser's node
 * starts with the fill-in (false: p is filled already). */
static int
game_node(writer_t *w, position_t *p, bool fill)
{
    if (w->failed || stop_requested(w->stop)) {
        fail(w, "stopped");
        return -1;
    }
    if (!memo_grow(w))
        return -1;
    uint64_t key = position_key(p);
    int *slot = memo_slot(w, key);
    if (*slot)
        return *slot - 1;
    int id;
    if (p->winner == w->winner) {
        id = node_begin(w, 'w');
        node_end(w);
    } else if (p->winner == w->loser) {
        fail(w, "the loser has won a position of the proof");
        return -1;
    } else if (p->to_move == w->loser) {
        id = fill ? loser_node(w, p) : loser_replies(w, p);
    } else {
        id = winner_node(w, p);
    }
    if (id < 0)
        return -1;
    w->st->game_nodes++;
    slot = memo_slot(w, key);   /* the table may have grown */
    if (!*slot)
        w->used++;
    *slot = id + 1;
    return id;
}

/* The header's lines up to the winner: format, board, stones, side to
 * move. */
static void
add_header(strbuf_t *out, const position_t *pos, hex_color_t to_move)
{
    const geometry_t *g = pos->geo;
    strbuf_addf(out, "hein-certificate 3\nboard %dx%d\nstones ", g->width, g->height);
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++) {
            hex_color_t col = position_color_at(pos, geometry_cell(g, c, r));
            strbuf_addc(out, col == HEX_BLACK ? 'b' : col == HEX_WHITE ? 'w' : '.');
        }
    strbuf_addf(out, "\nto-move %s\n", hex_color_name(to_move));
}

bool
certificate_build(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
                  const position_t *pos, hex_color_t to_move, const stop_t *stop,
                  strbuf_t *out, cert_stats_t *st, char *err, size_t errlen)
{
    double t0 = stop_now();
    memset(st, 0, sizeof *st);
    st->winner = HEX_EMPTY;
    if (errlen)
        err[0] = '\0';
    writer_t w = { .sv = sv, .params = params, .stop = stop, .geo = pos->geo, .st = st,
        .err = err, .errlen = errlen };
    position_t *p = malloc(sizeof *p);
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    position_copy(p, pos);
    position_set_to_move(p, to_move);
    /* the writer reads the proof from the table: a database's answer has
     * none, and the winner's moves it gives would each be solved apart */
    solverdb_t *db = solver_db(sv);
    solver_set_db(sv, NULL);
    bool ok = false;
    hex_color_t winner = p->winner;
    if (winner == HEX_EMPTY) {
        dfpn_result_t r;
        solver_solve(sv, p, to_move, params, stop, NULL, NULL, &r);
        winner = r.winner;
    }
    if (winner == HEX_EMPTY) {
        snprintf(err, errlen, "the position is not solved (stopped)");
        goto out;
    }
    vc_params_t vp = *kn->vc_params;
    vp.limit_fulls = false;
    vp.incremental = false;
    w.vc = vc_new(&vp, kn->vc_templates);
    if (!w.vc) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    w.winner = winner;
    w.loser = hex_color_other(winner);
    w.kn = kn_new(kn);
    w.exp = malloc(sizeof *w.exp);
    w.cap_memo = malloc(59049);         /* 3^CAPTURE_MAX */
    if (!w.kn || !w.exp || !w.cap_memo) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    w.e1 = geometry_edge1(winner);
    w.e2 = geometry_edge2(winner);
    int root = game_node(&w, p, true);
    if (root >= 0 && !w.body.oom) {
        size_t start = out->len;
        add_header(out, pos, to_move);
        strbuf_addf(out, "winner %s\nnodes %d\n", hex_color_name(winner), w.nnodes);
        strbuf_addn(out, strbuf_str(&w.body), w.body.len);
        strbuf_add(out, "end\n");
        st->bytes = out->len - start;
        st->winner = winner;
        ok = !out->oom;
        if (!ok)
            snprintf(err, errlen, "out of memory");
    } else if (!w.failed) {
        snprintf(err, errlen, "out of memory");
    }
out:
    if (w.vc)
        vc_free(w.vc);
    if (w.kn)
        kn_free(w.kn);
    free(w.exp);
    free(w.cap_memo);
    if (w.have_local)
        position_free(&w.local);
    strbuf_free(&w.body);
    free(w.keys);
    free(w.ids);
    free(w.proved);
    free(w.serial);
    position_free(p);
    free(p);
    solver_set_db(sv, db);
    st->seconds = stop_now() - t0;
    return ok;
}

bool
certificate_write(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
                  const position_t *pos, hex_color_t to_move, const stop_t *stop,
                  const char *path, cert_stats_t *st, char *err, size_t errlen)
{
    strbuf_t text = { 0 };
    if (!certificate_build(sv, params, kn, pos, to_move, stop, &text, st, err, errlen)) {
        strbuf_free(&text);
        return false;
    }
    char why[256];
    bool ok = wholefile_write_bytes(path, strbuf_str(&text), text.len, why, sizeof why);
    if (!ok)
        snprintf(err, errlen, "cannot write %s: %s", path, why);
    strbuf_free(&text);
    return ok;
}

bool
certificate_present(const char *path, const position_t *pos, hex_color_t to_move)
{
    strbuf_t head = { 0 };
    add_header(&head, pos, to_move);
    bool ok = false;
    FILE *f = head.oom ? NULL : fopen(path, "rb");
    if (f) {
        char *buf = malloc(head.len + 1);
        char tail[4];
        ok = buf && fread(buf, 1, head.len, f) == head.len
             && !memcmp(buf, strbuf_str(&head), head.len) && fseek(f, -4, SEEK_END) == 0
             && fread(tail, 1, 4, f) == 4 && !memcmp(tail, "end\n", 4);
        free(buf);
        fclose(f);
    }
    strbuf_free(&head);
    return ok;
}
