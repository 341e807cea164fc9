"""Sharing a game: the table's Link opens the share panel (copy, the system share sheet),
and a position link asks whether to watch the game from its start or continue it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import StrictPage, open_app
from .test_sizes import check_sizes

pytestmark = pytest.mark.browser

DEAL = "?game=trick-of-trip&players=3&seed=8&level=easy"


def split_once(page: Page) -> None:
    """The human's first move in Trick of Trip: a split of their six cards, then the bots."""
    page.wait_for_selector(".table-screen:not([data-waiting])")
    for _ in range(3):
        page.locator("[data-ui=tot-move]").nth(0).click()
    page.locator("#screen [data-action]").first.click()
    page.wait_for_selector(".table-screen:not([data-waiting])")


def test_a_copied_position_link_offers_to_watch_or_continue(
    phone: StrictPage, site_url: str
) -> None:
    page = phone.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_app(page, site_url + DEAL + "&speed=instant")
    split_once(page)
    hand = page.locator(".my-area").inner_text()
    page.click("#screen [data-ui=share]")
    expect(page.locator("#share-title")).to_be_focused()
    check_sizes(page, "#share-panel")
    assert page.locator("[data-ui=share-send]").count() == 0  # no share sheet here
    deal = page.locator("#share-deal").input_value()
    assert deal == site_url + DEAL
    page.click("[data-ui=share-copy][data-value=position]")
    expect(page.locator("#share-status")).to_have_text("Link copied.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(deal + "&moves=")
    assert link == page.locator("#share-position").input_value()

    # Elsewhere (nothing saved): asked first; watching replays the moves, then play on.
    page.evaluate("localStorage.clear()")
    open_app(page, link + "&speed=slow")  # 1.2 s a move: time to look, then skip
    expect(page.locator("#position-title")).to_be_focused()
    expect(page.locator("#screen")).to_contain_text("deal 8, after")
    check_sizes(page, "#screen")
    page.click("[data-ui=link-watch]")
    expect(page.locator(".table-screen")).to_have_attribute("data-waiting", "replay")
    expect(page.locator(".turn-status")).to_contain_text("Replaying")
    assert page.locator("#screen [data-action]").count() == 0  # no move is the human's yet
    check_sizes(page, ".replay-bar")
    page.click("[data-ui=replay-skip]")
    page.wait_for_selector(".table-screen:not([data-waiting])")
    assert page.locator(".my-area").inner_text() == hand
    assert page.url == site_url + DEAL + "&speed=slow"  # a reload resumes it, as fast

    page.evaluate("localStorage.clear()")
    open_app(page, link)
    page.click("[data-ui=link-continue]")
    page.wait_for_selector(".table-screen:not([data-waiting])")
    assert page.locator(".my-area").inner_text() == hand
    expect(page.locator(".log")).to_contain_text("Continued from move")


def test_a_bad_position_link_deals_from_the_start(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    open_app(page, site_url + DEAL + "&speed=instant&moves=<b>zz")
    expect(page.locator("#notice")).to_contain_text("could not be replayed")
    assert page.locator("#notice b").count() == 0  # text, never HTML
    page.wait_for_selector(".table-screen:not([data-waiting])")
    assert page.locator("[data-ui=tot-move]").count() == 6  # the deal's first move


def test_the_embed_shares_links_to_the_full_app(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    # No clipboard (as on plain http): the link is left selected. A share sheet to record.
    page.context.add_init_script(
        "Object.defineProperty(navigator, 'clipboard', {value: undefined});"
        "navigator.share = async (data) => { window.sharedUrl = data.url; };"
    )
    page.goto(site_url + "embed.html" + DEAL + "&speed=instant")
    page.click("#embed-play")
    page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
    split_once(page)
    page.click("#screen [data-ui=share]")
    link = page.locator("#share-position").input_value()
    assert link.startswith(site_url + DEAL + "&moves="), link  # the app, not embed.html
    page.click("[data-ui=share-copy][data-value=position]")
    expect(page.locator("#share-status")).to_contain_text("Copy the selected link")
    expect(page.locator("#share-position")).to_be_focused()
    selected = page.evaluate(
        "document.getSelection().toString() || (e => "
        "e.value.slice(e.selectionStart, e.selectionEnd))(document.activeElement)"
    )
    assert selected == link
    page.click("[data-ui=share-send][data-value=deal]")
    expect(page.locator("#share-status")).to_have_text("Link shared.")
    assert page.evaluate("window.sharedUrl") == site_url + DEAL
    page.click("[data-ui=share-close]")
    expect(page.locator("#share-panel")).to_be_hidden()
    expect(page.locator("#screen [data-ui=share]")).to_be_focused()
