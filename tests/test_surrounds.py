"""Sha'rah on the Light and Shadow boards: every rule with a position and
the exact moves or effects.

Positions are square -> token: upper case Red, lower case Green; Q queen,
L lord, Y lady, D domnisoara, T troublemaker (with a facing, ``T:s``), A
aes sedai, ``*`` the Fisher. The rest of the position text is the side to
move (g/r), the Fisher's controller (g/r/-), ``+`` once other pieces may
move the Fisher (else ``-``), and the clock. On the default 15x15 Shadow
Board the border is files a and o and ranks 1 and 15; b2 is black (dark),
c2 white (light); a1 is red, b1 green; h8 is the centre.
"""

import random

import pytest

import sharah_web
from sharah_web.core import NotationError, Piece, Remove, Result, Shift

from helpers import board_text, game_with, moves_from, notations, assert_undo_redo_exact

V = "sharah-surrounds"
QUEENS = {"h2": "q", "h14": "Q"}    # kept far away, so the Fisher stays


def game(pieces, rest="g - - 0", queens=True, **options):
    p = dict(QUEENS) if queens else {}
    p.update(pieces)
    if "*" not in p.values() and queens is not None:
        p.setdefault("h8", "*")
    return game_with(V, p, rest, **options)


def labels(g, frm, to):
    geo = g.variant.geometry
    return sorted((m.notation, m.label) for m in g.legal_moves()
                  if m.frm == geo.parse(frm) and m.to == geo.parse(to))


# ------------------------------------------------------------------ boards

def colour(g, name):
    return g.variant.square_colour(g.variant.geometry.parse(name))


def test_shadow_board_is_cornered_in_black_with_red_corners():
    g = sharah_web.new_game(V)
    assert g.variant.geometry.width == g.variant.geometry.height == 15
    assert [colour(g, s) for s in ("b2", "n2", "b14", "n14", "h8")] == ["dark"] * 5
    assert [colour(g, s) for s in ("c2", "b3", "g8")] == ["light"] * 3
    assert [colour(g, s) for s in ("a1", "o1", "a15", "o15", "c1", "a3")] == ["red"] * 6
    assert [colour(g, s) for s in ("b1", "a2", "n15", "o14")] == ["green"] * 4


def test_border_alternates_all_round():
    g = sharah_web.new_game(V)
    v = g.variant
    ring = ([v.geometry.square(x, 0) for x in range(15)] + [v.geometry.square(14, y) for y in range(1, 15)]
            + [v.geometry.square(x, 14) for x in range(13, -1, -1)] + [v.geometry.square(0, y) for y in range(13, 0, -1)])
    cols = [v.square_colour(s) for s in ring]
    assert len(ring) == 56 and set(cols) == {"red", "green"}
    # alternating, except at the corners where two squares of a colour meet around the turn
    assert sum(1 for a, b in zip(cols, cols[1:]) if a == b) == 0
    assert sum(1 for s in range(225) if not v.interior[s]) == 56


def test_light_board_is_cornered_in_white_with_green_corners():
    g = sharah_web.new_game(V, board="light")
    assert [colour(g, s) for s in ("b2", "n14", "h8")] == ["light"] * 3
    assert colour(g, "c2") == "dark"
    assert [colour(g, s) for s in ("a1", "o15", "c1")] == ["green"] * 3
    assert colour(g, "b1") == "red"


def test_corner_colour_option():
    g = sharah_web.new_game(V, corners="green")
    assert colour(g, "b2") == "dark" and colour(g, "a1") == "green" and colour(g, "b1") == "red"


def test_small_board_reading():
    g = sharah_web.new_game(V, size=13)
    assert g.variant.geometry.width == 13
    assert [colour(g, s) for s in ("b2", "l12", "g7")] == ["dark"] * 3
    assert [colour(g, s) for s in ("a1", "m13")] == ["red"] * 2


# ------------------------------------------------------------------ set-up

START = ("15/1D1Y1L1Q1L1Y1D1/1" + "T:s" * 13 + "1/1" + "A" * 13 + "1/15/15/15/7*7/15/15/15/1"
         + "a" * 13 + "1/1" + "t:n" * 13 + "1/1d1y1l1q1l1y1d1/15 g - - 0")


def test_derived_set_up():
    g = sharah_web.new_game(V)
    assert g.position() == START
    pos = g.current
    for side in ("red", "green"):
        kinds = sorted(p.kind for _, p in pos.pieces(side))
        assert kinds == sorted(["queen"] + ["lord"] * 2 + ["lady"] * 2 + ["domnisoara"] * 2
                               + ["troublemaker"] * 13 + ["aes_sedai"] * 13)
    assert g.piece_at("h8").kind == "fisher" and g.piece_at("h8").side is None
    # the Queens share the Fisher's column and colour; the court stands on her colour
    for name in ("h2", "h14", "f2", "j2", "d2", "l2", "b2", "n2"):
        assert colour(g, name) == colour(g, "h8") == "dark"
    assert g.to_move == "green"


def test_light_board_set_up_is_the_same_on_white():
    g = sharah_web.new_game(V, board="light")
    assert g.position() == START
    assert colour(g, "h2") == colour(g, "h8") == "light"


def test_small_board_set_up():
    g = sharah_web.new_game(V, size=13)
    assert g.position() == ("13/1DYALT:sQT:sLAYD1/1" + "T:s" * 11 + "1/1" + "A" * 11
                            + "1/13/13/6*6/13/13/1" + "a" * 11 + "1/1" + "t:n" * 11
                            + "1/1dyalt:nqt:nlayd1/13 g - - 0")
    for side in ("red", "green"):
        assert sum(1 for _ in g.current.pieces(side)) == 33


