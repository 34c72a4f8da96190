/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/lib/png.h"

/* The longest match deflate codes. */
#define PNG_MATCH_MAX 258

void
png_image_init(png_image_t *img, int width, int height,
               const png_color_t *palette, int colors,
               unsigned char background)
{
    size_t n = (size_t)width * (size_t)height;

    img->width = width;
    img->height = height;
    img->palette = palette;
    img->colors = colors;
    img->pixels = util_xmalloc(n);
    memset(img->pixels, background, n);
}

void
png_image_free(png_image_t *img)
{
    free(img->pixels);
    img->pixels = NULL;
}

static bool
png_inside(const png_image_t *img, int x, int y)
{
    return x >= 0 && y >= 0 && x < img->width && y < img->height;
}

unsigned char
png_get(const png_image_t *img, int x, int y)
{
    return png_inside(img, x, y)
        ? img->pixels[(size_t)y * (size_t)img->width + (size_t)x] : 0;
}

void
png_set(png_image_t *img, int x, int y, unsigned char color)
{
    if (png_inside(img, x, y))
        img->pixels[(size_t)y * (size_t)img->width + (size_t)x] = color;
}

void
png_fill(png_image_t *img, int x0, int y0, int x1, int y1,
         unsigned char color)
{
    int xlo = x0 < x1 ? x0 : x1, xhi = x0 < x1 ? x1 : x0;
    int ylo = y0 < y1 ? y0 : y1, yhi = y0 < y1 ? y1 : y0;

    for (int y = ylo; y <= yhi; y++)
        for (int x = xlo; x <= xhi; x++)
            png_set(img, x, y, color);
}

void
png_line(png_image_t *img, int x0, int y0, int x1, int y1,
         unsigned char color)
{
    int dx = abs(x1 - x0), dy = -abs(y1 - y0);
    int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int e = dx + dy;

    for (;;) {
        int e2 = 2 * e;

        png_set(img, x0, y0, color);
        if (x0 == x1 && y0 == y1)
            return;
        if (e2 >= dy) {
            e += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            e += dx;
            y0 += sy;
        }
    }
}

/* The font: a byte per row, the left pixel in bit 2. */
static const struct {
    char c;
    unsigned char rows[5];
} png_font[] = {
    { '0', { 7, 5, 5, 5, 7 } }, { '1', { 2, 6, 2, 2, 7 } },
    { '2', { 7, 1, 7, 4, 7 } }, { '3', { 7, 1, 7, 1, 7 } },
    { '4', { 5, 5, 7, 1, 1 } }, { '5', { 7, 4, 7, 1, 7 } },
    { '6', { 7, 4, 7, 5, 7 } }, { '7', { 7, 1, 1, 1, 1 } },
    { '8', { 7, 5, 7, 5, 7 } }, { '9', { 7, 5, 7, 1, 7 } },
    { '.', { 0, 0, 0, 0, 2 } }, { '-', { 0, 0, 7, 0, 0 } },
    { '+', { 0, 2, 7, 2, 0 } },
    { 'A', { 2, 5, 7, 5, 5 } }, { 'B', { 6, 5, 6, 5, 6 } },
    { 'C', { 3, 4, 4, 4, 3 } }, { 'D', { 6, 5, 5, 5, 6 } },
    { 'E', { 7, 4, 6, 4, 7 } }, { 'G', { 3, 4, 5, 5, 3 } },
    { 'H', { 5, 5, 7, 5, 5 } }, { 'I', { 7, 2, 2, 2, 7 } },
    { 'K', { 5, 5, 6, 5, 5 } }, { 'L', { 4, 4, 4, 4, 7 } },
    { 'M', { 5, 7, 7, 5, 5 } }, { 'N', { 6, 5, 5, 5, 5 } },
    { 'O', { 2, 5, 5, 5, 2 } }, { 'P', { 6, 5, 6, 4, 4 } },
    { 'R', { 6, 5, 6, 5, 5 } }, { 'S', { 3, 4, 2, 1, 6 } },
    { 'T', { 7, 2, 2, 2, 2 } }, { 'U', { 5, 5, 5, 5, 7 } },
    { 'V', { 5, 5, 5, 5, 2 } }, { 'W', { 5, 5, 5, 7, 5 } },
    { 'Y', { 5, 5, 2, 2, 2 } },
};

void
png_text(png_image_t *img, int x, int y, const char *s, int scale,
         unsigned char color)
{
    for (; *s; s++, x += 4 * scale)
        for (size_t i = 0; i < sizeof png_font / sizeof png_font[0]; i++) {
            if (png_font[i].c != *s)
                continue;
            for (int r = 0; r < 5; r++)
                for (int c = 0; c < 3; c++)
                    if (png_font[i].rows[r] >> (2 - c) & 1)
                        png_fill(img, x + c * scale, y + r * scale,
                                 x + c * scale + scale - 1,
                                 y + r * scale + scale - 1, color);
            break;
        }
}

