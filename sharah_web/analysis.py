"""What the engine sees: analysis of a position, and a review of a game.

Both run the computer's own search (``search.Thinker``, the one that
plays), so analysis never disagrees with the computer opponent at the same
budget: the first stage of an analysis is exactly the default level's
search with seed 0 (``search.best_move(game)``), and its move is the move
the computer would play. While the position stays on screen the analysis
goes on with larger budgets (``STAGES``), each stage a new search; the
page is shown the last stage that ended.

**Scores.** The search scores a position for the side to move, in the
game's own units (the pieces' values, in pawns). Analysis turns them to
the side that moves first in the game's set-up (``first_side``: White;
Green in Mittner's Sha'rah), so a bar and a graph read the same way all
game. A forced result is ``win_in`` plies (positive: the first side wins).
In a game with chance (the die of Oblong Shatranj) every move's score is
the average over what chance decides next, and the line stops at the next
roll (nobody knows it yet).

**Expected score.** Pawns do not mean the same in every game (Oblong
Shatranj has sixteen pieces a side, Sha'rah thirty-three), so a review
marks moves by how much they lose of the *expected score* (``expected``:
1 a win, 0 a loss, a logistic curve of the score in between, as chess
sites do: one pawn ahead expects 0.59, three pawns 0.75; a game may
declare its own ``Variant.score_scale``). A move that loses at least
``MARKS`` of it against the engine's choice, from the same search, is an
inaccuracy, a mistake or a blunder (docs/about/computer.md).

**The review's budget.** A review thinks about every position of a game,
so each gets less than the computer's move: a level of its own
(``review_level``) whose node budget each game declares
(``Variant.review_nodes``, scaled by the game's search tuning like every
level's: the look-ahead's nodes and the safety pass's allowance), with no
time cap: the same nodes, the same marks, on any machine. Each game's
figure is measured (``scripts/bench.py --review``) so that a review of a
60-ply game costs at most about 20 s of processor time in Pyodide, a third
of the minute it may take in the browser.

**Every move judged.** The move played and the engine's choice are
compared ``MARK_DEPTH`` moves deep (every reply to each seen): by the
scores of the look-ahead where it finished that deep; elsewhere (a
budget that finishes one move deep, as in most positions of Scheherazade
and Mittner's reading), the search, once it has chosen its move and its
line, searches the two moves that deep on the same table
(``search.Thinker``'s ``judge``), which costs a fraction of the search.
"""

from __future__ import annotations

import math
from typing import TypedDict

from . import record
from .core import Game, Move, NotationError, Ply
from .notation import move_numbers

# (mark, the least expected score the move loses against the engine's choice)
MARKS = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
LOGISTIC = 0.368        # per pawn, as chess sites read centipawns (0.00368 per centipawn)
# The analysis' budgets, one stage after another: the first is the default
# level's (what the computer plays); each later one looks four times as far.
STAGES = ({"nodes": None, "seconds": None}, {"nodes": 4, "seconds": 4.0}, {"nodes": 16, "seconds": 16.0})
ARROWS = 3              # arrows drawn for the line's first moves
REVIEW_VERSION = 3
MARK_DEPTH = 2          # moves deep: the move played and the engine's are compared this deep


class AnalysisMove(TypedDict):
    n: str                 # the move's notation (what ``play`` takes)
    name: str              # as the move list writes it
    to: "str | None"
    score: "float | None"  # for the first side, in the game's units
    win_in: "int | None"   # plies to a forced result (positive: the first side wins)
    expected: float        # the first side's expected score after it, 0..1


AnalysisMove.__annotations__["from"] = "str | None"


