"""Trickbook table: skaters with their S-K-A-T-E letters, the trick in play, real dice.

Drawn only from the human's observation and legal actions: the engine says who is
asked what (rock-paper-scissors, which trick to set, how to match, whether to play
a special now); this module turns each question into a prompt with one control per
legal answer, and never asks on its own. Rule facts (the roll a trick needs, how a
roll adds up, what a special does, which dice are new) come from the engine
(pygame_rules/trickbook.py): this module only prints them.
"""

from __future__ import annotations

from pygame_rules.trickbook import (
    FOCUS_BONUS,
    LETTERS,
    PSYCHE_PENALTY,
    SPECIALS,
    TRICKS,
    needed_roll,
    roll_parts,
    special_text,
    trick_view,
)
from pygame_rules.words import plural
from ui.tables.kit import CARD, DICE, GameTable, PlayerView
from ui.tables.widgets import (
    WINNER_SYMBOL,
    action_button,
    action_json,
    board,
    card_row,
    controls,
    data_table,
    die,
    prompt,
    seat_panel,
    winner_mark,
)
from ui.vdom import El, h
from ui.words import MINUS, and_list, is_are, minus_signs, object_name, possessive, their, verb

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from pygame_rules.contract import Action, Event, Observation

TRICK_BY_KEY = {t["key"]: t for t in TRICKS}
SPECIAL_BY_KEY = {s["key"]: s for s in SPECIALS}
SHAPE_WORDS = {"rock": "Rock", "paper": "Paper", "scissors": "Scissors"}
LONG_NAME = 8  # letters: a trick's name longer than this gets a wider card
# Where a row of cards in play has no room for wider cards, a long name breaks here (a soft
# hyphen: seen only where the line breaks; trickbook.css).
NAME_BREAKS = {"Impossible": "Impos\u00adsible"}
SCORE_HEADING = "Letters to spare"  # the game-over table's score column (5 - letters)


# -- words ------------------------------------------------------------------------------
def special_effect(key: str, target: str | None = None) -> str:
    """What a special does, in the engine's words (`special_text`), with true minus signs;
    Psyche! aimed at `target` names them."""
    return minus_signs(special_text(key, target))


def trick_name(key: str) -> str:
    return TRICK_BY_KEY[key]["name"]


def trick_with_difficulty(key: str) -> str:
    """'Kickflip (3)'."""
    return f"{trick_name(key)} ({TRICK_BY_KEY[key]['difficulty']})"


def a_trick(key: str) -> str:
    """'a Kickflip (3)', 'an Ollie (2)'."""
    article = "an" if trick_name(key)[0] in "AEIOU" else "a"
    return f"{article} {trick_with_difficulty(key)}"


def letters_words(count: int) -> str:
    """'no letters yet', 'S, K earned (3 to go)', 'all five: S, K, A, T, E'."""
    if count == 0:
        return "no letters yet"
    earned = ", ".join(LETTERS[:count])
    if count >= len(LETTERS):
        return f"all five letters: {earned}"
    return f"{earned} earned ({len(LETTERS) - count} to go)"


def roll_math(die_value: int, modifier: int, focus: int, *, words: bool = False) -> str:
    """'4', '4 - 1 = 3', or with `words` '4 - 1 (psyched) + 1 (Focus!) = 4' (real minus signs):
    the roll's parts and total as the engine adds them up (`roll_parts`)."""
    sums = roll_parts(die_value, modifier, focus)
    parts = [str(die_value)]
    if sums["penalty"]:
        parts.append(f"{MINUS} {sums['penalty']}" + (" (psyched)" if words else ""))
    if sums["bonus"]:
        parts.append(f"+ {sums['bonus']}" + (" (Focus!)" if words else ""))
    if len(parts) == 1:
        return parts[0]
    return " ".join(parts) + f" = {sums['total']}"


