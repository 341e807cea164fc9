"""Learn by playing (ui/lessons/lesson.py): each game's lesson played to its end through the engine.

Every scripted move is legal when its turn comes and the table draws a control for the
human's; every note is keyed to a human move and shown there; the lesson ends where its
scoring is (the engine's score lines are in the log); a move that is not the lesson's gets
a note and changes nothing. A rule change that breaks a lesson fails here.
"""

from __future__ import annotations

import re

import pytest

import pygame_rules
from ui.lessons import lesson as lessons
from ui.lessons import lesson_for
from ui.lessons.lesson import LessonSession
from ui.runtime import storage
from ui.screens import frame
from ui.tables import table_for
from ui.tables.widgets import action_json
from ui.vdom import El

GAMES = pygame_rules.GAME_IDS
CARD = re.compile(r"\b(?:\d+|Star) of [A-Z][a-z]+")  # "7 of Leaves", "Star of Wands"
# A card as its control names it: Baker's with its caption, "Star of Wands (Law: Moon Shot)".
NAMED = re.compile(r"\b(?:\d+|Star) of [A-Z][a-z]+(?: \(Law: [^)]+\))?")
# A game's own word a lesson explains where it first shows (on the table or in the log).
TERMS = {"magic-trick-baker": {"pone": "the pone (the player who does not deal)"}}


def draw(session: LessonSession, guide: lessons.Guide | None = None) -> tuple[El, str]:
    """The table as the page draws it for the lesson (its note put in), and the note."""
    guide = guide or lessons.Guide(session)
    view = frame.player_view(session)
    over = lessons.end_panel(session) if session.done() else None
    tree = frame.game_frame(session, view, over)
    if guide.needs_arranging(tree):
        guide.arranged = True
        view.picks = table_for(session.game_id).arrange(session.suggested() or {}, view)
        tree = frame.game_frame(session, view, over)
    return tree, guide.decorate(tree)


def controls(tree: El, cls: str = "") -> list[El]:
    return [
        el
        for el in tree.walk()
        if "data-action" in el.attrs and (not cls or cls in el.attrs.get("class", "").split())
    ]


def visible(el: El) -> str:
    """The text and accessible names of a table, but its lesson note."""
    if "lesson-note" in el.attrs.get("class", "").split():
        return ""
    parts = [el.attrs.get("aria-label", "")]
    parts += [c if isinstance(c, str) else visible(c) for c in el.children]
    return " ".join(parts)


