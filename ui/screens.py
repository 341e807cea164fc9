"""Screens shared by every game: setup, the table frame, game over, the resume box."""

from __future__ import annotations

import json

import pygame_rules
from pygame_rules.words import plural

from . import tables
from .games import table_for
from .lessons import LessonSession
from .review import hand_word
from .review_screen import add_last_trick, review_bar
from .saves import EARLIER
from .session import LEVEL_HELP, LEVEL_NAMES, PLAYER_LEVELS, SaveError, Session, check_save
from .vdom import El, h
from .widgets import action_json, log_panel, ui_button

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def embed_snippet(embed_url: str) -> str:
    """The <iframe> a blog author pastes; the host script in the README sizes it."""
    return (
        f'<iframe src="{embed_url}" title="Card game" loading="lazy" '
        # the share panel's Copy link and Share… (a frame has neither unless allowed)
        'allow="clipboard-write; web-share" '
        'style="width:100%;max-width:480px;height:420px;border:0"></iframe>'
    )


def embed_box(embed_url: str) -> El:
    """ "Embed this game": the <iframe> code for a blog post, to copy."""
    return h(
        "details",
        {"class": "embed-box"},
        h("summary", {}, "Embed this game"),
        h(
            "p",
            {},
            "Paste this into a blog post: readers play in the frame, and nothing heavy "
            "loads until they press Play. The README has a script that sizes the frame.",
        ),
        h(
            "textarea",
            {"id": "embed-code", "readonly": True, "rows": 3, "aria-label": "Embed code"},
            embed_snippet(embed_url),
        ),
        ui_button("copy-embed", "Copy embed code"),
    )


def setup_screen(
    game: pygame_rules.Game,
    embed_url: str | None = None,
    resume: El | None = None,
    learn: bool = True,
) -> El:
    """Players, bot level and the game's options, then Start (or `learn`: Learn by playing,
    the game's guided deal, ui/lessons.py). `embed_url` (the full app only) adds the embed
    code and the way back to the lobby; `resume` offers a saved game (in an embedded frame,
    which has no lobby)."""
    bots = game.min_players - 1  # a game for a fixed number of players: say how many bots
    bots_words = "a bot" if bots == 1 else plural(bots, "bot")
    player_choices = [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {
                    "type": "radio",
                    "name": "players",
                    "value": n,
                    "checked": n == game.default_players,
                },
            ),
            h("span", {}, f"{n} players"),
        )
        for n in range(game.min_players, game.max_players + 1)
    ]
    level_choices = [
        h(
            "label",
            {"class": "choice"},
            h(
                "input",
                {"type": "radio", "name": "level", "value": level, "checked": level == "normal"},
            ),
            h("span", {}, h("strong", {}, LEVEL_NAMES[level]), " — ", LEVEL_HELP[level]),
        )
        for level in PLAYER_LEVELS
    ]
    option_choices = [
        h(
            "label",
            {"class": "choice"},
            h("input", {"type": "checkbox", "name": f"opt-{o.name}", "checked": bool(o.default)}),
            h("span", {}, h("strong", {}, o.label), f" — {o.help}" if o.help else ""),
        )
        for o in game.options
    ]
    return h(
        "section",
        {"class": "setup", "aria-labelledby": "setup-title"},
        h("h2", {"id": "setup-title", "tabindex": "-1"}, game.title),
        h("p", {"class": "designer"}, f"by {game.designer}"),
        h("p", {}, game.pitch),
        h(
            "p",
            {"class": "learn-offer"},
            "New to it? Play a guided first deal: ",
            ui_button("learn", "Learn by playing", value=game.id),
        )
        if learn
        else None,
        h("div", {"id": "resume"}, resume) if resume is not None else None,
        h(
            "form",
            {"id": "setup-form", "class": "setup-form"},
            h("fieldset", {}, h("legend", {}, "Players (you and bots)"), player_choices)
            if game.min_players != game.max_players
            else h(
                "fieldset",
                {},
                h("legend", {}, "Players"),
                h(
                    "label",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": "players",
                            "value": game.min_players,
                            "checked": True,
                        },
                    ),
                    h("span", {}, f"{game.min_players} players: you against {bots_words}"),
                ),
            ),
            h("fieldset", {}, h("legend", {}, "Bots"), level_choices),
            h("fieldset", {}, h("legend", {}, "Options"), option_choices)
            if option_choices
            else None,
            h(
                "details",
                {},
                h("summary", {}, "Deal number (optional)"),
                h(
                    "label",
                    {"class": "choice"},
                    h("span", {}, "Deal number "),
                    h(
                        "input",
                        {
                            "type": "text",
                            "name": "seed",
                            "inputmode": "numeric",
                            "pattern": "[0-9]*",
                            "autocomplete": "off",
                            "aria-label": "Deal number (leave empty for a random deal)",
                        },
                    ),
                ),
            ),
        ),
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("start", "Start game", cls="btn primary"),
            ui_button("rules", "Rules", value=game.id),
            ui_button("lobby", "Back to games") if embed_url else None,
        ),
        embed_box(embed_url) if embed_url else None,
    )