# -- the log ----------------------------------------------------------------------------
def describe(event: Event, names: list[str]) -> str | None:
    """One log line per event the human saw."""
    kind = event["type"]
    who = names[event["seat"]] if "seat" in event else ""
    if kind == "rps_reveal":
        shown = ", ".join(
            f"{names[s]} {event['choices'][s]}"
            for s in range(len(event["choices"]))
            if event["choices"][s] is not None
        )
        if event["replay"]:
            return f"Rock, paper, scissors: {shown}. No winner: throw again."
        dropped = ", ".join(names[s] for s in event["dropped"])
        return f"Rock, paper, scissors: {shown}. Out of the throw: {dropped}."
    if kind == "rps_winner":
        return f"{who} won rock, paper, scissors and {verb(who, 'sets')} first."
    if kind == "draw":
        return None if who == "You" else f"{who} drew {plural(event['count'], 'trick card')}."
    if kind == "drew":
        return "You drew " + and_list([a_trick(k) for k in event["cards"]]) + "."
    if kind == "reshuffle":
        return f"The trick discards were shuffled into a new deck ({event['size']} cards)."
    if kind == "set_trick":
        return f"{who} set {a_trick(event['trick'])}."
    if kind == "roll":
        return roll_line(event, names)
    if kind == "roll_changed":
        math = roll_math(event["die"], event["modifier"], event["focus"])
        outcome = "made it" if event["success"] else "still too low"
        return f"Focus!: {possessive(who)} roll is now {math} (needs {event['target']}): {outcome}."
    if kind == "psyche_result":
        target = names[event["target"]]
        if event["psyched"]:
            penalty = f"{MINUS}{PSYCHE_PENALTY} on {possessive(target)} next roll"
            return f"{target} {is_are(target)} psyched out: {penalty}."
        return f"{target} shrugged it off: not psyched out."
    if kind == "special":
        card = SPECIAL_BY_KEY[event["card"]]["name"]
        target = names[event["target"]]
        on = f" on {object_name(target)}" if event["card"] == "psyche" else ""
        line = f"{who} played {card}{on}"
        return line if line.endswith("!") else line + "."
    if kind == "first_try_landed":
        return f"{who} landed it on the first try (no roll)."
    if kind == "turn_stolen":
        return f"{who} stole the turn from {object_name(names[event['from']])}: no more letters."
    if kind == "set_result":
        if event["landed"]:
            return f"{who} landed the {trick_name(event['trick'])}: now match it!"
        return f"{who} missed the {trick_name(event['trick'])}: the turn passes."
    if kind == "match_try":
        return f"{who} tried to match with {their(who)} {trick_name(event['trick'])}."
    if kind == "double_try":
        return (
            f"{who} discarded {a_trick(event['discard'])} to try the "
            f"{trick_name(event['trick'])} with two rolls."
        )
    if kind == "match_result":
        done = "matched" if event["landed"] else "missed"
        return f"{who} {done} the {trick_name(event['trick'])}."
    if kind == "no_cards":
        return f"{who} had no trick card to match with: a miss."
    if kind == "letter":
        return f"{who} got the letter {event['letter']}: {' '.join(LETTERS[: event['count']])}."
    if kind == "out":
        return f"{who} {is_are(who)} out: S K A T E."
    if kind == "special_drawn":
        if event["empty_deck"]:
            return f"{who} rolled a 1, but the special deck is empty."
        return None if who == "You" else f"{who} rolled a 1 and drew a special."
    if kind == "special_card":
        return f"You rolled a 1 and drew {SPECIAL_BY_KEY[event['card']]['name']}"
    if kind == "game_over":
        winner = names[event["winner"]]
        return "Game over: you win!" if winner == "You" else f"Game over: {winner} wins."
    return None  # rps_chosen, setter, pass: nothing to tell


def roll_line(event: Event, names: list[str]) -> str:
    """'Bot 1 rolled 5 for the Kickflip (3): made it.' and the psyche roll-offs."""
    who = names[event["seat"]]
    math = roll_math(event["die"], event["modifier"], event.get("focus", 0))
    if event["for"] == "psyche":
        rival = object_name(names[event["against"]])
        if event["role"] == "attack":
            return f"{who} rolled {math} to psyche {rival}."
        held = "held" if event["success"] else "lower"
        return f"{who} rolled {math} against it: {held}."
    trick = f"the {trick_name(event['trick'])} ({event['target']})"
    outcome = "made it" if event["success"] else "too low"
    if event["for"] == "one-more":
        return f"{who} rerolled with One More!: {math} for {trick}: {outcome}."
    second = " (second roll)" if event.get("index") else ""
    return f"{who} rolled {math}{second} for {trick}: {outcome}."


# -- dice -------------------------------------------------------------------------------
def fresh_dice(obs: Observation) -> frozenset[int]:
    """The numbers of the dice the last move rolled (the engine's `move_rolls`): only those
    play the roll animation. The table is redrawn whole; a redraw with the same observation
    (a bot's 'thinking' step) keeps them new, so the animation is not cut short; the next
    move makes them old. A function of the observation alone: nothing outlives a game."""
    return frozenset(obs["move_rolls"])


