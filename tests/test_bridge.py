"""The worker's JSON API (sharah_web.bridge.handle), in CPython."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sharah_web
from sharah_web import bridge, session
from sharah_web.notation import move_numbers, split_roll
from sharah_web.variants import VARIANTS

from helpers import call, ok, fail

NODIE = {"variant": "oblong-shatranj", "options": {"die": "false"}}
STATE_KEYS = {"board", "mode", "svg", "status", "badges", "badges_html", "to_move", "sides", "orientation",
              "result", "moves", "history", "history_sides", "history_numbers", "history_kinds", "ply", "min_ply", "last",
              "pieces", "position", "can_undo", "can_redo", "changed", "options", "hand", "shortcuts",
              "undo_shortcut", "future", "moves_html", "future_html", "hand_html", "shortcuts_html",
              "free_html", "options_html", "node", "tree_html", "puzzle", "saved", "unsaved"}


@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def open_board(board="b", **extra):
    return ok(cmd="open", board=board, **{**NODIE, **extra})["state"]


# -------------------------------------------------------------------- open

def test_open_state():
    s = open_board(uid="sharah-x-1")
    assert set(s) == STATE_KEYS
    assert s["board"] == "b" and s["mode"] == "game" and s["to_move"] == "white"
    assert s["svg"].startswith("<svg") and 'data-uid="sharah-x-1"' in s["svg"]
    assert s["status"] == "White to move" and s["badges"] == [] and s["result"] is None
    assert s["history"] == [] and s["last"] is None and not s["can_undo"] and not s["can_redo"]
    assert s["history_numbers"] == [] and s["hand"] == [] and s["shortcuts"] == [] and s["undo_shortcut"] is None
    assert s["position"] == sharah_web.new_game("oblong-shatranj", die=False).position()
    knight = [m for m in s["moves"] if m["from"] == "b2"]
    # a plain move says only its squares: no drop, label, other kind or capture
    assert knight == [{"n": "b2c4", "from": "b2", "to": "c4"}, {"n": "b2a4", "from": "b2", "to": "a4"}]
    assert s["pieces"]["b2"] == {"side": "white", "kind": "knight", "name": "Knight"}
    assert s["changed"] is False
    # the game options, as the engine describes them, with this game's values
    assert s["options"] == sharah_web.variant("oblong-shatranj", die=False).option_specs()
    die = next(o for o in s["options"] if o["name"] == "die")
    assert die == {"name": "die", "label": "Die", "type": "bool", "choices": [], "default": True,
                   "value": False, "doc": "the die decides which kind may move"}
    setup = next(o for o in s["options"] if o["name"] == "setup")
    assert setup["type"] == "int" and setup["choices"] == [1, 2, 3, 4, 5, 6, 7] and setup["value"] == 1


def test_open_with_position_moves_and_orientation():
    s = open_board(moves=["b5b6", "c12c11"], orientation="black")
    assert s["history"] == ["b5b6", "c12c11"] and s["history_sides"] == ["white", "black"]
    assert s["history_numbers"] == ["1.", ""]
    assert s["last"] == {"n": "c12c11", "name": "c12c11", "side": "black", "from": "c12", "to": "c11",
                         "captures": []}
    assert s["orientation"] == "black" and 'data-orientation="black"' in s["svg"]
    assert s["can_undo"]


@pytest.mark.parametrize("extra, message", [
    ({"variant": "chess960"}, f"unknown game 'chess960' (known: {', '.join(sorted(VARIANTS))})"),
    ({"options": {"dice": "no"}}, "oblong-shatranj has no option 'dice' (options: setup, die, promotion, bare_king)"),
    ({"position": "4/4 w"}, "the board has 16 ranks, the text gives 2"),
    ({"moves": ["a1a5"]}, "move 1 (a1a5): a1a5: the elephant (fil) on a1 cannot move to a5"),
    ({"orientation": "red"}, "orientation must be one of white, black, not 'red'"),
    ({"mode": "solo"}, "unknown mode 'solo'"),
    ({"seed": "x"}, "the seed must be a whole number, not 'x'"),
])
def test_open_errors(extra, message):
    assert fail(cmd="open", board="b", **{**NODIE, **extra}) == message
    assert fail(cmd="state", board="b") == "no board 'b' is open"


# -------------------------------------------------------------------- play

def test_play_undo_redo_restart_flip():
    open_board()
    s = ok(cmd="play", board="b", move="b2c4")["state"]
    assert s["history"] == ["b2c4"] and s["to_move"] == "black" and s["can_undo"]
    assert 'class="hl-last"' in s["svg"]
    s = ok(cmd="undo", board="b")["state"]
    assert s["history"] == [] and s["can_redo"] and not s["can_undo"]
    s = ok(cmd="redo", board="b")["state"]
    assert s["history"] == ["b2c4"] and not s["can_redo"]
    s = ok(cmd="flip", board="b")["state"]
    assert s["orientation"] == "black" and s["history"] == ["b2c4"]
    s = ok(cmd="restart", board="b")["state"]
    assert s["history"] == [] and s["orientation"] == "black"
    assert fail(cmd="undo", board="b") == "nothing to undo"
    assert fail(cmd="redo", board="b") == "nothing to redo"


def test_illegal_move_leaves_the_game_unchanged():
    open_board()
    before = ok(cmd="play", board="b", move="b2c4")["state"]
    for move, message in [
        ("a1a5", None),                        # not a white move: black to move
        ("c15c13", "c15c13: the knight on c15 cannot move to c13"),
        ("zz", "'zz' is not a move: write the from-square then the to-square, like b2b3"),
        ("", "empty move"),
    ]:
        error = fail(cmd="play", board="b", move=move)
        if message:
            assert error == message
        after = ok(cmd="state", board="b")["state"]
        assert after == before
    assert fail(cmd="play", board="b", move=5) == "the move must be text"
    assert ok(cmd="state", board="b")["state"] == before


def test_captures_are_reported_and_drawn():
    s = open_board(position="4/1k2/4/4/4/4/4/4/4/4/4/4/2n1/1P2/4/2K1 w 0")
    take = [m for m in s["moves"] if m["from"] == "b3" and m["to"] == "c4"]
    assert take and take[0]["captures"] == ["c4"]
    s = ok(cmd="play", board="b", move="b3c4")["state"]
    assert s["last"]["captures"] == ["c4"]
    assert 'class="hl-capture"' in s["svg"]


def test_labelled_choices_share_squares():
    s = open_board(options={"die": "false", "promotion": "any"},
                   position="4/P2k/4/4/4/4/4/4/4/4/4/4/4/4/4/1K2 w 0")
    promos = [m for m in s["moves"] if m["from"] == "a15"]
    assert {m["to"] for m in promos} == {"a16"} and len(promos) == 4
    assert [m["label"] for m in promos] == ["promote to General (firzan)", "promote to Elephant (fil)",
                                            "promote to Knight", "promote to Rook (rukh)"]
    s = ok(cmd="play", board="b", move="a15a16=R")["state"]
    assert s["pieces"]["a16"]["kind"] == "rook"


# --------------------------------------------------------------------- die

def test_die_badges_and_pass():
    s = ok(cmd="open", board="d", variant="oblong-shatranj", seed=5)["state"]
    assert s["badges"] == [{"name": "die", "value": "5", "detail": "General (firzan) moves"}]
    assert 'class="sharah-badge sharah-badge-die"' in s["badges_html"]
    assert s["badges_html"].count("<circle") == 5
    free = [m for m in s["moves"] if m["from"] is None and m["to"] is None]
    assert free == [{"n": "pass", "from": None, "to": None,
                     "label": "pass (lift and drop the king)", "kind": "pass"}]
    assert s["status"] == "White to move; the die shows 5: general (firzan) moves"


def test_rolls_after_moves():
    s = ok(cmd="open", board="d", variant="oblong-shatranj",
           position="egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0",
           moves=["b2c4@1", "a12a11@6"])["state"]
    assert s["history"] == ["b2c4", "a12a11"] and s["badges"][0]["value"] == "6"
    assert fail(cmd="open", board="e", **NODIE, moves=["b5b6@3"]) == \
        "move 1 (b5b6@3): this game is played without the die"


def test_reseed_keeps_the_opening_roll():
    rolls = set()
    for i in range(12):
        s = ok(cmd="open", board=f"r{i}", variant="oblong-shatranj", seed=1, reseed=True)["state"]
        assert s["badges"][0]["value"] == ok(cmd="open", board="fixed", variant="oblong-shatranj",
                                             seed=1)["state"]["badges"][0]["value"]
        s = ok(cmd="play", board=f"r{i}", move="pass")["state"] if any(
            m["n"] == "pass" for m in s["moves"]) else ok(cmd="play", board=f"r{i}", move=s["moves"][0]["n"])["state"]
        rolls.add(s["badges"][0]["value"])
    assert len(rolls) > 1     # what follows the opening is chance


# --------------------------------------------------------------------- try

def test_try_checking():
    base = dict(mode="try", position="4/1k2/4/p3/4/4/4/4/4/4/4/2n1/1P2/E3/4/2K1 w 0", solutions=["a3c5"])
    open_board(**base)
    out = ok(cmd="play", board="b", move="b4c5")
    assert out["check"] == {"correct": False, "move": "b4c5", "name": "b4c5"}
    assert out["state"]["last"]["captures"] == ["c5"]
    assert fail(cmd="play", board="b", move="b16b15") == "this puzzle is answered: try again, or start over"
    s = ok(cmd="undo", board="b")["state"]
    assert s["history"] == [] and not s["can_undo"]
    assert fail(cmd="undo", board="b") == "nothing to undo"
    out = ok(cmd="play", board="b", move="a3c5")
    assert out["check"]["correct"] is True
    # the opening moves of a try board cannot be undone
    open_board(board="t2", **{**base, "position": None, "moves": ["b5b6"], "solutions": ["c15d13"]})
    assert fail(cmd="undo", board="t2") == "nothing to undo"


def test_explain():
    open_board()
    out = ok(cmd="explain", board="b", **{"from": "a1", "to": "a5"})
    assert out["message"] == "a1a5: the elephant (fil) on a1 cannot move to a5."
    assert out["attempt"] == "a1a5" and "state" not in out
    assert ok(cmd="explain", board="b", **{"from": "c15"})["message"] == \
        "The knight on c15 is not yours; white is to move."
    assert ok(cmd="explain", board="b", **{"from": "b4"})["message"] == "There is no piece on b4."
    assert ok(cmd="explain", board="b", **{"from": "a2", "to": None})["message"] == "There is no piece on a2."
    s = ok(cmd="open", board="d", variant="oblong-shatranj", seed=5)["state"]
    assert s["badges"][0]["value"] == "5"
    assert ok(cmd="explain", board="d", **{"from": "b2"})["message"] == \
        "The knight on b2 has no legal move here (White to move; the die shows 5: general (firzan) moves)."
    assert ok(cmd="explain", board="d", **{"from": "b2", "to": "c4"})["message"] == \
        "b2c4: the die shows 5, so only a general (firzan) may move."
    assert fail(cmd="explain", board="b", **{"from": "z9"}) == \
        "'z9' is not a square name (a file letter and a rank number, like b3)"


# ------------------------------------------------------------------ errors

@pytest.mark.parametrize("raw, message", [
    ("{", "the request is not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
    ("[1]", "the request must be a JSON object"),
    ('{"cmd": "state"}', "every command needs a board id"),
    ('{"cmd": "dance", "board": "b"}', "unknown command 'dance'"),   # before looking for the board
    ('{"cmd": "play", "board": "nope", "move": "a1a2"}', "no board 'nope' is open"),
    ("x" * (bridge.MAX_REQUEST + 1), "the request is too long"),
])
def test_request_errors(raw, message):
    out = json.loads(bridge.handle(raw))
    assert out == {"ok": False, "error": message, **({"board": json.loads(raw)["board"]}
                                                        if raw.startswith("{") and '"board"' in raw else {})}


def test_unknown_command_and_non_text():
    open_board()
    assert fail(cmd="dance", board="b") == "unknown command 'dance'"
    out = json.loads(bridge.handle(None))
    assert out == {"ok": False, "error": "the request must be JSON text"}


def test_internal_errors_do_not_kill_the_bridge(monkeypatch):
    open_board()
    monkeypatch.setattr(session.Board, "state", lambda self: 1 / 0)
    out = call(cmd="state", board="b")
    assert out["ok"] is False and out["internal"] is True
    assert out["error"] == "internal error: ZeroDivisionError: division by zero"
    monkeypatch.undo()
    assert ok(cmd="state", board="b")["state"]["history"] == []


def test_ping_close_and_board_limit():
    assert ok(cmd="ping")["version"] == sharah_web.__version__
    for i in range(bridge.MAX_BOARDS + 3):
        open_board(board=f"b{i}")
    assert fail(cmd="state", board="b0") == "no board 'b0' is open"
    assert ok(cmd="state", board=f"b{bridge.MAX_BOARDS + 2}")
    ok(cmd="close", board="b5")
    assert fail(cmd="state", board="b5") == "no board 'b5' is open"


def test_diagram_lists_its_moves_but_cannot_be_played():
    s = open_board(mode="diagram", dests=["a4", "c4"], marks=["b2"], arrows=[["b2", "c4"]])
    assert s["svg"].count('class="hl-dest"') == 2 and 'class="hl-mark"' in s["svg"]
    # the reader may click a piece to see where it goes: the engine's list
    game = sharah_web.new_game("oblong-shatranj", die=False)
    assert sorted(m["n"] for m in s["moves"]) == sorted(m.notation for m in game.legal_moves())
    assert sorted(m["to"] for m in s["moves"] if m["from"] == "b2") == ["a4", "c4"]
    assert fail(cmd="play", board="b", move="b2c4") == "a diagram cannot be played"
    assert fail(cmd="restart", board="b", options={"die": True}) == \
        "only a game board takes new options (this board is a diagram)"
    assert ok(cmd="state", board="b")["state"] == s
    # no game to keep: only a game board's state carries one
    assert (s["saved"], s["unsaved"]) == (None, None)
    # nor the answer that opens a game board: its game is as stored, or new
    assert open_board(board="g")["saved"] is None
    game = ok(cmd="state", board="g")["state"]
    assert game["saved"] == ok(cmd="save", board="g")["saved"] and game["saved"]["moves"] == []


def test_diagram_explains_why_nothing_is_shown():
    open_board(mode="diagram")
    explain = lambda **k: ok(cmd="explain", board="b", **k)["message"]   # noqa: E731
    assert explain(**{"from": "c15"}) == "It is White's move in this diagram; black pieces move after."
    assert explain(**{"from": "b8"}) == "There is no piece on b8."
    assert explain(**{"from": "b2", "to": "b3"}) == "b2b3: the knight on b2 cannot move to b3."
    # a game board speaks to the player
    open_board(board="g")
    assert ok(cmd="explain", board="g", **{"from": "c15"})["message"] == \
        "The knight on c15 is not yours; white is to move."
    # a die diagram: the piece of the side to move whose kind was not rolled
    ok(cmd="open", board="d", variant="oblong-shatranj", mode="diagram",
       position="4/2k1/4/4/4/4/4/4/1N2/4/4/4/4/4/2K1/4 w 6 0")
    assert ok(cmd="explain", board="d", **{"from": "b8"})["message"] == \
        "The knight on b8 has no legal move here (White to move; the die shows 6: king moves)."


# ------------------------------------------------------------ new game

def option(state, name):
    return next(o["value"] for o in state["options"] if o["name"] == name)


def test_restart_with_options_starts_a_new_game():
    open_board()
    s = ok(cmd="play", board="b", move="b2c4")["state"]
    assert s["changed"] is True
    out = ok(cmd="restart", board="b", options={"setup": "3", "die": True})
    s = out["state"]
    assert "note" not in out and s["history"] == [] and s["changed"] is False
    assert option(s, "setup") == 3 and option(s, "die") is True and option(s, "promotion") == "general"
    assert s["position"].startswith("ekge/pppp/rnnr/pppp/4/")
    assert s["badges"][0]["name"] == "die"
    # a plain restart keeps the new options
    ok(cmd="play", board="b", move=(
        "pass" if any(m["n"] == "pass" for m in s["moves"]) else s["moves"][0]["n"]))
    s = ok(cmd="restart", board="b")["state"]
    assert option(s, "setup") == 3 and s["history"] == []
    # options merge over the current ones; JSON booleans and text both work
    s = ok(cmd="restart", board="b", options={"die": "false"})["state"]
    assert option(s, "setup") == 3 and option(s, "die") is False and s["badges"] == []


def test_restart_with_bad_options_changes_nothing():
    open_board()
    before = ok(cmd="play", board="b", move="b2c4")["state"]
    for options, message in [
        ({"setup": 9}, "option setup must be one of 1, 2, 3, 4, 5, 6, 7, not 9"),
        ({"colour": "red"}, "oblong-shatranj has no option 'colour' (options: setup, die, promotion, bare_king)"),
        ({"die": "maybe"}, "option die is on or off (true/false), not 'maybe'"),
        ("die=false", "options must be an object of name: value"),
    ]:
        assert fail(cmd="restart", board="b", options=options) == message
        assert ok(cmd="state", board="b")["state"] == before


def test_restart_with_options_keeps_the_pages_position_when_it_fits():
    promo = "4/P2k/4/4/4/4/4/4/4/4/4/4/4/4/4/1K2 w 0"
    open_board(options={"die": "false", "promotion": "any"}, position=promo, marks=["a15"])
    # the position does not depend on promotion: kept, with the page's marks
    out = ok(cmd="restart", board="b", options={"promotion": "general"})
    assert "note" not in out and out["state"]["position"] == promo
    assert 'class="hl-mark"' in out["state"]["svg"]
    assert [m["n"] for m in out["state"]["moves"] if m["from"] == "a15"] == ["a15a16=G"]
    # another set-up: the reader wants that set-up, not the page's position
    out = ok(cmd="restart", board="b", options={"setup": 2})
    assert out["note"] == "These options change the set-up: the new game starts from it."
    assert out["state"]["position"] == sharah_web.new_game("oblong-shatranj", die=False, setup=2).position()
    assert 'class="hl-mark"' not in out["state"]["svg"]
    # the page's position written without a die roll does not fit a die game
    open_board(board="c", options={"die": "false"}, position=promo)
    out = ok(cmd="restart", board="c", options={"die": True})
    assert out["note"].startswith("The page's position does not fit these options (")
    assert out["note"].endswith("): the new game starts from the set-up.")
    assert out["state"]["badges"][0]["name"] == "die" and out["state"]["history"] == []


def test_changed_counts_moves_to_redo():
    open_board(moves=["b5b6"])
    assert ok(cmd="state", board="b")["state"]["changed"] is False   # the page's own moves
    ok(cmd="play", board="b", move="c12c11")
    s = ok(cmd="undo", board="b")["state"]
    assert s["history"] == ["b5b6"] and s["can_redo"] and s["changed"] is True
    assert ok(cmd="restart", board="b")["state"]["changed"] is False


def test_marks_show_only_at_the_opening():
    s = open_board(marks=["b2"], arrows=[["b2", "c4"]])
    assert 'class="hl-mark"' in s["svg"] and 'class="arrow"' in s["svg"]
    s = ok(cmd="play", board="b", move="b2c4")["state"]
    assert 'class="hl-mark"' not in s["svg"]
    s = ok(cmd="undo", board="b")["state"]
    assert 'class="hl-mark"' in s["svg"]


# --------------------------------------------------------------- property

@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=12))
def test_bridge_follows_the_engine(choices):
    """Any sequence of legal moves through the bridge gives the engine's
    positions; undoing all of them comes back to the start."""
    bridge.reset()
    s = open_board()
    game = sharah_web.new_game("oblong-shatranj", die=False)
    for c in choices:
        if not s["moves"]:
            break
        move = s["moves"][c % len(s["moves"])]["n"]
        s = ok(cmd="play", board="b", move=move)["state"]
        game.play(move)
        assert s["position"] == game.position()
        assert sorted(m["n"] for m in s["moves"]) == sorted(m.notation for m in game.legal_moves())
        assert fail(cmd="play", board="b", move="a1a1") and ok(cmd="state", board="b")["state"] == s
    while s["can_undo"]:
        s = ok(cmd="undo", board="b")["state"]
    assert s["position"] == sharah_web.new_game("oblong-shatranj", die=False).position()



# --------------------------------------------------------- rolls and drops

@pytest.mark.parametrize("text, split", [
    ("a3a4@5", ("a3a4", 5)),
    ("a3a4", ("a3a4", None)),
    ("S@e5", ("S@e5", None)),          # a drop, not a move and a roll
    ("s@f9", ("s@f9", None)),
    ("S@e5@3", ("S@e5", 3)),           # a drop, then a roll of 3
    ("a3a4@", ("a3a4@", None)),        # not a roll: the engine says what is wrong
    ("a3a4@x", ("a3a4@x", None)),
])
def test_split_roll(text, split):
    assert split_roll(text) == split


def test_split_roll_needs_a_move():
    with pytest.raises(ValueError, match="write the move, then @ and the roll after it"):
        split_roll("@5")


MITTNER = {"variant": "sharah-mittner", "options": {}}


def test_drops_in_the_opening_moves():
    s = ok(cmd="open", board="m", **MITTNER, moves=["S@e5", "s@f9"])["state"]
    assert s["history"] == ["S@e5", "S@f9"] and s["history_sides"] == ["green", "red"]
    assert s["pieces"]["e5"] == {"side": "green", "kind": "snake", "name": "Snake"}
    assert s["pieces"]["f9"]["side"] == "red"
    # Green places first in this game: Green's placements are numbered
    assert s["history_numbers"] == ["1.", ""]


def test_the_hand_lists_the_kinds_that_may_be_dropped():
    s = ok(cmd="open", board="m", **MITTNER)["state"]
    assert [(h["kind"], h["name"], h["count"], h["side"]) for h in s["hand"]] == [
        ("snake", "Snake", 11, "green"), ("fox", "Fox", 11, "green"), ("stone", "Stone", 11, "green")]
    for h in s["hand"]:
        svg = h["svg"]
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="sh-emblem"')
        assert f'class="pc pc-green pc-{h["kind"]}' in svg and " id=" not in svg
    # each drop is a move with no from-square: the widget narrows by kind, then square
    drops = [m for m in s["moves"] if m.get("drop") == "snake"]
    assert drops and all(m["from"] is None and m["kind"] == "drop" for m in drops)
    assert "h8" not in {m["to"] for m in drops} and "a1" not in {m["to"] for m in drops}
    s = ok(cmd="play", board="m", move="S@e5")["state"]
    assert [(h["side"], h["count"]) for h in s["hand"]] == [("red", 11)] * 3
    s = ok(cmd="play", board="m", move="s@f9")["state"]
    assert [(h["kind"], h["count"]) for h in s["hand"]] == [("snake", 10), ("fox", 11), ("stone", 11)]
    # a kind no longer in hand is not offered
    s = ok(cmd="open", board="m2", **MITTNER,
           position="15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 g place F1O1/f1o1 - 0")["state"]
    assert [(h["kind"], h["count"]) for h in s["hand"]] == [("fox", 1), ("stone", 1)]
    # split=free: any kind, counted only as a whole (the badge says how many)
    s = ok(cmd="open", board="m3", variant="sharah-mittner", options={"split": "free"})["state"]
    assert [(h["kind"], h["count"]) for h in s["hand"]] == [("snake", None), ("fox", None), ("stone", None)]


def test_a_drop_that_is_not_allowed_is_explained():
    ok(cmd="open", board="m", **MITTNER, moves=["S@e5"])
    explain = lambda **k: ok(cmd="explain", board="m", **k)  # noqa: E731
    out = explain(drop="snake", to="a1")
    assert out["message"] == "S@a1: nothing may be placed on the goal row." and out["attempt"] == "S@a1"
    assert explain(drop="fox", to="h8")["message"] == "F@h8: only the Fisher may stand on the Fisher square."
    assert explain(drop="stone", to="e5")["message"] == "O@e5: e5 is taken."
    assert explain(drop="snake", to="f9")["message"] == "S@f9 is a legal move."
    assert explain(drop="rook", to="f9")["message"] == "No rook can be placed now."


# --------------------------------------------------------------- shortcuts

FILL = "random-placement"
SMALL = {"variant": "sharah-mittner", "options": {"size": "11"}}


def test_shortcut_fills_the_placement_with_ordinary_moves():
    s = ok(cmd="open", board="m", **SMALL, moves=["S@e5", "s@f9"])["state"]
    assert s["shortcuts"] == [{"name": FILL, "label": "Fill the placement at random"}]
    out = ok(cmd="shortcut", board="m", name=FILL, seed=3)
    s = out["state"]
    assert out["played"] == 64 and s["ply"] == 66
    assert s["badges"][0]["value"] == "capture" and s["hand"] == [] and s["shortcuts"] == []
    assert s["undo_shortcut"] == {"label": "Fill the placement at random", "plies": 64}
    assert s["history"][:2] == ["S@e5", "S@f9"] and s["changed"] is True
    assert s["history_numbers"][:4] == ["1.", "", "2.", ""] and s["history_numbers"][64] == "33."
    # the same seed, the same placement; the moves are the engine's own
    game = sharah_web.new_game("sharah-mittner", size=11)
    game.play("S@e5")
    game.play("s@f9")
    for text in game.variant.shortcut_moves(game.current, FILL, random.Random(3)):
        game.play(text)
    assert s["position"] == game.position()
    # one undo takes back one move...
    s = ok(cmd="undo", board="m")["state"]
    assert s["ply"] == 65 and s["undo_shortcut"] is None and s["shortcuts"] == [
        {"name": FILL, "label": "Fill the placement at random"}]
    s = ok(cmd="redo", board="m")["state"]
    assert s["undo_shortcut"] == {"label": "Fill the placement at random", "plies": 64}
    # ...and undo with plies takes back the whole shortcut
    s = ok(cmd="undo", board="m", plies=64)["state"]
    assert s["history"] == ["S@e5", "S@f9"] and s["can_redo"] and s["undo_shortcut"] is None
    assert s["position"] == ok(cmd="open", board="x", **SMALL, moves=["S@e5", "s@f9"])["state"]["position"]
    # a shortcut after Undo is like a move after Undo: it replaces the moves taken back
    s = ok(cmd="shortcut", board="m", name=FILL, seed=4)["state"]
    assert s["ply"] == 66 and not s["can_redo"] and s["tree_html"] == ""


def test_shortcut_at_random_without_a_seed():
    s = ok(cmd="open", board="m", **SMALL)["state"]
    positions = {ok(cmd="shortcut", board="m", name=FILL)["state"]["position"]
                 for _ in range(2) if ok(cmd="restart", board="m")}
    assert len(positions) == 2     # chance, not the same placement every time
    assert s["history"] == []


def test_shortcut_errors_change_nothing(monkeypatch):
    before = ok(cmd="open", board="m", **SMALL, moves=["S@e5"])["state"]
    assert fail(cmd="shortcut", board="m", name="win") == \
        "there is no shortcut 'win' here (shortcuts: random-placement)"
    assert fail(cmd="shortcut", board="m", name=FILL, seed="x") == "the seed must be a whole number, not 'x'"
    # a variant whose shortcut goes wrong half-way: every move it played is taken back
    ok(cmd="play", board="m", move="s@f9")
    ok(cmd="undo", board="m")                     # a move to redo, kept too
    before = ok(cmd="state", board="m")["state"]
    variant = type(bridge._boards["m"].game.variant)
    monkeypatch.setattr(variant, "shortcut_moves", lambda self, pos, name, rng: ["s@c3", "zz"])
    assert fail(cmd="shortcut", board="m", name=FILL) == "zz: this is the placement: green places a piece, like S@e5"
    assert ok(cmd="state", board="m")["state"] == before
    monkeypatch.undo()
    # after the placement there is no shortcut; other boards have none
    ok(cmd="shortcut", board="m", name=FILL, seed=1)
    assert fail(cmd="shortcut", board="m", name=FILL) == "there is no shortcut 'random-placement' here " \
                                                        "(shortcuts: none now)"
    ok(cmd="open", board="d", **SMALL, mode="diagram")
    assert fail(cmd="shortcut", board="d", name=FILL) == "only a game board takes shortcuts (this board is a diagram)"
    assert ok(cmd="state", board="d")["state"]["shortcuts"] == []
    open_board(board="o")
    assert fail(cmd="shortcut", board="o", name=FILL) == "there is no shortcut 'random-placement' here " \
                                                        "(shortcuts: none now)"


@pytest.mark.parametrize("plies, message", [
    (0, "plies must be a whole number of moves to take back, not 0"),
    ("2", "plies must be a whole number of moves to take back, not '2'"),
    (True, "plies must be a whole number of moves to take back, not True"),
    (3, "there are not 3 moves to undo"),
])
def test_undo_plies_errors(plies, message):
    open_board(moves=["b5b6", "c12c11"])
    before = ok(cmd="state", board="b")["state"]
    assert fail(cmd="undo", board="b", plies=plies) == message
    assert ok(cmd="state", board="b")["state"] == before
    assert ok(cmd="undo", board="b", plies=2)["state"]["history"] == []


def test_try_board_cannot_undo_its_opening_in_one_go():
    open_board(mode="try", moves=["b5b6"], solutions=["c15d13"])
    ok(cmd="play", board="b", move="c15d13")
    assert fail(cmd="undo", board="b", plies=2) == "there are not 2 moves to undo"
    assert ok(cmd="undo", board="b", plies=1)["state"]["history"] == ["b5b6"]


# ------------------------------------------------------------- draw offers

SCHEH = {"variant": "scheherazade", "options": {}}


def board_moves(state):
    return [m for m in state["moves"] if m["from"]]


def test_draw_offers_only_on_game_boards():
    s = ok(cmd="open", board="g", **SCHEH)["state"]
    assert {m["n"]: m["label"] for m in s["moves"] if m["from"] is None} == {"offer-draw": "Offer a draw"}
    for mode in ("try", "diagram"):
        s = ok(cmd="open", board=mode, **SCHEH, mode=mode, solutions=["d2d3"])["state"]
        assert all(m.get("kind", "move") not in ("offer-draw", "accept-draw", "decline-draw")
                   for m in s["moves"]), mode
        assert all(m["from"] for m in s["moves"])
    assert fail(cmd="play", board="try", move="offer-draw") == "offer-draw: draw offers are for game boards"
    assert ok(cmd="state", board="try")["state"]["history"] == []


def test_move_numbers_skip_draw_offers():
    s = ok(cmd="open", board="g", **SCHEH)["state"]
    first = board_moves(s)[0]["n"]
    s = ok(cmd="play", board="g", move=first)["state"]
    s = ok(cmd="play", board="g", move="offer-draw")["state"]           # Black offers
    assert [m["n"] for m in s["moves"]] == ["accept-draw", "decline-draw"]
    s = ok(cmd="play", board="g", move="decline-draw")["state"]         # White declines
    s = ok(cmd="play", board="g", move=board_moves(s)[0]["n"])["state"]  # Black moves
    s = ok(cmd="play", board="g", move=board_moves(s)[0]["n"])["state"]  # White: move 2
    assert s["history_sides"] == ["white", "black", "white", "black", "white"]
    assert s["history_numbers"] == ["1.", "", "", "", "2."]
    assert s["history_kinds"] == ["move", "offer-draw", "decline-draw", "move", "move"]
    # an offer before the first move: not numbered either
    s = ok(cmd="open", board="h", **SCHEH, moves=["offer-draw", "decline-draw"])["state"]
    s = ok(cmd="play", board="h", move=board_moves(s)[0]["n"])["state"]
    assert s["history_numbers"] == ["", "", "1."]


def test_move_numbers():
    from types import SimpleNamespace as NS

    def plies(*sides, kinds=None):
        kinds = kinds or ["move"] * len(sides)
        return [NS(move=NS(kind=k), before=NS(to_move=s)) for s, k in zip(sides, kinds)]

    assert move_numbers(plies("w", "b", "w", "b"), "w") == ["1.", "", "2.", ""]
    assert move_numbers(plies("b", "w", "b"), "w") == ["1…", "2.", ""]     # a position, Black to move
    assert move_numbers(plies("w", "w", "b", "w"), "w") == ["1.", "", "", "2."]   # an extra turn
    assert move_numbers(plies("w", "b", "w", "b", "w", kinds=[
        "move", "offer-draw", "decline-draw", "move", "move"]), "w") == ["1.", "", "", "", "2."]
    # a position with Black to move: "1…"
    s = open_board(position="4/1k2/1p2/4/4/4/4/4/4/4/4/4/4/4/1P2/2K1 b 0", moves=["b14b13", "b2b3"])
    assert s["history_numbers"] == ["1…", "2."]


# ------------------------------------------------------------ the contract

def test_ping_answers_the_protocol_and_the_command_table():
    out = ok(cmd="ping")
    assert out["protocol"] == bridge.PROTOCOL and isinstance(out["protocol"], int)
    commands = out["commands"]
    assert set(commands) == set(bridge.COMMANDS)
    # the commands that change the game (the computer stops thinking on these)
    assert sorted(n for n, c in commands.items() if c["changes"]) == [
        "close", "goto", "load", "open", "play", "puzzle", "redo", "restart", "shortcut", "solve", "undo",
        "variation"]
    assert commands["play"]["fields"] == ["move", "branch"]
    assert commands["explain"] == {"changes": False, "fields": ["from", "to", "drop"]}


@pytest.mark.parametrize("req, message", [
    ({"cmd": "play", "board": "b", "move": "b2c4", "moves": ["b2c4"]},
     "play does not take 'moves' (it takes: move, branch)"),
    ({"cmd": "flip", "board": "b", "side": "black"}, "flip does not take 'side' (it takes: nothing else)"),
    ({"cmd": "ping", "boards": []}, "ping does not take 'boards' (it takes: nothing else)"),
    ({"cmd": "open", "board": "c", "variant": "oblong-shatranj", "postion": "x"},
     "open does not take 'postion' (it takes: uid, mode, variant, options, position, moves, seed, reseed, "
     "orientation, coords, label, marks, arrows, dests, solutions, saved, puzzle)"),
    ({"cmd": 7, "board": "b"}, "unknown command 7"),
])
def test_a_field_a_command_does_not_take_is_refused_and_changes_nothing(req, message):
    open_board()
    before = ok(cmd="state", board="b")["state"]     # open's answer has no saved game (BoardState.saved)
    assert fail(**req) == message
    assert ok(cmd="state", board="b")["state"] == before
    assert fail(cmd="state", board="c") == "no board 'c' is open"


def test_a_finished_game_says_how_it_ended():
    from helpers import game_with
    game = game_with("oblong-shatranj", {"a16": "k", "b1": "R", "c2": "R", "d1": "K", "d10": "p"},
                     "w 0", die=False)
    s = open_board(position=game.position(), moves=["c2a2"])
    result = s["result"]
    assert set(result) == {"winner", "reason", "text", "termination"}
    assert result["winner"] == "white" and result["text"] == "White wins: black is checkmated"
    ended = sharah_web.new_game("oblong-shatranj", game.position(), die=False)
    ended.play("c2a2")
    assert result["termination"] == getattr(ended.result, "termination", None)


