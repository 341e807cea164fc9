"""Taking back the player's last move: whether anything hidden has been shown since it.

A take-back is free while the moves since the player's last one (theirs included) showed
nothing hidden: no card, no die, no draft pick. Otherwise it is still allowed, but the game
becomes practice (not counted), so nobody can fish for better cards or dice. Generic over
the engine contract: the moves are replayed on deals the player could not tell from the
real one (`resample`); if the player's view afterwards differs on any of them, or a move
cannot be made there, the moves showed something hidden.
"""

from __future__ import annotations

from pygame_rules import IllegalAction, Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from pygame_rules.contract import State

# Deals tried per check (it stops at the first that differs). A reveal is missed only if
# every one of them agrees with the real deal on what was shown: for a die (1/6)**16, for
# a card you thought 80% likely where it turned up 0.8**16 = 3%. What the public facts
# made near certain (say 95%) may so count as known already: little to fish for.
RESAMPLES = 16


def shows_hidden(before: State, moves: list[list[Any]], seat: int, seed: int) -> bool:
    """Whether playing `moves` ([seat, action] pairs) from `before` shows `seat` anything it
    could not know at `before`. Deterministic for a given `seed`."""
    after = before.clone()
    for mover, action in moves:
        after.apply(mover, action)
    seen = after.observation(seat)
    rng = Rng(seed)
    for _ in range(RESAMPLES):
        other = before.resample(seat, rng.spawn())
        try:
            for mover, action in moves:
                other.apply(mover, action)
        except IllegalAction:
            return True  # a move needs something the other deal lacks: it showed it
        if other.observation(seat) != seen:
            return True
    return False


class TakeBack:
    """What taking back would do: go back to move `index` of the history (the player's
    last move, and every move after it), and whether the game then becomes practice (a
    reveal, or `others`: the names of other people at the device who moved since)."""

    def __init__(
        self, index: int, moves: int, reveals: bool, bot_moves: int, others: list[str] | None = None
    ) -> None:
        self.index = index
        self.moves = moves  # how many moves are undone (the player's and the bots' since)
        self.reveals = reveals
        self.bot_moves = bot_moves
        self.others = others or []

    def _since(self) -> str:
        """ " and the bots' 3 since", " and Bob's move since": what else goes back."""
        parts = [f"the bots' {self.bot_moves}"] if self.bot_moves else []
        named: list[str] = []
        for name in self.others:  # each person once, in order (MicroPython's dicts keep none)
            if name in named:
                continue
            named.append(name)
            count = self.others.count(name)
            parts.append(f"{name}'s {'move' if count == 1 else f'{count} moves'}")
        return f" and {' and '.join(parts)} since" if parts else ""

    def words(self) -> str:
        """The button's explanation: what goes back, and whether it makes the game practice."""
        since = self._since()
        if self.others:
            return (
                f"Take back your last move{since}. Someone else has moved since, so the"
                " game becomes practice: it will not count in the statistics."
            )
        if self.reveals:
            return (
                f"Take back your last move{since}. Something hidden has been shown since,"
                " so the game becomes practice: it will not count in your statistics."
            )
        return f"Take back your last move{since}. Nothing hidden has been shown since."

    def said(self, name: str) -> str:
        """The log's line once taken back by `name` ("You" alone with bots)."""
        whose = "your" if name == "You" else "their"
        practice = " This game is now practice: it will not count." if self.reveals else ""
        return f"{name} took back {whose} last move{self._since()}.{practice}"


# Why the control cannot take anything back.
NOTHING_YET = "You have not moved yet: there is nothing to take back."
GAME_OVER = "The game is over: there is nothing to take back."
