# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests of hein-match (tests/match-*.sh), never run.
#
# They run in the build folder of tools/ (as 'make check' does) and find
# their data through $srcdir, which automake exports.  HEIN_MATCH names
# another referee to test (default: ./hein-match), HEIN_ENGINE another
# engine (default: ../engine/hein).
#
# Provides: $data (tests/match-data), $hein (the engine), $broken (an
# executable running tests/broken-engine.sh), $tmp (a scratch folder in
# the build folder, removed at exit), run_match, the expect_* checks,
# field, sgf_of and finish.

set -u

: "${srcdir:=.}"
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
data=$srcdir/tests/match-data
abs_srcdir=$(cd "$srcdir" && pwd) || exit 99
me=${0##*/}
me=${me%.sh}
tmp=$(pwd)/$me.tmp

for prog in "$referee" "$hein"; do
    if [ ! -x "$prog" ]; then
        echo "$me: no program at $prog" >&2
        exit 99
    fi
done
rm -rf "$tmp"
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# A wrapper, so that the engine runs whether or not the distributed
# script kept its execute bit.
broken=$tmp/broken
printf '#!/bin/sh\nexec sh "%s/tests/broken-engine.sh" "$@"\n' \
    "$abs_srcdir" >"$broken"
chmod +x "$broken"

failures=0
status=0
shown=no
what=

# A referee that hangs is killed after this many seconds, where timeout(1)
# exists.
watchdog=60
if command -v timeout >/dev/null 2>&1; then
    guard="timeout -s KILL $watchdog"
else
    guard=
fi

# run_match ARG...: runs the referee; its stdout is in $tmp/out, its
# stderr in $tmp/err, its exit status in $status.
run_match() {
    what="hein-match $*"
    shown=no
    status=0
    $guard "$referee" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
    if [ -n "$guard" ] && [ $status -eq 137 ]; then
        fail "the referee hung (killed after $watchdog s)"
    fi
}

# fail MESSAGE: records a failed check and shows the run once.
fail() {
    failures=$((failures + 1))
    echo "FAIL: $1"
    if [ $shown = no ]; then
        shown=yes
        echo "  in: $what (exit status $status)"
        echo "  --- stdout:"
        sed 's/^/  | /' "$tmp/out"
        echo "  --- stderr:"
        sed 's/^/  | /' "$tmp/err"
    fi
}

expect_status() {
    [ "$status" -eq "$1" ] || fail "exit status $status, expected $1"
}

# expect_out TEXT: stdout contains TEXT.
expect_out() {
    grep -F -e "$1" "$tmp/out" >/dev/null || fail "stdout lacks: $1"
}

# expect_err TEXT: stderr contains TEXT.
expect_err() {
    grep -F -e "$1" "$tmp/err" >/dev/null || fail "stderr lacks: $1"
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

finish() {
    if [ $failures -gt 0 ]; then
        echo "$me: $failures check(s) failed"
        exit 1
    fi
    echo "$me: all checks passed"
    exit 0
}
