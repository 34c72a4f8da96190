#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A stand-in GTP engine for the tests of hein-regress.  It reads one command
# per line ("[ID] NAME ARGS...") and answers "=ID ..." or "?ID ..." by these
# rules:
#   echo ARGS        the arguments, as one line
#   fail ARGS        an error reply with the arguments as message
#   multi W1 W2...   a multi-line reply, one word per line
#   repeat N WORD    a reply of N lines, each WORD and its number
#   gfx ARGS         a gogui-gfx block first, then the arguments
#   crlf ARGS        the arguments, lines ended by CR LF
#   noise ARGS       a stray line first, then the arguments
#   store VALUE      remembers VALUE; recall answers it
#   readfile PATH    the first line of PATH (relative to the working folder)
#   greeting         the value of option --greeting (default: hello)
#   name             "fake"
#   crash            exits at once, with status 3
#   crash-mid        the first line of a reply, then exits
#   hang             never answers
#   hang-on-quit     answers, but a later quit leaves the engine running
#   quit             answers and exits
# Anything else is an "unknown command" error.

greeting=hello
hang_on_quit=no
stored=
while [ $# -gt 0 ]; do
    case $1 in
        --greeting) greeting=$2; shift 2 ;;
        *) echo "fake-engine: unknown option $1" >&2; exit 2 ;;
    esac
done

reply() {
    printf '=%s %s\n\n' "$id" "$1"
}

fail() {
    printf '?%s %s\n\n' "$id" "$1"
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
        echo) reply "$*" ;;
        fail) fail "$*" ;;
        multi)
            printf '=%s %s\n' "$id" "${1-}"
            [ $# -gt 0 ] && shift
            for w in "$@"; do printf '%s\n' "$w"; done
            printf '\n' ;;
        repeat)
            printf '=%s\n' "$id"
            i=1
            while [ "$i" -le "$1" ]; do
                printf '%s%s\n' "$2" "$i"
                i=$((i + 1))
            done
            printf '\n' ;;
        gfx) printf 'gogui-gfx:\nLABEL a1 x\nVAR b c1\n\n'; reply "$*" ;;
        crlf) printf '=%s %s\r\n\r\n' "$id" "$*" ;;
        noise) printf 'stray output\n'; reply "$*" ;;
        store) stored=$*; reply '' ;;
        recall) reply "$stored" ;;
        readfile)
            if [ -r "${1-}" ]; then
                IFS= read -r first <"$1"
                reply "$first"
            else
                fail "cannot read ${1-}"
            fi ;;
        greeting) reply "$greeting" ;;
        name) reply fake ;;
        crash) exit 3 ;;
        crash-mid) printf '=%s partial\n' "$id"; exit 3 ;;
        hang) exec sleep 60 ;;
        hang-on-quit) hang_on_quit=yes; reply '' ;;
        quit)
            reply ''
            [ $hang_on_quit = yes ] && exec sleep 60
            exit 0 ;;
        *) fail 'unknown command' ;;
    esac
done