class AnalysisResult(TypedDict):
    """What one finished search found, from the first side's view."""
    ply: int               # the position analysed: after this many moves of the line
    side: str              # the first side (whose view the numbers take)
    to_move: str
    score: "float | None"  # in the game's units (pawns); None when unknown
    win_in: "int | None"   # plies to a forced result (positive: the first side wins)
    expected: float        # the first side's expected score, 0..1 (the bar)
    text: str              # the evaluation in words ("+1.25", "White wins in 3", "Game over")
    over: bool             # the game has ended (the board's status says how: not repeated here)
    best: "str | None"     # the engine's move (the computer's, at the first stage)
    line: list[str]        # the expected line, move texts (notation)
    line_text: str         # the same as the move list writes it, with numbers
    arrows: list[list[str]]  # [from, to] of the line's first moves (ARROWS at most)
    moves: list[AnalysisMove]  # the best few moves, best first
    chance: bool           # scores average over chance; the line stops at the next roll
    depth: int             # how many moves deep the search finished
    nodes: int
    stage: int             # 0: the computer's own budget; later stages look further


class AnalysisReply(TypedDict):
    """The reply of ``analyse``: one slice of thinking."""
    thinking: bool         # more to come (ask again); false: the deepest stage ended
    ply: int               # the position being analysed
    stage: int             # the stage being searched now
    depth: int             # the depth it is searching
    nodes: int             # nodes of the stage so far
    result: "AnalysisResult | None"   # the last stage that ended (None before the first)


class ReviewEntry(TypedDict):
    """One position of a reviewed game, and the move played from it."""
    ply: int               # the position after this many moves
    score: "float | None"  # for the first side
    win_in: "int | None"
    expected: float        # the first side's expected score (the graph)
    best: "str | None"     # the engine's move here (notation)
    best_name: str         # ... as the move list writes it ("" when none)
    played: "str | None"   # the move played from here (notation), None at the end
    loss: float            # the expected score the played move gave away, 0..1
    mark: str              # "", "inaccuracy", "mistake" or "blunder"
    depth: int             # how many moves deep the search finished
    judged: bool           # deep enough to judge the move played (else no mark)


class ReviewReply(TypedDict):
    """The reply of ``review``: one slice, the review so far."""
    done: int              # positions reviewed
    total: int             # positions in all (the moves of the line, and the start)
    seconds: float         # thinking time so far
    left: "float | None"   # an estimate of the seconds left (None before the first position)
    finished: bool
    entries: list[ReviewEntry]   # the positions reviewed, in order


# ------------------------------------------------------------------ scores

def first_side(variant) -> str:
    """The side that moves first in the game's set-up."""
    try:
        return variant.initial_position().to_move
    except Exception:
        return variant.sides[0]


def expected(score: float | None, win_in: int | None, scale: float = 1.0) -> float:
    """The expected score (1 a win, 0 a loss) of the side whose ``score``
    (pawns) or forced result (``win_in`` plies) it is."""
    if win_in is not None:
        return 1.0 if win_in > 0 else 0.0
    if score is None:
        return 0.5
    return 1.0 / (1.0 + math.exp(-LOGISTIC * score / scale))


def _search():
    """The search module, loaded when first used (a page opens faster without it)."""
    from . import search
    return search


def _win_in(score: float | None) -> int | None:
    search = _search()
    if score is None or abs(score) <= search.PROVEN:
        return None
    return int(round(search.WIN - abs(score))) * (1 if score > 0 else -1)


def _scale(variant) -> float:
    return float(getattr(variant, "score_scale", 1.0) or 1.0)


def _view(score: float | None, mover: str, first: str) -> float | None:
    """A score for ``mover`` as the first side sees it."""
    if score is None:
        return None
    return score if mover == first else -score


def mark_for(loss: float) -> str:
    for name, least in MARKS:
        if loss >= least - 1e-9:
            return name
    return ""


def eval_text(score: float | None, win_in: int | None, first: str, sides) -> str:
    if win_in is not None:
        other = next((s for s in sides if s != first), first)
        who = first if win_in > 0 else other
        n = (abs(win_in) + 1) // 2
        return f"{who.capitalize()} wins in {n}" if n else f"{who.capitalize()} has won"
    if score is None:
        return "?"
    return f"{score:+.2f}" if abs(score) >= 0.005 else "0.00"


# ----------------------------------------------------------------- results

