"""The UI's pure-Python parts: link parameters, saves, statistics, what screens show."""

from __future__ import annotations

from pathlib import Path

import pytest

import pygame_rules
from pygame_rules import get_game
from ui.jsontext import parse_json
from ui.play.hint import mark_hint
from ui.play.session import PLAYER_LEVELS, SAVE_VERSION, Deal, SaveError, Session
from ui.saves import record_result, valid_stats
from ui.screens.frame import Announcer, prompt_text, turn_text
from ui.screens.lobby import resume_box, saved_games
from ui.screens.setup import conflict_screen, setup_screen
from ui.share.links import link_continues, link_for, parse_link, whole_number
from ui.tables.kit import PlayerView
from ui.tables.widgets import action_button
from ui.vdom import h


def test_link_starts_a_seeded_game() -> None:
    req = parse_link("?game=trick-of-trip&players=4&seed=42&level=hard")
    assert (req.game_id, req.players, req.seed, req.level, req.start) == (
        "trick-of-trip",
        4,
        42,
        "hard",
        True,
    )
    assert req.messages == []


def test_link_round_trips() -> None:
    query = link_for(Deal("trick-of-trip", 5, 7, "easy"))
    req = parse_link(query)
    assert (req.game_id, req.players, req.seed, req.level) == ("trick-of-trip", 5, 7, "easy")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?game=nope", "Unknown game 'nope'"),
        ("?game=trick-of-trip&players=2", "3–5 players"),
        ("?game=trick-of-trip&players=x", "3–5 players"),
        ("?game=trick-of-trip&seed=-1", "whole number"),
        ("?game=trick-of-trip&seed=99999999999999999999", "whole number"),
        ("?game=trick-of-trip&level=godlike", "Unknown bot level"),
        ("?game=trick-of-trip&colour=red", "'colour' is not known"),
        ("?rules=nope", "no rules for an unknown game"),
        # "²".isdigit() is true and int("²") raises; 5000 digits exceed int()'s limit.
        ("?game=trick-of-trip&players=%C2%B2", "3–5 players"),
        ("?game=trick-of-trip&seed=%C2%B2", "whole number"),
        ("?game=trick-of-trip&seed=" + "9" * 5000, "whole number"),
        ("?game=trick-of-trip&speed=warp", "Bot speed 'warp' is not one of"),
        ("?game=magic-trick-baker&players=3", "is for 2 players, so '3'"),
    ],
)
def test_bad_links_fall_back_with_a_message(query: str, message: str) -> None:
    req = parse_link(query)
    assert any(message in m for m in req.messages), req.messages
    assert req.players is None or req.players in (3, 4, 5)


def test_whole_numbers_are_ascii_digits_within_a_limit() -> None:
    assert whole_number("42", 100) == 42
    assert whole_number(" 7 ", 100) == 7
    assert whole_number("100", 100) == 100
    for text in ("101", "-1", "1.5", "0x10", "²", "", "1e3", "9" * 5000):
        assert whole_number(text, 100) is None, text


def test_a_link_speed_is_checked() -> None:
    assert parse_link("?speed=instant").speed == "instant"
    req = parse_link("?speed=%3Cb%3E")
    assert req.speed is None and req.messages


def test_unknown_game_never_starts() -> None:
    req = parse_link("?game=<script>&seed=1")
    assert req.game_id is None


def test_long_values_are_shortened_in_messages() -> None:
    req = parse_link("?game=" + "x" * 500)
    assert all(len(m) < 120 for m in req.messages)


def saved_game(game_id: str = "trick-of-trip", players: int = 4, seed: int = 42) -> dict:
    session = Session(game_id, players, seed, "hard")
    session.bot_move(1)
    return session.to_save()


@pytest.mark.parametrize(
    "query",
    [
        "?game=trick-of-trip&players=4&seed=42&level=hard",  # the same link, reloaded
        "?game=trick-of-trip&players=4&seed=42",  # no level named: any
        "?game=trick-of-trip&players=4",  # no seed named: any deal of 4
        "?game=trick-of-trip&players=4&seed=abc",  # a malformed seed names none
        "?game=trick-of-trip&seed=42",  # players default to 4
    ],
)
def test_a_link_to_the_saved_deal_resumes_it(query: str) -> None:
    assert link_continues(parse_link(query), saved_game())


