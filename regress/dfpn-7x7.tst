# SPDX-License-Identifier: GPL-3.0-or-later
# Every 7x7 opening: Black plays one of the 49 cells, then the solver is
# asked for the winner with White to move (dfpn-solve-state white), the
# table cleared between tests.  Too slow for make check: make check-long
# runs it.
#
# Why these answers are right: all 7x7 openings were solved by Hayward,
# Bjornsson, Johanson, Kan, Po and van Rijswijck ("Solving 7x7 Hex:
# virtual connections and game-state reduction", 2003), and Benzene's
# solver suite (dfpn-solve-7x7.tst, first moves a1 ... d4) checks the same
# values.  White wins after a1 a2 a3 a5 b1 b2 b7 c1 c7 d1 d2; Black wins
# after a4 a6 a7 b3 b4 b5 b6 c2 c3 c4 c5 c6 d3 d4.
#
# The remaining 24 openings follow by symmetry: turning the board by 180
# degrees maps (column c, row r) to (8-c, 8-r), swaps Black's two edges
# with each other and White's two edges with each other, and so keeps
# every winner.  a1 pairs with g7, a2 with g6, b7 with f1, d1 with d7, and
# d4 is its own image.  So White also wins after g7 g6 g5 g3 f7 f6 f1 e7
# e1 d7 d6, and Black after the other openings of columns e to g.
#
# Test number = column (a=1 ... g=7) * 10 + row.

boardsize 7 7

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
#? [white]

undo
dfpn-clear-tt
play b a4
14 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b a5
15 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b a6
16 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b a7
17 dfpn-solve-state white
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
#? [white]

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
#? [black]

undo
dfpn-clear-tt
play b b7
27 dfpn-solve-state white
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
#? [black]

undo
dfpn-clear-tt
play b c7
37 dfpn-solve-state white
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
#? [white]

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
play b d7
47 dfpn-solve-state white
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
#? [black]

undo
dfpn-clear-tt
play b e7
57 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b f1
61 dfpn-solve-state white
#? [white]

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
#? [black]

undo
dfpn-clear-tt
play b f6
66 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b f7
67 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b g1
71 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b g2
72 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b g3
73 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b g4
74 dfpn-solve-state white
#? [black]

undo
dfpn-clear-tt
play b g5
75 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b g6
76 dfpn-solve-state white
#? [white]

undo
dfpn-clear-tt
play b g7
77 dfpn-solve-state white
#? [white]
