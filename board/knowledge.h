/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_KNOWLEDGE_H
#define HEIN_BOARD_KNOWLEDGE_H

/* Node expansion for the searchers: everything the board knows about one
 * position, in the form a tree search needs -- is it decided, and if not,
 * which moves must be tried, best first.
 *
 * For `to_move` on pos:
 *   1. the inferior-cell engine (ice.h) fills dead and captured cells; the
 *      filled position has the same value for either side to move;
 *   2. a filled board already connected is decided (KN_FILLED);
 *   3. on the filled board, the VCs of both colours (vc.h): a semi or full
 *      VC between to_move's edges wins (KN_VC_WIN: a semi's key is the
 *      winning move; with a full one any move wins); a full VC of the
 *      opponent's loses (KN_VC_LOSS); with use_decompositions
 *      (ice_params_t), a colour's decomposition carrier (decomp.h) is
 *      captured by it: it joins the fill-in and steps 1-3 run again on
 *      the fuller board, until no decomposition is left;
 *   4. otherwise the moves are the opponent's must-play (every move
 *      outside it loses) minus to_move's inferior cells (ice.h: if a
 *      winning move exists, one exists outside them); none left means
 *      the position is lost (KN_NO_MOVES);
 *   5. the moves are ordered by the configured score, best first; with
 *      KN_ORDER_RESIST each move's circuit score comes with it;
 *   6. with use_symmetry (ice_params_t), on a position that a half turn
 *      of the board leaves unchanged ((col, row) to (W-1-col, H-1-row),
 *      which keeps each colour's edges), a move whose image under it
 *      comes earlier in the list is dropped: the two win or lose
 *      together.
 * The moves are to be played on the filled position: by the fill-in
 * argument of ice.h a move wins there exactly when it wins on pos.
 *
 * Path builds (param_vc path_builds): a workspace keeps the VCs of the
 * open nodes it expanded along the current path of a depth-first search
 * (at most 96 deep); a position whose stones include those of such a
 * node builds its VCs from the deepest one (vc_build_from: the lists
 * carried over, H-search from what the new stones changed), the others
 * being dropped as siblings' subtrees.  On 11x11 the player expands
 * ~35 % more nodes a second, the solver ~12 % on 7x7.  Every expansion
 * is sound either way, but with path builds it depends on the path the
 * search came by, not on the position alone (the lists' limits keep
 * different connections); kn_forget empties the path.
 *
 * A kn_t is one thread's workspace (ICE and VC workspaces); the pattern
 * sets, templates and parameters it reads are borrowed and read-only, so
 * threads may share them. */

#include <stdbool.h>
#include <stdint.h>

#include "board/bitset.h"
#include "board/ice.h"
#include "board/pattern.h"
#include "board/position.h"
#include "board/net.h"
#include "board/prior.h"
#include "board/resist.h"
#include "board/vc.h"
#include "board/vc_template.h"

/* How the moves of an undecided node are ordered. */
typedef enum kn_order {
    KN_ORDER_CENTRE = 0,        /* nearest the centre first */
    KN_ORDER_RESIST             /* the circuit score of resist.h (move
                                 * score, both colours' energy), computed
                                 * with the VCs already built */
} kn_order_t;

typedef struct kn_config {
    const pattern_set_t *ice_patterns;  /* may be NULL */
    const ice_params_t *ice_params;
    const vc_templates_t *vc_templates; /* may be NULL: no templates */
    const vc_params_t *vc_params;
    kn_order_t order;
    const resist_params_t *resist_params;       /* KN_ORDER_RESIST */
    const prior_t *prior;       /* may be NULL: the move prior (prior.h),
                                 * for the players that mix it into their
                                 * move scores; the expansion ignores it */
    const net_t *net;           /* may be NULL: the policy and value
                                 * network (net.h), for the players that
                                 * mix it in, and for the order below */
    net_path_t net_path;        /* how the net is evaluated (net.h; AUTO:
                                 * the fastest the machine has); every
                                 * user of net evaluates on this path */
    double net_order;           /* KN_ORDER_RESIST with net: > 0 orders an
                                 * open node's moves by the circuit score
                                 * times the policy's probability to this
                                 * power (the network evaluates the
                                 * filled board for to_move; score[]
                                 * holds that product); 0: the circuit
                                 * alone and no evaluation (the players:
                                 * they mix the net in themselves) */
    bool rules_only;            /* no knowledge: every empty cell is a
                                 * move, only a connection decides (tests
                                 * of the searches themselves) */
} kn_config_t;

typedef enum kn_reason {
    KN_OPEN = 0,                /* not decided: moves to try */
    KN_WON_ALREADY,             /* pos itself is connected */
    KN_FILLED,                  /* the filled board is connected */
    KN_VC_WIN,                  /* to_move's semi or full edge VC */
    KN_VC_LOSS,                 /* the opponent's full edge VC */
    KN_NO_MOVES                 /* must-play minus inferior is empty */
} kn_reason_t;

typedef struct kn_expansion {
    hex_color_t to_move;
    hex_color_t decided;        /* the winner, or HEX_EMPTY (KN_OPEN) */
    kn_reason_t reason;
    int win_move;               /* decided == to_move: a winning move, -1
                                 * when any move wins */
    bitset_t fill[2];           /* the fill-in, by stone colour
                                 * (decomposition carriers included) */
    bitset_t dead;              /* the dead cells of the fill-in (either
                                 * colour; the rest of fill[c] is captured
                                 * by c) */
    bitset_t support;           /* the empty cells of the filled board
                                 * that the result rests on (below) */
    bool half_turn;             /* step 6 dropped moves: each move it
                                 * dropped is the image of a move in the
                                 * list (geometry_half_turn), and wins or
                                 * loses with it */
    int n;                      /* moves to try (KN_OPEN only) */
    int16_t moves[HEX_MAX_CELLS];       /* best first */
    float value;                /* the network's chance that to_move wins
                                 * (a player that mixes the network in
                                 * sets it, net.h), or -1: none */
    float score[HEX_MAX_CELLS]; /* KN_ORDER_RESIST: score[i] is the
                                 * circuit move score of moves[i] on the
                                 * filled board (resist.h, with the VCs;
                                 * times the policy's to the power
                                 * net_order when that is on;
                                 * non-increasing along the list), what
                                 * SCNS compares siblings by; 0 with the
                                 * other orders and rules_only */
} kn_expansion_t;

