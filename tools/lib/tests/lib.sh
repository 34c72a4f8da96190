# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the scripted tests of the tools (through regress-lib.sh and
# match-lib.sh), never run.
#
# The tests run in the build folder of tools/ (as 'make check' does) and
# find their data through $srcdir, which automake exports.
#
# Provides: $abs_srcdir, $me (the test's name), $tmp (a scratch folder in
# the build folder, removed at exit), wrap_script, run_tool, fail and the
# shared expect_* checks, and finish.  A test sets $watchdog (seconds)
# before sourcing if the default does not suit it.

set -u

: "${srcdir:=.}"
abs_srcdir=$(cd "$srcdir" && pwd) || exit 99
me=${0##*/}
me=${me%.sh}
tmp=$(pwd)/$me.tmp

rm -rf "$tmp"
mkdir "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# need_program PATH...: stop (status 99, a hard error) when one is missing.
need_program() {
    for prog in "$@"; do
        if [ ! -x "$prog" ]; then
            echo "$me: no program at $prog" >&2
            exit 99
        fi
    done
}

# wrap_script NAME SCRIPT: an executable $tmp/NAME running SCRIPT (its
# path in the source folder of tools/, e.g. match/tests/broken-engine.sh)
# with sh, so that it runs whether or not the distributed script kept its
# execute bit.  Prints the wrapper's path.
wrap_script() {
    printf '#!/bin/sh\nexec sh "%s/%s" "$@"\n' "$abs_srcdir" "$2" >"$tmp/$1"
    chmod +x "$tmp/$1"
    echo "$tmp/$1"
}

failures=0
status=0
shown=no
what=

# A tool that hangs is killed after $watchdog seconds, where timeout(1)
# exists.
: "${watchdog:=120}"
if command -v timeout >/dev/null 2>&1; then
    guard="timeout -s KILL $watchdog"
else
    guard=
fi

# run_tool LABEL PROGRAM ARG...: runs PROGRAM; its stdout is in $tmp/out,
# its stderr in $tmp/err, its exit status in $status.
run_tool() {
    label=$1
    prog=$2
    shift 2
    what="$label $*"
    shown=no
    status=0
    $guard "$prog" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
    if [ -n "$guard" ] && [ $status -eq 137 ]; then
        fail "$label hung (killed after $watchdog s)"
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

# expect_err TEXT: stderr contains TEXT.
expect_err() {
    grep -F -e "$1" "$tmp/err" >/dev/null || fail "stderr lacks: $1"
}

finish() {
    if [ $failures -gt 0 ]; then
        echo "$me: $failures check(s) failed"
        exit 1
    fi
    echo "$me: all checks passed"
    exit 0
}
