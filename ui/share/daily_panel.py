"""The end of a deal of the day: its spoiler-free result (the game, the date, the result in
points, the streak, and a link to the day's deal: no card, no move) to copy, or to send
through the system share sheet where there is one (the Link panel's page functions)."""

from __future__ import annotations

from ui import saves
from ui.play import daily
from ui.runtime import page
from ui.screens.lobby import game_name
from ui.share.links import daily_link
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.screens.play import PlayScreen


class DailyShare:
    """The game-over's "Deal of the day" box of one table, and its Copy and Share…."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.shown: tuple[str, str, str] | None = None  # the result's text, link, and note

    def box(self) -> El | None:
        """The box at a finished deal of the day (None for any other game). Worked out once,
        after the game was counted (`Saves.store` runs before the drawing)."""
        s = self.play.session
        if not s.daily or not s.is_over():
            return None
        if self.shown is None:
            today = daily.valid_date(page.today()) or s.daily
            days = daily.streak(saves.daily_runs(saves.read_stats(), s.game_id), today)
            result = daily.result_words(s.scores(), s.winners(), s.human)
            text = daily.share_text(game_name(s.game_id), s.daily, result, days, s.practice)
            if s.practice:
                note = "A practice game: not counted, so it does not add to your streak."
            elif not daily.countable(s.daily, today):
                note = "An earlier day's deal, played for fun: it is not counted."
            else:
                note = "Counted once in your statistics: playing it again does not count."
            self.shown = (text, page.app_url(daily_link(s.game_id, s.daily)), note)
        text, url, note = self.shown
        return daily_box(s.daily, text, url, note, page.can_share())

    def copy(self, _value: str = "") -> None:
        self.play.spawn(self._copy())

    def send(self, _value: str = "") -> None:
        self.play.spawn(self._send())

    async def _copy(self) -> None:
        """Copy the result and its link; where the clipboard is refused, leave it selected."""
        if await page.copy_field("daily-text"):
            page.set_text_of("#daily-status", "Result copied.")
        else:
            page.set_text_of(
                "#daily-status", "Copy the selected text (Ctrl+C, or press and hold on a phone)."
            )

    async def _send(self) -> None:
        """Hand the result, with the day's link, to the system share sheet."""
        if self.shown is None:
            return
        said = await page.share_sheet("Deal of the day — Trick Table", self.shown[0], "daily-link")
        if said == "shared":
            page.set_text_of("#daily-status", "Result shared.")
        elif said == "refused":
            page.set_text_of("#daily-status", "This page may not share: copy the result instead.")

    CONTROLS = {"daily-copy": copy, "daily-send": send}


def daily_box(date: str, text: str, url: str, note: str, can_share: bool) -> El:
    """The result to share (its text and link in a read-only field, to select by hand where
    the clipboard is refused), Copy result, and Share… where the system has a share sheet."""
    return h(
        "section",
        {"class": "daily-result", "aria-labelledby": "daily-title"},
        h("h3", {"id": "daily-title"}, f"Deal of the day, {date}"),
        h("p", {}, note),
        h(
            "textarea",
            {"id": "daily-text", "readonly": True, "rows": 3, "aria-label": "Your result"},
            f"{text}\n{url}",
        ),
        h("input", {"type": "hidden", "id": "daily-link", "value": url}),
        h(
            "div",
            {"class": "share-buttons"},
            ui_button("daily-copy", "Copy result", cls="btn small primary"),
            ui_button("daily-send", "Share…", cls="btn small") if can_share else None,
        ),
        h("p", {"id": "daily-status", "class": "share-status", "role": "status"}),
    )