def conflict_screen(
    save: Any,
    game: pygame_rules.Game,
    restorable: bool,
    linked: bool = True,
    back: str | None = None,
) -> El:
    """Before a new game of `game` (a link's, or the setup form's: `linked` False) replaces
    its unfinished saved game, or one that cannot be restored (`restorable` False:
    unreadable, or its moves no longer replay): ask. `back` labels a way back, if any."""
    name = f"{game.title} ({game.designer})"  # two games are called Magic Trick
    starting = "the linked game" if linked else "a new game"
    if not restorable or save.get("game") != game.id:  # (each game keeps its own save)
        starting = f"{starting} of {name}"
    if not restorable:
        text = (
            "A saved game could not be read (it is damaged or from another version). "
            f"Starting {starting} replaces it: export it first to keep it."
        )
        resume = None
    else:
        kept = pygame_rules.get_game(save["game"])
        text = (
            f"You have a game of {kept.title} ({kept.designer}) in progress "
            f"({progress(save)}). Starting {starting} ends it."
        )
        resume = ui_button("resume", "Resume my game", value=game.id, cls="btn primary")
    label = "Start the linked game" if linked else "Start a new game"
    start = ui_button(
        "start-link" if linked else "start-new",
        label,
        cls="btn" if resume else "btn primary",
    )
    return h(
        "section",
        {"class": "setup link-conflict", "aria-labelledby": "conflict-title"},
        h("h2", {"id": "conflict-title", "tabindex": "-1"}, "A game is in progress"),
        h("p", {}, text),
        h(
            "div",
            {"class": "setup-buttons"},
            resume,
            start,
            ui_button("export-save", "Export save", value=game.id),
            ui_button("lobby", back) if back else None,
        ),
    )


def table_screen(session: Session, view: tables.TableView, over: El | None, speed: str) -> El:
    """The frame around a game's own table: title bar, the table, the log."""
    game_table = table_for(session.game_id)
    game = session.game
    status = turn_text(session, view)
    board = game_table.render(view)
    add_last_trick(board, session, view.local.get("last_trick"))
    return h(
        "div",
        {
            "class": f"table-screen game-{game.id}",
            "data-game": game.id,
            # test hook: present while a bot still has to move ("continue": once the player
            # has continued from a finished trick or hand)
            "data-waiting": "continue"
            if session.awaiting_continue
            else "bots"
            if session.next_bot() is not None
            else None,
        },
        h(
            "header",
            {"class": "table-bar"},
            h("h2", {"class": "table-title"}, game.title),
            h("span", {"class": "turn-status"}, status),
            h(
                "span",
                {"class": "table-buttons"},
                # Short words, so the four fit one row of a phone (the hand needs the height).
                ui_button("hint", "Hint", cls="btn small", aria_label="Hint: what would a bot do?")
                if view.legal
                else None,
                ui_button("rules", "Rules", value=game.id, cls="btn small"),
                ui_button("share", "Link", cls="btn small", aria_label="Link: share this game"),
                take_back_button(session),
                ui_button("lobby", "Leave", cls="btn small"),
            ),
        ),
        over,
        confirm_take_back(view.local.get("confirm_undo")),
        continue_bar(hand_word(session.game_id) if session.move_ends[-1:] == ["hand"] else "")
        if session.awaiting_continue
        else None,
        board,
        review_bar(session),
        log_panel(session.log),
    )


