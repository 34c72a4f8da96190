#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-match: quick matches of hein (its default player) against itself on
# 5x5; the results, the SGF files (which hein loads back) and the summary.
. "$srcdir/match/tests/match-lib.sh"

# loads_back FILE: hein's loadsgf accepts FILE.
loads_back() {
    first=$(printf 'loadsgf %s\nquit\n' "$1" | "$hein" | head -n 1)
    case $first in
        '= '*|'=') ;;
        *) fail "hein cannot load $1: $first" ;;
    esac
}

out=$tmp/m
run_match -n 4 -s 5 --move-time 1 -o "$out" "$quick --seed 1" "$quick --seed 2"
expect_status 0
[ "$(games "$out")" -eq 4 ] || fail "results.txt has $(games "$out") games"
for g in 1 2 3 4; do
    f=$(sgf_of "$out" $g)
    if [ ! -f "$f" ]; then
        fail "no $f"
        continue
    fi
    loads_back "$f"
    expect_file "$f" "AP[hein-match:"
    expect_file "$f" "PB[hein "
    expect_file "$f" "RE["
    expect_file "$f" "C["
    expect_file "$f" "L["
    n=$(awk -F '\t' -v g=$g '$1 == g { print NF }' "$out/results.txt")
    [ "$n" = 12 ] || fail "game $g: $n fields in results.txt"
    [ "$(field "$out" $g 7)" = connection ] || fail "game $g not connected"
done
# Colours alternate: A is Black in games 1 and 3, from opening a2 then a3.
[ "$(field "$out" 1 3)" = A ] || fail "A is not black in game 1"
[ "$(field "$out" 2 3)" = B ] || fail "B is not black in game 2"
[ "$(field "$out" 2 2)" = a2 ] || fail "game 2 does not start from a2"
[ "$(field "$out" 3 2)" = a3 ] || fail "game 3 does not start from a3"
expect_file "$(sgf_of "$out" 1)" ";B[a2]"
expect_file "$(sgf_of "$out" 1)" "PB[hein 0.1.0 (A)]"
expect_file "$(sgf_of "$out" 2)" "PB[hein 0.1.0 (B)]"
expect_file "$(sgf_of "$out" 3)" ";B[a3]"
# The plot of A's win rate.
[ -f "$out/winrate.png" ] || fail "no winrate.png"
sig=$(head -c 16 "$out/winrate.png" | od -An -tx1 | tr -d ' \n')
[ "$sig" = 89504e470d0a1a0a0000000d49484452 ] \
    || fail "winrate.png does not start as a PNG: $sig"
# The summary, printed and in summary.txt.
cmp -s "$tmp/out" "$out/summary.txt" || fail "stdout differs from summary.txt"
expect_out "4 of 4 games on 5x5"
expect_out "time: 1 s per move (tolerance 1 s)"
expect_out "as black    as white"
expect_out "win rate of A: "
expect_out "% (95% interval "
expect_out "Elo A-B: "
expect_out "reasons: connection 4"
# Each engine's moves, timed by the referee: some, none over the move time.
expect_out "engine       moves        mean     longest"
for who in A B; do
    line=$(grep "^$who  *[0-9]*  *[0-9.]*  *[0-9.]*\$" "$tmp/out")
    set -- $line
    [ "${2:-0}" -gt 0 ] || fail "no moves counted for $who: '$line'"
    awk -v m="${3:-9}" -v l="${4:-9}" 'BEGIN { exit !(m <= l && l < 2) }' \
        || fail "engine $who's times are off: '$line'"
done
[ "$(grep -c '^game [1-4]/4: [AB] (\(black\|white\)) beats [AB] by connection in [0-9]* moves \[A [0-4], B [0-4]\]$' "$tmp/err")" -eq 4 ] \
    || fail "not 4 progress lines"

# Several games at once: every game once, each with its SGF.
out=$tmp/j
run_match -n 6 -j 3 -s 4x5 --move-time 1 -o "$out" "$quick --seed 3" "$hein"
expect_status 0
nums=$(grep -v '^#' "$out/results.txt" | cut -f 1 | sort -n | tr '\n' ' ')
[ "$nums" = "1 2 3 4 5 6 " ] || fail "games recorded: $nums"
for g in 1 2 3 4 5 6; do
    [ -f "$(sgf_of "$out" $g)" ] || fail "no SGF for game $g"
done
expect_file "$(sgf_of "$out" 1)" "SZ[4:5]"

# {game} in a command line is the game number: here it reaches the shell
# that starts hein (once more for the first game: asking the names).
out=$tmp/n
run_match -n 3 -s 3 --move-time 1 -o "$out" \
    "sh -c \"echo A{game} >>$tmp/seen; exec $quick --seed 1{game}\"" \
    "sh -c \"echo B{game} >>$tmp/seen; exec $quick --seed 2{game}\""
expect_status 0
seen=$(sort "$tmp/seen" | tr '\n' ' ')
[ "$seen" = "A1 A1 A2 A3 B1 B1 B2 B3 " ] || fail "engines started as: $seen"

# A game clock with increment, an openings file with longer openings,
# per-game logs.
out=$tmp/g
run_match -n 3 -s 5 --game-time 5+0.5 --openings "$data/5x5.txt" --logs \
    -o "$out" "$quick --seed 4" "$quick --seed 5"
expect_status 0
expect_out "time: 5 s per side + 0.5 s per move (tolerance 1 s)"
expect_out "openings: 2, from $data/5x5.txt"
[ "$(field "$out" 1 2)" = c3,b4 ] || fail "game 1 does not start from c3 b4"
[ "$(field "$out" 3 2)" = e1 ] || fail "game 3 does not start from e1"
expect_file "$(sgf_of "$out" 1)" ";B[c3];W[b4];B["
expect_file "$out/game-001-A.log" "> time_settings 5 0 0"
expect_file "$out/game-001-A.log" "> time_left "
expect_file "$out/game-001-B.log" "> play black c3"
loads_back "$(sgf_of "$out" 3)"

finish
