"""Oblong Shatranj with die: every rule with a position and the exact moves.

Positions are written as square -> token (upper case white, lower case
black: K king, G general, E elephant/fil, N knight, R rook, P pawn); the
rest of the position text is the side to move, the die roll (with the die)
and the no-progress clock.
"""

import random

import pytest

import sharah_web
from sharah_web.variants import oblong_eval
from sharah_web.variants.oblong import SETUPS, setup_board

from helpers import game_with, moves_from, notations, assert_undo_redo_exact

OBLONG = "oblong-shatranj"


def die_game(pieces, roll, side="w", **options):
    return game_with(OBLONG, pieces, f"{side} {roll} 0", **options)


def plain_game(pieces, side="w", **options):
    return game_with(OBLONG, pieces, f"{side} 0", die=False, **options)


# ------------------------------------------------------------------ set-ups

SETUP_TABLE = {  # ranks 16..1 from the reference table, one string per set-up
    1: "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE",
    4: "rnnr/egke/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/EGKE/RNNR",
    7: "rkgr/1nn1/1ee1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1EE1/1NN1/RGKR",
}


@pytest.mark.parametrize("number", sorted(SETUP_TABLE))
def test_setup_boards(number):
    assert setup_board(number) == SETUP_TABLE[number]
    game = sharah_web.new_game(OBLONG, setup=number, die=False)
    assert game.position() == SETUP_TABLE[number] + " w 0"


@pytest.mark.parametrize("number", range(1, 8))
def test_every_setup_has_sixteen_pieces_a_side(number):
    game = sharah_web.new_game(OBLONG, setup=number, die=False)
    pos = game.current
    for side in ("white", "black"):
        kinds = sorted(p.kind for _, p in pos.pieces(side))
        assert kinds == sorted(["king", "general"] + ["elephant"] * 2 + ["knight"] * 2
                               + ["rook"] * 2 + ["pawn"] * 8), (number, side)
    assert game.to_move == "white"


@pytest.mark.parametrize("number", range(1, 8))
def test_setups_are_mirror_images_in_files_and_ranks(number):
    # Black's pieces stand on the mirrored ranks; set-ups 6 swaps king and general.
    rows = SETUPS[number].split()
    for r in range(8):
        top, bottom = rows[r], rows[15 - r]
        assert sorted(top.upper().replace(".", "")) == sorted(bottom.replace(".", "")), (number, r)


def test_all_legal_moves_from_set_up_one_without_die():
    game = sharah_web.new_game(OBLONG, die=False)
    assert notations(game) == sorted([
        "a1c3", "d1b3",                      # elephants leap over the knights' rank
        "b1a2", "c1d2",                      # general and king step into the gaps
        "b2a4", "b2c4", "c2b4", "c2d4",      # knights
        "a3a2", "a3a4", "a3b3", "a3c3", "d3d2", "d3d4", "d3c3", "d3b3",  # rooks
        "a5a6", "b5b6", "c5c6", "d5d6", "a7a8", "b7b8", "c7c8", "d7d8",  # pawns, one step
    ])


# ------------------------------------------------------------------- pieces

def test_king_steps_one_square_any_direction():
    game = die_game({"b8": "K", "d16": "k"}, 6)
    assert moves_from(game, "b8") == sorted(
        ["b8a7", "b8a8", "b8a9", "b8b7", "b8b9", "b8c7", "b8c8", "b8c9"])


def test_general_steps_one_square_diagonally():
    game = die_game({"b8": "G", "a1": "K", "d16": "k"}, 5)
    assert moves_from(game, "b8") == ["b8a7", "b8a9", "b8c7", "b8c9"]


def test_elephant_jumps_two_diagonally_over_anything():
    pieces = {"b8": "E", "c9": "P", "c7": "p", "a1": "K", "d16": "k"}
    game = die_game(pieces, 4)
    assert moves_from(game, "b8") == ["b8d10", "b8d6"]


