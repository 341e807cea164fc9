"""Sharing a game: the share panel's contents, a position link's question (watch the moves
from the start, or continue from there), and the replay of a shared game's moves.

Pure Python (no browser): the page's side, the panel in the DOM, the clipboard and the
system share sheet, is `ui/share/page_panel.py`.
"""

from __future__ import annotations

import pygame_rules
from pygame_rules.words import plural
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from ui.share.links import LinkRequest


def link_row(which: str, label: str, url: str, can_share: bool) -> El:
    """One link of the share panel: what it opens, the link itself (read-only, to select
    by hand where the clipboard is refused), Copy, and Share where the system has a share
    sheet. `which`: "deal" or "position"."""
    field_id = f"share-{which}"
    return h(
        "div",
        {"class": "share-link"},
        h("label", {"for": field_id}, label),
        h(
            "input",
            {
                "id": field_id,
                "class": "share-url",
                "type": "text",
                "readonly": True,
                "value": url,
                "spellcheck": "false",
            },
        ),
        h(
            "div",
            {"class": "share-buttons"},
            ui_button("share-copy", "Copy link", value=which, cls="btn small primary"),
            ui_button("share-send", "Share…", value=which, cls="btn small") if can_share else None,
        ),
    )


def position_label(moves: int) -> str:
    return f"This game as it is now (after {plural(moves, 'move')})"


def share_panel(deal_url: str, position_url: str | None, moves: int, can_share: bool) -> El:
    """The share panel: the deal's link, and the position's (None before the first move)."""
    return h(
        "div",
        {"class": "share-inner"},
        h(
            "div",
            {"class": "share-head"},
            h("h2", {"id": "share-title", "tabindex": "-1"}, "Share this game"),
            ui_button("share-close", "Close", cls="btn small"),
        ),
        link_row("deal", "This deal, from the start", deal_url, can_share),
        link_row("position", position_label(moves), position_url, can_share)
        if position_url is not None
        else None,
        h("p", {"id": "share-status", "class": "share-status", "role": "status"}),
    )


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


class Replay:
    """A shared game's moves being replayed on the table; `skip`: the player asked to go
    straight to the shared position."""

    def __init__(self, moves: list[list[Any]]) -> None:
        self.moves = moves
        self.done = 0
        self.skip = False


SKIP_CHUNK = 40  # moves played in one go when skipping, between two turns of the page


def replay_text(replay: Replay) -> str:
    return f"Replaying the shared game: {replay.done} of {plural(len(replay.moves), 'move')}."


def replay_bar(replay: Replay) -> El:
    """The bar above the table while a shared game is replayed: how far, and a way to skip
    to the end (drawn outside the table, so a replay's redraws leave the button alone)."""
    return h(
        "div",
        {"class": "continue-bar replay-bar"},
        h("p", {"id": "replay-status"}, replay_text(replay)),
        ui_button("replay-skip", "Skip to the end", cls="btn primary"),
    )


def mark_replay(tree: El, replay: Replay) -> None:
    """Show a table screen's `tree` as a replay: the table bar's status says so, and the
    screen reads `data-waiting="replay"` (no move is the human's until it ends)."""
    tree.attrs["data-waiting"] = "replay"
    for el in tree.walk():
        if "turn-status" in el.attrs.get("class", "").split():
            el.children = [f"Replaying {replay.done} of {len(replay.moves)}"]


async def watch(
    table: Any, sleep: Callable[[float], Awaitable[Any]], pause: Callable[[], float]
) -> None:
    """Play `table.replay`'s moves on `table`, one each `pause()` seconds (the bot speed),
    each drawn and saved; then the replay ends and the game goes on (the bots, if theirs is
    the next move). Stops when the game is left (the bots' generation changes)."""
    replay = table.replay
    generation = table.bots.generation
    session = table.session
    while replay.done < len(replay.moves):
        if not replay.skip:
            await sleep(pause())
        elif replay.done % SKIP_CHUNK == 0:
            await sleep(0)  # a long game's rest in a few short tasks, not one long one
        if generation != table.bots.generation:
            return  # the game was left
        seat, action = replay.moves[replay.done]
        session.act(seat, action)
        replay.done += 1
        if not replay.skip or replay.done == len(replay.moves):
            table.saves.store(session)
            table.render()
    session.ended = None  # no pause for the last replayed trick: the game goes on at once
    table.replay = None
    table.after_move()
