#-----------------------------------------------------------------------------
# Pondering (param_game ponder 1, --ponder): after a genmove that played a
# move, hein searches on between commands until the next one arrives.  It
# never changes the board, the record or the result, and the commands that
# follow answer as without it.  (The runner sends each command as soon as
# the last is answered, so every pondering here is short; tools/hein-match
# matches measure its strength.)
#-----------------------------------------------------------------------------

boardsize 7 7
param_game move_time 0.2

# Off by default.
10 param_game ponder
#? [0]
param_game ponder 1
11 param_game ponder
#? [1]

play b d4
12 genmove w
#? [[a-g][1-7]]
# The board is as genmove left it: White's move is the last, Black to move.
13 showboard
#? [7x7, black to move, last move white [a-g][1-7]\n.*]
play b c5
14 genmove w
#? [[a-g][1-7]]
15 showboard
#? [7x7, black to move, last move white [a-g][1-7]\n.*]
# Taking moves back and a new game stop it; nothing is left over.
undo
undo
16 showboard
#? [7x7, black to move, last move white [a-g][1-7]\n.*]
clear_board
17 showboard
#? [7x7, black to move\n.*]
# Pondering with the solver beside the player.
param_player solver 1
play b a7
18 genmove w
#? [[a-g][1-7]]
19 final_score
#? [.*]*
param_game ponder 0
20 genmove b
#? [[a-g][1-7]]
