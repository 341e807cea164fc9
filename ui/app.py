"""The browser app: routes between lobby, setup, table, game over and rules.

All clicks arrive through one delegated listener: `data-action` elements play
a game action, `data-ui` elements run a UI step. Screens are rebuilt from the
session after every change. The App is the page's side only (the DOM, the
performance entries): bots think and pace in `ui/play/bot_runner.py`, and what this
device keeps (the save, statistics, settings) is `ui/saves.py`.
"""

from __future__ import annotations

import asyncio
import json
import sys

import pygame_rules
from ui import saves
from ui.lessons import lesson as lessons
from ui.play.bot_runner import BotRunner, think_limit
from ui.play.session import SEARCH_LEVELS, SaveError, Session
from ui.runtime.browser import create_proxy, document, next_task, now, window
from ui.runtime.dom import by_id, mount, set_text
from ui.runtime.page import (
    copy_embed_code,
    download,
    fail,
    import_stats,
    new_seed,
    notice,
    on_rules_closed,
    open_rules,
    read_setup_form,
    show_screen,
    show_stats,
)
from ui.runtime.worker_client import WorkerClient
from ui.saves import Saves
from ui.screens import lobby, setup
from ui.screens.play import PlayScreen
from ui.share import panel as share
from ui.share.links import MAX_SEED, SPEEDS, LinkRequest, deal_link, link_continues, parse_link
from ui.share.page_panel import leave as leave_sharing
from ui.tables import table_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


PAINT_DELAY = 0.1  # seconds between two looks at whether the player can move
WORKER_DELAY = 3.0  # seconds after the first table by which the worker starts anyway
YIELD = 0.001  # pauses this short only give the page a turn (see page_sleep)


async def page_sleep(seconds: float) -> None:
    """asyncio.sleep, where a pause of 0 still hands control back to the browser.

    MicroPython's asyncio runs every task that is ready before it returns to JavaScript,
    so `sleep(0)` never lets the page take a click, paint, or collect garbage: a bot's
    sliced search would freeze the page. Nor does a 1 ms sleep always: its timer, counted
    in whole milliseconds, is often due already. Awaiting the page's next task does."""
    if seconds > YIELD:
        await asyncio.sleep(seconds)
    else:
        await next_task()


