"""Stylesheet rules that a browser test would catch only by luck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = sorted((Path(__file__).resolve().parents[1] / "static" / "css").glob("*.css"))
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
# Properties that move or resize an element's box, and so the area the pointer is over.
MOVES_THE_BOX = re.compile(
    r"^\s*(transform|translate|scale|rotate|top|right|bottom|left|inset|margin[\w-]*"
    r"|width|height|padding[\w-]*)\s*:",
    re.MULTILINE,
)


def hover_rules(text: str) -> list[tuple[str, str]]:
    """(selector, declarations) of every rule whose selector has :hover (comments dropped)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return [
        (selector.strip(), body.replace(";", ";\n"))
        for selector, body in RULE.findall(text)
        if ":hover" in selector
    ]


@pytest.mark.parametrize("sheet", CSS, ids=lambda p: p.name)
def test_hover_never_moves_what_is_hovered(sheet: Path) -> None:
    """A hover that moves its element can move it out from under the pointer, which
    un-hovers it, which moves it back: the element flickers every frame (and a
    Playwright click on it waits for ever for it to be stable)."""
    moving = [
        f"{selector} {{ {MOVES_THE_BOX.search(body).group(1)} }}"
        for selector, body in hover_rules(sheet.read_text())
        if MOVES_THE_BOX.search(body)
    ]
    assert moving == []


def test_the_check_sees_a_moving_hover() -> None:
    rules = hover_rules("a:hover { color: red; } .x b:hover{transform: translateY(-3px)}")
    assert [s for s, body in rules if MOVES_THE_BOX.search(body)] == [".x b:hover"]


def rules_of(text: str) -> list[tuple[list[str], str]]:
    """(selectors, declarations) of every rule (comments dropped)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return [([s.strip() for s in sel.split(",")], body) for sel, body in RULE.findall(text)]


def unmarked_summaries(text: str) -> list[str]:
    """Summaries set to display: flex (which drops the disclosure triangle) and given no
    ::before marker of their own."""
    rules = rules_of(text)
    flex = [s for sels, body in rules if re.search(r"display:\s*flex", body) for s in sels]
    marked = {s for sels, body in rules if "content:" in body for s in sels}
    return [s for s in flex if s.endswith("summary") and f"{s}::before" not in marked]


def test_every_flex_summary_draws_its_own_disclosure_triangle() -> None:
    """A details' summary with display: flex has no triangle: it looked like a heading."""
    assert unmarked_summaries("\n".join(sheet.read_text() for sheet in CSS)) == []


def test_the_check_sees_a_summary_without_a_marker() -> None:
    css = ".a summary { display: flex; } .b summary { display:flex }"
    css += " .b summary::before { content: '>' }"
    assert unmarked_summaries(css) == [".a summary"]


def test_the_seats_summed_up_query_is_app_css_own() -> None:
    """The page leaves out the seats' rows (ui/runtime/page.py SUMMED_SEATS) exactly where
    app.css hides them: the same media query, word for word."""
    from ui.runtime.page import SUMMED_SEATS

    app_css = (Path(__file__).resolve().parents[1] / "static" / "css" / "app.css").read_text()
    media = re.search(
        r"@media ([^{]+)\{[^{}]*?\n\s*\.seat > \.seat-more \{ display: none; \}", app_css
    )
    assert media is not None, "app.css hides .seat > .seat-more under a media query"
    assert media.group(1).split("/*")[0].strip() == SUMMED_SEATS
