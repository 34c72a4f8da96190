/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solver session (solver.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/solver.h"

struct solver {
    tt_t *tt;
    int tt_mb;                  /* the size tt was made with */
    expcache_t *cache;
    int cache_threads;          /* the thread count cache was sized for */
    spdfpn_t *p;                /* NULL until prepared */
    int threads;                /* p's */
    const kn_config_t *kn;      /* the engine's knowledge p was made for
                                 * ... */
    uint64_t generation;        /* ... its generation ... */
    dfpn_params_t made;         /* ... and the param_dfpn knowledge keys
                                 * (same_knowledge) */
    kn_config_t cfg;            /* p's knowledge: kn with vc_params ... */
    vc_params_t vc_params;      /* ... but limit_fulls and path_builds
                                 * from param_dfpn, */
    ice_params_t ice_params;    /* find_neighbour_dominated,
                                 * find_dead_region_pairs, reverser_need
                                 * and pair_reach too, */
    resist_params_t resist_params;      /* and vc_weight and empty_group */
    solverdb_t *db;             /* borrowed (solver_set_db), or NULL */
    solver_db_report_t report;  /* the last solver_solve's */
};

solver_t *
solver_new(void)
{
    return calloc(1, sizeof(solver_t));
}

/* Drop the workspaces (the table and cache stay). */
static void
drop_workspaces(solver_t *sv)
{
    spdfpn_free(sv->p);
    sv->p = NULL;
}

void
solver_free(solver_t *sv)
{
    if (!sv)
        return;
    drop_workspaces(sv);
    expcache_free(sv->cache);
    tt_free(sv->tt);
    free(sv);
}

/* Whether the param_dfpn keys that change the solver's knowledge (solver.h)
 * are the same in a and b. */
static bool
same_knowledge(const dfpn_params_t *a, const dfpn_params_t *b)
{
    return a->limit_fulls == b->limit_fulls && a->path_builds == b->path_builds
        && a->neighbour_dominated == b->neighbour_dominated
        && a->dead_region_pairs == b->dead_region_pairs
        && a->reverser_need == b->reverser_need && a->pair_reach == b->pair_reach
        && a->order_vc_weight == b->order_vc_weight
        && a->order_empty_group == b->order_empty_group && a->net_order == b->net_order;
}

bool
solver_prepare(solver_t *sv, const dfpn_params_t *params, const kn_config_t *kn,
               uint64_t generation)
{
    int threads = params->threads < 1 ? 1 : params->threads;
    if (sv->tt && sv->tt_mb != params->tt_mb) {
        drop_workspaces(sv);
        tt_free(sv->tt);
        sv->tt = NULL;
    }
    if (!sv->tt) {
        sv->tt = tt_new((size_t)params->tt_mb << 20);
        sv->tt_mb = params->tt_mb;
    }
    bool knowledge_changed = sv->kn != kn || sv->generation != generation
        || !same_knowledge(&sv->made, params);
    if (sv->p && (sv->threads != threads || knowledge_changed))
        drop_workspaces(sv);
    if (sv->cache && sv->cache_threads != threads) {
        expcache_free(sv->cache);
        sv->cache = NULL;
    } else if (sv->cache && knowledge_changed) {
        expcache_clear(sv->cache);
    }
    if (!sv->cache) {
        sv->cache = expcache_new(threads);
        sv->cache_threads = threads;
    }
    sv->kn = kn;
    sv->generation = generation;
    sv->made = *params;
    if (!sv->p && sv->tt && sv->cache) {
        sv->cfg = *kn;
        sv->cfg.net_order = params->net_order;
        if (kn->vc_params) {
            sv->vc_params = *kn->vc_params;
            sv->vc_params.limit_fulls = params->limit_fulls;
            sv->vc_params.path_builds = params->path_builds;
            sv->cfg.vc_params = &sv->vc_params;
        }
        if (kn->ice_params) {
            sv->ice_params = *kn->ice_params;
            sv->ice_params.find_neighbour_dominated = params->neighbour_dominated;
            sv->ice_params.find_dead_region_pairs = params->dead_region_pairs;
            sv->ice_params.reverser_need = params->reverser_need;
            sv->ice_params.pair_reach = params->pair_reach;
            sv->cfg.ice_params = &sv->ice_params;
        }
        if (kn->resist_params) {
            sv->resist_params = *kn->resist_params;
            sv->resist_params.vc_weight = params->order_vc_weight;
            sv->resist_params.empty_group = params->order_empty_group;
            sv->cfg.resist_params = &sv->resist_params;
        }
        sv->p = spdfpn_new(sv->tt, &sv->cfg, threads, sv->cache);
        sv->threads = threads;
    } else if (sv->p) {
        spdfpn_forget(sv->p);
    }
    if (sv->p)
        return true;
    /* out of memory: hold nothing, try again next time */
    expcache_free(sv->cache);
    sv->cache = NULL;
    tt_free(sv->tt);
    sv->tt = NULL;
    return false;
}

void
solver_clear(solver_t *sv)
{
    if (sv->tt)
        tt_clear(sv->tt);
    if (sv->cache)
        expcache_clear(sv->cache);
}

tt_t *
solver_table(const solver_t *sv)
{
    return sv->tt;
}

void
solver_set_db(solver_t *sv, solverdb_t *db)
{
    sv->db = db;
}

solverdb_t *
solver_db(const solver_t *sv)
{
    return sv->db;
}

const solver_db_report_t *
solver_db_report(const solver_t *sv)
{
    return &sv->report;
}

/* ---- the proof into the database -------------------------------------- */

/* The walk of a proof in the table: the positions to store (database
 * items, or with `raw` the table's entries and their keys), and the keys
 * of the nodes seen (open addressing; 0 is free). */
typedef struct walk {
    dfpn_t *s;
    uint64_t min_work;
    bool raw;
    solverdb_item_t *items;
    uint64_t *keys;             /* raw */
    tt_data_t *data;            /* raw */
    size_t n, cap;
    uint64_t *seen;
    size_t seen_used, seen_cap; /* a power of two */
    bool oom;
} walk_t;

/* Add key to the seen set; false when it was there already (or memory
 * is short, which ends the walk). */
static bool
walk_see(walk_t *w, uint64_t key)
{
    key |= 1;                   /* never 0; a collision only skips a node */
    if (2 * (w->seen_used + 1) > w->seen_cap) {
        size_t cap = w->seen_cap ? 2 * w->seen_cap : 1024;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t) {
            w->oom = true;
            return false;
        }
        for (size_t i = 0; i < w->seen_cap; i++) {
            if (!w->seen[i])
                continue;
            size_t j = (size_t)(w->seen[i] * UINT64_C(0x9e3779b97f4a7c15) >> 20) & (cap - 1);
            while (t[j])
                j = (j + 1) & (cap - 1);
            t[j] = w->seen[i];
        }
        free(w->seen);
        w->seen = t;
        w->seen_cap = cap;
    }
    size_t j = (size_t)(key * UINT64_C(0x9e3779b97f4a7c15) >> 20) & (w->seen_cap - 1);
    while (w->seen[j]) {
        if (w->seen[j] == key)
            return false;
        j = (j + 1) & (w->seen_cap - 1);
    }
    w->seen[j] = key;
    w->seen_used++;
    return true;
}

