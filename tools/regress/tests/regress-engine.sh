#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-regress: engines that crash, cannot start, hang, or linger after
# quit.  The runner must report, go on with the next file, and never hang.
. "$srcdir/regress/tests/regress-lib.sh"

# A crash in the middle of a file fails the rest of it (expected failures
# too); the next file still runs in a fresh engine.
f=$data/crash.tst
run_regress -p "$engine" "$f" "$data/pass.tst"
expect_status 1
expect_line "$f:1 passed echo a"
expect_line "$f:2 FAILED crash: engine died"
expect_line "$f:3 FAILED echo b: engine died"
expect_line "$f:4 FAILED echo c: engine died"
expect_line "$f: 1 passed, 3 failed"
expect_line "$data/pass.tst: 16 passed, 0 failed"
expect_summary "17 passed, 3 failed"
expect_err "engine exited with status 3"

# A crash half-way through a reply.
f=$data/crash-mid.tst
run_regress -p "$engine" "$f"
expect_status 1
expect_line "$f:1 FAILED crash-mid: engine died"
expect_line "$f:2 FAILED echo a: engine died"
expect_summary "0 passed, 2 failed"

# A crash on an unnumbered command.
f=$data/crash-unnumbered.tst
run_regress -p "$engine" "$f"
expect_status 1
expect_line "$f:1: warning: no reply to 'crash': engine died"
expect_line "$f:1 FAILED echo a: engine died"
expect_summary "0 passed, 1 failed"

# An engine that cannot be started, by path and through PATH.
f=$data/crash.tst
for e in "$tmp/no-such-engine" "hein-regress-no-such-engine"; do
    run_regress -p "$e" "$f"
    expect_status 1
    expect_count 4 FAILED
    expect_line "$f:1 FAILED echo a: engine died"
    expect_summary "0 passed, 4 failed"
    expect_err "cannot run engine '$e'"
done

# A command that gets no reply in time: killed, the rest fails.
f=$data/timeout.tst
start=$(date +%s)
run_regress -t 1 -p "$engine" "$f"
took=$(($(date +%s) - start))
expect_status 1
expect_line "$f:1 passed echo ok"
expect_line "$f:2 FAILED hang: timeout after 1 s"
expect_line "$f:3 FAILED echo b: engine died"
expect_summary "1 passed, 2 failed"
[ "$took" -le 5 ] || fail "the timeout of 1 s took $took s"

# An engine that stays after quit is killed after a short grace.
f=$data/quit-hang.tst
start=$(date +%s)
run_regress -p "$engine" "$f"
took=$(($(date +%s) - start))
expect_status 0
expect_summary "1 passed, 0 failed"
[ "$took" -le 15 ] || fail "ending a lingering engine took $took s"

finish
