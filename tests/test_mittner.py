"""Sha'rah as read by Martin Mittner: every rule with a position and the exact moves.

Positions are square -> token: upper case Red (at the bottom), lower case
Green (at the top); S snake, F fox, O stone, * the Fisher (on h8, the Fisher
square, unless a test puts it elsewhere). The rest of the position text is
the side to move (r/g), the phase (place/capture/dance), the hands
(Red's/Green's), the Fisher's holder (r/g/-) and the dance's quiet-move clock.

The 15x15 board: a goal row (files a and o, ranks 1 and 15) round a 13x13
surface b2-n14, black (dark) and white (light) with b2 dark.
"""

import random
import re

import pytest

import sharah_web
from sharah_web.core import IllegalMoveError, NotationError

from helpers import board_text, moves_from, notations, assert_undo_redo_exact

MIT = "sharah-mittner"


def game(pieces, rest="r capture -/- - 0", **options):
    pieces = dict(pieces)
    if "*" not in pieces.values():
        pieces["h8"] = "*"
    size = options.get("size", 13) + 2
    return sharah_web.new_game(MIT, board_text(size, size, pieces) + " " + rest, **options)


def dance(pieces, holder="r", to_move=None, clock=0, **options):
    return game(pieces, f"{to_move or holder} dance -/- {holder} {clock}", **options)


def state(g):
    return g.current.state


def names(g, squares):
    return sorted(g.variant.geometry.names[s] for s in squares)


# ------------------------------------------------------------------ the board

def test_board_is_fifteen_square_with_the_fisher_in_the_middle():
    g = sharah_web.new_game(MIT)
    v = g.variant
    assert (v.width, v.height) == (15, 15)
    assert g.position() == "15/15/15/15/15/15/15/7*7/15/15/15/15/15/15/15 g place S11F11O11/s11f11o11 - 0"
    assert g.to_move == "green"                       # Green places first
    assert v.sides == ("red", "green")
    assert g.piece_at("h8").kind == "fisher" and g.piece_at("h8").side is None


@pytest.mark.parametrize("square, colour", [
    ("h8", "fisher"), ("b2", "dark"), ("c2", "light"), ("c4", "light"), ("c3", "dark"),
    ("n14", "dark"), ("e6", "light"),
    # the goal row: alternating, each back row with 8 squares of its attacker's colour
    ("a1", "goal-green"), ("b1", "goal-red"), ("g1", "goal-green"), ("h1", "goal-red"), ("o1", "goal-green"),
    ("a15", "goal-red"), ("b15", "goal-green"), ("g15", "goal-red"), ("h15", "goal-green"), ("o15", "goal-red"),
    ("a3", "goal-green"), ("a4", "goal-red"), ("a8", "goal-red"), ("a9", "goal-red"),
    ("o7", "goal-green"), ("o8", "goal-green"), ("o9", "goal-red"),
])
def test_square_colours(square, colour):
    v = sharah_web.variant(MIT)
    assert v.square_colour(v.geometry.parse(square)) == colour


@pytest.mark.parametrize("size", [13, 11])
def test_goal_row_is_fair_turned_round(size):
    v = sharah_web.variant(MIT, size=size)
    g = v.geometry
    n = size + 2
    top = [v.goal_colour[g.square(f, n - 1)] for f in range(n)]
    bottom = [v.goal_colour[g.square(f, 0)] for f in range(n)]
    assert top.count("red") == bottom.count("green") == (n + 1) // 2
    swap = {"red": "green", "green": "red", None: None}
    for s in range(g.size):   # turning the board round swaps the colours
        t = g.square(n - 1 - g.file(s), n - 1 - g.rank(s))
        assert v.goal_colour[t] == swap[v.goal_colour[s]]
    assert sum(v.goal[s] for s in range(g.size)) == 4 * (n - 1)


def test_smaller_board_option():
    g = sharah_web.new_game(MIT, size=11)
    assert (g.variant.width, g.variant.height) == (13, 13)
    assert g.position() == "13/13/13/13/13/13/6*6/13/13/13/13/13/13 g place S11F11O11/s11f11o11 - 0"
    assert len(g.legal_moves()) == 3 * (11 * 11 - 1)


# ------------------------------------------------------------- phase one: placement

