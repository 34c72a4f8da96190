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
# compute-inferior does -- a1 is dead (filled white), c1, c2, a3 and c3
# are vulnerable (c2 too since the vulnerable search looks through the
# groups a killer joins) -- then the rest of the cells outside the
# must-play: none left.
31 vc-build w
#? [a1 fdw c1 iv\[b2\] c2 iv\[b2\] a3 iv\[b3\] c3 iv\[b3\]]

32 vc-connected-to-semi black south
#? [.*b2.*]

# 5x5, Black c3: Black is fully connected, so White has lost: its
# must-play is empty and vc-build marks every cell (a1, a2, e4 and e5,
# vulnerable, with their killers; a3, a4 on White's west edge and e2, e3
# on its east edge dominated by the second-column cell whose edge bridge
# holds them; every other cell with x).
loadsgf sgf/vc/won-5x5.sgf
40 vc-get-mustplay white
#? []

41 vc-build white
#? [a1 iv\[b1\] a2 iv\[b2\] e2 id\[d3\] a3 id\[b2\] e3 id\[d3\] a4 id\[b3\] e4 iv\[d4\] e5 iv\[d5\] b1 x c1 x d1 x e1 x b2 x c2 x d2 x b3 x d3 x b4 x c4 x d4 x a5 x b5 x c5 x d5 x]

42 vc-connected-to-full black north
#? [.*c3.*]

43 vc-between-cells-full black north south
#? [black north south full (and|or|pattern|base) .*]

# 7x7, White c3 and c5 against Black d2 and b5: Black (to move second)
# has lost nothing yet; White's own must-play is small.  (With 6 fulls,
# 12 semis and ORs of 3 per pair, d5 was in it too: more semis between the
# edges make the must-play smaller, and test_vc checks against minimax
# that every move outside it loses.)  The VC commands answer on the filled
# board, as the searchers see it: White's captured corner a2 b2 c2 a3 b3
# a4 b4 a5 (vc-build names them fcw) is filled, so it is not in the
# must-play; on the position as it stands the must-play is the same plus
# those eight cells.
loadsgf sgf/vc/chain-7x7.sgf
50 vc-get-mustplay b
#? [g2 f3 c4 e4 f4 g4 a6 b6 a7]

51 vc-build b
#? [.*a2 fcw b2 fcw c2 fcw a3 fcw b3 fcw a4 fcw b4 fcw a5 fcw .*]

# The row-4 edge templates IVa and IVb (share/patterns/vc-templates.txt,
# proven by hein-patcheck) on 11x11, set up with play.  A lone stone on
# the fourth row from an edge gets three template connections to it:
# IVa as drawn, IVa mirrored, and IVb (its own mirror image).  Each
# carrier below is the file's diagram placed by hand: for Black against
# the south edge as drawn (f8, row 8 = 4th from the south); turned by
# 180 degrees against the north edge (f4); transposed for White against
# the east (h6, column h = 4th from the east) and west (d6) edges.  The
# source "pattern" says the template made it (H-search alone finds these
# carriers too, as "or", on an otherwise empty board).

# Black f8 against the south edge, as drawn: IVa, IVa mirrored, IVb.
boardsize 11
play black f8
70 vc-between-cells-full black f8 south
#? [.*black f8 south full pattern \[ g8 d9 e9 f9 g9 h9 c10 d10 e10 f10 g10 h10 b11 c11 d11 e11 f11 g11 h11 \] \[ \].*]

71 vc-between-cells-full black f8 south
#? [.*black f8 south full pattern \[ e8 c9 d9 e9 f9 g9 b10 c10 d10 e10 f10 g10 a11 b11 c11 d11 e11 f11 g11 \] \[ \].*]

72 vc-between-cells-full black f8 south
#? [.*black f8 south full pattern \[ e8 g8 c9 d9 e9 f9 g9 h9 b10 c10 d10 f10 g10 h10 a11 b11 c11 d11 e11 f11 g11 h11 \] \[ \].*]

# Black f4 against the north edge: the same three turned by 180 degrees
# (IVa's row-4 cell is now left of the endpoint: e4).
boardsize 11
play black f4
73 vc-between-cells-full black f4 north
#? [.*black f4 north full pattern \[ d1 e1 f1 g1 h1 i1 j1 d2 e2 f2 g2 h2 i2 d3 e3 f3 g3 h3 e4 \] \[ \].*]

74 vc-between-cells-full black f4 north
#? [.*black f4 north full pattern \[ e1 f1 g1 h1 i1 j1 k1 e2 f2 g2 h2 i2 j2 e3 f3 g3 h3 i3 g4 \] \[ \].*]

75 vc-between-cells-full black f4 north
#? [.*black f4 north full pattern \[ d1 e1 f1 g1 h1 i1 j1 k1 d2 e2 f2 h2 i2 j2 d3 e3 f3 g3 h3 i3 e4 g4 \] \[ \].*]

