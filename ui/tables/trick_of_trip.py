"""Trick of Trip table: the two-step draft, low-card tricks, per-suit scores."""

from __future__ import annotations

from pygame_rules.trick_of_trip import PLAY_RULE, SCORE_RULE, SUITS, card_name, rank_of, suit_of
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
    prompt,
    seat_cards,
    seat_panel,
    trick_cards,
)
from ui.vdom import El, h
from ui.words import number_word, object_name, possessive, verb

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pygame_rules.contract import Action, Event, Observation

TOGGLE = "tot-move"  # move a card between the two groups while splitting


def card_el(
    c: int,
    *,
    action: Action | None = None,
    ui: tuple[str, Any] | None = None,
    selected: bool = False,
    small: bool = False,
) -> El:
    suit = SUITS[suit_of(c)]
    return card(
        card_name(c),
        rank=str(rank_of(c)),
        symbol=suit["symbol"],
        suit_key=suit["key"],
        action=action,
        ui=ui,
        selected=selected,
        extra_class="small" if small else "",
    )


def cards_text(cards: list[int]) -> str:
    return ", ".join(card_name(c) for c in cards) or "none"


def describe(event: Event, names: list[str]) -> str | None:
    """One log line per event the human saw."""
    kind = event["type"]
    if kind == "played":
        return f"{names[event['seat']]} played the {card_name(event['card'])}."
    if kind == "trick_won":
        return (
            f"{names[event['winner']]} won the trick with the {card_name(event['card'])}: "
            f"{event['reason']}."
        )
    if kind == "round_over":
        scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["scores"]))
        return f"Round {event['round']} over. Scores: {scores}."
    if kind == "round_start":
        lead = event["lead"]
        leader = names[lead["seat"]]
        return (
            f"Round {event['round']}: stands pass {event['direction']}; "
            f"{object_name(leader)} {verb(leader, 'leads')} ({lead['reason']})."
        )
    if kind == "dealt":
        return f"You drew {cards_text(event['cards'])}."
    if kind == "stand_picked":
        who = names[event["receiver"]]
        giver = possessive(names[event["splitter"]])
        return f"{who} took {cards_text(event['picked'])} from {giver} stand."
    if kind == "tricks_start":
        leader = names[event["leader"]]
        return f"Tricks begin: {object_name(leader)} {verb(leader, 'leads')}."
    if kind == "game_over":
        return "Game over."
    return None


def move_card(value: str, view: PlayerView) -> list[int]:
    """Move a card between group A and group B of the split: group B after it."""
    group_b = list(view.picks)
    c = int(value)
    if c in group_b:
        group_b.remove(c)
    elif len(group_b) < view.obs["set_size"] and c in view.obs["hand"]:
        group_b.append(c)
    return group_b


def arrange(action: Mapping[str, Any], view: PlayerView) -> list[int]:
    """A hinted (or a lesson's) split: group B as its second set, so its confirm button
    appears."""
    return list(action["sets"][1]) if action.get("type") == "split" else []


def split_action(view: PlayerView, group_b: list[int]) -> Action | None:
    """The legal split matching the human's two groups (the engine fixes set order)."""
    wanted = sorted(group_b)
    for action in view.legal_of("split"):
        if any(sorted(s) == wanted for s in action["sets"]):
            return action
    return None


