#!/usr/bin/env python3
"""cube_check.py FILE.cubex [analysis.json] - check a seshat CUBE4 file
against what Scalasca 2.x users and cubelib's tools expect. Each rule is
checked on its own and named in the output; exit 1 if any fails.

  names      every metric's uniq_name is unique and is one of Scalasca's
             (the metric tree of a Scalasca 2.6 trace analysis after its
             remapping, share/scout.spec), with Scalasca's display name and
             unit; seshat's own additions are named seshat_*
  hierarchy  every Scalasca metric sits under the same parent as in
             Scalasca (a root where Scalasca has a root), and the metrics
             seshat computes are all there
  regions    every region names its source file (mod) and lines: a user
             function begin >= 1 and end >= begin; an MPI function its
             library "MPI" (begin/end 0: the library has no lines); 0 0
             only with the descr "no line information"; never -1 or an
             empty file (what cube_sanity flags)
  calltree   a real call tree: one root; MPI calls are leaves under the
             user function that called them (in that function's file),
             each with its call site (mod, line >= 0); a user function
             under another carries its call site too, in its caller's file
             (the trace's call paths; a function whose caller the unwind
             did not reach hangs under the root without one, -1 left out
             as cubew does); no two siblings with the same region and call
             site
  values     with analysis.json: each Scalasca metric's sum over call
             nodes and locations (values are inclusive of sub-metrics, as
             CUBE stores them) equals the analyzer's figure, to 1 ns/rank;
             so do its sum per location (per_rank) and its value at each
             MPI call node (callsites[].patterns, matched by call, file,
             line and the whole call path: callers, then the calling
             function)

Standard library only (no cubelib)."""
import json
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET

# uniq_name: (parent, disp_name, uom) - Scalasca 2.6 share/scout.spec.in
# (the remapped trace analysis report) for the metrics of MPI programs.
SCALASCA = {
    "time": (None, "Time", "sec"),
    "execution": ("time", "Execution", "sec"),
    "comp": ("execution", "Computation", "sec"),
    "mpi": ("execution", "MPI", "sec"),
    "mpi_management": ("mpi", "Management", "sec"),
    "mpi_init_exit": ("mpi_management", "Init/Finalize", "sec"),
    "mpi_init_completion": ("mpi_init_exit", "Initialization Completion", "sec"),
    "mpi_finalize_wait": ("mpi_init_exit", "Wait at Finalize", "sec"),
    "mpi_mgmt_comm": ("mpi_management", "Communicator", "sec"),
    "mpi_mgmt_file": ("mpi_management", "File", "sec"),
    "mpi_mgmt_win": ("mpi_management", "Window", "sec"),
    "mpi_synchronization": ("mpi", "Synchronization", "sec"),
    "mpi_sync_collective": ("mpi_synchronization", "Collective", "sec"),
    "mpi_barrier_wait": ("mpi_sync_collective", "Wait at Barrier", "sec"),
    "mpi_barrier_completion": ("mpi_sync_collective", "Barrier Completion", "sec"),
    "mpi_rma_synchronization": ("mpi_synchronization", "One-sided", "sec"),
    "mpi_rma_sync_active": ("mpi_rma_synchronization", "Active Target", "sec"),
    "mpi_rma_wait_at_fence": ("mpi_rma_sync_active", "Wait at Fence", "sec"),
    "mpi_rma_early_fence": ("mpi_rma_wait_at_fence", "Early Fence", "sec"),
    "mpi_rma_sync_late_post": ("mpi_rma_sync_active", "Late Post", "sec"),
    "mpi_rma_early_wait": ("mpi_rma_sync_active", "Early Wait", "sec"),
    "mpi_rma_late_complete": ("mpi_rma_early_wait", "Late Complete", "sec"),
    "mpi_rma_sync_passive": ("mpi_rma_synchronization", "Passive Target", "sec"),
    "mpi_rma_sync_lock_competition": ("mpi_rma_sync_passive", "Lock Contention", "sec"),
    "mpi_communication": ("mpi", "Communication", "sec"),
    "mpi_point2point": ("mpi_communication", "Point-to-point", "sec"),
    "mpi_latesender": ("mpi_point2point", "Late Sender", "sec"),
    "mpi_latesender_wo": ("mpi_latesender", "Messages in Wrong Order", "sec"),
    "mpi_lswo_different": ("mpi_latesender_wo", "From different sources", "sec"),
    "mpi_lswo_same": ("mpi_latesender_wo", "From same source", "sec"),
    "mpi_latereceiver": ("mpi_point2point", "Late Receiver", "sec"),
    "mpi_collective": ("mpi_communication", "Collective", "sec"),
    "mpi_earlyreduce": ("mpi_collective", "Early Reduce", "sec"),
    "mpi_earlyscan": ("mpi_collective", "Early Scan", "sec"),
    "mpi_latebroadcast": ("mpi_collective", "Late Broadcast", "sec"),
    "mpi_wait_nxn": ("mpi_collective", "Wait at N x N", "sec"),
    "mpi_nxn_completion": ("mpi_collective", "N x N Completion", "sec"),
    "mpi_rma_communication": ("mpi_communication", "One-sided", "sec"),
    "mpi_rma_comm_lock_competition": ("mpi_rma_communication", "Lock Contention", "sec"),
    "mpi_io": ("mpi", "File I/O", "sec"),
    "mpi_io_collective": ("mpi_io", "Collective", "sec"),
    "overhead": ("time", "Overhead", "sec"),
    "visits": (None, "Visits", "occ"),
    "syncs": (None, "MPI synchronizations", "occ"),
    "comms": (None, "MPI communications", "occ"),
    "comms_p2p": ("comms", "Point-to-point", "occ"),
    "comms_send": ("comms_p2p", "Sends", "occ"),
    "comms_recv": ("comms_p2p", "Receives", "occ"),
    "comms_coll": ("comms", "Collective", "occ"),
    "bytes": (None, "MPI bytes transferred", "bytes"),
    "bytes_p2p": ("bytes", "Point-to-point", "bytes"),
    "bytes_sent": ("bytes_p2p", "Sent", "bytes"),
    "bytes_rcvd": ("bytes_p2p", "Received", "bytes"),
    "bytes_coll": ("bytes", "Collective", "bytes"),
    "bytes_cout": ("bytes_coll", "Outgoing", "bytes"),
    "bytes_cin": ("bytes_coll", "Incoming", "bytes"),
    "critical_path": (None, "Critical path", "sec"),
    "critical_path_imbalance": ("critical_path", "Imbalance", "sec"),
    "performance_impact": (None, "Performance impact", "sec"),
    # delay costs (the remapped report's "delay" tree; delay_n21* from
    # scout's own pattern list, which has Early Reduce delays too)
    "delay": (None, "Delay costs", "sec"),
    "delay_mpi": ("delay", "MPI", "sec"),
    "delay_p2p": ("delay_mpi", "Point-to-point", "sec"),
    "delay_latesender_aggregate": ("delay_p2p", "Late Sender", "sec"),
    "delay_latesender": ("delay_latesender_aggregate", "Short-term", "sec"),
    "delay_latesender_longterm": ("delay_latesender_aggregate", "Long-term", "sec"),
    "delay_latereceiver_aggregate": ("delay_p2p", "Late Receiver", "sec"),
    "delay_latereceiver": ("delay_latereceiver_aggregate", "Short-term", "sec"),
    "delay_latereceiver_longterm": ("delay_latereceiver_aggregate", "Long-term", "sec"),
    "delay_collective": ("delay_mpi", "Collective", "sec"),
    "delay_barrier_aggregate": ("delay_collective", "Wait at Barrier", "sec"),
    "delay_barrier": ("delay_barrier_aggregate", "Short-term", "sec"),
    "delay_barrier_longterm": ("delay_barrier_aggregate", "Long-term", "sec"),
    "delay_n2n_aggregate": ("delay_collective", "Wait at N x N", "sec"),
    "delay_n2n": ("delay_n2n_aggregate", "Short-term", "sec"),
    "delay_n2n_longterm": ("delay_n2n_aggregate", "Long-term", "sec"),
    "delay_12n_aggregate": ("delay_collective", "Late Broadcast", "sec"),
    "delay_12n": ("delay_12n_aggregate", "Short-term", "sec"),
    "delay_12n_longterm": ("delay_12n_aggregate", "Long-term", "sec"),
    "delay_n21_aggregate": ("delay_collective", "Early Reduce", "sec"),
    "delay_n21": ("delay_n21_aggregate", "Short-term", "sec"),
    "delay_n21_longterm": ("delay_n21_aggregate", "Long-term", "sec"),
    "imbalance": (None, "Computational imbalance", "sec"),
}

