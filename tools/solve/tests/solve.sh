#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-solve (make check): every 5x5 first move against the shipped swap
# table; a 6x6 all-openings run with checkpoints killed with SIGKILL
# between two of them, resumed, and its winners equal to a run without
# checkpoints and to the swap table; one position from --moves and from
# an SGF file; a position out of --time, then resumed with more; the
# picture; a database filled by one run answering the next; proof
# certificates that hein-verify accepts, kept by a resumed run where whole
# and written again where not; bad
# checkpoints, openings files and options refused with a
# message, the checkpoint left as it was.
watchdog=120
. "$srcdir/lib/tests/lib.sh"

solve=./hein-solve
need_program "$solve"
need_program ./hein-verify
patterns=$abs_srcdir/../share/patterns

# winners FILE: the "move winner" rows of a result table, sorted.
winners() {
    grep -v '^#' "$1" | awk 'NR > 1 { print $1, $2 }' | sort
}

# swap_table N: the shipped table's "cell winner" lines, sorted.
swap_table() {
    grep -v '^#' "$patterns/swap-$1x$1.txt" | awk 'NF == 2 { print $1, $2 }' | sort
}

# ---- 5x5: every first move, symmetric pairs once --------------------
run_tool "5x5" "$solve" --board 5 --all-openings --png "$tmp/5x5.png"
expect_status 0
winners "$tmp/out" >"$tmp/w5"
swap_table 5 >"$tmp/s5"
cmp -s "$tmp/w5" "$tmp/s5" || fail "5x5 winners differ from swap-5x5.txt: $(diff "$tmp/w5" "$tmp/s5" | head -4)"
grep -q '^# hein-solve .*5x5, black to move, first moves, 13 problems$' "$tmp/out" \
    || fail "5x5: not 13 problems (one per half-turn pair)"
grep -q '^e5 *white *c3 *=a1 ' "$tmp/out" || fail "5x5: e5 not reported as a1's image"
grep -q '^# 25 moves: black wins 13, white wins 12, unsolved 0;' "$tmp/out" \
    || fail "5x5: the summary line"
