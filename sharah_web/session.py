"""A board on a page, as the engine keeps it: a game and how it is shown.

``bridge.py`` is the wire (JSON in, JSON out, the command table); this is
what a command does to a board (``Board``) and what the page is sent back
(``Board.state``, declared key by key in ``BoardState``). The build
(``fence.py``) uses the same ``Board`` and the same markup (``markup.py``)
to draw the static board, so the page does not change when the engine
takes over.

Four kinds of board (``mode``): a ``game`` is played; a ``try`` board
takes one move and checks it against the page's solutions; a ``puzzle``
board is set to one puzzle (``sharah_web.puzzles``) and takes the solver's
moves through ``solve``, which judges each in the engine; a ``diagram``
lists its legal moves too (so a reader can click a piece to see where it
goes) but cannot be played. Draw offers (and their answers) are listed on
game boards only: a diagram or an exercise is not a game to draw.

The page holds no rules: the state lists every legal move with its
squares, so the widget only narrows that list (from-square, then
to-square, then a labelled choice). A board lists a thousand moves and
more on the Light and Shadow boards: a move entry leaves out what says
nothing (``MoveEntry``), which makes the answer half as long to write and
read.

The computer's search for a board (``think``) is kept between slices while
the game is unchanged; any change of the game (a move, an undo, a
restart...) drops it (``drop_stale_search``), so a stale search is never
continued. Shortcuts (``Variant.shortcuts``, e.g. "fill the placement at
random") are played as ordinary moves, one by one, so each can be undone;
``undo_shortcut`` says how many to take back at once while the history
still ends with them.
"""

from __future__ import annotations

import json
import random
from typing import Any, Required, TypedDict

from . import new_game
from .chesslike import DRAW_ACTIONS
from .core import Change, Game, Move, NotationError, Piece, Place, Remove, Shift
from .markup import (badges_html, free_html, hand_html, move_list_html, options_html, shortcuts_html,
                     tree_html)
from .notation import move_numbers, split_roll
from .svg import FACING_ANGLE, piece_svg
from .words import FACING_WORDS, sentence

# ``record`` (records, links, saved games) is imported inside the methods
# that use it: a board's first answer in the browser must not wait for its
# compilation (``test_speed.py``, FIRST_ANSWER, pins what that answer compiles).


# ------------------------------------------------------------ the contract

# One legal move. "n", "from" and "to" are always there; the others only
# when they say something.
MoveEntry = TypedDict("MoveEntry", {
    "n": Required[str],     # the move's notation: what ``play`` takes
    "from": Required["str | None"],  # square names; a drop has no from-square, a pass neither
    "to": Required["str | None"],
    "drop": str,            # the kind placed (a drop)
    "label": str,           # the move's words on a choice button
    "kind": str,            # when not "move": "drop", "pass", "offer-draw"...
    "captures": "list[str]",  # the squares of the pieces it takes
    # Hints for showing a choice on the board, only on moves that share
    # their from- and to-square with others (choice_hints):
    "face": int,            # the facing the piece is left with, as an angle on the picture
                            # (degrees clockwise from up, the board's orientation applied)
    "facing": str,          # that facing in words, beside ``face`` ("face north"): the choice's name
    "art": str,             # the piece the move leaves on its square, drawn (svg.piece_svg)
}, total=False)


class PieceEntry(TypedDict):
    side: str | None       # None: a neutral piece (the Fisher)
    kind: str
    name: str              # the kind's name, as the text says it ("Knight")


class ResultState(TypedDict):
    winner: str | None     # a side, or None for a draw
    reason: str            # the rules' words ("checkmate")
    text: str              # "White wins: checkmate" / "Draw: ..."
    termination: str | None  # a short code for how it ended (Result.termination), if the game gives one


LastMove = TypedDict("LastMove", {
    "n": str,
    "name": str,            # as the move list writes it
    "side": str,            # who played it
    "from": "str | None",
    "to": "str | None",
    "captures": "list[str]",
})


class HandItem(TypedDict):
    kind: str
    name: str
    count: int | None      # how many in hand, when the game counts them by kind
    side: str
    svg: str               # a small drawing of the piece


class Shortcut(TypedDict):
    name: str              # what ``shortcut`` takes
    label: str             # the button's words


class UndoShortcut(TypedDict):
    label: str             # the shortcut's label
    plies: int             # how many moves it played (``undo`` with ``plies``)


