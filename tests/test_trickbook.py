"""Trickbook rules: conformance kit plus hand-built scenarios for every rule and special."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from conformance import conformance_suite, containers

import pygame_rules
from pygame_rules import IllegalAction, Rng
from pygame_rules.contract import State
from pygame_rules.trickbook import (
    DIE_SIDES,
    DIFFICULTY,
    FIRST_TRY,
    FOCUS,
    FOCUS_BONUS,
    ONE_MORE,
    PSYCHE,
    PSYCHE_PENALTY,
    SPECIAL_INDEX,
    SPECIAL_KEYS,
    SPECIALS,
    STEAL_TURN,
    TRICK_INDEX,
    TRICKS,
    TrickbookState,
    deal_with_needs,
    full_special_deck,
    full_trick_deck,
    land_chance,
    land_ways,
    needed_roll,
    roll_parts,
    rps_survivors,
    special_text,
)

GAME = pygame_rules.get_game("trickbook")
TestConformance = conformance_suite("trickbook")

PASS = {"type": "pass"}
MATCH = {"type": "match"}


class Dice(Rng):
    """A generator whose die rolls are scripted (shuffles stay seeded)."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(1)
        self.rolls = list(rolls)

    def randint(self, low: int, high: int) -> int:
        assert (low, high) == (1, 6)
        return self.rolls.pop(0)


def SET(trick: str) -> dict:
    return {"type": "set", "trick": trick}


def DOUBLE(card: str) -> dict:
    return {"type": "double", "discard": card}


def SPECIAL(card: str) -> dict:
    return {"type": "special", "card": card}


def _without(pool: list[int], taken: list[int]) -> list[int]:
    rest = list(pool)
    for card in taken:
        rest.remove(card)
    return rest


def table(
    hands: list[list[str]],
    specials: list[list[str]] | None = None,
    setter: int = 0,
    dice: list[int] = (),
    trick_deck: list[str] | None = None,
    special_deck: list[str] | None = None,
    letters: list[int] | None = None,
) -> TrickbookState:
    """A game past rock-paper-scissors with these hands, `setter` about to set.

    Decks default to the cards not in hands (fixed order, top = last); dice are scripted.
    """
    n = len(hands)
    state = GAME.new_game(n, 1)
    state.hands = [sorted(TRICK_INDEX[k] for k in h) for h in hands]
    specials = specials or [[] for _ in range(n)]
    state.specials = [sorted(SPECIAL_INDEX[k] for k in s) for s in specials]
    if trick_deck is None:
        state.trick_deck = _without(full_trick_deck(), [c for h in state.hands for c in h])
    else:
        state.trick_deck = [TRICK_INDEX[k] for k in trick_deck]
    if special_deck is None:
        state.special_deck = _without(full_special_deck(), [c for s in state.specials for c in s])
    else:
        state.special_deck = [SPECIAL_INDEX[k] for k in special_deck]
    state.trick_discard = []
    state.letters = list(letters or [0] * n)
    state.rps_players = [setter]
    state.rps_choice = [None] * n
    state.rng = Dice(list(dice))
    state._start_set(setter, [])
    return state


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def rolls(events: list[dict]) -> list[dict]:
    return [e for e in events if e["type"] == "roll"]


# -- components and setup ---------------------------------------------------------
def test_decks_are_the_seeds_23_tricks_and_15_specials() -> None:
    tricks = Counter(full_trick_deck())
    assert len(full_trick_deck()) == 23
    expected = {"ollie": 4, "shuv-it": 4, "kickflip": 3, "heelflip": 3, "impossible": 4}
    expected |= {"360-flip": 3, "hardflip": 2}
    assert {k: tricks[TRICK_INDEX[k]] for k in expected} == expected
    assert [DIFFICULTY[TRICK_INDEX[k]] for k in expected] == [2, 2, 3, 3, 4, 5, 6]
    specials = Counter(full_special_deck())
    assert len(full_special_deck()) == 15
    counts = {"psyche": 4, "focus": 4, "first-try": 3, "steal-turn": 2, "one-more": 2}
    assert {k: specials[SPECIAL_INDEX[k]] for k in counts} == counts


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_three_tricks_and_one_special_each_then_rps(n: int) -> None:
    state = GAME.new_game(n, 9)
    assert [len(h) for h in state.hands] == [3] * n
    assert [len(s) for s in state.specials] == [1] * n
    assert len(state.trick_deck) == 23 - 3 * n and len(state.special_deck) == 15 - n
    assert state.phase == "rps" and state.acting() == tuple(range(n))
    assert GAME.default_players == 2 and (GAME.min_players, GAME.max_players) == (2, 5)


# -- rock, paper, scissors ----------------------------------------------------------
def test_rps_survivors_rules() -> None:
    assert rps_survivors([0, 1], ["rock", "scissors"]) == [0]
    assert rps_survivors([0, 1], ["rock", "paper"]) == [1]
    assert rps_survivors([0, 1], ["paper", "paper"]) == [0, 1]
    assert rps_survivors([0, 1, 2], ["rock", "paper", "scissors"]) == [0, 1, 2]
    assert rps_survivors([0, 1, 2], ["rock", "rock", "scissors"]) == [0, 1]
    assert rps_survivors([1, 2, 3], [None, "paper", "scissors", "paper"]) == [2]


def test_rps_choices_stay_hidden_until_all_chose() -> None:
    state = GAME.new_game(2, 3)
    events = state.apply(0, {"type": "rps", "choice": "rock"})
    assert events == [{"type": "rps_chosen", "seat": 0}]
    assert state.acting() == (1,)
    other = state.observation(1)
    assert other["rps"]["chosen"] == [True, False] and other["rps"]["my_choice"] is None
    assert "rock" not in repr(other)
    assert state.observation(0)["rps"]["my_choice"] == "rock"
    with pytest.raises(IllegalAction, match="already chose"):
        state.apply(0, {"type": "rps", "choice": "paper"})


def test_rps_tie_replays_then_winner_sets_first_and_draws_to_four() -> None:
    state = GAME.new_game(2, 3)
    state.apply(0, {"type": "rps", "choice": "rock"})
    events = state.apply(1, {"type": "rps", "choice": "rock"})
    reveal = events[-1]
    assert (
        reveal["type"] == "rps_reveal"
        and reveal["replay"]
        and reveal["choices"]
        == [
            "rock",
            "rock",
        ]
    )
    assert state.phase == "rps" and state.acting() == (0, 1) and state.rps_round == 2
    state.apply(0, {"type": "rps", "choice": "rock"})
    events = state.apply(1, {"type": "rps", "choice": "paper"})
    assert {"type": "rps_winner", "seat": 1} in events
    assert state.phase == "set" and state.acting() == (1,) and state.setter == 1
    assert len(state.hands[1]) == 4 and len(state.hands[0]) == 3