def same_throw(earlier: dict[str, Any], later: dict[str, Any]) -> bool:
    """Whether two consecutive rolls belong together: a psyche roll-off, or a double match."""
    if earlier["number"] != later["number"] - 1:
        return False
    if earlier["for"] == later["for"] == "psyche":
        return earlier.get("role") == "attack" and later.get("role") == "defend"
    return (
        earlier["for"] == later["for"] == "match"
        and earlier["seat"] == later["seat"]
        and earlier.get("index") == 0
        and later.get("index") == 1
    )


def dice_shown(obs: Observation) -> list[dict[str, Any]]:
    """The dice on the table: the live attempt's rolls as they stand, else the last throw
    (of this set/match sequence while one is under way; between sequences, the last one's)."""
    attempt = obs["attempt"]
    recent = {r["number"]: r for r in obs["last_rolls"]}
    if attempt and attempt["rolled"]:
        rolls = []
        for index, r in enumerate(attempt["rolls"]):
            rerolled = recent.get(r["number"], {}).get("for") == "one-more"
            roll = dict(r)
            roll["seat"] = attempt["seat"]
            roll["for"] = "one-more" if rerolled else attempt["for"]
            roll["target"] = attempt["difficulty"]
            roll["index"] = index
            roll["of"] = attempt["dice"]
            rolls.append(roll)
        return rolls
    last = obs["last_rolls"]
    if obs["sequence_from"] is not None:
        last = [r for r in last if r["number"] >= obs["sequence_from"]]
    if not last:
        return []
    group = [last[-1]]
    for earlier in reversed(last[:-1]):
        if not same_throw(earlier, group[0]):
            break
        group.insert(0, earlier)
    if len(group) == 2 and group[0]["for"] == "match":
        group = [dict(r, of=2) for r in group]
    return group


def die_words(roll: dict[str, Any], names: list[str]) -> tuple[str, str, str]:
    """(what the die is for, its sum, its result) for a die's caption."""
    who = names[roll["seat"]]
    purpose = roll["for"]
    if purpose == "psyche":
        if roll.get("role") == "attack":
            rival = object_name(names[roll["against"]])
            return f"{who}: psyche", str(roll["die"]), f"against {rival}"
        result = "✓ not psyched" if roll["success"] else "✗ psyched out"
        return f"{who}: defends", str(roll["die"]), result
    what = {"set": "set", "match": "match", "one-more": "reroll"}[purpose]
    if roll.get("of") == 2:
        what += f" {roll['index'] + 1}/2"
    math = roll_math(roll["die"], roll["modifier"], roll.get("focus", 0))
    result = "✓ made it" if roll["success"] else "✗ too low"
    return f"{who}: {what}", f"{math} · needs {roll['target']}", result


def die_label(roll: dict[str, Any], names: list[str]) -> str:
    """The die's accessible name: whose, what for, the sum in words, the result."""
    who = possessive(names[roll["seat"]])
    who = who[0].upper() + who[1:]
    math = roll_math(roll["die"], roll["modifier"], roll.get("focus", 0), words=True)
    if roll["for"] == "psyche":
        if roll.get("role") == "attack":
            return f"{who} psyche die: {math}"
        result = "not psyched out" if roll["success"] else "psyched out"
        return f"{who} die against the psyche: {math}, {result}"
    what = {"set": "set", "match": "match", "one-more": "reroll"}[roll["for"]]
    result = "made it" if roll["success"] else "too low"
    return f"{who} {what} die: {math}, needs {roll['target']}, {result}"


def dice_tray(view: PlayerView, fresh: frozenset[int]) -> El | None:
    """The dice on the table, drawn with pips; new ones roll in (`fresh`: their numbers)."""
    rolls = dice_shown(view.obs)
    if not rolls:
        return None
    figures = []
    for roll in rolls:
        success = roll["success"]
        state = "" if success is None else ("success" if success else "fail")
        title, math, result = die_words(roll, view.names)
        figures.append(
            h(
                "figure",
                {"class": f"tb-die {state}".strip(), "data-roll": roll["number"]},
                die(
                    roll["die"],
                    label=die_label(roll, view.names),
                    rolling=roll["number"] in fresh and not view.reduced_motion,
                    cls=state,
                ),
                h(
                    "figcaption",
                    {"aria-hidden": "true"},
                    h("span", {"class": "tb-die-who"}, title),
                    h("span", {"class": "tb-die-math"}, math),
                    h("span", {"class": "tb-die-result"}, result),
                ),
            )
        )
    between = view.obs["sequence_from"] is None
    return h(
        "div",
        {"class": "tb-dice-area"},
        h("p", {"class": "row-label"}, "Last roll") if between else None,
        h("div", {"class": "dice-row tb-dice", "role": "group", "aria-label": "Dice"}, figures),
    )


