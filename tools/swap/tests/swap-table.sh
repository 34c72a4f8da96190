#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# swap-table.sh: its usage errors, and the tables it makes again for 1x1
# to 5x5 (a second each) are the ones shipped in share/patterns.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/swap/swap-table.sh
shared=$abs_srcdir/../share/patterns

run_tool swap-table.sh /bin/sh "$script"
expect_status 2
expect_err "usage: swap-table.sh"
run_tool swap-table.sh /bin/sh "$script" "$hein" 25
expect_status 2
expect_err "SIZE must be 1 to 19"

for n in 1 2 3 4 5; do
    run_tool swap-table.sh /bin/sh "$script" --seconds 60 "$hein" "$n"
    expect_status 0
    cmp -s "$tmp/out" "$shared/swap-${n}x${n}.txt" \
        || fail "the ${n}x${n} table differs from share/patterns/swap-${n}x${n}.txt"
done

finish
