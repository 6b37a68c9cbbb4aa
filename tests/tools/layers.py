#!/usr/bin/env python3
"""layers.py - check seshat's include graph against its layers.

Reads every quoted #include line under the source roots, resolves it the
way the compiler does (the including file's folder, then the -I folders of
the Makefile), and fails on
  - an include that reaches a layer the including layer may not use
    (a lower layer never includes a higher one; peers only as listed), and
  - a circle of includes through files of different layers, and
  - a circle between the units of one folder (a unit is a file's name
    without its extension: x.c and x.h are one unit): at include level,
    and, when the build folder holds objects (build/obj/**.o), at symbol
    level (`nm`: object A uses a global symbol object B defines). A folder
    is a stack too: its parts depend on each other one way only.
Known violations are listed in EXCEPTIONS, each with the issue that removes
it; an exception that no longer matches anything is reported so it can be
deleted. --strict treats the exceptions as failures (what is left to do).

Usage: tests/tools/layers.py [--strict] [--verbose]   (from the repository root)
       tests/tools/layers.py --self-test   (the checker on small made-up trees)
Exit 0 when clean, 1 on a violation, 2 on bad input (an unresolved include).
"""
import fnmatch
import os
import re
import sys

# Layers, lowest first, and the layers each one may include besides itself.
# A layer is a folder (or, while the tree moves, a few named files).
USES = {
    "mpi":       [],
    "common":    ["mpi"],
    "config":    ["mpi", "common"],
    "tracefmt":  ["mpi", "common", "config"],
    "model":     ["mpi", "common", "config"],
    "wire":      ["mpi", "common", "config", "model"],
    "trace":     ["mpi", "common", "config", "tracefmt"],
    "rank":      ["mpi", "common", "config", "tracefmt", "trace", "model", "wire"],
    "server":    ["mpi", "common", "config", "tracefmt", "trace", "model", "wire"],
    "interpose": ["mpi", "common", "config", "tracefmt", "trace", "model", "wire",
                  "rank", "server"],
    # on top of what they use (separate programs, never preloaded)
    "export":    ["mpi", "common", "config", "tracefmt"],
    "analyze":   ["mpi", "common", "config", "tracefmt"],
    "calibrate": ["mpi", "common", "config", "model"],
    "tools":     ["mpi", "common", "config", "tracefmt", "export", "model", "analyze",
                  "calibrate"],
}

# Path -> layer; the first matching pattern wins (fnmatch, relative paths).
LAYER_OF = [
    ("src/mpi/*", "mpi"),
    ("src/common/*", "common"),
    ("src/config/*", "config"),
    ("traceout/tracefmt/*", "tracefmt"),
    ("traceout/trace/*", "trace"),
    ("traceout/export/*", "export"),
    ("netmodel/wire/*", "wire"),
    ("netmodel/server/*", "server"),
    ("netmodel/model/*", "model"),
    ("src/rank/*", "rank"),
    ("src/interpose/*", "interpose"),
    ("src/analyze/*", "analyze"),
    ("src/calibrate/*", "calibrate"),
    ("src/tools/*", "tools"),
]

# Files generated into the build folder at build time (not in the tree):
# include name -> layer.
GENERATED = {
    "mpi/gen_calls.h": "mpi",
}

# Known violations: (including file pattern, included file pattern, why).
# Each one names the issue that removes it.
EXCEPTIONS = []

# Known circles inside one folder: (folder, level, why). Each one names the
# issue that removes it; --strict fails on them like on any other circle.
CIRCLE_EXCEPTIONS = []

# Where the build puts the objects of a source file x/y.c: $BUILD/obj/x/y.o
# (BUILD from the environment, as the Makefile names it; build by default).
OBJ_ROOT = os.path.join(os.environ.get("BUILD") or "build", "obj")

