"""Trickbook heuristic bot: dice odds, card counting and a few rules of thumb for specials.

It reads only what its seat may see, as the engine's `SeatFacts` (its observation's
facts in card kinds, cheaper than the observation's card views: a search's rollouts ask
this bot every move): its own hand, everyone's hand sizes and letters, the public
discard pile and the cards in play (to guess who may hold the trick being set), and the
live attempt (to spend Focus! / One More! when they help). The dice odds and what the
specials do are the engine's (`land_chance`, `FOCUS_BONUS`, `special_text`, ...).
`explain` says why a move, in the same terms, read off the observation, for the hint.
"""

from __future__ import annotations

from ..rng import Rng
from ..trickbook import (
    DIE_SIDES,
    FIRST_TRY,
    FOCUS,
    FOCUS_BONUS,
    LETTERS,
    ONE_MORE,
    PSYCHE_PENALTY,
    SPECIALS,
    TRICK_INDEX,
    TRICKS,
    comb,
    land_chance,
    land_ways,
    needed_roll,
    special_text,
)
from ..trickbook import DIFFICULTY as DIFFICULTY_OF  # by trick kind
from .base import GameBots, SeatView

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..contract import Action, Observation
    from ..trickbook import SeatFacts

DIFFICULTY = {t["key"]: t["difficulty"] for t in TRICKS}
TOTAL_BY_KIND = [t["count"] for t in TRICKS]  # copies of each trick kind in the game
FIRST_TRY_SET_MIN = 5  # spend First Try! on sets this hard
FIRST_TRY_LAST_LETTER_BELOW = 0.8  # and on a match for our last letter less likely than this
STEAL_RISK = 0.4  # steal when the letter we face is at least this likely

# A setter keeps setting until a set fails, and every landed set costs each matcher a
# trick card (played or discarded), while only the setter draws: a long turn drains the
# matchers' hands, and a matcher without cards takes a letter on every landed set. So
# keeping the turn is worth the letters the rest of it deals, which grow as the rivals'
# hands shrink. A rough model of the rest of a turn: each further set lands with
# REST_LAND (mostly easy tricks) and a matcher holding cards fails it with REST_FAIL.
REST_LAND = 0.8
REST_FAIL = 0.25


def rest_of_turn(cards: int) -> float:
    """Letters a rival left holding `cards` trick cards takes in the rest of our turn
    (remembered: the bot asks it for every rival at every set)."""
    letters = _REST_OF_TURN.get(cards)
    if letters is None:
        letters = REST_LAND / (1 - REST_LAND)  # with no cards: a letter per landed set
        for _ in range(max(0, cards)):
            letters = REST_LAND * (REST_FAIL + letters)
        _REST_OF_TURN[cards] = letters
    return letters


_REST_OF_TURN: dict[int, float] = {}  # rest_of_turn's (hand sizes: a handful)


def on_last_letter(letters: list[int], seat: int) -> bool:
    """Whether one more letter puts `seat` out (`letters`: each seat's)."""
    return letters[seat] >= len(LETTERS) - 1


def holds_chance(unseen_of_kind: int, unseen_total: int, hand_size: int) -> float:
    """Chance a hand of `hand_size` unknown cards holds at least one of a kind (remembered:
    a search's rollouts ask this bot the same few odds again and again)."""
    key = (unseen_of_kind, unseen_total, hand_size)
    chance = _HOLDS_CHANCE.get(key)
    if chance is None:
        chance = _HOLDS_CHANCE[key] = _holds_chance(unseen_of_kind, unseen_total, hand_size)
    return chance


_HOLDS_CHANCE: dict[tuple[int, int, int], float] = {}  # holds_chance's (small ints: a few hundred)


def _holds_chance(unseen_of_kind: int, unseen_total: int, hand_size: int) -> float:
    if hand_size <= 0 or unseen_of_kind <= 0 or unseen_total <= 0:
        return 0.0
    hand_size = min(hand_size, unseen_total)
    miss = comb(unseen_total - unseen_of_kind, hand_size) / comb(unseen_total, hand_size)
    return 1.0 - miss


