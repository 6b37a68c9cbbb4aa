#!/bin/bash
# bad_config.sh - every bad configuration stops the job before the program
# starts: non-zero exit within 20 s and a message naming the key.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=20
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT

printf '[network]\nlatency = 1us\n[nosuch]\nkey = 1\n' >"$dir/section.ini"
printf '[network]\nlatencyy = 1us\n' >"$dir/key.ini"
printf '[network]\nbandwidth = -5GB/s\n' >"$dir/negbw.ini"
printf '[network]\nlatency 1us\n[[[\n' >"$dir/garbage.ini"
printf '[network]\nlatency = 1us\n[trace]\nbuffer = 64KiB\n[network]\n  Latency=2us\n' >"$dir/dup.ini"

# (description | seshat-run arguments | text the message must contain)
cases=(
  "unknown key|--set network.latencyy=1us|network.latencyy"
  "unknown section|--set nosuch.key=1|nosuch"
  "bad time unit|--set network.latency=5parsecs|network.latency"
  "time without unit|--set network.latency=5|network.latency"
  "negative bandwidth|--set network.bandwidth=-1GB/s|network.bandwidth"
  "zero bandwidth|--set network.bandwidth=0GB/s|network.bandwidth"
  "non-numeric value|--set network.overhead=fast|network.overhead"
  "bad enum|--set network.path=carrier-pigeon|network.path"
  "bad clock|--set simulator.clock=sundial|simulator.clock"
  "zero model ranks|--set simulator.ranks=0|simulator.ranks"
  "negative cpu factor|--set simulator.cpu_factor=-2|simulator.cpu_factor"
  "bad size unit|--set network.eager_limit=12furlongs|network.eager_limit"
  "eager_limit above 64KiB under contention|--set network.model=simgrid --set network.contention=on --set network.eager_limit=128KiB|network.eager_limit = 131072 B: network.contention = on needs at most 64KiB"
  "missing file|--config $dir/nonexistent.ini|nonexistent.ini"
  "unknown section in file|--config $dir/section.ini|nosuch"
  "unknown key in file|--config $dir/key.ini|latencyy"
  "negative bandwidth in file|--config $dir/negbw.ini|bandwidth"
  "malformed file|--config $dir/garbage.ini|garbage.ini"
  "duplicate key in file|--config $dir/dup.ini|dup.ini:6: network.Latency is set twice (first on line 2)"
  "a directory as --config|--config $dir|$dir: is a directory"
  "--set without a value|--set|--set needs a value"
  "cpu_factor 1e15|--set simulator.cpu_factor=1e15|simulator.cpu_factor = \"1e15\": expected a number from 0.001 to 1000"
  "cpu_factor NaN|--set simulator.cpu_factor=NaN|simulator.cpu_factor = \"NaN\": expected a number from 0.001 to 1000"
  "cpu_factor inf|--set simulator.cpu_factor=inf|simulator.cpu_factor"
  "cpu_factor in hex|--set simulator.cpu_factor=0x10|simulator.cpu_factor"
  "latency_factor 1e16|--set network.latency_factor=1e16|network.latency_factor = \"1e16\": expected a number from 0.001 to 1000"
  "bandwidth 1e-12B/s|--set network.bandwidth=1e-12B/s|network.bandwidth = \"1e-12B/s\": expected a bandwidth from 1KB/s to 1000TB/s"
  "effective bandwidth below 1KB/s|--set network.bandwidth=1KB/s --set network.bandwidth_factor=0.5|network.bandwidth x network.bandwidth_factor = 500B/s: expected at least 1KB/s"
  "latency beyond int64|--set network.latency=1e30s|network.latency = \"1e30s\": expected a time from 0ns to 10s"
  "segment latency 20s|--set network.segments=4KiB:20s:1GB/s|network.segments: piece 1"
  "model ranks 1e3|--set simulator.ranks=1e3|simulator.ranks = \"1e3\": expected a whole number from 1 to 65536"
  "trace buffer 1KiB|--set trace.buffer=1KiB|trace.buffer = \"1KiB\": expected a size from 4KiB to 1GiB"
  "contention with loggp|--set network.contention=on|network.contention = on needs network.model = simgrid"
  "unknown model|--set network.model=flat|network.model = flat: expected one of loggp, simgrid"
  "malformed model name|--set network.model=lo-ggp|network.model = \"lo-ggp\": expected a model name"
)
for c in "${cases[@]}"; do
    IFS="|" read -r desc args want <<<"$c"; desc="bad config: $desc"
    start=$SECONDS
    # shellcheck disable=SC2086
    if [ "$args" = --set ]; then job "$desc" "$RUN" --set || continue
    else job "$desc" "$RUN" $args -np 2 -- "$T/pingpong" blocking 8 || continue; fi
    took=$((SECONDS - start))
    if [ $rc -eq 0 ]; then bad "$desc: exit 0"
    elif ! grep -qF -- "$want" "$OUT"; then bad "$desc: message does not name '$want'"
    elif grep -q "^RESULT" "$OUT"; then bad "$desc: the program ran"
    else ok "$desc: exit $rc in ${took}s"; fi
done

# The library checks too: a relinked program under plain mpirun.
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
desc="bad config in libseshat"
if SESHAT_SET="network.bandwidth=-3GB/s" job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np 3 "$T/pingpong.relinked" blocking 8; then
    if [ $rc -ne 0 ] && grep -q network.bandwidth "$OUT" && ! grep -q "^RESULT" "$OUT"; then
        ok "$desc: exit $rc, $(grep -c 'config error' "$OUT") message(s)"
    else bad "$desc: exit $rc"; fi
fi
summary