def result_of(game: Game, ply: int, move: Move | None, info: dict, stage: int) -> AnalysisResult:
    """A finished search (``best_move``'s ``(move, info)``) for ``game``'s
    position, as the page shows it."""
    v = game.variant
    pos = game.current
    first, mover = first_side(v), pos.to_move
    names = v.geometry.names
    scale = _scale(v)
    score = _view(info.get("score"), mover, first)
    if game.result is not None:
        w = game.result.winner
        score, win_in = None, None
        exp = 0.5 if w is None else (1.0 if w == first else 0.0)
        text = "Game over"
    else:
        win_in = info.get("win_in")
        win_in = None if win_in is None else (win_in if mover == first else -win_in)
        exp = expected(score, win_in, scale)
        text = eval_text(score, win_in, first, v.sides)
    legal = {m.notation: m for m in game.legal_moves()}
    # the line, as the move list writes it, numbered as the game goes on
    plies, cur = [], pos
    for text_move in info.get("pv") or []:
        m = legal.get(text_move) if not plies else next(
            (x for x in v.legal_moves(cur) if x.notation == text_move), None)
        if m is None:
            break
        after = v.apply(cur, m)
        plies.append(Ply(m, cur, after, None, v.move_name(cur, m)))
        cur = after
    numbers = move_numbers(list(game.history) + plies, first)[len(game.history):]
    line_text = " ".join(f"{num} {p.name}" if num else p.name for num, p in zip(numbers, plies))
    arrows = [[names[p.move.frm], names[p.move.to]] for p in plies[:ARROWS]
              if p.move.frm is not None and p.move.to is not None and p.move.frm != p.move.to]
    moves: list[AnalysisMove] = []
    for n, s in info.get("moves") or []:
        m = legal.get(n)
        if m is None:
            continue
        sv, w = _view(s, mover, first), _win_in(s)
        w = None if w is None else (w if mover == first else -w)
        moves.append({"n": n, "name": v.move_name(pos, m), "from": None if m.frm is None else names[m.frm],
                      "to": None if m.to is None else names[m.to], "score": sv, "win_in": w,
                      "expected": round(expected(sv, w, scale), 4)})
    return {"ply": ply, "side": first, "to_move": mover, "score": score, "win_in": win_in,
            "expected": round(exp, 4), "text": text, "over": game.result is not None, "best": None if move is None else move.notation,
            "line": [p.move.notation for p in plies], "line_text": line_text, "arrows": arrows,
            "moves": moves, "chance": bool(v.chances(pos)),
            "depth": int(info.get("depth") or 0), "nodes": int(info.get("nodes") or 0), "stage": stage}


def stage_budget(game: Game, stage: int) -> dict | None:
    """The budget of analysis stage ``stage`` (None: the default level's own)."""
    search = _search()
    spec = STAGES[stage]
    if spec["nodes"] is None:
        return None
    tuning = search.tuning_for(game.variant)
    base = tuning.nodes(search.level_of(search.DEFAULT_LEVEL))
    return {"nodes": base * spec["nodes"], "seconds": spec["seconds"]}


