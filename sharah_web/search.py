"""The computer opponent: one search for every game.

``best_move(game, level=2)`` looks ahead by iterative deepening alpha-beta
(negamax) and returns the move it would play with what it found::

    >>> move, info = best_move(new_game("oblong-shatranj", die=False), level=1)

What each game supplies is only its own (``Variant`` hooks in ``core``):
``evaluate(pos, side)`` (material from the piece values plus the game's own
terms), ``piece_value(piece)``, and ``chances(pos)`` for what chance decides
after a move (the die in Oblong Shatranj: every move leads to a chance node
where the search averages over the six rolls, each roll restricting the next
player's moves). The search needs nothing else.

**Terminal positions.** Each game judges its results with
``Variant.result(game)`` over a ``Game``'s history (repetitions, the
Sha'rah stalemate windows, "the mover brought the Fisher home"). The search
does not re-implement those rules: it keeps a light stand-in for a ``Game``
(``core.Line``: the current position, the plies that led to it, the legal moves
of the current position computed once) and asks the variant's own
``result``. So the computer never disagrees with the referee, and a rule
added to a game later is seen by the search at once. The legal moves that
``result`` may compute are the ones the search expands next, so judging
costs little more than a glance at the board.

**Budgets.** A search stops at a node budget (machine-independent: the same
seed and budget give the same move on any machine) or at a time cap (a
safety net, checked at every node, so it stops promptly), whichever comes
first, or when a ``stop`` callable returns true (checked every few hundred
nodes). Before any budget applies, a first pass looks at every move once,
so every level sees every immediate win. When a budget runs out in the
middle of a depth, the moves already searched at that depth still count
(the best of the previous depth is always searched first).

**The safety pass.** Between the first pass and the look-ahead, every
root move (the most promising first) is checked against every reply: can
the opponent win at once? (Only the replies that may win at once are
judged: ``Variant.win_candidates``, a game that can tell which cannot.) A reply that won once is tried first after the
next moves, so a threat that most moves do not parry costs a node a move.
The pass has its own allowance (the level's node budget times
``Tuning.safety``, on top of it), is not cut by the budgets (only by
``stop``; the node budget and the time cap count from the start of the
look-ahead) and writes nothing the look-ahead reads: where it finds no
move that loses at once, the look-ahead is exactly the same as without
it. A move after which the
opponent wins at once (whatever chance decides) is not searched deeper
and comes last. When the look-ahead was cut short before it finished two
moves deep for its best move and a threat was found, the move played is
the one the safety pass checked with the least chance of losing at once;
and a move known to lose is never played while another one may not
(a depth cut short may have searched only losing moves).

**Slices.** ``Thinker`` runs the same search a slice at a time
(``step(seconds=0.06)``), for the browser's worker, which cannot hear the
page while Python runs: the page asks for one short slice after another and
simply stops asking (and forgets the thinker) when the player undoes or
leaves. The tree is walked by generators that pause only where a node is
counted, so a search paused a hundred times ends exactly as one run in one
go (``best_move`` is a thinker run to the end); the time cap counts the
thinking time of the slices, not the pauses between them.

**Judging a move.** A review asks the search to score the move played
beside its own choice (``Thinker``'s ``judge``): after it has chosen its
move and its line, both moves are searched to a given depth with no
bound on their scores, on the same table, with no budget (the line is
taken before, so it stays the line of the search that plays).

**Determinism.** A search starts afresh every call (no table survives
between calls); the seed only orders equal moves and, at the sparring
level, adds a little noise to the scores of moves that neither win nor lose
at once.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable

from . import terms
from .core import Game, Line, Move, Position, Variant

WIN = 10_000.0          # a won position, less the plies it takes
PROVEN = WIN - 1_000    # scores beyond this are wins or losses found by search
LOST_AT_ONCE = -(WIN - 2)   # the score of a move after which the opponent wins at once
INF = float("inf")
REDUCE_AFTER = 3        # late move reductions (Tuning.reduce): moves searched in full first
REDUCE_DEPTH = 3        # ... at nodes this deep or deeper
SKIP_KINDS = frozenset({"offer-draw"})   # the computer never offers a draw
NO_TIME_CAP = 10.0 ** 6  # seconds: a search that ends on its nodes alone
_clock = time.perf_counter               # thinking time (a test may replace it)


@dataclass(frozen=True)
class Level:
    """A playing strength: a node budget (scaled per game: ``tuning_for``),
    a time cap in seconds, a depth cap, and noise (pawns) for sparring;
    ``about`` says it in a line for the players."""
    number: int
    name: str
    nodes: int
    seconds: float
    max_depth: int = 64
    noise: float = 0.0
    about: str = ""


LEVELS = {
    1: Level(1, "sparring", 600, 0.5, max_depth=2, noise=0.6,
             about="Looks up to two moves ahead on a small budget, with a little randomness: "
                   "a partner to practise against."),
    2: Level(2, "default", 6_000, 1.0,
             about="Looks as far ahead as it can in about a second a move."),
    3: Level(3, "strongest", 24_000, 6.0,
             about="Four times the search of the default level or more: a few seconds a move."),
}
DEFAULT_LEVEL = 2


@dataclass(frozen=True)
class Tuning:
    """How the search spends its budget in one game: ``scale`` multiplies
    the level's node budget (a node costs very different amounts in
    different games: compare 6 moves on a die roll with 1,100 moves on the
    Light and Shadow boards), ``qdepth`` is how many captures deep the
    quiescence search follows exchanges at the horizon (0: none), and
    ``strongest`` multiplies the strongest level's budget again, in a game
    where its moves would otherwise take well under the few seconds it may
    think, and ``listing`` is what listing a position's legal moves costs,
    in positions per move listed (0: nothing), in a game where that costs
    far more than judging a position (a thousand moves and more on the
    Light and Shadow boards), so that the node budget, not the time cap,
    ends a search there too. ``reduce`` searches the late quiet moves of
    a node (after the first ``REDUCE_AFTER``, no capture, not in check) one
    ply shallower first, and again at full depth only when one of them
    looks better than the best so far (late move reductions): the search
    goes deeper in a game of long quiet manoeuvres. ``safety`` is the
    safety pass's allowance in node budgets of the level (each reply
    judged is a node): half in Scheherazade, where judging a position
    lists the moves of the side to move (checkmate or stalemate?), so a
    judgement costs as much as a node of the look-ahead. ``deeper``
    multiplies the budgets of the playing levels from the default up
    (``LEVELS[2]`` and ``LEVELS[3]`` themselves, not a level made for a
    review or a benchmark): what a faster search is spent on, in a game
    where more positions buy a move of depth in about the same time a
    move as before. ``finish``: a depth is begun only when the nodes
    left of the budget are at least this many times what the depth before
    took (0: always), in a game where each depth costs many times the one
    before (a thousand moves and more a side): the rest of the budget would
    barely begin the next depth, and is not spent on it. ``killers_first``:
    the killers are tried before the winning captures (``staged``), in a
    game where a capture of the opponent's pieces is rare and listing them
    costs more than trying a killer: a depth searched to its end gives the
    same move and score in any order, in fewer positions listed."""
    scale: float = 1.0
    qdepth: int = 4
    strongest: float = 1.0
    listing: float = 0.0
    reduce: bool = False
    safety: float = 1.0
    deeper: float = 1.0
    finish: float = 0.0
    killers_first: bool = False

    def nodes(self, level: "Level") -> int:
        """The node budget of ``level`` in this game."""
        extra = self.strongest if level.number == max(LEVELS) else 1.0
        if level.number >= DEFAULT_LEVEL and LEVELS.get(level.number) is level:
            extra *= self.deeper
        return max(1, int(level.nodes * self.scale * extra))

    def allowance(self, level: "Level") -> int:
        """The safety pass's allowance at ``level`` in this game, on top of
        the node budget."""
        return int(self.nodes(level) * self.safety)


# Each game declares its tuning (``Variant.search_tuning``, by its options),
# measured on CPython 3.11 (2 cores): level 2 spends about half a second on
# a typical middle-game move; the time cap is the safety net.
def tuning_for(variant: Variant) -> Tuning:
    """The tuning of ``variant``'s game with its options."""
    return Tuning(**variant.search_tuning())


