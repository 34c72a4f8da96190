#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The training script's smoke test (make check-long): a few steps of a
# tiny network on two 5x5 games (a folder, then a .tar.xz of it; format
# versions 2 and 1; a game with the search's playouts and values; one
# with drawn opening moves), its
# reference written again from the
# weight file alone (the same text), then the weight file checked
# by hein's loader and forward pass against the reference outputs written
# beside it (board/tests/test_net with HEIN_NET_DIR at them), when that
# test program is built.  Prints "skipped: no torch" and passes where
# python3 or torch (python3-torch, python3-numpy) is missing.
#
#   train-smoke.sh TRAIN.PY [TEST_NET]
set -u
[ $# -ge 1 ] || { echo "usage: train-smoke.sh TRAIN.PY [TEST_NET]" >&2; exit 2; }
train=$1
test_net=${2:-}
py=
for p in "${PYTHON:-}" python3 /usr/bin/python3; do
    [ -n "$p" ] || continue
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import torch, numpy' >/dev/null 2>&1; then
        py=$p
        break
    fi
done
if [ -z "$py" ]; then
    echo "skipped: no torch"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hein-train-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "train-smoke: $*" >&2; exit 1; }

mkdir "$tmp/games"
# Black wins the first by a straight line, White the second (with a
# swap); a third file has no result and is skipped.
printf '(;FF[4]GM[11]SZ[5]RE[B+];B[c1];W[b2];B[c2];W[d2];B[c3];W[b4];B[c4];W[d4];B[c5])\n' \
    > "$tmp/games/a.sgf"
printf '(;FF[4]GM[11]SZ[5]RE[W+];B[c3];W[swap-pieces];W[a3];B[b3];W[b4];B[d2];W[c2];B[e1];W[d1])\n' \
    > "$tmp/games/b.sgf"
printf '(;FF[4]GM[11]SZ[5];B[c3])\n' > "$tmp/games/c.sgf"

# No games: a clear error.
if "$py" "$train" --steps 2 --out "$tmp/none.net" "$tmp/games/c.sgf" > "$tmp/log0" 2>&1; then
    fail "trained on a folder without games"
fi
grep -q "no games read" "$tmp/log0" || fail "no message for a folder without games: $(cat "$tmp/log0")"

mkdir "$tmp/net"
"$py" "$train" --steps 6 --batch 8 --blocks 1 --channels 8 --value-channels 2 \
    --value-hidden 4 --holdout 0 --out "$tmp/net/hein.net" "$tmp/games" > "$tmp/log" 2>&1 \
    || fail "train.py failed: $(cat "$tmp/log")"
grep -q "^train: 2 games (0 held back), 34 positions" "$tmp/log" \
    || fail "not the positions of two games: $(cat "$tmp/log")"
grep -q "^train: step 5 " "$tmp/log" || fail "no sixth step: $(cat "$tmp/log")"
[ -s "$tmp/net/hein.net" ] && [ -s "$tmp/net/hein-reference.txt" ] || fail "no output files"
head -c 8 "$tmp/net/hein.net" | od -An -c | grep -q "H   E   I   N   N   E   T  \\\\0" \
    || fail "no magic"
