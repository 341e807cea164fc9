"""Pass and play in CPython: friends around one device, bots in the other seats. Who must
be passed the device and when (simultaneous choices one person at a time), a log every
person may read, take-backs of one's own move, saves, links, the setup's names, and
statistics by name. The browser side: tests/browser/test_pass_and_play.py."""

from __future__ import annotations

import json
import random

import pytest

from pygame_rules.contract import visible_events
from pygame_rules.trick_of_trip import card_name
from tests.test_saves import MemoryStorage
from ui import saves
from ui.app import people_from_form
from ui.play.handover import cover
from ui.play.session import Deal, SaveError, Session, clean_name, name_problem
from ui.runtime import storage
from ui.share.links import LinkRequest, link_continues, link_for, parse_link
from ui.tables import table_for

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 4), ("trickbook", 3)]


def people_for(players: int) -> dict[int, str]:
    """Two people, or three where the table has room: every other seat."""
    names = ["Ann", "Bob", "Cat"]
    return {seat: names[i] for i, seat in enumerate(range(0, players, 2 if players > 2 else 1))}


def play_passed(session: Session, pick: random.Random, until: int = 10_000) -> list[int]:
    """Play seeded random moves as people and bots, passing the device as the table asks
    (`hand_over_to`); the seats handed to, in order."""
    handed: list[int] = []
    while not session.is_over() and len(session.history) < until:
        to = session.hand_over_to()
        if to is not None:
            assert not session.state.acting() or to in session.humans
            handed.append(to)
            session.show_to(to)
            assert session.hand_over_to() is None  # shown: nothing more to pass
            continue
        seat = session.next_bot()
        if session.human in session.waiting_for():
            session.act(session.human, pick.choice(session.human_legal()))
        else:
            assert seat is not None, "nobody can move"
            session.act(seat, pick.choice(session.state.legal_actions(seat)))
    return handed


def test_a_new_game_opens_covered_and_seat_one_always_plays() -> None:
    session = Session("trick-of-trip", 4, 3, "easy", {}, {0: "Ann", 2: "Bob"})
    assert session.passed and session.covered and session.humans == (0, 2)
    assert session.names == ["Ann", "Bot 1", "Bob", "Bot 3"]
    assert session.hand_over_to() == 0  # everyone splits at once: the first person first
    with pytest.raises(ValueError):
        Session("trick-of-trip", 4, 3, "easy", {}, {1: "Ann", 2: "Bob"})
    with pytest.raises(ValueError):
        Session("trick-of-trip", 3, 3, "easy", {}, {0: "Ann", 3: "Bob"})
    alone = Session("trick-of-trip", 4, 3, "easy", {}, {0: "Ann"})  # one person: no names
    assert not alone.passed and not alone.covered and alone.names[0] == "You"


@pytest.mark.parametrize("game_id", ["trick-of-trip", "trickbook"])
def test_simultaneous_choices_are_collected_one_person_at_a_time(game_id: str) -> None:
    """Trick of Trip's split and Trickbook's rock-paper-scissors: everyone chooses at once,
    so each person chooses behind their own hand-over, and the bots never wait for a cover."""
    session = Session(game_id, 3, 11, "easy", {}, {0: "Ann", 1: "Bob"})
    assert set(session.waiting_for()) == {0, 1, 2}
    assert session.hand_over_to() == 0
    session.show_to(0)
    assert session.hand_over_to() is None and session.next_bot() == 2
    session.act(0, session.human_legal()[0])
    assert session.hand_over_to() == 1  # Ann chose: pass to Bob, Ann's choice unseen
    assert session.human_legal() == []  # nothing of Bob's is offered to Ann meanwhile
    session.show_to(1)
    assert session.observation() == session.state.observation(1)
    session.act(1, session.human_legal()[0])
    assert session.hand_over_to() is None  # only the bot is left to choose


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_whole_games_pass_to_each_person_in_turn_and_the_log_is_everyones(
    game_id: str, players: int
) -> None:
    """Over whole seeded games: the device goes only to people, whenever the next to act is
    someone else; and every line of the shared log is one each person would read alone
    (nothing private to one of them)."""
    for seed in (1, 2):
        people = people_for(players)
        session = Session(game_id, players, seed, "easy", {}, people)
        own_logs: dict[int, list[str]] = {seat: [] for seat in people}
        describe = table_for(game_id).describe
        pick = random.Random(seed)
        handed = []
        while not session.is_over():
            to = session.hand_over_to()
            if to is not None:
                handed.append(to)
                session.show_to(to)
                continue
            mover = session.human if session.human in session.waiting_for() else None
            mover = mover if mover is not None else session.next_bot()
            assert mover is not None
            action = pick.choice(session.state.legal_actions(mover))
            events = session.state.clone().apply(mover, action)  # what each seat is told
            before = len(session.log)
            session.act(mover, action)
            for seat in people:
                own = [describe(e, session.names) for e in visible_events(events, seat)]
                own_logs[seat] += [line for line in own if line]
            for line in session.log[before:]:
                assert all(line in own_logs[seat] for seat in people), line
        assert set(handed) == set(people) and len(handed) > 2


