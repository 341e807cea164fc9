"""A tiny virtual DOM: game screens are built as plain `El` trees, then mounted.

Keeping the tree in plain Python lets tests check a table without a browser,
and mounting sets text with `textContent` only, so no game or URL text can
ever become HTML.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

Child = "El | str | int | None | list[Any]"


class El:
    """One element: a tag, its attributes (str values) and its children."""

    def __init__(
        self,
        tag: str,
        attrs: dict[str, str] | None = None,
        children: list[El | str] | None = None,
    ) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = {} if attrs is None else attrs
        self.children: list[El | str] = [] if children is None else children

    def __eq__(self, other: object) -> bool:
        return isinstance(other, El) and (self.tag, self.attrs, self.children) == (
            other.tag,
            other.attrs,
            other.children,
        )

    def __repr__(self) -> str:
        return f"El({self.tag!r}, {self.attrs!r}, {self.children!r})"

    def walk(self) -> list[El]:
        """This element and every element below it, depth first (a list, not a generator:
        on MicroPython each resume of a nested generator costs a trip through JavaScript)."""
        found: list[El] = []
        stack: list[El] = [self]
        while stack:
            el = stack.pop()
            found.append(el)
            for child in reversed(el.children):
                if type(child) is not str:
                    stack.append(child)  # type: ignore[arg-type]  # str or El only
        return found

    def find_all(self, predicate: Callable[[El], bool]) -> list[El]:
        return [el for el in self.walk() if predicate(el)]

    def nearest(self, predicate: Callable[[El], bool]) -> El | None:
        """The shallowest element that `predicate` accepts (the first of them in document
        order), else None: a part of the table's frame is found before any card row is
        read."""
        level: list[El] = [self]
        while level:
            deeper: list[El] = []
            for el in level:
                if predicate(el):
                    return el
                for child in el.children:
                    if type(child) is not str:
                        deeper.append(child)  # type: ignore[arg-type]  # str or El only
            level = deeper
        return None

    def has_class(self, name: str) -> bool:
        """Whether `name` is one of the element's classes (a substring test first: split
        only for the few elements that may have it)."""
        classes = self.attrs.get("class")
        return classes is not None and name in classes and name in classes.split()

    def first(self, predicate: Callable[[El], bool]) -> El | None:
        """The first element in `walk`'s order (document order) that `predicate` accepts,
        else None; the walk stops there (a whole table is hundreds of elements)."""
        stack: list[El] = [self]
        while stack:
            el = stack.pop()
            if predicate(el):
                return el
            for child in reversed(el.children):
                if type(child) is not str:
                    stack.append(child)  # type: ignore[arg-type]  # str or El only
        return None

    def text(self) -> str:
        """All the text below this element, as a reader would see it."""
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)


def _flatten(children: Any, out: list[El | str]) -> None:
    # Exact type checks first: a table is hundreds of elements, drawn on every move, and
    # MicroPython's isinstance is slow (this and h took a third of a Wray redraw).
    for child in children:
        if child is None or child is False:
            continue
        kind = type(child)
        if kind is str or kind is El:
            out.append(child)
        elif kind is list or kind is tuple:
            _flatten(child, out)
        elif isinstance(child, El):
            out.append(child)
        else:
            out.append(str(child))


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> El:
    """Build an element. Attributes with value None/False are left out; True means present."""
    clean: dict[str, str] = {}
    if attrs:
        for key in attrs:
            value = attrs[key]
            if value is None or value is False:
                continue
            if value is True:
                clean[key] = ""
            elif type(value) is str:
                clean[key] = value
            else:
                clean[key] = str(value)
    out: list[El | str] = []
    _flatten(children, out)
    return El(tag, clean, out)


ENTER_MS = 300.0  # an entering element's animation (app.css) is over by then


def settle_entries(el: El, now: float, first_seen: dict[str, float]) -> None:
    """Let only new elements play their entrance: `data-enter` (a key, unique in the tree)
    stays on an element for ENTER_MS after its key first appeared, and is dropped from it
    after that, so a redraw of the table (the whole screen is rebuilt) does not replay
    the animation of a card that is already on the table. `first_seen` (key to the time
    it first appeared, in ms) is updated to this tree's keys."""
    seen: dict[str, float] = {}
    for node in el.walk():
        key = node.attrs.get("data-enter")
        if key is None:
            continue
        first = first_seen.get(key, now)
        if now - first > ENTER_MS:
            del node.attrs["data-enter"]
        seen[key] = first
    first_seen.clear()
    first_seen.update(seen)