def capture_gain(board: list, squares: list[int], side: str, value) -> float:
    """What the pieces a move takes on ``squares`` are worth to ``side``,
    the mover: the opponent's pieces count for it, its own against it (on
    the Light and Shadow boards most captures take one's own pieces)."""
    gain = 0.0
    for c in squares:
        q = board[c]
        if q is not None:
            gain += -value(q) if q.side == side else value(q)
    return gain


_UNSEEN = object()       # not worked out yet (``_Search.shared``)


class SearchStopped(Exception):
    """Raised inside the search when a budget runs out (never escapes)."""


# ----------------------------------------------------------- the game stand-in

def level_specs() -> list[dict]:
    """The levels as plain data, for a settings panel."""
    return [{"level": lv.number, "name": lv.name, "label": lv.name.capitalize(),
             "about": lv.about, "nodes": lv.nodes, "seconds": lv.seconds,
             "default": lv.number == DEFAULT_LEVEL} for lv in LEVELS.values()]


# ------------------------------------------------------------------ budgets

def _budget(level: Level, tuning: Tuning, budget) -> tuple[int, float]:
    """The node limit and the time cap for a search."""
    nodes = tuning.nodes(level)
    seconds = level.seconds
    if budget is None:
        return nodes, seconds
    if isinstance(budget, (int, float)) and not isinstance(budget, bool):
        return nodes, float(budget)                  # a number is a time cap
    if isinstance(budget, dict):
        unknown = set(budget) - {"nodes", "seconds"}
        if unknown:
            raise ValueError(f"a budget has nodes and seconds, not {', '.join(sorted(unknown))}")
        if budget.get("nodes") is not None:
            nodes = max(1, int(budget["nodes"]))
        if budget.get("seconds") is not None:
            seconds = float(budget["seconds"])
        return nodes, seconds
    raise ValueError(f"a budget is seconds or {{'nodes': n, 'seconds': s}}, not {budget!r}")


def level_of(level) -> Level:
    """A ``Level`` from its number (1, 2, 3, or the text "2")."""
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[int(level)]
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"level is one of {', '.join(map(str, LEVELS))}, not {level!r}") from None


# ------------------------------------------------------------------- search

