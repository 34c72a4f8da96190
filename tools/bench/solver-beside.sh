#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The solver with the player on endgame positions: for every puzzle of the
# given .tst files whose side to move wins (dfpn-solve-state answers that
# colour, or dfpn-solver-find-winning lists a move), genmove for that side
# at SECONDS a move under each param_player solver mode, and whether the
# answer keeps the win (the solver proves the position after it lost for
# the opponent).  Prints one line per puzzle and the count per mode.
#
# usage: tools/bench/solver-beside.sh [--hein PATH] [--seconds S]
#            [--threads N] [--modes "0 auto"] FILE.tst...
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/htp.sh
. "$(dirname "$0")/../lib/htp.sh"
hein=$here/engine/hein
seconds=1
threads=1
modes="0 auto"
while [ $# -gt 0 ]; do
    case $1 in
        --hein) hein=$2; shift 2 ;;
        --seconds) seconds=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --modes) modes=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "solver-beside.sh: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "solver-beside.sh: no .tst file" >&2; exit 2; }
[ -x "$hein" ] || { echo "solver-beside.sh: no engine at $hein" >&2; exit 2; }

coproc HTP { "$hein" --threads "$threads" 2>/dev/null; }

# puzzles: name|colour|setup commands joined by ';'
puzzles=$(awk '
    /^boardsize/ { setup = $0; next }
    /^(play|dfpn-clear-tt)/ { if (setup != "") setup = setup ";" $0; next }
    /^[0-9]+ dfpn-(solve-state|solver-find-winning) (black|white)/ {
        cmd = $2; col = $3; getline want
        sub(/^#\? \[/, "", want); sub(/\].*$/, "", want)
        win = (cmd == "dfpn-solve-state") ? (want == col) : (want != "")
        if (win && setup != "") printf "%s:%s|%s|%s\n", FILENAME, $1, col, setup
    }' "$@")

declare -A kept
for m in $modes; do kept[$m]=0; done
n=0
while IFS='|' read -r name col setup; do
    [ -n "$name" ] || continue
    n=$((n + 1))
    other=white; [ "$col" = white ] && other=black
    line="$name $col:"
    for m in $modes; do
        IFS=';' read -ra cmds <<< "$setup"
        htp_ask "${cmds[0]}"
        htp_ask "dfpn-clear-tt"
        for c in "${cmds[@]:1}"; do htp_ask "$c"; done
        htp_ask "param_player solver $m"
        htp_ask "param_game move_time $seconds"
        htp_ask "genmove $col"
        move=${reply#= }
        htp_ask "dfpn-solve-state $other"
        if [ "${reply#= }" = "$col" ]; then
            kept[$m]=$((kept[$m] + 1)); line+=" $m=$move(win)"
        else
            line+=" $m=$move(LOST)"
        fi
    done
    echo "$line"
done <<< "$puzzles"
htp_ask quit
printf 'winning answers out of %d (%s s a move, %d thread(s)):' "$n" "$seconds" "$threads"
for m in $modes; do printf ' solver %s %d' "$m" "${kept[$m]}"; done
echo