# -- cards ------------------------------------------------------------------------------
def trick_card(
    trick: dict[str, Any],
    *,
    action: Action | None = None,
    label: str = "",
    cls: str = "",
) -> El:
    """A trick card: its name and its difficulty (roll this or more to land it)."""
    label = label or f"{trick['name']}, difficulty {trick['difficulty']}"
    face = [
        h(
            "span",
            {"class": "tb-card-name", "aria-hidden": "true"},
            NAME_BREAKS.get(trick["name"], trick["name"]),
        ),
        h("span", {"class": "tb-card-diff", "aria-hidden": "true"}, str(trick["difficulty"])),
        h(
            "span",
            {"class": "tb-card-note", "aria-hidden": "true"},
            f"{needed_roll(trick['difficulty'])}+",
        ),
    ]
    # "Impossible" is too wide for a card at the others' size (trickbook.css, .long).
    long = " long" if len(trick["name"]) > LONG_NAME else ""
    classes = f"tb-card tb-trick d{trick['difficulty']}{long} {cls}".strip()
    if action is not None:
        attrs = {
            "type": "button",
            "class": classes,
            "data-action": action_json(action),
            "aria-label": label,
        }
        return h("button", attrs, face)
    return h("span", {"class": classes, "role": "img", "aria-label": label}, face)


def special_card(special: dict[str, Any]) -> El:
    """A special card in the human's hand (played through the prompt when asked)."""
    effect = special_effect(special["key"])
    return h(
        "span",
        {"class": "tb-card special", "role": "img", "aria-label": f"{special['name']}: {effect}"},
        h("span", {"class": "tb-card-name", "aria-hidden": "true"}, special["name"]),
        h("span", {"class": "tb-card-note", "aria-hidden": "true"}, effect),
    )


def letters_el(count: int, out: bool) -> El:
    """S K A T E: earned letters filled and ticked, the rest dashed (never colour alone)."""
    words = letters_words(count)
    return h(
        "span",
        {
            "class": "tb-letters" + (" out" if out else ""),
            "role": "img",
            "aria-label": f"Letters: {words}" + ("; out of the game" if out else ""),
            "data-letters": count,
        },
        [
            h("span", {"class": "tb-letter earned" if i < count else "tb-letter"}, letter)
            for i, letter in enumerate(LETTERS)
        ],
    )


# -- seats ------------------------------------------------------------------------------
def seat_for(view: PlayerView, seat: int) -> El:
    obs = view.obs
    name = view.names[seat]
    mine = seat == view.human
    lines: list[str | El] = [letters_el(obs["letters"][seat], obs["out"][seat])]
    counts = None
    if not obs["out"][seat]:
        tricks, specials = obs["hand_sizes"][seat], obs["special_counts"][seat]
        counts = f"{plural(tricks, 'trick')} · {plural(specials, 'special')}"
        # Your own counts stay in your summary (your cards are below it); another's open
        # on a tap where room is short (seat_panel's `extra`).
        if mine:
            lines.append(counts)
    badges = []
    if obs["phase"] == "rps" and seat in obs["rps"]["players"]:
        done = obs["rps"]["chosen"][seat]
        badges.append("chose" if done else "choosing…")
    # Once the set card is in play, its caption names the setter.
    set_in_play = any(p["as"] == "set" for p in obs["table"])
    if obs["setter"] == seat and obs["phase"] not in ("rps", "over") and not set_in_play:
        badges.append("setter")
    if obs["psyched"][seat]:
        badges.append(f"psyched {MINUS}{obs['psyched'][seat]}")
    if obs["winners"] and seat in obs["winners"]:
        badges.append(f"winner {WINNER_SYMBOL}")
    if badges:
        lines.append(h("span", {"class": "tb-badges"}, " · ".join(badges)))
    if view.thinking == seat:
        lines.append(h("span", {"class": "thinking"}, "thinking…"))
    asked = seat in obs["acting"] and obs["phase"] != "rps"
    return seat_panel(
        name,
        seat=seat,
        lines=lines,
        active=asked or view.thinking == seat,
        human=mine,
        out=obs["out"][seat],
        extra=[h("p", {"class": "seat-line"}, counts)] if counts and not mine else None,
    )