ROOTS = ["src", "netmodel", "traceout"]
SOURCE_EXT = (".c", ".h", ".cpp")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def include_dirs(makefile="Makefile"):
    """The -I folders of the Makefile that are in the tree (not $(BUILD)/...)."""
    dirs = []
    try:
        text = open(makefile).read()
    except OSError as e:
        print(f"layers.py: cannot read {makefile}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    for m in re.finditer(r"-I(\S+)", text):
        d = m.group(1)
        if "$" not in d and os.path.isdir(d) and d not in dirs:
            dirs.append(d)
    return dirs


def layer_of(path):
    for pat, layer in LAYER_OF:
        if fnmatch.fnmatch(path, pat):
            return layer
    return None


def source_files():
    files = []
    for root in ROOTS:
        for dirpath, _, names in os.walk(root):
            for n in sorted(names):
                if n.endswith(SOURCE_EXT):
                    files.append(os.path.normpath(os.path.join(dirpath, n)))
    return sorted(files)


def resolve(src, name, dirs):
    """Path of the file `#include "name"` in src means, or None."""
    for d in [os.path.dirname(src)] + dirs:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    return None


def read_graph(files, dirs):
    """edges: file -> [(included path or generated name, line number)]."""
    edges, unresolved = {}, []
    for f in files:
        edges[f] = []
        with open(f, errors="replace") as fh:
            for ln, line in enumerate(fh, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                name = m.group(1)
                target = resolve(f, name, dirs)
                if target is None and name in GENERATED:
                    target = "<generated>/" + name
                if target is None:
                    unresolved.append(f"{f}:{ln}: #include \"{name}\" resolves to no file")
                    continue
                edges[f].append((target, ln))
    return edges, unresolved


def target_layer(t):
    if t.startswith("<generated>/"):
        return GENERATED[t[len("<generated>/"):]]
    return layer_of(t)


def exception_for(src, dst):
    for i, (a, b, _) in enumerate(EXCEPTIONS):
        if fnmatch.fnmatch(src, a) and fnmatch.fnmatch(dst, b):
            return i
    return None


def cycles(edges):
    """Strongly connected components with more than one file (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w, _ in edges.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def unit_of(path):
    """(folder, unit): a file's folder and its name without extension."""
    return os.path.dirname(path), os.path.splitext(os.path.basename(path))[0]


def folder_circles(unit_edges):
    """Circles of more than one unit inside one folder: [(folder, [units])].
    unit_edges: (folder, unit) -> set of (folder, unit)."""
    g = {}
    for a, bs in unit_edges.items():
        g.setdefault(a, [])
        for b in sorted(bs):
            if b != a and b[0] == a[0]:
                g[a].append((b, 0))
    return [(comp[0][0], [u for _, u in comp]) for comp in cycles(g)]


def include_units(edges):
    """The include graph between the units of one folder."""
    ue = {}
    for src, dsts in edges.items():
        a = unit_of(src)
        ue.setdefault(a, set())
        for dst, _ in dsts:
            if not dst.startswith("<generated>/"):
                ue[a].add(unit_of(dst))
    return ue


def object_files(files):
    """(source file, object) for each source with an object under OBJ_ROOT."""
    out = []
    for f in files:
        if f.endswith((".c", ".cpp")):
            o = os.path.join(OBJ_ROOT, os.path.splitext(f)[0] + ".o")
            if os.path.isfile(o):
                out.append((f, o))
    return out


def nm_symbols(objs):
    """object -> (defined, used) global symbol names, from one nm run."""
    import subprocess
    try:
        text = subprocess.run(["nm", "-P", "-A"] + list(objs), capture_output=True, text=True,
                              check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"layers.py: nm: {e}", file=sys.stderr)
        sys.exit(2)
    out = {o: (set(), set()) for o in objs}
    for line in text.splitlines():
        obj, _, rest = line.partition(": ")
        parts = rest.split()
        if obj not in out or len(parts) < 2:
            continue
        defined, used = out[obj]
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind.isupper() or kind in "vw":   # global (or weak) definition
            defined.add(name)
    return out


def symbol_units(objs):
    """The symbol graph between the units of one folder: A -> B when A's
    object uses a global symbol B's object defines."""
    by_obj = nm_symbols([o for _, o in objs])
    syms = {f: by_obj[o] for f, o in objs}
    definer = {}
    for f, (defined, _) in syms.items():
        for name in defined:
            definer.setdefault((os.path.dirname(f), name), unit_of(f))
    ue = {}
    for f, (_, used) in syms.items():
        a = unit_of(f)
        ue.setdefault(a, set())
        for name in used:
            b = definer.get((os.path.dirname(f), name))
            if b is not None:
                ue[a].add(b)
    return ue


def circle_exception_for(folder, level):
    for i, (fpat, lv, _) in enumerate(CIRCLE_EXCEPTIONS):
        if fnmatch.fnmatch(folder, fpat) and lv == level:
            return i
    return None


def main(argv):
    strict = "--strict" in argv
    verbose = "--verbose" in argv
    bad = [a for a in argv if a not in ("--strict", "--verbose")]
    if bad:
        print(f"layers.py: unknown argument {bad[0]} (expected --strict or --verbose)",
              file=sys.stderr)
        return 2
    for layer, uses in USES.items():
        for u in uses:
            assert u in USES, f"USES[{layer}] names unknown layer {u}"
    dirs = include_dirs()
    files = source_files()
    edges, unresolved = read_graph(files, dirs)
    if unresolved:
        for u in unresolved:
            print(u, file=sys.stderr)
        return 2
    fail, used = [], set()
    unlayered = [f for f in files if layer_of(f) is None]
    for f in unlayered:
        fail.append(f"{f}: in no layer (add it to LAYER_OF in tests/tools/layers.py)")
    n_edges = 0
    for src in files:
        ls = layer_of(src)
        for dst, ln in edges[src]:
            n_edges += 1
            ld = target_layer(dst)
            if ls is None or ld is None or ld == ls or ld in USES[ls]:
                continue
            what = f"{src}:{ln}: {ls} includes {dst} ({ld}): {ls} may use only " \
                   f"{', '.join(USES[ls]) or 'nothing'}"
            i = exception_for(src, dst)
            if i is not None and not strict:
                used.add(i)
                if verbose:
                    print(f"todo {what} [exception: {EXCEPTIONS[i][2]}]")
                continue
            fail.append(what)
    for comp in cycles(edges):
        layers = sorted({target_layer(f) for f in comp})
        if len(layers) > 1:
            fail.append(f"include circle across layers {', '.join(layers)}: {' -> '.join(comp)}")
    graphs = [("include", include_units(edges))]
    objs = object_files(files)
    if objs:
        graphs.append(("symbol", symbol_units(objs)))
    used_circles = set()
    for level, ue in graphs:
        for folder, units in folder_circles(ue):
            what = f"{level} circle in {folder}/: {', '.join(units)}"
            i = circle_exception_for(folder, level)
            if i is not None and not strict:
                used_circles.add(i)
                if verbose:
                    print(f"todo {what} [exception: {CIRCLE_EXCEPTIONS[i][2]}]")
                continue
            fail.append(what)
    stale = [e for i, e in enumerate(EXCEPTIONS) if i not in used]
    stale_circles = [e for i, e in enumerate(CIRCLE_EXCEPTIONS) if i not in used_circles]
    if not strict:
        for a, b, why in stale:
            print(f"note: exception ({a} -> {b}: {why}) no longer needed: delete it")
        for a, lv, why in stale_circles:
            if lv == "include" or objs:
                print(f"note: circle exception ({a}, {lv}: {why}) no longer needed: delete it")
    for f in fail:
        print("FAIL " + f)
    print(f"layers: {len(files)} files, {n_edges} includes, {len(objs)} objects, "
          f"{len(fail)} violations, {len(used) + len(used_circles)} of "
          f"{len(EXCEPTIONS) + len(CIRCLE_EXCEPTIONS)} listed exceptions in use")
    return 1 if fail else 0


def self_test():
    """The checker finds an include that reaches up, a circle across
    layers and an unresolved include, and passes a clean tree."""
    import contextlib
    import io
    import tempfile
    cases = [
        ({"src/common/b.h": '#include "mpi/a.h"\n', "src/mpi/a.h": ""}, 0, []),
        ({"src/mpi/a.h": '#include "common/b.h"\n', "src/common/b.h": ""}, 1,
         ["src/mpi/a.h:1: mpi includes src/common/b.h (common)"]),
        ({"src/mpi/a.h": '#include "common/b.h"\n', "src/common/b.h": '#include "mpi/a.h"\n'}, 1,
         ["include circle across layers common, mpi: src/common/b.h -> src/mpi/a.h"]),
        ({"src/rank/r.c": '  #  include "rank/x.h"\n'}, 2, []),
        ({"src/elsewhere/e.c": ""}, 1, ["src/elsewhere/e.c: in no layer"]),
        # a circle of three units in one folder; x.c and x.h are one unit
        ({"src/rank/a.h": '#include "rank/b.h"\n', "src/rank/b.h": "",
          "src/rank/b.c": '#include "rank/c.h"\n', "src/rank/c.h": '#include "rank/a.h"\n',
          "src/rank/d.h": '#include "rank/a.h"\n'}, 1,
         ["include circle in src/rank/: a, b, c"]),
        # a header and its own .c are no circle; nor is a one-way chain
        ({"src/rank/a.h": "", "src/rank/a.c": '#include "rank/a.h"\n#include "rank/b.h"\n',
          "src/rank/b.h": ""}, 0, []),
        # no include between them, but each object calls the other (built
        # below into build/obj): a circle at symbol level
        ({"src/rank/a.c": "void fb(void);\nvoid fa(void) { fb(); }\n",
          "src/rank/b.c": "void fa(void);\nvoid fb(void) { fa(); }\n",
          "src/rank/c.c": "void fa(void);\nvoid fc(void) { fa(); }\n"}, 1,
         ["symbol circle in src/rank/: a, b"]),
    ]
    here = os.getcwd()
    bad = 0
    # the made-up trees have no known violations
    global EXCEPTIONS, CIRCLE_EXCEPTIONS
    EXCEPTIONS, CIRCLE_EXCEPTIONS = [], []
    for files, want_rc, want_lines in cases:
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "Makefile"), "w") as f:
                f.write("CPPFLAGS += -Isrc\n")
            for name, text in files.items():
                os.makedirs(os.path.join(d, os.path.dirname(name)), exist_ok=True)
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
                if name.endswith(".c") and not re.search(r"#\s*include", text):
                    obj = os.path.join(d, OBJ_ROOT, name[:-2] + ".o")
                    os.makedirs(os.path.dirname(obj), exist_ok=True)
                    import subprocess
                    subprocess.run(["cc", "-c", "-o", obj, os.path.join(d, name)], check=True)
            out = io.StringIO()
            os.chdir(d)
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
                    rc = main([])
            finally:
                os.chdir(here)
            missing = [w for w in want_lines if w not in out.getvalue()]
            if rc != want_rc or missing:
                bad += 1
                print(f"FAIL self-test {sorted(files)}: exit {rc} (expected {want_rc}), "
                      f"missing {missing}\n{out.getvalue()}")
    print(f"layers self-test: {len(cases) - bad} of {len(cases)} cases as expected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else main(sys.argv[1:]))