class Analysis:
    """An analysis of one position of a game, a slice at a time: the
    default level's search first, then the deeper ``STAGES``."""

    def __init__(self, game: Game, ply: int):
        self.game, self.ply = game, ply
        self.stage = 0
        self.result: AnalysisResult | None = None
        self.finished = game.result is not None
        if self.finished:
            self.result = result_of(game, ply, None, {}, 0)
        self.thinker = None if self.finished else self._thinker()

    def _thinker(self):
        search = _search()
        return search.Thinker(self.game, search.DEFAULT_LEVEL, 0, stage_budget(self.game, self.stage))

    def step(self, seconds: float | None) -> AnalysisReply:
        t = self.thinker
        if t is not None:
            out = t.step(seconds=seconds)
            if out is not None:
                move, info = out
                self.result = result_of(self.game, self.ply, move, info, self.stage)
                proven = info.get("win_in") is not None or info.get("stopped") in ("forced", "over", "no moves")
                if proven or self.stage + 1 >= len(STAGES):
                    self.finished, self.thinker = True, None
                else:
                    self.stage += 1
                    self.thinker = self._thinker()
        t = self.thinker
        return {"thinking": not self.finished, "ply": self.ply, "stage": self.stage,
                "depth": t.depth if t is not None else (self.result or {}).get("depth", 0),
                "nodes": t.nodes if t is not None else (self.result or {}).get("nodes", 0),
                "result": self.result}

    def close(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
            self.thinker = None


# ------------------------------------------------------------------ review

def _loss(info: dict, move: Move | None, played: Move | None, scale: float) -> tuple[float, bool]:
    """How much of the expected score ``played`` gave away against the
    engine's ``move``, and whether the search could say: where its
    look-ahead finished ``MARK_DEPTH`` deep, by the scores of that depth
    alone (all from one look-ahead: the best move's exact, the others' at
    most what they are worth, so a loss is never overstated); elsewhere by
    the two moves' exact scores ``MARK_DEPTH`` deep that the search adds
    once it has chosen (``info["judged"]``: ``review_search``'s
    ``played``); without them, only where it proved that ``played`` loses
    while ``move`` may not."""
    if played is None or move is None or played.notation == move.notation:
        return 0.0, True
    settled = info.get("settled") or {}
    judged = info.get("judged") or {}
    if int(info.get("depth") or 0) >= MARK_DEPTH and played.notation in settled:
        top, mine = max(settled.values()), settled[played.notation]
    elif move.notation in judged and played.notation in judged:
        top, mine = judged[move.notation], judged[played.notation]
    else:
        scores = info.get("scores") or {}
        top, mine = scores.get(move.notation), scores.get(played.notation)
        if top is None or mine is None or not mine < -_search().PROVEN < top:
            return 0.0, False
    return max(0.0, expected(top, _win_in(top), scale) - expected(mine, _win_in(mine), scale)), True


def review_entry(game: Game, ply: int, move: Move | None, info: dict, played: Move | None) -> ReviewEntry:
    """Position ``ply`` of a game and the move played from it, judged by
    the search that found ``move``: how much of the expected score the
    played move gave away against the engine's choice (``_loss``)."""
    v = game.variant
    first, mover = first_side(v), game.to_move
    scale = _scale(v)
    if game.result is not None:
        w = game.result.winner
        return {"ply": ply, "score": None, "win_in": None,
                "expected": 0.5 if w is None else (1.0 if w == first else 0.0),
                "best": None, "best_name": "", "played": None, "loss": 0.0, "mark": "",
                "depth": 0, "judged": True}
    score, win_in = info.get("score"), info.get("win_in")
    loss, judged = _loss(info, move, played, scale)
    fv = _view(score, mover, first)
    fw = None if win_in is None else (win_in if mover == first else -win_in)
    return {"ply": ply, "score": None if fv is None else fv + 0.0, "win_in": fw, "expected": round(expected(fv, fw, scale), 4),
            "best": None if move is None else move.notation,
            "best_name": "" if move is None else v.move_name(game.current, move),
            "played": None if played is None else played.notation, "loss": round(loss, 4),
            "mark": mark_for(loss) if judged else "", "depth": int(info.get("depth") or 0), "judged": judged}


def review_level(variant):
    """The search level of a review: the game's ``review_nodes`` as a
    level's node budget (the game's tuning scales it: the look-ahead's
    nodes and the safety pass's allowance), no time cap, no noise."""
    search = _search()
    return search.Level(search.DEFAULT_LEVEL, "review", max(1, int(variant.review_nodes())),
                        search.NO_TIME_CAP)


def review_thinker(game: Game, played: Move | None):
    """The review's search of ``game``'s position, to run in slices: the
    review's level, and the move ``played`` from there judged beside the
    engine's choice (``search.Thinker``'s ``judge``)."""
    return _search().Thinker(game, review_level(game.variant), 0,
                             judge=None if played is None else played.notation, judge_depth=MARK_DEPTH)


def review_search(game: Game, played: Move | None = None) -> tuple[Move | None, dict]:
    """The review's search of ``game``'s position, in one go (what
    ``Review`` runs in slices)."""
    return review_thinker(game, played).step()


class Review:
    """A review of a game's whole line, a position at a time, each at the
    review's level (``review_level``: node budgets only);
    ``kept`` entries (a review saved with the game) are taken over for
    every position whose moves up to it, and the move played from it, are
    the same, so a new move reviews only what changed."""

    def __init__(self, game: Game, kept: dict | None = None):
        self.game = game
        self.plies = record.line(game)
        self.moves = record.game_text(game).moves
        self.entries: list[ReviewEntry] = []
        self.seconds = 0.0
        self.reviewed = 0            # positions searched here (for the estimate)
        self.thinker = None
        if kept:
            old_moves, old = kept.get("moves") or [], kept.get("entries") or []
            for i, e in enumerate(old):
                if i > len(self.moves) or old_moves[:i + 1] != self.moves[:i + 1] or \
                        (i == len(self.moves)) != (i == len(old_moves)):
                    break
                self.entries.append(e)

    @property
    def total(self) -> int:
        return len(self.plies) + 1

    def step(self, seconds: float | None) -> ReviewReply:
        import time
        began = time.perf_counter()
        budget_end = None if seconds is None else began + seconds
        while len(self.entries) < self.total:
            i = len(self.entries)
            at = self.game.at(i)
            played = self.plies[i].move if i < len(self.plies) else None
            if at.result is not None:
                self.entries.append(review_entry(at, i, None, {}, None))
                continue
            if self.thinker is None:
                self.thinker = review_thinker(at, played)
            left = None if budget_end is None else max(0.001, budget_end - time.perf_counter())
            out = self.thinker.step(seconds=left)
            if out is None:
                break
            self.thinker = None
            self.reviewed += 1
            self.entries.append(review_entry(at, i, out[0], out[1], played))
            if budget_end is not None and time.perf_counter() >= budget_end:
                break
        self.seconds += time.perf_counter() - began
        return self.summary()

    def summary(self) -> ReviewReply:
        """The review so far."""
        done = len(self.entries)
        left = None
        if self.reviewed:
            left = round(self.seconds / self.reviewed * (self.total - done), 1)
        return {"done": done, "total": self.total, "seconds": round(self.seconds, 3), "left": left,
                "finished": done >= self.total, "entries": list(self.entries)}

    def close(self) -> None:
        if self.thinker is not None:
            self.thinker.close()
            self.thinker = None

    def kept(self) -> dict:
        """The review as the saved game keeps it (``check_review`` reads it)."""
        return {"v": REVIEW_VERSION, "moves": self.moves[:len(self.entries)], "entries": list(self.entries)}


def marks_of(game: Game, kept: dict | None) -> dict:
    """The marks of a review kept with ``game`` (``Review.kept``) on the
    moves of its tree that are still there: ``id(ply)`` -> ``(mark, the
    engine's better move as the move list writes it)``."""
    if not kept:
        return {}
    plies = record.plies_along(game, kept["moves"])
    return {id(plies[e["ply"]]): (e["mark"], e["best_name"])
            for e in kept["entries"] if e["mark"] and e["ply"] < len(plies)}


ENTRY_TYPES = {"ply": int, "score": (int, float, type(None)), "win_in": (int, type(None)),
               "expected": (int, float), "best": (str, type(None)), "best_name": str,
               "played": (str, type(None)), "loss": (int, float), "mark": str,
               "depth": int, "judged": bool}


def check_review(blob) -> dict:
    """A review read back from a saved game, every field checked; a
    ``NotationError`` says what is wrong (the game is kept without it)."""
    if not isinstance(blob, dict) or blob.get("v") != REVIEW_VERSION:
        raise NotationError("the review is from another version")
    moves, entries = blob.get("moves"), blob.get("entries")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise NotationError("the review's moves are damaged")
    if not isinstance(entries, list) or len(entries) > len(moves) + 1:
        raise NotationError("the review's positions are damaged")
    for i, e in enumerate(entries):
        if not isinstance(e, dict) or set(e) != set(ENTRY_TYPES) or e["ply"] != i or any(
                isinstance(e[k], bool) != (t is bool) or not isinstance(e[k], t) for k, t in ENTRY_TYPES.items()):
            raise NotationError(f"the review's position {i} is damaged")
        if e["mark"] not in ("",) + tuple(n for n, _ in MARKS) or not 0 <= e["expected"] <= 1:
            raise NotationError(f"the review's position {i} is damaged")
    return {"v": REVIEW_VERSION, "moves": list(moves), "entries": [dict(e) for e in entries]}
