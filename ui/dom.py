"""Mounting `El` trees into the real page (the only module that builds DOM nodes).

Text always goes in as text nodes; attributes through setAttribute. Nothing
is ever assigned to innerHTML here.
"""

from __future__ import annotations

from .browser import document, to_js
from .vdom import El

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def build(el: El | str) -> Any:
    """Create the DOM node for one element (recursively)."""
    if isinstance(el, str):
        return document.createTextNode(el)
    node = document.createElement(el.tag)
    for key, value in el.attrs.items():
        node.setAttribute(key, value)
    for child in el.children:
        node.appendChild(build(child))
    return node


def _focus_key(node: Any) -> tuple[str, str] | None:
    if not node or not hasattr(node, "getAttribute"):
        return None
    for attr in ("data-action", "data-focus"):
        value = node.getAttribute(attr)
        if value:
            return attr, value
    ui = node.getAttribute("data-ui")
    if ui:
        return "data-ui", f"{ui}|{node.getAttribute('data-value') or ''}"
    if node.getAttribute("tabindex") is not None:  # a scrolling region: a score sheet
        label = node.getAttribute("aria-label") or node.getAttribute("aria-labelledby")
        if label:
            return "region", label
    return None


def _find(container: Any, key: tuple[str, str]) -> Any:
    for node in container.querySelectorAll("[data-action],[data-ui],[data-focus],[tabindex]"):
        if _focus_key(node) == key:
            return node
    return None


def mount(container: Any, el: El) -> None:
    """Replace the container's content with `el`, keeping keyboard focus where it was.

    When the focused control is gone (the card just played), focus goes to the player's
    own area (`data-focus="me"`), not to <body>: the next Tab reaches the player's
    controls, and a screen reader keeps its place. The page does not scroll for it."""
    active = document.activeElement
    inside = bool(active) and bool(container.contains(active))
    key = _focus_key(active)
    container.replaceChildren(build(el))
    node = _find(container, key) if key is not None else None
    if node:
        node.focus()
    elif inside:
        fallback = container.querySelector('[data-focus="me"]')
        if fallback:
            fallback.focus(to_js({"preventScroll": True}))


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    node = by_id(element_id)
    if node:
        node.textContent = text
