"""The engine contract every game implements (docs/contract.md; tests and tools rely on its names).

A game is a `Game` (metadata + factory) and a `State` subclass. A state keeps
all of its data as JSON-native values (dicts with str keys, lists, ints,
floats, strs, bools, None) in its attributes, plus one `Rng`. That single rule
gives every game a cheap `clone()` and a generic `to_json()`/`from_json()`.
"""

from __future__ import annotations

from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any, ClassVar, Required, Self, TypedDict

    class Action(TypedDict, total=False):
        """A move: its `type` and the keys that type has (JSON-native values).

        One declaration for every game, so a table or a bot can hold any game's move;
        a key that means different things in different games is typed as broadly."""

        type: Required[str]
        card: Any  # a card (an int) in Baker's and Trick of Trip; a special's name in Trickbook
        choice: str  # Trickbook: rock, paper or scissors
        discard: str  # Trickbook: the trick card given up
        fan: list[int]  # Baker: the fan's cards picked
        pos: int  # Wray: a card's place in the seat's row
        set: int  # Trick of Trip: which of the two sets is picked
        sets: list[list[int]]  # Trick of Trip: the split into two sets
        trick: str  # Trickbook: the trick card chosen
        tricks: int  # Baker: the bid

    # Two of Trickbook's event keys are Python keywords ("from": the seat whose turn
    # was stolen; "for": what a roll is for), so they are declared in functional form.
    _KeywordKeys = TypedDict("_KeywordKeys", {"from": int, "for": str}, total=False)

    class Event(_KeywordKeys, total=False):
        """What happened, for the log, the animations and the review: its `type` and the
        facts of it (JSON-native). `to` lists the seats that may see it (visible_events);
        without it an event is public. A key that means different things in different
        games is typed as broadly."""

        type: Required[str]
        to: list[int]
        seat: int
        after_trick: int
        against: int
        bids: list[int | None]
        bonus: int
        burned: bool
        burned_by: str | None
        card: Any  # an int card; a special's name in Trickbook
        cards: list[Any]  # cards, or one list of cards per seat
        choices: list[str | None]
        count: int
        dealer: int
        deck: str
        die: int
        difficulty: int
        direction: str
        discard: str
        discarded: list[str]
        dropped: list[int]
        empty_deck: bool
        fan: list[int]
        fate: str
        focus: int
        forced: bool
        hand: int
        hand_limit: bool
        index: int
        kept: list[int]
        landed: bool
        law: str
        law_cards: list[int]
        laws: list[Any]  # Law ids, or their cards
        lead: dict[str, Any]
        leader: int
        letter: str
        lines: list[list[dict[str, Any]]]
        modifier: int
        number: int
        penalty: int
        picked: list[int]
        points: list[int]
        pone: int
        pos: int
        position: int
        psyched: bool
        rank: int
        reason: str
        receiver: int
        remaining: list[int]
        replacement: dict[str, Any] | None
        replay: bool
        results: list[dict[str, Any]]
        role: str
        rope: bool
        rope_out: int | None
        round: int
        scores: list[int]
        set: int
        sets: list[list[int]]
        size: int
        specials_returned: int
        splitter: int
        success: bool | None
        suit: int
        target: Any  # a roll's difficulty (None: none), or the seat a special aims at
        tie_break: dict[str, Any] | None  # Wray's game_over: how a tie was settled
        top: int
        total: int
        totals: list[int]
        trick: Any  # Trick of Trip: the trick's plays; Trickbook: the trick card
        trick_number: int
        tricks: Any  # Baker: a bid (int), or the hand's tricks (a list)
        tricks_won: list[int]
        win_card: int
        window: str
        winner: int
        winners: list[int]

    class Observation(TypedDict, total=False):
        """What one seat sees: the keys of every game's observation (each game has its own
        set, listed in its module's docstring; values JSON-native). A key that holds
        different things in different games is typed as broadly; a key that is None in
        some phases and read only in the others is Any (mypy does not see phases), its
        comment saying when it is None."""

        # Every game
        seat: int
        acting: list[int]
        phase: str
        scores: list[int]
        winners: list[int]
        # Several games
        num_players: int  # Wray, Trick of Trip, Trickbook
        hand: list[Any]  # cards (ints); Trickbook: one dict per trick card
        hand_sizes: list[int]  # Baker, Trick of Trip, Trickbook
        trick: Any  # the trick in play: [seat, card] pairs (Baker, Trick of Trip), one
        # dict per card (Wray); Trickbook: the trick being attempted, or None
        dealer: int  # Wray, Baker
        bids: list[int | None]  # Wray, Baker
        hand_number: int  # Wray, Baker
        leader: int  # Wray, Baker, Trick of Trip
        led_suit: Any  # Wray, Trick of Trip: a suit; None before a trick's lead
        trick_number: Any  # an int (Wray, Baker); Trick of Trip's is None between rounds
        trick_winning: int | None  # Wray, Baker, Trick of Trip
        turn: Any  # Wray, Baker, Trick of Trip: a seat; None when no one plays a card
        tricks_won: list[int]  # Wray, Baker
        last_trick: dict[str, Any] | None  # Wray, Trick of Trip
        replacement: dict[str, Any] | None  # Baker
        rope_out: int | None  # Baker
        landed: bool  # Trickbook
        # Magic Trick (Wray)
        tie_break: dict[str, Any] | None  # how a tie on the top was settled; None: no tie
        forced_sleeve: bool
        hands_total: int
        prestige: bool
        prestige_counts: list[int]
        rows: list[dict[str, Any]]
        score_sheet: list[dict[str, Any]]
        sleeves: list[dict[str, Any] | None]
        suits_taken: list[list[int]]
        tricks_per_hand: int
        # Magic Trick (Baker)
        bid_needed: bool
        cannot_hold: list[list[int]]
        face_down: Any  # the seat's face-down card; None until it is placed
        face_down_placed: list[bool]
        fan_cards: int
        fan_size: int
        hand_last_trick: dict[str, Any] | None
        illusionist_waiting: bool
        law_cards: list[int]
        laws: list[dict[str, Any]]
        max_hands: int
        pick_size: int
        piles: list[list[int]]
        pone: int
        rope_guide: Any  # words on a rope trick's pile; None outside a rope trick
        rope_top: int | None
        rules: dict[str, Any]
        scored_hands: list[dict[str, Any]]
        stopped_at_limit: bool
        target: int
        tricks: list[dict[str, Any]]
        # Trick of Trip
        cards_won: list[int]
        deck_size: int
        direction: str
        discards: list[int]
        known_hands: list[list[int]]
        pass_to: int
        pick_done: list[bool]
        receive_from: int
        round: int
        round_lead: dict[str, Any]
        round_results: list[list[int]]
        round_tricks: list[dict[str, Any]]
        rounds: int
        score_breakdown: list[list[dict[str, Any]]]
        set_size: int
        split_done: list[bool]
        stands: list[dict[str, Any]]
        won: list[list[int]]
        # Trickbook
        attempt: Any  # the attempt in play (a dict), None between attempts
        decision: Any  # the specials window's open decision (a dict), or None
        last_rolls: list[dict[str, Any]]
        letter_marks: list[str]
        letters: list[int]
        matcher: Any  # the seat matching now; None outside a match
        move_rolls: list[int]
        out: list[bool]
        previous: Any  # the last sequence (a dict); None before the first
        psyched: list[int]
        results: list[dict[str, Any]]
        rps: dict[str, Any]
        sequence_from: int | None
        setter: Any  # the seat setting; None before the first set
        special_counts: list[int]
        special_deck: int
        specials: list[dict[str, Any]]
        table: list[dict[str, Any]]
        to_match: list[int]
        trick_deck: int
        trick_discard: list[str]
        window: dict[str, Any] | None


