#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# End-to-end checks of the program that a .tst file cannot express: the
# command line, stdout discipline, quitting on EOF and SIGTERM, the exact
# bytes of error replies (the runner trims replies and never matches an
# error's text), and "# interrupt" stopping a running command within 100 ms.
# Prints one line per check and "N passed, N failed".
set -u
hein=${HEIN:-../engine/hein}
dir=$(mktemp -d)
pid=
trap 'exec 3>&- 4<&- 2>/dev/null; [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "FAILED: $1"; }
ms() { echo $(( $(date +%s%N) / 1000000 )); }

# --help and --version answer on stdout and exit 0.
if "$hein" --help | grep -q -- '--config'; then ok "--help"; else bad "--help"; fi
if "$hein" --version | grep -q '^hein [0-9]'; then ok "--version"; else bad "--version"; fi

# A bad option or seed: a message on stderr, status 2, nothing on stdout.
out=$("$hein" --no-such-option 2>"$dir/err" </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ] && [ -s "$dir/err" ]; then ok "unknown option"; else bad "unknown option (status $st)"; fi
# An unknown short option is unknown (not one lacking its argument); an
# option that lacks its argument says so.
for o in -x -Z -q; do
    "$hein" $o </dev/null >/dev/null 2>"$dir/err"; st=$?
    if [ $st -eq 2 ] && grep -qx "hein: unknown option '$o'" "$dir/err"; then
        ok "unknown option $o"; else bad "unknown option $o (status $st): $(head -1 "$dir/err")"; fi
done
"$hein" -c </dev/null >/dev/null 2>"$dir/err"; st=$?
if [ $st -eq 2 ] && grep -qx "hein: option -c needs an argument" "$dir/err"; then
    ok "-c needs an argument"; else bad "-c without argument (status $st): $(head -1 "$dir/err")"; fi
"$hein" --config </dev/null >/dev/null 2>"$dir/err"; st=$?
if [ $st -eq 2 ] && grep -qx "hein: option '--config' needs an argument" "$dir/err"; then
    ok "--config needs an argument"; else bad "--config without argument (status $st): $(head -1 "$dir/err")"; fi
out=$("$hein" --seed banana 2>/dev/null </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ]; then ok "bad seed"; else bad "bad seed (status $st)"; fi
out=$("$hein" --tt-mb 0 2>/dev/null </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ]; then ok "bad --tt-mb"; else bad "bad --tt-mb (status $st)"; fi
# A table larger than the memory to be had (here a 2 GiB address-space
# limit) is refused at once, by the option and by the parameter, and the
# engine keeps its size.  A sanitized build reserves terabytes of shadow
# address space, so it cannot start under such a limit: skipped there.
if ldd "$hein" 2>/dev/null | grep -q 'lib[at]san'; then
    ok "--tt-mb beyond the memory (skipped: sanitized build)"
    ok "tt_mb beyond the memory (skipped: sanitized build)"
else
out=$( (ulimit -v 2097152; "$hein" --tt-mb 4096 2>"$dir/err" </dev/null) ); st=$?
if [ $st -eq 2 ] && [ -z "$out" ] && grep -q "more than the memory available" "$dir/err"; then
    ok "--tt-mb beyond the memory"; else bad "--tt-mb beyond the memory (status $st)"; fi
out=$( (ulimit -v 2097152; printf 'param_dfpn tt_mb 4096\nparam_scns tt_mb 4096\nparam_dfpn\nparam_scns\n' \
    | "$hein" 2>/dev/null) )
if [ "$(printf '%s\n' "$out" | grep -c '^? tt_mb 4096 MiB is more than the memory available')" -eq 2 ] \
    && [ "$(printf '%s\n' "$out" | grep -c '^\[string\] tt_mb 64$')" -eq 2 ]; then
    ok "tt_mb beyond the memory"; else bad "tt_mb beyond the memory: $out"; fi
fi

