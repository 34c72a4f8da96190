# SPDX-License-Identifier: GPL-3.0-or-later
# Swap decisions (param_game allow_swap 1): White's genmove as move 2
# answers swap-pieces exactly when Black's first stone wins for Black,
# read from share/patterns/swap-NxN.txt, which tools/swap/swap-table.sh made
# with hein's own solver.
#
# Why these answers are right: the winners after every first move on 6x6
# and 7x7 are published results (van Rijswijck's 6x6, Hayward et al.'s
# 7x7), listed in ../shared/regress-data/README.md and checked by the
# solver suites dfpn-6x6.tst and dfpn-7x7.tst:
#   6x6: White wins after a1 a2 b1 c1 d1 e1 b6 c6 d6 e6 f5 f6, Black
#        after the other 24;
#   7x7: White wins after a1 a2 a3 a5 b1 b2 b7 c1 c7 d1 d2 and their
#        images under the 180-degree turn (g7 g6 g5 g3 f7 f6 f1 e7 e1 d7
#        d6), Black after the other 27.
# So White swaps the 24 and 27 winning stones and answers a cell to the
# others.  The resistance player answers at once; the rule is the
# players' shared one (engine/player.h player_swap_wanted).
param_player name resistance
param_game allow_swap 1

# ---- 6x6 ----
boardsize 6 6
play b a1
100 reg_genmove w
#? [[a-f][1-6]]
undo
play b b1
101 reg_genmove w
#? [[a-f][1-6]]
undo
play b c1
102 reg_genmove w
#? [[a-f][1-6]]
undo
play b d1
103 reg_genmove w
#? [[a-f][1-6]]
undo
play b e1
104 reg_genmove w
#? [[a-f][1-6]]
undo
play b f1
105 reg_genmove w
#? [swap-pieces]
undo
play b a2
106 reg_genmove w
#? [[a-f][1-6]]
undo
play b b2
107 reg_genmove w
#? [swap-pieces]
undo
play b c2
108 reg_genmove w
#? [swap-pieces]
undo
play b d2
109 reg_genmove w
#? [swap-pieces]
undo
play b e2
110 reg_genmove w
#? [swap-pieces]
undo
play b f2
111 reg_genmove w
#? [swap-pieces]
undo
play b a3
112 reg_genmove w
#? [swap-pieces]
undo
play b b3
113 reg_genmove w
#? [swap-pieces]
undo
play b c3
114 reg_genmove w
#? [swap-pieces]
undo
play b d3
115 reg_genmove w
#? [swap-pieces]
undo
play b e3
116 reg_genmove w
#? [swap-pieces]
undo
play b f3
117 reg_genmove w
#? [swap-pieces]
undo
play b a4
118 reg_genmove w
#? [swap-pieces]
undo
play b b4
119 reg_genmove w
#? [swap-pieces]
undo
play b c4
120 reg_genmove w
#? [swap-pieces]
undo
play b d4
121 reg_genmove w
#? [swap-pieces]
undo
play b e4
122 reg_genmove w
#? [swap-pieces]
undo
play b f4
123 reg_genmove w
#? [swap-pieces]
undo
play b a5
124 reg_genmove w
#? [swap-pieces]
undo
play b b5
125 reg_genmove w
#? [swap-pieces]
undo
play b c5
126 reg_genmove w
#? [swap-pieces]
undo
play b d5
127 reg_genmove w
#? [swap-pieces]
undo
play b e5
128 reg_genmove w
#? [swap-pieces]
undo
play b f5
129 reg_genmove w
#? [[a-f][1-6]]
undo
play b a6
130 reg_genmove w
#? [swap-pieces]
undo
play b b6
131 reg_genmove w
#? [[a-f][1-6]]
undo
play b c6
132 reg_genmove w
#? [[a-f][1-6]]
undo
play b d6
133 reg_genmove w
#? [[a-f][1-6]]
undo
play b e6
134 reg_genmove w
#? [[a-f][1-6]]
undo
play b f6
135 reg_genmove w
#? [[a-f][1-6]]
undo

