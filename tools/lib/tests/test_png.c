/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests for the PNG writer (tools/lib/png.h): the checksums against
 * their published values, the drawing, and files read back chunk by
 * chunk: the signature, IHDR's fields, the palette, every CRC, and the
 * IDAT's zlib stream (fixed-code deflate) inflated back to the exact
 * rows. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/lib/png.h"

static const png_color_t palette[3] = {
    { 255, 255, 255 }, { 0, 0, 0 }, { 30, 90, 200 }
};

/* ---- reading a file back --------------------------------------------- */

/* What a PNG file of ours holds, read back. */
typedef struct parsed {
    uint32_t width, height;
    unsigned char depth, type, compression, filter, interlace;
    unsigned char plte[3 * PNG_MAX_COLORS];
    size_t plte_len;
    unsigned char *idat;        /* the IDAT's data, malloc'd */
    size_t idat_len;
    int chunks;
} parsed_t;

static uint32_t
be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8
        | p[3];
}

/* Reads one chunk at *pos into type/data; checks its CRC. */
static void
read_chunk(const unsigned char *f, size_t size, size_t *pos, char type[5],
           const unsigned char **data, uint32_t *len)
{
    ck_assert_msg(*pos + 12 <= size, "a chunk runs past the end at %zu",
                  *pos);
    *len = be32(f + *pos);
    ck_assert_msg(*pos + 12 + *len <= size, "chunk of %u bytes at %zu runs "
                  "past the end (%zu)", *len, *pos, size);
    memcpy(type, f + *pos + 4, 4);
    type[4] = '\0';
    *data = f + *pos + 8;
    ck_assert_msg(png_crc32(0, f + *pos + 4, 4 + *len)
                  == be32(f + *pos + 8 + *len), "bad CRC of chunk %s", type);
    *pos += 12 + *len;
}

/* Reads a whole file: signature, IHDR, PLTE, IDAT, IEND, in that order
 * and nothing after. */
static void
parse(const unsigned char *f, size_t size, parsed_t *p)
{
    static const unsigned char signature[8] = {
        0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'
    };
    static const char *const order[4] = { "IHDR", "PLTE", "IDAT", "IEND" };
    size_t pos = 8;

    memset(p, 0, sizeof *p);
    ck_assert(size >= 8 && memcmp(f, signature, 8) == 0);
    for (int i = 0; i < 4; i++) {
        const unsigned char *d;
        uint32_t len;
        char type[5];

        read_chunk(f, size, &pos, type, &d, &len);
        ck_assert_str_eq(type, order[i]);
        p->chunks++;
        if (i == 0) {
            ck_assert_uint_eq(len, 13);
            p->width = be32(d);
            p->height = be32(d + 4);
            p->depth = d[8];
            p->type = d[9];
            p->compression = d[10];
            p->filter = d[11];
            p->interlace = d[12];
        } else if (i == 1) {
            ck_assert(len <= sizeof p->plte && len % 3 == 0);
            memcpy(p->plte, d, len);
            p->plte_len = len;
        } else if (i == 2) {
            p->idat = malloc(len);
            ck_assert_ptr_nonnull(p->idat);
            memcpy(p->idat, d, len);
            p->idat_len = len;
        } else {
            ck_assert_uint_eq(len, 0);
        }
    }
    ck_assert_msg(pos == size, "%zu bytes after IEND", size - pos);
}

/* A deflate stream being read: bits come least significant first. */
typedef struct bits {
    const unsigned char *z;
    size_t size, pos;           /* the byte being read */
    int bit;                    /* its next bit */
} bits_t;

static unsigned
get_bits(bits_t *b, int n)
{
    unsigned v = 0;

    for (int i = 0; i < n; i++) {
        ck_assert_msg(b->pos < b->size, "the stream runs past the end");
        v |= (unsigned)(b->z[b->pos] >> b->bit & 1) << i;
        if (++b->bit == 8) {
            b->bit = 0;
            b->pos++;
        }
    }
    return v;
}

/* One symbol of the fixed literal/length code (RFC 1951, 3.2.6): its
 * code read most significant bit first, 7 to 9 bits. */
static int
get_symbol(bits_t *b)
{
    unsigned code = 0;

    for (int len = 1; len <= 9; len++) {
        code = code << 1 | get_bits(b, 1);
        if (len == 7 && code <= 23)
            return 256 + (int)code;
        if (len == 8 && code >= 0x30 && code <= 0xbf)
            return (int)code - 0x30;
        if (len == 8 && code >= 0xc0 && code <= 0xc7)
            return 280 + (int)code - 0xc0;
        if (len == 9 && code >= 0x190)
            return 144 + (int)code - 0x190;
    }
    ck_abort_msg("no fixed code");
    return -1;
}

