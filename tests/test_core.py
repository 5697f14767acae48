"""Geometry, Betza movement data, and the game mechanics every variant shares."""

import pytest

import sharah_web
from sharah_web import betza
from sharah_web.geometry import Geometry


# ---------------------------------------------------------------- geometry

def test_square_names_and_numbers():
    g = Geometry(4, 16)
    assert g.name(0) == "a1"
    assert g.name(3) == "d1"
    assert g.name(4) == "a2"
    assert g.name(63) == "d16"
    assert g.parse("c10") == 9 * 4 + 2
    assert [g.name(g.parse(n)) for n in ("a1", "b7", "d16")] == ["a1", "b7", "d16"]


@pytest.mark.parametrize("text, message", [
    ("e1", "off the 4x16 board"),
    ("a17", "off the 4x16 board"),
    ("a0", "off the 4x16 board"),
    ("1a", "not a square name"),
    ("", "not a square name"),
])
def test_bad_square_names(text, message):
    with pytest.raises(ValueError, match=message):
        Geometry(4, 16).parse(text)


def test_largest_board_names():
    g = Geometry(15, 15)
    assert g.name(g.size - 1) == "o15"
    assert g.parse("g10") == 9 * 15 + 6


def test_steps_and_rays_stop_at_the_edge():
    g = Geometry(4, 16)
    a1 = g.parse("a1")
    assert g.step(a1, (-1, 0)) is None
    assert g.name(g.step(a1, (1, 2))) == "b3"
    assert [g.name(s) for s in g.ray(g.parse("b2"), (1, 1))] == ["c3", "d4"]
    assert len(g.ray(a1, (0, 1))) == 15


def test_checkered_colours_a1_dark():
    g = Geometry(4, 16)
    assert g.checker(g.parse("a1")) == "dark"
    assert g.checker(g.parse("b1")) == "light"
    assert g.checker(g.parse("a2")) == "light"
    assert g.checker(g.parse("d16")) == "dark"  # like h8 in chess
    assert Geometry(13, 13).checker(Geometry(13, 13).parse("m13")) == "dark"


def test_unsupported_board_size():
    with pytest.raises(ValueError, match="not supported"):
        Geometry(17, 8)


# ------------------------------------------------------------------- betza

def vectors(text):
    return sorted(v for a in betza.parse(text) for v in a.vectors)


@pytest.mark.parametrize("text, count", [
    ("W", 4), ("F", 4), ("D", 4), ("A", 4), ("N", 8), ("C", 8), ("K", 8),
    ("fN", 4), ("ffN", 2), ("fsN", 2), ("fF", 2), ("fW", 1), ("fsW", 3), ("flF", 1),
])
def test_betza_direction_counts(text, count):
    assert len(vectors(text)) == count


def test_betza_forward_narrow_and_wide_knight():
    assert vectors("ffN") == [(-1, 2), (1, 2)]
    assert vectors("fsN") == [(-2, 1), (2, 1)]


def test_betza_ranges_and_modes():
    (rook,) = betza.parse("R")[:1]
    assert rook.range == 0 and rook.move and rook.capture
    b5, w = betza.parse("B5W")
    assert b5.range == 5 and w.range == 1
    pawn_move, pawn_take = betza.parse("fmWfcF")
    assert (pawn_move.move, pawn_move.capture) == (True, False)
    assert (pawn_take.move, pawn_take.capture) == (False, True)
    assert pawn_move.vectors == ((0, 1),)
    assert sorted(pawn_take.vectors) == [(-1, 1), (1, 1)]
    (dd,) = betza.parse("DD")
    assert dd.range == 0 and (2, 0) in dd.vectors
    (f2,) = betza.parse("mfF2")
    assert f2.range == 2


def test_betza_flipped_for_the_second_side():
    (a,) = betza.parse("fW")
    assert a.flipped().vectors == ((0, -1),)


@pytest.mark.parametrize("text", ["", "X", "qW", "W0", "w"])
def test_betza_errors(text):
    with pytest.raises(ValueError):
        betza.parse(text)


# ------------------------------------------------------------------ registry

def test_unknown_game_and_option():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        sharah_web.new_game("chess")
    with pytest.raises(ValueError, match="has no option 'speed'"):
        sharah_web.new_game("oblong-shatranj", speed=3)
    with pytest.raises(ValueError, match="setup must be one of 1, 2, 3, 4, 5, 6, 7"):
        sharah_web.new_game("oblong-shatranj", setup=8)
    with pytest.raises(ValueError, match="on or off"):
        sharah_web.new_game("oblong-shatranj", die="maybe")