def test_rps_three_players_all_shapes_replay_two_shapes_drop_losers() -> None:
    state = GAME.new_game(3, 4)
    for seat, shape in enumerate(["rock", "paper", "scissors"]):
        events = state.apply(seat, {"type": "rps", "choice": shape})
    assert events[-1]["replay"] and state.rps_players == [0, 1, 2]
    for seat, shape in enumerate(["paper", "rock", "paper"]):
        events = state.apply(seat, {"type": "rps", "choice": shape})
    assert events[-1]["dropped"] == [1] and state.rps_players == [0, 2]
    assert state.phase == "rps" and state.acting() == (0, 2)
    assert state.legal_actions(1) == []
    state.apply(2, {"type": "rps", "choice": "scissors"})
    events = state.apply(0, {"type": "rps", "choice": "rock"})
    assert {"type": "rps_winner", "seat": 0} in events and state.setter == 0


# -- setting ------------------------------------------------------------------------
def test_setter_with_three_or_fewer_draws_up_to_four_before_each_set() -> None:
    state = table([["ollie"], ["kickflip"]], trick_deck=["hardflip", "impossible", "360-flip"])
    assert sorted(state.hands[0]) == sorted(
        TRICK_INDEX[k] for k in ["ollie", "hardflip", "impossible", "360-flip"]
    )
    assert state.trick_deck == []
    full = table([["ollie", "ollie", "kickflip", "heelflip"], ["kickflip"]])
    assert len(full.hands[0]) == 4


def test_successful_set_leads_to_matching_failed_set_passes_turn() -> None:
    state = table(
        [["ollie", "ollie", "ollie", "shuv-it"], ["kickflip", "kickflip", "kickflip", "shuv-it"]],
        dice=[2],
    )
    assert state.legal_actions(0) == [SET("ollie"), SET("shuv-it")]
    events = state.apply(0, SET("ollie"))
    roll = rolls(events)[0]
    assert (roll["seat"], roll["for"], roll["die"], roll["target"], roll["success"]) == (
        0, "set", 2, 2, True)  # fmt: skip
    assert state.phase == "match" and state.acting() == (1,)

    state = table([["impossible"] * 4, ["kickflip", "kickflip", "kickflip", "shuv-it"]], dice=[3])
    events = state.apply(0, SET("impossible"))
    assert {"type": "set_result", "seat": 0, "trick": "impossible", "landed": False} in events
    assert state.setter == 1 and state.acting() == (1,) and state.phase == "set"
    assert TRICK_INDEX["impossible"] in state.trick_discard


def test_failed_set_passes_to_next_player_still_in() -> None:
    state = table([["hardflip"] * 2 + ["ollie"] * 2, ["ollie"], ["ollie"]], dice=[5])
    state.out[1] = True
    state.letters[1] = 5
    state.apply(0, SET("hardflip"))
    assert state.setter == 2


def test_setter_sets_again_after_everyone_matched() -> None:
    state = table([["ollie", "ollie", "ollie", "kickflip"], ["ollie"]], dice=[4, 6],
                  trick_deck=["impossible"])  # fmt: skip
    state.apply(0, SET("ollie"))
    events = state.apply(1, MATCH)
    assert state.phase == "set" and state.setter == 0
    # Setter held 3 cards: draws back up to 4.
    assert {"type": "draw", "seat": 0, "count": 1} in events
    assert len(state.hands[0]) == 4 and state.letters == [0, 0]


# -- matching -----------------------------------------------------------------------
def test_match_options_with_and_without_the_trick() -> None:
    state = table([["kickflip", "kickflip", "heelflip", "ollie"], ["kickflip", "ollie", "ollie"]],
                  dice=[6])  # fmt: skip
    state.apply(0, SET("kickflip"))
    assert state.legal_actions(1) == [MATCH, DOUBLE("ollie"), DOUBLE("kickflip")]
    decision = state.observation(1)["decision"]
    assert decision["kind"] == "match" and decision["holds_trick"]

    state = table([["kickflip"] * 3 + ["ollie"], ["heelflip", "ollie"]], dice=[6])
    state.apply(0, SET("kickflip"))
    assert state.legal_actions(1) == [DOUBLE("ollie"), DOUBLE("heelflip")]
    assert not state.observation(1)["decision"]["holds_trick"]
    with pytest.raises(IllegalAction, match="hold no Kickflip"):
        state.apply(1, MATCH)


def test_matcher_is_asked_even_with_a_single_way_to_try() -> None:
    state = table([["kickflip", "kickflip", "heelflip", "ollie"], ["heelflip"]], dice=[6])
    state.apply(0, SET("kickflip"))
    assert state.acting() == (1,) and state.legal_actions(1) == [DOUBLE("heelflip")]


def test_single_match_uses_the_same_trick_card_and_one_roll() -> None:
    state = table([["kickflip", "kickflip", "heelflip", "ollie"], ["kickflip", "ollie"]],
                  dice=[6, 2])  # fmt: skip
    state.apply(0, SET("kickflip"))
    events = state.apply(1, MATCH)
    assert [r["die"] for r in rolls(events)] == [2]
    assert {"type": "letter", "seat": 1, "letter": "S", "count": 1} in events
    assert state.hands[1] == [TRICK_INDEX["ollie"]]


def test_double_match_needs_both_rolls() -> None:
    state = table([["kickflip"] * 3 + ["ollie"], ["ollie", "ollie"]], dice=[6, 3, 5])
    state.apply(0, SET("kickflip"))
    events = state.apply(1, DOUBLE("ollie"))
    assert [(r["die"], r["index"]) for r in rolls(events)] == [(3, 0), (5, 1)]
    assert {"type": "match_result", "seat": 1, "trick": "kickflip", "landed": True} in events
    assert state.letters == [0, 0] and state.hands[1] == [TRICK_INDEX["ollie"]]

    state = table([["kickflip"] * 3 + ["ollie"], ["ollie", "ollie"]], dice=[6, 3, 2])
    state.apply(0, SET("kickflip"))
    events = state.apply(1, DOUBLE("ollie"))
    assert {"type": "match_result", "seat": 1, "trick": "kickflip", "landed": False} in events
    assert state.letters == [0, 1]


def test_player_without_trick_cards_fails_automatically() -> None:
    state = table([["ollie", "ollie", "ollie", "shuv-it"], [], ["ollie"]], dice=[5])
    events = state.apply(0, SET("ollie"))
    assert {"type": "no_cards", "seat": 1} in events
    assert state.letters == [0, 1, 0] and state.acting() == (2,)


def test_matchers_go_in_turn_order_from_setters_left() -> None:
    state = table([["ollie"], ["ollie"], ["ollie"] * 2], setter=2, dice=[5],
                  trick_deck=["kickflip", "kickflip"])  # fmt: skip
    state.apply(2, SET("ollie"))
    assert state.acting() == (0,) and state.queue == [1]


def test_fifth_letter_puts_a_player_out_and_game_goes_on() -> None:
    hands = [["kickflip"] * 3 + ["ollie"], ["ollie", "heelflip"], ["ollie"]]
    state = table(hands, dice=[6, 1, 1], letters=[0, 4, 0], special_deck=[])
    state.specials[1] = [SPECIAL_INDEX["focus"]]
    state.apply(0, SET("kickflip"))
    events = state.apply(1, DOUBLE("ollie"))
    # Seat 1 holds Focus! but two failing rolls: it is still asked (Focus is usable).
    assert state.acting() == (1,)
    events = state.apply(1, PASS)
    assert {"type": "letter", "seat": 1, "letter": "E", "count": 5} in events
    out = next(e for e in events if e["type"] == "out")
    assert out["discarded"] == ["heelflip"] and out["specials_returned"] == 1
    assert state.out == [False, True, False] and state.hands[1] == [] and state.specials[1] == []
    assert state.special_deck == [SPECIAL_INDEX["focus"]]
    assert state.acting() == (2,) and not state.is_over()
    assert state.scores() == [5, 0, 5]


