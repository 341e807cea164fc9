"""The hint: the Normal bot's move for the human, with a reason in plain words.

The reason's game words come from each game's bot module (`explain`, declared in its
`BOTS`); the search's words from `Search.reason`; `Session.hint_reason` joins them.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pygame_rules.bots import SeatView, bots_for
from pygame_rules.bots import magic_trick_baker as baker_bots
from pygame_rules.bots import magic_trick_wray as wray_bots
from pygame_rules.bots import trick_of_trip as tot_bots
from pygame_rules.bots.search import Search
from pygame_rules.trick_of_trip import make_card
from ui.session import Session

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


class StandInView:
    """A seat's view over a bare observation: what `explain` reads of a `SeatView`."""

    def __init__(self, game_id: str, obs: dict[str, Any]) -> None:
        self.game_id = game_id
        self.seat = obs["seat"]
        self._obs = obs

    def observation(self) -> dict[str, Any]:
        return self._obs

    def legal_actions(self) -> list[dict[str, Any]]:
        return []


def wray_view(**obs: Any) -> StandInView:
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
    return StandInView("magic-trick-wray", base)


def wray_reason(action: dict[str, Any], view: StandInView) -> str | None:
    return wray_bots.explain(view, action, NAMES)


def test_each_game_declares_its_explain_in_its_bots() -> None:
    assert bots_for("magic-trick-wray").explain is wray_bots.explain
    assert bots_for("trick-of-trip").explain is tot_bots.explain
    assert bots_for("magic-trick-baker").explain is baker_bots.explain


def test_wray_reason_names_the_card_and_the_bid() -> None:
    reached = wray_view(led_suit=0, sleeves=[{"pos": 5}, None, None, None], bids=[1, 0, 0, 0])
    reached.observation()["tricks_won"] = [1, 0, 0, 0]
    reached.observation()["rows"][0]["status"][5] = "sleeved"
    text = wray_reason({"type": "play", "pos": 0}, reached)
    assert text is not None
    assert text.startswith("follows suit with your lowest")
    assert text.endswith("you already have your bid of 1")
    short = wray_view(led_suit=1, sleeves=[{"pos": 5}, None, None, None], bids=[3, 0, 0, 0])
    short.observation()["rows"][0]["status"][5] = "sleeved"
    text = wray_reason({"type": "play", "pos": 4}, short)
    assert text == "trumps with your lowest heart: you need 3 more tricks for your bid of 3"
    text = wray_reason({"type": "play", "pos": 2}, wray_view(led_suit=2))
    assert text is not None and "throws off" in text
    text = wray_reason({"type": "play", "pos": 2}, wray_view())
    assert text is not None and text.startswith("leads your highest")
    text = wray_reason({"type": "sleeve", "pos": 1}, wray_view(led_suit=0))
    assert text == "sleeves a middle Stars card as your bid"
    text = wray_reason({"type": "pass"}, wray_view())
    assert text is not None and "keeps your sleeve empty" in text


def test_wray_reason_says_one_more_trick() -> None:
    view = wray_view(led_suit=0, sleeves=[{"pos": 5}, None, None, None], bids=[2, 0, 0, 0])
    view.observation()["tricks_won"] = [1, 0, 0, 0]
    view.observation()["rows"][0]["status"][5] = "sleeved"
    text = wray_reason({"type": "play", "pos": 1}, view)
    assert text == "follows suit with a middle Stars card: you need 1 more trick for your bid of 2"


def test_trick_of_trip_reason_says_who_takes_the_trick() -> None:
    low, high = make_card(0, 2), make_card(0, 9)
    view = StandInView("trick-of-trip", {"seat": 0, "trick": [[1, make_card(0, 5)]]})
    names = NAMES[:3]
    takes = tot_bots.explain(view, {"type": "play", "card": low}, names)
    assert takes is not None and "takes the trick so far" in takes
    ducks = tot_bots.explain(view, {"type": "play", "card": high}, names)
    assert ducks is not None and "ducks" in ducks and "Bot 1" in ducks
    lead = StandInView("trick-of-trip", {"seat": 0, "trick": []})
    action = {"type": "play", "card": low}
    assert tot_bots.explain(lead, action, names) == "leads the 2 of Suns"


def test_trick_of_trip_reason_names_seats_for_a_human_not_in_seat_0() -> None:
    """The hint is for the view's seat ("takes"), and seats are named by `names`."""
    view = StandInView("trick-of-trip", {"seat": 2, "trick": [[0, make_card(1, 4)]]})
    names = ["Bot 1", "Bot 2", "You"]
    action = {"type": "play", "card": make_card(1, 9)}
    text = tot_bots.explain(view, action, names)
    assert text == (
        "the 9 of Moons ducks: the trick goes to Bot 1 so far (the lowest card of the led suit)"
    )
    action = {"type": "play", "card": make_card(1, 1)}
    text = tot_bots.explain(view, action, names)
    assert text == "the 1 of Moons takes the trick so far (the lowest card of the led suit)"


def test_session_hint_gives_a_legal_move_and_the_search_evidence() -> None:
    session = Session("magic-trick-wray", 4, 11, "easy")
    while not session.human_legal():
        seat = session.next_bot()
        assert seat is not None
        session.bot_move(seat)
    turn = session.start_hint()
    assert turn is not None
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
    view = SeatView(session.state, session.human)
    assert reason.split("; ")[0] == wray_bots.explain(view, turn.action, session.names)


def search_stand_in(rows: list[dict[str, Any]]) -> SimpleNamespace:
    """A finished search with these playout counts: `Search.reason` reads only `legal` and
    `summary()`."""
    thinking = SimpleNamespace(legal=[r["action"] for r in rows], summary=lambda: rows)
    thinking.reason = lambda action: Search.reason(thinking, action)
    return thinking


def test_hint_does_not_say_liked_best_of_a_move_played_out_less_than_another() -> None:
    """Trickbook's search keeps its heuristic's move unless playouts clearly disagree, so
    the hinted move may have fewer playouts than another ("liked it best: 12 of 100")."""
    session = Session("trickbook", 2, 1, "easy")
    rock, paper = {"type": "rps", "choice": "rock"}, {"type": "rps", "choice": "paper"}
    thinking = search_stand_in([{"action": rock, "visits": 12}, {"action": paper, "visits": 88}])
    reason = session.hint_reason(SimpleNamespace(action=rock, thinking=thinking))
    assert "liked it best" not in reason
    assert "the search kept it: 100 imagined games played out (12 with it)" in reason
    best = session.hint_reason(SimpleNamespace(action=paper, thinking=thinking))
    assert "the search liked it best: it played it out in 88 of 100 imagined games" in best
