"""What the computer knows of Hedman's Sha'rah: the evaluation that
``sharah_web.search`` reads as ``SharahHedman.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``hedman.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from . import hedman as rules_of


def evaluate(rules, pos: Position, side: str) -> float:
    """Material; the major pieces (losing the last loses the game, so
    the last two weigh extra); pawns and guardians by their way to the
    10th rank (promotion to an advancer, and the first there chooses
    who holds the Fisher); for the Fisher's holder, a bonus that grows
    as the Fisher nears a rim square of the holder's colour."""
    # one walk over the board; the sums are added in the order of
    # ``material`` then the pawns' terms, as they always were
    values = rules._kind_values
    score = 0.0
    terms = []
    majors = {rules_of.RED: 0, rules_of.GREEN: 0}
    fsq = None
    for sq, p in enumerate(pos.board):
        if p is None:
            continue
        pside = p.side
        if pside is None:
            fsq = sq
            continue
        v = values[p.kind]
        score += v if pside == side else -v
        kind = p.kind
        if kind in rules_of.MAJORS:
            majors[pside] += 1
        elif kind == rules_of.PAWN or kind == rules_of.GUARDIAN:
            r = sq // 13
            ahead = 0.06 * (r - 3 if pside == rules_of.RED else 9 - r)
            terms.append(ahead if pside == side else -ahead)
    for t in terms:
        score += t
    for owner, n in majors.items():
        short = 4.0 if n == 1 else 1.5 if n == 2 else 0.0
        score += -short if owner == side else short
    control = pos.state.get("control")
    if fsq is not None and control is not None:
        dist = goal_distance(rules)[control][fsq]
        held = 0.5 + 0.15 * max(0, 8 - dist)
        score += held if control == side else -held
    return score


def goal_distance(rules) -> dict:
    """For each side: each square's king-move distance to the nearest
    rim square of that side's colour."""
    table = rules.__dict__.get("_goal_dist")
    if table is None:
        g = rules.geometry
        table = {s: [min(g.distance(sq, t) for t in range(g.size) if rules.colours[t] == s)
                     for sq in range(g.size)] for s in rules.sides}
        rules._goal_dist = table
    return table
