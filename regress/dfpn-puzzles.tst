# SPDX-License-Identifier: GPL-3.0-or-later
# Hex puzzles on 3x3 to 7x7 boards with known answers, for the DFPN solver:
# the small puzzles of Benzene's solver regression suite (puzzles by Piet
# Hein, Philip Henderson, Ryan Hayward, Berge and the 7x7
# "enderton" set), each position written out here so that hein's suites
# need nothing outside its own tree.  The ones that take hein more than
# about 20 s are in dfpn-puzzles-long.tst (also in make check).
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

# 5x5-berge-1, White to move.
# A game record (White a1, Black b2, ... Black a5), played out in order.
boardsize 5 5
dfpn-clear-tt
play w a1
play b b2
play w d2
play b e2
play w d3
play b e3
play w c4
play b c3
play w b5
play b a5
10 dfpn-solve-state white
#? [white]

# 7x7-enderton-01, White to move.
boardsize 7 7
dfpn-clear-tt
play b d2
play b d3
play b d4
play w c2
play w f2
40 dfpn-solver-find-winning white
#? [d5]

# 7x7-enderton-02, White to move.
boardsize 7 7
dfpn-clear-tt
play b e2
play b d4
play b c5
play b e5
play w c3
play w d5
play w b7
41 dfpn-solver-find-winning white
#? [d6]

# 7x7-enderton-03, White to move.
boardsize 7 7
dfpn-clear-tt
play b c2
play b e5
play w b6
42 dfpn-solver-find-winning white
#? [e3 e6]

# 6x6-hayward-01, White to move.
# The SGF file says Black to move; Benzene's test, kept here, asks for
# White's winning moves.
boardsize 6 6
dfpn-clear-tt
play b e1
play b e2
play w d1
play w f1
50 dfpn-solver-find-winning white
#? [d3]

# 3x3-hein-02, White to move.
boardsize 3 3
dfpn-clear-tt
play b a2
play b b3
play w a1
61 dfpn-solve-state white
#? [white]

# 6x6-hein-03, White to move.
boardsize 6 6
dfpn-clear-tt
play b c3
play b f3
play b d5
play w b1
play w b5
62 dfpn-solve-state white
#? [white]

# 4x4-hein-04, White to move.
boardsize 4 4
dfpn-clear-tt
play b d1
play b a4
play w c2
63 dfpn-solve-state white
#? [white]

# 4x4-hein-05, White to move.
# The SGF file says Black to move; Benzene's test asks with White to
# move.
boardsize 4 4
dfpn-clear-tt
play b a4
play w a1
64 dfpn-solve-state white
#? [white]

# 5x5-hein-06, White to move.
# The SGF file says Black to move; Benzene's test asks for White's
# winning moves.
boardsize 5 5
dfpn-clear-tt
play b a2
play b b3
play b b4
play w a3
play w c3
play w a5
65 dfpn-solver-find-winning white
#? [c2]

# 6x6-hein-07, White to move.
boardsize 6 6
dfpn-clear-tt
play b b3
play b d3
play b f3
play b b4
play b a5
play b c5
play w c1
play w e1
play w a2
play w c3
play w e3
66 dfpn-solve-state white
#? [white]

# 6x6-henderson-02, Black to move.
boardsize 6 6
dfpn-clear-tt
play b a3
play b d4
play b d5
play w e2
play w c4
play w b6
71 dfpn-solver-find-winning black
#? [b4]

# 6x6-henderson-04, Black to move.
boardsize 6 6
dfpn-clear-tt
play b a3
play b b4
play w c2
play w b5
73 dfpn-solver-find-winning black
#? [c4]

# 7x7-henderson-05, White to move.
boardsize 7 7
dfpn-clear-tt
play b e1
play b d4
play w d2
74 dfpn-solver-find-winning white
#? [b6]

# 6x6-henderson-09, Black to move.
boardsize 6 6
dfpn-clear-tt
play b a3
play w c4
78 dfpn-solver-find-winning black
#? [d4]

# 6x6-henderson-10, Black to move.
boardsize 6 6
dfpn-clear-tt
play b a4
play w b5
79 dfpn-solver-find-winning black
#? [c4]

# 5x5-henderson-11, White to move.
boardsize 5 5
dfpn-clear-tt
play b e1
play b c3
play b a4
play w c2
play w b4
80 dfpn-solver-find-winning white
#? [c4]

