"""The computer through the worker's JSON API: ``think`` and ``hint`` in
slices, ``levels``, and searches dropped when the game changes.

The levels' time caps are lifted to ten minutes here (the ``lifted_time_caps`` fixture), so a
busy machine cannot cut a search short and every answer is the node
budget's: the same as ``best_move`` with the same level and seed.
"""

from __future__ import annotations

import json

import pytest

import sharah_web
from sharah_web import bridge, search

from helpers import game_with, call, ok, fail

NODIE = {"variant": "oblong-shatranj", "options": {"die": "false"}}
OPENING = ["b5b6", "c12c11", "c2d4"]      # three plies of Oblong Shatranj without die


@pytest.fixture(autouse=True)
def fresh(lifted_time_caps):
    bridge.reset()
    yield
    bridge.reset()


def open_board(board="b", **extra):
    return ok(cmd="open", board=board, **{**NODIE, "moves": OPENING, **extra})["state"]


def think_to_the_end(cmd="think", board="b", **req) -> tuple[dict, int]:
    """Slices until the move comes; the answer and how many slices it took."""
    for slices in range(1, 10_000):
        out = ok(cmd=cmd, board=board, slice_ms=5, **req)
        if not out["thinking"]:
            return out, slices
        assert out["nodes"] > 0 and out["seconds"] >= 0
    raise AssertionError("the search never ended")


def the_game(moves=OPENING):
    game = sharah_web.new_game("oblong-shatranj", die=False)
    for m in moves:
        game.play(m)
    return game


# ------------------------------------------------------------------ levels

def test_levels_come_from_the_engine():
    open_board()
    out = ok(cmd="levels", board="b")
    assert out["computer"] is True
    assert [(lv["level"], lv["name"], lv["label"], lv["default"]) for lv in out["levels"]] == [
        (1, "sparring", "Sparring", False), (2, "default", "Default", True),
        (3, "strongest", "Strongest", False)]
    assert all(lv["about"].endswith(".") for lv in out["levels"])


def test_a_diagram_has_no_computer():
    open_board(mode="diagram")
    assert ok(cmd="levels", board="b")["computer"] is False
    assert fail(cmd="think", board="b", level=1) == \
        "only a game board plays against the computer (this board is a diagram)"


# ------------------------------------------------------------------- think

@pytest.mark.parametrize("level, seed", [(1, 4), (2, 9)])
def test_think_to_the_end_is_best_move_and_plays_nothing(level, seed):
    before = open_board()
    out, slices = think_to_the_end(level=level, seed=seed)
    move, info = search.best_move(the_game(), level, seed=seed)
    assert out["move"] == move.notation and out["thinking"] is False and out["hint"] is False
    assert out["side"] == "black" and out["level"] == level
    names = the_game().variant.geometry.names
    assert (out["from"], out["to"], out["drop"]) == (names[move.frm], names[move.to], None)
    assert {k: v for k, v in out["info"].items() if k != "seconds"} == \
        {k: v for k, v in json.loads(json.dumps(info)).items() if k != "seconds"}
    assert slices > 1                                # it really ran in slices
    after = ok(cmd="state", board="b")["state"]
    assert after["history"] == before["history"] and after["position"] == before["position"]
    played = ok(cmd="play", board="b", move=out["move"])["state"]
    assert played["ply"] == 4 and played["last"]["n"] == move.notation


def test_a_think_continues_while_the_game_is_unchanged():
    open_board()
    first = ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    assert first["thinking"] is True and first["depth"] >= 0
    ok(cmd="state", board="b")                       # looking does not drop the search
    ok(cmd="flip", board="b")
    ok(cmd="explain", board="b", **{"from": "a1"})
    second = ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    assert second["thinking"] is True and second["nodes"] > first["nodes"]


def test_undo_drops_the_search_in_progress():
    open_board()
    first = ok(cmd="think", board="b", level=3, seed=1, slice_ms=3)
    assert first["thinking"] is True
    board = bridge._boards["b"]
    old = board.thinker
    assert old is not None and old.nodes == first["nodes"]
    ok(cmd="undo", board="b")                        # the computer's opponent takes back c2d4
    assert board.thinker is None
    out, _ = think_to_the_end(level=1, seed=2)       # a new search, for White
    assert out["side"] == "white"
    assert out["move"] == search.best_move(the_game(OPENING[:2]), 1, seed=2)[0].notation


