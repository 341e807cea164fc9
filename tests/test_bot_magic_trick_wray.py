"""Magic Trick (Wray) heuristic bot: hand-built decisions, determinism, and its record vs random."""

from __future__ import annotations

from collections.abc import Callable

import pygame_rules
from pygame_rules import Rng
from pygame_rules.bots import RandomBot, SeatView, heuristic_factory, make_bot, play_out
from pygame_rules.bots.base import Decided
from pygame_rules.bots.magic_trick_wray import Deduced, MagicTrickWrayBot, expected_bid_score
from pygame_rules.magic_trick_wray import (
    HEARTS,
    MagicTrickWrayState,
    rank_distributions,
    rank_of,
    suit_of,
)

GAME = pygame_rules.get_game("magic-trick-wray")
GAMES = 200
PLAYED, SLEEVED = 1, 2


def scenario(
    seed: int,
    hidden: dict[int, list[int]],
    trick: list[list[int]],
    turn: int,
    phase: str,
    sleeves: dict[int, int],
    tricks_won: list[int],
) -> MagicTrickWrayState:
    """The real deal of `seed` late in a hand: every card revealed except `hidden`."""
    state = GAME.new_game(4, seed)
    for s in range(4):
        state.status[s] = [0 if p in hidden.get(s, []) else PLAYED for p in range(14)]
        state.sleeve[s] = sleeves.get(s, -1)
        if s in sleeves:
            state.status[s][sleeves[s]] = SLEEVED
    state.trick = [list(t) for t in trick]
    state.leader = trick[0][0] if trick else turn
    state.turn = turn
    state.phase = phase
    state.tricks_won = list(tricks_won)
    state.trick_number = 13 - sum(st.count(0) for st in state.status) // 4
    return state


def find_deal(predicate: Callable[[list[int]], dict | None]) -> tuple[int, dict]:
    """The first seed whose row 0 satisfies `predicate` (returning the positions it needs)."""
    for seed in range(500):
        found = predicate(GAME.new_game(4, seed).rows[0])
        if found is not None:
            return seed, found
    raise AssertionError("no such deal")


def other_seat_card(state: MagicTrickWrayState, seat: int, avoid: set[int]) -> int:
    """A position in `seat`'s row whose suit is not in `avoid` (for a trick card)."""
    return next(p for p, c in enumerate(state.rows[seat]) if suit_of(c) not in avoid)


def choice(state: MagicTrickWrayState, seat: int, seed: int = 0) -> dict:
    return MagicTrickWrayBot(seed).choose(SeatView(state, seat))


def test_make_bot_builds_the_heuristic_bot() -> None:
    assert isinstance(heuristic_factory("magic-trick-wray")(3, 0.0), MagicTrickWrayBot)
    easy = make_bot("magic-trick-wray", "easy", 3)
    assert isinstance(easy, MagicTrickWrayBot) and easy.randomness == 0.25


def heart_and_plain(row: list[int]) -> dict | None:
    hearts = [p for p, c in enumerate(row) if suit_of(c) == HEARTS]
    plain = [p for p, c in enumerate(row) if suit_of(c) != HEARTS]
    if hearts and len(plain) >= 2:
        return {"heart": hearts[0], "plain": plain[0], "sleeve": plain[1]}
    return None


def trump_scenario(tricks_won: int) -> tuple[MagicTrickWrayState, dict]:
    """Seat 0 plays last to a trick without hearts; it holds a heart and an off-suit card."""
    seed, pos = find_deal(heart_and_plain)
    state = GAME.new_game(4, seed)
    mine = {HEARTS, suit_of(state.rows[0][pos["plain"]])}
    trick = [[s, other_seat_card(state, s, mine)] for s in (1, 2, 3)]
    led = suit_of(state.rows[1][trick[0][1]])
    trick = [[1, trick[0][1]]] + [
        [s, next(p for p, c in enumerate(state.rows[s]) if suit_of(c) == led)]
        if any(suit_of(c) == led for c in state.rows[s])
        else [s, p]
        for s, p in trick[1:]
    ]
    bid = rank_of(state.rows[0][pos["sleeve"]])
    state = scenario(
        seed,
        hidden={0: [pos["heart"], pos["plain"]]},
        trick=trick,
        turn=0,
        phase="play",
        sleeves={0: pos["sleeve"]},
        tricks_won=[bid + tricks_won, 0, 0, 0],
    )
    return state, pos


