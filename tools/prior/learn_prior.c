/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-learn-prior: learn the move prior of board/prior.h from games.
 *
 *   hein-learn-prior [--player NAME] [--moves FIRST-LAST] [--iterations N]
 *                    [--joint WEIGHT] [--near WEIGHT] [--circuit ALPHA] SGF...
 *
 * Every move of the games (the main lines, as hein-match records them)
 * from move FIRST to move LAST (default 2-50) by the player whose PB/PW
 * contains NAME (default: both players) is one decision: the cell taken
 * among every empty cell of the position.  Each cell is described by its
 * two patterns (ring and bridges), and the gammas of a Bradley-Terry
 * model, the strength of a move being the product of its patterns'
 * gammas, are fitted by minorization-maximization (Hunter 2004) for N
 * rounds (default 20), each gamma with a prior worth half a win and one
 * game against a gamma of 1.  With --joint, the twelve-cell joint
 * patterns are a third factor, each with a prior worth WEIGHT/2 wins in
 * WEIGHT games (a joint pattern seen rarely keeps a gamma near 1: the
 * product of its halves decides).  With --near, the cell's near class
 * (where it lies from the opponent's last move) is a fourth factor, each
 * gamma with a prior worth WEIGHT games.
 *
 * With --circuit, each position is seen as the SCNS player sees it: the
 * board knowledge expands it (share/patterns' rules), the candidates are
 * the moves it leaves (a decided position, or one whose move was pruned,
 * is no decision), the patterns are read on the filled board, and each
 * candidate's strength has its circuit move score to the power ALPHA as
 * a fixed factor: the gammas learn what the circuit does not see.  The
 * player ranks moves by score * gamma^(1/ALPHA): give it prior_weight
 * 1/ALPHA.  The table goes to standard output in
 * prior.h's format, each line with the times its pattern was taken and
 * was there to take; patterns never seen are left out (gamma 1). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>

#include "board/knowledge.h"
#include "board/prior.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "engine/sgf.h"
#include "tools/lib/util.h"

typedef struct decision {
    int first, n;               /* its candidates: cand[first .. first+n) */
    int chosen;                 /* index of the cell taken among them */
} decision_t;

typedef struct data {
    decision_t *dec;
    int ndec, capdec;
    int32_t (*cand)[4];         /* ring code, bridge code, joint code,
                                 * near class */
    float *circuit;             /* each candidate's fixed factor (1
                                 * without --circuit) */
    long ncand, capcand;
    kn_t *kn;                   /* --circuit: the knowledge, else NULL */
    double alpha;               /* --circuit's power */
    long skipped;               /* --circuit: positions decided, or whose
                                 * move the knowledge pruned */
    kn_expansion_t e;
} data_t;

static bool
grow(data_t *d, int more)
{
    if (d->ndec == d->capdec) {
        int cap = d->capdec ? 2 * d->capdec : 1024;
        decision_t *p = realloc(d->dec, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        d->dec = p;
        d->capdec = cap;
    }
    while (d->ncand + more > d->capcand) {
        long cap = d->capcand ? 2 * d->capcand : 65536;
        int32_t (*p)[4] = realloc(d->cand, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        d->cand = p;
        float *q = realloc(d->circuit, (size_t)cap * sizeof *q);
        if (!q)
            return false;
        d->circuit = q;
        d->capcand = cap;
    }
    return true;
}

/* Candidate n of the decision being made: `cell` on the board `stones`
 * for `mover`, whose opponent last played `last`, with fixed factor
 * `factor`. */
static void
put_candidate(data_t *d, int n, const geometry_t *geo, const bitset_t stones[2], int cell,
              hex_color_t mover, int last, double factor)
{
    int32_t *cd = d->cand[d->ncand + n];
    int ring, bridge, joint;
    prior_codes(geo, stones, cell, mover, &ring, &bridge, &joint);
    cd[0] = ring;
    cd[1] = bridge;
    cd[2] = joint;
    cd[3] = prior_near_code(geo, cell, last);
    d->circuit[d->ncand + n] = (float)factor;
}

/* The candidates of the move `move` by `mover` in pos, whose opponent
 * last played `last`, into d (a new decision when there is one); false
 * when memory is short. */
static bool
add_decision(data_t *d, const position_t *pos, hex_color_t mover, int move, int last)
{
    const geometry_t *geo = pos->geo;
    if (!grow(d, geo->ncells))
        return false;
    decision_t *dc = &d->dec[d->ndec];
    dc->first = (int)d->ncand;
    dc->chosen = -1;
    int n = 0;
    if (d->kn) {
        kn_expansion_t *e = &d->e;
        if (!kn_expand(d->kn, pos, mover, e))
            return false;
        if (e->reason != KN_OPEN) {
            d->skipped++;
            return true;
        }
        bitset_t filled[2];
        for (int c = 0; c < 2; c++)
            filled[c] = bitset_or(pos->stones[c], e->fill[c]);
        for (int i = 0; i < e->n; i++) {
            double score = e->score[i] > 1e-30f ? e->score[i] : 1e-30;
            put_candidate(d, n, geo, filled, e->moves[i], mover, last, pow(score, d->alpha));
            if (e->moves[i] == move)
                dc->chosen = n;
            n++;
        }
        if (dc->chosen < 0)
            d->skipped++;
    } else
        for (int cell = 0; cell < geo->ncells; cell++) {
            if (bitset_test(&pos->stones[0], cell) || bitset_test(&pos->stones[1], cell))
                continue;
            put_candidate(d, n, geo, pos->stones, cell, mover, last, 1);
            if (cell == move)
                dc->chosen = n;
            n++;
        }
    dc->n = n;
    if (dc->chosen >= 0 && n > 1) {
        d->ncand += n;
        d->ndec++;
    }
    return true;
}

/* The decisions of one game into d; false when memory is short. */
static bool
add_game(data_t *d, const game_t *g, const char *player, int first, int last,
         const geometry_t *geo)
{
    const char *names[2] = { g->info.player_black, g->info.player_white };
    position_t *pos = malloc(sizeof *pos);
    if (!pos)
        return false;
    position_init(pos, geo);
    bool ok = true;
    int number = 0, prev = -1;      /* the last move played, by prev_color */
    hex_color_t prev_color = HEX_EMPTY;
    for (int i = 0; ok && i < g->nentries; i++) {
        const game_entry_t *e = &g->entries[i];
        if (e->move < 0) {
            if (e->move == MOVE_SWAP) {
                number++;
                continue;
            }
            break;
        }
        if (!e->setup)
            number++;
        hex_color_t c = e->color;
        bool take = !e->setup && number >= first && number <= last
            && (!player || (names[c] && strstr(names[c], player)));
        if (position_check(pos, c, e->move) != POSITION_OK)
            break;
        if (take)
            ok = add_decision(d, pos, c, e->move, prev_color == hex_color_other(c) ? prev : -1);
        position_play(pos, c, e->move);
        prev = e->move;
        prev_color = c;
    }
    position_free(pos);
    free(pos);
    return ok;
}

/* The kinds of factor: their names, code counts and cells (0: a class
 * number). */
#define KINDS 4
static const char *const kind_name[KINDS] = { "ring", "bridge", "joint", "near" };
static const int kind_codes[KINDS] = { PRIOR_CODES, PRIOR_CODES, PRIOR_JOINT_CODES,
                                       PRIOR_NEAR_CODES };
static const int kind_cells[KINDS] = { 6, 6, 12, 0 };

/* The strength of candidate cd with fixed factor `factor` under the
 * gammas of the kinds in use (gam[k] NULL: not in use). */
static double
strength(double *const gam[KINDS], const int32_t *cd, float factor)
{
    double x = factor;
    for (int k = 0; k < KINDS; k++)
        if (gam[k])
            x *= gam[k][cd[k]];
    return x;
}

int
main(int argc, char **argv)
{
    const char *player = NULL;
    int first = 2, last = 50, rounds = 20, i = 1;
    /* each kind's prior in games against a gamma of 1; 0: not in use */
    double weight[KINDS] = { 1, 1, 0, 0 }, alpha = 0;
    static const char usage[] = "usage: hein-learn-prior [--player NAME] [--moves FIRST-LAST] "
        "[--iterations N] [--joint WEIGHT] [--near WEIGHT] [--circuit ALPHA] SGF...\n";
    if (util_help_version(argc, argv, "hein-learn-prior", usage))
        return 0;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2) {
        if (strcmp(argv[i], "--player") == 0)
            player = argv[i + 1];
        else if (strcmp(argv[i], "--moves") == 0) {
            if (sscanf(argv[i + 1], "%d-%d", &first, &last) != 2 || first < 1 || last < first)
                first = -1;
        } else if (strcmp(argv[i], "--iterations") == 0)
            rounds = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--joint") == 0 || strcmp(argv[i], "--near") == 0) {
            char *end;
            int k = argv[i][2] == 'j' ? 2 : 3;
            weight[k] = strtod(argv[i + 1], &end);
            if (*end || !(weight[k] > 0) || weight[k] > 1e6)
                first = -1;
        } else if (strcmp(argv[i], "--circuit") == 0) {
            char *end;
            alpha = strtod(argv[i + 1], &end);
            if (*end || !(alpha > 0) || alpha > 100)
                first = -1;
        } else
            first = -1;
        if (first < 0 || rounds < 1 || rounds > 10000) {
            fprintf(stderr, "hein-learn-prior: bad option %s %s\n", argv[i], argv[i + 1]);
            return 2;
        }
    }
    if (i >= argc) {
        fputs(usage, stderr);
        return 2;
    }
    data_t d = { 0 };
    engine_t *eng = NULL;
    kn_config_t kcfg;
    ice_params_t ice;
    if (alpha > 0) {
        eng = engine_new(1);
        if (eng) {
            /* Every candidate: on a symmetric position the move played
             * and its image are both listed (the symmetry step keeps one
             * of them, which would skip a move for no fault of its own). */
            kcfg = *engine_knowledge(eng);
            ice = *kcfg.ice_params;
            ice.use_symmetry = false;
            kcfg.ice_params = &ice;
            d.kn = kn_new(&kcfg);
        }
        d.alpha = alpha;
    }
    game_t *g = malloc(sizeof *g);
    if (!g || game_init(g, 11, 11) != GAME_OK || (alpha > 0 && !d.kn)) {
        fprintf(stderr, "hein-learn-prior: out of memory\n");
        return 1;
    }
    int games = 0;
    for (; i < argc; i++) {
        char err[512];
        if (!sgf_load_file(g, argv[i], -1, err, sizeof err)) {
            fprintf(stderr, "hein-learn-prior: %s\n", err);
            return 1;
        }
        if (!add_game(&d, g, player, first, last, g->pos.geo)) {
            fprintf(stderr, "hein-learn-prior: out of memory\n");
            return 1;
        }
        games++;
    }
    if (d.ndec == 0) {
        fprintf(stderr, "hein-learn-prior: no move to learn from\n");
        return 1;
    }
    /* Per kind: wins[code], seen[code], gam[code], denom[code]. */
    double *wins[KINDS] = { 0 }, *seen[KINDS] = { 0 }, *gam[KINDS] = { 0 }, *denom[KINDS] = { 0 };
    for (int k = 0; k < KINDS; k++) {
        if (weight[k] == 0)
            continue;
        size_t n = (size_t)kind_codes[k];
        wins[k] = calloc(n, sizeof(double));
        seen[k] = calloc(n, sizeof(double));
        gam[k] = malloc(n * sizeof(double));
        denom[k] = malloc(n * sizeof(double));
        if (!wins[k] || !seen[k] || !gam[k] || !denom[k]) {
            fprintf(stderr, "hein-learn-prior: out of memory\n");
            return 1;
        }
        for (size_t c = 0; c < n; c++)
            gam[k][c] = 1;
    }
    for (int j = 0; j < d.ndec; j++) {
        const decision_t *dc = &d.dec[j];
        for (int a = 0; a < dc->n; a++)
            for (int k = 0; k < KINDS; k++) {
                if (!gam[k])
                    continue;
                int code = d.cand[dc->first + a][k];
                seen[k][code]++;
                if (a == dc->chosen)
                    wins[k][code]++;
            }
    }
    for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < KINDS; k++) {
            if (!gam[k])
                continue;
            double virt = weight[k];
            memset(denom[k], 0, (size_t)kind_codes[k] * sizeof(double));
            for (int j = 0; j < d.ndec; j++) {
                const decision_t *dc = &d.dec[j];
                double total = 0;
                for (int a = 0; a < dc->n; a++)
                    total += strength(gam, d.cand[dc->first + a], d.circuit[dc->first + a]);
                for (int a = 0; a < dc->n; a++) {
                    const int32_t *cd = d.cand[dc->first + a];
                    denom[k][cd[k]] += strength(gam, cd, d.circuit[dc->first + a])
                        / gam[k][cd[k]] / total;
                }
            }
            for (int c = 0; c < kind_codes[k]; c++)
                if (seen[k][c] > 0)
                    gam[k][c] = (wins[k][c] + virt / 2) / (denom[k][c] + virt);
        }
    }
    printf("# hein's move prior (board/prior.h), learned by hein-learn-prior from\n"
           "# %d decisions (moves %d-%d%s%s) of %d games, %d MM rounds%s.\n"
           "# kind pattern gamma  # times taken / times there to take (every line\n"
           "# is complete: \"0 / N\" is a pattern seen N times and never taken,\n"
           "# whose gamma the prior pulls from 0 towards 1)\n", d.ndec, first, last,
           player ? " of " : "", player ? player : "", games, rounds,
           weight[2] > 0 && weight[3] > 0 ? ", joint patterns and near classes"
           : weight[2] > 0 ? ", joint patterns" : weight[3] > 0 ? ", near classes" : "");
    if (weight[2] > 0)
        printf("# joint patterns' prior: %g games against a gamma of 1\n", weight[2]);
    if (weight[3] > 0)
        printf("# near classes' prior: %g games against a gamma of 1\n", weight[3]);
    if (d.kn)
        printf("# beside the circuit's move scores to the power %g (give the player\n"
               "# prior_weight %.3g); %ld positions decided or their move pruned\n", alpha,
               1 / alpha, d.skipped);
    for (int k = 0; k < KINDS; k++)
        for (int c = 0; gam[k] && c < kind_codes[k]; c++)
            if (seen[k][c] > 0) {
                char text[13];
                if (kind_cells[k])
                    prior_code_text(c, kind_cells[k], text);
                else
                    snprintf(text, sizeof text, "%d", c);
                printf("%-6s %s %.4g  # %.0f / %.0f\n", kind_name[k], text, gam[k][c],
                       wins[k][c], seen[k][c]);
            }
    for (int k = 0; k < KINDS; k++) {
        free(wins[k]);
        free(seen[k]);
        free(gam[k]);
        free(denom[k]);
    }
    free(d.dec);
    free(d.cand);
    free(d.circuit);
    kn_free(d.kn);
    engine_free(eng);
    game_free(g);
    free(g);
    return 0;
}
