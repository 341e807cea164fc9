"""Reading a link's query string (`?game=trick-of-trip&players=4&seed=42`) safely.

Every value is checked against the registry; anything unknown or malformed is
dropped with a plain-words message, and the app falls back to the lobby or to
defaults. The messages are shown with textContent only.
"""

from __future__ import annotations

import pygame_rules
from ui.jsontext import canonical_json
from ui.play.daily import DAILY_LEVEL, daily_seed, valid_date
from ui.play.session import (
    PLAYER_LEVELS,
    Deal,
    SaveError,
    Session,
    check_save,
    clean_name,
    name_problem,
    saved_people,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_SEED = 2**53 - 1
KNOWN = {"game", "players", "seed", "level", "rules", "speed", "moves", "learn", "step"}
# An embedded hand or puzzle (ui/share/embeds.py), and a frame's colours (static/js/host.js).
KNOWN |= {"show", "from", "at", "n", "theme"}
# The deal of the day: `daily=1` (the device's today) or `daily=2026-11-28`.
KNOWN.add("daily")
# Pass and play: `person1=Ann&person3=Bob` names the seats people take (1 is the first).
PERSON = "person"
KNOWN |= {f"{PERSON}{number}" for number in range(1, 6)}
VIEWS = ("hand", "puzzle")  # what an embedded frame's `show=` may ask for
MAX_LESSON_STEP = 10_000  # more moves than any lesson has (a lesson stops at its end)
SPEEDS = {"slow": 1.2, "normal": 0.7, "fast": 0.3, "instant": 0.0}  # seconds a bot's turn lasts
SPEED_NAMES = ("slow", "normal", "fast", "instant")  # SPEEDS in order (dicts keep none in MPy)
THEMES = ("light", "dark", "auto")  # `theme=`: a frame's colours, read by static/js/host.js
MAX_FIELDS = 50  # a longer query string is not one of our links
# A position link's moves (`moves=`): one digit of this URL-safe alphabet per move where a
# step has at most 64 choices (every game today), more digits where it has more.
MOVE_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
MAX_MOVES_TEXT = 4000  # characters: the longest game (Baker) takes about 550


class LinkRequest:
    """What a link asks for: a game's setup screen, or (with players/seed) a game at once."""

    def __init__(self) -> None:
        self.game_id: str | None = None
        self.players: int | None = None
        self.seed: int | None = None
        self.level: str | None = None
        self.options: dict[str, Any] = {}
        self.rules: str | None = None
        # A lesson's table (`?learn=GAME&step=N`: the address while a lesson is played).
        self.learn: str | None = None
        self.step = 0
        self.speed: str | None = None
        self.start = False
        self.messages: list[str] = []
        # A position link's moves, decoded and checked ([seat, action] each); None: none.
        self.history: list[list[Any]] | None = None
        # Pass and play: seat to name of each person at the device ({}: one player).
        self.people: dict[int, str] = {}
        # An embedded hand or puzzle (`show=`, ui/share/embeds.py): which, where its hand
        # starts in `history` (`from`), how many of the hand's moves are made when it opens
        # (`at`); or why the link cannot show it (`view_problem`).
        self.view: str | None = None
        self.view_from = 0
        self.view_at = 0
        self.view_problem = ""
        # The deal of the day's date (`daily=`): the deal, players and level are its own.
        self.daily: str | None = None


def _unquote(text: str) -> str:
    """A query value decoded: '+' is a space, %XX bytes are UTF-8 (a malformed sequence
    becomes U+FFFD, as in URLSearchParams)."""
    raw = bytearray()
    text = text.replace("+", " ")
    i = 0
    while i < len(text):
        pair = text[i + 1 : i + 3]
        if text[i] == "%" and len(pair) == 2 and all(c in HEX_DIGITS for c in pair):
            raw.append(int(pair, 16))
            i += 3
        else:
            raw.extend(text[i].encode())
            i += 1
    try:
        return bytes(raw).decode()
    except UnicodeError:
        return "".join(chr(b) if b < 0x80 else "\ufffd" for b in raw)


HEX_DIGITS = "0123456789abcdefABCDEF"


def parse_query(query: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a query string, in order (blank values kept).

    Our own parser: MicroPython has no urllib. ValueError past MAX_FIELDS fields."""
    fields = [part for part in query.lstrip("?").split("&") if part]
    if len(fields) > MAX_FIELDS:
        raise ValueError("too many fields")
    pairs = []
    for part in fields:
        name, _, value = part.partition("=")
        pairs.append((_unquote(name), _unquote(value)))
    return pairs


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number(text: str, most: int) -> int | None:
    """`text` as a whole number from 0 to `most`, or None. Only the ASCII digits count
    ("²".isdigit() is true, and int() refuses it), and no more than `most` has."""
    text = text.strip()
    if not (text and all(c in "0123456789" for c in text)) or len(text) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None


def players_phrase(low: int, high: int) -> str:
    """ "2 players", "3–5 players"."""
    return f"{low} players" if low == high else f"{low}–{high} players"


def parse_link(query: str, today: str = "") -> LinkRequest:
    """Parse `location.search` (with or without the leading '?'); `today`, the device's
    date, is what `daily=1` deals."""
    req = LinkRequest()
    try:
        pairs = parse_query(query)
    except ValueError:
        req.messages.append("The link's settings could not be read, so they were ignored.")
        return req
    values = dict(pairs)  # the last of each name counts
    names = []  # each name once, in the link's order (a dict keeps no order in MicroPython)
    for name, _ in pairs:
        if name not in names:
            names.append(name)
    speed = values.get("speed")
    if speed is not None:
        if speed in SPEEDS:
            req.speed = speed
        else:
            known = ", ".join(SPEED_NAMES)
            req.messages.append(f"Bot speed {_short(speed)!r} is not one of {known}; ignored.")
    theme = values.get("theme")  # the page applies it; here only an unknown one is told
    if theme is not None and theme not in THEMES:
        known = ", ".join(THEMES)
        req.messages.append(
            f"Theme {_short(theme)!r} is not one of {known}; the light theme is used."
        )

    rules = values.get("rules")
    if rules is not None:
        if rules in pygame_rules.GAME_IDS:
            req.rules = rules
        else:
            req.messages.append(f"There are no rules for an unknown game ({_short(rules)!r}).")

    learn = values.get("learn")
    if learn is not None:
        if learn in pygame_rules.GAME_IDS:
            req.learn = learn
            text = values.get("step", "0")
            step = whole_number(text, MAX_LESSON_STEP)
            if step is None:
                req.messages.append(
                    f"A lesson's step is a whole number up to {MAX_LESSON_STEP}; "
                    f"{_short(text)!r} was ignored, so the lesson starts from its beginning."
                )
            req.step = step or 0
        else:
            req.messages.append(f"There is no lesson for an unknown game ({_short(learn)!r}).")

    game_id = values.get("game")
    if game_id is None:
        return req
    if game_id not in pygame_rules.GAME_IDS:
        req.messages.append(f"Unknown game {_short(game_id)!r}: pick one from the lobby.")
        return req
    game = pygame_rules.get_game(game_id)  # only the linked game's module is imported
    req.game_id = game_id

    if "players" in values:
        text = values["players"]
        players = whole_number(text, game.max_players)
        if players is not None and players >= game.min_players:
            req.players = players
        else:
            req.messages.append(
                f"{game.title} is for {players_phrase(game.min_players, game.max_players)}, "
                f"so {_short(text)!r} was replaced by {game.default_players}."
            )
    if "seed" in values:
        text = values["seed"]
        req.seed = whole_number(text, MAX_SEED)
        if req.seed is None:
            req.messages.append(f"The seed must be a whole number; {_short(text)!r} was ignored.")
    if "level" in values:
        if values["level"] in PLAYER_LEVELS:
            req.level = values["level"]
        else:
            req.messages.append(f"Unknown bot level {_short(values['level'])!r}; using Normal.")
    for option in game.options:
        key = f"opt-{option.name}"
        if key in values:
            text = values[key]
            if text in ("0", "1"):
                req.options[option.name] = text == "1"
            else:
                req.messages.append(f"The option {option.label!r} takes 0 or 1; using default.")
    _read_people(req, game, values)
    for key in names:
        if key not in KNOWN and not any(key == f"opt-{o.name}" for o in game.options):
            req.messages.append(f"The setting {_short(key)!r} is not known and was ignored.")
    if "daily" in values and _read_daily(req, game, values, names, today):
        return req
    if "show" in values:
        _read_view(req, game, values)
        return req
    req.start = "seed" in values or "players" in values
    if values.get("moves"):
        _read_moves(req, game, values["moves"])
    return req


def _read_daily(
    req: LinkRequest, game: pygame_rules.Game, values: dict[str, str], names: list[str], today: str
) -> bool:
    """Read a deal of the day's link (`daily=1`, today's; `daily=2026-11-28`): its deal at
    the game's standard player count and `DAILY_LEVEL`, whatever else the link says. False
    (and a message) when the date cannot be read: the rest of the link counts then."""
    text = values["daily"]
    date = valid_date(today) if text == "1" else valid_date(text)
    if date is None:
        req.messages.append(
            "A deal of the day is daily=1 (today's) or a date such as 2026-11-28; "
            f"{_short(text)!r} was ignored."
        )
        return False
    if valid_date(today) and date > today:
        req.messages.append(f"The deal of {date} is not out yet: today's is dealt instead.")
        date = today
    own = ("players", "seed", "level", "moves", "show")
    given = [k for k in names if k in own or k.startswith("opt-") or k.startswith(PERSON)]
    if given:
        req.messages.append(
            "A deal of the day has its own deal, players and bots: "
            f"{_short(', '.join(given))} ignored."
        )
    req.daily = date
    req.players, req.seed, req.level = game.default_players, daily_seed(game.id, date), DAILY_LEVEL
    req.options, req.people, req.history, req.start = {}, {}, None, True
    return True


def daily_link(game_id: str, date: str) -> str:
    """The query string of `game_id`'s deal of `date` (`parse_link` reads it as `daily`)."""
    return f"?game={game_id}&daily={date}"


def _read_people(req: LinkRequest, game: pygame_rules.Game, values: dict[str, str]) -> None:
    """Read a pass-and-play link's people (`person1=Ann&person3=Bob`); when they cannot sit
    at this table, a message, and the game is one player's against bots."""
    players = req.players or game.default_players
    named = [(n - 1, values[f"{PERSON}{n}"]) for n in range(1, 6) if f"{PERSON}{n}" in values]
    if not named:
        return
    people = {seat: clean_name(name) or f"Player {seat + 1}" for seat, name in named}
    people.setdefault(0, "Player 1")
    problem = name_problem([people[seat] for seat in sorted(people)])
    if any(seat >= players for seat in people):
        problem = f"a person's seat is past the table's {players} players"
    elif len(people) < 2:
        problem = "one person plays alone, with no name"
    if problem:
        req.messages.append(f"The link's people were ignored ({problem}).")
    else:
        req.people = people


def _read_view(req: LinkRequest, game: pygame_rules.Game, values: dict[str, str]) -> None:
    """Read an embedded hand's or puzzle's link (`show=`, ui/share/embeds.py): its moves,
    all of them (`n` says how many: a link cut short says so), and where it opens; else
    `req.view_problem` says in plain words why it cannot be shown."""
    view = values["show"]
    if view not in VIEWS:
        req.view_problem = f"An embedded view {_short(view)!r} is not one of {', '.join(VIEWS)}."
        return
    problem = _view_problem(req, game, values, view)
    if problem:
        req.history = None
        req.view_problem = f"This {view} cannot be shown: {problem}."
    else:
        req.view = view


def _view_problem(
    req: LinkRequest, game: pygame_rules.Game, values: dict[str, str], view: str
) -> str:
    """What is wrong with an embedded view's link ("" when nothing is)."""
    if req.seed is None:
        return "the link has no deal number"
    count = whole_number(values.get("n", ""), MAX_MOVES_TEXT)
    text = values.get("moves", "")
    if count is None or len(text) > MAX_MOVES_TEXT:
        return "the link is cut short or damaged"
    try:
        players = req.players or game.default_players
        req.history = decode_moves(game.id, players, req.seed, req.options, text)
    except ValueError as exc:
        return f"the link is cut short or damaged ({exc})"
    moves = len(req.history)
    if moves != count:
        return f"the link is cut short: it holds {moves} of its {count} moves"
    start = whole_number(values.get("from", "0"), moves)
    at = whole_number(values.get("at", "0"), moves)
    if start is None or at is None or start + at > moves:
        return "where it starts is not one of its moves"
    if view == "puzzle" and (start + at == moves or req.history[start + at][0] != 0):
        return "its question is not a move of the player's"
    req.view_from, req.view_at = start, at
    return ""


def _read_moves(req: LinkRequest, game: pygame_rules.Game, text: str) -> None:
    """Decode a position link's moves into `req.history`; when they cannot be replayed, a
    message, and the game starts at the beginning of the deal (nothing else changes)."""
    if req.seed is None:
        req.messages.append("A link to a position needs its deal number; its moves were ignored.")
        return
    if len(text) > MAX_MOVES_TEXT:
        problem = "there are too many of them"
    else:
        players = req.players or game.default_players
        try:
            req.history = decode_moves(game.id, players, req.seed, req.options, text)
            return
        except ValueError as exc:
            problem = str(exc)
    req.messages.append(
        f"The link's moves could not be replayed ({problem}), so the game starts at the "
        "beginning of the deal."
    )


def _choices(state: Any) -> list[list[Any]]:
    """Every move that can be made now, as [seat, action]: each acting seat in turn (several
    at a simultaneous choice), its legal actions in the engine's order."""
    out: list[list[Any]] = []
    for seat in state.acting():
        for action in state.legal_actions(seat):
            out.append([seat, action])
    return out


def _width(count: int) -> int:
    """How many digits a move takes at a step with `count` choices (at least one)."""
    width = 1
    while len(MOVE_DIGITS) ** width < count:
        width += 1
    return width


class MoveCoder:
    """The `moves=` text of a game's history, built move by move: each move is its index
    among the step's choices (`_choices`), in MOVE_DIGITS, `_width` digits, most
    significant first. Deterministic: the same game and moves give the same text."""

    def __init__(self, game_id: str, players: int, seed: int, options: dict[str, Any]) -> None:
        self.state = pygame_rules.get_game(game_id).new_game(players, seed, dict(options))
        self.parts: list[str] = []

    def extend(self, history: list[list[Any]]) -> str:
        """Encode the moves of `history` not encoded yet (it only ever grows); the text.
        ValueError when a move is not one the game allows."""
        base = len(MOVE_DIGITS)
        for seat, action in history[len(self.parts) :]:
            choices = _choices(self.state)
            index = -1
            for i, choice in enumerate(choices):
                if choice[0] == seat and choice[1] == action:
                    index = i
                    break
            if index < 0:  # the same action from JSON (lists for tuples): compare as JSON
                wanted = canonical_json([seat, action])
                for i, choice in enumerate(choices):
                    if canonical_json(choice) == wanted:
                        index = i
                        break
            if index < 0:
                raise ValueError(f"move {len(self.parts) + 1} is not allowed there")
            digits = ""
            for _ in range(_width(len(choices))):
                digits = MOVE_DIGITS[index % base] + digits
                index //= base
            self.state.apply(seat, action)
            self.parts.append(digits)
        return "".join(self.parts)


def encode_moves(
    game_id: str, players: int, seed: int, options: dict[str, Any], history: list[list[Any]]
) -> str:
    """A game's moves as a position link's `moves=` text (see MoveCoder)."""
    return MoveCoder(game_id, players, seed, options).extend(history)


def decode_moves(
    game_id: str, players: int, seed: int, options: dict[str, Any], text: str
) -> list[list[Any]]:
    """The moves ([seat, action] each) a `moves=` text stands for, checked by playing them
    from the deal's start; ValueError says in plain words what is wrong (never quoting the
    text)."""
    state = pygame_rules.get_game(game_id).new_game(players, seed, dict(options))
    base = len(MOVE_DIGITS)
    history: list[list[Any]] = []
    at = 0
    while at < len(text):
        number = len(history) + 1
        choices = _choices(state)
        if not choices:
            raise ValueError(f"the game is over after move {number - 1}, and more moves follow")
        width = _width(len(choices))
        digits = text[at : at + width]
        if len(digits) < width:
            raise ValueError(f"move {number} is cut short")
        index = 0
        for digit in digits:
            value = MOVE_DIGITS.find(digit)
            if value < 0:
                raise ValueError(f"move {number} is not written as a move")
            index = index * base + value
        if index >= len(choices):
            raise ValueError(f"move {number} is not allowed there")
        seat, action = choices[index]
        try:
            state.apply(seat, action)
        except Exception as exc:  # the engine offered it: a bug, but never a broken page
            raise ValueError(f"move {number} could not be played ({exc})") from None
        history.append([seat, action])
        at += width
    return history


def link_continues(req: LinkRequest, save: Any) -> bool:
    """Whether `save` is the game a starting link asks for, so that reloading the link
    resumes that game instead of dealing it again. What the link leaves out (the seed,
    the level, an option) matches anything; players default as when starting."""
    try:
        check_save(save)
    except SaveError:
        return False
    if req.game_id != save["game"]:
        return False
    if req.history is not None and canonical_json(save["history"]) != canonical_json(req.history):
        return False  # a position link: only the very same position goes on at once
    if req.daily != valid_date(save.get("daily")):
        return False  # a deal of the day goes on only as that day's
    game = pygame_rules.get_game(req.game_id)
    saved_options = save.get("options") or {}
    try:
        people = saved_people(save) or {}
    except SaveError:
        return False
    return (
        save["players"] == (req.players or game.default_players)
        and people == req.people
        and req.seed in (None, save["seed"])
        and req.level in (None, save.get("level", "normal"))
        and all(saved_options.get(name) == value for name, value in req.options.items())
    )


def link_for(deal: Deal) -> str:
    """The shareable query string that deals `deal` (the inverse of parse_link; a deal of
    the day's is `daily_link`)."""
    parts = [f"game={deal.game_id}", f"players={deal.players}", f"seed={deal.seed}"]
    parts += [f"level={deal.level}"]
    parts += [f"opt-{k}={int(bool(v))}" for k, v in sorted(deal.options.items())]
    parts += [f"{PERSON}{seat + 1}={quote(name)}" for seat, name in sorted(deal.people.items())]
    return "?" + "&".join(parts)


UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"


def quote(text: str) -> str:
    """`text` as a query value: UTF-8, every byte but the unreserved ones as %XX (MicroPython
    has no urllib; `_unquote` reads it back)."""
    return "".join(chr(b) if chr(b) in UNRESERVED else f"%{b:02X}" for b in text.encode())


def lesson_link(game_id: str, step: int) -> str:
    """The query string of a lesson's table after `step` of its moves (a reload's way back
    to it: `parse_link` reads it as `learn` and `step`)."""
    return f"?learn={game_id}" + (f"&step={step}" if step else "")


def deal_link(s: Session) -> str:
    """The query string that deals `s`'s game again (and resumes it when it is saved)."""
    if s.daily:
        return daily_link(s.game_id, s.daily)
    return link_for(s.deal())


def position_link(s: Session, coder: MoveCoder | None = None) -> str:
    """The query string of `s`'s deal at its current move (`coder`: one kept for `s`, so
    each call encodes only the moves made since the last)."""
    coder = coder or MoveCoder(s.game_id, s.players, s.seed, s.options)
    moves = coder.extend(s.history)
    deal = link_for(s.deal())  # never a deal of the day's link: it names no moves
    return deal + (f"&moves={moves}" if moves else "")
