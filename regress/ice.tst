# SPDX-License-Identifier: GPL-3.0-or-later
# hein's own inferior-cell tests (compute-inferior, param_player_ice), on
# positions of its own in sgf/ice/.  Codes: fdb/fdw dead (filled
# black/white), fcb/fcw captured, iv[KILLERS] vulnerable, id[D] dominated.

param_player_ice find_three_sided_dead_regions 1
param_player_ice iterative_dead_regions 1
1 param_player_ice find_three_sided_dead_regions
#? [1]
2 param_player_ice
#? [.*\[bool\] find_three_sided_dead_regions 1.*\[bool\] iterative_dead_regions 1.*]
3 param_player_ice no_such_key 1
#? [.*]*

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

# An empty board has nothing filled: no fd/fc code at all.
boardsize 7 7
50 compute-inferior black
#? [!.*f[dc].*]

# Errors: a bad colour, a missing argument.
60 compute-inferior purple
#? [.*]*
61 compute-inferior
#? [.*]*
