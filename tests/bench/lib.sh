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
