#!/bin/bash
# bench/profile.sh - what seshat-run --profile costs: the NAS-like stencil
# (4 ranks, halo exchange + allreduce) without and with the profile,
# interleaved in one run (median of REPS); the table goes to
# docs/performance.md between the profile markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
REPS=${REPS:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
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
OFF=$(tr ' ' '\n' <<<"$off" | grep . | median); ON=$(tr ' ' '\n' <<<"$on" | grep . | median)
ptable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), median of $REPS interleaved runs, command: \`make bench\` (\`tests/bench/profile.sh\`).

| benchmark | value | target |
|---|---|---|
| stencil (4 ranks, 5000 x (halo exchange + allreduce)): wall with \`--profile\` / without | $(ratio "$ON" "$OFF") ($ON µs / $OFF µs) | ≤ 1.02 |
EOT
)
echo "$ptable"
put_section profile "$ptable"
