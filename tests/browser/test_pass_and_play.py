"""Pass and play in Chromium: friends around one phone, bots in the other seats. Each game
is played to its end by clicks, two or three people passing the device; at every hand-over
and every person's turn the whole page (its text and every attribute) is read and checked
against the engine's own observations: no other person's hidden card, rank or choice is
on it, and no line of the log is one some person could not read. Also: the setup's
names, a reload landing on a hand-over, and the cover at a phone's size."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from next_click import ACTIONS, STEPS, next_click
from playwright.sync_api import Page, expect

import pygame_rules
from pygame_rules.contract import visible_events
from pygame_rules.magic_trick_baker import ILLUSIONIST
from pygame_rules.trick_of_trip import card_name as trip_card
from ui.app import page_steps
from ui.runtime.storage import SAVE_KEY
from ui.tables import table_for
from ui.tables.magic_trick_baker import title as baker_card

from .conftest import HINT_TIMEOUT, StrictPage, wait_for_bots_worker

# Where the game is, each step: a cover (the seat it passes to), the table (whose view),
# the bots' turn, the moves and steps drawn, the save. Null at game over (its record is
# every card, and every card is then shown).
PAGE_NOW_JS = """([actions, steps, key]) => {
    if (document.querySelector('[data-testid=game-over]')) return null;
    const cover = document.querySelector('[data-testid=hand-over]');
    const table = document.querySelector('#screen .table-screen[data-seat]');
    const count = document.querySelectorAll(actions).length;
    return {
        cover: cover ? Number(cover.dataset.to) : null,
        seat: table ? Number(table.dataset.seat) : null,
        waiting: table ? table.dataset.waiting ?? null : null,
        count,
        steps: count ? [] : [...document.querySelectorAll(steps)].map(
            el => [el.dataset.ui, el.dataset.value ?? null]),
        save: localStorage.getItem(key),
    };
}"""
# Everything on the page a person could read or a tool could find: the text of the whole
# body (hidden parts too) and every attribute but class and style; apart, the log's lines
# (the log, a cover's news), checked on their own: the same trick card's name may be on
# the table and in an old line. (#announcer reads the log's lines and the prompt.)
PAGE_TEXT_JS = """() => {
    const lines = [...document.querySelectorAll('.log li, .hand-over-news li')].map(
        li => li.textContent);
    const body = document.body.cloneNode(true);
    body.querySelectorAll('.log, .hand-over-news, #announcer').forEach(el => el.remove());
    const parts = [body.textContent];
    for (const el of body.querySelectorAll('*'))
        for (const a of el.attributes)
            if (a.name !== 'class' && a.name !== 'style') parts.push(a.value);
    return [parts.join('\\n'), lines];
}"""

GAMES = [
    ("magic-trick-wray", 4, {0: "Ann", 2: "Bob"}),
    ("magic-trick-baker", 2, {0: "Ann", 1: "Bob"}),
    ("trick-of-trip", 3, {0: "Ann", 1: "Bob", 2: "Cat"}),
    ("trickbook", 3, {0: "Ann", 2: "Bob"}),
]


def pass_link(game_id: str, players: int, people: dict[int, str], seed: int = 5) -> str:
    named = "".join(f"&person{seat + 1}={name}" for seat, name in people.items())
    return f"?game={game_id}&players={players}&seed={seed}&level=easy&speed=instant{named}"


def secrets(game_id: str, state: Any, seat: int, viewer: int) -> list[re.Pattern[str]]:
    """What of `seat`'s must not be on a page drawn for `viewer`: each hidden card or choice
    of that seat's observation that the viewer's own observation does not show, as the
    table words it."""
    mine, theirs = state.observation(seat), state.observation(viewer)
    words: list[str] = []
    if game_id == "magic-trick-baker":  # the hand and the card put face down
        cards = list(mine["hand"]) + ([mine["face_down"]] if mine["face_down"] is not None else [])
        shown = set(theirs["law_cards"]) | {law["card"] for law in theirs["laws"]}
        shown |= last_trick_cards(theirs)
        # The Illusionist's name is also the rules line's ("the Illusionist is trump too").
        words = [baker_card(c) for c in cards if c not in shown and c != ILLUSIONIST]
    elif game_id == "trick-of-trip":  # the hand, less what the viewer was passed or offered
        shown = {c for hand in theirs["known_hands"] for c in hand}
        shown |= {c for stand in theirs["stands"] for group in stand["sets"] for c in group}
        shown |= last_trick_cards(theirs)
        words = [trip_card(c) for c in mine["hand"] if c not in shown]
    elif game_id == "trickbook":  # trick cards and specials held, rock-paper-scissors
        seen = json.dumps(theirs)
        held = mine["hand"] + mine["specials"]
        words = [str(card["name"]) for card in held if f'"{card["key"]}"' not in seen]
        choice = (mine.get("rps") or {}).get("my_choice")
        if choice and f'"{choice}"' not in seen:
            name = PEOPLE_NAMES.get(seat, "")
            return [_word(w) for w in words] + [
                re.compile(rf"{name}[^.\n]{{0,40}}\b{choice}\b", re.IGNORECASE)
            ]
    # Wray: nobody sees an unplayed card's rank, their own neither: nothing is one seat's.
    return [_word(w) for w in words]


PEOPLE_NAMES: dict[int, str] = {}


def last_trick_cards(obs: dict[str, Any]) -> set[int]:
    """The last trick's cards: the table shows them, the last hand's too once a new one is
    dealt (when a card of it may be back in someone's hand)."""
    last = obs.get("last_trick") or {}
    return {played["card"] for played in last.get("cards", [])}


def check_lines(lines: list[str], private: set[str | None]) -> None:
    """No line of the log (or a cover's news) tells an event some person may not see."""
    told_one = [line for line in lines if line in private]
    assert not told_one, f"a line only some people may read: {told_one}"


def leak(text: str, secret: re.Pattern[str], seat: int) -> str:
    """Where on the page a hidden thing of `seat`'s was found, for the failure's message."""
    found = secret.search(text)
    at = found.start() if found else 0
    return f"seat {seat}'s {secret.pattern!r} is on the page: ...{text[at - 120 : at + 60]!r}..."


def _word(text: str) -> re.Pattern[str]:
    """`text` as a whole phrase ("1 of Waves" is not in "11 of Waves")."""
    return re.compile(rf"(?<![\w]){re.escape(text)}(?![\w])")


def play_passed(page: Page, game_id: str, players: int, people: dict[int, str]) -> list[int]:
    """Play to the end by clicks, passing the device at every cover; at each cover and each
    person's turn, check the page holds nothing hidden of anyone else. The covers' seats."""
    PEOPLE_NAMES.clear()
    PEOPLE_NAMES.update(people)
    game = pygame_rules.get_game(game_id)
    state = None
    history: list[Any] = []
    describe = table_for(game_id).describe
    names = [people.get(seat) or f"Bot {seat}" for seat in range(players)]
    private: set[str | None] = set()  # the lines of events some person may not see
    nav = page_steps() - {"take-turn"}
    pick = random.Random(3)
    covers: list[int] = []
    turns = 0
    checked = -1  # the history's length at the last person's page checked
    for _ in range(4000):
        now = page.evaluate(PAGE_NOW_JS, [ACTIONS, STEPS, f"{SAVE_KEY}.{game_id}"])
        if now is None:
            assert turns and len(set(covers)) == len(people), (covers, turns)
            return covers
        save = json.loads(now["save"]) if now["save"] else None
        if save is not None and (state is None or save["history"][: len(history)] != history):
            state, history = game.new_game(players, save["seed"], save["options"]), []
        if save is not None and state is not None:
            for seat, action in save["history"][len(history) :]:
                events = state.apply(seat, action)
                history.append([seat, action])
                told = [{describe(e, names) for e in visible_events(events, p)} for p in people]
                private |= set.union(*told) - set.intersection(*told)
        if now["cover"] is not None:
            assert now["seat"] is None and now["count"] == 0  # no table behind the cover
            assert now["cover"] in people and state is not None
            text, lines = page.evaluate(PAGE_TEXT_JS)
            check_lines(lines, private)
            for seat in people:  # the cover is everyone's: nothing of one person's
                for other in set(people) - {seat}:
                    for secret in secrets(game_id, state, seat, other):
                        assert not secret.search(text), leak(text, secret, seat)
            covers.append(now["cover"])
            # The cover is drawn whole at once and nothing moves on it: no wait for it to settle.
            page.click("[data-ui=take-turn]", force=True)
            continue
        viewer = now["seat"]
        if viewer is not None and not now["waiting"] and checked != len(history):
            # A person's turn (the bots done), once per move: the page is theirs alone.
            assert viewer in people and state is not None and viewer in state.acting()
            assert save is not None and len(save["history"]) == len(history)
            text, lines = page.evaluate(PAGE_TEXT_JS)
            check_lines(lines, private)
            for seat in set(people) - {viewer}:
                for secret in secrets(game_id, state, seat, viewer):
                    assert not secret.search(text), leak(text, secret, seat)
            checked = len(history)
            turns += 1
        click = next_click(now["count"], now["steps"], nav, pick)
        if click is None:
            page.wait_for_timeout(30)
            continue
        selector, index = click
        page.locator(selector).nth(index).click()
    raise AssertionError("the game did not reach its end")


@pytest.mark.parametrize(("game_id", "players", "people"), GAMES, ids=[g[0] for g in GAMES])
def test_people_pass_the_phone_and_nobody_sees_anothers_hand(
    phone: StrictPage, site_url: str, game_id: str, players: int, people: dict[int, str]
) -> None:
    page = phone.page
    page.goto(site_url + pass_link(game_id, players, people))
    page.wait_for_selector("[data-testid=hand-over]")
    wait_for_bots_worker(page)
    covers = play_passed(page, game_id, players, people)
    assert len(covers) >= 4
    # The end: everyone's results, under their names.
    stats = json.loads(page.evaluate("localStorage.getItem('pygame-table.stats')") or "{}")
    assert set(stats.get("people", {})) == set(people.values())


def cover_fits(page: Page) -> None:
    """The cover's heading and its button are wholly in view (once any smooth scroll has
    settled), nothing wider than the screen."""
    for selector in ("#hand-over-title", "[data-ui=take-turn]"):
        expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_the_setup_names_the_people_and_a_reload_lands_on_a_hand_over(
    phone: StrictPage, site_url: str
) -> None:
    """Seats and names from the setup form (a name with markup stays text); the first screen
    is a hand-over; a reload comes back to a hand-over, never to someone's hand; the cover
    fits a phone upright and on its side; the statistics keep names apart."""
    page = phone.page
    page.goto(site_url + "?game=trick-of-trip&speed=instant")
    page.wait_for_selector("#setup-title")
    page.check("input[name=players][value='3']")
    page.click(".people-box summary")
    expect(page.locator(".seat-row[data-seat='4']")).to_be_hidden()  # past 3 players
    page.fill("[name=name-1]", "<b>Ann</b>")
    page.check("[name=person-3]")
    page.fill("[name=name-3]", "<B>ANN</B>")  # one name twice: said, nothing starts
    page.check("input[name=level][value=easy]")
    page.click("[data-ui=start]")
    expect(page.locator("#notice")).to_contain_text("Pass and play")
    expect(page.locator("[data-testid=hand-over]")).to_have_count(0)
    page.fill("[name=name-3]", "Cat")
    page.click("[data-ui=start]")
    cover = page.locator("[data-testid=hand-over]")
    expect(cover.locator("h2")).to_have_text("Pass to <b>Ann</b>")  # text, not markup
    assert page.locator("#screen b").count() == 0
    cover_fits(page)
    page.click("[data-ui=take-turn]")
    expect(page.locator(".table-screen[data-seat='0']")).to_be_visible()
    for _ in range(3):  # Ann's split
        page.locator("[data-ui=tot-move]").first.click()
    page.locator("#screen [data-action]").first.click()
    expect(cover).to_have_attribute("data-to", "2")  # then Cat's, behind its own cover
    assert "person3=Cat" in page.url  # the address deals the same game, people and all
    page.click("[data-ui=take-turn]")
    expect(page.locator(".table-screen[data-seat='2']")).to_be_visible()
    page.reload()  # Cat's hand was on screen: the reload hides it again
    expect(cover).to_have_attribute("data-to", "2")
    expect(page.locator("#screen .table-screen[data-seat]")).to_have_count(0)
    expect(page.locator(".log")).to_contain_text("Game resumed.")
    page.set_viewport_size({"width": 740, "height": 360})  # a phone on its side
    page.reload()
    expect(cover).to_have_attribute("data-to", "2")
    cover_fits(page)


def test_a_frame_passes_and_plays(phone: StrictPage, site_url: str) -> None:
    """An embedded frame's setup offers pass and play too, and covers the table the same."""
    page = phone.page
    page.goto(site_url + "embed.html?game=magic-trick-baker&speed=instant")
    page.click("#embed-setup")
    page.wait_for_selector("#setup-title")
    page.click(".people-box summary")
    page.check("[name=person-2]")
    page.fill("[name=name-2]", "Bob")
    page.click("[data-ui=start]")
    cover = page.locator("[data-testid=hand-over]")
    expect(cover.locator("h2")).to_have_text(re.compile(r"^Pass to (Player 1|Bob)$"))
    cover_fits(page)
    seat = cover.get_attribute("data-to")
    page.click("[data-ui=take-turn]")
    expect(page.locator(f".table-screen[data-seat='{seat}']")).to_be_visible()


def page_now(page: Page, game_id: str) -> dict[str, Any]:
    now = page.evaluate(PAGE_NOW_JS, [ACTIONS, STEPS, f"{SAVE_KEY}.{game_id}"])
    assert now is not None, "the game ended"
    return now


def person_at_turn(page: Page, game_id: str) -> dict[str, Any]:
    """Pass the device on (tap each cover), wait out the bots and go on past finished
    tricks, until a person has a move or a step of one drawn; where the game is then."""
    nav = page_steps() - {"take-turn"}
    for _ in range(400):
        now = page_now(page, game_id)
        if now["cover"] is not None:
            page.click("[data-ui=take-turn]", force=True)
        elif now["waiting"] == "continue":
            page.click("#screen [data-ui=continue]")
        elif now["seat"] is not None and not now["waiting"]:
            if next_click(now["count"], now["steps"], nav, random.Random(0)) is not None:
                return now
        else:
            page.wait_for_timeout(30)
    raise AssertionError(f"no person's turn came: {now}")


def make_a_move(page: Page, game_id: str) -> None:
    """The person on screen makes a move, by clicks (a game's own steps first, if any)."""
    nav = page_steps() - {"take-turn"}
    pick = random.Random(1)
    made = len(json.loads(page_now(page, game_id)["save"])["history"])
    for _ in range(40):
        now = page_now(page, game_id)
        if now["cover"] is not None or len(json.loads(now["save"])["history"]) > made:
            return
        click = next_click(now["count"], now["steps"], nav, pick)
        assert click is not None, now
        page.locator(click[0]).nth(click[1]).click()
    raise AssertionError("no move was made")


def test_a_hint_is_for_the_person_shown_and_undo_asks_before_taking_back_a_friends_move(
    phone: StrictPage, site_url: str
) -> None:
    """In a passed game: the hint is the shown person's legal move and names nothing of the
    other's hand, and it is gone behind the next cover; Undo after a friend has moved asks
    first, naming the friend, and then takes both moves back as practice."""
    game_id, players, people = "magic-trick-baker", 2, {0: "Ann", 1: "Bob"}
    game = pygame_rules.get_game(game_id)
    page = phone.page
    page.goto(site_url + pass_link(game_id, players, people))
    page.wait_for_selector("[data-testid=hand-over]")
    wait_for_bots_worker(page)
    now = person_at_turn(page, game_id)
    first = now["seat"]
    save = json.loads(now["save"])
    state = game.new_game(players, save["seed"], save["options"])
    for seat, action in save["history"]:
        state.apply(seat, action)
    page.click("#screen [data-ui=hint]")
    hinted = page.locator("#screen [data-action].hinted").first
    expect(hinted).to_be_visible(timeout=HINT_TIMEOUT)
    assert json.loads(hinted.get_attribute("data-action") or "") in state.legal_actions(first)
    text, _ = page.evaluate(PAGE_TEXT_JS)
    other = 1 - first
    for secret in secrets(game_id, state, other, first):
        assert not secret.search(text), leak(text, secret, other)
    hinted.click()
    mine = len(save["history"])  # the index of the hinted move in the history
    expect(page.locator("[data-testid=hand-over]")).to_have_attribute("data-to", str(other))
    now = person_at_turn(page, game_id)
    assert now["seat"] == other
    expect(page.locator("#screen .hinted, #screen .hint-note")).to_have_count(0)
    make_a_move(page, game_id)
    while person_at_turn(page, game_id)["seat"] != first:
        make_a_move(page, game_id)
    page.click("#screen [data-ui=undo]")
    asking = page.locator(".undo-bar")
    expect(asking).to_contain_text(people[other])
    expect(asking).to_contain_text("practice")
    page.click("[data-ui=undo-confirm]")
    expect(page.locator(f"#screen .table-screen[data-seat='{first}']")).to_be_visible()
    save = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}.{game_id}')"))
    assert len(save["history"]) == mine and save.get("practice") is True
