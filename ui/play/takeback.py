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
    last move, and every move after it), and whether the game then becomes practice."""

    def __init__(self, index: int, moves: int, reveals: bool, bot_moves: int) -> None:
        self.index = index
        self.moves = moves  # how many moves are undone (the player's and the bots' since)
        self.reveals = reveals
        self.bot_moves = bot_moves

    def words(self) -> str:
        """The button's explanation: what goes back, and whether it makes the game practice."""
        bots = "" if not self.bot_moves else f" and the bots' {self.bot_moves} since"
        if self.reveals:
            return (
                f"Take back your last move{bots}. Something hidden has been shown since,"
                " so the game becomes practice: it will not count in your statistics."
            )
        return f"Take back your last move{bots}. Nothing hidden has been shown since."


# Why the control cannot take anything back.
NOTHING_YET = "You have not moved yet: there is nothing to take back."
GAME_OVER = "The game is over: there is nothing to take back."
