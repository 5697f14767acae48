"""Piece drawings for ``svg.py``: small emblems drawn on a round token.

Every drawing lives in a 100 x 100 box (one board square) whose token is the
circle of radius ``TOKEN_R`` around (50, 50); emblems keep inside radius 33.
A drawing is a tuple of parts ``(how, d)``:

- ``"i"``: a path filled with the side's ink (inherited from the piece group);
- ``"x"``: a path filled with the token colour (a cut-out: eyes, tusks...);
- ``"l"``: a path stroked with the ink, ``L_WIDTH`` wide with round caps and
  joins, not filled (one line weight for every drawing).

Kinds with no drawing get a letter (see ``svg.py``); ``ALIASES`` maps other
names of the same piece to a drawing.
"""

from __future__ import annotations

TOKEN_R = 40
L_WIDTH = 6


def _circle(cx, cy, r) -> str:
    return f"M{cx - r:g} {cy:g}a{r:g} {r:g} 0 1 0 {2 * r:g} 0a{r:g} {r:g} 0 1 0 {-2 * r:g} 0z"


def _dots(r, *xy) -> str:
    """Circles of radius ``r`` centred on x0, y0, x1, y1...: one path."""
    return "".join(_circle(xy[i], xy[i + 1], r) for i in range(0, len(xy), 2))


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
    # ---- Sha'rah
    # the Fisher King (neutral): a crowned head, blindfolded, on his shoulders
    "fisher": (
        ("i", "M38 31 36 20 43 25 50 17 57 25 64 20 62 31z"),
        ("i", _circle(50, 42, 11)),
        ("x", "M34 37h32v11H34z"),
        ("i", "M36 39h28l9-4 3 5-7 2 6 5-3 4-9-7H36z"),
        ("i", "M31 76c0-12 7-20 19-20s19 8 19 20z"),
    ),
    # a heater shield, parted down the middle
    "guardian": (
        ("i", "M31 24h38v22c0 16-9 25-19 31-10-6-19-15-19-31z"),
        ("x", "M35 28h30v18c0 13-7 21-15 26-8-5-15-13-15-26z"),
        ("i", "M50 28h15v18c0 13-7 21-15 26z"),
    ),
    # a snowflake: it freezes its neighbours
    "immobilizer": (
        ("l", "M50 22V78M74.2 36 25.8 64M74.2 64 25.8 36M43.6 26.6 50 33 56.4 26.6"
              "M67.1 32.8 64.7 41.5 73.4 43.8M73.4 56.2 64.7 58.5 67.1 67.2M56.4 73.4 50 67 43.6 73.4"
              "M32.9 67.2 35.3 58.5 26.6 56.2M26.6 43.8 35.3 41.5 32.9 32.8"),
    ),
    # an arrow away from its victim (the dot)
    "withdrawer": (
        ("i", _circle(67, 33, 8.5)),
        ("i", "M27.4 72.6 50 69.8 44 63.8 61.7 46.1 53.9 38.3 36.2 56 30.2 50z"),
    ),
    # an arrow up to its victim (the dot)
    "advancer": (
        ("i", _circle(67, 33, 8.5)),
        ("i", "M59.2 40.8 56.4 63.4 50.4 57.4 32.7 75.1 24.9 67.3 42.6 49.6 36.6 43.6z"),
    ),
    # a lightning bolt
    "zapper": (
        ("i", "M56 19 32 53h15l-6 27 27-37H53l7-24z"),
    ),
    # a die showing five
    "gambler": (
        ("i", "M36 28h28q8 0 8 8v28q0 8-8 8H36q-8 0-8-8V36q0-8 8-8z"),
        ("x", _dots(4.5, 39, 39, 61, 39, 50, 50, 39, 61, 61, 61)),
    ),
    # a tall crown with five pearls
    "queen": (
        ("i", "M32 64 28 36 40 50 39 29 50 45 61 29 60 50 72 36 68 64z"),
        ("i", _dots(4, 28, 33, 39, 26, 50, 21, 61, 26, 72, 33)),
        ("i", "M31 68h38v8H31z"),
    ),
    # a sword, point up
    "lord": (
        ("i", "M50 17l6 9v33H44V26z"),
        ("i", "M33 59h34v7H33z"),
        ("i", "M46 66h8v9h-8z"),
        ("i", _circle(50, 77, 5)),
    ),
    # an open fan
    "lady": (
        ("i", "M40.2 63.1 18.9 48.1A38 38 0 0 1 26.3 40.3L42.5 60.6z"
              "M42.9 60.3 27.6 39.3A38 38 0 0 1 37.1 34.3L45.9 58.7z"
              "M46.4 58.6 38.6 33.8A38 38 0 0 1 49.2 32L49.7 58z"
              "M50.3 58 50.8 32A38 38 0 0 1 61.4 33.8L53.6 58.6z"
              "M54.1 58.7 62.9 34.3A38 38 0 0 1 72.4 39.3L57.1 60.3z"
              "M57.5 60.6 73.7 40.3A38 38 0 0 1 81.1 48.1L59.8 63.1z"),
        ("i", _circle(50, 70, 6)),
    ),
    # a flower on its stem
    "domnisoara": (
        ("l", "M50 52v26"),
        ("i", "M50 74c-2-8-9-12-17-11 1 8 8 12 17 11zm0 0c2-8 9-12 17-11-1 8-8 12-17 11z"),
        ("i", _dots(9, 50, 27, 61.4, 35.3, 57.1, 48.7, 42.9, 48.7, 38.6, 35.3)),
        ("x", _circle(50, 39, 5.5)),
    ),
    # a hooded figure (the facing pointer sits outside the token)
    "troublemaker": (
        ("i", "M62 19c-11-2-30 4-30 22 0 10-1 19-4 32 7 3 14 4 22 4s15-1 22-4c-3-13-4-22-4-32"
              " 0-6-2-11-5-14 0-3 1-5-1-8z"),
        ("x", "M50 31c-7 0-11 6-11 13 0 8 5 13 11 13s11-5 11-13c0-7-4-13-11-13z"),
        ("i", "M50 36c-6 0-9 5-9 9 0 7 4 12 9 12s9-5 9-12c0-4-3-9-9-9z"),
        ("x", _dots(2, 46, 46, 54, 46)),
    ),
    # the ancient symbol of the Aes Sedai: a circle split by a wavy line
    "aes_sedai": (
        ("l", _circle(50, 50, 27)),
        ("i", "M50 23A27 27 0 0 0 50 77A13.5 13.5 0 0 0 50 50A13.5 13.5 0 0 1 50 23z"),
    ),
    # a snake in an S, tapering to the tail
    "snake": (
        ("i", "M26 71 31 75 37 77 44 78 51 78 58 77 64 74 68 70 69 64 66 58 62 54 56 52 51 50 45 48"
              " 41 45 40 44 39 42 40 40 41 38 42 36 44 35 46 35 48 34 50 34 52 34 52 22 48 23 45 24"
              " 41 25 38 27 35 30 33 33 31 37 31 42 32 48 37 52 42 55 48 56 54 58 59 60 62 62 63 64"
              " 63 67 61 70 56 72 50 74 44 74 38 73 32 72 28 69z"),
        ("i", "M48 29c0-6 6-9 12-9 7 0 11 4 11 9s-5 8-11 8c-7 0-12-2-12-8z"),
        ("x", _circle(61, 26, 2.2)),
    ),
    # a fox's head
    "fox": (
        ("i", "M50 80 34 63 23 47 32 22 44 35h12l12-13 9 25-11 16z"),
        ("x", "M34 30l6 7-6 2zM66 30l-6 7 6 2zM27 50l15 7 8 14 8-14 15-7-9 12-14 14-14-14z"),
        ("x", "M36 47l8 1-2 3zM64 47l-8 1 2 3z"),
        ("i", _circle(50, 72, 4)),
    ),
    # three rounded stones, stacked
    "stone": (
        ("i", "M27 71c0-6 10-9 23-9s23 3 23 9-10 8-23 8-23-2-23-8z"),
        ("i", "M33 51c0-5 8-8 17-8s17 3 17 8-8 7-17 7-17-2-17-7z"),
        ("i", "M39 32c0-5 5-8 11-8s11 3 11 8-5 7-11 7-11-2-11-7z"),
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
