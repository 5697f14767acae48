"""The position editor (sharah_web.editor, the bridge's ``edit`` command):
palette, fields, edits, the problems it reports, bad input, play from here."""

from __future__ import annotations

import random

import pytest

import sharah_web
from sharah_web import bridge, editor, randomgame
from sharah_web.core import NotationError
from sharah_web.variants import VARIANTS

from helpers import board_text, call, ok

NODIE = {"variant": "oblong-shatranj", "options": {"die": "false"}}
# every way of playing every game, each with its other options drawn twice
GAMES = randomgame.drawn(seeds=(1, 2))


@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def problems(variant_id: str, text: str, **options) -> list[str]:
    rules = sharah_web.variant(variant_id, **options)
    return editor.problems(rules, rules.read_position(text))


# ------------------------------------------------------------ round trips

@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_position_text_round_trip_in_random_games(variant_id):
    """Every position of seeded random games: text -> position -> the same
    text, the same board and state; the editor reads it as it is and finds
    nothing wrong while the game is on."""
    ways = [(options, seed) for vid, options, seed in GAMES if vid == variant_id]
    assert ways
    for options, seed in ways:
        rng = random.Random(seed)
        game = sharah_web.new_game(variant_id, seed=seed, **options)
        rules = game.variant
        for _ in range(40):
            pos = game.current
            text = pos.text()
            again = rules.read_position(text)
            assert again.text() == text
            assert again.board == pos.board and again.to_move == pos.to_move
            assert again.key() == rules.parse_position(text).key()
            if game.result is None:
                assert editor.problems(rules, again) == [], text
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_editor_keeps_the_text_it_is_given(variant_id):
    """show, text and play through the bridge give back the same text."""
    start = ok(cmd="open", board="b", variant=variant_id)["state"]["position"]
    shown = ok(cmd="edit", board="b", op="show")["edit"]
    assert shown["position"] == start and shown["problems"] == []
    typed = ok(cmd="edit", board="b", op="text", text="  " + start + "  ")["edit"]
    assert typed["position"] == start
    state = ok(cmd="edit", board="b", op="play", position=start)["state"]
    assert state["position"] == start and state["history"] == []


# ------------------------------------------------------------ the palette and fields

def test_palette_lists_each_sides_pieces_then_the_fisher():
    ok(cmd="open", board="b", variant="sharah-hedman")
    pal = ok(cmd="edit", board="b", op="show", palette=True)["edit"]["palette"]
    tokens = [p["token"] for p in pal]
    assert tokens == ["P", "U", "G", "I", "W", "A", "Z", "p", "u", "g", "i", "w", "a", "z", "*"]
    assert pal[0]["name"] == "Red Pawn" and pal[-1]["name"] == "Fisher King"
    assert pal[-1]["side"] is None and all(p["svg"].startswith("<svg") for p in pal)


def test_palette_has_every_facing_of_a_troublemaker():
    rules = sharah_web.variant("sharah-surrounds")
    tms = [p for p in editor.palette(rules) if p["kind"] == "troublemaker"]
    assert [p["token"] for p in tms] == ["T:n", "T:ne", "T:e", "T:se", "T:s", "T:sw", "T:w", "T:nw",
                                         "t:n", "t:ne", "t:e", "t:se", "t:s", "t:sw", "t:w", "t:nw"]
    assert tms[1]["name"] == "Red Troublemaker, facing north-east" and tms[1]["facing"] == "ne"


def test_palette_of_scheherazade_has_the_compounds():
    tokens = [p["token"] for p in editor.palette(sharah_web.variant("scheherazade"))]
    assert len(tokens) == 2 * 23 and "(RH)" in tokens and "(rh)" in tokens and "(NB)" in tokens


