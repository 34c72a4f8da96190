/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_PATCHECK_PATCHECK_H
#define HEIN_TOOLS_PATCHECK_PATCHECK_H

/* hein-patcheck: proves the claim of every pattern in hein's pattern files
 * by exhaustive analysis of the pattern's local region.  One checker per
 * kind of file; main (patcheck.c) picks it by the file name: ice-*.txt
 * (inferior cells) or vc-*.txt (virtual-connection templates).
 *
 * Each checker reads the file, checks every pattern, writes one line per
 * pattern to `out` ("ok NAME: ..." or "FAILED NAME: why, with the filling
 * or line of play that refutes it"), and returns the number of patterns
 * that failed, or -1 when the file cannot be read or parsed (after saying
 * why on `out`). */

#include <stdio.h>

int patcheck_ice_file(const char *path, FILE *out);
int patcheck_vc_file(const char *path, FILE *out);

/* hein-patcheck --derive: for each template in the vc-*.txt-format file
 * at `path`, read as a region (its carrier a superset of the wanted
 * ones), first proves the region's claim against the south edge (a
 * failure is reported as above), then in `orders` orders (the first one
 * farthest cell first, the others random with a fixed seed) removes
 * cells one at a time while the claim holds, and prints the distinct
 * minimal carriers found, up to mirror image, as template diagrams ready
 * for vc-templates.txt.  Returns the number of regions whose claim
 * failed, or -1 when the file cannot be read or memory is short. */
int patcheck_vc_derive(const char *path, int orders, FILE *out);

#endif /* HEIN_TOOLS_PATCHECK_PATCHECK_H */
