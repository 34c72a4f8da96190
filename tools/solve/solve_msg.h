/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_SOLVE_SOLVE_MSG_H
#define HEIN_TOOLS_SOLVE_SOLVE_MSG_H

/* The bodies of hein-solve --mpi's messages (their layout: solve_mpi.h),
 * without MPI: a growing byte buffer written and read little-endian, the
 * JOB a lead packs and the RESULT report a worker packs and the lead
 * unpacks.  One definition for solve_mpi.c, which sends them, and for
 * hein-topsim (topsim.c), which times rank 0 packing and unpacking them,
 * so that the two cannot drift apart.  A buffer belongs to one thread. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board/position.h"
#include "search/toptree.h"

/* The most solved positions one job carries; the rest go with the next. */
#define MSG_SHARE_MAX 8192

typedef struct msg {
    unsigned char *b;
    size_t n, cap;              /* writing: bytes used; reading: size */
    size_t at;                  /* reading: the next byte */
    bool bad;                   /* reading: ran past the end, or a count
                                 * out of range */
} msg_t;

/* Append the low `bytes` bytes of v (growing the buffer), len and then
 * len bytes, a double's bits. */
void msg_put(msg_t *m, uint64_t v, int bytes);
void msg_put_bytes(msg_t *m, const void *p, size_t len);
void msg_put_double(msg_t *m, double d);

/* The next integer of `bytes` bytes, or double; 0 and m->bad set past
 * the end. */
uint64_t msg_get(msg_t *m, int bytes);
double msg_get_double(msg_t *m);

void msg_free(msg_t *m);

/* A JOB into m (emptied first): leaf `node`, the work limit and floor,
 * the thresholds, what to send of a proof (`want`), the position p (its
 * side to move and a byte a cell), and the log entries from `from` on,
 * at most MSG_SHARE_MAX of them.  Returns the log index the worker has
 * seen after it. */
size_t msg_put_job(msg_t *m, uint32_t node, uint64_t work, uint64_t min_work, uint32_t P,
                   uint32_t D, int want, const position_t *p, const toptree_solved_t *log,
                   size_t nlog, size_t from);

/* A RESULT's report into m (emptied first): the leaf, its entry, the
 * job's DFPN calls, expansions and seconds, its fill-in and children.
 * What a proof adds follows it (solve_mpi.c). */
void msg_put_report(msg_t *m, uint32_t node, const toptree_report_t *r, uint64_t calls,
                    uint64_t expansions, double seconds);

/* Read a RESULT's report from m's current position: r points into b.
 * False (m->bad set) when it is cut short or a count is out of range. */
bool msg_get_report(msg_t *m, uint32_t *node, toptree_buf_t *b, toptree_report_t *r,
                    uint64_t *calls, uint64_t *expansions, double *seconds);

#endif /* HEIN_TOOLS_SOLVE_SOLVE_MSG_H */
