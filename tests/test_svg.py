"""The SVG board renderer: structure, orientation, pieces, highlights."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sharah_web
from sharah_web import art
from sharah_web.core import Piece, PieceType, Position, Variant
from sharah_web.svg import render_svg

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(el) -> set[str]:
    return set(el.get("class", "").split())


def find(root, tag: str, cls: str | None = None) -> list:
    out = [el for el in root.iter(NS + tag)]
    if cls is not None:
        out = [el for el in out if cls in classes(el)]
    return out


def rects(root) -> dict[str, ET.Element]:
    return {r.get("data-sq"): r for r in find(root, "rect", "sq")}


def pieces(root) -> dict[str, ET.Element]:
    return {g.get("data-sq"): g for g in find(root, "g", "pc")}


def translate(el) -> tuple[int, int]:
    m = re.fullmatch(r"translate\((-?\d+) (-?\d+)\)", el.get("transform"))
    return int(m.group(1)), int(m.group(2))


@pytest.fixture(scope="module")
def oblong():
    return sharah_web.new_game("oblong-shatranj", die=False)


# ------------------------------------------------------------ test variants

class Tiny(Variant):
    """A 5x5 game with facing pieces, compounds and a neutral piece."""
    id = "tiny-test"
    title = "Tiny <test> & co"
    width, height = 5, 5
    sides = ("white", "black")
    piece_types = (
        PieceType("king", "K"), PieceType("rook", "R"), PieceType("hussar", "H"),
        PieceType("scout", "S"), PieceType("dragon-horse", "DH"),
    )
    neutral_symbol = {"fisher": "*"}

    def has_facing(self, kind):
        return kind == "scout"


class Shaarah(Variant):
    """15x15 with the colour names Sha'rah boards will use, red and green sides."""
    id = "big-test"
    title = "Big test"
    width, height = 15, 15
    sides = ("red", "green")
    piece_types = (PieceType("queen", "Q"), PieceType("troublemaker", "T"))
    neutral_symbol = {"fisher": "*"}

    def square_colour(self, sq):
        f, r = sq % 15, sq // 15
        if (f, r) == (7, 7):
            return "fisher"
        if r in (0, 14):
            return "goal-red" if (f + r) % 2 else "goal-green"
        if f in (0, 14):
            return "rim-dark" if (f + r) % 2 == 0 else "rim-light"
        if (f, r) == (3, 3):
            return "Odd Colour"
        return "red" if (f + r) % 2 else "green"


def tiny_position(**pieces_at) -> Position:
    v = Tiny()
    board = [None] * 25
    for name, piece in pieces_at.items():
        board[v.geometry.parse(name)] = piece
    return Position(v, board, "white")


# --------------------------------------------------------------- the board

def test_oblong_root_and_viewbox(oblong):
    root = parse(render_svg(oblong.current, uid="b1"))
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == "0 0 400 1600"      # 4 x 16 squares of 100
    assert root.get("width") is None and root.get("height") is None
    assert "sh-board" in classes(root)
    assert root.get("role") == "img"
    label = root.get("aria-label")
    assert "Oblong Shatranj with die" in label and "White to move" in label
    assert root.get("data-uid") == "b1"


@pytest.mark.parametrize("orientation", [None, "white", "black"])
def test_every_square_once_with_colour_and_place(oblong, orientation):
    pos = oblong.current
    g = pos.variant.geometry
    root = parse(render_svg(pos, uid="b", orientation=orientation))
    all_rects = find(root, "rect", "sq")
    assert len(all_rects) == 64
    by_sq = rects(root)
    assert set(by_sq) == set(g.names)
    cells = set()
    for sq, name in enumerate(g.names):
        r = by_sq[name]
        colour = pos.variant.square_colour(sq)
        assert f"sq-{colour}" in classes(r)
        assert r.get("fill", "").startswith("#")
        x, y = int(r.get("data-x")), int(r.get("data-y"))
        assert (int(r.get("x")), int(r.get("y"))) == (100 * x, 100 * y)
        assert r.get("width") == r.get("height") == "100"
        cells.add((x, y))
    assert cells == {(x, y) for x in range(4) for y in range(16)}


