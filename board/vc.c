/* SPDX-License-Identifier: GPL-3.0-or-later */
/* H-search: virtual connections of one colour (see vc.h).
 *
 * Ids inside: the board's cells keep their ids 0 .. ncells-1 and the four
 * edges follow them (ncells .. ncells+3, in the order of geometry.h), so
 * that on a small board an endpoint set is a word or two and the slot
 * table is small; the public functions translate (vc_in, vc_out).
 * Storage: every endpoint pair (a < b) that has a connection owns a slot;
 * slot_of[a * nid + b] is its index or -1.  A slot's connections live in
 * one flat pool, max_fulls fulls then max_semis semis, each list sorted by
 * carrier size.  fullnbr[x] / seminbr[x] are the endpoints x has a full /
 * semi with, so the AND rule walks only real partners.  New connections
 * go through a FIFO of copies; processing one marks it done in its list
 * and applies AND with it in the middle-endpoint role on both sides and,
 * for a semi, OR on its pair, combining it only with connections already
 * done: every combination is then tried once, when the last of its
 * connections is processed.  A queued copy whose connection has left its
 * list (replaced by one inside it, or pushed out of a full list) is
 * dropped.
 *
 * The closure's functions take the carrier width cw (the words a carrier
 * can use) as an argument and are inlined into one copy per width
 * (closure_w1 ... below), so that on a board of at most 64 cells every
 * carrier operation is one word's; the results are the same for every
 * width. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "board/vc.h"

#define NIDS HEX_MAX_IDS
#define SLOTS_INITIAL 1024
#define QUEUE_INITIAL 4096
/* Work cap of one closure (queue items processed); the lists stay sound
 * when it is reached, only incomplete. */
#define CLOSURE_MAX_ITEMS 4000000L

/* For the functions instantiated per carrier width (see above). */
#if defined(__GNUC__)
#define VC_INLINE static inline __attribute__((always_inline))
#else
#define VC_INLINE static inline
#endif

typedef struct vc_slot {
    int16_t a, b;
    int16_t nfull, nsemi;
} vc_slot_t;

typedef struct vc_item {
    bitset_t carrier;
    int16_t a, b, key;
} vc_item_t;

/* One template placed on the board: for edge k (0: the colour's first
 * edge, 1: its second) with its endpoint on `cell`, every carrier and
 * helper cell (none for most templates). */
typedef struct vc_placed {
    bitset_t carrier, helpers;
    int16_t cell;
    int8_t k;
} vc_placed_t;

/* One level of the OR rule's search: the intersection and union of the
 * semis chosen so far, and the next semi to try. */
typedef struct or_level {
    bitset_t I, U;
    int j;
} or_level_t;

struct vc {
    vc_params_t params;
    const vc_templates_t *templates;
    const geometry_t *geo;      /* a counted reference, NULL before a build */
    hex_color_t color;
    int ncells;                 /* the board's cells: the first inside id
                                 * of an edge */
    int nid;                    /* inside ids: ncells + 4 */
    int16_t ep[NIDS];           /* endpoint of each inside id, -1 for none */
    bitset_t empty;
    bitset_t opp;               /* the opponent's stones */
    int cw;                     /* words that can hold a cell: carriers
                                 * have no bit beyond them */
    int ew;                     /* words that can hold an inside id */
    int edge_ep[2];             /* the endpoints of the owner's edges */
    int per;                    /* max_fulls + max_semis */
    int32_t *slot_of;           /* nid * nid used of NIDS * NIDS */
    vc_slot_t *slots;
    vc_conn_t *conns;           /* capslots * per */
    int nslots, capslots;
    bitset_t fullnbr[NIDS], seminbr[NIDS];
    vc_item_t *queue;
    size_t qhead, qtail, qcap;
    struct vc_saved *before;    /* vc_play: the lists before the move
                                 * (NULL until the first) */
    /* every placement of the templates that fits the board, made for
     * placed_w x placed_h and placed_color (0 x 0: none yet); a cache
     * of this workspace's, never copied */
    vc_placed_t *placed;
    int nplaced, capplaced;
    int placed_w, placed_h;
    hex_color_t placed_color;
    bitset_t *orbuf;            /* or_rule: 2 * max_semis carriers */
    or_level_t *orstack;        /* or_rule: max_ors levels */
    bool nomem;
};

void
vc_params_default(vc_params_t *p)
{
    p->max_fulls = 12;
    p->max_semis = 24;
    p->max_ors = 4;
    p->use_templates = true;
    p->incremental = true;
    p->path_builds = true;
    p->and_over_edge = false;
    p->limit_fulls = true;
}

/* ---- ids ------------------------------------------------------------- */

/* The inside id of a cell or edge id, -1 for none. */
static inline int
vc_in(const vc_t *vc, int id)
{
    if (id < 0)
        return -1;
    if (id < HEX_MAX_CELLS)
        return id < vc->ncells ? id : -1;
    if (id < HEX_MAX_IDS)
        return vc->ncells + (id - HEX_NORTH);
    return -1;
}

/* The cell or edge id of an inside id. */
static inline int
vc_out(const vc_t *vc, int i)
{
    return i < vc->ncells ? i : HEX_NORTH + (i - vc->ncells);
}

/* The inside endpoint of a cell or edge id, -1 for none. */
static inline int
ep_of(const vc_t *vc, int id)
{
    int i = vc_in(vc, id);
    return i < 0 ? -1 : vc->ep[i];
}

/* ---- storage --------------------------------------------------------- */

static bool
clamp_params(vc_params_t *p)
{
    if (p->max_fulls < 1)
        p->max_fulls = 12;
    if (p->max_semis < 1)
        p->max_semis = 24;
    if (p->max_fulls > 1000)
        p->max_fulls = 12;
    if (p->max_semis > 1000)
        p->max_semis = 24;
    if (p->max_ors < 2)
        p->max_ors = 4;
    if (p->max_ors > 64)
        p->max_ors = 64;
    return true;
}

