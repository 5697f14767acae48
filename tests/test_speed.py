"""What the speed work must not break: moves stay values, the
Light/Shadow moves keep their labels without the old second pass, the games
are imported only when asked for, and a page with boards starts the engine
from its head with the very module the widget imports."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import sharah_web
from sharah_web import Move, Remove, Shift
from sharah_web.variants import VARIANTS

from helpers import game_with
from sitebuild import early as early_files, head as page_head, pack_engine, stage
from sitebuild.context import BuildContext

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------- moves are values

def test_moves_and_effects_compare_and_hash_by_value():
    a = Move("b2b3", (Remove(5), Shift(1, 5)), 1, 5, label="take")
    b = Move("b2b3", (Remove(5), Shift(1, 5)), 1, 5, label="take")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Move("b2b3", (Shift(1, 5),), 1, 5, label="take")
    assert a.captured() == [5] and a.touched() == {1, 5}


def test_a_move_from_legal_moves_is_accepted_by_play():
    g = sharah_web.new_game("sharah-surrounds")
    move = next(m for m in g.legal_moves() if m.notation == "b3b4:ne")
    assert g.play(move) is move
    assert g.piece_at("b4").facing == "ne" and g.piece_at("b3") is None


# ------------------------------------------------- Light/Shadow move labels

def _shared_squares_are_labelled(game):
    groups: dict = {}
    for m in game.legal_moves():
        groups.setdefault((m.frm, m.to), []).append(m)
    for (frm, to), ms in groups.items():
        if len(ms) > 1:
            labels = [m.label for m in ms]
            assert all(labels), (game.position(), [(m.notation, m.label) for m in ms])
            assert len(set(labels)) == len(labels), (game.position(), labels)


@pytest.mark.parametrize("seed, options", [
    (1, {}),
    (2, {"front": "wide", "fisher_border": "any", "fisher_push": "away"}),
    (3, {"size": 13, "queen_takes_domnisoara": True}),
])
def test_every_choice_on_the_same_squares_has_its_own_label(seed, options):
    rng = random.Random(seed)
    g = sharah_web.new_game("sharah-surrounds", seed=seed, **options)
    for _ in range(60):
        _shared_squares_are_labelled(g)
        moves = g.legal_moves()
        if not moves:
            break
        takes = [m for m in moves if m.captured()]
        g.play(rng.choice(takes if takes and rng.random() < 0.5 else moves))


def test_a_plain_move_beside_a_push_or_an_extra_is_labelled():
    # the Aes Sedai's plain move to e5 shares its squares with the pushes
    g = game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "h8": "*", "b5": "a", "f5": "L"}, "g - - 0")
    labels = {m.notation: m.label for m in g.legal_moves() if m.frm == g.variant.geometry.parse("b5")}
    assert labels["b5e5"] == "move only"
    assert labels["b5e5>f5g5"] == "push the red Lord to g5; the Aes Sedai leaves the board"
    # a Lord taking, with a red Troublemaker to move from its rear slant:
    # the plain capture says what it takes, the extra says both
    g = game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "h8": "*", "c3": "l", "e5": "A", "f6": "T:n"},
                  "g - - 0")
    geo = g.variant.geometry
    got = sorted((m.notation, m.label) for m in g.legal_moves()
                 if (m.frm, m.to) == (geo.parse("c3"), geo.parse("e5")))
    assert got[0] == ("c3e5", "take the red Aes Sedai")
    assert ("c3e5+f6d6", "take the red Aes Sedai, move the red Troublemaker f6 to d6") in got


def test_a_troublemaker_landing_comes_in_eight_facings_with_labels():
    g = game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "h8": "*", "c3": "t:n", "c4": "A"}, "g - - 0")
    geo = g.variant.geometry
    got = sorted((m.notation, m.label, len(m.effects)) for m in g.legal_moves()
                 if (m.frm, m.to) == (geo.parse("c3"), geo.parse("c4")))
    assert [n for n, _, _ in got] == [f"c3c4:{f}" for f in sorted(("n", "ne", "e", "se", "s", "sw", "w", "nw"))]
    assert ("c3c4:n", "take the red Aes Sedai, face north", 2) in got       # no turn: take, shift
    assert ("c3c4:w", "take the red Aes Sedai, face west", 3) in got        # take, shift, turn
    g.play("c3c4:w")
    assert g.piece_at("c4").facing == "w" and g.piece_at("c4").side == "green"


def _moves_of_a_random_game(seed, plies=80, **options):
    rng = random.Random(seed)
    g = sharah_web.new_game("sharah-surrounds", seed=seed, **options)
    seen = []
    for _ in range(plies):
        moves = g.legal_moves()
        seen.append([(m.notation, m.effects, m.frm, m.to, m.label, m.kind) for m in moves])
        if g.result is not None:
            break
        takes = [m for m in moves if m.captured()]
        g.play(rng.choice(takes if takes and rng.random() < 0.6 else moves))
    return seen


@pytest.mark.parametrize("seed, options", [(5, {}), (6, {"front": "wide", "size": 13})])
def test_kept_landings_give_the_same_moves_as_landings_made_anew(monkeypatch, seed, options):
    # _land keeps the moves of a landing with no extra; with nothing kept
    # (the store emptied before every landing) the moves are the same
    from sharah_web.variants import surrounds
    kept = _moves_of_a_random_game(seed, **options)
    monkeypatch.setattr(surrounds, "LANDINGS_KEPT", 0)
    anew = _moves_of_a_random_game(seed, **options)
    assert len(kept) > 20 and kept == anew


def test_a_landing_beside_a_rear_slant_still_offers_the_extra_after_the_same_landing_without():
    # the same landing (the Lord c3 to e5), by the same rules object: first
    # with no Troublemaker about, then with a red one facing north on f6
    # (e5 is on its rear slant): the kept plain landing must not hide the extra
    bare = game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "h8": "*", "c3": "l"}, "g - - 0")
    rules = bare.variant
    assert [m.notation for m in rules.legal_moves(bare.current) if m.notation.startswith("c3e5")] == ["c3e5"]
    g = game_with("sharah-surrounds", {"h2": "q", "h14": "Q", "h8": "*", "c3": "l", "f6": "T:n"}, "g - - 0")
    got = sorted((m.notation, m.label) for m in rules.legal_moves(g.current) if m.notation.startswith("c3e5"))
    assert got[0] == ("c3e5", "move only")
    assert ("c3e5+f6f7", "move the red Troublemaker f6 to f7") in got



def test_tables_made_from_the_board_alone_are_made_once_per_size():
    from sharah_web.geometry import Geometry
    made = []
    g = Geometry(5, 7)
    first = g.derived("test-table", lambda: made.append(1) or ["first"])
    assert g.derived("test-table", lambda: made.append(2) or ["second"]) is first
    assert Geometry(5, 7).derived("test-table", list) is first and made == [1]
    # every game of a size shares its rays; another size has its own
    a, b = sharah_web.variant("sharah-surrounds"), sharah_web.variant("sharah-surrounds", front="wide")
    assert a.inner is b.inner and a.steps is b.steps and a._landings is b._landings
    c = sharah_web.variant("sharah-surrounds", size=13)
    assert c.inner is not a.inner and len(c.interior) == 13 * 13
    m1, m2 = sharah_web.variant("sharah-mittner"), sharah_web.variant("sharah-mittner", split="free")
    assert m1.rays is m2.rays and m1.steps is m2.steps

def test_every_board_of_a_page_shares_the_movement_tables(monkeypatch):
    # A page opens a new game for each of its boards (36 on Scheherazade's):
    # the per-square tables of the Betza movers were made per game, which
    # doubled the time of opening a page's boards (4x in Pyodide). They are
    # made once per board size, movement and direction.
    from sharah_web import bridge
    from sharah_web.movegen import Mover
    a, b = sharah_web.variant("scheherazade"), sharah_web.variant("scheherazade", agreement=False)
    for kind in a.types:
        for side in a.sides:
            assert a.mover.plan(kind, side) is b.mover.plan(kind, side)
    assert a.mover._attack_plan(a.sides[1]) is b.mover._attack_plan(a.sides[1])
    assert a.mover.plan("pawn", a.sides[0]) is not a.mover.plan("pawn", a.sides[1])   # another direction
    # opened afresh: its size's tables as if no game had made them yet
    monkeypatch.setattr(sharah_web.variant("oblong-shatranj", die=False).geometry, "_derived", {})
    made = []
    real = Mover._square_plan
    monkeypatch.setattr(Mover, "_square_plan", lambda self, kind, side: made.append(kind) or real(self, kind, side))
    bridge.reset()
    try:
        for i in range(5):
            out = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": f"b{i}", "variant": "oblong-shatranj",
                                                       "options": {"die": "false"}, "mode": "game"})))
            assert out["ok"]
            if i == 0:
                first = len(made)
        assert first > 0 and len(made) == first      # the four later boards made none
    finally:
        bridge.reset()


# ------------------------------------------------------ games imported lazily

def test_the_bridge_imports_no_game_until_one_is_opened():
    code = ("import sys, json\n"
            "from sharah_web import bridge\n"
            "games = lambda: sorted(m for m in sys.modules if m.startswith('sharah_web.variants.'))\n"
            "print(games())\n"
            "bridge.handle(json.dumps({'cmd': 'open', 'board': 'b', 'variant': 'scheherazade', 'mode': 'game'}))\n"
            "print(games())\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "['sharah_web.variants.scheherazade']"]


def test_the_bridge_leaves_the_heavy_standard_modules_until_needed():
    # html (html.entities) and urllib.parse (ipaddress) were half the engine's
    # import in Pyodide (90 of 180 ms under Node): the bridge escapes with
    # svg.escape, and a link imports urllib.parse when one is written or read.
    # -S: without site-packages' start-up files, which import them on CPython.
    heavy = ("html", "html.entities", "urllib.parse", "ipaddress")
    code = ("import sys, json\n"
            "from sharah_web import bridge\n"
            f"heavy = {heavy!r}\n"
            "print([m for m in heavy if m in sys.modules])\n"
            "bridge.handle(json.dumps({'cmd': 'open', 'board': 'b', 'variant': 'oblong-shatranj', 'mode': 'game'}))\n"
            "print([m for m in heavy if m in sys.modules])\n"
            "print(json.loads(bridge.handle(json.dumps({'cmd': 'link', 'board': 'b'})))['ok'])\n"
            "print('urllib.parse' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "[]", "True", "True"]

def test_a_board_opens_without_the_analysis_or_the_search():
    # everything imported before the first answer is compiled from source
    # in the browser (Pyodide): analysis.py (19 KB) was a tenth of it
    code = ("import sys, json\n"
            "from sharah_web import bridge\n"
            "later = ('sharah_web.analysis', 'sharah_web.search')\n"
            "bridge.handle(json.dumps({'cmd': 'open', 'board': 'b', 'variant': 'oblong-shatranj', 'mode': 'game'}))\n"
            "print([m for m in later if m in sys.modules])\n"
            "print(json.loads(bridge.handle(json.dumps({'cmd': 'analyse', 'board': 'b', 'slice_ms': 1})))['ok'])\n"
            "print([m for m in later if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == ["[]", "True", "['sharah_web.analysis', 'sharah_web.search']"]


# What a page's first answer (ping, then a game board's open) imports of the
# engine, besides the game's own module. Pyodide compiles each of them from
# its source, as the engine's zip ships it (pack_engine.shipped_source: no
# comments, empty docstrings), before the first board can play on a first
# visit (on a phone, about 1 ms per kilobyte; later visits boot on the
# bytecode kept on the device), so this is a budget, like the bytes of a
# first visit: a module added to it is paid on every page with a board
# (docs/about/benchmarks.md).
FIRST_ANSWER = ("sharah_web", "sharah_web.art", "sharah_web.betza", "sharah_web.bridge", "sharah_web.chesslike",
                "sharah_web.core", "sharah_web.errors", "sharah_web.geometry", "sharah_web.limits",
                "sharah_web.markup", "sharah_web.movegen", "sharah_web.notation", "sharah_web.session",
                "sharah_web.svg", "sharah_web.variants", "sharah_web.words")
FIRST_ANSWER_BYTES = 165_000     # of shipped source, the game's module apart: 157,001 on 2026-11-28


def test_the_first_answer_imports_only_what_it_uses():
    code = ("import json, re, sys\n"
            "patterns, compile_ = [], re.compile\n"
            "re.compile = lambda p, *a, **k: (patterns.append(p), compile_(p, *a, **k))[1]\n"
            "from sharah_web import bridge\n"
            "bridge.handle(json.dumps({'cmd': 'ping'}))\n"
            "out = json.loads(bridge.handle(json.dumps({'cmd': 'open', 'board': 'b', 'variant': sys.argv[1], "
            "'mode': 'game'})))\n"
            "mods = sorted(m for m in sys.modules if m.startswith('sharah_web'))\n"
            "wide = [p for p in patterns if isinstance(p, str) and (max(p, default='') > '\\xff' or '\\\\u' in p)]\n"
            "print(json.dumps([out['ok'], mods, {m: sys.modules[m].__file__ for m in mods}, wide]))\n")
    for vid in VARIANTS:
        out = subprocess.run([sys.executable, "-S", "-c", code, vid], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        ok, mods, files, wide = json.loads(out.stdout)
        # a character class over code points this far apart takes Pyodide's
        # regular expression compiler milliseconds to lay out, on every boot
        assert wide == [], (vid, wide)
        own = [m for m in mods if m.startswith("sharah_web.variants.")]
        assert ok and own == [VARIANTS[vid].__module__], (vid, own)
        assert tuple(m for m in mods if m not in own) == FIRST_ANSWER, vid
        size = sum(len(pack_engine.shipped_source(Path(f).read_text(encoding="utf-8")).encode())
                   for m, f in files.items() if m not in own)
        assert size <= FIRST_ANSWER_BYTES, f"the first answer compiles {size:,} bytes of source"


def test_the_registry_lists_ids_and_loads_one_game_at_a_time():
    ids = list(VARIANTS)
    assert len(ids) == len(set(ids)) == len(VARIANTS) >= 5 and "sharah-hedman" in VARIANTS
    assert "chess" not in VARIANTS
    assert [VARIANTS[v].id for v in ids] == ids
    assert VARIANTS.get("chess") is None
    with pytest.raises(KeyError):
        VARIANTS["chess"]
    code = ("from sharah_web.variants import VARIANTS\n"
            "import sys\n"
            "steps = []\n"
            "while True:\n"
            "    more = VARIANTS.load_next()\n"
            "    steps.append(len([m for m in sys.modules if m.startswith('sharah_web.variants.')]))\n"
            "    if not more: break\n"
            "print(steps, VARIANTS.load_next())\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"{list(range(1, len(ids) + 1))} False"


# ------------------------------------------- the engine starts from the head

def _add_head(html: str, url: str) -> str:
    ctx = BuildContext(build="0123abcd", engine_name="engine-feed.zip")
    return page_head.add_head(html, SimpleNamespace(url=url), ctx)


def test_a_page_with_boards_starts_the_engine_from_its_head():
    page = "games/oblong-shatranj/"
    html = '<html><head><title>x</title></head><body><figure class="sharah-board sharah-mode-game"></figure></body></html>'
    out = _add_head(html, page)
    head = out.split("</head>")[0]
    # a classic script (site_assets/js/head.js, inlined) creates the worker
    # at once, with the URL engine.js makes (so engine.js adopts it); what
    # the build knows is on its element (tests/js/head.test.mjs runs it)
    early = re.search(r"<script( data-[^>]*)>(.*?)</script>", head, re.S)
    assert early.group(1) == (' data-js="../../assets/sharah/js/" data-zip="engine-feed.zip" data-build="0123abcd"'
                              ' data-early=""')
    assert early.group(2) == page_head.head_script()
    assert "__SHARAH" not in early.group(2) and "//" not in early.group(2).replace("://", "")
    assert early.group(2).startswith("(() => {\nif (window.sharahDebug || window.sharahEarlyWorker) return;")
    engine_js = (ROOT / "site_assets" / "js" / "engine.js").read_text()
    assert "`engine-worker.js?v=${BUILD}&engine=${encodeURIComponent(zip)}`" in engine_js
    assert "new URL(`../${ENGINE_ZIP}`, import.meta.url)" in engine_js
    assert head.index("<script data-js") < head.index('<script type="module" async>')
    assert ('<script type="module" async>import { getEngine } from '
            '"../../assets/sharah/js/engine.js?v=0123abcd"; import "../../assets/sharah/js/sharah.js"; '
            'getEngine();</script>') in head
    assert '<link rel="modulepreload" href="../../assets/sharah/js/board.js?v=0123abcd">' in head
    assert '<link rel="modulepreload" href="../../assets/sharah/js/puzzles.js?v=0123abcd" fetchpriority="low">' in head
    # the worker's script is asked for before the preloaded modules
    assert head.index("sharahEarlyWorker") < head.index('<link rel="modulepreload"')
    # the widget imports the same URL (so the same module, and one worker)
    entry = (ROOT / "site_assets" / "js" / "sharah.js").read_text()
    assert 'from "./engine.js";' in entry
    assert 'from "./engine.js?v=0123abcd";' in stage.stamp_imports(entry, "0123abcd")
    # the home page: no folder to climb
    out = _add_head(html, "")
    assert 'from "./assets/sharah/js/engine.js?v=0123abcd"; import "./assets/sharah/js/sharah.js";' in out
    # the entry module imported from the head is the one the theme loads (one module, one widget)
    assert re.search(r"^  - path: assets/sharah/js/sharah\.js\n    type: module$",
                     (ROOT / "mkdocs.yml").read_text(), re.M)
    # before the stylesheets, which would hold a classic script back until
    # they have loaded; after the rest of the head's start
    styled = ('<html><head><meta charset="utf-8"><title>x</title>'
              '<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="b.css">'
              '<script>material()</script></head><body><figure class="sharah-board"></figure></body></html>')
    head = _add_head(styled, page).split("</head>")[0]
    assert head.startswith('<html><head><meta charset="utf-8"><title>x</title><script data-js=')
    assert head.index("sharahEarlyWorker") < head.index('<link rel="modulepreload"') \
        < head.index('<script type="module" async>') < head.index('<link rel="stylesheet" href="a.css">')
    assert head.endswith('<link rel="stylesheet" href="a.css"><link rel="stylesheet" href="b.css">'
                         '<script>material()</script>')


def _imports(name: str, pattern: str = r'^import\b[^"]*"\./([\w-]+)\.js";') -> set[str]:
    """The modules ``name`` (in site_assets/js) imports as ``pattern``
    finds them, directly or not (static imports by default)."""
    seen, todo = set(), [name]
    while todo:
        text = (ROOT / "site_assets" / "js" / f"{todo.pop()}.js").read_text()
        for dep in re.findall(pattern, text, re.M):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return seen


def test_the_head_preloads_every_module_the_boards_mount_with():
    # the entry module and all it imports are asked for from the head, not
    # one import level after another once the parser reaches the page's end
    assert set(page_head.BOARD_MODULES) == _imports("sharah")
    # the add-ons it loads beside itself (import(), with what they import)
    every = _imports("sharah", r'^(?:import\b[^"]*|\s*import\()"\./([\w-]+)\.js"')
    assert set(page_head.LATE_MODULES) == every - set(page_head.BOARD_MODULES)
    html = ('<html><head><title>x</title></head><body><figure class="sharah-board sharah-mode-game" '
            'data-sharah-uid="sharah-ab12-3"></figure></body></html>')
    head = _add_head(html, "games/x/").split("</head>")[0]
    preloaded = re.findall(r'<link rel="modulepreload" href="\.\./\.\./assets/sharah/js/([\w-]+)\.js([^"]*)"([^>]*)>',
                           head)
    low = ' fetchpriority="low"'
    assert preloaded[0] == ("sharah", "", "")
    # the late add-ons at low priority, after the others; the modules the
    # boards mount with (which answer a tap at paint) not, so they do not
    # queue behind the runtime's files
    assert preloaded[1:] == ([(m, "?v=0123abcd", "") for m in page_head.BOARD_MODULES]
                             + [(m, "?v=0123abcd", low) for m in page_head.LATE_MODULES])
    # and the page's early answers, once its first board is painted
    assert re.search(r'<script data-js="[^"]*" data-zip="[^"]*" data-build="[^"]*" data-early="sharah-ab12">', head)
    early_js = (ROOT / "site_assets" / "js" / "early.js").read_text()
    assert "window.sharahEarlyFile" in early_js


def test_a_page_without_boards_is_left_alone():
    html = "<html><head><title>x</title></head><body><p>Pieces</p></body></html>"
    assert _add_head(html, "pieces/") == html


def test_the_build_lists_each_pages_first_board(tmp_path):
    # first-boards.json: the widget opens a page's first board in the engine
    # as soon as the reader clicks a link to it (board.js: preopen). The
    # config here is not a real board's (an option named "board" with an
    # ampersand, to see it written back as the page has it): the early
    # answers (which open each board in the engine), the web app manifest and
    # the service worker have their own tests (test_early, browser/test_offline)
    cfg = {"uid": "sharah-ab12-1", "mode": "diagram", "variant": "scheherazade", "options": {"board": "x&y"}}
    attr = json.dumps(cfg).replace("&", "&amp;").replace('"', "&quot;")
    figure = ('<figure class="sharah-board sharah-mode-diagram" id="sharah-ab12-1" data-mode="diagram" '
              f'data-variant="scheherazade" data-config="{attr}"></figure>')
    pages = {
        "index.html": "<html><head></head><body>no boards</body></html>",
        "games/scheherazade/index.html": f"<html><head></head><body>{figure}{figure.replace('-1', '-2')}</body></html>",
        "notation/index.html": f"<html><head></head><body><p>text</p>{figure}</body></html>",
    }
    for name, text in pages.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    early_files.write_first_boards(tmp_path, {tmp_path / name: text for name, text in pages.items()})
    listed = json.loads((tmp_path / "assets" / "sharah" / "first-boards.json").read_text())
    assert set(listed) == {"games/scheherazade/", "notation/"}
    assert json.loads(listed["games/scheherazade/"]) == cfg      # the first board, its config as the page has it
    # the widget reads it from the same place (assets/sharah/js/../first-boards.json)
    entry = (ROOT / "site_assets" / "js" / "sharah.js").read_text()
    assert "new URL(`../first-boards.json?v=${BUILD}`, import.meta.url)" in entry
