"""The browser app: routes between lobby, setup, table, game over and rules.

All clicks arrive through one delegated listener: `data-action` elements play
a game action, `data-ui` elements run a UI step. Screens are rebuilt from the
session after every change. The App is the page's side only (the DOM, the
performance entries): bots think and pace in `ui/bot_runner.py`, and what this
device keeps (the save, statistics, settings) is `ui/saves.py`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable, Coroutine
from typing import Any

import js
from pyodide.ffi import create_proxy

import pygame_rules

from . import saves, screens, tables
from .bot_runner import BotRunner, think_limit
from .dom import by_id, mount, set_text
from .games import playable_games, table_for
from .params import (
    MAX_SEED,
    SPEEDS,
    LinkRequest,
    deal_link,
    link_continues,
    parse_link,
    whole_number,
)
from .saves import Saves
from .session import PLAYER_LEVELS, SaveError, Session


class App:
    """The page: routes between lobby, setup, a link's question and the table."""

    def __init__(self) -> None:
        self.table: Table | None = None  # the game being played
        self.setup_game: str | None = None
        self.link: LinkRequest | None = None  # the game a starting link asked for
        self.bots = BotRunner(
            asyncio.sleep,
            time.perf_counter,
            lambda: think_limit(getattr(js.window, "pygameThinkLimit", None)),
            mark=lambda name: js.performance.mark(name),
            measure=lambda name, start: js.performance.measure(name, start),
        )
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()  # keep running tasks referenced
        self.embed_game: str | None = None  # set in embed mode (embed.html): one game only
        self.saves = Saves()

    @property
    def session(self) -> Session | None:
        return self.table.session if self.table is not None else None

    # -- boot ---------------------------------------------------------------------
    def start(self) -> None:
        version = f"Python {sys.version.split()[0]} · rules {pygame_rules.__version__}"
        set_text("py-version", version)
        req = parse_link(str(js.location.search))
        self.bots.speed = saves.read_speed(req.speed)
        select = by_id("speed")
        if select:
            select.value = self.bots.speed
        for target, kind, handler in (
            (js.document, "click", self.on_click),
            (js.document, "change", self.on_change),
            (js.window, "storage", self.on_storage),
            (by_id("rules-dialog"), "close", on_rules_closed),
        ):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            target.addEventListener(kind, proxy)
        mark_playable_games()
        if req.messages:
            notice(" ".join(req.messages))
        if js.document.body.getAttribute("data-mode") == "embed":
            self.embed_game = req.game_id
            self.saves = Saves(saves.embed_save_key(req.game_id))
        self.route(req)
        js.document.body.setAttribute("data-app-state", "ready")

    def route(self, req: LinkRequest) -> None:
        if req.rules:
            self.spawn(open_rules(req.rules))
        if req.game_id and req.start:
            self.link = req
            save = self.saves.read()
            if save is None:
                self.start_link()
            elif not (link_continues(req, save) and self.resume()):
                self.show_link_conflict(save)
        elif req.game_id:
            self.show_setup(req.game_id)
        else:
            self.show_lobby()

    def start_link(self) -> None:
        """Deal the game the link asks for (a new random deal when it names no seed)."""
        req = self.link
        assert req is not None and req.game_id is not None
        players = req.players or pygame_rules.get_game(req.game_id).default_players
        seed = req.seed if req.seed is not None else new_seed()
        self.start_game(req.game_id, players, seed, req.level or "normal", req.options)

    # -- screens ------------------------------------------------------------------
    def show_form(self, tree: Any, title: str) -> None:
        """Leave any game and show a screen of choices (setup, a link's question) in place
        of the lobby, its heading focused."""
        self.leave_game()
        show_screen(title)
        mount(by_id("screen"), tree)
        heading = js.document.querySelector("#screen h2")
        if heading:
            heading.focus()

    def show_link_conflict(self, save: Any) -> None:
        """A link would deal over an unfinished game: resume it, or start the link's."""
        assert self.link is not None and self.link.game_id is not None
        linked = pygame_rules.get_game(self.link.game_id)
        screen = screens.link_conflict_screen(save, linked, saves.restorable(save))
        self.show_form(screen, "A game is in progress — Trick Table")

    def show_lobby(self) -> None:
        if self.embed_game:
            self.show_setup(self.embed_game)
            return
        self.leave_game()
        by_id("screen").hidden = True
        by_id("lobby").hidden = False
        self.show_resume()
        js.document.title = "Trick Table"

    def show_resume(self) -> None:
        """Redraw the offer to resume (the lobby's, or an embedded frame's setup screen's)
        and the statistics."""
        box = by_id("resume")
        if box:
            mount(box, screens.resume_box(self.saves.read()))
            show_stats()

    def show_setup(self, game_id: str) -> None:
        game = pygame_rules.get_game(game_id)
        if self.embed_game:  # a frame has no lobby: its saved game is offered here
            screen = screens.setup_screen(game, resume=screens.resume_box(self.saves.read()))
        else:
            embed_url = str(js.URL.new(f"embed.html?game={game.id}", js.location.href).href)
            screen = screens.setup_screen(game, embed_url)
        self.show_form(screen, f"{game.title} — set up")
        self.setup_game = game_id

    def start_game(
        self, game_id: str, players: int, seed: int, level: str, options: dict[str, Any]
    ) -> None:
        session = Session(game_id, players, seed, level, options)
        session.log.append(f"New game of {session.game.title}, seed {seed}.")
        self.sit_down(session)

    def resume(self) -> bool:
        """Rebuild the saved game and sit down at it; False (and a notice) if it is damaged."""
        try:
            session = self.saves.load()
        except SaveError as exc:
            notice(
                f"That saved game could not be restored: {exc}. It is kept so you can export it."
            )
            return False
        session.log.append("Game resumed.")
        self.sit_down(session)
        return True

    def sit_down(self, session: Session) -> None:
        """Leave any game and show `session`'s table; its bots start if it is their turn."""
        self.leave_game()
        show_screen(f"{session.game.title} — Trick Table")
        self.table = Table(session, self.bots, self.saves, self.spawn)
        self.table.after_move()

    def leave_game(self) -> None:
        """Stop the game at the table: its bots' and hint's thinking end without a move."""
        self.bots.stop()
        self.table = None

    # -- input --------------------------------------------------------------------
    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved game: see `Saves.other_tab`."""
        what, message = self.saves.other_tab(event.key, event.newValue, self.session)
        if what == saves.REDRAW:
            self.show_resume()
        elif what == saves.LEAVE:
            self.show_lobby()
            notice(message)
            button = js.document.querySelector("#resume [data-ui=resume], #lobby [data-ui=play]")
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
            if value in {g.id for g in playable_games()}:
                self.show_setup(value)
            else:
                notice("That game is coming soon.")
        elif name == "rules":
            self.spawn(open_rules(value))
        elif name == "close-rules":
            by_id("rules-dialog").close()
        elif name == "start":
            self.start_from_form()
        elif name == "lobby":
            self.show_lobby()
            if not self.embed_game:
                js.history.replaceState(None, "", "./")
        elif name == "again" and s is not None:
            self.start_game(s.game_id, s.players, new_seed(), s.level, s.options)
        elif name == "export-stats":
            download("trick-table-stats.json", json.dumps(saves.read_stats(), indent=1))
        elif name == "copy-embed":
            self.spawn(copy_embed_code())
        elif name == "resume":
            by_id("notice").hidden = True  # whatever it said was about before
            if self.resume() and self.link is not None and not self.embed_game and self.session:
                # Came by a link to another deal: the address becomes this one's, so a
                # reload resumes it instead of asking again.
                js.history.replaceState(None, "", deal_link(self.session))
        elif name == "start-link" and self.link is not None:
            self.start_link()
        elif name == "discard-save":
            self.saves.discard()
            self.show_resume()
        elif name == "export-save":
            download("trick-table-save.json", self.saves.raw())
        else:
            return self.table is not None and self.table.ui_step(name, value)
        return True

    def start_from_form(self) -> None:
        game = pygame_rules.get_game(str(self.setup_game))
        choice = read_setup_form(game)
        if choice is None:
            notice(f"A deal number is a whole number up to {MAX_SEED}.")
        else:
            self.start_game(game.id, *choice)

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


class Table:
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
        # A screen reader has heard the first line ("New game…" or "Game resumed.").
        self.announcer = screens.Announcer(told=len(session.log) - 1)

    def view(self) -> tables.TableView:
        motion = js.matchMedia("(prefers-reduced-motion: reduce)").matches
        return screens.table_view(self.session, self.local, self.thinking, bool(motion))

    def render(self) -> None:
        s = self.session
        js.performance.mark("render-start")
        view = self.view()
        over = screens.game_over_screen(s, view) if s.is_over() else None
        tree = screens.table_screen(s, view, over, self.bots.speed)
        hint = self.local.get("hint")
        elsewhere = "" if hint is None else screens.mark_hint(tree, hint, self.local["hint_reason"])
        mount(by_id("screen"), tree)
        js.performance.measure("render", "render-start")  # read by the bot benchmark
        news = self.announcer.news(s.log, screens.prompt_text(tree))
        if news:
            set_text("announcer", news)
        if hint is not None:
            if elsewhere:  # no prompt to put it under
                notice(elsewhere)
            else:
                by_id("notice").hidden = True  # "Thinking about your move…" is answered
            hinted = js.document.querySelector("#screen [data-action].hinted")
            if hinted:
                hinted.focus()
        if over is not None:
            node = js.document.querySelector("[data-testid=game-over] h2")
            if node:
                node.focus()

    def ui_step(self, name: str, value: str) -> bool:
        """A UI step at the table (the hint, the deal's link, the game's own); True when
        handled."""
        s = self.session
        if name == "hint":
            if s.human_legal():
                notice("Thinking about your move…")
                self.spawn(self.give_hint())
        elif name == "share":
            js.history.replaceState(None, "", deal_link(s))
            notice("The address bar now holds a link to this deal.")
        elif table_for(s.game_id).on_ui(name, value, self.view()):
            self.render()
        else:
            return False
        return True

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

    def human_action(self, action: dict[str, Any]) -> None:
        s = self.session
        if s.is_over():
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
        if not self.bots_running and self.session.next_bot() is not None:
            self.bots_running = True
            self.spawn(self.run_bots())

    async def run_bots(self) -> None:
        try:
            await self.bots.play(self.session, self.show_bot)
        except Exception as exc:  # e.g. a bot's illegal move: shown, and the bots stop
            fail(exc)
        finally:
            self.bots_running = False
            self.thinking = None

    def show_bot(self, seat: int | None) -> None:
        """A bot in `seat` starts to think (None: it has moved): draw it, save the move."""
        self.thinking = seat
        if seat is None:
            self.saves.store(self.session)
        self.render()


# -- the page's pieces that need no App state -------------------------------------
def read_setup_form(game: pygame_rules.Game) -> tuple[int, int, str, dict[str, Any]] | None:
    """The setup form's players, seed (a new random deal when none is given), level and
    options; None when the deal number is not one."""
    form = by_id("setup-form")
    players = int(form.querySelector("[name=players]:checked").value)
    level = str(form.querySelector("[name=level]:checked").value)
    if level not in PLAYER_LEVELS:
        level = "normal"
    options = {
        o.name: bool(form.querySelector(f"[name=opt-{o.name}]").checked) for o in game.options
    }
    seed_text = str(form.querySelector("[name=seed]").value)
    seed = whole_number(seed_text, MAX_SEED) if seed_text.strip() else new_seed()
    return None if seed is None else (players, seed, level, options)


def show_screen(title: str) -> None:
    """Show #screen in place of the lobby, under the page title `title`."""
    by_id("lobby").hidden = True
    by_id("screen").hidden = False
    js.document.title = title


