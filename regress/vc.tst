# SPDX-License-Identifier: GPL-3.0-or-later
# hein's VC regression suite: the virtual-connection engine (board/vc.h)
# through its HTP commands, on positions of regress/sgf/vc/.  Cells in
# carriers and plists come in cell order (a1 b1 .. then row 2, ...).

# A bridge: b2-c3 is a full connection with carrier c2 b3, built from the
# two semis with keys c2 and b3 (AND over an empty cell, then OR: its
# SOURCE field says "or").
loadsgf sgf/vc/bridge.sgf
10 vc-between-cells-full black b2 c3
#? [.*black b2 c3 full or \[ c2 b3 \] \[ \].*]

# Each semi is an AND over its key: SOURCE "and".
13 vc-between-cells-semi black b2 c3
#? [black b2 c3 semi and .*\nblack b2 c3 semi and .*]

11 vc-between-cells-semi black b2 c3
#? [.*\[ c2 \] \[ \] c2.*\[ b3 \] \[ \] b3.*]

# White has no connection through black stones.
12 vc-between-cells-full white b2 c3
#? []

# Template IIIa, the ziggurat, both ways round; d5 is also fully connected
# to the south edge by H-search itself.
loadsgf sgf/vc/ziggurat.sgf
20 vc-between-cells-full black d5 south
#? [.*\[ e5 c6 d6 e6 b7 c7 d7 e7 \].*]

21 vc-between-cells-full black d5 south
#? [.*\[ c5 b6 c6 d6 a7 b7 c7 d7 \].*]

# The same template transposed for White against the east edge.
loadsgf sgf/vc/ziggurat-white.sgf
22 vc-between-cells-full white e4 east
#? [.*\[ g2 f3 g3 f4 g4 e5 f5 g5 \].*]

# White to move would win (e4 plus a move): White has semis between its
# edges, and Black must play in all of them.
23 vc-get-mustplay b
#? [g2 f3 a4 b4 c4 d4 f4 g4 a5 b5 c5 a6 b6 a7]

# 3x3, Black b1 (edge bridge north), White a2: White must play b2 or b3
# (minimax agrees: the other moves lose).
loadsgf sgf/vc/mustplay-3x3.sgf
30 vc-get-mustplay w
#? [b2 b3]

# vc-build (HexGui's Hint) names the inferior cells first, as
# compute-inferior does -- a1 is dead (filled white), c1, a3 and c3 are
# vulnerable -- then the rest of the cells outside the must-play: c2.
31 vc-build w
#? [a1 fdw c1 iv\[b2\] a3 iv\[b3\] c3 iv\[b3\] c2 x]

32 vc-connected-to-semi black south
#? [.*b2.*]

# 5x5, Black c3: Black is fully connected, so White has lost: its
# must-play is empty and vc-build marks every cell (a1 and e5, vulnerable,
# with their killers; every other cell with x).
loadsgf sgf/vc/won-5x5.sgf
40 vc-get-mustplay white
#? []

41 vc-build white
#? [a1 iv\[b1\] e5 iv\[d5\] b1 x c1 x d1 x e1 x a2 x b2 x c2 x d2 x e2 x a3 x b3 x d3 x e3 x a4 x b4 x c4 x d4 x e4 x a5 x b5 x c5 x d5 x]

42 vc-connected-to-full black north
#? [.*c3.*]

43 vc-between-cells-full black north south
#? [black north south full (and|or|pattern|base) .*]

# 7x7, White c3 and c5 against Black d2 and b5: Black (to move second)
# has lost nothing yet; White's own must-play is small.
loadsgf sgf/vc/chain-7x7.sgf
50 vc-get-mustplay b
#? [a2 b2 c2 g2 a3 b3 f3 a4 b4 c4 e4 f4 g4 a5 d5 a6 b6 a7]

# Parameters and errors.
60 param_vc
#? [\[string\] max_fulls 6\n\[string\] max_semis 12\n\[string\] max_ors 3\n\[bool\] use_templates 1\n\[bool\] incremental 1\n\[bool\] and_over_edge 0]

61 param_vc max_ors 4
#? []

62 param_vc max_ors 1
#? []*

63 vc-between-cells-full black a1 z9
#? []*

64 vc-get-mustplay purple
#? []*
