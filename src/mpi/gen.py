#!/usr/bin/env python3
"""gen.py - seshat's table of MPI calls, generated at build time from the
installed mpi.h (src/mpi is the lowest layer: everything above includes it).

Usage: gen.py [--mpi-h PATH] OUTDIR   (reads calls.spec next to this script)
       gen.py --print-mpi-h           (the mpi.h it reads, for make's rules)

Writes (only files whose text changes, so make rebuilds no more than needed):
  OUTDIR/mpi/gen_calls.h - call ids, their names, the unmodeled flags, and
                           the table of real PMPI entry points
  OUTDIR/mpi/gen_real.c  - the names and the table, resolved with
                           dlsym(RTLD_NEXT)
Call ids depend on the mpi.h a build reads: traces carry the names
(calls.txt), and readers map them by name (src/mpi/calls.h).
src/interpose/gen_wrappers.py imports this module for the wrappers.
"""
import fnmatch
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def find_mpi_h():
    """The mpi.h of the MPI compiler wrapper (mpicc -showme:incdirs)."""
    try:
        dirs = subprocess.check_output(["mpicc", "-showme:incdirs"], text=True).split()
    except (OSError, subprocess.CalledProcessError):
        dirs = []
    dirs.append("/usr/lib/x86_64-linux-gnu/openmpi/include")
    for d in dirs:
        p = os.path.join(d, "mpi.h")
        if os.path.exists(p):
            return p
    sys.exit("gen.py: cannot find mpi.h (is libopenmpi-dev installed?)")


def read_prototypes(path):
    """(return type, name without PMPI_, argument text) of each PMPI_ call."""
    try:
        text = open(path).read()
    except OSError as e:
        sys.exit("gen.py: %s: %s" % (path, e.strerror))
    protos = []
    for m in re.finditer(r"OMPI_DECLSPEC\s+([\w ]+?\**)\s*\bPMPI_(\w+)\s*\(([^;]*?)\)\s*([^;]*);", text):
        ret, name, args, attrs = m.group(1).strip(), m.group(2), m.group(3), m.group(4)
        if "removed" in attrs or "..." in args:
            continue
        args = " ".join(args.split())
        protos.append((ret, name, args))
    return protos


