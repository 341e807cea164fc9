"""The coach on the page's side, in CPython: the worker's verdicts (words, determinism, only
the seat's information), the runs kept with a save (checked when read back: a damaged or
foreign run is dropped, never the game), a take-back, and the panel in each of its states."""

from __future__ import annotations

import copy
import json
from typing import Any

from async_run import run

from tests.test_coach import recorded_game
from ui.play import bot_worker
from ui.play.session import Session
from ui.review.coach import coach_panel, verdict_line
from ui.review.coach_record import (
    CoachRun,
    amount,
    gap_words,
    run_from_json,
    summary,
    value_words,
)
from ui.review.coaching import HandCoach, verdict_now
from ui.review.replay import review_span

GAME, PLAYERS, SEED = "trick-of-trip", 3, 5


def request(actions: list[Any], **extra: Any) -> dict[str, Any]:
    return {
        "game": GAME,
        "players": PLAYERS,
        "seed": SEED,
        "options": {},
        "actions": actions,
        "seat": 0,
        "span": [0, len(actions)],
        "names": ["You", "Bot 1", "Bot 2"],
        "budget": 30,
        "worlds": 4,
        **extra,
    }


def weigh_all(actions: list[Any]) -> list[dict[str, Any]]:
    coach = HandCoach(request(actions))
    return [verdict_now(coach, n) for n in range(coach.total)]


def session_with_hand() -> tuple[Session, int]:
    """A Trick of Trip game a move past its first round (Easy bots in every seat)."""
    actions = recorded_game(GAME, PLAYERS, SEED, 400)
    session = Session(GAME, PLAYERS, SEED, "easy")
    for seat, action in actions:
        session.act(seat, action)
        if (
            "hand" in session.move_ends
            and len(session.history) > session.move_ends.index("hand") + 1
        ):
            break
    return session, session.move_ends.index("hand") + 1


def test_verdicts_name_both_moves_and_are_the_same_from_the_worker() -> None:
    actions = recorded_game(GAME, PLAYERS, SEED, 30)
    verdicts = weigh_all(actions)
    assert verdicts and all(v["played_words"].startswith("You ") for v in verdicts)
    assert all(v["best_words"] for v in verdicts)
    assert "visits" not in verdicts[0]  # the search's statistics stay in the worker

    async def ask(number: int) -> dict[str, Any]:
        text = await bot_worker.coach_json(json.dumps(request(actions, number=number, id=9)))
        return json.loads(text)["ok"]

    from_worker = [run(ask(n))["verdict"] for n in range(len(verdicts))]
    assert from_worker == verdicts
    assert run(ask(len(verdicts))) == {"total": len(verdicts), "verdict": None}


def test_a_cancelled_request_answers_cancelled() -> None:
    actions = recorded_game(GAME, PLAYERS, SEED, 30)
    bot_worker.cancel(77)
    text = run(bot_worker.coach_json(json.dumps(request(actions, number=0, id=77))))
    assert json.loads(text) == {"cancelled": True}


def test_a_broken_request_is_an_error_not_a_crash() -> None:
    text = run(bot_worker.coach_json(json.dumps({"game": "nope", "number": 0})))
    assert "error" in json.loads(text)


def test_runs_are_kept_with_the_save_and_checked_when_read_back() -> None:
    session, stop = session_with_hand()
    run = CoachRun(0, (0, stop))
    run.verdicts = weigh_all(session.history[:stop])
    run.total = len(run.verdicts)
    session.coached[run.key] = run
    save = json.loads(json.dumps(session.to_save()))
    back = Session.from_save(save)
    assert back.coached[run.key].verdicts == run.verdicts
    assert back.coached[run.key].finished
    # Damaged or foreign runs are dropped; the game is kept.
    for damage in (
        lambda s: s["coach"][0]["verdicts"][0].update(played={"type": "play", "card": 99}),
        lambda s: s["coach"][0]["verdicts"][0].update(gap="big"),
        lambda s: s["coach"][0].update(span=[0, 10_000]),
        lambda s: s["coach"][0].update(total=0),
        lambda s: s["coach"][0]["verdicts"][0].update(reason="x" * 5000),
        lambda s: s.update(coach="not a list"),
    ):
        broken = copy.deepcopy(save)
        damage(broken)
        kept = Session.from_save(broken)
        assert kept.coached == {} and kept.history == session.history
    assert (
        run_from_json({"seat": 1, "span": [0, stop], "verdicts": run.verdicts}, save["history"])
        is None
    )


