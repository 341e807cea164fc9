"""Trickbook by Jacob Hauberg Hansen: a game of S.K.A.T.E. with trick cards, dice and specials.

The setter plays a trick card and rolls at least its difficulty; every other
player still in then matches it (same trick, one roll; or discard any trick
card and roll twice) or takes a letter of S-K-A-T-E. Five letters and you are
out; the last player standing wins. Specials are offered at fixed moments
(see docs/rules/trickbook.md): a "before" window ahead of every attempt and an
"after" window between a roll and its resolution.

Cards are small ints: trick kinds 0..6 (index into TRICKS) and special kinds
0..4 (index into SPECIALS); hands are sorted lists of kinds. Actions name
cards by key: {"type": "set", "trick": "kickflip"}, {"type": "special",
"card": "focus"}.

Observation fields: seat, acting, phase ("rps" | "set" | "match" | "special" |
"over"), scores, num_players, letters, letter_marks, out, hand, specials,
hand_sizes, special_counts, setter, trick, landed, matcher, to_match, attempt,
window, decision, table, results, previous, last_rolls, sequence_from,
move_rolls, trick_deck, trick_discard, special_deck, psyched, rps, winners, and
last_trick (always None: no tricks of cards; docs/contract.md).

The rule facts a table or a bot needs are answered here, so they live in one place:
`needed_roll`, `land_ways` and `land_chance` (what a die must show), `FOCUS_BONUS` and
`PSYCHE_PENALTY` (what the specials add and take off), `special_text` (what a special
does, in the words its card and its button print), and every roll's parts (`penalty`,
`bonus`, `total`, from `roll_parts`) in its events and in the observation.
`move_rolls` lists the numbers of the dice the last move rolled: the new dice a table
rolls in (the same list on every redraw until the next move).
"""

from __future__ import annotations

from . import register
from .contract import Game, State
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypedDict

    from .contract import Action, Event, Observation

    Need = tuple[int, set[int], bool, bool]  # hand size, usable kinds, must hold one, none

    class RollParts(TypedDict):
        """How a roll adds up (`roll_parts`)."""

        penalty: int
        bonus: int
        total: int

    class RollChange(TypedDict, total=False):
        """What Focus! changes in a roll already made (its event and its recent view)."""

        modifier: int
        focus: int
        penalty: int
        bonus: int
        total: int
        success: bool | None

    class RollFacts(TypedDict, total=False):
        """What a roll's event adds to its roll: an attempt's die and trick, or a psyche's
        role."""

        index: int
        trick: str
        focus: int
        role: str
        against: int


GAME_ID = "trickbook"
LETTERS = "SKATE"
HAND_LIMIT = 3  # a setter holding this many trick cards or fewer draws ...
HAND_TARGET = 4  # ... up to this many
START_TRICKS = 3
START_SPECIALS = 1
RECENT_ROLLS = 8
SPECIAL_DEAL_TRIES = 200  # resample: random deals of the unseen specials to try
DIE_SIDES = 6
FOCUS_BONUS = 1  # Focus! adds this to a roll
PSYCHE_PENALTY = 1  # a psyche-out takes this off the next attempt roll

TRICKS: list[dict[str, Any]] = [
    {"key": "ollie", "name": "Ollie", "difficulty": 2, "count": 4,
     "text": "A leap into the air. The most basic of tricks."},
    {"key": "shuv-it", "name": "Shuv-it", "difficulty": 2, "count": 4,
     "text": "Make the board rotate 180 degrees."},
    {"key": "kickflip", "name": "Kickflip", "difficulty": 3, "count": 3,
     "text": "Flip the board around with a flick of the toes."},
    {"key": "heelflip", "name": "Heelflip", "difficulty": 3, "count": 3,
     "text": "Flip the board around with a flick of the heel."},
    {"key": "impossible", "name": "Impossible", "difficulty": 4, "count": 4,
     "text": "Make the board flip around vertically by scooping with the back foot."},
    {"key": "360-flip", "name": "360 Flip", "difficulty": 5, "count": 3,
     "text": "A 360 degrees Shuv-it and a Kickflip in one. A very technical trick."},
    {"key": "hardflip", "name": "Hardflip", "difficulty": 6, "count": 2,
     "text": "A frontside Pop Shove-it and a Kickflip. Technical and difficult."},
]  # fmt: skip
# A special's `text` says what it does in the few words its card and its button print
# (`special_text`); Psyche!'s `aimed` says it of the player it is aimed at ({target}).
# Signed numbers are written with "-": a table may print a true minus sign.
SPECIALS: list[dict[str, Any]] = [
    {"key": "psyche", "name": "Psyche!", "count": 4,
     "text": f"roll off: if they roll lower, -{PSYCHE_PENALTY} on their roll",
     "aimed": f"roll off: if {{target}} rolls lower, -{PSYCHE_PENALTY} on {{target}}'s roll"},
    {"key": "focus", "name": "Focus!", "count": 4, "text": f"+{FOCUS_BONUS} to your roll"},
    {"key": "first-try", "name": "First Try!", "count": 3, "text": "land it without rolling"},
    {"key": "steal-turn", "name": "Steal Turn!", "count": 2,
     "text": "take the turn: you set next"},
    {"key": "one-more", "name": "One More!", "count": 2, "text": "reroll the failed die"},
]  # fmt: skip
PSYCHE, FOCUS, FIRST_TRY, STEAL_TURN, ONE_MORE = range(len(SPECIALS))
# What a seat may play in a specials window, by its part in it (`usable_kinds`): after the
# roll, the attempter; before it, the attempter (First Try!, unless played) or another seat
# (Psyche!), and Steal Turn! for all but the setter.
AFTER_ROLL_KINDS = (FOCUS, ONE_MORE)
FIRST_TRY_KINDS = (FIRST_TRY,)
FIRST_TRY_OR_STEAL_KINDS = (FIRST_TRY, STEAL_TURN)
STEAL_KINDS = (STEAL_TURN,)
PSYCHE_KINDS = (PSYCHE,)
PSYCHE_OR_STEAL_KINDS = (PSYCHE, STEAL_TURN)

TRICK_KEYS = [t["key"] for t in TRICKS]
TRICK_INDEX = {key: i for i, key in enumerate(TRICK_KEYS)}
DIFFICULTY = [t["difficulty"] for t in TRICKS]
SPECIAL_KEYS = [s["key"] for s in SPECIALS]
SPECIAL_INDEX = {key: i for i, key in enumerate(SPECIAL_KEYS)}

SHAPES = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}

