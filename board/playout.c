/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "board/playout.h"

#include <stdlib.h>
#include <string.h>

#include "board/rng.h"

/* The six neighbours of a cell in circular order (each is adjacent to the
 * next): directions (+1,0), (+1,-1), (0,-1), (-1,0), (-1,+1), (0,+1).  A
 * direction off the board names the edge on that side (a row edge before
 * a column edge at the two obtuse corners, where both apply). */
static const int ring_dc[6] = { 1, 1, 0, -1, -1, 0 };
static const int ring_dr[6] = { 0, -1, -1, 0, 1, 1 };

struct playout {
    int width, height;                  /* the board the rings are for */
    int16_t ring[HEX_MAX_CELLS][6];
    uint8_t board[HEX_MAX_IDS];         /* a game's colours; edges fixed */
    int16_t empty[HEX_MAX_CELLS];       /* the start's empty cells */
    int16_t left[HEX_MAX_CELLS];        /* a game's cells still empty */
    int16_t at[HEX_MAX_CELLS];          /* a cell's index in left[] */
    int16_t stack[HEX_MAX_CELLS];
    uint8_t seen[HEX_MAX_CELLS];
};

playout_t *
playout_new(void)
{
    return calloc(1, sizeof(playout_t));
}

void
playout_free(playout_t *pw)
{
    free(pw);
}

static void
make_rings(playout_t *pw, const geometry_t *geo)
{
    int w = geo->width, h = geo->height;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            for (int k = 0; k < 6; k++) {
                int nc = c + ring_dc[k], nr = r + ring_dr[k];
                int id = nr < 0 ? HEX_NORTH : nr >= h ? HEX_SOUTH
                    : nc < 0 ? HEX_WEST : nc >= w ? HEX_EAST : nr * w + nc;
                pw->ring[r * w + c][k] = (int16_t)id;
            }
    pw->width = w;
    pw->height = h;
}

/* The cell where `who` answers the opponent's stone on `cell`: the other
 * cell of a bridge of who's that the stone entered, chosen at random
 * among several; -1 when it entered none. */
static int
bridge_answer(playout_t *pw, rng_t *rng, int cell, hex_color_t who)
{
    const int16_t *ring = pw->ring[cell];
    int found[6], n = 0;
    for (int k = 0; k < 6; k++) {
        int a = ring[(k + 5) % 6], d = ring[k], b = ring[(k + 1) % 6];
        if (pw->board[d] == HEX_EMPTY && pw->board[a] == who && pw->board[b] == who
            && (a < HEX_MAX_CELLS || b < HEX_MAX_CELLS))
            found[n++] = d;
    }
    return n == 0 ? -1 : n == 1 ? found[0] : found[rng_below(rng, (uint32_t)n)];
}

/* Whether Black's stones join NORTH and SOUTH on the full board. */
static bool
black_connects(playout_t *pw)
{
    int w = pw->width, h = pw->height, top = 0;
    memset(pw->seen, 0, (size_t)(w * h));
    for (int c = 0; c < w; c++)
        if (pw->board[c] == HEX_BLACK) {
            pw->seen[c] = 1;
            pw->stack[top++] = (int16_t)c;
        }
    while (top > 0) {
        int cell = pw->stack[--top];
        if (cell >= (h - 1) * w)
            return true;
        for (int k = 0; k < 6; k++) {
            int n = pw->ring[cell][k];
            if (n < HEX_MAX_CELLS && !pw->seen[n] && pw->board[n] == HEX_BLACK) {
                pw->seen[n] = 1;
                pw->stack[top++] = (int16_t)n;
            }
        }
    }
    return false;
}

/* Take `cell` out of the game's empty list. */
static void
take(playout_t *pw, int *nleft, int cell)
{
    int i = pw->at[cell], last = pw->left[--*nleft];
    pw->left[i] = (int16_t)last;
    pw->at[last] = (int16_t)i;
}

void
playout_run(playout_t *pw, const geometry_t *geo, const bitset_t stones[2],
            hex_color_t to_move, int games, bool bridges, uint64_t seed,
            playout_stats_t *out)
{
    if (pw->width != geo->width || pw->height != geo->height)
        make_rings(pw, geo);
    int ncells = geo->ncells, nempty = 0;
    uint8_t start[HEX_MAX_CELLS];
    for (int i = 0; i < ncells; i++) {
        start[i] = bitset_test(&stones[HEX_BLACK], i) ? HEX_BLACK
            : bitset_test(&stones[HEX_WHITE], i) ? HEX_WHITE : HEX_EMPTY;
        if (start[i] == HEX_EMPTY)
            pw->empty[nempty++] = (int16_t)i;
    }
    pw->board[HEX_NORTH] = pw->board[HEX_SOUTH] = HEX_BLACK;
    pw->board[HEX_WEST] = pw->board[HEX_EAST] = HEX_WHITE;
    memset(out, 0, sizeof *out);
    if (nempty == 0 || games <= 0)
        return;
    if (games > PLAYOUT_MAX_GAMES)
        games = PLAYOUT_MAX_GAMES;
    rng_t rng;
    rng_seed(&rng, seed);
    for (int g = 0; g < games; g++) {
        memcpy(pw->board, start, (size_t)ncells);
        memcpy(pw->left, pw->empty, (size_t)nempty * sizeof *pw->left);
        for (int i = 0; i < nempty; i++)
            pw->at[pw->empty[i]] = (int16_t)i;
        int nleft = nempty, answer = -1;
        hex_color_t turn = to_move;
        while (nleft > 0) {
            int cell = answer >= 0 && pw->board[answer] == HEX_EMPTY ? answer
                : pw->left[rng_below(&rng, (uint32_t)nleft)];
            take(pw, &nleft, cell);
            pw->board[cell] = (uint8_t)turn;
            turn = hex_color_other(turn);
            answer = bridges ? bridge_answer(pw, &rng, cell, turn) : -1;
        }
        bool won = black_connects(pw) == (to_move == HEX_BLACK);
        out->wins += won;
        for (int i = 0; i < nempty; i++) {
            int cell = pw->empty[i];
            if (pw->board[cell] == to_move) {
                out->held[cell]++;
                out->held_wins[cell] += won;
            }
        }
    }
    out->games = games;
}
