#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# verify-long.sh VERIFY HEIN [SIZE...]: every first move of each board size
# (default 6 and 7: the 36 6x6 and 49 7x7 openings of
# ../shared/regress-data/dfpn-solve-6x6.tst and -7x7.tst) solved by HEIN,
# its certificate written (dfpn-save-proof) and checked by VERIFY.  Prints
# one line per opening (winner, game and connection nodes, bytes, seconds
# to solve and write, seconds to verify) and a total per size; exits 1
# when any certificate is not written or not verified.  make check-long.
set -u
if [ $# -lt 2 ]; then
    echo "usage: verify-long.sh VERIFY HEIN [SIZE...]" >&2
    exit 2
fi
verify=$1 hein=$2
shift 2
[ $# -gt 0 ] || set -- 6 7
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0
for n in "$@"; do
    : >"$tmp/cmds"
    echo "boardsize $n $n" >>"$tmp/cmds"
    r=1
    while [ $r -le "$n" ]; do
        for c in $(echo a b c d e f g h i j k l m n o p q r s | cut -d' ' -f1-"$n"); do
            printf 'clear_board\nplay b %s%d\ndfpn-save-proof %s/%s%d.cert\n' \
                "$c" "$r" "$tmp" "$c" "$r" >>"$tmp/cmds"
        done
        r=$((r + 1))
    done
    echo quit >>"$tmp/cmds"
    "$hein" -c "$tmp/cmds" 2>"$tmp/log" >/dev/null || {
        echo "verify-long: hein failed on ${n}x$n:"; tail -n 3 "$tmp/log"; status=1; continue; }
    grep '^dfpn-save-proof:' "$tmp/log" >"$tmp/lines"
    echo "${n}x$n: opening winner game-nodes conn-nodes bytes write-s verify-s"
    i=0 tb=0 tg=0 tc=0 tw=0 tv=0 bad=0
    r=1
    while [ $r -le "$n" ]; do
        for c in $(echo a b c d e f g h i j k l m n o p q r s | cut -d' ' -f1-"$n"); do
            i=$((i + 1))
            line=$(sed -n "${i}p" "$tmp/lines")
            set -- $line
            # dfpn-save-proof: W wins; G game nodes (V connection leaves, K covers),
            # C connection nodes, B bytes, S solves, T s
            win=$2 g=$4 cn=${12} b=${15} ws=${19}
            out=$("$verify" "$tmp/$c$r.cert"); vst=$?
            vs=$(printf '%s\n' "$out" | sed -n 's/^checked .* in \([0-9.]*\) s.*$/\1/p')
            verdict=$(printf '%s\n' "$out" | tail -n 1)
            [ $vst -eq 0 ] || { bad=$((bad + 1)); status=1; }
            printf '  %-4s %-5s %6s %8s %9s %7s %7s  %s\n' "$c$r" "$win" "$g" "$cn" "$b" "$ws" \
                "$vs" "$verdict"
            tg=$((tg + g)); tc=$((tc + cn)); tb=$((tb + b))
            tw=$(awk "BEGIN { print $tw + $ws }"); tv=$(awk "BEGIN { print $tv + ${vs:-0} }")
            rm -f "$tmp/$c$r.cert"
        done
        r=$((r + 1))
    done
    printf '%dx%d total: %d openings, %d rejected; %d game nodes, %d connection nodes, %d bytes; write %s s, verify %s s\n' \
        "$n" "$n" "$i" "$bad" "$tg" "$tc" "$tb" "$tw" "$tv"
done
exit $status