def test_red_may_move_first_as_an_option():
    g = sharah_web.new_game(V, first="red")
    assert g.to_move == "red" and g.position().endswith(" r - - 0")


def test_every_move_from_the_start_has_its_own_notation():
    # Speed is measured by the benchmarks in scripts/, not asserted here.
    moves = sharah_web.new_game(V).legal_moves()
    assert len(moves) == 1067
    assert len(moves) == len({m.notation for m in moves})


# ------------------------------------------------------------------ pieces

def test_lord_moves_five_diagonally_one_straight_never_onto_the_border():
    g = game({"c3": "l"})
    assert moves_from(g, "c3") == ["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3",
                                   "c3d4", "c3e5", "c3f6", "c3g7"]   # h8: the Fisher blocks


def test_lord_diagonal_is_limited_to_five():
    g = game({"b2": "l", "h12": "q", "h14": "Q"}, queens=False)
    assert moves_from(g, "b2") == ["b2b3", "b2c2", "b2c3", "b2d4", "b2e5", "b2f6", "b2g7"]


def test_lady_moves_any_distance_straight_five_diagonally():
    g = game({"c3": "y", "c6": "T:n"})
    assert moves_from(g, "c3") == sorted(
        ["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3c5", "c3c6", "c3d2", "c3d4", "c3e5", "c3f6", "c3g7"]
        + [f"c3{f}3" for f in "defghijklmn"])


def test_domnisoara_moves_like_a_lady_as_written():
    g = game({"c3": "d", "c6": "T:n"})
    assert moves_from(g, "c3") == sorted(
        ["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3c5", "c3c6", "c3d2", "c3d4", "c3e5", "c3f6", "c3g7"]
        + [f"c3{f}3" for f in "defghijklmn"])


def test_domnisoara_moves_like_a_lord_as_an_option():
    g = game({"c3": "d"}, domnisoara_moves="lord")
    assert moves_from(g, "c3") == ["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3",
                                   "c3d4", "c3e5", "c3f6", "c3g7"]


def test_troublemaker_moves_one_or_two_and_chooses_a_facing():
    g = game({"b2": "t:n", "b3": "A"})
    moves = moves_from(g, "b2")
    faces = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
    dests = ["b3", "c2", "d2", "c3", "d4"]          # b3: takes the red Aes Sedai; b4 is behind it
    expected = [f"b2{d}:{f}" for d in dests for f in faces] + [f"b2b2:{f}" for f in faces if f != "n"]
    assert moves == sorted(expected)
    assert labels(g, "b2", "c2")[0] == ("b2c2:e", "face east")
    assert labels(g, "b2", "b3")[0] == ("b2b3:e", "take the red Aes Sedai, face east")


def test_troublemaker_facing_is_set_on_arrival_and_by_a_turn():
    g = game({"d4": "t:n"})
    g.play("d4f6:sw")
    assert g.piece_at("f6").facing == "sw"
    g.play("h14h12")
    g.play("f6f6:se")
    assert g.piece_at("f6").facing == "se" and g.to_move == "red"
    g.play("h12h10")
    with pytest.raises(ValueError, match="say which move you mean: f6f7:n, f6f7:ne"):
        g.play("f6f7")
    with pytest.raises(ValueError, match="say which move you mean: f6f6:n, "):
        g.play("f6f6:se")       # it already faces south-east


def test_aes_sedai_moves_any_distance_never_onto_the_border():
    g = game({"b2": "a", "b5": "l", "e2": "l"})
    assert moves_from(g, "b2") == ["b2b3", "b2b4", "b2b4>b5b6", "b2b4>b5b7",   # pushes: below
                                   "b2c2", "b2c3", "b2d2", "b2d2>e2f2", "b2d2>e2g2",
                                   "b2d4", "b2e5", "b2f6", "b2g7"]


# ------------------------------------------------------------- capture lists

KINDS = {"Q": "queen", "L": "lord", "Y": "lady", "D": "domnisoara", "T": "troublemaker", "A": "aes_sedai"}
# attacker -> what its own paragraph lets it take
TAKES = {"Q": "T", "L": "LDTA", "Y": "YDTA", "D": "DTA", "T": "TALY", "A": "T"}


@pytest.mark.parametrize("attacker", list(TAKES))
@pytest.mark.parametrize("target", list(KINDS))
@pytest.mark.parametrize("same_side", [False, True])
def test_who_takes_whom_of_either_colour(attacker, target, same_side):
    # the attacker two squares diagonally from the target (e5 -> g7), which
    # faces it (a Troublemaker facing south-west: taken from its front)
    if attacker == target == "Q" and same_side:
        pytest.skip("a side has one Queen")
    a = attacker.lower() + (":n" if attacker == "T" else "")
    t = (target.lower() if same_side else target) + (":sw" if target == "T" else "")
    g = game_with(V, {"e5": a, "g7": t, "h8": "*"}, "g - - 0")
    move = "e5g7" + (":n" if attacker == "T" else "")
    assert (move in notations(g)) == (target in TAKES[attacker])


def test_queen_takes_a_domnisoara_only_with_the_option():
    pieces = {"e5": "q", "g7": "D", "h14": "Q"}
    assert "e5g7" not in notations(game_with(V, {**pieces, "h8": "*"}, "g - - 0"))
    g = game_with(V, {**pieces, "h8": "*"}, "g - - 0", queen_takes_domnisoara=True)
    assert "e5g7" in notations(g)