@pytest.mark.parametrize(
    "query",
    [
        "?game=trick-of-trip&players=4&seed=43",
        "?game=trick-of-trip&players=3&seed=42",
        "?game=trick-of-trip&players=4&seed=42&level=easy",
        "?game=magic-trick-baker&seed=42",
    ],
)
def test_a_link_to_another_deal_does_not_resume(query: str) -> None:
    assert not link_continues(parse_link(query), saved_game())


def test_a_link_never_continues_a_damaged_save() -> None:
    req = parse_link("?game=trick-of-trip&players=4&seed=42")
    for save in ({"broken": True}, {**saved_game(), "seed": "42"}, None, []):
        assert not link_continues(req, save)


def ui_steps(tree: object) -> list[tuple[str, str | None]]:
    return [
        (el.attrs["data-ui"], el.attrs.get("data-value"))
        for el in tree.walk()  # type: ignore[attr-defined]
        if "data-ui" in el.attrs
    ]


def test_before_a_link_replaces_a_game_the_player_is_asked() -> None:
    """A link asks only about a save of its own game (each game keeps its own)."""
    req = parse_link("?game=trick-of-trip&players=3&seed=1")
    screen = conflict_screen(saved_game(), trip := get_game("trick-of-trip"), True)
    text = screen.text()
    assert "game of Trick of Trip (nuun) in progress (4 players, 1 move)" in text
    assert "Starting the linked game ends it" in text
    baker = conflict_screen(saved_game(), get_game("magic-trick-baker"), True).text()
    assert "Starting the linked game of Magic Trick (Andrew Ulysses Baker) ends it" in baker
    steps = ui_steps(screen)
    assert steps == [
        ("resume", "trick-of-trip"),
        ("start-link", None),
        ("export-save", "trick-of-trip"),
    ]
    assert req.start
    # Unreadable, or the right shape with moves that no longer replay: no Resume to offer.
    for save in ({"broken": True}, saved_game()):
        damaged = conflict_screen(save, trip, False)
        assert "could not be read" in damaged.text()
        assert ui_steps(damaged) == [("start-link", None), ("export-save", "trick-of-trip")]


def test_before_a_new_game_replaces_a_saved_one_the_player_is_asked() -> None:
    screen = conflict_screen(saved_game(), get_game("trick-of-trip"), True, False, "Back to games")
    assert "(4 players, 1 move). Starting a new game ends it." in screen.text()
    assert ui_steps(screen) == [
        ("resume", "trick-of-trip"),
        ("start-new", None),
        ("export-save", "trick-of-trip"),
        ("lobby", None),
    ]


def test_the_lobby_lists_every_saved_game_with_its_own_buttons() -> None:
    baker = Session("magic-trick-baker", 2, 7, "hard").to_save()
    entries = [("magic-trick-baker", baker), ("trick-of-trip", saved_game()), ("trickbook", [1])]
    box = saved_games(entries)
    text = box.text()
    assert text.startswith("Your games in progress")
    assert "Magic Trick (Andrew Ulysses Baker): 2 players, 0 moves so far" in text
    assert "Trick of Trip (nuun): 4 players, 1 move so far" in text
    assert "Trickbook (Jacob Hauberg Hansen): could not be read" in text
    assert ui_steps(box) == [
        ("resume", "magic-trick-baker"),
        ("export-save", "magic-trick-baker"),
        ("discard-save", "magic-trick-baker"),
        ("resume", "trick-of-trip"),
        ("export-save", "trick-of-trip"),
        ("discard-save", "trick-of-trip"),
        ("export-save", "trickbook"),
        ("discard-save", "trickbook"),
    ]
    names = [el.attrs.get("aria-label") for el in box.walk() if el.attrs.get("data-ui") == "resume"]
    assert names == ["Resume Magic Trick (Andrew Ulysses Baker)", "Resume Trick of Trip (nuun)"]
    assert saved_games([]).text() == ""
    # Discarding asks first, in place of that game's offer only.
    asking = saved_games(entries, confirming="trick-of-trip")
    assert "Discard your game of Trick of Trip (nuun)? It cannot be brought back." in asking.text()
    assert ("confirm-discard", "trick-of-trip") in ui_steps(asking)
    assert ("cancel-discard", "trick-of-trip") in ui_steps(asking)
    assert ("resume", "trick-of-trip") not in ui_steps(asking)
    assert ("resume", "magic-trick-baker") in ui_steps(asking)