# -- the centre -------------------------------------------------------------------------
def situation(view: PlayerView) -> str:
    """What is going on, in one sentence."""
    obs, names = view.obs, view.names
    phase = obs["phase"]
    if phase == "rps":
        round_no = obs["rps"]["round"]
        return "Rock, paper, scissors: who sets first?" + (
            f" (throw {round_no})" if round_no > 1 else ""
        )
    if phase == "over":
        winner = names[obs["winners"][0]]
        return f"Game over: {winner} {verb(winner, 'wins')}."
    setter = names[obs["setter"]]
    if phase == "set":
        if setter == "You":
            return "Your turn to set a trick."
        return f"{setter} is choosing a trick to set."
    trick = a_trick(obs["trick"]["key"])
    if phase == "match":
        matcher = names[obs["matcher"]]
        return f"{setter} landed {trick}: {matcher} {verb(matcher, 'has')} to match it."
    attempt = obs["attempt"]
    attempter = names[attempt["seat"]]
    if attempt["for"] == "set":
        return f"{setter} {is_are(setter)} setting {trick}."
    rolls = " with two rolls" if attempt["dice"] == 2 else ""
    whose_trick = f"{possessive(setter)} {trick_with_difficulty(obs['trick']['key'])}"
    return f"{attempter} {is_are(attempter)} matching {whose_trick}{rolls}."


def table_cards(view: PlayerView) -> El | None:
    """The cards in play: the set trick, then matching cards and discards, captioned."""
    plays = view.obs["table"]
    if not plays:
        return None
    captions = {"set": "set", "match": "matching", "discard": "discarded"}
    figures = [
        h(
            "figure",
            {"class": f"played-card tb-play {p['as']}"},
            trick_card(
                p["card"],
                label=f"{view.names[p['seat']]} {captions[p['as']]}: {p['card']['name']}, "
                f"difficulty {p['card']['difficulty']}",
                cls="small" if p["as"] != "set" else "",
            ),
            h("figcaption", {}, f"{view.names[p['seat']]} {captions[p['as']]}"),
        )
        for p in plays
    ]
    return h("div", {"class": "trick tb-table", "role": "group", "aria-label": "In play"}, figures)


def outcome_words(result: dict[str, Any], names: list[str]) -> str:
    who = names[result["seat"]]
    return {
        "landed": f"✓ {who} matched",
        "failed": f"✗ {who} missed",
        "no cards": f"✗ {who} had no card",
    }[result["outcome"]]


def sequence_notes(view: PlayerView) -> list[El]:
    """Who matched and who missed so far, who is still to match; or the last sequence."""
    obs, names = view.obs, view.names
    notes: list[El] = []
    if obs["trick"] is not None and obs["landed"]:
        done = [outcome_words(r, names) for r in obs["results"]]
        waiting = ([obs["matcher"]] if obs["matcher"] is not None else []) + obs["to_match"]
        attempt = obs["attempt"]
        if attempt and attempt["for"] == "match":
            waiting = [attempt["seat"]] + obs["to_match"]
        # One line where it fits: who has matched or missed, then who is still to match.
        parts = [h("span", {"class": "tb-results"}, " · ".join(done)) if done else None]
        if waiting == [view.human] and view.legal:
            waiting = []  # only you, and your prompt says so
        if waiting:
            to_match = "To match: " + ", ".join(names[s] for s in waiting)
            parts.append(h("span", {"class": "tb-waiting"}, to_match))
        if done or waiting:
            notes.append(h("p", {"class": "tb-progress"}, parts))
    elif obs["trick"] is None and obs["previous"] is not None and obs["phase"] != "over":
        notes.append(h("p", {"class": "tb-previous"}, previous_words(view)))
    return notes


