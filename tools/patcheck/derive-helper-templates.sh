#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Derive edge templates with one helper stone, as the helper templates of
# share/patterns/vc-templates.txt were made.  For each helper offset
# DC,DR (from the endpoint S, DR counted towards the edge, 0 on S's own
# row), the region is the cells DC = -A0 .. B0 of S's row (by default
# its two neighbours, A0 = B0 = 1) and, on each row DR = 1 .. ROW-1
# below it, the cells DC = -DR-A .. B (the cone below S widened by A
# cells on one side and B on the other), the helper taken out of it.
# hein-patcheck --derive prints its minimal carriers; a carrier is kept
# when hein's H-search, with the templates it already has, finds no full
# S-edge connection inside it on an open 15x15 board that holds S and the
# helper as the owner's stones.  The kept templates
# go to stdout in vc-templates.txt's format, named RROW-hDC_DR-K (a minus
# sign written m); what happened to each region goes to stderr.
#
#   derive-helper-templates.sh [--orders N] [--timeout S] [--row0 A0,B0] HEIN PATCHECK ROW A B DC,DR...
#
# Every template it prints must still pass hein-patcheck (make check runs
# it on the shipped file).  A region whose claim fails (too narrow) or
# whose proof takes longer than S seconds (default 300) gives nothing.
orders=10
limit=300
a0=1
b0=1
while [ $# -gt 0 ]; do
    case $1 in
        --orders) orders=$2; shift 2 ;;
        --timeout) limit=$2; shift 2 ;;
        --row0) a0=${2%,*} b0=${2#*,}; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 6 ]; then
    echo "usage: derive-helper-templates.sh [--orders N] [--timeout S] [--row0 A0,B0] HEIN PATCHECK ROW A B DC,DR..." >&2
    exit 2
fi
hein=$1 patcheck=$2 row=$3 a=$4 b=$5
shift 5
for p in "$hein" "$patcheck"; do
    [ -x "$p" ] || { echo "derive-helper-templates.sh: $p is not executable" >&2; exit 2; }
done
case "$row$a$b$a0$b0" in
    *[!0-9]*) echo "derive-helper-templates.sh: ROW, A, B, A0 and B0 are numbers" >&2; exit 2 ;;
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The region's diagram for helper (hdc, hdr).
region() {
    awk -v name="$1" -v row="$row" -v A="$a" -v B="$b" -v A0="$a0" -v B0="$b0" \
        -v hdc="$2" -v hdr="$3" '
    function add(dc, dr, ch) {
        k = dc "," dr
        if (k in sym) return
        sym[k] = ch; DC[k] = dc; DR[k] = dr
        p = dr + 2 * dc
        if (n == 0 || p < pmin) pmin = p
        if (n == 0 || p > pmax) pmax = p
        n++
    }
    BEGIN {
        add(0, 0, "S"); add(hdc, hdr, "B")
        for (dc = -A0; dc <= B0; dc++)
            if (dc != 0) add(dc, 0, ".")
        for (dr = 1; dr < row; dr++)
            for (dc = -dr - A; dc <= B; dc++)
                add(dc, dr, ".")
        print "template " name
        for (dr = 0; dr < row; dr++) {
            line = ""
            for (i = pmin; i <= pmax; i++) cell[i] = " "
            for (k in sym) if (DR[k] == dr) cell[DR[k] + 2 * DC[k]] = sym[k]
            for (i = pmin; i <= pmax; i++) line = line cell[i]
            sub(/ +$/, "", line)
            print line
        }
        line = ""
        for (i = pmin; i <= pmax; i++) line = line "="
        print line
    }'
}

# The HTP commands that place template diagram $1 (a file) for Black on
# 15x15 and ask for S's fulls to the south edge; the carrier's cells (one
# line) go to $2.
place() {
    awk -v carfile="$2" '
    /^template / { next }
    /^=/ { exit }
    { line[n++] = $0 }
    END {
        for (i = 0; i < n; i++) {
            j = index(line[i], "S")
            if (j) { si = i; sp = j }
        }
        row = n - si; N = 15; c0 = 7; r0 = N - row
        print "boardsize 15"
        cells = ""
        for (i = 0; i < n; i++)
            for (p = 1; p <= length(line[i]); p++) {
                ch = substr(line[i], p, 1)
                if (ch == " ") continue
                u = (p - i) - (sp - si); dc = u / 2; dr = i - si
                name = sprintf("%c%d", 97 + c0 + dc, r0 + dr + 1)
                if (ch == "S" || ch == "B") print "play b " name
                if (ch == "S") s = name
                if (ch == ".") cells = cells " " name
            }
        print "vc-build black"
        print "vc-between-cells-full black " s " south"
        print "quit"
        print cells > carfile
    }' "$1"
}

status=0
for h in "$@"; do
    hdc=${h%,*} hdr=${h#*,}
    name=R$row-h$(printf '%s_%s' "$hdc" "$hdr" | tr '-' 'm')
    region "$name" "$hdc" "$hdr" > "$tmp/vc-region.txt"
    if ! timeout "$limit" "$patcheck" --derive --orders "$orders" "$tmp/vc-region.txt" \
            > "$tmp/derived.txt" 2>&1; then
        echo "$name: no template ($(head -1 "$tmp/derived.txt" | cut -c1-120))" >&2
        continue
    fi
    echo "$name: $(head -1 "$tmp/derived.txt")" >&2
    # one file per derived template
    awk -v dir="$tmp" '
        /^template / { f = dir "/t" ++k ".txt"; w = 1 }
        w { print > f }
        /^=/ { w = 0; close(f) }' "$tmp/derived.txt"
    for t in "$tmp"/t*.txt; do
        [ -e "$t" ] || continue
        tname=$(sed -n 's/^template //p' "$t")
        place "$t" "$tmp/carrier" > "$tmp/cmds"
        found=$("$hein" < "$tmp/cmds" 2>/dev/null | awk -v car="$(cat "$tmp/carrier")" '
            BEGIN { n = split(car, c, " "); for (i = 1; i <= n; i++) in_car[c[i]] = 1 }
            /full/ {
                s = $0; sub(/^[^[]*\[ */, "", s); sub(/ *\].*$/, "", s)
                m = split(s, x, " "); ok = 1
                for (i = 1; i <= m; i++) if (!(x[i] in in_car)) ok = 0
                if (ok) hit = 1
            }
            END { print hit ? "yes" : "no" }')
        if [ "$found" = yes ]; then
            echo "  $tname: H-search finds it, left out" >&2
        else
            echo "  $tname: kept" >&2
            cat "$t"
            echo
        fi
        rm -f "$t"
    done
done
exit $status
