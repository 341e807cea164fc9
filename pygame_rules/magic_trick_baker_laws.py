"""The 13 cards of Magic Trick (Baker) and their Laws, as small composable objects.

Cards are ints: ``suit * 4 + rank`` for Rabbits (0), Hats (1), Wands (2) and
ranks Star, 2, 3, 4 (0..3), and 12 for the Illusionist. Every card carries a
Law; the two Laws in force in a hand are composed, never special-cased. Each
Law object may contribute to

- the rank order (``rank_value``, ``flips_order``, ``illusionist_can_win``),
- the trump suit (``trump_claim``: one claim sets the trump suit, two different
  claims cancel each other and leave no trump suit),
- the trick structure (``rope``),
- bidding (``needs_bid``),
- and the scoring of a hand, in this fixed order (see ``score_seat``):
  1. which won tricks score (``last_trick_only``: Grand Finale), which of them
     are burned (``burns``: Night Club) and which cards in them count
     (``card_counts``: Night Club);
  2. the card points: 1 per 2 counting cards, rounded up, unless a Law
     replaces them (``card_lines``: Heart Break);
  3. further points from those cards (``pile_lines``: Poison);
  4. steps 2-3 multiplied (``pile_multiplier``: Grand Finale x4);
  5. whole-hand points (``hand_lines``: Moon Shot, The Contract, Rope Trick's +2);
  6. last, corrections on everything above (``final_lines``: Oh, Dickens!).

`rules_for(laws)` folds the play hooks into one `Rules` value; the trick
functions below (`follow_cards`, `trick_winner`, `trick_winning`, `rope_cards`) read only
that.
Score lines are ``{"source": law id or "cards", "label": plain words, "points": int}``.

The rules in plain words live beside the code they describe, so a rule change
touches this file only: every Law's ``text``, The Illusionist's ``waiting`` and
``late_bid``, `rules_line` (trump, order, trick type), `FOLLOW_RULE` and
`NO_FOLLOW_RULE` (beside `follow_cards`), `ROPE_LEAD_RULE` and `rope_guide` (beside
`rope_playable`), `burned_by` (beside `is_burned`).
"""

from __future__ import annotations

from .words import plural

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    Line = dict[str, Any]
    Trick = dict[str, Any]  # {"cards": [[seat, card], ...], "winner", "win_card", "trump"}

RABBITS, HATS, WANDS = 0, 1, 2
ILLUSIONIST = 12
ILLUSIONIST_SUIT = 3  # the Illusionist's own one-card trump suit when no suit is trump
NO_TRUMP = -1
NUM_CARDS = 13
STAR, TWO, THREE, FOUR = 0, 1, 2, 3
STAR_CARD = RABBITS * 4 + STAR  # a plain card whose key shows the order (see `Rules`)
STAR_HIGH = 13  # a Star's value under "The Stars Are Right"
ILLUSIONIST_VALUE = 14  # above every other card
SUIT_NAMES = ["Rabbits", "Hats", "Wands"]
RANK_NAMES = ["Star", "2", "3", "4"]
ROPE_OUT_POINTS = 2  # Rope Trick: for the first player to run out of cards


# -- cards -----------------------------------------------------------------------
def suit_of(card: int) -> int:
    """The printed suit (the Illusionist's is ILLUSIONIST_SUIT)."""
    return card // 4


def rank_of(card: int) -> int:
    """0..3 for Star, 2, 3, 4; 4 for the Illusionist, which shares no rank with any card."""
    return card % 4 if card != ILLUSIONIST else 4


def face_value(card: int) -> int:
    """The default value: Star 1, then 2, 3, 4; the Illusionist above all."""
    return ILLUSIONIST_VALUE if card == ILLUSIONIST else card % 4 + 1


def card_name(card: int) -> str:
    """Plain words for a card: "Star of Hats", "3 of Wands", "the Illusionist"."""
    if card == ILLUSIONIST:
        return "the Illusionist"
    return f"{RANK_NAMES[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"


def is_trump(card: int, trump: int) -> bool:
    """The Illusionist is always trump; otherwise a card of the trump suit (if any)."""
    return card == ILLUSIONIST or suit_of(card) == trump


def effective_suit(card: int, trump: int) -> int:
    """The suit a card belongs to for following: the Illusionist joins the trump suit."""
    if card == ILLUSIONIST:
        return trump if trump != NO_TRUMP else ILLUSIONIST_SUIT
    return suit_of(card)


