#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How often the circuit's swap rule (engine/swap.h swap_by_circuit) agrees
# with the solver's swap tables: for each board size that has a table in
# the pattern directory, the engine runs with a copy of that directory
# without the swap tables, so that the rule decides every first stone,
# and its answer (genmove w after the stone: swap-pieces or not) is
# compared with the table's.  Prints one line per size, "SIZE agree N/M
# ratio R", and the stones it decides otherwise.  A benchmark: it
# asserts nothing.
#
#   swap-check.sh [--ratio R] HEIN PATTERN-DIR [SIZE...]
#
# SIZEs default to 6 and 7.  Exit status 2 on a usage error, 1 when an
# engine failed.
ratio=
while [ $# -gt 2 ]; do
    case $1 in
        --ratio) ratio=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: swap-check.sh [--ratio R] HEIN PATTERN-DIR [SIZE...]" >&2
    exit 2
fi
hein=$1
patterns=$2
shift 2
sizes=${*:-6 7}
[ -x "$hein" ] || { echo "swap-check.sh: $hein is not executable" >&2; exit 2; }
[ -d "$patterns" ] || { echo "swap-check.sh: $patterns is not a folder" >&2; exit 2; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for f in "$patterns"/*.txt; do
    case ${f##*/} in
        swap-*) ;;
        *) cp "$f" "$tmp/" ;;
    esac
done
status=0
for n in $sizes; do
    table=$patterns/swap-${n}x${n}.txt
    [ -r "$table" ] || { echo "swap-check.sh: no $table" >&2; exit 2; }
    grep -v '^#' "$table" | grep . > "$tmp/cells"
    {
        echo "boardsize $n"
        echo "param_game allow_swap 1"
        [ -n "$ratio" ] && echo "param_game swap_ratio $ratio"
        echo "param_player name resistance"
        while read -r cell winner; do
            echo "play b $cell"
            echo "genmove w"
            echo "clear_board"
        done < "$tmp/cells"
        echo quit
    } > "$tmp/htp"
    HEIN_PATTERNS=$tmp "$hein" < "$tmp/htp" 2>/dev/null \
        | sed -n 's/^= \(swap-pieces\|[a-s][0-9][0-9]*\)$/\1/p' > "$tmp/answers"
    if [ "$(wc -l < "$tmp/answers")" -ne "$(wc -l < "$tmp/cells")" ]; then
        echo "swap-check.sh: the engine did not answer every ${n}x${n} stone" >&2
        status=1
        continue
    fi
    paste -d' ' "$tmp/cells" "$tmp/answers" | awk -v n="$n" -v r="${ratio:-default}" '
        { swap = ($3 == "swap-pieces"); want = ($2 == "black"); m++
          if (swap == want) a++; else wrong = wrong " " $1 (swap ? "(swapped)" : "(kept)") }
        END { printf "%dx%d agree %d/%d ratio %s\n", n, n, a, m, r
              if (wrong != "") printf "  otherwise:%s\n", wrong }'
done
exit $status
