"""Reviewing a finished hand or game (ui/review/replay.py, ui/review/screen.py): a replay from the
seed, in every game, that ends at the same scores, steps back and forth, names each
trick's winner and reason, and shows nothing of a hand still in play."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

import pygame_rules
from ui.play.session import Session
from ui.review import replay as review
from ui.review.screen import review_bar, review_screen
from ui.screens import frame, game_over
from ui.tables import table_for
from ui.vdom import El

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 3), ("trickbook", 3)]


def random_moves(
    session: Session, seed: int, stop: Callable[[Session], bool] | None = None
) -> None:
    """Seeded random moves for every seat until the game ends (or `stop(session)`)."""
    choose = random.Random(seed)
    while not session.is_over() and not (stop is not None and stop(session)):
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))


def finished(game_id: str, players: int, seed: int = 3) -> Session:
    session = Session(game_id, players, seed, "easy")
    random_moves(session, seed)
    return session


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_whole_game_replays_to_the_same_scores(game_id: str, players: int) -> None:
    session = finished(game_id, players)
    found = review.review_game(session)
    assert found is not None
    assert found.moves == len(session.history)
    assert found.counter() == "Start"
    seen = 0
    while found.go("next"):
        seen += 1
        assert found.counter() == f"Move {seen} of {found.moves}"
        assert found.step.lines  # every move says something, if only whose it was
    assert seen == found.moves
    assert found.step.scores == session.scores()
    assert not found.go("next")  # at the end: nothing further
    # The cards as dealt: every seat's hand, face up.
    assert all(found.steps[0].hands or [])
    assert len(found.steps[0].hands or []) == players


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_hands_last_move_tells_nothing_of_the_next_deal(game_id: str, players: int) -> None:
    """The engine deals the next hand in the move that ends one: the review's lines for
    that move stop at the hand's end (the game's end may follow)."""
    session = finished(game_id, players)
    table = table_for(game_id)
    game = pygame_rules.get_game(game_id)
    found = review.review_game(session)
    assert found is not None
    state = game.new_game(players, session.seed, session.options)
    checked = 0
    for (seat, action), step in zip(session.history, found.steps[1:], strict=True):
        events = state.apply(seat, action)
        kinds = [e["type"] for e in events]
        ends = [i for i, k in enumerate(kinds) if k in game.hand_end]
        if not ends:
            continue
        later = [e for e in events[ends[-1] + 1 :] if e["type"] != "game_over"]
        told = {table.describe(e, session.names) for e in later} - {None}
        assert not told & set(step.lines), (kinds, step.lines)
        checked += bool(told)
    assert checked or game_id == "trickbook"  # the other games deal again in that move


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_back_and_forward_are_inverse(game_id: str, players: int) -> None:
    found = review.review_game(finished(game_id, players, seed=8))
    assert found is not None
    choose = random.Random(1)
    for _ in range(60):
        at = found.at
        step = found.step
        if found.go(choose.choice(["next", "back"])):
            found.go("back" if found.at > at else "next")
        assert found.at == at and found.step is step
    found.go("end")
    assert found.at == found.moves
    found.go("start")
    assert found.at == 0 and not found.go("back")


@pytest.mark.parametrize(("game_id", "players"), GAMES[:3])
def test_each_trick_names_its_winner_and_reason(game_id: str, players: int) -> None:
    session = finished(game_id, players, seed=5)
    found = review.review_game(session)
    assert found is not None
    game = pygame_rules.get_game(game_id)
    state = game.new_game(players, session.seed, session.options)
    tricks = 0
    for i, (seat, action) in enumerate(session.history):
        events = state.apply(seat, action)
        step = found.steps[i + 1]
        for event in events:
            if event["type"] in game.trick_end:
                tricks += 1
                winner = session.names[event["winner"]]
                assert event["reason"]
                assert any(winner in line and event["reason"] in line for line in step.trick)
                assert step.ended is not None
    assert tricks > 3


@pytest.mark.parametrize(("game_id", "players"), GAMES[:3])
def test_nothing_of_the_hand_in_play_is_shown(game_id: str, players: int) -> None:
    session = Session(game_id, players, 11, "easy")
    random_moves(session, 11, stop=lambda s: len(s.history) > 3)
    assert review.review_last_hand(session) is None  # no hand finished yet
    assert review.review_game(session) is None  # the game is not over
    # Into the second hand: only the first one is offered, and it ends before the deal.
    random_moves(session, 11, stop=lambda s: s.move_ends.count("hand") == 1)
    end_of_first = len(session.history)
    random_moves(session, 12, stop=lambda s: len(s.history) > end_of_first + 2)
    assert not session.is_over()
    found = review.review_last_hand(session)
    assert found is not None
    assert found.moves == end_of_first
    assert found.steps[-1].hands is None  # the next hand's deal is not shown
    found.go("end")
    text = review_screen(found).text()
    assert f"Move {end_of_first} of {end_of_first}" in text
    assert "the next one is not shown" in text
    assert review.review_game(session) is None


def test_the_screen_steps_and_shows_every_card_face_up() -> None:
    session = finished("trick-of-trip", 3, seed=4)
    found = review.review_game(session)
    assert found is not None
    tree = review_screen(found)
    buttons = {el.attrs["data-ui"]: el for el in tree.walk() if "data-ui" in el.attrs}
    steps = {"review-back", "review-next", "review-end", "review-close"}
    assert set(buttons) == steps | {"embed-view"}  # and the ways to embed it
    assert buttons["review-back"].attrs.get("aria-disabled") == "true"
    assert "aria-disabled" not in buttons["review-next"].attrs
    cards = [el for el in tree.walk() if "card" in el.attrs.get("class", "").split()]
    assert len(cards) == 3 * 6
    assert all("face" in el.attrs["class"].split() for el in cards)
    found.go("end")
    tree = review_screen(found)
    buttons = {el.attrs["data-ui"]: el for el in tree.walk() if "data-ui" in el.attrs}
    assert buttons["review-next"].attrs.get("aria-disabled") == "true"
    assert f"Move {found.moves} of {found.moves}" in tree.text()


def ui_names(tree: El) -> list[str | None]:
    return [el.attrs.get("data-ui") for el in tree.walk() if "data-ui" in el.attrs]


def centre_of(tree: El) -> El:
    return tree.find_all(lambda el: "centre" in el.attrs.get("class", "").split())[0]


def test_the_last_trick_and_the_review_offers_at_the_table() -> None:
    session = Session("trick-of-trip", 3, 2, "easy")
    view = frame.player_view(session)
    tree = frame.game_frame(session, view, None)
    assert "last-trick" not in ui_names(tree)  # no trick yet
    assert review_bar(session) is None
    random_moves(session, 2, stop=lambda s: "trick" in s.move_ends)
    assert review_bar(session) is None  # no finished round to review yet
    # The button heads the table's centre, beside its title (in view on a phone).
    tree = frame.game_frame(session, frame.player_view(session), None)
    head = centre_of(tree).children[0]
    assert isinstance(head, El) and head.attrs["class"] == "centre-head"
    assert ui_names(head) == ["last-trick"] and "Round 1 of" in head.text()
    assert ui_names(tree).count("last-trick") == 1
    lines = review.last_trick(session)
    assert lines and "won the trick" in lines[0]  # the winner and why first, then the moves
    assert not [line for line in lines if line not in session.log]  # what the player saw
    # Tapped: the trick's lines over the centre, Back to play in the button's place.
    view = frame.player_view(session)
    tree = frame.game_frame(session, view, None, last_trick=lines)
    panel = centre_of(tree).children[0]
    assert isinstance(panel, El) and panel.attrs["class"] == "last-trick-panel"
    assert lines[0] in panel.text() and "Back to play" in panel.text()
    assert ui_names(tree).count("last-trick") == 1
    # At a finished round the continue bar offers its review.
    random_moves(session, 2, stop=lambda s: s.ended == "hand")
    assert "Review this round" in frame.continue_bar("round").text()
    assert ui_names(frame.continue_bar("round")) == ["review", "coach-open", "continue"]
    assert "Review" not in frame.continue_bar().text()
    bar = review_bar(session)
    assert isinstance(bar, El)
    assert ui_names(bar) == ["review", "coach-open"]


@pytest.mark.parametrize(("game_id", "players"), GAMES[:3])
def test_the_last_trick_starts_at_its_first_card(game_id: str, players: int) -> None:
    """The first trick of a hand is its cards, not the deal's moves before it (a draft,
    the Laws: the hand's review has those)."""
    session = Session(game_id, players, 5, "easy")
    random_moves(session, 5, stop=lambda s: "trick" in s.move_ends)
    lines = review.last_trick(session)
    assert lines is not None
    assert " play" in lines[1], lines  # "Bot 1 played the 7 of Suns." / "You play …"
    assert not [line for line in lines if "split" in line or "face down" in line], lines
    assert "won" in lines[0] or "takes" in lines[0], lines  # who won it and why, first


