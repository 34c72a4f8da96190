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
(a swap is no target), read for the side to move; the policy target is
the move played, the value target the game's result for the mover (RE[B+]
or RE[W+]); each also turned 180 degrees.

    train.py --steps 2000 --out share/net/hein.net tools/prior/prior-data
    train.py --init-only --out /tmp/x.net          (random weights)
    train.py --reference-only --out share/net/hein.net   (its reference again)

Needs python3-torch and python3-numpy (Debian); CPU only.  A tenth of the
games (--holdout) is held back and measured after training (losses and
top-1: the share of positions where the policy's best cell is the move
played).

The shipped share/net/hein.net (6 blocks x 32 channels, 113930
parameters) was trained for six minutes on the 2-core development
machine (torch 1.13, 2 threads): the 812 11x11 games of
tools/prior/prior-data (hein against MoHex 2.0),
tools/prior/prior-data/mohex-self and tools/train/games' batches a and c
(MoHex 2.0 against itself), 770 of them trained on (92170 positions with
their half turns), 3000 steps of 128, the value loss weighed 0.1 (at 1
the value head learns the training games' results by heart: held-back
value loss 0.802 on an earlier set of 583 games):

    nice -n 5 python3 tools/train/train.py --steps 3000 --threads 2 \
        --holdout 0.05 --value-weight 0.1 --out share/net/hein.net \
        tools/prior/prior-data tools/prior/prior-data/mohex-self \
        tools/train/games/mohex-p2000-a.tar.xz \
        tools/train/games/mohex-p2000-c.tar.xz

On the 42 games held back (4444 positions): policy loss 1.483, top-1
59.6 %; value loss 0.506 (0.693 is a coin).
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
FORMAT_VERSION = 1
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

    def __init__(self, blocks, channels, value_channels, value_hidden):
        super().__init__()
        self.shape = (blocks, channels, value_channels, value_hidden)
        self.inp = nn.Conv2d(PLANES, channels, 3, padding=1, bias=False)
        self.inp_bn = nn.BatchNorm2d(channels)
        self.blocks = nn.ModuleList([Block(channels) for _ in range(blocks)])
        self.policy = nn.Conv2d(channels, 1, 1)
        self.value = nn.Conv2d(channels, value_channels, 1, bias=False)
        self.value_bn = nn.BatchNorm2d(value_channels)
        self.fc1 = nn.Linear(value_channels, value_hidden)
        self.fc2 = nn.Linear(value_hidden, 1)

    def forward(self, x):
        """Policy logits (N x rows x cols) and the value's logit (N)."""
        mask = x[:, 3:4]
        h = F.relu(self.inp_bn(self.inp(x)))
        for b in self.blocks:
            h = b(h)
        logits = self.policy(h)[:, 0]
        v = F.relu(self.value_bn(self.value(h)))
        v = (v * mask).sum((2, 3)) / mask.sum((2, 3))
        v = self.fc2(F.relu(self.fc1(v)))[:, 0]
        return logits, v


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
    t.append(fold(net.value, net.value_bn))
    t.append((net.fc1.weight.detach().clone(), net.fc1.bias.detach().clone()))
    t.append((net.fc2.weight.detach().clone(), net.fc2.bias.detach().clone()))
    return t


def folded_forward(t, x):
    """The folded network, as board/net.c evaluates it: policy logits and
    the value (a probability)."""
    mask = x[:, 3:4]
    h = F.relu(F.conv2d(x, t[0][0], t[0][1], padding=1))
    nblocks = (len(t) - 5) // 2
    for i in range(nblocks):
        w1, b1 = t[1 + 2 * i]
        w2, b2 = t[2 + 2 * i]
        y = F.relu(F.conv2d(h, w1, b1, padding=1))
        h = F.relu(h + F.conv2d(y, w2, b2, padding=1))
    pw, pb = t[-4]
    logits = F.conv2d(h, pw, pb)[:, 0]
    vw, vb = t[-3]
    v = F.relu(F.conv2d(h, vw, vb))
    v = (v * mask).sum((2, 3)) / mask.sum((2, 3))
    v = F.relu(F.linear(v, *t[-2]))
    v = torch.sigmoid(F.linear(v, *t[-1]))[:, 0]
    return logits, v