/* The support of an expansion, for proofs that must survive extra stones
 * of the losing side (the solver's harmless sets, search/dfpn.c): stones
 * of the loser added on empty cells of the filled board outside it leave
 * the reason standing.
 *   - KN_VC_WIN, KN_VC_LOSS: the carrier of the deciding connection (a
 *     semi's key included): a connection never depends on cells outside
 *     its carrier;
 *   - KN_OPEN, KN_NO_MOVES: the must-play, the carriers of a set of the
 *     opponent's edge semis whose carriers meet in exactly the must-play
 *     (so those semis stand and every move outside the must-play still
 *     loses), and around each must-play cell pruned as inferior the empty
 *     cells within distance two (where its certificate's killer, reverser
 *     and captured set lie, ice.h) and its dominator;
 *   - KN_WON_ALREADY, KN_FILLED: empty (a connected board stays so);
 *   - rules_only: every empty cell.
 * After step 6 dropped moves (half_turn), the support still covers only
 * the moves listed: a set S of loser stones outside it leaves a dropped
 * move lost when its image S' (geometry_half_turn of each cell) would
 * leave the image move lost too, as the half turn takes pos plus S plus the dropped
 * move to pos plus S' plus the kept one.  A search's proof set for such a
 * node is therefore the part of its usual set whose image lies in it
 * (search/dfpn.c harmless_inner). */

typedef struct kn kn_t;

/* A workspace reading cfg (copied; what it points to is borrowed).  NULL
 * when memory is short. */
kn_t *kn_new(const kn_config_t *cfg);
void kn_free(kn_t *kn);

/* Forget what the workspace carries from one expansion to the next (the
 * circuit's voltages, which warm-start the next ordering): the next
 * expansion is the one a new workspace would make. */
void kn_forget(kn_t *kn);

/* Expand pos for to_move (pos is not changed).  False when memory is
 * short (out is then undefined). */
bool kn_expand(kn_t *kn, const position_t *pos, hex_color_t to_move, kn_expansion_t *out);

/* Sort e's moves best first by score[] (stable: equal scores keep their
 * order), for a caller that changed the scores of an open expansion. */
void kn_sort_by_score(kn_expansion_t *e);

/* As kn_expand, but a VC win of to_move does not end the node: its moves
 * are listed (for the solver's find-winning, which solves each). */
bool kn_expand_moves(kn_t *kn, const position_t *pos, hex_color_t to_move,
                     kn_expansion_t *out);

/* The position as it stands, without fill-in (the circuit's
 * evaluation with VCs, eval-resist and the swap rule): build the VCs of both colours on pos (kn_vc reads them), set
 * *must to the opponent's must-play for to_move (vc_mustplay: every move
 * outside it loses; empty when the opponent is connected already) and,
 * when r is not NULL, compute to_move's inferior cells on pos into *r
 * (ice_compute).  The moves worth trying there are *must less
 * r->inferior.  False when memory is short.  A survey of the position
 * the last one built (same stones, side to move and board size: equal
 * position_key) reuses its VCs; kn_forget and kn_expand forget them. */
bool kn_survey(kn_t *kn, const position_t *pos, hex_color_t to_move, bitset_t *must,
               ice_result_t *r);

/* As the searchers see the position (HexGui's hint, the VC queries):
 * the fill-in for to_move, then the VCs of both colours on the filled
 * board, a decomposition's carrier filled as in kn_expand until none is
 * left (nothing stops at a win: both colours are built every round).
 * *must is the opponent's must-play on the filled board; with r, *r is
 * to_move's inferior cells: the whole fill-in as dead and captured
 * (decomposition carriers captured by their owner), then the
 * vulnerable, reversible and dominated cells among the filled board's
 * empty cells.  kn_vc reads the VCs, whose endpoints are the filled
 * board's (a filled cell stands for its new group); kn_survey_board
 * gives that board.  A later call for the same position_key and to_move
 * without r reuses the build.  False when memory is short. */
bool kn_survey_filled(kn_t *kn, const position_t *pos, hex_color_t to_move, bitset_t *must,
                      ice_result_t *r);

/* The filled board the last kn_survey_filled built on, or NULL when the
 * last survey was kn_survey's (pos itself) or there is none (valid until
 * kn is used again). */
const position_t *kn_survey_board(const kn_t *kn);

/* The VCs of colour c that the last kn_survey or kn_survey_filled built (valid until kn is
 * used again). */
const vc_t *kn_vc(const kn_t *kn, hex_color_t c);

/* Play the fill-in of e on p (as ordinary moves, undoable one by one:
 * returns how many were played) and set the side to move back to
 * e->to_move.  p's side to move must be e->to_move already (kn_undo_fill
 * then restores p exactly). */
int kn_play_fill(const kn_expansion_t *e, position_t *p);

/* Undo what kn_play_fill played. */
void kn_undo_fill(position_t *p, int played);

/* A short English word for a reason ("vc", "fill-in"...). */
const char *kn_reason_name(kn_reason_t r);

#endif /* HEIN_BOARD_KNOWLEDGE_H */
