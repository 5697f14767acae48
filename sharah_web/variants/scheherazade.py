"""Scheherazade (Robert Shimmin, 1999 Large Variant contest), on a 10x10 board.

Source: Robert Shimmin's text on the Chess Variant Pages; the Betza
notation of the new pieces from the Interactive Diagram there
(``docs/games/scheherazade.md``, "Sources").

Six *basic* pieces (knight, bishop, rook, hussar, onager, spearman) merge in
pairs into fifteen "queens". A compound's kind is its two parts joined by
``+`` in the order of ``BASIC`` ("rook+hussar"), its letters the parts'
letters in that order (``RH``, in the position text ``(RH)``).

Position text: board, side to move, then

- which kings have never moved and may still slide (``Kk``, ``K``, ``k``, ``-``),
- the en passant square (``-`` when there is none),
- the move clock (half-moves since the last capture, merge or pawn move),
- ``=`` when a draw has been offered to the side to move.

Trailing fields may be left out: ``- - 0`` is assumed.
"""

from __future__ import annotations

import re

from ..chesslike import DRAW_ACTIONS, OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW, ChessLike
from ..core import (UNSET, Change, IllegalMoveError, Move, NotationError, Option, Piece, PieceType,
                    Position, Remove, Result, Shift, StateField, clock_field)

# The basic pieces in the seed's order of description: kind, letter, Betza, value.
BASIC = (
    ("knight", "N", "N", 3.0),
    ("bishop", "B", "B", 3.75),
    ("rook", "R", "R", 6.0),
    ("hussar", "H", "FC", 4.5),
    ("onager", "O", "FDD", 4.5),
    ("spearman", "S", "WA", 3.0),
)
BASIC_KINDS = tuple(k for k, *_ in BASIC)
BASIC_SET = frozenset(BASIC_KINDS)
ORDER = {k: i for i, k in enumerate(BASIC_KINDS)}
LETTER = {k: letter for k, letter, *_ in BASIC}


def compound(a: str, b: str) -> str:
    """The kind two different basic kinds merge into, in canonical order."""
    first, second = sorted((a, b), key=ORDER.__getitem__)
    return f"{first}+{second}"


COMPOUNDS = tuple(compound(a, b) for i, a in enumerate(BASIC_KINDS) for b in BASIC_KINDS[i + 1:])


def _types() -> tuple[PieceType, ...]:
    out = [PieceType("king", "K", "K", "King", 0), PieceType("pawn", "P", "fmWfcFifmnD", "Pawn", 1)]
    data = {k: (letter, betza, value) for k, letter, betza, value in BASIC}
    for kind in BASIC_KINDS:
        letter, betza, value = data[kind]
        out.append(PieceType(kind, letter, betza, kind.capitalize(), value))
    for kind in COMPOUNDS:
        a, b = kind.split("+")
        out.append(PieceType(kind, data[a][0] + data[b][0], data[a][1] + data[b][1],
                             f"{a.capitalize()}-{b.capitalize()}", data[a][2] + data[b][2]))
    return tuple(out)


SETUP = "ro1bssb1or/2nh1khn2/pppppppppp/10/10/10/10/PPPPPPPPPP/2NH1KHN2/RO1BSSB1OR"

LONG_RE = re.compile(r"(?:\(?([A-Z]{1,2})\)?)?([a-j](?:10|[1-9]))([-x#:]?)([a-j](?:10|[1-9]))"
                     r"(?:=\(?([A-Za-z]{1,2})\)?)?(?:\s*e\.?p\.?)?")


def _read_ep(rules, token: str) -> int | None:
    if token == "-":
        return None
    try:
        return rules.geometry.parse(token)
    except ValueError as e:
        raise NotationError(f"en passant square: {e}") from None


