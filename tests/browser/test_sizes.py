"""Issue 23.4: on a 360 px phone no text on the table is under 12 px (Wray's deduction notes
were 8.8 px, Baker's Law captions and Trickbook's card notes 9.9 px), and every control is a
44x44 px target, a card at least 24 px wide (WCAG 2.2 target size); the lobby's and the
setup's controls too ("Embed this game" was 22 px tall, the deal number box 40 px)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import pygame_rules

from .conftest import StrictPage, nothing_covers, open_app, play_to_end

TABLES = [
    ("magic-trick-wray", 4),
    ("magic-trick-baker", 2),
    ("trick-of-trip", 3),
    ("trick-of-trip", 5),
    ("trickbook", 2),
    ("trickbook", 5),
]

# Visible text under `root` set below 12 px: "class size" -> how many text nodes.
SMALL_TEXT = """(root) => {
    const small = {};
    const walk = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        const node = walk.currentNode;
        const el = node.parentElement;
        if (!node.textContent.trim() || !el.getClientRects().length) continue;
        if (el.closest('.visually-hidden')) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 12) {
            const key = (el.className || el.tagName) + ' ' + size.toFixed(1) + 'px';
            small[key] = (small[key] || 0) + 1;
        }
    }
    return small;
}"""

# Visible controls under `root` smaller than their target: a card 24 x 44, the rest 44 x 44.
CONTROLS = "button, input:not([type=radio]):not([type=checkbox]), select, summary, a[href]"
SMALL_TARGETS = """([root, controls]) => [
        ...document.querySelectorAll(root + ' :is(' + controls + ')')]
    .filter((el) => el.getClientRects().length && !el.closest('.visually-hidden, .skip-link'))
    .map((el) => {
        const r = el.getBoundingClientRect();
        const card = /\\bcard\\b|tb-card/.test(el.className);
        const ok = r.width >= (card ? 24 : 44) - 0.5 && r.height >= 44 - 0.5;
        const name = (el.className || el.tagName) + ' "' + el.textContent.trim().slice(0, 24);
        return ok ? null : name + '" ' + Math.round(r.width) + 'x' + Math.round(r.height);
    })
    .filter(Boolean)"""


def check_sizes(page: Page, root: str) -> None:
    small = page.evaluate(SMALL_TEXT, root)
    assert not small, f"text under 12 px in {root}: {small}"
    targets = page.evaluate(SMALL_TARGETS, [root, CONTROLS])
    assert not targets, f"targets under 44x44 (cards 24x44) in {root}: {targets}"


@pytest.mark.parametrize("game_id, players", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_table_text_and_targets_are_big_enough(
    phone: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    page = phone.page
    open_app(page, site_url + f"?game={game_id}&players={players}&seed=4&level=easy&speed=instant")
    page.wait_for_selector("#screen .table-screen:not([data-waiting])")
    check_sizes(page, "#screen")
    if game_id == "magic-trick-wray":  # the opponents' 12 px notes, 14 across, stay apart
        notes = "#detail-panel .mtw-row.mini .slot-note"  # on a phone: each seat opened whole
        for seat in (1, 2, 3):
            page.click(f'#screen .board [data-detail="seat-{seat}"] > .detail-open')
            page.wait_for_selector(notes)
            check_sizes(page, "#detail-panel")
            assert nothing_covers(page, notes, notes, 0, apart=".slot") == 14
            page.keyboard.press("Escape")
            page.wait_for_selector("#detail-panel", state="detached")
    for _ in range(3):  # later phases: a trick on the table, Laws chosen, dice rolled
        play_to_end(page, pick_seed=5, max_steps=10, must_end=False)
        check_sizes(page, "#screen")


def test_lobby_and_setup_controls_are_big_enough(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    open_app(page, site_url)
    check_sizes(page, "main")
    games = page.locator("li.game-card").evaluate_all("els => els.map(e => e.dataset.game)")
    assert games == list(pygame_rules.GAME_IDS)
    for game in games:
        open_app(page, site_url + f"?game={game}")
        page.wait_for_selector("#setup-form")
        page.locator("#setup-form summary").evaluate_all("els => els.forEach(e => e.click())")
        check_sizes(page, "main")