@pytest.mark.parametrize(
    ("slot", "save"),
    [
        ("trickbook", {"format": 1, "game": "<b>x</b>", "players": 2, "seed": 1, "history": []}),
        ("trickbook", {**saved_game(), "game": "trick-of-trip"}),  # under another game's key
        ("earlier", {"format": 1, "game": "<img src=x onerror=alert(1)>", "history": []}),
        ("earlier", {"broken": True}),
    ],
)
def test_nothing_read_from_a_damaged_save_is_shown(slot: str, save: object) -> None:
    box = resume_box(save, slot)
    assert "could not be read" in box.text()
    assert "<" not in box.text() and "Trick of Trip" not in box.text()
    assert ("resume", slot) not in ui_steps(box)


def test_an_earlier_versions_save_kept_apart_is_offered_to_export() -> None:
    text = resume_box(saved_game(), "earlier").text()
    assert "Trick of Trip (nuun): an older game (4 players, 1 move), saved by an earlier" in text
    assert "resume" not in [step for step, _ in ui_steps(resume_box(saved_game(), "earlier"))]


def test_save_restores_the_same_observation() -> None:
    session = Session("trick-of-trip", 3, 11)
    for _ in range(25):
        seat = session.next_bot()
        if seat is not None:
            session.bot_move(seat)
        else:
            session.act(0, session.human_legal()[0])
    restored = Session.from_save(session.to_save())
    assert restored.observation() == session.observation()
    assert restored.state.to_json() == session.state.to_json()


@pytest.mark.parametrize(
    ("save", "message"),
    [
        ("not a dict", "not a game record"),
        ({"format": 99, "game": "trick-of-trip"}, "unknown format version"),
        ({"format": 1, "game": "chess"}, "unknown game"),
        (
            {"format": 1, "game": "trick-of-trip", "players": 3, "seed": 1, "history": "x"},
            "damaged",
        ),
        (
            {
                "format": 1,
                "game": "trick-of-trip",
                "players": 3,
                "seed": 1,
                "history": [[0, {"type": "fly"}]],
            },
            "damaged",
        ),
        ({"format": 1, "game": "trick-of-trip", "players": 9, "seed": 1, "history": []}, "damaged"),
        # Well-formed JSON of the wrong types (int(inf) raised OverflowError, int(1.5) was 1).
        (
            {"format": 1, "game": "trick-of-trip", "players": 3, "seed": 1, "history": 5},
            "move list",
        ),
        (
            {"format": 1, "game": "trick-of-trip", "players": 3, "seed": 1e400, "history": []},
            "seed",
        ),
        (
            {"format": 1, "game": "trick-of-trip", "players": 3.5, "seed": 1, "history": []},
            "players",
        ),
        (
            {"format": 1, "game": "trick-of-trip", "players": True, "seed": 1, "history": []},
            "players",
        ),
        ({"format": 1, "game": "trick-of-trip", "players": 3, "seed": -4, "history": []}, "seed"),
        (
            {"format": 1, "game": "trick-of-trip", "players": 3, "seed": 1, "history": [[0.0, {}]]},
            "damaged",
        ),
        (
            {"format": 1, "game": "trick-of-trip", "players": 3, "seed": 1, "history": [7]},
            "damaged",
        ),
    ],
)
def test_broken_saves_are_refused_clearly(save: object, message: str) -> None:
    with pytest.raises(SaveError, match=message):
        Session.from_save(save)


@pytest.mark.parametrize(
    "save",
    [
        {"format": 1, "game": "trickbook", "players": 2, "seed": 1, "history": 5},
        {"format": 1, "game": "trickbook", "players": 2, "seed": 1, "history": True},
        {"format": 1, "game": "trickbook", "players": 2, "seed": 1.5, "history": []},
        {"format": 1, "game": "trickbook", "players": "2", "seed": 1, "history": []},
        ["format", 1],
    ],
)
def test_the_lobby_offers_no_resume_for_a_save_of_the_wrong_shape(save: object) -> None:
    """A history of 5 made the lobby's len() raise, and the app failed on every boot."""
    box = str(resume_box(save, "trickbook"))
    assert "could not be read" in box
    assert "'resume'" not in box and "discard-save" in box


def test_deeply_nested_json_is_refused_before_it_is_parsed() -> None:
    """In the browser, json.loads of 10,000 nested brackets overflowed the JavaScript stack
    and killed Python for the page, on every reload while it stayed in storage."""
    assert parse_json('{"a": [[1, {"b": "[[[[[[[["}]]}') == {"a": [[1, {"b": "[[[[[[[["}]]}
    for text in ("[" * 10_000, '{"a":' * 40 + "1" + "}" * 40):
        with pytest.raises(ValueError, match="nests"):
            parse_json(text)