def _line(source: str, label: str, points: int) -> Line:
    return {"source": source, "label": label, "points": points}


# -- the Law base class ------------------------------------------------------------
class Law:
    """A Law with no effect; each hook below is one way a Law may change the hand."""

    id = ""
    name = ""
    text = ""
    card = -1
    needs_bid = False
    rope = False
    flips_order = False
    illusionist_can_win = True
    last_trick_only = False
    pile_multiplier = 1
    replaces_card_points = False
    replaced_after_first_trick = False

    def rank_value(self, card: int, value: int) -> int:
        """The card's value for ranking, given the value so far."""
        return value

    def trump_claim(self) -> int | None:
        """The suit this Law makes trump, if any."""
        return None

    def burns(self, trick: Trick) -> bool:
        """Whether a won trick leaves the game instead of scoring."""
        return False

    def card_counts(self, card: int, trump: int) -> bool:
        """Whether a card in a score pile is worth points."""
        return True

    def card_lines(self, tricks_scored: int, cards: list[int]) -> list[Line]:
        """Replacement card points (only called when replaces_card_points)."""
        return []

    def pile_lines(self, cards: list[int]) -> list[Line]:
        """Extra points from the counting cards of the scoring tricks."""
        return []

    def burn_lines(self, burned: list[Trick]) -> list[Line]:
        """Zero-point notes explaining burned tricks."""
        return []

    def hand_lines(self, ctx: dict[str, Any]) -> list[Line]:
        """Whole-hand points (ctx: seat, won, bid, rope_out)."""
        return []

    def final_lines(self, ctx: dict[str, Any], lines: list[Line]) -> list[Line]:
        """Corrections applied after every other line."""
        return []


# -- the 13 Laws ---------------------------------------------------------------------
class TheIllusionist(Law):
    id, name = "illusionist", "The Illusionist"
    text = (
        "After the first trick, the Law of the card that lost it replaces this one for the "
        "whole hand (if that Law asks for a bid, bid at once)."
    )
    # While it waits for a losing card, and when its replacement asks for a bid mid-hand:
    waiting = (
        "The Illusionist waits: when a card loses a trick (the first trick, normally), "
        "that card's Law takes its place for the whole hand."
    )
    late_bid = "The bid counts every trick of the hand"
    replaced_after_first_trick = True


class GrandFinale(Law):
    id, name = "grand-finale", "Grand Finale"
    text = "Only the last trick scores, and it is worth x4 points."
    last_trick_only = True
    pile_multiplier = 4


class HeartBreak(Law):
    id, name = "heart-break", "Heart Break"
    text = "-2 points per trick won (instead of the card points)."
    replaces_card_points = True

    def card_lines(self, tricks_scored: int, cards: list[int]) -> list[Line]:
        label = f"Heart Break: {plural(tricks_scored, 'trick')} won, -2 each"
        return [_line(self.id, label, -2 * tricks_scored)]


class MoonShot(Law):
    id, name = "moon-shot", "Moon Shot"
    text = "Win no trick at all to score +10 points."

    def hand_lines(self, ctx: dict[str, Any]) -> list[Line]:
        if ctx["won"] == 0:
            return [_line(self.id, "Moon Shot: no trick won, +10", 10)]
        return []


class TopsyTurvy(Law):
    id, name = "topsy-turvy", "Topsy Turvy"
    text = "High is low: lower cards win. The Illusionist becomes the lowest card."
    flips_order = True
    illusionist_can_win = False


class StarsAreRight(Law):
    id, name = "stars-are-right", "The Stars Are Right"
    text = "Stars are high (value 13) instead of low (1)."

    def rank_value(self, card: int, value: int) -> int:
        return STAR_HIGH if card != ILLUSIONIST and rank_of(card) == STAR else value


class OhDickens(Law):
    id, name = "oh-dickens", "Oh, Dickens!"
    text = (
        "Bid your tricks. Unless you win exactly your bid, your positive points count 0 "
        "(negative points still count)."
    )
    needs_bid = True

    def final_lines(self, ctx: dict[str, Any], lines: list[Line]) -> list[Line]:
        if ctx["bid"] is None or ctx["won"] == ctx["bid"]:
            return []
        positive = sum(line["points"] for line in lines if line["points"] > 0)
        if not positive:
            return []
        label = f"Oh, Dickens!: bid {ctx['bid']}, won {ctx['won']}: positive points lost"
        return [_line(self.id, label, -positive)]


