#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-verify: certificates hein writes (dfpn-save-proof) for 5x5 and 6x6
# positions are verified; each kind of tampering is rejected with status 1
# and a reason; shared connection nodes (format 2) are checked on every
# board they are used on; fill-in (format 3): the loser's stones and the
# winner's captured sets, and the loser's replies a killer makes dead,
# accepted where they hold and rejected where they do not; usage errors and files that are not certificates.
. "${srcdir:-.}/lib/tests/lib.sh"

hein=$(pwd)/../engine/hein
verify=$(pwd)/hein-verify
need_program "$hein" "$verify"

# save NAME BOARD MOVES...: the certificate of the position after MOVES
# (colour:cell) on a BOARD x BOARD board, the side to move to play, in
# $tmp/NAME.cert
save() {
    name=$1 size=$2
    shift 2
    {
        echo "boardsize $size $size"
        for m in "$@"; do echo "play ${m%%:*} ${m#*:}"; done
        echo "dfpn-save-proof $tmp/$name.cert"
        echo "quit"
    } >"$tmp/$name.htp"
    run_tool "hein ($name)" "$hein" -c "$tmp/$name.htp"
    expect_status 0
    [ -s "$tmp/$name.cert" ] || fail "no certificate for $name"
}

# accept FILE / reject FILE REASON: hein-verify's verdict on FILE
accept() {
    run_tool "hein-verify ${1##*/}" "$verify" "$1"
    expect_status 0
    tail -n 1 "$tmp/out" | grep -qx verified || fail "${1##*/} not verified"
}
reject() {
    run_tool "hein-verify ${1##*/}" "$verify" "$1"
    expect_status 1
    grep -q "^rejected: .*$2" "$tmp/out" || fail "${1##*/}: no rejection for: $2"
    echo "${1##*/}: $(tail -n 1 "$tmp/out")"
}

save e5 5
save a1-5 5 b:a1
save c2-5 5 b:c2 w:c3
save c3-6 6 b:c3
save a1-6 6 b:a1
save mid-6 6 b:c3 w:d3 b:d2
save b2-6 6 b:b2
for f in e5 a1-5 c2-5 c3-6 a1-6 mid-6 b2-6; do accept "$tmp/$f.cert"; done
grep -q "^winner black" "$tmp/e5.cert" || fail "5x5: black is not the winner"
grep -q "^winner white" "$tmp/a1-5.cert" || fail "5x5 a1: white is not the winner"
grep -q "^winner black" "$tmp/c3-6.cert" || fail "6x6 c3: black is not the winner"
grep -q "^winner white" "$tmp/a1-6.cert" || fail "6x6 a1: white is not the winner"
run_tool "hein-verify e5" "$verify" "$tmp/e5.cert"
grep -q "^claim: black wins on 5x5, black to move, 0 stones" "$tmp/out" \
    || fail "the claim is not printed"
grep -q "^checked [0-9]* game nodes and [0-9]* connection nodes" "$tmp/out" \
    || fail "the count is not printed"

# tamper NAME SOURCE AWK: $tmp/NAME.cert is SOURCE changed by the awk
# program AWK
tamper() {
    awk "$3" "$tmp/$2.cert" >"$tmp/$1.cert"
    cmp -s "$tmp/$1.cert" "$tmp/$2.cert" && fail "tampering $1 changed nothing"
}

