"""The game at the table, in the page: draw it from the human's view, take the human's
moves, let the bots move (`ui/play/bot_runner.py`), save after every move. The table's
features (the hint, undo, the review and the last trick, the Link panel, a shared game's
replay, a lesson's guide) each keep their own state and answer their own controls. Those
whose code is the rest of the app's (the coach, the share, embed and daily panels, the game
over: tasks.py REST_MODULES) join the table once it has come (`PlayScreen.add_rest`)."""

from __future__ import annotations

import pygame_rules
from ui.lessons.lesson import Guide, LessonSession, end_only, end_panel
from ui.play.detail import Detail
from ui.play.handover import HandOver
from ui.play.hint import Hint
from ui.play.undo import Undo
from ui.review.feature import LastTrick, Reviewing
from ui.runtime import page
from ui.screens import frame
from ui.share.replay import mark_replay, show_replay
from ui.tables import kit, table_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from pygame_rules.contract import Action
    from ui.play.bot_runner import BotRunner
    from ui.play.session import Session
    from ui.review.coach import Coach
    from ui.runtime.worker_client import WorkerClient
    from ui.saves import Saves
    from ui.share.daily_panel import DailyShare
    from ui.share.embed_panel import EmbedPanel
    from ui.share.link_panel import SharePanel
    from ui.share.puzzle import Puzzle
    from ui.share.replay import Replay
    from ui.vdom import El


class GameSteps:
    """The game's own steps of play (`GameTable.controls`, e.g. moving a card between two
    groups of a split): each gives the player's picks, and the table is drawn again."""

    PLAY_STEPS = True

    def __init__(self, play: PlayScreen | Puzzle) -> None:
        self.play = play
        self.CONTROLS = {name: self._step(step) for name, step in play.table.controls.items()}

    def _step(self, step: Callable[[str, kit.PlayerView], list[int]]) -> Callable[..., None]:
        def run(_self: GameSteps, value: str) -> None:
            self.play.picks = step(value, self.play.view())
            self.play.render()

        return run