/* The node p (its entry d in the table, the result e it holds) into the
 * walk's list. */
static void
walk_add(walk_t *w, const position_t *p, const tt_data_t *d, const solverdb_entry_t *e)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 64;
        if (w->raw) {
            uint64_t *k = realloc(w->keys, cap * sizeof *k);
            if (k)
                w->keys = k;
            tt_data_t *t = k ? realloc(w->data, cap * sizeof *t) : NULL;
            if (!t) {
                w->oom = true;
                return;
            }
            w->data = t;
        } else {
            solverdb_item_t *t = realloc(w->items, cap * sizeof *t);
            if (!t) {
                w->oom = true;
                return;
            }
            w->items = t;
        }
        w->cap = cap;
    }
    if (w->raw) {
        w->keys[w->n] = position_key(p);
        w->data[w->n++] = *d;
    } else {
        solverdb_item(p, p->to_move, e, &w->items[w->n++]);
    }
}

/* Walk the proof below p (its side to move set; its entry, when root is
 * false, solved with enough work, and added already). */
static void
walk_children(walk_t *w, position_t *p, hex_color_t winner, int best)
{
    hex_color_t me = p->to_move;
    kn_expansion_t *x = malloc(sizeof *x);
    if (!x || !dfpn_expand(w->s, p, me, x)) {
        free(x);
        w->oom = true;
        return;
    }
    if (x->decided != HEX_EMPTY) {
        free(x);
        return;
    }
    int filled = kn_play_fill(x, p);
    for (int i = 0; i < x->n && !w->oom; i++) {
        int m = winner == me ? best : x->moves[i];
        if (m >= 0 && position_check(p, me, m) == POSITION_OK) {
            position_play(p, me, m);
            tt_data_t d;
            if (walk_see(w, position_key(p)) && dfpn_lookup(w->s, p, &d) && tt_solved(&d)
                && d.work >= w->min_work) {
                hex_color_t them = p->to_move;
                solverdb_entry_t e = { d.phi == 0 ? them : me, d.phi == 0 ? d.best : -1,
                                       d.work };
                walk_add(w, p, &d, &e);
                walk_children(w, p, e.winner, e.move);
            }
            position_undo(p);
        }
        if (winner == me)
            break;
    }
    kn_undo_fill(p, filled);
    free(x);
}

