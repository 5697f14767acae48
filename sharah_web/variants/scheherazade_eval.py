"""What the computer knows of Scheherazade: the evaluation that
``sharah_web.search`` reads as ``Scheherazade.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``scheherazade.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position


def evaluate(rules, pos: Position, side: str) -> float:
    """The seed's piece values (a compound is worth its two parts), pawns
    by how far they have come (the 9th and 10th ranks promote), and a
    little for pieces near the centre."""
    score = rules.material(pos, side)
    for sq, p in enumerate(pos.board):
        if p is None or p.kind == "king":
            continue
        f, r = sq % 10, sq // 10
        if p.kind == "pawn":
            ahead = r - 2 if p.side == "white" else 7 - r
            bonus = 0.05 * ahead + (0.4 if ahead >= 5 else 0.0)
        else:
            bonus = 0.03 * (4.5 - max(abs(f - 4.5), abs(r - 4.5)))
        score += bonus if p.side == side else -bonus
    return score
