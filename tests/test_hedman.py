"""Sha'rah as read by Patrik Hedman: every rule with a position and the
exact moves or effects.

Positions are written as square -> token: upper case Red (moves first, at
the bottom), lower case Green, ``*`` the Fisher King. P pawn, U guardian,
G gambler, I immobilizer, W withdrawer, A advancer, Z zapper. The rest of
the position text is the side to move (r/g), who controls the Fisher
(r, g, or - for nobody yet) and the quiet-move clock.

Unless a test says otherwise each side keeps one advancer out of the way
(Red a1, Green m2) so that nobody has lost for want of major pieces.
"""

import random

import pytest

import sharah_web
from sharah_web import randomgame
from sharah_web.core import SetState
from sharah_web.variants.hedman import SETUP

from helpers import game_with, moves_from, assert_undo_redo_exact

H = "sharah-hedman"
RESERVE = {"a1": "A", "m2": "a"}


def game(pieces, side="r", control="-", clock=0, reserve=True, **options):
    board = dict(RESERVE) if reserve else {}
    board.update(pieces)
    return game_with(H, board, f"{side} {control} {clock}", **options)


def dests(g, square):
    """Sorted destination squares of the piece on ``square``."""
    geo = g.variant.geometry
    sq = geo.parse(square)
    return sorted({geo.names[m.to] for m in g.legal_moves() if m.frm == sq},
                  key=lambda n: (n[0], int(n[1:])))


def sqs(*names):
    return sorted(names, key=lambda n: (n[0], int(n[1:])))


def captures(g, move):
    geo = g.variant.geometry
    m = g.find_move(move)
    return sorted(geo.names[c] for c in m.captured())


def capturing_moves(g):
    geo = g.variant.geometry
    return sorted((m.notation, tuple(sorted(geo.names[c] for c in m.captured())))
                  for m in g.legal_moves() if m.captured())


def piece(g, square):
    p = g.piece_at(square)
    return None if p is None else (p.side, p.kind)


def control(g):
    return g.current.state["control"]


# ---------------------------------------------------------------- the board

def test_board_colours_exactly_as_the_seed_says():
    v = sharah_web.variant(H)
    geo = v.geometry
    colour = {geo.names[s]: v.square_colour(s) for s in range(geo.size)}
    red = sorted(n for n, c in colour.items() if c == "red")
    green = sorted(n for n, c in colour.items() if c == "green")
    assert red == sorted(["b13", "d13", "f13", "h13", "j13", "l13",
                          "a8", "a10", "a12", "m8", "m10", "m12"])
    assert green == sorted(["b1", "d1", "f1", "h1", "j1", "l1",
                            "a2", "a4", "a6", "m2", "m4", "m6"])
    # the corners and the middle rank's rim squares are black
    for name in ("a1", "m1", "a13", "m13", "a7", "m7", "g1", "g13"):
        assert colour[name] == "rim-dark"
    # the inner 11x11 is checkered, a black square wherever the rim would be
    assert colour["b2"] == "dark" and colour["c2"] == "light" and colour["g7"] == "dark"
    counts = {c: list(colour.values()).count(c) for c in set(colour.values())}
    assert counts == {"dark": 61, "light": 60, "rim-dark": 24, "red": 12, "green": 12}
    # "most squares on the board are black ones, and less than half are white"
    assert counts["dark"] + counts["rim-dark"] == 85


def test_set_up_and_first_moves():
    g = sharah_web.new_game(H)
    assert g.position() == SETUP + " r - 0"
    assert g.to_move == "red"
    pos = g.current
    for side in ("red", "green"):
        kinds = sorted(p.kind for _, p in pos.pieces(side))
        assert kinds == sorted(["pawn"] * 11 + ["guardian"] * 11 + ["advancer"] * 3 + ["zapper"]
                               + ["gambler"] + ["immobilizer"] * 4 + ["withdrawer"] * 2)
    assert piece(g, "g7") == (None, "fisher")
    assert [piece(g, f + "2")[1][0] for f in "bcdefghijkl"] == list("aaiwigiwiza")
    assert [piece(g, f + "12")[1][0] for f in "bcdefghijkl"] == list("aziwigiwiaa")
    # the rim is empty
    geo = g.variant.geometry
    assert all(pos.board[s] is None for s in range(geo.size) if geo.on_edge(s))
    # Red's first moves: pawns 1 or 2 diagonally forward, guardians' forward
    # knight jumps to rank 5; nothing may step onto a5/m5 (black rim) or
    # a6/m6 (green rim: Green's colour)
    pawns = []
    for i, f in enumerate("bcdefghijkl"):
        for df in (-1, 1):
            for n in (1, 2):
                j = i + 1 + df * n
                if 1 <= j <= 11:
                    pawns.append(f"{f}4{'abcdefghijklm'[j]}{4 + n}")
    guardians = [f"{f}3{'abcdefghijklm'[i + 1 + df]}5"
                 for i, f in enumerate("bcdefghijkl") for df in (-1, 1) if 1 <= i + 1 + df <= 11]
    assert sorted(m.notation for m in g.legal_moves()) == sorted(pawns + guardians)
    assert len(g.legal_moves()) == 58


# ----------------------------------------------------------------- the pawn

def test_pawn_moves_one_or_two_diagonally_forward():
    g = game({"e6": "P"})
    assert dests(g, "e6") == sqs("c8", "d7", "f7", "g8")


def test_pawn_double_step_needs_the_first_square_empty_and_is_always_there():
    g = game({"e6": "P", "d7": "U", "g8": "p"})
    assert dests(g, "e6") == ["f7"]
    g = game({"e6": "P", "m10": "i"})
    g.play("e6f7")
    g.play("m10m9")
    assert dests(g, "f7") == sqs("d9", "e8", "g8", "h9")     # a double step again


