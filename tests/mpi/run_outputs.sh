#!/bin/bash
# run_outputs.sh - the analyzer's and the exporter's outputs as the field's
# tools expect them (docs/analysis-outputs.md):
# - analysis.cubex against Scalasca 2.x's metric names and hierarchy,
#   regions with files and lines, a real call tree, values = analysis.json
#   (tests/tools/cube_check.py);
# - the OTF2 export through otf2-print: source code locations and calling
#   contexts (the call paths: main > f called at line L > ...) on every ENTER, communicators and groups for Vampir's matrix,
#   the bytes matrix = analysis.json, nonblocking events paired
#   (tests/tools/otf2_check.py);
# - report.html in headless Chromium: its text = analysis.json, the zoom
#   and sort clicks, screenshots at two sizes not blank
#   (tests/tools/html_check.py; SESHAT_SCREENSHOT_DIR keeps the PNGs).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
AN="$BUILD/bin/seshat-analyze"
TR="$BUILD/bin/seshat-trace"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
SC=tests/mpi/an_scenarios.c

# outputs NAME NP [--set ...] -- PROGRAM ARGS... : trace, analyze, export.
outputs() {
    local name=$1 np=$2; shift 2
    local set=()
    while [ "$1" != -- ]; do set+=("$1"); shift; done
    shift
    desc="outputs $name"
    job "$desc" "$RUN" --set simulator.clock=none "${set[@]}" --trace "$dir/$name" -np "$np" -- "$@" &&
        [ $rc -eq 0 ] || { bad "$desc: the traced run failed (exit $rc)"; return 1; }
    job "$desc" "$AN" --quiet "$dir/$name" && [ $rc -eq 0 ] || { bad "$desc: seshat-analyze exit $rc"; return 1; }
    job "$desc" "$TR" otf2 "$dir/$name" "$dir/$name.otf2" && [ $rc -eq 0 ] || { bad "$desc: otf2 export exit $rc"; return 1; }
}

# cube NAME [analysis.json]: every rule of cube_check.py holds.
cube() {
    python3 tests/tools/cube_check.py "$dir/$1/analysis.cubex" ${2:+"$dir/$1/analysis.json"} >"$OUT" 2>&1 &&
        ok "outputs $1: CUBE: $(grep -c '^ok ' "$OUT") rules hold ($(grep '^ok   calltree' "$OUT" | cut -d: -f2-))" ||
        bad "outputs $1: cube_check.py"
}

# cubelib NAME: cubelib's own tools on the CUBE file, when installed
# (cube_dump on PATH, or $CUBELIB_BIN its directory): cube_sanity clean,
# cube_info's metric names, cube_dump's values = analysis.json (totals,
# per rank, per call node), cube_calltree's paths = the call sites' paths,
# cube_stat's main (tests/tools/cubelib_check.py).
cubelib() {
    local bin=${CUBELIB_BIN:-}
    [ -n "$bin" ] || bin=$(dirname "$(command -v cube_dump 2>/dev/null || echo /nonexistent/x)")
    if [ ! -x "$bin/cube_dump" ]; then
        echo "skipped: cubelib not installed (outputs $1: cube_dump, cube_info, cube_stat, cube_sanity)"
        return
    fi
    python3 tests/tools/cubelib_check.py "$bin" "$dir/$1/analysis.cubex" "$dir/$1/analysis.json" >"$OUT" 2>&1 &&
        ok "outputs $1: cubelib: $(grep -c '^ok ' "$OUT") rules hold ($(grep '^ok   values' "$OUT" | cut -d: -f3-))" ||
        { bad "outputs $1: cubelib_check.py"; grep -v '^ok ' "$OUT" | head -5 | sed 's/^/     | /'; }
}

