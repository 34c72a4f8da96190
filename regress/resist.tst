# SPDX-License-Identifier: GPL-3.0-or-later
# hein's circuit-evaluation suite (board/resist.h): eval-resist,
# eval-resist-cells, param_resist and the resistance player.  Exact figures
# come from circuits small enough to work out by hand, without VC
# conductors (param_resist use_vcs 0), so that they do not move when the
# VC engine finds more connections.  Conductances are the defaults: 1
# between empty cells, 2 between an empty cell and a group or edge.
# eval-resist answers "res log(Rw/Rb) rew Rw reb Rb" with three decimals;
# eval-resist-cells answers CELL SCORE pairs in cell order.  ('*' after an
# expectation: the command must fail.)

param_resist use_vcs 0

# One column of three cells.  Black's current runs north - a1 - a2 - a3 -
# south: 1/2 + 1 + 1 + 1/2 = 3.  For White each cell joins west and east
# by itself (1/2 + 1/2), three of them side by side: 1/3.  res =
# log(1/3 / 3) = -log 9.
boardsize 1 3
10 eval-resist
#? [res -2\.197 rew 0\.333 reb 3\.000]

# The transposed board swaps the colours' roles: the value changes sign.
boardsize 3 1
11 eval-resist black
#? [res 2\.197 rew 3\.000 reb 0\.333]

# With VC conductors White's edges are fully connected on 1x3 (any of the
# three cells joins them, and Black can take only one at a time): White
# has won, R_white = 0, res = -1000; Black's circuit is unchanged.
boardsize 1 3
param_resist use_vcs 1
12 eval-resist
#? [res -1000\.000 rew 0\.000 reb 3\.000]
param_resist use_vcs 0

# An empty square board is the same for both colours: res 0, rew = reb.
# (No back-references in these patterns: hein-regress wraps a pattern in a
# group of its own, so \1 would not mean what it means to GoGui.)
boardsize 5 5
13 eval-resist
#? [res 0\.000 rew 0\.710 reb 0\.710]

param_resist use_vcs 1
boardsize 7 7
14 eval-resist w
#? [res 0\.000 rew [0-9.]+ reb [0-9.]+]
param_resist use_vcs 0

# A black stone in the centre is good for Black: res > 0 (Rb < Rw).
play b d4
15 eval-resist
#? [res 0\.0[1-9]\d rew 0\.\d+ reb 0\.\d+]

# Cell scores on an empty 3x3 board show the board's symmetries: the
# 180-degree rotation (a1 = c3, b1 = b3, c1 = a3, a2 = c2) and the
# transpose with the colours swapped (b1 = a2, c1 = a3).  Without VCs the
# obtuse corners c1 and a3 score highest: they lie on both colours' short
# diagonal, where each circuit's current crowds.
boardsize 3 3
20 eval-resist-cells b
#? [a1 0\.1270 b1 0\.2059 c1 0\.3490 a2 0\.2059 b2 0\.2243 c2 0\.2059 a3 0\.3490 b3 0\.2059 c3 0\.1270]

# With VC conductors the bridges through the centre carry current too,
# and b2, the winning first move, scores highest.
param_resist use_vcs 1
21 eval-resist-cells
#? [a1 0\.[0-3]\d+ b1 0\.[0-3]\d+ c1 0\.[0-3]\d+ a2 0\.[0-3]\d+ b2 0\.[4-9]\d+ c2 0\.[0-3]\d+ a3 0\.[0-3]\d+ b3 0\.[0-3]\d+ c3 0\.[0-3]\d+]
param_resist use_vcs 0

# c3 inside a ring of black stones is dead (its colour cannot matter): it
# conducts for neither colour and scores 0.  Occupied cells are not
# listed.
boardsize 5 5
play b c2
play b d2
play b b3
play b d3
play b b4
play b c4
22 eval-resist-cells white
#? [a1 .* c3 0\.0000 e3 .*]

23 eval-resist-cells white
#? [!.* c2 .*]

# A finished game: Black a1 a2 a3 joins north and south.  Black's
# resistance is 0, White's edges are cut apart (1000000000), the value is
# +1000; no infinity, no NaN, and every cell scores 0.
boardsize 3 3
play b a1
play b a2
play b a3
30 eval-resist
#? [res 1000\.000 rew 1000000000\.000 reb 0\.000]

31 eval-resist-cells
#? [b1 0\.0000 c1 0\.0000 b2 0\.0000 c2 0\.0000 b3 0\.0000 c3 0\.0000]

# A full board (no empty cell): still an answer, an empty cell list.
boardsize 1 1
play w a1
32 eval-resist
#? [res -1000\.000 rew 0\.000 reb 1000000000\.000]

33 eval-resist-cells
#? []

# Black b2 on 3x3 bridges to both edges: with VCs Black is connected.
param_resist use_vcs 1
boardsize 3 3
play b b2
34 eval-resist
#? [res 1000\.000 rew [0-9.]+ reb 0\.000]

# The resistance player.  White has lost (Black is fully connected), but
# it does not resign while a cell is left.
35 reg_genmove white
#? [[a-c][1-3]]

# White b1 takes one of b2's two ways north: Black's edges are now joined
# by a semi connection with key c1 (b2-c1-north, and the bridge a3 b3
# south).  The player plays the proven win.
play w b1
36 reg_genmove black
#? [c1]

# Parameters: HexGui's "[type] key value" lines, then set and show one.
40 param_resist
#? [\[string\] empty_empty 1\n\[string\] empty_group 2\n\[bool\] use_vcs 1\n\[string\] vc_weight 1\n\[bool\] cut_dead 1\n\[string\] tolerance 1e-08\n\[string\] max_iterations 1000\n\[bool\] warm_start 1]

41 param_resist vc_weight 2.5
#? []

42 param_resist vc_weight
#? [2\.5]

# Bad input answers "? message" and changes nothing.
43 param_resist vc_weight 0
#? [.*]*

44 param_resist vc_weight nan
#? [.*]*

45 param_resist vc_weight
#? [2\.5]

46 param_resist max_iterations 1.5
#? [.*]*

47 param_resist no_such_key 1
#? [.*]*

48 param_resist tolerance
#? [1e-08]

49 eval-resist purple
#? [.*]*

50 eval-resist black white
#? [.*]*

51 eval-resist-cells z
#? [.*]*

# The position is untouched by the failures: still Black b2, White b1.
52 eval-resist-cells
#? [a1 \S+ c1 \S+ a2 \S+ c2 \S+ a3 \S+ b3 \S+ c3 \S+]