def test_under_its_bid_it_trumps_to_take_the_trick() -> None:
    state, pos = trump_scenario(tricks_won=-1)
    assert {"type": "play", "pos": pos["heart"]} in state.legal_actions(0)
    assert choice(state, 0) == {"type": "play", "pos": pos["heart"]}


def test_at_its_bid_it_throws_the_card_that_cannot_win() -> None:
    state, pos = trump_scenario(tricks_won=0)
    assert choice(state, 0) == {"type": "play", "pos": pos["plain"]}


def two_of_a_suit(row: list[int]) -> dict | None:
    """Two non-heart cards of one suit with a gap of 2+ ranks, plus a card to sleeve."""
    for p, low in enumerate(row):
        for q in range(p + 1, 14):
            high = row[q]
            if suit_of(low) == suit_of(high) != HEARTS and rank_of(high) - rank_of(low) >= 2:
                rest = [r for r in range(14) if r not in (p, q)]
                return {"low": p, "high": q, "sleeve": rest[0]}
    return None


def follow_scenario(tricks_won: int) -> tuple[MagicTrickWrayState, dict] | None:
    """Seat 1 leads a card ranked between seat 0's two cards of that suit; seat 0 is last."""
    for seed in range(500):
        state = GAME.new_game(4, seed)
        pos = two_of_a_suit(state.rows[0])
        if pos is None:
            continue
        suit = suit_of(state.rows[0][pos["low"]])
        low, high = rank_of(state.rows[0][pos["low"]]), rank_of(state.rows[0][pos["high"]])
        lead = [
            p for p, c in enumerate(state.rows[1]) if suit_of(c) == suit and low < rank_of(c) < high
        ]
        fillers = [
            next((p for p, c in enumerate(state.rows[s]) if suit_of(c) not in (suit, HEARTS)), None)
            for s in (2, 3)
        ]
        if not lead or None in fillers:
            continue
        bid = rank_of(state.rows[0][pos["sleeve"]])
        built = scenario(
            seed,
            hidden={0: [pos["low"], pos["high"]]},
            trick=[[1, lead[0]], [2, fillers[0]], [3, fillers[1]]],
            turn=0,
            phase="play",
            sleeves={0: pos["sleeve"]},
            tricks_won=[bid + tricks_won, 0, 0, 0],
        )
        return built, pos
    return None


def test_following_suit_it_wins_or_ducks_as_its_bid_requires() -> None:
    under = follow_scenario(tricks_won=-1)
    assert under is not None
    state, pos = under
    assert choice(state, 0) == {"type": "play", "pos": pos["high"]}
    state, pos = follow_scenario(tricks_won=0)
    assert choice(state, 0) == {"type": "play", "pos": pos["low"]}


def low_and_three(row: list[int]) -> dict | None:
    """A rank-0 and a rank-3 non-heart card, plus an off-suit card to have just played."""
    zero = [p for p, c in enumerate(row) if rank_of(c) == 0 and suit_of(c) != HEARTS]
    three = [p for p, c in enumerate(row) if rank_of(c) == 3 and suit_of(c) != HEARTS]
    if not zero or not three:
        return None
    used = {suit_of(row[zero[0]]), suit_of(row[three[0]]), HEARTS}
    played = [p for p, c in enumerate(row) if suit_of(c) not in used]
    return {"zero": zero[0], "three": three[0], "played": played[0]} if played else None


def sleeve_scenario(tricks_won: int) -> tuple[MagicTrickWrayState, dict]:
    """Seat 0 has just played last to a trick it cannot win; two hidden cards left."""
    seed, pos = find_deal(low_and_three)
    state = GAME.new_game(4, seed)
    led = next(
        s
        for s in range(7)
        if s != HEARTS
        and s != suit_of(state.rows[0][pos["played"]])
        and all(any(suit_of(c) == s for c in state.rows[t]) for t in (1, 2, 3))
    )
    trick = [
        [t, next(p for p, c in enumerate(state.rows[t]) if suit_of(c) == led)] for t in (1, 2, 3)
    ]
    built = scenario(
        seed,
        hidden={0: [pos["zero"], pos["three"]]},
        trick=[*trick, [0, pos["played"]]],
        turn=0,
        phase="sleeve",
        sleeves={},
        tricks_won=[tricks_won, 0, 0, 0],
    )
    return built, pos


