"""The page's events, as plain values: one delegated listener each for clicks, changes, keys
and other tabs' storage, the page's size crossing `page.SUMMED_SEATS`, and the rules
dialog's close (`page.on_rules_closed`)."""

from __future__ import annotations

from ui.runtime.browser import create_proxy, document, window
from ui.runtime.dom import by_id
from ui.runtime.page import on_rules_closed, summed_seats_query

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

FILE_FIELD = "stats-import"  # the page's only file field: statistics to import

# The page keeps its proxies referenced for as long as it lives (else they are collected).
_PROXIES: list[Any] = []


def listen(
    click: Callable[[str | None, str | None, str], bool],
    change: Callable[[str, str, Any], None],
    key: Callable[[str], bool],
    storage: Callable[[str, str | None], None],
    resized: Callable[[], None],
) -> None:
    """Call `click(action, control, value)` for a click on an enabled `data-action` or
    `data-ui` element (its default is prevented when it answers True; always for a move),
    `change(id, value, file)` when a field changes, `key(key)` for a key without Alt, Ctrl
    or Meta (prevented when True), `storage(key, new value)` for another tab's change, and
    `resized()` when the page's size crosses `page.SUMMED_SEATS` (a phone turned, a window
    or frame resized). The browser says so in the frame that lays out the new size, before
    that layout: a table redrawn then is seen at its new size as it is drawn."""

    def on_click(event: Any) -> None:
        target = event.target
        node = target.closest("[data-action],[data-ui]") if hasattr(target, "closest") else None
        if not node or node.hasAttribute("disabled"):
            return
        action = node.getAttribute("data-action")
        if action:
            event.preventDefault()
        name = None if action else node.getAttribute("data-ui")
        if click(action or None, name, node.getAttribute("data-value") or "") and not action:
            event.preventDefault()

    def on_change(event: Any) -> None:
        target = event.target
        element_id = str(getattr(target, "id", ""))
        chosen = element_id == FILE_FIELD and target.files.length
        file = target.files.item(0) if chosen else None
        change(element_id, str(getattr(target, "value", "")), file)

    def on_key(event: Any) -> None:
        if event.altKey or event.ctrlKey or event.metaKey:
            return
        if key(str(event.key)):
            event.preventDefault()

    def on_storage(event: Any) -> None:
        storage(event.key, event.newValue)

    for target, kind, handler in (
        (document, "click", on_click),
        (document, "change", on_change),
        (document, "keydown", on_key),
        (window, "storage", on_storage),
        (by_id("rules-dialog"), "close", on_rules_closed),
        (summed_seats_query(), "change", lambda _event: resized()),
    ):
        proxy = create_proxy(handler)
        _PROXIES.append(proxy)
        target.addEventListener(kind, proxy)
