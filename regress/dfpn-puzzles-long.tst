# SPDX-License-Identifier: GPL-3.0-or-later
# The harder puzzles of dfpn-puzzles.tst (see its header for where they
# come from and what the expectations mean): each takes hein more than
# about 20 s, in a file of their own so that make check runs them beside
# the others (make -j).  The times are one thread on a 2-core machine
# when this file was written; all of them together take about 5 minutes.
#
# Expectations are Benzene's answers.  dfpn-solve-state answers the
# winner.  dfpn-solver-find-winning answers the winning moves among the
# moves the solver considers, in cell order (row 1 from a, then row 2,
# ...).  Benzene considers only its must-play cells less the cells its
# inferior-cell engine prunes, so a sound solver that prunes differently
# may list more winning moves (or fewer), never a different winner; where
# hein's list differs from Benzene's it is written out with the reason.
#
# The stones are set up with play (any colour order is accepted) and the
# side to move is the COLOUR given to the solver command, which need not
# be the colour the game would have to move.  The table is cleared before
# each puzzle.  Test numbers are Benzene's.

# 7x7-enderton-04, Black to move.
# About 94 s.
boardsize 7 7
dfpn-clear-tt
play b g5
play w c2
43 dfpn-solver-find-winning black
#? [f2 e3 d4]

# 7x7-henderson-06, Black to move.
# About 31 s.
boardsize 7 7
dfpn-clear-tt
play b g1
play b a7
play w f2
play w e5
75 dfpn-solver-find-winning black
#? [f4]

# 7x7-henderson-07, Black to move.
# About 70 s.
boardsize 7 7
dfpn-clear-tt
play b g1
play b a7
play w f2
play w d3
76 dfpn-solver-find-winning black
#? [g2 c4]

# 7x7-henderson-08, White to move.
# About 54 s.
boardsize 7 7
dfpn-clear-tt
play b g1
play b f3
play w f2
77 dfpn-solver-find-winning white
#? [e3]

# 7x7-henderson-30, White to move.
# About 43 s.
boardsize 7 7
dfpn-clear-tt
play b d1
play b c5
play w d7
99 dfpn-solver-find-winning white
#? [d3]

# Not a test: 11x11-hein-01, White to move and win.  Benzene's suite
# leaves it out (its engine asserts on the stone count); hein did not
# solve it in 600 s when this file was written.
# boardsize 11 11
# play b d1
# play b d2
# play b d3
# play b d4
# play b d5
# play b d6
# play b h6
# play b d7
# play b h7
# play b d9
# play b d10
# play b d11
# play w c2
# play w i4
# play w d8
# play w h9
# dfpn-clear-tt
# 60 dfpn-solve-state white
# #? [white]
