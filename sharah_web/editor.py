"""The position editor: set up any position of a game, see what is wrong
with it, then play from it.

The engine keeps no draft: the page holds the position being edited as its
position text (the same text the fenced boards' ``position:`` key takes)
and sends it with every edit; the answer is the new text with everything
the page draws. So an edit that fails changes nothing, and "Cancel" is
simply forgetting the draft.

A draft may be a position the game refuses (two Fishers, a pawn on its last
rank, a side in check when it is not its move): it is read for form only
(``Variant.read_position``), and ``problems`` says in words what is wrong.
Only a position with no problem can be played (``start_from``).

The editor knows no rule of any game: the palette comes from the game's
piece types (with facings where the game has them, and the neutral Fisher),
the fields after the side to move from the game's declared
``Variant.position_fields`` (``core.StateField``), and the
problems from ``Variant.validate`` and from starting a game there.

The bridge's ``edit`` command (see ``edit``)::

    {"cmd": "edit", "board": "b1", "op": "show", "palette": true}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "put", "square": "e5", "piece": "K"}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "remove", "square": "e5"}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "set", "field": "to_move", "value": "b"}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "clear" | "start"}
    {"cmd": "edit", "board": "b1", "op": "text", "text": "what the visitor typed"}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "play"}   # a new game from TEXT

``position`` is the draft (the board's current position when left out).
Every op but ``play`` answers ``{"edit": {...}}`` (see ``describe``);
``play`` replaces the board's game and answers its ``state``.
"""

from __future__ import annotations

from typing import Any

from .core import DIGITS, Game, NotationError, Piece, Position
from .svg import piece_svg, render_svg
from .words import FACING_WORDS, sentence

OPS = ("show", "start", "clear", "put", "remove", "set", "text", "play")
MAX_TOKEN = 12       # characters in a piece token, like "(RH)" or "T:ne"
MAX_VALUE = 60       # characters in a field's value (Mittner's hands are the longest)


# ---------------------------------------------------------------- palette

def palette(rules) -> list[dict]:
    """Every piece the editor can put down: each side's kinds (each facing
    for a piece that has one), then the neutral pieces. ``token`` is the
    piece as the position text writes it; ``svg`` its drawing."""
    out = []
    for side in rules.sides:
        for t in rules.piece_types:
            if t.kind in rules.neutral_symbol:
                continue
            facings = rules.facings() if rules.has_facing(t.kind) else (None,)
            out.extend(_entry(rules, Piece(t.kind, side, f)) for f in facings)
    out.extend(_entry(rules, Piece(kind, None)) for kind in rules.neutral_symbol)
    return out


def _entry(rules, piece: Piece) -> dict:
    name = rules.kind_name(piece.kind)
    name = name[:1].upper() + name[1:]
    label = name if piece.side is None else f"{piece.side.capitalize()} {name}"
    if piece.facing:
        label += f", facing {FACING_WORDS.get(piece.facing, piece.facing)}"
    return {"token": rules.piece_token(piece), "kind": piece.kind, "side": piece.side,
            "facing": piece.facing, "name": label, "svg": piece_svg(rules, piece)}


# ----------------------------------------------------------------- fields

def fields(rules, pos: Position) -> list[dict]:
    """The side to move, then the game's own fields (``Variant.state_fields``,
    from its ``position_fields``), each with its value in ``pos``: ``{"name",
    "label", "type", "choices", "value", "doc"}``; ``type`` is "choice",
    "int" or "text"."""
    out = [{"name": "to_move", "label": "Side to move", "type": "choice",
            "choices": [[rules.side_letter(s), s.capitalize()] for s in rules.sides],
            "value": rules.side_letter(pos.to_move), "doc": "who moves next"}]
    for spec, value in zip(rules.state_fields(pos), rules.state_tokens(pos)):
        out.append({**spec, "value": value})
    return out


def set_field(rules, pos: Position, name: Any, value: Any) -> Position:
    """``pos`` with field ``name`` set to ``value`` (its token in the position text)."""
    if not isinstance(value, str) or len(value) > MAX_VALUE:
        raise NotationError("a field's value must be short text")
    value = value.strip()
    specs = fields(rules, pos)
    spec = next((f for f in specs if f["name"] == name), None)
    if spec is None:
        known = ", ".join(f["name"] for f in specs)
        raise NotationError(f"this game has no field {name!r} (fields: {known})")
    if spec["type"] == "choice" and value not in [c[0] for c in spec["choices"]]:
        allowed = ", ".join(c[0] or "(none)" for c in spec["choices"])
        raise NotationError(f"{spec['label']}: {value!r} is not one of {allowed}")
    if spec["type"] == "int" and not (value and all(c in DIGITS for c in value) and len(value) <= 5):
        raise NotationError(f"{spec['label']}: {value!r} is not a whole number")
    if spec["type"] == "text" and (not value or any(c.isspace() for c in value)):
        raise NotationError(f"{spec['label']}: write it with no spaces, like {spec['value']}")
    tokens = [f["value"] for f in specs]
    tokens[specs.index(spec)] = value
    return rules.read_position(" ".join([rules.board_text(pos)] + [t for t in tokens if t]))


