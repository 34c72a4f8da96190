#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-regress: each file runs in an engine started in the file's folder,
# and a relative engine path is taken from the runner's folder.
. "$srcdir/regress/tests/regress-lib.sh"

f=$data/sub/wd.tst
run_regress -p "$engine" "$f"
expect_status 0
expect_line "$f:1 passed readfile marker.txt"
expect_line "$f:2 passed readfile ../sub/marker.txt"
expect_summary "2 passed, 0 failed"

# The engine given relative to the runner's folder, with a '/'.
run_regress -p "$tmpname/engine" "$f"
expect_status 0
expect_summary "2 passed, 0 failed"

# The file given by an absolute path, from another folder.
abs_data=$(cd "$data" && pwd)
mkdir "$tmp/elsewhere"
here=$(pwd)
cd "$tmp/elsewhere" || exit 99
run_regress -p "$engine" "$abs_data/sub/wd.tst"
cd "$here" || exit 99
expect_status 0
expect_line "$abs_data/sub/wd.tst:1 passed readfile marker.txt"
expect_summary "2 passed, 0 failed"

finish
