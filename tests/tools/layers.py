#!/usr/bin/env python3
"""layers.py - check seshat's include graph against its layers.

Reads every quoted #include line under the source roots, resolves it the
way the compiler does (the including file's folder, then the -I folders of
the Makefile), and fails on
  - an include that reaches a layer the including layer may not use
    (a lower layer never includes a higher one; peers only as listed), and
  - a circle of includes through files of different layers.
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
    stale = [e for i, e in enumerate(EXCEPTIONS) if i not in used]
    if not strict:
        for a, b, why in stale:
            print(f"note: exception ({a} -> {b}: {why}) no longer needed: delete it")
    for f in fail:
        print("FAIL " + f)
    print(f"layers: {len(files)} files, {n_edges} includes, {len(fail)} violations, "
          f"{len(used)} of {len(EXCEPTIONS)} listed exceptions in use")
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
    ]
    here = os.getcwd()
    bad = 0
    for files, want_rc, want_lines in cases:
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "Makefile"), "w") as f:
                f.write("CPPFLAGS += -Isrc\n")
            for name, text in files.items():
                os.makedirs(os.path.join(d, os.path.dirname(name)), exist_ok=True)
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
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
