"""The browser app: the page's screens (lobby, setup, a link's question, the table) and the
one place a click is routed.

Every click arrives through one delegated listener: a `data-action` element plays a game
action at the table, a `data-ui` element is a control, looked up by its name in the tables
of the features on screen (`ui/controls.py`): the app's own below, the saved games
(`ui/screens/saved.py`), a link's arrival (`ui/share/arrival.py`), and the table's
(`ui/screens/play.py`). Bots think and pace in `ui/play/bot_runner.py`; what this device
keeps is `ui/saves.py`.

A link to a table boots with its game's modules and the app's core only; the rest (the
lobby, setup, the game over, the coach, the share panels: tasks.py REST_MODULES) and the
other games come once the player can move, and whatever needs them waits for them
(`App.with_whole_app`).
"""

from __future__ import annotations

import asyncio
import json
import sys

import pygame_rules
from ui import saves
from ui.controls import Routes, control_names
from ui.lessons.lesson import LessonSession, Unsaved, lesson_session
from ui.play import daily
from ui.play.bot_runner import INFINITE, SPEEDS, BotRunner, think_limit
from ui.play.detail import Detail
from ui.play.handover import HandOver
from ui.play.hint import Hint
from ui.play.session import (
    PLAYER_LEVELS,
    SEARCH_LEVELS,
    Deal,
    Session,
    clean_name,
    name_problem,
)
from ui.play.undo import Undo
from ui.review.feature import LastTrick, Reviewing
from ui.runtime import page
from ui.runtime.events import listen
from ui.runtime.worker_client import WORKER_DELAY, WorkerClient, until
from ui.screens.play import GameSteps, PlayScreen
from ui.screens.saved import SavedGames
from ui.share.arrival import LinkArrival
from ui.share.links import (
    MAX_LESSON_STEP,
    MAX_SEED,
    deal_link,
    lesson_link,
    parse_link,
    whole_number,
)
from ui.share.replay import Replay, watch
from ui.tables import table_for
from ui.vdom import h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ui.share.hand_view import HandView
    from ui.share.links import LinkRequest
    from ui.share.puzzle import Puzzle

# The app's own controls that lead to the lobby or to another game's setup, lesson or deal:
# they wait for the whole app (`App.with_whole_app`), as does every control that no feature
# on screen answers while part of the app is still to come (the rest's own features).
OTHER_GAME_CONTROLS = ("play", "learn", "daily", "lobby")
YIELD = 0.001  # pauses this short only give the page a turn (see page_sleep)
# Where an embedded frame comes back to on a reload (`App.keep_for_reload`): its saved game,
# or its lesson after so many moves ("learn:12").
GAME_PLACE = "game"
LESSON_PLACE = "learn:"


async def page_sleep(seconds: float) -> None:
    """asyncio.sleep, where a pause of 0 still hands control back to the browser.

    MicroPython's asyncio runs every task that is ready before it returns to JavaScript,
    so `sleep(0)` never lets the page take a click, paint, or collect garbage: a bot's
    sliced search would freeze the page. Nor does a 1 ms sleep always: its timer, counted
    in whole milliseconds, is often due already. Awaiting the page's next task does."""
    if seconds > YIELD:
        await asyncio.sleep(seconds)
    else:
        await page.next_task()