def test_placement_anywhere_on_the_surface_but_the_fisher_square():
    g = sharah_web.new_game(MIT)
    moves = g.legal_moves()
    assert len(moves) == 3 * 168
    v = g.variant
    assert {m.to for m in moves} == set(range(225)) - {s for s in range(225) if v.goal[s]} - {v.center}
    assert {m.notation[0] for m in moves} == {"S", "F", "O"}
    m = g.find_move("S@e5")
    assert (m.frm, m.to, m.drop, m.kind, m.label) == (None, g.variant.geometry.parse("e5"), "snake", "drop", "Snake")
    g.play("S@e5")
    assert g.piece_at("e5") == sharah_web.Piece("snake", "green")
    assert g.position().endswith(" r place S11F11O11/s10f11o11 - 0")
    g.play("f@e6")       # the lower-case spelling is accepted too
    assert g.piece_at("e6") == sharah_web.Piece("fox", "red")
    assert g.history[-1].name == "F@e6"
    assert g.position().endswith(" g place S11F10O11/s10f11o11 - 0")


@pytest.mark.parametrize("text, message", [
    ("S@a5", "goal row"), ("O@h8", "Fisher square"), ("F@e5", "e5 is taken"), ("S@e6", "no snake left"),
    ("e5e6", "placement"),
])
def test_placement_errors(text, message):
    g = game({"e5": "s"}, "g place F11O11/f11o11 - 0")
    with pytest.raises(ValueError, match=message):
        g.play(text)


def test_kind_used_up_is_no_longer_offered():
    g = game({}, "g place S1/f1 - 0")
    assert {m.drop for m in g.legal_moves()} == {"fox"}


def test_free_split_lets_the_player_choose_any_kind():
    g = sharah_web.new_game(MIT, split="free")
    assert g.position().endswith(" g place 33/33 - 0")
    assert len(g.legal_moves()) == 3 * 168
    g.play("O@c3")
    assert g.position().endswith(" r place 33/32 - 0")
    g2 = game({"c3": "o"}, "r place 1/- - 0", split="free")
    assert {m.drop for m in g2.legal_moves()} == {"snake", "fox", "stone"}


def test_last_placement_starts_the_capture_and_control_waits_for_a_move():
    # Red's last stone completes a ring that would take the Fisher, but the
    # capture is judged only at the end of turns of the capture phase.
    pieces = {"h7": "O", "i7": "O", "g8": "O", "i8": "O", "g9": "O", "i9": "O", "h10": "s", "m3": "o"}
    g = game(pieces, "r place O1/- - 0")
    g.play("O@g7")
    assert state(g)["phase"] == "capture" and state(g)["holder"] is None
    assert g.to_move == "green"
    assert g.position().endswith(" g capture -/- - 0")


def test_placement_alternates_and_sixty_six_drops_end_it():
    g = sharah_web.new_game(MIT, seed=3)
    rng = random.Random(3)
    sides = []
    for _ in range(66):
        sides.append(g.to_move)
        g.play(rng.choice(g.legal_moves()))
    assert sides == ["green", "red"] * 33
    assert state(g)["phase"] == "capture" and g.to_move == "green"
    pos = g.current
    for side in ("red", "green"):
        kinds = sorted(p.kind for _, p in pos.pieces(side))
        assert kinds == ["fox"] * 11 + ["snake"] * 11 + ["stone"] * 11


def test_random_placement_option_starts_at_the_capture():
    g = sharah_web.new_game(MIT, placement="random", seed=5)
    assert state(g)["phase"] == "capture" and g.to_move == "green"
    assert sum(1 for _ in g.current.pieces("red")) == sum(1 for _ in g.current.pieces("green")) == 33
    again = sharah_web.new_game(MIT, placement="random", seed=5)
    assert again.position() == g.position()
    # the helper for a "random placement" button gives the drops themselves
    g = sharah_web.new_game(MIT)
    drops = g.variant.random_placement(g.current, random.Random(1))
    assert len(drops) == 66 and all(m.kind == "drop" for m in drops)
    for m in drops:
        g.play(m)
    assert state(g)["phase"] == "capture"


# ------------------------------------------------------------------ the pieces

def test_snake_slides_diagonally_not_into_the_goal_row_nor_over_the_fisher_square():
    g = game({"e5": "S", "b2": "o", "n14": "o"})
    # NE stops before the Fisher square h8; SW stops at b2's green stone (a stone is never taken)
    assert moves_from(g, "e5") == sorted(["e5f6", "e5g7", "e5c3", "e5d4", "e5d6", "e5c7", "e5b8",
                                          "e5f4", "e5g3", "e5h2"])


