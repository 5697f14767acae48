"""What the computer knows of Scheherazade: the evaluation that
``sharah_web.search`` reads as ``Scheherazade.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``scheherazade.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from ..terms import read as read_terms

# The sums the search keeps move by move (``sharah_web.terms``): each
# side's whole score, in hundredths of a pawn (every term below is a
# whole number of hundredths).
TERM_FIELDS = ("white score", "black score")


def piece_terms(rules, piece, sq: int) -> tuple[int, int]:
    """What ``piece`` on ``sq`` adds to each of ``TERM_FIELDS``, in
    hundredths: its value, and for a pawn how far it has come (the 9th
    and 10th ranks promote), for any other piece but the king how near
    the centre it stands."""
    kind = piece.kind
    if kind == "king" or piece.side is None:
        return (0, 0)
    f, r = sq % 10, sq // 10
    if kind == "pawn":
        ahead = r - 2 if piece.side == "white" else 7 - r
        bonus = 5 * ahead + (40 if ahead >= 5 else 0)
    else:
        bonus = 3 * int(4.5 - max(abs(f - 4.5), abs(r - 4.5)))
    worth = round(100 * rules.piece_value(piece)) + bonus
    return (worth, 0) if piece.side == "white" else (0, worth)


def evaluate(rules, pos: Position, side: str) -> float:
    """The seed's piece values (a compound is worth its two parts), pawns
    by how far they have come, and a little for pieces near the centre:
    whole hundredths of a pawn, divided once, read from the position's
    sums (``TERM_FIELDS``), kept move by move in a search."""
    white, black = read_terms(rules, pos)
    return (white - black if side == "white" else black - white) / 100
