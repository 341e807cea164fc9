"""The review at the table: a finished hand (or the whole game) move by move in place of the
table, and the last trick's lines over the table's centre during play."""

from __future__ import annotations

from ui.review.replay import Review, last_trick, review_game, review_last_hand
from ui.review.screen import review_screen
from ui.runtime import page
from ui.vdom import h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.screens.play import PlayScreen


# The keys that step through an open review, as the controls they press.
REVIEW_KEYS = {
    "ArrowLeft": "back",
    "ArrowRight": "next",
    "Home": "start",
    "End": "end",
}


class Reviewing:
    """The review shown in place of the table (`shown`; None: the table is shown)."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.shown: Review | None = None
        self.opened = False  # just opened: its title takes the focus once drawn

    def open(self, value: str) -> None:
        """Review the last finished hand, or the whole game (`value` "game")."""
        s = self.play.session
        found = review_game(s) if value == "game" else review_last_hand(s)
        if found is None:
            page.notice("There is no finished hand to review yet.")
            return
        self.shown, self.opened = found, True
        self.play.render()

    def close(self, _value: str = "") -> None:
        self.shown = None
        self.play.coach.stop()
        self.play.embed.close(refocus=False)
        self.play.render()

    def go(self, where: str) -> None:
        """Step `back`, `next`, to the `start` or the `end`."""
        if self.shown is not None:
            self.shown.go(where)
        self.play.render()

    def key(self, key: str) -> bool:
        """The arrow keys (Home, End) step through an open review; True when one did."""
        where = REVIEW_KEYS.get(key)
        if where is None or self.shown is None or not page.exists("#screen .review-screen"):
            return False
        self.go(where)
        return True

    def draw(self) -> None:
        """The review in place of the table."""
        assert self.shown is not None
        game = self.play.session.game
        tree = h(
            "div",
            {"class": f"table-screen review-screen game-{game.id}", "data-game": game.id},
            review_screen(
                self.shown,
                coach=self.play.coach.panel(self.shown),
                coach_note=self.play.coach.note(self.shown),
            ),
        )
        page.draw_screen(tree)
        page.measure("render", "render-start")
        if self.opened:
            self.opened = False
            page.focus("#review-title", scroll="start")

    CONTROLS = {
        "review": open,
        "review-close": close,
        "review-back": lambda self, _value: self.go("back"),
        "review-next": lambda self, _value: self.go("next"),
        "review-start": lambda self, _value: self.go("start"),
        "review-end": lambda self, _value: self.go("end"),
    }


class LastTrick:
    """The last trick's lines over the table's centre (`lines`; None: its button instead),
    following the game as the bots play on."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.lines: list[str] | None = None
        self.at = 0  # the history's length when `lines` were read

    def toggle(self, _value: str = "") -> None:
        """Show the last trick, or hide it (Back to play): the button keeps its place."""
        s = self.play.session
        if self.lines is not None:
            self.lines = None
        else:
            self.lines, self.at = last_trick(s) or [], len(s.history)
        self.play.render()
        page.focus("#screen [data-ui=last-trick]", scroll="nearest")

    def follow(self) -> None:
        """Before a redraw: the lines shown follow the bots' moves since."""
        s = self.play.session
        if self.lines is not None and self.at != len(s.history):
            self.lines, self.at = last_trick(s) or [], len(s.history)

    def key(self, key: str) -> bool:
        """Escape hides the last trick (not while a dialog is open); True when it did."""
        shown = page.exists("#screen .last-trick-panel")
        if key != "Escape" or not shown or page.dialog_open():
            return False
        self.toggle()
        return True

    CONTROLS = {"last-trick": toggle}
