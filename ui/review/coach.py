"""How did I play? The coach in the review: each of a seat's decisions in the hand (or the
whole game) shown is weighed again in the bots' worker, from what that seat knew then,
with four times a Hard bot's search (`pygame_rules/bots/coach.py`, `ui/review/coaching.py`).

The page asks for one decision at a time, so it shows "4 of 13" as verdicts come and can
stop between two (Cancel, closing the review, or a move at the table: the worker drops the
decision it was weighing at its next piece). Verdicts are kept with the session and its
save (`Session.coached`): a hand reviewed again shows them at once, and a stopped run goes
on from where it stopped. The main thread only sends JSON and draws.
"""

from __future__ import annotations

import asyncio
import json

from ui.jsontext import Encoded
from ui.review.coach_record import (
    CoachRun,
    amount,
    gap_words,
    run_key,
    spread,
    summary,
    value_words,
)
from ui.runtime import page
from ui.runtime.worker_client import COMING, POLL
from ui.tables.widgets import ui_button
from ui.vdom import El, h

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ui.review.replay import Review
    from ui.runtime.worker_client import WorkerClient
    from ui.screens.play import PlayScreen

NO_ENGINE = "The coach thinks in the bots' engine, which this page does not load."
ENGINE_FAILED = "The bots' engine did not load, so the coach cannot think here."
COACH_FAILED = "The coach could not finish: the bots' engine gave no answer."
ABOUT = (
    "The coach weighs each of your decisions again from what you knew then, with four times"
    " a Hard bot's search, and flags a move only when the better one is clearly better."
    " A move's value is what it should change your score against the others' average by the"
    " end of the hand, give or take its noise."
)


def coach_unit(game_id: str) -> str:
    """What a verdict counts in: letters of S.K.A.T.E. in Trickbook, else points."""
    return "letters" if game_id == "trickbook" else "points"


