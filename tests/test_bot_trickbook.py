"""Trickbook heuristic bot: hand-built decisions, determinism, and its record vs random."""

from __future__ import annotations

import itertools

import pytest
from test_trickbook import DOUBLE, GAME, MATCH, PASS, SET, SPECIAL, table

from pygame_rules import trickbook as rules
from pygame_rules.bots import (
    RandomBot,
    SeatView,
    bots_for,
    explain_move,
    heuristic_factory,
    make_bot,
    play_out,
)
from pygame_rules.bots.trickbook import (
    TrickbookBot,
    explain,
    holds_chance,
    land_chance,
    land_words,
    odds,
    rest_of_turn,
)


def bot_choice(state, seat: int, seed: int = 0) -> dict:
    return TrickbookBot(seed).choose(SeatView(state, seat))


def test_make_bot_builds_the_heuristic_bot() -> None:
    assert isinstance(heuristic_factory("trickbook")(3, 0.0), TrickbookBot)
    easy = make_bot("trickbook", "easy", 3)
    assert isinstance(easy, TrickbookBot) and easy.randomness == 0.25


def test_odds_helpers() -> None:
    assert land_chance(4) == 0.5 and land_chance(6, 1) == 0.0 and land_chance(2, 0, 1) == 1.0
    assert holds_chance(0, 10, 3) == 0.0 and holds_chance(10, 10, 1) == 1.0
    assert abs(holds_chance(1, 10, 3) - 0.3) < 1e-9


def test_the_odds_and_the_hints_words_are_the_engines() -> None:
    assert land_chance is rules.land_chance  # one rule, used by the bot and the table
    for difficulty, penalty, bonus in itertools.product(range(8), range(4), range(3)):
        for _ in range(2):  # the remembered odds are the rule's, the first time and after
            assert odds(difficulty, penalty, bonus) == land_chance(difficulty, penalty, bonus)
    assert land_words(3) == "it lands on a 3 or more (4 in 6)"
    assert land_words(3, 1) == "it lands on a 4 or more (3 in 6)"
    assert land_words(6, 1) == "it cannot land on one die"


def test_explain_is_declared_and_gives_the_hint_its_reason() -> None:
    assert bots_for("trickbook").explain is explain
    state = table([["kickflip", "hardflip"], ["kickflip", "ollie"]])
    view = SeatView(state, 0)
    assert explain_move(view, SET("kickflip"), ["You", "Bot 1"]).startswith(
        "sets the Kickflip: it lands on a 3 or more"
    )
    rps = GAME.new_game(2, 1)
    text = explain(SeatView(rps, 0), {"type": "rps", "choice": "rock"}, ["You", "Bot 1"])
    assert text is not None and "choose theirs at random" in text


def test_sets_an_easy_trick_without_specials() -> None:
    state = table([["ollie", "hardflip", "360-flip", "impossible"], ["kickflip"]])
    assert bot_choice(state, 0) == SET("ollie")


def test_sets_a_hard_trick_and_lands_it_with_first_try() -> None:
    state = table([["ollie", "hardflip", "kickflip", "impossible"], ["kickflip"]],
                  [["first-try"], []])  # fmt: skip
    assert bot_choice(state, 0) == SET("hardflip")
    state.apply(0, SET("hardflip"))
    assert bot_choice(state, 0) == SPECIAL("first-try")


def test_matches_with_the_same_trick_when_held() -> None:
    state = table([["kickflip", "kickflip", "ollie", "ollie"], ["kickflip", "hardflip"]], dice=[6])
    state.apply(0, SET("kickflip"))
    assert bot_choice(state, 1) == MATCH


def test_discards_its_least_useful_card_for_a_double() -> None:
    state = table([["kickflip", "kickflip", "ollie", "ollie"], ["impossible", "hardflip"]],
                  dice=[6])  # fmt: skip
    state.apply(0, SET("kickflip"))
    assert bot_choice(state, 1) == DOUBLE("hardflip")


def test_focus_only_when_it_lands_the_roll() -> None:
    state = table([["impossible", "ollie", "ollie", "ollie"], ["kickflip"]], [["focus"], []],
                  dice=[3])  # fmt: skip
    state.apply(0, SET("impossible"))
    assert bot_choice(state, 0) == SPECIAL("focus")
    state = table([["impossible", "ollie", "ollie", "ollie"], ["kickflip"]], [["focus"], []],
                  dice=[2])  # fmt: skip
    state.apply(0, SET("impossible"))
    assert bot_choice(state, 0) == PASS


def test_one_more_on_a_failed_match_roll_only_for_the_last_letter() -> None:
    def failed_match(letters: int):
        state = table([["impossible", "ollie", "ollie", "ollie"], ["impossible"]],
                      [[], ["one-more"]], dice=[5, 2], letters=[0, letters])  # fmt: skip
        state.apply(0, SET("impossible"))
        state.apply(1, MATCH)
        return state

    assert bot_choice(failed_match(3), 1) == PASS  # kept to rescue a set of our own
    assert bot_choice(failed_match(4), 1) == SPECIAL("one-more")