# --threads sets the program's threads (param_game shows it; the solver's
# own, param_dfpn threads, stays 0: the program's); 0 or too many is
# refused.
if printf 'param_game\n' | "$hein" --threads 2 2>/dev/null | grep -q '^\[string\] threads 2$' \
    && printf 'param_dfpn\n' | "$hein" --threads 2 2>/dev/null | grep -q '^\[string\] threads 0$'; then
    ok "--threads"; else bad "--threads"; fi
out=$("$hein" --threads 0 2>/dev/null </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ]; then ok "bad --threads"; else bad "bad --threads (status $st)"; fi
out=$("$hein" --threads 65 2>/dev/null </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ]; then ok "too many --threads"; else bad "too many --threads (status $st)"; fi

# --tt-mb sets the solver's table size (param_dfpn shows it).
if printf 'param_dfpn\n' | "$hein" --tt-mb 16 2>/dev/null | grep -q '^\[string\] tt_mb 16$'; then
    ok "--tt-mb"; else bad "--tt-mb"; fi

# --net FILE reads the network's weights (param_net shows the file, in
# use); a file that is no network: a warning, and hein plays on without
# one (status 0, param_net use 0).
cp "$(printf 'param_net file\n' | "$hein" 2>/dev/null | sed -n 's/^= //p')" "$dir/copy.net" \
    2>/dev/null
echo "not weights" >"$dir/not.net"
if printf 'param_net\n' | "$hein" --net "$dir/copy.net" 2>/dev/null \
        | grep -qx "\[string\] file $dir/copy.net"; then
    ok "--net"; else bad "--net"; fi
out=$(printf 'param_net use\ngenmove b\n' | "$hein" --net "$dir/not.net" 2>"$dir/err"); st=$?
if [ $st -eq 0 ] && printf '%s\n' "$out" | grep -qx "= 0" \
        && grep -q "playing without a network" "$dir/err"; then
    ok "--net with a file that is no network"; else bad "--net on a bad file (status $st)"; fi

# --db FILE opens the solved-position database (db-stat names it); a
# file that is no store: a message on stderr, status 2, the file as it
# was; db-get's error replies (no database; nothing stored).
if printf 'db-stat\n' | "$hein" --db "$dir/s.db" 2>/dev/null | grep -qx "= file $dir/s.db"; then
    ok "--db"; else bad "--db"; fi
echo "my notes" >"$dir/notes.txt"
out=$("$hein" --db "$dir/notes.txt" 2>"$dir/err" </dev/null); st=$?
if [ $st -eq 2 ] && [ -z "$out" ] && grep -q "not an SQLite database" "$dir/err" \
        && [ "$(cat "$dir/notes.txt")" = "my notes" ]; then
    ok "--db refuses a text file"; else bad "--db on a text file (status $st): $(head -1 "$dir/err")"; fi
"$hein" --db </dev/null >/dev/null 2>"$dir/err"; st=$?
if [ $st -eq 2 ] && grep -qx "hein: option '--db' needs an argument" "$dir/err"; then
    ok "--db needs an argument"; else bad "--db without argument (status $st)"; fi
printf 'db-get\ndb-open %s\nboardsize 3\ndb-get\ndb-open %s\n' "$dir/s.db" "$dir/notes.txt" \
    | "$hein" >"$dir/out" 2>/dev/null
if [ "$(sed -n 1p "$dir/out")" = "? no database open" ] && [ "$(sed -n 7p "$dir/out")" = "? none" ] \
        && sed -n 9p "$dir/out" | grep -q "^? .*not a hein solved-position store (not an SQLite database)$"; then
    ok "db-get and db-open error replies"; else bad "db-get and db-open error replies: $(cat "$dir/out")"; fi

# End of input: answer what was read, then exit 0.  Nothing but replies on
# stdout: exactly "= hein" and the empty line.
printf 'name\n' | "$hein" >"$dir/out" 2>/dev/null; st=$?
if [ $st -eq 0 ] && [ "$(cat "$dir/out")" = "= hein" ] && [ "$(wc -l <"$dir/out")" -eq 2 ]; then
    ok "EOF exits 0 after answering"