class Coach:
    """The coach of one table: which run is being weighed (`running`), and why it could not
    be (`problem`). The runs themselves live in the session (`Session.coached`)."""

    def __init__(self, play: PlayScreen, worker: WorkerClient | None) -> None:
        self.play = play
        self.worker = worker
        self.running: str | None = None  # the run being weighed (its run_key)
        self.waiting = False  # for the bots' engine to load
        self.problem = ""
        self.generation = 0  # a new one stops the run being weighed
        self.actions: tuple[CoachRun, Encoded] | None = None  # a run's moves, as JSON

    # -- controls ---------------------------------------------------------------
    def start(self, value: str = "") -> None:
        """Weigh `value`'s seat's decisions (a person's seat; "" the shown one) in the hand
        or game under review; a run begun before goes on from where it stopped."""
        review = self.play.reviewing.shown
        s = self.play.session
        if review is None:
            return
        seat = int(value) if value.isdigit() and int(value) in s.humans else s.human
        run = self.run_for(review, seat)
        if run is None:
            span = (review.start, review.start + review.moves)
            run = s.coached[run_key(seat, span)] = CoachRun(seat, span)
        self.stop()
        self.problem = ""
        if not run.finished:
            self.running = run.key
            self.play.spawn(self.weigh(run, self.generation))
        self.play.render()
        page.focus("#coach-title", scroll="nearest")

    def open(self, value: str) -> None:
        """From the table or the game over: the review of the last hand (or of the game,
        `value` "game"), with the coach weighing the shown person's decisions."""
        self.play.spawn(self.opening(value))

    async def opening(self, value: str) -> None:
        """`open`: the review drawn first, the coach's start in a task of its own."""
        try:
            if await self.play.reviewing.opening(value):
                await page.next_task()
                if self.play.reviewing.shown is not None:
                    self.start()
        except Exception as exc:
            page.fail(exc)

    def cancel(self, _value: str = "") -> None:
        """Stop weighing (the verdicts so far are kept; Go on resumes)."""
        self.stop()
        self.play.render()
        page.focus("#coach-title", scroll="nearest")

    def jump(self, value: str) -> None:
        """Show the move of decision `value` (its move number in the game) in the review."""
        review = self.play.reviewing.shown
        if review is None or not value.isdigit():
            return
        at = int(value) - review.start + 1
        if 0 < at <= review.moves:
            review.at = at
        self.play.render()
        page.focus("#review-title", scroll="start")

    def stop(self) -> None:
        """Stop the run being weighed, if any (the worker drops its decision)."""
        self.generation += 1
        self.running = None
        self.waiting = False

    CONTROLS = {"coach": start, "coach-open": open, "coach-cancel": cancel, "coach-jump": jump}

    # -- the weighing -----------------------------------------------------------
    def run_for(self, review: Review, seat: int) -> CoachRun | None:
        return self.play.session.coached.get(
            run_key(seat, (review.start, review.start + review.moves))
        )

    def request(self, run: CoachRun, number: int) -> dict[str, Any]:
        """The worker's question: decision `number` of `run` (ui/review/coaching.py)."""
        s = self.play.session
        if self.actions is None or self.actions[0] is not run:  # encoded once per run
            self.actions = (run, Encoded(json.dumps(s.history[: run.span[1]])))
        request: dict[str, Any] = {
            "game": s.game_id,
            "players": s.players,
            "seed": s.seed,
            "options": s.options,
            "actions": self.actions[1],
            "seat": run.seat,
            "span": list(run.span),
            "names": coach_names(s.names, run.seat),
            "number": number,
        }
        request.update(page.coach_budget_hook())  # tests: a small budget
        return request

    async def weigh(self, run: CoachRun, generation: int) -> None:
        """Ask the worker for each decision not yet weighed, drawing each verdict as it
        comes; stops when `generation` is no longer current."""
        try:
            worker = self.worker
            if worker is None or not worker.usable:
                self.finish(generation, NO_ENGINE)
                return
            await page.next_task()  # start() drew the panel; the first question: its own task
            if generation != self.generation:
                return
            worker.start(quick=False)  # the coach thinks in Pyodide only
            waited = self.waiting = worker.status in COMING
            if waited and generation == self.generation:
                self.play.render()  # "Waiting for the bots' engine…"
            while worker.status in COMING and generation == self.generation:
                await asyncio.sleep(POLL)
            self.waiting = False
            if generation != self.generation:
                return
            if worker.status != "ready":
                self.finish(generation, ENGINE_FAILED)
                return
            if waited:
                self.play.render()
                await page.next_task()
            while not run.finished and generation == self.generation:
                answer = await worker.ask(
                    self.request(run, len(run.verdicts)),
                    lambda: generation == self.generation,
                    method="coach_json",
                )
                if generation != self.generation:
                    return
                if answer is None:
                    self.finish(generation, COACH_FAILED)
                    return
                run.total = int(answer["total"])
                if answer["verdict"] is not None:
                    run.verdicts.append(answer["verdict"])
                self.play.saves.store(self.play.session)
                # Each in a task of its own, so none is long on a slow phone: the answer
                # read and kept, the redraw, the next question.
                await page.next_task()
                if not run.finished and generation == self.generation:
                    self.play.render()
                    await page.next_task()
            self.finish(generation, "")
        except Exception as exc:
            page.fail(exc)

    def finish(self, generation: int, problem: str) -> None:
        """The run ended (all weighed, or `problem`): draw it, if it is still the one."""
        if generation != self.generation:
            return
        self.running = None
        self.waiting = False
        self.problem = problem
        if self.play.reviewing.shown is not None:
            self.play.render()

    # -- drawing ----------------------------------------------------------------
    def note(self, review: Review) -> str:
        """The coach's word on the move shown, when it is a weighed decision ("" if not)."""
        index = review.start + review.at - 1
        for seat in self.play.session.humans:
            run = self.run_for(review, seat)
            for verdict in run.verdicts if run is not None and review.at > 0 else []:
                if verdict["index"] == index:
                    return verdict_line(verdict, coach_unit(review.game_id))
        return ""

    def panel(self, review: Review) -> El:
        """The coach's part of the review (`coach_panel`)."""
        s = self.play.session
        seats = list(s.humans)
        runs = [self.run_for(review, seat) for seat in seats]
        shown = next((run for run in runs if run is not None and run.key == self.running), None)
        if shown is None:  # the last run of this review begun (pass and play: anyone's)
            shown = next((run for run in reversed(runs) if run is not None), None)
        return coach_panel(
            review,
            shown,
            running=shown is not None and shown.key == self.running,
            waiting=self.waiting,
            problem=self.problem,
            people=[(seat, s.names[seat]) for seat in seats] if s.passed else [],
        )


