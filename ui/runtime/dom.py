"""Mounting `El` trees into the real page (the only module that builds DOM nodes).

Text always goes in as text nodes; attributes through setAttribute. Nothing
is ever assigned to innerHTML here.
"""

from __future__ import annotations

import json

from ui.runtime.browser import document, focus, window
from ui.vdom import El, settle_entries

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def plain(el: El) -> list[Any]:
    """An El tree as JSON-able lists: [tag, attrs, children], a child a str or a list."""
    return [el.tag, el.attrs, [c if isinstance(c, str) else plain(c) for c in el.children]]


def _focus_key(get: Callable[[str], Any]) -> tuple[str, str] | None:
    """What identifies a focusable control across redraws, from its attributes (`get`:
    a name to its value, None when absent)."""
    for attr in ("data-action", "data-focus"):
        value = get(attr)
        if value:
            return attr, value
    ui = get("data-ui")
    if ui:
        return "data-ui", f"{ui}|{get('data-value') or ''}"
    if get("tabindex") is not None:  # a scrolling region: a score sheet
        label = get("aria-label") or get("aria-labelledby")
        if label:
            return "region", label
    return None


# The attribute every element a `_focus_key` kind identifies has: elements without it are
# passed over with one lookup (a Wray table is hundreds of elements, walked every redraw).
_KEY_ATTRIBUTE = {
    "data-action": "data-action",
    "data-focus": "data-focus",
    "data-ui": "data-ui",
    "region": "tabindex",
}


def _mark(el: El, key: tuple[str, str]) -> bool:
    """Mark the first element of the tree (in document order) that `key` identifies with
    `data-refocus`, found in Python (no call to the page per element); False if none."""
    needed = _KEY_ATTRIBUTE[key[0]]
    node = el.first(lambda node: needed in node.attrs and _focus_key(node.attrs.get) == key)
    if node is None:
        return False
    node.attrs[REFOCUS] = ""
    return True


REFOCUS = "data-refocus"
_ENTERED: dict[str, float] = {}  # settle_entries: when each entering element first showed


def mount(container: Any, el: El) -> None:
    """Make the container's content `el`, keeping keyboard focus where it was.

    The page redraws in place, in one call (static/js/host.js's `tablePatch`: text nodes
    and setAttribute only; through the FFI node by node, a table took 100-200 ms on
    MicroPython): the elements that stay keep their place, and so does the focus. When the
    focused control is gone (the card just played), focus goes to the control with the
    same key in the new screen, else to the player's own area (`data-focus="me"`), not to
    <body>: the next Tab reaches the player's controls, and a screen reader keeps its place.
    The page does not scroll for either. A card that entered a while ago does not slide in
    again (`settle_entries`)."""
    active = document.activeElement
    inside = bool(active) and bool(container.contains(active))
    key = _focus_key(active.getAttribute) if active and hasattr(active, "getAttribute") else None
    marked = key is not None and _mark(el, key)
    if inside and key is not None and key[0] != "region" and not marked:
        # The focused control goes with this redraw (the card just played): let go of it
        # first. Taken out while focused, halfway through the patch, it had the page
        # restyled there, then again for the next focus (Chromium).
        active.blur()
    settle_entries(el, float(window.performance.now()), _ENTERED)
    window.tablePatch(container, json.dumps(plain(el)))
    node = container.querySelector(f"[{REFOCUS}]") if marked else None
    if node:
        node.removeAttribute(REFOCUS)
        if not node.matches(":focus"):  # a focus() lays the page out inside this task
            focus(node)
    elif inside and not container.contains(document.activeElement):
        fallback = container.querySelector('[data-focus="me"]')
        if fallback:
            focus(fallback)


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    node = by_id(element_id)
    if node:
        node.textContent = text
