#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-learn-prior: its usage errors; on one 5x5 game the decisions it
# counts (the moves in range of the player named), a table hein reads
# back, and the pattern of every move taken counted as taken; the joint
# patterns (--joint), the near classes (--near) and the knowledge's view
# (--circuit); and
# learn-prior.sh makes the shipped table again, line for line.
. "${srcdir:-.}/lib/tests/lib.sh"

learn=$(pwd)/hein-learn-prior
need_program "$learn"

run_tool hein-learn-prior "$learn"
expect_status 2
expect_err "usage: hein-learn-prior"
run_tool hein-learn-prior "$learn" --moves 5-2 x.sgf
expect_status 2
expect_err "bad option"
run_tool hein-learn-prior "$learn" "$tmp/none.sgf"
expect_status 1
expect_err "none.sgf"
printf '(;FF[4]GM[11]SZ[5]PB[alpha]PW[beta]\n;B[c3];W[b4];B[c2];W[b2];B[d1])' >"$tmp/game.sgf"
run_tool hein-learn-prior "$learn" --player beta "$tmp/game.sgf"
expect_status 0
grep -q "^# 2 decisions (moves 2-50 of beta) of 1 games" "$tmp/out" \
    || fail "header: $(sed -n 2p "$tmp/out")"
# Each decision takes one ring pattern and one bridge pattern.
taken=$(awk '$1 == "ring" { n += $5 } END { print n }' "$tmp/out")
[ "$taken" = 2 ] || fail "ring patterns taken: $taken"
taken=$(awk '$1 == "bridge" { n += $5 } END { print n }' "$tmp/out")
[ "$taken" = 2 ] || fail "bridge patterns taken: $taken"
for bad in "--joint 0" "--joint x" "--near -2" "--near y" "--circuit -1" "--circuit 1e9"; do
    run_tool hein-learn-prior "$learn" $bad "$tmp/game.sgf"
    expect_status 2
    expect_err "bad option"
done
# --joint: a third pattern per decision, twelve cells.
run_tool hein-learn-prior "$learn" --player beta --joint 4 "$tmp/game.sgf"
expect_status 0
taken=$(awk '$1 == "joint" && length($2) == 12 { n += $5 } END { print n }' "$tmp/out")
[ "$taken" = 2 ] || fail "joint patterns taken: $taken"
grep -q "^# joint patterns' prior: 4 games" "$tmp/out" || fail "joint header"
cp "$tmp/out" "$tmp/joint.txt"
# --near: the class of each move taken from the opponent's last move:
# beta's b4 is next to c3 and b2 next to c2 (class 1, twice).
run_tool hein-learn-prior "$learn" --player beta --near 1 "$tmp/game.sgf"
expect_status 0
grep -q "^# near classes' prior: 1 games" "$tmp/out" || fail "near header"
[ "$(awk '$1 == "near" && $5 > 0 { printf "%s:%s ", $2, $5 }' "$tmp/out")" = "1:2 " ] \
    || fail "near classes taken: $(grep '^near' "$tmp/out")"
cp "$tmp/out" "$tmp/near.txt"
# --circuit: the knowledge's candidates.  On 5x5 every position of the
# game is decided (no decision left); on 9x9 the three moves after the
# first are open.
run_tool hein-learn-prior "$learn" --circuit 2 "$tmp/game.sgf"
expect_status 1
expect_err "no move to learn from"
printf '(;FF[4]GM[11]SZ[9]PB[alpha]PW[beta]\n;B[e5];W[c7];B[g3];W[e4])' >"$tmp/g9.sgf"
run_tool hein-learn-prior "$learn" --circuit 2 "$tmp/g9.sgf"
expect_status 0
grep -q "^# 3 decisions (moves 2-50) of 1 games" "$tmp/out" || fail "circuit: $(sed -n 2p "$tmp/out")"
grep -q "^# beside the circuit's move scores to the power 2 (give the player" "$tmp/out" \
    || fail "circuit header: $(grep circuit "$tmp/out")"
run_tool hein-learn-prior "$learn" --moves 3-3 "$tmp/game.sgf"
expect_status 0
grep -q "^# 1 decisions (moves 3-3) of 1 games" "$tmp/out" || fail "range: $(sed -n 2p "$tmp/out")"
# hein reads it (no "no move prior" warning) from a pattern directory.
mkdir "$tmp/pat"
cp "$abs_srcdir"/../share/patterns/*.txt "$tmp/pat/"
for table in "$tmp/out" "$tmp/joint.txt" "$tmp/near.txt"; do
    cp "$table" "$tmp/pat/move-prior.txt"
    printf 'param_scns prior_weight 1\nquit\n' | HEIN_PATTERNS="$tmp/pat" ../engine/hein \
        >"$tmp/hein.out" 2>"$tmp/hein.err"
    grep -q "move prior" "$tmp/hein.err" && fail "hein: $(cat "$tmp/hein.err")"
done
# The shipped table is what learn-prior.sh makes from tools/prior/prior-data.
export HEIN_LEARN_PRIOR="$learn"
run_tool learn-prior.sh /bin/sh "$abs_srcdir/prior/learn-prior.sh"
expect_status 0
cmp -s "$tmp/out" "$abs_srcdir/../share/patterns/move-prior.txt" \
    || fail "share/patterns/move-prior.txt differs from learn-prior.sh's table"

finish
