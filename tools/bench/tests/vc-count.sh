#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# vc-count.sh: its usage errors, and the counts on the empty 1x1 board,
# which can be read off by hand: for each colour the one cell is adjacent
# to both of its edges (two fulls with empty carriers) and joins them
# when the colour plays it (one semi, key a1); nothing is filled in;
# and that an answer repeated for several pairs of cells counts once.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
need_program "$hein"
script=$abs_srcdir/bench/vc-count.sh

run_tool vc-count.sh /bin/sh "$script"
expect_status 2
expect_err "usage: vc-count.sh"
run_tool vc-count.sh /bin/sh "$script" "$hein" "$tmp/none.sgf"
expect_status 2
expect_err "cannot read"
printf '(;FF[4]GM[11]SZ[1])' >"$tmp/one.sgf"
run_tool vc-count.sh /bin/sh "$script" "$hein" "$tmp/one.sgf"
expect_status 0
grep -Eq "^one +black +fill-in +0 +fulls +2 +semis +1$" "$tmp/out" \
    || fail "unexpected black line: $(sed -n 1p "$tmp/out")"
grep -Eq "^one +white +fill-in +0 +fulls +2 +semis +1$" "$tmp/out" \
    || fail "unexpected white line: $(sed -n 2p "$tmp/out")"
grep -qx "total: fill-in 0, fulls 4, semis 2" "$tmp/out" \
    || fail "unexpected total: $(sed -n 3p "$tmp/out")"

# An engine that gives every pair of cells the same connections (as a
# cell it filled in stands for its group): each distinct one counts once,
# whichever way round its endpoints are named and whether it is on the
# reply's first line or a later one.  2x2 board: 6 endpoints, 15 pairs.
cat >"$tmp/engine.sh" <<'ENGINE'
n=0
while read -r cmd colour rest; do
    case $cmd in
        quit) printf '= \n\n'; exit 0 ;;
        vc-between-cells-full)
            n=$((n + 1))
            if [ $((n % 2)) -eq 0 ]; then
                printf '= %s x y full and [ a1 ] [ ]\n' "$colour"
            else
                printf '= %s y x full and [ a1 ] [ ]\n' "$colour"
            fi
            printf '%s x y full and [ b1 ] [ ]\n\n' "$colour" ;;
        vc-between-cells-semi)
            printf '= %s x y semi and [ a1 b1 ] [ ] a1\n\n' "$colour" ;;
        *) printf '= \n\n' ;;
    esac
done
ENGINE
printf '(;FF[4]GM[11]SZ[2])' >"$tmp/two.sgf"
run_tool vc-count.sh /bin/sh "$script" "/bin/sh $tmp/engine.sh" "$tmp/two.sgf"
expect_status 0
grep -qx "total: fill-in 0, fulls 4, semis 2" "$tmp/out" \
    || fail "repeated answers counted more than once: $(cat "$tmp/out")"

finish