def test_statistics_refuse_booleans_as_counts() -> None:
    with pytest.raises(ValueError):
        valid_stats({"trickbook": {"played": True, "won": 0, "best": None}})


def test_statistics_accumulate_and_validate() -> None:
    stats = record_result({}, "trick-of-trip", True, 30)
    stats = record_result(stats, "trick-of-trip", False, 40)
    assert stats["trick-of-trip"] == {"played": 2, "won": 1, "best": 40}
    assert valid_stats(stats) == stats
    with pytest.raises(ValueError):
        valid_stats({"trick-of-trip": {"played": 1, "won": 2, "best": None}})
    with pytest.raises(ValueError):
        valid_stats([1, 2])


def first_bot_turn(level: str) -> tuple[Session, int]:
    """A Magic Trick (Wray) game at `level`, at the first bot move with a real choice."""
    session = Session("magic-trick-wray", 4, 11, level)
    while True:
        seat = session.next_bot()
        if seat is None:
            session.act(0, session.human_legal()[0])
        elif len(session.state.legal_actions(seat)) > 1:
            return session, seat
        else:
            session.bot_move(seat)


def test_a_bot_past_its_time_limit_plays_the_best_move_found_so_far() -> None:
    session, seat = first_bot_turn("hard")
    turn = session.start_bot(seat)
    assert turn.step(0.0, limit=0.0)
    assert turn.capped
    assert turn.action in session.state.legal_actions(seat)
    assert turn.thinking.iterations < turn.thinking.config.iterations


def test_a_bot_within_its_time_limit_thinks_its_whole_budget() -> None:
    session, seat = first_bot_turn("hard")
    turn = session.start_bot(seat)
    while not turn.step(0.0, limit=float("inf")):
        pass
    assert not turn.capped and turn.thinking.finished
    whole = session.start_bot(seat)
    whole.step(None)
    assert turn.action == whole.action


def test_player_levels_are_the_bots_levels_without_the_random_one() -> None:
    from pygame_rules.bots import LEVELS

    assert PLAYER_LEVELS == ("easy", "normal", "hard")
    assert set(PLAYER_LEVELS) < set(LEVELS)
    with pytest.raises(ValueError, match="unknown bot level"):
        Session("trickbook", 2, 1, "random")


def test_a_save_keeps_its_own_version_apart_from_the_state_format() -> None:
    """Old saves (format 1) load: SAVE_VERSION is the app's, not pygame_rules.SAVE_FORMAT."""
    assert SAVE_VERSION == 1
    assert Session("trickbook", 2, 1).to_save()["format"] == SAVE_VERSION


def test_the_screens_and_the_app_draw_from_public_facts_only() -> None:
    """The UI never reads the true engine state: Session's public facts, the observation."""
    root = Path(__file__).resolve().parents[1] / "ui"
    # The game in progress (and a lesson's, a replay's) holds the state; the worker and a
    # link's move coder rebuild one of their own. Nothing else may read it.
    holders = {"play/session.py", "play/bot_worker.py", "lessons/lesson.py", "share/links.py"}
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root).as_posix()
        if name not in holders:
            assert ".state" not in path.read_text(), name
    session = Session("trick-of-trip", 3, 8, "easy")
    assert session.waiting_for() == (0, 1, 2)
    view = PlayerView(game=session.game, obs=session.observation(), legal=[], names=session.names)
    assert turn_text(session, view) == "Waiting for You, Bot 1, Bot 2…"
    assert session.winners() == [] and session.scores() == [0, 0, 0]
    assert session.illegal_reason(1, {"type": "fly"})
    assert session.illegal_reason(1, session.state.legal_actions(1)[0]) is None
    assert session.history == []  # asking changed nothing