class _Search:
    def __init__(self, variant: Variant, line: Line, nodes: int, seconds: float,
                 tuning: Tuning, stop: Callable[[], bool] | None):
        self.variant = variant
        self.line = line
        self.node_limit = nodes
        self.budgeted = False               # off during the first look and the safety pass
        self.cap = seconds                  # the time cap of the look-ahead
        self.seconds = seconds              # ... as thinking time summed over slices
        self.slice_began = _clock()
        self.used = 0.0                     # thinking time of the slices before this one
        self.deadline = _clock() + seconds
        self.pause_nodes = INF              # where the current slice ends
        self.pause_time = INF
        self.qdepth = tuning.qdepth
        self.reduce = tuning.reduce
        self.in_check = getattr(variant, "in_check", None)   # chess-like games only
        self.listing = tuning.listing
        self.killers_first = tuning.killers_first
        self.stop = stop
        self.next_stop_check = 256
        self.nodes = 0
        self.stopped = ""
        self.tt: dict = {}
        self.killers: dict[int, list[Move]] = {}     # ply -> the last two quiet moves that cut
        self.history: dict[str, int] = {}
        self.evaluate = variant.evaluate
        self.worth = variant.piece_value
        # the piece values by kind, where the game does not work them out itself
        # a game that makes the moves from one square alone (the killers' stage)
        self.moves_from = variant.moves_from if type(variant).moves_from is not Variant.moves_from else None
        self.kind_values = variant._kind_values if type(variant).piece_value is Variant.piece_value else None
        self.result = variant.result
        self.chances = variant.chances
        self.shared: list | None = None     # see child: [board, judgement, evaluation]

    # ---- budget
    def tick(self) -> bool:
        """Count a node; stop the search when a budget runs out. True when
        the current slice is over: the caller then yields (pauses)."""
        self.nodes += 1
        now = _clock()
        if self.budgeted:
            if self.nodes > self.node_limit:
                self.stopped = "nodes"
                raise SearchStopped
            if now > self.deadline:
                self.stopped = "time"
                raise SearchStopped
        if self.stop is not None and self.nodes >= self.next_stop_check:
            self.next_stop_check = self.nodes + 256
            if self.stop():
                self.stopped = "stopped"
                raise SearchStopped
        return self.nodes >= self.pause_nodes or now >= self.pause_time

    def begin_slice(self, seconds: float | None, nodes: int | None) -> float:
        """Start a slice of at most ``seconds`` or ``nodes`` (``None``: no
        limit); the time cap counts only the time spent thinking."""
        now = self.slice_began = _clock()
        self.deadline = now + (self.seconds - self.used)
        self.pause_time = INF if seconds is None else now + seconds
        self.pause_nodes = INF if nodes is None else self.nodes + max(1, int(nodes))
        return now

    def end_slice(self, began: float) -> None:
        self.used += _clock() - began

    def start_budgets(self, nodes_aside: int) -> None:
        """The look-ahead begins: the node budget and the time cap count
        from here (what the first look and the safety pass used, and
        ``nodes_aside`` of the nodes, is not charged to them)."""
        now = _clock()
        self.seconds += self.used + (now - self.slice_began)
        self.deadline = now + self.cap
        self.node_limit += nodes_aside
        self.budgeted = True

    # ---- scores
    @staticmethod
    def terminal(result, side: str, ply: int) -> float:
        if result.winner is None:
            return 0.0
        return WIN - ply if result.winner == side else -(WIN - ply)

    def expand(self) -> list[Move]:
        """The current position's legal moves, to search them: listing them
        is charged to the node budget where the game's tuning says so."""
        moves = self.line.legal_moves()
        if self.listing:
            self.nodes += int(len(moves) * self.listing)
        return moves

    def candidates(self) -> list[Move]:
        """The current position's legal moves that may win at once
        (``Variant.win_candidates``: every move that does, and perhaps
        others), for the safety pass; listing them is charged as ``expand``."""
        line = self.line
        if self.listing or line._moves is not None:
            return self.variant.win_candidates(line.current, self.expand())
        return self.variant.win_candidate_moves(line.current)

    def judge(self):
        """The game's own referee on the current line (``Variant.result``),
        once for the outcomes of one chance node."""
        shared = self.shared
        if shared is not None and self.line.current.board is shared[0]:
            res = shared[1]
            if res is _UNSEEN:
                res = shared[1] = self.result(self.line)
            return res
        return self.result(self.line)

    def stand(self, pos: Position) -> float:
        """The evaluation of ``pos`` for the side to move (``Variant.evaluate``),
        once for the outcomes of one chance node."""
        shared = self.shared
        if shared is not None and pos.board is shared[0]:
            v = shared[2]
            if v is _UNSEEN:
                v = shared[2] = self.evaluate(pos, pos.to_move)
            return v
        return self.evaluate(pos, pos.to_move)

    # ---- move ordering
    def gain(self, board: list, caps: tuple, side: str) -> float:
        """What the pieces on ``caps`` are worth to ``side`` taking them
        (``capture_gain``, with the piece values looked up directly where
        the game keeps its own)."""
        values = self.kind_values
        gain = 0.0
        for c in caps:
            q = board[c]
            if q is not None:
                v = values.get(q.kind, 0.0) if values is not None else self.worth(q)
                gain += -v if q.side == side else v
        return gain

    def order(self, pos: Position, moves: list[Move], ply: int, first: str | None,
              skip: set | None = None) -> list[Move]:
        """Best first: the move the table remembers, winning captures (the
        most valuable piece by the least valuable), killers, then history;
        a bonus for moving the neutral piece and for changing the state.
        The moves named in ``skip`` are left out. (Every score is positive
        or zero, and equal scores keep the list's order: the moves that
        score nothing follow the others as they come.)"""
        board = pos.board
        side = pos.to_move
        worth = self.worth
        killers = [k.notation for k in self.killers.get(ply, ())]
        history = self.history.get
        neutral = [sq for sq, p in enumerate(board) if p is not None and p.side is None]
        keyed = []
        add = keyed.append
        plain = []
        rest = plain.append
        i = -1
        for m in moves:
            i += 1
            if m.kind in SKIP_KINDS:
                continue
            n = m.notation
            if n == first:
                add((-1e9, i, m))
                continue
            if skip is not None and n in skip:
                continue
            caps, state = m._facts or m.facts()
            # what the captures win (one's own pieces count against)
            gain = self.gain(board, caps, side) if caps else 0.0
            if gain > 0:
                frm = m.frm
                mover = board[frm] if frm is not None else None
                s = 1e6 + 100 * gain - (worth(mover) if mover is not None else 0)
            elif n in killers:
                s = 5e5
            else:
                s = history(n, 0)
            if neutral and m.frm in neutral:
                s += 2e5            # the neutral piece (the Fisher) decides games
            if state:
                s += 1e5            # a hand-over, a choice of controller...
            if s:
                add((-s, i, m))
            else:
                rest(m)
        keyed.sort()                # (score, index): the index is unique, moves never compared
        return [k[2] for k in keyed] + plain

    def staged(self, pos: Position, ply: int, first: Move | None):
        """The moves of the current position in ``order``'s order, made
        only as far as the search reaches them (a cut-off often comes
        early): the move the table remembers, before any move is listed;
        then the winning captures, from the game's captures of the
        opponent's pieces alone (``Variant.enemy_captures``); then the
        killers still legal, where the game makes the moves of one square
        alone (``Variant.moves_from``; before the captures where the
        game's tuning says ``killers_first``); then the whole list, the
        rest by killers and history as they stand when it is reached.
        Call it with the line at ``pos``, and resume it only there."""
        tried = set()
        if first is not None:
            tried.add(first.notation)
            yield first
        if self.killers_first:
            yield from self._killers(pos, ply, tried)
            yield from self._captures(pos, tried)
        else:
            yield from self._captures(pos, tried)
            yield from self._killers(pos, ply, tried)
        yield from self.order(pos, self.expand(), ply, None, tried)

    def _captures(self, pos: Position, tried: set):
        """``staged``'s winning captures, best first."""
        board = pos.board
        side = pos.to_move
        worth = self.worth
        line = self.line
        captures = line.enemy_captures()
        if self.listing and line._moves is None:
            self.nodes += int(len(captures) * self.listing)
        keyed = []
        add = keyed.append
        values = self.kind_values
        i = -1
        for m in captures:
            i += 1
            if m.kind in SKIP_KINDS:
                continue
            caps, state = m._facts or m.facts()
            if values is None or len(caps) != 1:
                gain = self.gain(board, caps, side)
            else:                   # (one piece taken: ``gain`` without the call)
                q = board[caps[0]]
                gain = 0.0 if q is None else (-values.get(q.kind, 0.0) if q.side == side
                                              else values.get(q.kind, 0.0))
            if gain <= 0 or m.notation in tried:
                continue
            frm = m.frm
            mover = board[frm] if frm is not None else None
            s = 1e6 + 100 * gain - (worth(mover) if mover is not None else 0)
            if mover is not None and mover.side is None:
                s += 2e5
            if state:
                s += 1e5
            add((-s, i, m))
        keyed.sort()
        for k in keyed:
            m = k[2]
            tried.add(m.notation)
            yield m

    def _killers(self, pos: Position, ply: int, tried: set):
        """``staged``'s killers still legal, made from their squares alone."""
        line = self.line
        moves_from = self.moves_from
        if moves_from is not None and line._moves is None:
            # the killers, made from their squares alone where still legal
            for k in tuple(self.killers.get(ply, ())):
                n = k.notation
                if n in tried or k.frm is None:
                    continue
                m = next((m for m in moves_from(pos, k.frm) if m.notation == n), None)
                if m is not None:
                    tried.add(n)
                    yield m

    def remember(self, move: Move, ply: int, depth: int) -> None:
        if (move._facts or move.facts())[0]:
            return
        ks = self.killers.setdefault(ply, [])
        if all(k.notation != move.notation for k in ks):
            ks.insert(0, move)
            del ks[2:]
        self.history[move.notation] = self.history.get(move.notation, 0) + depth * depth

    # ---- the tree
    # Each of these is a generator (``v = yield from ...``) that yields only
    # when ``tick`` says the slice is over, so a search can pause anywhere
    # and resume exactly where it was: slicing never changes the result.
    def child(self, move: Move, depth: int, alpha: float, beta: float, ply: int, quiet: bool):
        """The value for the side to move of playing ``move``: through a
        chance node (the average over the outcomes) when the game has one."""
        variant = self.variant
        pos = self.line.current
        after = variant.apply(pos, move)
        outcomes = self.chances(after)
        if not outcomes:
            return (yield from self._descend(move, after, depth, alpha, beta, ply, quiet))
        # The outcomes share the board, and with it the referee's judgement
        # and the evaluation (Variant.chances: neither reads what chance
        # decides), made once for all of them.
        board, to_move, state = after.board, after.to_move, after.state
        saved = self.shared
        self.shared = [board, _UNSEEN, _UNSEEN]
        total = 0.0
        try:
            for roll, p in outcomes:
                rolled = Position(variant, board, to_move, state)
                rolled.terms = after.terms
                variant.set_roll(rolled, roll)
                total += p * (yield from self._descend(move, rolled, depth, -INF, INF, ply, quiet))
        finally:
            self.shared = saved
        return total

    def _descend(self, move, after, depth, alpha, beta, ply, quiet):
        line = self.line
        same = after.to_move == line.current.to_move
        saved = line.push(move, after)
        try:
            if quiet or depth <= 0:
                left = depth if quiet else self.qdepth
                if same:
                    v = yield from self.quiesce(alpha, beta, ply, left)
                else:
                    v = -(yield from self.quiesce(-beta, -alpha, ply, left))
            elif same:
                v = yield from self.negamax(depth, alpha, beta, ply)
            else:
                v = -(yield from self.negamax(depth, -beta, -alpha, ply))
        finally:
            line.pop(saved)
        return v

    def negamax(self, depth: int, alpha: float, beta: float, ply: int):
        if self.tick():
            yield
        pos = self.line.current
        res = self.judge()
        if res is not None:
            return self.terminal(res, pos.to_move, ply)
        if depth <= 0:
            return (yield from self.quiesce(alpha, beta, ply, self.qdepth))
        key = pos.key()
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            d, v, flag, first = entry
            if d >= depth:
                v = _from_tt(v, ply)
                if flag == 0:
                    return v
                if flag > 0 and v > alpha:
                    alpha = v
                elif flag < 0 and v < beta:
                    beta = v
                if alpha >= beta:
                    return v
        a0 = alpha
        best, best_move = -INF, None
        # late move reductions (a move late in the order has at least
        # REDUCE_AFTER moves before it)
        late = (self.reduce and depth >= REDUCE_DEPTH
                and not (self.in_check and self.in_check(pos, pos.to_move)))
        i = 0
        for m in self.staged(pos, ply, first):
            if late and i >= REDUCE_AFTER and not (m._facts or m.facts())[0]:
                v = yield from self.child(m, depth - 2, alpha, beta, ply + 1, False)
                if v > alpha:
                    v = yield from self.child(m, depth - 1, alpha, beta, ply + 1, False)
            else:
                v = yield from self.child(m, depth - 1, alpha, beta, ply + 1, False)
            i += 1
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.remember(m, ply, depth)
                        break
        if best_move is None:
            return self.evaluate(pos, pos.to_move)
        flag = 1 if best >= beta else -1 if best <= a0 else 0
        self.tt[key] = (depth, _to_tt(best, ply), flag, best_move)
        return best

    def quiesce(self, alpha: float, beta: float, ply: int, left: int):
        """Captures only, until the position is quiet or ``left`` runs out."""
        if self.tick():
            yield
        pos = self.line.current
        res = self.judge()
        if res is not None:
            return self.terminal(res, pos.to_move, ply)
        stand = self.stand(pos)
        if left <= 0 or stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        board = pos.board
        side = pos.to_move
        gain = self.gain
        caps = []
        # where listing is charged, the whole listing is (the same nodes as ever)
        moves = self.expand() if self.listing else self.line.capture_moves()
        for i, m in enumerate(moves):
            sqs = (m._facts or m.facts())[0]
            if sqs:
                caps.append((-gain(board, sqs, side), i, m))
        if not caps:
            return stand
        caps.sort()                 # (gain, index): the index is unique, moves never compared
        best = stand
        for _g, _i, m in caps:
            v = yield from self.child(m, left - 1, alpha, beta, ply + 1, True)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best


    # ---- the safety pass
    def safety(self, root: list[Move], allowance: int, risk: dict, threats: list):
        """Does the opponent win at once after each root move? ``root`` is
        checked in the order given (the most promising first), each move
        against every reply that may win (``candidates``; every outcome
        of chance first), until
        ``allowance`` nodes are spent (a reply judged is a node; listing
        counts where the game says so). Fills ``risk``: root move ->
        the chance that the opponent can win with his reply (1.0: he can
        whatever chance decides, 0.0: he cannot), for the moves checked in
        full. The replies that won are tried first after the next root
        moves (``threats``, the latest first): a threat most moves do not
        parry costs a node a move. Writes nothing the look-ahead reads
        (no table, killers or history), so that the look-ahead is the same
        with or without it."""
        line, variant, judge = self.line, self.variant, self.judge
        pos = line.current
        mover = pos.to_move
        end = self.nodes + allowance
        for m in root:
            if self.nodes >= end:
                return
            after = variant.apply(pos, m)
            lost, whole = 0.0, True
            for roll, p in (self.chances(after) or ((None, 1.0),)):
                if roll is not None:
                    after_roll = after.copy()
                    variant.set_roll(after_roll, roll)
                else:
                    after_roll = after
                saved = line.push(m, after_roll)
                try:
                    if after_roll.to_move == mover:
                        whole = False            # the mover moves again: no reply to check
                        break
                    if judge() is not None:
                        continue                 # the move ends the game (the first look judged it)
                    replies = self.candidates()
                    by_name = {r.notation: r for r in replies}
                    known = [by_name[t] for t in threats if t in by_name]
                    tried = {r.notation for r in known}
                    for r in known + [r for r in self.order(after_roll, replies, 1, None)
                                      if r.notation not in tried]:
                        if self.nodes >= end:
                            whole = False
                            break
                        if self.tick():
                            yield
                        saved_reply = line.push(r, variant.apply(after_roll, r))
                        res = judge()
                        line.pop(saved_reply)
                        if res is not None and res.winner is not None and res.winner != mover:
                            lost += p
                            if r.notation in threats:
                                threats.remove(r.notation)
                            threats.insert(0, r.notation)
                            break
                finally:
                    line.pop(saved)
                if not whole:
                    break
            if whole:
                risk[m.notation] = lost


