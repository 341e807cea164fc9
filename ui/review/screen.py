"""The review screen (a finished hand or game, move by move) and the last trick's panel.

What they show comes from `ui/review/replay.py` (a replay from the seed); the cards are drawn
with each game's own card helper, face up.
"""

from __future__ import annotations

from ui.review.replay import Review, can_review_hand
from ui.tables import table_for
from ui.tables.widgets import card_row, ui_button
from ui.vdom import El, h
from ui.words import number, possessive

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ui.play.session import Session


def nav_button(name: str, label: str, disabled: bool, aria_label: str = "") -> El:
    button = ui_button(name, label, cls="btn small", aria_label=aria_label or None)
    if disabled:  # still focusable, so the keyboard's place is kept at either end
        button.attrs["aria-disabled"] = "true"
    return button


def review_screen(
    review: Review, at_table: bool = True, coach: El | None = None, coach_note: str = ""
) -> El:
    """Back / Forward / To the end / Close, the move counter, this move's lines, the trick
    so far and every seat's cards face up. `at_table`: the player's own review, with Close
    and the ways to embed it in a blog post (not in an embedded hand's frame); `coach`: the
    coach's panel (How did I play?), before the hands; `coach_note`: its verdict on the move
    shown."""
    step = review.step
    names = review.names
    face = table_for(review.game_id).face_up
    heading = table_for(review.game_id).score_heading
    first, last = review.at == 0, review.at == review.moves
    if step.hands is None:
        hands: list[El | None] = [
            h("p", {"class": "review-note"}, "The hand is over; the next one is not shown.")
        ]
    else:
        hands = [
            h(
                "div",
                {"class": "review-seat"},
                h("h4", {}, f"{names[s]} · {heading}: {number(step.scores[s])}"),
                card_row(
                    [face(c) for c in cards],
                    label=f"{upper(possessive(names[s]))} cards, face up",
                    cls="review-cards",
                )
                if cards
                else h("p", {"class": "review-note"}, "No cards in hand."),
            )
            for s, cards in enumerate(step.hands)
        ]
    lines = step.lines or (["The cards as dealt."] if first else ["(nothing to tell)"])
    trick = step.trick if step.trick and step.trick != step.lines else []
    return h(
        "section",
        {"class": "review", "data-ui-screen": "review", "aria-labelledby": "review-title"},
        h("h2", {"id": "review-title", "tabindex": "-1"}, review.title),
        h(
            "div",
            {"class": "review-head"},
            h("p", {"class": "review-counter", "aria-live": "polite"}, review.counter()),
            ui_button(
                "review-close", "Close", cls="btn small primary", aria_label="Close the review"
            )
            if at_table
            else None,
        ),
        h(
            "div",
            {"class": "review-nav", "role": "group", "aria-label": "Step through the moves"},
            nav_button("review-back", "◀ Back", first, "Back one move"),
            nav_button("review-next", "Forward ▶", last, "Forward one move"),
            nav_button("review-end", "To the end", last),
        ),
        embed_buttons(review) if at_table else None,
        h(
            "div",
            {"class": "review-move"},
            [h("p", {}, line) for line in lines],
            h("p", {"class": "coach-note"}, coach_note) if coach_note else None,
        ),
        h(
            "div",
            {"class": "review-trick"},
            h("h3", {}, "Since the last trick"),
            h("ol", {}, [h("li", {}, line) for line in trick]),
        )
        if trick
        else None,
        coach,
        h("div", {"class": "review-hands"}, h("h3", {}, "Every hand, face up"), hands),
    )


def embed_buttons(review: Review) -> El:
    """A blog post can show this hand (from the move shown), or ask its readers what they
    would play at the player's next move (when it was a choice among several)."""
    return h(
        "div",
        {"class": "review-embed", "role": "group", "aria-label": "Embed in a blog post"},
        ui_button("embed-view", f"Embed this {review.kind}", value="hand", cls="btn small"),
        ui_button("embed-view", "Embed as a puzzle", value="puzzle", cls="btn small")
        if review.asks_here()
        else None,
    )


def upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def has_last_trick(session: Session) -> bool:
    """Whether the table offers the last trick: a game with tricks of cards, in play, once
    a trick has been taken (Trickbook has none: its tricks are a skater's, not cards)."""
    if session.is_over() or not session.game.trick_end:
        return False
    return any(ended is not None for ended in session.move_ends)


def add_last_trick(board: El, session: Session, last_trick: list[str] | None) -> None:
    """The last trick, one tap away during play: `Last trick` at the top of the table's
    centre, beside its title (the centre comes first on a phone, so the button is in view at
    the player's turn without a scroll); once tapped, the last trick's lines (its winner and
    why) over the centre, with `Back to play` where the button was."""
    if not has_last_trick(session):
        return
    centre = board.nearest(lambda el: el.has_class("centre"))
    if centre is None:
        return
    if last_trick is not None:
        centre.children.insert(0, last_trick_panel(last_trick))
        return
    button = ui_button(
        "last-trick",
        "Last trick",
        cls="btn small last-trick-toggle",
        aria_label="Last trick: show the trick just taken",
    )
    first = centre.children[0] if centre.children else None
    if isinstance(first, El) and first.has_class("centre-title"):
        centre.children[0] = h("div", {"class": "centre-head"}, first, button)
    else:
        centre.children.insert(0, h("div", {"class": "centre-head"}, button))


def last_trick_panel(lines: list[str]) -> El:
    """The last trick's winner and why, then its moves (`review.last_trick`'s lines)."""
    return h(
        "div",
        {"class": "last-trick-panel", "role": "region", "aria-labelledby": "last-trick-title"},
        h(
            "div",
            {"class": "last-trick-head"},
            h("h3", {"id": "last-trick-title"}, "The last trick"),
            ui_button(
                "last-trick",
                "Back to play",
                cls="btn small primary last-trick-toggle",
                aria_label="Back to play: hide the last trick",
            ),
        ),
        h("p", {"class": "last-trick-won"}, lines[:1]),
        h("ol", {}, [h("li", {}, line) for line in lines[1:]]),
    )


def review_bar(session: Session) -> El | None:
    """During play, below the table: the last finished hand's (or round's) review."""
    if session.is_over() or not can_review_hand(session):
        return None
    word = session.game.hand_name
    return h(
        "div",
        {"class": "review-bar"},
        h(
            "div",
            {"class": "review-buttons"},
            ui_button("review", f"Review last {word}", value="hand", cls="btn small"),
            ui_button("coach-open", "How did I play?", value="hand", cls="btn small"),
        ),
    )
