"""Long work in chunks, and a CPU clock, the same in CPython and MicroPython.

`drive(gen)` runs a generator of work chunks: a plain loop in CPython; under run.mjs
(MicroPython's WebAssembly build in Node) the runner steps it from JavaScript, one chunk per
`next()`, because that build only collects garbage when control returns to JavaScript.
`cpu()` is this process's CPU seconds (MicroPython in Node: `process.cpuUsage()`).

No `from __future__ import annotations` here: the scripts import this module before
`pygame_rules` registers MicroPython's stand-in for `__future__`.
"""

import sys
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

IMPL = sys.implementation.name

try:
    import runmjs  # type: ignore[import-not-found]  # only under run.mjs
except ImportError:
    runmjs = None


def drive(gen: "Iterator[object]") -> None:
    """Run every chunk of `gen` (under run.mjs: from JavaScript, after this script)."""
    if runmjs is not None:
        runmjs.PENDING.append(gen)
    else:
        for _ in gen:
            pass


def _cpu_micropython() -> float:
    import js  # MicroPython's JavaScript bridge (Node's globals)

    usage = js.process.cpuUsage()
    return (usage.user + usage.system) / 1e6


cpu: "Callable[[], float]" = _cpu_micropython if IMPL == "micropython" else time.process_time