def test_snake_stays_on_its_colour_and_takes_snakes_and_foxes():
    g = game({"e5": "S", "g7": "f", "c3": "s", "d6": "S", "n14": "o"})
    assert moves_from(g, "e5") == sorted(["e5f6", "e5g7", "e5d4", "e5c3", "e5f4", "e5g3", "e5h2"])
    g.play("e5g7")
    assert g.piece_at("g7") == sharah_web.Piece("snake", "red")
    v = g.variant
    assert {v.square_colour(m.to) for m in g.legal_moves() if m.frm == v.geometry.parse("c3")} == {"dark"}


def test_fox_slides_orthogonally_with_the_same_limits():
    g = game({"h4": "F", "h3": "O", "e4": "o", "k4": "s", "n14": "o"})
    # north stops before h8 (Fisher square); west stops at the stone on e4; east takes the snake
    assert moves_from(g, "h4") == sorted(["h4h5", "h4h6", "h4h7", "h4g4", "h4f4", "h4i4", "h4j4", "h4k4"])


def test_fox_stops_before_the_goal_row():
    g = game({"c12": "F", "n2": "o"})
    assert moves_from(g, "c12") == sorted(
        ["c12c13", "c12c14", "c12b12"] + [f"c12c{r}" for r in range(2, 12)]
        + [f"c12{f}12" for f in "defghijklmn"])


def test_stone_steps_one_square_never_takes_never_onto_goal_or_fisher_square():
    g = game({"b2": "O", "c3": "s", "n14": "o"})
    assert moves_from(g, "b2") == ["b2b3", "b2c2"]
    g = game({"g7": "O", "f6": "f", "n14": "o"})
    assert moves_from(g, "g7") == sorted(["g7f7", "g7f8", "g7g6", "g7g8", "g7h6", "g7h7"])


def test_a_stone_can_be_taken_only_by_the_fisher():
    g = game({"e5": "S", "g7": "o", "e9": "F", "e12": "o", "n14": "o"})
    assert "e5g7" not in moves_from(g, "e5")
    assert moves_from(g, "e9")[:1] and "e9e12" not in moves_from(g, "e9")
    with pytest.raises(IllegalMoveError, match="only by the Fisher"):
        g.play("e5g7")


# ----------------------------------------------------------------- threats

def test_threats_reach_the_goal_row_and_the_fisher_square_but_not_past_it():
    g = game({"e5": "S", "n2": "O", "h4": "F", "n14": "o"})
    v, geo = g.variant, g.variant.geometry
    board = g.current.board
    at = lambda name: v.attacked(board, geo.parse(name), "red")   # noqa: E731
    assert at("h8")        # the snake on e5 and the fox on h4 both see the Fisher square
    assert not at("i9")    # nothing passes over it
    assert at("a1")        # e5-d4-c3-b2-a1: the goal row can be threatened
    assert at("o1") and at("o3") and at("m1")    # the stone on n2 threatens the goal squares around it
    assert not at("h9")


def test_the_fisher_is_not_a_piece_of_either_side_and_cannot_be_taken():
    g = game({"g7": "S", "n14": "o"})
    assert "g7h8" not in moves_from(g, "g7")
    with pytest.raises(IllegalMoveError, match="Fisher square"):
        g.play("g7h8")


# ----------------------------------------------------------- the Fisher moves

def test_fisher_on_a_white_square_slides_any_distance_without_taking():
    g = dance({"c4": "*", "c6": "O", "e4": "F", "e6": "O", "n14": "o"})
    assert moves_from(g, "c4") == sorted(["c4c5", "c4c3", "c4c2", "c4b4", "c4d4", "c4d5", "c4b5",
                                          "c4d3", "c4e2", "c4b3"])
    assert g.history == [] and g.result is None


def test_fisher_on_a_black_square_steps_one_and_takes_any_enemy_piece():
    pieces = {"c3": "*", "b4": "s", "d4": "O", "n14": "o"}
    g = dance(pieces)
    # d4 is Red's own stone; d2 is empty but the snake on b4 would see it once c3 is empty
    assert moves_from(g, "c3") == sorted(["c3b2", "c3c2", "c3b3", "c3d3", "c3c4", "c3b4"])
    g.play("c3b4")
    assert g.piece_at("b4").kind == "fisher"
    assert g.history[-1].move.captured() == [g.variant.geometry.parse("b4")]
    assert g.history[-1].name == "*c3xb4"
    # Option: the Fisher takes any piece, its holder's own too.
    g = dance(pieces, fisher_takes="any")
    assert "c3d4" in moves_from(g, "c3")


