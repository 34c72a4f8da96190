#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Train hein's policy and value network (board/net.h) on SGF games.

The network, its input planes and the weight file are defined in
board/net.h and doc/net-format.md; this script builds the same network in
torch (batch norm while training, folded into the convolutions when the
weights are written), trains it on the positions of SGF game records, and
writes the weight file and, beside it, torch's outputs on a fixed set of
positions of many board sizes (the reference board/tests/test_net.c checks
hein's forward pass against).

Training positions: every position of a game before a move on the board
(a swap is no target), read for the side to move, each also turned 180
degrees.  Where the record has the search's verdict on the move
(tools/train/selfplay-mohex.py's SS and SV properties: MoHex's playouts
and values of the moves it tried) the policy target is the playouts'
share of each move (--search-weight), the value target the search's
value of the move played (--result-weight mixes in the game's result),
and the move-value head (format version 2, --format) learns the value of
each move tried, weighed by its playouts n as n / (n + 16), and, weighed
--unsearched-weight, that a move not tried is no better than the worst
tried.  Elsewhere the policy target is the move played and the value
target the game's result for the mover (RE[B+] or RE[W+]), weighed
--bare-value-weight.

    train.py --steps 2000 --out share/net/hein.net tools/prior/prior-data
    train.py --init-only --out /tmp/x.net          (random weights)
    train.py --reference-only --out share/net/hein.net   (its reference again)

Needs python3-torch and python3-numpy (Debian); CPU only.  A tenth of the
games (--holdout) is held back and measured after training (losses and
top-1: the share of positions where the policy's best cell is the move
played).  The losses are cross entropies: the policy's against its target
distribution, the value's and the move values' against their targets.

The shipped share/net/hein.net (format 2: 6 blocks x 32 channels, value
head 32 x 64, 116611 parameters) was trained for ten minutes (596 s) on
the 2-core development machine (torch 1.13, 2 threads, while MoHex
self-play ran beside it at a lower priority): the 11x11 games of
tools/prior/prior-data (hein against MoHex 2.0),
tools/prior/prior-data/mohex-self and tools/train/games' batches a, c
and d (MoHex 2.0 against itself, the move played and the result) and
mohex-sv2000-a (105 games of MoHex 2.0 against itself with its search's
playouts and values, tools/train/selfplay-mohex.py, about 9 games a
minute on two idle cores); 5 % of the games held back; 4000 steps of
128; the value loss of the positions without a search value weighed 0.1
(their targets are the games' results, which a net of this size learns
by heart):

    python3 tools/train/train.py --steps 4000 --threads 2 --holdout 0.05 \
        --value-channels 32 --value-hidden 64 --bare-value-weight 0.1 \
        --out share/net/hein.net \
        tools/prior/prior-data tools/prior/prior-data/mohex-self \
        tools/train/games/mohex-p2000-a.tar.xz \
        tools/train/games/mohex-p2000-c.tar.xz \
        tools/train/games/mohex-p2000-d.tar.xz \
        tools/train/games/mohex-sv2000-a.tar.xz

On the games held back (6492 positions): policy loss 1.316, top-1
64.5 %; value loss 0.465; move-value loss 0.675 (cross entropies against
soft targets: 0.693 is a coin for targets of 1/2).  The same with
mohex-sv2000-b too and 8000 steps (16 minutes) predicted as well (top-1
66.3 % on its held-back games) but lost matches the first won (README);
so did the same recipe with mohex-sv2000-b and -c and 5000 steps (1384
games, 11 minutes on two idle cores, torch 1.13: held back 7810
positions, policy loss 1.323, top-1 65.2 %, value loss 0.485, move-value
loss 0.675; 34 of 72 games against the shipped net at 200 expansions a
move).
"""

import argparse
import os
import re
import struct
import sys
import tarfile
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

PLANES = 8
# Version 1: policy and value heads; version 2 adds the move-value head.
FORMAT_VERSION = 2
MAGIC = b"HEINNET\0"
MINE, THEIRS = 1, 2
BLACK, WHITE = 1, 2
# The ring's directions in circular order (column, row): board/net.h.
DIR_C = (1, 1, 0, -1, -1, 0)
DIR_R = (0, -1, -1, 0, 1, 1)


# ---------------------------------------------------------------- planes

def frame(board, mover):
    """The board (rows x cols array of 0, BLACK, WHITE) in the mover's
    frame: transposed for White, 0 / MINE / THEIRS."""
    b = board.T if mover == WHITE else board
    f = np.zeros(b.shape, dtype=np.int8)
    f[b == mover] = MINE
    f[(b != mover) & (b != 0)] = THEIRS
    return f


def planes_of_frame(f):
    """The NET_PLANES input planes (uint8, PLANES x rows+2 x cols+2) of a
    frame, as board/net.c's frame_planes makes them."""
    hn, wn = f.shape
    rows, cols = hn + 2, wn + 2
    owner = np.zeros((rows, cols), dtype=np.int8)
    owner[0, :] = MINE
    owner[-1, :] = MINE
    owner[1:-1, 0] = THEIRS
    owner[1:-1, -1] = THEIRS
    owner[1:-1, 1:-1] = f
    on = np.zeros((rows, cols), dtype=bool)
    on[1:-1, 1:-1] = True
    p = np.zeros((PLANES, rows, cols), dtype=np.uint8)
    p[0] = owner == MINE
    p[1] = owner == THEIRS
    p[2] = on & (owner == 0)
    p[3] = on
    nb = [owner[1 + dr:1 + dr + hn, 1 + dc:1 + dc + wn] for dc, dr in zip(DIR_C, DIR_R)]
    non = [on[1 + dr:1 + dr + hn, 1 + dc:1 + dc + wn] for dc, dr in zip(DIR_C, DIR_R)]
    empty = f == 0
    for i in range(6):
        a, d, b = nb[i], nb[(i + 1) % 6], nb[(i + 2) % 6]
        ok = empty & (a == b) & (a != 0) & (non[i] | non[(i + 2) % 6]) & non[(i + 1) % 6]
        for own, carrier, save in ((MINE, 4, 5), (THEIRS, 6, 7)):
            o = ok & (a == own)
            p[carrier, 1:-1, 1:-1] |= o & (d == 0)
            p[save, 1:-1, 1:-1] |= o & (d != 0) & (d != own)
    return p


def planes(board, mover):
    return planes_of_frame(frame(board, mover))


# ---------------------------------------------------------------- the net

class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        return F.relu(x + self.bn2(self.conv2(h)))


class Net(nn.Module):
    """board/net.h's network with batch norm (folded at export)."""

    def __init__(self, blocks, channels, value_channels, value_hidden, move_values=True):
        super().__init__()
        self.shape = (blocks, channels, value_channels, value_hidden)
        self.version = 2 if move_values else 1
        self.inp = nn.Conv2d(PLANES, channels, 3, padding=1, bias=False)
        self.inp_bn = nn.BatchNorm2d(channels)
        self.blocks = nn.ModuleList([Block(channels) for _ in range(blocks)])
        self.policy = nn.Conv2d(channels, 1, 1)
        self.moveval = nn.Conv2d(channels, 1, 1) if move_values else None
        self.value = nn.Conv2d(channels, value_channels, 1, bias=False)
        self.value_bn = nn.BatchNorm2d(value_channels)
        self.fc1 = nn.Linear(value_channels, value_hidden)
        self.fc2 = nn.Linear(value_hidden, 1)

    def forward(self, x):
        """Policy logits (N x rows x cols), the value's logit (N) and the
        move values' logits (N x rows x cols, None without the head)."""
        mask = x[:, 3:4]
        h = F.relu(self.inp_bn(self.inp(x)))
        for b in self.blocks:
            h = b(h)
        logits = self.policy(h)[:, 0]
        q = self.moveval(h)[:, 0] if self.moveval is not None else None
        v = F.relu(self.value_bn(self.value(h)))
        v = (v * mask).sum((2, 3)) / mask.sum((2, 3))
        v = self.fc2(F.relu(self.fc1(v)))[:, 0]
        return logits, v, q


def fold(conv, bn):
    """A convolution and the batch norm after it as one weight and bias."""
    scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    w = conv.weight * scale.reshape(-1, 1, 1, 1)
    b = bn.bias - bn.running_mean * scale
    if conv.bias is not None:
        b = b + conv.bias * scale
    return w.detach().clone(), b.detach().clone()


def folded_tensors(net):
    """The weight file's tensors in its order (board/net.h)."""
    t = [fold(net.inp, net.inp_bn)]
    for b in net.blocks:
        t.append(fold(b.conv1, b.bn1))
        t.append(fold(b.conv2, b.bn2))
    t.append((net.policy.weight.detach().clone(), net.policy.bias.detach().clone()))
    if net.moveval is not None:
        t.append((net.moveval.weight.detach().clone(), net.moveval.bias.detach().clone()))
    t.append(fold(net.value, net.value_bn))
    t.append((net.fc1.weight.detach().clone(), net.fc1.bias.detach().clone()))
    t.append((net.fc2.weight.detach().clone(), net.fc2.bias.detach().clone()))
    return t


def folded_forward(t, x, version):
    """The folded network, as board/net.c evaluates it: policy logits, the
    value (a probability) and the move values (probabilities; None in
    version 1)."""
    mask = x[:, 3:4]
    h = F.relu(F.conv2d(x, t[0][0], t[0][1], padding=1))
    heads = 6 if version >= 2 else 5
    nblocks = (len(t) - heads) // 2
    for i in range(nblocks):
        w1, b1 = t[1 + 2 * i]
        w2, b2 = t[2 + 2 * i]
        y = F.relu(F.conv2d(h, w1, b1, padding=1))
        h = F.relu(h + F.conv2d(y, w2, b2, padding=1))
    pw, pb = t[-heads + 1]
    logits = F.conv2d(h, pw, pb)[:, 0]
    q = torch.sigmoid(F.conv2d(h, *t[-4])[:, 0]) if version >= 2 else None
    vw, vb = t[-3]
    v = F.relu(F.conv2d(h, vw, vb))
    v = (v * mask).sum((2, 3)) / mask.sum((2, 3))
    v = F.relu(F.linear(v, *t[-2]))
    v = torch.sigmoid(F.linear(v, *t[-1]))[:, 0]
    return logits, v, q


def fnv1a(data, h=0xcbf29ce484222325):
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_weights(path, net, tensors, sizes):
    blocks, channels, vch, vhid = net.shape
    payload = b"".join(
        w.numpy().astype("<f4").tobytes() + b.numpy().astype("<f4").tobytes()
        for w, b in tensors)
    head = MAGIC + struct.pack("<8IQ", net.version, PLANES, blocks, channels, vch, vhid,
                               sizes[0], sizes[1], len(payload))
    assert len(head) == 48
    head += struct.pack("<Q", fnv1a(payload, fnv1a(head)))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(head + payload)
    os.replace(tmp, path)
    return len(head) + len(payload)


# ---------------------------------------------------------------- the data

def cell_of(name, w, h):
    m = re.fullmatch(r"([a-s])([1-9][0-9]?)", name.lower())
    if not m:
        return None
    c, r = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    return (r, c) if c < w and r < h else None


# A move's search in read_sgf's list where the record marks it OM[], an
# opening move no player chose (selfplay-hein.py draws them): played,
# never a target.
OPENING = "opening"

NODE = re.compile(r";\s*([BW])\[([^\]]*)\]((?:\s*[A-Z]+\[[^\]]*\])*)")


def read_sgf(text):
    """(width, height, moves, winner) of a game from its SGF text: moves
    are (colour, (row, col), search) or (colour, None, None) for a swap,
    search being None, OPENING (a drawn opening move, OM[]) or (counts,
    value, values): the playouts per cell {(row, col): n} and the mover's
    value of selfplay-mohex.py's SS and SV properties; None when the text is no game this reads (set-up stones,
    no result, a bad move)."""
    m = re.search(r"SZ\[(\d+)(?::(\d+))?\]", text)
    w = int(m.group(1)) if m else 11
    h = int(m.group(2)) if m and m.group(2) else w
    r = re.search(r"RE\[([BW])\+", text)
    if not r or re.search(r"A[BWE]\[", text) or not 1 <= w <= 19 or not 1 <= h <= 19:
        return None
    winner = BLACK if r.group(1) == "B" else WHITE
    moves = []
    for colour, mv, props in NODE.findall(text):
        col = BLACK if colour == "B" else WHITE
        if mv.lower() in ("swap-pieces", "swap"):
            moves.append((col, None, None))
            continue
        cell = cell_of(mv, w, h)
        if cell is None:
            if mv.lower() == "resign":
                break
            return None
        moves.append((col, cell, OPENING if "OM[" in props else search_of(props, w, h)))
    return w, h, moves, winner


def search_of(props, w, h):
    """(counts, value, values) of a node's SS and SV properties, or None:
    the playouts per cell, the mover's value after the move played, and
    the mover's value after each cell searched ({} where SS has no
    values)."""
    ss = re.search(r"SS\[([^\]]*)\]", props)
    sv = re.search(r"SV\[([0-9.]+)\]", props)
    if not ss or not sv:
        return None
    tok = ss.group(1).split()
    triples = len(tok) % 3 == 0 and all("." in t for t in tok[2::3])
    step = 3 if triples else 2
    counts, values = {}, {}
    for i in range(0, len(tok) - step + 1, step):
        cell = cell_of(tok[i], w, h)
        if cell is None or not tok[i + 1].isdigit():
            return None
        counts[cell] = int(tok[i + 1])
        if triples:
            x = float(tok[i + 2])
            if not 0 <= x <= 1:
                return None
            values[cell] = x
    v = float(sv.group(1))
    if not counts or not 0 <= v <= 1:
        return None
    return counts, v, values


def game_positions(game):
    """(board, mover, move, result, search) of each position before a
    board move but a drawn opening move (OPENING: played, no position):
    result 1 when the mover won the game, search the move's (counts,
    value, values) or None.  From the first move the search
    reports proven (value 0 or 1) on, the game is decided: the value is
    the game's result there."""
    w, h, moves, winner = game
    board = np.zeros((h, w), dtype=np.int8)
    out = []
    decided = False
    for col, cell, search in moves:
        if cell is None:
            continue
        if board[cell] != 0:
            break
        if search is OPENING:
            board[cell] = col
            continue
        if search and any(board[c] != 0 for c in search[0]):
            search = None
        if search and search[1] in (0.0, 1.0):
            decided = True
        if search and decided:
            search = (search[0], 1.0 if col == winner else 0.0, search[2])
        out.append((board.copy(), col, cell, 1.0 if col == winner else 0.0, search))
        board[cell] = col
    return out


def grid_index(shape, mover, cell):
    """A board cell's index in the flattened grid of the mover's frame
    (ring included) of a board of shape (rows, cols)."""
    r, c = cell
    if mover == WHITE:
        r, c = c, r
    cols = (shape[0] if mover == WHITE else shape[1]) + 2
    return (r + 1) * cols + (c + 1)


# The move-value target's weight for a cell searched n playouts: n / (n + K).
MOVEVAL_K = 16


def dataset(games, search_weight, result_weight, unsearched_weight=0.0, bare_weight=1.0):
    """Planes, policy targets (a distribution over the grid), value
    targets, played moves, move-value targets and their weights (over the
    grid) of every position and its half turn, grouped by grid shape.  The
    policy target is the search's playouts where the record has them
    (search_weight of it, the rest on the move played), else the move
    played; the value target the search's value where the record has one
    (result_weight of it the game's result), else the result; the move
    values the search's value of each cell it searched, weighed by its
    playouts (n / (n + MOVEVAL_K)), and on every other empty cell the
    least of those values weighed by unsearched_weight (a move the search
    did not try is taken to be no better than the worst it tried).  The
    value loss of a position without the search's value (the result
    alone) is weighed bare_weight, the others 1."""
    by_shape = {}
    for g in games:
        for board, mover, cell, result, search in game_positions(g):
            h, w = board.shape
            for turn in (False, True):
                b = board[::-1, ::-1] if turn else board
                rot = (lambda q: (h - 1 - q[0], w - 1 - q[1])) if turn else (lambda q: q)
                p = planes(np.ascontiguousarray(b), mover)
                t = np.zeros(p.shape[1] * p.shape[2], dtype=np.float32)
                qt = np.zeros(p.shape[1] * p.shape[2], dtype=np.float16)
                qw = np.zeros(p.shape[1] * p.shape[2], dtype=np.float16)
                played = grid_index((h, w), mover, rot(cell))
                value, vw = result, bare_weight
                if search:
                    vw = 1.0
                    counts, v, values = search
                    total = sum(counts.values())
                    for q, n in counts.items():
                        i = grid_index((h, w), mover, rot(q))
                        t[i] += search_weight * n / total
                        if q in values:
                            qt[i] = values[q]
                            qw[i] = n / (n + MOVEVAL_K)
                    if values and unsearched_weight > 0:
                        rest = (p[2].reshape(-1) == 1) & (qw == 0)
                        qt[rest] = min(values.values())
                        qw[rest] = unsearched_weight
                    t[played] += 1 - search_weight
                    value = result_weight * result + (1 - result_weight) * v
                else:
                    t[played] = 1
                lists = by_shape.setdefault(p.shape, ([], [], [], [], [], [], []))
                for k, x in enumerate((p, t, value, played, qt, qw, vw)):
                    lists[k].append(x)
    return {s: (torch.from_numpy(np.stack(a)), torch.from_numpy(np.stack(t)),
                torch.tensor(v, dtype=torch.float32), torch.tensor(m),
                torch.from_numpy(np.stack(qt)), torch.from_numpy(np.stack(qw)),
                torch.tensor(vw, dtype=torch.float32))
            for s, (a, t, v, m, qt, qw, vw) in by_shape.items()}


ARCHIVES = (".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz")


def sgf_texts(paths):
    """The SGF texts of the paths given: SGF files, folders of them, and
    tar archives (compressed or not) of them, in name order."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            files = sorted(os.path.join(p, f) for f in os.listdir(p)
                           if f.endswith(".sgf") or f.endswith(ARCHIVES))
            out += sgf_texts(files)
        elif p.endswith(ARCHIVES):
            with tarfile.open(p) as tar:
                members = sorted((m for m in tar.getmembers()
                                  if m.isfile() and m.name.endswith(".sgf")),
                                 key=lambda m: m.name)
                for m in members:
                    out.append(tar.extractfile(m).read().decode("utf-8", "replace"))
        else:
            with open(p, encoding="utf-8", errors="replace") as f:
                out.append(f.read())
    return out


def losses(net, x, t, v, m, qt, qw, vw):
    """Policy loss (cross entropy with the target distribution t), value
    loss (weighed by vw), move-value loss (cross entropy with qt where qw
    weighs it; 0
    without the head or targets), and the share of positions whose best
    cell is the move played (m)."""
    logits, vlogit, qlogit = net(x)
    legal = x[:, 2].bool().flatten(1)
    logits = logits.flatten(1).masked_fill(~legal, -1e9)
    pl = -(t * F.log_softmax(logits, 1)).sum(1).mean()
    vl = (F.binary_cross_entropy_with_logits(vlogit, v, reduction="none") * vw).sum() \
        / vw.sum().clamp(min=1e-6)
    ql = torch.zeros(())
    qw = qw.float()
    if qlogit is not None and qw.sum() > 0:
        each = F.binary_cross_entropy_with_logits(qlogit.flatten(1), qt.float(),
                                                  reduction="none")
        ql = (each * qw).sum() / qw.sum()
    top1 = (logits.argmax(1) == m).float().mean()
    return pl, vl, ql, top1


# ---------------------------------------------------------------- reference

REFERENCE_SIZES = ((1, 1), (2, 3), (5, 5), (7, 7), (4, 6), (9, 5), (11, 11), (13, 13),
                   (19, 19))


def reference_positions(seed):
    """Positions of many sizes, fixed by the seed: (w, h, board) with the
    stones drawn at random, the colours' counts as in a game."""
    rng = np.random.default_rng(seed)
    out = []
    for w, h in REFERENCE_SIZES:
        n = w * h
        counts = (0, 1, n) if n == 1 else (0, n // 3, n - 1)
        for k in counts:
            board = np.zeros(n, dtype=np.int8)
            cells = rng.permutation(n)[:k]
            for i, c in enumerate(cells):
                board[c] = BLACK if i % 2 == 0 else WHITE
            out.append((w, h, board.reshape(h, w)))
    return out


def write_reference(path, tensors, version, seed):
    lines = ["# SPDX-License-Identifier: GPL-3.0-or-later",
             "# hein network reference outputs (tools/train/train.py): for each",
             "# position 'pos W H TO_MOVE STONES' (STONES by cell id r*W+c: . b w),",
             "# torch's value and policy (by cell id) of the folded network, and",
             "# with the move-value head (format version 2) the move values (by",
             "# cell id, 0 on occupied cells).",
             "# The seed of the positions: %d" % seed]
    with torch.no_grad():
        for w, h, board in reference_positions(seed):
            for mover in (BLACK, WHITE):
                x = torch.from_numpy(planes(board, mover)).float()[None]
                logits, value, q = folded_forward(tensors, x, version)
                lg = logits[0]
                if mover == WHITE:
                    lg = lg.T
                lg = lg[1:-1, 1:-1]
                empty = torch.from_numpy(board == 0)
                qv = None
                if q is not None:
                    qg = q[0].T if mover == WHITE else q[0]
                    qv = torch.zeros(h, w)
                    qv[empty] = qg[1:-1, 1:-1][empty]
                pol = torch.zeros(h, w)
                if empty.any():
                    pol[empty] = torch.softmax(lg[empty], 0)
                stones = "".join(".bw"[s] for s in board.flatten())
                lines.append("pos %d %d %s %s" % (w, h, "b" if mover == BLACK else "w",
                                                  stones))
                lines.append("value %.9g" % value.item())
                lines.append("policy " + " ".join("%.9g" % p for p in pol.flatten().tolist()))
                if qv is not None:
                    lines.append("moveval " + " ".join("%.9g" % p
                                                       for p in qv.flatten().tolist()))
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


def read_weights(path):
    """The tensors of a weight file (checked as hein's loader checks it)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 56 or data[:8] != MAGIC:
        sys.exit("train: %s: not a hein network file" % path)
    version, planes_, blocks, channels, vch, vhid, _, _, nbytes = struct.unpack(
        "<8IQ", data[8:48])
    if not 1 <= version <= FORMAT_VERSION or planes_ != PLANES or len(data) != 56 + nbytes:
        sys.exit("train: %s: version %d, %d planes, %d bytes: not what this script reads"
                 % (path, version, planes_, len(data)))
    if struct.unpack("<Q", data[48:56])[0] != fnv1a(data[56:], fnv1a(data[:48])):
        sys.exit("train: %s: checksum mismatch" % path)
    floats = np.frombuffer(data[56:], dtype="<f4")
    shapes = [((channels, PLANES, 3, 3), channels)]
    shapes += [((channels, channels, 3, 3), channels)] * (2 * blocks)
    shapes += [((1, channels, 1, 1), 1)] * (2 if version >= 2 else 1)
    shapes += [((vch, channels, 1, 1), vch), ((vhid, vch), vhid), ((1, vhid), 1)]
    tensors, at = [], 0
    for wshape, nb in shapes:
        n = int(np.prod(wshape))
        w = torch.from_numpy(floats[at:at + n].copy()).reshape(wshape)
        b = torch.from_numpy(floats[at + n:at + n + nb].copy())
        tensors.append((w, b))
        at += n + nb
    if at != len(floats):
        sys.exit("train: %s: the payload does not match the shape" % path)
    return tensors, version


def reference_path(out):
    return os.path.splitext(out)[0] + "-reference.txt"


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sgf", nargs="*",
                    help="SGF files, folders of them, tar archives of them (.tar.xz...)")
    ap.add_argument("--out", required=True, help="the weight file to write")
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=0,
                    help="stop training after this long (0: no limit)")
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--value-channels", type=int, default=8)
    ap.add_argument("--value-hidden", type=int, default=32)
    ap.add_argument("--value-weight", type=float, default=1.0,
                    help="the value loss's weight beside the policy's (the value "
                    "overfits the games' results where games are few)")
    ap.add_argument("--format", type=int, default=FORMAT_VERSION, choices=(1, 2),
                    help="the weight file's version: 2 (the default) has the move-value "
                    "head, 1 not")
    ap.add_argument("--moveval-weight", type=float, default=1.0,
                    help="the move-value loss's weight beside the policy's")
    ap.add_argument("--bare-value-weight", type=float, default=1.0,
                    help="the value loss's weight on a position whose record has no "
                    "search value (its target: the game's result alone)")
    ap.add_argument("--unsearched-weight", type=float, default=0.01,
                    help="the move-value target's weight on each empty cell the search "
                    "did not try (its target: the least value of those it tried)")
    ap.add_argument("--search-weight", type=float, default=1.0,
                    help="share of the policy target given to the search's playouts "
                    "where a record has them (SS), the rest to the move played")
    ap.add_argument("--result-weight", type=float, default=0.0,
                    help="share of the value target given to the game's result where "
                    "a record has the search's value (SV)")
    ap.add_argument("--holdout", type=float, default=0.1,
                    help="share of the games held back to measure (default 0.1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--init-only", action="store_true",
                    help="no training: write random weights and their reference")
    ap.add_argument("--checkpoint", help="torch state to start from and save to")
    ap.add_argument("--reference-only", action="store_true",
                    help="no training: write the reference outputs of the weight file "
                    "--out names again")
    args = ap.parse_args()
    if args.reference_only:
        ref = reference_path(args.out)
        write_reference(ref, *read_weights(args.out), args.seed)
        print("train: wrote %s" % ref)
        return
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    net = Net(args.blocks, args.channels, args.value_channels, args.value_hidden,
              args.format == 2)
    if args.checkpoint and os.path.exists(args.checkpoint):
        net.load_state_dict(torch.load(args.checkpoint))
        print("train: started from %s" % args.checkpoint)
    sizes = (1, 19)
    if not args.init_only:
        games = [g for g in (read_sgf(t) for t in sgf_texts(args.sgf)) if g]
        if not games:
            sys.exit("train: no games read (give SGF files or folders)")
        sizes = (min(min(g[0], g[1]) for g in games), max(max(g[0], g[1]) for g in games))
        rng = np.random.default_rng(args.seed)
        order = rng.permutation(len(games))
        nheld = int(len(games) * args.holdout)
        held = [games[i] for i in order[:nheld]]
        train = [games[i] for i in order[nheld:]]
        t0 = time.time()
        data = dataset(train, args.search_weight, args.result_weight, args.unsearched_weight,
                       args.bare_value_weight)
        test = dataset(held, args.search_weight, args.result_weight) if held else {}
        shapes = sorted(data, key=lambda s: -len(data[s][1]))
        total = sum(len(d[1]) for d in data.values())
        print("train: %d games (%d held back), %d positions with half turns, %.1f s"
              % (len(train), len(held), total, time.time() - t0))
        opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr,
                                                    total_steps=max(args.steps, 1))
        weights = np.array([len(data[s][1]) for s in shapes], dtype=float)
        weights /= weights.sum()
        net.train()
        t0 = time.time()
        for step in range(args.steps):
            s = shapes[rng.choice(len(shapes), p=weights)]
            x, t, v, m, qt, qw, vw = data[s]
            idx = torch.from_numpy(rng.integers(0, len(t), args.batch))
            pl, vl, ql, top1 = losses(net, x[idx].float(), t[idx], v[idx], m[idx], qt[idx],
                                      qw[idx], vw[idx])
            opt.zero_grad()
            (pl + args.value_weight * vl + args.moveval_weight * ql).backward()
            opt.step()
            sched.step()
            if step % 50 == 0 or step == args.steps - 1:
                print("train: step %d policy %.3f value %.3f move values %.3f top-1 %.3f "
                      "(%.0f s)" % (step, pl.item(), vl.item(), ql.item(), top1.item(),
                                    time.time() - t0),
                      flush=True)
            if args.seconds and time.time() - t0 > args.seconds:
                print("train: stopped after %d steps (--seconds)" % (step + 1))
                break
        net.eval()
        with torch.no_grad():
            for s, (x, t, v, m, qt, qw, vw) in test.items():
                pl, vl, ql, top1 = losses(net, x.float(), t, v, m, qt, qw, vw)
                print("train: held back %dx%d: %d positions, policy loss %.3f, value "
                      "loss %.3f, move-value loss %.3f, top-1 %.3f"
                      % (s[2] - 2, s[1] - 2, len(t), pl.item(), vl.item(), ql.item(),
                         top1.item()))
        if args.checkpoint:
            torch.save(net.state_dict(), args.checkpoint)
    else:
        # Random batch-norm statistics, so the folding is exercised.
        with torch.no_grad():
            for m in net.modules():
                if isinstance(m, nn.BatchNorm2d):
                    m.running_mean.uniform_(-0.2, 0.2)
                    m.running_var.uniform_(0.5, 1.5)
                    m.weight.uniform_(0.5, 1.5)
                    m.bias.uniform_(-0.2, 0.2)
    net.eval()
    tensors = folded_tensors(net)
    n = write_weights(args.out, net, tensors, sizes)
    ref = reference_path(args.out)
    write_reference(ref, tensors, net.version, args.seed)
    params = sum(w.numel() + b.numel() for w, b in tensors)
    print("train: wrote %s (%d parameters, %d bytes, sizes %d..%d) and %s"
          % (args.out, params, n, sizes[0], sizes[1], ref))


if __name__ == "__main__":
    main()