def _to_tt(v: float, ply: int) -> float:
    """Wins are stored as distance from the node, not from the root."""
    if v > PROVEN:
        return v + ply
    if v < -PROVEN:
        return v - ply
    return v


def _from_tt(v: float, ply: int) -> float:
    if v > PROVEN:
        return v - ply
    if v < -PROVEN:
        return v + ply
    return v


# ---------------------------------------------------------------- the root

class Thinker:
    """One search that can run in slices: ``step()`` thinks until the search
    ends or the slice's limit (``seconds`` of thinking, or ``nodes``
    examined) is reached, and returns ``(move, info)`` at the end, ``None``
    while it is not done. Pausing never changes the result: the same seed
    and node budget give the same move in one slice or in a hundred. The
    time cap of the level counts the thinking time summed over the slices.

    A browser worker cannot hear the page while Python runs, so the page
    asks for short slices one after another, and forgets the thinker to
    stop (an undo, a new game, the board closed).

    Arguments as ``best_move``; a bad level or budget raises ``ValueError``
    here, at once. ``judge``: a move (notation) to score beside the
    engine's choice, both ``judge_depth`` moves deep, once the search has
    chosen (``info["judged"]``; a review's move played: ``_judge``).
    """

    def __init__(self, game_or_position, level=DEFAULT_LEVEL, seed: int = 0, budget=None,
                 stop: Callable[[], bool] | None = None, judge: str | None = None,
                 judge_depth: int = 2):
        self.level = lvl = level_of(level)
        self.judge, self.judge_depth = judge, judge_depth
        self.over = False
        if isinstance(game_or_position, Game):
            game = game_or_position
            variant, pos, history = game.variant, game.current, list(game.history)
            self.over = game.result is not None
        elif isinstance(game_or_position, Position):
            variant, pos, history = game_or_position.variant, game_or_position, []
        else:
            raise TypeError("best_move takes a Game or a Position")
        tuning = tuning_for(variant)
        nodes, seconds = _budget(lvl, tuning, budget)
        self.variant, self.position, self.seed = variant, pos, seed
        # the search's positions carry the evaluation's sums (terms.tracked)
        self.search = _Search(variant, Line(variant, terms.tracked(variant, pos), history), nodes,
                              seconds, tuning, stop)
        self.safety = tuning.allowance(lvl)
        self.finish = tuning.finish
        self.safety_nodes = 0
        self.depth = 0                 # the depth being searched (0: the first pass)
        self.depth_done = 0
        self.outcome: tuple | None = None
        self.closed = False
        self._run = self._think()

    @property
    def done(self) -> bool:
        return self.outcome is not None

    @property
    def nodes(self) -> int:
        return self.search.nodes

    @property
    def seconds(self) -> float:
        """The thinking time so far, summed over the slices."""
        return self.search.used

    def step(self, seconds: float | None = None, nodes: int | None = None) -> tuple | None:
        """Think for one slice (no limits: to the end); ``(move, info)``
        once the search has ended (again on every later call), else ``None``."""
        if self.outcome is not None:
            return self.outcome
        if self.closed:
            raise RuntimeError("this search was given up")
        s = self.search
        began = s.begin_slice(seconds, nodes)
        try:
            next(self._run)
        except StopIteration as end:
            self.outcome = end.value
        finally:
            s.end_slice(began)
        if self.outcome is not None:
            move, info = self.outcome
            info["seconds"] = round(s.used, 4)
        return self.outcome

    def close(self) -> None:
        """Give up the search (a thinker that is simply dropped does the same)."""
        self.closed = True
        self._run.close()

    def _think(self):
        """The root: a first pass over every move, then iterative deepening."""
        lvl, s, variant, pos = self.level, self.search, self.variant, self.position
        line = s.line
        if self.over or variant.result(line) is not None:
            return None, _info(lvl, 0, 0, 0.0, None, "over", [], [])
        rng = random.Random(self.seed)
        root = [m for m in line.legal_moves() if m.kind not in SKIP_KINDS]
        if not root:
            return None, _info(lvl, 0, 0, 0.0, None, "no moves", [], [])
        rng.shuffle(root)
        noise = {m.notation: rng.uniform(-lvl.noise, lvl.noise) for m in root} if lvl.noise else {}

        def noisy(m: Move, v: float) -> float:
            return v + noise[m.notation] if noise and -PROVEN < v < PROVEN else v

        # The first look: every move once, judged and evaluated (no budget applies).
        scores: dict[str, float] = {}
        try:
            for m in root:
                scores[m.notation] = yield from _glance(s, m)
        except SearchStopped:
            pass
        order = sorted(root, key=lambda m: -noisy(m, scores.get(m.notation, -INF)))
        best = order[0]
        best_score = scores.get(best.notation)
        ranking = [(m, noisy(m, scores[m.notation])) for m in order if m.notation in scores]
        latest = {m.notation: v for m, v in ranking}     # each move's latest score
        stopped = s.stopped or ""
        if len(root) == 1:
            stopped = "forced"
        elif best_score is not None and best_score > PROVEN:
            stopped = "won"

        # The safety pass: does the opponent win at once after a move? (no budget applies)
        risk: dict[str, float] = {}
        spent = s.nodes
        if not stopped:
            try:
                yield from s.safety(order, self.safety, risk, [])
            except SearchStopped:
                stopped = s.stopped
        self.safety_nodes = s.nodes - spent
        doomed = {n for n, p in risk.items() if p >= 1.0}
        losing = len(doomed)
        if all(m.notation in doomed or latest.get(m.notation, 0.0) < -PROVEN for m in order):
            doomed = set()                   # nothing escapes: look for the longest way to lose
        for n in doomed:
            latest[n] = LOST_AT_ONCE         # exact: the opponent cannot win sooner
        if doomed:                           # a doomed move is not searched, and comes last
            order = ([m for m in order if m.notation not in doomed]
                     + [m for m in order if m.notation in doomed])

        s.start_budgets(self.safety_nodes)     # the look-ahead keeps its whole budget and time
        full_window = bool(noise)
        trusted = 0                          # the depth that ``best`` comes from (0: the first look)
        settled: dict[str, float] = {}       # every move's score at the last depth searched to the end
        depth = 1
        last = 0                             # the nodes the depth before took
        while not stopped and depth <= lvl.max_depth:
            if self.finish and depth > 1 and s.node_limit - s.nodes < self.finish * last:
                stopped = "nodes"            # (Tuning.finish) the budget would barely begin it
                break
            self.depth = depth
            began = s.nodes
            it_scores: dict[str, float] = {}
            alpha = -INF
            it_best, it_best_score = None, -INF
            try:
                for i, m in enumerate(order):
                    if m.notation in doomed:
                        break
                    a = -INF if (i == 0 or full_window) else alpha
                    v = yield from s.child(m, depth - 1, a, INF, 1, False)
                    v = noisy(m, v)
                    it_scores[m.notation] = v
                    if v > it_best_score:
                        it_best, it_best_score = m, v
                        alpha = max(alpha, v)
            except SearchStopped:
                stopped = s.stopped
            if order[0].notation in it_scores:         # the previous best was searched: trust this depth
                best, best_score = it_best, it_best_score
                searched = [m for m in order if m.notation in it_scores]
                rest = [m for m in order if m.notation not in it_scores]
                searched.sort(key=lambda m: -it_scores[m.notation])
                order = searched + rest                # (the doomed moves stay last)
                # a depth cut short ranks what it searched first, then the
                # rest at their scores from the depth before (as a multi-line
                # engine reports its unfinished lines)
                ranking = ([(m, it_scores[m.notation]) for m in searched]
                           + [(m, latest[m.notation]) for m in rest
                              if m.notation in latest and m.notation not in doomed])
                latest.update(it_scores)
                trusted = depth
                if not stopped:
                    self.depth_done = depth
                    settled = dict(latest)
            if stopped:
                break
            last = s.nodes - began
            if best_score > PROVEN or best_score < -PROVEN:
                stopped = "won" if best_score > PROVEN else "lost"
                break
            depth += 1
        if not stopped:
            stopped = "done"

        if trusted < 2 and any(risk.values()):
            # The look-ahead never finished two moves deep for its best move,
            # and the opponent threatens to win at once: play a move the
            # safety pass checked, the least likely to lose at once.
            checked = [m for m in order if m.notation in risk and latest.get(m.notation, 0.0) >= -PROVEN]
            if checked:
                least = min(risk[m.notation] for m in checked)
                best = next(m for m in checked if risk[m.notation] == least)
                best_score = latest.get(best.notation)
                if least and best_score is not None:
                    best_score = (1 - least) * best_score + least * LOST_AT_ONCE
        # Never a move known to lose while another one may not (a search cut
        # short in the middle of a depth may have searched only losing ones).
        known_lost = {n for n, v in latest.items() if v < -PROVEN}
        if best is not None and best.notation in known_lost:
            alt = next((m for m in order if m.notation not in known_lost), None)
            if alt is not None:
                best, best_score = alt, latest.get(alt.notation)
        pv = _pv(s, variant, pos, best) if best is not None else []
        judged: dict[str, float] = {}
        spent = s.nodes
        if self.judge is not None and best is not None and self.judge != best.notation and not (
                self.depth_done >= self.judge_depth and self.judge in settled):
            yield from self._judge(root, best, judged)
        info = _info(lvl, self.depth_done, s.nodes, s.used, best_score, stopped,
                     ranking[:5], pv, len(risk), losing, self.safety_nodes, latest, settled)
        info["judged"] = {n: round(v, 2) for n, v in judged.items()}
        info["judge_nodes"] = s.nodes - spent
        return best, info

    def _judge(self, root: list[Move], best: Move, judged: dict):
        """The engine's move and the move ``judge`` names, each searched
        ``judge_depth`` moves deep with no bound on its score (exact), once
        the search has chosen, its move and its line already taken (what it
        adds to the table changes neither), on the same table, so it costs
        little more than the replies the look-ahead did not reach. No budget
        cuts it (only ``stop``): a review compares the move played with the
        engine's at that depth where the look-ahead did not finish it."""
        s = self.search
        s.budgeted = False
        played = next((m for m in root if m.notation == self.judge), None)
        if played is None:
            return
        try:
            for m in (best, played):
                judged[m.notation] = yield from s.child(m, self.judge_depth - 1, -INF, INF, 1, False)
        except SearchStopped:
            judged.clear()


