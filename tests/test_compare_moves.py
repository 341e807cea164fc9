"""compare_moves: where a level and the heuristic bot disagree, and what each move wins."""

from __future__ import annotations

import pytest

from pygame_rules import get_game
from tools.compare_moves import compare_game, label, main, report, win_chance


def test_labels_name_an_action_by_its_values() -> None:
    assert label({"type": "special", "card": "steal-turn"}) == "special steal-turn"
    assert label({"type": "pass"}) == "pass"


def test_win_chance_counts_seat_zeros_wins_in_games_played_to_the_end() -> None:
    state = get_game("trickbook").new_game(2, 4)
    action = state.legal_actions(0)[0]
    chance = win_chance(state, action, 20, seed=1)
    assert 0.0 <= chance <= 1.0 and chance * 20 == pytest.approx(round(chance * 20))
    assert win_chance(state, action, 20, seed=1) == chance  # seeded: same worlds, same dice


def test_easy_disagrees_with_its_own_heuristic_only_by_its_slips() -> None:
    """Easy is the heuristic plus random slips: it disagrees somewhere in a game, each
    gain is a difference of two win chances, and the comparison is reproducible."""
    task = ("trickbook", 2, 7, "easy", 4, {})
    found = compare_game(task)
    assert found == compare_game(task)
    assert found and all(-1.0 <= gain <= 1.0 for _, gain in found)
    assert all(" vs " in kind for kind, _ in found)


def test_best_takes_the_move_its_rollouts_favour_and_measures_it_afresh() -> None:
    task = ("trickbook", 2, 7, "best", 6, {})
    found = compare_game(task)
    assert found == compare_game(task)
    assert found and all(-1.0 <= gain <= 1.0 for _, gain in found)
    # a gain measured on the same rollouts that chose the move could never be negative
    assert any(gain < 0 for _, gain in found)


def test_report_lists_kinds_costliest_first_with_an_overall_mean() -> None:
    text = report([[("a vs b", -0.2), ("c vs d", 0.1)], [("a vs b", -0.1)]])
    rows = [line for line in text.splitlines() if line.startswith("| ") and " vs " in line]
    assert rows[1:] == ["| a vs b | 2 | -0.150 |", "| c vs d | 1 | +0.100 |"]
    # per disagreement: -0.0667, sd 0.1528; per game: -0.1 and -0.1, sd 0
    assert "3 disagreements in 2 games; mean gain -0.0667 ± 0.1729 per disagreement" in text
    assert "-0.100 ± 0.000 per game" in text


def test_the_heuristic_cannot_be_compared_with_itself(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "trickbook", "--players", "2", "--level", "heuristic"])
    assert "compare a level" in capsys.readouterr().err
