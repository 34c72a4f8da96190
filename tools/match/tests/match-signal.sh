#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-match: SIGINT (^C) stops a match at once; the finished games stay
# in results.txt with their SGF files, the summary covers them, the
# running games are abandoned and their engines killed, the exit status
# is 130.
. "$srcdir/match/tests/match-lib.sh"

# wait_for SECONDS COMMAND...: polls COMMAND every 0.1 s.
wait_for() {
    limit=$(($1 * 10))
    shift
    i=0
    while ! "$@"; do
        i=$((i + 1))
        [ $i -ge $limit ] && return 1
        sleep 0.1
    done
}

has_games() {
    [ -f "$out/results.txt" ] && [ "$(games "$out")" -ge 2 ]
}

# stop PID: sends SIGINT, waits for the referee; $status, $took.
stop() {
    start=$(date +%s)
    kill -INT "$1"
    status=0
    wait "$1" || status=$?
    took=$(($(date +%s) - start))
}

# A long match, stopped after a few games.
out=$tmp/long
what="hein-match -n 2000 -j 2 (SIGINT)"
"$referee" -n 2000 -j 2 -s 7 --move-time 1 -o "$out" "$quick --seed 1" \
    "$quick --seed 2" >"$tmp/out" 2>"$tmp/err" &
pid=$!
wait_for 30 has_games || fail "no game finished in 30 s"
stop $pid
expect_status 130
[ "$took" -le 3 ] || fail "stopping took $took s"
n=$(games "$out")
[ "$n" -ge 2 ] && [ "$n" -lt 2000 ] || fail "$n games recorded"
# Every recorded game is whole and has its SGF; nothing else has one.
bad=$(grep -v '^#' "$out/results.txt" | awk -F '\t' 'NF != 12' | wc -l)
[ "$bad" -eq 0 ] || fail "$bad broken lines in results.txt"
for g in $(grep -v '^#' "$out/results.txt" | cut -f 1); do
    [ -f "$(sgf_of "$out" "$g")" ] || fail "no SGF for recorded game $g"
done
sgfs=$(find "$out" -name 'game-*.sgf' | wc -l)
[ "$sgfs" -eq "$n" ] || fail "$sgfs SGF files for $n recorded games"
expect_file "$out/summary.txt" "$n of 2000 games (interrupted) on 7x7"
[ -f "$out/winrate.png" ] || fail "no winrate.png after a stop"
expect_out "$n of 2000 games (interrupted)"
expect_err "stopping (signal 2)"

# A game hanging in genmove is abandoned and its engine killed.
out=$tmp/hung
pidfile=$tmp/broken.pid
what="hein-match against a hung engine (SIGINT)"
BROKEN_PIDFILE=$pidfile "$referee" -n 4 -s 5 --move-time 100 -o "$out" \
    "$broken sleep" "$hein" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
stop $pid
expect_status 130
[ "$took" -le 3 ] || fail "stopping took $took s"
[ "$(games "$out")" -eq 0 ] || fail "an unfinished game was recorded"
[ -f "$(sgf_of "$out" 1)" ] && fail "an unfinished game has an SGF"
expect_file "$out/summary.txt" "0 of 4 games (interrupted)"
expect_file "$out/summary.txt" "win rate of A: n/a"
[ -f "$out/winrate.png" ] || fail "no winrate.png without a game"
if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    fail "the hung engine was left running"
    kill -9 "$(cat "$pidfile")"
fi

finish