# White h6 against the east edge: the three transposed (IVa's row-4
# cell is below the endpoint: h7).
boardsize 11
play white h6
76 vc-between-cells-full white h6 east
#? [.*white h6 east full pattern \[ k2 j3 k3 i4 j4 k4 i5 j5 k5 i6 j6 k6 h7 i7 j7 k7 i8 j8 k8 \] \[ \].*]

77 vc-between-cells-full white h6 east
#? [.*white h6 east full pattern \[ k1 j2 k2 i3 j3 k3 i4 j4 k4 h5 i5 j5 k5 i6 j6 k6 i7 j7 k7 \] \[ \].*]

78 vc-between-cells-full white h6 east
#? [.*white h6 east full pattern \[ k1 j2 k2 i3 j3 k3 i4 j4 k4 h5 i5 k5 i6 j6 k6 h7 i7 j7 k7 i8 j8 k8 \] \[ \].*]

# White d6 against the west edge: transposed and turned (IVa's row-4
# cell is above the endpoint: d5).
boardsize 11
play white d6
79 vc-between-cells-full white d6 west
#? [.*white d6 west full pattern \[ a4 b4 c4 a5 b5 c5 d5 a6 b6 c6 a7 b7 c7 a8 b8 c8 a9 b9 a10 \] \[ \].*]

80 vc-between-cells-full white d6 west
#? [.*white d6 west full pattern \[ a5 b5 c5 a6 b6 c6 a7 b7 c7 d7 a8 b8 c8 a9 b9 c9 a10 b10 a11 \] \[ \].*]

81 vc-between-cells-full white d6 west
#? [.*white d6 west full pattern \[ a4 b4 c4 a5 b5 c5 d5 a6 b6 c6 a7 c7 d7 a8 b8 c8 a9 b9 c9 a10 b10 a11 \] \[ \].*]

# An opponent stone inside a carrier removes that template and no other.
# White h10 lies in IVa's and IVb's carriers at f8, not in mirrored IVa's:
# only mirrored IVa is left.
boardsize 11
play black f8
play white h10
82 vc-between-cells-full black f8 south
#? [black f8 south full pattern \[ e8 c9 d9 e9 f9 g9 b10 c10 d10 e10 f10 g10 a11 b11 c11 d11 e11 f11 g11 \] \[ \]]

# White e10 lies in both images of IVa but in IVb's hole: only IVb is
# left, the one connection here that IVa does not give.
boardsize 11
play black f8
play white e10
83 vc-between-cells-full black f8 south
#? [black f8 south full pattern \[ e8 g8 c9 d9 e9 f9 g9 h9 b10 c10 d10 f10 g10 h10 a11 b11 c11 d11 e11 f11 g11 h11 \] \[ \]]

# White f9, right below f8, lies in all three carriers: no template
# applies (a template's claim needs every carrier cell empty), and
# H-search builds no other full connection from f8 to the edge, so the
# reply is empty (claiming nothing is always sound; with White to move,
# e9 would leave f8 no empty neighbour nearer the edge).
boardsize 11
play black f8
play white f9
84 vc-between-cells-full black f8 south
#? []

# White i10, next to h9, h10 and h11 but outside every carrier, takes
# nothing away: the same three template connections, and only those.
boardsize 11
play black f8
play white i10
85 vc-between-cells-full black f8 south
#? [black f8 south full pattern [^\n]*\nblack f8 south full pattern [^\n]*\nblack f8 south full pattern [^\n]*]

# The same four cases transposed for White against the east edge: Black
# j8 (h10 transposed), j5 (e10), i6 (f9) and j9 (i10) against White h6,
# with the same answers for the same reasons: mirrored IVa alone, IVb
# alone, nothing, all three.
boardsize 11
play white h6
play black j8
86 vc-between-cells-full white h6 east
#? [white h6 east full pattern \[ k1 j2 k2 i3 j3 k3 i4 j4 k4 h5 i5 j5 k5 i6 j6 k6 i7 j7 k7 \] \[ \]]

boardsize 11
play white h6
play black j5
87 vc-between-cells-full white h6 east
#? [white h6 east full pattern \[ k1 j2 k2 i3 j3 k3 i4 j4 k4 h5 i5 k5 i6 j6 k6 h7 i7 j7 k7 i8 j8 k8 \] \[ \]]

boardsize 11
play white h6
play black i6
88 vc-between-cells-full white h6 east
#? []

boardsize 11
play white h6
play black j9
89 vc-between-cells-full white h6 east
#? [white h6 east full pattern [^\n]*\nwhite h6 east full pattern [^\n]*\nwhite h6 east full pattern [^\n]*]

# Parameters and errors.
60 param_vc
#? [\[string\] max_fulls 12\n\[string\] max_semis 24\n\[string\] max_ors 4\n\[bool\] use_templates 1\n\[bool\] incremental 1\n\[bool\] path_builds 1\n\[bool\] and_over_edge 0\n\[bool\] limit_fulls 1]

61 param_vc max_ors 3
#? []

62 param_vc max_ors 1
#? []*

63 vc-between-cells-full black a1 z9
#? []*

64 vc-get-mustplay purple
#? []*
