"""Board diagrams as SVG text: one renderer for static pages and live boards.

``render_svg(position, *, uid, ...)`` returns one ``<svg>`` element (standard
library only; the same code runs at build time and in Pyodide). Each square is
100 units, the viewBox is exactly the board (coordinates are drawn inside the
edge squares), so squares stay square on any board from 4x16 to 15x15. The
root carries ``class="sh-board"`` and ``style="--sh-w:W;--sh-h:H"``;
``site_assets/css/board.css`` makes it ``width: 100%; height: auto`` and caps
its height (``--sh-board-max-h``, default 82vh; set it to ``none`` on a
container to let a tall board run the full width) so a tall board still fits
the screen.

Pieces are round tokens with an emblem from ``art.py`` (or the kind's letter
from ``variant.types[kind].letter``, or its initials): the first side gets a
light token (class ``tone-light``), the second a dark one (``tone-dark``),
neutral pieces a black-and-white one (``tone-neutral``); sides named red or
green add that hue on top of the tone. A compound kind ("rook+hussar") is a
token split in two halves. ``Piece.facing`` is a pointer on the rim. Kinds in
``variant.red_spot_kinds`` carry a red spot.

Layers, bottom to top (only squares and pieces take pointer events)::

    <svg class="sh-board" role="img" aria-label=...>
      <g class="squares" fill="none">
        <rect class="sq sq-dark" data-sq="a1" data-x="0" data-y="15" .../>
        <circle class="ht" .../>           one hint per square, hidden
        ...                  (static: <path class="sq sq-dark" d=...> per colour)
      <g class="marks">      hl-last, hl-capture, hl-mark (under the pieces)
      <g class="pieces">     <g class="pc pc-white pc-king tone-light" data-sq="c1" ...>
      <g class="coords">     file letters and rank numbers
      <g class="over">       hl-dest dots and rings, arrows (and circles)

No element has an id, so any number of boards can share a page; ``uid`` is
kept as ``data-uid`` on the root for the widget. Every colour is given as a
presentation attribute (the SVG reads with no CSS) and every element has a
class that ``board.css`` colours from custom properties for Material's light
("default") and dark ("slate") schemes.

How the widget shows selection and destinations (no Python round trip):
toggle classes on the square rect, ``rect.sq[data-sq="e4"]``:

- ``is-selected``: the square is tinted;
- ``is-dest``: the hint circle right after that rect shows a dot, or a ring
  when the square held a piece when the board was rendered;
- ``is-cursor``: the keyboard cursor, a ring on the square;
- optionally ``is-selected`` on the piece group ``g.pc[data-sq]`` too;
- ``is-live`` on the ``svg`` root gives squares and pieces a pointer cursor.

The hint works through the CSS sibling selector ``rect.sq.is-dest + .ht``,
so keep each rect and its hint together. Static diagrams (and any board the
bridge re-renders) draw destinations with ``dests=`` instead: the same dot
and ring, class ``hl-dest``. To find the square under a click or tap, use
``event.target.closest("[data-sq]")``: a piece group and a square rect both
carry ``data-sq`` (the square name); overlays take no pointer events.
"""

from __future__ import annotations

from . import art

SQ = 100
TR = art.TOKEN_R
# a live square's hint circle (``ht``), in squares from the square's top-left
# corner: centre across, centre down, radius (the early overlay draws it too)
HINT_SHAPE = (0.5, 0.5, 0.15)

SQUARE_FILL = {
    "dark": "#b58863", "light": "#f0d9b5",
    "red": "#c4564a", "green": "#5d9457",
    "rim-dark": "#8b6548", "rim-light": "#d9c29c",
    "goal-red": "#a6362a", "goal-green": "#3d7a3a",
    "fisher": "#6d93ba",
}
UNKNOWN_FILL = "#a8a29a"
# Coordinates take the colour of the other kind of square, for contrast.
COORD_INK = {"dark": "#f0d9b5", "light": "#946f51", "rim-light": "#6b4c35"}
COORD_INK_OTHER = "#fffaf0"

