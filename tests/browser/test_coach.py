"""Issue 39: How did I play? The coach in the review, in every game, on a phone (360x740):
the decisions are weighed in the bots' worker with progress shown, the verdicts are the
ones CPython gives for the same hand (same budget, same seeds), the costliest decision's
button shows its move, a stopped run goes on, and a hand weighed once shows its verdicts at
once when reviewed again, after a reload too (they are kept with the save); by keyboard.

A small coach (the test hooks `pygameCoachBudget` and `pygameCoachWorlds`): the budget is
the engine's business (tests/test_coach.py); here, the page's plumbing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ui.play.session import Session
from ui.review.coach import coach_names
from ui.review.coaching import HandCoach, verdict_now
from ui.saves import save_key

from .conftest import (
    BOOT_TIMEOUT,
    StrictPage,
    open_app,
    play_to_end,
    random_game,
    resume_near_the_end,
)
from .test_sizes import check_sizes

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 3), ("trickbook", 2)]
BUDGET, WORLDS = 24, 4
SMALL_COACH = f"window.pygameCoachBudget = {BUDGET}; window.pygameCoachWorlds = {WORLDS};"
PANEL = "#screen section.coach"
COUNTER = "#screen .review-counter"
COACH_TIMEOUT = 120_000


def cpython_verdicts(record: dict[str, Any], span: tuple[int, int], seat: int = 0) -> list[Any]:
    """The verdicts CPython gives for the same stretch, with the page's budget."""
    session = Session(
        record["game"], record["players"], record["seed"], "normal", record["options"]
    )
    request = {
        "game": record["game"],
        "players": record["players"],
        "seed": record["seed"],
        "options": record["options"],
        "actions": record["history"][: span[1]],
        "seat": seat,
        "span": list(span),
        "names": coach_names(session.names, seat),
        "budget": BUDGET,
        "worlds": WORLDS,
    }
    coach = HandCoach(request)
    return [verdict_now(coach, number) for number in range(coach.total)]


def wait_done(page: Page) -> None:
    page.wait_for_selector(f"{PANEL}[data-coach=done]", timeout=COACH_TIMEOUT)
    done, total = page.get_attribute(PANEL, "data-done"), page.get_attribute(PANEL, "data-total")
    assert done == total, (done, total)


def shown_costliest(page: Page) -> list[tuple[str, str]]:
    """(move name, better move's words) of each costliest decision shown."""
    items = page.locator(f"{PANEL} .coach-costly")
    return [
        (
            items.nth(i).locator("h4").inner_text(),
            items.nth(i).locator("p", has_text="Better:").inner_text(),
        )
        for i in range(items.count())
    ]


def expected_costliest(verdicts: list[Any], start: int) -> list[tuple[str, str]]:
    flagged = sorted((v for v in verdicts if v["flagged"]), key=lambda v: (-v["gap"], v["index"]))
    return [(f"Move {v['index'] - start + 1}", f"Better: {v['best_words']}") for v in flagged[:3]]


@pytest.fixture
def coached(phone: StrictPage) -> StrictPage:
    phone.page.context.add_init_script(SMALL_COACH)
    return phone


def check_done(page: Page, verdicts: list[Any], start: int) -> None:
    """The panel once every decision is weighed: CPython's count and costliest; its sizes
    on a phone; the costliest decision's button shows its move, with the coach's word."""
    wait_done(page)
    assert page.get_attribute(PANEL, "data-total") == str(len(verdicts))
    assert shown_costliest(page) == expected_costliest(verdicts, start)
    expect(page.locator(f"{PANEL} .coach-table tbody tr")).to_have_count(len(verdicts))
    expect(page.locator(f"{PANEL} .coach-summary")).to_contain_text(
        f"{len(verdicts)} decisions weighed"
    )
    check_sizes(page, PANEL)
    jumps = page.locator(f"{PANEL} [data-ui=coach-jump]")
    if jumps.count():
        values = page.locator(f"{PANEL} .coach-costly").first.locator(".coach-value")
        expect(values).to_have_count(2)  # the played move's value, and the better one's
        expect(values.first).to_contain_text("Expected: ")
        name = page.locator(f"{PANEL} .coach-costly h4").first.inner_text()
        jumps.first.click()
        expect(page.locator(COUNTER)).to_contain_text(name)
        expect(page.locator("#review-title")).to_be_focused()
        expect(page.locator("#screen .review-move .coach-note")).to_contain_text("Coach, better")


