#!/bin/bash
# run_adversarial.sh - seshat's tools with someone else's trace, as a
# careful attacker and a careless user would use them:
# - links: a symbolic link planted where an output goes (analysis.json,
#   analysis.cubex, report.html, whatif.txt, an OTF2 archive's files and its
#   traces/ directory, filter output, report.prefix matrices, sweep output;
#   calibrate's preset in tests/unit/test_calib_fit.c) is replaced or
#   refused, never written through;
# - markup: <script>, quotes, ampersands, control bytes and bad UTF-8 in
#   every trace string that reaches report.html (function, file, callers,
#   module, problems) come out as text: escaped in HTML text and attributes,
#   valid JSON, well-formed CUBE XML; path traversal in names writes nothing
#   outside the directory named;
# - fail: a read-only and a really full file system (a 512 KiB tmpfs in a
#   mount namespace): seshat-analyze and the OTF2 export exit non-zero and
#   leave the earlier good outputs byte for byte;
# - signals: INT, TERM, HUP to seshat-run and TERM to one rank, several
#   times each: every stream of the run reads back whole (no 0-byte or cut
#   stream), its records up to the signal;
# - launch: problems found before mpirun starts (also with --dry-run): exit
#   2 and one line;
# - quirks: hand-edited or odd input gets one line or the expected result.
# parts: links markup fail signals launch quirks
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=60
AN="$BUILD/bin/seshat-analyze"
TR="$BUILD/bin/seshat-trace"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
PRECIOUS="precious, never to be overwritten"

# victim NAME: a file outside every output directory.
victim() { echo "$PRECIOUS" >"$dir/victim-$1"; echo "$dir/victim-$1"; }
# intact NAME: the victim still holds its text.
intact() { [ "$(cat "$dir/victim-$1" 2>/dev/null)" = "$PRECIOUS" ]; }
# regular FILE: a regular file, not a link.
regular() { [ -f "$1" ] && [ ! -L "$1" ]; }
# oneline: the command's stderr ($OUT) is one line.
oneline() { [ "$(grep -c . "$OUT")" -eq 1 ]; }

# A small trace: 2 ranks, ping-pong, clock none (made once per part).
trace() {
    job "trace $1" "$RUN" --set simulator.clock=none --trace "$dir/$1" -np 2 -- \
        "$T/pingpong" blocking 8 && [ $rc -eq 0 ] && [ -f "$dir/$1/defs.ini" ] ||
        { bad "trace $1: the traced run failed (exit $rc)"; return 1; }
}

if part links; then
trace base || exit 1
# seshat-analyze's outputs: each a link to a victim, and whatif.txt.
cp -r "$dir/base" "$dir/ln"
for f in analysis.json analysis.cubex report.html; do ln -s "$(victim "$f")" "$dir/ln/$f"; done
desc="links: seshat-analyze"
job "$desc" "$AN" --quiet "$dir/ln"
ok_all=1
for f in analysis.json analysis.cubex report.html; do
    intact "$f" || { bad "$desc: wrote through the link $f"; ok_all=0; }
    regular "$dir/ln/$f" || { bad "$desc: $f is not a new regular file"; ok_all=0; }
done
[ $rc -eq 0 ] && [ $ok_all = 1 ] && ok "$desc: 3 planted links replaced, their targets intact"
ls -a "$dir/ln" | grep -q seshat- && bad "$desc: temporary files left: $(ls -a "$dir/ln" | grep seshat-)"