class App:
    """The page: shows the lobby, a game's setup, a link's question or the table, and routes
    every control by its name."""

    def __init__(self) -> None:
        self.play: PlayScreen | None = None  # the game being played
        self.setup_game: str | None = None
        self.worker = WorkerClient(
            self.show_engine_note,
            usable=page.WITH_PYSCRIPT,
            # The quick engine answers only requests with a time limit (not the test hook's
            # Infinity: every move then waits for the whole search of the bots' worker).
            quick_wanted=lambda: think_limit(page.think_limit_hook()) < INFINITE,
        )
        self.bots = BotRunner(
            page_sleep,
            page.now,
            lambda: think_limit(page.think_limit_hook()),
            mark=page.mark,
            measure=page.measure,
            ask=self.worker.ask,
            quick=self.worker.quick,
        )
        self.tasks: list[Any] = []  # running tasks, kept referenced until done
        self.embed_game: str | None = None  # set in embed mode (embed.html): one game only
        self.link_speed: str | None = None  # a link's `speed=`, kept in the address
        self.saves = saves.Saves()  # one save per game (an embedded frame: its game's only)
        self.saves.today = self.today
        self.saved = SavedGames(self)
        self.arrival = LinkArrival(self)
        self.routes = Routes()
        for feature in (self, self.saved, self.arrival):
            self.routes.add(feature)
        # The page's own controls that may open another game than a link's, or the lobby,
        # which names every game: they wait for the whole app (`with_whole_app`).
        self.navigation = frozenset(list(OTHER_GAME_CONTROLS) + list(self.saved.CONTROLS))
        self.at_table: list[Any] = []  # the table's features, while one is played
        # An embedded hand or puzzle (`show=`), and the features that answer its controls.
        self.shown_view: HandView | Puzzle | None = None
        self.view_features: list[Any] = []

    # -- boot ---------------------------------------------------------------------
    def start(self) -> None:
        python = ".".join(str(n) for n in sys.implementation.version[:3])
        name = "MicroPython" if sys.implementation.name == "micropython" else "Python"
        page.set_text("py-version", f"{name} {python} · rules {pygame_rules.__version__}")
        req = parse_link(page.query(), self.today())
        self.link_speed = req.speed
        self.bots.speed = saves.read_speed(req.speed)
        listen(self.on_click, self.on_change, self.on_key, self.on_storage, self.on_resized)
        page.set_field("speed", self.bots.speed)
        if req.learn and req.game_id and not page.is_embedded():  # one table per link
            req.messages.append("A link opens a lesson or a game, not both: the lesson opens.")
        if req.messages:
            page.notice(" ".join(req.messages))
        if page.is_embedded():
            self.embed_game = req.game_id
            self.saves = saves.Saves.embedded(req.game_id)
            self.saves.today = self.today
        self.saves.migrate()  # an earlier version's single save, to its game's key
        if req.rules:
            self.open_rules(req.rules)
        if req.view or req.view_problem:  # an embedded hand or puzzle: shown at once
            self.show_view(req)
            page.mark_state("ready")
            return
        laying = False  # a link's table, marked ready once drawn (`sit_down_prepared`)
        # An embedded frame boots on the reader's Play (or "Choose settings", or a reload of
        # the host page while the frame was at its table: static/js/embed.js says which).
        choice = page.embed_start() if self.embed_game else ""
        lesson = self.lesson_to_resume(req, choice)
        screen: str | None = None  # the setup of a game, or "": the lobby
        if lesson is not None:
            self.learn(*lesson)
        elif req.game_id and choice == "setup":
            screen = req.game_id
        elif req.game_id and req.start:
            laying = self.arrival.arrive(req)
        elif req.game_id and self.embed_game:
            laying = self.arrival.play_here(req)
        else:
            screen = req.game_id or ""
        if screen is not None:  # the rest of the app's: may be drawn in a later task
            # A game's setup needs no other game's modules; the lobby names every game.
            lobby = screen == ""
            laying = self.with_whole_app(
                lambda: self.first_screen(str(screen)), booting=True, every_game=lobby
            )
        if not laying:
            page.mark_state("ready")
        self.spawn(self.load_whole_app())

    def first_screen(self, game_id: str) -> None:
        """The boot's screen when it is no table: the game's setup, or the lobby ("")."""
        if game_id:
            self.show_setup(game_id)
        else:
            self.show_lobby()

    def every_game(self) -> bool:
        """Whether this page may show every game (the full app), or one (an embedded frame,
        which never fetches the others)."""
        return not self.embed_game

    async def load_whole_app(self) -> None:
        """A page whose address names one game's table boots with that game's modules and
        the app's core only (a phone's first download: static/js/host.js); once the player
        can move (or the game is over), the rest of the app and the full app's other games
        are fetched, so that the lobby, the game over or a panel opens at once later. A
        failed download is left to `after_whole_app`, which says so when one is needed."""
        await until(self.can_move_or_over, WORKER_DELAY)
        try:
            await self.whole_app_loaded()
        except Exception as exc:  # on the console only: nothing needs them yet
            print(f"The rest of the app was not fetched ({exc}).")

    async def whole_app_loaded(self, every_game: bool = True) -> None:
        """Fetch what the page lacks (`page.load_modules`; not `every_game`: the rest of the
        app only), then give the table at screen the features that came with it
        (`PlayScreen.add_rest`)."""
        await page.load_modules(self.every_game() and every_game)
        play = self.play
        if play is None or play.has_rest():
            return
        added = play.add_rest()
        self.at_table += added
        for feature in added:
            self.routes.add(feature)
        if play.session.is_over() or play.reviewing.shown is not None:
            play.render()  # its game over, or its review's coach, drawn without them

    def with_whole_app(
        self, run: Callable[[], object], booting: bool = False, every_game: bool = True
    ) -> bool:
        """`run()` now, or, where the page still lacks part of the app (the rest's features,
        the full app's other games), once it is loaded (`after_whole_app`); True in that
        case. `booting`: it draws the boot's first screen, and the page is marked ready
        after it then. Not `every_game`: `run` needs the rest of the app only."""
        every = self.every_game() and every_game
        if not page.modules_missing(every):
            run()
            return False
        self.spawn(self.after_whole_app(run, booting, every))
        return True

    async def after_whole_app(
        self, run: Callable[[], object], booting: bool, every_game: bool
    ) -> None:
        """`run()` once the whole app (or its rest only: not `every_game`) is loaded
        (`whole_app_loaded`). Said in plain words when it cannot be fetched (at boot, in the
        loading screen's place)."""
        try:
            await self.whole_app_loaded(every_game)
        except Exception as exc:
            if booting:
                page.fail(exc)
            else:
                page.notice(f"Part of the app could not be loaded ({exc}). Try again when online.")
            return
        try:
            run()
        except Exception as exc:
            page.fail(exc)
            return
        if booting:
            page.mark_state("ready")

    def lesson_to_resume(self, req: LinkRequest, choice: str) -> tuple[str, int] | None:
        """The lesson a reload comes back to, and how far it had gone: the full app's
        address says (`?learn=GAME&step=N`), an embedded frame's mark (`page.table_to_resume`)."""
        if not self.embed_game:
            return (req.learn, req.step) if req.learn else None
        place = page.table_to_resume() if choice == "resume" else ""
        if not place.startswith(LESSON_PLACE):
            return None
        return self.embed_game, whole_number(place[len(LESSON_PLACE) :], MAX_LESSON_STEP) or 0

    # -- screens ------------------------------------------------------------------
    def show_form(self, tree: Any, title: str) -> None:
        """Leave any game and show a screen of choices (setup, a link's question) in place
        of the lobby, its heading focused."""
        self.leave_game()
        page.show_screen(title)
        page.draw_screen(tree)
        page.focus("#screen h2")

    def show_lobby(self, _value: str = "") -> None:
        self.saved.confirming = None
        if self.embed_game:
            self.show_setup(self.embed_game)
            return
        self.leave_game()
        page.show_lobby("Trick Table")
        self.saved.redraw()

    def show_setup(self, game_id: str) -> None:
        from ui.screens import setup  # the rest of the app's (`with_whole_app`)

        game = pygame_rules.get_game(game_id)
        if self.embed_game:  # a frame has no lobby: its saved game is offered here
            screen = setup.setup_screen(game, resume=self.saved.offer())
        else:
            screen = setup.setup_screen(game, page.app_url(f"embed.html?game={game.id}"))
        self.show_form(screen, f"{game.title} — set up")
        self.setup_game = game_id

    def show_view(self, req: LinkRequest) -> None:
        """An embedded hand or puzzle (ui/share/embeds.py), or why its link cannot show it.
        Nothing takes the focus: the frame's host page is the reader's until they use it."""
        if not req.view or req.game_id is None or req.seed is None or req.history is None:
            page.show_screen("Trick Table")
            page.draw_screen(
                h(
                    "section",
                    {"class": "view-problem", "data-testid": "view-problem"},
                    h("h2", {}, "Nothing to show"),
                    h("p", {}, req.view_problem or "This link shows no hand."),
                    h("p", {}, "The full app, linked above, plays these games."),
                )
            )
            return
        from ui.share.hand_view import HandView  # the rest of the app's: a frame that shows
        from ui.share.puzzle import Puzzle  # one boots with it (static/js/host.js)

        game = pygame_rules.get_game(req.game_id)
        players = req.players or game.default_players
        session = Session(req.game_id, players, req.seed, "hard", req.options)
        play = session.record if req.view == "hand" else session.act  # a hand is only read
        for seat, action in req.history:
            play(seat, action)
        if req.view == "hand":
            self.open_view(HandView.of(session, req.view_from, req.view_at))
        else:
            start, at = req.view_from, req.view_at
            ask = (self.bots, self.worker.ready_for_whole_search, self.spawn, self.step_on)
            self.open_view(Puzzle(session, start, at, *ask))

    def open_view(self, view: HandView | Puzzle) -> None:
        """Show `view` in the frame, its controls answered in place of the last view's."""
        for feature in self.view_features:
            self.routes.remove(feature)
        from ui.share.hand_view import HandView  # the rest of the app's

        self.shown_view = view
        self.view_features = [view] if isinstance(view, HandView) else [view, GameSteps(view)]
        for feature in self.view_features:
            self.routes.add(feature)
        what = "a hand" if isinstance(view, HandView) else "a puzzle"
        page.show_screen(f"{pygame_rules.get_game(view.game_id).title}: {what} — Trick Table")
        view.render()

    def step_on(self, start: int, at: int) -> None:
        """From a puzzle's answer to its hand, at the puzzle's question (the reader asked)."""
        from ui.share.hand_view import HandView  # the rest of the app's
        from ui.share.puzzle import Puzzle

        if isinstance(self.shown_view, Puzzle):
            self.bots.stop()  # a Hard bot still thinking
            self.open_view(HandView.of(self.shown_view.full, start, at))
            page.focus("#review-title", scroll="nearest")

    def start_from_form(self, _value: str = "") -> None:
        game = pygame_rules.get_game(str(self.setup_game))
        players, level, options, seed_text = page.setup_choice([o.name for o in game.options])
        seed = whole_number(seed_text, MAX_SEED) if seed_text.strip() else page.new_seed()
        if seed is None:
            page.notice(f"A deal number is a whole number up to {MAX_SEED}.")
            return
        level = level if level in PLAYER_LEVELS else "normal"
        people, problem = people_from_form(page.setup_people(players))
        if problem:
            page.notice(f"Pass and play: {problem}.")
            return
        self.saved.start_or_ask(Deal(game.id, players, seed, level, options, people))

    def new_session(self, deal: Deal) -> Session:
        """`deal` dealt, its log begun (the deal of the day's date, the people passing)."""
        session = deal.session()
        session.log.append(f"New game of {session.game.title}, seed {deal.seed}.")
        if deal.daily:
            session.log.append(f"The deal of the day, {deal.daily}.")
        if session.passed:
            named = ", ".join(session.names[seat] for seat in session.humans)
            session.log.append(f"Passed round this device: {named}.")
        return session

    def start_game(self, deal: Deal) -> None:
        self.sit_down(self.new_session(deal))

    async def sit_down_prepared(self, session: Session) -> None:
        """`sit_down` at a link's table with what its first drawing needs worked out in a
        task of its own (`GameTable.prepare`: Wray's deal solver took 35-60 ms of the page's
        first table), then mark the page ready."""
        try:
            await page.next_task()
            table_for(session.game_id).prepare(session.observation())
            await page.next_task()
            self.sit_down(session)
        except Exception as exc:  # as main() does for the rest of the boot
            page.fail(exc)
            raise
        page.mark_state("ready")

    def sit_down(self, session: Session, replay: Replay | None = None) -> None:
        """Leave any game and show `session`'s table; its bots start if it is their turn
        (`replay`: once these moves are replayed on it)."""
        self.leave_game()
        # The address first, while the page is as it was last drawn: Chromium restyles
        # what changed since at a history.replaceState, and after the new table was drawn
        # that was the whole table, inside this task (6-20 ms of a desktop's first table).
        self.keep_for_reload(session)
        page.show_screen(f"{session.game.title} — Trick Table")
        lesson = isinstance(session, LessonSession)  # never saved over a real game
        keeper = LessonPlace(self.saves.slots, self.keep_for_reload) if lesson else self.saves
        play = self.play = PlayScreen(session, self.bots, keeper, self.spawn, replay, self.worker)
        self.at_table = play.features()
        for feature in self.at_table:
            self.routes.add(feature)
        play.after_move()
        if replay is not None:
            self.spawn(watch(play, page_sleep, lambda: SPEEDS[self.bots.speed]))
        self.show_engine_note()
        searching = session.level in SEARCH_LEVELS  # Easy needs no worker
        if searching and self.worker.status == "local":
            self.worker.expect()
            self.spawn(self.worker.start_when(self.can_move))

    def keep_for_reload(self, session: Session) -> None:
        """Make a reload of the page come back to this table: the full app's address becomes
        the deal's link (a link to the game in progress resumes it: `LinkArrival.arrive`),
        with the link's `speed=` if it had one, whether the game came from a link, the
        lobby, the setup or Play again; a lesson's, never saved, its lesson and how far it
        has gone (after each move: `LessonPlace`).
        An embedded frame's address is its host page's: static/js/embed.js boots the frame
        at its table again instead (`page.table_on_reload`)."""
        lesson = isinstance(session, LessonSession)
        if self.embed_game:
            place = f"{LESSON_PLACE}{len(session.history)}" if lesson else GAME_PLACE
            page.table_on_reload(place)
        elif lesson:
            page.replace_address(lesson_link(session.game_id, len(session.history)))
        else:  # a link's bot speed too, until the player picks one (kept on this device)
            speed = f"&speed={self.link_speed}" if self.link_speed else ""
            page.replace_address(deal_link(session) + speed)

    def learn(self, game_id: str, step: int = 0) -> None:
        """Sit down at the game's lesson (after `step` of its moves: a reload's)."""
        self.sit_down(lesson_session(game_id, step))

    def can_move(self) -> bool:
        """Whether the player can move now (the bots' worker starts then: it never delays
        the first move)."""
        play = self.play
        return play is not None and not play.bots_running and bool(play.session.human_legal())

    def can_move_or_over(self) -> bool:
        """Whether the player can move, or the game at the table is over (nobody moves)."""
        play = self.play
        return self.can_move() or (play is not None and play.session.is_over())

    def show_engine_note(self) -> None:
        """Say in plain words when the table's bots use the quick search (the worker is
        loading or failed); hidden otherwise."""
        level = self.play.session.level if self.play is not None else None
        page.set_note("engine-note", self.worker.note(level) if level else None)

    def leave_game(self) -> None:
        """Stop the game at the table: its bots' and hint's thinking end without a move.
        A reload no longer comes back to it (the next table's `keep_for_reload` says where
        a reload goes)."""
        self.bots.stop()
        if self.play is not None:
            self.play.leave()
            if not self.embed_game:
                page.replace_address("./")
        for feature in self.at_table:
            self.routes.remove(feature)
        self.play, self.at_table = None, []
        self.show_engine_note()
        if self.embed_game:
            page.table_on_reload(None)

    # -- input --------------------------------------------------------------------
    def on_click(self, action: str | None, name: str | None, value: str) -> bool:
        """A click on a control (`data-ui` `name`) or a move (`data-action`); True when
        something answered it."""
        try:
            if action:
                screen = self.play or self.shown_view
                if screen is not None:
                    screen.human_action(json.loads(action))
                return True
            if name is None:
                return False
            # A control no feature answers may be one of the rest of the app's (a panel at
            # the table) clicked before it came: it waits, as the page's navigation does.
            answered = self.routes.answers(name)
            if not answered and not page.modules_missing(self.every_game()):
                return False
            if not answered or name in self.navigation:
                self.with_whole_app(lambda: self.routes.run(name, value))
                return True
            return self.routes.run(name, value)
        except Exception as exc:
            page.fail(exc)
            return False

    def on_key(self, key: str) -> bool:
        """Keys the table's features take (a review's arrows, Escape); True when taken."""
        try:
            if self.shown_view is not None:
                return self.shown_view.key(key)
            return self.play is not None and self.play.on_key(key)
        except Exception as exc:
            page.fail(exc)
            return False

    def on_change(self, element_id: str, value: str, file: Any) -> None:
        if element_id == "stats-import" and file is not None:
            self.with_whole_app(lambda: self.spawn(self.import_stats(file)))  # the lobby's
        elif self.play and self.play.embed and self.play.embed.change(element_id, value):
            pass
        elif element_id == "speed" and value in SPEEDS:
            self.bots.speed = value
            saves.write_speed(value)
            if self.link_speed is not None:  # the player's choice now, not the link's
                self.link_speed = None
                if self.play is not None:
                    self.keep_for_reload(self.play.session)

    def on_storage(self, key: str, value: str | None) -> None:
        """Another tab changed a saved game: see `Saves.other_tab`. (The saved games'
        list names every game: it waits for the whole app, `with_whole_app`.)"""
        self.with_whole_app(lambda: self.other_tab(key, value))

    def on_resized(self) -> None:
        """The page's size crossed `page.SUMMED_SEATS`: a table at screen is drawn again, its
        seats whole or summed up for the new size (`PlayScreen.frame`)."""
        if self.play is not None:
            self.play.render()

    def other_tab(self, key: str, value: str | None) -> None:
        """Redraw the saved games, or leave a game finished or discarded in the other tab."""
        session = self.play.session if self.play is not None else None
        what, message = self.saves.other_tab(key, value, session)
        if what == saves.REDRAW:
            self.saved.redraw()
        elif what == saves.LEAVE:
            self.show_lobby()
            page.notice(message)
            page.focus("#resume [data-ui=resume], #lobby [data-ui=play]")

    # -- the app's own controls ------------------------------------------------------
    def open_rules(self, game_id: str) -> None:
        game = pygame_rules.get_game(game_id)
        self.spawn(page.open_rules(game.id, f"How to play {game.title} ({game.designer})"))

    def to_lobby(self, _value: str = "") -> None:
        self.show_lobby()
        if not self.embed_game:
            page.replace_address("./")  # (from a setup screen's `?game=` too)

    def play_again(self, _value: str = "") -> None:
        if self.play is not None:
            s = self.play.session
            self.saved.start_or_ask(
                Deal(s.game_id, s.players, page.new_seed(), s.level, s.options, s.people)
            )

    async def import_stats(self, file: Any) -> None:
        try:
            saves.import_stats(await page.file_text(file))
        except ValueError as exc:
            page.notice(f"Those statistics could not be imported: {exc}.")
            return
        page.notice("Statistics imported.")
        self.saved.redraw()

    async def copy_embed_code(self) -> None:
        """Copy the embed code; where the clipboard is refused, leave it selected."""
        if await page.copy_field("embed-code", select_first=True):
            page.notice("Embed code copied.")
        else:
            page.notice("Copy the selected code (Ctrl+C, or press and hold on a phone).")

    def today(self) -> str:
        """The device's local date, "2026-11-28" ("" if the page gives no date)."""
        return daily.valid_date(page.today()) or ""

    def play_daily(self, game_id: str) -> None:
        """Deal of the day: today's deal of `game_id` (its game in progress, if that is
        today's deal; a new game would replace another one: asked first)."""
        date = self.today()
        if game_id not in pygame_rules.GAME_IDS or not date:
            return
        save = self.saves.read(game_id)
        if isinstance(save, dict) and save.get("daily") == date and self.saved.resume(game_id):
            return
        players = pygame_rules.get_game(game_id).default_players
        seed = daily.daily_seed(game_id, date)
        self.saved.start_or_ask(Deal(game_id, players, seed, daily.DAILY_LEVEL, daily=date))

    def export_stats(self, _value: str = "") -> None:
        page.download("trick-table-stats.json", json.dumps(saves.read_stats()))

    CONTROLS = {
        "play": lambda self, value: self.show_setup(value),
        "learn": lambda self, value: self.learn(value),
        "daily": play_daily,
        "rules": lambda self, value: self.open_rules(value),
        "close-rules": lambda _self, _value: page.close_rules(),
        "start": start_from_form,
        "lobby": to_lobby,
        "again": play_again,
        "export-stats": export_stats,
        "copy-embed": lambda self, _value: self.spawn(self.copy_embed_code()),
        "install": lambda _self, _value: page.install_app(),
    }

    def spawn(self, coroutine: Any) -> None:
        self.tasks = [task for task in self.tasks if not task.done()]
        self.tasks.append(asyncio.create_task(coroutine))


