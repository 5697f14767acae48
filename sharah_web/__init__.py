"""sharah_web: the rules engine behind the site, standard library only.

>>> game = new_game("oblong-shatranj", die=False)
>>> game.play("b5b6")
"""

from __future__ import annotations

from .core import (Change, Game, IllegalMoveError, Move, NotationError, Piece,
                   Place, Position, Remove, Result, SetState, Shift, Turn)
from .variants import VARIANTS

__all__ = [
    "new_game", "variant", "VARIANTS", "Game", "Move", "Piece", "Position", "Result",
    "NotationError", "IllegalMoveError",
    "Shift", "Remove", "Place", "Change", "SetState", "Turn",
]
__version__ = "0.1.0"


def variant(variant_id: str, **options):
    """The rules object for a game id with its options."""
    cls = VARIANTS.get(variant_id)
    if cls is None:
        known = ", ".join(sorted(VARIANTS))
        raise NotationError(f"unknown game {variant_id!r} (known: {known})")
    return cls(**options)


def new_game(variant_id: str, position: str | None = None, *, seed: int | None = None, **options) -> Game:
    """A new game of ``variant_id``, from its set-up or from ``position`` text.

    Options are the variant's own (``setup=3``, ``die=False``...); ``seed``
    fixes the random source (the die), so a game can be replayed exactly.
    """
    rules = variant(variant_id, **options)
    pos = rules.initial_position() if position is None else rules.parse_position(position)
    return Game(rules, pos, seed=seed)
