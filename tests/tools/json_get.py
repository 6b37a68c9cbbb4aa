#!/usr/bin/env python3
"""json_get.py FILE EXPR... - print each expression evaluated on the JSON
document `a`, e.g. "a['patterns']['late_sender']['total']". Standard library
only; for tests."""
import json
import sys

a = json.load(open(sys.argv[1]))
for expr in sys.argv[2:]:
    print(eval(expr, {"a": a, "sum": sum, "len": len, "max": max, "min": min}))
