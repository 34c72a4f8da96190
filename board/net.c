/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "board/net.h"
#include "board/bytes.h"
#include "board/wholefile.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#define NET_HAVE_AVX2 1
#include <immintrin.h>
#else
#define NET_HAVE_AVX2 0
#endif

/* The largest input grid (19 + 2) and the activation buffers' side, one
 * more zero cell on each side so a 3x3 convolution reads no bounds. */
#define GRID_MAX (HEX_MAX_SIZE + 2)
#define BUF_MAX (GRID_MAX + 2)


/* A convolution in the layout the forward pass reads: for 3x3, w[tap][in]
 * [out] with tap = 3 * kernel row + kernel column; for 1x1 heads torch's
 * [out][in]. */
typedef struct conv {
    int in, out, taps;
    float *w, *b;
} conv_t;

struct net {
    net_shape_t shape;
    size_t parameters;
    conv_t input;
    conv_t *blocks;             /* 2 * B: conv1, conv2 of each block */
    conv_t policy, moveval, value, fc1, fc2;  /* moveval: version 2 only */
    float *mem;                 /* every tensor above */
    bool avx2;                  /* the CPU runs the AVX2 path (found at load) */
};

/* Activations in HWC order on a (rows + 2) x (cols + 2) buffer whose
 * outer ring stays zero: grid cell (x, y) channel c is at
 * ((y + 1) * stride + x + 1) * channels + c, stride = cols + 2. */
struct net_scratch {
    int channels, value_channels, value_hidden;
    float *in;                  /* NET_PLANES channels */
    float *act[3];              /* C channels each */
    float planes[NET_PLANES * GRID_MAX * GRID_MAX];
    float logit[GRID_MAX * GRID_MAX];
    float qlogit[GRID_MAX * GRID_MAX];  /* the move values' logits */
    float vsum[NET_MAX_CHANNELS], hidden[NET_MAX_CHANNELS];
};