# 5x5-henderson-12, Black to move.
boardsize 5 5
dfpn-clear-tt
play b e1
play b c3
play b a4
play w c2
play w d2
play w b4
81 dfpn-solver-find-winning black
#? [b3]

# 6x6-henderson-13, White to move.
boardsize 6 6
dfpn-clear-tt
play b c4
play b f6
play w d5
82 dfpn-solver-find-winning white
#? [b6]

# 6x6-henderson-14, White to move.
boardsize 6 6
dfpn-clear-tt
play b f3
play b e4
play w d4
83 dfpn-solver-find-winning white
#? [e2]

# 6x6-henderson-15, Black to move.
# Benzene lists b3 d5; hein lists e5 as well.  Benzene's
# dfpn-solver-find-winning tries only the cells its must-play and
# inferior-cell analysis leave, and e5 is not among them there; hein
# keeps e5 and proves it wins: after Black e5, dfpn-solver-find-winning
# white answers no move, also with the inferior-cell rules and the
# templates off and the VC limits at their minimum (param_player_ice
# use_patterns/find_vulnerable/find_reversible/find_dominated 0,
# param_vc use_templates 0, max_fulls 1, max_semis 1, max_ors 2).  The
# winner is the same; the list is a superset of Benzene's.
boardsize 6 6
dfpn-clear-tt
play b d3
play b f3
play w c4
play w d4
84 dfpn-solver-find-winning black
#? [b3 d5 e5]

# 6x6-henderson-16, White to move.
boardsize 6 6
dfpn-clear-tt
play b e2
play b f2
play b f3
play b d4
play w f1
play w d3
play w e5
85 dfpn-solver-find-winning white
#? [e1 b5]

# 6x6-henderson-17, White to move.
boardsize 6 6
dfpn-clear-tt
play b f2
play b b4
play w d5
86 dfpn-solver-find-winning white
#? [c4]

# 6x6-henderson-18, Black to move.
boardsize 6 6
dfpn-clear-tt
play b d3
play b f6
play w c4
play w d5
87 dfpn-solver-find-winning black
#? [f4]

# 6x6-henderson-19, Black to move.
boardsize 6 6
dfpn-clear-tt
play b c1
play w d4
88 dfpn-solver-find-winning black
#? [c4]

# 6x6-henderson-20, White to move.
boardsize 6 6
dfpn-clear-tt
play b a2
89 dfpn-solver-find-winning white
#? [d3]

# 6x6-henderson-21, Black to move.
boardsize 6 6
dfpn-clear-tt
play b f4
play w e3
90 dfpn-solver-find-winning black
#? [b3 c3]

# 6x6-henderson-22, Black to move.
boardsize 6 6
dfpn-clear-tt
play b b2
play w d3
91 dfpn-solver-find-winning black
#? [c4]

# 7x7-henderson-23, White to move.
# White to move loses: no winning move.
boardsize 7 7
dfpn-clear-tt
play b b2
play b b5
play b c5
play w d2
play w d4
92 dfpn-solver-find-winning white
#? []

# 7x7-henderson-24, White to move.
boardsize 7 7
dfpn-clear-tt
play b c2
play b e3
play b f4
play w c3
play w f3
93 dfpn-solver-find-winning white
#? [d5]

# 7x7-henderson-25, Black to move.
boardsize 7 7
dfpn-clear-tt
play b a5
play b c5
play w e4
play w b6
94 dfpn-solver-find-winning black
#? [f2 f5]

# 7x7-henderson-26, Black to move.
boardsize 7 7
dfpn-clear-tt
play b a5
play b c5
play w b6
play w c6
95 dfpn-solver-find-winning black
#? [d5]

# 7x7-henderson-27, Black to move.
# Black to move loses: no winning move.
boardsize 7 7
dfpn-clear-tt
play b d1
play b a4
play w c2
play w b3
96 dfpn-solver-find-winning black
#? []

# 7x7-henderson-28, Black to move.
boardsize 7 7
dfpn-clear-tt
play b g1
play b f3
play b c4
play w e3
play w e4
play w c5
97 dfpn-solver-find-winning black
#? [d5]

# 7x7-henderson-29, White to move.
boardsize 7 7
dfpn-clear-tt
play b b3
play b g4
play b c6
play w e1
play w e5
98 dfpn-solver-find-winning white
#? [c5]

# 6x6-henderson-82, Black to move.
boardsize 6 6
dfpn-clear-tt
play b b2
play b a4
play w c3
play w b5
151 dfpn-solver-find-winning black
#? [c4]