def test_fisher_takes_stones():
    g = dance({"c3": "*", "d4": "o", "n14": "o", "b12": "S"})
    assert "c3d4" in moves_from(g, "c3")


def test_fisher_on_its_own_square_moves_as_white_or_black_and_never_onto_a_threat():
    pieces = {"e5": "O", "h5": "O", "k5": "O", "e8": "O", "k8": "O", "e11": "O", "k11": "O", "h9": "s"}
    g = dance(pieces)
    # slides (white) of two squares, and the step taking the snake on h9 (black);
    # g8 and i8 are threatened by that snake, so the Fisher may not stop there
    assert moves_from(g, "h8") == sorted(["h8g7", "h8f6", "h8h7", "h8h6", "h8i7", "h8j6", "h8f8", "h8j8",
                                          "h8g9", "h8f10", "h8i9", "h8j10", "h8h9"])


def test_fisher_may_not_slide_on_along_the_line_that_threatens_it():
    g = dance({"c4": "*", "c10": "f", "e4": "F", "e6": "O", "n14": "o"})
    # threatened by the fox on c10: it must move, and c3/c2 stay in the fox's line
    assert notations(g) == sorted(["c4b4", "c4d4", "c4d5", "c4b5", "c4d3", "c4e2", "c4b3"])
    assert "must move" in g.variant.status(g.current)


def test_threatened_fisher_must_move_no_other_piece_may():
    g = dance({"c4": "*", "c10": "f", "e4": "F", "e6": "O", "n14": "o"})
    with pytest.raises(IllegalMoveError, match="must move"):
        g.play("e4f4")


def test_unthreatened_fisher_holder_may_move_other_pieces():
    g = dance({"c4": "*", "c6": "O", "e4": "F", "e6": "O", "n14": "o"})
    assert "e4f4" in notations(g)
    g.play("e4f4")
    assert state(g)["holder"] == "red"


def test_only_the_holder_moves_the_fisher():
    g = dance({"c4": "*", "c6": "O", "n14": "o"}, holder="r", to_move="g")
    assert moves_from(g, "c4") == []
    with pytest.raises(IllegalMoveError, match="only the player who holds"):
        g.play("c4c5")
    g = game({"c6": "O", "n14": "o"})     # the capture phase: nobody holds it
    assert moves_from(g, "h8") == []


# ----------------------------------------------------------- the goal row

RING = {"c4": "*", "c5": "O", "d4": "O", "d3": "O", "c3": "O", "b3": "O", "f7": "s", "b12": "f"}


def test_goal_row_only_from_the_next_row_unless_threatened_with_nowhere_else():
    # Fisher on c4 threatened by the snake on f7: the fox on b12 threatens b4 and
    # b5, so its only safe squares are a4 and a6 on the goal row: it may go there.
    g = dance(RING)
    assert notations(g) == ["c4a4", "c4a6"]
    # Without the fox, b4 and b5 are safe: the goal row is closed.
    pieces = dict(RING)
    del pieces["b12"]
    g = dance(pieces)
    assert notations(g) == ["c4b4", "c4b5"]
    with pytest.raises(IllegalMoveError, match="enters the goal row only"):
        g.play("c4a4")


def test_deep_unthreatened_fisher_cannot_enter_the_goal_row():
    g = dance({"c4": "*", "n14": "o", "m12": "S"})
    assert "c4a4" not in moves_from(g, "c4") and "c4b4" in moves_from(g, "c4")


def test_from_the_row_next_to_the_goal_row_the_fisher_may_enter_it():
    g = dance({"b4": "*", "n14": "o", "m12": "S"})
    assert moves_from(g, "b4") == sorted(["b4a3", "b4a4", "b4a5", "b4b3", "b4b5", "b4c3", "b4c4", "b4c5"])
    g.play("b4a4")               # a4 is red: Red may stand there; it is not Green's back row
    assert g.result is None
    assert g.position().endswith(" g dance -/- r 1")
    # Red may move it along the goal row next time (a goal-row Fisher moves as white or black).
    g.play("n14n13")
    assert "a4a2" in moves_from(g, "a4") or "a4a3" in moves_from(g, "a4")


# ------------------------------------------------------------------- winning

