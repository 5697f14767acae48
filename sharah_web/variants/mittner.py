"""Sha'rah as read by Martin Mittner (2011): Snakes, Foxes, Stones and the Fisher.

Source: Mittner's *The Rules of Sha'rah* (``docs/games/sharah-mittner.md``,
"Sources"). The board is the books' 13x13 playing surface inside a
one-square goal row (15x15 in all); option ``size=11`` gives an 11x11
surface (13x13 in all). Red sits at the bottom
(upper case in the position text), Green at the top; Green places first.

The game has three phases, kept in the position's state:

- ``place``: each turn the player drops one piece from the hand onto an
  empty square of the surface (not the goal row, not the Fisher square);
  moves ``S@e5``. Green starts; when both hands are empty the capture begins.
- ``capture``: pieces move; at the end of each turn the mover takes control
  of the Fisher if they threaten it and every square it could move to and
  it has a square safe from the opponent. The opponent then has one turn
  to take it back or to freeze it (no safe square left: it is neutral again).
  A player who begins a turn holding the Fisher starts the dance.
- ``dance``: the holder moves the Fisher (and must, if it is threatened);
  the other player may take it over by the same control test. Wins: the
  Fisher onto one's own colour on the opponent's back goal row; the
  opponent moving it onto one's colour anywhere on the goal row; taking
  every enemy piece. Stalemates: the holder with no move; 42 moves without
  a capture or a change of control; a declared stalemate after a repeated
  two-move sequence. A player who cannot move and does not hold the Fisher
  removes one of their own pieces (``xe5``).

The text gives phase two no end; this site counts quiet moves there too:
42 moves of phase two without a capture or a change of control are a
stalemate (option ``capture_limit``; 0 for no limit, as in the text).

Position text: ``<board> <r|g> <phase> <hands> <holder> <clock>``, for
example the start: ``15/15/.../7*7/.../15 g place S11F11O11/s11f11o11 - 0``.
Letters: ``S`` snake, ``F`` fox, ``O`` stone (upper case Red, lower case
Green), ``*`` the Fisher. Hands: Red's then Green's, split by ``/``: letters
with counts (zero kinds left out), ``-`` for an empty hand, or a bare count
with ``split=free``. Holder: ``r``, ``g`` or ``-``. Clock: moves of the
current phase (capture or dance) without a capture or a change of control.
"""

from __future__ import annotations

import re

from ..core import (UNBOUNDED, Move, NotationError, IllegalMoveError, Option, Piece, PieceType,
                    Place, Position, Remove, Result, SetState, Shift, StateField, Variant,
                    clock_field, side_field)
from ..geometry import ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL
from ..words import held_by

FISHER = Piece("fisher", None)
KINDS = ("snake", "fox", "stone")
LETTER = {"snake": "S", "fox": "F", "stone": "O"}
PLURAL = {"snake": "snakes", "fox": "foxes", "stone": "stones"}
PHASES = ("place", "capture", "dance")
DECLARE = "stalemate"
SPLITS = {"11-11-11": (11, 11, 11), "free": None}


