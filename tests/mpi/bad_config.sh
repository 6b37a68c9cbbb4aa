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
  "missing file|--config $dir/nonexistent.ini|nonexistent.ini"
  "unknown section in file|--config $dir/section.ini|nosuch"
  "unknown key in file|--config $dir/key.ini|latencyy"
  "negative bandwidth in file|--config $dir/negbw.ini|bandwidth"
  "malformed file|--config $dir/garbage.ini|garbage.ini"
)
for c in "${cases[@]}"; do
    IFS="|" read -r desc args want <<<"$c"; desc="bad config: $desc"
    start=$SECONDS
    # shellcheck disable=SC2086
    job "$desc" "$RUN" $args -np 2 -- "$T/pingpong" blocking 8 || continue
    took=$((SECONDS - start))
    if [ $rc -eq 0 ]; then bad "$desc: exit 0"
    elif ! grep -q -- "$want" "$OUT"; then bad "$desc: message does not name '$want'"
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
