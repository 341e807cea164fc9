"""The bots' worker: Pyodide, in a PyScript worker, runs the Normal and Hard searches and
the hint, so the page's main thread (MicroPython) never waits on them. Until it is ready
(half a minute of download on a phone's first visit), the same module answers the bots in
MicroPython, in a worker of its own (static/js/bots-worker.js, `answer_later`): the same
search, at a fifth of the speed, so their time limit cuts Hard shorter there.

Only JSON text crosses: a request holds the state (`State.to_json`, which rebuilds the
table), the seat, the level and the bot's seed; the bot sees that seat's `SeatView`
only, exactly as on the main thread. The answer is the move, whether the time limit cut
the search short, and for a hint the reason in plain words. Stdlib and pygame_rules only.

The page may `cancel` a request it no longer needs (the human moved while a bot thought
about a simultaneous choice): the search looks at its messages between slices, so the
decision for the table as it is now starts at once instead of after the stale one.
"""

from __future__ import annotations

import asyncio
import json
import sys

import pygame_rules
from pygame_rules.bots import SeatView, bots_for, explain_move, make_bot, think
from pygame_rules.bots.base import perf_counter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SLICE = 0.05  # seconds of search between two looks at the time limit (and at messages)
WAIT = 0.01  # seconds between two looks at whether a queued request's turn has come
CANCELLED: set[int] = set()  # ids of requests the page no longer needs
# The pause between two slices, in which the worker reads its messages (a cancel). On
# MicroPython, asyncio runs every ready task before it returns to JavaScript: sleep(0)
# would read none until the search is over.
PAUSE = 0.001 if sys.implementation.name == "micropython" else 0


class Turns:
    """Requests answered one at a time, in the order they arrived (a ticket queue: the
    asyncio subset the code keeps, tools/micropython/check_subset.py, has no Lock)."""

    def __init__(self) -> None:
        self.issued = 0
        self.serving = 0

    async def wait(self) -> None:
        ticket = self.issued
        self.issued += 1
        while self.serving != ticket:
            await asyncio.sleep(WAIT)

    def done(self) -> None:
        self.serving += 1


TURNS = Turns()


class Decision:
    """One request's search, a slice at a time."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.began = perf_counter()  # the time limit counts the table's rebuilding too
        game = pygame_rules.get_game(request["game"])
        self.state = game.from_json(request["state"])
        self.seat = request["seat"]
        self.names = request.get("names")
        self.limit = request.get("limit")  # seconds, or None: the whole search
        bot = make_bot(game.id, request["level"], request["seed"])
        self.thinking = think(bot, SeatView(self.state.clone(), self.seat))
        self.capped = False

    def step(self) -> bool:
        """Search one slice (never past the time limit); True once decided (the search
        ended or hit the limit)."""
        seconds = SLICE
        if self.limit is not None:
            seconds = min(SLICE, self.limit - (perf_counter() - self.began))
        if seconds > 0 and self.thinking.step(seconds):
            return True
        if self.limit is not None and perf_counter() - self.began >= self.limit:
            self.capped = True
            return True
        return False

    def answer(self) -> dict[str, Any]:
        """The move, whether the limit cut it short, the time taken; a hint's reason."""
        action = self.thinking.best_action()
        answer: dict[str, Any] = {
            "action": action,
            "capped": self.capped,
            "ms": int((perf_counter() - self.began) * 1000),
        }
        if self.names is not None:
            view = SeatView(self.state.clone(), self.seat)
            answer["reason"] = explain_move(view, action, self.names, self.thinking)
        return answer


def decide(request: dict[str, Any]) -> dict[str, Any]:
    """The move for `request["seat"]`, thought to the end or to `request["limit"]` seconds
    (None: no limit); with "names", also why (the hint's reason)."""
    decision = Decision(request)
    while not decision.step():
        pass
    return decision.answer()


async def decide_json(text: str) -> str:
    """`decide` for the page: JSON text in and out (only text crosses the worker's edge
    unchanged: MicroPython's FFI wraps integers at 32 bits and turns null into None).
    Between slices it lets the worker read its messages; a request cancelled meanwhile
    answers {"cancelled": true}."""
    try:
        request = json.loads(text)
        key = request.get("id")
        await TURNS.wait()
        try:
            decision = None if key in CANCELLED else Decision(request)
            while decision is not None and not decision.step():
                await asyncio.sleep(PAUSE)  # the page's cancel() is read here
                if key in CANCELLED:
                    decision = None
        finally:
            TURNS.done()
        if decision is None:
            CANCELLED.discard(key)
            return json.dumps({"cancelled": True})
        return json.dumps({"ok": decision.answer()})
    except Exception as exc:  # reported to the page, which then thinks on its own
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})


COACHES: list[Any] = []  # the last stretch coached (`ui/review/coaching.py`'s HandCoach)


async def coach_json(text: str) -> str:
    """One decision of a stretch's coaching (`ui/review/coaching.py`): JSON text in, and out
    {"ok": {"total": decisions in the stretch, "verdict": decision "number"'s, or None
    past the last}}. It takes its turn with the bots' requests, and lets the worker read
    its messages between pieces of the analysis: a request cancelled meanwhile answers
    {"cancelled": true}."""
    from ui.review.coaching import HandCoach, hand_key

    try:
        request = json.loads(text)
        key = request.get("id")
        await TURNS.wait()
        try:
            if not COACHES or COACHES[0].key != hand_key(request):
                COACHES[:] = [HandCoach(request)]
            coach = COACHES[0]
            number = int(request["number"])
            verdict = None
            judge = coach.verdict(number) if number < coach.total else None
            while judge is not None and key not in CANCELLED:
                try:
                    next(judge)
                except StopIteration as done:
                    verdict = done.value
                    break
                await asyncio.sleep(PAUSE)  # the page's cancel() is read here
        finally:
            TURNS.done()
        if key in CANCELLED:
            CANCELLED.discard(key)
            return json.dumps({"cancelled": True})
        return json.dumps({"ok": {"total": coach.total, "verdict": verdict}})
    except Exception as exc:  # reported to the page, which says the coach could not finish
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})


def cancel(request_id: int) -> None:
    """The page no longer needs request `request_id` (its answer would be dropped)."""
    CANCELLED.add(request_id)


def ready() -> str:
    """What the worker runs (the page logs it): answers once every game's rules and bots
    are imported (imported by the first request instead, they made it 0.2 s slower)."""
    for game in pygame_rules.list_games():
        bots_for(game.id)
    name = "MicroPython" if sys.implementation.name == "micropython" else "Python"
    version = ".".join(str(part) for part in sys.implementation.version[:3])
    return f"{name} {version} · rules {pygame_rules.__version__}"


ANSWERS = {"decide_json": decide_json}  # what the MicroPython worker answers (no coach)
TASKS: list[Any] = []  # answers being thought, kept referenced until done


def answer_later(method: str, text: str, reply: Any) -> None:
    """For static/js/bots-worker.js (MicroPython, no PyScript): `method`'s answer to `text`,
    thought in an asyncio task of its own, handed to `reply` (a JavaScript function) as
    JSON text. An unknown method answers {"error": ...}."""

    async def run() -> None:
        if method in ANSWERS:
            reply(await ANSWERS[method](text))
        else:
            reply(json.dumps({"error": f"no {method} here"}))

    TASKS[:] = [task for task in TASKS if not task.done()] + [asyncio.create_task(run())]