def test_focus_on_a_match_only_for_the_last_letter() -> None:
    for letters, choice in ((0, PASS), (4, SPECIAL("focus"))):
        state = table([["impossible", "ollie", "ollie", "ollie"], ["kickflip"]],
                      [[], ["focus"]], dice=[6, 5, 3], letters=[0, letters])  # fmt: skip
        state.apply(0, SET("impossible"))
        state.apply(1, DOUBLE("kickflip"))
        assert state.acting() == (1,)
        assert bot_choice(state, 1) == choice


def test_first_try_on_a_match_only_for_the_last_letter() -> None:
    for letters, choice in ((3, PASS), (4, SPECIAL("first-try"))):
        state = table([["impossible", "ollie", "ollie", "ollie"], ["impossible"]],
                      [[], ["first-try"]], dice=[6], letters=[0, letters])  # fmt: skip
        state.apply(0, SET("impossible"))
        state.apply(1, MATCH)
        assert state.acting() == (1,)
        assert bot_choice(state, 1) == choice  # a match landing half the time


def test_keeping_the_turn_is_worth_more_as_rivals_run_out_of_cards() -> None:
    assert rest_of_turn(0) == pytest.approx(0.8 / 0.2)  # no cards: a letter on every landed set
    assert [rest_of_turn(c) for c in range(4)] == sorted(
        (rest_of_turn(c) for c in range(4)), reverse=True
    )
    # A rival one letter from out, three cards in hand: a Shuv-it lands more often and
    # keeps the turn that drains them, where one Heelflip is likelier to be missed.
    state = table([["shuv-it", "heelflip", "heelflip", "hardflip"],
                   ["impossible", "hardflip", "360-flip"]], letters=[0, 4])  # fmt: skip
    assert bot_choice(state, 0) == SET("shuv-it")


def test_one_more_is_kept_when_two_rolls_fail() -> None:
    state = table([["impossible", "ollie", "ollie", "ollie"], ["kickflip"]],
                  [[], ["one-more"]], dice=[5, 2, 2], special_deck=[])  # fmt: skip
    state.apply(0, SET("impossible"))
    state.apply(1, DOUBLE("kickflip"))
    assert bot_choice(state, 1) == PASS


def test_steals_the_turn_rather_than_face_a_hard_match() -> None:
    state = table([["360-flip", "ollie", "ollie", "ollie"], ["kickflip", "kickflip"]],
                  [[], ["steal-turn"]], dice=[6])  # fmt: skip
    state.apply(0, SET("360-flip"))
    assert bot_choice(state, 1) == PASS  # a 360 Flip set lands only a third of the time
    state.apply(1, PASS)
    state.apply(1, DOUBLE("kickflip"))
    assert bot_choice(state, 1) == SPECIAL("steal-turn")


def test_psyches_a_matcher_near_elimination() -> None:
    hands = [["impossible", "ollie", "ollie", "ollie"], ["kickflip"], ["impossible"]]
    state = table(hands, [["psyche"], [], []], dice=[6, 4, 4], letters=[0, 0, 4])
    state.apply(0, SET("impossible"))
    state.apply(1, DOUBLE("kickflip"))
    assert state.acting() == (0,)
    assert bot_choice(state, 0) == PASS  # seat 1 has no letters yet
    state.apply(0, PASS)
    state.apply(2, MATCH)
    assert state.acting() == (0,)
    assert bot_choice(state, 0) == SPECIAL("psyche")


def test_bot_is_deterministic_for_a_seed_and_always_legal() -> None:
    def game(seed: int) -> list:
        bots = [TrickbookBot(seed * 10 + s, 0.25) for s in range(4)]
        return play_out(GAME.new_game(4, seed), bots).scores()

    for seed in range(10):
        assert game(seed) == game(seed)


def _arena(num_players: int, games: int) -> float:
    """Win share of one heuristic bot against random bots, its seat rotating."""
    wins = 0
    for i in range(games):
        hero = i % num_players
        bots = [
            TrickbookBot(i * 7 + s) if s == hero else RandomBot(i * 7 + s)
            for s in range(num_players)
        ]
        state = play_out(GAME.new_game(num_players, 1000 + i), bots)
        wins += state.winners() == [hero]
    return wins / games


def test_heuristic_bot_beats_random_bots() -> None:
    two = _arena(2, 300)
    four = _arena(4, 200)
    print(f"\ntrickbook heuristic vs random: 2 players {two:.1%} of 300 games (fair 50%), "
          f"4 players {four:.1%} of 200 games (fair 25%)")  # fmt: skip
    assert two > 0.7
    assert four > 0.45
