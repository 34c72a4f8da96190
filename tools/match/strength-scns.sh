#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The SCNS player's strength, by matches with the referee hein-match: the
# runs the closing notes of the player's work quote, kept here so that
# anyone can repeat them.  11x11, one thread per engine, hein-match's
# default openings (every edge cell but the corners as Black's first
# move, both colours), one seed per game.  Prints each match's summary
# and keeps its folder (games, results.txt, summary.txt, winrate.png)
# under OUTDIR.  A benchmark: it asserts nothing.
#
#   strength-scns.sh [options] HEIN-MATCH HEIN MODE
#
# MODE
#   resistance  SCNS (the default player) against the resistance player
#   mohex       SCNS against MoHex (--mohex PATH; its time comes from a
#               config file written here: max_time, one thread, no
#               solver, no pondering, as ../shared/opponents/README.md
#               says); hein's time per move should match MoHex's mean,
#               which is about 0.15 s over max_time: compare the mean
#               seconds per move the summary prints; with --threads N
#               both have N threads (hein's --threads, i.e. param_game
#               threads; MoHex's num_threads and, N > 1, its solver on a
#               thread of its own, use_parallel_solver 1); use --jobs 1
#   knockout    the knockout table: the default player against itself
#               with one feature off, one match a row: (a) 2-step leaves
#               (multi_step 0), (b) the 1+epsilon trick, which is off
#               by default (epsilon 0; the knockout of the earlier
#               default 0.41 moved it there), switched on at the paper's
#               epsilon 0.41, (c) eta 0, (d) no forgetting, (e) no RAVE,
#               (f) no network (param_net use 0: its policy and move
#               values off), (g) no policy (net_weight 0), (h) the move
#               values on (moveval_weight 2; off by default)
#   threads     two threads against one: param_scns threads 2 (the
#               parallel search, no solver beside it) against the default
#               player with one thread; use --jobs 1, a two-thread engine
#               needs both cores
#   solver      the solver beside the player against none, both with two
#               threads (param_game threads 2, i.e. --threads 2: one
#               search thread and the solver's, against param_player
#               solver 0 and two search threads); --jobs 1
#   shared      the solver with the player as param_player solver auto
#               has it (time-shared: the solver first for solver_share of
#               the move's time on positions of at most solver_cells
#               empty cells) against param_player solver 0, both with
#               --threads N (param_game threads); with N = 2 use --jobs 1
#   ponder      pondering (param_game ponder 1) against none, under a
#               game clock (--game-time, sudden death by default, so
#               the thinking time is real); one thread each; use
#               --jobs 1 (the ponderer thinks while its opponent does)
#   clock       the default player against itself under a game clock
#               (--game-time SEC[+INC], e.g. 60 or 30+1): losses on time
#               and the seconds per move by move number are what to read;
#               with an increment both engines are told it (param_game
#               increment)
#   sweep       tuning rows: the default player against itself with
#               settings changed, one match a row; --rows lists the rows,
#               each SETTING[,SETTING...], a SETTING being KNOB=VALUE for
#               param_scns or GROUP.KNOB=VALUE for param_GROUP (the board
#               knowledge's param_vc, param_player_ice, param_resist), e.g.
#               --rows "delta=206 p_max=1,d_max=1 vc.max_ors=3"
#
# Options
#   --games N        games per match (72)
#   --move-time SEC  hein's seconds per move (1)
#   --game-time SPEC mode clock: seconds per side and game, +INC (60)
#   --tolerance SEC  the referee's overrun allowed (2; mode clock: 0.5)
#   --mohex PATH     the MoHex binary (mode mohex)
#   --mohex-time S   MoHex's max_time (1)
#   --threads N      mode mohex: threads of each engine (1)
#   --jobs N         games at once (2; one-thread engines)
#   --size N         board size (11)
#   --out DIR        where the match folders go (a new folder in /tmp)
#   --rows LIST      knockout rows to run, e.g. "a c" (all); the sweep's
#                    rows (needed)
#   --set SETTINGS   settings for hein in every mode and every engine it
#                    runs, SETTING[,SETTING...] as the sweep's rows write
#                    them (net.file=PATH is param_net file PATH); they come
#                    right after the mode's param_player line, so that a
#                    mode's or a row's own settings still win
# Exit status 2 on a usage or set-up error or a failed match.
games=72
move_time=1
game_time=60
tolerance=
mohex=
mohex_time=1
threads=1
jobs=2
size=11
out=
rows=
set=
while [ $# -gt 3 ]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --move-time) move_time=$2; shift 2 ;;
        --game-time) game_time=$2; shift 2 ;;
        --tolerance) tolerance=$2; shift 2 ;;
        --mohex) mohex=$2; shift 2 ;;
        --mohex-time) mohex_time=$2; shift 2 ;;
        --threads) threads=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --size) size=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --rows) rows=$2; shift 2 ;;
        --set) set=$2; shift 2 ;;
        *) break ;;
    esac