def features() -> tuple[Any, ...]:
    """Every kind of feature that answers controls (the tests' lists of steps come from
    these), the rest of the app's too (imported here: CPython's tests only)."""
    from ui.review.coach import Coach
    from ui.share.daily_panel import DailyShare
    from ui.share.embed_panel import EmbedPanel
    from ui.share.hand_view import HandView
    from ui.share.link_panel import SharePanel
    from ui.share.puzzle import Puzzle

    return (
        App, SavedGames, LinkArrival, PlayScreen, Hint, Undo, Reviewing, Coach, LastTrick, Detail,
        SharePanel, Replay, EmbedPanel, HandView, Puzzle, HandOver, DailyShare,
    )  # fmt: skip


def people_from_form(seats: list[tuple[bool, str]]) -> tuple[dict[int, str], str]:
    """The setup's pass and play (each seat: a person?, the name typed) as seat to name,
    unnamed people called "Player N"; {} for one person alone. The second item says why the
    names cannot be used ("" when they can)."""
    people = {
        seat: clean_name(name) or f"Player {seat + 1}"
        for seat, (person, name) in enumerate(seats)
        if person
    }
    if len(people) < 2:
        return {}, ""
    return people, name_problem([people[seat] for seat in sorted(people)])


class LessonPlace(Unsaved):
    """A lesson is never saved; after each of its moves, where a reload comes back to
    follows it (`App.keep_for_reload`)."""

    def __init__(self, slots: list[tuple[str, str]], follow: Any) -> None:
        super().__init__(slots)
        self.follow = follow

    def store(self, session: Session) -> None:
        self.follow(session)


def page_steps() -> frozenset[str]:
    """The page's own controls: help, navigation, saves, sharing, undo, the review; not the
    steps of play (Continue, a game's own: `GameSteps`), which the tests take as moves."""
    return control_names(features(), play_steps=False)


def play_steps() -> frozenset[str]:
    """The steps of play: Continue and every game's own controls."""
    names = set(control_names(features(), play_steps=True))
    for game_id in pygame_rules.GAME_IDS:
        names.update(table_for(game_id).controls)
    return frozenset(names)


APP: App | None = None


def main() -> None:
    global APP
    try:
        APP = App()
        APP.start()
    except Exception as exc:
        page.fail(exc)
        raise