# the winner's move changed to a losing one: 5x5 opens in the centre
grep -q '^m c3 ' "$tmp/e5.cert" || fail "5x5: the root is not c3"
tamper losing-move e5 '/^m c3 /{ sub(/^m c3 /, "m a1 ") } { print }'
reject "$tmp/losing-move.cert" ""
# a loser's reply removed (the last of the first reply list)
tamper reply-removed c3-6 '!done && /^l .* \/ [a-z]/ { sub(/ [a-z][0-9]+ [0-9]+$/, ""); done = 1 } { print }'
reject "$tmp/reply-removed.cert" "is not answered"
# a cover's key moved onto the next reply's cell
tamper cover-moved c3-6 '!done && /^l [a-z][0-9]+ [0-9]+ .* \/ [a-z]/ { split($0, f, " "); $2 = f[length(f) - 1]; done = 1 } { print }'
reject "$tmp/cover-moved.cert" ""
# a strategy step altered: the winner's answer made the intruded cell
tamper answer-same c3-6 '!done && /^r / && $5 != "-" { $5 = $4; done = 1 } { print }'
reject "$tmp/answer-same.cert" "is not another cell of the carrier"
# a strategy step altered: no answer to a bridge intrusion
tamper answer-dropped e5 '!done && /^r / && NF == 9 && $5 != "-" { $5 = "-"; done = 1 } { print }'
reject "$tmp/answer-dropped.cert" ""
# a carrier cell removed (its entry in a two-cell carrier)
tamper carrier-cut e5 '!done && /^r / && NF == 9 { NF = 6; done = 1 } { print }'
reject "$tmp/carrier-cut.cert" ""
# a connected leaf claimed where the stones are apart
tamper not-joined e5 '!done && /^c / { $3 = ($2 == "N" ? "S" : "N"); done = 1 } { print }'
reject "$tmp/not-joined.cert" ""
# a game node pointed at a strategy node
tamper bad-ref c3-6 '!done && /^l / { $NF = $NF + 1; done = 1 } { print }'
reject "$tmp/bad-ref.cert" ""
# header fields
tamper winner-changed c3-6 '/^winner / { $2 = "white" } { print }'
reject "$tmp/winner-changed.cert" ""
tamper to-move-changed c3-6 '/^to-move / { $2 = "black" } { print }'
reject "$tmp/to-move-changed.cert" "where the winner is to move"
tamper stone-removed c3-6 '/^stones / { sub(/b/, ".") } { print }'
reject "$tmp/stone-removed.cert" ""
tamper stone-added c3-6 '/^stones / { sub(/\./, "w") } { print }'
reject "$tmp/stone-added.cert" ""
tamper version c3-6 'NR == 1 { $2 = 4 } { print }'
reject "$tmp/version.cert" "format version 4"
tamper board c3-6 '/^board / { $2 = "7x6" } { print }'
reject "$tmp/board.cert" ""
tamper count c3-6 '/^nodes / { $2 = $2 + 1 } { print }'
reject "$tmp/count.cert" ""
# truncated: half the file, and the last line gone
size=$(wc -c <"$tmp/c3-6.cert")
head -c $((size / 2)) "$tmp/c3-6.cert" >"$tmp/half.cert"
reject "$tmp/half.cert" ""
sed '$d' "$tmp/c3-6.cert" >"$tmp/no-end.cert"
reject "$tmp/no-end.cert" "truncated"

# format 2: shared connection nodes.  cert NAME VERSION SIZE STONES TO-MOVE
# WINNER NODE...: a hand-made certificate in $tmp/NAME.cert
cert() {
    name=$1 v=$2 size=$3 stones=$4 tm=$5 win=$6
    shift 6
    { printf 'hein-certificate %s\nboard %s\nstones %s\nto-move %s\nwinner %s\nnodes %d\n' \
          "$v" "$size" "$stones" "$tm" "$win" $#
      for nd in "$@"; do echo "$nd"; done
      echo end; } >"$tmp/$name.cert"
}
# 2x2, Black b1: the bridge to a2 b2, one 'c N S' shared by both answers
cert shared 2 2x2 .... black black 'c N S' 'r N S a2 b2 1 b2 a2 1' 'v 1' 'm b1 1'
accept "$tmp/shared.cert"
# the same as a format 1 tree is read too
cert tree 1 2x2 .... black black 'c N S' 'c N S' 'r N S a2 b2 2 b2 a2 1' 'v 1' 'm b1 1'
accept "$tmp/tree.cert"
# the shared node used where it does not hold: no answer to b2
cert shared-wrong 2 2x2 .... black black 'c N S' 'r N S a2 b2 1 b2 - 1' 'v 1' 'm b1 1'
reject "$tmp/shared-wrong.cert" "N and S are not connected"
# a shared strategy passed once with Black's b1 and carrier a2 b2; used
# again with the same Black stones but White's a2 in its carrier (White
# to move on 2x2 wins: the claim is false)
cert shared-stale 2 2x2 .... white black 'c N S' 'r N S a2 b2 1 b2 a2 1' 'v 1' 'm b1 1' \
    'v 3' 'm b1 1' 'l / a1 3 a2 1'
