"""The page around the game's drawing: its screen and regions, notices and errors, focus and
scrolling, the address, performance marks, the setup form, the rules dialog, the clipboard,
the share sheet and downloads. The rest of ui/ reaches the page only through these, the
drawing through `ui/runtime/dom.py`'s `mount`."""

from __future__ import annotations

from ui.runtime.browser import (
    WITH_PYSCRIPT,
    bring_into_view,
    document,
    next_task,
    now,
    to_js,
    window,
)
from ui.runtime.browser import focus as focus_node
from ui.runtime.dom import by_id, mount, set_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ui.vdom import El

__all__ = ["WITH_PYSCRIPT", "by_id", "next_task", "now", "set_text"]


# -- the screen -------------------------------------------------------------------------
def show_screen(title: str) -> None:
    """Show #screen in place of the lobby, under the page title `title`."""
    by_id("lobby").hidden = True
    by_id("screen").hidden = False
    document.title = title


def show_lobby(title: str) -> None:
    """Show the lobby in place of #screen (and drop static/js/host.js's boot mark)."""
    by_id("screen").hidden = True
    document.documentElement.removeAttribute("data-boot")
    by_id("lobby").hidden = False
    document.title = title


def draw_screen(tree: El) -> None:
    """Make #screen show `tree` (redrawn in place: `mount`)."""
    mount(by_id("screen"), tree)


def draw_into(element_id: str, tree: El) -> bool:
    """Make the element `element_id` show `tree`; False when the page has no such element."""
    node = by_id(element_id)
    if not node:
        return False
    mount(node, tree)
    return True


def region(element_id: str, tag: str = "section", cls: str = "", role: str = "") -> Any:
    """The element `element_id`, made (hidden) on first use just above #screen: a panel that
    the screen's redraws leave alone."""
    node = by_id(element_id)
    if not node:
        node = document.createElement(tag)
        node.id = element_id
        if cls:
            node.className = cls
        if role:
            node.setAttribute("role", role)
        node.hidden = True
        screen = by_id("screen")
        screen.parentNode.insertBefore(node, screen)
    return node


def show_region(element_id: str, tree: El | None, **made: str) -> None:
    """Show `tree` in the region `element_id` (made on first use as `made` says: tag, cls,
    role, and `label`, the id of the element that names it); None hides it."""
    label = made.pop("label", "")
    node = region(element_id, **made)
    if tree is None:
        node.hidden = True
        return
    if label:
        node.setAttribute("aria-labelledby", label)
    mount(node, tree)
    node.hidden = False


def is_shown(element_id: str) -> bool:
    node = by_id(element_id)
    return bool(node) and not node.hidden


def contains_focus(element_id: str) -> bool:
    node = by_id(element_id)
    return bool(node) and bool(node.contains(document.activeElement))


def mark_state(state: str) -> None:
    """The test hook `<body data-app-state="loading|ready|error">`."""
    document.body.setAttribute("data-app-state", state)


def modules_missing(every_game: bool) -> bool:
    """Whether part of the app is not in the interpreter's files yet: a page whose address
    names one game's table boots with that game's modules and the app's core only
    (static/js/host.js, app-files.js). The rest of the app's (tasks.py REST_MODULES), and
    with `every_game` the other games' too."""
    return window is not None and int(window.appModules.missing(every_game)) > 0


async def load_modules(every_game: bool) -> None:
    """Fetch what `modules_missing` counts and write it into the interpreter's files
    (static/js/app-files.js offerModules); a failed download raises."""
    if modules_missing(every_game):
        await window.appModules.load(every_game)


def is_embedded() -> bool:
    """Whether this is the compact embed page (embed.html) in a blog's frame."""
    return document.body.getAttribute("data-mode") == "embed"


def embed_start() -> str:
    """How the reader started an embedded frame (static/js/embed.js): "play" (Play: their
    game here, else a new one), "setup" (Choose settings), "resume" (the host page was
    reloaded while the frame was at its table); "" outside a frame."""
    value = document.body.getAttribute("data-embed-start")
    return value if isinstance(value, str) else ""  # JS null arrives as JsNull


def table_on_reload(place: str | None) -> None:
    """In an embedded frame: where a reload of the host page boots the frame (`place`, the
    app's words: its saved game, or its lesson so far); None: at its start screen. The
    frame's address is the host page's, so static/js/embed.js keeps it in the tab's
    sessionStorage."""
    window.tableOnReload(place)


