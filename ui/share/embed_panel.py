"""The Embed panel: from a review, the <iframe> code that shows this hand in a blog post (from
the move the author chooses), or asks the post's readers what they would play at the
player's next move; with a live preview of the frame.

It lives outside #screen (as the Link panel does), so the review's redraws leave the
preview's frame alone: it loads again only when what it shows changes.
"""

from __future__ import annotations

from ui.runtime import page
from ui.share.embeds import FRAME_HEIGHT, frame_title, iframe_code, view_query
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.review.replay import Review
    from ui.screens.play import PlayScreen

PANEL_ID = "embed-panel"
AT_FIELD = "embed-view-at"  # the hand's frame opens after so many of its moves
THEME_FIELD = "embed-view-theme"  # the frame's colours, to match the blog's
THEME_NAMES = {"light": "Light", "dark": "Dark", "auto": "As the reader's system"}


class EmbedPanel:
    """The panel of one table's review: closed (`view` None), or the frame it embeds."""

    def __init__(self, play: PlayScreen) -> None:
        self.play = play
        self.view: str | None = None  # "hand" or "puzzle"
        self.review: Review | None = None
        self.at = 0  # the hand's moves made when the frame opens
        self.theme = "light"

    def open(self, view: str) -> None:
        """Embed the review's hand from the move it shows, or its next move as a puzzle."""
        review = self.play.reviewing.shown
        if review is None or view not in FRAME_HEIGHT:
            return
        if view == "puzzle" and not review.asks_here():
            page.notice("A puzzle asks about one of your own moves, where you had a choice.")
            return
        self.view, self.review, self.at = view, review, review.at
        self.draw()
        page.scroll_into_view(f"#{PANEL_ID}")
        page.focus("#embed-panel-title")

    def url(self) -> str:
        assert self.review is not None and self.view is not None
        review, s = self.review, self.play.session
        stop = review.start + review.moves
        query = view_query(s, self.view, review.start, stop, self.at, self.theme)
        return page.app_url("embed.html" + query)

    def draw(self) -> None:
        assert self.review is not None and self.view is not None
        title = frame_title(self.play.session.game.title, self.view)
        tree = embed_panel(self.view, self.review, self.at, self.url(), title, self.theme)
        page.show_region(PANEL_ID, tree, cls="share-panel embed-panel", label="embed-panel-title")

    def change(self, element_id: str, value: str) -> bool:
        """The author chose where the hand's frame opens, or its colours; True when the
        change was ours."""
        if element_id not in (AT_FIELD, THEME_FIELD) or self.review is None:
            return False
        if element_id == THEME_FIELD and value in THEME_NAMES:
            self.theme = value
        elif element_id == AT_FIELD and self.view == "hand" and value.isdigit():
            self.at = min(int(value), self.review.moves)
        self.draw()
        return True

    def close(self, _value: str = "", refocus: bool = True) -> None:
        shown = self.view is not None
        self.view = self.review = None
        page.show_region(PANEL_ID, None)
        if shown and refocus:
            page.focus("#screen [data-ui=embed-view]")

    async def copy(self) -> None:
        """Copy the code; where the clipboard is refused, leave it selected to copy by hand."""
        if await page.copy_field("embed-view-code", select_first=True):
            page.set_text_of("#embed-view-status", "Embed code copied.")
        else:
            by_hand = "Copy the selected code (Ctrl+C, or press and hold on a phone)."
            page.set_text_of("#embed-view-status", by_hand)

    CONTROLS = {
        "embed-view": lambda self, value: self.open(value),
        "embed-view-close": close,
        "embed-view-copy": lambda self, _value: self.play.spawn(self.copy()),
    }


def opens_at(review: Review, at: int) -> El:
    """Where the hand's frame opens: its start, or after any of its moves."""
    options = [
        h(
            "option",
            {"value": str(i), "selected": i == at},
            "The start" if i == 0 else f"Move {i} of {review.moves}",
        )
        for i in range(review.moves + 1)
    ]
    return h(
        "p",
        {"class": "embed-opens"},
        h("label", {"for": AT_FIELD}, "The frame opens at "),
        h("select", {"id": AT_FIELD}, options),
    )


def theme_choice(theme: str) -> El:
    """The frame's colours: light, dark, or as the reader's system has them."""
    options = [
        h("option", {"value": value, "selected": value == theme}, name)
        for value, name in THEME_NAMES.items()
    ]
    return h(
        "p",
        {"class": "embed-opens"},
        h("label", {"for": THEME_FIELD}, "Colours "),
        h("select", {"id": THEME_FIELD}, options),
    )


def embed_panel(view: str, review: Review, at: int, url: str, title: str, theme: str) -> El:
    """The panel: what the frame shows, its code to copy, and a preview of it."""
    if view == "hand":
        what = (
            f"Readers step through this {review.kind} with every hand face up, each trick's "
            "winner and why. Nothing is stored: the deal and its moves are in the frame's "
            "address."
        )
    else:
        what = (
            f"Readers see the table before move {at + 1} of this {review.kind}, as you saw "
            "it, choose their move, then see yours and a Hard bot's, and may step on "
            f"through the {review.kind}."
        )
    return h(
        "div",
        {"class": "share-inner"},
        h(
            "div",
            {"class": "share-head"},
            h(
                "h2",
                {"id": "embed-panel-title", "tabindex": "-1"},
                f"Embed this {review.kind}" if view == "hand" else "Embed as a puzzle",
            ),
            ui_button("embed-view-close", "Close", cls="btn small"),
        ),
        h("p", {}, what),
        opens_at(review, at) if view == "hand" else None,
        theme_choice(theme),
        h(
            "textarea",
            {
                "id": "embed-view-code",
                "class": "embed-code",
                "readonly": True,
                "rows": 4,
                "aria-label": "Embed code",
                "spellcheck": "false",
            },
            iframe_code(url, title, view),
        ),
        h(
            "div",
            {"class": "share-buttons"},
            ui_button("embed-view-copy", "Copy embed code", cls="btn small primary"),
        ),
        h("p", {"id": "embed-view-status", "class": "share-status", "role": "status"}),
        h("h3", {}, "Preview"),
        h(
            "iframe",
            {
                "class": f"embed-preview {view}",  # as high as the pasted frame (app.css)
                "src": url,
                "title": f"Preview: {title}",
            },
        ),
    )