vc_t *
vc_new(const vc_params_t *params, const vc_templates_t *templates)
{
    vc_t *vc = calloc(1, sizeof *vc);
    if (!vc)
        return NULL;
    vc->params = *params;
    clamp_params(&vc->params);
    vc->templates = templates;
    vc->per = vc->params.max_fulls + vc->params.max_semis;
    vc->color = HEX_BLACK;
    vc->cw = BITSET_WORDS;
    vc->ew = BITSET_WORDS;
    vc->nid = NIDS;
    vc->slot_of = malloc((size_t)NIDS * NIDS * sizeof *vc->slot_of);
    vc->capslots = SLOTS_INITIAL;
    vc->slots = malloc((size_t)vc->capslots * sizeof *vc->slots);
    vc->conns = malloc((size_t)vc->capslots * (size_t)vc->per * sizeof *vc->conns);
    vc->qcap = QUEUE_INITIAL;
    vc->queue = malloc(vc->qcap * sizeof *vc->queue);
    vc->orbuf = malloc(2 * (size_t)vc->params.max_semis * sizeof *vc->orbuf);
    vc->orstack = malloc((size_t)vc->params.max_ors * sizeof *vc->orstack);
    if (!vc->slot_of || !vc->slots || !vc->conns || !vc->queue || !vc->orbuf || !vc->orstack) {
        vc_free(vc);
        return NULL;
    }
    for (int i = 0; i < NIDS * NIDS; i++)
        vc->slot_of[i] = -1;
    for (int i = 0; i < NIDS; i++)
        vc->ep[i] = -1;
    return vc;
}

void
vc_free(vc_t *vc)
{
    if (!vc)
        return;
    geometry_unref(vc->geo);
    free(vc->slot_of);
    free(vc->slots);
    free(vc->conns);
    free(vc->queue);
    vc_saved_free(vc->before);
    free(vc->placed);
    free(vc->orbuf);
    free(vc->orstack);
    free(vc);
}

static void
clear_lists(vc_t *vc)
{
    for (int i = 0; i < vc->nslots; i++)
        vc->slot_of[vc->slots[i].a * vc->nid + vc->slots[i].b] = -1;
    vc->nslots = 0;
    for (int i = 0; i < vc->nid; i++) {
        bitset_clear(&vc->fullnbr[i]);
        bitset_clear(&vc->seminbr[i]);
    }
    vc->qhead = vc->qtail = 0;
}

static bool
grow_slots(vc_t *vc, int need)
{
    if (need <= vc->capslots)
        return true;
    int cap = vc->capslots;
    while (cap < need)
        cap *= 2;
    vc_slot_t *s = realloc(vc->slots, (size_t)cap * sizeof *s);
    if (!s)
        return false;
    vc->slots = s;
    vc_conn_t *c = realloc(vc->conns, (size_t)cap * (size_t)vc->per * sizeof *c);
    if (!c)
        return false;
    vc->conns = c;
    vc->capslots = cap;
    return true;
}

bool
vc_copy(vc_t *dst, const vc_t *src)
{
    if (dst == src)
        return true;
    clear_lists(dst);
    if (dst->per != src->per || !grow_slots(dst, src->nslots)) {
        dst->nomem = true;
        return false;
    }
    geometry_unref(dst->geo);
    dst->geo = src->geo ? geometry_ref(src->geo) : NULL;
    dst->color = src->color;
    dst->ncells = src->ncells;
    dst->nid = src->nid;
    memcpy(dst->ep, src->ep, sizeof dst->ep);
    dst->empty = src->empty;
    dst->opp = src->opp;
    dst->cw = src->cw;
    dst->ew = src->ew;
    dst->edge_ep[0] = src->edge_ep[0];
    dst->edge_ep[1] = src->edge_ep[1];
    memcpy(dst->fullnbr, src->fullnbr, (size_t)src->nid * sizeof *src->fullnbr);
    memcpy(dst->seminbr, src->seminbr, (size_t)src->nid * sizeof *src->seminbr);
    dst->nslots = src->nslots;
    memcpy(dst->slots, src->slots, (size_t)src->nslots * sizeof *src->slots);
    memcpy(dst->conns, src->conns, (size_t)src->nslots * (size_t)src->per * sizeof *src->conns);
    for (int i = 0; i < src->nslots; i++)
        dst->slot_of[src->slots[i].a * dst->nid + src->slots[i].b] = i;
    dst->nomem = src->nomem;
    return true;
}

static inline int
slot_find(const vc_t *vc, int a, int b)
{
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    return vc->slot_of[a * vc->nid + b];
}

/* a < b */
static int
slot_get(vc_t *vc, int a, int b)
{
    int s = vc->slot_of[a * vc->nid + b];
    if (s >= 0)
        return s;
    if (!grow_slots(vc, vc->nslots + 1)) {
        vc->nomem = true;
        return -1;
    }
    s = vc->nslots++;
    vc->slots[s].a = (int16_t)a;
    vc->slots[s].b = (int16_t)b;
    vc->slots[s].nfull = vc->slots[s].nsemi = 0;
    vc->slot_of[a * vc->nid + b] = s;
    return s;
}

static inline vc_conn_t *
slot_fulls(const vc_t *vc, int s)
{
    return vc->conns + (size_t)s * (size_t)vc->per;
}

static inline vc_conn_t *
slot_semis(const vc_t *vc, int s)
{
    return vc->conns + (size_t)s * (size_t)vc->per + vc->params.max_fulls;
}