def test_trickbook_has_no_last_trick() -> None:
    """Trickbook's tricks are a skater's, not tricks of cards: no Last trick, ever."""
    session = Session("trickbook", 2, 3, "easy")
    random_moves(session, 3, stop=lambda s: len(s.history) > 8)
    assert not session.is_over()
    tree = frame.game_frame(session, frame.player_view(session), None)
    assert "last-trick" not in ui_names(tree)
    assert review.last_trick(session) is None


def test_game_over_offers_the_review() -> None:
    session = finished("trickbook", 2)
    view = frame.player_view(session)
    over = game_over.game_over_screen(session, view)
    assert any(
        el.attrs.get("data-ui") == "review" and el.attrs.get("data-value") == "game"
        for el in over.walk()
    )
    assert review_bar(session) is None  # the game's review replaces it


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_review_opens_a_slice_at_a_time(game_id: str, players: int) -> None:
    """`replaying` (how the page opens a review) gives the same steps as `replay`, and
    never more than SLICE shown moves (or PREFIX_SLICE moves before them) between turns."""
    session = finished(game_id, players)
    start, stop = review.finished_hands(session)[-1]
    steps: list[review.Step] = []
    slices = [0]
    for _ in review.replaying(session, start, stop, steps):
        slices.append(len(steps))
    slices.append(len(steps))
    made = review.replay(session, start, stop)
    assert [(s.seat, s.lines, s.scores) for s in steps] == [
        (s.seat, s.lines, s.scores) for s in made
    ]
    gaps = [b - a for a, b in itertools.pairwise(slices)]
    assert max(gaps) <= review.SLICE and len(gaps) > (stop - start) // review.SLICE
    prefix = [g for g in gaps if g == 0]  # the slices of the moves before the hand
    assert len(prefix) >= start // review.PREFIX_SLICE
