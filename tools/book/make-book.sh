#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The opening book (share/book/opening-book.txt, format in engine/book.h),
# made by hein's own solver and evaluation over HTP: for each square board
# size up to MAX (19 by default), the first move with swap and without.
#
#   make-book.sh [--seconds S] [--min MIN] [--max MAX] HEIN OUTPUT
#
# (sizes MIN to MAX; 1 to 19 by default; share/book/opening-book.txt is
# all of them, made by `tools/book/make-book.sh engine/hein
# share/book/opening-book.txt` in the source tree).
#
# Up to 7x7, the solver: every first stone of Black (one of each pair a
# half turn maps onto each other), each in a fresh engine (so the work
# figures do not depend on the order), `solve white S` with one thread:
# who wins after it with White to move, and the expansions it took.
#   - swap: among the losing stones (White wins after them: a swap gains
#     White nothing, and hein's swap tables keep them), the one whose
#     refutation took the most expansions, the hardest to answer; where
#     no stone loses (1x1, 2x2), the same rule runs over all of them
#     (on 1x1 the stone ends the game).
#   - no swap: the centre when it wins, else the winning stone proved
#     with the fewest expansions.
# Above 7x7, the circuit (eval-resist: Black's value log(Rw/Rb), both
# colours' VCs as conductors, after the stone): hein's own swap rule
# (engine/swap.h swap_by_circuit, param_game swap_ratio) swaps a stone
# worth at least swap_ratio times the best stone's.
#   - swap: the stone of the highest value below that line (the nearest to
#     even that hein would keep), confirmed by hein's own rule: with
#     allow_swap, the resistance player (the rule is every player's,
#     engine/player.h player_swap_wanted) does not answer swap-pieces to
#     it; else the next below.
#   - no swap: the stone of the highest value.
# Writes OUTPUT whole (a temporary file beside it, then renamed).  About
# a minute and a half on one core, the 7x7 solves most of it.  Exit
# status 2 on a usage error, 1 when an engine failed or an opening was
# not solved in S seconds.
seconds=300
min=1
max=19
while [ $# -gt 2 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --min) min=$2; shift 2 ;;
        --max) max=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -ne 2 ]; then
    echo "usage: make-book.sh [--seconds S] [--min MIN] [--max MAX] HEIN OUTPUT" >&2
    exit 2
fi
hein=$1
out=$2
[ -x "$hein" ] || { echo "make-book.sh: $hein is not executable" >&2; exit 2; }
for size in "$min" "$max"; do
    case $size in
        [1-9] | 1[0-9]) ;;
        *) echo "make-book.sh: MIN and MAX must be 1 to 19" >&2; exit 2 ;;
    esac
done
[ "$min" -le "$max" ] || { echo "make-book.sh: MIN is above MAX" >&2; exit 2; }
case $seconds in
    '' | *[!0-9]*) echo "make-book.sh: S must be a whole number of seconds" >&2; exit 2 ;;
esac
tmp="$out.tmp.$$"
trap 'rm -f "$tmp" "$tmp.cells"' EXIT
trap 'exit 1' INT TERM HUP

# The cells of SIZE x SIZE, one of each half-turn pair (the first in
# a1, b1, ... order), one "CELL" a line.
cells() {
    awk -v n="$1" 'BEGIN {
        for (r = 1; r <= n; r++)
            for (c = 1; c <= n; c++)
                if ((r - 1) * n + c - 1 <= (n - r) * n + n - c)
                    printf "%c%d\n", 96 + c, r
    }'
}

# "CELL WINNER EXPANSIONS" for Black's first stone CELL on SIZE x SIZE,
# White to move, by the solver.
solve_cell() {
    printf 'boardsize %s\nparam_dfpn threads 1\nplay b %s\nsolve white %s\nquit\n' \
        "$1" "$2" "$seconds" | "$hein" 2>/dev/null | awk -v cell="$2" '
        /^= white wins/ { w = "white"; next }
        /^= white loses/ { w = "black"; next }
        /^= unknown/ { w = "unknown"; next }
        /^= black has won already/ { w = "black"; x = 0; next }
        w != "" && x == "" && / expansions/ {
            for (i = 1; i <= NF; i++) if ($i ~ /^expansions/) x = $(i - 1)
        }
        END { if (w != "" && x != "") print cell, w, x }'
}

# "CELL VALUE" of every cell (one of each pair) on SIZE x SIZE: the
# circuit's value after Black's stone there.
values() {
    { echo "boardsize $1"; cells "$1" | while read -r c; do
        printf 'play b %s\neval-resist\nundo\n' "$c"; done; echo quit; } \
        | "$hein" 2>/dev/null | awk '/^= res / { print $3 }' > "$tmp.cells.v"
    cells "$1" | paste -d' ' - "$tmp.cells.v"
    rm -f "$tmp.cells.v"
}

# Whether hein, as White with swap allowed, swaps Black's first stone
# CELL on SIZE x SIZE.
swapped() {
    a=$(printf 'boardsize %s\nparam_player name resistance\nparam_game allow_swap 1\nplay b %s\nreg_genmove w\nquit\n' \
        "$1" "$2" | "$hein" 2>/dev/null | sed -n 's/^= \([a-s][0-9]*\|swap-pieces\)$/\1/p')
    case $a in
        swap-pieces) return 0 ;;
        [a-s]*) return 1 ;;
        *) echo "make-book.sh: no answer to $2 on ${1}x$1" >&2; exit 1 ;;
    esac
}