def test_a1_is_dark_and_bottom_left_for_white_top_right_for_black(oblong):
    pos = oblong.current
    white = rects(parse(render_svg(pos, uid="w")))
    black = rects(parse(render_svg(pos, uid="k", orientation="black")))
    assert "sq-dark" in classes(white["a1"]) and "sq-light" in classes(white["b1"])
    assert (white["a1"].get("data-x"), white["a1"].get("data-y")) == ("0", "15")
    assert (white["d16"].get("data-x"), white["d16"].get("data-y")) == ("3", "0")
    assert (black["a1"].get("data-x"), black["a1"].get("data-y")) == ("3", "0")
    assert (black["d16"].get("data-x"), black["d16"].get("data-y")) == ("0", "15")


def test_coordinates_follow_orientation(oblong):
    pos = oblong.current

    def labels(svg):
        root = parse(svg)
        return [(t.text, float(t.get("x")), float(t.get("y"))) for t in find(root, "text", "co")]

    white = labels(render_svg(pos, uid="w"))
    files = [t for t in white if t[0].isalpha()]
    ranks = [t for t in white if t[0].isdigit()]
    assert [f[0] for f in sorted(files, key=lambda t: t[1])] == list("abcd")
    assert [r[0] for r in sorted(ranks, key=lambda t: t[2])] == [str(n) for n in range(16, 0, -1)]
    assert all(f[2] > 1500 for f in files)             # along the bottom row
    black = labels(render_svg(pos, uid="k", orientation="black"))
    files = [t for t in black if t[0].isalpha()]
    ranks = [t for t in black if t[0].isdigit()]
    assert [f[0] for f in sorted(files, key=lambda t: t[1])] == list("dcba")
    assert [r[0] for r in sorted(ranks, key=lambda t: t[2])] == [str(n) for n in range(1, 17)]
    assert not find(parse(render_svg(pos, uid="n", coords=False)), "text", "co")


def test_oblong_pieces(oblong):
    pos = oblong.current
    g = pos.variant.geometry
    for orientation in ("white", "black"):
        root = parse(render_svg(pos, uid="p", orientation=orientation))
        groups = pieces(root)
        board_rects = rects(root)
        expected = {g.names[sq]: p for sq, p in pos.pieces()}
        assert len(expected) == 32 and set(groups) == set(expected)
        for name, p in expected.items():
            el = groups[name]
            assert {"pc", f"pc-{p.side}", f"pc-{p.kind}"} <= classes(el)
            assert ("tone-light" if p.side == "white" else "tone-dark") in classes(el)
            r = board_rects[name]
            assert translate(el) == (int(r.get("x")), int(r.get("y")))
            assert find(el, "circle", "tk")
            spots = find(el, "circle", "spot")
            # "the today uncommon pieces general and fil have been marked with a red spot"
            assert bool(spots) == (p.kind in ("general", "elephant"))
            if p.kind in art.ICONS:
                assert find(el, "path") and not find(el, "text")


def test_hints_follow_their_rects(oblong):
    pos = oblong.current
    root = parse(render_svg(pos, uid="h"))
    layer = next(g for g in find(root, "g") if g.get("class") == "squares")
    kids = list(layer)
    assert len(kids) == 128
    for rect, hint in zip(kids[::2], kids[1::2]):
        assert "sq" in classes(rect) and "ht" in classes(hint)
        sq = pos.variant.geometry.parse(rect.get("data-sq"))
        assert ("ht-occ" in classes(hint)) == (pos.board[sq] is not None)
        assert float(hint.get("cx")) == float(rect.get("x")) + 50