/* Make room for one more queue item; false when memory is short. */
static bool
queue_room(vc_t *vc)
{
    if (vc->qtail < vc->qcap)
        return true;
    /* Compact first; grow when more than half is live. */
    size_t live = vc->qtail - vc->qhead;
    if (vc->qhead > 0 && live < vc->qcap / 2) {
        memmove(vc->queue, vc->queue + vc->qhead, live * sizeof *vc->queue);
    } else {
        vc_item_t *q = realloc(vc->queue, 2 * vc->qcap * sizeof *q);
        if (!q) {
            vc->nomem = true;
            return false;
        }
        vc->queue = q;
        vc->qcap *= 2;
        memmove(vc->queue, vc->queue + vc->qhead, live * sizeof *vc->queue);
    }
    vc->qhead = 0;
    vc->qtail = live;
    return true;
}

VC_INLINE void
push(vc_t *vc, int a, int b, const bitset_t *carrier, int key)
{
    if (!queue_room(vc))
        return;
    vc_item_t *it = &vc->queue[vc->qtail++];
    it->carrier = *carrier;
    it->a = (int16_t)a;
    it->b = (int16_t)b;
    it->key = (int16_t)key;
}

/* Insert c into the sorted list l of n entries (capacity cap), dropping the
 * largest when full.  The caller has removed supersets.  Returns the new
 * count, or -1 when c is not smaller than a full list's largest. */
VC_INLINE int
list_insert(vc_conn_t *l, int n, int cap, const vc_conn_t *c)
{
    if (n == cap) {
        if (l[n - 1].size <= c->size)
            return -1;
        n--;
    }
    int i = n;
    while (i > 0 && l[i - 1].size > c->size) {
        l[i] = l[i - 1];
        i--;
    }
    l[i] = *c;
    return n + 1;
}

/* Remove the entries of l (sorted by size) that contain c's carrier;
 * returns the new count.  Only entries at least as large as c can. */
VC_INLINE int
list_drop_supersets(vc_conn_t *l, int n, const vc_conn_t *c, int cw)
{
    int k = 0;
    while (k < n && l[k].size < c->size)
        k++;
    for (int i = k; i < n; i++)
        if (!bitset_is_subset_n(&c->carrier, &l[i].carrier, cw))
            l[k++] = l[i];
    return k;
}

static void
update_nbrs(vc_t *vc, int s)
{
    int a = vc->slots[s].a, b = vc->slots[s].b;
    if (vc->slots[s].nfull) {
        bitset_set(&vc->fullnbr[a], b);
        bitset_set(&vc->fullnbr[b], a);
    } else {
        bitset_reset(&vc->fullnbr[a], b);
        bitset_reset(&vc->fullnbr[b], a);
    }
    if (vc->slots[s].nsemi) {
        bitset_set(&vc->seminbr[a], b);
        bitset_set(&vc->seminbr[b], a);
    } else {
        bitset_reset(&vc->seminbr[a], b);
        bitset_reset(&vc->seminbr[b], a);
    }
}

/* Whether the pair in slot s has a full whose carrier lies inside B. */
VC_INLINE bool
slot_full_inside(const vc_t *vc, int s, const bitset_t *B, int cw)
{
    const vc_conn_t *f = slot_fulls(vc, s);
    for (int i = 0; i < vc->slots[s].nfull; i++)
        if (bitset_is_subset_n(&f[i].carrier, B, cw))
            return true;
    return false;
}

/* With limit_fulls: whether a new full with this carrier (no full of the
 * pair lies inside it) replaces one of the pair's fulls (lies inside it)
 * or shrinks the intersection of their carriers. */
VC_INLINE bool
full_shrinks(const vc_t *vc, int s, const bitset_t *carrier, int cw)
{
    int n = vc->slots[s].nfull;
    if (n == 0)
        return true;
    const vc_conn_t *f = slot_fulls(vc, s);
    bitset_t I = f[0].carrier;
    for (int i = 0; i < n; i++) {
        if (bitset_is_subset_n(carrier, &f[i].carrier, cw))
            return true;
        I = bitset_and_n(I, &f[i].carrier, cw);
    }
    return !bitset_is_subset_n(&I, carrier, cw);
}

/* Add a connection (key -1: full) unless one of the pair's carriers is
 * inside it; queue it when `queue` and it was added. */
VC_INLINE bool
insert_w(vc_t *vc, int a, int b, const bitset_t *carrier, int key, vc_rule_t rule, bool queue,
         int cw)
{
    if (a == b)
        return false;
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    int size = bitset_count_n(carrier, cw);
    int s = vc->slot_of[a * vc->nid + b];
    if (s >= 0) {
        /* the lists are sorted by size: only the entries no larger than
         * the carrier can lie inside it */
        vc_conn_t *f = slot_fulls(vc, s);
        for (int i = 0; i < vc->slots[s].nfull && f[i].size <= size; i++)
            if (bitset_is_subset_n(&f[i].carrier, carrier, cw))
                return false;
        if (key >= 0) {
            vc_conn_t *m = slot_semis(vc, s);
            for (int i = 0; i < vc->slots[s].nsemi && m[i].size <= size; i++)
                if (bitset_is_subset_n(&m[i].carrier, carrier, cw))
                    return false;
        }
    } else {
        s = slot_get(vc, a, b);
        if (s < 0)
            return false;
    }
    if (key < 0 && vc->params.limit_fulls && s >= 0 && !full_shrinks(vc, s, carrier, cw))
        return false;
    vc_conn_t c;
    c.carrier = *carrier;
    c.done = !queue;
    c.key = (int16_t)key;
    c.rule = (int8_t)rule;
    c.size = (int16_t)size;
    vc_slot_t *sl = &vc->slots[s];
    vc_conn_t *semis = slot_semis(vc, s);
    int n;
    if (key < 0) {
        vc_conn_t *fulls = slot_fulls(vc, s);
        n = list_drop_supersets(fulls, sl->nfull, &c, cw);
        int m = list_insert(fulls, n, vc->params.max_fulls, &c);
        sl->nfull = (int16_t)(m < 0 ? n : m);
        sl->nsemi = (int16_t)list_drop_supersets(semis, sl->nsemi, &c, cw);
        update_nbrs(vc, s);
        if (m < 0)
            return false;
    } else {
        n = list_drop_supersets(semis, sl->nsemi, &c, cw);
        int m = list_insert(semis, n, vc->params.max_semis, &c);
        sl->nsemi = (int16_t)(m < 0 ? n : m);
        update_nbrs(vc, s);
        if (m < 0)
            return false;
    }
    if (queue)
        push(vc, a, b, carrier, key);
    return true;
}

