#!/usr/bin/env python3
"""Which communicator- or request-taking MPI calls the conformance corpus
never makes.

Usage: coverage.py CALLED [KNOWN]
  CALLED  names the corpus called (MPI_X, one per line: the `enter` records
          of its own seshat traces)
  KNOWN   tests/conformance/uncovered.txt: calls known to be missing

The universe is every call in seshat's call table (src/mpi/gen.py) whose
prototype in Open MPI's mpi.h takes an MPI_Comm or an MPI_Request. Prints
the coverage and each missing call; exits 1 if a missing call is not in
KNOWN, or a KNOWN call is covered now (keep the list exact)."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "src", "mpi"))
import gen  # noqa: E402  (mpi.h parsing and the call list of the generator)


def universe():
    protos = gen.read_prototypes(gen.find_mpi_h())
    wrapped = set(gen.plan(protos, gen.read_spec())[0])
    out = set()
    for ret, name, args in protos:
        params = gen.split_params(args)
        if name in wrapped and any(re.match(r"(const\s+)?MPI_(Comm|Request)\b", p) for p in params):
            out.add(name)
    return out


def main():
    called = {l.strip()[4:] for l in open(sys.argv[1]) if l.startswith("MPI_")}
    known = set()
    if len(sys.argv) > 2:
        known = {l.split("#")[0].strip() for l in open(sys.argv[2])} - {""}
    calls = universe()
    missing = sorted(calls - called)
    print("coverage: the corpus makes %d of %d communicator/request calls"
          % (len(calls) - len(missing), len(calls)))
    for m in missing:
        print("  missing MPI_%s%s" % (m, "" if m in known else "   (NEW)"))
    stale = sorted(known & (calls - set(missing)))
    for s in stale:
        print("  covered now, drop from the known list: MPI_%s" % s)
    sys.exit(1 if (set(missing) - known) or stale else 0)


if __name__ == "__main__":
    main()
