"""Magic Trick (Baker) table: the setup ritual, the Laws in plain words, tricks, rope piles,
and every hand's score explained Law by Law.

The human takes part in the ritual: put a card face down (each card shows the Law it
would bring), pick the Laws blind from the face-down cards (tap them, then turn them
up), see them become the Laws. The Laws stay on the table with their text; when the
Illusionist is replaced the table says so. Bids, tricks (a rope trick is a growing pile
with the engine's guidance), the last hand's breakdown and the totals to the target.

Every rule the table states comes from the engine: Law texts and the Illusionist's
words (`magic_trick_baker_laws`), the rules line, the rope guide, the fan and pick sizes and the
Law that burned a trick (the observation), the follow and rope-lead rules
(`magic_trick_baker_laws` constants). The table only prints them.
"""

from __future__ import annotations

from pygame_rules.magic_trick_baker import FAN_SIZE, PICK_SIZE, SUITS
from pygame_rules.magic_trick_baker_laws import (
    FOLLOW_RULE,
    ILLUSIONIST,
    LAW_OF_CARD,
    NO_FOLLOW_RULE,
    ROPE_LEAD_RULE,
    ROPE_OUT_POINTS,
    TheIllusionist,
    card_name,
    rank_of,
    suit_of,
)
from pygame_rules.words import plural
from ui.tables.kit import CARD, GameTable, PlayerView, winning_seat
from ui.tables.widgets import (
    action_button,
    board,
    card,
    collected_trick,
    controls,
    data_table,
    openable,
    prompt,
    seat_cards,
    seat_panel,
    trick_card,
)
from ui.vdom import El, h
from ui.words import minus_signs, number, number_word, object_name, signed, their, upper_first, verb

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pygame_rules.contract import Action, Event, Observation

FAN = "mtb-fan"  # UI step: select face-down cards of the fan (as many as picked, then confirm)
RANK_MARKS = ["★", "2", "3", "4"]
ORDINAL_WORDS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh"]


def the_last(fan: int) -> str:
    """'the third': the card of a fan of `fan` left when the others are picked."""
    return f"the {ORDINAL_WORDS[fan]}" if 0 <= fan < len(ORDINAL_WORDS) else "the last"


# -- words -----------------------------------------------------------------------------
def title(c: int) -> str:
    """'Star of Hats', 'The Illusionist'."""
    name = card_name(c)
    return name[0].upper() + name[1:]


def law_name(c: int) -> str:
    return LAW_OF_CARD[c].name


def with_law(c: int) -> str:
    """'3 of Hats (Law: Night Club)': how a card in hand is named, in its label and in a
    lesson's note, with its caption (the Law's name) in it; 'The Illusionist' (its Law's
    name too)."""
    law = law_name(c)
    return title(c) if law == title(c) else f"{title(c)} (Law: {law})"


# -- cards -----------------------------------------------------------------------------------
def card_el(
    c: int,
    *,
    action: Action | None = None,
    label: str | None = None,
    cls: str = "",
    note: str = "",
) -> El:
    """A face-up card: rank mark over its suit's icon (drawn in CSS), named in words."""
    suit = SUITS[suit_of(c)]
    rank = "✦" if c == ILLUSIONIST else RANK_MARKS[rank_of(c)]
    return card(
        label or with_law(c),
        rank=rank,
        symbol="",
        suit_key=suit["key"],
        action=action,
        extra_class=f"mtb-card {cls}".strip(),
        note=note,
    )


def back_el(
    label: str, *, ui: tuple[str, Any] | None = None, selected: bool = False, cls: str = ""
) -> El:
    """A face-down card (nobody sees what it is)."""
    return card(
        label,
        back=True,
        ui=ui,
        selected=selected,
        extra_class=f"mtb-back {cls}".strip(),
    )


