"""Magic Trick (Baker): the setup ritual, every Law alone and in combination, visibility, resample.

Cards: ``suit * 4 + value - 1`` with value 1 for the Star; R/H/W build Rabbits,
Hats and Wands, I is the Illusionist.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conformance import conformance_suite

import pygame_rules
from pygame_rules import IllegalAction, Rng, visible_events
from pygame_rules.magic_trick_baker import (
    FAN_PICKS,
    FAN_SIZE,
    MAX_HANDS,
    PICK_SIZE,
    TARGET,
    MagicTrickBakerState,
)
from pygame_rules.magic_trick_baker_laws import (
    CARD_OF_LAW,
    FOLLOW_RULE,
    ILLUSIONIST,
    LAW_OF_CARD,
    NO_FOLLOW_RULE,
    NO_TRUMP,
    NUM_CARDS,
    ROPE_LEAD_RULE,
    TheIllusionist,
    _trick_winner_by_law,
    card_name,
    follow_cards,
    rope_cards,
    rope_guide,
    rope_playable,
    rules_for,
    rules_line,
    score_hand,
    score_seat,
    trick_winner,
    trick_winning,
)

TestConformance = conformance_suite("magic-trick-baker")

GAME = pygame_rules.get_game("magic-trick-baker")
I = ILLUSIONIST  # noqa: E741 (the Illusionist, beside R, H and W)


def R(value: int) -> int:
    return value - 1


def H(value: int) -> int:
    return 4 + value - 1


def W(value: int) -> int:
    return 8 + value - 1


def law(law_id: str) -> int:
    """The card that carries the Law `law_id`."""
    return CARD_OF_LAW[law_id]


def play_state(
    hands: list[list[int]], laws: list[int], *, dealer: int = 1, seed: int = 1
) -> MagicTrickBakerState:
    """A state right after the Laws were turned up, with these 5-card hands.

    The one card left over is the burned one; the dealer's face-down card is
    laws[0], the pone's laws[1], the set-aside card the burned one. Bids are
    asked for when a Law needs them, as in a real hand.
    """
    used = set(hands[0]) | set(hands[1]) | set(laws)
    rest = [c for c in range(13) if c not in used]
    assert len(rest) == 1 and len(used) == 12, "hands and laws must hold 12 distinct cards"
    state = GAME.new_game(2, seed)
    state.dealer = dealer
    pone = 1 - dealer
    state.hands = [sorted(h) for h in hands]
    state.down = [-1, -1]
    state.down[dealer], state.down[pone] = laws[0], laws[1]
    state.aside = state.burned = rest[0]
    state.fan = []
    state.law_cards = list(laws)
    state.laws = list(laws)
    state.leader = pone
    state._start_bids_or_play()
    return state


def play(state: MagicTrickBakerState, *cards: int) -> list[dict[str, Any]]:
    """Play these cards in turn order; returns all events."""
    events = []
    for c in cards:
        events += state.apply(state.turn, {"type": "play", "card": c})
    return events


def playable(state: MagicTrickBakerState) -> list[int]:
    return [a["card"] for a in state.legal_actions(state.turn)]


def trick(winner: int, *cards: tuple[int, int], trump: int = 2) -> dict[str, Any]:
    """A completed trick record for score tests; the winning card is the winner's last."""
    win_card = [c for s, c in cards if s == winner][-1]
    return {
        "cards": [list(p) for p in cards],
        "winner": winner,
        "win_card": win_card,
        "trump": trump,
    }


def points(lines: list[dict[str, Any]]) -> int:
    return sum(line["points"] for line in lines)


def sources(lines: list[dict[str, Any]]) -> list[str]:
    return [line["source"] for line in lines]


# -- cards and Laws ----------------------------------------------------------------
def test_thirteen_cards_each_with_its_printed_law() -> None:
    printed = {
        H(1): "Grand Finale",
        R(1): "Heart Break",
        W(1): "Moon Shot",
        H(2): "Topsy Turvy",
        W(2): "The Stars Are Right",
        R(2): "Oh, Dickens!",
        H(3): "Night Club",
        W(3): "The Contract",
        R(3): "Poison",
        W(4): "Rope Trick",
        H(4): "Top Hat",
        R(4): "Top Rabbit",
        I: "The Illusionist",
    }
    assert {c: LAW_OF_CARD[c].name for c in range(13)} == printed
    assert card_name(H(1)) == "Star of Hats" and card_name(W(3)) == "3 of Wands"
    assert card_name(I) == "the Illusionist"
    assert [c for c in range(13) if LAW_OF_CARD[c].needs_bid] == [R(2), W(3)]


def test_default_rules_wands_trump_and_stars_low() -> None:
    rules = rules_for((law("moon-shot"), law("poison")))
    assert rules.trump == 2 and not rules.rope and not rules.needs_bid
    assert trick_winner(R(2), R(1), rules) == R(2)  # Star is low (1)
    assert trick_winner(R(1), R(4), rules) == R(4)
    assert trick_winner(R(4), W(1), rules) == W(1)  # any trump beats the led suit
    assert trick_winner(R(1), H(4), rules) == R(1)  # an off-suit non-trump never wins
    assert trick_winner(W(4), I, rules) == I  # the Illusionist tops every card
    assert trick_winner(I, W(4), rules) == I


def test_the_illusionist_belongs_to_the_trump_suit_for_following() -> None:
    rules = rules_for((law("moon-shot"), law("poison")))
    # A trump led: the Illusionist is the only trump in hand, so it must be played.
    assert follow_cards([R(1), H(2), I], W(1), rules) == [I]
    # The Illusionist led: follow with a trump (a Wand) when holding one.
    assert follow_cards([R(1), W(2), H(3)], I, rules) == [W(2)]
    assert follow_cards([R(1), H(3)], I, rules) == [R(1), H(3)]
    # Leading: anything.
    assert follow_cards([R(1), I], None, rules) == [R(1), I]


def test_top_hat_and_top_rabbit_each_change_trump() -> None:
    hats = rules_for((law("top-hat"), law("poison")))
    assert hats.trump == 1
    assert trick_winner(W(4), H(1), hats) == H(1)
    assert trick_winner(R(4), W(4), hats) == R(4)  # Wands are no longer trump
    rabbits = rules_for((law("moon-shot"), law("top-rabbit")))
    assert rabbits.trump == 0
    assert trick_winner(W(4), R(1), rabbits) == R(1)
    assert follow_cards([R(2), W(1)], I, rabbits) == [R(2)]  # Illusionist leads Rabbits


def test_top_hat_with_top_rabbit_leaves_no_trump_suit() -> None:
    rules = rules_for((law("top-hat"), law("top-rabbit")))
    assert rules.trump == NO_TRUMP
    assert trick_winner(R(1), H(4), rules) == R(1)
    assert trick_winner(H(1), W(4), rules) == H(1)
    assert trick_winner(W(1), W(4), rules) == W(4)
    # The Illusionist is a one-card trump suit of its own: it still beats every card,
    # and when it is led nobody can follow it.
    assert trick_winner(H(4), I, rules) == I
    assert trick_winner(I, R(4), rules) == I
    assert follow_cards([R(1), W(2)], I, rules) == [R(1), W(2)]
    assert follow_cards([R(1), I], W(2), rules) == [R(1), I]


