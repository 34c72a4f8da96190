#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# swap-check.sh: its usage errors, and the 6x6 line it prints for the
# shipped table (the circuit's rule keeps a4 and f3, which win for Black:
# 34 of 36 agree at the default share).
. "${srcdir:-.}/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/swap-check.sh
shared=$abs_srcdir/../share/patterns

run_tool swap-check.sh /bin/sh "$script"
expect_status 2
expect_err "usage: swap-check.sh"
run_tool swap-check.sh /bin/sh "$script" "$hein" "$tmp/none"
expect_status 2
expect_err "is not a folder"
run_tool swap-check.sh /bin/sh "$script" "$hein" "$shared" 6
expect_status 0
grep -qx "6x6 agree 34/36 ratio default" "$tmp/out" \
    || fail "unexpected 6x6 line: $(head -1 "$tmp/out")"
grep -q "otherwise: f3(kept) a4(kept)" "$tmp/out" \
    || fail "unexpected 6x6 disagreements: $(sed -n 2p "$tmp/out")"

finish
