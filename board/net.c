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
/* AVX-512 and AMX: x86-64 with a compiler that knows their intrinsics
 * under a target attribute (GCC 11, clang 12), on Linux, whose kernel
 * hands out the AMX tile state on request (arch_prctl). */
#if defined(__x86_64__) && defined(__linux__) \
    && ((defined(__clang__) && __clang_major__ >= 12) \
        || (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 11))
#define NET_HAVE_AMX 1
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>
#else
#define NET_HAVE_AMX 0
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
    /* The residual blocks' 3x3 weights for the AMX path, in bfloat16, 2 * B
     * convolutions of 9 * C * C each: for tap t, input chunk k (32
     * channels), output tile n (16 channels), the 16 x 32 tile whose row r
     * holds, for each output channel o of the tile, inputs 2r and 2r + 1
     * of the chunk (AMX's pair layout); NULL when the path is not run. */
    uint16_t *amx_w;
    /* The three 1x1 heads side by side, transposed for a loop over the
     * outputs: head_w[i * heads + k] is input i's weight to output k, k 0
     * the policy, 1 the move value (0 without the head), 2 .. V + 1 the
     * value head's convolution, then zeros up to heads (a multiple of 16);
     * head_b their biases. */
    float *head_w, *head_b;
    int heads;
    bool avx2, avx512, amx;     /* the paths the CPU runs (found at load) */
};

/* Activations in HWC order on a (rows + 2) x (cols + 2) buffer whose
 * outer ring stays zero: grid cell (x, y) channel c is at
 * ((y + 1) * stride + x + 1) * channels + c, stride = cols + 2. */
struct net_scratch {
    int channels, value_channels, value_hidden;
    float *in;                  /* NET_PLANES channels */
    float *act[3];              /* C channels each */
    /* The AMX path: act[i] in bfloat16 (the convolutions' inputs), with
     * AMX_SLACK cells more (a tile of cells read past the grid's end), and
     * the 32 cells x C outputs of one tile pass; NULL without the path. */
    uint16_t *act16[3];
    float *amx_out;
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

static bool
have_avx512(void)
{
#if NET_HAVE_AMX
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f");
#else
    return false;
#endif
}

/* AMX with bfloat16 tiles, and the kernel's leave to use the tile state
 * (asked for once per process; asking again is harmless, so threads that
 * load nets at once may both ask). */
static bool
have_amx(void)
{
#if NET_HAVE_AMX
    enum { ARCH_GET_XCOMP_PERM = 0x1022, ARCH_REQ_XCOMP_PERM = 0x1023, XFEATURE_XTILEDATA = 18 };
    /* CPUID leaf 7: EDX bit 22 AMX-BF16, bit 24 AMX-TILE (asked directly:
     * not every compiler's __builtin_cpu_supports knows them). */
    unsigned a, b, c, d;
    if (!have_avx512() || !__get_cpuid_count(7, 0, &a, &b, &c, &d)
        || !(d & (1u << 22)) || !(d & (1u << 24)))
        return false;
    unsigned long features = 0;
    if (syscall(SYS_arch_prctl, ARCH_GET_XCOMP_PERM, &features) == 0
        && (features & (1ul << XFEATURE_XTILEDATA)))
        return true;
    return syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) == 0;
#else
    return false;
#endif
}

/* A float rounded to the nearest bfloat16 (ties to even; the weights and
 * activations are finite). */
static uint16_t
to_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

/* The cells a tile pass may read past a grid's last cell, and the cells
 * of one pass (two tiles of 16 rows). */
#define AMX_CELLS 32
#define AMX_SLACK (AMX_CELLS + BUF_MAX + 2)

/* The blocks' weights in the AMX layout (struct net); false when memory
 * is short. */
