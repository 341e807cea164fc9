"""One way to route a control: each feature declares the controls it answers (`data-ui`
names) in one table, `CONTROLS`, from a name to its handler, and the app looks a click's
name up in the tables of the features on screen (`Routes`).

A handler is called with the feature and the control's `data-value`. A feature whose
controls are steps of play (Continue; a game's own, e.g. moving a card between two groups)
says so with `PLAY_STEPS = True`; the tests tell them from the page's own by it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Handler = Callable[[Any, str], Any]


class Routes:
    """The controls of the features on screen now: a name to its feature and handler."""

    def __init__(self) -> None:
        self.table: dict[str, tuple[Any, Handler]] = {}

    def add(self, feature: Any) -> None:
        """Answer `feature`'s controls (its `CONTROLS`); a name answered twice is a bug."""
        for name in feature.CONTROLS:
            if name in self.table and self.table[name][0] is not feature:
                raise ValueError(f"the control {name!r} is answered twice")
            self.table[name] = (feature, feature.CONTROLS[name])

    def remove(self, feature: Any) -> None:
        """Stop answering `feature`'s controls (it left the screen)."""
        for name in feature.CONTROLS:
            if name in self.table and self.table[name][0] is feature:
                del self.table[name]

    def answers(self, name: str) -> bool:
        """Whether a feature on screen answers the control `name`."""
        return name in self.table

    def run(self, name: str, value: str) -> bool:
        """Run the control `name` with `value`; False when no feature on screen answers it."""
        found = self.table.get(name)
        if found is None:
            return False
        feature, handler = found
        handler(feature, value)
        return True


def control_names(features: tuple[Any, ...], play_steps: bool) -> frozenset[str]:
    """The controls that `features` (classes) answer: the steps of play, or the others."""
    return frozenset(
        name
        for feature in features
        if bool(getattr(feature, "PLAY_STEPS", False)) == play_steps
        for name in feature.CONTROLS
    )
