#!/bin/bash
# test_profile.sh - where an MPI test area's wall time goes (make test's
# long poles): per area its wall and CPU time (user + system of every
# child), how many programs it launched (seshat-run, mpirun, the analysis
# and trace tools) and their summed wall time, and the seconds it spent
# in `sleep` and in jobs that `timeout` had to kill.
#
# Usage: tests/tools/test_profile.sh AREA...   (names of runall.sh --list;
#        prefixes as runall.sh takes them). Areas run one after another.
#
# Launches are read from execve and exit events (strace -f, execve only,
# seccomp-filtered: the traced programs stop only at fork and execve;
# the CPU column includes strace's share, so take an area's CPU from
# runall.sh's table). On a loaded machine the wall figures swell but
# launch counts and sleep seconds do not: those say what to batch or cut.
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
export BUILD
command -v strace >/dev/null || { echo "test_profile.sh: needs strace" >&2; exit 2; }
[ $# -gt 0 ] || { echo "usage: $0 AREA..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-24s %7s %7s %6s %7s %6s %7s %6s %7s\n' area wall cpu runs 'run s' mpirun 'sleep s' tools 'tool s'
for want in "$@"; do
    for a in $(tests/mpi/runall.sh --list | awk -v w="$want" '$1 == w || index($1, w "-") == 1'); do
        cmd=$(tests/mpi/runall.sh --cmd "$a") || continue   # as runall.sh runs it
        t0=$(date +%s.%N)
        /usr/bin/time -f '%U %S' -o "$tmp/cpu" \
            strace -f --seccomp-bpf -q -ttt -e trace=execve -e signal=none -o "$tmp/st" \
            bash -c "$cmd" >"$tmp/$a.log" 2>&1
        wall=$(echo "$(date +%s.%N) - $t0" | bc)
        cpu=$(awk 'END { print $1 + $2 }' "$tmp/cpu")
        # Per process: the program its last execve ran, start and exit time.
        awk -v wall="$wall" -v cpu="$cpu" -v area="$a" '
            $3 ~ /^execve\(/ && $0 !~ /= -1 / {
                split($3, p, "\""); prog = p[2]; sub(/.*\//, "", prog)
                if (!($1 in start)) start[$1] = $2
                name[$1] = prog
                if (prog == "sleep") { match($0, /\["sleep", "[0-9.]+/); s = substr($0, RSTART + 11, RLENGTH - 11); slept += s }
            }
            $3 == "+++" && ($1 in name) {
                d = $2 - start[$1]; n = name[$1]
                if (n == "seshat-run") { runs++; runs_s += d }
                else if (n == "mpirun" || n == "prterun") { mpi++ }
                else if (n ~ /^seshat-/) { tools++; tools_s += d }
                if (n == "timeout" && $0 ~ /exited with 12[4]/) killed += d
            }
            END { printf "%-24s %7.1f %7.1f %6d %7.1f %6d %7.1f %6d %7.1f%s\n", area, wall, cpu, runs, runs_s,
                      mpi, slept, tools, tools_s, (killed > 0 ? sprintf("  (%.0f s in timed-out jobs)", killed) : "") }' "$tmp/st"
        grep -qE '^FAIL' "$tmp/$a.log" && grep -E '^FAIL' "$tmp/$a.log" | head -3 | sed 's/^/    /'
    done
done
