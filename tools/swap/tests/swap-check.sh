#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# swap-check.sh: its usage errors, and the 6x6 lines it prints for the
# shipped table: "6x6 agree N/36 ratio default" with the circuit's rule
# agreeing on at least 30 first stones (34 before the helper-stone edge
# templates, 32 with them: the rule is a heuristic and moves with the
# VCs it reads), then the stones it decides otherwise, each with what the
# rule did.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/swap/swap-check.sh
shared=$abs_srcdir/../share/patterns

run_tool swap-check.sh /bin/sh "$script"
expect_status 2
expect_err "usage: swap-check.sh"
run_tool swap-check.sh /bin/sh "$script" "$hein" "$tmp/none"
expect_status 2
expect_err "is not a folder"
run_tool swap-check.sh /bin/sh "$script" "$hein" "$shared" 6
expect_status 0
agree=$(sed -n 's|^6x6 agree \([0-9]*\)/36 ratio default$|\1|p' "$tmp/out")
[ -n "$agree" ] || fail "unexpected 6x6 line: $(head -1 "$tmp/out")"
[ "${agree:-0}" -ge 30 ] || fail "the rule agrees on only $agree of 36"
if [ "${agree:-0}" -lt 36 ]; then
    sed -n 2p "$tmp/out" | grep -Eq '^  otherwise:( [a-f][1-6]\((kept|swapped)\))+$' \
        || fail "unexpected 6x6 disagreements: $(sed -n 2p "$tmp/out")"
fi
run_tool swap-check.sh /bin/sh "$script" --net "$hein" "$shared" 6
expect_status 0
grep -Eq '^6x6 agree [0-9]+/36 ratio 0\.[5-9][0-9] fitted \(net\)$' "$tmp/out" \
    || fail "unexpected --net 6x6 line: $(head -1 "$tmp/out")"
run_tool swap-check.sh /bin/sh "$script" --net --ratio 0.9 "$hein" "$shared" 6
expect_status 0
grep -Eq '^6x6 agree [0-9]+/36 ratio 0\.90 \(net\)$' "$tmp/out" \
    || fail "unexpected --net --ratio 6x6 line: $(head -1 "$tmp/out")"

finish
