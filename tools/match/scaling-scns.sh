#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How the parallel SCNS player scales with threads: the player with N
# threads (param_scns threads N, no solver beside it) against the default
# player with one thread, for each N of a list, every match at the same
# time on a many-core machine, each for the same wall-clock time (the
# referee is stopped then and keeps the finished games).  Prints one line
# per N: games, wins, the win rate with its 95 % interval and the Elo
# difference over the one-thread player with its interval; keeps each
# match's folder (games, results.txt, summary.txt, winrate.png) under
# OUTDIR and writes the table to OUTDIR/scaling.txt.  hein-elo-plot draws
# that table.  A benchmark: it asserts nothing.
#
#   scaling-scns.sh [options] HEIN-MATCH HEIN
#
# Options
#   --threads LIST   thread counts to match against one thread ("2 4 8")
#   --move-time SEC  seconds per move for both (0.5)
#   --seconds S      wall-clock time of the matches (600)
#   --cores C        cores to share among the matches (16): a match of N
#                    threads plays floor(C / (K N)) games at once (at
#                    least one), K being the number of matches, so that
#                    the engines thinking at one moment never need more
#                    than C cores (the engines of a game think in turn)
#   --size N         board size (11)
#   --out DIR        where the match folders go (a new folder in /tmp)
#   --openings FILE  hein-match's openings (its default: every edge cell
#                    but the corners as Black's first move)
# Exit status 2 on a usage or set-up error or a match that left no results.
list="2 4 8"
move_time=0.5
seconds=600
cores=16
size=11
out=
openings=
while [ $# -gt 2 ]; do
    case $1 in
        --threads) list=$2; shift 2 ;;
        --move-time) move_time=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --cores) cores=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --openings) openings=$2; shift 2 ;;
        *) break ;;
    esac
done
usage="usage: scaling-scns.sh [--threads LIST] [--move-time SEC] [--seconds S] [--cores C] [--size N] [--out DIR] HEIN-MATCH HEIN"
if [ $# -ne 2 ]; then
    echo "$usage" >&2
    exit 2
fi
referee=$1
hein=$2
for p in "$referee" "$hein"; do
    [ -x "$p" ] || { echo "scaling-scns.sh: no program $p" >&2; exit 2; }
done
k=0
for n in $list; do
    case $n in
        '' | *[!0-9]* | 0) echo "scaling-scns.sh: --threads takes positive integers" >&2; exit 2 ;;
    esac
    k=$((k + 1))
done
case $cores$seconds in
    *[!0-9]*) echo "scaling-scns.sh: --cores and --seconds take integers" >&2; exit 2 ;;
esac
[ "$k" -gt 0 ] || { echo "$usage" >&2; exit 2; }
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/hein-scaling.XXXXXX") || exit 2
mkdir -p "$out" || exit 2

printf 'param_player name scns\n' >"$out/one.cfg"
pids=
for n in $list; do
    jobs=$((cores / (k * n)))
    [ "$jobs" -ge 1 ] || jobs=1
    printf '%s\n' 'param_player name scns' 'param_player solver 0' "param_scns threads $n" \
        >"$out/threads-$n.cfg"
    echo "== threads-$n-vs-1: $size x $size, $move_time s a move, $jobs games at once, $seconds s"
    # More games than the time allows: the referee is stopped at the end
    # (SIGTERM) and keeps the games finished by then.
    # shellcheck disable=SC2086 # no option or one option and its value
    timeout -s TERM "$seconds" "$referee" ${openings:+--openings "$openings"} -n 1000 -s "$size" -j "$jobs" \
        --move-time "$move_time" --tolerance 2 -o "$out/threads-$n-vs-1" \
        "$hein --seed 1{game} --config $out/threads-$n.cfg" \
        "$hein --seed 2{game} --config $out/one.cfg" \
        >"$out/threads-$n-vs-1.txt" 2>"$out/threads-$n-vs-1.log" &
    pids="$pids $!"
done
# shellcheck disable=SC2086 # one pid a word
wait $pids

for n in $list; do
    [ -f "$out/threads-$n-vs-1/results.txt" ] || {
        echo "scaling-scns.sh: the match of $n threads left no results; see $out/threads-$n-vs-1.log" >&2
        exit 2
    }
done
# One line per N from each match's results.txt (column 5: the winner).
{
    printf '# threads games wins rate lo hi elo elo_lo elo_hi (against 1 thread, %s s a move, %sx%s)\n' \
        "$move_time" "$size" "$size"
    printf '1 0 0 0.5 0.5 0.5 0 0 0\n'
    for n in $list; do
        awk -v n="$n" '
            function elo(p) { if (p <= 0) p = 0.001; if (p >= 1) p = 0.999; return -400 * log(1 / p - 1) / log(10) }
            /^#/ { next }
            NF >= 5 { g++; if ($5 == "A") w++ }
            END {
                if (g == 0) { printf "%d 0 0 0 0 0 0 0 0\n", n; exit }
                z = 1.959964; p = w / g
                c = p + z * z / (2 * g); d = z * sqrt(p * (1 - p) / g + z * z / (4 * g * g)); q = 1 + z * z / g
                lo = (c - d) / q; hi = (c + d) / q
                printf "%d %d %d %.4f %.4f %.4f %.1f %.1f %.1f\n", n, g, w, p, lo, hi, elo(p), elo(lo), elo(hi)
            }' "$out/threads-$n-vs-1/results.txt"
    done
} >"$out/scaling.txt"
printf '%7s %6s %5s %7s %16s %8s %18s\n' threads games wins rate "95% interval" Elo "95% interval"
awk '!/^#/ && $1 > 1 {
    printf "%7d %6d %5d %6.1f%% %6.1f%% to %5.1f%% %+8.1f %+8.1f to %+7.1f\n", $1, $2, $3, 100 * $4, 100 * $5, 100 * $6, $7, $8, $9
}' "$out/scaling.txt"
echo "scaling-scns.sh: results in $out"
exit 0
