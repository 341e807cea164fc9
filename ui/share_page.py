"""The share panel in the page: the table bar's Link opens it above the table, with the
deal's link and the position's, each to copy (the clipboard, or the field selected where
the clipboard is refused) or to send (the system share sheet, where there is one).

The links always open the full app (the page's folder, also from an embedded frame's
embed.html), never the page that frames it. The panel lives outside #screen, so the
table's redraws leave it (and a selection in it) alone; it follows the game's moves.
"""

from __future__ import annotations

from . import share
from .browser import document, scroll_into_view, to_js, window
from .dom import by_id, mount
from .params import MoveCoder, deal_link, position_link

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from .session import Session

PANEL_ID = "share-panel"
STEPS = ("share", "share-copy", "share-send", "share-close")


def app_url(query: str) -> str:
    """The full app's address with `query`: index.html's folder, which is embed.html's too."""
    return str(window.URL.new("./" + query, window.location.href).href)


def can_share() -> bool:
    """Whether the browser has a system share sheet (the Web Share API)."""
    try:
        return bool(window.Reflect.has(window.navigator, "share"))
    except Exception:
        return False


class SharePanel:
    """The open panel's game and links (one panel per page)."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.coder: MoveCoder | None = None
        self.moves = -1  # how many moves the position link holds

    def node(self) -> Any:
        """The panel's element, made on first use just above #screen."""
        node = by_id(PANEL_ID)
        if not node:
            node = document.createElement("section")
            node.id = PANEL_ID
            node.className = "share-panel"
            node.setAttribute("aria-labelledby", "share-title")
            node.hidden = True
            screen = by_id("screen")
            screen.parentNode.insertBefore(node, screen)
        return node

    def is_open(self) -> bool:
        node = by_id(PANEL_ID)
        return bool(node) and not node.hidden

    def open(self, session: Session) -> None:
        self.session = session
        self.coder = MoveCoder(session.game_id, session.players, session.seed, session.options)
        self.moves = len(session.history)
        position = app_url(position_link(session, self.coder)) if session.history else None
        tree = share.share_panel(app_url(deal_link(session)), position, self.moves, can_share())
        node = self.node()
        mount(node, tree)
        node.hidden = False
        scroll_into_view(node, "nearest")
        by_id("share-title").focus(to_js({"preventScroll": True}))

    def follow(self, session: Session) -> None:
        """After a redraw of the table: the position link follows the game's moves."""
        if session is not self.session or not self.is_open():
            return
        if len(session.history) == self.moves:
            return
        if self.moves == 0:  # the first move: the panel gains the position's row
            self.open(session)
            return
        self.moves = len(session.history)
        field = by_id("share-position")
        if field:
            field.value = app_url(position_link(session, self.coder))
        label = document.querySelector(f"#{PANEL_ID} label[for=share-position]")
        if label:
            label.textContent = share.position_label(self.moves)

    def close(self, refocus: bool = True) -> None:
        node = by_id(PANEL_ID)
        if node:
            node.hidden = True
        self.session = None
        if refocus:
            button = document.querySelector("#screen [data-ui=share]")
            if button:
                button.focus()

    def say(self, text: str) -> None:
        node = by_id("share-status")
        if node:
            node.textContent = text

    async def copy(self, which: str) -> None:
        """Copy a link; where the clipboard is refused, leave it selected to copy by hand."""
        field = by_id(f"share-{which}")
        if not field:
            return
        try:
            await window.navigator.clipboard.writeText(field.value)
        except Exception:  # no clipboard (plain http) or permission refused
            field.focus()
            field.select()
            self.say("Copy the selected link (Ctrl+C, or press and hold on a phone).")
            return
        self.say("Link copied.")

    async def send(self, which: str) -> None:
        """Hand a link to the system share sheet (cancelling it is no error)."""
        field = by_id(f"share-{which}")
        if not field or self.session is None:
            return
        title = f"{self.session.game.title} — Trick Table"
        data = {"title": title, "text": f"A game of {self.session.game.title}", "url": field.value}
        try:
            await window.navigator.share(to_js(data))
        except Exception as exc:
            if "Abort" not in str(exc):  # not cancelled: refused (a frame not allowed it)
                self.say("This page may not share: copy the link instead.")
            return
        self.say("Link shared.")


PANEL = SharePanel()
REPLAY_ID = "replay-bar"


def show_replay(replay: share.Replay | None) -> None:
    """After a redraw of the table: the replay's bar above it (made on first use, then only
    its words change), hidden when no replay is running."""
    node = by_id(REPLAY_ID)
    if replay is None:
        if node and not node.hidden:
            had_focus = node.contains(document.activeElement)
            node.hidden = True
            mine = document.querySelector('#screen [data-focus="me"]') if had_focus else None
            if mine:
                mine.focus(to_js({"preventScroll": True}))
        return
    if not node:
        node = document.createElement("div")
        node.id = REPLAY_ID
        node.setAttribute("role", "status")
        screen = by_id("screen")
        screen.parentNode.insertBefore(node, screen)
    if node.hidden or not node.firstChild:
        mount(node, share.replay_bar(replay))
        node.hidden = False
    else:
        status = by_id("replay-status")
        if status:
            status.textContent = share.replay_text(replay)


def leave() -> None:
    """The table is left: the panel closes, a replay's bar goes."""
    PANEL.close(refocus=False)
    show_replay(None)


def ui_step(
    name: str, value: str, session: Session, spawn: Callable[[Coroutine[Any, Any, None]], None]
) -> bool:
    """The share panel's steps at the table; True when handled."""
    if name not in STEPS:
        return False
    if name == "share":
        if PANEL.is_open() and PANEL.session is session:
            PANEL.close()
        else:
            PANEL.open(session)
    elif name == "share-close":
        PANEL.close()
    elif value in ("deal", "position"):
        spawn(PANEL.copy(value) if name == "share-copy" else PANEL.send(value))
    return True
