#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-match: options, their errors and the exit statuses.
. "$srcdir/match/tests/match-lib.sh"

run_match --help
expect_status 0
for opt in --games --size --outdir --move-time --game-time --tolerance \
    --timeout --openings --jobs --swap --logs --help --version; do
    expect_out "$opt"
done

run_match --version
expect_status 0
expect_out "hein-match (hein)"

e="$hein"
o=$tmp/out-dir

# An unknown short option is unknown; an option without its value says so.
run_match -x
expect_status 2
expect_err "unknown option '-x'"

run_match -n
expect_status 2
expect_err "option -n needs an argument"

run_match --games
expect_status 2
expect_err "option '--games' needs an argument"

run_match -s 5 -o "$o" "$e" "$e"
expect_status 2
expect_err "-n GAMES is required"

run_match -n 2 "$e" "$e"
expect_status 2
expect_err "-o OUTDIR is required"

run_match -n 2 -o "$o" "$e"
expect_status 2
expect_err "give two engine command lines"

run_match -n 2 -s 20 -o "$o" "$e" "$e"
expect_status 2
expect_err "bad board size"

run_match -n zero -o "$o" "$e" "$e"
expect_status 2
expect_err "bad number of games"

run_match -n 2 --move-time 1 --game-time 60 -o "$o" "$e" "$e"
expect_status 2
expect_err "give one of --move-time and --game-time"

run_match -n 2 --game-time 60+x -o "$o" "$e" "$e"
expect_status 2
expect_err "bad game time '60+x'"

run_match -n 2 --bogus -o "$o" "$e" "$e"
expect_status 2
expect_err "unknown option"

run_match -n 2 -o "$o" "\"$e" "$e"
expect_status 2
expect_err "bad command for engine A: unbalanced quote"

# Openings: unreadable, an illegal move, a connected position.
run_match -n 2 -s 5 --openings "$tmp/none.txt" -o "$o" "$e" "$e"
expect_status 2
expect_err "cannot read $tmp/none.txt"

run_match -n 2 -s 5 --openings "$data/bad-move.txt" -o "$o" "$e" "$e"
expect_status 2
expect_err "bad-move.txt: line 3: 'C3': cell is occupied"

run_match -n 2 -s 5 --openings "$data/connected.txt" -o "$o" "$e" "$e"
expect_status 2
expect_err "line 2: the opening already connects black"

run_match -n 2 -s 4 --openings "$data/5x5.txt" -o "$o" "$e" "$e"
expect_status 2
expect_err "'e1' is off the board"

# An OUTDIR that cannot be made or written.
: >"$tmp/file"
run_match -n 2 -s 5 -o "$tmp/file/sub" "$e" "$e"
expect_status 2
expect_err "cannot make folder"

# Engines that cannot be used.
run_match -n 2 -s 5 -o "$o" "$e" "$tmp/no-such-engine"
expect_status 2
expect_err "cannot run engine '$tmp/no-such-engine'"
expect_err "cannot use engine B"

run_match -n 2 -s 5 -o "$o" "sh -c \"exit 3\"" "$e"
expect_status 2
expect_err "cannot use engine A"

finish
