# bench/lib.sh - sourced by the benchmark scripts.

# put_section NAME TEXT: TEXT replaces what docs/performance.md holds
# between its <!-- BEGIN NAME --> and <!-- END NAME --> markers (nothing
# happens when the markers are missing).
put_section() {
    local doc=docs/performance.md
    grep -q "<!-- BEGIN $1 -->" "$doc" || return 0
    awk -v n="$1" -v t="$2" '
        $0 == "<!-- BEGIN " n " -->" { print; print t; skip = 1; next }
        $0 == "<!-- END " n " -->" { skip = 0 }
        !skip { print }' "$doc" >"$doc.tmp" && mv "$doc.tmp" "$doc"
}

# ---- a loaded machine on demand (LOAD=N) ------------------------------
# LOAD=N starts N CPU-bound processes for the duration of the benchmark
# (the state of a shared workstation or login node, where users run
# simulations), and stops them when the script that started them ends:
# its exit, Ctrl-C, a kill. Each loader also polls that script and stops
# by itself within a fraction of a second once it is gone (a script's own
# `trap ... EXIT` replaces ours; a kill -9 runs no trap at all), so none is
# ever left running. The benchmark scripts run by bench/run.sh share the
# loaders of the first (SESHAT_BENCH_LOAD_OWNER). bench_load_note gives
# the sentence every table states its load with.
BENCH_LOAD=${LOAD:-0}
BENCH_LOAD_PIDS=()
BENCH_LOAD_AT_START=$(cut -d' ' -f1 /proc/loadavg)

# bench_load_loader OWNER: burn CPU while process OWNER lives.
bench_load_loader() {
    local owner=$1 i
    trap - EXIT INT TERM HUP
    while kill -0 "$owner" 2>/dev/null; do
        for ((i = 0; i < 20000; i++)); do :; done
    done
}

bench_load_stop() {
    [ ${#BENCH_LOAD_PIDS[@]} -gt 0 ] || return 0
    kill "${BENCH_LOAD_PIDS[@]}" 2>/dev/null
    wait "${BENCH_LOAD_PIDS[@]}" 2>/dev/null
    BENCH_LOAD_PIDS=()
}

bench_load_start() {
    case $BENCH_LOAD in ''|*[!0-9]*) echo "bench: LOAD=$BENCH_LOAD is not a number" >&2; exit 2 ;; esac
    [ "$BENCH_LOAD" -gt 0 ] || return 0
    # Already loaded by the script that runs this one.
    if [ -n "${SESHAT_BENCH_LOAD_OWNER:-}" ] && kill -0 "$SESHAT_BENCH_LOAD_OWNER" 2>/dev/null; then return 0; fi
    local i
    for ((i = 0; i < BENCH_LOAD; i++)); do
        bench_load_loader $$ &
        BENCH_LOAD_PIDS+=($!)
    done
    export SESHAT_BENCH_LOAD_OWNER=$$
    trap bench_load_stop EXIT
    trap 'bench_load_stop; trap - INT; kill -INT $$' INT
    trap 'bench_load_stop; exit 143' TERM
    trap 'bench_load_stop; exit 129' HUP
    echo "bench: LOAD=$BENCH_LOAD: $BENCH_LOAD CPU-bound processes started (${BENCH_LOAD_PIDS[*]})" >&2
}

# bench_load_note: "load average A at the start, B at the end" (1-minute
# averages) and, under LOAD=N, that N CPU-bound processes ran beside.
bench_load_note() {
    echo "load average $BENCH_LOAD_AT_START at the start, $(cut -d' ' -f1 /proc/loadavg) at the end$(bench_load_beside)"
}
# bench_load_beside: ", with LOAD=N (N CPU-bound processes beside)" or
# nothing (for tables that sample the load average themselves).
bench_load_beside() {
    [ "$BENCH_LOAD" -gt 0 ] 2>/dev/null && echo ", with LOAD=$BENCH_LOAD ($BENCH_LOAD CPU-bound processes beside)"
}

bench_load_start
