hang-on-quit

1 echo ok
#? [ok]
