#!/usr/bin/env python3
"""png_nonblank.py FILE.png [MIN_COLOURS] - exit 0 if the PNG decodes and
shows at least MIN_COLOURS (default 3) distinct pixel values, so a picture
that is blank or a single colour fails. Standard library only."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[0], hdr[1], hdr[2], hdr[3]
    if depth != 8:
        raise ValueError("bit depth %d not handled" % depth)
    bpp = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    raw, stride, prev, out = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set()
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp * 7):   # a sample is enough
            out.add(bytes(line[x:x + bpp]))
        prev = line
    return w, h, out


def main():
    path, want = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3
    try:
        w, h, colours = pixels(path)
    except (OSError, ValueError, KeyError, zlib.error, TypeError, struct.error) as e:
        print("%s: not a readable PNG (%s)" % (path, e))
        return 1
    print("%s: %dx%d, %d distinct colours sampled" % (path, w, h, len(colours)))
    return 0 if len(colours) >= want else 1


sys.exit(main())