# otf2 NAME [--json] [--site CALL@FILE:LINE@RANK ...] [--path CALL@FILE:LINE=main/f@LINE/...]
otf2() {
    local name=$1 json=(); shift
    [ "$1" = --json ] && { json=("$dir/$name/analysis.json"); shift; }
    command -v otf2-print >/dev/null || { echo "skip outputs $name: OTF2 checks (no otf2-print)"; return; }
    python3 tests/tools/otf2_check.py "$dir/$name.otf2/traces.otf2" "${json[@]}" "$@" >"$OUT" 2>&1 &&
        ok "outputs $name: OTF2: $(grep -c '^ok ' "$OUT") rules hold ($(grep '^ok   sources' "$OUT" | cut -d: -f2-))" ||
        bad "outputs $name: otf2_check.py"
}

# Every wait-state scenario, 4 ranks: calls from main and from 8 functions.
if outputs all 4 -- "$T/an_scenarios" all; then
    cube all --json
    cubelib all
    # The lines of the calls these checks name, found in the source (so an
    # edit of the scenarios above them moves nothing here).
    L_RECV=$(grep -n 'MPI_Recv(&x, 1, MPI_INT, 1, 1,' "$SC" | head -1 | cut -d: -f1)
    L_ISSEND=$(grep -n 'MPI_Issend(&x, 1, MPI_INT, 1, 8,' "$SC" | head -1 | cut -d: -f1)
    L_WAIT=$(awk '/^static void realign/ { r = 1 } r && /MPI_Wait\(/ { print NR; exit }' "$SC")
    L_RA1=$(awk '/static void collectives\(void\)/ { c = 1 } c && /realign\(\);/ { print NR; n++; if (n == 1) exit }' "$SC")
    L_RA2=$(awk '/static void collectives\(void\)/ { c = 1 } c && /realign\(\);/ { n++; if (n == 2) { print NR; exit } }' "$SC")
    L_LS=$(grep -n 'late_sender();' "$SC" | tail -1 | cut -d: -f1)
    L_BAR=$(awk -v s="$L_LS" 'NR > s && /MPI_Barrier\(MPI_COMM_WORLD\)/ { print NR; exit }' "$SC")
    L_COLL=$(grep -n 'collectives();' "$SC" | tail -1 | cut -d: -f1)
    # the call tree as the source has it: late_sender() calls MPI_Recv at
    # L_RECV; main calls MPI_Barrier at L_BAR; collectives() calls realign()
    # twice, two paths to its MPI_Wait at L_WAIT (the call paths of the
    # trace, three functions deep); the Early Reduce text is fixed
    desc="outputs all: CUBE call tree"
    got=$(python3 - "$dir/all/analysis.cubex" "$L_RECV" "$L_BAR" "$L_WAIT" <<'PY'
import sys, tarfile, xml.etree.ElementTree as ET
root = ET.fromstring(tarfile.open(sys.argv[1]).extractfile("anchor.xml").read())
want = (("MPI_Recv", sys.argv[2]), ("MPI_Barrier", sys.argv[3]), ("MPI_Wait", sys.argv[4]))
reg = {r.get("id"): r for r in root.iter("region")}
def path(c, up):
    name = reg[c.get("calleeId")].findtext("name")
    return up + [name + (":" + c.get("line") if name == "realign" else "")]
out = []
def walk(c, up):
    p = path(c, up)
    if (p[-1], c.get("line")) in want:
        out.append("/".join(p) + "@" + c.get("mod") + ":" + c.get("line"))
    for k in c.findall("cnode"):
        walk(k, p)
for c in root.find("program").findall("cnode"):
    walk(c, [])
er = [m.findtext("descr") for m in root.iter("metric") if m.findtext("uniq_name") == "mpi_earlyreduce"]
print(" ".join(sorted(out)), er[0])
PY
)
    want="main/MPI_Barrier@$SC:$L_BAR main/collectives/realign:$L_RA1/MPI_Wait@$SC:$L_WAIT"
    want="$want main/collectives/realign:$L_RA2/MPI_Wait@$SC:$L_WAIT main/late_sender/MPI_Recv@$SC:$L_RECV A reduction/gather root waited for the latest sender to enter"
    [ "$got" = "$want" ] && ok "$desc: $got" || bad "$desc: '$got', want '$want'"
    otf2 all --json --site "MPI_Recv@$SC:$L_RECV@0" --site "MPI_Issend@$SC:$L_ISSEND@0" \
        --site "MPI_Barrier@$SC:$L_BAR@3" \
        --path "MPI_Wait@$SC:$L_WAIT=main/collectives@$L_COLL/realign@$L_RA1" \
        --path "MPI_Wait@$SC:$L_WAIT=main/collectives@$L_COLL/realign@$L_RA2" \
        --path "MPI_Recv@$SC:$L_RECV=main/late_sender@$L_LS"
    desc="outputs all: report.html"
    if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then
        python3 tests/tools/html_check.py "$dir/all/report.html" "$dir/all/analysis.json" \
            ${SESHAT_SCREENSHOT_DIR:+"$SESHAT_SCREENSHOT_DIR"} >"$OUT" 2>&1 &&
            ok "$desc: $(grep -c '^ok ' "$OUT") browser rules hold ($(grep '^ok   zoom' "$OUT" | cut -d: -f2-))" ||
            bad "$desc: html_check.py"
        # the mouse, through Chromium's DevTools: zoom button, drag, wheel, show link
        python3 tests/tools/html_clicks.py "$dir/all/report.html" "$dir/all/analysis.json" >"$OUT" 2>&1 &&
            ok "$desc: $(tail -1 "$OUT" | sed 's/^.*: //') (zoom in, drag, wheel, whole run, click, show)" ||
            bad "$desc: html_clicks.py"
    else
        echo "skip $desc: browser tests (no chromium; tools/install-deps.sh installs it)"
    fi
