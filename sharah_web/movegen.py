"""Move generation for pieces whose movement is Betza data."""

from __future__ import annotations

from typing import Callable

from . import betza
from .core import Piece, Position


class Mover:
    """Turns Betza atoms into destinations on a position. One per variant."""

    def __init__(self, variant):
        self.variant = variant
        self.geometry = variant.geometry
        self._atoms: dict[tuple[str, str | None], tuple[betza.Atom, ...]] = {}

    def atoms(self, kind: str, side: str | None) -> tuple[betza.Atom, ...]:
        key = (kind, side)
        atoms = self._atoms.get(key)
        if atoms is None:
            atoms = betza.parse(self.variant.betza_of(kind))
            if self.variant.forward(side) < 0:
                atoms = tuple(a.flipped() for a in atoms)
            self._atoms[key] = atoms
        return atoms

    def destinations(self, pos: Position, sq: int, piece: Piece | None = None,
                     can_take: Callable[[Piece, Piece], bool] | None = None,
                     initial: bool = False) -> list[tuple[int, int | None]]:
        """``(to, taken)`` pairs: ``taken`` is the square of a piece captured
        by displacement, or ``None`` for a quiet move."""
        piece = piece or pos.board[sq]
        board = pos.board
        g = self.geometry
        out: list[tuple[int, int | None]] = []
        if can_take is None:
            side = piece.side
            def can_take(_a, b):
                return b.side is not None and b.side != side
        for atom in self.atoms(piece.kind, piece.side):
            if atom.initial and not initial:
                continue
            reach = atom.range
            for v in atom.vectors:
                if reach == 1:
                    t = g.step_table(v)[sq]
                    if t < 0:
                        continue
                    if atom.lame and not self._clear_between(board, sq, v):
                        continue
                    occ = board[t]
                    if occ is None:
                        if atom.move:
                            out.append((t, None))
                    elif atom.capture and can_take(piece, occ):
                        out.append((t, t))
                    continue
                ray = g.ray_table(v)[sq]
                if reach:
                    ray = ray[:reach]
                for t in ray:
                    occ = board[t]
                    if occ is None:
                        if atom.move:
                            out.append((t, None))
                        continue
                    if atom.capture and can_take(piece, occ):
                        out.append((t, t))
                    break
        return out

    def _clear_between(self, board: list, sq: int, v: tuple[int, int]) -> bool:
        dx, dy = v
        n = max(abs(dx), abs(dy))
        if dx % n or dy % n:
            return True  # oblique leaps have no single square between
        unit = (dx // n, dy // n)
        t = sq
        steps = self.geometry.step_table(unit)
        for _ in range(n - 1):
            t = steps[t]
            if board[t] is not None:
                return False
        return True

    def attacks(self, pos: Position, target: int, by_side: str) -> bool:
        """Could a ``by_side`` piece capture by displacement on ``target``
        (occupied or not) if it were its turn?"""
        if pos.board[target] is None:
            pos = pos.copy()
            pos.board[target] = _PROBE
        board = pos.board
        for sq, p in enumerate(board):
            if p is None or p.side != by_side:
                continue
            for to, taken in self.destinations(pos, sq, p, _ANY_TARGET, initial=False):
                if taken == target:
                    return True
        return False


_PROBE = Piece("probe", None)


def _ANY_TARGET(_a: Piece, _b: Piece) -> bool:
    return True