/* Inflates a zlib stream of stored and fixed-code blocks (the encoder
 * writes one of the latter), checking its header, every stored block's
 * LEN/NLEN, every match's distance, that only the last block is final,
 * and the Adler-32.  Returns the data (malloc'd), its length in *len,
 * the blocks in *blocks. */
static unsigned char *
inflate_zlib(const unsigned char *z, size_t size, size_t *len, int *blocks)
{
    static const unsigned short len_base[29] = {
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51,
        59, 67, 83, 99, 115, 131, 163, 195, 227, 258
    };
    static const unsigned short dist_base[30] = {
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
        513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
        24577
    };
    size_t cap = 1024;
    unsigned char *out = malloc(cap);
    bits_t b = { z, size, 2, 0 };
    bool final = false;

    ck_assert(size >= 2 + 1 + 4);
    ck_assert_uint_eq(z[0] & 0x0f, 8);                  /* deflate */
    ck_assert_uint_le(z[0] >> 4, 7);                    /* window */
    ck_assert_uint_eq((z[0] * 256u + z[1]) % 31, 0);    /* check bits */
    ck_assert_uint_eq(z[1] & 0x20, 0);                  /* no dictionary */
    *len = 0;
    *blocks = 0;
    while (!final) {
        final = get_bits(&b, 1);
        unsigned type = get_bits(&b, 2);

        ck_assert_msg(type <= 1, "block %d: type %u", *blocks, type);
        if (type == 0) {
            if (b.bit) {
                b.bit = 0;
                b.pos++;
            }
            ck_assert(b.pos + 4 <= size);
            unsigned n = z[b.pos] | (unsigned)z[b.pos + 1] << 8;
            unsigned nn = z[b.pos + 2] | (unsigned)z[b.pos + 3] << 8;

            ck_assert_uint_eq(n ^ 0xffffu, nn);
            b.pos += 4;
            ck_assert(b.pos + n <= size);
            while (*len + n > cap)
                out = realloc(out, cap *= 2);
            memcpy(out + *len, z + b.pos, n);
            *len += n;
            b.pos += n;
        } else {
            for (int s; (s = get_symbol(&b)) != 256;) {
                size_t n = 1, dist = 0;

                if (s > 256) {
                    ck_assert_int_le(s, 285);
                    int i = s - 257;
                    int extra = i < 8 || i == 28 ? 0 : (i - 4) / 4;
                    n = len_base[i] + get_bits(&b, extra);
                    unsigned d = 0;

                    for (int k = 0; k < 5; k++)
                        d = d << 1 | get_bits(&b, 1);
                    ck_assert_uint_le(d, 29);
                    dist = dist_base[d] + get_bits(&b, d < 4 ? 0 : (int)(d - 2) / 2);
                    ck_assert_msg(dist <= *len, "a match reaches before the start");
                }
                while (*len + n > cap)
                    out = realloc(out, cap *= 2);
                ck_assert_ptr_nonnull(out);
                for (size_t k = 0; k < n; k++, ++*len)
                    out[*len] = s < 256 ? (unsigned char)s : out[*len - dist];
            }
            if (b.bit) {
                b.bit = 0;
                b.pos++;
            }
        }
        ++*blocks;
    }
    ck_assert_msg(b.pos + 4 == size, "%zu bytes after the last block",
                  size - b.pos);
    ck_assert_uint_eq(png_adler32(1, out, *len), be32(z + b.pos));
    return out;
}

/* The rows an image must give: filter 0, then its pixels. */
static unsigned char *
expected_rows(const png_image_t *img, size_t *len)
{
    unsigned char *rows, *p;

    *len = (size_t)img->height * (1 + (size_t)img->width);
    p = rows = malloc(*len);
    ck_assert_ptr_nonnull(rows);
    for (int y = 0; y < img->height; y++) {
        *p++ = 0;
        for (int x = 0; x < img->width; x++)
            *p++ = png_get(img, x, y);
    }
    return rows;
}