class App:
    """The page: routes between lobby, setup, a link's question and the table."""

    def __init__(self) -> None:
        self.table: PlayScreen | None = None  # the game being played
        self.setup_game: str | None = None
        self.link: LinkRequest | None = None  # the game a starting link asked for
        self.worker = WorkerClient(
            self.show_engine_note, usable=sys.implementation.name == "micropython"
        )
        self.bots = BotRunner(
            page_sleep,
            now,
            lambda: think_limit(getattr(window, "pygameThinkLimit", None)),
            mark=lambda name: window.performance.mark(name),
            measure=lambda name, start: window.performance.measure(name, start),
            ask=self.worker.ask,
            quick=self.worker.quick,
        )
        self.proxies: list[Any] = []
        self.tasks: list[Any] = []  # running tasks, kept referenced until done
        self.embed_game: str | None = None  # set in embed mode (embed.html): one game only
        self.saves = Saves()  # one save per game (an embedded frame: its game's only)
        self.confirming: str | None = None  # the saved game whose discard is being asked
        self.pending: tuple[Any, ...] | None = None  # a new game waiting for the answer

    @property
    def session(self) -> Session | None:
        return self.table.session if self.table is not None else None

    # -- boot ---------------------------------------------------------------------
    def start(self) -> None:
        python = ".".join(str(n) for n in sys.implementation.version[:3])
        name = "MicroPython" if sys.implementation.name == "micropython" else "Python"
        version = f"{name} {python} · rules {pygame_rules.__version__}"
        set_text("py-version", version)
        req = parse_link(str(window.location.search))
        self.bots.speed = saves.read_speed(req.speed)
        select = by_id("speed")
        if select:
            select.value = self.bots.speed
        for target, kind, handler in (
            (document, "click", self.on_click),
            (document, "change", self.on_change),
            (document, "keydown", self.on_key),
            (window, "storage", self.on_storage),
            (by_id("rules-dialog"), "close", on_rules_closed),
        ):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            target.addEventListener(kind, proxy)
        if req.messages:
            notice(" ".join(req.messages))
        if document.body.getAttribute("data-mode") == "embed":
            self.embed_game = req.game_id
            self.saves = Saves.embedded(req.game_id)
        self.saves.migrate()  # an earlier version's single save, to its game's key
        if not self.route(req):
            document.body.setAttribute("data-app-state", "ready")

    def route(self, req: LinkRequest) -> bool:
        """Show what the link asks for; True when its table is still being laid (the page
        is marked ready once it is drawn: `sit_down_prepared`)."""
        if req.rules:
            self.spawn(open_rules(req.rules))
        if req.game_id and req.start:
            self.link = req
            save = self.saves.read(req.game_id)  # only this game's: others' are not at stake
            if save is None:
                return self.start_link(prepared=True)
            elif not (link_continues(req, save) and self.resume(req.game_id)):
                self.show_conflict(req.game_id, save, linked=True)
        elif req.game_id:
            self.show_setup(req.game_id)
        else:
            self.show_lobby()
        return False

    def start_link(self, prepared: bool = False) -> bool:
        """Deal the game the link asks for (a new random deal when it names no seed); True
        when its table is drawn in later tasks (`prepared`: the page's first table)."""
        req = self.link
        assert req is not None and req.game_id is not None
        if req.history:  # a position link: watch its moves, or continue from there
            game = pygame_rules.get_game(req.game_id)
            self.show_form(share.position_screen(game, req), f"{game.title} — a shared game")
            return False
        players = req.players or pygame_rules.get_game(req.game_id).default_players
        seed = req.seed if req.seed is not None else new_seed()
        level = req.level or "normal"
        if prepared:
            session = self.new_session(req.game_id, players, seed, level, req.options)
            self.spawn(self.sit_down_prepared(session))
            return True
        self.start_game(req.game_id, players, seed, level, req.options)
        return False

    # -- screens ------------------------------------------------------------------
    def show_form(self, tree: Any, title: str) -> None:
        """Leave any game and show a screen of choices (setup, a link's question) in place
        of the lobby, its heading focused."""
        self.leave_game()
        show_screen(title)
        mount(by_id("screen"), tree)
        heading = document.querySelector("#screen h2")
        if heading:
            heading.focus()

    def open_position(self, watch: bool) -> None:
        """Sit down at a position link's game: at its position, or at the deal's start with
        its moves replayed at the bots' speed (`watch`)."""
        req = self.link
        assert req is not None and req.game_id is not None and req.seed is not None
        players = req.players or pygame_rules.get_game(req.game_id).default_players
        session = Session(req.game_id, players, req.seed, req.level or "normal", req.options)
        moves = req.history or []
        session.log.append(f"A shared game of {session.game.title}, seed {req.seed}.")
        if not watch:
            for seat, action in moves:
                session.act(seat, action)
            session.ended = None
            session.log.append(f"Continued from move {len(moves)}.")
        self.sit_down(session, share.Replay(moves) if watch and moves else None)
        if not self.embed_game:  # a reload resumes this game instead of asking again
            window.history.replaceState(None, "", deal_link(session))

    def show_conflict(self, game_id: str, save: Any, linked: bool) -> None:
        """A link (`linked`) or the setup form would deal over the unfinished saved game of
        the same game: resume it, or start the new one (which replaces it)."""
        game = pygame_rules.get_game(game_id)
        back = None if linked else "Back" if self.embed_game else "Back to games"
        restorable = saves.restorable(save, game_id)
        screen = setup.conflict_screen(save, game, restorable, linked, back)
        self.show_form(screen, "A game is in progress — Trick Table")

    def show_lobby(self) -> None:
        self.confirming = None
        if self.embed_game:
            self.show_setup(self.embed_game)
            return
        self.leave_game()
        by_id("screen").hidden = True
        document.documentElement.removeAttribute("data-boot")  # static/js/host.js's mark
        by_id("lobby").hidden = False
        self.show_resume()
        document.title = "Trick Table"

    def show_resume(self) -> None:
        """Redraw the offers to resume (the lobby's, or an embedded frame's setup screen's)
        and the statistics."""
        box = by_id("resume")
        if box:
            mount(box, self.resume_offer())
            show_stats()

    def resume_offer(self) -> Any:
        """The lobby's list of saved games; an embedded frame's one saved game."""
        if self.embed_game:
            slot = self.embed_game
            return lobby.resume_box(self.saves.read(slot), slot, self.confirming == slot)
        return lobby.saved_games(self.saves.entries(), self.confirming)

    def show_setup(self, game_id: str) -> None:
        game = pygame_rules.get_game(game_id)
        if self.embed_game:  # a frame has no lobby: its saved game is offered here
            screen = setup.setup_screen(game, resume=self.resume_offer())
        else:
            embed_url = str(window.URL.new(f"embed.html?game={game.id}", window.location.href).href)
            screen = setup.setup_screen(game, embed_url)
        self.show_form(screen, f"{game.title} — set up")
        self.setup_game = game_id

    def start_game(
        self, game_id: str, players: int, seed: int, level: str, options: dict[str, Any]
    ) -> None:
        self.sit_down(self.new_session(game_id, players, seed, level, options))

    def new_session(
        self, game_id: str, players: int, seed: int, level: str, options: dict[str, Any]
    ) -> Session:
        session = Session(game_id, players, seed, level, options)
        session.log.append(f"New game of {session.game.title}, seed {seed}.")
        return session

    async def sit_down_prepared(self, session: Session) -> None:
        """`sit_down` at a link's table with what its first drawing needs worked out in a
        task of its own (`GameTable.prepare`: Wray's deal solver took 35-60 ms of the page's
        first table), then mark the page ready."""
        try:
            await next_task()
            table_for(session.game_id).prepare(session.observation())
            await next_task()
            self.sit_down(session)
        except Exception as exc:  # as main() does for the rest of the boot
            fail(exc)
            raise
        document.body.setAttribute("data-app-state", "ready")

    def start_new(
        self, game_id: str, players: int, seed: int, level: str, options: dict[str, Any]
    ) -> None:
        """Start a game, unless it would replace an unfinished saved game of the same game:
        then ask first (other games' saves are not at stake)."""
        save = self.saves.read(game_id)
        if save is None:
            self.start_game(game_id, players, seed, level, options)
        else:
            self.pending = (game_id, players, seed, level, options)
            self.show_conflict(game_id, save, linked=False)

    def resume(self, slot: str) -> bool:
        """Rebuild the saved game in `slot` (a game id) and sit down at it; False (and a
        notice) if it is damaged."""
        try:
            session = self.saves.load(slot)
        except SaveError as exc:
            notice(
                f"That saved game could not be restored: {exc}. It is kept so you can export it."
            )
            return False
        session.log.append("Game resumed.")
        self.sit_down(session)
        return True

    def sit_down(self, session: Session, replay: share.Replay | None = None) -> None:
        """Leave any game and show `session`'s table; its bots start if it is their turn
        (`replay`: once these moves are replayed on it)."""
        self.leave_game()
        show_screen(f"{session.game.title} — Trick Table")
        lesson = isinstance(session, lessons.LessonSession)  # never saved over a real game
        keeper = lessons.Unsaved(self.saves.slots) if lesson else self.saves
        self.table = PlayScreen(session, self.bots, keeper, self.spawn)
        self.table.replay = replay
        self.table.after_move()
        if replay is not None:
            self.spawn(share.watch(self.table, page_sleep, lambda: SPEEDS[self.bots.speed]))
        self.show_engine_note()
        searching = session.level in SEARCH_LEVELS  # Easy needs no worker
        if searching and self.worker.usable and self.worker.status == "local":
            self.worker.expect()
            self.spawn(self.start_worker())

    async def start_worker(self) -> None:
        """Start the search bots' worker once the player can move (or WORKER_DELAY after
        the first table), so its download and boot never delay the first move. (Not
        window.setTimeout: on MicroPython, a call to it from Python breaks asyncio's own
        timers with "Illegal invocation".)"""
        waited = 0.0
        while waited < WORKER_DELAY:
            await asyncio.sleep(PAINT_DELAY)
            waited += PAINT_DELAY
            table = self.table
            if table is not None and not table.bots_running and table.session.human_legal():
                break
        self.worker.start()

    def show_engine_note(self) -> None:
        """Say in plain words when the table's bots use the quick search (the worker is
        loading or failed); hidden otherwise."""
        node = by_id("engine-note")
        if not node:
            return
        text = self.worker.note(self.session.level) if self.session is not None else None
        node.textContent = text or ""
        node.hidden = not text

    def leave_game(self) -> None:
        """Stop the game at the table: its bots' and hint's thinking end without a move."""
        self.bots.stop()
        self.table = None
        leave_sharing()
        self.show_engine_note()

    # -- input --------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved game: see `Saves.other_tab`."""
        what, message = self.saves.other_tab(event.key, event.newValue, self.session)
        if what == saves.REDRAW:
            self.show_resume()
        elif what == saves.LEAVE:
            self.show_lobby()
            notice(message)
            button = document.querySelector("#resume [data-ui=resume], #lobby [data-ui=play]")
            if button:
                button.focus()

    def on_click(self, event: Any) -> None:
        target = event.target
        node = target.closest("[data-action],[data-ui]") if hasattr(target, "closest") else None
        if not node or node.hasAttribute("disabled"):
            return
        action_text = node.getAttribute("data-action")
        try:
            if action_text:
                event.preventDefault()
                if self.table is not None:
                    self.table.human_action(json.loads(action_text))
            else:
                name = node.getAttribute("data-ui")
                value = node.getAttribute("data-value") or ""
                if self.ui_step(name, value):
                    event.preventDefault()
        except Exception as exc:
            fail(exc)

    def on_key(self, event: Any) -> None:
        """Arrow keys step through a review (`PlayScreen.review_key`); other keys are the page's."""
        if self.table is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        try:
            if self.table.review_key(str(event.key)):
                event.preventDefault()
        except Exception as exc:
            fail(exc)

    def on_change(self, event: Any) -> None:
        target = event.target
        if getattr(target, "id", "") == "stats-import" and target.files.length:
            self.spawn(import_stats(target.files.item(0)))
        elif getattr(target, "id", "") == "speed" and target.value in SPEEDS:
            self.bots.speed = str(target.value)
            saves.write_speed(self.bots.speed)

    def ui_step(self, name: str, value: str) -> bool:
        """Handle a UI-only control; True when handled."""
        s = self.session
        if name == "play":
            self.show_setup(value)
        elif name == "learn":
            self.sit_down(lessons.lesson_session(value))
        elif name == "rules":
            self.spawn(open_rules(value))
        elif name == "close-rules":
            by_id("rules-dialog").close()
        elif name == "start":
            self.start_from_form()
        elif name == "lobby":
            self.show_lobby()
            if not self.embed_game:
                window.history.replaceState(None, "", "./")
        elif name == "again" and s is not None:
            self.start_new(s.game_id, s.players, new_seed(), s.level, s.options)
        elif name == "export-stats":
            download("trick-table-stats.json", json.dumps(saves.read_stats()))
        elif name == "copy-embed":
            self.spawn(copy_embed_code())
        elif name == "resume":
            by_id("notice").hidden = True  # whatever it said was about before
            if (
                self.resume(value or self.embed_game or "")
                and self.link is not None
                and not self.embed_game
                and self.session
            ):
                # Came by a link to another deal: the address becomes this one's, so a
                # reload resumes it instead of asking again.
                window.history.replaceState(None, "", deal_link(self.session))
        elif name == "start-link" and self.link is not None:
            self.start_link()
        elif name in ("link-watch", "link-continue") and self.link and self.link.history:
            self.open_position(name == "link-watch")
        elif name == "start-new" and self.pending is not None:
            self.start_game(*self.pending)
        elif name == "discard-save":  # first ask
            self.confirming = value or self.embed_game or ""
            self.show_resume()
            focus("#resume .discard-question")
        elif name == "confirm-discard":
            self.saves.discard(value or self.embed_game or "")
            self.confirming = None
            self.show_resume()
            focus("#resume [data-ui=resume], #lobby [data-ui=play], #screen [data-ui=start]")
        elif name == "cancel-discard":
            self.confirming = None
            self.show_resume()
            focus(f'#resume [data-ui=discard-save][data-value="{value}"]')
        elif name == "export-save":
            slot = value or self.embed_game or ""
            download(f"trick-table-save-{slot}.json", self.saves.raw(slot))
        else:
            return self.table is not None and self.table.ui_step(name, value)
        return True

    def start_from_form(self) -> None:
        game = pygame_rules.get_game(str(self.setup_game))
        choice = read_setup_form(game)
        if choice is None:
            notice(f"A deal number is a whole number up to {MAX_SEED}.")
        else:
            self.start_new(game.id, *choice)

    def spawn(self, coroutine: Any) -> None:
        self.tasks = [task for task in self.tasks if not task.done()]
        self.tasks.append(asyncio.create_task(coroutine))


def focus(selector: str) -> None:
    """Focus the first element `selector` finds (after a redraw took the focused one)."""
    node = document.querySelector(selector)
    if node:
        node.focus()


APP = App()


def main() -> None:
    try:
        APP.start()
    except Exception as exc:
        fail(exc)
        raise