@pytest.mark.parametrize("attacker", ["q", "a"])
def test_queen_and_aes_sedai_take_a_troublemaker_only_from_its_front(attacker):
    base = {"e5": attacker, "h14": "Q"} if attacker == "q" else {"e5": attacker}
    for facing, ok in (("sw", True), ("s", False), ("w", False), ("ne", False), ("n", False)):
        pieces = {**base, "g7": f"T:{facing}"}
        g = game(pieces, queens=attacker == "a") if attacker == "a" else game_with(V, {**pieces, "h8": "*"}, "g - - 0")
        assert ("e5g7" in notations(g)) == ok, facing
    # front=wide: also from the two directions beside the face
    for facing, ok in (("s", True), ("w", True), ("n", False)):
        pieces = {**base, "g7": f"T:{facing}"}
        if attacker == "a":
            g = game(pieces, front="wide")
        else:
            g = game_with(V, {**pieces, "h8": "*"}, "g - - 0", front="wide")
        assert ("e5g7" in notations(g)) == ok, facing


def test_others_take_a_troublemaker_from_any_side():
    g = game({"e5": "l", "f6": "T:ne"})
    assert "e5f6" in notations(g)


def test_nobody_but_the_fisher_takes_a_queen():
    g = game_with(V, {"e5": "l", "f6": "Q", "g5": "y", "e6": "t:n", "h2": "q", "h8": "*"}, "g - - 0")
    assert not [m for m in g.legal_moves() if m.to == g.variant.geometry.parse("f6")]


# ------------------------------------------------------------------ queens

def test_queen_moves_two_to_six_and_passes_over_one_piece():
    g = game_with(V, {"e5": "q", "e9": "T:s", "e10": "a", "h2": "d", "h14": "Q", "h8": "*"}, "g - - 0")
    assert moves_from(g, "e5") == sorted([
        "e5e7", "e5e8", "e5e9",                       # takes the Troublemaker from its front
        "e5e3", "e5e2", "e5c5", "e5b5", "e5g5", "e5h5", "e5i5", "e5j5", "e5k5",
        "e5c7", "e5b8", "e5c3", "e5b2", "e5g3",       # h2: her own Domnisoara, not to be taken
        "e5g7", "e5i9", "e5j10", "e5k11",             # over the Fisher on h8
        # pulls: the piece two squares from where she lands comes one nearer
        "e5e7+e9e8", "e5c7+e9d8", "e5g7+e9f8",
    ])


def test_queen_may_not_pass_over_a_piece_on_a_two_square_move():
    g = game_with(V, {"e5": "q", "e6": "A", "f6": "A", "h14": "Q", "h8": "*"}, "g - - 0")
    moves = moves_from(g, "e5")
    assert "e5e7" not in moves and "e5g7" not in moves
    assert "e5e8" in moves and "e5h8" not in moves and "e5i9" not in moves  # two pieces in the way


def test_queen_pull_is_a_labelled_choice():
    g = game_with(V, {"e5": "q", "e9": "Y", "h14": "Q", "h8": "*"}, "g - - 0")
    assert labels(g, "e5", "e7") == [("e5e7", "move only"), ("e5e7+e9e8", "pull the red Lady on e9 to e8")]
    g.play("e5e7+e9e8")
    assert g.piece_at("e8").kind == "lady" and g.piece_at("e9") is None and g.piece_at("e7").kind == "queen"


def test_queen_does_not_pull_the_fisher():
    g = game_with(V, {"h4": "q", "h14": "Q", "h8": "*"}, "g g + 0")
    assert "h4h6" in notations(g) and not [m for m in notations(g) if m.startswith("h4h6+")]


# -------------------------------------------------------------- troublemakers

def test_troublemaker_moved_by_an_enemy_on_its_rear_slant():
    # the red Troublemaker on f6 faces north: its rear slants are e5 and g5
    g = game({"c3": "l", "f6": "T:n"})
    assert sorted(n for n in moves_from(g, "c3") if n.startswith("c3e5")) == sorted(
        ["c3e5"] + [f"c3e5+f6{s}" for s in ("f7", "f8", "g7", "g6", "h6", "g5", "h4", "f5", "f4",
                                            "e6", "d6", "e7", "d8")])
    assert labels(g, "c3", "e5")[1] == ("c3e5+f6d6", "move the red Troublemaker f6 to d6")
    g.play("c3e5+f6d6")
    assert g.piece_at("d6") == sharah_web.Piece("troublemaker", "red", "n")   # keeps its facing
    assert g.piece_at("f6") is None


def test_diagonal_facing_has_its_slants_on_the_row_and_column_behind():
    # facing north-east: the squares behind are south (f5) and west (e6)
    for land, ok in (("f5", True), ("e6", True), ("e5", False), ("g5", False), ("e7", False)):
        frm = land[0] + "2"         # an Aes Sedai comes up the file
        g = game({"f6": "T:ne", frm: "a"}, queens=False)
        moves = [n for n in moves_from(g, frm) if n.startswith(frm + land + "+f6")]
        assert bool(moves) == ok, land


def test_own_troublemaker_cannot_be_moved_from_behind():
    g = game({"c3": "l", "f6": "t:n"})
    assert [n for n in moves_from(g, "c3") if "+" in n] == []


def test_a_moving_troublemaker_may_move_an_enemy_one_too():
    g = game({"d4": "t:n", "f6": "T:n"})
    moves = [n for n in moves_from(g, "d4") if n.split("+")[0] == "d4e5:n"]
    assert "d4e5:n" in moves and "d4e5:n+f6f8" in moves and len(moves) == 14


# ---------------------------------------------------------------- aes sedai

def test_aes_sedai_push_one_or_two_then_leaves():
    g = game({"b5": "a", "f5": "L"})
    assert labels(g, "b5", "e5") == [
        ("b5e5", "move only"),
        ("b5e5>f5g5", "push the red Lord to g5; the Aes Sedai leaves the board"),
        ("b5e5>f5h5", "push the red Lord to h5; the Aes Sedai leaves the board"),
    ]
    g.play("b5e5>f5h5")
    assert g.piece_at("h5").kind == "lord" and g.piece_at("b5") is None and g.piece_at("e5") is None
    assert g.piece_at("f5") is None