BEFORE = "before"  # window ahead of an attempt
AFTER = "after"  # window between a roll and its resolution


def needed_roll(difficulty: int, modifier: int = 0) -> int:
    """The lowest die that lands a trick of `difficulty` when `modifier` is added to the
    roll (-PSYCHE_PENALTY for each psyche-out, +FOCUS_BONUS for each Focus!): a roll lands
    when die + modifier >= difficulty. Above DIE_SIDES: no die lands it."""
    return difficulty - modifier


def land_ways(difficulty: int, modifier: int = 0) -> int:
    """How many of the die's DIE_SIDES faces land a trick of `difficulty` with `modifier`
    added to the roll (0: it cannot land on one die)."""
    return max(0, min(DIE_SIDES, DIE_SIDES + 1 - needed_roll(difficulty, modifier)))


def land_chance(difficulty: int, penalty: int = 0, bonus: int = 0) -> float:
    """Chance one die, less `penalty` (psyche) and plus `bonus` (Focus!), lands a trick of
    `difficulty`."""
    need = needed_roll(difficulty, bonus - penalty)
    return min(1.0, max(0.0, (DIE_SIDES + 1 - need) / DIE_SIDES))


def roll_parts(die: int, modifier: int, focus: int = 0) -> RollParts:
    """How a roll adds up, for its events and views: `penalty` (psyche points taken off),
    `bonus` (Focus! points added; `focus` counts the Focus! cards played on it) and
    `total` (die - penalty + bonus, where modifier = bonus - penalty)."""
    bonus = focus * FOCUS_BONUS
    return {"penalty": bonus - modifier, "bonus": bonus, "total": die + modifier}


def special_text(key: str, target: str | None = None) -> str:
    """What the special `key` does, in the words its card and its button print; with
    `target` (the name of the player it is aimed at, never the reader), Psyche! names them."""
    special = SPECIALS[SPECIAL_INDEX[key]]
    if target is not None and "aimed" in special:
        return special["aimed"].format(target=target)
    return special["text"]


def trick_view(kind: int) -> dict[str, Any]:
    """A trick card for observations: key, name and difficulty."""
    return dict(TRICK_VIEWS[kind])


def special_view(kind: int) -> dict[str, Any]:
    """A special card for observations: key and name."""
    return dict(SPECIAL_VIEWS[kind])


# What `trick_view` and `special_view` give, built once (observations copy them).
TRICK_VIEWS = [{"key": t["key"], "name": t["name"], "difficulty": t["difficulty"]} for t in TRICKS]
SPECIAL_VIEWS = [{"key": s["key"], "name": s["name"]} for s in SPECIALS]


def full_trick_deck() -> list[int]:
    """The 23 trick cards as kinds, in a fixed order."""
    return [kind for kind, t in enumerate(TRICKS) for _ in range(t["count"])]


def full_special_deck() -> list[int]:
    """The 15 special cards as kinds, in a fixed order."""
    return [kind for kind, s in enumerate(SPECIALS) for _ in range(s["count"])]


def rps_survivors(players: list[int], choices: list[Any]) -> list[int]:
    """Who stays in after one rock-paper-scissors throw (everyone, when it is a replay).

    Exactly two shapes shown: the players showing the beaten shape drop out.
    One shape (a tie) or all three shapes (with 3+ players): everyone throws again.
    """
    shown = {choices[s] for s in players}
    if len(shown) != 2:
        return list(players)
    first, second = sorted(shown)
    winner = first if BEATS[first] == second else second
    return [s for s in players if choices[s] == winner]


def comb(n: int, k: int) -> int:
    """math.comb for n >= 0 (MicroPython's math has none): n choose k, 0 when k > n."""
    if k < 0 or k > n:
        return 0
    k = min(k, n - k)
    result = 1
    for i in range(1, k + 1):
        result = result * (n - k + i) // i
    return result


def _text(value: Any) -> str | None:
    """`value` if it is a string, else None (actions may carry garbage)."""
    return value if isinstance(value, str) else None


