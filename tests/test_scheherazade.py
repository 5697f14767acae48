"""Scheherazade: every rule with a position and the exact moves or effect.

Positions are written as square -> token: upper case white, lower case
black; K king, P pawn, N knight, B bishop, R rook, H hussar, O onager,
S spearman, and a compound as its two letters in brackets, ``(RH)``. The
rest of the position text is the side to move, the kings that never moved
(``Kk``, ``K``, ``k``, ``-``), the en passant square, the move clock, and
``=`` while a draw offer waits for an answer; trailing fields may be left
out (no king slides, no en passant, clock 0).

The perft counts are checked against a second move generator written in
this file from the rules text (bottom of the file), which shares no code
with the engine.
"""

import random

import pytest

import sharah_web
from sharah_web.chesslike import DRAW_ACTIONS
from sharah_web.variants.scheherazade import COMPOUNDS, SETUP

from helpers import board_text, game_with, moves_from, notations, assert_undo_redo_exact

SCH = "scheherazade"
INITIAL = SETUP + " w Kk - 0"


def game(pieces, rest="w", **options):
    return game_with(SCH, pieces, rest, **options)


def dests(frm, squares):
    """``dests("e5", "c4 c6")`` -> ``["e5c4", "e5c6"]``, sorted."""
    return sorted(frm + s for s in squares.split())


def piece(g, square):
    p = g.piece_at(square)
    return None if p is None else (p.side, p.kind)


# ------------------------------------------------------------------ set-up

def test_initial_position_is_the_seeds_set_up():
    g = sharah_web.new_game(SCH)
    assert g.position() == INITIAL
    assert g.to_move == "white"
    seed = {  # the seed's list, square by square
        "K": "f2", "N": "c2 h2", "H": "d2 g2", "R": "a1 j1", "O": "b1 i1", "B": "d1 g1",
        "S": "e1 f1", "P": "a3 b3 c3 d3 e3 f3 g3 h3 i3 j3",
        "k": "f9", "n": "c9 h9", "h": "d9 g9", "r": "a10 j10", "o": "b10 i10", "b": "d10 g10",
        "s": "e10 f10", "p": "a8 b8 c8 d8 e8 f8 g8 h8 i8 j8",
    }
    expected = {sq: letter for letter, squares in seed.items() for sq in squares.split()}
    names = g.variant.geometry.names
    actual = {names[sq]: g.variant.piece_token(p) for sq, p in g.current.pieces()}
    assert actual == expected


def test_fifteen_compounds_named_by_their_parts():
    v = sharah_web.variant(SCH)
    assert len(COMPOUNDS) == 15
    assert [v.types[k].letter for k in COMPOUNDS] == [
        "NB", "NR", "NH", "NO", "NS", "BR", "BH", "BO", "BS", "RH", "RO", "RS", "HO", "HS", "OS"]
    assert v.kind_name("rook+hussar") == "Rook-Hussar"
    assert v.types["rook+hussar"].betza == "RFC"


# ------------------------------------------------------- pieces, one by one
# From e5 on an otherwise empty board (the kings on a7 and j2 are on none of
# its lines).

KINGS = {"a7": "K", "j2": "k"}


@pytest.mark.parametrize("token, squares", [
    ("N", "c4 c6 d3 d7 f3 f7 g4 g6"),
    ("B", "d4 c3 b2 a1 f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1"),
    ("R", "e1 e2 e3 e4 e6 e7 e8 e9 e10 a5 b5 c5 d5 f5 g5 h5 i5 j5"),
    # hussar FC: ferz steps, camel leaps (1,3)
    ("H", "d4 d6 f4 f6 d2 d8 f2 f8 b4 b6 h4 h6"),
    # onager FDD: ferz steps, dabbaba rider (every other square rookwise)
    ("O", "d4 d6 f4 f6 e7 e9 e3 e1 c5 a5 g5 i5"),
    # spearman WA: wazir steps, alfil leaps
    ("S", "e4 e6 d5 f5 c3 c7 g3 g7"),
    ("K", "d4 d5 d6 e4 e6 f4 f5 f6"),
])
def test_each_piece_from_the_centre(token, squares):
    pieces = {"e5": token, **KINGS}
    if token == "K":
        del pieces["a7"]
    g = game(pieces)
    assert moves_from(g, "e5") == dests("e5", squares)


def test_pawns_step_double_step_and_take_forward():
    g = game({"e3": "P", "e5": "P", "d6": "n", "f6": "N", **KINGS})
    assert moves_from(g, "e3") == ["e3e4"]          # e5 is taken: no double step onto it
    assert moves_from(g, "e5") == ["e5d6", "e5e6"]  # takes the knight, not its own
    g = game({"c3": "P", "c8": "p", **KINGS})
    assert moves_from(g, "c3") == ["c3c4", "c3c5"]
    g = game({"c3": "P", "c8": "p", **KINGS}, "b")
    assert moves_from(g, "c8") == ["c8c6", "c8c7"]   # Black plays down the board


def test_double_step_is_blocked_by_a_piece_on_the_first_square():
    g = game({"e3": "P", "e4": "n", **KINGS})
    assert moves_from(g, "e3") == []


def test_the_onager_leaps_over_odd_squares_but_stops_on_even_ones():
    g = game({"e5": "O", "e6": "P", "e7": "n", "c5": "P", "g5": "b", "g6": "p", **KINGS})
    # up: jumps e6, takes e7 and stops; left: blocked by its own pawn on c5;
    # right: takes g5; down: e3, e1 (ferz steps: d4 d6 f4 f6)
    assert moves_from(g, "e5") == dests("e5", "d4 d6 f4 f6 e7 e3 e1 g5")


