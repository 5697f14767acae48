"""The board's markup around the SVG, written once for both ends: the build
(``fence.py``) puts it in the static page and the engine sends the same in
every state (``session.BoardState``: ``badges_html``, ``hand_html``,
``moves_html``, ``future_html``, ``shortcuts_html``, ``free_html``,
``options_html``), which the widget puts
in place as it is. So a page does not change when the engine takes over,
and the widget rebuilds none of it.

Buttons come disabled: the widget enables them while the reader may use
them. Every text is escaped (``svg.escape``; attributes are double-quoted).
"""

from __future__ import annotations

from .svg import escape

_PIPS = {
    1: ((2, 2),),
    2: ((1, 3), (3, 1)),
    3: ((1, 3), (2, 2), (3, 1)),
    4: ((1, 1), (1, 3), (3, 1), (3, 3)),
    5: ((1, 1), (1, 3), (2, 2), (3, 1), (3, 3)),
    6: ((1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)),
}


def die_face_svg(value: int) -> str:
    pips = "".join(f'<circle cx="{x * 6}" cy="{y * 6}" r="1.9"/>' for x, y in _PIPS[value])
    return ('<svg class="sharah-die" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" '
            'focusable="false"><rect x="1" y="1" width="22" height="22" rx="4.5"/>'
            f'<g class="sharah-pips">{pips}</g></svg>')


def badges_html(badges: list[dict]) -> str:
    """Badges as HTML: the die as a die face; every text escaped."""
    out = []
    for b in badges:
        name = str(b.get("name", ""))
        value = str(b.get("value", ""))
        detail = str(b.get("detail", ""))
        esc = escape
        if name == "die" and value in ("1", "2", "3", "4", "5", "6"):
            out.append(
                f'<span class="sharah-badge sharah-badge-die" data-badge="die" data-value="{esc(value)}">'
                f'{die_face_svg(int(value))}'
                f'<span class="sharah-badge-text"><span class="sharah-visually-hidden">die: </span>'
                f'<b>{esc(value)}</b> {esc(detail)}</span></span>')
        else:
            out.append(
                f'<span class="sharah-badge" data-badge="{esc(name)}" data-value="{esc(value)}">'
                f'<span class="sharah-badge-name">{esc(name)}</span> <b>{esc(value)}</b>'
                + (f' <span class="sharah-badge-detail">{esc(detail)}</span>' if detail else "")
                + '</span>')
    return "".join(out)



# ------------------------------------------------------------------ the hand

def hand_html(hand: list[dict]) -> str:
    """The player's hand under the board (drops): the whole
    ``div.sharah-hand``, one button per kind (``session.HandItem``); hidden
    and empty when there is nothing to drop."""
    if not hand:
        return '<div class="sharah-hand" role="group" aria-label="Pieces in hand" hidden></div>'
    side = hand[0]["side"] or ""
    who = escape(side[:1].upper() + side[1:])
    out = [f'<div class="sharah-hand" role="group" aria-label="{who}\'s hand: pick a piece, then a square" '
           f'data-side="{escape(side)}"><span class="sharah-hand-title">{who}\'s hand</span>']
    for h in hand:
        count = h["count"]
        label = h["name"] + (f", {count} in hand" if count is not None else "")
        out.append(f'<button type="button" class="sharah-hand-kind" data-kind="{escape(h["kind"])}" '
                   f'aria-pressed="false" aria-label="{escape(label)}" disabled>'
                   f'<span class="sharah-hand-art">{h["svg"]}</span>'
                   f'<span class="sharah-hand-name">{escape(h["name"])}</span>'
                   + (f'<span class="sharah-hand-count" aria-hidden="true">{count}</span>'
                      if count is not None else '')
                   + '</button>')
    out.append('</div>')
    return "".join(out)


# ------------------------------------------------------------- the move list

# A draw offer and its answer are not moves: the list says them in words
# (the side, then this), so that they do not rest on italics and grey alone.
DRAW_WORDS = {
    "offer-draw": "offers a draw",
    "accept-draw": "accepts the draw",
    "decline-draw": "declines the draw",
}