def test_last_player_standing_wins() -> None:
    state = table(
        [["kickflip", "kickflip", "kickflip", "shuv-it"], ["ollie"]],
        dice=[6, 1, 6],
        letters=[2, 4],
        special_deck=[],
    )
    state.apply(0, SET("kickflip"))
    events = state.apply(1, DOUBLE("ollie"))
    assert {"type": "game_over", "winner": 0} in events
    assert state.is_over() and state.acting() == () and state.winners() == [0]
    assert state.scores() == [3, 0]
    assert state.observation(1)["winners"] == [0] and state.observation(1)["phase"] == "over"


# -- decks and natural ones ---------------------------------------------------------
def test_empty_trick_deck_is_refilled_from_shuffled_discards() -> None:
    state = table([["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]], dice=[6, 6])
    state.trick_deck = []
    state.trick_discard = [TRICK_INDEX["hardflip"], TRICK_INDEX["360-flip"]]
    state.apply(0, SET("ollie"))
    events = state.apply(1, MATCH)  # the setter holds 3 now: draws 1 from the refilled deck
    assert {"type": "reshuffle", "deck": "tricks", "size": 4} in events
    drew = next(e for e in events if e["type"] == "drew")
    assert drew["to"] == [0] and len(drew["cards"]) == 1
    assert len(state.trick_deck) == 3 and state.trick_discard == []


def test_natural_one_draws_a_special() -> None:
    state = table(
        [["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]],
        dice=[1],
        special_deck=["psyche", "first-try"],
    )
    events = state.apply(0, SET("ollie"))
    assert {"type": "special_drawn", "seat": 0, "empty_deck": False} in events
    private = next(e for e in events if e["type"] == "special_card")
    assert private == {"type": "special_card", "seat": 0, "card": "first-try", "to": [0]}
    assert state.specials[0] == [SPECIAL_INDEX["first-try"]]
    assert state.special_deck == [SPECIAL_INDEX["psyche"]]


def test_natural_one_with_empty_special_deck_draws_nothing() -> None:
    state = table([["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]], dice=[1], special_deck=[])
    events = state.apply(0, SET("ollie"))
    assert {"type": "special_drawn", "seat": 0, "empty_deck": True} in events
    assert state.specials == [[], []] and state.setter == 1


def test_natural_one_on_a_psyche_roll_draws_a_special() -> None:
    specials = [[], ["psyche"]]
    state = table([["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]], specials, dice=[1, 1, 6],
                  special_deck=["focus", "one-more"])  # fmt: skip
    state.apply(0, SET("ollie"))
    events = state.apply(1, SPECIAL("psyche"))
    drawn = [e["seat"] for e in events if e["type"] == "special_drawn"]
    assert drawn == [1, 0]


# -- specials -------------------------------------------------------------------------
def test_nobody_is_asked_without_a_usable_special() -> None:
    state = table(
        [["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]], [["psyche"], ["focus"]], dice=[6, 6]
    )
    events = state.apply(0, SET("ollie"))
    # Seat 0 (the setter) cannot psyche itself; seat 1's Focus! is for its own rolls.
    assert "roll" in types(events) and state.acting() == (1,) and state.phase == "match"


def test_before_window_is_offered_in_seat_order_from_the_attempter() -> None:
    specials = [[], ["psyche"], ["psyche"], ["steal-turn"]]
    hands = [["kickflip"], ["heelflip"], ["ollie", "ollie", "ollie", "shuv-it"], ["impossible"]]
    state = table(hands, specials, setter=2)
    state.apply(2, SET("ollie"))
    assert state.acting() == (3,)
    decision = state.observation(3)["decision"]
    assert decision == {"kind": "special", "window": "before", "attempter": 2, "for": "set",
                        "usable": ["steal-turn"]}  # fmt: skip
    state.apply(3, PASS)
    assert state.acting() == (1,)
    assert state.legal_actions(1) == [SPECIAL("psyche"), PASS]
    # Seat 2 is the setter-attempter: it cannot psyche itself, so it is never asked.
    state.rng = Dice([6])
    events = state.apply(1, PASS)
    assert rolls(events)[0]["seat"] == 2


def test_window_reopens_after_a_special_until_all_pass() -> None:
    specials = [["focus"], ["psyche", "psyche"], ["steal-turn"]]
    hands = [["ollie", "ollie", "ollie", "shuv-it"], ["kickflip"], ["heelflip"]]
    state = table(hands, specials, dice=[4])
    state.apply(0, SET("ollie"))
    assert state.acting() == (1,)
    state.apply(1, PASS)
    assert state.acting() == (2,)
    events = state.apply(2, PASS)  # everyone passed: the window closes and the set is rolled
    assert rolls(events)[0]["die"] == 4 and state.phase == "match"
    state = table(hands, specials, dice=[4, 2, 6])
    state.apply(0, SET("ollie"))
    events = state.apply(1, SPECIAL("psyche"))
    assert {"type": "psyche_result", "seat": 1, "target": 0, "psyched": True} in events
    assert state.acting() == (2,)
    state.apply(2, PASS)
    assert state.acting() == (1,)  # reopened: seat 1 may play its second Psyche!
    events = state.apply(1, PASS)
    roll = rolls(events)[0]
    assert (roll["die"], roll["modifier"], roll["total"]) == (6, -1, 5)


def test_used_special_goes_back_into_the_deck_at_once() -> None:
    hands = [["ollie", "ollie", "ollie", "shuv-it"], ["ollie"]]
    state = table(hands, [[], ["psyche"]], dice=[3, 4, 6], special_deck=["focus"])
    state.apply(0, SET("ollie"))
    state.apply(1, SPECIAL("psyche"))
    assert sorted(state.special_deck) == sorted([SPECIAL_INDEX["focus"], SPECIAL_INDEX["psyche"]])
    assert state.specials[1] == []


def test_focus_turns_a_failing_roll_into_success() -> None:
    state = table([["impossible"] * 4, ["ollie"]], [["focus"], []], dice=[3])
    events = state.apply(0, SET("impossible"))
    assert state.acting() == (0,)
    decision = state.observation(0)["decision"]
    assert decision["window"] == "after" and decision["usable"] == ["focus"]
    assert state.observation(1)["attempt"]["rolls"][0]["total"] == 3
    events = state.apply(0, SPECIAL("focus"))
    changed = next(e for e in events if e["type"] == "roll_changed")
    assert (changed["total"], changed["success"]) == (4, True)
    assert {"type": "set_result", "seat": 0, "trick": "impossible", "landed": True} in events


def test_focus_is_not_offered_on_a_successful_roll() -> None:
    state = table([["impossible"] * 4, ["ollie"]], [["focus"], []], dice=[5])
    state.apply(0, SET("impossible"))
    assert state.phase == "match" and state.specials[0] == [SPECIAL_INDEX["focus"]]


def test_one_more_rerolls_and_the_new_roll_replaces_it() -> None:
    state = table([["360-flip"] * 3 + ["ollie"], ["ollie"]], [["one-more"], []], dice=[2, 5])
    state.apply(0, SET("360-flip"))
    events = state.apply(0, SPECIAL("one-more"))
    roll = rolls(events)[0]
    assert (roll["for"], roll["die"], roll["success"]) == ("one-more", 5, True)
    assert {"type": "set_result", "seat": 0, "trick": "360-flip", "landed": True} in events


def test_one_more_keeps_the_psyche_penalty_and_focus_bonus_of_the_roll() -> None:
    specials = [["one-more", "focus"], ["psyche"]]
    state = table([["360-flip"] * 3 + ["ollie"], ["ollie"]], specials, dice=[4, 3, 3, 5])
    state.apply(0, SET("360-flip"))
    events = state.apply(1, SPECIAL("psyche"))  # 4 vs 3: seat 0 psyched out, then rolls
    roll = rolls(events)[-1]
    assert (roll["for"], roll["die"], roll["modifier"], roll["total"]) == ("set", 3, -1, 2)
    assert state.psyched == [0, 0] and state.acting() == (0,)
    events = state.apply(0, SPECIAL("focus"))
    assert next(e for e in events if e["type"] == "roll_changed")["total"] == 3
    events = state.apply(0, SPECIAL("one-more"))
    roll = rolls(events)[0]
    assert (roll["die"], roll["modifier"], roll["total"], roll["success"]) == (5, 0, 5, True)
    assert state.phase == "match"


def test_psyche_penalty_applies_once_to_next_attempt_roll() -> None:
    specials = [[], ["psyche"]]
    state = table(
        [["kickflip", "kickflip", "kickflip", "shuv-it"], ["ollie"]], specials, dice=[5, 2, 3]
    )
    state.apply(0, SET("kickflip"))
    events = state.apply(1, SPECIAL("psyche"))
    roll = rolls(events)[-1]
    assert (roll["die"], roll["modifier"], roll["total"], roll["success"]) == (3, -1, 2, False)
    assert state.psyched == [0, 0]  # consumed
    assert state.setter == 1


def test_psyche_tie_does_not_psyche_out() -> None:
    state = table(
        [["kickflip", "kickflip", "kickflip", "shuv-it"], ["ollie"]],
        [[], ["psyche"]],
        dice=[4, 4, 3],
    )
    state.apply(0, SET("kickflip"))
    events = state.apply(1, SPECIAL("psyche"))
    assert {"type": "psyche_result", "seat": 1, "target": 0, "psyched": False} in events
    assert rolls(events)[-1]["modifier"] == 0


def test_psyche_penalty_only_on_the_first_of_two_match_rolls() -> None:
    state = table(
        [["kickflip", "kickflip", "kickflip", "shuv-it"], ["ollie"]], [[], []], dice=[6, 4, 4]
    )
    state.psyched = [0, 1]
    state.apply(0, SET("kickflip"))
    events = state.apply(1, DOUBLE("ollie"))
    assert [(r["die"], r["modifier"]) for r in rolls(events)] == [(4, -1), (4, 0)]
    assert state.letters == [0, 0]


def test_first_try_lands_a_set_without_a_roll() -> None:
    state = table([["hardflip", "ollie", "ollie", "ollie"], ["ollie"]], [["first-try"], []])
    state.apply(0, SET("hardflip"))
    assert state.legal_actions(0) == [SPECIAL("first-try"), PASS]
    events = state.apply(0, SPECIAL("first-try"))
    assert "roll" not in types(events) and "first_try_landed" in types(events)
    assert {"type": "set_result", "seat": 0, "trick": "hardflip", "landed": True} in events
    assert state.acting() == (1,)


def test_first_try_on_a_double_match_still_costs_the_discard() -> None:
    state = table([["hardflip", "ollie", "ollie", "ollie"], ["ollie", "kickflip"]],
                  [[], ["first-try"]], dice=[6])  # fmt: skip
    state.apply(0, SET("hardflip"))
    state.apply(1, DOUBLE("kickflip"))
    assert state.observation(1)["decision"]["usable"] == ["first-try"]
    events = state.apply(1, SPECIAL("first-try"))
    assert "roll" not in types(events)
    assert {"type": "match_result", "seat": 1, "trick": "hardflip", "landed": True} in events
    assert state.hands[1] == [TRICK_INDEX["ollie"]] and state.letters == [0, 0]


def test_first_try_keeps_a_pending_psyche_penalty() -> None:
    state = table([["hardflip", "ollie", "ollie", "ollie"], ["ollie"]], [["first-try"], []])
    state.psyched = [1, 0]
    state.apply(0, SET("hardflip"))
    state.apply(0, SPECIAL("first-try"))
    assert state.psyched == [1, 0]


def test_steal_turn_by_a_non_setter_before_a_set() -> None:
    hands = [["hardflip", "ollie", "ollie", "ollie"], ["ollie"]]
    specials = [["steal-turn"], ["steal-turn"]]
    state = table(hands, specials, trick_deck=["kickflip", "kickflip", "impossible"])
    state.apply(0, SET("hardflip"))
    # The setter is never offered its own Steal Turn!
    assert state.acting() == (1,) and state.legal_actions(1) == [SPECIAL("steal-turn"), PASS]
    events = state.apply(1, SPECIAL("steal-turn"))
    assert {"type": "turn_stolen", "seat": 1, "from": 0} in events
    assert state.setter == 1 and state.phase == "set" and state.acting() == (1,)
    assert len(state.hands[1]) == 4  # drew up to 4 as the new setter
    assert TRICK_INDEX["hardflip"] in state.trick_discard and state.table == []


def test_steal_turn_mid_sequence_keeps_earlier_letters_and_stops_the_rest() -> None:
    hands = [["kickflip"] * 3 + ["ollie"], ["ollie", "ollie"], ["ollie"], ["heelflip"]]
    specials = [[], [], [], ["steal-turn"]]
    state = table(hands, specials, dice=[6, 1, 1, 5], special_deck=[])
    state.apply(0, SET("kickflip"))
    state.apply(3, PASS)  # seat 3 may steal before the set roll; it waits
    assert state.acting() == (1,)
    state.apply(1, DOUBLE("ollie"))
    state.apply(3, PASS)  # ... and before seat 1's match: 1 and 1, an S for seat 1
    assert state.letters == [0, 1, 0, 0] and state.acting() == (2,)
    state.apply(2, DOUBLE("ollie"))  # the before window of seat 2's match opens for seat 3
    assert state.acting() == (3,)
    events = state.apply(3, SPECIAL("steal-turn"))
    assert "roll" not in types(events)
    assert state.letters == [0, 1, 0, 0]
    assert state.setter == 3 and state.queue == [] and state.table == []
    discarded = sorted(TRICK_INDEX[k] for k in ["kickflip", "ollie", "ollie"])
    assert sorted(state.trick_discard) == discarded
    assert state.previous["stolen_by"] == 3 and state.previous["results"] == [
        {"seat": 1, "outcome": "failed"}
    ]
    assert state.rng.rolls == [5]  # the stolen attempt was never rolled


def test_matcher_may_steal_its_own_match() -> None:
    state = table([["hardflip", "ollie", "ollie", "ollie"], ["ollie"]], [[], ["steal-turn"]],
                  dice=[6])  # fmt: skip
    state.apply(0, SET("hardflip"))
    state.apply(1, PASS)  # not yet: the set may still fail
    state.apply(1, DOUBLE("ollie"))
    assert state.observation(1)["decision"]["usable"] == ["steal-turn"]
    events = state.apply(1, SPECIAL("steal-turn"))
    assert state.setter == 1 and state.letters == [0, 0] and "roll" not in types(events)


def test_one_more_after_a_failed_double_rerolls_the_failed_one() -> None:
    state = table([["impossible"] * 4, ["ollie", "ollie"]], [[], ["one-more"]],
                  dice=[6, 5, 2, 4])  # fmt: skip
    state.apply(0, SET("impossible"))
    events = state.apply(1, DOUBLE("ollie"))
    assert state.acting() == (1,)
    assert state.observation(1)["decision"]["one_more_target"] == 1
    events = state.apply(1, SPECIAL("one-more"))
    roll = rolls(events)[0]
    assert (roll["for"], roll["index"], roll["die"]) == ("one-more", 1, 4)
    assert {"type": "match_result", "seat": 1, "trick": "impossible", "landed": True} in events


def test_focus_on_a_double_raises_the_failing_roll_closest_to_landing() -> None:
    state = table([["impossible"] * 4, ["ollie", "ollie"]], [[], ["focus", "one-more"]],
                  dice=[6, 1, 3, 6])  # fmt: skip
    state.special_deck = []
    state.apply(0, SET("impossible"))
    state.apply(1, DOUBLE("ollie"))
    events = state.apply(1, SPECIAL("focus"))
    changed = next(e for e in events if e["type"] == "roll_changed")
    assert (changed["index"], changed["total"]) == (1, 4)
    assert state.acting() == (1,)  # roll 0 (a 1) still fails: One More! is usable
    events = state.apply(1, SPECIAL("one-more"))
    assert rolls(events)[0]["index"] == 0
    assert state.letters == [0, 0]


# -- properties over random games ----------------------------------------------------
class CountingDice(Rng):
    """A seeded generator that remembers every die it rolls."""

    __slots__ = ("dice",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.dice: list[int] = []

    def randint(self, low: int, high: int) -> int:
        value = super().randint(low, high)
        self.dice.append(value)
        return value


def random_games(count: int):
    """(state, seat, action) at every step of `count` seeded random games, 2-5 players."""
    for seed in range(count):
        n = 2 + seed % 4
        state = GAME.new_game(n, seed)
        pick = Rng(seed + 1000)
        while not state.is_over():
            acting = state.acting()
            seat = acting[pick.below(len(acting))]
            yield state, seat, pick.choice(state.legal_actions(seat))


def test_every_die_rolled_is_a_public_roll_event() -> None:
    roll_keys = {"type", "seat", "for", "die", "modifier", "total", "target", "success"}
    for seed in range(60):
        n = 2 + seed % 4
        state = GAME.new_game(n, seed)
        state.rng = dice = CountingDice(seed)
        pick = Rng(seed + 1)
        events = []
        while not state.is_over():
            seat = state.acting()[pick.below(len(state.acting()))]
            events += state.apply(seat, pick.choice(state.legal_actions(seat)))
        rolled = [e for e in events if e["type"] == "roll"]
        assert [e["die"] for e in rolled] == dice.dice
        for e in rolled:
            assert roll_keys <= set(e) and "to" not in e
            assert 0 <= e["seat"] < n and 1 <= e["die"] <= 6
            assert e["total"] == e["die"] + e["modifier"]
            if e["target"] is not None:
                assert e["success"] == (e["total"] >= e["target"])
            if e["for"] == "psyche":
                assert e["modifier"] == 0 and e["role"] in ("attack", "defend")
            else:
                assert e["index"] in (0, 1)
        assert sum(e["die"] == 1 for e in rolled) == types(events).count("special_drawn")


def _usable_by_the_rules(state: TrickbookState, seat: int) -> set[str]:
    """The specials `seat` may play in the open window, from the rules text (not the engine)."""
    attempt, window = state.attempt, state.window
    held = {k for k in SPECIAL_INDEX if SPECIAL_INDEX[k] in state.specials[seat]}
    if window is None or state.out[seat]:
        return set()
    if window["kind"] == "after":
        target = DIFFICULTY[state.trick]
        failing = not attempt["first_try"] and any(
            r["die"] + r["modifier"] < target for r in attempt["rolls"]
        )
        return held & {"focus", "one-more"} if seat == attempt["seat"] and failing else set()
    usable = set()
    if seat == attempt["seat"] and not attempt["first_try"]:
        usable.add("first-try")
    if seat != attempt["seat"]:
        usable.add("psyche")
    if seat != state.setter:
        usable.add("steal-turn")
    return held & usable


def test_a_seat_is_asked_exactly_when_it_holds_a_usable_special(monkeypatch) -> None:
    """Asked only with a usable special, and a window never closes on a seat holding one."""
    closed = Counter()
    run_attempt, resolve = TrickbookState._run_attempt, TrickbookState._resolve

    def check_window_closes(state: TrickbookState) -> None:
        for seat in state.window["order"]:
            if seat not in state.window["passed"]:
                assert not _usable_by_the_rules(state, seat), (state.window, seat)
        closed[state.window["kind"]] += 1

    def checked_run_attempt(self, events):
        check_window_closes(self)
        return run_attempt(self, events)

    def checked_resolve(self, landed, events):
        if self.window is not None and self.window["kind"] == "after":
            check_window_closes(self)
        return resolve(self, landed, events)

    monkeypatch.setattr(TrickbookState, "_run_attempt", checked_run_attempt)
    monkeypatch.setattr(TrickbookState, "_resolve", checked_resolve)
    asked = 0
    for state, seat, action in random_games(150):
        if state.phase == "special":
            offered = {a["card"] for a in state.legal_actions(seat) if a["type"] == "special"}
            assert offered and offered == _usable_by_the_rules(state, seat)
            asked += 1
        state.apply(seat, action)
    assert asked > 1000 and closed["before"] > 1000 and closed["after"] > 1000


# -- statistics -------------------------------------------------------------------------
@pytest.mark.parametrize("difficulty_key", ["ollie", "kickflip", "impossible", "360-flip",
                                            "hardflip"])  # fmt: skip
def test_set_success_rate_is_seven_minus_d_over_six(difficulty_key: str) -> None:
    d = DIFFICULTY[TRICK_INDEX[difficulty_key]]
    trials, landed = 1200, 0
    for seed in range(trials):
        state = GAME.new_game(2, seed)
        state.hands = [[TRICK_INDEX[difficulty_key]] * 4, [TRICK_INDEX["ollie"]]]
        state.specials = [[], []]
        state.special_deck = []
        state.rps_players = [0]
        state._start_set(0, [])
        events = state.apply(0, SET(difficulty_key))
        landed += next(e for e in events if e["type"] == "set_result")["landed"]
    rate = landed / trials
    assert abs(rate - (7 - d) / 6) < 0.045, (difficulty_key, rate)


# -- observation, resample, errors -------------------------------------------------------
def test_observation_shows_own_hand_and_only_sizes_of_others() -> None:
    state = table(
        [["ollie", "ollie", "ollie", "shuv-it"], ["hardflip", "kickflip"]], [["focus"], ["psyche"]]
    )
    obs = state.observation(0)
    assert obs["hand"][0] == {"key": "ollie", "name": "Ollie", "difficulty": 2}
    assert obs["specials"] == [{"key": "focus", "name": "Focus!"}]
    assert obs["hand_sizes"] == [4, 2] and obs["special_counts"] == [1, 1]
    assert "hardflip" not in repr(obs) and "'psyche'" not in repr(obs)
    assert obs["decision"] == {"kind": "set"} and obs["acting"] == [0]
    assert obs["letters"] == [0, 0] and obs["letter_marks"] == ["", ""]
    keys = ["setter", "trick", "attempt", "window", "last_rolls", "trick_deck", "trick_discard"]
    keys += ["special_deck", "psyched", "out", "to_match", "table", "previous", "rps"]
    assert set(keys) <= set(obs)


def test_resample_keeps_the_asked_seat_able_to_play_a_special() -> None:
    rng = Rng(5)
    checked = 0
    for seed in range(40):
        state = GAME.new_game(3, seed)
        bot_rng = Rng(seed)
        while not state.is_over():
            seat = state.acting()[0]
            if state.phase == "special":
                for observer in range(3):
                    if observer == seat:
                        continue
                    sample = state.resample(observer, rng)
                    assert sample.legal_actions(seat)[:-1], "asked seat holds nothing usable"
                    assert sorted(full_special_deck()) == sorted(
                        sample.special_deck + [c for s in sample.specials for c in s]
                    )
                    checked += 1
            state.apply(seat, bot_rng.choice(state.legal_actions(seat)))
    assert checked > 50


def test_deal_with_needs_draws_uniformly_among_the_deals_that_meet_the_needs() -> None:
    """Against every deal of five physical cards, counted by hand."""
    pool = [FOCUS, FOCUS, FIRST_TRY, ONE_MORE, PSYCHE]
    needs = [(2, {PSYCHE, STEAL_TURN}, False, True), (2, {FOCUS}, True, False)]
    exact: Counter = Counter()
    for order in itertools.permutations(range(len(pool))):
        cards = [pool[i] for i in order]
        first, second = sorted(cards[:2]), sorted(cards[2:4])
        if PSYCHE not in first and FOCUS in second:
            exact[(tuple(first), tuple(second))] += 1
    total = sum(exact.values())
    rng, draws = Rng(8), 12000
    drawn: Counter = Counter()
    for _ in range(draws):
        hands, rest = deal_with_needs(pool, needs, rng)
        assert sorted(hands[0] + hands[1] + rest) == sorted(pool)
        drawn[(tuple(hands[0]), tuple(hands[1]))] += 1
    assert set(drawn) == set(exact)
    for deal, ways in exact.items():
        assert abs(drawn[deal] / draws - ways / total) < 0.015, deal


def test_resample_agrees_with_the_window_when_random_deals_rarely_do() -> None:
    """Seats 0-2 were passed over (no Psyche! or Steal Turn!), seat 3 is asked: few random
    deals agree, and resample kept the true special hands when 200 failed (a leak)."""
    state = table(
        [["ollie"] * 3, ["kickflip"], ["heelflip"], ["shuv-it"], ["impossible"]],
        specials=[
            ["psyche"],
            ["focus", "focus", "focus", "first-try"],
            ["first-try", "first-try", "one-more", "one-more"],
            ["psyche", "psyche", "psyche", "steal-turn", "steal-turn"],
            ["focus"],
        ],
        special_deck=[],
    )
    state.apply(0, {"type": "set", "trick": "ollie"})
    assert state.window["asked"] == 3 and state.window_knowledge() == ([3], [0, 1, 2])
    true_hands = [list(h) for h in state.specials]
    rng, kept_true, seat_one = Rng(3), 0, set()
    for _ in range(60):
        sample = state.resample(4, rng)
        assert sample.observation(4) == state.observation(4)
        kept_true += sample.specials == true_hands
        seat_one.add(tuple(sample.specials[1]))
    assert kept_true < 15 and len(seat_one) > 5


def _window_facts(obs: dict, before: dict | None, before_action: dict | None):
    """What the table has seen of the open window: seats shown to hold a usable special
    (the one asked, those who passed) and seats shown to hold none (passed over since the
    last seat asked, or since the window opened)."""
    window, attempt = obs["window"], obs["attempt"]
    asked = window["asked"]
    order = [s for s in range(attempt["seat"], attempt["seat"] + obs["num_players"])]
    order = [s % obs["num_players"] for s in order if not obs["out"][s % obs["num_players"]]]
    if window["kind"] == "after":
        order = [attempt["seat"]]
    same_window = (
        before is not None
        and before["phase"] == "special"
        and before_action.get("card") != "steal-turn"
        and before["window"]["kind"] == window["kind"]
        and before["attempt"]["seat"] == attempt["seat"]
        and before["attempt"]["for"] == attempt["for"]
    )
    start = order.index(before["window"]["asked"]) + 1 if same_window else 0
    lacking = []
    for i in range(start, start + len(order)):
        seat = order[i % len(order)]
        if seat == asked:
            break
        if seat not in window["passed"]:
            lacking.append(seat)
    return [*window["passed"], asked], lacking


def test_resample_keeps_what_the_open_window_showed() -> None:
    """Seats asked or passing hold a usable special; seats passed over hold none: in the
    real game (the inference is sound) and in every resampled state."""
    rng = Rng(5)
    checked = lacking_seen = 0
    before = before_action = None
    for state, seat, action in random_games(200):
        if state.phase == "special":
            obs = state.observation(seat)
            holding, lacking = _window_facts(obs, before, before_action)
            lacking_seen += len(lacking)
            for observer in range(state.num_players):
                for real, sample in ((True, state), (False, state.resample(observer, rng))):
                    assert sample.observation(observer) == state.observation(observer)
                    for s in holding:
                        assert sample.usable_specials(s), (real, s, "holds a usable special")
                    for s in lacking:
                        assert not sample.usable_specials(s), (real, s, "holds none")
                    checked += 1
        before, before_action = state.observation(seat), action
        state.apply(seat, action)
    assert checked > 1000 and lacking_seen > 100


def test_why_illegal_explains_in_plain_words() -> None:
    state = table([["ollie", "ollie", "ollie", "shuv-it"], ["kickflip"]])
    with pytest.raises(IllegalAction, match="hold no Hardflip"):
        state.apply(0, SET("hardflip"))
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply(1, SET("kickflip"))


def test_why_illegal_names_the_real_mistake_in_the_right_step() -> None:
    state = table(
        [["ollie", "ollie", "ollie", "shuv-it"], ["kickflip", "heelflip"]],
        [[], ["psyche"]],
        dice=[6],
    )
    with pytest.raises(IllegalAction, match="name a trick card you hold"):
        state.apply(0, SET("no-such-trick"))
    with pytest.raises(IllegalAction, match="name a trick card you hold"):
        state.apply(0, {"type": "set"})
    with pytest.raises(IllegalAction, match="'double' move is not possible now: it is the set"):
        state.apply(0, DOUBLE("ollie"))
    state.apply(0, SET("ollie"))  # seat 1 may psyche: the special step
    with pytest.raises(IllegalAction, match="name a special card you hold"):
        state.apply(1, SPECIAL("no-such-card"))
    with pytest.raises(IllegalAction, match="you hold no Focus!"):
        state.apply(1, SPECIAL("focus"))
    state.apply(1, PASS)  # the set lands: seat 1 must match an Ollie
    with pytest.raises(IllegalAction, match="you hold no Hardflip to discard"):
        state.apply(1, DOUBLE("hardflip"))
    with pytest.raises(IllegalAction, match="name the trick card to discard"):
        state.apply(1, {"type": "double"})
    with pytest.raises(IllegalAction, match="you hold no Ollie: discard a trick card"):
        state.apply(1, MATCH)
    with pytest.raises(IllegalAction, match="throw rock, paper or scissors"):
        GAME.new_game(2, 1).apply(0, {"type": "rps", "choice": "lizard"})


def test_roll_numbers_trick_and_focus_are_in_events_and_recent_rolls() -> None:
    """What a table needs to draw dice: which roll is which (`number`), the trick rolled
    for, and how the modifier splits into Focus! and the psyche penalty; a Focus! also
    updates the roll in `last_rolls`, so the recent rolls show it as it stands."""
    specials = [["one-more", "focus"], ["psyche"]]
    state = table([["360-flip"] * 3 + ["ollie"], ["ollie"]], specials, dice=[4, 3, 3, 5])
    state.apply(0, SET("360-flip"))
    events = state.apply(1, SPECIAL("psyche"))  # psyche 4 vs 3, then the set roll: 3 - 1
    attack, defend, set_roll = rolls(events)
    assert [r["number"] for r in (attack, defend, set_roll)] == [1, 2, 3]
    assert "trick" not in attack and "focus" not in attack
    assert (set_roll["trick"], set_roll["focus"], set_roll["modifier"]) == ("360-flip", 0, -1)
    live = state.observation(1)["attempt"]["rolls"]
    assert [(r["number"], r["focus"], r["total"]) for r in live] == [(3, 0, 2)]

    events = state.apply(0, SPECIAL("focus"))
    changed = next(e for e in events if e["type"] == "roll_changed")
    assert (changed["number"], changed["focus"], changed["modifier"]) == (3, 1, 0)
    recent = state.observation(1)["last_rolls"][-1]
    assert (recent["number"], recent["focus"], recent["modifier"], recent["total"]) == (3, 1, 0, 3)
    assert recent["success"] is False  # 3 is still short of the 360 Flip's 5

    events = state.apply(0, SPECIAL("one-more"))  # the reroll keeps the modifier (and focus)
    reroll = rolls(events)[0]
    assert (reroll["number"], reroll["for"], reroll["trick"], reroll["focus"]) == (
        4,
        "one-more",
        "360-flip",
        1,
    )
    assert [r["number"] for r in state.observation(1)["last_rolls"]] == [1, 2, 3, 4]


def test_sequence_from_tells_this_sequences_dice_from_older_ones() -> None:
    state = table([["kickflip", "ollie"], ["kickflip", "heelflip"]], dice=[2, 5, 4, 6])
    assert state.observation(1)["sequence_from"] is None
    state.apply(0, SET("ollie"))  # roll 1: a 2 lands the Ollie; seat 1 has no Ollie
    assert state.observation(1)["sequence_from"] == 1
    state.apply(1, DOUBLE("kickflip"))  # rolls 2 and 3 land: the sequence ends
    obs = state.observation(1)
    assert obs["sequence_from"] is None and obs["phase"] == "set"
    state.apply(0, SET("kickflip"))  # the next sequence's dice start at roll 4 (a 6 lands)
    obs = state.observation(1)
    assert obs["phase"] == "match" and obs["sequence_from"] == 4


# -- rule facts for tables and bots -------------------------------------------------------
def test_the_specials_bonus_and_penalty_are_one_point() -> None:
    assert (FOCUS_BONUS, PSYCHE_PENALTY, DIE_SIDES) == (1, 1, 6)


@pytest.mark.parametrize(
    ("key", "plain", "psyched", "focused", "psyched_and_focused", "psyched_twice"),
    [
        ("ollie", 2, 3, 1, 2, 4),
        ("shuv-it", 2, 3, 1, 2, 4),
        ("kickflip", 3, 4, 2, 3, 5),
        ("heelflip", 3, 4, 2, 3, 5),
        ("impossible", 4, 5, 3, 4, 6),
        ("360-flip", 5, 6, 4, 5, 7),
        ("hardflip", 6, 7, 5, 6, 8),
    ],
)
def test_needed_roll_for_each_trick_with_psyche_and_focus(
    key: str, plain: int, psyched: int, focused: int, psyched_and_focused: int, psyched_twice: int
) -> None:
    difficulty = DIFFICULTY[TRICK_INDEX[key]]
    assert needed_roll(difficulty) == plain
    assert needed_roll(difficulty, -PSYCHE_PENALTY) == psyched
    assert needed_roll(difficulty, FOCUS_BONUS) == focused
    assert needed_roll(difficulty, FOCUS_BONUS - PSYCHE_PENALTY) == psyched_and_focused
    assert needed_roll(difficulty, -2 * PSYCHE_PENALTY) == psyched_twice


def test_needed_roll_agrees_with_the_engine_on_every_die() -> None:
    """A die lands exactly when it reaches `needed_roll`, as the engine resolves rolls."""
    for difficulty in sorted(set(DIFFICULTY)):
        for modifier in (-2, -1, 0, 1, 2):
            landing = [d for d in range(1, DIE_SIDES + 1) if d + modifier >= difficulty]
            need = needed_roll(difficulty, modifier)
            assert landing == [d for d in range(1, DIE_SIDES + 1) if d >= need]
            assert land_ways(difficulty, modifier) == len(landing)


def test_land_ways_and_land_chance_by_hand() -> None:
    assert [land_ways(t["difficulty"]) for t in TRICKS] == [5, 5, 4, 4, 3, 2, 1]
    assert land_ways(6, -1) == 0 and land_ways(2, 2) == 6  # never, always
    assert land_chance(4) == 0.5 and land_chance(6, 1) == 0.0 and land_chance(2, 0, 1) == 1.0
    assert land_chance(3, 1) == 3 / 6 and land_chance(5, 1, 1) == 2 / 6
    # the bots' odds, bit for bit: (7 - (difficulty + penalty - bonus)) / 6, clamped
    for difficulty in range(0, 10):
        for penalty in range(3):
            for bonus in range(3):
                old = min(1.0, max(0.0, (7 - (difficulty + penalty - bonus)) / 6))
                assert land_chance(difficulty, penalty, bonus) == old
                assert land_chance(difficulty, penalty, bonus) == (
                    land_ways(difficulty, bonus - penalty) / DIE_SIDES
                )


def test_roll_parts_split_the_modifier_into_psyche_and_focus() -> None:
    assert roll_parts(4, 0) == {"penalty": 0, "bonus": 0, "total": 4}
    assert roll_parts(4, -1) == {"penalty": 1, "bonus": 0, "total": 3}
    assert roll_parts(4, 1, 1) == {"penalty": 0, "bonus": 1, "total": 5}
    assert roll_parts(3, 0, 1) == {"penalty": 1, "bonus": 1, "total": 3}  # psyched and focused


def test_special_texts_are_the_words_players_read() -> None:
    assert [special_text(key) for key in SPECIAL_KEYS] == [
        "roll off: if they roll lower, -1 on their roll",
        "+1 to your roll",
        "land it without rolling",
        "take the turn: you set next",
        "reroll the failed die",
    ]
    assert [s["text"] for s in SPECIALS] == [special_text(key) for key in SPECIAL_KEYS]
    assert special_text("psyche", "Bot 1") == "roll off: if Bot 1 rolls lower, -1 on Bot 1's roll"
    assert special_text("focus", "Bot 1") == "+1 to your roll"  # aimed at nobody


def test_rolls_carry_their_parts_in_events_and_observation() -> None:
    specials = [["one-more", "focus"], ["psyche"]]
    state = table([["360-flip"] * 3 + ["ollie"], ["ollie"]], specials, dice=[4, 3, 3, 5])
    state.apply(0, SET("360-flip"))
    attack, defend, set_roll = rolls(state.apply(1, SPECIAL("psyche")))
    assert (defend["penalty"], defend["total"]) == (0, 3)
    assert (attack["penalty"], attack["bonus"], attack["total"]) == (0, 0, 4)
    assert (set_roll["penalty"], set_roll["bonus"], set_roll["total"]) == (1, 0, 2)
    decision = state.observation(0)["decision"]
    assert (decision["focus_target"], decision["focus_total"]) == (0, 3)
    changed = next(e for e in state.apply(0, SPECIAL("focus")) if e["type"] == "roll_changed")
    assert (changed["penalty"], changed["bonus"], changed["total"]) == (1, 1, 3)
    live = state.observation(1)["attempt"]["rolls"][0]
    assert (live["penalty"], live["bonus"], live["total"]) == (1, 1, 3)
    assert state.observation(1)["last_rolls"][-1]["bonus"] == 1
    reroll = rolls(state.apply(0, SPECIAL("one-more")))[0]  # keeps the penalty and the bonus
    assert (reroll["die"], reroll["penalty"], reroll["bonus"], reroll["total"]) == (5, 1, 1, 5)


def test_move_rolls_are_the_dice_the_last_move_rolled() -> None:
    state = table([["kickflip"] * 2, ["kickflip"]], [["psyche"], ["psyche"]], dice=[5, 4, 3])
    assert state.observation(0)["move_rolls"] == []
    state.apply(0, SET("kickflip"))  # Bot 1 may psyche first: nothing rolled yet
    assert state.observation(0)["move_rolls"] == []
    state.apply(1, SPECIAL("psyche"))  # 5 vs 4: a roll-off, then the set roll (a 3 - 1)
    assert [state.observation(s)["move_rolls"] for s in (0, 1)] == [[1, 2, 3], [1, 2, 3]]
    assert state.observation(0)["move_rolls"] == [1, 2, 3]  # the same on every look
    copy = GAME.from_json(state.to_json())
    assert copy.observation(0)["move_rolls"] == [1, 2, 3]
    assert state.acting() == (1,)  # the set missed: Bot 1 sets
    state.apply(1, SET("kickflip"))  # the human may psyche: a move that rolls nothing
    assert state.observation(0)["move_rolls"] == []


def test_clone_is_the_contract_copy_sharing_only_the_records() -> None:
    """The game's own `clone` gives what the contract's generic one does (fields in the
    same order), and shares nothing with the original but the records never changed once
    made: the cards in play, the results, `previous`, a window's order, the recent rolls."""
    for n in (2, 3, 5):
        for seed in range(6):
            state = GAME.new_game(n, seed)
            rng = Rng(seed)
            while state.acting():
                copy, generic = state.clone(), State.clone(state)
                assert list(copy._fields()) == list(generic._fields()) == list(state._fields())
                assert copy.to_json() == generic.to_json() == state.to_json()
                ours, theirs = copy._fields(), state._fields()
                for name in ("table", "results", "last_rolls"):
                    assert ours[name] is not theirs[name]
                    ours[name] = theirs[name] = None
                ours["previous"] = theirs["previous"] = None
                for fields in (ours, theirs):
                    if fields["window"] is not None:  # (a window's order is shared)
                        fields["window"] = dict(fields["window"], order=None)
                assert not containers(ours) & containers(theirs)
                seat = rng.choice(state.acting())
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.quiet = True
    assert state.clone().quiet is True


def test_decision_facts_are_the_observations_facts_in_kinds() -> None:
    """`SeatFacts` (what the heuristic bot decides by) says what the seat's observation
    says, in card kinds, and is made of copies: changing it changes nothing in the game."""
    kinds = {t["key"]: k for k, t in enumerate(TRICKS)}
    specials = {s["key"]: k for k, s in enumerate(SPECIALS)}
    for state, seat, action in random_games(40):
        for observer in set(state.acting()) | {0}:
            facts, obs = state.decision_facts(observer), state.observation(observer)
            assert facts.seat == obs["seat"] and facts.num_players == obs["num_players"]
            assert facts.hand == [kinds[c["key"]] for c in obs["hand"]]
            assert facts.specials == [specials[c["key"]] for c in obs["specials"]]
            assert facts.hand_sizes == obs["hand_sizes"]
            assert (facts.letters, facts.out) == (obs["letters"], obs["out"])
            assert facts.psyched == obs["psyched"] and facts.to_match == obs["to_match"]
            assert facts.trick == (-1 if obs["trick"] is None else kinds[obs["trick"]["key"]])
            table = [(p["seat"], kinds[p["card"]["key"]], p["as"]) for p in obs["table"]]
            assert facts.table == table
            assert sorted(facts.discard) == sorted(kinds[k] for k in obs["trick_discard"])
            assert facts.trick_deck == obs["trick_deck"]
            window = obs["window"]
            assert facts.window == (None if window is None else window["kind"])
            attempt = obs["attempt"]
            if attempt is None:
                assert facts.attempt is None
            else:
                rolls = [(r["total"], r["success"]) for r in attempt["rolls"]]
                assert facts.attempt == (
                    attempt["seat"],
                    attempt["for"],
                    attempt["dice"],
                    attempt["first_try"],
                    attempt["difficulty"],
                    rolls,
                )
            before = state.to_json()
            for name in ("hand", "specials", "hand_sizes", "letters", "out", "psyched"):
                getattr(facts, name).append(0)
            for name in ("to_match", "table", "discard"):
                getattr(facts, name).clear()
            if facts.attempt is not None:
                facts.attempt[5].clear()
            assert state.to_json() == before
        state.apply(seat, action)