def test_camel_and_alfil_leap_over_anything():
    ring = {sq: "P" for sq in ("d5", "f5", "e4", "e6", "d4", "d6", "f4", "f6")}
    g = game({"e5": "H", **ring, **KINGS})
    assert moves_from(g, "e5") == dests("e5", "d2 d8 f2 f8 b4 b6 h4 h6")
    g = game({"e5": "S", **{k: v for k, v in ring.items() if k not in ("e4", "e6", "d5", "f5")},
              **KINGS})
    assert moves_from(g, "e5") == dests("e5", "e4 e6 d5 f5 c3 c7 g3 g7")


@pytest.mark.parametrize("kind", COMPOUNDS)
def test_each_compound_moves_as_either_part(kind):
    v = sharah_web.variant(SCH)
    a, b = kind.split("+")
    token = f"({v.types[kind].letter})"
    parts = set()
    for part in (a, b):
        parts |= set(moves_from(game({"e5": v.types[part].letter, **KINGS}), "e5"))
    g = game({"e5": token, **KINGS})
    moves = [m.notation for m in g.legal_moves() if m.frm == g.variant.geometry.parse("e5")]
    assert len(moves) == len(set(moves)), "a square both parts reach is one move"
    assert sorted(moves) == sorted(parts)


def test_compound_counts_overlap_only_where_the_parts_share_squares():
    def count(token):
        return len(moves_from(game({"e5": token, **KINGS}), "e5"))
    assert count("(RH)") == 18 + 12     # nothing shared
    assert count("(HO)") == 12 + 12 - 4  # the ferz steps are shared
    assert count("(RS)") == 18 + 4      # the wazir steps are rook moves
    assert count("(NB)") == 8 + 17


# ------------------------------------------------------ the initial position

def test_all_legal_moves_from_the_initial_position():
    # Counted by hand from the set-up (rank 1 R O . B S S B . O R, rank 2
    # . . N H . K H N . ., pawns on rank 3):
    #   pawns: 10 single + 10 double steps                            20
    #   rooks: a1a2, j1j2 (the pawns and onagers close the rest)       2
    #   onagers: only the ferz steps b1a2, i1j2 (c2, h2 are knights;
    #     the dabbaba lines hit b3/i3 pawns and the d1/g1 bishops)      2
    #   bishops: d1e2 (then f3 is a pawn); g1 is shut in               1
    #   spearmen: e1e2; f1 is shut in (alfil squares hold pawns)       1
    #   knights: c2b4 c2d4 h2g4 h2i4                                    4
    #   hussars: d2c1, camel d2c5 d2e5; g2h1, g2f5 g2h5                 6
    #   king: f2e2 (its slide is stopped by the hussars on d2, g2)     1
    #                                                        total    37
    # Merges: none, every friendly piece stands on ranks 1 to 3.
    g = sharah_web.new_game(SCH, agreement=False)
    expected = sorted([
        *(f"{f}3{f}4" for f in "abcdefghij"), *(f"{f}3{f}5" for f in "abcdefghij"),
        "a1a2", "j1j2", "b1a2", "i1j2", "d1e2", "e1e2",
        "c2b4", "c2d4", "h2g4", "h2i4",
        "d2c1", "d2c5", "d2e5", "g2h1", "g2f5", "g2h5",
        "f2e2",
    ])
    assert len(expected) == 37
    assert notations(g) == expected
    # with draw offers on (the default) there is one more: a button
    assert notations(sharah_web.new_game(SCH)) == sorted(expected + ["offer-draw"])


# ------------------------------------------------------------------- perft

def engine_perft(variant, pos, depth):
    moves = variant.legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(engine_perft(variant, variant.apply(pos, m), depth - 1) for m in moves)


# Depth 1 is the hand count above; 1369 = 37 * 37 because no first White
# move touches Black's 37 (nothing of White's reaches rank 6 or beyond, and
# no line into Black's camp opens). Depth 3 (and depth 2) are counted by
# the engine and by the independent generator below; they agree. (Offline,
# depth 4 agrees as well: 2,150,518, too slow to run here: about 40 s.)
PERFT = {1: 37, 2: 1369, 3: 54425}


@pytest.mark.parametrize("depth", sorted(PERFT))
def test_perft_from_the_initial_position_by_the_engine(depth):
    g = sharah_web.new_game(SCH, agreement=False)
    assert engine_perft(g.variant, g.current, depth) == PERFT[depth]


@pytest.mark.parametrize("depth", sorted(PERFT))
def test_perft_from_the_initial_position_by_the_reference_generator(depth):
    g = sharah_web.new_game(SCH)
    assert ref_perft(ref_position(g), depth) == PERFT[depth]


def test_perft_divide_sums_to_the_total():
    g = sharah_web.new_game(SCH, agreement=False)
    v = g.variant
    divide = {m.notation: engine_perft(v, v.apply(g.current, m), 2) for m in g.legal_moves()}
    assert sum(divide.values()) == PERFT[3]
    assert len(divide) == PERFT[1]


# Two middle-game positions where every special rule is in play: merges,
# compounds, the king's slide, en passant, promotion on ranks 9 and 10.
TRICKY = [
    ({"f2": "K", "a4": "R", "f4": "H", "d5": "N", "c3": "S", "j4": "B", "h6": "P", "c8": "P",
      "b9": "P", "a3": "P", "e6": "(NO)", "f9": "k", "a10": "r", "d9": "h", "b5": "o", "e5": "n",
      "c6": "b", "g6": "p", "j7": "p", "h9": "(rs)", "e2": "p"},
     "w Kk g7 0", {1: 112, 2: 7312}),
    ({"f2": "K", "a2": "R", "j2": "O", "b4": "S", "c4": "S", "c5": "H", "h4": "B", "b8": "P",
      "d5": "P", "g7": "P", "f9": "k", "a9": "r", "j9": "n", "e7": "b", "c7": "h", "h7": "o",
      "e5": "p", "i6": "(bo)", "e4": "p", "c2": "p", "g5": "n"},
     "b Kk d4 0", {1: 94, 2: 5664}),
]