def test_red_wins_with_the_fisher_on_a_red_square_of_greens_back_row():
    g = dance({"h14": "*", "b2": "o", "n2": "S"})
    assert "h14g15" in notations(g) and "h14h15" in notations(g)
    g.play("h14g15")
    assert (g.result.winner, g.result.reason) == (
        "red", "red brought the Fisher to a red square of green's back goal row")
    assert g.legal_moves() == []


def test_green_wins_on_a_green_square_of_reds_back_row():
    g = dance({"h2": "*", "n14": "O", "b14": "s"}, holder="g")
    g.play("h2g1")
    assert g.result.winner == "green"


def test_moving_the_fisher_onto_the_opponents_colour_loses():
    g = dance({"h14": "*", "b2": "o", "n2": "S"})
    m = g.find_move("h14h15")
    assert m.label == "onto a green goal square: red loses"
    g.play("h14h15")
    assert (g.result.winner, g.result.reason) == ("green", "red moved the Fisher onto a green square of the goal row")


def test_forcing_the_opponent_onto_your_colour_wins():
    # the RING position with colours swapped: Green holds a threatened Fisher whose
    # only escapes, a4 and a6, are red squares of the goal row
    pieces = {sq: (t.swapcase() if t != "*" else t) for sq, t in RING.items()}
    g = dance(pieces, holder="g")
    assert notations(g) == ["c4a4", "c4a6"]
    g.play("c4a6")
    assert (g.result.winner, g.result.reason) == ("red", "green moved the Fisher onto a red square of the goal row")


def test_taking_every_enemy_piece_wins():
    g = game({"d4": "S", "f6": "f"})
    g.play("d4f6")
    assert (g.result.winner, g.result.reason) == ("red", "all of green's pieces are gone")
    g = dance({"c3": "*", "d4": "o", "n14": "S"})
    g.play("c3d4")
    assert g.result.winner == "red"


# ------------------------------------------------------- phase two: capture

CONTROL = {"h7": "O", "i7": "O", "g8": "O", "i8": "O", "g9": "O", "i9": "O", "g6": "O",
           "h10": "s", "g12": "o", "m3": "o"}


def test_control_needs_the_fisher_and_every_square_it_could_reach_threatened():
    g = game(CONTROL)
    v, board = g.variant, g.current.board
    assert not v.controls(board, v.center, "red")      # g7 is still open
    g.play("g6g7")
    # Red's stones now threaten h8 and all its squares (h9 and every stone Green's
    # Fisher could take); h9 is safe from Green: Red takes the Fisher.
    assert state(g)["holder"] == "red" and state(g)["phase"] == "capture"
    assert g.history[-1].name == "g6g7 +F"
    assert g.position().endswith(" g capture -/- r 0")
    assert "has taken the Fisher" in g.variant.status(g.current)
    assert moves_from(g, "h8") == []                   # Green cannot move it either


def test_no_control_without_a_safe_square():
    pieces = dict(CONTROL, h10="o")      # a green stone on h10 threatens h9
    g = game(pieces)
    g.play("g6g7")
    assert state(g)["holder"] is None


def test_no_control_when_a_square_is_left_open():
    pieces = dict(CONTROL)
    del pieces["i9"]                      # i9 and beyond are open to the Fisher
    g = game(pieces)
    g.play("g6g7")
    assert state(g)["holder"] is None


def test_opponent_freezes_the_fisher_back_to_neutral():
    pieces = {k: v for k, v in CONTROL.items() if k != "g12"}
    pieces["g11"] = "o"
    g = game(pieces)
    g.play("g6g7")
    assert state(g)["holder"] == "red"
    g.play("g11g10")                             # the stone on g10 now threatens h9
    assert state(g)["holder"] is None and state(g)["phase"] == "capture"
    assert g.history[-1].name == "g11g10 -F"


def test_control_that_survives_the_reply_starts_the_dance():
    g = game(CONTROL)
    g.play("g6g7")
    g.play("m3m4")
    assert state(g)["phase"] == "dance" and state(g)["holder"] == "red"
    assert g.to_move == "red"
    assert g.position().endswith(" r dance -/- r 0")
    assert "h8h9" in notations(g)
    assert "h7h6" in notations(g)                # not threatened: other pieces may move


def test_opponent_may_take_it_back_at_once():
    g = game(CONTROL, "r capture -/- g 0")       # Green took it last turn
    g.play("g6g7")
    assert state(g)["holder"] == "red" and state(g)["phase"] == "capture"