def test_stars_are_right_makes_stars_high() -> None:
    rules = rules_for((law("stars-are-right"), law("poison")))
    assert trick_winner(H(4), H(1), rules) == H(1)
    assert trick_winner(W(1), W(4), rules) == W(1)
    assert trick_winner(W(1), I, rules) == I  # still below the Illusionist


def test_topsy_turvy_low_wins_and_the_illusionist_never_wins() -> None:
    rules = rules_for((law("topsy-turvy"), law("poison")))
    assert trick_winner(R(4), R(1), rules) == R(1)
    assert trick_winner(R(2), R(3), rules) == R(2)
    assert trick_winner(R(1), W(4), rules) == W(4)  # trumps still beat non-trumps
    assert trick_winner(W(4), W(1), rules) == W(1)
    # The Illusionist is the lowest card: led or answered, it loses.
    assert trick_winner(I, R(4), rules) == R(4)
    assert trick_winner(W(4), I, rules) == W(4)
    assert trick_winner(R(1), I, rules) == R(1)


def test_topsy_turvy_with_the_stars_are_right() -> None:
    # Stars are worth 13, and low wins: the Star becomes the weakest card of its suit.
    rules = rules_for((law("topsy-turvy"), law("stars-are-right")))
    assert trick_winner(H(1), H(4), rules) == H(4)
    assert trick_winner(H(4), H(2), rules) == H(2)
    assert trick_winner(W(2), W(1), rules) == W(2)
    assert trick_winner(W(1), I, rules) == W(1)
    # In a rope trick (if one were in force) the same order decides "higher".
    assert rope_playable(H(2), H(1), 1, rules)
    assert not rope_playable(H(1), H(2), 1, rules)


def test_laws_that_decide_tricks_alike_share_tables_and_each_keeps_its_own_answers() -> None:
    """Rules with the same trump, order and Illusionist share their tables of trick winners
    (filled as they are asked: `trick_tables`); every pair of Laws still gets the winner of
    every two cards, and the pair wins, that its own Laws give, worked out afresh,
    whichever Rules filled the shared table first."""
    pairs = [(a, b) for a in range(NUM_CARDS) for b in range(NUM_CARDS) if a != b]
    scoring_only = rules_for((law("poison"), law("heart-break")))
    assert scoring_only.winners is rules_for((law("moon-shot"), law("contract"))).winners
    assert scoring_only.winners is not rules_for((law("top-hat"), law("contract"))).winners
    assert 1 < len({id(rules_for(pair).winners) for pair in pairs}) < len(pairs)
    for pair in pairs:
        rules = rules_for(pair)
        for card in range(NUM_CARDS):
            wins = rules.pair_wins(card)
            for other in range(NUM_CARDS):
                if other == card:
                    continue
                winner = _trick_winner_by_law(card, other, rules)
                assert trick_winner(card, other, rules) == winner, (pair, card, other)
                both = int(winner == card) + int(_trick_winner_by_law(other, card, rules) == card)
                assert wins[other] == both, (pair, card, other)


# -- the setup ritual --------------------------------------------------------------
def test_deal_sets_one_card_aside_and_gives_six_each() -> None:
    dealers = set()
    for seed in range(12):
        state = GAME.new_game(2, seed)
        dealers.add(state.dealer)
        assert len(state.hands[0]) == len(state.hands[1]) == 6
        assert sorted(state.hands[0] + state.hands[1] + [state.aside]) == list(range(13))
        assert state.phase == "down" and state.acting() == (state.dealer,)
    assert dealers == {0, 1}, "the first dealer comes from the seeded generator"


def test_the_setup_ritual_dealer_down_pone_down_blind_pick_burn() -> None:
    state = GAME.new_game(2, 4)
    dealer, pone = state.dealer, 1 - state.dealer
    aside = state.aside
    assert state.legal_actions(dealer) == [{"type": "down", "card": c} for c in state.hands[dealer]]
    assert state.legal_actions(pone) == []
    d_card, p_card = state.hands[dealer][2], state.hands[pone][0]
    events = state.apply(dealer, {"type": "down", "card": d_card})
    assert {"type": "face_down", "seat": dealer} in events
    assert visible_events(events, pone) == [{"type": "face_down", "seat": dealer}]
    assert state.acting() == (pone,)
    state.apply(pone, {"type": "down", "card": p_card})
    assert state.phase == "pick" and state.acting() == (pone,)
    assert sorted(state.fan) == sorted([aside, d_card, p_card])
    assert len(state.hands[0]) == len(state.hands[1]) == 5
    picks = state.legal_actions(pone)
    assert picks == [{"type": "pick", "fan": [0, 1]}, {"type": "pick", "fan": [0, 2]},
                     {"type": "pick", "fan": [1, 2]}]  # fmt: skip
    fan = list(state.fan)
    events = state.apply(pone, {"type": "pick", "fan": [0, 2]})
    assert state.law_cards == [fan[0], fan[2]] and state.burned == fan[1]
    laws_event = next(e for e in events if e["type"] == "laws")
    assert laws_event["cards"] == [fan[0], fan[2]]
    assert "to" not in laws_event
    burn = next(e for e in events if e["type"] == "burn")
    assert "card" not in burn
    # Each player learns only what became of the card they put down themselves.
    for seat, card in ((dealer, d_card), (pone, p_card)):
        fates = [e for e in visible_events(events, seat) if e["type"] == "own_card_fate"]
        assert len(fates) == 1 and fates[0]["card"] == card
        assert fates[0]["fate"] == ("law" if card in state.law_cards else "burned")
    if state.phase == "play":
        assert state.acting() == (pone,), "the pone leads"


BASE_HANDS = [[R(1), R(3), H(1), H(2), W(1)], [R(4), H(3), W(2), W(4), I]]
PLAIN_HANDS = [[R(1), R(3), H(1), H(2), W(1)], [R(4), H(3), W(2), W(4), R(2)]]


def test_bids_when_a_law_asks_pone_first_then_dealer() -> None:
    state = play_state(BASE_HANDS, [law("contract"), law("top-hat")], dealer=1)
    assert state.phase == "bid" and state.acting() == (0,)
    assert state.legal_actions(0) == [{"type": "bid", "tricks": n} for n in range(6)]
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "bid", "tricks": 6})
    state.apply(0, {"type": "bid", "tricks": 2})
    assert state.acting() == (1,)
    events = state.apply(1, {"type": "bid", "tricks": 3})
    assert events == [{"type": "bid", "seat": 1, "tricks": 3}]
    assert state.bids == [2, 3] and state.phase == "play" and state.acting() == (0,)
    assert state.observation(1)["bids"] == [2, 3]


