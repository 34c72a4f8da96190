#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-solve --mpi (make check): every job-level scheme (two-level,
# rp-pns, parapds) under `mpirun -np 3 --oversubscribe` (rank 0 leads, two
# workers), and spdfpn with two threads in one process, gives the serial
# solver's winners on every 6x6 first move; the
# two-level search gives the swap table's on
# 5x5 with a top tree one level deep and tiny jobs (each leaf continued by
# job after job); a database filled by one run answers the next; the
# certificate of a 6x6 position solved by hundreds of small jobs, written
# from the workers' proofs gathered by rank 0, passes hein-verify; a 7x7
# solve killed with SIGKILL between checkpoints resumes from its
# checkpoint and top tree to the right winner; bad settings are refused.
# Skipped (status 77) when hein-solve was built without MPI or mpirun is
# missing.
watchdog=300
. "$srcdir/lib/tests/lib.sh"

solve=./hein-solve
need_program "$solve" ./hein-verify
patterns=$abs_srcdir/../share/patterns

if "$solve" --mpi --board 3 >"$tmp/out" 2>"$tmp/err"; then :; fi
if grep -q 'built without MPI' "$tmp/err"; then
    echo "$me: skipped: hein-solve was built without MPI (install libopenmpi-dev and openmpi-bin; ./bootstrap does it as root)"
    exit 77
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "$me: skipped: no mpirun (install openmpi-bin)"
    exit 77
fi
grep -q 'needs at least two ranks' "$tmp/err" || fail "one rank: not refused ($(cat "$tmp/err"))"

# Open MPI refuses root unless told; these tests run on one machine
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
# Under --enable-sanitizers: Open MPI's libraries and plug-ins leave
# their own allocations at exit, which LeakSanitizer would report as
# leaks of the ranks; hein's code is checked for leaks by the other
# suites, and for every other fault here
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS
mpi="mpirun -np 3 --oversubscribe"

winners() {
    grep -v '^#' "$1" | awk 'NR > 1 { print $1, $2 }' | sort
}
swap_table() {
    grep -v '^#' "$patterns/swap-$1x$1.txt" | awk 'NF == 2 { print $1, $2 }' | sort
}

# ---- 6x6: every first move, against the serial solver ------------------
run_tool "6x6 serial" "$solve" --board 6 --all-openings -q
expect_status 0
winners "$tmp/out" >"$tmp/w6s"
# spdfpn is the one-process scheme: two threads on one table
run_tool "6x6 spdfpn" "$solve" --scheme spdfpn --threads 2 --board 6 --all-openings -q
expect_status 0
winners "$tmp/out" >"$tmp/w6t"
cmp -s "$tmp/w6s" "$tmp/w6t" \
    || fail "6x6: spdfpn winners differ from the serial ones: $(diff "$tmp/w6s" "$tmp/w6t" | head -4)"
for scheme in two-level rp-pns parapds; do
    run_tool "6x6 $scheme" $mpi "$solve" --mpi --scheme $scheme --board 6 --all-openings -q
    expect_status 0
    winners "$tmp/out" >"$tmp/w6m"
    cmp -s "$tmp/w6s" "$tmp/w6m" \
        || fail "6x6: $scheme winners differ from the serial ones: $(diff "$tmp/w6s" "$tmp/w6m" | head -4)"
    grep -q '^# 36 moves: black wins 24, white wins 12, unsolved 0;' "$tmp/out" \
        || fail "6x6 $scheme: the summary line"
    grep -q "^# $scheme search: 3 ranks (2 workers), [0-9]* jobs" "$tmp/out" \
        || fail "6x6 $scheme: no line on the search"
done

# ---- 5x5: a shallow tree and tiny jobs ---------------------------------
run_tool "5x5 depth 1" $mpi "$solve" --mpi --scheme two-level --board 5 --all-openings \
    --top-depth 1 --job-work 30 -q
expect_status 0
winners "$tmp/out" >"$tmp/w5"
swap_table 5 >"$tmp/s5"
cmp -s "$tmp/w5" "$tmp/s5" || fail "5x5 depth 1: winners differ from swap-5x5.txt: $(diff "$tmp/w5" "$tmp/s5" | head -4)"
run_tool "5x5 small jobs" $mpi "$solve" --mpi --board 5 --all-openings --job-work 26 -q
expect_status 0
winners "$tmp/out" >"$tmp/w5b"
cmp -s "$tmp/w5b" "$tmp/s5" || fail "5x5 small jobs: winners differ from swap-5x5.txt"