/* Encodes img, reads it back and checks it all; returns the blocks. */
static int
check_round_trip(const png_image_t *img)
{
    strbuf_t file = { 0 };
    parsed_t p;
    size_t len, want_len;
    int blocks;

    png_encode(img, &file);
    parse((const unsigned char *)file.s, file.len, &p);
    ck_assert_uint_eq(p.width, (uint32_t)img->width);
    ck_assert_uint_eq(p.height, (uint32_t)img->height);
    ck_assert_uint_eq(p.depth, 8);
    ck_assert_uint_eq(p.type, 3);
    ck_assert_uint_eq(p.compression, 0);
    ck_assert_uint_eq(p.filter, 0);
    ck_assert_uint_eq(p.interlace, 0);
    ck_assert_uint_eq(p.plte_len, 3 * (size_t)img->colors);
    ck_assert(memcmp(p.plte, img->palette, p.plte_len) == 0);
    unsigned char *data = inflate_zlib(p.idat, p.idat_len, &len, &blocks);
    unsigned char *want = expected_rows(img, &want_len);
    ck_assert_uint_eq(len, want_len);
    ck_assert_msg(memcmp(data, want, len) == 0, "IDAT inflates to other "
                  "bytes than the rows");
    free(want);
    free(data);
    free(p.idat);
    strbuf_free(&file);
    return blocks;
}

/* ---- tests -------------------------------------------------------------- */

START_TEST(checksums_match_their_published_values)
{
    const unsigned char *digits = (const unsigned char *)"123456789";
    const unsigned char *wiki = (const unsigned char *)"Wikipedia";

    ck_assert_uint_eq(png_crc32(0, digits, 9), 0xcbf43926u);
    ck_assert_uint_eq(png_crc32(png_crc32(0, digits, 4), digits + 4, 5),
                      0xcbf43926u);
    ck_assert_uint_eq(png_crc32(0, digits, 0), 0);
    ck_assert_uint_eq(png_adler32(1, wiki, 9), 0x11e60398u);
    ck_assert_uint_eq(png_adler32(png_adler32(1, wiki, 3), wiki + 3, 6),
                      0x11e60398u);
    ck_assert_uint_eq(png_adler32(1, wiki, 0), 1);
}
END_TEST

START_TEST(small_image_reads_back_to_its_pixels)
{
    png_image_t img;

    png_image_init(&img, 5, 3, palette, 3, 0);
    png_set(&img, 0, 0, 1);
    png_set(&img, 4, 0, 2);
    png_set(&img, 2, 1, 1);
    png_set(&img, 4, 2, 2);
    ck_assert_int_eq(check_round_trip(&img), 1);
    png_image_free(&img);
}
END_TEST

/* A plain image with a few lines is one block of a few hundred bytes
 * (runs and repeated rows); noise still reads back exactly, larger than
 * its pixels by less than an eighth (9-bit codes at worst). */
START_TEST(large_image_compresses_and_noise_reads_back)
{
    png_image_t img;
    strbuf_t file = { 0 };
    uint32_t x = 12345;

    /* 300 rows of 1 + 300 bytes: 90300 bytes. */
    png_image_init(&img, 300, 300, palette, 3, 2);
    for (int i = 0; i < 300; i++)
        png_set(&img, i, (i * 7) % 300, (unsigned char)(i % 3));
    png_line(&img, 0, 150, 299, 150, 1);
    ck_assert_int_eq(check_round_trip(&img), 1);
    png_encode(&img, &file);
    ck_assert_uint_lt(file.len, 90300 / 20);
    png_image_free(&img);
    strbuf_clear(&file);

    png_image_init(&img, 200, 100, palette, 3, 0);
    for (int y = 0; y < 100; y++)
        for (int i = 0; i < 200; i++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            png_set(&img, i, y, (unsigned char)(x % 3));
        }
    ck_assert_int_eq(check_round_trip(&img), 1);
    png_encode(&img, &file);
    ck_assert_uint_lt(file.len, 100 * 201 * 9 / 8 + 100);
    png_image_free(&img);
    strbuf_free(&file);
}
END_TEST

START_TEST(one_pixel_image_is_a_valid_file)
{
    png_image_t img;

    png_image_init(&img, 1, 1, palette, 1, 0);
    ck_assert_int_eq(check_round_trip(&img), 1);
    png_image_free(&img);
}
END_TEST

