"""Learn by playing: a guided first deal of each game.

A lesson is data (one module per game, `ui/lessons/<game>.py`): the deal (game, players,
seed, options), every move of it in order (the human's suggested moves and the bots'
fixed ones: the page plays these instead of asking a bot), notes keyed to the human's
moves (shown while that move is to be made), and the words for its end (how that hand or
round scored; Trickbook, which has no hands, names its own end: `end_title`).
`tests/test_lessons.py` plays each one through the engine to its end.

Pure Python: `LessonSession` is a `Session` whose bots play the script and whose human
may only play the script's move (another one gets a note, and nothing changes);
`decorate` puts the note and the highlight on a drawn table, `end_panel` is its end.
"""

from __future__ import annotations

from pygame_rules.bots import SeatView
from pygame_rules.bots.base import perf_counter
from ui.lessons import lesson_for
from ui.play.session import BotTurn, Session
from ui.review.replay import can_review_hand
from ui.saves import Saves
from ui.tables.widgets import action_json, ui_button
from ui.vdom import El, h
from ui.words import number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pygame_rules.bots import SeatView as View
    from pygame_rules.contract import Action, Event

NO_TAKE_BACK = "A lesson has no take-back: a move that is not the lesson's is not played."


class ScriptedBot:
    """A bot that plays the move it is given (the lesson's)."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, view: View) -> Action:
        return self.action


class Unsaved(Saves):
    """A lesson is never saved: the player's own game in progress stays as it was."""

    def store(self, session: Session) -> None:
        return None


class LessonSession(Session):
    """A lesson's deal: the bots play the script, the human may play only its move."""

    def __init__(self, lesson: dict[str, Any]) -> None:
        super().__init__(
            lesson["game"], lesson["players"], lesson["seed"], "easy", dict(lesson["options"])
        )
        self.lesson = lesson
        self.script: list[list[Any]] = lesson["moves"]
        self.log.append(f"Learn by playing: a guided start of {self.game.title}.")

    def next_move(self) -> list[Any] | None:
        """The script's next [seat, action]; None once the lesson is done."""
        if self.state.is_over() or len(self.history) >= len(self.script):
            return None
        return self.script[len(self.history)]

    def done(self) -> bool:
        return self.next_move() is None

    def act(self, seat: int, action: Action) -> list[Event]:
        """As a session's move; the lesson's last move also deals the next hand, which is
        no part of the lesson: its lines are left out of the log (and not read out)."""
        seen = super().act(seat, action)
        if self.done():
            starts = tuple(self.lesson["score_lines"])
            last = -1
            for i, line in enumerate(self.log):
                if line.startswith(starts):
                    last = i
            if last >= 0:
                del self.log[last + 1 :]
        return seen

    def suggested(self) -> Action | None:
        """The human's move the lesson asks for now (None: not the human's turn)."""
        move = self.next_move()
        return move[1] if move is not None and move[0] == self.human else None

    def follows(self, action: Action) -> bool:
        """Whether `action` is the lesson's move for the human now."""
        wanted = self.suggested()
        return wanted is not None and action_json(wanted) == action_json(action)

    def note(self) -> str:
        """The note for the human's move now ("" when it has none, or it is not their turn)."""
        if self.suggested() is None:
            return ""
        return str(self.lesson["notes"].get(len(self.history), ""))

    # -- the bots play the script ---------------------------------------------------
    def next_bot(self) -> int | None:
        move = self.next_move()
        if move is None or move[0] == self.human or move[0] not in self.state.acting():
            return None
        return int(move[0])

    def human_legal(self) -> list[Action]:
        return super().human_legal() if self.suggested() is not None else []

    def start_bot(
        self, seat: int, clock: Callable[[], float] = perf_counter, quick: bool = False
    ) -> BotTurn:
        move = self.next_move()
        assert move is not None and move[0] == seat, "a bot's move outside the lesson"
        return BotTurn(ScriptedBot(move[1]), SeatView(self.state.clone(), seat), clock)

    # -- the hint is the lesson's move; no worker, no take-back -----------------------
    def hint_request(self, level: str = "normal") -> dict[str, Any] | None:
        return None

    def start_hint(
        self, clock: Callable[[], float] = perf_counter, quick: bool = False, level: str = ""
    ) -> BotTurn | None:
        wanted = self.suggested()
        if wanted is None:
            return None
        return BotTurn(ScriptedBot(wanted), SeatView(self.state.clone(), self.human), clock)

    def hint_reason(self, turn: BotTurn) -> str:
        return "it is this lesson's move"

    def can_take_back(self) -> bool:
        return False

    def take_back_refusal(self) -> str:
        return NO_TAKE_BACK

    def take_back_offer(self) -> None:
        return None


def lesson_session(game_id: str, step: int = 0) -> LessonSession:
    """A new lesson of the game (ValueError for unknown ids), after its first `step` moves
    (a reload's way back to where it was; at most the whole lesson)."""
    session = LessonSession(lesson_for(game_id))
    for seat, action in session.script[: max(0, step)]:
        session.act(seat, action)
    session.ended = None  # no pause for a trick ended before the reload
    return session


