"""Taking back the player's last move (ui/play/takeback.py, Session.take_back): what counts as
showing something hidden, in every game; the rebuilt table; practice games; fair replays."""

from __future__ import annotations

import random

import pytest

from pygame_rules import Rng
from pygame_rules.magic_trick_wray import rank_ranges
from ui import saves
from ui.play.session import Session
from ui.play.takeback import GAME_OVER, NOTHING_YET, shows_hidden
from ui.runtime import storage

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 4), ("trickbook", 3)]


def human_move(session: Session, choose: random.Random, wanted: str | None = None) -> bool:
    """Let seeded random moves reach the human's turn, then play a human move (of type
    `wanted` if given and legal); False if the game ended first."""
    while not session.is_over():
        acting = session.waiting_for()
        if session.human in acting:
            legal = session.human_legal()
            fitting = [a for a in legal if wanted is None or a["type"] == wanted]
            if fitting:
                session.act(session.human, choose.choice(fitting))
                return True
            session.act(session.human, choose.choice(legal))
        else:
            seat = acting[0]
            session.act(seat, choose.choice(session.state.legal_actions(seat)))
    return False


def fingerprint(session: Session) -> list:
    """Everything a player in any seat can see, and the move list."""
    return [session.state.observation(s) for s in range(session.players)] + [session.history]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_nothing_to_take_back_before_the_first_move(game: str, players: int) -> None:
    session = Session(game, players, 4, "easy")
    while session.human not in session.waiting_for():
        seat = session.waiting_for()[0]
        session.act(seat, session.state.legal_actions(seat)[0])
    before = fingerprint(session)
    assert not session.can_take_back()
    assert session.take_back_refusal() == NOTHING_YET
    assert session.take_back_offer() is None
    with pytest.raises(ValueError, match="nothing to take back"):
        session.take_back()
    assert fingerprint(session) == before


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_take_back_rebuilds_the_table_before_the_last_move(game: str, players: int) -> None:
    choose = random.Random(game)
    for seed in range(3):
        session = Session(game, players, seed, "easy")
        for _ in range(choose.randrange(1, 12)):
            if not human_move(session, choose):
                break
        if session.is_over():
            assert session.take_back_refusal() == GAME_OVER
            continue
        index = max(i for i, (seat, _) in enumerate(session.history) if seat == session.human)
        fresh = Session(game, players, seed, "easy")
        for seat, action in session.history[:index]:
            fresh.act(seat, action)
        offer = session.take_back()
        assert offer.index == index
        assert fingerprint(session) == fingerprint(fresh)
        assert session.state.to_json() == fresh.state.to_json()  # its generator too
        assert session.move_ends == fresh.move_ends
        assert session._before_human == fresh._before_human or (
            session._before_human is not None
            and fresh._before_human is not None
            and session._before_human[0] == fresh._before_human[0]
            and session._before_human[1].to_json() == fresh._before_human[1].to_json()
        )  # a second take-back in a row goes to the human's move before
        assert session.practice == offer.reveals
        assert "took back" in session.log[-1]


def test_wray_a_sleeve_shows_nothing_and_a_play_shows_the_card() -> None:
    session = Session("magic-trick-wray", 4, 2, "easy")
    choose = random.Random(1)
    assert human_move(session, choose, "sleeve")
    assert session.history[-1][1]["type"] == "sleeve"
    assert session.take_back_offer().reveals is False  # the rank stays hidden, even to you
    while True:  # a play of a card whose rank was not yet deduced
        assert human_move(session, choose)
        action = session.history[-1][1]
        if action["type"] != "play":
            continue
        before = session._before_human[1]
        span = rank_ranges(before.observation(0))[0][action["pos"]]
        if span is not None and span[0] < span[1]:
            break
    assert session.take_back_offer().reveals is True


