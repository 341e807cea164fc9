"""The bots' worker: Pyodide, in a PyScript worker, runs the Normal and Hard searches and
the hint, so the page's main thread (MicroPython) never waits on them.

Only JSON text crosses: a request holds the state (`State.to_json`, which rebuilds the
table), the seat, the level and the bot's seed; the bot sees that seat's `SeatView`
only, exactly as on the main thread. The answer is the move, whether the time limit cut
the search short, and for a hint the reason in plain words. Stdlib and pygame_rules only.
"""

from __future__ import annotations

import json

import pygame_rules
from pygame_rules.bots import SeatView, explain_move, make_bot, think
from pygame_rules.bots.base import perf_counter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

SLICE = 0.05  # seconds of search between two looks at the time limit


def decide(request: dict[str, Any]) -> dict[str, Any]:
    """The move for `request["seat"]`, thought to the end or to `request["limit"]` seconds
    (None: no limit); with "names", also why (the hint's reason)."""
    game = pygame_rules.get_game(request["game"])
    state = game.from_json(request["state"])
    seat = request["seat"]
    bot = make_bot(game.id, request["level"], request["seed"])
    thinking = think(bot, SeatView(state.clone(), seat))
    limit = request.get("limit")
    began = perf_counter()
    capped = False
    while not thinking.step(SLICE):
        if limit is not None and perf_counter() - began >= limit:
            capped = True
            break
    action = thinking.best_action()
    answer: dict[str, Any] = {
        "action": action,
        "capped": capped,
        "ms": int((perf_counter() - began) * 1000),
    }
    names = request.get("names")
    if names is not None:
        answer["reason"] = explain_move(SeatView(state.clone(), seat), action, names, thinking)
    return answer


def decide_json(text: str) -> str:
    """`decide` for the page: JSON text in and out (only text crosses the worker's edge
    unchanged: MicroPython's FFI wraps integers at 32 bits and turns null into None)."""
    try:
        return json.dumps({"ok": decide(json.loads(text))})
    except Exception as exc:  # reported to the page, which then thinks on its own
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})


def ready() -> str:
    """What the worker runs (the page logs it): answers once imports are done."""
    import sys

    return f"Python {sys.version.split()[0]} · rules {pygame_rules.__version__}"
