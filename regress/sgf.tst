#-----------------------------------------------------------------------------
# SGF: HexGui's dialect -- set-up nodes, PL, swap spellings, rectangles,
# resignations, variations -- and clear errors that leave the game as it
# was.  ('*' after an expectation: the command must fail.)
#-----------------------------------------------------------------------------

# A HexGui set-up node: black d1 d2 d3, white c2 i4, White to move.
10 loadsgf sgf/hexgui-setup.sgf
#? []
11 showboard
#? [.*white to move.*]
# Five stones: 121 - 5 = 116 empty cells, none of them d1 or c2.
12 all_legal_moves
#? [a1 b1 c1 e1 f1 .*]

# A game with the swap: a3, swap-pieces, then White again at f6.
20 loadsgf sgf/game-swap.sgf
#? []
21 showboard
#? [.*white to move.*last move black e7.*swap played.*]
# Loading the first 2 moves stops right after the swap: White to move.
22 loadsgf sgf/game-swap.sgf 2
#? []
23 showboard
#? [.*white to move, last move white swap-pieces, swap played.*]
# ... and MOVES 1 leaves the swap available (listed with the swap rule).
loadsgf sgf/game-swap.sgf 1
param_game allow_swap 1
24 all_legal_moves white
#? [.* swap-pieces]
param_game allow_swap 0

# The older spelling W[SWAP].
30 loadsgf sgf/old-swap.sgf
#? []
31 showboard
#? [.*5x5, black to move.*swap played.*]

# SZ[7:5] and a rectangle a1:c2 (six black stones).
40 loadsgf sgf/rectangle.sgf
#? []
41 showboard
#? [.*7x5.*]
42 all_legal_moves
#? [d1 e1 f1 g1 d2 .*]

# A resignation is loaded: the game is over.
50 loadsgf sgf/resign.sgf
#? []
51 final_score
#? [W\+]

# Variations: only the main line (a1, b2) is loaded.
60 loadsgf sgf/variations.sgf
#? []
61 all_legal_moves
#? [b1 c1 a2 c2 a3 b3 c3]

# Broken files fail with a message and leave the game unchanged: the
# position from test 60 stays (7 empty cells).
70 loadsgf sgf/bad-occupied.sgf
#? [.*]*
71 loadsgf sgf/bad-go-game.sgf
#? [.*]*
72 loadsgf sgf/bad-size.sgf
#? [.*]*
73 loadsgf sgf/bad-truncated.sgf
#? [.*]*
74 loadsgf sgf/bad-swap.sgf
#? [.*]*
75 loadsgf sgf/no-such-file.sgf
#? [.*]*
76 loadsgf sgf/game-swap.sgf -3
#? [.*]*
77 all_legal_moves
#? [b1 c1 a2 c2 a3 b3 c3]

# savesgf then loadsgf gives the same game back.
loadsgf sgf/game-swap.sgf
80 savesgf /tmp/hein-regress-sgf-roundtrip.sgf
#? []
clear_board
81 loadsgf /tmp/hein-regress-sgf-roundtrip.sgf
#? []
82 showboard
#? [.*white to move.*last move black e7.*swap played.*]
83 savesgf /nonexistent-dir/x.sgf
#? [.*]*

# A game won by a connection keeps its result: genmove on it fails and
# records no resignation, so the file says RE[B+]; loaded back, the game is
# over by the connection alone, and undo takes back the last stone.
boardsize 3 3
play b b1
play w a1
play b b2
play w a2
play b b3
90 genmove white
#? [.*]*
91 savesgf /tmp/hein-regress-sgf-resign.sgf
#? []
clear_board
92 loadsgf /tmp/hein-regress-sgf-resign.sgf
#? []
93 showboard
#? [.*black has won\n.*]
94 undo
#? []
95 play b b3
#? []