def test_a_take_back_drops_the_runs_it_cuts_into() -> None:
    session, stop = session_with_hand()
    whole = CoachRun(0, (0, len(session.history)))
    first = CoachRun(0, (0, stop))
    session.coached = {whole.key: whole, first.key: first}
    from ui.review.coach_record import runs_before

    assert list(runs_before(session.coached, len(session.history) - 1)) == [first.key]


def test_words() -> None:
    assert amount(1.04, "points") == "1.0 point"
    assert amount(0.36, "letters") == "0.4 letters"
    verdict = {"gap": 1.23, "noise": 0.31, "flagged": True, "index": 3}
    assert gap_words(verdict, "points") == "About 1.2 points better (±\u00a00.3)."
    assert value_words(0.26, 0.14, "points") == "+0.3 points on the others (±\u00a00.1)"
    assert value_words(-1.0, 0.2, "points") == "\u22121.0 point on the others (±\u00a00.2)"
    assert value_words(-0.04, 0.2, "points") == "+0.0 points on the others (±\u00a00.2)"
    # Trickbook's values count a letter as -1: a positive value is fewer letters.
    assert value_words(0.4, 0.1, "letters") == "0.4 letters fewer than the others (±\u00a00.1)"
    assert value_words(-0.4, 0.1, "letters") == "0.4 letters more than the others (±\u00a00.1)"
    assert value_words(-0.04, 0.2, "points", short=True) == "+0.0 ±\u00a00.2"
    assert value_words(-0.4, 0.1, "letters", short=True) == "0.4 more ±\u00a00.1"
    run = CoachRun(0, (0, 10), total=2)
    run.verdicts = [dict(verdict), dict(verdict, flagged=False, index=5)]
    assert summary(run, "points") == "2 decisions weighed: 1 clearly cost you points."
    run.verdicts[0]["flagged"] = False
    assert "none clearly cost you points" in summary(run, "points")


def test_the_panel_in_each_state() -> None:
    session, stop = session_with_hand()
    review = review_span(session, 0, stop, "Review")
    idle = coach_panel(review, None)
    assert idle.attrs["data-coach"] == "idle" and "How did I play?" in idle.text()
    run = CoachRun(0, (0, stop))
    waiting = coach_panel(review, run, running=True, waiting=True)
    assert "Waiting for the bots' engine" in waiting.text()
    run.total = 5
    run.verdicts = weigh_all(session.history[:stop])[:2]
    running = coach_panel(review, run, running=True)
    assert running.attrs["data-coach"] == "running"
    assert "2 of 5" in running.text() and "Cancel" in running.text()
    stopped = coach_panel(review, run)
    assert stopped.attrs["data-coach"] == "stopped" and "Go on" in stopped.text()
    run.verdicts = weigh_all(session.history[:stop])
    run.total = len(run.verdicts)
    done = coach_panel(review, run)
    assert done.attrs["data-coach"] == "done"
    assert f"{run.total} decisions weighed" in done.text()
    flagged = [v for v in run.verdicts if v["flagged"]]
    jumps = done.find_all(lambda el: el.attrs.get("data-ui") == "coach-jump")
    assert len(jumps) == min(3, len(flagged))
    # Each decision in the table: the played move's value (and the better one's, if other).
    values = done.find_all(lambda el: "coach-value" in str(el.attrs.get("class")))
    others = sum(1 for v in run.verdicts if v["best"] != v["played"])
    assert len(values) == len(run.verdicts) + others + 2 * len(jumps)
    first = run.verdicts[0]
    assert amount(first["played_value"], "").strip() in values[2 * len(jumps)].text()
    same = dict(run.verdicts[0], best=run.verdicts[0]["played"])
    assert verdict_line(same, "points") == "Coach: the coach would play this too."
    if flagged:
        assert verdict_line(flagged[0], "points").startswith("Coach, better: ")
    people = coach_panel(review, None, people=[(0, "Ann"), (1, "Ben")])
    assert "How did Ann play?" in people.text() and "How did Ben play?" in people.text()