def test_a_card_deduced_exactly_shows_nothing_new_when_played() -> None:
    """Wray: a hidden card whose rank the public facts pin shows nothing when it turns up."""
    session = Session("magic-trick-wray", 4, 0, "easy")
    choose = random.Random(3)
    for _ in range(400):
        if session.is_over():
            break
        seat = session.waiting_for()[0]
        legal = session.state.legal_actions(seat)
        before = session.state.clone()
        ranges = rank_ranges(before.observation(0))
        for action in legal:
            span = ranges[seat][action["pos"]] if action["type"] == "play" else None
            if span is not None and span[0] == span[1]:
                assert not shows_hidden(before, [[seat, action]], 0, 5)
                return
        session.act(seat, choose.choice(legal))
    pytest.fail("no pinned card was played in this game")


def test_trick_of_trip_a_split_shows_nothing_until_the_pick_comes_back() -> None:
    session = Session("trick-of-trip", 4, 1, "easy")
    choose = random.Random(2)
    assert human_move(session, choose, "split")
    assert session.take_back_offer().reveals is False
    while session.human not in session.waiting_for():  # the others split too
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
    assert session.human_legal()[0]["type"] == "pick"
    assert session.take_back_offer().reveals is True  # the split you now pick from


def test_trickbook_a_roll_is_never_taken_back_for_free() -> None:
    session = Session("trickbook", 3, 5, "easy")
    choose = random.Random(4)
    for _ in range(200):
        assert human_move(session, choose)
        before = session._before_human[1]
        probe = before.clone()
        events = probe.apply(session.human, session.history[-1][1])
        offer = session.take_back_offer()
        if any(e["type"] == "roll" for e in events):
            assert offer.reveals is True
            return
    pytest.fail("the human never rolled")


def test_baker_a_card_from_your_hand_shows_nothing_until_the_bot_answers() -> None:
    session = Session("magic-trick-baker", 2, 3, "easy")
    choose = random.Random(5)
    for _ in range(300):
        acting = session.waiting_for()
        if session.human in acting and session.state.observation(0).get("phase") == "play":
            plays = [a for a in session.human_legal() if a["type"] == "play"]
            if plays:
                session.act(session.human, choose.choice(plays))
                if session.waiting_for() == (1,):  # the bot answers next
                    assert session.take_back_offer().reveals is False
                    # A card you could not be sure the bot holds (some deal you cannot
                    # tell from the real one lacks it) is shown when the bot plays it.
                    before = session.state.clone()
                    others = [before.resample(0, Rng(i)).legal_actions(1) for i in range(40)]
                    unsure = [
                        a for a in before.legal_actions(1) if sum(a not in o for o in others) >= 20
                    ]
                    if not unsure:
                        continue
                    session.act(1, unsure[0])
                    assert session.take_back_offer().reveals is True
                    return
                continue
        assert human_move(session, choose) or pytest.fail("game over")
    pytest.fail("no lead by the human")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_bots_replay_the_same_moves_after_a_free_take_back(game: str, players: int) -> None:
    """The bots' seeds are the game's, the seat's and the move number's: taking back and
    playing the same move again brings the same bot moves (nothing to fish for)."""
    session = Session(game, players, 11, "easy")
    choose = random.Random(game)
    for _ in range(4):
        human_move(session, choose)
        while (seat := session.next_bot()) is not None and session.human not in (
            session.waiting_for()
        ):
            session.bot_move(seat)
    history = [list(entry) for entry in session.history]
    session.take_back()
    redo = history[len(session.history)]
    assert redo[0] == session.human
    session.act(session.human, redo[1])
    while len(session.history) < len(history):
        seat, _ = history[len(session.history)]
        if seat == session.human:
            session.act(seat, history[len(session.history)][1])
        else:
            session.bot_move(seat)
    assert session.history == history


def test_a_practice_game_is_saved_as_practice_and_not_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from test_saves import MemoryStorage

    monkeypatch.setattr(storage, "localStorage", MemoryStorage())
    session = Session("trick-of-trip", 3, 2, "easy")
    choose = random.Random(9)
    while True:
        assert human_move(session, choose)
        if session.take_back_offer().reveals:
            break
    session.take_back()
    assert session.practice
    assert session.to_save()["practice"] is True
    assert Session.from_save(session.to_save()).practice
    assert "practice" not in Session("trick-of-trip", 3, 2, "easy").to_save()
    keeper = saves.Saves()
    while not session.is_over():
        human_move(session, choose)
    keeper.store(session)
    assert saves.read_stats() == {}