def table_to_resume() -> str:
    """In an embedded frame booted by a reload: the `place` it was at ("" when none)."""
    value = window.tableToResume()
    return value if isinstance(value, str) else ""


def reduced_motion() -> bool:
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


# Where a table is short of room (a phone upright or on its side, a short frame or window),
# each seat shows its summary only: app.css hides its rows (`.seat > .seat-more`) under
# this query, written the same there (tests/test_static_css.py checks).
SUMMED_SEATS = "(max-width: 759px), (max-height: 759px) and (max-width: 1199px)"
_summed: list[Any] = []  # its MediaQueryList, made once


def summed_seats_query() -> Any:
    """`SUMMED_SEATS`'s MediaQueryList (None without a page): `ui/runtime/events.py` listens
    to its changes."""
    if window is None:
        return None
    if not _summed:
        _summed.append(window.matchMedia(SUMMED_SEATS))
    return _summed[0]


def seats_summed() -> bool:
    """Whether the page's size is one where seats show their summary only (`SUMMED_SEATS`)."""
    query = summed_seats_query()
    return query is not None and bool(query.matches)


def play_sounds(names: list[str]) -> None:
    """Play the table's sounds `names` (ui/tables/kit.py: "card", "trick", "dice", "turn"),
    one after another: static/js/sound.js plays them if the player has sound on, and never
    before their first tap or key in the page."""
    play = getattr(window, "tableSound", None)
    if play is not None:
        play(" ".join(names))


def install_app() -> None:
    """Show the browser's own offer to install the app (static/js/boot.js kept it)."""
    install = getattr(window, "installApp", None)
    if install is not None:
        install()  # the button hides: the offer is used
        focus("[data-testid=game-over] [data-ui=again]")


# -- notices and errors -------------------------------------------------------------------
def notice(text: str) -> None:
    node = by_id("notice")
    node.textContent = text
    node.hidden = False


def hide_notice() -> None:
    by_id("notice").hidden = True


def set_note(element_id: str, text: str | None) -> None:
    """A line of the page's own (e.g. #engine-note): `text`, hidden when there is none."""
    node = by_id(element_id)
    if node:
        node.textContent = text or ""
        node.hidden = not text


def announce(text: str) -> None:
    """Tell a screen reader `text` (#announcer, a live region outside the redrawn screen)."""
    set_text("announcer", text)


def fail(exc: BaseException) -> None:
    window.console.warn(f"app error: {exc!r}")
    mark_state("error")
    notice(f"Something went wrong: {exc}. Your game is saved; reload to resume.")


# -- focus and scrolling ------------------------------------------------------------------
def focus(selector: str, scroll: str | None = None) -> bool:
    """Focus the first element `selector` finds (after a redraw took the focused one), and
    scroll it into view by `scroll` ("start", "nearest"; None: no scrolling); False if none."""
    node = document.querySelector(selector)
    if not node:
        return False
    if scroll is not None:
        bring_into_view(node, scroll)
    focus_node(node)
    return True


def scroll_into_view(selector: str, block: str = "nearest") -> bool:
    """Scroll the first element `selector` finds into view; False if none."""
    node = document.querySelector(selector)
    if not node:
        return False
    bring_into_view(node, block)
    return True


def exists(selector: str) -> bool:
    return bool(document.querySelector(selector))


def dialog_open() -> bool:
    return exists("dialog[open]")


# -- the address and the clock ---------------------------------------------------------------
def query() -> str:
    """The page address's query string (`?game=...`)."""
    return str(window.location.search)


def replace_address(url: str) -> None:
    """Make `url` the page's address without a reload (a reload then goes on from it)."""
    window.history.replaceState(None, "", url)


def app_url(query_text: str) -> str:
    """The full app's address with `query_text`: index.html's folder, embed.html's too."""
    return str(window.URL.new("./" + query_text, window.location.href).href)


def mark(name: str) -> None:
    window.performance.mark(name)


def measure(name: str, start: str) -> None:
    window.performance.measure(name, start)


def new_seed() -> int:
    return int(window.Math.floor(window.Math.random() * 1_000_000_000))


def today() -> str:
    """The device's local date as YYYY-MM-DD (the deal of the day's); the test hook
    `window.pygameToday` (a string, unset unless a test sets it) stands in for it."""
    hook = getattr(window, "pygameToday", None)
    if isinstance(hook, str):
        return hook
    day = window.Date.new()
    month, date = int(day.getMonth()) + 1, int(day.getDate())
    return f"{int(day.getFullYear()):04d}-{month:02d}-{date:02d}"