START_TEST(lines_include_both_ends_and_drawing_is_clipped)
{
    png_image_t img;
    int on = 0;

    png_image_init(&img, 8, 6, palette, 3, 0);
    png_line(&img, 6, 5, 1, 0, 1);              /* a diagonal, backwards */
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(png_get(&img, 1 + i, i), 1);
    png_line(&img, -5, 3, 20, 3, 2);            /* across, clipped */
    for (int x = 0; x < 8; x++)
        ck_assert_uint_eq(png_get(&img, x, 3), 2);
    png_fill(&img, 9, 9, 6, 4, 1);              /* corners either way */
    ck_assert_uint_eq(png_get(&img, 6, 4), 1);
    ck_assert_uint_eq(png_get(&img, 7, 5), 1);
    ck_assert_uint_eq(png_get(&img, 5, 5), 0);
    ck_assert_uint_eq(png_get(&img, 8, 0), 0);  /* outside */
    ck_assert_uint_eq(png_get(&img, -1, 2), 0);
    for (int y = 0; y < 6; y++)
        for (int x = 0; x < 8; x++)
            on += png_get(&img, x, y) != 0;
    ck_assert_int_eq(on, 6 + 8 + 4 - 2);        /* (4, 3), (6, 5) shared */
    png_image_free(&img);
}
END_TEST

/* Every slope, both ways: a line has max(|dx|, |dy|) + 1 pixels, its
 * ends among them, one per step along its longer side. */
START_TEST(lines_of_every_slope_end_where_they_should)
{
    for (int dx = -9; dx <= 9; dx++) {
        for (int dy = -9; dy <= 9; dy++) {
            int adx = abs(dx), ady = abs(dy);
            int want = (adx > ady ? adx : ady) + 1, on = 0;
            png_image_t img;

            png_image_init(&img, 20, 20, palette, 3, 0);
            png_line(&img, 10, 10, 10 + dx, 10 + dy, 1);
            for (int y = 0; y < 20; y++)
                for (int x = 0; x < 20; x++)
                    on += png_get(&img, x, y);
            ck_assert_msg(on == want && png_get(&img, 10, 10)
                          && png_get(&img, 10 + dx, 10 + dy),
                          "line by (%d, %d): %d pixels, expected %d", dx, dy,
                          on, want);
            png_image_free(&img);
        }
    }
}
END_TEST

/* The font: "1-" at scale 1 sets exactly the glyphs' pixels, a
 * character every 4 pixels; scale 2 doubles each pixel; an unknown
 * character is a blank of the same advance. */
START_TEST(text_draws_the_font_glyphs)
{
    static const char *one_minus[5] = {
        ".#.....", "##.....", ".#..###", ".#.....", "###....",
    };
    png_image_t img;

    png_image_init(&img, 12, 12, palette, 3, 0);
    png_text(&img, 1, 2, "1-", 1, 2);
    for (int y = 0; y < 12; y++)
        for (int x = 0; x < 12; x++) {
            bool on = y >= 2 && y < 7 && x >= 1 && x < 8
                && one_minus[y - 2][x - 1] == '#';

            ck_assert_msg(png_get(&img, x, y) == (on ? 2 : 0),
                          "pixel (%d, %d)", x, y);
        }
    png_image_free(&img);
    ck_assert_int_eq(png_text_width("1-", 1), 7);
    ck_assert_int_eq(png_text_width("+100", 2), 30);

    png_image_init(&img, 20, 20, palette, 3, 0);
    png_text(&img, 0, 0, "x.", 2, 1);
    for (int y = 0; y < 20; y++)
        for (int x = 0; x < 20; x++) {
            /* The point: font row 4, column 1, at x 8 (after the blank). */
            bool on = y >= 8 && y < 10 && x >= 10 && x < 12;

            ck_assert_msg(png_get(&img, x, y) == (on ? 1 : 0),
                          "pixel (%d, %d)", x, y);
        }
    png_image_free(&img);
}
END_TEST

/* The glyph of c at scale 1 as 15 bits, row by row, left first. */
static unsigned
glyph_bits(char c)
{
    char s[2] = { c, '\0' };
    unsigned bits = 0;
    png_image_t img;

    png_image_init(&img, 3, 5, palette, 3, 0);
    png_text(&img, 0, 0, s, 1, 1);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 3; x++)
            bits = bits << 1 | (png_get(&img, x, y) ? 1u : 0u);
    png_image_free(&img);
    return bits;
}

/* The capital letters of the axis titles: 'A' as drawn, every glyph of
 * the font set and no two alike (a letter never reads as a digit: O is
 * narrower than 0, S than 5, B than 8, D than 0); lower case and the
 * letters not drawn stay blank. */
START_TEST(letters_are_distinct_glyphs)
{
    static const char font[] = "0123456789.-+ABCDEGHIKLMNOPRSTUVWY";
    /* .#. #.# ### #.# #.# */
    ck_assert_uint_eq(glyph_bits('A'), 0x2bed);
    for (const char *a = font; *a; a++) {
        ck_assert_msg(glyph_bits(*a) != 0, "'%c' is blank", *a);
        for (const char *b = a + 1; *b; b++)
            ck_assert_msg(glyph_bits(*a) != glyph_bits(*b), "'%c' looks like '%c'", *a, *b);
    }
    ck_assert_uint_eq(glyph_bits('a'), 0);
    ck_assert_uint_eq(glyph_bits('Q'), 0);
}
END_TEST