def captioned(el: El, caption: str, *, cls: str = "") -> El:
    """A card with a small caption under it (its Law's name, or whose it is)."""
    return h(
        "figure",
        {"class": f"mtb-slot {cls}".strip()},
        el,
        h("figcaption", {"class": "mtb-caption", "aria-hidden": "true"}, caption),
    )


# -- the Laws -----------------------------------------------------------------------------------
def law_tile(law: dict[str, Any], *, fresh: bool, replaced_from: int | None = None) -> El:
    """One Law in force: its card, name and text (and where it came from)."""
    card_face = card_el(law["card"], label=f"{law['card_name']}: {law['name']}", cls="small")
    origin = None
    if replaced_from is not None:
        origin = h(
            "p",
            {"class": "law-origin"},
            f"Replaced {TheIllusionist.name}: the {law['card_name']} lost trick {replaced_from}.",
        )
    return h(
        "div",
        {"class": "law-tile" + (" fresh" if fresh else ""), "data-law": law["id"]},
        card_face,
        h(
            "div",
            {"class": "law-words"},
            h("p", {"class": "law-name"}, law["name"]),
            h("p", {"class": "law-text"}, law["text"]),
            origin,
        ),
    )


def laws_panel(view: PlayerView) -> El | None:
    obs = view.obs
    if not obs["laws"]:
        return None
    fresh = not obs["tricks"] and not obs["trick"]
    replacement = obs["replacement"]
    just_replaced = (
        replacement is not None and replacement["trick"] == len(obs["tricks"]) and not obs["trick"]
    )
    tiles = []
    for law in obs["laws"]:
        came = replacement["trick"] if replacement and law["card"] == replacement["card"] else None
        tiles.append(
            law_tile(law, fresh=fresh or (came is not None and just_replaced), replaced_from=came)
        )
    note = None
    if obs["illusionist_waiting"]:
        note = h("p", {"class": "law-note"}, TheIllusionist.waiting)
    # Where room is short, the Laws' names and the rules line; their texts at a tap.
    return openable(
        h(
            "section",
            {"class": "laws", "aria-label": "This hand's Laws"},
            h("h3", {"class": "laws-title"}, "This hand's Laws"),
            h("div", {"class": "law-tiles"}, tiles),
            note,
            h("p", {"class": "rules-line"}, obs["rules"]["line"]),
        ),
        "laws",
        "This hand's Laws",
    )


# -- the setup ritual ----------------------------------------------------------------------------
def ritual_area(view: PlayerView) -> list[El]:
    """Face-down cards: the set-aside one, the dealer's, the pone's; then the fan to pick from."""
    obs = view.obs
    names = view.names
    dealer, pone = obs["dealer"], obs["pone"]
    fan, picks = number_word(obs["fan_cards"]), number_word(obs["pick_size"])
    if obs["phase"] == "down":
        slots = [captioned(back_el("The set-aside card, face down"), "set aside")]
        for seat in (dealer, pone):
            who = names[seat]
            if obs["face_down_placed"][seat]:
                mine = seat == view.human
                label = f"{who}'s face-down card" + (
                    f": {with_law(obs['face_down'])}" if mine else ""
                )
                el = card_el(obs["face_down"], label=label, cls="small") if mine else back_el(label)
                slots.append(captioned(el, "yours" if mine else f"{who}'s"))
            else:
                slots.append(h("div", {"class": "mtb-slot empty"}, f"{who}…"))
        return [
            h(
                "p",
                {"class": "ritual-note"},
                f"Face-down cards ({picks} of these {fan} become the Laws):",
            ),
            h(
                "div",
                {"class": "ritual-row", "role": "group", "aria-label": "Face-down cards"},
                slots,
            ),
        ]
    if obs["phase"] == "pick":
        chooser = names[pone]
        picking = pone == view.human and bool(view.legal)
        chosen = picked(view)
        backs = []
        for i in range(obs["fan_size"]):
            label = f"Face-down card {i + 1} of {obs['fan_size']}"
            # all picks chosen: the other cards wait
            if picking and (i in chosen or len(chosen) < obs["pick_size"]):
                state = "selected" if i in chosen else "not selected"
                backs.append(back_el(f"{label}, {state}", ui=(FAN, i), selected=i in chosen))
            else:
                backs.append(back_el(label))
        return [
            h(
                "p",
                {"class": "ritual-note"},
                f"The {fan} face-down cards, shuffled: {object_name(chooser)} "
                f"{verb(chooser, 'picks')} {picks} blind; they become the Laws, "
                f"{the_last(obs['fan_cards'])} is burned unseen.",
            ),
            h("div", {"class": "ritual-row fan", "role": "group", "aria-label": "The fan"}, backs),
        ]
    return []