def _label(el: El) -> str:
    return el.attrs.get("aria-label") or el.text().strip()


class Guide:
    """A lesson at the table: whether the player tried a move that is not the lesson's
    (`wrong`: a note says what to try), whether the lesson's move was laid out already
    (`arranged`, e.g. its split), and the name of its control (`label`)."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session
        self.wrong = False
        self.arranged = False
        self.label = ""

    def forget(self) -> None:
        """A move was made: the next one starts afresh."""
        self.wrong = self.arranged = False
        self.label = ""

    def needs_arranging(self, tree: El) -> bool:
        """Whether the lesson's move has no control drawn yet (e.g. a split to arrange
        first), and the table has not arranged it for this move already."""
        wanted = self.session.suggested()
        if wanted is None or self.arranged:
            return False
        key = action_json(wanted)
        return tree.first(lambda el: el.attrs.get("data-action") == key) is None

    def decorate(self, tree: El) -> str:
        """Mark the table a lesson's (class `lesson`) and the lesson's move (class
        `suggested`), and put its note, or after a wrong move
        what to try instead, in the first prompt (`.lesson-note`, in place of the prompt's
        own small note: the hand stays in view on a phone). The note's text ("": none)."""
        # A lesson's table: only the lesson's move is ringed (the others stay playable,
        # and get a note), so it cannot be mistaken among them (static/css/app.css).
        tree.attrs["class"] = (tree.attrs.get("class", "") + " lesson").strip()
        wanted = self.session.suggested()
        if wanted is None:
            return ""
        text = self.session.note()
        key = action_json(wanted)
        found = tree.first(lambda el: el.attrs.get("data-action") == key)
        if found is not None:
            found.attrs["class"] = (found.attrs.get("class", "") + " suggested").strip()
            self.label = _label(found)
        if self.wrong:
            label = self.label or "the highlighted move"
            text = f"Not this time: in this lesson, try {label} (highlighted). {text}".strip()
        if not text:
            return ""
        box = h(
            "div",
            {"class": "lesson-note", "role": "status"},
            h("p", {}, h("strong", {}, "Lesson: "), text),
        )
        _insert_note(tree, box)
        return text


def _insert_note(tree: El, box: El) -> None:
    """Put `box` in the first `.prompt`, in place of its `.prompt-note` (beside the
    controls: on a phone the page's top is out of sight); with no prompt, under the
    table's title bar."""
    prompt = tree.first(lambda el: el.has_class("prompt"))
    if prompt is not None:
        kept = [
            c for c in prompt.children if not (isinstance(c, El) and c.has_class("prompt-note"))
        ]
        prompt.children = kept + [box]
        return
    at = next(
        (
            i + 1
            for i, c in enumerate(tree.children)
            if isinstance(c, El) and c.has_class("table-bar")
        ),
        0,
    )
    tree.children.insert(at, box)


def end_only(tree: El) -> None:
    """At the lesson's end, keep only the table's bar and the lesson's end: the engine has
    dealt the next hand already, which is no part of the lesson (its review shows the
    finished deal)."""
    tree.children = [
        c
        for c in tree.children
        if isinstance(c, El) and (c.has_class("table-bar") or c.has_class("lesson-end"))
    ]


def score_lines(session: LessonSession) -> list[str]:
    """The engine's words for how the deal scored: the log lines the lesson names."""
    starts = tuple(session.lesson["score_lines"])
    return [line for line in session.log if line.startswith(starts)]


def end_title(session: LessonSession) -> str:
    """The end's heading: how the game's hand (or round) scored, in the game's word for it;
    a lesson that ends elsewhere (Trickbook has no hands) says where (`end_title`)."""
    game = session.game
    own = session.lesson.get("end_title")
    return str(own) if own else f"Lesson done: how this {game.hand_name} scored"


def end_panel(session: LessonSession) -> El:
    """The lesson's end: how the deal scored (the lesson's words, then the engine's), the
    totals, and the offer of a real game."""
    names = session.names
    scores = session.scores()
    return h(
        "section",
        {
            "class": "game-over lesson-end",
            "data-testid": "lesson-end",
            "aria-labelledby": "lesson-end-title",
        },
        h("h2", {"id": "lesson-end-title", "tabindex": "-1"}, end_title(session)),
        h("p", {}, session.lesson["end"]),
        h("ul", {"class": "lesson-scoring"}, [h("li", {}, line) for line in score_lines(session)]),
        h(
            "p",
            {"class": "lesson-totals"},
            # What the totals count, where "Scores" would mislead (Trickbook: letters to go).
            session.lesson.get("totals", "Scores now")
            + ": "
            + ", ".join(f"{names[s]} {number(scores[s])}" for s in range(len(scores))),
        ),
        h("p", {}, session.lesson["next"]),
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("play", "Play a real game", value=session.game_id, cls="btn primary"),
            ui_button("learn", "Start the lesson again", value=session.game_id),
            # The finished deal, move by move (the table now holds the next one).
            ui_button("review", f"Review this {session.game.hand_name}", value="hand")
            if can_review_hand(session)
            else None,
            ui_button("lobby", "Back to games"),
        ),
    )