/* The glyph of c in the label font at scale 1 as 35 bits. */
static uint64_t
label_bits(char c)
{
    char s[2] = { c, '\0' };
    uint64_t bits = 0;
    png_image_t img;

    png_image_init(&img, 5, 7, palette, 3, 0);
    png_label(&img, 0, 0, s, 1, 1);
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 5; x++)
            bits = bits << 1 | (png_get(&img, x, y) ? 1u : 0u);
    png_image_free(&img);
    return bits;
}

/* The label font: every character it has drawn and no two alike, the
 * blank blank, others as '?'; widths; turned upwards, the first column
 * of 'L' becomes its bottom row. */
START_TEST(label_font_glyphs_are_distinct)
{
    static const char font[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        "abcdefghijklmnopqrstuvwxyz%.,-+:()/=_'#?";
    png_image_t img;

    for (const char *a = font; *a; a++) {
        ck_assert_msg(label_bits(*a) != 0, "'%c' is blank", *a);
        for (const char *b = a + 1; *b; b++)
            ck_assert_msg(label_bits(*a) != label_bits(*b), "'%c' looks like '%c'", *a, *b);
    }
    ck_assert(label_bits(' ') == 0);
    ck_assert(label_bits('~') == label_bits('?'));
    ck_assert_int_eq(png_label_width("50 %", 1), 23);
    ck_assert_int_eq(png_label_width("", 2), 0);
    png_image_init(&img, 7, 5, palette, 3, 0);
    png_label_up(&img, 0, 4, "L", 1, 1);
    /* 'L' is a column at the left and a row at the bottom: turned, a
     * row at the bottom (image y 4) and a column at the right (x 6) */
    for (int x = 0; x < 7; x++)
        ck_assert_msg(png_get(&img, x, 4) == 1, "pixel (%d, 4)", x);
    for (int y = 0; y < 5; y++)
        ck_assert_msg(png_get(&img, 6, y) == 1, "pixel (6, %d)", y);
    ck_assert_uint_eq(png_get(&img, 3, 2), 0);
    png_image_free(&img);
}
END_TEST

START_TEST(saved_file_holds_the_encoded_bytes)
{
    char path[] = "/tmp/test_png-XXXXXX", err[256], tmp[64];
    strbuf_t want = { 0 };
    png_image_t img;
    unsigned char got[4096];
    size_t n;
    int fd = mkstemp(path);
    FILE *f;

    ck_assert_int_ge(fd, 0);
    close(fd);
    png_image_init(&img, 20, 10, palette, 3, 1);
    png_line(&img, 0, 9, 19, 0, 2);
    ck_assert_msg(png_save(&img, path, err, sizeof err), "%s", err);
    png_encode(&img, &want);
    f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    n = fread(got, 1, sizeof got, f);
    fclose(f);
    unlink(path);
    /* written beside it first, then renamed: nothing left over */
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    ck_assert_int_ne(access(tmp, F_OK), 0);
    ck_assert_uint_eq(n, want.len);
    ck_assert(memcmp(got, want.s, n) == 0);
    ck_assert(!png_save(&img, "/nonexistent/dir/x.png", err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "cannot write '/nonexistent/"));
    strbuf_free(&want);
    png_image_free(&img);
}
END_TEST

static Suite *
png_suite(void)
{
    Suite *s = suite_create("png");
    TCase *t = tcase_create("png");

    tcase_add_test(t, checksums_match_their_published_values);
    tcase_add_test(t, small_image_reads_back_to_its_pixels);
    tcase_add_test(t, large_image_compresses_and_noise_reads_back);
    tcase_add_test(t, one_pixel_image_is_a_valid_file);
    tcase_add_test(t, lines_include_both_ends_and_drawing_is_clipped);
    tcase_add_test(t, lines_of_every_slope_end_where_they_should);
    tcase_add_test(t, saved_file_holds_the_encoded_bytes);
    tcase_add_test(t, text_draws_the_font_glyphs);
    tcase_add_test(t, letters_are_distinct_glyphs);
    tcase_add_test(t, label_font_glyphs_are_distinct);
    suite_add_tcase(s, t);
    return s;
}

int
main(void)
{
    SRunner *r = srunner_create(png_suite());
    int failed;

    srunner_run_all(r, CK_NORMAL);
    failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