class NightClub(Law):
    id, name = "night-club", "Night Club"
    text = (
        "Only non-trump cards are worth points. A trick won with a trump is burned "
        "(it still counts as a trick won)."
    )

    def burns(self, trick: Trick) -> bool:
        return is_trump(trick["win_card"], trick["trump"])

    def card_counts(self, card: int, trump: int) -> bool:
        return not is_trump(card, trump)

    def burn_lines(self, burned: list[Trick]) -> list[Line]:
        if not burned:
            return []
        cards = sum(len(t["cards"]) for t in burned)
        label = (
            f"Night Club: {plural(len(burned), 'trick')} won with a trump burned "
            f"({plural(cards, 'card')}, 0 points)"
        )
        return [_line(self.id, label, 0)]


class TheContract(Law):
    id, name = "contract", "The Contract"
    text = "Bid your tricks. Make your bid exactly: +3. Otherwise -2 per trick over or under."
    needs_bid = True

    def hand_lines(self, ctx: dict[str, Any]) -> list[Line]:
        bid, won = ctx["bid"], ctx["won"]
        if bid is None:
            return []
        if won == bid:
            return [_line(self.id, f"The Contract: bid {bid}, made it, +3", 3)]
        miss = abs(won - bid)
        label = f"The Contract: bid {bid}, won {won}, -2 x {miss}"
        return [_line(self.id, label, -2 * miss)]


class Poison(Law):
    id, name = "poison", "Poison"
    text = "Each 4 you win is -3 points; each 2 you win is +1 point."

    def pile_lines(self, cards: list[int]) -> list[Line]:
        twos = sum(1 for c in cards if rank_of(c) == TWO)
        fours = sum(1 for c in cards if rank_of(c) == FOUR)
        lines = []
        if twos:
            lines.append(_line(self.id, f"Poison: {plural(twos, 'two')} won, +1 each", twos))
        if fours:
            label = f"Poison: {plural(fours, 'four')} won, -3 each"
            lines.append(_line(self.id, label, -3 * fours))
        return lines


class RopeTrick(Law):
    id, name = "rope-trick", "Rope Trick"
    text = (
        "Tricks climb: play a higher card of the led suit or a card of the same rank as the "
        "top card. Can't play? Your opponent takes the trick and leads. The first player to "
        f"run out of cards gets +{ROPE_OUT_POINTS}, takes the trick and ends the hand."
    )
    rope = True

    def hand_lines(self, ctx: dict[str, Any]) -> list[Line]:
        if ctx["rope_out"] == ctx["seat"]:
            label = f"Rope Trick: ran out of cards first, +{ROPE_OUT_POINTS}"
            return [_line(self.id, label, ROPE_OUT_POINTS)]
        return []


class TopHat(Law):
    id, name = "top-hat", "Top Hat"
    text = "Hats are trump. With Top Rabbit too, there is no trump suit."

    def trump_claim(self) -> int | None:
        return HATS


class TopRabbit(Law):
    id, name = "top-rabbit", "Top Rabbit"
    text = "Rabbits are trump. With Top Hat too, there is no trump suit."

    def trump_claim(self) -> int | None:
        return RABBITS


LAW_OF_CARD: list[Law] = [
    HeartBreak(),  # Star of Rabbits
    OhDickens(),  # 2 of Rabbits
    Poison(),  # 3 of Rabbits
    TopRabbit(),  # 4 of Rabbits
    GrandFinale(),  # Star of Hats
    TopsyTurvy(),  # 2 of Hats
    NightClub(),  # 3 of Hats
    TopHat(),  # 4 of Hats
    MoonShot(),  # Star of Wands
    StarsAreRight(),  # 2 of Wands
    TheContract(),  # 3 of Wands
    RopeTrick(),  # 4 of Wands
    TheIllusionist(),  # the Illusionist
]
for _card, _law in enumerate(LAW_OF_CARD):
    _law.card = _card
CARD_OF_LAW: dict[str, int] = {law.id: law.card for law in LAW_OF_CARD}


def law_view(card: int) -> dict[str, Any]:
    """A card's Law in plain data (observations, UI): card, card name, id, name, text."""
    law = LAW_OF_CARD[card]
    return {
        "card": card,
        "card_name": card_name(card),
        "id": law.id,
        "name": law.name,
        "text": law.text,
        "needs_bid": law.needs_bid,
    }


