"""The hint: the Normal bot's move for the human, with a reason in plain words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from test_trickbook import DOUBLE, MATCH, PASS, SET, SPECIAL, table

import pygame_rules
from pygame_rules.trick_of_trip import make_card
from ui import magic_trick_wray, trick_of_trip, trickbook
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


def trickbook_view(state: Any, seat: int) -> TableView:
    return TableView(
        game=state.game,
        obs=state.observation(seat),
        legal=state.legal_actions(seat),
        names=NAMES[: state.num_players],
    )


def test_trickbook_reasons_weigh_the_roll_the_turn_and_the_specials() -> None:
    state = table([["kickflip", "hardflip"], ["kickflip", "ollie"]], [[], ["one-more"]],
                  dice=[6, 2, 6])  # fmt: skip
    assert trickbook.hint_reason(SET("kickflip"), trickbook_view(state, 0)) == (
        "sets the Kickflip: it lands on a 3 or more (4 in 6), and every landed set keeps "
        "your turn and costs each rival a card"
    )
    state.apply(0, SET("kickflip"))
    view = trickbook_view(state, 1)
    assert trickbook.hint_reason(MATCH, view) == "one roll with your own Kickflip beats two"
    state.apply(1, MATCH)  # rolls a 2: One More! could save the letter
    view = trickbook_view(state, 1)
    assert "keeps One More! for a set of your own" in trickbook.hint_reason(PASS, view)
    assert trickbook.hint_reason(SPECIAL("one-more"), view) == (
        "One More!: reroll the failed die; it saves you a letter"
    )
    state.letters[1] = 4
    assert trickbook.hint_reason(PASS, trickbook_view(state, 1)) is None
    assert trickbook.hint_reason(SPECIAL("one-more"), trickbook_view(state, 1)) == (
        "One More!: reroll the failed die; this letter would put you out"
    )
    state.letters[1] = 0
    state.apply(1, PASS)  # a letter for seat 1; seat 0 sets again
    state.apply(0, SET("hardflip"))
    assert trickbook.hint_reason(DOUBLE("ollie"), trickbook_view(state, 1)) == (
        "no Hardflip in hand: gives up the Ollie, the card least worth setting, to roll twice"
    )


def test_trickbook_reasons_for_first_try_steal_turn_and_psyche() -> None:
    state = table([["hardflip", "ollie"], ["ollie"]], [["first-try"], []])
    assert trickbook.hint_reason(SET("hardflip"), trickbook_view(state, 0)) == (
        "sets the Hardflip to land it with First Try!: few rivals will match it, and your "
        "turn goes on"
    )
    state.apply(0, SET("ollie"))
    assert trickbook.hint_reason(PASS, trickbook_view(state, 0)) == (
        "keeps First Try! for a harder set: it lands on a 2 or more (5 in 6) anyway"
    )
    state = table([["ollie"], ["kickflip"], ["ollie"]], [["steal-turn", "psyche"], [], []],
                  setter=1)  # fmt: skip
    state.apply(1, SET("kickflip"))
    view = trickbook_view(state, 0)
    assert trickbook.hint_reason(SPECIAL("steal-turn"), view) == (
        "Steal Turn! ends this sequence with no letters, and you set next"
    )
    assert trickbook.hint_reason(SPECIAL("psyche"), view) == (
        f"Psyche! may give Bot 1 {trickbook.MINUS}1 on this roll"
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
