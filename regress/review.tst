# SPDX-License-Identifier: GPL-3.0-or-later
# review-move (gtp/cmd_review.h, engine/review.h): the last move's review
# for HexGui, on the games of tools/review/tests/review-data, whose
# positions hein's solver proves (its README says why each result is
# right).  Searches are bounded by max_expansions and every position is
# proven within the solver's limit, so every answer is the same on every
# machine; the solver's limit (60 s) is far above what a proof takes here
# (a few seconds), so a loaded or sanitized build gets the same answers.
# ('*' after an expectation: the command must fail.)

param_scns max_expansions 200
param_scns progress_interval 0

# HexGui's analyze menu lists it, bounded in time (HexGui has no Stop
# for it).
10 hexgui-analyze_commands
#? [(.*\n)?pspairs/Review Move \(up to 6 s\)/review-move 2 1(\n.*)?]

# ---- the 7x7 game ---------------------------------------------------------

boardsize 7
play b a3
# Black had a proven win on the empty board; after a3 White wins: given
# away, loss 2 * 1000.
20 review-move 5 60
#? [(.* )?a3 loss:2000( .*)?]
play w d4
# d4 keeps White's proven win: loss 0.
21 review-move 5 60
#? [(.* )?d4 [a-z:,+0-9WL-]*loss:0(,[a-z]+)?( .*)?]
play b a7
# Black is lost whatever it plays: loss 0.
22 review-move 5 60
#? [(.* )?a7 [a-z:,+0-9WL-]*loss:0(,[a-z]+)?( .*)?]
play w c3
# White had a proven win (with b5) and c3 gives it back; the winning move
# the solver proved is labelled.
23 review-move 5 60
#? [(.* )?c3 [a-z:,+0-9WL-]*loss:2000(,[a-z]+)?( .*)?]
24 review-move 5 60
#? [(.* )?[a-g][1-7] [a-z:,+0-9WL-]*win( .*)?]
# pspairs: CELL TEXT pairs, no blank inside a text
25 review-move 5 60
#? [[a-g][1-7] [^ \n]+( [a-g][1-7] [^ \n]+)*]
# The game is not changed.
26 showboard
#? [.*]
27 undo
#? []
28 undo
#? []
29 review-move 5 60
#? [(.* )?d4 [a-z:,+0-9WL-]*loss:0(,[a-z]+)?( .*)?]

# ---- a swap ----------------------------------------------------------------

boardsize 5
play b c3
play w swap-pieces
# After Black's c3 White to move is lost; the swap hands the swapper
# Black's won side: loss 0, shown on the stone it kept.
30 review-move 5 60
#? [(.* )?c3 [a-z:,+0-9WL-]*swap,loss:0(,[a-z]+)?( .*)?]

# ---- no move to review -----------------------------------------------------

# The empty board: hein's move for the position alone.
boardsize 4
40 review-move 1 1
#? [[a-d][1-4] best:[^ ]+(,win)?( [a-d][1-4] win)?]
# A resignation is not a move; the game is over.
play b resign
41 review-move 1 1
#? [the game is over: no move to review]*

# ---- arguments -------------------------------------------------------------

50 review-move x
#? [invalid seconds: x.*]*
51 review-move 1 x
#? [invalid seconds: x.*]*
52 review-move 1 2 3
#? [usage.*]*
