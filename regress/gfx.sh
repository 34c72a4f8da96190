#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The live graphics HexGui reads on stdout (hexgui-protocol.md, section 7),
# which a .tst file cannot see: the solver's `gogui-gfx: dfpn` blocks and
# the clearing block that ends them.
#
# HexGui draws a dfpn block's VAR as numbered stones of the colours given,
# so VAR must be a line of play: the root's side to move first, then
# alternating colours, on cells empty at the root, each once (fill-in
# stones of the search are not moves).  After a command's last block and
# before its reply comes one block that clears the board: a dfpn block
# with an empty VAR and LABEL (HexGui ignores kinds it does not know, so
# a bare CLEAR would leave the marks standing).
# Prints one line per check and "N passed, N failed".
set -u
hein=${HEIN:-../engine/hein}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }

# Solve 8x8 with Black d5 on the board for White, for three seconds (far too
# little to solve it, and enough on a loaded machine for a line of two
# moves to show), with a progress block every 0.1 s.  The replies
# before the solve's are the empty successes of the set-up commands.  The
# input ends with quit, so that its end does not interrupt the solve.
printf '%s\n' 'boardsize 8 8' 'play b d5' 'param_dfpn use_guifx 1' \
    'param_dfpn progress_interval 0.1' 'solve w 3' 'name' 'quit' |
    "$hein" >"$dir/out" 2>/dev/null

# The blocks, one per line ("|" between their lines), in order.
awk 'BEGIN { RS = ""; FS = "\n" } { b = $1; for (i = 2; i <= NF; i++) b = b "|" $i; print b }' \
    "$dir/out" >"$dir/blocks"

# Every dfpn block that draws something: its VAR alternates from White and
# its cells are distinct and empty at the root (d5 is Black's).
awk -F'|' '
    $1 == "gogui-gfx:" && $2 == "dfpn" && $3 != "VAR" {
        n = split($3, v, " ")
        if (v[1] != "VAR" || n % 2 != 1) { print "malformed VAR: " $3; bad = 1; next }
        delete seen
        for (i = 2; i < n; i += 2) {
            want = (i / 2) % 2 == 1 ? "W" : "B"
            if (v[i] != want) { print "not alternating from W: " $3; bad = 1; break }
            if (v[i + 1] == "d5" || seen[v[i + 1]]++) {
                print "occupied or repeated cell: " $3; bad = 1; break
            }
        }
        if ((n - 1) / 2 >= 2) deep++
    }
    END {
        if (!deep) { print "no block shows a line of two moves or more"; bad = 1 }
        exit bad
    }' "$dir/blocks" >"$dir/why"
if [ $? -eq 0 ]; then
    ok "dfpn VAR is a line of play from the side to move"
else
    bad "dfpn VAR: $(head -3 "$dir/why")"
fi

# The solve's reply (the first one that is not an empty success) comes
# right after the clearing block, and nothing is drawn after it.
awk -F'|' '
    /^= ./ && !done { reply = NR; done = 1 }
    { line[NR] = $0 }
    END {
        if (!reply) { print "no reply"; exit 1 }
        c = line[reply - 1]
        if (c !~ /^gogui-gfx:\|dfpn\|VAR\|LABEL\|TEXT solve: [^|]+$/) { print "before the reply: " c; exit 1 }
        if (line[reply - 2] !~ /^gogui-gfx:\|dfpn\|VAR[^|]*\|LABEL ./) { print "no progress block before it"; exit 1 }
        for (i = reply + 1; i <= NR; i++)
            if (line[i] ~ /^gogui-gfx:/) { print "a block after the reply"; exit 1 }
    }' "$dir/blocks" >"$dir/why"
if [ $? -eq 0 ]; then
    ok "the last block before the reply clears the board"
else
    bad "clearing block: $(head -3 "$dir/why")"
fi

# A command that draws nothing gets no clearing block: the reply to name
# follows the solve's at once (then quit's empty one).
if tail -3 "$dir/blocks" | head -1 | grep -q '^= ' && [ "$(tail -2 "$dir/blocks" | head -1)" = "= hein" ]; then
    ok "no clearing block without graphics"
else
    bad "no clearing block without graphics: $(tail -3 "$dir/blocks" | tr '\n' ' ')"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