SAVE_FORMAT = 1


class IllegalAction(ValueError):
    """An action that is not legal now; the state is left unchanged."""


class Option:
    """A game option the setup screen offers (a checkbox or a choice). Read-only."""

    def __init__(
        self,
        name: str,
        label: str,
        default: Any,
        choices: tuple[Any, ...] = (False, True),
        help: str = "",
    ) -> None:
        self.name = name
        self.label = label
        self.default = default
        self.choices = choices
        self.help = help


class Game:
    """Everything about a game, in one read-only object: what it is (id, title, designer,
    players, pitch, options), how to start it (`new_game`, `from_json`), and the facts the
    UI and the review read rather than guess (which events end a trick or a hand, what the
    game calls a hand, which moves a replay must name because their events do not).

    - `trick_end`, `hand_end`: the event types that end a trick, and a hand (or round):
      `end_of(events)` says which a move ended. A game without tricks of cards leaves
      `trick_end` empty (it has no last trick to show); one without hands, `hand_end`.
    - `hand_name`: what the game calls a deal played out ("hand", "round").
    - `trick_moves`: the action types that put a card into a trick (a trick begins with
      the first of them after the last one ended; moves before it belong to the deal).
    - `quiet_moves`: action type -> (verb, what): the moves whose events say nothing a
      player may see (a hidden choice), in words for the log of a replay: "Bot 1 splits
      their cards into two sets" is ("splits", "{their} cards into two sets").
    """

    def __init__(
        self,
        id: str,
        title: str,
        designer: str,
        min_players: int,
        max_players: int,
        pitch: str,
        state_class: type[State],
        options: tuple[Option, ...] = (),
        default_players: int = 0,
        *,
        trick_end: tuple[str, ...] = (),
        hand_end: tuple[str, ...] = (),
        hand_name: str = "hand",
        trick_moves: tuple[str, ...] = (),
        quiet_moves: dict[str, tuple[str, str]] | None = None,
    ) -> None:
        self.id = id
        self.title = title
        self.designer = designer
        self.min_players = min_players
        self.max_players = max_players
        self.pitch = pitch
        self.state_class = state_class
        self.options = options
        self.default_players = default_players
        self.trick_end = trick_end
        self.hand_end = hand_end
        self.hand_name = hand_name
        self.trick_moves = trick_moves
        self.quiet_moves: dict[str, tuple[str, str]] = quiet_moves or {}

    def end_of(self, events: Iterable[Event]) -> str | None:
        """What a move's events ended: "hand" (a hand or round, maybe the game too),
        "trick", or None."""
        ended = None
        for event in events:
            kind = event["type"]
            if kind in self.hand_end:
                return "hand"
            if kind in self.trick_end:
                ended = "trick"
        return ended

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill in defaults and reject unknown names or values (ValueError)."""
        known = {o.name: o for o in self.options}
        chosen = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            if name not in known:
                raise ValueError(f"{self.title} has no option {name!r}")
            if value not in known[name].choices:
                raise ValueError(f"option {name!r} cannot be {value!r}")
            chosen[name] = value
        return chosen

    def new_game(
        self, num_players: int | None = None, seed: int = 0, options: dict[str, Any] | None = None
    ) -> State:
        """A new game, fully determined by (num_players, seed, options)."""
        if num_players is None:
            num_players = self.default_players or self.min_players
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise ValueError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {num_players!r}"
            )
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"the seed must be a non-negative whole number, not {seed!r}")
        state = object.__new__(self.state_class)
        state.num_players = num_players
        state.seed = seed
        state.options = self.check_options(options)
        state.rng = Rng(seed)
        state.setup()
        return state

    def from_json(self, data: Any) -> State:
        """Rebuild a state saved by `State.to_json`; ValueError if it is not one."""
        if not isinstance(data, dict) or data.get("game") != self.id:
            raise ValueError(f"this is not a saved {self.title} state")
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"unknown save format {data.get('format')!r}")
        fields, rng = data.get("fields"), data.get("rng")
        if not isinstance(fields, dict) or not isinstance(rng, int):
            raise ValueError("the saved state is incomplete")
        try:
            reference = self.new_game(fields.get("num_players"), 0, fields.get("options"))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"the saved state is damaged: {exc}") from None
        expected = reference._fields()
        if set(fields) != set(expected):
            raise ValueError("the saved state does not have the fields this game needs")
        for name, value in expected.items():
            if type(fields[name]) is not type(value) and value is not None:
                raise ValueError(f"the saved state's {name!r} has the wrong type")
        state = object.__new__(self.state_class)
        for name, value in _jsonable(fields).items():
            setattr(state, name, value)
        state.rng = Rng(rng)
        return state


def same_json(a: Any, b: Any) -> bool:
    """Equal with the same JSON types all through (`True == 1` and `1.0 == 1` are not)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and all(k in b and same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b


def _shape_problem(action: Any, legal: list[Action]) -> str | None:
    """What is wrong with the keys of a move of a known type, if that is what is wrong."""
    if not isinstance(action, dict):
        return None
    same_type = [a for a in legal if a.get("type") == action.get("type")]
    keys = {k for a in same_type for k in a}
    extra = sorted(str(k) for k in action if k not in keys)
    if not same_type or not extra:
        return None
    return (
        f"a {action['type']!r} move has no {', '.join(map(repr, extra))}: "
        f"it is written like {same_type[0]!r}"
    )


def _jsonable(value: Any) -> Any:
    """A deep copy of JSON-like data, tuples made lists (what json would give back)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-native data (dicts, lists, and immutable leaves)."""
    # Leaves (ints, strings...) are kept without a call: clone copies mostly lists of ints.
    kind = type(value)
    if kind is list:
        return [copy_json(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: copy_json(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return value


_CONTAINERS = (list, dict)


class State:
    """A game in progress. Subclasses implement the methods marked 'game:'."""

    game: ClassVar[Game]
    num_players: int
    seed: int
    options: dict[str, Any]
    rng: Rng

    # True on a search's copies of a game (set by the search, kept by `clone`): nobody reads
    # what `_apply` returns there, so a game may return [] instead of building its events.
    # The state itself must change exactly as it does when the events are built.
    quiet = False

    # True on a search's rollout once the next change of `scores()` ends it (set by the
    # search): a scoring that changes a total may then leave undone what would follow it,
    # e.g. the next deal, which no one would play. `acting()`, `scores()`, `is_over()` and
    # `winners()` must still answer as they would have.
    playout_ends_at_scoring = False

    # -- game: to implement ------------------------------------------------
    def setup(self) -> None:
        """game: deal and set the first decision (num_players, options, rng are set)."""
        raise NotImplementedError

    def acting(self) -> tuple[int, ...]:
        """game: the seats that must act now; () when the game is over."""
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        """game: the actions `seat` may take now, in a deterministic order."""
        raise NotImplementedError

    def open_hands(self) -> list[list[Any]]:
        """game: the cards each seat holds now, hidden ones too (a replay of a finished hand
        shows them face up: never an observation, never during play)."""
        raise NotImplementedError

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """game: carry out an action already known to be legal; return events."""
        raise NotImplementedError

    def observation(self, seat: int) -> Observation:
        """game: everything `seat` may see, and nothing else."""
        raise NotImplementedError

    def decision_observation(self, seat: int) -> Observation:
        """The fields of `observation(seat)` a player decides by (a game whose observation
        is costly may leave out its history and display fields: the search's rollouts ask
        a heuristic bot every move); by default the whole observation."""
        return self.observation(seat)

    def decision_facts(self, seat: int) -> Any:
        """What `seat` decides a move by, in the game's own terms, for its heuristic bot's
        hot path (a game whose observation's views cost most of a rollout step may answer
        with plain kinds and counts instead): only what the seat may see, as copies; by
        default `decision_observation(seat)`."""
        return self.decision_observation(seat)

    def scores(self) -> Sequence[int | float]:
        """game: the current totals, one per seat."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """game: the winning seats once over (several on a shared win)."""
        raise NotImplementedError

    def resample(self, seat: int, rng: Rng) -> Self:
        """game: a full state `seat` cannot tell from this one, with fresh randomness."""
        raise NotImplementedError

    # -- shared behaviour ----------------------------------------------------
    def is_over(self) -> bool:
        return not self.acting()

    def why_illegal(self, seat: int, action: Any) -> str:
        """A plain-words reason `action` is not legal for `seat` (games may refine)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return f"there is no seat {seat!r} in this game"
        if self.is_over():
            return "the game is over"
        if seat not in self.acting():
            return f"it is not seat {seat}'s turn to act"
        return f"{action!r} is not one of seat {seat}'s legal moves now"

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out `action` for `seat`; IllegalAction (state unchanged) if not legal.

        The action must be one of `legal_actions(seat)` exactly, JSON types included:
        `True` or `1.0` where a move has `1` would otherwise be stored, and break saves."""
        if type(seat) is not int or seat not in self.acting():
            raise IllegalAction(self.why_illegal(seat, action))
        legal = self.legal_actions(seat)
        try:
            listed = legal[legal.index(action)]  # one scan: apply is on every playout's path
        except ValueError:
            raise IllegalAction(
                _shape_problem(action, legal) or self.why_illegal(seat, action)
            ) from None
        if not same_json(action, listed):
            raise IllegalAction(f"{action!r} has a value of the wrong type: the move is {listed!r}")
        return self._apply(seat, action)

    def clone_for_resample(self) -> Self:
        """A clone that forgets the deal's seed: a determinization must not carry it, as
        the seed and the public moves would rebuild every hidden card."""
        new = self.clone()
        new.seed = 0
        return new

    def _fields(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        del data["rng"]
        return data

    # Fields that only ever grow by appending records that are never changed afterwards
    # (e.g. the scored hands of a long game): a clone copies the list, not the records.
    APPEND_ONLY: ClassVar[tuple[str, ...]] = ()

    # Fields that are always flat lists (of ints, strs, bools or None), and fields that are
    # always lists of such flat lists (hands, rows): a clone copies them by their known
    # shape instead of looking at every item (the search clones on every playout).
    FLAT_LISTS: ClassVar[tuple[str, ...]] = ()
    NESTED_LISTS: ClassVar[tuple[str, ...]] = ()

    def clone(self) -> Self:
        """An independent copy (a deep copy of the JSON-native fields)."""
        new = object.__new__(type(self))
        shared, flat, nested = self.APPEND_ONLY, self.FLAT_LISTS, self.NESTED_LISTS
        for name, value in self.__dict__.items():
            if name == "rng":
                continue
            if name in flat or name in shared:
                value = list(value)
            elif name in nested:
                value = [list(inner) for inner in value]
            else:
                value = copy_json(value)
            setattr(new, name, value)
        new.rng = Rng(self.rng.state)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "format": SAVE_FORMAT,
            "fields": _jsonable(self._fields()),
            "rng": self.rng.state,
        }


def visible_events(events: Iterable[Event], seat: int) -> list[Event]:
    """The events `seat` may see: private ones carry `to` (a list of seats)."""
    return [e for e in events if "to" not in e or seat in e["to"]]
