"""The games in progress this device keeps: resume one, export it, discard it (after a
question), and the question before a new game would replace one."""

from __future__ import annotations

import pygame_rules
from ui import saves
from ui.play.session import SaveError
from ui.runtime import page

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ui.app import App
    from ui.play.session import Deal


class SavedGames:
    """The offers to resume (the lobby's list; an embedded frame's one game, on its setup
    screen), the discard being asked about, and a new game waiting for an answer."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.confirming: str | None = None  # the saved game whose discard is being asked
        self.pending: Deal | None = None  # a new game waiting for the answer

    def offer(self) -> Any:
        """The lobby's list of saved games; an embedded frame's one saved game."""
        from ui.screens import lobby  # the rest of the app's, as every screen here

        app = self.app
        if app.embed_game:
            slot = app.embed_game
            return lobby.resume_box(app.saves.read(slot), slot, self.confirming == slot)
        return lobby.saved_games(app.saves.entries(), self.confirming)

    def redraw(self) -> None:
        """Draw the offers to resume again, and the statistics."""
        # The statistics name every game: only the lobby has them (an embedded frame's
        # setup offers its own game's save, and has only that game's modules).
        from ui.screens import lobby

        if page.draw_into("resume", self.offer()) and page.exists("#stats-box"):
            today = self.app.today()
            page.draw_into("stats-box", lobby.stats_box(saves.read_stats(), today))

    def start_or_ask(self, deal: Deal) -> None:
        """Start `deal`, unless it would replace an unfinished saved game of the same game:
        then ask first (others are not at stake)."""
        save = self.app.saves.read(deal.game_id)
        if save is None:
            self.app.start_game(deal)
        else:
            self.pending = deal
            self.ask(deal.game_id, save, linked=False)

    def ask(self, game_id: str, save: Any, linked: bool, booting: bool = False) -> bool:
        """A link (`linked`) or the setup form would deal over the unfinished saved game of
        the same game: resume it, or start the new one (which replaces it). The question is
        the rest of the app's (`App.with_whole_app`): True when it is drawn in a later task
        (`booting`: the page's first screen, marked ready then)."""
        return self.app.with_whole_app(lambda: self.question(game_id, save, linked), booting)

    def question(self, game_id: str, save: Any, linked: bool) -> None:
        """Draw `ask`'s question."""
        from ui.screens import setup

        app = self.app
        game = pygame_rules.get_game(game_id)
        back = None if linked else "Back" if app.embed_game else "Back to games"
        restorable = saves.restorable(save, game_id)
        screen = setup.conflict_screen(save, game, restorable, linked, back)
        app.show_form(screen, "A game is in progress — Trick Table")

    def resume(self, slot: str) -> bool:
        """Rebuild the saved game in `slot` (a game id) and sit down at it; False (and a
        notice) if it is damaged."""
        try:
            session = self.app.saves.load(slot)
        except SaveError as exc:
            page.notice(
                f"That saved game could not be restored: {exc}. It is kept so you can export it."
            )
            return False
        session.log.append("Game resumed.")
        self.app.sit_down(session)
        return True

    def _slot(self, value: str) -> str:
        return value or self.app.embed_game or ""

    def resume_control(self, value: str) -> None:
        page.hide_notice()  # whatever it said was about before
        self.resume(self._slot(value))

    def start_pending(self, _value: str = "") -> None:
        if self.pending is not None:
            self.app.start_game(self.pending)

    def ask_discard(self, value: str) -> None:
        self.confirming = self._slot(value)
        self.redraw()
        page.focus("#resume .discard-question")

    def discard(self, value: str) -> None:
        self.app.saves.discard(self._slot(value))
        self.confirming = None
        self.redraw()
        page.focus("#resume [data-ui=resume], #lobby [data-ui=play], #screen [data-ui=start]")

    def keep(self, value: str) -> None:
        self.confirming = None
        self.redraw()
        page.focus(f'#resume [data-ui=discard-save][data-value="{value}"]')

    def export(self, value: str) -> None:
        slot = self._slot(value)
        page.download(f"trick-table-save-{slot}.json", self.app.saves.raw(slot))

    CONTROLS = {
        "resume": resume_control,
        "start-new": start_pending,
        "discard-save": ask_discard,
        "confirm-discard": discard,
        "cancel-discard": keep,
        "export-save": export,
    }
