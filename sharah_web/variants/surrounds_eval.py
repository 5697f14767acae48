"""What the computer knows of Sha'rah on the Light and Shadow boards: the evaluation that
``sharah_web.search`` reads as ``SharahSurrounds.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``surrounds.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from ..terms import read as read_terms
from . import surrounds as rules_of

COURT = frozenset(rules_of.COURT)


# The sums the search keeps move by move (``sharah_web.terms``): each
# side's material and its court pieces.
TERM_FIELDS = ("red material", "green material", "red court", "green court")


def piece_terms(rules, piece, sq: int) -> tuple[int, ...]:
    """What ``piece`` on ``sq`` adds to each of ``TERM_FIELDS``."""
    if piece.side is None:
        return (0, 0, 0, 0)
    value = int(rules._kind_values[piece.kind])
    court = 1 if piece.kind in COURT else 0
    return (value, 0, court, 0) if piece.side == rules.sides[0] else (0, value, 0, court)


def evaluate(rules, pos: Position, side: str) -> float:
    """Material; round a Fisher nobody holds (or the other side holds),
    the pieces standing next to him (four take him); for his holder, a
    bonus that grows as his Fisher moves shrink towards a home square
    (the holder's colour on the far border row), and a penalty for a
    thin court (a holder without court pieces loses); in the Queens'
    race, each Queen's distance home. Material and the courts are read
    from the position's sums (``TERM_FIELDS``), kept move by move in a search."""
    first, second = rules.sides
    fm, sm, fc, sc = read_terms(rules, pos)
    score = float(fm - sm) if side == first else float(sm - fm)
    courts = {first: fc, second: sc}
    board = pos.board
    fsq = rules.fisher_square(pos)
    if fsq is None:
        g = rules.geometry
        for owner in rules.sides:
            q = pos.find(rules_of.QUEEN, owner)
            if q is not None:
                d = min(g.distance(q, t) for t in rules.race_goals[owner])
                score += -0.5 * d if owner == side else 0.5 * d
        return score
    ctrl = pos.state.get("ctrl")
    ring = {"red": 0, "green": 0}
    for t in rules.neighbours[fsq]:
        p = board[t]
        if p is not None and p.side is not None:
            ring[p.side] += 1
    for owner in rules.sides:
        if owner == ctrl:
            continue
        near = 0.4 * min(ring[owner], 3)            # the fourth takes him
        score += near if owner == side else -near
    if ctrl is not None:
        dist = fisher_distance(rules)[ctrl][fsq]
        held = 2.5 + 0.5 * max(0, 8 - dist)
        court = courts[ctrl]
        if court <= 2:
            held -= 1.5 * (3 - court)
        score += held if ctrl == side else -held
    return score


def fisher_distance(rules) -> dict:
    """For each side: how many Fisher moves (on an empty board, by the
    plain steps, never onto the other side's border colour) take him
    from each square to that side's home squares; 99 if never."""
    table = rules.__dict__.get("_fisher_dist")
    if table is not None:
        return table
    size = rules.geometry.size
    cols = rules.colours
    succ = []
    for f in range(size):
        out = set()
        col = cols[f]
        for d in range(8):
            t = rules.steps[d][f]
            if t < 0:
                continue
            if col in ("red", "green") or not rules.interior[t]:
                out.add(t)                                  # on or onto the border: a step
            elif col == "light" and d in rules_of.ORTH and cols[t] == "dark":
                out.add(t)
            elif col == "dark" and d in rules_of.DIAG and cols[t] == "dark":
                out.add(t)
        if col == "light":
            out.update(rules.light_squares)
        out.discard(f)
        succ.append(out)
    table = {}
    for side in rules.sides:
        other = rules.opponent(side)
        goals = [s for s in rules.border_squares
                 if cols[s] == side and s // rules.n == rules.far_row[side]]
        pred = [[] for _ in range(size)]
        for f in range(size):
            if cols[f] == other:
                continue                                    # standing there lost already
            for t in succ[f]:
                if cols[t] != other:
                    pred[t].append(f)
        dist = [99] * size
        frontier = list(goals)
        for s in goals:
            dist[s] = 0
        while frontier:
            nxt = []
            for t in frontier:
                for f in pred[t]:
                    if dist[f] == 99:
                        dist[f] = dist[t] + 1
                        nxt.append(f)
            frontier = nxt
        table[side] = dist
    rules._fisher_dist = table
    return table
