"""What the computer knows of Hedman's Sha'rah: the evaluation that
``sharah_web.search`` reads as ``SharahHedman.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``hedman.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from ..terms import read as read_terms
from . import hedman as rules_of


# The sums the search keeps move by move (``sharah_web.terms``): each
# side's material, the ranks of its pawns and guardians (counted from its
# own back rank) and how many there are, its major pieces, and the
# Fisher's square plus one (0: no Fisher).
TERM_FIELDS = ("red material", "green material", "red walker ranks", "green walker ranks",
               "red walkers", "green walkers", "red majors", "green majors", "fisher square")


def piece_terms(rules, piece, sq: int) -> tuple[int, ...]:
    """What ``piece`` on ``sq`` adds to each of ``TERM_FIELDS``."""
    out = [0] * 9
    side = piece.side
    if side is None:
        out[8] = sq + 1
        return tuple(out)
    red = side == rules_of.RED
    out[0 if red else 1] = int(rules._kind_values[piece.kind])
    kind = piece.kind
    if kind in rules_of.MAJORS:
        out[6 if red else 7] = 1
    elif kind == rules_of.PAWN or kind == rules_of.GUARDIAN:
        r = sq // 13
        out[2 if red else 3] = r if red else 12 - r
        out[4 if red else 5] = 1
    return tuple(out)


def evaluate(rules, pos: Position, side: str) -> float:
    """Material; the major pieces (losing the last loses the game, so
    the last two weigh extra); pawns and guardians by their way to the
    10th rank (promotion to an advancer, and the first there chooses
    who holds the Fisher); for the Fisher's holder, a bonus that grows
    as the Fisher nears a rim square of the holder's colour. Read from
    the position's sums (``TERM_FIELDS``), kept move by move in a search."""
    rm, gm, rr, gr, rn, gn, rj, gj, f = read_terms(rules, pos)
    # in hundredths of a pawn, exactly, divided once at the end: material,
    # and 0.06 a rank past its third for a pawn or guardian
    score = 100 * (rm - gm) + 6 * ((rr - 3 * rn) - (gr - 3 * gn))
    # a side with one or two majors left is short of them
    score += SHORT.get(gj, 0) - SHORT.get(rj, 0)
    control = pos.state.get("control")
    if f and control is not None:
        held = 50 + 15 * max(0, 8 - goal_distance(rules)[control][f - 1])
        score += held if control == rules_of.RED else -held
    return (score if side == rules_of.RED else -score) / 100


SHORT = {1: 400, 2: 150}    # hundredths: a side with one major left, with two


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
