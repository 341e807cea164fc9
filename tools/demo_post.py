"""A demo blog post, written into the built site as `demo/index.html` (served by `tasks.py
serve` at `/demo/`): for each game, one finished hand to step through and one "what would
you play?" puzzle, embedded as a blog author pastes them (ui/share/embeds.py), with no
sizing script. The deals are fixed and played here by Easy bots in every seat, so the page
is the same on every build. Stdlib and the repository's own Python only."""

from __future__ import annotations

import html
from pathlib import Path

import pygame_rules
from ui.play.session import Session
from ui.review.replay import finished_hands, review_span
from ui.share.embeds import frame_title, iframe_code, view_query

SEED = 5  # every game's deal (its first hand has a puzzle in every game)
DEMO = "demo"  # the post's folder in the site
FIRST_SHOWN = 4  # the hand's frame opens after so many of its moves

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Four small trick-taking games, hand by hand (a demo post)</title>
  <link rel="icon" href="../static/icons/icon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="post.css">
</head>
<body>
<main>
<h1>Four small trick-taking games, hand by hand</h1>
<p>A demo of what a blog post can show with
<a href="../">Trick Table</a>: a hand to step through (Back, Forward, the arrow keys), and
a position to think about. Each frame is the code the app's review gives to copy
("Embed this hand", "Embed as a puzzle"); nothing is stored, and nothing heavy loads
until a reader asks a bot.</p>
{sections}
</main>
</body>
</html>
"""


STYLE = """/* The demo post: a plain article, as a blog would style it. */
body { margin: 0; font-family: Georgia, "Times New Roman", serif; line-height: 1.6; color: #222;
  background: #fafaf7; }
main { max-width: 800px; margin: 0 auto; padding: 16px; }
h1 { font-size: 1.8rem; line-height: 1.2; }
h2 { margin-top: 2.5rem; font-size: 1.35rem; }
a { color: #1d4ed8; }
iframe { display: block; margin: 12px 0 24px; background: #fff; }
"""


def first_hand(game_id: str) -> tuple[Session, int, int]:
    """The game's fixed deal, played by Easy bots in every seat to the end of its first
    hand: the session, and where that hand starts and stops in its moves."""
    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.default_players, SEED, "easy")
    while "hand" not in session.move_ends and not session.is_over():
        session.bot_move(session.waiting_for()[0])
    start, stop = finished_hands(session)[0]
    return session, start, stop


def puzzle_move(session: Session, start: int, stop: int) -> int:
    """The player's first choice among several cards to play after the hand's first moves
    (any choice in a game without tricks of cards)."""
    review = review_span(session, start, stop)
    plays = session.game.trick_moves
    for at in range(FIRST_SHOWN, review.moves):
        kind = session.history[start + at][1].get("type")
        if review.steps[at + 1].choices > 1 and (not plays or kind in plays):
            return at
    raise ValueError(f"no puzzle in {session.game_id}'s first hand")


def section(game_id: str) -> str:
    """One game's part of the post: its hand, then its puzzle."""
    session, start, stop = first_hand(game_id)
    game = session.game
    name = f"{game.title} ({game.designer})"
    at = puzzle_move(session, start, stop)
    hand = iframe_code(
        "../embed.html" + view_query(session, "hand", start, stop, FIRST_SHOWN),
        frame_title(name, "hand"),
        "hand",
    )
    puzzle = iframe_code(
        "../embed.html" + view_query(session, "puzzle", start, stop, at),
        frame_title(name, "puzzle"),
        "puzzle",
    )
    return (
        f"<section>\n<h2>{html.escape(name)}</h2>\n"
        f"<p>{html.escape(game.pitch)}</p>\n"
        f"<p>The first {game.hand_name} of a game, from move {FIRST_SHOWN}:</p>\n{hand}\n"
        f"<p>What would you play here? Choose, then see the move played and a Hard "
        f"bot's.</p>\n{puzzle}\n</section>"
    )


def write_demo(site: Path) -> Path:
    """Write the demo post into the built `site` (not precached for offline use: a blog's
    page is the blog's); its path."""
    folder = site / DEMO
    folder.mkdir(exist_ok=True)
    (folder / "post.css").write_text(STYLE)
    sections = "\n".join(section(game_id) for game_id in pygame_rules.GAME_IDS)
    path = folder / "index.html"
    path.write_text(PAGE.format(sections=sections))
    return path
