"""One game in progress: the engine state, who is human, the bots, the log, the save.

Pure Python (no browser), so the whole flow can be tested in CPython.
"""

from __future__ import annotations

import pygame_rules
from pygame_rules.bots import (
    LEVELS,
    SeatView,
    bot_seed,
    explain_move,
    heuristic_factory,
    make_bot,
    think,
)
from pygame_rules.bots.base import perf_counter
from pygame_rules.contract import IllegalAction, visible_events
from ui.play.daily import valid_date
from ui.play.takeback import GAME_OVER, NOTHING_YET, TakeBack, shows_hidden
from ui.review.coach_record import CoachRun, runs_before, runs_from_save, runs_to_save
from ui.tables import table_for
from ui.tables.kit import TRICK

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from pygame_rules.bots import Bot
    from pygame_rules.contract import Action, Event, Observation, State

SAVE_VERSION = 1
"""A save's `format`: setup plus moves (not pygame_rules.SAVE_FORMAT, a state's to_json)."""
PLAYER_LEVELS = tuple(level for level in LEVELS if level != "random")
"""The bot levels a player can choose: the bots' own list, without the random test bot."""
SEARCH_LEVELS = ("normal", "hard")
"""The levels that search (and the hint, a Normal bot): the bots' worker can think for them."""
LEVEL_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}
LEVEL_HELP = {
    "easy": "Simple rules of thumb, and the odd slip.",
    "normal": "Tries each move in many imagined deals before playing.",
    "hard": "Thinks five times longer than Normal. Bots never see your cards.",
}


class BotTurn:
    """One bot decision in progress. Bots that can think in short slices (`step`) do, so
    the page can draw between them; any other bot has decided at once."""

    def __init__(self, bot: Bot, view: SeatView, clock: Callable[[], float] = perf_counter) -> None:
        self.thinking = think(bot, view)
        self.action: Action | None = None
        self.capped = False  # decided by the time limit, before the whole budget ran
        self.clock = clock  # seconds, for the time limit
        self._began: float | None = None

    def step(self, seconds: float | None, limit: float | None = None) -> bool:
        """Think for at most `seconds` (None: to the end of the budget); True once decided.

        Once `limit` seconds have passed since the first step, decide with what has been
        found so far (a slow device's time cap); None: no limit.
        """
        if self._began is None:
            self._began = self.clock()
        if self.action is None and self.thinking.step(seconds):
            self.action = self.thinking.best_action()
        past_limit = limit is not None and self.clock() - self._began >= limit
        if self.action is None and past_limit:
            self.action = self.thinking.best_action()
            self.capped = True
        return self.action is not None


def quick_bot(game_id: str, seed: int) -> Bot | None:
    """The game's rules-of-thumb bot with no random slips (Easy without them); None when
    the game has none."""
    factory = heuristic_factory(game_id)
    return None if factory is None else factory(seed, 0.0)


class SaveError(ValueError):
    """A save that cannot be restored (corrupted, unknown version, unknown game)."""