FIELDS = (
    StateField("kings", "Unmoved kings",
               "kings that have never moved may still slide (on their second rank)", "",
               (("Kk", "Kk", "both"), ("K", "K", "White's"), ("k", "k", "Black's"), ("-", "", "neither")),
               bad="the king field says which kings have never moved: Kk, K, k or -, not {token!r}"),
    StateField("ep", "En passant", "the square a pawn's double step has just passed over", None,
               kind="choice", read=_read_ep,
               write=lambda rules, ep: "-" if ep is None else rules.geometry.names[ep]),
    clock_field("Move clock", "moves in a row without a capture, a merge or a pawn move"),
)
# with draw offers: "=" at the end while one waits for the side to move's answer
DRAW_FIELD = StateField("draw", "Draw offer", "a draw offer waiting for the side to move's answer",
                        UNSET, (("=", "offered", "offered to the side to move"),))
ACTION_NAMES = {OFFER_DRAW: "draw offered", ACCEPT_DRAW: "draw accepted", DECLINE_DRAW: "draw declined"}


class Scheherazade(ChessLike):
    id = "scheherazade"
    evaluation = ".scheherazade_eval"     # what the computer knows of the game (Variant.evaluation)
    title = "Scheherazade"
    width, height = 10, 10
    sides = ("white", "black")
    piece_types = _types()
    progress_limit = 50          # FIDE's fifty-move rule; merges count as progress too
    en_passant = True
    repetitions = 3
    position_fields = FIELDS
    options = {
        "agreement": Option(True, (), "players may offer a draw, and the other may accept it "
                                      "(buttons under the board)", "Draw offers"),
    }

    played = {"scheherazade": {"agreement": False}, "scheherazade-offers": {}}
    # the first "every special move" position of tests/test_scheherazade.py
    # (draw offers off, as there): perft(3) is 600,727 there, a cross-check
    bench_depths = (("scheherazade", {}, 2),)
    bench_jobs = (("scheherazade (tricky)", {"agreement": False},
                   "r9/1P1h1k1(rs)2/2P7/9p/2b1(NO)1pP2/1o1Nn5/R4H3B/P1S7/4pK4/10 w Kk g7 0", 3),)

    def search_tuning(self) -> dict:
        # judging a position lists the moves of the side to move (checkmate
        # or stalemate?): half the safety pass's allowance; the faster search
        # spent on depth (three moves deep in 16 of the benchmark's 20
        # middle-game positions, in the time 7,200 positions took before
        # the evaluation's sums were kept move by move)
        return {"scale": 0.4, "qdepth": 4, "safety": 0.5, "deeper": 3.75}

    def review_nodes(self) -> int:
        # The review's budget (Variant.review_nodes): a 60-ply review's searches
        # cost about 11 s of processor time in Pyodide at 2,000, every move judged
        # (13.5 s in an earlier, slower search; 19.5 s at 3,000 then)
        return 2000

    def __init__(self, **options):
        super().__init__(**options)
        self.draw_offers = self.opts["agreement"]
        if self.draw_offers:
            self.position_fields = FIELDS + (DRAW_FIELD,)
        g = self.geometry
        w = g.width
        # ranks counted from 0: White's second rank is 1, Black's is 8
        self.second_rank = {"white": 1, "black": 8}
        self.pawn_rank = {"white": 2, "black": 7}
        self.option_rank = {"white": 8, "black": 1}     # the 9th: promotion optional
        self.last_rank = {"white": 9, "black": 0}       # the 10th: promotion obligatory
        # squares in front of the player's third rank, where pieces may merge
        self.merge_zone = {"white": frozenset(range(3 * w, g.size)),
                           "black": frozenset(range(0, 7 * w))}
        self.compound_of = {(a, b): compound(a, b) for a in BASIC_KINDS for b in BASIC_KINDS if a != b}

    # ---- names and letters
    def kind_from_letters(self, letters: str) -> str:
        if len(letters) == 2 and letters[0] != letters[1]:
            by = {v: k for k, v in LETTER.items()}
            if letters[0] in by and letters[1] in by:
                return compound(by[letters[0]], by[letters[1]])
        return super().kind_from_letters(letters)

    def letters(self, kind: str) -> str:
        return self.types[kind].letter

    # ---- positions
    def initial_position(self) -> Position:
        return self.new_position(SETUP, "white", {"kings": "Kk", "ep": None, "clock": 0})

    def validate(self, pos: Position) -> None:
        g = self.geometry
        for side in self.sides:
            kings = [sq for sq, _ in pos.pieces(side, "king")]
            if len(kings) != 1:
                raise NotationError(f"{side} has {len(kings)} kings; Scheherazade needs one each")
            flag = "K" if side == "white" else "k"
            if flag in pos.state.get("kings", "") and g.rank(kings[0]) != self.second_rank[side]:
                raise NotationError(f"the {side} king is marked as never moved ({flag}) but is not "
                                    f"on its second rank")
        for sq, p in pos.pieces(kind="pawn"):
            r = g.rank(sq)
            start, last = self.pawn_rank[p.side], self.last_rank[p.side]
            if r == last:
                raise NotationError(f"a {p.side} pawn on {g.names[sq]} should have promoted")
            if (r - start) * self.forward(p.side) < 0:
                raise NotationError(f"a {p.side} pawn cannot stand on {g.names[sq]}, "
                                    f"behind the rank where pawns start")
        self.check_counts(pos, 23, {"pawn": 10})
        self.check_en_passant(pos)
        # The side that made the last board move must not be in check; while
        # a draw offer waits for an answer, the offerer has yet to move.
        offered = pos.state.get("draw") == "offered"
        last_mover = pos.to_move if offered else self.opponent(pos.to_move)
        if self.in_check(pos, last_mover):
            raise NotationError(f"{last_mover} is in check but it is not their move")

    def field_choices(self, field, pos: Position) -> list[tuple[str, str]]:
        if field.name != "ep":
            return super().field_choices(field, pos)
        passed = [("-", "none")]
        for sq in range(self.geometry.size):       # squares a double step may just have passed
            try:
                self.check_en_passant(Position(self, pos.board, pos.to_move, {"ep": sq}))
            except NotationError:
                continue
            passed.append((self.geometry.names[sq], self.geometry.names[sq]))
        return passed

    # ---- moves
    def piece_moves(self, pos: Position, sq: int, captures: bool = False) -> list[Move]:
        board = pos.board
        piece = board[sq]
        kind, side = piece.kind, piece.side
        if kind == self.pawn:
            return self.pawn_moves(pos, sq, piece, captures)
        names = self.geometry.names
        basic = kind in BASIC_SET

        def can_take(_a, b):
            # enemies are taken; a basic piece may reach a friendly basic piece to merge
            return b.side != side or (basic and b.kind in BASIC_SET)

        out = []
        seen = set()
        zone = self.merge_zone[side]
        for to, taken in self.mover.destinations(pos, sq, piece, can_take, captures=captures):
            if to in seen:
                continue        # a compound whose parts share a move
            seen.add(to)
            occ = board[to]
            if occ is None:
                out.append(self.step_move(sq, to))
            elif occ.side != side:
                out.append(self.take_move(sq, to))
            elif to in zone:
                merged = piece if occ.kind == kind else Piece(self.compound_of[kind, occ.kind], side)
                what = (f"a single {kind}" if occ.kind == kind
                        else f"a {self.kind_name(merged.kind).lower()}")
                out.append(Move(names[sq] + names[to], (Remove(sq, capture=False), Change(to, merged)),
                                sq, to, label=f"merge into {what}",
                                aliases=(f"{LETTER[kind]}{names[sq]}#{names[to]}",), kind="merge"))
        if kind == self.royal and not captures:      # (a slide never takes)
            out.extend(self.slide_moves(pos, sq, side))
        return out

    def slide_moves(self, pos: Position, sq: int, side: str) -> list[Move]:
        """The unmoved king's slide along its second rank: not out of check,
        not over or onto an attacked square, never capturing."""
        flag = "K" if side == "white" else "k"
        g = self.geometry
        if flag not in pos.state.get("kings", "") or g.rank(sq) != self.second_rank[side]:
            return []
        enemy = self.opponent(side)
        board = pos.board
        if self.mover.board_attacks(board, sq, enemy):
            return []
        out = []
        for step in ((-1, 0), (1, 0)):
            table = g.step_table(step)
            t, n = table[sq], 1
            while t >= 0 and board[t] is None and not self.mover.board_attacks(board, t, enemy):
                if n >= 2:   # one square is the king's ordinary step
                    out.append(Move(g.names[sq] + g.names[t], (Shift(sq, t),), sq, t,
                                    label="slide along the second rank"))
                t, n = table[t], n + 1
        return out

    def pawn_moves(self, pos: Position, sq: int, piece: Piece, captures: bool = False) -> list[Move]:
        g = self.geometry
        names = g.names
        side = piece.side
        initial = g.rank(sq) == self.pawn_rank[side]
        out = []
        for to, taken in self.mover.destinations(pos, sq, piece, initial=initial, captures=captures):
            base = names[sq] + names[to]
            effects = ((Remove(taken),) if taken is not None else ()) + (Shift(sq, to),)
            rank = g.rank(to)
            if rank == self.option_rank[side]:
                out.append(Move(base, effects, sq, to, label="no promotion"))
                for kind in BASIC_KINDS:
                    out.append(Move(f"{base}={LETTER[kind]}", effects + (Change(to, Piece(kind, side)),),
                                    sq, to, label=f"promote to {kind}"))
            elif rank == self.last_rank[side]:
                for kind in COMPOUNDS:
                    out.append(Move(f"{base}={self.letters(kind)}",
                                    effects + (Change(to, Piece(kind, side)),),
                                    sq, to, label=f"promote to {self.kind_name(kind).lower()}"))
            else:
                out.append(Move(base, effects, sq, to))
        return out

    # ---- state
    def resets_clock(self, pos: Position, move: Move) -> bool:
        return move.kind == "merge" or super().resets_clock(pos, move)

    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        kings = pos.state.get("kings", "")
        if kings and move.frm is not None and pos.board[move.frm].kind == self.royal:
            flag = "K" if pos.board[move.frm].side == "white" else "k"
            new.state["kings"] = kings.replace(flag, "")
        return new

    # ---- results
    def result(self, game) -> Result | None:
        pos = game.current
        agreed = self.agreement_result(pos)
        if agreed or pos.state.get("draw") == "offered":
            return agreed
        if game.history and game.history[-1].move.kind in DRAW_ACTIONS:
            return None   # an offer was declined: the board is as before the offer
        if not game.has_legal_move():
            return self.no_moves_result(pos)    # checkmate or stalemate: both win
        return (self.bare_king_result(game, "reply") or self.repetition_result(game)
                or self.clock_result(pos))

    def clock_result(self, pos: Position) -> Result | None:
        if pos.state.get("clock", 0) >= 2 * self.progress_limit:
            return Result(None, f"{self.progress_limit} moves each without a capture, "
                                f"a merge or a pawn move", "move-limit")
        return None

    def status(self, pos: Position) -> str:
        side = pos.to_move
        if pos.state.get("draw") == "offered":
            return f"{self.opponent(side).capitalize()} offers a draw: {side}, accept or decline"
        text = f"{side.capitalize()} to move"
        if self.in_check(pos, side):
            text += ", in check"
        return text

    # ---- notation
    def move_name(self, pos: Position, move: Move) -> str:
        """The seed's long form: ``Nc2-d4``, ``Rj1xj8``, ``Ra4#f4`` (a merge),
        ``e8-e9=R``, ``e9-e10=RH``, ``RHa4-a8`` (a compound), ``d6xe7 e.p.``."""
        if move.kind in DRAW_ACTIONS:
            return ACTION_NAMES[move.kind]
        g = self.geometry
        piece = pos.board[move.frm]
        letter = "" if piece.kind == self.pawn else self.letters(piece.kind)
        sep = "#" if move.kind == "merge" else "x" if move.captured() else "-"
        name = f"{letter}{g.names[move.frm]}{sep}{g.names[move.to]}"
        if "=" in move.notation:
            name += move.notation[move.notation.index("="):]
        if move.label == "en passant":
            name += " e.p."
        return name

    def canonical_spelling(self, text: str, pos: Position) -> str:
        """The seed's long form (``Ra4#f4``, ``Nc2-d4``, ``RHa4xa8``) or a
        draw action's name, in from-to notation."""
        for kind, name in ACTION_NAMES.items():
            if text.lower() == name:
                return kind
        short = self._from_long(text, pos)
        return text if short is None else short

    def _from_long(self, text: str, pos: Position) -> str | None:
        """``Ra4#f4`` -> ``a4f4``; ``e8-e9=r`` -> ``e8e9=R``; ``None`` if it is not that form."""
        m = LONG_RE.fullmatch(text)
        if not m:
            return None
        letters, frm, _sep, to, promo = m.groups()
        g = self.geometry
        if letters:
            piece = pos.board[g.parse(frm)]
            try:
                kind = self.kind_from_letters(letters)
            except NotationError as e:
                raise NotationError(f"{text}: {e}") from None
            if piece is not None and piece.kind != kind:
                raise IllegalMoveError(f"{text}: the piece on {frm} is a "
                                       f"{self.kind_name(piece.kind).lower()}, not a "
                                       f"{self.kind_name(kind).lower()}")
        if promo:
            try:
                promo = self.letters(self.kind_from_letters(promo.upper()))
            except NotationError as e:
                raise NotationError(f"{text}: {e}") from None
            return f"{frm}{to}={promo}"
        return frm + to

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        original = text  # the base class puts back the player's own spelling
        if text in ACTION_NAMES or text in ACTION_NAMES.values():
            if not self.draw_offers:
                raise IllegalMoveError(f"{original}: draw offers are switched off in this game")
            if pos.state.get("draw") == "offered":
                raise IllegalMoveError(f"{original}: a draw is on offer: accept it or decline it first")
            if pos.state.get("draw") == "declined":
                raise IllegalMoveError(f"{original}: your offer was declined; make a move first")
            raise IllegalMoveError(f"{original}: there is no draw offer to answer")
        if pos.state.get("draw") == "offered":
            raise IllegalMoveError(f"{original}: {self.opponent(pos.to_move)} has offered a draw: "
                                   f"{pos.to_move} accepts or declines it first")
        m = re.fullmatch(r"([a-j](?:10|[1-9]))([a-j](?:10|[1-9]))(=.*)?", text)
        if m:
            g = self.geometry
            frm, to = g.parse(m.group(1)), g.parse(m.group(2))
            a, b = pos.board[frm], pos.board[to]
            if a is not None and b is not None and a.side == b.side == pos.to_move:
                self._explain_merge(original, pos, frm, to, a, b, moves)
        super().explain_illegal(text, pos, moves)

    def _explain_merge(self, text, pos, frm, to, a, b, moves) -> None:
        g = self.geometry
        names = g.names
        def what(p):
            return self.kind_name(p.kind).lower()
        if a.kind in (self.pawn, self.royal):
            raise IllegalMoveError(f"{text}: only basic pieces merge; a {what(a)} cannot "
                                   f"move onto its own {what(b)}")
        if a.kind not in BASIC_SET:
            raise IllegalMoveError(f"{text}: the {what(a)} on {names[frm]} is already a compound; "
                                   f"compounds never merge again")
        if b.kind not in BASIC_SET:
            raise IllegalMoveError(f"{text}: the {what(b)} on {names[to]} is not a basic piece; "
                                   f"only two basic pieces merge")
        if to not in self.merge_zone[a.side]:
            limit = "4 to 10" if a.side == "white" else "1 to 7"
            raise IllegalMoveError(f"{text}: pieces merge only in front of their third rank "
                                   f"(ranks {limit} for {a.side}); {names[to]} is not")
        reach = {t for t, _ in self.mover.destinations(
            pos, frm, a, lambda _x, y: y.side != a.side or y.kind in BASIC_SET)}
        if to not in reach:
            raise IllegalMoveError(f"{text}: the {what(a)} on {names[frm]} cannot reach {names[to]} "
                                   f"to merge there")
        raise IllegalMoveError(f"{text}: this merge would leave your king in check")

    # ---- the computer opponent (sharah_web.search)
