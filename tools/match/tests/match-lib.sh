# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests of hein-match (match/tests/match-*.sh), never run.
#
# They run in the build folder of tools/ (as 'make check' does) and find
# their data through $srcdir, which automake exports.  HEIN_MATCH names
# another referee to test (default: ./hein-match), HEIN_ENGINE another
# engine (default: ../engine/hein).
#
# Provides, beside lib.sh: $data (match/tests/match-data), $hein (the engine),
# $quick (the engine with its quickest player, for the matches),
# $broken (an executable running match/tests/broken-engine.sh), run_match, the
# referee's expect_* checks, field and sgf_of.

watchdog=60
. "${srcdir:-.}/lib/tests/lib.sh"

referee=${HEIN_MATCH:-./hein-match}
hein=${HEIN_ENGINE:-../engine/hein}
case $referee in
    /*) ;;
    *) referee=$(pwd)/$referee ;;
esac
case $hein in
    /*) ;;
    */*) hein=$(pwd)/$hein ;;
esac
need_program "$referee" "$hein"
# $quick: hein as the referee's tests run it, with its resistance player
# (one expansion a move).  They test the referee, not the player: a
# searching player spends nearly all of its budget, and on a loaded
# machine that margin is too thin for tests that allow no overrun.
printf 'param_player name resistance\n' >"$tmp/resistance.cfg"
quick="$hein --config $tmp/resistance.cfg"
data=$srcdir/match/tests/match-data
broken=$(wrap_script broken match/tests/broken-engine.sh)

# run_match ARG...: runs the referee (see run_tool).
run_match() {
    run_tool hein-match "$referee" "$@"
}

# expect_out TEXT: stdout contains TEXT.
expect_out() {
    grep -F -e "$1" "$tmp/out" >/dev/null || fail "stdout lacks: $1"
}

# expect_file FILE TEXT: FILE contains TEXT.
expect_file() {
    if [ ! -f "$1" ]; then
        fail "no file $1"
    elif ! grep -F -e "$2" "$1" >/dev/null; then
        fail "$1 lacks: $2"
        sed 's/^/  | /' "$1"
    fi
}

# games DIR: the number of game lines in DIR/results.txt.
games() {
    grep -c -v '^#' "$1/results.txt"
}

# field DIR GAME N: field N (from 1) of game GAME's line in DIR/results.txt.
field() {
    awk -F '\t' -v g="$2" -v n="$3" '$1 == g { print $n }' "$1/results.txt"
}

# expect_game DIR GAME WINNER REASON DETAIL: game GAME was won by WINNER
# (A or B) for REASON, and its detail contains DETAIL.
expect_game() {
    w=$(field "$1" "$2" 5)
    r=$(field "$1" "$2" 7)
    d=$(field "$1" "$2" 12)
    if [ "$w" != "$3" ] || [ "$r" != "$4" ]; then
        fail "game $2: winner '$w' by '$r', expected $3 by $4"
    fi
    case $d in
        *"$5"*) ;;
        *) fail "game $2: detail '$d' lacks '$5'" ;;
    esac
}

# sgf_of DIR GAME: the path of game GAME's SGF file.
sgf_of() {
    printf '%s/game-%03d.sgf' "$1" "$2"
}