def best_move(game_or_position, level=DEFAULT_LEVEL, seed: int = 0, budget=None,
              stop: Callable[[], bool] | None = None) -> tuple[Move | None, dict]:
    """The move the computer plays, and what it found: a ``Thinker`` run
    in one go.

    ``game_or_position``: a ``Game`` (its history counts: repetitions,
    the Sha'rah rules that look back) or a ``Position``. ``level``: 1
    (sparring), 2 (default) or 3 (strongest), or a ``Level``. ``budget``:
    overrides the level's budget: seconds (a time cap), or
    ``{"nodes": n, "seconds": s}``. ``stop``: called every few hundred nodes;
    the search ends (with the best move so far) when it returns true.

    Returns ``(None, info)`` when the game is over or nobody can move yet
    (a die not rolled). ``info``: ``level``, ``depth`` (the last depth
    searched to the end), ``nodes``, ``seconds``, ``score`` (pawns, for the
    side to move; ``None`` when unknown), ``win_in`` (plies to a forced
    win, negative to a forced loss; ``None`` otherwise), ``stopped`` (why
    the search ended: ``"done"`` (the depth cap), ``"nodes"``, ``"time"``,
    ``"stopped"``, ``"won"`` or ``"lost"`` (a forced result found),
    ``"forced"`` (a single legal move), ``"over"``, ``"no moves"``), ``moves`` (the best few moves with their
    scores, best first), ``pv`` (the expected line, when there is no
    chance on the way), and from the safety pass: ``checked`` (the moves
    it checked against every reply), ``losing`` (how many of them the
    opponent answers with a win at once, whatever chance decides) and
    ``safety_nodes`` (its share of ``nodes``), and ``scores``: every root
    move's latest score (notation -> score for the side to move; from the
    deepest search that reached it), and ``settled``: every root move's
    score at ``depth``, the last depth searched to the end (empty before
    the first), all from the same look-ahead (a review compares the move
    played with the best by them); ``judged``: the engine's move and the
    move ``judge`` names (a ``Thinker``'s argument) scored ``judge_depth``
    deep after the search (empty when ``settled`` already scores that move
    that deep, or without ``judge``), and ``judge_nodes``, their share of
    ``nodes``.
    """
    return Thinker(game_or_position, level, seed, budget, stop).step()


