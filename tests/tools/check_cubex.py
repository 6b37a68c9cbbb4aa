#!/usr/bin/env python3
"""check_cubex.py FILE.cubex - read a CUBE4 file back and check that it is
well formed: a tar with anchor.xml; the XML parses; every metric has
<id>.index (CUBEX.INDEX header, endianness 1, the call-node ids of the
program tree) and <id>.data (CUBEX.DATA, one value per listed call node and
per location, of the metric's dtype). Prints a summary; exit 1 with the
reason otherwise. Also prints "complete: true|false" and one "problem: ..."
line per problem from the seshat.* attributes. Then applies the rules of
cube_check.py (Scalasca names and hierarchy, regions with files and lines,
the call tree), so every CUBE file a test reads back obeys them. Standard
library only."""
import os
import struct
import sys
import tarfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cube_check  # noqa: E402

SIZES = {"DOUBLE": 8, "UINT64": 8, "INT64": 8, "FLOAT": 4, "INT32": 4, "UINT32": 4}


def fail(msg):
    print("check_cubex: " + msg)
    sys.exit(1)


def main(path):
    try:
        tar = tarfile.open(path)
        names = tar.getnames()
    except (OSError, tarfile.TarError) as e:
        fail("%s: not a tar archive (%s)" % (path, e))
    if "anchor.xml" not in names:
        fail("%s: no anchor.xml (members: %s)" % (path, names[:5]))
    try:
        root = ET.fromstring(tar.extractfile("anchor.xml").read())
    except ET.ParseError as e:
        fail("anchor.xml does not parse: %s" % e)
    if root.tag != "cube" or not root.get("version", "").startswith("4"):
        fail("anchor.xml: root is <%s version=%s>, want <cube version=4.x>" % (root.tag, root.get("version")))
    metrics = root.findall(".//metrics//metric")
    cnodes = [int(c.get("id")) for c in root.iter("cnode")]
    regions = {int(r.get("id")) for r in root.iter("region")}
    locations = root.findall(".//system//location")
    if not metrics or not cnodes or not locations:
        fail("anchor.xml: %d metrics, %d call nodes, %d locations" % (len(metrics), len(cnodes), len(locations)))
    for c in root.iter("cnode"):
        if int(c.get("calleeId")) not in regions:
            fail("cnode %s calls undefined region %s" % (c.get("id"), c.get("calleeId")))
    for m in metrics:
        mid, dtype = m.get("id"), m.findtext("dtype")
        if dtype not in SIZES:
            fail("metric %s: dtype %s not handled" % (mid, dtype))
        for suffix in ("index", "data"):
            if "%s.%s" % (mid, suffix) not in names:
                fail("metric %s (%s): no %s.%s" % (mid, m.findtext("uniq_name"), mid, suffix))
        idx = tar.extractfile("%s.index" % mid).read()
        if idx[:11] != b"CUBEX.INDEX" or struct.unpack("<i", idx[11:15])[0] != 1:
            fail("%s.index: bad header" % mid)
        n = struct.unpack("<i", idx[18:22])[0]
        ids = struct.unpack("<%di" % n, idx[22:22 + 4 * n])
        if len(idx) != 22 + 4 * n or set(ids) - set(cnodes):
            fail("%s.index: %d ids, size %d, ids not in the call tree: %s" % (mid, n, len(idx), sorted(set(ids) - set(cnodes))))
        data = tar.extractfile("%s.data" % mid).read()
        want = 10 + n * len(locations) * SIZES[dtype]
        if data[:10] != b"CUBEX.DATA" or len(data) != want:
            fail("%s.data: %d bytes, want %d (%d nodes x %d locations x %d)" % (mid, len(data), want, n, len(locations), SIZES[dtype]))
    # seshat-analyze marks a trace that is not whole in the metadata.
    attrs = {a.get("key"): a.get("value") for a in root.findall("attr")}
    if "seshat.complete" in attrs:
        print("complete: %s" % attrs["seshat.complete"])
        for k in sorted((k for k in attrs if k.startswith("seshat.problem.")), key=lambda k: int(k.split(".")[-1])):
            print("problem: %s" % attrs[k])
    failed = cube_check.Checker(path, quiet=True).check()
    if failed:
        fail("%s: Scalasca/cubelib rules failed: %s" % (path, "; ".join(failed)))
    print("%s: well formed, Scalasca rules hold: %d metrics, %d call nodes, %d locations, %d members"
          % (path, len(metrics), len(cnodes), len(locations), len(names)))


main(sys.argv[1])
