"""The Link panel: the table bar's Link opens it above the table, with the deal's link and
the position's, each to copy (the clipboard, or the field selected where the clipboard is
refused) or to send (the system share sheet, where there is one).

The links always open the full app (the page's folder, also from an embedded frame's
embed.html), never the page that frames it. The panel lives outside #screen, so the
table's redraws leave it (and a selection in it) alone; it follows the game's moves.
"""

from __future__ import annotations

from pygame_rules.words import plural
from ui.runtime import page
from ui.share.links import MoveCoder, deal_link, position_link
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.screens.play import PlayScreen

PANEL_ID = "share-panel"


class SharePanel:
    """The panel of one table: open or closed, and how many moves its position link holds."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.coder: MoveCoder | None = None
        self.moves = -1  # how many moves the position link holds; -1: the panel is closed

    def toggle(self, _value: str = "") -> None:
        """Link: open the panel, or close it when it is open."""
        if self.moves >= 0 and page.is_shown(PANEL_ID):
            self.close()
        else:
            self.open()

    def open(self) -> None:
        s = self.play.session
        self.coder = MoveCoder(s.game_id, s.players, s.seed, s.options)
        self.moves = len(s.history)
        position = page.app_url(position_link(s, self.coder)) if s.history else None
        tree = share_panel(page.app_url(deal_link(s)), position, self.moves, page.can_share())
        page.show_region(PANEL_ID, tree, cls="share-panel", label="share-title")
        page.scroll_into_view(f"#{PANEL_ID}")
        page.focus("#share-title")

    def follow(self) -> None:
        """After a redraw of the table: the position link follows the game's moves."""
        s = self.play.session
        if self.moves < 0 or len(s.history) == self.moves or not page.is_shown(PANEL_ID):
            return
        if self.moves == 0:  # the first move: the panel gains the position's row
            self.open()
            return
        self.moves = len(s.history)
        page.set_field("share-position", page.app_url(position_link(s, self.coder)))
        page.set_text_of(f"#{PANEL_ID} label[for=share-position]", position_label(self.moves))

    def close(self, _value: str = "", refocus: bool = True) -> None:
        page.show_region(PANEL_ID, None)
        self.moves = -1
        if refocus:
            page.focus("#screen [data-ui=share]")

    def copy(self, which: str) -> None:
        if which in ("deal", "position"):
            self.play.spawn(self._copy(which))

    def send(self, which: str) -> None:
        if which in ("deal", "position"):
            self.play.spawn(self._send(which))

    async def _copy(self, which: str) -> None:
        """Copy a link; where the clipboard is refused, leave it selected to copy by hand."""
        if await page.copy_field(f"share-{which}"):
            page.set_text_of("#share-status", "Link copied.")
        else:
            page.set_text_of(
                "#share-status", "Copy the selected link (Ctrl+C, or press and hold on a phone)."
            )

    async def _send(self, which: str) -> None:
        """Hand a link to the system share sheet (cancelling it is no error)."""
        title = self.play.session.game.title
        said = await page.share_sheet(
            f"{title} — Trick Table", f"A game of {title}", f"share-{which}"
        )
        if said == "shared":
            page.set_text_of("#share-status", "Link shared.")
        elif said == "refused":  # e.g. a frame not allowed to share
            page.set_text_of("#share-status", "This page may not share: copy the link instead.")

    CONTROLS = {"share": toggle, "share-close": close, "share-copy": copy, "share-send": send}


def link_row(which: str, label: str, url: str, can_share: bool) -> El:
    """One link of the share panel: what it opens, the link itself (read-only, to select
    by hand where the clipboard is refused), Copy, and Share where the system has a share
    sheet. `which`: "deal" or "position"."""
    field_id = f"share-{which}"
    return h(
        "div",
        {"class": "share-link"},
        h("label", {"for": field_id}, label),
        h(
            "input",
            {
                "id": field_id,
                "class": "share-url",
                "type": "text",
                "readonly": True,
                "value": url,
                "spellcheck": "false",
            },
        ),
        h(
            "div",
            {"class": "share-buttons"},
            ui_button("share-copy", "Copy link", value=which, cls="btn small primary"),
            ui_button("share-send", "Share…", value=which, cls="btn small") if can_share else None,
        ),
    )


def position_label(moves: int) -> str:
    return f"This game as it is now (after {plural(moves, 'move')})"


def share_panel(deal_url: str, position_url: str | None, moves: int, can_share: bool) -> El:
    """The share panel: the deal's link, and the position's (None before the first move)."""
    return h(
        "div",
        {"class": "share-inner"},
        h(
            "div",
            {"class": "share-head"},
            h("h2", {"id": "share-title", "tabindex": "-1"}, "Share this game"),
            ui_button("share-close", "Close", cls="btn small"),
        ),
        link_row("deal", "This deal, from the start", deal_url, can_share),
        link_row("position", position_label(moves), position_url, can_share)
        if position_url is not None
        else None,
        h("p", {"id": "share-status", "class": "share-status", "role": "status"}),
    )
