"""The hint: the Normal bot's move for the human, with a reason in plain words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame_rules
from pygame_rules.trick_of_trip import make_card
from ui import magic_trick_wray, trick_of_trip
from ui.session import Session
from ui.tables import TableView

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


def wray_view(**obs: Any) -> TableView:
    """A Wray table seen by seat 0: one row of suits, every card still hidden."""
    suits = [0, 0, 0, 2, 3, 3]
    base = {
        "seat": 0,
        "rows": [{"suits": suits, "ranks": [None] * 6, "status": ["hidden"] * 6}],
        "led_suit": None,
        "sleeves": [None] * 4,
        "bids": [0] * 4,
        "tricks_won": [0] * 4,
    }
    base.update(obs)
    return TableView(
        game=pygame_rules.get_game("magic-trick-wray"), obs=base, legal=[], names=NAMES
    )


def test_wray_reason_names_the_card_and_the_bid() -> None:
    reached = wray_view(led_suit=0, sleeves=[{"pos": 5}, None, None, None], bids=[1, 0, 0, 0])
    reached.obs["tricks_won"] = [1, 0, 0, 0]
    reached.obs["rows"][0]["status"][5] = "sleeved"
    text = magic_trick_wray.hint_reason({"type": "play", "pos": 0}, reached)
    assert text.startswith("follows suit with your lowest")
    assert text.endswith("you already have your bid of 1")
    short = wray_view(led_suit=1, sleeves=[{"pos": 5}, None, None, None], bids=[3, 0, 0, 0])
    short.obs["rows"][0]["status"][5] = "sleeved"
    text = magic_trick_wray.hint_reason({"type": "play", "pos": 4}, short)
    assert text == "trumps with your lowest heart: you need 3 more tricks for your bid of 3"
    text = magic_trick_wray.hint_reason({"type": "play", "pos": 2}, wray_view(led_suit=2))
    assert "throws off" in text
    text = magic_trick_wray.hint_reason({"type": "play", "pos": 2}, wray_view())
    assert text.startswith("leads your highest")
    text = magic_trick_wray.hint_reason({"type": "sleeve", "pos": 1}, wray_view(led_suit=0))
    assert text == "sleeves a middle Stars card as your bid"
    assert "keeps your sleeve empty" in magic_trick_wray.hint_reason({"type": "pass"}, wray_view())


def test_trick_of_trip_reason_says_who_takes_the_trick() -> None:
    game = pygame_rules.get_game("trick-of-trip")
    low, high = make_card(0, 2), make_card(0, 9)
    obs = {"seat": 0, "trick": [[1, make_card(0, 5)]]}
    view = TableView(game=game, obs=obs, legal=[], names=NAMES[:3])
    assert "takes the trick so far" in trick_of_trip.hint_reason(
        {"type": "play", "card": low}, view
    )
    ducks = trick_of_trip.hint_reason({"type": "play", "card": high}, view)
    assert "ducks" in ducks and "Bot 1" in ducks


def test_session_hint_gives_a_legal_move_and_the_search_evidence() -> None:
    session = Session("magic-trick-wray", 4, 11, "easy")
    while not session.human_legal():
        session.bot_move(session.next_bot())
    turn = session.start_hint()
    turn.step(None)
    assert turn.action in session.human_legal()
    reason = session.hint_reason(turn)
    assert "imagined games" in reason
    # "liked it best" only for the move played out most; else what the search did.
    rows = turn.thinking.summary()
    most = max(r["visits"] for r in rows) == next(
        r["visits"] for r in rows if r["action"] == turn.action
    )
    assert ("more than any other move" in reason) == most
    assert ("did not clearly favour another move" in reason) == (not most)
    assert reason.split("; ")[0] == magic_trick_wray.hint_reason(turn.action, session_view(session))


def session_view(session: Session) -> TableView:
    return TableView(
        game=session.game,
        obs=session.observation(),
        legal=session.human_legal(),
        names=session.names,
    )


def test_hint_does_not_say_liked_best_of_a_move_played_out_less_than_another() -> None:
    """Trickbook's search keeps its heuristic's move unless playouts clearly disagree, so
    the hinted move may have fewer playouts than another ("liked it best: 12 of 100")."""
    session = Session("trickbook", 2, 1, "easy")
    rock, paper = {"type": "rps", "choice": "rock"}, {"type": "rps", "choice": "paper"}
    thinking = SimpleNamespace(
        legal=[rock, paper],
        summary=lambda: [{"action": rock, "visits": 12}, {"action": paper, "visits": 88}],
    )
    reason = session.hint_reason(SimpleNamespace(action=rock, thinking=thinking))
    assert "liked it best" not in reason
    assert "the search kept it: 100 imagined games played out (12 with it)" in reason
