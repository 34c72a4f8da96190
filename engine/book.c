/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The opening book (book.h). */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "board/pattern.h"
#include "engine/book.h"

void
book_empty(book_t *b)
{
    for (int w = 0; w < HEX_MAX_SIZE; w++)
        for (int h = 0; h < HEX_MAX_SIZE; h++)
            b->move[w][h][0] = b->move[w][h][1] = -1;
}

/* One entry's fields into *b; false with the message (no position) in
 * msg. */
static bool
book_entry(book_t *b, const char *size, const char *mode, const char *move, char *msg,
           size_t msglen)
{
    int w, h;
    char rest;
    if (sscanf(size, "%dx%d%c", &w, &h, &rest) != 2 || w < 1 || w > HEX_MAX_SIZE || h < 1
        || h > HEX_MAX_SIZE) {
        snprintf(msg, msglen, "board size %s is not WxH, each 1 to %d", size, HEX_MAX_SIZE);
        return false;
    }
    int swap;
    if (strcmp(mode, "swap") == 0) {
        swap = 1;
    } else if (strcmp(mode, "noswap") == 0) {
        swap = 0;
    } else {
        snprintf(msg, msglen, "mode %s is not swap or noswap", mode);
        return false;
    }
    geometry_t *g = geometry_new(w, h);
    if (!g) {
        snprintf(msg, msglen, "out of memory");
        return false;
    }
    int m;
    bool cell = geometry_parse_move(g, move, &m) == MOVE_PARSE_OK && m >= 0 && m < g->ncells;
    geometry_unref(g);
    if (!cell) {
        snprintf(msg, msglen, "%s is not a cell of %dx%d", move, w, h);
        return false;
    }
    if (b->move[w - 1][h - 1][swap] >= 0) {
        snprintf(msg, msglen, "a second entry for %dx%d %s", w, h, mode);
        return false;
    }
    b->move[w - 1][h - 1][swap] = (short)m;
    return true;
}

bool
book_read(book_t *b, const char *path, char *err, size_t errlen)
{
    book_empty(b);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return false;
    }
    char line[512], msg[256];
    int n = 0;
    bool ok = true, versioned = false;
    while (ok && fgets(line, sizeof line, f)) {
        n++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(msg, sizeof msg, "line too long");
            ok = false;
            break;
        }
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        char a[32], c[32], d[32], extra[2];
        int k = sscanf(line, " %31s %31s %31s %1s", a, c, d, extra);
        if (k <= 0)
            continue;
        if (!versioned) {
            int version;
            char tail;
            if (k != 2 || strcmp(a, "hein-book") != 0 || sscanf(c, "%d%c", &version, &tail) != 1) {
                snprintf(msg, sizeof msg, "expected the version line \"hein-book %d\"",
                         BOOK_VERSION);
                ok = false;
            } else if (version != BOOK_VERSION) {
                snprintf(msg, sizeof msg, "version %d; this hein reads version %d", version,
                         BOOK_VERSION);
                ok = false;
            }
            versioned = true;
        } else if (k != 3) {
            snprintf(msg, sizeof msg, "expected WxH swap|noswap MOVE");
            ok = false;
        } else {
            ok = book_entry(b, a, c, d, msg, sizeof msg);
        }
    }
    if (ok && ferror(f)) {
        snprintf(err, errlen, "%s: read error", path);
    } else if (ok && !versioned) {
        snprintf(err, errlen, "%s: no version line \"hein-book %d\"", path, BOOK_VERSION);
        ok = false;
    } else if (!ok) {
        snprintf(err, errlen, "%s:%d: %s", path, n, msg);
    }
    ok = ok && !ferror(f);
    fclose(f);
    if (!ok)
        book_empty(b);
    return ok;
}

bool
book_path(char *path, size_t len, char *err, size_t errlen)
{
    return pattern_path("../book/" BOOK_FILE, path, len, err, errlen);
}

int
book_move(const book_t *b, const position_t *p, hex_color_t color, bool swap)
{
    const geometry_t *g = p->geo;
    bitset_t empty = position_empty_cells(p);
    if (bitset_count(&empty) != g->ncells || (color != HEX_BLACK && color != HEX_WHITE))
        return -1;
    if (color == HEX_BLACK)
        return b->move[g->width - 1][g->height - 1][swap];
    /* White: Black's move on the board of height x width, transposed */
    int m = b->move[g->height - 1][g->width - 1][swap];
    if (m < 0)
        return -1;
    int row = m / g->height, col = m % g->height;
    return col * g->width + row;
}
