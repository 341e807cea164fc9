"""The deal of the day (issue 40.5): its seed, its link, counted once, the streak, the
result to share (ui/play/daily.py, ui/saves.py, ui/share/links.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

import pygame_rules
from tools.micropython import xcheck
from ui import saves
from ui.play import daily
from ui.play.session import Session
from ui.runtime import storage
from ui.share.links import deal_link, link_continues, parse_link, position_link

ROOT = Path(__file__).resolve().parent.parent
TODAY = "2026-11-28"


def finished_daily(game_id: str, date: str) -> Session:
    """`game_id`'s deal of `date` played to its end, every seat's move picked at random."""
    import random

    game = pygame_rules.get_game(game_id)
    session = Session(game_id, game.default_players, daily.daily_seed(game_id, date), "easy")
    session.daily = date
    choose = random.Random(7)
    while not session.is_over():
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
    return session


def test_the_seed_is_stable_and_differs_per_date_and_game() -> None:
    assert daily.stable_hash("") == 0x811C9DC5  # FNV-1a's offset basis
    assert daily.stable_hash("a") == 0xE40C292C  # its published test vector
    seeds = {
        (game, date): daily.daily_seed(game, date)
        for game in pygame_rules.GAME_IDS
        for date in ("2026-11-27", TODAY, "2026-11-29", "2027-11-28")
    }
    assert len(set(seeds.values())) == len(seeds)
    assert daily.daily_seed("trickbook", TODAY) == seeds[("trickbook", TODAY)]
    assert daily.daily_seed("magic-trick-wray", TODAY) == 2805405453  # fixed for ever


def test_the_seed_is_the_same_under_micropython(tmp_path: Path) -> None:
    """The page runs MicroPython: the module as it stands (it imports nothing) gives the
    same seeds there."""
    try:
        xcheck.micropython_command(tmp_path / "x.py")
    except xcheck.MicroPythonMissing as exc:
        pytest.fail(str(exc), pytrace=False)
    probe = (
        "\nfor g in ('trickbook', 'magic-trick-wray'):\n    print(daily_seed(g, '2026-11-28'))\n"
    )
    probe += (
        "print(day_number('2026-11-28'), streak([['2026-12-30', '2027-01-02']], '2027-01-03'))\n"
    )
    script = tmp_path / "daily_probe.py"
    source = (ROOT / "ui" / "play" / "daily.py").read_text()  # (a package's __future__
    source = source.replace("from __future__ import annotations", "")  # import is run.mjs's)
    script.write_text(source + probe)
    done = subprocess.run(
        xcheck.micropython_command(script), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    expected = [str(daily.daily_seed(g, TODAY)) for g in ("trickbook", "magic-trick-wray")]
    assert done.stdout.split() == [*expected, str(daily.day_number(TODAY)), "4"]


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("2026-11-28", True),
        ("2024-02-29", True),
        ("2000-02-29", True),
        ("1900-02-29", False),
        ("2026-02-29", False),
        ("2026-13-01", False),
        ("2026-00-10", False),
        ("2026-11-31", False),
        ("2026-1-28", False),
        ("\uff12\uff10\uff12\uff16-11-28", False),  # full-width digits
        ("2026/11/28", False),
        ("", False),
        (None, False),
    ],
)
def test_dates(text: Any, ok: bool) -> None:
    assert daily.valid_date(text) == (text if ok else None)


def test_day_numbers_match_the_calendar() -> None:
    import datetime

    start = datetime.date(1999, 12, 25)
    for n in range(0, 800, 7):
        day = start + datetime.timedelta(days=n)
        assert daily.day_number(day.isoformat()) == (day - datetime.date(1970, 1, 1)).days


def test_streaks_across_month_and_year_ends_and_gaps() -> None:
    runs: list[list[str]] = []
    for date in ("2026-12-30", "2027-01-01", "2026-12-31"):  # in any order
        runs = daily.add_date(runs, date)
    assert runs == [["2026-12-30", "2027-01-01"]]
    assert daily.streak(runs, "2027-01-01") == 3
    assert daily.streak(runs, "2027-01-02") == 3  # today's is still to play
    assert daily.streak(runs, "2027-01-03") == 0  # a day missed
    runs = daily.add_date(runs, "2027-01-03")  # after the gap: a new run
    assert runs == [["2026-12-30", "2027-01-01"], ["2027-01-03", "2027-01-03"]]
    assert daily.streak(runs, "2027-01-03") == 1
    runs = daily.add_date(runs, "2027-01-02")  # filling the gap joins both
    assert runs == [["2026-12-30", "2027-01-03"]] and daily.streak(runs, "2027-01-03") == 5
    feb = daily.add_date(daily.add_date([], "2028-02-28"), "2028-03-01")
    assert len(feb) == 2  # 2028 is a leap year: the 29th is between
    feb = daily.add_date(feb, "2028-02-29")
    assert feb == [["2028-02-28", "2028-03-01"]] and daily.streak(feb, "2028-03-01") == 3
    assert daily.add_date(feb, "2028-02-29") == feb  # a date once
    assert daily.streak([], TODAY) == 0 and daily.streak(feb, "") == 0


def test_the_link_deals_the_day_and_bad_ones_say_why() -> None:
    req = parse_link("?game=trickbook&daily=1", TODAY)
    game = pygame_rules.get_game("trickbook")
    assert (req.daily, req.seed, req.players, req.level) == (
        TODAY,
        daily.daily_seed("trickbook", TODAY),
        game.default_players,
        daily.DAILY_LEVEL,
    )
    assert req.start and req.messages == []
    dated = parse_link("game=trickbook&daily=2026-11-01", TODAY)
    assert dated.daily == "2026-11-01" and dated.seed == daily.daily_seed("trickbook", "2026-11-01")
    for bad in ("2026-02-30", "yes", "%3Cimg%20src%3Dx%3E", "", "2026-11-28T00"):
        req = parse_link(f"game=trickbook&daily={bad}", TODAY)
        assert req.daily is None and not req.start and req.game_id == "trickbook"
        assert len(req.messages) == 1 and "deal of the day" in req.messages[0]
    future = parse_link("game=trickbook&daily=2026-11-29", TODAY)
    assert future.daily == TODAY and "not out yet" in future.messages[0]
    own = parse_link("game=trickbook&daily=1&players=3&seed=5&level=easy&moves=0", TODAY)
    assert (own.daily, own.seed, own.level, own.players, own.history) == (
        TODAY,
        daily.daily_seed("trickbook", TODAY),
        "normal",
        2,
        None,
    )
    assert own.messages == [
        "A deal of the day has its own deal, players and bots: players, seed, level, moves ignored."
    ]
    assert parse_link("game=nope&daily=1", TODAY).daily is None


def test_a_daily_save_is_recognised_and_its_link_resumes_only_it() -> None:
    session = Session("trickbook", 2, daily.daily_seed("trickbook", TODAY))
    session.daily = TODAY
    save = session.to_save()
    assert save["daily"] == TODAY and Session.from_save(save).daily == TODAY
    assert deal_link(session) == f"?game=trickbook&daily={TODAY}"
    assert "daily" not in position_link(session)  # a position is a plain deal's
    assert link_continues(parse_link(deal_link(session), TODAY), save)
    plain = parse_link(f"game=trickbook&seed={session.seed}&players=2", TODAY)
    assert not link_continues(plain, save)
    assert not link_continues(parse_link("game=trickbook&daily=2026-11-27", TODAY), save)
    save["daily"] = "<b>"  # a damaged date: not a daily
    assert Session.from_save(save).daily is None


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    data: dict[str, str] = {}
    monkeypatch.setattr(storage, "read_raw", lambda key: data.get(key))
    monkeypatch.setattr(
        storage,
        "write_raw",
        lambda key, text: data.pop(key, None) if text is None else data.update({key: text}) or True,
    )
    return data


def test_a_finished_daily_counts_once_per_date(stored: dict[str, str]) -> None:
    first = finished_daily("trickbook", TODAY)
    keeper = saves.Saves()
    keeper.today = lambda: TODAY
    keeper.store(first)
    stats = saves.read_stats()
    assert stats["trickbook"]["played"] == 1
    assert saves.daily_runs(stats, "trickbook") == [[TODAY, TODAY]]
    again = finished_daily("trickbook", TODAY)  # replayed, or resumed from its save
    saves.Saves().store(again)
    keeper.store(again)
    assert saves.read_stats()["trickbook"]["played"] == 1
    practice = finished_daily("magic-trick-baker", TODAY)
    practice.practice = True
    keeper.store(practice)
    assert "magic-trick-baker" not in saves.read_stats()
    old = finished_daily("magic-trick-baker", "2026-11-20")  # played for fun
    keeper.store(old)
    assert "magic-trick-baker" not in saves.read_stats()
    late = finished_daily("magic-trick-baker", "2026-11-27")  # begun before midnight
    keeper.store(late)
    stats = saves.read_stats()
    assert stats["magic-trick-baker"]["played"] == 1
    assert daily.streak(saves.daily_runs(stats, "magic-trick-baker"), TODAY) == 1
    # The statistics export and import with their runs; damaged runs are refused.
    assert saves.valid_stats(stats) == stats
    for bad in ({"trickbook": [["2026-11-28"]]}, {"trickbook": [["x", "y"]]}, []):
        with pytest.raises(ValueError):
            saves.valid_stats({"daily": bad})


def test_the_result_to_share_has_no_spoilers() -> None:
    assert daily.result_words([30, 18, 25], [0]) == "won by 5"
    assert daily.result_words([18, 30, 25], [1]) == "lost by 12"
    assert daily.result_words([30, 30], [0, 1]) == "shared the win"
    assert daily.result_words([30, 30], [0]) == "won on the tie-break"
    assert daily.result_words([30, 30], [1]) == "lost on the tie-break"
    text = daily.share_text("Magic Trick (Chris Wray)", TODAY, "won by 12", 3)
    assert (
        text == "Trick Table · Magic Trick (Chris Wray) · deal of 2026-11-28 · won by 12 · streak 3"
    )
    for game_id in pygame_rules.GAME_IDS:
        session = finished_daily(game_id, TODAY)
        result = daily.result_words(session.scores(), session.winners())
        text = daily.share_text(game_id, TODAY, result, 1)
        assert text.startswith(f"Trick Table · {game_id} · deal of {TODAY} · ")
        assert text.endswith(" · streak 1")
        said = " ".join(session.log).lower()  # the game's log names its cards and moves
        words = [w for w in result.split() if not w.isdigit()]
        assert all(
            w in ("won", "lost", "by", "on", "the", "tie-break", "shared", "win") for w in words
        )
        assert "card" not in text.lower() and " of " not in text.replace("deal of", "")
        assert said  # (the log is there to leak from; the text takes nothing of it)