def play_lesson(game_id: str) -> tuple[LessonSession, dict[int, str]]:
    """Play the lesson as the page does; the note shown at each human move, by index."""
    session = LessonSession(lesson_for(game_id))
    shown: dict[int, str] = {}
    while not session.done():
        seat, action = session.next_move() or (None, None)
        assert action in session.state.legal_actions(seat), f"move {len(session.history)}"
        if seat == session.human:
            assert session.next_bot() is None
            tree, note = draw(session)
            marked = controls(tree, "suggested")
            assert [el.attrs["data-action"] for el in marked] == [action_json(action)]
            shown[len(session.history)] = note
            # A card a note names is one the player can see: on the table or in the log.
            seen = " ".join([visible(tree), *session.log])
            for name in CARD.findall(note):
                assert name in seen, f"move {len(session.history)}: {name} is not in view"
            # The note names the lesson's card as its control does (its label, which
            # holds what is printed under it), not in other words.
            for name in NAMED.findall(lessons._label(marked[0])):
                if CARD.match(name).group(0) in note:  # type: ignore[union-attr]
                    assert name in note, f"move {len(session.history)}: {name} named otherwise"
            session.act(seat, action)
        else:
            assert session.next_bot() == seat and session.human_legal() == []
            turn = session.start_bot(seat)
            turn.step(None)
            session.act(seat, turn.action)
    return session, shown


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_plays_to_its_end_through_the_engine(game_id: str) -> None:
    lesson = lesson_for(game_id)
    session, shown = play_lesson(game_id)
    assert session.done() and len(session.history) == len(lesson["moves"])
    assert session.history == lesson["moves"]
    human_moves = {i for i, (seat, _) in enumerate(lesson["moves"]) if seat == 0}
    assert set(lesson["notes"]) <= human_moves, "every note is keyed to a human move"
    for index, text in shown.items():
        assert text == lesson["notes"].get(index, ""), f"note {index} shown at its move"
    for index, text in lesson["notes"].items():
        assert len(text) <= 240 and text.count(". ") <= 3, f"note {index} is short"
    # The end: the engine's score lines are there, and the panel offers a real game.
    assert lessons.score_lines(session), "the lesson ends where its scoring is"
    tree, note = draw(session)
    assert note == "" and not controls(tree)
    end = next(el for el in tree.walk() if el.attrs.get("data-testid") == "lesson-end")
    buttons = {(el.attrs.get("data-ui"), el.attrs.get("data-value")) for el in end.walk()}
    assert ("play", game_id) in buttons and ("learn", game_id) in buttons
    assert lesson["end"] in end.text()
    for line in lessons.score_lines(session):
        assert line in end.text()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_games_own_word_is_explained_where_it_first_shows(game_id: str) -> None:
    """Baker's "pone" was on the table from the lesson's start, never explained (36.5)."""
    session = LessonSession(lesson_for(game_id))
    waiting = dict(TERMS.get(game_id, {}))
    while waiting and not session.done():
        seat, action = session.next_move() or (None, None)
        if seat == session.human:
            tree, note = draw(session)
            seen = " ".join([visible(tree), *session.log]).lower()
            for word, explained in list(waiting.items()):
                if word in seen:
                    assert explained in note, f"move {len(session.history)}: {word}"
                    del waiting[word]
        session.act(seat, action)
    assert not waiting, f"never shown: {waiting}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_is_the_lessons_not_the_next_hand(game_id: str) -> None:
    """The lesson's last move also deals the next hand: its log ends with the scoring, and
    the end screen is the table's bar and the lesson's end (no table, no log under it)."""
    lesson = lesson_for(game_id)
    session, _shown = play_lesson(game_id)
    assert session.log[-1].startswith(tuple(lesson["score_lines"]))
    tree, _note = draw(session)
    lessons.end_only(tree)
    kept = [c.attrs.get("class", "").split() for c in tree.children if isinstance(c, El)]
    assert kept == [["table-bar"], ["game-over", "lesson-end"]]
    review = [el for el in tree.walk() if el.attrs.get("data-ui") == "review"]
    assert len(review) == (game_id != "trickbook")  # a finished hand to review, if any
    # The heading names the game's hand (or round); Trickbook has none: its own words.
    title = next(el for el in tree.walk() if el.attrs.get("id") == "lesson-end-title").text()
    word = {"trick-of-trip": "round", "trickbook": None}.get(game_id, "hand")
    expected = f"how this {word} scored" if word else "how Bot 1 got a letter"
    assert title == f"Lesson done: {expected}" and "deal" not in title
    if word is None:  # nor does its log speak of a deal
        assert not [line for line in session.log if "deal" in line]
    # The totals say what they count (Trickbook's are the letters each may still take).
    totals = next(el for el in tree.walk() if "lesson-totals" in el.attrs.get("class", ""))
    assert totals.text().startswith(lesson.get("totals", "Scores now") + ": You ")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_wrong_move_gets_a_note_and_changes_nothing(game_id: str) -> None:
    session = LessonSession(lesson_for(game_id))
    while True:  # to the first human move with a choice
        seat, action = session.next_move() or (None, None)
        if seat == session.human and len(session.human_legal()) > 1:
            break
        session.act(seat, action)
    before = (session.state.to_json(), list(session.history))
    wrong = next(a for a in session.human_legal() if action_json(a) != action_json(action))
    assert not session.follows(wrong) and session.follows(action)
    # The page (PlayScreen.human_action) then marks the move wrong and plays nothing.
    guide = lessons.Guide(session)
    guide.wrong = True
    _tree, note = draw(session, guide)
    assert note.startswith("Not this time: in this lesson, try ")
    assert guide.label in note
    assert (session.state.to_json(), session.history) == before


def test_a_lesson_has_no_take_back_no_worker_and_its_hint_is_the_lesson_move() -> None:
    session = LessonSession(lesson_for("magic-trick-baker"))
    assert session.take_back_offer() is None and session.take_back_refusal()
    assert session.bot_request(1) is None and session.hint_request() is None
    while session.suggested() is None:
        seat, action = session.next_move() or (None, None)
        session.act(seat, action)
    assert session.hint() == session.suggested()


def test_a_lesson_is_never_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    from test_saves import MemoryStorage

    memory = MemoryStorage()
    monkeypatch.setattr(storage, "localStorage", memory)
    keeper = lessons.Unsaved()  # every game's slot, as the full app's
    session = LessonSession(lesson_for("trickbook"))
    keeper.store(session)
    assert keeper.read("trickbook") is None
    assert memory.items == {}
