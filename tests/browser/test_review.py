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


TRICK_GAMES = GAMES[:3]  # Trickbook's tricks are a skater's, not tricks of cards
SIZES = [
    {"width": 360, "height": 740},
    {"width": 740, "height": 360},
    {"width": 1280, "height": 800},
]
LAST_TRICK = "#screen [data-ui=last-trick]"
PANEL = "#screen .last-trick-panel"
# Who won the trick and why, e.g. "Bot 1 won the trick with the 3 of Suns: the lowest card…",
# "You won trick 1 with the 7 of Spades: the highest…", "Bot 1 takes trick 2 with the …: …"
WON = re.compile(r"\b(won|takes?) (the )?trick( \d+)? with the [^:]+: \w")
MY_TURN = "#screen .table-screen:not([data-waiting]) [data-action]:not([disabled])"
# '' when the element is wholly inside the viewport and nothing is drawn over its centre.
IN_VIEW = """(selector) => {
    const el = document.querySelector(selector);
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
        return `out of view: ${Math.round(r.top)}-${Math.round(r.bottom)}`;
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return hit !== null && (hit === el || el.contains(hit)) ? '' : 'covered';
}"""


def in_view(page: Page, selector: str) -> str:
    return page.evaluate(IN_VIEW, selector)


def check_last_trick(page: Page) -> None:
    """At the player's turn, once a trick is taken: Last trick is on screen without a
    scroll (a phone upright and on its side, a desktop); one tap shows the trick (its
    winner and why, on screen too), Back to play (or Escape) hides it, and play goes on."""
    size = page.viewport_size
    for viewport in SIZES:
        page.set_viewport_size(viewport)
        page.wait_for_selector(MY_TURN)
        page.evaluate("scrollTo(0, 0)")
        assert in_view(page, LAST_TRICK) == "", viewport
        page.click(LAST_TRICK)
        expect(page.locator(PANEL)).to_contain_text(WON)
        expect(page.locator(LAST_TRICK)).to_have_text("Back to play")
        expect(page.locator(LAST_TRICK)).to_be_focused()
        for part in ("#last-trick-title", f"{PANEL} .last-trick-won", LAST_TRICK):
            assert in_view(page, part) == "", (viewport, part)
        if viewport == SIZES[0]:
            check_sizes(page, "#screen")  # text at least 12 px, targets 44 px, on a phone
        page.click(LAST_TRICK)
        expect(page.locator(PANEL)).to_have_count(0)
        expect(page.locator(LAST_TRICK)).to_have_text("Last trick")
        assert in_view(page, MY_TURN) == "", viewport  # back to play: your move, on screen
    # By keyboard: Enter shows it, Escape hides it.
    page.focus(LAST_TRICK)
    page.keyboard.press("Enter")
    expect(page.locator(PANEL)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(PANEL)).to_have_count(0)
    expect(page.locator(LAST_TRICK)).to_be_focused()
    if size:
        page.set_viewport_size(size)


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_review_the_game(phone: StrictPage, site_url: str, game_id: str, players: int) -> None:
    page = phone.page
    moves = len(near_the_end(game_id, players)["history"])
    resume_near_the_end(page, site_url, game_id, players)
    if (game_id, players) in TRICK_GAMES:
        check_last_trick(page)
    else:
        page.wait_for_selector("#screen .table-screen:not([data-waiting])")
        expect(page.locator(LAST_TRICK)).to_have_count(0)
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
