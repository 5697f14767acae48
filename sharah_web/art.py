"""Piece drawings for ``svg.py``: small emblems drawn on a round token.

Every drawing lives in a 100 x 100 box (one board square) whose token is the
circle of radius ``TOKEN_R`` around (50, 50); emblems keep inside radius 33.
A drawing is a tuple of parts ``(how, d)``:

- ``"i"``: a path filled with the side's ink (inherited from the piece group);
- ``"x"``: a path filled with the token colour (a cut-out: eyes, tusks...);
- ``"l"``: a path stroked with the ink, ``L_WIDTH`` wide, not filled.

Kinds with no drawing get a letter (see ``svg.py``); ``ALIASES`` maps other
names of the same piece to a drawing.
"""

from __future__ import annotations

TOKEN_R = 40
L_WIDTH = 4


def _circle(cx, cy, r) -> str:
    return f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0z"


ICONS: dict[str, tuple[tuple[str, str], ...]] = {
    # a crown with a cross
    "king": (
        ("i", "M47 19h6v6h6v6h-6v6h-6v-6h-6v-6h6z"),
        ("i", "M30 62 25 40 38 50 50 37 62 50 75 40 70 62z"),
        ("i", "M30 66h40v9H30z"),
    ),
    # the firzan, the queen's ancestor: a low coronet with pearls
    "general": (
        ("i", "M30 63 26 42 39 53 50 38 61 53 74 42 70 63z"),
        ("i", _circle(26, 39, 4.5)),
        ("i", _circle(50, 34, 5)),
        ("i", _circle(74, 39, 4.5)),
        ("i", "M30 67h40v8H30z"),
    ),
    # the fil: an elephant's head, ears spread, trunk down
    "elephant": (
        ("i", "M41 33C33 26 21 29 22 42c1 10 9 17 19 15z"),
        ("i", "M59 33c8-7 20-4 19 9-1 10-9 17-19 15z"),
        ("i", "M36 43c0-10 6-16 14-16s14 6 14 16c0 7-3 11-7 13-1 6-1 10 1 13 2 2 4 2 5 0l3 2c-2 6-9 7-13 3-4-4-5-10-5-18-7-2-12-6-12-13z"),
        ("x", _circle(44, 41, 2.5)),
        ("x", _circle(56, 41, 2.5)),
        ("i", "M40 56c-1 5-4 9-9 11 5 2 11-1 13-8z"),
        ("i", "M60 56c1 5 4 9 9 11-5 2-11-1-13-8z"),
    ),
    # a horse's head
    "knight": (
        ("i", "M69 76c3-15 2-31-6-42l-4-17-7 9c-6 1-12 5-16 10l-9 13c-3 4-2 9 1 11 3 2 7 2 10-1l6-4c-5 6-10 12-11 21z"),
        ("x", _circle(47, 36, 2.6)),
        ("x", _circle(30, 54, 1.6)),
        ("x", "M63 38c3 8 4 17 3 26l-3-1c1-8 0-16-3-23z"),
    ),
    # a tower with battlements (the rukh)
    "rook": (
        ("i", "M30 25h9v7h6v-7h10v7h6v-7h9v14l-6 4v19l6 5v8H30v-8l6-5V43l-6-4z"),
        ("x", "M36 40h28v3H36zM36 62h28v3H36z"),
    ),
    "pawn": (
        ("i", _circle(50, 35, 10)),
        ("i", "M37 48h26v6H37z"),
        ("i", "M42 54h16c0 8 4 12 10 14v7H32v-7c6-2 10-6 10-14z"),
    ),
    # a mitre
    "bishop": (
        ("i", _circle(50, 22, 4)),
        ("i", "M50 27c-10 7-15 16-15 24 0 7 6 11 15 11s15-4 15-11c0-8-5-17-15-24z"),
        ("x", "M53 35l-9 11 3 3 9-11z"),
        ("i", "M39 65h22v4H39zM31 72c6-2 13-2 19 0 6-2 13-2 19 0v4H31z"),
    ),
    # two crossed sabres (Scheherazade)
    "hussar": (
        ("i", "M35 66C45 48 56 36 72 24c-8 16-20 30-33 46z"),
        ("i", "M29 60l4-4 13 13-4 4z"),
        ("i", "M33 71l4 4-6 6-4-4z"),
        ("i", "M65 66C55 48 44 36 28 24c8 16 20 30 33 46z"),
        ("i", "M71 60l-4-4-13 13 4 4z"),
        ("i", "M67 71l-4 4 6 6 4-4z"),
    ),
    # the onager: a throwing engine on wheels, arm cocked (Scheherazade)
    "onager": (
        ("i", "M24 61h52v7H24z"),
        ("i", _circle(33, 70, 7)),
        ("i", _circle(67, 70, 7)),
        ("x", _circle(33, 70, 2.5)),
        ("x", _circle(67, 70, 2.5)),
        ("i", "M60 61V41h5v20z"),
        ("i", "M54 36h17v6H54z"),
        ("i", "M44 61 29 33l5-3 15 28z"),
        ("i", _circle(29, 27, 7)),
    ),
    # a spear behind a kite shield (Scheherazade)
    "spearman": (
        ("i", "M50 16c5 5 7 11 6 17l-6 5-6-5c-1-6 1-12 6-17z"),
        ("i", "M48 37h4v10h-4z"),
        ("i", "M34 46h32v11c0 10-7 16-16 21-9-5-16-11-16-21z"),
        ("x", "M38 50h24v7c0 8-5 13-12 17-7-4-12-9-12-17z"),
        ("i", "M48 50h4v24h-4zM38 56h24v4H38z"),
    ),
}

ALIASES = {
    "ferz": "general", "firzan": "general", "fers": "general", "counsellor": "general",
    "alfil": "elephant", "fil": "elephant", "shah": "king", "faras": "knight",
    "horse": "knight", "rukh": "rook", "chariot": "rook", "baidaq": "pawn",
    "soldier": "pawn",
}


def icon(kind: str):
    """The drawing for a kind, or ``None`` when it has none yet."""
    kind = kind.lower()
    return ICONS.get(kind) or ICONS.get(ALIASES.get(kind, ""))