class TrickbookState(State):
    FLAT_LISTS = (
        "trick_deck",
        "special_deck",
        "trick_discard",
        "letters",
        "out",
        "psyched",
        "rps_players",
        "rps_choice",
        "queue",
    )
    NESTED_LISTS = ("hands", "specials")

    # -- setup ---------------------------------------------------------------
    def setup(self) -> None:
        n = self.num_players
        self.trick_deck: list[int] = full_trick_deck()
        self.rng.shuffle(self.trick_deck)
        self.special_deck: list[int] = full_special_deck()
        self.rng.shuffle(self.special_deck)
        self.hands: list[list[int]] = []
        self.specials: list[list[int]] = []
        for _ in range(n):
            self.hands.append(sorted(self.trick_deck.pop() for _ in range(START_TRICKS)))
            self.specials.append(sorted(self.special_deck.pop() for _ in range(START_SPECIALS)))
        self.trick_discard: list[int] = []
        self.letters = [0] * n
        self.out = [False] * n
        self.psyched = [0] * n  # penalty points pending on each seat's next attempt roll
        self.phase = "rps"
        self.rps_players = list(range(n))
        self.rps_choice: list[str | None] = [None] * n
        self.rps_round = 1
        self.rps_last: list[str | None] | None = None  # the last revealed throw
        self.setter = -1
        self.matcher = -1  # the seat deciding how to match (phase "match")
        self.trick = -1  # the trick kind of the live set/match sequence
        self.landed = False  # the live set landed: matching is under way
        self.queue: list[int] = []  # matchers still to try, in order
        self.table: list[dict[str, Any]] = []  # cards in play: seat, card (kind), as
        self.results: list[dict[str, Any]] = []  # match outcomes of the live sequence
        self.previous: dict[str, Any] | None = None  # summary of the last finished sequence
        self.attempt: dict[str, Any] | None = None
        self.window: dict[str, Any] | None = None
        self.last_rolls: list[Event] = []  # copies of the last roll events
        self.rolls_made = 0  # every die rolled so far; a roll's `number` names it
        self.rolls_before_move = 0  # rolls made before the last move: its dice are after
        self.sequence_from = 0  # the number of the live set/match sequence's first roll
        self.winner = -1

    # -- small helpers ---------------------------------------------------------
    # (The hottest paths of a search's playouts read `self.attempt` and `self.window` with an
    # assert of their own instead of these two: a call less each time.)
    @property
    def live_attempt(self) -> dict[str, Any]:
        """The attempt under way (read only where one is: rolling, its specials window)."""
        assert self.attempt is not None, "no attempt is under way"
        return self.attempt

    @property
    def open_window(self) -> dict[str, Any]:
        """The open specials window (read only in the specials phase)."""
        assert self.window is not None, "no specials window is open"
        return self.window

    def _in_order_from(self, seat: int) -> list[int]:
        """Seats still in, in turn order starting with `seat`."""
        n, out = self.num_players, self.out
        return [s % n for s in range(seat, seat + n) if not out[s % n]]

    def _next_in(self, seat: int) -> int:
        """The next seat after `seat` (to its left) that is still in."""
        n, out = self.num_players, self.out
        for s in range(seat + 1, seat + n + 1):
            if not out[s % n]:
                return s % n
        return seat

    def _draw_trick(self, events: list[Event]) -> int | None:
        """Top trick card; an empty deck is first replaced by its shuffled discards."""
        if not self.trick_deck:
            if not self.trick_discard:
                return None
            self.trick_deck, self.trick_discard = self.trick_discard, []
            self.rng.shuffle(self.trick_deck)
            events.append({"type": "reshuffle", "deck": "tricks", "size": len(self.trick_deck)})
        return self.trick_deck.pop()

    def _return_special(self, kind: int) -> None:
        """A used (or abandoned) special goes back into its deck, which is shuffled."""
        self.special_deck.append(kind)
        self.rng.shuffle(self.special_deck)

    def _roll(
        self,
        seat: int,
        purpose: str,
        modifier: int,
        target: int | None,
        events: list[Event],
        extra: RollFacts,
    ) -> int:
        """Roll the seat's die (public event); a natural 1 draws a special if any is left.

        The event's `number` counts the game's rolls (1, 2, ...): it tells a table which
        dice are new. Every roll carries its parts (`roll_parts`: penalty, bonus, total);
        attempt rolls also carry `trick` and `focus` (Focus! cards on it): `extra`, the
        facts the event adds.
        """
        die = self.rng.randint(1, DIE_SIDES)  # (the tests script dice through randint)
        self.rolls_made = number = self.rolls_made + 1
        bonus = extra.get("focus", 0) * FOCUS_BONUS
        # (`roll_parts` written out, and `needed_roll` as die + modifier >= target: every
        # playout step rolls, and these were a dict and two calls more per roll)
        event: Event = {
            "type": "roll",
            "number": number,
            "seat": seat,
            "for": purpose,
            "die": die,
            "modifier": modifier,
            "penalty": bonus - modifier,
            "bonus": bonus,
            "total": die + modifier,
            "target": target,
            "success": None if target is None else die + modifier >= target,
        }
        event.update(extra)
        recent = self.last_rolls
        if self.quiet:  # nobody reads the events: the event itself is the roll's record
            recent.append(event)
        else:
            events.append(event)
            recent.append(event.copy())
        del recent[:-RECENT_ROLLS]  # the last RECENT_ROLLS rolls are kept
        if die == 1:
            self._natural_one(seat, events)
        return die

    def _natural_one(self, seat: int, events: list[Event]) -> None:
        """A natural 1 draws a special card, if the special deck has any left."""
        if not self.special_deck:
            events.append({"type": "special_drawn", "seat": seat, "empty_deck": True})
            return
        kind = self.special_deck.pop()
        self.specials[seat].append(kind)
        self.specials[seat].sort()
        if self.quiet:
            return
        events.append({"type": "special_drawn", "seat": seat, "empty_deck": False})
        events.append(
            {"type": "special_card", "seat": seat, "card": SPECIAL_KEYS[kind], "to": [seat]}
        )

    # -- the turn --------------------------------------------------------------
    def _start_set(self, setter: int, events: list[Event]) -> None:
        """The setter (re)starts: draw up to 4 when holding 3 or fewer, then choose a trick."""
        self.setter = setter
        self.phase = "set"
        self.matcher = -1
        self.trick = -1
        self.landed = False
        self.queue = []
        self.attempt = None
        self.window = None
        hand = self.hands[setter]
        drawn = []
        if len(hand) <= HAND_LIMIT:
            for _ in range(HAND_TARGET - len(hand)):
                card = self._draw_trick(events)
                if card is None:
                    break
                drawn.append(card)
            hand.extend(drawn)
            hand.sort()
        if self.quiet:
            return
        events.append({"type": "setter", "seat": setter})
        if drawn:
            events.append({"type": "draw", "seat": setter, "count": len(drawn)})
            events.append(
                {
                    "type": "drew",
                    "seat": setter,
                    "cards": [TRICK_KEYS[c] for c in drawn],
                    "to": [setter],
                }
            )

    def _end_sequence(self, stolen_by: int = -1) -> None:
        """Cards in play go to the trick discard pile; remember the sequence for the table."""
        self.trick_discard.extend([play["card"] for play in self.table])
        self.previous = {
            "setter": self.setter,
            "trick": TRICK_KEYS[self.trick] if self.trick >= 0 else None,
            "landed": self.landed,
            "results": [dict(r) for r in self.results],
            "stolen_by": stolen_by if stolen_by >= 0 else None,
        }
        self.table = []
        self.trick = -1
        self.landed = False

    def _begin_attempt(self, seat: int, purpose: str, dice: int, events: list[Event]) -> None:
        """Open the 'before' window of an attempt; run it at once when nobody may intervene."""
        self.attempt = {"seat": seat, "for": purpose, "dice": dice, "first_try": False, "rolls": []}
        self.window = {
            "kind": BEFORE,
            "order": self._in_order_from(seat),
            "pos": 0,
            "asked": -1,
            "passed": [],
        }
        self._continue_window(0, events)

    def _run_attempt(self, events: list[Event]) -> None:
        """Roll for the attempt (or land it on First Try!), then open the 'after' window."""
        attempt = self.attempt
        assert attempt is not None, "no attempt is under way"
        seat = attempt["seat"]
        if attempt["first_try"]:
            events.append({"type": "first_try_landed", "seat": seat})
            self._resolve(True, events)
            return
        target = DIFFICULTY[self.trick]
        penalty, self.psyched[seat] = self.psyched[seat], 0
        trick = TRICK_KEYS[self.trick]
        for index in range(attempt["dice"]):
            modifier = -penalty if index == 0 else 0
            die = self._roll(
                seat,
                attempt["for"],
                modifier,
                target,
                events,
                {"index": index, "trick": trick, "focus": 0},
            )
            attempt["rolls"].append(
                {"die": die, "modifier": modifier, "focus": 0, "number": self.rolls_made}
            )
        # The after window asks the attempter alone, and only while a roll fails
        # (`_usable_kinds`): a landed attempt, or an attempter holding no special, is resolved
        # at once, without opening it (it would close unasked, and leaves no trace).
        landed = self._attempt_landed()
        if landed or not self.specials[seat]:
            self._resolve(landed, events)
            return
        self.window = {"kind": AFTER, "order": [seat], "pos": 0, "asked": -1, "passed": []}
        self._continue_window(0, events)

    def _attempt_landed(self) -> bool:
        """Whether the live attempt currently succeeds (First Try!, or every roll high enough)."""
        attempt = self.attempt
        assert attempt is not None, "no attempt is under way"
        if attempt["first_try"]:
            return True
        target = DIFFICULTY[self.trick]
        rolls = attempt["rolls"]
        for r in rolls:  # (a loop: one or two rolls, where all() would cost a generator)
            if r["die"] < needed_roll(target, r["modifier"]):
                return False
        return bool(rolls)

    def _resolve(self, landed: bool, events: list[Event]) -> None:
        """Apply the outcome of the live attempt and move the game on."""
        attempt = self.attempt
        assert attempt is not None, "no attempt is under way"
        seat, purpose = attempt["seat"], attempt["for"]
        self.attempt = None
        self.window = None
        trick = TRICK_KEYS[self.trick]
        quiet = self.quiet
        if purpose == "set":
            if not quiet:
                events.append(
                    {"type": "set_result", "seat": seat, "trick": trick, "landed": landed}
                )
            if landed:
                self.landed = True
                self.queue = self._in_order_from(seat)[1:]
                self._next_matcher(events)
            else:
                self._end_sequence()
                self._start_set(self._next_in(seat), events)
            return
        if not quiet:
            events.append({"type": "match_result", "seat": seat, "trick": trick, "landed": landed})
        self.results.append({"seat": seat, "outcome": "landed" if landed else "failed"})
        if not landed and self._give_letter(seat, events):
            return
        self._next_matcher(events)

    def _next_matcher(self, events: list[Event]) -> None:
        """Hand the decision to the next matcher; players without trick cards fail at once."""
        while self.queue:
            seat = self.queue.pop(0)
            if self.out[seat]:
                continue
            if not self.hands[seat]:
                if not self.quiet:
                    events.append({"type": "no_cards", "seat": seat})
                self.results.append({"seat": seat, "outcome": "no cards"})
                if self._give_letter(seat, events):
                    return
                continue
            self.phase = "match"
            self.matcher = seat
            return
        self._end_sequence()
        self._start_set(self.setter, events)

    def _give_letter(self, seat: int, events: list[Event]) -> bool:
        """The next letter of S-K-A-T-E; the fifth puts the seat out. True when the game ends."""
        self.letters[seat] += 1
        count = self.letters[seat]
        if not self.quiet:
            events.append(
                {"type": "letter", "seat": seat, "letter": LETTERS[count - 1], "count": count}
            )
        if count < len(LETTERS):
            return False
        self.out[seat] = True
        cards = self.hands[seat]
        self.trick_discard.extend(cards)
        for kind in self.specials[seat]:
            self._return_special(kind)
        events.append(
            {
                "type": "out",
                "seat": seat,
                "discarded": [TRICK_KEYS[c] for c in cards],
                "specials_returned": len(self.specials[seat]),
            }
        )
        self.hands[seat] = []
        self.specials[seat] = []
        standing = [s for s in range(self.num_players) if not self.out[s]]
        if len(standing) > 1:
            return False
        self.winner = standing[0]
        self.phase = "over"
        self.attempt = None
        self.window = None
        self.queue = []
        self.matcher = -1
        self.trick_discard.extend(play["card"] for play in self.table)
        self.table = []
        events.append({"type": "game_over", "winner": self.winner})
        return True

    # -- special windows -------------------------------------------------------
    def usable_specials(self, seat: int) -> list[int]:
        """The special kinds `seat` may play in the open window (none outside windows)."""
        held = self.specials[seat]
        return [k for k in self._usable_kinds(seat) if k in held] if held else []

    def usable_kinds(self, seat: int) -> list[int]:
        """The special kinds `seat` could play in the open window if it held them."""
        return list(self._usable_kinds(seat))

    def _holds_usable(self, seat: int) -> bool:
        """Whether `seat` holds a special it may play in the open window (the window asks
        each seat this: `usable_specials` without building the list)."""
        held = self.specials[seat]
        for kind in self._usable_kinds(seat):  # noqa: SIM110 (any() would cost a generator)
            if kind in held:
                return True
        return False

    def _usable_kinds(self, seat: int) -> tuple[int, ...]:
        """`usable_kinds`, as one of a few shared tuples (the specials window asks it of
        every seat that holds a special, twice a roll)."""
        window, attempt = self.window, self.attempt
        if window is None or attempt is None or self.out[seat]:
            return ()
        attempter = attempt["seat"]
        if window["kind"] == AFTER:
            if seat != attempter or self._attempt_landed():
                return ()
            return AFTER_ROLL_KINDS
        if seat == attempter:
            if attempt["first_try"]:
                return () if seat == self.setter else STEAL_KINDS
            return FIRST_TRY_KINDS if seat == self.setter else FIRST_TRY_OR_STEAL_KINDS
        return PSYCHE_KINDS if seat == self.setter else PSYCHE_OR_STEAL_KINDS

    def _continue_window(self, start: int, events: list[Event]) -> None:
        """Ask the next seat (from `start` in window order) that holds a usable special and
        has not passed since the last special played; close the window when there is none."""
        window = self.window
        assert window is not None, "no specials window is open"
        order, passed, specials = window["order"], window["passed"], self.specials
        n = len(order)
        if not passed:  # a fresh round of asking (window opened, or a special played)
            window["scan"] = start % n
        for i in range(n):
            pos = (start + i) % n
            seat = order[pos]
            # (a seat holding no special at all is passed over without asking what is usable)
            if specials[seat] and seat not in passed and self._holds_usable(seat):
                window["pos"] = pos
                window["asked"] = seat
                self.phase = "special"
                return
        if window["kind"] == BEFORE:
            self._run_attempt(events)
        else:
            self._resolve(self._attempt_landed(), events)

    def focus_target(self) -> int:
        """Focus! raises the failing roll closest to the difficulty (the first on a tie)."""
        return self._roll_targets()[0]

    def one_more_target(self) -> int:
        """One More! rerolls the failing roll furthest from the difficulty (the first on a tie)."""
        return self._roll_targets()[1]

    def _roll_targets(self) -> tuple[int, int]:
        """The failing rolls of the live attempt that Focus! and One More! change, in one
        pass (the specials window asks both): the highest total, and the lowest."""
        target = DIFFICULTY[self.trick]
        focus = one_more = -1
        highest = lowest = 0
        for i, r in enumerate(self.live_attempt["rolls"]):
            if r["die"] >= needed_roll(target, r["modifier"]):
                continue  # it lands: neither special touches it
            total = r["die"] + r["modifier"]
            if focus < 0 or total > highest:
                focus, highest = i, total
            if one_more < 0 or total < lowest:
                one_more, lowest = i, total
        if focus < 0:
            raise ValueError("no roll of the live attempt fails")
        return focus, one_more

    def _play_special(self, seat: int, kind: int, events: list[Event]) -> None:
        """Play a special in the open window: its effect, then the window goes on."""
        self.specials[seat].remove(kind)
        self._return_special(kind)
        attempt, window = self.live_attempt, self.open_window
        if not self.quiet:
            events.append(
                {
                    "type": "special",
                    "seat": seat,
                    "card": SPECIAL_KEYS[kind],
                    "target": attempt["seat"],
                    "window": window["kind"],
                }
            )
        window["passed"] = []
        if kind == STEAL_TURN:
            self._steal_turn(seat, events)
            return
        if kind == PSYCHE:
            self._psyche(seat, attempt["seat"], events)
        elif kind == FIRST_TRY:
            attempt["first_try"] = True
        elif kind == FOCUS:
            index = self.focus_target()
            roll = attempt["rolls"][index]
            roll["modifier"] += FOCUS_BONUS
            roll["focus"] += 1
            change: RollChange = {"modifier": roll["modifier"], "focus": roll["focus"]}
            change.update(roll_parts(roll["die"], roll["modifier"], roll["focus"]))
            change["success"] = roll["die"] >= needed_roll(DIFFICULTY[self.trick], roll["modifier"])
            if not self.quiet:
                changed: Event = {
                    "type": "roll_changed",
                    "number": roll["number"],
                    "seat": seat,
                    "index": index,
                    "die": roll["die"],
                    "target": DIFFICULTY[self.trick],
                }
                changed.update(change)
                events.append(changed)
            recent_rolls = self.last_rolls  # they show the roll as it now stands: replaced,
            for i, recent in enumerate(recent_rolls):  # as clones share them (`clone`)
                if recent["number"] == roll["number"]:
                    updated = recent.copy()
                    updated.update(change)
                    recent_rolls[i] = updated
        else:  # ONE_MORE
            index = self.one_more_target()
            roll = attempt["rolls"][index]
            roll["die"] = self._roll(
                seat,
                "one-more",
                roll["modifier"],
                DIFFICULTY[self.trick],
                events,
                {"index": index, "trick": TRICK_KEYS[self.trick], "focus": roll["focus"]},
            )
            roll["number"] = self.rolls_made
        self._continue_window(window["pos"] + 1, events)

    def _psyche(self, seat: int, target: int, events: list[Event]) -> None:
        """Both roll; the target rolling lower is psyched out (-PSYCHE_PENALTY on their next
        attempt roll)."""
        attack = self._roll(seat, "psyche", 0, None, events, {"role": "attack", "against": target})
        defend = self._roll(
            target, "psyche", 0, attack, events, {"role": "defend", "against": seat}
        )
        psyched = defend < attack
        if psyched:
            self.psyched[target] += PSYCHE_PENALTY
        if not self.quiet:
            events.append(
                {"type": "psyche_result", "seat": seat, "target": target, "psyched": psyched}
            )

    def _steal_turn(self, seat: int, events: list[Event]) -> None:
        """The stealer becomes the setter; cards in play are discarded, no more letters."""
        events.append({"type": "turn_stolen", "seat": seat, "from": self.setter})
        self.attempt = None
        self.window = None
        self.queue = []
        self._end_sequence(stolen_by=seat)
        self._start_set(seat, events)

    # -- contract ------------------------------------------------------------
    def clone(self) -> TrickbookState:
        """An independent copy, field by field by each field's known shape: the search
        clones a world for every playout, and the contract's generic walk copied every
        record (tests/test_trickbook.py checks this matches it). A new field must be added
        here too. Records never changed once made are shared: the cards in play, the
        sequence's results, `previous`, a window's seat order and the recent rolls (Focus!
        replaces a recent roll, never edits it). Lists are copied by slicing, which Pyodide
        does faster than `list()`."""
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = dict(self.options)  # (none: kept as the contract keeps them)
        new.trick_deck = self.trick_deck[:]
        new.special_deck = self.special_deck[:]
        new.hands = [hand[:] for hand in self.hands]
        new.specials = [held[:] for held in self.specials]
        new.trick_discard = self.trick_discard[:]
        new.letters = self.letters[:]
        new.out = self.out[:]
        new.psyched = self.psyched[:]
        new.phase = self.phase
        new.rps_players = self.rps_players[:]
        new.rps_choice = self.rps_choice[:]
        new.rps_round = self.rps_round
        new.rps_last = None if self.rps_last is None else self.rps_last[:]
        new.setter = self.setter
        new.matcher = self.matcher
        new.trick = self.trick
        new.landed = self.landed
        new.queue = self.queue[:]
        new.table = self.table[:]
        new.results = self.results[:]
        new.previous = self.previous
        attempt = self.attempt
        if attempt is not None:
            attempt = dict(attempt)
            attempt["rolls"] = [dict(roll) for roll in attempt["rolls"]]
        new.attempt = attempt
        window = self.window
        if window is not None:
            window = dict(window)
            window["passed"] = window["passed"][:]
        new.window = window
        new.last_rolls = self.last_rolls[:]
        new.rolls_made = self.rolls_made
        new.rolls_before_move = self.rolls_before_move
        new.sequence_from = self.sequence_from
        new.winner = self.winner
        fields = self.__dict__
        if "quiet" in fields:  # a search's copy stays one (State.quiet, ...)
            new.quiet = self.quiet
        if "playout_ends_at_scoring" in fields:
            new.playout_ends_at_scoring = self.playout_ends_at_scoring
        new.rng = Rng(self.rng.state)
        return new

    def open_hands(self) -> list[list[int]]:
        """Each seat's hand (a finished game's replay only)."""
        return [list(hand) for hand in self.hands]

    def acting(self) -> tuple[int, ...]:
        phase = self.phase  # (the phases most moves are in asked first)
        if phase == "set":
            return (self.setter,)
        if phase == "special":
            window = self.window
            assert window is not None, "no specials window is open"
            return (window["asked"],)
        if phase == "match":
            return (self.matcher,)
        if phase == "rps":
            return tuple(s for s in self.rps_players if self.rps_choice[s] is None)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.acting():
            return []
        phase = self.phase
        if phase == "rps":
            return [{"type": "rps", "choice": shape} for shape in SHAPES]
        if phase == "special":
            moves: list[Action] = [
                {"type": "special", "card": SPECIAL_KEYS[k]} for k in self.usable_specials(seat)
            ]
            moves.append({"type": "pass"})
            return moves
        kinds = sorted(set(self.hands[seat]))
        if phase == "set":
            return [{"type": "set", "trick": TRICK_KEYS[k]} for k in kinds]
        single: list[Action] = [{"type": "match"}] if self.trick in kinds else []
        return single + [{"type": "double", "discard": TRICK_KEYS[k]} for k in kinds]

    def why_illegal(self, seat: int, action: Any) -> str:
        base = super().why_illegal(seat, action)
        if type(seat) is not int or not 0 <= seat < self.num_players or self.is_over():
            return base
        if not isinstance(action, dict):
            return f"{action!r} is not a move: moves are small dicts with a 'type'"
        kind = action.get("type")
        if seat not in self.acting():
            if self.phase == "rps" and seat in self.rps_players:
                return "you already chose; waiting for the others to throw"
            return base
        phase = self.phase
        if kind == "rps" and phase == "rps":
            return "throw rock, paper or scissors"
        trick = _text(action.get("trick"))
        if kind == "set" and phase == "set":
            if trick in TRICK_INDEX:
                return f"you hold no {TRICKS[TRICK_INDEX[trick]]['name']} to set"
            return 'name a trick card you hold, e.g. {"type": "set", "trick": "ollie"}'
        if kind == "match" and phase == "match":
            name = TRICKS[self.trick]["name"]
            return f"you hold no {name}: discard a trick card and roll twice instead"
        discard = _text(action.get("discard"))
        if kind == "double" and phase == "match":
            if discard in TRICK_INDEX:
                return f"you hold no {TRICKS[TRICK_INDEX[discard]]['name']} to discard"
            return 'name the trick card to discard, e.g. {"type": "double", "discard": "ollie"}'
        card = _text(action.get("card"))
        if kind == "special" and phase == "special":
            if card not in SPECIAL_INDEX:
                return 'name a special card you hold, e.g. {"type": "special", "card": "focus"}'
            name = SPECIALS[SPECIAL_INDEX[card]]["name"]
            if SPECIAL_INDEX[card] not in self.specials[seat]:
                return f"you hold no {name}"
            return f"{name} cannot be played at this moment"
        if kind in ("set", "match", "double", "special", "pass", "rps"):
            return f"a {kind!r} move is not possible now: it is the {phase} step"
        return base

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        self.rolls_before_move = self.rolls_made
        kind = action["type"]
        if kind == "rps":
            self._throw(seat, action["choice"], events)
        elif kind == "set":
            trick = TRICK_INDEX[action["trick"]]
            self.hands[seat].remove(trick)
            self.trick = trick
            self.table = [{"seat": seat, "card": trick, "as": "set"}]
            self.results = []
            self.sequence_from = self.rolls_made + 1
            if not self.quiet:
                events.append(
                    {
                        "type": "set_trick",
                        "seat": seat,
                        "trick": action["trick"],
                        "difficulty": DIFFICULTY[trick],
                    }
                )
            self._begin_attempt(seat, "set", 1, events)
        elif kind == "match":
            self.hands[seat].remove(self.trick)
            self.table.append({"seat": seat, "card": self.trick, "as": "match"})
            if not self.quiet:
                events.append({"type": "match_try", "seat": seat, "trick": TRICK_KEYS[self.trick]})
            self._begin_attempt(seat, "match", 1, events)
        elif kind == "double":
            card = TRICK_INDEX[action["discard"]]
            self.hands[seat].remove(card)
            self.table.append({"seat": seat, "card": card, "as": "discard"})
            if not self.quiet:
                events.append(
                    {
                        "type": "double_try",
                        "seat": seat,
                        "discard": action["discard"],
                        "trick": TRICK_KEYS[self.trick],
                    }
                )
            self._begin_attempt(seat, "match", 2, events)
        elif kind == "special":
            self._play_special(seat, SPECIAL_INDEX[action["card"]], events)
        else:  # pass
            window = self.open_window
            window["passed"].append(seat)
            if not self.quiet:
                events.append({"type": "pass", "seat": seat, "window": window["kind"]})
            self._continue_window(window["pos"] + 1, events)
        return events

    def _throw(self, seat: int, choice: str, events: list[Event]) -> None:
        """A hidden rock-paper-scissors choice; reveal and resolve once all have chosen."""
        self.rps_choice[seat] = choice
        events.append({"type": "rps_chosen", "seat": seat})
        if any(self.rps_choice[s] is None for s in self.rps_players):
            return
        players = self.rps_players
        survivors = rps_survivors(players, self.rps_choice)
        self.rps_last = list(self.rps_choice)
        events.append(
            {
                "type": "rps_reveal",
                "round": self.rps_round,
                "choices": list(self.rps_choice),
                "replay": survivors == players,
                "dropped": [s for s in players if s not in survivors],
                "remaining": survivors,
            }
        )
        self.rps_choice = [None] * self.num_players
        self.rps_players = survivors
        self.rps_round += 1
        if len(survivors) == 1:
            events.append({"type": "rps_winner", "seat": survivors[0]})
            self._start_set(survivors[0], events)

    # -- views -----------------------------------------------------------------
    def _attempt_view(self) -> dict[str, Any] | None:
        attempt = self.attempt
        if attempt is None:
            return None
        target = DIFFICULTY[self.trick]
        rolls = []
        for r in attempt["rolls"]:
            roll: dict[str, Any] = {
                "number": r["number"],
                "die": r["die"],
                "modifier": r["modifier"],
                "focus": r["focus"],
            }
            roll.update(roll_parts(r["die"], r["modifier"], r["focus"]))
            roll["success"] = r["die"] >= needed_roll(target, r["modifier"])
            rolls.append(roll)
        return {
            "seat": attempt["seat"],
            "for": attempt["for"],
            "dice": attempt["dice"],
            "first_try": attempt["first_try"],
            "difficulty": target,
            "rolls": rolls,
            "rolled": bool(rolls),
            "landing": self._attempt_landed(),
        }

    def _decision(self, seat: int) -> dict[str, Any] | None:
        """What `seat` is being asked now, with its context (None when not acting)."""
        if seat not in self.acting():
            return None
        phase = self.phase
        if phase == "rps":
            return {"kind": "rps", "round": self.rps_round}
        if phase == "set":
            return {"kind": "set"}
        if phase == "match":
            return {
                "kind": "match",
                "trick": trick_view(self.trick),
                "holds_trick": self.trick in self.hands[seat],
            }
        attempt, window = self.attempt, self.window
        assert attempt is not None and window is not None, "no specials window is open"
        decision = {
            "kind": "special",
            "window": window["kind"],
            "attempter": attempt["seat"],
            "for": attempt["for"],
            "usable": [SPECIAL_KEYS[k] for k in self.usable_specials(seat)],
        }
        if window["kind"] == AFTER:
            focus, one_more = self._roll_targets()
            roll = attempt["rolls"][focus]
            decision["focus_target"] = focus
            decision["focus_total"] = roll["die"] + roll["modifier"] + FOCUS_BONUS
            decision["one_more_target"] = one_more
        return decision

    def decision_facts(self, seat: int) -> SeatFacts:
        """What `seat` decides a move by, in the engine's own terms (`SeatFacts`)."""
        return SeatFacts(self, seat)

    def decision_observation(self, seat: int) -> Observation:
        """The fields of `observation(seat)` a player decides by, the same values: hands,
        counts, letters, the live trick and attempt (no history, no display fields): the
        core of `observation` (the heuristic bot decides by `decision_facts` instead)."""
        views = TRICK_VIEWS  # (the views copied here, not by `trick_view`: a call less each)
        return {
            "seat": seat,
            "num_players": self.num_players,
            "phase": self.phase,
            "letters": list(self.letters),
            "out": list(self.out),
            "hand": [dict(views[k]) for k in self.hands[seat]],
            "specials": [dict(SPECIAL_VIEWS[k]) for k in self.specials[seat]],
            "hand_sizes": list(map(len, self.hands)),
            "trick": dict(views[self.trick]) if self.trick >= 0 else None,
            "to_match": list(self.queue),
            "attempt": self._attempt_view(),
            "decision": self._decision(seat),
            "table": [
                {"seat": p["seat"], "card": dict(views[p["card"]]), "as": p["as"]}
                for p in self.table
            ],
            "trick_deck": len(self.trick_deck),
            "trick_discard": [TRICK_KEYS[k] for k in sorted(self.trick_discard)],
            "psyched": list(self.psyched),
        }

    def observation(self, seat: int) -> Observation:
        n = self.num_players
        window = self.window
        rps_mine = self.rps_choice[seat]
        core = self.decision_observation(seat)
        return {
            "seat": seat,
            "num_players": n,
            "phase": self.phase,
            "acting": list(self.acting()),
            "scores": self.scores(),
            "letters": core["letters"],
            "letter_marks": [LETTERS[:count] for count in self.letters],
            "out": core["out"],
            "hand": core["hand"],
            "specials": core["specials"],
            "hand_sizes": core["hand_sizes"],
            "special_counts": [len(s) for s in self.specials],
            "setter": self.setter if self.setter >= 0 else None,
            "trick": core["trick"],
            "landed": self.landed,
            "matcher": self.matcher if self.phase == "match" else None,
            "to_match": core["to_match"],
            "attempt": core["attempt"],
            "window": None
            if window is None
            else {
                "kind": window["kind"],
                "asked": window["asked"] if self.phase == "special" else None,
                "passed": list(window["passed"]),
            },
            "decision": core["decision"],
            "table": core["table"],
            "results": [dict(r) for r in self.results],
            "previous": None
            if self.previous is None
            else dict(self.previous, results=[dict(r) for r in self.previous["results"]]),
            "last_rolls": [dict(r) for r in self.last_rolls],
            "sequence_from": self.sequence_from if self.trick >= 0 else None,
            "move_rolls": list(range(self.rolls_before_move + 1, self.rolls_made + 1)),
            "trick_deck": core["trick_deck"],
            "trick_discard": core["trick_discard"],
            "special_deck": len(self.special_deck),
            "psyched": core["psyched"],
            "rps": {
                "players": list(self.rps_players),
                "chosen": [
                    self.phase == "rps" and s in self.rps_players and self.rps_choice[s] is not None
                    for s in range(n)
                ],
                "my_choice": rps_mine,
                "round": self.rps_round,
                "last": None if self.rps_last is None else list(self.rps_last),
            },
            "last_trick": None,  # a skater's tricks, not tricks of cards: none to show
            "winners": self.winners(),
        }

    def scores(self) -> list[int]:
        """Letters still to go before being out: 5 - letters (0 once out)."""
        return [len(LETTERS) - count for count in self.letters]

    def winners(self) -> list[int]:
        return [self.winner] if self.phase == "over" else []

    # -- determinization -------------------------------------------------------
    def resample(self, seat: int, rng: Rng) -> TrickbookState:
        """Redeal what `seat` cannot see: others' trick and special hands, both decks' order,
        others' hidden rock-paper-scissors throws; keep what the open specials window showed."""
        new = self.clone_for_resample()
        others = [s for s in range(self.num_players) if s != seat]
        pool = list(new.trick_deck)
        for s in others:
            pool += new.hands[s]
        pool.sort()  # the true order of unseen cards must not show through
        rng.shuffle(pool)
        for s in others:
            size = len(new.hands[s])
            new.hands[s], pool = sorted(pool[:size]), pool[size:]
        new.trick_deck = pool
        new._redeal_specials(seat, others, rng)
        if new.phase == "rps":
            for s in others:
                if new.rps_choice[s] is not None:
                    new.rps_choice[s] = rng.choice(SHAPES)
        new.rng = rng.spawn()
        return new

    def window_knowledge(self) -> tuple[list[int], list[int]]:
        """What the open specials window has shown everyone: the seats that hold a usable
        special (the seat asked, the seats that passed) and the seats that hold none (passed
        over since this round of asking began)."""
        if self.phase != "special":
            return [], []
        window = self.open_window
        order, passed = window["order"], window["passed"]
        start = window.get("scan", window["pos"])  # saves made before "scan" existed
        lacking = []
        for i in range(start, start + len(order)):
            seat = order[i % len(order)]
            if seat == window["asked"]:
                break
            if seat not in passed:
                lacking.append(seat)
        return passed + [window["asked"]], lacking

    def _redeal_specials(self, observer: int, others: list[int], rng: Rng) -> None:
        """Deal the specials `observer` cannot see at random among the other hands and the
        deck, uniformly among the deals that agree with what the open window showed: random
        deals until one agrees (fast, and almost always enough), else an exact draw."""
        holding, lacking = self.window_knowledge()
        holding = [s for s in holding if s != observer]
        lacking = [s for s in lacking if s != observer]
        pool = list(self.special_deck)
        for s in others:
            pool += self.specials[s]
        pool.sort()  # the true order of unseen cards must not show through
        for _ in range(SPECIAL_DEAL_TRIES):
            rng.shuffle(pool)
            rest = pool
            for s in others:
                size = len(self.specials[s])
                self.specials[s], rest = sorted(rest[:size]), rest[size:]
            if all(self.usable_specials(s) for s in holding) and not any(
                self.usable_specials(s) for s in lacking
            ):
                self.special_deck = rest
                return
        needs = [
            (len(self.specials[s]), set(self.usable_kinds(s)), s in holding, s in lacking)
            for s in others
        ]
        hands, self.special_deck = deal_with_needs(pool, needs, rng)
        for s, hand in zip(others, hands):
            self.specials[s] = hand


