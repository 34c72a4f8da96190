#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# derive-helper-templates.sh: its usage errors; a row-4 endpoint with a
# helper beside it derives templates that hein-patcheck proves, which
# hein without helper templates does not find (so they are kept) and
# hein with the shipped file already has (so nothing is kept).
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
patcheck=$(pwd)/hein-patcheck
need_program "$hein"
need_program "$patcheck"
script=$abs_srcdir/patcheck/derive-helper-templates.sh
shared=$abs_srcdir/../share/patterns

run_tool derive-helper-templates.sh /bin/sh "$script"
expect_status 2
expect_err "usage: derive-helper-templates.sh"
run_tool derive-helper-templates.sh /bin/sh "$script" "$hein" "$patcheck" 4 x 2 1,0
expect_status 2
expect_err "are numbers"
run_tool derive-helper-templates.sh /bin/sh "$script" --row0 1,y "$hein" "$patcheck" 4 1 2 1,0
expect_status 2
expect_err "are numbers"

# the pattern folder without the helper templates
mkdir "$tmp/plain"
cp "$shared"/*.txt "$tmp/plain/"
sed '/^# Templates with helper stones/,$d' "$shared/vc-templates.txt" \
    >"$tmp/plain/vc-templates.txt"
HEIN_PATTERNS=$tmp/plain
export HEIN_PATTERNS
run_tool derive-helper-templates.sh /bin/sh "$script" --orders 4 "$hein" "$patcheck" 4 1 2 1,0
expect_status 0
grep -q "^template R4-h1_0-" "$tmp/out" || fail "no template kept: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/vc-derived.txt"
"$patcheck" "$tmp/vc-derived.txt" >"$tmp/check" 2>&1 \
    || fail "a derived template fails hein-patcheck: $(cat "$tmp/check")"

HEIN_PATTERNS=$shared
run_tool derive-helper-templates.sh /bin/sh "$script" --orders 4 "$hein" "$patcheck" 4 1 2 1,0
expect_status 0
if [ -s "$tmp/out" ]; then
    fail "kept templates the shipped file has: $(head -3 "$tmp/out")"
fi
expect_err "H-search finds it, left out"

finish