class FutureMove(TypedDict):
    name: str
    number: str            # "1.", "1…" or ""
    side: str
    kind: str


class PuzzleState(TypedDict):
    id: str                # the puzzle's id (its data's "id")
    depth: int             # the moves it takes to win against the best defence
    moves_left: int        # the solver's moves still to find
    solved: bool           # the win is on the board
    mistakes: int          # wrong moves tried on it since it was set
    themes: list[str]      # tags named after the rules it turns on


class BoardState(TypedDict):
    """What the widget draws, after every command that answers ``state``.
    Every key the widget reads is here (tests/test_contract.py checks)."""
    board: str             # the board's id (the request's ``board``)
    mode: str              # "game", "try", "puzzle" or "diagram"
    svg: str               # the board's drawing (svg.render_svg): [data-sq] squares, g.pc pieces
    status: str            # one line: whose move, the roll ("White to move")
    badges: list[dict]     # the game's badges: [{name, value, detail}] (the die); none once over
    badges_html: str       # the badges as markup (markup.badges_html)
    to_move: str           # the side to move
    sides: list[str]       # the game's sides, in order
    orientation: str       # the side at the bottom
    result: ResultState | None  # None while the game goes on
    moves: list[MoveEntry]  # every legal move the board offers
    history: list[str]     # the moves played, as the move list writes them
    history_sides: list[str]    # who played each
    history_numbers: list[str]  # each move's number in the list ("1.", "1…" or "")
    history_kinds: list[str]    # each move's kind ("move", "drop", "offer-draw"...)
    moves_html: str        # the move list's items: the moves played, each with its review mark (markup.move_list_html)
    future_html: str       # the items of the moves to redo (shown while replaying)
    hand: list[HandItem]   # the kinds the player to move may drop now
    hand_html: str         # the hand under the board (markup.hand_html)
    shortcuts: list[Shortcut]   # the variant's shortcuts on a game board now
    undo_shortcut: UndoShortcut | None  # the last shortcut, while the history ends with it
    shortcuts_html: str    # the shortcut buttons (markup.shortcuts_html)
    free_html: str         # the moves with no square (pass, draw offers) as buttons; "" on a diagram
    ply: int               # how many moves are played
    min_ply: int           # the fewest a board goes back to (a try board's page moves)
    last: LastMove | None  # the last move played
    pieces: dict[str, PieceEntry]  # square name -> the piece on it
    position: str          # the position text (Game.position)
    can_undo: bool
    can_redo: bool
    changed: bool          # a restart would lose something the reader did (moves, or moves to redo)
    options: list[dict]    # the game's options with this game's values (Variant.option_specs)
    options_html: str      # a game board's options form ("New game with these options"); "" on others
    future: list[FutureMove]  # the moves that can be redone, in order
    node: int              # the move shown, as an index of the game's tree (goto's node)
    tree_html: str         # the move list with its variations (markup.tree_html); "" when it has none
    puzzle: PuzzleState | None  # a puzzle board's puzzle, else None
    saved: dict | None     # a game board's game for the browser's storage (Board.saved), in the answer that
                           # shows it: leaving the page the moment a move shows keeps it; None on other
                           # boards, and in open's answer (the game is as stored, or new: nothing to keep)
    unsaved: str | None    # why a game board's game cannot be kept (record.RecordError's words), else None


STATE_KEYS = tuple(BoardState.__annotations__)


# ------------------------------------------------------------ game set-up

