#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-solve --mpi (make check-long): all 49 first moves of 7x7 (25
# problems) with the two-level search under `mpirun -np 3
# --oversubscribe` (rank 0 and two one-thread workers): every winner must
# equal share/patterns/swap-7x7.txt.  The run's figures are printed.
# Skipped (status 77) without MPI, as solve-mpi.sh.
watchdog=1800
. "$srcdir/lib/tests/lib.sh"

solve=./hein-solve
need_program "$solve"
patterns=$abs_srcdir/../share/patterns

if "$solve" --mpi --board 3 >"$tmp/out" 2>"$tmp/err"; then :; fi
if grep -q 'built without MPI' "$tmp/err" || ! command -v mpirun >/dev/null 2>&1; then
    echo "$me: skipped: no MPI (install libopenmpi-dev and openmpi-bin; ./bootstrap does it as root)"
    exit 77
fi
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0     # Open MPI's own, as solve-mpi.sh
export ASAN_OPTIONS

run_tool "7x7 two-level" mpirun -np 3 --oversubscribe "$solve" --mpi --board 7 --all-openings -q
expect_status 0
grep -v '^#' "$tmp/out" | awk 'NR > 1 { print $1, $2 }' | sort >"$tmp/w7"
grep -v '^#' "$patterns/swap-7x7.txt" | awk 'NF == 2 { print $1, $2 }' | sort >"$tmp/s7"
cmp -s "$tmp/w7" "$tmp/s7" \
    || fail "7x7: winners differ from swap-7x7.txt: $(diff "$tmp/w7" "$tmp/s7" | head -4)"
grep '^#' "$tmp/out"

finish
