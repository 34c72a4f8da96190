#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A deliberately broken HTP engine for the tests of hein-match.
#
#   broken-engine.sh MODE
#
# It keeps the board from boardsize, play and its own moves, and answers
# genmove with the first empty cell (a1, b1, ... row by row) -- except
# that its first genmove does what MODE says:
#   garbage      answers "zz99"
#   occupied     answers a cell that holds a stone
#   sleep        never answers (sleeps)
#   crash        exits with status 3
#   resign       answers "resign"
#   fail         answers "? cannot think"
#   swap         answers "swap-pieces"
#   slow         answers after 0.75 s
#   reject-play  (any genmove) and every play command: "? illegal move"
#   notime       (no genmove mode) time_settings and time_left: "? ..."
#   legal        nothing special
# name answers "broken-MODE", version "1".  With $BROKEN_PIDFILE set, it
# writes its process id there first.

mode=${1:-legal}
[ -n "${BROKEN_PIDFILE:-}" ] && echo $$ >"$BROKEN_PIDFILE"
width=11
height=11
stones=' '
genmoves=0
letters='a b c d e f g h i j k l m n o p q r s'

reply() {
    printf '=%s %s\n\n' "$id" "$1"
}

fail() {
    printf '?%s %s\n\n' "$id" "$1"
}

# The first empty cell, row by row, in $cell ('' when the board is full).
first_empty() {
    cell=
    row=1
    while [ $row -le "$height" ]; do
        col=0
        for l in $letters; do
            col=$((col + 1))
            [ $col -gt "$width" ] && break
            case $stones in
                *" $l$row "*) ;;
                *) cell=$l$row; return ;;
            esac
        done
        row=$((row + 1))
    done
}

# The first stone played, in $cell.
first_stone() {
    set -- $stones
    cell=${1-a1}
}

genmove() {
    genmoves=$((genmoves + 1))
    if [ $genmoves -eq 1 ]; then
        case $mode in
            garbage) reply zz99; return ;;
            occupied) first_stone; reply "$cell"; return ;;
            sleep) exec sleep 3600 ;;
            crash) exit 3 ;;
            resign) reply resign; return ;;
            fail) fail 'cannot think'; return ;;
            swap) reply swap-pieces; return ;;
            slow) sleep 0.75 ;;
        esac
    fi
    first_empty
    stones="$stones$cell "
    reply "$cell"
}

while IFS= read -r line; do
    set -f
    # Word splitting is wanted here.
    # shellcheck disable=SC2086
    set -- $line
    set +f
    id=
    case ${1-} in
        '' | *[!0-9]*) ;;
        *) id=$1; shift ;;
    esac
    cmd=${1-}
    [ $# -gt 0 ] && shift
    case $cmd in
        '') ;;
        name) reply "broken-$mode" ;;
        version) reply 1 ;;
        protocol_version) reply 2 ;;
        boardsize)
            width=$1
            height=${2-$1}
            stones=' '
            reply '' ;;
        play)
            if [ "$mode" = reject-play ]; then
                fail 'illegal move'
            else
                stones="$stones$(echo "$2" | tr 'A-Z' 'a-z') "
                reply ''
            fi ;;
        genmove) genmove ;;
        time_settings | time_left)
            if [ "$mode" = notime ]; then
                fail 'unknown command'
            else
                reply ''
            fi ;;
        quit) reply ''; exit 0 ;;
        *) fail 'unknown command' ;;
    esac
done