def test_fields_of_each_game():
    def fields(variant_id, **options):
        rules = sharah_web.variant(variant_id, **options)
        return [(f["name"], f["type"], f["value"]) for f in editor.fields(rules, rules.initial_position())]

    assert fields("oblong-shatranj") == [("to_move", "choice", "w"), ("roll", "choice", "-"),
                                         ("clock", "int", "0")]
    assert fields("oblong-shatranj", die=False) == [("to_move", "choice", "w"), ("clock", "int", "0")]
    assert fields("scheherazade") == [("to_move", "choice", "w"), ("kings", "choice", "Kk"),
                                      ("ep", "choice", "-"), ("clock", "int", "0"), ("draw", "choice", "")]
    assert fields("sharah-hedman") == [("to_move", "choice", "r"), ("control", "choice", "-"),
                                       ("clock", "int", "0")]
    assert fields("sharah-surrounds") == [("to_move", "choice", "g"), ("ctrl", "choice", "-"),
                                          ("free", "choice", "-"), ("clock", "int", "0")]
    assert fields("sharah-mittner") == [("to_move", "choice", "g"), ("phase", "choice", "place"),
                                        ("hands", "text", "S11F11O11/s11f11o11"),
                                        ("holder", "choice", "-"), ("clock", "int", "0")]
    rules = sharah_web.variant("oblong-shatranj")
    roll = editor.fields(rules, rules.initial_position())[1]
    assert roll["choices"] == [["-", "to be rolled"], ["1", "1: pawn"], ["2", "2: rook"], ["3", "3: knight"],
                               ["4", "4: elephant"], ["5", "5: general"], ["6", "6: king"]]


def test_en_passant_choices_are_the_squares_a_double_step_just_passed():
    rules = sharah_web.variant("scheherazade")
    game = sharah_web.new_game("scheherazade")
    ep = editor.fields(rules, game.current)[2]
    assert ep["choices"] == [["-", "none"]]       # no pawn has just made a double step
    game.play("e3e5")       # passes e4: a position text may name it
    ep = editor.fields(rules, game.current)[2]
    assert ep["value"] == "-" and ep["choices"] == [["-", "none"], ["e4", "e4"]]
    text = board_text(10, 10, {"f2": "K", "f9": "k", "e5": "P", "d5": "p"}) + " b - e4 0"
    ep = editor.fields(rules, rules.read_position(text))[2]
    assert ep["value"] == "e4" and ep["choices"] == [["-", "none"], ["e4", "e4"]]


# ------------------------------------------------------------ edits

def edit(position, **req):
    return ok(cmd="edit", board="b", position=position, **req)["edit"]


def test_put_toggle_remove_clear_start_and_fields():
    ok(cmd="open", board="b", **NODIE)
    empty = edit(None, op="clear")
    assert empty["position"] == "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/4 w 0"
    assert empty["problems"] == ["White has no king."] and empty["pieces"] == {}
    one = edit(empty["position"], op="put", square="b1", piece="K")
    assert one["position"] == "4/4/4/4/4/4/4/4/4/4/4/4/4/4/4/1K2 w 0"
    assert one["pieces"] == {"b1": {"side": "white", "kind": "king", "name": "King", "token": "K"}}
    assert one["problems"] == ["Black has no king."]
    two = edit(one["position"], op="put", square="c16", piece="k")
    assert two["problems"] == [] and 'data-sq="c16"' in two["svg"]
    rook = edit(two["position"], op="put", square="b1", piece="R")       # another piece replaces
    assert rook["pieces"]["b1"]["kind"] == "rook"
    again = edit(rook["position"], op="put", square="b1", piece="R")     # the same piece: taken off
    assert "b1" not in again["pieces"]
    gone = edit(two["position"], op="remove", square="c16")
    assert gone["problems"] == ["Black has no king."]
    black = edit(two["position"], op="set", field="to_move", value="b")
    assert black["position"].endswith(" b 0") and black["to_move"] == "black"
    clock = edit(black["position"], op="set", field="clock", value="12")
    assert clock["position"].endswith(" b 12")
    assert edit(clock["position"], op="start")["position"] == sharah_web.new_game(
        "oblong-shatranj", die=False).position()


def test_clear_keeps_the_fisher_and_fields_set_every_token():
    ok(cmd="open", board="b", variant="sharah-mittner")
    cleared = edit(None, op="clear")
    assert cleared["pieces"] == {"h8": {"side": None, "kind": "fisher", "name": "Fisher", "token": "*"}}
    text = edit(cleared["position"], op="set", field="hands", value="S2/s1")["position"]
    assert text.endswith(" g place S2/s1 - 0")
    assert edit(text, op="set", field="hands", value="S2/s1")["problems"] == [
        "Green places first and the players alternate: with these hands it is red to place."]
    ok(cmd="open", board="c", variant="scheherazade")
    shown = ok(cmd="edit", board="c", op="set", field="draw", value="=")["edit"]
    assert shown["position"].endswith(" w Kk - 0 =")
    back = ok(cmd="edit", board="c", position=shown["position"], op="set", field="draw", value="")["edit"]
    assert back["position"].endswith(" w Kk - 0")


