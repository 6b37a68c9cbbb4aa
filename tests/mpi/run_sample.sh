#!/bin/bash
# run_sample.sh - computation attributed to call paths by sampling
# (trace.sample; docs/tracing.md, "Sampled call paths"): a program with two
# functions of known CPU work (heavy 3 units, light 1, both through one
# leaf) is traced; the analyzer must put each one's computation under its
# own call path, within a few percent of the CPU time the program measured
# around each (same run, same threads: load cannot separate them); and the
# sampler's own cost must stay out of virtual time (sample_cost: the same
# work with the sampler off and on in one run, within 3%).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
AN="$BUILD/bin/seshat-analyze"
J=tests/tools/json_get.py
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT

# within A B PCT: |A/B - 1| < PCT percent.
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a / b - 1; if (d < 0) d = -d; exit !(d * 100 < p) }'; }

desc="sampled call paths"
if job "$desc" "$RUN" --trace "$dir/t" --set trace.sample=1ms -np 2 -- "$T/sample_work" 10 2000000 &&
   { [ $rc -eq 0 ] || { bad "$desc: the traced run failed"; false; }; }; then
    cp "$OUT" "$dir/run.out"
    if job "$desc" "$AN" "$dir/t" && [ $rc -eq 0 ] && [ -s "$dir/t/analysis.json" ]; then
        cp "$OUT" "$dir/summary"
        for r in 0 1; do
            for f in heavy light; do
                nat=$(awk -v r=$r -v f=$f '$1 == "RESULT" && $2 == f && $3 == r { print $4 / 1e9 }' "$dir/run.out")
                got=$(python3 "$J" "$dir/t/analysis.json" \
                    "sum(p['time'][$r] for p in a['compute_paths'] if p['path'] == 'main > $f > spin')")
                if within "$got" "$nat" 4; then ok "$desc: rank $r main > $f > spin $got s, measured $nat s (< 4%)"
                else bad "$desc: rank $r main > $f > spin: '$got' s, measured $nat s"; fi
            done
            # structure: exactly these two paths hold more than 2% of the rank's computation
            paths=$(python3 "$J" "$dir/t/analysis.json" \
                "sorted(p['path'] for p in a['compute_paths'] if p['time'][$r] > 0.02 * sum(q['time'][$r] for q in a['compute_paths']))")
            [ "$paths" = "['main > heavy > spin', 'main > light > spin']" ] &&
                ok "$desc: rank $r: two call paths" || bad "$desc: rank $r: paths $paths"
        done
        # the leaf's location is the program's source, line resolved
        loc=$(python3 "$J" "$dir/t/analysis.json" \
            "sorted(set(p['location'].split(':')[0] for p in a['compute_paths'] if p['function'] == 'spin'))")
        [ "$loc" = "['tests/mpi/sample_work.c']" ] && ok "$desc: spin at $loc" || bad "$desc: spin location $loc"
        # samples: one per ms of CPU time in computation, about
        python3 "$J" "$dir/t/analysis.json" \
            "abs(sum(sum(p['samples']) for p in a['compute_paths']) / (1e3 * sum(sum(p['time']) for p in a['compute_paths'])) - 1) < 0.25" |
            grep -qx True && ok "$desc: about one sample per ms" || bad "$desc: sample count"
        grep -q "imbalance.*main > heavy > spin" "$dir/summary" &&
            ok "$desc: the imbalance line names the call path" || { cp "$dir/summary" "$OUT"; bad "$desc: imbalance line"; }
        if python3 tests/tools/cube_check.py "$dir/t/analysis.cubex" "$dir/t/analysis.json" >"$OUT" 2>&1 &&
           python3 - "$dir/t/analysis.cubex" >>"$OUT" 2>&1 <<'PY'
import sys, tarfile, re
x = tarfile.open(sys.argv[1]).extractfile("anchor.xml").read().decode()
names = dict(re.findall(r'<region id="(\d+)"[^>]*><name>([^<]*)</name>', x))
# main > heavy > spin: a spin cnode under a heavy cnode
assert re.search(r'calleeId="%s"[^>]*>\s*<cnode[^>]*calleeId="%s"' % (
    [k for k, v in names.items() if v == "heavy"][0], [k for k, v in names.items() if v == "spin"][0]), x), "no spin under heavy"
PY
        then ok "$desc: CUBE call tree main > heavy > spin"; else bad "$desc: CUBE"; fi
    fi
fi

# C++: names demangled (without parameter lists) in compute paths, at MPI
# call sites, in the summary and in CUBE's regions.
desc="C++ names"
if job "$desc" "$RUN" --trace "$dir/cxx" -np 2 -- "$T/sample_cxx" && [ $rc -eq 0 ] &&
   job "$desc" "$AN" "$dir/cxx" && [ $rc -eq 0 ]; then
    got=$(python3 "$J" "$dir/cxx/analysis.json" "sorted(set(p['path'] for p in a['compute_paths']))[-1]" \
        "[c['location'] + ' < ' + c['callers'] for c in a['callsites'] if c['function'] == 'MPI_Barrier']")
    want="main > solver::step > solver::Grid::relax
['tests/mpi/sample_cxx.cpp:24 (solver::step) < tests/mpi/sample_cxx.cpp:33 (main)']"
    [ "$got" = "$want" ] && ok "$desc: compute path and call site demangled" || bad "$desc: got $got"
    grep -q "at MPI_Barrier tests/mpi/sample_cxx.cpp:24 (solver::step)" "$OUT" &&
        ok "$desc: summary" || bad "$desc: summary"
    python3 tests/tools/cube_check.py "$dir/cxx/analysis.cubex" "$dir/cxx/analysis.json" >"$OUT" 2>&1 &&
        tar xOf "$dir/cxx/analysis.cubex" anchor.xml | grep -q "<name>solver::Grid::relax</name>" &&
        ok "$desc: CUBE region solver::Grid::relax" || bad "$desc: CUBE"
    grep -q "main &gt; solver::step &gt; solver::Grid::relax" "$dir/cxx/report.html" &&
        ok "$desc: HTML compute paths" || bad "$desc: HTML"
fi

# The sampler's cost stays out of virtual time, compared within one run
# (tests/mpi/sample_cost.c: the same work timed in rounds with the
# sampler's signal blocked, so no sample is taken, and not; the least of
# each): within the clock's 3% at the default rate; within 5% at ten times
# it (what a sample costs beyond its measured handler, the caches it
# disturbs, grows with the rate: tests/bench/sampler.sh has the figures).
for rate in 1ms 100us; do
    desc="sampler cost at $rate" pct=3
    [ $rate = 100us ] && pct=5
    if job "$desc" "$RUN" --trace "$dir/w$rate" --set trace.sample=$rate -np 1 -- "$T/sample_cost" 200 100000 5; then
        off=$(value off) on=$(value on)
        if [ -n "$off" ] && [ -n "$on" ] && within "$on" "$off" $pct; then ok "$desc: sampler off $off ns, on $on ns (< $pct%)"
        elif [ -z "$off" ] || [ -z "$on" ]; then bad "$desc: no figures"
        else judged "$desc" "sampler off $off ns, on $on ns"; fi
    fi
done
summary
