"""What a game's table is drawn from (`PlayerView`) and what each game's table module
declares (`TABLE = GameTable(...)`, found by `ui.tables.table_for`). The app calls only what
a GameTable has."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    import pygame_rules
    from pygame_rules.contract import Action, Event, Observation


# The table's sounds (static/js/sound.js makes each): a card played, a trick taken, a die
# rolled, and the human's turn starting.
CARD, TRICK, DICE, TURN = "card", "trick", "dice", "turn"


class PlayerView:
    """What a game module may use to draw: never the state, only the human's view.

    `picks` are the cards the player has picked toward a move put together in steps (Trick
    of Trip's group B of a split, Baker's cards of the fan), by the game's own controls;
    `thinking` is a bot seat that is about to move."""

    def __init__(
        self,
        game: pygame_rules.Game,
        obs: Observation,
        legal: list[Action],
        names: list[str],
        human: int = 0,
        picks: list[int] | None = None,
        thinking: int | None = None,
        reduced_motion: bool = False,
    ) -> None:
        self.game = game
        self.obs = obs
        self.legal = legal
        self.names = names
        self.human = human
        self.picks: list[int] = [] if picks is None else picks
        self.thinking = thinking
        self.reduced_motion = reduced_motion

    def is_legal(self, action: Action) -> bool:
        return action in self.legal

    def legal_of(self, kind: str) -> list[Action]:
        """The legal actions of one type, in the engine's order."""
        return [a for a in self.legal if a.get("type") == kind]


def winning_seat(view: PlayerView) -> int | None:
    """The seat to mark as winning the trick in play: the engine's `trick_winning`, once a
    second card is down (a lone lead has nothing to beat yet)."""
    obs = view.obs
    return obs["trick_winning"] if len(obs["trick"]) > 1 else None


def nothing(*_args: Any) -> None:
    """The default of an optional table piece: do nothing, add nothing."""
    return None


def no_picks(_action: Mapping[str, Any], _view: PlayerView) -> list[int]:
    """The default `arrange`: a game whose moves are one tap each picks nothing."""
    return []


class GameTable:
    """One game's table, declared by its UI module as `TABLE` (optional pieces default).

    - `render(view) -> El`: the whole table for the human's seat;
    - `describe(event, names) -> str | None`: one log line per event the human saw;
    - `controls`: the game's own steps of play (`data-ui` names, e.g. moving a card between
      two groups before confirming), each `(value, view) -> picks`: the player's picks after
      it;
    - `arrange(action, view) -> picks`: the picks that make `action`'s control appear (a
      hinted or a lesson's split), [] when it has one already;
    - `final_details(view) -> El | None`: extra game-over content;
    - `win_reason(view) -> str | None`: under the game over's headline, how the engine
      settled a tie on the top score (its observation's own fact, in the game's terms);
    - `face_up(card) -> El`: one card (or Trickbook trick) drawn small and face up, for
      the review and the last trick's panel;
    - `prepare(observation)`: work that drawing the human's view of a position needs and
      can do ahead, in a task of its own (Wray's deduction aid: the position's solver), so
      that a bot's move is not drawn in one long task;
    - `score_heading`: the game-over table's score column;
    - `chart_step`: what the game over's score chart has a point after, in a game without
      hands or rounds (Trickbook: "letter"); None: the game's `hand_name`;
    - `choice_words(action, observation) -> str | None`: the human's move in words where
      its event tells nothing of it (a split, a pick: the log says only "You split…"), for
      an embedded puzzle's answer; None: the event's line says it.
    - `sounds`: event type -> the sound it makes at the table ("card": a card played or
      set, "dice": a die rolled; ui/play/session.py `Session.cues`). A trick taken sounds
      by the game's own `trick_end`, and the human's turn by the table's.

    What ends a trick or a hand, and what the game calls a hand, are the game's own facts
    (`pygame_rules.Game`: `trick_end`, `hand_end`, `hand_name`), not the table's.
    """

    def __init__(
        self,
        render: Callable[[PlayerView], Any],
        describe: Callable[[Event, list[str]], str | None],
        *,
        controls: dict[str, Callable[[str, PlayerView], list[int]]] | None = None,
        arrange: Callable[[Mapping[str, Any], PlayerView], list[int]] = no_picks,
        final_details: Callable[[PlayerView], Any] = nothing,
        win_reason: Callable[[PlayerView], str | None] = nothing,
        face_up: Callable[[Any], Any] = nothing,
        prepare: Callable[[Observation], Any] = nothing,
        score_heading: str = "Score",
        chart_step: str | None = None,
        choice_words: Callable[[Mapping[str, Any], Observation], str | None] = nothing,
        sounds: dict[str, str] | None = None,
    ) -> None:
        self.render = render
        self.describe = describe
        self.controls = controls or {}
        self.arrange = arrange
        self.final_details = final_details
        self.win_reason = win_reason
        self.face_up = face_up
        self.prepare = prepare
        self.score_heading = score_heading
        self.chart_step = chart_step
        self.choice_words = choice_words
        self.sounds: dict[str, str] = sounds or {}