def test_aes_sedai_push_is_blocked_by_a_piece_in_the_way():
    g = game({"b5": "a", "f5": "L", "h5": "t:n"})
    assert [n for n in moves_from(g, "b5") if n.startswith("b5e5")] == ["b5e5", "b5e5>f5g5"]
    g = game({"b5": "a", "f5": "L", "g5": "t:n"})
    assert [n for n in moves_from(g, "b5") if n.startswith("b5e5")] == ["b5e5"]


def test_aes_sedai_must_approach_to_push():
    g = game({"e5": "a", "f5": "L"})
    assert [n for n in moves_from(g, "e5") if "+" in n and n[2:4] == "e5"] == []
    assert not [n for n in moves_from(g, "e5") if "+f5" in n]


def test_aes_sedai_straight_at_a_piece_by_the_border_does_nothing():
    g = game({"e10": "a", "e14": "L"})
    assert [n for n in moves_from(g, "e10") if n.startswith("e10e13")] == ["e10e13"]


def test_aes_sedai_diagonally_at_a_piece_by_the_border_forces_it_along():
    g = game({"b11": "a", "e14": "L"})
    assert [n for n in moves_from(g, "b11") if n.startswith("b11d13")] == [
        "b11d13", "b11d13>e14f14", "b11d13>e14g14"]
    # in the corner there is nowhere to go along
    g = game({"j10": "a", "n14": "L"})
    assert [n for n in moves_from(g, "j10") if n.startswith("j10m13")] == ["j10m13"]


def test_aes_sedai_pushes_a_queen_onto_the_border_and_captures_her():
    g = game_with(V, {"h10": "a", "h14": "Q", "h2": "q", "h8": "*"}, "g - - 0")
    assert labels(g, "h10", "h13") == [
        ("h10h13", "move only"),
        ("h10h13>h14h15", "force the red Queen onto the border: she is captured; the Aes Sedai leaves the board"),
    ]
    g.play("h10h13>h14h15")
    assert g.current.find("queen", "red") is None and g.piece_at("h15") is None


# The red Queen on h14, at the edge; green Aes Sedai come at her straight
# (h10) and diagonally from either side (e11 north-east, k11 north-west).
AT_EDGE = {"h10": "a", "e11": "a", "k11": "a", "h14": "Q", "h2": "q", "h8": "*"}


def pushes_at_h14(g):
    return sorted(n for n in notations(g) if n.startswith(("h10h13", "e11g13", "k11i13")))


def test_a_queen_at_the_edge_is_forced_onto_the_border_from_any_direction_by_default():
    g = game_with(V, AT_EDGE, "g - - 0")
    assert g.variant.opts["queen_edge"] == "border"
    assert pushes_at_h14(g) == ["e11g13", "e11g13>h14i15", "h10h13", "h10h13>h14h15",
                                "k11i13", "k11i13>h14g15"]
    assert labels(g, "e11", "g13")[1] == (
        "e11g13>h14i15", "force the red Queen onto the border: she is captured; the Aes Sedai leaves the board")
    g.play("k11i13>h14g15")
    assert g.current.find("queen", "red") is None and g.piece_at("g15") is None


def test_a_queen_at_the_edge_keeps_the_edge_rule_with_the_option():
    # queen_edge=edge: straight from inside, she is not affected (the Aes Sedai
    # stops beside her); diagonally, she is forced along the border, as any
    # piece at the edge that cannot move onto the border
    g = game_with(V, AT_EDGE, "g - - 0", queen_edge="edge")
    assert pushes_at_h14(g) == ["e11g13", "e11g13>h14i14", "e11g13>h14j14", "h10h13",
                                "k11i13", "k11i13>h14f14", "k11i13>h14g14"]
    assert labels(g, "h10", "h13") == [("h10h13", "")]
    g.play("e11g13>h14j14")
    assert g.piece_at("j14") == Piece("queen", "red")
    assert g.piece_at("h14") is None and g.piece_at("e11") is None and g.result is None


@pytest.mark.parametrize("queen_edge", ["border", "edge"])
def test_a_queen_two_squares_from_the_border_may_be_forced_onto_it_in_either_reading(queen_edge):
    g = game_with(V, {"h9": "a", "h13": "Q", "h2": "q", "h8": "*"}, "g - - 0", queen_edge=queen_edge)
    assert [n for n in moves_from(g, "h9") if n.startswith("h9h12")] == ["h9h12", "h9h12>h13h14", "h9h12>h13h15"]
    g.play("h9h12>h13h15")
    assert g.current.find("queen", "red") is None


@pytest.mark.parametrize("queen_edge", ["border", "edge"])
def test_a_queen_forced_onto_the_border_in_the_race_is_captured_and_her_side_loses(queen_edge):
    # the Queens' race (no Fisher): a Queen may step onto the border herself,
    # but one forced onto it is captured, and the other side wins at once;
    # the edge rule does not protect her here, whatever queen_edge says
    g = game_with(V, {"h10": "a", "h14": "Q", "h5": "q"}, "g - - 0", queen_edge=queen_edge)
    assert [n for n in moves_from(g, "h10") if n.startswith("h10h13")] == ["h10h13", "h10h13>h14h15"]
    g.play("h10h13>h14h15")
    assert g.current.find("queen", "red") is None
    assert g.result == Result("green", "the Red Queen was lost in the race", "race")
    assert g.legal_moves() == []