def test_the_hint_marks_the_hinted_control_and_says_why_under_the_prompt() -> None:
    hinted = {"type": "play", "card": 3}
    tree = h(
        "div",
        {},
        h("div", {"class": "prompt"}, h("strong", {}, "Your turn: play a card.")),
        action_button({"type": "play", "card": 2}, "2"),
        action_button(hinted, "3"),
    )
    assert prompt_text(tree) == "Your turn: play a card."
    assert mark_hint(tree, hinted, "it wins the trick") == ""
    marked = [el for el in tree.walk() if "hinted" in el.attrs.get("class", "").split()]
    assert [el.attrs["data-action"] for el in marked] == ['{"card":3,"type":"play"}']
    note = tree.find_all(lambda el: el.attrs.get("class") == "hint-note")
    assert [el.text() for el in note] == [
        "Hint: a Normal bot would play the highlighted move. Why: it wins the trick."
    ]
    assert prompt_text(tree) == "Your turn: play a card."  # the note is no prompt
    # No control for it and no prompt to put it under: the words go elsewhere.
    bare = h("div", {}, action_button({"type": "pass"}, "Pass"))
    assert mark_hint(bare, hinted, "") == "Hint: a Normal bot would choose play, card 3."
    assert prompt_text(bare) == ""


def test_a_screen_reader_is_told_only_what_is_new() -> None:
    told = Announcer(told=1)  # it has heard "New game…"
    log = ["New game of Trickbook, seed 1.", "Bot 1 sets the Ollie."]
    assert told.news(log, "Match it?") == "Bot 1 sets the Ollie. Match it?"
    assert told.news(log, "Match it?") == ""
    assert told.news([*log, "You match it."], "") == "You match it."


def test_the_setup_of_a_fixed_size_table_counts_its_bots() -> None:
    """Wray's setup said "4 players: you against a bot" (issue 23.7)."""
    wray = setup_screen(get_game("magic-trick-wray")).text()
    assert "4 players: you against 3 bots" in wray
    baker = setup_screen(get_game("magic-trick-baker")).text()
    assert "2 players: you against a bot" in baker


def test_the_lobby_says_which_magic_trick_is_in_progress() -> None:
    """Two games are called Magic Trick: the lobby's resume offer names the designer."""
    text = resume_box(
        Session("magic-trick-baker", 2, 7, "hard").to_save(), "magic-trick-baker"
    ).text()
    assert "a game of Magic Trick (Andrew Ulysses Baker) in progress" in text


def test_first_finds_in_document_order_and_has_class_matches_whole_classes() -> None:
    tree = h(
        "div",
        {"class": "screen"},
        h("p", {"class": "prompt-note"}, "a"),
        h("section", {}, h("p", {"class": "big prompt"}, "b")),
        h("p", {"class": "prompt"}, "c"),
    )
    found = tree.first(lambda el: el.has_class("prompt"))
    assert found is not None and found.text() == "b"  # "prompt-note" is not "prompt"
    assert tree.first(lambda el: el.tag == "table") is None
    assert tree.first(lambda el: el.has_class("screen")) is tree
    assert [el.text() for el in tree.find_all(lambda el: el.has_class("prompt"))] == ["b", "c"]
    nearest = tree.nearest(lambda el: el.has_class("prompt"))  # the shallowest one
    assert nearest is not None and nearest.text() == "c"
    assert tree.nearest(lambda el: el.tag == "table") is None


def test_the_bar_says_the_table_waits_for_your_continue() -> None:
    """Issue 36.4: at a finished hand the bots wait for the player's Continue; the bar said
    "Waiting for Bot 1…". It says what the table waits for, and Continue is a step of play
    the tests find (`play_steps`, `[data-ui=continue]`, `data-waiting=continue`)."""
    from ui.app import page_steps, play_steps
    from ui.screens.frame import CONTINUE_STATUS, game_frame, player_view

    session = Session("magic-trick-baker", 2, 3, "easy")
    while "hand" not in session.move_ends or session.next_bot() is None:
        seat = session.waiting_for()[0]
        session.act(seat, session.state.legal_actions(seat)[0])
    assert not session.human_legal()  # a bot leads the next hand
    view = player_view(session)
    waiting = turn_text(session, view)
    assert waiting == "Waiting for Bot 1…"
    session.awaiting_continue = True  # as ui/play/bot_runner.py sets it at a hand's end
    assert turn_text(session, player_view(session)) == CONTINUE_STATUS == "Press Continue"
    session.practice = True
    assert turn_text(session, player_view(session)) == "Press Continue (practice)"
    session.practice = False
    tree = game_frame(session, player_view(session), None)
    assert tree.attrs["data-waiting"] == "continue"
    steps = [el.attrs["data-ui"] for el in tree.walk() if "data-ui" in el.attrs]
    assert "continue" in steps
    assert "continue" in play_steps() and "continue" not in page_steps()
    status = [el for el in tree.walk() if el.has_class("turn-status")]
    assert status[0].text() == "Press Continue"
    session.awaiting_continue = False  # Continue pressed: as before
    assert turn_text(session, player_view(session)) == waiting
    # A new round's draft is everyone's at once: the bots wait, and so does your move.
    draft = Session("trick-of-trip", 3, 2, "easy")
    while "hand" not in draft.move_ends:
        seat = draft.waiting_for()[0]
        draft.act(seat, draft.state.legal_actions(seat)[0])
    assert draft.human_legal() and draft.next_bot() is not None
    draft.awaiting_continue = True
    assert turn_text(draft, player_view(draft)) == "Your move and Continue"


