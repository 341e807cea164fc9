"""Magic Trick table: rows of suit-coloured backs, nobody sees a hidden rank, sleeves are bids.

Every row is drawn in its sorted order; a hidden card is a back in its suit's colour
and symbol (the owner's too), a played card shows its rank dimmed at its place, a
sleeved card shows its rank with a "sleeve" mark. Under each hidden back a small
note gives the deduction aid: the ranks it can still have, from public facts only.
"""

from __future__ import annotations

from pygame_rules.magic_trick_wray import (
    HEARTS,
    SUITS,
    card_name,
    make_card,
    rank_of,
    rank_ranges,
    suit_of,
)
from pygame_rules.words import plural
from ui.tables.kit import CARD, GameTable, PlayerView, winning_seat
from ui.tables.widgets import (
    action_button,
    board,
    card,
    card_row,
    collected_trick,
    controls,
    data_table,
    mark,
    prompt,
    seat_panel,
    trick_cards,
)
from ui.vdom import El, h
from ui.words import (
    and_list,
    number,
    number_word,
    object_name,
    possessive,
    signed,
    their,
    upper_first,
    verb,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pygame_rules.contract import Action, Event, Observation


def ordinal(n: int) -> str:
    """1 -> '1st', 12 -> '12th', 23 -> '23rd'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def suit_words(suit: int) -> str:
    """'Moons ☾', with '(trump)' for hearts."""
    info = SUITS[suit]
    return f"{info['name']} {info['symbol']}" + (" (trump)" if suit == HEARTS else "")


def trump_note() -> str:
    """The engine's trump suit in a sentence: '<name> <symbol> are trump.'."""
    info = SUITS[HEARTS]
    return f"{info['name']} {info['symbol']} are trump."


def trump_span() -> El:
    """The trump note after what was led (left out where room is short: hearts are always
    trump, as the rules and the prompt's suits say; magic-trick-wray.css)."""
    return h("span", {"class": "trump-note"}, " " + trump_note())


def range_text(span: list[int] | None) -> str:
    """The deduction note for a hidden card: '2–5', or '3' once only one rank is left."""
    if not span:
        return ""
    low, high = span
    return str(low) if low == high else f"{low}–{high}"


def range_words(span: list[int] | None) -> str:
    if not span:
        return "rank unknown"
    low, high = span
    if low == high:
        return f"rank unknown, deduced to be {low}"
    return f"rank unknown, can be {low} to {high}"


def deduction(view: PlayerView) -> list[list[list[int] | None]] | None:
    """The engine's exact rank ranges for every hidden card (a pure function of the obs)."""
    return ranges_of(view.obs)


def ranges_of(observation: Observation) -> list[list[list[int] | None]] | None:
    """`rank_ranges` of a position still being played (None: over, or no deal fits it);
    its solver is kept (`solver_for`), so the table drawn after this finds it made."""
    if observation["phase"] == "over":
        return None
    try:
        return rank_ranges(observation)
    except ValueError:  # no consistent deal: never expected, but the table must still draw
        return None


def face_card(suit: int, rank: int, label: str, *, cls: str = "") -> El:
    """A revealed card (played, sleeved, in a trick)."""
    info = SUITS[suit]
    return card(
        label,
        rank=str(rank),
        symbol=info["symbol"],
        suit_key=info["key"],
        extra_class=cls,
    )


# -- the rows ---------------------------------------------------------------------
class KeptSlots:
    """The slots that are pictures (no action), kept from one drawing to the next: a
    row changes a card at a time, and its 40-odd slots, built anew, were half of a
    redraw's tree on MicroPython. An element is shared between trees, so nothing may
    change it once built: the tree's decorators touch only controls (`data-action`,
    `data-focus`, `data-ui`, `tabindex`) and `data-enter`, which a picture slot never
    has (tests/test_ui_tables.py checks both). Entries not used by the last
    drawing are dropped."""

    def __init__(self) -> None:
        self.previous: dict[tuple[Any, ...], El] = {}
        self.current: dict[tuple[Any, ...], El] = {}

    def begin(self) -> None:
        """A new drawing: what the last one used stays at hand, the rest goes."""
        self.previous = self.current
        self.current = {}

    def get(self, key: tuple[Any, ...]) -> El | None:
        found = self.current.get(key)
        if found is None:
            found = self.previous.get(key)
            if found is not None:
                self.current[key] = found
        return found

    def keep(self, key: tuple[Any, ...], el: El) -> El:
        self.current[key] = el
        return el


KEPT_SLOTS = KeptSlots()


def slot(
    view: PlayerView,
    seat: int,
    pos: int,
    spans: list[list[list[int] | None]] | None,
    *,
    mini: bool,
    actions: dict[int, Action],
    verb_words: str,
) -> El:
    """One place of a row: the card (a button when a legal action names it) and a note under it."""
    row = view.obs["rows"][seat]
    suit, rank, status = row["suits"][pos], row["ranks"][pos], row["status"][pos]
    action = actions.get(pos)
    if action is not None:
        return build_slot(view, seat, pos, spans, mini=mini, action=action, verb_words=verb_words)
    span = spans[seat][pos] if spans and status == "hidden" else None
    key = (seat, view.names[seat], pos, suit, rank, status, tuple(span) if span else None, mini)
    kept = KEPT_SLOTS.get(key)
    if kept is None:
        built = build_slot(view, seat, pos, spans, mini=mini, action=None, verb_words="")
        kept = KEPT_SLOTS.keep(key, built)
    return kept


def build_slot(
    view: PlayerView,
    seat: int,
    pos: int,
    spans: list[list[list[int] | None]] | None,
    *,
    mini: bool,
    action: Action | None,
    verb_words: str,
) -> El:
    """`slot`'s element, built."""
    row = view.obs["rows"][seat]
    suit, rank, status = row["suits"][pos], row["ranks"][pos], row["status"][pos]
    info = SUITS[suit]
    owner = possessive(view.names[seat])
    where = f"{owner} {ordinal(pos + 1)} card"
    size = "mini" if mini else ""
    if status == "hidden":
        span = spans[seat][pos] if spans else None
        what = f"{info['name']}, {range_words(span)}"
        if action is not None:
            label = verb_words.format(card=f"your {ordinal(pos + 1)} card", what=what)
        else:
            label = f"{where[0].upper()}{where[1:]} ({what})"
        el = card(
            label,
            symbol=info["symbol"],
            suit_key=info["key"],
            back=True,
            action=action,
            extra_class=size,
        )
        note = range_text(span)
        note_label = "can be " + note if note else ""
    else:
        played = status == "played"
        label = f"{where[0].upper()}{where[1:]}: {card_name(make_card(suit, rank))}, " + (
            "played" if played else "up the sleeve (the bid)"
        )
        el = face_card(suit, rank, label, cls=f"{status} {size}".strip())
        note = "" if played else ("bid" if mini else "sleeve")
        note_label = ""
    return h(
        "div",
        {"class": f"slot {status}", "data-pos": pos, "data-status": status},
        el,
        h("span", {"class": "slot-note", "title": note_label or None}, note),
    )


def row_el(
    view: PlayerView,
    seat: int,
    spans: list[list[list[int] | None]] | None,
    *,
    mini: bool,
    actions: dict[int, Action] | None = None,
    verb_words: str = "",
) -> El:
    """A whole row in sorted order (lowest on the left)."""
    count = len(view.obs["rows"][seat]["suits"])
    name = view.names[seat]
    label = "Your row" if seat == view.human else f"{name}'s row"
    return card_row(
        [
            slot(
                view,
                seat,
                pos,
                spans,
                mini=mini,
                actions=actions or {},
                verb_words=verb_words,
            )
            for pos in range(count)
        ],
        label=label + " (sorted lowest to highest)",
        cls="mtw-row " + ("mini" if mini else "mine"),
    )


# -- seats ------------------------------------------------------------------------
def sleeve_line(view: PlayerView, seat: int) -> str:
    sleeve = view.obs["sleeves"][seat]
    if sleeve is None:
        return "No sleeve yet"
    info = SUITS[sleeve["suit"]]
    return f"Sleeve: {sleeve['rank']} {info['symbol']} → bid {sleeve['rank']}"


def taken_line(view: PlayerView, seat: int) -> str:
    obs = view.obs
    suits = obs["suits_taken"][seat]
    symbols = " ".join(SUITS[s]["symbol"] for s in suits)
    suit_part = f" · {plural(len(suits), 'suit')} {symbols}" if suits else ""
    return plural(obs["tricks_won"][seat], "trick") + suit_part


def seat_for(view: PlayerView, seat: int, spans: list[list[list[int] | None]] | None) -> El:
    obs = view.obs
    first = f"Score {obs['scores'][seat]}"
    if obs["prestige"] and obs["prestige_counts"][seat]:
        first += f" · prestige ×{obs['prestige_counts'][seat]}"
    if obs["dealer"] == seat and obs["phase"] != "over":
        first += " · dealer"
    lines: list[str | El] = [first, sleeve_line(view, seat), taken_line(view, seat)]
    if view.thinking == seat:
        lines.append(h("span", {"class": "thinking"}, "thinking…"))
    active = obs["turn"] == seat and obs["phase"] != "over"
    extra = [] if seat == view.human else [row_el(view, seat, spans, mini=True)]
    return seat_panel(
        view.names[seat],
        seat=seat,
        lines=lines,
        active=active or view.thinking == seat,
        human=seat == view.human,
        extra=extra,
    )


# -- the centre -------------------------------------------------------------------
def faces(view: PlayerView, small: bool = False) -> Callable[[int, int], El]:
    """How a trick's card is drawn: face up, named with its player."""

    def face(seat: int, c: int) -> El:
        label = f"{view.names[seat]}: {card_name(c)}"
        return face_card(suit_of(c), rank_of(c), label, cls="small" if small else "")

    return face


def last_trick_cards(
    view: PlayerView, last: dict[str, Any], *, small: bool = True, keyed: bool = True
) -> El:
    """A taken trick (the observation's `last_trick`), its winner marked."""
    face = faces(view, small)
    return trick_cards(view, last["cards"], face, winner=last["winner"], keyed=keyed)


def hand_results(view: PlayerView, record: dict[str, Any]) -> El:
    """One line per seat of a scored hand."""
    items = []
    for r in record["results"]:
        name = view.names[r["seat"]]
        if r["made"]:
            status = "made it, with prestige" if r["prestige"] else "made it"
        else:
            status = f"missed by {abs(r['bid'] - r['tricks'])}"
        items.append(
            h(
                "li",
                {},
                f"{name}: bid {r['bid']}, {plural(r['tricks'], 'trick')}, "
                f"{plural(r['suits'], 'suit')} → {signed(r['points'])} ({status})",
            )
        )
    return h(
        "div",
        {"class": "hand-results", "role": "group", "aria-label": "Last hand's results"},
        h("p", {"class": "results-title"}, f"Hand {record['hand']} scored"),
        h("ul", {}, items),
    )


def centre_area(view: PlayerView) -> list[El]:
    obs = view.obs
    if obs["phase"] == "over":
        done = f"All {number_word(obs['hands_total'])} hands are over."
        over = [h("p", {"class": "centre-title"}, done)]
        if obs["score_sheet"]:
            over.append(hand_results(view, obs["score_sheet"][-1]))
        return over
    title = (
        f"Hand {obs['hand_number']} of {obs['hands_total']} · "
        f"trick {obs['trick_number']} of {obs['tricks_per_hand']}"
    )
    # (where room is short, the dealer's seat says it: magic-trick-wray.css)
    dealer = h("span", {"class": "title-dealer"}, f" · dealer {view.names[obs['dealer']]}")
    items: list[El] = [h("p", {"class": "centre-title"}, title, dealer)]
    led = obs["led_suit"]
    if obs["trick"]:
        items.append(
            h(
                "p",
                {"class": "led-note"},
                # suit_words already says "(trump)" when hearts are led.
                f"Led: {suit_words(led)}.",
                None if led == HEARTS else trump_span(),
            )
        )
        cards = [{"seat": c["seat"], "card": make_card(c["suit"], c["rank"])} for c in obs["trick"]]
        stage = [trick_cards(view, cards, faces(view), winning=winning_seat(view))]
        collected = collected_trick(
            view,
            obs["hand_number"],
            lambda last: last_trick_cards(view, last, small=False, keyed=False),
        )
        items.append(h("div", {"class": "trick-stage"}, stage, collected))
    else:
        leader = view.names[obs["leader"]]
        items.append(
            h(
                "p",
                {"class": "led-note"},
                f"{leader} {verb(leader, 'leads')}.",
                trump_span(),
            )
        )
        last = obs["last_trick"]
        sheet = obs["score_sheet"]
        if obs["trick_number"] == 1 and sheet:
            items.append(hand_results(view, sheet[-1]))
            if last and last["hand"] == obs["hand_number"] - 1:  # its last trick, whole
                winner = view.names[last["winner"]]
                # (where room is short, only while the bots wait at the hand's end: app.css)
                items.append(
                    h(
                        "div",
                        {"class": "hand-last-trick"},
                        h(
                            "p",
                            {"class": "last-trick"},
                            f"Last trick of hand {last['hand']} ({last['number']}): "
                            f"{winner} {verb(winner, 'takes')} it.",
                        ),
                        last_trick_cards(view, last),
                    )
                )
        elif last and last["hand"] == obs["hand_number"]:
            winner = view.names[last["winner"]]
            items.append(
                h(
                    "p",
                    {"class": "last-trick"},
                    f"Last trick ({last['number']}): {winner} {verb(winner, 'takes')} it.",
                )
            )
            items.append(last_trick_cards(view, last))
    return items


# -- the human's area ---------------------------------------------------------------
PRESTIGE_AID = "Take as many suits too for the prestige bonus. "


def my_area(view: PlayerView, spans: list[list[list[int] | None]] | None) -> list[El]:
    obs = view.obs
    me = view.human
    plays = {a["pos"]: a for a in view.legal_of("play")}
    sleeves = {a["pos"]: a for a in view.legal_of("sleeve")}
    passes = view.legal_of("pass")
    items: list[El] = [seat_for(view, me, spans)]
    aid = h(
        "p",
        {"class": "aid-note"},
        "Your row, lowest on the left. Nobody sees a hidden card's rank, you neither; "
        "the small numbers under a back are the ranks it can still have.",
    )
    if plays:
        led = obs["led_suit"]
        clues = "You don't know the ranks: the row's order and the revealed cards are your clues."
        note = ""
        if led is not None and all(obs["rows"][me]["suits"][p] == led for p in plays):
            note = f"You must follow {suit_words(led)}."
        items.append(prompt("Your turn: play a highlighted card.", note=note, aid=clues))
        items.append(
            row_el(view, me, spans, mini=False, actions=plays, verb_words="Play {card} ({what})")
        )
    elif sleeves:
        if obs["forced_sleeve"]:
            items.append(
                prompt(
                    "Your last hidden card must go up your sleeve.",
                    note="Only one hidden card is left and none is sleeved, so you cannot "
                    "pass. Its rank becomes your bid: the tricks you must take.",
                )
            )
        else:
            items.append(
                prompt(
                    "Put a card up your sleeve, or pass.",
                    note="Its rank becomes your bid: the tricks you must take this hand.",
                    aid=(PRESTIGE_AID if obs["prestige"] else "")
                    + "A sleeved card is never played. Or pass, and choose after a later card.",
                )
            )
        items.append(
            row_el(
                view,
                me,
                spans,
                mini=False,
                actions=sleeves,
                verb_words="Put {card} ({what}) up your sleeve",
            )
        )
        buttons = [action_button(p, "Pass: no sleeve for now") for p in passes]
        if buttons:
            items.append(controls(buttons, label="Sleeve or pass"))
    else:
        if obs["phase"] != "over":
            who = obs["turn"]
            step = "sleeve or pass" if obs["phase"] == "sleeve" else "play"
            items.append(h("p", {"class": "hint"}, f"Waiting for {view.names[who]} to {step}…"))
        items.append(row_el(view, me, spans, mini=False))
    items.append(aid)
    return items


# -- scores -----------------------------------------------------------------------
# The prestige bonus's mark: a bullseye (bid and suits both hit), not ★ (the Stars suit) nor
# the winner's crown.
PRESTIGE_SYMBOL = "\u25ce"


def prestige_mark() -> El:
    return mark(PRESTIGE_SYMBOL, "prestige bonus", "prestige-mark")


def points_words(total: int) -> str:
    """'2 points', '\u22121 point'."""
    return f"{number(total)} point" + ("" if abs(total) == 1 else "s")


def win_reason(view: PlayerView) -> str | None:
    """How the engine settled a tie on the top total (the observation's `tie_break`): who
    was tied, the tie-break's facts for each of them, and who won by it."""
    obs = view.obs
    tie = obs["tie_break"]
    if not tie:
        return None
    names = view.names
    tied, winners = tie["tied"], obs["winners"]

    def who(seats: list[int]) -> str:
        return and_list([object_name(names[s]) for s in seats])

    start = f"{upper_first(who(tied))} tied on {points_words(obs['scores'][tied[0]])}"
    if len(winners) == 1:
        won = f"{who(winners)} {verb(names[winners[0]], 'wins')}"
    else:
        won = f"{who(winners)} share the win"
    if tie["by"] == "prestige":
        counts = obs["prestige_counts"]
        if len(winners) == len(tied):
            return f"{start} and on prestige bonuses ({counts[tied[0]]} each), so {won}."
        facts = []
        for count in sorted({counts[s] for s in tied}, reverse=True):
            seats = [s for s in tied if counts[s] == count]
            has = verb(names[seats[0]], "has") if len(seats) == 1 else "have"
            facts.append(f"{who(seats)} {has} {count}" + (" each" if len(seats) > 1 else ""))
        return f"{start}. The tie goes to the most prestige bonuses: {', '.join(facts)}, so {won}."
    last = obs["score_sheet"][-1]["results"]
    rule = "The tie goes to whoever made their bid in the last hand with the fewest tricks"
    if not any(last[s]["made"] for s in tied):
        return f"{start}. {rule}, and none of them did, so {won}."
    facts = []
    for s in tied:
        tricks = plural(last[s]["tricks"], "trick")
        did = "made" if last[s]["made"] else "missed"
        did += f" {their(names[s])} bid" + (f" with {tricks}" if last[s]["made"] else "")
        facts.append(f"{object_name(names[s])} {did}")
    return f"{start}. {rule}: {and_list(facts)}, so {won}."


def sheet_table(view: PlayerView) -> El:
    """Hands × players: points (bid/tricks), the prestige mark for the bonus, then totals."""
    obs = view.obs
    n = obs["num_players"]
    rows: list[list[Any]] = []
    for record in obs["score_sheet"]:
        cells: list[Any] = []
        for r in record["results"]:
            points = f"{signed(r['points'])} ({r['bid']}/{r['tricks']})"
            cells.append([points, " ", prestige_mark()] if r["prestige"] else points)
        rows.append([record["hand"]] + cells)
    rows.append(["Total"] + [obs["scores"][s] for s in range(n)])
    key = "Each cell: points (bid/tricks taken)"
    if obs["prestige"]:
        key += f"; {PRESTIGE_SYMBOL} prestige bonus"
    return h(
        "div",
        {"class": "sheet"},
        h(
            "div",
            {
                "class": "table-scroll",
                "tabindex": "0",
                "role": "region",
                "aria-label": "Score sheet",
            },
            data_table(["Hand"] + view.names[:n], rows, caption="Scores per hand"),
        ),
        h("p", {"class": "sheet-key"}, key + "."),
    )


def render(view: PlayerView) -> El:
    KEPT_SLOTS.begin()
    me = view.human
    n = view.obs["num_players"]
    spans = deduction(view)
    others = [(me + i) % n for i in range(1, n)]
    return board(
        seats=[seat_for(view, s, spans) for s in others],
        centre=centre_area(view),
        hand=my_area(view, spans),
        side=[sheet_table(view)],
    )


def final_details(view: PlayerView) -> El:
    """Every hand of every player: bid, tricks, suits, points."""
    obs = view.obs
    rows: list[list[Any]] = []
    for record in obs["score_sheet"]:
        for r in record["results"]:
            rows.append(
                [
                    record["hand"],
                    view.names[r["seat"]],
                    r["bid"],
                    r["tricks"],
                    r["suits"],
                    [signed(r["points"]), " ", prestige_mark()]
                    if r["prestige"]
                    else signed(r["points"]),
                ]
            )
    caption = "Every hand: bid (sleeve rank), tricks and suits taken, points"
    if obs["prestige"]:
        caption += f"; {PRESTIGE_SYMBOL} prestige bonus"
    return h(
        "div",
        {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": "Hand scores"},
        data_table(
            ["Hand", "Player", "Bid", "Tricks", "Suits", "Points"],
            rows,
            caption=caption,
            cls="score-table hand-scores",
        ),
    )


# -- the log ----------------------------------------------------------------------
def describe(event: Event, names: list[str]) -> str | None:
    """One log line per event (everything in this game is public)."""
    kind = event["type"]
    if kind == "play":
        who = names[event["seat"]]
        return f"{who} played the {card_name(event['card'])}."
    if kind == "forced_sleeve":
        who = names[event["seat"]]
        return f"{who} must put {their(who)} last hidden card up {their(who)} sleeve."
    if kind == "sleeve":
        who = names[event["seat"]]
        forced = " (forced)" if event.get("forced") else ""
        return (
            f"{who} put a card up {their(who)} sleeve{forced}: the {card_name(event['card'])} "
            f"— {'your' if who == 'You' else 'a'} bid of {event['rank']}."
        )
    if kind == "pass":
        return f"{names[event['seat']]} passed (no sleeve yet)."
    if kind == "trick":
        winner = event["winner"]
        card_won = next((c for s, c in event["cards"] if s == winner), None)
        with_card = f" with the {card_name(card_won)}" if card_won is not None else ""
        why = f": {event['reason']}" if event.get("reason") else ""
        return f"{names[winner]} won trick {event['trick_number']}{with_card}{why}."
    if kind == "hand_scored":
        parts = [
            f"{names[r['seat']]} {signed(r['points'])} "
            f"(bid {r['bid']}, {plural(r['tricks'], 'trick')}"
            + (", prestige" if r["prestige"] else "")
            + ")"
            for r in event["results"]
        ]
        return f"Hand {event['hand']} scored: " + "; ".join(parts) + "."
    if kind == "deal":
        dealer, leader = names[event["dealer"]], names[event["leader"]]
        return (
            f"Hand {event['hand']} dealt by {object_name(dealer)}; "
            f"{object_name(leader)} {verb(leader, 'leads')}."
        )
    if kind == "game_over":
        winners = [names[w] for w in event["winners"]]
        many = len(winners) > 1 or winners == ["You"]
        return f"Game over: {' and '.join(winners)} {'win' if many else 'wins'}."
    return None


def face_up(card: int) -> El:
    """A card drawn small and face up (the review, the last trick)."""
    return face_card(suit_of(card), rank_of(card), card_name(card), cls="small")


TABLE = GameTable(
    render,
    describe,
    final_details=final_details,
    win_reason=win_reason,
    face_up=face_up,
    prepare=ranges_of,
    sounds={"play": CARD},
)