def take_back_button(session: Session) -> El:
    """Undo: its title says what it would take back, or why there is nothing to; a take-back
    that would hide something already shown asks first (`confirm_take_back`)."""
    button = ui_button("undo", "Undo", cls="btn small", aria_label="Take back your last move")
    refusal = session.take_back_refusal()
    button.attrs["title"] = refusal or "Take back your last move (and the bots' moves since)"
    if refusal:
        button.attrs["aria-disabled"] = "true"
    return button


def confirm_take_back(words: str | None) -> El | None:
    """The question before a take-back that makes the game practice."""
    if not words:
        return None
    return h(
        "div",
        {"class": "continue-bar undo-bar", "role": "alertdialog", "aria-label": "Take back"},
        h("p", {}, words),
        ui_button("undo-confirm", "Take back (practice)", cls="btn primary"),
        ui_button("undo-cancel", "Keep playing", cls="btn"),
    )


def continue_bar(hand_over: str = "") -> El:
    """The bots wait at a finished trick or hand until the player has looked at it; a
    finished hand (`hand_over`: what the game calls it) can be reviewed move by move
    (`ui/review_screen.py`)."""
    return h(
        "div",
        {"class": "continue-bar", "role": "status"},
        h("p", {}, "The bots wait while you look at the table."),
        ui_button("review", f"Review this {hand_over}", value="hand", cls="btn")
        if hand_over
        else None,
        ui_button("continue", "Continue", cls="btn primary"),
    )


def table_view(
    session: Session,
    local: dict[str, Any],
    thinking: int | None = None,
    reduced_motion: bool = False,
) -> tables.TableView:
    """What a game's table is drawn from: the human's observation and legal moves, the
    page's own UI state (`local`), and the bot seat about to move (`thinking`)."""
    return tables.TableView(
        game=session.game,
        obs=session.observation(),
        legal=session.human_legal(),
        names=session.names,
        human=session.human,
        local=local,
        thinking=thinking,
        reduced_motion=reduced_motion,
    )


def _first_strong(el: El, in_prompt: bool) -> El | None:
    for child in el.children:
        if isinstance(child, El):
            if in_prompt and child.tag == "strong":
                return child
            found = _first_strong(child, in_prompt or child.has_class("prompt"))
            if found is not None:
                return found
    return None


def prompt_text(tree: El) -> str:
    """What the human is asked to do now: the text of the first `.prompt strong` ("")."""
    strong = _first_strong(tree, tree.has_class("prompt"))
    return strong.text() if strong is not None else ""


class Announcer:
    """What a screen reader is told (through #announcer) after each redraw: the log's new
    lines, then the prompt if it changed. The table is rebuilt on every render, so its own
    nodes cannot be live regions (a region inserted with its text is not read)."""

    def __init__(self, told: int = 0) -> None:
        self.lines_told = max(0, told)  # lines of the log
        self.prompt_told = ""

    def news(self, log: list[str], prompt: str) -> str:
        """What is new since the last call ("" when nothing is)."""
        lines = log[self.lines_told :]
        self.lines_told = len(log)
        if prompt != self.prompt_told:
            self.prompt_told = prompt
            lines = lines + [prompt] if prompt else lines
        return " ".join(lines)


