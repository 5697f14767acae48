"""Perft: count the leaves of a game's tree of legal play, to check move
generation against known counts and to measure its speed (CPython, Pyodide).

    >>> from sharah_web.perft import perft, start_position
    >>> rules, pos = start_position("oblong-shatranj", options={"die": False})
    >>> perft(rules, pos, 2)
    576

``perft(pos, d)`` is the number of ways to play ``d`` moves from ``pos``:
1 when ``d`` is 0, else the sum of ``perft(child, d - 1)`` over the legal
moves. Two choices make that definite for these games:

- **Chance is expanded.** When a move is followed by a die roll (Oblong
  Shatranj with die), each of the six rolls is its own child: the move's
  count is the sum of the six rolls' subtrees. A roll is expanded only when
  a move follows it, so a leaf is the position a move leads to, before the
  roll after it, and perft(1) is the number of legal moves. A start
  position whose first roll is still to come (the set-up, or ``-`` in the
  roll field) expands its six first rolls too: perft(1) from Oblong's
  set-up with the die is the sum of the legal moves over the six rolls.
  The outcomes after a move come from the game's ``chances`` hook (without
  it, from what ``after_move`` asks of a random source: one ``randint``;
  anything else is refused). Any other chance at the start (Mittner's
  random placement) is drawn once from ``seed``.
- **A finished game has no moves.** After a move that ends the game (a king
  captured with the die, checkmate, a bare king, an accepted draw, the
  Fisher on a winning square, a repetition...) nothing more is played: such
  a position counts 1 as a leaf and 0 below. This is the tree a player can
  walk on the site: the game's own ``result`` rule decides, with the moves
  that led there (some rules look back: repetitions, the last move).

Every legal move counts, whatever its kind: passes, draw offers and their
answers (Scheherazade's draw offers are an option: ``agreement=false``
leaves them out, as the counts in the tests do).

Standard library only; the same code runs in Pyodide.
"""

from __future__ import annotations

import random
import time

from . import variant as make_variant
from .core import Line, Move, NotationError, Position, Variant


class PerftError(ValueError):
    """A start or a rule perft cannot count (for example a kind of chance it
    does not know how to expand)."""


# ---------------------------------------------------------------- chance

class _NotADie(Exception):
    pass


class _Probe:
    """A stand-in random source: records the die rolls a variant asks for
    (``randint``) and refuses any other kind of chance."""

    def __init__(self):
        self.rolls: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.rolls.append((a, b))
        return a

    def __getattr__(self, name):
        raise _NotADie(name)


def _roll_outcomes(probe: _Probe, where: str) -> range | None:
    if not probe.rolls:
        return None
    if len(probe.rolls) > 1:
        raise PerftError(f"{where}: the game rolls {len(probe.rolls)} dice; perft expands one")
    a, b = probe.rolls[0]
    return range(a, b + 1)


def _chance_after_move(rules: Variant, pos: Position):
    """The die faces rolled after a move into ``pos``, or ``None``: from the
    game's ``chances`` hook where the engine has it, else by watching what
    ``after_move`` asks of a random source."""
    chances = getattr(rules, "chances", None)
    if chances is not None:
        return [outcome for outcome, _probability in chances(pos)] or None
    probe = _Probe()
    try:
        rules.after_move(pos.copy(), probe)
    except _NotADie as e:
        raise PerftError(f"{rules.id}: after a move the game draws chance by {e} (not a die roll), "
                         f"which perft cannot expand") from None
    return _roll_outcomes(probe, rules.id)


def _rolled(rules: Variant, pos: Position, roll) -> Position:
    child = pos.copy()
    rules.set_roll(child, roll)
    return child


def root_positions(rules: Variant, pos: Position, seed: int = 0) -> list[tuple[object, Position]]:
    """The positions a game starting from ``pos`` is played from: one per
    first die roll when the first roll is still to come (``(roll, pos)``
    pairs), else ``[(None, pos)]`` after any other chance at the start
    (``Variant.prepare``), drawn from ``seed``."""
    probe = _Probe()
    try:
        rules.prepare(pos.copy(), probe)
    except _NotADie:
        start = pos.copy()
        rules.prepare(start, random.Random(seed))
        return [(None, start)]
    faces = _roll_outcomes(probe, rules.id)
    if faces is None:
        return [(None, pos)]
    return [(r, _rolled(rules, pos, r)) for r in faces]


