/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_VC_H
#define HEIN_BOARD_VC_H

/* Virtual connections (VCs) of one colour, by H-search (Anshelevich).
 *
 * Endpoints are the empty cells and the owner's groups (the union-find
 * roots of position.h, the owner's two edges included); the opponent's
 * stones and edges are never endpoints.  A connection between endpoints
 * x and y has a carrier, a set of empty cells holding neither x nor y:
 *   - full: the owner connects x and y (an empty endpoint counted as the
 *     owner's) even when the opponent moves first, playing only inside the
 *     carrier;
 *   - semi: the owner connects them when moving first, by playing the key
 *     (a cell of the carrier).
 * Rules: adjacency gives fulls with empty carriers; AND over an endpoint z
 * combines x-z and z-y with disjoint carriers that hold neither x nor y:
 * full+full over an empty z gives a semi with key z (carrier both plus z),
 * over an own group a full, and full+semi over an own group a semi with
 * the semi's key; OR combines up to max_ors semis of one pair whose
 * carriers have an empty intersection into a full (carrier: their union).
 * Edge templates (vc_template.h) add fulls from a cell or group to the
 * owner's edges (a template with helper stones only where they stand).  A list keeps no carrier that contains another of the
 * same pair (a semi is also dropped when it contains a full's carrier),
 * and at most max_fulls fulls and max_semis semis per endpoint pair, the
 * smallest found.  With limit_fulls a pair that has fulls takes a new one
 * only when it is a subset of one of them or its carrier misses a cell of
 * all of them: what the knowledge reads from fulls is their intersection
 * (must-play, fill-in), and a full that leaves it as it is rarely makes a
 * connection the pair's others do not; the OR rule skips the semis whose
 * union could only make such a full.  Every rule is sound, so every connection stored is
 * real, but H-search does not find every connection that exists.
 *
 * A vc_t is one thread's workspace for one colour: it allocates once in
 * vc_new (and grows its pools when a build needs it), never per
 * connection.  Nothing in this module is global or shared, except the
 * templates, which are read-only.
 *
 * Incremental update: after position_play, vc_play updates the lists
 * ("merge and shrink"): an opponent stone removes its cell as an endpoint
 * and every carrier holding it; an own stone merges the endpoints it joins,
 * removes itself from carriers and turns the semis whose key it is into
 * fulls.  After an opponent stone that is all (nothing new can appear);
 * after an own stone H-search runs again from the connections that
 * changed (merged endpoints, shrunk carriers), the new adjacencies and the
 * templates.  Undo is by snapshot: keep a copy
 * (vc_copy) before vc_play and copy it back after position_undo.  When no
 * list reaches its limit, the lists after vc_play are exactly those of a
 * fresh vc_build (tests/test_vc.c checks it); when limits bite they can
 * differ, both sound. */

#include <stdbool.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/position.h"
#include "board/vc_template.h"

/* param_vc */
typedef struct vc_params {
    int max_fulls;              /* fulls kept per endpoint pair */
    int max_semis;              /* semis kept per endpoint pair */
    int max_ors;                /* most semis one OR combines */
    bool use_templates;         /* add the edge templates */
    bool incremental;           /* vc_play and vc_build_from update
                                 * (else they rebuild) */
    bool path_builds;           /* the board knowledge builds a node's
                                 * lists from its nearest ancestor's on a
                                 * search's path (vc_build_from,
                                 * knowledge.h) */
    bool and_over_edge;         /* AND with an edge (or a group touching
                                 * it) in the middle: many connections
                                 * that rarely matter; off by default */
    bool limit_fulls;           /* keep a new full only when it replaces
                                 * one of the pair's fulls (a subset of
                                 * it) or shrinks the intersection of
                                 * their carriers */
} vc_params_t;

/* The defaults: 12 fulls, 24 semis, ORs of 4, limit_fulls.  Fewer make
 * each build cheaper but the solver's trees much bigger (7x7 c3: 5 338
 * expansions with 6/12/3, 3 439 with these); an 11x11 middle-game build
 * of one colour takes about 2 ms (tools/hein-bench-vc). */
void vc_params_default(vc_params_t *p);

typedef enum vc_type {
    VC_FULL = 0,
    VC_SEMI = 1
} vc_type_t;

/* The rule that made a connection (HexGui's vc SOURCE field, with
 * Benzene's names: base, pattern, and, or). */
typedef enum vc_rule {
    VC_RULE_BASE = 0,           /* adjacency */
    VC_RULE_TEMPLATE,           /* an edge template */
    VC_RULE_AND,
    VC_RULE_OR
} vc_rule_t;

/* Benzene's name of a rule. */
const char *vc_rule_name(vc_rule_t rule);

typedef struct vc_conn {
    bitset_t carrier;
    int16_t key;                /* a semi's key; -1 for a full */
    int16_t size;               /* cells in the carrier */
    int8_t rule;                /* a vc_rule_t; a semi turned full by its
                                 * key keeps the rule that made it */
    bool done;                  /* the build's own mark: the rules have
                                 * combined it with its partners */
} vc_conn_t;

