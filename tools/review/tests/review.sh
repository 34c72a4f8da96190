#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# hein-review on games whose turning points the solver proves
# (review-data/README says why each mark is right): a 7x7 game where
# Black's first move gives the win away, White's second decides it and
# White's fourth gives it back; a 5x5 game with a swap.  Checked: the
# summary's lines, every mark, the comments and labels of the annotated
# SGF (read back by hein), the plot's PNG header; a review stopped by
# SIGINT keeps what it did; bad input (a missing, garbled, non-Hex or
# illegal SGF) is refused with a message, a non-zero exit and no output.
# The searches are bounded by param_scns max_expansions and every
# position is proven well within the solver's limit, so the review is the
# same on any machine.
watchdog=120
. "${srcdir:-.}/lib/tests/lib.sh"

review=./hein-review
hein=../engine/hein
need_program "$review" "$hein"
data=$abs_srcdir/review/tests/review-data
fixed="--seconds 30 --solve-seconds 30 --seed 1 --param 'param_scns max_expansions 300'"

run_review() {
    run_tool hein-review "$review" "$@"
}
expect_out_line() {
    grep -E -e "$1" "$tmp/out" >/dev/null || fail "stdout has no line matching: $1"
}
# expect_comment FILE MOVE TEXT: move MOVE's comment in FILE holds TEXT.
expect_comment() {
    awk -v k="$2" 'index($0, "C[Move " k ":") { on = 1 } on { print } on && /\]$/ { exit }' \
        "$1" >"$tmp/comment"
    grep -F -e "$3" "$tmp/comment" >/dev/null \
        || fail "$1: move $2's comment lacks: $3 (it is: $(cat "$tmp/comment"))"
}
# expect_no_comment_text FILE MOVE TEXT: move MOVE's comment lacks TEXT.
expect_no_comment_text() {
    awk -v k="$2" 'index($0, "C[Move " k ":") { on = 1 } on { print } on && /\]$/ { exit }' \
        "$1" >"$tmp/comment"
    if grep -F -e "$3" "$tmp/comment" >/dev/null; then
        fail "$1: move $2's comment has: $3"
    fi
}
# expect_png FILE: a PNG signature, then IHDR of the plot's 800 x 420.
expect_png() {
    [ "$(od -An -tx1 -N24 "$1" | tr -d ' \n')" = \
        89504e470d0a1a0a0000000d4948445200000320000001a4 ] \
        || fail "$1 is not the plot's PNG: $(od -An -tx1 -N24 "$1" | tr -d ' \n')"
}

# ---- the 7x7 game -----------------------------------------------------------
eval "run_review $fixed -o \"\$tmp/7x7.sgf\" --plot \"\$tmp/7x7.png\" \"\$data/7x7-gave-away.sgf\""
expect_status 0
expect_out_line '^hein-review [^ ]*: .*7x7-gave-away\.sgf, 7x7, 11 moves, Black won$'
expect_out_line '^settings: player scns, 30 s search and 30 s solver a position, 1 thread, loss threshold 100$'
expect_out_line '^Black: 6 moves reviewed, mean loss 333\.3, turning points: move 1 a3 \(gave away, loss 2000\)$'
expect_out_line '^White: 5 moves reviewed, mean loss 400\.0, turning points: move 2 d4 \(decided\), move 4 c3 \(gave away, loss 2000\)$'
expect_out_line '^decided: after move 2 \(White d4\), Black to move is proven lost$'
expect_out_line '^reviewed: 12 of 12 positions in '
expect_err "hein-review: move 1 of 11 reviewed"
expect_err "hein-review: the final position reviewed"
expect_err "about 0 s left"
# the comments: values, losses, the proven results, the marks
expect_comment "$tmp/7x7.sgf" 1 "Move 1: Black a3, value loss (proven)"
expect_comment "$tmp/7x7.sgf" 1 ", loss 2000"
expect_comment "$tmp/7x7.sgf" 1 "Before: proven, Black wins with "
expect_comment "$tmp/7x7.sgf" 1 "After: proven, White wins with "
expect_comment "$tmp/7x7.sgf" 1 "Turning point: gave away, loss"
expect_comment "$tmp/7x7.sgf" 2 "Before: proven, White wins with "
expect_comment "$tmp/7x7.sgf" 2 "After: proven, White wins (Black to move is lost: no move wins)"
expect_comment "$tmp/7x7.sgf" 2 "Turning point: decided"
expect_comment "$tmp/7x7.sgf" 3 ", loss 0"
expect_comment "$tmp/7x7.sgf" 3 "Before: proven, White wins (Black to move is lost: no move wins)"
expect_no_comment_text "$tmp/7x7.sgf" 3 "Turning point"
expect_comment "$tmp/7x7.sgf" 4 "Move 4: White c3, value loss (proven)"
expect_comment "$tmp/7x7.sgf" 4 ", loss 2000"
expect_comment "$tmp/7x7.sgf" 4 "Turning point: gave away, loss"
for k in 5 6 7 8 9 10 11; do
    expect_comment "$tmp/7x7.sgf" $k ", loss 0"
    expect_comment "$tmp/7x7.sgf" $k "proven, Black wins"
    expect_no_comment_text "$tmp/7x7.sgf" $k "Turning point"