def chosen_move(game: Game, move: Move) -> dict:
    """A move the computer chose (a hint, its own move), as the page names
    it: ``move`` (what ``play`` takes), ``name`` (as the move list writes
    it), ``drop``, ``label`` (the move's own words) and its squares."""
    names = game.variant.geometry.names
    return {"move": move.notation, "name": game.variant.move_name(game.current, move),
            "drop": move.drop, "label": move.label or "",
            "from": None if move.frm is None else names[move.frm],
            "to": None if move.to is None else names[move.to]}


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
    analysis = None         # the analysis of the position shown (analysis.Analysis)
    analysing: tuple = ()   # what it analyses: (game, last ply)
    reviewer = None         # the review in progress (analysis.Review)
    review_kept: dict | None = None   # the review as far as it went (saved with the game)

    def __init__(self, board_id: str, req: dict):
        self.id = board_id
        self.uid = _text(req.get("uid") or board_id, "uid")
        self.mode = req.get("mode") or "game"
        if self.mode not in ("diagram", "game", "try", "puzzle"):
            raise NotationError(f"unknown mode {self.mode!r}")
        self.variant_id = req.get("variant")
        self.puzzle = None
        if self.mode == "puzzle":
            from .puzzles import PuzzleRun
            self.puzzle = PuzzleRun(req.get("puzzle"), self.variant_id)
            req = {**req, "position": self.puzzle.position, "options": self.puzzle.options, "moves": []}
        elif req.get("puzzle") is not None:
            raise NotationError("only a puzzle board takes a puzzle")
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
        self.drop_review()
        self.review_kept = None
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
    def play(self, text: Any, branch: Any = None) -> dict | None:
        """A move. The moves after the one shown (to redo) are dropped; with
        ``branch`` they are kept and the move starts a variation (or goes
        on into the one that begins with it)."""
        game = self.game
        if not isinstance(text, str):
            raise NotationError("the move must be text")
        if branch is not None and not isinstance(branch, bool):
            raise NotationError(f"branch is true or false, not {branch!r}")
        if self.mode == "diagram":
            raise NotationError("a diagram cannot be played")
        if self.mode == "puzzle":
            raise NotationError("a puzzle board takes its moves through solve")
        if self.mode == "try" and len(game.history) > self.min_ply:
            raise NotationError("this puzzle is answered: try again, or start over")
        move = game.find_move(text)
        if self.mode != "game" and move.kind in DRAW_ACTIONS:
            raise NotationError(f"{move.notation}: draw offers are for game boards")
        check = None
        if self.mode == "try":
            check = {"correct": move.notation in self.solutions, "move": move.notation}
        game.play(move, branch=bool(branch) and self.mode == "game")
        if check is not None:
            check["name"] = game.history[-1].name
        return check

    # ---- puzzles
    def set_puzzle(self, data: Any) -> None:
        """Put another puzzle of this game on this puzzle board (all or nothing)."""
        if self.mode != "puzzle":
            raise NotationError(f"only a puzzle board takes a puzzle (this board is a {self.mode})")
        from .puzzles import PuzzleRun
        run = PuzzleRun(data, self.variant_id)
        game = build_game(self.variant_id, run.options, run.position, (), self.seed)
        if game.result is not None:
            raise NotationError(f"puzzle {run.id}: the game is already over")
        self.puzzle, self.options, self.start_text, self.moves = run, run.options, run.position, []
        self._open()

    def solve(self, text: Any) -> dict:
        """The solver's move on a puzzle board, judged by ``PuzzleRun.judge``:
        a right move is played with the most stubborn defence after it; a
        wrong move is not kept (the reply says why it does not win)."""
        run = self.puzzle
        if run is None:
            raise NotationError(f"only a puzzle board is solved (this board is a {self.mode})")
        if not isinstance(text, str):
            raise NotationError("the move must be text")
        game = self.game
        if run.solved:
            raise NotationError("this puzzle is solved: try another, or start it over")
        move = game.find_move(text)
        if move.kind in DRAW_ACTIONS:
            raise NotationError(f"{move.notation}: draw offers are for game boards")
        verdict = run.judge(game, move)
        v = game.variant
        verdict["name"] = v.move_name(game.current, move)
        if verdict["verdict"] == "wrong":
            run.mistakes += 1
            return verdict
        game.play(move)
        run.path.append(move.notation)
        reply = verdict.get("reply")
        if reply is not None and game.result is None:
            game.play(reply)
            run.path.append(reply)
            verdict["reply_name"] = game.history[-1].name
        else:
            run.solved = game.result is not None and game.result.winner == game.history[-1].before.to_move
            verdict["verdict"] = "solved" if run.solved else verdict["verdict"]
            verdict["reply"] = None
        return verdict

    def undo(self, plies: Any = None) -> None:
        if self.mode == "puzzle":
            raise NotationError("a puzzle is not taken back move by move: start it over")
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
        start, node = len(game.history), game.node
        kept = list(node.children)
        try:
            for text in texts:
                game.play(text)     # ordinary moves: like a move after Undo, they replace the moves to redo
        except Exception:
            while len(game.history) > start:   # a failed request changes nothing
                game.undo()
            node.children = kept
            game.goto_node(node)
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
            if self.puzzle is not None:
                self.puzzle.restart()
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
        reply.update(thinking=False, move=None, info=info, side=game.to_move)
        if move is not None:
            reply.update(chosen_move(game, move))
        return reply

    def drop_search(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
        self.thinker, self.thinking_for = None, ()

    # ---- analysis and review (sharah_web.analysis)
    def _slice(self, slice_ms: Any) -> float | None:
        if slice_ms is not None and (isinstance(slice_ms, bool) or not isinstance(slice_ms, (int, float))
                                     or not 1 <= slice_ms <= 10_000):
            raise NotationError(f"slice_ms is a number of milliseconds from 1 to 10000, not {slice_ms!r}")
        return None if slice_ms is None else slice_ms / 1000

    def analyse(self, slice_ms: Any) -> dict:
        """One slice of the analysis of the position shown (it deepens from
        one call to the next while the position stays the same)."""
        from .analysis import Analysis
        seconds = self._slice(slice_ms)
        game = self.game
        if self.mode == "try":
            raise NotationError("a puzzle is not analysed: that would give its answer away")
        h = game.history
        key = (game, h[-1] if h else None)
        if self.analysis is None or not (self.analysing[0] is key[0] and self.analysing[1] is key[1]):
            self.drop_analysis()
            self.analysis, self.analysing = Analysis(game.at(len(h)), len(h)), key
        return self.analysis.step(seconds)

    def drop_analysis(self) -> None:
        if self.analysis is not None:
            self.analysis.close()
        self.analysis, self.analysing = None, ()

    def review(self, slice_ms: Any, look: Any = None, cancel: Any = None) -> dict:
        """One slice of the review of the game's whole line; ``look``: only
        what is reviewed already (a review kept with the saved game);
        ``cancel``: stop here, keeping the positions reviewed."""
        from . import record
        from .analysis import Review
        seconds = self._slice(slice_ms)
        if self.mode != "game":
            raise NotationError(f"only a game board is reviewed (this board is a {self.mode})")
        for name, flag in (("look", look), ("cancel", cancel)):
            if flag is not None and not isinstance(flag, bool):
                raise NotationError(f"{name} is true or false, not {flag!r}")
        reviewer = self.reviewer
        if reviewer is not None and (reviewer.game is not self.game
                                     or reviewer.moves != record.game_text(self.game).moves):
            self.drop_review()
            reviewer = None
        if reviewer is None:
            reviewer = Review(self.game, self.review_kept)
        if cancel:
            reviewer.close()
            self.reviewer = None
            out = reviewer.summary()
        elif look:
            out = reviewer.summary()
        else:
            self.reviewer = reviewer
            out = reviewer.step(seconds)
            if out["finished"]:
                self.reviewer = None
        if reviewer.entries:
            self.review_kept = reviewer.kept()
        return out

    def drop_review(self) -> None:
        if self.reviewer is not None:
            self.reviewer.close()
            if self.reviewer.entries:
                self.review_kept = self.reviewer.kept()
        self.reviewer = None

    def drop_stale_search(self) -> None:
        """Forget a search made for a game that has changed since (the
        computer's, the analysis'; a review goes on only over the same line)."""
        if self.analysis is not None:
            h = self.game.history
            if not (self.analysing[0] is self.game and self.analysing[1] is (h[-1] if h else None)):
                self.drop_analysis()
        if self.reviewer is not None:
            from . import record
            if self.reviewer.game is not self.game or self.reviewer.moves != record.game_text(self.game).moves:
                self.drop_review()
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
        from . import record
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
        self.drop_review()
        self.review_kept = None

    def goto(self, ply: Any, node: Any = None) -> None:
        """Show the game after ``ply`` moves (0: the start), keeping the
        moves after it to go forward again (replay); or after ``node`` (an
        index of ``Game.nodes``: a move of any line, variations too)."""
        game = self.game
        if node is not None:
            if ply is not None:
                raise NotationError("goto takes a ply or a node, not both")
            target = game.node_at(node)
            if len(target.path()) < self.min_ply:
                raise NotationError(f"a move before move {self.min_ply} is not shown on this board")
            game.goto_node(target)
            return
        total = len(game.history) + len(game.future)
        if isinstance(ply, bool) or not isinstance(ply, int) or not self.min_ply <= ply <= total:
            raise NotationError(f"ply must be a whole number from {self.min_ply} to {total}, not {ply!r}")
        while len(game.history) > ply:
            game.undo()
        while len(game.history) < ply:
            game.redo()

    def variation(self, op: Any, node: Any) -> None:
        """``promote`` the line through ``node`` one level (``Game.promote``),
        make it the ``main`` line, or ``delete`` the variation that starts
        at ``node``."""
        if self.mode != "game":
            raise NotationError(f"only a game board has variations (this board is a {self.mode})")
        target = self.game.node_at(node)
        if op in ("promote", "main"):
            if self.game.on_main_line(target):
                raise NotationError("this move is on the main line already")
            self.game.promote(target, to_main=op == "main")
        elif op == "delete":
            self.game.delete(target)
        else:
            raise NotationError(f"op is promote, main or delete, not {op!r}")

    def saved(self) -> dict:
        """This board's game for the browser's storage (``record.saved_game``),
        with its review as far as it went (``analysis.Review.kept``)."""
        from . import record
        extra: dict = {"orientation": self.orientation, "tags": getattr(self, "record_tags", {})}
        if self.review_kept:
            extra["review"] = self.review_kept
        try:
            return record.saved_game(self.game, **extra)
        except record.RecordError:
            if "review" not in extra:
                raise
            del extra["review"]          # the game first: a review too large is left out
            return record.saved_game(self.game, **extra)

    def restore(self, blob: Any) -> None:
        """Put a saved game back (all or nothing), with its orientation and tags."""
        from . import record
        game = record.load_saved(blob)
        if isinstance(blob, str):
            blob = json.loads(blob)
        orientation = blob.get("orientation", self.orientation)
        sides = game.variant.sides
        if not isinstance(orientation, str) or orientation not in sides:
            raise record.RecordError(f"the saved game is damaged (its orientation is not one of {', '.join(sides)})")
        self.load(game, blob.get("tags") if isinstance(blob.get("tags"), dict) else None)
        self.orientation = orientation
        if blob.get("review") is not None:
            from .analysis import check_review
            try:                  # a damaged review is dropped: the game is what matters
                self.review_kept = check_review(blob["review"])
            except ValueError:
                self.review_kept = None

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
                return sentence(str(e)), text
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
                    return sentence(str(e)), text
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

    def state(self, live: bool = True, keep: bool = True) -> BoardState:
        """What the page draws (``live=False``: with the static drawing;
        ``keep=False``: without the saved game, which imports ``record``)."""
        game = self.game
        v = game.variant
        pos = game.current
        names = v.geometry.names
        def sq(s):
            return (None if s is None else names[s])
        last = game.history[-1] if game.history else None
        # a finished game has no roll to show
        badges = [] if game.result is not None else [dict(b) for b in v.badges(pos)]
        # a diagram lists its moves too: the reader may click a piece to see them
        listed = self.listed_moves()
        pieces = {names[s]: {"side": p.side, "kind": p.kind, "name": v.kind_name(p.kind)}
                  for s, p in pos.pieces()}
        result = None
        if game.result is not None:
            result = {"winner": game.result.winner, "reason": game.result.reason,
                      "text": _result_text(game.result),
                      "termination": getattr(game.result, "termination", None)}
        history = game.history
        played = [p.name for p in history]
        sides = [p.before.to_move for p in history]
        numbers = move_numbers(history, self.first_mover)
        kinds = [p.move.kind for p in history]
        hand = hand_state(v, pos, listed)
        shortcuts, undo_shortcut = self.shortcuts(), self.undo_shortcut()
        future = future_state(game, self.first_mover)
        entries = [_move_entry(m, names) for m in listed]
        if self.mode != "diagram":
            choice_hints(v, pos, listed, entries, flip=self.orientation != v.sides[0])
        options = [dict(o, choices=list(o["choices"])) for o in v.option_specs()]
        nodes = game.nodes()
        node_index = next(i for i, n in enumerate(nodes) if n is game.node)
        branched = any(len(n.children) > 1 for n in nodes)
        free = [] if self.mode == "diagram" else [m for m in entries if not m["from"] and not m["to"]]
        marks = {}
        if self.review_kept:
            from .analysis import marks_of
            marks = marks_of(game, self.review_kept)
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
            "moves": entries,
            "history": played,
            "history_sides": sides,
            "history_numbers": numbers,
            "history_kinds": kinds,
            "moves_html": move_list_html(played, sides, numbers, kinds, current=len(played),
                                         marks=[marks.get(id(p)) for p in history]),
            "future_html": move_list_html([f["name"] for f in future], [f["side"] for f in future],
                                          [f["number"] for f in future], [f["kind"] for f in future],
                                          first_ply=len(played) + 1, future=True,
                                          marks=[marks.get(id(p)) for p in reversed(game.future)]),
            "hand": hand,
            "hand_html": hand_html(hand),
            "shortcuts": shortcuts,
            "undo_shortcut": undo_shortcut,
            "shortcuts_html": shortcuts_html(shortcuts, undo_shortcut),
            "free_html": free_html(free, len(free) == len(entries) and game.result is None),
            "ply": len(history),
            "min_ply": self.min_ply,
            "last": None if last is None else {
                "n": last.move.notation, "name": last.name, "side": last.before.to_move,
                "from": sq(last.move.frm), "to": sq(last.move.to),
                "captures": [names[c] for c in last.move.captured()]},
            "pieces": pieces,
            "position": game.position(),
            "can_undo": len(history) > self.min_ply,
            "can_redo": bool(game.future),
            "changed": not self.at_opening() or bool(game.future),
            "options": options,
            "options_html": (options_html(options, self.id.replace("~", "-") + "-opt")
                             if self.mode == "game" and options else ""),
            "future": future,
            "node": node_index,
            "tree_html": tree_html(game, self.first_mover, node_index, marks) if branched else "",
            "puzzle": None if self.puzzle is None else self.puzzle.state(),
            **(self.kept() if keep else {"saved": None, "unsaved": None}),
        }

    def kept(self) -> dict:
        """The state's ``saved`` and ``unsaved``: on a game board its game as
        ``saved`` gives it, or the reason it cannot be kept."""
        if self.mode != "game":
            return {"saved": None, "unsaved": None}
        from . import limits, record
        try:
            return {"saved": self.saved(), "unsaved": None}
        except record.RecordError as e:
            return {"saved": None, "unsaved": limits.shown_text(str(e))}


