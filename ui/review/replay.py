"""Review a finished hand or a finished game, move by move, by replaying it from the seed.

Every game is "seed + actions": the review rebuilds the table from the seed and replays
the session's history, one step per move, with the game's own log lines (the events the
player saw) and every seat's cards face up (the engine's `open_hands`). Only finished
hands (and a finished game) are offered: nothing hidden of the hand in play is shown.
Pure Python (no browser), so it is tested in CPython.
"""

from __future__ import annotations

import pygame_rules
from pygame_rules.contract import visible_events
from ui.tables import table_for
from ui.words import their, verb

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from pygame_rules.contract import Event, Observation
    from ui.play.session import Session


def quiet_move(game: pygame_rules.Game, name: str, kind: str) -> str:
    """'Bot 1 splits their cards into two sets.': a move the log does not tell (the
    game's `quiet_moves` words, else "moves")."""
    said, what = game.quiet_moves.get(kind, ("moves", ""))
    what = what.replace("{their}", their(name))
    return f"{name} {verb(name, said)}" + (f" {what}" if what else "") + "."


def action_words(
    game: pygame_rules.Game,
    obs: Observation,
    said: list[Event],
    names: list[str],
    seat: int,
    action: Any,
) -> str:
    """`seat`'s move `action`, in the log's words ("You play the 5 of Moons."): the game's
    words for the choice seen from `obs`, else the line of its own event `said` (never what
    follows it, e.g. a die rolled: not the seat's to know), else the words for a move the
    log does not tell ("You split your cards into two sets.")."""
    table = table_for(game.id)
    words = table.choice_words(action, obs)
    if words:
        return words
    lines = [line for line in (table.describe(event, names) for event in said) if line]
    return " ".join(lines) or quiet_move(game, names[seat], str(action.get("type", "")))


class Step:
    """One step of a review: the move (None for the start), its log lines, the lines of
    the trick so far (this move's included), and each seat's cards face up (None once the
    hand is over and the next one dealt: its cards are not part of this review)."""

    def __init__(
        self,
        seat: int | None,
        lines: list[str],
        trick: list[str],
        hands: list[list[Any]] | None,
        ended: str | None,
        scores: list[int | float],
        won: list[str] | None = None,
        choices: int = 0,
    ) -> None:
        self.seat = seat
        self.choices = choices  # how many moves its seat could choose from (a puzzle's)
        self.lines = lines
        self.trick = trick
        self.hands = hands
        self.ended = ended
        self.scores = scores
        self.won = won or []  # the lines of a trick's end: who won it and why


class Review:
    """A replayed stretch of a game and the step shown (`at`: 0 is the start); `start`:
    where the stretch begins in the game's history; `kind`: what it is ("hand", "round",
    "game")."""

    def __init__(
        self,
        title: str,
        game_id: str,
        names: list[str],
        steps: list[Step],
        start: int = 0,
        kind: str = "hand",
    ) -> None:
        self.title = title
        self.kind = kind
        self.game_id = game_id
        self.names = names
        self.steps = steps
        self.start = start
        self.at = 0

    @property
    def moves(self) -> int:
        return len(self.steps) - 1

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    def asks_here(self) -> bool:
        """Whether the next move is the player's own choice among several: a puzzle."""
        if self.at >= self.moves:
            return False
        return self.steps[self.at + 1].choices > 1  # counted for the player's moves only

    def counter(self) -> str:
        """'Start' or 'Move 12 of 52'."""
        return "Start" if self.at == 0 else f"Move {self.at} of {self.moves}"

    def go(self, where: str) -> bool:
        """Step `back`, `next` (forward), to the `end` or the `start`; False if it cannot."""
        target = {
            "back": self.at - 1,
            "next": self.at + 1,
            "end": self.moves,
            "start": 0,
        }.get(where, self.at)
        target = max(0, min(self.moves, target))
        moved = target != self.at
        self.at = target
        return moved


def finished_hands(session: Session) -> list[tuple[int, int]]:
    """The history's (start, stop) of every finished hand or round, in order (the game
    over ends the last one)."""
    spans = []
    start = 0
    for i, ended in enumerate(session.move_ends):
        if ended == "hand":
            spans.append((start, i + 1))
            start = i + 1
    if session.is_over() and start < len(session.history):
        spans.append((start, len(session.history)))
    return spans


# Moves replayed between two turns of the page when a review opens (`replaying`): on a
# phone (CPU x4) a move shown costs about 1.3 ms, one only applied far less.
SLICE = 8
PREFIX_SLICE = 64


