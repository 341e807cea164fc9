"""The game-over screen: final scores, the winners, play again, review the game."""

from __future__ import annotations

import json

from ui import words
from ui.play.session import Session
from ui.tables import kit, table_for
from ui.tables.widgets import ui_button, winner_mark
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


def game_over_screen(session: Session, view: kit.PlayerView, daily: El | None = None) -> El:
    """Final scores (`data-score` on each total), the winners, play again; a chart of the
    scores over the hands; a deal of the day's result to share (`daily`,
    ui/share/daily_panel.py)."""
    from ui.screens.charts import score_chart  # drawn at a game's end only: loaded then

    scores = session.scores()
    game = session.game
    winners = session.winners()
    names = session.names
    if session.human in winners and not session.passed:
        headline = "You win!" if len(winners) == 1 else "You share the win!"
    else:
        headline = " and ".join(names[w] for w in winners) + (
            " wins" if len(winners) == 1 else " share the win"
        )
    game_table = table_for(session.game_id)
    reason = game_table.win_reason(view)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))  # mpy-total-key
    rows = [
        h(
            "tr",
            {"class": "winner" if s in winners else None},
            h("th", {"scope": "row"}, names[s], [" ", winner_mark()] if s in winners else None),
            h("td", {"data-score": scores[s], "data-seat": s}, words.number(scores[s])),
        )
        for s in order
    ]
    return h(
        "section",
        {
            "class": "game-over",
            "data-testid": "game-over",
            "aria-labelledby": "game-over-title",
            # test hook: the finished game's setup and moves, to replay in the engine
            "data-record": json.dumps(session.to_save(), separators=(",", ":")),
        },
        h("h2", {"id": "game-over-title", "tabindex": "-1"}, f"Game over — {headline}"),
        # A tie on the top score: how the engine settled it, in the game's terms.
        h("p", {"class": "win-reason"}, reason) if reason else None,
        h("p", {"class": "practice-note"}, "A practice game: it does not count in your statistics.")
        if session.practice
        else None,
        h(
            "table",
            {"class": "score-table"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "Player"),
                    h("th", {"scope": "col"}, game_table.score_heading),
                ),
            ),
            h("tbody", {}, rows),
        ),
        daily,
        # Before the game's own details (Wray's 16-row sheet pushed it off a desktop screen).
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("again", "Play again", cls="btn primary"),
            ui_button("review", "Review the game", value="game"),
            ui_button("coach-open", "How did I play?", value="game"),
            ui_button("lobby", "Back to games"),
            # Where the browser offers to install the app (static/js/boot.js keeps its
            # offer; app.css shows this only then): after a game, never mid-hand.
            ui_button("install", "Install Trick Table", cls="btn install-app"),
        ),
        score_chart(session, game_table.score_heading, game_table.chart_step or game.hand_name),
        game_table.final_details(view),
    )
