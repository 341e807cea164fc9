"""Magic Trick (Chris Wray): hand-built scenarios for every rule, visibility, and the kit."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
from conformance import conformance_suite

import pygame_rules
from pygame_rules import IllegalAction, Rng
from pygame_rules.magic_trick_wray import (
    DECK_SIZE,
    HAND_SIZE,
    HANDS_PER_GAME,
    HEARTS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    MagicTrickWrayState,
    card_name,
    hand_points,
    make_card,
    rank_of,
    suit_of,
    trick_reason,
    trick_winner,
)

TestConformance = conformance_suite("magic-trick-wray", seeds=6)

GAME = pygame_rules.get_game("magic-trick-wray")
STARS, SPADES, MOONS, DIAMONDS, CLUBS, TRIANGLES = 0, 1, 2, 4, 5, 6


def ST(rank: int) -> int:
    return make_card(STARS, rank)


def SP(rank: int) -> int:
    return make_card(SPADES, rank)


def MO(rank: int) -> int:
    return make_card(MOONS, rank)


def HE(rank: int) -> int:
    return make_card(HEARTS, rank)


def DI(rank: int) -> int:
    return make_card(DIAMONDS, rank)


def CL(rank: int) -> int:
    return make_card(CLUBS, rank)


def TR(rank: int) -> int:
    return make_card(TRIANGLES, rank)


def hand_state(
    rows: list[list[int]], leader: int = 0, prestige: bool = True, seed: int = 1
) -> MagicTrickWrayState:
    """A state at the start of a hand with these rows (any equal length, sorted here by rank
    keeping the given order among equal ranks), `leader` to lead."""
    state = GAME.new_game(4, seed, {"prestige": prestige})
    state.rows = [sorted(r, key=rank_of) for r in rows]
    state.status = [[0] * len(r) for r in rows]
    state.sleeve = [-1] * 4
    state.tricks_won = [0] * 4
    state.suit_masks = [0] * 4
    state.trick = []
    state.trick_number = 1
    state.last_trick = None
    state.leader = state.turn = leader
    state.dealer = (leader - 1) % 4
    state.phase = "play"
    return state


def pos_of(state: MagicTrickWrayState, seat: int, card: int) -> int:
    return state.rows[seat].index(card)


def play(state: MagicTrickWrayState, seat: int, card: int, then: str | int | None = "pass"):
    """Seat plays `card` (by its position), then passes (or takes the forced sleeve), sleeves
    card `then`, or (then=None) stops before that choice."""
    events = state.apply(seat, {"type": "play", "pos": pos_of(state, seat, card)})
    if state.phase == "sleeve" and then is not None:
        if then == "pass" and state.sleeve_forced():
            events += state.apply(seat, state.legal_actions(seat)[0])
        elif then == "pass":
            events += state.apply(seat, {"type": "pass"})
        else:
            events += state.apply(seat, {"type": "sleeve", "pos": pos_of(state, seat, then)})
    return events


def random_game(seed: int, prestige: bool = True) -> tuple[MagicTrickWrayState, list[dict]]:
    state = GAME.new_game(4, seed, {"prestige": prestige})
    rng = Rng(seed + 99)
    events: list[dict] = []
    while not state.is_over():
        seat = state.acting()[0]
        events += state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state, events


# -- components and deal ---------------------------------------------------------------
def test_cards_suits_and_names() -> None:
    assert DECK_SIZE == 56 and HAND_SIZE == 14
    assert SUIT_NAMES == ["Stars", "Spades", "Moons", "Hearts", "Diamonds", "Clubs", "Triangles"]
    assert SUIT_SYMBOLS == ["★", "♠", "☾", "♥", "♦", "♣", "▲"]
    assert {(suit_of(c), rank_of(c)) for c in range(56)} == {
        (s, r) for s in range(7) for r in range(8)
    }
    assert card_name(MO(5)) == "5 of Moons"
    assert card_name(HE(2)) == "2 of Hearts (trump)"
    assert GAME.min_players == GAME.max_players == 4
    assert [o.name for o in GAME.options] == ["prestige"] and GAME.options[0].default is True


def test_deal_gives_fourteen_sorted_cards_each_and_the_whole_deck() -> None:
    for seed in range(10):
        state = GAME.new_game(4, seed)
        assert sorted(c for row in state.rows for c in row) == list(range(DECK_SIZE))
        for row in state.rows:
            assert len(row) == HAND_SIZE
            ranks = [rank_of(c) for c in row]
            assert ranks == sorted(ranks)


def test_equal_ranks_are_in_random_order_never_by_suit() -> None:
    ascending = descending = 0
    for seed in range(30):
        for row in GAME.new_game(4, seed).rows:
            for a, b in itertools.pairwise(row):
                if rank_of(a) == rank_of(b):
                    ascending += suit_of(a) < suit_of(b)
                    descending += suit_of(a) > suit_of(b)
    assert ascending > 50 and descending > 50
    assert 0.35 < ascending / (ascending + descending) < 0.65


def test_left_of_dealer_leads_and_the_dealer_rotates_each_hand() -> None:
    state, events = random_game(3)
    deals = [e for e in events if e["type"] == "deal"]
    first = GAME.new_game(4, 3)
    dealers = [first.dealer] + [e["dealer"] for e in deals]
    assert dealers == [(first.dealer + k) % 4 for k in range(4)]
    assert first.leader == first.turn == (first.dealer + 1) % 4
    assert all(e["leader"] == (e["dealer"] + 1) % 4 for e in deals)
    assert [r["dealer"] for r in state.score_sheet] == dealers
    # Each player leads the first trick of exactly one hand.
    assert sorted((d + 1) % 4 for d in dealers) == [0, 1, 2, 3]


def test_first_dealer_comes_from_the_seeded_generator() -> None:
    dealers = {GAME.new_game(4, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert GAME.new_game(4, 5).dealer == GAME.new_game(4, 5).dealer


def test_a_game_is_four_hands_of_thirteen_tricks() -> None:
    state, events = random_game(8)
    assert state.is_over() and state.acting() == ()
    assert [r["hand"] for r in state.score_sheet] == [1, 2, 3, 4]
    tricks = [e for e in events if e["type"] == "trick"]
    assert len(tricks) == 52
    for record in state.score_sheet:
        assert sum(r["tricks"] for r in record["results"]) == 13
    assert state.scores() == [
        sum(rec["results"][s]["points"] for rec in state.score_sheet) for s in range(4)
    ]


# -- moves ---------------------------------------------------------------------------------
def test_moves_name_positions_not_ranks() -> None:
    state = GAME.new_game(4, 2)
    leader = state.acting()[0]
    assert state.legal_actions(leader) == [{"type": "play", "pos": p} for p in range(14)]
    with pytest.raises(IllegalAction, match="position"):
        state.apply(leader, {"type": "play", "pos": 14})
    wanted = re.escape("no 'card': it is written like {'type': 'play', 'pos'")
    with pytest.raises(IllegalAction, match=wanted):
        state.apply(leader, {"type": "play", "card": 3})
    with pytest.raises(IllegalAction, match="position in your row"):
        state.apply(leader, {"type": "play", "pos": "3"})


def test_must_follow_the_led_suit_when_able() -> None:
    rows = [
        [MO(1), SP(2), HE(3)],
        [SP(0), MO(4), HE(5)],
        [ST(1), DI(2), HE(6)],
        [MO(0), MO(2), CL(3)],
    ]
    state = hand_state(rows, leader=0)
    play(state, 0, MO(1))
    assert state.legal_actions(1) == [{"type": "play", "pos": 1}]
    with pytest.raises(IllegalAction, match="you must follow suit: you hold a Moons card"):
        state.apply(1, {"type": "play", "pos": 2})
    play(state, 1, MO(4))
    # Void in Moons: any card, hearts included.
    assert state.legal_actions(2) == [{"type": "play", "pos": p} for p in range(3)]
    play(state, 2, DI(2))
    assert state.legal_actions(3) == [{"type": "play", "pos": 0}, {"type": "play", "pos": 1}]


def test_hearts_may_be_led_at_any_time() -> None:
    rows = [
        [HE(0), SP(2), SP(3)],
        [SP(0), MO(4), HE(5)],
        [ST(1), DI(2), HE(6)],
        [MO(0), MO(2), CL(3)],
    ]
    state = hand_state(rows, leader=0)
    assert {"type": "play", "pos": 0} in state.legal_actions(0)


# -- trick winner --------------------------------------------------------------------------
def test_trick_winner_pure_function() -> None:
    assert trick_winner([[0, SP(7)], [1, HE(0)], [2, SP(6)], [3, ST(7)]]) == 1
    assert trick_winner([[0, SP(0)], [1, ST(7)], [2, DI(7)], [3, TR(7)]]) == 0
    assert trick_winner([[0, HE(2)], [1, HE(6)], [2, HE(4)], [3, SP(7)]]) == 1
    assert trick_winner([[2, MO(3)], [3, MO(5)], [0, MO(4)], [1, CL(7)]]) == 3


def test_a_heart_beats_the_highest_led_card() -> None:
    rows = [[SP(7), ST(0)], [HE(0), ST(1)], [SP(6), ST(2)], [SP(5), ST(3)]]
    state = hand_state(rows, leader=0)
    for seat in range(4):
        play(state, seat, rows[seat][0], then=rows[seat][1])
    assert state.last_trick["winner"] == 1
    assert state.score_sheet[-1]["results"][1]["tricks"] == 1


def test_an_off_suit_non_heart_never_wins() -> None:
    rows = [[SP(0), ST(0)], [ST(7), ST(1)], [DI(7), ST(2)], [TR(7), ST(3)]]
    state = hand_state(rows, leader=0)
    for seat in range(4):
        play(state, seat, rows[seat][0], then=rows[seat][1])
    assert state.last_trick["winner"] == 0


def test_the_highest_heart_wins_and_the_winner_leads_next() -> None:
    rows = [
        [MO(1), HE(2), ST(0)],
        [MO(0), HE(6), ST(1)],
        [DI(0), HE(4), ST(2)],
        [HE(1), HE(5), ST(3)],
    ]
    state = hand_state(rows, leader=0)
    play(state, 0, MO(1), then=ST(0))
    play(state, 1, MO(0), then=ST(1))
    play(state, 2, DI(0), then=ST(2))
    play(state, 3, HE(1), then=ST(3))
    assert state.last_trick["winner"] == 3 and state.acting() == (3,)
    assert state.leader == 3
    play(state, 3, HE(5))
    play(state, 0, HE(2))
    play(state, 1, HE(6))
    play(state, 2, HE(4))
    assert state.score_sheet[-1]["results"][1]["tricks"] == 1


# -- the sleeve ------------------------------------------------------------------------------
def test_after_playing_a_player_may_sleeve_a_hidden_card_or_pass() -> None:
    rows = [[SP(1), ST(2), DI(3), HE(4)] for _ in range(4)]
    rows = [
        [SP(1), ST(2), DI(3), HE(4)],
        [SP(2), ST(3), DI(4), HE(5)],
        [SP(3), ST(4), DI(5), HE(6)],
        [SP(4), ST(5), DI(6), HE(7)],
    ]
    state = hand_state(rows, leader=0)
    state.apply(0, {"type": "play", "pos": 0})
    assert state.phase == "sleeve" and state.acting() == (0,)
    assert state.legal_actions(0) == [
        {"type": "sleeve", "pos": 1},
        {"type": "sleeve", "pos": 2},
        {"type": "sleeve", "pos": 3},
        {"type": "pass"},
    ]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="now sleeve a hidden card or pass"):
        state.apply(0, {"type": "play", "pos": 1})
    with pytest.raises(IllegalAction, match="already been played"):
        state.apply(0, {"type": "sleeve", "pos": 0})
    state.apply(0, {"type": "pass"})
    assert state.phase == "play" and state.acting() == (1,)
    with pytest.raises(IllegalAction, match="play a card into the trick first"):
        state.apply(1, {"type": "sleeve", "pos": 1})


def test_a_player_who_sleeves_on_trick_one_is_never_asked_again() -> None:
    rows = [
        [SP(1), ST(2), DI(3), HE(4)],
        [SP(2), ST(3), DI(4), HE(5)],
        [SP(3), ST(4), DI(5), HE(6)],
        [SP(4), ST(5), DI(6), HE(7)],
    ]
    state = hand_state(rows, leader=0)
    events = play(state, 0, SP(1), then=DI(3))
    sleeve_event = next(e for e in events if e["type"] == "sleeve")
    assert sleeve_event == {
        "type": "sleeve",
        "seat": 0,
        "pos": 2,
        "card": DI(3),
        "suit": DIAMONDS,
        "rank": 3,
        "forced": False,
    }
    assert state.observation(1)["bids"] == [3, None, None, None]
    assert state.observation(1)["sleeves"][0] == {"pos": 2, "suit": DIAMONDS, "rank": 3}
    play(state, 1, SP(2))
    play(state, 2, SP(3))
    play(state, 3, SP(4))  # seat 3 wins the spade trick and leads
    play(state, 3, DI(6))
    # The sleeved diamond is never played: seat 0 is treated as void in diamonds.
    assert state.legal_actions(0) == [{"type": "play", "pos": 1}, {"type": "play", "pos": 3}]
    with pytest.raises(IllegalAction, match="up your sleeve"):
        state.apply(0, {"type": "play", "pos": 2})
    play(state, 0, ST(2))
    assert state.phase == "play" and state.acting() == (1,)  # no sleeve choice for seat 0
    play(state, 1, DI(4))
    play(state, 2, DI(5))  # seat 3's Diamonds 6 wins; it leads
    play(state, 3, HE(7))
    for move in ({"type": "sleeve", "pos": 3}, {"type": "pass"}):
        with pytest.raises(IllegalAction, match="already have a card up your sleeve"):
            state.apply(0, move)


def test_the_fourth_player_sleeves_before_the_trick_resolves() -> None:
    rows = [
        [SP(1), ST(2), DI(3)],
        [SP(2), ST(3), DI(4)],
        [SP(3), ST(4), DI(5)],
        [SP(4), ST(5), DI(6)],
    ]
    state = hand_state(rows, leader=0)
    for seat in range(3):
        play(state, seat, rows[seat][0], then=rows[seat][2])
    play(state, 3, SP(4), then=None)
    assert state.phase == "sleeve" and state.acting() == (3,)
    assert len(state.trick) == 4 and state.tricks_won == [0, 0, 0, 0]
    obs = state.observation(0)
    assert len(obs["trick"]) == 4 and obs["last_trick"] is None
    events = state.apply(3, {"type": "sleeve", "pos": 2})
    assert [e["type"] for e in events] == ["sleeve", "trick"]
    assert state.tricks_won == [0, 0, 0, 1] and state.trick == []


def test_the_last_hidden_card_must_go_up_the_sleeve() -> None:
    rows = [[SP(1), ST(2)], [SP(2), ST(3)], [SP(3), ST(4)], [SP(4), ST(5)]]
    state = hand_state(rows, leader=0)
    events = state.apply(0, {"type": "play", "pos": 0})
    assert events[-1] == {"type": "forced_sleeve", "seat": 0}
    assert state.legal_actions(0) == [{"type": "sleeve", "pos": 1}]
    assert state.observation(2)["forced_sleeve"] is True
    with pytest.raises(IllegalAction, match="must go up your sleeve"):
        state.apply(0, {"type": "pass"})
    with pytest.raises(IllegalAction, match="now your last hidden card goes up your sleeve"):
        state.apply(0, {"type": "play", "pos": 1})
    events = state.apply(0, {"type": "sleeve", "pos": 1})
    assert events[0]["forced"] is True
    assert state.observation(2)["forced_sleeve"] is False


def test_forced_sleeve_in_a_full_hand_comes_with_the_thirteenth_card() -> None:
    state = GAME.new_game(4, 4)
    sleeved: dict[int, int] = {}
    while state.hand_number == 1:
        seat = state.acting()[0]
        legal = state.legal_actions(seat)
        if state.phase == "sleeve":
            hidden = state.hidden_positions(seat)
            if len(hidden) == 1:
                assert legal == [{"type": "sleeve", "pos": hidden[0]}]
                assert state.trick_number == 13
                action = legal[0]
            else:
                assert legal[-1] == {"type": "pass"}
                action = {"type": "pass"}
        else:
            action = legal[0]
        for event in state.apply(seat, action):
            if event["type"] == "sleeve":
                assert event["forced"] is True
                sleeved[event["seat"]] = event["rank"]
    assert [r["bid"] for r in state.score_sheet[0]["results"]] == [sleeved[s] for s in range(4)]


# -- scoring -----------------------------------------------------------------------------------
def test_hand_points_pure_function() -> None:
    assert hand_points(3, 3, 2, True) == (3, False)
    assert hand_points(3, 3, 3, True) == (5, True)
    assert hand_points(3, 1, 1, True) == (-2, False)
    assert hand_points(3, 5, 3, True) == (-2, False)
    assert hand_points(0, 0, 0, True) == (5, True)
    assert hand_points(0, 0, 0, False) == (3, False)
    assert hand_points(7, 0, 0, True) == (-7, False)


LAST_TRICK = [SP(7), SP(1), SP(2), SP(3)]


def end_of_hand_state(prestige: bool = True) -> MagicTrickWrayState:
    """Last trick of a hand: rows of 2, everybody has played all but this trick.

    Each seat plays LAST_TRICK[seat]; its other card is forced up its sleeve.
    """
    rows = [
        [SP(7), HE(0)],  # seat 0: wins the spade trick, bid 0
        [SP(1), DI(3)],  # seat 1: bid 3
        [SP(2), CL(3)],  # seat 2: bid 3
        [SP(3), MO(1)],  # seat 3: bid 1
    ]
    state = hand_state(rows, leader=0, prestige=prestige)
    state.hand_number = 2
    state.totals = [10, 10, 10, 10]
    return state


def test_scoring_bids_made_missed_and_the_prestige_bonus() -> None:
    state = end_of_hand_state()
    # Before the last trick: seat 0 has no trick yet, seat 1 one, seat 2 five, seat 3 one.
    state.tricks_won = [0, 1, 5, 1]
    state.suit_masks = [0, 0b1, 0b111, 0b1000]
    for seat in range(4):
        play(state, seat, LAST_TRICK[seat])  # the other card is forced up the sleeve
    results = state.score_sheet[-1]["results"]
    # Seat 0 took the last trick with its 7 of Spades: 1 trick, bid 0 -> -1.
    assert [r["bid"] for r in results] == [0, 3, 3, 1]
    assert [r["tricks"] for r in results] == [1, 1, 5, 1]
    assert results[0]["points"] == -1
    assert results[1]["points"] == -2  # bid 3, took 1
    assert results[2]["points"] == -2  # bid 3, took 5
    # Seat 3: bid 1, 1 trick, suits taken = {Hearts}: 1 suit -> 3 + 2.
    assert results[3] == {
        "seat": 3,
        "bid": 1,
        "tricks": 1,
        "suits": 1,
        "made": True,
        "prestige": True,
        "points": 5,
        "total": 15,
    }
    assert state.scores() == [9, 8, 8, 15]
    assert state.prestige_counts == [0, 0, 0, 1]


def test_bid_zero_made_takes_zero_suits_and_scores_five() -> None:
    rows = [[SP(0), HE(0)], [SP(1), DI(1)], [SP(2), CL(4)], [SP(3), MO(1)]]
    state = hand_state(rows, leader=0)
    state.tricks_won = [0, 1, 4, 0]
    for seat in range(4):
        play(state, seat, rows[seat][0])
    results = state.score_sheet[-1]["results"]
    assert results[0]["bid"] == 0 and results[0]["tricks"] == 0 and results[0]["suits"] == 0
    assert results[0]["points"] == 5 and results[0]["prestige"] is True
    assert results[3]["tricks"] == 1 and results[3]["points"] == 5  # 1 suit (Spades)


def test_suits_taken_count_everyones_cards_in_won_tricks_not_the_sleeve() -> None:
    rows = [
        [HE(2), ST(6), SP(7)],
        [SP(1), DI(3), ST(4)],
        [CL(2), ST(3), MO(6)],
        [MO(1), ST(2), TR(3)],
    ]
    state = hand_state(rows, leader=0)
    play(state, 0, SP(7), then=HE(2))
    play(state, 1, SP(1), then=DI(3))
    play(state, 2, CL(2), then=MO(6))
    play(state, 3, TR(3), then=MO(1))
    obs = state.observation(1)
    assert obs["tricks_won"] == [1, 0, 0, 0]
    assert obs["suits_taken"][0] == [SPADES, CLUBS, TRIANGLES]
    for seat, card in enumerate([ST(6), ST(4), ST(3), ST(2)]):
        play(state, seat, card)
    results = state.score_sheet[-1]["results"]
    # Seat 0: bid 2, 2 tricks, suits Spades, Clubs, Triangles, Stars (its sleeved heart not
    # counted): bid made, 4 suits != 2, so no prestige.
    assert results[0]["bid"] == 2 and results[0]["tricks"] == 2
    assert results[0]["suits"] == 4 and results[0]["points"] == 3


def test_prestige_off_gives_no_bonus() -> None:
    rows = [[SP(0), HE(0)], [SP(1), DI(1)], [SP(2), CL(4)], [SP(3), MO(1)]]
    state = hand_state(rows, leader=0, prestige=False)
    for seat in range(4):
        play(state, seat, rows[seat][0])
    results = state.score_sheet[-1]["results"]
    assert results[0]["points"] == 3 and results[0]["prestige"] is False
    assert results[3]["points"] == 3
    assert state.prestige_counts == [0, 0, 0, 0]


def test_hand_end_records_the_sheet_and_deals_the_next_hand() -> None:
    state = end_of_hand_state()
    dealer = state.dealer
    events = []
    for seat in range(4):
        events += play(state, seat, LAST_TRICK[seat])
    kinds = [e["type"] for e in events]
    assert kinds.count("hand_scored") == 1 and kinds[-1] == "deal"
    assert state.hand_number == 3 and state.dealer == (dealer + 1) % 4
    assert state.leader == state.turn == (dealer + 2) % 4
    assert all(
        len(r) == 14 and set(st) == {0} for r, st in zip(state.rows, state.status, strict=True)
    )
    obs = state.observation(0)
    assert obs["score_sheet"][-1]["results"][0]["bid"] == 0
    assert obs["tricks_won"] == [0, 0, 0, 0] and obs["bids"] == [None] * 4


# -- end of game and ties ---------------------------------------------------------------------
def finished(totals: list[int], prestige: bool, counts=None, last=None) -> MagicTrickWrayState:
    state = GAME.new_game(4, 1, {"prestige": prestige})
    state.totals = list(totals)
    state.prestige_counts = list(counts or [0, 0, 0, 0])
    state.score_sheet = [
        {
            "hand": 4,
            "dealer": 2,
            "results": [
                {
                    "seat": s,
                    "bid": b,
                    "tricks": t,
                    "suits": 0,
                    "made": b == t,
                    "prestige": False,
                    "points": 0,
                    "total": totals[s],
                }
                for s, (b, t) in enumerate(last or [(1, 2)] * 4)
            ],
        }
    ]
    state.phase = "over"
    return state


def test_highest_total_wins() -> None:
    assert finished([4, 9, 7, 9 - 1], True).winners() == [1]
    assert finished([4, 9, 7, 8], False).winners() == [1]


def test_tie_with_prestige_more_bonuses_wins_else_shared() -> None:
    assert finished([9, 9, 3, 9], True, counts=[1, 2, 4, 0]).winners() == [1]
    assert finished([9, 9, 3, 9], True, counts=[2, 2, 4, 0]).winners() == [0, 1]


def test_tie_without_prestige_fewest_tricks_with_a_made_bid_in_the_last_hand() -> None:
    last = [(2, 2), (1, 1), (0, 0), (4, 3)]
    assert finished([9, 9, 9, 9], False, last=last).winners() == [2]
    assert finished([9, 9, 3, 9], False, last=last).winners() == [1]
    # A tied player who missed (seat 3 took 0 but bid 4) loses to one who made it.
    assert finished([9, 3, 3, 9], False, last=[(2, 2), (1, 1), (0, 0), (4, 0)]).winners() == [0]
    # Nobody tied made it, or same fewest tricks: shared.
    assert finished([9, 9, 3, 3], False, last=[(2, 1), (1, 3), (0, 0), (0, 0)]).winners() == [0, 1]
    assert finished([9, 9, 3, 3], False, last=[(2, 2), (2, 2), (0, 0), (0, 0)]).winners() == [0, 1]


def test_the_tie_break_says_who_was_tied_by_what_and_whether_the_win_is_shared() -> None:
    """The engine's own account of a tie on the top total (observation and game_over event):
    the UI words it, never works it out again (issue 36.5)."""
    assert finished([4, 9, 7, 8], True).tie_break() is None
    # Three on 9 points, two of them with the most prestige bonuses: they share the win.
    three = finished([9, 9, 3, 9], True, counts=[2, 1, 4, 2])
    assert three.winners() == [0, 3]
    assert three.tie_break() == {"tied": [0, 1, 3], "by": "prestige", "shared": True}
    assert three.observation(2)["tie_break"] == three.tie_break()
    one = finished([9, 9, 3, 9], True, counts=[1, 2, 4, 0])
    assert one.tie_break() == {"tied": [0, 1, 3], "by": "prestige", "shared": False}
    last = [(2, 2), (1, 1), (0, 0), (4, 3)]
    off = finished([9, 9, 9, 9], False, last=last)
    assert off.tie_break() == {"tied": [0, 1, 2, 3], "by": "last_hand", "shared": False}
    assert GAME.new_game(4, 1, {"prestige": True}).observation(0)["tie_break"] is None


def test_the_game_ends_after_the_fourth_hand_with_a_tie_break_through_play() -> None:
    state = end_of_hand_state(prestige=False)
    state.hand_number = 4
    state.totals = [7, 4, 10, 9]
    state.tricks_won = [0, 2, 5, 0]
    events = []
    for seat in range(4):
        events += play(state, seat, LAST_TRICK[seat])
    # Seat 0: bid 0, takes 1 -> 6; seat 3: bid 1, 0 tricks -> 8; seat 2: bid 3 took 5 -> 8.
    assert state.is_over() and state.acting() == ()
    assert state.scores() == [6, 3, 8, 8]
    assert events[-1]["type"] == "game_over"
    # Both tied players missed their bid in the last hand: shared victory.
    assert state.winners() == [2, 3]
    assert state.observation(0)["winners"] == [2, 3]
    tie = {"tied": [2, 3], "by": "last_hand", "shared": True}
    assert events[-1]["tie_break"] == tie and state.observation(1)["tie_break"] == tie
    assert state.legal_actions(0) == []


# -- visibility ------------------------------------------------------------------------------
# The fields each event may carry; cards and ranks in them must already be face up.
EVENT_KEYS = {
    "play": {"type", "seat", "pos", "card", "suit", "rank", "trick_number"},
    "sleeve": {"type", "seat", "pos", "card", "suit", "rank", "forced"},
    "forced_sleeve": {"type", "seat"},
    "pass": {"type", "seat"},
    "trick": {"type", "trick_number", "winner", "reason", "cards"},
    "hand_scored": {"type", "hand", "dealer", "results"},
    "deal": {"type", "hand", "dealer", "leader"},
    "game_over": {"type", "winners", "scores", "tie_break"},
}


def test_observation_never_shows_a_hidden_rank_to_anyone() -> None:
    state = GAME.new_game(4, 6)
    rng = Rng(61)
    steps = resampled = 0
    while not state.is_over():
        for seat in range(4):
            obs = state.observation(seat)
            assert obs["seat"] == seat
            for s in range(4):
                row = obs["rows"][s]
                for pos, status in enumerate(row["status"]):
                    hidden = state.status[s][pos] == 0
                    assert (status == "hidden") == hidden
                    assert (row["ranks"][pos] is None) == hidden
                    assert row["suits"][pos] == suit_of(state.rows[s][pos])
            if steps % 7 == 0:
                # Changing every hidden rank changes no observation at all.
                other = state.resample(seat, rng)
                resampled += other.rows != state.rows
                for viewer in range(4):
                    assert other.observation(viewer) == state.observation(viewer)
        seat = state.acting()[0]
        action = rng.choice(state.legal_actions(seat))
        # Face up once this action is done: cards played or sleeved before, and its own card.
        face_up = {
            card
            for row, status in zip(state.rows, state.status, strict=True)
            for card, st in zip(row, status, strict=True)
            if st != 0
        }
        if "pos" in action:
            face_up.add(state.rows[seat][action["pos"]])
        sleeved_ranks = [
            None if p < 0 else rank_of(state.rows[s][p]) for s, p in enumerate(state.sleeve)
        ]
        if action["type"] == "sleeve":
            sleeved_ranks[seat] = rank_of(state.rows[seat][action["pos"]])
        for event in state.apply(seat, action):
            assert "to" not in event
            assert set(event) == EVENT_KEYS[event["type"]], event
            if "card" in event:
                card = event["card"]
                assert card in face_up
                assert (event["suit"], event["rank"]) == (suit_of(card), rank_of(card))
            for _, card in event.get("cards", []):
                assert card in face_up
            for result in event.get("results", []):
                assert result["bid"] == sleeved_ranks[result["seat"]]
        steps += 1
    assert resampled > steps // 10, "resample must really redraw hidden ranks"


def test_observation_holds_the_public_table() -> None:
    rows = [
        [SP(1), ST(2), DI(3)],
        [SP(2), ST(3), DI(4)],
        [SP(3), ST(4), DI(5)],
        [SP(4), ST(5), DI(6)],
    ]
    state = hand_state(rows, leader=1)
    play(state, 1, SP(2), then=DI(4))
    obs = state.observation(3)
    json.dumps(obs)
    assert obs["acting"] == [2] and obs["phase"] == "play" and obs["turn"] == 2
    assert obs["leader"] == 1 and obs["dealer"] == 0 and obs["led_suit"] == SPADES
    assert obs["trick"] == [{"seat": 1, "pos": 0, "suit": SPADES, "rank": 2}]
    assert obs["rows"][1] == {
        "suits": [SPADES, STARS, DIAMONDS],
        "ranks": [2, None, 4],
        "status": ["played", "hidden", "sleeved"],
    }
    assert obs["rows"][3]["ranks"] == [None, None, None]
    assert obs["bids"] == [None, 4, None, None]
    assert obs["scores"] == [0, 0, 0, 0] and obs["prestige"] is True
    for key in (
        "hand_number",
        "trick_number",
        "tricks_won",
        "suits_taken",
        "prestige_counts",
        "score_sheet",
        "last_trick",
        "forced_sleeve",
        "hands_total",
        "winners",
    ):
        assert key in obs


def test_resample_redraws_the_observers_own_hidden_cards_too() -> None:
    state = GAME.new_game(4, 9)
    rng = Rng(5)
    seen_own = set()
    for _ in range(30):
        sample = state.resample(0, rng)
        seen_own.add(tuple(sample.rows[0]))
        assert sample.observation(0) == state.observation(0)
        assert sorted(c for row in sample.rows for c in row) == list(range(DECK_SIZE))
    assert len(seen_own) > 5


def test_illegal_moves_leave_the_state_unchanged() -> None:
    state = GAME.new_game(4, 3)
    before = json.dumps(state.to_json(), sort_keys=True)
    seat = state.acting()[0]
    for bad in ({"type": "pass"}, {"type": "play", "pos": -1}, {"type": "play", "pos": "0"}):
        with pytest.raises(IllegalAction):
            state.apply(seat, bad)
    with pytest.raises(IllegalAction, match="not seat"):
        state.apply((seat + 1) % 4, {"type": "play", "pos": 0})
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_positions_written_as_floats_or_bools_are_refused() -> None:
    """1.0 and true equal 1 in Python; stored, they would break the save. Refused, no change."""
    state = GAME.new_game(4, 3)
    seat = state.acting()[0]
    before = json.dumps(state.to_json(), sort_keys=True)
    for bad in ({"type": "play", "pos": True}, {"type": "play", "pos": 1.0}):
        wanted = re.escape("wrong type: the move is {'type': 'play', 'pos': 1}")
        with pytest.raises(IllegalAction, match=wanted):
            state.apply(seat, bad)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_the_table_prints_the_engines_trump_suit_and_hand_count() -> None:
    """The Wray table restates neither the trump suit nor the number of hands."""
    from ui.tables import magic_trick_wray as table

    assert table.trump_note() == "Hearts ♥ are trump."
    source = Path(table.__file__).read_text(encoding="utf-8")
    assert "Hearts ♥ are trump" not in source and "All four" not in source
    assert table.number_word(HANDS_PER_GAME) == "four"


def test_the_observation_says_who_is_winning_the_trick_in_play() -> None:
    """`trick_winning`: the seat winning the trick so far, for every seat (played cards are
    face up); None between tricks. The same rule as the trick's end (`trick_winner`)."""
    rows = [
        [SP(3), ST(0), CL(0)],
        [SP(5), ST(1), CL(1)],
        [DI(6), ST(2), CL(2)],
        [HE(1), ST(3), CL(3)],
    ]
    state = hand_state(rows, leader=0)
    assert all(state.observation(s)["trick_winning"] is None for s in range(4))
    winning = []
    for seat, card in enumerate([SP(3), SP(5), DI(6), HE(1)]):
        play(state, seat, card, then=None)  # the sleeve choice comes before the trick ends
        winning.append([state.observation(s)["trick_winning"] for s in range(4)])
        state.apply(seat, {"type": "pass"})
    # The lead; a higher Spade; an off-suit Diamond does not win; a low Heart (trump) does.
    assert winning == [[0] * 4, [1] * 4, [1] * 4, [3] * 4]
    assert state.last_trick["winner"] == 3
    assert state.observation(2)["trick_winning"] is None


