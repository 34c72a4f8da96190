/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_NET_H
#define HEIN_BOARD_NET_H

/* A learned policy and value network (with, from format version 2, a
 * move-value head) for Hex positions of any size from
 * 1x1 to 19x19, one set of weights: a small fully convolutional residual
 * network, evaluated in plain C here (no library), with an AVX2+FMA path
 * chosen at run time where the CPU has it.  The weights are trained by
 * tools/train/train.py (torch), which defines the same network.
 *
 * The mover's frame.  The position is read for the side to move: when
 * White is to move the board is transposed ((col, row) -> (row, col), a
 * W x H board becoming H x W) and the colours swapped, so the mover
 * always joins the north and south edges as Black does.  The transpose is
 * a symmetry of the hex grid, so neighbours stay neighbours.  The outputs
 * are mapped back to the board's own cell ids.
 *
 * The input grid is the board in the mover's frame (Wn columns, Hn rows)
 * with a ring of edge cells around it: (Hn + 2) x (Wn + 2).  The rows
 * above and below the board are the mover's edges and read as the
 * mover's stones, the columns left and right of it the opponent's edges
 * and read as the opponent's stones; the four corners read as the
 * mover's (geometry_off_board_edge's rule: a place off both a row and a
 * column belongs to the row's edge).  In the same way any place off the
 * board is the mover's when it is off a row, else the opponent's.
 *
 * Input planes (NET_PLANES), one value 0 or 1 per grid cell:
 *   0  the mover's stone (the ring's north and south rows and corners too)
 *   1  the opponent's stone (the ring's west and east columns too)
 *   2  an empty cell of the board
 *   3  a cell of the board (0 on the ring)
 *   4  the mover's bridge carrier: an empty cell e with neighbours
 *      n[i], n[i+1], n[i+2] (the ring's circular order (+1,0), (+1,-1),
 *      (0,-1), (-1,0), (-1,+1), (0,+1), column and row, indices mod 6)
 *      where n[i] and n[i+2] are the mover's (stones or edge places, not
 *      both off the board) and n[i+1] is an empty cell of the board: e
 *      and n[i+1] carry a bridge between them (a bridge to the mover's
 *      edge included)
 *   5  the mover's bridge to save: the same with n[i+1] an opponent's
 *      stone on the board (the intrusion is answered at e)
 *   6  planes 4 for the opponent
 *   7  plane 5 for the opponent (where the mover can cut)
 *
 * The network (B residual blocks of C channels; batch norm is folded into
 * every convolution's weights and bias when the weights are written):
 *   input:  3x3 convolution, NET_PLANES -> C, ReLU
 *   body:   B blocks of  3x3 conv C -> C, ReLU, 3x3 conv C -> C, plus the
 *           block's input, ReLU
 *   policy: 1x1 convolution C -> 1: one logit per grid cell; the
 *           probabilities are a softmax over the board's empty cells
 *   move values (format version 2): 1x1 convolution C -> 1, sigmoid:
 *           for each empty cell, the mover's chance of winning after
 *           playing it (one evaluation of a position values every move)
 *   value:  1x1 convolution C -> V, ReLU, the mean over the board's cells
 *           (the ring excluded), fully connected V -> U, ReLU, fully
 *           connected U -> 1, sigmoid: the mover's chance of winning
 * Every convolution is padded with zeros beyond the grid and keeps the
 * grid's size.
 *
 * The weight file (doc/net-format.md), all numbers little-endian:
 *   offset  0  magic "HEINNET" and a zero byte (8 bytes)
 *           8  u32 format version (1 or 2: NET_FORMAT_VERSION)
 *          12  u32 input planes (must be NET_PLANES)
 *          16  u32 blocks B (0..NET_MAX_BLOCKS)
 *          20  u32 channels C (1..NET_MAX_CHANNELS)
 *          24  u32 value head channels V (1..NET_MAX_CHANNELS)
 *          28  u32 value head hidden width U (1..NET_MAX_CHANNELS)
 *          32  u32 smallest board side trained for (1..19)
 *          36  u32 largest board side trained for (smallest..19)
 *          40  u64 payload bytes (4 x the number of floats below)
 *          48  u64 checksum: FNV-1a 64 of bytes 0..47 and the payload
 *          56  the payload: IEEE float32 tensors in torch's layout
 *              (out, in, kernel row, kernel column), each weight then its
 *              bias: input conv [C][P][3][3], [C]; per block conv1
 *              [C][C][3][3], [C], conv2 [C][C][3][3], [C]; policy conv
 *              [1][C], [1]; in version 2 the move-value conv [1][C],
 *              [1]; value conv [V][C], [V]; fc1 [U][V], [U]; fc2 [1][U],
 *              [1].  Nothing follows.
 * The loader refuses a missing or unreadable file, a foreign one (another
 * magic), a newer format version, a shape out of range, a truncated file
 * or one with bytes after the payload, a checksum that does not match and
 * a weight that is not finite, each with a message naming the file.
 *
 * Threads: a net_t is read-only once loaded; any number of threads may
 * evaluate with it at once.  Each thread evaluates with a net_scratch_t of
 * its own (the layers' activations, about 240 KB at C = 32, 120 KB more
 * for the AMX path); a scratch is never shared between threads running
 * at the same time.  The AMX tile state is per thread: each evaluation
 * loads its tile configuration and releases the tiles at its end.  Nothing here
 * is global or mutable beyond these two objects.
 *
 * Paths: the portable path is plain C; the AVX2 path (x86-64 with AVX2
 * and FMA, found at run time with __builtin_cpu_supports; the build needs
 * no flag) runs the residual blocks' 3x3 convolutions with 8-wide fused
 * multiply-adds, six grid cells and 16 channels at a time (C a multiple
 * of 16; other nets run the portable convolutions), and the rest (input
 * layer, heads, softmax) as the portable path does.  The AVX-512 path
 * does the same with 16-wide vectors, twelve cells and 32 channels at a
 * time (C a multiple of 32, else AVX2's convolutions).  These three sum
 * in the same order: where the compiler contracts the portable path's
 * multiply-adds too (-march=native) they give the same bits; built
 * without it (--disable-native) they differ by rounding, at most 4.8e-7
 * on the reference positions.  Their probabilities and values agree
 * within NET_TOLERANCE (absolute, plus NET_TOLERANCE relative), and with
 * torch's (at most 2.3e-6 apart).
 * The AMX path (x86-64 Linux with AMX-TILE, AMX-BF16 and AVX-512F; the
 * tile state is asked of the kernel at load; nets of C a multiple of 32
 * only, else net_eval_path refuses it) runs the residual blocks as tile
 * multiplications in bfloat16: the weights and each convolution's input
 * rounded to bfloat16 (8 bits of mantissa), the products summed in
 * float32, the residual stream, the input layer and the heads in float32
 * as on the other paths.  Its outputs are within NET_TOLERANCE_BF16 of
 * the others' (0.017 apart at most on the reference positions): a
 * position's best moves keep their order but for near ties.  NET_PATH_AUTO
 * takes AMX where it runs, else AVX-512, else AVX2.
 * board/tests/test_net.c checks every path this machine has against
 * torch's outputs on every position of the reference file, and the paths
 * against the portable one, each within net_path_tolerance.
 *
 * Speed (hein-bench-net, make bench-net): share/net/hein.net, B = 6,
 * C = 32, one thread, ten positions a third full, on the 2-core
 * development machine under load from other jobs (AMD EPYC, 2.6 GHz),
 * evaluations per second (-march=native; --disable-native in brackets):
 *             portable       avx2
 *     7x7     1150 (1020)    4280 (4460)
 *     11x11    544  (468)    2200 (2180)   0.45 ms each
 *     19x19    206  (174)     862  (865)
 * The format 2 net (value head 32 x 64, the move-value head), on an idle
 * machine, -march=native: 7x7 1079 / 3893, 11x11 523 / 1995 (0.50 ms),
 * 19x19 203 / 655 (portable / avx2).  On an Intel Xeon with AMX (the
 * machine's other jobs idle; -march=native): 11x11 portable 552, avx2
 * 2223 (0.45 ms), avx512 3882 (0.26 ms), amx 14328 (0.070 ms); 7x7 amx
 * 28691, 19x19 amx 5555.
 * Bigger shapes (random weights from train.py --init-only), AVX2, one
 * 11x11 (19x19) evaluation: B6 C48 1.07 ms (2.6 ms), B6 C64 1.8 ms
 * (4.7 ms), B10 C32 0.81 ms (1.9 ms), B10 C64 3.2 ms (8.4 ms); the
 * time grows with B and with C squared. */