def picked(view: PlayerView) -> list[int]:
    return [i for i in view.picks if isinstance(i, int)]


def choose_card(value: str, view: PlayerView) -> list[int]:
    """Select (or unselect) a face-down card of the fan; at most as many as the pone picks
    (the other cards are no buttons while that many are chosen): the choice after it."""
    chosen = picked(view)
    try:
        i = int(value)
    except ValueError:
        return chosen
    if i in chosen:
        chosen.remove(i)
    elif 0 <= i < view.obs["fan_size"] and len(chosen) < view.obs["pick_size"]:
        chosen = chosen + [i]
    return chosen


def arrange(action: Mapping[str, Any], view: PlayerView) -> list[int]:
    """A hinted (or a lesson's) pick: its cards selected, so its button appears."""
    return list(action["fan"]) if action.get("type") == "pick" else []


# -- tricks --------------------------------------------------------------------------------------
def played_cards(
    view: PlayerView,
    cards: list[dict[str, Any]],
    *,
    cls: str,
    small: bool,
    winning: int | None = None,
    won: int | None = None,
    burned: bool = False,
    keyed: bool = True,
) -> El:
    """Cards in a trick or pile (`{"seat", "card"}`, in play order), each captioned with who
    played it (the last one on top).

    Marked: the card winning the trick in play (`winning`: the engine's `trick_winning`
    seat, its last card in the pile) or the card that took it (`won`; `burned`: a Law
    burned the trick, said beside "won" where room is short). `keyed`: each card
    slides in when it first shows (not in a trick already on its way out)."""
    mark = won
    won_mark = "won, burned" if burned else "won"
    if winning is not None:
        mark = next(c["card"] for c in reversed(cards) if c["seat"] == winning)
    figures = []
    for i, played in enumerate(cards):
        seat, c = played["seat"], played["card"]
        top = " top" if i == len(cards) - 1 and cls == "rope-pile" else ""
        state = ""
        if c == mark:
            burn = ", burned" if burned else ""
            state = ", winning the trick" if won is None else f", won the trick{burn}"
        face = card_el(
            c,
            label=f"{view.names[seat]}: {title(c)}{state}",
            cls=("small" if small else "") + top,
        )
        figures.append(
            trick_card(
                face,
                view.names[seat],
                key=f"mtb-{seat}-{c}" if keyed else None,
                winning=c == mark and won is None,
                won=c == mark and won is not None,
                cls="mtb-slot",
                caption_cls="mtb-caption trick-caption",
                caption_hidden=True,
                won_mark=won_mark,
            )
        )
    label = {"rope-pile": "Rope trick pile", "trick": "Trick"}.get(cls, "Last trick")
    return h("div", {"class": cls, "role": "group", "aria-label": label}, figures)


def last_trick_cards(view: PlayerView, last: dict[str, Any], keyed: bool = True) -> El:
    """A taken trick (the observation's `last_trick`), the card that took it marked."""
    return played_cards(
        view,
        last["cards"],
        cls="trick last",
        small=True,
        won=last["win_card"],
        burned=last["burned"],
        keyed=keyed,
    )


