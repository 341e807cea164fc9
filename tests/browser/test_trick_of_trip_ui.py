"""Trick of Trip played to the end in Chromium by clicking, at phone size."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import (
    HINT_TIMEOUT,
    StrictPage,
    edges_stand_out,
    final_scores,
    open_app,
    play_to_end,
    replayed_scores,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("players", [3, 4, 5])
def test_full_game_by_clicks(phone: StrictPage, site_url: str, players: int) -> None:
    page = phone.page
    open_app(
        page, site_url + f"?game=trick-of-trip&players={players}&seed=42&speed=instant&level=easy"
    )
    # The draft: group B starts empty, so no split can be confirmed yet.
    expect(page.locator("[data-ui=tot-move]")).to_have_count(6)
    assert page.locator("#screen [data-action]").count() == 0
    play_to_end(page, pick_seed=players)
    assert final_scores(page) == replayed_scores(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The finished game is counted in the lobby's statistics, and its save is gone.
    assert page.evaluate("localStorage.getItem('pygame-table.save.trick-of-trip')") is None
    page.click("[data-testid=game-over] [data-ui=lobby]")
    page.click(".stats summary")
    row = page.locator(".stats tr", has_text="Trick of Trip")
    expect(row.locator("td").first).to_have_text("1")


def test_the_pick_buttons_look_like_buttons(phone: StrictPage, site_url: str) -> None:
    """'Take group 1/2' were felt green, edged in felt green, on the felt (1.3:1)."""
    page = phone.page
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=3&speed=instant")
    page.click("[data-ui=hint]")  # the hint arranges a split; confirm it
    page.locator("#screen [data-action].hinted").click(timeout=HINT_TIMEOUT)
    takes = page.locator("#screen [data-action*=pick]")
    expect(takes).to_have_count(2)
    assert edges_stand_out(page, "#screen [data-action*=pick]") == 2
