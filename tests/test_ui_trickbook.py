"""The Trickbook table, checked in CPython: what is drawn for each question the engine asks.

A prompt (`data-decision`) and its controls appear exactly when the human has legal
actions, with one control per legal action and nothing else; the letters, dice and log
say what happened in words as well as in pictures.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_trickbook import DOUBLE, MATCH, PASS, SET, SPECIAL, table

import pygame_rules
from pygame_rules.bots import SeatView, make_bot
from pygame_rules.bots.trickbook import BOTS, explain
from pygame_rules.trickbook import TrickbookState, special_text
from ui.play.session import Session
from ui.screens.game_over import game_over_screen
from ui.tables import kit
from ui.tables import trickbook as tb
from ui.tables.widgets import WINNER_SYMBOL
from ui.vdom import El

GAME = pygame_rules.get_game("trickbook")
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]


def view_of(state: TrickbookState, **extra) -> kit.PlayerView:
    legal = state.legal_actions(0) if 0 in state.acting() else []
    names = NAMES[: state.num_players]
    return kit.PlayerView(game=GAME, obs=state.observation(0), legal=legal, names=names, **extra)


def drawn_actions(tree: El) -> list[dict]:
    return [json.loads(el.attrs["data-action"]) for el in tree.walk() if "data-action" in el.attrs]


def decisions(tree: El) -> list[str]:
    return [el.attrs["data-decision"] for el in tree.walk() if "data-decision" in el.attrs]


def spoken(el: El) -> str:
    """The text a screen reader reads (aria-hidden parts left out)."""
    if el.attrs.get("aria-hidden") == "true":
        return ""
    return "".join(c if isinstance(c, str) else spoken(c) for c in el.children)


def by_class(tree: El, name: str) -> list[El]:
    return tree.find_all(lambda el: name in el.attrs.get("class", "").split())


# -- the questions --------------------------------------------------------------------------
def test_rock_paper_scissors_buttons_are_the_only_actions_at_the_start() -> None:
    state = GAME.new_game(3, 4)
    tree = tb.render(view_of(state))
    assert drawn_actions(tree) == [{"type": "rps", "choice": c} for c in tb.SHAPE_WORDS]
    assert decisions(tree) == ["rps"]
    buttons = by_class(tree, "tb-rps-btn")
    assert [spoken(b) for b in buttons] == ["Rock", "Paper", "Scissors"]


def test_after_choosing_rps_the_human_waits_without_controls() -> None:
    state = GAME.new_game(2, 4)
    state.apply(0, {"type": "rps", "choice": "rock"})
    tree = tb.render(view_of(state))
    assert drawn_actions(tree) == [] and decisions(tree) == []
    assert "You chose rock" in tree.text()


def play_and_check_every_table(players: int, seed: int) -> tuple[Session, set[str]]:
    """A whole game with random human answers: at every step, the drawn controls are exactly
    the legal actions, and a prompt is drawn exactly when the human is asked something."""
    session = Session("trickbook", players, seed, "normal")
    pick = random.Random(seed)
    seen_kinds: set[str] = set()
    for _ in range(5000):
        if session.is_over():
            return session, seen_kinds
        legal = session.human_legal()
        view = kit.PlayerView(
            game=session.game, obs=session.observation(), legal=legal, names=session.names
        )
        tree = tb.render(view)
        drawn = drawn_actions(tree)
        assert as_set(drawn) == as_set(legal)
        kinds = decisions(tree)
        if legal:
            assert kinds == [view.obs["decision"]["kind"]]
            seen_kinds.add(kinds[0])
        else:
            assert kinds == []
        # The special prompt: exactly when the engine offers a special (with a pass).
        assert ("special" in kinds) == ({"type": "pass"} in legal)
        if legal and (session.next_bot() is None or pick.random() < 0.5):
            session.act(session.human, pick.choice(drawn))
        else:
            session.bot_move(session.next_bot())
    raise AssertionError(f"unfinished game; questions seen: {seen_kinds}")


def as_set(actions: list[dict]) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in actions}


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (4, 4), (5, 5)])
def test_controls_are_exactly_the_legal_actions_throughout_a_game(players: int, seed: int) -> None:
    session, _ = play_and_check_every_table(players, seed)
    assert session.state.winners()


def test_a_game_asks_every_kind_of_question() -> None:
    """The check above is not vacuous: the human meets each kind of question."""
    _, seen = play_and_check_every_table(2, 2)
    assert seen == {"rps", "set", "match", "special"}


def test_no_special_prompt_when_the_special_held_is_not_usable() -> None:
    # The human holds Focus! while a bot's set lands: Focus! is only for your own failing
    # roll, so the engine does not ask and the table shows the card without a prompt.
    state = table([["ollie"], ["kickflip"] * 2], [["focus"], []], setter=1, dice=[5])
    state.apply(1, SET("kickflip"))
    view = view_of(state)
    assert view.legal  # the human must now match: a match question, not a special one
    tree = tb.render(view)
    assert decisions(tree) == ["match"]
    assert not any(a["type"] in ("special", "pass") for a in drawn_actions(tree))
    assert [el.attrs["aria-label"] for el in by_class(tree, "special")] == [
        "Focus!: +1 to your roll"
    ]


def test_special_prompt_when_a_special_is_usable() -> None:
    state = table([["ollie"], ["kickflip"] * 2], [["psyche"], []], setter=1, dice=[])
    state.apply(1, SET("kickflip"))  # before the set roll, the human may psyche the setter
    tree = tb.render(view_of(state))
    assert decisions(tree) == ["special"]
    assert drawn_actions(tree) == [SPECIAL("psyche"), {"type": "pass"}]
    text = tree.text()
    assert "Bot 1 is about to roll to set a Kickflip (3). Play a special?" in text
    assert "No, go on" in text
    # Said as high as what: the roll-off against the psycher's own die.
    assert "Psyche! — roll off: if Bot 1 rolls lower, \u22121 on Bot 1's roll" in text


def test_after_window_prompt_names_the_failing_roll() -> None:
    state = table([["impossible"] * 4, ["ollie"]], [["focus"], []], dice=[3])
    state.apply(0, SET("impossible"))
    tree = tb.render(view_of(state))
    assert decisions(tree) == ["special"]
    assert "You rolled 3: too low for an Impossible (4)." in tree.text()
    assert "Focus! — +1: your 3 becomes 4" in tree.text()
    assert "No, accept the roll" in tree.text()


def test_after_window_prompt_of_a_double_names_the_roll_that_failed() -> None:
    # "You rolled 1 and 6: too low" read as if the 6 had failed too.
    state = table([["ollie"], ["shuv-it", "kickflip"]], [["focus"], []], setter=1, dice=[5, 1, 6])
    state.apply(1, SET("shuv-it"))
    state.apply(0, {"type": "double", "discard": "ollie"})
    text = tb.render(view_of(state)).text()
    assert "You rolled 1 and 6: the 1 is too low for a Shuv-it (2). Play a special?" in text
    roll = {"die": 1, "modifier": 0, "focus": 0, "total": 1, "success": False}
    assert tb.rolled_too_low([roll] * 2) == "You rolled 1 and 1: both too low"


def test_a_psyched_roll_says_what_the_die_showed_not_rolled_0() -> None:
    """Trickbook's lesson said "You rolled 0" (issue 36.5): the die showed 1 and Bot 1's
    Psyche! took 1 off. The prompt says both, as the engine adds them up."""
    from ui.lessons import lesson_for
    from ui.lessons.lesson import LessonSession

    session = LessonSession(lesson_for("trickbook"))
    while len(session.history) < 8:
        seat, action = session.next_move() or (None, None)
        session.act(seat, action)
    obs = session.observation()
    roll = obs["attempt"]["rolls"][0]
    assert (roll["die"], roll["modifier"], roll["total"]) == (1, -1, 0)
    text = tb.render(kit.PlayerView(session.game, obs, session.human_legal(), session.names))
    assert f"You rolled 1 {tb.MINUS} 1 (psyched) = 0: too low for a Heelflip (3)." in text.text()
    assert "You rolled 0" not in text.text()


def test_a_first_try_attempt_is_not_called_a_roll() -> None:
    state = table([["ollie"], ["360-flip"] * 2], [["steal-turn"], ["first-try"]], setter=1, dice=[])
    state.apply(1, SET("360-flip"))
    state.apply(1, SPECIAL("first-try"))
    text = tb.render(view_of(state)).text()
    assert "Bot 1 is about to set a 360 Flip (5) with First Try! (no roll). Play a special?" in text


def test_match_question_offers_the_single_match_and_each_discard() -> None:
    """The single match is a button; each card in your hand discards itself for two rolls."""
    state = table([["kickflip", "ollie"], ["kickflip"] * 2], setter=1, dice=[4])
    state.apply(1, SET("kickflip"))
    tree = tb.render(view_of(state))
    assert drawn_actions(tree) == [
        {"type": "match"},
        {"type": "double", "discard": "ollie"},
        {"type": "double", "discard": "kickflip"},
    ]
    text = tree.text()
    assert "Match Bot 1's Kickflip (3)." in text
    assert "Play your Kickflip: one roll, 3+" in text
    assert "Or discard a card below and roll twice (both 3+)." in text
    cards = [el for el in by_class(tree, "tb-card") if el.tag == "button"]
    assert [el.attrs["aria-label"] for el in cards] == [
        "Discard Ollie and roll twice",
        "Discard Kickflip and roll twice",
    ]


def test_set_question_makes_the_hand_cards_buttons() -> None:
    state = table([["kickflip", "ollie", "ollie"], ["heelflip"]])  # draws a 4th card first
    hand = [t["key"] for t in state.observation(0)["hand"]]
    assert len(hand) == 4
    tree = tb.render(view_of(state))
    assert decisions(tree) == ["set"]
    cards = [el for el in by_class(tree, "tb-card") if el.tag == "button"]
    labels = [el.attrs["aria-label"] for el in cards]
    assert "Set Kickflip, difficulty 3" in labels and "Set Ollie, difficulty 2" in labels
    assert [json.loads(el.attrs["data-action"])["trick"] for el in cards] == hand


# -- letters, dice, words ----------------------------------------------------------------------
def test_letters_are_marked_and_named_not_only_coloured() -> None:
    el = tb.letters_el(2, False)
    assert el.attrs["aria-label"] == "Letters: S, K earned (3 to go)"
    assert [c.attrs["class"] for c in el.children] == ["tb-letter earned"] * 2 + ["tb-letter"] * 3
    assert tb.letters_el(0, False).attrs["aria-label"] == "Letters: no letters yet"
    out = tb.letters_el(5, True)
    assert out.attrs["aria-label"] == "Letters: all five letters: S, K, A, T, E; out of the game"


def test_roll_math_shows_psyche_and_focus() -> None:
    m = tb.MINUS
    assert tb.roll_math(4, 0, 0) == "4"
    assert tb.roll_math(4, -1, 0) == f"4 {m} 1 = 3"
    assert tb.roll_math(4, 1, 1) == "4 + 1 = 5"
    assert tb.roll_math(3, 0, 1, words=True) == f"3 {m} 1 (psyched) + 1 (Focus!) = 3"


def test_log_lines_for_a_set_and_a_roll() -> None:
    names = NAMES[:2]
    set_event = {"type": "set_trick", "seat": 1, "trick": "kickflip", "difficulty": 3}
    assert tb.describe(set_event, names) == "Bot 1 set a Kickflip (3)."
    roll = {
        "type": "roll",
        "number": 7,
        "seat": 1,
        "for": "set",
        "die": 5,
        "modifier": 0,
        "total": 5,
        "target": 3,
        "success": True,
        "index": 0,
        "trick": "kickflip",
        "focus": 0,
    }
    assert tb.describe(roll, names) == "Bot 1 rolled 5 for the Kickflip (3): made it."
    low = {**roll, "seat": 0, "die": 3, "modifier": -1, "total": 2, "success": False}
    assert (
        tb.describe(low, names) == f"You rolled 3 {tb.MINUS} 1 = 2 for the Kickflip (3): too low."
    )
    psyche = {"type": "special", "seat": 1, "card": "psyche", "target": 0, "window": "before"}
    assert tb.describe(psyche, names) == "Bot 1 played Psyche! on you."
    letter = {"type": "letter", "seat": 0, "letter": "K", "count": 2}
    assert tb.describe(letter, names) == "You got the letter K: S K."


def test_every_event_of_many_games_has_words() -> None:
    """Every event type a game produces is described (or deliberately silent)."""
    silent = {"rps_chosen", "setter", "pass"}
    for seed in range(6):
        state = GAME.new_game(2 + seed % 4, seed)
        for step in range(3000):
            if state.is_over():
                break
            seat = state.acting()[0]
            action = make_bot("trickbook", "easy", seed * 7919 + step).choose(SeatView(state, seat))
            for event in state.apply(seat, action):
                line = tb.describe(event, NAMES[: state.num_players])
                if event["type"] in silent:
                    continue
                if event["type"] in ("draw", "special_drawn") and event["seat"] == 0:
                    continue  # the human's own 'drew' / 'special_card' lines say more
                assert line, event
        assert state.is_over()


def test_dice_are_drawn_with_pips_and_say_their_sum_and_result() -> None:
    specials = [["one-more", "focus"], ["psyche"]]
    state = table([["360-flip"] * 3 + ["ollie"], ["ollie"]], specials, dice=[4, 3, 3])
    state.apply(0, SET("360-flip"))
    state.apply(1, SPECIAL("psyche"))  # 4 vs 3: psyched out; then the set roll 3 - 1 = 2
    state.apply(0, SPECIAL("focus"))  # 3 - 1 + 1 = 3: still short of 5
    tree = tb.render(view_of(state))
    dice = by_class(tree, "die")
    assert len(dice) == 1
    d = dice[0]
    assert d.attrs["data-value"] == "3"
    assert len([p for p in d.children if p.attrs["class"] == "pip"]) == 3
    assert d.attrs["aria-label"] == (
        f"Your set die: 3 {tb.MINUS} 1 (psyched) + 1 (Focus!) = 3, needs 5, too low"
    )
    caption = by_class(tree, "tb-die")[0].text()
    assert f"3 {tb.MINUS} 1 + 1 = 3 · needs 5" in caption and "✗ too low" in caption


def test_psyche_roll_off_shows_both_dice() -> None:
    state = table([["ollie"], ["kickflip"] * 2], [["psyche"], []], setter=1, dice=[5, 2, 6])
    state.apply(1, SET("kickflip"))
    state.apply(0, SPECIAL("psyche"))  # 5 vs 2: Bot 1 psyched out, then rolls 6 - 1 = 5
    obs = state.observation(0)
    assert obs["phase"] == "match"  # the set landed; the human matches next
    assert [(r["for"], r["die"], r["total"]) for r in tb.dice_shown(obs)] == [("set", 6, 5)]
    # The roll-off itself, as the last throw before the attempt's roll:
    before = {**obs, "attempt": None, "last_rolls": obs["last_rolls"][:-1]}
    pair = tb.dice_shown(before)
    assert [(r["role"], r["die"]) for r in pair] == [("attack", 5), ("defend", 2)]


def test_situation_says_whose_trick_is_being_matched() -> None:
    # Bot 1 has no Shuv-it, so it discards for two rolls; the human may psyche it first
    state = table([["shuv-it"], ["ollie"]], [["psyche"], []], setter=0, dice=[4])
    state.apply(0, SET("shuv-it"))
    state.apply(1, {"type": "double", "discard": "ollie"})
    assert tb.situation(view_of(state)) == "Bot 1 is matching your Shuv-it (2) with two rolls."
    # the human matches; Bot 1 may psyche
    state = table([["shuv-it"], ["shuv-it"]], [[], ["psyche"]], setter=1, dice=[4])
    state.apply(1, SET("shuv-it"))
    state.apply(0, {"type": "match"})
    assert tb.situation(view_of(state)) == "You are matching Bot 1's Shuv-it (2)."


def test_double_match_shows_both_dice_after_it_resolves() -> None:
    state = table([["kickflip", "ollie", "ollie"], ["kickflip"] * 2], setter=1, dice=[4, 5, 2])
    state.apply(1, SET("kickflip"))
    state.apply(0, {"type": "double", "discard": "ollie"})  # 5 and 2: missed, letter S
    obs = state.observation(0)
    assert obs["letters"][0] == 1
    shown = tb.dice_shown(obs)
    assert [(r["die"], r["index"], r["of"]) for r in shown] == [(5, 0, 2), (2, 1, 2)]
    words = [tb.die_words(r, NAMES[:2]) for r in shown]
    assert words[0][0] == "You: match 1/2" and words[1][2] == "✗ too low"


def test_older_dice_are_not_shown_under_a_new_trick() -> None:
    hands = [["kickflip", "ollie"], ["heelflip"] * 3]
    state = table(hands, [["psyche"], []], setter=1, dice=[1, 2], special_deck=[])
    state.apply(1, SET("heelflip"))  # the human may psyche first; passes
    state.apply(0, PASS)  # roll 1: a 1 misses; the human sets next
    tree = tb.render(view_of(state))
    assert "Last roll" in tree.text() and len(by_class(tree, "die")) == 1
    state.apply(0, SET("kickflip"))  # roll 2: a 2 misses; Bot 1 sets
    state.apply(1, SET("heelflip"))  # the human is asked about Psyche! before any roll
    obs = state.observation(0)
    assert obs["sequence_from"] == 3 and [r["number"] for r in obs["last_rolls"]] == [1, 2]
    assert tb.dice_shown(obs) == []
    tree = tb.render(view_of(state))
    assert by_class(tree, "die") == [] and "Last roll" not in tree.text()


def rolling_dice(tree: El) -> list[str]:
    return [d.attrs["data-value"] for d in by_class(tree, "die") if "rolling" in d.attrs["class"]]


def test_new_dice_roll_in_once_and_never_under_reduced_motion() -> None:
    state = table([["kickflip"] * 2, ["heelflip"] * 3], dice=[2, 5])
    assert tb.fresh_dice(state.observation(0)) == frozenset()  # nothing rolled yet
    state.apply(0, SET("kickflip"))  # roll 1: a 2 misses; Bot 1 sets
    obs = state.observation(0)
    assert tb.fresh_dice(obs) == {1}
    assert tb.fresh_dice(obs) == {1}  # a redraw of the same table keeps it rolling
    state.apply(1, SET("heelflip"))  # roll 2: a 5 lands; the human must match
    obs = state.observation(0)
    assert tb.fresh_dice(obs) == {2}
    assert tb.fresh_dice(GAME.new_game(2, 1).observation(0)) == frozenset()  # a new game

    for reduced, rolling in ((False, ["5"]), (True, [])):
        tree = tb.render(view_of(state, reduced_motion=reduced))
        assert [d.attrs["data-value"] for d in by_class(tree, "die")] == ["5"]
        assert rolling_dice(tree) == rolling


def test_a_move_that_rolls_nothing_makes_the_dice_old() -> None:
    state = table([["kickflip"] * 2, ["kickflip"]], [["psyche"], []], dice=[5])
    state.apply(0, SET("kickflip"))  # roll 1: a 5 lands; Bot 1 must match
    assert rolling_dice(tb.render(view_of(state))) == ["5"]
    state.apply(1, MATCH)  # no roll yet: the human may psyche Bot 1 first
    tree = tb.render(view_of(state))
    assert [d.attrs["data-value"] for d in by_class(tree, "die")] == ["5"]  # still shown
    assert rolling_dice(tree) == []  # but old


def test_two_games_do_not_share_which_dice_are_new() -> None:
    """Nothing outlives a table: drawing one game leaves another's new dice as they were
    (a table-wide memory made the first roll of a second game look old)."""
    first = table([["kickflip"] * 2, ["heelflip"] * 3], dice=[5])
    second = table([["kickflip"] * 2, ["heelflip"] * 3], dice=[6])
    first.apply(0, SET("kickflip"))  # roll 1 of the first game
    assert rolling_dice(tb.render(view_of(first))) == ["5"]
    assert rolling_dice(tb.render(view_of(second))) == []  # nothing rolled there yet
    assert rolling_dice(tb.render(view_of(first))) == ["5"]
    second.apply(0, SET("kickflip"))  # roll 1 of the second game rolls in too
    assert rolling_dice(tb.render(view_of(second))) == ["6"]
    playing, waiting = Session("trickbook", 2, 5, "easy"), Session("trickbook", 2, 5, "easy")
    for _ in range(200):
        if playing.observation()["move_rolls"]:
            break
        seat = playing.next_bot()
        if seat is None:
            playing.act(playing.human, playing.human_legal()[0])
        else:
            playing.bot_move(seat)
    assert tb.fresh_dice(playing.observation())
    assert tb.fresh_dice(waiting.observation()) == frozenset()


# -- game over -----------------------------------------------------------------------------
def test_game_over_shows_letters_who_is_out_and_the_winner() -> None:
    session, _ = play_and_check_every_table(3, 8)
    state = session.state
    view = kit.PlayerView(
        game=session.game, obs=session.observation(), legal=[], names=session.names
    )
    over = game_over_screen(session, view)
    headers = [el.text() for el in over.walk() if el.tag == "th" and el.attrs.get("scope") == "col"]
    assert headers[:2] == ["Player", "Letters to spare"]
    winner = state.winners()[0]
    title = next(el for el in over.walk() if el.tag == "h2").text()
    expected = "You win!" if winner == 0 else f"{session.names[winner]} wins"
    assert expected in title
    final = by_class(over, "tb-final")[0]
    rows = [[td.text() for td in tr.children] for tr in final.walk() if tr.tag == "tr"][1:]
    for seat, row in enumerate(rows):
        assert row[0] == session.names[seat]
        assert row[1] == (" ".join("SKATE"[: state.letters[seat]]) or "–")
        assert row[2] == (f"winner {WINNER_SYMBOL}" if seat == winner else "out")


# -- rule facts come from the engine -----------------------------------------------------------
def test_the_table_prints_the_engines_special_texts_and_keeps_no_hint_or_bot_internals() -> None:
    assert not hasattr(tb, "hint_reason") and not hasattr(tb, "FRESH")
    source = Path(tb.__file__).read_text(encoding="utf-8")
    assert "pygame_rules.bots" not in source and "json.dumps" not in source
    for key in ("psyche", "focus", "first-try", "steal-turn", "one-more"):
        text = special_text(key)
        assert tb.special_effect(key) == text.replace("-1", f"{tb.MINUS}1")
        card = tb.special_card({"key": key, "name": "Name"})
        assert card.attrs["aria-label"] == f"Name: {tb.special_effect(key)}"


# -- the hint's reasons ------------------------------------------------------------------
def reason(action: dict, state: Any, seat: int) -> str | None:
    """The hint's reason for `seat`, as the bot module words it (`BOTS.explain`)."""
    assert BOTS.explain is explain
    return explain(SeatView(state, seat), action, NAMES[: state.num_players])


