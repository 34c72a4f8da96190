#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-paired: its usage errors, an engine that fails the command, and a
# run of hein against itself on one position (one line per colour and the
# total line; the times themselves are not checked: a benchmark prints).
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
paired=$(pwd)/hein-paired
need_program "$hein"
need_program "$paired"
sgf=$abs_srcdir/bench/bench-data/mid-01.sgf

run_tool hein-paired "$paired"
expect_status 2
expect_err "usage: hein-paired"
run_tool hein-paired "$paired" --reps 0 "$hein" "$hein" "$sgf"
expect_status 2
expect_err "--reps takes 1 to 99"
run_tool hein-paired "$paired" "$hein" "$hein" "$tmp/none.sgf"
expect_status 2
expect_err "cannot read"
run_tool hein-paired "$paired" "\"$hein" "$hein" "$sgf"
expect_status 2
expect_err "unbalanced quote"
run_tool hein-paired "$paired" --command no-such-command "$hein" "$hein" "$sgf"
expect_status 1
expect_err "failed"
run_tool hein-paired "$paired" --reps 1 "$hein" "$hein" "$sgf"
expect_status 0
grep -Eq "^mid-01.sgf +black +A +[0-9.]+ ms +B +[0-9.]+ ms +A/B +[0-9.]+$" "$tmp/out" \
    || fail "unexpected black line: $(sed -n 1p "$tmp/out")"
grep -Eq "^mid-01.sgf +white " "$tmp/out" || fail "no white line"
grep -q "^total of medians (vc-build, 1 runs each): A " "$tmp/out" \
    || fail "unexpected total: $(sed -n 3p "$tmp/out")"

finish
