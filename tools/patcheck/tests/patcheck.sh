#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make check: every pattern file of share/patterns/ (ice-*.txt, vc-*.txt;
# the swap tables, swap-*.txt, are solver results that
# swap/tests/swap-table.sh and regress/swap.tst check) passes hein-patcheck;
# every edge template is minimal: hein-patcheck --derive, starting
# from the template itself, can leave out none of its carrier cells; and
# the checker refutes a helper template's carrier without its helper.
set -u
PATCHECK=${PATCHECK:-./hein-patcheck}
PATTERN_DIR=${PATTERN_DIR:-${srcdir:-.}/../share/patterns}
set -- "$PATTERN_DIR"/ice-*.txt "$PATTERN_DIR"/vc-*.txt
if [ ! -e "$1" ]; then
    echo "no pattern files in $PATTERN_DIR"
    exit 1
fi
out=$("$PATCHECK" "$@") || { echo "$out"; exit 1; }
echo "$out"
status=0
# The placements of a template are one game up to the board's symmetries:
# the checker proves one and finds the others the same.
if ! echo "$out" | grep -q "8 placements, 7 of them the same game as one proved"; then
    echo "FAILED hein-patcheck proved no template's placements as one game"
    status=1
fi
for f in "$PATTERN_DIR"/vc-*.txt; do
    [ -e "$f" ] || continue
    echo "== minimal carriers: $f"
    if ! out=$("$PATCHECK" --derive --orders 1 "$f"); then
        echo "$out"
        echo "FAILED hein-patcheck --derive $f"
        status=1
        continue
    fi
    # "region NAME: row R, N cells, ..." then "# M carrier cells, ...".
    echo "$out" | awk '
        /^region / { name = $2; sub(":", "", name); n = $5; next }
        /^# [0-9]+ carrier cells/ {
            if ($2 != n) {
                print "FAILED " name ": not minimal, " $2 " of its " n " cells suffice"
                bad = 1
            } else
                print "ok " name ": minimal, none of its " n " cells can be left out"
        }
        END { exit bad }' || status=1
done
# V-helper3's carrier without the helper stone (a blank where it stood):
# the opponent wins the local game.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/vc-nohelper.txt" <<'EOF'
template no-helper
    S .
   . . . .
  . . . .
 . . . . . .
. . . . . . .
=============
EOF
if out=$("$PATCHECK" "$tmp/vc-nohelper.txt"); then
    echo "$out"
    echo "FAILED hein-patcheck accepted a template without its helper"
    status=1
elif ! echo "$out" | grep -q "FAILED no-helper.*the opponent wins"; then
    echo "$out"
    echo "FAILED hein-patcheck did not refute the template without its helper"
    status=1
else
    echo "ok no-helper: refuted without its helper stone"
fi
exit $status
