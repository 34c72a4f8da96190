# SPDX-License-Identifier: GPL-3.0-or-later
# The policy and value network's parameters (param_net, engine/engine.h):
# the shipped weights are read at start-up and in use; a file that does
# not load is refused with the loader's message and the net in use stays;
# the net can be switched off and on; a search with it and one without
# both answer.  ('*' after an expectation: the command must fail.)

# At start-up: share/net/hein.net, in use.
10 param_net
#? [\[bool\] use 1\n\[string\] file .*/net/hein\.net]

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
#? [0]
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
