"""The coach (bots/coach.py): verdicts on planted scenarios, determinism, only the seat's
information, and the resumable analysis. Small budgets: the budget is not the point."""

from __future__ import annotations

from typing import Any

from pygame_rules import get_game
from pygame_rules.bots import SeatView, bot_seed, make_bot
from pygame_rules.bots.coach import (
    Analysis,
    CoachBot,
    _rollout_value,
    analyse_decision,
    coach_budget,
    coach_search,
    costliest,
    decisions,
)
from pygame_rules.bots.search import action_key, config_for, rewards
from pygame_rules.rng import Rng

BUDGET = 60
WORLDS = 16


def recorded_game(game_id: str, players: int, seed: int, moves: int) -> list[Any]:
    """`moves` actions of a seeded game between Easy bots, as [seat, action] pairs."""
    state = get_game(game_id).new_game(players, seed, {})
    actions: list[Any] = []
    while state.acting() and len(actions) < moves:
        seat = state.acting()[0]
        bot = make_bot(game_id, "easy", bot_seed(seed, seat, len(actions)))
        action = bot.choose(SeatView(state, seat))
        state.apply(seat, action)
        actions.append([seat, action])
    return actions


def planted_blunder(game_id: str, players: int, seed: int) -> tuple[Any, Any]:
    """A decision of seat 0 and its worst move: each legal move valued by the coach's
    paired rollouts over the seat's own determinizations; the first card play where the
    worst trails the best by 3 points or more (a blunder by any measure)."""
    actions = recorded_game(game_id, players, seed, 60)
    for item in decisions(game_id, players, seed, {}, actions, 0):
        if item["action"]["type"] != "play":  # a card to a trick: its cost shows soon
            continue
        state = item["state"]
        view = SeatView(state, 0)
        start = rewards(state)[0]
        rng = Rng(99)
        worlds = [(view.resample(rng.spawn()), rng.next64() & 0xFFFF) for _ in range(16)]
        values = []
        for action in view.legal_actions():
            total = sum(_rollout_value(w, 0, action, s, start) for w, s in worlds)
            values.append((total / len(worlds), action))
        worst = min(values, key=lambda v: v[0])
        best = max(values, key=lambda v: v[0])
        if best[0] - worst[0] >= 3.0:
            return state, worst[1]
    raise AssertionError("no decision with a clear blunder")


def test_budget_is_at_least_four_times_hard() -> None:
    for game_id in ("trick-of-trip", "magic-trick-wray", "magic-trick-baker", "trickbook"):
        assert coach_budget(game_id) >= 4 * config_for(game_id, "hard").iterations
        hard = config_for(game_id, "hard")
        coach = coach_search(game_id, coach_budget(game_id))
        # More worlds, not only more playouts, but in Baker (stronger over Hard's own:
        # pygame_rules/bots/coach.py COACH_WORLDS_FACTOR).
        worlds = 1 if game_id == "magic-trick-baker" else 4
        assert coach.worlds == worlds * hard.worlds
        assert (coach.rollout, coach.horizon) == (hard.rollout, hard.horizon)


def test_a_planted_blunder_is_flagged_in_trick_of_trip() -> None:
    state, blunder = planted_blunder("trick-of-trip", 3, 5)
    result = analyse_decision(state, 0, blunder, 1, budget=200, worlds=32)
    assert result["flagged"], result
    assert action_key(result["best"]) != action_key(blunder)
    assert result["gap"] > 2 * result["noise"]


def test_a_planted_blunder_is_flagged_in_wray() -> None:
    state, blunder = planted_blunder("magic-trick-wray", 4, 3)
    # The coach as it is (budget, worlds): a smaller analysis does not tell this one apart.
    result = analyse_decision(state, 0, blunder, 1)
    assert result["flagged"], result
    assert result["reason"]  # the better move's reason, in the game's words


def test_the_move_the_search_plays_is_not_flagged() -> None:
    actions = recorded_game("trick-of-trip", 3, 2, 30)
    item = decisions("trick-of-trip", 3, 2, {}, actions, 0)[0]
    first = analyse_decision(item["state"], 0, item["action"], 4, BUDGET, WORLDS)
    again = analyse_decision(item["state"], 0, first["best"], 4, BUDGET, WORLDS)
    assert again["gap"] == 0 and not again["flagged"]
    assert again["reason"] is None