# --------------------------------------------------- phase three: the dance

MIRROR = {sq: t.swapcase() for sq, t in CONTROL.items()}


def test_taking_the_fisher_from_its_holder_in_the_dance():
    g = dance(MIRROR, holder="r", to_move="g", clock=5)
    g.play("g6g7")
    assert state(g)["holder"] == "green" and state(g)["clock"] == 0
    # Red lost it during Green's turn: Red cannot move it now
    assert moves_from(g, "h8") == []
    g.play("m3m4")
    assert state(g)["holder"] == "green" and "h8h9" in notations(g)


def test_dance_clock_counts_quiet_moves_and_resets_on_a_capture():
    pieces = {"c4": "*", "c6": "O", "e4": "F", "e6": "O", "n14": "o", "f4": "s"}
    g = dance(pieces, clock=7)
    g.play("e4e5")
    assert state(g)["clock"] == 8
    g = dance(pieces, clock=7)
    g.play("e4f4")
    assert state(g)["clock"] == 0


# ----------------------------------------------------------------- stalemate

def test_stalemate_when_the_threatened_fisher_has_no_safe_square():
    pieces = dict(RING, d7="s", d9="s")     # a4 and a6 are threatened too
    g = dance(pieces)
    assert g.legal_moves() == []
    assert g.result.winner is None
    assert g.result.reason == "stalemate: red holds the Fisher; the threatened Fisher has no safe square"


BOXED = {"c4": "*", "c5": "s", "b4": "s", "d4": "s", "c3": "s", "b5": "f", "d5": "f", "b3": "f", "d3": "f",
         "b14": "O", "b13": "o", "c13": "o", "c14": "o"}


def test_stalemate_when_the_holder_can_move_nothing():
    g = dance(BOXED)
    assert g.result is not None and g.result.winner is None
    assert g.result.reason == "stalemate: red holds the Fisher; no safe Fisher move and no other move"


def test_a_holder_left_with_no_pieces_has_lost_not_stalemated():
    # Red holds the boxed Fisher (as in BOXED) and has one Fox left; Green
    # takes it. Red would begin his turn holding a Fisher he cannot move and
    # "lacks pieces" (the stalemate sentence), but every red piece is gone:
    # the elimination win, decided by Green's move, comes first.
    pieces = {sq: t for sq, t in BOXED.items() if t.islower() or t == "*"}
    pieces.update({"n10": "F", "n2": "f"})
    g = dance(pieces, to_move="g")
    assert g.result is None
    g.play("n2n10")
    assert (g.result.winner, g.result.reason) == ("green", "all of red's pieces are gone")
    assert g.variant.legal_moves(g.current) == []      # the stalemate's condition holds too
    assert not any(True for _ in g.current.pieces("red"))


def test_stalemate_after_forty_two_quiet_moves():
    g = dance({"c4": "*", "c6": "O", "e4": "F", "e6": "O", "n14": "o"}, clock=41)
    g.play("e4f4")
    assert g.result.winner is None
    assert g.result.reason == "stalemate: 42 moves of the dance without a capture or a change of control"
    g = dance({"c4": "*", "c6": "O", "e4": "F", "e6": "O", "n14": "o"}, clock=41, quiet_limit=84)
    g.play("e4f4")
    assert g.result is None


def test_quiet_moves_count_in_the_capture_phase_too():
    # The text gives phase two no end (random games ran for thousands of
    # moves): the site counts its quiet moves like the dance's.
    g = game({"b2": "F", "n14": "f"})
    for r in range(3, 15):
        g.play(f"b{r - 1}b{r}")
        g.play(f"n{17 - r}n{16 - r}")
    assert g.result is None and state(g)["clock"] == 24
    assert g.position().endswith(" r capture -/- - 24")
    assert {"name": "quiet moves", "value": "24/42",
            "detail": "moves without a capture or a change of control"} in g.variant.badges(g.current)


def test_forty_two_quiet_moves_of_phase_two_are_a_stalemate():
    g = game({"b2": "F", "d4": "S", "n14": "f", "g7": "s"}, "r capture -/- - 41")
    g.play("b2b3")
    assert (g.result.winner, g.result.reason) == (
        None, "stalemate: 42 moves of phase two without a capture or a change of control")
    g = game({"b2": "F", "d4": "S", "n14": "f", "g7": "s"}, "r capture -/- - 41")
    g.play("d4g7")                       # a capture starts the count again
    assert g.result is None and state(g)["clock"] == 0


