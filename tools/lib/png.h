/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_LIB_PNG_H
#define HEIN_TOOLS_LIB_PNG_H

/* A small picture in memory and its PNG file, with no library: an image
 * of palette indices, a few ways to draw on it (lines, rectangles, two
 * bitmap fonts), and an encoder.
 *
 * The file is an 8-bit palette PNG (colour type 3, no interlace): the
 * signature, IHDR, PLTE, one IDAT and IEND.  IDAT holds a zlib stream
 * (header 0x78 0x01) of one deflate block with the fixed Huffman codes
 * (RFC 1951, BTYPE 01), then the Adler-32 of the data; the data are the
 * rows from the top, each a filter byte 0 (none) and then its pixels.
 * The block's matches repeat the byte before (a run of one colour) or
 * the row above, the longer, taken greedily: a plot of lines on a plain
 * background shrinks some thirty times (an 800 x 420 plot to ~12 KB),
 * noise grows by an eighth at most.  Every chunk ends with the CRC-32 of
 * its type and data; any PNG reader reads the file.
 *
 * Coordinates run from (0, 0) at the top left; drawing outside the image
 * is clipped.  Nothing here keeps state between calls. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/lib/util.h"

/* The largest width and height (so that the data stay far below the
 * 2^31 bytes a chunk may hold). */
#define PNG_MAX_SIDE 8192
/* The most colours a palette holds. */
#define PNG_MAX_COLORS 256

typedef struct png_color {
    unsigned char r, g, b;
} png_color_t;

typedef struct png_image {
    int width, height;
    unsigned char *pixels;      /* width * height indices, row by row */
    const png_color_t *palette; /* not owned */
    int colors;                 /* 1 to PNG_MAX_COLORS */
} png_image_t;

/* Makes an image of 1 to PNG_MAX_SIDE pixels each way, every pixel
 * `background` (an index into the palette, which the image points to and
 * does not copy). */
void png_image_init(png_image_t *img, int width, int height,
                    const png_color_t *palette, int colors,
                    unsigned char background);
void png_image_free(png_image_t *img);

/* The pixel at (x, y); 0 outside the image. */
unsigned char png_get(const png_image_t *img, int x, int y);
void png_set(png_image_t *img, int x, int y, unsigned char color);

/* Fills the rectangle with corners (x0, y0) and (x1, y1), both included,
 * in either order. */
void png_fill(png_image_t *img, int x0, int y0, int x1, int y1,
              unsigned char color);

/* A line one pixel wide from (x0, y0) to (x1, y1), both ends included
 * (Bresenham). */
void png_line(png_image_t *img, int x0, int y0, int x1, int y1,
              unsigned char color);

/* Text in a 3x5 pixel font of digits, '.', '-', '+' and the capital
 * letters A B C D E G H I K L M N O P R S T U V W Y (for axis titles
 * and legends; other
 * characters leave a blank), each font pixel a square of `scale` image pixels, a
 * character every 4 * scale pixels, 5 * scale high.  png_text draws s with
 * its top left corner at (x, y); png_text_width is the width it covers. */
void png_text(png_image_t *img, int x, int y, const char *s, int scale,
              unsigned char color);
int png_text_width(const char *s, int scale);

/* Labels in a 5x7 pixel font: digits, the letters in both cases, the
 * blank and % . , - + : ( ) / = _ ' # ?; any other character is drawn
 * as '?'.  Each font pixel is a square of `scale` image pixels, a
 * character every PNG_LABEL_ADVANCE * scale pixels, PNG_LABEL_HEIGHT *
 * scale high.  png_label draws s with its top left corner at (x, y);
 * png_label_up draws it turned a quarter to the left, reading upwards,
 * the first character's bottom left corner at (x, y) (a vertical axis's
 * title); png_label_width is the length it covers along its line. */
#define PNG_LABEL_ADVANCE 6
#define PNG_LABEL_HEIGHT 7
void png_label(png_image_t *img, int x, int y, const char *s, int scale,
               unsigned char color);
void png_label_up(png_image_t *img, int x, int y, const char *s, int scale,
                  unsigned char color);
int png_label_width(const char *s, int scale);

/* The CRC-32 of PNG and zlib (polynomial 0xedb88320, reflected), of n
 * bytes, continuing from crc (0 to start). */
uint32_t png_crc32(uint32_t crc, const unsigned char *p, size_t n);

/* zlib's Adler-32 of n bytes, continuing from adler (1 to start). */
uint32_t png_adler32(uint32_t adler, const unsigned char *p, size_t n);

/* Appends the PNG file of img to out. */
void png_encode(const png_image_t *img, strbuf_t *out);

/* Writes the PNG file of img to path, whole or not at all
 * (util_write_file).  Returns false, with the reason in err, when it
 * cannot. */
bool png_save(const png_image_t *img, const char *path, char *err,
              size_t size);

#endif /* HEIN_TOOLS_LIB_PNG_H */
