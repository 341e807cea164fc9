"""Local storage of the game in progress and per-game statistics.

Storage can be missing or blocked (private modes, cross-site frames), so every
call degrades to "nothing stored" instead of failing. In the page, `localStorage` is
static/js/host.js's `tableStorage`: the Web Storage methods, wrapped so they never throw
(MicroPython cannot catch a JS exception). Outside the browser (CPython tests) nothing is
stored, unless a test puts a stand-in with getItem, setItem and removeItem in
`storage.localStorage`.
"""

from __future__ import annotations

from ui.jsontext import canonical_json, parse_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    from pyscript import window

    localStorage = window.tableStorage
except Exception:  # CPython tests; Pyodide booted without PyScript (embed.js: blocked storage)
    localStorage = None

SAVE_KEY = "pygame-table.save"
STATS_KEY = "pygame-table.stats"
SETTINGS_KEY = "pygame-table.settings"


def read_raw(key: str) -> str | None:
    try:
        value = None if localStorage is None else localStorage.getItem(key)
        return value if isinstance(value, str) else None  # JS null arrives as JsNull
    except Exception:
        return None


def write_raw(key: str, value: str | None) -> bool:
    try:
        if localStorage is None:
            return False
        if value is None:
            localStorage.removeItem(key)
        else:
            localStorage.setItem(key, value)
        return True
    except Exception:
        return False


def read_json(key: str) -> Any:
    """The stored JSON value, None when absent; raises ValueError when it is not JSON."""
    raw = read_raw(key)
    return None if raw is None else parse_json(raw)


def write_json(key: str, value: Any) -> bool:
    return write_raw(key, canonical_json(value))
