"""Sharing a game: position links (`moves=`), the share panel's tree, the replay."""

from __future__ import annotations

import random
from typing import Any

import pytest
from async_run import run

import pygame_rules
from ui.play.session import Session
from ui.share.arrival import position_screen
from ui.share.link_panel import share_panel
from ui.share.links import (
    MOVE_DIGITS,
    MoveCoder,
    decode_moves,
    encode_moves,
    link_continues,
    parse_link,
    position_link,
)
from ui.share.replay import Replay, mark_replay, replay_bar, watch
from ui.vdom import h


def random_game(game_id: str, players: int, seed: int) -> list[list[Any]]:
    """A random game's whole history; at a simultaneous choice a random acting seat moves
    first, so the seats' order varies."""
    state = pygame_rules.get_game(game_id).new_game(players, seed, None)
    rng = random.Random(seed * 31 + players)
    history: list[list[Any]] = []
    while not state.is_over():
        seat = rng.choice(state.acting())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        history.append([seat, action])
    return history


CASES = [
    (g.id, n, seed)
    for g in pygame_rules.list_games()
    for n in range(g.min_players, g.max_players + 1)
    for seed in (1, 2)
]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_moves_round_trip_over_random_games(game_id: str, players: int, seed: int) -> None:
    history = random_game(game_id, players, seed)
    text = encode_moves(game_id, players, seed, {}, history)
    assert set(text) <= set(MOVE_DIGITS)  # URL-safe as it is
    assert len(text) == len(history)  # every game has at most 64 choices a step
    assert decode_moves(game_id, players, seed, {}, text) == history
    assert encode_moves(game_id, players, seed, {}, history) == text  # deterministic
    cut = len(history) // 3  # a position in the middle: the same prefix
    assert decode_moves(game_id, players, seed, {}, text[:cut]) == history[:cut]
    # Built move by move (as the share panel follows a game), the text is the same.
    coder = MoveCoder(game_id, players, seed, {})
    coder.extend(history[:cut])
    assert coder.extend(history) == text


def test_simultaneous_choices_keep_their_seats_order() -> None:
    """Trick of Trip's draft: several seats choose at once; the link keeps who chose when."""
    game = pygame_rules.get_game("trick-of-trip")
    state = game.new_game(4, 3, None)
    assert len(state.acting()) > 1
    first, second = state.acting()[-1], state.acting()[0]  # the last acting seat first
    history = []
    for seat in (first, second):
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        history.append([seat, action])
    text = encode_moves(game.id, 4, 3, {}, history)
    assert decode_moves(game.id, 4, 3, {}, text) == history


def test_a_position_link_round_trips_through_the_page_link() -> None:
    session = Session("magic-trick-wray", 4, 9, "easy", {})
    for seat, action in random_game("magic-trick-wray", 4, 9)[:17]:
        session.act(seat, action)
    link = position_link(session)
    req = parse_link(link)
    assert req.messages == [] and req.start
    assert (req.game_id, req.players, req.seed, req.level) == ("magic-trick-wray", 4, 9, "easy")
    assert req.history == session.history
    assert position_link(Session("magic-trick-wray", 4, 9, "easy")) == link.split("&moves=")[0]


def test_moves_are_read_against_the_deal_with_its_options() -> None:
    game = pygame_rules.get_game("magic-trick-wray")
    options = {"prestige": False}
    state = game.new_game(4, 5, options)
    history = []
    for _ in range(6):
        seat = state.acting()[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        history.append([seat, action])
    text = encode_moves(game.id, 4, 5, options, history)
    assert decode_moves(game.id, 4, 5, options, text) == history
    req = parse_link(f"?game={game.id}&players=4&seed=5&opt-prestige=0&moves={text}")
    assert req.history == history and req.messages == []


BASE = "?game=trick-of-trip&players=3&seed=8&level=easy"


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("0.0", "move 2 is not written as a move"),
        ("<b>", "move 1 is not written as a move"),
        ("_", "move 1 is not allowed there"),
        ("0" * 400, "the game is over after move"),
        ("0" * 5000, "too many of them"),
    ],
)
def test_bad_moves_fall_back_to_the_deal_start(moves: str, message: str) -> None:
    req = parse_link(f"{BASE}&moves={moves}")
    assert req.history is None
    assert any(message in m and "beginning of the deal" in m for m in req.messages), req.messages
    assert not any(moves in m for m in req.messages)  # the link's text is never quoted
    # Nothing else changes: the same deal starts.
    assert (req.game_id, req.players, req.seed, req.level, req.start) == (
        "trick-of-trip",
        3,
        8,
        "easy",
        True,
    )


def test_moves_without_a_deal_number_are_ignored() -> None:
    req = parse_link("?game=trick-of-trip&players=3&moves=000")
    assert req.history is None
    assert any("needs its deal number" in m for m in req.messages)
    assert parse_link(f"{BASE}&moves=").history is None  # empty: a deal link


