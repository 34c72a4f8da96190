# Paths in a file are relative to its folder.
1 readfile marker.txt
#? [marker-ok]

2 readfile ../sub/marker.txt
#? [marker-ok]