def test_a_person_takes_back_only_their_own_move_and_asks_once_another_has_moved() -> None:
    session = Session("magic-trick-wray", 4, 5, "easy", {}, {0: "Ann", 2: "Bob"})
    pick = random.Random(4)
    play_passed(session, pick, until=1)
    while session.human != 2 or 2 not in session.waiting_for():  # on to Bob's first move
        play_passed(session, pick, until=len(session.history) + 1)
    bob_at = len(session.history)
    session.act(2, session.human_legal()[0])
    offer = session.take_back_offer()
    assert offer is not None and offer.index == bob_at and not offer.others
    # On until Ann has moved after Bob: Bob's take-back would undo hers, so it asks.
    while not any(seat == 0 for seat, _ in session.history[bob_at + 1 :]):
        play_passed(session, pick, until=len(session.history) + 1)
    session.show_to(2)  # Bob has the device again (say, at his next turn)
    offer = session.take_back_offer()
    assert offer is not None and offer.index == bob_at and offer.others == ["Ann"]
    assert offer.reveals and "Ann's move" in offer.words() and "practice" in offer.words()
    session.take_back()
    assert len(session.history) == bob_at and session.practice
    assert session.log[-1].startswith("Bob took back their last move and")
    session.show_to(0)  # Ann's move was taken back with it: she has none to take back now
    assert session.take_back_offer() is None or session.take_back_offer().index < bob_at


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_save_keeps_who_is_who_and_a_reload_lands_on_a_hand_over(
    game_id: str, players: int
) -> None:
    session = Session(game_id, players, 8, "easy", {}, people_for(players))
    play_passed(session, random.Random(8), until=25)
    shown = session.human
    save = json.loads(json.dumps(session.to_save()))
    again = Session.from_save(save)
    assert again.people == session.people and again.names == session.names
    assert again.history == session.history and again.covered
    assert again.human == shown and again.hand_over_to() is not None
    person = session.next_person()
    assert again.hand_over_to() == (shown if person is None else person)
    assert again.human_legal() == session.human_legal()  # the view waits behind the cover


@pytest.mark.parametrize(
    "people",
    [
        "Ann",
        [[0, "Ann"]],
        [[0, "Ann"], [0, "Bob"]],
        [[0, "Ann"], [1, "ann"]],
        [[0, "Ann"], [1, "Bot 1"]],
        [[0, "Ann"], [1, 7]],
        [[1, "Ann"], [2, "Bob"]],
        [[0, "Ann"], [9, "Bob"]],
    ],
)
def test_a_save_with_damaged_people_is_refused(people: object) -> None:
    save = Session("trickbook", 3, 1, "easy").to_save()
    save["people"] = people
    if people == [[0, "Ann"]]:  # one person named: a one-player game, as saved
        assert not Session.from_save(save).passed
        return
    with pytest.raises(SaveError):
        Session.from_save(save)


