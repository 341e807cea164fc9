"""The whole of a summed-up part of the table, one tap away. Where the table is short of room
(a phone upright or on its side, a short frame: app.css), a seat shows only its summary
(name, score, bid, tricks, letters...) and Baker's Laws only their names; a tap on one
opens the whole of it (a row of cards, the cards shown or won, the Laws' texts) over the top
of the table, never as a region to scroll. Close (or Escape, or the same tap again) puts the
table back; a move closes it too."""

from __future__ import annotations

from ui.runtime import page
from ui.tables.widgets import DETAIL, detail_button, ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.screens.play import PlayScreen


class Detail:
    """Which part is shown whole over the table (`shown`: its key; None: none)."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.shown: str | None = None

    def toggle(self, value: str) -> None:
        """Open the part `value` (closing any other), or close it when it is open."""
        opening = bool(value) and value != self.shown
        self.shown = value if opening else None
        self.play.render()
        if opening:
            page.focus("#detail-panel [data-ui=detail]", scroll="nearest")
        else:
            page.focus(f'#screen .board [data-detail="{value}"] > .detail-open', scroll="nearest")

    def close(self) -> None:
        self.shown = None

    def key(self, key: str) -> bool:
        """Escape closes the part shown (not while a dialog is open); True when it did."""
        if key != "Escape" or self.shown is None or page.dialog_open():
            return False
        self.toggle(self.shown)
        return True

    CONTROLS = {DETAIL: toggle}


def drop_summed_rows(board: El) -> None:
    """Leave the seats' rows (`.seat > .seat-more`) out of the table `board`, where app.css
    hides them (`page.SUMMED_SEATS`): fewer elements to build, send and patch at each move
    (in Wray, 216 of a table's 386). The part shown whole over the table keeps its copy
    (`add_detail` comes first)."""
    level: list[El] = [board]
    while level:
        deeper: list[El] = []
        for el in level:
            for child in el.children:
                if type(child) is not El:
                    continue
                if child.has_class("seat"):
                    child.children = [
                        c
                        for c in child.children
                        if type(c) is not El or not c.has_class("seat-more")
                    ]
                else:
                    deeper.append(child)
        level = deeper


def add_detail(board: El, shown: str | None) -> None:
    """Draw the part `shown` whole over the top of the table (`board`), its own tap marked
    as open; nothing when no such part is on the table."""
    if shown is None:
        return
    part = board.first(lambda el: el.attrs.get("data-detail") == shown)
    if part is None:
        return
    name = part.attrs.get("data-detail-name", "")
    # The summary's tap says it is open (the part's children: a new list, the drawn
    # elements may be shared with the next drawing).
    part.children = [
        detail_button(shown, name, opened=True)
        if isinstance(child, El) and child.has_class("detail-open")
        else child
        for child in part.children
    ]
    classes = [c for c in part.attrs.get("class", "").split() if c != "seat"]
    whole = [c for c in part.children if not (isinstance(c, El) and c.has_class("detail-open"))]
    board.children.insert(
        0,
        h(
            "section",
            {
                "class": "detail-panel",
                "id": "detail-panel",
                "role": "region",
                "aria-label": name,
                "data-shows": shown,
            },
            ui_button(
                DETAIL,
                "Close",
                value=shown,
                cls="btn small primary detail-close",
                aria_label=f"Close {name}: back to the table",
            ),
            # Not a second `.seat` (tests count them): its own classes but that one.
            h("div", {"class": " ".join(["detail-body"] + classes)}, whole),
        ),
    )
