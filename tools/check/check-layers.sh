#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps the layers honest: a source file under board/, search/, engine/ or
# gtp/ (tests included) includes headers of its own layer and the layers
# below it only (board <- search <- engine <- gtp; main.c and tools/ may
# include any).  Prints one line per include that points upwards and
# "N passed, N failed" over the files checked.
set -u
top=${srcdir:-.}
[ -d "$top/board" ] || top=$top/..
rank() {
    case $1 in
        board) echo 1 ;;
        search) echo 2 ;;
        engine) echo 3 ;;
        gtp) echo 4 ;;
        *) echo 0 ;;
    esac
}
passed=0
failed=0
for file in $(cd "$top" && find board search engine gtp -name '*.[ch]' | sort); do
    own=$(rank "${file%%/*}")
    bad=0
    for inc in $(sed -n 's/^#include "\([a-z]*\)\/.*/\1/p' "$top/$file"); do
        r=$(rank "$inc")
        if [ "$r" -gt "$own" ]; then
            echo "$file includes $inc/, a layer above its own" >&2
            bad=1
        fi
    done
    if [ $bad -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
