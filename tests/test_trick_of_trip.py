"""Trick of Trip: hand-built scenarios for every rule, visibility, resample, and the kit."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conformance import conformance_suite, containers

import pygame_rules
from pygame_rules import IllegalAction, Rng, State, visible_events
from pygame_rules.trick_of_trip import (
    DECK_SIZE,
    LEAD_LOWEST,
    LEAD_RANDOM_FIRST,
    LEAD_TIE,
    SUIT_SYMBOLS,
    TRUMP,
    WIN_FIRST_SEVEN,
    WIN_LOWEST_LED,
    WIN_LOWEST_TRUMP,
    TrickOfTripState,
    all_splits,
    canonical_split,
    card_name,
    make_card,
    playable_cards,
    rank_of,
    score_breakdown,
    score_of,
    suit_of,
    trick_winner,
)

TestConformance = conformance_suite("trick-of-trip")

GAME = pygame_rules.get_game("trick-of-trip")
SUNS, MOONS, WAVES, LEAVES = 0, 1, 2, 3


def S(rank: int) -> int:
    return make_card(SUNS, rank)


def M(rank: int) -> int:
    return make_card(MOONS, rank)


def W(rank: int) -> int:
    return make_card(WAVES, rank)


def L(rank: int) -> int:
    return make_card(LEAVES, rank)


def T(rank: int) -> int:
    return make_card(TRUMP, rank)


def play_state(hands: list[list[int]], leader: int = 0, round_no: int = 1) -> TrickOfTripState:
    """A state in the trick phase with these hands.

    Stands and picks are rebuilt to match; a hand shorter than 6 is padded, for the
    stands only, with spare cards put on the discard pile as if already played.
    """
    n = len(hands)
    state = GAME.new_game(n, 1)
    state.round = round_no
    used = {c for h in hands for c in h}
    spare = [c for c in range(DECK_SIZE) if c not in used]
    state.hands = [sorted(h) for h in hands]
    state.discards = []
    draft = []
    for hand in state.hands:
        padding = spare[: 6 - len(hand)]
        spare = spare[len(padding) :]
        state.discards += padding
        draft.append(hand + padding)
    state.deck = spare
    state.won = [[] for _ in range(n)]
    for splitter in range(n):
        receiver = state.receiver(splitter)
        stand = canonical_split(draft[splitter][:3], draft[receiver][3:])
        state.stands[splitter] = stand
        state.picks[receiver] = stand.index(sorted(draft[receiver][3:]))
    state.phase = "play"
    state.trick = []
    state.round_tricks = []
    state.leader = state.turn = leader
    state.round_lead = {"seat": leader, "reason": LEAD_LOWEST, "tied": []}
    return state


def play_trick(state: TrickOfTripState, cards: list[int]) -> list[dict]:
    """Play one card per seat from the current turn on; returns all events."""
    events = []
    for card in cards:
        events += state.apply(state.turn, {"type": "play", "card": card})
    return events


def draft_state(hands: list[list[int]], round_no: int) -> TrickOfTripState:
    """A state at the start of a round's draft with these 6-card hands."""
    n = len(hands)
    state = GAME.new_game(n, 2)
    state.round = round_no
    used = {c for h in hands for c in h}
    state.deck = [c for c in range(DECK_SIZE) if c not in used]
    state.hands = [sorted(h) for h in hands]
    state.stands = [None] * n
    state.picks = [None] * n
    state.phase = "split"
    return state


def split_action(first: list[int], second: list[int]) -> dict:
    return {"type": "split", "sets": canonical_split(first, second)}


