"""Watching a shared game: a position link's moves replayed on the table at the bots'
speed (or skipped to the end), with a bar above the table that says how far it is."""

from __future__ import annotations

from pygame_rules.words import plural
from ui.runtime import page
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

REPLAY_ID = "replay-bar"
SKIP_CHUNK = 40  # moves played in one go when skipping, between two turns of the page


class Replay:
    """A shared game's moves being replayed on the table; `skip`: the player asked to go
    straight to the shared position."""

    def __init__(self, moves: list[list[Any]]) -> None:
        self.moves = moves
        self.done = 0
        self.skip = False

    def skip_to_end(self, _value: str = "") -> None:
        self.skip = True

    CONTROLS = {"replay-skip": skip_to_end}


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


def show_replay(replay: Replay | None) -> None:
    """After a redraw of the table: the replay's bar above it (made on first use, then only
    its words change), hidden when no replay is running (the focus, if it was on the bar,
    goes to the player's own area)."""
    if replay is None:
        if page.is_shown(REPLAY_ID):
            had_focus = page.contains_focus(REPLAY_ID)
            page.show_region(REPLAY_ID, None)
            if had_focus:
                page.focus('#screen [data-focus="me"]')
        return
    if not page.is_shown(REPLAY_ID):
        page.show_region(REPLAY_ID, replay_bar(replay), tag="div", role="status")
    else:
        page.set_text_of("#replay-status", replay_text(replay))


async def watch(
    play: Any, sleep: Callable[[float], Awaitable[Any]], pause: Callable[[], float]
) -> None:
    """Play the replay's moves on the table being played (`play`), one each `pause()`
    seconds (the bot speed), each drawn and saved; then the replay ends and the game goes on
    (the bots, if theirs is the next move). Stops when the game is left (the bots'
    generation changes)."""
    replay = play.replay
    generation = play.bots.generation
    session = play.session
    while replay.done < len(replay.moves):
        if not replay.skip:
            await sleep(pause())
        elif replay.done % SKIP_CHUNK == 0:
            await sleep(0)  # a long game's rest in a few short tasks, not one long one
        if generation != play.bots.generation:
            return  # the game was left
        seat, action = replay.moves[replay.done]
        session.act(seat, action)
        replay.done += 1
        if not replay.skip or replay.done == len(replay.moves):
            play.saves.store(session)
            play.render()
    session.ended = None  # no pause for the last replayed trick: the game goes on at once
    play.replay = None
    play.after_move()
