"""Colour vision (issue 40.3): every suit, seat, highlight and die is told apart without
colour, in the light theme and the dark, at a phone's table of each game.

What is checked, on the page as drawn (its computed styles, not the Python that drew it):
- suits: every card drawn in a suit's colour (`.card.suit-*`: faces and backs, Wray's
  coloured backs among them) carries its suit's shape, a glyph (`.sym`'s text) or an icon
  (`.sym`'s mask image, Baker's); no two suits share one; where the card is on screen the
  shape is drawn, and stands out from the card by 3:1 or more in luminance alone (WCAG's
  non-text contrast: what a grey, achromatopsic eye still sees);
- highlights: a legal move (`data-action`), a selected card (`.selected`), a hinted move
  (`.hinted`) and a lesson's move (`.suggested`) each look different from the same control
  without it in more than colour: an outline, a ring, a raise, a dashed edge or a mark
  drawn (SHAPE_JS's `shape` leaves colours out), a selected card by more than a ring (a
  legal move has one); a trick's winning (or winner's) card says so in a word, and the seat
  to play says "to play";
- seats: each is named, no two alike;
- dice (Trickbook): the pips tell the value; a made roll and a missed one differ in their
  edge's shape, and say which in words; earned letters differ from the rest in shape.

`tests/benchmarks/screenshots.py --vision` shows the tables under Chromium's emulated
deficiencies (docs/screenshots/vision/), for a person to look at."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import CONTRAST_JS, StrictPage, open_app, play_to_end

pytestmark = pytest.mark.browser

# Each game's table at a phone's size: its link, and what must be on the table to check
# (the test plays until it is, at the human's turn).
LINKS = {
    "magic-trick-wray": "players=4&seed=7",
    "magic-trick-baker": "players=2&seed=7",
    "trick-of-trip": "players=4&seed=7",
    "trickbook": "players=3&seed=7",
}
# A trick's winning (or winner's) card on the table; in Trickbook, a die rolled and judged.
WANTED = {
    "magic-trick-wray": "#screen figure:is(.winning, .won)",
    "magic-trick-baker": "#screen figure:is(.winning, .won)",
    "trick-of-trip": "#screen figure:is(.winning, .won)",
    "trickbook": "#screen .die:is(.success, .fail)",
}
# The suits on the table: Wray's rows hold the whole deck, so all seven show (as backs).
SUITS_AT_LEAST = {"magic-trick-wray": 7, "magic-trick-baker": 2, "trick-of-trip": 2, "trickbook": 0}
# The highlights each game's table must have to check, at the human's turn.
HIGHLIGHTS = {
    "magic-trick-wray": {"legal", "hinted", "suggested", "selected", "selected, besides a ring"},
    "magic-trick-baker": {"legal", "hinted", "suggested", "selected", "selected, besides a ring"},
    "trick-of-trip": {"legal", "hinted", "suggested", "selected", "selected, besides a ring"},
    "trickbook": {"legal", "hinted", "suggested", "an earned letter", "a die made, missed"},
}
MY_TURN = "#screen .table-screen:not([data-waiting]) .my-area [data-action]"

# JavaScript: `shape(el)`, what an element (and its ::before and ::after) looks like with
# every colour left out, an outline, border or shadow drawn in a see-through colour as if
# not drawn; and `shown(el)`, whether it is on the page (display, visibility, opacity).
SHAPE_JS = (
    CONTRAST_JS
    + """
    const clear = c => { const v = rgb(c); return v.length === 4 && v[3] === 0; };
    const uncolour = s => s.replace(/rgba?\\([^)]*\\)/g, '').replace(/\\s+/g, ' ').trim();
    const layers = s => s === 'none' ? [] : s.split(/,(?![^(]*\\))/);
    const shape = (el, rings = true) => [null, '::before', '::after'].map(pseudo => {
        const s = getComputedStyle(el, pseudo);
        if (pseudo && (s.content === 'none' || s.content === 'normal')) return '';
        const parts = [pseudo || '', pseudo ? s.content + ' ' + s.width + ' ' + s.height : ''];
        parts.push('transform ' + s.transform, 'line ' + s.textDecorationLine);
        if (!rings) return parts.join('; ');
        if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) && !clear(s.outlineColor))
            parts.push('outline ' + s.outlineStyle + ' ' + s.outlineWidth + ' ' + s.outlineOffset);
        if (s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) && !clear(s.borderTopColor))
            parts.push('border ' + s.borderTopStyle + ' ' + s.borderTopWidth);
        const shadows = layers(s.boxShadow)
            .filter(l => !clear((l.match(/rgba?\\([^)]*\\)/) || [''])[0]));
        parts.push('shadow ' + shadows.map(uncolour).join(', '));
        return parts.join('; ');
    }).join(' | ');
    const shown = el => {
        if (!el.getClientRects().length) return false;
        for (let n = el; n; n = n.parentElement) {
            const s = getComputedStyle(n);
            if (s.visibility === 'hidden' || parseFloat(s.opacity) < 0.3) return false;
        }
        return true;
    };
    // The shape of `el` with `change(el)` done, then undone (`undo(el)`), in one task: the
    // page is never drawn in between.
    const toggled = (el, change, undo, rings = true) => {
        const before = shape(el, rings); change(el); const after = shape(el, rings); undo(el);
        return [before, after];
    };
