#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The resistance player's strength: 100 games on 7x7 against the random
# player, with the referee hein-match (colours alternate, its default
# openings: every edge cell but the corners as Black's first move), one
# seed per game so that a run can be repeated.  Prints the referee's
# summary and one closing line; a benchmark, so it asserts nothing unless
# asked:
#
#   strength-resistance.sh [--min PERCENT] [--games N] HEIN-MATCH HEIN
#
# --min PERCENT  exit 1 when the resistance player wins less (check-long
#                uses 95).
# Exit status 2 on a usage or set-up error.
min=
games=100
while [ $# -gt 2 ]; do
    case $1 in
        --min) min=$2; shift 2 ;;
        --games) games=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -ne 2 ]; then
    echo "usage: strength-resistance.sh [--min PERCENT] [--games N] HEIN-MATCH HEIN" >&2
    exit 2
fi
referee=$1
hein=$2
for p in "$referee" "$hein"; do
    [ -x "$p" ] || { echo "strength-resistance.sh: no program $p" >&2; exit 2; }
done
dir=$(mktemp -d "${TMPDIR:-/tmp}/hein-strength.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM
printf 'param_player name random\n' >"$dir/random.cfg"
printf 'param_player name resistance\n' >"$dir/resistance.cfg"
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
[ "$jobs" -gt 8 ] && jobs=8
"$referee" -n "$games" -s 7 -j "$jobs" --move-time 10 -o "$dir/match" \
    "$hein --seed 1{game} --config $dir/resistance.cfg" \
    "$hein --seed 2{game} --config $dir/random.cfg" 2>/dev/null >"$dir/summary"
st=$?
cat "$dir/summary"
if [ $st -ne 0 ]; then
    echo "strength-resistance.sh: hein-match failed (status $st)" >&2
    exit 2
fi
wins=$(awk '$1 == "A" && $2 ~ /^[0-9]+$/ { print $2; exit }' "$dir/summary")
[ -n "$wins" ] || { echo "strength-resistance.sh: no tally in the summary" >&2; exit 2; }
pct=$(awk -v w="$wins" -v n="$games" 'BEGIN { printf "%.1f", 100 * w / n }')
echo "resistance vs random on 7x7: $wins of $games games won ($pct %)"
if [ -n "$min" ] && awk -v p="$pct" -v m="$min" 'BEGIN { exit !(p < m) }'; then
    echo "strength-resistance.sh: below $min %" >&2
    exit 1
fi
exit 0
