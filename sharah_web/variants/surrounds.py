"""Sha'rah on the Light and Shadow boards ("Game of Dark/Light Surrounds").

Source: an anonymous fan page's reading of the game in Robert Jordan's
*The Path of Daggers* ("Sources" on the rules page). The text leaves much
open; every choice made here is listed on the rules page
(``docs/games/sharah-surrounds.md``, "How this site reads the rules") and
the reasonable alternatives are options.

Board: 15x15 (13x13 black-and-white checkers in a red-and-green border) or,
with ``size=13``, 11x11 checkers in the border. Green (the Light) sits at
ranks 1-3 and moves first; Red (the Shadow) at the top. Colours: the
checkers are ``dark`` (black) and ``light`` (white); the border is ``red``
and ``green``, alternating, all four corners one colour.

Position text: ``<board> <side to move r|g> <Fisher's controller r|g|->
<+ if other pieces may move the Fisher, else -> <clock>``. Upper case is
Red, lower case Green: Q queen, L lord, Y lady, D domnisoara, T
troublemaker (always with a facing, ``T:s``), A aes sedai; ``*`` is the
Fisher. No Fisher on the board means the Queens' race is on. The clock
counts plies since a piece last left the board.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .. import betza
from ..core import (UNBOUNDED, Change, IllegalMoveError, Move, NotationError, Option, Piece,
                    PieceType, Place, Position, Remove, Result, Shift, StateField, Variant,
                    clock_field, side_field)
from ..geometry import DIRECTIONS
from ..words import FACING_WORDS, held_by

COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
VECTORS = tuple(DIRECTIONS[c] for c in COMPASS)
INDEX = {c: i for i, c in enumerate(COMPASS)}
FACING_SUFFIX = tuple(":" + c for c in COMPASS)
# REAR_FACINGS[d]: the facings of a Troublemaker one step in direction d
# that have the starting square on a rear slant (behind it, diagonally)
REAR_FACINGS = tuple(frozenset({COMPASS[(d + 1) % 8], COMPASS[(d + 7) % 8]}) for d in range(8))
# REAR_SLANTS[facing]: the directions d with that facing in REAR_FACINGS[d]
REAR_SLANTS = {f: tuple(d for d in range(8) if f in REAR_FACINGS[d]) for f in COMPASS}
ORTH = (0, 2, 4, 6)
LANDINGS_KEPT = 10_000     # landings kept (see _land): about 12 MB at most, 756 in a perft(2)
DIAG = (1, 3, 5, 7)
COURT = ("queen", "lord", "lady", "domnisoara")
TM, AS, QUEEN, FISHER = "troublemaker", "aes_sedai", "queen", "fisher"

# Who each piece may capture, as its own paragraph says. The target
# paragraphs agree with these lists except the Domnisoara's, which names the
# Queen among her captors: option ``queen_takes_domnisoara``.
CAN_TAKE = {
    "queen": frozenset({TM}),
    "lord": frozenset({"lord", "domnisoara", TM, AS}),
    "lady": frozenset({"lady", "domnisoara", TM, AS}),
    "domnisoara": frozenset({"domnisoara", TM, AS}),
    TM: frozenset({TM, AS, "lord", "lady"}),
    AS: frozenset({TM}),
}
FRONT_ONLY = frozenset({QUEEN, AS})   # take a Troublemaker only from its front

# The plain sliders' movement, in Betza's notation: it makes their moves
# (plan). The Queen (her leap and pull), the Aes Sedai (her push) and the
# Fisher move by their own code and have no Betza string.
LORD, LADY = "B5W", "RB5"
SLIDERS = ("lord", "lady", "domnisoara", TM)


@lru_cache(maxsize=None)
def plan(notation: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``(directions, reach)`` pairs for a Betza string of steps and rides
    along the eight lines (reach 0: no limit), each atom's directions in
    compass order (``COMPASS``). ``ValueError`` for anything else."""
    out = []
    for atom in betza.parse(notation):
        dirs = [VECTORS.index(v) if v in VECTORS else None for v in atom.vectors]
        if None in dirs or not (atom.move and atom.capture) or atom.lame or atom.initial:
            raise ValueError(f"{notation!r}: only plain steps and rides along the eight lines here")
        out.append((tuple(sorted(dirs)), atom.range))
    return tuple(out)