{
    echo "# SPDX-License-Identifier: GPL-3.0-or-later"
    echo "# hein's opening book: the first move on an empty board, with swap"
    echo "# (param_game allow_swap 1) and without.  Made by hein's own solver and"
    echo "# evaluation, no move entered by hand:"
    echo "#   tools/book/make-book.sh --seconds $seconds --min $min --max $max $hein $out"
    echo "# (sizes $min to $max; 1 to 19 take about a minute, the 7x7 solves most of it)."
    echo "# Up to 7x7 by the solver (solve white, one thread, a fresh engine per"
    echo "# stone): with swap, the losing stone (White wins after it) whose"
    echo "# refutation took the most expansions; without, the centre when it"
    echo "# wins, else the winning stone proved with the fewest.  Above 7x7 by the"
    echo "# circuit (eval-resist after the stone): with swap, the stone of the"
    echo "# highest value that hein's own swap rule keeps (below swap_ratio times"
    echo "# the best stone's, checked by a genmove with allow_swap); without, the"
    echo "# stone of the highest value.  The comment of each entry gives its figures."
    echo "# Format (engine/book.h): the version line, then SIZE MODE MOVE."
    echo "hein-book 1"
} > "$tmp" || exit 1

n=$min
while [ "$n" -le "$max" ]; do
    centre=
    if [ $((n % 2)) -eq 1 ]; then
        centre=$(awk -v m=$(((n + 1) / 2)) 'BEGIN { printf "%c%d", 96 + m, m }')
    fi
    if [ "$n" -le 7 ]; then
        : > "$tmp.cells"
        for c in $(cells "$n"); do
            line=$(solve_cell "$n" "$c")
            case $line in
                *" white "* | *" black "*) echo "$line" >> "$tmp.cells" ;;
                *" unknown "*) echo "make-book.sh: $c on ${n}x$n not solved in $seconds s" >&2; exit 1 ;;
                *) echo "make-book.sh: no answer for $c on ${n}x$n" >&2; exit 1 ;;
            esac
        done
        # swap: the most expansions among White's wins (else among all)
        awk -v n="$n" '
            { if ($2 == "white") lose++
              cell[NR] = $1; win[NR] = $2; ex[NR] = $3 }
            END {
                best = 0
                for (i = 1; i <= NR; i++) {
                    if (lose > 0 && win[i] != "white") continue
                    if (best == 0 || ex[i] > ex[best]) best = i
                }
                printf "%dx%d swap %s  # %s wins after it with White to move, %d expansions; " \
                    "losing stones %d of %d (up to the half turn)\n", n, n, cell[best], win[best],
                    ex[best], lose, NR
            }' "$tmp.cells" >> "$tmp" || exit 1
        # no swap: the centre when it wins, else the fewest expansions
        awk -v n="$n" -v centre="$centre" '
            { cell[NR] = $1; win[NR] = $2; ex[NR] = $3 }
            END {
                best = 0
                for (i = 1; i <= NR; i++) {
                    if (win[i] != "black") continue
                    if (cell[i] == centre) { best = i; break }
                    if (best == 0 || ex[i] < ex[best]) best = i
                }
                if (best == 0) exit 1
                printf "%dx%d noswap %s  # black wins after it, %d expansions%s\n", n, n,
                    cell[best], ex[best], cell[best] == centre ? " (the centre)" : ""
            }' "$tmp.cells" >> "$tmp" || { echo "make-book.sh: no winning stone on ${n}x$n" >&2; exit 1; }
    else
        ratio=$(printf 'param_game swap_ratio\nquit\n' | "$hein" 2>/dev/null | sed -n 's/^= \([0-9.]*\)$/\1/p')
        [ -n "$ratio" ] || { echo "make-book.sh: no swap_ratio from $hein" >&2; exit 1; }
        values "$n" > "$tmp.cells"
        [ "$(wc -l < "$tmp.cells")" -eq "$(cells "$n" | wc -l)" ] \
            && ! grep -q ' $' "$tmp.cells" \
            || { echo "make-book.sh: no values on ${n}x$n" >&2; exit 1; }
        best=$(sort -k2,2gr -s "$tmp.cells" | head -n 1)
        bv=${best#* }
        echo "${n}x$n noswap ${best% *}  # circuit value $bv, the highest" >> "$tmp"
        chosen=
        for c in $(awk -v t="$bv" -v r="$ratio" '$2 < r * t' "$tmp.cells" | sort -k2,2gr -s \
                   | cut -d' ' -f1); do
            if ! swapped "$n" "$c"; then
                chosen=$c
                break
            fi
        done
        [ -n "$chosen" ] || { echo "make-book.sh: every stone is swapped on ${n}x$n" >&2; exit 1; }
        v=$(awk -v c="$chosen" '$1 == c { print $2 }' "$tmp.cells")
        echo "${n}x$n swap $chosen  # circuit value $v, kept by hein's swap rule (best $bv, ratio $ratio)" >> "$tmp"
    fi
    echo "make-book.sh: ${n}x$n done" >&2
    n=$((n + 1))
done
mv "$tmp" "$out" || exit 1
