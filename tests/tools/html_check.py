#!/usr/bin/env python3
"""html_check.py report.html analysis.json [SHOTDIR] - test the report as a
person would, in headless Chromium:

  render     the page's script ran (data-rendered) in Chromium
  text       the text Chromium shows equals analysis.json: run time,
             computation and MPI totals, trace status, message totals, every
             pattern's total, every longest wait, every call site (visits,
             time in MPI, file:line, call path)
  zoom       clicking "show" on the longest wait zooms the timeline onto it
             (the visible range = the wait +- 25%); "zoom in" halves the
             whole run around its middle
  messages   the timeline draws one line per point-to-point message, from
             its send (sender's row) to its receive (receiver's row): the
             lines per sender -> receiver pair = analysis.json's
             matrix_count, each line goes forward in time, and the lines
             stay inside the timeline's zoomable view (svg#tlv)
  text       also: the root-cause table (first ten) and the POP table
             show analysis.json's root_causes and pop
  sort       clicking the "time in MPI" heading sorts the call sites by it
  readable   times are shown in readable units ("3.006 ms", "250 µs"), never
             with nine decimals; each time cell carries its exact seconds in
             data-s (the text rules compare both: data-s to the nanosecond,
             the text to its four digits)
  verdict    the page opens with one line: the POP parallel efficiency and
             the top root cause with its cost, as in analysis.json
  legend     the timeline spans the page's width (no fixed size) and has a
             colour legend naming computation and every call site drawn
  shots      screenshots at two window sizes, each decoded and not blank
             (png_nonblank.py), kept in SHOTDIR if given

The clicks are real DOM clicks run by the page in Chromium: the URL's
#click=ID,ID,... makes the page click those elements in turn once it is
ready (recording the timeline's range after each), and the test reads the
DOM that results (--dump-dom), all in one page load. Exit 2 with one line when there
is no chromium, 1 if a rule fails."""
import json
import re
import os
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
import rules  # tests/tools: the rule printer

HERE = os.path.dirname(os.path.abspath(__file__))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"]
SIZES = [(1280, 1024), (640, 900)]
CLICKS = ["wait-0", "zall", "zin", "sites-col-3"]


UNITS = {"s": 1.0, "ms": 1e-3, "\u00b5s": 1e-6, "ns": 1e-9}


def readable(text):
    """Seconds from "3.006 ms" / "250 \u00b5s" / "0"; None if not that form."""
    parts = text.split()
    try:
        if parts == ["0"]:
            return 0.0
        if len(parts) >= 2 and parts[1] in UNITS and len(parts[0].partition(".")[2]) <= 3:
            return float(parts[0]) * UNITS[parts[1]]
    except ValueError:
        pass
    return None


class Cell(str):
    """A cell's text, with its exact seconds (data-s) when it shows a time."""
    s = None


class Page(HTMLParser):
    """Tables by id (rows of cell texts), elements' text and attributes by id,
    body attributes."""

    def __init__(self, html):
        super().__init__()
        self.tables, self.text, self.body, self.attrs = {}, {}, {}, {}
        self.cell_s = None
        self.msgs = []          # (sender, receiver, x1, x2, inside svg#tlv)
        self.svgs = []
        self.table = self.row = self.cell = None
        self.open_ids = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body":
            self.body = a
        if tag == "svg":
            self.svgs.append(a.get("id"))
        if tag == "line" and "msg" in (a.get("class") or "").split():
            self.msgs.append((a.get("data-s"), a.get("data-d"), a.get("x1"), a.get("x2"), "tlv" in self.svgs))
        if tag == "table" and a.get("id"):
            self.table = self.tables.setdefault(a["id"], [])
        elif tag == "tr" and self.table is not None:
            self.row = []
            self.table.append(self.row)
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
            self.cell_s = a.get("data-s")
        elif tag == "br" and self.cell is not None:
            self.cell.append(" ")
        if a.get("id"):
            self.attrs[a["id"]] = a
        if a.get("id") and tag not in ("table", "br"):
            self.open_ids.append((tag, a["id"]))
            self.text[a["id"]] = ""

    def handle_endtag(self, tag):
        if tag == "svg" and self.svgs:
            self.svgs.pop()
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            c = Cell("".join(self.cell).strip())
            c.s = self.cell_s
            self.row.append(c)
            self.cell = None
        elif tag == "table":
            self.table = self.row = None
        if self.open_ids and self.open_ids[-1][0] == tag:
            self.open_ids.pop()

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        for _, i in self.open_ids:
            self.text[i] += data


