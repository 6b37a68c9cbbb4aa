#!/bin/bash
# run_guide.sh - every "$ command" line of docs/user-guide.md, as written,
# in a scratch directory that sees the source tree's examples/ and build/.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
# seshat-calibrate's check under seshat is a long run of tiny messages,
# which CPU-bound neighbours stretch the most (beside real-hpcc it has
# taken over 90 s; on a quiet machine 8 s): a longer guard, still a
# hang detector.
TIMEOUT=${SESHAT_TEST_TIMEOUT:-240}
# The guide's relinked program and `make demo` are not sanitizer builds.
[ -n "$SESHAT_ASAN" ] && { echo "skip user guide under ASan"; exit 0; }
top=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work" "$OUT"' EXIT
ln -s "$top/examples" "$work/examples"
ln -s "$top/$BUILD" "$work/build"
[ -f "$top/Makefile" ] && ln -s "$top/Makefile" "$work/Makefile"
for d in src tests config tools; do ln -s "$top/$d" "$work/$d"; done
export PATH="$top/$BUILD/bin:$PATH" SESHAT_PRESETS="$work/presets"
[ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
n=0
cd "$work" || exit 1
while IFS= read -r line; do
    cmd=${line#    \$ }
    n=$((n + 1))
    # `make` targets run against the real tree (already built by make test).
    case $cmd in make|make\ *) cmd="make -C '$top' BUILD=$BUILD ${cmd#make}";; esac
    desc="guide: $cmd"
    if job "$desc" bash -c "$cmd" </dev/null; then
        if [ $rc -eq 0 ]; then ok "$desc"; else bad "$desc: exit $rc"; fi
    fi
done < <(grep '^    \$ ' "$top/docs/user-guide.md")
[ $n -ge 12 ] && ok "guide: $n commands run" || bad "guide: only $n commands found"
# What the walk-through promises to leave behind.
for f in sweep-bw/sweep.csv sweep-bw/sweep.png heat-matrix-count.csv heat-matrix-sizes.png \
         heat-trace/defs.ini heat-otf2/traces.otf2 presets/host.ini heat-trace/analysis.json \
         heat-trace/analysis.cubex heat-trace/report.html; do
    [ -s "$work/$f" ] && ok "guide: $f written" || bad "guide: $f missing"
done
summary