# (token fill, rim, ink) by tone, then by hue for sides named red or green.
TONES = {
    ("light", None): ("#faf6ec", "#2b2420", "#2b2420"),
    ("dark", None): ("#2e2925", "#14110f", "#f3ece0"),
    ("light", "red"): ("#f8dcd4", "#7d1c13", "#7d1c13"),
    ("dark", "red"): ("#8e2218", "#3f0b06", "#fde8e2"),
    ("light", "green"): ("#daeed8", "#1d4a29", "#1d4a29"),
    ("dark", "green"): ("#22542f", "#0b2412", "#e2f3e0"),
    ("neutral", None): ("#ffffff", "#111111", "#111111"),
}
HUES = ("red", "green")
SPOT_FILL = "#d3251a"

FACING_ANGLE = {"n": 0, "ne": 45, "e": 90, "se": 135, "s": 180, "sw": 225, "w": 270, "nw": 315}

FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

HL_FILL = {"hl-last": ("#9bc700", ".45"), "hl-capture": ("#e0311e", ".45")}
MARK_FILL = "#2f7bd9"
DEST_FILL = "#14551e"
ARROW_FILL = {"": "#15781b", "red": "#c2271b", "blue": "#1d5fc4", "yellow": "#d99a00"}


# ----------------------------------------------------------------- helpers

def escape(text) -> str:
    """Text for XML or HTML, in content or in a double-quoted attribute
    (the standard library's ``html`` costs the browser a large import)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _cls(name) -> str:
    """A safe class-name fragment: lower case letters, digits and '-'."""
    out = _CLS.get(name)
    if out is None:
        out = "".join(c if c.isascii() and c.isalnum() else "-" for c in str(name).lower())
        out = _CLS[name] = out.strip("-") or "x"
    return out


_CLS: dict = {}   # the same few names (square colours, sides, kinds) come back on every board


def _num(x: float) -> str:
    r = round(x, 1)
    return str(int(r)) if r == int(r) else str(r)


def _square(geom, sq) -> int:
    if isinstance(sq, str):
        return geom.parse(sq)
    if isinstance(sq, bool) or not isinstance(sq, int) or not 0 <= sq < geom.size:
        raise ValueError(f"not a square of this board: {sq!r}")
    return sq


def _squares(geom, items) -> list[int]:
    seen: list[int] = []
    for item in items or ():
        if hasattr(item, "to") and not isinstance(item, (str, int)):
            item = item.to
            if item is None:
                continue
        sq = _square(geom, item)
        if sq not in seen:
            seen.append(sq)
    return seen


def _last_squares(geom, last_move) -> list[int]:
    if last_move is None:
        return []
    if hasattr(last_move, "effects"):
        sqs = [s for s in (last_move.frm, last_move.to) if s is not None]
        if not sqs:
            sqs = sorted(last_move.touched())
        return _squares(geom, sqs)
    return _squares(geom, [s for s in last_move if s is not None])


def _letters(variant, kind: str) -> str:
    t = getattr(variant, "types", {}).get(kind)
    if t is not None and getattr(t, "letter", ""):
        return t.letter
    sym = getattr(variant, "neutral_symbol", {}).get(kind, "")
    if sym.isalnum():
        return sym.upper()
    words = [w for w in "".join(c if c.isalnum() else " " for c in kind).split() if w]
    return ("".join(w[0] for w in words) or "?").upper()[:2]


def _tone(variant, side):
    if side is None:
        return "neutral", None
    tone = "light" if side == variant.sides[0] else "dark"
    hue = side if side in HUES else None
    return tone, hue


# ------------------------------------------------------------------ pieces

def _emblem(variant, kind: str, fill: str, ink: str, cx: float = 50, scale: float = 1.0,
            letters: str = "") -> str:
    """The drawing or the letters for ``kind``, centred on (cx, 50)."""
    drawing = None if letters else art.icon(kind)
    if drawing is None:
        letters = letters or _letters(variant, kind)
        size = (46 if len(letters) == 1 else 34 if len(letters) == 2 else 26) * scale
        return (f'<text class="lt" x="{_num(cx)}" y="{_num(50 + size * 0.36)}" font-size="{_num(size)}" '
                f'font-weight="700" text-anchor="middle">{escape(letters)}</text>')
    parts = []
    for how, d in drawing:
        if how == "x":
            parts.append(f'<path class="ix" fill="{fill}" d="{d}"/>')
        elif how == "l":
            parts.append(f'<path class="il" fill="none" stroke="{ink}" stroke-width="{art.L_WIDTH}" '
                         f'stroke-linecap="round" stroke-linejoin="round" d="{d}"/>')
        else:
            parts.append(f'<path d="{d}"/>')
    body = "".join(parts)
    if scale != 1.0:
        # scale about (50, 50), then move the centre to (cx, 50)
        dx, dy = cx - 50 * scale, 50 - 50 * scale
        body = f'<g transform="translate({_num(dx)} {_num(dy)}) scale({scale})">{body}</g>'
    return body


def piece_svg(variant, piece) -> str:
    """One piece alone, drawn as on the board, in a 100x100 box (the hand
    beside a board shows these)."""
    cls, body = _piece(variant, piece, False, variant.red_spot_kinds)
    return ('<svg xmlns="http://www.w3.org/2000/svg" class="sh-emblem" viewBox="0 0 100 100" '
            f'aria-hidden="true" focusable="false"><g {cls} {body}</svg>')


def _piece(variant, piece, flip: bool, spotted) -> tuple[str, str]:
    """The piece group's attributes and its contents, drawn at (0, 0)."""
    tone, hue = _tone(variant, piece.side)
    fill, rim, ink = TONES[(tone, hue)]
    kind = piece.kind
    classes = ["pc", f"pc-{_cls(piece.side) if piece.side else 'neutral'}", f"pc-{_cls(kind)}",
               f"tone-{tone}"]
    parts = [k for k in kind.split("+") if k] if "+" in kind else None
    letters = ""
    if parts:
        classes.append("pc-compound")
        if len(parts) != 2:          # no room for three emblems: one token of letters
            letters = "".join(_letters(variant, k) for k in parts)
            parts = None
    out = []
    out.append(f'<circle class="sh" cx="50" cy="53" r="{TR}" fill="#000" fill-opacity=".22"/>')
    if piece.facing in FACING_ANGLE:
        angle = (FACING_ANGLE[piece.facing] + (180 if flip else 0)) % 360
        rot = f' transform="rotate({angle} 50 50)"' if angle else ""
        out.append(f'<path class="fc" fill="{rim}" stroke="{rim}" stroke-width="2" '
                   f'stroke-linejoin="round" d="M50 1l14 17H36z"{rot}/>')
    sw = 7 if tone == "neutral" else 3
    out.append(f'<circle class="tk" cx="50" cy="50" r="{TR}" fill="{fill}" stroke="{rim}" stroke-width="{sw}"/>')
    if tone != "neutral":
        out.append(f'<circle class="tr" cx="50" cy="50" r="{TR - 6}" fill="none" stroke="{ink}" '
                   f'stroke-opacity=".3" stroke-width="1.5"/>')
    if parts:
        out.append(f'<path class="dv" d="M49 {50 - TR + 6}h2v{2 * (TR - 6)}h-2z"/>')
        out.append(_emblem(variant, parts[0], fill, ink, 30, 0.5))
        out.append(_emblem(variant, parts[1], fill, ink, 70, 0.5))
    else:
        out.append(_emblem(variant, kind, fill, ink, letters=letters))
    if piece.kind in spotted:
        out.append(f'<circle class="spot" cx="72" cy="27" r="7" fill="{SPOT_FILL}" stroke="{fill}" stroke-width="2"/>')
    return f'class="{" ".join(classes)}"', f'fill="{ink}">' + "".join(out) + "</g>"