class SharahMittner(Variant):
    id = "sharah-mittner"
    evaluation = ".mittner_eval"     # what the computer knows of the game (Variant.evaluation)
    title = "Sha'rah (Martin Mittner's rules)"
    width = height = 15
    sides = ("red", "green")
    # No Betza strings: the lines stop short of the goal row and the Fisher
    # square, and who takes what is the game's own (piece_moves, attacked).
    piece_types = (
        PieceType("snake", "S", "", "Snake", 3),
        PieceType("fox", "F", "", "Fox", 4),
        PieceType("stone", "O", "", "Stone", 1),
    )
    neutral_symbol = {"fisher": "*"}
    # the fields after the side to move: see __init__ (the hands depend on the split)
    state_required = ("after the side to move the position needs four fields: the phase "
                      "(place, capture, dance), the hands (like S11F11O11/s11f11o11, or -/-), "
                      "the Fisher's holder (r, g or -) and the quiet-move clock")
    hidden_state = {"trail": ()}    # the moves since the last irreversible one (repetition)
    options = {
        "size": Option(13, (13, 11), "the playing surface inside the goal row: 13x13 as in the "
                       "books (15x15 with the goal row), or 11x11 for a shorter game", "Board"),
        "split": Option("11-11-11", tuple(SPLITS),
                        "how each side's 33 pieces divide into Snakes, Foxes and Stones: "
                        "11 of each, or free (choose the kind at every placement)", "Pieces"),
        "fisher_takes": Option("enemy", ("enemy", "any"),
                               "from a black square the Fisher takes an enemy piece, "
                               "or any piece, its holder's own too", "Fisher takes"),
        "quiet_limit": Option(42, (), "moves of the dance (both players' moves counted) without "
                              "a capture or a change of control that make a stalemate", "Quiet moves"),
        "capture_limit": Option(42, (), "moves of phase two (both players' moves counted) without "
                                "a capture or a change of control that make a stalemate; 0 for no "
                                "limit, as in the text", "Quiet moves in phase two"),
        "placement": Option("manual", ("manual", "random"),
                            "place the 66 pieces by hand, or start at the capture with "
                            "a random placement", "Placement"),
    }

    played = {"sharah-mittner": {}}
    # the set-up is the placement phase (drops only); a placed position
    # (placement=random, seed 1: the capture phase) is timed too
    bench_depths = (("sharah-mittner", {"placement": "random"}, 2),)
    bench_jobs = (("sharah-mittner (placement)", {}, None, 2),
                  ("sharah-mittner (placed)", {},
                   "15/4SF3os2F1/4S2Os1S4/1O1F2O1so5/2F1OS4Fo3/4Fof3FO1f1/1OF1F1o2f3o1/"
                   "4Os1*1sFosf1/4s6O1f1/5f4SSo2/1O1FO8s1/1O5Sf1o4/2s1SS1fooS1f2/2S1f1s4f1s1/15 "
                   "g capture -/- - 0", 3))
    bench_search = ({"placement": "random"},)     # the capture phase

    def search_tuning(self) -> dict:
        # Twice this budget at level 2 completes two moves deep in the
        # capture phase's positions of the search benchmark, but scored
        # 4 points of 11 against this budget (docs/about/computer.md).
        return {"scale": 0.3, "qdepth": 2, "strongest": 2.5}

    def review_nodes(self) -> int:
        # The review's budget (Variant.review_nodes): 900 positions of
        # look-ahead a position (1,500 at the scale of 0.6), measured at
        # 12.8 to 14.9 s of processor time in Pyodide for a 60-ply review
        return 1500

    def __init__(self, **options):
        super().__init__(**options)
        n = self.opts["size"] + 2
        self.width = self.height = n
        from ..geometry import Geometry
        self.geometry = g = Geometry(n, n)
        if self.opts["quiet_limit"] < 1:
            raise NotationError("option quiet_limit must be at least 1")
        if self.opts["capture_limit"] < 0:
            raise NotationError("option capture_limit is 0 (no limit) or more")
        self.split = SPLITS[self.opts["split"]]
        mid = n // 2
        self.center = g.square(mid, mid)
        last = n - 1
        self.goal = [g.on_edge(s) for s in range(g.size)]
        self.ring2 = [not self.goal[s] and (g.file(s) in (1, last - 1) or g.rank(s) in (1, last - 1))
                      for s in range(g.size)]
        self.colour = [self._colour(s) for s in range(g.size)]
        # Goal-row colour by square: "red", "green" or None.
        self.goal_colour = [c[5:] if c.startswith("goal-") else None for c in self.colour]
        # The back goal rows: Red's target is the top row, Green's the bottom.
        self.target_row = {"red": last, "green": 0}
        # Rays for the pieces: stop before the Fisher square (nobody passes
        # over it); the squares one step away. Made once per board size.
        self.rays, self.steps = g.derived("mittner", lambda: self._tables(g))
        self.fisher_rays = [g.ray_table(v) for v in ALL_DIRECTIONS]   # the Fisher's own lines
        self.surface = [s for s in range(g.size) if not self.goal[s] and s != self.center]
        example = "S11F11O11/s11f11o11" if self.split is not None else "33/33"
        self.position_fields = (
            StateField("phase", "Phase",
                       "placing pieces from the hands, the capture, or the dance (someone holds the Fisher)",
                       "place", tuple((p, p, "placing" if p == "place" else p) for p in PHASES),
                       bad="the phase is place, capture or dance, not {token!r}"),
            StateField("hands", "Hands",
                       f"the pieces still to place, Red's then Green's, like {example} (-/- when empty)",
                       (self.full_hand(), self.full_hand()), kind="text",
                       read=SharahMittner._read_hands, write=SharahMittner._write_hands),
            side_field("holder", "Fisher holder", "who holds the Fisher", self.sides, "nobody",
                       "the Fisher's holder is r, g or -, not {token!r}"),
            clock_field("Quiet moves", "moves of the capture or the dance without a capture or a "
                        "change of control", digits=0, bad="the clock is a whole number, not {token!r}"),
        )

    @staticmethod
    def _tables(g) -> tuple[dict, list]:
        centre = g.square(g.width // 2, g.height // 2)
        rays = {}
        for v in ALL_DIRECTIONS:
            table = []
            for ray in g.ray_table(v):
                out = []
                for t in ray:
                    if t == centre:
                        break
                    out.append(t)
                table.append(tuple(out))
            rays[v] = table
        step_tables = [g.step_table(v) for v in ALL_DIRECTIONS]
        steps = [tuple(t for t in (table[s] for table in step_tables) if t >= 0) for s in range(g.size)]
        return rays, steps

    # ---------------------------------------------------------------- squares
    def _colour(self, sq: int) -> str:
        g = self.geometry
        f, r = g.file(sq), g.rank(sq)
        last = self.width - 1
        mid = last // 2
        if g.on_edge(sq):
            # Alternating round the ring; the top half (and the right square
            # of the middle rank) has red on even squares, the bottom half
            # green, so each back row holds 8 of its attacker's colour and
            # the board looks the same to both players turned round.
            top = r > mid or (r == mid and f == last)
            even = (f + r) % 2 == 0
            return "goal-red" if even == top else "goal-green"
        if sq == g.square(mid, mid):
            return "fisher"
        return g.checker(sq)

    def square_colour(self, sq: int) -> str:
        return self.colour[sq]

    def nature(self, sq: int) -> str:
        """How the Fisher moves from ``sq``: "white", "black" or "both"."""
        c = self.colour[sq]
        return "white" if c == "light" else "black" if c == "dark" else "both"

    def kind_name(self, kind: str) -> str:
        return "Fisher" if kind == "fisher" else super().kind_name(kind)

    # -------------------------------------------------------------- positions
    def full_hand(self):
        return 33 if self.split is None else self.split

    def initial_position(self) -> Position:
        board = [None] * self.geometry.size
        board[self.center] = FISHER
        hand = self.full_hand()
        return Position(self, board, "green", self._state("place", (hand, hand), None, 0))

    @staticmethod
    def _state(phase, hands, holder, clock, trail=()):
        return {"phase": phase, "hands": hands, "holder": holder, "clock": clock, "trail": trail}

    def prepare(self, pos: Position, rng) -> None:
        if self.opts["placement"] != "random" or pos.state.get("phase") != "place":
            return
        new = pos
        while new.state["phase"] == "place":
            moves = self.legal_moves(new)
            new = self.apply(new, rng.choice(moves))
        pos.board[:] = new.board
        pos.to_move = new.to_move
        pos.state = dict(new.state)

    def random_placement(self, pos: Position, rng) -> list[Move]:
        """Drops that finish the placement from ``pos`` at random (for a button)."""
        out = []
        while pos.state.get("phase") == "place":
            m = rng.choice(self.legal_moves(pos))
            out.append(m)
            pos = self.apply(pos, m)
        return out

    # Shortcut: the rest of the placement at random (a button on game boards).
    FILL = "random-placement"

    def shortcuts(self, pos: Position) -> list[dict]:
        if pos.state.get("phase") != "place":
            return []
        return [{"name": self.FILL, "label": "Fill the placement at random"}]

    def shortcut_moves(self, pos: Position, name: str, rng) -> list[str]:
        if name != self.FILL or pos.state.get("phase") != "place":
            return super().shortcut_moves(pos, name, rng)
        return [m.notation for m in self.random_placement(pos, rng)]

    def hand_counts(self, pos: Position, side: str) -> dict[str, int] | None:
        if self.split is None:
            return None       # a count of pieces of any kind (the badge says it)
        return dict(zip(KINDS, pos.state["hands"][self.sides.index(side)]))

    def side_letter(self, side: str) -> str:
        return side[0]

    def _hand_text(self, side: str, hand) -> str:
        if self.split is None:
            return str(hand) if hand else "-"
        parts = [f"{LETTER[k]}{n}" for k, n in zip(KINDS, hand) if n]
        text = "".join(parts) or "-"
        return text if side == "red" else text.lower()

    def _parse_hand(self, side: str, text: str):
        if self.split is None:
            if text == "-":
                return 0
            if not text.isdigit() or int(text) > 33:
                raise NotationError(f"{side}'s hand with split=free is a count of pieces (0 to 33) or '-', "
                                    f"not {text!r}")
            return int(text)
        if text == "-":
            return (0, 0, 0)
        counts = dict.fromkeys(KINDS, 0)
        want = text.upper() if side == "red" else text.lower()
        if text != want or not re.fullmatch(r"([SFOsfo]\d{1,2})+", text):
            case = "upper" if side == "red" else "lower"
            raise NotationError(f"{side}'s hand is written like {'S11F11O11' if side == 'red' else 's11f11o11'} "
                                f"({case} case letters with counts) or '-', not {text!r}")
        for letter, n in re.findall(r"([SFOsfo])(\d{1,2})", text):
            kind = {"S": "snake", "F": "fox", "O": "stone"}[letter.upper()]
            counts[kind] += int(n)
        hand = tuple(counts[k] for k in KINDS)
        if any(n > m for n, m in zip(hand, self.split)):
            raise NotationError(f"{side}'s hand holds more than the split {self.opts['split']} allows")
        return hand

    def _read_hands(self, text: str) -> tuple:
        parts = text.split("/")
        if len(parts) != 2:
            raise NotationError(f"the hands are Red's then Green's, split by '/', not {text!r}")
        return tuple(self._parse_hand(s, t) for s, t in zip(self.sides, parts))

    def _write_hands(self, hands) -> str:
        return "/".join(self._hand_text(s, h) for s, h in zip(self.sides, hands))

    def hand_size(self, hand) -> int:
        return hand if isinstance(hand, int) else sum(hand)

    def validate(self, pos: Position) -> None:
        g = self.geometry
        st = pos.state
        fishers = [s for s, p in pos.pieces(None)]
        if len(fishers) != 1:
            raise NotationError(f"there must be one Fisher (*) on the board, not {len(fishers)}")
        for sq, p in pos.pieces():
            if p.side is not None and (self.goal[sq] or sq == self.center):
                where = "the goal row" if self.goal[sq] else "the Fisher square"
                raise NotationError(f"the {self.kind_name(p.kind).lower()} on {g.names[sq]} stands on {where}: "
                                    f"only the Fisher may")
        placing = st["phase"] == "place"
        for side, hand in zip(self.sides, st["hands"]):
            on_board = sum(1 for _ in pos.pieces(side))
            if on_board + self.hand_size(hand) > 33:
                raise NotationError(f"{side} has {on_board + self.hand_size(hand)} pieces on the "
                                    f"board and in hand; a side has 33")
            if not placing and self.hand_size(hand):
                raise NotationError(f"{side} still has pieces in hand, so the phase is place")
        if placing:
            if st["holder"] or st["clock"]:
                raise NotationError("nobody holds the Fisher and the clock is 0 while placing")
            if fishers[0] != self.center:
                raise NotationError("while placing, the Fisher is on its square "
                                    f"{g.names[self.center]}")
            red, green = (self.hand_size(h) for h in st["hands"])
            if red == green == 0:
                raise NotationError("both hands are empty, so the phase is capture")
            want = "green" if red == green else "red"
            if red - green not in (0, 1) or pos.to_move != want:
                raise NotationError("Green places first and the players alternate: "
                                    f"with these hands it is {want} to place")
        if st["phase"] == "capture":
            if st["holder"] == pos.to_move:
                raise NotationError("a player who begins a turn holding the Fisher is in the dance")
        if st["phase"] == "dance" and not st["holder"]:
            raise NotationError("in the dance someone holds the Fisher")
        for side, hand in zip(self.sides, st["hands"]):
            if self.split is None:
                break
            for kind, in_hand, most in zip(KINDS, hand, self.split):
                n = in_hand + sum(1 for _ in pos.pieces(side, kind))
                if n > most:
                    raise NotationError(f"{side} has {n} {PLURAL[kind]} on the board and in "
                                        f"hand; the split {self.opts['split']} gives {most}")

    # ------------------------------------------------------------ threats
    def attacked(self, board: list, t: int, side: str) -> bool:
        """Does a ``side`` piece threaten square ``t``? A Snake or Fox
        threatens along its lines up to the first piece, the goal row and the
        Fisher square included but never past the Fisher square; a Stone
        threatens the eight squares around it."""
        rays = self.rays
        for v in DIAGONAL:
            for s in rays[v][t]:
                p = board[s]
                if p is not None:
                    if p.kind == "snake" and p.side == side:
                        return True
                    break
        for v in ORTHOGONAL:
            for s in rays[v][t]:
                p = board[s]
                if p is not None:
                    if p.kind == "fox" and p.side == side:
                        return True
                    break
        for s in self.steps[t]:
            p = board[s]
            if p is not None and p.kind == "stone" and p.side == side:
                return True
        return False

    def fisher_reach(self, board: list, fsq: int, side: str) -> list[tuple[int, bool]]:
        """``(to, takes)``: where the Fisher on ``fsq`` could go if ``side``
        moved it, before the safety and goal-row rules."""
        nature = self.nature(fsq)
        out: dict[int, bool] = {}
        if nature != "black":
            for table in self.fisher_rays:
                for t in table[fsq]:
                    if board[t] is not None:
                        break
                    out[t] = False
        if nature != "white":
            any_piece = self.opts["fisher_takes"] == "any"
            for t in self.steps[fsq]:
                p = board[t]
                if p is None:
                    out[t] = False
                elif p.side is not None and (any_piece or p.side != side):
                    out[t] = True
        return list(out.items())

    def safe_after(self, board: list, fsq: int, to: int, takes: bool, enemy: str) -> bool:
        """Is ``to`` free of ``enemy``'s threats once the Fisher has moved there?"""
        saved = board[to]
        board[fsq] = None
        if takes:
            board[to] = None
        try:
            return not self.attacked(board, to, enemy)
        finally:
            board[to] = saved
            board[fsq] = FISHER

    def fisher_moves(self, board: list, fsq: int, side: str) -> list[tuple[int, bool]]:
        """The Fisher moves ``side`` may make: onto no square the opponent
        threatens, and onto the goal row only from the ring next to it, from
        the goal row itself, or when threatened with no safe square off it."""
        enemy = self.opponent(side)
        safe = [(t, k) for t, k in self.fisher_reach(board, fsq, side)
                if self.safe_after(board, fsq, t, k, enemy)]
        goal = self.goal
        if not goal[fsq] and not self.ring2[fsq]:
            off = any(not goal[t] for t, _ in safe)
            if off or not self.attacked(board, fsq, enemy):
                safe = [(t, k) for t, k in safe if not goal[t]]
        return safe

    def controls(self, board: list, fsq: int, side: str) -> bool:
        """The text's test for taking the Fisher: ``side`` threatens it and
        every square it could move to, and has a safe square to move it to."""
        if not self.attacked(board, fsq, side):
            return False
        enemy = self.opponent(side)
        for t, k in self.fisher_reach(board, fsq, enemy):
            if self.safe_after(board, fsq, t, k, side):
                return False
        return bool(self.fisher_moves(board, fsq, side))

    def fisher_square(self, pos: Position) -> int:
        s = self.neutral_square(pos.board)
        if s is None:
            raise NotationError("there is no Fisher on the board")
        return s

    # --------------------------------------------------------------- moves
    def legal_moves(self, pos: Position) -> list[Move]:
        st = pos.state
        side = pos.to_move
        if st["phase"] == "place":
            return self.drops(pos)
        names = self.geometry.names
        moves = self._board_moves(pos, False)
        if moves is None:
            moves = []
        elif not moves and st["holder"] != side:
            for sq, p in pos.pieces(side):
                moves.append(Move("x" + names[sq], (Remove(sq, capture=False),), sq, None,
                                  label=f"Remove the {p.kind} on {names[sq]} (attrition)",
                                  aliases=("-" + names[sq],), kind="remove"))
        return self._repetition(pos, moves)

    def _board_moves(self, pos: Position, captures: bool, fisher_all: bool = False) -> list[Move] | None:
        """The Fisher's moves and the pieces' (or their captures alone;
        ``fisher_all``: and all the Fisher's moves), in the order of
        ``legal_moves``, before the repetition rule; ``None`` when the
        Fisher is threatened and has no move (he must move)."""
        st = pos.state
        side = pos.to_move
        board = pos.board
        names = self.geometry.names
        moves: list[Move] = []
        fsq = self.fisher_square(pos)
        if st["phase"] == "dance" and st["holder"] == side:
            for t, takes in self.fisher_moves(board, fsq, side):
                if captures and not takes and not fisher_all:
                    continue
                effects = ((Remove(t),) if takes else ()) + (Shift(fsq, t),)
                moves.append(Move(names[fsq] + names[t], effects, fsq, t,
                                  label=self._fisher_label(side, t)))
            if self.attacked(board, fsq, self.opponent(side)):
                return moves if moves or captures else None   # a threatened Fisher must move
        moves += self.piece_moves(pos, captures)
        return moves

    def has_legal_move(self, pos: Position) -> bool:
        st = pos.state
        if st["phase"] == "place":
            return bool(self.drops(pos))
        side = pos.to_move
        board = pos.board
        fsq = self.fisher_square(pos)
        if st["phase"] == "dance" and st["holder"] == side:
            if self.fisher_moves(board, fsq, side):
                return True
            if self.attacked(board, fsq, self.opponent(side)):
                return False                  # a threatened Fisher must move
        # a piece's move, or else (not holding the Fisher) attrition; the
        # repetition rule never empties the list (it adds the declaration)
        return bool(self.piece_moves(pos, first=True)) or (
            st["holder"] != side and any(p is not None and p.side == side for p in board))

    def capture_moves(self, pos: Position) -> list[Move]:
        if pos.state["phase"] == "place":
            return []
        moves = self._board_moves(pos, True)
        banned = self.forbidden(pos)
        return [m for m in moves if m.notation not in banned] if banned else moves

    def _fisher_label(self, side: str, to: int) -> str:
        c = self.goal_colour[to]
        if c is None:
            return ""
        if c != side:
            return f"onto a {c} goal square: {side} loses"
        if self.geometry.rank(to) == self.target_row[side]:
            return f"onto a {c} square of {self.opponent(side)}'s back row: {side} wins"
        return ""

    def drops(self, pos: Position) -> list[Move]:
        side = pos.to_move
        i = self.sides.index(side)
        hands = pos.state["hands"]
        hand = hands[i]
        names = self.geometry.names
        board = pos.board
        kinds = []
        for j, kind in enumerate(KINDS):
            if self.split is None:
                if hand:
                    kinds.append((kind, hand - 1))
            elif hand[j]:
                kinds.append((kind, hand[:j] + (hand[j] - 1,) + hand[j + 1:]))
        out = []
        for kind, left in kinds:
            new_hands = (left, hands[1]) if i == 0 else (hands[0], left)
            piece = Piece(kind, side)
            letter = LETTER[kind]
            lower, label = letter.lower(), kind.capitalize()   # once, not per square
            setter = SetState("hands", new_hands)
            for sq in self.surface:
                if board[sq] is None:
                    n = names[sq]
                    out.append(Move(f"{letter}@{n}", (Place(sq, piece), setter), None, sq, drop=kind,
                                    label=label, aliases=(f"{lower}@{n}", f"{letter}{n}"),
                                    kind="drop"))
        return out

    def piece_moves(self, pos: Position, captures: bool = False, first: bool = False) -> list[Move]:
        """The pieces' moves (``captures``: their captures alone; ``first``:
        stop at the first move found)."""
        side = pos.to_move
        board = pos.board
        step, take = self.step_move, self.take_move
        goal = self.goal
        center = self.center
        rays = self.rays
        out = []
        for sq, p in enumerate(board):
            if p is None or p.side != side:
                continue
            if p.kind == "stone":
                if captures:
                    continue
                for t in self.steps[sq]:
                    if board[t] is None and not goal[t] and t != center:
                        out.append(step(sq, t))
                        if first:
                            return out
                continue
            for v in (DIAGONAL if p.kind == "snake" else ORTHOGONAL):
                for t in rays[v][sq]:
                    if goal[t]:
                        break
                    q = board[t]
                    if q is None:
                        if not captures:
                            out.append(step(sq, t))
                            if first:
                                return out
                        continue
                    if q.side is not None and q.side != side and q.kind != "stone":
                        out.append(take(sq, t))
                        if first:
                            return out
                    break
        return out

    # ---------------------------------------------------------- repetition
    def forbidden(self, pos: Position) -> set[str]:
        """Replies the repetition rule forbids: the two-move sequence made of
        the opponent's last move and this reply has been played twice."""
        trail = pos.state.get("trail") or ()
        if len(trail) < 5:
            return set()
        prev, cur = trail[-2][0], trail[-1][0]
        seen: dict[str, int] = {}
        for i in range(len(trail) - 2):
            if trail[i][0] == prev and trail[i + 1][0] == cur:
                n = trail[i + 2][1]
                seen[n] = seen.get(n, 0) + 1
        return {n for n, c in seen.items() if c >= 2}

    def _repetition(self, pos: Position, moves: list[Move]) -> list[Move]:
        banned = self.forbidden(pos)
        if not banned or not any(m.notation in banned for m in moves):
            return moves
        kept = [m for m in moves if m.notation not in banned]
        kept.append(Move(DECLARE, (SetState("declared", True),), label="Declare a stalemate (repetition)",
                         aliases=("declare",), kind="declare"))
        return kept

    def _key(self, board, to_move, holder, phase) -> int:
        return hash((tuple(board), to_move, holder, phase))

    # --------------------------------------------------------------- apply
    def apply(self, pos: Position, move: Move) -> Position:
        new = super().apply(pos, move)
        st = new.state
        mover = pos.to_move
        phase = st["phase"]
        if move.kind == "declare":
            return new
        if phase == "place":
            if not any(self.hand_size(h) for h in st["hands"]):
                st["phase"] = "capture"
                st["trail"] = ((self._key(new.board, new.to_move, None, "capture"), move.notation),)
            return new
        fsq = self.fisher_square(new)
        holder = st["holder"]
        took = bool(move.captured())
        new_holder, new_phase = holder, phase
        if holder != mover and self.controls(new.board, fsq, mover):
            new_holder = mover
        elif phase == "capture" and holder is not None:
            # The holder's opponent has had their turn without taking it back.
            if self.fisher_moves(new.board, fsq, holder):
                new_phase = "dance"
            else:
                new_holder = None   # frozen: neutral again
        st["holder"], st["phase"] = new_holder, new_phase
        quiet = not took and new_holder == holder and new_phase == phase
        st["clock"] = st["clock"] + 1 if quiet else 0
        key = self._key(new.board, new.to_move, new_holder, new_phase)
        irreversible = took or move.kind == "remove" or new_holder != holder or new_phase != phase
        trail = st["trail"] or ((self._key(pos.board, pos.to_move, holder, phase), ""),)
        st["trail"] = ((key, move.notation),) if irreversible else trail + ((key, move.notation),)
        return new

    # ------------------------------------------------------------- results
    def win_candidates(self, pos: Position, moves: list[Move]) -> list[Move]:
        """On the board a move wins at once only by moving the Fisher or
        by taking (the other side's last piece)."""
        if pos.state["phase"] == "place":
            return moves
        fsq = self.neutral_square(pos.board)
        return [m for m in moves if m.frm == fsq or m.captured()]

    def win_candidate_moves(self, pos: Position) -> list[Move]:
        """The same, made without the pieces' other moves."""
        if pos.state["phase"] == "place":
            return super().win_candidate_moves(pos)
        moves = self._board_moves(pos, True, fisher_all=True)
        banned = self.forbidden(pos)
        return [m for m in moves if m.notation not in banned] if banned else moves

    def memoryless_plies(self) -> int:
        """The referee reads the last ply; the repetition rule reads the
        trail, which is part of the position."""
        return UNBOUNDED

    def result(self, game) -> Result | None:
        pos = game.current
        st = pos.state
        if st["phase"] == "place":
            return None
        if game.history:
            ply = game.history[-1]
            move, before = ply.move, ply.before
            mover = before.to_move
            if move.kind == "declare":
                return Result(None, f"{mover} declared a stalemate after a repeated sequence of moves",
                              "repetition")
            if move.frm is not None and before.board[move.frm] == FISHER:
                c = self.goal_colour[move.to]
                if c is not None and c != mover:
                    return Result(c, f"{mover} moved the Fisher onto a {c} square of the goal row", "fisher")
                if c == mover and self.geometry.rank(move.to) == self.target_row[mover]:
                    return Result(mover, f"{mover} brought the Fisher to a {mover} square "
                                         f"of {self.opponent(mover)}'s back goal row", "fisher")
        present = {p.side for p in pos.board if p is not None}
        for side in self.sides:
            if side not in present:
                return Result(self.opponent(side), f"all of {side}'s pieces are gone", "captured-all")
        if st["phase"] == "dance" and st["clock"] >= self.opts["quiet_limit"]:
            return Result(None, f"stalemate: {self.opts['quiet_limit']} moves of the dance "
                                f"without a capture or a change of control", "move-limit")
        limit = self.opts["capture_limit"]
        if st["phase"] == "capture" and limit and st["clock"] >= limit:
            return Result(None, f"stalemate: {limit} moves of phase two "
                                f"without a capture or a change of control", "move-limit")
        if not game.has_legal_move():
            side = pos.to_move
            fsq = self.fisher_square(pos)
            if self.attacked(pos.board, fsq, self.opponent(side)):
                why = "the threatened Fisher has no safe square"
            else:
                why = "no safe Fisher move and no other move"
            return Result(None, f"stalemate: {side} holds the Fisher; {why}", "stalemate")
        return None

    # -------------------------------------------------------- descriptions
    def status(self, pos: Position) -> str:
        st = pos.state
        side = pos.to_move.capitalize()
        if st["phase"] == "place":
            return f"Placement: {side} places a piece"
        holder = st["holder"]
        if st["phase"] == "capture":
            if holder:
                return (f"Capture: {side} to move; {holder.capitalize()} has taken the Fisher "
                        f"and {side} may take it back or freeze it")
            return f"Capture: {side} to move; the Fisher is neutral"
        text = f"The dance: {side} to move; {holder.capitalize()} holds the Fisher"
        if holder == pos.to_move:
            fsq = self.fisher_square(pos)
            if self.attacked(pos.board, fsq, self.opponent(holder)):
                text += ", which is threatened and must move"
        return text

    def badges(self, pos: Position) -> list[dict]:
        st = pos.state
        number, name = {"place": (1, "placement"), "capture": (2, "capture"), "dance": (3, "the dance")}[st["phase"]]
        out = [{"name": "phase", "value": name, "detail": f"({number} of 3)"}]
        if st["phase"] == "place":
            for side, hand in zip(self.sides, st["hands"]):
                if self.split is None:
                    detail = f"{hand} pieces of any kind"
                else:
                    detail = ", ".join(f"{n} {k}{'s' if n != 1 else ''}".replace("foxs", "foxes")
                                       for k, n in zip(KINDS, hand))
                out.append({"name": f"{side} hand", "value": str(self.hand_size(hand)), "detail": detail})
        else:
            holder = st["holder"]
            out.append({"name": "Fisher", "value": held_by(holder, "neutral"),
                        "detail": "" if holder else "nobody holds it"})
        limit = {"dance": self.opts["quiet_limit"], "capture": self.opts["capture_limit"]}.get(st["phase"])
        if limit:
            out.append({"name": "quiet moves", "value": f"{st['clock']}/{limit}",
                        "detail": "moves without a capture or a change of control"})
        return out

    def move_name(self, pos: Position, move: Move) -> str:
        """The notation; a Fisher move starts with ``*`` (``*c3xb4`` when it
        takes); `` +F`` when the move takes control of the Fisher, `` -F``
        when it freezes it back to neutral."""
        name = move.notation
        g = self.geometry
        if move.kind == "move" and pos.board[move.frm] == FISHER:
            name = f"*{g.names[move.frm]}{'x' if move.captured() else ''}{g.names[move.to]}"
        if pos.state["phase"] != "place" and move.kind != "declare":
            before = pos.state["holder"]
            after = self.apply(pos, move).state["holder"]
            if after != before:
                name += " +F" if after == pos.to_move else " -F"
        return name

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        g = self.geometry
        st = pos.state
        side = pos.to_move
        m = re.fullmatch(r"([SFOsfo])@?([a-p]\d{1,2})", text)
        if m:
            kind = {"S": "snake", "F": "fox", "O": "stone"}[m.group(1).upper()]
            sq = g.parse(m.group(2))
            if st["phase"] != "place":
                raise IllegalMoveError(f"{text}: the placement is over; pieces now move")
            if self.goal[sq]:
                raise IllegalMoveError(f"{text}: nothing may be placed on the goal row")
            if sq == self.center:
                raise IllegalMoveError(f"{text}: only the Fisher may stand on the Fisher square")
            if pos.board[sq] is not None:
                raise IllegalMoveError(f"{text}: {g.names[sq]} is taken")
            raise IllegalMoveError(f"{text}: {side} has no {kind} left to place")
        if st["phase"] == "place":
            raise IllegalMoveError(f"{text}: this is the placement: {side} places a piece, like S@e5")
        if text in (DECLARE, "declare"):
            raise IllegalMoveError("a stalemate may be declared only when the repetition rule "
                                   "forbids a move")
        m = re.fullmatch(r"[x-]([a-p]\d{1,2})", text)
        if m:
            raise IllegalMoveError(f"{text}: a piece is removed only by a player who cannot move "
                                   f"and does not hold the Fisher")
        m = re.fullmatch(r"([a-p]\d{1,2})([a-p]\d{1,2})", text)
        if m:
            frm, to = g.parse(m.group(1)), g.parse(m.group(2))
            p = pos.board[frm]
            if p is not None and p.kind == "fisher":
                if st["holder"] != side:
                    raise IllegalMoveError(f"{text}: only the player who holds the Fisher when the turn "
                                           f"begins may move it")
                enemy = self.opponent(side)
                reach = dict(self.fisher_reach(pos.board, frm, side))
                if to in reach:
                    if not self.safe_after(pos.board, frm, to, reach[to], enemy):
                        raise IllegalMoveError(f"{text}: the Fisher may not move onto a threatened square")
                    if self.goal[to]:
                        raise IllegalMoveError(f"{text}: the Fisher enters the goal row only from the "
                                               f"squares next to it, or when threatened with no safe "
                                               f"square off it")
            elif p is not None and p.side == side and st["holder"] == side and st["phase"] == "dance" \
                    and self.attacked(pos.board, self.fisher_square(pos), self.opponent(side)):
                raise IllegalMoveError(f"{text}: the Fisher is threatened, so it must move")
            elif p is not None and p.side == side:
                if self.goal[to]:
                    raise IllegalMoveError(f"{text}: only the Fisher may enter the goal row")
                if to == self.center:
                    raise IllegalMoveError(f"{text}: only the Fisher may enter the Fisher square")
                q = pos.board[to]
                if q is not None and q.kind == "stone" and q.side != side:
                    raise IllegalMoveError(f"{text}: a stone can be taken only by the Fisher")
                if p.kind == "stone" and q is not None:
                    raise IllegalMoveError(f"{text}: stones never take")
            if text in self.forbidden(pos):
                raise IllegalMoveError(f"{text}: this would repeat the same two-move sequence a third "
                                       f"time; move differently or declare a stalemate")
        super().explain_illegal(text, pos, moves)

    # ---------------------------------------- the computer (sharah_web.search)