def test_elephant_takes_by_leaping_not_its_own():
    game = die_game({"b8": "E", "d10": "n", "d6": "P", "a1": "K", "d16": "k"}, 4)
    assert moves_from(game, "b8") == ["b8d10"]
    game.play("b8d10")
    assert game.piece_at("d10").kind == "elephant"
    assert game.piece_at("b8") is None


def test_knight_moves_like_a_chess_knight():
    game = die_game({"b8": "N", "a1": "K", "d16": "k"}, 3)
    assert moves_from(game, "b8") == sorted(["b8a10", "b8c10", "b8a6", "b8c6", "b8d9", "b8d7"])


def test_rook_slides_and_is_blocked():
    game = die_game({"b8": "R", "a1": "K", "d16": "k"}, 2)
    expected = [f"b8b{r}" for r in range(1, 17) if r != 8] + ["b8a8", "b8c8", "b8d8"]
    assert moves_from(game, "b8") == sorted(expected)
    game = die_game({"b8": "R", "b10": "p", "b5": "P", "c8": "P", "a1": "K", "d16": "k"}, 2)
    assert moves_from(game, "b8") == ["b8a8", "b8b10", "b8b6", "b8b7", "b8b9"]


def test_pawn_steps_one_square_never_two():
    game = die_game({"b2": "P", "a1": "K", "d16": "k"}, 1)
    assert notations(game) == ["b2b3"]


def test_pawn_takes_diagonally_forward_only():
    game = die_game({"b8": "P", "b9": "p", "a9": "g", "c9": "n", "a7": "r", "a1": "K", "d16": "k"}, 1)
    assert notations(game) == ["b8a9", "b8c9"]


def test_black_pawn_moves_down_the_board():
    game = die_game({"c12": "p", "b11": "R", "a1": "K", "d16": "k"}, 1, side="b")
    assert notations(game) == ["c12b11", "c12c11"]


def test_promotion_to_general_by_default():
    game = die_game({"b15": "P", "a1": "K", "d14": "k"}, 1)
    assert notations(game) == ["b15b16=G"]
    game.play("b15b16")  # the plain from-to spelling names the only promotion
    assert game.piece_at("b16").kind == "general"
    assert game.piece_at("b16").side == "white"


def test_promotion_to_any_piece_as_an_option():
    game = die_game({"b15": "P", "a1": "K", "d14": "k"}, 1, promotion="any")
    assert notations(game) == ["b15b16=E", "b15b16=G", "b15b16=N", "b15b16=R"]
    with pytest.raises(ValueError, match="say which move you mean"):
        game.play("b15b16")
    game.play("b15b16=N")
    assert game.piece_at("b16").kind == "knight"


def test_black_promotes_on_rank_one():
    game = die_game({"c2": "p", "a16": "K", "d14": "k"}, 1, side="b")
    game.play("c2c1=G")
    assert game.piece_at("c1").kind == "general" and game.piece_at("c1").side == "black"


# --------------------------------------------------------------------- die

def test_only_the_rolled_kind_moves_and_passing_is_allowed():
    game = sharah_web.new_game(OBLONG, position=SETUP_TABLE[1] + " w 2 0")
    assert notations(game) == sorted(["a3a2", "a3a4", "a3b3", "a3c3", "d3d2", "d3d4", "d3c3",
                                      "d3b3", "pass"])
    with pytest.raises(ValueError, match="the die shows 2, so only a rook"):
        game.play("b2c4")


def test_no_pass_on_a_pawn_roll_while_a_pawn_can_move():
    game = sharah_web.new_game(OBLONG, position=SETUP_TABLE[1] + " w 1 0")
    assert notations(game) == ["a5a6", "a7a8", "b5b6", "b7b8", "c5c6", "c7c8", "d5d6", "d7d8"]
    with pytest.raises(ValueError, match="may not pass"):
        game.play("pass")


def test_pass_on_a_pawn_roll_when_every_pawn_is_blocked():
    game = die_game({"b8": "P", "b9": "p", "a1": "K", "d16": "k"}, 1)
    assert notations(game) == ["pass"]