def test_every_control_a_table_draws_is_a_known_step() -> None:
    """Whatever a table draws for the player to click is a move (`data-action`) or a named
    step the tests can tell apart: the page's own (`page_steps`) or one of play
    (`play_steps`, which `play_to_end` clicks)."""
    import random

    from ui.app import page_steps, play_steps
    from ui.screens.frame import game_frame, player_view

    known = page_steps() | play_steps()
    for game_id in ("magic-trick-wray", "magic-trick-baker", "trick-of-trip", "trickbook"):
        game = get_game(game_id)
        session = Session(game_id, game.default_players, 4, "easy")
        pick = random.Random(4)
        for _ in range(60):
            if session.is_over():
                break
            session.awaiting_continue = session.ended == "hand"
            tree = game_frame(session, player_view(session), None)
            names = {el.attrs["data-ui"] for el in tree.walk() if "data-ui" in el.attrs}
            assert names <= known, (game_id, names - known)
            seat = session.waiting_for()[0]
            session.act(seat, pick.choice(session.state.legal_actions(seat)))


def test_a_lessons_address_brings_a_reload_back_to_its_step() -> None:
    """Issue 36.4: a lesson is never saved; its table's address says which lesson and how
    far it had gone, so a reload comes back to the same step."""
    from ui.lessons.lesson import lesson_session
    from ui.share.links import lesson_link

    assert lesson_link("trickbook", 0) == "?learn=trickbook"
    assert lesson_link("trickbook", 12) == "?learn=trickbook&step=12"
    req = parse_link("?learn=trickbook&step=12")
    assert (req.learn, req.step, req.game_id, req.messages) == ("trickbook", 12, None, [])
    # A malformed step: said, and the lesson starts from its beginning.
    for text in ("x", "-3", "1e3", "%C2%B2", "10001", "<b>"):
        odd = parse_link(f"?learn=trickbook&step={text}")
        assert (odd.learn, odd.step) == ("trickbook", 0), text
        assert len(odd.messages) == 1 and "A lesson's step is a whole number" in odd.messages[0]
    # An unknown lesson: said (the link's text quoted, never markup), and nothing else.
    for text in ("<b>", "nope", "x" * 100):
        bad = parse_link(f"?learn={text}&step=3")
        assert (bad.learn, bad.step, bad.game_id) == (None, 0, None), text
        assert len(bad.messages) == 1 and "There is no lesson" in bad.messages[0]
    assert "'xxxxx" in bad.messages[0] and len(bad.messages[0]) < 100  # shortened
    assert parse_link("?step=3").learn is None  # a step alone is no lesson
    # Back at any step of any lesson: the same table, the same move asked for with the same
    # note, and no pause left over from a trick or hand ended before the reload.
    for game_id in pygame_rules.GAME_IDS:
        played = lesson_session(game_id)
        while True:
            again = lesson_session(game_id, len(played.history))
            assert again.history == played.history, (game_id, len(played.history))
            assert again.observation() == played.observation()
            assert (again.suggested(), again.note()) == (played.suggested(), played.note())
            assert again.next_bot() == played.next_bot()
            assert again.ended is None and not again.awaiting_continue
            move = played.next_move()
            if move is None:
                break
            played.act(*move)
        whole = lesson_session(game_id, 10_000)  # a step past its end: the end
        assert whole.done() and whole.history == played.history


def test_the_bots_engine_notes_are_plain_and_short() -> None:
    """#engine-note said "they search on this page" (issue 36.5): plain words, short enough
    for the top bar's place it takes (tests/browser/test_engine_note.py draws them)."""
    from ui.runtime.worker_client import NOTES

    jargon = ("search", "page", "worker", "pyodide", "micropython", "thread")
    for status, text in NOTES.items():
        assert not [w for w in jargon if w in text.lower()], status
        assert len(text) <= 50 and text.endswith("."), status
