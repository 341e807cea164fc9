"""The review at the table: a finished hand (or the whole game) move by move in place of the
table, and the last trick's lines over the table's centre during play."""

from __future__ import annotations

from ui.review.replay import (
    Review,
    Step,
    last_hand_span,
    last_trick,
    replaying,
    review_span,
    whole_game_span,
)
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
        self.generation = 0  # a new one drops a review still opening

    def open(self, value: str) -> None:
        """Review the last finished hand, or the whole game (`value` "game")."""
        self.play.spawn(self.opening(value))

    async def opening(self, value: str) -> bool:
        """Open the review of `open`, replaying it a slice at a time (on a slow phone a
        hand's replay at once would hold the page for about 70 ms); True once it is shown.
        Another open, a close or a new game on the way drops it."""
        try:
            s = self.play.session
            span = whole_game_span(s) if value == "game" else last_hand_span(s)
            if span is None:
                page.notice("There is no finished hand to review yet.")
                return False
            self.generation += 1
            generation = self.generation
            steps: list[Step] = []
            for _ in replaying(s, span[0], span[1], steps):
                await page.next_task()
                if generation != self.generation or self.play.session is not s:
                    return False
                if len(s.history) < span[1]:  # a take-back cut into it
                    return False
            self.shown = review = review_span(s, span[0], span[1], "Review", steps)
            self.play.render()
            await page.next_task()  # the focus (a layout) in a task of its own
            if self.shown is review:
                page.focus("#review-title", scroll="start")
            return True
        except Exception as exc:
            page.fail(exc)
            return False

    def close(self, _value: str = "") -> None:
        self.generation += 1  # a review still opening is dropped
        self.shown = None
        self.play.close_panels()
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
        coach = self.play.coach  # None until the rest of the app has come
        tree = h(
            "div",
            {"class": f"table-screen review-screen game-{game.id}", "data-game": game.id},
            review_screen(
                self.shown,
                coach=coach.panel(self.shown) if coach is not None else None,
                coach_note=coach.note(self.shown) if coach is not None else "",
            ),
        )
        page.draw_screen(tree)
        page.measure("render", "render-start")

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