# -- composing the Laws in force -----------------------------------------------------------
class Rules:
    """How a hand plays under its Laws (scoring is separate, see `score_seat`). Read-only
    (but for its tables of trick winners, filled in as they are asked).

    keys[card] orders cards (higher wins); Topsy Turvy negates every key, which
    also makes the Illusionist (value 14) the lowest card.
    """

    def __init__(
        self,
        laws: tuple[int, ...],
        trump: int,
        keys: tuple[int, ...],
        illusionist_wins: bool,
        rope: bool,
        needs_bid: bool,
    ) -> None:
        self.laws = laws
        self.trump = trump
        self.keys = keys
        self.illusionist_wins = illusionist_wins
        self.rope = rope
        self.needs_bid = needs_bid
        # The winner of every normal two-card trick, by lead * NUM_CARDS + follow (what
        # `_trick_winner_by_law` says; -1 until first asked, see `trick_winner`), and how
        # many of the two orders of each pair a card wins (`pair_wins`): the bots ask these
        # hundreds of thousands of times a game, so they are looked up, not worked out
        # again. Filled in on demand: a search meets many Laws' rules and asks each few
        # (a bot's first face-down choice weighs dozens of Laws for its hand's few cards).
        # Shared by every Rules that decides tricks alike (the 156 pairs of Laws make 11).
        self.winners, self._pair_wins = trick_tables(trump, keys, illusionist_wins)
        # Each card's suit for following (`effective_suit` under this trump), and the cards
        # of each such suit (0-2, and the Illusionist's own when no suit is trump): every
        # move of every playout asks which cards follow.
        self.suits = tuple(effective_suit(card, trump) for card in range(NUM_CARDS))
        self.suit_cards = tuple(
            tuple(c for c in range(NUM_CARDS) if self.suits[c] == suit)
            for suit in (RABBITS, HATS, WANDS, ILLUSIONIST_SUIT)
        )
        # Rope tricks: whether each card may go on a top card, by top * 4 + the led suit
        # (what `rope_playable` says, worked out when first asked: see `rope_goes_on`).
        self._rope: list[tuple[bool, ...] | None] = [None] * (NUM_CARDS * 4)

    def rope_goes_on(self, top: int, led_suit: int) -> tuple[bool, ...]:
        """By card: whether it may go on `top` in a rope trick led in `led_suit` (the printed
        suit of the pile's first card): `rope_playable`, looked up."""
        index = top * 4 + led_suit
        table = self._rope[index]
        if table is None:
            table = self._rope[index] = tuple(
                rope_playable(card, top, led_suit, self) for card in range(NUM_CARDS)
            )
        return table

    def pair_wins(self, card: int) -> list[int]:
        """How many of the two orders of `card` and each other card `card` wins (0, 1 or
        2), by the other card (worked out when first asked for `card`)."""
        wins = self._pair_wins[card]
        if wins is None:
            wins = self._pair_wins[card] = [
                int(trick_winner(card, other, self) == card)
                + int(trick_winner(other, card, self) == card)
                for other in range(NUM_CARDS)
            ]
        return wins


_RULES: dict[tuple[int, ...], Rules] = {}  # rules_for's cache (at most 13 x 13 entries)
_RULES_LINE: dict[tuple[int, ...], str] = {}  # rules_line's, by the Laws
# trick_tables', by what decides a normal trick: trump, the cards' order, the Illusionist
_TRICK_TABLES: dict[
    tuple[int, tuple[int, ...], bool], tuple[list[int], list[list[int] | None]]
] = {}


def trick_tables(
    trump: int, keys: tuple[int, ...], illusionist_wins: bool
) -> tuple[list[int], list[list[int] | None]]:
    """The tables `Rules` fills of trick winners and pair wins (see `Rules.__init__`), one
    pair of them for all the Rules with this trump, order and Illusionist: those decide
    every normal trick alike (`_trick_winner_by_law` reads nothing else)."""
    key = (trump, keys, illusionist_wins)
    tables = _TRICK_TABLES.get(key)
    if tables is None:
        tables = _TRICK_TABLES[key] = ([-1] * (NUM_CARDS * NUM_CARDS), [None] * NUM_CARDS)
    return tables