def notice(text: str) -> None:
    node = by_id("notice")
    node.textContent = text
    node.hidden = False


def fail(exc: BaseException) -> None:
    js.console.warn(f"app error: {exc!r}")
    js.document.body.setAttribute("data-app-state", "error")
    notice(f"Something went wrong: {exc}. Your game is saved; reload to resume.")


def mark_playable_games() -> None:
    """Turn the lobby's static cards into buttons for the games that are built."""
    built = {g.id for g in playable_games()}
    for game_id in pygame_rules.GAME_IDS:
        card = js.document.querySelector(f'[data-game="{game_id}"]')
        if card and game_id not in built:
            card.classList.add("coming-soon")


def show_stats() -> None:
    box = by_id("stats-box")
    if box:
        mount(box, screens.stats_box(saves.read_stats()))


async def import_stats(file: Any) -> None:
    try:
        saves.import_stats(str(await file.text()))
    except ValueError as exc:
        notice(f"Those statistics could not be imported: {exc}.")
        return
    notice("Statistics imported.")
    show_stats()


def on_rules_closed(_event: Any) -> None:
    """Give focus back to the table's Rules button: the one that opened the dialog may
    have been redrawn while it was open (bots move behind it), and the browser's own
    return of focus then fails, to <body>. The lobby is never redrawn under it."""
    active = js.document.activeElement
    lost = active.tagName == "BODY" or not active.isConnected
    if not lost and not by_id("rules-dialog").contains(active):
        return  # focus went somewhere real
    button = js.document.querySelector("#screen:not([hidden]) [data-ui=rules]")
    if button:
        button.focus()