class SeatFacts:
    """What a seat decides a move by, in the engine's own terms: card kinds, not the
    observation's card views (`State.decision_facts`). The search's rollouts ask the
    heuristic bot every move, and building `decision_observation`'s dicts cost most of its
    time. Only what the seat may see (the same facts its observation shows), all copies:
    a caller may keep them.

    `hand`, `specials`: the seat's trick and special kinds; per seat: `hand_sizes`,
    `letters`, `out`, `psyched`; `trick`: the live trick's kind (-1: none); `to_match`:
    the matchers still to try; `table`: the cards in play as (seat, kind, as); `discard`:
    the trick discard pile's kinds (unsorted); `trick_deck`: cards left in it; `window`:
    the open specials window's kind (None outside one); `attempt`: the live attempt (None
    when there is none) as (attempter, "set" | "match", dice, First Try! played, difficulty,
    rolls), each roll as (total, lands): what the observation's attempt shows, in tuples."""

    __slots__ = (
        "attempt",
        "discard",
        "hand",
        "hand_sizes",
        "letters",
        "num_players",
        "out",
        "psyched",
        "seat",
        "specials",
        "table",
        "to_match",
        "trick",
        "trick_deck",
        "window",
    )

    def __init__(self, state: TrickbookState, seat: int) -> None:
        self.seat = seat
        self.num_players = state.num_players
        self.hand = state.hands[seat][:]
        self.specials = state.specials[seat][:]
        self.hand_sizes = list(map(len, state.hands))
        self.letters = state.letters[:]
        self.out = state.out[:]
        self.psyched = state.psyched[:]
        self.trick = state.trick
        self.to_match = state.queue[:]
        self.table = [(p["seat"], p["card"], p["as"]) for p in state.table]
        self.discard = state.trick_discard[:]
        self.trick_deck = len(state.trick_deck)
        window = state.window
        self.window = None if window is None else window["kind"]
        attempt = state.attempt
        if attempt is None:
            self.attempt = None
            return
        target = DIFFICULTY[state.trick]
        rolls = [
            (r["die"] + r["modifier"], r["die"] >= needed_roll(target, r["modifier"]))
            for r in attempt["rolls"]
        ]
        self.attempt = (
            attempt["seat"],
            attempt["for"],
            attempt["dice"],
            attempt["first_try"],
            target,
            rolls,
        )