/* insert_w at the workspace's width, outside the closure. */
static bool
insert(vc_t *vc, int a, int b, const bitset_t *carrier, int key, vc_rule_t rule, bool queue)
{
    return insert_w(vc, a, b, carrier, key, rule, queue, vc->cw);
}

/* ---- the rules ------------------------------------------------------- */

static inline bool
is_empty_cell(const vc_t *vc, int id)
{
    return id < vc->ncells && bitset_test(&vc->empty, id);
}

/* Whether the pair x-y has a full whose carrier lies inside B. */
VC_INLINE bool
full_inside(const vc_t *vc, int x, int y, const bitset_t *B, int cw)
{
    int s = slot_find(vc, x, y);
    return s >= 0 && slot_full_inside(vc, s, B, cw);
}

/* AND with m in the middle: the connection o-m (carrier C, key: -1 for a
 * full) against every m-y. */
VC_INLINE void
and_rule(vc_t *vc, int o, int m, const bitset_t *C, int key, int cw)
{
    bool m_empty = is_empty_cell(vc, m);
    if (m_empty && key >= 0)
        return;
    if (!vc->params.and_over_edge && (m == vc->edge_ep[0] || m == vc->edge_ep[1]))
        return;
    int ew = vc->ew;
    /* B: the cells every product holds; a pair o-y with a full inside B
     * takes none of them */
    bitset_t B = *C;
    if (m_empty)
        bitset_set(&B, m);
    bitset_t partners = vc->fullnbr[m];
    for (int y = bitset_next_from_n(&partners, 0, ew); y >= 0;
         y = bitset_next_from_n(&partners, y + 1, ew)) {
        if (y == o || bitset_test(C, y) || full_inside(vc, o, y, &B, cw))
            continue;
        int s = slot_find(vc, m, y);
        for (int i = 0; s >= 0 && i < vc->slots[s].nfull; i++) {
            /* read in place: insert may move the pool */
            const vc_conn_t *F = &slot_fulls(vc, s)[i];
            const bitset_t *D = &F->carrier;
            if (!F->done || bitset_intersects_n(C, D, cw) || bitset_test(D, o))
                continue;
            bitset_t U = bitset_or_n(*C, D, cw);
            if (m_empty) {
                bitset_set(&U, m);
                insert_w(vc, o, y, &U, m, VC_RULE_AND, true, cw);
            } else {
                insert_w(vc, o, y, &U, key, VC_RULE_AND, true, cw);
            }
        }
    }
    if (m_empty || key >= 0)
        return;
    /* full o-m + semi m-y over an own group: a semi with the semi's key */
    partners = vc->seminbr[m];
    for (int y = bitset_next_from_n(&partners, 0, ew); y >= 0;
         y = bitset_next_from_n(&partners, y + 1, ew)) {
        if (y == o || bitset_test(C, y) || full_inside(vc, o, y, C, cw))
            continue;
        int s = slot_find(vc, m, y);
        for (int i = 0; s >= 0 && i < vc->slots[s].nsemi; i++) {
            const vc_conn_t *D = &slot_semis(vc, s)[i];
            if (!D->done || bitset_intersects_n(C, &D->carrier, cw)
                || bitset_test(&D->carrier, o))
                continue;
            bitset_t U = bitset_or_n(*C, &D->carrier, cw);
            insert_w(vc, o, y, &U, D->key, VC_RULE_AND, true, cw);
        }
    }
}

/* Whether nothing built on U can be kept: U contains a full carrier of the
 * pair in slot s, or (limit_fulls) it contains their intersection and no
 * full of the pair contains U (a full on U would neither replace one nor
 * shrink the intersection). */
VC_INLINE bool
or_dominated(const vc_t *vc, int s, const bitset_t *U, int cw)
{
    return slot_full_inside(vc, s, U, cw)
        || (vc->params.limit_fulls && !full_shrinks(vc, s, U, cw));
}

/* OR on the pair a-b, starting from its semi with carrier C: every choice
 * of up to max_ors - 1 more semis, in list order, each shrinking the
 * intersection, whose intersection is empty gives a full (the union).  A
 * depth-first search on vc->orstack. */
