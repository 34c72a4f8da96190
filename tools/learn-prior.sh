#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Make share/patterns/move-prior.txt again: hein-learn-prior on MoHex's
# moves 2-50 in the games of prior-data/ (hein against MoHex 2.0 under
# hein-match, 11x11, the edge openings with both colours), written to
# OUT (default: standard output).  HEIN_LEARN_PRIOR names the learner
# (default: hein-learn-prior beside this script).
#
#   learn-prior.sh [OUT]
here=$(dirname "$0")
learn=${HEIN_LEARN_PRIOR:-$here/hein-learn-prior}
if [ ! -x "$learn" ]; then
    echo "learn-prior.sh: build $learn first (make)" >&2
    exit 2
fi
if [ $# -gt 0 ]; then
    "$learn" --player MoHex --moves 2-50 "$here"/prior-data/*.sgf >"$1"
else
    "$learn" --player MoHex --moves 2-50 "$here"/prior-data/*.sgf
fi
