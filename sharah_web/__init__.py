"""sharah_web: the rules engine behind the site, standard library only.

>>> game = new_game("oblong-shatranj", die=False)
>>> game.play("b5b6")
"""

from __future__ import annotations

from .core import (Change, Game, IllegalMoveError, Move, NotationError, Piece,
                   Place, Position, Remove, Result, SetState, Shift, Turn, shown)
from .variants import VARIANTS

__all__ = [
    "new_game", "variant", "VARIANTS", "Game", "Move", "Piece", "Position", "Result",
    "NotationError", "IllegalMoveError",
    "Shift", "Remove", "Place", "Change", "SetState", "Turn",
]
__version__ = "0.1.0"


def variant(variant_id: str, **options):
    """The rules object for a game id with its options."""
    cls = VARIANTS.get(variant_id) if isinstance(variant_id, str) else None
    if cls is None:
        known = ", ".join(sorted(VARIANTS))
        raise NotationError(f"unknown game {shown(variant_id)} (known: {known})")
    return cls(**options)


def new_game(variant_id: str, position: str | None = None, *, seed: int | None = None, **options) -> Game:
    """A new game of ``variant_id``, from its set-up or from ``position`` text.

    Options are the variant's own (``setup=3``, ``die=False``...); ``seed``
    fixes the random source (the die), so a game can be replayed exactly.
    Any bad argument, of any type, raises ``NotationError`` (a ``ValueError``).
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise NotationError(f"the seed is a whole number, not {shown(seed)}")
    if position is not None and not isinstance(position, str):
        raise NotationError(f"the position is text, not {shown(position)}")
    rules = variant(variant_id, **options)
    pos = rules.initial_position() if position is None else rules.parse_position(position)
    return Game(rules, pos, seed=seed)