static float
get_f32(const unsigned char *p)
{
    uint32_t u = (uint32_t)bytes_get_le(p, 4);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* How many floats a shape's payload holds. */
static size_t
payload_floats(const net_shape_t *s)
{
    size_t c = (size_t)s->channels, v = (size_t)s->value_channels,
        u = (size_t)s->value_hidden;
    return c * (size_t)s->planes * 9 + c
        + (size_t)s->blocks * 2 * (c * c * 9 + c)
        + c + 1 + (s->move_values ? c + 1 : 0) + v * c + v + u * v + u + u + 1;
}

/* Read one tensor of the payload at *pos into conv's layout. */
static void
read_conv(conv_t *cv, const unsigned char *payload, size_t *pos, float **mem, int out, int in,
          int taps)
{
    cv->in = in;
    cv->out = out;
    cv->taps = taps;
    cv->w = *mem;
    *mem += (size_t)out * in * taps;
    cv->b = *mem;
    *mem += out;
    for (int o = 0; o < out; o++)
        for (int i = 0; i < in; i++)
            for (int t = 0; t < taps; t++) {
                float f = get_f32(payload + *pos);
                *pos += 4;
                if (taps == 9)
                    cv->w[((size_t)t * in + i) * out + o] = f;
                else
                    cv->w[(size_t)o * in + i] = f;
            }
    for (int o = 0; o < out; o++) {
        cv->b[o] = get_f32(payload + *pos);
        *pos += 4;
    }
}

static bool
have_avx2(void)
{
#if NET_HAVE_AVX2
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

net_t *
net_load_bytes(const void *data, size_t len, const char *origin, char *err, size_t errlen)
{
    const unsigned char *h = data;
    if (len < 8 || memcmp(h, NET_MAGIC, 8) != 0) {
        snprintf(err, errlen, "%s: not a hein network file (no \"%s\" magic)", origin,
                 NET_MAGIC);
        return NULL;
    }
    if (len < NET_HEADER_BYTES) {
        snprintf(err, errlen, "%s: truncated header (%zu of %d bytes)", origin, len,
                 NET_HEADER_BYTES);
        return NULL;
    }
    uint64_t version = bytes_get_le(h + 8, 4);
    if (version > NET_FORMAT_VERSION) {
        snprintf(err, errlen,
                 "%s: format version %llu is newer than this program reads (%d)", origin,
                 (unsigned long long)version, NET_FORMAT_VERSION);
        return NULL;
    }
    if (version < 1) {
        snprintf(err, errlen, "%s: unknown format version 0", origin);
        return NULL;
    }
    uint64_t f[8];
    for (int i = 0; i < 8; i++)
        f[i] = bytes_get_le(h + 12 + 4 * i, 4);
    if (f[0] != NET_PLANES || f[1] > NET_MAX_BLOCKS || f[2] < 1 || f[2] > NET_MAX_CHANNELS
        || f[3] < 1 || f[3] > NET_MAX_CHANNELS || f[4] < 1 || f[4] > NET_MAX_CHANNELS
        || f[5] < HEX_MIN_SIZE || f[6] > HEX_MAX_SIZE || f[5] > f[6]) {
        snprintf(err, errlen,
                 "%s: shape out of range (planes %llu, blocks %llu, channels %llu, value "
                 "%llu x %llu, sizes %llu..%llu; this program reads %d planes, at most %d "
                 "blocks of %d channels, sizes %d..%d)", origin,
                 (unsigned long long)f[0], (unsigned long long)f[1],
                 (unsigned long long)f[2], (unsigned long long)f[3],
                 (unsigned long long)f[4], (unsigned long long)f[5],
                 (unsigned long long)f[6], NET_PLANES, NET_MAX_BLOCKS, NET_MAX_CHANNELS,
                 HEX_MIN_SIZE, HEX_MAX_SIZE);
        return NULL;
    }
    net_shape_t shape = {
        .planes = (int)f[0], .blocks = (int)f[1], .channels = (int)f[2],
        .value_channels = (int)f[3], .value_hidden = (int)f[4],
        .min_size = (int)f[5], .max_size = (int)f[6], .move_values = version >= 2
    };
    size_t floats = payload_floats(&shape);
    uint64_t bytes = bytes_get_le(h + 40, 8);
    if (bytes != floats * 4) {
        snprintf(err, errlen, "%s: payload of %llu bytes does not match the shape (%zu)",
                 origin, (unsigned long long)bytes, floats * 4);
        return NULL;
    }
    if (len < NET_HEADER_BYTES + bytes) {
        snprintf(err, errlen, "%s: truncated (%zu of %llu bytes)", origin, len,
                 (unsigned long long)(NET_HEADER_BYTES + bytes));
        return NULL;
    }
    if (len > NET_HEADER_BYTES + bytes) {
        snprintf(err, errlen, "%s: %zu bytes after the payload", origin,
                 len - (size_t)(NET_HEADER_BYTES + bytes));
        return NULL;
    }
    uint64_t sum = bytes_fnv1a(bytes_fnv1a(BYTES_FNV_OFFSET, h, 48), h + NET_HEADER_BYTES, (size_t)bytes);
    if (sum != bytes_get_le(h + 48, 8)) {
        snprintf(err, errlen, "%s: checksum mismatch (the file is damaged)", origin);
        return NULL;
    }
    const unsigned char *payload = h + NET_HEADER_BYTES;
    for (size_t i = 0; i < floats; i++)
        if (!isfinite(get_f32(payload + 4 * i))) {
            snprintf(err, errlen, "%s: weight %zu is not a finite number", origin, i);
            return NULL;
        }
    net_t *net = calloc(1, sizeof *net);
    float *mem = net ? malloc(floats * sizeof *mem) : NULL;
    conv_t *blocks = mem ? calloc((size_t)(2 * shape.blocks + 1), sizeof *blocks) : NULL;
    if (!blocks) {
        free(mem);
        free(net);
        snprintf(err, errlen, "%s: out of memory", origin);
        return NULL;
    }
    net->shape = shape;
    net->parameters = floats;
    net->avx2 = have_avx2();
    net->mem = mem;
    net->blocks = blocks;
    size_t pos = 0;
    int c = shape.channels;
    read_conv(&net->input, payload, &pos, &mem, c, NET_PLANES, 9);
    for (int b = 0; b < 2 * shape.blocks; b++)
        read_conv(&net->blocks[b], payload, &pos, &mem, c, c, 9);
    read_conv(&net->policy, payload, &pos, &mem, 1, c, 1);
    if (shape.move_values)
        read_conv(&net->moveval, payload, &pos, &mem, 1, c, 1);
    read_conv(&net->value, payload, &pos, &mem, shape.value_channels, c, 1);
    read_conv(&net->fc1, payload, &pos, &mem, shape.value_hidden, shape.value_channels, 1);
    read_conv(&net->fc2, payload, &pos, &mem, 1, shape.value_hidden, 1);
    return net;
}

net_t *
net_load(const char *path, char *err, size_t errlen)
{
    char why[256];
    size_t len;
    char *buf = wholefile_read(path, &len, why, sizeof why);
    if (!buf) {
        snprintf(err, errlen, "%s: %s", path, why);
        return NULL;
    }
    net_t *net = net_load_bytes(buf, len, path, err, errlen);
    free(buf);
    return net;
}

void
net_free(net_t *net)
{
    if (!net)
        return;
    free(net->blocks);
    free(net->mem);
    free(net);
}

net_shape_t
net_shape(const net_t *net)
{
    return net->shape;
}

size_t
net_parameters(const net_t *net)
{
    return net->parameters;
}

net_scratch_t *
net_scratch_new(const net_t *net)
{
    net_scratch_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->channels = net->shape.channels;
    s->value_channels = net->shape.value_channels;
    s->value_hidden = net->shape.value_hidden;
    size_t cells = (size_t)BUF_MAX * BUF_MAX;
    s->in = calloc(cells * NET_PLANES, sizeof(float));
    bool ok = s->in != NULL;
    for (int i = 0; i < 3; i++) {
        s->act[i] = calloc(cells * (size_t)s->channels, sizeof(float));
        ok = ok && s->act[i];
    }
    if (!ok) {
        net_scratch_free(s);
        return NULL;
    }
    return s;
}

void
net_scratch_free(net_scratch_t *s)
{
    if (!s)
        return;
    free(s->in);
    for (int i = 0; i < 3; i++)
        free(s->act[i]);
    free(s);
}

bool
net_path_available(net_path_t path)
{
    return path == NET_PATH_AVX2 ? have_avx2() : path == NET_PATH_AUTO
        || path == NET_PATH_PORTABLE;
}

const char *
net_path_name(net_path_t path)
{
    return path == NET_PATH_AVX2 ? "avx2" : path == NET_PATH_PORTABLE ? "portable" : "auto";
}

/* ------------------------------------------------------------------ */
/* The input planes. */

/* The ring's directions in circular order (column, row). */
static const int dir_c[6] = { 1, 1, 0, -1, -1, 0 };
static const int dir_r[6] = { 0, -1, -1, 0, 1, 1 };

enum { MINE = 1, THEIRS = 2 };

/* The mover's frame: the board of p for `mover`, cols x rows, each place
 * 0 (empty), MINE or THEIRS; off the board the edges' owners. */
typedef struct frame {
    int cols, rows;
    unsigned char st[HEX_MAX_SIZE][HEX_MAX_SIZE];       /* [row][col] */
} frame_t;

/* The frame of p for the mover, the cells of `empty` (NULL: none) read
 * as empty. */
static void
frame_make(frame_t *f, const position_t *p, hex_color_t mover, const bitset_t *empty)
{
    const geometry_t *g = p->geo;
    bool tr = mover == HEX_WHITE;
    f->cols = tr ? g->height : g->width;
    f->rows = tr ? g->width : g->height;
    for (int r = 0; r < f->rows; r++)
        for (int c = 0; c < f->cols; c++) {
            int id = tr ? c * g->width + r : r * g->width + c;
            hex_color_t col = empty && bitset_test(empty, id) ? HEX_EMPTY
                : position_color_at(p, id);
            f->st[r][c] = col == HEX_EMPTY ? 0 : col == mover ? MINE : THEIRS;
        }
}

/* The owner of any place (off the board: an off row is the mover's edge,
 * else an off column is the opponent's); *on tells whether it is a cell. */
static int
frame_at(const frame_t *f, int c, int r, bool *on)
{
    *on = false;
    if (r < 0 || r >= f->rows)
        return MINE;
    if (c < 0 || c >= f->cols)
        return THEIRS;
    *on = true;
    return f->st[r][c];
}

/* Plane k of grid cell (x, y) of a rows x cols grid. */
#define PLANE(pl, k, y, x) (pl)[((k) * rows + (y)) * cols + (x)]

static void
frame_planes(const frame_t *f, float *planes)
{
    int rows = f->rows + 2, cols = f->cols + 2;
    memset(planes, 0, sizeof(float) * NET_PLANES * rows * cols);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            bool on;
            int s = frame_at(f, x - 1, y - 1, &on);
            PLANE(planes, 0, y, x) = s == MINE;
            PLANE(planes, 1, y, x) = s == THEIRS;
            PLANE(planes, 2, y, x) = on && s == 0;
            PLANE(planes, 3, y, x) = on;
            if (!on || s != 0)
                continue;
            int nb[6];
            bool non[6];
            for (int i = 0; i < 6; i++)
                nb[i] = frame_at(f, x - 1 + dir_c[i], y - 1 + dir_r[i], &non[i]);
            for (int i = 0; i < 6; i++) {
                int a = i, d = (i + 1) % 6, b = (i + 2) % 6;
                if (nb[a] != nb[b] || nb[a] == 0 || (!non[a] && !non[b]) || !non[d])
                    continue;
                int own = nb[a];
                if (nb[d] == 0)
                    PLANE(planes, own == MINE ? 4 : 6, y, x) = 1;
                else if (nb[d] != own)
                    PLANE(planes, own == MINE ? 5 : 7, y, x) = 1;
            }
        }
}

void
net_input_planes(const position_t *p, hex_color_t to_move, float *planes, int *rows,
                 int *cols)
{
    frame_t f;
    frame_make(&f, p, to_move, NULL);
    frame_planes(&f, planes);
    *rows = f.rows + 2;
    *cols = f.cols + 2;
}

/* ------------------------------------------------------------------ */
/* The forward pass. */

/* One 3x3 convolution over a rows x cols grid, in HWC buffers with a zero
 * ring (see struct net_scratch): out = conv(in) + bias (+ res), ReLU. */
static void
conv3_portable(const conv_t *cv, const float *in, float *out, const float *res, int rows,
               int cols)
{
    int stride = cols + 2, ci = cv->in, co = cv->out;
    float acc[NET_MAX_CHANNELS];
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            memcpy(acc, cv->b, sizeof(float) * co);
            for (int t = 0; t < 9; t++) {
                const float *ip = in + ((size_t)(y + t / 3) * stride + x + t % 3) * ci;
                const float *wt = cv->w + (size_t)t * ci * co;
                for (int i = 0; i < ci; i++) {
                    float v = ip[i];
                    if (v == 0.0f)
                        continue;
                    const float *w = wt + (size_t)i * co;
                    for (int o = 0; o < co; o++)
                        acc[o] += v * w[o];
                }
            }
            size_t at = ((size_t)(y + 1) * stride + x + 1) * co;
            for (int o = 0; o < co; o++) {
                float v = acc[o] + (res ? res[at + o] : 0.0f);
                out[at + o] = v > 0.0f ? v : 0.0f;
            }
        }
}

