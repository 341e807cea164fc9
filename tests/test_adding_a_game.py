"""Adding a game touches its own files plus one line of the registry (README, "Adding a
game"): nothing else lists the games, every page and the UI derive them from
`pygame_rules.GAME_IDS`, and a game registered by that one line is in the lobby and the
embed, plays, draws, logs and reviews. Also: each game's facts (`Game.trick_end`,
`hand_end`, `trick_moves`, `quiet_moves`) agree with what its engine does."""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import pygame_rules
import ui.tables
from pygame_rules.contract import visible_events
from tools import registry_pages
from ui.tables import table_for

ROOT = Path(__file__).resolve().parents[1]
TESTS = Path(__file__).resolve().parent

# What ships or builds the site. Only the registry may name more than one game; each game's
# own files name one (their ids in docs and examples are fine).
SCANNED = ("index.html", "embed.html", "tasks.py", "static", "pygame_rules", "ui", "tools")
REGISTRY = ROOT / "pygame_rules" / "__init__.py"


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        path = ROOT / name
        if path.is_file():
            files.append(path)
            continue
        for found in sorted(path.rglob("*")):
            generated = "vendor" in found.parts or "__pycache__" in found.parts
            if found.is_file() and not generated and found.suffix != ".pyc":
                files.append(found)
    return files


def games_named(text: str, game_ids: tuple[str, ...]) -> list[str]:
    """The games `text` names, by id or module name (whole words)."""
    named = []
    for game_id in game_ids:
        names = {game_id, pygame_rules.module_name(game_id)}
        if any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text) for n in names):
            named.append(game_id)
    return named


def test_only_the_registry_lists_the_games() -> None:
    """A list of the games written anywhere else (a page's cards, a script's table, a
    tool's tuple) is one more place to edit when a game is added: derive it instead."""
    listing = {}
    for path in scanned_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        named = games_named(text, pygame_rules.GAME_IDS)
        if len(named) > 1 and path != REGISTRY:
            listing[str(path.relative_to(ROOT))] = named
    assert not listing, f"these files list games themselves: {listing}"


def test_the_scan_would_see_a_list_of_games() -> None:
    ids = pygame_rules.GAME_IDS
    assert games_named(f"const GAMES = {{'{ids[0]}': 1, '{ids[1]}': 2}}", ids) == list(ids[:2])
    assert games_named(f"from .{pygame_rules.module_name(ids[2])} import X", ids) == [ids[2]]
    assert games_named("a trick-taking game", ids) == []


@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_each_game_has_its_own_files(game_id: str) -> None:
    """An id is lowercase words joined by "-"; its modules are named for it (module_name)."""
    assert re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", game_id)
    module = pygame_rules.module_name(game_id)
    for folder in ("pygame_rules", "pygame_rules/bots", "ui/tables", "ui/lessons"):
        assert (ROOT / folder / f"{module}.py").is_file(), (folder, module)
    assert (ROOT / "static" / "rules" / f"{game_id}.html").is_file()
    assert pygame_rules.get_game(game_id).id == game_id