def trick_area(view: PlayerView) -> list[El]:
    """The trick (or rope pile) in play; else the last trick and who leads next."""
    obs = view.obs
    names = view.names
    if obs["phase"] not in ("play", "bid"):
        return []
    rope = obs["rules"]["rope"]
    number = obs["trick_number"]
    winning = winning_seat(view)
    trick = seat_cards(obs["trick"])
    collected = collected_trick(
        view, obs["hand_number"], lambda last: last_trick_cards(view, last, keyed=False)
    )
    if trick and rope:
        pile = played_cards(view, trick, cls="rope-pile", small=True, winning=winning)
        items = [
            # (where room is short, left to the centre's title, the Rope Trick Law and the
            # prompt: magic-trick-baker.css)
            h("p", {"class": "trick-title plain"}, f"Rope trick {number}: the pile"),
            h("div", {"class": "trick-stage"}, pile, collected),
        ]
        if obs["turn"] != view.human:  # the human's prompt gives the same guidance
            items.append(h("p", {"class": "rope-guide"}, obs["rope_guide"]))
        return items
    if trick:
        cards = played_cards(view, trick, cls="trick", small=False, winning=winning)
        return [
            # (where room is short, the centre's title says it: magic-trick-baker.css)
            h("p", {"class": "trick-title plain"}, f"Trick {number}"),
            h("div", {"class": "trick-stage"}, cards, collected),
        ]
    items = []
    last = obs["last_trick"]
    if last and last["hand"] == obs["hand_number"]:
        winner = names[last["winner"]]
        burned = f" — burned by {last['burned_by']}" if last["burned"] else ""
        took = f"Trick {number - 1}: {winner} {verb(winner, 'takes')} it{burned}."
        # (where room is short, left to the winner's caption: "won" or "won, burned")
        items.append(h("p", {"class": "trick-title taken"}, took))
        items.append(last_trick_cards(view, last))
    if obs["phase"] == "play":
        leader = names[obs["turn"]]
        kind = "a rope trick" if rope else f"trick {number}"
        items.append(h("p", {"class": "lead-note"}, f"{leader} {verb(leader, 'leads')} {kind}."))
    return items


# -- seats and my area ------------------------------------------------------------------------
def facts(view: PlayerView, seat: int, held: int | None = None) -> list[str | El]:
    """A seat's score, role, tricks and bid (and `held`: how many cards it holds, for a seat
    whose hand is drawn as backs that a summed-up seat hides)."""
    obs = view.obs
    role = "dealer" if obs["dealer"] == seat else "pone (leads)"
    score = obs["scores"][seat]
    lines: list[str | El] = [
        h(
            "span",
            {"class": "score-line"},
            f"Score {number(score)} (to {obs['target']}) · {role}",
            h(
                "progress",
                {
                    "max": obs["target"],
                    "value": max(0, min(score, obs["target"])),
                    "aria-hidden": "true",
                },
            ),
        )
    ]
    if obs["phase"] in ("bid", "play"):
        won = obs["tricks_won"][seat]
        bid = obs["bids"][seat]
        bid_text = f" · bid {bid}" if bid is not None else ""
        pile = len(obs["piles"][seat])
        holds = f" · {held} in hand" if held is not None else ""
        lines.append(
            f"{plural(won, 'trick')} this hand{bid_text} · {plural(pile, 'card')} won{holds}"
        )
    elif held is not None:
        lines.append(f"{plural(held, 'card')} in hand")
    if view.thinking == seat:
        lines.append(h("span", {"class": "thinking"}, "thinking…"))
    return lines


