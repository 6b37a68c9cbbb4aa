#!/bin/bash
# bench/profile.sh - what seshat-run --profile costs: the NAS-like stencil
# (4 ranks, halo exchange + allreduce) without and with the profile,
# interleaved in one run; the fastest of REPS each (other processes on a
# loaded machine only ever add wall time, so the minimum is the steadiest
# figure) and the medians; the table goes to docs/performance.md between
# the profile markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
REPS=${REPS:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
fastest() { sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
S="$BUILD/tests/bench/stencil"
pdir=$(mktemp -d)
trap 'rm -rf "$pdir"' EXIT
off=""; on=""
bench() { "$BUILD/bin/seshat-run" "$@" -np 4 -- "$S" 5000 10000 2>/dev/null | awk '/^BENCH/ { print $3 }'; }
for r in $(seq "$REPS"); do
    off+="$(bench) "
    on+="$(bench --profile="$pdir") "
done
# Per call, in thread CPU time (steady under load): MPI_Comm_rank under
# seshat without and with the profile, the fastest of 3 interleaved runs.
C="$BUILD/tests/bench/call_cost"
coff=""; con=""
for r in 1 2 3; do
    coff+="$("$BUILD/bin/seshat-run" -np 1 -- "$C" 2>/dev/null | awk '/^BENCH/ { print $3 }') "
    con+="$("$BUILD/bin/seshat-run" --profile="$pdir/c" -np 1 -- "$C" 2>/dev/null | awk '/^BENCH/ { print $3 }') "
done
COFF=$(tr ' ' '\n' <<<"$coff" | grep . | fastest); CON=$(tr ' ' '\n' <<<"$con" | grep . | fastest)
DIFF=$(awk -v a="$CON" -v b="$COFF" 'BEGIN { printf "%.1f", a - b }')
# The stencil's MPI calls per rank (its profile) at that cost, against its
# fastest run without the profile.
CALLS=$(python3 -c "import json; a = json.load(open('$pdir/profile.json')); print(sum(s['calls'] for s in a['sites']) // a['ranks'])")
OFF=$(tr ' ' '\n' <<<"$off" | grep . | median); ON=$(tr ' ' '\n' <<<"$on" | grep . | median)
OFF1=$(tr ' ' '\n' <<<"$off" | grep . | fastest); ON1=$(tr ' ' '\n' <<<"$on" | grep . | fastest)
ptable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $REPS interleaved runs each, on $(nproc) cores, $(bench_load_note), command: \`make bench\` (\`tests/bench/profile.sh\`).

| benchmark | value | target |
|---|---|---|
| stencil (4 ranks, 5000 x (halo exchange + allreduce)): fastest wall with \`--profile\` / without | $(ratio "$ON1" "$OFF1") ($ON1 µs / $OFF1 µs) | ≤ 1.02 |
| same, medians | $(ratio "$ON" "$OFF") ($ON µs / $OFF µs) | |
| one MPI call (\`MPI_Comm_rank\`), thread CPU time: with \`--profile\` / without | $CON ns / $COFF ns: $DIFF ns per call | |
| the stencil's $CALLS MPI calls per rank at that cost, share of its run | $(awk -v d="$DIFF" -v c="$CALLS" -v w="$OFF1" 'BEGIN { printf "%.4f%%", d * c / (w * 1e3) * 100 }') | ≤ 2% |
EOT
)
echo "$ptable"
put_section profile "$ptable"

# NAS class A at 4 ranks (NPB_BIN: the binaries you built as
# docs/validation.md says; never part of the repository), the same way:
# NAS_REPS interleaved pairs per benchmark (which of the two goes first
# alternates, so a drift of the load favours neither), whole seshat-run
# wall time, fastest and median; and the steady estimate: the per-call
# cost above times the benchmark's MPI calls per rank (its profile),
# against its fastest run without the profile.
[ -n "${NPB_BIN:-}" ] || { echo "profile.sh: NAS skipped (set NPB_BIN to measure the profile on NAS class A)"; exit 0; }
NAS=${NAS:-"cg mg lu"}
NAS_REPS=${NAS_REPS:-$REPS}
wall_us() {
    local s e
    s=$(date +%s%N)
    "$BUILD/bin/seshat-run" "$@" >/dev/null 2>&1 || { echo "profile.sh: seshat-run $* failed" >&2; exit 1; }
    e=$(date +%s%N)
    echo $(((e - s) / 1000))
}
declare -A noff non
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$NAS_REPS"); do
    for b in $NAS; do
        x="$NPB_BIN/$b.A.x"
        if [ $((r % 2)) = 1 ]; then
            noff[$b]+="$(wall_us -np 4 -- "$x") "
            non[$b]+="$(wall_us --profile="$pdir/$b" -np 4 -- "$x") "
        else
            non[$b]+="$(wall_us --profile="$pdir/$b" -np 4 -- "$x") "
            noff[$b]+="$(wall_us -np 4 -- "$x") "
        fi
    done
done
ntable="Measured $(date -u +%Y-%m-%d), $NAS_REPS interleaved pairs per benchmark, load $load0 at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end, on $(nproc) cores, command: \`NPB_BIN=... make bench\` (\`tests/bench/profile.sh\`); wall time of the whole \`seshat-run -np 4\` (default configuration), in seconds.

| NAS class A, 4 ranks | without: fastest, median | with \`--profile\`: fastest, median | with / without: fastest, median | MPI calls per rank | per-call cost x calls / fastest wall |
|---|---|---|---|---|---|"
for b in $NAS; do
    f0=$(tr ' ' '\n' <<<"${noff[$b]}" | grep . | fastest); m0=$(tr ' ' '\n' <<<"${noff[$b]}" | grep . | median)
    f1=$(tr ' ' '\n' <<<"${non[$b]}" | grep . | fastest); m1=$(tr ' ' '\n' <<<"${non[$b]}" | grep . | median)
    calls=$(python3 -c "import json; a = json.load(open('$pdir/$b/profile.json')); print(sum(s['calls'] for s in a['sites']) // a['ranks'])")
    ntable+="
| ${b^^} | $(awk -v a="$f0" -v b="$m0" 'BEGIN { printf "%.2f, %.2f", a / 1e6, b / 1e6 }') | $(awk -v a="$f1" -v b="$m1" 'BEGIN { printf "%.2f, %.2f", a / 1e6, b / 1e6 }') | $(ratio "$f1" "$f0"), $(ratio "$m1" "$m0") | $calls | $(awk -v d="$DIFF" -v c="$calls" -v w="$f0" 'BEGIN { printf "%.4f%%", d * c / (w * 1e3) * 100 }') |"
done
echo "$ntable"
put_section profile-nas "$ntable"