#include <stdbool.h>
#include <stddef.h>

#include "board/geometry.h"
#include "board/position.h"

#define NET_MAGIC "HEINNET"
#define NET_FORMAT_VERSION 2
#define NET_HEADER_BYTES 56
#define NET_PLANES 8
#define NET_MAX_BLOCKS 64
#define NET_MAX_CHANNELS 256
/* The agreement promised between the float32 paths, and with torch. */
#define NET_TOLERANCE 1e-4f
/* The same for the AMX path, whose residual blocks multiply in bfloat16
 * (8 bits of mantissa; the sums and the rest stay float32). */
#define NET_TOLERANCE_BF16 3e-2f

/* The file the shipped weights are in, under share/net. */
#define NET_FILE "hein.net"

/* An evaluation path. */
typedef enum net_path {
    NET_PATH_AUTO = 0,          /* the fastest the CPU has */
    NET_PATH_PORTABLE,          /* plain C */
    NET_PATH_AVX2,              /* AVX2 + FMA (x86-64) */
    NET_PATH_AVX512,            /* AVX-512F (x86-64) */
    NET_PATH_AMX,               /* AMX bfloat16 tiles + AVX-512F (x86-64 Linux) */
    NET_PATHS                   /* how many there are */
} net_path_t;

typedef struct net net_t;
typedef struct net_scratch net_scratch_t;