done
expect_comment "$tmp/7x7.sgf" 11 "Move 11: Black c6, value win (proven)"
# every move has hein's move as a label and a line of its value
[ "$(grep -c 'LB\[[a-g][1-7]:best\]C\[Move ' "$tmp/7x7.sgf")" -eq 11 ] \
    || fail "not 11 moves with a best-move label and a comment"
[ "$(grep -c '^hein: [a-g][1-7], value ' "$tmp/7x7.sgf")" -eq 11 ] \
    || fail "not 11 lines of hein's move"
# the root keeps its comment, with the summary after it, and RE
grep -F 'C[A 7x7 game whose turning points the solver proves' "$tmp/7x7.sgf" >/dev/null \
    || fail "the root comment is lost"
grep -F 'RE[B+Resign]' "$tmp/7x7.sgf" >/dev/null || fail "RE is lost"
grep -F 'decided: after move 2 (White d4)' "$tmp/7x7.sgf" >/dev/null \
    || fail "the summary is not in the root comment"
expect_png "$tmp/7x7.png"
# hein reads the annotated game back: the same moves, the same result
printf 'loadsgf %s\nshowboard\nfinal_score\n' "$tmp/7x7.sgf" | $hein >"$tmp/load" 2>&1
printf 'loadsgf %s\nshowboard\nfinal_score\n' "$data/7x7-gave-away.sgf" | $hein >"$tmp/want" 2>&1
cmp -s "$tmp/load" "$tmp/want" || fail "hein reads the annotated game otherwise: $(cat "$tmp/load")"
grep -F '= B+' "$tmp/load" >/dev/null || fail "the annotated game lost its result"

# A lower threshold marks no more here: every loss is 0 or 2000.
eval "run_review $fixed --loss-threshold 1 -q \"\$data/7x7-gave-away.sgf\""
expect_status 0
expect_out_line '^Black: 6 moves reviewed, mean loss 333\.3, turning points: move 1 a3 \(gave away, loss 2000\)$'
[ -s "$tmp/err" ] && grep -F 'hein-review: move' "$tmp/err" >/dev/null && fail "--quiet printed progress"

# ---- the 5x5 game with a swap ----------------------------------------------
eval "run_review $fixed -o \"\$tmp/5x5.sgf\" \"\$data/5x5-swap.sgf\""
expect_status 0
expect_out_line '^Black: 2 moves reviewed, mean loss 0\.0, turning points: move 1 c3 \(decided\)$'
expect_out_line '^White: 3 moves reviewed, mean loss 0\.0, turning points: none$'
expect_comment "$tmp/5x5.sgf" 2 "Move 2: White swap-pieces (the swapper plays Black), value win (proven) (of the position after it), loss 0"
expect_comment "$tmp/5x5.sgf" 2 "Before: proven, Black wins (White to move is lost: no move wins)"
grep -F ';W[swap-pieces]' "$tmp/5x5.sgf" >/dev/null || fail "the swap is lost"