def test_the_computer_counts_the_fishers_flight_squares_it_threatens():
    # the computer's evaluation before anyone holds the Fisher: control needs
    # the Fisher and every square he could flee to threatened. On g9 (a
    # black square) he steps to his 8 neighbours. The Stone on g7 threatens
    # f8, g8, h8; the Fox on b9 adds f9 and the Fisher square: 5 of 9, each
    # also one of the squares round him (0.08 each). Green's Stone threatens
    # none of them. Material: Fox and Stone against a Stone, 4.
    near = game({"g9": "*", "g7": "O", "b9": "F", "n14": "o"})
    far = game({"g9": "*", "g7": "O", "b2": "F", "n14": "o"})
    rules = near.variant
    assert rules.evaluate(near.current, "red") == pytest.approx(4 + 5 * 0.08 + 5 / 9)
    assert rules.evaluate(far.current, "red") == pytest.approx(4 + 3 * 0.08 + 3 / 9)
    assert rules.evaluate(near.current, "green") == -rules.evaluate(near.current, "red")


def test_capture_limit_zero_is_the_text_with_no_end_in_phase_two():
    g = game({"b2": "F", "n14": "f"}, "r capture -/- - 41", capture_limit=0)
    g.play("b2b3")
    g.play("n14n13")
    assert g.result is None and state(g)["clock"] == 43
    assert all(b["name"] != "quiet moves" for b in g.variant.badges(g.current))
    with pytest.raises(NotationError, match="capture_limit"):
        sharah_web.variant(MIT, capture_limit=-1)


# ---------------------------------------------------------------- repetition

def test_third_start_of_a_cycle_forces_the_other_player_to_deviate_or_declare():
    g = game({"b2": "F", "n14": "f"})
    cycle = ["b2b3", "n14n13", "b3b2", "n13n14"]
    for m in cycle * 2:
        g.play(m)
    g.play("b2b3")                      # Red starts the cycle a third time: allowed
    moves = notations(g)
    assert "n14n13" not in moves        # Green may not answer the same way
    assert "n14m14" in moves and "stalemate" in moves
    declare = g.find_move("stalemate")
    assert (declare.frm, declare.to, declare.kind, declare.label) == (
        None, None, "declare", "Declare a stalemate (repetition)")
    with pytest.raises(IllegalMoveError, match="third time"):
        g.play("n14n13")
    g.play("stalemate")
    assert g.result.winner is None and "declared a stalemate" in g.result.reason


def test_deviating_after_the_repetition_goes_on():
    g = game({"b2": "F", "n14": "f"})
    for m in ["b2b3", "n14n13", "b3b2", "n13n14"] * 2 + ["b2b3"]:
        g.play(m)
    g.play("n14m14")
    assert g.result is None and "stalemate" not in notations(g)


def test_declaring_is_not_offered_without_a_repetition():
    g = game({"b2": "F", "n14": "f"})
    assert "stalemate" not in notations(g)
    with pytest.raises(IllegalMoveError, match="only when the repetition rule"):
        g.play("stalemate")


# ------------------------------------------------------------------ attrition

def test_a_player_who_cannot_move_and_lacks_the_fisher_removes_a_piece():
    pieces = dict(BOXED, n14="O", m13="o", m14="o", n13="o")
    g = dance(pieces, holder="g", to_move="r", clock=3)
    assert notations(g) == ["xb14", "xn14"]
    m = g.find_move("xn14")
    assert (m.frm, m.to, m.kind, m.captured()) == (g.variant.geometry.parse("n14"), None, "remove", [])
    g.play("-n14")                       # the other spelling
    assert g.piece_at("n14") is None and state(g)["clock"] == 4
    assert g.result is None


def test_attrition_until_a_piece_can_move():
    pieces = {"b14": "O", "c14": "O", "b13": "o", "c13": "o", "d13": "o", "d14": "o", "m3": "o"}
    g = game(pieces)
    assert notations(g) == ["xb14", "xc14"]
    g.play("xb14")
    g.play("m3m4")
    assert notations(g) == ["c14b14"]


def test_attrition_of_the_last_piece_loses():
    g = game({"b14": "O", "b13": "o", "c13": "o", "c14": "o"})
    g.play("xb14")
    assert (g.result.winner, g.result.reason) == ("green", "all of red's pieces are gone")


# ------------------------------------------------------------ position text

