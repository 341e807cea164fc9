"""Issue 36.5: the note shown while the bots' full engine loads (or when it failed,
`#engine-note`, ui/runtime/worker_client.py NOTES) never pushes the table down. It is a
line of the page's top bar (in the place of the bar's title on a phone, of the speed menu's
label on a phone on its side), so the table is where it was with the note and without it;
it stays readable (12 px or more, none of its words cut off, nothing over it) and covers
no control; it is a polite live region.

The note's words are set here as the page sets them (`page.set_note`): when the worker
loads is up to the machine, where the note goes is up to the page's CSS."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from ui.runtime.worker_client import NOTES

from .conftest import BOOT_TIMEOUT, StrictPage, open_app

SIZES = {"360x740": (360, 740), "740x360": (740, 360), "1280x800": (1280, 800)}
GAMES = {"magic-trick-wray": 4, "magic-trick-baker": 2}

SHOW = """text => { const n = document.getElementById('engine-note');
    n.textContent = text || ''; n.hidden = !text; }"""
TABLE_TOP = "() => document.querySelector('#screen .table-screen').getBoundingClientRect().top"
# What is wrong with the note as drawn: off screen, covered, cut off, too small, or over a
# control of the page's bars.
PROBLEMS = """() => {
    const n = document.getElementById('engine-note'), r = n.getBoundingClientRect();
    const out = [];
    if (r.width < 1 || r.height < 1 || r.top < 0 || r.left < 0 || r.bottom > innerHeight ||
        r.right > innerWidth) out.push('not on screen: ' + JSON.stringify(r));
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!(hit === n || n.contains(hit)))
        out.push('covered by ' + (hit && hit.outerHTML.slice(0, 80)));
    if (n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
        out.push('cut off: ' + n.scrollHeight + ' > ' + n.clientHeight);
    if (parseFloat(getComputedStyle(n).fontSize) < 12) out.push('smaller than 12 px');
    const controls =
        '#screen .table-bar button, #screen .table-bar a, #speed, #open-full, .site-title a';
    const shown = c => {  // the part of c's box its clipping ancestors leave visible
        let b = c.getBoundingClientRect();
        for (let a = c.parentElement; a; a = a.parentElement) {
            if (getComputedStyle(a).overflow === 'visible') continue;
            const p = a.getBoundingClientRect();
            b = new DOMRect(Math.max(b.left, p.left), Math.max(b.top, p.top),
                Math.min(b.right, p.right) - Math.max(b.left, p.left),
                Math.min(b.bottom, p.bottom) - Math.max(b.top, p.top));
        }
        return b;
    };
    for (const c of document.querySelectorAll(controls)) {
        const b = shown(c);
        const meet = b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom;
        if (b.width > 1 && b.height > 1 && meet && getComputedStyle(c).visibility !== 'hidden')
            out.push('over ' + c.outerHTML.slice(0, 60));
    }
    return out;
}"""


def open_table(page: Page, site_url: str, game_id: str, embed: bool) -> None:
    # Easy bots: no worker, so the page itself leaves the note hidden; this test shows it.
    query = f"game={game_id}&players={GAMES[game_id]}&seed=7&level=easy&speed=instant"
    if embed:
        page.goto(f"{site_url}embed.html?{query}")
        page.click("#embed-play")
        page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    else:
        open_app(page, f"{site_url}?{query}")
    page.wait_for_selector("#screen .table-screen:not([data-waiting])")


@pytest.mark.parametrize("where", ["app", "embed"])
@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_engine_note_never_moves_the_table(
    phone: StrictPage, site_url: str, size: str, where: str
) -> None:
    page = phone.page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    for game_id in GAMES:
        open_table(page, site_url, game_id, where == "embed")
        note = page.locator("#engine-note")
        assert note.get_attribute("role") == "status" and note.is_hidden()
        # Read at the page's top, where its bar is (an embed at 740x360 has scrolled to the
        # hand: the bar and its note, as before, are above the frame's view then).
        page.evaluate("window.scrollTo(0, 0)")
        before = page.evaluate(TABLE_TOP)
        for text in sorted(set(NOTES.values())):
            page.evaluate(SHOW, text)
            assert page.evaluate(TABLE_TOP) == before, f"{game_id}: the note moved the table"
            assert page.evaluate(PROBLEMS) == [], f"{game_id}, {text!r}"
            page.evaluate(SHOW, "")
            assert page.evaluate(TABLE_TOP) == before
