#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Make share/patterns/move-prior.txt again: hein-learn-prior on MoHex's
# moves 2-50 in the games of prior-data/ (hein against MoHex 2.0 under
# hein-match, 11x11, the edge openings with both colours) and of
# prior-data/mohex-self/ (MoHex against itself, prior-selfplay.sh), with
# the joint patterns (--joint 4), written to OUT (default: standard
# output).  HEIN_LEARN_PRIOR names the learner (default:
# hein-learn-prior in tools/, the folder above this script).
#
#   learn-prior.sh [OUT]
here=$(dirname "$0")
learn=${HEIN_LEARN_PRIOR:-$here/../hein-learn-prior}
if [ ! -x "$learn" ]; then
    echo "learn-prior.sh: build $learn first (make)" >&2
    exit 2
fi
set -- ${1+"$1"}
learn_all() {
    "$learn" --player MoHex --moves 2-50 --joint 4 "$here"/prior-data/*.sgf \
        "$here"/prior-data/mohex-self/*.sgf
}
if [ $# -gt 0 ]; then
    learn_all >"$1"
else
    learn_all
fi