"""
)

# Per card in a suit's colour: [suit, back?, its suit's shape (glyph | icon), on screen?,
# its shape drawn?, the shape's contrast with the card (luminance), its name].
SUITS_JS = (
    "() => {"
    + SHAPE_JS
    + """
    return [...document.querySelectorAll('#screen .card')]
        .filter(c => /(^| )suit-/.test(c.className)).map(c => {
            const suit = c.className.match(/(?:^| )suit-([\\w-]+)/)[1];
            const sym = c.querySelector('.sym');
            if (!sym) return [suit, c.classList.contains('back'), '', false, false, 0, c.ariaLabel];
            const s = getComputedStyle(sym);
            const icon = [s.webkitMaskImage, s.maskImage].find(m => m && m !== 'none') || '';
            const glyph = sym.textContent.trim();
            const r = sym.getBoundingClientRect();
            const drawn = shown(sym) && r.width > 2 && r.height > 2
                && (icon ? true : parseFloat(s.fontSize) >= 10);
            const ink = icon ? s.backgroundColor : s.color;
            const contrast = ratio(rgb(ink), rgb(getComputedStyle(c).backgroundColor));
            return [suit, c.classList.contains('back'), glyph + '|' + icon, shown(c), drawn,
                Math.round(contrast * 100) / 100, c.ariaLabel || c.textContent.trim()];
        });
}"""
)

# The highlights: each as [its shape with, its shape without], toggled on the controls of
# the human's area where the game has them. A selected card must differ by more than a ring
# (a legal move's is one: a ring in grey is a ring): "besides a ring" leaves rings out.
HIGHLIGHTS_JS = (
    "() => {"
    + SHAPE_JS
    + """
    const out = {}, mine = '#screen .my-area';
    const legal = document.querySelector(`${mine} [data-action]:is(.card, .tb-card)`)
        || document.querySelector(`${mine} [data-action]`);
    if (legal && shown(legal)) {
        const action = legal.dataset.action;
        out.legal = toggled(legal, el => delete el.dataset.action,
            el => el.dataset.action = action).reverse();
        out.hinted = toggled(legal, el => el.classList.add('hinted'),
            el => el.classList.remove('hinted')).reverse();
        out.suggested = toggled(legal, el => el.classList.add('suggested'),
            el => el.classList.remove('suggested')).reverse();
    }
    const card = [...document.querySelectorAll(`${mine} .card:not(.selected)`)].find(shown);
    const select = [el => el.classList.add('selected'), el => el.classList.remove('selected')];
    const unselect = [select[1], select[0]];
    if (card) {
        out.selected = toggled(card, ...select).reverse();
        out['selected, besides a ring'] = toggled(card, ...select, false).reverse();
    }
    const chosen = [...document.querySelectorAll('#screen .card.selected')].find(shown);
    if (chosen) {
        out['a selected card'] = toggled(chosen, ...unselect);
        out['a selected card, besides a ring'] = toggled(chosen, ...unselect, false);
    }
    const letter = [...document.querySelectorAll('#screen .tb-letter:not(.earned)')].find(shown);
    if (letter) out['an earned letter'] = toggled(letter, el => el.classList.add('earned'),
        el => el.classList.remove('earned')).reverse();
    const die = [...document.querySelectorAll('#screen .die:is(.success, .fail)')].find(shown);
    if (die) {
        const was = die.className;
        const as = cls => {
            die.classList.remove('success', 'fail');
            if (cls) die.classList.add(cls);
            return shape(die);
        };
        const [made, missed, plain] = [as('success'), as('fail'), as('')];
        die.className = was;
        out['a die made, missed'] = [made, missed];
        out['a die missed, not judged'] = [missed, plain];
    }
    return out;
}"""
)

WORDS_JS = (
    "() => {"
    + SHAPE_JS
    + """
    const text = el => el ? el.textContent.trim() : '';
    return {
        seats: [...document.querySelectorAll('#screen .seat .seat-name')].map(text),
        to_play: [...document.querySelectorAll('#screen .seat.active')].filter(shown)
            .map(s => s.querySelector('.turn-badge')).map(b => [text(b), !!b && shown(b)]),
        tricks: [...document.querySelectorAll('#screen figure:is(.winning, .won)')]
            .filter(shown).map(f => [f.className, text(f.querySelector('.trick-mark')),
                !!f.querySelector('.trick-mark') && shown(f.querySelector('.trick-mark'))]),
        dice: [...document.querySelectorAll('#screen .die')].filter(shown).map(d => {
            const pips = [...d.querySelectorAll('.pip:not(.off)')];
            const face = rgb(getComputedStyle(d).backgroundColor);
            const ink = p => rgb(getComputedStyle(p).backgroundColor);
            const faint = pips.filter(p => ratio(ink(p), face) < 3);
            const result = d.closest('figure')?.querySelector('.tb-die-result');
            return [Number(d.dataset.value), pips.length, faint.length,
                /(^| )(success|fail)( |$)/.test(d.className) ? text(result) : 'not judged'];
        }),
        trick_cards: [...document.querySelectorAll('#screen .tb-trick')].filter(shown).map(c => [
            (c.className.match(/(?:^| )d(\\d)/) || [])[1], text(c.querySelector('.tb-card-diff')),
            text(c.querySelector('.tb-card-name'))]),
    };
}"""
)


def play_until(page: Page, wanted: str, limit: int = 400) -> None:
    """Play as the human (play_to_end, a step at a time) until it is the human's turn with
    `wanted` on the table."""
    for step in range(limit):
        if page.evaluate(
            "([turn, wanted]) => [turn, wanted].every(s => document.querySelector(s))",
            [MY_TURN, wanted],
        ):
            return
        play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
    raise AssertionError(f"never at the human's turn with {wanted} on the table")


def check_suits(page: Page, game: str, theme: str) -> None:
    """Every card on the table has its suit's own shape, drawn and seen; every suit the
    game has is among them. On a phone each bot's seat is summed up, its rows left out of
    the table (test_seat_detail): each is looked at whole over the table in turn."""
    suits, backs = check_cards(page, game, theme)
    for tap in page.locator("#screen .board .seat[data-detail] > .detail-open").all():
        tap.click()
        page.wait_for_selector("#detail-panel")
        seen, seen_backs = check_cards(page, game, theme)
        suits, backs = suits | seen, backs | seen_backs
        page.keyboard.press("Escape")
        page.wait_for_selector("#detail-panel", state="detached")
    page.mouse.move(0, 0)  # no tap left under the pointer, none focused (their rings)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    where = f"{game}, {theme}"
    assert len(suits) >= SUITS_AT_LEAST[game], f"{where}: suits on the table: {suits}"
    if game == "magic-trick-wray":  # the coloured backs: all seven suits, each its own
        assert len(backs) == 7, f"{where}: suits of the backs: {backs}"


def check_cards(page: Page, game: str, theme: str) -> tuple[set[str], set[str]]:
    """The cards on screen now (`check_suits`); their suits, and their backs' suits."""
    cards: list[list[Any]] = page.evaluate(SUITS_JS)
    where = f"{game}, {theme}"
    suits_of: dict[str, set[str]] = {}
    for suit, _back, cue, _on_screen, _drawn, _contrast, _name in cards:
        suits_of.setdefault(cue, set()).add(suit)
    blank = [name for _s, _b, cue, *_rest, name in cards if cue in ("", "|")]
    assert not blank, f"{where}: cards with no suit shape: {blank}"
    shared = {cue: suits for cue, suits in suits_of.items() if len(suits) > 1}
    assert not shared, f"{where}: suits that share a shape: {shared}"
    undrawn = [c[6] for c in cards if c[3] and not c[4]]
    assert not undrawn, f"{where}: on screen without their suit's shape drawn: {undrawn}"
    faint = [(c[6], c[5]) for c in cards if c[3] and c[5] < 3]
    assert not faint, f"{where}: suit shapes grey eyes cannot tell from the card: {faint}"
    return {c[0] for c in cards}, {c[0] for c in cards if c[1]}


