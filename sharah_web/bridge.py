"""The browser's only way into the engine: JSON in, JSON out.

The Web Worker calls ``handle(request_json)`` and posts the answer back to
the page. A request is an object with a ``cmd`` (a name in ``COMMANDS``),
the ``board`` id it is about (every command but ``ping``)
and the fields its command takes (``Command.fields``; any other field is
refused)::

    {"cmd": "open", "board": "b1", "variant": "oblong-shatranj",
     "options": {"die": "false"}, "moves": ["b5b6"], "seed": 7, "mode": "game"}
    {"cmd": "play", "board": "b1", "move": "b2c4"}

The answer is ``{"ok": true, "board": id, ...}``, with the board's
``state`` (``session.BoardState``) when the command says so
(``Command.state``), or ``{"ok": false, "error": "message"}``. A request
that fails never changes the game. ``ping`` answers the package
``version``, the wire's ``protocol`` (``PROTOCOL``: the widget checks it
when the engine starts, so a page from an old cache says so) and
``commands``: each command's fields and whether it changes the game (the
computer opponent goes on thinking through the others).

What each command does is said by its handler below and by the
``session.Board`` method it calls. Whole games (record, link, saved game)
are ``sharah_web.record``'s; the position editor's ``edit`` is
``sharah_web.editor``'s; the computer's ``think`` and ``levels`` are
``sharah_web.search``'s, loaded only when first asked for.

To add a command: write its handler ``_name(board, req) -> dict`` (the
reply's fields), add a ``Command`` to ``COMMANDS`` with the fields it takes,
and a test in ``tests/test_bridge.py``; the widget sends it with
``board.request({cmd: "name", ...})`` (``tests/test_contract.py`` checks
that every command the widget sends is in the table).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from . import limits
from .core import NotationError
from .session import Board

PROTOCOL = 4             # raise it when a request or a reply changes shape

MAX_BOARDS = 64          # boards kept per worker; the oldest is dropped
# characters of a request: a record or a saved game at its limit (limits.MAX_RECORD,
# limits.MAX_SAVED) fits even when JSON writes each of its characters as \u0000,
# so the engine itself reads it and says what is wrong ("too large", "damaged").
MAX_REQUEST = 6 * max(limits.MAX_RECORD, limits.MAX_SAVED) + 100_000

_boards: dict[str, Board] = {}


# ---------------------------------------------------------------- commands

def _ping(board: None, req: dict) -> dict:
    from . import __version__
    return {"version": __version__, "protocol": PROTOCOL,
            "commands": {name: {"changes": c.changes, "fields": list(c.fields)}
                         for name, c in COMMANDS.items()}}


def _open(board_id: str, req: dict) -> dict:
    """A new board (the fence's config); ``saved`` restores a saved game on
    a game board (``restored``), or opens the page's game and gives the
    reason in ``refused`` (the page says it, and sets the stored game aside)."""
    board = Board(board_id, req)
    _boards.pop(board_id, None)
    _boards[board_id] = board
    while len(_boards) > MAX_BOARDS:
        _boards.pop(next(iter(_boards)))
    out: dict = {}
    if req.get("saved") is not None and board.mode == "game":
        try:
            board.restore(req["saved"])
            out["restored"] = True
        except ValueError as e:
            out["refused"] = str(e).strip().rstrip(".")
    out["state"] = board.state(keep=False)     # the first answer: nothing to keep yet, record not imported
    return out


def _close(board_id: str, req: dict) -> dict:
    _boards.pop(board_id, None)
    return {}


def _play(board: Board, req: dict) -> dict:
    """A move; on a try board ``check`` says whether it is a solution;
    ``branch``: keep the moves to redo, the move starts a variation."""
    check = board.play(req.get("move"), req.get("branch"))
    return {} if check is None else {"check": check}


def _puzzle(board: Board, req: dict) -> dict:
    """Set this puzzle board to another ``puzzle`` (``puzzles.play_data``)."""
    board.set_puzzle(req.get("puzzle"))
    return {}


def _solve(board: Board, req: dict) -> dict:
    """The solver's ``move`` on a puzzle board: ``verdict`` ("right",
    "solved" or "wrong"), ``move`` and ``name``; after a right move the
    defence played, ``reply`` and ``reply_name``; after a wrong one (not
    kept) ``reason`` ("loses": ``refutation`` wins at once for the other
    side; "holds": after ``refutation`` no forced win is left; "ends": the
    move ends the game without a win, ``result``; "unproven": the engine
    could not prove it within its budget, the stored line plays
    ``expected``) and ``refutation_name``."""
    return board.solve(req.get("move"))


def _undo(board: Board, req: dict) -> dict:
    board.undo(req.get("plies"))      # plies: several moves at once (a shortcut's)
    return {}


def _redo(board: Board, req: dict) -> dict:
    board.redo()
    return {}


def _restart(board: Board, req: dict) -> dict:
    """Back to the start; with ``options`` (game boards) a new game with
    them, merged over the current ones: the page's own start is kept when it
    still fits them, else ``note`` says why the game starts from the set-up."""
    note = board.restart(req.get("options"))
    return {"note": note} if note else {}


def _flip(board: Board, req: dict) -> dict:
    board.flip()
    return {}


def _state(board: Board, req: dict) -> dict:
    return {}


def _shortcut(board: Board, req: dict) -> dict:
    """Play the variant's shortcut ``name`` (``seed`` fixes its chance)."""
    return {"played": board.shortcut(req.get("name"), req.get("seed"))}