#if NET_HAVE_AVX2
/* np (1..6) buffer cells from cell q on (buffer cells, in the buffer's
 * row order), output channels ob .. ob + 15: 2 * np accumulators, the
 * weights' two vectors loaded once for all the cells.  Inlined with a
 * constant np, the accumulators stay in registers (15 of the 16 at
 * np = 6). */
__attribute__((target("avx2,fma"), always_inline))
static inline void
conv3_cells_avx2(const conv_t *cv, const float *in, float *out, const float *res,
                 int stride, size_t q, int np, int ob)
{
    int ci = cv->in, co = cv->out;
    __m256 a[6][2];
    __m256 b0 = _mm256_loadu_ps(cv->b + ob), b1 = _mm256_loadu_ps(cv->b + ob + 8);
    for (int k = 0; k < np; k++) {
        a[k][0] = b0;
        a[k][1] = b1;
    }
    for (int t = 0; t < 9; t++) {
        const float *ip = in + (q + (size_t)(t / 3) * stride + t % 3 - stride - 1) * ci;
        const float *wt = cv->w + (size_t)t * ci * co + ob;
        for (int i = 0; i < ci; i++) {
            const float *w = wt + (size_t)i * co;
            __m256 w0 = _mm256_loadu_ps(w), w1 = _mm256_loadu_ps(w + 8);
            for (int k = 0; k < np; k++) {
                __m256 v = _mm256_broadcast_ss(ip + (size_t)k * ci + i);
                a[k][0] = _mm256_fmadd_ps(v, w0, a[k][0]);
                a[k][1] = _mm256_fmadd_ps(v, w1, a[k][1]);
            }
        }
    }
    const __m256 zero = _mm256_setzero_ps();
    for (int k = 0; k < np; k++)
        for (int h = 0; h < 2; h++) {
            __m256 v = a[k][h];
            size_t o = (q + k) * co + ob + 8 * h;
            if (res)
                v = _mm256_add_ps(v, _mm256_loadu_ps(res + o));
            _mm256_storeu_ps(out + o, _mm256_max_ps(v, zero));
        }
}

