#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-regress: options, the engine command line, logs and exit statuses.
. "$srcdir/regress/tests/regress-lib.sh"

run_regress --help
expect_status 0
grep -e "^Usage: hein-regress" "$tmp/out" >/dev/null || fail "no usage"

run_regress --version
expect_status 0
grep -e "^hein-regress (" "$tmp/out" >/dev/null || fail "no version"

run_regress -h
expect_status 0
grep -e "^Usage: hein-regress" "$tmp/out" >/dev/null || fail "no usage for -h"

run_regress -V
expect_status 0
grep -e "^hein-regress (" "$tmp/out" >/dev/null || fail "no version for -V"

run_regress -x "$data/pass.tst"
expect_status 2
expect_err "unknown option '-x'"

run_regress -p
expect_status 2
expect_err "needs a value"

run_regress -p "$engine"
expect_status 2
expect_err "no .tst file"

run_regress -t soon -p "$engine" "$data/pass.tst"
expect_status 2
expect_err "bad timeout"

run_regress -p "\"$engine" "$data/pass.tst"
expect_status 2
expect_err "unbalanced quote"

run_regress -p "   " "$data/pass.tst"
expect_status 2
expect_err "empty"

# An unreadable file is reported, the others still run, the status is 2.
run_regress -p "$engine" "$tmp/missing.tst" "$data/quit.tst"
expect_status 2
expect_err "cannot read '$tmp/missing.tst'"
expect_line "$data/quit.tst:10 passed name"

# Double quotes group words of the engine command line (spaces kept).
f=$data/greeting.tst
run_regress -p "$engine --greeting \"hello   big world\"" "$f"
expect_status 0
expect_line "$f:1 passed greeting"
run_regress -p "$engine --greeting hello\"   big \"world" "$f"
expect_status 0
run_regress -p "$engine --greeting hello" "$f"
expect_status 1

# The engine from HEIN_ENGINE when -p is not given.
HEIN_ENGINE=$engine
export HEIN_ENGINE
run_regress "$data/quit.tst"
unset HEIN_ENGINE
expect_status 0
expect_summary "1 passed, 0 failed"

# -l logs the traffic, -v shows it on stderr; -t with a value in the same
# word.
run_regress -v -t5 -l "$tmp/log" -p "$engine" "$data/quit.tst"
expect_status 0
expect_summary "1 passed, 0 failed"
expect_err "> 10 name"
expect_err "< =10 fake"
grep -F -x -e "> 10 name" "$tmp/log" >/dev/null || fail "log lacks the command"
grep -F -x -e "< =10 fake" "$tmp/log" >/dev/null || fail "log lacks the reply"

finish
