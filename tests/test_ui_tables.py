"""The table UIs, checked in CPython: play whole games by 'clicking' only what is drawn.

Every `data-action` control drawn must be legal for the human, the human must
always have something to click when it is their move, and the game must reach
its end through the drawn controls alone.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from test_magic_trick_baker import PLAIN_HANDS, H, I, R, W, hand_points, law, play, play_state

import pygame_rules
from pygame_rules.magic_trick_baker import MAX_HANDS
from ui.app import page_steps
from ui.play.hint import mark_hint
from ui.play.session import Session
from ui.screens.frame import game_frame, player_view
from ui.screens.game_over import game_over_screen
from ui.tables import kit, table_for
from ui.tables import magic_trick_baker as mtb
from ui.tables import magic_trick_wray as mtw
from ui.tables import trick_of_trip as tot
from ui.vdom import ENTER_MS, El, h, settle_entries

GAMES = list(pygame_rules.GAME_IDS)
# The table bar's steps, handled by the page (ui/screens/play.py), not the game's table.
Check = Callable[[El], None]


def drawn(session: Session, picks: list[int], check: Check | None = None) -> tuple[list, list]:
    view = kit.PlayerView(
        game=session.game,
        obs=session.observation(),
        legal=session.human_legal(),
        names=session.names,
        picks=picks,
    )
    tree = game_frame(session, view, None)
    if check:
        check(tree)
    actions = [
        json.loads(el.attrs["data-action"]) for el in tree.walk() if "data-action" in el.attrs
    ]
    game_ui = [
        el
        for el in tree.walk()
        if "data-ui" in el.attrs and el.attrs["data-ui"] not in page_steps()
    ]
    return actions, game_ui


def play_by_clicks(game_id: str, players: int, seed: int, check: Check | None = None) -> Session:
    """Play a game as the human by choosing among drawn controls; `check` sees each table."""
    session = Session(game_id, players, seed, "easy")
    module = table_for(game_id)
    pick = random.Random(seed)
    picks: list[int] = []
    for _ in range(5000):
        if session.is_over():
            return session
        bot = session.next_bot()
        if (bot is not None and pick.random() < 0.5) or not session.human_legal():
            assert bot is not None, "nobody can act, yet the game is not over"
            session.bot_move(bot)
            continue
        actions, game_ui = drawn(session, picks, check)
        legal = session.human_legal()
        for action in actions:
            assert action in legal, f"drawn control for an illegal action {action}"
        assert actions or game_ui, "the human must act but nothing is drawn to click"

        def tap(el: El, picks: list[int], legal: list = legal) -> list[int]:
            view = kit.PlayerView(
                game=session.game,
                obs=session.observation(),
                legal=legal,
                names=session.names,
                picks=list(picks),
            )
            step = module.controls[el.attrs["data-ui"]]
            return step(el.attrs.get("data-value", ""), view)

        for el in game_ui:  # no drawn button is dead, and none undoes a choice unasked
            after = tap(el, picks)
            assert after != picks, f"tapping {el.attrs} changes nothing"
            if set(picks) - set(after):
                assert el.attrs.get("aria-pressed") == "true", f"{el.attrs} dropped a choice"
        if actions:
            session.act(session.human, pick.choice(actions))
            picks = []
        else:
            picks = tap(pick.choice(game_ui), picks)
    raise AssertionError("game did not finish")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_games_play_to_the_end_through_drawn_controls(game_id: str, seed: int) -> None:
    game = pygame_rules.get_game(game_id)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    session = play_by_clicks(game_id, players, seed)
    view = kit.PlayerView(
        game=session.game, obs=session.observation(), legal=[], names=session.names
    )
    over = game_over_screen(session, view)
    scores = [int(el.attrs["data-score"]) for el in over.walk() if "data-score" in el.attrs]
    assert sorted(scores) == sorted(session.state.scores())
    assert any(el.attrs.get("data-testid") == "game-over" for el in over.walk())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_of_a_game_can_be_described(game_id: str) -> None:
    session = play_by_clicks(game_id, pygame_rules.get_game(game_id).default_players, 9)
    assert len(session.log) > 10
    assert all(isinstance(line, str) and line for line in session.log)
    doubled = [line for line in session.log if re.search(r"\b(\w+) \1\b", line, re.IGNORECASE)]
    assert not doubled, doubled  # e.g. "the the Illusionist"


def log_lines(game_id: str, games: int) -> list[str]:
    """The log lines of `games` games at the most players, played through drawn controls."""
    players = pygame_rules.get_game(game_id).max_players
    return [line for seed in range(games) for line in play_by_clicks(game_id, players, seed).log]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_human_is_you_not_you_in_the_middle_of_a_sentence(game_id: str) -> None:
    """'Bot 1 deals; you lead.' ('; You lead' read as a slip); lists keep 'You 9, Bot 1 35'."""
    lines = log_lines(game_id, 4)
    capital = [line for line in lines if re.search(r"[;,] You [a-z]", line)]
    assert not capital, capital


@pytest.mark.parametrize("game_id", GAMES)
def test_log_lines_have_no_brackets_inside_brackets(game_id: str) -> None:
    """'(first 7 played (a trump was played))' and '(trump) (lowest trump)' read badly."""
    lines = log_lines(game_id, 3)
    nested = [line for line in lines if re.search(r"\([^()]*\(|\) \(", line)]
    assert not nested, nested


def test_wray_table_says_once_that_hearts_are_trump() -> None:
    notes: list[str] = []

    def led_notes(tree: El) -> None:
        notes.extend(el.text() for el in tree.walk() if el.attrs.get("class") == "led-note")

    for seed in (1, 2):
        play_by_clicks("magic-trick-wray", 4, seed, led_notes)
    assert any(note.startswith("Led: Hearts") for note in notes)
    assert all(note.count("trump") == 1 for note in notes), {
        n for n in notes if n.count("trump") > 1
    }


def test_a_baker_game_stopped_by_the_hand_limit_says_so() -> None:
    """Game over at 17 points under "first to 31" read as a bug; the screen and log say why."""
    state = play_state(PLAIN_HANDS, [law("top-hat"), I])
    state.hand_number = MAX_HANDS
    p = hand_points(state)
    state.totals = [-55 - p[0], 17 - p[1]]
    events = []
    while not state.is_over():
        events = state.apply(state.turn, state.legal_actions(state.turn)[0])
    names = ["You", "Bot 1"]
    assert mtb.describe(events[-1], names) == "Game over at this app's hand limit: Bot 1 wins."
    view = kit.PlayerView(game=state.game, obs=state.observation(0), legal=[], names=names)
    text = mtb.final_details(view).text()
    assert "The game stopped after 40 hands, this app's limit: nobody reached 31 alone" in text
    # Scores below zero carry a true minus sign (U+2212), as the hand sheet's do.
    session = Session("magic-trick-baker", 2, 1, "easy")
    session.state = state
    over = game_over_screen(session, view)
    cells = [el for el in over.walk() if "data-score" in el.attrs]
    assert [el.text() for el in cells if str(el.attrs["data-seat"]) == "0"] == ["\u221255"]
    assert not re.search(r"-\d", over.text()), over.text()


def test_a_burned_trick_says_so_beside_its_winner() -> None:
    """Where room is short only the winner's caption is shown of a taken trick (the title,
    two lines at 360 px, ran the Laws under your seat in a 600 px frame): it says "won,
    burned", and the card's label says so too; the title keeps the Law's name."""
    hands = [[R(4), R(1), R(2), R(3), W(2)], [I, H(4), W(3), W(4), H(1)]]
    state = play_state(hands, [law("night-club"), law("moon-shot")], dealer=1)
    play(state, R(4), I)
    names = ["You", "Bot 1"]
    view = kit.PlayerView(game=state.game, obs=state.observation(0), legal=[], names=names)
    area = h("div", {}, mtb.trick_area(view))
    [title] = [el for el in area.walk() if "trick-title" in el.attrs.get("class", "")]
    assert title.text() == "Trick 1: Bot 1 takes it — burned by Night Club."
    marks = [el.text() for el in area.walk() if el.attrs.get("class") == "trick-mark"]
    assert marks == [" · won, burned"]
    labels = [el.attrs.get("aria-label", "") for el in area.walk()]
    assert any(label.endswith(", won the trick, burned") for label in labels), labels
    play(state, H(4), R(1))  # not burned: "won" alone
    view = kit.PlayerView(game=state.game, obs=state.observation(0), legal=[], names=names)
    area = h("div", {}, mtb.trick_area(view))
    assert [el.text() for el in area.walk() if el.attrs.get("class") == "trick-mark"] == [" · won"]


