# SPDX-License-Identifier: GPL-3.0-or-later
# The SCNS player (engine/player_scns.c, search/scns.h): param_scns, the
# player's answers on positions whose value is known, scns-pv and
# scns-values, and bad input.  Searches are bounded by max_expansions so
# that every answer is the same on every machine.  ('*' after an
# expectation: the command must fail.)

# ---- param_scns ---------------------------------------------------------

# The defaults are the paper's Table 1 (values in hundredths of a natural
# log unit) but for p_max = d_max = 1 (tuned by matches), RAVE and
# forgetting on, a 64 MiB table, no expansion limit, no playouts (they
# were measured, and gained nothing at 0.5 s a move), the move prior at
# the power 0.3, the network's policy at the power 1 (param_net; it won
# its matches at equal time against the net without it, README), its
# move values not weighed (moveval_weight 0 won 83 of 144 games against
# 2 with the policy on, README), the value head not weighed, the net
# scoring every node at its expansion (net_after 0), and the circuit's
# score as it is.
10 param_scns
#? [\[bool\] multi_step 1\n\[string\] delta 52\n\[string\] epsilon 0\n\[string\] eta 0\.3\n\[string\] p_max 1\n\[string\] d_max 1\n\[string\] delta_p 8\n\[string\] delta_d 7\n\[string\] tolerance 0\n\[string\] interlude 20\n\[bool\] use_rave 1\n\[string\] rave_shift 211\n\[string\] rave_impact 782\n\[bool\] use_forgetting 1\n\[string\] forget_work 1824\n\[string\] tt_mb 64\n\[string\] max_expansions 0\n\[string\] progress_interval 1\n\[string\] threads 0\n\[string\] max_work_per_job 0\n\[string\] settle 1\.5\n\[string\] playouts 0\n\[string\] playout_weight 1\n\[bool\] playout_bridges 1\n\[string\] prior_weight 0\.3\n\[string\] net_weight 1\n\[string\] circuit_weight 1\n\[string\] value_weight 0\n\[string\] moveval_weight 0\n\[string\] net_after 0\n\[bool\] circuit_scale 0\n\[string\] value_margin -1]

# Bad values are refused, and the value stays.
11 param_scns eta x
#? [eta must be a number.*]*
12 param_scns eta
#? [0\.3]
13 param_scns delta 0
#? [delta must be a number from 1 to.*]*
14 param_scns delta
#? [52]
15 param_scns max_expansions 1.5
#? [max_expansions must be an integer.*]*
16 param_scns use_rave maybe
#? [use_rave must be 0 or 1]*
17 param_scns use_rave
#? [1]
18 param_scns nonesuch 1
#? [unknown parameter: nonesuch]*
19 param_scns max_expansions 1 2
#? [usage.*]*

# HexGui's analyze menu shows the search and its parameters.
20 hexgui-analyze_commands
#? [(.*\n)?var/SCNS PV/scns-pv\npspairs/SCNS Values/scns-values\nparam/SCNS Param/param_scns(\n.*)?]

# ---- before any search ---------------------------------------------------

# Nothing was searched yet: both commands fail, with or without arguments.
30 scns-pv
#? [no SCNS search of this position.*]*
31 scns-values
#? [no SCNS search of this position.*]*
32 scns-pv b
#? [usage: scns-pv]*
33 scns-values extra
#? [usage: scns-values]*

# The player is chosen by name; resistance stays the default (htp.tst).
param_player name scns
40 param_player
#? [\[list/random/resistance/scns\] name scns\n\[list/auto/0/1/shared\] solver auto\n\[string\] solver_share 0\.3\n\[string\] solver_cells 64]
param_scns progress_interval 0

# ---- decided positions: no search ---------------------------------------

# 3x3, White a1, then Black b2 (White to move): b2's two bridges (b1/c1
# to the north, a3/b3 to the south) are a full VC, so Black has won and
# any Black move keeps the win; White to move has lost.  The player never
# resigns a game that is not over: it answers a cell where Black's
# connection lies.
boardsize 3 3
play w a1
play b b2
50 reg_genmove w
#? [a2|a3|b1|b3|c1|c2|c3]
# Decided at the root (the position searched is the game's, White to
# move): no move was searched, the lists are empty.
51 scns-values
#? []
52 scns-pv
#? []
53 genmove b
#? [a2|a3|b1|b3|c1|c2|c3]

# ---- a win found by search ----------------------------------------------

# 5x5, Black a3 e5, White c2 e3, Black to move: the solver finds d2 and
# b4 winning (test 61).  The root's expansion does not decide it; the
# search proves a win below it (a child whose VCs win) and plays that
# move at once, shown W in scns-values.
boardsize 5 5
param_scns max_expansions 200
play b a3
play w c2
play b e5
play w e3
60 reg_genmove b
#? [b4|d2]
61 dfpn-solver-find-winning b
#? [d2 b4]
62 scns-values
#? [(.*\s)?(b4|d2) W:\d+(\s.*)?]
# After reg_genmove the PV starts with the answer.
63 scns-pv
#? [(b4|d2)( [a-e][1-5])*]
# genmove plays it; the PV is then shown from the next move on.
64 genmove b
#? [b4|d2]
65 scns-pv
#? [([a-e][1-5]( [a-e][1-5])*)?]
66 scns-values
#? [[a-e][1-5] (W|L|-?\d+):\d+( [a-e][1-5] (W|L|-?\d+):\d+)*]
# A bad command changes nothing: the search is still reported.
67 scns-values now
#? [usage: scns-values]*
68 scns-values
#? [[a-e][1-5] (W|L|-?\d+):\d+( [a-e][1-5] (W|L|-?\d+):\d+)*]
# Another position: no search of it.
play w a1
69 scns-pv
#? [no SCNS search of this position.*]*

# ---- an open position ---------------------------------------------------

# 7x7 after Black d4, 40 expansions for White: an empty cell, not the
# swap (allow_swap is off) and not a resignation; every root move gets a
# value (hundredths of a natural log, relative to the root, or W/L once
# the search has proven it: White's 7x7 answers to d4 all lose, and 40
# expansions may already prove some) and its work.
boardsize 7 7
param_scns max_expansions 40
play b d4
70 genmove w
#? [[a-g][1-7]]
71 scns-values
#? [[a-g][1-7] (-?\d+|W|L):\d+( [a-g][1-7] (-?\d+|W|L):\d+)*]
72 scns-pv
#? [([a-g][1-7]( [a-g][1-7])*)?]
# Undone, the position is the one searched again: the PV from the root
# (the answer first).
undo
73 scns-pv
#? [[a-g][1-7]( [a-g][1-7])*]

# The solver beside the search (param_player solver 1): the 7x7 position
# is lost for White, which the solver proves in a fraction of a second;
# White still answers a cell.  A bad value changes nothing.
param_scns max_expansions 0
param_game move_time 20
param_player solver 1
75 genmove w
#? [[a-g][1-7]]
undo
76 param_player solver maybe
#? [solver must be one of auto, 0, 1, shared.*]*
77 param_player
#? [(.*\n)?\[list/auto/0/1/shared\] solver 1\n\[string\] solver_share 0\.3\n\[string\] solver_cells 64]
param_player solver 0
param_scns max_expansions 40

# The multi-step leaves, RAVE and forgetting switched off, a small table
# and a tolerance: still a legal answer.
param_scns multi_step 0
param_scns use_rave 0
param_scns use_forgetting 0
param_scns tt_mb 1
param_scns tolerance 30
74 genmove w
#? [[a-g][1-7]]
