"""A board's early answer: what the page shows and lets the reader do
before the engine has booted ("play before the runtime").

The build (scripts/sitebuild/early.py, ``write_early_answers``) asks the
engine, for every board on a page, the very answer the live board gets on
``open`` (``Board.state``: a ``BoardState``, the live drawing and every
legal move) and adds what the widget needs to show a chosen move without
knowing any rule: each move's atomic effects on the picture (``fx``), the
drawings of the pieces those effects put down (``looks``) and who moves
next (``next``). The widget (site_assets/js/early.js) shows that state at
once, lets the reader select a piece, see its moves and make the first
move, draws that move from its effects, and hands it to the engine when
the engine is up; the engine's own answer then replaces everything.

The page's file is ``assets/sharah/early/<page>.json`` (``<page>`` is the
page part of the boards' uids, ``sharah-<digest>``): ``{uid: answer}``.
The page's head asks for it once the page's first board is painted, so it
costs the first diagram nothing (a page reached by instant navigation asks
when its boards mount). A board shows its answer once the reader can reach
it: on or near the screen, or tapped.

An answer's ``state`` is the part of the open answer the page needs early
(``EARLY_STATE_KEYS``, keys of ``BoardState``), ``grid`` the board's squares
as drawn (``[width, height, "names, row by row from the top"]``: the page
lays its squares over the static drawing), ``hint`` the hint circle each
live square has (``svg.HINT_SHAPE``: centre and radius, in squares). Its ``fx`` is parallel to
``state.moves``; each item is ``0`` for a plain move (its ``captures``
leave the board, then the piece on ``from`` goes to ``to``; a drop: a
piece of the kind dropped is put on ``to`` for the side to move), ``[1,
...effects]`` for a plain move and then those effects, or a list of
effects, in order:
``["s", from, to]`` (a piece moves), ``["r", sq]`` (a piece leaves),
``["p", sq, look]`` (a piece is put down), ``["c", sq, look]`` (the piece
there becomes another; ``look`` indexes ``looks``, the pieces' drawings as
data, not markup: ``["g", {attributes}, child...]``, a child ``[tag,
{attributes}, child...]``, as ``svg.py`` draws the piece; the page builds
the elements from it, and only the tags and attributes the renderer
writes). Effects that draw
nothing (the turn, the game's state fields) are left out. ``next`` is the
side to move after a move (``[side, {index: side}]``: the usual one and the
exceptions), so the page knows whether the computer is to reply.

Only the build imports this module (the engine zip leaves it out).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from .core import Change, Move, Piece, Place, Remove, Shift
from .session import STATE_KEYS, Board
from .svg import HINT_SHAPE, _piece, drawn_order

__all__ = ["EARLY_STATE_KEYS", "early_answer", "page_file", "page_key"]

# The part of the open answer (session.BoardState) the page needs before
# the engine is up: the picture is the page's static drawing already, the
# panels (options, move list, shortcuts) wait for the engine.
EARLY_STATE_KEYS = ("board", "mode", "status", "to_move", "sides", "orientation", "result",
                    "moves", "hand", "ply", "pieces", "position", "history", "future")
assert set(EARLY_STATE_KEYS) <= set(STATE_KEYS)


def page_key(uid: str) -> str:
    """The page part of a board's uid (``sharah-1a2b3c-4`` -> ``sharah-1a2b3c``):
    the name of the page's early file."""
    return uid.rsplit("-", 1)[0]


def early_answer(config: dict) -> dict:
    """The early answer of the board a fence's ``data-config`` describes."""
    board = Board(config["uid"], dict(config))
    full = board.state(live=False, keep=False)
    state = {key: full[key] for key in EARLY_STATE_KEYS}
    game = board.game
    variant = game.variant
    names = variant.geometry.names
    flip = board.orientation != variant.sides[0]
    looks: list[list] = []
    look_of: dict = {}

    def look(piece) -> int:
        key = (piece.kind, piece.side, piece.facing)
        if key not in look_of:
            cls, body = _piece(variant, piece, flip, variant.red_spot_kinds)
            look_of[key] = len(looks)
            looks.append(look_data(cls, body))
        return look_of[key]

    listed = board.listed_moves()
    pos = game.current
    reached = [variant.apply(pos, m) for m in listed]
    fx = [_effects(m, names, look, pos, new) for m, new in zip(listed, reached)]
    after = [new.to_move for new in reached]
    usual = max(set(after), key=after.count) if after else variant.opponent(pos.to_move)
    exceptions = {str(i): side for i, side in enumerate(after) if side != usual}
    geo = variant.geometry
    grid = " ".join(names[sq] for sq, _, _ in drawn_order(geo, flip))
    out = {"state": state, "fx": fx, "looks": looks, "next": [usual, exceptions],
           "grid": [geo.width, geo.height, grid], "hint": list(HINT_SHAPE)}
    if board.mode == "game":
        # the game as the browser keeps it (the ``save`` answer): a board whose
        # kept game is just this one is still the board as built
        # (as the page writes it: JSON.stringify of the engine's answer)
        out["saved"] = json.dumps(board.saved(), separators=(",", ":"), ensure_ascii=False)
    drops = {m.drop: look(Piece(m.drop, pos.to_move)) for m in listed if m.drop and m.frm is None}
    if drops:
        out["drops"] = drops     # kind -> the look a plain drop puts down
    return out


