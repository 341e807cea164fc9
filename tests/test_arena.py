"""The bot arena: seat specs, rotation, the summary arithmetic, reproducible output."""

from __future__ import annotations

import pytest

from pygame_rules import get_game
from pygame_rules.bots import RandomBot, SeatView, bot_seed, make_bot
from pygame_rules.bots.coach import CoachBot
from pygame_rules.bots.search import SearchBot
from tools.arena import GameResult, Seat, main, mean_interval, run_match, summarize


def test_seat_specs_parse_levels_and_search_overrides() -> None:
    seat = Seat.parse("hard+iterations=40+rollout=heuristic+seconds=none")
    assert seat.level == "hard"
    assert dict(seat.overrides) == {"iterations": 40, "rollout": "heuristic", "seconds": None}
    bot = seat.bot("trickbook", 3)
    assert isinstance(bot, SearchBot) and bot.config.iterations == 40
    assert isinstance(Seat.parse("random").bot("trickbook", 1), RandomBot)
    assert Seat.parse("heuristic").bot("trickbook", 1).randomness == 0.0
    with pytest.raises(ValueError, match="unknown seat"):
        Seat.parse("grandmaster")
    coach = Seat.parse("coach+budget=30+worlds=4").bot("trickbook", 2)
    assert isinstance(coach, CoachBot) and (coach.budget, coach.worlds) == (30, 4)


def test_a_heuristic_seat_may_slip_and_at_easys_rate_it_is_easy() -> None:
    slipping = Seat.parse("heuristic+randomness=0.25")
    for seed in range(5):
        state = get_game("trickbook").new_game(3, seed)
        moves = 0
        while not state.is_over():
            seat = state.acting()[0]
            view = SeatView(state, seat)
            move_seed = bot_seed(seed, seat, moves)
            action = slipping.bot("trickbook", move_seed).choose(view)
            assert action == make_bot("trickbook", "easy", move_seed).choose(view)
            state.apply(seat, action)
            moves += 1
    assert Seat.parse("heuristic+randomness=1").bot("trickbook", 1).randomness == 1.0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("easy+randomness=0.1", "easy takes no setting 'randomness'"),
        ("random+iterations=5", "random takes no setting 'iterations'"),
        ("hard+iterationz=5", "hard takes no setting 'iterationz'"),
        ("heuristic+iterations=5", "heuristic takes no setting 'iterations'"),
        ("heuristic+randomness=1.5", "randomness must be a number from 0 to 1"),
        ("heuristic+randomness=-0.1", "randomness must be a number from 0 to 1"),
        ("heuristic+randomness=true", "randomness must be a number from 0 to 1"),
        ("heuristic+randomness=lots", "randomness must be a number from 0 to 1"),
    ],
)
def test_a_seat_setting_its_level_does_not_take_is_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Seat.parse(spec)


def test_every_spec_sits_in_every_chair_of_every_deal() -> None:
    seats = [Seat.parse("easy"), Seat.parse("random"), Seat.parse("random")]
    results = run_match("trick-of-trip", seats, 6, seed=3, workers=1)
    assert [r.index for r in results] == list(range(6))
    for deal in range(2):
        rotations = [r.chairs for r in results[3 * deal : 3 * deal + 3]]
        for seat in range(3):
            assert sorted(chairs[seat] for chairs in rotations) == [0, 1, 2]


def test_summary_shares_a_tied_win_and_averages_per_seat() -> None:
    seats = [Seat.parse("easy"), Seat.parse("random"), Seat.parse("random")]
    results = [
        GameResult(0, [0, 1, 2], [10, 5, 5], [0], [(0.0, 1)] * 3),
        GameResult(1, [2, 0, 1], [4, 8, 8], [1, 2], [(0.0, 1)] * 3),
    ]
    rows = {r["label"]: r for r in summarize("trick-of-trip", seats, results)}
    assert rows["easy"]["seats"] == 1 and rows["random"]["seats"] == 2
    assert rows["easy"]["win"] == pytest.approx((1 + 0.5) / 2)
    assert rows["random"]["win"] == pytest.approx((0 + 0.25) / 2)
    assert rows["easy"]["score"] == pytest.approx((10 + 8) / 2)
    assert rows["random"]["score"] == pytest.approx((5 + 6) / 2)


def test_mean_interval_is_a_95_percent_normal_interval() -> None:
    mean, half = mean_interval([0.0, 1.0] * 50)
    assert mean == 0.5
    assert half == pytest.approx(1.96 * (0.25 * 100 / 99) ** 0.5 / 10)


def test_parallel_and_serial_runs_agree() -> None:
    seats = [Seat.parse("normal+iterations=3"), Seat.parse("easy")]
    serial = run_match("trickbook", seats, 4, seed=5, workers=1)
    parallel = run_match("trickbook", seats, 4, seed=5, workers=2)
    assert [(r.scores, r.winners) for r in serial] == [(r.scores, r.winners) for r in parallel]


def test_command_line_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--game", "trickbook", "--seats", "easy,random", "--games", "4", "--quiet"])
    out = capsys.readouterr().out
    assert "trickbook, 2 players, 4 games" in out
    assert "| easy | 1 |" in out and "| random | 1 |" in out
    with pytest.raises(SystemExit):
        main(["--game", "magic-trick-wray", "--seats", "easy,easy", "--games", "2"])


def test_the_paired_margin_compares_the_same_deal_and_chair() -> None:
    """A bot's score less the others' in the same chair of the same deal, per deal."""
    seats = [Seat.parse("hard"), Seat.parse("easy")]
    results = [  # deal 0: hard in chair 0 then 1; deal 1 likewise
        GameResult(0, [0, 1], [10, 4], [0], [(0.0, 1)] * 2),
        GameResult(1, [1, 0], [6, 7], [1], [(0.0, 1)] * 2),
        GameResult(2, [0, 1], [3, 3], [0, 1], [(0.0, 1)] * 2),
        GameResult(3, [1, 0], [5, 1], [0], [(0.0, 1)] * 2),
    ]
    rows = {r["label"]: r for r in summarize("trickbook", seats, results)}
    # deal 0: chair 0 10-6, chair 1 7-4 -> 3.5; deal 1: 3-5, 1-3 -> -2
    mean, _ = rows["hard"]["paired"]
    assert mean == pytest.approx((3.5 - 2) / 2)
    assert rows["easy"]["paired"][0] == pytest.approx(-mean)
    alone = summarize("trickbook", [Seat.parse("easy"), Seat.parse("easy")], results)
    assert alone[0]["paired"] is None
