"""The hint: the Normal bot's move for the human, with a reason in plain words.

The reason's game words come from each game's bot module (`explain`, declared in its
`BOTS`), from the seat's view only; how often the search tried the move follows in
brackets (`Search.reason`); `Session.hint_reason` joins them.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import pygame_rules
from pygame_rules.bots import SeatView, bots_for
from pygame_rules.bots import magic_trick_baker as baker_bots
from pygame_rules.bots import magic_trick_wray as wray_bots
from pygame_rules.bots import trick_of_trip as tot_bots
from pygame_rules.bots import trickbook as tb_bots
from pygame_rules.bots.search import Search
from pygame_rules.rng import Rng
from pygame_rules.trick_of_trip import TRUMP, make_card, suit_of
from ui.play.session import Session

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
    assert bots_for("trickbook").explain is tb_bots.explain
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


def tot_view(seat: int = 0, players: int = 3, **obs: Any) -> StandInView:
    """A Trick of Trip table seen by `seat` (what `explain` reads of the observation)."""
    base: dict[str, Any] = {
        "seat": seat,
        "num_players": players,
        "phase": "play",
        "hand": [],
        "trick": [],
        "led_suit": None,
        "won": [[] for _ in range(players)],
    }
    base.update(obs)
    if base["trick"] and "led_suit" not in obs:
        base["led_suit"] = suit_of(base["trick"][0][1])
    return StandInView("trick-of-trip", base)


SUNS, MOONS, TRUMP_SUIT = 0, 1, TRUMP


def test_trick_of_trip_reason_says_who_takes_the_trick() -> None:
    low, high, seven = make_card(SUNS, 2), make_card(SUNS, 9), make_card(MOONS, 7)
    view = tot_view(hand=[low, high, seven], trick=[[1, make_card(SUNS, 5)]])
    names = NAMES[:3]
    takes = tot_bots.explain(view, {"type": "play", "card": low}, names)
    assert takes == (
        "the 2 of Suns takes the trick so far (the lowest card of the led suit), "
        "with 1 player still to play, worth 2 more points to you"
    )
    ducks = tot_bots.explain(view, {"type": "play", "card": high}, names)
    assert ducks == (
        "the 9 of Suns ducks: the trick goes to Bot 1 so far (the lowest card of the led "
        "suit), keeping the 2 of Suns for a later trick"
    )
    lead = tot_view(hand=[low, high, seven])
    assert tot_bots.explain(lead, {"type": "play", "card": low}, names) == (
        "leads the 2 of Suns, your lowest Suns card, keeping the 7 of Moons for later"
    )


def test_trick_of_trip_reason_when_last_to_play_or_without_a_winner() -> None:
    """Last to play, a card wins the trick now; with no card that can win, it is thrown
    off and the trumps and 7s are kept; a lone legal card says so."""
    trump2, trump5 = make_card(TRUMP_SUIT, 2), make_card(TRUMP_SUIT, 5)
    trick = [[1, make_card(MOONS, 4)], [2, make_card(MOONS, 9)]]
    view = tot_view(hand=[trump2, make_card(SUNS, 11)], trick=trick)
    text = tot_bots.explain(view, {"type": "play", "card": trump2}, NAMES[:3])
    assert text == (
        "the 2 of Stars (trump) wins the trick now (the lowest trump), worth 2 more points to you"
    )
    # A seven beats the trump Bot 1 played: nothing of ours can win.
    trick = [[1, make_card(MOONS, 7)], [2, trump2]]
    view = tot_view(hand=[make_card(SUNS, 11), make_card(SUNS, 12), trump5], trick=trick)
    text = tot_bots.explain(view, {"type": "play", "card": make_card(SUNS, 11)}, NAMES[:3])
    assert text == (
        "no card you may play takes the trick from Bot 1 (the first 7 played, as a trump was "
        "played): throws off the 11 of Suns, keeping the 5 of Stars (trump) for later"
    )
    # Trumps led and one trump in hand: it must be played.
    view = tot_view(hand=[trump5, make_card(SUNS, 1)], trick=[[1, trump2]])
    text = tot_bots.explain(view, {"type": "play", "card": trump5}, NAMES[:3])
    assert text == (
        "the 5 of Stars (trump) is the only card you may play: it leaves the trick to Bot 1 "
        "so far (the lowest trump)"
    )


def test_trick_of_trip_reason_names_seats_for_a_human_not_in_seat_0() -> None:
    """The hint is for the view's seat ("takes"), and seats are named by `names`."""
    view = tot_view(
        seat=2, hand=[make_card(MOONS, 9), make_card(MOONS, 1)], trick=[[0, make_card(MOONS, 4)]]
    )
    names = ["Bot 1", "Bot 2", "You"]
    text = tot_bots.explain(view, {"type": "play", "card": make_card(MOONS, 9)}, names)
    assert text is not None and text.startswith(
        "the 9 of Moons ducks: the trick goes to Bot 1 so far"
    )
    text = tot_bots.explain(view, {"type": "play", "card": make_card(MOONS, 1)}, names)
    assert text is not None and text.startswith("the 1 of Moons takes the trick so far")


