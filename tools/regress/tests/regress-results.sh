#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-regress: how replies are framed and judged, and how results are
# counted and reported.
. "$srcdir/regress/tests/regress-lib.sh"

# Every test passes: unnumbered commands sent and their replies dropped,
# comments between a test and its "#?", alternatives, negation, an empty
# "#?", '.' across the lines of a multi-line reply, gogui-gfx blocks, stray
# lines and CR skipped, an empty reply, an expected failure, escapes, a tab
# after the id, spaces inside the brackets.
f=$data/pass.tst
run_regress -p "$engine" "$f"
expect_status 0
expect_summary "16 passed, 0 failed"
expect_count 15 passed
expect_count 1 failed
expect_line "$f:1 passed recall"
expect_line "$f:2 passed echo hello"
expect_line "$f:3 passed echo b"
expect_line "$f:4 passed echo white"
expect_line "$f:5 passed echo anything at all"
expect_line "$f:6 passed multi a1 b2 c3"
expect_line "$f:7 passed multi x1 fd y1"
expect_line "$f:8 passed gfx shown"
expect_line "$f:9 passed crlf windows"
expect_line "$f:10 passed noise clean"
expect_line "$f:11 passed echo"
expect_line "$f:12 failed fail on purpose"
expect_line "$f:13 passed echo (a) [b]"
expect_line "$f:14 passed echo tab"
expect_line "$f:15 passed echo spaced"
expect_line "$f:16 passed repeat 3000 cell"
expect_no_match "warning"
# the gogui-gfx block is skipped quietly, not as stray output
if grep -e "LABEL" "$tmp/err" >/dev/null; then
    fail "the gogui-gfx block was taken for stray output"
fi

# One of each result and each way to fail.
f=$data/results.tst
run_regress -p "$engine" "$f"
expect_status 1
expect_summary "5 passed, 11 failed"
expect_count 4 passed
expect_count 1 failed
expect_count 10 FAILED
expect_count 1 PASSED
expect_line "$f:1 passed echo a"
expect_line "$f:2 FAILED echo a: expected [b], got 'a'"
expect_line "$f:3 failed echo a"
expect_line "$f:4 PASSED echo a: expected [a]*, got 'a'"
# the pattern must match the whole reply
expect_line "$f:5 FAILED echo ab: expected [a], got 'ab'"
expect_line "$f:6 passed echo a"
expect_line "$f:7 FAILED echo b: expected [!b], got 'b'"
# an error reply fails a negated pattern, an empty "#?" and a pattern
# that matches the error text
expect_line "$f:8 FAILED fail nope: expected [!b], got error 'nope'"
expect_line "$f:9 FAILED fail nope: expected no error, got error 'nope'"
expect_line "$f:10 FAILED fail nope: expected [nope], got error 'nope'"
# a numbered test without "#?" only needs to succeed
expect_line "$f:11 passed echo a"
expect_line "$f:12 FAILED fail x: expected no error, got error 'x'"
# a failed unnumbered command is a warning; a "#?" after one is ignored
expect_line "$f:41: warning: 'fail boom' failed: boom"
expect_err "$f:45: '#?' without a numbered test before it; ignored"
expect_no_match "stray"
# malformed expectations fail their test
expect_line "$f:13 FAILED echo x: expectation is not in brackets"
grep -e "^$f:14 FAILED echo x: bad pattern: " "$tmp/out" >/dev/null \
    || fail "test 14 (bad regex) not reported as a bad pattern"
expect_line "$f:15 passed echo abab"
expect_line "$f:16 FAILED echo ba: expected [a], got 'ba'"

# Java forms in patterns.
f=$data/patterns.tst
run_regress -p "$engine" "$f"
expect_status 0
expect_summary "18 passed, 0 failed"
expect_count 18 passed

# Several files: a line per file, then the total.
run_regress -p "$engine" "$data/pass.tst" "$data/results.tst"
expect_status 1
expect_line "$data/pass.tst: 16 passed, 0 failed"
expect_line "$data/results.tst: 5 passed, 11 failed"
expect_summary "21 passed, 11 failed"

# A file that ends with its own quit (as Benzene's do).
run_regress -p "$engine" "$data/quit.tst"
expect_status 0
expect_line "$data/quit.tst:10 passed name"
expect_summary "1 passed, 0 failed"
expect_no_match "warning"

finish