def _goto(board: Board, req: dict) -> dict:
    """Show the game after ``ply`` moves, keeping the later ones (``future``),
    or after ``node`` (``BoardState.node``: a move of any line)."""
    board.goto(req.get("ply"), req.get("node"))
    return {}


def _variation(board: Board, req: dict) -> dict:
    """``op`` ``promote`` (the line through ``node`` goes up one level: at
    the nearest branch where it is a variation it becomes the main
    continuation), ``main`` (it becomes the main line) or ``delete`` (the
    variation that starts at ``node``)."""
    board.variation(req.get("op"), req.get("node"))
    return {}


def _explain(board: Board, req: dict) -> dict:
    """Why a piece (``from``), a move (``from``, ``to``) or a drop (``drop``,
    ``to``) is not possible: ``message``, and ``attempt``, the move text tried."""
    message, attempt = board.explain(req.get("from"), req.get("to"), req.get("drop"))
    return {"message": message, "attempt": attempt}


def _think(board: Board, req: dict) -> dict:
    """One slice (``slice_ms``) of the computer's search: ``thinking`` with
    ``nodes``, ``depth``, ``seconds`` until the chosen ``move`` (never played)."""
    return board.think(req["cmd"], req.get("level"), req.get("seed"), req.get("slice_ms"))


def _analyse(board: Board, req: dict) -> dict:
    """One slice (``slice_ms``) of the analysis of the position shown:
    ``analysis`` (``analysis.AnalysisReply``); ask again while it is
    ``thinking`` (it deepens), simply stop asking to stop."""
    return {"analysis": board.analyse(req.get("slice_ms"))}


def _review(board: Board, req: dict) -> dict:
    """One slice of the review of the whole game: ``review``
    (``analysis.ReviewReply``); ``look``: what is reviewed already, no
    thinking; ``cancel``: stop, keeping what is done."""
    return {"review": board.review(req.get("slice_ms"), req.get("look"), req.get("cancel"))}


def _levels(board: Board, req: dict) -> dict:
    from .search import level_specs
    return {"levels": level_specs(), "computer": board.mode == "game"}


def _record(board: Board, req: dict) -> dict:
    """The whole game as a record, with ``tags`` (Event, Date, players...):
    an imported record's tags win, but for those the page writes itself
    (``record.PAGE_TAGS``: the page's own address is never another's)."""
    from . import record
    tags = req.get("tags") or {}
    if not isinstance(tags, dict):
        raise NotationError("tags must be an object of name: value")
    own = {k: v for k, v in tags.items() if k in record.PAGE_TAGS}
    return {"record": record.format_record(board.game, {**tags, **getattr(board, "record_tags", {}), **own})}


def _link(board: Board, req: dict) -> dict:
    from . import record
    return {"link": record.format_link(board.game, board.uid)}


def _save(board: Board, req: dict) -> dict:
    return {"saved": board.saved()}


def _load(board: Board, req: dict) -> dict:
    """``load`` a ``record``, ``link`` or ``saved`` game onto the board, all or
    nothing. With ``if_unchanged``, only when nothing would be lost (the board
    is at its start, or the new game continues the board's game); otherwise
    ``applied`` is false, the board is untouched and there is no state."""
    from . import record
    kinds = [k for k in ("record", "link", "saved") if req.get(k) is not None]
    if len(kinds) != 1:
        raise NotationError("load takes one of record, link or saved")
    kind = kinds[0]
    tags = None
    if kind == "record":
        read = record.parse_record(req["record"])
        game, tags = read.game, read.tags
    elif kind == "link":
        game = record.parse_link(req["link"]).game
    else:
        game = record.load_saved(req["saved"])
    if req.get("if_unchanged") and (not board.at_opening() or board.game.future):
        mine, theirs = record.game_text(board.game), record.game_text(game)
        if not (mine.variant == theirs.variant and mine.options == theirs.options
                and (mine.start, mine.roll) == (theirs.start, theirs.roll)
                and theirs.moves[:len(mine.moves)] == mine.moves):
            return {"applied": False}
    board.load(game, tags)
    out = {"applied": True, "plies": len(record.line(game))}
    if tags is not None:
        out["tags"] = tags
    out["state"] = board.state()
    return out


def _edit(board: Board, req: dict) -> dict:
    """The position editor (``editor.edit``): a draft (``edit``), or with op
    ``play`` a new game from it (``state``)."""
    from . import editor  # imported when first used: a page opens faster without it
    out = editor.edit(board, req)
    if "edit" not in out:
        out["state"] = board.state()
    return out


