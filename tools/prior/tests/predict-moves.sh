#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# predict-moves.sh: its usage errors, and a game whose predicted move is
# the one hein ranks first (so it is found first), the --player filter
# and the --moves range.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/prior/predict-moves.sh

run_tool predict-moves.sh /bin/sh "$script"
expect_status 2
expect_err "usage: predict-moves.sh"
run_tool predict-moves.sh /bin/sh "$script" "$hein" "$tmp/none.sgf"
expect_status 2
expect_err "cannot read"
run_tool predict-moves.sh /bin/sh "$script" --moves x-y "$hein" "$tmp/none.sgf"
expect_status 2
expect_err "FIRST-LAST"
# hein's first choice for White after a2 on 9x9, before any search (the
# position is open: Black's a2 is no VC win).
best=$(printf 'boardsize 9\nplay b a2\nparam_scns max_expansions 1\nparam_scns progress_interval 0\nreg_genmove w\nquit\n' \
    | "$hein" 2>/dev/null | sed -n 's/^= \([a-i][1-9]\)$/\1/p')
[ -n "$best" ] || fail "no move from reg_genmove"
printf '(;FF[4]GM[11]SZ[9]PB[alpha]PW[beta]\n;B[a2];W[%s];B[%s])' "$best" \
    "$( [ "$best" = e5 ] && echo d5 || echo e5)" >"$tmp/game.sgf"
run_tool predict-moves.sh /bin/sh "$script" --player beta "$hein" "$tmp/game.sgf"
expect_status 0
grep -Eq "^positions 1  first 1\.000  first-3 1\.000  first-5 1\.000  first-10 1\.000  absent 0\.000  mean rank 0\.00  played 1\.000$" \
    "$tmp/out" || fail "unexpected line: $(cat "$tmp/out")"
run_tool predict-moves.sh /bin/sh "$script" --player alpha "$hein" "$tmp/game.sgf"
expect_status 0
grep -q "^positions 1 " "$tmp/out" || fail "alpha: $(cat "$tmp/out")"
run_tool predict-moves.sh /bin/sh "$script" "$hein" "$tmp/game.sgf"
expect_status 0
grep -q "^positions 2 " "$tmp/out" || fail "both: $(cat "$tmp/out")"
run_tool predict-moves.sh /bin/sh "$script" --moves 4-9 "$hein" "$tmp/game.sgf"
expect_status 2
expect_err "no move to predict"

finish