def test_highlights_and_arrows(oblong):
    game = sharah_web.new_game("oblong-shatranj", die=False)
    game.play("b5b6")
    move = game.history[-1].move
    pos = game.current
    svg = render_svg(pos, uid="x", last_move=move, marks=["d8", 0], dests=["a4", "c2"],
                     captures=["a12"], arrows=[("c2", "b4"), ("a3", "a4", "red"), ("d14", "d14")])
    root = parse(svg)
    by_sq = rects(root)

    def at(el_x, el_y, name):
        r = by_sq[name]
        return (el_x, el_y) == (float(r.get("x")), float(r.get("y")))

    last = find(root, "rect", "hl-last")
    assert len(last) == 2
    assert {n for n in ("b5", "b6") for el in last if at(float(el.get("x")), float(el.get("y")), n)} == {"b5", "b6"}
    marks = find(root, "rect", "hl-mark")
    assert len(marks) == 2
    caps = find(root, "rect", "hl-capture")
    assert len(caps) == 1 and at(float(caps[0].get("x")), float(caps[0].get("y")), "a12")
    dests = find(root, "circle", "hl-dest")
    assert len(dests) == 2
    dot = [d for d in dests if "hl-dest-occ" not in classes(d)]
    ring = [d for d in dests if "hl-dest-occ" in classes(d)]
    assert len(dot) == 1 and len(ring) == 1                # a4 empty, c2 holds a knight
    assert dot[0].get("fill") != "none" and ring[0].get("fill") == "none"
    arrows = [el for el in root.iter() if "arrow" in classes(el)]
    assert len(arrows) == 3
    heads = find(root, "path", "arrow")
    assert len(heads) == 2 and all(h.get("d").startswith("M") and h.get("d").endswith("z") for h in heads)
    assert "arrow-red" in classes(heads[1])
    assert find(root, "circle", "arrow-circle")
    # overlays never take the pointer
    for g in find(root, "g"):
        if g.get("class") in ("marks", "over", "coords"):
            assert g.get("pointer-events") == "none"
    # a (from, to) pair works as last move too
    root2 = parse(render_svg(pos, uid="y", last_move=(move.frm, move.to)))
    assert len(find(root2, "rect", "hl-last")) == 2
    with pytest.raises(ValueError):
        render_svg(pos, uid="z", arrows=[("a1", "a2", "purple")])
    with pytest.raises(ValueError):
        render_svg(pos, uid="z", marks=["z9"])


def test_no_ids_collide_between_boards(oblong):
    pos = oblong.current
    page = "<div>" + render_svg(pos, uid="one", dests=["a4"], arrows=[("b2", "c4")]) + \
        render_svg(pos, uid="two", orientation="black", dests=["a4"], arrows=[("b2", "c4")]) + "</div>"
    root = ET.fromstring(page)
    ids = [el.get("id") for el in root.iter() if el.get("id") is not None]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(("one", "two")) for i in ids)
    assert "<marker" not in page and "url(#" not in page


def test_deterministic_and_valid(oblong):
    pos = oblong.current
    kw = dict(uid="d", marks=["a1"], dests=["a4", "b4"], arrows=[("b2", "c4")])
    assert render_svg(pos, **kw) == render_svg(pos, **kw)
    svg = render_svg(pos, uid="d", label='5 < 6 & "quotes"')
    assert parse(svg).get("aria-label") == '5 < 6 & "quotes"'
    assert not re.search(r"\d\.\d{2,}", svg)            # numbers stay short
    with pytest.raises(ValueError):
        render_svg(pos, uid="d", orientation="purple")
    with pytest.raises(ValueError):
        render_svg(pos, uid="")


def test_facing_notch_turns_with_orientation():
    pos = tiny_position(c3=Piece("scout", "white", "e"), c4=Piece("scout", "black", "n"),
                        a1=Piece("king", "white"))
    for orientation, east, north in (("white", 90, None), ("black", 270, 180)):
        root = parse(render_svg(pos, uid="f", orientation=orientation))
        groups = pieces(root)
        notch = find(groups["c3"], "path", "fc")
        assert len(notch) == 1
        assert notch[0].get("transform") == f"rotate({east} 50 50)"
        notch = find(groups["c4"], "path", "fc")
        assert notch[0].get("transform") == (f"rotate({north} 50 50)" if north else None)
        assert not find(groups["a1"], "path", "fc")
        # no drawing for a scout: the letter from the piece type
        assert [t.text for t in find(groups["c3"], "text", "lt")] == ["S"]