VC_INLINE void
or_rule(vc_t *vc, int a, int b, const bitset_t *C, int cw)
{
    int s = slot_find(vc, a, b);
    if (s < 0)
        return;
    /* a snapshot of the pair's semis that are done (C among them), at
     * most max_semis: the fulls the search inserts may drop some from the
     * list */
    int m = vc->slots[s].nsemi, n = 0;
    const vc_conn_t *list = slot_semis(vc, s);
    bitset_t *semis = vc->orbuf;
    bitset_t *rest = semis + m;
    for (int i = 0; i < m; i++)
        if (list[i].done)
            semis[n++] = list[i].carrier;
    if (n < 2)
        return;
    /* rest[j]: the intersection of semis j..n-1; when every semi shares a
     * cell with C (the search's first test below) there is nothing to do */
    rest[n - 1] = semis[n - 1];
    for (int i = n - 2; i >= 0; i--)
        rest[i] = bitset_and_n(rest[i + 1], &semis[i], cw);
    if (bitset_intersects_n(C, &rest[0], cw))
        return;
    or_level_t *st = vc->orstack;
    int top = 0, levels = vc->params.max_ors - 1;
    st[0].I = *C;
    st[0].U = *C;
    st[0].j = 0;
    while (top >= 0) {
        or_level_t *l = &st[top];
        int j = l->j++;
        /* no choice among semis j.. can empty I if all of them share a
         * cell of it */
        if (j >= n || bitset_intersects_n(&l->I, &rest[j], cw)) {
            top--;
            continue;
        }
        bitset_t I2 = bitset_and_n(l->I, &semis[j], cw);
        if (bitset_equal_n(&I2, &l->I, cw))
            continue;
        bitset_t U2 = bitset_or_n(l->U, &semis[j], cw);
        if (or_dominated(vc, s, &U2, cw))
            continue;
        if (bitset_is_empty_n(&I2, cw)) {
            insert_w(vc, a, b, &U2, -1, VC_RULE_OR, true, cw);
        } else if (top + 1 < levels) {
            st[top + 1].I = I2;
            st[top + 1].U = U2;
            st[top + 1].j = j + 1;
            top++;
        }
    }
}

/* Mark a queued connection done in its pair's list; false when it is no
 * longer there: it was replaced by a connection inside it (whose rules
 * give connections inside each of its own: they need not run) or pushed
 * out of a full list as the largest. */
VC_INLINE bool
item_take(vc_t *vc, const vc_item_t *it, int cw)
{
    int s = slot_find(vc, it->a, it->b);
    if (s < 0)
        return false;
    vc_conn_t *l = it->key < 0 ? slot_fulls(vc, s) : slot_semis(vc, s);
    int n = it->key < 0 ? vc->slots[s].nfull : vc->slots[s].nsemi;
    for (int i = 0; i < n; i++)
        if (l[i].key == it->key && bitset_equal_n(&l[i].carrier, &it->carrier, cw)) {
            l[i].done = true;
            return true;
        }
    return false;
}

VC_INLINE void
closure_w(vc_t *vc, int cw)
{
    long done = 0;
    while (vc->qhead < vc->qtail && !vc->nomem && done++ < CLOSURE_MAX_ITEMS) {
        vc_item_t it = vc->queue[vc->qhead++];
        if (!item_take(vc, &it, cw))
            continue;
        and_rule(vc, it.a, it.b, &it.carrier, it.key, cw);
        and_rule(vc, it.b, it.a, &it.carrier, it.key, cw);
        if (it.key >= 0)
            or_rule(vc, it.a, it.b, &it.carrier, cw);
    }
    vc->qhead = vc->qtail = 0;
}

/* One copy of the closure per common width (boards of up to 64, 128, 192
 * and 256 cells), and one for any width. */
static void
closure_w1(vc_t *vc)
{
    closure_w(vc, 1);
}

static void
closure_w2(vc_t *vc)
{
    closure_w(vc, 2);
}

static void
closure_w3(vc_t *vc)
{
    closure_w(vc, 3);
}

static void
closure_w4(vc_t *vc)
{
    closure_w(vc, 4);
}

static void
closure_any(vc_t *vc)
{
    closure_w(vc, vc->cw);
}

static void
closure(vc_t *vc)
{
    switch (vc->cw) {
    case 1:
        closure_w1(vc);
        break;
    case 2:
        closure_w2(vc);
        break;
    case 3:
        closure_w3(vc);
        break;
    case 4:
        closure_w4(vc);
        break;
    default:
        closure_any(vc);
        break;
    }
}

/* ---- builds ---------------------------------------------------------- */

static void
set_position(vc_t *vc, const position_t *pos, hex_color_t color)
{
    const geometry_t *g = pos->geo;
    if (vc->geo != g) {
        geometry_unref(vc->geo);
        vc->geo = geometry_ref(g);
    }
    vc->color = color;
    vc->ncells = g->ncells;
    vc->nid = g->ncells + 4;
    vc->cw = bitset_words_for(g->ncells);
    vc->ew = bitset_words_for(vc->nid);
    vc->empty = position_empty_cells(pos);
    vc->opp = pos->stones[hex_color_other(color)];
    for (int i = 0; i < vc->nid; i++)
        vc->ep[i] = -1;
    for (int c = 0; c < g->ncells; c++) {
        hex_color_t at = position_color_at(pos, c);
        if (at == HEX_EMPTY)
            vc->ep[c] = (int16_t)c;
        else if (at == color)
            vc->ep[c] = (int16_t)vc_in(vc, position_group(pos, c));
    }
    for (int k = 0; k < 2; k++) {
        int edge = k == 0 ? geometry_edge1(color) : geometry_edge2(color);
        int e = vc_in(vc, edge);
        vc->ep[e] = (int16_t)vc_in(vc, position_group(pos, edge));
        vc->edge_ep[k] = vc->ep[e];
    }
}

static void
add_adjacent(vc_t *vc)
{
    const geometry_t *g = vc->geo;
    bitset_t none = bitset_empty();
    for (int c = 0; c < g->ncells; c++) {
        if (vc->ep[c] < 0)
            continue;
        for (int k = 0; k < g->nbr_count[c]; k++) {
            int n = ep_of(vc, g->nbr[c][k]);
            if (n >= 0 && n != vc->ep[c])
                insert(vc, vc->ep[c], n, &none, -1, VC_RULE_BASE, true);
        }
    }
}

/* Make vc->placed hold every placement of the templates on the board
 * for the colour; false when memory is short. */