def test_pawn_takes_forward_and_sideways_not_diagonally():
    g = game({"e6": "P", "e7": "w", "d6": "u", "f6": "p", "f7": "z", "e5": "w"})
    assert moves_from(g, "e6") == ["e6c8", "e6d6", "e6d7", "e6e7", "e6f6"]
    for m in ("e6d6", "e6e7", "e6f6"):
        assert captures(g, m) == [m[2:]]
    assert captures(g, "e6d7") == []


def test_green_pawn_moves_down_the_board():
    g = game({"e8": "p", "e7": "W", "f8": "U", "d7": "P"}, side="g")
    assert moves_from(g, "e8") == ["e8e7", "e8f7", "e8f8", "e8g6"]


def test_pawn_cannot_take_the_fisher_or_a_friend():
    g = game({"e6": "P", "e7": "*", "d6": "W", "f6": "p"}, control="g")
    assert moves_from(g, "e6") == ["e6c8", "e6d7", "e6f6", "e6f7", "e6g8"]


# ------------------------------------------------------------- the guardian

def test_guardian_jumps_forward_as_a_knight_or_steps_diagonally_forward():
    g = game({"e6": "U", "e7": "P", "d6": "P", "f6": "P", "d5": "p"})
    assert dests(g, "e6") == sqs("c7", "d7", "d8", "f7", "f8", "g7")


def test_guardian_takes_the_same_way_it_moves():
    g = game({"e6": "U", "d8": "w", "f7": "p", "c5": "z", "e7": "a", "g7": "P"})
    assert moves_from(g, "e6") == ["e6c7", "e6d7", "e6d8", "e6f7", "e6f8"]
    assert captures(g, "e6d8") == ["d8"]
    assert captures(g, "e6f7") == ["f7"]


def test_green_guardian_goes_down():
    g = game({"e8": "u", "d6": "A"}, side="g")
    assert dests(g, "e8") == sqs("c7", "d6", "d7", "f6", "f7", "g7")
    assert captures(g, "e8d6") == ["d6"]


def test_guardian_may_not_jump_onto_the_rim_of_another_colour_without_taking():
    # a7 is black rim, a6 green (Green's colour): closed to a Red guardian
    g = game({"b5": "U"})
    assert dests(g, "b5") == sqs("c6", "c7", "d6")
    g = game({"b5": "U", "a7": "p"})
    assert dests(g, "b5") == sqs("a7", "c6", "c7", "d6")


# ---------------------------------------------------------- the immobilizer

def test_immobilizer_moves_as_a_queen_and_never_takes():
    g = game({"e6": "I", "e9": "w", "g8": "p", "c6": "P", "d5": "a", "f5": "P", "e4": "P",
              "d7": "P", "f6": "P"})
    # north up to e8 (e9 is an enemy: no capture), NE to f7 (g8 enemy)
    assert dests(g, "e6") == sqs("e7", "e8", "f7", "d6", "e5")
    assert all(not m.captured() for m in g.legal_moves() if m.frm == g.variant.geometry.parse("e6"))


def test_immobilizer_freezes_adjacent_enemies_but_not_immobilizers_or_the_gambler():
    pieces = {"e6": "I", "e7": "w", "d7": "p", "f5": "a", "d5": "i", "f7": "g", "e5": "U",
              "h10": "u"}
    g = game(pieces, side="g")
    geo = g.variant.geometry
    movers = {geo.names[m.frm] for m in g.legal_moves()}
    assert movers == {"d5", "f7", "h10", "m2"}             # w, p, a frozen; i and g free
    with pytest.raises(ValueError, match="immobilized by the red immobilizer on e6"):
        g.play("e7e8")
    # friends of the immobilizer are not frozen
    g = game({"e6": "I", "e7": "W", "d5": "P", "h10": "u"}, side="r")
    assert {geo.names[m.frm] for m in g.legal_moves()} == {"a1", "d5", "e6", "e7"}


def test_a_frozen_piece_moves_again_when_the_immobilizer_leaves():
    g = game({"e6": "I", "e7": "w", "m12": "i"}, side="r")
    e7 = g.variant.geometry.parse("e7")
    assert e7 in g.variant.frozen(g.current.board)
    g.play("e6b3")
    assert e7 not in g.variant.frozen(g.current.board)
    assert "e7e12" in moves_from(g, "e7")


def test_immobilizer_of_either_side_freezes_the_fisher():
    for imm in ("I", "i"):
        for holder in ("r", "g"):
            g = game({"g7": "*", "g6": imm}, side=holder, control=holder)
            assert dests(g, "g7") == [], (imm, holder)
            g = game({"g7": "*", "g5": imm}, side=holder, control=holder)
            assert moves_from(g, "g7"), (imm, holder)       # two squares away: free


def test_immobilized_piece_does_nothing_not_even_capture():
    g = game({"e6": "W", "e7": "i", "e5": "a"})
    # the withdrawer could take e7 by moving away from it, but it is frozen
    assert dests(g, "e6") == []


# ---------------------------------------------------------- the withdrawer

@pytest.mark.parametrize("enemy,away", [
    ("e7", "e5"), ("e5", "e7"), ("d6", "f6"), ("f6", "d6"),
    ("d7", "f5"), ("f5", "d7"), ("f7", "d5"), ("d5", "f7"),
])
def test_withdrawer_takes_the_piece_it_moves_straight_away_from(enemy, away):
    g = game({"e6": "W", enemy: "z"})
    assert captures(g, "e6" + away) == [enemy]
    # a move in any other direction takes nothing
    geo = g.variant.geometry
    for m in g.legal_moves():
        if m.frm == geo.parse("e6") and m.captured():
            dx = geo.file(m.to) - geo.file(geo.parse("e6"))
            dy = geo.rank(m.to) - geo.rank(geo.parse("e6"))
            ex = geo.file(geo.parse(enemy)) - 4
            ey = geo.rank(geo.parse(enemy)) - 5
            assert (dx > 0) - (dx < 0) == -ex and (dy > 0) - (dy < 0) == -ey