def test_no_bids_without_a_bidding_law() -> None:
    state = play_state(PLAIN_HANDS, [law("top-hat"), I], dealer=1)
    assert state.phase == "play" and state.bids == [None, None]


def test_oh_dickens_and_the_contract_share_one_bid() -> None:
    state = play_state(BASE_HANDS, [law("contract"), law("oh-dickens")], dealer=1)
    state.apply(0, {"type": "bid", "tricks": 1})
    state.apply(1, {"type": "bid", "tricks": 4})
    assert state.phase == "play"


# -- normal tricks -----------------------------------------------------------------
def test_a_normal_hand_follow_suit_trump_and_the_winner_leads() -> None:
    hands = [[R(2), R(4), H(1), W(2), I], [H(2), H(3), H(4), W(3), W(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)
    assert state.acting() == (0,)  # the pone leads
    play(state, R(4))
    assert playable(state) == [H(2), H(3), H(4), W(3), W(4)]  # no Rabbit: anything
    events = play(state, W(3))
    trick_event = next(e for e in events if e["type"] == "trick")
    assert trick_event["winner"] == 1 and trick_event["win_card"] == W(3)
    assert state.acting() == (1,)
    assert R(1) in state.forbidden[1] and R(3) in state.forbidden[1], "a shown void is recorded"
    play(state, H(4))
    assert playable(state) == [H(1)]  # must follow Hats
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(0, {"type": "play", "card": W(2)})
    play(state, H(1))
    assert state.tricks[-1]["winner"] == 1
    play(state, H(2), W(2))  # pone has no Hats: trumps
    assert state.tricks[-1]["winner"] == 0 and state.acting() == (0,)
    play(state, I)
    assert playable(state) == [W(4)]  # the Illusionist leads trump
    play(state, W(4))
    assert state.tricks[-1]["winner"] == 0
    events = play(state, R(2), H(3))
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert [t["winner"] for t in scored["tricks"]] == [1, 1, 0, 0, 0]
    # Heart Break -2 per trick; Poison on the won cards: seat 0 has the 2s H2, W2, R2
    # (+3) and the 4 of Wands (-3); seat 1 the 4s of Rabbits and Hats (-6).
    assert scored["tricks_won"] == [3, 2]
    assert scored["points"] == [-6 + 3 - 3, -4 - 6]
    assert state.hand_number == 2 and state.dealer == 0 and state.phase == "down"


def test_default_scoring_one_point_per_two_cards_rounded_up() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(2))), trick(1, (1, H(1)), (0, H(2))),
              trick(0, (0, W(1)), (1, R(3)))]  # fmt: skip
    lines = score_hand((law("top-hat"), law("stars-are-right")), tricks, [None, None], None)
    assert points(lines[0]) == 2 and points(lines[1]) == 1
    assert sources(lines[0]) == ["cards"]


# -- each Law's scoring ---------------------------------------------------------------
def test_grand_finale_scores_only_the_last_trick_times_four() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(2))), trick(0, (0, H(1)), (1, H(2))),
              trick(1, (0, W(1)), (1, W(2)))]  # fmt: skip
    laws = (law("grand-finale"), law("top-hat"))
    assert points(score_seat(laws, tricks, 0, None, None)) == 0
    lines = score_seat(laws, tricks, 1, None, None)
    assert points(lines) == 4 and "x4 Grand Finale" in lines[0]["label"]


def test_heart_break_two_off_per_trick_won() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(2))), trick(0, (0, H(1)), (1, H(2))),
              trick(1, (0, W(1)), (1, W(2)))]  # fmt: skip
    laws = (law("heart-break"), law("top-hat"))
    assert points(score_seat(laws, tricks, 0, None, None)) == -4
    assert sources(score_seat(laws, tricks, 1, None, None)) == ["heart-break"]


def test_moon_shot_ten_for_no_trick() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(2))), trick(0, (0, H(1)), (1, H(2)))]
    laws = (law("moon-shot"), law("top-hat"))
    assert points(score_seat(laws, tricks, 1, None, None)) == 10
    assert points(score_seat(laws, tricks, 0, None, None)) == 2


def test_oh_dickens_exact_bid_or_no_positive_points() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(3))), trick(0, (0, H(1)), (1, H(2)))]
    laws = (law("oh-dickens"), law("top-hat"))
    assert points(score_seat(laws, tricks, 0, 2, None)) == 2
    missed = score_seat(laws, tricks, 0, 1, None)
    assert points(missed) == 0 and sources(missed) == ["cards", "oh-dickens"]


def test_night_club_burns_trump_won_tricks_and_counts_only_non_trumps() -> None:
    tricks = [
        trick(0, (0, W(1)), (1, R(2))),  # won with a trump: burned
        trick(0, (1, R(1)), (0, R(3))),  # kept: two cards
        trick(1, (1, I), (0, H(1))),  # the Illusionist wins: burned
    ]
    laws = (law("night-club"), law("poison"))
    lines = score_seat(laws, tricks, 0, None, None)
    assert lines[0]["points"] == 1  # 2 counting cards
    assert any(line["source"] == "night-club" and line["points"] == 0 for line in lines)
    assert points(score_seat(laws, tricks, 1, None, None)) == 0


def test_night_club_only_non_trump_cards_are_worth_points() -> None:
    # Topsy Turvy lets a non-trump beat the Illusionist: the trick is kept, the
    # Illusionist in it counts for nothing.
    tricks = [trick(0, (1, I), (0, R(4))), trick(0, (0, R(1)), (1, R(2)))]
    laws = (law("night-club"), law("topsy-turvy"))
    assert rules_for(laws).illusionist_wins is False
    lines = score_seat(laws, tricks, 0, None, None)
    assert lines[0]["label"].startswith("Cards: 3 cards") and points(lines) == 2


def test_the_contract_plus_three_or_two_off_per_trick_over_or_under() -> None:
    tricks = [trick(0, (0, R(1)), (1, R(2))), trick(0, (0, H(1)), (1, H(2))),
              trick(1, (0, W(1)), (1, W(2)))]  # fmt: skip
    laws = (law("contract"), law("top-hat"))
    assert points(score_seat(laws, tricks, 0, 2, None)) == 2 + 3
    assert points(score_seat(laws, tricks, 0, 0, None)) == 2 - 4
    assert points(score_seat(laws, tricks, 1, 4, None)) == 1 - 6


def test_poison_fours_minus_three_twos_plus_one() -> None:
    tricks = [trick(0, (0, R(4)), (1, R(2))), trick(0, (0, H(4)), (1, W(2)))]
    laws = (law("poison"), law("top-hat"))
    lines = score_seat(laws, tricks, 0, None, None)
    assert points(lines) == 2 + 2 - 6
    assert sources(lines) == ["cards", "poison", "poison"]


