#!/usr/bin/env python3
"""cubelib_check.py BINDIR FILE.cubex analysis.json - a seshat CUBE file
read by cubelib's own tools (BINDIR holds cube_dump, cube_info, cube_stat,
cube_sanity, cube_calltree; cubelib 4.x). Each rule named; exit 1 if any
fails, 2 when a tool is missing.

  sanity     cube_sanity: every check passes (names not empty or unknown,
             no anonymous or truncated functions, file names not empty,
             proper line numbers, no negative inclusive or exclusive
             values)
  names      cube_info -l lists exactly the metrics of the anchor, each
             a Scalasca name (cube_check.SCALASCA) or seshat_*
  values     (to the 6 significant digits cubelib's tools print)
             cube_dump (inclusive along the metric and the call tree, the
             root, aggregated over locations) of each Scalasca metric
             seshat fills = analysis.json's total; per location
             (-t all) = its per_rank; per call node (-z excl) = the call
             site's patterns (with their sub-patterns), as cubelib
             computes them, not as the file stores them
  calltree   cube_calltree -c: every analysis.json call site's call path
             (main/f/g/MPI_X) is a path of the tree, and the tree has no
             other MPI leaf
  stat       cube_stat -m time,visits -r main (CSV): main's inclusive
             time summed over locations = analysis.json's rank_time summed,
             its visits = the calls of all call sites; its exclusive time =
             computation; each child of main (an MPI call it makes, a
             function it calls from a line) = the time and calls of the
             JSON call sites below it
"""
import csv
import io
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cube_check  # noqa: E402  (the anchor reader and the name tables)
import rules  # noqa: E402  (tests/tools: the rule printer)

TOOLS = ("cube_dump", "cube_info", "cube_stat", "cube_sanity", "cube_calltree")


def same6(got, want):
    """cube_dump and cube_stat print 6 significant digits (C++'s default):
    got is want as printed, i.e. within half a unit of its 6th digit."""
    if got is None:
        return False
    if want == 0:
        return got == 0
    unit = 10 ** (math.floor(math.log10(abs(want))) - 5)
    return abs(got - want) <= 0.5 * unit * (1 + 1e-9) + 1e-15