static bool
amx_weights(net_t *net)
{
    int c = net->shape.channels, convs = 2 * net->shape.blocks;
    size_t per = (size_t)9 * c * c;
    net->amx_w = aligned_alloc(64, (per * (size_t)convs * sizeof(uint16_t) + 63) / 64 * 64);
    if (!net->amx_w)
        return false;
    int chunks = c / 32, tiles = c / 16;
    for (int b = 0; b < convs; b++) {
        const conv_t *cv = &net->blocks[b];
        uint16_t *w = net->amx_w + (size_t)b * per;
        for (int t = 0; t < 9; t++)
            for (int k = 0; k < chunks; k++)
                for (int n = 0; n < tiles; n++)
                    for (int r = 0; r < 16; r++)
                        for (int o = 0; o < 16; o++)
                            for (int j = 0; j < 2; j++) {
                                int in = 32 * k + 2 * r + j, out = 16 * n + o;
                                *w++ = to_bf16(cv->w[((size_t)t * c + in) * c + out]);
                            }
    }
    return true;
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
    net->avx512 = have_avx512();
    net->amx = have_amx();
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
    /* The heads side by side. */
    int v = shape.value_channels;
    net->heads = (2 + v + 15) / 16 * 16;
    net->head_w = calloc((size_t)(c + 1) * net->heads, sizeof(float));
    if (!net->head_w) {
        net_free(net);
        snprintf(err, errlen, "%s: out of memory", origin);
        return NULL;
    }
    net->head_b = net->head_w + (size_t)c * net->heads;
    for (int i = 0; i < c; i++) {
        float *w = net->head_w + (size_t)i * net->heads;
        w[0] = net->policy.w[i];
        w[1] = shape.move_values ? net->moveval.w[i] : 0.0f;
        for (int k = 0; k < v; k++)
            w[2 + k] = net->value.w[(size_t)k * c + i];
    }
    net->head_b[0] = net->policy.b[0];
    net->head_b[1] = shape.move_values ? net->moveval.b[0] : 0.0f;
    for (int k = 0; k < v; k++)
        net->head_b[2 + k] = net->value.b[k];
    /* The AMX path takes nets of whole 32-channel chunks. */
    net->amx = net->amx && c % 32 == 0 && shape.blocks > 0;
    if (net->amx && !amx_weights(net)) {
        net_free(net);
        snprintf(err, errlen, "%s: out of memory", origin);
        return NULL;
    }
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
    free(net->amx_w);
    free(net->head_w);
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
    if (net->amx) {
        size_t c = (size_t)s->channels;
        for (int i = 0; i < 3; i++) {
            s->act16[i] = aligned_alloc(64, (cells + AMX_SLACK) * c * sizeof(uint16_t));
            ok = ok && s->act16[i];
            if (s->act16[i])
                memset(s->act16[i], 0, (cells + AMX_SLACK) * c * sizeof(uint16_t));
        }
        s->amx_out = aligned_alloc(64, AMX_CELLS * c * sizeof(float));
        ok = ok && s->amx_out;
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
    for (int i = 0; i < 3; i++) {
        free(s->act[i]);
        free(s->act16[i]);
    }
    free(s->amx_out);
    free(s);
}

bool
net_path_available(net_path_t path)
{
    switch (path) {
    case NET_PATH_AUTO:
    case NET_PATH_PORTABLE: return true;
    case NET_PATH_AVX2: return have_avx2();
    case NET_PATH_AVX512: return have_avx512();
    case NET_PATH_AMX: return have_amx();
    default: return false;
    }
}

const char *
net_path_name(net_path_t path)
{
    static const char *const names[NET_PATHS] = {
        [NET_PATH_AUTO] = "auto", [NET_PATH_PORTABLE] = "portable", [NET_PATH_AVX2] = "avx2",
        [NET_PATH_AVX512] = "avx512", [NET_PATH_AMX] = "amx"
    };
    return (unsigned)path < NET_PATHS ? names[path] : "?";
}

float
net_path_tolerance(net_path_t path)
{
    return path == NET_PATH_AMX ? NET_TOLERANCE_BF16 : NET_TOLERANCE;
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
/* Zero the ring cells left and right of each grid row of an HWC buffer
 * (c channels), which the vector convolutions computed across the rows'
 * ends. */
static void
zero_ring(float *out, int rows, int cols, int c)
{
    int stride = cols + 2;
    for (int y = 1; y <= rows; y++) {
        memset(out + (size_t)y * stride * c, 0, sizeof(float) * c);
        memset(out + ((size_t)y * stride + cols + 1) * c, 0, sizeof(float) * c);
    }
}

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
    /* the last run of fewer cells: the same kernel, not unrolled */
    for (int ob = 0; q < end && ob < co; ob += 16)
        conv3_cells_avx2(cv, in, out, res, stride, q, (int)(end - q), ob);
    zero_ring(out, rows, cols, co);
}
#endif

#if NET_HAVE_AMX
/* np (1..12) buffer cells from cell q on, output channels ob .. ob + 31:
 * conv3_cells_avx2 with 16-wide vectors, twice the cells (24
 * accumulators of the 32 registers). */
__attribute__((target("avx512f"), always_inline))
static inline void
conv3_cells_avx512(const conv_t *cv, const float *in, float *out, const float *res,
                   int stride, size_t q, int np, int ob)
{
    int ci = cv->in, co = cv->out;
    __m512 a[12][2];
    __m512 b0 = _mm512_loadu_ps(cv->b + ob), b1 = _mm512_loadu_ps(cv->b + ob + 16);
    for (int k = 0; k < np; k++) {
        a[k][0] = b0;
        a[k][1] = b1;
    }
    for (int t = 0; t < 9; t++) {
        const float *ip = in + (q + (size_t)(t / 3) * stride + t % 3 - stride - 1) * ci;
        const float *wt = cv->w + (size_t)t * ci * co + ob;
        for (int i = 0; i < ci; i++) {
            const float *w = wt + (size_t)i * co;
            __m512 w0 = _mm512_loadu_ps(w), w1 = _mm512_loadu_ps(w + 16);
            for (int k = 0; k < np; k++) {
                __m512 v = _mm512_set1_ps(ip[(size_t)k * ci + i]);
                a[k][0] = _mm512_fmadd_ps(v, w0, a[k][0]);
                a[k][1] = _mm512_fmadd_ps(v, w1, a[k][1]);
            }
        }
    }
    const __m512 zero = _mm512_setzero_ps();
    for (int k = 0; k < np; k++)
        for (int h = 0; h < 2; h++) {
            __m512 v = a[k][h];
            size_t o = (q + k) * co + ob + 16 * h;
            if (res)
                v = _mm512_add_ps(v, _mm512_loadu_ps(res + o));
            _mm512_storeu_ps(out + o, _mm512_max_ps(v, zero));
        }
}

/* conv3_avx2 with conv3_cells_avx512, for out % 32 == 0: runs of twelve
 * cells, 32 output channels per pass. */
__attribute__((target("avx512f")))
static void
conv3_avx512(const conv_t *cv, const float *in, float *out, const float *res, int rows,
             int cols)
{
    int stride = cols + 2, co = cv->out;
    size_t first = (size_t)stride + 1, end = (size_t)rows * stride + cols + 1, q = first;
    for (; q + 12 <= end; q += 12)
        for (int ob = 0; ob < co; ob += 32)
            conv3_cells_avx512(cv, in, out, res, stride, q, 12, ob);
    for (int ob = 0; q < end && ob < co; ob += 32)
        conv3_cells_avx512(cv, in, out, res, stride, q, (int)(end - q), ob);
    zero_ring(out, rows, cols, co);
}

/* 16 floats rounded to bfloat16 (to_bf16's rule). */
__attribute__((target("avx512f"), always_inline))
static inline __m256i
bf16x16(__m512 v)
{
    __m512i u = _mm512_castps_si512(v);
    __m512i odd = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    u = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), odd);
    return _mm512_cvtepi32_epi16(_mm512_srli_epi32(u, 16));
}

