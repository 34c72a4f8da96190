#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How well the SCNS player's move scores foresee another player's moves:
# for every move of the games given (SGF, as hein-match records them) by
# the player whose name contains NAME (--player; default: both players),
# from move FIRST to move LAST (--moves, default 2-40), the rank of that
# move in the order the SCNS player gives its root moves before any
# search (a one-expansion reg_genmove, then scns-values: the circuit's
# scores, with whatever --htp commands change them).  Prints the
# positions, the share of them where the move is first, in the first 3, 5
# and in the first 10, the share the board knowledge decides (no moves
# listed: a VC win or loss) or prunes the move in (absent), the mean
# rank (0 = first) where the move is listed, and the share where the
# move hein answers is that move ("played": with --htp "param_scns
# max_expansions N" it searches N expansions, and the list is still the
# order before search).  A quick measure of an evaluation change before
# any match.  A benchmark: it asserts nothing.
#
#   predict-moves.sh [--player NAME] [--moves FIRST-LAST] [--htp CMD]... HEIN SGF...
player=
first=2
last=40
extra=
nl='
'
while [ $# -gt 1 ]; do
    case $1 in
        --player) player=$2; shift 2 ;;
        --moves) first=${2%-*}; last=${2#*-}; shift 2 ;;
        --htp) extra="$extra$2$nl"; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: predict-moves.sh [--player NAME] [--moves FIRST-LAST] [--htp CMD]... HEIN SGF..." >&2
    exit 2
fi
hein=$1
shift
if [ ! -x "$hein" ]; then
    echo "predict-moves.sh: $hein is not executable" >&2
    exit 2
fi
case "$first$last" in
    *[!0-9]*|'') echo "predict-moves.sh: --moves wants FIRST-LAST, e.g. 2-40" >&2; exit 2 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One HTP script for all games; expect holds, for each reg_genmove, the
# move to find.  Every command gets an id: the answers are matched by it.
for sgf in "$@"; do
    if [ ! -r "$sgf" ]; then
        echo "predict-moves.sh: cannot read $sgf" >&2
        exit 2
    fi
    tr -d '\n' <"$sgf"
    echo
done | awk -v player="$player" -v first="$first" -v last="$last" \
        -v script="$tmp/script" -v expect="$tmp/expect" '
    function prop(text, key,    m) {
        if (match(text, key "\\[[^]]*\\]"))
            return substr(text, RSTART + length(key) + 1, RLENGTH - length(key) - 2)
        return ""
    }
    {
        size = prop($0, "SZ"); if (size == "") size = 11
        pb = prop($0, "PB"); pw = prop($0, "PW")
        print "boardsize " size > script
        n = 0; text = $0
        while (match(text, ";[BW]\\[[a-z]+[0-9]+\\]")) {
            c = tolower(substr(text, RSTART + 1, 1))
            m = substr(text, RSTART + 3, RLENGTH - 4)
            text = substr(text, RSTART + RLENGTH)
            n++
            name = c == "b" ? pb : pw
            if (n >= first && n <= last && (player == "" || index(name, player))) {
                id++
                print id " reg_genmove " c > script
                print id " scns-values" > script
                print id, m > expect
            }
            print "play " c " " m > script
        }
    }'
[ -s "$tmp/expect" ] || { echo "predict-moves.sh: no move to predict" >&2; exit 2; }
{
    # use_symmetry 0: on a symmetric position (after a centre opening) the
    # move and its image are both listed, so the move is never "absent"
    # for the symmetry alone.
    printf 'param_scns max_expansions 1\nparam_scns progress_interval 0\nparam_player_ice use_symmetry 0\n%s' "$extra"
    cat "$tmp/script"
    echo quit
} | "$hein" 2>/dev/null >"$tmp/answers"
# "=ID MOVE VALUE:WORK ..." answers scns-values (the one after reg_genmove).
awk -v expect="$tmp/expect" '
    BEGIN { while ((getline l < expect) > 0) { split(l, f, " "); want[f[1]] = f[2] } }
    /^=[0-9]+( |$)/ {
        id = substr($1, 2)
        if (!(id in want)) next
        if (seen[id]++ == 0) {             # the reg_genmove
            if ($2 == want[id]) played++
            next
        }
        n++
        rank = -1
        for (i = 2; i <= NF; i += 2)
            if ($i == want[id]) { rank = (i - 2) / 2; break }
        if (rank < 0) { absent++; next }
        if (rank < 1) t1++
        if (rank < 3) t3++
        if (rank < 5) t5++
        if (rank < 10) t10++
        sum += rank; listed++
    }
    /^\?/ { bad++ }
    END {
        if (bad) { printf "predict-moves.sh: %d commands failed\n", bad > "/dev/stderr"; exit 2 }
        if (!n) { print "predict-moves.sh: no answer" > "/dev/stderr"; exit 2 }
        printf "positions %d  first %.3f  first-3 %.3f  first-5 %.3f  first-10 %.3f  absent %.3f  mean rank %.2f  played %.3f\n",
            n, t1 / n, t3 / n, t5 / n, t10 / n, absent / n, (listed ? sum / listed : 0), played / n
    }' "$tmp/answers"