def deal_with_needs(
    pool: list[int], needs: list[Need], rng: Rng
) -> tuple[list[list[int]], list[int]]:
    """Hands for `needs` from the special kinds in `pool`, and the shuffled rest: drawn
    uniformly among the deals of the physical cards that meet every need (each hand holds
    one of its usable kinds, or none, as its need says). Counts deals per hand, then draws
    hand by hand in proportion, so it never fails, however rare the agreeing deals."""
    kinds = len(SPECIALS)

    def takes(size: int, left: tuple[int, ...], kind: int = 0) -> list[tuple[int, ...]]:
        """Every way to take `size` cards from the counts `left`, as counts per kind."""
        if kind == kinds - 1:
            return [(size,)] if size <= left[kind] else []
        return [
            (n,) + rest
            for n in range(min(size, left[kind]) + 1)
            for rest in takes(size - n, left, kind + 1)
        ]

    def options(i: int, left: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        """(ways to deal it, counts per kind) for each hand seat i may get."""
        size, usable, must_hold, must_lack = needs[i]
        found = []
        for take in takes(size, left):
            holds = any(take[k] for k in usable)
            if (must_hold and not holds) or (must_lack and holds):
                continue
            ways = 1
            for k in range(kinds):
                ways *= comb(left[k], take[k])
            found.append((ways, take))
        return found

    known: dict[tuple[int, tuple[int, ...]], int] = {}

    def deals(i: int, left: tuple[int, ...]) -> int:
        """How many deals of the physical cards `left` meet needs[i:] (memoized)."""
        if i == len(needs):
            return 1
        count = known.get((i, left))
        if count is None:
            count = known[(i, left)] = sum(
                ways * deals(i + 1, tuple(a - b for a, b in zip(left, take)))
                for ways, take in options(i, left)
            )
        return count

    left = tuple(pool.count(k) for k in range(kinds))
    if not deals(0, left):
        raise ValueError("no deal of the unseen specials agrees with the open window")
    hands = []
    for i in range(len(needs)):
        weighted = []
        for ways, take in options(i, left):
            after = tuple(a - b for a, b in zip(left, take))
            weighted.append((ways * deals(i + 1, after), take, after))
        pick = rng.below(sum(weight for weight, _, _ in weighted))
        chosen = 0
        while pick >= weighted[chosen][0]:
            pick -= weighted[chosen][0]
            chosen += 1
        _, take, left = weighted[chosen]
        hands.append([k for k in range(kinds) for _ in range(take[k])])
    rest = [k for k in range(kinds) for _ in range(left[k])]
    rng.shuffle(rest)
    return hands, rest


GAME = Game(
    id=GAME_ID,
    title="Trickbook",
    designer="Jacob Hauberg Hansen",
    min_players=2,
    max_players=5,
    pitch=(
        "Skateboarding S.K.A.T.E.: set tricks, roll the dice to land them, and dodge the letters."
    ),
    state_class=TrickbookState,
    options=(),
    default_players=2,
    # No tricks of cards (a skater's tricks) and no hands: each move stands on its own.
    quiet_moves={"rps": ("chooses", "{their} throw"), "pass": ("passes", "")},
)
TrickbookState.game = GAME
register(GAME)
