# One of each result, and the ways a test can fail.

1 echo a
#? [a]

2 echo a
#? [b]

3 echo a
#? [b]*

4 echo a
#? [a]*

# The pattern must match the whole reply.
5 echo ab
#? [a]

6 echo a
#? [!b]

7 echo b
#? [!b]

# An error reply fails whatever the pattern says.
8 fail nope
#? [!b]

9 fail nope
#?

10 fail nope
#? [nope]

# Numbered tests without an expectation only need to succeed.
11 echo a

12 fail x

# An unnumbered command that fails is a warning, not a test.
fail boom

# An expectation after an unnumbered command is ignored (with a note).
echo stray
#? [nothing]

13 echo x
#? x

14 echo x
#? [(]

15 echo abab
#? [(ab)+]

16 echo ba
#? [a]
