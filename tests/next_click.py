"""Which control to click next to play a game as the human, whatever drives the browser:
the browser suite's `play_to_end` (tests/browser/conftest.py, Playwright) and the engines'
smoke (tests/engines/, puppeteer-core and selenium) both ask `next_click`."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

# The human's legal moves (docs/test-hooks.md): a control exists only while its action is
# legal; and every UI step on the screen, the games' own among them (e.g. moving a card
# between Trick of Trip's groups).
ACTIONS = "#screen [data-action]:not([disabled])"
STEPS = "#screen [data-ui]"
# For a page's evaluate over the STEPS elements: each as [name, value or null].
STEPS_JS = "els => els.map(el => [el.dataset.ui, el.dataset.value ?? null])"


def next_click(
    actions: int,
    steps: Sequence[tuple[str, str | None]] | Sequence[list[str | None]],
    nav: Collection[str],
    pick: random.Random,
) -> tuple[str, int] | None:
    """The control to click, as (CSS selector, index among its matches): one of the
    `actions` legal moves drawn, chosen by `pick`, when there is any; else one of the game's
    own `steps` (those not in `nav`, which are the page's: navigation, the hint, reviews),
    by what it is, not by its place (a redraw may move it); None when there is nothing to
    click (the bots' turn)."""
    if actions:
        return ACTIONS, pick.randrange(actions)
    candidates = [(name, value) for name, value in steps if name not in nav]
    if not candidates:
        return None
    name, value = pick.choice(candidates)
    selector = f'#screen [data-ui="{name}"]'
    if value is not None:
        selector += f'[data-value="{value}"]'
    return selector, 0
