"""The screens of choices before a game: its setup (players, bots, options, the embed
code), and the question when a new game would replace a saved one."""

from __future__ import annotations

import pygame_rules
from pygame_rules.words import plural
from ui.play.session import LEVEL_HELP, LEVEL_NAMES, MAX_NAME, PLAYER_LEVELS
from ui.screens.lobby import progress
from ui.tables.widgets import ui_button
from ui.vdom import El, h

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
    the game's guided deal, ui/lessons/). `embed_url` (the full app only) adds the embed
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
        h(
            "p",
            {"class": "learn-offer"},
            "Today's deal, the same for everyone (Normal bots): ",
            ui_button("daily", "Deal of the day", value=game.id),
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
            people_box(game) if game.max_players > 1 else None,
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


def people_box(game: pygame_rules.Game) -> El:
    """Pass and play: which seats are people at this device (the first always is) and
    their names; bots take the others. Seats past the chosen number of players are hidden
    (the CSS reads the players' radio buttons) and ignored."""
    rows = []
    for seat in range(game.max_players):
        number = seat + 1
        person: El = (
            h("span", {}, "Seat 1: you")
            if seat == 0
            else h(
                "label",
                {"class": "choice"},
                h("input", {"type": "checkbox", "name": f"person-{number}"}),
                h("span", {}, f"Seat {number}: a person"),
            )
        )
        name = h(
            "input",
            {
                "type": "text",
                "name": f"name-{number}",
                "maxlength": MAX_NAME,
                "autocomplete": "off",
                "placeholder": f"Player {number}",
                "aria-label": f"Seat {number}'s name",
            },
        )
        rows.append(h("div", {"class": "seat-row", "data-seat": number}, person, name))
    return h(
        "details",
        {"class": "people-box"},
        h("summary", {}, "Pass and play (friends at this device)"),
        h(
            "p",
            {},
            "Tick the seats that friends take and name everyone: the device is passed "
            "round, and each hand stays hidden until its player taps. Bots take the rest.",
        ),
        rows,
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
