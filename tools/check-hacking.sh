#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps HACKING honest: every path it names (a file or folder under one of
# the tree's top directories) must exist.
set -u
top=${srcdir:-.}
[ -f "$top/HACKING" ] || top=$top/..
missing=0
checked=0
for path in $(grep -oE '\b(board|search|engine|gtp|tools|regress|share)/[A-Za-z0-9_./-]*' "$top/HACKING" | sort -u); do
    path=${path%.}
    checked=$((checked + 1))
    if [ ! -e "$top/$path" ]; then
        echo "HACKING names $path, which does not exist" >&2
        missing=$((missing + 1))
    fi
done
echo "$((checked - missing)) passed, $missing failed"
[ "$missing" -eq 0 ]