def test_aes_sedai_pushes_the_fisher_by_the_border_onto_it():
    # straight at the Fisher next to the border: onto it (d15 is green)
    g = game({"d10": "a", "d14": "*"}, "g r + 0")
    assert [n for n in moves_from(g, "d10") if n.startswith("d10d13")] == ["d10d13", "d10d13>d14d15"]
    g.play("d10d13>d14d15")
    assert g.result == Result("green", "the Fisher was forced onto a green square of the border", "fisher")


# The Fisher on e15 (red, Red's colour but not Red's far end), held by Red:
# Aes Sedai come at him straight (e11), and diagonally from either side
# (b12 along the north-east diagonal, h12 along the north-west one).
ON_BORDER = {"e11": "a", "b12": "a", "h12": "a", "e15": "*"}


def pushes_at_e15(g):
    return sorted(n for n in notations(g) if n.startswith(("e11e14", "b12d14", "h12f14")))


def test_aes_sedai_at_the_fisher_on_the_border_stops_beside_him_by_default():
    # "or she approaches the Fisher while he is on the border, the piece is
    # not affected, and the Aes Sedai must stop in the square next to the piece"
    g = game(ON_BORDER, "g r + 0")
    assert g.variant.opts["border_fisher"] == "stop"
    assert g.result is None
    assert pushes_at_e15(g) == ["b12d14", "e11e14", "h12f14"]
    assert labels(g, "b12", "d14") == [("b12d14", "")]       # nothing to choose
    g.play("b12d14")
    assert g.piece_at("d14").kind == "aes_sedai" and g.piece_at("e15").kind == "fisher"
    assert g.result is None


def test_aes_sedai_at_the_fisher_on_the_border_forces_him_along_it_with_the_option():
    g = game(ON_BORDER, "g r + 0", border_fisher="along")
    assert pushes_at_e15(g) == ["b12d14", "b12d14>e15f15", "b12d14>e15g15", "e11e14",
                                "h12f14", "h12f14>e15c15", "h12f14>e15d15"]
    assert labels(g, "b12", "d14") == [
        ("b12d14", "move only"),
        ("b12d14>e15f15", "push the Fisher to f15; the Aes Sedai leaves the board"),
        ("b12d14>e15g15", "push the Fisher to g15; the Aes Sedai leaves the board"),
    ]
    g.play("h12f14>e15d15")           # d15 is green: Green, who does not hold him, wins
    assert g.piece_at("d15").kind == "fisher" and g.piece_at("h12") is None and g.piece_at("f14") is None
    assert g.result == Result("green", "the Fisher was forced onto a green square of the border", "fisher")


def test_the_readings_are_game_options_for_the_panel_records_and_links():
    from sharah_web import record
    specs = {o["name"]: o for o in sharah_web.variant(V).option_specs()}
    assert {k: specs["border_fisher"][k] for k in ("label", "type", "choices", "default", "value")} == {
        "label": "Aes Sedai at a border Fisher", "type": "str", "choices": ["stop", "along"],
        "default": "stop", "value": "stop"}
    assert {k: specs["queen_edge"][k] for k in ("label", "type", "choices", "default", "value")} == {
        "label": "Aes Sedai at an edge Queen", "type": "str", "choices": ["border", "edge"],
        "default": "border", "value": "border"}
    g = game(ON_BORDER, "g r + 0", border_fisher="along", queen_edge="edge")
    g.play("b12d14>e15f15")
    link = record.format_link(g)
    assert "border_fisher:along" in link and "queen_edge:edge" in link
    for again in (record.parse_link(link).game, record.parse_record(record.format_record(g)).game,
                  record.load_saved(record.saved_game(g))):
        assert again.variant.opts["border_fisher"] == "along" and again.position() == g.position()
    # the same move under the default reading is refused, with the reason
    with pytest.raises(record.RecordError, match=r"move 1 \(b12d14>e15f15\)"):
        record.parse_link(link.replace("border_fisher:along", "border_fisher:stop"))


def test_border_fisher_option_changes_nothing_for_the_fisher_inside():
    for value in ("stop", "along"):
        g = game({"d10": "a", "d14": "*"}, "g r + 0", border_fisher=value)
        assert [n for n in moves_from(g, "d10") if n.startswith("d10d13")] == ["d10d13", "d10d13>d14d15"]


def test_an_aes_sedai_leaving_the_board_is_not_a_capture():
    geo = sharah_web.variant(V).geometry
    g = game({"b5": "a", "f5": "L"}, "g - - 7")
    push = g.find_move("b5e5>f5h5")
    assert push.effects == (Remove(geo.parse("b5"), capture=False), Shift(geo.parse("f5"), geo.parse("h5")))
    assert push.captured() == []
    g.play(push)
    assert g.position().endswith(" r - - 0")      # a piece left the board: the clock starts again
    # forcing a Queen onto the border captures her, and only her
    g = game_with(V, {"h10": "a", "h14": "Q", "h2": "q", "h8": "*"}, "g - - 0")
    assert [geo.name(s) for s in g.find_move("h10h13>h14h15").captured()] == ["h14"]
    # what the board is told (the widget says "taking ..." only for captures)
    from helpers import ok
    from sharah_web import bridge
    bridge.reset()
    try:
        moves = ok(cmd="open", board="b", variant=V, options={},
                   position=g.position())["state"]["moves"]
        by_name = {m["n"]: m for m in moves}
        assert by_name["h10h13>h14h15"]["captures"] == ["h14"]
        moves = ok(cmd="open", board="c", variant=V, options={},
                   position=game({"b5": "a", "f5": "L"}).position())["state"]["moves"]
        assert "captures" not in {m["n"]: m for m in moves}["b5e5>f5h5"]
    finally:
        bridge.reset()


def test_aes_sedai_may_not_push_the_fisher_before_he_is_free():
    g = game({"h3": "a"})
    assert [n for n in moves_from(g, "h3") if "+" in n] == []


# ---------------------------------------------------------------- the Fisher