# What seshat computes, so a seshat file must have it.
REQUIRED = [
    "time", "execution", "comp", "mpi", "mpi_management", "mpi_init_exit",
    "mpi_synchronization", "mpi_sync_collective", "mpi_barrier_wait", "mpi_barrier_completion",
    "mpi_communication", "mpi_point2point", "mpi_latesender", "mpi_latesender_wo",
    "mpi_lswo_different", "mpi_lswo_same", "mpi_latereceiver", "mpi_collective",
    "mpi_earlyreduce", "mpi_earlyscan", "mpi_latebroadcast", "mpi_wait_nxn", "mpi_nxn_completion",
    "mpi_rma_synchronization", "mpi_rma_sync_active", "mpi_rma_wait_at_fence",
    "mpi_rma_early_fence", "mpi_rma_sync_late_post", "mpi_rma_early_wait", "mpi_rma_late_complete",
    "mpi_rma_sync_passive", "mpi_rma_sync_lock_competition", "mpi_rma_communication",
    "mpi_rma_comm_lock_competition",
    "mpi_io", "mpi_io_collective", "visits", "bytes", "bytes_p2p", "bytes_sent", "bytes_rcvd", "critical_path",
    "critical_path_imbalance", "delay", "delay_mpi", "delay_p2p", "delay_latesender_aggregate",
    "delay_latesender", "delay_latesender_longterm", "delay_latereceiver_aggregate",
    "delay_latereceiver", "delay_latereceiver_longterm", "delay_collective",
    "delay_barrier_aggregate", "delay_n2n_aggregate", "delay_12n_aggregate", "delay_n21_aggregate",
]

# analysis.json pattern (its inclusive `total`) -> the Scalasca metric with
# the same inclusive value.
SAME_VALUE = {
    "time": "time", "computation": "comp", "mpi": "mpi", "p2p": "mpi_point2point",
    "late_sender": "mpi_latesender", "late_sender_wrong_order": "mpi_latesender_wo",
    "late_sender_wrong_order_same_source": "mpi_lswo_same",
    "late_sender_wrong_order_different_sources": "mpi_lswo_different",
    "late_receiver": "mpi_latereceiver", "wait_barrier": "mpi_barrier_wait",
    "barrier_completion": "mpi_barrier_completion", "wait_nxn": "mpi_wait_nxn",
    "nxn_completion": "mpi_nxn_completion", "early_reduce": "mpi_earlyreduce",
    "early_scan": "mpi_earlyscan", "late_broadcast": "mpi_latebroadcast",
    "rma_wait_at_fence": "mpi_rma_wait_at_fence", "rma_early_fence": "mpi_rma_early_fence",
    "rma_sync_late_post": "mpi_rma_sync_late_post", "rma_early_wait": "mpi_rma_early_wait",
    "rma_late_complete": "mpi_rma_late_complete",
    "rma_sync_lock_competition": "mpi_rma_sync_lock_competition",
    "rma_comm_lock_competition": "mpi_rma_comm_lock_competition",
    "mpi_io": "mpi_io",
    "mpi_io_collective": "mpi_io_collective",
}

SIZES = {"DOUBLE": 8, "UINT64": 8, "INT64": 8, "FLOAT": 4, "INT32": 4, "UINT32": 4}
FMT = {"DOUBLE": "d", "UINT64": "Q", "INT64": "q", "FLOAT": "f", "INT32": "i", "UINT32": "I"}


