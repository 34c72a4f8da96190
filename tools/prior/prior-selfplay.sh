#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Record games of MoHex 2.0 (../shared/opponents) against itself for the
# move prior's learning data, as tools/prior/prior-data/mohex-self/ was made:
# hein-match, 11x11, every cell in turn as Black's first move, each side
# one thread and a fixed number of playouts a move (PLAYOUTS, default
# 5000: g5000-*.sgf; the t02-*.sgf games had max_time 0.2 and the edge
# openings instead), the seeds varying with the game.  A fixed playout
# count makes the games' quality independent of the machine's load.
#
#   prior-selfplay.sh [--games N] [--playouts P] [--jobs J] [--seed-prefix S]
#                     HEIN-MATCH MOHEX OUTDIR
#
# --seed-prefix S (digits) starts every seed with S, so that another batch
# of games numbered from 1 again plays other games (the seeds are
# S1{game} and S2{game}; without it 1{game} and 2{game}).
#
# The games go to OUTDIR (hein-match's game-NNN.sgf); ^C keeps the games
# finished.  Then tools/prior/learn-prior.sh learns from prior-data/ and
# prior-data/mohex-self/.
games=484
playouts=5000
jobs=2
prefix=
while [ $# -gt 3 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --playouts) playouts=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --seed-prefix) prefix=$2; shift 2 ;;
        *) break ;;
    esac
done
if [ $# -ne 3 ]; then
    echo "usage: prior-selfplay.sh [--games N] [--playouts P] [--jobs J] [--seed-prefix S] HEIN-MATCH MOHEX OUTDIR" >&2
    exit 2
fi
referee=$1
mohex=$2
out=$3
for p in "$referee" "$mohex"; do
    [ -x "$p" ] || { echo "prior-selfplay.sh: no program $p" >&2; exit 2; }
done
case $games$playouts$jobs$prefix in
    *[!0-9]*) echo "prior-selfplay.sh: --games, --playouts, --jobs and --seed-prefix want numbers" >&2; exit 2 ;;
esac
mkdir -p "$out" || exit 2
cat >"$out/mohex.htp" <<CFG
param_mohex num_threads 1
param_mohex max_games $playouts
param_mohex max_time 20
param_mohex use_parallel_solver 0
param_mohex ponder 0
param_mohex fillin_map_bits 10
param_game allow_swap 0
CFG
{
    echo "# every cell as Black's first move"
    for r in 1 2 3 4 5 6 7 8 9 10 11; do
        for c in a b c d e f g h i j k; do
            echo "$c$r"
        done
    done
} >"$out/openings.txt"
exec "$referee" -n "$games" -o "$out" --openings "$out/openings.txt" --move-time 30 \
    --tolerance 30 --timeout 60 -j "$jobs" \
    "$mohex --quiet --seed ${prefix}1{game} --use-logfile 0 --config $out/mohex.htp" \
    "$mohex --quiet --seed ${prefix}2{game} --use-logfile 0 --config $out/mohex.htp"
