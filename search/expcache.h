/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_SEARCH_EXPCACHE_H
#define HEIN_SEARCH_EXPCACHE_H

/* The expansion cache: facts about positions that outlive the search
 * that found them, so that any search (the solver's threads, a later
 * solve of the same game, the player) reuses them.
 *
 *   - node expansions (board/knowledge.h), keyed by the position's key
 *     (position_key) and side to move: an expansion depends on the
 *     position and the board knowledge's settings (and, with param_vc
 *     path_builds, on the VCs of the ancestor it was built from: each
 *     is sound, the first one made is kept), so a cache must be
 *     emptied (expcache_clear) when the settings change;
 *   - beside them, per node key, three cell sets a search derived from a
 *     node (the solver's dominated siblings, and once the node is solved
 *     its harmless set and the children that made it: search/dfpn.c
 *     gives their rules).  The expansions are soon pushed out by newer
 *     ones, while the sets are small, so many more of them stay.
 *
 * Both are direct-mapped: a newer entry replaces an older one in its
 * slot, so a lookup may miss anything ever stored; a hit is always the
 * stored value for that key.
 *
 * Locking: the slots are striped over a set of mutexes; a mutex is held
 * only while one entry is copied in or out (about 2400 bytes for an
 * expansion, 160 for the sets), never while expanding.  Any number of
 * threads may use one cache. */

#include <stdbool.h>
#include <stdint.h>

#include "board/knowledge.h"
#include "board/position.h"

typedef struct expcache expcache_t;

/* A cache sized for a search of `threads` threads (it grows with them:
 * about 50 MB a thread).  NULL when memory is short. */
expcache_t *expcache_new(int threads);
void expcache_free(expcache_t *c);

/* Forget every entry (the board knowledge's settings changed, or the user
 * asked to start afresh).  No other thread may use c meanwhile. */
void expcache_clear(expcache_t *c);

/* The cached expansion of pos for its side to move into *out; false when
 * it is not cached. */
bool expcache_get(expcache_t *c, const position_t *pos, kn_expansion_t *out);

/* Only the fill-in of the cached expansion of pos (its dead cells and the
 * stones filled for each colour), without copying the moves. */
bool expcache_get_fill(expcache_t *c, const position_t *pos, bitset_t *dead,
                       bitset_t fill[2]);

/* Store the expansion e of pos (for its side to move, e->to_move). */
void expcache_put(expcache_t *c, const position_t *pos, const kn_expansion_t *e);

/* The sets kept for a node key. */
typedef struct expcache_sets {
    bitset_t refuted;           /* the siblings the node dominates */
    bitset_t harmless;          /* valid when `solved` */
    bitset_t basis;             /* valid when `solved` */
    bool solved;
} expcache_sets_t;

/* The sets of node `key` into *out; false when none are kept. */
bool expcache_sets_get(expcache_t *c, uint64_t key, expcache_sets_t *out);

/* Keep `refuted` for node `key`, and when harmless is not NULL (the node
 * is solved) its harmless set and basis too; an unsolved update keeps the
 * harmless set and basis the key already had. */
void expcache_sets_put(expcache_t *c, uint64_t key, const bitset_t *refuted,
                       const bitset_t *harmless, const bitset_t *basis);

#endif /* HEIN_SEARCH_EXPCACHE_H */
