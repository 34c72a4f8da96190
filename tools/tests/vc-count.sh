#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# vc-count.sh: its usage errors, and the counts on the empty 1x1 board,
# which can be read off by hand: for each colour the one cell is adjacent
# to both of its edges (two fulls with empty carriers) and joins them
# when the colour plays it (one semi, key a1); nothing is filled in.
. "${srcdir:-.}/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/vc-count.sh

run_tool vc-count.sh /bin/sh "$script"
expect_status 2
expect_err "usage: vc-count.sh"
run_tool vc-count.sh /bin/sh "$script" "$hein" "$tmp/none.sgf"
expect_status 2
expect_err "cannot read"
printf '(;FF[4]GM[11]SZ[1])' >"$tmp/one.sgf"
run_tool vc-count.sh /bin/sh "$script" "$hein" "$tmp/one.sgf"
expect_status 0
grep -Eq "^one +black +fill-in +0 +fulls +2 +semis +1$" "$tmp/out" \
    || fail "unexpected black line: $(sed -n 1p "$tmp/out")"
grep -Eq "^one +white +fill-in +0 +fulls +2 +semis +1$" "$tmp/out" \
    || fail "unexpected white line: $(sed -n 2p "$tmp/out")"
grep -qx "total: fill-in 0, fulls 4, semis 2" "$tmp/out" \
    || fail "unexpected total: $(sed -n 3p "$tmp/out")"

finish