@pytest.mark.parametrize("req, message", [
    ({"op": "put", "square": "e9", "piece": "K"}, "square e9 is off the 4x16 board"),
    ({"op": "put", "square": "b2", "piece": "X"}, "unknown piece letter 'X' in oblong-shatranj"),
    ({"op": "put", "square": "b2", "piece": "<b>"}, "'<b>' is not a piece"),
    ({"op": "put", "square": "b2", "piece": ""}, "the piece must be a piece's letter"),
    ({"op": "put", "square": 3, "piece": "K"}, "the square must be text"),
    ({"op": "set", "field": "roll", "value": "3"}, "this game has no field 'roll'"),
    ({"op": "set", "field": "to_move", "value": "x"}, "Side to move: 'x' is not one of w, b"),
    ({"op": "set", "field": "clock", "value": "-1"}, "Move clock: '-1' is not a whole number"),
    ({"op": "set", "field": "clock", "value": "1 2"}, "Move clock: '1 2' is not a whole number"),
    ({"op": "set", "field": "clock", "value": 5}, "a field's value must be short text"),
    ({"op": "fly"}, "unknown edit 'fly'"),
])
def test_bad_edits_say_why_and_change_nothing(req, message):
    ok(cmd="open", board="b", **NODIE)
    before = ok(cmd="state", board="b")["state"]     # open's answer has no saved game (BoardState.saved)
    out = call(cmd="edit", board="b", **req)
    assert out["ok"] is False and message in out["error"], out
    assert ok(cmd="state", board="b")["state"] == before


# ------------------------------------------------------------ bad position text

