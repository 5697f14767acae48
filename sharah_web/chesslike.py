"""What chess-like games share: Betza pieces, displacement captures, check,
promotion choices, en passant, checkmate and stalemate, bare king, a
no-progress limit, repetition, and draws offered and accepted.

Draw offers are moves with no squares (the widget shows them as buttons):
``offer-draw`` hands the question to the opponent, whose only moves are then
``accept-draw`` (the game is drawn) and ``decline-draw`` (the offerer moves
on, and may not offer again before making a move). A variant switches them
on with ``draw_offers = True``.
"""

from __future__ import annotations

from .core import (UNBOUNDED, Change, Move, NotationError, Piece, Place, Position, Remove,
                   Result, SetState, Shift, Turn, Variant, squares_of)
from .movegen import Mover

OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW = "offer-draw", "accept-draw", "decline-draw"
DRAW_ACTIONS = (OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW)
OFFER_MOVE = Move(OFFER_DRAW, (SetState("draw", "offered"),), label="Offer a draw", kind=OFFER_DRAW)
ANSWER_MOVES = (
    Move(ACCEPT_DRAW, (SetState("draw", "agreed"),), label="Accept the draw", kind=ACCEPT_DRAW),
    Move(DECLINE_DRAW, (SetState("draw", "declined"),), label="Decline the draw", kind=DECLINE_DRAW),
)


