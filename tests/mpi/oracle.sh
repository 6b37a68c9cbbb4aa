# oracle.sh - the independent oracle beside seshat-analyze (sourced after
# lib.sh). oracle_check TRACEDIR [LABEL [MS]]: tests/tools/oracle.py, which
# recomputes every pattern from docs/patterns.md on `seshat-trace dump`,
# must agree to the nanosecond with seshat-analyze's analysis.json for
# each analyzer process count in MS: "1 2 3 4" on a few representative
# traces (the callers choose them), by default "auto" (one run, the
# analyzer's default M: one process per core), or "have" (the
# analysis.json the caller has just written, no extra run); then
# otf2_check.
oracle_check() {
    local tdir=$1 label=${2:-$(basename "$1")} ms=${3:-auto} m files=() odir
    local what="oracle: $label" desc   # job sets desc: keep the caller's
    odir=$(mktemp -d)
    # seshat-analyze refuses more analyzer processes than traced ranks
    local nr; nr=$(ls "$tdir"/rank-*.sst 2>/dev/null | wc -l)
    for m in $ms; do
        if [ "$m" = have ]; then
            [ -s "$tdir/analysis.json" ] || { bad "$what: no analysis.json"; rm -rf "$odir"; return; }
        else
            [ "$m" != auto ] && [ "$m" -gt "$nr" ] && continue
            local j=(-j "$m")
            [ "$m" = auto ] && j=()
            job "$what (M = $m)" "$BUILD/bin/seshat-analyze" "${j[@]}" --quiet "$tdir" || { rm -rf "$odir"; return; }
            if [ $rc -ne 0 ] || [ ! -s "$tdir/analysis.json" ]; then
                bad "$what: seshat-analyze -j $m: exit $rc"
                rm -rf "$odir"
                return
            fi
        fi
        cp "$tdir/analysis.json" "$odir/analysis-$m.json"
        files+=("$odir/analysis-$m.json")
    done
    if SESHAT_TRACE="$BUILD/bin/seshat-trace" timeout -k 5 "$TIMEOUT" python3 tests/tools/oracle.py \
            "$tdir" "${files[@]}" >"$OUT" 2>&1; then
        ok "$what, M = ${ms// /, }: $(sed 's/^oracle agrees: //' "$OUT")"
    else
        bad "$what: the analyzer and the oracle differ"
    fi
    rm -rf "$odir"
    otf2_check "$tdir" "$label"
}

# otf2_check TRACEDIR [LABEL]: the OTF2 export of the trace is causal (no
# message received before it is sent; well-formed nonblocking events),
# read back by otf2-print (tests/tools/otf2_causal.py).
otf2_check() {
    local tdir=$1 label=${2:-$(basename "$1")} odir desc
    command -v otf2-print >/dev/null || { echo "skip otf2: $label (no otf2-print)"; return; }
    odir=$(mktemp -d)
    if timeout -k 5 "$TIMEOUT" "$BUILD/bin/seshat-trace" otf2 "$tdir" "$odir/x" >"$OUT" 2>&1 &&
       timeout -k 5 "$TIMEOUT" otf2-print "$odir/x/traces.otf2" >"$odir/print" 2>&1 &&
       python3 tests/tools/otf2_causal.py <"$odir/print" >"$OUT" 2>&1; then
        ok "otf2: $label: $(sed 's/^causal: //' "$OUT")"
    else
        bad "otf2: $label: not causal, or the export failed"
    fi
    rm -rf "$odir"
}