OPEN_FIELDS = ("uid", "mode", "variant", "options", "position", "moves", "seed", "reseed",
               "orientation", "coords", "label", "marks", "arrows", "dests", "solutions", "saved", "puzzle")
EDIT_FIELDS = ("op", "position", "palette", "square", "piece", "field", "value", "text")


@dataclass(frozen=True)
class Command:
    """One command: ``run(board, req) -> the reply's fields``."""
    run: Callable[[Any, dict], dict]
    changes: bool                  # it may change the game (a search for the old one is dropped)
    fields: tuple[str, ...] = ()   # the request's fields besides cmd and board
    board: str = "open"            # "open": an open board; "id": a board id only; "none"
    state: bool = True             # the reply carries the board's state
    reply: tuple = ()              # (key, TypedDict): the reply's declared payload, if any; the
                                   # analysis' by name (analysis.py, imported at the first analyse)


COMMANDS: dict[str, Command] = {
    "ping": Command(_ping, False, board="none", state=False),
    "open": Command(_open, True, OPEN_FIELDS, board="id", state=False),
    "close": Command(_close, True, board="id", state=False),
    "state": Command(_state, False),
    "play": Command(_play, True, ("move", "branch")),
    "undo": Command(_undo, True, ("plies",)),
    "puzzle": Command(_puzzle, True, ("puzzle",)),
    "solve": Command(_solve, True, ("move",)),
    "redo": Command(_redo, True),
    "restart": Command(_restart, True, ("options",)),
    "flip": Command(_flip, False),
    "shortcut": Command(_shortcut, True, ("name", "seed")),
    "goto": Command(_goto, True, ("ply", "node")),
    "variation": Command(_variation, True, ("op", "node")),
    "explain": Command(_explain, False, ("from", "to", "drop"), state=False),
    "think": Command(_think, False, ("level", "seed", "slice_ms"), state=False),
    "hint": Command(_think, False, ("level", "seed", "slice_ms"), state=False),
    "levels": Command(_levels, False, state=False),
    "analyse": Command(_analyse, False, ("slice_ms",), state=False, reply=("analysis", "AnalysisReply")),
    "review": Command(_review, False, ("slice_ms", "look", "cancel"), state=False,
                      reply=("review", "ReviewReply")),
    "record": Command(_record, False, ("tags",), state=False),
    "link": Command(_link, False, state=False),
    "save": Command(_save, False, state=False),
    "load": Command(_load, True, ("record", "link", "saved", "if_unchanged"), state=False),
    # a draft changes nothing; its op "play" starts a new game, whose state says so
    "edit": Command(_edit, False, EDIT_FIELDS, state=False),
}


# ----------------------------------------------------------------- the wire

def _dispatch(req: dict) -> dict:
    name = req.get("cmd")
    command = COMMANDS.get(name) if isinstance(name, str) else None
    if command is None:
        raise NotationError(f"unknown command {name!r}")
    extra = sorted(set(req) - {"cmd", "board"} - set(command.fields))
    if extra:
        takes = ", ".join(command.fields) or "nothing else"
        raise NotationError(f"{name} does not take {extra[0]!r} (it takes: {takes})")
    if command.board == "none":
        return {"ok": True, **command.run(None, req)}
    board_id = req.get("board")
    if not isinstance(board_id, str) or not board_id or len(board_id) > 200:
        raise NotationError("every command needs a board id")
    if command.board == "id":
        return {"ok": True, "board": board_id, **command.run(board_id, req)}
    board = _boards.get(board_id)
    if board is None:
        raise NotationError(f"no board {board_id!r} is open")
    out = {"ok": True, "board": board_id, **command.run(board, req)}
    if command.state:
        out["state"] = board.state()
    return out


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (see the module doc)."""
    req = None
    try:
        if not isinstance(request_json, str):
            raise NotationError("the request must be JSON text")
        if len(request_json) > MAX_REQUEST:
            raise NotationError("the request is too long")
        if limits.too_deep(request_json):     # before the parser: it would overflow the stack
            raise NotationError(f"the request is nested more than {limits.MAX_DEPTH} deep")
        try:
            req = json.loads(request_json)
        except json.JSONDecodeError as e:
            raise NotationError(f"the request is not JSON: {e}") from None
        if not isinstance(req, dict):
            raise NotationError("the request must be a JSON object")
        out = _dispatch(req)
        board = _boards.get(req.get("board")) if isinstance(req.get("board"), str) else None
        if board is not None:     # a search for a game that has changed since is dropped
            board.drop_stale_search()
    except ValueError as e:
        # a message may quote the request: shown as it is, never turning the page's words around
        out = {"ok": False, "error": limits.shown_text(str(e))}
    except Exception as e:  # an engine bug: say so, keep the worker alive
        out = {"ok": False, "error": limits.shown_text(f"internal error: {type(e).__name__}: {e}"), "internal": True}
    if not out["ok"] and isinstance(req, dict) and isinstance(req.get("board"), str):
        out["board"] = req["board"]
    return json.dumps(out, separators=(",", ":"))


def reset() -> None:
    """Forget every board (for tests)."""
    _boards.clear()