# A review's marks beside the moves, as chess books write them.
MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def mark_html(mark) -> str:
    """A review's mark of a move (``(mark, better move)``, or ``None``):
    its sign as chess books write it and the engine's better move beside
    it, as lichess shows them in the move list; screen readers hear the
    mark's name and the better move."""
    if not mark:
        return ""
    name, better = mark
    said = f"{name}, better {better}" if better else name
    shown = f'<span class="sharah-move-better" aria-hidden="true">better {escape(better)}</span>' if better else ''
    return (f'<span class="sharah-move-mark" data-mark="{escape(name)}" title="{escape(_cap(said))}">'
            f'<span aria-hidden="true">{MARK_SIGNS.get(name, "?")}</span>{shown}'
            f'<span class="sharah-visually-hidden"> ({escape(said)})</span></span>')


def move_list_html(names, sides, numbers, kinds, first_ply: int = 1, current: int | None = None,
                   future: bool = False, marks=None) -> str:
    """The move list's items (the ``li`` of ``ol.sharah-moves``): each with
    its ply (``data-ply``), side, kind and number; ``current``: the ply
    shown (``aria-current``); ``future``: moves to redo (``.sharah-future``);
    ``marks``: a review's mark for each move, or ``None`` (``mark_html``).
    A draw offer, accepted or declined, is written in words ("White declines
    the draw"), not only set apart by its style."""
    out = []
    cls = ' class="sharah-future"' if future else ''
    marks = marks or [None] * len(names)
    for i, (name, side, no, kind, mark) in enumerate(zip(names, sides, numbers, kinds, marks)):
        ply = first_ply + i
        out.append(f'<li{cls} data-ply="{ply}" '
                   f'data-side="{escape(side or "")}" data-kind="{escape(kind)}"'
                   + (f' data-mark="{escape(mark[0])}"' if mark else '')
                   + (' aria-current="step"' if ply == current else '') + '>'
                   + (f'<span class="sharah-move-no">{escape(no)}</span>' if no else '')
                   + (_draw_words(side, kind, name) if kind in DRAW_WORDS else escape(name))
                   + mark_html(mark) + '</li>')
    return "".join(out)


def tree_html(game, first: str, current: int, marks: dict | None = None) -> str:
    """The move list with its variations (the ``li`` of ``ol.sharah-moves``,
    for a game whose tree branches): every move an item naming its node
    (``data-node``, the index ``goto`` takes), the main line first; each
    variation an item after the move it replaces, in parentheses, its moves
    in a list of their own (nested as deep as they go), with buttons to
    promote it one level, make it the main line (a variation inside a
    variation: promoting goes one level only) or delete it. ``current``:
    the node shown; ``marks``: a review's marks (``id(ply)`` -> mark)."""
    from .notation import number_step
    index = {id(n): i for i, n in enumerate(game.nodes())}

    def item(node, state, fresh: bool) -> tuple[str, tuple]:
        ply = node.ply
        label, after = number_step(state, ply, first)
        if not label and fresh and ply.move.kind not in DRAW_WORDS:
            label = f"{max(state[0], 1)}…"
        side, kind, i = ply.before.to_move, ply.move.kind, index[id(node)]
        mark = (marks or {}).get(id(ply))
        html = (f'<li data-node="{i}" data-side="{escape(side or "")}" data-kind="{escape(kind)}"'
                + (f' data-mark="{escape(mark[0])}"' if mark else '')
                + (' aria-current="step"' if i == current else '') + '>'
                + (f'<span class="sharah-move-no">{escape(label)}</span>' if label else '')
                + (_draw_words(side, kind, ply.name) if kind in DRAW_WORDS else escape(ply.name))
                + mark_html(mark) + '</li>')
        return html, after

    def tool(op: str, i: int, text: str, label: str) -> str:
        return (f'<button type="button" class="sharah-var-btn" data-var-op="{op}" data-node="{i}" '
                f'aria-label="{label}" title="{label}">{text}</button>')

    def line(node, state, fresh: bool, level: int) -> str:
        out = []
        while node.children:
            main = node.children[0]
            html, after = item(main, state, fresh)
            out.append(html)
            for alt in node.children[1:]:
                first_html, alt_after = item(alt, state, True)
                i = index[id(alt)]
                what = escape(alt.ply.name)
                up = "the main line" if level == 0 else "the line it branches from"
                tools = tool("promote", i, "↑", f"Promote the variation from {what} one level (to {up})")
                if level:
                    tools += tool("main", i, "⇈", f"Make the line from {what} the main line")
                tools += tool("delete", i, "×", f"Delete the variation from {what}")
                out.append(
                    f'<li class="sharah-variation" data-var="{i}"><span class="sharah-var-tools">{tools}</span>'
                    f'<ol class="sharah-var-moves" aria-label="Variation from {what}">'
                    + first_html + line(alt, alt_after, False, level + 1) + '</ol></li>')
            fresh = len(node.children) > 1
            node, state = main, after
        return "".join(out)

    return line(game.root, (0, None), True, 0)