@pytest.mark.parametrize("pieces, rest, counts", TRICKY)
def test_perft_in_positions_with_every_special_move(pieces, rest, counts):
    g = game(pieces, rest, agreement=False)
    kinds = {m.kind for m in g.legal_moves()} | {m.label.split(" ")[0] for m in g.legal_moves()}
    assert {"merge", "en", "slide", "promote"} <= kinds      # all of them at depth 1
    for depth, expected in counts.items():
        assert engine_perft(g.variant, g.current, depth) == expected
        assert ref_perft(ref_position(g), depth) == expected
    # (offline, depth 3 agrees too: 600,727 and 474,773; about 15 s together)


# ------------------------------------------------------------------ merging

def test_a_rook_merges_with_a_hussar_beyond_the_third_rank():
    g = game({"a4": "R", "f4": "H", "j1": "K", "j10": "k"})
    assert moves_from(g, "a4") == dests("a4", "a1 a2 a3 a5 a6 a7 a8 a9 a10 b4 c4 d4 e4 f4")
    (merge,) = [m for m in g.legal_moves() if m.notation == "a4f4"]
    assert merge.kind == "merge" and merge.aliases == ("Ra4#f4",)
    assert merge.captured() == []                   # nothing is taken
    g.play("Ra4#f4")                                # the seed's notation
    assert g.history[-1].name == "Ra4#f4"
    assert piece(g, "f4") == ("white", "rook+hussar") and g.piece_at("a4") is None
    assert g.position() == board_text(10, 10, {"f4": "(RH)", "j1": "K", "j10": "k"}) + " b - - 0"


def test_the_from_to_spelling_of_a_merge_is_valid_too():
    g = game({"a4": "R", "f4": "H", "j1": "K", "j10": "k"})
    g.play("a4f4")
    assert piece(g, "f4") == ("white", "rook+hussar")


def test_a_compound_moves_as_either_of_its_parts():
    g = game({"f4": "(RH)", "j1": "K", "j10": "k"})
    rook = dests("f4", "f1 f2 f3 f5 f6 f7 f8 f9 f10 a4 b4 c4 d4 e4 g4 h4 i4 j4")
    hussar = dests("f4", "e3 e5 g3 g5 e1 e7 g1 g7 c3 c5 i3 i5")
    assert moves_from(g, "f4") == sorted(rook + hussar)


def test_a_same_kind_merge_leaves_one_basic_piece_that_may_merge_again():
    g = game({"a4": "R", "f4": "R", "f8": "H", "j1": "K", "j10": "k", "j7": "p"})
    g.play("Ra4#f4")
    assert piece(g, "f4") == ("white", "rook") and g.piece_at("a4") is None
    assert sum(1 for _ in g.current.pieces("white", "rook")) == 1
    g.play("j10j9")
    g.play("Rf4#f8")
    assert piece(g, "f8") == ("white", "rook+hussar")


def test_merging_only_in_front_of_the_third_rank():
    # White's third rank is rank 3: a rook and a hussar there cannot merge.
    g = game({"a3": "R", "f3": "H", "j1": "K", "j10": "k"})
    assert "a3f3" not in moves_from(g, "a3")
    with pytest.raises(ValueError, match="merge only in front of their third rank"):
        g.play("Ra3#f3")
    # A piece from behind the line may merge onto a square in front of it.
    g = game({"a1": "R", "a4": "N", "j1": "K", "j10": "k"})
    assert "a1a4" in moves_from(g, "a1")
    # Black's third rank is rank 8: merging happens on ranks 7 and below.
    g = game({"a8": "r", "f8": "h", "a7": "r", "f7": "h", "j1": "K", "j10": "k"}, "b")
    assert "a8f8" not in moves_from(g, "a8")
    assert "a7f7" in moves_from(g, "a7")


def test_compounds_pawns_and_kings_never_merge():
    g = game({"d4": "(RH)", "d6": "N", "b5": "N", "f4": "P", "e3": "K", "e4": "B", "j10": "k"})
    assert "d4d6" not in moves_from(g, "d4")        # a compound does not merge again
    assert "b5d4" not in moves_from(g, "b5")        # nor does a basic piece merge into one
    assert "f4e5" not in moves_from(g, "f4") and "e3e4" not in moves_from(g, "e3")
    with pytest.raises(ValueError, match="compounds never merge again"):
        g.play("d4d6")
    with pytest.raises(ValueError, match="only two basic pieces merge"):
        g.play("b5d4")
    with pytest.raises(ValueError, match="only basic pieces merge"):
        g.play("e3e4")


def test_a_merge_follows_the_pieces_own_move():
    # The rook's path is blocked by the pawn on c4: no merge on f4. The
    # onager's dabbaba run leaps the odd squares c4 and e4 and lands on f4.
    g = game({"a4": "R", "c4": "P", "f4": "H", "j1": "K", "j10": "k"})
    assert "a4f4" not in moves_from(g, "a4")
    with pytest.raises(ValueError, match="cannot reach f4"):
        g.play("a4f4")
    g = game({"b4": "O", "c4": "P", "e4": "p", "f4": "H", "j1": "K", "j10": "k"})
    assert moves_from(g, "b4") == dests("b4", "a3 a5 c3 c5 b6 b8 b10 b2 d4 f4")