typedef struct vc vc_t;

/* A workspace with its own copy of params.  templates (may be NULL: none)
 * are borrowed and must outlive the vc_t.  NULL when memory is short. */
vc_t *vc_new(const vc_params_t *params, const vc_templates_t *templates);
void vc_free(vc_t *vc);

/* dst becomes a copy of src (both made by vc_new with the same params);
 * false when memory is short (dst is then empty). */
bool vc_copy(vc_t *dst, const vc_t *src);

/* Build the connections of `color` in pos from scratch.  False when memory
 * is short (the lists are then empty). */
bool vc_build(vc_t *vc, const position_t *pos, hex_color_t color);

/* Update after position_play(pos, stone_color, cell); pos is the position
 * after the move, and vc was built (or updated) for the one before. */
bool vc_play(vc_t *vc, const position_t *pos, hex_color_t stone_color, int cell);

/* Saved lists: the connections of a build or play kept compactly (the
 * carriers at the board's width), with the position they were made for,
 * so that a search can start a descendant's build from an ancestor's
 * lists (knowledge.c keeps one per node of its current path).  A
 * vc_saved_t belongs to one thread, like a vc_t. */
typedef struct vc_saved vc_saved_t;

/* An empty one (NULL when memory is short). */
vc_saved_t *vc_saved_new(void);
void vc_saved_free(vc_saved_t *s);

/* Forget what s holds (it is then empty). */
void vc_saved_clear(vc_saved_t *s);

/* Save vc's lists into s; false (s empty) when memory is short or vc
 * holds no build. */
bool vc_save(const vc_t *vc, vc_saved_t *s);

/* Build the connections of `color` in pos, starting from s when s holds
 * lists of that colour for a position whose stones pos all keeps (pos may
 * add stones of either colour): the lists are carried over as vc_play
 * carries them (dropped, merged, shrunk), and H-search runs from what
 * changed, the new adjacencies and the templates.  Otherwise (s empty,
 * another colour or board, a stone gone, param incremental off) a fresh
 * vc_build.  Every connection is sound either way; unlike vc_play, an own
 * stone joining an edge group does not force a rebuild, and a list that
 * lost entries to the new stones does not get back what its limit had
 * pushed out, so the lists can differ from a fresh build's.  False when
 * memory is short (the lists are then empty). */
bool vc_build_from(vc_t *vc, const vc_saved_t *s, const position_t *pos, hex_color_t color);

/* The colour built for. */
hex_color_t vc_color(const vc_t *vc);

/* The endpoint standing for an id (cell or edge): itself for an empty
 * cell, the group root for the owner's stones and edges, -1 for the
 * opponent's. */
int vc_endpoint(const vc_t *vc, int id);

/* The connections of one type between the endpoints of a and b (any ids:
 * mapped by vc_endpoint), smallest carrier first.  *out points into vc
 * and stays valid until the next build or play.  Returns the count (0
 * when a or b is not an endpoint or both are the same one). */
int vc_between(const vc_t *vc, int a, int b, vc_type_t type, const vc_conn_t **out);

static inline bool
vc_exists(const vc_t *vc, int a, int b, vc_type_t type)
{
    const vc_conn_t *c;
    return vc_between(vc, a, b, type, &c) > 0;
}

/* The endpoints with at least one connection of `type` to the endpoint
 * of a. */
bitset_t vc_connected_to(const vc_t *vc, int a, vc_type_t type);

/* Whether the owner's two edges are one group already or have a full
 * connection: the owner wins whoever moves. */
bool vc_connected_fully(const vc_t *vc);

/* Whether the owner's edges have a semi (or better): the owner wins when
 * moving first. */
bool vc_connected_semi(const vc_t *vc);

/* Must-play of the side that is NOT opp's owner, from opp (the
 * opponent's connections):
 *   - opp's edges connected or fully connected: the position is lost;
 *     returns false and *out is empty;
 *   - otherwise returns true, *out = the intersection of the carriers of
 *     opp's semis between its edges, or every empty cell when there is
 *     none.  Every empty cell outside *out loses: the opponent answers
 *     with the key of a semi whose carrier it misses. */
bool vc_mustplay(const vc_t *opp, const position_t *pos, bitset_t *out);

/* Counts over all endpoint pairs (benchmarks, tests). */
void vc_count(const vc_t *vc, long *fulls, long *semis);

/* Visit every endpoint pair with at least one connection: calls
 * fn(a, b, fulls, nfull, semis, nsemi, arg) with a < b. */
typedef void (*vc_pair_fn)(int a, int b, const vc_conn_t *fulls, int nfull,
                           const vc_conn_t *semis, int nsemi, void *arg);
void vc_foreach_pair(const vc_t *vc, vc_pair_fn fn, void *arg);

#endif /* HEIN_BOARD_VC_H */