static bool
place_templates(vc_t *vc)
{
    const geometry_t *g = vc->geo;
    if (vc->placed_w == g->width && vc->placed_h == g->height
        && vc->placed_color == vc->color)
        return true;
    vc->nplaced = 0;
    vc->placed_w = vc->placed_h = 0;
    int edges[2] = { geometry_edge1(vc->color), geometry_edge2(vc->color) };
    for (int k = 0; k < 2; k++)
        for (int t = 0; t < vc->templates->n; t++)
            for (int c = 0; c < g->ncells; c++) {
                bitset_t car, help;
                if (!vc_template_place(&vc->templates->t[t], g, edges[k], c, &car, &help))
                    continue;
                if (vc->nplaced == vc->capplaced) {
                    int cap = vc->capplaced ? 2 * vc->capplaced : 256;
                    vc_placed_t *np = realloc(vc->placed, (size_t)cap * sizeof *np);
                    if (!np)
                        return false;
                    vc->placed = np;
                    vc->capplaced = cap;
                }
                vc_placed_t *pl = &vc->placed[vc->nplaced++];
                pl->carrier = car;
                pl->helpers = help;
                pl->cell = (int16_t)c;
                pl->k = (int8_t)k;
            }
    vc->placed_w = g->width;
    vc->placed_h = g->height;
    vc->placed_color = vc->color;
    return true;
}

/* Every template at every endpoint where it fits: no opponent stone in
 * the carrier, every helper an own stone. */
static void
add_templates(vc_t *vc)
{
    if (!vc->params.use_templates || !vc->templates)
        return;
    if (!place_templates(vc)) {
        vc->nomem = true;
        return;
    }
    const geometry_t *g = vc->geo;
    int E[2] = { ep_of(vc, geometry_edge1(vc->color)), ep_of(vc, geometry_edge2(vc->color)) };
    /* the owner's stones: neither empty nor the opponent's */
    bitset_t own = bitset_andnot(bitset_andnot(g->cells, vc->empty), vc->opp);
    for (int i = 0; i < vc->nplaced; i++) {
        const vc_placed_t *pl = &vc->placed[i];
        int ep = vc->ep[pl->cell];
        if (ep < 0 || ep == E[pl->k] || bitset_intersects(&pl->carrier, &vc->opp)
            || !bitset_is_subset(&pl->helpers, &own))
            continue;
        bitset_t car = bitset_and(pl->carrier, vc->empty);
        insert(vc, ep, E[pl->k], &car, -1, VC_RULE_TEMPLATE, true);
    }
}

/* H-search from what is queued (the connections carried over that
 * changed) and, when the owner has new stones (every stone, for a
 * build), from the adjacencies and templates. */
static bool
carry_close(vc_t *vc, bool own_added)
{
    if (own_added) {
        add_adjacent(vc);
        add_templates(vc);
    }
    closure(vc);
    if (vc->nomem)
        clear_lists(vc);
    return !vc->nomem;
}

bool
vc_build(vc_t *vc, const position_t *pos, hex_color_t color)
{
    vc->nomem = false;
    clear_lists(vc);
    set_position(vc, pos, color);
    return carry_close(vc, true);
}

/* One connection of an earlier position (endpoints a and b, inside ids
 * there) carried over to the position set_position has just set, whose
 * stones include the earlier one's: dropped when an endpoint or a carrier
 * cell is now the opponent's, else its endpoints are mapped to their
 * groups and the owner's new stones (added_own) leave its carrier (a semi
 * whose key is one becomes a full).  Queued again when anything changed:
 * an endpoint (merged, or now a stone: more AND rules apply over it) or
 * the carrier.  Every AND or OR of two unchanged connections was applied
 * in the earlier position, and its result either is carried over too or
 * held a new stone (then it changed, or it was dropped as the inputs are). */
VC_INLINE void
carry_w(vc_t *vc, int a, int b, const bitset_t *carrier, int key, int rule,
        const bitset_t *added_own, int cw)
{
    int a2 = vc->ep[a], b2 = vc->ep[b];
    if (a2 < 0 || b2 < 0 || a2 == b2 || bitset_intersects_n(carrier, &vc->opp, cw))
        return;
    bool changed = a2 != a || b2 != b || bitset_test(added_own, a) || bitset_test(added_own, b);
    if (bitset_intersects_n(carrier, added_own, cw)) {
        bitset_t c = bitset_andnot_n(*carrier, added_own, cw);
        if (key >= 0 && bitset_test(added_own, key))
            key = -1;
        insert_w(vc, a2, b2, &c, key, (vc_rule_t)rule, true, cw);
        return;
    }
    insert_w(vc, a2, b2, carrier, key, (vc_rule_t)rule, changed, cw);
}

/* ---- saved lists ----------------------------------------------------- */

/* One saved connection; its carrier is the cw words at words + i * cw. */
typedef struct vc_saved_conn {
    int16_t a, b, key;
    int8_t rule;
} vc_saved_conn_t;

struct vc_saved {
    bool valid;
    const geometry_t *geo;      /* a counted reference while valid */
    hex_color_t color;
    bitset_t empty, opp;        /* the position's empty cells and the
                                 * opponent's stones */
    int cw;
    size_t n, cap;
    vc_saved_conn_t *conns;
    uint64_t *words;
};

vc_saved_t *
vc_saved_new(void)
{
    return calloc(1, sizeof(vc_saved_t));
}

void
vc_saved_clear(vc_saved_t *s)
{
    if (s && s->valid) {
        geometry_unref(s->geo);
        s->geo = NULL;
        s->valid = false;
    }
}

void
vc_saved_free(vc_saved_t *s)
{
    if (!s)
        return;
    vc_saved_clear(s);
    free(s->conns);
    free(s->words);
    free(s);
}

