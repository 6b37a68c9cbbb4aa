#!/bin/bash
# docs_shots.sh REPORT.html OUTDIR - the screenshots of docs/analysis-outputs.md:
# each view of the report alone (#view=SECTION), in headless Chromium, at
# 1000 px wide, and the heat map and timeline again at 640 px; each PNG is
# checked not blank. Regenerate after changing html_writer.c:
#   build/bin/seshat-run --set simulator.clock=none --trace /tmp/sc -np 4 -- build/tests/mpi/an_scenarios all
#   build/bin/seshat-analyze --quiet --counterfactuals /tmp/sc && tests/tools/docs_shots.sh /tmp/sc/report.html docs/img
html=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$chrome" ] || { echo "docs_shots: no chromium (tools/install-deps.sh installs it)"; exit 2; }
[ -s "$html" ] || { echo "docs_shots: $html missing or empty"; exit 1; }
mkdir -p "$out" || exit 1
url="file://$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars)
rc=0
# name width height hash
while read -r name w h hash; do
    png="$out/report-$name.png"
    rm -f "$png"
    timeout 90 "$chrome" "${flags[@]}" --window-size="$w,$h" --screenshot="$png" "$url#$hash" >/dev/null 2>&1
    if python3 "$here/png_nonblank.py" "$png" 20 >/dev/null; then
        echo "$png: $(stat -c %s "$png") bytes"
    else echo "docs_shots: $png is blank or missing"; rc=1; fi
done <<'LIST'
top 1000 760 top
summary 1000 330 view=summary
waits 1000 520 view=waits-by-rank
waits-narrow 640 900 view=waits-by-rank
matrix 1000 330 view=matrix
sizes 1000 300 view=sizes
longest-waits 1000 560 view=longest-waits
timeline 1200 330 view=timeline
timeline-zoomed 1200 330 view=timeline&click=wait-0
timeline-narrow 640 420 view=timeline
callsites 1200 640 view=callsites&click=sites-col-3
LIST
exit $rc
