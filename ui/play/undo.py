"""Undo at the table: the human's last move taken back at once while nothing hidden has been
shown since; otherwise after a question, and the game becomes practice
(`ui/play/takeback.py` tells which)."""

from __future__ import annotations

from ui.runtime import page
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.play.takeback import TakeBack
    from ui.screens.play import PlayScreen


class Undo:
    """The take-back controls, and the question asked before one that makes the game
    practice (`asking`: its words)."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.asking = ""

    def question(self) -> El | None:
        """The bar that asks before a take-back that makes the game practice (None: none)."""
        if not self.asking:
            return None
        return h(
            "div",
            {"class": "continue-bar undo-bar", "role": "alertdialog", "aria-label": "Take back"},
            h("p", {}, self.asking),
            ui_button("undo-confirm", "Take back (practice)", cls="btn primary"),
            ui_button("undo-cancel", "Keep playing", cls="btn"),
        )

    def undo(self, _value: str = "") -> None:
        """Take back at once, or ask first when something hidden was shown since."""
        offer = self._offer()
        if offer is None:
            return
        s = self.play.session
        if offer.reveals and not s.practice:
            self.asking = offer.words()
            self.play.render()
            return
        self._take_back()

    def confirm(self, _value: str = "") -> None:
        if self._offer() is not None:
            self._take_back()

    def cancel(self, _value: str = "") -> None:
        self.asking = ""
        self.play.render()

    def _offer(self) -> TakeBack | None:
        """What taking back would do; None (and why, in a notice) when there is nothing to,
        or a shared game's moves are being replayed (none of them is yours)."""
        play = self.play
        if play.replay is not None:
            return None
        offer = play.session.take_back_offer()
        if offer is None:
            self.asking = ""
            page.notice(play.session.take_back_refusal())
            play.render()
        return offer

    def _take_back(self) -> None:
        play = self.play
        play.stop_bots()  # a bot's decision in progress ends without a move
        play.session.take_back()
        play.forget_choices()
        page.hide_notice()
        play.after_move()

    CONTROLS = {"undo": undo, "undo-confirm": confirm, "undo-cancel": cancel}
