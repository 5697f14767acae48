"""The ```sharah Markdown fence: parse, check against the engine, render HTML.

A fence body is ``key: value`` lines (blank lines and ``#`` comment lines are
skipped; an indented line continues the text of the line above)::

    variant: oblong-shatranj
    mode: try                      # diagram | game | try | puzzle
    options: die=false setup=2
    position: <position text, as Game.position() prints it>
    moves: b5b6 c12c11             # played before the board is shown; a3a4@5 fixes the roll after it
    seed: 7                        # the random source (the die)
    orientation: black             # the side at the bottom
    highlight: a1 b2               # marked squares
    arrows: a1a3 b2c4
    show: b2                       # diagram: the legal destinations of the piece on b2
    coords: false                  # no file letters and rank numbers
    caption: text under the board (inline Markdown: *em*, **strong**, `code`, [link](page.md))
             {position} and {moves} in a caption print, as code, the board's
             position text and its moves as the move list writes them
    prompt: White to move: find the elephant's leap      # try
    solution: b1d3 | b1d3=G                              # try: accepted moves
    success: Right: ...                                  # try: shown after a right move
    wrong c2a3: That knight move ...                     # try: shown after this wrong move

Everything is checked here, at build time: any problem is a ``ValueError``
naming the line and the key. ``render_html`` draws the board's SVG now, so a
page shows the board with JavaScript off; the widget takes over from the
``data-config`` JSON and the ``<template>`` messages. Once the engine is up,
every board is live: a diagram shows where a clicked piece may go (it is
never played), a game board also offers its options (``<details
class="sharah-options">``, filled by the widget from the engine). A game or
try board whose player may drop pieces shows the hand under the board
(``.sharah-hand``: a button per kind), and a game board the engine's
shortcuts (``.sharah-shortcuts``), both disabled until the engine is up.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from dataclasses import dataclass, field
from typing import Callable

from .markup import badges_html
from .session import Board, build_game
from .chesslike import DRAW_ACTIONS
from .core import NotationError

MODES = ("diagram", "game", "try", "puzzle")
# a puzzle board takes its puzzles from the game's data (sharah_web.puzzles), not from the fence
NOT_FOR_PUZZLES = ("options", "position", "moves", "seed", "show", "highlight", "arrows")
# key -> is free text (inline Markdown; '#' is not a comment there)
KEYS = {
    "variant": False, "mode": False, "options": False, "position": False, "moves": False,
    "seed": False, "orientation": False, "highlight": False, "arrows": False, "show": False,
    "coords": False, "caption": True, "prompt": True, "solution": False, "success": True,
    "wrong": True,
}
TRY_ONLY = ("prompt", "solution", "success", "wrong")
DEFAULT_SEED = 1          # a die game with no seed: the page's opening roll
ARROW_RE = re.compile(r"([a-p]\d{1,2})-?([a-p]\d{1,2})")
KEY_RE = re.compile(r"([a-z]+)(?:[ \t]+(\S+))?[ \t]*:(?:[ \t]+(.*))?$")
DEFAULT_PROMPT = "Find the move."
DEFAULT_SUCCESS = "Right!"
GENERIC_WRONG = "That move is legal, but it is not the move this rule shows."
CAPTION_POSITION, CAPTION_MOVES = "{position}", "{moves}"   # filled in from the engine

LinkResolver = Callable[[str], str]


@dataclass
class BoardSpec:
    """A checked fence. ``config`` is what the widget sends the engine."""

    variant: str
    mode: str = "diagram"
    options: dict[str, str] = field(default_factory=dict)
    position: str | None = None
    moves: list[str] = field(default_factory=list)
    seed: int | None = None
    orientation: str | None = None
    highlight: list[str] = field(default_factory=list)
    arrows: list[tuple[str, str]] = field(default_factory=list)
    show: str | None = None
    coords: bool = True
    caption: str = ""
    prompt: str = ""
    solutions: list[str] = field(default_factory=list)
    success: str = ""
    wrong: dict[str, str] = field(default_factory=dict)
    dests: list[str] = field(default_factory=list)
    puzzles: list[dict] = field(default_factory=list)   # a puzzle board: every puzzle's play data
    reseed: bool = False
    lines: dict[str, int] = field(default_factory=dict)

    def config(self, uid: str) -> dict:
        cfg = {
            "uid": uid, "mode": self.mode, "variant": self.variant, "options": self.options,
            "position": self.position, "moves": self.moves, "seed": self.seed,
            "reseed": self.reseed, "orientation": self.orientation, "coords": self.coords,
            "marks": self.highlight, "arrows": [list(a) for a in self.arrows],
        }
        if self.mode == "diagram":
            cfg["dests"] = self.dests
        if self.mode == "try":
            cfg["solutions"] = self.solutions
        if self.mode == "puzzle":
            cfg["puzzle"] = self.puzzles[0]
        return cfg


# ----------------------------------------------------------------- parsing

def _split_lines(source: str) -> list[tuple[int, str, str | None, str]]:
    """(line number, key, argument, value) for each entry."""
    entries: list[list] = []
    for number, raw in enumerate(source.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[0] in " \t":
            if not entries:
                raise ValueError(f"line {number}: an indented line continues the line above, "
                                 f"but there is none")
            key = entries[-1][1]
            if not KEYS.get(key, False):
                raise ValueError(f"line {number}: only text (caption, prompt, success, wrong) "
                                 f"may continue on an indented line; {key} is one line")
            entries[-1][3] = (entries[-1][3] + " " + stripped).strip()
            continue
        m = KEY_RE.match(line)
        if not m:
            raise ValueError(f"line {number}: {_short(line)!r} is not 'key: value'")
        key, arg, value = m.group(1), m.group(2), (m.group(3) or "").strip()
        if key not in KEYS:
            raise ValueError(f"line {number}: unknown key {key!r} (known keys: {', '.join(KEYS)})")
        if arg is not None and key != "wrong":
            raise ValueError(f"line {number}: {key} takes no argument before the colon "
                             f"(only 'wrong <move>:' does)")
        if key == "wrong" and arg is None:
            raise ValueError(f"line {number}: write the wrong move before the colon, "
                             f"like 'wrong c2a3: why it fails'")
        if not KEYS[key]:
            value = re.sub(r"(^|\s)#.*$", "", value).strip()
        entries.append([number, key, arg, value])
    return [tuple(e) for e in entries]


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


def parse_fence(source: str) -> BoardSpec:
    """Parse and check a fence body; ``ValueError`` says what is wrong where."""
    if not isinstance(source, str):
        raise ValueError("the fence body must be text")
    raw: dict[str, tuple[int, str]] = {}
    wrong_raw: list[tuple[int, str, str]] = []
    for number, key, arg, value in _split_lines(source):
        if key == "wrong":
            wrong_raw.append((number, arg, value))
            if not value:
                raise ValueError(f"line {number}: wrong {arg}: the explanation is empty")
            continue
        if key in raw:
            raise ValueError(f"line {number}: {key} is given twice (first on line {raw[key][0]})")
        if not value:
            raise ValueError(f"line {number}: {key}: no value")
        raw[key] = (number, value)

    def where(key: str) -> str:
        return f"line {raw[key][0]}: {key}" if key in raw else key

    def fail(key: str, message: str):
        raise ValueError(f"{where(key)}: {message}")

    # variant, mode, options
    if "variant" not in raw:
        from .variants import VARIANTS
        raise ValueError(f"missing 'variant:' (one of: {', '.join(sorted(VARIANTS))})")
    spec = BoardSpec(variant=raw["variant"][1])
    spec.lines = {k: n for k, (n, _) in raw.items()}
    if "mode" in raw:
        spec.mode = raw["mode"][1]
        if spec.mode not in MODES:
            fail("mode", f"{spec.mode!r} is not a mode (one of: {', '.join(MODES)})")
    for key in TRY_ONLY:
        if spec.mode != "try" and (key in raw or (key == "wrong" and wrong_raw)):
            line = raw[key][0] if key in raw else wrong_raw[0][0]
            raise ValueError(f"line {line}: {key}: only a try board has this "
                             f"(this board's mode is {spec.mode})")
    if spec.mode == "puzzle":
        for key in NOT_FOR_PUZZLES:
            if key in raw:
                fail(key, "a puzzle board takes its position and options from its puzzles")
        from .puzzles import load, play_data
        spec.puzzles = [play_data(r) for r in load(spec.variant)]
        if not spec.puzzles:
            fail("variant", f"there are no puzzles of {spec.variant}")
        spec.caption = puzzle_counts(spec.puzzles)     # unless the fence has its own caption
        first = spec.puzzles[0]
        spec.position = first["position"]
        spec.options = {k: (str(v).lower() if isinstance(v, bool) else str(v))
                        for k, v in first["options"].items()}
    if "options" in raw:
        for token in raw["options"][1].split():
            name, eq, value = token.partition("=")
            if not eq or not name or not value:
                fail("options", f"{token!r} is not name=value (like die=false)")
            if name in spec.options:
                fail("options", f"{name} is given twice")
            spec.options[name] = value
    try:
        from . import variant as make_variant
        rules = make_variant(spec.variant, **spec.options)
    except ValueError as e:
        key = "options" if spec.options and "unknown game" not in str(e) else "variant"
        fail(key, str(e))

    # seed
    if "seed" in raw:
        try:
            spec.seed = int(raw["seed"][1])
        except ValueError:
            fail("seed", f"{raw['seed'][1]!r} is not a whole number")

    # position
    if "position" in raw and spec.mode != "puzzle":
        spec.position = raw["position"][1]
        try:
            rules.parse_position(spec.position)
        except ValueError as e:
            fail("position", str(e))
    try:
        probe = build_game(spec.variant, spec.options, spec.position, (), seed=0)
    except ValueError as e:
        fail("position" if spec.position else "variant", str(e))
    if spec.seed is None and _has_chance(probe):
        # The static board shows the page's own opening roll; the engine
        # replays it with this seed, then rolls at random (reseed).
        spec.seed = DEFAULT_SEED
        spec.reseed = spec.mode == "game"

    # moves
    if "moves" in raw:
        spec.moves = raw["moves"][1].split()
    try:
        game = build_game(spec.variant, spec.options, spec.position, spec.moves, spec.seed)
    except ValueError as e:
        fail("moves", str(e))
    geo = rules.geometry

    # view
    if "orientation" in raw:
        spec.orientation = raw["orientation"][1]
        if spec.orientation not in rules.sides:
            fail("orientation", f"{spec.orientation!r} is not a side of {spec.variant} "
                                f"(one of: {', '.join(rules.sides)})")
    if "coords" in raw:
        value = raw["coords"][1].lower()
        if value not in ("true", "false", "yes", "no", "on", "off"):
            fail("coords", f"{raw['coords'][1]!r} is not true or false")
        spec.coords = value in ("true", "yes", "on")

    def square(key: str, text: str) -> int:
        try:
            return geo.parse(text)
        except ValueError as e:
            fail(key, str(e))

    if "highlight" in raw:
        for text in raw["highlight"][1].split():
            square("highlight", text)
            spec.highlight.append(text)
    if "arrows" in raw:
        for text in raw["arrows"][1].split():
            m = ARROW_RE.fullmatch(text)
            if not m:
                fail("arrows", f"{text!r} is not an arrow: write two squares, like a1a3")
            square("arrows", m.group(1))
            square("arrows", m.group(2))
            spec.arrows.append((m.group(1), m.group(2)))
    if "show" in raw:
        if spec.mode != "diagram":
            fail("show", f"only a diagram shows a piece's moves (this board's mode is {spec.mode}); "
                         f"in a {spec.mode} board the reader clicks the piece")
        sq = square("show", raw["show"][1])
        spec.show = raw["show"][1]
        spec.dests = _destinations(game, sq, lambda m: fail("show", m))

    # text
    for key in ("caption", "prompt", "success"):
        if key in raw:
            setattr(spec, key, raw[key][1])

    # try
    if spec.mode == "try":
        if game.result is not None:
            fail("moves" if spec.moves else "position",
                 f"the game is already over ({game.result}): there is no move to find")
        if "solution" not in raw:
            raise ValueError("a try board needs 'solution:' (the accepted moves, separated by |)")
        for text in raw["solution"][1].split("|"):
            text = text.strip()
            if not text:
                fail("solution", "an empty move between | separators")
            try:
                move = game.find_move(text)
            except ValueError as e:
                fail("solution", f"{text}: {e}" if not str(e).startswith(text) else str(e))
            if move.kind in DRAW_ACTIONS:
                fail("solution", f"{move.notation}: draw offers are for game boards, "
                                 f"a try board does not list them")
            if move.notation not in spec.solutions:
                spec.solutions.append(move.notation)
        for number, text, explanation in wrong_raw:
            try:
                key = game.find_move(text).notation
            except NotationError as e:
                raise ValueError(f"line {number}: wrong {text}: {e}") from None
            except ValueError:
                key = text  # a well-formed illegal move: the reader may try it
            if key in spec.solutions:
                raise ValueError(f"line {number}: wrong {text}: this move is a solution")
            if key in spec.wrong:
                raise ValueError(f"line {number}: wrong {text}: given twice")
            spec.wrong[key] = explanation
            spec.lines[f"wrong {key}"] = number

    # {position} and {moves} in the caption are filled in by the engine
    if "caption" in raw and CAPTION_MOVES in spec.caption and not spec.moves:
        fail("caption", f"{CAPTION_MOVES} prints the board's moves, but it has none (add 'moves:')")

    # links in the text: only safe ones (pages are resolved when rendering)
    for key, text in [(k, getattr(spec, k)) for k in ("caption", "prompt", "success")] + \
            [(f"wrong {m}", t) for m, t in spec.wrong.items()]:
        try:
            inline_html(text)
        except ValueError as e:
            raise ValueError(f"line {spec.lines.get(key, '?')}: {key}: {e}") from None
    return spec


def _has_chance(game) -> bool:
    return any(b.get("name") == "die" for b in game.variant.badges(game.current))


def _destinations(game, sq: int, fail) -> list[str]:
    """Where the piece on ``sq`` may go; for the side not to move, as if it were its turn."""
    pos = game.current
    v = game.variant
    geo = v.geometry
    piece = pos.board[sq]
    if piece is None:
        fail(f"there is no piece on {geo.names[sq]}")
    if piece.side is not None and piece.side != pos.to_move:
        pos = pos.copy()
        pos.to_move = piece.side
    try:
        moves = v.legal_moves(pos) if game.result is None or pos is not game.current else []
    except Exception as e:  # a position the rules never meant to ask about
        fail(f"cannot list the moves of the {v.kind_name(piece.kind).lower()} on {geo.names[sq]}: {e}")
    dests = []
    for m in moves:
        if m.frm == sq and m.to is not None and geo.names[m.to] not in dests:
            dests.append(geo.names[m.to])
    if not dests:
        fail(f"the {v.kind_name(piece.kind).lower()} on {geo.names[sq]} has no legal move here "
             f"({v.status(pos)})")
    return dests


# ------------------------------------------------------------ inline text

_CODE_RE = re.compile(r"`([^`]+)`")
_LINK_RE = re.compile(r"\[([^\]]+)\]\(([^()\s]+(?:\([^()\s]*\)[^()\s]*)*)\)")
_STRONG_RE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EM_RE = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])|(?<!\w)_(?=\S)(.+?)(?<=\S)_(?!\w)")
_SAFE_URL = re.compile(r"^(https?:|mailto:|#|[^:]*$)", re.I)


def inline_html(text: str, resolve_link: LinkResolver | None = None) -> str:
    """A small, safe subset of inline Markdown: `code`, **strong**, *em*,
    _em_, [text](url). Everything else is escaped text."""
    stash: list[str] = []

    def keep(fragment: str) -> str:
        stash.append(fragment)
        return f"\x00{len(stash) - 1}\x00"

    text = _CODE_RE.sub(lambda m: keep(f"<code>{html.escape(m.group(1))}</code>"), text)

    def link(m: re.Match) -> str:
        url = m.group(2)
        if not _SAFE_URL.match(url):
            raise ValueError(f"link {url!r}: only http(s), mailto, #anchors and pages of this site")
        if resolve_link is not None:
            url = resolve_link(url)
        label = _inline_marks(html.escape(m.group(1), quote=False))
        return keep(f'<a href="{html.escape(url)}">{label}</a>')

    text = _LINK_RE.sub(link, text)
    out = _inline_marks(html.escape(text, quote=False))
    return re.sub(r"\x00(\d+)\x00", lambda m: stash[int(m.group(1))], out)


def _inline_marks(escaped: str) -> str:
    escaped = _STRONG_RE.sub(r"<strong>\1</strong>", escaped)
    return _EM_RE.sub(lambda m: f"<em>{m.group(1) or m.group(2)}</em>", escaped)


def plain_text(text: str) -> str:
    """Inline Markdown without its marks (for aria labels)."""
    text = _LINK_RE.sub(r"\1", text)
    text = re.sub(r"\*\*|`", "", text)
    return re.sub(r"(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)", "", text)


# ---------------------------------------------------------------- rendering

def make_uid(page: str, index: int) -> str:
    """A board's id: unique per page, and across the site."""
    digest = hashlib.sha1(page.encode("utf-8")).hexdigest()[:6]
    return f"sharah-{digest}-{index}"


