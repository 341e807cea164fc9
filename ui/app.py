"""The browser app: routes between lobby, setup, table, game over and rules.

All clicks arrive through one delegated listener: `data-action` elements play
a game action, `data-ui` elements run a UI step. Screens are rebuilt from the
session after every change; bots move in paced asyncio steps so the page
stays responsive.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

import pygame_rules

from . import storage, tables
from .dom import by_id, mount, set_text
from .games import playable_games, table_for
from .params import (
    MAX_SEED,
    SPEEDS,
    LinkRequest,
    link_continues,
    link_for,
    parse_link,
    whole_number,
)
from .screens import (
    game_over_screen,
    link_conflict_screen,
    resume_box,
    setup_screen,
    table_screen,
)
from .session import LEVELS, BotTurn, SaveError, Session
from .widgets import action_json

THINK_SLICE = 0.03  # seconds of search between two yields to the page (no long task)
MAX_THINK = 0.9  # a search stops here and plays the best move found: a move stays under 1 s


def think_limit() -> float:
    """Seconds a bot may think: MAX_THINK, unless the page set `window.pygameThinkLimit`.

    A test hook (README, "Test hooks"): Infinity makes every bot move the whole search, so it
    is the same as CPython's on a loaded machine; 0 cuts every search short.
    """
    value = getattr(js.window, "pygameThinkLimit", None)
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return MAX_THINK


class App:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.local: dict[str, Any] = {}
        self.setup_game: str | None = None
        self.link: LinkRequest | None = None  # the game a starting link asked for
        self.speed = "normal"
        self.bots_running = False
        self.generation = 0  # bumps when a game is left, so stale bot loops stop
        self.thinking: int | None = None
        self.proxies: list[Any] = []
        self.tasks: set[asyncio.Future[Any]] = set()  # keep running tasks referenced
        self.embed_game: str | None = None  # set in embed mode (embed.html): one game only
        self.save_key = storage.SAVE_KEY
        # What the screen reader has been told (see `announce`): log lines and the prompt.
        self.lines_told = 0
        self.prompt_told = ""

    # -- boot ---------------------------------------------------------------------
    def start(self) -> None:
        version = f"Python {sys.version.split()[0]} · rules {pygame_rules.__version__}"
        set_text("py-version", version)
        req = parse_link(str(js.location.search))
        self._load_settings(req.speed)
        click = create_proxy(self.on_click)
        change = create_proxy(self.on_change)
        closed = create_proxy(self.on_rules_closed)
        stored = create_proxy(self.on_storage)
        self.proxies += [click, change, closed, stored]
        js.document.addEventListener("click", click)
        js.document.addEventListener("change", change)
        js.window.addEventListener("storage", stored)
        by_id("rules-dialog").addEventListener("close", closed)
        self._mark_playable_games()
        if req.messages:
            self.notice(" ".join(req.messages))
        if js.document.body.getAttribute("data-mode") == "embed":
            self.embed_game = req.game_id
            self.save_key = f"{storage.SAVE_KEY}.embed.{req.game_id}"
        self.route(req)
        js.document.body.setAttribute("data-app-state", "ready")

    def _load_settings(self, link_speed: str | None) -> None:
        """Bot speed: the link's, else the one stored on this device, else normal."""
        try:
            settings = storage.read_json(storage.SETTINGS_KEY) or {}
        except ValueError:
            settings = {}
        speed = settings.get("speed") if isinstance(settings, dict) else None
        stored = speed if isinstance(speed, str) and speed in SPEEDS else None
        self.speed = link_speed or stored or "normal"
        select = by_id("speed")
        if select:
            select.value = self.speed

    def _mark_playable_games(self) -> None:
        """Turn the lobby's static cards into buttons for the games that are built."""
        built = {g.id for g in playable_games()}
        for game_id in pygame_rules.GAME_IDS:
            card = js.document.querySelector(f'[data-game="{game_id}"]')
            if card and game_id not in built:
                card.classList.add("coming-soon")

    def route(self, req: LinkRequest) -> None:
        if req.rules:
            self.open_rules(req.rules)
        if req.game_id and req.start:
            self.link = req
            save = self._read_save()
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
        game = pygame_rules.get_game(req.game_id)
        self.start_game(
            req.game_id,
            req.players or game.default_players,
            req.seed if req.seed is not None else new_seed(),
            req.level or "normal",
            req.options,
        )

    def _read_save(self) -> Any:
        """The saved game as stored (None: none; an unreadable one: a marker dict)."""
        try:
            return storage.read_json(self.save_key)
        except ValueError:
            return {"broken": True}

    # -- screens ------------------------------------------------------------------
    def show_form(self, tree: Any, title: str) -> None:
        """Leave any game and show a screen of choices (setup, a link's question) in place
        of the lobby, its heading focused."""
        self.leave_game()
        by_id("lobby").hidden = True
        screen = by_id("screen")
        screen.hidden = False
        mount(screen, tree)
        js.document.title = title
        heading = js.document.querySelector("#screen h2")
        if heading:
            heading.focus()

    def show_link_conflict(self, save: Any) -> None:
        """A link would deal over an unfinished game: resume it, or start the link's."""
        try:
            Session.from_save(save)  # its moves must replay, not only have a save's shape
            restorable = True
        except SaveError:
            restorable = False
        linked = pygame_rules.get_game(self.link.game_id)
        screen = link_conflict_screen(save, linked, restorable)
        self.show_form(screen, "A game is in progress — Trick Table")

    def show_lobby(self) -> None:
        if self.embed_game:
            self.show_setup(self.embed_game)
            return
        self.leave_game()
        by_id("screen").hidden = True
        by_id("lobby").hidden = False
        self._show_resume()
        js.document.title = "Trick Table"

    def _show_resume(self) -> None:
        """Redraw the offer to resume (the lobby's, or an embedded frame's setup screen's)."""
        box = by_id("resume")
        if not box:
            return
        mount(box, resume_box(self._read_save()))
        self._show_stats()

    def read_stats(self) -> dict[str, Any]:
        try:
            return storage.valid_stats(storage.read_json(storage.STATS_KEY) or {})
        except ValueError:
            return {}

    def _show_stats(self) -> None:
        from .screens import stats_box

        box = by_id("stats-box")
        if box:
            mount(box, stats_box(self.read_stats()))

    def show_setup(self, game_id: str) -> None:
        game = pygame_rules.get_game(game_id)
        if self.embed_game:  # a frame has no lobby: its saved game is offered here
            screen = setup_screen(game, resume=resume_box(self._read_save()))
        else:
            embed_url = str(js.URL.new(f"embed.html?game={game.id}", js.location.href).href)
            screen = setup_screen(game, embed_url)
        self.show_form(screen, f"{game.title} — set up")
        self.setup_game = game_id

    def start_game(
        self, game_id: str, players: int, seed: int, level: str, options: dict[str, Any]
    ) -> None:
        self.leave_game()
        self.session = Session(game_id, players, seed, level, options)
        self.local = {}
        self.session.log.append(f"New game of {self.session.game.title}, seed {seed}.")
        self._enter_table()

    def resume(self) -> bool:
        """Rebuild the saved game and sit down at it; False (and a notice) if it is damaged."""
        try:
            save = storage.read_json(self.save_key)
            session = Session.from_save(save)
        except (ValueError, SaveError) as exc:
            self.notice(
                f"That saved game could not be restored: {exc}. It is kept so you can export it."
            )
            return False
        self.leave_game()
        self.session = session
        self.local = {}
        session.log.append("Game resumed.")
        self._enter_table()
        return True

    def _enter_table(self) -> None:
        by_id("lobby").hidden = True
        by_id("screen").hidden = False
        js.document.title = f"{self.session.game.title} — Trick Table"
        self.lines_told = max(0, len(self.session.log) - 1)  # "New game…" or "Game resumed."
        self.prompt_told = ""
        self.save()
        self.render()
        self.schedule_bots()

    def leave_game(self) -> None:
        self.generation += 1
        self.session = None
        self.thinking = None
        self.bots_running = False

    def view(self) -> tables.TableView:
        s = self.session
        return tables.TableView(
            game=s.game,
            obs=s.observation(),
            legal=s.human_legal(),
            names=s.names,
            human=s.human,
            local=self.local,
            thinking=self.thinking,
            reduced_motion=reduced_motion(),
        )

    def render(self) -> None:
        s = self.session
        if s is None:
            return
        js.performance.mark("render-start")
        view = self.view()
        over = game_over_screen(s, view) if s.is_over() else None
        mount(by_id("screen"), table_screen(s, view, over, self.speed))
        js.performance.measure("render", "render-start")  # read by the bot benchmark
        self.announce()
        hint = self.local.get("hint")
        if hint is not None:
            self.show_hint(hint, self.local.get("hint_reason", ""))
        if over is not None:
            node = js.document.querySelector("[data-testid=game-over] h2")
            if node:
                node.focus()

    def announce(self) -> None:
        """Tell a screen reader what is new: the log's new lines, then the prompt if it
        changed. The table is rebuilt on every render, so its own nodes cannot be live
        regions (a region inserted with its text is not read); #announcer persists."""
        lines = self.session.log[self.lines_told :]
        self.lines_told = len(self.session.log)
        prompt = js.document.querySelector("#screen .prompt strong")
        text = str(prompt.textContent) if prompt else ""
        if text != self.prompt_told:
            self.prompt_told = text
            lines = [*lines, text] if text else lines
        if lines:
            set_text("announcer", " ".join(lines))

    async def give_hint(self, turn: BotTurn, generation: int, moves: int) -> None:
        """Think as a Normal bot in the human's seat, then mark that move (if still current)."""
        try:
            if not await self.think(turn, generation) or len(self.session.history) != moves:
                return
            # e.g. arrange a split so its button appears
            table_for(self.session.game_id).on_hint(turn.action, self.view())
            self.local["hint"] = turn.action
            self.local["hint_reason"] = self.session.hint_reason(turn)
            self.render()
        except Exception as exc:
            self.fail(exc)

    def show_hint(self, hint: dict[str, Any], reason: str) -> None:
        """Mark the control of the hinted move and say so, with the reason."""
        wanted = action_json(hint)
        because = f" Why: {reason}." if reason else ""
        for node in js.document.querySelectorAll("#screen [data-action]"):
            if node.getAttribute("data-action") == wanted:
                node.classList.add("hinted")
                self.say_hint(f"Hint: a Normal bot would play the highlighted move.{because}")
                node.focus()
                return
        self.say_hint(f"Hint: a Normal bot would choose {describe_action(hint)}.{because}")

    def say_hint(self, text: str) -> None:
        """Put the hint under the human's prompt, beside the controls (at the page's top, the
        notice was out of sight on a phone once the hinted card was scrolled to)."""
        prompt = js.document.querySelector("#screen .prompt")
        if prompt is None:
            self.notice(text)
            return
        note = js.document.createElement("p")
        note.className = "hint-note"
        note.textContent = text
        prompt.appendChild(note)
        by_id("notice").hidden = True  # "Thinking about your move…" is answered

    # -- input --------------------------------------------------------------------
    def on_rules_closed(self, _event: Any) -> None:
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

    def on_storage(self, event: Any) -> None:
        """Another tab changed the saved game (`key` None: it cleared storage). A game in
        progress here is then out of date: leave it before its next move overwrites the
        other tab's; a finished one stays. The offer to resume is redrawn."""
        key, value = event.key, event.newValue  # JS null arrives as JsNull, not None
        if isinstance(key, str) and key != self.save_key:
            return
        if self.session is None or self.session.is_over():
            self._show_resume()
            return
        self.show_lobby()
        if not isinstance(value, str):
            self.notice("This game was finished or discarded in another tab or window.")
        else:
            self.notice(
                "This game went on in another tab or window: resume it here to carry on "
                "from where it is now."
            )
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
                self.human_action(json.loads(action_text))
            else:
                name = node.getAttribute("data-ui")
                value = node.getAttribute("data-value") or ""
                if self.ui_step(name, value):
                    event.preventDefault()
        except Exception as exc:
            self.fail(exc)

    def on_change(self, event: Any) -> None:
        target = event.target
        if getattr(target, "id", "") == "stats-import" and target.files.length:
            self.spawn(self.import_stats(target.files.item(0)))
            return
        if getattr(target, "id", "") == "speed" and target.value in SPEEDS:
            self.speed = target.value
            storage.write_json(storage.SETTINGS_KEY, {"speed": self.speed})

    def ui_step(self, name: str, value: str) -> bool:
        """Handle a UI-only control; True when handled."""
        if name == "play":
            if value in {g.id for g in playable_games()}:
                self.show_setup(value)
            else:
                self.notice("That game is coming soon.")
        elif name == "rules":
            self.open_rules(value)
        elif name == "close-rules":
            by_id("rules-dialog").close()
        elif name == "start":
            self.start_from_form()
        elif name == "lobby":
            self.show_lobby()
            if not self.embed_game:
                js.history.replaceState(None, "", "./")
        elif name == "again":
            s = self.session
            self.start_game(s.game_id, s.players, new_seed(), s.level, s.options)
        elif name == "hint" and self.session is not None:
            turn = self.session.start_hint()
            if turn is not None:
                self.notice("Thinking about your move…")
                self.spawn(self.give_hint(turn, self.generation, len(self.session.history)))
        elif name == "export-stats":
            download("trick-table-stats.json", json.dumps(self.read_stats(), indent=1))
        elif name == "copy-embed":
            self.spawn(self.copy_embed_code())
        elif name == "resume":
            by_id("notice").hidden = True  # whatever it said was about before
            if self.resume() and self.link is not None and not self.embed_game:
                # Came by a link to another deal: the address becomes this one's, so a
                # reload resumes it instead of asking again.
                js.history.replaceState(None, "", deal_link(self.session))
        elif name == "start-link" and self.link is not None:
            self.start_link()
        elif name == "discard-save":
            storage.write_raw(self.save_key, None)
            self._show_resume()
        elif name == "export-save":
            download("trick-table-save.json", storage.read_raw(self.save_key) or "")
        elif name == "share":
            js.history.replaceState(None, "", deal_link(self.session))
            self.notice("The address bar now holds a link to this deal.")
        elif self.session is not None:
            if not table_for(self.session.game_id).on_ui(name, value, self.view()):
                return False
            self.render()
        else:
            return False
        return True

    def start_from_form(self) -> None:
        game = pygame_rules.get_game(self.setup_game)
        form = by_id("setup-form")
        players = int(form.querySelector("[name=players]:checked").value)
        level = str(form.querySelector("[name=level]:checked").value)
        if level not in LEVELS:
            level = "normal"
        options = {
            o.name: bool(form.querySelector(f"[name=opt-{o.name}]").checked) for o in game.options
        }
        seed_text = str(form.querySelector("[name=seed]").value)
        seed = whole_number(seed_text, MAX_SEED) if seed_text.strip() else new_seed()
        if seed is None:
            self.notice(f"A deal number is a whole number up to {MAX_SEED}.")
            return
        self.start_game(game.id, players, seed, level, options)

    def human_action(self, action: dict[str, Any]) -> None:
        s = self.session
        if s is None or s.is_over():
            return
        try:
            s.act(s.human, action)
        except pygame_rules.IllegalAction as exc:
            self.notice(f"Not allowed: {exc}")
            return
        self.local = {}
        by_id("notice").hidden = True
        self.after_move()

    def after_move(self) -> None:
        self.save()
        self.render()
        self.schedule_bots()

    # -- bots ---------------------------------------------------------------------
    def schedule_bots(self) -> None:
        s = self.session
        if s is None or self.bots_running or s.is_over() or s.next_bot() is None:
            return
        self.bots_running = True
        self.spawn(self.run_bots(self.generation))

    async def run_bots(self, generation: int) -> None:
        try:
            while generation == self.generation:
                s = self.session
                seat = s.next_bot() if s is not None and not s.is_over() else None
                if seat is None:
                    break
                self.thinking = seat
                self.render()
                await asyncio.sleep(0)  # the redraw and the first slice: two tasks, not one
                if generation != self.generation:
                    return
                began = time.perf_counter()
                js.performance.mark("bot-think-start")
                turn = s.start_bot(seat)
                if not await self.think(turn, generation):
                    return
                # A bot's whole decision, for tests/benchmarks/bench_bots_browser.py.
                js.performance.measure("bot-think", "bot-think-start")
                pause = SPEEDS[self.speed] - (time.perf_counter() - began)
                if pause > 0:
                    await asyncio.sleep(pause)
                if generation != self.generation:
                    return
                if seat in s.state.acting() and turn.action in s.state.legal_actions(seat):
                    s.act(seat, turn.action)
                self.thinking = None
                self.save()
                self.render()
                await asyncio.sleep(0)
        except Exception as exc:
            self.fail(exc)
        finally:
            if generation == self.generation:
                self.bots_running = False
                self.thinking = None

    async def think(self, turn: BotTurn, generation: int) -> bool:
        """Let a bot think in short slices, yielding to the page between them.

        False if the game was left meanwhile. A slow device stops the search at
        `think_limit()` seconds and takes the best move found so far.
        """
        limit = think_limit()
        while not turn.step(THINK_SLICE, limit):
            await asyncio.sleep(0)
            if generation != self.generation:
                return False
        if turn.capped:
            js.performance.mark("bot-think-capped")  # counted by the browser benchmark
        return generation == self.generation

    # -- saving -------------------------------------------------------------------
    def save(self) -> None:
        s = self.session
        if s is None:
            return
        if s.is_over():
            storage.write_raw(self.save_key, None)
            if not self.local.get("recorded"):
                self.local["recorded"] = True
                self.record_stats()
        else:
            storage.write_json(self.save_key, s.to_save())

    def record_stats(self) -> None:
        s = self.session
        stats = storage.record_result(
            self.read_stats(), s.game_id, s.human in s.state.winners(), s.state.scores()[s.human]
        )
        storage.write_json(storage.STATS_KEY, stats)

    async def import_stats(self, file: Any) -> None:
        try:
            stats = storage.valid_stats(storage.parse_json(str(await file.text())))
        except ValueError as exc:
            self.notice(f"Those statistics could not be imported: {exc}.")
            return
        storage.write_json(storage.STATS_KEY, stats)
        self.notice("Statistics imported.")
        self._show_stats()

    # -- messages and rules -------------------------------------------------------
    async def copy_embed_code(self) -> None:
        """Copy the embed code; where the clipboard is refused, leave it selected."""
        code = by_id("embed-code")
        code.select()
        try:
            await js.navigator.clipboard.writeText(code.value)
        except Exception:  # no clipboard (plain http) or permission refused
            self.notice("Copy the selected code (Ctrl+C, or press and hold on a phone).")
            return
        self.notice("Embed code copied.")

    def notice(self, text: str) -> None:
        node = by_id("notice")
        node.textContent = text
        node.hidden = False

    def open_rules(self, game_id: str) -> None:
        self.spawn(self._open_rules(game_id))

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _open_rules(self, game_id: str) -> None:
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

    def fail(self, exc: BaseException) -> None:
        js.console.warn(f"app error: {exc!r}")
        js.document.body.setAttribute("data-app-state", "error")
        self.notice(f"Something went wrong: {exc}. Your game is saved; reload to resume.")


def deal_link(s: Session) -> str:
    """The query string that deals `s`'s game again (and resumes it when it is saved)."""
    return link_for(s.game_id, s.players, s.seed, s.level, s.options)


def describe_action(action: dict[str, Any]) -> str:
    """Plain words for an action that has no control on screen (rare)."""
    parts = [str(action.get("type", "move"))]
    parts += [f"{k} {v}" for k, v in action.items() if k != "type"]
    return ", ".join(parts)


def new_seed() -> int:
    return int(js.Math.floor(js.Math.random() * 1_000_000_000))


def reduced_motion() -> bool:
    return bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)


def download(filename: str, text: str) -> None:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

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
        APP.fail(exc)
        raise
