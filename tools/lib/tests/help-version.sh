#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Every tool built here answers -h and --help with its usage on stdout,
# and -V and --version with "PROG (hein) VERSION", each with status 0.
set -u
failed=0
n=0
for prog in $(printf '%s\n' $PROGRAMS | sort -u); do
    name=$(basename "$prog")
    for o in -h --help; do
        n=$((n + 1))
        out=$("./$prog" "$o" 2>/dev/null </dev/null); st=$?
        case $out in
            [Uu]sage:*" $name"*) [ $st -eq 0 ] && continue ;;
        esac
        echo "FAILED: $name $o (status $st): $(printf '%s\n' "$out" | head -n 1)"
        failed=$((failed + 1))
    done
    for o in -V --version; do
        n=$((n + 1))
        out=$("./$prog" "$o" 2>/dev/null </dev/null); st=$?
        if [ $st -ne 0 ] || ! printf '%s\n' "$out" | grep -qE "^$name \(hein\) [0-9]"; then
            echo "FAILED: $name $o (status $st): $(printf '%s\n' "$out" | head -n 1)"
            failed=$((failed + 1))
        fi
    done
done
echo "$((n - failed)) passed, $failed failed"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