def run(bindir, tool, *args):
    p = subprocess.run([os.path.join(bindir, tool)] + list(args), capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


class Checker(rules.Rules):
    def __init__(self, bindir, cubex, jpath):
        self.bin, self.cubex, self.a = bindir, cubex, json.load(open(jpath))
        self.anchor = cube_check.Checker(cubex, quiet=True)
        self.failed = []
        self.tol = 1.5e-9 * max(1, self.a["ranks"])

    def sanity(self):
        rc, out, err = run(self.bin, "cube_sanity", self.cubex)
        bad = [] if rc == 0 else ["exit %d: %s" % (rc, (err or out).strip()[:300])]
        # "  Proper line numbers ... 29 / 29 OK" (with colour codes)
        checks = [re.sub(r"\x1b\[[0-9;]*m", "", l).strip() for l in out.splitlines() if l.strip()]
        for l in checks:
            m = re.search(r"\.\.\. (\d+) / (\d+)\s*(\w+)", l)
            if not m or m.group(1) != m.group(2) or m.group(3) != "OK":
                bad.append("cube_sanity: %s" % l)
        if len(checks) < 8:
            bad.append("cube_sanity ran %d checks, want 8: %r" % (len(checks), out[:300]))
        self.rule("sanity", bad, "cube_sanity: %d checks OK (%s)" % (len(checks), ", ".join(
            re.sub(r" \.\.\. ", " ", l).replace(" OK", "") for l in checks)))

    def names(self):
        rc, out, err = run(self.bin, "cube_info", "-l", self.cubex)
        bad = [] if rc == 0 else ["cube_info -l: exit %d: %s" % (rc, err.strip()[:200])]
        listed = set()
        for line in out.splitlines():
            for tok in line.replace(",", " ").split():
                if tok in self.anchor.metrics:
                    listed.add(tok)
        missing = set(self.anchor.metrics) - listed
        if missing:
            bad.append("cube_info -l does not list %s" % sorted(missing))
        for u in listed:
            if u not in cube_check.SCALASCA and not u.startswith("seshat_"):
                bad.append("metric %s is neither Scalasca's nor seshat_*" % u)
        self.rule("names", bad, "cube_info -l lists the %d metrics, Scalasca's names" % len(listed))

    def dump(self, metrics, *args):
        """cube_dump -s csv2: {(cnode, thread or None): {metric: value}}."""
        rc, out, err = run(self.bin, "cube_dump", "-s", "csv2", "-m", ",".join(metrics), *args, self.cubex)
        if rc:
            raise RuntimeError("cube_dump %s: exit %d: %s" % (" ".join(args), rc, err.strip()[:200]))
        rows = list(csv.reader(io.StringIO(out)))
        head = [h.strip() for h in rows[0]]
        k = 2 if len(head) > 1 and head[1] == "Thread ID" else 1
        res = {}
        for r in rows[1:]:
            if len(r) < len(head):
                continue
            key = (int(r[0]), int(r[1]) if k == 2 else None)
            res[key] = {head[i]: float(r[i]) for i in range(k, len(head))}
        return res

    def values(self):
        bad, a = [], self.a
        same = {p: u for p, u in cube_check.SAME_VALUE.items() if u in self.anchor.metrics}
        ms = sorted(set(same.values()))
        try:
            root = self.dump(ms, "-x", "incl", "-z", "incl", "-t", "aggr", "-c", "roots")
            per_loc = self.dump(ms, "-x", "incl", "-z", "incl", "-c", "roots")
            per_node = self.dump(ms, "-x", "incl", "-z", "excl", "-t", "aggr", "-c", "all")
        except (RuntimeError, IndexError, ValueError) as e:
            self.rule("values", [str(e)], "")
            return
        got = next(iter(root.values())) if len(root) == 1 else {}
        if len(root) != 1:
            bad.append("cube_dump -c roots: %d rows" % len(root))
        for p, u in same.items():
            want = a["patterns"][p]["total"]
            if not same6(got.get(u), want):
                bad.append("%s: cube_dump %r, analysis.json %s.total %.9f" % (u, got.get(u), p, want))
            for (cn, t), v in per_loc.items():
                w = a["patterns"][p]["per_rank"][t] if t is not None and t < len(a["patterns"][p]["per_rank"]) else None
                if w is None or not same6(v[u], w):
                    bad.append("%s on location %s: cube_dump %.9f, analysis.json per_rank %s" % (u, t, v[u], w))
        nodes, checked = self.anchor.by_site(), 0
        want = {}
        for c in a["callsites"]:
            cn = nodes.get(self.anchor.site_key(c))
            if cn is None:
                bad.append("call site %s %s: no call node" % (c["function"], c["location"]))
                continue
            for p, v in c["patterns"].items():
                want.setdefault(cn, {}).setdefault(p, 0.0)
                want[cn][p] += v
        for cn, pats in want.items():
            for p, v in pats.items():
                u = same.get(p)
                if not u:
                    continue
                w = v + sum(x for q, x in pats.items() if q != p and same.get(q) and self.anchor.below(same[q], u))
                g = per_node.get((cn, None), {}).get(u)
                checked += 1
                if not same6(g, w):
                    bad.append("%s at call node %d: cube_dump %s, analysis.json's call site %.9f" % (u, cn, g, w))
        self.rule("values", bad, "cube_dump: %d metrics' totals, per location (%d) and at %d (call node, metric) pairs = analysis.json"
                  % (len(same), a["ranks"], checked))

    def calltree(self):
        rc, out, err = run(self.bin, "cube_calltree", "-c", self.cubex)
        bad = [] if rc == 0 else ["cube_calltree -c: exit %d: %s" % (rc, err.strip()[:200])]
        paths = set()
        for line in out.splitlines():
            tok = line.split()
            if tok and tok[-1].startswith("/"):
                paths.add(tok[-1].lstrip("/"))
        mpi = {p for p in paths if p.rsplit("/", 1)[-1].startswith("MPI_")}
        want = set()
        for c in self.a["callsites"]:
            fn, path = c["function"], [f for f, _ in self.anchor.site_key(c)[3]]
            want.add("/".join(path + [fn]))
        for w in sorted(want - mpi):
            bad.append("call path %s (analysis.json) not in cube_calltree's tree" % w)
        for g in sorted(mpi - want):
            bad.append("cube_calltree's %s is no call site of analysis.json" % g)
        deep = max((p.count("/") for p in mpi), default=0)
        self.rule("calltree", bad, "cube_calltree: %d call paths, %d MPI leaves = analysis.json's call paths, up to %d calls deep"
                  % (len(paths), len(mpi), deep))

    def stat(self):
        rc, out, err = run(self.bin, "cube_stat", "-m", "time,visits", "-r", "main", self.cubex)
        bad = [] if rc == 0 else ["cube_stat: exit %d: %s" % (rc, err.strip()[:200])]
        rows = [[x.strip() for x in r] for r in csv.reader(io.StringIO(out)) if r]
        head = rows[0] if rows else []
        if head[:3] != ["Routine", "time", "visits"]:
            self.rule("stat", ["cube_stat's header %r" % head], "")
            return
        a = self.a
        run_sum, visits = sum(a["rank_time"]), sum(c["visits"] for c in a["callsites"])
        want = {"INCL(main)": (run_sum, visits), "EXCL(main)": (a["patterns"]["computation"]["total"], 0)}
        # main's children: each MPI call main makes, each function it calls
        # (by the line it is called from), with the time and calls below it
        kids = {}
        for c in a["callsites"]:
            path = self.anchor.site_key(c)[3]
            key = (c["function"], c["location"]) if len(path) == 1 else path[1]
            t, v = kids.get(key, (0.0, 0))
            kids[key] = (t + c["time"], v + c["visits"])
        want_kids = sorted((k[0], v) for k, (t, v) in kids.items())
        got_kids = []
        for r in rows[1:]:
            name, t, v = r[0], float(r[1]), int(float(r[2]))
            if name in want:
                if not same6(t, want[name][0]) or v != want[name][1]:
                    bad.append("cube_stat %s: time %s visits %d, analysis.json %.9f %d" % (name, r[1], v, *want[name]))
                want[name] = None
                continue
            got_kids.append((name, v))
            match = [k for k, (wt, wv) in kids.items() if k[0] == name and wv == v and same6(t, wt)]
            if not match:
                bad.append("cube_stat child of main %s: time %s visits %d, not an analysis.json subtree" % (name, r[1], v))
            else:
                del kids[match[0]]
        bad += ["cube_stat has no %s row" % k for k, x in want.items() if x is not None]
        if sorted(got_kids) != want_kids:
            bad.append("main's children: cube_stat %s, analysis.json %s" % (sorted(got_kids), want_kids))
        self.rule("stat", bad, "cube_stat -r main: inclusive %.9f s and %d visits, exclusive (computation) %.9f s, "
                  "%d children = analysis.json" % (run_sum, visits, a["patterns"]["computation"]["total"], len(got_kids)))


def main(argv):
    if len(argv) != 4:
        print(__doc__.splitlines()[0])
        return 2
    missing = [t for t in TOOLS if not os.access(os.path.join(argv[1], t), os.X_OK)]
    if missing:
        print("skipped: cubelib not installed (%s missing in %s)" % (", ".join(missing), argv[1]))
        return 2
    c = Checker(argv[1], argv[2], argv[3])
    c.sanity()
    c.names()
    c.values()
    c.calltree()
    c.stat()
    print("%s: %s" % (argv[2], "rules failed: " + ", ".join(c.failed) if c.failed else "all rules hold"))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