[ "$(head -c 8 "$tmp/5x5.png" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ] \
    || fail "5x5: no PNG written"
expect_err "c3 (13/13) black wins"

# ---- one position ----------------------------------------------------
run_tool "5x5 c3, white to move" "$solve" --board 5 --moves "c3"
expect_status 0
grep -q '^position *black *- ' "$tmp/out" || fail "5x5 after c3: black should win"
run_tool "3x3" "$solve" --board 3 -q
expect_status 0
grep -q '^position *black *b2 ' "$tmp/out" || fail "3x3: black wins with b2"
printf '(;FF[4]GM[11]SZ[4];B[a1];W[swap-pieces];W[b2])\n' >"$tmp/g.sgf"
run_tool "SGF" "$solve" -q "$tmp/g.sgf"
expect_status 0
grep -q '^# hein-solve .*4x4, black to move, 1 problem$' "$tmp/out" \
    || fail "SGF: the position's side to move"
grep -q '^position *\(black\|white\) ' "$tmp/out" || fail "SGF: no result"

# ---- a position out of time, then given more ---------------------------
run_tool "7x7 a1 in 0.05 s" "$solve" --board 7 --moves "a1" --time 0.05 \
    --checkpoint "$tmp/t.ckpt"
expect_status 0
grep -q '^position *unsolved ' "$tmp/out" || fail "7x7 a1 solved in 0.05 s?"
run_tool "7x7 a1 resumed" "$solve" --resume "$tmp/t.ckpt" --time 0
expect_status 0
expect_err "0 of 1 done"
reply=$(sed -n 's/^position *white *\([a-g][1-7]\) .*/\1/p' "$tmp/out")
if [ -z "$reply" ]; then
    fail "7x7 after a1: white should win, with a move"
else
    # the reply wins: after it, black to move loses
    printf '(;FF[4]GM[11]SZ[7];B[a1];W[%s])\n' "$reply" >"$tmp/r.sgf"
    run_tool "7x7 a1 $reply" "$solve" -q "$tmp/r.sgf"
    expect_status 0
    grep -q '^position *white ' "$tmp/out" || fail "7x7 after a1 $reply: white should win"
fi

# ---- 6x6: killed between checkpoints and resumed -----------------------
run_tool "6x6 in one go" "$solve" --board 6 --all-openings -q
expect_status 0
winners "$tmp/out" >"$tmp/w6"
swap_table 6 >"$tmp/s6"
cmp -s "$tmp/w6" "$tmp/s6" || fail "6x6 winners differ from swap-6x6.txt"
rm -f "$tmp/c.ckpt"
"$solve" --board 6 --all-openings --checkpoint "$tmp/c.ckpt" --every 0.002 \
    >"$tmp/killed.out" 2>"$tmp/killed.err" &
pid=$!
# wait for the first checkpoint (at 0.12 s), then kill in the middle of
# the cadence
n=0
while [ ! -s "$tmp/c.ckpt" ] && [ $n -lt 200 ]; do
    sleep 0.05
    n=$((n + 1))
done
sleep 0.2
kill -9 $pid 2>/dev/null || fail "6x6: the run ended before it could be killed"
wait $pid 2>/dev/null
[ -s "$tmp/killed.out" ] && fail "6x6: the killed run wrote its table"
head -n 1 "$tmp/c.ckpt" | grep -aq '^hein-solve checkpoint 2$' \
    || fail "6x6: no whole checkpoint after the kill"
ls "$tmp" | grep -q 'c.ckpt.tmp' && rm -f "$tmp"/c.ckpt.tmp*   # a kill mid-write
done_before=$(grep -ac '^item .* solved ' "$tmp/c.ckpt")
cp "$tmp/c.ckpt" "$tmp/c.saved"
run_tool "6x6 resumed" "$solve" --resume "$tmp/c.ckpt" --png "$tmp/6x6.png"
expect_status 0
expect_err "resumed from $tmp/c.ckpt: $done_before of 18 done"
winners "$tmp/out" >"$tmp/w6r"
cmp -s "$tmp/w6r" "$tmp/w6" || fail "6x6 resumed: winners differ from the run in one go"
grep -q '^# 36 moves: black wins 24, white wins 12, unsolved 0;' "$tmp/out" \
    || fail "6x6 resumed: the summary line"
[ -s "$tmp/6x6.png" ] || fail "6x6: no picture"
grep -ac '^item .* solved ' "$tmp/c.ckpt" | grep -q '^18$' || fail "6x6: final checkpoint"
# a finished checkpoint resumes to the same table with no search
run_tool "6x6 finished" "$solve" --resume "$tmp/c.ckpt" -q
expect_status 0
winners "$tmp/out" >"$tmp/w6f"
cmp -s "$tmp/w6f" "$tmp/w6" || fail "6x6 finished: winners differ"

# ---- a resume runs as many threads as the run it continues ----------
run_tool "5x5 two threads" "$solve" --board 5 --moves c3 --threads 2 -q \
    --checkpoint "$tmp/t2.ckpt"
expect_status 0
grep -aq '^settings .* 2$' "$tmp/t2.ckpt" || fail "two threads: not in the checkpoint"
run_tool "5x5 two threads resumed" "$solve" --resume "$tmp/t2.ckpt" -q
expect_status 0
grep -aq '^settings .* 2$' "$tmp/t2.ckpt" || fail "two threads: lost by the resume"
run_tool "5x5 resumed on one" "$solve" --resume "$tmp/t2.ckpt" --threads 1 -q
expect_status 0
grep -aq '^settings .* 1$' "$tmp/t2.ckpt" || fail "--threads 1 on a resume: not kept"
# a checkpoint of format version 1 (no threads in it: one) still resumes
cp "$srcdir/solve/tests/v1-4x4.ckpt" "$tmp/v1.ckpt"
run_tool "version 1" "$solve" --resume "$tmp/v1.ckpt" -q
expect_status 0
grep -q '^position *white *b3 ' "$tmp/out" || fail "version 1: not white's win after b2"
head -n 1 "$tmp/v1.ckpt" | grep -aq '^hein-solve checkpoint 2$' \
    || fail "version 1: not written again as version 2"

# ---- bad checkpoints: refused, left as they were ------------------------
# bad_ckpt LABEL FILE TEXT: --resume FILE fails with TEXT; FILE unchanged.
bad_ckpt() {
    before=$(cksum "$2" 2>/dev/null | cut -d" " -f1,2)
    run_tool "$1" "$solve" --resume "$2"
    expect_status 1
    expect_err "$3"
    [ "$(cksum "$2" 2>/dev/null | cut -d" " -f1,2)" = "$before" ] || fail "$1: the file was changed"
    [ -s "$tmp/out" ] && fail "$1: a table on stdout"
}
cp "$tmp/g.sgf" "$tmp/sgf.ckpt"
bad_ckpt "not a checkpoint" "$tmp/sgf.ckpt" "not a hein-solve checkpoint"
: >"$tmp/empty.ckpt"
bad_ckpt "empty" "$tmp/empty.ckpt" "not a hein-solve checkpoint"
size=$(wc -c <"$tmp/c.saved")
head -c $((size - 100)) "$tmp/c.saved" >"$tmp/cut.ckpt"
bad_ckpt "cut in the table" "$tmp/cut.ckpt" "truncated hein table"
head -c 300 "$tmp/c.saved" >"$tmp/cut2.ckpt"
bad_ckpt "cut in the text" "$tmp/cut2.ckpt" "cannot resume from"
sed '1s/checkpoint 2/checkpoint 3/' "$tmp/c.saved" >"$tmp/v3.ckpt"
bad_ckpt "version 3" "$tmp/v3.ckpt" "format version 3"
sed 's/^settings \(.*\) 1$/settings \1 0/' "$tmp/c.saved" >"$tmp/th0.ckpt"
bad_ckpt "no threads" "$tmp/th0.ckpt" "bad settings"
sed 's/^item a1 f6 solved white/item a1 f6 solved black/' "$tmp/c.saved" >"$tmp/edit.ckpt"
bad_ckpt "edited" "$tmp/edit.ckpt" "the sum of its text does not match"
bad_ckpt "missing" "$tmp/none.ckpt" "cannot resume from"

# ---- openings files and options -----------------------------------------
printf 'c3\n# a comment\n\nzz9\n' >"$tmp/bad.txt"
run_tool "bad openings" "$solve" --board 5 --openings "$tmp/bad.txt"
expect_status 1
expect_err "bad.txt:4: 'zz9' is not a cell of the 5x5 board"
printf '# none\n' >"$tmp/none.txt"
run_tool "no openings" "$solve" --board 5 --openings "$tmp/none.txt"
expect_status 1
expect_err "no opening listed"
printf 'c3\nb2\nd4 # b2 turned\n' >"$tmp/list.txt"
run_tool "openings" "$solve" --board 5 --openings "$tmp/list.txt" -q
expect_status 0
grep -q '^# hein-solve .*2 problems$' "$tmp/out" || fail "openings: b2 and d4 not one problem"
grep -q '^d4 *black *- *=b2 ' "$tmp/out" || fail "openings: d4 as b2's image"
for args in "" "--board 5 --every 1" "--resume x --board 5" "--board 0" "--board 5x" \
        "--board 5 --moves 'a1 a1'" "--board 5 --to-move red" "--board 5 --time -1" \
        "--board 5 --openings x --all-openings" "--board 5 --bogus" "a.sgf b.sgf"; do
    eval "run_tool \"usage: $args\" \"$solve\" $args"
    [ $status -eq 1 ] || [ $status -eq 2 ] || fail "'$args': exit status $status"
    [ -s "$tmp/err" ] || fail "'$args': no message"
done
# ---- the database: a second run answers every problem from it ---------
run_tool "5x5 into a database" "$solve" --board 5 --all-openings --db "$tmp/s.db" -q
expect_status 0
winners "$tmp/out" >"$tmp/wdb1"
cmp -s "$tmp/wdb1" "$tmp/s5" || fail "5x5 with --db: winners differ from swap-5x5.txt"
grep -q '^# database .*: 0 positions answered from it, [1-9][0-9]* stored$' "$tmp/out" \
    || fail "5x5 with --db: nothing stored"
run_tool "5x5 from the database" "$solve" --board 5 --all-openings --db "$tmp/s.db" -q
expect_status 0
winners "$tmp/out" >"$tmp/wdb2"
cmp -s "$tmp/wdb2" "$tmp/s5" || fail "5x5 from the database: winners differ"
grep -q '^# database .*: 13 positions answered from it, 0 stored$' "$tmp/out" \
    || fail "5x5 from the database: not 13 answers from it"
grep -q ' 0 expansions' "$tmp/out" || fail "5x5 from the database: searched"
printf 'not a database\n' >"$tmp/text.db"
run_tool "not a database" "$solve" --board 5 --db "$tmp/text.db" -q
expect_status 1
expect_err "--db:"
cmp -s "$tmp/text.db" - <<EOF2 || fail "--db: the refused file was changed"
not a database
EOF2

# ---- proof certificates, checked by hein-verify -------------------------
mkdir "$tmp/proofs"
run_tool "5x5 certificates" "$solve" --board 5 --all-openings --db "$tmp/s.db" \
    --proof "$tmp/proofs" -q
expect_status 0
grep -q '^# proof certificates: 13 written$' "$tmp/out" || fail "5x5: not 13 certificates"
n=0
for f in "$tmp/proofs"/*.cert; do
    ./hein-verify "$f" >"$tmp/vout" 2>&1 || fail "$f: $(tail -n 1 "$tmp/vout")"
    n=$((n + 1))
done
[ $n -eq 13 ] || fail "5x5: $n certificate files"
# resumed with --proof: whole certificates of the earlier run are kept, a
# cut one is written again
mkdir "$tmp/proofs2"
run_tool "5x5 certificates, checkpointed" "$solve" --board 5 --all-openings \
    --checkpoint "$tmp/p.ckpt" --proof "$tmp/proofs2" -q
expect_status 0
cp "$tmp/proofs2/a1.cert" "$tmp/a1-before.cert"
head -c 200 "$tmp/proofs2/c3.cert" >"$tmp/cut" && mv "$tmp/cut" "$tmp/proofs2/c3.cert"
run_tool "5x5 resumed with --proof" "$solve" --resume "$tmp/p.ckpt" --proof "$tmp/proofs2"
expect_status 0
grep -q '^# proof certificates: 1 written$' "$tmp/out" || fail "resumed: not 1 certificate written"
expect_err "a1: proof certificate $tmp/proofs2/a1.cert kept (an earlier run wrote it)"
cmp -s "$tmp/a1-before.cert" "$tmp/proofs2/a1.cert" || fail "resumed: a1's certificate changed"
./hein-verify "$tmp/proofs2/c3.cert" >"$tmp/vout" 2>&1 || fail "c3 rewritten: $(tail -n 1 "$tmp/vout")"
run_tool "one certificate" "$solve" --board 6 --moves "c3" --proof "$tmp/c3.cert" -q
expect_status 0
./hein-verify "$tmp/c3.cert" >"$tmp/vout" 2>&1 || fail "6x6 c3: $(tail -n 1 "$tmp/vout")"
grep -q '^verified$' "$tmp/vout" || fail "6x6 c3: not verified"
run_tool "certificate folder missing" "$solve" --board 5 --openings "$tmp/list.txt" \
    --proof "$tmp/no/such" -q
expect_status 1
expect_err "no proof certificate for"

run_tool "checkpoint folder missing" "$solve" --board 4 --checkpoint "$tmp/no/such.ckpt" -q
expect_status 1
expect_err "cannot write the checkpoint"

finish