def _glance(s: _Search, m: Move):
    """A move's value from the position it leads to alone: a win, a loss,
    or the evaluation (averaged over chance), without following captures."""
    return (yield from s.child(m, 0, -INF, INF, 1, True))


def _pv(s: _Search, variant: Variant, pos: Position, first: Move, limit: int = 12) -> list[str]:
    """The expected line, from the transposition table (stops at chance)."""
    out = [first.notation]
    cur = variant.apply(pos, first)
    seen = {pos.key()}
    while len(out) < limit and not variant.chances(cur):
        key = cur.key()
        if key in seen:
            break
        seen.add(key)
        entry = s.tt.get(key)
        if entry is None or entry[3] is None:
            break
        move = entry[3]             # (the table's move is legal here: the same position)
        out.append(move.notation)
        cur = variant.apply(cur, move)
    return out


def _info(level: Level, depth: int, nodes: int, seconds: float, score, stopped: str,
          ranking: list, pv: list, checked: int = 0, losing: int = 0, safety: int = 0,
          latest: dict | None = None, settled: dict | None = None) -> dict:
    win_in = None
    if score is not None and abs(score) > PROVEN:
        win_in = int(round(WIN - abs(score))) * (1 if score > 0 else -1)
    return {
        "level": level.number, "depth": depth, "nodes": nodes, "seconds": round(seconds, 4),
        "score": None if score is None else round(score, 2), "win_in": win_in, "stopped": stopped,
        "moves": [(m.notation, round(v, 2)) for m, v in ranking], "pv": pv,
        "checked": checked, "losing": losing, "safety_nodes": safety,
        "scores": {n: round(v, 2) for n, v in (latest or {}).items()},
        "settled": {n: round(v, 2) for n, v in (settled or {}).items()},
    }


