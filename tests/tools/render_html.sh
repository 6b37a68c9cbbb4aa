#!/bin/bash
# render_html.sh FILE.html OUT.png - render a page in headless Chromium:
# the DOM must show the page's rendered marker (its script ran without an
# error before it), the screenshot must exist and not be blank.
html=$1 png=$2
here=$(cd "$(dirname "$0")" && pwd)
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$chrome" ] || { echo "render_html: no chromium (apt-get install chromium)"; exit 2; }
[ -s "$html" ] || { echo "render_html: $html missing or empty"; exit 1; }
url="file://$(cd "$(dirname "$html")" && pwd)/$(basename "$html")"
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars)
dom=$(timeout 60 "$chrome" "${flags[@]}" --dump-dom "$url" 2>/dev/null)
grep -q "data-rendered=\"yes\"" <<<"$dom" || { echo "render_html: $html: the page's script did not finish"; exit 1; }
rm -f "$png"
timeout 60 "$chrome" "${flags[@]}" --window-size=1200,1600 --screenshot="$png" "$url" >/dev/null 2>&1
python3 "$here/png_nonblank.py" "$png" 20
