#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Record hein's self-play games, for training its network on its own moves.

Each game is one hein process playing both colours with the SCNS player
at a fixed number of expansions a move (param_scns max_expansions; the
solver off, no book, no swap), so the games do not depend on the
machine's load.  hein's search has no randomness of its own, so a game's
first --random-moves moves are drawn instead: Black's first is cell
game number mod the board's cells, in row order (a1, b1, ...), the
others cells drawn at random (seeded by the game number) among the empty
ones.  Those moves carry the private property OM[] (an opening move no
player chose), which tools/train/train.py plays but never learns from.
On every later move the script asks `scns-values` for the root's
children, to find the first position the search proved: the move played
a win for the mover (the child's value W), or every move a loss (all L).
That node and every later one (the position stays decided: the winner
plays on with proven wins) get the exact label

  SS[cell 1 v]SV[v]             v = 1.000 where the mover won the game,
                                0.000 where it lost (train.py's format
                                of a search's verdict, weighed as one);

the moves before it are plain (train.py's targets: the move played and
the game's result, weighed --bare-value-weight).  A position the
knowledge decides at once has no search to ask, so a game whose only
proofs are those has no labels.  The game ends when one side connects
or resigns.

    selfplay-hein.py --games 500 --expansions 400 --jobs 2 OUT
    selfplay-hein.py --net CANDIDATE.net --param "param_scns net_weight 1.5" OUT

Needs python3 only, and hein built (engine/hein beside tools/, or --hein).
"""

import argparse
import os
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from selfplay_common import Engine, cell_name, connected, games_to_play, parse_cell, write_game

HERE = os.path.dirname(os.path.abspath(__file__))


def verdict(values, name):
    """1.0 when scns-values shows the move `name` proven won for the
    mover, 0.0 when it shows every move proven lost, else None."""
    tok = values.split()
    pairs = dict(zip(tok[0::2], (v.split(":", 1)[0] for v in tok[1::2])))
    if pairs.get(name) == "W":
        return 1.0
    if pairs and all(v == "L" for v in pairs.values()):
        return 0.0
    return None


def label(g, nodes, verdicts, winner):
    """Give the nodes from the first proven one on (verdicts: {node index:
    the mover's proven value}) the exact label of their mover's result;
    the number labelled.  Every later position is decided too, the side
    that has a proven win playing on with proven wins, so the game's
    result is its value.  A verdict the result contradicts is a warning
    and no labels."""
    if not verdicts:
        return 0
    for i, v in verdicts.items():
        mover = "B" if i % 2 == 0 else "W"
        if (v == 1.0) != (mover == winner):
            print("selfplay-hein: game %d: move %d proven %s for %s, but %s won; no labels"
                  % (g, i + 1, "won" if v else "lost", mover, winner), file=sys.stderr)
            return 0
    first = min(verdicts)
    n = 0
    for i in range(first, len(nodes)):
        if "OM[" in nodes[i]:
            continue
        mover = "B" if i % 2 == 0 else "W"
        name = nodes[i][3:nodes[i].index("]")]
        v = 1.0 if mover == winner else 0.0
        nodes[i] += "SS[%s 1 %.3f]SV[%.3f]" % (name, v, v)
        n += 1
    return n


def play_game(args, g):
    n = args.size * args.size
    seed = int("%s%d" % (args.seed_prefix, g))
    rng = random.Random(seed)
    argv = [args.hein, "--seed", str(seed)]
    if args.net:
        argv += ["--net", args.net]
    eng = Engine(argv)
    board = [["." for _ in range(args.size)] for _ in range(args.size)]
    nodes, colour, winner, verdicts = [], "B", None, {}
    try:
        for line in ["boardsize %d" % args.size, "param_game allow_swap 0",
                     "param_game book 0", "param_game threads 1",
                     "param_game move_time %g" % args.max_seconds,
                     "param_player name scns", "param_player solver 0",
                     "param_scns max_expansions %d" % args.expansions] + args.param:
            eng.cmd(line)
        while winner is None and len(nodes) < n:
            if len(nodes) < args.random_moves:
                if not nodes:
                    cell = divmod(g % n, args.size)
                else:
                    cell = rng.choice([(r, c) for r in range(args.size)
                                       for c in range(args.size) if board[r][c] == "."])
                name = cell_name(*cell)
                node = ";%s[%s]OM[]" % (colour, name)
            else:
                mv = eng.cmd("reg_genmove %s" % colour.lower()).lower()
                if mv == "resign":
                    winner = "B" if colour == "W" else "W"
                    break
                cell = parse_cell(mv, args.size)
                if cell is None or board[cell[0]][cell[1]] != ".":
                    raise RuntimeError("game %d: bad move %s" % (g, mv))
                name = cell_name(*cell)
                node = ";%s[%s]" % (colour, name)
                try:
                    v = verdict(eng.cmd("scns-values"), name)
                except RuntimeError:
                    v = None        # decided without a search
                if v is not None:
                    verdicts[len(nodes)] = v
            nodes.append(node)
            eng.cmd("play %s %s" % (colour.lower(), name))
            board[cell[0]][cell[1]] = colour
            if connected(board, colour, args.size):
                winner = colour
            colour = "B" if colour == "W" else "W"
    finally:
        eng.close()
    if winner is None:
        raise RuntimeError("game %d: no winner after %d moves" % (g, len(nodes)))
    proven = label(g, nodes, verdicts, winner)
    extra = "; " + "; ".join(args.param) if args.param else ""
    header = ("(;FF[4]GM[11]SZ[%d]AP[selfplay-hein.py]PB[hein]PW[hein]RE[%s+]"
              "C[hein self-play, %d expansions a move, seed %d, %d opening moves drawn%s%s.]"
              % (args.size, winner, args.expansions, seed, min(args.random_moves, len(nodes)),
                 ", net " + os.path.basename(args.net) if args.net else "", extra))
    write_game(args.out, g, header, nodes)
    return g, winner, len(nodes), proven


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hein", default=os.path.join(HERE, "..", "..", "engine", "hein"))
    ap.add_argument("--net", help="weights instead of the shipped net (hein --net)")
    ap.add_argument("--param", action="append", default=[],
                    help="an HTP line sent after the set-up, e.g. \"param_scns net_weight 2\"")
    ap.add_argument("--games", type=int, default=121)
    ap.add_argument("--first", type=int, default=0, help="number of the first game")
    ap.add_argument("--expansions", type=int, default=400)
    ap.add_argument("--random-moves", type=int, default=2)
    ap.add_argument("--max-seconds", type=float, default=600,
                    help="a move's time limit, a safety net only")
    ap.add_argument("--size", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed-prefix", default="4")
    ap.add_argument("out")
    args = ap.parse_args()
    if not os.access(args.hein, os.X_OK):
        sys.exit("selfplay-hein: no program %s (build hein, or --hein)" % args.hein)
    if args.net and not os.path.isfile(args.net):
        sys.exit("selfplay-hein: no weight file %s" % args.net)
    if (not args.seed_prefix.isdigit() or args.games < 0 or args.expansions < 1
            or args.jobs < 1 or args.random_moves < 0 or not 2 <= args.size <= 19
            or args.max_seconds <= 0):
        sys.exit("selfplay-hein: --seed-prefix, --games, --expansions, --jobs, "
                 "--random-moves and --max-seconds want positive numbers, --size 2..19")
    os.makedirs(args.out, exist_ok=True)
    games = games_to_play(args.out, args.first, args.games)
    t0 = time.time()
    with ThreadPoolExecutor(args.jobs) as ex:
        for g, winner, n, proven in ex.map(lambda g: play_game(args, g), games):
            print("game %d: %s+ in %d moves, %d proven (%.0f s)"
                  % (g, winner, n, proven, time.time() - t0), flush=True)


if __name__ == "__main__":
    main()