def hint(game: Game, seed: int = 0, budget=None) -> Move | None:
    """The move the computer would play here, at the default level."""
    return best_move(game, DEFAULT_LEVEL, seed=seed, budget=budget)[0]


# ------------------------------------------------------------------ players

class Player:
    """Something that picks a move for a game: ``choose(game) -> Move``."""
    name = "player"

    def choose(self, game: Game) -> Move:
        raise NotImplementedError


def _playable(game: Game) -> list[Move]:
    moves = game.legal_moves()
    plain = [m for m in moves if m.kind not in SKIP_KINDS]
    return plain or moves


class RandomPlayer(Player):
    """Any legal move, uniformly (never a draw offer)."""

    def __init__(self, seed: int = 0):
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self.rng.choice(_playable(game))


class GreedyPlayer(Player):
    """One move deep: the capture that takes the most (by the game's piece
    values), else a random move."""

    def __init__(self, seed: int = 0):
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        moves = _playable(game)
        board = game.current.board
        value = game.variant.piece_value
        best, best_gain = [], 0.0
        for m in moves:
            caps = m.captured()
            if not caps:
                continue
            gain = capture_gain(board, caps, game.to_move, value) or 0.01
            if gain > best_gain:
                best, best_gain = [m], gain
            elif gain == best_gain:
                best.append(m)
        return self.rng.choice(best or moves)


