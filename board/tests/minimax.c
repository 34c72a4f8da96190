/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "board/tests/minimax.h"

/* Open addressing on the position hash; a key of 0 marks a free slot (a
 * real hash of 0 is stored as 1: the chance that matters is nil for
 * tests).  The table doubles when half full. */
typedef struct slot {
    uint64_t key;
    bool to_move_wins;
} slot_t;

struct minimax {
    slot_t *slots;
    size_t cap, used;
    uint64_t nodes;
};

minimax_t *
minimax_new(void)
{
    minimax_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cap = 1 << 16;
    m->slots = calloc(m->cap, sizeof *m->slots);
    if (!m->slots) {
        free(m);
        return NULL;
    }
    return m;
}

void
minimax_free(minimax_t *m)
{
    if (m)
        free(m->slots);
    free(m);
}

void
minimax_clear(minimax_t *m)
{
    memset(m->slots, 0, m->cap * sizeof *m->slots);
    m->used = 0;
}

uint64_t
minimax_nodes(const minimax_t *m)
{
    return m->nodes;
}

static uint64_t
key_of(uint64_t hash)
{
    return hash ? hash : 1;
}

static slot_t *
find(minimax_t *m, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 29)) & (m->cap - 1);
    while (m->slots[i].key && m->slots[i].key != key)
        i = (i + 1) & (m->cap - 1);
    return &m->slots[i];
}

static void
grow(minimax_t *m)
{
    slot_t *old = m->slots;
    size_t oldcap = m->cap;
    slot_t *fresh = calloc(oldcap * 2, sizeof *fresh);
    if (!fresh)
        abort();                /* tests only: out of memory is fatal */
    m->slots = fresh;
    m->cap = oldcap * 2;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].key)
            *find(m, old[i].key) = old[i];
    free(old);
}

static void
store(minimax_t *m, uint64_t key, bool wins)
{
    if (2 * (m->used + 1) > m->cap)
        grow(m);
    slot_t *s = find(m, key);
    if (!s->key)
        m->used++;
    s->key = key;
    s->to_move_wins = wins;
}

bool
minimax_to_move_wins(minimax_t *m, position_t *p)
{
    hex_color_t me = p->to_move;
    if (p->winner != HEX_EMPTY)
        return p->winner == me;
    uint64_t key = key_of(p->hash);
    slot_t *s = find(m, key);
    if (s->key)
        return s->to_move_wins;
    m->nodes++;
    bool wins = false;
    bitset_t empty = position_empty_cells(p);
    for (int c = bitset_first(&empty); c >= 0 && !wins; c = bitset_next(&empty, c)) {
        position_play(p, me, c);
        wins = !minimax_to_move_wins(m, p);
        position_undo(p);
    }
    store(m, key, wins);
    return wins;
}

hex_color_t
minimax_winner(minimax_t *m, position_t *p)
{
    return minimax_to_move_wins(m, p) ? p->to_move : hex_color_other(p->to_move);
}

bitset_t
minimax_winning_moves(minimax_t *m, position_t *p)
{
    bitset_t win = bitset_empty();
    hex_color_t me = p->to_move;
    bitset_t empty = position_empty_cells(p);
    for (int c = bitset_first(&empty); c >= 0; c = bitset_next(&empty, c)) {
        position_play(p, me, c);
        if (!minimax_to_move_wins(m, p))
            bitset_set(&win, c);
        position_undo(p);
    }
    return win;
}