def test_rope_trick_bonus_goes_to_who_ran_out() -> None:
    tricks = [trick(1, (0, R(1)), (1, R(2)))]
    laws = (law("rope-trick"), law("top-hat"))
    assert points(score_seat(laws, tricks, 1, None, 1)) == 1 + 2
    assert points(score_seat(laws, tricks, 0, None, 1)) == 0


# -- combinations of scoring Laws -------------------------------------------------------
LAST_TRICK_CASES = [
    trick(0, (0, R(1)), (1, R(2))),
    trick(1, (1, H(4)), (0, H(2))),
    trick(0, (1, W(1)), (0, W(2))),  # last trick: won by seat 0 with a trump
]


def test_grand_finale_with_heart_break() -> None:
    laws = (law("grand-finale"), law("heart-break"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 0, None, None)) == -8
    assert points(score_seat(laws, LAST_TRICK_CASES, 1, None, None)) == 0


def test_grand_finale_with_poison() -> None:
    tricks = [trick(1, (0, R(1)), (1, R(3))), trick(0, (1, R(2)), (0, R(4)))]
    laws = (law("grand-finale"), law("poison"))
    # Last trick: 2 cards (1 point), a 2 (+1) and a 4 (-3): -1, times 4.
    assert points(score_seat(laws, tricks, 0, None, None)) == -4
    assert points(score_seat(laws, tricks, 1, None, None)) == 0


def test_grand_finale_with_night_club() -> None:
    laws = (law("grand-finale"), law("night-club"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 0, None, None)) == 0  # burned
    kept = [*LAST_TRICK_CASES[:2], trick(0, (1, H(1)), (0, H(3)))]
    assert points(score_seat(laws, kept, 0, None, None)) == 4
    assert points(score_seat(laws, kept, 1, None, None)) == 0


def test_grand_finale_does_not_multiply_moon_shot_or_bids() -> None:
    laws = (law("grand-finale"), law("moon-shot"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 1, None, None)) == 0
    alone = [trick(0, (0, R(1)), (1, R(2)))]
    assert points(score_seat(laws, alone, 1, None, None)) == 10
    laws = (law("grand-finale"), law("contract"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 0, 2, None)) == 4 + 3


def test_oh_dickens_with_heart_break_keeps_the_negatives() -> None:
    laws = (law("oh-dickens"), law("heart-break"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 0, 1, None)) == -4
    assert points(score_seat(laws, LAST_TRICK_CASES, 0, 2, None)) == -4


def test_oh_dickens_with_the_contract() -> None:
    laws = (law("oh-dickens"), law("contract"))
    made = score_seat(laws, LAST_TRICK_CASES, 0, 2, None)
    assert points(made) == 2 + 3
    missed = score_seat(laws, LAST_TRICK_CASES, 0, 3, None)
    # The Contract's -2 stays; the card points are lost.
    assert points(missed) == -2
    assert sources(missed) == ["cards", "contract", "oh-dickens"]


def test_oh_dickens_with_moon_shot_needs_a_zero_bid() -> None:
    laws = (law("oh-dickens"), law("moon-shot"))
    assert points(score_seat(laws, LAST_TRICK_CASES, 1, 0, None)) == 0  # won 1 trick
    alone = [trick(0, (0, R(1)), (1, R(2)))]
    assert points(score_seat(laws, alone, 1, 0, None)) == 10
    assert points(score_seat(laws, alone, 1, 1, None)) == 0


def test_night_club_with_poison_and_heart_break() -> None:
    tricks = [trick(0, (0, W(4)), (1, R(2))), trick(0, (1, R(2)), (0, R(4)))]
    # The first trick is burned; the second gives 1 card point, +1 and -3 from Poison.
    assert points(score_seat((law("night-club"), law("poison")), tricks, 0, None, None)) == -1
    # Heart Break counts the burned trick too (1 point of cards replaced by -2 x 2).
    assert points(score_seat((law("night-club"), law("heart-break")), tricks, 0, None, None)) == -4


# -- Night Club in play ------------------------------------------------------------------
def test_night_club_burns_a_trick_won_by_the_illusionist() -> None:
    hands = [[R(4), R(1), R(2), R(3), W(2)], [I, H(4), W(3), W(4), H(1)]]
    state = play_state(hands, [law("night-club"), law("moon-shot")], dealer=1)
    events = play(state, R(4), I)
    assert next(e for e in events if e["type"] == "trick")["burned"] is True
    obs = state.observation(0)
    assert obs["tricks"][0]["winner"] == 1 and obs["tricks"][0]["burned"]
    assert obs["piles"] == [[], []] and obs["tricks_won"] == [0, 1]
    events = play(state, H(4), R(1))  # no trump: kept
    assert next(e for e in events if e["type"] == "trick")["burned"] is False
    play(state, H(1), W(2))  # the pone trumps: burned
    play(state, R(3), W(3))
    events = play(state, W(4), R(2))
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["tricks_won"] == [1, 4]
    assert scored["points"] == [0, 1]
    burned_note = [line for line in scored["lines"][1] if line["source"] == "night-club"]
    assert burned_note and "3 tricks" in burned_note[0]["label"]
    assert [t["burned"] for t in scored["tricks"]] == [True, False, True, True, True]


# -- Rope Trick ----------------------------------------------------------------------------
def test_rope_trick_climbs_sticks_and_ends_when_a_player_runs_out() -> None:
    hands = [[R(1), R(2), H(1), H(2), W(1)], [R(3), R(4), H(3), W(2), I]]
    state = play_state(hands, [law("rope-trick"), law("top-hat")], dealer=1)
    assert state.rules().rope
    play(state, R(1))
    assert playable(state) == [R(3), R(4), I]  # higher Rabbits, or the Illusionist
    events = play(state, R(3))
    # The pone holds no higher Rabbit and no 3: stuck; the dealer takes the pile.
    assert {"type": "stuck", "seat": 0, "top": R(3)} in events
    assert state.tricks[-1]["winner"] == 1 and state.tricks[-1]["cards"] == [[0, R(1)], [1, R(3)]]
    assert state.acting() == (1,)
    assert set(state.forbidden[0]) >= {R(4), H(3), W(3), I}
    play(state, H(3))  # Hats are trump, but trump has no power here: the pone is stuck
    assert state.tricks[-1]["winner"] == 1
    play(state, W(2))
    assert playable(state) == [R(2), H(2)]  # the same rank, any suit (the Star is lower)
    play(state, H(2))
    obs = state.observation(0)
    assert obs["rope_top"] == H(2) and len(obs["trick"]) == 2
    assert playable(state) == [I]  # no higher Wand than a 2, no 2: only the Illusionist
    events = play(state, I)
    assert any(e["type"] == "stuck" for e in events)  # nothing goes on the Illusionist
    assert state.tricks[-1]["cards"] == [[1, W(2)], [0, H(2)], [1, I]]
    events = play(state, R(4))  # the dealer's last card
    assert {"type": "rope_out", "seat": 1} in events
    scored = next(e for e in events if e["type"] == "hand_scored")
    assert scored["rope_out"] == 1 and scored["tricks_won"] == [0, 4]
    assert scored["points"] == [0, 4 + 2]  # 7 cards: 4 points, +2 for running out
    assert any(line["source"] == "rope-trick" for line in scored["lines"][1])
    assert state.hand_number == 2