# The OTF2 archive: an export into a directory where an earlier one left
# traces.def and traces/ (its traces.otf2 removed: an existing archive is
# refused), with traces.def, traces/0.evt, traces/1.def and a dangling
# traces.otf2 planted as links; then traces/ itself a link.
if command -v otf2-print >/dev/null || [ -n "$(ldconfig -p | grep libotf2)" ]; then
    desc="links: OTF2 export"
    job "$desc" "$TR" otf2 "$dir/base" "$dir/o"
    if [ $rc -eq 0 ]; then
        for f in traces.def traces/0.evt traces/1.def; do
            rm -f "$dir/o/$f"; ln -s "$(victim "${f//\//_}")" "$dir/o/$f"
        done
        rm -f "$dir/o/traces.otf2"; ln -s "$dir/victim-none" "$dir/o/traces.otf2"
        job "$desc" "$TR" otf2 "$dir/base" "$dir/o"
        ok_all=1
        for f in traces.def traces/0.evt traces/1.def; do
            intact "${f//\//_}" || { bad "$desc: wrote through the link $f"; ok_all=0; }
        done
        for f in traces.otf2 traces.def traces/0.evt traces/1.def; do
            regular "$dir/o/$f" || { bad "$desc: $f is not a new regular file"; ok_all=0; }
        done
        [ -e "$dir/victim-none" ] && { bad "$desc: created the dangling link's target"; ok_all=0; }
        [ $rc -eq 0 ] && [ $ok_all = 1 ] && ok "$desc: 4 planted links replaced, their targets intact"
        [ $rc -eq 0 ] || bad "$desc: exit $rc"
        mkdir -p "$dir/o2" "$dir/elsewhere"
        ln -s "$dir/elsewhere" "$dir/o2/traces"
        job "$desc" "$TR" otf2 "$dir/base" "$dir/o2"
        [ $rc -ne 0 ] && [ -z "$(ls "$dir/elsewhere")" ] && grep -q "symbolic link" "$OUT" &&
            ok "$desc: traces/ a link: refused (exit $rc): $(grep -m1 'symbolic link' "$OUT")" ||
            bad "$desc: traces/ a link: exit $rc, $(ls "$dir/elsewhere" | wc -l) files written through it"
    else
        bad "$desc: first export exit $rc"
    fi
fi

# report.prefix: the matrices beside a planted link.
mkdir -p "$dir/mx"
ln -s "$(victim count.csv)" "$dir/mx/m-count.csv"
desc="links: report.prefix matrices"
job "$desc" "$RUN" --set simulator.clock=none --set report.matrix=true --set report.prefix="$dir/mx/m" \
    -np 2 -- "$T/pingpong" blocking 8
intact count.csv && regular "$dir/mx/m-count.csv" && ok "$desc: the link replaced, its target intact" ||
    bad "$desc: the link was written through (exit $rc)"

# seshat-sweep --out: sweep.csv a link.
mkdir -p "$dir/sw"
ln -s "$(victim sweep.csv)" "$dir/sw/sweep.csv"
desc="links: seshat-sweep"
job "$desc" "$BUILD/bin/seshat-sweep" --out "$dir/sw" --vary network.latency=1us \
    --set simulator.clock=none -np 2 -- "$T/pingpong" blocking 8
intact sweep.csv && regular "$dir/sw/sweep.csv" && ok "$desc: the link replaced, its target intact" ||
    bad "$desc: sweep.csv written through the link (exit $rc)"

# seshat-analyze --model's whatif.txt, a planted link (seshat-calibrate's
# preset beside a link: tests/unit/test_calib_fit.c, a run here would take
# a minute on a loaded machine).
cp -r "$dir/base" "$dir/wi"
ln -s "$(victim whatif.txt)" "$dir/wi/whatif.txt"
desc="links: seshat-analyze --model"
job "$desc" "$AN" --quiet --model config/seshat.ini "$dir/wi"
intact whatif.txt && regular "$dir/wi/whatif.txt" && grep -q SESHAT_REPLAY "$dir/wi/whatif.txt" &&
    ok "$desc: whatif.txt's link replaced, its target intact" || bad "$desc: whatif.txt (exit $rc)"

# seshat-trace filter: the copies in a new directory only; an existing one
# (or a link to one) is refused.
desc="links: filter"
mkdir -p "$dir/fexist"
ln -s "$dir/fexist" "$dir/flink"
job "$desc" "$TR" filter "$dir/base" "$dir/flink" --kinds p2p
[ $rc -ne 0 ] && [ -z "$(ls "$dir/fexist")" ] && ok "$desc: an existing link as OUT refused (exit $rc)" ||
    bad "$desc: wrote into an existing directory through a link (exit $rc)"
fi # part links

if part markup; then
trace mk || exit 1
# Every string of a call site, hostile: function, file, module, callers.
EVIL='<script>window.x="a&b"</script>'
ATTR="q'\"&amp;<img/src=x/onerror=alert(1)>"
python3 - "$dir/mk" "$EVIL" "$ATTR" <<'PY'
import glob, sys
d, evil, attr = sys.argv[1:]
for p in glob.glob(d + "/sites-*.txt"):
    t = open(p, encoding="utf-8").read()
    t = t.replace("one_way_in", evil).replace("tests/mpi/pingpong.c", "../../" + attr + "/p\x01\x7f.c")
    t = t.replace("main ", "main\u00e9 ", 1)
    open(p, "wb").write(t.encode("utf-8").replace(b"p\x01", b"p\xff\x01"))
# an incomplete trace's reason reaches the page too
p = d + "/defs.ini"
t = open(p).read().replace("complete = true", 'complete = false\nreason = "<b>' + evil + '</b>"')
open(p, "w").write(t)
PY
desc="markup"
job "$desc" "$AN" --quiet "$dir/mk"
[ $rc -eq 0 ] || bad "$desc: seshat-analyze exit $rc"
python3 - "$dir/mk" "$EVIL" "$ATTR" >"$OUT" 2>&1 <<'PY'
import html.parser, json, sys, tarfile, xml.etree.ElementTree as ET
d, evil, attr = sys.argv[1:]
bad = []
# JSON: valid (strict UTF-8), the strings round-trip
raw = open(d + "/analysis.json", "rb").read()
try:
    j = json.loads(raw.decode("utf-8"))
    if not any(evil in json.dumps(s, ensure_ascii=False) for s in j.get("callsites", j.get("sites", []))) \
       and evil not in raw.decode("utf-8").replace('\\"', '"'):
        bad.append("json: the function name did not round-trip")
except Exception as e:
    bad.append("json: %s" % e)
# CUBE: anchor.xml well-formed, the region name is the text
try:
    x = tarfile.open(d + "/analysis.cubex").extractfile("anchor.xml").read()
    root = ET.fromstring(x)
    names = [r.findtext("name") for r in root.iter("region")]
    if evil not in names:
        bad.append("cube: no region named the hostile text (%s)" % names[:6])
except Exception as e:
    bad.append("cube: %s" % e)
# HTML: no element or attribute from the trace; the text is there
h = open(d + "/report.html", "rb").read().decode("utf-8")
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.scripts = 0; s.text = []; s.evil_attr = 0
    def handle_starttag(s, tag, attrs):
        s.scripts += tag == "script"
        s.evil_attr += tag == "img" or any(k.startswith("on") for k, v in attrs)
    def handle_data(s, t): s.text.append(t)
p = P(); p.feed(h)
body = "".join(p.text)
if p.scripts != 1: bad.append("html: %d <script> elements (1 expected: the page's own)" % p.scripts)
if p.evil_attr: bad.append("html: an element or event attribute from the trace")
if evil not in body: bad.append("html: the hostile function name is not shown as text")
if attr not in body: bad.append("html: the hostile file name is not shown as text")
for b in bad: print(b)
print("checked json, cube, html")
sys.exit(1 if bad else 0)
PY
[ $? -eq 0 ] && ok "$desc: <script>, quotes, & and bad bytes in function, file, callers, reason: escaped in HTML, JSON, CUBE" ||
    bad "$desc: $(head -3 "$OUT" | tr '\n' ';')"

# Path traversal and long names: nothing is written outside the named place.
long=$(printf 'x%.0s' $(seq 300))
desc="traversal"
job "$desc" "$TR" otf2 "$dir/mk" "$dir/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long"
[ $rc -ne 0 ] && oneline && ok "$desc: OTF2 into a 4 KiB path: exit $rc, one line" ||
    bad "$desc: OTF2 into a 4 KiB path: exit $rc, $(grep -c . "$OUT") lines"
job "$desc" "$RUN" --trace "$dir/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long" \
    -np 1 -- /bin/true
[ $rc -eq 2 ] && oneline && ok "$desc: --trace a 4 KiB path: exit 2, one line" ||
    bad "$desc: --trace a 4 KiB path: exit $rc, $(grep -c . "$OUT") lines"
before=$(find "$dir" -maxdepth 1 | wc -l)
job "$desc" "$TR" filter "$dir/mk" "$dir/mk-f" --kinds p2p
after=$(find "$dir" -maxdepth 1 | wc -l)
[ $rc -eq 0 ] && [ $after -eq $((before + 1)) ] && [ ! -e "$dir/../p" ] &&
    ok "$desc: filter of a trace with ../ names: only OUT created" ||
    bad "$desc: filter: exit $rc, $((after - before)) new entries beside the trace"
fi # part markup

if part fail; then
trace fb || exit 1
# A 512 KiB tmpfs (a trace and its outputs fit once) in a private mount
# namespace (root only), then filled up.
if [ "$(id -u)" != 0 ] || ! unshare -m true 2>/dev/null; then
    echo "skipped: fail (needs root and unshare -m)"
else
    cat >"$dir/full.sh" <<'SH'
# runs in its own mount namespace: $1 = work dir, $2 = trace, $3 = build
set -u
w=$1; tr=$2; B=$3
mkdir -p "$w/mnt"
mount -t tmpfs -o size=512k tmpfs "$w/mnt" || exit 3
cp -r "$tr" "$w/mnt/t"
"$B/bin/seshat-analyze" --quiet "$w/mnt/t" >/dev/null 2>&1 || { echo "first analysis failed"; exit 1; }
"$B/bin/seshat-trace" otf2 "$w/mnt/t" "$w/mnt/o" >/dev/null 2>&1 || echo "note: first export failed"
sums=$(cd "$w/mnt" && md5sum t/analysis.json t/analysis.cubex t/report.html o/traces.otf2 2>/dev/null)
dd if=/dev/zero of="$w/mnt/fill" bs=1k 2>/dev/null
"$B/bin/seshat-analyze" --quiet "$w/mnt/t" >"$w/an-full.txt" 2>&1
echo "full analyze exit $?"
"$B/bin/seshat-trace" otf2 "$w/mnt/t" "$w/mnt/o2" >"$w/otf2-full.txt" 2>&1
echo "full otf2 exit $?"
ls -a "$w/mnt/o2" 2>/dev/null | grep -q 'seshat-' && echo "full otf2 temporary files left"
[ "$(cd "$w/mnt" && md5sum t/analysis.json t/analysis.cubex t/report.html o/traces.otf2 2>/dev/null)" = "$sums" ] &&
    echo "full outputs intact" || echo "full outputs damaged"
ls -a "$w/mnt/t" "$w/mnt/o" | grep -q 'seshat-' && echo "full temporary files left"
rm -f "$w/mnt/fill"
mount -o remount,ro "$w/mnt"
"$B/bin/seshat-analyze" --quiet "$w/mnt/t" >"$w/an-ro.txt" 2>&1
echo "ro analyze exit $?"
[ "$(cd "$w/mnt" && md5sum t/analysis.json t/analysis.cubex t/report.html o/traces.otf2 2>/dev/null)" = "$sums" ] &&
    echo "ro outputs intact" || echo "ro outputs damaged"
umount "$w/mnt"
SH
    timeout -k 5 120 unshare -m bash "$dir/full.sh" "$dir" "$dir/fb" "$BUILD" >"$OUT" 2>&1
    desc="full disk"
    grep -q "^full analyze exit [1-9]" "$OUT" && ok "$desc: seshat-analyze exits $(grep -o 'analyze exit [0-9]*' "$OUT" | head -1 | grep -o '[0-9]*$'): $(grep -m1 'cannot write' "$dir/an-full.txt")" ||
        bad "$desc: seshat-analyze: $(grep 'full analyze' "$OUT")"
    grep -q "^full otf2 exit [1-9]" "$OUT" && ! grep -q "otf2 temporary" "$OUT" &&
        ok "$desc: OTF2 export exits non-zero, leaves no temporary files: $(head -1 "$dir/otf2-full.txt")" ||
        bad "$desc: $(grep 'full otf2' "$OUT")"
    grep -q "^full outputs intact" "$OUT" && ok "$desc: the earlier outputs are byte for byte as they were" ||
        bad "$desc: earlier outputs damaged"
    grep -q "temporary files left" "$OUT" && bad "$desc: temporary files left on the full disk"
    desc="read-only"
    grep -q "^ro analyze exit [1-9]" "$OUT" && ok "$desc: seshat-analyze exits non-zero" || bad "$desc: $(grep 'ro analyze' "$OUT")"
    grep -q "^ro outputs intact" "$OUT" && ok "$desc: the earlier outputs intact" || bad "$desc: outputs damaged"
fi
fi # part fail

if part signals; then
# signal_run SIG WHO I: a traced run of 2 ranks sending and computing for
# minutes (64 KiB buffers: the background thread writes while the handler
# flushes), ended by SIG to seshat-run (WHO = run) or to rank 1 (WHO =
# rank) once both rank streams hold records (the ranks are past MPI_Init
# however loaded the machine) plus a random moment; then every stream
# (both ranks and the message log) must read back with records, no cut.
MARK=sadv$$
signal_run() {
    local sig=$1 who=$2 i=$3 t="$dir/sig-$1-$2-$3"
    set -m
    "$RUN" --trace "$t" --set trace.buffer=64KiB -np 2 -- "$T/compute" 100000000 100000 "$MARK" \
        >"$dir/sig.log" 2>&1 &
    local lp=$!
    set +m
    local k
    for ((k = 0; k < 300; k++)); do
        [ -s "$t/rank-0.sst" ] && [ -s "$t/rank-1.sst" ] && [ -e "$t/msglog-2.sst" ] && break
        sleep 0.1
    done
    sleep 0.$((RANDOM % 9 + 1))
    if [ "$who" = run ]; then kill -"$sig" $lp
    else kill -"$sig" "$(pgrep -f "^$T/compute 100000000 100000 $MARK" | sort -n | sed -n 2p)"; fi
    timeout 30 tail --pid=$lp -f /dev/null
    { wait $lp; } 2>/dev/null
    "$TR" stats "$t" >"$OUT" 2>&1
    local sizes line problems=""
    sizes=$(cd "$t" && stat -c '%n=%s' rank-0.sst rank-1.sst msglog-2.sst 2>&1 | tr '\n' ' ')
    for f in rank-0.sst rank-1.sst msglog-2.sst; do
        [ -s "$t/$f" ] || problems="$problems $f empty;"
    done
    grep -q "truncated\|cut\|corrupt" "$OUT" && problems="$problems $(grep -m1 'truncated\|cut\|corrupt' "$OUT");"
    for r in 0 1; do
        line=$(awk -v r=$r '$1 == r && NF == 8' "$OUT")
        [ "$(echo "$line" | awk '{print $2}')" -gt 0 ] 2>/dev/null || problems="$problems rank $r: no events;"
    done
    if [ -z "$problems" ]; then sig_ok=$((sig_ok + 1)); else
        sig_bad=$((sig_bad + 1)); echo "     | kill -$sig $who #$i: $problems ($sizes)"; fi
}
N=${SESHAT_SIGNAL_RUNS:-3}
for s in INT:run TERM:run HUP:run TERM:rank; do
    sig_ok=0; sig_bad=0
    for i in $(seq "$N"); do signal_run "${s%:*}" "${s#*:}" "$i"; done
    desc="signals: kill -${s%:*} to ${s#*:}"
    [ $sig_bad -eq 0 ] && ok "$desc: $sig_ok of $N runs: every stream whole" ||
        { OUT=/dev/null bad "$desc: $sig_bad of $N runs lost records"; }
done
fi # part signals

if part launch; then
# Everything that can be checked before mpirun starts: exit 2, one line,
# with --dry-run as without.
mkdir -p "$dir/ro"; chmod 555 "$dir/ro"
for dry in "" --dry-run; do
    desc="launch${dry:+ $dry}"
    job "$desc" "$RUN" $dry --trace /proc/seshat-cannot-write -np 1 -- /bin/true
    [ $rc -eq 2 ] && oneline && ok "$desc: unwritable --trace: exit 2: $(head -1 "$OUT")" ||
        bad "$desc: unwritable --trace: exit $rc, $(grep -c . "$OUT") lines"
    job "$desc" "$RUN" $dry --set network.model=simgrid -np 1 -- /bin/true
    [ $rc -eq 2 ] && oneline && ok "$desc: simgrid without a platform: exit 2" ||
        bad "$desc: simgrid without a platform: exit $rc, $(grep -c . "$OUT") lines"
    echo "<platform version='4.1'><oops" >"$dir/bad.xml"
    job "$desc" "$RUN" $dry --set network.model=simgrid --set "network.platform=$dir/bad.xml" -np 1 -- /bin/true
    [ $rc -eq 2 ] && oneline && ok "$desc: simgrid with a bad platform: exit 2" ||
        bad "$desc: simgrid with a bad platform: exit $rc, $(grep -c . "$OUT") lines"
    job "$desc" "$RUN" $dry -np 1 -- "$dir/no-such-program"
    [ $rc -eq 2 ] && oneline && ok "$desc: a program that does not exist: exit 2" ||
        bad "$desc: a program that does not exist: exit $rc, $(grep -c . "$OUT") lines"
done
fi # part launch

if part quirks; then
trace q || exit 1
desc="quirks"
printf 'latency = 5us\n[network]\nbandwidth = 1GB/s\n' >"$dir/nosec.ini"
job "$desc" "$RUN" --config "$dir/nosec.ini" --dry-run -np 1 -- /bin/true
[ $rc -eq 2 ] && oneline && grep -q "section" "$OUT" && ok "$desc: a key before any [section]: exit 2, one line" ||
    bad "$desc: a key before any [section]: exit $rc"
job "$desc" "$RUN" --config /dev/zero --dry-run -np 1 -- /bin/true
[ $rc -eq 2 ] && oneline && ok "$desc: --config /dev/zero: exit 2, one line" || bad "$desc: --config /dev/zero: exit $rc"
# hand-edited defs.ini: each a one-line error, at once
for edit in "ranks = 1000000" "traced = 0-99999999" "version = 99" "window = banana"; do
    cp -r "$dir/q" "$dir/qe"
    key=${edit%% =*}
    sed -i "s/^$key = .*/$edit/" "$dir/qe/defs.ini"
    grep -q "^$key" "$dir/qe/defs.ini" || echo "$edit" >>"$dir/qe/defs.ini"
    t0=$SECONDS
    job "$desc" "$AN" --quiet "$dir/qe"
    [ $rc -ne 0 ] && [ $rc -lt 128 ] && oneline && [ $((SECONDS - t0)) -lt 10 ] &&
        ok "$desc: defs.ini $edit: exit $rc in $((SECONDS - t0)) s: $(head -c 150 "$OUT")" ||
        bad "$desc: defs.ini $edit: exit $rc in $((SECONDS - t0)) s, $(grep -c . "$OUT") lines"
    rm -rf "$dir/qe"
done
# seshat-trace stats on a 0-byte stream, on a stream cut in its first frame
cp -r "$dir/q" "$dir/q0"; : >"$dir/q0/rank-1.sst"
job "$desc" "$TR" stats "$dir/q0"
grep -q "^complete yes" "$OUT" && bad "$desc: stats calls a trace with a 0-byte stream complete" ||
    ok "$desc: stats: a 0-byte stream is not complete ($(grep -m1 '^complete' "$OUT"))"
cp -r "$dir/q" "$dir/q1"; head -c 30 "$dir/q/rank-1.sst" >"$dir/q1/rank-1.sst"
job "$desc" "$TR" stats "$dir/q1"
"$AN" --quiet "$dir/q1" >>"$OUT" 2>&1
cat "$dir/q1/analysis.json" >>"$OUT" 2>/dev/null
grep -qi "renamed\|swapped" "$OUT" && bad "$desc: a stream cut in its first frame: $(grep -im1 'renamed\|swapped' "$OUT")" ||
    ok "$desc: a stream cut in its first frame is called cut ($(grep -m1 -i 'rank-1' "$OUT" | head -c 120))"
# filter into a subdirectory of the trace: no old analysis outputs copied
cp -r "$dir/q" "$dir/qf"
"$AN" --quiet "$dir/qf" >/dev/null 2>&1
job "$desc" "$TR" filter "$dir/qf" "$dir/qf/sub" --kinds p2p
[ $rc -eq 0 ] && [ ! -e "$dir/qf/sub/analysis.json" ] && [ ! -e "$dir/qf/sub/report.html" ] &&
    ok "$desc: filter into a subdirectory: no old analysis outputs copied" ||
    bad "$desc: filter into a subdirectory: exit $rc, $(ls "$dir/qf/sub" 2>/dev/null | grep -c 'analysis\|report')"
# the analyzer's mpirun leaves standard input alone
n=$(printf '%s\n%s\n' "$dir/q" "$dir/q" | while read -r t; do "$AN" --quiet "$t" >/dev/null 2>&1 && echo x; done | wc -l)
[ "$n" = 2 ] && ok "$desc: a while-read loop analyzes every trace" || bad "$desc: a while-read loop analyzed $n of 2"
# conflicting options
job "$desc" "$RUN" --trace "$dir/qc" --set trace.enabled=false --dry-run -np 1 -- /bin/true
grep -qi "^seshat-run:.*trace.enabled" "$OUT" && ok "$desc: --trace with trace.enabled=false: said ($(head -c 120 "$OUT"))" ||
    bad "$desc: --trace with trace.enabled=false resolved silently (exit $rc)"
job "$desc" "$RUN" -np 1 -np 2 --dry-run -- /bin/true
[ $rc -eq 2 ] && oneline && ok "$desc: -np twice: exit 2" || bad "$desc: -np twice: exit $rc, $(grep -c . "$OUT") lines"
# seshat-replay --help: usage, no MPI banner, no bogus path
job "$desc" "$BUILD/bin/seshat-replay" --help
[ $rc -eq 0 ] && grep -q "usage" "$OUT" && ! grep -qi "MPI_ABORT\|mpi_abort\|--help/" "$OUT" &&
    ok "$desc: seshat-replay --help: usage, exit 0" || bad "$desc: seshat-replay --help: exit $rc"
# every tool answers --version
v_ok=1
for t in seshat-run seshat-trace seshat-analyze seshat-calibrate seshat-replay seshat-sweep; do
    job "$desc" "$BUILD/bin/$t" --version
    { [ $rc -eq 0 ] && grep -q "^$t [0-9]" "$OUT"; } || { bad "$desc: $t --version: exit $rc: $(head -c 80 "$OUT")"; v_ok=0; }
done
[ $v_ok = 1 ] && ok "$desc: every tool answers --version"
fi # part quirks

summary
