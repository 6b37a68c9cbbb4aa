#!/bin/bash
# run_bench_load.sh - the benchmarks' loaded-machine mode (LOAD=N of
# tests/bench/lib.sh): N CPU-bound processes run while the benchmark runs
# and none is left once it ends, however it ends (exit, Ctrl-C, TERM,
# kill -9, a script that replaced the EXIT trap); a nested benchmark
# script shares its parent's loaders; the tables' load note names them.
# A few seconds, mostly waiting.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT

# A benchmark stand-in: sources bench/lib.sh, prints its loaders' pids and
# its load note, then waits to be ended ($1: exit, sleep, trap, nest).
cat >"$dir/bench.sh" <<'EOT'
#!/bin/bash
cd "$1" || exit 1
. tests/bench/lib.sh
echo "PIDS ${BENCH_LOAD_PIDS[*]}"
echo "NOTE $(bench_load_note)"
case $2 in
    exit) exit 0 ;;
    trap) trap 'true' EXIT; exit 0 ;;
    nest) "$0" "$1" exit ;;
    *) sleep 30 & echo READY; wait $! ;;
esac
EOT
chmod +x "$dir/bench.sh"

# running PID...: how many of PID are alive (zombies count as gone).
running() {
    local n=0 p
    for p in "$@"; do
        [ -n "$p" ] && [ -d "/proc/$p" ] && ! grep -q '^State:.*Z' "/proc/$p/status" 2>/dev/null && n=$((n + 1))
    done
    echo $n
}
# gone DESC PID...: none of PID runs within 10 s (a loader polls its
# script between chunks of work a loaded machine stretches).
gone() {
    local desc=$1 i; shift
    for ((i = 0; i < 100; i++)); do [ "$(running "$@")" = 0 ] && break; sleep 0.1; done
    [ "$(running "$@")" = 0 ] && ok "$desc: no loader left running" ||
        bad "$desc: $(running "$@") of $# loaders still running"
}
pids_of() { sed -n 's/^PIDS //p' "$1" | head -1; }
# start HOW N: the stand-in in the background under LOAD=N, in a process
# group of its own with SIGINT not ignored (job control on: as a
# terminal's foreground job), once it is waiting; sets $bpid and $pids.
start() {
    set -m
    LOAD=$2 "$dir/bench.sh" "$PWD" "$1" >"$dir/out" 2>&1 &
    bpid=$!
    set +m
    local i
    for ((i = 0; i < 50; i++)); do grep -q READY "$dir/out" && break; sleep 0.1; done
    pids=$(pids_of "$dir/out")
}

# Normal exit, and an exit after the script replaced the EXIT trap.
for how in exit trap; do
    desc="LOAD=2, script ends ($how)"
    LOAD=2 timeout 20 "$dir/bench.sh" "$PWD" $how >"$dir/out" 2>&1
    pids=$(pids_of "$dir/out")
    set -- $pids
    [ $# = 2 ] && ok "$desc: 2 loaders started" || bad "$desc: loaders '$pids'"
    gone "$desc" $pids
done
grep -q "^NOTE load average [0-9.]* at the start, [0-9.]* at the end, with LOAD=2 (2 CPU-bound processes beside)$" "$dir/out" &&
    ok "load note names the load average and LOAD=2" || bad "load note: $(grep NOTE "$dir/out")"

# While it runs the loaders really burn CPU (their user time grows; on a
# loaded machine slowly: up to 10 s).
desc="LOAD=2, running"
start sleep 2
set -- $pids
utime() { for p in $pids; do awk '{ print $14 }' "/proc/$p/stat" 2>/dev/null; done | paste -sd+ | bc; }
utime0=$(utime)
for ((i = 0; i < 100; i++)); do sleep 0.1; utime1=$(utime); [ "${utime1:-0}" -gt "${utime0:-0}" ] && break; done
[ $# = 2 ] && [ "$(running $pids)" = 2 ] && [ "${utime1:-0}" -gt "${utime0:-0}" ] &&
    ok "$desc: 2 loaders alive, using CPU" ||
    bad "$desc: loaders '$pids', $(running $pids) alive, user ticks $utime0 -> $utime1"
# Ctrl-C (SIGINT to the whole process group, as a terminal sends it); TERM
# and kill -9 to the script alone. Then its stray `sleep` goes too.
kill -INT -- -$bpid; wait $bpid 2>/dev/null
gone "LOAD=2, Ctrl-C" $pids
kill -KILL -- -$bpid 2>/dev/null
for sig in TERM KILL; do
    start sleep 1
    kill -$sig $bpid; wait $bpid 2>/dev/null
    gone "LOAD=1, kill -$sig" $pids
    kill -KILL -- -$bpid 2>/dev/null
done

# A benchmark script that runs another shares its loaders.
desc="LOAD=1, nested script"
LOAD=1 timeout 20 "$dir/bench.sh" "$PWD" nest >"$dir/out" 2>&1
lines=$(grep -c '^PIDS' "$dir/out"); inner=$(sed -n 's/^PIDS//p' "$dir/out" | sed -n 2p)
[ "$lines" = 2 ] && [ -z "${inner// /}" ] && ok "$desc: the inner script starts no loaders of its own" ||
    bad "$desc: $(grep '^PIDS' "$dir/out" | tr '\n' ' ')"
gone "$desc" $(pids_of "$dir/out")

# No LOAD: nothing started, the note says only the load average.
"$dir/bench.sh" "$PWD" exit >"$dir/out" 2>&1
[ "$(pids_of "$dir/out")" = "" ] && grep -q "^NOTE load average [0-9.]* at the start, [0-9.]* at the end$" "$dir/out" &&
    ok "no LOAD: no loaders, the note gives the load average" || bad "no LOAD: $(cat "$dir/out")"
summary