done
usage="usage: strength-scns.sh [options] HEIN-MATCH HEIN resistance|mohex|threads|solver|shared|ponder|clock|knockout|sweep"
if [ $# -ne 3 ]; then
    echo "$usage" >&2
    exit 2
fi
referee=$1
hein=$2
mode=$3
case $threads in
    '' | *[!0-9]* | 0) echo "strength-scns.sh: --threads needs a positive integer" >&2; exit 2 ;;
esac
for p in "$referee" "$hein"; do
    [ -x "$p" ] || { echo "strength-scns.sh: no program $p" >&2; exit 2; }
done
[ -n "$out" ] || out=$(mktemp -d "${TMPDIR:-/tmp}/hein-scns.XXXXXX") || exit 2
mkdir -p "$out" || exit 2
trap 'exit 130' INT TERM

# setting_line WHERE KV: the HTP line of one setting (KNOB=VALUE for
# param_scns, GROUP.KNOB=VALUE for param_GROUP); WHERE names it in errors.
setting_line() {
    case $2 in
        *.*=*) knob=${2%%=*}
               printf 'param_%s %s %s\n' "${knob%%.*}" "${knob#*.}" "${2#*=}" ;;
        *=*) printf 'param_scns %s %s\n' "${2%%=*}" "${2#*=}" ;;
        *) echo "strength-scns.sh: $1: $2 is not [GROUP.]KNOB=VALUE" >&2; return 1 ;;
    esac
}

# with_set CONFIG: the name of CONFIG with the --set lines after its
# param_player lines (CONFIG itself without --set).
with_set() {
    if [ -z "$set" ]; then
        echo "$1"
        return
    fi
    { grep '^param_player name' "$1"; cat "$out/set.cfg"; grep -v '^param_player name' "$1"; } \
        >"$1.set"
    echo "$1.set"
}

# match NAME CONFIG-A CONFIG-B [ENGINE-B]: A is hein with CONFIG-A, B hein
# with CONFIG-B or ENGINE-B as given; the summary on stdout.
match() {
    name=$1
    a="$hein --seed 1{game} --config $(with_set "$2")"
    b=${4:-"$hein --seed 2{game} --config $(with_set "$3")"}
    if [ "$mode" = clock ] || [ "$mode" = ponder ]; then
        echo "== $name: $games games, $size x $size, $game_time s a game"
        timing="--game-time $game_time --tolerance ${tolerance:-0.5}"
    else
        echo "== $name: $games games, $size x $size, $move_time s a move"
        timing="--move-time $move_time --tolerance ${tolerance:-2}"
    fi
    # shellcheck disable=SC2086 # $timing is two options and their values
    "$referee" -n "$games" -s "$size" -j "$jobs" $timing \
        -o "$out/$name" "$a" "$b" 2>"$out/$name.log"
    st=$?
    if [ $st -ne 0 ]; then
        echo "strength-scns.sh: hein-match failed (status $st); see $out/$name.log" >&2
        exit 2
    fi
}

# variant NAME SETTING...: the default player (A) against itself with
# those settings (B: KNOB=VALUE for param_scns, GROUP.KNOB=VALUE for
# param_GROUP), in the match base-vs-NAME.
variant() {
    what=$1
    shift
    printf 'param_player name scns\n' >"$out/$what.cfg"
    for kv in "$@"; do
        setting_line "row $what" "$kv" >>"$out/$what.cfg" || exit 2
    done
    match "base-vs-$what" "$out/scns.cfg" "$out/$what.cfg"
}

if [ -n "$set" ]; then
    : >"$out/set.cfg"
    for kv in $(printf '%s' "$set" | tr ',' ' '); do
        setting_line --set "$kv" >>"$out/set.cfg" || exit 2
    done
