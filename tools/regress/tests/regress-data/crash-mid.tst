1 crash-mid
#? [partial]

2 echo a
#? [a]
