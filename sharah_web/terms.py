"""The evaluation's sums, kept move by move in the computer's search.

A game whose evaluation is mostly a sum over its pieces (each piece on its
square adds whole numbers to a few sums: material, ranks advanced, the
court pieces, a king's or the Fisher's square) names those sums in its
evaluation module's ``TERM_FIELDS`` and says what a piece adds to them in
that module's ``piece_terms(rules, piece, sq)``. The search plays its
moves on positions that carry the sums (``tracked``: ``Position.terms``, a ``Sums``;
``Variant.apply`` then hands every move made from such a position to
its ``Sums.play``, which adds and subtracts what each effect changes), and the
evaluation reads them (``read``) instead of walking the board. A position
that carries none (a game's, a copy) has them counted on the board: the
evaluation reads the same numbers either way.

The sums are packed in one integer, ``BITS`` bits a field, so an effect
adds or subtracts one number; every field is a sum of non-negative whole
numbers under ``2 ** BITS``, so the fields never mix.

Imported by the search and the evaluations only (a board that only plays
never compiles it).
"""

from __future__ import annotations

from .core import Change, Move, Piece, Place, Position, Remove, SetState, Shift, Turn

BITS = 24
MASK = (1 << BITS) - 1


def fields(rules) -> tuple[str, ...]:
    """The sums the game's evaluation keeps (none: it keeps none)."""
    names = rules._term_fields
    if names is None:
        names = rules._term_fields = tuple(getattr(rules.evaluation_module(), "TERM_FIELDS", ()))
    return names


def row(rules, piece: Piece) -> list[int]:
    """What ``piece`` adds to the sums on each square, packed (made once a piece)."""
    packed = rules._term_rows.get(piece)
    if packed is None:
        terms = rules.evaluation_module().piece_terms
        packed = rules._term_rows[piece] = [
            sum(v << (BITS * i) for i, v in enumerate(terms(rules, piece, sq)))
            for sq in range(rules.geometry.size)]
    return packed


def count(rules, board: list) -> int:
    """The packed sums of ``board``, counted piece by piece."""
    rows = rules._term_rows
    total = 0
    for sq, p in enumerate(board):
        if p is not None:
            total += (rows.get(p) or row(rules, p))[sq]
    return total


def tracked(rules, pos: Position) -> Position:
    """``pos`` with its sums kept from here on (the positions ``apply``
    makes from it carry them too); ``pos`` itself in a game that keeps none."""
    if not fields(rules) or pos.terms is not None:
        return pos
    new = Position(rules, pos.board[:], pos.to_move, pos.state)
    new.terms = Sums(count(rules, new.board))
    return new


def read(rules, pos: Position) -> list[int]:
    """The sums of ``pos`` in the order of ``TERM_FIELDS`` (kept, or counted now)."""
    kept = pos.terms
    packed = count(rules, pos.board) if kept is None else kept.packed
    return [(packed >> (BITS * i)) & MASK for i in range(len(fields(rules)))]


def recount(rules, pos: Position) -> None:
    """Count the sums of ``pos`` again, where it keeps them (its board was
    changed in place)."""
    if pos.terms is not None:
        pos.terms = Sums(count(rules, pos.board))


class Sums:
    """A position's packed sums (``Position.terms``), and how a move changes them."""

    __slots__ = ("packed",)

    def __init__(self, packed: int):
        self.packed = packed

    def play(self, rules, move: Move, new: Position) -> Position:
        """``move``'s effects made on ``new`` (a copy of the position whose
        sums these are, its side to move already passed on), the sums
        following them effect by effect (``Variant.apply``)."""
        board = new.board
        rows = rules._term_rows
        terms = self.packed
        for e in move.effects:
            t = type(e)
            if t is Shift:
                e.apply(new)
                p = board[e.to]
                moved = rows.get(p) or row(rules, p)
                terms += moved[e.to] - moved[e.frm]
            elif t is Remove or t is Change or t is Place:
                old = board[e.sq]
                e.apply(new)
                if old is not None:
                    terms -= (rows.get(old) or row(rules, old))[e.sq]
                if t is not Remove:
                    terms += (rows.get(e.piece) or row(rules, e.piece))[e.sq]
            elif t is SetState or t is Turn:
                e.apply(new)
            else:                   # an effect of the game's own: count again
                e.apply(new)
                terms = None
        new.terms = Sums(count(rules, board) if terms is None else terms)
        return new
