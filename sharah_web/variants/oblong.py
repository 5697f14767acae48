"""Oblong Shatranj with die (M. Winther, 2006), on a 4x16 board.

Source: Winther's text (``docs/games/oblong-shatranj.md``, "Sources"). The
seven set-ups come from Winther's implementation (four of them also from
the Chess Variant Pages). White sits at the bottom and moves first.
"""

from __future__ import annotations

from ..chesslike import ChessLike
from ..core import (IllegalMoveError, Move, NotationError, Option, Piece, PieceType, Position, Result,
                    StateField, clock_field, rank_text, squares_of)

# Ranks 16 down to 1 of each historical set-up; '.' is an empty square.
SETUPS = {
    1: "egke .nn. r..r .... pppp .... pppp .... .... PPPP .... PPPP .... R..R .NN. EGKE",
    2: "ekge .nn. r..r .... pppp pppp .... .... .... .... PPPP PPPP .... R..R .NN. EGKE",
    3: "ekge pppp rnnr pppp .... .... .... .... .... .... .... .... PPPP RNNR PPPP EKGE",
    4: "rnnr egke pppp pppp .... .... .... .... .... .... .... .... PPPP PPPP EGKE RNNR",
    5: "rgkr .nn. .ee. .... pppp pppp .... .... .... .... PPPP PPPP .... .EE. .NN. RGKR",
    6: "rgkr .nn. .ee. .... pppp pppp .... .... .... .... PPPP PPPP .... .EE. .NN. RKGR",
    7: "rkgr .nn. .ee. pppp pppp .... .... .... .... .... .... PPPP PPPP .EE. .NN. RGKR",
}

# The die: which kind each face lets a player move.
DIE = {6: "king", 5: "general", 4: "elephant", 3: "knight", 2: "rook", 1: "pawn"}
FACE = {kind: face for face, kind in DIE.items()}
ROLLS = tuple((face, 1 / 6) for face in range(1, 7))   # for the computer's chance nodes


def setup_board(number: int) -> str:
    """The position text's board field for a set-up number."""
    return "/".join(rank_text(None if c == "." else c for c in row) for row in SETUPS[number].split())


