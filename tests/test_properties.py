"""Property tests: random legal play to the end of every game.

Hypothesis draws a game's options (from the choices the game itself lists)
and a seed; the seed drives a random player that plays legal moves until
the game has a result. After every move:

- ``undo`` gives back the exact position text (and no result), ``redo``
  the position after the move and its result;
- the position text parses back to the same text, and the parsed position
  passes the game's own ``validate``;
- no two legal moves share a notation or an alias, and every legal move
  (a sample of them on the big boards) parses back to itself;
- the board keeps its size, every piece is one the game knows (a facing
  exactly where the kind needs one), there is at most one Fisher, and no
  side ever gains a piece (board plus hand);
- every effect of the move played stays on the board;
- a move that wins is one the game lists among its ``win_candidates``.

At the end: the result is there and stable (the game's ``result`` judges
the same again, undo/redo of the last move restores it), no move is left,
the whole game undoes back to its start text, and replaying the notations
(with the die rolls) from the start text gives the same position and result.

The examples are derandomized (no example database), so the suite is
reproducible; ``scripts/soak.py`` plays many more games outside it.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import sharah_web
from sharah_web import randomgame
from sharah_web.core import Change, Place, Remove, SetState, Shift, Turn
from sharah_web.notation import split_roll

# Options kept fixed on top of each game's own (randomgame.end_options, so
# that a random game ends): Mittner's 66 drops by hand are checked once below.
PLACED = {"placement": "random"}
SAMPLE = 24          # legal moves parsed back per ply, beyond this many moves
CAPTURE_BIAS = 0.5   # a capture when one exists, with this probability
MAX_PLIES = 6000     # far beyond the longest game seen: a loop guard, never reached


def examples(variant_id: str) -> int:
    """Examples per game: the big boards cost far more per game (20 on
    Oblong's 64 squares, 5 on the 15x15 boards)."""
    rules = sharah_web.variant(variant_id)
    return max(5, round(1280 / (rules.width * rules.height)))


def option_strategy(variant_id: str):
    """Every option the game lists with choices (or on/off), drawn; the
    game's end options fixed."""
    fixed = randomgame.end_options(variant_id)
    fixed.update({k: v for k, v in PLACED.items() if k in sharah_web.variant(variant_id).options})
    drawn = {name: st.booleans() if values == randomgame.BOOL else st.sampled_from(values)
             for name, values in randomgame.drawn_options(variant_id).items() if name not in fixed}
    return st.fixed_dictionaries(drawn).map(lambda d: {**d, **fixed})


def side_total(pos, side: str) -> int:
    """``side``'s pieces on the board and in hand."""
    n = sum(1 for p in pos.board if p is not None and p.side == side)
    hands = pos.state.get("hands")
    if hands is not None:
        n += pos.variant.hand_size(hands[pos.variant.sides.index(side)])
    return n


def check_position(pos, totals: dict) -> None:
    """The board is whole and every piece one the game knows."""
    rules = pos.variant
    size = rules.geometry.size
    assert len(pos.board) == size
    assert pos.to_move in rules.sides
    neutral = 0
    for sq, p in enumerate(pos.board):
        if p is None:
            continue
        if p.side is None:
            assert p.kind in rules.neutral_symbol, (sq, p)
            neutral += 1
        else:
            assert p.side in rules.sides, (sq, p)
            rules.piece_token(p)      # raises for a kind the game cannot write
        assert (p.facing is not None) == rules.has_facing(p.kind), (sq, p)
        if p.facing is not None:
            assert p.facing in rules.facings(), (sq, p)
    assert neutral <= 1, f"{neutral} Fishers on {pos.text()}"
    for side in rules.sides:
        now = side_total(pos, side)
        assert now <= totals[side], f"{side} gained a piece: {pos.text()}"
        totals[side] = now


def check_text(rules, text: str) -> None:
    again = rules.parse_position(text)      # validates too
    assert again.text() == text


def check_notations(rules, pos, moves, rng) -> None:
    spellings = [m.notation for m in moves] + [a for m in moves for a in m.aliases]
    assert len(set(spellings)) == len(spellings), \
        f"two moves share a spelling in {pos.text()}: " \
        f"{sorted(s for s in set(spellings) if spellings.count(s) > 1)}"
    sample = moves if len(moves) <= SAMPLE else rng.sample(moves, SAMPLE)
    for m in sample:
        assert rules.parse_move(m.notation, pos, moves) is m
        assert rules.parse_move(f" {m.notation} ", pos, moves) is m
        for alias in m.aliases:
            assert rules.parse_move(alias, pos, moves) is m


def check_shortcuts(rules, pos, moves) -> None:
    """What the computer asks instead of the whole list agrees with it:
    whether there is a move at all, the captures, those that take a piece
    not of the mover's, and the moves from a square (a few squares moves
    start from, and one none starts from), in the list's order."""
    assert rules.has_legal_move(pos) is bool(moves)
    assert rules.capture_moves(pos) == [m for m in moves if m.captured()]
    side = pos.to_move
    assert rules.enemy_captures(pos) == [
        m for m in moves if any(pos.board[c].side != side for c in m.captured())]
    starts = {m.frm for m in moves if m.frm is not None}
    idle = next((sq for sq in range(len(pos.board)) if sq not in starts), None)
    for sq in sorted(starts)[::3] + ([idle] if idle is not None else []):
        assert rules.moves_from(pos, sq) == [m for m in moves if m.frm == sq]


def check_win_candidate(rules, game) -> None:
    """A game won by its last move: that move was among the moves the
    game said may win at once (``win_candidates``, which the puzzle
    prover trusts)."""
    ply = game.history[-1]
    if game.result is not None and game.result.winner == ply.before.to_move:
        candidates = rules.win_candidates(ply.before, rules.legal_moves(ply.before))
        assert ply.move in candidates, f"{ply.move.notation} won in {ply.before.text()} but is no win candidate"
        assert rules.win_candidate_moves(ply.before) == candidates


def check_effects(rules, move) -> None:
    size = rules.geometry.size
    for sq in (move.frm, move.to):
        assert sq is None or 0 <= sq < size, move
    for e in move.effects:
        assert isinstance(e, (Shift, Remove, Place, Change, SetState, Turn)), (move, e)
        for sq in (getattr(e, "frm", None), getattr(e, "to", None), getattr(e, "sq", None)):
            assert sq is None or 0 <= sq < size, (move, e)


def play_out(variant_id: str, options: dict, seed: int):
    """Play one random game to its end, checking every ply; returns the game
    and, for the replay, its moves with the roll after each."""
    rng = random.Random(seed)
    game = sharah_web.new_game(variant_id, seed=seed, **options)
    rules = game.variant
    start = game.position()
    check_text(rules, start)
    totals = {side: side_total(game.current, side) for side in rules.sides}
    check_position(game.current, totals)
    record, texts = [], []

    def before(moves, move):
        texts.append(game.position())
        check_notations(rules, game.current, moves, rng)
        check_shortcuts(rules, game.current, moves)
        check_effects(rules, move)

    def after(move):
        text, later, result = texts.pop(), game.position(), game.result
        assert game.undo() is move
        assert game.position() == text and game.result is None
        assert game.redo() is move
        assert game.position() == later and game.result == result
        check_text(rules, later)
        check_position(game.current, totals)
        check_win_candidate(rules, game)
        record.append((move.notation, game.current.state.get("roll")))

    randomgame.play_out(game, rng, capture_bias=CAPTURE_BIAS, limit=MAX_PLIES, before=before, after=after)
    return game, start, record


def check_end(variant_id: str, options: dict, game, start: str, record) -> None:
    result, final = game.result, game.position()
    assert game.legal_moves() == []
    check_shortcuts(game.variant, game.current, game.variant.legal_moves(game.current))
    # Judged again (as Game does: with the result cleared while it judges,
    # so that the rule sees the legal moves), the result is the same.
    game.result = None
    assert game.variant.result(game) == result
    game.result = result
    game.undo()
    game.redo()
    assert game.result == result and game.position() == final
    # The whole game undoes to its start...
    while game.undo() is not None:
        pass
    assert game.position() == start and game.result is None
    # ...and the notations replay it from the start text.
    again = sharah_web.new_game(variant_id, start, **options)
    for notation, roll in record:
        again.play(notation, roll=roll)
    assert again.position() == final
    assert again.result == result


def property_test(variant_id: str):
    # No shrinking: the seed is the whole example, and a failing seed is
    # printed as it is (shrinking would replay long games for minutes).
    @settings(max_examples=examples(variant_id), deadline=None, derandomize=True,
              database=None, phases=(Phase.explicit, Phase.generate),
              suppress_health_check=[HealthCheck.too_slow])
    @given(options=option_strategy(variant_id), seed=st.integers(0, 2**32 - 1))
    def test(options, seed):
        game, start, record = play_out(variant_id, options, seed)
        check_end(variant_id, options, game, start, record)
    test.__name__ = f"test_random_games_{variant_id.replace('-', '_')}"
    return test


for _variant_id in sharah_web.VARIANTS:
    _test = property_test(_variant_id)
    globals()[_test.__name__] = _test


@pytest.mark.parametrize("options", [{}, {"split": "free", "size": 11}])
def test_mittner_placement_by_hand(options):
    """The 66 placements, played one by one at random: every drop parses
    back, undoes exactly, and the capture begins when both hands are empty."""
    rng = random.Random(3)
    game = sharah_web.new_game("sharah-mittner", **options)
    rules = game.variant
    totals = {side: side_total(game.current, side) for side in rules.sides}
    while game.current.state["phase"] == "place":
        pos, text = game.current, game.position()
        moves = game.legal_moves()
        check_notations(rules, pos, moves, rng)
        move = rng.choice(moves)
        game.play(move)
        after = game.position()
        game.undo()
        assert game.position() == text
        game.redo()
        check_text(rules, after)
        check_position(game.current, totals)
    assert len(game.history) == 66
    assert game.current.state["phase"] == "capture"
    assert all(side_total(game.current, s) == 33 for s in rules.sides)


# ------------------------------------------- what scripts/fuzz.py found
# Each parser answers bad input with the engine's own error types
# (NotationError, IllegalMoveError) and a message; these inputs once got
# another exception.

@pytest.mark.parametrize("variant_id", sorted(sharah_web.VARIANTS))
def test_other_scripts_digits_in_a_position_are_refused(variant_id):
    text = sharah_web.variant(variant_id).initial_position().text()
    for bad in (text[:-1] + "³", text.replace("1", "١", 1)):   # superscript, Arabic-Indic
        with pytest.raises(sharah_web.NotationError, match="plain letters, digits and signs only"):
            sharah_web.variant(variant_id).parse_position(bad)


def test_a_square_off_the_board_in_a_move_is_a_notation_error():
    game = sharah_web.new_game("sharah-mittner", placement="random", seed=1)
    with pytest.raises(sharah_web.NotationError, match="square k99 is off the 15x15 board"):
        game.play("k99l5")
    game = sharah_web.new_game("oblong-shatranj", die=False)
    with pytest.raises(sharah_web.NotationError, match="square f9 is off the 4x16 board"):
        game.play("f9f9")
    with pytest.raises(sharah_web.NotationError, match="a square is named by text"):
        game.variant.geometry.parse(["a1"])
    with pytest.raises(sharah_web.NotationError, match="is not a square name"):
        game.variant.geometry.parse("a")


def test_a_piece_the_die_does_not_allow_is_an_illegal_move():
    text = "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0"   # 3: knight
    game = sharah_web.new_game("oblong-shatranj", text)
    with pytest.raises(sharah_web.IllegalMoveError, match="the die shows 3, so only a knight may move"):
        game.play("a5a6")
    text = text.replace(" w 3 ", " w 1 ")                                       # 1: pawn
    game = sharah_web.new_game("oblong-shatranj", text)
    with pytest.raises(sharah_web.IllegalMoveError, match="on a pawn roll you may not pass"):
        game.play("pass")


@pytest.mark.parametrize("field, value, message", [
    ("moves", 1.5, "moves must be a list"),
    ("moves", True, "moves must be a list"),
    ("solutions", 7, "solutions must be a list"),
    ("marks", 5, "marks must be a list"),
    ("marks", [5], "a square is named by text"),
    ("options", [1], "options must be an object"),
])
def test_bridge_open_with_fields_of_the_wrong_type(field, value, message):
    from sharah_web import bridge
    bridge.reset()
    req = {"cmd": "open", "board": "x", "variant": "oblong-shatranj", "mode": "game", field: value}
    out = json.loads(bridge.handle(json.dumps(req)))
    assert out["ok"] is False and "internal" not in out
    assert message in out["error"]
    assert json.loads(bridge.handle('{"cmd": "state", "board": "x"}'))["error"] == "no board 'x' is open"


def test_bridge_shortcut_with_a_name_that_is_not_text():
    from sharah_web import bridge
    bridge.reset()
    req = {"cmd": "open", "board": "m", "variant": "sharah-mittner", "mode": "game"}
    assert json.loads(bridge.handle(json.dumps(req)))["ok"]
    for name in (["random-placement"], [], {"a": 1}):
        out = json.loads(bridge.handle(json.dumps({"cmd": "shortcut", "board": "m", "name": name})))
        assert out["ok"] is False and "internal" not in out
        assert out["error"].startswith("there is no shortcut ")
    state = json.loads(bridge.handle('{"cmd": "state", "board": "m"}'))["state"]
    assert state["history"] == []


def test_a_roll_in_other_digits_is_not_a_roll():
    assert split_roll("a3a4@5") == ("a3a4", 5)
    assert split_roll("a3a4@²") == ("a3a4@²", None)
