"""An embedded hand or puzzle (ui/share/embeds.py): its link round-trips in every game, a
link cut short or damaged says so in plain words, and what the frames show comes from the
moves alone (the puzzle: only what the player knew)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from endings import played_game

import pygame_rules
from tools import demo_post
from ui.play.session import Session
from ui.review.replay import finished_hands, review_span
from ui.review.screen import review_screen
from ui.share.embeds import iframe_code, view_query
from ui.share.links import parse_link
from ui.share.puzzle import answer_panel, move_words
from ui.words import verb

GAMES = list(pygame_rules.GAME_IDS)


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Session:
    return played_game(request.param)


def first_choice(session: Session, start: int, stop: int) -> int:
    """How many of the hand's moves come before the player's first choice among several."""
    review = review_span(session, start, stop)
    return next(i for i, step in enumerate(review.steps[1:]) if step.choices > 1)


def test_a_hand_link_round_trips(game: Session) -> None:
    start, stop = finished_hands(game)[-1]
    req = parse_link(view_query(game, "hand", start, stop, 3))
    assert (req.view, req.view_from, req.view_at, req.view_problem) == ("hand", start, 3, "")
    assert req.history == game.history[:stop]
    assert req.messages == [] and not req.start  # shown, never a game to play on


def test_a_puzzle_link_round_trips_at_the_players_choice(game: Session) -> None:
    start, stop = finished_hands(game)[0]
    at = first_choice(game, start, stop)
    req = parse_link(view_query(game, "puzzle", start, stop, at))
    assert (req.view, req.view_from, req.view_at, req.view_problem) == ("puzzle", start, at, "")
    assert req.history is not None and req.history[start + at][0] == game.human


def test_a_frames_colours_are_in_its_link_before_its_moves(game: Session) -> None:
    start, stop = finished_hands(game)[0]
    query = view_query(game, "hand", start, stop, 0, "auto")
    assert query.index("&theme=auto&") < query.index("&moves=")
    assert "theme=" not in view_query(game, "hand", start, stop, 0)  # light: as by default
    req = parse_link(query)
    assert (req.view, req.messages) == ("hand", [])


def test_a_link_cut_short_says_how_many_moves_it_lost(game: Session) -> None:
    start, stop = finished_hands(game)[0]
    query = view_query(game, "hand", start, stop, 0)
    req = parse_link(query[:-3])
    assert req.view is None and req.history is None
    assert req.view_problem.startswith("This hand cannot be shown: the link is cut short")
    cut_before_moves = parse_link(query[: query.index("&n=")])
    assert "cut short or damaged" in cut_before_moves.view_problem


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (("show=hand", "show=video"), "An embedded view 'video' is not one of hand, puzzle."),
        (("&seed=", "&sd="), "the link has no deal number"),
        (("&at=2", "&at=999"), "where it starts is not one of its moves"),
        (("&at=2", "&at=-1"), "where it starts is not one of its moves"),
        (("&from=0", "&from=x"), "where it starts is not one of its moves"),
        (("&moves=", "&moves=%00"), "cut short or damaged (move 1 is not written as a move)"),
    ],
)
def test_a_damaged_link_says_what_is_wrong(change: tuple[str, str], problem: str) -> None:
    session = played_game("magic-trick-baker")
    start, stop = finished_hands(session)[0]
    query = view_query(session, "hand", start, stop, 2).replace(*change)
    req = parse_link(query)
    assert req.view is None and problem in req.view_problem


def test_a_puzzle_asks_only_about_the_players_own_moves() -> None:
    session = played_game("magic-trick-wray")
    bot_move = next(i for i, (seat, _) in enumerate(session.history) if seat != session.human)
    query = view_query(session, "puzzle", 0, len(session.history), bot_move)
    assert "its question is not a move of the player's" in parse_link(query).view_problem
    at_the_end = view_query(session, "puzzle", 0, len(session.history), len(session.history))
    assert "not a move of the player's" in parse_link(at_the_end).view_problem


def test_view_query_refuses_moves_that_are_not_the_games() -> None:
    session = played_game("trick-of-trip")
    with pytest.raises(ValueError):
        view_query(session, "hand", 5, 2, 0)
    with pytest.raises(ValueError):
        view_query(session, "replay", 0, 3, 0)


def test_an_embedded_hand_replays_its_moves_for_reading_only(game: Session) -> None:
    """The frame's session records the link's moves (`Session.record`: no take-back
    snapshots, log or sounds) and shows what the played game's review shows."""
    from ui.share.hand_view import HandView

    read = Session(game.game_id, game.players, game.seed, "hard", game.options)
    for seat, action in game.history:
        read.record(seat, action)
    assert (read.history, read.move_ends) == (game.history, game.move_ends)
    assert read.score_marks == game.score_marks and read.is_over() == game.is_over()
    assert read.log == [] and read.cues == [] and read.take_back_refusal() is not None
    for start, _ in finished_hands(game)[-2:]:
        shown, played = HandView.of(read, start, 2), HandView.of(game, start, 2)
        assert shown.review.title == played.review.title
        assert review_screen(shown.review, at_table=False) == review_screen(
            played.review, at_table=False
        )
    with pytest.raises(pygame_rules.IllegalAction):
        read.record(0, {"type": "no such move"})
    assert read.history == game.history  # an illegal move changes nothing


