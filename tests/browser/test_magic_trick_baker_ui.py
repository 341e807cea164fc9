"""Magic Trick (Baker) played in Chromium by clicking: a whole game to 31, and forced hands
(by seed) with Rope Trick and with the Illusionist, checked against the engine."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ui.play.session import Session

from .conftest import (
    StrictPage,
    final_scores,
    nothing_covers,
    open_app,
    play_to_end,
    replayed_scores,
)

pytestmark = pytest.mark.browser

GAME = "magic-trick-baker"
# Seeds found with `first_hand_record`; they depend on the bots' moves, hence the level.
ROPE_SEED = 22  # Normal bots, hand 1: The Contract and Rope Trick
ILLUSIONIST_SEED = 13  # Easy bots, hand 1: The Illusionist and Top Hat; Oh, Dickens! replaces it


def first_hand_record(seed: int, level: str = "normal") -> dict[str, Any]:
    """Hand 1 as the engine plays it when the human always takes the first drawn control.

    The table draws the human's controls in the engine's order (hand cards sorted,
    bids 0-5, the fan's positions), so the first one is the first legal action.
    """
    session = Session(GAME, 2, seed, level)
    while not session.state.scored_hands:
        bot = session.next_bot()
        if bot is not None:
            session.bot_move(bot)
        else:
            session.act(0, session.human_legal()[0])
    return session.state.scored_hands[0]


def click_first(page: Page) -> bool:
    """Take the first drawn move (for the pick: select fan cards until its button shows)."""
    actions = page.locator("#screen [data-action]:not([disabled])")
    if actions.count():
        actions.first.click()
        return True
    fan = page.locator("#screen [data-ui=mtb-fan][aria-pressed=false]")
    if fan.count():
        fan.first.click()
        return True
    page.wait_for_timeout(30)
    return False


HAND_ONE_SCORED = '.hand-breakdown[data-hand="1"]'
HUMAN_MOVE = "#screen [data-action]:not([disabled]), #screen [data-ui=mtb-fan][aria-pressed=false]"


def play_first_hand(page: Page, checks: dict[str, Any]) -> None:
    """Play hand 1 by first moves, recording what the table showed on the way.

    It waits for the human's turn before reading the table: nothing changes then until
    the click, so what is recorded is what the human saw when making that move.
    """
    for _ in range(400):
        page.wait_for_selector(f"{HAND_ONE_SCORED}, {HUMAN_MOVE}", state="attached")
        if page.locator(HAND_ONE_SCORED).count():
            return
        if page.locator(".rope-pile").count():
            checks["rope_pile"] = True
            prompt = page.locator("#screen .prompt")
            if prompt.count() and "pile" in prompt.inner_text():
                checks["rope_guide"] = prompt.inner_text()
        if page.locator(".law-origin").count():
            checks["origin"] = page.locator(".law-origin").inner_text()
        if page.locator("#screen [data-action*=bid]").count():
            checks.setdefault("bid_prompts", []).append(
                page.locator("#screen .prompt").inner_text()
            )
        click_first(page)
    raise AssertionError("hand 1 did not end")


def shown_points(page: Page) -> list[int]:
    block = page.locator('.hand-breakdown[data-hand="1"] .seat-breakdown')
    by_seat = {
        int(block.nth(i).get_attribute("data-seat")): int(block.nth(i).get_attribute("data-points"))
        for i in range(block.count())
    }
    return [by_seat[0], by_seat[1]]


def test_full_game_to_31_by_clicks(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    open_app(page, site_url + f"?game={GAME}&seed=5&speed=instant&level=easy")
    # The ritual: three face-down places, the human's six cards each naming its Law.
    page.wait_for_selector("#screen [data-action]")
    expect(page.locator(".ritual-row .mtb-slot")).to_have_count(3)
    downs = page.locator("#screen .my-hand button[data-action*=down]")
    expect(downs).to_have_count(6)
    assert "Law:" in (downs.first.get_attribute("aria-label") or "")
    expect(page.locator(".laws")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # A playable card's ring (4 px) and a hint's (7 px) stay off the Law names below.
    nothing_covers(page, "#screen .my-hand .mtb-caption", "#screen .my-hand button.card", 7)
    downs.first.click()
    # Then the pick, or (when the bot is the pone) the Laws are already on the table.
    page.wait_for_selector("#screen [data-ui=mtb-fan], #screen .laws")
    if page.locator("#screen [data-ui=mtb-fan]").count():
        expect(page.locator("#screen [data-ui=mtb-fan]")).to_have_count(3)
        page.locator("#screen [data-ui=mtb-fan]").nth(0).click()
        page.locator("#screen [data-ui=mtb-fan]").nth(2).click()
        page.click('#screen [data-action=\'{"fan":[0,2],"type":"pick"}\']')
    expect(page.locator("#screen .law-tile")).to_have_count(2)
    expect(page.locator("#screen .law-text").first).not_to_be_empty()
    play_to_end(page, pick_seed=2)
    scores = final_scores(page)
    assert scores == replayed_scores(page)
    over = page.locator("[data-testid=game-over]")
    expect(over.locator(".hand-breakdown .seat-breakdown")).to_have_count(2)
    assert max(scores) >= 31 or over.locator(".mtb-final .score-table tbody tr").count() >= 40
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_pick_keeps_the_selected_cards_off_its_text(phone: StrictPage, site_url: str) -> None:
    """A selected face-down card rises 10px, with a 7px ring and a tick 9px above it: it
    covered the end of "the third is burned unseen"."""
    page = phone.page
    open_app(page, site_url + f"?game={GAME}&seed=6&speed=instant")  # the human is the pone
    page.locator("#screen .my-hand button[data-action*=down]").first.click()
    fan = page.locator("#screen [data-ui=mtb-fan]")
    expect(fan).to_have_count(3)
    fan.nth(0).click()
    fan.nth(1).click()
    expect(page.locator("#screen .mtb-back.selected")).to_have_count(2)
    expect(page.locator("#screen .ritual-note")).to_contain_text("you pick two blind")
    nothing_covers(page, "#screen .ritual-note", "#screen .mtb-back.selected", 9)


def test_a_rope_trick_hand_with_bids(desktop: StrictPage, site_url: str) -> None:
    page = desktop.page
    expected = first_hand_record(ROPE_SEED, "normal")
    open_app(page, site_url + f"?game={GAME}&seed={ROPE_SEED}&level=normal&speed=instant")
    checks: dict[str, Any] = {}
    page.wait_for_selector("#screen [data-action]")
    play_until = page.locator("#screen [data-law=rope-trick]")
    for _ in range(20):
        if play_until.count():
            break
        click_first(page)
    expect(page.locator("#screen [data-law=rope-trick] .law-text")).to_contain_text("higher")
    expect(page.locator("#screen [data-law=contract]")).to_have_count(1)
    expect(page.locator("#screen .rules-line")).to_contain_text("rope tricks")
    play_first_hand(page, checks)
    assert checks.get("rope_pile"), "the rope trick's pile was never drawn"
    assert "higher" in checks.get("rope_guide", ""), checks
    assert any("Bid" in p for p in checks.get("bid_prompts", []))
    assert shown_points(page) == expected["points"]
    runner = expected["rope_out"]
    line = page.locator(
        f'.hand-breakdown .seat-breakdown[data-seat="{runner}"] [data-source=rope-trick]'
    )
    expect(line).to_contain_text("+2")
    expect(page.locator(".log")).to_contain_text("last card")


def test_an_illusionist_hand_replaced_by_a_bidding_law(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    expected = first_hand_record(ILLUSIONIST_SEED, "easy")
    open_app(page, site_url + f"?game={GAME}&seed={ILLUSIONIST_SEED}&level=easy&speed=instant")
    page.wait_for_selector("#screen [data-action]")
    for _ in range(20):
        if page.locator("#screen [data-law=illusionist]").count():
            break
        click_first(page)
    expect(page.locator("#screen .law-note")).to_contain_text("Illusionist")
    checks: dict[str, Any] = {}
    play_first_hand(page, checks)
    assert "Replaced The Illusionist" in checks.get("origin", ""), checks
    assert any("Oh, Dickens!" in p for p in checks.get("bid_prompts", [])), checks
    expect(page.locator(".log")).to_contain_text("replaces The Illusionist")
    assert shown_points(page) == expected["points"]
    assert expected["laws"][0] != 12 and 12 in expected["law_cards"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
