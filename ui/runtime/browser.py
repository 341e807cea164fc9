"""The page's JavaScript objects, through PyScript's own FFI, so the UI runs the same on
MicroPython (the page's main thread) and Pyodide (embed.js's fallback boot without
PyScript, when a frame's storage is blocked)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    from pyscript import document
    from pyscript import window as _global
    from pyscript.ffi import create_proxy, to_js
except ImportError:
    try:  # Pyodide started directly by static/js/embed.js
        from js import Object, document
        from js import window as _global
        from pyodide.ffi import create_proxy
        from pyodide.ffi import to_js as _to_js

        def to_js(value: object) -> object:
            """As pyscript.ffi.to_js: a dict becomes a plain JS object, not a Map."""
            return _to_js(value, dict_converter=Object.fromEntries)

    except ImportError:  # CPython: tests and tools import the UI, with no page to talk to
        document = _global = None

        def create_proxy(value: object) -> object:
            return value

        def to_js(value: object) -> object:
            return value


# On MicroPython, pyscript.window is the `js` module: a method taken from it is called
# without `this` ("Illegal invocation", e.g. addEventListener). The global object's own
# `window` is the real object. (And never call window.setTimeout from Python there:
# asyncio's own timers then fail the same way.)
window: Any = getattr(_global, "window", None)

__all__ = ["bring_into_view", "create_proxy", "document", "next_task", "now", "to_js", "window"]


def now() -> float:
    """Seconds on the page's monotonic clock (performance.now): MicroPython's `time` has
    no perf_counter, and JS integers past 2**31 wrap in MicroPython's FFI."""
    return float(window.performance.now()) / 1000


def next_task() -> Any:
    """An awaitable settled in the page's next task (static/js/host.js's nextTask): awaiting
    it always gives the page a turn to paint and take clicks."""
    return window.nextTask()


def bring_into_view(node: Any, block: str = "nearest") -> None:
    """`node.scrollIntoView({block})`; in an embedded frame, the host page is asked to bring
    it into view too (static/js/embed.js askHostToShow: WebKit does not scroll a host page
    on another site)."""
    window.bringIntoView(node, block)