def _attr_json(data) -> str:
    return html.escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")), quote=True)


_VIEWBOX_RE = re.compile(r'viewBox="\s*([-\d.]+)[\s,]+([-\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')


def _aspect(svg: str) -> str:
    m = _VIEWBOX_RE.search(svg)
    if not m:
        return "1"
    w, h = float(m.group(3)), float(m.group(4))
    return f"{w / h:.4f}" if w > 0 and h > 0 else "1"


def render_html(spec: BoardSpec, uid: str, resolve_link: LinkResolver | None = None) -> str:
    """The board's static HTML: the SVG, status, badges, caption, and for a
    try board the prompt; the widget's data in ``data-config``."""
    board = Board(uid, spec.config(uid))
    state = board.state(live=False, keep=False)     # the widget shows the engine's live drawing
    esc = html.escape

    def md(text: str, key: str) -> str:
        try:
            return inline_html(text, resolve_link)
        except ValueError as e:
            line = spec.lines.get(key)
            raise ValueError(f"line {line}: {key}: {e}" if line else f"{key}: {e}") from None

    live = spec.mode != "diagram"
    parts = [
        f'<figure class="sharah-board sharah-mode-{spec.mode}" id="{esc(uid)}" '
        f'data-sharah-uid="{esc(uid)}" data-mode="{spec.mode}" data-variant="{esc(spec.variant)}" '
        f'data-config="{_attr_json(spec.config(uid))}" style="--sharah-aspect: {_aspect(state["svg"])}">',
    ]
    if spec.mode == "try":
        parts.append(f'<p class="sharah-prompt">{md(spec.prompt or DEFAULT_PROMPT, "prompt")}</p>')
    # data-search-exclude: the drawing (its coordinates), badges, status and
    # buttons stay out of the site search's index. On each innermost block:
    # Material's search parser ends an exclusion at the first closing tag of
    # the same name (a <div> inside a <div>).
    parts.append('<div class="sharah-layout">')
    parts.append(f'<div class="sharah-board-area"><div class="sharah-svg" data-search-exclude>{state["svg"]}</div>'
                 + (state["hand_html"] if live else '') + '</div>')
    parts.append('<div class="sharah-side">')
    parts.append(f'<div class="sharah-badges" data-search-exclude>{state["badges_html"]}</div>')
    if live:
        result = state["result"]
        status = result["text"] if result else state["status"]
        parts.append(
            # the status line is also the result banner (data-result) and a live region
            '<p class="sharah-status" aria-live="polite" aria-atomic="true" data-search-exclude'
            + (f' data-result="{esc(result["winner"] or "draw")}"' if result else '') + '>'
            f'<span class="sharah-status-text">{esc(status)}</span>'
            f'<span class="sharah-loading"> Starting the engine…</span></p>'
            '<p class="sharah-hint" aria-live="polite"></p>'
            '<div class="sharah-choices" role="group" aria-label="Choose a move" hidden></div>'
            + _shortcuts(state) +
            '<div class="sharah-controls" data-search-exclude>' + state["free_html"] + _controls(spec.mode) + '</div>'
            '<div class="sharah-announce sharah-visually-hidden" aria-live="polite"></div>')
        if spec.mode in ("try", "puzzle"):
            parts.append('<div class="sharah-feedback" aria-live="polite" hidden></div>')
        parts.append(_move_list(state))
        if spec.mode == "game":
            # filled by the widget from the engine's option list; shown from the first paint
            # when the game has options (the board does not grow when the widget fills it)
            hidden = "" if state["options_html"] else " hidden"
            parts.append(f'<details class="sharah-options" data-search-exclude{hidden}><summary>Game options</summary>'
                         '<div class="sharah-options-body"></div></details>')
    else:
        # A diagram: the widget says here what a clicked piece can do (or why not).
        text = _show_text(board, spec) if spec.show else state["status"]
        parts.append(f'<p class="sharah-status" aria-live="polite" aria-atomic="true" data-search-exclude>'
                     f'<span class="sharah-status-text">{esc(text)}</span></p>'
                     '<div class="sharah-announce sharah-visually-hidden" aria-live="polite"></div>')
    parts.append('</div></div>')
    if spec.mode == "puzzle":
        # every puzzle's play data, for the page's puzzle panel: an attribute of an inert
        # template, not a <script> data block (instant navigation re-creates a page's inline
        # scripts without their type, and would run it)
        data = json.dumps(spec.puzzles, ensure_ascii=False, separators=(",", ":"))
        parts.append(f'<template class="sharah-puzzle-data" data-puzzles="{html.escape(data, quote=True)}"></template>')
    if spec.mode == "try":
        parts.append(f'<template class="sharah-msg" data-msg="success">'
                     f'{md(spec.success or DEFAULT_SUCCESS, "success")}</template>')
        parts.append(f'<template class="sharah-msg" data-msg="generic">{esc(GENERIC_WRONG)}</template>')
        for move, text in spec.wrong.items():
            parts.append(f'<template class="sharah-msg" data-msg="wrong" data-move="{esc(move)}">'
                         f'{md(text, f"wrong {move}")}</template>')
    if spec.caption:
        parts.append(f'<figcaption>{_fill_caption(md(spec.caption, "caption"), board)}</figcaption>')
    parts.append('</figure>')
    return "".join(parts)