def test_withdrawer_takes_only_the_one_it_leaves():
    g = game({"e6": "W", "e7": "p", "d6": "p", "f7": "p"})
    assert captures(g, "e6e3") == ["e7"]
    assert captures(g, "e6h6") == ["d6"]
    assert captures(g, "e6b3") == ["f7"]
    assert captures(g, "e6f5") == []


def test_withdrawer_may_run_to_the_rim_when_it_captures():
    g = game({"e6": "W", "f6": "u"})
    assert "e6a6" in moves_from(g, "e6")          # green rim square, but a capture
    assert captures(g, "e6a6") == ["f6"]
    g = game({"e6": "W"})
    assert "e6a6" not in moves_from(g, "e6")      # no capture: Green's colour is closed to Red
    assert "e6a10+F" in moves_from(g, "e6")       # a10 is red: Red may step there
    assert "e6m6" not in moves_from(g, "e6")


def test_withdrawer_does_not_take_friends_or_the_fisher():
    g = game({"e6": "W", "e7": "P", "d6": "*"}, control="g")
    assert all(not m.captured() for m in g.legal_moves())


# ------------------------------------------------------------ the advancer

@pytest.mark.parametrize("frm,to,victim", [
    ("e3", "e8", "e9"), ("e12", "e7", "e6"), ("b5", "h5", "i5"), ("l5", "f5", "e5"),
    ("b2", "f6", "g7"), ("k11", "g7", "f6"), ("b10", "f6", "g5"), ("j3", "f7", "e8"),
])
def test_advancer_takes_the_piece_it_stops_next_to_in_its_direction(frm, to, victim):
    g = game({frm: "A", victim: "w", "a13": "a"}, reserve=False)
    assert captures(g, frm + to) == [victim]


def test_advancer_takes_one_piece_and_only_ahead():
    g = game({"e3": "A", "e9": "p", "f8": "p", "d8": "p", "e2": "w"})
    assert captures(g, "e3e8") == ["e9"]
    assert captures(g, "e3e7") == []
    assert captures(g, "e3e6") == []
    # moving away from e2 takes nothing (that is the withdrawer's way)
    assert [m.notation for m in g.legal_moves() if m.captured()
            and m.frm == g.variant.geometry.parse("e3")] == ["e3e8"]


def test_advancer_does_not_take_friends_or_the_fisher():
    g = game({"e3": "A", "e9": "*", "h6": "P"}, control="g")
    assert all(not m.captured() for m in g.legal_moves())


# -------------------------------------------------------------- the zapper

@pytest.mark.parametrize("to,victim,anvil", [
    ("e6", "e7", "e8"), ("e6", "f6", "g6"), ("e6", "d5", "c4"), ("e6", "f7", "g8"),
])
def test_zapper_custodian_capture_orthogonal_and_diagonal(to, victim, anvil):
    g = game({"e2": "Z", victim: "p", anvil: "P"})
    assert captures(g, "e2" + to) == [victim]


def test_zapper_needs_a_friendly_agent_on_the_far_side():
    g = game({"e2": "Z", "e7": "p", "e8": "p"})
    assert captures(g, "e2e6") == []
    g = game({"e2": "Z", "e7": "p", "e8": "*"}, control="g")     # the Fisher is no anvil
    assert captures(g, "e2e6") == []


def test_zapper_sandwiches_several_at_once():
    g = game({"e2": "Z", "e7": "p", "e8": "P", "f6": "u", "g6": "W", "d7": "w", "c8": "A"})
    assert captures(g, "e2e6") == ["d7", "e7", "f6"]


@pytest.mark.parametrize("frm,jumped,land", [
    ("e2", "e7", "e8"), ("e12", "e7", "e6"), ("b7", "h7", "i7"), ("l7", "d7", "c7"),
    ("c3", "f6", "g7"), ("k3", "g7", "f8"), ("e6", "e7", "e8"),
])
def test_zapper_jumps_the_nearest_enemy_on_a_line_and_removes_it(frm, jumped, land):
    g = game({frm: "Z", jumped: "w"})
    assert captures(g, frm + land) == [jumped]
    g.play(frm + land)
    assert piece(g, jumped) is None and piece(g, land) == ("red", "zapper")


def test_zapper_jumps_a_friend_which_stays():
    g = game({"e2": "Z", "e7": "P"})
    assert "e2e8" in moves_from(g, "e2")
    assert captures(g, "e2e8") == []
    g.play("e2e8")
    assert piece(g, "e7") == ("red", "pawn")


def test_zapper_jump_needs_the_square_beyond_empty_and_only_that_square():
    g = game({"e2": "Z", "e7": "p", "e8": "u"})
    assert [d for d in dests(g, "e2") if d[0] == "e" and int(d[1:]) > 2] == sqs("e3", "e4", "e5", "e6")
    g = game({"e2": "Z", "e7": "p"})
    assert [d for d in dests(g, "e2") if d[0] == "e" and int(d[1:]) > 2] == sqs(
        "e3", "e4", "e5", "e6", "e8")


def test_zapper_does_not_jump_the_fisher_unless_the_option_says_so():
    g = game({"e2": "Z", "e7": "*"}, control="g")
    assert "e8" not in dests(g, "e2")
    g = game({"e2": "Z", "e7": "*"}, control="g", zapper_jumps_fisher=True)
    assert "e2e8" in moves_from(g, "e2")
    g.play("e2e8")
    assert piece(g, "e7") == (None, "fisher")