def odds(difficulty: int, penalty: int = 0, bonus: int = 0) -> float:
    """`land_chance`, remembered (the search's rollouts weigh the same few odds all the time)."""
    key = (difficulty, penalty, bonus)
    chance = _ODDS.get(key)
    if chance is None:
        chance = _ODDS[key] = land_chance(difficulty, penalty, bonus)
    return chance


_ODDS: dict[tuple[int, int, int], float] = {}  # odds' (small ints: a few dozen)

# odds(d) for each difficulty d (one die, no psyche-out, no Focus!), looked up without a call:
# a set decision weighs it for every trick it may set.
PLAIN_ODDS = [land_chance(d) for d in range(max(DIFFICULTY.values()) + 1)]


class Counted:
    """What a set or double decision counts once and weighs every trick card by: the
    copies of each trick kind we cannot see (`unseen`) among the `pool` unknown cards, our
    psyche penalty, Focus! bonus, One More! and First Try! in hand, and per rival still in
    its hand size, psyche penalty, the letters the rest of our turn deals it and the weight
    of its letters."""

    __slots__ = ("bonus", "first_try", "one_more", "pool", "psyched", "rivals", "unseen")

    def __init__(
        self,
        unseen: list[int],
        pool: int,
        psyched: int,
        bonus: int,
        one_more: bool,
        first_try: bool,
        rivals: list[tuple[int, int, float, float]],
    ) -> None:
        self.unseen = unseen
        self.pool = pool
        self.psyched = psyched
        self.bonus = bonus
        self.one_more = one_more
        self.first_try = first_try
        self.rivals = rivals


