"""The pieces' sprite: each piece's drawing once per page (sharah_web/sprite.py,
scripts/sitebuild/sprite.py), the boards' pieces ``<use>``s of it.

A live board is redrawn by the engine after every move and may show a piece
no drawing of the page showed (a promotion, a merged piece, a placement,
the editor): every piece a board of a game can show must have its symbol on
every page with a board of that game."""

from __future__ import annotations

import html
import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sharah_web
from sharah_web import editor, randomgame
from sharah_web.core import Change, Piece, Place
from sharah_web.early import page_key
from sharah_web.sprite import piece_set, sprite
from sharah_web.svg import piece_svg, render_svg, symbol_id, symbols
from sharah_web.variants import VARIANTS

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
GAMES = sorted(VARIANTS)


def ids_of(svg: str) -> list[str]:
    return [el.get("id") for el in ET.fromstring(svg).iter() if el.get("id") is not None]


def hrefs(svg: str) -> set[str]:
    return {el.get(XLINK + "href") for el in ET.fromstring(svg).iter(NS + "use")}


# ------------------------------------------------------------- the sprite

def test_a_sprite_is_hidden_and_each_id_once():
    text = sprite([sharah_web.variant(g) for g in GAMES])
    root = ET.fromstring(text)
    assert root.get("aria-hidden") == "true" and root.get("width") == root.get("height") == "0"
    assert "position:absolute" in root.get("style") and "display:none" not in text
    ids = ids_of(text)
    assert len(ids) == len(set(ids)) and all(i.startswith("sh-") for i in ids)
    assert [s.get("id") for s in root.find(NS + "defs")] == ids      # nothing else has an id
    # a symbol two games share is there once: fewer symbols than the games' pieces
    assert len(ids) < sum(len(piece_set(sharah_web.variant(g))) for g in GAMES)


def test_one_id_is_one_drawing_in_every_game():
    """Two games' pieces with one id draw the same (so one page's sprite
    serves the boards of all its games); two drawings never share an id."""
    drawing: dict[str, str] = {}
    for game in GAMES:
        v = sharah_web.variant(game)
        for sid, markup in symbols(v, piece_set(v)).items():
            assert drawing.setdefault(sid, markup) == markup, sid
    bodies = [re.sub(r' id="[^"]*"', "", m) for m in drawing.values()]
    assert len(bodies) == len(set(bodies))


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_a_live_board_can_show_has_its_symbol(game):
    """Every piece of every position of random games (the moves picked
    special a third of the time: promotions, merges, placements), every
    piece any legal move puts down or changes into (the promotions not
    picked too), the editor's palette, the hand, a board's promotion
    choices: each has its symbol in the game's sprite."""
    v = sharah_web.variant(game)
    have = set(ids_of(sprite([v])))
    seen: set = set()

    def look(moves, _move):
        for m in moves:
            for e in m.effects:
                if isinstance(e, (Place, Change)):
                    seen.add(e.piece)

    for vid, options, seed in randomgame.drawn((1, 2)):
        if vid != game:
            continue
        g = sharah_web.new_game(vid, **options)
        seen.update(p for p in g.current.board if p)
        randomgame.play_out(g, random.Random(seed), special=True, moves=4000,
                            before=look, after=lambda _m, g=g: seen.update(p for p in g.current.board if p))
    seen.update(Piece(e["kind"], e["side"], e["facing"]) for e in editor.palette(v))
    assert seen
    missing = {symbol_id(v, p) for p in seen} - have
    assert not missing, missing
    # and the sprite draws nothing the game cannot show: one drawing a kind and
    # side (and the shadow under a facing piece's pointer)
    assert have - {"sh-sd"} == {symbol_id(v, p) for p in piece_set(v)}
    assert ("sh-sd" in have) == any(p.facing for p in seen)