def test_a_pinned_piece_may_not_merge():
    g = game({"e4": "K", "e5": "N", "d7": "H", "e10": "r", "j1": "k"})
    assert moves_from(g, "e5") == []
    with pytest.raises(ValueError, match="leave your king in check"):
        g.play("Ne5#d7")


def test_a_piece_promoted_on_the_ninth_rank_may_merge():
    g = game({"e8": "P", "a9": "N", "a1": "K", "j1": "k", "j7": "p"})
    g.play("e8e9=R")
    g.play("j1j2")
    assert "e9a9" in moves_from(g, "e9")
    g.play("Re9#a9")
    assert piece(g, "a9") == ("white", "knight+rook")


def test_a_merge_restarts_the_move_clock():
    g = game({"a4": "R", "f4": "H", "j1": "K", "j10": "k"}, "w - - 40")
    g.play("a4f4")
    assert g.position().endswith(" b - - 0")


def test_compound_tokens_are_read_in_either_order_and_written_in_one():
    text = board_text(10, 10, {"e5": "(HR)", "e6": "(ob)", "a1": "K", "j10": "k"}) + " w"
    g = sharah_web.new_game(SCH, text)
    assert piece(g, "e5") == ("white", "rook+hussar")
    assert piece(g, "e6") == ("black", "bishop+onager")
    assert "(RH)" in g.position() and "(bo)" in g.position()


# ---------------------------------------------------------- the king's slide

def test_an_unmoved_king_slides_along_its_second_rank():
    g = game({"f2": "K", "j10": "k"}, "w K")
    steps = "e1 f1 g1 e2 g2 e3 f3 g3"
    assert moves_from(g, "f2") == dests("f2", steps + " a2 b2 c2 d2 h2 i2 j2")
    g.play("f2b2")
    assert g.history[-1].name == "Kf2-b2"
    assert g.position().endswith(" b - - 1")        # the right is spent


def test_a_king_that_has_moved_does_not_slide():
    g = game({"f2": "K", "j10": "k"}, "w -")
    assert moves_from(g, "f2") == dests("f2", "e1 f1 g1 e2 g2 e3 f3 g3")
    g = game({"f2": "K", "a5": "N", "j10": "k", "j7": "p"}, "w K")
    for m in ("f2e2", "j10j9", "e2f2", "j9j10"):
        g.play(m)
    assert moves_from(g, "f2") == dests("f2", "e1 f1 g1 e2 g2 e3 f3 g3")


def test_the_slide_stops_at_pieces_and_never_captures():
    # Left: c2 holds a white knight, so d2 is the end. Right: the black knight
    # on i2 cannot be taken by the slide (nor is it adjacent); it guards g1, g3.
    g = game({"f2": "K", "c2": "N", "i2": "n", "j10": "k"}, "w K")
    assert moves_from(g, "f2") == dests("f2", "e1 f1 e2 g2 e3 f3 d2 h2")


def test_the_slide_may_not_pass_over_or_land_on_an_attacked_square():
    # The black rook on c10 attacks c2: the king may slide to d2, but not
    # onto c2 nor over it to b2 or a2.
    g = game({"f2": "K", "c10": "r", "j10": "k"}, "w K")
    assert moves_from(g, "f2") == dests("f2", "e1 f1 g1 e2 g2 e3 f3 g3 d2 h2 i2 j2")
    with pytest.raises(ValueError, match="cannot move to b2"):
        g.play("f2b2")


def test_no_slide_out_of_check():
    g = game({"f2": "K", "f10": "r", "j10": "k"}, "w K")
    assert moves_from(g, "f2") == dests("f2", "e1 e2 e3 g1 g2 g3")


def test_black_slides_along_rank_nine():
    g = game({"a1": "K", "f9": "k"}, "b k")
    assert moves_from(g, "f9") == dests("f9", "e8 f8 g8 e9 g9 e10 f10 g10 a9 b9 c9 d9 h9 i9 j9")


def test_after_the_opening_hussar_moves_the_king_may_slide():
    g = sharah_web.new_game(SCH)
    g.play("d2c5")
    g.play("d9c6")
    assert moves_from(g, "f2") == ["f2d2", "f2e2"]
    g.play("Kf2-d2")
    assert g.position().split()[2] == "k"


# ------------------------------------------------------------ en passant

def test_en_passant_right_after_the_double_step():
    g = game({"d3": "P", "e5": "p", "j1": "K", "j10": "k"})
    g.play("d3d5")
    assert g.position().endswith(" b - d4 0")
    assert moves_from(g, "e5") == ["e5d4", "e5e4"]
    (ep,) = [m for m in g.legal_moves() if m.notation == "e5d4"]
    assert ep.label == "en passant" and ep.captured() == [g.variant.geometry.parse("d5")]
    g.play("e5d4")
    assert g.history[-1].name == "e5xd4 e.p."
    assert g.piece_at("d5") is None and piece(g, "d4") == ("black", "pawn")


def test_white_takes_en_passant_too():
    g = game({"d6": "P", "e8": "p", "j1": "K", "j10": "k"}, "b")
    g.play("e8e6")
    assert g.position().endswith(" w - e7 0")
    assert moves_from(g, "d6") == ["d6d7", "d6e7"]
    g.play("d6e7")
    assert g.piece_at("e6") is None and piece(g, "e7") == ("white", "pawn")


def test_en_passant_is_only_on_the_very_next_move():
    g = game({"d3": "P", "e5": "p", "j1": "K", "j10": "k", "a1": "N"})
    g.play("d3d5")
    g.play("j10j9")
    g.play("a1b3")
    assert moves_from(g, "e5") == ["e5e4"]


