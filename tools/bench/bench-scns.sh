#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The SCNS player's speed: one genmove of S seconds (default 10) on the
# empty 11x11 board and on each middle-game position of bench-data/, each
# in a new engine (empty tables), the side to move the one whose turn it
# is.  Prints one line per position from the player's summary (move,
# seconds, expansions, expansions per second, board knowledge runs (the
# rest came from the expansion cache), terminal nodes, peak resident
# memory) and the total.  --htp CMD (repeatable) sends CMD before each
# search, e.g. --htp 'param_scns interlude 0'.
# A position the board knowledge decides at the root (a VC win) takes
# no expansion and is left out of the total.  A benchmark: it asserts
# nothing.
#
#   bench-scns.sh [--seconds S] [--htp CMD]... HEIN [SGF...]
seconds=10
extra=
nl='
'
while [ $# -gt 1 ]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --htp) extra="$extra$2$nl"; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ]; then
    echo "usage: bench-scns.sh [--seconds S] [--htp CMD]... HEIN [SGF...]" >&2
    exit 2
fi
hein=$1
shift
if [ ! -x "$hein" ]; then
    echo "bench-scns.sh: $hein is not executable" >&2
    exit 2
fi
if [ $# -eq 0 ]; then
    here=$(dirname "$0")
    set -- empty "$here"/bench-data/mid-*.sgf
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%-10s %-5s %8s %11s %7s %9s %8s %8s\n' position move seconds expansions "per s" \
    knowledge terminal "RSS MiB"
for pos in "$@"; do
    if [ "$pos" = empty ]; then
        setup='boardsize 11 11'
        colour=b
    else
        # The side to move: Black when both have played as often.
        nb=$(grep -o ';B\[' "$pos" | wc -l)
        nw=$(grep -o ';W\[' "$pos" | wc -l)
        colour=b
        [ "$nb" -gt "$nw" ] && colour=w
        setup="loadsgf $pos"
    fi
    printf '%s\n%s%s\n' "$setup" "$extra" "time_settings 0 $seconds 1
genmove $colour
quit" |
        "$hein" 2>"$out" >/dev/null
    # "scns: MOVE after T s, N expansions (R/s, K terminal, G knowledge,
    # peak RSS M MiB), ..."
    awk -v name="$(basename "$pos" .sgf)" '
        /^scns: / {
            printf "%-10s %-5s %8.2f %11d %7.0f %9d %8d %8d\n", name, $2, $4, $6,
                ($4 > 0 ? $6 / $4 : 0), $11, $9, $15
        }' "$out"
done >"$out.lines"
cat "$out.lines"
awk '$4 > 0 { t += $3; n += $4; k++ } END {
    printf "total: %d positions searched, %.1f s, %d expansions (%.0f/s)\n", k, t, n, (t > 0 ? n / t : 0)
}' "$out.lines"
rm -f "$out.lines"