def puzzle_counts(puzzles: list[dict]) -> str:
    """A puzzle board's caption: how many puzzles, how many of each depth."""
    count = {d: sum(1 for p in puzzles if p["depth"] == d) for d in sorted({p["depth"] for p in puzzles})}
    parts = [f"{n} to win in {d} move{'s' if d > 1 else ''}" for d, n in count.items() if n]
    hard = sum(1 for p in puzzles if p["hard"])
    return (f"{len(puzzles)} puzzles here: {', '.join(parts)}; in {hard} of them only one first move wins. "
            "Every one proven by the engine.")


def _fill_caption(caption_html: str, board: Board) -> str:
    """``{position}`` and ``{moves}`` become code: the engine's own position
    text of the board and its moves as the move list writes them, so a page
    quoting them cannot drift from what the engine reads and writes."""
    game = board.game
    for token, text in ((CAPTION_POSITION, lambda: game.position()),
                        (CAPTION_MOVES, lambda: " ".join(p.name for p in game.history))):
        if token in caption_html:
            code = f"<code>{html.escape(text())}</code>"
            caption_html = caption_html.replace(f"<code>{token}</code>", code).replace(token, code)
    return caption_html


def _show_text(board: Board, spec: BoardSpec) -> str:
    v = board.game.variant
    geo = v.geometry
    piece = board.game.current.board[geo.parse(spec.show)]
    where = ", ".join(sorted(spec.dests, key=_natural))   # a4, c4, ..., c10 (as the widget says it)
    return f"The {v.kind_name(piece.kind).lower()} on {spec.show} can go to {where}."


def _natural(name: str) -> list:
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def _controls(mode: str) -> str:
    buttons = ([("undo", "Undo"), ("redo", "Redo"), ("restart", "Restart"), ("flip", "Flip board")]
               if mode == "game" else
               [("restart", "Start over"), ("flip", "Flip board")])
    return "".join(f'<button type="button" class="md-button sharah-btn" data-action="{a}" disabled>'
                   f'{label}</button>' for a, label in buttons)


def _shortcuts(state: dict) -> str:
    html_ = state["shortcuts_html"]
    return f'<div class="sharah-shortcuts" data-search-exclude{"" if html_ else " hidden"}>{html_}</div>'


def _move_list(state: dict) -> str:
    items = state["moves_html"]
    return f'<ol class="sharah-moves" aria-label="Moves"{"" if items else " hidden"}>{items}</ol>'


def render_fence(source: str, uid: str, resolve_link: LinkResolver | None = None) -> str:
    """Parse, check and render one fence."""
    return render_html(parse_fence(source), uid, resolve_link)


__all__ = ["BoardSpec", "parse_fence", "render_html", "render_fence", "inline_html", "make_uid",
           "badges_html"]