def rules_for(laws: tuple[int, ...]) -> Rules:
    """The play rules of the Law cards `laws` (cached: search asks often)."""
    rules = _RULES.get(laws)
    if rules is None:
        rules = _RULES[laws] = _make_rules(laws)
    return rules


# rules_of_pair's, by first * NUM_CARDS + second (the engine looks up here first)
PAIR_RULES: list[Rules | None] = [None] * (NUM_CARDS * NUM_CARDS)


def rules_of_pair(first: int, second: int) -> Rules:
    """`rules_for((first, second))` (a hand's two Laws), found by index: the engine asks at
    every move, and this makes no tuple and hashes none."""
    index = first * NUM_CARDS + second
    rules = PAIR_RULES[index]
    if rules is None:
        rules = PAIR_RULES[index] = rules_for((first, second))
    return rules


def _make_rules(laws: tuple[int, ...]) -> Rules:
    objects = [LAW_OF_CARD[c] for c in laws]
    claims = {c for c in (law.trump_claim() for law in objects) if c is not None}
    trump = WANDS if not claims else (claims.pop() if len(claims) == 1 else NO_TRUMP)
    sign = -1 if sum(law.flips_order for law in objects) % 2 else 1
    keys = []
    for card in range(NUM_CARDS):
        value = face_value(card)
        for law in objects:
            value = law.rank_value(card, value)
        keys.append(sign * value)
    return Rules(
        laws=tuple(laws),
        trump=trump,
        keys=tuple(keys),
        illusionist_wins=all(law.illusionist_can_win for law in objects),
        rope=any(law.rope for law in objects),
        needs_bid=any(law.needs_bid for law in objects),
    )


def stars_high(rules: Rules) -> bool:
    """Whether Stars rank high (The Stars Are Right): read off a Star's key."""
    return abs(rules.keys[STAR_CARD]) == STAR_HIGH


def low_wins(rules: Rules) -> bool:
    """Whether lower cards win (Topsy Turvy): the keys of plain cards are negated."""
    return rules.keys[STAR_CARD] < 0


def rules_line(rules: Rules) -> str:
    """The play rules of `rules` in one line: trump, order and trick type (cached)."""
    line = _RULES_LINE.get(rules.laws)
    if line is None:
        line = _RULES_LINE[rules.laws] = _make_rules_line(rules)
    return line


def _make_rules_line(rules: Rules) -> str:
    if rules.trump == NO_TRUMP:
        trump = "Trump: none (only the Illusionist beats other suits)"
    else:
        trump = f"Trump: {SUIT_NAMES[rules.trump]} (the Illusionist is trump too)"
    if stars_high(rules):
        stars = f"Stars high ({STAR_HIGH})"
    else:
        stars = f"Stars low ({face_value(STAR_CARD)})"
    parts = [trump, stars, "low cards win" if low_wins(rules) else "high cards win"]
    if not rules.illusionist_wins:
        parts.append("the Illusionist never wins")
    if rules.rope:
        parts.append("rope tricks")
    return " · ".join(parts) + "."


# -- tricks ------------------------------------------------------------------------------
FOLLOW_RULE = "You must follow the led suit (the Illusionist counts as trump)."
NO_FOLLOW_RULE = "You cannot follow suit: trump or discard."


def follow_cards(hand: list[int], led: int | None, rules: Rules) -> list[int]:
    """The cards one may play to a normal trick: follow the led (effective) suit if able."""
    if led is None:
        return hand[:]
    suits = rules.suits  # effective_suit, looked up
    suit = suits[led]
    following = [c for c in hand if suits[c] == suit]
    return following or hand[:]


def trick_winner(lead: int, follow: int, rules: Rules) -> int:
    """The card winning a normal two-card trick (`lead` led, `follow` answered): looked up
    in the table `Rules` keeps of `_trick_winner_by_law` (worked out on its first asking)."""
    index = lead * NUM_CARDS + follow
    winner = rules.winners[index]
    if winner < 0:
        winner = rules.winners[index] = _trick_winner_by_law(lead, follow, rules)
    return winner


def _trick_winner_by_law(lead: int, follow: int, rules: Rules) -> int:
    """`trick_winner` worked out from the Laws' rules (once per pair of cards: `Rules`)."""
    if not rules.illusionist_wins:
        if lead == ILLUSIONIST:
            return follow
        if follow == ILLUSIONIST:
            return lead
    trump = rules.trump
    lead_trump, follow_trump = is_trump(lead, trump), is_trump(follow, trump)
    if lead_trump != follow_trump:
        return lead if lead_trump else follow
    if effective_suit(follow, trump) != effective_suit(lead, trump):
        return lead
    return follow if rules.keys[follow] > rules.keys[lead] else lead


