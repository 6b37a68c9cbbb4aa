#!/usr/bin/env python3
"""otf2_check.py ARCHIVE/traces.otf2 [analysis.json] [--site CALL@FILE:LINE@RANK ...]
    [--path CALL@FILE:LINE=main/f@LINE/g@LINE ...]
- check a seshat OTF2 export through otf2-print as Vampir would use it.
Each rule is checked on its own and named; exit 1 if any fails.

  regions    every user (calling-function) region has its file and lines
             (a module built without -g: begin = end = 0 and the
             description "no line information");
             MPI regions carry Score-P's roles (barrier, point2point, ...)
  sources    every ENTER carries a "source code location" (file:line) and a
             "calling context" whose region is the entered one and whose
             parent is a user function's context
  comms      every communicator an event names is defined, its group's
             members are locations of the COMM_LOCATIONS group, which lists
             every location (what Vampir's communication matrix needs)
  matrix     with analysis.json: the bytes of MPI_SEND/MPI_ISEND events per
             (sender, receiver) location equal analysis.json's matrix_bytes
  nonblocking  every MPI_ISEND has its MPI_ISEND_COMPLETE, every MPI_IRECV
             its MPI_IRECV_REQUEST (by request id and location)
  collectives  only bcast/reduce/gather/scatter name a root
  site       each --site CALL@FILE:LINE@RANK: an ENTER of CALL on that
             location with that source code location
  path       each --path CALL@FILE:LINE=main/f@L1/g@L2: an ENTER of CALL
             at that source code location whose calling context's parents
             are, from the root, main, f called from line L1, g called
             from line L2 (the trace's call path)
Needs otf2-print (Debian's otf2-tools)."""
import json
import re
import subprocess
import sys
from collections import defaultdict
import rules  # tests/tools: the rule printer

DEF = re.compile(r"^(\w+)\s+(\d+)\s+(.*)$")
EVENT = re.compile(r"^(\w+)\s+(\d+)\s+(\d+)\s*(.*)$")
NAMED = re.compile(r'"([^"]*)" <(\d+)>')
ROOTED = {"BCAST", "REDUCE", "GATHER", "GATHERV", "SCATTER", "SCATTERV"}


def otf2_print(args):
    return subprocess.run(["otf2-print"] + args, capture_output=True, text=True, check=True).stdout