SCH_START = sharah_web.new_game("scheherazade").position()
OBL_START = sharah_web.new_game("oblong-shatranj", die=False).position()
BAD_TEXTS = [
    ("truncated", OBL_START[:len(OBL_START) // 2], "position text needs the board, then the side to move"),
    ("truncated board", "/".join(OBL_START.split("/")[:8]) + " w 0", "the board has 16 ranks, the text gives 8"),
    ("truncated state", OBL_START.rsplit(" ", 2)[0], "position text needs the board, then the side to move"),
    ("wrong variant", SCH_START, "the board has 16 ranks, the text gives 10"),
    ("unknown piece", OBL_START.replace("EGKE", "EGKX", 1), "unknown piece letter 'X' in oblong-shatranj"),
    ("wrong board size", OBL_START.replace("1NN1", "1NN2", 1), "rank 2: 2 empty squares do not fit on a board 4 wide"),
    ("rank too short", OBL_START.replace("1NN1", "1NN", 1), "rank 2 has 3 squares, the board is 4 wide"),
    ("huge count", OBL_START.replace("1NN1", "99999999999", 1), "99999999999 empty squares do not fit"),
    ("other digits", OBL_START.replace("1NN1", "\u0661NN\u0661", 1),
     "position text uses plain letters, digits and signs only, not '\u0661'"),
    ("oversized", OBL_START + " " * 4000, "position text is too long (at most 4000 characters)"),
    ("empty", "   ", "empty position text"),
    ("not text", 42, "empty position text"),
    ("extra field", OBL_START + " 7", "unexpected fields at the end of the position: 7"),
    ("html", "<script>alert(1)</script> w", "the board has 16 ranks, the text gives 2"),
]


@pytest.mark.parametrize("what, text, message", BAD_TEXTS, ids=[b[0] for b in BAD_TEXTS])
def test_bad_position_text_is_refused_and_nothing_changes(what, text, message):
    before = ok(cmd="open", board="b", **NODIE)["state"]
    ok(cmd="play", board="b", move="b2c4")
    before = ok(cmd="state", board="b")["state"]
    for req in ({"op": "text", "text": text}, {"op": "show", "position": text},
                {"op": "play", "position": text}):
        out = call(cmd="edit", board="b", **req)
        assert out["ok"] is False and message in out["error"], (req, out)
        assert len(out["error"]) < 300
    assert ok(cmd="state", board="b")["state"] == before


def test_random_bytes_give_a_message_never_a_crash():
    rng = random.Random(11)
    ok(cmd="open", board="b", variant="sharah-surrounds")
    before = ok(cmd="state", board="b")["state"]
    start = before["position"]
    for i in range(300):
        if i % 2:
            text = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).decode("latin-1")
        else:   # a real text with a few bytes changed
            chars = list(start)
            for _ in range(rng.randrange(1, 4)):
                chars[rng.randrange(len(chars))] = chr(rng.randrange(32, 127))
            text = "".join(chars)
        out = call(cmd="edit", board="b", op="text", text=text)
        assert "internal" not in out, (text, out)
        if not out["ok"]:
            assert out["error"] and len(out["error"]) < 300
        else:   # it still reads: the editor says what is wrong with it, if anything
            assert isinstance(out["edit"]["problems"], list)
    assert ok(cmd="state", board="b")["state"] == before


# ------------------------------------------------------------ problems, game by game

def obl(pieces, rest="w 0", **options):
    return board_text(4, 16, pieces) + " " + rest


@pytest.mark.parametrize("text, options, expected", [
    (obl({"a1": "K"}), {"die": False}, "Black has no king."),
    (obl({"a1": "K", "b1": "K", "a16": "k"}), {"die": False}, "White has 2 kings."),
    (obl({"a1": "K", "a16": "k", "b16": "P"}), {"die": False}, "A white pawn on b16 should have promoted."),
    (obl({"a1": "K", "d16": "k", **{f"{f}{r}": "P" for f in "abcd" for r in (3, 4, 5)}}), {"die": False},
     "White has 12 pawns; each side starts with 8."),
    (obl({"a1": "K", "d16": "k", **{f"{f}{r}": "N" for f in "abcd" for r in (3, 4, 5, 6)}}), {"die": False},
     "White has 17 pieces; each side starts with 16 and never gains one."),
    (obl({"a1": "K", "a16": "k", "a8": "R"}), {"die": False}, "Black is in check but it is not their move."),
    (obl({"a1": "K", "c2": "k", "b3": "g"}), {"die": False},
     "The game is already over here (black wins: white is stalemated)."),
    (obl({"a3": "P"}, "w 3 0"), {}, "Both kings are missing."),
    (obl({"a1": "K", "a3": "P"}, "w 3 0"), {},
     "The game is already over here (white wins: the black king was captured)."),
])
def test_oblong_problems(text, options, expected):
    assert problems("oblong-shatranj", text, **options) == [expected]


def sch(pieces, rest="w - - 0"):
    return board_text(10, 10, pieces) + " " + rest


@pytest.mark.parametrize("text, expected", [
    (sch({"f2": "K"}), "Black has 0 kings; Scheherazade needs one each."),
    (sch({"f2": "K", "f9": "k"}, "w Kk - 0"), None),
    (sch({"f3": "K", "f9": "k"}, "w Kk - 0"),
     "The white king is marked as never moved (K) but is not on its second rank."),
    (sch({"f2": "K", "f9": "k", "a2": "P"}), "A white pawn cannot stand on a2, behind the rank where pawns start."),
    (sch({"f2": "K", "f9": "k", "a10": "P"}), "A white pawn on a10 should have promoted."),
    (sch({"f2": "K", "f9": "k", **{f"{f}{r}": "P" for f in "abcdefghij" for r in (3, 4)}}),
     "White has 20 pawns; each side starts with 10."),
    (sch({"f2": "K", "f9": "k", **{f"{f}{r}": "R" for f in "abcdefghij" for r in (5, 6, 7)}}),
     "White has 31 pieces; each side starts with 23 and never gains one."),
    (sch({"f2": "K", "f9": "k", "f5": "R"}), "Black is in check but it is not their move."),
])
def test_scheherazade_problems(text, expected):
    assert problems("scheherazade", text) == ([expected] if expected else [])


def hed(pieces, rest="r - 0"):
    return board_text(13, 13, {"g7": "*", "b2": "A", "l12": "a", **pieces}) + " " + rest


@pytest.mark.parametrize("text, expected", [
    (hed({"c3": "*"}), "There is one Fisher King, the text has 2."),
    (hed({"c10": "P"}), "The red pawn on c10 should have promoted (its 10th rank)."),
    (hed({f"{f}{r}": "U" for f in "bcdefghijkl" for r in (3, 4)}), "Red has 22 guardians; each side starts with 11."),
    (hed({f"{f}{r}": "W" for f in "bcdefghijkl" for r in (3, 4, 5, 6)}),
     "Red has 45 pieces; each side starts with 33 and never gains one."),
    (board_text(13, 13, {"g7": "*", "b2": "A", "l12": "i"}) + " r - 0",
     "The game is already over here (red wins: Green has no advancer, zapper or gambler left)."),
    (hed({}), None),
])
def test_hedman_problems(text, expected):
    assert problems("sharah-hedman", text) == ([expected] if expected else [])


def sur(pieces, rest="g - - 0"):
    return board_text(15, 15, {"h8": "*", "h2": "q", "h14": "Q", **pieces}) + " " + rest


@pytest.mark.parametrize("text, expected", [
    (sur({"c3": "*"}), "There is only one Fisher."),
    (sur({"c3": "q"}), "Green has more than one Queen."),
    (sur({"c3": "l", "d3": "l", "e3": "l"}),
     "Green has 3 pieces of kind Lord; the set-up has 2 and no piece is ever added."),
    (sur({"a3": "t:n"}), "The Troublemaker on a3 stands on the border, where only the Fisher "
                         "(and Queens in the race) may go."),
    (board_text(15, 15, {"c3": "*", "h2": "q", "h14": "Q"}) + " g - - 0",
     "The Fisher has never been captured, so he must be on the centre square h8."),
    (sur({"c3": "t:ne"}), None),
])
def test_surrounds_problems(text, expected):
    assert problems("sharah-surrounds", text) == ([expected] if expected else [])


def mit(pieces, rest):
    return board_text(15, 15, {"h8": "*", **pieces}) + " " + rest


@pytest.mark.parametrize("text, options, expected", [
    (mit({"c3": "*"}, "g capture -/- - 0"), {}, "There must be one Fisher (*) on the board, not 2."),
    (mit({"a3": "S"}, "g capture -/- - 0"), {},
     "The snake on a3 stands on the goal row: only the Fisher may."),
    (mit({"c3": "S", "d3": "S"}, "g place S11F11O11/s11f11o11 - 0"), {},
     "Red has 35 pieces on the board and in hand; a side has 33."),
    (mit({"c3": "S"}, "g place S11F10O11/s11f11o10 - 0"), {},
     "Red has 12 snakes on the board and in hand; the split 11-11-11 gives 11."),
    (mit({"c3": "S"}, "r place 33/32 - 0"), {"split": "free"},
     "Red has 34 pieces on the board and in hand; a side has 33."),
    (mit({f"{f}{r}": "F" for f in "bcdefghijklmn" for r in (2, 3)}, "g capture -/- - 0"), {},
     "Red has 26 foxes on the board and in hand; the split 11-11-11 gives 11."),
    (mit({"c3": "S", "m12": "s"}, "g capture S1/- - 0"), {},
     "Red still has pieces in hand, so the phase is place."),
    (mit({"c3": "S"}, "g capture -/- - 0"), {},
     "The game is already over here (red wins: all of green's pieces are gone)."),
])
def test_mittner_problems(text, options, expected):
    assert problems("sharah-mittner", text, **options) == [expected]


# ------------------------------------------------------------ play from here

def test_play_from_here_starts_a_game_that_restart_comes_back_to():
    ok(cmd="open", board="b", **NODIE, marks=["a1"])
    ok(cmd="play", board="b", move="b2c4")
    text = obl({"a1": "K", "c16": "k", "b8": "R"}, "b 0")
    state = ok(cmd="edit", board="b", op="play", position=text)["state"]
    assert state["position"] == text and state["history"] == [] and state["to_move"] == "black"
    assert not state["changed"] and 'class="mk' not in state["svg"]
    state = ok(cmd="play", board="b", move="c16d16")["state"]
    assert state["history"] == ["c16d16"]
    assert ok(cmd="restart", board="b")["state"]["position"] == text


def test_play_from_here_refuses_a_position_with_a_problem():
    ok(cmd="open", board="b", **NODIE)
    before = ok(cmd="state", board="b")["state"]
    out = call(cmd="edit", board="b", op="play", position=obl({"a1": "K"}))
    assert out == {"ok": False, "board": "b",
                   "error": "this position cannot be played yet: Black has no king."}
    assert ok(cmd="state", board="b")["state"] == before


def test_play_from_here_with_the_die_rolls_when_no_roll_is_given():
    ok(cmd="open", board="b", variant="oblong-shatranj", seed=4)
    text = obl({"a1": "K", "c16": "k", "b8": "R"}, "w - 0")
    state = ok(cmd="edit", board="b", op="play", position=text)["state"]
    assert state["badges"][0]["name"] == "die" and state["position"].split()[2] in "123456"


def test_only_game_boards_have_an_editor():
    ok(cmd="open", board="d", mode="diagram", **NODIE)
    out = call(cmd="edit", board="d", op="show")
    assert out["ok"] is False and out["error"] == "only a game board has a position editor (this board is a diagram)"


def test_read_position_does_not_validate_but_parse_position_does():
    rules = sharah_web.variant("oblong-shatranj", die=False)
    text = obl({"a1": "K"})
    assert rules.read_position(text).text() == text
    with pytest.raises(NotationError, match="black has no king"):
        rules.parse_position(text)
