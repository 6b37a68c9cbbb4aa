#!/usr/bin/env python3
"""exports.py - the preloaded library exports only MPI names.

libseshat.so is preloaded into programs it must not disturb: any other
dynamic symbol (a helper, a global) could be bound by the program or by
another library instead of its own. Checks `nm -D --defined-only LIB`:
  - every defined dynamic symbol is an MPI C name (MPI_*, PMPI_*) that the
    installed mpi.h declares, or a Fortran binding (mpi_*, pmpi_*, with the
    compilers' manglings) of such a name or of a Fortran-only MPI routine;
  - the names the wrappers must provide are there (MPI_Init, PMPI_Init,
    MPI_Send, the Fortran mpi_send_ / mpi_send_f08), so an empty or
    stripped library does not pass.
Besides MPI's names, ALLOWED_OTHER lists the program's clocks that seshat
replaces (clock_gettime, gettimeofday, time, omp_get_wtime: virtual time
for a program that times itself); a name added there must say why. They
are required too, so that a build without them does not pass.

Usage: tests/tools/exports.py build/lib/libseshat.so [path/to/mpi.h]
Exit 0 clean, 1 on an unexpected or missing export, 2 on bad input.
"""
import re
import subprocess
import sys

# Names besides MPI's own, each with its reason.
ALLOWED_OTHER = {
    # The program's own clocks (src/interpose/clock_calls.c): replaced so that
    # a program timing itself with them reads virtual time, as with MPI_Wtime
    # (docs/design.md, "The program's clocks").
    "clock_gettime", "gettimeofday", "time", "omp_get_wtime",
    # Open MPI's progress loop yields on every empty pass of a wait when the
    # node is oversubscribed (src/interpose/yield_calls.c): inside MPI calls
    # an idle rank naps instead of staying runnable (docs/performance.md,
    # "Under load"); everywhere else it is the system call.
    "sched_yield",
}

# Fortran-only MPI routines (no C counterpart in mpi.h).
FORTRAN_ONLY = {"MPI_SIZEOF", "MPI_F_SYNC_REG"}

# Fortran calls reach the C wrappers through Open MPI's Fortran library,
# except those taking callbacks or attributes (wrapped per mangling).
REQUIRED = ["MPI_Init", "PMPI_Init", "MPI_Send", "MPI_Finalize", "mpi_comm_get_attr_",
            "MPI_COMM_GET_ATTR", "mpi_comm_set_attr_f08_"] + sorted(ALLOWED_OTHER)

C_NAME = re.compile(r"^P?MPI_[A-Z][a-z0-9_][A-Za-z0-9_]*$")
F_UPPER = re.compile(r"^P?MPI_[A-Z0-9_]+$")
F_NAME = re.compile(r"^p?mpi_[a-z0-9_]+$")


def mpi_h_names(path):
    try:
        text = open(path).read()
    except OSError as e:
        print(f"exports.py: cannot read {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    return set(re.findall(r"\b(P?MPI_[A-Z][A-Za-z0-9_]*)\s*\(", text))


def default_mpi_h():
    try:
        flags = subprocess.run(["mpicc", "-showme:incdirs"], capture_output=True,
                               text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        flags = []
    for d in flags + ["/usr/include"]:
        p = d.rstrip("/") + "/mpi.h"
        try:
            open(p).close()
            return p
        except OSError:
            continue
    print("exports.py: no mpi.h found (give its path as the second argument)", file=sys.stderr)
    sys.exit(2)


def fortran_base(name):
    """mpi_send_ / pmpi_send__ / mpi_send_f08 -> MPI_Send's upper-case name."""
    base = name[1:] if name.startswith("pmpi_") else name
    for suffix in ("_f08ts_", "_f08_", "_f08ts", "_f08", "__", "_"):
        if base.endswith(suffix) and len(base) > len(suffix) + 4:
            base = base[: -len(suffix)]
            break
    return base.upper()


def main(argv):
    if len(argv) not in (1, 2):
        print("usage: exports.py LIB.so [mpi.h]", file=sys.stderr)
        return 2
    lib = argv[0]
    mpi_h = argv[1] if len(argv) == 2 else default_mpi_h()
    try:
        out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"exports.py: nm -D {lib} failed: {e}", file=sys.stderr)
        return 2
    names = [ln.split()[-1].split("@")[0] for ln in out.splitlines() if ln.strip()]
    declared = mpi_h_names(mpi_h)
    upper = {n.upper() for n in declared} | FORTRAN_ONLY
    fail = []
    for n in names:
        if n in ALLOWED_OTHER:
            continue
        if C_NAME.match(n):
            if n not in declared:
                fail.append(f"{n}: an MPI-looking C name that {mpi_h} does not declare")
        elif F_NAME.match(n) or F_UPPER.match(n):
            b = fortran_base(n.lower())
            if b not in upper:
                fail.append(f"{n}: a Fortran-looking name of no MPI routine ({b})")
        else:
            fail.append(f"{n}: not an MPI name (make it static or hidden)")
    have = set(names)
    for r in REQUIRED:
        if r not in have:
            fail.append(f"{r}: missing (the wrappers must export it)")
    for f in fail:
        print(f"FAIL {lib}: {f}")
    n_c = sum(1 for n in names if C_NAME.match(n) and not F_UPPER.match(n))
    print(f"exports: {len(names)} dynamic symbols in {lib} ({n_c} C, "
          f"{len(names) - n_c} Fortran or other), {len(fail)} problems")
    return 1 if fail else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