async def open_rules(game_id: str) -> None:
    game = pygame_rules.get_game(game_id)
    dialog = by_id("rules-dialog")
    set_text("rules-title", f"How to play {game.title} ({game.designer})")
    body = by_id("rules-body")
    response = await js.fetch(f"./static/rules/{game.id}.html")
    # Our own static file, chosen from the registry (never from the URL's text).
    body.innerHTML = await response.text() if response.ok else "<p>Rules not found.</p>"
    if not dialog.open:
        dialog.showModal()
    dialog.scrollTop = 0  # new rules start at the top, not where the last ones were left


async def copy_embed_code() -> None:
    """Copy the embed code; where the clipboard is refused, leave it selected."""
    code = by_id("embed-code")
    code.select()
    try:
        await js.navigator.clipboard.writeText(code.value)
    except Exception:  # no clipboard (plain http) or permission refused
        notice("Copy the selected code (Ctrl+C, or press and hold on a phone).")
        return
    notice("Embed code copied.")


def new_seed() -> int:
    return int(js.Math.floor(js.Math.random() * 1_000_000_000))


def download(filename: str, text: str) -> None:
    from pyodide.ffi import to_js

    blob = js.Blob.new(
        to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    )
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    js.URL.revokeObjectURL(url)


APP = App()


def main() -> None:
    try:
        APP.start()
    except Exception as exc:
        fail(exc)
        raise
