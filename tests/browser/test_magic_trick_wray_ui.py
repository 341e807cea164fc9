"""Magic Trick (Chris Wray) played to the end in Chromium by clicking, at phone size."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import (
    CONTRAST_JS,
    StrictPage,
    final_scores,
    nothing_covers,
    open_app,
    play_to_end,
    replayed_scores,
    resume_near_the_end,
)

pytestmark = pytest.mark.browser

MY_HIDDEN = "#screen .mtw-row.mine .slot[data-status=hidden] .card"
MY_NOTES = "#screen .mtw-row.mine .slot-note"
MY_CHOICES = "#screen .mtw-row.mine button.card[data-action]"
RING = 4  # a clickable card's outline: 3px, 1px off the card


def my_hidden_texts(page: Page) -> list[str]:
    """The visible text of the human's hidden cards (their ranks must never be drawn)."""
    return page.locator(MY_HIDDEN).evaluate_all("els => els.map(e => e.textContent)")


def played_ranks_readable(page: Page) -> int:
    """Every played card's rank contrasts 3:1 or more with its face, which is opaque (played
    cards were drawn at 55-60% opacity on the felt: 2.6:1). Returns the cards checked."""
    found = page.evaluate(
        """() => {"""
        + CONTRAST_JS
        + """
            return [...document.querySelectorAll('#screen .card.played')].map(card => {
                const face = getComputedStyle(card), rank = card.querySelector('.rank');
                const ink = rgb(getComputedStyle(rank).color), paper = rgb(face.backgroundColor);
                return [card.className, Number(face.opacity), ratio(ink, paper)];
            });
        }"""
    )
    faint = [(cls, alpha, round(ratio, 2)) for cls, alpha, ratio in found if alpha < 1 or ratio < 3]
    assert found and not faint, f"played cards hard to read (class, opacity, contrast): {faint}"
    return len(found)


def wait_for_my_move(page: Page) -> None:
    page.wait_for_selector("#screen [data-action]")


