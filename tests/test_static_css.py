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