class OblongShatranj(ChessLike):
    id = "oblong-shatranj"
    evaluation = ".oblong_eval"     # what the computer knows of the game (Variant.evaluation)
    title = "Oblong Shatranj with die"
    width, height = 4, 16
    sides = ("white", "black")
    piece_types = (
        PieceType("king", "K", "K", "King", 0),
        PieceType("general", "G", "F", "General (firzan)", 1.5),
        PieceType("elephant", "E", "A", "Elephant (fil)", 1.5),
        PieceType("knight", "N", "N", "Knight", 3),
        PieceType("rook", "R", "R", "Rook (rukh)", 5),
        PieceType("pawn", "P", "fmWfcF", "Pawn", 1),
    )
    # "The today uncommon pieces general and fil have been marked with a red
    # spot to remind the player that they move in the medieval manner."
    red_spot_kinds = ("general", "elephant")
    options = {
        "setup": Option(1, tuple(range(1, 8)), "which of the seven historical set-ups", "Set-up"),
        "die": Option(True, (), "the die decides which kind may move", "Die"),
        "promotion": Option("general", ("general", "any"),
                            "a pawn on the last rank becomes a general (Shatranj), "
                            "or any piece but a king (Winther)", "Promotion"),
        "bare_king": Option("auto", ("auto", "win", "reply", "off"),
                            "auto: with the die baring wins at once; without it the bared "
                            "side loses unless it can bare the other king at once (draw)", "Bare king"),
    }

    played = {"oblong-shatranj": {}, "oblong-no-die": {"die": False}}
    bench_depths = (("oblong-shatranj", {}, 2), ("oblong-shatranj die=false", {"die": False}, 3))
    bench_jobs = (("oblong-shatranj", {}, None, 4), ("oblong-shatranj die=false", {"die": False}, None, 4))
    bench_search = ({"die": False}, {})
    bench_review = ({"die": False}, {})

    def search_tuning(self) -> dict:
        # Without the die, level 2 thinks about a tenth of a second and level
        # 3 about nineteen times as long: in that game of long quiet
        # manoeuvres eight times was not enough for level 3 to be clearly
        # the stronger (docs/about/computer.md, "How strong it is"). The
        # faster search spent on depth (Tuning.deeper): three times the
        # positions with the die (three moves deep in most middle-game
        # positions), twice without (four moves deep), in about the time
        # the levels took before.
        if self.opts["die"]:
            return {"scale": 2.5, "qdepth": 2, "deeper": 3.0}
        return {"scale": 0.35, "qdepth": 4, "strongest": 4.8, "reduce": True, "deeper": 2.0}

    def __init__(self, **options):
        super().__init__(**options)
        self.die = self.opts["die"]
        self.checks = not self.die
        rule = self.opts["bare_king"]
        self.bare_rule = ("win" if self.die else "reply") if rule == "auto" else rule
        clock = clock_field("Move clock", "moves in a row without a capture or a pawn move")
        if self.die:
            faces = tuple((str(f), f, f"{f}: {self.kind_name(DIE[f]).split(' (')[0].lower()}")
                          for f in sorted(DIE))
            roll = StateField("roll", "Die roll", "the roll for the side to move: which kind may move",
                              None, (("-", None, "to be rolled"),) + faces,
                              bad="the die roll must be 1 to 6 or '-', not {token!r}")
            self.position_fields = (roll, clock)
        else:
            self.position_fields = (clock,)
            self.hidden_state = {"roll": None}

    # ---- positions
    def initial_position(self) -> Position:
        return self.new_position(setup_board(self.opts["setup"]), "white", {"clock": 0, "roll": None})

    def validate(self, pos: Position) -> None:
        for side in self.sides:
            kings = sum(1 for _ in pos.pieces(side, "king"))
            if kings > 1:
                raise NotationError(f"{side} has {kings} kings")
            if kings == 0 and not self.die:
                raise NotationError(f"{side} has no king")
        if self.die and all(pos.find("king", s) is None for s in self.sides):
            raise NotationError("both kings are missing")
        last = {"white": self.height - 1, "black": 0}
        for sq, p in pos.pieces():
            if p.kind == "pawn" and self.geometry.rank(sq) == last[p.side]:
                raise NotationError(f"a {p.side} pawn on {self.geometry.name(sq)} should have promoted")
        self.check_counts(pos, 16, {"pawn": 8})
        if not self.die and self.in_check(pos, self.opponent(pos.to_move)):
            raise NotationError(f"{self.opponent(pos.to_move)} is in check but it is not their move")

    # ---- the die
    def after_move(self, pos: Position, rng) -> None:
        if self.die:
            pos.state["roll"] = rng.randint(1, 6)

    def prepare(self, pos: Position, rng) -> None:
        if self.die and not pos.state.get("roll"):
            pos.state["roll"] = rng.randint(1, 6)

    def set_roll(self, pos: Position, roll) -> None:
        if not self.die:
            raise NotationError("this game is played without the die")
        if roll not in DIE:
            raise NotationError(f"a die roll is 1 to 6, not {roll!r}")
        pos.state["roll"] = roll

    def rolled_kind(self, pos: Position) -> str | None:
        roll = pos.state.get("roll")
        return DIE[roll] if roll else None

    def status(self, pos: Position) -> str:
        text = super().status(pos)
        kind = self.rolled_kind(pos)
        if kind:
            text += f"; the die shows {pos.state['roll']}: {self.kind_name(kind).lower()} moves"
        return text

    def badges(self, pos: Position) -> list[dict]:
        kind = self.rolled_kind(pos)
        if not kind:
            return []
        return [{"name": "die", "value": str(pos.state["roll"]),
                 "detail": f"{self.kind_name(kind)} moves"}]

    # ---- moves
    def promotions(self, pos, frm, to, piece):
        if self.geometry.rank(to) != (self.height - 1 if piece.side == "white" else 0):
            return None
        if self.opts["promotion"] == "general":
            return [("general", True)]
        return [(k, True) for k in ("general", "elephant", "knight", "rook")]

    def legal_moves(self, pos: Position) -> list[Move]:
        if not self.die:
            return super().legal_moves(pos)
        kind = self.rolled_kind(pos)
        if kind is None:
            return []  # the game rolls before anyone moves
        moves = self.pseudo_moves(pos, (kind,))
        if kind != "pawn" or not moves:
            if moves:
                label = "pass (lift and drop the king)"
            elif any(True for _ in pos.pieces(pos.to_move, kind)):
                label = f"no {self.kind_name(kind).lower()} can move: the turn is lost"
            else:
                label = f"no {self.kind_name(kind).lower()} left: the turn is lost"
            moves.append(Move("pass", (), label=label, kind="pass"))
        return moves

    def has_legal_move(self, pos: Position) -> bool:
        return bool(self.legal_moves(pos)) if self.die else super().has_legal_move(pos)

    def capture_moves(self, pos: Position) -> list[Move]:
        if self.die:     # the rolled kind's captures (a lost turn's pass takes nothing)
            kind = self.rolled_kind(pos)
            if not kind:
                return []
            if kind == self.pawn:       # (a capture may promote)
                return [m for m in self.pseudo_moves(pos, (kind,), True) if m.captured()]
            # a piece's capture is the plain capture (as piece_moves makes it)
            board = pos.board
            take = self.take_move
            destinations = self.mover.destinations
            piece = Piece(kind, pos.to_move)
            return [take(sq, to) for sq in squares_of(board, piece)
                    for to, taken in destinations(pos, sq, piece, captures=True) if taken is not None]
        return super().capture_moves(pos)

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        if self.die and text == "pass":
            raise IllegalMoveError("pass: on a pawn roll you may not pass while a pawn can move")
        if self.die and len(text) >= 4 and text[0].isalpha():
            kind = self.rolled_kind(pos)
            try:
                frm = self.geometry.parse(text[:2] if not text[2].isdigit() else text[:3])
            except ValueError:
                frm = None
            if frm is not None and pos.board[frm] is not None and pos.board[frm].side == pos.to_move \
                    and pos.board[frm].kind != kind:
                raise IllegalMoveError(f"{text}: the die shows {pos.state['roll']}, so only a "
                                 f"{self.kind_name(kind).lower()} may move")
        super().explain_illegal(text, pos, moves)

    # ---- results
    def result(self, game) -> Result | None:
        pos = game.current
        if self.die:
            board = pos.board
            for other in self.sides:
                if Piece("king", other) not in board:   # (one object per piece: no call)
                    return Result(self.opponent(other), f"the {other} king was captured", "king-captured")
        if not self.die and not game.has_legal_move():
            return self.no_moves_result(pos)
        return self.bare_king_result(game, self.bare_rule) or self.clock_result(pos)

    def bare(self, pos: Position, side: str) -> bool:
        board = pos.board      # (counted by the list's own search: one object per piece)
        return not any(Piece(kind, side) in board for kind in self.types if kind != "king")

    # ---- the computer opponent (sharah_web.search)
    def chances(self, pos: Position) -> tuple:
        """After every move the die is rolled: six faces, equally likely."""
        return ROLLS if self.die else ()

    def piece_value(self, piece) -> float:
        if piece.kind == "king":
            return 50.0 if self.die else 0.0    # with the die, taking the king wins
        return super().piece_value(piece)