def think_limit_hook() -> Any:
    """The test hook `window.pygameThinkLimit` (undefined unless a test sets it)."""
    return getattr(window, "pygameThinkLimit", None)


def coach_budget_hook() -> dict[str, int]:
    """The test hooks `window.pygameCoachBudget` and `window.pygameCoachWorlds` (whole
    numbers: the coach's playouts and worlds per decision, small in tests); {} unless set."""
    found = {}
    for name, hook in (("budget", "pygameCoachBudget"), ("worlds", "pygameCoachWorlds")):
        value = getattr(window, hook, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            found[name] = value
    return found


# -- forms and fields -----------------------------------------------------------------------
def setup_choice(option_names: list[str]) -> tuple[int, str, dict[str, bool], str]:
    """The setup form's players, level, options (by name) and deal-number text, as set."""
    form = by_id("setup-form")
    players = int(form.querySelector("[name=players]:checked").value)
    level = str(form.querySelector("[name=level]:checked").value)
    options = {
        name: bool(form.querySelector(f"[name=opt-{name}]").checked) for name in option_names
    }
    return players, level, options, str(form.querySelector("[name=seed]").value)


def setup_people(seats: int) -> list[tuple[bool, str]]:
    """The setup form's pass and play: for each seat, whether a person takes it (the first
    always does) and the name typed ("" when none)."""
    form = by_id("setup-form")
    found = []
    for number in range(1, seats + 1):
        box = form.querySelector(f"[name=person-{number}]")
        name = form.querySelector(f"[name=name-{number}]")
        found.append((number == 1 or bool(box and box.checked), str(name.value) if name else ""))
    return found


def set_field(element_id: str, value: str) -> None:
    node = by_id(element_id)
    if node:
        node.value = value


def set_text_of(selector: str, text: str) -> None:
    node = document.querySelector(selector)
    if node:
        node.textContent = text


# -- the rules dialog ----------------------------------------------------------------------
def on_rules_closed(_event: Any) -> None:
    """Give focus back to the table's Rules button: the one that opened the dialog may
    have been redrawn while it was open (bots move behind it), and the browser's own
    return of focus then fails, to <body>. The lobby is never redrawn under it."""
    active = document.activeElement
    lost = active.tagName == "BODY" or not active.isConnected
    if not lost and not by_id("rules-dialog").contains(active):
        return  # focus went somewhere real
    focus("#screen:not([hidden]) [data-ui=rules]")


async def open_rules(game_id: str, title: str) -> None:
    """The rules dialog with the game's rules page (our own static file, its path chosen
    from the registry's id, never from a URL's text)."""
    dialog = by_id("rules-dialog")
    set_text("rules-title", title)
    body = by_id("rules-body")
    response = await window.fetch(f"./static/rules/{game_id}.html")
    body.innerHTML = await response.text() if response.ok else "<p>Rules not found.</p>"
    if not dialog.open:
        dialog.showModal()
    dialog.scrollTop = 0  # new rules start at the top, not where the last ones were left


def close_rules() -> None:
    by_id("rules-dialog").close()


# -- the clipboard, the share sheet, files ---------------------------------------------------
async def copy_field(element_id: str, select_first: bool = False) -> bool:
    """Copy a text field's value; where the clipboard is refused, leave it selected to copy
    by hand (False). `select_first`: selected whatever happens (the embed code)."""
    field = by_id(element_id)
    if not field:
        return False
    if select_first:
        field.select()
    try:
        await window.navigator.clipboard.writeText(field.value)
    except Exception:  # no clipboard (plain http) or permission refused
        field.focus()
        field.select()
        return False
    return True


def can_share() -> bool:
    """Whether the browser has a system share sheet (the Web Share API)."""
    try:
        return bool(window.Reflect.has(window.navigator, "share"))
    except Exception:
        return False


async def share_sheet(title: str, text: str, element_id: str) -> str:
    """Hand the link in the field `element_id` to the system share sheet: "shared",
    "cancelled", or "refused" (e.g. a frame not allowed to)."""
    field = by_id(element_id)
    if not field:
        return "refused"
    try:
        await window.navigator.share(to_js({"title": title, "text": text, "url": field.value}))
    except Exception as exc:
        return "cancelled" if "Abort" in str(exc) else "refused"
    return "shared"


def download(filename: str, text: str) -> None:
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.click()
    window.URL.revokeObjectURL(url)


async def file_text(file: Any) -> str:
    return str(await file.text())
