"""The game-over screen (ui/screens/game_over.py): who won and, after a tie on the top
score, why, in the game's terms and as the engine decided it (Wray's `tie_break`); one mark
for the winner and another for Wray's prestige bonus, each with its own accessible name
(issue 36.5: the star meant "winner" in one table and "prestige" in the next)."""

from __future__ import annotations

import random

import pygame_rules
from ui.play.session import Session
from ui.screens import frame
from ui.screens.game_over import game_over_screen
from ui.tables import magic_trick_wray as wray
from ui.tables.widgets import WINNER_SYMBOL
from ui.vdom import El


def finished_wray(seed: int, prestige: bool) -> Session:
    """A Wray game played to its end by seeded random moves (seats in turn)."""
    session = Session("magic-trick-wray", 4, seed, "easy", {"prestige": prestige})
    rng = random.Random(seed)
    while not session.state.is_over():
        seat = session.state.acting()[0]
        session.act(seat, rng.choice(session.state.legal_actions(seat)))
    return session


def over_of(session: Session) -> El:
    return game_over_screen(session, frame.player_view(session))


def marks(tree: El, cls: str) -> list[El]:
    return [el for el in tree.walk() if el.has_class(cls)]


def test_three_tied_two_share_the_win_and_the_page_says_why() -> None:
    # Seed 638 (prestige on): You, Bot 1 and Bot 3 end on -7 points; you and Bot 3 have a
    # prestige bonus each, Bot 1 none: the engine's tie-break leaves you and Bot 3.
    session = finished_wray(638, True)
    state = session.state
    assert state.winners() == [0, 3]
    assert state.tie_break() == {"tied": [0, 1, 3], "by": "prestige", "shared": True}
    over = over_of(session)
    title = next(el for el in over.walk() if el.tag == "h2").text()
    assert title == "Game over — You share the win!"
    reason = marks(over, "win-reason")[0].text()
    assert reason == (
        "You, Bot 1 and Bot 3 tied on \u22127 points. The tie goes to the most prestige "
        "bonuses: you and Bot 3 have 1 each, Bot 1 has 0, so you and Bot 3 share the win."
    )
    # The winners' rows carry the winner's mark, named "winner"; no star means winner.
    crowns = marks(over, "win-mark")
    assert len(crowns) == 2 and all(el.text() == WINNER_SYMBOL for el in crowns)
    assert all(el.attrs["aria-label"] == "winner" and el.attrs["role"] == "img" for el in crowns)
    rows = [el for el in over.walk() if el.tag == "tr" and el.has_class("winner")]
    assert sorted(r.children[0].text() for r in rows) == [
        f"Bot 3 {WINNER_SYMBOL}",
        f"You {WINNER_SYMBOL}",
    ]
    # Wray's prestige bonuses have a mark of their own, named "prestige bonus", not ★ (a suit).
    prestige = marks(over, "prestige-mark")
    assert len(prestige) == sum(r["prestige"] for h in state.score_sheet for r in h["results"])
    assert all(el.text() == wray.PRESTIGE_SYMBOL for el in prestige)
    assert all(el.attrs["aria-label"] == "prestige bonus" for el in prestige)
    assert wray.PRESTIGE_SYMBOL != WINNER_SYMBOL
    assert "★" not in over.text()


def test_a_tie_settled_by_the_last_hand_and_a_tie_not_settled() -> None:
    # Seed 633, prestige off: three on -5; only Bot 3 made the bid in the last hand.
    over = over_of(finished_wray(633, False))
    assert marks(over, "win-reason")[0].text() == (
        "You, Bot 1 and Bot 3 tied on \u22125 points. The tie goes to whoever made their bid "
        "in the last hand with the fewest tricks: you missed your bid, Bot 1 missed their bid "
        "and Bot 3 made their bid with 1 trick, so Bot 3 wins."
    )
    # Seed 69, prestige on: Bot 1 and Bot 3 tied on points and on prestige bonuses.
    over = over_of(finished_wray(69, True))
    assert marks(over, "win-reason")[0].text() == (
        "Bot 1 and Bot 3 tied on \u22124 points and on prestige bonuses (0 each), so Bot 1 "
        "and Bot 3 share the win."
    )


def test_no_tie_no_reason_and_every_game_marks_its_winner_the_same_way() -> None:
    session = finished_wray(1, True)
    assert session.state.tie_break() is None
    over = over_of(session)
    assert marks(over, "win-reason") == []
    assert len(marks(over, "win-mark")) == len(session.state.winners()) == 1
    for game_id in pygame_rules.GAME_IDS:
        game = pygame_rules.get_game(game_id)
        session = Session(game_id, game.default_players, 3, "easy")
        rng = random.Random(3)
        while not session.state.is_over():
            seat = session.state.acting()[0]
            session.act(seat, rng.choice(session.state.legal_actions(seat)))
        over = over_of(session)
        assert len(marks(over, "win-mark")) >= len(session.state.winners()), game_id
        # ★ is a suit in Wray and Trick of Trip: never the winner's mark, in any game.
        assert "★" not in marks(over, "score-table")[0].text(), game_id
        if game_id == "trickbook":
            final = marks(over, "tb-final")[0].text()
            assert f"winner {WINNER_SYMBOL}" in final and "★" not in final