else
    bad "EOF (status $st): $(cat "$dir/out")"
fi

# End of input with no quit read: the client is gone, so the commands
# read are interrupted as by "# interrupt" (they still answer, in order)
# and hein exits 0.  An 8x8 solve would otherwise run for very long.
t0=$(ms)
printf 'boardsize 8\nsolve\n' | timeout 10 "$hein" >"$dir/out" 2>/dev/null; st=$?
elapsed=$(( $(ms) - t0 ))
if [ $st -eq 0 ] && [ $elapsed -le 3000 ] \
    && grep -q '^= unknown' "$dir/out" && [ "$(grep -c '^=' "$dir/out")" -eq 2 ]; then
    ok "EOF interrupts a running solve (exit in $elapsed ms)"
else
    bad "EOF during solve: status $st after $elapsed ms: $(head -c 200 "$dir/out")"
fi

# ... but a batch ended by quit runs in full: input ends at once here,
# and the solve (under a second) still answers who wins.
out=$(printf 'boardsize 7\nplay b a1\nsolve white\nquit\n' | timeout 60 "$hein" 2>/dev/null)
case "$out" in
    *"= white wins with "*) ok "EOF after quit: the batch is not interrupted" ;;
    *) bad "EOF after quit: $(printf '%s' "$out" | head -c 200)" ;;
esac

# Comments get no reply; ids are echoed; an empty success has the blank.
printf '# just a comment\n7 protocol_version\nplay black a1\nquit\n' | "$hein" >"$dir/out" 2>/dev/null
if [ "$(cat "$dir/out")" = "$(printf '=7 2\n\n= \n\n= ')" ]; then
    ok "framing: comment, id, empty success"
else
    bad "framing: $(od -c "$dir/out" | head -5)"
fi

# The same seed gives the same moves (of the random player, whose moves
# depend on it).
a=$(printf 'param_player name random\ngenmove b\ngenmove w\ngenmove b\n' | "$hein" --seed 17 2>/dev/null)
b=$(printf 'param_player name random\ngenmove b\ngenmove w\ngenmove b\n' | "$hein" --seed 17 2>/dev/null)
if [ "$a" = "$b" ]; then ok "--seed is reproducible"; else bad "--seed: '$a' vs '$b'"; fi

# --config runs commands at start-up (replies on stderr, stdout clean);
# a failing command stops hein with status 1.
printf 'boardsize 5 5\nplay b c3\n' >"$dir/good.cfg"
out=$(printf 'all_legal_moves\n' | "$hein" --config "$dir/good.cfg" 2>/dev/null)
case "$out" in
    "= a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 d3 "*) ok "--config runs commands" ;;
    *) bad "--config: $out" ;;
esac
# A config file runs before input is read: an input already at its end
# does not interrupt the config's commands.
printf 'boardsize 7\nplay b a1\nsolve white\n' >"$dir/solve.cfg"
"$hein" --config "$dir/solve.cfg" </dev/null >"$dir/out" 2>"$dir/err"; st=$?
if [ $st -eq 0 ] && [ ! -s "$dir/out" ] && grep -q '^= white wins with ' "$dir/err"; then
    ok "--config is not interrupted by end of input"
else
    bad "--config with input at its end (status $st): $(grep '^[=?]' "$dir/err" | tail -1)"
fi
printf 'boardsize 5 5\nplay b z9\n' >"$dir/bad.cfg"
out=$("$hein" --config "$dir/bad.cfg" 2>/dev/null </dev/null); st=$?
if [ $st -eq 1 ] && [ -z "$out" ]; then ok "--config failure stops"; else bad "--config failure (status $st)"; fi
"$hein" --config "$dir/missing.cfg" </dev/null >/dev/null 2>&1; st=$?
if [ $st -eq 1 ]; then ok "--config missing file"; else bad "--config missing file (status $st)"; fi
"$hein" --config "$dir" </dev/null >/dev/null 2>"$dir/err"; st=$?
if [ $st -eq 1 ] && grep -q "cannot read config file" "$dir/err"; then
    ok "--config a directory"; else bad "--config a directory (status $st)"; fi