# ---- a database filled by one run answers the next ---------------------
run_tool "6x6 c3 with a database" $mpi "$solve" --mpi --board 6 --moves c3 --db "$tmp/s.db" -q
expect_status 0
grep -q '^# database .*: 0 positions answered from it, [1-9][0-9]* stored' "$tmp/out" \
    || fail "database: nothing stored"
grep '^position' "$tmp/out" >"$tmp/first"
run_tool "6x6 c3 from the database" $mpi "$solve" --mpi --board 6 --moves c3 --db "$tmp/s.db" -q
expect_status 0
grep -q '^# database .*: 1 position answered from it' "$tmp/out" \
    || fail "database: the second run was not answered from it"
grep '^position' "$tmp/out" | awk '{ print $1, $2, $3 }' >"$tmp/second"
awk '{ print $1, $2, $3 }' "$tmp/first" | cmp -s - "$tmp/second" \
    || fail "database: another answer"

# ---- a certificate from the workers' proofs ------------------------------
run_tool "6x6 a3 with a certificate" $mpi "$solve" --mpi --board 6 --moves a3 --job-work 40 \
    --proof "$tmp/a3.cert" -q
expect_status 0
grep -q '^position *black ' "$tmp/out" || fail "6x6 a3: black should win"
grep -q "^# two-level search: [1-9][0-9]* table entries of the workers' proofs gathered" \
    "$tmp/out" || fail "6x6 a3: no proof gathered from the workers"
run_tool "6x6 a3 certificate checked" ./hein-verify "$tmp/a3.cert"
expect_status 0
grep -q '^verified$' "$tmp/out" || fail "6x6 a3: the certificate is not verified"

# ---- killed between checkpoints and resumed ------------------------------
$mpi "$solve" --mpi --board 7 --moves a4 --job-work 1000 --checkpoint "$tmp/k.ckpt" \
    --every 0.01 -q >"$tmp/killed.out" 2>"$tmp/killed.err" &
pid=$!
n=0
while [ ! -s "$tmp/k.ckpt.tree" ] && [ $n -lt 200 ]; do
    sleep 0.1
    n=$((n + 1))
done
sleep 1
# every rank dies at once, as when the machine goes down
pkill -9 -f "hein-solve --mpi --board 7 --moves a4 --job-work 1000 --checkpoint $tmp/k.ckpt" \
    || fail "7x7 a4: the run ended before it could be killed"
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
[ -s "$tmp/k.ckpt" ] || fail "7x7 a4: no checkpoint"
[ -s "$tmp/k.ckpt.tree" ] || fail "7x7 a4: no top tree beside the checkpoint"
rm -f "$tmp"/k.ckpt.tmp* "$tmp"/k.ckpt.tree.tmp*
run_tool "7x7 a4 resumed" $mpi "$solve" --mpi --resume "$tmp/k.ckpt" --job-work 1000
expect_status 0
grep -q '^position *black ' "$tmp/out" || fail "7x7 a4 resumed: black should win"
expect_err "resumed from $tmp/k.ckpt: 0 of 1 done"
expect_err "the top tree read from $tmp/k.ckpt.tree: "

# ---- bad settings --------------------------------------------------------
run_tool "scheme" "$solve" --board 4 --scheme bogus
expect_status 2
expect_err "--scheme takes spdfpn, two-level, rp-pns or parapds"
for scheme in two-level rp-pns parapds; do
    run_tool "$scheme without --mpi" "$solve" --board 4 --scheme $scheme
    expect_status 2
    expect_err "give --mpi"
done
run_tool "spdfpn under --mpi" "$solve" --mpi --board 4 --scheme spdfpn
expect_status 2
expect_err "runs in one process"
run_tool "job work without --mpi" "$solve" --board 4 --job-work 100
expect_status 2
expect_err "the job-level schemes'"
run_tool "job work 0" "$solve" --mpi --board 4 --job-work 0
expect_status 2
expect_err "invalid --job-work '0'"
run_tool "top depth" "$solve" --mpi --board 4 --top-depth 300
expect_status 2
expect_err "invalid --top-depth '300'"

finish
