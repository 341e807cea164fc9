"""Issue 24.2: review a finished game move by move in every game (forward, back, to the
end; by keyboard and by clicks; every card face up), and the last trick during play.

To keep it short, each game resumes a save near its end (seeded random moves in CPython),
and the player finishes it."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import StrictPage, near_the_end, play_to_end, resume_near_the_end
from .test_sizes import check_sizes

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 3), ("trickbook", 2)]
COUNTER = "#screen .review-counter"


def check_last_trick(page: Page) -> None:
    """During play, one tap shows the last trick (its winner and reason), another hides it."""
    button = page.locator("#screen [data-ui=last-trick]")
    button.click()
    panel = page.locator("#screen .last-trick-panel")
    # The winner and the reason, e.g. "Bot 1 won the trick with the 3 of Suns: the lowest card…"
    expect(panel).to_contain_text(re.compile(r"won the trick with the [^:]+: the "))
    check_sizes(page, "#screen")
    page.locator("#screen [data-ui=last-trick]").click()
    expect(panel).to_have_count(0)


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_review_the_game(phone: StrictPage, site_url: str, game_id: str, players: int) -> None:
    page = phone.page
    moves = len(near_the_end(game_id, players)["history"])
    resume_near_the_end(page, site_url, game_id, players)
    if game_id == "trick-of-trip":
        page.wait_for_selector("#screen .table-screen:not([data-waiting])")
        check_last_trick(page)
    play_to_end(page)
    total = json.loads(page.get_attribute("[data-testid=game-over]", "data-record"))["history"]
    assert len(total) > moves
    page.click("#screen [data-ui=review][data-value=game]")
    counter = page.locator(COUNTER)
    expect(counter).to_have_text("Start")
    expect(page.locator("#review-title")).to_be_focused()
    cards = page.locator("#screen .review-cards > *")
    assert cards.count() >= players  # every seat's hand as dealt
    faces = cards.evaluate_all("els => els.map(e => e.className)")
    assert not [c for c in faces if "back" in c.split()]
    check_sizes(page, "#screen")  # text at least 12 px, targets 44 px, on a phone
    # Keyboard: the arrows, and the buttons by Enter.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Move 2 of {len(total)}")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Move 1 of {len(total)}")
    page.locator("#screen [data-ui=review-next]").focus()
    page.keyboard.press("Enter")
    expect(counter).to_have_text(f"Move 2 of {len(total)}")
    expect(page.locator("#screen [data-ui=review-next]")).to_be_focused()
    # Clicks: back, to the end.
    page.click("#screen [data-ui=review-back]")
    expect(counter).to_have_text(f"Move 1 of {len(total)}")
    page.click("#screen [data-ui=review-end]")
    expect(counter).to_have_text(f"Move {len(total)} of {len(total)}")
    assert page.get_attribute("#screen [data-ui=review-next]", "aria-disabled") == "true"
    expect(page.locator("#screen .review-move")).to_contain_text("Game over")
    check_sizes(page, "#screen")
    page.keyboard.press("Home")
    expect(counter).to_have_text("Start")
    page.click("#screen [data-ui=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