# ---- without the solver: the search's values alone ---------------------------
eval "run_review --seconds 30 --solve-seconds 0 --param 'param_scns max_expansions 100' -q \
    --loss-threshold 1 -o \"\$tmp/nosolver.sgf\" \"\$data/7x7-gave-away.sgf\""
expect_status 0
expect_out_line '^settings: player scns, 30 s search and 0 s solver a position'
# a loss of 1 or more is marked, and only that
marked=$(grep -c '^Turning point: .*loss' "$tmp/nosolver.sgf")
positive=$(grep -c 'C\[Move [0-9]*: .*, loss [1-9][0-9]*$' "$tmp/nosolver.sgf")
[ "$marked" -eq "$positive" ] || fail "$marked moves marked 'loss', $positive lose 1 or more"

# ---- ^C keeps what was done --------------------------------------------------
game=$abs_srcdir/prior/prior-data/game-001.sgf
$review --seconds 2 --solve-seconds 1 --moves 40 -o "$tmp/stop.sgf" --plot "$tmp/stop.png" \
    "$game" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 4
kill -INT $pid
status=0
wait $pid || status=$?
what="hein-review stopped by SIGINT"
expect_status 130
expect_err "stopping (signal 2)"
expect_out_line '^reviewed: [0-9]+ of 41 positions in .*; stopped'
expect_png "$tmp/stop.png"
printf 'loadsgf %s\n' "$tmp/stop.sgf" | $hein >"$tmp/load" 2>&1
grep -F '? ' "$tmp/load" >/dev/null && fail "hein cannot read the stopped review: $(cat "$tmp/load")"
if grep -F 'C[Move 1:' "$tmp/stop.sgf" >/dev/null; then
    fail "move 1 was reviewed: the review did not stop"
fi

# ---- bad input: a message, a non-zero exit, nothing written ------------------
for bad in missing.sgf garbled.sgf go.sgf illegal.sgf; do
    rm -f "$tmp/bad.sgf" "$tmp/bad.png"
    run_review -o "$tmp/bad.sgf" --plot "$tmp/bad.png" "$data/$bad"
    expect_status 1
    expect_err "hein-review: $data/$bad: "
    [ -e "$tmp/bad.sgf" ] && fail "$bad: an SGF was written"
    [ -e "$tmp/bad.png" ] && fail "$bad: a PNG was written"
    [ -s "$tmp/out" ] && fail "$bad: a summary on stdout"
done
run_review "$data/go.sgf"
expect_err "GM"
run_review "$data/illegal.sgf"
expect_err "d4"
run_review -o "$tmp/no/such/dir/x.sgf" "$data/5x5-swap.sgf"
expect_status 1
expect_err "cannot write '$tmp/no/such/dir/x.sgf'"
[ -s "$tmp/out" ] && fail "a summary although the output cannot be written"

# ---- usage -------------------------------------------------------------------
run_review --help
expect_status 0
grep -F -e '--loss-threshold' "$tmp/out" >/dev/null || fail "--help lacks --loss-threshold"
run_review -V
expect_status 0
grep -e '^hein-review (hein) ' "$tmp/out" >/dev/null || fail "-V: no version"
run_review -x a.sgf
expect_status 2
expect_err "unknown option '-x'"
run_review -o
expect_status 2
expect_err "option -o needs an argument"
run_review
expect_status 2
expect_err "no game given"
run_review a.sgf b.sgf
expect_status 2
run_review --seconds -1 a.sgf
expect_status 2
expect_err "invalid --seconds"
run_review --loss-threshold 0 a.sgf
expect_status 2
run_review --param 'param_scns no_such_key 1' "$data/5x5-swap.sgf"
expect_status 2
expect_err "no_such_key"
run_review --param 'two words' "$data/5x5-swap.sgf"
expect_status 2
expect_err "GROUP KEY VALUE"
run_review --frobnicate a.sgf
expect_status 2

finish