def test_a_roll_with_no_possible_move_loses_the_turn():
    game = die_game({"a1": "K", "a2": "P", "b1": "P", "b2": "P", "c1": "R", "d16": "k"}, 6)
    (move,) = game.legal_moves()
    assert move.notation == "pass" and "turn is lost" in move.label
    game.play("pass", roll=3)
    assert game.to_move == "black"
    assert game.position().endswith(" b 3 1")


def test_a_roll_for_a_kind_you_no_longer_have_means_passing():
    game = die_game({"a1": "K", "d16": "k", "c5": "P"}, 3)
    (move,) = game.legal_moves()
    assert move.notation == "pass" and "no knight left" in move.label


def test_capturing_the_king_wins_with_the_die():
    game = die_game({"a1": "K", "a5": "R", "a16": "k", "d14": "p", "c14": "p"}, 2)
    game.play("a5a16")
    assert game.result.winner == "white"
    assert game.result.reason == "the black king was captured"
    assert game.legal_moves() == []


def test_moving_next_to_the_enemy_king_is_allowed_with_the_die():
    # With the die there is no check: the king may step where it can be taken.
    game = die_game({"a1": "K", "b3": "r", "d16": "k"}, 6)
    assert moves_from(game, "a1") == ["a1a2", "a1b1", "a1b2"]


def test_baring_the_enemy_king_wins_with_the_die():
    game = die_game({"a1": "K", "a5": "R", "a10": "n", "c16": "k"}, 2)
    game.play("a5a10")
    assert game.result.winner == "white"
    assert game.result.reason == "the black king is bare"


def test_rolls_replay_exactly_with_a_seed():
    def rolls(seed):
        game = sharah_web.new_game(OBLONG, seed=seed)
        out = [game.current.state["roll"]]
        rng = random.Random(0)
        for _ in range(30):
            game.play(rng.choice(game.legal_moves()))
            out.append(game.current.state["roll"])
        return out, game.position()
    assert rolls(11) == rolls(11)
    assert rolls(11) != rolls(12)


def test_undo_and_redo_keep_the_rolls():
    game = sharah_web.new_game(OBLONG, seed=4)
    start = game.position()
    game.play(game.legal_moves()[0])
    after = game.position()
    game.undo()
    assert game.position() == start
    game.redo()
    assert game.position() == after


def test_position_without_a_roll_gets_one_at_the_start():
    game = sharah_web.new_game(OBLONG, position=SETUP_TABLE[1] + " w - 0", seed=1)
    assert game.current.state["roll"] in range(1, 7)
    assert " w - " not in game.position()


def test_status_and_badge_show_the_roll():
    game = sharah_web.new_game(OBLONG, position=SETUP_TABLE[1] + " w 4 0")
    assert game.variant.status(game.current) == "White to move; the die shows 4: elephant (fil) moves"
    assert game.variant.badges(game.current) == [{"name": "die", "value": "4", "detail": "Elephant (fil) moves"}]


# ---------------------------------------------------------- without the die

def test_without_the_die_a_king_may_not_move_into_check():
    game = plain_game({"a1": "K", "b16": "r", "d16": "k"})
    assert notations(game) == ["a1a2"]


def test_without_the_die_a_pinned_piece_stays():
    game = plain_game({"a1": "K", "a4": "N", "a12": "r", "d16": "k"})
    assert moves_from(game, "a4") == []


def test_checkmate_wins():
    game = plain_game({"a14": "K", "d1": "R", "a16": "k"})
    game.play("d1d16")
    assert game.result == sharah_web.Result("white", "black is checkmated", "checkmate")


def test_stalemate_wins_for_the_side_that_stalemates():
    pieces = {"c14": "K", "a13": "G", "d15": "N", "d9": "P", "a16": "k", "d10": "p"}
    game = plain_game(pieces)
    game.play("a13b14")
    assert game.result == sharah_web.Result("white", "black is stalemated", "stalemate")


def test_bare_king_wins_without_the_die_when_no_reply_bares_back():
    game = plain_game({"a1": "K", "b1": "R", "b11": "n", "d14": "k"})
    game.play("b1b11")
    assert game.result == sharah_web.Result("white", "the black king is bare", "bare-king")


