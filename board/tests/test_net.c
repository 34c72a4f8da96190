/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the network (board/net.h): the weight loader against
 * missing, truncated, foreign, newer, damaged and malformed files; the
 * input planes on known shapes; the outputs' invariants (a distribution
 * over the empty cells, the mover's frame); and the forward pass, on
 * every path this machine has, against the outputs torch wrote beside
 * the weights (tools/train/train.py) for every position of the
 * reference file.  The weights and the reference are read from
 * $HEIN_NET_DIR (the Makefile points it at share/net). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/geometry.h"
#include "board/net.h"
#include "board/position.h"

#define REFERENCE_FILE "hein-reference.txt"

/* $HEIN_NET_DIR/name into path. */
static void
net_dir_path(const char *name, char *path, size_t len)
{
    const char *dir = getenv("HEIN_NET_DIR");
    ck_assert_msg(dir != NULL, "HEIN_NET_DIR is not set (make check sets it)");
    snprintf(path, len, "%s/%s", dir, name);
}

/* The whole shipped weight file (malloc'd). */
static unsigned char *
read_net_file(size_t *len)
{
    char path[4096];
    net_dir_path(NET_FILE, path, sizeof path);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s: cannot open", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 16);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static uint64_t
fnv1a(uint64_t h, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

/* Write the checksum a file's header and payload call for. */
static void
reseal(unsigned char *buf, size_t len)
{
    uint64_t h = fnv1a(fnv1a(UINT64_C(0xcbf29ce484222325), buf, 48), buf + NET_HEADER_BYTES,
                       len - NET_HEADER_BYTES);
    for (int i = 0; i < 8; i++)
        buf[48 + i] = (unsigned char)(h >> (8 * i));
}

static void
put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* net_load_bytes refuses buf with a message containing `what`. */
static void
refused(const unsigned char *buf, size_t len, const char *what)
{
    char err[512] = "";
    net_t *net = net_load_bytes(buf, len, "test.net", err, sizeof err);
    ck_assert_msg(net == NULL, "accepted a file that is %s", what);
    ck_assert_msg(strstr(err, what) != NULL, "message \"%s\" lacks \"%s\"", err, what);
    ck_assert_msg(strncmp(err, "test.net: ", 10) == 0, "message \"%s\" names no file", err);
}

START_TEST(net_loads_the_shipped_file)
{
    char path[4096], err[512];
    net_dir_path(NET_FILE, path, sizeof path);
    net_t *net = net_load(path, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    net_shape_t s = net_shape(net);
    ck_assert_int_eq(s.planes, NET_PLANES);
    ck_assert_int_ge(s.channels, 1);
    ck_assert_int_le(s.min_size, s.max_size);
    size_t c = (size_t)s.channels, v = (size_t)s.value_channels, u = (size_t)s.value_hidden;
    size_t want = c * NET_PLANES * 9 + c + (size_t)s.blocks * 2 * (c * c * 9 + c) + c + 1
        + (s.move_values ? c + 1 : 0) + v * c + v + u * v + u + u + 1;
    ck_assert(s.move_values == net_has_move_values(net));
    ck_assert_uint_eq(net_parameters(net), want);
    net_free(net);
    net_free(NULL);
}
END_TEST

START_TEST(net_refuses_bad_files)
{
    char err[512] = "", path[4096];
    /* Missing. */
    ck_assert_ptr_null(net_load("/nonexistent/hein.net", err, sizeof err));
    ck_assert_msg(strstr(err, "/nonexistent/hein.net: cannot open") != NULL, "%s", err);
    /* A folder. */
    ck_assert_ptr_null(net_load("/tmp", err, sizeof err));
    ck_assert_msg(strstr(err, "/tmp: ") != NULL, "%s", err);

    size_t len;
    unsigned char *good = read_net_file(&len);
    unsigned char *buf = malloc(len + 16);
    ck_assert_ptr_nonnull(buf);

    /* Empty, foreign, a text file. */
    refused(good, 0, "not a hein network file");
    memcpy(buf, good, len);
    buf[0] = 'X';
    refused(buf, len, "not a hein network file");
    refused((const unsigned char *)"(;FF[4]GM[11]SZ[11])\n", 21, "not a hein network file");
    /* Truncated: inside the header, inside the payload, one byte short. */
    refused(good, 20, "truncated header");
    refused(good, NET_HEADER_BYTES, "truncated");
    refused(good, len / 2, "truncated");
    refused(good, len - 1, "truncated");
    /* Trailing bytes. */
    memcpy(buf, good, len);
    buf[len] = 0;
    refused(buf, len + 1, "after the payload");
    /* A newer version; version 0. */
    memcpy(buf, good, len);
    put_u32(buf + 8, NET_FORMAT_VERSION + 1);
    refused(buf, len, "newer than this program reads");
    put_u32(buf + 8, 0);
    refused(buf, len, "unknown format version");
    /* Damaged: one payload bit, one header bit the checks pass. */
    memcpy(buf, good, len);
    buf[len - 3] ^= 0x10;
    refused(buf, len, "checksum mismatch");
    memcpy(buf, good, len);
    buf[48] ^= 1;
    refused(buf, len, "checksum mismatch");
    /* Shapes out of range, sealed with their checksums. */
    memcpy(buf, good, len);
    put_u32(buf + 12, NET_PLANES + 1);
    reseal(buf, len);
    refused(buf, len, "shape out of range");
    memcpy(buf, good, len);
    put_u32(buf + 20, 0);
    reseal(buf, len);
    refused(buf, len, "shape out of range");
    memcpy(buf, good, len);
    put_u32(buf + 36, 20);
    reseal(buf, len);
    refused(buf, len, "shape out of range");
    /* One block more than the payload holds. */
    memcpy(buf, good, len);
    put_u32(buf + 16, buf[16] + 1u);
    reseal(buf, len);
    refused(buf, len, "does not match the shape");
    /* A weight that is no number. */
    memcpy(buf, good, len);
    float nan = NAN;
    memcpy(buf + NET_HEADER_BYTES + 40, &nan, 4);
    reseal(buf, len);
    refused(buf, len, "not a finite number");
    /* The good bytes through a file: loaded. */
    snprintf(path, sizeof path, "/tmp/hein-net-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, good, len), (ssize_t)len);
    close(fd);
    net_t *net = net_load(path, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    net_free(net);
    /* The same file cut short: refused through net_load too. */
    ck_assert_int_eq(truncate(path, (off_t)(len - 100)), 0);
    ck_assert_ptr_null(net_load(path, err, sizeof err));
    ck_assert_msg(strstr(err, path) && strstr(err, "truncated"), "%s", err);
    unlink(path);
    free(buf);
    free(good);
}
END_TEST

/* A version 1 file (no move-value head) still loads: the shipped file
 * without its move-value tensor gives the same policy and value. */
START_TEST(net_reads_version_1)
{
    size_t len;
    unsigned char *good = read_net_file(&len);
    char err[512];
    net_t *net2 = net_load_bytes(good, len, "shipped", err, sizeof err);
    ck_assert_msg(net2 != NULL, "%s", err);
    if (!net_has_move_values(net2)) {
        net_free(net2);
        free(good);
        return;
    }
    net_shape_t sh = net_shape(net2);
    size_t c = (size_t)sh.channels;
    size_t at = NET_HEADER_BYTES
        + 4 * (c * NET_PLANES * 9 + c + (size_t)sh.blocks * 2 * (c * c * 9 + c) + c + 1);
    size_t cut = 4 * (c + 1);
    unsigned char *v1 = malloc(len);
    ck_assert_ptr_nonnull(v1);
    memcpy(v1, good, at);
    memcpy(v1 + at, good + at + cut, len - at - cut);
    put_u32(v1 + 8, 1);
    uint64_t bytes = len - cut - NET_HEADER_BYTES;
    for (int i = 0; i < 8; i++)
        v1[40 + i] = (unsigned char)(bytes >> (8 * i));
    reseal(v1, len - cut);
    net_t *net1 = net_load_bytes(v1, len - cut, "v1", err, sizeof err);
    ck_assert_msg(net1 != NULL, "%s", err);
    ck_assert(!net_has_move_values(net1));
    ck_assert_uint_eq(net_parameters(net1) + c + 1, net_parameters(net2));
    geometry_t *g = geometry_new(5, 5);
    position_t p;
    position_init(&p, g);
    position_play(&p, HEX_BLACK, 12);
    position_play(&p, HEX_WHITE, 7);
    net_scratch_t *s = net_scratch_new(net2);
    float pol1[25], pol2[25], q[25], v1v, v2v;
    for (int i = 0; i < 25; i++)
        q[i] = -1.0f;
    ck_assert(net_eval_all(net1, s, &p, NULL, HEX_BLACK, NET_PATH_PORTABLE, pol1, &v1v, q));
    for (int i = 0; i < 25; i++)
        ck_assert(q[i] == -1.0f);       /* no head: left alone */
    ck_assert(net_eval_all(net2, s, &p, NULL, HEX_BLACK, NET_PATH_PORTABLE, pol2, &v2v, q));
    ck_assert(v1v == v2v);
    for (int i = 0; i < 25; i++) {
        ck_assert(pol1[i] == pol2[i]);
        bool empty = position_color_at(&p, i) == HEX_EMPTY;
        ck_assert(empty ? q[i] > 0.0f && q[i] < 1.0f : q[i] == 0.0f);
    }
    net_scratch_free(s);
    position_free(&p);
    geometry_unref(g);
    net_free(net1);
    net_free(net2);
    free(v1);
    free(good);
}
END_TEST

static int
cell(const geometry_t *g, const char *name)
{
    int m;
    ck_assert_int_eq(geometry_parse_move(g, name, &m), MOVE_PARSE_OK);
    return m;
}

/* Plane k of grid cell (x, y) from net_input_planes. */
static float
plane(const float *pl, int rows, int cols, int k, int x, int y)
{
    return pl[(k * rows + y) * cols + x];
}

START_TEST(net_planes_of_known_shapes)
{
    geometry_t *g = geometry_new(3, 4);
    position_t p;
    position_init(&p, g);
    position_play(&p, HEX_BLACK, cell(g, "b2"));
    static float pl[NET_PLANES * 21 * 21];
    int rows, cols;
    /* Black to move: a 5 x 6 grid (3 columns, 4 rows and the ring). */
    net_input_planes(&p, HEX_BLACK, pl, &rows, &cols);
    ck_assert_int_eq(rows, 6);
    ck_assert_int_eq(cols, 5);
    /* The ring: north and south rows and the corners the mover's, the
     * columns the opponent's. */
    for (int x = 0; x < cols; x++) {
        ck_assert(plane(pl, rows, cols, 0, x, 0) == 1 && plane(pl, rows, cols, 0, x, 5) == 1);
        ck_assert(plane(pl, rows, cols, 3, x, 0) == 0);
    }
    for (int y = 1; y < rows - 1; y++) {
        ck_assert(plane(pl, rows, cols, 1, 0, y) == 1 && plane(pl, rows, cols, 1, 4, y) == 1);
        ck_assert(plane(pl, rows, cols, 0, 0, y) == 0);
    }
    /* b2 is grid (2, 2): the mover's, not empty, on the board. */
    ck_assert(plane(pl, rows, cols, 0, 2, 2) == 1);
    ck_assert(plane(pl, rows, cols, 2, 2, 2) == 0 && plane(pl, rows, cols, 3, 2, 2) == 1);
    ck_assert(plane(pl, rows, cols, 2, 1, 1) == 1);
    /* b2's bridge to the north edge: carriers b1 and c1 (grid (2, 1) and
     * (3, 1)); a1 is not one. */
    ck_assert(plane(pl, rows, cols, 4, 2, 1) == 1);
    ck_assert(plane(pl, rows, cols, 4, 3, 1) == 1);
    ck_assert(plane(pl, rows, cols, 4, 1, 1) == 0);
    int on4 = 0;
    for (int i = 0; i < rows * cols; i++)
        on4 += pl[4 * rows * cols + i] != 0;
    ck_assert_int_eq(on4, 2);
    /* White to move: the frame is transposed (4 columns, 3 rows); b2 is
     * the opponent's and its edge bridge's carriers, b1 and c1, are grid
     * (1, 2) and (1, 3) of the transposed frame. */
    net_input_planes(&p, HEX_WHITE, pl, &rows, &cols);
    ck_assert_int_eq(rows, 5);
    ck_assert_int_eq(cols, 6);
    ck_assert(plane(pl, rows, cols, 1, 2, 2) == 1);
    ck_assert(plane(pl, rows, cols, 6, 1, 2) == 1);
    ck_assert(plane(pl, rows, cols, 6, 1, 3) == 1);
    ck_assert(plane(pl, rows, cols, 4, 1, 2) == 0);
    /* A white stone on c1 intrudes: Black saves the bridge at b1, White
     * (to move) can cut there. */
    position_play(&p, HEX_WHITE, cell(g, "c1"));
    net_input_planes(&p, HEX_BLACK, pl, &rows, &cols);
    ck_assert(plane(pl, rows, cols, 5, 2, 1) == 1);
    ck_assert(plane(pl, rows, cols, 4, 2, 1) == 0);
    net_input_planes(&p, HEX_WHITE, pl, &rows, &cols);
    ck_assert(plane(pl, rows, cols, 7, 1, 2) == 1);
    /* Two black stones a bridge apart, b2 and a4 (carriers a3 and b3),
     * with Black to move. */
    position_play(&p, HEX_BLACK, cell(g, "a4"));
    net_input_planes(&p, HEX_BLACK, pl, &rows, &cols);
    ck_assert(plane(pl, rows, cols, 4, 1, 3) == 1);
    ck_assert(plane(pl, rows, cols, 4, 2, 3) == 1);
    position_free(&p);
    geometry_unref(g);
}
END_TEST

/* The first empty cell from `from` on (modulo the board's cells). */
static int
some_empty_cell(const position_t *p, int from)
{
    int n = p->geo->ncells;
    for (int i = 0; i < n; i++)
        if (position_color_at(p, (from + i) % n) == HEX_EMPTY)
            return (from + i) % n;
    ck_abort_msg("no empty cell");
    return -1;
}

static net_t *
load_shipped(void)
{
    char path[4096], err[512];
    net_dir_path(NET_FILE, path, sizeof path);
    net_t *net = net_load(path, err, sizeof err);
    ck_assert_msg(net != NULL, "%s", err);
    return net;
}

START_TEST(net_outputs_are_distributions)
{
    net_t *net = load_shipped();
    net_scratch_t *s = net_scratch_new(net);
    ck_assert_ptr_nonnull(s);
    static const int sizes[][2] = { { 1, 1 }, { 2, 5 }, { 6, 6 }, { 11, 11 }, { 19, 19 } };
    for (int k = 0; k < 5; k++) {
        geometry_t *g = geometry_new(sizes[k][0], sizes[k][1]);
        position_t p;
        position_init(&p, g);
        float pol[HEX_MAX_CELLS], v;
        for (int n = 0; n <= g->ncells; n++) {
            for (int m = 0; m < 2; m++) {
                net_eval(net, s, &p, (hex_color_t)m, pol, &v);
                ck_assert(v >= 0.0f && v <= 1.0f);
                double sum = 0.0;
                for (int i = 0; i < g->ncells; i++) {
                    ck_assert(pol[i] >= 0.0f && pol[i] <= 1.0f);
                    if (position_color_at(&p, i) != HEX_EMPTY)
                        ck_assert(pol[i] == 0.0f);
                    sum += pol[i];
                }
                if (n < g->ncells)
                    ck_assert_double_eq_tol(sum, 1.0, 1e-4);
                else
                    ck_assert(sum == 0.0);
            }
            if (n < g->ncells)
                position_play(&p, p.to_move, some_empty_cell(&p, 7 * n));
        }
        position_free(&p);
        geometry_unref(g);
    }
    net_scratch_free(s);
    net_free(net);
}
END_TEST

/* The mover's frame: a position with White to move and its transpose
 * with the colours swapped and Black to move are one input, so their
 * outputs are the same numbers, cell for transposed cell. */
START_TEST(net_frame_is_the_transposed_colour_swap)
{
    net_t *net = load_shipped();
    net_scratch_t *s = net_scratch_new(net);
    static const int sizes[][2] = { { 5, 5 }, { 4, 7 }, { 11, 11 } };
    for (int k = 0; k < 3; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        geometry_t *g = geometry_new(w, h), *gt = geometry_new(h, w);
        position_t p, q;
        position_init(&p, g);
        position_init(&q, gt);
        for (int n = 0; n < w * h / 2; n++) {
            int c = some_empty_cell(&p, 5 * n + 3);
            int col = c % w, row = c / w;
            hex_color_t colour = (hex_color_t)(n % 2);
            position_play(&p, colour, c);
            position_play(&q, hex_color_other(colour), col * h + row);
        }
        for (int path = NET_PATH_PORTABLE; path < NET_PATHS; path++) {
            float pp[HEX_MAX_CELLS], pq[HEX_MAX_CELLS], vp, vq;
            if (!net_eval_path(net, s, &p, HEX_WHITE, (net_path_t)path, pp, &vp))
                continue;
            ck_assert(net_eval_path(net, s, &q, HEX_BLACK, (net_path_t)path, pq, &vq));
            ck_assert(vp == vq);
            for (int c = 0; c < w * h; c++)
                ck_assert(pp[c] == pq[(c % w) * h + c / w]);
        }
        position_free(&p);
        position_free(&q);
        geometry_unref(g);
        geometry_unref(gt);
    }
    net_scratch_free(s);
    net_free(net);
}
END_TEST

/* Within a path's tolerance: absolute plus relative. */
static bool
close_enough(double got, double want, net_path_t path, double *worst)
{
    double d = fabs(got - want), tol = net_path_tolerance(path);
    if (d > *worst)
        *worst = d;
    return d <= tol + tol * fabs(want);
}

/* Every position of the reference file, on every path this machine has,
 * against torch's outputs. */
START_TEST(net_matches_torch_reference)
{
    net_t *net = load_shipped();
    net_scratch_t *s = net_scratch_new(net);
    char path[4096];
    net_dir_path(REFERENCE_FILE, path, sizeof path);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s: cannot open", path);
    char *line = NULL;
    size_t cap = 0;
    int npos = 0, sizes_seen[HEX_MAX_SIZE + 1] = { 0 };
    double worst[NET_PATHS] = { 0 }, between[NET_PATHS] = { 0 };
    geometry_t *g = NULL;
    position_t p;
    hex_color_t mover = HEX_BLACK;
    float want_value = 0;
    int lineno = 0, nq = 0;
    /* each path's move values of the last position (moveval lines follow
     * their policy line) */
    static float got_q[NET_PATHS][HEX_MAX_CELLS];
    bool have_q[NET_PATHS] = { false };
    while (getline(&line, &cap, f) > 0) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (strncmp(line, "pos ", 4) == 0) {
            int w, h, off;
            char m;
            ck_assert_msg(sscanf(line, "pos %d %d %c %n", &w, &h, &m, &off) == 3,
                          "%s:%d: bad pos line", path, lineno);
            if (g) {
                position_free(&p);
                geometry_unref(g);
            }
            g = geometry_new(w, h);
            ck_assert_ptr_nonnull(g);
            position_init(&p, g);
            for (int c = 0; c < w * h; c++) {
                char ch = line[off + c];
                ck_assert_msg(ch == '.' || ch == 'b' || ch == 'w', "%s:%d: bad stones", path,
                              lineno);
                if (ch != '.')
                    position_play(&p, ch == 'b' ? HEX_BLACK : HEX_WHITE, c);
            }
            mover = m == 'b' ? HEX_BLACK : HEX_WHITE;
            sizes_seen[w > h ? w : h] = 1;
        } else if (strncmp(line, "value ", 6) == 0) {
            want_value = strtof(line + 6, NULL);
        } else if (strncmp(line, "policy ", 7) == 0) {
            ck_assert_msg(g != NULL, "%s:%d: policy before pos", path, lineno);
            float want[HEX_MAX_CELLS];
            char *t = line + 7, *end;
            for (int c = 0; c < g->ncells; c++) {
                want[c] = strtof(t, &end);
                ck_assert_msg(end != t, "%s:%d: short policy", path, lineno);
                t = end;
            }
            float first[HEX_MAX_CELLS + 1];
            for (int path_i = NET_PATH_PORTABLE; path_i < NET_PATHS; path_i++) {
                net_path_t pi = (net_path_t)path_i;
                float pol[HEX_MAX_CELLS], v;
                have_q[path_i] = false;
                if (!net_eval_all(net, s, &p, NULL, mover, (net_path_t)path_i, pol, &v,
                                  got_q[path_i]))
                    continue;
                have_q[path_i] = net_has_move_values(net);
                /* The paths against each other. */
                for (int c = 0; c <= g->ncells; c++) {
                    float x = c < g->ncells ? pol[c] : v;
                    if (path_i == NET_PATH_PORTABLE)
                        first[c] = x;
                    else
                        ck_assert_msg(close_enough(x, first[c], pi, &between[path_i]),
                                      "%s:%d: %s differs from portable: %.9g, %.9g", path,
                                      lineno, net_path_name(pi), x, first[c]);
                }
                ck_assert_msg(close_enough(v, want_value, pi, &worst[path_i]),
                              "%s:%d: %s value %.9g, torch %.9g", path, lineno,
                              net_path_name((net_path_t)path_i), v, want_value);
                for (int c = 0; c < g->ncells; c++)
                    ck_assert_msg(close_enough(pol[c], want[c], pi, &worst[path_i]),
                                  "%s:%d: %s policy of cell %d %.9g, torch %.9g", path,
                                  lineno, net_path_name((net_path_t)path_i), c, pol[c],
                                  want[c]);
            }
            npos++;
        } else if (strncmp(line, "moveval ", 8) == 0) {
            ck_assert_msg(g != NULL && net_has_move_values(net),
                          "%s:%d: moveval without pos or head", path, lineno);
            char *t = line + 8, *end;
            for (int c = 0; c < g->ncells; c++) {
                float want = strtof(t, &end);
                ck_assert_msg(end != t, "%s:%d: short moveval", path, lineno);
                t = end;
                for (int path_i = NET_PATH_PORTABLE; path_i < NET_PATHS; path_i++)
                    if (have_q[path_i])
                        ck_assert_msg(close_enough(got_q[path_i][c], want, (net_path_t)path_i,
                                                   &worst[path_i]),
                                      "%s:%d: %s move value of cell %d %.9g, torch %.9g",
                                      path, lineno, net_path_name((net_path_t)path_i), c,
                                      got_q[path_i][c], want);
            }
            nq++;
        }
    }
    free(line);
    fclose(f);
    if (g) {
        position_free(&p);
        geometry_unref(g);
    }
    ck_assert_int_ge(npos, 12);
    ck_assert_int_eq(nq, net_has_move_values(net) ? npos : 0);
    ck_assert(sizes_seen[1] && sizes_seen[11] && sizes_seen[19]);
    printf("test_net: %d reference positions; largest difference from torch, and from the "
           "portable path:\n", npos);
    for (int path_i = NET_PATH_PORTABLE; path_i < NET_PATHS; path_i++)
        if (net_path_available((net_path_t)path_i))
            printf("  %-8s %.3g  %.3g\n", net_path_name((net_path_t)path_i), worst[path_i],
                   between[path_i]);
        else
            printf("  %-8s not on this machine\n", net_path_name((net_path_t)path_i));
    net_scratch_free(s);
    net_free(net);
}
END_TEST

static Suite *
net_suite(void)
{
    Suite *s = suite_create("net");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, net_loads_the_shipped_file);
    tcase_add_test(tc, net_refuses_bad_files);
    tcase_add_test(tc, net_reads_version_1);
    tcase_add_test(tc, net_planes_of_known_shapes);
    tcase_add_test(tc, net_outputs_are_distributions);
    tcase_add_test(tc, net_frame_is_the_transposed_colour_swap);
    tcase_add_test(tc, net_matches_torch_reference);
    suite_add_tcase(s, tc);
    return s;
}

int
main(void)
{
    SRunner *sr = srunner_create(net_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
