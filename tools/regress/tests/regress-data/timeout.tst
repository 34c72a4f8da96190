1 echo ok
#? [ok]

2 hang
#? [never]

3 echo b
#? [b]