def test_nobody_moves_the_fisher_before_his_first_capture():
    g = game({})
    assert not [m for m in g.legal_moves() if m.frm == g.variant.geometry.parse("h8")]
    with pytest.raises(ValueError, match="nobody may move him until he is captured"):
        g.play("h8h9")


def test_four_of_eight_neighbours_capture_the_fisher():
    g = game({"g7": "l", "h7": "t:n", "i7": "a", "e9": "y"})
    assert g.current.state["ctrl"] is None
    g.play("e9g9")
    assert g.current.state["ctrl"] == "green"
    assert g.position().endswith(" r g - 1")
    assert g.variant.badges(g.current) == [
        {"name": "Fisher", "value": "held by Green", "detail": "only his captor may move him"}]


def test_the_fisher_badge_says_who_holds_him_as_a_player_would():
    """Not "Fisher nobody": at the set-up nobody has captured him yet."""
    g = sharah_web.new_game("sharah-surrounds")
    assert g.variant.badges(g.current) == [
        {"name": "Fisher", "value": "not captured yet", "detail": "only his captor may move him, once captured"}]


def test_four_neighbours_of_mixed_colours_do_not_capture():
    g = game({"g7": "l", "h7": "t:n", "i7": "A", "e9": "y"})
    g.play("e9g9")
    assert g.current.state["ctrl"] is None


def test_only_the_captor_moves_the_fisher_and_only_then_he_leaves_the_centre():
    g = game({"g7": "l", "h7": "t:n", "i7": "a", "g9": "y"}, "r g - 0")
    assert not [m for m in g.legal_moves() if m.frm == g.variant.geometry.parse("h8")]
    with pytest.raises(ValueError, match="only Green, who captured him last"):
        g.play("h8h9")
    g.play("h14h12")
    assert "h8i9" in moves_from(g, "h8")
    g.play("h8i9")
    assert g.current.state["free"] is True and g.position().endswith(" r g + 2")


def test_recapture_by_the_other_side():
    g = game({"g7": "l", "h7": "t:n", "i7": "a", "g9": "Y", "h9": "T:s", "i9": "A", "j8": "L"},
             "r g - 0")
    g.play("j8i8")          # a fourth red piece joins the ring: Red captures
    assert g.current.state["ctrl"] == "red"


def test_captor_moving_the_fisher_into_a_ring_hands_him_over():
    g = game({"e5": "*", "e7": "L", "f7": "T:s", "g7": "A", "g6": "Y"}, "g g + 0")
    g.play("e5f6")
    assert g.current.state["ctrl"] == "red"


def test_fisher_on_white_travels_steps_and_forces_back_or_captures():
    g = game({"c2": "*", "d3": "L", "b3": "l"}, "g g + 0")
    v = g.variant
    light = sorted(v.geometry.names[s] for s in v.light_squares if v.geometry.names[s] not in ("c2", "d3", "b3"))
    expected = [f"c2{s}" for s in light] + [
        "c2b2", "c2d2", "c2c3",            # one step to black
        "c2b1", "c2c1", "c2d1",            # one step to the border
        "c2d3", "c2d3+d3d4",               # the red Lord: capture, or force it back one
    ]
    assert moves_from(g, "c2") == sorted(expected)
    assert labels(g, "c2", "d3") == [("c2d3", "capture the red Lord"),
                                     ("c2d3+d3d4", "force the red Lord back to d4")]
    g.play("c2d3+d3d4")
    assert g.piece_at("d3").kind == "fisher" and g.piece_at("d4").kind == "lord"


def test_fisher_forces_a_green_piece_back_towards_green():
    # "back" is towards the piece's own side: south for Green
    g = game({"f5": "*", "g6": "l"}, "r r + 0")
    assert "f5g6+g6g5" in moves_from(g, "f5")
    g = game({"f5": "*", "g6": "l"}, "r r + 0", fisher_push="away")
    assert "f5g6+g6h7" in moves_from(g, "f5")


def test_fisher_on_black_attacks_like_a_queen_and_steps_slowly():
    g = game({"e5": "*", "e9": "L", "b8": "l", "h8": "Y", "c3": "T:n"}, "g g + 0")
    assert moves_from(g, "e5") == ["e5c3", "e5d4", "e5d6", "e5e9", "e5f4", "e5f6", "e5h8"]
    g = game({"b2": "*"}, "g g + 0")
    assert moves_from(g, "b2") == ["b2a1", "b2a2", "b2a3", "b2b1", "b2c1", "b2c3"]


def test_fisher_on_black_to_any_border_square_as_an_option():
    g = game({"e5": "*"}, "g g + 0", fisher_border="any")
    assert len([n for n in moves_from(g, "e5") if n[2] in "ao" or n[3:] in ("1", "15")]) == 56


def test_fisher_on_the_border_steps_one_square():
    g = game({"a6": "*", "b6": "t:n"}, "g g + 0")
    assert moves_from(g, "a6") == ["a6a5", "a6a7", "a6b5", "a6b7"]


def test_domnisoara_draws_the_fisher_one_square():
    g = game({"e5": "*", "c2": "d"}, "g r + 0")
    assert labels(g, "c2", "c5") == [("c2c5", "move only"), ("c2c5+e5d5", "draw the Fisher to d5")]
    ms = [n for n in moves_from(g, "c2") if "+" in n]
    assert ms == ["c2c3+e5d4", "c2c5+e5d5", "c2c7+e5d6"]
    g.play("c2c5+e5d5")
    assert g.piece_at("d5").kind == "fisher" and g.piece_at("c5").kind == "domnisoara"