def _draw_words(side, kind, name) -> str:
    who = _cap(side) if side else "The player"
    return f'<span class="sharah-move-words" title="{escape(name)}">{escape(who)} {DRAW_WORDS[kind]}</span>'


# ---------------------------------------------------------- square-less moves

def free_html(moves: list[dict], only: bool) -> str:
    """The moves with no square (a pass, a draw offer: ``session.MoveEntry``
    without ``from`` and ``to``) as a row of buttons in the controls;
    ``only``: they are the only moves left (the turn is lost)."""
    if not moves:
        return ""
    lead = ""
    if only:
        lead = (f'<span class="sharah-free-lead">Your only {"move" if len(moves) == 1 else "moves"}:</span>')
    buttons = "".join(
        f'<button type="button" class="md-button {"md-button--primary " if only else ""}sharah-btn '
        f'sharah-free-move" data-free="{escape(m["n"])}" data-kind="{escape(m.get("kind", "move"))}" disabled>'
        f'{escape(_cap(m.get("label") or m["n"]))}</button>' for m in moves)
    # a span (laid out as a flex row by the CSS), not a div: the controls
    # around it are left out of the site search by data-search-exclude, which
    # mkdocs-material's search ends at the first closing tag of its own name
    return f'<span class="sharah-free{" is-only" if only else ""}">{lead}{buttons}</span>'


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------- shortcuts

def shortcuts_html(shortcuts: list[dict], undo: dict | None) -> str:
    """The shortcut buttons (``session.Shortcut``), and the one that takes
    the last shortcut back (``session.UndoShortcut``)."""
    out = [f'<button type="button" class="md-button sharah-btn sharah-shortcut" '
           f'data-shortcut="{escape(s["name"])}" disabled>{escape(s["label"])}</button>' for s in shortcuts]
    if undo:
        n = undo["plies"]
        out.append(f'<button type="button" class="md-button sharah-btn sharah-undo-shortcut" '
                   f'data-undo-shortcut="{n}" disabled>Undo “{escape(undo["label"])}” '
                   f'({n} {"move" if n == 1 else "moves"})</button>')
    return "".join(out)


# ------------------------------------------------------------ game options

def options_html(specs: list[dict], prefix: str) -> str:
    """A game board's options (``Variant.option_specs``, this game's values
    chosen) as the form of "New game with these options"; ``prefix`` makes
    the fields' ids unique on the page (the board's id)."""
    rows = []
    for o in specs:
        name, kind = o["name"], o["type"]
        fid = escape(f"{prefix}-{name}")
        doc = (f' aria-describedby="{fid}-doc"' if o["doc"] else "")
        label = f'<label for="{fid}">{escape(o["label"])}</label>'
        if kind == "bool":
            field = (f'<input type="checkbox" id="{fid}" name="{escape(name)}"{doc}'
                     + (" checked" if o["value"] else "") + ">")
            row = field + label
        elif o["choices"]:
            choices = "".join(
                f'<option value="{escape(_js(c))}"' + (" selected" if _js(c) == _js(o["value"]) else "") + ">"
                + escape(_js(c)) + (" (default)" if type(c) is type(o["default"]) and c == o["default"] else "")
                + "</option>" for c in o["choices"])
            row = label + f'<select id="{fid}" name="{escape(name)}"{doc}>{choices}</select>'
        else:
            row = label + (f'<input type="{"number" if kind == "int" else "text"}" id="{fid}" '
                           f'name="{escape(name)}"' + (' step="1"' if kind == "int" else "")
                           + f' value="{escape(_js(o["value"]))}"{doc}>')
        if o["doc"]:
            text = _cap(o["doc"])
            text = text if text.endswith((".", "!", "?")) else text + "."
            row += f'<span class="sharah-option-doc" id="{fid}-doc">{escape(text)}</span>'
        rows.append(f'<div class="sharah-option sharah-option-{escape(kind)}" data-option="{escape(name)}">'
                    f'{row}</div>')
    return ('<form class="sharah-options-form">' + "".join(rows)
            + '<div class="sharah-options-actions"><button type="submit" class="md-button '
              'md-button--primary sharah-btn" data-action="new-game">New game with these options</button>'
              '</div></form>')


def _js(value) -> str:
    """A value as JavaScript's String() writes it (true, 3, text)."""
    return "true" if value is True else "false" if value is False else str(value)