def test_trickbook_reasons_weigh_the_roll_the_turn_and_the_specials() -> None:
    state = table([["kickflip", "hardflip"], ["kickflip", "ollie"]], [[], ["one-more"]],
                  dice=[6, 2, 6])  # fmt: skip
    assert reason(SET("kickflip"), state, 0) == (
        "sets the Kickflip: it lands on a 3 or more (4 in 6), and every landed set keeps "
        "your turn and costs each rival a card"
    )
    state.apply(0, SET("kickflip"))
    assert reason(MATCH, state, 1) == (
        "one roll with your own Kickflip beats two: it lands on a 3 or more (4 in 6)"
    )
    state.apply(1, MATCH)  # rolls a 2: One More! could save the letter
    assert "keeps One More! for a set of your own" in reason(PASS, state, 1)
    assert reason(SPECIAL("one-more"), state, 1) == (
        "One More!: reroll the failed die; it saves you a letter"
    )
    state.letters[1] = 4
    assert reason(PASS, state, 1) == "keeps One More! for later"
    assert reason(SPECIAL("one-more"), state, 1) == (
        "One More!: reroll the failed die; this letter would put you out"
    )
    state.letters[1] = 0
    state.apply(1, PASS)  # a letter for seat 1; seat 0 sets again
    state.apply(0, SET("hardflip"))
    assert reason(DOUBLE("ollie"), state, 1) == (
        "no Hardflip in hand: discards the Ollie to roll twice, and both rolls must land: "
        "it lands on a 6 or more (1 in 6)"
    )


def test_trickbook_reasons_for_first_try_steal_turn_and_psyche() -> None:
    state = table([["hardflip", "ollie"], ["ollie"]], [["first-try"], []])
    assert reason(SET("hardflip"), state, 0) == (
        "sets the Hardflip to land it with First Try!: few rivals will match it, and your "
        "turn goes on"
    )
    state.apply(0, SET("ollie"))
    assert reason(PASS, state, 0) == (
        "keeps First Try! for a harder set: it lands on a 2 or more (5 in 6) anyway"
    )
    state = table([["ollie"], ["kickflip"], ["ollie"]], [["steal-turn", "psyche"], [], []],
                  setter=1)  # fmt: skip
    state.apply(1, SET("kickflip"))
    assert reason(SPECIAL("steal-turn"), state, 0) == (
        "Steal Turn! ends this sequence with no letters, and you set next"
    )
    assert reason(SPECIAL("psyche"), state, 0) == (
        f"Psyche! may give Bot 1 {tb.MINUS}1 on this roll"
    )