fi
printf 'param_player name scns\n' >"$out/scns.cfg"
printf 'param_player name resistance\n' >"$out/resistance.cfg"
case $mode in
    resistance)
        match scns-vs-resistance "$out/scns.cfg" "$out/resistance.cfg"
        ;;
    mohex)
        [ -x "$mohex" ] || { echo "strength-scns.sh: mode mohex needs --mohex PATH" >&2; exit 2; }
        # fillin_map_bits 14: MoHex builds its fill-in map afresh for each
        # search, 2^16 boards by default, which costs it time a move on a
        # machine where page faults are slow (measured: 1.87 s a move at
        # max_time 1 with 16 bits, 1.58 with 14, 1.40 with 10); 10 bits
        # are too few for longer searches: at max_time 4 a full map hangs
        # MoHex's genmove (4 timeouts and 3 crashes in 72 games; the
        # position of one hangs again with 10 bits, not with 11 or more).
        parallel_solver=0
        [ "$threads" -gt 1 ] && parallel_solver=1
        printf '%s\n' "param_mohex num_threads $threads" "param_mohex max_time $mohex_time" \
            "param_mohex use_parallel_solver $parallel_solver" 'param_mohex ponder 0' \
            'param_mohex fillin_map_bits 14' 'param_game allow_swap 0' >"$out/mohex.htp"
        name=scns-vs-mohex
        cfg=$out/scns.cfg
        if [ "$threads" -gt 1 ]; then
            # param_game threads is --threads: hein's default settings
            printf '%s\n' 'param_player name scns' "param_game threads $threads" \
                >"$out/scns-threads.cfg"
            name=scns-vs-mohex-$threads-threads
            cfg=$out/scns-threads.cfg
        fi
        match "$name" "$cfg" - \
            "$mohex --use-logfile=0 --quiet --config $out/mohex.htp"
        ;;
    threads)
        printf '%s\n' 'param_player name scns' 'param_player solver 0' 'param_scns threads 2' \
            >"$out/threads-2.cfg"
        match threads-2-vs-1 "$out/threads-2.cfg" "$out/scns.cfg"
        ;;
    solver)
        # param_game threads is --threads
        printf '%s\n' 'param_player name scns' 'param_game threads 2' 'param_player solver 1' \
            >"$out/solver.cfg"
        printf '%s\n' 'param_player name scns' 'param_game threads 2' 'param_player solver 0' \
            >"$out/no-solver.cfg"
        match solver-vs-none-2-threads "$out/solver.cfg" "$out/no-solver.cfg"
        ;;
    shared)
        printf '%s\n' 'param_player name scns' "param_game threads $threads" \
            >"$out/shared.cfg"
        printf '%s\n' 'param_player name scns' "param_game threads $threads" \
            'param_player solver 0' >"$out/alone.cfg"
        match "shared-vs-alone-$threads-threads" "$out/shared.cfg" "$out/alone.cfg"
        ;;
    ponder)
        inc=0
        case $game_time in *+*) inc=${game_time#*+} ;; esac
        printf '%s\n' 'param_player name scns' "param_game increment $inc" \
            'param_game ponder 1' >"$out/ponder.cfg"
        printf '%s\n' 'param_player name scns' "param_game increment $inc" >"$out/clock.cfg"
        match "ponder-vs-none-$game_time" "$out/ponder.cfg" "$out/clock.cfg"
        ;;
    clock)
        inc=0
        case $game_time in *+*) inc=${game_time#*+} ;; esac
        printf '%s\n' 'param_player name scns' "param_game increment $inc" >"$out/clock.cfg"
        match "clock-$game_time" "$out/clock.cfg" "$out/clock.cfg"
        ;;
    knockout)
        for row in ${rows:-a b c d e f g h}; do
            case $row in
                a) variant two-step-leaves multi_step=0 ;;
                b) variant epsilon-0.41 epsilon=0.41 ;;
                c) variant eta-0 eta=0 ;;
                d) variant no-forgetting use_forgetting=0 ;;
                e) variant no-rave use_rave=0 ;;
                f) variant no-net net.use=0 ;;
                g) variant no-policy net_weight=0 ;;
                h) variant move-values moveval_weight=2 ;;
                *) echo "strength-scns.sh: no knockout row $row" >&2; exit 2 ;;
            esac
        done
        ;;
    sweep)
        if [ -z "$rows" ]; then
            echo "strength-scns.sh: mode sweep needs --rows" >&2
            exit 2
        fi
        for row in $rows; do
            # shellcheck disable=SC2046 # one KNOB=VALUE a word
            variant "$(printf '%s' "$row" | sed 's/,/_/g; s/[=./]/-/g')" $(printf '%s' "$row" | tr ',' ' ')
        done
        ;;
    *)
        echo "$usage" >&2
        exit 2
        ;;
esac
echo "strength-scns.sh: results in $out"
exit 0