/* The same as conv3_portable for out % 16 == 0.  The buffer cells from
 * the grid's first to its last are taken in runs of six in the buffer's
 * order, across the ends of the rows (the zero ring's cells between two
 * rows are computed too, then zeroed again): full runs keep twelve
 * multiply-add chains going on any board size; 16 output channels per
 * pass. */
__attribute__((target("avx2,fma")))
static void
conv3_avx2(const conv_t *cv, const float *in, float *out, const float *res, int rows,
           int cols)
{
    int stride = cols + 2, co = cv->out;
    size_t first = (size_t)stride + 1, end = (size_t)rows * stride + cols + 1, q = first;
    for (; q + 6 <= end; q += 6)
        for (int ob = 0; ob < co; ob += 16)
            conv3_cells_avx2(cv, in, out, res, stride, q, 6, ob);
    for (int ob = 0; ob < co; ob += 16)
        switch (end - q) {
        case 5: conv3_cells_avx2(cv, in, out, res, stride, q, 5, ob); break;
        case 4: conv3_cells_avx2(cv, in, out, res, stride, q, 4, ob); break;
        case 3: conv3_cells_avx2(cv, in, out, res, stride, q, 3, ob); break;
        case 2: conv3_cells_avx2(cv, in, out, res, stride, q, 2, ob); break;
        case 1: conv3_cells_avx2(cv, in, out, res, stride, q, 1, ob); break;
        default: break;
        }
    for (int y = 1; y <= rows; y++) {
        memset(out + (size_t)y * stride * co, 0, sizeof(float) * co);
        memset(out + ((size_t)y * stride + cols + 1) * co, 0, sizeof(float) * co);
    }
}
#endif

