#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# How fast hein answers a command that arrives while it ponders: on an
# 11x11 game, genmove at SECONDS a move, wait WAIT seconds (hein ponders
# meanwhile with --ponder), then time the answer to `name`; the same
# without pondering for comparison.  Prints each answer's milliseconds
# and their mean.  A benchmark: it asserts nothing.
#
# usage: tools/bench/ponder-latency.sh [--hein PATH] [--moves N]
#            [--seconds S] [--wait W]
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/htp.sh
. "$(dirname "$0")/../lib/htp.sh"
hein=$here/engine/hein
moves=8
seconds=1
wait=2
while [ $# -gt 0 ]; do
    case $1 in
        --hein) hein=$2; shift 2 ;;
        --moves) moves=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --wait) wait=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "ponder-latency.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -x "$hein" ] || { echo "ponder-latency.sh: no engine at $hein" >&2; exit 2; }

run() {
    local label=$1
    shift
    coproc HTP { "$hein" "$@" 2>/dev/null; }
    reply=
    htp_ask "boardsize 11"
    htp_ask "param_game move_time $seconds"
    local total=0 list=
    for ((i = 0; i < moves; i++)); do
        htp_ask "genmove b"
        sleep "$wait"
        local t0 t1
        t0=$(date +%s%N)
        htp_ask "name"
        t1=$(date +%s%N)
        local us=$(((t1 - t0) / 1000))
        total=$((total + us))
        list+=" $(printf '%d.%03d' $((us / 1000)) $((us % 1000)))"
        htp_ask "all_legal_moves w"
        set -- $reply
        htp_ask "play w $2"
    done
    htp_ask quit
    wait "$HTP_PID" 2>/dev/null
    local mean=$((total / moves))
    printf '%-12s answer ms:%s; mean %d.%03d ms\n' "$label" "$list" $((mean / 1000)) $((mean % 1000))
}
run "no ponder"
run "ponder" --ponder
