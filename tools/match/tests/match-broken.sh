#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-match: engines that answer garbage, an occupied cell, nothing, or
# '?', that crash, resign or swap lose each game with the right reason,
# in results.txt and in the SGF (RE and the comment); the referee goes on.
. "$srcdir/match/tests/match-lib.sh"

# check_mode MODE REASON RE DETAIL [OPTION...]: two games of hein (A)
# against the broken engine (B) in MODE, both lost by B.
check_mode() {
    mode=$1 reason=$2 re=$3 detail=$4
    shift 4
    out=$tmp/$mode
    run_match -n 2 -s 5 --move-time 1 --tolerance 0.2 --timeout 2 "$@" \
        -o "$out" "$quick --seed 7" "$broken $mode"
    expect_status 0
    [ "$(games "$out")" -eq 2 ] || fail "$mode: $(games "$out") games"
    for g in 1 2; do
        expect_game "$out" $g A "$reason" "$detail"
    done
    # Game 1: B is White; game 2: B is Black.
    expect_file "$(sgf_of "$out" 1)" "RE[B+$re]"
    expect_file "$(sgf_of "$out" 2)" "RE[W+$re]"
    expect_file "$(sgf_of "$out" 1)" "by $reason: "
    expect_file "$(sgf_of "$out" 1)" "$detail"
    expect_file "$(sgf_of "$out" 1)" "PW[broken-$mode 1]"
    expect_out "A                2         1/1         1/1"
    expect_out "reasons: $reason 2"
}

check_mode garbage illegal F 'unparsable reply "zz99"'
check_mode occupied illegal F "occupied cell a2"
check_mode fail forfeit F "genmove failed: cannot think"
check_mode resign resign R "resigned"
expect_game "$tmp/resign" 1 A resign "white resigned"
expect_game "$tmp/resign" 2 A resign "black resigned"
check_mode crash crash F "engine exited with status 3 (during genmove)"
check_mode reject-play forfeit F "rejected opening move a2: illegal move"

# swap-pieces without --swap is illegal, even as White's move 2.
check_mode swap illegal F "swap-pieces, but the match is played without --swap"

# An engine that never answers is killed after its time, the tolerance
# and a margin (1 + 0.2 + 0.5 s), and loses by timeout.
start=$(date +%s)
check_mode sleep timeout T "no reply to genmove within 1.7 s"
took=$(($(date +%s) - start))
[ "$took" -le 8 ] || fail "two hung games took $took s"

# A move over time loses on time: the engine answers late, but before it
# would be killed (0.5 s per move, no tolerance, killed after 1 s).
out=$tmp/slow
run_match -n 2 -s 5 --move-time 0.5 --tolerance 0 -o "$out" "$quick --seed 6" \
    "$broken slow"
expect_status 0
for g in 1 2; do
    expect_game "$out" $g A time "0.5 s per move + 0 s tolerance"
done
expect_file "$(sgf_of "$out" 1)" "RE[B+T]"

# With --swap, a swap as White's move 2 is played: the engines exchange
# colours; as Black's first move it is still illegal.
out=$tmp/swap-ok
run_match -n 2 -s 5 --move-time 1 --swap -o "$out" "$quick --seed 8" \
    "$broken swap"
expect_status 0
[ "$(field "$out" 1 11)" = 1 ] || fail "game 1 has no swap"
expect_file "$(sgf_of "$out" 1)" ";W[swap-pieces]"
[ "$(field "$out" 1 3)" = B ] || fail "B does not own black after the swap"
expect_game "$out" 2 A illegal "only allowed as White's move 2"

# An engine refusing time_settings and time_left still plays: a warning,
# once per engine.
out=$tmp/notime
run_match -n 2 -s 5 --move-time 1 -o "$out" "$quick --seed 9" "$broken notime"
expect_status 0
[ "$(games "$out")" -eq 2 ] || fail "notime: $(games "$out") games"
[ "$(grep -c "warning: engine B refused 'time_settings" "$tmp/err")" -eq 1 ] \
    || fail "not one time_settings warning"
[ "$(grep -c "warning: engine B refused 'time_left" "$tmp/err")" -eq 1 ] \
    || fail "not one time_left warning"

finish