def mark_hint(tree: El, hint: dict[str, Any], reason: str) -> str:
    """Show a hint in `tree`: class `hinted` on the first control of the hinted move, and
    the words, with the reason, in a `.hint-note` under the first `.prompt` (beside the
    controls: on a phone the page's top is out of sight). The words when there is no
    prompt to put them under, else ""."""
    wanted = action_json(hint)
    because = f" Why: {reason}." if reason else ""
    hinted = tree.first(lambda el: el.attrs.get("data-action") == wanted)
    if hinted is not None:
        hinted.attrs["class"] = f"{hinted.attrs.get('class', '')} hinted".strip()
        text = f"Hint: a Normal bot would play the highlighted move.{because}"
    else:
        text = f"Hint: a Normal bot would choose {describe_action(hint)}.{because}"
    prompt = tree.first(lambda el: el.has_class("prompt"))
    if prompt is None:
        return text
    prompt.children.append(h("p", {"class": "hint-note"}, text))
    return ""


def turn_text(session: Session, view: tables.TableView) -> str:
    if isinstance(session, LessonSession) and session.done():
        return "Lesson done"
    practice = " (practice)" if session.practice else ""
    if session.is_over():
        return "Game over" + practice
    if view.legal:
        return "Your move" + practice
    names = ", ".join(session.names[s] for s in session.waiting_for())
    return f"Waiting for {names}…{practice}"


def describe_action(action: dict[str, Any]) -> str:
    """Plain words for an action that has no control on screen (rare)."""
    parts = [str(action.get("type", "move"))]
    parts += [f"{k} {action[k]}" for k in sorted(action) if k != "type"]
    return ", ".join(parts)


def game_over_screen(session: Session, view: tables.TableView) -> El:
    """Final scores (`data-score` on each total), the winners, play again."""
    scores = session.scores()
    winners = session.winners()
    names = session.names
    if session.human in winners:
        headline = "You win!" if len(winners) == 1 else "You share the win!"
    else:
        headline = " and ".join(names[w] for w in winners) + (
            " wins" if len(winners) == 1 else " share the win"
        )
    game_table = table_for(session.game_id)
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))  # mpy-total-key
    rows = [
        h(
            "tr",
            {"class": "winner" if s in winners else None},
            h("th", {"scope": "row"}, names[s] + (" ★" if s in winners else "")),
            h("td", {"data-score": scores[s], "data-seat": s}, tables.number(scores[s])),
        )
        for s in order
    ]
    return h(
        "section",
        {
            "class": "game-over",
            "data-testid": "game-over",
            "aria-labelledby": "game-over-title",
            # test hook: the finished game's setup and moves, to replay in the engine
            "data-record": json.dumps(session.to_save(), separators=(",", ":")),
        },
        h("h2", {"id": "game-over-title", "tabindex": "-1"}, f"Game over — {headline}"),
        h("p", {"class": "practice-note"}, "A practice game: it does not count in your statistics.")
        if session.practice
        else None,
        h(
            "table",
            {"class": "score-table"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "Player"),
                    h("th", {"scope": "col"}, game_table.score_heading),
                ),
            ),
            h("tbody", {}, rows),
        ),
        # Before the game's own details (Wray's 16-row sheet pushed it off a desktop screen).
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("again", "Play again", cls="btn primary"),
            ui_button("review", "Review the game", value="game"),
            ui_button("lobby", "Back to games"),
        ),
        game_table.final_details(view),
    )


def progress(save: Any) -> str:
    """How far a saved game (of a checked shape) is: "3 players, 12 moves"."""
    return f"{plural(save['players'], 'player')}, {plural(len(save['history']), 'move')}"