int
png_text_width(const char *s, int scale)
{
    return (int)strlen(s) * 4 * scale - scale;
}

/* The label font, 5x7: a byte per row, the left pixel in bit 4. */
static const struct {
    char c;
    unsigned char rows[7];
} png_label_font[] = {
    { '0', { 0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E } },
    { '1', { 0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E } },
    { '2', { 0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F } },
    { '3', { 0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E } },
    { '4', { 0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02 } },
    { '5', { 0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E } },
    { '6', { 0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E } },
    { '7', { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08 } },
    { '8', { 0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E } },
    { '9', { 0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C } },
    { 'A', { 0x0E, 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11 } },
    { 'B', { 0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E } },
    { 'C', { 0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E } },
    { 'D', { 0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C } },
    { 'E', { 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F } },
    { 'F', { 0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10 } },
    { 'G', { 0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F } },
    { 'H', { 0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11 } },
    { 'I', { 0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E } },
    { 'J', { 0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C } },
    { 'K', { 0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11 } },
    { 'L', { 0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F } },
    { 'M', { 0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11 } },
    { 'N', { 0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11 } },
    { 'O', { 0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E } },
    { 'P', { 0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10 } },
    { 'Q', { 0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D } },
    { 'R', { 0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11 } },
    { 'S', { 0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E } },
    { 'T', { 0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04 } },
    { 'U', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E } },
    { 'V', { 0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04 } },
    { 'W', { 0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A } },
    { 'X', { 0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11 } },
    { 'Y', { 0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04 } },
    { 'Z', { 0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F } },
    { 'a', { 0x00, 0x00, 0x0E, 0x01, 0x0F, 0x11, 0x0F } },
    { 'b', { 0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x1E } },
    { 'c', { 0x00, 0x00, 0x0E, 0x10, 0x10, 0x11, 0x0E } },
    { 'd', { 0x01, 0x01, 0x0D, 0x13, 0x11, 0x11, 0x0F } },
    { 'e', { 0x00, 0x00, 0x0E, 0x11, 0x1F, 0x10, 0x0E } },
    { 'f', { 0x06, 0x09, 0x08, 0x1C, 0x08, 0x08, 0x08 } },
    { 'g', { 0x00, 0x00, 0x0F, 0x11, 0x0F, 0x01, 0x0E } },
    { 'h', { 0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11 } },
    { 'i', { 0x04, 0x00, 0x0C, 0x04, 0x04, 0x04, 0x0E } },
    { 'j', { 0x02, 0x00, 0x06, 0x02, 0x02, 0x12, 0x0C } },
    { 'k', { 0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12 } },
    { 'l', { 0x0C, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E } },
    { 'm', { 0x00, 0x00, 0x1A, 0x15, 0x15, 0x11, 0x11 } },
    { 'n', { 0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11 } },
    { 'o', { 0x00, 0x00, 0x0E, 0x11, 0x11, 0x11, 0x0E } },
    { 'p', { 0x00, 0x00, 0x1E, 0x11, 0x1E, 0x10, 0x10 } },
    { 'q', { 0x00, 0x00, 0x0D, 0x13, 0x0F, 0x01, 0x01 } },
    { 'r', { 0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10 } },
    { 's', { 0x00, 0x00, 0x0E, 0x10, 0x0E, 0x01, 0x1E } },
    { 't', { 0x08, 0x08, 0x1C, 0x08, 0x08, 0x09, 0x06 } },
    { 'u', { 0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0D } },
    { 'v', { 0x00, 0x00, 0x11, 0x11, 0x11, 0x0A, 0x04 } },
    { 'w', { 0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0A } },
    { 'x', { 0x00, 0x00, 0x11, 0x0A, 0x04, 0x0A, 0x11 } },
    { 'y', { 0x00, 0x00, 0x11, 0x11, 0x0F, 0x01, 0x0E } },
    { 'z', { 0x00, 0x00, 0x1F, 0x02, 0x04, 0x08, 0x1F } },
    { '%', { 0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03 } },
    { '.', { 0x00, 0x00, 0x00, 0x00, 0x00, 0x0C, 0x0C } },
    { ',', { 0x00, 0x00, 0x00, 0x00, 0x0C, 0x04, 0x08 } },
    { '-', { 0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00 } },
    { '+', { 0x00, 0x04, 0x04, 0x1F, 0x04, 0x04, 0x00 } },
    { ':', { 0x00, 0x0C, 0x0C, 0x00, 0x0C, 0x0C, 0x00 } },
    { '(', { 0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02 } },
    { ')', { 0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08 } },
    { '/', { 0x00, 0x01, 0x02, 0x04, 0x08, 0x10, 0x00 } },
    { '=', { 0x00, 0x00, 0x1F, 0x00, 0x1F, 0x00, 0x00 } },
    { '_', { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1F } },
    { '\'', { 0x0C, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00 } },
    { '#', { 0x0A, 0x0A, 0x1F, 0x0A, 0x1F, 0x0A, 0x0A } },
    { '?', { 0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04 } },
};

