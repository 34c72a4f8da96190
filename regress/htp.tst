#-----------------------------------------------------------------------------
# The HTP front end: identity, the command list, parameters, time commands,
# and clear errors for malformed commands.
#
# A test whose expectation ends in '*' must FAIL: an error reply ('? ...')
# is the right answer there (the runner counts it as an expected failure,
# and a success as an unexpected pass).
#-----------------------------------------------------------------------------

# HTP is GTP version 2.
10 protocol_version
#? [2]

# HexGui shows name and version in its title.
11 name
#? [hein]

12 version
#? [[0-9]+\.[0-9]+\.[0-9]+]

# Every core command of CONVENTIONS.md exists.
20 known_command protocol_version
#? [true]
21 known_command name
#? [true]
22 known_command version
#? [true]
23 known_command known_command
#? [true]
24 known_command list_commands
#? [true]
25 known_command quit
#? [true]
26 known_command boardsize
#? [true]
27 known_command clear_board
#? [true]
28 known_command play
#? [true]
29 known_command genmove
#? [true]
30 known_command reg_genmove
#? [true]
31 known_command undo
#? [true]
32 known_command showboard
#? [true]
33 known_command final_score
#? [true]
34 known_command time_settings
#? [true]
35 known_command time_left
#? [true]
36 known_command hexgui-analyze_commands
#? [true]
37 known_command loadsgf
#? [true]
38 known_command savesgf
#? [true]
39 known_command all_legal_moves
#? [true]
40 known_command param_game
#? [true]

# An unknown name is answered false, not with an error.
41 known_command komi
#? [false]

# list_commands: one name per line, the core commands among them.
42 list_commands
#? [(.*\n)?genmove\n(.*\n)?hexgui-analyze_commands(\n.*)?]

# HexGui's analyze list: every line TYPE/LABEL/COMMAND (3 fields, no '/'
# inside a label or command), or HexGui freezes at connect.
50 hexgui-analyze_commands
#? [([a-z]+/[^/\n]+/[^/\n]+)(\n[a-z]+/[^/\n]+/[^/\n]+)*]

# HexGui gives no Stop button to most analyze commands and queues the
# user's clicks behind them: the solver's entries carry a time limit in
# seconds, and none runs unbounded.
51 hexgui-analyze_commands
#? [(.*\n)?string/Solve \(10 s\)/solve %m 10(\n.*)?]
52 hexgui-analyze_commands
#? [(.*\n)?none/DFPN Solve State \(10 s\)/dfpn-solve-state %m 10(\n.*)?]
53 hexgui-analyze_commands
#? [(.*\n)?plist/DFPN Find Winning \(10 s\)/dfpn-solver-find-winning %m 10(\n.*)?]
54 hexgui-analyze_commands
#? [!(.*\n)?[a-z]+/[^/\n]+/(solve|dfpn-solve-state|dfpn-solver-find-winning) %[mc](\n.*)?]

# Cell energy as labels that fit HexGui's cells: integers from 0 to 99
# relative to the best cell.  On an empty 3x3 board without VC conductors
# eval-resist-cells (resist.tst) scores a1 0.1270 b1 0.2059 c1 0.3490 b2
# 0.2243: 99 * 0.1270 / 0.3490 = 36, 58, 99, 64.
55 hexgui-analyze_commands
#? [(.*\n)?pspairs/Show Cell Energy/eval-resist-cells-relative %c(\n.*)?]
boardsize 3 3
param_resist use_vcs 0
56 eval-resist-cells-relative b
#? [a1 36 b1 58 c1 99 a2 58 b2 64 c2 58 a3 99 b3 58 c3 36]
57 eval-resist-cells
#? [a1 0\.1270 b1 0\.2059 c1 0\.3490 a2 0\.2059 b2 0\.2243 c2 0\.2059 a3 0\.3490 b3 0\.2059 c3 0\.1270]
# A finished game: every score is 0, and so is every label.
play b a1
play b a2
play b a3
58 eval-resist-cells-relative
#? [b1 0 c1 0 b2 0 c2 0 b3 0 c3 0]
59 eval-resist-cells-relative purple
#? [invalid colour.*]*
param_resist use_vcs 1
boardsize 11 11

