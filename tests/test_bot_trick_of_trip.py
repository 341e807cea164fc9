"""Trick of Trip heuristic bot: hand-built decisions, determinism, and its record vs random."""

from __future__ import annotations

import pytest
from test_trick_of_trip import GAME, L, M, S, T, W, draft_state, play_state, split_action

from pygame_rules import Rng
from pygame_rules.bots import RandomBot, SeatView, heuristic_factory, make_bot, play_out
from pygame_rules.bots.trick_of_trip import TrickOfTripBot

GAMES_PER_COUNT = 180


def bot_choice(state, seat: int, seed: int = 0) -> dict:
    return TrickOfTripBot(seed).choose(SeatView(state, seat))


def test_make_bot_builds_the_heuristic_bot() -> None:
    assert isinstance(heuristic_factory("trick-of-trip")(3, 0.0), TrickOfTripBot)
    easy = make_bot("trick-of-trip", "easy", 3)
    assert isinstance(easy, TrickOfTripBot) and easy.randomness == 0.25


def test_plays_a_seven_once_a_trump_is_in_the_trick() -> None:
    hands = [[S(5)], [T(1)], [M(7), M(12), L(1)]]
    state = play_state(hands, leader=0)
    state.apply(0, {"type": "play", "card": S(5)})
    state.apply(1, {"type": "play", "card": T(1)})
    assert bot_choice(state, 2) == {"type": "play", "card": M(7)}


def test_wins_cheaply_with_a_low_card_of_a_suit_it_already_scores() -> None:
    hands = [[S(9)], [S(10)], [S(2), S(11), L(1), L(2)]]
    state = play_state(hands, leader=0)
    state.won[2] = [S(12)]
    state.apply(0, {"type": "play", "card": S(9)})
    state.apply(1, {"type": "play", "card": S(10)})
    assert bot_choice(state, 2) == {"type": "play", "card": S(2)}


def test_dumps_a_useless_card_when_it_cannot_win() -> None:
    hands = [[S(3)], [T(1)], [M(12), L(1), T(6), W(2)]]
    state = play_state(hands, leader=0)
    state.apply(0, {"type": "play", "card": S(3)})
    state.apply(1, {"type": "play", "card": T(1)})
    assert bot_choice(state, 2) == {"type": "play", "card": M(12)}


def test_picks_the_set_that_scores_with_its_won_cards() -> None:
    hands = [
        [S(1), S(2), S(3), M(10), M(11), W(12)],
        [L(3), L(4), L(5), L(8), L(9), L(10)],
        [W(3), W(4), W(5), W(8), W(9), W(10)],
    ]
    state = draft_state(hands, 1)
    state.won[1] = [S(12)]
    for seat, hand in enumerate(hands):
        state.apply(seat, split_action(hand[:3], hand[3:]))
    # Seat 1 receives seat 0's stand: the low Suns score 12 each with its won 12 of Suns.
    choice = bot_choice(state, 1)
    sets = state.stands[0]
    assert sets[choice["set"]] == [S(1), S(2), S(3)]


def test_split_keeps_value_whatever_the_neighbour_takes() -> None:
    hand = [T(1), T(2), S(7), M(7), S(12), M(12)]
    state = draft_state([hand, [L(c) for c in range(1, 7)], [W(c) for c in range(1, 7)]], 1)
    action = bot_choice(state, 0)
    assert action in state.legal_actions(0)
    first, second = action["sets"]
    # Never hand both trumps (or both 7s) over in one set: each set keeps a strong card.
    assert not {T(1), T(2)} <= set(first) and not {T(1), T(2)} <= set(second)
    assert not {S(7), M(7)} <= set(first) and not {S(7), M(7)} <= set(second)


def test_bot_is_deterministic_for_a_seed_and_always_legal() -> None:
    def game(seed: int) -> list[int]:
        bots = [TrickOfTripBot(seed * 10 + s, 0.25) for s in range(4)]
        return play_out(GAME.new_game(4, seed), bots).scores()

    assert game(5) == game(5)
    fully_random = TrickOfTripBot(1, 1.0)
    state = GAME.new_game(3, 2)
    rng = Rng(9)
    while not state.is_over():
        seat = state.acting()[0]
        if seat == 0:
            action = fully_random.choose(SeatView(state, 0))
        else:
            action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_heuristic_bot_beats_random_bots(n: int) -> None:
    wins = 0.0
    bot_total = 0
    random_total = 0.0
    for seed in range(GAMES_PER_COUNT):
        bot_seat = seed % n
        bots = [
            TrickOfTripBot(seed * 10 + s) if s == bot_seat else RandomBot(seed * 10 + s)
            for s in range(n)
        ]
        final = play_out(GAME.new_game(n, seed), bots)
        winners, scores = final.winners(), final.scores()
        if bot_seat in winners:
            wins += 1 / len(winners)
        bot_total += scores[bot_seat]
        random_total += (sum(scores) - scores[bot_seat]) / (n - 1)
    share = wins / GAMES_PER_COUNT
    print(
        f"\ntrick-of-trip {n}p, {GAMES_PER_COUNT} games: heuristic win share {share:.3f} "
        f"(fair {1 / n:.3f}); average score heuristic {bot_total / GAMES_PER_COUNT:.1f}, "
        f"random {random_total / GAMES_PER_COUNT:.1f}"
    )
    assert share > 1.8 / n
    assert bot_total > 1.5 * random_total
