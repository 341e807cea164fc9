"""MicroPython's loader (micropython.mjs) as a release build has it, for the page.

The npm build PyScript loads (@micropython/micropython-webassembly-pyscript, pinned in
package.json) is an Emscripten build with ASSERTIONS on. Two of its debug-only checks are
paid on the page's hot paths:

- `getWasmTableEntry` re-reads the WebAssembly function table on every call to check its
  own cache. MicroPython's exceptions go through Emscripten's `invoke_*` wrappers, which
  call it, so every Python `try`, call from JavaScript and generator resume paid a
  `Table.get`;
- `FS.ErrnoError` is an `Error` (a stack trace captured, the message read from wasm, the
  errno's name looked up in a table) each time the file system answers "no such file":
  every import probes paths, and unpacking the app archive checks each name first.

Measured on a Wray link (CDP CPU profile, to the first clickable move, desktop):
`Table.get` and `getWasmTableEntry` together 155-575 ms of self time, ErrnoError 27-150 ms.

`release_loader` swaps both for the code Emscripten writes without ASSERTIONS (the cache
read alone; an ErrnoError with its `name` and `errno`, all that the system calls read).
Each pattern must be found exactly once: a new MicroPython build fails the build here
rather than ship unpatched.
"""

from __future__ import annotations

RELEASE_PATCHES: tuple[tuple[str, str], ...] = (
    (
        "return func||(wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)),"
        'assert(wasmTable.get(funcPtr)==func,"JavaScript-side Wasm function table mirror is'
        ' out of date!"),func',
        "return func||(wasmTableMirror[funcPtr]=func=wasmTable.get(funcPtr)),func",
    ),
    (
        'ErrnoError:class extends Error{name="ErrnoError";constructor(errno){for(var key in '
        'super(runtimeInitialized?(errno=>UTF8ToString(_strerror(errno)))(errno):""),'
        "this.errno=errno,ERRNO_CODES)if(ERRNO_CODES[key]===errno){this.code=key;break}}}",
        'ErrnoError:class{name="ErrnoError";constructor(errno){this.errno=errno}}',
    ),
)


def release_loader(source: str) -> str:
    """micropython.mjs with RELEASE_PATCHES applied (ValueError if one is not found once)."""
    for debug, release in RELEASE_PATCHES:
        found = source.count(debug)
        if found != 1:
            raise ValueError(
                f"micropython.mjs: expected one {debug[:40]!r}..., found {found} "
                "(a new MicroPython build? see tools/micropython_release.py)"
            )
        source = source.replace(debug, release)
    return source