# Parameters list as HexGui's "[type] key value" lines.
60 param_game
#? [\[bool\] allow_swap 0\n\[string\] swap_ratio 0\.45\n\[string\] game_time 0\n\[string\] move_time 10\n\[string\] increment 0\n\[string\] safety 0\.05\n\[string\] threads 1\n\[bool\] ponder 0\n\[bool\] book 1]

# The SCNS player is the default (scns.tst); the resistance and random
# players stay as baselines.
61 param_player
#? [\[list/random/resistance/scns\] name scns\n\[list/auto/0/1/shared\] solver auto\n\[string\] solver_share 0\.3\n\[string\] solver_cells 64]

param_game allow_swap 1
62 param_game allow_swap
#? [1]

# A bad value is refused and changes nothing.
63 param_game allow_swap maybe
#? [.*]*
64 param_game allow_swap
#? [1]

65 param_game no_such_key 1
#? [.*]*

66 param_player name no_such_player
#? [.*]*

# game_time sets both clocks.
param_game game_time 60
67 param_game game_time
#? [60]

# Time control: time_settings MAIN BYO STONES, time_left with 2 or 3 args.
70 time_settings 300 10 5
#? []
71 time_left black 120
#? []
72 time_left w 8.5 3
#? []
73 time_left black -1
#? [.*]*
74 time_left purple 10
#? [.*]*
75 time_settings 300 10
#? [.*]*
76 time_settings 300 ten 5
#? [.*]*

# KataGo's form: fischer sets the increment (param_game increment);
# Japanese byo-yomi is not kept by the clock and is refused, as are
# malformed forms, changing nothing.
77 kata-time_settings fischer 30 1
#? []
78 param_game increment
#? [1]
79 kata-time_settings byoyomi 300 30 5
#? [time control byoyomi is not supported.*]*
120 kata-time_settings fischer 30
#? [usage.*]*
121 kata-time_settings canadian 0 30 0
#? [.*]*
122 param_game increment
#? [1]
123 kata-time_settings absolute 60
#? []
124 param_game increment
#? [0]
125 kata-time_settings none
#? []
126 kata-time_settings
#? [usage.*]*
127 param_game safety -1
#? [.*]*
128 param_game safety
#? [0\.05]

# Malformed commands get a clear error.
80 no_such_command
#? [.*]*
81 boardsize
#? [.*]*
82 boardsize 20
#? [.*]*
83 boardsize 0 5
#? [.*]*
84 boardsize 11 x
#? [.*]*
85 play black
#? [.*]*
86 play red a1
#? [.*]*
87 play black a0
#? [.*]*
88 play black l1
#? [.*]*
89 genmove
#? [.*]*
90 known_command
#? [.*]*
91 protocol_version extra
#? [.*]*

# ... and none of them changed the game: still an empty 11x11 board.
92 showboard
#? [.*11x11, black to move.*]

# A usage error gives the command's synopsis: "usage: NAME" for a command
# that takes no arguments (no blank after the name), "usage: NAME ARGS"
# for one that takes some.  The runner trims replies and counts an error
# as a failure whatever its text, so the patterns below state the text
# but cannot check it: cli.sh compares the exact bytes.
93 dfpn-clear-tt x
#? [usage: dfpn-clear-tt]*
94 boardsize 1 2 3
#? [usage: boardsize WIDTH \[HEIGHT\]]*

# The random-fill benchmark answers games per second.
95 benchmark 0.2
#? [[0-9]+ games/s .*]

# help documents every command, or one.
96 help genmove
#? [genmove COLOUR\n.*]
97 help no_such_command
#? [.*]*

# dfpn-save-proof: a usage error and a bad colour change nothing (the
# certificates themselves: tools/verify/tests/verify.sh).
98 dfpn-save-proof
#? [usage: dfpn-save-proof FILE \[COLOUR \[SECONDS\]\]]*
100 dfpn-save-proof x.cert purple
#? [.*colour.*]*

# quit answers with an empty success (then the engine exits).
99 quit
#? []