def test_it_sleeves_the_card_matching_the_tricks_it_has() -> None:
    state, pos = sleeve_scenario(tricks_won=3)
    assert choice(state, 0) == {"type": "sleeve", "pos": pos["three"]}
    state, pos = sleeve_scenario(tricks_won=0)
    assert choice(state, 0) == {"type": "sleeve", "pos": pos["zero"]}


def test_expected_bid_score_prefers_a_bid_near_the_expected_tricks() -> None:
    sure_three = [0.0] * 3 + [1.0] + [0.0] * 4
    sure_six = [0.0] * 6 + [1.0] + [0.0]
    assert expected_bid_score(sure_three, 3.0) > expected_bid_score(sure_six, 3.0)
    spread = [0.25, 0.25, 0.25, 0.25, 0, 0, 0, 0]
    assert expected_bid_score(sure_three, 3.0) > expected_bid_score(spread, 3.0)


def test_bot_is_deterministic_and_always_legal() -> None:
    def game(seed: int) -> list[int]:
        bots = [MagicTrickWrayBot(seed * 10 + s, 0.25) for s in range(4)]
        return play_out(GAME.new_game(4, seed), bots).scores()

    assert game(5) == game(5)
    wild = MagicTrickWrayBot(1, 1.0)
    state = GAME.new_game(4, 2)
    rng = Rng(9)
    while not state.is_over():
        seat = state.acting()[0]
        action = (
            wild.choose(SeatView(state, 0)) if seat == 0 else rng.choice(state.legal_actions(seat))
        )
        state.apply(seat, action)


def test_heuristic_bot_beats_random_bots() -> None:
    wins = 0.0
    bot_total = random_total = 0.0
    made = hands = 0
    for seed in range(GAMES):
        bot_seat = seed % 4
        bots = [
            MagicTrickWrayBot(seed * 10 + s) if s == bot_seat else RandomBot(seed * 10 + s)
            for s in range(4)
        ]
        final = play_out(GAME.new_game(4, seed), bots)
        winners, scores = final.winners(), final.scores()
        if bot_seat in winners:
            wins += 1 / len(winners)
        bot_total += scores[bot_seat]
        random_total += (sum(scores) - scores[bot_seat]) / 3
        for record in final.score_sheet:
            made += record["results"][bot_seat]["made"]
            hands += 1
    share = wins / GAMES
    print(
        f"\nmagic-trick-wray, {GAMES} games (1 heuristic vs 3 random, seats rotating): "
        f"heuristic win share {share:.3f} (fair 0.250); average score heuristic "
        f"{bot_total / GAMES:.2f}, random {random_total / GAMES:.2f}; "
        f"heuristic made its bid in {made / hands:.0%} of hands"
    )
    assert share > 0.6
    assert bot_total / GAMES > random_total / GAMES + 6


def test_the_rules_of_thumb_deduce_in_one_slice_and_choose_in_the_next() -> None:
    """The rank odds took 20-40 ms on MicroPython at a hand's start, the choice after them
    10-15 ms more: two slices, so the page draws between them. The move is `choose`'s, and
    one the odds of the position lead to, whatever the slices were."""
    deduced = 0
    for seed in range(6):
        state = GAME.new_game(4, seed)
        rng = Rng(seed)
        for _ in range(60):
            if state.is_over():
                break
            seat = state.acting()[0]
            view = SeatView(state.clone(), seat)
            thinking = MagicTrickWrayBot(seed).start(view)
            legal = view.legal_actions()
            if len(legal) == 1:
                assert isinstance(thinking, Decided)
            else:
                assert isinstance(thinking, Deduced)
                deduced += 1
                assert not thinking.step(0.0) and thinking.action is None
                assert thinking.dist == rank_distributions(view.observation())
                assert thinking.step(0.0)
                assert thinking.best_action() == MagicTrickWrayBot(seed).choose(view)
                cut = MagicTrickWrayBot(seed).start(view)  # a time cap before any slice
                assert cut.best_action() == thinking.best_action()
            state.apply(seat, rng.choice(legal))
    assert deduced > 100
