#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Record MoHex 2.0 self-play games with its search's verdict on every move.

Each game is one MoHex process playing both colours at a fixed playout
count (so the games do not depend on the machine's load).  Black's first
move is game number mod 121 in row order (a1, b1, ... k11), then MoHex
plays on until one side connects or resigns.  After each of its moves the
script asks `mohex-values` for the root's children and writes into the
move's SGF node:

  SS[cell count value ...]       the search's playouts per move and the
                                 mover's winning chance after it, MoHex's
                                 mean over its playouts (counts of 1000
                                 and more are printed by MoHex in
                                 thousands; the largest one is then the
                                 rest of the playouts; 1 or 0 a move
                                 MoHex reports proven);
  SV[x]                          the mover's winning chance after the
                                 move, MoHex's mean over the move's
                                 playouts (0..1); SV[1] or SV[0] where
                                 MoHex reports the move proven.

A move MoHex chose without a search (a proven position) has neither.
tools/train/train.py reads the counts as a soft policy target and SV as
the value target.

    selfplay-mohex.py --mohex MOHEX --games 600 --jobs 2 --seed-prefix 6 OUT

Needs python3 only; MoHex from ../shared/opponents/build-mohex.sh.
"""

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from selfplay_common import Engine, cell_name, connected, games_to_play, parse_cell, write_game

SIZE = 11


def counts_of(values, playouts):
    """{cell: playouts} and {cell: mover's value} from mohex-values."""
    tok = values.split()
    counts, vals = {}, {}
    big = []
    for name, v in zip(tok[0::2], tok[1::2]):
        if v == "0":
            continue
        if "@" not in v:
            continue
        x, n = v.split("@", 1)
        if n.endswith("k"):
            cnt = int(n[:-1]) * 1000
            big.append(name)
        elif n.endswith("m"):
            cnt = int(float(n[:-1]) * 1e6)
            big.append(name)
        else:
            cnt = int(n)
        if cnt <= 0:
            continue
        counts[name] = cnt
        # mohex-values prints the root mover's chance; W/L a proven move
        # (W: the move wins for the mover)
        vals[name] = 1.0 if x == "W" else 0.0 if x == "L" else float(x)
    if len(big) == 1:
        rest = sum(c for k, c in counts.items() if k != big[0])
        counts[big[0]] = max(counts[big[0]], playouts - rest)
    return counts, vals


def play_game(args, g):
    first = g % (SIZE * SIZE)
    r0, c0 = divmod(first, SIZE)
    seed = int("%s%d" % (args.seed_prefix, g))
    eng = Engine([args.mohex, "--quiet", "--use-logfile", "0", "--seed", str(seed)])
    try:
        for line in ("param_mohex num_threads 1", "param_mohex max_games %d" % args.playouts,
                     "param_mohex max_time 20", "param_mohex use_parallel_solver 0",
                     "param_mohex ponder 0", "param_mohex fillin_map_bits 10",
                     "param_mohex reuse_subtree 0",
                     "param_game allow_swap 0", "boardsize %d" % SIZE):
            eng.cmd(line)
        board = [["." for _ in range(SIZE)] for _ in range(SIZE)]
        nodes = [";B[%s]" % cell_name(r0, c0)]
        eng.cmd("play b %s" % cell_name(r0, c0))
        board[r0][c0] = "B"
        colour, winner = "W", None
        while winner is None:
            # reg_genmove searches without playing, so that mohex-values
            # lists this position's moves (after genmove it lists the
            # replies to the move)
            mv = eng.cmd("reg_genmove %s" % colour.lower()).lower()
            if mv == "resign":
                winner = "B" if colour == "W" else "W"
                break
            cell = parse_cell(mv, SIZE)
            if cell is None or board[cell[0]][cell[1]] != ".":
                raise RuntimeError("game %d: bad move %s" % (g, mv))
            node = ";%s[%s]" % (colour, cell_name(*cell))
            try:
                counts, vals = counts_of(eng.cmd("mohex-values"), args.playouts)
            except RuntimeError:
                counts, vals = {}, {}
            name = cell_name(*cell)
            if counts and name in counts and sum(counts.values()) >= args.playouts // 2:
                node += "SS[%s]" % " ".join("%s %d %.3f" % (k, n, vals[k]) for k, n in
                                           sorted(counts.items(), key=lambda kv: -kv[1]))
                node += "SV[%.3f]" % vals[name]
            nodes.append(node)
            eng.cmd("play %s %s" % (colour.lower(), name))
            board[cell[0]][cell[1]] = colour
            if connected(board, colour, SIZE):
                winner = colour
            colour = "B" if colour == "W" else "W"
    finally:
        eng.close()
    header = ("(;FF[4]GM[11]SZ[%d]AP[selfplay-mohex.py]PB[MoHex 2.0]PW[MoHex 2.0]RE[%s+]"
              "C[MoHex 2.0 self-play, %d playouts a move, seed %d, Black's first move %s.]"
              % (SIZE, winner, args.playouts, seed, cell_name(r0, c0)))
    write_game(args.out, g, header, nodes)
    return g, winner, len(nodes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mohex", required=True)
    ap.add_argument("--games", type=int, default=121)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--playouts", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed-prefix", default="6")
    ap.add_argument("out")
    args = ap.parse_args()
    if not os.access(args.mohex, os.X_OK):
        sys.exit("selfplay-mohex: no program %s" % args.mohex)
    if not args.seed_prefix.isdigit() or args.games < 0 or args.playouts < 1 or args.jobs < 1:
        sys.exit("selfplay-mohex: --seed-prefix, --games, --playouts and --jobs want "
                 "positive numbers")
    os.makedirs(args.out, exist_ok=True)
    games = games_to_play(args.out, args.first, args.games)
    t0 = time.time()
    with ThreadPoolExecutor(args.jobs) as ex:
        for g, winner, n in ex.map(lambda g: play_game(args, g), games):
            print("game %d: %s+ in %d moves (%.0f s)" % (g, winner, n, time.time() - t0),
                  flush=True)


if __name__ == "__main__":
    main()