def draft_area(view: PlayerView) -> list[El]:
    obs = view.obs
    if obs["phase"] == "split" and view.legal:
        group_b = [c for c in view.picks if c in obs["hand"]]
        group_a = [c for c in obs["hand"] if c not in group_b]
        to_whom = view.names[obs["pass_to"]]
        size = obs["set_size"]
        full = len(group_b) == size
        confirm = split_action(view, group_b) if full else None
        cards, groups = len(obs["hand"]), len(obs["hand"]) // size
        # With group B full, group A's cards are not buttons: a tap on them could do nothing.
        return [
            prompt(
                f"Split your {number_word(cards)} cards into {number_word(groups)} groups of "
                f"{number_word(size)}.",
                note="Tap a card to move it between the groups.",
                aid=f"{to_whom} will take one group; you keep the other.",
            ),
            h("p", {"class": "group-label"}, "Group A"),
            card_row(
                [card_el(c) if full else card_el(c, ui=(TOGGLE, c)) for c in group_a],
                label="Group A",
            ),
            h("p", {"class": "group-label"}, "Group B"),
            card_row([card_el(c, ui=(TOGGLE, c), selected=True) for c in group_b], label="Group B"),
            controls(
                [
                    action_button(confirm, f"Offer these groups to {to_whom}", cls="btn primary"),
                    h("p", {"class": "hint"}, "To change group B, tap one of its cards first."),
                ]
                if confirm
                else [
                    h("p", {"class": "hint"}, f"Group B needs {size} cards ({len(group_b)} now).")
                ]
            ),
        ]
    if obs["phase"] == "pick" and view.legal:
        stand = next(s for s in obs["stands"] if s["receiver"] == view.human)
        giver = view.names[stand["splitter"]]
        sets = stand["sets"]
        offers = [
            h(
                "div",
                {"class": "offer"},
                card_row([card_el(c) for c in cards], label=f"Group {i + 1}"),
                action_button({"type": "pick", "set": i}, f"Take group {i + 1}", cls="btn primary"),
            )
            for i, cards in enumerate(sets)
        ]
        title = prompt(
            f"Take one of the {number_word(len(sets))} groups {giver} offers you.",
            note="The other group goes back to them.",
        )
        return [title] + offers
    return []


def seat_for(view: PlayerView, s: int) -> El:
    obs = view.obs
    count = obs["hand_sizes"][s]
    lines = [f"{plural(count, 'card')} · score {obs['scores'][s]}"]
    formula = score_formula(obs["score_breakdown"][s])
    known = [c for c in obs["known_hands"][s]] if s != view.human else []
    extra = []
    if formula:  # why the score is what it is (where room is short, at a tap on the seat)
        extra.append(h("p", {"class": "seat-line score-formula"}, formula))
    if known:
        extra.append(h("p", {"class": "row-label"}, "Known cards:"))
        extra.append(
            card_row(
                [card_el(c, small=True) for c in known],
                label=f"Known cards of {view.names[s]}",
                cls="known",
            )
        )
    if obs["won"][s]:
        extra.append(h("p", {"class": "row-label"}, "Won:"))
        extra.append(
            card_row(
                [card_el(c, small=True) for c in obs["won"][s]],
                label=f"Cards won by {view.names[s]}",
                cls="won",
            )
        )
    if obs["phase"] in ("split", "pick"):
        done = obs["split_done"][s] if obs["phase"] == "split" else obs["pick_done"][s]
        lines.append("ready" if done else "choosing…")
    active = s in obs["acting"] and obs["phase"] == "play"
    if view.thinking == s:
        lines.append("thinking…")
    return seat_panel(
        view.names[s],
        seat=s,
        lines=lines,
        active=active or view.thinking == s,
        human=s == view.human,
        extra=extra,
    )


def score_formula(breakdown: list[dict[str, Any]]) -> str:
    """Why a score is what it is: 'Moons 9×2 + Stars 4×1 = 22'."""
    parts = [
        f"{SUITS[b['suit']]['symbol']} {b['highest']}×{b['count']}" for b in breakdown if b["count"]
    ]
    total = sum(b["points"] for b in breakdown)
    return (" + ".join(parts) + f" = {total}") if parts else ""


def trick_area(view: PlayerView) -> list[El]:
    obs = view.obs
    shown = obs["trick"]
    title = f"Round {obs['round']} of {obs['rounds']}"
    if obs["phase"] == "play":
        title += f" · trick {obs['trick_number']}"
    items: list[El] = [h("p", {"class": "centre-title"}, title)]
    if obs["phase"] in ("split", "pick"):
        items.append(
            h(
                "p",
                {},
                f"Draft: stands pass {obs['direction']} "
                f"(you give to {view.names[obs['pass_to']]}, "
                f"take from {view.names[obs['receive_from']]}).",
            )
        )
    last = obs["last_trick"]
    if shown:
        stage = trick_cards(view, seat_cards(shown), face, winning=winning_seat(view))
        collected = collected_trick(view, obs["round"], lambda t: trick_of(view, t))
        items.append(h("div", {"class": "trick-stage"}, stage, collected))
    elif last and (obs["round_tricks"] or obs["phase"] in ("split", "pick")):
        # The trick just taken stays drawn, its winner marked, until the next card is led;
        # a round's last trick stays through the next draft. (Not a previous round's at
        # the start of this round's play: that line was stale.)
        heading = "Last trick" if obs["round_tricks"] else "Last trick of the previous round"
        # The previous round's, where room is short, only while the bots wait at its end
        # (app.css); the Last trick button shows it too.
        items.append(
            h(
                "div",
                {"class": "trick-taken" if obs["round_tricks"] else "hand-last-trick"},
                trick_of(view, last, keyed=True),
                h(
                    "p",
                    {"class": "last-trick"},
                    f"{heading}: {view.names[last['winner']]} won with the "
                    f"{card_name(last['card'])}: {last['reason']}.",
                ),
            )
        )
    lead = obs.get("round_lead")
    if lead and not obs["round_tricks"]:  # through the draft and the first trick, not all round
        items.append(
            h(
                "p",
                # Where room is short, said at the draft only while you are not asked.
                {"class": "lead-note" + (" at-draft" if obs["phase"] in ("split", "pick") else "")},
                f"{view.names[lead['seat']]} {verb(view.names[lead['seat']], 'leads')} this round: "
                f"{lead['reason']}.",
            )
        )
    return items