def test_a_refused_rope_card_is_told_what_beats_the_top_under_topsy_turvy() -> None:
    """Under Topsy Turvy a rope trick climbs down; the message said "higher"."""
    hands = [[R(3), R(4), H(1), W(2), W(3)], [R(1), R(2), H(3), H(4), W(1)]]
    state = play_state(hands, [law("rope-trick"), law("topsy-turvy")], dealer=1)
    play(state, R(3))
    assert playable(state) == [R(1), R(2), H(3)]  # lower Rabbits, or the same rank
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, {"type": "play", "card": H(4)})
    message = str(refused.value)
    assert "higher" not in message and "beat the 3 of Rabbits" in message
    assert message.endswith("you may play Star of Rabbits, 2 of Rabbits, 3 of Hats")


def test_rope_trick_leader_running_out_on_the_lead_takes_it() -> None:
    hands = [[R(1), R(2), H(1), H(2), W(1)], [R(3), R(4), H(3), W(2), I]]
    state = play_state(hands, [law("rope-trick"), law("top-hat")], dealer=1)
    state.hands = [[R(1)], [R(3), R(4)]]
    events = play(state, R(1))
    assert {"type": "rope_out", "seat": 0} in events
    assert state.scored_hands[-1]["tricks_won"] == [1, 0]
    assert state.scored_hands[-1]["points"][0] == 1 + 2


def test_rope_trick_same_rank_illusionist_and_topsy_turvy() -> None:
    rules = rules_for((law("rope-trick"), law("poison")))
    assert rope_playable(W(3), R(3), 0, rules)  # same rank, any suit
    assert rope_playable(R(4), W(3), 0, rules)  # higher in the led suit than the top
    assert not rope_playable(W(4), R(3), 0, rules)  # higher, but not the led suit
    assert rope_playable(I, R(4), 0, rules) and not rope_playable(R(4), I, 0, rules)
    assert rope_cards([R(1), I], [], rules) == [R(1), I]
    topsy = rules_for((law("rope-trick"), law("topsy-turvy")))
    assert rope_playable(R(1), R(3), 0, topsy) and not rope_playable(R(4), R(3), 0, topsy)
    assert rope_playable(I, R(1), 0, topsy) and not rope_playable(R(1), I, 0, topsy)
    stars = rules_for((law("rope-trick"), law("stars-are-right")))
    assert rope_playable(R(1), R(4), 0, stars)


def test_playing_is_compulsory_in_a_rope_trick() -> None:
    hands = [[R(1), R(2), H(1), H(2), W(1)], [R(3), R(4), H(3), W(2), I]]
    state = play_state(hands, [law("rope-trick"), law("top-hat")], dealer=1)
    play(state, R(1))
    with pytest.raises(IllegalAction, match="rope trick"):
        state.apply(1, {"type": "play", "card": W(2)})


# -- The Illusionist --------------------------------------------------------------------
ILLUSIONIST_HANDS = [[H(1), H(2), H(3), R(1), R(2)], [W(4), R(3), R(4), W(3), W(2)]]


def test_the_illusionist_is_replaced_by_the_card_that_lost_the_first_trick() -> None:
    state = play_state(ILLUSIONIST_HANDS, [I, law("top-hat")], dealer=1)
    assert state.illusionist_waiting() and state.rules().trump == 1
    events = play(state, H(1), R(4))  # Hats are trump: the dealer's 4 of Rabbits loses
    replaced = next(e for e in events if e["type"] == "illusionist")
    assert replaced["card"] == R(4) and replaced["law"] == "top-rabbit" and replaced["seat"] == 1
    assert state.laws == [R(4), H(4)] and state.law_cards == [I, H(4)]
    obs = state.observation(1)
    assert obs["replacement"]["law"] == "top-rabbit" and not obs["illusionist_waiting"]
    assert [v["id"] for v in obs["laws"]] == ["top-rabbit", "top-hat"]
    assert state.rules().trump == NO_TRUMP  # Top Rabbit cancels Top Hat from now on
    assert state.tricks[0]["trump"] == 1
    play(state, H(2))
    assert playable(state) == [R(3), W(2), W(3), W(4)]


def test_a_first_trick_burned_by_the_night_club_it_brought_in_is_logged_burned() -> None:
    """The trick event was written before the Illusionist became Night Club: "not burned"."""
    hands = [[H(3), H(1), H(2), R(1), R(2)], [W(1), W(2), W(3), W(4), R(4)]]
    state = play_state(hands, [I, law("poison")], dealer=1)
    events = play(state, H(3), W(1))  # the dealer trumps; the pone's Night Club card lost
    kinds = [e["type"] for e in events]
    trick_event, replaced = events[kinds.index("trick")], events[kinds.index("trick") + 1]
    assert replaced["type"] == "illusionist" and replaced["law"] == "night-club"
    assert trick_event["burned"] is True
    assert state.observation(0)["tricks"][0]["burned"] is True


def test_the_illusionist_replaced_by_a_bidding_law_bids_at_once() -> None:
    state = play_state(ILLUSIONIST_HANDS, [I, law("top-hat")], dealer=1)
    assert state.phase == "play"
    events = play(state, H(1), W(3))  # the 3 of Wands (The Contract) loses
    assert any(e["type"] == "bidding" for e in events)
    assert state.laws == [W(3), H(4)] and state.phase == "bid"
    assert state.acting() == (0,)  # the pone bids first
    state.apply(0, {"type": "bid", "tricks": 3})
    state.apply(1, {"type": "bid", "tricks": 2})
    assert state.phase == "play" and state.acting() == (0,)  # the trick's winner leads
    finish_hand(state)
    record = state.scored_hands[-1]
    assert record["bids"] == [3, 2]
    won = record["tricks_won"]
    for seat, bid in ((0, 3), (1, 2)):
        contract = [x for x in record["lines"][seat] if x["source"] == "contract"]
        assert contract[0]["points"] == (3 if won[seat] == bid else -2 * abs(won[seat] - bid))


def test_the_illusionist_replaced_by_rope_trick() -> None:
    state = play_state(ILLUSIONIST_HANDS, [I, law("top-hat")], dealer=1)
    play(state, H(1), W(4))
    assert state.laws == [W(4), H(4)] and state.rules().rope
    play(state, R(1))
    assert playable(state) == [R(3), R(4)]  # now a rope trick: higher Rabbits
    play(state, R(4))
    assert state.tricks[-1]["winner"] == 1, "the pone holds no higher Rabbit and no 4"


