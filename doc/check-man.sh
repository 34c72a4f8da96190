#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every option a program's --help shows is documented in its man page, and
# every installed program has one: the options are the words that begin
# with '-' at the start of --help's option lines; the man page's text is
# read with its escapes removed (\- is -).
set -u
srcdir=${srcdir:-.}
top=..
passed=0
failed=0
check() {   # PROGRAM PAGE
    prog=$1
    page=$srcdir/$2
    if [ ! -x "$prog" ]; then
        echo "FAILED: $prog is not built"
        failed=$((failed + 1))
        return
    fi
    if [ ! -f "$page" ]; then
        echo "FAILED: no man page $2"
        failed=$((failed + 1))
        return
    fi
    text=$(sed 's/\\f[BIRP]//g; s/\\//g' "$page")
    opts=$("$prog" --help | grep -E '^ +-' | grep -oE '(^|[ ,])--?[A-Za-z][A-Za-z-]*' \
        | tr -d ' ,' | sort -u)
    [ -n "$opts" ] || { echo "FAILED: $prog --help shows no options"; failed=$((failed + 1)); return; }
    for o in $opts; do
        if printf '%s\n' "$text" | grep -qE -e "(^|[^A-Za-z-])$o([^A-Za-z-]|$)"; then
            passed=$((passed + 1))
        else
            echo "FAILED: $2 lacks $o (in $(basename "$prog") --help)"
            failed=$((failed + 1))
        fi
    done
}
check "$top/engine/hein" hein.1
check "$top/tools/hein-match" hein-match.1
check "$top/tools/hein-review" hein-review.1
check "$top/tools/hein-regress" hein-regress.1
check "$top/tools/hein-elo-plot" hein-elo-plot.1
check "$top/tools/hein-solve" hein-solve.1
# The installed programs are exactly those with a page.
for am in "$srcdir/../Makefile.am" "$srcdir"/../tools/*/*.am; do
    sed -n 's/^bin_PROGRAMS *+\{0,1\}= *//p' "$am"
done | tr ' ' '\n' | sed 's|.*/||' | grep . | sort >progs.tmp
(cd "$srcdir" && ls ./*.1) | sed 's|^\./||; s|\.1$||' | sort >pages.tmp
if cmp -s progs.tmp pages.tmp; then
    passed=$((passed + 1))
else
    echo "FAILED: installed programs and man pages differ: $(diff progs.tmp pages.tmp | grep '^[<>]' | tr '\n' ' ')"
    failed=$((failed + 1))
fi
rm -f progs.tmp pages.tmp
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