def test_compound_neutral_and_letters():
    pos = tiny_position(a1=Piece("rook+hussar", "white"), b1=Piece("scout+dragon-horse", "black", "n"),
                        c1=Piece("fisher", None), d1=Piece("dragon-horse", "black"),
                        e1=Piece("wild+thing", "white"), a2=Piece("rook+hussar+king", "black"))
    root = parse(render_svg(pos, uid="c"))
    groups = pieces(root)
    both_icons = groups["a1"]
    assert {"pc-compound", "pc-rook-hussar", "pc-white"} <= classes(both_icons)
    halves = [g for g in find(both_icons, "g") if "scale(" in (g.get("transform") or "")]
    assert len(halves) == 2 and all(find(h, "path") for h in halves)
    assert find(both_icons, "path", "dv")
    letters = groups["b1"]
    assert [t.text for t in find(letters, "text", "lt")] == ["S", "DH"]
    assert [t.text for t in find(groups["e1"], "text", "lt")] == ["W", "T"]
    assert [t.text for t in find(groups["a2"], "text", "lt")] == ["RHK"]
    fisher = groups["c1"]
    assert {"pc-neutral", "tone-neutral", "pc-fisher"} <= classes(fisher)
    tk = find(fisher, "circle", "tk")[0]
    assert {tk.get("fill"), tk.get("stroke")} == {"#ffffff", "#111111"}
    assert [t.text for t in find(groups["d1"], "text", "lt")] == ["DH"]
    assert "Tiny &lt;test&gt; &amp; co" in render_svg(pos, uid="c")


def test_fifteen_by_fifteen_with_custom_colours():
    v = Shaarah()
    board = [None] * 225
    board[7] = Piece("queen", "red")
    board[217] = Piece("queen", "green")
    board[112] = Piece("fisher", None)
    board[20] = Piece("troublemaker", "red")
    pos = Position(v, board, "red")
    for orientation in ("red", "green"):
        root = parse(render_svg(pos, uid="s", orientation=orientation, marks=[112]))
        assert root.get("viewBox") == "0 0 1500 1500"
        by_sq = rects(root)
        assert len(by_sq) == 225 == len(find(root, "rect", "sq"))
        for sq, name in enumerate(v.geometry.names):
            colour = v.square_colour(sq)
            expected = "sq-" + ("odd-colour" if colour == "Odd Colour" else colour)
            assert expected in classes(by_sq[name])
        assert "sq-odd-colour" in classes(by_sq["d4"]) and by_sq["d4"].get("fill").startswith("#")
        groups = pieces(root)
        assert {"pc-red", "tone-light"} <= classes(groups["h1"])
        assert {"pc-green", "tone-dark"} <= classes(groups["h15"])
        assert "tone-neutral" in classes(groups["h8"])
        assert "Red to move" in root.get("aria-label")


def test_compact_enough(oblong):
    svg = render_svg(oblong.current, uid="size")
    assert len(svg) < 40_000
    size = sum((ROOT / "sharah_web" / f).stat().st_size for f in ("svg.py", "art.py"))
    assert size < 32_000


