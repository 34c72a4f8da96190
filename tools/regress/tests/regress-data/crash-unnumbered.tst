crash

1 echo a
#? [a]
