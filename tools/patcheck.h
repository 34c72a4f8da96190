/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef HEIN_TOOLS_PATCHECK_H
#define HEIN_TOOLS_PATCHECK_H

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

#endif /* HEIN_TOOLS_PATCHECK_H */