def static_squares(root) -> dict[tuple[int, int], str]:
    """The squares a static drawing paints: (x, y) cell -> colour class."""
    out = {}
    for path in find(root, "path", "sq"):
        colour = next(c for c in classes(path) if c.startswith("sq-"))
        assert path.get("fill", "").startswith("#")
        for x, y in re.findall(r"M(\d+) (\d+)h100v100h-100z", path.get("d")):
            assert (int(x) // 100, int(y) // 100) not in out
            out[(int(x) // 100, int(y) // 100)] = colour
    return out


@pytest.mark.parametrize("orientation", ["white", "black"])
@pytest.mark.parametrize("game", ["oblong-shatranj", "sharah-hedman", "sharah-surrounds", "big"])
def test_static_drawing_is_the_live_picture_in_less_markup(game, orientation):
    if game == "big":
        pos, orientation = Position(Shaarah(), [None] * 225, "red"), None
        pos.board[0] = Piece("queen", "red")
    else:
        pos = sharah_web.new_game(game).current
        orientation = orientation if orientation in pos.variant.sides else None
    live_svg = render_svg(pos, uid="b", orientation=orientation, marks=["a1"], dests=["b2"])
    static_svg = render_svg(pos, uid="b", orientation=orientation, marks=["a1"], dests=["b2"], live=False)
    live, static = parse(live_svg), parse(static_svg)
    # the same square of the same colour in every cell, one path per colour
    painted = {(int(r.get("data-x")), int(r.get("data-y"))): next(c for c in classes(r) if c.startswith("sq-"))
               for r in find(live, "rect", "sq")}
    assert static_squares(static) == painted
    paths = find(static, "path", "sq")
    assert len(paths) == len(set(painted.values()))
    # nothing to click or to hint at in the static drawing: no square names, no hints
    assert not find(static, "rect", "sq") and not find(static, "circle", "ht")
    assert "data-x" not in static_svg
    # everything else is the same markup: the root, pieces, marks, coordinates, overlays
    head = live_svg.index('<g class="squares"')
    assert static_svg[:head] == live_svg[:head]
    assert static_svg[static_svg.index("</g>", head):] == live_svg[live_svg.index("</g>", head):]
    squares = (static_svg.index("</g>", head) - head) / (live_svg.index("</g>", head) - head)
    assert squares < 0.2


def test_board_css_covers_the_classes():
    css = (ROOT / "site_assets" / "css" / "board.css").read_text()
    for needle in ('[data-md-color-scheme="slate"]', '[data-md-color-scheme="default"]',
                   ".is-selected", ".is-dest", ".is-cursor", ".hl-last", ".hl-mark", ".hl-dest",
                   ".hl-capture", ".arrow", ".sq-dark", ".sq-light", ".sq-red", ".sq-green",
                   ".sq-rim-dark", ".sq-goal-red", ".sq-fisher", "height: auto", "width: 100%"):
        assert needle in css, needle
    assert css.count("{") == css.count("}")


# ----------------------------------------------------- the Sha'rah emblems

SHARAH_KINDS = {
    "sharah-hedman": ("fisher", "pawn", "guardian", "immobilizer", "withdrawer", "advancer",
                      "zapper", "gambler"),
    "sharah-surrounds": ("fisher", "queen", "lord", "lady", "domnisoara", "troublemaker",
                         "aes_sedai"),
    "sharah-mittner": ("fisher", "snake", "fox", "stone"),
}


class Emblems(Variant):
    """Every Sha'rah kind on one board, sides red and green, troublemakers facing."""
    id = "emblem-test"
    sides = ("red", "green")
    width, height = 9, 4
    piece_types = tuple(PieceType(k, k[0].upper()) for k in
                        sorted({k for ks in SHARAH_KINDS.values() for k in ks} - {"fisher"}))
    neutral_symbol = {"fisher": "*"}

    def has_facing(self, kind):
        return kind == "troublemaker"


@pytest.mark.parametrize("game", sorted(SHARAH_KINDS))
def test_every_sharah_kind_draws_an_emblem(game):
    kinds = SHARAH_KINDS[game]
    drawings = {k: art.icon(k) for k in kinds}
    assert all(drawings.values()), [k for k, d in drawings.items() if not d]
    # no two pieces of one game share a drawing (the Fisher and the Fox both read "F")
    assert len({d for d in drawings.values()}) == len(kinds)
    for k, d in drawings.items():
        assert sum(len(path) for _, path in d) < 1000, k     # compact inline path data
        assert all(how in "ixl" and path.startswith("M") for how, path in d), k
    # the game's own kind strings, where the variant is importable
    try:
        v = sharah_web.variant(game)
    except Exception:                     # pragma: no cover - a variant still in progress
        return
    assert {t.kind for t in v.piece_types} | set(v.neutral_symbol) <= set(kinds)


def test_sharah_emblems_render_on_every_tone_not_letters():
    v = Emblems()
    kinds = [t.kind for t in v.piece_types] + ["fisher"]
    board = [None] * (v.width * v.height)
    for i, k in enumerate(kinds):
        for half, side in enumerate(("red", "green")):
            board[i + half * 18] = Piece(k, None if k == "fisher" else side,
                                             "ne" if k == "troublemaker" else None)
    svg = render_svg(Position(v, board, "red"), uid="e")
    assert not re.search(r"\d\.\d{2,}", svg)
    groups = pieces(parse(svg))
    seen = set()
    for name, g in groups.items():
        kind = next(c[3:] for c in classes(g) if c.startswith("pc-") and c[3:] not in
                    ("red", "green", "neutral"))
        seen.add(kind.replace("-", "_"))
        assert not find(g, "text"), name               # an emblem, not the letter fallback
        emblem = [p for p in find(g, "path") if not classes(p) & {"fc", "dv"}]
        assert emblem, name
        ink, fill = g.get("fill"), find(g, "circle", "tk")[0].get("fill")
        for p in emblem:
            if "ix" in classes(p):
                assert p.get("fill") == fill               # cut-outs take the token colour
            if "il" in classes(p):                         # strokes read without board.css
                assert p.get("stroke") == ink and p.get("fill") == "none"
        if "pc-troublemaker" in classes(g):
            assert len(find(g, "path", "fc")) == 1         # the facing pointer stays
    assert seen == set(kinds)