/* The walk of the proof of r (solved at pos, to_move to move) into w
 * (its s, min_work and raw set). */
static void
walk_proof(walk_t *w, const position_t *pos, hex_color_t to_move, const dfpn_result_t *r)
{
    position_t *p = malloc(sizeof *p);
    if (!p) {
        w->oom = true;
        return;
    }
    position_copy(p, pos);
    position_set_to_move(p, to_move);
    tt_data_t d;
    uint64_t work = r->stats.work;
    if (dfpn_lookup(w->s, p, &d) && d.work > work)
        work = d.work;
    bool won = r->winner == to_move;
    solverdb_entry_t root = { r->winner, won ? r->best : -1, work };
    d = (tt_data_t){ won ? 0 : TT_INF, won ? TT_INF : 0, work, (int16_t)root.move };
    walk_see(w, position_key(p));
    walk_add(w, p, &d, &root);
    if (p->winner == HEX_EMPTY)
        walk_children(w, p, root.winner, root.move);
    position_free(p);
    free(p);
    free(w->seen);
}

bool
solver_proof_items(solver_t *sv, const position_t *pos, hex_color_t to_move,
                   const dfpn_params_t *params, const dfpn_result_t *r,
                   solverdb_item_t **items, size_t *n)
{
    walk_t w = { .s = spdfpn_workspace(sv->p),
                 .min_work = params->db_min_work > 0 ? (uint64_t)params->db_min_work : 0 };
    walk_proof(&w, pos, to_move, r);
    /* out of memory partway: what was gathered is still true */
    *items = w.items;
    *n = w.n;
    return !w.oom;
}

bool
solver_proof_entries(solver_t *sv, const position_t *pos, hex_color_t to_move,
                     const dfpn_result_t *r, uint64_t **keys, tt_data_t **data, size_t *n)
{
    walk_t w = { .s = spdfpn_workspace(sv->p), .min_work = 0, .raw = true };
    walk_proof(&w, pos, to_move, r);
    *keys = w.keys;
    *data = w.data;
    *n = w.n;
    return !w.oom;
}

/* Store the proof of r (solved) at pos in the database. */
static void
store_proof(solver_t *sv, const position_t *pos, hex_color_t to_move,
            const dfpn_params_t *params, const dfpn_result_t *r)
{
    solverdb_item_t *items;
    size_t n;
    if (!solver_proof_items(sv, pos, to_move, params, r, &items, &n) && n == 0) {
        snprintf(sv->report.error, sizeof sv->report.error, "out of memory");
        sv->report.failed = true;
        return;
    }
    if (n > 0 && !solverdb_put(sv->db, items, n, sv->report.error, sizeof sv->report.error))
        sv->report.failed = true;
    else
        sv->report.stored = n;
    free(items);
}

