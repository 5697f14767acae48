"""The pieces' sprite of a page with boards: one hidden ``<svg>`` whose
symbols draw every piece that any board of the page's games can show
(``sharah_web.svg.sprite``); the boards, static and live, draw each piece
with a ``<use>`` of its symbol. It goes first in ``<main>``, inside
mkdocs-material's container, which instant navigation swaps whole with the
page: a page always holds its own sprite, once (ids are unique in a
document), before its first board."""

from __future__ import annotations

import re

from sharah_web.sprite import sprite
from sharah_web import variant

BOARD_VARIANT = re.compile(r'<figure class="sharah-board[^"]*"[^>]*?\sdata-variant="([^"]*)"')
MAIN = re.compile(r'<main\b[^>]*>')


def page_variants(output: str) -> list[str]:
    """The games of the page's boards, in the order of their first board."""
    return list(dict.fromkeys(BOARD_VARIANT.findall(output)))


def add_sprite(output: str) -> str:
    """The page with its sprite first in ``<main>`` (a page without boards
    is left as it is)."""
    games = page_variants(output)
    main = MAIN.search(output)
    if not games or main is None:
        return output
    return output[:main.end()] + sprite([variant(g) for g in games]) + output[main.end():]
