/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_RESIST_H
#define HEIN_BOARD_RESIST_H

/* Circuit evaluation: Shannon's machine, Anshelevich's resistance.
 *
 * For each colour C the board is an electric circuit.  Its nodes are the
 * empty cells, C's groups (the union-find roots of position.h) and C's two
 * edges (as groups: a stone on an edge is part of it); the opponent's
 * stones and edges conduct nothing.  Conductors:
 *   - two adjacent empty cells: empty_empty;
 *   - an empty cell and a group or edge it touches: empty_group, once per
 *     group however many of its stones the cell touches;
 *   - with use_vcs, one conductor of vc_weight between the endpoints of
 *     every pair that C's full VCs (board/vc.h) join with a non-empty
 *     carrier (adjacency is already a conductor; several VCs of one pair
 *     are still one conductor).
 * With cut_dead, the empty cells that are dead by the neighbourhood clique
 * rule (ice_clique_dead) conduct for neither colour: their colour cannot
 * matter, and cutting them never disconnects a side that could still win.
 *
 * Edge 1 (NORTH for Black, WEST for White) is held at voltage 1, edge 2 at
 * 0.  Kirchhoff's laws on the nodes that current can reach give a
 * symmetric positive definite system (the reduced Laplacian), solved by
 * conjugate gradients with a diagonal preconditioner until the residual
 * is below tolerance times the right-hand side (or max_iterations).  The
 * resistance is R = 1 / P, where P is the power the circuit dissipates
 * (the current at unit voltage; being quadratic in the voltages it is
 * accurate to the square of the solver's error).
 *
 * Energy.  The power g (V_u - V_v)^2 of a conductor is charged to its
 * empty ends: half to each when both are empty cells, all to the one
 * empty end otherwise, to no cell when both ends are groups (a VC
 * between groups).  A cell's energy for C is what it is charged in C's
 * circuit: how much of C's current runs through it.  The move score of a
 * cell, the same for both colours to move, is the sum over the two
 * circuits of the cell's share of that circuit's power (energy / P): the
 * "energy drop" the SCNS paper compares siblings by.  A move there takes
 * the cell out of the opponent's circuit and shorts it in the mover's.
 * Scores lie in [0, 2]; an occupied cell, a cut cell and a cell no current
 * reaches score 0.
 *
 * Finished positions.  A colour whose edges are one group, or (with
 * use_vcs) fully connected by a VC, is connected: R = 0, its energies are
 * 0, and it is `won`.  A colour whose edges no current joins has
 * R = RESIST_CUT and energies 0 (in Hex that happens exactly when the
 * opponent's stones connect).  The value, log(R_white / R_black) (> 0
 * good for Black), is +RESIST_WON when Black is connected, -RESIST_WON
 * when White is, and clamped into (-RESIST_WON, RESIST_WON) otherwise.
 * No output is ever infinite or NaN.
 *
 * A resist_t is one thread's workspace (allocated once by resist_new;
 * nothing global, nothing shared).  It remembers the voltages of its last
 * solve, by cell id, and with warm_start uses them as the first guess of
 * the next one on the same board size: siblings and successive positions
 * differ by a stone or two, so the guess is close.  Results never depend
 * on the guess by more than the tolerance. */

#include <stdbool.h>

#include "board/bitset.h"
#include "board/position.h"
#include "board/vc.h"

/* |value| of a connected position. */
#define RESIST_WON 1000.0
/* The resistance of a colour whose edges are cut apart. */
#define RESIST_CUT 1e9

/* param_resist */
typedef struct resist_params {
    double empty_empty;         /* conductance of adjacent empty cells */
    double empty_group;         /* of an empty cell and a group or edge */
    bool use_vcs;               /* full VCs as extra conductors */
    double vc_weight;           /* conductance of one VC conductor */
    bool cut_dead;              /* clique-dead cells conduct for neither */
    double tolerance;           /* relative residual that ends the solve */
    int max_iterations;         /* per colour and evaluation */
    bool warm_start;            /* start from the last solve's voltages */
} resist_params_t;

/* The defaults: 1, 2, VCs on with weight 1, cut_dead, 1e-8, 1000, warm. */
void resist_params_default(resist_params_t *p);

typedef struct resist_result {
    double resistance[2];       /* by colour: 0, a positive value, or RESIST_CUT */
    double value;               /* log(R_white / R_black), see above */
    hex_color_t won;            /* the connected colour, or HEX_EMPTY */
    double energy[2][HEX_MAX_CELLS];    /* by colour and cell */
    double score[HEX_MAX_CELLS];        /* move score of each cell */
    int iterations[2];          /* solver iterations by colour */
    bool converged;             /* both solves reached the tolerance */
} resist_result_t;

typedef struct resist resist_t;

/* A workspace; NULL when memory is short. */
resist_t *resist_new(void);
void resist_free(resist_t *rs);

/* Forget the remembered voltages (the next solve starts cold). */
void resist_forget(resist_t *rs);

/* Evaluate pos into *out.  vcs[BLACK], vcs[WHITE] are the colours'
 * connections built (or updated) for pos itself; vcs, or either entry, may
 * be NULL (no VC conductors for that colour), and they are read only when
 * params->use_vcs.  False when memory is short (*out is then not valid). */
bool resist_compute(resist_t *rs, const resist_params_t *params, const position_t *pos,
                    const vc_t *const vcs[2], resist_result_t *out);

/* The empty cells of pos, best score first (ties: lower cell id first),
 * into moves (room for HEX_MAX_CELLS); returns their number. */
int resist_order(const resist_result_t *r, const position_t *pos, int *moves);

/* The empty cell of `among` with the best score (ties: lower id), or -1
 * when `among` holds no empty cell of pos. */
int resist_best(const resist_result_t *r, const position_t *pos, const bitset_t *among);

#endif /* HEIN_BOARD_RESIST_H */
