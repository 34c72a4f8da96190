#-----------------------------------------------------------------------------
# Playing: moves in any colour order, swap-pieces, undo, genmove, legality,
# the winner.  ('*' after an expectation: the command must fail.)
#-----------------------------------------------------------------------------

boardsize 5 5
param_player name random

# An empty 5x5 board has 25 legal moves and no swap yet.
10 all_legal_moves
#? [a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5]

# After Black's first stone White may swap: with the swap rule on, it is
# listed and announced; with it off (the default), neither, though play
# still takes a swap (CONVENTIONS.md).
play b c3
param_game allow_swap 1
11 all_legal_moves white
#? [.* swap-pieces]
12 showboard
#? [.*white to move.*swap available.*]
param_game allow_swap 0
54 all_legal_moves white
#? [a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5]
55 showboard
#? [5x5, white to move, last move black c3\n.*]

# Swap: no stone changes, White moves again, no second swap.
play white swap-pieces
13 showboard
#? [.*white to move, last move white swap-pieces, swap played.*x.*]
14 play white swap-pieces
#? [.*]*
play white b2
15 showboard
#? [.*black to move.*]

# Undo of a swap restores the position before it: swap legal again
# (listed with the swap rule on).
undo
undo
param_game allow_swap 1
16 all_legal_moves white
#? [.* swap-pieces]
param_game allow_swap 0

# Swap is only White's move 2.
17 play black swap-pieces
#? [.*]*
play white a1
18 play white swap-pieces
#? [.*]*

# Occupied cells are refused and change nothing.
19 play black c3
#? [.*]*
20 play white a1
#? [.*]*

# Any colour order (HexGui's set-up stones): three black stones in a row.
clear_board
play black a1
play black b1
play black c1
21 showboard
#? [.*white to move.*]

# Black connects top to bottom: a1 a2 a3 a4 a5.
clear_board
play b a1
play b a2
play b a3
play b a4
22 final_score
#? [.*]*
play b a5
23 final_score
#? [B\+]

# The game is over: genmove gives neither side a move (resign is an answer
# for a live game only), and the result stays a connection.
24 genmove black
#? [.*]*
25 reg_genmove white
#? [.*]*
52 genmove white
#? [.*]*
53 final_score
#? [B\+]

# A white row a3..e3 connects left to right.
clear_board
play w a3
play w b3
play w c3
play w d3
play w e3
26 final_score
#? [W\+]

# A resignation played as a move (HexGui sends one only when it replays an
# SGF resign node) ends the game: the other side wins, and no second
# resignation is taken.  It is one entry: undo takes back just it, as
# HexGui's Back from that node expects.
clear_board
play b c3
play w resign
27 final_score
#? [B\+]
28 play b resign
#? [.*]*
# genmove on the finished game records nothing more.
51 genmove white
#? [.*]*
undo
29 final_score
#? [.*]*
48 showboard
#? [5x5, white to move, last move black c3.*]
# A stone after a resignation goes on with the game: GTP clients may play
# on past a resign reply, and HexGui past a resign node.
play w resign
49 play b d4
#? []
50 final_score
#? [.*]*

# genmove answers one legal cell and plays it.
clear_board
30 genmove black
#? [[a-e][1-5]]
31 showboard
#? [.*white to move.*]

# reg_genmove does not play.
32 reg_genmove white
#? [[a-e][1-5]]
33 showboard
#? [.*white to move.*]

# genmove may swap only when allow_swap is set; 1x1 boards are fine.
boardsize 1 1
34 genmove white
#? [a1]
35 final_score
#? [W\+]

# Rectangular boards: 7 columns, 3 rows.
boardsize 7 3
36 play b g3
#? []
37 play b h1
#? [.*]*
38 play b a4
#? [.*]*

# undo with nothing to undo fails.
clear_board
39 undo
#? [.*]*

# HexGui's Generate after Black connected: genmove fails, records no
# resignation, and HexGui's Back (one undo) takes back the last stone.
boardsize 3 3
play b b1
play w a1
play b b2
play w a2
play b b3
40 genmove white
#? [.*]*
41 showboard
#? [.*black has won\n.*]
42 final_score
#? [B\+]
43 undo
#? []
44 showboard
#? [3x3, black to move, last move white a2.*]
45 final_score
#? [.*]*
46 play b b3
#? []
47 showboard
#? [.*black has won.*]