class Checker:
    def __init__(self, path, quiet=False):
        self.path, self.failed, self.quiet = path, [], quiet
        self.tar = tarfile.open(path)
        self.root = ET.fromstring(self.tar.extractfile("anchor.xml").read())
        self.metrics = {}   # uniq_name -> (element, parent uniq_name or None)
        self.dups = []
        for m in self.root.find("metrics").findall("metric"):
            self._metric(m, None)
        self.regions = {r.get("id"): r for r in self.root.iter("region")}
        self.nloc = len(self.root.findall(".//system//location"))

    def _metric(self, m, parent):
        u = m.findtext("uniq_name")
        if u in self.metrics:
            self.dups.append(u)
        self.metrics[u] = (m, parent)
        for c in m.findall("metric"):
            self._metric(c, u)

    def rule(self, name, problems, ok_text):
        if problems:
            self.failed.append("%s (%s)" % (name, problems[0]) if self.quiet else name)
            if self.quiet:
                return
            for p in problems[:12]:
                print("FAIL %s: %s" % (name, p))
            if len(problems) > 12:
                print("FAIL %s: ... %d more" % (name, len(problems) - 12))
        elif not self.quiet:
            print("ok   %s: %s" % (name, ok_text))

    def check(self, jpath=None):
        """Every rule; the failed ones (with the first problem if quiet)."""
        self.names()
        self.hierarchy()
        self.region_rule()
        self.calltree()
        if jpath:
            self.values(jpath)
        return self.failed

    def names(self):
        bad = ["uniq_name %s appears twice" % u for u in self.dups]
        for u, (m, _) in self.metrics.items():
            if u.startswith("seshat_"):
                continue
            if u not in SCALASCA:
                bad.append("metric %r is not a Scalasca metric name (nor seshat_*)" % u)
                continue
            _, disp, uom = SCALASCA[u]
            if m.findtext("disp_name") != disp:
                bad.append("%s: disp_name %r, Scalasca's is %r" % (u, m.findtext("disp_name"), disp))
            if m.findtext("uom") != uom:
                bad.append("%s: uom %r, Scalasca's is %r" % (u, m.findtext("uom"), uom))
        er = self.metrics.get("mpi_earlyreduce")
        if er is not None and "first" in (er[0].findtext("descr") or ""):
            bad.append("mpi_earlyreduce: the description says 'first'; the wait is for the latest sender")
        self.rule("names", bad, "%d metrics, all Scalasca names or seshat_*" % len(self.metrics))

    def hierarchy(self):
        bad = ["metric %s missing" % u for u in REQUIRED if u not in self.metrics]
        for u, (_, parent) in self.metrics.items():
            if u in SCALASCA and SCALASCA[u][0] != parent:
                bad.append("%s is under %s, Scalasca puts it under %s" % (u, parent or "(root)", SCALASCA[u][0] or "(root)"))
            if u.startswith("seshat_") and parent is not None and not (parent in self.metrics):
                bad.append("%s is under unknown %s" % (u, parent))
        self.rule("hierarchy", bad, "every metric under its Scalasca parent, the %d seshat computes present" % len(REQUIRED))

    def region_rule(self):
        bad = []
        for rid, r in self.regions.items():
            name, mod = r.findtext("name") or "", r.get("mod", "")
            b, e = int(r.get("begin", "-1")), int(r.get("end", "-1"))
            if not name:
                bad.append("region %s has no name" % rid)
            if not mod:
                bad.append("region %s (%s): empty file (mod)" % (rid, name))
            if (r.findtext("paradigm") or "") == "mpi":
                if mod != "MPI" or b != 0 or e != 0:
                    bad.append("MPI region %s (%s): mod=%r begin=%d end=%d, want MPI 0 0" % (rid, name, mod, b, e))
            elif (b, e) == (0, 0) and r.findtext("descr") == "no line information":
                pass   # a module built without -g, or main when it calls no MPI itself
            elif b < 1 or e < b:
                bad.append("region %s (%s, %s): begin %d end %d" % (rid, name, mod, b, e))
        self.rule("regions", bad, "%d regions, each with its file and lines" % len(self.regions))

    def calltree(self):
        bad, nodes, deepest = [], 0, [0]
        roots = self.root.find("program").findall("cnode")
        if len(roots) != 1:
            bad.append("%d root call nodes, want 1" % len(roots))

        def walk(c, depth, caller):
            nonlocal nodes
            nodes += 1
            deepest[0] = max(deepest[0], depth)
            r = self.regions.get(c.get("calleeId"))
            if r is None:
                bad.append("cnode %s calls undefined region %s" % (c.get("id"), c.get("calleeId")))
                return
            kids = c.findall("cnode")
            mpi = (r.findtext("paradigm") or "") == "mpi"
            if mpi and kids:
                bad.append("cnode %s (%s) is an MPI call with callees" % (c.get("id"), r.findtext("name")))
            if mpi and (caller is None or caller.findtext("paradigm") != "user"):
                bad.append("cnode %s (%s) is not under the user function that called it" % (c.get("id"), r.findtext("name")))
            elif caller is not None and int(c.get("line", "0")) > 0 and c.get("mod") != caller.get("mod"):
                bad.append("cnode %s (%s): called from %s, its caller %s is in %s" % (c.get("id"), r.findtext("name"), c.get("mod"), caller.findtext("name"), caller.get("mod")))
            if mpi and (not c.get("mod") or int(c.get("line", "-1")) < 0):
                bad.append("cnode %s (%s): call site mod=%r line=%s" % (c.get("id"), r.findtext("name"), c.get("mod"), c.get("line")))
            seen = set()
            for k in kids:
                key = (k.get("calleeId"), k.get("mod"), k.get("line"))
                if key in seen:
                    bad.append("cnode %s: two children call region %s from the same site %s:%s" % (c.get("id"), key[0], key[1], key[2]))
                seen.add(key)
                walk(k, depth + 1, r)
        for c in roots:
            walk(c, 0, None)
        self.rule("calltree", bad, "%d call nodes in a tree %d deep: program > functions > MPI calls" % (nodes, deepest[0]))

    def table(self, u):
        """Metric u's values: {call node id: [value per location]}."""
        m = self.metrics[u][0]
        mid, dtype = m.get("id"), m.findtext("dtype")
        idx = self.tar.extractfile("%s.index" % mid).read()
        n = struct.unpack("<i", idx[18:22])[0]
        ids = struct.unpack("<%di" % n, idx[22:22 + 4 * n])
        vals = struct.unpack("<%d%s" % (n * self.nloc, FMT[dtype]), self.tar.extractfile("%s.data" % mid).read()[10:])
        return {c: vals[k * self.nloc:(k + 1) * self.nloc] for k, c in enumerate(ids)}

    def sums(self):
        return {u: sum(sum(v) for v in self.table(u).values()) for u in self.metrics}

    def by_site(self):
        """(MPI function, file, line, the user functions from the root, each
        (name, line called from)) -> call node id."""
        out = {}

        def walk(c, path):
            r = self.regions[c.get("calleeId")]
            if r.findtext("paradigm") == "mpi":
                out[(r.findtext("name"), c.get("mod"), c.get("line"), path)] = int(c.get("id"))
            for k in c.findall("cnode"):
                walk(k, path + ((r.findtext("name"), c.get("line")),))
        for c in self.root.find("program").findall("cnode"):
            walk(c, ())
        return out

    @staticmethod
    def frame(loc):
        """(function, file, line) of "file:line (fn)" or "fn in module+0xOFF"."""
        if loc.endswith(")") and " (" in loc:
            where, _, fn = loc.rpartition(" (")
            f, _, line = where.rpartition(":")
            return fn[:-1], f, line
        fn, _, mod = loc.partition(" in ")
        return fn, mod.split("+0x")[0], "0"

    def site_key(self, c):
        """A JSON call site's key in by_site: its callers (outermost first)
        and calling function, from main; a path that does not reach main
        hangs under the root."""
        frames = [self.frame(x) for x in reversed(c.get("callers", "").split(" < ")) if x]
        frames.append(self.frame(c["location"]))
        path, up = [], None   # up: the line the next function is called from
        if frames[0][0] not in ("main", "MAIN__"):
            path.append(("main", None))
        for fn, f, line in frames:
            path.append(("main" if fn in ("main", "MAIN__") else fn, up))
            up = line
        return (c["function"], frames[-1][1], frames[-1][2], tuple(path))

    def per_rank_and_site(self, a, tol, bad):
        """Each pattern per rank (over call nodes) and per call site (over
        ranks) = analysis.json's per_rank and callsites[].patterns."""
        nodes, tables = self.by_site(), {}
        for pat, u in SAME_VALUE.items():
            if u not in self.metrics:
                continue
            t = tables[u] = self.table(u)
            for r, want in enumerate(a["patterns"][pat]["per_rank"]):
                got = sum(v[r] for v in t.values())
                if abs(got - want) > tol:
                    bad.append("%s on rank %d = %.9f, analysis.json per_rank %.9f" % (u, r, got, want))
        want = {}   # call node -> pattern -> seconds, merged sites added up
        for c in a["callsites"]:
            key = self.site_key(c)
            if key not in nodes:
                bad.append("call site %s %s: no call node" % (c["function"], c["location"]))
                continue
            for pat, v in c["patterns"].items():
                want.setdefault(nodes[key], {}).setdefault(pat, 0.0)
                want[nodes[key]][pat] += v
        for cn, pats in want.items():
            for pat, v in pats.items():
                u = SAME_VALUE.get(pat)
                if u in tables:
                    # the JSON per call site is exclusive: add the sub-patterns
                    w = v + sum(x for p, x in pats.items() if p != pat and SAME_VALUE.get(p) and
                                self.below(SAME_VALUE[p], u))
                    got = sum(tables[u].get(cn, ()))
                    if abs(got - w) > tol:
                        bad.append("%s at call node %d = %.9f, analysis.json's call site %.9f" % (u, cn, got, w))

    def below(self, u, top):
        p = self.metrics.get(u, (None, None))[1]
        while p:
            if p == top:
                return True
            p = self.metrics[p][1]
        return False

    def values(self, jpath):
        a = json.load(open(jpath))
        s, bad = self.sums(), []
        tol = 1.5e-9 * max(1, a["ranks"])
        for pat, u in SAME_VALUE.items():
            want = a["patterns"][pat]["total"]
            if u in s and abs(s[u] - want) > tol + 1e-12 * abs(want):
                bad.append("%s = %.9f, analysis.json %s.total = %.9f" % (u, s[u], pat, want))
        coll = a["patterns"]["collective"]["total"]
        got = s.get("mpi_collective", 0) + s.get("mpi_sync_collective", 0)
        if abs(got - coll) > tol:
            bad.append("mpi_collective + mpi_sync_collective = %.9f, analysis.json collective.total = %.9f" % (got, coll))
        if "bytes_sent" in s and s["bytes_sent"] != a["messages"]["bytes"]:
            bad.append("bytes_sent = %d, analysis.json messages.bytes = %d" % (s["bytes_sent"], a["messages"]["bytes"]))
        self.per_rank_and_site(a, tol, bad)
        cp = a.get("critical_path") or {}
        for u, key in (("critical_path", "per_callsite"), ("critical_path_imbalance", "imbalance_per_callsite")):
            if key in cp and u in s and abs(s[u] - sum(cp[key])) > tol * len(cp[key]):
                bad.append("%s = %.9f, analysis.json critical_path.%s sums to %.9f" % (u, s[u], key, sum(cp[key])))
        # delay costs: every metric (inclusive, as CUBE stores it) is the
        # analysis.json figure of the same name
        for u, d in (a.get("delay_costs") or {}).items():
            if u in s and abs(s[u] - d["total"]) > tol * (1 + len(d["per_callsite"])):
                bad.append("%s = %.9f, analysis.json delay_costs.%s.total = %.9f" % (u, s[u], u, d["total"]))
            elif u not in s:
                bad.append("%s: in analysis.json, not in the CUBE file" % u)
        self.rule("values", bad, "%d metrics equal analysis.json's totals" %
                  (len(SAME_VALUE) + 4 + len(a.get("delay_costs") or {})))


def main(argv):
    if len(argv) < 2:
        print("usage: cube_check.py FILE.cubex [analysis.json]")
        return 2
    try:
        c = Checker(argv[1])
    except (OSError, tarfile.TarError, KeyError, ET.ParseError, AttributeError) as e:
        print("FAIL read: %s: %s" % (argv[1], e))
        return 1
    c.check(argv[2] if len(argv) > 2 else None)
    print("%s: %s" % (argv[1], "rules failed: " + ", ".join(c.failed) if c.failed else "all rules hold"))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