bool
vc_save(const vc_t *vc, vc_saved_t *s)
{
    vc_saved_clear(s);
    if (vc->geo == NULL || vc->nomem)
        return false;
    size_t n = 0;
    for (int i = 0; i < vc->nslots; i++)
        n += (size_t)vc->slots[i].nfull + (size_t)vc->slots[i].nsemi;
    int cw = vc->cw;
    if (n > s->cap || cw > s->cw) {
        size_t cap = n > s->cap ? n + n / 4 + 16 : s->cap > 0 ? s->cap : 16;
        vc_saved_conn_t *c = realloc(s->conns, cap * sizeof *c);
        if (c)
            s->conns = c;
        uint64_t *w = realloc(s->words, cap * (size_t)cw * sizeof *w);
        if (w)
            s->words = w;
        if (!c || !w)
            return false;
        s->cap = cap;
    }
    s->cw = cw;
    size_t k = 0;
    for (int i = 0; i < vc->nslots; i++)
        for (int t = 0; t < 2; t++) {
            int cnt = t == 0 ? vc->slots[i].nfull : vc->slots[i].nsemi;
            const vc_conn_t *l = t == 0 ? slot_fulls(vc, i) : slot_semis(vc, i);
            for (int j = 0; j < cnt; j++, k++) {
                s->conns[k].a = vc->slots[i].a;
                s->conns[k].b = vc->slots[i].b;
                s->conns[k].key = l[j].key;
                s->conns[k].rule = l[j].rule;
                memcpy(s->words + k * (size_t)cw, l[j].carrier.w, (size_t)cw * sizeof(uint64_t));
            }
        }
    s->n = n;
    s->geo = geometry_ref(vc->geo);
    s->color = vc->color;
    s->empty = vc->empty;
    s->opp = vc->opp;
    s->valid = true;
    return true;
}

/* Whether carry_w would insert the connection as it is, not queued: its
 * endpoints and carrier untouched by the new stones. */
VC_INLINE bool
carried_unchanged(const vc_t *vc, const vc_saved_conn_t *sc, const bitset_t *carrier,
                  const bitset_t *added_own, int cw)
{
    return vc->ep[sc->a] == sc->a && vc->ep[sc->b] == sc->b && !bitset_test(added_own, sc->a)
        && !bitset_test(added_own, sc->b) && !bitset_intersects_n(carrier, &vc->opp, cw)
        && !bitset_intersects_n(carrier, added_own, cw);
}

/* Append an unchanged connection to its pair's list, as insert_w would
 * when the list holds only unchanged connections of the same saved list,
 * all of which came before it there: that list was sorted by size and
 * held no connection inside another (insert_w keeps both), so nothing is
 * dropped and the order stands.  False when the list is full (the
 * parameters changed since the save): the caller inserts it then. */
VC_INLINE bool
carry_append(vc_t *vc, const vc_saved_conn_t *sc, const bitset_t *carrier, int cw)
{
    int s = slot_get(vc, sc->a, sc->b);
    if (s < 0)
        return true;            /* out of memory: nomem is set */
    vc_slot_t *sl = &vc->slots[s];
    bool full = sc->key < 0;
    int n = full ? sl->nfull : sl->nsemi;
    if (n == (full ? vc->params.max_fulls : vc->params.max_semis))
        return false;
    vc_conn_t *c = (full ? slot_fulls(vc, s) : slot_semis(vc, s)) + n;
    c->carrier = *carrier;
    c->key = sc->key;
    c->rule = sc->rule;
    c->size = (int16_t)bitset_count_n(carrier, cw);
    c->done = true;
    if (full)
        sl->nfull++;
    else
        sl->nsemi++;
    update_nbrs(vc, s);
    return true;
}

/* Carry every saved connection over (carry_w), one copy per common width
 * as for the closure.  Without limit_fulls the unchanged ones go first,
 * appended to their lists (carry_append), then the others through
 * insert_w: without list limits the lists are those of inserting all in
 * the saved order (test_vc checks vc_play's lists, carried so, against
 * fresh builds), and most connections of an incremental build are
 * unchanged.
 * With limit_fulls whether a full is kept depends on the fulls before it,
 * so every connection goes through insert_w in the saved order. */
VC_INLINE void
carry_saved_w(vc_t *vc, const vc_saved_t *s, const bitset_t *added, int cw)
{
    bitset_t c = bitset_empty();
    bool split = !vc->params.limit_fulls;
    for (size_t k = 0; split && k < s->n; k++) {
        memcpy(c.w, s->words + k * (size_t)cw, (size_t)cw * sizeof(uint64_t));
        const vc_saved_conn_t *sc = &s->conns[k];
        if (carried_unchanged(vc, sc, &c, added, cw) && !carry_append(vc, sc, &c, cw))
            carry_w(vc, sc->a, sc->b, &c, sc->key, sc->rule, added, cw);
    }
    for (size_t k = 0; k < s->n; k++) {
        memcpy(c.w, s->words + k * (size_t)cw, (size_t)cw * sizeof(uint64_t));
        const vc_saved_conn_t *sc = &s->conns[k];
        if (!split || !carried_unchanged(vc, sc, &c, added, cw))
            carry_w(vc, sc->a, sc->b, &c, sc->key, sc->rule, added, cw);
    }
}

static void
carry_saved_w1(vc_t *vc, const vc_saved_t *s, const bitset_t *added)
{
    carry_saved_w(vc, s, added, 1);
}

static void
carry_saved_w2(vc_t *vc, const vc_saved_t *s, const bitset_t *added)
{
    carry_saved_w(vc, s, added, 2);
}

static void
carry_saved_any(vc_t *vc, const vc_saved_t *s, const bitset_t *added)
{
    carry_saved_w(vc, s, added, s->cw);
}

static void
carry_saved(vc_t *vc, const vc_saved_t *s, const bitset_t *added)
{
    switch (s->cw) {
    case 1:
        carry_saved_w1(vc, s, added);
        break;
    case 2:
        carry_saved_w2(vc, s, added);
        break;
    default:
        carry_saved_any(vc, s, added);
        break;
    }
}

