/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-learn-prior: learn the move prior of board/prior.h from games.
 *
 *   hein-learn-prior [--player NAME] [--moves FIRST-LAST] [--iterations N] SGF...
 *
 * Every move of the games (the main lines, as hein-match records them)
 * from move FIRST to move LAST (default 2-50) by the player whose PB/PW
 * contains NAME (default: both players) is one decision: the cell taken
 * among every empty cell of the position.  Each cell is described by its
 * two patterns (ring and bridges), and the gammas of a Bradley-Terry
 * model, the strength of a move being the product of its patterns'
 * gammas, are fitted by minorization-maximization (Hunter 2004) for N
 * rounds (default 20), each gamma with a prior worth half a win and one
 * game against a gamma of 1.  The table goes to standard output in
 * prior.h's format, each line with the times its pattern was taken and
 * was there to take; patterns never seen are left out (gamma 1). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/prior.h"
#include "engine/game.h"
#include "engine/sgf.h"

typedef struct decision {
    int first, n;               /* its candidates: cand[first .. first+n) */
    int chosen;                 /* index of the cell taken among them */
} decision_t;

typedef struct data {
    decision_t *dec;
    int ndec, capdec;
    int16_t (*cand)[2];         /* ring code, bridge code */
    long ncand, capcand;
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
        int16_t (*p)[2] = realloc(d->cand, (size_t)cap * sizeof *p);
        if (!p)
            return false;
        d->cand = p;
        d->capcand = cap;
    }
    return true;
}

/* The decisions of one game into d; false when memory is short. */
static bool
add_game(data_t *d, const game_t *g, const char *player, int first, int last,
         const geometry_t *geo)
{
    const char *names[2] = { g->info.player_black, g->info.player_white };
    bitset_t stones[2] = { bitset_empty(), bitset_empty() };
    int number = 0;
    for (int i = 0; i < g->nentries; i++) {
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
        if (take) {
            int n = 0;
            if (!grow(d, geo->ncells))
                return false;
            decision_t *dc = &d->dec[d->ndec];
            dc->first = (int)d->ncand;
            dc->chosen = -1;
            for (int cell = 0; cell < geo->ncells; cell++) {
                if (bitset_test(&stones[0], cell) || bitset_test(&stones[1], cell))
                    continue;
                int ring, bridge;
                prior_codes(geo, stones, cell, c, &ring, &bridge);
                d->cand[d->ncand + n][0] = (int16_t)ring;
                d->cand[d->ncand + n][1] = (int16_t)bridge;
                if (cell == e->move)
                    dc->chosen = n;
                n++;
            }
            dc->n = n;
            if (dc->chosen >= 0 && n > 1) {
                d->ncand += n;
                d->ndec++;
            }
        }
        bitset_set(&stones[c], e->move);
    }
    return true;
}

int
main(int argc, char **argv)
{
    const char *player = NULL;
    int first = 2, last = 50, rounds = 20, i = 1;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] == '-'; i += 2) {
        if (strcmp(argv[i], "--player") == 0)
            player = argv[i + 1];
        else if (strcmp(argv[i], "--moves") == 0) {
            if (sscanf(argv[i + 1], "%d-%d", &first, &last) != 2 || first < 1 || last < first)
                first = -1;
        } else if (strcmp(argv[i], "--iterations") == 0)
            rounds = atoi(argv[i + 1]);
        else
            first = -1;
        if (first < 0 || rounds < 1 || rounds > 10000) {
            fprintf(stderr, "hein-learn-prior: bad option %s %s\n", argv[i], argv[i + 1]);
            return 2;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "usage: hein-learn-prior [--player NAME] [--moves FIRST-LAST] "
                "[--iterations N] SGF...\n");
        return 2;
    }
    data_t d = { 0 };
    game_t *g = malloc(sizeof *g);
    if (!g || game_init(g, 11, 11) != GAME_OK) {
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
    /* wins[k][code], seen[k][code]; gammas; the MM rounds */
    static double wins[2][PRIOR_CODES], seen[2][PRIOR_CODES], gam[2][PRIOR_CODES],
        denom[2][PRIOR_CODES];
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < PRIOR_CODES; c++)
            gam[k][c] = 1;
    for (int j = 0; j < d.ndec; j++) {
        const decision_t *dc = &d.dec[j];
        for (int a = 0; a < dc->n; a++)
            for (int k = 0; k < 2; k++) {
                int code = d.cand[dc->first + a][k];
                seen[k][code]++;
                if (a == dc->chosen)
                    wins[k][code]++;
            }
    }
    for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < 2; k++) {
            memset(denom[k], 0, sizeof denom[k]);
            for (int j = 0; j < d.ndec; j++) {
                const decision_t *dc = &d.dec[j];
                double total = 0;
                for (int a = 0; a < dc->n; a++) {
                    const int16_t *cd = d.cand[dc->first + a];
                    total += gam[0][cd[0]] * gam[1][cd[1]];
                }
                for (int a = 0; a < dc->n; a++) {
                    const int16_t *cd = d.cand[dc->first + a];
                    denom[k][cd[k]] += gam[0][cd[0]] * gam[1][cd[1]] / gam[k][cd[k]] / total;
                }
            }
            for (int c = 0; c < PRIOR_CODES; c++)
                if (seen[k][c] > 0)
                    gam[k][c] = (wins[k][c] + 0.5) / (denom[k][c] + 1.0);
        }
    }
    printf("# hein's move prior (board/prior.h), learned by hein-learn-prior from\n"
           "# %d decisions (moves %d-%d%s%s) of %d games, %d MM rounds.\n"
           "# kind pattern gamma  # times taken / times there to take (every line\n"
           "# is complete: \"0 / N\" is a pattern seen N times and never taken,\n"
           "# whose gamma the prior pulls from 0 towards 1)\n", d.ndec, first, last,
           player ? " of " : "", player ? player : "", games, rounds);
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < PRIOR_CODES; c++)
            if (seen[k][c] > 0) {
                char text[7];
                prior_code_text(c, text);
                printf("%-6s %s %.4g  # %.0f / %.0f\n", k ? "bridge" : "ring", text, gam[k][c],
                       wins[k][c], seen[k][c]);
            }
    free(d.dec);
    free(d.cand);
    game_free(g);
    free(g);
    return 0;
}
