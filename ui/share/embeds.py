"""A hand or a puzzle for a blog post: the embedded frame's link, and the <iframe> to paste.

`embed.html?show=hand&...` steps through a finished hand (or a whole game), face up;
`show=puzzle` shows the table before one of the player's decisions as they saw it, and asks
the reader's move. Both are the deal and its moves in the link (`moves=`, as a position
link's), nothing stored: `from` is where the hand starts among the moves, `at` how many of
its moves are made when the frame opens (a puzzle's question is the next one), `n` how many
moves the link holds, so that a link cut short says so (`links._read_view` reads them).
"""

from __future__ import annotations

from ui.share.links import THEMES, VIEWS, MoveCoder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.play.session import Session

FRAME_HEIGHT = {"hand": 480, "puzzle": 560}  # px: the pasted frame's height (no script needed)


def view_query(
    session: Session, view: str, start: int, stop: int, at: int, theme: str = "light"
) -> str:
    """The embed's query string for `session`'s moves history[start:stop] (a hand, or the
    whole game), opening after `at` of them (a puzzle: asking for move start + at), in the
    colours of `theme` (static/js/host.js)."""
    if view not in VIEWS:
        raise ValueError(f"unknown embedded view {view!r}")
    if not 0 <= start <= start + at <= stop <= len(session.history):
        raise ValueError("the embedded moves are not the game's")
    coder = MoveCoder(session.game_id, session.players, session.seed, session.options)
    moves = coder.extend(session.history[:stop])
    parts = [f"show={view}", f"game={session.game_id}", f"players={session.players}"]
    parts.append(f"seed={session.seed}")
    parts += [f"opt-{k}={int(bool(v))}" for k, v in sorted(session.options.items())]
    if theme != "light":
        parts.append(f"theme={theme if theme in THEMES else 'light'}")
    # The moves last, after their count: a link cut short loses moves, and says so.
    parts += [f"from={start}", f"at={at}", f"n={stop}", f"moves={moves}"]
    return "?" + "&".join(parts)


def frame_title(game_title: str, view: str) -> str:
    """The frame's accessible name: what a screen reader says of it in the blog post."""
    what = "a hand, move by move" if view == "hand" else "a puzzle: what would you play?"
    return f"{game_title}: {what}"


def iframe_code(url: str, title: str, view: str) -> str:
    """The <iframe> a blog author pastes: as wide as the post (300 to 800 px suit it) and a
    fixed height, so the README's sizing script is optional. `url` and `title` are ours
    (no quotes or angle brackets: the title is a game's title and our words)."""
    return (
        f'<iframe src="{url}" title="{title}" loading="lazy" '
        f'style="width:100%;max-width:800px;height:{FRAME_HEIGHT[view]}px;border:0">'
        "</iframe>"
    )