class PlayScreen:
    """The game at the table: draws it from the human's view, takes the human's moves,
    lets the bots move (`BotRunner`), and saves after every move."""

    PLAY_STEPS = True  # Continue: the bots wait at a trick's or a hand's end for it

    def __init__(
        self,
        session: Session,
        bots: BotRunner,
        keeper: Saves,
        spawn: Callable[[Coroutine[Any, Any, Any]], None],
        replay: Replay | None = None,
        worker: WorkerClient | None = None,
    ) -> None:
        self.session = session
        self.table = table_for(session.game_id)
        self.bots = bots
        self.saves = keeper
        self.spawn = spawn
        self.picks: list[int] = []  # cards picked toward a move put together in steps
        self.thinking: int | None = None  # the bot seat about to move
        self.bots_running = False
        self.replay = replay  # a shared game's moves, being replayed
        self.worker = worker
        self.hint = Hint(self)
        self.undo = Undo(self)
        self.reviewing = Reviewing(self)
        self.last_trick = LastTrick(self)
        self.detail = Detail(self)
        self.handover = HandOver(self)  # pass-and-play: the cover between people's turns
        # The rest of the app's features: None until it has come (`add_rest`).
        self.coach: Coach | None = None  # How did I play? (in the review)
        self.share: SharePanel | None = None  # the Link panel
        self.embed: EmbedPanel | None = None  # a review's hand, or puzzle, for a blog post
        self.daily: DailyShare | None = None  # a deal of the day's result, at its end
        if not page.modules_missing(every_game=False):
            self.add_rest()
        self.guide = Guide(session) if isinstance(session, LessonSession) else None
        # A screen reader has heard the first line ("New game…" or "Game resumed.").
        self.announcer = frame.Announcer(told=len(session.log) - 1)
        # Sounds: none for the moves made before the table was first drawn (a resumed
        # game's, a link's), nor "your turn" if it is the human's as the table opens.
        session.cues = []
        self.my_turn = bool(session.human_legal())

    def features(self) -> list[Any]:
        """What answers controls at this table (`ui/controls.py`)."""
        found = [self, GameSteps(self), self.hint, self.undo, self.reviewing, self.last_trick]
        found += [self.detail, self.handover] + self.rest_features()
        return found + ([self.replay] if self.replay is not None else [])

    def has_rest(self) -> bool:
        """Whether the rest of the app's features are at this table (`add_rest`)."""
        return self.coach is not None

    def add_rest(self) -> list[Any]:
        """Give the table the features whose code is the rest of the app's, once it is in
        the interpreter's files (`App.whole_app_loaded`); returns them."""
        from ui.review.coach import Coach
        from ui.share.daily_panel import DailyShare
        from ui.share.embed_panel import EmbedPanel
        from ui.share.link_panel import SharePanel

        if self.coach is None:
            self.coach = Coach(self, self.worker)
            self.share = SharePanel(self)
            self.embed = EmbedPanel(self)
            self.daily = DailyShare(self)
        return self.rest_features()

    def rest_features(self) -> list[Any]:
        return [f for f in (self.coach, self.share, self.embed, self.daily) if f is not None]

    def close_panels(self) -> None:
        """The review's coach stops and the embed panel closes (a move, or the review closed)."""
        if self.coach is not None:
            self.coach.stop()
        if self.embed is not None:
            self.embed.close(refocus=False)

    def view(self) -> kit.PlayerView:
        view = frame.player_view(self.session, self.picks, self.thinking, page.reduced_motion())
        if self.replay is not None:
            view.legal = []  # the replay makes the human's moves too
        return view

    def forget_choices(self) -> None:
        """A move was made or taken back: what was picked, hinted or asked is gone."""
        self.picks = []
        self.hint.clear()
        self.undo.asking = ""
        self.last_trick.lines = None
        self.detail.close()
        self.reviewing.shown = None
        self.close_panels()
        if self.guide is not None:
            self.guide.forget()

    # -- drawing ------------------------------------------------------------------------
    def render(self) -> None:
        s = self.session
        page.mark("render-start")
        if self.reviewing.shown is not None:
            self.reviewing.draw()
            return
        pass_to = self.handover.due()
        if pass_to is not None:  # nobody's hand is drawn until its person has the device
            self.handover.draw(pass_to)
            return
        if s.passed:
            self.handover.looked()
        self.last_trick.follow()
        view = self.view()
        over = self.game_over(view) if s.is_over() else None
        lesson = s if isinstance(s, LessonSession) else None
        if lesson is not None and over is None and lesson.done():
            over = end_panel(lesson)
        tree = self.frame(view, over)
        if self.replay is not None:
            mark_replay(tree, self.replay)
        guide = self.guide
        if lesson is not None and guide is not None and guide.needs_arranging(tree):
            guide.arranged = True  # e.g. lay out the lesson's split, once
            self.picks = view.picks = self.table.arrange(lesson.suggested() or {}, view)
            tree = self.frame(view, over)
        note = guide.decorate(tree) if guide is not None else ""
        if lesson is not None and lesson.done():
            end_only(tree)  # not the next hand, which the engine has dealt
        elsewhere = self.hint.decorate(tree)
        page.draw_screen(tree)
        page.measure("render", "render-start")  # read by the bot benchmark
        self.sound(bool(view.legal) and over is None)
        if self.share is not None:
            self.share.follow()
        show_replay(self.replay)
        news = self.announcer.news(s.log, (note + " " + frame.prompt_text(tree)).strip())
        if news:
            page.announce(news)
        if lesson is not None and lesson.suggested() is not None:
            # The trick the note talks about, the note, then the move (or its split's confirm
            # button), each by the nearest edge: nothing moves when all are in view already,
            # and when they fit on the screen together, each stays in view as the next comes.
            page.scroll_into_view("#screen .trick-stage")
            page.scroll_into_view("#screen .lesson-note")
            page.scroll_into_view("#screen [data-action].suggested")
        self.hint.after_drawing(elsewhere)
        if over is not None:
            # At the top of the screen: the result and "Play again" both in view.
            page.focus("[data-testid=game-over] h2, .lesson-end h2", scroll="start")

    def game_over(self, view: kit.PlayerView) -> El | None:
        """The game over's screen; None until the rest of the app, its code, has come (the
        table is drawn again then: `App.whole_app_loaded`)."""
        if self.daily is None:
            return None
        from ui.screens import game_over

        return game_over.game_over_screen(self.session, view, self.daily.box())

    def sound(self, my_turn: bool) -> None:
        """Play what the moves since the last drawing sounded like (`Session.cues`), each
        sound once (a burst of bots' moves at Instant speed, one card), then "your turn"
        as the human's turn starts. The page plays them if sound is on (static/js/sound.js)."""
        s = self.session
        cues = []
        for cue in s.cues:
            if cue not in cues:
                cues.append(cue)
        s.cues = []
        if my_turn and not self.my_turn:
            cues.append(kit.TURN)
        self.my_turn = my_turn
        if cues:
            page.play_sounds(cues)

    def frame(self, view: kit.PlayerView, over: El | None) -> El:
        return frame.game_frame(
            self.session,
            view,
            over,
            self.undo.question(),
            self.last_trick.lines,
            self.detail.shown,
            summed=page.seats_summed(),
        )

    def on_key(self, key: str) -> bool:
        """A key the table's features take (the review's arrows, Escape); True when taken."""
        return self.last_trick.key(key) or self.detail.key(key) or self.reviewing.key(key)

    def go_on(self, _value: str = "") -> None:
        """Continue: the bots wait at a finished trick or hand until the player has looked
        (`ui/play/bot_runner.py`)."""
        self.session.awaiting_continue = False
        self.render()

    CONTROLS = {"continue": go_on}

    def human_action(self, action: Action) -> None:
        s = self.session
        if s.is_over() or self.replay is not None or s.covered:
            return
        if isinstance(s, LessonSession) and not s.follows(action):
            if self.guide is not None:  # a note says what to try; nothing is played
                self.guide.wrong, self.guide.arranged = True, False
            self.render()
            return
        try:
            s.act(s.human, action)
        except pygame_rules.IllegalAction as exc:
            page.notice(f"Not allowed: {exc}")
            return
        self.forget_choices()
        page.hide_notice()
        self.after_move()

    def after_move(self) -> None:
        """Save, redraw, and let the bots move if it is their turn."""
        self.saves.store(self.session)
        self.render()
        s = self.session
        bots_move = self.replay is None and s.next_bot() is not None and not s.covered
        if not self.bots_running and bots_move:
            self.bots_running = True
            self.spawn(self.run_bots())

    def stop_bots(self) -> None:
        """Every bot decision in progress ends without a move (a take-back's new run)."""
        self.bots.stop()
        self.bots_running = False
        self.thinking = None

    async def run_bots(self) -> None:
        generation = self.bots.generation
        try:
            await self.bots.play(self.session, self.show_bot, self.prepare_drawing)
        except Exception as exc:  # e.g. a bot's illegal move: shown, and the bots stop
            page.fail(exc)
        finally:
            if generation == self.bots.generation:  # not stopped for a take-back's new run
                self.bots_running = False
                self.thinking = None

    def prepare_drawing(self) -> None:
        """What the next drawing of the table can do ahead (`GameTable.prepare`)."""
        self.table.prepare(self.session.observation())

    def show_bot(self, seat: int | None) -> None:
        """A bot in `seat` starts to think (None: it has moved): draw it, save the move."""
        self.thinking = seat
        if seat is None:
            self.saves.store(self.session)
        self.render()

    def leave(self) -> None:
        """The table is left: its bots stop, the Link panel closes, a replay's bar goes."""
        self.bots.stop()
        if self.share is not None and self.embed is not None:
            self.share.close(refocus=False)
            self.embed.close(refocus=False)
        show_replay(None)