def test_names_are_cleaned_and_checked() -> None:
    assert clean_name("  Ann \t Lee\x00 ") == "Ann Lee"
    assert clean_name("<b>" + "x" * 40) == "<b>" + "x" * 13  # text, cut to 16
    assert name_problem(["Ann", "Bob"]) == ""
    assert "two people" in name_problem(["Ann", "ANN"])
    assert "kept" in name_problem(["You", "Bob"]) and "kept" in name_problem(["Ann", "bot 3"])
    assert name_problem(["Ann", ""]) == "every person needs a name"


def test_the_setup_form_names_its_people() -> None:
    form = [(True, " Ann "), (False, "ignored"), (True, ""), (True, "Dee")]
    assert people_from_form(form) == ({0: "Ann", 2: "Player 3", 3: "Dee"}, "")
    assert people_from_form([(True, "Ann"), (False, "Bob")]) == ({}, "")  # alone: no names
    _people, problem = people_from_form([(True, "Ann"), (True, "ann")])
    assert "two people" in problem


def test_a_link_keeps_its_people_and_bad_ones_are_told_and_ignored() -> None:
    people = {0: "Ann & Lee", 2: "Zoë=1"}
    query = link_for(Deal("trick-of-trip", 4, 7, "easy", {}, people))
    assert "person1=Ann%20%26%20Lee" in query and "person3=Zo%C3%AB%3D1" in query
    req = parse_link(query)
    assert req.people == people and not req.messages and req.start
    for bad in ("&person1=Ann&person1=Ann", "&person2=Bot%201", "&person5=Ann", "&person2=You"):
        req = parse_link("?game=trick-of-trip&players=4&seed=1" + bad)
        assert req.people == {}
        assert req.messages and "people were ignored" in req.messages[-1], bad
    req = parse_link("?game=trick-of-trip&players=4&seed=1&person3=Bob")
    assert req.people == {0: "Player 1", 2: "Bob"}  # the first seat is always a person


def test_a_link_resumes_only_the_game_with_the_same_people() -> None:
    session = Session("trickbook", 3, 4, "easy", {}, {0: "Ann", 1: "Bob"})
    save = json.loads(json.dumps(session.to_save()))

    def link(people: dict[int, str] | None = None) -> LinkRequest:
        return parse_link(link_for(Deal("trickbook", 3, 4, "easy", {}, people)))

    assert link_continues(link(session.people), save)
    assert not link_continues(link(), save)
    assert not link_continues(link({0: "Ann", 2: "Bob"}), save)


def test_statistics_are_kept_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage, "localStorage", MemoryStorage())
    session = Session("magic-trick-baker", 2, 3, "easy", {}, {0: "Ann", 1: "Bob"})
    play_passed(session, random.Random(3))
    saves.record_stats(session)
    stats = saves.read_stats()
    assert "magic-trick-baker" not in stats  # the device's own results are one player's
    winner = session.names[session.winners()[0]]
    for name in ("Ann", "Bob"):
        counts = stats["people"][name]["magic-trick-baker"]
        assert counts["played"] == 1 and counts["won"] == (1 if name == winner else 0)
    exported = json.dumps(stats)
    assert saves.valid_stats(json.loads(exported)) == stats
    with pytest.raises(ValueError):
        saves.valid_stats({"people": {"Ann": {"trickbook": {"played": 1, "won": 2}}}})
    with pytest.raises(ValueError):
        saves.valid_stats({"people": {"Ann": {"people": {}}}})


def test_a_cover_shows_no_hand() -> None:
    """The hand-over screen between Ann's and Bob's splits: the names, the public news, no
    card of either hand."""
    session = Session("trick-of-trip", 3, 6, "easy", {}, {0: "Ann", 1: "Bob"})
    session.show_to(0)
    session.act(0, session.human_legal()[0])
    to = session.hand_over_to()
    assert to == 1
    text = cover(session, to, session.log, True, False).text()
    assert "Pass to Bob" in text and "I'm Bob" in text
    for seat in (0, 1):
        for c in session.state.observation(seat)["hand"]:
            assert card_name(c) not in text
