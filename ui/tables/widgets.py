"""Shared table widgets: cards, seats, action buttons, log, dice, score tables.

Every game module arranges these; none of them knows any rules. A control that
takes a game action carries `data-action` (the action as JSON) and is only
built while that action is legal; UI-only controls carry `data-ui` instead.
"""

from __future__ import annotations

from ui.jsontext import canonical_json
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    from pygame_rules.contract import Action
    from ui.tables.kit import PlayerView

WINNER_SYMBOL = "\u265b"  # ♛: the winner's mark (★ is a suit of Wray's, and a rank of Baker's)


def action_json(action: Mapping[str, Any]) -> str:
    """The canonical `data-action` text of an action (sorted keys, no spaces)."""
    return canonical_json(action)


def action_button(action: Action, label: str, *, cls: str = "btn", title: str | None = None) -> El:
    """A button that plays `action` when clicked."""
    return h(
        "button",
        {"type": "button", "class": cls, "data-action": action_json(action), "title": title},
        label,
    )


def ui_button(
    name: str,
    label: str,
    *,
    value: Any = None,
    cls: str = "btn",
    pressed: bool | None = None,
    aria_label: str | None = None,
) -> El:
    """A button for a UI-only step (selecting, confirming, navigating)."""
    return h(
        "button",
        {
            "type": "button",
            "class": cls,
            "data-ui": name,
            "data-value": None if value is None else str(value),
            "aria-pressed": None if pressed is None else str(pressed).lower(),
            "aria-label": aria_label,
        },
        label,
    )


def card(
    label: str,
    *,
    rank: str = "",
    symbol: str = "",
    suit_key: str = "",
    action: Action | None = None,
    ui: tuple[str, Any] | None = None,
    back: bool = False,
    selected: bool = False,
    extra_class: str = "",
    note: str = "",
) -> El:
    """A playing card. `label` is its accessible name ("5 of Moons").

    With `action` it is a legal-move button; with `ui` a UI-only toggle; else a
    picture. `back` draws a coloured back showing only the suit symbol.
    """
    classes = [
        "card",
        f"suit-{suit_key}" if suit_key else "",
        "back" if back else "face",
        "selected" if selected else "",
        extra_class,
    ]
    face = [
        h("span", {"class": "rank", "aria-hidden": "true"}, rank),
        h("span", {"class": "sym", "aria-hidden": "true"}, symbol),
        h("span", {"class": "note", "aria-hidden": "true"}, note) if note else None,
    ]
    attrs: dict[str, Any] = {"class": " ".join(c for c in classes if c)}
    if action is not None:
        attrs.update({"type": "button", "data-action": action_json(action), "aria-label": label})
        return h("button", attrs, face)
    if ui is not None:
        attrs.update(
            {
                "type": "button",
                "data-ui": ui[0],
                "data-value": str(ui[1]),
                "aria-label": label,
                "aria-pressed": str(selected).lower(),
            }
        )
        return h("button", attrs, face)
    attrs.update({"role": "img", "aria-label": label})
    return h("span", attrs, face)


def card_row(cards: list[El], *, label: str, cls: str = "") -> El:
    """A labelled row of cards (a hand, a trick, a pile)."""
    return h(
        "div", {"class": f"card-row {cls}".strip(), "role": "group", "aria-label": label}, cards
    )


def seat_panel(
    name: str,
    *,
    seat: int,
    lines: Sequence[str | El],
    active: bool = False,
    human: bool = False,
    out: bool = False,
    extra: list[El] | None = None,
) -> El:
    """One player's place at the table: name, turn marker, facts (`lines`: the summary, always
    shown), then what takes room (`extra`: rows of cards). Where the table is short of room
    (a phone: app.css) a seat shows only its summary, and a tap on it opens the whole of it
    over the table (`openable`)."""
    classes = ["seat", "active" if active else "", "human" if human else "", "out" if out else ""]
    title = [
        h("span", {"class": "seat-name"}, name),
        h("span", {"class": "turn-badge"}, "to play") if active else None,
        h("span", {"class": "out-badge"}, "out") if out else None,
    ]
    more = [el for el in extra or [] if el is not None]
    panel = h(
        "section",
        {
            "class": " ".join(c for c in classes if c),
            "data-seat": seat,
            "aria-label": name + (", to play" if active else ""),
        },
        h("h3", {"class": "seat-title"}, title),
        [h("p", {"class": "seat-line"}, line) for line in lines],
        h("div", {"class": "seat-more"}, more) if more else None,
    )
    return openable(panel, f"seat-{seat}", name) if more else panel