/* n floats (a multiple of 16) rounded to bfloat16. */
__attribute__((target("avx512f")))
static void
to_bf16_all(const float *src, uint16_t *dst, size_t n)
{
    for (size_t i = 0; i < n; i += 16)
        _mm256_storeu_si256((__m256i *)(dst + i), bf16x16(_mm512_loadu_ps(src + i)));
}

/* One of the blocks' 3x3 convolutions on the AMX path: in16 (bfloat16)
 * convolved with weights w (struct net's layout), plus bias (+ res),
 * ReLU, into out (fp32, may be NULL) and out16 (bfloat16).  The grid's
 * buffer cells are taken 32 at a time (two tiles of 16 rows, a cell a
 * row), as conv3_avx2 takes them, 32 output channels per pass (two
 * tiles): four accumulator tiles, each tap and 32-channel input chunk
 * loaded as a tile straight from the buffer (the cells' channels are
 * a tile's rows, the tap one offset), products summed in fp32. */
__attribute__((target("avx512f,amx-tile,amx-bf16")))
static void
conv3_amx(const uint16_t *w, const float *bias, const uint16_t *in16, float *out,
          uint16_t *out16, const float *res, float *tmp, int c, int rows, int cols)
{
    int stride = cols + 2, chunks = c / 32, tiles = c / 16;
    size_t first = (size_t)stride + 1, end = (size_t)rows * stride + cols + 1;
    size_t row_bytes = (size_t)c * sizeof(uint16_t);
    for (size_t q = first; q < end; q += AMX_CELLS) {
        for (int n = 0; n < tiles; n += 2) {
            _tile_zero(0);
            _tile_zero(1);
            _tile_zero(2);
            _tile_zero(3);
            for (int t = 0; t < 9; t++) {
                const uint16_t *ip = in16 + (q + (size_t)(t / 3) * stride + t % 3 - stride - 1) * c;
                for (int k = 0; k < chunks; k++) {
                    const uint16_t *wt = w + (((size_t)t * chunks + k) * tiles + n) * 512;
                    _tile_loadd(4, ip + 32 * k, row_bytes);
                    _tile_loadd(5, ip + 16 * (size_t)c + 32 * k, row_bytes);
                    _tile_loadd(6, wt, 64);
                    _tile_loadd(7, wt + 512, 64);
                    _tile_dpbf16ps(0, 4, 6);
                    _tile_dpbf16ps(1, 4, 7);
                    _tile_dpbf16ps(2, 5, 6);
                    _tile_dpbf16ps(3, 5, 7);
                }
            }
            size_t tb = (size_t)c * sizeof(float);
            _tile_stored(0, tmp + 16 * n, tb);
            _tile_stored(1, tmp + 16 * n + 16, tb);
            _tile_stored(2, tmp + 16 * (size_t)c + 16 * n, tb);
            _tile_stored(3, tmp + 16 * (size_t)c + 16 * n + 16, tb);
        }
        size_t m = end - q < AMX_CELLS ? end - q : AMX_CELLS;
        for (size_t k = 0; k < m; k++)
            for (int o = 0; o < c; o += 16) {
                size_t at = (q + k) * c + o;
                __m512 v = _mm512_add_ps(_mm512_loadu_ps(tmp + k * c + o),
                                         _mm512_loadu_ps(bias + o));
                if (res)
                    v = _mm512_add_ps(v, _mm512_loadu_ps(res + at));
                v = _mm512_max_ps(v, _mm512_setzero_ps());
                if (out)
                    _mm512_storeu_ps(out + at, v);
                _mm256_storeu_si256((__m256i *)(out16 + at), bf16x16(v));
            }
    }
    for (int y = 1; y <= rows; y++) {
        size_t l = (size_t)y * stride, r = l + cols + 1;
        memset(out16 + l * c, 0, row_bytes);
        memset(out16 + r * c, 0, row_bytes);
    }
    if (out)
        zero_ring(out, rows, cols, c);
}

