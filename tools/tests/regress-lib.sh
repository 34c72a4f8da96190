# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests of hein-regress (tests/regress-*.sh), never run.
#
# They run in the build folder of tools/ (as 'make check' does) and find
# their data through $srcdir, which automake exports.  HEIN_REGRESS names
# another runner to test (default: ./hein-regress).
#
# Provides: $data (the .tst files), $engine (an executable that runs
# tests/fake-engine.sh), $tmpname/$tmp (a scratch folder in the build
# folder, removed at exit), run_regress, the expect_* checks and finish.

set -u

: "${srcdir:=.}"
runner=${HEIN_REGRESS:-./hein-regress}
case $runner in
    /*) ;;
    *) runner=$(pwd)/$runner ;;
esac
data=$srcdir/tests/regress-data
abs_srcdir=$(cd "$srcdir" && pwd) || exit 99
me=${0##*/}
me=${me%.sh}
tmpname=$me.tmp
tmp=$(pwd)/$tmpname

if [ ! -x "$runner" ]; then
    echo "$me: no runner at $runner" >&2
    exit 99
fi
rm -rf "$tmp"
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# A wrapper, so that the engine is run the same way whether or not the
# distributed script kept its execute bit.
engine=$tmp/engine
printf '#!/bin/sh\nexec sh "%s/tests/fake-engine.sh" "$@"\n' "$abs_srcdir" \
    >"$engine"
chmod +x "$engine"

failures=0
status=0
shown=no
what=

# A runner that hangs is killed after this many seconds, where timeout(1)
# exists.
watchdog=120
if command -v timeout >/dev/null 2>&1; then
    guard="timeout -s KILL $watchdog"
else
    guard=
fi

# run_regress ARG...: runs the runner; its stdout is in $tmp/out, its
# stderr in $tmp/err, its exit status in $status.
run_regress() {
    what="hein-regress $*"
    shown=no
    status=0
    $guard "$runner" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
    if [ -n "$guard" ] && [ $status -eq 137 ]; then
        fail "the runner hung (killed after $watchdog s)"
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

# expect_line LINE: stdout has exactly this line.
expect_line() {
    grep -F -x -e "$1" "$tmp/out" >/dev/null || fail "no stdout line: $1"
}

# expect_no_match PATTERN: no stdout line matches this basic regex.
expect_no_match() {
    if grep -e "$1" "$tmp/out" >/dev/null; then
        fail "stdout has a line matching: $1"
    fi
}

# expect_err TEXT: stderr contains TEXT.
expect_err() {
    grep -F -e "$1" "$tmp/err" >/dev/null || fail "stderr lacks: $1"
}

# expect_summary "N passed, N failed": the last stdout line.
expect_summary() {
    last=$(tail -n 1 "$tmp/out")
    [ "$last" = "$1" ] || fail "summary '$last', expected '$1'"
}

# expect_count N WORD: N test lines carry result WORD.
expect_count() {
    n=$(grep -c -e "^[^ ]*:[0-9][0-9]* $2 " "$tmp/out")
    [ "$n" -eq "$1" ] || fail "$n tests $2, expected $1"
}

finish() {
    if [ $failures -gt 0 ]; then
        echo "$me: $failures check(s) failed"
        exit 1
    fi
    echo "$me: all checks passed"
    exit 0
}
