#!/usr/bin/env python3
"""oracle.py - a deliberately simple reference for seshat-analyze.

    oracle.py TRACEDIR ANALYSIS.json...
    oracle.py --values TRACEDIR      (each pattern's per-rank values, ns)
    oracle.py --scaling POP-SCALING.json TRACEDIR...

Reads `seshat-trace dump TRACEDIR` (the binary in $SESHAT_TRACE, default
build/bin/seshat-trace) and the sites-R.txt files, recomputes every wait
state per rank and per call site, and the critical path per call site,
straight from docs/patterns.md, all ranks
at once and in plain order (no windows, no owners, no exchange), and
compares with each analysis.json: every pattern per rank, every call
site's patterns, time and visits, the ranks' times and the message counts
must be identical to the nanosecond. Prints one line per difference and
exits 1 if there is any. With --scaling: the POP scaling table of
`seshat-analyze --pop TRACEDIR...` (docs/patterns.md, POP scaling),
recomputed from each trace's dump.
"""
import bisect
import json
import os
import subprocess
import sys
from collections import defaultdict

# docs/patterns.md: the metric tree (name, parent)
TREE = [("time", None), ("computation", "time"), ("mpi", "time"), ("p2p", "mpi"),
        ("late_sender", "p2p"), ("late_sender_wrong_order", "late_sender"),
        ("late_sender_wrong_order_same_source", "late_sender_wrong_order"),
        ("late_sender_wrong_order_different_sources", "late_sender_wrong_order"),
        ("late_receiver", "p2p"), ("collective", "mpi"), ("wait_barrier", "collective"),
        ("barrier_completion", "collective"), ("wait_nxn", "collective"),
        ("nxn_completion", "collective"), ("early_reduce", "collective"),
        ("early_scan", "collective"), ("late_broadcast", "collective"),
        ("rma_wait_at_fence", "mpi"), ("rma_early_fence", "rma_wait_at_fence"),
        ("rma_sync_late_post", "mpi"), ("rma_early_wait", "mpi"),
        ("rma_late_complete", "rma_early_wait"), ("rma_sync_lock_competition", "mpi"),
        ("rma_comm_lock_competition", "mpi"), ("mpi_io", "mpi"),
        ("mpi_io_collective", "mpi_io")]

# Calls that complete a receive (or a send's request) and can wait there.
WAITS = {"MPI_Recv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Mrecv", "MPI_Wait",
         "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome", "MPI_Test", "MPI_Testall",
         "MPI_Testany", "MPI_Testsome"}
# Blocking sends: a rendezvous one waits for the receive to be posted.
SEND_BLOCKS = {"MPI_Send", "MPI_Ssend", "MPI_Rsend", "MPI_Sendrecv", "MPI_Sendrecv_replace"}
RING = 100   # Late Sender instances a rank remembers for Wrong Order

COLL_PREFIXES = ("MPI_Barrier", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Gather",
                 "MPI_Scatter", "MPI_Allgather", "MPI_Alltoall", "MPI_Scan", "MPI_Exscan",
                 "MPI_Neighbor", "MPI_Ibarrier", "MPI_Ibcast", "MPI_Ireduce", "MPI_Iallreduce",
                 "MPI_Igather", "MPI_Iscatter", "MPI_Iallgather", "MPI_Ialltoall", "MPI_Iscan",
                 "MPI_Iexscan", "MPI_Ineighbor")


# MPI-IO calls every member of the file's communicator makes (docs/patterns.md).
IO_COLLECTIVE = {"MPI_File_open", "MPI_File_close", "MPI_File_sync", "MPI_File_set_size",
                 "MPI_File_preallocate", "MPI_File_set_view", "MPI_File_set_atomicity"}


def category(name):
    """Where a call's time not in a wait state goes: collective, p2p, mpi_io(_collective) or mpi."""
    if name.startswith("MPI_File_"):
        coll = name in IO_COLLECTIVE or "_all" in name or "_ordered" in name
        return "mpi_io_collective" if coll else "mpi_io"
    if name.startswith(COLL_PREFIXES):
        return "collective"
    if (name.startswith("MPI_Wait") or name.startswith("MPI_Test")) and name != "MPI_Test_cancelled":
        return "p2p"
    comm = ("MPI_Comm_", "MPI_Cart_", "MPI_Graph_", "MPI_Dist_graph", "MPI_Intercomm_",
            "MPI_Topo_test", "MPI_Attr_")
    if any(name.startswith(p) for p in comm):
        return "mpi"
    if any(w in name for w in ("send", "recv", "Send", "Recv", "probe", "Probe")) or \
            name.startswith("MPI_Start") or name in ("MPI_Request_free", "MPI_Cancel"):
        return "p2p"
    return "mpi"


class Call:
    __slots__ = ("rank", "index", "name", "site", "E", "X", "recs")

    def __init__(self, rank, index, name, site, E):
        self.rank, self.index, self.name, self.site, self.E = rank, index, name, site, E
        self.X, self.recs = None, []