def test_zapper_jump_and_sandwich_in_one_move():
    g = game({"e2": "Z", "e7": "p", "f8": "w", "g8": "P"})
    assert captures(g, "e2e8") == ["e7", "f8"]


# ------------------------------------------------------------- the gambler

def test_gambler_moves_as_a_queen_and_takes_nothing_by_itself():
    # not the immobilizer (e9, e4), the withdrawer it runs into (h9) or the Fisher
    g = game({"e6": "G", "e9": "i", "h9": "w", "c8": "*", "e4": "i"}, control="g")
    assert dests(g, "e6") == sqs(
        "b3", "b6", "c4", "c6", "d5", "d6", "d7", "e5", "e7", "e8",
        "f5", "f6", "f7", "g4", "g6", "g8", "h3", "h6", "i2", "i6", "j6", "k6", "l6")
    assert all(not m.captured() for m in g.legal_moves())


def test_gambler_takes_a_withdrawer_by_moving_away_from_it():
    g = game({"e6": "G", "e7": "w"})
    assert captures(g, "e6e3") == ["e7"]
    assert captures(g, "e6f6") == []


def test_gambler_takes_an_advancer_by_approaching_it():
    g = game({"e3": "G", "e9": "a"})
    assert captures(g, "e3e8") == ["e9"]
    assert captures(g, "e3e7") == []


def test_gambler_takes_pawns_and_guardians_by_displacement_from_anywhere():
    # from behind and from far away: beyond any reach of the pawn's own move
    g = game({"e3": "G", "e10": "p", "h6": "u", "b6": "w"}, control="g")
    assert captures(g, "e3e10") == ["e10"]
    assert captures(g, "e3h6") == ["h6"]
    assert "e3b6" not in moves_from(g, "e3")      # a withdrawer is not taken by displacement


def test_gambler_takes_a_zapper_by_sandwich_and_by_jumping():
    g = game({"e2": "G", "e7": "z", "e8": "P"})
    assert captures(g, "e2e6") == ["e7"]
    g = game({"e2": "G", "e7": "z"})
    assert captures(g, "e2e8") == ["e7"]
    # it jumps only a zapper: not a friend, not another enemy
    g = game({"e2": "G", "e7": "P", "c2": "i", "c4": "w"})
    assert "e8" not in dests(g, "e2")


def test_gambler_immobilizes_an_enemy_immobilizer():
    g = game({"e6": "G", "e7": "i", "d6": "w"}, side="g")
    geo = g.variant.geometry
    movers = {geo.names[m.frm] for m in g.legal_moves()}
    assert "e7" not in movers and "d6" in movers
    with pytest.raises(ValueError, match="immobilized by the red gambler on e6"):
        g.play("e7e8")


def test_gambler_cannot_be_immobilized():
    g = game({"e6": "G", "e7": "i", "d7": "i", "f5": "i"})
    assert "e6e5" in moves_from(g, "e6") and "e6h6" in moves_from(g, "e6")


def test_gambler_cannot_take_the_fisher_or_the_other_gambler():
    g = game({"e6": "G", "e7": "*", "d6": "g", "f5": "g"}, control="g")
    assert all(not m.captured() for m in g.legal_moves())


def test_gambler_exerts_several_powers_in_one_move():
    # away from the withdrawer on e2, displacing the pawn on e7, approaching
    # the advancer on e8 is impossible (e7 is the landing square), so:
    # away from e2, onto the guardian on e6, and the advancer on e7 beyond
    g = game({"e3": "G", "e2": "w", "e6": "u", "e7": "a"})
    assert captures(g, "e3e6") == ["e2", "e6", "e7"]
    g.play("e3e6")
    for sq in ("e2", "e7"):
        assert piece(g, sq) is None
    assert piece(g, "e6") == ("red", "gambler")
    # and a sandwich of a zapper on top of a withdrawal
    g = game({"e3": "G", "e2": "w", "f6": "z", "g6": "P"})
    assert captures(g, "e3e6") == ["e2", "f6"]


def test_green_gambler_too():
    g = game({"e9": "g", "e10": "W", "e4": "A"}, side="g")
    assert captures(g, "e9e5") == ["e10", "e4"]


# -------------------------------------------------------- the Fisher King

def test_fisher_moves_as_a_queen_but_not_onto_the_rim():
    g = game({"g7": "*"}, control="r")
    files = "abcdefghijklm"
    assert dests(g, "g7") == sqs(*[f"g{r}" for r in range(2, 13) if r != 7],
                                 *[f"{f}7" for f in "bcdefhijkl"],
                                 *[f"{files[6 + k]}{7 + k}" for k in range(-5, 6) if k],
                                 *[f"{files[6 + k]}{7 - k}" for k in range(-5, 6) if k])


def test_fisher_moves_only_for_its_controller():
    g = game({"g7": "*", "c5": "W"}, side="r", control="g")
    assert dests(g, "g7") == []
    with pytest.raises(ValueError, match="the Fisher is Green's to move"):
        g.play("g7g8")
    g = game({"g7": "*", "c5": "W"}, side="r", control="-")
    with pytest.raises(ValueError, match="nobody controls the Fisher yet"):
        g.play("g7g8")


def test_fisher_captures_enemies_of_its_controller_by_displacement():
    g = game({"g7": "*", "g10": "w", "j7": "W", "c7": "p"}, control="r")
    assert capturing_moves(g) == [("g7c7", ("c7",)), ("g7g10", ("g10",))]
    g = game({"g7": "*", "g10": "w", "j7": "W", "c7": "p"}, side="g", control="g")
    assert capturing_moves(g) == [("g7a1", ("a1",)), ("g7j7", ("j7",))]   # a1: on the rim


