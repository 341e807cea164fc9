"""The lobby's own pieces: the saved games to resume (and an embedded frame's one), and the
statistics on this device."""

from __future__ import annotations

import pygame_rules
from pygame_rules.words import plural
from ui.play import daily
from ui.play.session import LEVEL_NAMES, PLAYER_LEVELS, SaveError, check_save
from ui.saves import EARLIER, daily_runs
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def progress(save: Any) -> str:
    """How far a saved game (of a checked shape) is: "3 players, 12 moves"."""
    return f"{plural(save['players'], 'player')}, {plural(len(save['history']), 'move')}"


def resume_box(save: Any, slot: str, confirming: bool = False, listed: bool = False) -> El:
    """The offer to resume the saved game in `slot` (a game id, or saves.EARLIER), with
    export and discard; or, `confirming`, the question before it is discarded. `listed`:
    one of the lobby's list (shorter words, smaller buttons). Nothing read from the save
    is shown but its game's name and numbers of a checked shape."""
    if save is None:
        return h("div", {})
    game_id = None if slot == EARLIER else slot
    game = pygame_rules.get_game(game_id) if game_id in pygame_rules.GAME_IDS else None
    try:
        check_save(save, game_id)
    except SaveError:
        shape_ok = False
    else:
        shape_ok = True
        game = pygame_rules.get_game(save["game"])
    # Two games share the title Magic Trick: the designer tells them apart.
    name = f"{game.title} ({game.designer})" if game is not None else ""
    value = slot if game_id is None else game_id
    btn = "btn small" if listed else "btn"
    if confirming:
        what = f"your game of {name}" if shape_ok else "this saved game"
        return h(
            "div",
            {"class": "resume confirming", "data-slot": slot},
            h(
                "p",
                {"class": "discard-question", "tabindex": "-1"},
                f"Discard {what}? It cannot be brought back.",
            ),
            ui_button("confirm-discard", "Discard it", value=value, cls=f"{btn} danger"),
            ui_button("cancel-discard", "Keep it", value=value, cls=f"{btn} primary"),
        )
    export = ui_button(
        "export-save",
        "Export save",
        value=value,
        cls=btn,
        aria_label=f"Export save of {name}" if name else None,
    )
    discard = ui_button(
        "discard-save",
        "Discard…",
        value=value,
        cls=btn,
        aria_label=f"Discard {name}" if name else None,
    )
    if not shape_ok or game_id is None:
        if shape_ok:  # an earlier version's save, left because its game has a newer one
            words = (
                f"an older game ({progress(save)}), saved by an earlier version of this app "
                "and kept apart from your game in progress. Export it to keep it."
            )
        else:
            words = (
                "could not be read (it is damaged or from another version). It is kept so "
                "you can export it."
            )
        if listed or shape_ok:
            text = [h("strong", {}, name or "A saved game"), ": ", words]
        else:
            text = ["A saved game", f" of {name} " if name else " ", words]
        return h(
            "div",
            {"class": "resume broken", "role": "alert", "data-slot": slot},
            h("p", {}, text),
            export,
            discard,
        )
    if listed:
        text = [h("strong", {}, name), f": {progress(save)} so far"]
    else:
        text = [f"You have a game of {name} in progress ({progress(save)})."]
    return h(
        "div",
        {"class": "resume", "data-slot": slot},
        h("p", {}, text),
        ui_button(
            "resume", "Resume", value=value, cls=f"{btn} primary", aria_label=f"Resume {name}"
        ),
        export,
        discard,
    )


def saved_games(entries: list[tuple[str, Any]], confirming: str | None = None) -> El:
    """The lobby's list of saved games, one per game: (slot, save) as `Saves.entries`
    gives them; `confirming` is the slot whose discard is being asked about."""
    if not entries:
        return h("div", {})
    title = "Your game in progress" if len(entries) == 1 else "Your games in progress"
    return h(
        "section",
        {"class": "saved-games", "aria-labelledby": "saved-title"},
        h("h3", {"id": "saved-title"}, title),
        [resume_box(save, slot, slot == confirming, listed=True) for slot, save in entries],
    )


def game_name(game_id: str) -> str:
    """ "Magic Trick (Chris Wray)": two games share a title."""
    if game_id not in pygame_rules.GAME_IDS:
        return game_id
    game = pygame_rules.get_game(game_id)
    return f"{game.title} ({game.designer})"


def results_charts(stats: dict[str, Any]) -> list[El]:
    """A chart of the recent results of each game at each bot level played (the chart
    module is loaded only when there is one to draw)."""
    found: list[tuple[Any, str, list[Any]]] = []
    for g in pygame_rules.list_games():
        recent = stats.get(g.id, {}).get("recent") or {}
        found += [(g, level, recent[level]) for level in PLAYER_LEVELS if recent.get(level)]
    if not found:
        return []
    from ui.screens.charts import results_chart

    return [
        results_chart(f"{g.title} ({g.designer})", LEVEL_NAMES[level], recent)
        for g, level, recent in found
    ]


def stats_box(stats: dict[str, Any], today: str = "") -> El:
    """Per-game statistics on this device (with each game's deal-of-the-day streak up to
    `today`), with export and import as a JSON file."""
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, f"{g.title} ({g.designer})"),
            h("td", {}, str(stats.get(g.id, {}).get("played", 0))),
            h("td", {}, str(stats.get(g.id, {}).get("won", 0))),
            h(
                "td",
                {},
                "–" if stats.get(g.id, {}).get("best") is None else str(stats[g.id]["best"]),
            ),
            h("td", {}, str(daily.streak(daily_runs(stats, g.id), today))),
        )
        for g in pygame_rules.list_games()
    ]
    charts = results_charts(stats)
    people = stats.get("people") or {}
    by_name = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, name),
            h(
                "td",
                {},
                pygame_rules.get_game(game_id).title
                if game_id in pygame_rules.GAME_IDS
                else game_id,
            ),
            h("td", {}, str(counts["played"])),
            h("td", {}, str(counts["won"])),
            h("td", {}, "–" if counts["best"] is None else str(counts["best"])),
        )
        for name in sorted(people)
        for game_id, counts in sorted(people[name].items())
    ]
    return h(
        "details",
        {"class": "stats"},
        h("summary", {}, "Your statistics on this device"),
        h("p", {}, "Streak: days in a row with the game's deal of the day finished."),
        h(
            "div",
            {"class": "table-scroll"},
            h(
                "table",
                {"class": "score-table game-stats"},
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        [
                            h("th", {"scope": "col"}, x)
                            for x in ("Game", "Played", "Won", "Best score", "Streak")
                        ],
                    ),
                ),
                h("tbody", {}, rows),
            ),
        ),
        h(
            "div",
            {"class": "table-scroll"},
            h(
                "table",
                {"class": "score-table people-stats"},
                h("caption", {}, "Pass and play, by name"),
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        [
                            h("th", {"scope": "col"}, x)
                            for x in ("Name", "Game", "Played", "Won", "Best score")
                        ],
                    ),
                ),
                h("tbody", {}, by_name),
            ),
        )
        if by_name
        else None,
        h("section", {"class": "stats-charts"}, h("h4", {}, "Results over time"), charts)
        if charts
        else None,
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("export-stats", "Export statistics", cls="btn small"),
            h(
                "label",
                {"class": "btn small file-button"},
                "Import statistics",
                h(
                    "input",
                    {
                        "type": "file",
                        "id": "stats-import",
                        "accept": "application/json",
                        "class": "visually-hidden",
                    },
                ),
            ),
        ),
    )