def test_domnisoara_draws_only_once_he_is_free_and_only_from_the_front_with_the_option():
    g = game({"c6": "d"})
    assert [n for n in moves_from(g, "c6") if "+" in n] == []
    g = game({"e5": "*", "c2": "d"}, "g r + 0", domnisoara_draw="front")
    assert [n for n in moves_from(g, "c2") if "+" in n] == ["c2c3+e5d4"]   # from below only


def test_no_other_piece_draws_the_fisher():
    g = game({"e5": "*", "c2": "y"}, "g r + 0")
    assert [n for n in moves_from(g, "c2") if "+" in n] == []


# ------------------------------------------------------- leaving and the race

def test_fisher_leaves_when_next_to_both_queens_and_the_race_begins():
    g = game_with(V, {"h8": "*", "h7": "q", "k11": "Q"}, "r - - 5")
    g.play("k11i9")
    assert g.piece_at("h8") is None
    assert g.position().endswith(" g - - 0")
    assert "race" in g.variant.status(g.current)
    assert g.result is None


def test_in_the_race_queens_may_enter_the_border():
    g = game_with(V, {"h5": "q", "h9": "Q"}, "g - - 0")
    assert "h5h1" in moves_from(g, "h5") and "h5d1" in moves_from(g, "h5")


def test_queens_race_home_wins():
    g = game_with(V, {"h5": "q", "h9": "Q"}, "g - - 0")
    # b1 is green (Shadow board, red corners): green's own end
    assert colour(g, "b1") == "green" and colour(g, "d1") == "green"
    g.play("h5d1")
    assert g.result == Result("green", "the Green Queen won the race home", "race")


def test_race_to_a_red_square_does_not_win():
    g = game_with(V, {"g5": "q", "h9": "Q"}, "g - - 0")
    assert colour(g, "g1") == "red"
    g.play("g5g1")
    assert g.result is None


def test_race_goal_half_option():
    g = game_with(V, {"d5": "q", "h9": "Q"}, "g - - 0", race_goal="half")
    g.play("d5a2")     # a2 is green, in green's half
    assert g.result == Result("green", "the Green Queen won the race home", "race")
    g = game_with(V, {"d5": "q", "h9": "Q"}, "g - - 0")
    g.play("d5a2")
    assert g.result is None


# ------------------------------------------------------------------ winning

def test_controller_wins_with_the_fisher_on_his_colour_at_the_far_end():
    g = game({"f14": "*"}, "g g + 0")        # f14 is black, next to the top border
    assert [colour(g, s) for s in ("e15", "f15", "g15")] == ["red", "green", "red"]
    assert moves_from(g, "f14") == ["f14e13", "f14e15", "f14f15", "f14g13", "f14g15",
                                    "f14h14"]     # and he may capture the red Queen
    g.play("f14f15")
    assert g.result == Result("green", "Green brought the Fisher to a green square at the far end", "fisher")


def test_controller_on_the_other_colour_loses():
    g = game({"f14": "*"}, "g g + 0")
    g.play("f14e15")
    assert g.result == Result("red", "the Fisher was forced onto a red square of the border", "fisher")


def test_controller_on_his_colour_elsewhere_on_the_border_does_not_win():
    g = game({"b3": "*"}, "g g + 0")          # b3 is white; a4 green, a3 red
    g.play("b3a4")
    assert g.result is None
    g = game({"b3": "*"}, "g g + 0")
    g.play("b3a3")
    assert g.result == Result("red", "the Fisher was forced onto a red square of the border", "fisher")


def test_non_controller_wins_by_forcing_the_fisher_onto_his_colour():
    # Green holds the Fisher on b5, next to the border; a red Aes Sedai comes
    # at him straight from the east and forces him onto a5 (red)
    g = game({"e5": "A", "b5": "*"}, "r g + 0")
    assert g.result is None
    assert [n for n in moves_from(g, "e5") if n.startswith("e5c5")] == ["e5c5", "e5c5>b5a5"]
    g.play("e5c5>b5a5")
    assert g.result == Result("red", "the Fisher was forced onto a red square of the border", "fisher")


def test_non_controller_wins_by_forcing_the_fisher_along_the_border_with_the_option():
    # Green holds the Fisher on a6 (green, on the side); a red Aes Sedai comes
    # at him diagonally: by default he is not affected, with border_fisher=along
    # she forces him along the border onto a5 (red)
    g = game({"d9": "A", "a6": "*"}, "r g + 0")
    assert [n for n in moves_from(g, "d9") if n.startswith("d9b7")] == ["d9b7"]
    g = game({"d9": "A", "a6": "*"}, "r g + 0", border_fisher="along")
    assert g.result is None
    assert [n for n in moves_from(g, "d9") if n.startswith("d9b7")] == ["d9b7", "d9b7>a6a4", "d9b7>a6a5"]
    g.play("d9b7>a6a5")
    assert g.result == Result("red", "the Fisher was forced onto a red square of the border", "fisher")


def test_removing_the_controllers_court_wins():
    pieces = {"h14": "Q", "e5": "*", "c3": "l", "c4": "L", "h12": "T:s"}
    g = game_with(V, pieces, "r g + 0")
    g.play("c4c3")          # the red Lord takes Green's last court piece
    assert g.result == Result("red", "Green holds the Fisher but has no court pieces left", "no-court")


def test_stalemate_when_the_other_player_holds_the_fisher_as_the_court_goes():
    pieces = {"h14": "Q", "e5": "*", "c3": "l", "c4": "L", "h12": "T:s", "b2": "t:n"}
    g = game_with(V, pieces, "r r + 0")
    g.play("c4c3")
    assert g.result == Result(None, "stalemate: Green has no court pieces and Red holds the Fisher", "stalemate")