void
solver_solve(solver_t *sv, const position_t *pos, hex_color_t to_move,
             const dfpn_params_t *params, const stop_t *stop, dfpn_progress_fn fn, void *arg,
             dfpn_result_t *out)
{
    memset(&sv->report, 0, sizeof sv->report);
    sv->report.used = sv->db != NULL;
    if (sv->db) {
        solverdb_entry_t e;
        solverdb_status_t st = solverdb_get(sv->db, pos, to_move, &e, sv->report.error,
                                            sizeof sv->report.error);
        if (st == SOLVERDB_FOUND) {
            memset(out, 0, sizeof *out);
            out->winner = e.winner;
            out->best = e.winner == to_move ? e.move : -1;
            out->phi = e.winner == to_move ? 0 : TT_INF;
            out->delta = e.winner == to_move ? TT_INF : 0;
            sv->report.hit = true;
            sv->report.work = e.work;
            return;
        }
        sv->report.failed = st == SOLVERDB_ERROR;
    }
    spdfpn_set_progress(sv->p, fn, arg);
    spdfpn_solve(sv->p, pos, to_move, params, stop, out);
    spdfpn_set_progress(sv->p, NULL, NULL);
    if (sv->db && out->winner != HEX_EMPTY && !sv->report.failed)
        store_proof(sv, pos, to_move, params, out);
}

bool
solver_find_winning(solver_t *sv, const position_t *pos, hex_color_t to_move,
                    const dfpn_params_t *params, const stop_t *stop, dfpn_progress_fn fn,
                    void *arg, bitset_t *wins, bool *unknown)
{
    *wins = bitset_empty();
    *unknown = false;
    kn_expansion_t *x = malloc(sizeof *x);
    position_t *p = malloc(sizeof *p);
    bool ok = x && p && dfpn_moves(spdfpn_workspace(sv->p), pos, to_move, x);
    if (ok && x->decided == to_move) {
        *wins = position_empty_cells(pos);      /* won whatever it plays */
    } else if (ok && x->decided == HEX_EMPTY) {
        position_copy(p, pos);
        position_set_to_move(p, to_move);
        kn_play_fill(x, p);
        for (int i = 0; i < x->n && !*unknown; i++) {
            dfpn_result_t r;
            position_play(p, to_move, x->moves[i]);
            solver_solve(sv, p, hex_color_other(to_move), params, stop, fn, arg, &r);
            position_undo(p);
            if (r.winner == to_move) {
                bitset_set(wins, x->moves[i]);
                /* a move the symmetry step dropped wins with its image */
                if (x->half_turn)
                    bitset_set(wins, geometry_half_turn(pos->geo, x->moves[i]));
            }
            *unknown = r.winner == HEX_EMPTY;
        }
        position_free(p);
    }
    free(x);
    free(p);
    return ok;
}

bool
solver_bounds(solver_t *sv, const position_t *pos, hex_color_t to_move, kn_expansion_t *x,
              tt_data_t *entry, bool *have)
{
    if (pos->winner != HEX_EMPTY) {
        x->to_move = to_move;
        x->decided = pos->winner;
        x->n = 0;
        return true;
    }
    dfpn_t *s = spdfpn_workspace(sv->p);
    position_t *p = malloc(sizeof *p);
    if (!p || !dfpn_moves(s, pos, to_move, x)) {
        free(p);
        return false;
    }
    if (x->decided == HEX_EMPTY) {
        position_copy(p, pos);
        position_set_to_move(p, to_move);
        kn_play_fill(x, p);
        for (int i = 0; i < x->n; i++) {
            position_play(p, to_move, x->moves[i]);
            have[i] = dfpn_lookup(s, p, &entry[i]);
            position_undo(p);
        }
        position_free(p);
    }
    free(p);
    return true;
}

bool
solver_job_report(solver_t *sv, const position_t *pos, hex_color_t to_move, toptree_buf_t *b,
                  toptree_report_t *r)
{
    position_t *p = malloc(sizeof *p);
    if (!p)
        return false;
    position_copy(p, pos);
    position_set_to_move(p, to_move);
    bool ok = toptree_report_from(spdfpn_workspace(sv->p), p, b, r);
    position_free(p);
    free(p);
    return ok;
}

int
solver_pv(solver_t *sv, const position_t *pos, hex_color_t to_move, int *moves, int max)
{
    return dfpn_pv(spdfpn_workspace(sv->p), pos, to_move, moves, max);
}
