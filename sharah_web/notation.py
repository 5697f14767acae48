"""Notation helpers shared by the records and the board: a move with the
die roll after it, and the move list's numbers."""

from __future__ import annotations

from .chesslike import DRAW_ACTIONS
from .core import NotationError


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


def move_numbers(history, first: str) -> list[str]:
    """The move list's numbers, one per ply ("1.", "1…" or ""): a number
    starts when ``first`` (the side that moves first in the set-up: White;
    Green in Mittner's Sha'rah) moves after the other side (or at the
    start); a game that starts with the other side begins "1…"; a side that
    moves twice keeps its number; draw offers and their answers are not
    moves, so they get no number and change nothing."""
    out, state = [], (0, None)
    for ply in history:
        label, state = number_step(state, ply, first)
        out.append(label)
    return out


def number_step(state: tuple, ply, first: str) -> tuple[str, tuple]:
    """One step of ``move_numbers``: ``state`` is ``(number, the side that
    moved last)`` before ``ply`` (``(0, None)`` at the start); the label
    of ``ply`` and the state after it (a record's variations carry it)."""
    n, last = state
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
    return label, (n, last)
