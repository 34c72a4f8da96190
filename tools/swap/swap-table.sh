#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The swap decision table of a board size, made by hein's own solver:
# for each cell, Black's first stone there, then `dfpn-solve-state white
# SECONDS` (the table cleared between openings).  Writes the table on
# standard output in the format engine/swap.h reads (one line "CELL
# WINNER" per solved opening, WINNER the side that wins with White to
# move; a comment for an opening not solved in time).  White swaps
# exactly the first stones after which Black wins.
#
#   swap-table.sh [--seconds S] [--threads N] HEIN SIZE > swap-SIZExSIZE.txt
#
# share/patterns/swap-NxN.txt were made so (make swap-tables in share/
# does it again).  Exit status 2 on a usage error, 1 when an engine
# failed.
seconds=600
threads=1
while [ $# -gt 2 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -ne 2 ]; then
    echo "usage: swap-table.sh [--seconds S] [--threads N] HEIN SIZE" >&2
    exit 2
fi
hein=$1
size=$2
[ -x "$hein" ] || { echo "swap-table.sh: $hein is not executable" >&2; exit 2; }
case $size in
    [1-9] | 1[0-9]) ;;
    *) echo "swap-table.sh: SIZE must be 1 to 19" >&2; exit 2 ;;
esac
cols=$(echo a b c d e f g h i j k l m n o p q r s | cut -d' ' -f1-"$size")
printf '%s\n' "# SPDX-License-Identifier: GPL-3.0-or-later" \
    "# Swap decisions on ${size}x${size}: after Black's first stone on CELL, with" \
    "# White to move, WINNER wins (hein's solver, tools/swap/swap-table.sh)." \
    "# White swaps exactly when WINNER is black.  Format: CELL WINNER."
for r in $(seq 1 "$size"); do
    for c in $cols; do
        answer=$(printf 'boardsize %s\nparam_dfpn threads %s\nplay b %s%s\ndfpn-solve-state white %s\nquit\n' \
            "$size" "$threads" "$c" "$r" "$seconds" | "$hein" 2>/dev/null \
            | sed -n 's/^= \(black\|white\|unknown\)$/\1/p')
        case $answer in
            black | white) echo "$c$r $answer" ;;
            unknown) echo "# $c$r not solved in $seconds s" ;;
            *) echo "swap-table.sh: no answer for $c$r" >&2; exit 1 ;;
        esac
    done
done