def test_a_bid_already_made_serves_a_bidding_replacement() -> None:
    hands = [[H(1), H(2), H(3), R(1), W(1)], [R(2), R(3), R(4), W(4), W(2)]]
    state = play_state(hands, [I, law("contract")], dealer=1)
    state.apply(0, {"type": "bid", "tricks": 1})
    state.apply(1, {"type": "bid", "tricks": 2})
    play(state, H(1), R(2))  # the 2 of Rabbits (Oh, Dickens!) loses
    assert state.laws == [R(2), W(3)] and state.phase == "play"


def test_the_illusionist_in_a_rope_trick_waits_for_a_card_that_loses() -> None:
    hands = [[R(4), R(1), H(1), H(2), W(1)], [R(3), H(3), W(2), W(3), R(2)]]
    state = play_state(hands, [I, law("rope-trick")], dealer=1)
    play(state, R(4))  # nothing goes on the 4 of Rabbits: the dealer played nothing
    assert state.tricks[0]["winner"] == 0 and state.illusionist_waiting()
    play(state, R(1), R(3))  # the pone is stuck: its Star of Rabbits lost
    assert state.laws == [R(1), W(4)]
    assert state.replacement == {"card": R(1), "law": "heart-break", "seat": 0, "trick": 2}


def test_the_losing_card_of_a_rope_trick_is_the_losers_last_card() -> None:
    hands = [[R(1), R(3), H(1), H(2), W(3)], [R(2), R(4), H(3), W(2), W(1)]]
    state = play_state(hands, [I, law("rope-trick")], dealer=1)
    play(state, R(1), R(2), R(3), R(4))  # the pone has nothing above the 4 and no 4
    assert state.tricks[0]["winner"] == 1
    assert state.replacement["card"] == R(3)


# -- end of the game -------------------------------------------------------------------
def hand_points(state: MagicTrickBakerState) -> list[int]:
    """The points this hand gives when both play their first legal card each time."""
    copy = state.clone()
    while copy.hand_number == state.hand_number and not copy.is_over():
        seat = copy.turn
        copy.apply(seat, copy.legal_actions(seat)[0])
    return copy.scored_hands[-1]["points"]


def finish_hand(state: MagicTrickBakerState) -> None:
    number = state.hand_number
    while state.hand_number == number and not state.is_over():
        seat = state.turn
        state.apply(seat, state.legal_actions(seat)[0])


def test_first_to_31_with_the_highest_total_wins() -> None:
    state = play_state(PLAIN_HANDS, [law("top-hat"), I])
    p = hand_points(state)
    state.totals = [TARGET - p[0] + 5, TARGET - p[1]]
    finish_hand(state)
    assert state.is_over() and state.winners() == [0]
    assert state.scores()[0] == TARGET + 5
    assert state.acting() == () and state.observation(1)["winners"] == [0]
    assert state.observation(1)["stopped_at_limit"] is False


def test_a_tie_at_the_top_plays_another_hand() -> None:
    state = play_state(PLAIN_HANDS, [law("top-hat"), I])
    p = hand_points(state)
    state.totals = [TARGET - p[0], TARGET - p[1]]
    dealer = state.dealer
    finish_hand(state)
    assert state.totals == [TARGET, TARGET]
    assert not state.is_over() and state.winners() == []
    assert state.phase == "down" and state.dealer == 1 - dealer


def test_the_game_stops_after_the_hand_limit() -> None:
    state = play_state(PLAIN_HANDS, [law("top-hat"), I])
    state.hand_number = MAX_HANDS
    p = hand_points(state)
    state.totals = [-p[0], -p[1]]
    events = state.apply(state.turn, state.legal_actions(state.turn)[0])
    while not state.is_over():
        events = state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.is_over() and state.winners() == [0, 1]
    assert events[-1]["type"] == "game_over" and events[-1]["hand_limit"] is True
    assert state.observation(0)["stopped_at_limit"] is True


# -- events and observations -------------------------------------------------------------
def random_game(seed: int) -> tuple[MagicTrickBakerState, list[tuple[int, list[dict]]]]:
    state = GAME.new_game(2, seed)
    rng = Rng(seed + 77)
    log = []
    while not state.is_over():
        seat = state.acting()[0]
        log.append((seat, state.apply(seat, rng.choice(state.legal_actions(seat)))))
    return state, log


def test_the_deal_alternates() -> None:
    first = GAME.new_game(2, 3).dealer
    _, log = random_game(3)
    deals = [e for _, events in log for e in events if e["type"] == "deal"]
    assert len(deals) >= 3
    for number, deal in enumerate(deals, start=2):
        assert deal["hand"] == number
        assert deal["dealer"] == (first + number - 1) % 2 and deal["pone"] == 1 - deal["dealer"]


def test_every_hand_scored_event_explains_every_point_by_law() -> None:
    state, log = random_game(8)
    scored = [e for _, events in log for e in events if e["type"] == "hand_scored"]
    assert len(scored) == len(state.scored_hands) >= 2
    for event in scored:
        laws = {LAW_OF_CARD[c].id for c in event["laws"]}
        for seat in (0, 1):
            assert sum(x["points"] for x in event["lines"][seat]) == event["points"][seat]
            for line in event["lines"][seat]:
                assert line["source"] in laws | {"cards"} and line["label"]
    totals = [0, 0]
    for event in scored:
        totals = [t + p for t, p in zip(totals, event["points"], strict=True)]
        assert event["totals"] == totals
    assert totals == state.scores()


def test_private_events_go_only_to_their_seat() -> None:
    _, log = random_game(5)
    private = [e for _, events in log for e in events if "to" in e]
    kinds = {e["type"] for e in private}
    assert kinds == {"dealt", "face_down_card", "own_card_fate"}
    for e in private:
        assert e["to"] == [e["seat"]]


def test_observation_shows_own_hand_and_own_face_down_card_only() -> None:
    state = GAME.new_game(2, 6)
    dealer, pone = state.dealer, 1 - state.dealer
    d_card = state.hands[dealer][0]
    state.apply(dealer, {"type": "down", "card": d_card})
    p_card = state.hands[pone][0]
    state.apply(pone, {"type": "down", "card": p_card})
    for seat, card in ((dealer, d_card), (pone, p_card)):
        obs = state.observation(seat)
        assert obs["hand"] == state.hands[seat]
        assert obs["face_down"] == card
        assert obs["face_down_placed"] == [True, True] and obs["fan_size"] == 3
        assert obs["hand_sizes"] == [5, 5]
        # Swapping the opponent's face-down card with the set-aside one, or reordering
        # the fan, changes nothing this seat sees.
        other = state.clone()
        other.down[1 - seat], other.aside = other.aside, other.down[1 - seat]
        other.fan.reverse()
        assert other.observation(seat) == obs
    state.apply(pone, {"type": "pick", "fan": [1, 2]})
    for seat in (0, 1):
        obs = state.observation(seat)
        assert obs["law_cards"] == state.law_cards and obs["fan_size"] == 0
        other = state.clone()
        hidden = [c for c in range(13) if c in other.hands[1 - seat] or c == other.burned]
        other.burned = hidden[0]
        other.hands[1 - seat] = hidden[1:]
        assert other.observation(seat) == obs


