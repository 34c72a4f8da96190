/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The solver session (solver.h). */
#include "config.h"

#include <stdlib.h>

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
    bool limit_fulls;           /* ... and param_dfpn limit_fulls and */
    bool neighbour_dominated;   /* neighbour_dominated and */
    bool path_builds;           /* path_builds */
    kn_config_t cfg;            /* p's knowledge: kn with vc_params ... */
    vc_params_t vc_params;      /* ... but limit_fulls and path_builds
                                 * from param_dfpn, */
    ice_params_t ice_params;    /* find_neighbour_dominated too */
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
        || sv->limit_fulls != params->limit_fulls
        || sv->neighbour_dominated != params->neighbour_dominated
        || sv->path_builds != params->path_builds;
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
    sv->limit_fulls = params->limit_fulls;
    sv->neighbour_dominated = params->neighbour_dominated;
    sv->path_builds = params->path_builds;
    if (!sv->p && sv->tt && sv->cache) {
        sv->cfg = *kn;
        if (kn->vc_params) {
            sv->vc_params = *kn->vc_params;
            sv->vc_params.limit_fulls = params->limit_fulls;
            sv->vc_params.path_builds = params->path_builds;
            sv->cfg.vc_params = &sv->vc_params;
        }
        if (kn->ice_params) {
            sv->ice_params = *kn->ice_params;
            sv->ice_params.find_neighbour_dominated = params->neighbour_dominated;
            sv->cfg.ice_params = &sv->ice_params;
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
solver_solve(solver_t *sv, const position_t *pos, hex_color_t to_move,
             const dfpn_params_t *params, const stop_t *stop, dfpn_progress_fn fn, void *arg,
             dfpn_result_t *out)
{
    spdfpn_set_progress(sv->p, fn, arg);
    spdfpn_solve(sv->p, pos, to_move, params, stop, out);
    spdfpn_set_progress(sv->p, NULL, NULL);
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

int
solver_pv(solver_t *sv, const position_t *pos, hex_color_t to_move, int *moves, int max)
{
    return dfpn_pv(spdfpn_workspace(sv->p), pos, to_move, moves, max);
}
