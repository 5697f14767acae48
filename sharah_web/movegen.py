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
        self._square_plans: dict[tuple, list[tuple]] = {}
        self._lame: dict[str | None, bool] = {}

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
                     initial: bool = False, captures: bool = False) -> list[tuple[int, int | None]]:
        """``(to, taken)`` pairs: ``taken`` is the square of a piece captured
        by displacement, or ``None`` for a quiet move (``captures``: the
        captures alone). By default a piece takes any piece of another
        side (not a neutral one)."""
        piece = piece or pos.board[sq]
        board = pos.board
        out: list[tuple[int, int | None]] = []
        add = out.append
        side = piece.side
        plan = self.capture_plan(piece.kind, side) if captures else self.plan(piece.kind, side)
        for ray, moves, takes, only_initial, between in plan[sq]:
            if only_initial and not initial:
                continue
            if between:
                for b in between:
                    if board[b] is not None:
                        break
                else:
                    between = ()
                if between:
                    continue
            for t in ray:
                occ = board[t]
                if occ is None:
                    if moves:
                        add((t, None))
                    continue
                if takes and (can_take(piece, occ) if can_take is not None
                              else occ.side is not None and occ.side != side):
                    add((t, t))
                break
        return out

    def plan(self, kind: str, side: str | None) -> list[tuple]:
        """For each square, what a ``kind`` of ``side`` does from it:
        ``(squares, moves, takes, initial, between)`` per atom and vector in
        Betza order, where ``squares`` is the leap's square or the ride's
        squares (nearest first, cut to its reach) and ``between`` the squares
        a lame leap needs empty. Made once per board size, movement and
        direction, and shared by every game that has them (a page opens a
        new game for each of its boards)."""
        key = (kind, side)
        plan = self._square_plans.get(key)
        if plan is None:
            shared = ("square-plan", self.variant.betza_of(kind), self.variant.forward(side) < 0)
            plan = self._square_plans[key] = self.geometry.derived(shared, lambda: self._square_plan(kind, side))
        return plan

    def capture_plan(self, kind: str, side: str | None) -> list[tuple]:
        """``plan`` cut to the entries that take, as captures alone (their
        ``moves`` false): what ``destinations`` walks for captures."""
        key = (kind, side, "captures")
        plan = self._square_plans.get(key)
        if plan is None:
            plan = self._square_plans[key] = [
                tuple((ray, False, True, initial, between)
                      for ray, _moves, takes, initial, between in entries if takes)
                for entries in self.plan(kind, side)]
        return plan

    def _square_plan(self, kind: str, side: str | None) -> list[tuple]:
        """The plan of ``plan``, made anew."""
        g = self.geometry
        plan = []
        for sq in range(g.size):
            entries = []
            for atom in self.atoms(kind, side):
                for v in atom.vectors:
                    if atom.range == 1:
                        t = g.step_table(v)[sq]
                        if t < 0:
                            continue
                        ray = (t,)
                        between = self._between(sq, v) if atom.lame else ()
                    else:
                        ray = g.ray_table(v)[sq]
                        if atom.range:
                            ray = ray[:atom.range]
                        if not ray:
                            continue
                        between = ()
                    entries.append((ray, atom.move, atom.capture, atom.initial, between))
            plan.append(tuple(entries))
        return plan

    def _between(self, sq: int, v: tuple[int, int]) -> tuple[int, ...]:
        """The squares a lame leap by ``v`` from ``sq`` passes over (none
        for an oblique leap)."""
        dx, dy = v
        n = max(abs(dx), abs(dy))
        if dx % n or dy % n:
            return ()
        steps = self.geometry.step_table((dx // n, dy // n))
        out, t = [], sq
        for _ in range(n - 1):
            t = steps[t]
            out.append(t)
        return tuple(out)

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
        one walk along the ray. Shared as ``plan`` is."""
        plan = self._plans.get(by_side)
        if plan is None:
            v = self.variant
            shared = ("attack-plan", tuple((kind, v.betza_of(kind)) for kind in v.types), v.forward(by_side) < 0)
            plan = self._plans[by_side] = self.geometry.derived(shared, lambda: self._make_attack_plan(by_side))
        return plan

    def _make_attack_plan(self, by_side: str) -> list[tuple]:
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
        return plan

    def lame_captures(self, by_side: str) -> bool:
        """Does any ``by_side`` piece capture with a lame leap? Its blocking
        square need not lie on a line through the target."""
        lame = self._lame.get(by_side)
        if lame is None:
            lame = self._lame[by_side] = any(
                lame for _leap, _table, _reach, lame, _kinds in self._attack_plan(by_side))
        return lame

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