typedef void (*conv3_fn)(const conv_t *, const float *, float *, const float *, int, int);

/* The forward pass on the frame's grid: the logits of the grid cells
 * (rows x cols) into s->logit and the value. */
static float
forward(const net_t *net, net_scratch_t *s, const frame_t *f, conv3_fn conv3)
{
    int rows = f->rows + 2, cols = f->cols + 2, stride = cols + 2, c = net->shape.channels;
    assert(c <= s->channels && net->shape.value_channels <= s->value_channels);
    size_t cells = (size_t)(rows + 2) * stride;
    frame_planes(f, s->planes);
    memset(s->in, 0, sizeof(float) * cells * NET_PLANES);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++)
            for (int k = 0; k < NET_PLANES; k++)
                s->in[((size_t)(y + 1) * stride + x + 1) * NET_PLANES + k] =
                    PLANE(s->planes, k, y, x);
    for (int i = 0; i < 3; i++)
        memset(s->act[i], 0, sizeof(float) * cells * c);
    /* Plain C for the input layer: its 8 inputs are mostly zero, which the
     * portable loop skips. */
    conv3_portable(&net->input, s->in, s->act[0], NULL, rows, cols);
    float *x = s->act[0], *t = s->act[1], *y = s->act[2];
    for (int b = 0; b < net->shape.blocks; b++) {
        conv3(&net->blocks[2 * b], x, t, NULL, rows, cols);
        conv3(&net->blocks[2 * b + 1], t, y, x, rows, cols);
        float *sw = x;
        x = y;
        y = sw;
    }
    int nv = net->shape.value_channels, nu = net->shape.value_hidden;
    for (int k = 0; k < nv; k++)
        s->vsum[k] = 0.0f;
    for (int yy = 0; yy < rows; yy++)
        for (int xx = 0; xx < cols; xx++) {
            const float *h = x + ((size_t)(yy + 1) * stride + xx + 1) * c;
            float l = net->policy.b[0];
            for (int i = 0; i < c; i++)
                l += net->policy.w[i] * h[i];
            s->logit[yy * cols + xx] = l;
            if (net->shape.move_values) {
                float q = net->moveval.b[0];
                for (int i = 0; i < c; i++)
                    q += net->moveval.w[i] * h[i];
                s->qlogit[yy * cols + xx] = q;
            }
            bool on = yy >= 1 && yy <= f->rows && xx >= 1 && xx <= f->cols;
            if (!on)
                continue;
            for (int k = 0; k < nv; k++) {
                const float *w = net->value.w + (size_t)k * c;
                float v = net->value.b[k];
                for (int i = 0; i < c; i++)
                    v += w[i] * h[i];
                s->vsum[k] += v > 0.0f ? v : 0.0f;
            }
        }
    float n = (float)(f->rows * f->cols);
    for (int k = 0; k < nv; k++)
        s->vsum[k] /= n;
    float out = net->fc2.b[0];
    for (int u = 0; u < nu; u++) {
        const float *w = net->fc1.w + (size_t)u * nv;
        float v = net->fc1.b[u];
        for (int k = 0; k < nv; k++)
            v += w[k] * s->vsum[k];
        s->hidden[u] = v > 0.0f ? v : 0.0f;
        out += net->fc2.w[u] * s->hidden[u];
    }
    return 1.0f / (1.0f + expf(-out));
}