def resume_box(save: Any, slot: str, confirming: bool = False, listed: bool = False) -> El:
    """The offer to resume the saved game in `slot` (a game id, or saves.EARLIER), with
    export and discard; or, `confirming`, the question before it is discarded. `listed`:
    one of the lobby's list (shorter words, smaller buttons). Nothing read from the save
    is shown but its game's name and numbers of a checked shape."""
    if save is None:
        return h("div", {})
    game_id = None if slot == EARLIER else slot
    game = pygame_rules.get_game(game_id) if game_id in pygame_rules.GAME_IDS else None
    try:
        check_save(save, game_id)
    except SaveError:
        shape_ok = False
    else:
        shape_ok = True
        game = pygame_rules.get_game(save["game"])
    # Two games share the title Magic Trick: the designer tells them apart.
    name = f"{game.title} ({game.designer})" if game is not None else ""
    value = slot if game_id is None else game_id
    btn = "btn small" if listed else "btn"
    if confirming:
        what = f"your game of {name}" if shape_ok else "this saved game"
        return h(
            "div",
            {"class": "resume confirming", "data-slot": slot},
            h(
                "p",
                {"class": "discard-question", "tabindex": "-1"},
                f"Discard {what}? It cannot be brought back.",
            ),
            ui_button("confirm-discard", "Discard it", value=value, cls=f"{btn} danger"),
            ui_button("cancel-discard", "Keep it", value=value, cls=f"{btn} primary"),
        )
    export = ui_button(
        "export-save",
        "Export save",
        value=value,
        cls=btn,
        aria_label=f"Export save of {name}" if name else None,
    )
    discard = ui_button(
        "discard-save",
        "Discard…",
        value=value,
        cls=btn,
        aria_label=f"Discard {name}" if name else None,
    )
    if not shape_ok or game_id is None:
        if shape_ok:  # an earlier version's save, left because its game has a newer one
            words = (
                f"an older game ({progress(save)}), saved by an earlier version of this app "
                "and kept apart from your game in progress. Export it to keep it."
            )
        else:
            words = (
                "could not be read (it is damaged or from another version). It is kept so "
                "you can export it."
            )
        if listed or shape_ok:
            text = [h("strong", {}, name or "A saved game"), ": ", words]
        else:
            text = ["A saved game", f" of {name} " if name else " ", words]
        return h(
            "div",
            {"class": "resume broken", "role": "alert", "data-slot": slot},
            h("p", {}, text),
            export,
            discard,
        )
    if listed:
        text = [h("strong", {}, name), f": {progress(save)} so far"]
    else:
        text = [f"You have a game of {name} in progress ({progress(save)})."]
    return h(
        "div",
        {"class": "resume", "data-slot": slot},
        h("p", {}, text),
        ui_button(
            "resume", "Resume", value=value, cls=f"{btn} primary", aria_label=f"Resume {name}"
        ),
        export,
        discard,
    )


def saved_games(entries: list[tuple[str, Any]], confirming: str | None = None) -> El:
    """The lobby's list of saved games, one per game: (slot, save) as `Saves.entries`
    gives them; `confirming` is the slot whose discard is being asked about."""
    if not entries:
        return h("div", {})
    title = "Your game in progress" if len(entries) == 1 else "Your games in progress"
    return h(
        "section",
        {"class": "saved-games", "aria-labelledby": "saved-title"},
        h("h3", {"id": "saved-title"}, title),
        [resume_box(save, slot, slot == confirming, listed=True) for slot, save in entries],
    )


def stats_box(stats: dict[str, Any]) -> El:
    """Per-game statistics on this device, with export and import as a JSON file."""
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, f"{g.title} ({g.designer})"),
            h("td", {}, str(stats.get(g.id, {}).get("played", 0))),
            h("td", {}, str(stats.get(g.id, {}).get("won", 0))),
            h(
                "td",
                {},
                "–" if stats.get(g.id, {}).get("best") is None else str(stats[g.id]["best"]),
            ),
        )
        for g in pygame_rules.list_games()
    ]
    return h(
        "details",
        {"class": "stats"},
        h("summary", {}, "Your statistics on this device"),
        h(
            "div",
            {"class": "table-scroll"},
            h(
                "table",
                {"class": "score-table"},
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        [
                            h("th", {"scope": "col"}, x)
                            for x in ("Game", "Played", "Won", "Best score")
                        ],
                    ),
                ),
                h("tbody", {}, rows),
            ),
        ),
        h(
            "div",
            {"class": "setup-buttons"},
            ui_button("export-stats", "Export statistics", cls="btn small"),
            h(
                "label",
                {"class": "btn small file-button"},
                "Import statistics",
                h(
                    "input",
                    {
                        "type": "file",
                        "id": "stats-import",
                        "accept": "application/json",
                        "class": "visually-hidden",
                    },
                ),
            ),
        ),
    )
