"""The game at the table, in the page: draw it from the human's view, take the human's
moves, let the bots move (`ui/play/bot_runner.py`), give hints, save after every move."""

from __future__ import annotations

import pygame_rules
from ui.lessons import lesson as lessons
from ui.play.bot_runner import BotRunner
from ui.play.session import Session
from ui.review import replay as review
from ui.review.screen import review_screen
from ui.runtime.browser import document, to_js, window
from ui.runtime.dom import by_id, mount, set_text
from ui.runtime.page import fail, notice
from ui.saves import Saves
from ui.screens import frame, game_over
from ui.share import page_panel as share_page
from ui.share import panel as share
from ui.tables import kit, table_for
from ui.tables.widgets import REVIEW_STEPS
from ui.vdom import h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from pygame_rules.contract import Action


REVIEW_KEYS = {
    "ArrowLeft": "review-back",
    "ArrowRight": "review-next",
    "Home": "review-start",
    "End": "review-end",
}


def lesson_in_view() -> None:
    """The lesson's note, then its move (or the confirm button of its split), scrolled
    into view by the nearest edge: nothing moves when both are in view already (a phone on
    its side has room for both, not for the whole of the player's area)."""
    for selector in ("#screen .lesson-note", "#screen [data-action].suggested"):
        node = document.querySelector(selector)
        if node:
            node.scrollIntoView(to_js({"block": "nearest"}))