def test_trick_of_trip_score_table_shows_the_total_beside_the_name() -> None:
    """On a phone the suit columns scroll sideways; a last Total column was out of sight."""
    session = Session("trick-of-trip", 5, 3, "easy")
    view = kit.PlayerView(
        game=session.game, obs=session.observation(), legal=[], names=session.names
    )
    heads = [el.text() for el in tot.score_table(view).walk() if el.tag == "th"]
    assert heads[:2] == ["Player", "Total"]


def test_wray_shows_a_hands_last_trick_whole_at_the_next_hands_start() -> None:
    """Issue 23.2: the 13th trick was never shown complete (the next hand's results only)."""
    session = Session("magic-trick-wray", 4, 3, "easy")
    while session.observation()["hand_number"] < 2:
        legal = session.human_legal()
        if legal:
            session.act(0, legal[0])
        else:
            seat = session.next_bot()
            assert seat is not None
            session.bot_move(seat)
    obs = session.observation()
    assert obs["trick_number"] == 1 and not obs["trick"]
    centre = El("div", {}, mtw.centre_area(player_view(session)))
    lines = [el.text() for el in centre.walk() if el.attrs.get("class") == "last-trick"]
    assert len(lines) == 1 and lines[0].startswith("Last trick of hand 1 (13): "), lines
    assert len([el for el in centre.walk() if el.tag == "figure"]) == 4