# ------------------------------------------------------------------- board

def _cell(geom, flip: bool, sq: int) -> tuple[int, int]:
    """Square ``sq``'s column and row as drawn (from the top left)."""
    f, r = sq % geom.width, sq // geom.width
    return (geom.width - 1 - f, r) if flip else (f, geom.height - 1 - r)


def drawn_order(geom, flip: bool) -> list[tuple[int, int, int]]:
    """Every square as drawn, row by row from the top left: ``(square,
    column, row)``; ``flip``: the second side at the bottom."""
    W, H = geom.width, geom.height
    return [((W - 1 - col) + row * W, col, row) if flip else (col + (H - 1 - row) * W, col, row)
            for row in range(H) for col in range(W)]


def render_svg(position, *, uid, orientation=None, last_move=None, marks=(), dests=(),
               captures=(), arrows=(), coords=True, label=None, live=True) -> str:
    """The board of ``position`` as one ``<svg>`` element (a string).

    ``orientation``: the side at the bottom (default the first side).
    ``last_move``: a ``Move`` or ``(from, to)``; ``marks``, ``dests``,
    ``captures``: squares (ints or names); ``arrows``: ``(from, to)`` or
    ``(from, to, colour)`` with colour one of "red", "blue", "yellow" (default
    green); an arrow from a square to itself draws a circle. ``label`` replaces
    the aria-label. ``live=False`` draws the squares of each colour as one
    path, with no ``data-sq`` and no hints: the same picture in a quarter
    of the markup, for a page's static diagram that the widget replaces
    with the live drawing once the engine runs.
    """
    variant = position.variant
    geom = variant.geometry
    W, H = geom.width, geom.height
    if orientation is None:
        orientation = variant.sides[0]
    if orientation not in variant.sides:
        raise ValueError(f"orientation must be one of {', '.join(variant.sides)}, not {orientation!r}")
    flip = orientation != variant.sides[0]
    uid = str(uid)
    if not uid:
        raise ValueError("render_svg needs a uid, unique on the page")

    def cell(sq: int) -> tuple[int, int]:
        return _cell(geom, flip, sq)

    board = position.board
    names = geom.names
    if label is None:
        title = getattr(variant, "title", "") or getattr(variant, "id", "") or "Board"
        try:
            status = variant.status(position)
        except Exception:            # a label must never break a diagram
            status = f"{str(position.to_move).capitalize()} to move"
        label = f"{title} board. {status}. {str(orientation).capitalize()} at the bottom."

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="sh-board sh-{_cls(variant.id or "board")}" '
           f'viewBox="0 0 {W * SQ} {H * SQ}" style="--sh-w:{W};--sh-h:{H}" font-family="{escape(FONT)}" role="img" '
           f'aria-label="{escape(label)}" data-uid="{escape(uid)}" data-orientation="{escape(orientation)}">']

    # squares: live, each its own rect followed by its hidden hint (see the
    # module docstring); static, one path per square colour
    out.append('<g class="squares" fill="none">')
    order = drawn_order(geom, flip)
    hx, hy, hr = (SQ * k for k in HINT_SHAPE)
    colours = {}
    paths: dict[str, list[str]] = {}
    for sq, col, row in order:
        colour = variant.square_colour(sq)
        colours[sq] = colour
        x, y = col * SQ, row * SQ
        if not live:
            paths.setdefault(colour, []).append(f"M{x} {y}h{SQ}v{SQ}h-{SQ}z")
            continue
        c = _cls(colour)
        fill = SQUARE_FILL.get(colour, UNKNOWN_FILL)
        ht = "ht ht-occ" if board[sq] is not None else "ht"
        out.append(f'<rect class="sq sq-{c}" data-sq="{names[sq]}" data-x="{col}" data-y="{row}" '
                   f'x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>'
                   f'<circle class="{ht}" cx="{x + hx:g}" cy="{y + hy:g}" r="{hr:g}"/>')
    for colour, ds in paths.items():
        out.append(f'<path class="sq sq-{_cls(colour)}" fill="{SQUARE_FILL.get(colour, UNKNOWN_FILL)}" '
                   f'd="{"".join(ds)}"/>')
    out.append("</g>")

    # square highlights under the pieces
    marks_out = []
    for cls, sqs in (("hl-last", _last_squares(geom, last_move)),
                     ("hl-capture", _squares(geom, captures))):
        colour, opacity = HL_FILL[cls]
        for sq in sqs:
            col, row = cell(sq)
            marks_out.append(f'<rect class="{cls}" x="{col * SQ}" y="{row * SQ}" width="{SQ}" height="{SQ}" '
                             f'fill="{colour}" fill-opacity="{opacity}"/>')
            if cls == "hl-capture":
                cx, cy = col * SQ + 50, row * SQ + 50
                marks_out.append(f'<path class="hl-capture-x" stroke="{colour}" stroke-width="9" '
                                 f'stroke-linecap="round" d="M{cx - 22} {cy - 22}l44 44m0-44l-44 44"/>')
    for sq in _squares(geom, marks):
        col, row = cell(sq)
        marks_out.append(f'<rect class="hl-mark" x="{col * SQ + 5}" y="{row * SQ + 5}" width="90" height="90" '
                         f'rx="6" fill="none" stroke="{MARK_FILL}" stroke-width="8"/>')
    if marks_out:
        out.append('<g class="marks" pointer-events="none">' + "".join(marks_out) + "</g>")

    # pieces, top row first so a shadow falls under the piece below
    spotted = variant.red_spot_kinds
    pieces = []
    cache: dict = {}
    for sq, col, row in order:
        p = board[sq]
        if p is None:
            continue
        key = (p.kind, p.side, p.facing)
        if key not in cache:
            cache[key] = _piece(variant, p, flip, spotted)
        cls, body = cache[key]
        pieces.append(f'<g {cls} data-sq="{names[sq]}" transform="translate({col * SQ} {row * SQ})" {body}')
    out.append('<g class="pieces">' + "".join(pieces) + "</g>")

    # coordinates inside the edge, over the pieces with a halo of the square's
    # colour: files along the bottom, ranks down the left
    if coords:
        size = 16 if max(W, H) <= 8 else 18 if max(W, H) <= 12 else 20   # big boards draw small squares
        co = [f'<g class="coords" font-size="{size}" font-weight="600" '
              f'stroke-width="3" stroke-linejoin="round" paint-order="stroke" pointer-events="none">']

        def text(sq, x, y, extra, body):
            colour = colours[sq]
            co.append(f'<text class="co co-on-{_cls(colour)}" x="{x}" y="{y}"{extra} '
                      f'fill="{COORD_INK.get(colour, COORD_INK_OTHER)}" '
                      f'stroke="{SQUARE_FILL.get(colour, UNKNOWN_FILL)}">{body}</text>')

        for col in range(W):
            f = W - 1 - col if flip else col
            text(f + (H - 1 if flip else 0) * W, col * SQ + 95, H * SQ - 6, ' text-anchor="end"',
                 "abcdefghijklmnop"[f])
        for row in range(H):
            r = row if flip else H - 1 - row
            text((W - 1 if flip else 0) + r * W, 4, row * SQ + size + 1, "", r + 1)
        co.append("</g>")
        out.append("".join(co))

    # destinations and arrows on top
    over = []
    for sq in _squares(geom, dests):
        col, row = cell(sq)
        cx, cy = col * SQ + 50, row * SQ + 50
        if board[sq] is None:
            over.append(f'<circle class="hl-dest" cx="{cx}" cy="{cy}" r="15" fill="{DEST_FILL}" fill-opacity=".5"/>')
        else:
            over.append(f'<circle class="hl-dest hl-dest-occ" cx="{cx}" cy="{cy}" r="45" fill="none" '
                        f'stroke="{DEST_FILL}" stroke-opacity=".5" stroke-width="8"/>')
    for arrow in arrows or ():
        over.append(_arrow(geom, cell, arrow))
    if over:
        out.append('<g class="over" pointer-events="none">' + "".join(over) + "</g>")
    out.append("</svg>")
    return "".join(out)


