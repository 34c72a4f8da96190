/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hein-solve --mpi's message bodies (solve_msg.h). */
#include "config.h"

#include "tools/solve/solve_msg.h"

#include <stdlib.h>
#include <string.h>

#include "board/bytes.h"
#include "tools/lib/util.h"

static void
reserve(msg_t *m, size_t more)
{
    if (m->n + more <= m->cap)
        return;
    size_t cap = m->cap ? 2 * m->cap : 4096;
    while (cap < m->n + more)
        cap *= 2;
    m->b = util_xrealloc(m->b, cap);
    m->cap = cap;
}

void
msg_put(msg_t *m, uint64_t v, int bytes)
{
    reserve(m, (size_t)bytes);
    bytes_put_le(m->b + m->n, v, bytes);
    m->n += (size_t)bytes;
}

void
msg_put_bytes(msg_t *m, const void *p, size_t len)
{
    msg_put(m, len, 4);
    reserve(m, len);
    if (len)
        memcpy(m->b + m->n, p, len);
    m->n += len;
}

void
msg_put_double(msg_t *m, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    msg_put(m, u, 8);
}

uint64_t
msg_get(msg_t *m, int bytes)
{
    if (m->bad || m->at + (size_t)bytes > m->n) {
        m->bad = true;
        return 0;
    }
    uint64_t v = bytes_get_le(m->b + m->at, bytes);
    m->at += (size_t)bytes;
    return v;
}

double
msg_get_double(msg_t *m)
{
    uint64_t u = msg_get(m, 8);
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

void
msg_free(msg_t *m)
{
    free(m->b);
    memset(m, 0, sizeof *m);
}

size_t
msg_put_job(msg_t *m, uint32_t node, uint64_t work, uint64_t min_work, uint32_t P, uint32_t D,
            int want, const position_t *p, const toptree_solved_t *log, size_t nlog, size_t from)
{
    m->n = 0;
    msg_put(m, node, 4);
    msg_put(m, work, 8);
    msg_put(m, min_work, 8);
    msg_put(m, P, 4);
    msg_put(m, D, 4);
    msg_put(m, (uint8_t)p->to_move, 1);
    msg_put(m, (uint8_t)want, 1);
    for (int c = 0; c < p->geo->ncells; c++) {
        hex_color_t x = position_color_at(p, c);
        msg_put(m, x == HEX_BLACK ? 1 : x == HEX_WHITE ? 2 : 0, 1);
    }
    size_t k = nlog - from > MSG_SHARE_MAX ? MSG_SHARE_MAX : nlog - from;
    msg_put(m, (uint32_t)k, 4);
    for (size_t i = from; i < from + k; i++) {
        msg_put(m, log[i].key, 8);
        msg_put(m, log[i].work, 8);
        msg_put(m, log[i].win, 1);
        msg_put(m, (uint16_t)log[i].best, 2);
    }
    return from + k;
}

void
msg_put_report(msg_t *m, uint32_t node, const toptree_report_t *r, uint64_t calls,
               uint64_t expansions, double seconds)
{
    m->n = 0;
    msg_put(m, node, 4);
    msg_put(m, r->phi, 4);
    msg_put(m, r->delta, 4);
    msg_put(m, (uint16_t)r->best, 2);
    msg_put(m, r->work, 8);
    msg_put(m, calls, 8);
    msg_put(m, expansions, 8);
    msg_put_double(m, seconds);
    for (int c = 0; c < 2; c++) {
        msg_put(m, (uint16_t)r->nfill[c], 2);
        for (int i = 0; i < r->nfill[c]; i++)
            msg_put(m, (uint16_t)r->fill[c][i], 2);
    }
    msg_put(m, (uint16_t)r->nchildren, 2);
    for (int i = 0; i < r->nchildren; i++) {
        const toptree_child_t *c = &r->children[i];
        msg_put(m, c->key, 8);
        msg_put(m, (uint16_t)c->move, 2);
        msg_put(m, c->phi, 4);
        msg_put(m, c->delta, 4);
        msg_put(m, (uint16_t)c->best, 2);
        msg_put(m, c->work, 8);
        msg_put(m, c->pruned, 1);
    }
}

bool
msg_get_report(msg_t *m, uint32_t *node, toptree_buf_t *b, toptree_report_t *r, uint64_t *calls,
               uint64_t *expansions, double *seconds)
{
    memset(r, 0, sizeof *r);
    *node = (uint32_t)msg_get(m, 4);
    r->phi = (uint32_t)msg_get(m, 4);
    r->delta = (uint32_t)msg_get(m, 4);
    r->best = (int16_t)(uint16_t)msg_get(m, 2);
    r->work = msg_get(m, 8);
    *calls = msg_get(m, 8);
    *expansions = msg_get(m, 8);
    *seconds = msg_get_double(m);
    for (int c = 0; c < 2; c++) {
        r->nfill[c] = (int)msg_get(m, 2);
        if (r->nfill[c] > HEX_MAX_CELLS)
            m->bad = true;
        for (int k = 0; k < r->nfill[c] && !m->bad; k++)
            b->fill[c][k] = (int16_t)(uint16_t)msg_get(m, 2);
        r->fill[c] = b->fill[c];
    }
    r->nchildren = (int)msg_get(m, 2);
    if (r->nchildren > HEX_MAX_CELLS)
        m->bad = true;
    for (int i = 0; i < r->nchildren && !m->bad; i++) {
        toptree_child_t *c = &b->children[i];
        c->key = msg_get(m, 8);
        c->move = (int16_t)(uint16_t)msg_get(m, 2);
        c->phi = (uint32_t)msg_get(m, 4);
        c->delta = (uint32_t)msg_get(m, 4);
        c->best = (int16_t)(uint16_t)msg_get(m, 2);
        c->work = msg_get(m, 8);
        c->pruned = msg_get(m, 1) != 0;
    }
    r->children = b->children;
    return !m->bad;
}
