"""The pictures of a game (ui/screens/charts.py) in Chromium at phone size: the game over's
chart of each seat's score over the rounds, with the table behind it, and the statistics'
chart of results over time after a finished game."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import StrictPage, play_to_end, replayed_scores, resume_near_the_end

pytestmark = pytest.mark.browser


def table_numbers(page: Page, table: str) -> list[list[str]]:
    """Each body row's cells (its header first) of the table under `table`."""
    return page.locator(f"{table} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))"
    )


def fits(page: Page, selector: str) -> None:
    """No sideways scroll, and the element inside the 360 px window."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.locator(selector).first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


def test_game_over_and_statistics_charts(phone: StrictPage, site_url: str) -> None:
    from ui.play.session import Session
    from ui.words import number

    page = phone.page
    resume_near_the_end(page, site_url, "trick-of-trip", 3, seed=5)
    play_to_end(page, pick_seed=1)
    over = "[data-testid=game-over]"
    chart = f"{over} .chart"
    # One line per seat, drawn in SVG's namespace (an HTML <polyline> draws nothing).
    lines = page.locator(f"{chart} svg g.line")
    expect(lines).to_have_count(3)
    assert (
        page.locator(f"{chart} svg polyline").evaluate_all(
            "els => els.map(e => e instanceof SVGPolylineElement && e.getTotalLength() > 0)"
        )
        == [True] * 3
    )
    names = lines.locator("text").all_text_contents()
    assert names == ["You", "Bot 1", "Bot 2"]
    dashes = lines.locator("polyline").evaluate_all(
        "els => els.map(e => e.getAttribute('stroke-dasharray'))"
    )
    assert len(set(dashes)) == 3  # told apart without colour
    assert page.locator(f"{chart} svg").get_attribute("role") == "img"
    assert "At the end" in (page.locator(f"{chart} svg").get_attribute("aria-label") or "")
    # The table behind it: the engine's scores at the start and after every round.
    record = json.loads(page.locator(over).get_attribute("data-record") or "{}")
    marks = Session.from_save(record).score_marks
    rows = table_numbers(page, f"{chart} .chart-table")
    assert [row[1:] for row in rows] == [[number(v) for v in m[1]] for m in marks]
    assert rows[-1][1:] == [number(v) for v in replayed_scores(page)]
    fits(page, f"{chart} svg")
    page.click(f"{chart} .chart-table summary")
    fits(page, f"{chart} table")

    # The lobby's statistics: this game's result, charted with its table.
    page.click(f"{over} [data-ui=lobby]")
    page.click(".stats summary")
    stats = page.locator(".stats .chart")
    expect(stats).to_have_count(1)
    expect(stats.locator("svg")).to_have_count(2)
    scores = replayed_scores_from(record)
    margin = scores[0] - max(scores[1:])
    won = "Won" if 0 in Session.from_save(record).winners() else "Lost"
    sign = "+" if margin > 0 else ""
    expect(stats.locator("figcaption")).to_contain_text("Trick of Trip (nuun), Easy bots")
    assert table_numbers(page, ".stats .chart-table") == [
        ["1", won, sign + number(margin), "100%" if won == "Won" else "0%", sign + number(margin)]
    ]
    fits(page, ".stats .chart svg")


def replayed_scores_from(record: dict[str, object]) -> list[int]:
    from ui.play.session import Session

    return [int(s) for s in Session.from_save(record).scores()]
