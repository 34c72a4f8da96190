#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# strength-scns.sh, the player's match runs: its usage errors, and one
# tiny tuning sweep, thread, solver, shared and ponder matches (two 5x5
# games each)
# that must write their configs and finished matches.
. "$srcdir/match/tests/match-lib.sh"

script=$srcdir/match/strength-scns.sh
run_strength() {
    run_tool strength-scns.sh /bin/sh "$script" "$@"
}

run_strength
expect_status 2
expect_err "usage: strength-scns.sh"

run_strength "$referee" "$hein" nonsense
expect_status 2
expect_err "usage: strength-scns.sh"

run_strength --threads two "$referee" "$hein" mohex
expect_status 2
expect_err "needs a positive integer"

run_strength --out "$tmp/s0" "$referee" "$hein" sweep
expect_status 2
expect_err "mode sweep needs --rows"

run_strength --rows delta --out "$tmp/s1" "$referee" "$hein" sweep
expect_status 2
expect_err "row delta: delta is not [GROUP.]KNOB=VALUE"

run_strength --games 2 --size 5 --move-time 0.2 --jobs 1 --out "$tmp/s2" \
    --rows "delta=206,p_max=1,vc.max_ors=3" "$referee" "$hein" sweep
expect_status 0
expect_out "== base-vs-delta-206_p_max-1_vc-max_ors-3: 2 games, 5 x 5"
expect_out "win rate of A"
cfg=$tmp/s2/delta-206_p_max-1_vc-max_ors-3.cfg
expect_file "$cfg" "param_scns delta 206"
expect_file "$cfg" "param_scns p_max 1"
expect_file "$cfg" "param_vc max_ors 3"
expect_file "$tmp/s2/scns.cfg" "param_player name scns"
[ "$(games "$tmp/s2/base-vs-delta-206_p_max-1_vc-max_ors-3")" = 2 ] || fail "the sweep row played no 2 games"

# --set: settings for every engine, after the mode's param_player line
run_strength --set "delta" --out "$tmp/s8" "$referee" "$hein" threads
expect_status 2
expect_err "--set: delta is not [GROUP.]KNOB=VALUE"
run_strength --games 2 --size 5 --move-time 0.2 --jobs 1 --out "$tmp/s9" \
    --set "delta=206,net.use=0" "$referee" "$hein" threads
expect_status 0
expect_out "== threads-2-vs-1: 2 games, 5 x 5"
for cfg in "$tmp/s9/threads-2.cfg.set" "$tmp/s9/scns.cfg.set"; do
    [ "$(sed -n 1p "$cfg")" = "param_player name scns" ] || fail "$cfg: not the player first"
    expect_file "$cfg" "param_scns delta 206"
    expect_file "$cfg" "param_net use 0"
done
expect_file "$tmp/s9/threads-2.cfg.set" "param_scns threads 2"
[ "$(games "$tmp/s9/threads-2-vs-1")" = 2 ] || fail "the --set match played no 2 games"

# the thread and solver modes: their configs, and finished matches
run_strength --games 2 --size 5 --move-time 0.2 --jobs 1 --out "$tmp/s3" \
    "$referee" "$hein" threads
expect_status 0
expect_out "== threads-2-vs-1: 2 games, 5 x 5"
expect_file "$tmp/s3/threads-2.cfg" "param_scns threads 2"
expect_file "$tmp/s3/threads-2.cfg" "param_player solver 0"
[ "$(games "$tmp/s3/threads-2-vs-1")" = 2 ] || fail "the threads match played no 2 games"
run_strength --games 2 --size 5 --move-time 0.2 --jobs 1 --out "$tmp/s4" \
    "$referee" "$hein" solver
expect_status 0
expect_out "== solver-vs-none-2-threads: 2 games, 5 x 5"
expect_file "$tmp/s4/solver.cfg" "param_player solver 1"
expect_file "$tmp/s4/no-solver.cfg" "param_player solver 0"
expect_file "$tmp/s4/no-solver.cfg" "param_game threads 2"
[ "$(games "$tmp/s4/solver-vs-none-2-threads")" = 2 ] || fail "the solver match played no 2 games"

# the shared mode (the solver as auto has it against none) and the
# ponder mode (pondering against none, under a game clock)
run_strength --games 2 --size 5 --move-time 0.2 --jobs 1 --out "$tmp/s6" \
    "$referee" "$hein" shared
expect_status 0
expect_out "== shared-vs-alone-1-threads: 2 games, 5 x 5"
expect_file "$tmp/s6/alone.cfg" "param_player solver 0"
[ "$(games "$tmp/s6/shared-vs-alone-1-threads")" = 2 ] || fail "the shared match played no 2 games"
run_strength --games 2 --size 5 --game-time 4 --jobs 1 --out "$tmp/s7" \
    "$referee" "$hein" ponder
expect_status 0
expect_out "== ponder-vs-none-4: 2 games, 5 x 5, 4 s a game"
expect_file "$tmp/s7/ponder.cfg" "param_game ponder 1"
[ "$(games "$tmp/s7/ponder-vs-none-4")" = 2 ] || fail "the ponder match played no 2 games"

# the clock mode: a game clock with an increment, told to both engines
run_strength --games 2 --size 5 --game-time 4+0.5 --jobs 1 --out "$tmp/s5" \
    "$referee" "$hein" clock
expect_status 0
expect_out "== clock-4+0.5: 2 games, 5 x 5, 4+0.5 s a game"
expect_out "by move number:"
expect_file "$tmp/s5/clock.cfg" "param_game increment 0.5"
[ "$(games "$tmp/s5/clock-4+0.5")" = 2 ] || fail "the clock match played no 2 games"

finish
