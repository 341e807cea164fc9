"""JSON text: canonical (the same text in every interpreter, for saves, links and
`data-action`) and parsed with a bound on nesting (a save or a file is untrusted)."""

from __future__ import annotations

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


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


class Encoded:
    """A value's canonical JSON, made already: `canonical_json` puts the text in as it is."""

    def __init__(self, text: str) -> None:
        self.text = text


def message_json(message: dict[str, Any]) -> str:
    """A message to the worker as JSON: json.dumps of each entry, an `Encoded` entry as it
    is (a request's part that does not change between requests is encoded once)."""
    items = []
    for key, value in message.items():
        text = value.text if isinstance(value, Encoded) else json.dumps(value)
        items.append(json.dumps(str(key)) + ":" + text)
    return "{" + ",".join(items) + "}"


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
