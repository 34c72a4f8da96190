# SPDX-License-Identifier: GPL-3.0-or-later
# For bash tools that talk to an HTP engine started as `coproc HTP { ...; }`:
# htp_ask LINE sends LINE and reads the answer up to its empty line into
# $reply, its lines joined by blanks ("= d4", "? message").
htp_ask() {
    printf '%s\n' "$1" >&"${HTP[1]}"
    reply=
    local line
    while IFS= read -r line <&"${HTP[0]}"; do
        [ -z "$line" ] && break
        reply+="$line "
    done
    reply=${reply% }
}
