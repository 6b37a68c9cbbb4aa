#!/usr/bin/env python3
"""gen_wrappers.py - seshat's pass-through MPI wrappers, generated at build
time from the installed mpi.h and src/mpi/calls.spec.

Usage: gen_wrappers.py [--mpi-h PATH] OUTDIR
Writes OUTDIR/interpose/gen_wrappers.c (only when its text changes): for
every wrapped call, world substitution, clock, communicator registration,
one-time warning for unmodeled calls (`local` calls are wrapped only to be
traced), and the model's hook of a `before`/`after`/`then` call. mpi.h parsing and the call list are src/mpi/gen.py's.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mpi"))
import gen  # noqa: E402  (src/mpi/gen.py: the call table this layer wraps)

HEAD = ("/* GENERATED at build time by src/interpose/gen_wrappers.py from mpi.h and "
        "src/mpi/calls.spec. Do not edit. */\n")
COMM_IN = r"MPI_Comm\s+\w+$"
COMM_OUT = r"MPI_Comm\s*\*\s*\w+$"
SPEC = gen.read_spec()
BLIND = SPEC["blind"]   # calls.spec: may wait for others, cannot poll


def collective_sync(name, params, incomms):
    """The synchronization before a calls.spec `collective` call: its
    members meet first (the watchdog's barrier; under contention through
    the model), on its communicator, or its window's or file's group."""
    if incomms:
        return "seshat_comm_sync(SESHAT_CALL_%s, seshat_comm_in(%s))" % (name, incomms[0])
    for p in params:   # the handle, or a pointer to it (Win_free, File_close)
        for kind in ("Win", "File"):
            m = re.match(r"MPI_%s\s*(\*?)\s*\w+$" % kind, p)
            if m:
                return "seshat_%s_sync(%s%s)" % (kind.lower(), m.group(1), gen.param_name(p))
    sys.exit("calls.spec: collective call %s has no communicator, window or file" % name)


def wrapper(name, params, collective=()):
    args = ", ".join(params) or "void"
    call = ", ".join(("seshat_comm_in(%s)" % gen.param_name(p)) if re.match(COMM_IN, p)
                     else gen.param_name(p) for p in params)
    newcomms = [gen.param_name(p) for p in params if re.match(COMM_OUT, p)]
    incomms = [gen.param_name(p) for p in params if re.match(COMM_IN, p)]
    out = ["int PMPI_%s(%s)\n{\n" % (name, args),
           "    int outer = seshat_enter(SESHAT_CALL_%s);\n" % name]
    # Creating a communicator synchronizes its parent's members
    # (contention = on: through the model first, see coll.h);
    # Comm_create_group involves only the group: under contention it
    # synchronizes that through the model.
    if name == "Comm_create_group":
        out.append("    if (outer)\n        seshat_comm_sync_group(seshat_comm_in(%s), %s, %s);\n"
                   % (incomms[0], gen.param_name(params[1]), gen.param_name(params[2])))
    elif newcomms and incomms:
        out.append("    if (outer)\n        seshat_comm_sync(SESHAT_CALL_%s, seshat_comm_in(%s));\n"
                   % (name, incomms[0]))
    elif gen.matches(name, collective):
        out.append("    if (outer)\n        %s;\n" % collective_sync(name, params, incomms))
    if name in SPEC["before"]:   # the model first (a synchronization: before any blind wait)
        out.append("    if (outer)\n        %s;\n" % SPEC["before"][name])
    if gen.matches(name, BLIND) and not gen.matches(name, collective):
        out.append("    if (outer)\n        seshat_watch_blind(SESHAT_CALL_%s);\n" % name)
    out.append("    int rc = seshat_real.%s(%s);\n" % (name, call))
    for c in newcomms:
        out.append("    if (outer && rc == MPI_SUCCESS)\n")
        out.append("        seshat_comm_created(SESHAT_CALL_%s, *%s);\n" % (name, c))
    if name in SPEC["after"]:    # modeled once the real call succeeded
        out.append("    if (outer && rc == MPI_SUCCESS)\n        %s;\n" % SPEC["after"][name])
    if name in SPEC["then"]:     # whatever it returned (no member waits for one that failed)
        out.append("    if (outer)\n        %s;\n" % SPEC["then"][name])
    out.append("    if (outer)\n        seshat_leave(SESHAT_CALL_%s);\n" % name)
    out.append("    return rc;\n}\n")
    out.append("int MPI_%s(%s) __attribute__((alias(\"PMPI_%s\")));\n\n" % (name, args, name))
    return "".join(out)


def main():
    mpi_h, outdir = gen.parse_args(sys.argv[1:])
    spec = gen.read_spec()
    _, wrapped = gen.plan(gen.read_prototypes(mpi_h), spec)
    includes = "".join("#include \"%s\"\n" % h for h in ["interpose/interpose.h"] + spec["include"])
    text = HEAD + includes + "\n" + \
        "".join(wrapper(name, params, spec["collective"]) for name, params, _ in wrapped)
    gen.write_if_changed(os.path.join(outdir, "interpose", "gen_wrappers.c"), text)


if __name__ == "__main__":
    main()