reject "$tmp/shared-stale.cert" "carrier cell a2 is not empty"
# references to the node itself, to before the first node, negative
cert self-ref 2 2x2 .... black black 'c N S' 'r N S a2 b2 0 b2 a2 1' 'v 1' 'm b1 1'
reject "$tmp/self-ref.cert" "refers 0 nodes back, not to an earlier node"
cert forward-ref 2 2x2 .... black black 'c N S' 'r N S a2 b2 1 b2 a2 1' 'v 5' 'm b1 1'
reject "$tmp/forward-ref.cert" "refers 5 nodes back, not to an earlier node"
cert negative-ref 2 2x2 .... black black 'c N S' 'r N S a2 b2 1 b2 a2 -1' 'v 1' 'm b1 1'
reject "$tmp/negative-ref.cert" "malformed 'r' node"
# a node used twice by each of 200 nodes above it (2^200 uses): the memo
# checks it once per board, so this ends at once
set -- 'c N a1' 's N a1 N 1 1'
i=0
while [ $i -lt 200 ]; do set -- "$@" 's N N N 1 1'; i=$((i + 1)); done
cert doubling 2 1x2 bb white black "$@" 'c N S' 's N N S 2 1' 'v 1'
accept "$tmp/doubling.cert"
# format 3: fill-in.  hein's certificates fill the loser's stones ('x')
# and the winner's captured sets ('k')
grep -q '^k ' "$tmp/c3-6.cert" || fail "6x6 c3: no captured set filled"
grep -q '^x ' "$tmp/c3-6.cert" || fail "6x6 c3: no loser's stones filled"
# 2x2, Black a2 on its south edge, White to move: a1 and b1 are captured
# by Black (White's move into one is answered by the other, which joins
# a2 to the north edge either way); filled, Black is connected
cert captured 3 2x2 ..b. white black 'w' 'k a1 b1 1'
accept "$tmp/captured.cert"
# the loser's stone on b2 first changes nothing
cert loser-filled 3 2x2 ..b. white black 'w' 'k a1 b1 1' 'x b2 1'
accept "$tmp/loser-filled.cert"
# a1 alone is not captured: White plays it and Black has no answer in it
cert not-captured 3 2x2 ..b. white black 'w' 'k a1 1'
reject "$tmp/not-captured.cert" "not captured by the winner"
# 1x3, Black a1 and a3: a2 is White's to take (the claim is false)
cert not-captured-line 3 1x3 b.b white black 'w' 'k a2 1'
reject "$tmp/not-captured-line.cert" "not captured by the winner"
# the captured set filled for the loser instead: White is connected
cert filled-for-loser 3 2x2 ..b. white black 'w' 'x a1 b1 1'
reject "$tmp/filled-for-loser.cert" "the loser has won here"
# a filled cell already taken, or named twice
cert fill-taken 3 2x2 ..b. white black 'w' 'k a1 a2 1'
reject "$tmp/fill-taken.cert" "the filled cell a2 is not empty"
cert fill-twice 3 2x2 ..b. white black 'w' 'k a1 b1 a1 1'
reject "$tmp/fill-twice.cert" "the filled cell a1 is not empty"
# more cells than the search takes
cert fill-large 3 4x3 ............ white black 'w' 'k a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 1'
reject "$tmp/fill-large.cert" "a captured set of 11 cells"
# fill-in nodes are format 3 only; one needs a node to point to
cert fill-v2 2 2x2 ..b. white black 'w' 'k a1 b1 1'
reject "$tmp/fill-v2.cert" "malformed 'k' node"
cert fill-no-ref 3 2x2 ..b. white black 'w' 'x a1'
reject "$tmp/fill-no-ref.cert" "malformed 'x' node"
# killed replies: 2x2, Black b1, White to move; Black answers a2 by b2 and
# b2 by a2, and White's a1 is dead once Black holds b2
cert killed 3 2x2 .b.. white black 'w' 'm b2 1' 'w' 'm a2 1' 'l / a2 3 b2 1 / a1 b2'
accept "$tmp/killed.cert"
# b2 is not dead once Black holds a1 (Black's b1 still needs it)
cert not-dead 3 2x2 .b.. white black 'w' 'm b2 1' 'l / a2 1 / a1 b2 b2 a1'
reject "$tmp/not-dead.cert" "the loser's reply b2 is not dead once the winner holds its killer"
cert killer-taken 3 2x2 .b.. white black 'w' 'm b2 1' 'w' 'm a2 1' 'l / a2 3 b2 1 / a1 b1'
reject "$tmp/killer-taken.cert" "the killer of a1 is not another empty cell"
cert killed-twice 3 2x2 .b.. white black 'w' 'm b2 1' 'w' 'm a2 1' 'l / a2 3 b2 1 / a2 b2'
reject "$tmp/killed-twice.cert" "the loser's reply a2 is listed twice"
cert killed-v2 2 2x2 .b.. white black 'w' 'm b2 1' 'w' 'm a2 1' 'l / a2 3 b2 1 / a1 b2'
reject "$tmp/killed-v2.cert" "malformed 'l' node"
grep -q '^l .* / .* / ' "$tmp/b2-6.cert" || fail "6x6 b2: no killed reply"
# a real certificate's killer made the killed cell itself
tamper killer-self b2-6 '!done && /^l .* \/ .* \/ / { $NF = $(NF - 1); done = 1 } { print }'
reject "$tmp/killer-self.cert" "is not another empty cell"
# a real certificate's captured set given to the loser
tamper k-to-x c3-6 '!done && /^k / { $1 = "x"; done = 1 } { print }'
reject "$tmp/k-to-x.cert" ""