def test_the_board_draws_no_piece_itself_and_a_standalone_svg_carries_its_own():
    g = sharah_web.new_game("scheherazade")
    v = g.variant
    svg = render_svg(g.current, uid="s", live=False)
    assert "<defs" not in svg and not ids_of(svg)
    assert hrefs(svg) <= {f"#{i}" for i in ids_of(sprite([v]))}
    alone = render_svg(g.current, uid="s", live=False, standalone=True)
    assert {f"#{i}" for i in ids_of(alone)} == hrefs(alone) == hrefs(svg)     # every piece's, no more
    piece = Piece("rook+hussar", "black")
    emblem = piece_svg(v, piece)
    assert hrefs(emblem) == {f"#{symbol_id(v, piece)}"} and not ids_of(emblem)
    own = piece_svg(v, piece, standalone=True)
    assert ids_of(own) == [symbol_id(v, piece)] and hrefs(own) == hrefs(emblem)


def test_the_drawings_once_weigh_less_than_one_board_drawn_whole():
    """The front page's games, their every piece once: less markup than
    the pieces of one Light and Shadow board were, drawn whole (50,562
    characters); and that board's pieces, each a <use>, a quarter of it."""
    games = ("oblong-shatranj", "sharah-hedman", "sharah-surrounds", "sharah-mittner")
    assert len(sprite([sharah_web.variant(g) for g in games])) < 32_000
    board = render_svg(sharah_web.new_game("sharah-surrounds").current, uid="x", live=False)
    pieces = board[board.index('<g class="pieces">'):board.index('<g class="coords"')]
    assert len(pieces) < 14_000       # 67 pieces (26 facing), 13,356 characters


# --------------------------------------------------------- the built site

def test_every_page_holds_the_symbols_of_its_boards_games(built_site: Path):
    """On the built site: a page with boards has one sprite, first in
    <main> (before any board), with every piece of each game of its boards;
    every <use> of the page (static drawings) and of its early answers (the
    pieces a move draws before the engine is up) names a symbol of the page;
    no id twice in a page (axe checks it too)."""
    pages = sorted(built_site.rglob("*.html"))
    early = built_site / "assets" / "sharah" / "early"
    with_boards = 0
    for path in pages:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(built_site).as_posix()
        games = re.findall(r'<figure class="sharah-board[^"]*"[^>]*?\sdata-variant="([^"]*)"', text)
        sprites = re.findall(r'<svg [^>]*class="sh-sprite".*?</svg>', text, re.S)
        if not games:
            assert not sprites and "<use " not in text, where
            continue
        with_boards += 1
        assert len(sprites) == 1, where
        main = re.search(r"<main\b[^>]*>", text)
        assert text.index(sprites[0]) == main.end() < text.index("<figure class=\"sharah-board"), where
        have = set(ids_of(sprites[0]))
        for game in set(games):
            v = sharah_web.variant(game)
            assert {symbol_id(v, p) for p in piece_set(v)} <= have, (where, game)
        ids = re.findall(r'\sid="([^"]+)"', text)
        assert len(ids) == len(set(ids)), (where, [i for i in ids if ids.count(i) > 1][:3])
        used = {m[1:] for m in re.findall(r'<use xlink:href="([^"]*)"', text)}
        assert used and used <= have, (where, used - have)
        # never a plain href: mkdocs-material's instant navigation sets the
        # [href] of every element of a page it fetches, and a <use>'s throws
        assert not re.search(r"<use [^>]*(?<!:)href=", text), where
        uid = re.search(r'data-sharah-uid="([^"]+)"', text).group(1)
        answers = early / f"{page_key(uid)}.json"
        if answers.exists():
            drawn = {m[1:] for m in re.findall(r'"href":"([^"]*)"', answers.read_text(encoding="utf-8"))}
            assert drawn <= have, (where, drawn - have)
    assert with_boards >= 10
    # the boards' configs name the games the sprite was made for
    index = (built_site / "index.html").read_text(encoding="utf-8")
    configs = [json.loads(html.unescape(c)) for c in re.findall(r'data-config="([^"]*)"', index)]
    assert {c["variant"] for c in configs} >= {"oblong-shatranj", "sharah-surrounds"}