def future_state(game, first: str) -> list[dict]:
    """The plies after the one shown (to redo), each with its name, number,
    side and kind, numbered as the whole line is."""
    if not game.future:
        return []
    from . import record
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


def _left_on(board, move: Move, sq: int) -> Piece | None:
    """The piece ``move`` leaves on ``sq``, from its effects alone."""
    last = move.effects[-1] if move.effects else None
    if isinstance(last, (Place, Change)) and last.sq == sq:
        return last.piece
    here = {}
    def get(s):
        return (here[s] if s in here else board[s])
    for e in move.effects:
        if isinstance(e, Shift):
            here[e.to], here[e.frm] = get(e.frm), None
        elif isinstance(e, Remove):
            here[e.sq] = None
        elif isinstance(e, (Place, Change)):
            here[e.sq] = e.piece
    return get(sq)


def choice_hints(v, pos, moves: list[Move], entries: list[dict], flip: bool) -> None:
    """Add to the entries of moves that share their squares (the reader picks
    one among them) how the board may show that choice: ``face`` when they
    leave the same piece facing different ways (a Troublemaker's landing),
    ``art`` when they leave different pieces (a promotion, a merge). Groups
    that differ in neither keep their labels only."""
    groups: dict = {}
    for i, m in enumerate(moves):
        if m.frm is not None:
            groups.setdefault((m.frm, m.to), []).append(i)
    board = pos.board
    for (frm, to), members in groups.items():
        if len(members) < 2:
            continue
        sq = frm if to is None else to
        left = [_left_on(board, moves[i], sq) for i in members]
        if any(p is None for p in left):
            continue
        if len({(p.kind, p.side) for p in left}) == 1:
            facings = {p.facing for p in left}
            if len(facings) > 1 and all(p.facing in FACING_ANGLE for p in left):
                for i, p in zip(members, left):
                    entries[i]["face"] = (FACING_ANGLE[p.facing] + (180 if flip else 0)) % 360
                    entries[i]["facing"] = f"face {FACING_WORDS[p.facing]}"
        else:
            drawn: dict = {}
            for i, p in zip(members, left):
                if p not in drawn:
                    drawn[p] = piece_svg(v, p)
                entries[i]["art"] = drawn[p]


def _result_text(result) -> str:
    if result.winner:
        return f"{result.winner.capitalize()} wins: {result.reason}"
    return f"Draw: {result.reason}"