class SearchPlayer(Player):
    """``best_move`` at a level; a fresh seed for every move from its own
    random source, so a match is reproducible but games differ."""

    def __init__(self, level=DEFAULT_LEVEL, seed: int = 0, budget=None):
        self.level = level_of(level)
        self.name = f"level{self.level.number}"
        self.rng = random.Random(seed)
        self.budget = budget
        self.last_info: dict = {}

    def choose(self, game: Game) -> Move:
        move, self.last_info = best_move(game, self.level, seed=self.rng.randrange(1 << 30),
                                         budget=self.budget)
        return move


def make_player(spec: str, seed: int = 0) -> Player:
    """``random``, ``greedy``, ``level1``..``level3`` (or ``1``..``3``);
    a level may carry a budget: ``level2:nodes=2000``, ``level3:seconds=2``.
    A budget of nodes alone is the only limit (no time cap): the same seed
    plays the same game on any machine, however busy (the scripts' games,
    a benchmark's or a puzzle finder's, are named by their seeds)."""
    text = spec.strip().lower()
    name, _, extra = text.partition(":")
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    number = name[5:] if name.startswith("level") else name[1:] if name.startswith("l") else name
    budget = None
    if extra:
        budget = {}
        for part in extra.split(","):
            k, _, v = part.partition("=")
            if k not in ("nodes", "seconds") or not v:
                raise ValueError(f"{spec}: a level's budget is nodes=N or seconds=S")
            budget[k] = float(v) if k == "seconds" else int(v)
        if "seconds" not in budget:
            budget["seconds"] = NO_TIME_CAP
    return SearchPlayer(level_of(number), seed, budget)
