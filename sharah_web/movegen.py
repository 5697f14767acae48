"""Move generation for pieces whose movement is Betza data."""

from __future__ import annotations

from typing import Callable

from . import betza
from .core import Piece, Position


_PARSED: dict[str, tuple[betza.Atom, ...]] = {}


def _parse(notation: str) -> tuple[betza.Atom, ...]:
    """``betza.parse``, remembered: every new game asks again for the same pieces."""
    atoms = _PARSED.get(notation)
    if atoms is None:
        atoms = _PARSED[notation] = betza.parse(notation)
    return atoms


class Mover:
    """Turns Betza atoms into destinations on a position. One per variant."""

    def __init__(self, variant):
        self.variant = variant
        self.geometry = variant.geometry
        self._atoms: dict[tuple[str, str | None], tuple[betza.Atom, ...]] = {}
        self._plans: dict[str, list[tuple]] = {}

    def atoms(self, kind: str, side: str | None) -> tuple[betza.Atom, ...]:
        key = (kind, side)
        atoms = self._atoms.get(key)
        if atoms is None:
            atoms = _parse(self.variant.betza_of(kind))
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

    def _attack_plan(self, by_side: str) -> list[tuple]:
        """The look-back plan: one entry per distinct capturing vector (leap
        or ride, reach, lameness), with the set of kinds that capture along
        it. Kinds that share a vector (a rook and every rook compound) share
        one walk along the ray."""
        plan = self._plans.get(by_side)
        if plan is None:
            g = self.geometry
            groups: dict[tuple, set] = {}
            for kind in self.variant.types:
                for atom in self.atoms(kind, by_side):
                    if not atom.capture or atom.initial:
                        continue
                    for dx, dy in atom.vectors:
                        leap = atom.range == 1
                        key = (leap, (dx, dy), 0 if leap else atom.range, atom.lame and leap)
                        groups.setdefault(key, set()).add(kind)
            plan = []
            for (leap, (dx, dy), reach, lame), kinds in groups.items():
                back = (-dx, -dy)
                table = g.step_table(back) if leap else g.ray_table(back)
                plan.append((leap, table, reach, lame and (dx, dy), frozenset(kinds)))
            plan.sort(key=lambda e: not e[0])   # leaps first: one look each
            self._plans[by_side] = plan
        return plan

    def lame_captures(self, by_side: str) -> bool:
        """Does any ``by_side`` piece capture with a lame leap? Its blocking
        square need not lie on a line through the target."""
        return any(lame for _leap, _table, _reach, lame, _kinds in self._attack_plan(by_side))

    def open_lines_to(self, board: list, target: int, by_side: str) -> frozenset:
        """The squares between ``target`` and each ``by_side`` rider that
        could capture on it along its line if that line were empty:
        emptying one of them may open the line. Emptying a square elsewhere
        cannot: no rider stands at the end of its line."""
        out: set[int] = set()
        for leap, table, reach, _lame, kinds in self._attack_plan(by_side):
            if leap:
                continue
            ray = table[target][:reach] if reach else table[target]
            for i, s in enumerate(ray):
                p = board[s]
                if p is not None and p.side == by_side and p.kind in kinds:
                    out.update(ray[:i])
                    break
        return frozenset(out)

    def attacks(self, pos: Position, target: int, by_side: str) -> bool:
        """Could a ``by_side`` piece capture by displacement on ``target``
        (occupied or not) if it were its turn? Looks outward from the target
        along each capturing vector, so the cost does not grow with the
        number of pieces."""
        return self.board_attacks(pos.board, target, by_side)

    def board_attacks(self, board: list, target: int, by_side: str) -> bool:
        """``attacks`` on a bare board list (for trying moves without a Position)."""
        for leap, table, reach, lame, kinds in self._attack_plan(by_side):
            if leap:
                s = table[target]
                if s >= 0:
                    p = board[s]
                    if p is not None and p.side == by_side and p.kind in kinds and (
                            not lame or self._clear_between(board, s, lame)):
                        return True
                continue
            ray = table[target]
            for s in (ray[:reach] if reach else ray):
                p = board[s]
                if p is not None:
                    if p.side == by_side and p.kind in kinds:
                        return True
                    break
        return False