def split_params(args):
    if args.strip() in ("", "void"):
        return []
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([" and 1 or 0
        depth -= ch in ")]" and 1 or 0
        cur += ch
    out.append(cur.strip())
    # Name unnamed parameters (mpi.h has a few), so wrappers can pass them on.
    for i, p in enumerate(out):
        words = [w for w in re.findall(r"\w+", p) if w not in ("const", "struct", "unsigned")]
        if len(words) == 1:
            out[i] = "%s arg%d" % (p, i)
    return out


def param_name(p):
    m = re.search(r"(\w+)\s*(\[[^\]]*\])*\s*$", p)
    return m.group(1)


def param_type(p):
    """Type of a parameter as it can be used in a function-pointer list."""
    name = param_name(p)
    t = re.sub(r"\b%s\b\s*((\[[^\]]*\])*)\s*$" % name, r"\1", p).strip()
    if t.endswith("]"):
        t = re.sub(r"\[[^\]]*\]", "", t).strip() + " *"
    return t


HOOKS = ("before", "after", "then")   # calls.spec: one C expression per call


def read_spec():
    spec = {"special": [], "skip": [], "unmodeled": [], "local": [], "collective": [],
            "blind": [], "include": []}
    spec.update({h: {} for h in HOOKS})
    for n, text in enumerate(open(os.path.join(HERE, "calls.spec")), 1):
        line = text.split("#", 1)[0].split()
        if not line:
            continue
        if line[0] in HOOKS:   # KIND CALL EXPRESSION (the rest of the line)
            if len(line) < 3 or line[1] in spec[line[0]]:
                sys.exit("calls.spec:%d: expected `%s CALL EXPRESSION`, once per call"
                         % (n, line[0]))
            spec[line[0]][line[1]] = " ".join(line[2:])
        elif line[0] in spec:
            spec[line[0]].extend(line[1:])
        else:
            sys.exit("calls.spec:%d: unknown directive %s" % (n, line[0]))
    return spec


def hooked(spec):
    """The calls a before/after/then hook models."""
    return set().union(*(spec[h] for h in HOOKS))


def matches(name, globs):
    return any(fnmatch.fnmatchcase(name, g) for g in globs)


def plan(protos, spec):
    """The call ids (sorted names) and the wrapped calls
    [(name, params, unmodeled)] for prototypes read from mpi.h."""
    names = [p[1] for p in protos]
    for s in spec["special"]:
        if s not in names:
            sys.exit("calls.spec: special call %s is not in mpi.h" % s)
    for h in sorted(hooked(spec)):
        if h not in names or matches(h, spec["special"]):
            sys.exit("calls.spec: hooked call %s is not in mpi.h or is special" % h)
    wrapped = []
    for ret, name, args in protos:
        params = split_params(args)
        if ret != "int" or matches(name, spec["special"]) or matches(name, spec["skip"]):
            continue
        has_comm = any(re.match(r"MPI_Comm\s+\w+$", p) for p in params)
        unmodeled = matches(name, spec["unmodeled"])
        if has_comm or unmodeled or matches(name, spec["local"]) or name in hooked(spec):
            wrapped.append((name, params, unmodeled))
    ids = sorted(set(spec["special"]) | {w[0] for w in wrapped})
    return ids, wrapped


def write_if_changed(path, text):
    """Keeps the file (and its time stamp) when the text is the same."""
    try:
        if open(path).read() == text:
            return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def parse_args(argv):
    mpi_h, out = None, None
    i = 0
    while i < len(argv):
        if argv[i] == "--mpi-h" and i + 1 < len(argv):
            mpi_h = argv[i + 1]
            i += 2
        elif argv[i] == "--print-mpi-h":
            print(find_mpi_h())
            sys.exit(0)
        elif out is None and not argv[i].startswith("-"):
            out = argv[i]
            i += 1
        else:
            sys.exit("gen.py: unexpected argument %s (usage: gen.py [--mpi-h PATH] OUTDIR)" % argv[i])
    if out is None:
        sys.exit("usage: gen.py [--mpi-h PATH] OUTDIR")
    return mpi_h or find_mpi_h(), out


def main():
    mpi_h, outdir = parse_args(sys.argv[1:])
    protos = read_prototypes(mpi_h)
    ids, wrapped = plan(protos, read_spec())
    write_if_changed(os.path.join(outdir, "mpi", "gen_calls.h"), header_text(protos, ids))
    write_if_changed(os.path.join(outdir, "mpi", "gen_real.c"),
                     real_text(protos, ids, {w[0] for w in wrapped if w[2]}))


HEAD = "/* GENERATED at build time by src/mpi/gen.py from mpi.h and calls.spec. Do not edit. */\n"


def header_text(protos, ids):
    out = [HEAD, "#ifndef SESHAT_GEN_CALLS_H\n#define SESHAT_GEN_CALLS_H\n#include <mpi.h>\n\n",
           "/* Every interposed call, for warnings, statistics and traces. */\nenum seshat_call_id {\n"]
    out += ["    SESHAT_CALL_%s,\n" % n for n in ids]
    out.append("    SESHAT_CALL_COUNT\n};\n\n")
    out.append("extern const char *const seshat_call_names[SESHAT_CALL_COUNT];\n")
    out.append("/* Non-zero for calls that communicate but have no model yet. */\n")
    out.append("extern const unsigned char seshat_call_unmodeled[SESHAT_CALL_COUNT];\n\n")
    out.append("/* The real PMPI entry points (the next definition after libseshat). */\n")
    out.append("struct seshat_real_table {\n")
    for ret, name, args in protos:
        types = ", ".join(param_type(p) for p in split_params(args)) or "void"
        out.append("    %s (*%s)(%s);\n" % (ret, name, types))
    out.append("};\nextern struct seshat_real_table seshat_real;\n\n")
    out.append("/* Resolve the table; returns the number of calls not found. */\n")
    out.append("int seshat_real_resolve(void);\n\n#endif\n")
    return "".join(out)


def real_text(protos, ids, unmodeled):
    out = [HEAD, "#include <dlfcn.h>\n#include \"mpi/gen_calls.h\"\n\n",
           "const char *const seshat_call_names[SESHAT_CALL_COUNT] = {\n"]
    out += ["    \"MPI_%s\",\n" % n for n in ids]
    out.append("};\n\nconst unsigned char seshat_call_unmodeled[SESHAT_CALL_COUNT] = {\n")
    out += ["    %d, /* %s */\n" % (1 if n in unmodeled else 0, n) for n in ids]
    out.append("};\n\nstruct seshat_real_table seshat_real;\n\n")
    out.append("int seshat_real_resolve(void)\n{\n    int missing = 0;\n    void *p;\n")
    for ret, name, args in protos:
        out.append("    p = dlsym(RTLD_NEXT, \"PMPI_%s\");\n" % name)
        out.append("    missing += !p;\n    *(void **)&seshat_real.%s = p;\n" % name)
    out.append("    return missing;\n}\n")
    return "".join(out)


if __name__ == "__main__":
    main()