def coach_names(names: list[str], seat: int) -> list[str]:
    """The names the verdicts use: the weighed seat is "You" (pass and play too)."""
    return ["You" if i == seat else name for i, name in enumerate(names)]


def coach_panel(
    review: Review,
    run: CoachRun | None,
    running: bool = False,
    waiting: bool = False,
    problem: str = "",
    people: list[tuple[int, str]] | None = None,
) -> El:
    """How did I play?: the button(s) to ask; then the progress and Cancel; then the summary,
    the one to three costliest decisions (with the better move, why, and a button to show
    that move), and every decision weighed. `people`: pass and play's (seat, name)."""
    unit = coach_unit(review.game_id)
    done = len(run.verdicts) if run is not None else 0
    total = run.total if run is not None else None
    if running:
        state = "waiting" if waiting else "running"
    elif run is None:
        state = "idle"
    elif run.finished:
        state = "done"
    else:
        state = "stopped"
    body: list[Any] = []
    if state == "idle":
        body.append(h("p", {"class": "coach-about"}, ABOUT))
        body.append(ask_buttons(people or [], "How did I play?"))
    elif state in ("waiting", "running"):
        if waiting:
            said = "Waiting for the bots' engine to load…"
        elif total is None:
            said = "Weighing your decisions…"
        else:
            said = f"Weighing your decisions: {done} of {total}…"
        body.append(h("p", {"class": "coach-progress", "role": "status"}, said))
        body.append(
            h(
                "progress",
                {
                    "max": str(total or 1),
                    "value": str(done) if total else None,
                    "aria-label": "Decisions weighed",
                },
            )
        )
        body.append(ui_button("coach-cancel", "Cancel", cls="btn small"))
    elif state == "stopped":
        of = f" of {total}" if total is not None else ""
        body.append(
            h("p", {"class": "coach-progress", "role": "status"}, f"Stopped after {done}{of}.")
        )
        body.append(ask_buttons(people or [], "Go on", run.seat if run is not None else None))
    if problem:
        body.append(h("p", {"class": "coach-problem", "role": "alert"}, problem))
    if run is not None and run.finished:
        body.append(h("p", {"class": "coach-summary", "role": "status"}, summary(run, unit)))
        if people:
            body.append(ask_buttons(people, "", run.seat))
    if run is not None and run.verdicts:
        body.append(costly_list(review, run, unit))
        body.append(every_decision(review, run, unit))
    person = next((name for seat, name in people or [] if run is not None and seat == run.seat), "")
    return h(
        "section",
        {
            "class": "coach",
            "aria-labelledby": "coach-title",
            "data-coach": state,
            "data-done": str(done),
            "data-total": "" if total is None else str(total),
        },
        h(
            "h3",
            {"id": "coach-title", "tabindex": "-1"},
            f"How did {person} play?" if person else "How did you play?",
        ),
        body,
    )


def verdict_line(verdict: dict[str, Any], unit: str) -> str:
    """The coach on one decision, in a line: the coach's move too, or the better move and
    what it is worth (and whether that is within the noise)."""
    if verdict["best"] == verdict["played"]:
        return "Coach: the coach would play this too."
    noise = "" if verdict["flagged"] else " Within the noise: not flagged."
    return f"Coach, better: {verdict['best_words']} {gap_words(verdict, unit)}{noise}"


def ask_buttons(people: list[tuple[int, str]], label: str, skip: int | None = None) -> El:
    """One button (alone with bots), or one per person not shown yet (pass and play)."""
    if not people:
        return h(
            "div", {"class": "coach-buttons"}, ui_button("coach", label, cls="btn small primary")
        )
    buttons = [
        ui_button(
            "coach",
            label if seat == skip else f"How did {name} play?",
            value=seat,
            cls="btn small" + (" primary" if seat == skip or skip is None else ""),
        )
        for seat, name in people
        if label or seat != skip
    ]
    return h("div", {"class": "coach-buttons"}, buttons)