def ints_in(value: Any) -> set[int]:
    """Every int anywhere inside a JSON-like value."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        return set().union(*(ints_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(ints_in(v) for v in value)) if value else set()
    return set()


def stand_cards(obs: dict) -> set[int]:
    """The cards on the stands an observation shows."""
    return ints_in([view["sets"] for view in obs["stands"]])


# -- cards ---------------------------------------------------------------------------
def test_deck_has_54_cards_four_suits_of_12_and_six_trumps() -> None:
    suits = [suit_of(c) for c in range(DECK_SIZE)]
    assert DECK_SIZE == 54
    for suit in range(4):
        assert sorted(rank_of(c) for c in range(DECK_SIZE) if suit_of(c) == suit) == list(
            range(1, 13)
        )
    assert sorted(rank_of(c) for c in range(DECK_SIZE) if suit_of(c) == TRUMP) == list(range(1, 7))
    assert suits.count(TRUMP) == 6
    assert card_name(M(5)) == "5 of Moons"
    assert card_name(T(2)) == "2 of Stars (trump)"
    assert len(set(SUIT_SYMBOLS)) == 5


def test_new_game_deals_six_each_and_starts_with_the_split() -> None:
    for n in (3, 4, 5):
        state = GAME.new_game(n, 9)
        assert state.phase == "split" and state.acting() == tuple(range(n))
        assert all(len(h) == 6 for h in state.hands)
        assert len(state.deck) == DECK_SIZE - 6 * n
        everything = sorted(state.deck + [c for h in state.hands for c in h])
        assert everything == list(range(DECK_SIZE))
    assert GAME.new_game().num_players == 4


# -- trick winner -------------------------------------------------------------------
def test_no_trump_lowest_of_led_suit_wins_and_off_suit_low_cards_do_not() -> None:
    trick = [[0, S(5)], [1, S(3)], [2, S(9)], [3, M(1)]]
    assert trick_winner(trick) == (1, WIN_LOWEST_LED)


def test_no_trump_a_seven_is_just_a_normal_card() -> None:
    assert trick_winner([[0, S(7)], [1, S(6)], [2, L(7)]]) == (1, WIN_LOWEST_LED)


def test_trump_without_seven_lowest_trump_wins() -> None:
    trick = [[0, S(5)], [1, T(4)], [2, T(2)], [3, S(1)]]
    assert trick_winner(trick) == (2, WIN_LOWEST_TRUMP)


def test_trump_and_one_seven_the_seven_wins() -> None:
    trick = [[0, S(5)], [1, T(1)], [2, M(7)], [3, S(2)]]
    assert trick_winner(trick) == (2, WIN_FIRST_SEVEN)


def test_trump_and_two_sevens_the_first_seven_wins() -> None:
    assert trick_winner([[0, S(7)], [1, T(1)], [2, M(7)]]) == (0, WIN_FIRST_SEVEN)
    trick = [[3, S(3)], [4, M(7)], [0, T(2)], [1, W(7)]]
    assert trick_winner(trick) == (4, WIN_FIRST_SEVEN)


def test_seven_of_led_suit_and_off_suit_seven() -> None:
    # With a trump played, the off-suit 7 played first beats the later 7 of the led suit.
    trick = [[0, S(4)], [1, L(7)], [2, S(7)], [3, T(5)]]
    assert trick_winner(trick) == (1, WIN_FIRST_SEVEN)
    # Without a trump, neither 7 matters: the lowest Suns wins.
    assert trick_winner([[0, S(4)], [1, L(7)], [2, S(7)]]) == (0, WIN_LOWEST_LED)


def test_trump_led_lowest_trump_wins_unless_a_seven_appears() -> None:
    assert trick_winner([[0, T(3)], [1, T(5)], [2, S(1)]]) == (0, WIN_LOWEST_TRUMP)
    assert trick_winner([[0, T(3)], [1, T(1)], [2, S(1)]]) == (1, WIN_LOWEST_TRUMP)
    assert trick_winner([[0, T(3)], [1, M(7)], [2, T(1)]]) == (1, WIN_FIRST_SEVEN)


def test_played_trick_keeps_only_the_winners_card_and_winner_leads() -> None:
    hands = [
        [S(5), S(8), M(2), M(3), W(4), W(5)],
        [S(9), M(7), W(1), W(2), L(1), L(2)],
        [S(2), T(1), M(9), W(9), L(9), L(10)],
        [S(11), S(12), M(11), M(12), L(11), L(12)],
    ]
    state = play_state(hands, leader=0)
    events = play_trick(state, [S(5), S(9), T(1), S(12)])
    assert state.won == [[], [], [T(1)], []]
    assert sorted(state.discards) == sorted([S(5), S(9), S(12)])
    assert state.leader == state.turn == 2 and state.acting() == (2,)
    won = next(e for e in events if e["type"] == "trick_won")
    assert won["winner"] == 2 and won["card"] == T(1) and won["reason"] == WIN_LOWEST_TRUMP
    obs = state.observation(0)
    last = obs["last_trick"]
    assert last["winner"] == 2 and last["cards"][2] == {"seat": 2, "card": T(1)}
    assert (last["hand"], last["number"], last["card"]) == (1, 1, T(1))
    assert obs["trick"] == [] and obs["trick_number"] == 2
    # Seat 2 leads the next trick; everyone follows Moons and the lowest Moons wins.
    play_trick(state, [M(9), M(12), M(2), M(7)])
    assert state.won[0] == [M(2)] and state.turn == 0


def test_played_trick_a_seven_beats_trumps_in_play() -> None:
    hands = [
        [S(5), S(8), M(2), M(3), W(4), W(5)],
        [T(2), M(7), W(1), W(2), L(1), L(2)],
        [M(8), T(1), M(9), W(9), L(9), L(10)],
        [S(11), S(12), M(11), M(12), L(11), L(12)],
    ]
    state = play_state(hands, leader=3)
    play_trick(state, [S(11), S(5), M(7), T(1)])  # seat 1 is void of Suns
    assert state.won[1] == [M(7)] and state.turn == 1


# -- follow rules -------------------------------------------------------------------
def _following_state(leader_card: int, follower_hand: list[int]) -> TrickOfTripState:
    hands = [
        [leader_card],
        follower_hand,
        [L(12)],
    ]
    state = play_state(hands, leader=0)
    state.apply(0, {"type": "play", "card": leader_card})
    return state


def legal_cards(state: TrickOfTripState, seat: int) -> list[int]:
    return [a["card"] for a in state.legal_actions(seat)]


def test_must_follow_suit_but_trump_is_always_allowed_instead() -> None:
    state = _following_state(S(6), [S(2), S(10), M(1), T(4), L(7)])
    assert legal_cards(state, 1) == sorted([S(2), S(10), T(4)])
    assert {"type": "play", "card": T(4)} in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="follow suit: you hold a Suns card"):
        state.apply(1, {"type": "play", "card": M(1)})
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(1, {"type": "play", "card": L(7)})


def test_void_in_led_suit_may_play_anything() -> None:
    state = _following_state(S(6), [M(1), T(4), L(7)])
    assert legal_cards(state, 1) == sorted([M(1), T(4), L(7)])


def test_trump_lead_forces_trump() -> None:
    state = _following_state(T(3), [S(2), T(5), T(6), M(7)])
    assert legal_cards(state, 1) == [T(5), T(6)]
    with pytest.raises(IllegalAction, match="must play a trump"):
        state.apply(1, {"type": "play", "card": M(7)})


def test_trump_lead_without_trump_any_card() -> None:
    state = _following_state(T(3), [S(2), M(7), L(1)])
    assert legal_cards(state, 1) == sorted([S(2), M(7), L(1)])


def test_leader_may_lead_anything_and_not_your_card_is_refused() -> None:
    hand = [S(2), M(7), T(1), L(12)]
    state = play_state([hand, [S(1)], [S(3)]], leader=0)
    assert legal_cards(state, 0) == sorted(hand)
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(0, {"type": "play", "card": S(1)})
    with pytest.raises(IllegalAction, match="'play'"):
        state.apply(0, {"type": "pick", "set": 0})


# -- draft: splits, hand assembly, direction ----------------------------------------------
def test_split_actions_are_the_ten_canonical_splits() -> None:
    cards = [S(9), M(1), W(3), L(4), T(2), S(1)]
    splits = all_splits(cards)
    assert len(splits) == 10
    low = min(cards)
    seen = set()
    for first, second in splits:
        assert low in first and first == sorted(first) and second == sorted(second)
        assert sorted(first + second) == sorted(cards)
        seen.add(tuple(first))
    assert len(seen) == 10
    state = draft_state([cards, [S(2)] * 6, [S(3)] * 6], 1)
    assert [a["sets"] for a in state.legal_actions(0)] == splits
    with pytest.raises(IllegalAction, match="two sets of three"):
        state.apply(0, {"type": "split", "sets": [splits[0][1], splits[0][0]]})


def _run_draft(
    hands: list[list[int]], round_no: int, firsts: list[list[int]], picks: list[int]
) -> tuple[TrickOfTripState, list[dict]]:
    """Split each hand into (firsts[s], rest), then each seat picks picks[s]."""
    state = draft_state(hands, round_no)
    events = []
    for seat, hand in enumerate(hands):
        rest = [c for c in hand if c not in firsts[seat]]
        events += state.apply(seat, split_action(firsts[seat], rest))
    for seat in range(len(hands)):
        events += state.apply(seat, {"type": "pick", "set": picks[seat]})
    return state, events


def _sample_hands(n: int) -> list[list[int]]:
    return [list(range(6 * s, 6 * s + 6)) for s in range(n)]


def test_hand_assembly_three_players_round_one_passes_left() -> None:
    hands = _sample_hands(3)  # seat s holds cards 6s..6s+5
    firsts = [[0, 1, 2], [6, 7, 8], [12, 13, 14]]
    state, _ = _run_draft(hands, 1, firsts, picks=[0, 1, 0])
    # Round 1: seat 0's stand goes to seat 1, seat 1's to seat 2, seat 2's to seat 0.
    # Seat 0 picks set 0 of seat 2's stand ([12,13,14]); seat 1 picks set 1 of seat 0's
    # stand ([3,4,5]), so seat 0 keeps [0,1,2]; seat 2 picks set 0 of seat 1's ([6,7,8]).
    assert state.hands[0] == [0, 1, 2, 12, 13, 14]
    assert state.hands[1] == [3, 4, 5, 9, 10, 11]
    assert state.hands[2] == [6, 7, 8, 15, 16, 17]
    assert state.phase == "play"


def test_hand_assembly_three_players_round_two_passes_right() -> None:
    hands = _sample_hands(3)
    firsts = [[0, 1, 2], [6, 7, 8], [12, 13, 14]]
    state, _ = _run_draft(hands, 2, firsts, picks=[0, 1, 0])
    # Round 2: seat 0's stand goes to seat 2, seat 1's to seat 0, seat 2's to seat 1.
    # Seat 0 picks set 0 of seat 1's stand ([6,7,8]); seat 1 picks set 1 of seat 2's
    # ([15,16,17]); seat 2 picks set 0 of seat 0's ([0,1,2]), so seat 0 keeps [3,4,5].
    assert state.hands[0] == [3, 4, 5, 6, 7, 8]
    assert state.hands[1] == [9, 10, 11, 15, 16, 17]
    assert state.hands[2] == [0, 1, 2, 12, 13, 14]


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("round_no", [1, 2, 3, 4])
def test_hand_assembly_all_counts_and_rounds(n: int, round_no: int) -> None:
    hands = _sample_hands(n)
    firsts = [h[:3] for h in hands]
    picks = [s % 2 for s in range(n)]
    state, _ = _run_draft(hands, round_no, firsts, picks)
    left = round_no in (1, 3)
    for seat in range(n):
        giver = (seat - 1) % n if left else (seat + 1) % n
        receiver = (seat + 1) % n if left else (seat - 1) % n
        own_sets = [hands[seat][:3], hands[seat][3:]]
        given_sets = [hands[giver][:3], hands[giver][3:]]
        kept = own_sets[1 - picks[receiver]]
        picked = given_sets[picks[seat]]
        assert state.hands[seat] == sorted(kept + picked), (n, round_no, seat)
    every = sorted(c for h in state.hands for c in h)
    assert every == sorted(c for h in hands for c in h)


def test_draft_is_simultaneous_and_pick_waits_for_all_splits() -> None:
    state = draft_state(_sample_hands(4), 1)
    state.apply(2, split_action([12, 13, 14], [15, 16, 17]))
    assert state.acting() == (0, 1, 3) and state.phase == "split"
    assert state.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="you already split your cards: waiting for"):
        state.apply(2, split_action([12, 13, 14], [15, 16, 17]))
    for seat in (0, 1, 3):
        state.apply(seat, split_action(_sample_hands(4)[seat][:3], _sample_hands(4)[seat][3:]))
    assert state.phase == "pick" and state.acting() == (0, 1, 2, 3)
    assert state.legal_actions(1) == [{"type": "pick", "set": 0}, {"type": "pick", "set": 1}]
    state.apply(1, {"type": "pick", "set": 1})
    assert state.acting() == (0, 2, 3)
    with pytest.raises(IllegalAction, match="you already picked a set: waiting for"):
        state.apply(1, {"type": "pick", "set": 0})


# -- visibility -----------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("round_no", [1, 2])
def test_each_seat_sees_exactly_the_two_stands_beside_it(n: int, round_no: int) -> None:
    hands = _sample_hands(n)
    state = draft_state(hands, round_no)
    step = 1 if round_no == 1 else -1
    all_events: list[dict] = []
    # Split step: before everyone has split, nobody sees any other split.
    for seat in range(n):
        all_events += state.apply(seat, split_action(hands[seat][:3], hands[seat][3:]))
        if seat < n - 1:
            for other in range(n):
                obs = state.observation(other)
                assert obs["split_done"] == [s <= seat for s in range(n)]
                shown = stand_cards(obs) | ints_in(obs["hand"])
                assert shown <= set(hands[other]), (other, seat)
    # Pick step: seat sees its own stand and the stand it received, no pick of others.
    for seat in range(n):
        all_events += state.apply(seat, {"type": "pick", "set": seat % 2})
        if seat < n - 1:
            obs0 = state.observation((seat + 1) % n)
            for view in obs0["stands"]:
                if view["receiver"] != obs0["seat"]:
                    assert view["picked"] is None
    for seat in range(n):
        left_of, right_of = (seat + step) % n, (seat - step) % n  # receiver, giver
        obs = state.observation(seat)
        assert obs["pass_to"] == left_of and obs["receive_from"] == right_of
        splitters = sorted(v["splitter"] for v in obs["stands"])
        assert splitters == sorted([seat, right_of])
        visible = set(hands[seat]) | set(hands[right_of])
        hidden = set(range(6 * n)) - visible
        assert not stand_cards(obs) & hidden
        assert not set(obs["hand"]) & hidden
        # ... and both sets of both stands beside it, exactly as they are.
        assert stand_cards(obs) == visible
        for view in obs["stands"]:
            assert view["sets"] == state.stands[view["splitter"]]
        known = obs["known_hands"]
        for other in range(n):
            if other == seat:
                assert known[other] == state.hands[seat]
            elif other in (left_of, right_of):
                assert len(known[other]) == 3 and set(known[other]) <= set(state.hands[other])
                assert set(known[other]) <= visible
            else:
                assert known[other] == []
        # Events: private ones reach only the two seats beside the stand.
        for event in visible_events(all_events, seat):
            cards = ints_in({k: event.get(k) for k in ("sets", "picked", "kept", "cards")})
            assert not cards & hidden, (seat, event)
        # ... and the seat is told both stands beside it, in full.
        passed = [e for e in visible_events(all_events, seat) if e["type"] == "stand_passed"]
        assert sorted(e["splitter"] for e in passed) == sorted([seat, right_of])
        assert ints_in([e["sets"] for e in passed]) == visible
        picked = [e for e in visible_events(all_events, seat) if e["type"] == "stand_picked"]
        assert sorted(e["splitter"] for e in picked) == sorted([seat, right_of])
        for event in all_events:
            if event["type"] == "stand_passed":
                assert event["to"] == sorted({event["splitter"], event["receiver"]})
            if event["type"] in ("split_made", "pick_made"):
                assert "set" not in event and "sets" not in event


@pytest.mark.parametrize("n", [3, 4, 5])
def test_stand_views_and_private_events_through_a_whole_game(n: int) -> None:
    """At every step of a game, each seat sees its own stand (once split) and the stand it
    received (once all split), exactly; picks only when it may know them; private events
    reach exactly the seats beside the stand, or the owner."""
    state = GAME.new_game(n, 40 + n)
    rng = Rng(n)
    while not state.is_over():
        for seat in range(n):
            views = {v["splitter"]: v for v in state.observation(seat)["stands"]}
            expected = set() if state.stands[seat] is None else {seat}
            if state.phase != "split":
                expected.add(state.giver(seat))
            assert set(views) == expected
            for splitter, view in views.items():
                assert view["sets"] == state.stands[splitter]
                assert view["receiver"] == state.receiver(splitter)
            if seat in views:  # the neighbour's pick on my stand: only once all have picked
                mine = views[seat]["picked"]
                after_picks = state.phase in ("play", "over")
                assert mine == (state.picks[state.receiver(seat)] if after_picks else None)
            if state.phase != "split":
                assert views[state.giver(seat)]["picked"] == state.picks[seat]
        seat = state.acting()[0]
        for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
            if event["type"] in ("stand_passed", "stand_picked"):
                assert event["to"] == sorted({event["splitter"], event["receiver"]})
                assert event["receiver"] == state.receiver(event["splitter"])
            elif event["type"] in ("dealt", "hand"):
                assert event["to"] == [event["seat"]]
            else:
                assert "to" not in event, event


def test_three_players_know_three_cards_of_both_other_hands() -> None:
    hands = _sample_hands(3)
    state, _ = _run_draft(hands, 1, [h[:3] for h in hands], picks=[0, 1, 0])
    obs = state.observation(0)
    # Seat 1 picked set 1 ([3,4,5]) from seat 0's stand; seat 0 picked set 0
    # ([12,13,14]) of seat 2's stand, so seat 2 kept [15,16,17].
    assert obs["known_hands"][1] == [3, 4, 5]
    assert obs["known_hands"][2] == [15, 16, 17]
    # The stand between seats 1 and 2 (seat 1's) is invisible to seat 0.
    assert not stand_cards(obs) & {6, 7, 8, 9, 10, 11}


def test_known_cards_shrink_as_they_are_played() -> None:
    hands = _sample_hands(3)
    state, _ = _run_draft(hands, 1, [h[:3] for h in hands], picks=[0, 1, 0])
    state.leader = state.turn = 1
    state.apply(1, {"type": "play", "card": 3})
    assert state.observation(0)["known_hands"][1] == [4, 5]


def test_splitter_sees_pick_on_own_stand_only_after_all_picked() -> None:
    hands = _sample_hands(4)
    state = draft_state(hands, 1)
    for seat in range(4):
        state.apply(seat, split_action(hands[seat][:3], hands[seat][3:]))
    events = state.apply(1, {"type": "pick", "set": 1})  # seat 1 picks from seat 0's stand
    assert events == [{"type": "pick_made", "seat": 1}]
    own = next(v for v in state.observation(0)["stands"] if v["splitter"] == 0)
    assert own["picked"] is None
    received = next(v for v in state.observation(1)["stands"] if v["receiver"] == 1)
    assert received["picked"] == 1
    for seat in (0, 2, 3):
        state.apply(seat, {"type": "pick", "set": 0})
    own = next(v for v in state.observation(0)["stands"] if v["splitter"] == 0)
    assert own["picked"] == 1


# -- scoring ---------------------------------------------------------------------------
def test_scoring_is_highest_times_count_per_suit_trump_included() -> None:
    won = [S(12), S(3), M(5), T(2), T(6)]
    assert score_of(won) == 12 * 2 + 5 * 1 + 6 * 2
    rows = score_breakdown(won)
    assert rows[SUNS] == {"suit": SUNS, "highest": 12, "count": 2, "points": 24}
    assert rows[TRUMP] == {"suit": TRUMP, "highest": 6, "count": 2, "points": 12}
    assert rows[WAVES]["points"] == 0
    assert score_of([]) == 0
    assert score_of([L(1), L(2), L(3)]) == 9


def test_observation_shows_running_scores_with_breakdown() -> None:
    state = play_state([[S(1)], [S(2)], [S(3)]])
    state.won = [[S(12), S(1)], [T(3)], []]
    obs = state.observation(2)
    assert obs["scores"] == [24, 3, 0]
    assert obs["score_breakdown"][0][SUNS]["points"] == 24
    assert obs["score_breakdown"][1][TRUMP] == {
        "suit": TRUMP,
        "highest": 3,
        "count": 1,
        "points": 3,
    }
    assert obs["cards_won"] == [2, 1, 0]


def _over_state(won: list[list[int]]) -> TrickOfTripState:
    state = play_state([[] for _ in won])
    state.won = won
    state.phase = "over"
    return state


def test_winner_highest_score_then_most_cards_then_shared() -> None:
    assert _over_state([[S(12)], [M(5)], [L(3)]]).winners() == [0]
    # 12 points from one card against 12 points (6 x 2) from two cards: more cards wins.
    assert _over_state([[S(12)], [M(6), M(1)], [L(3)]]).winners() == [1]
    assert _over_state([[S(12)], [M(12)], [L(3)]]).winners() == [0, 1]
    assert play_state([[S(1)], [S(2)], [S(3)]]).winners() == []


# -- rounds: lead, reshuffle, end ---------------------------------------------------------
def _last_trick_state(won: list[list[int]], round_no: int, last: list[int]) -> TrickOfTripState:
    """The sixth trick of a round: each seat holds one card (`last`), leader seat 0."""
    state = play_state([[c] for c in last], leader=0, round_no=round_no)
    state.won = [list(w) for w in won]
    filler = {"cards": [], "winner": 0, "card": -1, "reason": ""}
    state.round_tricks = [dict(filler) for _ in range(5)]
    taken = {c for w in won for c in w} | set(last)
    state.discards = [c for c in range(DECK_SIZE) if c not in taken][:10]
    state.deck = [c for c in range(DECK_SIZE) if c not in taken and c not in state.discards]
    return state


def test_lowest_score_leads_next_round() -> None:
    state = _last_trick_state([[S(12)], [M(3)], [L(9)]], 1, [W(1), W(5), W(6)])
    events = play_trick(state, [W(1), W(5), W(6)])  # seat 0 wins W1: scores 13, 3, 9
    assert state.round == 2 and state.phase == "split"
    assert state.round_lead == {"seat": 1, "reason": LEAD_LOWEST, "tied": []}
    assert state.observation(0)["round_lead"]["seat"] == 1
    start = next(e for e in events if e["type"] == "round_start")
    assert start["lead"]["seat"] == 1 and start["direction"] == "right"
    assert state.round_results == [[13, 3, 9]]
    # After the draft, seat 1 leads the first trick.
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    for seat in range(3):
        state.apply(seat, {"type": "pick", "set": 0})
    assert state.phase == "play" and state.acting() == (1,)


def test_lowest_score_tie_is_broken_at_random_with_the_seed() -> None:
    chosen = set()
    for seed in range(30):
        state = _last_trick_state([[S(12)], [M(3)], [L(3)]], 1, [W(1), W(5), W(6)])
        state.rng = Rng(seed)
        play_trick(state, [W(1), W(5), W(6)])  # scores 13, 3, 3: seats 1 and 2 tie
        lead = state.round_lead
        assert lead["reason"] == LEAD_TIE and lead["tied"] == [1, 2]
        assert lead["seat"] in (1, 2)
        chosen.add(lead["seat"])
        again = _last_trick_state([[S(12)], [M(3)], [L(3)]], 1, [W(1), W(5), W(6)])
        again.rng = Rng(seed)
        play_trick(again, [W(1), W(5), W(6)])
        assert again.round_lead == lead
    assert chosen == {1, 2}


def test_first_round_lead_is_random_and_seeded() -> None:
    leads = set()
    for seed in range(40):
        state = GAME.new_game(4, seed)
        assert state.round_lead["reason"] == LEAD_RANDOM_FIRST
        assert state.round_lead == GAME.new_game(4, seed).round_lead
        leads.add(state.round_lead["seat"])
    assert leads == {0, 1, 2, 3}


def test_between_rounds_deck_and_discards_are_reshuffled_but_won_cards_stay_out() -> None:
    won = [[S(12)], [M(3)], [L(9)]]
    state = _last_trick_state(won, 1, [W(1), W(5), W(6)])
    old_discards = set(state.discards) | {W(5), W(6)}
    play_trick(state, [W(1), W(5), W(6)])
    assert state.discards == []
    in_play = state.deck + [c for h in state.hands for c in h]
    assert sorted(in_play) == sorted(set(range(DECK_SIZE)) - {S(12), M(3), L(9), W(1)})
    assert old_discards <= set(in_play)
    assert all(len(h) == 6 for h in state.hands)


def test_reshuffle_is_random_across_seeds() -> None:
    first_hands = set()
    for seed in range(5):
        state = _last_trick_state([[S(12)], [M(3)], [L(9)]], 1, [W(1), W(5), W(6)])
        state.rng = Rng(seed)
        play_trick(state, [W(1), W(5), W(6)])
        first_hands.add(tuple(state.hands[0]))
    assert len(first_hands) > 1


def test_directions_alternate_left_right_left_right() -> None:
    state = GAME.new_game(5, 3)
    directions = []
    for round_no in range(1, 5):
        state.round = round_no
        obs = state.observation(2)
        directions.append((obs["direction"], obs["pass_to"], obs["receive_from"]))
    assert directions == [("left", 3, 1), ("right", 1, 3), ("left", 3, 1), ("right", 1, 3)]


def test_game_ends_after_the_fourth_round_with_winners() -> None:
    state = _last_trick_state([[S(12)], [M(3)], [L(9)]], 4, [W(1), W(5), W(6)])
    events = play_trick(state, [W(1), W(5), W(6)])
    assert state.is_over() and state.acting() == ()
    assert state.winners() == [0]
    over = next(e for e in events if e["type"] == "game_over")
    assert over["winners"] == [0] and over["scores"] == [13, 3, 9]
    assert state.observation(1)["winners"] == [0]


def test_a_full_game_has_four_rounds_of_six_tricks() -> None:
    state = GAME.new_game(5, 11)
    rng = Rng(4)
    trick_events = 0
    while not state.is_over():
        seat = state.acting()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        trick_events += sum(e["type"] == "trick_won" for e in events)
    assert trick_events == 24
    assert sum(len(w) for w in state.won) == 24
    assert len(state.round_results) == 4


# -- resample -------------------------------------------------------------------------
def _check_consistent(sample: TrickOfTripState) -> None:
    """Card conservation; stands hold the drawn cards (draft) or match hands + plays (tricks)."""
    cards = sample.deck + sample.discards + [c for w in sample.won for c in w]
    cards += [c for _, c in sample.trick] + [c for h in sample.hands for c in h]
    assert sorted(cards) == list(range(DECK_SIZE))
    n = sample.num_players
    if sample.phase in ("split", "pick"):
        for s in range(n):
            if sample.stands[s] is not None:
                assert sorted(sample.stands[s][0] + sample.stands[s][1]) == sample.hands[s]
    if sample.phase == "play":
        played: list[list[int]] = [[] for _ in range(n)]
        for record in [*sample.round_tricks, {"cards": sample.trick}]:
            for s, c in record["cards"]:
                played[s].append(c)
        for s in range(n):
            draft = sorted(sample.kept_set(s) + sample.picked_set(s))
            assert draft == sorted(sample.hands[s] + played[s])


@pytest.mark.parametrize("n", [3, 4, 5])
def test_resample_keeps_draft_knowledge_play_and_voids(n: int) -> None:
    rng = Rng(n)
    for seed in range(3):
        state = GAME.new_game(n, seed)
        while not state.is_over():
            for observer in range(n):
                sample = state.resample(observer, rng)
                assert sample.observation(observer) == state.observation(observer)
                _check_consistent(sample)
                if sample.phase == "play":
                    voids = state._voids()
                    for s in range(n):
                        if s != observer:
                            assert not {suit_of(c) for c in sample.hands[s]} & set(voids[s])
            seat = state.acting()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_resample_redraws_hidden_pending_split_and_pick() -> None:
    hands = _sample_hands(4)
    state = draft_state(hands, 1)
    state.apply(1, split_action(hands[1][:3], hands[1][3:]))
    samples = [state.resample(0, Rng(k)) for k in range(10)]
    assert {json.dumps(s.stands[1]) for s in samples} != {json.dumps(state.stands[1])}
    for sample in samples:
        assert sample.stands[0] is None and sample.hands[0] == state.hands[0]
        assert sorted(sample.stands[1][0] + sample.stands[1][1]) == sample.hands[1]
    for seat in (0, 2, 3):
        state.apply(seat, split_action(hands[seat][:3], hands[seat][3:]))
    state.apply(1, {"type": "pick", "set": 1})  # seat 1 picks from seat 0's stand (hidden)
    picks = {state.resample(0, Rng(k)).picks[1] for k in range(20)}
    assert picks == {0, 1}
    # Seat 1 sees its own pick and the stands beside it: those never change for seat 1.
    for k in range(10):
        sample = state.resample(1, Rng(k))
        assert sample.picks[1] == 1
        assert sample.stands[0] == state.stands[0] and sample.stands[1] == state.stands[1]
        assert sample.stands[2] != state.stands[2] or sample.stands[3] != state.stands[3]


def test_resample_in_trick_phase_keeps_known_neighbour_cards() -> None:
    hands = _sample_hands(5)
    state, _ = _run_draft(hands, 1, [h[:3] for h in hands], picks=[0, 1, 0, 1, 0])
    known = state.observation(0)["known_hands"]
    for k in range(10):
        sample = state.resample(0, Rng(k))
        assert sample.hands[0] == state.hands[0]
        for s in (1, 4):
            assert set(known[s]) <= set(sample.hands[s])
        assert sample.stands[0] == state.stands[0] and sample.stands[4] == state.stands[4]
        _check_consistent(sample)


def test_observations_and_events_share_no_lists_with_the_state() -> None:
    hands = _sample_hands(3)
    state, events = _run_draft(hands, 1, [h[:3] for h in hands], picks=[0, 1, 0])
    for _ in range(3):
        events += state.apply(state.turn, state.legal_actions(state.turn)[0])
    before = json.dumps(state.to_json(), sort_keys=True)
    obs = state.observation(0)
    for value in [obs, events]:
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
                item.append(999)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_numbers_written_as_floats_or_bools_are_refused() -> None:
    """1.0 and true equal 1 in Python; stored, they would break a save. Each is refused with
    a clear message and changes nothing."""
    state = GAME.new_game(3, 3)
    sets = state.legal_actions(0)[0]["sets"]
    floats = [[float(c) for c in half] for half in sets]
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="wrong type"):
        state.apply(0, {"type": "split", "sets": floats})
    for seat in range(3):
        state.apply(seat, state.legal_actions(seat)[0])
    picking = json.dumps(state.to_json(), sort_keys=True)
    for bad in (1.0, True):
        wanted = re.escape("wrong type: the move is {'type': 'pick', 'set': 1}")
        with pytest.raises(IllegalAction, match=wanted):
            state.apply(0, {"type": "pick", "set": bad})
    assert json.dumps(state.to_json(), sort_keys=True) == picking != before


def _winning_as_played(state: TrickOfTripState, cards: list[int]) -> list[list[int | None]]:
    """Play `cards` (one trick) and read every seat's `trick_winning` after each card but the
    last (the last ends the trick)."""
    seen = []
    for card in cards[:-1]:
        state.apply(state.turn, {"type": "play", "card": card})
        seen.append([state.observation(s)["trick_winning"] for s in range(state.num_players)])
    state.apply(state.turn, {"type": "play", "card": cards[-1]})
    return seen


def test_the_observation_says_who_is_winning_the_trick_in_play() -> None:
    """`trick_winning` (every seat sees the played cards): the same rule as the trick's end,
    low cards win, a trump beats the led suit, a 7 beats trumps; None between tricks."""
    state = play_state([[S(5), S(1)], [S(3), M(2)], [T(4), L(6)], [S(7), W(2)]])
    assert state.observation(0)["trick_winning"] is None
    # A lower Sun takes the lead; a trump beats any Sun; a 7 played after a trump wins.
    assert _winning_as_played(state, [S(5), S(3), T(4), S(7)]) == [[0] * 4, [1] * 4, [2] * 4]
    assert state.last_trick["winner"] == 3 and state.last_trick["reason"] == WIN_FIRST_SEVEN
    assert state.observation(1)["trick_winning"] is None

    # A 7 of the led suit before any trump is just a high card; once a trump falls, it wins.
    state = play_state([[S(7), S(8)], [S(2), M(2)], [T(1), L(6)]])
    assert _winning_as_played(state, [S(7), S(2), T(1)]) == [[0] * 3, [1] * 3]
    assert state.last_trick["winner"] == 0

    # An off-suit, non-trump card never wins; the lowest of two trumps does.
    state = play_state([[M(9), M(1)], [T(5), W(1)], [L(1), W(4)], [T(2), W(6)]])
    assert _winning_as_played(state, [M(9), T(5), L(1), T(2)]) == [[0] * 4, [1] * 4, [1] * 4]
    assert state.last_trick["winner"] == 3 and state.last_trick["reason"] == WIN_LOWEST_TRUMP


# -- the fast paths agree with the rules in plain form ------------------------------------
def _plain_trick_winner(trick: list[list[int]]) -> tuple[int, str]:
    """`trick_winner` as the rules say it (the one-pass version must agree)."""
    if any(suit_of(c) == TRUMP for _, c in trick):
        for seat, card in trick:
            if card < 48 and rank_of(card) == 7:
                return seat, WIN_FIRST_SEVEN
        trumps = [pair for pair in trick if suit_of(pair[1]) == TRUMP]
        return min(trumps, key=lambda p: p[1])[0], WIN_LOWEST_TRUMP
    led = suit_of(trick[0][1])
    following = [pair for pair in trick if suit_of(pair[1]) == led]
    return min(following, key=lambda p: p[1])[0], WIN_LOWEST_LED


def _plain_playable(hand: list[int], led: int | None) -> list[int]:
    """`playable_cards` as the rules say it: follow the led suit (a trump may stand in for
    a plain suit); holding none of it, play anything."""
    following = [c for c in hand if suit_of(c) == led]
    if led is None or not following:
        return list(hand)
    return following if led == TRUMP else [c for c in hand if suit_of(c) in (led, TRUMP)]


def test_trick_winner_and_playable_cards_agree_with_the_plain_rules() -> None:
    rng = Rng(41)
    for _ in range(4000):
        cards = list(range(DECK_SIZE))
        rng.shuffle(cards)
        size = 1 + rng.below(5)
        seats = [-1] + list(range(size))  # -1: the bot's stand-in seat when it probes
        rng.shuffle(seats)
        trick = [[seats[i], cards[i]] for i in range(size)]
        assert trick_winner(trick) == _plain_trick_winner(trick), trick
        hand = sorted(cards[size : size + 1 + rng.below(6)])
        for led in [None, 0, 1, 2, 3, TRUMP]:
            assert playable_cards(hand, led) == _plain_playable(hand, led), (hand, led)


def test_all_splits_lists_every_choice_of_two_cards_beside_the_lowest() -> None:
    rng = Rng(7)
    for _ in range(200):
        cards = list(range(DECK_SIZE))
        rng.shuffle(cards)
        hand = cards[:6]
        low, rest = min(hand), sorted(hand)[1:]
        expected = []
        for i in range(5):
            for j in range(i + 1, 5):
                first = [low, rest[i], rest[j]]
                expected.append([first, [c for c in rest if c not in first]])
        assert all_splits(hand) == expected


def test_clone_is_the_contract_copy_sharing_only_the_records() -> None:
    """The game's own `clone` gives what the contract's generic one does, and shares
    nothing with the original but the records never changed once made: those of the
    APPEND_ONLY fields (as the generic clone does) and `last_trick` (one of the round's
    tricks, or the previous round's last)."""
    records = ("last_trick", *TrickOfTripState.APPEND_ONLY)
    for n in (3, 4, 5):
        state = GAME.new_game(n, n)
        rng = Rng(n)
        while state.acting():
            copy, generic = state.clone(), State.clone(state)
            assert set(copy.__dict__) == set(generic.__dict__) == set(state.__dict__)
            assert copy.to_json() == generic.to_json() == state.to_json()
            fields = [name for name in state._fields() if name not in records]
            ours, theirs = [getattr(copy, f) for f in fields], [getattr(state, f) for f in fields]
            assert not containers(ours) & containers(theirs)
            for name in TrickOfTripState.APPEND_ONLY:
                assert getattr(copy, name) is not getattr(state, name)
            seat = rng.choice(state.acting())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.quiet = True
    assert state.clone().quiet is True