def test_no_en_passant_square_without_a_pawn_ready_to_take():
    g = game({"d3": "P", "j1": "K", "j10": "k"})
    g.play("d3d5")
    assert g.position().endswith(" b - - 0")


def test_en_passant_may_not_expose_the_king():
    # Taking d5 en passant would empty rank 5 between the rook and the king.
    g = game({"d3": "P", "e5": "p", "a5": "k", "j5": "R", "j1": "K"})
    g.play("d3d5")
    assert moves_from(g, "e5") == ["e5e4"]


# ------------------------------------------------------------- promotion

def test_promotion_on_the_ninth_rank_is_optional_to_any_basic_piece():
    g = game({"e8": "P", "a1": "K", "j1": "k"})
    assert moves_from(g, "e8") == sorted(["e8e9"] + [f"e8e9={x}" for x in "NBRHOS"])
    labels = {m.notation: m.label for m in g.legal_moves() if m.frm is not None and m.frm == 74}
    assert labels["e8e9"] == "no promotion" and labels["e8e9=H"] == "promote to hussar"
    g.play("e8e9")
    assert piece(g, "e9") == ("white", "pawn")


def test_promotion_on_the_tenth_rank_is_obligatory_to_a_compound():
    g = game({"e9": "P", "d10": "n", "a1": "K", "j1": "k"})
    letters = ["NB", "NR", "NH", "NO", "NS", "BR", "BH", "BO", "BS", "RH", "RO", "RS", "HO", "HS", "OS"]
    assert moves_from(g, "e9") == sorted([f"e9e10={x}" for x in letters] + [f"e9d10={x}" for x in letters])
    with pytest.raises(ValueError, match="say which move you mean"):
        g.play("e9e10")
    g.play("e9d10=RH")
    assert piece(g, "d10") == ("white", "rook+hussar")
    assert g.history[-1].name == "e9xd10=RH"


def test_a_pawn_that_stayed_on_rank_nine_must_promote_on_rank_ten():
    g = game({"e8": "P", "a1": "K", "j1": "k", "j7": "p"})
    g.play("e8-e9")
    g.play("j1j2")
    assert len(moves_from(g, "e9")) == 15
    g.play("e9-e10=ho")
    assert piece(g, "e10") == ("white", "hussar+onager")


def test_black_promotes_on_ranks_two_and_one():
    g = game({"c3": "p", "d2": "p", "a10": "K", "j10": "k"}, "b")
    assert moves_from(g, "c3") == sorted(["c3c2"] + [f"c3c2={x}" for x in "NBRHOS"])
    assert len(moves_from(g, "d2")) == 15
    g.play("c3c2=O")
    assert piece(g, "c2") == ("black", "onager")


def test_the_promoted_piece_shows_in_the_position_text():
    g = game({"e9": "P", "a1": "K", "j1": "k"})
    g.play("e9e10=OS")
    assert g.position().startswith("4(OS)5/")


# ------------------------------------------------------------------ check

def test_a_king_may_not_move_into_check_and_a_pinned_piece_stays():
    # the rook on a9 holds the a-file, the rook on b10 the b-file
    g = game({"a1": "K", "e4": "N", "a9": "r", "b10": "r", "j10": "k"})
    assert moves_from(g, "a1") == []
    # the knight on a3 is pinned; the king may step to a2 behind it
    g = game({"a1": "K", "a3": "N", "a9": "r", "j10": "k"})
    assert moves_from(g, "a3") == []
    assert moves_from(g, "a1") == dests("a1", "a2 b1 b2")


def test_status_says_who_moves_and_check():
    g = game({"a1": "K", "a9": "r", "j10": "k"})
    assert g.variant.status(g.current) == "White to move, in check"
    g = sharah_web.new_game(SCH)
    assert g.variant.status(g.current) == "White to move"


# ---------------------------------------------------------------- results

def test_checkmate_wins():
    g = game({"e1": "K", "a1": "R", "b9": "R", "j10": "k", "c7": "p"})
    g.play("a1a10")
    assert g.result == sharah_web.Result("white", "black is checkmated", "checkmate")


def test_stalemating_the_enemy_king_wins():
    # The black king on a10 is boxed in by the knight (a9, b10) and, after
    # the move, by the rook on the b-file (b9); its pawn is blocked.
    g = game({"e1": "K", "c1": "R", "c8": "N", "a7": "P", "a10": "k", "a8": "p"})
    g.play("c1b1")
    assert g.result == sharah_web.Result("white", "black is stalemated", "stalemate")
    assert g.legal_moves() == []


def test_baring_the_enemy_king_wins():
    g = game({"a1": "K", "b1": "R", "b8": "n", "j10": "k"})
    g.play("b1b8")
    assert g.result == sharah_web.Result("white", "the black king is bare", "bare-king")


def test_bare_king_is_drawn_if_the_bared_king_can_bare_the_other_at_once():
    # The black king on c9 can take the rook on b8, leaving White bare too.
    g = game({"a1": "K", "b1": "R", "b8": "n", "c9": "k"})
    g.play("b1b8")
    assert g.result.winner is None
    assert g.result.reason == "bare king, but the bared black king could bare the other at once"


def test_bare_king_wins_if_the_bared_king_cannot_take_back():
    # As above, but the knight on a6 guards b8: the black king may not take.
    g = game({"a1": "K", "b1": "R", "b8": "n", "c9": "k", "a6": "N"})
    g.play("b1b8")
    assert g.result == sharah_web.Result("white", "the black king is bare", "bare-king")


