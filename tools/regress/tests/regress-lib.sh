# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the tests of hein-regress (regress/tests/regress-*.sh), never run.
# HEIN_REGRESS names another runner to test (default: ./hein-regress).
#
# Provides, beside lib.sh: $runner, $data (the .tst files), $engine (an
# executable that runs regress/tests/fake-engine.sh), $tmpname (the scratch
# folder's name), run_regress and the runner's expect_* checks.

watchdog=120
. "${srcdir:-.}/lib/tests/lib.sh"

runner=${HEIN_REGRESS:-./hein-regress}
case $runner in
    /*) ;;
    *) runner=$(pwd)/$runner ;;
esac
need_program "$runner"
data=$srcdir/regress/tests/regress-data
tmpname=$me.tmp
engine=$(wrap_script engine regress/tests/fake-engine.sh)

# run_regress ARG...: runs the runner (see run_tool).
run_regress() {
    run_tool hein-regress "$runner" "$@"
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
