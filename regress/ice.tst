# SPDX-License-Identifier: GPL-3.0-or-later
# hein's own inferior-cell tests (compute-inferior, param_player_ice), on
# positions of its own in sgf/ice/.  Codes: fdb/fdw dead (filled
# black/white), fcb/fcw captured, iv[KILLERS] vulnerable, ir[REVERSERS]
# captured-reversible, id[D] dominated.

param_player_ice find_three_sided_dead_regions 1
param_player_ice iterative_dead_regions 1
1 param_player_ice find_three_sided_dead_regions
#? [1]
2 param_player_ice
#? [.*\[bool\] find_three_sided_dead_regions 1.*\[bool\] iterative_dead_regions 1.*]
3 param_player_ice no_such_key 1
#? [.*]*
# The bounds on the work: captured pairs one or two apart, reversers that
# need at most 0 to 6 captured neighbours.
4 param_player_ice pair_reach 3
#? [.*]*
5 param_player_ice pair_reach
#? [2]
6 param_player_ice reverser_need -1
#? [.*]*
7 param_player_ice reverser_need
#? [2]
8 param_player_ice find_dead_region_pairs
#? [1]

# A stone one row from its edge holds the two cells between (edge bridge,
# a captured pair), for either side to move.
loadsgf sgf/ice/edge-bridge.sgf
10 compute-inferior white
#? [.*c1 fcb.*d1 fcb.*]
11 compute-inferior black
#? [.*c1 fcb.*d1 fcb.*]

# c2 touches one black group (c1 d1 b2) and one white group (d2 b3 c3):
# its neighbourhood is a clique, so it is dead.
loadsgf sgf/ice/clique-dead.sgf
20 compute-inferior black
#? [.*c2 fd.*]

# a4 lies behind a white wall (a3 b3 c3 b4 a5): a region sealed off from
# both of Black's edges by a clique cut-set, dead for every colour.
loadsgf sgf/ice/sealed-region.sgf
30 compute-inferior white
#? [.*a4 fd.*]

# The acute corner is vulnerable: the killer next to it seals it off.
loadsgf sgf/ice/crossing.sgf
40 compute-inferior black
#? [.*a1 iv\[a2\].*f6 iv\[f5\].*]
41 compute-inferior white
#? [.*a1 iv\[b1\].*f6 iv\[e6\].*]

# A 4x4 position, Black to move, nothing filled:
#      a b c d
#   1  o x o .
#    2  x . . .
#     3  . . . o
#      4  x o x x
# b3 is captured-reversible with reverser b2: after Black b3 (joining a4's
# group) and White b2, White captures c3+d2 (c3 is dead once White holds
# d2: its Black neighbours, b3's group and c2, touch), then c2+d1 (each
# touches only one White group once White holds the other); with those
# White and b3 empty again, b3's Black neighbours are a3 and a4's group,
# which a3 touches: dead.  The captures need Black's stone on b3, and no
# single White stone kills b3: so ir, not iv.  d1 is vulnerable to c2
# through White's fill-in (with d1 empty, c2 White makes c3+d2 a captured
# pair, and then d1's White neighbours are one group).
loadsgf sgf/ice/reversible.sgf
45 compute-inferior black
#? [.*d1 iv\[c2\].*b3 ir\[b2\].*]
# Without the switch the clique rule alone finds neither.
param_player_ice find_reversible 0
46 compute-inferior black
#? [!.*(ir\[|d1 ).*]
# Without vulnerable cells the reversible rule reports both, as ir.
param_player_ice find_reversible 1
param_player_ice find_vulnerable 0
47 compute-inferior black
#? [.*d1 ir\[c2\].*b3 ir\[b2\].*]
param_player_ice find_vulnerable 1
48 param_player_ice find_reversible
#? [1]

# An empty board has nothing filled: no fd/fc code at all.
boardsize 7 7
50 compute-inferior black
#? [!.*f[dc].*]

# Errors: a bad colour, a missing argument.
60 compute-inferior purple
#? [.*]*
61 compute-inferior
#? [.*]*