def test_bare_king_is_a_draw_if_the_bared_king_bares_the_other_at_once():
    game = plain_game({"a1": "K", "b1": "R", "b11": "n", "c12": "k"})
    game.play("b1b11")
    assert game.result.winner is None
    assert "could bare the other at once" in game.result.reason


def test_bare_king_rule_can_be_switched_off():
    game = plain_game({"a1": "K", "b1": "R", "b11": "n", "d14": "k"}, bare_king="off")
    game.play("b1b11")
    assert game.result is None


def test_no_progress_limit_draws():
    pieces = {"a1": "K", "d16": "k", "c8": "R", "d9": "P", "d10": "p"}
    game = game_with(OBLONG, pieces, "w 199", die=False)
    game.play("c8c9")
    assert game.result == sharah_web.Result(None, "100 moves each without a capture or a pawn move", "move-limit")


def test_without_the_die_the_side_ahead_gains_by_trading():
    # the computer's evaluation: a rook up, White is better off after the
    # knights come off (baring the king wins; the 100-move rule does not
    # wait); with the die a king is taken, and only the material counts here
    before = {"a1": "K", "d16": "k", "c8": "R", "b5": "N", "c12": "n"}
    after = {"a1": "K", "d16": "k", "c8": "R"}
    for die in (False, True):
        a = game_with(OBLONG, before, "w 0" if not die else "w 1 0", die=die)
        b = game_with(OBLONG, after, "w 0" if not die else "w 1 0", die=die)
        rules = a.variant
        ahead = [rules.evaluate(g.current, "white") for g in (a, b)]
        behind = [rules.evaluate(g.current, "black") for g in (a, b)]
        assert behind == [-x for x in ahead]
        if die:
            assert ahead == [5.0, 5.0]
        else:
            assert 5.0 < ahead[0] < ahead[1] < 7.5


def test_without_the_die_a_lead_fades_as_the_100_move_clock_runs():
    # the computer's evaluation: the same position is worth less to the side
    # ahead the nearer the 100-move rule's draw (clock 200): at clock c it is
    # worth 1 - c / 250 of its value at clock 0, so a move that takes or
    # moves a pawn (clock 0 again) is preferred to one that shuffles
    pieces = {"a1": "K", "d16": "k", "c8": "R", "b5": "N", "c12": "n", "a4": "P"}
    worth = {}
    for clock in (0, 50, 150, 199):
        g = game_with(OBLONG, pieces, f"w {clock}", die=False)
        worth[clock] = g.variant.evaluate(g.current, "white")
        assert g.variant.evaluate(g.current, "black") == pytest.approx(-worth[clock])
    assert worth[0] > 5.0
    for clock in (50, 150, 199):
        assert worth[clock] == pytest.approx(worth[0] * (1 - clock / 250))
    # with the die the clock does not count (the die ends games)
    with_die = [game_with(OBLONG, pieces, f"w 1 {clock}") for clock in (0, 150)]
    assert len({g.variant.evaluate(g.current, "white") for g in with_die}) == 1


def test_without_the_die_the_side_ahead_hunts_the_last_pieces():
    # a rook against a knight: White wins by taking the knight (bare king).
    # The evaluation charges the hunter 0.1 for each square the knight could
    # go to unattacked and 0.03 for each step from a white piece to it.
    # Knight a16: b14 is safe, c15 is on the rook's file: 0.1; steps 15
    # (king) + 13 (rook): 0.84. Knight b12: a10, a14, d11, d13 are safe
    # (c10 and c14 are on the rook's file): 0.4; steps 11 + 9: 0.6.
    cost = {}
    value = {}
    for knight in ("a16", "b12"):
        g = game_with(OBLONG, {"a1": "K", "c3": "R", "d16": "k", knight: "n"}, "w 0", die=False)
        cost[knight] = oblong_eval.hunt(g.variant, g.current, "white")
        value[knight] = g.variant.evaluate(g.current, "white")
        assert g.variant.evaluate(g.current, "black") == -value[knight]
    assert cost == {"a16": pytest.approx(-0.94), "b12": pytest.approx(-1.0)}
    assert value["a16"] - value["b12"] == pytest.approx(0.06)
    # three pieces or more left to take: no hunt yet
    g = game_with(OBLONG, {"a1": "K", "c3": "R", "c4": "R", "d16": "k", "b12": "n", "a16": "e", "d14": "g"},
                  "w 0", die=False)
    assert oblong_eval.hunt(g.variant, g.current, "white") == 0.0