def replaying(session: Session, start: int, stop: int, steps: list[Step]) -> Iterator[None]:
    """Fill `steps` for the moves history[start:stop] (the first step: the table before
    them), yielding every few moves, so that a page can let others have their turn between
    slices (`replay` runs it to its end)."""
    game = pygame_rules.get_game(session.game_id)
    table = table_for(session.game_id)
    state = game.new_game(session.players, session.seed, dict(session.options))
    history = session.history
    for i, (seat, action) in enumerate(history[:start]):
        state.apply(seat, action)
        if i % PREFIX_SLICE == PREFIX_SLICE - 1:
            yield
    steps.append(Step(None, [], [], state.open_hands(), None, list(state.scores())))
    trick: list[str] = []
    for i, (seat, action) in enumerate(history[start:stop]):
        if i % SLICE == SLICE - 1:
            yield
        # A puzzle asks the first seat's player (its link names no other: ui/share/links.py).
        choices = len(state.legal_actions(seat)) if seat == 0 else 0
        events = state.apply(seat, action)
        ended = game.end_of(events)
        lines = []
        won = []
        over = False  # the hand or round ended: what follows is the next deal, or game over
        for event in visible_events(events, session.human):
            if over and event["type"] != "game_over":
                continue  # the next deal (the engine deals it in the same move): not this one's
            over = over or event["type"] in game.hand_end
            line = table.describe(event, session.names)
            if line:
                lines.append(line)
                if event["type"] in game.trick_end:
                    won.append(line)
        if not lines:  # a choice the log does not tell (a split, a pick): say whose move
            lines.append(quiet_move(game, session.names[seat], str(action.get("type", ""))))
        if not game.trick_end:  # a game without tricks of cards: each move on its own
            trick = []
        trick = trick + lines
        new_deal = ended == "hand" and not state.is_over()
        hands = None if new_deal else state.open_hands()
        scores = list(state.scores())
        steps.append(Step(seat, lines, trick, hands, ended, scores, won, choices))
        if ended is not None:
            trick = []


def replay(session: Session, start: int, stop: int) -> list[Step]:
    """Steps for the moves history[start:stop] (the first step: the table before them)."""
    steps: list[Step] = []
    for _ in replaying(session, start, stop, steps):
        pass
    return steps


def can_review_hand(session: Session) -> bool:
    """Whether a finished hand can be reviewed now (mid-game too: it is over)."""
    return any(ended == "hand" for ended in session.move_ends)


def last_hand_span(session: Session) -> tuple[int, int] | None:
    """The history's (start, stop) of the last finished hand or round (None before the
    first one ends)."""
    spans = [span for span in finished_hands(session) if session.move_ends[span[1] - 1] == "hand"]
    return spans[-1] if spans else None


def whole_game_span(session: Session) -> tuple[int, int] | None:
    """The whole game's (0, stop), once it is over (None before)."""
    return (0, len(session.history)) if session.is_over() else None


def review_last_hand(session: Session) -> Review | None:
    """The last finished hand or round (None before the first one ends)."""
    span = last_hand_span(session)
    return None if span is None else review_span(session, span[0], span[1], "Review")


def review_game(session: Session) -> Review | None:
    """The whole game, once it is over (None before)."""
    span = whole_game_span(session)
    return None if span is None else review_span(session, span[0], span[1], "Review")


WHOLE_GAME = "the whole game"


def span_name(session: Session, start: int, stop: int) -> str:
    """'hand 2', or 'the whole game' (history[start:stop] holds more than one hand)."""
    ends = session.move_ends
    whole = start == 0 and stop == len(session.history) and session.is_over()
    if whole or "hand" in ends[start : stop - 1]:
        return WHOLE_GAME
    return f"{session.game.hand_name} {1 + ends[:start].count('hand')}"


def review_span(
    session: Session, start: int, stop: int, heading: str = "", steps: list[Step] | None = None
) -> Review:
    """The moves history[start:stop] (a hand, or the whole game), titled `heading` and
    which it is (else, for a reader who has not seen the game, the game's title); `steps`:
    its replay, if already made (`replaying`)."""
    name = span_name(session, start, stop)
    title = f"{heading or session.game.title}: {name}"
    kind = "game" if name == WHOLE_GAME else session.game.hand_name
    if steps is None:
        steps = replay(session, start, stop)
    return Review(title, session.game_id, session.names, steps, start, kind)


def last_trick(session: Session) -> list[str] | None:
    """The log lines (as the player saw them) of the last finished trick: who won it and
    why first, then its moves from its first card; None before the first trick ends."""
    ends = [i for i, ended in enumerate(session.move_ends) if ended is not None]
    game = session.game
    if not ends or not game.trick_end:
        return None
    stop = ends[-1] + 1
    start = ends[-2] + 1 if len(ends) > 1 else 0
    # The trick begins with its first card: not the deal's moves before it (a draft, the
    # Laws, a bid), which "Review last hand" shows.
    history = session.history
    plays = [i for i in range(start, stop) if history[i][1].get("type") in game.trick_moves]
    last = replay(session, plays[0] if plays else start, stop)[-1]
    return last.won + [line for line in last.trick if line not in last.won]