def previous_words(view: PlayerView) -> str:
    prev, names = view.obs["previous"], view.names
    if prev["stolen_by"] is not None:
        return f"Last: {names[prev['stolen_by']]} stole the turn."
    setter = names[prev["setter"]]
    if prev["trick"] is None:
        return ""
    if not prev["landed"]:
        return f"Last: {setter} missed {a_trick(prev['trick'])}."
    parts = [outcome_words(r, names) for r in prev["results"]]
    return f"Last: {setter} landed {a_trick(prev['trick'])}" + (
        " — " + " · ".join(parts) if parts else ""
    )


def rps_area(view: PlayerView) -> list[El]:
    obs, names = view.obs, view.names
    items: list[El] = []
    last = obs["rps"]["last"]
    if last is not None:
        items.append(
            h(
                "div",
                {"class": "tb-rps-shown", "role": "group", "aria-label": "Last throw"},
                [
                    h(
                        "figure",
                        {"class": "tb-rps-throw"},
                        shape_icon(choice),
                        h("figcaption", {}, f"{names[s]}: {SHAPE_WORDS[choice]}"),
                    )
                    for s, choice in enumerate(last)
                    if choice is not None
                ],
            )
        )
        still = obs["rps"]["players"]
        if len(still) > 1:
            items.append(h("p", {}, "Throwing again: " + ", ".join(names[s] for s in still) + "."))
    return items


def shape_icon(shape: str) -> El:
    """A rock, a sheet of paper or a pair of scissors drawn in CSS (the word goes beside it)."""
    glyph = "✂" if shape == "scissors" else ""
    return h("span", {"class": f"tb-shape {shape}", "aria-hidden": "true"}, glyph)


def centre_area(view: PlayerView, fresh: frozenset[int] = frozenset()) -> list[El]:
    obs = view.obs
    items: list[El | None] = [h("p", {"class": "centre-title"}, situation(view))]
    if obs["phase"] == "rps":
        items.extend(rps_area(view))
        return [i for i in items if i is not None]
    # The cards in play and the dice side by side where room allows (trickbook.css).
    stage = [el for el in (table_cards(view), dice_tray(view, fresh)) if el is not None]
    if stage:
        items.append(h("div", {"class": "tb-stage"}, stage))
    items.extend(sequence_notes(view))
    attempt = obs["attempt"]
    if attempt and attempt["first_try"]:
        items.append(h("p", {"class": "tb-first-try"}, "First Try!: it lands without a roll."))
    return [i for i in items if i is not None]


# -- the human's decisions ----------------------------------------------------------------
def decision_box(kind: str, parts: list[El]) -> El:
    """A question from the engine (`data-decision` names it, for tests and styling)."""
    return h("div", {"class": f"tb-decision {kind}", "data-decision": kind}, parts)


def rps_decision(view: PlayerView) -> El:
    buttons = [
        h(
            "button",
            {
                "type": "button",
                "class": "btn tb-rps-btn",
                "data-action": action_json(a),
            },
            shape_icon(a["choice"]),
            h("span", {}, SHAPE_WORDS[a["choice"]]),
        )
        for a in view.legal_of("rps")
    ]
    return decision_box(
        "rps",
        [
            prompt(
                "Rock, paper or scissors?",
                note="The winner sets the first trick. A tie throws again.",
            ),
            controls(buttons, label="Rock, paper or scissors"),
        ],
    )


def set_decision(view: PlayerView) -> El:
    return decision_box(
        "set",
        [
            prompt(
                "Your turn: set a trick.",
                note="Tap a trick card below. Roll its difficulty or more to land it.",
                aid="Then everyone else must match it or take a letter.",
            )
        ],
    )


def match_decision(view: PlayerView) -> El:
    obs = view.obs
    trick = obs["decision"]["trick"]
    setter = view.names[obs["setter"]]
    d = needed_roll(trick["difficulty"])
    single = [a for a in view.legal if a["type"] == "match"]
    doubles = view.legal_of("double")
    note = f"Roll {d} or more, or take a letter."
    if obs["psyched"][view.human]:
        note += f" You are psyched out: {MINUS}{obs['psyched'][view.human]} on your next roll."
    question = f"Match {possessive(setter)} {trick_with_difficulty(trick['key'])}."
    parts: list[El] = [prompt(question, note=note)]
    if single:
        parts.append(
            controls(
                [
                    action_button(
                        single[0],
                        f"Play your {trick['name']}: one roll, {d}+",
                        cls="btn primary",
                    )
                ],
                label="Match with the same trick",
            )
        )
    if doubles:  # your cards below are the buttons (my_area), as when you set a trick
        lead = "Or discard" if single else f"No {trick['name']}: discard"
        parts.append(h("p", {"class": "tb-or"}, f"{lead} a card below and roll twice (both {d}+)."))
    return decision_box("match", parts)