/* The tile configuration of conv3_amx: palette 1, eight tiles of 16 rows
 * of 64 bytes. */
typedef struct amx_config {
    uint8_t palette, start_row, reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} amx_config_t;

/* The residual blocks on the AMX path, from act[0] (the input layer's
 * output): the tower's output's buffer. */
__attribute__((target("avx512f,amx-tile,amx-bf16")))
static float *
blocks_amx(const net_t *net, net_scratch_t *s, int rows, int cols)
{
    int c = net->shape.channels, stride = cols + 2;
    size_t cells = (size_t)(rows + 2) * stride;
    amx_config_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int i = 0; i < 8; i++) {
        cfg.rows[i] = 16;
        cfg.colsb[i] = 64;
    }
    _tile_loadconfig(&cfg);
    for (int i = 0; i < 3; i++)
        memset(s->act16[i], 0, cells * c * sizeof(uint16_t));
    to_bf16_all(s->act[0], s->act16[0], cells * c);
    size_t per = (size_t)9 * c * c;
    int x = 0, t = 1, y = 2;
    for (int b = 0; b < net->shape.blocks; b++) {
        conv3_amx(net->amx_w + 2 * b * per, net->blocks[2 * b].b, s->act16[x], NULL,
                  s->act16[t], NULL, s->amx_out, c, rows, cols);
        conv3_amx(net->amx_w + (2 * b + 1) * per, net->blocks[2 * b + 1].b, s->act16[t],
                  s->act[y], s->act16[y], s->act[x], s->amx_out, c, rows, cols);
        int sw = x;
        x = y;
        y = sw;
    }
    _tile_release();
    return s->act[x];
}
#endif

