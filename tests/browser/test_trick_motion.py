"""A trick in play: the card winning it is marked (the engine's `trick_winning`), a card
new to the table slides in, and under reduced motion nothing moves (issue 23.2)."""

from __future__ import annotations

import pytest

from pygame_rules.magic_trick_wray import DECK_SIZE, card_name, trick_winner

from .conftest import StrictPage, open_app

pytestmark = pytest.mark.browser

# Records, for every element of a trick drawn with `data-enter`, its computed animation.
RECORD = """() => {
  window.entered = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('#screen .trick [data-enter]')) {
      const style = getComputedStyle(el);
      window.entered.push([style.animationName, parseFloat(style.animationDuration)]);
    }
  }).observe(document.getElementById('screen'), {childList: true, subtree: true});
}"""
READY = ".table-screen:not([data-waiting])"


def test_the_winning_card_is_marked_and_new_cards_slide_in_unless_reduced(
    desktop: StrictPage, site_url: str
) -> None:
    page = desktop.page
    open_app(page, site_url + "?game=magic-trick-wray&players=4&seed=3&level=easy&speed=instant")
    page.wait_for_selector(READY)
    figures = page.locator(".trick-stage > .trick figure")
    labels = figures.locator(".card").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert len(labels) >= 2, "the human's turn comes mid-trick in this deal"
    names = {f"Bot {s}": s for s in range(1, 4)} | {"You": 0}
    by_name = {card_name(c): c for c in range(DECK_SIZE)}
    trick = [[names[who], by_name[what]] for who, what in (x.split(": ", 1) for x in labels)]
    marked = figures.evaluate_all("els => els.map(e => e.classList.contains('winning'))")
    assert marked.index(True) == [s for s, _ in trick].index(trick_winner(trick))
    assert marked.count(True) == 1
    winning = page.locator(".trick-stage figure.winning figcaption")
    assert winning.inner_text().replace("\n", " ").endswith("winning")

    page.evaluate(RECORD)
    page.locator("#screen [data-action]").first.click()  # the human's card
    page.wait_for_function("window.entered.length > 0")
    moves = page.evaluate("window.entered")
    assert ["card-enter", 0.22] in moves, moves
    assert all(duration <= 0.3 for _, duration in moves)

    page.emulate_media(reduced_motion="reduce")
    page.evaluate("window.entered = []")
    page.locator("#screen [data-action]").last.click()  # pass: the bots play the next trick
    page.wait_for_selector(READY)
    page.wait_for_function("window.entered.length > 0")
    assert {name for name, _ in page.evaluate("window.entered")} == {"none"}
    assert page.locator(".trick-collect").count() == 0