def test_bare_king_is_drawn_if_the_bared_king_takes_the_last_of_several():
    # Black takes White's last piece other than the king: only then is White
    # bare, so the draw needs the reply to leave White with the king alone.
    g = game({"a1": "K", "b1": "R", "b8": "n", "c9": "k", "a6": "P"})
    g.play("b1b8")
    assert g.result == sharah_web.Result("white", "the black king is bare", "bare-king")


def test_both_kings_bare_is_a_draw():
    g = game({"a1": "K", "b2": "n", "j10": "k"})
    g.play("a1b2")
    assert g.result == sharah_web.Result(None, "both kings are bare", "bare-king")


def test_threefold_repetition_draws():
    g = sharah_web.new_game(SCH)
    shuffle = ["c2b4", "c9b7", "b4c2", "b7c9"]
    for m in shuffle * 2:
        assert g.result is None
        g.play(m)
    # the set-up has now stood on the board three times, White to move
    assert g.result == sharah_web.Result(None, "the same position 3 times", "repetition")


def test_repetition_needs_the_same_side_to_move():
    # The white king walks a triangle while the black knight goes out and
    # back: the start's board comes back with Black to move in between.
    g = game({"a1": "K", "e4": "N", "j10": "k", "j8": "n"})
    start_board = g.current.board[:]
    seen = 1
    moves = "a1b1 j8i6 b1b2 i6j8 b2a1 j8i6 a1b1 i6j8 b1b2 j8i6 b2a1 i6j8".split()
    for m in moves:
        g.play(m)
        seen += g.current.board == start_board
    assert seen == 3                 # three times on the board, but once with Black to move
    assert g.result is None
    for m in "a1b1 j8i6 b1b2 i6j8 b2a1 j8i6 a1b1 i6j8 b1b2 j8i6 b2a1 i6j8".split():
        if g.result is not None:
            break
        g.play(m)
    assert g.result == sharah_web.Result(None, "the same position 3 times", "repetition")
    assert len(g.history) == 24      # the third time with White to move


def test_a_lost_slide_right_makes_a_different_position():
    # The king steps away and back: the board repeats, but the king has
    # lost its slide, so the first position does not count again.
    g = game({"f2": "K", "e4": "N", "j10": "k", "j8": "n"}, "w K")
    for m in ("f2e2", "j8i6", "e2f2", "i6j8") * 2:
        g.play(m)
    assert g.variant.repetition_count(g) == 2
    assert g.result is None


def test_fifty_moves_without_capture_merge_or_pawn_move_draw():
    g = game({"a1": "K", "e4": "N", "j10": "k", "j7": "p"}, "w - - 99")
    g.play("e4c5")
    assert g.result == sharah_web.Result(None, "50 moves each without a capture, a merge or a pawn move",
                                         "move-limit")


# -------------------------------------------------------- draw by agreement

def test_a_draw_offer_asks_the_opponent():
    g = sharah_web.new_game(SCH)
    g.play("e3e5")
    offer = [m for m in g.legal_moves() if m.kind == "offer-draw"]
    assert [(m.notation, m.label, m.frm, m.to) for m in offer] == [("offer-draw", "Offer a draw", None, None)]
    g.play("offer-draw")
    assert g.history[-1].name == "draw offered"
    assert g.to_move == "white"                    # White answers Black's offer
    assert notations(g) == ["accept-draw", "decline-draw"]
    assert g.variant.status(g.current) == "Black offers a draw: white, accept or decline"
    assert g.position().endswith(" w Kk - 0 =")
    with pytest.raises(ValueError, match="accepts or declines it first"):
        g.play("d3d5")
    g.play("accept-draw")
    assert g.result == sharah_web.Result(None, "agreed by the players", "agreement")
    assert g.legal_moves() == []


def test_a_declined_offer_returns_the_move_and_cannot_be_repeated_at_once():
    g = sharah_web.new_game(SCH)
    before = g.position()
    g.play("offer-draw")
    g.play("decline-draw")
    assert g.history[-1].name == "draw declined"
    assert g.to_move == "white" and g.result is None
    assert g.position() == before                  # the board, the clock and the rights stay
    assert "offer-draw" not in notations(g)
    with pytest.raises(ValueError, match="make a move first"):
        g.play("offer-draw")
    g.play("e3e4")
    assert "offer-draw" in notations(g)            # Black may offer now


def test_an_offer_keeps_en_passant_and_does_not_count_as_a_repetition():
    g = game({"d3": "P", "e5": "p", "j1": "K", "j10": "k"})
    g.play("d3d5")
    g.play("offer-draw")
    g.play("decline-draw")
    assert "e5d4" in moves_from(g, "e5")
    assert g.variant.repetition_count(g) == 1


def test_an_offer_can_be_undone():
    g = sharah_web.new_game(SCH)
    g.play("offer-draw")
    g.play("accept-draw")
    g.undo()
    assert g.result is None and notations(g) == ["accept-draw", "decline-draw"]
    g.undo()
    assert g.position() == INITIAL


def test_a_position_with_a_pending_offer_loads():
    g = sharah_web.new_game(SCH, SETUP + " b Kk - 0 =")
    assert notations(g) == ["accept-draw", "decline-draw"]
    g.play("decline-draw")
    assert g.to_move == "white"


def test_draw_offers_can_be_switched_off():
    g = sharah_web.new_game(SCH, agreement=False)
    assert "offer-draw" not in notations(g)
    with pytest.raises(ValueError, match="switched off"):
        g.play("offer-draw")


def test_stalemate_is_judged_on_board_moves_not_on_the_offer_button():
    g = game({"e1": "K", "c1": "R", "c8": "N", "a7": "P", "a10": "k", "a8": "p"})
    g.play("c1b1")
    assert g.result.reason == "black is stalemated"