/* The shape a file declares. */
typedef struct net_shape {
    int planes, blocks, channels, value_channels, value_hidden;
    int min_size, max_size;     /* board sides trained for */
    bool move_values;           /* the move-value head (format version 2) */
} net_shape_t;

/* Read a weight file.  NULL with "path: what is wrong" in err on any
 * error (above); nothing is printed. */
net_t *net_load(const char *path, char *err, size_t errlen);

/* The same from bytes in memory (`origin` names them in messages). */
net_t *net_load_bytes(const void *data, size_t len, const char *origin, char *err,
                      size_t errlen);

void net_free(net_t *net);

/* The shape of a loaded net, and how many floats its weights are. */
net_shape_t net_shape(const net_t *net);
size_t net_parameters(const net_t *net);

/* A scratch for evaluations with `net` (or any net of no more channels
 * and value channels); NULL when memory is short.  One thread at a
 * time. */
net_scratch_t *net_scratch_new(const net_t *net);
void net_scratch_free(net_scratch_t *s);

/* Whether this machine can run a path (AUTO and PORTABLE always). */
bool net_path_available(net_path_t path);
/* "auto", "portable", "avx2", "avx512" or "amx". */
const char *net_path_name(net_path_t path);

/* How far a path's probabilities and values may be from torch's and from
 * the portable path's: NET_TOLERANCE, or NET_TOLERANCE_BF16 for AMX (both
 * absolute, plus as much relative). */
float net_path_tolerance(net_path_t path);

/* Evaluate p for `to_move` (a colour; the position's own side to move is
 * not read) on the best path.  policy (p->geo->ncells floats, cell ids) gets each empty
 * cell's probability, summing to 1, and 0 on occupied cells (every cell 0
 * on a full board); value (may be NULL) the mover's chance of winning,
 * in [0, 1].  Stones count as they are; a decided position is evaluated
 * like any other. */
void net_eval(const net_t *net, net_scratch_t *s, const position_t *p, hex_color_t to_move,
              float *policy, float *value);

/* The same with the cells of `empty` read as empty whatever p holds
 * there (a search's fill-in: the network learnt from games, which have
 * none); they get a probability like any empty cell. */
void net_eval_without(const net_t *net, net_scratch_t *s, const position_t *p,
                      const bitset_t *empty, hex_color_t to_move, float *policy, float *value);

/* The same on a given path; false (nothing written) when the machine
 * cannot run it. */
bool net_eval_path(const net_t *net, net_scratch_t *s, const position_t *p,
                   hex_color_t to_move, net_path_t path, float *policy, float *value);

/* Whether the net has the move-value head (a file of format version 2). */
bool net_has_move_values(const net_t *net);

/* The evaluation of all the above in one: net_eval_path with the cells of
 * `empty` (NULL: none) read as empty, and, when the net has the
 * move-value head and moveval is not NULL, each empty cell's move value
 * into moveval (p->geo->ncells floats, cell ids): the mover's chance of
 * winning after playing that cell, in [0, 1]; 0 on occupied cells.
 * Without the head moveval is left as it is.  False (nothing written)
 * when the machine cannot run the path. */
bool net_eval_all(const net_t *net, net_scratch_t *s, const position_t *p, const bitset_t *empty,
                  hex_color_t to_move, net_path_t path, float *policy, float *value,
                  float *moveval);

/* The input planes of p for to_move, as the network reads them: plane k
 * of grid cell (x, y) of the mover's frame at planes[(k * rows + y) *
 * cols + x], rows = Hn + 2, cols = Wn + 2 (written to *rows and *cols).
 * planes holds NET_PLANES * 21 * 21 floats.  For tests and tools. */
void net_input_planes(const position_t *p, hex_color_t to_move, float *planes, int *rows,
                      int *cols);

#endif /* HEIN_BOARD_NET_H */