class Archive(rules.Rules):
    def __init__(self, path):
        self.defs = defaultdict(dict)   # kind -> id -> text
        for line in otf2_print(["-G", path]).splitlines():
            m = DEF.match(line)
            if m:
                self.defs[m.group(1)][int(m.group(2))] = m.group(3)
        self.events = []                # (kind, location, time, text, attribute text)
        for line in otf2_print([path]).splitlines():
            if line.startswith(" ") and "ADDITIONAL ATTRIBUTES" in line and self.events:
                self.events[-1][4] = line.strip()
                continue
            m = EVENT.match(line)
            if m and m.group(1).isupper():
                self.events.append([m.group(1), int(m.group(2)), int(m.group(3)), m.group(4), ""])
        self.failed = []

    def field(self, text, key):
        m = re.search(key + r': ("[^"]*" <\d+>|[^,]+)', text)
        return m.group(1) if m else None

    def regions(self):
        bad, users = [], 0
        for rid, t in self.defs["REGION"].items():
            name = NAMED.search(t).group(1)
            if "Paradigm: USER" in t:
                users += 1
                f, b, e = self.field(t, "File"), int(self.field(t, "Begin")), int(self.field(t, "End"))
                noline = b == e == 0 and '"no line information"' in t   # a module without -g
                if not f or f.startswith('"" ') or (not noline and (b < 1 or e < b)):
                    bad.append("user region %d %s: File %s Begin %d End %d" % (rid, name, f, b, e))
            elif name in ("MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv", "MPI_Wait") and "POINT2POINT" not in t:
                bad.append("region %s: role %s, want POINT2POINT" % (name, self.field(t, "Role")))
            elif name == "MPI_Barrier" and "Role: BARRIER" not in t:
                bad.append("region MPI_Barrier: role %s, want BARRIER" % self.field(t, "Role"))
        if not users:
            bad.append("no user (calling function) region")
        self.rule("regions", bad, "%d regions, %d calling functions with file and lines" % (len(self.defs["REGION"]), users))

    def sources(self):
        bad, n = [], 0
        cc = {}
        for cid, t in self.defs["CALLING_CONTEXT"].items():
            region = NAMED.search(t).group(1)
            parent = re.search(r'Parent: "([^"]*)" <(\d+)>', t)
            cc[cid] = (region, int(parent.group(2)) if parent else None)
        user = {NAMED.search(t).group(1) for t in self.defs["REGION"].values() if "Paradigm: USER" in t}
        for kind, loc, _, text, attrs in self.events:
            if kind != "ENTER":
                continue
            n += 1
            region = NAMED.search(text).group(1)
            scl = re.search(r'SOURCE_CODE_LOCATION; "([^"]+):(\d+)"', attrs)
            ctx = re.search(r'CALLING_CONTEXT; "[^"]*" <(\d+)>', attrs)
            if not scl or not ctx:
                bad.append("ENTER %s on location %d: no source code location / calling context" % (region, loc))
                continue
            c = cc.get(int(ctx.group(1)))
            if not c or c[0] != region:
                bad.append("ENTER %s on location %d: calling context %s is %s" % (region, loc, ctx.group(1), c))
            elif c[1] is None or cc.get(c[1], ("",))[0] not in user:
                bad.append("calling context %s (%s): parent %s is not a user function's" % (ctx.group(1), region, c[1]))
        self.rule("sources", bad, "%d ENTER events, each with its file:line and calling context" % n)

    def comms(self):
        bad = []
        groups = self.defs["GROUP"]
        locs = set(self.defs["LOCATION"])
        cl = [t for t in groups.values() if "COMM_LOCATIONS" in t]
        if len(cl) != 1:
            bad.append("%d COMM_LOCATIONS groups, want 1" % len(cl))
        else:
            members = {int(x) for x in re.findall(r'<(\d+)>', cl[0].split("Members:")[1])}
            if members != locs:
                bad.append("COMM_LOCATIONS lists %s, the locations are %s" % (sorted(members), sorted(locs)))
        comms = self.defs["COMM"]
        for cid, t in comms.items():
            g = re.search(r'Group: "[^"]*" <(\d+)>', t)
            if not g or int(g.group(1)) not in groups:
                bad.append("COMM %d: group undefined" % cid)
        used = set()
        for kind, loc, _, text, _ in self.events:
            m = re.search(r'Communicator: "[^"]*" <(\d+)>', text)
            if m:
                used.add(int(m.group(1)))
        bad += ["communicator %d used by events, not defined" % c for c in sorted(used - set(comms))]
        self.rule("comms", bad, "%d communicators defined, %d used by events, every location in COMM_LOCATIONS" % (len(comms), len(used)))

    def matrix(self, jpath):
        a = json.load(open(jpath))
        want = a["messages"]["matrix_bytes"]
        got = defaultdict(int)
        for kind, loc, _, text, _ in self.events:
            if kind in ("MPI_SEND", "MPI_ISEND"):
                m = re.search(r'Receiver: \d+ \("[^"]*" <(\d+)>\).*Length: (\d+)', text)
                if m:
                    got[(loc, int(m.group(1)))] += int(m.group(2))
        bad = []
        for s, row in enumerate(want):
            for d, v in enumerate(row):
                if got.get((s, d), 0) != v:
                    bad.append("%d -> %d: %d bytes in MPI_SEND/MPI_ISEND events, analysis.json %d" % (s, d, got.get((s, d), 0), v))
        self.rule("matrix", bad, "bytes per (sender, receiver) = analysis.json matrix_bytes (%d bytes)" % sum(got.values()))

    def nonblocking(self):
        bad, seen = [], defaultdict(set)
        counts = defaultdict(int)
        for kind, loc, _, text, _ in self.events:
            r = re.search(r"Request: (\d+)", text)
            if not r:
                continue
            counts[kind] += 1
            rid = (loc, int(r.group(1)))
            if kind in ("MPI_ISEND", "MPI_IRECV_REQUEST"):
                seen[kind].add(rid)
            elif kind == "MPI_ISEND_COMPLETE" and rid not in seen["MPI_ISEND"]:
                bad.append("MPI_ISEND_COMPLETE of request %d on location %d without its MPI_ISEND" % (rid[1], loc))
            elif kind == "MPI_IRECV" and rid not in seen["MPI_IRECV_REQUEST"]:
                bad.append("MPI_IRECV of request %d on location %d without its MPI_IRECV_REQUEST" % (rid[1], loc))
        if counts["MPI_ISEND"] != counts["MPI_ISEND_COMPLETE"]:
            bad.append("%d MPI_ISEND, %d MPI_ISEND_COMPLETE" % (counts["MPI_ISEND"], counts["MPI_ISEND_COMPLETE"]))
        self.rule("nonblocking", bad, ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())) or "none")

    def collectives(self):
        bad, n = [], 0
        for kind, loc, _, text, _ in self.events:
            if kind != "MPI_COLLECTIVE_END":
                continue
            n += 1
            op = self.field(text, "Operation")
            root = self.field(text, "Root")
            if (op in ROOTED) == (root == "NONE"):
                bad.append("%s on location %d: root %s" % (op, loc, root))
        self.rule("collectives", bad, "%d collective ends, roots only where MPI has one" % n)

    def chain(self, cid):
        """A calling context's parents from the root: ["main", "f@12", ...]."""
        out = []
        t = self.defs["CALLING_CONTEXT"].get(cid)
        while t is not None:
            parent = re.search(r'Parent: "[^"]*" <(\d+)>', t)
            t = self.defs["CALLING_CONTEXT"].get(int(parent.group(1))) if parent else None
            if t is not None:
                line = re.search(r'Source code location: "[^"]*:(\d+)"', t)
                out.append(NAMED.search(t).group(1) + ("@" + line.group(1) if line else ""))
        return out[::-1]

    def path(self, spec):
        call, _, want = spec.partition("=")
        call, where = call.split("@", 1)
        got = set()
        for kind, loc, _, text, attrs in self.events:
            ctx = re.search(r'CALLING_CONTEXT; "[^"]*" <(\d+)>', attrs)
            if kind == "ENTER" and ('"%s"' % call) in text and ('"%s"' % where) in attrs and ctx:
                got.add("/".join(self.chain(int(ctx.group(1)))))
        self.rule("path", [] if want in got else ["%s at %s: calling contexts %s, want %s" % (call, where, sorted(got), want)],
                  "%s at %s under %s" % (call, where, want))

    def site(self, spec):
        call, rest = spec.split("@", 1)
        where, rank = rest.rsplit("@", 1)
        hits = [e for e in self.events if e[0] == "ENTER" and e[1] == int(rank)
                and ('"%s"' % call) in e[3] and ('"%s"' % where) in e[4]]
        self.rule("site", [] if hits else ["no ENTER of %s at %s on location %s" % (call, where, rank)],
                  "%s at %s on location %s: %d ENTER" % (call, where, rank, len(hits)))


def main(argv):
    sites = [argv[i + 1] for i in range(len(argv) - 1) if argv[i] == "--site"]
    paths = [argv[i + 1] for i in range(len(argv) - 1) if argv[i] == "--path"]
    pos = [a for i, a in enumerate(argv[1:], 1) if not a.startswith("--") and argv[i - 1] not in ("--site", "--path")]
    if not pos:
        print(__doc__.splitlines()[0])
        return 2
    try:
        ar = Archive(pos[0])
    except (OSError, subprocess.CalledProcessError) as e:
        print("FAIL read: %s: %s" % (pos[0], e))
        return 1
    ar.regions()
    ar.sources()
    ar.comms()
    if len(pos) > 1:
        ar.matrix(pos[1])
    ar.nonblocking()
    ar.collectives()
    for s in sites:
        ar.site(s)
    for p in paths:
        ar.path(p)
    print("%s: %s" % (pos[0], "rules failed: " + ", ".join(ar.failed) if ar.failed else "all rules hold"))
    return 1 if ar.failed else 0


sys.exit(main(sys.argv))