typedef void (*conv3_fn)(const conv_t *, const float *, float *, const float *, int, int);

/* The forward pass on the frame's grid: the logits of the grid cells
 * (rows x cols) into s->logit and the value.  The residual blocks run
 * with conv3, or on the AMX path when amx. */
static float
forward(const net_t *net, net_scratch_t *s, const frame_t *f, conv3_fn conv3, bool amx)
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
#if NET_HAVE_AMX
    if (amx)
        x = blocks_amx(net, s, rows, cols);
#else
    (void)amx;
#endif
    for (int b = 0; b < net->shape.blocks && !amx; b++) {
        conv3(&net->blocks[2 * b], x, t, NULL, rows, cols);
        conv3(&net->blocks[2 * b + 1], t, y, x, rows, cols);
        float *sw = x;
        x = y;
        y = sw;
    }
    int nv = net->shape.value_channels, nu = net->shape.value_hidden;
    for (int k = 0; k < nv; k++)
        s->vsum[k] = 0.0f;
    /* The heads on the board's cells (the ring's logits are not read):
     * each output summed over the inputs in order, as one multiply-add
     * chain per output, the outputs side by side. */
    int nh = net->heads;
    float out_k[NET_MAX_CHANNELS + 16];
    for (int yy = 1; yy <= f->rows; yy++)
        for (int xx = 1; xx <= f->cols; xx++) {
            const float *h = x + ((size_t)(yy + 1) * stride + xx + 1) * c;
            memcpy(out_k, net->head_b, sizeof(float) * nh);
            for (int i = 0; i < c; i++) {
                const float *w = net->head_w + (size_t)i * nh;
                float hi = h[i];
                for (int k = 0; k < nh; k++)
                    out_k[k] += w[k] * hi;
            }
            s->logit[yy * cols + xx] = out_k[0];
            s->qlogit[yy * cols + xx] = out_k[1];
            for (int k = 0; k < nv; k++)
                s->vsum[k] += out_k[2 + k] > 0.0f ? out_k[2 + k] : 0.0f;
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
    if ((path == NET_PATH_AVX2 && !net->avx2) || (path == NET_PATH_AVX512 && !net->avx512)
        || (path == NET_PATH_AMX && !net->amx) || (unsigned)path >= NET_PATHS)
        return false;
    conv3_fn conv3 = conv3_portable;
    int channels = net->shape.channels;
    bool amx = false;
#if NET_HAVE_AVX2
    if (path != NET_PATH_PORTABLE && net->avx2 && channels % 16 == 0)
        conv3 = conv3_avx2;
#endif
#if NET_HAVE_AMX
    amx = net->amx && (path == NET_PATH_AMX || path == NET_PATH_AUTO);
    if ((path == NET_PATH_AVX512 || path == NET_PATH_AUTO) && net->avx512 && channels % 32 == 0)
        conv3 = conv3_avx512;
#endif
    frame_t f;
    frame_make(&f, p, to_move, empty);
    float v = forward(net, s, &f, conv3, amx);
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