def ring_game(extra_plies, **options):
    # Green has no court; Red takes the Fisher after some waiting moves
    pieces = {"h14": "Q", "h8": "*", "g9": "T:s", "h9": "T:s", "i9": "A", "m12": "L",
              "c3": "t:n", "l10": "l", "d12": "A"}
    g = game_with(V, pieces, "r - - 0", **options)   # nobody has captured the Fisher yet
    g.play("m12l11")        # a red Lord eyes Green's last court piece
    g.play("c3c3:ne")
    g.play("l11l10")        # and takes it: the Lady on l10
    assert g.result is None
    assert g.variant.court(g.current, "green") == 0
    for k in range(extra_plies):
        g.play("c3c3:n" if g.to_move == "green" and g.piece_at("c3").facing != "n" else
               "c3c3:ne" if g.to_move == "green" else ("d12d11" if g.piece_at("d12") else "d11d12"))
    return g


def test_stalemate_when_the_fisher_is_taken_within_three_moves():
    g = ring_game(3)        # green, red, green: the capture comes on Red's third move after
    assert g.to_move == "red"
    g.play("l10i7")          # the fourth red piece: Red captures the Fisher
    assert g.result == Result(None, "stalemate: Green has no court pieces and Red holds the Fisher", "stalemate")


def test_no_stalemate_when_the_fisher_is_taken_later():
    g = ring_game(7)
    g.play("l10i7")
    assert g.current.state["ctrl"] == "red"
    assert g.result is None


def test_stalemate_window_option():
    g = ring_game(1)
    g.play("l10i7")
    assert g.result == Result(None, "stalemate: Green has no court pieces and Red holds the Fisher", "stalemate")
    g = ring_game(1, stalemate_moves=0)
    g.play("l10i7")
    assert g.result is None


def test_the_move_limit_draws():
    g = game({"c3": "t:n"}, "g - - 199")
    g.play("c3c3:e")
    assert g.result == Result(None, "100 moves each without a piece leaving the board", "move-limit")
    g = game({"c3": "t:n"}, "g - - 199", move_limit=0)
    g.play("c3c3:e")
    assert g.result is None


def test_a_player_with_no_move_passes():
    g = game_with(V, {"h14": "Q", "h8": "*", "b2": "A"}, "g - - 0")
    assert notations(g) == ["pass"]


# ------------------------------------------------------- position text

def test_position_text_round_trips_with_state():
    text = board_text(15, 15, {"h14": "Q", "e5": "*", "c3": "t:sw", "h2": "q"}) + " r g + 12"
    g = sharah_web.new_game(V, text)
    assert g.position() == text
    assert g.current.state == {"ctrl": "green", "free": True, "clock": 12}


@pytest.mark.parametrize("rest, message", [
    ("g x - 0", "controller is r, g or '-'"),
    ("g g x 0", "'\\+' \\(other pieces may move"),
    ("g g + x", "clock must be a whole number"),
    ("g g + 0 9", "unexpected fields"),
])
def test_bad_state_fields(rest, message):
    with pytest.raises(ValueError, match=message):
        sharah_web.new_game(V, board_text(15, 15, {"h8": "*"}) + " " + rest)


def test_bad_positions():
    with pytest.raises(ValueError, match="stands on the border"):
        sharah_web.new_game(V, board_text(15, 15, {"h8": "*", "a5": "L"}) + " g - - 0")
    with pytest.raises(ValueError, match="must be on the centre"):
        sharah_web.new_game(V, board_text(15, 15, {"e5": "*"}) + " g - - 0")
    with pytest.raises(ValueError, match="needs a facing"):
        sharah_web.new_game(V, board_text(15, 15, {"h8": "*", "c3": "T"}) + " g - - 0")
    with pytest.raises(ValueError, match="only one Fisher"):
        sharah_web.new_game(V, board_text(15, 15, {"h8": "*", "c3": "*"}) + " g - - 0")


def test_fisher_freedom_needs_a_controller():
    # '+' (others may move him) only ever follows a capture, and a captured
    # Fisher off the centre is always free: the parser used to take both.
    with pytest.raises(NotationError, match="comes only after someone has captured him"):
        sharah_web.new_game(V, board_text(15, 15, {"h8": "*"}) + " g - + 0")
    with pytest.raises(NotationError, match="comes only after someone has captured him"):
        sharah_web.new_game(V, board_text(15, 15, {"e5": "*"}) + " g - + 0")
    with pytest.raises(NotationError, match="write '\\+' after the controller"):
        sharah_web.new_game(V, board_text(15, 15, {"e5": "*"}) + " g r - 0")
    for rest in ("g r - 0", "g r + 0"):    # captured where he stands, or moved back
        text = board_text(15, 15, {"h8": "*"}) + " " + rest
        assert sharah_web.new_game(V, text).position() == text


# ------------------------------------------------------- random games

@pytest.mark.parametrize("options", [{}, {"board": "light", "size": 13, "front": "wide",
                                          "fisher_push": "away", "queen_takes_domnisoara": True,
                                          "border_fisher": "along", "queen_edge": "edge"}])
def test_random_games_end_and_undo_exactly(options):
    rng = random.Random(5)
    results = set()
    for n in range(4):
        g = sharah_web.new_game(V, **options)
        texts = [g.position()]
        while g.result is None:
            moves = g.legal_moves()
            # prefer moves that do something (extras, pushes, captures), so games reach their ends
            rich = [m for m in moves if "+" in m.notation or ">" in m.notation or m.captured()]
            move = rng.choice(rich) if rich and rng.random() < 0.5 else rng.choice(moves)
            g.play(move)
            text = g.position()
            if len(texts) % 25 == 0 or g.result is not None:
                assert sharah_web.new_game(V, text, **options).position() == text
            texts.append(text)
        results.add(g.result.termination)
        assert g.history[-1].result == g.result
        assert_undo_redo_exact(g, texts)
