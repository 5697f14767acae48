"""The worker's JSON API (sharah_web.bridge.handle), in CPython."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sharah_web
from sharah_web import bridge
from sharah_web.variants import VARIANTS

NODIE = {"variant": "oblong-shatranj", "options": {"die": "false"}}
STATE_KEYS = {"board", "mode", "svg", "status", "badges", "badges_html", "to_move", "sides", "orientation",
              "result", "moves", "history", "history_sides", "ply", "min_ply", "last", "pieces",
              "position", "can_undo", "can_redo", "changed", "options"}


def call(**req) -> dict:
    out = json.loads(bridge.handle(json.dumps(req)))
    assert isinstance(out, dict) and "ok" in out
    return out


def ok(**req) -> dict:
    out = call(**req)
    assert out["ok"], out
    return out


def fail(**req) -> str:
    out = call(**req)
    assert out["ok"] is False, out
    return out["error"]


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
    assert s["position"] == sharah_web.new_game("oblong-shatranj", die=False).position()
    knight = [m for m in s["moves"] if m["from"] == "b2"]
    assert knight == [
        {"n": "b2c4", "from": "b2", "to": "c4", "drop": None, "label": "", "kind": "move", "captures": []},
        {"n": "b2a4", "from": "b2", "to": "a4", "drop": None, "label": "", "kind": "move", "captures": []}]
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
    assert free == [{"n": "pass", "from": None, "to": None, "drop": None,
                     "label": "pass (lift and drop the king)", "kind": "pass", "captures": []}]
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
    ('{"cmd": "dance", "board": "b"}', "no board 'b' is open"),
    ('{"cmd": "play", "board": "nope", "move": "a1a2"}', "no board 'nope' is open"),
    ("x" * 100_001, "the request is too long"),
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
    monkeypatch.setattr(bridge.Board, "state", lambda self: 1 / 0)
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