def look_data(cls: str, body: str) -> list:
    """A piece's drawing (``svg._piece``: the group's attributes, its
    contents and the closing tag) as data: ``["g", {attributes}, child...]``."""
    def tree(el: ET.Element) -> list:
        if (el.text or "").strip() or (el.tail or "").strip():
            raise ValueError(f"a piece's drawing with text: {cls} {body[:80]}")
        return [el.tag, dict(el.attrib), *(tree(child) for child in el)]
    return tree(ET.fromstring(f"<g {cls} {body}"))


def page_file(answers: dict[str, dict]) -> dict:
    """A page's early file: ``{"looks": [...], "boards": {uid: answer}}``,
    smaller than the answers as they are. The pieces' drawings are kept once
    for the page (a board's ``looks`` become indexes into the page's), and a
    move entry that is only ``{n, from, to}`` with ``n`` = ``from + to``
    (most are) is written ``"from to"`` (early.js ``unpack`` undoes both)."""
    shared: list = []
    index: dict = {}
    boards = {}
    for uid, answer in answers.items():
        packed = dict(answer)
        packed["looks"] = []
        for look in answer["looks"]:
            key = json.dumps(look, sort_keys=True)
            if key not in index:
                index[key] = len(shared)
                shared.append(look)
            packed["looks"].append(index[key])
        packed["state"] = dict(answer["state"], moves=[_pack_move(m) for m in answer["state"]["moves"]])
        boards[uid] = packed
    return {"looks": shared, "boards": boards}


def _pack_move(m: dict):
    if set(m) == {"n", "from", "to"} and m["from"] and m["to"] and m["n"] == m["from"] + m["to"]:
        return f"{m['from']} {m['to']}"
    return m


def _effects(move: Move, names: list[str], look, pos, after) -> int | list:
    """A move's effects on the picture: 0 for a plain move, [1, ...] for a
    plain move and then more (see the module). The move's own effects when
    they draw the position the engine reaches (``Variant.apply``); else what
    changes between the two boards (a variant may do more than the effects
    say, e.g. a piece that leaves the board after a move)."""
    out = []
    for e in move.effects:
        if isinstance(e, Shift):
            out.append(["s", names[e.frm], names[e.to]])
        elif isinstance(e, Remove):
            out.append(["r", names[e.sq]])
        elif isinstance(e, Place):
            out.append(["p", names[e.sq], look(e.piece)])
        elif isinstance(e, Change):
            out.append(["c", names[e.sq], look(e.piece)])
    if not _drawn_alike(pos, move, after):
        before = pos.board
        out = [["r", names[sq]] for sq, p in enumerate(before) if p is not None and after.board[sq] is None]
        out += [["c" if before[sq] is not None else "p", names[sq], look(p)]
                for sq, p in enumerate(after.board) if p is not None and p != before[sq]]
    plain = None
    if move.frm is not None and move.to is not None and move.frm != move.to:
        plain = [["r", names[s]] for s in move.captured()] + [["s", names[move.frm], names[move.to]]]
    elif move.frm is None and move.to is not None and move.drop:
        plain = [["p", names[move.to], look(Piece(move.drop, pos.to_move))]]
    if plain is not None and out[:len(plain)] == plain:
        return 0 if len(out) == len(plain) else [1] + out[len(plain):]
    return out


def _drawn_alike(pos, move: Move, after) -> bool:
    """Do the move's effects on the picture (the pieces it shifts, removes,
    puts down, changes), applied by the engine's own effects, draw the
    position the engine reaches? (A variant may do more than the effects say.)"""
    drawn = pos.copy()
    try:
        for e in move.effects:
            if isinstance(e, (Shift, Remove, Place, Change)):
                e.apply(drawn)
    except AssertionError:      # an effect that does not apply to the picture
        return False
    def drawing(p):     # what a look is made from (early_answer: look)
        return p and (p.kind, p.side, p.facing)
    return [drawing(p) for p in drawn.board] == [drawing(p) for p in after.board]