# ------------------------------------------------------------ the walk

def _moves_if_not_over(line: Line) -> list[Move]:
    """The legal moves, or none when the game is over here."""
    if line.variant.result(line) is not None:
        return []
    return line.legal_moves()


def _count(line: Line, depth: int) -> int:
    moves = _moves_if_not_over(line)
    if depth == 1:
        return len(moves)
    rules = line.variant
    pos = line.current
    total = 0
    for move in moves:
        after = rules.apply(pos, move)
        faces = _chance_after_move(rules, after)
        if faces is None:
            saved = line.push(move, after)
            total += _count(line, depth - 1)
            line.pop(saved)
        else:
            for roll in faces:
                saved = line.push(move, _rolled(rules, after, roll))
                total += _count(line, depth - 1)
                line.pop(saved)
    return total


def perft(rules: Variant, pos: Position, depth: int, seed: int = 0) -> int:
    """The number of leaves ``depth`` moves below ``pos`` (see the module's
    docstring for chance and finished games)."""
    return sum(count for _label, count in divide(rules, pos, depth, seed, split=False))


def divide(rules: Variant, pos: Position, depth: int, seed: int = 0,
           split: bool = True) -> list[tuple[str, int]]:
    """``(label, count)`` per first move (``split``), the counts summing to
    ``perft``: the label is the move's notation, preceded by ``roll N`` when
    the start expands the first roll. Without ``split``: one pair per start."""
    if depth < 0:
        raise PerftError("the depth must be 0 or more")
    if depth == 0:
        return [("(start)", 1)]     # no move follows: the first roll is not expanded
    out = []
    for roll, start in root_positions(rules, pos, seed):
        prefix = "" if roll is None else f"roll {roll} "
        line = Line(rules, start)
        if not split:
            out.append((prefix, _count(line, depth)))
            continue
        moves = _moves_if_not_over(line)
        for move in moves:
            if depth == 1:
                out.append((prefix + move.notation, 1))
                continue
            after = rules.apply(start, move)
            faces = _chance_after_move(rules, after)
            total = 0
            for child in ([after] if faces is None else [_rolled(rules, after, r) for r in faces]):
                saved = line.push(move, child)
                total += _count(line, depth - 1)
                line.pop(saved)
            out.append((prefix + move.notation, total))
    return out


# ------------------------------------------------------------ front end

def start_position(variant_id: str, position: str | None = None,
                   options: dict | None = None) -> tuple[Variant, Position]:
    """The rules and the start: the game's set-up, or ``position`` text.
    Raises ``NotationError`` for an unknown game, option or bad text."""
    rules = make_variant(variant_id, **(options or {}))
    pos = rules.initial_position() if position is None else rules.parse_position(position)
    return rules, pos


def timed_perft(rules: Variant, pos: Position, max_depth: int, seed: int = 0,
                min_depth: int = 1) -> list[dict]:
    """perft(d) for each depth from ``min_depth`` to ``max_depth``, each
    timed on its own: ``{"depth", "nodes", "seconds", "nps", "cpu_seconds"}``
    (``cpu_seconds``: the processor time this process spent, which other
    programs on a shared machine do not inflate; in Pyodide it may be the
    wall-clock time)."""
    rows = []
    for depth in range(min_depth, max_depth + 1):
        t0, c0 = time.perf_counter(), time.process_time()
        nodes = perft(rules, pos, depth, seed)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        rows.append({"depth": depth, "nodes": nodes, "seconds": seconds,
                     "nps": nodes / seconds if seconds > 0 else None, "cpu_seconds": cpu})
    return rows


__all__ = ["perft", "divide", "timed_perft", "start_position", "root_positions",
           "PerftError", "NotationError"]