def trick_winning(trick: list[list[int]], rules: Rules) -> int | None:
    """The seat winning `trick` ([seat, card] pairs, led first) so far, or as it ends; None
    for no card yet. A normal trick: `trick_winner` over the cards; a rope trick: whoever
    played the top card (the other player must beat it or lose the pile)."""
    if not trick:
        return None
    if rules.rope:
        return trick[-1][0]
    seat, best = trick[0]
    for other, card in trick[1:]:
        if trick_winner(best, card, rules) == card:
            seat, best = other, card
    return seat


def trick_reason(lead: int, follow: int, rules: Rules) -> str:
    """Why `trick_winner` chose its card, in words (the game's replay shows it)."""
    if not rules.illusionist_wins and ILLUSIONIST in (lead, follow):
        return "the Illusionist loses every trick"
    trump = rules.trump
    lead_trump, follow_trump = is_trump(lead, trump), is_trump(follow, trump)
    if lead_trump != follow_trump:
        return "trump beats any other suit"
    if effective_suit(follow, trump) != effective_suit(lead, trump):
        return "the card led wins: the other did not follow suit"
    if low_wins(rules):
        return "the lower card of the suit led wins (Topsy Turvy)"
    return "the higher card of the suit led wins"


def rope_playable(card: int, top: int, led_suit: int, rules: Rules) -> bool:
    """Whether `card` may go on `top` in a rope trick: higher in the led suit, or same rank.

    The Illusionist goes on anything and nothing goes on it; "higher" follows the
    rank keys, so under Topsy Turvy it means lower.
    """
    if card == ILLUSIONIST:
        return True
    if top == ILLUSIONIST:
        return False
    if rank_of(card) == rank_of(top):
        return True
    return suit_of(card) == led_suit and rules.keys[card] > rules.keys[top]


ROPE_LEAD_RULE = (
    "Players take turns playing a higher card of the led suit or a card of the same rank as "
    f"the top card. Run out of cards first: +{ROPE_OUT_POINTS} and the last pile."
)


def rope_guide(pile: list[int], rules: Rules) -> str:
    """How to go on a rope pile (`pile`: its cards so far, led first), in plain words: the
    rule of `rope_playable` for the pile's top card."""
    top = pile[-1]
    if top == ILLUSIONIST:
        return "Nothing goes on the Illusionist: this pile is taken."
    led = SUIT_NAMES[suit_of(pile[0])]
    higher = "lower" if low_wins(rules) else "higher"
    name = card_name(top)
    return (
        f"Top card: {name[0].upper()}{name[1:]}. Play a {higher} {led[:-1]} card, or any "
        f"{RANK_NAMES[rank_of(top)]}; the Illusionist goes on anything. "
        "Who cannot play loses the pile to the other player."
    )


def rope_cards(hand: list[int], pile: list[int], rules: Rules) -> list[int]:
    """The cards one may play to a rope trick whose cards so far are `pile` (empty: lead)."""
    if not pile:
        return list(hand)
    goes_on = rules.rope_goes_on(pile[-1], suit_of(pile[0]))
    return [c for c in hand if goes_on[c]]


# -- scoring -----------------------------------------------------------------------------
class LawSet:
    """The Law objects of a set of Law cards, sorted out once for scoring: each hook's list
    holds the Laws that have that hook of their own, in order (the others' add nothing),
    since a search scores a hand at the end of every playout. Read-only; see `law_set`."""

    def __init__(self, laws: tuple[int, ...]) -> None:
        objects = [LAW_OF_CARD[c] for c in laws]
        self.objects = objects
        self.last_only = any(law.last_trick_only for law in objects)
        self.replacers = [law for law in objects if law.replaces_card_points]
        multiplier = 1
        for law in objects:
            multiplier *= law.pile_multiplier
        self.multiplier = multiplier
        self.burners = _with_hook(objects, "burns")
        self.counters = _with_hook(objects, "card_counts")
        self.pile = _with_hook(objects, "pile_lines")
        self.burn_notes = _with_hook(objects, "burn_lines")
        self.hand = _with_hook(objects, "hand_lines")
        self.final = _with_hook(objects, "final_lines")


