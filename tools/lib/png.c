/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/lib/png.h"

/* The most bytes a stored deflate block holds. */
#define PNG_STORED_MAX 65535

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

/* The zlib stream of raw in stored deflate blocks. */
static void
png_zlib_stored(const strbuf_t *raw, strbuf_t *z)
{
    size_t done = 0;

    util_buf_addc(z, 0x78);             /* deflate, 32 KiB window */
    util_buf_addc(z, 0x01);             /* no dictionary; check bits */
    do {
        size_t n = raw->len - done < PNG_STORED_MAX
            ? raw->len - done : PNG_STORED_MAX;

        util_buf_addc(z, done + n == raw->len ? 1 : 0);  /* BFINAL, BTYPE 00 */
        png_put(z, (uint32_t)n, 2, false);
        png_put(z, (uint32_t)n ^ 0xffffu, 2, false);
        util_buf_addn(z, raw->s + done, n);
        done += n;
    } while (done < raw->len);
    png_put(z, png_adler32(1, (const unsigned char *)raw->s, raw->len), 4,
            true);
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
    png_zlib_stored(&raw, &data);
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
    FILE *f = fopen(path, "we");
    bool ok;

    if (!f) {
        snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
        return false;
    }
    png_encode(img, &png);
    ok = fwrite(png.s, 1, png.len, f) == png.len;
    ok = fclose(f) == 0 && ok;
    if (!ok)
        snprintf(err, size, "cannot write '%s': %s", path, strerror(errno));
    strbuf_free(&png);
    return ok;
}