def test_fisher_enters_the_rim_only_to_capture_there():
    g = game({"g7": "*", "g13": "p", "g1": "P"}, control="r")
    assert dests(g, "g7") == ["g13"]          # the only capture, and compulsory
    g = game({"g7": "*", "m7": "p"}, control="r")
    assert dests(g, "g7") == ["m7"]
    # its controller's own colour is no excuse: Green may not just move it
    # onto a green square
    g = game({"d5": "*"}, side="g", control="g")
    d = dests(g, "d5")
    assert "a2" not in d and "d1" not in d and "a8" not in d
    assert "b3" in d and "d2" in d
    assert not [x for x in d if on_rim(g, x)]


def test_fisher_is_never_removed():
    # every kind of capture aimed at the Fisher takes nothing: a pawn beside
    # it, a guardian, a withdrawer moving away, an advancer approaching, an
    # immobilizer next to it, a gambler, a zapper sandwiching it
    pieces = {"g7": "*", "f7": "P", "f5": "U", "h6": "W", "g3": "A", "h7": "I", "j5": "G"}
    g = game(pieces, control="g")
    fisher = g.variant.geometry.parse("g7")
    assert all(fisher not in m.captured() for m in g.legal_moves())
    assert "f7g7" not in moves_from(g, "f7") and "f5g7" not in moves_from(g, "f5")
    assert captures(g, "h6i5") == [] and captures(g, "g3g6") == []
    g = game({"g7": "*", "g9": "Z", "g6": "Z", "c2": "i"}, control="g")
    assert captures(g, "g9g8") == []


def test_a_controlled_fisher_that_can_capture_obliges_a_capture():
    pieces = {"g7": "*", "g10": "p", "c5": "W", "c6": "u", "k4": "P", "m12": "i"}
    g = game(pieces, control="r")
    # the Fisher's capture, or the withdrawer's (running to the rim if it likes)
    assert sorted(m.notation for m in g.legal_moves()) == [
        "c5c1", "c5c2", "c5c3", "c5c4", "g7g10"]
    assert all(m.captured() for m in g.legal_moves())
    with pytest.raises(ValueError, match="the Fisher can capture, so Red must capture"):
        g.play("k4j5")
    # the other player is not obliged
    g = game(pieces, side="g", control="r")
    assert "m12m11" in [m.notation for m in g.legal_moves()]
    # an immobilized Fisher cannot capture, so nothing is forced
    g = game(dict(pieces, h6="i"), control="r")
    assert "k4j5" in [m.notation for m in g.legal_moves()]
    assert g.variant.status(g.current) == "Red to move; Red holds the Fisher (immobilized)"


def test_the_obligation_may_force_a_losing_capture():
    # the Fisher's only capture lands it on a green square: Red must play it
    g = game({"d3": "*", "b1": "w"}, control="r")
    assert [m.notation for m in g.legal_moves()] == ["d3b1"]
    g.play("d3b1")
    assert g.result.winner == "green"
    assert g.result.reason == "the Fisher stands on a green square"


def test_status_and_badge():
    g = game({"g7": "*", "g10": "p"}, control="r")
    assert g.variant.status(g.current) == \
        "Red to move; Red holds the Fisher, which can capture: Red must capture"
    assert g.variant.badges(g.current) == [
        {"name": "Fisher", "value": "held by Red", "detail": "must capture"}]
    g = sharah_web.new_game(H)
    assert g.variant.status(g.current) == "Red to move; nobody holds the Fisher yet"
    assert g.variant.badges(g.current) == [
        {"name": "Fisher", "value": "not held yet", "detail": "the first to reach the 10th rank takes it or gives it"}]


# ----------------------------------------------------------------- the rim

def on_rim(g, name):
    return g.variant.geometry.on_edge(g.variant.geometry.parse(name))


def rim_dests(g, square):
    return sqs(*[x for x in dests(g, square) if on_rim(g, x)])


def test_own_colour_rim_squares_are_open_others_closed():
    # every rim square the withdrawer on c9 could reach is black: all closed
    g = game({"c9": "W"})
    assert rim_dests(g, "c9") == []
    # from b11 a Red piece may step onto the red squares a10, a12, b13, d13
    # but not onto the black a11 or b1's green
    g = game({"b11": "I"})
    # (and l1, because there it immobilizes Green's advancer on m2)
    assert rim_dests(g, "b11") == sqs("a10", "a12", "b13", "d13", "l1")
    # Green: its colour is on Red's half
    g = game({"b3": "i"}, side="g")
    assert rim_dests(g, "b3") == sqs("a2", "a4", "b1", "d1")


def test_any_rim_square_when_the_move_captures():
    g = game({"d3": "W", "e4": "w"})
    assert "d3b1" in moves_from(g, "d3")                    # b1 is green, but a capture
    assert captures(g, "d3b1") == ["e4"]
    g = game({"d3": "W"})
    assert "d3b1" not in moves_from(g, "d3")
    # a zapper jumping an enemy onto the rim; not a friend
    g = game({"c6": "Z", "b6": "w"})
    assert captures(g, "c6a6") == ["b6"]
    g = game({"c6": "Z", "b6": "W"})
    assert "c6a6" not in moves_from(g, "c6")