def resume_past_the_first_hand(page: Page, site_url: str, game_id: str, players: int) -> Any:
    """A game (Easy bots, random moves in CPython) resumed one move past its first hand's
    end: its save, and where that hand stops."""
    session = random_game(game_id, players, 11)
    stop = session.move_ends.index("hand") + 1
    save = session.to_save()
    save["history"] = session.history[: stop + 1]
    page.goto(site_url)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(game_id), json.dumps(save)])
    open_app(page, site_url)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    return save, stop


# Baker's game is long (some 190 decisions): its first hand; the others' whole games.
WHOLE_GAMES = [g for g in GAMES if g[0] != "magic-trick-baker"]


@pytest.mark.parametrize(("game_id", "players"), WHOLE_GAMES, ids=[g for g, _ in WHOLE_GAMES])
def test_how_did_i_play_the_game(
    coached: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    """At the game over: How did I play? opens the game's review and weighs every decision
    of the game, as CPython does; the costliest one's button shows its move."""
    page = coached.page
    resume_near_the_end(page, site_url, game_id, players)
    play_to_end(page)
    record = json.loads(page.get_attribute("[data-testid=game-over]", "data-record"))
    page.click("#screen [data-ui=coach-open][data-value=game]")
    expect(page.locator(COUNTER)).to_have_text("Start")
    expect(page.locator("#coach-title")).to_be_focused()
    # An Easy table never started the bots' engine: the coach does ("Waiting for the bots'
    # engine to load…"), in a task after the panel is drawn, and its boot may take longer
    # than an expect's 5 s under load. So wait for its end, not for "no boot under way":
    # that held before the coach had started it (body[data-bots] unset), and the 5 s
    # below then ran out on a loaded machine while the engine booted.
    page.wait_for_function(
        "['ready', 'failed'].includes(document.body.dataset.bots)", timeout=BOOT_TIMEOUT
    )
    expect(page.locator(f"{PANEL} .coach-progress")).to_contain_text("Weighing your decisions")
    check_done(page, cpython_verdicts(record, (0, len(record["history"]))), 0)


def test_how_did_i_play_a_hand_of_baker(coached: StrictPage, site_url: str) -> None:
    """At a hand's end, from the bar under the table (Baker's Continue waits there)."""
    page = coached.page
    save, stop = resume_past_the_first_hand(page, site_url, "magic-trick-baker", 2)
    page.click("#screen [data-ui=coach-open][data-value=hand]")
    expect(page.locator("#coach-title")).to_be_focused()
    check_done(page, cpython_verdicts(save, (0, stop)), 0)


def test_a_hand_by_keyboard_stopped_resumed_and_kept_with_the_save(
    coached: StrictPage, site_url: str
) -> None:
    """Mid-game, a finished hand: How did I play? from the table, by keyboard; Cancel stops
    it after some verdicts, Go on finishes it; reviewed again (after a reload too) its
    verdicts are there at once."""
    page = coached.page
    game_id = "trick-of-trip"
    save, first_hand = resume_past_the_first_hand(page, site_url, game_id, 3)
    ask = page.locator("#screen [data-ui=coach-open][data-value=hand]")
    ask.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#coach-title")).to_be_focused()
    page.wait_for_function(
        f"Number(document.querySelector('{PANEL}')?.dataset.done) >= 2", timeout=COACH_TIMEOUT
    )
    page.locator(f"{PANEL} [data-ui=coach-cancel]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(PANEL)).to_have_attribute("data-coach", "stopped")
    stopped = int(page.get_attribute(PANEL, "data-done") or 0)
    expect(page.locator(f"{PANEL} .coach-progress")).to_contain_text(f"Stopped after {stopped}")
    page.locator(f"{PANEL} [data-ui=coach]").focus()
    page.keyboard.press("Enter")
    wait_done(page)
    verdicts = cpython_verdicts(save, (0, first_hand))
    assert page.get_attribute(PANEL, "data-total") == str(len(verdicts))
    assert shown_costliest(page) == expected_costliest(verdicts, 0)
    # Kept: closed and opened again, then after a reload, the verdicts are there at once.
    page.click("#screen [data-ui=review-close]")
    page.click("#screen [data-ui=review][data-value=hand]")
    expect(page.locator(PANEL)).to_have_attribute("data-coach", "done")
    kept = json.loads(page.evaluate(f"localStorage.getItem('pygame-table.save.{game_id}')"))
    assert [v["index"] for v in kept["coach"][0]["verdicts"]] == [v["index"] for v in verdicts]
    open_app(page, site_url)  # the lobby (the address now names the game's link)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    page.click("#screen [data-ui=review][data-value=hand]")
    expect(page.locator(PANEL)).to_have_attribute("data-coach", "done")
    assert shown_costliest(page) == expected_costliest(verdicts, 0)