# ---------------------------------------------------------------- notation

def test_move_list_names_in_the_seeds_long_form():
    g = sharah_web.new_game(SCH)
    for m in ("c2d4", "e8e6", "e3e4", "d9c6", "d4e6", "f9d9", "e6g7", "h8h6", "Ng7xh9"):
        g.play(m)
    assert [p.name for p in g.history] == [
        "Nc2-d4", "e8-e6", "e3-e4", "Hd9-c6", "Nd4xe6", "Kf9-d9", "Ne6-g7", "h8-h6", "Ng7xh9"]


def test_long_form_input_is_checked_against_the_board():
    g = sharah_web.new_game(SCH)
    with pytest.raises(ValueError, match="the piece on c2 is a knight, not a bishop"):
        g.play("Bc2-d4")
    with pytest.raises(ValueError, match="unknown piece letter 'X'"):
        g.play("Xc2-d4")
    g.play("Nc2d4")
    assert piece(g, "d4") == ("white", "knight")


def test_a_compound_is_named_by_its_letters_in_the_move_list():
    g = game({"f4": "(RH)", "j1": "K", "j10": "k", "j7": "p"})
    g.play("f4f8")
    assert g.history[-1].name == "RHf4-f8"
    g.play("j10j9")
    g.play("RHf8-f6")
    assert piece(g, "f6") == ("white", "rook+hussar")


@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("hello", "is not a move"),
    ("k3k4", "off the 10x10 board"),
    ("e4e5", "no piece on e4"),
    ("e8e7", "not yours; white is to move"),
    ("a1a4", "cannot move to a4"),
    ("accept-draw", "no draw offer to answer"),
])
def test_bad_moves_say_what_is_wrong_and_change_nothing(text, message):
    g = sharah_web.new_game(SCH)
    with pytest.raises(ValueError, match=message):
        g.play(text)
    assert g.position() == INITIAL and g.history == []


@pytest.mark.parametrize("text, message", [
    ("", "empty position"),
    ("10/10 w", "10 ranks"),
    (SETUP + " w KQ - 0", "Kk, K, k or -"),
    (SETUP.replace("2NH1KHN2", "2NHKKHN2") + " w Kk - 0", "white has 2 kings"),
    (SETUP.replace("2NH1KHN2", "2NH2HN2") + " w - - 0", "white has 0 kings"),
    (SETUP + " w Kk e4 0", "en passant square e4"),
    (SETUP + " w Kk z9 0", "en passant square"),
    (SETUP + " w Kk - x", "move clock"),
    (SETUP + " w Kk - 0 = 4", "unexpected fields"),
    (SETUP.replace("ro1bssb1or", "ro1bssbPor") + " w Kk - 0", "should have promoted"),
    (SETUP.replace("RO1BSSB1OR", "ROPBSSB1OR") + " w Kk - 0", "cannot stand on c1"),
    (SETUP.replace("ro1bssb1or", "ro(rr)bssb1or") + " w Kk - 0", "unknown piece letter 'RR'"),
    (SETUP.replace("ro1bssb1or", "ro(rho)bssb1or") + " w Kk - 0", "unknown piece letter 'RHO'"),
])
def test_bad_positions_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        sharah_web.new_game(SCH, position=text)


def test_the_king_right_needs_the_king_on_its_second_rank():
    text = board_text(10, 10, {"f3": "K", "f9": "k"}) + " w Kk"
    with pytest.raises(ValueError, match="white king is marked as never moved"):
        sharah_web.new_game(SCH, position=text)


def test_the_side_not_to_move_may_not_be_in_check():
    text = board_text(10, 10, {"f2": "K", "f9": "k", "f5": "R"}) + " w"
    with pytest.raises(ValueError, match="black is in check but it is not their move"):
        sharah_web.new_game(SCH, position=text)


def test_compounds_render_as_split_tokens():
    from sharah_web.svg import render_svg
    g = game({"e5": "(RH)", "a1": "K", "j10": "k"})
    svg = render_svg(g.current, uid="t")
    assert svg.count("pc-compound") == 1


# ------------------------------------------------------------- whole games

def test_hundreds_of_random_games_end_and_undo_exactly():
    rng = random.Random(2026)
    reasons = set()
    for n in range(200):
        g = sharah_web.new_game(SCH, agreement=n % 5 == 0)
        texts = [g.position()]
        while g.result is None:
            moves = g.legal_moves()
            assert moves, g.position()
            board = [m for m in moves if m.kind not in DRAW_ACTIONS]
            captures = [m for m in board if m.captured()]
            if not board or rng.random() < 0.01:
                pool = moves                      # now and then an offer, answered at random
            elif captures and rng.random() < 0.5:
                pool = captures
            else:
                pool = board
            move = rng.choice(pool)
            if n % 10 == 0:
                # every move's notation and long name name exactly that move
                assert g.find_move(move.notation) == move
                assert g.find_move(g.variant.move_name(g.current, move)) == move
            g.play(move)
            texts.append(g.position())
            assert len(texts) < 3000
        reasons.add(g.result.termination)
        if n % 10 == 0:
            for text in texts[::5]:
                assert sharah_web.new_game(SCH, position=text).position() == text
            assert_undo_redo_exact(g, texts)
    assert len(reasons) >= 3, reasons


# ------------------------------------------- the independent generator
# Written from the rules text alone, sharing nothing with sharah_web (no
# Betza parsing, no step or ray tables, no attack plan): a position is
# (board, side, kings, ep) with board a dict (file, rank) -> (side, letters),
# files and ranks from 0; letters K P N B R H O S, or two of N B R H O S for
# a compound. Moves build a new dict; check looks outward from the king.

