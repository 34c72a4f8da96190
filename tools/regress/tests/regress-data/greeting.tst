1 greeting
#? [hello   big world]