def test_full_game_by_clicks_with_sleeve_step(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    open_app(page, site_url + "?game=magic-trick-wray&players=4&seed=11&speed=instant&level=easy")
    wait_for_my_move(page)
    # Four rows of 14: the human's row of big cards, three rows of small ones. On a phone
    # each bot's seat is summed up, its row left out of the table and shown whole over it
    # at a tap (Escape puts the table back).
    expect(page.locator("#screen .mtw-row.mine .slot")).to_have_count(14)
    expect(page.locator("#screen .board .seat .mtw-row.mini")).to_have_count(0)
    for seat in (1, 2, 3):
        page.click(f'#screen .board [data-detail="seat-{seat}"] > .detail-open')
        expect(page.locator("#detail-panel .mtw-row.mini .slot")).to_have_count(14)
        page.keyboard.press("Escape")
        expect(page.locator("#detail-panel")).to_have_count(0)
    # Only play actions now: cards of the human's row, labelled in plain words.
    plays = page.locator("#screen .mtw-row.mine button.card[data-action]")
    assert plays.count() >= 1
    assert page.locator("#screen [data-action]").count() == plays.count()
    label = plays.first.get_attribute("aria-label") or ""
    assert re.match(r"Play your \d+(st|nd|rd|th) card \(\w+, rank unknown", label), label
    # Nobody, the owner included, sees a hidden rank: no digit on the human's backs.
    texts = my_hidden_texts(page)
    assert len(texts) == 14
    assert not any(re.search(r"\d", t) for t in texts), texts
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The deduction notes under the top row stay clear of the rings of the row below.
    assert nothing_covers(page, MY_NOTES, MY_CHOICES, RING, apart=".slot") == 14

    # After playing (no sleeve yet this hand) comes the sleeve-or-pass step.
    plays.first.click()
    prompt = page.locator("#screen .prompt")
    expect(prompt).to_contain_text("sleeve")
    expect(prompt).to_contain_text("bid")
    expect(page.locator('#screen [data-action="{\\"type\\":\\"pass\\"}"]')).to_have_count(1)
    sleeves = page.locator("#screen .mtw-row.mine button.card[data-action*=sleeve]")
    assert sleeves.count() == 13
    assert "up your sleeve" in (sleeves.first.get_attribute("aria-label") or "")
    assert page.locator("#screen .mtw-row.mine .card.played").count() == 1
    played_ranks_readable(page)
    nothing_covers(page, MY_NOTES, MY_CHOICES, RING, apart=".slot")
    assert not any(re.search(r"\d", t) for t in my_hidden_texts(page))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # Sleeve the last card: its rank is revealed in place and marked as the bid.
    sleeves.last.click()
    sleeved = page.locator("#screen .mtw-row.mine .slot[data-status=sleeved]")
    expect(sleeved).to_have_count(1)
    expect(sleeved).to_contain_text("sleeve")
    expect(sleeved.locator(".card .rank")).to_have_text(re.compile(r"^[0-7]$"))
    # The yellow ring means "you may play this" in your row: the sleeved card has another.
    wait_for_my_move(page)  # the table stays as it is until the human clicks
    ring = sleeved.locator(".card").evaluate("c => getComputedStyle(c).boxShadow")
    playable = page.locator(MY_CHOICES).first.evaluate("c => getComputedStyle(c).outlineColor")
    assert ring.startswith("rgb") and playable not in ring, (playable, ring)
    expect(page.locator("#screen .seat.human")).to_contain_text("bid")
    expect(page.locator(".log")).to_contain_text("You put a card up your sleeve")

    # Then the whole game (four hands) by clicking, checking the hidden backs on the way.
    for _ in range(6):
        play_to_end(page, pick_seed=3, max_steps=25, must_end=False)
        assert not any(re.search(r"\d", t) for t in my_hidden_texts(page))
        if page.locator("#screen .card.played").count():
            played_ranks_readable(page)
    play_to_end(page, pick_seed=3)
    assert final_scores(page) == replayed_scores(page)
    over = page.locator("[data-testid=game-over]")
    expect(over.locator(".hand-scores tbody tr")).to_have_count(16)
    expect(page.locator(".log")).to_contain_text("Hand 4 scored")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_game_without_prestige(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    # The game's last hand (a whole game in the page takes a minute; test_full_game_by_
    # clicks_with_sleeve_step plays one).
    resume_near_the_end(page, site_url, "magic-trick-wray", 4, seed=5, options={"prestige": False})
    wait_for_my_move(page)
    expect(page.locator("#screen .sheet-key")).not_to_contain_text("prestige")
    play_to_end(page, pick_seed=8)
    assert final_scores(page) == replayed_scores(page)
    over = page.locator("[data-testid=game-over]")
    expect(over.locator(".hand-scores caption")).not_to_contain_text("prestige")
    expect(over.locator(".hand-scores")).not_to_contain_text("★")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("size", [(768, 1024), (1000, 1024), (1280, 1024), (1280, 480)])
def test_opponents_cards_stay_readable_on_a_tablet_and_desktop(
    desktop: StrictPage, site_url: str, size: tuple[int, int]
) -> None:
    """Three opponents side by side at 768 px had 14 px cards and notes that ran together
    (and in the half width of a short window's landscape layout)."""
    page = desktop.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(page, site_url + "?game=magic-trick-wray&players=4&seed=11&level=easy&speed=instant")
    wait_for_my_move(page)
    widths = page.locator("#screen .mtw-row.mini .card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect().width)"
    )
    # 20 px: the three rows side by side at 1280 px (21.8 px cards, read in a screenshot).
    assert len(widths) == 42 and min(widths) >= 20, f"opponents' cards {min(widths):.1f} px wide"
    notes = "#screen .mtw-row.mini .slot-note"
    assert nothing_covers(page, notes, notes, 0, apart=".slot") == 42


SCROLL_CUES = """() => [...document.querySelectorAll('#screen .table-scroll')].map(box => [
    box.scrollWidth > box.clientWidth + 1,
    getComputedStyle(box).getPropertyValue('--scroll-cue'),
])"""


def test_a_score_table_wider_than_a_small_phone_fades_until_scrolled(
    phone: StrictPage, site_url: str
) -> None:
    """At 320 px the per-hand table is cut off: its right edge fades out (a cue that there is
    more) until it is scrolled to its end; a table that fits has no fade."""
    page = phone.page
    page.set_viewport_size({"width": 320, "height": 568})
    resume_near_the_end(page, site_url, "magic-trick-wray", 4, seed=11)
    play_to_end(page)
    cues = page.evaluate(SCROLL_CUES)
    assert cues and all(cue == ("40px" if wide else "0px") for wide, cue in cues), cues
    assert any(wide for wide, _ in cues), "no table is wider than 320 px: nothing to cue"
    page.locator("#screen .table-scroll").evaluate_all(
        "boxes => boxes.forEach(box => { box.scrollLeft = box.scrollWidth; })"
    )
    page.wait_for_function(
        "[...document.querySelectorAll('#screen .table-scroll')]"
        ".every(box => getComputedStyle(box).getPropertyValue('--scroll-cue') === '0px')"
    )
    page.set_viewport_size({"width": 1280, "height": 860})
    page.wait_for_function(
        "[...document.querySelectorAll('#screen .table-scroll')]"
        ".every(box => box.scrollWidth <= box.clientWidth + 1)"
    )
    assert all(cue == "0px" for _, cue in page.evaluate(SCROLL_CUES))
