"""The page's own pieces, which need no game: notices and errors, the setup form, the
lobby's cards, statistics, the rules dialog, the clipboard, downloads."""

from __future__ import annotations

import pygame_rules
from ui import saves
from ui.play.session import PLAYER_LEVELS
from ui.runtime.browser import document, to_js, window
from ui.runtime.dom import by_id, mount, set_text
from ui.screens import lobby
from ui.share.links import MAX_SEED, whole_number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


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
    document.title = title


def notice(text: str) -> None:
    node = by_id("notice")
    node.textContent = text
    node.hidden = False


def fail(exc: BaseException) -> None:
    window.console.warn(f"app error: {exc!r}")
    document.body.setAttribute("data-app-state", "error")
    notice(f"Something went wrong: {exc}. Your game is saved; reload to resume.")


def show_stats() -> None:
    box = by_id("stats-box")
    if box:
        mount(box, lobby.stats_box(saves.read_stats()))


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
    active = document.activeElement
    lost = active.tagName == "BODY" or not active.isConnected
    if not lost and not by_id("rules-dialog").contains(active):
        return  # focus went somewhere real
    button = document.querySelector("#screen:not([hidden]) [data-ui=rules]")
    if button:
        button.focus()


async def open_rules(game_id: str) -> None:
    game = pygame_rules.get_game(game_id)
    dialog = by_id("rules-dialog")
    set_text("rules-title", f"How to play {game.title} ({game.designer})")
    body = by_id("rules-body")
    response = await window.fetch(f"./static/rules/{game.id}.html")
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
        await window.navigator.clipboard.writeText(code.value)
    except Exception:  # no clipboard (plain http) or permission refused
        notice("Copy the selected code (Ctrl+C, or press and hold on a phone).")
        return
    notice("Embed code copied.")


def new_seed() -> int:
    return int(window.Math.floor(window.Math.random() * 1_000_000_000))


def download(filename: str, text: str) -> None:
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    window.URL.revokeObjectURL(url)