class Deal:
    """A new game to deal: the game, its players, seed, bots' level and options, the people
    passing the device round (seat to name; {}: one player) and a deal of the day's date.
    What the setup's Start, a link, Play again and the deal of the day ask `App.start_game`
    for, and what `link_for` writes."""

    __slots__ = ("daily", "game_id", "level", "options", "people", "players", "seed")

    def __init__(
        self,
        game_id: str,
        players: int,
        seed: int,
        level: str,
        options: dict[str, Any] | None = None,
        people: dict[int, str] | None = None,
        daily: str | None = None,
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.level = level
        self.options: dict[str, Any] = dict(options or {})
        self.people: dict[int, str] = dict(people or {})
        self.daily = daily

    def session(self) -> Session:
        """The game dealt (its log not begun: `App.new_session` tells how it came)."""
        session = Session(
            self.game_id, self.players, self.seed, self.level, self.options, self.people
        )
        session.daily = self.daily
        return session


class Session:
    """A game at the table: the player sits in seat 0, bots of one level in the others; or,
    passed and played around one device, people in some seats (`people`, seat 0's always).

    `human` is the seat whose view is shown: every screen is drawn from its observation and
    legal moves. With several people it changes only at a hand-over (`show_to`), while
    `covered` hides the table until the next person taps (ui/play/handover.py)."""

    def __init__(
        self,
        game_id: str,
        players: int,
        seed: int,
        level: str = "normal",
        options: dict[str, Any] | None = None,
        people: dict[int, str] | None = None,
    ) -> None:
        if level not in PLAYER_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        people = people or {}
        if people and (0 not in people or not all(0 <= s < players for s in people)):
            raise ValueError("people sit in seat 0 and seats of the table")
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.level = level
        # Seat to name of each person at this device, when more than one plays ({}: one
        # player, "You", in seat 0).
        self.people: dict[int, str] = dict(people) if len(people) > 1 else {}
        self.humans: tuple[int, ...] = tuple(sorted(self.people)) or (0,)
        self.human = 0
        self.covered = len(self.humans) > 1  # a hand-over screen hides every hand
        self.state: State = pygame_rules.get_game(game_id).new_game(players, seed, options or {})
        self.options: dict[str, Any] = dict(self.state.options)
        self.history: list[list[Any]] = []
        self.log: list[str] = []
        # What the last move ended, for the table's pacing: "trick", "hand" or None; and
        # whether the bots wait for the player's Continue (ui/play/bot_runner.py).
        self.ended: str | None = None
        self.awaiting_continue = False
        # What each move of the history ended ("trick", "hand" or None): ui/review/replay.py
        # finds the finished hands and the last trick in it.
        self.move_ends: list[str | None] = []
        # Every seat's score at the start and after each hand or round (a game without
        # hands: after each move that changed a score), with how many moves were made
        # then: the game over's chart (ui/screens/charts.py) draws them.
        self.score_marks: list[tuple[int, list[int | float]]] = [(0, list(self.state.scores()))]
        # The coach's runs (ui/review/coach.py), by run_key: kept with the save, so a hand
        # reviewed again shows its verdicts at once.
        self.coached: dict[str, CoachRun] = {}
        # The sounds of the moves since the table last drew them (kit.CARD, TRICK, DICE, as
        # the human saw the events): ui/screens/play.py takes them to play, once each.
        self.cues: list[str] = []
        # A practice game (a take-back after something hidden was shown): not counted.
        self.practice = False
        # The date of the deal of the day this game is ("2026-11-28"; None: not one).
        self.daily: str | None = None
        # Each person's move: its place in the history and the state just before it, latest
        # last: a take-back restores that state (no replay of the whole game from its seed).
        self._human_moves: list[tuple[int, State]] = []
        self._take_back: tuple[int, TakeBack | None] | None = None  # (history length, memo)

    @property
    def _before_human(self) -> tuple[int, State] | None:
        """The shown seat's last move: its place in the history and the state just before
        it (a person takes back only their own move)."""
        for index, before in reversed(self._human_moves):
            if self.history[index][0] == self.human:
                return index, before
        return None

    @property
    def passed(self) -> bool:
        """Whether people pass the device round (more than one plays at it)."""
        return len(self.humans) > 1

    @property
    def game(self) -> pygame_rules.Game:
        return pygame_rules.get_game(self.game_id)

    @property
    def names(self) -> list[str]:
        """Each seat's name: "You" alone with bots; people's own names when passed round."""
        if not self.people:
            return ["You"] + [f"Bot {i}" for i in range(1, self.players)]
        return [self.people.get(i) or f"Bot {i}" for i in range(self.players)]

    def next_person(self) -> int | None:
        """The person who must act next (the shown seat first, when it must); None when
        only bots must, or the game is over."""
        acting = self.state.acting()
        if self.human in acting:
            return self.human
        for seat in acting:
            if seat in self.humans:
                return seat
        return None

    def hand_over_to(self) -> int | None:
        """Whom the device must be passed to before the table is shown again: the next
        person to act when that is not the seat shown (or the table is covered); None when
        nobody needs to be passed to."""
        if not self.passed or self.is_over():
            return None
        person = self.next_person()
        if person is None:
            return self.human if self.covered else None
        return person if self.covered or person != self.human else None

    def show_to(self, seat: int) -> None:
        """The person in `seat` has the device: the table is drawn from their view."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a person's")
        self.human = seat
        self.covered = False

    def is_over(self) -> bool:
        return self.state.is_over()

    # -- public facts: what any player at the table may know (screens draw from these,
    # the human's observation and legal moves, never from the state) --------------------
    def waiting_for(self) -> tuple[int, ...]:
        """The seats that must act now (whose turn it is; () once the game is over)."""
        return tuple(self.state.acting())

    def scores(self) -> list[int | float]:
        """Each seat's total so far (public in every game; the final totals once over)."""
        return list(self.state.scores())

    def winners(self) -> list[int]:
        """The winning seats; [] until the game is over, several on a shared win."""
        return list(self.state.winners())

    def illegal_reason(self, seat: int, action: Any) -> str | None:
        """None when `seat` may play `action` now; else the engine's reason (nothing changes).

        Tried on a copy, so the check is exactly the engine's (JSON types included)."""
        try:
            self.state.clone().apply(seat, action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def move_said(self, action: Any) -> list[Event]:
        """What the human's move `action` now would say of itself: its own event (the
        first), as the human sees it; never what would follow it (a die rolled, a card
        drawn: not the player's to know). Tried on a copy: nothing changes."""
        events = self.state.clone().apply(self.human, action)
        return visible_events(events[:1], self.human)

    def human_legal(self) -> list[Action]:
        """The human's legal actions now ([] when it is not their move)."""
        if self.human not in self.state.acting():
            return []
        return self.state.legal_actions(self.human)

    def next_bot(self) -> int | None:
        """The first bot seat that must act now, if any."""
        for seat in self.state.acting():
            if seat not in self.humans:
                return seat
        return None

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply one action (raises IllegalAction, changing nothing); log what every person
        at the device may see (a private event only when all of them may), and return what
        the shown seat sees."""
        before = self.state.clone() if seat in self.humans else None
        events = self.record(seat, action)
        if before is not None:
            self._human_moves.append((len(self.history) - 1, before))
        table = table_for(self.game_id)
        for event in public_events(events, self.humans):
            line = table.describe(event, self.names)
            if line:
                self.log.append(line)
        seen = visible_events(events, self.human)
        trick_end = self.game.trick_end
        for event in seen:
            kind = event["type"]
            cue = TRICK if kind in trick_end else table.sounds.get(kind)
            if cue is not None:
                self.cues.append(cue)
        return seen

    def record(self, seat: int, action: Action) -> list[Event]:
        """Apply one action (raises IllegalAction, changing nothing) and keep it: the history,
        what it ended, the scores it marked; and its events. Not what only a table in play
        needs (`act`: the take-back's snapshot, the log, the sounds): an embedded hand,
        which is only read, replays its link's moves this way (a whole game of Baker's:
        33 ms of MicroPython, where `act` took 93)."""
        events = self.state.apply(seat, action)
        self.history.append([seat, action])
        self.ended = self.game.end_of(events)
        self.move_ends.append(self.ended)
        self._mark_scores()
        return events

    def _mark_scores(self) -> None:
        """Keep the scores after a move that ended a hand, or the game; in a game without
        hands (Trickbook: its scores are letters to go), after a move that changed them."""
        marks = self.score_marks
        over = self.state.is_over()
        if self.ended != "hand" and not over and self.game.hand_end:
            return
        scores = list(self.state.scores())
        if self.ended == "hand" or over or scores != marks[-1][1]:
            marks.append((len(self.history), scores))

    def start_bot(
        self, seat: int, clock: Callable[[], float] = perf_counter, quick: bool = False
    ) -> BotTurn:
        """The decision of the bot in `seat`, begun on a snapshot of the table.

        Seeded by game seed, seat and move number, so a replayed game asks the same.
        `quick`: the game's rules of thumb decide at once, whatever the level (the page's
        bots while the search worker loads).
        """
        bot = quick_bot(self.game_id, self.next_bot_seed(seat)) if quick else None
        bot = bot or make_bot(self.game_id, self.level, self.next_bot_seed(seat))
        return BotTurn(bot, SeatView(self.state.clone(), seat), clock)

    def deal(self) -> Deal:
        """What dealt this game (its link: `ui/share/links.py` `link_for`)."""
        return Deal(
            self.game_id, self.players, self.seed, self.level, self.options, self.people, self.daily
        )

    def next_bot_seed(self, seat: int) -> int:
        """The seed of the bot making the next move in `seat`: game seed, seat and move
        number, so a replayed game asks the same."""
        return bot_seed(self.seed, seat, len(self.history))

    def hint_seed(self) -> int:
        return self.seed * 1009 + len(self.history)

    def bot_request(self, seat: int) -> dict[str, Any] | None:
        """What the bots' worker needs to decide for the bot in `seat` (`ui/play/bot_worker.py`):
        the table as `State.to_json` rebuilds it, the seat, level and seed. None for Easy,
        which decides at once here."""
        if self.level not in SEARCH_LEVELS:
            return None
        return {
            "game": self.game_id,
            "state": self.state.to_json(),
            "seat": seat,
            "level": self.level,
            "seed": self.next_bot_seed(seat),
        }

    def hint_request(self, level: str = "normal") -> dict[str, Any] | None:
        """The worker's request for the hint: a Normal bot (or one of `level`) in the
        human's seat, with the names its reason uses. None when the human has no move."""
        if not self.human_legal():
            return None
        return {
            "game": self.game_id,
            "state": self.state.to_json(),
            "seat": self.human,
            "level": level,
            "seed": self.hint_seed(),
            "names": self.names,
        }

    def bot_move(self, seat: int) -> list[Event]:
        """Let the bot in `seat` think to the end and play (tests and CPython tools)."""
        turn = self.start_bot(seat)
        turn.step(None)
        assert turn.action is not None  # thought to the end
        return self.act(seat, turn.action)

    def start_hint(
        self, clock: Callable[[], float] = perf_counter, quick: bool = False, level: str = "normal"
    ) -> BotTurn | None:
        """The move a Normal bot (or one of `level`) would choose in the human's seat (it
        sees only that seat); `quick`: the rules of thumb's move instead."""
        if not self.human_legal():
            return None
        bot = quick_bot(self.game_id, self.hint_seed()) if quick else None
        bot = bot or make_bot(self.game_id, level, self.hint_seed())
        return BotTurn(bot, SeatView(self.state.clone(), self.human), clock)

    def hint_reason(self, turn: BotTurn) -> str:
        """Why the hinted move, as the bots' package words it (the game's reason, then
        what the search found)."""
        assert turn.action is not None  # a decided turn
        view = SeatView(self.state.clone(), self.human)
        return explain_move(view, turn.action, self.names, turn.thinking)

    def hint(self) -> Action | None:
        """The Normal bot's move for the human, thought to the end (CPython tools, tests)."""
        turn = self.start_hint()
        if turn is None:
            return None
        turn.step(None)
        return turn.action

    def observation(self) -> Observation:
        return self.state.observation(self.human)

    # -- take back ----------------------------------------------------------------
    def can_take_back(self) -> bool:
        """Whether the human has a move to take back (cheap: no check for what it shows)."""
        return self._before_human is not None and not self.is_over()

    def take_back_refusal(self) -> str:
        """Why there is nothing to take back ("" when there is)."""
        if self.is_over():
            return GAME_OVER
        return "" if self._before_human is not None else NOTHING_YET

    def take_back_offer(self) -> TakeBack | None:
        """What taking back would do now (None: nothing to take back, take_back_refusal()
        says why)."""
        if not self.can_take_back() or self._before_human is None:
            return None
        if self._take_back is not None and self._take_back[0] == len(self.history):
            return self._take_back[1]
        index, before = self._before_human
        moves = self.history[index:]
        others = [self.names[seat] for seat, _ in moves[1:] if seat in self.humans]
        # Another person's move is theirs to keep: taking it back asks, as a reveal does.
        reveals = bool(others) or shows_hidden(before, moves, self.human, self.seed * 7919 + index)
        bot_moves = sum(1 for seat, _ in moves if seat not in self.humans)
        offer = TakeBack(index, len(moves), reveals, bot_moves, others)
        self._take_back = (len(self.history), offer)
        return offer

    def take_back(self) -> TakeBack:
        """Undo the human's last move and every move since: the state just before it comes
        back (with its generator: deals, dice and the bots' seeds are the same). A game where
        that hides something already shown becomes practice. ValueError (nothing changes)
        when there is nothing to take back."""
        offer = self.take_back_offer()
        if offer is None:
            raise ValueError(self.take_back_refusal())
        index, before = self._before_human  # type: ignore[misc]  # the offer found it
        while self._human_moves and self._human_moves[-1][0] >= index:
            self._human_moves.pop()
        self.state = before
        del self.history[index:]
        del self.move_ends[index:]
        self.coached = runs_before(self.coached, index)
        while self.score_marks[-1][0] > index:
            self.score_marks.pop()
        self._take_back = None
        self.ended = None
        self.awaiting_continue = False
        if offer.reveals:
            self.practice = True
        self.log.append(offer.said(self.names[self.human]))
        return offer

    # -- saves ------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """Everything needed to rebuild this exact table: setup plus the action history."""
        save: dict[str, Any] = {
            "format": SAVE_VERSION,
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "level": self.level,
            "options": self.options,
            "history": self.history,
        }
        if self.practice:
            save["practice"] = True
        if self.daily:
            save["daily"] = self.daily
        if self.people:  # who is who, and whose view a reload hands the device to
            save["people"] = [[seat, self.people[seat]] for seat in self.humans]
            save["shown"] = self.human
        if self.coached:
            save["coach"] = runs_to_save(self.coached)
        return save

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """Rebuild a session by replaying its history; SaveError says what was wrong."""
        check_save(data)
        people = saved_people(data)
        try:
            session = cls(
                data["game"],
                data["players"],
                data["seed"],
                str(data.get("level", "normal")),
                dict(data.get("options") or {}),
                people,
            )
            for entry in data["history"]:
                seat, action = entry
                session.act(seat, action)
            session.practice = data.get("practice") is True
            session.daily = valid_date(data.get("daily"))
            session.coached = runs_from_save(data.get("coach"), session.history)
            shown = data.get("shown")
            if session.passed and shown in session.humans:
                session.human = shown  # still covered: a reload lands on the hand-over
        except Exception as exc:  # a save is untrusted text: whatever breaks, it is damaged
            raise SaveError(f"the save is damaged: {exc}") from None
        return session


def public_events(events: list[Event], humans: tuple[int, ...]) -> list[Event]:
    """The events every person at the device may see (private ones only when all may)."""
    return [e for e in events if "to" not in e or all(seat in e["to"] for seat in humans)]


MAX_NAME = 16  # characters of a person's name (a seat's label must fit a phone)


def clean_name(text: str) -> str:
    """A person's name as shown: no control characters, spaces collapsed, at most MAX_NAME
    characters ("" when nothing is left). (MicroPython's str has no isprintable.)"""
    kept = "".join(" " if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in str(text))
    return " ".join(kept.split())[:MAX_NAME].strip()


def name_problem(names: list[str]) -> str:
    """Why these people's names cannot be used ("" when they can): each must be given,
    differ from the others, and not be a bot's ("Bot 2") or "You"."""
    seen: list[str] = []
    for name in names:
        folded = name.lower()
        if not name:
            return "every person needs a name"
        if folded == "you" or (folded.startswith("bot ") and folded[4:].isdigit()):
            return f"{name!r} is kept for the table's own names"
        if folded in seen:
            return f"two people are called {name!r}"
        seen.append(folded)
    return ""


def saved_people(data: dict[str, Any]) -> dict[int, str] | None:
    """The people of a save (`people`: [seat, name] pairs), checked; None: one player."""
    entries = data.get("people")
    if entries is None:
        return None
    if not isinstance(entries, list) or not all(
        isinstance(e, list) and len(e) == 2 and type(e[0]) is int and isinstance(e[1], str)
        for e in entries
    ):
        raise SaveError("the save is damaged: its people are not seats and names")
    people = {seat: clean_name(name) for seat, name in entries}
    problem = name_problem(list(people.values()))
    if problem or len(people) != len(entries):
        raise SaveError(f"the save is damaged: {problem or 'a seat is named twice'}")
    return people


def check_save(data: Any, game_id: str | None = None) -> None:
    """SaveError unless `data` has a save's shape: format, a known game (`game_id`, when
    given: the save was found under that game's key), whole numbers for players and seed,
    a list of moves (their legality is checked by replaying them)."""
    if not isinstance(data, dict):
        raise SaveError("the save is not a game record")
    if data.get("format") != SAVE_VERSION:
        raise SaveError(f"the save has an unknown format version ({data.get('format')!r})")
    saved = data.get("game")
    if saved not in pygame_rules.GAME_IDS:
        raise SaveError(f"the save is for an unknown game ({str(saved)[:40]!r})")
    if game_id is not None and saved != game_id:
        raise SaveError("the save is for another game than the one it is kept for")
    for key in ("players", "seed"):
        if type(data.get(key)) is not int or data[key] < 0:
            raise SaveError(f"the save is damaged: its {key} is not a whole number")
    if not isinstance(data.get("history"), list):
        raise SaveError("the save is damaged: its move list is missing")