DETAIL = "detail"  # UI step: open (or close) the whole of a summed-up part over the table


def openable(el: El, key: str, name: str) -> El:
    """Make `el` a part that, where the table is short of room (app.css), shows a summary of
    itself, and opens whole over the table at a tap (`ui/play/detail.py`): `key` (unique on
    the table) names it, `name` is what it is called ("Bot 2", "This hand's Laws")."""
    el.attrs["data-detail"] = key
    el.attrs["data-detail-name"] = name
    el.children.append(detail_button(key, name))
    return el


def detail_button(key: str, name: str, *, opened: bool = False) -> El:
    """The tap that opens a summed-up part (drawn over its summary; shown only where parts
    are summed up: app.css)."""
    button = ui_button(DETAIL, "", value=key, cls="detail-open", aria_label=f"{name}: show all")
    button.attrs["aria-expanded"] = "true" if opened else "false"
    button.attrs["aria-controls"] = "detail-panel"
    return button


def prompt(text: str, *, note: str = "", aid: str = "") -> El:
    """What the human should do now (read out through #announcer: `screens.Announcer`), with
    a note (what matters for the move) and an aid (more explanation for a newcomer, left out
    where the table is short of room: app.css)."""
    return h(
        "div",
        {"class": "prompt"},
        h("strong", {}, text),
        h(
            "span",
            {"class": "prompt-note"},
            note,
            h("span", {"class": "prompt-aid"}, (" " if note else "") + aid) if aid else None,
        )
        if note or aid
        else None,
    )


def controls(buttons: list[El], *, label: str = "Your move") -> El:
    return h("div", {"class": "controls", "role": "group", "aria-label": label}, buttons)


def log_panel(lines: list[str], *, limit: int = 60) -> El:
    """The game log, newest last (scrolls; new lines are read out through #announcer).

    `data-digits` (of the last line's number) lets the CSS widen the margin the line
    numbers sit in, so "200." is not cut off at the left."""
    shown = lines[-limit:]
    return h(
        "section",
        {"class": "log", "aria-label": "Game log", "tabindex": "0", "data-focus": "log"},
        h("h3", {}, "Log"),
        h(
            "ol",
            {
                "class": "log-lines",
                "start": len(lines) - len(shown) + 1,
                "data-digits": min(len(str(len(lines))), 5),
            },
            [h("li", {}, line) for line in shown],
        ),
    )


PIP_LAYOUT = {
    1: [5],
    2: [1, 9],
    3: [1, 5, 9],
    4: [1, 3, 7, 9],
    5: [1, 3, 5, 7, 9],
    6: [1, 3, 4, 6, 7, 9],
}


def die(value: int, *, label: str, rolling: bool = False, cls: str = "") -> El:
    """A six-sided die drawn with pips (a 3x3 grid); `rolling` plays a short animation."""
    pips = [
        h("span", {"class": "pip" if i in PIP_LAYOUT.get(value, []) else "pip off"})
        for i in range(1, 10)
    ]
    classes = f"die {'rolling' if rolling else ''} {cls}".split()
    return h(
        "span",
        {"class": " ".join(classes), "role": "img", "aria-label": label, "data-value": value},
        pips,
    )


def cell(value: Any) -> El | str | list[Any]:
    """A table cell's content: an element (or a list of parts) as it is, else its text."""
    return value if isinstance(value, (El, list)) else str(value)


def mark(symbol: str, name: str, cls: str) -> El:
    """A mark that means one thing (the winner's, Wray's prestige bonus): its symbol, named
    for a screen reader (and in a tooltip)."""
    return h(
        "span", {"class": f"mark {cls}", "role": "img", "aria-label": name, "title": name}, symbol
    )


def winner_mark() -> El:
    """The winner's mark, in every game: a crown (♛), never a suit's symbol or another
    mark's."""
    return mark(WINNER_SYMBOL, "winner", "win-mark")


def data_table(
    headers: list[str], rows: list[list[Any]], *, caption: str = "", cls: str = "score-table"
) -> El:
    """A plain data table (score breakdowns)."""
    return h(
        "table",
        {"class": cls},
        h("caption", {}, caption) if caption else None,
        h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, x) for x in headers])),
        h("tbody", {}, [h("tr", {}, [h("td", {}, cell(c)) for c in row]) for row in rows]),
    )


