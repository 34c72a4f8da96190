#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Parallel efficiency of the solver (SPDFPN), as Table 2 of the SPDFPN
# paper measures it.  Each position of FILE is solved from an empty table
# by a fresh engine with 1 thread, then with each other thread count n;
# for each position and n:
#     f_s = E_n / E_1                  extra expansions (search overhead)
#     f_t = (n T_n / E_n) / (T_1 / E_1)   time per expansion per thread,
#                                      against the serial one (thread
#                                      overhead: locks, memory, waiting)
#     e   = n / (f_t f_s) = T_1 / T_n  the speed-up; e / n the efficiency
# with T the wall time and E the expansions.  Prints one line per run,
# then per n the geometric means over the positions.  A benchmark: it
# asserts nothing, but it says when a run's winner differs from the
# serial one.
#
#   bench-spdfpn.sh [--threads "1 2 4"] [--seconds S] [--tt-mb MB]
#                   [--work N] HEIN [FILE]
#
# FILE (default: bench-data/spdfpn.txt beside this script) has one
# position per line: SIZE COLOUR MOVE..., the moves played alternately
# from Black on an empty SIZE x SIZE board and COLOUR to move; '#'
# starts a comment.  --work sets param_dfpn max_work_per_job (default:
# the solver's, by board size).  Run it on an otherwise idle machine.
threads="1 2"
seconds=900
ttmb=256
work=
while [ $# -gt 1 ]; do
    case $1 in
        --threads) threads=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --tt-mb) ttmb=$2; shift 2 ;;
        --work) work=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: bench-spdfpn.sh [--threads LIST] [--seconds S] [--tt-mb MB] [--work N] HEIN [FILE]" >&2
    exit 2
fi
hein=$1
file=${2:-$(dirname "$0")/bench-data/spdfpn.txt}
if [ ! -x "$hein" ]; then
    echo "bench-spdfpn.sh: $hein is not executable" >&2
    exit 2
fi
if [ ! -r "$file" ]; then
    echo "bench-spdfpn.sh: cannot read $file" >&2
    exit 2
fi
case " $threads " in
    *" 1 "*) ;;
    *) threads="1 $threads" ;;
esac
results=$(mktemp)
trap 'rm -f "$results"' EXIT

# solve LINE N: one run; prints "winner seconds expansions"
solve() {
    set -- $1
    size=$1 colour=$2
    shift 2
    {
        echo "boardsize $size $size"
        [ -n "$work" ] && echo "param_dfpn max_work_per_job $work"
        c=b
        for m in "$@"; do
            echo "play $c $m"
            if [ $c = b ]; then c=w; else c=b; fi
        done
        echo "solve $colour $seconds"
        echo "quit"
    } | "$hein" --threads "$n" --tt-mb "$ttmb" 2>/dev/null | awk -v colour="$colour" '
        /^= [a-z]+ (loses|wins)/ { w = ($3 == "loses") ? "other" : "self" }
        /^= unknown/ { w = "unknown" }
        / s, [0-9]+ expansions/ { t = $1; e = $3 }
        END {
            if (w == "self") w = colour
            else if (w == "other") w = (colour ~ /^b/) ? "white" : "black"
            if (w == "") w = "error"
            print w, t + 0, e + 0
        }'
}

printf "%-26s %3s %-8s %9s %12s %7s %7s %7s\n" position n winner seconds expansions f_s f_t e
i=0
grep -v '^[[:space:]]*#' "$file" | grep -v '^[[:space:]]*$' | while read -r line; do
    i=$((i + 1))
    for n in $threads; do
        r=$(solve "$line" "$n")
        echo "$i $n $r" >>"$results"
        set -- $r
        base=$(awk -v i="$i" '$1 == i && $2 == 1 { print $4, $5, $3 }' "$results")
        awk -v line="$line" -v n="$n" -v w="$1" -v t="$2" -v e="$3" -v base="$base" 'BEGIN {
            split(base, b, " ")
            fs = (b[2] > 0) ? e / b[2] : 0
            ft = (e > 0 && b[1] > 0 && b[2] > 0) ? (n * t / e) / (b[1] / b[2]) : 0
            sp = (t > 0) ? b[1] / t : 0
            note = (w != b[3]) ? "  (winner differs from 1 thread)" : ""
            printf "%-26s %3d %-8s %9.2f %12d %7.3f %7.3f %7.3f%s\n", line, n, w, t, e, fs, ft, sp, note
        }'
    done
done
echo
echo "geometric means over the positions (e = n / (f_t f_s) = T_1 / T_n):"
awk -v list="$threads" '
{ p = $1; n = $2; t[p, n] = $4; e[p, n] = $5; w[p, n] = $3; ps[p] = 1 }
END {
    printf "%3s %9s %7s %7s %7s %11s\n", "n", "positions", "f_t", "f_s", "e", "efficiency"
    k = split(list, ns, " ")
    for (j = 1; j <= k; j++) {
        n = ns[j]; c = 0; lt = 0; ls = 0
        for (p in ps) {
            if (t[p, n] <= 0 || e[p, n] <= 0 || t[p, 1] <= 0 || e[p, 1] <= 0) continue
            if (w[p, n] == "unknown" || w[p, 1] == "unknown") continue
            fs = e[p, n] / e[p, 1]
            ft = (n * t[p, n] / e[p, n]) / (t[p, 1] / e[p, 1])
            c++; lt += log(ft); ls += log(fs)
        }
        if (c == 0) continue
        ft = exp(lt / c); fs = exp(ls / c); sp = n / (ft * fs)
        printf "%3d %9d %7.3f %7.3f %7.3f %11.3f\n", n, c, ft, fs, sp, sp / n
    }
}' "$results"