def opponent_seat(view: PlayerView, seat: int) -> El:
    obs = view.obs
    count = obs["hand_sizes"][seat]
    backs = [back_el("", cls="mini") for _ in range(count)]
    for back in backs:  # the row as a whole is the picture ("Bot 1 holds 4 cards")
        del back.attrs["role"], back.attrs["aria-label"]
        back.attrs["aria-hidden"] = "true"
    extra = [
        h(
            "div",
            {
                "class": "card-row opp-hand",
                "role": "img",
                "aria-label": f"{view.names[seat]} holds {plural(count, 'card')}",
            },
            backs,
        )
    ]
    return seat_panel(
        view.names[seat],
        seat=seat,
        lines=facts(view, seat, held=count),
        active=(obs["turn"] == seat and obs["phase"] != "over") or view.thinking == seat,
        extra=extra,
    )


def my_area(view: PlayerView) -> list[El]:
    obs = view.obs
    me = view.human
    items: list[El] = [
        seat_panel(
            view.names[me],
            seat=me,
            lines=facts(view, me),
            active=bool(view.legal),
            human=True,
        )
    ]
    hand = obs["hand"]
    downs = {a["card"]: a for a in view.legal_of("down")}
    plays = {a["card"]: a for a in view.legal_of("play")}
    fan, picks = number_word(obs["fan_cards"]), number_word(obs["pick_size"])
    if downs:
        items.append(
            prompt(
                "Choose a card to put face down.",
                note=f"{upper_first(picks)} times in {fan} it becomes one of this hand's Laws "
                "(each card's caption is its Law).",
                aid=f"The other player does the same; the pone picks {picks} of the {fan} "
                "face-down cards blind.",
            )
        )
        items.append(hand_row(view, hand, downs, "Put {card} face down"))
        items.append(law_list(hand))
        return items
    if view.legal_of("pick"):
        chosen = picked(view)
        if len(chosen) == obs["pick_size"]:
            action: Action = {"type": "pick", "fan": sorted(chosen)}
            button = [
                action_button(action, f"Turn these {picks} face up", cls="btn primary"),
                h("p", {"class": "hint"}, "To change your pick, tap a chosen card first."),
            ]
        else:
            count = f"{len(chosen)} of {obs['pick_size']} chosen"
            button = [h("p", {"class": "hint"}, f"Tap {picks} face-down cards ({count}).")]
        items.append(
            prompt(
                f"Pick {picks} of the {fan} face-down cards.",
                note=f"The {picks} you pick become the Laws.",
                aid="You cannot see them: one of them is yours, one the dealer's, one was set "
                "aside at the deal.",
            )
        )
        items.append(controls(button, label=f"Pick {picks}"))
    elif view.legal_of("bid"):
        bids = view.legal_of("bid")
        law = next((x for x in obs["laws"] if x["needs_bid"]), None)
        if obs["tricks"] and law:
            # A late bid: the Law that asks for it and that it counts the tricks won already;
            # the Law's text (also at a tap on the Laws) left out where room is short.
            won = obs["tricks_won"][me]
            late = f"{TheIllusionist.late_bid[0].lower()}{TheIllusionist.late_bid[1:]}"
            note = f"{law['name']} — {late}: you have {plural(won, 'trick')}."
            items.append(prompt("Bid how many tricks you will win.", note=note, aid=law["text"]))
        else:
            why = f"{law['name']}: {law['text']}" if law else ""
            items.append(prompt("Bid how many tricks you will win.", note=why))
        items.append(
            controls(
                [action_button(a, f"Bid {a['tricks']}", cls="btn bid") for a in bids],
                label="Your bid",
            )
        )
    elif plays:
        items.append(play_prompt(view, plays))
    elif obs["phase"] != "over" and obs["turn"] is not None:
        who = view.names[obs["turn"]]
        items.append(h("p", {"class": "hint"}, f"Waiting for {who}…"))
    if hand and obs["phase"] != "over":
        items.append(hand_row(view, hand, plays, "Play {card}"))
    return items