def special_question(view: PlayerView) -> tuple[str, str]:
    """The special prompt's question and note, from the engine's `decision`."""
    obs, names = view.obs, view.names
    decision = obs["decision"]
    attempt = obs["attempt"]
    trick = a_trick(obs["trick"]["key"])
    attempter = names[decision["attempter"]]
    if decision["window"] == "after":
        return f"{rolled_too_low(attempt['rolls'])} for {trick}. Play a special?", (
            "Without one, the attempt fails."
        )
    what = "set" if decision["for"] == "set" else "match"
    how = (
        f"{what} {trick} with First Try! (no roll)"
        if attempt["first_try"]
        else f"roll to {what} {trick}"
    )
    if attempter == "You":
        return f"You are about to {how}. Play a special first?", ""
    return f"{attempter} {is_are(attempter)} about to {how}. Play a special?", ""


def rolled_too_low(rolls: list[dict]) -> str:
    """'You rolled 3: too low'; a roll the specials changed, as the die showed it and what
    it counts ('You rolled 1 - 1 (psyched) = 0: too low', a true minus sign; not 'You
    rolled 0': a die has no 0); of a double, which of the two rolls is too low."""
    shown = [roll_math(r["die"], r["modifier"], r["focus"], words=True) for r in rolls]
    low = [r["total"] for r in rolls if not r["success"]]
    if len(rolls) == 1:
        return f"You rolled {shown[0]}: too low"
    both = " and ".join(shown)
    if len(low) == len(rolls):
        return f"You rolled {both}: both too low"
    return f"You rolled {both}: the {low[0]} is too low"


def after_effect(view: PlayerView, card: str) -> str:
    """Focus! / One More! on the roll the engine says it changes: '+1: your 2 becomes 3'."""
    decision, attempt = view.obs["decision"], view.obs["attempt"]
    if card == "focus":
        total = attempt["rolls"][decision["focus_target"]]["total"]
        return f"+{FOCUS_BONUS}: your {total} becomes {decision['focus_total']}"
    total = attempt["rolls"][decision["one_more_target"]]["total"]
    return f"reroll your {total}"


def special_decision(view: PlayerView) -> El:
    obs = view.obs
    question, note = special_question(view)
    target = view.names[obs["decision"]["attempter"]]
    buttons = []
    for action in view.legal_of("special"):
        special = SPECIAL_BY_KEY[action["card"]]
        effect = special_effect(action["card"], target)
        if action["card"] in ("focus", "one-more"):
            effect = after_effect(view, action["card"])
        buttons.append(
            action_button(action, f"{special['name']} — {effect}", cls="btn primary tb-special-btn")
        )
    carry_on = "No, accept the roll" if obs["decision"]["window"] == "after" else "No, go on"
    buttons += [action_button(a, carry_on, cls="btn") for a in view.legal_of("pass")]
    return decision_box(
        "special", [prompt(question, note=note), controls(buttons, label="Play a special?")]
    )


def waiting_words(view: PlayerView) -> str:
    obs, names = view.obs, view.names
    if obs["phase"] == "over":
        return ""
    if obs["out"][view.human]:
        return "You are out: watching the others skate."
    if obs["phase"] == "rps":
        mine = obs["rps"]["my_choice"]
        chose = f"You chose {mine}. " if mine else ""
        return chose + "Waiting for the others to throw…"
    acting = [names[s] for s in obs["acting"]]
    return f"Waiting for {', '.join(acting)}…" if acting else ""


def held_row(label: str, cards: list[El], cls: str, empty: str) -> El:
    """One row of what you hold, labelled (the label hidden where room is short), or a
    hint of what holding none means."""
    row = card_row(cards, label=label, cls=cls) if cards else h("p", {"class": "hint"}, empty)
    return h("div", {"class": "tb-held"}, h("p", {"class": "row-label"}, label), row)


def hand_card_action(view: PlayerView, trick: dict[str, Any]) -> dict[str, Any]:
    """What a tap on a card in your hand does, if anything: set that trick, or discard it to
    roll twice for a match."""
    name, key = trick["name"], trick["key"]
    for action in view.legal_of("set"):
        if action["trick"] == key:
            return {"action": action, "label": f"Set {name}, difficulty {trick['difficulty']}"}
    for action in view.legal_of("double"):
        if action["discard"] == key:
            return {"action": action, "label": f"Discard {name} and roll twice"}
    return {}


