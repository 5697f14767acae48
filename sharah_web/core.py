"""The move model shared by every game.

A position is a board (a list of pieces or ``None``), the side to move and a
small dict of game state (die roll, Fisher control, phase, counters...),
which its position text writes after the side to move in the fields the
game declares (``StateField``, ``Variant.position_fields``).
A move is a tuple of atomic effects applied in order:

- ``Shift(frm, to)``: a piece goes from one square to an empty one;
- ``Remove(sq)``: a piece leaves the board (a capture of any kind;
  ``Remove(sq, capture=False)`` when it leaves without being taken, as a
  piece that merges into another);
- ``Place(sq, piece)``: a piece arrives on an empty square (a drop);
- ``Change(sq, piece)``: the piece on a square becomes another (promotion,
  merge, a new facing);
- ``SetState(key, value)``: game state changes (hand over the Fisher, phase,
  en passant square, counters);
- ``Turn(side)``: who moves next, when it is not simply the other side.

Captures by displacement, withdrawal, approach, leap or custodian are all
``Remove`` plus ``Shift``; pushes and pulls are extra ``Shift`` effects; a
pass is a move with no board effect. So one model carries every game.

Effects and moves are values: once made, never changed (they compare and
hash by value). They are not ``frozen`` dataclasses only because building a
frozen one costs about four times as much, and move generation builds
millions of them (a Light/Shadow perft(2) makes 1.1 million moves).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from importlib import import_module
from typing import Any, Iterable

from .errors import IllegalMoveError, NotationError   # re-exported: most callers import them from here
from .geometry import Geometry


DIGITS = "0123456789"     # str.isdigit() also takes other scripts' digits
MAX_POSITION_TEXT = 4000  # characters; the longest real position is about 1,000


class Piece:
    """A piece: its kind, its side (``None``: neutral, the Fisher) and its
    facing (``None`` for a piece without one). A value, and one object per
    value: ``Piece("rook", "white")`` is always the same object, so
    comparing and hashing pieces (a board in a key, ``board[sq] == FISHER``)
    costs no Python call (the search hashes whole boards at every node)."""

    __slots__ = ("kind", "side", "facing")
    _made: dict = {}

    def __new__(cls, kind: str, side: str | None, facing: str | None = None) -> "Piece":
        key = (kind, side, facing)
        piece = cls._made.get(key)
        if piece is None:
            piece = object.__new__(cls)
            object.__setattr__(piece, "kind", kind)
            object.__setattr__(piece, "side", side)
            object.__setattr__(piece, "facing", facing)
            cls._made[key] = piece
        return piece

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a piece never changes (its {name}): make another")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a piece never changes (its {name})")

    def __reduce__(self):
        return Piece, (self.kind, self.side, self.facing)

    def __copy__(self) -> "Piece":
        return self

    def __deepcopy__(self, memo) -> "Piece":
        return self

    def __repr__(self) -> str:
        return f"Piece(kind={self.kind!r}, side={self.side!r}, facing={self.facing!r})"

    def with_(self, **changes) -> "Piece":
        d = {"kind": self.kind, "side": self.side, "facing": self.facing}
        d.update(changes)
        return Piece(**d)


def squares_of(board: list, piece: Piece) -> list[int]:
    """The squares where ``piece`` stands on ``board``, in board order
    (found by the list's own search: one piece object per value)."""
    out = []
    i = -1
    for _ in range(board.count(piece)):
        i = board.index(piece, i + 1)
        out.append(i)
    return out


def rank_text(tokens: Iterable[str | None]) -> str:
    """One rank of a position text: piece tokens, runs of empty squares
    (``None``) as a count. ``["e", None, None, "k"]`` -> ``"e2k"``."""
    out, empty = [], 0
    for token in tokens:
        if token is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(token)
    if empty:
        out.append(str(empty))
    return "".join(out)


# ---------------------------------------------------------------- effects

@dataclass(slots=True, unsafe_hash=True)
class Shift:
    frm: int
    to: int

    def apply(self, pos: "Position") -> None:
        b = pos.board
        if b[self.frm] is None or b[self.to] is not None:
            raise AssertionError(f"bad move effect {self} on {pos.board_text()}")
        b[self.to] = b[self.frm]
        b[self.frm] = None


@dataclass(slots=True, unsafe_hash=True)
class Remove:
    sq: int
    capture: bool = True   # False: the piece leaves the board without being taken

    def apply(self, pos: "Position") -> None:
        if pos.board[self.sq] is None:
            raise AssertionError(f"nothing to remove at {self.sq}")
        pos.board[self.sq] = None


@dataclass(slots=True, unsafe_hash=True)
class Place:
    sq: int
    piece: Piece

    def apply(self, pos: "Position") -> None:
        if pos.board[self.sq] is not None:
            raise AssertionError(f"square {self.sq} is occupied")
        pos.board[self.sq] = self.piece


@dataclass(slots=True, unsafe_hash=True)
class Change:
    sq: int
    piece: Piece

    def apply(self, pos: "Position") -> None:
        if pos.board[self.sq] is None:
            raise AssertionError(f"nothing to change at {self.sq}")
        pos.board[self.sq] = self.piece


@dataclass(slots=True, unsafe_hash=True)
class SetState:
    key: str
    value: Any

    def apply(self, pos: "Position") -> None:
        pos.state[self.key] = self.value


@dataclass(slots=True, unsafe_hash=True)
class Turn:
    side: str

    def apply(self, pos: "Position") -> None:
        pos.to_move = self.side


@dataclass(slots=True, unsafe_hash=True)
class Move:
    """A legal move: what the widget narrows by (``frm``, ``to``, ``drop``),
    its notation, a label for a choice, and the effects that make it."""

    notation: str
    effects: tuple
    frm: int | None = None
    to: int | None = None
    drop: str | None = None      # kind placed from the hand, for drops
    label: str = ""              # shown when several moves share frm/to
    aliases: tuple[str, ...] = ()  # other accepted spellings
    kind: str = "move"           # "move", "drop", "pass", "remove", ...
    _facts: tuple | None = field(default=None, compare=False, repr=False)   # see facts()

    def __str__(self) -> str:
        return self.notation

    def captured(self) -> list[int]:
        """Squares of the pieces this move takes (not of pieces that merely leave)."""
        return list((self._facts or self.facts())[0])

    def facts(self) -> tuple[tuple[int, ...], bool]:
        """``(squares of the pieces it takes, whether it changes the game
        state)``: what the search asks of a move again and again, worked out
        once (a move never changes; this is no part of its value)."""
        facts = self._facts
        if facts is None:
            effects = self.effects
            facts = self._facts = (tuple(e.sq for e in effects if isinstance(e, Remove) and e.capture),
                                   any(isinstance(e, SetState) for e in effects))
        return facts

    def touched(self) -> set[int]:
        """Every square this move changes, for highlighting."""
        out: set[int] = set()
        for e in self.effects:
            if isinstance(e, Shift):
                out.update((e.frm, e.to))
            elif isinstance(e, (Remove, Place, Change)):
                out.add(e.sq)
        return out


# -------------------------------------------------------------- positions

class Position:
    """A board, the side to move and the game's state; ``terms``: the
    evaluation's sums, kept move by move in a search (``terms``), else
    ``None`` (a copy drops them: its board may be changed in place)."""

    __slots__ = ("variant", "board", "to_move", "state", "terms")

    def __init__(self, variant: "Variant", board: list, to_move: str, state: dict | None = None):
        self.variant = variant
        self.board = board
        self.to_move = to_move
        self.state = dict(state or {})
        self.terms: Any = None

    @property
    def geometry(self) -> Geometry:
        return self.variant.geometry

    def copy(self) -> "Position":
        return Position(self.variant, self.board[:], self.to_move, self.state)

    def piece_at(self, sq: int) -> Piece | None:
        return self.board[sq]

    def pieces(self, side: str | None = ..., kind: str | None = None) -> Iterable[tuple[int, Piece]]:
        for sq, p in enumerate(self.board):
            if p is None:
                continue
            if side is not ... and p.side != side:
                continue
            if kind is not None and p.kind != kind:
                continue
            yield sq, p

    def find(self, kind: str, side: str | None) -> int | None:
        for sq, p in enumerate(self.board):
            if p is not None and p.kind == kind and p.side == side:
                return sq
        return None

    def opponent(self, side: str | None = None) -> str:
        return self.variant.opponent(side or self.to_move)

    def board_text(self) -> str:
        return self.variant.board_text(self)

    def text(self) -> str:
        return self.variant.position_text(self)

    def key(self) -> tuple:
        """A hashable identity for repetition checks."""
        return (tuple(self.board), self.to_move, tuple(sorted(self.state.items())))

    def apply(self, move: Move) -> "Position":
        """A new position with ``move`` played; this one is unchanged."""
        return self.variant.apply(self, move)


UNBOUNDED = 10 ** 9     # Variant.memoryless_plies of a game whose referee reads only the last ply


# How a game can end: ``Result.termination``, a short code that does not
# change with the wording of ``Result.reason`` (records, the widget and tests
# tell endings apart by it). The winner is a separate field: a stalemate wins
# in Oblong Shatranj and Scheherazade and is a draw in the Sha'rah games.
TERMINATIONS = {
    "checkmate": "the side to move is in check and has no legal move",
    "stalemate": "the side to move cannot move (chess-like games), or a Sha'rah "
                 "stalemate rule: the Fisher's holder cannot move him, or the "
                 "other side has no court piece left",
    "bare-king": "a king has nothing left but itself",
    "king-captured": "a king was taken (Oblong Shatranj with the die)",
    "captured-all": "one side has no piece left (Mittner's Sha'rah)",
    "no-majors": "a side has lost its last advancer, zapper and gambler (Hedman's Sha'rah)",
    "no-court": "the Fisher's holder has no court piece left (Light and Shadow)",
    "fisher": "the Fisher reached a square that decides the game",
    "race": "the Queens' race ended: a Queen came home, or was lost (Light and Shadow)",
    "repetition": "the same position, or the same sequence of moves, came back",
    "move-limit": "too many moves in a row without a capture (or other progress)",
    "agreement": "the players agreed to a draw",
}


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winner (``None`` for a draw), the reason in
    words for the player, and ``termination``, one of ``TERMINATIONS``."""

    winner: str | None   # a side name, or None for a draw
    reason: str
    termination: str

    def __post_init__(self):
        if self.termination not in TERMINATIONS:
            raise ValueError(f"unknown termination {self.termination!r} "
                             f"(known: {', '.join(TERMINATIONS)})")

    def __str__(self) -> str:
        return f"{self.winner} wins: {self.reason}" if self.winner else f"draw: {self.reason}"


# --------------------------------------------------------------- variants

@dataclass(frozen=True)
class Option:
    default: Any
    choices: tuple = ()
    doc: str = ""
    label: str = ""   # a short name for a settings panel

    def check(self, name: str, value: Any) -> Any:
        """``value`` as this option's type, exactly, or ``NotationError``.
        On/off: ``True``/``False`` or the words true, yes, on, 1, false, no,
        off, 0. A whole number: an ``int`` (never a ``bool``), a ``float``
        that is a whole number (``13.0``: JSON has one kind of number), or
        its ASCII digits as text (``"13"``); ``13.9``, ``True``, infinity
        and other scripts' digits are refused, never rounded. Text: a ``str``."""
        if isinstance(self.default, bool):
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                value = value.lower() in ("true", "yes", "on", "1")
            if not isinstance(value, bool):
                raise NotationError(f"option {name} is on or off (true/false), not {shown(value)}")
        elif isinstance(self.default, int):
            value = _whole_number(name, value)
        elif not isinstance(value, str):
            raise NotationError(f"option {name} takes text, not {shown(value)}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise NotationError(f"option {name} must be one of {allowed}, not {shown(value)}")
        return value


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET = _Unset()   # a StateField default: the key stays out of the state until the text sets it


@dataclass(frozen=True)
class StateField:
    """One field of the position text after the side to move, declared once
    (``Variant.position_fields``): reading it (``parse_state``), writing it
    (``format_state``) and the position editor's input (``state_fields``)
    all follow from the declaration.

    ``name`` is the key in ``Position.state``; ``label`` and ``doc`` are what
    the editor shows. The value is one of three kinds:

    - a choice: ``tokens`` lists ``(token, value, label)`` triples;
    - a whole number (a move clock): ``digits`` limits its length (0: none);
    - anything else: ``read(variant, token)`` and ``write(variant, value)``
      (``read`` raises ``NotationError``); ``kind`` "text", or "choice" when
      the editor offers the values the game lists (``Variant.field_choices``).

    A field may be left out at the end of the text (its ``default`` then),
    unless the game says every field is required (``state_required``). A
    field whose default is ``UNSET`` is a flag at the end: written only when
    its value has a token, and absent from the state when the text has none.
    ``bad`` is the message for a token that is not a value here."""

    name: str
    label: str
    doc: str
    default: Any = None
    tokens: tuple = ()
    digits: int = 0
    read: Any = None       # (variant, token) -> value
    write: Any = None      # (variant, value) -> token
    kind: str = ""         # "choice", "int" or "text"; from the above when left out
    bad: str = ""          # "... not {token!r}"

    @property
    def editor_type(self) -> str:
        return self.kind or ("choice" if self.tokens else "text" if self.read else "int")

    def parse(self, variant: "Variant", token: str) -> Any:
        if self.read is not None:
            return self.read(variant, token)
        if self.tokens:
            for t, value, _label in self.tokens:
                if t == token:
                    return value
        elif token.isdigit() and not (self.digits and len(token) > self.digits):
            return int(token)
        raise NotationError((self.bad or f"{self.label}: not {{token!r}}").format(token=token))

    def format(self, variant: "Variant", value: Any) -> str:
        """The token for ``value``; "" for a flag that is not set."""
        if self.write is not None:
            return self.write(variant, value)
        if self.tokens:
            for t, v, _label in self.tokens:
                if v == value:
                    return t
            if self.default is UNSET:
                return ""
            raise AssertionError(f"state {self.name}={value!r} has no token")
        return str(value)


def side_field(name: str, label: str, doc: str, sides: tuple[str, str], nobody: str,
               bad: str) -> StateField:
    """A side or nobody (who holds the Fisher): the side's first letter, or
    ``-`` for nobody (``None``, the value when left out)."""
    return StateField(name, label, doc, None,
                      (("-", None, nobody),) + tuple((s[0], s, s.capitalize()) for s in sides), bad=bad)


def clock_field(label: str, doc: str, digits: int = 4,
                bad: str = "the move clock must be a whole number, not {token!r}") -> StateField:
    """The move clock (state ``clock``): a whole number, 0 when left out."""
    return StateField("clock", label, doc, 0, digits=digits, bad=bad)


MAX_OPTION_DIGITS = 9   # a whole-number option's text: no option needs more


def _whole_number(name: str, value: Any) -> int:
    """An option's whole number, exactly (see ``Option.check``)."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        digits = value.strip().removeprefix("-")
        if digits and len(digits) <= MAX_OPTION_DIGITS and all(c in DIGITS for c in digits):
            number = int(value)
    if number is None:
        raise NotationError(f"option {name} takes a whole number, not {shown(value)}")
    if abs(number) >= 10 ** MAX_OPTION_DIGITS:
        raise NotationError(f"option {name} takes a whole number of at most {MAX_OPTION_DIGITS} digits, "
                            f"not {shown(value)}")
    return number


def shown(value: Any, n: int = 40) -> str:
    """``value`` as a message shows it: its ``repr``, cut after ``n``
    characters; safe for any value (a number too long to write, say)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return "a number too large to write"
    try:
        text = repr(value)
    except Exception:   # noqa: BLE001 - a value whose repr fails is still shown
        text = f"a {type(value).__name__}"
    return text if len(text) <= n else text[:n] + "…"


@dataclass(frozen=True)
class PieceType:
    kind: str
    letter: str          # upper case; the position text uses upper for the first side
    betza: str = ""      # movement in Betza's notation, only where that string makes the
                         # moves (Variant.betza_of); "" when the game's own code moves it
    name: str = ""       # display name (defaults to kind)
    value: float = 0.0   # rough value in pawns, for the computer opponent


class Variant:
    """A game's rules. Subclasses set the class attributes and override the
    hooks they need; the default hooks describe plain chess-like games."""

    id: str = ""
    title: str = ""
    width: int = 8
    height: int = 8
    sides: tuple[str, str] = ("white", "black")
    piece_types: tuple[PieceType, ...] = ()
    evaluation: str = ""        # the module beside the game's with its evaluate(rules, pos, side)
    neutral_symbol: dict[str, str] = {}     # neutral kinds: kind -> symbol in the text
    options: dict[str, Option] = {}
    red_spot_kinds: tuple[str, ...] = ()    # kinds drawn with a red spot
    # The ways of playing the game that the scripts play one by one (soak,
    # match, fuzz): a label -> its options (the site's own offerings).
    played: dict[str, dict[str, Any]] = {}
    # The options a random game fixes so that it is sure to end: an option
    # value that removes every end rule is never drawn (soak, fuzz, match,
    # the property tests: sharah_web.randomgame).
    random_end: dict[str, Any] = {}
    # The engine benchmark's perft jobs (scripts/bench.py): (label, options,
    # position text or None for the set-up, depth), each taking roughly
    # 1-5 s on CPython.
    bench_jobs: tuple[tuple[str, dict[str, Any], str | None, int], ...] = ()
    # The search benchmark's games (scripts/bench.py --search): (label,
    # options, the depth its positions are searched to, a few seconds in
    # all on CPython); the positions are kept under that label.
    bench_depths: tuple[tuple[str, dict[str, Any], int], ...] = ()
    # The options with which the benchmark times the computer's moves
    # (scripts/bench.py, in the browser).
    bench_search: tuple[dict[str, Any], ...] = ({},)
    # The options with which the benchmark reviews a 60-ply game in the
    # browser (scripts/bench.py --review): each way of playing it reviewed.
    bench_review: tuple[dict[str, Any], ...] = ({},)

    def __init__(self, **options):
        self.geometry = Geometry(self.width, self.height)
        self.opts: dict[str, Any] = {}
        for name, value in options.items():
            spec = self.options.get(name)
            if spec is None:
                known = ", ".join(self.options) or "none"
                raise NotationError(f"{self.id} has no option {shown(name)} (options: {known})")
            self.opts[name] = spec.check(name, value)
        for name, spec in self.options.items():
            self.opts.setdefault(name, spec.default)
        self.types = {t.kind: t for t in self.piece_types}
        self._kind_values = {t.kind: t.value for t in self.piece_types}   # PieceType.value
        self._steps: dict[int, Move] = {}      # step_move, take_move: made once
        self._takes: dict[int, Move] = {}
        self._neutral_hint = 0                  # neutral_square: where to look first
        self._evaluate = None                   # evaluate: the evaluation module's, once imported
        self._term_rows: dict[Piece, list[int]] = {}   # terms.row: each piece's, once made
        self._term_fields: tuple[str, ...] | None = None   # terms.fields, once read
        self.by_letter = {t.letter: t.kind for t in self.piece_types}
        self.symbol_kind = {s: k for k, s in self.neutral_symbol.items()}

    def search_tuning(self) -> dict[str, Any]:
        """The computer's search tuning in this game with these options:
        ``search.Tuning``'s fields that differ from its defaults."""
        return {}

    def review_nodes(self) -> int:
        """The node budget of a review's search of one position
        (``analysis.review_level``), as a level's: the game's search tuning
        scales it (the look-ahead's nodes, the safety pass's allowance).
        Measured per game (``scripts/bench.py --review``, in Pyodide) so
        that the review of a 60-ply game costs at most about 20 s of
        processor time: a third of the minute it may take in the browser
        (docs/about/benchmarks.md). Half the default level's, unless the
        game says otherwise."""
        return 3000

    def option_specs(self) -> list[dict]:
        """The options as plain data, for a settings panel: name, type,
        choices, the default, this game's value and a sentence of help."""
        out = []
        for name, spec in self.options.items():
            kind = "bool" if isinstance(spec.default, bool) else "int" if isinstance(spec.default, int) else "str"
            out.append({"name": name, "label": spec.label or name.replace("_", " ").capitalize(),
                        "type": kind, "choices": list(spec.choices),
                        "default": spec.default, "value": self.opts[name], "doc": spec.doc})
        return out

    # ---- sides and squares
    def opponent(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def forward(self, side: str | None) -> int:
        return 1 if side == self.sides[0] else -1

    def square_colour(self, sq: int) -> str:
        """The square's colour name, for drawing and for rules that use it."""
        return self.geometry.checker(sq)

    def status(self, pos: Position) -> str:
        """One line for the player: whose move it is and anything chance decided."""
        return f"{pos.to_move.capitalize()} to move"

    def badges(self, pos: Position) -> list[dict]:
        """Small facts shown beside a board: ``{"name", "value", "detail"}``
        (the die roll, who holds the Fisher, the phase...)."""
        return []

    def betza_of(self, kind: str) -> str:
        """The movement in Betza's notation that makes ``kind``'s moves
        (``movegen.Mover``, or the game's own table); "" when the game's own
        code moves it. The page of pieces quotes it (tests/test_pieces_page.py)."""
        return self.types[kind].betza

    def kind_name(self, kind: str) -> str:
        t = self.types.get(kind)
        return (t.name if t and t.name else kind)

    def hand_counts(self, pos: Position, side: str) -> dict[str, int] | None:
        """How many pieces of each kind ``side`` holds in hand, for games with
        drops (shown on the buttons beside the board); ``None`` when the hand
        is not counted by kind."""
        return None

    # ---- shortcuts: named sequences of ordinary moves a player may ask for
    def shortcuts(self, pos: Position) -> list[dict]:
        """Shortcuts offered in ``pos``: ``[{"name", "label"}]`` (for example
        "fill the placement at random"). The default: none."""
        return []

    def shortcut_moves(self, pos: Position, name: str, rng) -> list[str]:
        """The moves (notations) that make shortcut ``name`` from ``pos``,
        chance decided by ``rng``; they are played one by one as ordinary moves."""
        raise NotationError(f"there is no shortcut {name!r} here")

    # ---- positions
    def initial_position(self) -> Position:
        raise NotImplementedError

    def new_position(self, board_text: str, to_move: str | None = None, state: dict | None = None) -> Position:
        pos = Position(self, self.parse_board(board_text), to_move or self.sides[0], state)
        return pos

    def piece_token(self, piece: Piece) -> str:
        if piece.side is None:
            token = self.neutral_symbol[piece.kind]
        else:
            letter = self.types[piece.kind].letter if piece.kind in self.types else self.compound_letters(piece.kind)
            if len(letter) > 1:
                letter = f"({letter})"
            token = letter if piece.side == self.sides[0] else letter.lower()
        if piece.facing:
            token += ":" + piece.facing
        return token

    def compound_letters(self, kind: str) -> str:
        raise NotationError(f"unknown piece kind {kind!r}")

    def kind_from_letters(self, letters: str) -> str:
        kind = self.by_letter.get(letters)
        if kind is None:
            raise NotationError(f"unknown piece letter {letters!r} in {self.id}")
        return kind

    def board_text(self, pos: Position) -> str:
        g = self.geometry
        tokens = [None if p is None else self.piece_token(p) for p in pos.board]
        return "/".join(rank_text(tokens[r * g.width:(r + 1) * g.width])
                        for r in range(g.height - 1, -1, -1))

    def parse_piece(self, token: str, where: str) -> Piece:
        facing = None
        if ":" in token:
            token, facing = token.split(":", 1)
            if facing not in self.facings():
                raise NotationError(f"{where}: unknown facing {facing!r}")
        if token in self.symbol_kind:
            if facing:
                raise NotationError(f"{where}: the {self.symbol_kind[token]} has no facing")
            return Piece(self.symbol_kind[token], None)
        letters = token.strip("()")
        if not letters.isalpha() or not (letters.isupper() or letters.islower()):
            raise NotationError(f"{where}: {token!r} is not a piece")
        side = self.sides[0] if letters.isupper() else self.sides[1]
        kind = self.kind_from_letters(letters.upper())
        if facing and not self.has_facing(kind):
            raise NotationError(f"{where}: a {self.kind_name(kind)} has no facing")
        if not facing and self.has_facing(kind):
            raise NotationError(f"{where}: a {self.kind_name(kind)} needs a facing, like :n")
        return Piece(kind, side, facing)

    def facings(self) -> tuple[str, ...]:
        return ("n", "ne", "e", "se", "s", "sw", "w", "nw")

    def has_facing(self, kind: str) -> bool:
        return False

    def parse_board(self, text: str) -> list:
        g = self.geometry
        rows = text.split("/")
        if len(rows) != g.height:
            raise NotationError(f"the board has {g.height} ranks, the text gives {len(rows)}")
        board: list = []
        for i, row in enumerate(rows):
            rank = g.height - i
            cells: list = []
            j = 0
            while j < len(row):
                c = row[j]
                if c in DIGITS:
                    k = j
                    while k < len(row) and row[k] in DIGITS:
                        k += 1
                    if k - j > 2 or len(cells) + int(row[j:k]) > g.width:
                        raise NotationError(f"rank {rank}: {row[j:k]} empty squares do not fit "
                                            f"on a board {g.width} wide")
                    n = int(row[j:k])
                    if n == 0:
                        raise NotationError(f"rank {rank}: an empty-square count cannot be 0")
                    cells.extend([None] * n)
                    j = k
                    continue
                if c == "(":
                    k = row.find(")", j)
                    if k < 0:
                        raise NotationError(f"rank {rank}: '(' without ')'")
                    k += 1
                elif c in self.symbol_kind or c.isalpha():
                    k = j + 1
                else:
                    raise NotationError(f"rank {rank}: unexpected {c!r}")
                if k < len(row) and row[k] == ":":
                    m = k + 1
                    while m < len(row) and row[m].isalpha() and row[m].islower() and row[m] in "nsew":
                        m += 1
                    k = m
                cells.append(self.parse_piece(row[j:k], f"rank {rank}"))
                if len(cells) > g.width:
                    break
                j = k
            if len(cells) != g.width:
                raise NotationError(f"rank {rank} has {len(cells)} squares, the board is {g.width} wide")
            board[0:0] = cells
        return board

    def position_text(self, pos: Position) -> str:
        fields = [self.board_text(pos), self.side_letter(pos.to_move)]
        fields += self.format_state(pos)
        return " ".join(fields)

    def side_letter(self, side: str) -> str:
        return side[0]

    def parse_position(self, text: str) -> Position:
        """The position ``text`` describes; ``NotationError`` if it is
        malformed or cannot arise in this game."""
        pos = self.read_position(text)
        self.validate(pos)
        return pos

    def read_position(self, text: str) -> Position:
        """The position ``text`` describes, checked for form only: the
        position editor reads positions that ``validate`` may still refuse."""
        if not isinstance(text, str) or not text.strip():
            raise NotationError("empty position text")
        if len(text) > MAX_POSITION_TEXT:
            raise NotationError(f"position text is too long (at most {MAX_POSITION_TEXT} characters)")
        if not text.isascii():
            odd = next(c for c in text if not c.isascii())
            raise NotationError(f"position text uses plain letters, digits and signs only, not {odd!r}")
        fields = text.split()
        letters = {self.side_letter(s): s for s in self.sides}
        if len(fields) < 2 or fields[1] not in letters:
            shown = text if len(text) <= 80 else text[:80] + "..."
            raise NotationError(
                f"position text needs the board, then the side to move "
                f"({' or '.join(letters)}); got {shown!r}")
        pos = Position(self, self.parse_board(fields[0]), letters[fields[1]])
        pos.state = self.parse_state(fields[2:], pos)
        return pos

    # ---- the fields after the side to move (see StateField)
    position_fields: tuple[StateField, ...] = ()
    state_required: str = ""    # the message when the text must give every field
    hidden_state: dict = {}     # state that the text does not write, as it starts

    def blank_state(self) -> dict:
        """The state of a text that gives none of the fields."""
        state = {f.name: f.default for f in self.position_fields if f.default is not UNSET}
        state.update(self.hidden_state)
        return state

    def state_tokens(self, pos: Position) -> list[str]:
        """Each field's token in ``pos`` ("" for a flag that is not set)."""
        st = pos.state
        return [f.format(self, st.get(f.name, None if f.default is UNSET else f.default))
                for f in self.position_fields]

    def format_state(self, pos: Position) -> list[str]:
        return [t for t in self.state_tokens(pos) if t]

    def parse_state(self, fields: list[str], pos: Position) -> dict:
        specs = self.position_fields
        if not specs:
            if fields:
                raise NotationError(f"unexpected fields after the side to move: {' '.join(fields)}")
            return {}
        if self.state_required and len(fields) != len(specs):
            raise NotationError(self.state_required)
        state = self.blank_state()
        fields = list(fields)
        for spec in specs:
            if not fields:
                break
            if spec.default is UNSET and not any(fields[0] == t for t, _v, _l in spec.tokens):
                break
            state[spec.name] = spec.parse(self, fields.pop(0))
        if fields:
            raise NotationError(f"unexpected fields at the end of the position: {' '.join(fields)}")
        return state

    def validate(self, pos: Position) -> None:
        """Raise ``NotationError`` if the position cannot arise in this game."""

    def check_counts(self, pos: Position, pieces: int, kinds: dict[str, int]) -> None:
        """For a game where no side ever gains a piece: ``NotationError`` if
        a side has more than its ``pieces`` at the start, or more of a kind
        than ``kinds`` gives (``{"pawn": 8}``)."""
        for side in self.sides:
            n = sum(1 for _ in pos.pieces(side))
            if n > pieces:
                raise NotationError(f"{side} has {n} pieces; each side starts with {pieces} "
                                    f"and never gains one")
            for kind, most in kinds.items():
                n = sum(1 for _ in pos.pieces(side, kind))
                if n > most:
                    raise NotationError(f"{side} has {n} {kind}s; each side starts with {most}")

    def state_fields(self, pos: Position) -> list[dict]:
        """The position text's fields after the side to move, in order, for
        the position editor: ``{"name", "label", "type", "choices", "doc"}``
        each, ``choices`` the allowed values as ``[token, label]`` pairs
        ("choice"), or empty for a whole number ("int") or other text
        ("text"). ``state_tokens`` gives the values."""
        return [{"name": f.name, "label": f.label, "type": f.editor_type,
                 "choices": [list(c) for c in self.field_choices(f, pos)], "doc": f.doc}
                for f in self.position_fields]

    def field_choices(self, field: StateField, pos: Position) -> list[tuple[str, str]]:
        """The ``(token, label)`` pairs the editor offers for ``field`` in
        ``pos``: its tokens' by default ("" first, for "none", for a flag)."""
        none = [("", "none")] if field.default is UNSET else []
        return none + [(t, label) for t, _v, label in field.tokens]

    # ---- moves
    def legal_moves(self, pos: Position) -> list[Move]:
        raise NotImplementedError

    def neutral_square(self, board: list) -> int | None:
        """The square of the neutral piece (``side`` ``None``), in a game
        that has at most one (the Fisher): where it was last found is
        looked at first (it is the one if a neutral piece stands there)."""
        s = self._neutral_hint
        p = board[s]
        if p is not None and p.side is None:
            return s
        for s, p in enumerate(board):
            if p is not None and p.side is None:
                self._neutral_hint = s
                return s
        return None

    def step_move(self, frm: int, to: int) -> Move:
        """The plain move from ``frm`` to the empty square ``to`` (made once
        per game and reused: a move is never changed once made)."""
        key = frm * 4096 + to
        move = self._steps.get(key)
        if move is None:
            names = self.geometry.names
            move = self._steps[key] = Move(names[frm] + names[to], (Shift(frm, to),), frm, to)
        return move

    def take_move(self, frm: int, to: int) -> Move:
        """The plain capture from ``frm`` of the piece on ``to`` (reused, as ``step_move``)."""
        key = frm * 4096 + to
        move = self._takes.get(key)
        if move is None:
            names = self.geometry.names
            move = self._takes[key] = Move(names[frm] + names[to], (Remove(to), Shift(frm, to)),
                                           frm, to)
        return move

    def has_legal_move(self, pos: Position) -> bool:
        """Has the side to move a legal move? (``bool(legal_moves(pos))``;
        a game overrides it where it can stop at the first move it finds:
        a referee asks it of every position the computer looks at.)"""
        return bool(self.legal_moves(pos))

    def moves_from(self, pos: Position, sq: int) -> list[Move]:
        """The legal moves that start on ``sq`` (``Move.frm``), in the order
        of ``legal_moves``. A game overrides it where it can make them
        without making the others: the search then tries the move that cut
        a sibling's search short (a killer) before it lists the rest."""
        return [m for m in self.legal_moves(pos) if m.frm == sq]

    def win_candidates(self, pos: Position, moves: list[Move]) -> list[Move]:
        """The moves among ``moves`` (legal in ``pos``) that may end the
        game at once in the mover's favour: every move that does, and
        perhaps others (the default: all of them). The puzzle prover plays
        only these when it looks for a win at once, so a game that can
        tell cheaply which moves cannot decide (a Fisher game: the Fisher
        did not move, nothing was taken) makes every proof faster. A
        property test checks it against ``result`` in random games."""
        return moves

    def win_candidate_moves(self, pos: Position) -> list[Move]:
        """``win_candidates`` of all the legal moves of ``pos``; a game may
        make them without making the others."""
        return self.win_candidates(pos, self.legal_moves(pos))

    def memoryless_plies(self) -> int:
        """How long a game (in plies from a start with no history) may grow
        while ``result`` and the legal moves of every position in it still
        depend on its history only through the last ply. Within it, two
        lines that reach the same position (``Position.key``) have the same
        future, and the puzzle prover shares what it proved between them.
        0 (the default): the prover never shares; ``UNBOUNDED``: the
        referee never looks further back than the last ply. A game with a
        repetition rule says how soon a repetition could first count."""
        return 0

    def capture_moves(self, pos: Position) -> list[Move]:
        """The legal moves that capture (``Move.captured``), in the order of
        ``legal_moves``: the search follows them at its horizon. A game
        overrides it where it can make them without making the others."""
        return [m for m in self.legal_moves(pos) if m.captured()]

    def enemy_captures(self, pos: Position) -> list[Move]:
        """The legal moves that take at least one piece not of the mover's
        side, in the order of ``capture_moves`` (the default: picked from
        them). The search looks for its winning captures among these
        first; a game where most captures take one's own pieces (the Light
        and Shadow boards) makes them without the others."""
        board, side = pos.board, pos.to_move
        return [m for m in self.capture_moves(pos)
                if any(board[c].side != side for c in (m._facts or m.facts())[0])]

    def apply(self, pos: Position, move: Move) -> Position:
        new = pos.copy()
        new.to_move = self.opponent(pos.to_move)
        if pos.terms is not None:          # a search's position: its sums follow (terms.Sums)
            return pos.terms.play(self, move, new)
        for e in move.effects:
            e.apply(new)
        return new

    def after_move(self, pos: Position, rng) -> None:
        """Chance after a move (a die roll); may change ``pos`` in place."""

    def prepare(self, pos: Position, rng) -> None:
        """Anything chance decides before the first move (the first roll)."""

    def set_roll(self, pos: Position, roll) -> None:
        """Set a chance outcome given from outside (a recorded die roll)."""
        raise NotationError(f"{self.id} has no dice")

    def result(self, game: "Game") -> Result | None:
        return None

    # ---- the computer opponent (sharah_web.search): a game supplies only these
    def chances(self, pos: Position) -> tuple:
        """What chance decides after a move, before the next player moves:
        ``(roll, probability)`` pairs for ``set_roll``; empty when nothing
        is left to chance (the default). The search judges (``result``)
        and evaluates (``evaluate``) the position after a move once for
        all its outcomes: neither may read what ``set_roll`` sets."""
        return ()

    def piece_value(self, piece: Piece) -> float:
        """A piece's rough worth in pawns (its ``PieceType.value``)."""
        t = self.types.get(piece.kind)
        return t.value if t is not None else 0.0

    def evaluate(self, pos: Position, side: str) -> float:
        """How good ``pos`` looks for ``side``, in pawns, without looking
        ahead: the ``evaluate(rules, pos, side)`` of the module the game's
        ``evaluation`` names (imported when the computer first thinks, so a
        board that only plays never compiles it); material without one."""
        fn = self._evaluate
        if fn is None:
            if not self.evaluation:
                return self.material(pos, side)
            fn = self._evaluate = partial(self.evaluation_module().evaluate, self)
        return fn(pos, side)

    def evaluation_module(self):
        """The module ``evaluation`` names, or ``None``."""
        if not self.evaluation:
            return None
        return import_module(self.evaluation, type(self).__module__.rpartition(".")[0])

    def material(self, pos: Position, side: str) -> float:
        """``side``'s piece values minus the other side's (neutral pieces count for nobody)."""
        values = self._kind_values
        score = 0.0
        for p in pos.board:
            if p is not None and p.side is not None:
                v = values.get(p.kind)
                if v is None:
                    v = self.piece_value(p)
                score += v if p.side == side else -v
        return score

    def move_name(self, pos: Position, move: Move) -> str:
        """The move as the move list shows it (defaults to the notation)."""
        return move.notation

    def parse_move(self, text: str, pos: Position, moves: list[Move] | None = None) -> Move:
        """Find the legal move that ``text`` names, or say what is wrong."""
        text = text.strip() if isinstance(text, str) else text
        if not isinstance(text, str) or not text:
            raise NotationError("empty move")
        if len(text) > 200:
            raise NotationError("move text is too long")
        if moves is None:
            moves = self.legal_moves(pos)
        for m in moves:
            if m.notation == text or text in m.aliases:
                return m
        canonical = self.canonical_spelling(text, pos)
        if canonical != text:
            for m in moves:
                if m.notation == canonical:
                    return m
        try:
            self.explain_illegal(canonical, pos, moves)
        except ValueError as e:
            # speak of the move as the player wrote it
            msg = str(e)
            if canonical != text and msg.startswith(canonical):
                msg = text + msg[len(canonical):]
            raise type(e)(msg) from None
        raise IllegalMoveError(f"{text} is not a legal move here")

    def canonical_spelling(self, text: str, pos: Position) -> str:
        """Another accepted way of writing a move (a game's long form), in
        the engine's notation; the default knows none."""
        return text

    def explain_illegal(self, text: str, pos: Position, moves: list[Move]) -> None:
        """Raise a helpful error for ``text``; the default checks the squares."""
        import re
        m = re.fullmatch(r"([a-p]\d{1,2})([a-p]\d{1,2})(.*)", text)
        if text == "pass":
            raise IllegalMoveError("passing is not allowed here")
        if not m:
            raise NotationError(f"{text!r} is not a move: write the from-square then the to-square, like b2b3")
        g = self.geometry
        frm, to = g.parse(m.group(1)), g.parse(m.group(2))
        piece = pos.board[frm]
        if piece is None:
            raise IllegalMoveError(f"{text}: there is no piece on {g.name(frm)}")
        if piece.side != pos.to_move and piece.side is not None:
            raise IllegalMoveError(f"{text}: the {self.kind_name(piece.kind).lower()} on {g.name(frm)} is not yours; {pos.to_move} is to move")
        same = [mv for mv in moves if mv.frm == frm and mv.to == to]
        if same:
            options = ", ".join(mv.notation for mv in same)
            raise NotationError(f"{text}: say which move you mean: {options}")
        raise IllegalMoveError(f"{text}: the {self.kind_name(piece.kind).lower()} on {g.name(frm)} cannot move to {g.name(to)}")


# ------------------------------------------------------------------ games

@dataclass(slots=True)
class Ply:
    move: Move
    before: Position
    after: Position
    result: Result | None
    name: str = ""


class Node:
    """A move of a game's tree: its ``ply`` (``None`` at the root, the
    start), the node before it and the moves played after it, the main
    continuation first and the variations after it."""
    __slots__ = ("ply", "parent", "children")

    def __init__(self, ply: "Ply | None", parent: "Node | None"):
        self.ply, self.parent, self.children = ply, parent, []

    def path(self) -> list["Node"]:
        """The nodes from the first move to this one."""
        out, node = [], self
        while node.parent is not None:
            out.append(node)
            node = node.parent
        return out[::-1]

    def main(self) -> list["Node"]:
        """The main continuation after this node (first children)."""
        out, node = [], self
        while node.children:
            node = node.children[0]
            out.append(node)
        return out


class Line:
    """A light stand-in for a ``Game``, for code that walks a game tree (the
    search, perft): what ``Variant.result`` reads of a game (``variant``,
    ``current``, ``history`` of plies with ``move``, ``before``, ``after``,
    and ``legal_moves()``), with plies pushed and popped in place and the
    current position's legal moves computed once."""

    __slots__ = ("variant", "current", "history", "_moves")

    def __init__(self, variant: "Variant", current: Position, history: list | None = None):
        self.variant = variant
        self.current = current
        self.history = [] if history is None else history
        self._moves: list[Move] | None = None

    @property
    def to_move(self) -> str:
        return self.current.to_move

    def legal_moves(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self.variant.legal_moves(self.current)
        return moves

    def has_legal_move(self) -> bool:
        moves = self._moves
        if moves is None:
            return self.variant.has_legal_move(self.current)
        return bool(moves)

    def capture_moves(self) -> list[Move]:
        """The current position's legal captures (from its legal moves when
        they are known already, or when the game makes them only from its
        whole list: that list is then kept)."""
        moves = self._moves
        if moves is None:
            variant = self.variant
            if type(variant).capture_moves is not Variant.capture_moves:
                return variant.capture_moves(self.current)
            moves = self.legal_moves()
        return [m for m in moves if m.captured()]

    def enemy_captures(self) -> list[Move]:
        """At least the current position's legal captures that take a piece
        not of the mover's side (``Variant.enemy_captures``), in their
        order: all the captures, where its legal moves are known already
        or the game makes no such list of its own."""
        variant = self.variant
        if self._moves is None and type(variant).enemy_captures is not Variant.enemy_captures:
            return variant.enemy_captures(self.current)
        return self.capture_moves()

    def push(self, move: Move, after: Position, moves: list[Move] | None = None) -> tuple:
        """Play ``move`` (``after``: the position it makes; ``moves``: its
        legal moves, when they are known already)."""
        saved = (self.current, self._moves)
        self.history.append(Ply(move, self.current, after, None))
        self.current = after
        self._moves = moves
        return saved

    def pop(self, saved: tuple) -> None:
        self.history.pop()
        self.current, self._moves = saved


class Game:
    """A game in progress: the position, the history (for undo and redo),
    the result, and a seeded random source for dice."""

    def __init__(self, variant: Variant, position: Position, seed: int | None = None):
        import random
        self.variant = variant
        self.rng = random.Random(seed)
        position = position.copy()
        variant.prepare(position, self.rng)
        self.start = position
        self._pos = position
        self.history: list[Ply] = []
        self.future: list[Ply] = []
        self.root = self._node = Node(None, None)   # the tree of moves and variations
        self._moves: list[Move] | None = None
        self.result: Result | None = None
        self.result = self._start_result = variant.result(self)

    # --- the public view
    @property
    def current(self) -> Position:
        return self._pos

    @property
    def to_move(self) -> str:
        return self._pos.to_move

    def position(self) -> str:
        return self._pos.text()

    def piece_at(self, square) -> Piece | None:
        """The piece on ``square`` (its name, like ``"b3"``, or its index), or ``None``."""
        board = self._pos.board
        if isinstance(square, int) and not isinstance(square, bool):
            if not 0 <= square < len(board):
                raise NotationError(f"there is no square {shown(square)} on this board")
            return board[square]
        if isinstance(square, str) and len(square) > 8:
            raise NotationError(f"there is no square {shown(square)} on this board")
        return board[self.variant.geometry.parse(square)]

    def legal_moves(self) -> list[Move]:
        if self.result is not None:
            return []
        if self._moves is None:
            self._moves = self.variant.legal_moves(self._pos)
        return list(self._moves)

    def has_legal_move(self) -> bool:
        """``bool(legal_moves())``, without listing them when they are not known yet."""
        if self.result is not None:
            return False
        if self._moves is None:
            return self.variant.has_legal_move(self._pos)
        return bool(self._moves)

    def find_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(f"a move is text, like b2b3, not {shown(text)}")
        if self.result is not None:
            raise IllegalMoveError(f"the game is over ({self.result})")
        return self.variant.parse_move(text, self._pos, self.legal_moves())

    def play(self, move, roll=None, branch: bool = False) -> Move:
        """Play a move given as text (or a ``Move`` from ``legal_moves``).
        ``roll``: the chance outcome after it (a whole number, the die
        roll), else chance decides. Raises ``NotationError`` or
        ``IllegalMoveError`` (``ValueError``s) and changes nothing if
        either is malformed or the move illegal.

        The moves after the one shown (to redo) are dropped, with every
        variation from here; with ``branch`` they are kept: the move starts
        a variation (or, when it is one of the moves already played from
        here, with no other roll, goes on into it)."""
        if roll is not None and (isinstance(roll, bool) or not isinstance(roll, int) or roll.bit_length() > 32):
            raise NotationError(f"a roll is a whole number, not {shown(roll)}")
        if isinstance(move, Move):
            if move not in self.legal_moves():
                raise IllegalMoveError(f"{move} is not a legal move here")
        else:
            move = self.find_move(move)
        node = self._node
        if branch:
            for child in node.children:
                if child.ply.move == move and (roll is None or self._same_roll(child.ply.after, roll)):
                    self.goto_node(child)
                    return move
        after = self.variant.apply(self._pos, move)
        if roll is not None:
            self.variant.set_roll(after, roll)
        else:
            self.variant.after_move(after, self.rng)
        ply = Ply(move, self._pos, after, None, self.variant.move_name(self._pos, move))
        child = Node(ply, node)
        if branch:
            node.children.append(child)
        else:
            node.children = [child]
        self._push(ply)
        self._node = child
        self.future.clear()
        return move

    def _same_roll(self, pos: Position, roll) -> bool:
        probe = pos.copy()
        self.variant.set_roll(probe, roll)
        return probe.state == pos.state

    def _push(self, ply: Ply) -> None:
        self.history.append(ply)
        self._pos = ply.after
        self._moves = None
        self.result = None  # while the variant judges, legal_moves() lists the moves
        self.result = self.variant.result(self)
        ply.result = self.result

    def undo(self) -> Move | None:
        if not self.history:
            return None
        ply = self.history.pop()
        self.future.append(ply)
        self._node = self._node.parent
        self._pos = ply.before
        self._moves = None
        self.result = self.history[-1].result if self.history else self._start_result
        return ply.move

    def redo(self) -> Move | None:
        if not self.future:
            return None
        ply = self.future.pop()
        node = self._node
        child = next((c for c in node.children if c.ply is ply), None)
        if child is None:          # a line put back from outside: it becomes the main one
            child = Node(ply, node)
            node.children.insert(0, child)
        self.history.append(ply)
        self._node = child
        self._pos = ply.after
        self._moves = None
        self.result = ply.result
        return ply.move

    # --- variations: the tree of moves (``root``, ``Node``)
    @property
    def node(self) -> Node:
        """The node of the move shown (``root`` at the start)."""
        return self._node

    def nodes(self) -> list[Node]:
        """Every node, the root first, each before the moves after it and the
        main continuation before the variations (the order a record writes;
        a node's index in it names it on the wire)."""
        out, stack = [], [self.root]
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def node_at(self, index) -> Node:
        nodes = self.nodes()
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(nodes):
            raise NotationError(f"there is no move {shown(index)} in this game's tree (0 to {len(nodes) - 1})")
        return nodes[index]

    def goto_node(self, node: Node) -> None:
        """Show the position after ``node``; the moves to redo are its main continuation."""
        path = node.path()
        self.history = [n.ply for n in path]
        self.future = [n.ply for n in reversed(node.main())]
        self._node = node
        self._pos = node.ply.after if node.ply else self.start
        self._moves = None
        self.result = node.ply.result if node.ply else self._start_result

    def on_main_line(self, node: Node) -> bool:
        while node.parent is not None:
            if node.parent.children[0] is not node:
                return False
            node = node.parent
        return True

    def promote(self, node: Node, to_main: bool = False) -> None:
        """Promote the line through ``node`` one level: at the nearest branch
        on its way back where it is a variation, it becomes the main
        continuation (a variation of a variation becomes the variation it
        branched from); with ``to_main``, at every branch on its way (it
        becomes the main line of the game)."""
        while node.parent is not None:
            siblings = node.parent.children
            if siblings[0] is not node:
                siblings.remove(node)
                siblings.insert(0, node)
                if not to_main:
                    break
            node = node.parent
        self.goto_node(self._node)

    def delete(self, node: Node, main: bool = False) -> None:
        """Delete the variation that ``node`` starts (not a main continuation,
        unless ``main``), with every move after it; the board leaves it if it
        was in it."""
        if node.parent is None or (node.parent.children[0] is node and not main):
            raise NotationError("only a variation can be deleted (Play from here cuts the main line)")
        inside, n = False, self._node
        while n is not None:
            if n is node:
                inside = True
            n = n.parent
        node.parent.children.remove(node)
        self.goto_node(node.parent if inside else self._node)

    def at(self, ply: int) -> "Game":
        """A new game that shares this one's plies and shows the position
        after ``ply`` moves of its whole line (the moves played, then the
        moves to redo); this game is left as it is. For looking at an
        earlier position (analysis) without moving the board."""
        line = list(self.history) + list(reversed(self.future))
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(line):
            raise NotationError(f"ply must be a whole number from 0 to {len(line)}, not {shown(ply)}")
        other = Game.__new__(Game)
        other.variant, other.rng, other.start = self.variant, self.rng, self.start
        other.history = line[:ply]
        other.future = list(reversed(line[ply:]))
        other.root = node = Node(None, None)     # its own tree: the line alone
        for i, p in enumerate(line):
            node.children.append(Node(p, node))
            node = node.children[0]
            if i + 1 == ply:
                other._node = node
        if not ply:
            other._node = other.root
        other._pos = line[ply - 1].after if ply else self.start
        other._moves = None
        other._start_result = self._start_result
        other.result = line[ply - 1].result if ply else self._start_result
        return other

    def positions(self) -> list[Position]:
        """Every position of the game so far, the start first."""
        return [self.start] + [p.after for p in self.history]
