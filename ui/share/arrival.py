"""A link that asks for a game: its deal dealt at once (or its saved game resumed), and a
position link's question (watch the moves from the deal's start, or sit down at the
position)."""

from __future__ import annotations

import pygame_rules
from pygame_rules.words import plural
from ui.play.session import Deal, Session
from ui.runtime import page
from ui.share.links import link_continues
from ui.share.replay import Replay
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.app import App
    from ui.share.links import LinkRequest


class LinkArrival:
    """The game a starting link asked for (`link`), once the page has read the link."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.link: LinkRequest | None = None

    def arrive(self, req: LinkRequest) -> bool:
        """A link to a game: resume its saved game when the link is that game, else deal it
        (or ask first, when that would replace the game's unfinished save). True when its
        table is still being laid, or its question comes with the rest of the app (the page
        is marked ready once it is drawn)."""
        app = self.app
        self.link = req
        assert req.game_id is not None
        save = app.saves.read(req.game_id)  # only this game's: others' are not at stake
        if save is None:
            return self.deal(prepared=True)
        if link_continues(req, save) and app.saved.resume(req.game_id):
            return False
        return app.saved.ask(req.game_id, save, linked=True, booting=True)

    def play_here(self, req: LinkRequest) -> bool:
        """An embedded frame's Play: the reader's game in this frame goes on (what Play means
        to someone who was playing here), else a new deal with the game's usual settings (its
        standard player count, Normal bots, or what the embed's address sets). A saved game
        that cannot be restored is asked about first, as the setup's Start does. True when
        the new table is drawn in later tasks (the page is marked ready then)."""
        app = self.app
        self.link = req
        assert req.game_id is not None
        save = app.saves.read(req.game_id)
        if save is None:
            return self.deal(prepared=True)
        if not app.saved.resume(req.game_id):  # it says why
            players = req.players or pygame_rules.get_game(req.game_id).default_players
            level = req.level or "normal"
            deal = Deal(req.game_id, players, page.new_seed(), level, req.options, req.people)
            app.saved.pending = deal
            return app.saved.ask(req.game_id, save, linked=False, booting=True)
        return False

    def deal(self, prepared: bool = False) -> bool:
        """Deal the game the link asks for (a new random deal when it names no seed); True
        when its table is drawn in later tasks (`prepared`: the page's first table)."""
        req = self.link
        app = self.app
        assert req is not None and req.game_id is not None
        game = pygame_rules.get_game(req.game_id)
        if req.history:  # a position link: watch its moves, or continue from there
            app.show_form(position_screen(game, req), f"{game.title} — a shared game")
            return False
        players = req.players or game.default_players
        seed = req.seed if req.seed is not None else page.new_seed()
        level = req.level or "normal"
        deal = Deal(req.game_id, players, seed, level, req.options, req.people, req.daily)
        if prepared:
            app.spawn(app.sit_down_prepared(app.new_session(deal)))
            return True
        app.start_game(deal)
        return False

    def open_position(self, watch: bool) -> None:
        """Sit down at a position link's game: at its position, or at the deal's start with
        its moves replayed at the bots' speed (`watch`)."""
        req = self.link
        if req is None or not req.history:
            return
        assert req.game_id is not None and req.seed is not None
        players = req.players or pygame_rules.get_game(req.game_id).default_players
        level = req.level or "normal"
        session = Session(req.game_id, players, req.seed, level, req.options, req.people)
        moves = req.history
        session.log.append(f"A shared game of {session.game.title}, seed {req.seed}.")
        if not watch:
            for seat, action in moves:
                session.act(seat, action)
            session.ended = None
            session.log.append(f"Continued from move {len(moves)}.")
        self.app.sit_down(session, Replay(moves) if watch else None)

    def start(self, _value: str = "") -> None:
        if self.link is not None:
            self.deal()

    CONTROLS = {
        "start-link": start,
        "link-watch": lambda self, _value: self.open_position(True),
        "link-continue": lambda self, _value: self.open_position(False),
    }


def position_screen(game: pygame_rules.Game, req: LinkRequest) -> El:
    """A position link's question: watch its moves from the deal's start, or sit down at
    the position at once."""
    moves = len(req.history or [])
    players = req.players or game.default_players
    return h(
        "section",
        {"class": "setup link-position", "aria-labelledby": "position-title"},
        h("h2", {"id": "position-title", "tabindex": "-1"}, "A shared game"),
        h(
            "p",
            {},
            f"This link opens a game of {game.title} ({game.designer}) for {players} players, "
            f"deal {req.seed}, after {plural(moves, 'move')}. You play in the first seat.",
        ),
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("link-continue", "Continue from here", cls="btn primary"),
            ui_button("link-watch", "Watch from the start"),
        ),
    )