def test_identical_analyses_for_the_same_inputs() -> None:
    actions = recorded_game("magic-trick-wray", 4, 8, 12)
    one = Analysis("magic-trick-wray", 4, 8, {}, actions, 1, BUDGET, 8).run()
    two = Analysis("magic-trick-wray", 4, 8, {}, actions, 1, BUDGET, 8).run()
    assert one == two and one


def test_only_the_seats_information_is_used() -> None:
    """Another true deal the seat cannot tell apart (a resample of the seat's view) gives
    the same analysis."""
    for game_id, players in (("trick-of-trip", 3), ("magic-trick-wray", 4)):
        actions = recorded_game(game_id, players, 11, 40)
        item = decisions(game_id, players, 11, {}, actions, 0)[-1]
        state = item["state"]
        other = SeatView(state, 0).resample(Rng(1234))
        assert other.observation(0) == state.observation(0)
        assert other.to_json()["fields"] != state.to_json()["fields"]  # another true deal
        a = analyse_decision(state, 0, item["action"], 3, BUDGET, WORLDS)
        b = analyse_decision(other, 0, item["action"], 3, BUDGET, WORLDS)
        assert a == b


def test_progress_and_cancel() -> None:
    actions = recorded_game("trick-of-trip", 3, 4, 40)
    analysis = Analysis("trick-of-trip", 3, 4, {}, actions, 0, 20, 4)
    assert analysis.total >= 3 and analysis.done == 0
    assert not analysis.step()
    assert analysis.done == 1
    analysis.cancel()
    assert analysis.step() and analysis.done == 1 and analysis.finished


def test_costliest_orders_flagged_by_gap() -> None:
    rows = [
        {"gap": 0.5, "flagged": True},
        {"gap": 3.0, "flagged": False},
        {"gap": 2.0, "flagged": True},
        {"gap": 2.0, "flagged": True},
        {"gap": 1.0, "flagged": True},
    ]
    top = costliest(rows)
    assert [r["gap"] for r in top] == [2.0, 2.0, 1.0]
    assert top[0] is rows[2]


def _stub_values(monkeypatch: Any, cost: float) -> tuple[Any, Any]:
    """Rollouts replaced by a planted value: a world's luck shared by every move, a little
    noise of each move's own, and `cost` points off for the move the test plays (one the
    coach's search does not choose: only its choice is ever offered as better)."""
    from pygame_rules.bots import coach

    actions = recorded_game("trick-of-trip", 3, 2, 30)
    item = decisions("trick-of-trip", 3, 2, {}, actions, 0)[-1]
    view = SeatView(item["state"], 0)
    choice = CoachBot(5, BUDGET, 2).choose(view)
    played = next(a for a in view.legal_actions() if action_key(a) != action_key(choice))

    def value(world: Any, seat: int, action: Any, seed: int, start: float) -> float:
        luck = float(seed % 11) - 5.0
        own = (sum(ord(c) for c in repr(action)) ^ seed) % 5
        noise = (float((own * 7919 + seed) % 9) - 4.0) / 40
        return luck + noise - (cost if action == played else 0.0)

    monkeypatch.setattr(coach, "_rollout_value", value)
    return item["state"], played


def test_equivalent_moves_are_not_flagged(monkeypatch: Any) -> None:
    """Moves worth the same (up to noise) get no flag, whichever the search prefers."""
    state, played = _stub_values(monkeypatch, 0.0)
    result = analyse_decision(state, 0, played, 5, BUDGET, 32)
    assert not result["flagged"], result
    assert result["gap"] <= 2 * result["noise"] or result["gap"] < 0.1


def test_a_planted_point_lost_is_flagged(monkeypatch: Any) -> None:
    state, played = _stub_values(monkeypatch, 1.0)
    result = analyse_decision(state, 0, played, 5, BUDGET, 32)
    assert result["flagged"], result
    assert 0.8 < result["gap"] < 1.2
    assert abs(result["best_value"] - result["played_value"] - result["gap"]) < 0.002


def test_the_coach_as_a_player_plays_what_it_would_judge_best() -> None:
    """`CoachBot` (the arena's "coach" seat) plays the verdict's best move, judged from its
    view alone, with its own move standing in for a played one."""
    actions = recorded_game("trick-of-trip", 3, 2, 30)
    item = decisions("trick-of-trip", 3, 2, {}, actions, 0)[0]
    bot = CoachBot(7, BUDGET, WORLDS)
    chosen = bot.choose(SeatView(item["state"], 0))
    verdict = analyse_decision(item["state"], 0, chosen, 7, BUDGET, WORLDS)
    assert verdict["best"] == chosen and not verdict["flagged"]
    assert chosen in item["state"].legal_actions(0)
