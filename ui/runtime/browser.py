"""The page's JavaScript objects, through PyScript's own FFI, so the UI runs the same on
MicroPython under PyScript (the page's main thread) and on MicroPython started directly by
static/js/embed.js (a frame whose storage is blocked, where PyScript cannot start)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    from pyscript import document
    from pyscript import window as _global
    from pyscript.ffi import create_proxy, to_js

    WITH_PYSCRIPT = True  # and its workers: the bots' search may think in one
except ImportError:
    WITH_PYSCRIPT = False
    try:  # MicroPython started directly by static/js/embed.js
        from js import document
        from js import window as _global
        from jsffi import create_proxy, to_js  # type: ignore[import-not-found]
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

__all__ = [
    "bring_into_view", "create_proxy", "document", "focus", "next_task", "now", "to_js", "window"
]  # fmt: skip


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
    on another site). Before the reader has used a frame, only the frame's own page
    scrolls (static/js/host.js bringIntoView)."""
    window.bringIntoView(node, block)


def focus(node: Any) -> bool:
    """`node.focus({preventScroll: true})`, unless this is a frame the reader has not used
    yet or that does not have the focus (static/js/host.js focusNode: a frame's focus is
    its host page's too). True when focused."""
    return bool(window.focusNode(node))