def test_position_text_round_trip_mid_game():
    text = board_text(15, 15, {"h8": "*", "c3": "S", "m12": "o"}) + " g dance -/- r 17"
    g = sharah_web.new_game(MIT, text)
    assert g.position() == text
    assert g.variant.badges(g.current) == [
        {"name": "phase", "value": "the dance", "detail": "(3 of 3)"},
        {"name": "Fisher", "value": "held by Red", "detail": ""},
        {"name": "quiet moves", "value": "17/42", "detail": "moves without a capture or a change of control"},
    ]


@pytest.mark.parametrize("rest, shown", [
    ("g place S10F11O11/s11f11o10 - 0", ["phase placement (1 of 3)", "red hand 32 10 snakes, 11 foxes, 11 stones",
                                         "green hand 32 11 snakes, 11 foxes, 10 stones"]),
    ("g capture -/- - 3", ["phase capture (2 of 3)", "Fisher neutral nobody holds it",
                           "quiet moves 3/42 moves without a capture or a change of control"]),
    ("g dance -/- g 0", ["phase the dance (3 of 3)", "Fisher held by Green",
                         "quiet moves 0/42 moves without a capture or a change of control"]),
])
def test_badges_read_as_a_line_each_without_saying_a_thing_twice(rest, shown):
    """A badge is shown as its name, its value and its detail: each says
    something new ("phase place phase one: placement" did not)."""
    from sharah_web.markup import badges_html
    text = board_text(15, 15, {"h8": "*", "c3": "S", "m12": "o"}) + " " + rest
    g = sharah_web.new_game(MIT, text)
    html = badges_html(g.variant.badges(g.current))
    lines = [" ".join(re.sub(r"<[^>]+>", " ", part.split(">", 1)[1]).split())
             for part in html.split('<span class="sharah-badge" ')[1:]]
    assert lines == shown


@pytest.mark.parametrize("rest, message", [
    ("g waltz -/- - 0", "phase is place, capture or dance"),
    ("g capture - - 0", "Red's then Green's"),
    ("g capture -/- x 0", "holder is r, g or -"),
    ("g capture -/- - x", "clock is a whole number"),
    ("g capture -/- -", "four fields"),
    ("g place s11/S11 - 0", "hand is written like"),
    ("g capture S1/- - 0", "still has pieces in hand"),
    ("r place S11F11O10/s11f11o10 - 0", "it is green to place"),
    ("g capture -/- g 0", "begins a turn holding"),
    ("g dance -/- - 0", "someone holds"),
])
def test_bad_position_texts(rest, message):
    with pytest.raises(NotationError, match=message):
        sharah_web.new_game(MIT, board_text(15, 15, {"h8": "*", "c3": "S", "m12": "o"}) + " " + rest)


def test_pieces_on_the_goal_row_or_two_fishers_are_refused():
    with pytest.raises(NotationError, match="goal row"):
        sharah_web.new_game(MIT, board_text(15, 15, {"h8": "*", "a3": "S"}) + " g capture -/- - 0")
    with pytest.raises(NotationError, match="one Fisher"):
        sharah_web.new_game(MIT, board_text(15, 15, {"h8": "*", "c3": "*"}) + " g capture -/- - 0")


def test_option_specs():
    specs = {o["name"]: o for o in sharah_web.variant(MIT).option_specs()}
    assert specs["size"]["choices"] == [13, 11] and specs["size"]["value"] == 13
    assert specs["split"]["choices"] == ["11-11-11", "free"]
    assert specs["quiet_limit"]["value"] == 42
    assert specs["capture_limit"]["value"] == 42


# --------------------------------------------------------------- whole games

@pytest.mark.parametrize("options", [{}, {"size": 11}, {"split": "free", "fisher_takes": "any"}])
def test_random_complete_games_and_exact_undo(options):
    endings = set()
    for seed in range(6):
        g = sharah_web.new_game(MIT, seed=seed, **options)
        rng = random.Random(seed)
        texts = [g.position()]
        while g.result is None and len(g.history) < 400:
            g.play(rng.choice(g.legal_moves()))
            texts.append(g.position())
            if len(g.history) % 25 == 0:    # the text reads back as it was written
                assert sharah_web.new_game(MIT, texts[-1], **options).position() == texts[-1]
        endings.add(g.result.termination if g.result else "unfinished")
        assert len(g.history) >= 66
        assert_undo_redo_exact(g, texts)
    assert endings - {"unfinished"}
