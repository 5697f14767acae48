"""The browser's only way into the engine: JSON in, JSON out.

The Web Worker calls ``handle(request_json)`` and posts the answer back to the
page. A request is an object with a ``cmd`` and, for every command but
``ping``, the ``board`` id it is about::

    {"cmd": "open", "board": "b1", "variant": "oblong-shatranj",
     "options": {"die": "false"}, "position": null, "moves": ["b5b6"],
     "seed": 7, "orientation": "white", "mode": "game"}
    {"cmd": "play", "board": "b1", "move": "b2c4"}
    {"cmd": "undo" | "redo" | "restart" | "flip" | "state" | "close", "board": "b1"}
    {"cmd": "restart", "board": "b1", "options": {"die": true, "setup": "3"}}   # a new game
    {"cmd": "explain", "board": "b1", "from": "a1", "to": "a5"}   # why not?
    {"cmd": "explain", "board": "b1", "drop": "snake", "to": "a1"}  # why not here?
    {"cmd": "shortcut", "board": "b1", "name": "random-placement", "seed": 3}
    {"cmd": "undo", "board": "b1", "plies": 66}    # several moves at once
    {"cmd": "goto", "board": "b1", "ply": 12}      # replay: show the game after 12 moves
    {"cmd": "record", "board": "b1", "tags": {"Date": "2026.11.22"}}   # -> "record": text
    {"cmd": "link" | "save", "board": "b1"}        # -> "link": fragment | "saved": {...}
    {"cmd": "load", "board": "b1", "record" | "link" | "saved": ..., "if_unchanged": true}
    {"cmd": "levels", "board": "b1"}                 # the computer's levels
    {"cmd": "think", "board": "b1", "level": 2, "seed": 5, "slice_ms": 60}
    {"cmd": "hint", "board": "b1", "slice_ms": 60}
    {"cmd": "edit", "board": "b1", "position": TEXT, "op": "put", "square": "e5", "piece": "K"}

The answer is ``{"ok": true, "board": id, "state": {...}}`` (``close`` and
``ping`` have no state; ``explain`` answers ``message`` and ``attempt``, the
move text it tried; a ``play`` on a try board adds ``check``; a ``restart``
with options may add ``note``), or ``{"ok": false, "error": "message"}``. A
request that fails never changes the game.

Whole games (``sharah_web.record``): ``record``, ``link`` and ``save``
export the board's whole game (the moves to redo too); ``load`` reads one
onto a game board of the same game, all or nothing (an error names the first
bad move by number and says why); with ``if_unchanged`` it loads only when
nothing would be lost, else answers ``applied: false``. An ``open`` with
``saved`` (the saved game's JSON) restores it, or opens the page's game and
says why in ``note``. ``goto`` shows the game after any number of moves and
keeps the later ones, listed in the state's ``future``.

The position editor (``sharah_web.editor``, game boards only): ``edit`` applies
one edit to a draft position text and answers ``edit`` (the new text, its
problems, the fields, the board's SVG; the palette on request) without
touching the game; its ``play`` op starts a new game from the draft, which
Restart then goes back to.

A ``restart`` with ``options`` (game boards only) starts a new game with
those options (merged over the current ones). The page's own start (its
position and moves) is kept when it still fits them; when the options change
the set-up, or the page's position does not fit them, the new game starts
from the variant's set-up and ``note`` says so.

A diagram lists its legal moves too (so a reader can click a piece to see
where it goes) but cannot be played. Draw offers (and their answers) are
listed on game boards only: a diagram or an exercise is not a game to draw.

Drops: the state's ``hand`` lists the kinds the player to move may drop now
(from the legal moves), each with its name, the count in hand when the
variant counts it (``Variant.hand_counts``) and a small emblem, so the widget
can offer "pick a kind, then a square" without knowing any rule.

The computer (game boards only): ``think`` runs one slice (``slice_ms`` of
thinking; none: to the end) of the search (``search.Thinker``) for the side
to move, and answers ``thinking: true`` with ``nodes``, ``depth`` and
``seconds`` so far, until it answers the chosen ``move`` (its notation,
``name``, ``from``, ``to``, ``drop``, ``side``) and the search's ``info``.
It never plays the move: the page plays it with ``play``, so the computer's
moves are ordinary moves for history, undo and saved games. The next
``think`` with the same ``level`` and ``seed`` continues the search while
the game is unchanged; any command that changes the game (a move, an undo,
a restart...) or closes the board drops it, so a stale search is never
continued. ``hint`` is the same at the default level (``hint: true`` in the
answers). ``levels`` lists the levels (number, name, label, a line about
it, which is the default), loaded only when asked, so boards that never
meet the computer do not pay for it.

Shortcuts: a variant may offer named shortcuts (``Variant.shortcuts``, listed
in the state on game boards), like "fill the placement at random". The
``shortcut`` command plays the variant's moves for it one by one as ordinary
moves (``seed`` fixes the chance), so each can be undone like any move; while
the history still ends with them, the state's ``undo_shortcut`` says how many
moves they were, and ``undo`` with ``plies`` takes them back at once. Redo
replays them one move at a time.

The move list's numbers come from here too (``history_numbers``): a number
starts when the side that moves first in the set-up (White; Green in
Mittner's Sha'rah) moves after the other side, so a side that moves twice,
a page position with the other side to move ("1…") and draw offers (never
numbered) keep the numbering right; ``history_kinds`` gives each move's kind
("move", "drop", "offer-draw"...) so the list can set offers apart.

The page holds no rules: the state lists every legal move with its squares,
so the widget only narrows that list (from-square, then to-square, then a
labelled choice). Each entry of ``moves`` has ``n`` (the notation), ``from``
and ``to`` (square names, or null), and only when they say something:
``drop`` (the kind placed), ``label``, ``kind`` (when not "move") and
``captures`` (the squares of the pieces it takes). A board lists a thousand
moves and more on the Light and Shadow boards: the defaults left out make
the answer half as long to write and read. The build (``fence.py``) uses
the same ``Board`` to draw the static board, so the page does not change
when the engine takes over.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from . import new_game, record
from .chesslike import DRAW_ACTIONS
from .core import Game, Move, NotationError, Piece
from .svg import escape, piece_svg

THINK_COMMANDS = ("think", "hint")

MAX_BOARDS = 64          # boards kept per worker; the oldest is dropped
# characters of a request: a record or a saved game at its limit (record.MAX_RECORD,
# record.MAX_SAVED) fits even when JSON writes each of its characters as \u0000,
# so the engine itself reads it and says what is wrong ("too large", "damaged").
MAX_REQUEST = 6 * max(record.MAX_RECORD, record.MAX_SAVED) + 100_000

_boards: dict[str, "Board"] = {}


# ------------------------------------------------------------ game set-up

def split_roll(text: str) -> tuple[str, int | None]:
    """``"a3a4@5"`` -> ``("a3a4", 5)``: a move and the die roll after it.
    Only digits after the last ``@`` are a roll: a drop ``S@e5`` is a move
    (and ``S@e5@3`` a drop followed by a roll of 3)."""
    move, at, roll = text.rpartition("@")
    if not at or not (roll.isascii() and roll.isdigit()):
        return text, None
    if not move:
        raise NotationError(f"{text!r}: write the move, then @ and the roll after it, like a3a4@5")
    return move, int(roll)


def build_game(variant: str, options: dict | None = None, position: str | None = None,
               moves=(), seed: int | None = None) -> Game:
    """A game of ``variant`` from ``position`` (or the set-up) with ``moves``
    played; ``move@roll`` fixes the die roll that follows a move."""
    if not isinstance(variant, str) or not variant:
        raise NotationError("no variant given")
    if options is not None and not isinstance(options, dict):
        raise NotationError(f"the options are an object of names and values, not {options!r:.40}")
    options = dict(options or {})
    for name, value in options.items():
        if not isinstance(name, str):
            raise NotationError(f"option names are text, not {name!r}")
        if value is None:
            raise NotationError(f"option {name} has no value")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise NotationError(f"the seed must be a whole number, not {seed!r}")
    game = new_game(variant, position or None, seed=seed, **options)
    if moves is None:
        moves = ()
    if not isinstance(moves, (list, tuple)):
        raise NotationError(f"the moves are a list of move texts, not {moves!r:.40}")
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise NotationError(f"move {i + 1} is not text: {text!r}")
        move, roll = split_roll(text.strip())
        try:
            game.play(move, roll=roll)
        except ValueError as e:
            raise NotationError(f"move {i + 1} ({text}): {e}") from None
    return game


# ------------------------------------------------------------------ boards

class Board:
    """One board on a page: a game plus how it is shown."""

    thinker = None          # the computer's search in progress (search.Thinker)
    thinking_for: tuple = ()  # what it searches: (purpose, level, seed, game, last ply)

    def __init__(self, board_id: str, req: dict):
        self.id = board_id
        self.uid = _text(req.get("uid") or board_id, "uid")
        self.mode = req.get("mode") or "game"
        if self.mode not in ("diagram", "game", "try"):
            raise NotationError(f"unknown mode {self.mode!r}")
        self.variant_id = req.get("variant")
        self.options = req.get("options") or {}
        if not isinstance(self.options, dict):
            raise NotationError("options must be an object of name: value")
        self.start_text = req.get("position")
        self.moves = _items(req.get("moves"), "moves")
        self.seed = req.get("seed")
        self.reseed = bool(req.get("reseed"))
        self.page_options = dict(self.options)   # the fence's options
        self.solutions = [str(s) for s in _items(req.get("solutions"), "solutions")]
        self.coords = req.get("coords", True) is not False
        self.label = req.get("label")
        self._open()
        sides = self.game.variant.sides
        orientation = req.get("orientation") or sides[0]
        if orientation not in sides:
            raise NotationError(f"orientation must be one of {', '.join(sides)}, not {orientation!r}")
        self.orientation = orientation
        geo = self.game.variant.geometry
        self.marks = [geo.parse(s) for s in _items(req.get("marks"), "marks")]
        self.arrows = [(geo.parse(a), geo.parse(b)) for a, b in _items(req.get("arrows"), "arrows")]
        self.dests = [geo.parse(s) for s in _items(req.get("dests"), "dests")]

    def _open(self) -> None:
        self.game = build_game(self.variant_id, self.options, self.start_text, self.moves, self.seed)
        if self.reseed:
            # The opening (and its die roll) is the page's; what follows is chance.
            self.game.rng = random.Random()
        self.opening = list(self.game.history)
        self.min_ply = len(self.opening) if self.mode == "try" else 0
        self.shortcut_plies: tuple = ()     # the moves the last shortcut played
        self.shortcut_label = ""
        v = self.game.variant
        try:    # who moves first in this game's set-up (Green, in Mittner's Sha'rah)
            self.first_mover = v.initial_position().to_move
        except Exception:
            self.first_mover = v.sides[0]

    def listed_moves(self) -> list:
        """The legal moves this board offers: a diagram or a try board is no
        game to draw, so draw offers and their answers are left out."""
        moves = self.game.legal_moves()
        if self.mode == "game":
            return moves
        return [m for m in moves if m.kind not in DRAW_ACTIONS]

    # ---- commands
    def play(self, text: Any) -> dict | None:
        game = self.game
        if not isinstance(text, str):
            raise NotationError("the move must be text")
        if self.mode == "diagram":
            raise NotationError("a diagram cannot be played")
        if self.mode == "try" and len(game.history) > self.min_ply:
            raise NotationError("this puzzle is answered: try again, or start over")
        move = game.find_move(text)
        if self.mode != "game" and move.kind in DRAW_ACTIONS:
            raise NotationError(f"{move.notation}: draw offers are for game boards")
        check = None
        if self.mode == "try":
            check = {"correct": move.notation in self.solutions, "move": move.notation}
        game.play(move)
        if check is not None:
            check["name"] = game.history[-1].name
        return check

    def undo(self, plies: Any = None) -> None:
        n = 1 if plies is None else plies
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise NotationError(f"plies must be a whole number of moves to take back, not {plies!r}")
        if len(self.game.history) - n < self.min_ply:
            raise NotationError("nothing to undo" if len(self.game.history) <= self.min_ply
                                else f"there are not {n} moves to undo")
        for _ in range(n):
            self.game.undo()

    def shortcut(self, name: Any, seed: Any = None) -> int:
        """Play the variant's shortcut ``name`` as ordinary moves; how many."""
        game = self.game
        if self.mode != "game":
            raise NotationError(f"only a game board takes shortcuts (this board is a {self.mode})")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise NotationError(f"the seed must be a whole number, not {seed!r}")
        offered = {s["name"]: s for s in self.shortcuts()}
        if not isinstance(name, str) or name not in offered:
            known = ", ".join(offered) or "none now"
            raise NotationError(f"there is no shortcut {name!r} here (shortcuts: {known})")
        rng = random.Random(seed) if seed is not None else game.rng
        texts = list(game.variant.shortcut_moves(game.current.copy(), name, rng))
        start, future = len(game.history), list(game.future)
        try:
            for text in texts:
                game.play(text)
        except Exception:
            while len(game.history) > start:   # a failed request changes nothing
                game.undo()
            game.future[:] = future
            raise
        if texts:
            self.shortcut_plies = tuple(game.history[start:])
            self.shortcut_label = str(offered[name].get("label") or name)
        return len(texts)

    def shortcuts(self) -> list[dict]:
        game = self.game
        if self.mode != "game" or game.result is not None:
            return []
        return [{"name": str(s["name"]), "label": str(s.get("label") or s["name"])}
                for s in game.variant.shortcuts(game.current)]

    def undo_shortcut(self) -> dict | None:
        """The last shortcut, while the history still ends with its moves."""
        plies, h = self.shortcut_plies, self.game.history
        n = len(plies)
        if not n or len(h) - n < self.min_ply or not all(a is b for a, b in zip(h[-n:], plies)):
            return None
        return {"label": self.shortcut_label, "plies": n}

    def redo(self) -> None:
        if not self.game.future:
            raise NotationError("nothing to redo")
        self.game.redo()

    def restart(self, options: Any = None) -> str | None:
        """Back to the start; with ``options``, a new game with them (a
        ``note`` when the page's own position could not be kept)."""
        if options is None:
            self._open()
            return None
        if self.mode != "game":
            raise NotationError(f"only a game board takes new options (this board is a {self.mode})")
        if not isinstance(options, dict):
            raise NotationError("options must be an object of name: value")
        merged = {**self.options, **options}
        from . import variant as make_variant
        old_rules = make_variant(self.variant_id, **self.options)
        new_rules = make_variant(self.variant_id, **merged)   # a bad option fails here
        keep = dict(start_text=self.start_text, moves=self.moves, seed=self.seed, reseed=self.reseed)
        fresh = dict(start_text=None, moves=[], seed=None, reseed=False)
        note = None
        if self.start_text or self.moves:
            if (old_rules.board_text(old_rules.initial_position())
                    != new_rules.board_text(new_rules.initial_position())):
                keep, note = fresh, "These options change the set-up: the new game starts from it."
            else:
                try:
                    build_game(self.variant_id, merged, self.start_text, self.moves, self.seed)
                except ValueError as e:
                    keep, note = fresh, (f"The page's position does not fit these options "
                                         f"({str(e).strip().rstrip('.')}): the new game starts "
                                         f"from the set-up.")
        saved = (self.options, self.start_text, self.moves, self.seed, self.reseed, self.game,
                 self.opening, self.min_ply)
        self.options = merged
        self.start_text, self.moves = keep["start_text"], list(keep["moves"])
        self.seed, self.reseed = keep["seed"], keep["reseed"]
        try:
            self._open()
        except Exception:
            (self.options, self.start_text, self.moves, self.seed, self.reseed, self.game,
             self.opening, self.min_ply) = saved
            raise
        if keep is fresh:   # the page's marks belong to the page's position
            self.marks, self.arrows, self.dests = [], [], []
        return note

    def flip(self) -> None:
        self.orientation = self.game.variant.opponent(self.orientation)

    # ---- the computer
    def think(self, purpose: str, level: Any, seed: Any, slice_ms: Any) -> dict:
        """One slice of the computer's search for the side to move (``purpose``
        "think" or "hint"); the chosen move once it is found, never played."""
        from . import search
        game = self.game
        if self.mode != "game":
            raise NotationError(f"only a game board plays against the computer (this board is a {self.mode})")
        if game.result is not None:
            raise NotationError(f"The game is over: {_result_text(game.result)}.")
        lvl = search.level_of(search.DEFAULT_LEVEL if level is None else level)
        seed = 0 if seed is None else seed
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise NotationError(f"the seed must be a whole number, not {seed!r}")
        if slice_ms is not None and (isinstance(slice_ms, bool) or not isinstance(slice_ms, (int, float))
                                     or not 1 <= slice_ms <= 10_000):
            raise NotationError(f"slice_ms is a number of milliseconds from 1 to 10000, not {slice_ms!r}")
        h = game.history
        wanted = (purpose, lvl.number, seed, game, h[-1] if h else None)
        if self.thinker is None or not _same(self.thinking_for, wanted):
            self.drop_search()
            self.thinker, self.thinking_for = search.Thinker(game, lvl, seed), wanted
        thinker = self.thinker
        out = thinker.step(seconds=None if slice_ms is None else slice_ms / 1000)
        reply: dict = {"hint": purpose == "hint", "level": lvl.number}
        if out is None:
            reply.update(thinking=True, nodes=thinker.nodes, depth=thinker.depth,
                         seconds=round(thinker.seconds, 3))
            return reply
        self.drop_search()
        move, info = out
        names = game.variant.geometry.names
        reply.update(thinking=False, move=None, info=info, side=game.to_move)
        if move is not None:
            reply.update(move=move.notation, name=game.variant.move_name(game.current, move),
                         drop=move.drop, label=move.label or "",
                         **{"from": None if move.frm is None else names[move.frm],
                            "to": None if move.to is None else names[move.to]})
        return reply

    def drop_search(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
        self.thinker, self.thinking_for = None, ()

    def drop_stale_search(self) -> None:
        """Forget a search made for a game that has changed since."""
        if self.thinker is not None:
            h = self.game.history
            now = self.thinking_for[:3] + (self.game, h[-1] if h else None)
            if not _same(self.thinking_for, now):
                self.drop_search()

    # ---- whole games: records, links, saved games (sharah_web.record)
    def load(self, game: Game, tags: Any = None) -> None:
        """Put a game read from a record, link or saved game on this game
        board. The board's own start (the page's position and moves) stays
        when the game begins with it; otherwise the game's start becomes
        this board's, so Restart goes back to it."""
        if self.mode != "game":
            raise NotationError(f"only a game board takes a whole game (this board is a {self.mode})")
        rules, mine = game.variant, self.game.variant
        if rules.id != mine.id:
            raise NotationError(f"this is a game of {rules.title}; this board plays {mine.title}")
        own = build_game(self.variant_id, self.options, self.start_text, self.moves, self.seed)
        played = [p.move.notation for p in record.line(game)]
        if not (rules.opts == own.variant.opts
                and record.start_fields(game)[0] == record.start_fields(own)[0]
                and played[:len(own.history)] == [p.move.notation for p in own.history]):
            self.options = dict(rules.opts)
            self.start_text = record.start_fields(game)[0]
            self.moves, self.seed, self.reseed = [], None, False
            self.marks, self.arrows, self.dests = [], [], []
        game.rng = random.Random()     # what follows is chance
        self.game = game
        self.opening = record.line(game)[:len(self.moves)]
        self.shortcut_plies = ()
        self.record_tags = {str(k): str(v) for k, v in dict(tags or {}).items()}

    def goto(self, ply: Any) -> None:
        """Show the game after ``ply`` moves (0: the start), keeping the
        moves after it to go forward again (replay)."""
        game = self.game
        total = len(game.history) + len(game.future)
        if isinstance(ply, bool) or not isinstance(ply, int) or not self.min_ply <= ply <= total:
            raise NotationError(f"ply must be a whole number from {self.min_ply} to {total}, not {ply!r}")
        while len(game.history) > ply:
            game.undo()
        while len(game.history) < ply:
            game.redo()

    def saved(self) -> dict:
        """This board's game for the browser's storage (``record.saved_game``)."""
        return record.saved_game(self.game, orientation=self.orientation,
                                 tags=getattr(self, "record_tags", {}))

    def restore(self, blob: Any) -> None:
        """Put a saved game back (all or nothing), with its orientation and tags."""
        game = record.load_saved(blob)
        if isinstance(blob, str):
            blob = json.loads(blob)
        self.load(game, blob.get("tags") if isinstance(blob.get("tags"), dict) else None)
        if blob.get("orientation") in game.variant.sides:
            self.orientation = blob["orientation"]

    def explain(self, frm: Any, to: Any, drop: Any = None) -> tuple[str, str | None]:
        """Why the reader's attempt (a piece, maybe a target) is not a move,
        and the attempt as text (a try board may have an explanation for it)."""
        game = self.game
        v = game.variant
        geo = v.geometry
        if game.result is not None:
            return f"The game is over: {_result_text(game.result)}.", None
        if drop is not None:
            return self.explain_drop(_text(drop, "drop"), geo.parse(_text(to, "to")))
        frm_sq = geo.parse(_text(frm, "from"))
        if to is not None:
            to_sq = geo.parse(_text(to, "to"))
            text = geo.names[frm_sq] + geo.names[to_sq]
            try:
                move = game.find_move(text)
            except ValueError as e:
                return _sentence(str(e)), text
            return f"{move.notation} is a legal move.", move.notation
        piece = game.current.board[frm_sq]
        name = geo.names[frm_sq]
        if piece is None:
            return f"There is no piece on {name}.", None
        what = v.kind_name(piece.kind).lower()
        if piece.side is not None and piece.side != game.to_move:
            if self.mode == "diagram":   # the reader plays no side here
                return (f"It is {game.to_move.capitalize()}'s move in this diagram; "
                        f"{piece.side} pieces move after."), None
            return f"The {what} on {name} is not yours; {game.to_move} is to move.", None
        if any(m.frm == frm_sq for m in game.legal_moves()):
            return f"The {what} on {name} can move.", None
        return f"The {what} on {name} has no legal move here ({v.status(game.current)}).", None

    def explain_drop(self, kind: str, to_sq: int) -> tuple[str, str | None]:
        """Why a ``kind`` cannot be placed on ``to_sq``: the engine's reason
        for the drop written as the other drops of that kind are."""
        game = self.game
        v = game.variant
        names = v.geometry.names
        what = v.kind_name(kind).lower()
        drops = [m for m in self.listed_moves() if m.drop == kind]
        if not drops:
            return f"No {what} can be placed now.", None
        for m in drops:
            if m.to == to_sq:
                return f"{m.notation} is a legal move.", m.notation
        for m in drops:
            name = names[m.to] if m.to is not None else ""
            if name and m.notation.endswith(name):
                text = m.notation[:-len(name)] + names[to_sq]
                try:
                    game.find_move(text)
                except ValueError as e:
                    return _sentence(str(e)), text
                break
        return f"A {what} cannot be placed on {names[to_sq]}.", None

    # ---- the state the page draws
    def at_opening(self) -> bool:
        h = self.game.history
        return len(h) == len(self.opening) and all(a is b for a, b in zip(h, self.opening))

    def svg(self, live: bool = True) -> str:
        """The board's drawing; ``live=False``: the lighter static form of a
        page's diagram (see ``render_svg``)."""
        from .svg import render_svg
        game = self.game
        last = game.history[-1].move if game.history else None
        opening = self.at_opening()
        return render_svg(
            game.current, uid=self.uid, orientation=self.orientation,
            last_move=last,
            marks=tuple(self.marks) if opening else (),
            dests=tuple(self.dests) if opening else (),
            captures=tuple(last.captured()) if last else (),
            arrows=tuple(self.arrows) if opening else (),
            coords=self.coords, label=self.label,   # None: the renderer says what is on the board
            live=live)

    def state(self, live: bool = True) -> dict:
        """What the page draws (``live=False``: with the static drawing)."""
        game = self.game
        v = game.variant
        pos = game.current
        names = v.geometry.names
        sq = (lambda s: None if s is None else names[s])
        last = game.history[-1] if game.history else None
        # a finished game has no roll to show
        badges = [] if game.result is not None else [dict(b) for b in v.badges(pos)]
        # a diagram lists its moves too: the reader may click a piece to see them
        listed = self.listed_moves()
        moves = [_move_entry(m, names) for m in listed]
        pieces = {names[s]: {"side": p.side, "kind": p.kind, "name": v.kind_name(p.kind)}
                  for s, p in pos.pieces()}
        result = None
        if game.result is not None:
            result = {"winner": game.result.winner, "reason": game.result.reason,
                      "text": _result_text(game.result)}
        return {
            "board": self.id,
            "mode": self.mode,
            "svg": self.svg(live),
            "status": v.status(pos),
            "badges": badges,
            "badges_html": badges_html(badges),
            "to_move": pos.to_move,
            "sides": list(v.sides),
            "orientation": self.orientation,
            "result": result,
            "moves": moves,
            "history": [p.name for p in game.history],
            "history_sides": [p.before.to_move for p in game.history],
            "history_numbers": move_numbers(game.history, self.first_mover),
            "history_kinds": [p.move.kind for p in game.history],   # "move", "drop", "offer-draw"...
            "hand": hand_state(v, pos, listed),
            "shortcuts": self.shortcuts(),
            "undo_shortcut": self.undo_shortcut(),
            "ply": len(game.history),
            "min_ply": self.min_ply,
            "last": None if last is None else {
                "n": last.move.notation, "name": last.name, "side": last.before.to_move,
                "from": sq(last.move.frm), "to": sq(last.move.to),
                "captures": [names[c] for c in last.move.captured()]},
            "pieces": pieces,
            "position": game.position(),
            "can_undo": len(game.history) > self.min_ply,
            "can_redo": bool(game.future),
            # a restart would lose something the reader did (moves, or moves to redo)
            "changed": not self.at_opening() or bool(game.future),
            "options": [dict(o, choices=list(o["choices"])) for o in v.option_specs()],
            # the moves that can be redone, in order (replay shows them after the current one)
            "future": future_state(game, self.first_mover),
        }


def move_numbers(history, first: str) -> list[str]:
    """The move list's numbers, one per ply ("1.", "1…" or ""): a number
    starts when ``first`` moves after the other side (or at the start); a
    game that starts with the other side begins "1…"; draw offers and their
    answers are not moves, so they get no number and change nothing."""
    out, n, last = [], 0, None
    for ply in history:
        label = ""
        if ply.move.kind not in DRAW_ACTIONS:
            side = ply.before.to_move
            if side == first and last != first:
                n += 1
                label = f"{n}."
            elif side != first and last is None:
                n = 1
                label = "1…"
            last = side
        out.append(label)
    return out


def future_state(game, first: str) -> list[dict]:
    """The plies after the one shown (to redo), each with its name, number,
    side and kind, numbered as the whole line is."""
    if not game.future:
        return []
    plies = record.line(game)
    numbers = move_numbers(plies, first)
    n = len(game.history)
    return [{"name": p.name, "number": numbers[n + i], "side": p.before.to_move, "kind": p.move.kind}
            for i, p in enumerate(plies[n:])]


def hand_state(variant, pos, moves) -> list[dict]:
    """The kinds the player to move may drop now, in the order of the legal
    moves: kind, name, count in hand (``None`` when the variant does not count
    it by kind), the side, and an emblem (a small SVG)."""
    kinds: list[str] = []
    for m in moves:
        if m.drop is not None and m.frm is None and m.to is not None and m.drop not in kinds:
            kinds.append(m.drop)
    if not kinds:
        return []
    side = pos.to_move
    counts = variant.hand_counts(pos, side) or {}
    return [{"kind": k, "name": variant.kind_name(k), "count": counts.get(k), "side": side,
             "svg": piece_svg(variant, Piece(k, side))} for k in kinds]



def _same(a: tuple, b: tuple) -> bool:
    """Two search keys alike: plain values equal, the game and ply the same objects."""
    return len(a) == len(b) == 5 and a[:3] == b[:3] and a[3] is b[3] and a[4] is b[4]


def _levels() -> list[dict]:
    from .search import level_specs
    return level_specs()


def _items(value: Any, what: str) -> list:
    """A list field of a request: ``[]`` when it is missing."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise NotationError(f"{what} must be a list, not {value!r:.40}")
    return list(value)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise NotationError(f"{what} must be text")
    return value


def _sentence(text: str) -> str:
    """An engine message as a sentence; a leading move or square (b2b4:) keeps its case."""
    text = text.strip()
    if re.match(r"[a-z]+\b", text) and not re.match(r"[a-p]\d", text):
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _move_entry(m: Move, names: list[str]) -> dict:
    """One legal move as the widget reads it (see the module's docstring)."""
    out = {"n": m.notation, "from": None if m.frm is None else names[m.frm],
           "to": None if m.to is None else names[m.to]}
    if m.drop:
        out["drop"] = m.drop
    if m.label:
        out["label"] = m.label
    if m.kind != "move":
        out["kind"] = m.kind
    taken = m.captured()
    if taken:
        out["captures"] = [names[c] for c in taken]
    return out


def _result_text(result) -> str:
    if result.winner:
        return f"{result.winner.capitalize()} wins: {result.reason}"
    return f"Draw: {result.reason}"


# ------------------------------------------------------------------ badges

_PIPS = {
    1: ((2, 2),),
    2: ((1, 3), (3, 1)),
    3: ((1, 3), (2, 2), (3, 1)),
    4: ((1, 1), (1, 3), (3, 1), (3, 3)),
    5: ((1, 1), (1, 3), (2, 2), (3, 1), (3, 3)),
    6: ((1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)),
}


def die_face_svg(value: int) -> str:
    pips = "".join(f'<circle cx="{x * 6}" cy="{y * 6}" r="1.9"/>' for x, y in _PIPS[value])
    return ('<svg class="sharah-die" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" '
            'focusable="false"><rect x="1" y="1" width="22" height="22" rx="4.5"/>'
            f'<g class="sharah-pips">{pips}</g></svg>')


def badges_html(badges: list[dict]) -> str:
    """Badges as HTML: the die as a die face; every text escaped."""
    out = []
    for b in badges:
        name = str(b.get("name", ""))
        value = str(b.get("value", ""))
        detail = str(b.get("detail", ""))
        esc = escape
        if name == "die" and value in ("1", "2", "3", "4", "5", "6"):
            out.append(
                f'<span class="sharah-badge sharah-badge-die" data-badge="die" data-value="{esc(value)}">'
                f'{die_face_svg(int(value))}'
                f'<span class="sharah-badge-text"><span class="sharah-visually-hidden">die: </span>'
                f'<b>{esc(value)}</b> {esc(detail)}</span></span>')
        else:
            out.append(
                f'<span class="sharah-badge" data-badge="{esc(name)}" data-value="{esc(value)}">'
                f'<span class="sharah-badge-name">{esc(name)}</span> <b>{esc(value)}</b>'
                + (f' <span class="sharah-badge-detail">{esc(detail)}</span>' if detail else "")
                + '</span>')
    return "".join(out)


# ----------------------------------------------------------------- the API

def _open(board_id: str, req: dict) -> "Board":
    board = Board(board_id, req)
    _boards.pop(board_id, None)
    _boards[board_id] = board
    while len(_boards) > MAX_BOARDS:
        _boards.pop(next(iter(_boards)))
    return board


def _dispatch(req: dict) -> dict:
    cmd = req.get("cmd")
    if cmd == "ping":
        from . import __version__
        return {"ok": True, "version": __version__}
    board_id = req.get("board")
    if not isinstance(board_id, str) or not board_id or len(board_id) > 200:
        raise NotationError("every command needs a board id")
    if cmd == "open":
        board = _open(board_id, req)
        out = {"ok": True, "board": board_id}
        if req.get("saved") is not None and board.mode == "game":
            try:
                board.restore(req["saved"])
                out["restored"] = True
            except ValueError as e:
                out["note"] = (f"Your saved game on this board could not be restored "
                               f"({str(e).strip().rstrip('.')}): it was set aside.")
        out["state"] = board.state()
        return out
    if cmd == "close":
        _boards.pop(board_id, None)
        return {"ok": True, "board": board_id}
    board = _boards.get(board_id)
    if board is None:
        raise NotationError(f"no board {board_id!r} is open")
    out: dict = {"ok": True, "board": board_id}
    if cmd == "play":
        check = board.play(req.get("move"))
        if check is not None:
            out["check"] = check
    elif cmd == "undo":
        board.undo(req.get("plies"))
    elif cmd == "shortcut":
        out["played"] = board.shortcut(req.get("name"), req.get("seed"))
    elif cmd == "redo":
        board.redo()
    elif cmd == "restart":
        note = board.restart(req.get("options"))
        if note:
            out["note"] = note
    elif cmd == "flip":
        board.flip()
    elif cmd == "explain":
        out["message"], out["attempt"] = board.explain(req.get("from"), req.get("to"), req.get("drop"))
        return out
    elif cmd in THINK_COMMANDS:
        out.update(board.think(cmd, req.get("level"), req.get("seed"), req.get("slice_ms")))
        return out
    elif cmd == "levels":
        out["levels"], out["computer"] = _levels(), board.mode == "game"
        return out
    elif cmd in ("record", "link", "save"):
        return {**out, **_export(board, cmd, req)}
    elif cmd == "load":
        if not _load(board, req, out):
            return out
    elif cmd == "goto":
        board.goto(req.get("ply"))
    elif cmd == "edit":       # the position editor: a draft, or a new game from it
        from . import editor  # imported when first used: a page opens faster without it
        out.update(editor.edit(board, req))
        if "edit" in out:
            return out
    elif cmd != "state":
        raise NotationError(f"unknown command {cmd!r}")
    out["state"] = board.state()
    return out


def _export(board: Board, cmd: str, req: dict) -> dict:
    """``record`` (with ``tags``: Event, Date, players...), ``link`` or ``save``."""
    if cmd == "save":
        return {"saved": board.saved()}
    if cmd == "link":
        return {"link": record.format_link(board.game, board.uid)}
    tags = req.get("tags") or {}
    if not isinstance(tags, dict):
        raise NotationError("tags must be an object of name: value")
    return {"record": record.format_record(board.game, {**tags, **getattr(board, "record_tags", {})})}


def _load(board: Board, req: dict, out: dict) -> bool:
    """``load`` a ``record``, ``link`` or ``saved`` game onto the board, all or
    nothing. With ``if_unchanged``, only when nothing would be lost (the board
    is at its start, or the new game continues the board's game); otherwise
    ``applied`` is false and the board is untouched. True when applied."""
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
            out["applied"] = False
            return False
    board.load(game, tags)
    out["applied"] = True
    out["plies"] = len(record.line(game))
    if tags is not None:
        out["tags"] = tags
    return True


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON response (see the module doc)."""
    req = None
    try:
        if not isinstance(request_json, str):
            raise NotationError("the request must be JSON text")
        if len(request_json) > MAX_REQUEST:
            raise NotationError("the request is too long")
        if record.too_deep(request_json):     # before the parser: it would overflow the stack
            raise NotationError(f"the request is nested more than {record.MAX_DEPTH} deep")
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
        out = {"ok": False, "error": str(e)}
    except Exception as e:  # an engine bug: say so, keep the worker alive
        out = {"ok": False, "error": f"internal error: {type(e).__name__}: {e}", "internal": True}
    if not out["ok"] and isinstance(req, dict) and isinstance(req.get("board"), str):
        out["board"] = req["board"]
    return json.dumps(out, separators=(",", ":"))


def reset() -> None:
    """Forget every board (for tests)."""
    _boards.clear()
