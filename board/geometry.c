/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "board/geometry.h"

/* The six directions, as (dcol, drow). */
static const int dir_col[6] = { 1, -1, 0, 0, 1, -1 };
static const int dir_row[6] = { 0, 0, 1, -1, -1, 1 };

static void
add_neighbour(geometry_t *g, int cell, int id)
{
    for (int i = 0; i < g->nbr_count[cell]; i++)
        if (g->nbr[cell][i] == id)
            return;
    g->nbr[cell][g->nbr_count[cell]++] = (int16_t)id;
    bitset_set(&g->nbrs[cell], id);
    bitset_set(&g->nbrs[id], cell);
}

geometry_t *
geometry_new(int width, int height)
{
    if (width < HEX_MIN_SIZE || width > HEX_MAX_SIZE
        || height < HEX_MIN_SIZE || height > HEX_MAX_SIZE)
        return NULL;
    geometry_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    atomic_init(&g->refs, 1);
    g->width = width;
    g->height = height;
    g->ncells = width * height;
    g->cells = bitset_range(g->ncells);
    uint64_t x = (uint64_t)width * 1000003u + (uint64_t)height;
    x *= UINT64_C(0x9e3779b97f4a7c15);
    x ^= x >> 29;
    x *= UINT64_C(0xbf58476d1ce4e5b9);
    g->key_salt = x ^ (x >> 32);
    for (int r = 0; r < height; r++) {
        for (int c = 0; c < width; c++) {
            int cell = geometry_cell(g, c, r);
            for (int d = 0; d < 6; d++) {
                int nc = c + dir_col[d], nr = r + dir_row[d];
                if (nc >= 0 && nc < width && nr >= 0 && nr < height)
                    add_neighbour(g, cell, geometry_cell(g, nc, nr));
                else
                    add_neighbour(g, cell, geometry_off_board_edge(g, nc, nr));
            }
        }
    }
    return g;
}

const geometry_t *
geometry_ref(const geometry_t *g)
{
    geometry_t *m = (geometry_t *)g;
    atomic_fetch_add_explicit(&m->refs, 1, memory_order_relaxed);
    return g;
}

void
geometry_unref(const geometry_t *g)
{
    if (!g)
        return;
    geometry_t *m = (geometry_t *)g;
    if (atomic_fetch_sub_explicit(&m->refs, 1, memory_order_acq_rel) == 1)
        free(m);
}

static bool
parse_uint(const char *s, int max, int *out)
{
    if (!isdigit((unsigned char)s[0]) || (s[0] == '0' && s[1] != '\0'))
        return false;
    int v = 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s))
            return false;
        v = v * 10 + (*s - '0');
        if (v > max)
            return false;
    }
    *out = v;
    return true;
}

move_parse_t
geometry_parse_move(const geometry_t *g, const char *s, int *move)
{
    if (strcasecmp(s, "swap-pieces") == 0 || strcasecmp(s, "swap") == 0) {
        *move = MOVE_SWAP;
        return MOVE_PARSE_OK;
    }
    if (strcasecmp(s, "resign") == 0) {
        *move = MOVE_RESIGN;
        return MOVE_PARSE_OK;
    }
    int letter = tolower((unsigned char)s[0]);
    if (letter < 'a' || letter > 'z')
        return MOVE_PARSE_SYNTAX;
    int row;
    /* Rows up to 99 are well-formed names; only 1..H are on the board. */
    if (!parse_uint(s + 1, 99, &row) || row == 0)
        return MOVE_PARSE_SYNTAX;
    int col = letter - 'a';
    if (col >= g->width || row > g->height)
        return MOVE_PARSE_OFF_BOARD;
    *move = geometry_cell(g, col, row - 1);
    return MOVE_PARSE_OK;
}

char *
geometry_move_name(const geometry_t *g, int move, char *buf)
{
    static const char *const edge_names[] = { "north", "south", "west", "east" };
    if (move == MOVE_SWAP)
        strcpy(buf, "swap-pieces");
    else if (move == MOVE_RESIGN)
        strcpy(buf, "resign");
    else if (geometry_is_edge(move))
        strcpy(buf, edge_names[move - HEX_NORTH]);
    else if (geometry_is_cell(g, move)) {
        int row = geometry_row(g, move) + 1, n = 0;
        buf[n++] = (char)('a' + geometry_col(g, move));
        if (row >= 10)
            buf[n++] = (char)('0' + row / 10);
        buf[n++] = (char)('0' + row % 10);
        buf[n] = '\0';
    }
    else
        strcpy(buf, "none");
    return buf;
}

bool
hex_color_parse(const char *s, hex_color_t *c)
{
    if (strcasecmp(s, "b") == 0 || strcasecmp(s, "black") == 0) {
        *c = HEX_BLACK;
        return true;
    }
    if (strcasecmp(s, "w") == 0 || strcasecmp(s, "white") == 0) {
        *c = HEX_WHITE;
        return true;
    }
    return false;
}

const char *
hex_color_name(hex_color_t c)
{
    switch (c) {
    case HEX_BLACK:
        return "black";
    case HEX_WHITE:
        return "white";
    default:
        return "empty";
    }
}

bool
geometry_parse_size(const char *s, int *n)
{
    int v;
    if (!parse_uint(s, HEX_MAX_SIZE, &v) || v < HEX_MIN_SIZE)
        return false;
    *n = v;
    return true;
}
