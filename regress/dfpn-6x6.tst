# SPDX-License-Identifier: GPL-3.0-or-later
# Every 6x6 opening: Black plays one of the 36 cells, then the solver is
# asked for the winner with White to move (dfpn-solve-state white).  The
# table is cleared between tests so each answer is found from scratch.
#
# Why these answers are right: 6x6 Hex was solved by computer for every
# first move around 2000 (van Rijswijck's Queenbee), the result has been
# reproduced since by the Alberta solvers, and Benzene's DFPN regression
# suite (dfpn-solve-6x6.tst) checks exactly this table.
# White wins after a1 a2 b1 c1 d1 e1 and after their images b6 c6 d6 e6
# f5 f6; Black wins after the other 24 openings.
#
# A cross-check inside the table itself: turning the board by 180 degrees
# maps cell (column c, row r) to (7-c, 7-r), takes Black's top and bottom
# edges onto each other and White's left and right edges onto each other,
# so it maps every position onto one with the same winner.  The openings
# therefore come in 18 pairs with equal answers (a1 with f6, a2 with f5,
# b1 with e6, ...), which is what the expectations below show.  Strategy
# stealing says Black wins on the empty board, so some opening must win;
# indeed most do.
#
# Test number = column (a=1 ... f=6) * 10 + row.  Part of make check
# (about 10-25 s in all when this was written).

boardsize 6 6

play b a1
11 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b a2
12 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b a3
13 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b a4
14 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b a5
15 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b a6
16 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b b1
21 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b b2
22 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b b3
23 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b b4
24 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b b5
25 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b b6
26 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b c1
31 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b c2
32 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b c3
33 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b c4
34 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b c5
35 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b c6
36 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b d1
41 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b d2
42 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b d3
43 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b d4
44 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b d5
45 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b d6
46 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b e1
51 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b e2
52 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b e3
53 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b e4
54 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b e5
55 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b e6
56 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b f1
61 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b f2
62 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b f3
63 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b f4
64 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b f5
65 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b f6
66 dfpn-solve-state white
#? [white]
