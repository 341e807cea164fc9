"""Saved games at a game's end, for both browser suites (tests/browser/, tests/engines/)."""

from __future__ import annotations

import random
from typing import Any

from ui.play.session import Session


def bots_finish_the_game(game_id: str, players: int) -> dict[str, Any]:
    """A save whose next moves are the bots' and end the game (Easy bots; seeded random
    moves in CPython): resumed at Instant speed, the game-over view comes with no move of
    the player's, and with it the app's focus and scroll to the result."""
    for seed in range(1, 100):
        session = Session(game_id, players, seed, "easy")
        choose = random.Random(seed)
        while not session.is_over():
            seat = session.waiting_for()[0]
            session.act(seat, choose.choice(session.state.legal_actions(seat)))
        mine = [i for i, (seat, _) in enumerate(session.history) if seat == session.human]
        if mine[-1] < len(session.history) - 1:
            save = session.to_save()
            save["history"] = session.history[: mine[-1] + 1]
            return save
    raise AssertionError("no deal where the bots make the last move")
