"""Local storage of the game in progress and per-game statistics.

Storage can be missing or blocked (private modes, cross-site frames), so every
call degrades to "nothing stored" instead of failing. In the page, `localStorage` is
static/js/host.js's `tableStorage`: the Web Storage methods, wrapped so they never throw
(MicroPython cannot catch a JS exception). Outside the browser (CPython tests) nothing is
stored, unless a test puts a stand-in with getItem, setItem and removeItem in
`storage.localStorage`.
"""

from __future__ import annotations

import json

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


MAX_NESTING = 32  # our saves nest 4 deep; Pyodide's stack dies near a few thousand


def nesting_depth(text: str) -> int:
    """How deeply JSON text nests arrays and objects (brackets inside strings not counted)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_json(text: str) -> Any:
    """JSON from storage or a file; ValueError (never a crash) when it is not a plain value.

    Deep nesting is refused before parsing: json.loads recurses, and in the browser a
    few thousand levels overflow the JavaScript stack and kill Python for the page.
    """
    if nesting_depth(text) > MAX_NESTING:
        raise ValueError(f"it nests more than {MAX_NESTING} levels deep")
    try:
        return json.loads(text)
    except RuntimeError:  # RecursionError in CPython; MicroPython has only RuntimeError
        raise ValueError("it nests too deeply") from None


def read_json(key: str) -> Any:
    """The stored JSON value, None when absent; raises ValueError when it is not JSON."""
    raw = read_raw(key)
    return None if raw is None else parse_json(raw)


def write_json(key: str, value: Any) -> bool:
    return write_raw(key, canonical_json(value))


class Encoded:
    """A value's canonical JSON, made already: `canonical_json` puts the text in as it is."""

    def __init__(self, text: str) -> None:
        self.text = text


def canonical_json(value: Any) -> str:
    """JSON text with sorted keys and no spaces, the same in every interpreter and every
    time (MicroPython's json.dumps has no sort_keys, and its dicts keep no order): a save
    rewritten unchanged is the same text."""
    if isinstance(value, Encoded):
        return value.text
    if isinstance(value, dict):
        items = [json.dumps(str(key)) + ":" + canonical_json(value[key]) for key in sorted(value)]
        return "{" + ",".join(items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical_json(item) for item in value) + "]"
    return json.dumps(value)


def record_result(
    stats: dict[str, Any], game_id: str, won: bool, score: int | float
) -> dict[str, Any]:
    """Statistics after one finished game: played, won and best score per game."""
    entry = dict(stats.get(game_id) or {"played": 0, "won": 0, "best": None})
    entry["played"] = int(entry.get("played", 0)) + 1
    entry["won"] = int(entry.get("won", 0)) + (1 if won else 0)
    best = entry.get("best")
    entry["best"] = score if best is None else max(int(best), score)
    updated = dict(stats)
    updated[game_id] = entry
    return updated


def valid_stats(data: Any) -> dict[str, Any]:
    """Statistics read from a file or storage, checked; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("statistics must be an object of games")
    clean: dict[str, Any] = {}
    for game_id, entry in data.items():
        if not isinstance(game_id, str) or not isinstance(entry, dict):
            raise ValueError("each game's statistics must be an object")
        played, won, best = entry.get("played"), entry.get("won"), entry.get("best")
        if not (type(played) is int and type(won) is int and 0 <= won <= played):
            raise ValueError(f"bad played/won counts for {game_id[:40]!r}")
        if best is not None and type(best) is not int:  # JSON true is no count
            raise ValueError(f"bad best score for {game_id[:40]!r}")
        clean[game_id] = {"played": played, "won": won, "best": best}
    return clean