def call_path(c):
    """The call path column a JSON call site should have: each caller
    (outermost first) with the line of its call, the calling function,
    the MPI call: "main:233 > collectives:130 > realign > MPI_Wait"."""
    def frame(loc):
        if loc.endswith(")") and " (" in loc:
            where, _, fn = loc.rpartition(" (")
            return fn[:-1], ":" + where.rpartition(":")[2]
        return loc.partition(" in ")[0], ""
    ups = [frame(x) for x in reversed(c.get("callers", "").split(" < ")) if x]
    return ["%s%s" % f for f in ups] + [frame(c["location"])[0], c["function"]]


def chromium():
    for c in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(c)
        if p:
            return p
    return None


def dump(browser, url):
    out = subprocess.run([browser] + FLAGS + ["--dump-dom", url], capture_output=True, text=True, timeout=90)
    return Page(out.stdout)


def close(got, want, tol=1.5e-9):
    """A time cell: its data-s to the nanosecond and its readable text to
    its digits (4 significant: 0.05%); any other cell: the number it shows."""
    try:
        s = getattr(got, "s", None)
        if s is not None:
            r = readable(got)
            return abs(float(s) - float(want)) <= tol + 1e-9 * abs(float(want)) and \
                r is not None and abs(r - float(want)) <= 5e-4 * abs(float(want)) + 1e-12
        return abs(float(got) - float(want)) <= tol + 1e-9 * abs(float(want))
    except ValueError:
        return False


