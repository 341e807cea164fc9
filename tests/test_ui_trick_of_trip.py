"""The Trick of Trip table for a human in any seat, and the rule facts it prints from the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame_rules
from pygame_rules import visible_events
from pygame_rules.trick_of_trip import PLAY_RULE, SCORE_RULE, SET_SIZE, TrickOfTripState
from ui.tables import kit
from ui.tables import trick_of_trip as tot
from ui.vdom import El

GAME = pygame_rules.get_game("trick-of-trip")


def names_for(human: int, players: int) -> list[str]:
    """'You' in the human's seat, the bots numbered in seat order around it."""
    bots = iter(f"Bot {i}" for i in range(1, players))
    return ["You" if seat == human else next(bots) for seat in range(players)]


def view_of(state: TrickOfTripState, human: int, picks: list[int] | None = None) -> kit.PlayerView:
    return kit.PlayerView(
        game=GAME,
        obs=state.observation(human),
        legal=state.legal_actions(human),
        names=names_for(human, state.num_players),
        human=human,
        picks=picks,
    )


def texts(tree: El, cls: str) -> list[str]:
    return [el.text() for el in tree.walk() if el.attrs.get("class") == cls]


def actions(tree: El) -> list[dict[str, Any]]:
    return [json.loads(el.attrs["data-action"]) for el in tree.walk() if "data-action" in el.attrs]


def split_all(state: TrickOfTripState) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat in state.acting():
        events += state.apply(seat, state.legal_actions(seat)[0])
    return events


def pick_all(state: TrickOfTripState) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat in state.acting():
        events += state.apply(seat, {"type": "pick", "set": seat % 2})
    return events


def test_the_stands_taken_are_told_from_the_humans_seat() -> None:
    """'from your stand' is the human's own stand, wherever the human sits (it was seat 0's)."""
    for human in (1, 2):
        state = GAME.new_game(3, 7)
        split_all(state)
        events = visible_events(pick_all(state), human)
        names = names_for(human, 3)
        picked = [e for e in events if e["type"] == "stand_picked"]
        assert len(picked) == 2  # the stand the human gave and the one it received
        for event in picked:
            line = tot.describe(event, names)
            cards = tot.cards_text(event["picked"])
            if event["splitter"] == human:
                who = names[event["receiver"]]
                assert line == f"{who} took {cards} from your stand."
            else:
                assert event["receiver"] == human
                giver = names[event["splitter"]]
                assert line == f"You took {cards} from {giver}'s stand."


def test_the_stand_lines_name_the_seats_for_a_human_in_seat_1() -> None:
    names = ["Bot 1", "You", "Bot 2"]
    event = {"type": "stand_picked", "splitter": 0, "receiver": 1, "picked": [0, 1, 2]}
    assert tot.describe(event, names) == (
        "You took 1 of Suns, 2 of Suns, 3 of Suns from Bot 1's stand."
    )
    event = {"type": "stand_picked", "splitter": 1, "receiver": 2, "picked": [12]}
    assert tot.describe(event, names) == "Bot 2 took 1 of Moons from your stand."


def test_the_split_is_drawn_for_a_human_in_seat_1() -> None:
    state = GAME.new_game(3, 7)
    view = view_of(state, 1)
    tree = tot.render(view)
    me = next(el for el in tree.walk() if "human" in el.attrs.get("class", "").split())
    assert me.attrs["data-seat"] == "1" and "You" in me.text()
    prompt = texts(tree, "prompt")[0]
    assert prompt.startswith("Split your six cards into two groups of three.")
    assert "Bot 2 will take one group; you keep the other." in prompt  # seat 2: round 1 goes left
    draft = next(el.text() for el in tree.walk() if el.text().startswith("Draft:"))
    assert draft == "Draft: stands pass left (you give to Bot 2, take from Bot 1)."
    assert "Group B needs 3 cards (0 now)." in tree.text()
    # Tapping fills group B up to the engine's set size, then stops.
    hand = view.obs["hand"]
    for card in hand:
        view.picks = tot.TABLE.controls[tot.TOGGLE](str(card), view)
    assert view.picks == hand[:SET_SIZE]
    tree = tot.render(view)
    offered = actions(tree)
    assert len(offered) == 1 and offered[0] in view.legal
    assert sorted(hand[:SET_SIZE]) in offered[0]["sets"]


def test_the_pick_is_drawn_for_a_human_in_seat_2() -> None:
    state = GAME.new_game(3, 7)
    split_all(state)
    tree = tot.render(view_of(state, 2))
    prompt = texts(tree, "prompt")[0]
    # Round 1 passes left: seat 2 receives the stand of seat 1, "Bot 2" as seat 2 sees it.
    assert prompt.startswith("Take one of the two groups Bot 2 offers you.")
    assert actions(tree) == [{"type": "pick", "set": 0}, {"type": "pick", "set": 1}]
    stand = next(s for s in state.observation(2)["stands"] if s["receiver"] == 2)
    assert stand["splitter"] == 1


def test_the_rules_printed_are_the_engines() -> None:
    state = GAME.new_game(3, 7)
    split_all(state)
    pick_all(state)
    player = state.acting()[0]
    tree = tot.render(view_of(state, player))
    assert PLAY_RULE in texts(tree, "prompt")[0]
    assert texts(tree, "score-title") == [f"Score: {SCORE_RULE}"]
    assert state.observation(player)["set_size"] == SET_SIZE
    source = Path(tot.__file__).read_text(encoding="utf-8")
    for restated in ("a 7 beats", "highest rank", "< 3", "== 3", "six cards", '"splitter"] == 0'):
        assert restated not in source, restated


def play_one_trick(state: TrickOfTripState) -> None:
    """Draft, then play the first legal card of each seat in turn until a trick is taken."""
    split_all(state)
    pick_all(state)
    while not state.observation(0)["round_tricks"]:
        [seat] = state.acting()
        state.apply(seat, state.legal_actions(seat)[0])


def test_a_taken_trick_stays_drawn_with_its_winner_marked() -> None:
    """Issue 23.2: the trick's last card used to replace the trick by a line of text."""
    state = GAME.new_game(4, seed=3)
    first = state.observation(0)
    assert first["round_lead"] and any(
        "leads this round" in t for t in map(El.text, tot.trick_area(view_of(state, 0)))
    )
    play_one_trick(state)
    last = state.observation(0)["last_trick"]
    area = h_root(tot.trick_area(view_of(state, 0)))
    won = [el for el in area.walk() if el.attrs.get("class") == "played-card won"]
    assert len(won) == 1 and won[0].text().endswith(" · won")
    drawn = [el for el in area.walk() if el.attrs.get("class", "").startswith("played-card")]
    assert len(drawn) == len(last["cards"]) == 4
    assert texts(area, "last-trick")[0].startswith("Last trick: ")
    # "... leads this round" is the round's start only, not every trick's.
    assert not texts(area, "lead-note")


def h_root(items: list[El]) -> El:
    return El("div", {}, items)