# the bound on the work: a certificate that needs more is rejected
run_tool "hein-verify --max-work 100" "$verify" --max-work 100 "$tmp/c3-6.cert"
expect_status 1
grep -q "^rejected: .*too much work" "$tmp/out" || fail "--max-work 100 does not reject"
run_tool "hein-verify --max-work x" "$verify" --max-work x "$tmp/c3-6.cert"
expect_status 2

# files that are not certificates, usage
: >"$tmp/empty.cert"
reject "$tmp/empty.cert" "truncated"
printf 'hein-certificate 1\nboard 3x3\nstones .........\nto-move black\nwinner black\nnodes 1\nw\nend\n' >"$tmp/fake-won.cert"
reject "$tmp/fake-won.cert" "not connected"
head -c 3000 "$hein" >"$tmp/binary.cert"
reject "$tmp/binary.cert" "not a hein certificate"
reject "$tmp/missing.cert" "cannot read"
run_tool "hein-verify" "$verify"
expect_status 2
run_tool "hein-verify --bogus" "$verify" --bogus "$tmp/e5.cert"
expect_status 2
run_tool "hein-verify two files" "$verify" "$tmp/e5.cert" "$tmp/e5.cert"
expect_status 2

# dfpn-save-proof's own errors leave no file
printf 'boardsize 5 5\ndfpn-save-proof %s/no/such/dir/x.cert\n' "$tmp" >"$tmp/bad.htp"
run_tool "hein (unwritable)" "$hein" -c "$tmp/bad.htp"
expect_status 1
expect_err "cannot write"
printf 'boardsize 5 5\ndfpn-save-proof %s/x.cert purple\n' "$tmp" >"$tmp/bad2.htp"
run_tool "hein (bad colour)" "$hein" -c "$tmp/bad2.htp"
expect_status 1
[ ! -e "$tmp/x.cert" ] || fail "a failed dfpn-save-proof wrote a file"

finish
