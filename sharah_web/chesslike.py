"""What chess-like games share: Betza pieces, displacement captures, check,
promotion choices, checkmate and stalemate, bare king, a no-progress limit."""

from __future__ import annotations

from .core import (Change, Move, NotationError, Position, Remove, Result, Shift,
                   Variant)
from .movegen import Mover


class ChessLike(Variant):
    royal = "king"
    pawn = "pawn"
    checks = True              # may a king be left attacked?
    progress_limit = 100       # full moves without capture or pawn move: draw

    def __init__(self, **options):
        super().__init__(**options)
        self.mover = Mover(self)

    def betza_of(self, kind: str) -> str:
        return self.types[kind].betza

    # ---- generation
    def piece_moves(self, pos: Position, sq: int) -> list[Move]:
        piece = pos.board[sq]
        g = self.geometry
        out = []
        for to, taken in self.mover.destinations(pos, sq, piece, initial=self.is_initial(pos, sq, piece)):
            effects = ((Remove(taken),) if taken is not None else ()) + (Shift(sq, to),)
            base = g.names[sq] + g.names[to]
            promos = self.promotions(pos, sq, to, piece) if piece.kind == self.pawn else None
            if promos is None:
                out.append(Move(base, effects, sq, to))
                continue
            for kind, forced in promos:
                if kind is None:
                    out.append(Move(base, effects, sq, to, label="no promotion"))
                    continue
                letter = self.promotion_letter(kind)
                aliases = (base,) if forced and len(promos) == 1 else ()
                out.append(Move(f"{base}={letter}", effects + (Change(to, piece.with_(kind=kind)),),
                                sq, to, label=f"promote to {self.kind_name(kind)}", aliases=aliases))
        return out

    def promotion_letter(self, kind: str) -> str:
        return self.types[kind].letter

    def is_initial(self, pos: Position, sq: int, piece) -> bool:
        return False

    def promotions(self, pos: Position, frm: int, to: int, piece) -> list[tuple[str | None, bool]] | None:
        """``None`` when the move does not promote; else ``(kind, forced)``
        choices, ``kind`` ``None`` for staying a pawn."""
        return None

    def pseudo_moves(self, pos: Position, kinds=None) -> list[Move]:
        out = []
        side = pos.to_move
        for sq, p in enumerate(pos.board):
            if p is not None and p.side == side and (kinds is None or p.kind in kinds):
                out.extend(self.piece_moves(pos, sq))
        return out

    def in_check(self, pos: Position, side: str) -> bool:
        king = pos.find(self.royal, side)
        return king is not None and self.mover.attacks(pos, king, self.opponent(side))

    def legal_moves(self, pos: Position) -> list[Move]:
        moves = self.pseudo_moves(pos)
        if not self.checks:
            return moves
        return [m for m in moves if not self.in_check(self.apply(pos, m), pos.to_move)]

    # ---- state: the no-progress clock
    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        resets = move.captured() or (move.frm is not None and pos.board[move.frm] is not None
                                     and pos.board[move.frm].kind == self.pawn)
        new.state["clock"] = 0 if resets else pos.state.get("clock", 0) + 1
        return new

    def parse_clock(self, field: str) -> int:
        if not field.isdigit() or len(field) > 4:
            raise NotationError(f"the move clock must be a whole number, not {field!r}")
        return int(field)

    # ---- results
    def bare(self, pos: Position, side: str) -> bool:
        return all(p.kind == self.royal for _, p in pos.pieces(side))

    def bare_king_result(self, game, rule: str) -> Result | None:
        """Baring: ``win`` at once, or ``reply`` (the Chess Variant Pages
        and Scheherazade): drawn if the bared king can bare the other at once."""
        if rule == "off" or not game.history:
            return None
        pos = game.current
        mover = game.history[-1].before.to_move
        other = self.opponent(mover)
        if not self.bare(pos, other):
            return None
        if self.bare(pos, mover):
            return Result(None, "both kings are bare")
        if rule == "reply":
            for m in game.legal_moves():
                if self.bare(self.apply(pos, m), mover):
                    return Result(None, f"bare king, but the bared {other} king could bare the other at once")
        return Result(mover, f"the {other} king is bare")

    def no_moves_result(self, pos: Position) -> Result:
        side = pos.to_move
        winner = self.opponent(side)
        if self.in_check(pos, side):
            return Result(winner, f"{side} is checkmated")
        return Result(winner, f"{side} is stalemated")

    def clock_result(self, pos: Position) -> Result | None:
        if self.progress_limit and pos.state.get("clock", 0) >= 2 * self.progress_limit:
            return Result(None, f"{self.progress_limit} moves each without a capture or a pawn move")
        return None