def test_resample_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    state = GAME.new_game(2, 9)
    dealer, pone = state.dealer, 1 - state.dealer
    state.apply(dealer, {"type": "down", "card": state.hands[dealer][0]})
    state.apply(pone, {"type": "down", "card": state.hands[pone][0]})
    rng = Rng(3)
    fans, asides = set(), set()
    for _ in range(60):
        sample = state.resample(pone, rng)
        assert sample.observation(pone) == state.observation(pone)
        assert sample.down[pone] == state.down[pone]
        assert sorted(sample.fan) == sorted([sample.aside, *sample.down])
        assert sorted(sample.hands[0] + sample.hands[1] + sample.fan) == list(range(13))
        fans.add(tuple(sample.fan))
        asides.add(sample.aside)
    assert len(asides) > 3 and len(fans) > 10


def test_resample_respects_shown_voids_and_forces_the_burned_card() -> None:
    hands = [[R(2), R(4), H(1), W(2), I], [H(2), H(3), H(4), W(3), W(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)  # burned: W(1)
    play(state, R(4), W(3))  # the dealer shows it holds no Rabbit
    rng = Rng(4)
    burned = set()
    for _ in range(100):
        sample = state.resample(0, rng)
        assert sample.observation(0) == state.observation(0)
        assert not any(c < 4 for c in sample.hands[1])
        burned.add(sample.burned)
    # Unseen by the pone: H2, H3, H4, W1, W4; none is barred, so any may be the burned one.
    assert burned == {H(2), H(3), H(4), W(1), W(4)}
    # The dealer shows it holds no Wand (and no Illusionist); the one unseen Wand must
    # then be the burned card.
    hands = [[W(2), W(3), W(4), H(1), I], [R(2), R(4), H(2), H(3), H(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)  # burned: W(1)
    play(state, W(2), R(2))
    assert W(1) in state.forbidden[1] and I in state.forbidden[1]
    for _ in range(30):
        sample = state.resample(0, rng)
        assert sample.burned == W(1)
        assert sample.observation(0) == state.observation(0)


def test_resample_with_own_card_burned_shuffles_only_the_owners() -> None:
    hands = [[R(2), R(4), H(1), W(2), I], [H(2), H(3), H(4), W(3), W(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)
    state.down[0] = state.burned  # the pone's own card was the burned one
    state.down[1], state.aside = law("heart-break"), law("poison")
    rng = Rng(2)
    seen = set()
    for _ in range(40):
        sample = state.resample(0, rng)
        assert sample.burned == state.burned
        assert sorted(sample.hands[1]) == state.hands[1]
        seen.add(sample.down[1])
    assert seen == {law("heart-break"), law("poison")}


def test_resample_redraws_the_hidden_cards_after_the_game_ends_too() -> None:
    """The burned card is never shown ("no one gets to know what it is"), nor the
    opponent's face-down card; at game over resample returned the true state."""
    rng = Rng(5)
    for seed in range(40):
        state = GAME.new_game(2, seed)
        while not state.is_over():
            seat = state.acting()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        seat = 0 if state.down[0] != state.burned else 1
        samples = [state.resample(seat, rng) for _ in range(20)]
        assert all(s.observation(seat) == state.observation(seat) for s in samples)
        hidden = {(s.burned, s.down[1 - seat], s.aside, tuple(s.hands[1 - seat])) for s in samples}
        assert len(hidden) > 1, f"seed {seed}: every resample kept the true hidden cards"


def test_resample_gives_fresh_randomness() -> None:
    state = GAME.new_game(2, 2)
    a = state.resample(0, Rng(1))
    b = state.resample(0, Rng(2))
    assert a.rng.state != state.rng.state and a.rng.state != b.rng.state


def test_illegal_moves_say_why_and_change_nothing() -> None:
    state = GAME.new_game(2, 1)
    seat = state.turn
    before = state.to_json()
    with pytest.raises(IllegalAction, match="type 'down'"):
        state.apply(seat, {"type": "play", "card": state.hands[seat][0]})
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(seat, {"type": "down", "card": state.hands[1 - seat][0]})
    assert state.to_json() == before


def test_clone_shares_no_scored_hand_with_its_original() -> None:
    """`scored_hands` is copied shallowly by `clone` (APPEND_ONLY): playing a clone on
    never changes the original's record of past hands."""
    state = GAME.new_game(2, 4)
    rng = Rng(2)
    while len(state.scored_hands) < 2:
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    while not copy.is_over():
        seat = copy.acting()[0]
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert len(copy.scored_hands) > 2
    assert state.to_json() == before


# -- the rules in plain words (the table prints them; a rule change touches the engine) ----
def test_the_observation_gives_the_fan_and_the_pick_sizes() -> None:
    state = GAME.new_game(2, 4)
    obs = state.observation(0)
    assert (obs["fan_cards"], obs["pick_size"], obs["fan_size"]) == (FAN_SIZE, PICK_SIZE, 0)
    assert (FAN_SIZE, PICK_SIZE) == (3, 2)
    assert FAN_PICKS == [[0, 1], [0, 2], [1, 2]]
    while state.phase != "pick":
        state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.observation(state.pone)["fan_size"] == FAN_SIZE
    assert [a["fan"] for a in state.legal_actions(state.pone)] == FAN_PICKS


def test_rules_line_says_trump_order_and_trick_type() -> None:
    assert rules_line(rules_for((law("top-hat"), law("poison")))) == (
        "Trump: Hats (the Illusionist is trump too) · Stars low (1) · high cards win."
    )
    assert rules_line(rules_for((law("top-hat"), law("top-rabbit")))) == (
        "Trump: none (only the Illusionist beats other suits) · Stars low (1) · high cards win."
    )
    assert rules_line(rules_for((law("topsy-turvy"), law("stars-are-right")))) == (
        "Trump: Wands (the Illusionist is trump too) · Stars high (13) · low cards win · "
        "the Illusionist never wins."
    )
    assert rules_line(rules_for((law("rope-trick"), law("moon-shot")))).endswith(
        "high cards win · rope tricks."
    )
    state = play_state(PLAIN_HANDS, [law("top-hat"), I])
    assert state.observation(0)["rules"]["line"] == rules_line(state.rules())


def test_rope_guide_says_what_goes_on_the_top_card() -> None:
    rope = rules_for((law("rope-trick"), law("top-hat")))
    assert rope_guide([R(1), R(3)], rope) == (
        "Top card: 3 of Rabbits. Play a higher Rabbit card, or any 3; the Illusionist goes on "
        "anything. Who cannot play loses the pile to the other player."
    )
    assert rope_guide([H(2), W(1)], rope).startswith("Top card: Star of Wands. Play a higher Hat")
    topsy = rules_for((law("rope-trick"), law("topsy-turvy")))
    assert "Play a lower Rabbit card, or any 3;" in rope_guide([R(3)], topsy)
    assert rope_guide([R(3), I], rope) == "Nothing goes on the Illusionist: this pile is taken."
    assert "+2 and the last pile" in ROPE_LEAD_RULE and "gets +2" in LAW_OF_CARD[W(4)].text
    hands = [[R(1), R(2), H(1), H(2), W(1)], [R(3), R(4), H(3), W(2), I]]
    state = play_state(hands, [law("rope-trick"), law("top-hat")], dealer=1)
    assert state.observation(0)["rope_guide"] is None  # nothing led yet
    play(state, R(1))
    for seat in (0, 1):
        assert state.observation(seat)["rope_guide"] == rope_guide([R(1)], state.rules())
    plain = play_state(PLAIN_HANDS, [law("top-hat"), I])
    play(plain, plain.legal_actions(plain.turn)[0]["card"])
    assert plain.observation(0)["rope_guide"] is None  # not a rope trick


def test_a_burned_trick_names_the_law_that_burned_it() -> None:
    hands = [[R(4), R(1), R(2), R(3), W(2)], [I, H(4), W(3), W(4), H(1)]]
    state = play_state(hands, [law("night-club"), law("moon-shot")], dealer=1)
    events = play(state, R(4), I)
    assert next(e for e in events if e["type"] == "trick")["burned_by"] == "Night Club"
    assert state.observation(0)["tricks"][0]["burned_by"] == "Night Club"
    events = play(state, H(4), R(1))
    assert next(e for e in events if e["type"] == "trick")["burned_by"] is None


def test_the_table_prints_the_engines_rule_words() -> None:
    """The Baker table restates no rule: Law texts, rules, counts come from the engine."""
    from ui.tables import magic_trick_baker as table

    source = Path(table.__file__).read_text(encoding="utf-8")
    restated = [
        "by Night Club",
        "(Night Club)",
        "+2",
        "(13)",
        "(1)",
        "counts as trump",
        "higher card of",
        "first trick, normally",
        "len(chosen) < 2",
        "== 2",
        "of the three",
        "two blind",
        "of 2 chosen",
        "Pick two",
        "The Illusionist waits",
    ]
    for words in restated:
        assert words not in source, words
    assert TheIllusionist.name == "The Illusionist" and "waits" in TheIllusionist.waiting
    assert FOLLOW_RULE.startswith("You must follow") and NO_FOLLOW_RULE.endswith("discard.")


def test_the_observation_says_who_is_winning_the_trick_in_play() -> None:
    """`trick_winning`: the leader after the lead; a rope pile's top card's player (the other
    must beat it); None between tricks. The trick's end follows the same rule
    (`trick_winning` in magic_trick_baker_laws), whatever the Laws make of the order."""
    hands = [[R(2), R(4), H(1), W(2), I], [H(2), H(3), H(4), W(3), W(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)
    assert state.observation(0)["trick_winning"] is None
    play(state, R(4))
    assert [state.observation(s)["trick_winning"] for s in (0, 1)] == [0, 0]
    play(state, W(3))  # a trump beats the led Rabbit
    assert state.tricks[-1]["winner"] == 1 and state.observation(0)["trick_winning"] is None

    hands = [[R(1), R(2), H(1), H(2), W(1)], [R(3), R(4), H(3), W(2), I]]
    state = play_state(hands, [law("rope-trick"), law("top-hat")], dealer=1)
    play(state, W(1))
    assert state.observation(1)["trick_winning"] == 0
    play(state, W(2))  # a higher Wand goes on: its player is winning the pile
    assert [state.observation(s)["trick_winning"] for s in (0, 1)] == [1, 1]
    play(state, H(2))  # the same rank: the pone is on top again
    assert state.observation(1)["trick_winning"] == 0


@pytest.mark.parametrize(
    ("laws", "lead", "follow", "winner"),
    [
        (("heart-break", "poison"), R(2), R(4), R(4)),  # high wins, Wands trump
        (("topsy-turvy", "poison"), R(2), R(4), R(2)),  # low wins
        (("topsy-turvy", "poison"), I, R(4), R(4)),  # the Illusionist never wins
        (("top-hat", "poison"), W(4), H(1), H(1)),  # Hats are trump now
        (("stars-are-right", "poison"), H(4), H(1), H(1)),  # a Star is 13
    ],
)
def test_trick_winning_follows_the_laws(
    laws: tuple[str, str], lead: int, follow: int, winner: int
) -> None:
    rules = rules_for(tuple(law(x) for x in laws))
    assert trick_winning([[1, lead]], rules) == 1
    assert trick_winning([[1, lead], [0, follow]], rules) == (0 if winner == follow else 1)
    assert trick_winning([], rules) is None


def test_the_next_hand_still_shows_how_the_last_one_ended() -> None:
    """`last_trick` at the next deal: the scored hand's final trick, for the table."""
    hands = [[R(2), R(4), H(1), W(2), I], [H(2), H(3), H(4), W(3), W(4)]]
    state = play_state(hands, [law("heart-break"), law("poison")], dealer=1)
    assert state.observation(0)["last_trick"] is None
    play(state, R(4), W(3), H(4), H(1), H(2), W(2), I, W(4), R(2), H(3))
    assert state.hand_number == 2 and state.phase == "down"
    for seat in (0, 1):
        last = state.observation(seat)["last_trick"]
        assert last["hand"] == 1 and last["number"] == 5
        assert last["cards"] == [{"seat": 0, "card": R(2)}, {"seat": 1, "card": H(3)}]
        assert last["winner"] == 0
        assert last["win_card"] == R(2) and last["burned"] is False


# What MagicTrickBakerState.clone shares with its original (never changed in place).
SHARED_IN_CLONE = (
    "tricks/",
    "scored_hands/",
    "hand_last_trick",
    "replacement",
    "trick/",
    "options",
)


def _shared_containers(a: Any, b: Any, path: str) -> list[str]:
    """The paths of the lists and dicts that `a` and `b` share (the same objects)."""
    if not isinstance(a, (list, dict)):
        return []
    found = [path] if a is b else []
    items = a.items() if isinstance(a, dict) else enumerate(a)
    for key, value in items:
        found += _shared_containers(value, b[key], f"{path}/{key}")
    return found


@pytest.mark.parametrize("seed", range(3))
def test_clone_copies_every_list_that_changes(seed: int) -> None:
    """`clone` (written out field by field for the search) shares only records that never
    change in place: a field added to the state and not to `clone` fails here."""
    import json

    state = GAME.new_game(2, seed)
    if seed == 2:
        state.quiet = True  # a search's copy: its clones are quiet too
    rng = Rng(seed)
    while not state.is_over():
        copy = state.clone()
        assert json.dumps(copy.to_json()) == json.dumps(state.to_json())  # fields in order
        assert copy.rng is not state.rng
        for name, value in state._fields().items():
            shared = _shared_containers(value, getattr(copy, name), name)
            assert all(p.startswith(SHARED_IN_CLONE) for p in shared), shared
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