def fnv1a(data, h=0xcbf29ce484222325):
    for byte in data:
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_weights(path, net, tensors, sizes):
    blocks, channels, vch, vhid = net.shape
    payload = b"".join(
        w.numpy().astype("<f4").tobytes() + b.numpy().astype("<f4").tobytes()
        for w, b in tensors)
    head = MAGIC + struct.pack("<8IQ", FORMAT_VERSION, PLANES, blocks, channels, vch, vhid,
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


def read_sgf(text):
    """(width, height, moves, winner) of a game from its SGF text: moves
    are (colour, (row, col)) or (colour, None) for a swap; None when the
    text is no game this reads (set-up stones, no result, a bad move)."""
    m = re.search(r"SZ\[(\d+)(?::(\d+))?\]", text)
    w = int(m.group(1)) if m else 11
    h = int(m.group(2)) if m and m.group(2) else w
    r = re.search(r"RE\[([BW])\+", text)
    if not r or re.search(r"A[BWE]\[", text) or not 1 <= w <= 19 or not 1 <= h <= 19:
        return None
    winner = BLACK if r.group(1) == "B" else WHITE
    moves = []
    for colour, mv in re.findall(r";\s*([BW])\[([^\]]*)\]", text):
        col = BLACK if colour == "B" else WHITE
        if mv.lower() in ("swap-pieces", "swap"):
            moves.append((col, None))
            continue
        cell = cell_of(mv, w, h)
        if cell is None:
            if mv.lower() == "resign":
                break
            return None
        moves.append((col, cell))
    return w, h, moves, winner


def game_positions(game):
    """(board, mover, move, value) of each position before a board move."""
    w, h, moves, winner = game
    board = np.zeros((h, w), dtype=np.int8)
    out = []
    for col, cell in moves:
        if cell is None:
            continue
        if board[cell] != 0:
            break
        out.append((board.copy(), col, cell, 1.0 if col == winner else 0.0))
        board[cell] = col
    return out


def encode(board, mover, cell):
    """The planes and the target's grid index (mover's frame, ring
    included)."""
    p = planes(board, mover)
    r, c = cell
    if mover == WHITE:
        r, c = c, r
    return p, (r + 1) * p.shape[2] + (c + 1)


def dataset(games):
    """Planes, policy targets and value targets of every position and its
    half turn, grouped by grid shape."""
    by_shape = {}
    for g in games:
        for board, mover, cell, value in game_positions(g):
            h, w = board.shape
            for b, (r, c) in ((board, cell),
                              (board[::-1, ::-1], (h - 1 - cell[0], w - 1 - cell[1]))):
                p, t = encode(np.ascontiguousarray(b), mover, (r, c))
                by_shape.setdefault(p.shape, ([], [], []))
                lists = by_shape[p.shape]
                lists[0].append(p)
                lists[1].append(t)
                lists[2].append(value)
    return {s: (torch.from_numpy(np.stack(a)), torch.tensor(t), torch.tensor(v))
            for s, (a, t, v) in by_shape.items()}


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


def losses(net, x, t, v):
    logits, vlogit = net(x)
    legal = x[:, 2].bool().flatten(1)
    logits = logits.flatten(1).masked_fill(~legal, -1e9)
    pl = F.cross_entropy(logits, t)
    vl = F.binary_cross_entropy_with_logits(vlogit, v)
    top1 = (logits.argmax(1) == t).float().mean()
    return pl, vl, top1


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


def write_reference(path, tensors, seed):
    lines = ["# SPDX-License-Identifier: GPL-3.0-or-later",
             "# hein network reference outputs (tools/train/train.py): for each",
             "# position 'pos W H TO_MOVE STONES' (STONES by cell id r*W+c: . b w),",
             "# torch's value and policy (by cell id) of the folded network.",
             "# The seed of the positions: %d" % seed]
    with torch.no_grad():
        for w, h, board in reference_positions(seed):
            for mover in (BLACK, WHITE):
                x = torch.from_numpy(planes(board, mover)).float()[None]
                logits, value = folded_forward(tensors, x)
                lg = logits[0]
                if mover == WHITE:
                    lg = lg.T
                lg = lg[1:-1, 1:-1]
                empty = torch.from_numpy(board == 0)
                pol = torch.zeros(h, w)
                if empty.any():
                    pol[empty] = torch.softmax(lg[empty], 0)
                stones = "".join(".bw"[s] for s in board.flatten())
                lines.append("pos %d %d %s %s" % (w, h, "b" if mover == BLACK else "w",
                                                  stones))
                lines.append("value %.9g" % value.item())
                lines.append("policy " + " ".join("%.9g" % p for p in pol.flatten().tolist()))
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
    if version != FORMAT_VERSION or planes_ != PLANES or len(data) != 56 + nbytes:
        sys.exit("train: %s: version %d, %d planes, %d bytes: not what this script reads"
                 % (path, version, planes_, len(data)))
    if struct.unpack("<Q", data[48:56])[0] != fnv1a(data[56:], fnv1a(data[:48])):
        sys.exit("train: %s: checksum mismatch" % path)
    floats = np.frombuffer(data[56:], dtype="<f4")
    shapes = [((channels, PLANES, 3, 3), channels)]
    shapes += [((channels, channels, 3, 3), channels)] * (2 * blocks)
    shapes += [((1, channels, 1, 1), 1), ((vch, channels, 1, 1), vch), ((vhid, vch), vhid),
               ((1, vhid), 1)]
    tensors, at = [], 0
    for wshape, nb in shapes:
        n = int(np.prod(wshape))
        w = torch.from_numpy(floats[at:at + n].copy()).reshape(wshape)
        b = torch.from_numpy(floats[at + n:at + n + nb].copy())
        tensors.append((w, b))
        at += n + nb
    if at != len(floats):
        sys.exit("train: %s: the payload does not match the shape" % path)
    return tensors


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
        write_reference(ref, read_weights(args.out), args.seed)
        print("train: wrote %s" % ref)
        return
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    net = Net(args.blocks, args.channels, args.value_channels, args.value_hidden)
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
        data = dataset(train)
        test = dataset(held) if held else {}
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
            x, t, v = data[s]
            idx = torch.from_numpy(rng.integers(0, len(t), args.batch))
            pl, vl, top1 = losses(net, x[idx].float(), t[idx], v[idx])
            opt.zero_grad()
            (pl + args.value_weight * vl).backward()
            opt.step()
            sched.step()
            if step % 50 == 0 or step == args.steps - 1:
                print("train: step %d policy %.3f value %.3f top-1 %.3f (%.0f s)"
                      % (step, pl.item(), vl.item(), top1.item(), time.time() - t0),
                      flush=True)
            if args.seconds and time.time() - t0 > args.seconds:
                print("train: stopped after %d steps (--seconds)" % (step + 1))
                break
        net.eval()
        with torch.no_grad():
            for s, (x, t, v) in test.items():
                pl, vl, top1 = losses(net, x.float(), t, v)
                print("train: held back %dx%d: %d positions, policy loss %.3f, value "
                      "loss %.3f, top-1 %.3f" % (s[2] - 2, s[1] - 2, len(t), pl.item(),
                                                  vl.item(), top1.item()))
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
    write_reference(ref, tensors, args.seed)
    params = sum(w.numel() + b.numel() for w, b in tensors)
    print("train: wrote %s (%d parameters, %d bytes, sizes %d..%d) and %s"
          % (args.out, params, n, sizes[0], sizes[1], ref))


if __name__ == "__main__":
    main()
