#!/bin/bash
# report.sh OUTDIR - Table 2 (markdown + CSV) and one figure per benchmark
# from OUTDIR/runs.csv (written by run-nas.sh). Medians over repetitions;
# a configuration with any failed run is marked failed.
set -u
OUT=${1:-nas-results}
csv="$OUT/runs.csv"
[ -f "$csv" ] || { echo "report.sh: $csv not found (run run-nas.sh first)" >&2; exit 2; }

awk -F, -v md="$OUT/table2.md" -v out="$OUT/table2.csv" '
function median(list,   n, a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n ? a[int((n + 1) / 2)] : ""
}
function pct(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%+.1f%%", 100 * (a - b) / b) }
function pct2(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%+.2f%%", 100 * (a - b) / b) }
function pct4(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%+.4f%%", 100 * (a - b) / b) }
function ratio(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%.2f", a / b) }
NR == 1 { next }
{
    k = $1 "." $2 "." $3; m = $4
    if (!(k in keys)) { keys[k] = 1; order[++nk] = k }
    if ($6 != "ok") failed[k] = failed[k] " " m
    if ($7 != "") rep[k, m] = rep[k, m] " " $7
    if ($8 != "") mops[k, m] = mops[k, m] " " $8
    if ($10 != "") wall[k, m] = wall[k, m] " " $10
    if ($12 != "") tb[k, m] = tb[k, m] " " $12
    if ($13 != "") ev[k, m] = ev[k, m] " " $13
    if ($14 != "") vt[k, m] = vt[k, m] " " $14
    if ($9 == "yes") ok[k, m]++
    runs[k, m]++
}
END {
    hdr = "run,events,native_wall_s,traced_wall_s,stream_bytes,bytes_per_event,native_reported_s,sim_reported_s,traced_reported_s,simulation_error,perturbation,sim_slowdown,trace_slowdown,host_reported_s,host_prediction_error,host_error_mops,sim_virtual_s,traced_virtual_s,virtual_perturbation,verified,status"
    print hdr > out
    print "| run | events | native wall (s) | traced wall (s) | stream bytes | B/event | native reported (s) | simulated reported (s) | traced reported (s) | simulation error | traced vs untraced | wall slowdown sim | wall slowdown traced | host preset reported (s) | host prediction error | host error from Mop/s | seshat virtual (s) | traced virtual (s) | traced vs untraced (virtual) | verified | status |" > md
    print "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|" > md
    for (i = 1; i <= nk; i++) {
        k = order[i]
        e = median(ev[k, "traced"]); b = median(tb[k, "traced"])
        nw = median(wall[k, "native"]); tw = median(wall[k, "traced"]); sw = median(wall[k, "sim"])
        nw = (nw == "") ? "" : sprintf("%.3f", nw); tw = (tw == "") ? "" : sprintf("%.3f", tw)
        nr = median(rep[k, "native"]); sr = median(rep[k, "sim"]); tr = median(rep[k, "traced"])
        hr = median(rep[k, "host"])
        # NPB prints times to 0.01 s (7% of IS class A) but Mop/s to 5-6
        # digits; time is ops / Mop/s, so the error is native / host Mop/s - 1.
        he = pct2(median(mops[k, "native"]), median(mops[k, "host"]))
        sv = median(vt[k, "sim"]); tv = median(vt[k, "traced"])
        bpe = (e != "" && e + 0 > 0) ? sprintf("%.2f", b / e) : ""
        ver = sprintf("%d/%d", ok[k, "native"] + ok[k, "sim"] + ok[k, "traced"] + ok[k, "host"], runs[k, "native"] + runs[k, "sim"] + runs[k, "traced"] + runs[k, "host"])
        st = (k in failed) ? "failed:" failed[k] : "ok"
        row = k "," e "," nw "," tw "," b "," bpe "," nr "," sr "," tr "," pct(sr, nr) "," pct(tr, sr) "," ratio(sw, nw) "," ratio(tw, nw) "," hr "," pct(hr, nr) "," he "," sv "," tv "," pct4(tv, sv) "," ver "," st
        print row > out
        gsub(",", " | ", row); print "| " row " |" > md
    }
}' "$csv"
# the 1-minute load average around the runs (run-nas.sh's load.csv)
if [ -f "$OUT/load.csv" ]; then
    awk -F, 'NR > 1 { for (i = 6; i <= 7; i++) { if (lo == "" || $i < lo) lo = $i; if ($i > hi) hi = $i } }
        END { if (lo != "") printf "\nLoad average (1 min) before/after the runs: %s .. %s\n", lo, hi }' \
        "$OUT/load.csv" >>"$OUT/table2.md"
fi
echo "wrote $OUT/table2.md and $OUT/table2.csv"

# seshat against SMPI (MODES has smpi): wall times side by side, medians.
if awk -F, '$4 == "smpi" && $6 == "ok" { f = 1 } END { exit !f }' "$csv"; then
    awk -F, -v md="$OUT/smpi.md" -v out="$OUT/smpi.csv" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n ? a[int((n + 1) / 2)] : ""
    }
    function ratio(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%.2f", a / b) }
    function pct(a, b) { return (a == "" || b == "" || b + 0 == 0) ? "" : sprintf("%+.1f%%", 100 * (a - b) / b) }
    function pct2(a, b) { return sprintf("%+.2f%%", 100 * (a - b) / b) }
    NR == 1 { next }
    $4 == "sim" || $4 == "smpi" || $4 == "native" {
        k = $1 "." $2 "." $3
        if (!(k in keys)) { keys[k] = 1; order[++nk] = k }
        if ($6 != "ok") failed[k] = failed[k] " " $4
        if ($10 != "") wall[k, $4] = wall[k, $4] " " $10
        if ($7 != "") rep[k, $4] = rep[k, $4] " " $7
        if ($8 != "") mops[k, $4] = mops[k, $4] " " $8
    }
    END {
        print "run,native_reported_s,seshat_reported_s,smpi_reported_s,seshat_vs_smpi_reported,seshat_mops,smpi_mops,seshat_vs_smpi_time,seshat_wall_s,smpi_wall_s,seshat_wall_over_smpi,status" > out
        print "| run | native reported (s) | seshat reported (s) | SMPI reported (s) | seshat vs SMPI (reported) | seshat Mop/s | SMPI Mop/s | seshat vs SMPI (time, from Mop/s) | seshat wall (s) | SMPI wall (s) | seshat wall / SMPI wall | status |" > md
        print "|---|---|---|---|---|---|---|---|---|---|---|---|" > md
        for (i = 1; i <= nk; i++) {
            k = order[i]
            sw = median(wall[k, "sim"]); mw = median(wall[k, "smpi"])
            sr = median(rep[k, "sim"]); mr = median(rep[k, "smpi"]); nr = median(rep[k, "native"])
            st = (k in failed) ? "failed:" failed[k] : "ok"
            # NPB prints its time to 10 ms, its Mop/s (work / time) to 7 or
            # more digits: the time ratio is the inverse Mop/s ratio
            so = median(mops[k, "sim"]); mo = median(mops[k, "smpi"])
            row = k "," nr "," sr "," mr "," pct(sr, mr) "," so "," mo "," \
                  ((so + 0 == 0 || mo + 0 == 0) ? "" : pct2(1 / so, 1 / mo)) "," sw "," mw "," ratio(sw, mw) "," st
            print row > out
            gsub(",", " | ", row); print "| " row " |" > md
        }
    }' "$csv"
    echo "wrote $OUT/smpi.md and $OUT/smpi.csv"
fi

if ! command -v gnuplot >/dev/null; then
    echo "report.sh: gnuplot not found, no figures (apt-get install gnuplot-nox)" >&2
    exit 0
fi
for k in $(awk -F, 'NR > 1 { print $1 "." $2 "." $3 }' "$csv" | sort -u); do
    IFS=. read -r b c n <<<"$k"
    plot=""
    for m in native sim traced host smpi; do
        awk -F, -v b="$b" -v c="$c" -v n="$n" -v m="$m" '$1 == b && $2 == c && $3 == n && $4 == m && $7 != "" { print $5, $7 }' "$csv" >"$OUT/.$k.$m.dat"
        [ -s "$OUT/.$k.$m.dat" ] || continue
        case $m in native) t=native ;; sim) t=seshat ;; traced) t="seshat + trace" ;;
                   host) t="seshat, host preset" ;; smpi) t="SMPI" ;; esac
        plot="$plot${plot:+, }\"$OUT/.$k.$m.dat\" using 1:2 with linespoints title \"$t\""
    done
    [ -n "$plot" ] || continue
    gnuplot <<EOP
set terminal pngcairo size 720,420 noenhanced
set output "$OUT/$k.png"
set title "$k: reported time per run"
set xlabel "run"; set ylabel "reported time (s)"; set key outside; set grid
set yrange [0:*]
plot $plot
EOP
    rm -f "$OUT"/.$k.*.dat
done
echo "wrote figures $OUT/*.png"
