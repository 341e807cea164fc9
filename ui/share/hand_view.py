"""An embedded hand (`show=hand`): a blog post's frame steps through a finished hand, or a
whole game, move by move with every hand face up (the review's screen, without its Close).

Nothing is focused or scrolled until the reader uses the frame: the host page's reader may
be reading, or typing, elsewhere."""

from __future__ import annotations

from ui.review.feature import REVIEW_KEYS
from ui.review.replay import Review, review_span
from ui.review.screen import review_screen
from ui.runtime import page
from ui.vdom import h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.play.session import Session


class HandView:
    """The hand shown in the frame, at its step `review.at`."""

    def __init__(self, review: Review) -> None:
        self.review = review

    @classmethod
    def of(cls, session: Session, start: int, at: int) -> HandView:
        """`session`'s moves from `start` to its last, opened after `at` of them."""
        view = cls(review_span(session, start, len(session.history)))
        view.review.at = at
        return view

    @property
    def game_id(self) -> str:
        return self.review.game_id

    def render(self) -> None:
        game_id = self.review.game_id
        tree = h(
            "div",
            {"class": f"table-screen review-screen hand-view game-{game_id}", "data-game": game_id},
            review_screen(self.review, at_table=False),
        )
        page.draw_screen(tree)

    def go(self, where: str) -> None:
        """Step `back`, `next`, to the `start` or the `end` (the pressed button keeps the
        focus: the screen is patched in place)."""
        self.review.go(where)
        self.render()

    def key(self, key: str) -> bool:
        """The arrow keys (Home, End) step through the hand; True when one did."""
        where = REVIEW_KEYS.get(key)
        if where is None or page.dialog_open():
            return False
        self.go(where)
        return True

    def human_action(self, _action: object) -> None:
        """No move is played here (the review's cards are not controls)."""

    CONTROLS = {
        "review-back": lambda self, _value: self.go("back"),
        "review-next": lambda self, _value: self.go("next"),
        "review-start": lambda self, _value: self.go("start"),
        "review-end": lambda self, _value: self.go("end"),
    }
