"""Saved games at a game's end, for both browser suites (tests/browser/, tests/engines/), and
whole games played in CPython (an embedded hand's or puzzle's moves)."""

from __future__ import annotations

import random
from typing import Any

import pygame_rules
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


def played_game(game_id: str, seed: int = 7) -> Session:
    """A whole game at the game's usual player count: the player's moves at random
    (seeded), the bots' Easy moves."""
    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.default_players, seed, "easy")
    choose = random.Random(seed)
    while not session.is_over():
        seat = session.waiting_for()[0]
        if seat == session.human:
            session.act(seat, choose.choice(session.human_legal()))
        else:
            session.bot_move(seat)
    return session
