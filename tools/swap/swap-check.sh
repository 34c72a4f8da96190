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
#   swap-check.sh [--ratio R] [--net] HEIN PATTERN-DIR [SIZE...]
#
# With --net the rule measured is the network's value head's instead
# (net-value, gtp/cmd_net.h): with White's value v after the stone,
# Black's chance 1 - v, White swaps when that is at least R times the
# best first stone's of the size.  Without --ratio, R is the one of 0.50,
# 0.51, ... 0.99 that agrees most over all the SIZEs together (fitted to
# the tables themselves, so an upper bound on what the rule can do), and
# the lines say "ratio R fitted".
# SIZEs default to 6 and 7.  Exit status 2 on a usage error, 1 when an
# engine failed.
ratio=
net=
while [ $# -gt 2 ]; do
    case $1 in
        --ratio) ratio=$2; shift 2 ;;
        --net) net=1; shift ;;
        *) break ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: swap-check.sh [--ratio R] [--net] HEIN PATTERN-DIR [SIZE...]" >&2
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
if [ -n "$net" ]; then
    : > "$tmp/all"
    for n in $sizes; do
        table=$patterns/swap-${n}x${n}.txt
        [ -r "$table" ] || { echo "swap-check.sh: no $table" >&2; exit 2; }
        grep -v '^#' "$table" | grep . > "$tmp/cells"
        {
            echo "boardsize $n"
            while read -r cell winner; do
                echo "play b $cell"
                echo "net-value w"
                echo "clear_board"
            done < "$tmp/cells"
            echo quit
        } > "$tmp/htp"
        "$hein" < "$tmp/htp" 2>/dev/null | sed -n 's/^= white \([0-9.]*\)$/\1/p' > "$tmp/values"
        if [ "$(wc -l < "$tmp/values")" -ne "$(wc -l < "$tmp/cells")" ]; then
            echo "swap-check.sh: the engine did not value every ${n}x${n} stone (no network?)" >&2
            exit 1
        fi
        paste -d' ' "$tmp/cells" "$tmp/values" | sed "s/^/$n /" >> "$tmp/all"
    done
    # lines "SIZE CELL WINNER WHITE-VALUE"
    awk -v fixed="$ratio" '
        { n[NR] = $1; cell[NR] = $2; want[NR] = ($3 == "black"); b[NR] = 1 - $4
          if (b[NR] > best[$1]) best[$1] = b[NR]
          if (!($1 in seen)) { seen[$1] = 1; order[++sizes] = $1 } }
        function agree(r,   i, a) { a = 0
            for (i = 1; i <= NR; i++) a += ((b[i] >= r * best[n[i]]) == want[i]); return a }
        END {
            if (fixed != "") { r = fixed; how = "" }
            else { how = " fitted"; top = -1
                   for (k = 50; k <= 99; k++) if ((x = agree(k / 100)) > top) { top = x; r = k / 100 } }
            for (s = 1; s <= sizes; s++) {
                z = order[s]; a = 0; m = 0; wrong = ""
                for (i = 1; i <= NR; i++) if (n[i] == z) {
                    m++; swap = (b[i] >= r * best[z])
                    if (swap == want[i]) a++; else wrong = wrong " " cell[i] (swap ? "(swapped)" : "(kept)") }
                printf "%dx%d agree %d/%d ratio %.2f%s (net)\n", z, z, a, m, r, how
                if (wrong != "") printf "  otherwise:%s\n", wrong
            } }' "$tmp/all"
    exit 0
fi
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