class Checker(rules.Rules):
    def __init__(self, browser, html, jpath):
        self.browser, self.url = browser, "file://" + os.path.abspath(html)
        self.a = json.load(open(jpath))
        self.failed = []
        # one load: the clicks run in turn, the DOM after them is read
        self.page = dump(browser, self.url + "#click=" + ",".join(CLICKS))

    def render(self):
        self.rule("render", [] if self.page.body.get("data-rendered") == "yes" else ["the page's script did not finish"],
                  "the script ran in %s" % os.path.basename(self.browser))

    def summary_text(self, bad):
        a, t = self.a, self.page.text

        def shown(i):   # an element's time: its text before " (", with its data-s
            c = Cell(t.get(i, "x").split(" (")[0])
            c.s = self.page.attrs.get(i, {}).get("data-s")
            return c
        if not close(shown("run-time"), a["run_time"]):
            bad.append("run time shown %r, analysis.json %.9f" % (t.get("run-time"), a["run_time"]))
        for key in ("computation", "mpi"):
            if not close(shown(key), a["patterns"][key]["total"]):
                bad.append("%s shown %r, analysis.json %.9f" % (key, t.get(key), a["patterns"][key]["total"]))
        want = "%d messages, %d bytes" % (a["messages"]["count"], a["messages"]["bytes"])
        if t.get("messages") != want:
            bad.append("messages shown %r, want %r" % (t.get("messages"), want))
        status = "Trace: complete" if a["complete"] else "Trace: NOT complete"
        if not t.get("status", "").startswith(status):
            bad.append("status shown %r, want %r" % (t.get("status"), status))

    def tables_text(self, bad):
        a, tab = self.a, self.page.tables
        rows = {r[0].strip(): r for r in tab.get("patterns", [])[1:]}
        for name, p in a["patterns"].items():
            r = rows.get(p["display"])
            if not r or not close(r[1], p["total"]):
                bad.append("pattern %s: row %s, analysis.json total %.9f" % (name, r, p["total"]))
        waits = tab.get("waits", [])[1:]
        if len(waits) != len(a.get("top_waits", [])) and a.get("top_waits"):
            bad.append("%d longest waits shown, analysis.json has %d" % (len(waits), len(a["top_waits"])))
        for r, w in zip(waits, a.get("top_waits", [])):
            if int(r[1]) != w["rank"] or not close(r[2], w["seconds"]) or int(r[5]) != w["cause_rank"]:
                bad.append("wait row %s, analysis.json %s" % (r, w))
        sites = tab.get("sites", [])[1:]
        if len(sites) != len(a["callsites"]):
            bad.append("%d call sites shown, analysis.json has %d" % (len(sites), len(a["callsites"])))
        shown = {(" ".join(r[0].split()), r[1]): r for r in sites}
        for c in a["callsites"]:
            where = c["location"].split(" (")[0]
            path = " \u203a ".join(call_path(c))
            r = shown.get((path, where))
            if not r or int(r[2]) != c["visits"] or not close(r[3], c["time"]):
                bad.append("call site %s %s: row %s, analysis.json visits %d time %.9f" % (path, where, r, c["visits"], c["time"]))

    def causes_text(self, bad):
        """The root-cause table and the POP table show analysis.json's."""
        a, tab = self.a, self.page.tables
        rows = tab.get("root-cause-table", [])[1:]
        want = (a.get("root_causes") or [])[:10]
        if len(rows) != len(want):
            bad.append("%d root causes shown, analysis.json has %d (first 10)" % (len(rows), len(want)))
        for r, c in zip(rows, want):
            if int(r[0]) != c["rank"] or r[1] != c["kind"] or not close(r[3], c["cost"]) \
                    or not close(r[4], c["direct"]) or not close(r[5], c["propagated"]):
                bad.append("root cause row %s, analysis.json %s" % (r, c))
        pop = a.get("pop") or {}   # null: no computation, every row says so
        for key, cell in (("parallel_efficiency", "pop-parallel"), ("load_balance", "pop-load-balance"),
                          ("communication_efficiency", "pop-communication"),
                          ("serialization_efficiency", "pop-serialization"),
                          ("transfer_efficiency", "pop-transfer")):
            shown, v = self.page.text.get(cell), pop.get(key)
            if shown is None or (v is None) != shown.startswith("(--pop") or \
                    (v is not None and abs(float(shown) - v) > 5e-5):
                bad.append("POP %s shown %r, analysis.json %r" % (key, shown, v))

    def text(self):
        bad = []
        self.summary_text(bad)
        self.tables_text(bad)
        self.causes_text(bad)
        self.rule("text", bad, "summary, %d patterns, %d longest waits, %d call sites = analysis.json"
                  % (len(self.a["patterns"]), len(self.a.get("top_waits", [])), len(self.a["callsites"])))

    def zoom(self):
        bad, a = [], self.a
        run = round(a["run_time"] * 1e9)
        views = [[int(x) for x in v.split()] for v in self.page.body.get("data-views", "").split("|")]
        if len(views) != len(CLICKS) or any(len(v) != 2 for v in views):
            bad.append("timeline ranges after the clicks: %r" % self.page.body.get("data-views"))
            self.rule("zoom", bad, "")
            return
        if a.get("top_waits"):
            w = a["top_waits"][0]
            f, t = w["from"] * 1e9, w["to"] * 1e9
            pad = max((t - f) * 0.25, 1000)
            want = (max(0, f - pad), min(run, t + pad))
            if abs(views[0][0] - want[0]) > 2 or abs(views[0][1] - want[1]) > 2:
                bad.append("after clicking wait 1's show: %s, want %.0f %.0f" % (views[0], *want))
        if views[1] != [0, run]:
            bad.append("after whole run: %s, want 0 %d" % (views[1], run))
        if abs(views[2][0] - run / 4) > 1 or abs(views[2][1] - run * 3 / 4) > 1:
            bad.append("after zoom in: %s, want %.0f %.0f" % (views[2], run / 4, run * 3 / 4))
        self.rule("zoom", bad, "wait 1's link shows %s ns, whole run, zoom in %s ns" % (views[0], views[2]))

    def messages(self):
        bad, a = [], self.a
        n = a["nranks"] if "nranks" in a else len(a["messages"]["matrix_count"])
        want = a["messages"]["matrix_count"]
        got = [[0] * n for _ in range(n)]
        for s, d, x1, x2, inside in self.page.msgs:
            try:
                got[int(s)][int(d)] += 1
                if float(x2) < float(x1):
                    bad.append("message line %s -> %s goes back in time: x1 %s x2 %s" % (s, d, x1, x2))
            except (TypeError, ValueError, IndexError):
                bad.append("message line with data-s %r data-d %r x1 %r x2 %r" % (s, d, x1, x2))
            if not inside:
                bad.append("message line %s -> %s outside the zoomable timeline" % (s, d))
        for i in range(n):
            for j in range(n):
                if got[i][j] != want[i][j]:
                    bad.append("%d message lines %d -> %d, analysis.json matrix_count %d" % (got[i][j], i, j, want[i][j]))
        self.rule("messages", bad, "%d message lines = analysis.json's %d messages, pair by pair"
                  % (len(self.page.msgs), a["messages"]["count"]))

    def sort(self):
        times = [float(r[3].s if r[3].s is not None else readable(r[3]) if readable(r[3]) is not None else r[3]) for r in self.page.tables.get("sites", [])[1:]]
        bad = [] if times == sorted(times, reverse=True) else ["time column after the click: %s" % times[:6]]
        if self.page.body.get("data-sorted") != "3 up":
            bad.append("data-sorted = %r" % self.page.body.get("data-sorted"))
        self.rule("sort", bad, "%d call sites sorted by time in MPI, largest first" % len(times))

    def readable(self):

        bad, n = [], 0
        nine = re.compile(r"\d\.\d{9}")
        for tid, rows in self.page.tables.items():
            for row in rows:
                for c in row:
                    if nine.search(c):
                        bad.append("table %s: %r has nine decimals" % (tid, c))
                    if c.s is not None:
                        n += 1
                        if readable(c) is None:
                            bad.append("table %s: %r is not a readable time" % (tid, c))
        for i in ("verdict", "root-cause-words", "tlrange", "tlaxis"):
            if nine.search(self.page.text.get(i, "")):
                bad.append("%s: %r has nine decimals" % (i, self.page.text.get(i)))
        self.rule("readable", bad[:10], "%d time cells in s, ms, \u00b5s or ns, none with nine decimals" % n)

    def verdict(self):
        a, bad = self.a, []
        v = " ".join(self.page.text.get("verdict", "").split())
        pop = a.get("pop") or {}
        if not v.startswith("Verdict:"):
            bad.append("no verdict line: %r" % v)
        if pop.get("parallel_efficiency") is not None and \
                "parallel efficiency %.1f%%" % (100 * pop["parallel_efficiency"]) not in v:
            bad.append("verdict %r lacks parallel efficiency %.1f%%" % (v, 100 * pop["parallel_efficiency"]))
        causes = a.get("root_causes") or []
        if causes:
            c = causes[0]
            cost = re.search(r"([\d.]+ (?:s|ms|\u00b5s|ns)|0) of waiting caused", v)
            r = readable(cost.group(1)) if cost else None
            if "rank %d's" % c["rank"] not in v or r is None or abs(r - c["cost"]) > 5e-4 * c["cost"]:
                bad.append("verdict %r, top root cause %s" % (v, c))
        body = list(self.page.text)
        first = body.index("verdict") if "verdict" in body else -1
        if first != 0:
            bad.append("the verdict is element %d with an id, not the first" % first)
        self.rule("verdict", bad, "the page opens with %r" % v[:90])

    def legend(self):
        bad = []
        w = self.page.attrs.get("tlv", {}).get("width")
        if w != "100%":
            bad.append("the timeline's width is %r, not the page's" % w)
        leg = " ".join(self.page.text.get("tllegend", "").split())
        if "computation" not in leg:
            bad.append("legend %r does not name computation" % leg)
        for c in self.a["callsites"][:20]:
            if c["function"] not in leg:
                bad.append("legend lacks %s" % c["function"])
        self.rule("legend", bad[:10], "timeline width 100%%, legend of %d entries" % leg.count(" at ") )

    def shots(self, outdir):
        bad, sizes = [], []
        for w, h in SIZES:
            png = os.path.join(outdir, "report-%dx%d.png" % (w, h))
            subprocess.run([self.browser] + FLAGS + ["--window-size=%d,%d" % (w, h), "--screenshot=" + png, self.url],
                           capture_output=True, timeout=90)
            r = subprocess.run([sys.executable, os.path.join(HERE, "png_nonblank.py"), png, "20"], capture_output=True, text=True)
            if r.returncode:
                bad.append("%s: %s" % (png, r.stdout.strip()))
            else:
                sizes.append("%dx%d" % (w, h))
        self.rule("shots", bad, "screenshots at %s, not blank" % " and ".join(sizes))


def main(argv):
    if len(argv) < 3:
        print("usage: html_check.py report.html analysis.json [SHOTDIR]")
        return 2
    browser = chromium()
    if not browser:
        print("skip: no chromium (tools/install-deps.sh installs it)")
        return 2
    c = Checker(browser, argv[1], argv[2])
    c.render()
    c.text()
    c.zoom()
    c.messages()
    c.sort()
    c.readable()
    c.verdict()
    c.legend()
    outdir = argv[3] if len(argv) > 3 else tempfile.mkdtemp()
    os.makedirs(outdir, exist_ok=True)
    c.shots(outdir)
    if len(argv) <= 3:
        shutil.rmtree(outdir, ignore_errors=True)
    print("%s: %s" % (argv[1], "rules failed: " + ", ".join(c.failed) if c.failed else "all rules hold"))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
