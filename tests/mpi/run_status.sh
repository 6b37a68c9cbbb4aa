#!/bin/bash
# run_status.sh - seshat-run's live status line: drawn on a terminal
# (a pseudo-terminal from script(1)), absent when output is piped.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
# 2 s of wall time and next to no CPU (the ranks sleep 20 x 100 ms, each
# followed by an allreduce): the line appears after the first second.
ARGS=(-np 2 -- "$T/sleeper" 20 100)

desc="status line, piped"
if job "$desc" "$RUN" "${ARGS[@]}"; then
    if [ $rc -eq 0 ] && ! grep -q "| wall" "$OUT" && ! grep -q $'\r' "$OUT"; then
        ok "$desc: absent"
    else bad "$desc: exit $rc or status text in piped output"; fi
fi
ls /tmp/seshat-status-* >/dev/null 2>&1 && bad "status files left in /tmp" || ok "no status files without a terminal"

desc="status line, terminal"
if command -v script >/dev/null; then
    log=$(mktemp)
    if job "$desc" script -qec "$RUN ${ARGS[*]}" "$log"; then
        line=$(tr '\r' '\n' <"$log" | grep -a "^.\[Kseshat: virtual .* s | wall .* s | .* messages | trace .* MB" | tail -1)
        if [ -n "$line" ]; then ok "$desc: ${line#*seshat: }"; else bad "$desc: no status line"; fi
        grep -aq "RESULT sleeper 0 20" "$log" && ok "$desc: program output intact" || bad "$desc: output lost"
        ls /tmp/seshat-status-* >/dev/null 2>&1 && bad "$desc: status files left" || ok "$desc: files removed"
    fi
    rm -f "$log"
else
    echo "skip $desc: script(1) not installed"
fi
summary