fi

# trace.call_path: 1 records the return address only (no unwinder), 2 one
# caller; the patterns and times are the full path's, the CUBE rules hold,
# and realign's MPI_Wait at 116 (reached from 130 and 133) becomes one site.
for cp in 1 2; do
    [ -f "$dir/all/analysis.json" ] || break
    outputs "path$cp" 4 --set trace.call_path=$cp -- "$T/an_scenarios" all || continue
    cube "path$cp" --json
    desc="outputs path$cp: trace.call_path = $cp"
    got=$(python3 - "$dir/all" "$dir/path$cp" "$cp" "$L_WAIT" <<'PY'
import glob, json, sys
full, cut, cp = json.load(open(sys.argv[1] + "/analysis.json")), sys.argv[2], int(sys.argv[3])
lw = sys.argv[4]
j = json.load(open(cut + "/analysis.json"))
same = all(j[k] == full[k] for k in ("patterns", "run_time", "rank_time", "messages"))
callers = max(l.count(" < ") for f in glob.glob(cut + "/sites-*.txt") for l in open(f))
waits = sum(1 for c in j["callsites"] if c["function"] == "MPI_Wait" and c["location"].startswith(f"tests/mpi/an_scenarios.c:{lw} "))
print(f"same={same} callers<={callers} wait_realign={waits}")
PY
)
    want="same=True callers<=$((cp - 1)) wait_realign=$((cp == 1 ? 1 : 2))"
    [ "$got" = "$want" ] && ok "$desc: $got" || bad "$desc: '$got', want '$want'"
done

# Fortran (mpi_f08): the calls come from the program unit, not Open MPI's
# binding; the root of the call tree is the program's main.
if outputs f08 2 -- "$T/pingpong_f08"; then
    cube f08 --json
    cubelib f08
    otf2 f08 --json
fi

# A program built without -g: call sites are module offsets, no lines;
# regions say "no line information", calls from one function merge by call.
desc="outputs nolines"
if mpicc -O1 -o "$dir/ring_nog" tests/mpi/ring.c -lm >"$OUT" 2>&1; then
    if outputs nolines 4 -- "$dir/ring_nog" waitall 8 5; then
        cube nolines --json
        cubelib nolines
        otf2 nolines --json
    fi
else bad "$desc: mpicc"; fi

# A rank-filtered trace (ranks 0-1 of 4): not whole, still well formed.
if outputs part 4 --set trace.ranks=0-1 -- "$T/an_scenarios" all; then
    cube part
    otf2 part
fi

summary