class ChessLike(Variant):
    royal = "king"
    pawn = "pawn"
    checks = True              # may a king be left attacked?
    progress_limit = 100       # full moves without capture or pawn move: draw
    en_passant = False         # state "ep": the square a pawn's double step passed over
    draw_offers = False        # offer-draw / accept-draw / decline-draw moves
    repetitions = 0            # the same position this many times: draw (0: no rule)

    def __init__(self, **options):
        super().__init__(**options)
        self.mover = Mover(self)
        self._royal_hint: dict[str, int] = {}     # royal_square: where to look first
        self._safety_memo: tuple = (None, None, ())   # king_safety: the last board's answer

    # ---- generation
    def piece_moves(self, pos: Position, sq: int, captures: bool = False) -> list[Move]:
        """The pseudo-legal moves of the piece on ``sq`` (``captures``: the
        moves that take, and perhaps a few that do not, made without the others)."""
        piece = pos.board[sq]
        g = self.geometry
        out = []
        pawn = piece.kind == self.pawn
        for to, taken in self.mover.destinations(pos, sq, piece, initial=self.is_initial(pos, sq, piece),
                                                 captures=captures):
            promos = self.promotions(pos, sq, to, piece) if pawn else None
            if promos is None:      # (``taken`` is ``to`` or nothing)
                out.append(self.step_move(sq, to) if taken is None else self.take_move(sq, to))
                continue
            effects = ((Remove(taken),) if taken is not None else ()) + (Shift(sq, to),)
            base = g.names[sq] + g.names[to]
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

    def pseudo_moves(self, pos: Position, kinds=None, captures: bool = False) -> list[Move]:
        """The pseudo-legal moves of the side to move (of ``kinds`` only;
        ``captures``: as ``piece_moves``), in the order of the board."""
        out = []
        side = pos.to_move
        board = pos.board
        if kinds is not None and not any(self.has_facing(k) for k in kinds):
            # the pieces of those kinds, found by the board list's own search
            found = [sq for k in kinds for sq in squares_of(board, Piece(k, side))]
            if len(kinds) > 1:
                found.sort()
            for sq in found:
                out.extend(self.piece_moves(pos, sq, captures))
        else:
            for sq, p in enumerate(board):
                if p is not None and p.side == side and (kinds is None or p.kind in kinds):
                    out.extend(self.piece_moves(pos, sq, captures))
        if self.en_passant and (kinds is None or self.pawn in kinds):
            out.extend(self.en_passant_moves(pos))
        return out

    def royal_square(self, board: list, side: str) -> int | None:
        """The square of ``side``'s king (``Position.find``: a side has one),
        looked for first where it was last found."""
        hints = self._royal_hint
        s = hints.get(side, 0)
        p = board[s]
        if p is not None and p.kind == self.royal and p.side == side:
            return s
        royal = self.royal
        for s, p in enumerate(board):
            if p is not None and p.kind == royal and p.side == side:
                hints[side] = s
                return s
        return None

    def in_check(self, pos: Position, side: str) -> bool:
        king = self.royal_square(pos.board, side)
        return king is not None and self.mover.attacks(pos, king, self.opponent(side))

    def board_moves(self, pos: Position) -> list[Move]:
        """The legal moves on the board (no draw offers)."""
        return self.legal_of(pos, self.pseudo_moves(pos))

    def king_safety(self, pos: Position) -> tuple:
        """What ``legal_of`` needs to know of ``pos`` once: ``()`` when the
        mover's king need not be kept safe (no check rule, or no king),
        else ``(king, enemy, lines)``, ``lines`` ``None`` when every move
        must be tried (in check, or a lame leap could capture)."""
        if not self.checks:
            return ()
        side = pos.to_move
        board = pos.board
        memo = self._safety_memo
        if memo[0] is board and memo[1] == side:
            # the same board list asked again (the referee, then the moves
            # of a position the computer looks at): a board is never changed
            # once its position is made, and the memo keeps it alive
            return memo[2]
        king = self.royal_square(board, side)
        if king is None:
            out: tuple = ()
        else:
            enemy = self.opponent(side)
            if self.mover.board_attacks(board, king, enemy) or self.mover.lame_captures(enemy):
                out = (king, enemy, None)
            else:
                # Not in check: a move can only expose the king by moving it or by
                # emptying a square on an enemy rider's line to it (a pin). Test just those.
                out = (king, enemy, self.mover.open_lines_to(board, king, enemy))
        self._safety_memo = (board, side, out)
        return out

    def legal_of(self, pos: Position, moves: list[Move], safety: tuple | None = None) -> list[Move]:
        """The moves of ``moves`` (pseudo-legal, in ``pos``) that do not leave
        the mover's king attacked, in their order (``safety``: ``pos``'s
        ``king_safety``, when the caller has it)."""
        if safety is None:
            safety = self.king_safety(pos)
        if not safety:
            return moves
        king, enemy, lines = safety
        if lines is None:
            return [m for m in moves if self.keeps_king_safe(pos, m, king, enemy)]
        side = pos.to_move
        return [m for m in moves
                if not self.may_expose(m, king, lines, side) or self.keeps_king_safe(pos, m, king, enemy)]

    def has_legal_move(self, pos: Position) -> bool:
        """Stops at the first legal move: the pieces one by one."""
        if self.draw_offers and pos.state.get("draw") == "offered":
            return True
        side = pos.to_move
        board = pos.board
        safety = self.king_safety(pos)
        for sq, p in enumerate(board):
            if p is not None and p.side == side and self.legal_of(pos, self.piece_moves(pos, sq), safety):
                return True
        return bool(self.en_passant and self.legal_of(pos, self.en_passant_moves(pos), safety))

    def capture_moves(self, pos: Position) -> list[Move]:
        """The legal captures: only the pseudo-legal captures are tested
        for the king's safety."""
        if self.draw_offers and pos.state.get("draw") == "offered":
            return []
        return self.legal_of(pos, [m for m in self.pseudo_moves(pos, captures=True) if m.captured()])

    @staticmethod
    def may_expose(move: Move, king: int, lines: frozenset, side: str) -> bool:
        """Could ``move`` leave ``side``'s king attacked when it is not now?
        Only by moving the king, emptying a square in ``lines``, or putting
        a piece of another side on the board."""
        for e in move.effects:
            t = type(e)
            if t is Shift:
                if e.frm == king or e.frm in lines:
                    return True
            elif t is Remove:
                if e.sq in lines:
                    return True
            elif t is Change or t is Place:
                if e.piece.side != side:
                    return True
            elif t is not SetState and t is not Turn:
                return True
        return False

    def keeps_king_safe(self, pos: Position, move: Move, king: int, enemy: str) -> bool:
        """Is the mover's king (on ``king``) unattacked after ``move``? Plays
        the move's board effects on a copy of the board list only: much
        cheaper than a whole new position for every move tried."""
        board = pos.board[:]
        for e in move.effects:
            t = type(e)
            if t is Shift:
                board[e.to] = board[e.frm]
                board[e.frm] = None
                if e.frm == king:
                    king = e.to
            elif t is Remove:
                board[e.sq] = None
            elif t is Change or t is Place:
                board[e.sq] = e.piece
            elif t is not SetState and t is not Turn:   # an effect this shortcut does not know
                return not self.in_check(self.apply(pos, move), pos.to_move)
        return not self.mover.board_attacks(board, king, enemy)

    def legal_moves(self, pos: Position) -> list[Move]:
        if not self.draw_offers:
            return self.board_moves(pos)
        draw = pos.state.get("draw")
        if draw == "offered":
            return list(ANSWER_MOVES)
        moves = self.board_moves(pos)
        if moves and draw is None:
            moves.append(OFFER_MOVE)
        return moves

    # ---- en passant
    def en_passant_moves(self, pos: Position) -> list[Move]:
        """Captures of a pawn that has just made a double step, on the square
        it passed over (state ``ep``)."""
        ep = pos.state.get("ep")
        if ep is None:
            return []
        side = pos.to_move
        g = self.geometry
        victim = ep + self.forward(self.opponent(side)) * g.width
        return [Move(g.names[s] + g.names[ep], (Remove(victim), Shift(s, ep)), s, ep, label="en passant")
                for s in self.pawns_taking_on(pos, ep, side)]

    def pawns_taking_on(self, pos: Position, sq: int, side: str) -> list[int]:
        """Squares of ``side``'s pawns that capture onto ``sq`` (a step, not a ride)."""
        g = self.geometry
        out = []
        for atom in self.mover.atoms(self.pawn, side):
            if not atom.capture or atom.move or atom.range != 1:
                continue
            for dx, dy in atom.vectors:
                s = g.step_table((-dx, -dy))[sq]
                p = pos.board[s] if s >= 0 else None
                if p is not None and p.kind == self.pawn and p.side == side:
                    out.append(s)
        return out

    def en_passant_square(self, pos: Position, move: Move) -> int | None:
        """After ``move``: the square a pawn's double step passed over, if an
        enemy pawn stands ready to take it there; else ``None``."""
        if move.frm is None or move.to is None:
            return None
        piece = pos.board[move.frm]
        g = self.geometry
        if (piece is None or piece.kind != self.pawn or g.file(move.frm) != g.file(move.to)
                or abs(g.rank(move.to) - g.rank(move.frm)) != 2 or move.captured()):
            return None
        mid = (move.frm + move.to) // 2
        return mid if self.pawns_taking_on(pos, mid, self.opponent(piece.side)) else None

    def check_en_passant(self, pos: Position) -> None:
        """Refuse an ``ep`` square that no double step can have left."""
        ep = pos.state.get("ep")
        if ep is None:
            return
        g = self.geometry
        mover = self.opponent(pos.to_move)          # the side that made the double step
        fwd = self.forward(mover) * g.width
        victim, start = ep + fwd, ep - fwd
        name = g.names[ep]
        if not (0 <= start < g.size and 0 <= victim < g.size):
            raise NotationError(f"en passant square {name}: no double step passes over it")
        p = pos.board[victim]
        if p is None or p.kind != self.pawn or p.side != mover:
            raise NotationError(f"en passant square {name}: there is no {mover} pawn on "
                                f"{g.names[victim]} that has just passed over it")
        if pos.board[ep] is not None or pos.board[start] is not None:
            raise NotationError(f"en passant square {name}: a pawn that just passed over it "
                                f"left {name} and {g.names[start]} empty")

    # ---- state: the no-progress clock, en passant, draw offers
    def resets_clock(self, pos: Position, move: Move) -> bool:
        """Does ``move`` restart the no-progress count (a capture, a pawn move)?"""
        return bool(move.captured()) or (move.frm is not None and pos.board[move.frm] is not None
                                         and pos.board[move.frm].kind == self.pawn)

    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        if move.kind in DRAW_ACTIONS:
            return new          # a question and its answer: the board and its clock stay
        new.state["clock"] = 0 if self.resets_clock(pos, move) else pos.state.get("clock", 0) + 1
        if self.en_passant:
            new.state["ep"] = self.en_passant_square(pos, move)
        if self.draw_offers:
            new.state.pop("draw", None)
        return new

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
            return Result(None, "both kings are bare", "bare-king")
        if rule == "reply":
            for m in game.legal_moves():
                if m.touched() and self.bare(self.apply(pos, m), mover):
                    return Result(None, f"bare king, but the bared {other} king could bare the other at once",
                                  "bare-king")
        return Result(mover, f"the {other} king is bare", "bare-king")

    def no_moves_result(self, pos: Position) -> Result:
        side = pos.to_move
        winner = self.opponent(side)
        if self.in_check(pos, side):
            return Result(winner, f"{side} is checkmated", "checkmate")
        return Result(winner, f"{side} is stalemated", "stalemate")

    def clock_result(self, pos: Position) -> Result | None:
        if self.progress_limit and pos.state.get("clock", 0) >= 2 * self.progress_limit:
            return Result(None, f"{self.progress_limit} moves each without a capture or a pawn move",
                          "move-limit")
        return None

    def repetition_state(self, pos: Position) -> tuple:
        """What besides the board and the side to move makes two positions
        the same for repetition (rights, the en passant square); counters,
        dice and draw offers do not."""
        return tuple(sorted((k, v) for k, v in pos.state.items()
                            if k not in ("clock", "draw", "roll")))

    def repetition_count(self, game) -> int:
        """How many times the current position has occurred, counting back to
        the last capture or pawn move (nothing before it can recur)."""
        cur = game.current
        sig = self.repetition_state(cur)
        count = 1
        for ply in reversed(game.history):
            if ply.move.kind in DRAW_ACTIONS:
                continue     # the board before an offer is the board after the answer
            if ply.after.state.get("clock", 1) == 0:
                break
            p = ply.before
            if p.board == cur.board and p.to_move == cur.to_move and self.repetition_state(p) == sig:
                count += 1
        return count

    def memoryless_plies(self) -> int:
        """A position comes back only once both sides have moved away and
        back (a side moves only its own pieces, and a capture or pawn move
        starts the count again): its n-th time needs 4(n-1) plies at least.
        The rest of the referee reads only the last ply."""
        return 4 * (self.repetitions - 1) - 1 if self.repetitions else UNBOUNDED

    def repetition_result(self, game) -> Result | None:
        if self.repetitions and self.repetition_count(game) >= self.repetitions:
            return Result(None, f"the same position {self.repetitions} times", "repetition")
        return None

    def agreement_result(self, pos: Position) -> Result | None:
        if pos.state.get("draw") == "agreed":
            return Result(None, "agreed by the players", "agreement")
        return None
