#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The solver suites again with the parallel solver: the same files, the
# same expected answers, hein started with --threads 2 (SPDFPN must never
# change a result).  Prints the runner's lines; fails when it does.
set -u
hein=${HEIN:-../engine/hein}
runner=${HEIN_REGRESS:-../tools/hein-regress}
srcdir=${srcdir:-.}
exec "$runner" -p "$hein --threads 2" "$srcdir/dfpn.tst" "$srcdir/dfpn-6x6.tst" \
    "$srcdir/dfpn-puzzles.tst" "$srcdir/dfpn-puzzles-long.tst"