def move_name(review: Review, index: int) -> str:
    """'Move 7': a decision's move as the review counts it."""
    return f"Move {index - review.start + 1}"


def costly_list(review: Review, run: CoachRun, unit: str) -> El | None:
    """The one to three costliest decisions so far, each with a button to show its move."""
    costly = run.costliest()
    if not costly:
        return None
    items = []
    for verdict in costly:
        name = move_name(review, verdict["index"])
        reason = verdict["reason"]
        items.append(
            h(
                "li",
                {"class": "coach-costly"},
                h("h4", {}, name),
                h("p", {}, f"You played: {verdict['played_words']}"),
                h("p", {"class": "coach-value"}, f"Expected: {played_value(verdict, unit)}"),
                h("p", {}, f"Better: {verdict['best_words']}"),
                h("p", {"class": "coach-value"}, f"Expected: {best_value(verdict, unit)}"),
                h("p", {"class": "coach-gap"}, gap_words(verdict, unit)),
                h("p", {}, f"Why: {reason[:1].upper()}{reason[1:]}.") if reason else None,
                ui_button(
                    "coach-jump",
                    f"Show {name.lower()}",
                    value=verdict["index"],
                    cls="btn small",
                    aria_label=f"Show {name.lower()} in the review",
                ),
            )
        )
    return h(
        "div",
        {"class": "coach-costliest"},
        h("h4", {}, "Costliest first"),
        h("ol", {}, items),
    )


def played_value(verdict: dict[str, Any], unit: str, short: bool = False) -> str:
    """The move played's expected value and its noise, in words (`value_words`)."""
    return value_words(verdict["played_value"], verdict["played_noise"], unit, short)


def best_value(verdict: dict[str, Any], unit: str, short: bool = False) -> str:
    """The better move's expected value and its noise, in words."""
    return value_words(verdict["best_value"], verdict["best_noise"], unit, short)


def worth(verdict: dict[str, Any], unit: str) -> str:
    """'Costly: 1.2 points ± 0.3' (flagged) or '0.1 points ± 0.2' (within the noise)."""
    said = f"{amount(verdict['gap'], unit)} {spread(verdict['noise'])}"
    return f"Costly: {said}" if verdict["flagged"] else said


def valued(words: str) -> El:
    """A move's expected value under its words in the table."""
    return h("span", {"class": "coach-value"}, words)


def table_caption(unit: str) -> str:
    """What the table's numbers are."""
    if unit == "letters":
        value = "letters fewer (or more) than the others by the end of the hand"
    else:
        value = "points on the others' average by the end of the hand"
    return f"Under each move: its expected {value}, ± its noise."


def every_decision(review: Review, run: CoachRun, unit: str) -> El:
    """Every decision weighed: the move, the one played, the better one and the gap."""
    rows = []
    for verdict in run.verdicts:
        same = verdict["best"] == verdict["played"]
        rows.append(
            h(
                "tr",
                {"class": "flagged" if verdict["flagged"] else None},
                h("th", {"scope": "row"}, move_name(review, verdict["index"])),
                h("td", {}, verdict["played_words"], valued(played_value(verdict, unit, True))),
                h(
                    "td",
                    {},
                    "The same."
                    if same
                    else [verdict["best_words"], valued(best_value(verdict, unit, True))],
                ),
                h(
                    "td",
                    {},
                    "—" if same else worth(verdict, unit),
                ),
            )
        )
    return h(
        "details",
        {"class": "coach-all"},
        h("summary", {}, f"Every decision weighed ({len(run.verdicts)})"),
        h(
            "table",
            {"class": "coach-table"},
            h("caption", {}, table_caption(unit)),
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "Move"),
                    h("th", {"scope": "col"}, "You played"),
                    h("th", {"scope": "col"}, "Better"),
                    h("th", {"scope": "col"}, "Worth"),
                ),
            ),
            h("tbody", {}, rows),
        ),
    )
