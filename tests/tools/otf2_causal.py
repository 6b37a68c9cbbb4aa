#!/usr/bin/env python3
"""otf2_causal.py - every message of an OTF2 archive is received no earlier
than it is sent.

    otf2-print ARCHIVE/traces.otf2 | otf2_causal.py [--expect-all]

Pairs the k-th send from location s to location d with tag t on
communicator c (MPI_SEND, MPI_ISEND) with the k-th receive at d from s with
tag t on c (MPI_RECV, MPI_IRECV), MPI's non-overtaking order, and requires
receive time >= send time. Nonblocking events must be well formed: each
MPI_IRECV follows an MPI_IRECV_REQUEST of its request id on its location,
each MPI_ISEND_COMPLETE follows the MPI_ISEND of its id. With
--expect-all, every send must have its receive and the reverse. Prints a
summary (or the first problems) and exits 1 on any problem.
"""
import re
import sys
from collections import defaultdict

EVENT = re.compile(r"^(MPI_\w+)\s+(\d+)\s+(\d+)\s*(.*)$")
# the peer's location; an untraced peer (trace.ranks) prints as INVALID:
# its rank in the communicator then stands for it
PEER = re.compile(r"(Sender|Receiver): (\d+) (?:\(\"[^\"]*\" <(\d+)>\)|\(INVALID\)), "
                  r"Communicator: .*<(\d+)>, Tag: (-?\d+)")
REQUEST = re.compile(r"Request: (\d+)")


def main():
    expect_all = "--expect-all" in sys.argv[1:]
    sends, recvs = defaultdict(list), defaultdict(list)
    posted, isent = defaultdict(dict), defaultdict(dict)
    problems = []
    counts = defaultdict(int)
    for line in sys.stdin:
        m = EVENT.match(line)
        if not m:
            continue
        kind, loc, t, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        counts[kind] += 1
        req = REQUEST.search(rest)
        req = int(req.group(1)) if req else None
        if kind in ("MPI_SEND", "MPI_ISEND", "MPI_RECV", "MPI_IRECV"):
            p = PEER.search(rest)
            if not p:
                problems.append("unreadable event: " + line.strip())
                continue
            peer = int(p.group(3) if p.group(3) is not None else p.group(2))
            comm, tag = int(p.group(4)), int(p.group(5))
            if kind in ("MPI_SEND", "MPI_ISEND"):
                sends[(loc, peer, comm, tag)].append(t)
            else:
                recvs[(peer, loc, comm, tag)].append(t)
        if kind == "MPI_ISEND":
            isent[loc][req] = t
        elif kind == "MPI_ISEND_COMPLETE":
            if isent[loc].pop(req, None) is None:
                problems.append("location %d: MPI_ISEND_COMPLETE of request %s without its MPI_ISEND" % (loc, req))
        elif kind == "MPI_IRECV_REQUEST":
            posted[loc][req] = t
        elif kind == "MPI_IRECV":
            if posted[loc].pop(req, None) is None:
                problems.append("location %d: MPI_IRECV of request %s at %d without its MPI_IRECV_REQUEST"
                                % (loc, req, t))
        elif kind == "MPI_REQUEST_CANCELLED":
            posted[loc].pop(req, None)
    paired = 0
    for key in set(sends) | set(recvs):
        s, r = sends.get(key, []), recvs.get(key, [])
        for k in range(min(len(s), len(r))):
            paired += 1
            if r[k] < s[k]:
                problems.append("message %d -> %d (comm %d, tag %d) #%d: received at %d before it was sent at %d"
                                % (key[0], key[1], key[2], key[3], k, r[k], s[k]))
        if expect_all and len(s) != len(r):
            problems.append("messages %d -> %d (comm %d, tag %d): %d sent, %d received"
                            % (key[0], key[1], key[2], key[3], len(s), len(r)))
    for line in problems[:20]:
        print("otf2_causal: " + line)
    if problems:
        print("otf2_causal: %d problems" % len(problems))
        sys.exit(1)
    print("causal: %d messages paired (%d MPI_SEND, %d MPI_ISEND, %d MPI_RECV, %d MPI_IRECV)"
          % (paired, counts["MPI_SEND"], counts["MPI_ISEND"], counts["MPI_RECV"], counts["MPI_IRECV"]))


if __name__ == "__main__":
    main()