def my_area(view: PlayerView) -> list[El]:
    obs = view.obs
    kind = (obs["decision"] or {}).get("kind") if view.legal else None
    items: list[El] = [seat_for(view, view.human)]
    if kind == "rps":
        items.append(rps_decision(view))
    elif kind == "set":
        items.append(set_decision(view))
    elif kind == "match":
        items.append(match_decision(view))
    elif kind == "special":
        items.append(special_decision(view))
    else:
        words = waiting_words(view)
        if words:
            items.append(h("p", {"class": "hint"}, words))
    hand = [trick_card(t, **hand_card_action(view, t)) for t in obs["hand"]]
    if not obs["out"][view.human]:
        specials = [special_card(s) for s in obs["specials"]]
        # Where room is short, both rows side by side (trickbook.css).
        items.append(
            h(
                "div",
                {"class": "tb-holding"},
                held_row("Your trick cards", hand, "tb-hand", "No trick cards."),
                held_row("Your specials", specials, "tb-specials", "None: roll a 1 to draw one."),
            )
        )
    return items


# -- the side: which tricks are gone --------------------------------------------------------
def deck_counts(view: PlayerView) -> El:
    """What is left to draw, and how many trick cards lie face up in the discards."""
    obs = view.obs
    return h(
        "p",
        {"class": "tb-decks"},
        f"Trick deck {obs['trick_deck']} · discards {len(obs['trick_discard'])} · "
        f"special deck {obs['special_deck']}",
    )


def trick_table(view: PlayerView) -> El:
    """Every trick: difficulty, copies in the game, copies face up in the discard pile."""
    discarded = view.obs["trick_discard"]
    rows = [[t["name"], t["difficulty"], t["count"], discarded.count(t["key"])] for t in TRICKS]
    return h(
        "div",
        {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": "Trick cards"},
        data_table(
            ["Trick", "Difficulty", "Copies", "Discarded"],
            rows,
            caption="Trick cards (discards are face up)",
        ),
    )


def render(view: PlayerView) -> El:
    me = view.human
    n = view.obs["num_players"]
    others = [(me + i) % n for i in range(1, n)]
    fresh = fresh_dice(view.obs)
    return board(
        seats=[seat_for(view, s) for s in others],
        centre=centre_area(view, fresh),
        hand=my_area(view),
        side=[deck_counts(view), trick_table(view)],
        cls="tb-board",
    )


def final_details(view: PlayerView) -> El:
    """Each skater's letters and whether they are out; the winner."""
    obs = view.obs
    rows = []
    for seat in range(obs["num_players"]):
        count = obs["letters"][seat]
        if seat in obs["winners"]:
            status: str | list[Any] = ["winner ", winner_mark()]
        elif obs["out"][seat]:
            status = "out"
        else:
            status = "still in"
        rows.append([view.names[seat], " ".join(LETTERS[:count]) or "–", status])
    return h(
        "div",
        {"class": "tb-final-box"},
        h(
            "p",
            {"class": "tb-final-note"},
            "Five letters (S K A T E) and a skater is out; the last one standing wins. "
            f"Letters to spare = {len(LETTERS)} {MINUS} letters.",
        ),
        h(
            "div",
            {"class": "table-scroll", "tabindex": "0", "role": "region", "aria-label": "Letters"},
            data_table(
                ["Player", "Letters", "Status"],
                rows,
                caption="Letters and who is out",
                cls="score-table tb-final",
            ),
        ),
    )


def choice_words(action: Mapping[str, Any], _obs: Observation) -> str | None:
    """A throw of rock-paper-scissors (its event keeps it secret until all have thrown)."""
    if action.get("type") == "rps":
        return f"You throw {SHAPE_WORDS[action['choice']].lower()}."
    return None


TABLE = GameTable(
    render,
    describe,
    choice_words=choice_words,
    final_details=final_details,
    face_up=lambda kind: trick_card(trick_view(kind)),
    score_heading=SCORE_HEADING,
    # No hands: its chart has a point after each letter given (its scores change then only).
    chart_step="letter given",
    sounds={"set_trick": CARD, "match_try": CARD, "double_try": CARD, "roll": DICE},
)