@pytest.mark.parametrize("change", [
    {"cmd": "play", "move": "a14a13"},     # Black (the computer's side) moved by hand
    {"cmd": "restart"},
    {"cmd": "shortcut", "name": "nothing"},  # fails: changes nothing, keeps the search
])
def test_a_change_drops_the_search_and_a_failed_command_does_not(change):
    open_board()
    ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    board = bridge._boards["b"]
    thinker = board.thinker
    out = call(board="b", **change)
    if out["ok"]:
        assert board.thinker is None
    else:
        assert board.thinker is thinker


def test_a_search_for_another_level_or_seed_starts_afresh():
    open_board()
    ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    first = bridge._boards["b"].thinker
    ok(cmd="think", board="b", level=3, seed=2, slice_ms=2)
    assert bridge._boards["b"].thinker is not first
    out, _ = think_to_the_end(level=1, seed=3)
    assert out["move"] == search.best_move(the_game(), 1, seed=3)[0].notation


def test_close_drops_the_board_and_its_search():
    open_board()
    ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    ok(cmd="close", board="b")
    assert fail(cmd="think", board="b", level=3, seed=1) == "no board 'b' is open"


@pytest.mark.parametrize("req, message", [
    ({"level": 4}, "level is one of 1, 2, 3, not 4"),
    ({"level": "strong"}, "level is one of 1, 2, 3, not 'strong'"),
    ({"level": 2, "seed": 1.5}, "the seed must be a whole number, not 1.5"),
    ({"level": 2, "seed": True}, "the seed must be a whole number, not True"),
    ({"level": 2, "slice_ms": 0}, "slice_ms is a number of milliseconds from 1 to 10000, not 0"),
    ({"level": 2, "slice_ms": "fast"},
     "slice_ms is a number of milliseconds from 1 to 10000, not 'fast'"),
])
def test_bad_requests_say_why_and_change_nothing(req, message):
    open_board()
    before = ok(cmd="state", board="b")["state"]     # open's answer has no saved game (BoardState.saved)
    ok(cmd="think", board="b", level=3, seed=1, slice_ms=2)
    thinker = bridge._boards["b"].thinker
    assert fail(cmd="think", board="b", **req) == message
    assert bridge._boards["b"].thinker is thinker       # the search in progress is kept
    assert ok(cmd="state", board="b")["state"] == before


def test_a_finished_game_has_nothing_to_think_about():
    game = game_with("oblong-shatranj", {"a16": "k", "b1": "R", "c2": "R", "d1": "K", "d10": "p"},
                     "w 0", die=False)
    ok(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
       position=game.position(), moves=["c2a2"])
    assert fail(cmd="think", board="b", level=1) == \
        "The game is over: White wins: black is checkmated."


def test_the_computer_finds_the_mate_through_the_bridge():
    game = game_with("oblong-shatranj", {"a16": "k", "b1": "R", "c2": "R", "d1": "K", "d10": "p"},
                     "w 0", die=False)
    ok(cmd="open", board="b", variant="oblong-shatranj", options={"die": "false"},
       position=game.position())
    for level in (1, 2, 3):
        out, _ = think_to_the_end(level=level, seed=level)
        assert out["move"] == "c2a2" and out["info"]["win_in"] == 1 and out["info"]["stopped"] == "won"


def test_the_die_is_rolled_by_the_engine_after_the_computer_moves():
    ok(cmd="open", board="b", variant="oblong-shatranj", seed=5)
    out, _ = think_to_the_end(level=1, seed=1)
    state = ok(cmd="play", board="b", move=out["move"])["state"]
    assert state["ply"] == 1 and state["to_move"] == "black"
    assert [b["name"] for b in state["badges"]] == ["die"]


# -------------------------------------------------------------------- hint

def test_hint_is_the_default_level_and_plays_nothing():
    before = open_board()
    out, slices = think_to_the_end(cmd="hint")
    assert out["hint"] is True and out["level"] == search.DEFAULT_LEVEL and slices > 1
    assert out["move"] == search.hint(the_game()).notation
    assert out["name"] and out["side"] == "black"
    assert ok(cmd="state", board="b")["state"]["ply"] == before["ply"] == 3


def test_a_hint_and_a_think_do_not_share_a_search():
    open_board()
    ok(cmd="think", board="b", level=2, seed=0, slice_ms=2)
    thinker = bridge._boards["b"].thinker
    assert ok(cmd="hint", board="b", slice_ms=2)["hint"] is True
    assert bridge._boards["b"].thinker is not thinker
