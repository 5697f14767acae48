"""A page's sprite: the drawing of every piece its boards can show, once.

Boards draw each piece as a ``<use>`` of a symbol (``svg.symbol_id``); the
page holds those symbols in one hidden ``<svg>`` (ids are unique in a
document, so a page has one sprite), written by the build
(scripts/sitebuild/sprite.py). A live board may show a piece no drawing of
the page showed (a promotion, a merged piece, a placement, the editor), so
the sprite has every piece of each of the page's games (``piece_set``).

Only the build imports this module (the engine zip leaves it out).
"""

from __future__ import annotations

from .core import Piece
from .svg import symbols

CLASS = "sh-sprite"


def piece_set(variant) -> list[Piece]:
    """Every piece a board of ``variant`` can show (a facing one facing
    north): what a position's text can hold (``Variant.parse_piece``), each side's kinds
    (a promotion, a merged piece, a piece placed from a hand or by the
    editor is one of the game's kinds) and the neutral pieces."""
    out = [Piece(t.kind, side, "n" if variant.has_facing(t.kind) else None)
           for side in variant.sides for t in variant.piece_types if t.kind not in variant.neutral_symbol]
    out.extend(Piece(kind, None) for kind in variant.neutral_symbol)
    return out


def sprite(variants) -> str:
    """The sprite of a page with boards of these games: one hidden
    ``<svg>`` with the symbol of every piece of each (``piece_set``)."""
    seen: dict[str, str] = {}
    for v in variants:
        symbols(v, piece_set(v), seen)       # a symbol two games share, once
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{CLASS}" width="0" height="0" '
            'aria-hidden="true" focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">'
            f'<defs>{"".join(seen[k] for k in sorted(seen))}</defs></svg>')
