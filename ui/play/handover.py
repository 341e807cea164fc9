"""Pass-and-play's hand-over: when the next person to act is not the one whose view is on
screen, the table is hidden behind "Pass to <name>" until that person taps.

The cover holds nothing private: the game's title, whose turn, and the log's public lines
since that person last looked (a trick taken, a die rolled: `Session.act` logs only what
every person may see). A finished hand can be reviewed from it, face up, as from the
table. Each person's view then comes from the engine's observation of their seat alone.
"""

from __future__ import annotations

from ui.runtime import page
from ui.tables.widgets import log_panel, ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.play.session import Session
    from ui.screens.play import PlayScreen

NEWS_LINES = 12  # the log's lines a cover shows at most (the log below has them all)


def cover(session: Session, seat: int, news: list[str], first: bool, hand_ended: bool) -> El:
    """The screen that asks for the device to be passed to `seat`'s person: whose turn,
    `news` (public log lines since they last looked; `first`: they have not yet), a
    finished hand's review when one ended since (`hand_ended`)."""
    name = session.names[seat]
    game = session.game
    return h(
        "div",
        {"class": f"table-screen hand-over-screen game-{game.id}", "data-game": game.id},
        h(
            "header",
            {"class": "table-bar"},
            h("h2", {"class": "table-title"}, game.title),
            h("span", {"class": "turn-status"}, f"Pass to {name}"),
        ),
        h(
            "section",
            {
                "class": "hand-over",
                "data-testid": "hand-over",
                "data-to": seat,
                "aria-labelledby": "hand-over-title",
            },
            h("h2", {"id": "hand-over-title", "tabindex": "-1"}, f"Pass to {name}"),
            h("p", {}, f"It is {name}'s turn. Every hand stays hidden until {name} taps."),
            ui_button("take-turn", f"I'm {name}: show my cards", value=seat, cls="btn primary"),
            h(
                "div",
                {"class": "hand-over-news"},
                h("h3", {}, "So far" if first else f"Since {name} last looked"),
                h("ul", {}, [h("li", {}, line) for line in news]),
            )
            if news
            else None,
            h(
                "div",
                {"class": "setup-buttons"},
                ui_button("review", f"Review the last {game.hand_name}", value="hand")
                if hand_ended
                else None,
                ui_button("rules", "Rules", value=game.id),
                ui_button("lobby", "Leave"),
            ),
        ),
        log_panel(session.log),
    )


class HandOver:
    """The cover between two people's turns, and the tap that hands the table over."""

    PLAY_STEPS = True  # a step of play: the game goes on behind it

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        # Seat to (the log's length, the history's) when that person last saw the table.
        self.seen: dict[int, tuple[int, int]] = {}
        self.told: int | None = None  # the seat a screen reader was last told to pass to

    def due(self) -> int | None:
        """The seat to pass to now (the table must stay hidden), or None."""
        return self.play.session.hand_over_to()

    def looked(self) -> None:
        """The shown person has seen the table as it is now."""
        s = self.play.session
        self.seen[s.human] = (len(s.log), len(s.history))
        self.told = None

    def draw(self, seat: int) -> None:
        """Hide the table behind the cover for `seat`'s person."""
        s = self.play.session
        s.covered = True
        lines, moves = self.seen.get(seat, (0, 0))
        news = s.log[lines:][-NEWS_LINES:]
        tree = cover(s, seat, news, seat not in self.seen, "hand" in s.move_ends[moves:])
        page.draw_screen(tree)
        if self.told != seat:  # once per hand-over: the heading, and the news read out
            self.told = seat
            page.focus("#hand-over-title")
            page.scroll_into_view("#screen .hand-over", "start")  # its margin above the title
            page.announce(f"Pass to {s.names[seat]}. " + " ".join(news[-3:]))

    def take(self, value: str) -> None:
        """The person tapped: their view of the table, their turn."""
        seat = int(value) if value.isdigit() else -1
        if seat != self.due():  # a stale tap (the turn moved on): the cover as it is now
            self.play.render()
            return
        self.play.session.show_to(seat)
        self.play.forget_choices()
        self.play.after_move()
        page.scroll_into_view("#screen .table-bar", "start")  # their table from its top

    CONTROLS = {"take-turn": take}