/* The rows of c's glyph in the label font: '?' for a character it lacks,
 * NULL for a blank. */
static const unsigned char *
png_label_glyph(char c)
{
    const size_t n = sizeof png_label_font / sizeof png_label_font[0];

    if (c == ' ')
        return NULL;
    for (size_t i = 0; i < n; i++)
        if (png_label_font[i].c == c)
            return png_label_font[i].rows;
    for (size_t i = 0; i < n; i++)
        if (png_label_font[i].c == '?')
            return png_label_font[i].rows;
    return NULL;
}

/* Draws s in the label font; a glyph's pixel (c, r) lands at
 * (x0 + dx * c + ex * r, y0 + dy * c + ey * r) image cells of `scale`,
 * the next glyph PNG_LABEL_ADVANCE * scale further along (dx, dy). */
static void
png_label_draw(png_image_t *img, int x, int y, const char *s, int scale, unsigned char color,
               int dx, int dy, int ex, int ey)
{
    for (; *s; s++, x += dx * PNG_LABEL_ADVANCE * scale, y += dy * PNG_LABEL_ADVANCE * scale) {
        const unsigned char *rows = png_label_glyph(*s);

        for (int r = 0; rows && r < 7; r++)
            for (int c = 0; c < 5; c++)
                if (rows[r] >> (4 - c) & 1) {
                    int px = x + (dx * c + ex * r) * scale;
                    int py = y + (dy * c + ey * r) * scale;

                    png_fill(img, px, py, px + scale - 1, py + scale - 1, color);
                }
    }
}

void
png_label(png_image_t *img, int x, int y, const char *s, int scale, unsigned char color)
{
    png_label_draw(img, x, y, s, scale, color, 1, 0, 0, 1);
}

void
png_label_up(png_image_t *img, int x, int y, const char *s, int scale, unsigned char color)
{
    /* the glyph turned a quarter to the left: its top row at the left,
     * read from the bottom (y) upwards */
    png_label_draw(img, x, y - scale + 1, s, scale, color, 0, -1, 1, 0);
}

int
png_label_width(const char *s, int scale)
{
    return s[0] ? (int)strlen(s) * PNG_LABEL_ADVANCE * scale - scale : 0;
}

uint32_t
png_crc32(uint32_t crc, const unsigned char *p, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1u));
    }
    return ~crc;
}

uint32_t
png_adler32(uint32_t adler, const unsigned char *p, size_t n)
{
    uint32_t a = adler & 0xffffu, b = adler >> 16;

    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

/* Appends v in n bytes, most significant first (PNG's order) or least
 * significant first (deflate's). */
static void
png_put(strbuf_t *b, uint32_t v, int n, bool big_endian)
{
    for (int i = 0; i < n; i++) {
        int shift = 8 * (big_endian ? n - 1 - i : i);

        util_buf_addc(b, (char)(v >> shift & 0xffu));
    }
}

/* Appends a chunk: length, type, data, CRC of type and data. */
static void
png_chunk(strbuf_t *out, const char *type, const strbuf_t *data)
{
    size_t start;

    png_put(out, (uint32_t)data->len, 4, true);
    start = out->len;
    util_buf_addn(out, type, 4);
    if (data->len)
        util_buf_addn(out, data->s, data->len);
    png_put(out, png_crc32(0, (const unsigned char *)out->s + start,
                           out->len - start), 4, true);
}

/* The rows, each after its filter byte 0. */
static void
png_rows(const png_image_t *img, strbuf_t *raw)
{
    for (int y = 0; y < img->height; y++) {
        util_buf_addc(raw, 0);
        util_buf_addn(raw, (const char *)img->pixels
                      + (size_t)y * (size_t)img->width, (size_t)img->width);
    }
}

/* Deflate's bit stream: values go out least significant bit first. */
typedef struct png_bits {
    strbuf_t *out;
    uint32_t acc;               /* bits not yet written, the first lowest */
    int n;                      /* how many */
} png_bits_t;

static void
png_bits_put(png_bits_t *b, uint32_t v, int n)
{
    b->acc |= v << b->n;
    b->n += n;
    while (b->n >= 8) {
        util_buf_addc(b->out, (char)(b->acc & 0xffu));
        b->acc >>= 8;
        b->n -= 8;
    }
}

/* A Huffman code of n bits, its most significant bit first. */
static void
png_bits_code(png_bits_t *b, uint32_t code, int n)
{
    for (int i = n - 1; i >= 0; i--)
        png_bits_put(b, code >> i & 1u, 1);
}

/* Symbol s of the fixed literal/length code (RFC 1951, 3.2.6). */
static void
png_bits_symbol(png_bits_t *b, int s)
{
    if (s < 144)
        png_bits_code(b, 0x30u + (uint32_t)s, 8);
    else if (s < 256)
        png_bits_code(b, 0x190u + (uint32_t)(s - 144), 9);
    else if (s < 280)
        png_bits_code(b, (uint32_t)(s - 256), 7);
    else
        png_bits_code(b, 0xc0u + (uint32_t)(s - 280), 8);
}

/* A match of len bytes (3..PNG_MATCH_MAX) at distance dist. */
static void
png_bits_match(png_bits_t *b, size_t len, size_t dist)
{
    static const unsigned short len_base[29] = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258
    };
    static const unsigned char len_extra[29] = {
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
        4, 5, 5, 5, 5, 0
    };
    static const unsigned short dist_base[30] = {
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
        513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
        24577
    };
    static const unsigned char dist_extra[30] = {
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10,
        10, 11, 11, 12, 12, 13, 13
    };
    int i = 28, j = 29;

    while (len_base[i] > len)
        i--;
    png_bits_symbol(b, 257 + i);
    png_bits_put(b, (uint32_t)(len - len_base[i]), len_extra[i]);
    while (dist_base[j] > dist)
        j--;
    png_bits_code(b, (uint32_t)j, 5);
    png_bits_put(b, (uint32_t)(dist - dist_base[j]), dist_extra[j]);
}

