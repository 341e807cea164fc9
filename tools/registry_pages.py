"""What the pages say about each game, written by the build from the registry
(`pygame_rules.GAME_IDS` and each game's `Game`): nothing about a game is written by hand
outside its own files.

- index.html's lobby: one card per game (title, designer, players, pitch, Play / Rules /
  Learn by playing), static HTML, there before Python boots;
- embed.html: each game's title and pitch as JSON, for static/js/embed.js (the frame shows
  them before anything heavy loads);
- the stylesheets: which games have one of their own (`static/css/<id>.css`, listed with
  each game's bytecode archive by `tasks.game_files_json`, applied by static/js/host.js
  after the app's where the game is shown).

Each page marks its place with a `<!-- games: ... -->` comment line, which the build
replaces. Stdlib only: tasks.py runs before anything is installed.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path

import pygame_rules

LOBBY_MARKER = "<!-- games: the lobby's cards -->"
EMBED_MARKER = "<!-- games: the embed's titles and pitches -->"
STYLES_MARKER = "<!-- games: their stylesheets -->"


def players(game: pygame_rules.Game) -> str:
    """'4 players', '3–5 players'."""
    low, high = game.min_players, game.max_players
    count = str(low) if low == high else f"{low}–{high}"
    return f"{count} player" + ("" if count == "1" else "s")


def spoken_name(game: pygame_rules.Game, games: list[pygame_rules.Game]) -> str:
    """The game's name for a screen reader: its title, and its designer when another game
    has the same title (two games are called Magic Trick)."""
    shared = any(g.title == game.title for g in games if g is not game)
    return f"{game.title} by {game.designer}" if shared else game.title


def lobby_card(game: pygame_rules.Game, games: list[pygame_rules.Game], indent: str) -> str:
    """One game's card in the lobby (`li.game-card`), its lines indented by `indent`."""
    e = html.escape
    gid, name = e(game.id), e(spoken_name(game, games))

    def link(label: str, href: str, ui: str, cls: str, hidden: str) -> str:
        return (
            f'<a class="{cls}" href="{href}" data-ui="{ui}" data-value="{gid}">{label}'
            f'<span class="visually-hidden"> {hidden}</span></a>'
        )

    lines = [
        f'<li class="game-card" data-game="{gid}">',
        f"  <h3>{e(game.title)}</h3>",
        f'  <p class="designer">by {e(game.designer)} · {players(game)}</p>',
        f'  <p class="pitch">{e(game.pitch)}</p>',
        '  <p class="game-buttons">',
        "    " + link("Play", f"?game={gid}", "play", "btn primary", name),
        "    " + link("Rules", f"?rules={gid}", "rules", "btn", f"of {name}"),
        "    " + link("Learn by playing", f"?game={gid}", "learn", "btn", name),
        "    " + link("Deal of the day", f"?game={gid}&amp;daily=1", "daily", "btn", name),
        "  </p>",
        "</li>",
    ]
    return "\n".join(indent + line for line in lines)


def embed_games(games: list[pygame_rules.Game], indent: str) -> str:
    """A JSON data block (not a script: nothing runs) of id -> [title (designer), pitch]."""
    data = {g.id: [f"{g.title} ({g.designer})", g.pitch] for g in games}
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return f'{indent}<script type="application/json" id="embed-games">{text}</script>'


def fill(page: str, marker: str, render: Callable[[str], str]) -> str:
    """`page` with its marker's line replaced by `render(indent)`'s lines (none for "";
    SystemExit if the page has no such line: a page that lost its marker would silently
    list no games)."""
    for line in page.splitlines(keepends=True):
        if line.strip() == marker:
            indent = line[: len(line) - len(line.lstrip())]
            text = render(indent)
            return page.replace(line, text + "\n" if text else "", 1)
    raise SystemExit(f"the page has no line {marker!r} to write the games at")


def write_pages(site: Path) -> None:
    """Write the games into the built pages of `site` (index.html, embed.html)."""
    games = pygame_rules.list_games()
    index = site / "index.html"
    cards = fill(
        index.read_text(),
        LOBBY_MARKER,
        lambda indent: "\n".join(lobby_card(g, games, indent) for g in games),
    )
    index.write_text(cards)
    embed = site / "embed.html"
    embed.write_text(
        fill(embed.read_text(), EMBED_MARKER, lambda indent: embed_games(games, indent))
    )


def game_stylesheets(css: Path) -> list[str]:
    """Each registered game's own stylesheet in `css` (`<id>.css`; a game may have none),
    in lobby order."""
    return [f"{g}.css" for g in pygame_rules.GAME_IDS if (css / f"{g}.css").is_file()]