class Cards(HTMLParser):
    """The lobby's cards: each li.game-card's id and its texts by element class or tag."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, Any]] = []
        self._open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "li" and found.get("class") == "game-card":
            self.cards.append({"id": found["data-game"], "links": []})
        if tag == "a" and self.cards:
            self.cards[-1]["links"].append((found["data-ui"], found["href"]))
        self._open.append(found.get("class") or tag)

    def handle_endtag(self, tag: str) -> None:
        self._open.pop()

    def handle_data(self, data: str) -> None:
        if self.cards and self._open and data.strip():
            where = self._open[-1]
            self.cards[-1][where] = self.cards[-1].get(where, "") + data


def lobby_cards(page: str) -> list[dict[str, Any]]:
    parser = Cards()
    parser.feed(page)
    return parser.cards


def embed_data(page: str) -> dict[str, list[str]]:
    found = re.search(r'<script type="application/json" id="embed-games">(.*?)</script>', page)
    assert found, "the embed page has no games"
    data: dict[str, list[str]] = json.loads(found.group(1))
    return data


def test_the_lobby_and_the_embed_say_what_each_game_declares() -> None:
    """The built pages (tasks.py build); the sources hold only the markers."""
    index = (ROOT / "_site" / "index.html").read_text(encoding="utf-8")
    cards = lobby_cards(index)
    games = pygame_rules.list_games()
    assert [c["id"] for c in cards] == list(pygame_rules.GAME_IDS)
    for card, game in zip(cards, games, strict=True):
        assert card["h3"] == game.title and card["pitch"] == game.pitch
        assert card["designer"].startswith(f"by {game.designer} · ")
        assert ("play", f"?game={game.id}") in card["links"]
        assert ("rules", f"?rules={game.id}") in card["links"]
    embed = embed_data((ROOT / "_site" / "embed.html").read_text(encoding="utf-8"))
    assert embed == {g.id: [f"{g.title} ({g.designer})", g.pitch] for g in games}
    for source in ("index.html", "embed.html", "static/js/embed.js"):
        text = (ROOT / source).read_text(encoding="utf-8")
        assert not any(g.pitch in text for g in games), f"{source} writes a pitch itself"


def test_the_lobby_names_a_game_by_its_designer_only_when_its_title_is_shared() -> None:
    page = registry_pages.fill(
        (ROOT / "index.html").read_text(encoding="utf-8"),
        registry_pages.LOBBY_MARKER,
        lambda indent: "\n".join(
            registry_pages.lobby_card(g, pygame_rules.list_games(), indent)
            for g in pygame_rules.list_games()
        ),
    )
    spoken = {c["id"]: c["visually-hidden"] for c in lobby_cards(page)}
    assert spoken["magic-trick-wray"].startswith(" Magic Trick by Chris Wray")
    assert spoken["trick-of-trip"].startswith(" Trick of Trip ")
    with pytest.raises(SystemExit, match="no line"):
        registry_pages.fill("<ul></ul>", registry_pages.LOBBY_MARKER, lambda _indent: "")


# -- a game added by one line --------------------------------------------------------------
TOY_TABLE = '''
"""The toy game's table: its trick, its last trick on the way out, the player's cards."""

from toy_game import TOY

from ui.tables.kit import GameTable
from ui.tables.widgets import action_button, collected_trick, seat_cards, trick_cards
from ui.vdom import h


def face(_seat, card):
    return h("span", {"class": "card"}, str(card))


def render(view):
    obs = view.obs
    trick = seat_cards(obs["trick"])
    moving = collected_trick(view, 1, lambda last: trick_cards(view, last["cards"], face))
    return h(
        "div",
        {"class": "board"},
        h("div", {"class": "centre"}, trick_cards(view, trick, face), moving),
        [action_button(a, str(a["card"])) for a in view.legal],
    )


def describe(event, names):
    if event["type"] == "played":
        return f"{names[event['seat']]} played the {event['card']}."
    if event["type"] == "trick":
        return f"{names[event['winner']]} won the trick: the highest card."
    return None


TABLE = GameTable(render, describe)
'''


@pytest.fixture
def toy_added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """tests/toy_game.py added as a game the way a real one is: its own modules (rules,
    bots, table; here in folders added to the packages' paths) and one registry line."""
    import pygame_rules.bots

    game_id = "toy"
    module = pygame_rules.module_name(game_id)
    rules = (TESTS / "toy_game.py").read_text() + "\n\nfrom pygame_rules import register\n"
    files = {
        ("rules", pygame_rules): rules + "register(TOY)\n",
        ("bots", pygame_rules.bots): "from pygame_rules.bots.base import NO_BOTS as BOTS\n",
        ("tables", ui.tables): TOY_TABLE,
    }
    for (folder, package), text in files.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"{module}.py").write_text(text)
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(tmp_path / folder)])
    monkeypatch.setattr(pygame_rules, "_REGISTRY", dict(pygame_rules._REGISTRY))
    monkeypatch.syspath_prepend(str(TESTS))
    # The one line:
    monkeypatch.setattr(pygame_rules, "GAME_IDS", (*pygame_rules.GAME_IDS, game_id))
    yield game_id
    for name in ("pygame_rules", "pygame_rules.bots", "ui.tables"):
        sys.modules.pop(f"{name}.{module}", None)


