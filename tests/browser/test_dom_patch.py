"""The page redraws a screen in place (static/js/host.js's `tablePatch`, ui/runtime/dom.py's
`mount`): the elements that stay are kept, with the focus; a control or card that is
another one is a new element; form fields and live regions are always new; text is text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

HOST_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "host.js"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    page = context.new_page()
    page.set_content('<main id="screen"></main>')
    page.add_script_tag(path=str(HOST_JS))
    yield page
    context.close()


def patch(page: Page, tree: list[Any]) -> None:
    page.evaluate("text => tablePatch(document.getElementById('screen'), text)", json.dumps(tree))


def tag_all(page: Page) -> None:
    """Mark every element now in the screen, to tell kept elements from new ones."""
    page.evaluate("document.querySelectorAll('#screen *').forEach(el => el.__old = true)")


def kept(page: Page, selector: str) -> bool:
    return page.evaluate("s => document.querySelector('#screen ' + s).__old === true", selector)


def card(pos: int, label: str, action: str | None = None) -> list[Any]:
    attrs = {"class": "card", "data-pos": str(pos), "aria-label": label}
    if action is not None:
        attrs["data-action"] = action
    return ["button" if action else "span", attrs, [label]]


def test_a_redraw_keeps_what_stays_and_changes_only_what_changed(page: Page) -> None:
    row = ["div", {"class": "row", "data-x": "1"}, [card(0, "2 of Stars"), card(1, "5 of Moons")]]
    patch(page, ["div", {"class": "table"}, [row, ["p", {}, ["Your turn"]]]])
    tag_all(page)
    row = ["div", {"class": "row"}, [card(0, "2 of Stars"), card(1, "6 of Moons")]]
    patch(page, ["div", {"class": "table wide"}, [row, ["p", {}, ["Waiting for Ann"]]]])
    assert page.inner_html("#screen") == (
        '<div class="table wide"><div class="row">'
        '<span class="card" data-pos="0" aria-label="2 of Stars">2 of Stars</span>'
        '<span class="card" data-pos="1" aria-label="6 of Moons">6 of Moons</span>'
        "</div><p>Waiting for Ann</p></div>"
    )
    assert kept(page, ".table") and kept(page, ".row") and kept(page, "[data-pos='1']")
    assert kept(page, "p")


def test_an_element_of_another_kind_is_not_remade_into_the_next_one(page: Page) -> None:
    """A hint takes the prompt's place above the row: the row stays the same element (its
    first class is its kind: the prompt's <div> is not remade into the row)."""
    row = ["div", {"class": "card-row mine"}, [card(0, "A"), card(1, "B")]]
    prompt = ["div", {"class": "prompt"}, [["strong", {}, ["Your turn"]]]]
    patch(page, ["div", {}, [["section", {"class": "seat active"}, []], prompt, row]])
    tag_all(page)
    hint = ["p", {"class": "hint"}, ["Waiting for Ann"]]
    patch(page, ["div", {}, [["section", {"class": "seat"}, []], hint, row]])
    assert kept(page, ".seat") and kept(page, ".card-row") and kept(page, "[data-pos='1']")
    assert page.locator("#screen .prompt").count() == 0
    assert page.inner_html("#screen > div > .card-row").count("<span") == 2


def test_the_focused_control_keeps_the_focus_and_another_control_is_a_new_element(
    page: Page,
) -> None:
    buttons = [card(0, "A", '{"pos":0}'), card(1, "B", '{"pos":1}'), card(2, "C", '{"pos":2}')]
    patch(page, ["div", {}, buttons])
    page.focus("#screen [data-pos='1']")
    tag_all(page)
    # The first card was played: the others move up; the focused one is the same element.
    patch(page, ["div", {}, [card(0, "B", '{"pos":1}'), card(1, "C", '{"pos":2}')]])
    assert page.evaluate("document.activeElement.getAttribute('data-action')") == '{"pos":1}'
    assert kept(page, "[data-action='{\"pos\":1}']")
    assert page.locator("#screen button").count() == 2
    # Where a button is now another move, it is a new button: the focus does not follow it.
    patch(page, ["div", {}, [card(0, "D", '{"pos":7}'), card(1, "C", '{"pos":2}')]])
    assert page.evaluate("document.activeElement === document.body")
    assert not kept(page, "[data-action='{\"pos\":7}']")


def test_a_card_that_enters_is_a_new_element_so_its_entrance_plays(page: Page) -> None:
    patch(page, ["div", {"class": "trick"}, [["span", {"data-enter": "a"}, ["A"]]]])
    tag_all(page)
    patch(page, ["div", {"class": "trick"}, [["span", {"data-enter": "b"}, ["B"]]]])
    assert not kept(page, "[data-enter=b]") and kept(page, ".trick")


@pytest.mark.parametrize(
    "element",
    [
        ["input", {"type": "text", "value": "1"}, []],
        ["details", {}, [["summary", {}, ["More"]]]],
        ["p", {"role": "status"}, ["Saved."]],
        ["p", {"aria-live": "polite"}, ["Move 3 of 9"]],
    ],
)
def test_form_fields_and_live_regions_are_always_new(page: Page, element: list[Any]) -> None:
    patch(page, ["div", {}, [element]])
    tag_all(page)
    patch(page, ["div", {}, [element]])
    assert kept(page, "div")
    assert not kept(page, element[0])


def test_text_that_looks_like_markup_stays_text(page: Page) -> None:
    patch(page, ["div", {}, ["plain"]])
    patch(page, ["div", {"title": '"><b>x</b>'}, ["<img src=x onerror=alert(1)>", ["b", {}, []]]])
    assert page.locator("#screen img").count() == 0
    assert page.text_content("#screen div") == "<img src=x onerror=alert(1)>"
    assert page.get_attribute("#screen div", "title") == '"><b>x</b>'
