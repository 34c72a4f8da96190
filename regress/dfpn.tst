# SPDX-License-Identifier: GPL-3.0-or-later
# hein's solver suite: the DFPN commands (search/dfpn.h, gtp/cmd_dfpn.h)
# on small positions whose answers are known.  The winning-move lists of
# 3x3 and 4x4 were checked against exact minimax (board/tests/minimax.c):
# on those boards the solver considers every winning move.

# The first player wins on an empty board (strategy stealing); by
# symmetry, so does White when White moves first.
boardsize 4 4
10 dfpn-solve-state black
#? [black]

11 dfpn-solve-state white
#? [white]

# 3x3: Black wins with the centre and the cells of the short diagonal's
# neighbourhood: c1 a2 b2 c2 a3 (minimax), and loses with the rest.
boardsize 3 3
20 dfpn-solver-find-winning black
#? [c1 a2 b2 c2 a3]

# The same with a time limit that is ample (SECONDS, as in HexGui's
# analyze list); 0 is no limit.
dfpn-clear-tt
146 dfpn-solver-find-winning black 60
#? [c1 a2 b2 c2 a3]

147 dfpn-solve-state white 0
#? [white]

# 4x4: only the short diagonal wins (minimax: d1 c2 b3 a4).
boardsize 4 4
21 dfpn-solver-find-winning black
#? [d1 c2 b3 a4]

# After Black b2 on 4x4 White's one winning reply is b3 (minimax).
play b b2
22 dfpn-solver-find-winning white
#? [b3]

# Its value is in the table now: the bounds show it as a win.
23 dfpn-get-bounds white
#? [.*b3 W.*]

# 5x5 after the corner a1: the corner opening loses, White wins; the
# centre is among White's winning replies, and the PV starts with a
# winning move.
boardsize 5 5
play b a1
30 dfpn-solve-state white
#? [white]

31 dfpn-solver-find-winning white
#? [.*c3.*]

32 dfpn-get-pv white
#? [[a-e][1-5].*]

33 solve white
#? [white wins with [a-e][1-5]\n.*expansions.*]

# Without a colour, solve is for the side to move (White here).
34 solve
#? [white wins with [a-e][1-5]\n.*]

# With Black to move instead (two black stones in a row) Black wins.
38 solve black
#? [black wins with [a-e][1-5]\n.*]

35 dfpn-clear-tt
#? []

# A position already won needs no search.
boardsize 3 3
play b a1
play b a2
play b a3
36 solve
#? [black has won already]

37 dfpn-solver-find-winning white
#? [.*]*

# Parameters (threads is 0: the program's, param_game threads, which is 1
# unless hein was started with --threads N, as dfpn-threads.sh does).
40 param_dfpn
#? [\[string\] epsilon 0.25\n\[string\] tt_mb 64\n\[string\] timelimit 0\n\[bool\] use_guifx 0\n\[string\] threads 0\n\[string\] max_work_per_job 0\n\[string\] widening_base 0\n\[string\] widening_factor 0.25\n\[string\] progress_interval 5\n\[bool\] limit_fulls 0\n\[bool\] path_builds 1\n\[bool\] neighbour_dominated 0\n\[bool\] dead_region_pairs 0\n\[string\] reverser_need 1\n\[string\] pair_reach 1\n\[string\] order_vc_weight 1\n\[string\] order_empty_group 1\n\[string\] net_order 0\n\[string\] db_min_work 1000]

41 param_dfpn epsilon 0.5
#? []
# The solver's own inferior-cell settings (solver.h), refused out of range.
152 param_dfpn pair_reach 0
#? [.*]*
153 param_dfpn reverser_need 7
#? [.*]*
154 param_dfpn dead_region_pairs 2
#? [.*]*
155 param_dfpn order_vc_weight 0
#? [.*]*
156 param_dfpn order_empty_group 1001
#? [.*]*

42 param_dfpn epsilon
#? [0.5]

# More threads than the solver allows, or a negative job size, are
# refused; 2 threads run the parallel solver (SPDFPN) from here to test
# 52, time limits included.
43 param_dfpn threads 65
#? [.*]*

44 param_dfpn threads 2
#? []

141 param_dfpn max_work_per_job -1
#? [.*]*

142 param_dfpn max_work_per_job 0
#? []

45 param_dfpn tt_mb 0
#? [.*]*

# A time limit that runs out answers unknown: a 0.001 s limit on an
# empty 7x7 board.
boardsize 7 7
46 solve black 0.001
#? [unknown \(stopped\)\n.*]

47 param_dfpn timelimit 0.001
#? []

48 dfpn-solve-state black
#? [unknown]

49 param_dfpn timelimit 0
#? []

# The time limit as an argument, as HexGui's analyze list writes it
# ("dfpn-solve-state %m 10"): it bounds the whole command, timelimit 0
# notwithstanding.  Find-winning fails when time runs out before every
# move is solved.  On 9x9 from an empty table and cache: the solver keeps
# both from one command to the next, and the short searches above left
# enough of them for a quick proof of 7x7 (Black wins with f2: a proof of
# about a hundred expansions).
boardsize 9 9
dfpn-clear-tt
56 dfpn-solve-state black 0.001
#? [unknown]

57 dfpn-solver-find-winning black 0.001
#? [interrupted or out of time.*]*

58 dfpn-solve-state black -1
#? [invalid seconds.*]*

59 dfpn-solver-find-winning black 1 2
#? [usage.*]*

# Bad input: a clear message, nothing changed.
50 dfpn-solve-state purple
#? [invalid colour.*]*

51 dfpn-solve-state
#? [usage.*]*

52 solve black soon
#? [invalid seconds.*]*

# solve's optional colour comes first: two arguments, the first no colour
150 solve blue 2
#? [invalid colour: blue.*]*

151 solve blue
#? [invalid colour or seconds: blue.*]*

# Two threads solve too: the first player wins on an empty board.
boardsize 4 4
143 dfpn-solve-state black
#? [black]

144 solve white
#? [white wins with [a-d][1-4]\n.*2 threads.*]

145 param_dfpn threads 1
#? []

53 dfpn-get-pv
#? [usage.*]*

54 dfpn-clear-tt now
#? [usage.*]*

55 dfpn-get-bounds green
#? [invalid colour.*]*

# Fixed 2026-11-27: a captured pair's second cell left empty once the
# first connected its owner.  White a1, Black a4, White to move on 4x4
# (minimax: White wins with b3).  With one semi kept per pair the search
# met, after c2 b2, the pair a3 b3 that Black captures: filling a3
# connected Black, b3 stayed empty, so the proof set of that position let
# a White stone on b3 keep Black's win, and b3 was pruned at the root as
# dominated by c2: "white loses".  The whole pair is filled now.
boardsize 4 4
param_vc max_semis 1
play w a1
play b a4
148 dfpn-solve-state white
#? [white]

149 dfpn-solver-find-winning white
#? [.*b3.*]

param_vc max_semis 24
