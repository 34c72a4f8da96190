#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-elo-plot: rows of one X in two tables are added up, the rate and
# Elo with their intervals are hein-match's (a 4-of-8 match is 50 %, Elo
# 0, interval 21.5 % to 78.5 %, Elo -224.8 to +224.8), the opponent's row is Elo 0, the picture
# is a PNG file; bad tables and usage errors exit with status 2; and
# scaling-scns.sh's usage errors.
. "${srcdir:-.}/match/tests/match-lib.sh"

plot=./hein-elo-plot
need_program "$plot"
run_plot() {
    run_tool hein-elo-plot "$plot" "$@"
}
expect_out_line() {
    grep -E -e "$1" "$tmp/out" >/dev/null || fail "stdout has no line matching: $1"
}

printf '# threads games wins\n1 0 0 0.5\n2 4 3 extra fields\n4 10 10\n' >"$tmp/t1.txt"
printf '\n2 4 1\n8 5 0\n' >"$tmp/t2.txt"
run_plot -o "$tmp/elo.png" "$tmp/t1.txt" "$tmp/t2.txt"
expect_status 0
expect_out_line '^ +1 +- +- +- +- +0 +\(the opponent\)$'
expect_out_line '^ +2 +8 +4 +50\.0% +21\.5% to +78\.5% +0\.0 +-224\.8 to +\+224\.8$'
expect_out_line '^ +4 +10 +10 +100\.0% .* \+inf '
expect_out_line '^ +8 +5 +0 +0\.0% .* -inf '
# The rows come out sorted by X.
[ "$(awk 'NR > 1 { printf "%s ", $1 }' "$tmp/out")" = "1 2 4 8 " ] || fail "rows not sorted by X"
if [ "$(od -An -tx1 -N8 "$tmp/elo.png" | tr -d ' \n')" != 89504e470d0a1a0a ]; then
    fail "elo.png is not a PNG file"
fi

run_plot
expect_status 2
expect_err "Usage: hein-elo-plot"
run_plot -h
expect_status 0
expect_out_line '^Usage: hein-elo-plot'
run_plot --version
expect_status 0
expect_out_line '^hein-elo-plot \(hein\) '
run_plot -o "$tmp/x.png"
expect_status 2
run_plot -o "$tmp/x.png" "$tmp/none.txt"
expect_status 2
expect_err "none.txt"
printf '2 4 5\n' >"$tmp/bad.txt"
run_plot -o "$tmp/x.png" "$tmp/bad.txt"
expect_status 2
expect_err "bad.txt:1: expected X GAMES WINS"
printf '2 2000000 1\n' >"$tmp/big.txt"
run_plot -o "$tmp/x.png" "$tmp/big.txt"
expect_status 2
expect_err "big.txt:1: expected X GAMES WINS"
printf '2 600000 1\n2 600000 1\n' >"$tmp/many.txt"
run_plot -o "$tmp/x.png" "$tmp/many.txt"
expect_status 2
expect_err "many.txt:2: more than 1000000 games"
# A line longer than the reader's buffer: its first fields count.
{ printf '16 2 1'; i=0; while [ $i -lt 300 ]; do printf ' 1.2345'; i=$((i + 1)); done; printf '\n32 2 2\n'; } >"$tmp/long.txt"
run_plot -o "$tmp/x.png" "$tmp/long.txt"
expect_status 0
expect_out_line '^ +16 +2 +1 +50\.0%'
expect_out_line '^ +32 +2 +2 +100\.0%'
printf '# nothing\n' >"$tmp/empty.txt"
run_plot -o "$tmp/x.png" "$tmp/empty.txt"
expect_status 2
expect_err "no rows"
run_plot -o "$tmp/dir/x.png" "$tmp/t1.txt"
expect_status 1

# scaling-scns.sh (the matches themselves need a many-core machine).
script=$srcdir/match/scaling-scns.sh
run_tool scaling-scns.sh /bin/sh "$script"
expect_status 2
expect_err "usage: scaling-scns.sh"
run_tool scaling-scns.sh /bin/sh "$script" --threads "2 x" "$referee" "$hein"
expect_status 2
expect_err "positive integers"
run_tool scaling-scns.sh /bin/sh "$script" "$referee" "$tmp/nothing"
expect_status 2
expect_err "no program"
finish