class PlayScreen:
    """The game at the table: draws it from the human's view, takes the human's moves,
    lets the bots move (`BotRunner`), gives hints, and saves after every move."""

    def __init__(
        self,
        session: Session,
        bots: BotRunner,
        keeper: Saves,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.session = session
        self.bots = bots
        self.saves = keeper
        self.spawn = spawn
        self.local: dict[str, Any] = {}  # the UI's own state: cards chosen, the hint
        self.thinking: int | None = None  # the bot seat about to move
        self.bots_running = False
        self.replay: share.Replay | None = None  # a shared game's moves, being replayed
        # A screen reader has heard the first line ("New game…" or "Game resumed.").
        self.announcer = frame.Announcer(told=len(session.log) - 1)

    def view(self) -> kit.PlayerView:
        motion = window.matchMedia("(prefers-reduced-motion: reduce)").matches
        view = frame.player_view(self.session, self.local, self.thinking, bool(motion))
        if self.replay is not None:
            view.legal = []  # the replay makes the human's moves too
        return view

    def render(self) -> None:
        s = self.session
        window.performance.mark("render-start")
        if self.local.get("review") is not None:
            self.render_review()
            return
        if "last_trick" in self.local and self.local.get("last_trick_at") != len(s.history):
            self.local["last_trick"] = review.last_trick(s) or []  # the bots played on
            self.local["last_trick_at"] = len(s.history)
        view = self.view()
        over = game_over.game_over_screen(s, view) if s.is_over() else None
        lesson = s if isinstance(s, lessons.LessonSession) else None
        if lesson is not None and over is None and lesson.done():
            over = lessons.end_panel(lesson)
        tree = frame.game_frame(s, view, over, self.bots.speed)
        if self.replay is not None:
            share.mark_replay(tree, self.replay)
        if lesson is not None and lessons.needs_arranging(tree, lesson, self.local):
            self.local["lesson_arranged"] = True  # e.g. lay out the lesson's split, once
            table_for(s.game_id).on_hint(lesson.suggested() or {}, view)
            tree = frame.game_frame(s, view, over, self.bots.speed)
        note = lessons.decorate(tree, lesson, self.local) if lesson is not None else ""
        if lesson is not None and lesson.done():
            lessons.end_only(tree)  # not the next hand, which the engine has dealt
        hint = self.local.get("hint")
        elsewhere = "" if hint is None else frame.mark_hint(tree, hint, self.local["hint_reason"])
        mount(by_id("screen"), tree)
        window.performance.measure("render", "render-start")  # read by the bot benchmark
        share_page.PANEL.follow(s)
        share_page.show_replay(self.replay)
        news = self.announcer.news(s.log, (note + " " + frame.prompt_text(tree)).strip())
        if news:
            set_text("announcer", news)
        if lesson is not None and lesson.suggested() is not None:
            lesson_in_view()
        if hint is not None:
            if elsewhere:  # no prompt to put it under
                notice(elsewhere)
            else:
                by_id("notice").hidden = True  # "Thinking about your move…" is answered
            hinted = document.querySelector("#screen [data-action].hinted")
            if hinted:
                hinted.focus()
        if over is not None:
            node = document.querySelector("[data-testid=game-over] h2, .lesson-end h2")
            if node:
                # At the top of the screen: the result and "Play again" both in view.
                node.scrollIntoView(to_js({"block": "start"}))
                node.focus(to_js({"preventScroll": True}))

    def render_review(self) -> None:
        """The review in place of the table (a finished hand or game, move by move)."""
        game = self.session.game
        tree = h(
            "div",
            {"class": f"table-screen review-screen game-{game.id}", "data-game": game.id},
            review_screen(self.local["review"]),
        )
        mount(by_id("screen"), tree)
        window.performance.measure("render", "render-start")
        if self.local.pop("review_opened", False):
            title = document.getElementById("review-title")
            if title:
                title.scrollIntoView(to_js({"block": "start"}))
                title.focus(to_js({"preventScroll": True}))

    def review_key(self, key: str) -> bool:
        """The arrow keys step through an open review (Home, End: its start, its end); Escape
        hides the last trick."""
        shown = document.querySelector("#screen .last-trick-panel")
        if key == "Escape" and shown and not document.querySelector("dialog[open]"):
            self.review_step("last-trick", "")  # back to play
            return True
        where = REVIEW_KEYS.get(key)
        if where is None or self.local.get("review") is None:
            return False
        if not document.querySelector("#screen .review-screen"):  # e.g. left for the lobby
            return False
        self.review_step(where, "")
        return True

    def review_step(self, name: str, value: str) -> None:
        """Open, step through and close a review, and show or hide the last trick."""
        s = self.session
        if name == "review":
            found = review.review_game(s) if value == "game" else review.review_last_hand(s)
            if found is None:
                notice("There is no finished hand to review yet.")
                return
            self.local["review"] = found
            self.local["review_opened"] = True
        elif name == "review-close":
            self.local.pop("review", None)
        elif name == "last-trick":
            shown = self.local.pop("last_trick", None) is not None
            if not shown:
                self.local["last_trick"] = review.last_trick(s) or []
                self.local["last_trick_at"] = len(s.history)
        elif self.local.get("review") is not None:
            self.local["review"].go(name[len("review-") :])
        self.render()
        if name == "last-trick":  # Last trick and Back to play take the same place
            button = document.querySelector("#screen [data-ui=last-trick]")
            if button:
                button.focus(to_js({"preventScroll": True}))
                button.scrollIntoView(to_js({"block": "nearest"}))

    def ui_step(self, name: str, value: str) -> bool:
        """A UI step at the table (the hint, the deal's link, the game's own); True when
        handled."""
        s = self.session
        if name == "hint":
            if s.human_legal():
                notice("Thinking about your move…")
                self.spawn(self.give_hint())
        elif name == "continue":  # the bots wait at a trick's or a hand's end (bot_runner)
            s.awaiting_continue = False
            self.render()
        elif name in REVIEW_STEPS:
            self.review_step(name, value)
        elif name in ("undo", "undo-confirm", "undo-cancel"):
            self.take_back_step(name)
        elif share_page.ui_step(name, value, s, self.spawn):
            pass
        elif name == "replay-skip" and self.replay is not None:
            self.replay.skip = True
        elif table_for(s.game_id).on_ui(name, value, self.view()):
            self.render()
        else:
            return False
        return True

    def take_back_step(self, name: str) -> None:
        """Undo: at once when nothing hidden was shown since the human's last move; else
        after the player confirms that the game becomes practice (a bar on the table)."""
        s = self.session
        if self.replay is not None:  # watching a link's moves: nothing is yours to take back
            return
        offer = s.take_back_offer()
        if name == "undo-cancel" or offer is None:
            self.local.pop("confirm_undo", None)
            if offer is None:
                notice(s.take_back_refusal())
            self.render()
            return
        if name == "undo" and offer.reveals and not s.practice:
            self.local["confirm_undo"] = offer.words()
            self.render()
            return
        self.bots.stop()  # a bot's decision in progress ends without a move
        self.bots_running = False
        self.thinking = None
        s.take_back()
        self.local = {}
        by_id("notice").hidden = True
        self.after_move()

    async def give_hint(self) -> None:
        """Think as a Normal bot in the human's seat, then mark that move (if still current)."""
        try:
            found = await self.bots.hint(self.session)
            if found is None:
                return
            action, reason = found
            table_for(self.session.game_id).on_hint(action, self.view())  # e.g. a split
            self.local["hint"], self.local["hint_reason"] = action, reason
            self.render()
        except Exception as exc:
            fail(exc)

    def human_action(self, action: Action) -> None:
        s = self.session
        if s.is_over() or self.replay is not None:
            return
        if isinstance(s, lessons.LessonSession) and not s.follows(action):
            self.local["lesson_wrong"] = True  # a note says what to try; nothing is played
            self.local.pop("lesson_arranged", None)
            self.render()
            return
        try:
            s.act(s.human, action)
        except pygame_rules.IllegalAction as exc:
            notice(f"Not allowed: {exc}")
            return
        self.local = {}
        by_id("notice").hidden = True
        self.after_move()

    def after_move(self) -> None:
        """Save, redraw, and let the bots move if it is their turn."""
        self.saves.store(self.session)
        self.render()
        bots_move = self.replay is None and self.session.next_bot() is not None
        if not self.bots_running and bots_move:
            self.bots_running = True
            self.spawn(self.run_bots())

    async def run_bots(self) -> None:
        generation = self.bots.generation
        try:
            await self.bots.play(self.session, self.show_bot, self.prepare_drawing)
        except Exception as exc:  # e.g. a bot's illegal move: shown, and the bots stop
            fail(exc)
        finally:
            if generation == self.bots.generation:  # not stopped for a take-back's new run
                self.bots_running = False
                self.thinking = None

    def prepare_drawing(self) -> None:
        """What the next drawing of the table can do ahead (`GameTable.prepare`)."""
        table_for(self.session.game_id).prepare(self.session.observation())

    def show_bot(self, seat: int | None) -> None:
        """A bot in `seat` starts to think (None: it has moved): draw it, save the move."""
        self.thinking = seat
        if seat is None:
            self.saves.store(self.session)
        self.render()
