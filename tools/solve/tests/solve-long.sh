#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-solve (make check-long): a 7x7 position solved from scratch, then
# again with checkpoints every 0.01 minutes (0.6 s), killed with SIGKILL
# at random moments (KILLS times, 0.6 to 1.3 s after each start) and
# resumed each time; the end must give the same winner and reply, the
# last run must finish with less work than a solve from scratch, and the
# work of every run as checkpointed (the restarts included) must stay
# below 1.5 times the scratch work; the last run writes the proof
# certificate (--proof), which ./hein-verify must accept.  The figures are
# printed.
#
# Usage: solve-long.sh [MOVES [KILLS]]   (default "a2" and 4: White to
# move after Black's a2 on 7x7, about 3 s of solving on an idle core and
# 6 647 expansions; White wins, and the certificate, 17 MB, takes about
# 90 s to write)
watchdog=900
. "$srcdir/lib/tests/lib.sh"

solve=./hein-solve
verify=./hein-verify
need_program "$solve"
need_program "$verify"
moves=${1:-a2}
kills=${2:-4}

# field FILE: the "position" row of a result table.
row() {
    grep '^position ' "$1" | awk '{ print $2, $3 }'
}
expansions() {
    grep '^position ' "$1" | awk '{ print $5 }'
}

t0=$(date +%s.%N)
run_tool "from scratch" "$solve" --board 7 --moves "$moves" -q
expect_status 0
t1=$(date +%s.%N)
want=$(row "$tmp/out")
scratch=$(expansions "$tmp/out")
echo "7x7 after $moves from scratch: $want, $scratch expansions, $(awk -v a=$t0 -v b=$t1 'BEGIN { printf "%.1f", b - a }') s"

ckpt=$tmp/long.ckpt
rm -f "$ckpt"
k=0
killed=0
while [ $k -lt "$kills" ]; do
    k=$((k + 1))
    # a random moment: 600 to 1299 ms (the first checkpoint comes 0.6 s in)
    ms=$(( ( $(od -An -N2 -tu2 /dev/urandom) % 700 ) + 600 ))
    if [ -s "$ckpt" ]; then
        "$solve" --resume "$ckpt" -q >"$tmp/k.out" 2>"$tmp/k.err" &
    else
        "$solve" --board 7 --moves "$moves" --checkpoint "$ckpt" --every 0.01 -q \
            >"$tmp/k.out" 2>"$tmp/k.err" &
    fi
    pid=$!
    sleep "$(awk -v ms=$ms 'BEGIN { printf "%.3f", ms / 1000 }')"
    if kill -9 $pid 2>/dev/null; then
        killed=$((killed + 1))
        wait $pid 2>/dev/null
        before=$(grep -a '^item ' "$ckpt" 2>/dev/null | awk '{ print $4, $7 " s", $8 " expansions" }')
        echo "run $k killed after $ms ms: checkpoint holds: ${before:-none}"
    else
        wait $pid 2>/dev/null
        echo "run $k ended by itself before $ms ms"
        break
    fi
done
rm -f "$tmp"/long.ckpt.tmp*
saved=0
[ -s "$ckpt" ] && saved=$(grep -a '^item ' "$ckpt" | awk '{ print $8 }')
if [ -s "$ckpt" ]; then
    run_tool "resumed at the end" "$solve" --resume "$ckpt" --proof "$tmp/long.cert" -q
else
    run_tool "no checkpoint yet: from the start" "$solve" --board 7 --moves "$moves" \
        --checkpoint "$ckpt" --proof "$tmp/long.cert" -q
fi
expect_status 0
got=$(row "$tmp/out")
total=$(expansions "$tmp/out")
last=$((total - saved))
echo "7x7 after $moves killed $killed times and resumed: $got; the checkpoint held" \
    "$saved expansions, the last run took $last to finish; $total in all runs as" \
    "checkpointed (from scratch: $scratch)"
[ "$got" = "$want" ] || fail "the resumed solve says '$got', from scratch '$want'"
[ "$killed" -ge 1 ] || fail "never killed: the solve was too quick"
[ "$last" -lt "$scratch" ] || fail "finishing from the checkpoint took $last expansions, from scratch $scratch"
# the work lost to the kills is what was done after each run's last
# checkpoint; the checkpoints every 0.6 s bound it by the kills' count
# times 0.6 s of expansions, so the total may exceed the scratch work by
# that, never by more than half of it again
limit=$((scratch + scratch / 2))
[ "$total" -le "$limit" ] || fail "total work $total is above 1.5 x the scratch work $scratch"
[ -s "$tmp/long.cert" ] || fail "the last run wrote no proof certificate"
if "$verify" "$tmp/long.cert" >"$tmp/verify.out" 2>&1; then
    echo "its proof certificate: $(wc -c <"$tmp/long.cert") bytes, $(tail -n 2 "$tmp/verify.out" | tr '\n' ' ')"
else
    fail "hein-verify rejects the resumed solve's certificate: $(tail -n 1 "$tmp/verify.out")"
fi
finish