def play_prompt(view: PlayerView, plays: dict[int, Action]) -> El:
    obs = view.obs
    if obs["rules"]["rope"]:
        if obs["trick"]:
            # What may go on the pile, then (left out where room is short) what if none can.
            how, _, then = obs["rope_guide"].partition(" Who cannot play")
            aid = "Who cannot play" + then if then else ""
            return prompt("Your turn: go on the pile.", note=how, aid=aid)
        # How a rope trick goes on, then (left out where room is short) how it ends.
        how, dot, then = ROPE_LEAD_RULE.partition(". ")
        return prompt("Your turn: lead a rope trick.", note=how + dot.strip(), aid=then)
    if not obs["trick"]:
        return prompt("Your lead: play any card.")
    if len(plays) < len(obs["hand"]):
        return prompt("Your turn: follow suit.", note=FOLLOW_RULE)
    return prompt("Your turn: play any card.", note=NO_FOLLOW_RULE)


def hand_row(view: PlayerView, hand: list[int], actions: dict[int, Action], words: str) -> El:
    slots = []
    for c in hand:
        action = actions.get(c)
        # Named with its caption (the Law), as a lesson's note names it too.
        label = words.format(card=with_law(c)) if action else with_law(c)
        dim = "dim" if actions and action is None else ""
        slots.append(
            captioned(card_el(c, action=action, label=label, cls=dim), law_name(c), cls=dim)
        )
    return h("div", {"class": "my-hand", "role": "group", "aria-label": "Your hand"}, slots)


def law_list(hand: list[int]) -> El:
    """What each card in hand would do as a Law (the down step)."""
    return h(
        "details",
        {"class": "law-list"},
        h("summary", {}, "What each of your cards would do as a Law"),
        h(
            "dl",
            {},
            [
                [h("dt", {}, f"{title(c)}: {law_name(c)}"), h("dd", {}, LAW_OF_CARD[c].text)]
                for c in hand
            ],
        ),
    )


# -- scores -----------------------------------------------------------------------------------
def breakdown(view: PlayerView, record: dict[str, Any], *, heading: str) -> El:
    """One scored hand: every seat's lines, each naming the Law that gave or took the points."""
    laws = ", ".join(law_name(c) for c in record["laws"])
    blocks = []
    for seat in range(len(record["lines"])):
        lines = record["lines"][seat]
        rows = [
            h(
                "li",
                {"data-source": line["source"]},
                h("span", {"class": "line-label"}, minus_signs(line["label"])),
                h("span", {"class": "line-points"}, signed(line["points"])),
            )
            for line in lines
        ]
        bid = record["bids"][seat]
        head = f"{view.names[seat]}: {signed(record['points'][seat])}"
        sub = f"{plural(record['tricks_won'][seat], 'trick')}" + (
            f", bid {bid}" if bid is not None else ""
        )
        blocks.append(
            h(
                "div",
                {
                    "class": "seat-breakdown",
                    "data-seat": seat,
                    "data-points": record["points"][seat],
                },
                h(
                    "p",
                    {"class": "breakdown-head"},
                    head,
                    h("span", {"class": "breakdown-sub"}, f" ({sub})"),
                ),
                h("ul", {"class": "breakdown-lines"}, rows),
            )
        )
    return h(
        "section",
        {"class": "hand-breakdown", "aria-label": heading, "data-hand": record["hand"]},
        h(
            "p",
            {"class": "breakdown-title"},
            heading,
            h("span", {"class": "breakdown-laws"}, f" — Laws: {laws}"),
        ),
        blocks,
    )