# ---------------------------------------------------------------- problems

def problems(rules, pos: Position) -> list[str]:
    """What is wrong with ``pos`` as the start of a game, as sentences; an
    empty list when it can be played: the game's own check, then a game
    that would be over before it starts or a side to move with no move."""
    try:
        rules.validate(pos)
    except NotationError as e:
        return [sentence(str(e))]
    try:
        game = Game(rules, pos, seed=0)      # a die still to roll: any roll will do here
        if game.result is not None:
            return [sentence(f"the game is already over here ({game.result})")]
        if not game.legal_moves():
            return [sentence(f"{pos.to_move} has no legal move here")]
    except NotationError as e:
        return [sentence(str(e))]
    except Exception as e:   # an engine bug: say so rather than play on
        return [f"The engine cannot play from here ({type(e).__name__}: {e})."]
    return []


# ------------------------------------------------------------------- edits

def apply_op(rules, pos: Position, req: dict) -> Position:
    """The draft after the edit ``req`` asks for (``req["op"]``); ``pos`` is
    not changed. ``NotationError`` says what is wrong with a bad edit."""
    op = req.get("op")
    geo = rules.geometry
    if op == "show":
        return pos
    if op == "start":
        return rules.initial_position()
    if op == "text":
        return rules.read_position(req.get("text"))
    if op == "set":
        return set_field(rules, pos, req.get("field"), req.get("value"))
    new = pos.copy()
    if op == "clear":       # every player's piece goes; the Fisher stays where he is
        new.board = [p if p is not None and p.side is None else None for p in pos.board]
        return new
    if op in ("put", "remove"):
        square = req.get("square")
        if not isinstance(square, str):
            raise NotationError("the square must be text, like e5")
        try:
            sq = geo.parse(square)
        except ValueError as e:
            raise NotationError(str(e)) from None
        if op == "remove":
            new.board[sq] = None
            return new
        token = req.get("piece")
        if not isinstance(token, str) or not token or len(token) > MAX_TOKEN:
            raise NotationError("the piece must be a piece's letter, like K or (RH) or T:n")
        piece = rules.parse_piece(token, "piece")
        # the same piece again takes it off: a second click undoes the first
        new.board[sq] = None if pos.board[sq] == piece else piece
        return new
    raise NotationError(f"unknown edit {op!r} (edits: {', '.join(OPS)})")


def describe(rules, pos: Position, *, uid: str, orientation: str | None = None,
             coords: bool = True, with_palette: bool = False) -> dict:
    """All the page draws for a draft: its position text, the problems (an
    empty list: "Play from here" may be pressed), the fields, the board."""
    names = rules.geometry.names
    out = {
        "position": pos.text(),
        "problems": problems(rules, pos),
        "fields": fields(rules, pos),
        "to_move": pos.to_move,
        "svg": render_svg(pos, uid=uid, orientation=orientation, coords=coords),
        "pieces": {names[s]: {"side": p.side, "kind": p.kind, "name": rules.kind_name(p.kind),
                              "token": rules.piece_token(p)} for s, p in pos.pieces()},
    }
    if with_palette:
        out["palette"] = palette(rules)
    return out


# -------------------------------------------------------------- the bridge

def edit(board, req: dict) -> dict:
    """The bridge's ``edit`` command on ``board`` (a ``session.Board``)."""
    if board.mode != "game":
        raise NotationError(f"only a game board has a position editor (this board is a {board.mode})")
    rules = board.game.variant
    op = req.get("op")
    if op not in OPS:
        raise NotationError(f"unknown edit {op!r} (edits: {', '.join(OPS)})")
    text = req.get("position")
    draft = board.game.current if text is None else rules.read_position(text)
    if op == "play":
        start_from(board, draft)
        return {}
    new = apply_op(rules, draft, req)
    return {"edit": describe(rules, new, uid=board.uid, orientation=board.orientation,
                             coords=board.coords, with_palette=bool(req.get("palette")))}


def start_from(board, pos: Position) -> None:
    """Replace ``board``'s game with a new one from ``pos``, if ``pos`` has
    no problem; otherwise say the first and change nothing."""
    rules = board.game.variant
    wrong = problems(rules, pos)
    if wrong:
        raise NotationError(f"this position cannot be played yet: {wrong[0]}")
    saved = (board.start_text, board.moves, board.seed, board.reseed, board.game,
             board.opening, board.min_ply, board.marks, board.arrows, board.dests)
    board.start_text, board.moves, board.seed, board.reseed = pos.text(), [], None, False
    try:
        board._open()
    except Exception:
        (board.start_text, board.moves, board.seed, board.reseed, board.game,
         board.opening, board.min_ply, board.marks, board.arrows, board.dests) = saved
        raise
    board.marks, board.arrows, board.dests = [], [], []   # the page's marks were for its position
    if hasattr(board, "record_tags"):
        board.record_tags = {}    # an imported game's tags (players, result) are not this game's
