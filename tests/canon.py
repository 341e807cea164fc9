"""Interpreter-independent text and digest of JSON-like data (CPython and MicroPython).

`json.dumps` cannot be compared across interpreters: MicroPython's dicts keep no insertion
order, it has no `sort_keys`, writes non-ASCII raw and formats some floats differently. So:
dict keys sorted, floats as their IEEE-754 bits, strings escaped by hand, tuples marked.
Equal text <=> equal data, JSON types included (1, 1.0 and True all differ).
"""

import struct
from hashlib import sha256  # both interpreters have it (MicroPython: digest() only)


def canon(value):
    out = []
    _canon(value, out.append)
    return "".join(out)


def _canon(value, w):
    t = type(value)
    if t is dict:
        w("{")
        try:
            keys = sorted(value)
        except TypeError:  # mixed key types: order by their text
            keys = sorted(value, key=canon)
        first = True
        for k in keys:
            if first:
                first = False
            else:
                w(",")
            _canon(k, w)
            w(":")
            _canon(value[k], w)
        w("}")
    elif t is list:
        w("[")
        first = True
        for v in value:
            if first:
                first = False
            else:
                w(",")
            _canon(v, w)
        w("]")
    elif t is str:
        if '"' in value or "\\" in value:
            value = value.replace("\\", "\\\\").replace('"', '\\"')
        w('"' + value + '"')
    elif t is int:
        w(str(value))
    elif value is None:
        w("null")
    elif t is bool:
        w("true" if value else "false")
    elif t is float:
        w("f" + "".join(f"{b:02x}" for b in struct.pack(">d", value)))
    elif t is tuple:
        w("(")
        first = True
        for v in value:
            if first:
                first = False
            else:
                w(",")
            _canon(v, w)
        w(")")
    else:
        raise TypeError(f"not JSON-like: {value!r}")


class Digest:
    """sha256 of a stream of texts."""

    def __init__(self):
        self.h = sha256()
        self.n = 0

    def add(self, text):
        self.h.update(text.encode("utf-8"))
        self.h.update(b"\n")
        self.n += 1

    def hex(self):
        return "".join(f"{b:02x}" for b in self.h.digest())
