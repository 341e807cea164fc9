"""Mounting `El` trees into the real page (the only module that builds DOM nodes).

Text always goes in as text nodes; attributes through setAttribute. Nothing
is ever assigned to innerHTML here.
"""

from __future__ import annotations

from typing import Any

from js import document  # type: ignore[import-not-found]

from .vdom import El


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
    return None


def _find(container: Any, key: tuple[str, str]) -> Any:
    for node in container.querySelectorAll("[data-action],[data-ui],[data-focus]"):
        if _focus_key(node) == key:
            return node
    return None


def mount(container: Any, el: El) -> None:
    """Replace the container's content with `el`, keeping keyboard focus where it was."""
    key = _focus_key(document.activeElement)
    container.replaceChildren(build(el))
    if key is not None:
        node = _find(container, key)
        if node:
            node.focus()


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def set_text(element_id: str, text: str) -> None:
    node = by_id(element_id)
    if node:
        node.textContent = text