def test_trick_of_trip_reason_for_the_draft() -> None:
    """A split says who chooses and where the trumps and 7s go; a pick what it takes."""
    s2, s9, m7, m11, l3, t4 = (
        make_card(SUNS, 2),
        make_card(SUNS, 9),
        make_card(MOONS, 7),
        make_card(MOONS, 11),
        make_card(3, 3),
        make_card(TRUMP_SUIT, 4),
    )
    view = tot_view(phase="split", pass_to=1, hand=[s2, s9, m7, m11, l3, t4])
    both = {"type": "split", "sets": [[s2, s9, m7], [m11, l3, t4]]}
    text = tot_bots.explain(view, both, NAMES[:3])
    assert text is not None and text.startswith(
        "offers Bot 1 the 2 of Suns, 9 of Suns and 7 of Moons"
    )
    assert text.endswith("both sets hold a trump or a 7, so you keep one whichever Bot 1 takes")
    together = {"type": "split", "sets": [[s2, s9, l3], [m7, m11, t4]]}
    text = tot_bots.explain(view, together, NAMES[:3])
    assert text is not None
    assert text.endswith(
        "the 7 of Moons and 4 of Stars (trump) go together, to Bot 1 or all to you"
    )
    stand = {"splitter": 2, "receiver": 0, "sets": [[s2, s9, l3], [m7, m11, t4]]}
    view = tot_view(phase="pick", stands=[stand])
    text = tot_bots.explain(view, {"type": "pick", "set": 1}, NAMES[:3])
    assert text == (
        "takes the 7 of Moons, 11 of Moons and 4 of Stars (trump) from Bot 2's split: "
        "more trumps and 7s than the other set"
    )
    text = tot_bots.explain(view, {"type": "pick", "set": 0}, NAMES[:3])
    assert text == (
        "takes the 2 of Suns, 9 of Suns and 3 of Leaves from Bot 2's split: fewer trumps "
        "and 7s than the other set, but more low cards (1-3), which win tricks"
    )


# Words of the search, not of the game: the game's reason never uses them.
JARGON = ("search", "playout", "played out", "imagined", "visit", "liked it best", "rollout")


@pytest.mark.parametrize("game_id", [g.id for g in pygame_rules.list_games()])
def test_every_move_in_random_positions_has_game_words(game_id: str) -> None:
    """A seeded sweep: every legal move (so every move a hint can give) of every seat in
    random games gets a reason in the game's terms, with no search jargon."""
    game = pygame_rules.get_game(game_id)
    explain = bots_for(game_id).explain
    checked = 0
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_game(num_players=players, seed=seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.acting()[0]
            names = ["You" if s == seat else f"Bot {s}" for s in range(players)]
            view = SeatView(state, seat)
            legal = state.legal_actions(seat)
            for action in legal:
                text = explain(view, action, names)
                assert text, (seed, action)
                assert not any(word in text.lower() for word in JARGON), text
                checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 500


@pytest.mark.parametrize("game_id", [g.id for g in pygame_rules.list_games()])
def test_the_hint_leads_with_the_game_reason_then_the_tries(game_id: str) -> None:
    """The hint's reason: the game's words first, then, in brackets, how often the
    search tried the move ("(tried in 13 of 80 imagined games)")."""
    session = Session(game_id, pygame_rules.get_game(game_id).min_players, 5, "easy")
    moves = 0
    while moves < 6 or len(session.human_legal()) < 2:
        if session.human_legal():
            session.act(session.human, session.human_legal()[-1])
        else:
            seat = session.next_bot()
            assert seat is not None
            session.bot_move(seat)
        moves += 1
    turn = session.start_hint()
    assert turn is not None
    turn.step(None)
    assert turn.action in session.human_legal()
    reason = session.hint_reason(turn)
    view = SeatView(session.state, session.human)
    words = bots_for(game_id).explain(view, turn.action, session.names)
    assert words
    rows = turn.thinking.summary()
    tried = next(r["visits"] for r in rows if r["action"] == turn.action)
    total = sum(r["visits"] for r in rows)
    assert reason == f"{words} (tried in {tried} of {total} imagined games)"


def search_stand_in(rows: list[dict[str, Any]]) -> SimpleNamespace:
    """A finished search with these playout counts: `Search.reason` reads only `legal` and
    `summary()`."""
    thinking = SimpleNamespace(legal=[r["action"] for r in rows], summary=lambda: rows)
    thinking.reason = lambda action: Search.reason(thinking, action)
    return thinking


def test_the_tries_follow_the_game_words_for_any_move_the_search_gives() -> None:
    """Trickbook's search keeps its heuristic's move unless playouts clearly disagree, so
    the hinted move may have fewer playouts than another: the words say only how often."""
    session = Session("trickbook", 2, 1, "easy")
    rock, paper = {"type": "rps", "choice": "rock"}, {"type": "rps", "choice": "paper"}
    thinking = search_stand_in([{"action": rock, "visits": 12}, {"action": paper, "visits": 88}])
    reason = session.hint_reason(SimpleNamespace(action=rock, thinking=thinking))
    assert reason.startswith("rock, paper and scissors are all as good")
    assert reason.endswith(" (tried in 12 of 100 imagined games)")
    best = session.hint_reason(SimpleNamespace(action=paper, thinking=thinking))
    assert best.endswith(" (tried in 88 of 100 imagined games)")