def test_any_rim_square_when_the_move_immobilizes():
    g = game({"c5": "I", "b6": "w"})
    assert "c5a5" in moves_from(g, "c5")                    # a5 is black; freezes b6
    g = game({"c5": "I"})
    assert "c5a5" not in moves_from(g, "c5")
    g = game({"c5": "I", "b6": "W"})
    assert "c5a5" not in moves_from(g, "c5")                # a friend is not immobilized
    g = game({"c5": "I", "b6": "i"})
    assert "c5a5" not in moves_from(g, "c5")                # nor an enemy immobilizer
    g = game({"c5": "I", "b6": "*"}, control="g")
    assert "c5a5" in moves_from(g, "c5")                    # the Fisher counts
    g = game({"c5": "G", "b6": "i"})
    assert "c5a5" in moves_from(g, "c5")                    # the gambler freezes an immobilizer
    g = game({"c5": "G", "b6": "w"})
    assert "c5a5" not in moves_from(g, "c5")


def test_travel_along_the_rim():
    g = game({"a5": "W", "a9": "p", "d1": "P"})
    assert moves_from(g, "a5") == sorted([
        "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8",        # any colour along the rim
        "a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5g5", "a5h5", "a5i5", "a5j5", "a5k5", "a5l5",
        "a5b6", "a5c7", "a5d8", "a5e9", "a5f10+F", "a5f10-F", "a5g11+F", "a5g11-F",
        "a5h12+F", "a5h12-F",
        "a5b4", "a5c3", "a5d2"])
    # not m5 (across the board: entering the rim again), not i13 or e1 (black)


def test_along_the_rim_includes_corner_steps_not_crossings():
    g = game({"b1": "W", "m13": "a", "k5": "Z"}, reserve=False)
    assert rim_dests(g, "b1") == sqs("a1", "a2", "b13", "m12", *[f"{f}1" for f in "cdefghijklm"])
    # from the rim straight across the board to the far rim is entering it again
    g = game({"a4": "W", "m13": "a", "k6": "Z"}, reserve=False)
    assert "m4" not in dests(g, "a4")     # m4 is green
    g = game({"a8": "W", "m13": "a", "k5": "Z"}, reserve=False)
    assert "m8" in dests(g, "a8")         # m8 is red, Red's own colour


def test_along_the_rim_a_corner_stops_the_slide():
    g = game({"m13": "W", "a1": "a", "k5": "Z"}, reserve=False)
    assert rim_dests(g, "m13") == sqs(*[f"m{r}" for r in range(1, 13)],
                                      *[f"{f}13" for f in "abcdefghijkl"])


def test_fisher_travels_along_the_rim_once_there():
    g = game({"g7": "*", "g13": "p"}, control="r")
    g.play("g7g13")                       # control passes to Green (black rim), Green moves it
    assert control(g) == "green"
    assert dests(g, "g13") == sqs(*[f"{f}13" for f in "abcdefhijklm"],
                                  *[f"g{r}" for r in range(2, 13)],
                                  "f12", "e11", "d10", "c9", "b8",
                                  "h12", "i11", "j10", "k9", "l8")


# ------------------------------------------------------- Fisher control

def test_first_to_reach_the_tenth_rank_takes_or_gives_the_fisher():
    g = game({"g7": "*", "e8": "W"})
    same = [m for m in g.legal_moves() if m.notation.startswith("e8e10")]
    assert sorted((m.notation, m.label) for m in same) == [
        ("e8e10+F", "take the Fisher"), ("e8e10-F", "give the Fisher to Green")]
    assert same[0].frm == same[1].frm and same[0].to == same[1].to
    with pytest.raises(ValueError, match="say which move you mean: e8e10\\+F or e8e10-F"):
        g.play("e8e10")
    g.play("e8e10+F")
    assert control(g) == "red"
    assert g.position().endswith(" g r 1")
    g = game({"g7": "*", "e8": "W"})
    g.play("e8e10-F")
    assert control(g) == "green"
    assert g.position().endswith(" g g 1")


def test_reaching_beyond_the_tenth_rank_counts_and_the_option_exact():
    g = game({"g7": "*", "e8": "W"})
    assert {"e8e11+F", "e8e11-F", "e8e12+F", "e8e12-F", "e8e9"} <= set(moves_from(g, "e8"))
    g = game({"g7": "*", "e8": "W"}, tenth_rank="exact")
    assert {"e8e10+F", "e8e10-F", "e8e11", "e8e12"} <= set(moves_from(g, "e8"))


def test_green_reaches_its_tenth_rank_on_rank_four():
    g = game({"g7": "*", "e6": "w"}, side="g")
    assert {"e6e4+F", "e6e4-F", "e6e5"} <= set(moves_from(g, "e6"))
    g.play("e6e4-F")
    assert control(g) == "red"


def test_the_choice_is_made_once_and_is_final():
    g = game({"g7": "*", "e8": "W", "k3": "w", "b2": "w"})
    g.play("e8e10-F")
    assert "k3k4" in moves_from(g, "k3")     # Green on its 10th rank: no choice now
    g.play("k3k4")
    assert control(g) == "green"
    g.play("e10e11")
    assert control(g) == "green"


def test_control_can_be_seized_while_the_fisher_is_immobilized():
    # Green's immobilizer froze the Fisher; Red reaches the 10th rank and takes it
    g = game({"g7": "*", "g8": "i", "c8": "W"})
    g.play("c8c10+F")
    assert control(g) == "red"
    g.play("m2m3")
    assert dests(g, "g7") == []
    assert g.variant.status(g.current) == "Red to move; Red holds the Fisher (immobilized)"
    # Red's own immobilizer arriving next to the Fisher on the 10th rank
    g = game({"g9": "*", "d7": "I"})
    g.play("d7g10+F")
    assert control(g) == "red"
    assert g.variant.geometry.parse("g9") in g.variant.frozen(g.current.board)


def test_no_hand_over_while_nobody_controls_the_fisher():
    g = game({"g7": "*", "c3": "I"})
    g.play("c3f6")                           # immobilizes the Fisher: nobody holds it
    assert control(g) is None