class SharahSurrounds(Variant):
    id = "sharah-surrounds"
    evaluation = ".surrounds_eval"     # what the computer knows of the game (Variant.evaluation)
    title = "Sha'rah on the Light and Shadow boards"
    width = height = 15
    sides = ("red", "green")
    piece_types = (
        PieceType(QUEEN, "Q", "", "Queen", 6),
        PieceType("lord", "L", LORD, "Lord", 5),
        PieceType("lady", "Y", LADY, "Lady", 6),
        PieceType("domnisoara", "D", LADY, "Domnisoara", 5),   # see betza_of
        PieceType(TM, "T", "Q2", "Troublemaker", 2),
        PieceType(AS, "A", "", "Aes Sedai", 3),
    )
    neutral_symbol = {FISHER: "*"}
    position_fields = (
        side_field("ctrl", "Fisher control",
                   "who captured the Fisher last (nobody: he has never been captured)",
                   ("red", "green"), "nobody yet", "the Fisher's controller is r, g or '-', not {token!r}"),
        StateField("free", "Fisher freed",
                   "yes once the captured Fisher has left the centre: other pieces may move him",
                   False, (("-", False, "no"), ("+", True, "yes")),
                   bad="after the controller comes '+' (other pieces may move the Fisher) or '-', "
                       "not {token!r}"),
        clock_field("Move clock", "moves in a row with no piece leaving the board",
                    bad="the clock must be a whole number, not {token!r}"),
    )
    options = {
        "board": Option("shadow", ("shadow", "light"),
                        "shadow: the checkers are cornered in black (Game of Dark Surrounds); "
                        "light: cornered in white (Game of Light Surrounds)", "Board"),
        "size": Option(15, (15, 13),
                       "15: 13x13 checkers inside the border, as the author chose; "
                       "13: 11x11 checkers inside the border, the other reading of 'thirteen rows'",
                       "Size"),
        "corners": Option("auto", ("auto", "red", "green"),
                          "the colour of the four border corners; auto: red on the Shadow "
                          "Board, green on the Light Board", "Corners"),
        "first": Option("green", ("green", "red"), "who moves first", "First move"),
        "queen_takes_domnisoara": Option(False, (),
                                         "the Domnisoara paragraph lets a Queen take her; "
                                         "the Queen's own paragraph says she takes only "
                                         "Troublemakers (default)", "Queen takes Domnisoara"),
        "front": Option("line", ("line", "wide"),
                        "line: a Queen or Aes Sedai takes a Troublemaker only coming straight "
                        "at its face; wide: also from the two directions beside it", "Front"),
        "fisher_push": Option("back", ("back", "away"),
                              "the Fisher on white forces a piece back one square: towards "
                              "its own side (back) or onward in the Fisher's direction (away)",
                              "Fisher forces back"),
        "fisher_border": Option("step", ("step", "any"),
                                "from black the Fisher steps to an adjacent border square (step) "
                                "or goes to any border square (any)", "Fisher to the border"),
        "domnisoara_moves": Option("lady", ("lady", "lord"),
                                   "the Domnisoara paragraph copies the Ladies' movement; "
                                   "lord: she moves like a Lord instead", "Domnisoara moves"),
        "domnisoara_draw": Option("any", ("any", "front"),
                                  "a Domnisoara draws the Fisher from two squares away on any "
                                  "line (any), or only from the Fisher's side facing her player "
                                  "(front)", "Domnisoara draws"),
        "border_fisher": Option("stop", ("stop", "along"),
                                "stop: an Aes Sedai who comes at the Fisher on the border does "
                                "not move him, from any direction, and stops beside him (the "
                                "text's words); along: coming diagonally she forces him along "
                                "the border", "Aes Sedai at a border Fisher"),
        "queen_edge": Option("border", ("border", "edge"),
                             "border: an Aes Sedai forces a Queen at the edge onto the border, "
                             "where she is captured, from any direction; edge: the edge rule "
                             "protects her as any piece that cannot go onto the border (coming "
                             "straight from inside, nothing; diagonally, forced along the border)",
                             "Aes Sedai at an edge Queen"),
        "race_goal": Option("end", ("end", "half"),
                            "the Queens' race ends on a border square of the Queen's colour "
                            "on her own end row (end), or anywhere on the border in her own "
                            "half (half)", "Race goal"),
        "stalemate_moves": Option(3, tuple(range(0, 11)),
                                  "the stalemate rule's window: moves by each side after a "
                                  "player's last court piece is taken", "Stalemate window"),
        "move_limit": Option(100, (0, 50, 100, 150, 200, 300),
                             "a draw after this many moves by each side with no piece leaving "
                             "the board (0: never)", "Move limit"),
    }

    played = {"sharah-surrounds": {}}
    random_end = {"move_limit": 100}     # 0 would be "no limit"
    bench_depths = (("sharah-surrounds", {}, 2),)
    bench_jobs = (("sharah-surrounds", {}, None, 2),)

    def search_tuning(self) -> dict:
        # listing a position's legal moves (a thousand and more) costs far
        # more than judging one: the node budget counts it. The default
        # level finishes looking two moves ahead (a fifth more positions,
        # in the time it took to look one ahead before) and stops there,
        # where a third move would cost many times the budget; the
        # strongest keeps its budget (1.25 x 1.2 = 1.5 x the default's)
        return {"scale": 1.25, "qdepth": 0, "strongest": 1.25, "listing": 0.03,
                "deeper": 1.2, "finish": 2.0, "killers_first": True}

    def __init__(self, **options):
        size = self.options["size"].check("size", options["size"]) if "size" in options else 15
        self.width = self.height = size
        super().__init__(**options)
        g = self.geometry
        n = self.n = size
        self.last = n - 1
        self.interior, self.steps, self.rays, self.inner, self.neighbours = g.derived(
            "surrounds", lambda: self._tables(g))
        self.centre = g.square(n // 2, n // 2)
        shadow = self.opts["board"] == "shadow"
        corner = self.opts["corners"]
        if corner == "auto":
            corner = "red" if shadow else "green"
        other = "green" if corner == "red" else "red"
        cols = []
        for s in range(g.size):
            even = (s % n + s // n) % 2 == 0
            if self.interior[s]:
                cols.append("dark" if even == shadow else "light")
            else:
                cols.append(corner if even else other)
        self.colours = cols
        self.light_squares = tuple(s for s in range(g.size) if cols[s] == "light")
        self.border_squares = tuple(s for s in range(g.size) if not self.interior[s])
        # components of each diagonal direction (for pushes along the border)
        self.components = {1: (2, 0), 3: (2, 4), 5: (6, 4), 7: (6, 0)}
        self.plans = {kind: plan(self.betza_of(kind)) for kind in SLIDERS}
        self.can_take_table = {k: set(v) for k, v in CAN_TAKE.items()}
        if self.opts["queen_takes_domnisoara"]:
            self.can_take_table[QUEEN].add("domnisoara")
        half = n // 2
        self.far_row = {"green": n - 1, "red": 0}
        goals = {}
        for side, row in (("green", 0), ("red", n - 1)):
            if self.opts["race_goal"] == "end":
                sqs = [s for s in self.border_squares if s // n == row]
            else:
                sqs = [s for s in self.border_squares if (s // n < half if side == "green" else s // n > half)]
            goals[side] = frozenset(s for s in sqs if cols[s] == side)
        self.race_goals = goals
        self.tm_pieces = {(side, f): Piece(TM, side, f) for side in self.sides for f in COMPASS}
        self.court_pieces = {side: tuple(Piece(k, side) for k in COURT) for side in self.sides}
        self.queens = tuple(Piece(QUEEN, side) for side in self.sides)
        self._turn_cache = {side: [None] * g.size for side in self.sides}
        self._face_cache: dict = {}
        self._landings: dict = g.derived("surrounds-landings", dict)   # see _land: moves are values

    @staticmethod
    def _tables(g) -> tuple:
        """The squares inside the border; one step, the rays, the rays inside
        the border and the neighbours of each square, per direction (made
        once per board size, shared by every game of that size)."""
        n = g.width
        interior = [0 < s % n < n - 1 and 0 < s // n < n - 1 for s in range(g.size)]
        steps = [g.step_table(v) for v in VECTORS]
        rays = [g.ray_table(v) for v in VECTORS]

        def inside(ray):
            out = []
            for t in ray:
                if not interior[t]:
                    break
                out.append(t)
            return tuple(out)
        inner = [[inside(ray) for ray in table] for table in rays]
        neighbours = [[t for t in (st[s] for st in steps) if t >= 0] for s in range(g.size)]
        return interior, steps, rays, inner, neighbours

    def betza_of(self, kind: str) -> str:
        """The piece's movement in Betza's notation ("" when its own code
        moves it): the Domnisoara's follows option ``domnisoara_moves``."""
        if kind == "domnisoara" and self.opts["domnisoara_moves"] == "lord":
            return LORD
        return self.types[kind].betza

    # ---- sides and squares
    def forward(self, side):
        return 1 if side == "green" else -1

    def square_colour(self, sq: int) -> str:
        return self.colours[sq]

    def has_facing(self, kind: str) -> bool:
        return kind == TM

    def side_name(self, side):
        return side.capitalize() if side else "nobody"

    # ---- positions
    def initial_position(self) -> Position:
        n = self.n
        board = [None] * (n * n)
        if n == 15:
            first = {1: "domnisoara", 3: "lady", 5: "lord", 7: QUEEN, 9: "lord", 11: "lady", 13: "domnisoara"}
        else:
            # 11 files: the court cannot stand two apart on one colour; see the page
            first = {1: "domnisoara", 2: "lady", 3: AS, 4: "lord", 5: TM, 6: QUEEN, 7: TM,
                     8: "lord", 9: AS, 10: "lady", 11: "domnisoara"}
        for side, rows, face in (("green", (1, 2, 3), "n"), ("red", (n - 2, n - 3, n - 4), "s")):
            for x, kind in first.items():
                board[rows[0] * n + x] = Piece(kind, side, face if kind == TM else None)
            for x in range(1, n - 1):
                board[rows[1] * n + x] = Piece(TM, side, face)
                board[rows[2] * n + x] = Piece(AS, side)
        board[self.centre] = Piece(FISHER, None)
        return Position(self, board, self.opts["first"], {"ctrl": None, "free": False, "clock": 0})

    def validate(self, pos: Position) -> None:
        g = self.geometry
        fishers = [s for s, p in pos.pieces(None)]
        if len(fishers) > 1:
            raise NotationError("there is only one Fisher")
        for side in self.sides:
            if sum(1 for _ in pos.pieces(side, QUEEN)) > 1:
                raise NotationError(f"{side} has more than one Queen")
        most = self.setup_counts()
        for side in self.sides:
            for kind, n in most.items():
                count = sum(1 for _ in pos.pieces(side, kind))
                if count > n:
                    raise NotationError(f"{side} has {count} pieces of kind {self.kind_name(kind)}; "
                                        f"the set-up has {n} and no piece is ever added")
        race = not fishers
        for s, p in pos.pieces():
            if not self.interior[s] and p.kind != FISHER and not (race and p.kind == QUEEN):
                raise NotationError(f"the {self.kind_name(p.kind)} on {g.name(s)} stands on the border, "
                                    "where only the Fisher (and Queens in the race) may go")
        if fishers and not pos.state["free"] and pos.state["ctrl"] is None and fishers[0] != self.centre:
            raise NotationError("the Fisher has never been captured, so he must be on the centre square "
                                f"{g.name(self.centre)}")
        if pos.state["free"] and pos.state["ctrl"] is None:
            raise NotationError("'+' (other pieces may move the Fisher) comes only after someone has "
                                "captured him: with no controller ('-') write '-' after it")
        if fishers and pos.state["ctrl"] and not pos.state["free"] and fishers[0] != self.centre:
            raise NotationError("the Fisher has left the centre square since he was captured, so other "
                                "pieces may move him: write '+' after the controller")

    def setup_counts(self) -> dict[str, int]:
        """How many pieces of each kind a side has in the set-up."""
        counts: dict[str, int] = {}
        for p in self.initial_position().board:
            if p is not None and p.side == self.sides[0]:
                counts[p.kind] = counts.get(p.kind, 0) + 1
        return counts

    def fisher_square(self, pos: Position) -> int | None:
        return self.neutral_square(pos.board)

    def court(self, pos: Position, side: str) -> int:
        return self.courts(pos)[side]

    def courts(self, pos: Position) -> dict[str, int]:
        """How many court pieces each side has (one walk over the board)."""
        out = dict.fromkeys(self.sides, 0)
        for p in pos.board:
            if p is not None and p.kind in COURT:
                out[p.side] += 1
        return out

    # ---- status
    def status(self, pos: Position) -> str:
        text = f"{self.side_name(pos.to_move)} to move"
        if self.fisher_square(pos) is None:
            return text + "; the Fisher has left the board: the Queens' race is on"
        ctrl = pos.state.get("ctrl")
        if ctrl:
            return text + f"; {self.side_name(ctrl)} holds the Fisher"
        return text + "; nobody has captured the Fisher yet"

    def badges(self, pos: Position) -> list[dict]:
        if self.fisher_square(pos) is None:
            return [{"name": "Fisher", "value": "gone", "detail": "the Queens' race: first Queen home wins"}]
        ctrl = pos.state.get("ctrl")
        detail = ("other pieces may move him" if pos.state.get("free")
                  else "only his captor may move him" if ctrl
                  else "only his captor may move him, once captured")
        return [{"name": "Fisher", "value": held_by(ctrl, "not captured yet"), "detail": detail}]

    # ---- move generation
    def legal_moves(self, pos: Position) -> list[Move]:
        return self._generate(pos, False)

    def capture_moves(self, pos: Position) -> list[Move]:
        """The legal moves that take a piece, in the whole list's order,
        made without the others: only the landings on a piece (with their
        extras), the Aes Sedai's pushes that kill and the Fisher's captures."""
        return self._generate(pos, True)

    def enemy_captures(self, pos: Position) -> list[Move]:
        """The legal moves that take a piece of the opponent's, in the
        whole list's order, made without the others (most captures here
        take one's own pieces: the search's winning captures are among
        these)."""
        return self._generate(pos, True, enemy=True)

    def moves_from(self, pos: Position, sq: int) -> list[Move]:
        """The legal moves of the piece on ``sq`` (the Fisher's, where he
        is the mover's to move), made without the others."""
        return self._generate(pos, False, sq)

    def _generate(self, pos: Position, captures: bool, only: int | None = None,
                  enemy: bool = False) -> list[Move]:
        """The legal moves (``captures``: only those that take a piece;
        ``enemy``: only those that take a piece of the opponent's;
        ``only``: only those from that square)."""
        side = pos.to_move
        board = pos.board
        fsq = self.fisher_square(pos)
        ctx = _Ctx(self, pos, fsq, captures or enemy, side if enemy else None)
        out: list[Move] = []
        for sq, p in (enumerate(board) if only is None else ((only, board[only]),)):
            if p is None or p.side != side:
                continue
            if p.kind == QUEEN:
                self._queen(ctx, sq, p, out)
            elif p.kind == AS:
                self._aes_sedai(ctx, sq, p, out)
            else:
                self._slider(ctx, sq, p, out)
            if p.kind == TM and not captures:
                self._turns(ctx, sq, p, out)
        if fsq is not None and pos.state.get("ctrl") == side and only in (None, fsq):
            self._fisher(ctx, fsq, out)
        if only is not None:
            return out
        if not out and not captures:
            return [Move("pass", (), label="no move is possible: pass", kind="pass")]
        # every move that shares its squares with another has a label from
        # where it is made (_land, _aes_sedai): a million moves are not looked
        # over again (tests/test_speed.py checks the labels)
        return out

    def describe(self, piece) -> str:
        if piece.side is None:
            return "Fisher"
        return f"{piece.side} {self.kind_name(piece.kind)}"

    def can_take(self, kind: str, target: Piece, d: int) -> bool:
        if target.kind not in self.can_take_table[kind]:
            return False
        if target.kind == TM and kind in FRONT_ONLY:
            return self.from_front(d, target)
        return True

    def from_front(self, d: int, target: Piece) -> bool:
        f = INDEX[target.facing]
        if self.opts["front"] == "line":
            return f == (d + 4) % 8
        return f in ((d + 3) % 8, (d + 4) % 8, (d + 5) % 8)

    def _slider(self, ctx, sq, p, out):
        board = ctx.board
        quiet = not ctx.captures
        can = self.can_take_table[p.kind]
        own = ctx.own
        for dirs, reach in self.plans[p.kind]:
            for d in dirs:
                ray = self.inner[d][sq]
                if reach:
                    ray = ray[:reach]
                for t in ray:
                    occ = board[t]
                    if occ is None:
                        if quiet:
                            self._land(ctx, sq, p, t, False, out)
                        continue
                    if occ.kind in can and occ.side != own:
                        self._land(ctx, sq, p, t, True, out)
                    break

    def _queen(self, ctx, sq, p, out):
        board = ctx.board
        rays = self.rays if ctx.race else self.inner
        quiet = not ctx.captures
        for d in range(8):
            between = 0
            for k, t in enumerate(rays[d][sq][:6], 1):
                occ = board[t]
                if occ is None:
                    if quiet and k >= 2 and not (k == 2 and between):
                        self._land(ctx, sq, p, t, False, out)
                else:
                    if k >= 2 and not (k == 2 and between) and occ.side is not None \
                            and occ.side != ctx.own and self.can_take(QUEEN, occ, d):
                        self._land(ctx, sq, p, t, True, out)
                    between += 1
                    if between > 1:
                        break

    def _aes_sedai(self, ctx, sq, p, out):
        if ctx.captures:
            return self._aes_sedai_captures(ctx, sq, p, out)
        board = ctx.board
        plain = -1
        for d in range(8):
            inner = self.inner[d][sq]
            prev = sq
            hit = None
            for t in inner:
                occ = board[t]
                if occ is None:
                    plain = len(out)       # where the move to ``t`` goes
                    self._land(ctx, sq, p, t, False, out)
                    prev = t
                    continue
                hit = t
                if self.can_take(AS, occ, d):
                    self._land(ctx, sq, p, t, True, out)
                break
            else:
                full = self.rays[d][sq]
                if len(full) > len(inner) and board[full[len(inner)]] is not None:
                    hit = full[len(inner)]   # the Fisher on the border
            if hit is None or prev == sq:
                continue
            target = board[hit]
            if target.kind == FISHER and (not ctx.free or (
                    not self.interior[hit] and self.opts["border_fisher"] == "stop")):
                continue        # not his to move yet; on the border he is not affected
            pushes = self.push_dests(ctx, target, hit, d)
            if pushes and not out[plain].label:
                # the pushes share their squares with the plain move to ``prev``
                out[plain] = replace(out[plain], label="move only")
            self._pushes(sq, prev, target, hit, pushes, True, out)

    def _aes_sedai_captures(self, ctx, sq, p, out):
        """``_aes_sedai``'s captures alone: a Troublemaker taken from its
        front, and a Queen forced onto the border by a push (of the
        opponent's alone where ``ctx.own`` says so)."""
        board = ctx.board
        own = ctx.own
        inners = self.inner
        for d in range(8):
            inner = inners[d][sq]
            n = 0
            for t in inner:
                occ = board[t]
                if occ is None:
                    n += 1
                    continue
                if occ.kind == TM:
                    if occ.side != own and self.from_front(d, occ):
                        self._land(ctx, sq, p, t, True, out)
                    break
                hit = t
                break
            else:
                full = self.rays[d][sq]
                if len(full) <= n or board[full[n]] is None:
                    continue
                hit = full[n]                # on the border (the Queens' race)
                occ = board[hit]
            if n == 0 or occ.kind != QUEEN or occ.side == own:
                continue        # only a Queen is captured by a push (push_dests)
            pushes = self.push_dests(ctx, occ, hit, d)
            self._pushes(sq, inner[n - 1], occ, hit, pushes, False, out)

    def _pushes(self, sq, prev, target, hit, pushes, quiet, out):
        """The Aes Sedai's pushes from ``sq`` by way of ``prev`` of the
        ``target`` on ``hit`` (``push_dests``; ``quiet``: also those that
        capture nothing): she leaves the board."""
        for dest, killed in pushes:
            if not (killed or quiet):
                continue
            g = self.geometry.names
            note = f"{g[sq]}{g[prev]}>{g[hit]}{g[dest]}"   # ">": pushes
            what = self.describe(target)
            # she leaves the board untaken: not a capture (Move.captured)
            if killed:
                effects = (Remove(sq, capture=False), Remove(hit))
                label = f"force the {what} onto the border: she is captured; the Aes Sedai leaves the board"
            else:
                effects = (Remove(sq, capture=False), Shift(hit, dest))
                label = f"push the {what} to {g[dest]}; the Aes Sedai leaves the board"
            out.append(Move(note, effects, sq, prev, label=label))

    def push_dests(self, ctx, target: Piece, q: int, d: int) -> list[tuple[int, bool]]:
        """Where an Aes Sedai coming along direction ``d`` may push the
        piece on ``q``: ``(square, captured)`` pairs; a Queen forced onto the
        border is captured. At the edge: see the page. (The Fisher on the
        border with ``border_fisher=stop``: see ``_aes_sedai``.)"""
        board = ctx.board
        fisher = target.kind == FISHER
        steps = self.steps
        queen = target.kind == QUEEN
        if queen and not ctx.race and self.opts["queen_edge"] == "edge":
            s1 = steps[d][q]
            if s1 >= 0 and not self.interior[s1]:
                queen = False     # at the edge: the edge rule, as for any other piece

        def fits(s):   # "ok", "capture", "edge" (off the board or forbidden border), "blocked"
            if s < 0:
                return "edge"
            if board[s] is not None:
                return "blocked"
            if self.interior[s] or fisher:
                return "ok"
            return "capture" if queen else "edge"

        s1 = steps[d][q]
        first = fits(s1)
        if first == "capture":
            return [(s1, True)]
        if first == "ok":
            out = [(s1, False)]
            if self.interior[s1]:
                s2 = steps[d][s1]
                second = fits(s2)
                if second in ("ok", "capture"):
                    out.append((s2, second == "capture"))
            return out
        if first == "blocked" or d in ORTH:
            return []
        # a diagonal push into the edge: forced along the border, if one
        # component of the direction stays on the allowed squares
        free_comps = [c for c in self.components[d] if fits(steps[c][q]) != "edge"]
        if len(free_comps) != 1:
            return []
        c = free_comps[0]
        out = []
        s = q
        for _ in range(2):
            s = steps[c][s]
            r = fits(s)
            if r not in ("ok", "capture"):
                break
            out.append((s, r == "capture"))
            if r == "capture":
                break
        return out

    def _keep(self, key, moves: list[Move]) -> list[Move]:
        """Keep ``moves`` under ``key`` (see ``_land``) and return them; the
        store starts again past ``LANDINGS_KEPT``. (Callers look them up
        first themselves: this is the hot path of move generation.)"""
        if len(self._landings) >= LANDINGS_KEPT:
            self._landings.clear()
        self._landings[key] = moves
        return moves

    def _turns(self, ctx, sq, p, out):
        moves = self._landings.get((sq, p))
        if moves is None:
            name = self.geometry.names[sq]
            moves = self._keep((sq, p), [
                Move(f"{name}{name}:{f}", (Change(sq, self.tm_pieces[p.side, f]),), sq, sq,
                     label=f"turn to face {FACING_WORDS[f]}") for f in COMPASS if f != p.facing])
        out.extend(moves)

    def _land(self, ctx, sq, p, to, taking, out):
        """A piece of the side to move lands on ``to``: the move itself and
        the versions with one extra (a Queen's pull, a Domnisoara drawing the
        Fisher, moving an enemy Troublemaker from its rear slant). A
        Troublemaker's landing comes in eight versions, one per facing.

        This makes most of the moves (a million and more in a perft(2) from
        the set-up), so a landing with no extra is made once and kept
        (moves are values, never changed): the same few hundred landings come
        back in position after position."""
        target = ctx.board[to] if taking else None
        kind = p.kind
        rear = ctx.rear
        if rear is None:
            rear = ctx.find_rear()
        if kind == QUEEN or (kind == "domnisoara" and ctx.free) or to in rear:   # (see _extras)
            extras = self._extras(ctx, sq, p, to)
            if extras:
                out.extend(self._landing(sq, p, to, target, taking, extras))
                return
        if kind == TM:      # the pieces by their fields: a tuple of text hashes faster than a Piece
            key = (sq, to, p.side, p.facing,
                   target and (target.kind, target.side, target.facing))
        else:
            key = (sq, to, taking)
        moves = self._landings.get(key)
        if moves is None:
            moves = self._keep(key, self._landing(sq, p, to, target, taking, ()))
        out.extend(moves)

    def _landing(self, sq, p, to, target, taking, extras) -> list[Move]:
        """The moves of one landing, with ``extras`` (see ``_extras``)."""
        names = self.geometry.names
        main = ((Remove(to),) if taking else ()) + (Shift(sq, to),)
        base = names[sq] + names[to]
        if p.kind == TM:
            turns = self._turn_effects(p.side, to)
            faces = self._face_labels(target)
            out = []
            for i, f in enumerate(COMPASS):
                note = base + FACING_SUFFIX[i]
                effects = main if f == p.facing else main + turns[i]
                out.append(Move(note, effects, sq, to, label=faces[i]))
                for suffix, eff, label in extras:
                    out.append(Move(note + suffix, effects + eff, sq, to, label=f"{faces[i]}, {label}"))
            return out
        if not extras:
            return [Move(base, main, sq, to)]
        # the plain move shares its squares with the extras: it gets a label too
        take = f"take the {self.describe(target)}" if taking else ""
        out = [Move(base, main, sq, to, label=take or "move only")]
        for suffix, eff, label in extras:
            out.append(Move(base + suffix, main + eff, sq, to, label=f"{take}, {label}" if take else label))
        return out

    def _extras(self, ctx, sq, p, to) -> tuple | list[tuple[str, tuple, str]]:
        """What a piece landing on ``to`` (from ``sq``) may do besides:
        ``(notation suffix, effects, label)`` triples, looked for on the board
        as it stands after the landing."""
        pulls = p.kind == QUEEN or (p.kind == "domnisoara" and ctx.free)
        if not pulls and to not in ctx.rear:
            return ()
        board = ctx.board           # the context's own copy: set up the landing, then undo it
        before = board[to]
        board[sq] = None
        board[to] = p
        extras: list = []
        if pulls:
            self._pulls(ctx, p, to, extras)
        if to in ctx.rear:
            self._rear_moves(p, to, board, extras)
        board[to] = before
        board[sq] = p
        return extras

    def _pulls(self, ctx, p, to, extras):
        """A Queen pulls the piece two squares off after her landing one
        square nearer; a Domnisoara (once the Fisher is free) draws him so."""
        names = self.geometry.names
        board = ctx.board
        steps = self.steps
        interior = self.interior
        for d in range(8):
            m = steps[d][to]
            if m < 0:
                continue
            x = steps[d][m]
            if x < 0 or board[m] is not None:
                continue
            X = board[x]
            if X is None:
                continue
            if p.kind == QUEEN:
                if X.kind == FISHER or not (interior[m] or (ctx.race and X.kind == QUEEN)):
                    continue
                extras.append((f"+{names[x]}{names[m]}", (Shift(x, m),),
                               f"pull the {self.describe(X)} on {names[x]} to {names[m]}"))
            elif X.kind == FISHER:
                if self.opts["domnisoara_draw"] == "front" and VECTORS[d][1] * self.forward(p.side) <= 0:
                    continue
                extras.append((f"+{names[x]}{names[m]}", (Shift(x, m),),
                               f"draw the Fisher to {names[m]}"))

    def _rear_moves(self, p, to, board, extras):
        """An enemy Troublemaker next to ``to`` that has ``to`` on a rear
        slant (behind it, diagonally) may be moved one or two squares."""
        names = self.geometry.names
        steps = self.steps
        interior = self.interior
        for d in range(8):
            t = steps[d][to]
            if t < 0:
                continue
            T = board[t]
            if T is None or T.kind != TM or T.side == p.side or T.facing not in REAR_FACINGS[d]:
                continue
            for e in range(8):
                s = t
                for _ in range(2):
                    s = steps[e][s]
                    if s < 0 or not interior[s] or board[s] is not None:
                        break
                    extras.append((f"+{names[t]}{names[s]}", (Shift(t, s),),
                                   f"move the {self.describe(T)} {names[t]} to {names[s]}"))

    def _turn_effects(self, side: str, to: int) -> list[tuple]:
        """The eight ways a ``side`` Troublemaker on ``to`` turns, one
        ``(Change,)`` per facing, made on first use."""
        table = self._turn_cache[side]
        turns = table[to]
        if turns is None:
            turns = table[to] = [(Change(to, self.tm_pieces[side, f]),) for f in COMPASS]
        return turns

    def _face_labels(self, target: Piece | None) -> tuple[str, ...]:
        """A Troublemaker's eight landing labels, taking ``target`` (or nothing)."""
        labels = self._face_cache.get(target)
        if labels is None:
            take = f"take the {self.describe(target)}, " if target is not None else ""
            labels = self._face_cache[target] = tuple(f"{take}face {FACING_WORDS[f]}" for f in COMPASS)
        return labels

    def _fisher(self, ctx, f, out):
        board = ctx.board
        names = self.geometry.names
        ctrl = ctx.pos.state["ctrl"]
        col = self.colours[f]
        steps = self.steps
        border_sqs = set()
        quiet = not ctx.captures

        def add(t, effects=None, label=""):
            if effects is None and not quiet:
                return                  # (captures only: a plain step)
            out.append(Move(names[f] + names[t], effects or (Shift(f, t),), f, t, label=label))

        if col == "light":
            for t in (self.light_squares if quiet else ()):
                if t != f and board[t] is None:
                    add(t)
            for d in range(8):
                t = steps[d][f]
                if t < 0:
                    continue
                occ = board[t]
                if occ is None:
                    if (d in ORTH and self.colours[t] == "dark") or not self.interior[t]:
                        add(t)
                elif d in DIAG and occ.side is not None and occ.side != ctrl and self.colours[t] == "light":
                    add(t, (Remove(t), Shift(f, t)), f"capture the {self.describe(occ)}")
                    if self.opts["fisher_push"] == "back":
                        e = 4 if occ.side == "green" else 0
                    else:
                        e = d
                    b = steps[e][t]
                    if quiet and b >= 0 and self.interior[b] and (board[b] is None or b == f):
                        out.append(Move(f"{names[f]}{names[t]}+{names[t]}{names[b]}",
                                        (Shift(t, b), Shift(f, t)) if b != f else (Shift(f, t),),
                                        f, t, label=f"force the {self.describe(occ)} back to {names[b]}"))
        elif col == "dark":
            for d in range(8):
                for t in self.rays[d][f]:
                    occ = board[t]
                    if occ is None:
                        continue
                    if occ.side is not None and occ.side != ctrl:
                        add(t, (Remove(t), Shift(f, t)), f"capture the {self.describe(occ)}")
                    break
                t = steps[d][f]
                if t >= 0 and board[t] is None:
                    if d in DIAG and self.colours[t] == "dark":
                        add(t)
                    elif not self.interior[t]:
                        border_sqs.add(t)
            if self.opts["fisher_border"] == "any":
                border_sqs = {t for t in self.border_squares if board[t] is None}
            for t in sorted(border_sqs):
                add(t)
        else:  # on the border: a single step anywhere
            for t in self.neighbours[f]:
                if board[t] is None:
                    add(t)

    # ---- playing a move
    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        state = new.state
        removed = any(isinstance(e, Remove) for e in move.effects)
        before = self.fisher_square(pos)
        after = before
        if before is not None:
            still = new.board[before]
            if still is None or still.side is not None:       # he moved (or was moved)
                after = self.fisher_square(new)
        if after is not None:
            board = new.board
            near = [board[t] for t in self.neighbours[after]]
            q0, q1 = self.queens           # (a piece is one object per value: counted by identity)
            if near.count(q0) + near.count(q1) == 2 and board.count(q0) + board.count(q1) == 2:
                board[after] = None        # the Fisher leaves: the Queens' race
                if new.terms is not None:  # (the evaluation's sums, counted again)
                    from ..terms import recount
                    recount(self, new)
                removed = True
            else:
                ctrl = state.get("ctrl")
                moved = before != after
                near_sides = [p.side for p in near if p is not None]
                new_rings = []
                for side in self.sides:
                    if side == ctrl:
                        continue
                    if near_sides.count(side) < 4:
                        continue
                    if not moved:
                        n_before = sum(1 for t in self.neighbours[before]
                                       if pos.board[t] is not None and pos.board[t].side == side)
                        if n_before >= 4:
                            continue
                    new_rings.append(side)
                if len(new_rings) == 2:
                    new_rings = [pos.to_move]
                if new_rings:
                    state["ctrl"] = ctrl = new_rings[0]
                if ctrl is not None and after != self.centre:
                    state["free"] = True
        state["clock"] = 0 if removed else pos.state.get("clock", 0) + 1
        return new

    # ---- results
    def win_candidates(self, pos: Position, moves: list[Move]) -> list[Move]:
        """What decides a game here is the Fisher's square, his controller
        (a surround: pieces beside him), the court pieces, and in the
        Queens' race the Queens: a move can win at once only if it takes or
        removes a piece, or changes the Fisher's square or a square beside
        him (a Queen's square when he has left the board)."""
        f = self.fisher_square(pos)
        if f is None:
            near = {sq for sq, p in enumerate(pos.board) if p is not None and p.kind == QUEEN}
        else:
            near = {f, *self.neighbours[f]}
        out = []
        for m in moves:      # (the squares of ``Move.touched``, looked at effect by effect)
            for e in m.effects:
                t = type(e)
                if t is Remove or (t is Shift and (e.frm in near or e.to in near)) or (
                        (t is Change or t is Place) and e.sq in near):
                    out.append(m)
                    break
        return out

    def memoryless_plies(self) -> int:
        """The stalemate rule looks back ``stalemate_moves`` moves each;
        a game no longer than that has nothing there to see."""
        s = self.opts["stalemate_moves"]
        return 2 * s if s else UNBOUNDED

    def result(self, game) -> Result | None:
        pos = game.current
        f = self.fisher_square(pos)
        mover = game.history[-1].before.to_move if game.history else self.opponent(pos.to_move)
        if f is None:
            homes = {s: pos.find(QUEEN, s) for s in self.sides}
            for side in (mover, self.opponent(mover)):
                if homes[side] is not None and homes[side] in self.race_goals[side]:
                    return Result(side, f"the {self.side_name(side)} Queen won the race home", "race")
            lost = [s for s in self.sides if homes[s] is None]
            if len(lost) == 2:
                return Result(None, "both Queens were lost in the race", "race")
            if lost:
                return Result(self.opponent(lost[0]), f"the {self.side_name(lost[0])} Queen was lost in the race",
                              "race")
            return self.clock_result(pos)
        ctrl = pos.state.get("ctrl")
        col = self.colours[f]
        if col in self.sides:
            if col != ctrl:
                return Result(col, f"the Fisher was forced onto a {col} square of the border", "fisher")
            if f // self.n == self.far_row[col]:
                return Result(col, f"{self.side_name(col)} brought the Fisher to a {col} square at the far end",
                              "fisher")
        if ctrl is not None:
            other = self.opponent(ctrl)
            present = set(pos.board)     # (the referee asks at every node: no Python loop)
            court = self.court_pieces
            if present.isdisjoint(court[ctrl]):
                return Result(other, f"{self.side_name(ctrl)} holds the Fisher but has no court pieces left",
                              "no-court")
            if present.isdisjoint(court[other]) and self._stalemate(game, other, ctrl):
                return Result(None, f"stalemate: {self.side_name(other)} has no court pieces and "
                                    f"{self.side_name(ctrl)} holds the Fisher", "stalemate")
        return self.clock_result(pos)

    def _stalemate(self, game, bare: str, holder: str) -> bool:
        """``bare`` has no court pieces and ``holder`` holds the Fisher: a
        stalemate if ``holder`` held him when ``bare``'s last court piece
        went, or captured him within the window after. Court pieces never
        come back, so only this ply can newly make the rule apply."""
        hist = game.history
        if not hist:
            return True
        prev = hist[-1].before
        if self.court(prev, bare) > 0:
            return True          # the last court piece went this ply, the Fisher held
        if prev.state.get("ctrl") == holder:
            return False         # nothing changed this ply
        m = len(hist) - 2 * self.opts["stalemate_moves"] - 1
        return m < 0 or self.court(hist[m].before, bare) > 0

    def clock_result(self, pos: Position) -> Result | None:
        limit = self.opts["move_limit"]
        if limit and pos.state.get("clock", 0) >= 2 * limit:
            return Result(None, f"{limit} moves each without a piece leaving the board", "move-limit")
        return None

    # ---------------------------------------- the computer (sharah_web.search)

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        import re
        m = re.fullmatch(r"([a-p]\d{1,2})([a-p]\d{1,2})(.*)", text)
        if m:
            g = self.geometry
            try:
                frm = g.parse(m.group(1))
            except ValueError:
                frm = None
            if frm is not None and pos.board[frm] is not None and pos.board[frm].kind == FISHER:
                ctrl = pos.state.get("ctrl")
                if ctrl != pos.to_move:
                    who = (f"only {self.side_name(ctrl)}, who captured him last, may move him"
                           if ctrl else "nobody may move him until he is captured")
                    raise IllegalMoveError(f"{text}: the Fisher is not yours to move: {who}")
        super().explain_illegal(text, pos, moves)


class _Ctx:
    __slots__ = ("pos", "board", "fisher", "race", "free", "rear", "captures", "own", "steps")

    def __init__(self, variant, pos, fsq, captures=False, own=None):
        self.pos = pos
        self.captures = captures            # only the moves that take a piece
        self.own = own                      # a side whose pieces are not taken (enemy_captures)
        self.board = pos.board[:]           # a copy: _extras sets up each landing on it
        self.fisher = fsq
        self.race = fsq is None
        self.free = bool(pos.state.get("free"))
        self.steps = variant.steps
        self.rear = None        # found at the first landing (find_rear): captures land on few squares

    def find_rear(self) -> set:
        """The squares next to an enemy Troublemaker, on one of its rear
        slants: a piece landing there may move it (_rear_moves)."""
        side = self.pos.to_move
        steps = self.steps
        rear = self.rear = set()
        for t, T in enumerate(self.board):
            if T is not None and T.kind == TM and T.side != side:
                for d in REAR_SLANTS[T.facing]:
                    to = steps[(d + 4) % 8][t]
                    if to >= 0:
                        rear.add(to)
        return rear