# ---- 7x7 ----
boardsize 7 7
play b a1
136 reg_genmove w
#? [[a-g][1-7]]
undo
play b b1
137 reg_genmove w
#? [[a-g][1-7]]
undo
play b c1
138 reg_genmove w
#? [[a-g][1-7]]
undo
play b d1
139 reg_genmove w
#? [[a-g][1-7]]
undo
play b e1
140 reg_genmove w
#? [[a-g][1-7]]
undo
play b f1
141 reg_genmove w
#? [[a-g][1-7]]
undo
play b g1
142 reg_genmove w
#? [swap-pieces]
undo
play b a2
143 reg_genmove w
#? [[a-g][1-7]]
undo
play b b2
144 reg_genmove w
#? [[a-g][1-7]]
undo
play b c2
145 reg_genmove w
#? [swap-pieces]
undo
play b d2
146 reg_genmove w
#? [[a-g][1-7]]
undo
play b e2
147 reg_genmove w
#? [swap-pieces]
undo
play b f2
148 reg_genmove w
#? [swap-pieces]
undo
play b g2
149 reg_genmove w
#? [swap-pieces]
undo
play b a3
150 reg_genmove w
#? [[a-g][1-7]]
undo
play b b3
151 reg_genmove w
#? [swap-pieces]
undo
play b c3
152 reg_genmove w
#? [swap-pieces]
undo
play b d3
153 reg_genmove w
#? [swap-pieces]
undo
play b e3
154 reg_genmove w
#? [swap-pieces]
undo
play b f3
155 reg_genmove w
#? [swap-pieces]
undo
play b g3
156 reg_genmove w
#? [[a-g][1-7]]
undo
play b a4
157 reg_genmove w
#? [swap-pieces]
undo
play b b4
158 reg_genmove w
#? [swap-pieces]
undo
play b c4
159 reg_genmove w
#? [swap-pieces]
undo
play b d4
160 reg_genmove w
#? [swap-pieces]
undo
play b e4
161 reg_genmove w
#? [swap-pieces]
undo
play b f4
162 reg_genmove w
#? [swap-pieces]
undo
play b g4
163 reg_genmove w
#? [swap-pieces]
undo
play b a5
164 reg_genmove w
#? [[a-g][1-7]]
undo
play b b5
165 reg_genmove w
#? [swap-pieces]
undo
play b c5
166 reg_genmove w
#? [swap-pieces]
undo
play b d5
167 reg_genmove w
#? [swap-pieces]
undo
play b e5
168 reg_genmove w
#? [swap-pieces]
undo
play b f5
169 reg_genmove w
#? [swap-pieces]
undo
play b g5
170 reg_genmove w
#? [[a-g][1-7]]
undo
play b a6
171 reg_genmove w
#? [swap-pieces]
undo
play b b6
172 reg_genmove w
#? [swap-pieces]
undo
play b c6
173 reg_genmove w
#? [swap-pieces]
undo
play b d6
174 reg_genmove w
#? [[a-g][1-7]]
undo
play b e6
175 reg_genmove w
#? [swap-pieces]
undo
play b f6
176 reg_genmove w
#? [[a-g][1-7]]
undo
play b g6
177 reg_genmove w
#? [[a-g][1-7]]
undo
play b a7
178 reg_genmove w
#? [swap-pieces]
undo
play b b7
179 reg_genmove w
#? [[a-g][1-7]]
undo
play b c7
180 reg_genmove w
#? [[a-g][1-7]]
undo
play b d7
181 reg_genmove w
#? [[a-g][1-7]]
undo
play b e7
182 reg_genmove w
#? [[a-g][1-7]]
undo
play b f7
183 reg_genmove w
#? [[a-g][1-7]]
undo
play b g7
184 reg_genmove w
#? [[a-g][1-7]]
undo

# Square sizes without a table: the circuit's rule (engine/swap.h
# swap_by_circuit, param_game swap_ratio 0.45), which agrees with the 6x6
# and 7x7 tables on 78 of the 85 stones (tools/swap/swap-check.sh).  On every
# solved size a central stone wins for Black and the corner a1 and the
# middle of Black's own first row lose; the rule says the same on 8x8 and
# 11x11.
boardsize 8 8
play b d4
200 reg_genmove w
#? [swap-pieces]
undo
play b e5
201 reg_genmove w
#? [swap-pieces]
undo
play b a1
202 reg_genmove w
#? [[a-h][1-8]]
undo
play b d1
203 reg_genmove w
#? [[a-h][1-8]]
undo
play b e8
204 reg_genmove w
#? [[a-h][1-8]]
undo
boardsize 11 11
play b f6
210 reg_genmove w
#? [swap-pieces]
undo
play b c3
211 reg_genmove w
#? [swap-pieces]
undo
play b a1
212 reg_genmove w
#? [[a-k]([1-9]|1[01])]
undo
play b f1
213 reg_genmove w
#? [[a-k]([1-9]|1[01])]
undo
# The share is a parameter: 0 swaps every stone the circuit favours
# Black after (all of them on an empty board), out of range is refused
# and changes nothing.
220 param_game swap_ratio 1.5
#? []*
play b a1
221 reg_genmove w
#? [[a-k]([1-9]|1[01])]
undo
param_game swap_ratio 0
play b a1
222 reg_genmove w
#? [swap-pieces]
undo
param_game swap_ratio 0.45

# Rectangles: the side whose edges are closer together wins whoever moves
# first, so White swaps every stone when that is Black (fewer rows than
# columns; Black joins top and bottom) and none when it is White; the
# small boards' solver agrees (a 4x3 board is won by Black with White to
# move, a 3x4 by White).
boardsize 9 8
play b a1
230 reg_genmove w
#? [swap-pieces]
undo
boardsize 8 9
play b d5
231 reg_genmove w
#? [[a-h][1-9]]
undo
boardsize 4 3
232 dfpn-solve-state white
#? [black]
boardsize 3 4
233 dfpn-solve-state white
#? [white]
