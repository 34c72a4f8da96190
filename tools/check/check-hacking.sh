#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps HACKING honest, both ways: every path it names (a file or folder
# under one of the tree's top directories, or main.c) must exist, and
# every source file of the tree (C sources and headers, shell scripts,
# automake fragments, under those directories, and main.c) must be named
# in it by its path.
set -u
top=${srcdir:-.}
[ -f "$top/HACKING" ] || top=$top/..
dirs='board|search|engine|gtp|tools|regress|share|doc'
missing=0
checked=0
named=$(grep -oE "(\b($dirs)/[A-Za-z0-9_./-]*|\bmain\.c\b)" "$top/HACKING" | sed 's/\.$//' | sort -u)
# What the build makes (programs, libraries: the *_PROGRAMS and
# *_LIBRARIES of the Makefiles) need not exist in the source tree: a
# build in another folder (make distcheck) keeps them there.
products=$(cd "$top" && cat Makefile.am */Makefile.am tools/*/*.am \
    | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' \
    | sed -n 's/^[A-Za-z_]*_\(PROGRAMS\|LIBRARIES\) *+\{0,1\}= *//p' | tr ' \t' '\n\n' | grep .)
for path in $named; do
    checked=$((checked + 1))
    base=${path#*/}
    if [ ! -e "$top/$path" ] && ! printf '%s\n' "$products" | grep -qxF -e "$path" -e "$base"; then
        echo "HACKING names $path, which does not exist" >&2
        missing=$((missing + 1))
    fi
done
unnamed=0
for path in main.c $(cd "$top" && find board search engine gtp tools regress share doc \
        -name .deps -prune -o -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \
        -o -name '*.am' ! -name Makefile.am \) -print | sort); do
    checked=$((checked + 1))
    if ! printf '%s\n' "$named" | grep -qxF "$path"; then
        echo "$path is not named in HACKING" >&2
        unnamed=$((unnamed + 1))
    fi
done
echo "$((checked - missing - unnamed)) passed, $((missing + unnamed)) failed"
[ "$missing" -eq 0 ] && [ "$unnamed" -eq 0 ]
