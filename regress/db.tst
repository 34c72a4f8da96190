# SPDX-License-Identifier: GPL-3.0-or-later
# The solved-position database (engine/solverdb.h, gtp/cmd_db.h): bad
# arguments and refused files change nothing; solve stores its proof and
# answers from the store; an image of a stored position (the transpose
# with the colours swapped, the half turn) is answered mapped; db-get and
# db-stat.  The store is a scratch file in /tmp, emptied first (db-clear).

# Nothing open: every command but db-open and db-close fails.
10 db-get
#? [.*]*
11 db-stat
#? [.*]*
12 db-clear
#? [.*]*
13 db-close
#? []

# Bad arguments, and files that are no store: refused, nothing opened.
20 db-open
#? [.*]*
21 db-open /tmp/a.db /tmp/b.db
#? [.*]*
22 db-open /nonexistent-dir/x.db
#? [.*]*
23 db-open sgf/game-swap.sgf
#? [.*]*
24 db-stat
#? [.*]*

30 db-open /tmp/hein-regress-db.sqlite
#? []
31 db-clear
#? []
32 db-stat
#? [file /tmp/hein-regress-db.sqlite\npositions 0\nhits 0\nmisses 0\nstores 0\nerrors 0]
33 param_dfpn db_min_work
#? [1000]
param_dfpn db_min_work 0

# 6x6 after Black a1: White wins (dfpn-6x6.tst).  The solve stores its
# proof; a second solve comes from the store, as does db-get.
boardsize 6
play b a1
40 db-get
#? [.*]*
41 solve
#? [white wins with [a-f][1-6]\n.*, [1-9][0-9]* positions stored in the database]
42 db-get
#? [white wins with [a-f][1-6], work [1-9][0-9]*]
43 solve
#? [white wins with [a-f][1-6]\nfrom the database, work [1-9][0-9]*]
44 dfpn-solve-state white
#? [white]
45 db-get b
#? [.*]*

# The transpose with the colours swapped: White a1, Black to move, Black
# wins; the half turn: Black f6, White wins.  Both answered by the store.
boardsize 6
play w a1
50 db-get black
#? [black wins with [a-f][1-6], work [1-9][0-9]*]
51 solve black
#? [black wins with [a-f][1-6]\nfrom the database, work [1-9][0-9]*]
boardsize 6
play b f6
52 solve white
#? [white wins with [a-f][1-6]\nfrom the database, work [1-9][0-9]*]

53 db-stat
#? [file /tmp/hein-regress-db.sqlite\npositions [1-9][0-9]*\nhits [4-9]\nmisses [1-9]\nstores [1-9][0-9]*\nerrors 0]

# A certificate comes from a search of its own (a stored answer holds no
# proof tree to write), and the store answers again after it.
54 dfpn-save-proof /tmp/hein-regress-db.cert white
#? [white [1-9][0-9]* [1-9][0-9]* [1-9][0-9]*]
55 solve white
#? [white wins with [a-f][1-6]\nfrom the database, work [1-9][0-9]*]

# A refused file keeps the store open; bad arguments change nothing.
60 db-open sgf/game-swap.sgf
#? [.*]*
61 db-stat
#? [file /tmp/hein-regress-db.sqlite\n.*]
62 db-get purple
#? [.*]*
63 db-get b w
#? [.*]*
64 db-stat now
#? [.*]*
65 db-clear please
#? [.*]*
66 param_dfpn db_min_work -1
#? [.*]*
67 param_dfpn db_min_work
#? [0]

# Closed: the solver searches again.
70 db-close
#? []
71 db-get
#? [.*]*
72 solve white
#? [white wins with [a-f][1-6]\n[0-9.]+ s, .*MiB]
73 db-close
#? []
