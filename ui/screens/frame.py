"""The frame around every game's table: its bar (title, status, the page's buttons), the
Continue bar, the table, the review bar and the log; what a table is drawn from; what a
screen reader is told after each redraw."""

from __future__ import annotations

from ui.lessons.lesson import LessonSession
from ui.play.detail import add_detail, drop_summed_rows
from ui.play.session import Session
from ui.review.screen import add_last_trick, review_bar
from ui.tables import kit, table_for
from ui.tables.widgets import log_panel, ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass


def game_frame(
    session: Session,
    view: kit.PlayerView,
    over: El | None,
    question: El | None = None,
    last_trick: list[str] | None = None,
    detail: str | None = None,
    puzzle: El | None = None,
    summed: bool = False,
) -> El:
    """The frame around a game's own table: title bar, the game over (`over`) or a question
    before a step (`question`: a take-back's), the table with the last trick's button (or
    its lines, `last_trick`) and the part shown whole over it (`detail`), the log.
    `puzzle`: an embedded puzzle's question or answer in place of the question, and only
    the game's rules in the bar (ui/share/puzzle.py: nothing is played at this table).
    `summed`: the page is short of room (`page.seats_summed`), so the seats' hidden rows
    are left out (`drop_summed_rows`)."""
    game_table = table_for(session.game_id)
    game = session.game
    status = "Puzzle" if puzzle is not None else turn_text(session, view)
    board = game_table.render(view)
    if puzzle is None:
        add_last_trick(board, session, last_trick)
    add_detail(board, detail)
    if summed:
        drop_summed_rows(board)
    buttons: list[El | None] = [ui_button("rules", "Rules", value=game.id, cls="btn small")]
    if puzzle is None:
        # Short words, so the four fit one row of a phone (the hand needs the height).
        buttons = [
            ui_button("hint", "Hint", cls="btn small", aria_label="Hint: what would a bot do?")
            if view.legal
            else None,
            buttons[0],
            ui_button("share", "Link", cls="btn small", aria_label="Link: share this game"),
            take_back_button(session),
            ui_button("lobby", "Leave", cls="btn small"),
        ]
    return h(
        "div",
        {
            "class": f"table-screen game-{game.id}" + (" puzzle-screen" if puzzle else ""),
            "data-game": game.id,
            # test hook: whose view is drawn, in a game passed round the device
            "data-seat": session.human if session.passed else None,
            # test hook: the seats are summed up, their rows left out (a page resized across
            # page.SUMMED_SEATS is drawn again for it in its next frame)
            "data-seats": "summed" if summed else None,
            # test hook: present while a bot still has to move ("continue": once the player
            # has continued from a finished trick or hand)
            "data-waiting": None
            if puzzle is not None
            else "continue"
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
            h("span", {"class": "table-buttons"}, buttons),
        ),
        over,
        question if puzzle is None else puzzle,
        continue_bar(game.hand_name if session.move_ends[-1:] == ["hand"] else "")
        if session.awaiting_continue
        else None,
        board,
        review_bar(session) if puzzle is None else None,
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


def continue_bar(hand_over: str = "") -> El:
    """The bots wait at a finished trick or hand until the player has looked at it; a
    finished hand (`hand_over`: what the game calls it) can be reviewed move by move
    (`ui/review/screen.py`), and its decisions weighed by the coach."""
    return h(
        "div",
        {"class": "continue-bar", "role": "status"},
        h("p", {}, "The bots wait while you look at the table."),
        ui_button("review", f"Review this {hand_over}", value="hand", cls="btn")
        if hand_over
        else None,
        # The coach in the review (ui/review/coach.py): each of your decisions weighed.
        ui_button("coach-open", "How did I play?", value="hand", cls="btn") if hand_over else None,
        ui_button("continue", "Continue", cls="btn primary"),
    )


def player_view(
    session: Session,
    picks: list[int] | None = None,
    thinking: int | None = None,
    reduced_motion: bool = False,
) -> kit.PlayerView:
    """What a game's table is drawn from: the human's observation and legal moves, the
    cards they have picked toward a move (`picks`), and the bot seat about to move
    (`thinking`)."""
    return kit.PlayerView(
        game=session.game,
        obs=session.observation(),
        legal=session.human_legal(),
        names=session.names,
        human=session.human,
        picks=picks,
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


CONTINUE_STATUS = "Press Continue"  # the bots wait for it (`continue_bar`)
# ...and the player has a move too (a new round's simultaneous draft): both are awaited.
MOVE_AND_CONTINUE_STATUS = "Your move and Continue"


def turn_text(session: Session, view: kit.PlayerView) -> str:
    """What the table waits for, in its bar: your move, your Continue, or the bots."""
    if isinstance(session, LessonSession) and session.done():
        return "Lesson done"
    practice = " (practice)" if session.practice else ""
    if session.is_over():
        return "Game over" + practice
    if session.awaiting_continue:  # the bots wait for the player, not the other way round
        return (MOVE_AND_CONTINUE_STATUS if view.legal else CONTINUE_STATUS) + practice
    if view.legal:
        return "Your move" + practice
    names = ", ".join(session.names[s] for s in session.waiting_for())
    return f"Waiting for {names}…{practice}"