def check_highlights(page: Page, where: str, expected: set[str]) -> None:
    """Each highlight (`HIGHLIGHTS_JS`) looks different from the control without it, with
    the colours left out; `expected`: those that must be on the table to check."""
    looks: dict[str, list[str]] = page.evaluate(HIGHLIGHTS_JS)
    assert expected <= set(looks), f"{where}: not found to check: {expected - set(looks)}"
    same = {what: pair[0] for what, pair in looks.items() if pair[0] == pair[1]}
    assert not same, f"{where}: told apart by colour alone (their shape): {same}"


def check_words(page: Page, game: str) -> None:
    seen: dict[str, Any] = page.evaluate(WORDS_JS)
    seats = seen["seats"]
    assert seats and all(seats) and len(set(seats)) == len(seats), f"{game}: seats {seats}"
    assert seen["to_play"] == [["to play", True]], f"{game}: the seat to play: {seen['to_play']}"
    if game == "trickbook":
        dice = seen["dice"]
        assert dice, "trickbook: no die on screen"
        for value, pips, faint, result in dice:
            assert pips == value and not faint, f"a die of {value}: {pips} pips, {faint} faint"
            assert result, f"trickbook: a judged die says nothing of its result: {dice}"
        for band, difficulty, name in seen["trick_cards"]:
            assert band == difficulty and name, seen["trick_cards"]
        return
    tricks = seen["tricks"]
    assert tricks, f"{game}: no winning card on screen"
    for classes, mark, drawn in tricks:
        word = "won" if "won" in classes.split() else "winning"
        assert mark.lstrip("· ").startswith(word) and drawn, f"{game}: {classes}: {mark!r}"


@pytest.mark.parametrize("game", list(LINKS))
def test_suits_highlights_seats_and_dice_are_told_apart_without_colour(
    phone: StrictPage, site_url: str, game: str
) -> None:
    page = phone.page
    page.emulate_media(reduced_motion="reduce")  # styles as they rest, no card mid-slide
    open_app(page, site_url + f"?game={game}&{LINKS[game]}&speed=instant&level=easy")
    if game == "trick-of-trip":  # the split: a card picked into group B is selected
        page.locator("#screen .my-area button.card").first.click()
        page.wait_for_selector("#screen .my-area .card.selected")
        check_highlights(
            page, f"{game}'s split", {"a selected card", "a selected card, besides a ring"}
        )
    play_until(page, WANTED[game])
    page.mouse.move(0, 0)  # no card under the pointer, none focused (their rings)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for theme in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        check_suits(page, game, theme)
        check_highlights(page, f"{game}, {theme}", HIGHLIGHTS[game])
    check_words(page, game)
