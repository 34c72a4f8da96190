#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-topsim (make check): a few thousand simulated jobs on the 9x9
# board after e5 print one row of figures per number of workers and job
# time, with sane values (every job done, utilisations within 0..100, a
# tree grown); with --fixed-cost the simulated figures are the same from
# run to run for one seed; checkpoints pause the workers; rank 0 is saturated when jobs are far shorter
# than its cost per job, and idle when they are far longer; bad options
# are refused with status 2 and a message.
watchdog=60
. "$srcdir/lib/tests/lib.sh"

sim=./hein-topsim
need_program "$sim"

# rows FILE: the data rows (not the comments, not the header).
rows() {
    grep -v '^#' "$1" | awk 'NR > 1'
}

# ---- two runs: the fields and their ranges --------------------------
run_tool "two runs" "$sim" --workers 50,200 --job-seconds 10 --jobs 3000 --seed 7
expect_status 0
grep -q '^# hein-topsim .*: 9x9 e5, white to move;' "$tmp/out" || fail "the root line"
grep -q '^# measured: ' "$tmp/out" || fail "no line saying what is measured"
grep -q '^# modelled: ' "$tmp/out" || fail "no line saying what is modelled"
grep -v '^#' "$tmp/out" | head -1 | grep -q \
    '^workers *job_s *jobs *sim_s *jobs/s *cap/s *r0% *r0%2 *wk% *wk%2 *ramp_s *noleaf% *root *nodes *depth *full *tree_MiB *B/node *log *job_B *res_B *r0_us *sel_us *pos_us *fin_us *ckpt_MiB *ckpt_s *ckpts *pause_s$' \
    || fail "the header line"
rows "$tmp/out" >"$tmp/rows"
[ "$(wc -l <"$tmp/rows")" -eq 2 ] || fail "not two rows"
awk '
    NF != 29 { print "row " NR ": " NF " fields"; next }
    $1 != (NR == 1 ? 50 : 200) { print "row " NR ": workers " $1 }
    $2 != 10 { print "row " NR ": job_s " $2 }
    $3 != 3000 && $13 == "open" { print "row " NR ": " $3 " jobs" }
    $4 <= 0 || $5 <= 0 || $6 <= 0 { print "row " NR ": times" }
    $7 < 0 || $7 > 100 || $9 <= 0 || $9 > 100 || $10 > 100 { print "row " NR ": utilisation" }
    $14 < 100 || $15 < 2 { print "row " NR ": no tree grown" }
    $19 < 1 || $20 < 100 || $21 < 50 { print "row " NR ": log or messages" }
    $22 <= 0 { print "row " NR ": rank 0 cost" }
    $26 <= 0 || $27 < 0 || $28 != 0 { print "row " NR ": checkpoint" }
' "$tmp/rows" >"$tmp/bad"
[ -s "$tmp/bad" ] && fail "rows: $(cat "$tmp/bad")"
# 50 workers on jobs of 10 s: about 5 jobs a second, the workers busy
awk 'NR == 1 && ($5 < 3 || $5 > 5.5 || $9 < 60) { exit 1 }' "$tmp/rows" \
    || fail "50 workers: not about 5 jobs/s with the workers busy"

# ---- reproducible with --fixed-cost ---------------------------------
# every column but the measured ones (tree_MiB, B/node, sel_us..fin_us,
# ckpt_s)
sim_cols() {
    rows "$1" | awk '{ $17 = $18 = $23 = $24 = $25 = $27 = ""; print }'
}
run_tool "fixed cost" "$sim" -w 100 -j 5 -n 2000 --fixed-cost 0.00002 --seed 3
expect_status 0
sim_cols "$tmp/out" >"$tmp/a"
grep -q '^# fixed cost: ' "$tmp/out" || fail "--fixed-cost not reported"
run_tool "fixed cost again" "$sim" -w 100 -j 5 -n 2000 --fixed-cost 0.00002 --seed 3
expect_status 0
sim_cols "$tmp/out" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || fail "one seed, two answers: $(cat "$tmp/a" "$tmp/b")"

# ---- checkpoints: the jobs drained, the workers idle meanwhile ------
run_tool "no checkpoints" "$sim" -w 100 -j 5 -n 4000 --fixed-cost 0.00002 --seed 3
expect_status 0
wk=$(rows "$tmp/out" | awk '{ print $9 }')
run_tool "checkpoints" "$sim" -w 100 -j 5 -n 4000 --fixed-cost 0.00002 --seed 3 \
    --checkpoint-every 20 --checkpoint-seconds 2
expect_status 0
grep -q '^# checkpoints: every 20 simulated s, 2 s each' "$tmp/out" || fail "checkpoints line"
rows "$tmp/out" | awk '$28 < 5 || $29 < 2 { exit 1 }' \
    || fail "checkpoints: too few, or pauses under 2 s"
rows "$tmp/out" | awk -v wk="$wk" '$9 >= wk { exit 1 }' \
    || fail "checkpoints: the workers no less busy than without ($wk%)"

# ---- rank 0 saturated, rank 0 idle ----------------------------------
# 1 ms of rank 0 per job sent and per result taken: at most 500 jobs/s
run_tool "saturated" "$sim" -w 200 -j 0.001 -n 2000 --fixed-cost 0.001 --latency 0
expect_status 0
rows "$tmp/out" | awk '$5 > 500.5 || $7 < 90 || $9 > 50 { exit 1 }' \
    || fail "jobs far shorter than rank 0's cost: rank 0 not the bottleneck ($(rows "$tmp/out"))"
run_tool "idle" "$sim" -w 20 -j 100 -n 500 --fixed-cost 0.00001
expect_status 0
rows "$tmp/out" | awk '$7 > 1 { exit 1 }' \
    || fail "jobs of 100 s: rank 0 busy ($(rows "$tmp/out"))"

# ---- bad options ----------------------------------------------------
refused() {
    label=$1
    shift
    run_tool "$label" "$sim" "$@"
    expect_status 2
    [ -s "$tmp/err" ] || fail "$label: no message"
    [ -s "$tmp/out" ] && fail "$label: output on a refusal"
}
refused "no workers" --workers 0
expect_err "invalid --workers '0'"
refused "workers not a number" --workers 10,abc
refused "a list ending in a comma" --workers 10,
refused "negative job time" --job-seconds -1
expect_err "invalid --job-seconds"
refused "no jobs" --jobs 0
refused "zero bandwidth" --bandwidth 0
refused "board too large" --board 20
refused "spread" --job-spread nan
refused "depth" --top-depth 0
refused "a cell off the board" --moves z9
expect_err "not a cell"
refused "a cell twice" --moves "e5 e5"
expect_err "occupied"
refused "unknown option" --frobnicate
refused "an argument" 100

finish