def test_a_trick_event_says_why_it_was_won() -> None:
    """The reason in a trick event: hearts beat the led suit, else the highest card led."""
    assert trick_reason([[0, make_card(0, 3)], [1, make_card(0, 5)]]) == (
        "the highest card of the suit led wins"
    )
    assert trick_reason([[0, make_card(0, 3)], [1, make_card(HEARTS, 0)]]) == (
        "the highest heart wins"
    )


def test_a_clone_shares_no_field_it_could_change() -> None:
    """MagicTrickWrayState.clone copies by the state's known shape: every list or dict field
    (and every list inside one) is a copy, but the records that are only ever replaced or
    appended (`last_trick`, the score sheet's hands), so a new field cannot be missed."""
    state = GAME.new_game(4, 5)
    rng = Rng(5)
    for _ in range(70):  # into the second hand: a score sheet and a trick in play
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.score_sheet and state.trick and state.last_trick
    copy = state.clone()
    assert copy.to_json() == state.to_json() and copy.rng is not state.rng
    for name, value in state.__dict__.items():
        if isinstance(value, (list, dict)) and name != "last_trick":
            assert getattr(copy, name) is not value, name
            if isinstance(value, list) and name != "score_sheet":
                for inner, original in zip(getattr(copy, name), value):
                    assert not isinstance(inner, list) or inner is not original, name