def board(
    *,
    seats: list[El],
    centre: list[El],
    hand: list[El],
    side: list[El] | None = None,
    cls: str = "",
) -> El:
    """The table layout: opponents on top, centre, then the human's area."""
    return h(
        "div",
        {"class": f"board {cls}".strip()},
        h("div", {"class": "opponents"}, seats),
        h("div", {"class": "centre", "aria-label": "Table centre", "role": "region"}, centre),
        # Focus lands here when the control it was on is gone (dom.mount).
        h(
            "div",
            {
                "class": "my-area",
                "role": "region",
                "aria-label": "Your cards",
                "tabindex": "-1",
                "data-focus": "me",
            },
            hand,
        ),
        h("div", {"class": "side"}, side or []),
    )


def trick_card(
    face: El,
    name: str,
    *,
    key: str | None = None,
    winning: bool = False,
    won: bool = False,
    cls: str = "played-card",
    caption_cls: str = "trick-caption",
    caption_hidden: bool = False,
    won_mark: str = "won",
) -> El:
    """A card in a trick over its player's name. `winning`: it is winning the trick in play
    (the engine's `trick_winning`; the tables mark it once a second card is down: a lone
    lead has nothing to beat yet); `won`: it took the finished trick. Either shows as a
    ring and a word in the caption. `key` (`data-enter`, unique among the cards on the
    table) makes it slide in when it first appears (`vdom.settle_entries`); a redraw does
    not replay it. `caption_hidden`: the card's own label already names the player (then
    the label should say "winning" or "won" too). `won_mark`: the word for `won` ("won,
    burned": a trick that a Law burned)."""
    mark = won_mark if won else "winning" if winning else ""
    classes = [cls, "won" if won else "", "winning" if winning and not won else ""]
    return h(
        "figure",
        {"class": " ".join(c for c in classes if c), "data-enter": key},
        face,
        h(
            "figcaption",
            {"class": caption_cls, "aria-hidden": "true" if caption_hidden else None},
            name,
            # its own line under the name (read as "Bot 2 · winning")
            h("span", {"class": "trick-mark"}, h("span", {"class": "visually-hidden"}, " · "), mark)
            if mark
            else None,
        ),
    )


def seat_cards(pairs: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """`[seat, card]` pairs (a trick in play, as some engines give it) in the shape of the
    observation's `last_trick` cards: `{"seat": s, "card": c}`."""
    return [{"seat": seat, "card": card} for seat, card in pairs]


def trick_cards(
    view: PlayerView,
    cards: list[dict[str, Any]],
    face: Callable[[int, Any], El],
    *,
    winner: int | None = None,
    winning: int | None = None,
    keyed: bool = True,
) -> El:
    """A trick's cards (`{"seat", "card"}`, in play order), each drawn by `face(seat, card)`
    over its player's name: the one winning it so far (`winning`, the engine's
    `trick_winning`) or the one that took it (`winner`) marked. `keyed`: each card slides
    in when it first shows (not in a trick already on its way out)."""
    prefix = view.game.id
    return h(
        "div",
        {"class": "trick"},
        [
            trick_card(
                face(c["seat"], c["card"]),
                view.names[c["seat"]],
                key=f"{prefix}-{c['seat']}-{c['card']}" if keyed else None,
                winning=c["seat"] == winning,
                won=c["seat"] == winner,
            )
            for c in cards
        ],
    )


def collected_trick(view: PlayerView, hand: int, draw: Callable[[dict[str, Any]], El]) -> El | None:
    """The trick just taken (the observation's `last_trick`) on its way to its winner, drawn
    over the next trick as its first card is led: it slides toward the winner's seat and
    fades (CSS; gone after its first draw, and never shown under reduced motion). Only
    within a hand (`hand`: the one in play): a new hand's first lead moves nothing. `draw`
    draws the last trick, unkeyed. A picture only: the log says who took the trick."""
    obs = view.obs
    last = obs["last_trick"]
    if view.reduced_motion or len(obs["trick"]) != 1 or not last or last["hand"] != hand:
        return None
    return h(
        "div",
        {
            "class": "trick-collect",
            "data-enter": f"{view.game.id}-collect-{last['hand']}-{last['number']}",
            "data-toward": "me" if last["winner"] == view.human else "opp",
            "aria-hidden": "true",
        },
        draw(last),
    )