class TrickbookBot:
    """Sets tricks its rivals are unlikely to match, matches as safely as it can,
    and spends specials where they change an outcome that matters."""

    def __init__(self, seed: int = 0, randomness: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.randomness = randomness

    # -- entry point -------------------------------------------------------------
    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.randomness and self.rng.random() < self.randomness:
            return self.rng.choice(legal)
        kind = legal[0]["type"]
        if kind == "rps":
            return self.rng.choice(legal)
        if kind == "match":
            return legal[0]  # one roll always beats two at the same difficulty
        # (not before, and in the engine's terms, not the observation's views: a search's
        # rollouts ask this bot every move)
        facts = view.decision_facts()
        if kind == "set":
            return self._choose_set(facts, legal)
        if kind == "double":
            return self._choose_match(facts, legal)
        return self._choose_special(facts, legal)

    # -- counting ----------------------------------------------------------------
    def _count(self, facts: SeatFacts) -> Counted:
        """What a set or a double weighs every trick card by, counted once per decision (a
        search's rollouts ask this bot every move): see `Counted`."""
        unseen = TOTAL_BY_KIND[:]
        for kind in facts.hand:
            unseen[kind] -= 1
        for kind in facts.discard:
            unseen[kind] -= 1
        for _, kind, _ in facts.table:
            unseen[kind] -= 1
        me = facts.seat
        sizes, out, letters, psyched = facts.hand_sizes, facts.out, facts.letters, facts.psyched
        pool = facts.trick_deck  # the unknown cards: the deck and the rivals' hands
        rivals = []
        most = len(LETTERS)
        for s in range(facts.num_players):
            if s == me or out[s]:
                continue
            size = sizes[s]
            pool += size
            # the rest of our turn, once this match has cost the rival a card, at most the
            # letters it has left (min() written out: Pyodide's builtin call is slow)
            later: float = most - letters[s]
            rest = rest_of_turn(size - 1)
            if rest < later:
                later = rest
            weight = 1.0 + 0.5 * letters[s]  # a letter to a rival near elimination is worth more
            rivals.append((size, psyched[s], later, weight))
        specials = facts.specials
        return Counted(
            unseen,
            pool,
            psyched[me],
            FOCUS_BONUS if FOCUS in specials else 0,
            ONE_MORE in specials,
            FIRST_TRY in specials,
            rivals,
        )

    def _set_value(self, counted: Counted, kind: int, first_try: bool) -> float:
        """Worth of setting the trick `kind`: land chance x the letters it hands out, now
        and in the rest of the turn it keeps (see `rest_of_turn`), each weighted by the
        rival's letters."""
        return self._land(counted, kind, first_try) * self._letters(counted, kind)

    def _land(self, counted: Counted, kind: int, first_try: bool) -> float:
        """Chance we land the trick `kind` (Focus! and One More! in hand count; First Try!
        lands it)."""
        if first_try:
            return 1.0
        d, bonus = DIFFICULTY_OF[kind], counted.bonus
        chance = odds(d, counted.psyched, bonus)
        if counted.one_more:
            chance = 1 - (1 - chance) * (1 - odds(d, 0, bonus))
        return chance

    def _letters(self, counted: Counted, kind: int) -> float:
        """The letters a landed trick `kind` hands out, weighted: each rival fails to match
        it (single if it likely holds one, else double), now and in the rest of the turn."""
        d = DIFFICULTY_OF[kind]
        unseen, pool = counted.unseen[kind], counted.pool
        if unseen < 0:  # (never fewer than none)
            unseen = 0
        plain = PLAIN_ODDS[d]  # one die, no psyche-out
        letters = 0.0
        for size, psyched, later, weight in counted.rivals:
            if size == 0:
                now = 1.0
            else:
                single = odds(d, psyched) if psyched else plain
                double = single * plain
                q = _HOLDS_CHANCE.get((unseen, pool, size))  # (holds_chance, a call less)
                if q is None:
                    q = holds_chance(unseen, pool, size)
                now = 1.0 - (q * single + (1 - q) * double)
            letters += (now + later) * weight
        return letters

    # -- decisions -------------------------------------------------------------------
    def _choose_set(self, facts: SeatFacts, legal: list[Action]) -> Action:
        """The set worth most (the first of equals, as `max` picks: a loop, without a call
        per move, as a search's rollouts ask this every set)."""
        counted = self._count(facts)
        has_first_try = counted.first_try
        best, best_value = legal[0], 0.0
        for i, action in enumerate(legal):
            kind = TRICK_INDEX[action["trick"]]
            letters = self._letters(counted, kind)
            value = self._land(counted, kind, False) * letters
            if has_first_try and DIFFICULTY_OF[kind] >= FIRST_TRY_SET_MIN:
                sure = letters - 0.5  # landed for sure: 1.0 x letters
                if sure > value:  # (as max() picks, without its call)
                    value = sure
            if i == 0 or value > best_value:
                best, best_value = action, value
        return best

    def _choose_match(self, facts: SeatFacts, legal: list[Action]) -> Action:
        """Which trick to discard for a double try (a single try, when legal, is taken)."""
        counted = self._count(facts)
        has_first_try = counted.first_try
        best, best_value = legal[0], 0.0
        for i, action in enumerate(legal):  # (the first of equals, as `min` picks)
            kind = TRICK_INDEX[action["discard"]]
            first_try = has_first_try and DIFFICULTY_OF[kind] >= FIRST_TRY_SET_MIN
            value = self._set_value(counted, kind, first_try)
            if i == 0 or value < best_value:
                best, best_value = action, value
        return best

    def _my_match_chance(self, facts: SeatFacts, penalty: int = 0) -> float:
        """Chance we would match the live trick with our hand (single if held, else double)."""
        trick = facts.trick
        d = DIFFICULTY_OF[trick]
        me = facts.seat
        for seat, _, play in facts.table:  # (a loop: any() would cost a generator)
            if seat == me and play != "set":
                return 1.0  # already tried this sequence
        if trick in facts.hand:
            return odds(d, penalty)
        if not facts.hand:
            return 0.0
        return odds(d, penalty) * odds(d)

    def _choose_special(self, facts: SeatFacts, legal: list[Action]) -> Action:
        # the usable specials: the legal moves but the pass (the decision's "usable")
        usable = [action["card"] for action in legal if action["type"] == "special"]
        if facts.window == "after":
            pick = self._after_roll(facts, usable)
        else:
            pick = self._before_attempt(facts, usable)
        return {"type": "special", "card": pick} if pick else {"type": "pass"}

    def _after_roll(self, facts: SeatFacts, usable: list[str]) -> str | None:
        """Focus! when +1 lands a roll; One More! when a single roll is left failing.

        Kept for our own sets (a rescued set keeps the turn, worth several letters) unless
        the failing match would give us our last letter."""
        attempt = facts.attempt
        assert attempt is not None, "a specials decision has a live attempt"
        _, purpose, _, _, d, rolls = attempt
        if purpose == "match" and not on_last_letter(facts.letters, facts.seat):
            return None
        failing = [total for total, lands in rolls if not lands]
        specials = facts.specials
        focus, one_more = specials.count(FOCUS), specials.count(ONE_MORE)
        closest = failing[0]  # the highest failing total (one or two rolls)
        for total in failing:
            if total > closest:
                closest = total
        fixable_by_focus = 1 if d - closest <= focus * FOCUS_BONUS else 0
        if "focus" in usable and fixable_by_focus and len(failing) - 1 <= one_more:
            return "focus"
        if "one-more" in usable and len(failing) - fixable_by_focus <= one_more:
            return "one-more"
        return None

    def _before_attempt(self, facts: SeatFacts, usable: list[str]) -> str | None:
        me = facts.seat
        attempt = facts.attempt
        assert attempt is not None, "a specials decision has a live attempt"
        attempter, purpose, dice, first_try, d, _ = attempt
        if attempter == me:
            chance = odds(d, facts.psyched[me])
            if dice == 2:
                chance *= odds(d)
            if purpose == "match":
                if "steal-turn" in usable and 1 - chance >= STEAL_RISK:
                    return "steal-turn"
                # First Try! is worth more on a hard set (letters all round, turn kept)
                # than on a match, unless this match is for our last letter.
                if (
                    "first-try" in usable
                    and on_last_letter(facts.letters, me)
                    and chance < FIRST_TRY_LAST_LETTER_BELOW
                ):
                    return "first-try"
                return None
            if "first-try" in usable and d >= FIRST_TRY_SET_MIN - 1 and chance < 0.55:
                return "first-try"
            return None
        if first_try:
            return None
        still_to_match = me in facts.to_match or purpose == "set"
        if "steal-turn" in usable and still_to_match:
            land = 1.0 if purpose == "match" else odds(d, facts.psyched[attempter])
            if land * (1 - self._my_match_chance(facts)) >= STEAL_RISK:
                return "steal-turn"
        if "psyche" in usable:
            if purpose == "set":
                if still_to_match and 1 - self._my_match_chance(facts) >= 0.5:
                    return "psyche"
            elif facts.letters[attempter] >= 2 or facts.num_players == 2:
                return "psyche"
        return None


# How the search (bots/search.py) plays this game. Dice decide a lot: the heuristic bot
# plays the rollouts (it is cheap here), to the end of the game. A rollout that stops at the
# next letter cannot see what a special kept in hand is worth later, so the search spent
# Focus!, First Try! and Steal Turn! on matches where the heuristic keeps them for its sets,
# and lost (docs/bots.md). A strong nudge: the search overrules the heuristic only on clear
# evidence. A playout from the first move of a 5-player game is about 100 moves; 60 on
# average keeps such moves near the others' time.
SEARCH_TUNING: dict[str, Any] = {
    "rollout": "heuristic",
    "settle": False,
    "horizon": 1000,  # moves per player: past the end of any game
    "heuristic_prior": 5.0,
    "playout_steps": 60,
    "levels": {"normal": 20, "hard": 100},
}


# -- the hint's words ----------------------------------------------------------------------
MINUS = "\u2212"  # a true minus sign, not a hyphen
TRICK_NAME = {t["key"]: t["name"] for t in TRICKS}
SPECIAL_NAME = {s["key"]: s["name"] for s in SPECIALS}


def land_words(difficulty: int, penalty: int = 0) -> str:
    """'it lands on a 3 or more (4 in 6)' for one die, less `penalty`, against `difficulty`."""
    ways = land_ways(difficulty, -penalty)
    if not ways:
        return "it cannot land on one die"
    return f"it lands on a {needed_roll(difficulty, -penalty)} or more ({ways} in {DIE_SIDES})"


def _and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def explain(view: SeatView, action: Action, names: list[str]) -> str | None:
    """Why `action` for `view`'s seat, in the terms `TrickbookBot` weighs (the hint says it);
    seats are named by `names`; every move has its words, read off the seat's observation."""
    obs = view.observation()
    me = obs["seat"]
    kind = action["type"]
    if kind == "set":
        key = action["trick"]
        held = [s["key"] for s in obs["specials"]]
        if "first-try" in held and DIFFICULTY[key] >= FIRST_TRY_SET_MIN:
            return (
                f"sets the {TRICK_NAME[key]} to land it with First Try!: few rivals will "
                "match it, and your turn goes on"
            )
        return (
            f"sets the {TRICK_NAME[key]}: {land_words(DIFFICULTY[key], obs['psyched'][me])}, "
            "and every landed set keeps your turn and costs each rival a card"
        )
    if kind == "rps":
        return (
            "rock, paper and scissors are all as good: the bots choose theirs at random, "
            "and whoever wins sets first"
        )
    if kind in ("match", "double"):
        live = obs["trick"]
        odds = land_words(live["difficulty"], obs["psyched"][me])
        if kind == "match":
            return f"one roll with your own {live['name']} beats two: {odds}"
        discard = TRICK_NAME[action["discard"]]
        if any(c["key"] == live["key"] for c in obs["hand"]):
            why = f"discards the {discard} to roll twice instead of once with your own"
            return f"{why} {live['name']}: both rolls must land, and {odds}"
        return (
            f"no {live['name']} in hand: discards the {discard} to roll twice, and both "
            f"rolls must land: {odds}"
        )
    decision = obs["decision"]
    for_set = decision["for"] == "set"
    last_letter = on_last_letter(obs["letters"], obs["seat"])
    if kind == "special":
        card = action["card"]
        name = SPECIAL_NAME[card]
        if card == "steal-turn":
            return f"{name} ends this sequence with no letters, and you set next"
        if card == "psyche":  # aimed at the attempter: never the seat explained to
            target = names[decision["attempter"]]
            return f"{name} may give {target} {MINUS}{PSYCHE_PENALTY} on this roll"
        if for_set:
            stake = "a landed set keeps your turn"
        else:
            stake = "this letter would put you out" if last_letter else "it saves you a letter"
        return f"{name}: {special_text(card)}; {stake}"
    return _explain_pass(obs, decision, names)


def _explain_pass(obs: Observation, decision: dict[str, Any], names: list[str]) -> str:
    """Why keep the specials one could play now: what the attempt looks like without them."""
    me = obs["seat"]
    attempter = decision["attempter"]
    for_set = decision["for"] == "set"
    kept = _and_list([SPECIAL_NAME[u] for u in decision["usable"]])
    attempt = obs["attempt"]
    if attempter != me:
        odds = land_words(attempt["difficulty"], obs["psyched"][attempter])
        whose = f"{names[attempter]}'s {'set' if for_set else 'match'}"
        if decision["window"] == "after":
            return f"keeps {kept} for later: {whose} is rolled already"
        return f"keeps {kept} for later: on {whose}, {odds}"
    if decision["window"] == "after":
        if all(r["success"] for r in attempt["rolls"]):
            return f"keeps {kept} for later: your roll lands as it is"
        if not for_set and not on_last_letter(obs["letters"], obs["seat"]):
            return (
                f"keeps {kept} for a set of your own: a rescued set keeps your turn, "
                "a rescued match saves just one letter"
            )
        if decision["usable"] == ["focus"] and decision["focus_total"] < attempt["difficulty"]:
            return f"keeps {kept}: +{FOCUS_BONUS} would not land this roll"
        return f"keeps {kept} for later"
    odds = land_words(attempt["difficulty"], obs["psyched"][me])
    if for_set:
        return f"keeps {kept} for a harder set: {odds} anyway"
    if on_last_letter(obs["letters"], obs["seat"]):
        return f"keeps {kept}: {odds}, and a miss now would put you out"
    return f"keeps {kept} for a set of your own: {odds}, and a miss costs just one letter"


BOTS = GameBots(heuristic=TrickbookBot, search_tuning=SEARCH_TUNING, explain=explain)