# ------------------------------------------------------------- bad input

@pytest.mark.parametrize("text, message", [
    ("", "empty move"),
    ("hello", "is not a move"),
    ("e2e4", "off the 4x16 board"),
    ("a4a5", "no piece on a4"),
    ("a16a15", "not yours; white is to move"),
    ("a1a3", "cannot move to a3"),
])
def test_bad_moves_say_what_is_wrong_and_change_nothing(text, message):
    game = sharah_web.new_game(OBLONG, die=False)
    before = game.position()
    with pytest.raises(ValueError, match=message):
        game.play(text)
    assert game.position() == before
    assert game.history == []


@pytest.mark.parametrize("text, message", [
    ("", "empty position"),
    ("4/4 w", "16 ranks"),
    (SETUP_TABLE[1].replace("egke", "egkee") + " w 0", "rank 16 has 5 squares"),
    (SETUP_TABLE[1].replace("egke", "egkx") + " w 0", "unknown piece letter 'X'"),
    (SETUP_TABLE[1] + " x 0", "side to move"),
    (SETUP_TABLE[1] + " w 9 0", "die roll must be 1 to 6"),
    (SETUP_TABLE[1].replace("egke", "egee").replace("EGKE", "EGEE") + " w 1 0", "both kings are missing"),
    (SETUP_TABLE[1].replace("EGKE", "EKKE") + " w 1 0", "white has 2 kings"),
    (SETUP_TABLE[1].replace("egke", "egkP") + " w 1 0", "should have promoted"),
    (SETUP_TABLE[1] + " w 1 0 7", "unexpected fields"),
    (SETUP_TABLE[1].replace("1nn1", "0nn1") + " w 1 0", "cannot be 0"),
])
def test_bad_positions_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        sharah_web.new_game(OBLONG, position=text)


def test_without_the_die_both_kings_must_be_there():
    with pytest.raises(ValueError, match="black has no king"):
        sharah_web.new_game(OBLONG, position=SETUP_TABLE[1].replace("egke", "egee") + " w 0", die=False)


def test_a_position_after_the_king_was_taken_loads_as_finished():
    game = die_game({"a1": "K", "a16": "R"}, 3, side="b")
    assert game.result == sharah_web.Result("white", "the black king was captured", "king-captured")
    assert game.legal_moves() == []


def test_a_finished_game_takes_no_moves():
    game = die_game({"a1": "K", "a5": "R", "a16": "k"}, 2)
    game.play("a5a16")
    with pytest.raises(ValueError, match="the game is over"):
        game.play("pass")


# ------------------------------------------------------- whole games

@pytest.mark.parametrize("die", [True, False])
def test_hundreds_of_random_games_end_and_undo_exactly(die):
    rng = random.Random(2026)
    results = set()
    for n in range(150):
        game = sharah_web.new_game(OBLONG, seed=n, setup=1 + n % 7, die=die)
        texts = [game.position()]
        while game.result is None:
            moves = game.legal_moves()
            assert moves, game.position()
            move = rng.choice(moves)
            # every legal move's notation names exactly that move
            assert game.find_move(move.notation) == move
            game.play(move.notation)
            texts.append(game.position())
            assert len(texts) < 5000
        results.add(game.result.termination)
        if n % 10 == 0:
            # position text round-trips, and undo walks back through every text
            for text in texts[::7]:
                assert sharah_web.new_game(OBLONG, position=text, die=die).position() == text
            assert_undo_redo_exact(game, texts)
    assert len(results) >= 2
