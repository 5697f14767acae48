"""What the computer knows of Oblong Shatranj: the evaluation that
``sharah_web.search`` reads as ``OblongShatranj.evaluate`` (the class's ``evaluation``
names this module): how good a position looks to a side, in pawns,
without looking ahead. The rules are
in ``oblong.py``; this is the part a stronger computer changes."""

from __future__ import annotations

from ..core import Position
from ..terms import read as read_terms


def near_king(rules) -> list[tuple[int, ...]]:
    """For each square, the squares at most two files and two ranks away
    (itself included), rank by rank: where enemy pieces count as danger
    to a king."""
    near = rules.__dict__.get("_near")
    if near is None:
        g = rules.geometry
        w, top = g.width, rules.height - 1
        near = rules._near = [
            tuple(r * w + f for r in range(max(0, k // w - 2), min(top, k // w + 2) + 1)
                  for f in range(w) if abs(f - k % w) <= 2)
            for k in range(g.size)]
    return near


def pieces_left(rules, pos: Position) -> float:
    """The value of every piece on the board but the kings."""
    types = rules.types
    return sum(types[p.kind].value for p in pos.board if p is not None and p.kind != "king")


def pieces_at_start(rules) -> float:
    full = rules.__dict__.get("_full")
    if full is None:
        full = rules._full = pieces_left(rules, rules.initial_position()) or 1.0
    return full


def hunt(rules, pos: Position, ahead: str) -> float:
    """Without the die, the side ahead wins by taking the other side's
    last pieces (a bare king loses). When one or two are left, what
    brings that nearer: each square the hunted piece could go to
    without being attacked costs the hunter 0.1, and each step between
    a hunter and the nearest hunted piece 0.03. Zero otherwise."""
    behind = rules.opponent(ahead)
    hunted = [(sq, p) for sq, p in pos.pieces(behind) if p.kind != "king"]
    if not hunted or len(hunted) > 2:
        return 0.0
    mover, board, w = rules.mover, pos.board, rules.geometry.width
    cost = 0.0
    for sq, p in hunted:
        for to, _taken in mover.destinations(pos, sq, p):
            if not mover.board_attacks(board, to, ahead):
                cost += 0.1
    for sq, _p in pos.pieces(ahead):
        cost += 0.03 * min(max(abs(sq % w - h % w), abs(sq // w - h // w)) for h, _q in hunted)
    return -cost


# The sums the search keeps move by move (``sharah_web.terms``): each
# side's material in half pawns (kings count nothing), the ranks its pawns
# stand past the middle, and its king's square plus one (0: no king).
TERM_FIELDS = ("white material", "black material", "white pawns ahead", "black pawns ahead",
               "white king", "black king")


def piece_terms(rules, piece, sq: int) -> tuple[int, ...]:
    """What ``piece`` on ``sq`` adds to each of ``TERM_FIELDS``."""
    out = [0] * 6
    white = piece.side == "white"
    kind = piece.kind
    if kind == "king":
        out[4 if white else 5] = sq + 1
        return tuple(out)
    out[0 if white else 1] = int(2 * rules._kind_values[kind])
    if kind == "pawn":
        rank = sq // rules.geometry.width
        ahead = rank - 7 if white else rules.height - 1 - rank - 7
        out[2 if white else 3] = max(0, ahead)
    return tuple(out)


def evaluate(rules, pos: Position, side: str) -> float:
    """Material, pawns past the middle (they promote), and light king
    safety: enemy pieces near a king, and with the die a king that an
    enemy piece could take on the next matching roll. Without the die,
    the side ahead also gains by trading, and loses as the 100-move
    clock runs (below). Material, pawns and kings are read from the
    position's sums (``TERM_FIELDS``), kept move by move in a search."""
    wm, bm, wa, ba, wk, bk = read_terms(rules, pos)
    board = pos.board
    white = side == "white"
    score = (wm - bm if white else bm - wm) / 2
    if not rules.die and score:
        # Without the die a game is won by mate or by baring the king, and
        # the 100-move rule draws it for a side that only waits: the side
        # ahead is worth more as the pieces come off (up to half its lead
        # again), so it trades down rather than shuffling.
        score *= 1.0 + 0.5 * (1.0 - (wm + bm) / 2 / pieces_at_start(rules))
        if abs(score) >= 1.0:
            cost = hunt(rules, pos, side if score > 0 else rules.opponent(side))
            score += cost if score > 0 else -cost
    score += 0.1 * (wa - ba if white else ba - wa)
    near = near_king(rules)
    for owner, k in (("white", wk), ("black", bk)):
        if not k:
            continue
        k -= 1
        enemy = rules.opponent(owner)
        danger = 0.0
        for t in near[k]:
            q = board[t]
            if q is not None and q.side == enemy and q.kind != "pawn":
                danger += 0.15
        if rules.die and rules.mover.board_attacks(board, k, enemy):
            danger += 0.5
        score += -danger if owner == side else danger
    if not rules.die:
        # The 100-move rule: the nearer the draw, the less any lead is
        # worth, so the side ahead takes, or moves a pawn, while a move
        # that does so still resets the clock (a draw is 0).
        score *= 1.0 - pos.state.get("clock", 0) / (2.5 * rules.progress_limit)
    return score
