/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_BOARD_WHOLEFILE_H
#define HEIN_BOARD_WHOLEFILE_H

/* Reading and writing a file whole, generic (nothing of Hex; here, the lowest layer,
 * beside strbuf.h, so every layer and tool can use it): the contents go
 * to a temporary file beside the target (PATH.tmpPID), are flushed to the
 * disk, and the temporary file is renamed over the target, whose folder
 * is then flushed.  A kill or a crash at any moment leaves the target as
 * it was or as it is now, never torn; a failure removes the temporary
 * file and leaves the target untouched.  Used by the table's and the
 * long solves' checkpoints and the tools' outputs.  Reading is the
 * plain one: the whole file into memory (the pattern files, the move
 * prior, the network's weights). */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the contents to f; false with a reason in why on failure. */
typedef bool (*wholefile_fill_fn)(FILE *f, void *arg, char *why, size_t whylen);

/* Write path whole with fill(f, arg); false with the reason (the
 * system's message or fill's) in why, which does not name the file. */
bool wholefile_write(const char *path, wholefile_fill_fn fill, void *arg, char *why,
                     size_t whylen);

/* The same for len bytes at data. */
bool wholefile_write_bytes(const char *path, const void *data, size_t len, char *why,
                           size_t whylen);

/* The whole contents of path (malloc'd; the caller frees it), its
 * length in *len and a NUL after it, so that a text file reads as a
 * string; NULL with the reason in why ("cannot open: " and the system's
 * message, "read error", "out of memory"), which does not name the
 * file.  Files of 1 GiB and more are refused (out of memory). */
char *wholefile_read(const char *path, size_t *len, char *why, size_t whylen);

#endif /* HEIN_BOARD_WHOLEFILE_H */