def test_options_accept_text_values_from_fences_and_links():
    game = sharah_web.new_game("oblong-shatranj", setup="3", die="false")
    assert game.variant.opts == {"setup": 3, "die": False, "promotion": "general", "bare_king": "auto"}


def test_option_specs_describe_each_option_for_a_settings_panel():
    specs = sharah_web.variant("oblong-shatranj", die=False).option_specs()
    assert [s["name"] for s in specs] == ["setup", "die", "promotion", "bare_king"]
    setup, die = specs[0], specs[1]
    assert setup == {"name": "setup", "label": "Set-up", "type": "int", "choices": [1, 2, 3, 4, 5, 6, 7],
                     "default": 1, "value": 1, "doc": "which of the seven historical set-ups"}
    assert (die["type"], die["default"], die["value"]) == ("bool", True, False)


# ------------------------------------------------------------ module layout

def _engine_imports() -> dict[str, set[str]]:
    """Each engine module -> the engine modules it imports (at the top or
    inside a function), from the source."""
    import ast
    from pathlib import Path
    root = Path(sharah_web.__file__).parent
    graph = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        package = parts if parts[-1] == "__init__" else parts[:-1]
        if parts[-1] == "__init__":
            parts, package = parts[:-1], parts[:-1]
        name = ".".join(parts)
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    deps.add(sub if (root.parent / sub.replace(".", "/")).with_suffix(".py").exists() else target)
        graph[name] = deps - {name}
    return graph


def test_geometry_and_the_errors_import_nothing_above_them():
    graph = _engine_imports()
    assert graph["sharah_web.errors"] == set()
    assert graph["sharah_web.geometry"] == {"sharah_web.errors"}
    assert sharah_web.core.NotationError is sharah_web.errors.NotationError   # still importable from core


def test_the_engine_modules_import_one_another_without_a_loop():
    graph = _engine_imports()
    state = {}

    def visit(name, path):
        if state.get(name) == "done":
            return
        assert state.get(name) != "open", "import loop: " + " -> ".join(path + [name])
        state[name] = "open"
        for dep in sorted(graph.get(name, ())):
            visit(dep, path + [name])
        state[name] = "done"

    for name in sorted(graph):
        visit(name, [])


# ------------------------------------------------------------- terminations

def test_a_result_carries_a_known_termination():
    r = sharah_web.Result("white", "black is checkmated", "checkmate")
    assert (r.winner, r.termination, str(r)) == ("white", "checkmate", "white wins: black is checkmated")
    with pytest.raises(ValueError, match="unknown termination 'mate'"):
        sharah_web.Result("white", "black is checkmated", "mate")


def test_every_result_the_engine_makes_names_a_documented_termination():
    """Read from the source, so that endings no test reaches are checked too."""
    import ast
    from pathlib import Path
    from sharah_web.core import TERMINATIONS
    made = {}
    for path in Path(sharah_web.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Result":
                assert len(node.args) == 3 and isinstance(node.args[2], ast.Constant), \
                    f"{path.name}:{node.lineno}: Result(winner, reason, termination) with a literal code"
                made.setdefault(node.args[2].value, []).append(f"{path.name}:{node.lineno}")
    assert set(made) <= set(TERMINATIONS), set(made) - set(TERMINATIONS)
    assert set(made) == set(TERMINATIONS), f"documented but never made: {set(TERMINATIONS) - set(made)}"


def test_a_piece_is_one_object_per_value_and_never_changes():
    import copy
    import pickle
    from sharah_web.core import Piece
    rook = Piece("rook", "white")
    assert Piece(kind="rook", side="white", facing=None) is rook
    assert Piece("rook", "black") is not rook and Piece("rook", "black") != rook
    assert rook.with_(side="black") is Piece("rook", "black")
    assert copy.copy(rook) is rook and copy.deepcopy([rook])[0] is rook
    assert pickle.loads(pickle.dumps(rook)) is rook
    board = [None, rook, Piece("scout", "black", "n")]
    assert {tuple(board): 1}[(None, Piece("rook", "white"), Piece("scout", "black", "n"))] == 1
    with pytest.raises(AttributeError):
        rook.kind = "queen"
    with pytest.raises(AttributeError):
        del rook.side
    assert rook.kind == "rook" and rook.side == "white" and rook.facing is None