def test_a_search_copys_shortcuts_read_as_the_game_and_stay_out_of_saves() -> None:
    """A quiet copy keeps its last trick raw (a tuple) and a state remembers where each suit
    sits in the rows (`_read_suits`): observations and saves read as the game's own, the
    table is never saved, and new rows are read afresh."""
    state = GAME.new_game(4, 9)
    quiet = state.clone()
    quiet.quiet = True
    rng = Rng(9)
    for _ in range(30):
        seat = state.acting()[0]
        legal = state.legal_actions(seat)
        assert quiet.legal_actions(seat) == legal
        action = rng.choice(legal)
        state.apply(seat, action)
        quiet.apply(seat, action)
    assert type(quiet.last_trick) is tuple and type(state.last_trick) is dict
    assert quiet.observation(0) == state.observation(0)
    saved = quiet.to_json()
    del saved["fields"]["quiet"]
    assert saved == state.to_json() and "_suit_table" not in saved["fields"]
    assert GAME.from_json(saved).observation(1) == state.observation(1)
    other = GAME.new_game(4, 10)
    state.rows = other.rows  # e.g. a test's hand: the suits are read from the new rows
    seat = state.acting()[0]
    assert state.phase == "play" and state.trick == [[0, 7]]
    led = suit_of(state.rows[0][7])
    row, status = state.rows[seat], state.status[seat]
    follow = [p for p in range(len(row)) if suit_of(row[p]) == led and status[p] == 0]
    assert follow and state.legal_actions(seat) == [{"type": "play", "pos": p} for p in follow]