DECORATED = ("data-action", "data-focus", "data-ui", "tabindex", "data-enter")


@pytest.mark.parametrize("seed", [1, 2])
def test_wray_tables_drawn_with_kept_slots_are_the_tables_drawn_anew(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Wray row's picture slots are kept from one drawing to the next (KeptSlots): every
    table of a game, hinted and entrances settled as the page does, equals the same table
    drawn with nothing kept, and no kept slot holds what a decorator changes."""
    session = Session("magic-trick-wray", 4, seed, "easy")
    pick = random.Random(seed)
    seen: dict[str, float] = {}
    for step in range(400):  # hands 1-3 and more
        if session.is_over():
            break
        view = player_view(session)
        tree = game_frame(session, view, None)
        if view.legal:
            mark_hint(tree, pick.choice(view.legal), "a reason")
        settle_entries(tree, 1000.0 * step, seen)
        kept = list(mtw.KEPT_SLOTS.current.values())
        assert kept, "no slot was kept"
        for el in kept:
            for node in el.walk():
                assert not set(DECORATED) & set(node.attrs), node.attrs
        with monkeypatch.context() as scope:
            scope.setattr(mtw, "KEPT_SLOTS", mtw.KeptSlots())
            anew = game_frame(session, player_view(session), None)
        again = game_frame(session, player_view(session), None)
        assert again == anew
        if session.human_legal():
            session.act(session.human, pick.choice(session.human_legal()))
        else:
            bot = session.next_bot()
            assert bot is not None
            session.bot_move(bot)


def test_only_a_new_card_keeps_its_entrance_across_redraws() -> None:
    """`data-enter` stays on an element for ENTER_MS after its key first showed (a redraw
    right after a move does not cut the slide short) and goes after that (a later redraw
    does not replay it)."""

    def tree(*keys: str) -> El:
        return h("div", {}, [h("figure", {"data-enter": k}) for k in keys])

    seen: dict[str, float] = {}
    first = tree("a")
    settle_entries(first, 1000.0, seen)
    assert [el.attrs.get("data-enter") for el in first.walk()][1:] == ["a"]
    again = tree("a", "b")
    settle_entries(again, 1000.0 + ENTER_MS / 2, seen)
    assert [el.attrs.get("data-enter") for el in again.walk()][1:] == ["a", "b"]
    later = tree("a", "b")
    settle_entries(later, 1000.0 + ENTER_MS + 1, seen)
    assert [el.attrs.get("data-enter") for el in later.walk()][1:] == [None, "b"]
    settle_entries(tree(), 5000.0, seen)
    assert seen == {}  # keys gone from the table are forgotten


def without_rows(el: El) -> El:
    """`el` drawn again with every seat's rows (`.seat > .seat-more`) left out, and nothing
    else changed."""
    children = [
        without_rows(c) if isinstance(c, El) else c
        for c in el.children
        if not (el.has_class("seat") and isinstance(c, El) and c.has_class("seat-more"))
    ]
    return El(el.tag, dict(el.attrs), children)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_table_short_of_room_leaves_out_only_the_seats_hidden_rows(game_id: str) -> None:
    """Where app.css hides the seats' rows (`page.SUMMED_SEATS`), the drawing leaves them out
    (`summed`) and nothing else: the same table as the whole one without them, each seat's
    summary and tap kept; the seat shown whole over the table (`detail`) keeps its rows."""
    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.max_players, 4, "easy")
    pick = random.Random(4)
    for _ in range(12):  # a few moves in: cards shown, tricks taken, dice rolled
        bot = session.next_bot()
        if bot is not None:
            session.bot_move(bot)
        elif session.human_legal():
            session.act(session.human, pick.choice(session.human_legal()))
    seats_with_rows = 0
    for detail in (None, "seat-1"):
        whole = game_frame(session, player_view(session), None, detail=detail)
        summed = game_frame(session, player_view(session), None, detail=detail, summed=True)
        assert summed.attrs.pop("data-seats") == "summed" and "data-seats" not in whole.attrs
        assert summed == without_rows(whole)
        assert not [el for el in summed.walk() if el.has_class("seat-more")] or detail
        seats_with_rows = len([el for el in whole.walk() if el.has_class("seat-more")])
        shown = summed.first(lambda el: el.attrs.get("id") == "detail-panel")
        if detail is not None and shown is not None:
            assert shown.first(lambda el: el.has_class("seat-more")) is not None
    assert seats_with_rows, "no seat had rows to leave out"
