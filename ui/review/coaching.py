"""The coach's worker side: one seat's decisions in a stretch of a recorded game (a hand, or
the whole game), judged one at a time by `pygame_rules/bots/coach.py`, each verdict with
both moves in the game's own words. Pure Python: the bots' worker runs it
(`ui/play/bot_worker.py`), CPython tests drive it directly.

A request (JSON, from the page's `ui/review/coach.py`) names the game (game, players, seed,
options, actions), the seat, the stretch ("span": [start, stop]), the seats' names, and the
decision wanted ("number": 0 is the first); "budget" and "worlds" override the coach's
(tests use small ones). Everything is counted, never timed: the same request gives the same
verdict on any machine.
"""

from __future__ import annotations

from pygame_rules.bots.coach import COACH_WORLDS, Analysis, to_the_end
from pygame_rules.contract import visible_events
from ui.jsontext import canonical_json
from ui.review.replay import action_words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator
    from typing import Any

    from pygame_rules.contract import State

# What a verdict keeps (the search's root statistics stay in the worker).
KEPT = (
    "index",
    "played",
    "best",
    "played_value",
    "played_noise",
    "best_value",
    "best_noise",
    "gap",
    "noise",
    "flagged",
    "reason",
)
HAND_FIELDS = ("game", "players", "seed", "options", "actions", "seat", "span", "names")


def hand_key(request: dict[str, Any]) -> str:
    """What makes two requests about the same stretch of the same game, by the same coach."""
    fields = {name: request.get(name) for name in HAND_FIELDS + ("budget", "worlds")}
    return canonical_json(fields)


class HandCoach:
    """The analysis of one request's stretch, kept between its decisions' requests."""

    def __init__(self, request: dict[str, Any]) -> None:
        start, stop = request.get("span") or (0, None)
        self.key = hand_key(request)
        self.seat = int(request["seat"])
        self.names = [str(name) for name in request["names"]]
        self.analysis = Analysis(
            request["game"],
            int(request["players"]),
            int(request["seed"]),
            request.get("options") or {},
            request["actions"],
            self.seat,
            budget=request.get("budget"),
            worlds=int(request.get("worlds") or COACH_WORLDS),
            names=self.names,
            span=(int(start), None if stop is None else int(stop)),
        )

    @property
    def total(self) -> int:
        """How many decisions the stretch holds (moves of the seat with a choice)."""
        return self.analysis.total

    def verdict(self, number: int) -> Generator[None, None, dict[str, Any]]:
        """Decision `number` judged a piece at a time (yields between pieces); the verdict
        as the page shows it: the moves, their values and noise, the flag, the reason, and
        "played_words" / "best_words" (the moves as the log would have said them)."""
        result = yield from self.analysis.judging(number)
        state = self.analysis.todo[number]["state"]
        verdict = {name: result[name] for name in KEPT}
        verdict["played_words"] = self.words(state, result["played"])
        verdict["best_words"] = self.words(state, result["best"])
        return verdict

    def words(self, state: State, action: Any) -> str:
        """The seat's move `action` at `state`, as the log would have said it to the seat
        (tried on a copy: only its own event, as the seat sees it)."""
        said = visible_events(state.clone().apply(self.seat, action)[:1], self.seat)
        obs = state.observation(self.seat)
        return action_words(state.game, obs, said, self.names, self.seat, action)


def verdict_now(coach: HandCoach, number: int) -> dict[str, Any]:
    """`coach.verdict(number)` at once (CPython tests; the worker steps it)."""
    return to_the_end(coach.verdict(number))
