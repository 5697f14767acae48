"""Sha'rah as read by Patrik Hedman (Chess Variant Pages, 2014).

Source: Hedman's page on the Chess Variant Pages
(``docs/games/sharah-hedman.md``, "Sources"). A 13x13 board whose outer
ring (the rim) is closed to ordinary moves; pieces of the Ultima and
Rococo family (immobilizer, withdrawer, advancer, zapper, gambler) with
Berolina-plus pawns and forward-jumping guardians; one neutral piece, the
Fisher King, that the players control in turn and that wins the game for
the player whose colour it reaches.

Where the text is silent or contradicts itself, the choices made here are
explained on the rules page (docs/games/sharah-hedman.md, "How this site
reads the rules"); the debatable ones are options.

Position text: ``<board> <side> <control> <clock>``

- board: ranks 13 to 1, upper case Red, lower case Green, ``*`` the Fisher;
  letters P pawn, U guardian, G gambler, I immobilizer, W withdrawer,
  A advancer, Z zapper;
- side to move: ``r`` or ``g``;
- control of the Fisher: ``-`` nobody (control was never assigned: the first
  player to reach the 10th rank still chooses), ``r`` Red, ``g`` Green (once
  assigned, somebody always holds it);
- clock: moves in a row (plies) without a capture or a pawn or guardian move.

Move notation: from-square then to-square (``e3f5``); ``=A`` when a pawn or
guardian promotes (the plain squares are accepted too); ``+F`` when the
move's player takes the Fisher on first reaching the 10th rank, ``-F`` when
they give it to the opponent; ``pass`` when a player has no legal move.
"""

from __future__ import annotations

from ..core import (Change, IllegalMoveError, Move, NotationError, Option, Piece,
                    PieceType, Position, Remove, Result, SetState, Shift, Variant, clock_field,
                    side_field, squares_of)
from ..geometry import ALL_DIRECTIONS
from ..movegen import Mover
from ..words import held_by

RED, GREEN = "red", "green"
FISHER = "fisher"
PAWN = "pawn"
GUARDIAN = "guardian"
GAMBLER = "gambler"
IMMOBILIZER = "immobilizer"
WITHDRAWER = "withdrawer"
ADVANCER = "advancer"
ZAPPER = "zapper"

MAJORS = (ADVANCER, ZAPPER, GAMBLER)
# The movers whose step without a capture may hand the Fisher over (the
# events of ``SharahHedman.events``: an immobilizer or the Fisher himself
# next to the other, a zapper's sandwich).
EVENTFUL = frozenset({IMMOBILIZER, ZAPPER, FISHER})
NOT_FROZEN_BY_IMMOBILIZER = (IMMOBILIZER, GAMBLER)

# Ranks 13 down to 1. Green's 2nd-4th ranks are ranks 12-10, Red's 2-4;
# files b to l as the seed lists them; the Fisher on g7; the rim is empty.
SETUP = ("13/1aziwigiwiaa1/1uuuuuuuuuuu1/1ppppppppppp1/13/13/6*6/13/13/"
         "1PPPPPPPPPPP1/1UUUUUUUUUUU1/1AAIWIGIWIZA1/13")

TAKE, GIVE = "+F", "-F"