# The sizes trained for are the games' (5..5); B 1, C 8.
shape=$(od -An -tu4 -j16 -N24 "$tmp/net/hein.net" | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')
[ "$shape" = "1 8 2 4 5 5" ] || fail "header says '$shape'"
# The same games from a compressed tar archive: the same positions.
tar -C "$tmp/games" -cJf "$tmp/games.tar.xz" a.sgf b.sgf c.sgf \
    || fail "cannot make a tar archive"
"$py" "$train" --steps 1 --batch 8 --blocks 1 --channels 8 --value-channels 2 \
    --value-hidden 4 --holdout 0 --out "$tmp/tar.net" "$tmp/games.tar.xz" > "$tmp/log3" 2>&1 \
    || fail "train.py failed on an archive: $(cat "$tmp/log3")"
grep -q "^train: 2 games (0 held back), 34 positions" "$tmp/log3" \
    || fail "not the positions of the archive's two games: $(cat "$tmp/log3")"
# Format versions: 2 (the move-value head) by default, 1 on request.
ver=$(od -An -tu4 -j8 -N4 "$tmp/net/hein.net" | tr -d ' ')
[ "$ver" = 2 ] || fail "default format version '$ver', not 2"
"$py" "$train" --steps 1 --batch 8 --blocks 1 --channels 8 --value-channels 2 \
    --value-hidden 4 --holdout 0 --format 1 --out "$tmp/v1.net" "$tmp/games" > "$tmp/log4" 2>&1 \
    || fail "train.py --format 1 failed: $(cat "$tmp/log4")"
ver=$(od -An -tu4 -j8 -N4 "$tmp/v1.net" | tr -d ' ')
[ "$ver" = 1 ] || fail "--format 1 wrote version '$ver'"
# A game with the search's playouts and values (selfplay-mohex.py's SS and
# SV): the move values get targets, and a move value's loss is printed.
mkdir "$tmp/search"
printf '(;FF[4]GM[11]SZ[5]RE[B+];B[c1];W[b2]SS[b2 30 0.400 c2 10 0.300]SV[0.400]\n;B[c2]SS[c2 50 0.700 d2 2 0.500]SV[0.700];W[d2];B[c3]SS[c3 9 0.900]SV[0.900];W[b4];B[c4];W[d4];B[c5])\n' \
    > "$tmp/search/d.sgf"
"$py" "$train" --steps 2 --batch 64 --blocks 1 --channels 8 --value-channels 2 \
    --value-hidden 4 --holdout 0 --out "$tmp/search.net" "$tmp/search" > "$tmp/log5" 2>&1 \
    || fail "train.py failed on a game with SS/SV: $(cat "$tmp/log5")"
grep -q "^train: 1 games (0 held back), 18 positions" "$tmp/log5" \
    || fail "not the positions of the SS/SV game: $(cat "$tmp/log5")"
grep "^train: step 0 " "$tmp/log5" | grep -q "move values 0\.[0-9]*[1-9]" \
    || fail "no move-value loss on a game with SS/SV: $(cat "$tmp/log5")"
# Drawn opening moves (selfplay-hein.py's OM[]) are played, no targets:
# seven positions of the game's nine moves.
mkdir "$tmp/opening"
printf '(;FF[4]GM[11]SZ[5]RE[B+];B[c1]OM[];W[b2]OM[];B[c2];W[d2];B[c3];W[b4];B[c4];W[d4];B[c5])\n' \
    > "$tmp/opening/e.sgf"
"$py" "$train" --steps 1 --batch 8 --blocks 1 --channels 8 --value-channels 2 \
    --value-hidden 4 --holdout 0 --out "$tmp/opening.net" "$tmp/opening" > "$tmp/log6" 2>&1 \
    || fail "train.py failed on a game with drawn opening moves: $(cat "$tmp/log6")"
grep -q "^train: 1 games (0 held back), 14 positions" "$tmp/log6" \
    || fail "drawn opening moves taken as positions: $(cat "$tmp/log6")"
# The reference made again from the file alone is the same text.
mkdir "$tmp/again"
cp "$tmp/net/hein.net" "$tmp/again/"
"$py" "$train" --reference-only --out "$tmp/again/hein.net" > "$tmp/log2" 2>&1 \
    || fail "--reference-only failed: $(cat "$tmp/log2")"
cmp -s "$tmp/net/hein-reference.txt" "$tmp/again/hein-reference.txt" \
    || fail "the reference read back from the weights differs"
if [ -n "$test_net" ] && [ -x "$test_net" ]; then
    HEIN_NET_DIR="$tmp/net" "$test_net" > "$tmp/check" 2>&1 \
        || fail "hein disagrees with the trained net: $(cat "$tmp/check")"
    grep "largest difference" "$tmp/check"
else
    echo "train-smoke: no test_net built; hein's forward pass not checked"
fi
echo "train-smoke: passed"
