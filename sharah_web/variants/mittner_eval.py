"""What the computer knows of Mittner's Sha'rah: the evaluation that
``sharah_web.search`` reads as ``SharahMittner.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``mittner.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from . import mittner as rules_of


def evaluate(rules, pos: Position, side: str) -> float:
    """Material; while placing, pieces left where an enemy Snake or Fox
    threatens them (the capture begins when the hands are empty); how
    much of the Fisher and the squares round him each side threatens,
    and while nobody holds him, the share of the Fisher's square and the
    squares he could flee to (the text's test for taking control); for
    the holder, a bonus that grows as
    the Fisher nears the holder's target goal row."""
    board = pos.board
    st = pos.state
    seen_by, score = threats(rules, board, side)     # (the material as ``rules.material``)
    if st["phase"] == "place":
        for owner in rules.sides:
            seen = seen_by[rules.opponent(owner)]
            loose = 0.3 * sum(rules.piece_value(p) for sq, p in enumerate(board)
                              if p is not None and p.side == owner and p.kind != "stone"
                              and seen[sq])
            score += -loose if owner == side else loose
    fsq = rules.neutral_square(board)
    if fsq is None:
        return score
    around = (fsq,) + rules.steps[fsq]
    holder = st.get("holder")
    for owner in rules.sides:
        seen = seen_by[owner]
        watch = 0.08 * sum(map(seen.__getitem__, around))
        if holder is None:
            # control needs the Fisher and every square he could flee to
            # threatened: the share of them threatened, up to 1
            flee = rules.fisher_reach(board, fsq, rules.opponent(owner))
            watch += (seen[fsq] + sum(seen[t] for t, _k in flee)) / (1 + len(flee))
        score += watch if owner == side else -watch
    if holder is not None:
        steps = fisher_path(rules, board, fsq, holder, seen_by[rules.opponent(holder)])
        held = 1.5 + 0.8 * (6 - steps)
        score += held if holder == side else -held
    return score


def fisher_path(rules, board: list, fsq: int, holder: str, unsafe: bytearray, limit: int = 5) -> int:
    """How many of the holder's Fisher moves bring him home (the holder's
    colour on the target goal row) over the board as it stands, never
    onto a square the opponent threatens now (``unsafe[sq]``); ``limit + 1``
    if more."""
    g = rules.geometry
    goal, ring2, colour = rules.goal, rules.ring2, rules.goal_colour
    home_row = rules.target_row[holder]
    rays = rules.fisher_rays
    seen = {fsq}
    frontier = [fsq]
    for n in range(1, limit + 1):
        nxt = []
        for s in frontier:
            nature = rules.nature(s)
            reach = []
            if nature != "black":
                for table in rays:
                    for t in table[s]:
                        if board[t] is not None:
                            break
                        reach.append(t)
            if nature != "white":
                for t in rules.steps[s]:
                    q = board[t]
                    if q is None or (q.side is not None and q.side != holder):
                        reach.append(t)
            for t in reach:
                if t in seen or unsafe[t]:
                    continue
                if goal[t]:
                    if colour[t] != holder or not (goal[s] or ring2[s]):
                        continue               # onto the other colour loses
                    if g.rank(t) == home_row:
                        return n
                seen.add(t)
                nxt.append(t)
        if not nxt:
            break
        frontier = nxt
    return limit + 1


def threats(rules, board: list, side: str) -> tuple[dict[str, bytearray], float]:
    """For each side, the squares its pieces threaten (see ``attacked``),
    in one walk over the board: ``seen[sq]`` is 1 where it does; and the
    material for ``side`` (``rules.material``, summed in the same order)."""
    out = {s: bytearray(len(board)) for s in rules.sides}
    rays, steps = rules.rays, rules.steps
    values = rules._kind_values
    diagonal = [rays[v] for v in rules_of.DIAGONAL]
    orthogonal = [rays[v] for v in rules_of.ORTHOGONAL]
    score = 0.0
    for sq, p in enumerate(board):
        if p is None:
            continue
        pside = p.side
        if pside is None:
            continue
        v = values[p.kind]
        score += v if pside == side else -v
        seen = out[pside]
        kind = p.kind
        if kind == "stone":
            for t in steps[sq]:
                seen[t] = 1
            continue
        for table in (diagonal if kind == "snake" else orthogonal):
            for t in table[sq]:
                seen[t] = 1
                if board[t] is not None:
                    break
    return out, score
