"""The table's sounds, as the Python side decides them (issue 40.2): each move's events, as
the human saw them, give `Session.cues` (a card played, a trick taken, a die rolled); the
table plays and clears them when it draws (ui/screens/play.py, with "your turn"; the page's
side is tests/browser/test_sound_install_update.py)."""

from __future__ import annotations

import random

import pytest

import pygame_rules
from ui.play.session import Session
from ui.tables import table_for
from ui.tables.kit import CARD, DICE, TRICK

EXPECTED = {
    "magic-trick-wray": {CARD, TRICK},
    "magic-trick-baker": {CARD, TRICK},
    "trick-of-trip": {CARD, TRICK},
    "trickbook": {CARD, DICE},
}


@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_a_game_sounds_its_cards_tricks_and_dice(game_id: str) -> None:
    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.default_players or game.min_players, 5, "easy")
    choose = random.Random(5)
    heard: set[str] = set()
    tricks = 0
    for _ in range(400):
        if session.is_over():
            break
        seat = session.waiting_for()[0]
        events = session.act(seat, choose.choice(session.state.legal_actions(seat)))
        # One cue per event that makes a sound: a trick's end by the game's own facts.
        expected = [e for e in events if e["type"] in game.trick_end]
        tricks += len(expected)
        assert session.cues.count(TRICK) == len(expected)
        heard.update(session.cues)
        session.cues = []  # as the table does when it draws
    assert heard == EXPECTED[game_id]
    assert (tricks > 0) == bool(game.trick_end)


def test_sounds_are_the_tables_declared_names() -> None:
    for game_id in pygame_rules.GAME_IDS:
        assert set(table_for(game_id).sounds.values()) <= {CARD, DICE}, game_id


def test_a_resumed_game_has_its_moves_cues_until_the_table_takes_them() -> None:
    """`Session.from_save` replays every move: the cues pile up, and the table drops them
    unplayed when it opens (PlayScreen: a resumed game makes no sound of its past)."""
    game_id = "magic-trick-baker"
    session = Session(game_id, 2, 3, "easy")
    choose = random.Random(3)
    for _ in range(6):
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
    again = Session.from_save(session.to_save())
    assert again.cues == session.cues and CARD in again.cues