bool
net_has_move_values(const net_t *net)
{
    return net->shape.move_values;
}

bool
net_eval_all(const net_t *net, net_scratch_t *s, const position_t *p, const bitset_t *empty,
             hex_color_t to_move, net_path_t path, float *policy, float *value, float *moveval)
{
    if (path == NET_PATH_AVX2 && !net->avx2)
        return false;
    conv3_fn conv3 = conv3_portable;
#if NET_HAVE_AVX2
    if (path != NET_PATH_PORTABLE && net->avx2 && net->shape.channels % 16 == 0)
        conv3 = conv3_avx2;
#endif
    frame_t f;
    frame_make(&f, p, to_move, empty);
    float v = forward(net, s, &f, conv3);
    if (value)
        *value = v;
    const geometry_t *g = p->geo;
    bool tr = to_move == HEX_WHITE;
    int cols = f.cols + 2;
    float top = -INFINITY;
    for (int r = 0; r < f.rows; r++)
        for (int c = 0; c < f.cols; c++)
            if (f.st[r][c] == 0 && s->logit[(r + 1) * cols + c + 1] > top)
                top = s->logit[(r + 1) * cols + c + 1];
    double total = 0.0;
    for (int r = 0; r < f.rows; r++)
        for (int c = 0; c < f.cols; c++) {
            int id = tr ? c * g->width + r : r * g->width + c;
            float e = f.st[r][c] == 0 ? expf(s->logit[(r + 1) * cols + c + 1] - top) : 0.0f;
            policy[id] = e;
            total += e;
            if (moveval && net->shape.move_values)
                moveval[id] = f.st[r][c] == 0
                    ? 1.0f / (1.0f + expf(-s->qlogit[(r + 1) * cols + c + 1])) : 0.0f;
        }
    if (total > 0.0)
        for (int i = 0; i < g->ncells; i++)
            policy[i] = (float)(policy[i] / total);
    return true;
}

bool
net_eval_path(const net_t *net, net_scratch_t *s, const position_t *p, hex_color_t to_move,
              net_path_t path, float *policy, float *value)
{
    return net_eval_all(net, s, p, NULL, to_move, path, policy, value, NULL);
}

void
net_eval(const net_t *net, net_scratch_t *s, const position_t *p, hex_color_t to_move,
         float *policy, float *value)
{
    net_eval_all(net, s, p, NULL, to_move, NET_PATH_AUTO, policy, value, NULL);
}

void
net_eval_without(const net_t *net, net_scratch_t *s, const position_t *p,
                 const bitset_t *empty, hex_color_t to_move, float *policy, float *value)
{
    net_eval_all(net, s, p, empty, to_move, NET_PATH_AUTO, policy, value, NULL);
}
