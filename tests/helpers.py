"""Small helpers for writing positions in tests: a dict of square -> token."""

from __future__ import annotations

import sharah_web
from sharah_web.core import rank_text
from sharah_web.geometry import Geometry


def board_text(width: int, height: int, pieces: dict[str, str]) -> str:
    """The board field of a position text with ``pieces`` ({"b2": "K"}) on it."""
    g = Geometry(width, height)
    cells = [None] * g.size
    for name, token in pieces.items():
        cells[g.parse(name)] = token
    return "/".join(rank_text(cells[r * width:(r + 1) * width]) for r in range(height - 1, -1, -1))


def game_with(variant_id: str, pieces: dict[str, str], rest: str = "w", **options):
    rules = sharah_web.variant(variant_id, **options)
    text = board_text(rules.width, rules.height, pieces) + " " + rest
    return sharah_web.new_game(variant_id, text, **options)


def moves_from(game, square: str) -> list[str]:
    """Sorted notations of the legal moves of the piece on ``square``."""
    sq = game.variant.geometry.parse(square)
    return sorted(m.notation for m in game.legal_moves() if m.frm == sq)


def notations(game) -> list[str]:
    return sorted(m.notation for m in game.legal_moves())


def assert_undo_redo_exact(game, texts: list[str]) -> None:
    """``texts`` are the position texts of ``game`` from its start: undo must
    walk back through every one of them, and redo forward again, with the
    result restored at the end."""
    result = game.result
    for text in reversed(texts[:-1]):
        game.undo()
        assert game.position() == text
    assert game.undo() is None and game.result is None
    while game.redo():
        pass
    assert game.position() == texts[-1]
    assert game.result == result


# ------------------------------------------------------------------ the worker's JSON API

def call(**req) -> dict:
    """One request through ``sharah_web.bridge.handle``, as the worker sends it."""
    import json

    from sharah_web import bridge

    out = json.loads(bridge.handle(json.dumps(req)))
    assert isinstance(out, dict) and "ok" in out
    return out


def ok(**req) -> dict:
    """A request that must succeed: its reply."""
    out = call(**req)
    assert out["ok"], out
    return out


def fail(**req) -> str:
    """A request that must fail: its message."""
    out = call(**req)
    assert out["ok"] is False, out
    return out["error"]