def face(_seat: int, c: int) -> El:
    return card_el(c)


def trick_of(view: PlayerView, trick: dict[str, Any], keyed: bool = False) -> El:
    """A taken trick (the observation's `last_trick`), its winner marked."""
    return trick_cards(view, trick["cards"], face, winner=trick["winner"], keyed=keyed)


def hand_area(view: PlayerView) -> list[El]:
    obs = view.obs
    draft = draft_area(view)
    if draft:
        return draft
    plays = {a["card"]: a for a in view.legal_of("play")}
    hand = card_row([card_el(c, action=plays.get(c)) for c in obs["hand"]], label="Your hand")
    if plays:
        note = PLAY_RULE
        if obs["led_suit"] is not None:
            note = f"Led suit: {SUITS[obs['led_suit']]['name']}. " + note
        return [prompt("Your turn: play a highlighted card.", note=note), hand]
    waiting = "Waiting for the others…" if obs["phase"] != "over" else ""
    return [h("p", {"class": "hint"}, waiting), hand] if waiting else [hand]


TITLE = f"Score: {SCORE_RULE}"


def score_table(view: PlayerView) -> El:
    obs = view.obs
    # The total beside the name: on a phone the suit columns scroll, and hid it.
    headers = ["Player", "Total"] + [f"{s['symbol']} {s['name']}" for s in SUITS]
    rows = []
    for s, breakdown in enumerate(obs["score_breakdown"]):
        cells = [
            f"{b['highest']}×{b['count']}={b['points']}" if b["count"] else "–" for b in breakdown
        ]
        rows.append([view.names[s], obs["scores"][s]] + cells)
    # The title sits outside the scrolling box so a phone shows all of it.
    return h(
        "div",
        {"class": "score-box"},
        h("p", {"class": "score-title", "id": "tot-score-title"}, TITLE),
        h(
            "div",
            {
                "class": "table-scroll",
                "tabindex": "0",
                "role": "region",
                "aria-labelledby": "tot-score-title",
            },
            data_table(headers, rows),
        ),
    )


def render(view: PlayerView) -> El:
    me = view.human
    n = view.obs["num_players"]
    others = [(me + i) % n for i in range(1, n)]
    return board(
        seats=[seat_for(view, s) for s in others],
        centre=trick_area(view),
        hand=[seat_for(view, me)] + hand_area(view),
        side=[score_table(view)],
    )


def final_details(view: PlayerView) -> El:
    return score_table(view)


def choice_words(action: Mapping[str, Any], obs: Observation) -> str | None:
    """A split's two sets, or the set picked from the stand offered (their events say
    only that a seat split or picked)."""
    if action.get("type") == "split":
        first, second = action["sets"]
        return f"You split your cards into [{cards_text(first)}] and [{cards_text(second)}]."
    if action.get("type") == "pick":
        for stand in obs.get("stands") or []:
            if stand["receiver"] == obs["seat"]:
                return f"You take {cards_text(stand['sets'][action['set']])}."
    return None


TABLE = GameTable(
    render,
    describe,
    choice_words=choice_words,
    controls={TOGGLE: move_card},
    arrange=arrange,
    final_details=final_details,
    face_up=lambda card: card_el(card, small=True),
    sounds={"played": CARD},
)
