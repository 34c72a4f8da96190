#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# What a `vc-build` finds, counted the same way for any HTP engine that
# has HexGui's VC commands (hein, MoHex): for each SGF position and
# colour, `vc-build COLOUR`, then `vc-between-cells-full` and
# `vc-between-cells-semi` on every pair of endpoints, the endpoints being
# the position's empty cells and the colour's two edges (a stone stands
# for its whole group in both programs, so stones are left out).  A cell
# an engine fills in joins a group too, so several pairs of cells get
# the same answers: each distinct connection (endpoints as the engine
# names them, carrier, key) is counted once.  Prints per position and
# colour the fill-in cells vc-build names (its f.. marks) and the
# numbers of distinct full and semi connections, then the totals.  A
# benchmark: it asserts nothing.  Several thousand commands a position:
# seconds.
#
#   vc-count.sh ENGINE-COMMAND SGF...
#
# e.g. vc-count.sh engine/hein tools/bench/bench-data/mid-*.sgf
#      vc-count.sh "/path/to/mohex" tools/bench/bench-data/mid-*.sgf
if [ $# -lt 2 ]; then
    echo "usage: vc-count.sh ENGINE-COMMAND SGF..." >&2
    exit 2
fi
engine=$1
shift
for f in "$@"; do
    if [ ! -r "$f" ]; then
        echo "vc-count.sh: cannot read $f" >&2
        exit 2
    fi
done
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for f in "$@"; do
    case $f in
        /*) path=$f ;;
        *) path=$PWD/$f ;;
    esac
    # The board size and the stones (B[..] / W[..] as a1 or as SGF's
    # two letters) give the empty cells.
    cells=$(tr -d '\n' <"$f" | awk '
        {
            size = 11
            if (match($0, /SZ\[[0-9]+/)) size = substr($0, RSTART + 3, RLENGTH - 3) + 0
            s = $0
            while (match(s, /;[BW]\[[^]]*\]/)) {
                m = substr(s, RSTART + 3, RLENGTH - 4)
                s = substr(s, RSTART + RLENGTH)
                if (m ~ /^[a-s][a-s]$/)
                    m = substr(m, 1, 1) (index("abcdefghijklmnopqrs", substr(m, 2, 1)))
                taken[m] = 1
            }
            letters = "abcdefghijklmnopqrs"
            for (r = 1; r <= size; r++)
                for (c = 1; c <= size; c++) {
                    cell = substr(letters, c, 1) r
                    if (!(cell in taken)) printf "%s ", cell
                }
        }')
    for colour in black white; do
        if [ $colour = black ]; then edges="north south"; else edges="west east"; fi
        {
            echo "loadsgf $path"
            echo "vc-build $colour"
            echo "$cells $edges" | awk -v col=$colour '{
                for (i = 1; i <= NF; i++)
                    for (j = i + 1; j <= NF; j++) {
                        print "vc-between-cells-full " col " " $i " " $j
                        print "vc-between-cells-semi " col " " $i " " $j
                    }
            }'
            echo "quit"
        } | $engine 2>/dev/null | awk -v name="$(basename "$f" .sgf)" -v col=$colour '
            # Every reply starts with "="; the second answers vc-build.
            /^[=?]/ { reply++ }
            reply == 2 { for (i = 1; i <= NF; i++) if ($i ~ /^f[a-z]+$/) fill++ }
            # One connection answers every pair of cells in its
            # endpoints: a cell the engine filled in stands for the group
            # (or edge) it joined, as a stone does.  So each distinct
            # answer (colour, endpoints as named, carrier, key) counts
            # once.
            reply > 2 && / (full|semi) / {
                line = $0
                sub(/^= */, "", line)
                n = split(line, f, " ")
                if (n < 4) next
                a = f[2]; b = f[3]
                if (a > b) { t = a; a = b; b = t }
                k = a " " b " " substr(line, index(line, "["))
                if (f[4] == "full" && !(k in fulls)) { fulls[k] = 1; full++ }
                if (f[4] == "semi" && !(k in semis)) { semis[k] = 1; semi++ }
            }
            END { printf "%-10s %-6s fill-in %3d  fulls %6d  semis %6d\n", name, col, fill, full, semi }'
    done
done | tee "$out"
awk '{ fill += $4; full += $6; semi += $8 } END {
    printf "total: fill-in %d, fulls %d, semis %d\n", fill, full, semi }' "$out"