bool
vc_build_from(vc_t *vc, const vc_saved_t *s, const position_t *pos, hex_color_t color)
{
    if (!s || !s->valid || !vc->params.incremental || s->geo != pos->geo || s->color != color)
        return vc_build(vc, pos, color);
    vc->nomem = false;
    set_position(vc, pos, color);
    /* the earlier stones must all stand: no cell emptied, no opponent
     * stone gone, no own stone turned the opponent's */
    if (!bitset_is_subset(&vc->empty, &s->empty) || !bitset_is_subset(&s->opp, &vc->opp))
        return vc_build(vc, pos, color);
    bitset_t now_own = bitset_andnot(bitset_andnot(pos->geo->cells, vc->empty), vc->opp);
    bitset_t was_own = bitset_andnot(bitset_andnot(pos->geo->cells, s->empty), s->opp);
    if (!bitset_is_subset(&was_own, &now_own))
        return vc_build(vc, pos, color);
    bitset_t added = bitset_and(s->empty, now_own);
    clear_lists(vc);
    carry_saved(vc, s, &added);
    return carry_close(vc, !bitset_is_empty(&added));
}

bool
vc_play(vc_t *vc, const position_t *pos, hex_color_t stone_color, int cell)
{
    /* the lists before the move, aside (vc->before) */
    if (!vc->params.incremental || vc->geo != pos->geo || vc->nomem
        || (!vc->before && !(vc->before = vc_saved_new())) || !vc_save(vc, vc->before))
        return vc_build(vc, pos, vc->color);
    bool own = stone_color == vc->color;
    set_position(vc, pos, vc->color);
    /* Without AND over the edges, a stone joining an edge group would turn
     * connections made over it into ones a fresh build never makes (sound,
     * but the lists must agree with a build): rebuild then. */
    if (own && !vc->params.and_over_edge
        && (vc->ep[cell] == vc->edge_ep[0] || vc->ep[cell] == vc->edge_ep[1]))
        return vc_build(vc, pos, vc->color);
    clear_lists(vc);
    bitset_t added = bitset_empty();
    if (own)
        bitset_set(&added, cell);
    carry_saved(vc, vc->before, &added);
    return carry_close(vc, own);
}

/* ---- queries --------------------------------------------------------- */

const char *
vc_rule_name(vc_rule_t rule)
{
    static const char *const names[] = { "base", "pattern", "and", "or" };
    return (unsigned)rule < sizeof names / sizeof names[0] ? names[rule] : "unknown";
}

hex_color_t
vc_color(const vc_t *vc)
{
    return vc->color;
}

int
vc_endpoint(const vc_t *vc, int id)
{
    if (id < 0 || id >= NIDS)
        return -1;
    int e = ep_of(vc, id);
    return e < 0 ? -1 : vc_out(vc, e);
}

int
vc_between(const vc_t *vc, int a, int b, vc_type_t type, const vc_conn_t **out)
{
    *out = NULL;
    if (a < 0 || a >= NIDS || b < 0 || b >= NIDS)
        return 0;
    a = ep_of(vc, a);
    b = ep_of(vc, b);
    if (a < 0 || b < 0 || a == b)
        return 0;
    int s = slot_find(vc, a, b);
    if (s < 0)
        return 0;
    if (type == VC_FULL) {
        *out = slot_fulls(vc, s);
        return vc->slots[s].nfull;
    }
    *out = slot_semis(vc, s);
    return vc->slots[s].nsemi;
}

bitset_t
vc_connected_to(const vc_t *vc, int a, vc_type_t type)
{
    bitset_t out = bitset_empty();
    if (a < 0 || a >= NIDS)
        return out;
    a = ep_of(vc, a);
    if (a < 0)
        return out;
    const bitset_t *ends = type == VC_FULL ? &vc->fullnbr[a] : &vc->seminbr[a];
    for (int x = bitset_next_from_n(ends, 0, vc->ew); x >= 0;
         x = bitset_next_from_n(ends, x + 1, vc->ew))
        bitset_set(&out, vc_out(vc, x));
    return out;
}

bool
vc_connected_fully(const vc_t *vc)
{
    int e1 = vc->edge_ep[0], e2 = vc->edge_ep[1];
    if (vc->geo == NULL)
        return false;
    if (e1 == e2)
        return true;
    int s = slot_find(vc, e1, e2);
    return s >= 0 && vc->slots[s].nfull > 0;
}

bool
vc_connected_semi(const vc_t *vc)
{
    if (vc_connected_fully(vc))
        return true;
    if (vc->geo == NULL)
        return false;
    int s = slot_find(vc, vc->edge_ep[0], vc->edge_ep[1]);
    return s >= 0 && vc->slots[s].nsemi > 0;
}

bool
vc_mustplay(const vc_t *opp, const position_t *pos, bitset_t *out)
{
    if (vc_connected_fully(opp)) {
        *out = bitset_empty();
        return false;
    }
    bitset_t m = position_empty_cells(pos);
    const vc_conn_t *l;
    int n = vc_between(opp, geometry_edge1(opp->color), geometry_edge2(opp->color), VC_SEMI, &l);
    for (int i = 0; i < n; i++)
        m = bitset_and(m, l[i].carrier);
    *out = m;
    return true;
}

void
vc_count(const vc_t *vc, long *fulls, long *semis)
{
    long f = 0, s = 0;
    for (int i = 0; i < vc->nslots; i++) {
        f += vc->slots[i].nfull;
        s += vc->slots[i].nsemi;
    }
    *fulls = f;
    *semis = s;
}

void
vc_foreach_pair(const vc_t *vc, vc_pair_fn fn, void *arg)
{
    for (int i = 0; i < vc->nslots; i++) {
        const vc_slot_t *s = &vc->slots[i];
        if (s->nfull || s->nsemi)
            fn(vc_out(vc, s->a), vc_out(vc, s->b), slot_fulls(vc, i), s->nfull,
               slot_semis(vc, i), s->nsemi, arg);
    }
}
