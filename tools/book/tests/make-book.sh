#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make-book.sh: its usage errors, and the book it makes again for 1x1 to
# 6x6 (the solver, a few seconds) and 8x8 to 9x9 (the circuit) has the
# entries shipped in share/book/opening-book.txt.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/book/make-book.sh
shipped=$abs_srcdir/../share/book/opening-book.txt

run_tool make-book.sh /bin/sh "$script"
expect_status 2
expect_err "usage: make-book.sh"
run_tool make-book.sh /bin/sh "$script" --max 25 "$hein" "$tmp/book.txt"
expect_status 2
expect_err "MIN and MAX must be 1 to 19"
run_tool make-book.sh /bin/sh "$script" --min 5 --max 4 "$hein" "$tmp/book.txt"
expect_status 2
expect_err "MIN is above MAX"
run_tool make-book.sh /bin/sh "$script" --seconds x "$hein" "$tmp/book.txt"
expect_status 2
expect_err "S must be a whole number"
[ ! -e "$tmp/book.txt" ] || fail "a usage error wrote the book"

# The entries of sizes FROM to TO (the version line and entries, no
# comments) of a book file.
entries() {
    sed -e 's/ *#.*//' -e '/^$/d' "$1" | awk -v from="$2" -v to="$3" '
        $1 == "hein-book" { print; next }
        { split($1, s, "x"); if (s[1] + 0 >= from && s[1] + 0 <= to) print }'
}

for range in "1 6" "8 9"; do
    set -- $range
    run_tool make-book.sh /bin/sh "$script" --seconds 60 --min "$1" --max "$2" "$hein" "$tmp/book.txt"
    expect_status 0
    entries "$tmp/book.txt" "$1" "$2" > "$tmp/made"
    entries "$shipped" "$1" "$2" > "$tmp/ship"
    [ "$(wc -l < "$tmp/made")" -eq $((2 * ($2 - $1 + 1) + 1)) ] \
        || fail "sizes $1 to $2: not one entry per size and mode"
    cmp -s "$tmp/made" "$tmp/ship" \
        || fail "sizes $1 to $2 differ from share/book/opening-book.txt"
done

finish