def sheet(view: PlayerView) -> El:
    obs = view.obs
    rows: list[list[Any]] = []
    for record in obs["scored_hands"]:
        laws = " + ".join(law_name(c) for c in record["laws"])
        rows.append([record["hand"], laws] + [signed(p) for p in record["points"]])
    rows.append(["", "Total"] + [number(t) for t in obs["scores"]])
    return h(
        "div",
        {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": "Score sheet"},
        data_table(
            ["Hand", "Laws"] + view.names[: len(obs["scores"])],
            rows,
            caption=f"Scores (first to {obs['target']})",
        ),
    )


# -- the whole table ----------------------------------------------------------------------------
def centre_area(view: PlayerView) -> list[El]:
    obs = view.obs
    if obs["phase"] == "over":
        return [h("p", {"class": "centre-title"}, "The game is over: the scores are above.")]
    dealer = view.names[obs["dealer"]]
    step = {
        "down": "face-down cards",
        "pick": "the pick",
        "bid": "bids",
        "play": f"trick {obs['trick_number']}",
    }[obs["phase"]]
    heading = f"Hand {obs['hand_number']} · {dealer} {verb(dealer, 'deals')} · {step}"
    items = [h("p", {"class": "centre-title"}, heading)]
    items += ritual_area(view)
    # The trick first: on a phone the Laws' texts pushed it under your docked hand.
    items += trick_area(view)
    panel = laws_panel(view)
    if panel is not None:
        items.append(panel)
    if obs["phase"] in ("bid", "play") and obs["rules"]["needs_bid"]:
        bids = [f"{view.names[s]} {'?' if b is None else b}" for s, b in enumerate(obs["bids"])]
        # Each seat says its bid too (where room is short, only there: magic-trick-baker.css).
        items.append(h("p", {"class": "bids-line on-seats"}, "Bids: " + ", ".join(bids)))
    early = obs["phase"] in ("down", "pick") or (not obs["tricks"] and not obs["trick"])
    last = obs["last_trick"]
    if last and early and last["hand"] == obs["scored_hands"][-1]["hand"]:
        # How the hand ended: its final trick, the card that took it marked.
        winner = view.names[last["winner"]]
        burned = f" — burned by {last['burned_by']}" if last["burned"] else ""
        took = (
            f"Last trick of hand {last['hand']} ({last['number']}): "
            f"{winner} {verb(winner, 'takes')} it{burned}."
        )
        # (where room is short, only while the bots wait at the hand's end: app.css)
        items.append(
            h(
                "div",
                {"class": "hand-last-trick"},
                h("p", {"class": "trick-title"}, took),
                last_trick_cards(view, last),
            )
        )
    if obs["scored_hands"] and early:
        items.append(
            breakdown(
                view,
                obs["scored_hands"][-1],
                heading=f"Hand {obs['scored_hands'][-1]['hand']} scored",
            )
        )
    return items


def render(view: PlayerView) -> El:
    opp = 1 - view.human
    return board(
        seats=[opponent_seat(view, opp)],
        centre=centre_area(view),
        hand=my_area(view),
        side=[sheet(view)] if view.obs["scored_hands"] and view.obs["phase"] != "over" else [],
    )


def final_details(view: PlayerView) -> El | None:
    """Every hand, and the last hand's breakdown by Law."""
    obs = view.obs
    if not obs["scored_hands"]:
        return None
    last = obs["scored_hands"][-1]
    limit = None
    if obs["stopped_at_limit"]:
        limit = h(
            "p",
            {"class": "mtb-limit"},
            f"The game stopped after {obs['max_hands']} hands, this app's limit: nobody "
            f"reached {obs['target']} alone, and scores can sink for ever.",
        )
    return h(
        "div",
        {"class": "mtb-final"},
        limit,
        sheet(view),
        breakdown(view, last, heading=f"Hand {last['hand']} (the last)"),
    )


# -- the log --------------------------------------------------------------------------------------
def the_card(card: int) -> str:
    """'the 3 of Wands', 'the Illusionist' (whose name already has its article)."""
    name = card_name(card)
    return name if name.startswith("the ") else f"the {name}"


def describe(event: Event, names: list[str]) -> str | None:
    """One log line per event the human saw."""
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "deal":
        dealer, pone = names[event["dealer"]], names[event["pone"]]
        return (
            f"Hand {event['hand']}: {dealer} {verb(dealer, 'deals')}; "
            f"{object_name(pone)} {verb(pone, 'leads')}."
        )
    if kind == "dealt":
        return f"{who} {verb(who, 'gets')} " + ", ".join(title(c) for c in event["cards"]) + "."
    if kind == "face_down":
        if who == "You":  # the private line below names the card
            return None
        return f"{who} {verb(who, 'puts')} a card face down."
    if kind == "face_down_card":
        card = event["card"]
        return f"{who} put {the_card(card)} face down, Law: {law_name(card)} (only you know)."
    if kind == "fan":
        pone = names[event["pone"]]
        chooser = object_name(pone)
        return (
            f"The {number_word(FAN_SIZE)} face-down cards are shuffled; {chooser} "
            f"{verb(pone, 'picks')} {number_word(PICK_SIZE)}."
        )
    if kind == "laws":
        laws = " and ".join(
            law_name(c) if law_name(c) == title(c) else f"{law_name(c)} ({title(c)})"
            for c in event["cards"]
        )
        return f"The Laws: {laws}. {upper_first(the_last(FAN_SIZE))} card is burned unseen."
    if kind == "own_card_fate":
        fate = "became a Law" if event["fate"] == "law" else "was the burned card"
        return f"({upper_first(their(who))} {title(event['card'])} {fate}.)"
    if kind == "bidding":
        pone = names[event["pone"]]
        return f"Bids now, {object_name(pone)} first."
    if kind == "bid":
        return f"{who} {verb(who, 'bids')} {event['tricks']}."
    if kind == "play":
        return f"{who} {verb(who, 'plays')} {the_card(event['card'])}."
    if kind == "stuck":
        return f"{who} cannot go on {the_card(event['top'])}."
    if kind == "rope_out":
        return f"{who} played {their(who)} last card: {signed(ROPE_OUT_POINTS)}, and the pile."
    if kind == "trick":
        winner = names[event["winner"]]
        burned = f" It is burned ({event['burned_by']})." if event.get("burned") else ""
        why = f": {event['reason']}" if event.get("reason") else ""
        return (
            f"{winner} {verb(winner, 'takes')} trick {event['trick_number']} "
            f"with {the_card(event['win_card'])}{why}.{burned}"
        )
    if kind == "illusionist":
        return (
            f"The {card_name(event['card'])} lost: its Law, {law_name(event['card'])}, "
            f"replaces {TheIllusionist.name}."
        )
    if kind == "hand_scored":
        seats = range(len(event["points"]))
        parts = [f"{names[s]} {signed(event['points'][s])}" for s in seats]
        totals = ", ".join(f"{names[s]} {number(event['totals'][s])}" for s in seats)
        return f"Hand {event['hand']} scored: " + ", ".join(parts) + f". Totals: {totals}."
    if kind == "tie_at_top":
        return "Tied at the top: another hand."
    if kind == "game_over":
        winners = [names[w] for w in event["winners"]]
        many = len(winners) > 1 or winners == ["You"]
        why = " at this app's hand limit" if event.get("hand_limit") else ""
        return f"Game over{why}: {' and '.join(winners)} {'win' if many else 'wins'}."
    return None


FAN_PLACES = ("first", "second", "third")  # the fan's face-down cards, left to right


def choice_words(action: Mapping[str, Any], _obs: Observation) -> str | None:
    """The card put face down (the log's line names it apart), or which of the fan's
    face-down cards are picked (blind: the Laws they turn out to be are not the move)."""
    if action.get("type") == "down":
        card = action["card"]
        return f"You put {the_card(card)} face down (Law: {law_name(card)})."
    if action.get("type") == "pick":
        first, second = (FAN_PLACES[i] for i in action["fan"])
        return f"You pick the {first} and the {second} face-down cards, blind."
    return None


TABLE = GameTable(
    render,
    describe,
    choice_words=choice_words,
    controls={FAN: choose_card},
    arrange=arrange,
    final_details=final_details,
    face_up=card_el,
    sounds={"play": CARD},
)
