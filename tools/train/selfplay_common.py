# SPDX-License-Identifier: GPL-3.0-or-later
"""What the self-play recorders share (selfplay-mohex.py, selfplay-hein.py):
cell names, the board's connection test, an HTP engine on a pipe and the
SGF record they write.  Python 3 only."""

import os
import subprocess


def cell_name(r, c):
    """The HTP name of the cell in row r, column c (both from 0): a1, b1..."""
    return "%s%d" % (chr(ord("a") + c), r + 1)


def parse_cell(s, size):
    """(row, column) of an HTP cell name on a size x size board, or None."""
    s = s.strip().lower()
    if len(s) < 2 or not "a" <= s[0] <= "s" or not s[1:].isdigit():
        return None
    c, r = ord(s[0]) - ord("a"), int(s[1:]) - 1
    return (r, c) if 0 <= r < size and 0 <= c < size else None


def connected(board, colour, size):
    """Whether colour ("B" or "W") joins its two edges on board (rows of
    ".", "B", "W"): Black rows 1 and size (north to south), White columns
    a and the last (west to east)."""
    if colour == "B":
        stack = [(0, c) for c in range(size) if board[0][c] == "B"]
    else:
        stack = [(r, 0) for r in range(size) if board[r][0] == "W"]
    seen = set(stack)
    while stack:
        r, c = stack.pop()
        if (colour == "B" and r == size - 1) or (colour == "W" and c == size - 1):
            return True
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)):
            q = (r + dr, c + dc)
            if 0 <= q[0] < size and 0 <= q[1] < size and q not in seen \
                    and board[q[0]][q[1]] == colour:
                seen.add(q)
                stack.append(q)
    return False


class Engine:
    """An HTP engine on a pipe: cmd() sends a line and returns the answer's
    text (without "= "), raising RuntimeError on "? ..." or when the
    engine ends."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            s = self.p.stdout.readline()
            if not s:
                raise RuntimeError("engine ended at: " + line)
            s = s.rstrip("\n")
            if s == "" and lines:
                break
            if s or lines:
                lines.append(s)
        text = "\n".join(lines)
        if text.startswith("?"):
            raise RuntimeError("%s: %s" % (line, text))
        return text[1:].strip()

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def write_game(out, g, header, nodes):
    """Write the game's SGF record (header: its root node's text, nodes:
    the move nodes' texts, four to a line) as OUT/game-NNNN.sgf, whole or
    not at all (a stopped run leaves no half-written record)."""
    sgf = header + "\n"
    for i in range(0, len(nodes), 4):
        sgf += "".join(nodes[i:i + 4]) + "\n"
    sgf += ")\n"
    path = os.path.join(out, "game-%04d.sgf" % g)
    with open(path + ".tmp", "w") as f:
        f.write(sgf)
    os.replace(path + ".tmp", path)


def games_to_play(out, first, count):
    """The numbers first .. first + count - 1 whose record OUT lacks (a run
    stopped and started again goes on where it stopped)."""
    return [g for g in range(first, first + count)
            if not os.path.exists(os.path.join(out, "game-%04d.sgf" % g))]