def test_event_1_the_fisher_moves_into_immobilization():
    g = game({"g7": "*", "i8": "i"}, control="r")
    g.play("g7h8")                           # next to the green immobilizer on i8
    assert control(g) == "green"
    assert g.history[-1].name == "g7h8 (Fisher to Green)"
    g = game({"g7": "*", "i8": "I"}, control="r")
    g.play("g7h8")                           # a friendly immobilizer freezes it too
    assert control(g) == "green"


def test_event_1_an_immobilizer_moves_next_to_the_fisher():
    g = game({"g7": "*", "c3": "i"}, side="g", control="r")
    g.play("c3f6")
    assert control(g) == "green"
    g = game({"g7": "*", "c3": "I"}, side="r", control="r")
    g.play("c3f6")
    assert control(g) == "green"


def test_event_1_not_when_the_fisher_was_already_immobilized():
    g = game({"g7": "*", "g6": "I", "c3": "i"}, side="g", control="r")
    g.play("c3f6")
    assert control(g) == "red"


def test_event_2_the_opponent_sandwiches_the_fisher_with_the_zapper():
    g = game({"g7": "*", "g8": "w", "g2": "z"}, side="g", control="r")
    g.play("g2g6")                           # zapper g6, Fisher g7, green withdrawer g8
    assert control(g) == "green"
    # diagonally, with any friendly agent
    g = game({"g7": "*", "h8": "p", "b2": "z"}, side="g", control="r")
    g.play("b2f6")
    assert control(g) == "green"


def test_event_2_not_by_the_controllers_own_zapper_or_without_the_anvil():
    g = game({"g7": "*", "g8": "Z", "g2": "Z"}, side="r", control="r")
    g.play("g2g6")
    assert control(g) == "red"
    g = game({"g7": "*", "g2": "z"}, side="g", control="r")
    g.play("g2g6")
    assert control(g) == "red"


def test_event_3_the_fisher_steps_onto_a_black_rim_square():
    g = game({"g7": "*", "g13": "p"}, control="r")
    g.play("g7g13")                          # g13 is black
    assert control(g) == "green"
    assert g.result is None
    # travelling along the rim onto a black square hands it over too
    g = game({"c13": "*"}, side="g", control="g")
    g.play("c13e13")                          # over the red d13 onto the black e13
    assert control(g) == "red"
    assert g.result is None


def test_event_4_a_gambler_is_taken():
    g = game({"g7": "*", "e6": "W", "e7": "g", "h10": "G"}, control="r")
    g.play("e6e5")                           # Red takes Green's gambler
    assert control(g) == "green"
    g = game({"g7": "*", "e6": "w", "e7": "G", "h4": "g"}, side="g", control="r")
    g.play("e6e5")                           # Green takes Red's gambler
    assert control(g) == "green"
    g = game({"g7": "*", "e6": "w", "e7": "G", "h4": "g"}, side="g", control="g")
    g.play("e6e5")
    assert control(g) == "red"
    assert g.history[-1].name == "e6e5×e7 (Fisher to Red)"


def test_two_events_in_one_move_do_not_hand_over():
    # the Fisher takes Green's gambler (4) on a black rim square (3)
    g = game({"g7": "*", "g13": "g"}, control="r")
    g.play("g7g13")
    assert control(g) == "red"
    assert g.history[-1].name == "g7×g13"
    # the Fisher takes the gambler (4) and lands next to an immobilizer (1)
    g = game({"g7": "*", "g10": "g", "h11": "i"}, control="r")
    g.play("g7g10")
    assert control(g) == "red"


def test_three_events_hand_over_by_parity_not_with_the_option_any():
    # the gambler (4) on a black rim square (3) next to an immobilizer (1)
    pieces = {"g7": "*", "g13": "g", "h12": "i"}
    g = game(pieces, control="r")
    g.play("g7g13")
    assert control(g) == "green"
    g = game(pieces, control="r", double_event="any")
    g.play("g7g13")
    assert control(g) == "red"


def test_control_moves_are_plain_state_effects():
    g = game({"g7": "*", "e8": "W"})
    assert SetState("control", "red") in g.find_move("e8e10+F").effects
    assert SetState("control", "green") in g.find_move("e8e10-F").effects


# ------------------------------------------------------------- promotion

def test_pawns_and_guardians_promote_to_advancers_on_the_tenth_rank():
    g = game({"e8": "P", "g7": "*"}, control="r")
    assert moves_from(g, "e8") == ["e8c10=A", "e8d9", "e8f9", "e8g10=A"]
    g.play("e8d9")
    g.play("m2m3")
    g.play("d9c10")                          # the plain squares name the promotion
    assert piece(g, "c10") == ("red", "advancer")
    g = game({"e8": "U", "g7": "*"}, control="r")
    assert moves_from(g, "e8") == ["e8c9", "e8d10=A", "e8d9", "e8f10=A", "e8f9", "e8g9"]
    g.play("e8f10=A")
    assert piece(g, "f10") == ("red", "advancer")
    g = game({"e6": "p", "g7": "*"}, side="g", control="r")
    assert moves_from(g, "e6") == ["e6c4=A", "e6d5", "e6f5", "e6g4=A"]
    g.play("e6g4")
    assert piece(g, "g4") == ("green", "advancer")


def test_promotion_and_the_fisher_choice_in_one_move():
    g = game({"e9": "P", "g7": "*"})
    assert moves_from(g, "e9") == [f"e9{to}=A{c}" for to in ("c11", "d10", "f10", "g11")
                                   for c in ("+F", "-F")]
    m = g.find_move("e9d10=A-F")
    assert m.label == "promote to Advancer, give the Fisher to Green"
    g.play("e9d10-F")
    assert piece(g, "d10") == ("red", "advancer") and control(g) == "green"