# A usage error names the command and its arguments, with no blank at the
# end when it takes none (one command per file that answers usage errors).
printf 'protocol_version extra\ndfpn-clear-tt x\n7 compute-inferior\neval-resist b w\nvc-build\nsolve a b c\n' \
    | "$hein" >"$dir/out" 2>/dev/null
printf '? usage: protocol_version\n\n? usage: dfpn-clear-tt\n\n?7 usage: compute-inferior COLOUR\n\n? usage: eval-resist [COLOUR]\n\n? usage: vc-build COLOUR\n\n? usage: solve [COLOUR] [SECONDS]\n\n' >"$dir/want"
if cmp -s "$dir/out" "$dir/want"; then
    ok "usage errors: exact text, no trailing blank"
else
    bad "usage errors: $(od -c "$dir/out" | head -4)"
fi

# help names a command without a blank after it when it takes no
# arguments, in its one-command form and in the list.
printf 'help quit\nhelp\n' | "$hein" 2>/dev/null >"$dir/out"
printf '= quit\nanswer, then exit\n' >"$dir/want"
if head -n 2 "$dir/out" | cmp -s - "$dir/want" && grep -qx 'quit -- answer, then exit' "$dir/out" \
        && ! grep -q ' $' "$dir/out"; then
    ok "help: no trailing blank"
else
    bad "help: $(grep -n ' $' "$dir/out" | head -3)"
fi

# "# interrupt" stops a long benchmark within 100 ms, which still answers.
# The reply is read from a fifo with a blocking read, so the time measured
# is the engine's, not a polling loop's.  A watchdog kills a hung engine
# (the reads then see end of file) so that the test cannot hang.
mkfifo "$dir/in" "$dir/out.fifo"
"$hein" <"$dir/in" >"$dir/out.fifo" 2>/dev/null &
pid=$!
(sleep 30; kill -KILL "$pid" 2>/dev/null) &
watchdog=$!
exec 3>"$dir/in"
exec 4<"$dir/out.fifo"
printf 'benchmark 60\n' >&3
sleep 0.5
t0=$(ms)
printf '# interrupt\n' >&3
IFS= read -r reply <&4
t1=$(ms)
IFS= read -r blank <&4
latency=$((t1 - t0))
case $reply in
    "= "*" games/s "*)
        if [ $latency -le 100 ]; then
            ok "interrupt answered in $latency ms"
        else
            bad "interrupt: answered in $latency ms"
        fi ;;
    *) bad "interrupt: reply '$reply' after $latency ms" ;;
esac
# The engine still works after the interrupt, then quits on SIGTERM.
printf 'name\n' >&3
IFS= read -r reply <&4
IFS= read -r blank <&4
kill -TERM "$pid"
t0=$(ms)
wait "$pid"; st=$?
pid=
kill "$watchdog" 2>/dev/null
exec 3>&- 4<&-
if [ $(( $(ms) - t0 )) -lt 2000 ] && [ "$reply" = "= hein" ] && [ $st -eq 143 ]; then
    ok "SIGTERM exits (status $st)"
else
    bad "SIGTERM: status $st, reply to name: '$reply'"
fi

# Every command in list_commands is exercised by a suite (as the command
# of some line of regress/*.tst), so none goes untested.
suites=${srcdir:-.}
untested=""
for cmd in $(printf 'list_commands\n' | "$hein" 2>/dev/null | sed 's/^= //'); do
    grep -qE "^([0-9]+ )?$cmd( |\$)" "$suites"/*.tst || untested="$untested $cmd"
done
if [ -z "$untested" ]; then ok "every command is in a suite"; else bad "commands in no suite:$untested"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