def _with_hook(objects: list[Law], hook: str) -> list[Law]:
    """The Laws among `objects` whose `hook` is their own, not Law's (which does nothing)."""
    default = getattr(Law, hook)
    return [law for law in objects if getattr(type(law), hook) is not default]


_LAW_SETS: dict[tuple[int, ...], LawSet] = {}  # law_set's cache (at most 13 x 13 entries)


def law_set(laws: Sequence[int]) -> LawSet:
    """The `LawSet` of the Law cards `laws` (cached)."""
    key = tuple(laws)
    found = _LAW_SETS.get(key)
    if found is None:
        found = _LAW_SETS[key] = LawSet(key)
    return found


def is_burned(laws: Sequence[int], trick: Trick) -> bool:
    """Whether a won trick is burned by the Laws in force."""
    return any(law.burns(trick) for law in law_set(laws).burners)


def burned_by(laws: tuple[int, ...] | list[int], trick: Trick) -> str | None:
    """The name of the Law in force that burns a won trick (None: the trick scores)."""
    return next((law.name for law in law_set(laws).burners if law.burns(trick)), None)


def score_seat(
    laws: tuple[int, ...] | list[int],
    tricks: list[Trick],
    seat: int,
    bid: int | None,
    rope_out: int | None,
) -> list[Line]:
    """The score lines of one seat for a finished hand, in the fixed order of the docstring."""
    return _score_seat(law_set(laws), tricks, seat, bid, rope_out)


def _score_seat(
    hooks: LawSet, tricks: list[Trick], seat: int, bid: int | None, rope_out: int | None
) -> list[Line]:
    """`score_seat` by the Laws' `LawSet` (score_hand finds it once for both seats)."""
    won = [t for t in tricks if t["winner"] == seat]
    last_only = hooks.last_only
    scoring = won
    if last_only:
        scoring = [tricks[-1]] if tricks and tricks[-1]["winner"] == seat else []
    burned: list[Trick] = []
    kept = scoring
    if hooks.burners:
        kept = []
        for trick in scoring:
            (burned if any(law.burns(trick) for law in hooks.burners) else kept).append(trick)
    counters = hooks.counters
    if counters:
        cards = [
            card
            for t in kept
            for _, card in t["cards"]
            if all(law.card_counts(card, t["trump"]) for law in counters)
        ]
    else:
        cards = [card for t in kept for _, card in t["cards"]]
    lines: list[Line] = []
    replacers = hooks.replacers
    for law in replacers:
        lines += law.card_lines(len(scoring), cards)
    if not replacers:
        lines.append(_line("cards", _cards_label(len(cards)), (len(cards) + 1) // 2))
    for law in hooks.pile:
        lines += law.pile_lines(cards)
    multiplier = hooks.multiplier
    if last_only or multiplier != 1:
        note = "last trick only" if last_only else "all tricks"
        lines = [
            dict(line, label=f"{line['label']} ({note}, x{multiplier} Grand Finale)",
                 points=line["points"] * multiplier)
            for line in lines
        ]  # fmt: skip
    for law in hooks.burn_notes:
        lines += law.burn_lines(burned)
    if hooks.hand or hooks.final:
        ctx = {"seat": seat, "won": len(won), "bid": bid, "rope_out": rope_out}
        for law in hooks.hand:
            lines += law.hand_lines(ctx)
        for law in hooks.final:
            lines += law.final_lines(ctx, lines)
    return lines


_CARDS_LABELS: dict[int, str] = {}  # _cards_label's, by the number of cards


def _cards_label(count: int) -> str:
    """The card points' label for `count` counting cards (cached: every hand has one)."""
    label = _CARDS_LABELS.get(count)
    if label is None:
        label = f"Cards: {plural(count, 'card')} won, 1 point per 2 (rounded up)"
        _CARDS_LABELS[count] = label
    return label


def score_hand(
    laws: tuple[int, ...] | list[int],
    tricks: list[Trick],
    bids: list[int | None],
    rope_out: int | None,
) -> list[list[Line]]:
    """Score lines for both seats."""
    hooks = law_set(laws)
    return [
        _score_seat(hooks, tricks, 0, bids[0], rope_out),
        _score_seat(hooks, tricks, 1, bids[1], rope_out),
    ]