def _arrow(geom, cell, arrow) -> str:
    if isinstance(arrow, str):
        raise ValueError(f"an arrow is (from, to) or (from, to, colour), not {arrow!r}")
    frm, to, *rest = arrow
    colour = str(rest[0]) if rest and rest[0] else ""
    if colour not in ARROW_FILL:
        raise ValueError(f"arrow colour must be one of {', '.join(c for c in ARROW_FILL if c)}, not {colour!r}")
    fill = ARROW_FILL[colour]
    cls = f"arrow arrow-{colour}" if colour else "arrow"
    (c0, r0), (c1, r1) = cell(_square(geom, frm)), cell(_square(geom, to))
    x0, y0 = c0 * SQ + 50, r0 * SQ + 50
    x1, y1 = c1 * SQ + 50, r1 * SQ + 50
    if (x0, y0) == (x1, y1):
        return (f'<circle class="{cls} arrow-circle" cx="{x0}" cy="{y0}" r="44" fill="none" stroke="{fill}" '
                f'stroke-opacity=".8" stroke-width="8"/>')
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    tip = length - 12                     # stop short of the centre
    head = min(40.0, tip * 0.6)
    hw, sw = 24.0, 8.5                    # half widths of head and shaft
    start = 18.0 if tip - head > 30 else 0.0

    def pt(a: float, b: float) -> str:
        return f"{_num(x0 + ux * a + nx * b)} {_num(y0 + uy * a + ny * b)}"

    pts = [pt(start, sw), pt(tip - head, sw), pt(tip - head, hw), pt(tip, 0),
           pt(tip - head, -hw), pt(tip - head, -sw), pt(start, -sw)]
    return f'<path class="{cls}" fill="{fill}" fill-opacity=".8" d="M{"L".join(pts)}z"/>'
