"""An embedded puzzle (`show=puzzle`): a blog post's frame shows the table before one of the
player's decisions, as they saw it (their observation only), and asks "What would you
play?". Once the reader has chosen, it shows what was played in the game and what a Hard
bot plays there, with its reason in the game's words (thought in the bots' worker, which
loads only then), and offers to step on through the hand (`HandView`).

Nothing is played at this table: the reader's move is only compared. Nothing is focused or
scrolled until the reader uses the frame."""

from __future__ import annotations

from ui.jsontext import canonical_json
from ui.play.session import Session
from ui.review.replay import action_words
from ui.runtime import page
from ui.screens import frame
from ui.tables import table_for
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Coroutine
    from typing import Any

    from ui.play.bot_runner import BotRunner

    Move = dict[str, Any]  # an action, as JSON gives it (a hint's answer too)


def move_words(session: Session, action: Any) -> str:
    """The player's move `action` now, in the log's words (`action_words`: only what the
    player knew)."""
    obs, said = session.observation(), session.move_said(action)
    return action_words(session.game, obs, said, session.names, session.human, action)


class Puzzle:
    """The puzzle's table (the game before move `start + at` of `full`), the reader's move
    (`chosen`) and the Hard bot's (`hard`: its move and reason, once thought)."""

    def __init__(
        self,
        full: Session,
        start: int,
        at: int,
        bots: BotRunner,
        worker_ready: Callable[[], Awaitable[None]],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        step_on: Callable[[int, int], None],
    ) -> None:
        self.full, self.start, self.at = full, start, at
        self.session = Session(full.game_id, full.players, full.seed, "hard", full.options)
        for seat, action in full.history[: start + at]:
            self.session.act(seat, action)
        self.played: Move = full.history[start + at][1]
        self.table = table_for(full.game_id)
        self.bots, self.worker_ready, self.spawn, self.step_on = bots, worker_ready, spawn, step_on
        self.picks: list[int] = []  # cards picked toward a move put together in steps
        self.chosen: Move | None = None
        self.hard: tuple[Move, str] | None = None
        self.answered = False  # the reader has chosen once: the answer takes the focus

    @property
    def game_id(self) -> str:
        return self.full.game_id

    def key(self, _key: str) -> bool:
        """No key of its own: the table's moves are buttons (Tab, Enter)."""
        return False

    def view(self) -> Any:
        view = frame.player_view(self.session, self.picks, None, page.reduced_motion())
        if self.chosen is not None:
            view.legal = []  # answered: the table only shows what the reader knew
        return view

    def render(self) -> None:
        tree = frame.game_frame(self.session, self.view(), None, puzzle=self.panel())
        prompt = tree.first(lambda el: el.has_class("prompt"))
        if prompt is not None and self.chosen is None:  # the question where the moves are
            ask = {"class": "puzzle-ask", "id": "puzzle-ask", "tabindex": "-1"}
            prompt.children.insert(0, h("p", ask, "Puzzle: what would you play?"))
        page.draw_screen(tree)
        if self.answered:
            self.answered = False
            page.focus("#puzzle-title", scroll="nearest")

    def panel(self) -> El:
        """Above the table: while it asks, only words for a screen reader (the question is
        at the top of the player's prompt, which a frame's glance keeps in view); once the
        reader has chosen, the answer."""
        if self.chosen is None:
            hand = self.session.game.hand_name
            return h(
                "div",
                {"class": "visually-hidden", "data-testid": "puzzle"},
                h("h3", {}, "What would you play?"),
                h(
                    "p",
                    {},
                    f"The table before move {self.at + 1} of this {hand}, as the player saw it.",
                ),
            )
        return answer_panel(self.session, self.chosen, self.played, self.hard)

    def human_action(self, action: Move) -> None:
        """The reader's move: compared, never played; the Hard bot then thinks."""
        if self.chosen is not None:
            return
        problem = self.session.illegal_reason(self.session.human, action)
        if problem is not None:
            page.notice(f"Not allowed: {problem}")
            return
        self.chosen, self.picks, self.answered = action, [], True
        self.render()
        if self.hard is None:
            self.spawn(self.think())

    async def think(self) -> None:
        """The Hard bot's move in the player's seat and why, in the worker once it is up
        (else on this page), then shown."""
        try:
            await self.worker_ready()
            found = await self.bots.hint(self.session, "hard", whole=True)
            if found is None:
                return  # the frame moved on (Step on)
            self.hard = found
            if self.chosen is not None:
                self.render()  # (its new status line is not read out: told here)
                page.announce(f"A Hard bot: {move_words(self.session, found[0])}")
        except Exception as exc:
            page.fail(exc)

    def again(self, _value: str = "") -> None:
        """Try another move (the Hard bot's answer, once thought, is kept)."""
        self.chosen, self.picks = None, []
        self.render()
        page.focus("#puzzle-ask", scroll="nearest")

    def go_on(self, _value: str = "") -> None:
        self.step_on(self.start, self.at)

    CONTROLS = {"puzzle-again": again, "puzzle-on": go_on}


def answer_panel(session: Session, chosen: Move, played: Move, hard: tuple[Move, str] | None) -> El:
    """The reader's move beside the one played in the game and the Hard bot's, with why."""
    same_as_played = canonical_json(chosen) == canonical_json(played)
    rows = [
        ("Your move", move_words(session, chosen)),
        (
            "Played in the game",
            "The same move." if same_as_played else move_words(session, played),
        ),
    ]
    if hard is None:
        rows.append(("A Hard bot", "Thinking…"))
        verdict = ""
    else:
        action, reason = hard
        same = canonical_json(action) == canonical_json(chosen)
        as_played = canonical_json(action) == canonical_json(played)
        words = "The same move." if same else move_words(session, action)
        rows.append(("A Hard bot", "The move played in the game." if as_played else words))
        rows.append(("Why", (reason[:1].upper() + reason[1:] + ".") if reason else "—"))
        verdict = "You chose as the Hard bot does." if same else "The Hard bot chose otherwise."
    return h(
        "div",
        {
            "class": "puzzle-panel answered",
            "data-testid": "puzzle-answer",
            "data-hard": canonical_json(hard[0]) if hard is not None else None,
            "role": "region",
            "aria-labelledby": "puzzle-title",
        },
        h("h3", {"id": "puzzle-title", "tabindex": "-1"}, "Your move and theirs"),
        h("dl", {"class": "puzzle-moves"}, [[h("dt", {}, k), h("dd", {}, v)] for k, v in rows]),
        h("p", {"class": "puzzle-verdict", "role": "status"}, verdict) if verdict else None,
        h(
            "div",
            {"class": "puzzle-buttons"},
            ui_button(
                "puzzle-on",
                f"Step on through the {session.game.hand_name}",
                cls="btn small primary",
            ),
            ui_button("puzzle-again", "Try another move", cls="btn small"),
        ),
    )
