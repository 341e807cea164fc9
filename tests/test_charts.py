"""The charts' data and drawing (ui/screens/charts.py) in CPython: each game's scores per
hand (or round, or letter given) against the engine's own replay, and the SVG's parts."""

from __future__ import annotations

import itertools

import pytest

import pygame_rules
from ui.play.session import Session
from ui.screens import frame
from ui.screens.charts import line_chart, results_chart, score_chart
from ui.screens.game_over import game_over_screen
from ui.screens.lobby import stats_box
from ui.tables import table_for
from ui.vdom import El
from ui.words import number


def random_game(game_id: str, seed: int) -> Session:
    import random

    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.default_players, seed, "easy")
    pick = random.Random(seed)
    while not session.is_over():
        seat = session.waiting_for()[0]
        session.act(seat, pick.choice(session.state.legal_actions(seat)))
    return session


def engine_marks(session: Session) -> list[list[int | float]]:
    """The scores at the start and after each hand's end (a game without hands: after each
    move that changed them), replayed in the engine alone."""
    game = pygame_rules.get_game(session.game_id)
    state = game.new_game(session.players, session.seed, dict(session.options))
    marks = [list(state.scores())]
    for seat, action in session.history:
        ended = game.end_of(state.apply(seat, action))
        scores = list(state.scores())
        if (game.hand_end and ended == "hand") or (not game.hand_end and scores != marks[-1]):
            marks.append(scores)
    assert marks[-1] == list(state.scores())
    return marks


def rows(el: El) -> list[list[str]]:
    body = el.first(lambda e: e.tag == "tbody")
    assert body is not None
    return [
        [c.text() for c in tr.children if isinstance(c, El)]
        for tr in body.children
        if isinstance(tr, El)
    ]


@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_the_scores_per_hand_are_the_engines(game_id: str) -> None:
    for seed in (1, 2):
        session = random_game(game_id, seed)
        marks = engine_marks(session)
        assert [m[1] for m in session.score_marks] == marks
        assert session.score_marks[0][0] == 0
        assert session.score_marks[-1][0] == len(session.history)
        # Saved and resumed: the same marks.
        assert Session.from_save(session.to_save()).score_marks == session.score_marks
        table = table_for(game_id)
        step = table.chart_step or session.game.hand_name
        chart = score_chart(session, table.score_heading, step)
        lines = chart.find_all(lambda e: e.tag == "polyline")
        assert len(lines) == session.players
        assert len({line.attrs.get("stroke-dasharray") for line in lines}) == session.players
        assert [r[1:] for r in rows(chart)] == [[number(v) for v in m] for m in marks]
        assert rows(chart)[0][0] == "Start"


def test_the_game_over_screen_has_the_chart_and_trickbook_charts_letters() -> None:
    session = random_game("trickbook", 3)
    screen = game_over_screen(session, frame.player_view(session))
    svg = screen.first(lambda e: e.tag == "svg")
    assert svg is not None and svg.attrs["role"] == "img"
    assert "At the end" in svg.attrs["aria-label"]
    assert "after each letter given" in screen.text()


def test_a_take_back_drops_the_marks_after_it() -> None:
    session = Session("trick-of-trip", 3, 3, "easy")
    for _ in range(400):
        seat = session.waiting_for()[0]
        session.act(seat, session.state.legal_actions(seat)[-1])
        offer = session.take_back_offer()
        if offer is not None and session.score_marks[-1][0] > offer.index:
            break
    else:
        raise AssertionError("no take-back across a round's end")
    session.take_back()
    assert session.score_marks[-1][0] <= len(session.history)
    replayed = Session("trick-of-trip", 3, 3, "easy")
    for seat, action in session.history:
        replayed.act(seat, action)
    assert session.score_marks == replayed.score_marks


def test_the_lines_names_never_overlap_and_the_chart_scales() -> None:
    chart = line_chart("s", ["Start", "1"], [("A", [0, 10]), ("B", [0, 10]), ("C", [0, 9])])
    assert chart.attrs["viewBox"] == "0 0 320 170" and "width" not in chart.attrs
    ys = sorted(
        float(t.attrs["y"])
        for t in chart.find_all(lambda e: e.tag == "text" and "class" not in e.attrs)
    )
    assert all(b - a >= 14 for a, b in itertools.pairwise(ys))


def test_the_statistics_chart_each_game_and_level_played() -> None:
    recent = [[1, 4], [0, -2], [0, -5], [1, 1]]
    chart = results_chart("Trickbook (Jacob Hauberg Hansen)", "Easy", recent)
    assert len(chart.find_all(lambda e: e.tag == "svg")) == 2
    assert rows(chart) == [
        ["1", "Won", "+4", "100%", "+4"],
        ["2", "Lost", number(-2), "50%", "+1"],
        ["3", "Lost", number(-5), "33%", number(-1)],
        ["4", "Won", "+1", "50%", number(-0.5)],
    ]
    assert "won 2 of your last 4" in chart.text()
    margins = chart.find_all(lambda e: e.tag == "svg")[1]
    assert [e.text() for e in margins.find_all(lambda e: e.tag == "g")] == ["Margin", "Average"]
    # One game: its average is its margin, so one line, named once.
    one = results_chart("Trickbook (Jacob Hauberg Hansen)", "Easy", recent[:1])
    svg = one.find_all(lambda e: e.tag == "svg")[1]
    assert [e.text() for e in svg.find_all(lambda e: e.tag == "g")] == ["Margin"]
    assert svg.attrs["aria-label"].endswith(
        "your margin in the game (your score less the best other): +4."
    )
    stats = {
        "trickbook": {
            "played": 4,
            "won": 2,
            "best": 5,
            "recent": {"hard": recent, "easy": recent[:1]},
        }
    }
    box = stats_box(stats)
    captions = [e.text() for e in box.find_all(lambda e: e.tag == "figcaption")]
    assert [c.split(":")[0] for c in captions] == [
        "Trickbook (Jacob Hauberg Hansen), Easy bots",
        "Trickbook (Jacob Hauberg Hansen), Hard bots",
    ]
    assert (
        stats_box({"trickbook": {"played": 1, "won": 0, "best": 2}}).first(lambda e: e.tag == "svg")
        is None
    )  # statistics of earlier versions: no chart
