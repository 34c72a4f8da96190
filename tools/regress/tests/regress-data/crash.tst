1 echo a
#? [a]

2 crash
#? [a]

3 echo b
#? [b]

4 echo c
#? [c]*