def read_dump(tracedir):
    """Per rank: its calls (with their records), its communicators, its end."""
    exe = os.environ.get("SESHAT_TRACE", "build/bin/seshat-trace")
    out = subprocess.run([exe, "dump", tracedir], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("oracle: seshat-trace dump %s failed: %s" % (tracedir, out.stderr.strip()))
    calls, comms, end, last_t = defaultdict(list), defaultdict(dict), {}, {}
    current = {}
    for line in out.stdout.splitlines():
        f = line.split()
        if not f or not f[0].isdigit():
            continue
        r = int(f[0])
        if f[1] == "comm":
            comms[r][int(f[2])] = [int(x) for x in f[6:]]
            continue
        if f[1] == "end":
            end[r] = int(f[5])
            continue
        if f[1] in ("header", "callsite") or len(f) < 3:
            continue
        t, what = int(f[1]), f[2]
        last_t[r] = t
        if what == "enter":
            current[r] = Call(r, len(calls[r]), f[3], int(f[5]), t)
        elif what == "exit":
            c = current.pop(r, None)
            if c is not None:
                c.X = t
                calls[r].append(c)
                c.index = len(calls[r]) - 1
        elif r in current:   # records outside a call are not attached to anything
            current[r].recs.append(f[2:])
    for r in last_t:
        end.setdefault(r, last_t[r])
    return calls, comms, end


_demangled = {}
_cxxfilt = None


def _drop_params(s):
    """The name up to its parameter list: the first '(' outside template
    brackets, an operator's own characters kept (as an_demangle.c)."""
    depth, i = 0, 0
    while i < len(s):
        if s.startswith("operator", i):
            i += 8
            if s.startswith("()", i):
                i += 1
            elif i < len(s) and s[i] in "<>":
                while i + 1 < len(s) and s[i + 1] in "<>=":
                    i += 1
            i += 1
            continue
        c = s[i]
        if c == "<":
            depth += 1
        elif c == ">" and depth > 0:
            depth -= 1
        elif c == "(" and depth == 0:
            return s[:i]
        i += 1
    return s


def demangle(fn):
    """A C++ name as seshat-analyze shows it (c++filt, without the
    parameter list); other names unchanged."""
    global _cxxfilt
    if not fn.startswith("_Z"):
        return fn
    if fn not in _demangled:
        try:
            if _cxxfilt is None:
                import subprocess
                _cxxfilt = subprocess.Popen(["c++filt"], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, text=True)
            _cxxfilt.stdin.write(fn + "\n")
            _cxxfilt.stdin.flush()
            d = _cxxfilt.stdout.readline().rstrip("\n")
        except OSError:
            d = fn
        _demangled[fn] = _drop_params(d) if d != fn else fn
    return _demangled[fn]


def read_sites(tracedir, r):
    """Local site index -> its location then " < " and each caller's,
    formatted as seshat-analyze does (its JSON: location, callers)."""
    def frame(fn, where, mod):
        fn = demangle(fn)
        if where[0] != "?":
            return "%s (%s)" % (where, fn)
        return "%s in %s%s" % (fn, mod.rsplit("/", 1)[-1], where[1:])
    loc = {}
    try:
        with open(os.path.join(tracedir, "sites-%d.txt" % r)) as fh:
            for line in fh:
                f = line.split()
                if line.startswith("#") or len(f) < 4 or f[1] != "=" or not f[0].isdigit():
                    continue
                path = [frame(f[2], f[3], f[4] if len(f) > 4 else "?")]
                for k in range(5, len(f) - 3, 4):   # "< function file:line module"
                    if f[k] != "<":
                        break
                    path.append(frame(f[k + 1], f[k + 2], f[k + 3]))
                loc[int(f[0])] = " < ".join(path)
    except OSError:
        pass
    return loc


def trace_ranks(tracedir):
    """defs.ini's [trace] ranks, else the rank-N.sst files (as seshat-analyze)."""
    try:
        for line in open(os.path.join(tracedir, "defs.ini")):
            k, _, v = line.partition("=")
            if k.strip() == "ranks":
                return int(v)
    except OSError:
        pass
    n = 0
    while os.path.exists(os.path.join(tracedir, "rank-%d.sst" % n)):
        n += 1
    return n


def with_stream(tracedir, n):
    """Ranks whose stream is there (not filtered out, missing or empty)."""
    path = lambda r: os.path.join(tracedir, "rank-%d.sst" % r)
    return {r for r in range(n) if os.path.exists(path(r)) and os.path.getsize(path(r)) > 0}


def analyze(tracedir):
    calls, comms, end = read_dump(tracedir)
    for r in range(trace_ranks(tracedir)):
        end.setdefault(r, 0)   # a stream with no record: a rank with no time
    # Records whose partner has no stream: their wait states are unknown.
    present = with_stream(tracedir, trace_ranks(tracedir))
    unknown = {"receives": 0, "rendezvous_sends": 0, "collective_calls": 0}
    ranks = sorted(end)
    sev = defaultdict(int)                    # (pattern, rank, global site or None) -> ns
    site_of = {}                              # (rank, local site) -> (function, location)
    visits, site_time = defaultdict(int), defaultdict(int)
    waits = []   # (rank, E, cause rank, cause time): the critical path's jumps
    dwaits = []  # the same with the pattern and the waiting call: the delay costs

    def waited(rank, E, cause_rank, cause_time, pattern=None, call=None):
        if cause_time > E and cause_rank != rank:
            waits.append((rank, E, cause_rank, cause_time))
            dwaits.append((rank, E, cause_rank, cause_time, pattern, call))

    # The profile: time per call site, the rest is computation.
    for r in ranks:
        locs = read_sites(tracedir, r)
        busy = 0
        for c in calls[r]:
            key = site_of.setdefault((r, c.site), (c.name, locs.get(c.site, "?")))
            visits[key] += 1
            site_time[key] += c.X - c.E
            sev[(category(key[0]), r, key)] += c.X - c.E
            busy += c.X - c.E
        sev[("computation", r, None)] += end[r] - busy

    def charge(pattern, call, ns):
        """A wait state: part of its call's time, taken out of the call's category."""
        if ns <= 0:
            return
        key = site_of[(call.rank, call.site)]
        sev[(pattern, call.rank, key)] += ns
        sev[(category(key[0]), call.rank, key)] -= ns

    # Point-to-point: pair the k-th send s->d (tag, comm) with the k-th
    # receive at d from s (tag, comm) in the order MPI matched them.
    sends = {}       # (src, dst, comm, tag, k) -> send
    recvs = []       # per receive: dict
    messages = defaultdict(int)
    for r in ranks:
        nsend, nrecv, post = defaultdict(int), defaultdict(int), {}
        open_send, open_recv = {}, {}
        for c in calls[r]:
            for pos, rec in enumerate(c.recs):
                kind = rec[0]
                if kind == "send":
                    dst, tag, comm, size, proto = int(rec[2]), int(rec[4]), int(rec[6]), int(rec[8]), rec[9]
                    req = int(rec[-1])
                    k = (r, dst, comm, tag)
                    s = {"E": c.E, "rendezvous": proto == "rendezvous" and rec[10] != "buffered",
                         "done": c if req == 0 else None, "blocking": req == 0 and c.name in SEND_BLOCKS}
                    sends[k + (nsend[k],)] = s
                    nsend[k] += 1
                    messages[(r, dst)] += 1
                    unknown["rendezvous_sends"] += dst not in present and s["rendezvous"]
                    if req:
                        open_send[req] = s
                elif kind == "post":
                    post[int(rec[2])] = c.E
                elif kind == "recv":
                    src, tag, comm, req = int(rec[2]), int(rec[4]), int(rec[6]), int(rec[10])
                    k = (src, r, comm, tag)
                    v = {"key": k + (nrecv[k],), "src": src, "rank": r,
                         "P": post.pop(req, c.E) if req else c.E, "done": None, "matched_in": c}
                    nrecv[k] += 1
                    recvs.append(v)
                    unknown["receives"] += src not in present
                    if req == 0:
                        v["done"], v["pos"] = c, pos
                    else:
                        open_recv[req] = v
                elif kind == "complete":
                    req = int(rec[2])
                    post.pop(req, None)
                    if req in open_recv:
                        v = open_recv.pop(req)
                        v["done"], v["pos"] = c, pos
                    elif req in open_send:
                        s = open_send.pop(req)
                        s["done"], s["blocking"] = c, c.name in WAITS
    for v in recvs:
        s = sends.get(v["key"])
        v["E_send"] = s["E"] if s else None
        if s and s["rendezvous"]:
            s.setdefault("posts", []).append(v["P"])

    # Late Sender and Wrong Order, per receiving rank, completing call by
    # completing call; receives never completed come last, without a wait.
    for r in ranks:
        groups = defaultdict(list)
        for v in recvs:
            if v["rank"] == r:
                c = v["done"]
                order = (c.index, 0) if c else (len(calls[r]), v["matched_in"].index)
                groups[order].append(v)
        ring = []
        for order in sorted(groups):
            msgs = groups[order]
            call = msgs[0]["done"]
            if call:   # within a call: in the order of its records
                msgs = sorted(msgs, key=lambda m: m["pos"])
            latest, latest_src = None, None
            for m in msgs:
                if m["E_send"] is None:
                    continue
                if latest is None or m["E_send"] > latest:
                    latest, latest_src = m["E_send"], m["src"]
                for inst in list(ring):
                    if inst["E"] > m["E_send"]:
                        ring.remove(inst)
                        same = inst["src"] == m["src"]
                        charge("late_sender_wrong_order_" + ("same_source" if same else "different_sources"),
                               inst["call"], inst["sev"])
            if latest is None or call is None or call.name not in WAITS:
                continue
            ls = min(latest, call.X) - call.E
            if ls <= 0:
                continue
            waited(r, call.E, latest_src, call.E + ls, "late_sender", call)
            if len(ring) == RING:
                inst = ring.pop(0)
                charge("late_sender", inst["call"], inst["sev"])
            ring.append({"sev": ls, "E": latest, "src": latest_src, "call": call})
        for inst in ring:
            charge("late_sender", inst["call"], inst["sev"])

    # Late Receiver: per call that completes rendezvous sends, the latest post.
    latest_post = {}
    for k, s in sends.items():
        if s.get("posts") and s["done"] is not None and s["blocking"]:
            c = s["done"]
            P, dst = latest_post.get((c.rank, c.index), (c.E, None))
            if max(s["posts"]) > P:
                P, dst = max(s["posts"]), k[1]
            latest_post[(c.rank, c.index)] = (P, dst)
    for (r, i), (P, dst) in latest_post.items():
        c = calls[r][i]
        charge("late_receiver", c, min(P, c.X) - c.E)
        if dst is not None:
            waited(r, c.E, dst, min(P, c.X), "late_receiver", c)

    unknown["collective_calls"] = collectives(calls, comms, charge, present, waited)

    def move(parent, child, call, ns):
        """ns of the wait state parent at call is its child's."""
        if ns > 0:
            key = site_of[(call.rank, call.site)]
            sev[(child, call.rank, key)] += ns
            sev[(parent, call.rank, key)] -= ns
    one_sided(calls, comms, present, charge, move)
    path = critical_path(calls, end, site_of, waits)
    delays = delay_costs(calls, comms, site_of, dwaits)
    return ranks, end, sev, site_of, visits, site_time, messages, unknown, present, path, delays, calls


def collectives(calls, comms, charge, present, waited):
    """Returns the calls on a communicator with a member without a stream."""
    partial = 0
    """Blocking collectives, paired by their order on the communicator."""
    inst = defaultdict(list)
    for r, cs in calls.items():
        seq = defaultdict(int)
        for c in cs:
            for rec in c.recs:
                if rec[0] != "collective" or int(rec[10]) != 0:
                    continue
                kind, comm, root, size = int(rec[2]), int(rec[4]), int(rec[6]), int(rec[8])
                members = comms[r].get(comm)
                if not members or len(members) < 2 or r not in members:
                    continue
                if any(m not in present for m in members):
                    partial += 1   # never all there: not judged
                    continue
                # ids are unique only among members: a split's halves may share one
                inst[(comm, members[0], seq[comm])].append({"kind": kind, "root": root, "bytes": size, "n": len(members),
                                                "me": members.index(r), "call": c, "E": c.E, "X": c.X})
                seq[comm] += 1
    for g in inst.values():
        g.sort(key=lambda m: m["me"])
        if len(g) != g[0]["n"] or any(m["kind"] != g[0]["kind"] or m["me"] != i for i, m in enumerate(g)):
            continue   # a member missing (not traced) or inconsistent
        kind, root, n = g[0]["kind"], g[0]["root"], len(g)
        latest = max(m["E"] for m in g)
        earliest_end = min(m["X"] for m in g)

        def first_latest(ms):   # the member that entered last (the first such)
            return max(ms, key=lambda m: (m["E"], -m["me"]))

        def wait_for(m, cause, pattern):
            waited(m["call"].rank, m["E"], cause["call"].rank, min(cause["E"], m["X"]), pattern, m["call"])
        if kind == 0 and all(m["call"].name == "MPI_Win_fence" for m in g):
            # a fence is timed as a barrier: Wait at Fence, the rest the fence's own
            for m in g:
                charge("rma_wait_at_fence", m["call"], min(latest, m["X"]) - m["E"])
                wait_for(m, first_latest(g), "rma_wait_at_fence")
        elif kind == 0 or (kind in (3, 6, 7, 8) and any(m["bytes"] for m in g)):
            wait, done = ("wait_barrier", "barrier_completion") if kind == 0 else ("wait_nxn", "nxn_completion")
            for m in g:
                charge(wait, m["call"], min(latest, m["X"]) - m["E"])
                charge(done, m["call"], m["X"] - max(earliest_end, min(latest, m["X"])))
                wait_for(m, first_latest(g), wait)
        elif kind in (1, 5) and 0 <= root < n:
            for i, m in enumerate(g):
                if i != root and m["E"] < g[root]["E"]:
                    charge("late_broadcast", m["call"], min(g[root]["E"], m["X"]) - m["E"])
                    wait_for(m, g[root], "late_broadcast")
        elif kind in (2, 4) and 0 <= root < n:
            others = [m for i, m in enumerate(g) if i != root]
            if others and g[root]["E"] < max(m["E"] for m in others):
                charge("early_reduce", g[root]["call"], min(max(m["E"] for m in others), g[root]["X"]) - g[root]["E"])
                wait_for(g[root], first_latest(others), "early_reduce")
        elif kind in (9, 10):
            for i, m in enumerate(g):
                charge("early_scan", m["call"], min(max(x["E"] for x in g[:i + 1]), m["X"]) - m["E"])
                wait_for(m, first_latest(g[:i + 1]), "early_scan")
    return partial


def one_sided(calls, comms, present, charge, move):
    """docs/patterns.md, One-sided communication: every rank's RMA records
    in stream order, epochs paired by counting, then each wait state."""
    posts = defaultdict(list)          # (window, target, origin) -> the Win_post enters
    completes = defaultdict(list)      # (window, origin, target) -> (Win_complete enter, last transfer)
    fences = defaultdict(list)         # (window, k) -> the k-th fence's (call, members)
    fence_last = {}                    # (window, target, k) -> last transfer closed by fence k
    epochs = defaultdict(list)         # (window, target) -> lock epochs
    starts, waits = [], []             # (call, [(window, partner, k)])
    for r, cs in calls.items():
        nfence, nstart, nwait = defaultdict(int), defaultdict(int), defaultdict(int)
        access, pscw_last, held = set(), {}, {}
        for c in cs:
            st, wt = [], []
            for rec in c.recs:
                if rec[0] != "rma":
                    continue
                op, t, comm, number = rec[1], int(rec[3]), int(rec[5]), int(rec[7])
                members = comms[r].get(comm, [])
                win = (comm, members[0] if members else None, number)
                if op == "fence":
                    fences[(win, nfence[win])].append((c, members))
                    nfence[win] += 1
                elif op == "post":
                    posts[(win, r, t)].append(c.E)
                elif op == "start":
                    access.add(win)
                    st.append((win, t, nstart[(win, t)]))
                    nstart[(win, t)] += 1
                elif op == "complete":
                    completes[(win, r, t)].append((c.E, pscw_last.pop((win, t), None)))
                    access.discard(win)
                elif op == "wait":
                    wt.append((win, t, nwait[(win, t)]))
                    nwait[(win, t)] += 1
                elif op == "lock":
                    held[(win, t)] = {"excl": rec[9] == "2", "call": c, "G": int(rec[15]), "U": None}
                    epochs[(win, t)].append(held[(win, t)])
                elif op == "unlock":
                    if (win, t) in held:
                        held.pop((win, t))["U"] = int(rec[15])
                elif (win, t) in held:
                    pass   # passive target: no active epoch
                elif win in access:
                    pscw_last[(win, t)] = max(pscw_last.get((win, t), c.E), c.E)
                else:
                    k = (win, t, nfence[win])
                    fence_last[k] = max(fence_last.get(k, c.E), c.E)
            if st:
                starts.append((c, st))
            if wt:
                waits.append((c, wt))
    # Late Post: Win_start until the latest post of its targets
    for c, st in starts:
        ps = [posts[(w, t, c.rank)][k] for w, t, k in st if k < len(posts[(w, t, c.rank)])]
        if ps:
            charge("rma_sync_late_post", c, max(0, min(max(ps), c.X) - c.E))
    # Early Wait: Win_wait until the latest complete; Late Complete: the
    # part after the epoch's last transfer started
    for c, wt in waits:
        cs = [completes[(w, o, c.rank)][k] for w, o, k in wt if k < len(completes[(w, o, c.rank)])]
        if not cs:
            continue
        C = min(max(x[0] for x in cs), c.X)
        if C <= c.E:
            continue
        A = max([x[1] for x in cs if x[1] is not None] + [c.E])
        lc = max(0, C - A)
        charge("rma_early_wait", c, C - c.E - lc)
        charge("rma_late_complete", c, lc)
    # Early Fence: the part of Wait at Fence before the last transfer to
    # the member started (whole fences timed as barriers only)
    for (win, k), g in fences.items():
        members = g[0][1]
        barrier = lambda c: any(x[0] == "collective" and x[2] == "0" and x[10] == "0" for x in c.recs)
        if len(g) != len(members) or any(m not in present for m in members) or \
                not all(barrier(c) for c, _ in g):
            continue
        latest = max(c.E for c, _ in g)
        for c, _ in g:
            A = fence_last.get((win, c.rank, k))
            if A is not None:
                move("rma_wait_at_fence", "rma_early_fence", c, min(A, latest, c.X) - c.E)
    # Lock Contention: from the grant call's entry until the latest release
    # of a conflicting epoch on the target released by the grant
    for eps in epochs.values():
        for e in eps:
            rel = [x["U"] for x in eps if x["U"] is not None and x["U"] <= e["G"] and (x["excl"] or e["excl"])]
            if rel:
                c = e["call"]
                charge("rma_sync_lock_competition" if c.name == "MPI_Win_lock" else
                       "rma_comm_lock_competition", c, max(0, min(max(rel), c.X) - c.E))


def critical_path(calls, end, site_of, waits):
    """docs/patterns.md: from the rank that finished last (the first such),
    walk back; on each rank take the wait that ended last at or before
    the current time (ties: the larger cause rank, then the later
    start), the path's part on that rank is from its end to the current
    time, then jump to the cause at its time. Returns the path's time per
    call site key (None: computation)."""
    if not end:
        return {}
    by_rank = defaultdict(list)   # rank -> its waits' (end, cause rank, start), sorted
    for w in waits:
        by_rank[w[0]].append((w[3], w[2], w[1]))
    for v in by_rank.values():
        v.sort()
    r = max(sorted(end), key=lambda k: (end[k], -k))
    t, parts = end[r], defaultdict(list)
    for _ in range(4 * len(waits) + 16):
        v = by_rank[r]
        i = bisect.bisect_right(v, (t, float("inf"), float("inf")))
        best = (r, v[i - 1][2], v[i - 1][1], v[i - 1][0]) if i else None
        if best is None:
            parts[r].append((0, t))
            break
        if t > best[3]:
            parts[r].append((best[3], t))
        r, t = best[2], best[3]
    path = defaultdict(int)
    for rank, iv in parts.items():
        iv.sort()
        k = 0

        def overlap(a, b, key):   # the queries come in time order: a sweep
            nonlocal k
            while k < len(iv) and iv[k][1] <= a:
                k += 1
            j = k
            while j < len(iv) and iv[j][0] < b:
                path[key] += max(0, min(b, iv[j][1]) - max(a, iv[j][0]))
                j += 1
        prev = 0
        for c in calls[rank]:
            overlap(prev, c.E, None)
            overlap(c.E, c.X, site_of[(rank, c.site)])
            prev = c.X
        overlap(prev, end[rank], None)
    return path


# docs/patterns.md, delay costs: the kind of a wait state names its metrics
DELAY_KIND = {"late_sender": "latesender", "late_receiver": "latereceiver", "wait_barrier": "barrier",
              "rma_wait_at_fence": "barrier",   # a fence is timed as a barrier
              "wait_nxn": "n2n", "late_broadcast": "12n", "early_reduce": "n21", "early_scan": "scan"}


def delay_metric(kind):
    """Scalasca's short-term metric name; Early Scan's is seshat's own."""
    return ("seshat_delay_" if kind == "scan" else "delay_") + kind


def delay_costs(calls, comms, site_of, dwaits):
    """docs/patterns.md, straight: one wait per waiting call (the one that
    ended last); for wait k (W waited from E until T for D), the
    synchronization intervals on D (up to T) and on W (up to E) start at
    the exit of the rank's last call before that synchronized with the
    other one (else 0); time per call site outside wait states; delay =
    D's excess per site; the waits on D inside its interval carry the
    cost on. Returns {(metric, rank, site key or None): ns (float)}."""
    pat_order = [n for n, _ in TREE]
    best = {}
    for w in dwaits:
        rank, E, cr, T, pat, call = w
        cand = (-T, cr, pat_order.index(pat))
        if (rank, call.index) not in best or cand < best[(rank, call.index)][0]:
            best[(rank, call.index)] = (cand, w)
    ws = sorted((v[1] for v in best.values()), key=lambda w: (w[0], w[1]))
    wait_of = {(w[0], w[5].index): w[3] - w[1] for w in ws}
    by_rank = defaultdict(list)                       # rank -> [(E, k)]
    for k, w in enumerate(ws):
        by_rank[w[0]].append((w[1], k))
    enters = {r: [c.E for c in cs] for r, cs in calls.items()}
    partner_cache = {r: [None] * len(cs) for r, cs in calls.items()}

    def partners(r, c):
        ps = partner_cache[r][c.index]
        if ps is None:
            ps = set()
            for rec in c.recs:
                if rec[0] in ("send", "recv"):
                    ps.add(int(rec[2]))
                elif rec[0] == "collective" and int(rec[10]) == 0:
                    ps.update(comms[r].get(int(rec[4]), []))
            partner_cache[r][c.index] = ps
        return ps

    def interval(r, partner, end):
        cs = calls.get(r, [])
        i = bisect.bisect_left(enters.get(r, []), end)
        start, inside = 0, []
        for j in range(i - 1, -1, -1):
            if partner in partners(r, cs[j]):
                start = min(cs[j].X, end)
                break
            inside.append(cs[j])
        t, busy = defaultdict(int), 0
        for c in inside:
            d = min(c.X, end) - c.E
            busy += d
            t[site_of[(r, c.site)]] += d - min(wait_of.get((r, c.index), 0), d)
        t[None] += end - start - busy
        return start, t

    info = []        # per wait: (delay per site, {j: waiting of j inside D's interval})
    for k, (W, E, D, T, pat, call) in enumerate(ws):
        sD, tD = interval(D, W, T)
        _, tW = interval(W, D, E)
        delay = {key: v - tW.get(key, 0) for key, v in tD.items() if v > tW.get(key, 0)}
        lst = by_rank[D]
        lo = bisect.bisect_left(lst, (sD, -1))
        hi = bisect.bisect_left(lst, (T, -1))
        omega = {j: min(ws[j][3], T) - ws[j][1] for _, j in lst[lo:hi]}
        info.append((delay, omega))
    contributors = defaultdict(list)
    for k, (delay, omega) in enumerate(info):
        for j in omega:
            contributors[j].append(k)

    def scales(k):
        total = sum(info[k][0].values()) + sum(info[k][1].values())
        w = ws[k][3] - ws[k][1]
        return total, (min(w / total, 1.0) if total > 0 else 0.0)

    carried = {}     # k -> {kind: waiting caused later, carried by wait k}
    for j0 in range(len(ws)):   # pulled from the waits it delayed, depth first
        stack = [j0]
        while stack:
            j = stack[-1]
            if j in carried:
                stack.pop()
                continue
            todo = [k for k in contributors[j] if k not in carried]
            if todo:
                stack.extend(todo)
                continue
            acc = defaultdict(float)
            for k in contributors[j]:
                total, sw = scales(k)
                if total <= 0:
                    continue
                for h, v in carried[k].items():
                    acc[h] += v / total * info[k][1][j]
                acc[DELAY_KIND[ws[k][4]]] += sw * info[k][1][j]
            carried[j] = acc
            stack.pop()
    out = defaultdict(float)
    for k, (W, E, D, T, pat, call) in enumerate(ws):
        total, sw = scales(k)
        if total <= 0:
            continue
        for key, d in info[k][0].items():
            out[(delay_metric(DELAY_KIND[pat]), D, key)] += sw * d
            for h, v in carried[k].items():
                if v > 0:
                    out[(delay_metric(h) + "_longterm", D, key)] += v / total * d
    return out


def compare_pop(sev, end, ranks, a):
    """docs/patterns.md, POP: u_i = computation of rank i, T = run time;
    LB = mean(u) / max(u), CommE = max(u) / T or, with the ideal replay,
    SerE = max(u) / T_ideal and TE = T_ideal / T; the identities exactly."""
    p, bad = a.get("pop"), []
    u = [sev.get(("computation", r, None), 0) for r in ranks]
    T = max(end.values()) if end else 0
    if not u or max(u) <= 0 or T <= 0:   # not defined
        return [] if p is None else ["pop: %s, not defined without computation" % p]
    if p is None:
        return ["pop: none in analysis.json"]
    want = {"load_balance": sum(u) / len(u) / max(u)}
    if p.get("ideal_run_time") is None:
        want["communication_efficiency"] = max(u) / T
    else:
        Ti = ns(p["ideal_run_time"])
        want["serialization_efficiency"] = max(u) / Ti
        want["transfer_efficiency"] = Ti / T
        want["communication_efficiency"] = max(u) / T
        if p["serialization_efficiency"] * p["transfer_efficiency"] != p["communication_efficiency"]:
            bad.append("pop: SerE x TE != CommE")
    want["parallel_efficiency"] = sum(u) / len(u) / T
    if p["load_balance"] * p["communication_efficiency"] != p["parallel_efficiency"]:
        bad.append("pop: LB x CommE != PE")
    for k, v in want.items():
        if abs(p[k] - v) > 1e-12 * max(1.0, v):
            bad.append("pop %s: analysis %.17g, oracle %.17g" % (k, p[k], v))
    return bad


def scaling(path, tracedirs):
    """docs/patterns.md, POP scaling: the traces sorted by rank count (the
    first smallest is the reference); per trace the POP factors as in
    compare_pop, computation scalability = U_ref / U (U: the useful
    computation summed over the ranks), global efficiency = PE x CompScal;
    the products exactly. Returns the differences."""
    s = json.load(open(path))["pop_scaling"]
    rows = []
    for d in tracedirs:
        ranks, end, sev = analyze(d)[:3]
        rows.append((len(ranks), d, [sev.get(("computation", r, None), 0) for r in ranks],
                     max(end.values())))
    rows.sort(key=lambda x: x[0])
    runs, bad = s["runs"], []
    if [(r["ranks"], os.path.normpath(r["trace"])) for r in runs] != \
            [(n, os.path.normpath(d)) for n, d, _, _ in rows]:
        return ["runs %s, oracle %s" % ([(r["ranks"], r["trace"]) for r in runs],
                                        [(n, d) for n, d, _, _ in rows])]
    if s["reference_ranks"] != rows[0][0]:
        bad.append("reference_ranks %d, oracle %d" % (s["reference_ranks"], rows[0][0]))
    ref = sum(rows[0][2])
    for (n, d, u, T), r in zip(rows, runs):
        want = {"useful_sum": sum(u) * 1e-9, "useful_max": max(u) * 1e-9, "run_time": T * 1e-9,
                "load_balance": sum(u) / n / max(u), "communication_efficiency": max(u) / T,
                "parallel_efficiency": sum(u) / n / T, "computation_scalability": ref / sum(u),
                "global_efficiency": sum(u) / n / T * ref / sum(u)}
        if r["ideal_run_time"] is not None:
            Ti = ns(r["ideal_run_time"])
            want["serialization_efficiency"] = max(u) / Ti
            want["transfer_efficiency"] = Ti / T
            if r["serialization_efficiency"] * r["transfer_efficiency"] != r["communication_efficiency"]:
                bad.append("%s: SerE x TE != CommE" % d)
        if r["load_balance"] * r["communication_efficiency"] != r["parallel_efficiency"]:
            bad.append("%s: LB x CommE != PE" % d)
        if r["parallel_efficiency"] * r["computation_scalability"] != r["global_efficiency"]:
            bad.append("%s: PE x CompScal != GE" % d)
        for k in ("ipc_scalability", "instruction_scalability"):
            if r[k] is not None:
                bad.append("%s: %s %s, but a trace holds no counters" % (d, k, r[k]))
        for k, v in want.items():
            if abs(r[k] - v) > 1e-12 * max(1.0, v):
                bad.append("%s %s: analysis %.17g, oracle %.17g" % (d, k, r[k], v))
    return bad


def compare_delays(delays, a, keys):
    """analysis.json's root_causes and delay_costs against the oracle's,
    within the rounding of each value to the nanosecond."""
    bad = []
    if a.get("delay_costs") is None:
        return ["delay costs: none in analysis.json"]
    causes = defaultdict(lambda: [0.0, 0.0])
    for (m, r, key), v in delays.items():
        causes[(r, key)][m.endswith("_longterm")] += v
    label = lambda r, key: "rank %d %s" % (r, "computation" if key is None else " ".join(key))
    seen = set()
    for c in a["root_causes"]:
        key = None if c["kind"] == "computation" else \
            (c["kind"], " < ".join([c["location"]] + ([c["callers"]] if c.get("callers") else [])))
        seen.add((c["rank"], key))
        want = causes.get((c["rank"], key), [0.0, 0.0])
        got = [ns(c["direct"]), ns(c["propagated"])]
        if any(abs(g - w) > 1 for g, w in zip(got, want)):
            bad.append("root cause %s: direct/propagated analysis %d/%d ns, oracle %.1f/%.1f ns" %
                       ((label(c["rank"], key),) + tuple(got) + tuple(want)))
    top = sorted(causes.items(), key=lambda kv: -sum(kv[1]))[:10]
    for (r, key), v in top:
        if sum(v) >= 2 and (r, key) not in seen:
            bad.append("root cause %s (%.1f ns) missing from analysis.json" % (label(r, key), sum(v)))
    n = a["ranks"]
    per_rank, per_site = defaultdict(float), defaultdict(float)
    for (q, r, key), v in delays.items():
        per_rank[(q, r)] += v
        per_site[(q, key)] += v
    for m, info in a["delay_costs"].items():
        leaf = not any(x["parent"] == m for x in a["delay_costs"].values())
        if not leaf:
            continue
        cells = len(keys) + 1
        for r in range(n):
            want = per_rank.get((m, r), 0.0)
            if abs(ns(info["per_rank"][r]) - want) > 1 + 0.5 * cells:
                bad.append("%s on rank %d: analysis %d ns, oracle %.1f ns" % (m, r, ns(info["per_rank"][r]), want))
        for key, v in zip(keys, info["per_callsite"]):
            want = per_site.get((m, key), 0.0)
            if abs(ns(v) - want) > 1 + 0.5 * n:
                bad.append("%s at %s: analysis %d ns, oracle %.1f ns" %
                           (m, "computation" if key is None else " ".join(key), ns(v), want))
    return bad


def ns(seconds):
    return round(seconds * 1e9)


def io_figures(calls):
    """From the IO records: bytes read and written per rank; per file name
    its bytes and the time of the calls that accessed it (a call's time
    once, to the file of its first IO record)."""
    read, written = defaultdict(int), defaultdict(int)
    files = defaultdict(lambda: [0, 0, 0])   # name -> [time, read, written]
    for r, cs in calls.items():
        names = {}
        for c in cs:
            timed = False
            for rec in c.recs:
                if rec[0] != "io":
                    continue
                op, fid, nbytes = rec[1], rec[3], int(rec[rec.index("bytes") + 1])
                line = " ".join(rec)
                if op == "open" and " name " in line:
                    names[fid] = line.split(" name ", 1)[1]
                read[r] += nbytes if op == "read" else 0
                written[r] += nbytes if op == "write" else 0
                if fid not in names:
                    continue
                f = files[names[fid]]
                f[1] += nbytes if op == "read" else 0
                f[2] += nbytes if op == "write" else 0
                if not timed:
                    f[0] += c.X - c.E
                    timed = True
    return read, written, files


def compare_io(calls, ranks, incl, a):
    bad = []
    io = a.get("io")
    if io is None:
        return ["no io section"]
    read, written, files = io_figures(calls)
    for r in ranks:
        if r >= len(io["time"]["per_rank"]):   # the ranks' count is compared elsewhere
            continue
        for what, got, mine in (("time", ns(io["time"]["per_rank"][r]), incl("mpi_io", r)),
                                ("bytes_read", io["bytes_read"]["per_rank"][r], read[r]),
                                ("bytes_written", io["bytes_written"]["per_rank"][r], written[r])):
            if got != mine:
                bad.append("io %s on rank %d: analysis %d, oracle %d" % (what, r, got, mine))
    got = {f["name"]: [ns(f["time"]), f["bytes_read"], f["bytes_written"]] for f in io["files"]}
    if got != dict(files):
        bad.append("io files: analysis %s, oracle %s" % (got, dict(files)))
    return bad


def compare(result, path):
    ranks, end, sev, site_of, visits, site_time, messages, unknown, present, cpath, delays, calls = result
    a = json.load(open(path))
    bad = []
    children = defaultdict(list)
    for name, parent in TREE:
        if parent:
            children[parent].append(name)

    def excl(p, r):
        return sev.get((p, r, None), 0) + sum(v for (q, rr, s), v in sev.items() if q == p and rr == r and s)

    def incl(p, r):
        if p == "time":
            return end[r]
        return excl(p, r) + sum(incl(c, r) for c in children[p])

    n = a["ranks"]
    if n != len(ranks):
        bad.append("ranks: analysis %d, oracle %d" % (n, len(ranks)))
    for r in ranks:
        if r < n and ns(a["rank_time"][r]) != end[r]:
            bad.append("rank %d time: analysis %d ns, oracle %d ns" % (r, ns(a["rank_time"][r]), end[r]))
        for p, _ in TREE:
            got = ns(a["patterns"][p]["per_rank"][r]) if r < n else None
            if got != incl(p, r):
                bad.append("%s on rank %d: analysis %s ns, oracle %d ns" % (p, r, got, incl(p, r)))
    json_sites = {(c["function"], " < ".join([c["location"]] + ([c["callers"]] if c.get("callers") else []))): c
                  for c in a["callsites"]}
    for key in set(json_sites) | set(visits):
        c = json_sites.get(key)
        if c is None or key not in visits:
            bad.append("call site %s %s: only in the %s" % (key[0], key[1], "oracle" if c is None else "analysis"))
            continue
        if c["visits"] != visits[key] or ns(c["time"]) != site_time[key]:
            bad.append("call site %s %s: visits/time analysis %d/%d, oracle %d/%d" %
                       (key[0], key[1], c["visits"], ns(c["time"]), visits[key], site_time[key]))
        for p, _ in TREE[3:]:
            mine = sum(v for (q, r, s), v in sev.items() if q == p and s == key)
            got = ns(c["patterns"].get(p, 0))
            if mine != got:
                bad.append("call site %s %s: %s analysis %d ns, oracle %d ns" % (key[0], key[1], p, got, mine))
    cp = a.get("critical_path")
    if cp:   # null when the trace is not whole
        keys = [(c["function"], " < ".join([c["location"]] + ([c["callers"]] if c.get("callers") else [])))
                for c in a["callsites"]] + [None]
        got = defaultdict(int)
        for key, v in zip(keys, cp["per_callsite"]):
            got[key] += ns(v)
        for key in set(got) | set(cpath):
            if got.get(key, 0) != cpath.get(key, 0):
                bad.append("critical path at %s: analysis %d ns, oracle %d ns" %
                           ("computation" if key is None else " ".join(key), got.get(key, 0), cpath.get(key, 0)))
    bad += compare_pop(sev, end, ranks, a)
    bad += compare_io(calls, ranks, incl, a)
    if cp:   # delay costs come with the critical path (off with --no-critical-path)
        bad += compare_delays(delays, a, keys)
    if a.get("unknown") != unknown:
        bad.append("unknown wait states (partner without a stream): analysis %s, oracle %s" %
                   (a.get("unknown"), unknown))
    if a.get("traced_ranks") != sorted(present):
        bad.append("traced ranks: analysis %s, oracle %s" % (a.get("traced_ranks"), sorted(present)))
    total = sum(messages.values())
    if a["messages"]["count"] != total:
        bad.append("messages: analysis %d, oracle %d" % (a["messages"]["count"], total))
    for (s, d), k in messages.items():
        if s < n and d < n and a["messages"]["matrix_count"][s][d] != k:
            bad.append("messages %d -> %d: analysis %d, oracle %d" % (s, d, a["messages"]["matrix_count"][s][d], k))
    return bad


def values(result):
    """Each pattern's inclusive value per rank, ns, as analysis.json's per_rank."""
    ranks, end, sev = result[0], result[1], result[2]
    children = defaultdict(list)
    for name, parent in TREE:
        if parent:
            children[parent].append(name)

    def incl(p, r):
        if p == "time":
            return end[r]
        return sum(v for (q, rr, s), v in sev.items() if q == p and rr == r) + \
            sum(incl(c, r) for c in children[p])
    for p, _ in TREE:
        print(p, *(incl(p, r) for r in ranks))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--values":
        values(analyze(sys.argv[2]))
        return
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    if sys.argv[1] == "--scaling":
        bad = scaling(sys.argv[2], sys.argv[3:])
        for line in bad[:20]:
            print("oracle: %s: %s" % (sys.argv[2], line))
        if not bad:
            print("oracle agrees: POP scaling of %d traces" % len(sys.argv[3:]))
        sys.exit(1 if bad else 0)
    result = analyze(sys.argv[1])
    failed = 0
    for path in sys.argv[2:]:
        bad = compare(result, path)
        for line in bad[:20]:
            print("oracle: %s: %s" % (path, line))
        failed |= bool(bad)
    waits = sum(v for (p, r, s), v in result[2].items()
                if p not in ("computation", "mpi", "p2p", "collective", "mpi_io", "mpi_io_collective")
                and v > 0)
    if not failed:
        unk = sum(result[7].values())
        print("oracle agrees: %d ranks, %d call sites, %d ns of wait states, %d ns of critical path, %d ns of delay costs, %d messages, %d file(s)%s" %
              (len(result[0]), len(result[4]), waits, sum(result[9].values()), round(sum(result[10].values())),
               sum(result[6].values()), len(sys.argv) - 2,
               ", %d of %d ranks traced, unknown %s" % (len(result[8]), len(result[0]), result[7]) if unk else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