def test_a_game_added_by_one_registry_line_is_everywhere(toy_added: str, tmp_path: Path) -> None:
    from ui.review import replay as review
    from ui.review.screen import review_screen
    from ui.screens import frame
    from ui.share.links import parse_link

    game = pygame_rules.get_game(toy_added)
    assert pygame_rules.list_games()[-1] is game
    # The lobby, the embed and the stylesheets.
    site = tmp_path / "site"
    (site / "static" / "css").mkdir(parents=True)
    for page in ("index.html", "embed.html"):
        shutil.copy(ROOT / page, site / page)
    for name in [*pygame_rules.GAME_IDS, "app"]:
        (site / "static" / "css" / f"{name}.css").write_text("")
    registry_pages.write_pages(site)
    cards = lobby_cards((site / "index.html").read_text())
    assert cards[-1]["id"] == toy_added and cards[-1]["pitch"] == game.pitch
    assert cards[-1]["designer"] == f"by {game.designer} · 2–3 players"
    embed = embed_data((site / "embed.html").read_text())
    assert embed[toy_added] == [f"{game.title} ({game.designer})", game.pitch]
    stylesheets = registry_pages.game_stylesheets(site / "static" / "css")
    assert stylesheets[-1] == f"{toy_added}.css"
    # A link to it, a game of it at the table, its log, its last trick, its review.
    request = parse_link(f"?game={toy_added}&players=3&seed=4")
    assert request.game_id == toy_added and request.players == 3
    from ui.play.session import Session

    session = Session(toy_added, 3, 4, "easy")
    moving = last_trick = None
    choose = random.Random(4)
    while not session.is_over():
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
        tree = frame.game_frame(session, frame.player_view(session, {}), None, "normal")
        moving = moving or tree.first(lambda el: el.has_class("trick-collect"))
        if session.ended == "trick" and not session.is_over():
            last_trick = review.last_trick(session)
    assert moving is not None  # the shared collected_trick, from the toy's last_trick
    assert last_trick and last_trick[0].endswith("won the trick: the highest card.")
    assert any(" played the " in line for line in session.log)
    found = review.review_game(session)
    assert found is not None and found.moves == len(session.history)
    quiet = [line for step in found.steps for line in step.lines if "face down" in line]
    assert "Bot 1 discards a card face down." in quiet  # the game's quiet_moves words
    review_screen(found)


# -- each game's facts agree with its engine -------------------------------------------------
def playouts(game_id: str, games: int = 3) -> Any:
    """(state before, seat, action, events, state after) of seeded random games."""
    game = pygame_rules.get_game(game_id)
    for seed in range(games):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_game(players, seed)
        choose = random.Random(seed)
        while not state.is_over():
            seat = state.acting()[choose.randrange(len(state.acting()))]
            action = choose.choice(state.legal_actions(seat))
            yield seat, action, state.apply(seat, action), state


@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_a_games_facts_are_what_its_engine_does(game_id: str) -> None:
    """Every trick_end and hand_end event happens; each trick's cards are the moves of a
    trick_moves type since the last one ended; a move whose events the log does not tell
    is a quiet move, and each quiet move happens."""
    game = pygame_rules.get_game(game_id)
    table = table_for(game_id)
    ends: set[str] = set()
    quiet: set[str] = set()
    plays = 0
    for _seat, action, events, state in playouts(game_id):
        ends |= {e["type"] for e in events if e["type"] in game.trick_end + game.hand_end}
        plays += action["type"] in game.trick_moves
        if any(e["type"] in game.trick_end for e in events):
            assert plays == len(state.observation(0)["last_trick"]["cards"]), action
            plays = 0
        names = [f"P{s}" for s in range(state.num_players)]
        for human in range(state.num_players):
            seen = visible_events(events, human)
            if not any(table.describe(e, names) for e in seen):
                assert action["type"] in game.quiet_moves, (action, human, events)
                quiet.add(action["type"])
    assert ends == set(game.trick_end + game.hand_end)
    assert quiet == set(game.quiet_moves)
    assert game.hand_name in ("hand", "round")
    assert not game.trick_end or game.trick_moves
