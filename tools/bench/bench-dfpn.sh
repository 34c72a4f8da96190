#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The solver on first moves: for each opening (Black's MOVE on an empty
# SIZE x SIZE board), `solve white SECONDS` in one engine, the table
# cleared between openings.  Prints one line per opening (winner, time,
# expansions, expansions per second) and the totals, with the engine's
# peak resident memory.  A benchmark: it asserts nothing.
#
#   bench-dfpn.sh [--size N] [--seconds S] [--tt-mb MB] [--set KEY=VALUE]...
#                 HEIN [MOVE...]
#
# Each --set sends `param_dfpn KEY VALUE` before the solves (e.g. --set
# net_order=1: the network's policy in the solver's move order).
# Without MOVEs, every cell of the board is an opening (49 on 7x7).
# An opening not solved within S seconds (default 600) counts as unknown.
size=7
seconds=600
ttmb=
sets=
while [ $# -gt 1 ]; do
    case $1 in
        --size) size=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --tt-mb) ttmb="--tt-mb $2"; shift 2 ;;
        --set)
            case $2 in
                *=*) sets="$sets
param_dfpn ${2%%=*} ${2#*=}" ;;
                *) echo "bench-dfpn.sh: --set wants KEY=VALUE" >&2; exit 2 ;;
            esac
            shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ]; then
    echo "usage: bench-dfpn.sh [--size N] [--seconds S] [--tt-mb MB] [--set KEY=VALUE]... HEIN [MOVE...]" >&2
    exit 2
fi
hein=$1
shift
if [ ! -x "$hein" ]; then
    echo "bench-dfpn.sh: $hein is not executable" >&2
    exit 2
fi
if [ $# -eq 0 ]; then
    cols=$(echo a b c d e f g h i j k l m n o p q r s | cut -d' ' -f1-"$size")
    for r in $(seq 1 "$size"); do
        for c in $cols; do
            set -- "$@" "$c$r"
        done
    done
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
    echo "boardsize $size $size"
    [ -n "$sets" ] && echo "$sets" | grep .
    for m in "$@"; do
        echo "play b $m"
        echo "solve white $seconds"
        echo "undo"
        echo "dfpn-clear-tt"
    done
    echo "quit"
} | "$hein" $ttmb 2>/dev/null >"$out"
# A solve reply: "= white loses" or "= white wins with X" or "= unknown
# (stopped)", then "T s, N expansions (R/s, ...), ..., peak RSS M MiB".
awk -v size="$size" -v moves="$*" '
BEGIN { n = split(moves, mv, " "); i = 0
        printf "%-6s %-8s %9s %12s %8s\n", "move", "winner", "seconds", "expansions", "per s" }
/^= white (loses|wins)/ { i++; winner[i] = ($3 == "loses") ? "black" : "white"; next }
/^= unknown/ { i++; winner[i] = "unknown"; next }
/ s, [0-9]+ expansions/ {
    t = $1; e = $3; rss = $(NF - 1)
    printf "%-6s %-8s %9.2f %12d %8.0f\n", mv[i], winner[i], t, e, (t > 0 ? e / t : 0)
    tt += t; te += e; if (winner[i] == "unknown") unk++
}
END {
    printf "total: %d openings on %dx%d, %.1f s, %d expansions (%.0f/s), %d unknown, peak RSS %s MiB\n",
        i, size, size, tt, te, (tt > 0 ? te / tt : 0), unk, rss
}' "$out"