def test_promotion_with_the_exact_tenth_rank_option():
    g = game({"e9": "P", "g7": "*"}, control="r", tenth_rank="exact")
    assert moves_from(g, "e9") == ["e9c11", "e9d10=A", "e9f10=A", "e9g11"]


def test_a_pawn_promoting_by_capture():
    g = game({"e9": "P", "e10": "w", "g7": "*"}, control="g")
    assert captures(g, "e9e10=A") == ["e10"]


# ---------------------------------------------------------------- winning

def test_the_fisher_on_a_square_of_your_colour_wins():
    g = game({"c10": "*", "a12": "u"}, control="r")
    g.play("c10a12")                          # a12 is red
    assert g.result.winner == "red"
    assert g.result.reason == "the Fisher stands on a red square"
    assert g.legal_moves() == []


def test_the_fisher_along_the_rim_to_your_colour_wins():
    g = game({"e13": "*"}, control="r")
    g.play("e13d13")
    assert g.result.winner == "red"


def test_taking_the_last_major_piece_wins():
    g = game({"e6": "W", "e7": "a", "a1": "A", "k10": "p"}, reserve=False)
    g.play("e6e5")
    assert g.result.winner == "red"
    assert g.result.reason == "Green has no advancer, zapper or gambler left"
    # pawns, guardians, withdrawers and immobilizers do not count
    g = game({"e6": "W", "e7": "z", "a1": "A", "k10": "p", "k11": "u", "k12": "i", "j12": "w"},
             reserve=False)
    g.play("e6e5")
    assert g.result.winner == "red"
    # the gambler counts
    g = game({"e6": "W", "e7": "a", "a1": "A", "k10": "g"}, reserve=False)
    g.play("e6e5")
    assert g.result is None


def test_game_over_at_the_start_when_a_side_has_no_major():
    g = game({"e9": "P", "k10": "a"}, reserve=False)
    assert g.result.winner == "green"
    assert g.legal_moves() == []


# -------------------------------------------------------- endless games

def test_a_player_without_a_legal_move_passes():
    # Red's only piece is frozen by Green's immobilizer
    g = game({"e6": "A", "e7": "i", "m13": "a"}, reserve=False)
    assert [(m.notation, m.kind, m.label) for m in g.legal_moves()] == [
        ("pass", "pass", "no legal move: the turn passes")]
    g.play("pass")
    assert g.to_move == "green" and g.result is None
    assert g.position().endswith(" g - 1")


def test_threefold_repetition_draws():
    g = game({"e6": "W", "h10": "w"})
    for _ in range(2):
        for m in ("e6e5", "h10h11", "e5e6", "h11h10"):
            assert g.result is None
            g.play(m)
    assert g.result is not None and g.result.winner is None
    assert g.result.reason == "the same position for the third time"


def test_quiet_move_limit_draws():
    g = game({"e6": "W", "h10": "w"}, clock=99)
    g.play("e6e5")
    assert g.result.winner is None
    assert g.result.reason == "50 moves each without a capture or a pawn or guardian move"
    g = game({"e6": "W", "h10": "w"}, clock=19, quiet_limit=10)
    g.play("e6e5")
    assert g.result is not None
    g = game({"e6": "W", "h10": "w"}, clock=999, quiet_limit=0)
    g.play("e6e5")
    assert g.result is None


def test_pawn_and_guardian_moves_and_captures_reset_the_clock():
    g = game({"e6": "P", "h10": "w", "c3": "W"}, clock=40)
    g.play("e6f7")
    assert g.current.state["clock"] == 0
    g.play("h10h11")
    assert g.current.state["clock"] == 1


# ------------------------------------------------------ position text

def test_position_text_round_trip_and_errors():
    text = SETUP + " g r 12"
    g = sharah_web.new_game(H, text)
    assert g.position() == text
    assert g.to_move == "green" and control(g) == "red"
    with pytest.raises(ValueError, match="controller is r, g or -"):
        sharah_web.new_game(H, SETUP + " r x 0")
    with pytest.raises(ValueError, match="one Fisher King"):
        sharah_web.new_game(H, SETUP.replace("13/1aziw", "*12/1aziw", 1) + " r - 0")
    with pytest.raises(ValueError, match="unknown piece letter 'F'"):
        sharah_web.new_game(H, SETUP.replace("6*6", "6F6") + " r - 0")
    with pytest.raises(ValueError, match="should have promoted"):
        game({"e10": "P"})
    # the side and control default sensibly
    assert sharah_web.new_game(H, SETUP + " r").position() == SETUP + " r - 0"


def test_rim_messages():
    g = game({"e6": "W"})
    with pytest.raises(ValueError, match="may step onto the rim only on a red square"):
        g.play("e6a6")
    g = game({"g7": "*"}, control="r")
    with pytest.raises(ValueError, match="the Fisher may step onto the rim only to capture"):
        g.play("g7g13")


# ------------------------------------------------------ random games

def test_random_games_end_without_error_and_undo_exactly():
    rng = random.Random(4)
    for n in range(8):
        # the default rules, then each option switched
        options = [{}, {"tenth_rank": "exact"}, {"double_event": "any"},
                   {"zapper_jumps_fisher": True}][n % 4]
        g = sharah_web.new_game(H, quiet_limit=25, **options)
        texts = [g.position()]

        def after(move):
            text = g.position()
            texts.append(text)
            # the position text reads back to the same position
            assert sharah_web.new_game(H, text, quiet_limit=25, **options).position() == text

        randomgame.play_out(g, rng, after=after)
        assert_undo_redo_exact(g, texts)
