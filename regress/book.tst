# SPDX-License-Identifier: GPL-3.0-or-later
# The opening book (engine/book.h, share/book/opening-book.txt, made by
# tools/book/make-book.sh): genmove on an empty board plays the book's
# move, with swap the book's swap entry; param_game book 0 leaves the move
# to the player.
#
# Why these answers are right: the book's 7x7 swap entry is g3, a stone
# after which White wins with White to move (test 3 proves it with the
# solver; g3 is a5 turned half round, and 7x7's losing first stones are
# published: ../shared/regress-data/README.md, regress/swap.tst), so
# White gains nothing by swapping it and hein's swap table keeps it (test
# 4).  Its 11x11 swap entry is a5, a stone hein's own swap rule keeps (test
# 10), where the player's own first move, c9 for the resistance player
# (test 11), is one hein swaps (test 12).  The resistance player answers at
# once; the swap rule is every player's (engine/player.h
# player_swap_wanted).

# ---- 7x7, swap: the book's move, a losing stone ----
boardsize 7
param_game allow_swap 1
1 param_game book
#? [1]
2 genmove b
#? [g3]
3 dfpn-solve-state white 60
#? [white]
param_player name resistance
4 genmove w
#? [!swap-pieces]

# ---- the book off: the player's move ----
clear_board
param_game book 0
5 reg_genmove b
#? [e3]
param_game book 1
6 reg_genmove b
#? [g3]

# ---- 7x7, no swap: the centre, a winning stone ----
param_game allow_swap 0
7 genmove b
#? [d4]
8 dfpn-solve-state white 60
#? [black]

# ---- 11x11, swap: a stone hein's swap rule keeps ----
boardsize 11
param_game allow_swap 1
9 genmove b
#? [a5]
10 genmove w
#? [!swap-pieces]
clear_board
param_game book 0
11 genmove b
#? [c9]
12 genmove w
#? [swap-pieces]
param_game book 1

# ---- not on a board with a stone; refused values ----
boardsize 7
play b d4
13 reg_genmove w
#? [!g3]
14 param_game book 2
#? []*
15 param_game book
#? [1]