class SharahHedman(Variant):
    id = "sharah-hedman"
    evaluation = ".hedman_eval"     # what the computer knows of the game (Variant.evaluation)
    title = "Sha'rah (Patrik Hedman)"
    width, height = 13, 13
    sides = (RED, GREEN)
    # Pawns and guardians move by their Betza (movegen.Mover); the Fisher and
    # the five majors, who run like queens but take in their own ways, by
    # _slider_moves: they have no Betza string.
    piece_types = (
        PieceType(FISHER, "F", "", "Fisher King", 0),
        PieceType(PAWN, "P", "mfF2cfsW", "Pawn", 1),
        PieceType(GUARDIAN, "U", "fNfF", "Guardian", 2),
        PieceType(GAMBLER, "G", "", "Gambler", 6),
        PieceType(IMMOBILIZER, "I", "", "Immobilizer", 5),
        PieceType(WITHDRAWER, "W", "", "Withdrawer", 4),
        PieceType(ADVANCER, "A", "", "Advancer", 4),
        PieceType(ZAPPER, "Z", "", "Zapper", 5),
    )
    neutral_symbol = {FISHER: "*"}
    position_fields = (
        side_field("control", "Fisher control",
                   "who controls the Fisher King; nobody until a player first reaches the 10th rank",
                   (RED, GREEN), "nobody yet",
                   "the Fisher's controller is r, g or - (nobody yet), not {token!r}"),
        clock_field("Quiet moves", "moves in a row without a capture or a pawn or guardian move",
                    digits=5),
    )
    options = {
        "tenth_rank": Option(
            "reach", ("reach", "exact"),
            "reach: a move that ends on the 10th rank or beyond it counts as reaching the "
            "10th rank (for the Fisher and for promotion); exact: only a move that ends on "
            "the 10th rank itself", "10th rank"),
        "double_event": Option(
            "parity", ("parity", "any"),
            "parity: each hand-over event in a move passes the Fisher once, so two cancel "
            "and three pass it; any: two or more events in one move never pass it",
            "Several hand-over events"),
        "zapper_jumps_fisher": Option(
            False, (), "a zapper may jump over the Fisher (which stays) as over a friend",
            "Zapper jumps the Fisher"),
        "quiet_limit": Option(
            50, (), "the game is drawn after this many moves by each player without a "
            "capture or a pawn or guardian move (0: no limit)", "Quiet-move limit"),
    }

    played = {"sharah-hedman": {}}
    # a middle game (16 random plies from the set-up)
    bench_depths = (("sharah-hedman", {}, 2),)
    bench_jobs = (("sharah-hedman (middle game)", {},
                   "13/1aziwig1wiaa1/1uuuu1uui1uu1/1ppppp1p1ppp1/4up1u5/6p6/6*6/6u1PU3/1U1PU6U1/"
                   "1PPPUPPPPP1P1/1U1UU2U1U1U1/1AAIWIGIWIZA1/13 r - 1", 3),)

    def search_tuning(self) -> dict:
        # the faster search spent on depth: three moves deep in the middle
        # game's positions of the search benchmark
        return {"scale": 1.2, "qdepth": 2, "deeper": 2.0}

    def review_nodes(self) -> int:
        # The review's budget (Variant.review_nodes): a 60-ply review's searches
        # cost about 16 s of processor time in Pyodide at 1,200 (17 to 21 s at
        # 1,500, 28 s at 3,000)
        return 1200

    def __init__(self, **options):
        super().__init__(**options)
        # The Fisher's letter is for drawing only: 'F' is not a side's piece.
        self.by_letter.pop("F", None)
        limit = self.opts["quiet_limit"]
        if not 0 <= limit <= 1000:
            raise NotationError(f"option quiet_limit is 0 to 1000, not {limit}")
        self.mover = Mover(self)
        self._made_moves: dict[tuple, Move] = {}    # _moves_of: each move made once
        g = self.geometry
        size = g.size
        self.rim = [g.on_edge(s) for s in range(size)]
        self.colours = [self._colour(s) for s in range(size)]
        self.dirs = ALL_DIRECTIONS
        self.steps = [g.step_table(d) for d in self.dirs]
        self.rays = [g.ray_table(d) for d in self.dirs]
        self.back = [self.dirs.index((-dx, -dy)) for dx, dy in self.dirs]
        self.nbrs = [tuple(t for t in (st[s] for st in self.steps) if t >= 0) for s in range(size)]
        self.reach_exact = self.opts["tenth_rank"] == "exact"
        self.zones = {side: [self.in_zone(side, s) for s in range(size)] for side in self.sides}

    # ---------------------------------------------------------- squares
    def _colour(self, sq: int) -> str:
        g = self.geometry
        f, r = g.file(sq), g.rank(sq)
        rim = g.on_edge(sq)
        if (f + r) % 2 == 0:          # a1 and every corner are black
            return "rim-dark" if rim else "dark"
        if not rim:
            return "light"
        # reading: the halves are ranks 1-6 (Red's) and 8-13 (Green's); the
        # rim squares of the middle rank, a7 and m7, are black anyway.
        return GREEN if r < 6 else RED

    def square_colour(self, sq: int) -> str:
        return self.colours[sq]

    def in_zone(self, side: str, sq: int) -> bool:
        """Is ``sq`` on the player's 10th rank (or beyond, by default)?"""
        r = self.geometry.rank(sq)
        if side == RED:
            return r == 9 if self.reach_exact else r >= 9
        return r == 3 if self.reach_exact else r <= 3

    # -------------------------------------------------------- positions
    def initial_position(self) -> Position:
        return self.new_position(SETUP, RED, {"control": None, "clock": 0})

    def side_letter(self, side: str) -> str:
        return side[0]

    def validate(self, pos: Position) -> None:
        fishers = [s for s, p in pos.pieces(None, FISHER)]
        if len(fishers) > 1:
            raise NotationError(f"there is one Fisher King, the text has {len(fishers)}")
        self.check_counts(pos, 33, {PAWN: 11, GUARDIAN: 11})
        names = self.geometry.names
        for sq, p in pos.pieces():
            if p.kind in (PAWN, GUARDIAN) and self.in_zone(p.side, sq):
                raise NotationError(f"the {p.side} {p.kind} on {names[sq]} should have "
                                    f"promoted (its 10th rank)")

    # --------------------------------------------------------- helpers
    def fisher_square(self, board: list) -> int | None:
        return self.neutral_square(board)

    def frozen(self, board: list) -> set[int]:
        """The squares of immobilized pieces: enemies next to an immobilizer
        (not immobilizers, not the gambler), the Fisher next to any
        immobilizer, immobilizers next to an enemy gambler."""
        out: set[int] = set()
        nbrs = self.nbrs
        for side in self.sides:
            for s in squares_of(board, Piece(IMMOBILIZER, side)):
                for n in nbrs[s]:
                    q = board[n]
                    if q is not None and (q.side is None or (
                            q.side != side and q.kind not in NOT_FROZEN_BY_IMMOBILIZER)):
                        out.add(n)
            for s in squares_of(board, Piece(GAMBLER, side)):
                for n in nbrs[s]:
                    q = board[n]
                    if q is not None and q.kind == IMMOBILIZER and q.side is not None and q.side != side:
                        out.add(n)
        return out

    def frozen_by(self, board: list, sq: int) -> list[int]:
        """The squares of the pieces that immobilize the piece on ``sq``."""
        p = board[sq]
        out = []
        for n in self.nbrs[sq]:
            q = board[n]
            if q is None or p is None:
                continue
            if q.kind == IMMOBILIZER and (p.side is None or (
                    q.side != p.side and p.kind not in NOT_FROZEN_BY_IMMOBILIZER)):
                out.append(n)
            elif q.kind == GAMBLER and p.kind == IMMOBILIZER and p.side is not None and q.side != p.side:
                out.append(n)
        return out

    def along_rim(self, s: int, t: int) -> bool:
        """A move from the rim to the rim along a straight line of rim squares."""
        rim = self.rim
        if not (rim[s] and rim[t]):
            return False
        g = self.geometry
        dx, dy = g.file(t) - g.file(s), g.rank(t) - g.rank(s)
        if dx and dy and abs(dx) != abs(dy):
            return False                       # a leap is not travel along the rim
        n = max(abs(dx), abs(dy))
        ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        step = g.step_table((ux, uy))
        x = s
        for _ in range(n - 1):
            x = step[x]
            if not rim[x]:
                return False
        return True

    def immobilizes(self, board: list, piece: Piece, s: int, t: int) -> bool:
        """Would ``piece``, moved from ``s`` to ``t``, immobilize anything there?"""
        if piece.kind == IMMOBILIZER:
            for n in self.nbrs[t]:
                if n == s:
                    continue
                q = board[n]
                # reading: "immobilizes any agent" includes the Fisher
                if q is not None and (q.side is None or (
                        q.side != piece.side and q.kind not in NOT_FROZEN_BY_IMMOBILIZER)):
                    return True
        elif piece.kind == GAMBLER:
            for n in self.nbrs[t]:
                q = board[n]
                if n != s and q is not None and q.kind == IMMOBILIZER and q.side not in (None, piece.side):
                    return True
        return False

    def rim_ok(self, board: list, piece: Piece, s: int, t: int, caps) -> bool:
        """The rim rule for a move that ends on ``t``."""
        if not self.rim[t] or self.along_rim(s, t):
            return True
        if piece.side is None:
            return bool(caps)                  # the Fisher enters the rim only to capture
        return self.colours[t] == piece.side or bool(caps) or self.immobilizes(board, piece, s, t)

    # ------------------------------------------------------ generation
    def raw_moves(self, pos: Position, frozen: set[int] | None = None,
                  captures: bool = False) -> list[tuple]:
        """``(from, to, captured squares)`` for every move the pieces make
        (``captures``: the moves that capture alone), before the rim rule
        and the Fisher's obligation."""
        board = pos.board
        side = pos.to_move
        enemy = self.opponent(side)
        if frozen is None:
            frozen = self.frozen(board)
        control = pos.state.get("control")
        out: list[tuple] = []
        # the pieces that move (the Fisher too when his holder moves), and
        # the squares next to an enemy: a zapper, an advancer or a gambler
        # that lands anywhere else takes nothing there
        movers = []
        near = bytearray(len(board))
        nbrs = self.nbrs
        for s, p in enumerate(board):
            if p is None:
                continue
            ps = p.side
            if ps == enemy:
                for n in nbrs[s]:
                    near[n] = 1
            elif s not in frozen and (ps == side or control == side):
                movers.append((s, p))
        can_take = lambda a, b: b.side == enemy    # noqa: E731
        for s, p in movers:
            kind = p.kind
            if kind == PAWN or kind == GUARDIAN:
                for t, taken in self.mover.destinations(pos, s, p, can_take=can_take, captures=captures):
                    out.append((s, t, () if taken is None else (taken,)))
            elif not (captures and kind == IMMOBILIZER):    # (it never takes)
                self._slider_moves(board, s, p, side, enemy, out, captures, near)
        return out

    def _slider_moves(self, board, s, p, side, enemy, out, captures, near) -> None:
        """The moves of the slider on ``s`` (``near``: 1 on the squares
        next to an enemy)."""
        kind = p.kind
        # the immobilizer and the Fisher never take on an empty square
        quiet = kind not in (WITHDRAWER, ADVANCER, ZAPPER, GAMBLER)
        steps, rays, back = self.steps, self.rays, self.back
        for i in range(8):
            step = steps[i]
            if captures and kind == WITHDRAWER:
                # it takes only moving away from an enemy next to it
                b = steps[back[i]][s]
                v = board[b] if b >= 0 else None
                if v is None or v.side != enemy:
                    continue
            for t in rays[i][s]:
                q = board[t]
                if q is None:
                    if quiet:
                        if not captures:
                            out.append((s, t, ()))
                        continue
                    if kind == WITHDRAWER:
                        b = steps[back[i]][s]
                        v = board[b] if b >= 0 else None
                        out.append((s, t, (b,) if v is not None and v.side == enemy else ()))
                    elif kind == ADVANCER:
                        a = step[t]
                        v = board[a] if a >= 0 else None
                        out.append((s, t, (a,) if v is not None and v.side == enemy else ()))
                    elif kind == ZAPPER:
                        out.append((s, t, self._custodian(board, s, t, side, enemy, None)
                                    if near[t] else ()))
                    else:
                        out.append((s, t, self._gambler_caps(board, s, t, i, side, enemy, (), near[t])))
                    if captures and not out[-1][2]:
                        out.pop()
                    continue
                # the first piece on the line
                if kind == FISHER:
                    if q.side == enemy:
                        out.append((s, t, (t,)))
                elif kind == ZAPPER:
                    land = step[t]
                    if land >= 0 and board[land] is None and (
                            q.side is not None or self.opts["zapper_jumps_fisher"]):
                        first = (t,) if q.side == enemy else ()
                        out.append((s, land, self._custodian(board, s, land, side, enemy, first)
                                    if near[land] else first))
                elif kind == GAMBLER and q.side == enemy:
                    if q.kind in (PAWN, GUARDIAN):
                        out.append((s, t, self._gambler_caps(board, s, t, i, side, enemy, (t,), near[t])))
                    elif q.kind == ZAPPER:
                        land = step[t]
                        if land >= 0 and board[land] is None:
                            out.append((s, land, self._gambler_caps(board, s, land, i, side, enemy, (t,),
                                                                    near[land])))
                break

    def _custodian(self, board, s, t, side, enemy, first, only=None):
        """A zapper on ``t`` (come from ``s``): the enemies it sandwiches
        against a friendly agent, plus ``first`` (a jumped enemy). ``only``
        limits the victims to one kind (the gambler sandwiches zappers)."""
        caps = list(first) if first else []
        steps = self.steps
        for j in range(8):
            n1 = steps[j][t]
            if n1 < 0:
                continue
            v = board[n1]
            if v is None or v.side != enemy or n1 in caps or (only and v.kind != only):
                continue
            n2 = steps[j][n1]
            if n2 < 0 or n2 == s:
                continue
            w = board[n2]
            if w is not None and w.side == side:
                caps.append(n1)
        return tuple(sorted(caps))

    def _gambler_caps(self, board, s, t, i, side, enemy, first, near=True):
        """The gambler on ``t``, come from ``s`` in direction ``i``: each
        victim taken the way it takes (``first``: displaced or jumped;
        ``near``: false when no enemy stands next to ``t``)."""
        caps = list(first)
        steps = self.steps
        b = steps[self.back[i]][s]            # withdrawer left behind
        if b >= 0:
            v = board[b]
            if v is not None and v.side == enemy and v.kind == WITHDRAWER:
                caps.append(b)
        if not near:                          # no victim beside the landing square
            return tuple(sorted(set(caps)))
        a = steps[i][t]                       # advancer approached
        if a >= 0:
            v = board[a]
            if v is not None and v.side == enemy and v.kind == ADVANCER:
                caps.append(a)
        # a zapper sandwiched, as a zapper would sandwich it
        return tuple(sorted(set(self._custodian(board, s, t, side, enemy, caps, only=ZAPPER))))

    def filtered_raw(self, pos: Position) -> tuple[list[tuple], set[int], bool]:
        """The raw moves that pass the rim rule and the Fisher's obligation;
        the frozen squares; whether the obligation is in force."""
        board = pos.board
        frozen = self.frozen(board)
        raws = [r for r in self.raw_moves(pos, frozen)
                if self.rim_ok(board, board[r[0]], r[0], r[1], r[2])]
        obliged = False
        if pos.state.get("control") == pos.to_move:
            obliged = any(r[2] and board[r[0]].side is None for r in raws)
            if obliged:
                raws = [r for r in raws if r[2]]
        return raws, frozen, obliged

    def legal_moves(self, pos: Position) -> list[Move]:
        raws, frozen, _ = self.filtered_raw(pos)
        moves = self._moves_of(pos, raws, frozen)
        if not moves:
            moves.append(Move("pass", (), label="no legal move: the turn passes", kind="pass"))
        return moves

    def capture_moves(self, pos: Position) -> list[Move]:
        """The legal moves that capture, without making the others (the
        Fisher's obligation keeps every capture)."""
        board = pos.board
        frozen = self.frozen(board)
        raws = [r for r in self.raw_moves(pos, frozen, captures=True)     # (a jump may take nothing)
                if r[2] and self.rim_ok(board, board[r[0]], r[0], r[1], r[2])]
        return self._moves_of(pos, raws, frozen)

    def _moves_of(self, pos: Position, raws: list[tuple], frozen: set[int]) -> list[Move]:
        """The moves of the raw moves ``raws`` (which pass the rules)."""
        board = pos.board
        side = pos.to_move
        enemy = self.opponent(side)
        control = pos.state.get("control")
        fsq = self.fisher_square(board)
        fisher_was_frozen = fsq is not None and fsq in frozen
        zone = self.zones[side]
        moves: list[Move] = []
        made = self._made_moves
        for s, t, caps in raws:
            piece = board[s]
            kind = piece.kind
            promote = (kind == PAWN or kind == GUARDIAN) and zone[t]
            hand = None                  # to whom the move hands the Fisher over
            if control is not None:
                # A step that takes nothing hands nothing over unless an
                # immobilizer, a zapper or the Fisher makes it (``events``).
                if (promote or caps or kind in EVENTFUL) and self.passes(
                        self.events(board, piece, s, t, caps, fsq, fisher_was_frozen, control)):
                    hand = self.opponent(control)
                if hand is None and not promote and not caps:
                    moves.append(self.step_move(s, t))        # a plain step, made once per game
                    continue
            elif piece.side is not None and zone[t]:
                # first to the 10th rank: take the Fisher or give it away
                effects, base, label, aliases = self._move_parts(s, t, caps, promote and side)
                for suffix, holder, what in ((TAKE, side, "take the Fisher"),
                                             (GIVE, enemy, f"give the Fisher to {enemy.capitalize()}")):
                    moves.append(Move(
                        base + suffix, tuple(effects) + (SetState("control", holder),), s, t,
                        label=f"{label}, {what}" if label else what,
                        aliases=tuple(a + suffix for a in aliases)))
                continue
            # the same move from the same squares is the same object (made once per game)
            key = (s, t, caps, promote and side, hand)
            move = made.get(key)
            if move is None:
                effects, base, label, aliases = self._move_parts(s, t, caps, promote and side)
                if hand is not None:
                    effects.append(SetState("control", hand))
                move = made[key] = Move(base, tuple(effects), s, t, label=label, aliases=aliases)
            moves.append(move)
        return moves

    def _move_parts(self, s: int, t: int, caps: tuple, promoted) -> tuple[list, str, str, tuple]:
        """A move's effects (the captures, the step, the promotion of
        ``promoted``'s piece, if any), notation, label and aliases."""
        effects: list = [Remove(c) for c in caps if c != t]
        if t in caps:
            effects.insert(0, Remove(t))
        effects.append(Shift(s, t))
        names = self.geometry.names
        base = names[s] + names[t]
        label = ""
        aliases: tuple[str, ...] = ()
        if promoted:
            effects.append(Change(t, Piece(ADVANCER, promoted)))
            aliases = (base,)
            base += "=A"
            label = "promote to Advancer"
        return effects, base, label, aliases

    def passes(self, events: list[str]) -> bool:
        n = len(events)
        if self.opts["double_event"] == "any":
            return n == 1
        return n % 2 == 1

    def events(self, board, piece, s, t, caps, fsq, fisher_was_frozen, control) -> list[str]:
        """The seed's hand-over events a move causes (with a controller)."""
        out = []
        if fsq is not None:
            f_after = t if piece.side is None else fsq

            def after(n):
                if n == t:
                    return piece
                if n == s or n in caps:
                    return None
                return board[n]

            # 1) the Fisher gets immobilized (it was not, now it is)
            if not fisher_was_frozen and any(
                    (q := after(n)) is not None and q.kind == IMMOBILIZER for n in self.nbrs[f_after]):
                out.append("immobilized")
            # 2) the controller's opponent sandwiches the Fisher with the zapper
            if piece.kind == ZAPPER and piece.side != control:
                for j in range(8):
                    if self.steps[j][t] == fsq:
                        n2 = self.steps[j][fsq]
                        q = after(n2) if n2 >= 0 else None
                        if q is not None and q.side == piece.side:
                            out.append("sandwiched")
                            break
            # 3) the Fisher steps onto a black rim square
            if piece.side is None and self.colours[t] == "rim-dark":
                out.append("black rim")
        # 4) a gambler is taken off the board
        if any(board[c].kind == GAMBLER for c in caps):
            out.append("gambler taken")
        return out

    # ---------------------------------------------------------- playing
    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        piece = pos.board[move.frm] if move.frm is not None else None
        progress = bool(move.captured()) or (piece is not None and piece.kind in (PAWN, GUARDIAN))
        new.state["clock"] = 0 if progress else pos.state.get("clock", 0) + 1
        new.state.setdefault("control", None)
        return new

    def move_name(self, pos: Position, move: Move) -> str:
        """The notation with what the move took (``e6e5×e7``, ``g7×g13``)
        and, when an event hands the Fisher over, to whom."""
        if move.frm is None or move.to is None:
            return move.notation
        names = self.geometry.names
        caps = move.captured()
        base = names[move.frm] + names[move.to]
        suffix = move.notation[len(base):]
        if move.to in caps:
            base = names[move.frm] + "×" + names[move.to]
        text = base + "".join("×" + names[c] for c in caps if c != move.to) + suffix
        before = pos.state.get("control")
        for e in move.effects:
            if isinstance(e, SetState) and e.key == "control" and before is not None and e.value != before:
                text += f" (Fisher to {e.value.capitalize()})"
        return text

    def key(self, pos: Position) -> tuple:
        return (tuple(pos.board), pos.to_move, pos.state.get("control"))

    def win_candidates(self, pos: Position, moves: list[Move]) -> list[Move]:
        """A move wins at once only by bringing the Fisher onto the mover's
        colour (he moves only as the piece moved) or by taking the other
        side's last major piece."""
        fsq = self.fisher_square(pos.board)
        return [m for m in moves if m.frm == fsq or m.captured()]

    def win_candidate_moves(self, pos: Position) -> list[Move]:
        """The same, made from the raw moves that take or move the Fisher
        alone (most of the cost of the legal moves is making them)."""
        raws, frozen, _ = self.filtered_raw(pos)
        fsq = self.fisher_square(pos.board)
        return self._moves_of(pos, [r for r in raws if r[2] or r[0] == fsq], frozen)

    def memoryless_plies(self) -> int:
        """The third time of a position (the repetition rule) needs four
        plies at least: a controller's Fisher move that hands him over
        could be answered by the way back."""
        return 3

    def result(self, game) -> Result | None:
        pos = game.current
        fsq = self.fisher_square(pos.board)
        if fsq is not None and self.colours[fsq] in self.sides:
            colour = self.colours[fsq]
            return Result(colour, f"the Fisher stands on a {colour} square", "fisher")
        having = set()
        for p in pos.board:
            if p is not None and p.kind in MAJORS:
                having.add(p.side)
                if len(having) == 2:
                    break
        lacking = [s for s in self.sides if s not in having]
        if len(lacking) == 2:
            return Result(None, "neither player has an advancer, a zapper or a gambler", "no-majors")
        if lacking:
            return Result(self.opponent(lacking[0]),
                          f"{lacking[0].capitalize()} has no advancer, zapper or gambler left",
                          "no-majors")
        clock = pos.state.get("clock", 0)
        if clock >= 4 and game.history:
            board, to_move, control = pos.board, pos.to_move, pos.state.get("control")
            seen = 1
            for ply in reversed(game.history[-clock:]):    # (as ``key`` compares them)
                before = ply.before
                if (before.to_move == to_move and before.board == board
                        and before.state.get("control") == control):
                    seen += 1
                    if seen >= 3:
                        return Result(None, "the same position for the third time", "repetition")
        limit = self.opts["quiet_limit"]
        if limit and clock >= 2 * limit:
            return Result(None, f"{limit} moves each without a capture or a pawn or guardian move",
                          "move-limit")
        return None

    # ---------------------------------------- the computer (sharah_web.search)

    # ------------------------------------------------------- messages
    def status(self, pos: Position) -> str:
        text = f"{pos.to_move.capitalize()} to move"
        control = pos.state.get("control")
        fsq = self.fisher_square(pos.board)
        if control is None:
            text += "; nobody holds the Fisher yet"
        else:
            text += f"; {control.capitalize()} holds the Fisher"
            if fsq is not None and fsq in self.frozen(pos.board):
                text += " (immobilized)"
            elif control == pos.to_move and self.filtered_raw(pos)[2]:
                text += f", which can capture: {control.capitalize()} must capture"
        return text

    def badges(self, pos: Position) -> list[dict]:
        control = pos.state.get("control")
        fsq = self.fisher_square(pos.board)
        if control is None:
            detail = "the first to reach the 10th rank takes it or gives it"
        elif fsq is not None and fsq in self.frozen(pos.board):
            detail = "immobilized"
        elif control == pos.to_move and self.filtered_raw(pos)[2]:
            detail = "must capture"
        else:
            detail = ""
        return [{"name": "Fisher", "value": held_by(control, "not held yet"),
                 "detail": detail}]

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        import re
        m = re.fullmatch(r"([a-p]\d{1,2})([a-p]\d{1,2})(.*)", text)
        if not m:
            super().explain_illegal(text, pos, moves)
            return
        g = self.geometry
        try:
            frm, to = g.parse(m.group(1)), g.parse(m.group(2))
        except ValueError as e:
            raise NotationError(f"{text}: {e}") from None
        board = pos.board
        piece = board[frm]
        side = pos.to_move
        if piece is not None and piece.side is None:
            control = pos.state.get("control")
            if control is None:
                raise IllegalMoveError(f"{text}: nobody controls the Fisher yet; the first player "
                                       f"to reach the 10th rank takes it or gives it")
            if control != side:
                raise IllegalMoveError(f"{text}: the Fisher is {control.capitalize()}'s to move, "
                                       f"not {side.capitalize()}'s")
        if piece is not None and piece.side in (side, None):
            what = f"the {self.kind_name(piece.kind).lower()} on {g.names[frm]}"
            by = self.frozen_by(board, frm)
            if by:
                who = " and ".join(f"the {board[b].side} {self.kind_name(board[b].kind).lower()} "
                                   f"on {g.names[b]}" for b in by)
                raise IllegalMoveError(f"{text}: {what} is immobilized by {who}")
            same = [mv for mv in moves if mv.frm == frm and mv.to == to]
            if same:
                options = " or ".join(mv.notation for mv in same)
                raise NotationError(f"{text}: say which move you mean: {options}")
            raw = [r for r in self.raw_moves(pos) if r[0] == frm and r[1] == to]
            if raw:
                caps = raw[0][2]
                if not self.rim_ok(board, piece, frm, to, caps):
                    if piece.side is None:
                        raise IllegalMoveError(f"{text}: the Fisher may step onto the rim only to "
                                               f"capture there")
                    raise IllegalMoveError(
                        f"{text}: {what} may step onto the rim only on a {side} square, or when "
                        f"the move captures or immobilizes")
                if not caps:
                    raise IllegalMoveError(
                        f"{text}: the Fisher can capture, so {side.capitalize()} must capture "
                        f"(with the Fisher or any other piece)")
        super().explain_illegal(text, pos, moves)