def test_a_span_is_named_for_a_reader_who_never_saw_the_game(game: Session) -> None:
    spans = finished_hands(game)
    start, stop = spans[-1]
    last = review_span(game, start, stop)
    word = game.game.hand_name
    if len(spans) > 1:
        assert last.title == f"{game.game.title}: {word} {len(spans)}" and last.kind == word
    whole = review_span(game, 0, len(game.history))
    assert (whole.title, whole.kind) == (f"{game.game.title}: the whole game", "game")


def test_the_review_offers_a_puzzle_only_before_a_choice_of_the_players(game: Session) -> None:
    start, stop = finished_hands(game)[0]
    review = review_span(game, start, stop)
    for at, step in enumerate(review.steps[1:]):
        review.at = at
        labels = review_screen(review).text()
        asks = step.seat == game.human and step.choices > 1
        assert ("Embed as a puzzle" in labels) == asks
        assert f"Embed this {review.kind}" in labels
    embedded = review_screen(review, at_table=False).text()
    assert "Embed" not in embedded and "Close" not in embedded


def test_a_puzzles_moves_are_told_without_what_followed_them() -> None:
    """A Trickbook pass is followed by the setter's roll: the puzzle tells the pass only."""
    session = played_game("trickbook", seed=3)
    for seat, action in session.history:
        if seat == session.human and action["type"] == "pass":
            break
    else:
        pytest.fail("no pass in this game")
    replayed = Session("trickbook", session.players, session.seed, "easy")
    for s, a in session.history:
        if s == seat and a is action:
            break
        replayed.act(s, a)
    assert move_words(replayed, action) == "You pass."
    assert verb("You", "passes") == "pass" and verb("You", "watches") == "watch"


def test_the_answer_names_the_three_moves_and_the_bots_reason() -> None:
    session = Session("magic-trick-baker", 2, 11, "easy")
    while not session.human_legal() or len(session.human_legal()) < 2:
        seat = session.state.acting()[0]
        session.bot_move(seat) if seat != session.human else session.act(
            seat, session.human_legal()[0]
        )
    first, second = session.human_legal()[:2]
    waiting = answer_panel(session, first, first, None).text()
    assert "Played in the gameThe same move." in waiting and "Thinking…" in waiting
    done = answer_panel(session, first, second, (first, "it keeps the trump")).text()
    assert move_words(session, second) in done
    assert "Why" in done and "It keeps the trump." in done
    assert "You chose as the Hard bot does." in done


def test_the_pasted_frame_has_a_fixed_height_and_a_title() -> None:
    code = iframe_code("https://example.org/embed.html?show=hand", "Trickbook: a hand", "hand")
    assert 'title="Trickbook: a hand"' in code and "height:480px" in code
    assert "max-width:800px" in code and 'loading="lazy"' in code


def test_the_demo_post_embeds_a_hand_and_a_puzzle_of_every_game(tmp_path: Path) -> None:
    """tools/demo_post.py (the built site's /demo/): each frame's link shows what it says."""
    page = demo_post.write_demo(tmp_path).read_text()
    sources = re.findall(r'src="\.\./embed\.html(\?[^"]+)"', page)
    shown = [(req.game_id, req.view) for req in map(parse_link, sources)]
    assert shown == [(g, view) for g in GAMES for view in ("hand", "puzzle")]
    assert all(not parse_link(query).view_problem for query in sources)


def test_a_split_or_a_pick_is_told_by_its_cards() -> None:
    """Trick of Trip's split and pick say nothing in the log; the puzzle names the sets."""
    from pygame_rules.trick_of_trip import card_name

    def named(cards: list[int]) -> str:
        return ", ".join(card_name(card) for card in cards)

    session = Session("trick-of-trip", 3, 4, "easy")
    split = session.human_legal()[0]
    first, second = split["sets"]
    assert move_words(session, split) == (
        f"You split your cards into [{named(first)}] and [{named(second)}]."
    )
    for seat in session.waiting_for():
        choices = session.state.legal_actions(seat)
        session.act(seat, split if seat == session.human else choices[0])
    offered = next(s for s in session.observation()["stands"] if s["receiver"] == 0)
    taken = move_words(session, {"type": "pick", "set": 1})
    assert taken == f"You take {named(offered['sets'][1])}."


def test_every_move_of_the_players_is_told_as_theirs_and_no_more(game: Session) -> None:
    """Each of the player's moves in a whole game, as a puzzle's answer tells it: the
    player's own words ("You …"), never a move the log leaves unsaid ("You move.") and
    never what only followed it (a die rolled, the Laws a blind pick turned up)."""
    replayed = Session(game.game_id, game.players, game.seed, "easy", game.options)
    for seat, action in game.history:
        if seat == replayed.human:
            said = move_words(replayed, action)
            assert said.startswith("You ") and said[-1] in ".!" and said != "You move."
            assert "rolled" not in said and "The Laws" not in said, said
        replayed.act(seat, action)
