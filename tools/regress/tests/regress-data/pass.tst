#-----------------------------------------------------------------------------
# Every test here passes against tests/fake-engine.sh.
#-----------------------------------------------------------------------------

# Unnumbered commands are sent too; their replies are read and dropped.
echo not a test
store remembered

1 recall
#? [remembered]

# Comment and blank lines may sit between a test and its expectation.
2 echo hello

# (this comment is not an expectation)
#? [hello]

# Alternatives.
3 echo b
#? [a|b]

# Negation.
4 echo white
#? [!black]

# An empty expectation only asks that the command does not fail.
5 echo anything at all
#?

# '.' matches newlines in multi-line replies.
6 multi a1 b2 c3
#? [a1.b2.c3]

7 multi x1 fd y1
#? [.*fd.*]

# gogui-gfx blocks and stray lines before a reply are skipped; CR dropped.
8 gfx shown
#? [shown]

9 crlf windows
#? [windows]

10 noise clean
#? [clean]

# An empty reply matches an empty pattern.
11 echo
#? []

# An expected failure that fails.
12 fail on purpose
#? [on purpose]*

# Escaped special characters.
13 echo (a) [b]
#? [\(a\) \[b\]]

# A tab after the id.
14	echo tab
#? [tab]

# Spaces around the pattern inside the brackets are not part of it.
15 echo spaced
#? [ spaced ]

# A long reply, read in several pieces.
16 repeat 3000 cell
#? [cell1.cell2.*cell2999.cell3000]