@pytest.mark.parametrize("theme", ["light", "dark", "auto"])
def test_a_frame_theme_is_a_known_setting(theme: str) -> None:
    """`theme=` is read by the page itself (static/js/host.js): the link takes it quietly."""
    req = parse_link(f"{BASE}&theme=light&theme={theme}")
    assert req.messages == [] and req.start


def test_an_unknown_theme_is_told_in_plain_words_and_the_light_one_is_used() -> None:
    req = parse_link(f"{BASE}&theme=purple")
    assert req.messages == [
        "Theme 'purple' is not one of light, dark, auto; the light theme is used."
    ]
    assert (req.game_id, req.seed, req.start) == ("trick-of-trip", 8, True)  # the rest holds
    # The last value counts (as the page reads it), and a long one is cut short.
    assert parse_link(f"{BASE}&theme=purple&theme=dark").messages == []
    assert parse_link(f"{BASE}&theme=dark&theme=purple").messages != []
    long = parse_link("?theme=" + "x" * 500).messages
    assert len(long) == 1 and "x" * 41 not in long[0] and "..." in long[0]


def saved(history: list[list[Any]]) -> dict[str, Any]:
    session = Session("trick-of-trip", 3, 8, "easy")
    for seat, action in history:
        session.act(seat, action)
    return session.to_save()


def test_a_position_link_continues_only_the_very_same_position() -> None:
    history = random_game("trick-of-trip", 3, 8)[:10]
    text = encode_moves("trick-of-trip", 3, 8, {}, history)
    req = parse_link(f"{BASE}&moves={text}")
    assert req.history == history
    assert link_continues(req, saved(history))
    assert not link_continues(req, saved(history[:9]))  # the same deal, elsewhere: ask
    assert link_continues(parse_link(BASE), saved(history[:9]))  # a deal link: go on


def attrs(tree: Any, name: str) -> list[str]:
    return [el.attrs[name] for el in tree.walk() if name in el.attrs]


def test_the_share_panel_offers_copy_and_share_where_there_is_a_sheet() -> None:
    panel = share_panel("https://x/?a", "https://x/?a&moves=0", 1, can_share=True)
    assert attrs(panel, "data-ui") == [
        "share-close",
        "share-copy",
        "share-send",
        "share-copy",
        "share-send",
    ]
    assert attrs(panel, "value") == ["https://x/?a", "https://x/?a&moves=0"]
    assert "after 1 move)" in panel.text()
    bare = share_panel("https://x/?a", None, 0, can_share=False)
    assert attrs(bare, "data-ui") == ["share-close", "share-copy"]


def test_a_position_link_asks_watch_or_continue() -> None:
    history = random_game("trick-of-trip", 3, 8)[:10]
    req = parse_link(f"{BASE}&moves={encode_moves('trick-of-trip', 3, 8, {}, history)}")
    screen = position_screen(pygame_rules.get_game("trick-of-trip"), req)
    assert attrs(screen, "data-ui") == ["link-continue", "link-watch"]
    assert "deal 8, after 10 moves" in screen.text()


class FakeBots:
    generation = 0


class FakeTable:
    """What `watch` uses of ui.screens.play.PlayScreen."""

    def __init__(self, session: Session, replay: Replay) -> None:
        self.session = session
        self.replay: Replay | None = replay
        self.bots = FakeBots()
        self.saves = self
        self.stored: list[int] = []
        self.drawn = 0
        self.went_on = False

    def store(self, session: Session) -> None:
        self.stored.append(len(session.history))

    def render(self) -> None:
        self.drawn += 1
        status = h("span", {"class": "turn-status"})
        tree = h("div", {"class": "table-screen"}, h("header", {}, status))
        if self.replay is not None:
            mark_replay(tree, self.replay)
            assert tree.attrs["data-waiting"] == "replay"
            assert status.text() == f"Replaying {self.replay.done} of 12"
            bar = replay_bar(self.replay)
            assert attrs(bar, "data-ui") == ["replay-skip"]
            assert f"{self.replay.done} of 12 moves" in bar.text()

    def after_move(self) -> None:
        self.went_on = True


def test_watching_replays_each_move_then_the_game_goes_on() -> None:
    history = random_game("trick-of-trip", 3, 8)[:12]
    table = FakeTable(Session("trick-of-trip", 3, 8, "easy"), Replay(history))
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 5:
            assert table.replay is not None
            table.replay.skip = True  # the player skips to the end

    run(watch(table, sleep, lambda: 0.3))
    assert table.session.history == history and table.replay is None and table.went_on
    assert pauses == [0.3] * 5  # no more pauses once skipped
    assert table.stored == [1, 2, 3, 4, 12]  # the skipped moves are drawn once, at the end


def test_leaving_the_table_stops_the_replay() -> None:
    history = random_game("trick-of-trip", 3, 8)[:12]
    table = FakeTable(Session("trick-of-trip", 3, 8, "easy"), Replay(history))

    async def sleep(_: float) -> None:
        if len(table.session.history) == 3:
            table.bots.generation += 1

    run(watch(table, sleep, lambda: 0.0))
    assert len(table.session.history) == 3 and not table.went_on