N = 10
BASIC = "NBRHOS"
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
FERZ = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
WAZIR = [(1, 0), (-1, 0), (0, 1), (0, -1)]
CAMEL = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]
ALFIL = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
DABBABA = [(2, 0), (-2, 0), (0, 2), (0, -2)]
LEAPS = {"K": WAZIR + FERZ, "N": KNIGHT, "H": FERZ + CAMEL, "O": FERZ, "S": WAZIR + ALFIL}
RIDES = {"B": FERZ, "R": WAZIR, "O": DABBABA}


def ref_position(g):
    """The engine game's current position, read square by square."""
    pos = g.current
    names = g.variant.geometry.names
    board = {}
    for sq, p in pos.pieces():
        letters = g.variant.piece_token(p).strip("()").upper()
        board[(sq % N, sq // N)] = (p.side, letters)
    kings = "".join(x for x, flag in (("W", "K"), ("B", "k")) if flag in pos.state.get("kings", ""))
    ep = pos.state.get("ep")
    ep = None if ep is None else ("abcdefghij".index(names[ep][0]), int(names[ep][1:]) - 1)
    return board, pos.to_move, kings, ep


def _on(f, r):
    return 0 <= f < N and 0 <= r < N


def _reach(board, f, r, letters):
    """Empty squares a piece's moves lead to, and the first occupied square
    of each line, whoever stands there."""
    out = set()
    for letter in letters:
        for dx, dy in LEAPS.get(letter, ()):
            if _on(f + dx, r + dy):
                out.add((f + dx, r + dy))
        for dx, dy in RIDES.get(letter, ()):
            x, y = f + dx, r + dy
            while _on(x, y):
                out.add((x, y))
                if (x, y) in board:
                    break
                x, y = x + dx, y + dy
    return out


def _attacked(board, square, by):
    f, r = square
    for letter, vectors in LEAPS.items():
        for dx, dy in vectors:
            p = board.get((f - dx, r - dy))
            if p and p[0] == by and letter in p[1] and p[1] != "P":
                return True
    for letter, vectors in RIDES.items():
        for dx, dy in vectors:
            x, y = f - dx, r - dy
            while _on(x, y):
                p = board.get((x, y))
                if p:
                    if p[0] == by and letter in p[1]:
                        return True
                    break
                x, y = x - dx, y - dy
    d = 1 if by == "white" else -1          # a pawn takes one step diagonally forward
    return any(board.get((f - dx, r - d)) == (by, "P") for dx in (-1, 1))


def _children(pos):
    board, side, kings, ep = pos
    enemy = "black" if side == "white" else "white"
    d = 1 if side == "white" else -1
    third, second = (2, 1) if side == "white" else (7, 8)
    nine, ten = (8, 9) if side == "white" else (1, 0)
    flag = "W" if side == "white" else "B"
    out = []

    def add(new, new_ep=None, king_moved=False):
        out.append((new, enemy, kings.replace(flag, "") if king_moved else kings, new_ep))

    for (f, r), (s, letters) in list(board.items()):
        if s != side:
            continue
        if letters == "P":
            def pawn_to(t, taken=None, new_ep=None):
                new = dict(board)
                del new[(f, r)]
                if taken is not None:
                    del new[taken]
                if t[1] == ten:                      # obligatory: one of the 15 compounds
                    for i, a in enumerate(BASIC):
                        for b in BASIC[i + 1:]:
                            add({**new, t: (side, a + b)})
                    return
                add({**new, t: (side, "P")}, new_ep)
                if t[1] == nine:                     # optional: any basic piece
                    for a in BASIC:
                        add({**new, t: (side, a)})
            one = (f, r + d)
            if _on(*one) and one not in board:
                pawn_to(one)
                two = (f, r + 2 * d)
                if r == third and two not in board:
                    ready = any(board.get((f + dx, r + 2 * d)) == (enemy, "P") for dx in (-1, 1))
                    pawn_to(two, new_ep=one if ready else None)
            for dx in (-1, 1):
                t = (f + dx, r + d)
                if not _on(*t):
                    continue
                if t in board and board[t][0] == enemy:
                    pawn_to(t, taken=t)
                elif t == ep:
                    pawn_to(t, taken=(f + dx, r))
            continue
        for t in _reach(board, f, r, letters):
            occ = board.get(t)
            new = dict(board)
            del new[(f, r)]
            if occ is None or occ[0] == enemy:
                new[t] = (side, letters)
            elif (len(letters) == 1 and letters in BASIC and len(occ[1]) == 1 and occ[1] in BASIC
                  and (t[1] - third) * d > 0):
                merged = letters if letters == occ[1] else "".join(
                    sorted(letters + occ[1], key=BASIC.index))
                new[t] = (side, merged)
            else:
                continue
            add(new, king_moved=letters == "K")
        if letters == "K" and flag in kings and r == second and not _attacked(board, (f, r), enemy):
            for dx in (-1, 1):
                x = f + dx
                while _on(x, r) and (x, r) not in board and not _attacked(board, (x, r), enemy):
                    if abs(x - f) >= 2:
                        new = dict(board)
                        del new[(f, r)]
                        new[(x, r)] = (side, "K")
                        add(new, king_moved=True)
                    x += dx

    def safe(child):
        king = next(sq for sq, p in child[0].items() if p == (side, "K"))
        return not _attacked(child[0], king, enemy)

    return [c for c in out if safe(c)]


def ref_perft(pos, depth):
    kids = _children(pos)
    if depth == 1:
        return len(kids)
    return sum(ref_perft(k, depth - 1) for k in kids)
