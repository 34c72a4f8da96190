# SPDX-License-Identifier: GPL-3.0-or-later
# The policy and value network's parameters (param_net, engine/engine.h):
# the shipped weights are read at start-up and in use; a file that does
# not load is refused with the loader's message and the net in use stays;
# the net can be switched off and on; a search with it and one without
# both answer.  ('*' after an expectation: the command must fail.)

# At start-up: share/net/hein.net, in use.
10 param_net
#? [\[bool\] use 1\n\[string\] file .*/net/hein\.net\n\[list/auto/portable/avx2/avx512/amx\] path auto]

# Files that are not networks: refused, with the reason; nothing changes.
20 param_net file /nonexistent-dir/x.net
#? [/nonexistent-dir/x\.net: cannot open.*]*
21 param_net file /dev/null
#? [/dev/null: .*]*
22 param_net file /etc/passwd
#? [/etc/passwd: .*]*
23 param_net file /
#? [/: .*]*
24 param_net file
#? [.*/net/hein\.net]
25 param_net use
#? [1]
26 param_net file a b
#? [usage.*]*
27 param_net nonesuch 1
#? [unknown parameter: nonesuch]*

# The evaluation path: the portable one runs on every machine and gives
# the same evaluation within NET_TOLERANCE (board/net.h); a name that is
# not a path is refused, and the path stays.
11 param_net path portable
#? []
12 param_net path
#? [portable]
13 param_net path sse
#? [path must be one of: auto portable avx2 avx512 amx]*
14 param_net path
#? [portable]
15 param_net path auto
#? []

# Off and on again; a bad switch is refused.
30 param_net use 0
#? []
31 param_net use
#? [0]
32 param_net use maybe
#? [use must be 0 or 1]*
33 param_net use 1
#? []
34 param_net use
#? [1]

# The SCNS player's weights of the policy and the circuit.
40 param_scns net_weight
#? [1]
41 param_scns net_weight -1
#? [net_weight must be a number from 0 to 100]*
42 param_scns circuit_weight
#? [1]

# A search with the network and one without: both play a legal move on
# the board (bounded by expansions, so the same on every machine).
param_scns net_weight 1
boardsize 9 9
param_scns max_expansions 40
param_scns progress_interval 0
param_player solver 0
play b e5
50 genmove w
#? [[a-i][1-9]]
51 param_net use 0
#? []
52 genmove b
#? [[a-i][1-9]]
53 param_scns circuit_weight 0
#? []
54 param_net use 1
#? []
55 genmove w
#? [[a-i][1-9]]

# HexGui's analyze menu lists the group.
60 hexgui-analyze_commands
#? [(.*\n)?param/Net Param/param_net(\n.*)?]

# The network's evaluation commands (gtp/cmd_net.h).  7x7 after Black's
# d4, the centre: a first move that wins (regress-data, dfpn-7x7.tst), so
# the net gives White, to move, well under even chances, and Black, were
# it to move again, well over.  The policy lists every empty cell (not
# d4) in cell order with its share in percent; White's best replies touch
# the centre stone, so one of them has at least a tenth.
boardsize 7 7
play b d4
70 net-value
#? [white 0\.[0-3]\d\d]
71 net-value b
#? [black 0\.[5-9]\d\d]
72 net-policy w
#? [a1 \d+ b1 \d+ c1 \d+ d1 \d+ e1 \d+ f1 \d+ g1 \d+ a2 \d+ b2 \d+ c2 \d+ d2 \d+ e2 \d+ f2 \d+ g2 \d+ a3 \d+ b3 \d+ c3 \d+ d3 \d+ e3 \d+ f3 \d+ g3 \d+ a4 \d+ b4 \d+ c4 \d+ e4 \d+ f4 \d+ g4 \d+ a5 \d+ b5 \d+ c5 \d+ d5 \d+ e5 \d+ f5 \d+ g5 \d+ a6 \d+ b6 \d+ c6 \d+ d6 \d+ e6 \d+ f6 \d+ g6 \d+ a7 \d+ b7 \d+ c7 \d+ d7 \d+ e7 \d+ f7 \d+ g7 \d+]
73 net-move-values
#? [a1 \d+ b1 \d+ c1 \d+ d1 \d+ e1 \d+ f1 \d+ g1 \d+ a2 \d+ b2 \d+ c2 \d+ d2 \d+ e2 \d+ f2 \d+ g2 \d+ a3 \d+ b3 \d+ c3 \d+ d3 \d+ e3 \d+ f3 \d+ g3 \d+ a4 \d+ b4 \d+ c4 \d+ e4 \d+ f4 \d+ g4 \d+ a5 \d+ b5 \d+ c5 \d+ d5 \d+ e5 \d+ f5 \d+ g5 \d+ a6 \d+ b6 \d+ c6 \d+ d6 \d+ e6 \d+ f6 \d+ g6 \d+ a7 \d+ b7 \d+ c7 \d+ d7 \d+ e7 \d+ f7 \d+ g7 \d+]
74 net-policy
#? [.* (c4|d3|e3|c5|d5|e4) [1-9]\d.*]
75 net-value x
#? [invalid colour: x.*]*
76 net-value b w
#? [usage.*]*
77 net-policy w b
#? [usage.*]*
78 param_net use 0
#? []
79 net-value
#? [no network in use \(param_net\)]*
80 net-policy
#? [no network in use \(param_net\)]*
81 net-move-values b
#? [no network in use \(param_net\)]*
82 param_net use 1
#? []
83 net-value
#? [white 0\.[0-3]\d\d]
84 hexgui-analyze_commands
#? [(.*\n)?string/Net Value/net-value %c\npspairs/Net Policy/net-policy %c\npspairs/Net Move Values/net-move-values %c(\n.*)?]

# The solver with the policy in its move order (param_dfpn net_order):
# no answer depends on the order.  4x4: only the short diagonal wins
# (exact minimax, dfpn.tst); 6x6 (dfpn-6x6.tst, Queenbee's solution):
# White wins after Black's a1 and b1, Black wins after a3, c3 and f1.
90 param_dfpn net_order
#? [0]
91 param_dfpn net_order -1
#? [net_order must be a number from 0 to 100]*
92 param_dfpn net_order 1
#? []
boardsize 4 4
93 dfpn-solver-find-winning black
#? [d1 c2 b3 a4]
boardsize 6 6
play b a1
94 dfpn-solve-state white
#? [white]
dfpn-clear-tt
undo
play b b1
95 dfpn-solve-state white
#? [white]
dfpn-clear-tt
undo
play b a3
96 dfpn-solve-state white
#? [black]
dfpn-clear-tt
undo
play b c3
97 dfpn-solve-state white
#? [black]
dfpn-clear-tt
undo
play b f1
98 dfpn-solve-state white
#? [black]