/* How many bytes from p[i] repeat those dist bytes before them (at
 * most PNG_MATCH_MAX, none past n). */
static size_t
png_match(const unsigned char *p, size_t i, size_t n, size_t dist)
{
    size_t len = 0;

    if (dist > i)
        return 0;
    while (i + len < n && len < PNG_MATCH_MAX && p[i + len] == p[i + len - dist])
        len++;
    return len;
}

/* The zlib stream of raw: one deflate block of fixed Huffman codes,
 * whose matches repeat the byte before (runs of a colour) or the row
 * above (stride bytes back), the longer of the two, greedily. */
static void
png_zlib(const strbuf_t *raw, size_t stride, strbuf_t *z)
{
    const unsigned char *p = (const unsigned char *)raw->s;
    png_bits_t b = { z, 0, 0 };
    size_t i = 0;

    util_buf_addc(z, 0x78);             /* deflate, 32 KiB window */
    util_buf_addc(z, 0x01);             /* no dictionary; check bits */
    png_bits_put(&b, 1, 1);             /* BFINAL */
    png_bits_put(&b, 1, 2);             /* BTYPE 01: fixed codes */
    while (i < raw->len) {
        size_t run = png_match(p, i, raw->len, 1);
        size_t row = png_match(p, i, raw->len, stride);

        if (run >= 3 && run >= row) {
            png_bits_match(&b, run, 1);
            i += run;
        } else if (row >= 3) {
            png_bits_match(&b, row, stride);
            i += row;
        } else {
            png_bits_symbol(&b, p[i++]);
        }
    }
    png_bits_symbol(&b, 256);           /* end of block */
    png_bits_put(&b, 0, (8 - b.n) % 8); /* to a whole byte */
    png_put(z, png_adler32(1, p, raw->len), 4, true);
}

void
png_encode(const png_image_t *img, strbuf_t *out)
{
    static const char signature[8] = {
        '\x89', 'P', 'N', 'G', '\r', '\n', '\x1a', '\n'
    };
    strbuf_t data = { 0 }, raw = { 0 };

    util_buf_addn(out, signature, sizeof signature);
    png_put(&data, (uint32_t)img->width, 4, true);
    png_put(&data, (uint32_t)img->height, 4, true);
    util_buf_addn(&data, "\x08\x03\x00\x00\x00", 5);  /* 8 bits, palette */
    png_chunk(out, "IHDR", &data);
    strbuf_clear(&data);
    for (int i = 0; i < img->colors; i++) {
        png_put(&data, img->palette[i].r, 1, true);
        png_put(&data, img->palette[i].g, 1, true);
        png_put(&data, img->palette[i].b, 1, true);
    }
    png_chunk(out, "PLTE", &data);
    strbuf_clear(&data);
    png_rows(img, &raw);
    png_zlib(&raw, (size_t)img->width + 1, &data);
    png_chunk(out, "IDAT", &data);
    strbuf_clear(&data);
    png_chunk(out, "IEND", &data);
    strbuf_free(&data);
    strbuf_free(&raw);
}

bool
png_save(const png_image_t *img, const char *path, char *err, size_t size)
{
    strbuf_t png = { 0 };
    bool ok;

    png_encode(img, &png);
    ok = util_write_file(path, png.s, png.len, err, size);
    strbuf_free(&png);
    return ok;
}
