#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Where a match's games were decided: for each game of a hein-match
# folder, the first move after which hein's board knowledge proves the
# winner's connection (a full VC between its edges, or a semi with the
# winner to move), beside the game's length.  A game decided early was
# lost in the opening or the middle game; one decided late was lost in a
# tactical fight; a loser that held a proof of its own win earlier (the
# other colour's connection proved at some move) missed a VC win.
# Prints one line per game lost by ENGINE (A or B) and a summary.
#
#   match-decided.sh HEIN MATCH-DIR [ENGINE]
#
# ENGINE defaults to A.  Each position costs one VC build of each
# colour, so a 72-game match takes a minute or two.
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: match-decided.sh HEIN MATCH-DIR [A|B]" >&2
    exit 2
fi
hein=$1
dir=$2
who=${3:-A}
[ -x "$hein" ] || { echo "match-decided.sh: no program $hein" >&2; exit 2; }
[ -f "$dir/results.txt" ] || { echo "match-decided.sh: no $dir/results.txt" >&2; exit 2; }
cmds=$(mktemp)
out=$(mktemp)
trap 'rm -f "$cmds" "$out"' EXIT

# edges COLOUR: the two edges COLOUR joins.
edges() {
    if [ "$1" = black ]; then echo "north south"; else echo "west east"; fi
}

printf '%-6s %-6s %-7s %6s %8s %12s\n' game lost-as opening moves decided "loser's proof"
grep -v '^#' "$dir/results.txt" | while IFS='	' read -r game opening black white winner colour \
    reason moves rest; do
    [ "$winner" = "$who" ] && continue
    [ "$reason" = connection ] || continue
    sgf=$(printf '%s/game-%03d.sgf' "$dir" "$game")
    [ -f "$sgf" ] || continue
    loser=white
    [ "$colour" = white ] && loser=black
    : >"$cmds"
    n=1
    while [ "$n" -le "$moves" ]; do
        printf 'loadsgf %s %d\n' "$sgf" "$n" >>"$cmds"
        for c in "$colour" "$loser"; do
            printf 'vc-between-cells-full %s %s\n' "$c" "$(edges "$c")" >>"$cmds"
            printf 'vc-between-cells-semi %s %s\n' "$c" "$(edges "$c")" >>"$cmds"
        done
        n=$((n + 1))
    done
    echo quit >>"$cmds"
    "$hein" <"$cmds" 2>/dev/null >"$out"
    # Replies in order: loadsgf, then full/semi of the winner, full/semi
    # of the loser, per move count.  The side to move after n moves:
    # black when n is even.
    awk -v moves="$moves" -v w="$colour" -v game="$game" -v opening="$opening" -v loser="$loser" '
        /^=/ {
            k++
            i = int((k - 1) / 5) + 1; j = (k - 1) % 5
            text = substr($0, 2); gsub(/^ +| +$/, "", text)
            if (j == 0) next
            tomove = (i % 2 == 0) ? "black" : "white"
            side = (j <= 2) ? w : loser
            have = (text != "") && (j == 1 || j == 3 || tomove == side)
            if (have && side == w && !dw) dw = i
            if (have && side == loser && !dl) dl = i
        }
        END {
            printf "%-6s %-6s %-7s %6d %8s %12s\n", game, loser, opening, moves,
                (dw ? dw : "-"), (dl ? dl : "-")
        }' "$out"
done >"$out.lines"
cat "$out.lines"
awk '{ n++; if ($5 != "-") { d += $5 / $4; k++ } if ($6 != "-") m++ }
    END {
        printf "%d games lost; decided (winner proven) on average at %.0f %% of the game; "\
            "the loser held a proof of its own in %d\n", n, (k ? 100 * d / k : 0), m
    }' "$out.lines"
rm -f "$out.lines"
