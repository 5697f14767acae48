"""The ```sharah fence: parsing, every class of error (exact messages), the
static HTML, and the MkDocs build failing on a bad fence."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

from sharah_web import fence
from sharah_web.variants import VARIANTS
from sharah_web.fence import inline_html, make_uid, parse_fence, render_fence, render_html
from sharah_web.session import build_game

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ", ".join(sorted(VARIANTS))   # other games join the list as they are written
V = "variant: oblong-shatranj\n"
NODIE = V + "options: die=false\n"
TRY = NODIE + "mode: try\n"
KEYS = ("variant, mode, options, position, moves, seed, orientation, highlight, arrows, show, "
        "coords, caption, prompt, solution, success, wrong")


# ------------------------------------------------------------------ parsing

def test_minimal_diagram():
    spec = parse_fence("variant: oblong-shatranj")
    assert spec.mode == "diagram" and spec.options == {} and spec.moves == []
    assert spec.seed == fence.DEFAULT_SEED    # the die: a fixed opening roll
    assert spec.reseed is False               # only a game rolls at random afterwards


def test_everything():
    spec = parse_fence(
        "# a comment line\n"
        "variant: oblong-shatranj\n"
        "mode: game          # a trailing comment\n"
        "options: setup=1 die=false\n"
        "moves: b5b6 c12c11\n"
        "orientation: black\n"
        "highlight: a1 b2\n"
        "arrows: a1a3 b2-c4\n"
        "coords: false\n"
        "caption: A caption # with a hash\n"
        "  that goes on.\n")
    assert spec.mode == "game" and spec.options == {"setup": "1", "die": "false"}
    assert spec.moves == ["b5b6", "c12c11"] and spec.orientation == "black"
    assert spec.highlight == ["a1", "b2"] and spec.arrows == [("a1", "a3"), ("b2", "c4")]
    assert spec.coords is False
    assert spec.caption == "A caption # with a hash that goes on."
    assert spec.seed is None and spec.reseed is False


def test_die_game_gets_a_seed_and_rolls_at_random_later():
    spec = parse_fence(V + "mode: game")
    assert spec.seed == fence.DEFAULT_SEED and spec.reseed is True
    assert parse_fence(V + "mode: game\nseed: 9").reseed is False


def test_moves_with_rolls():
    spec = parse_fence(V + "position: egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0\n"
                           "moves: b2c4@1 a12a11")
    assert spec.moves == ["b2c4@1", "a12a11"]


def test_drops_in_moves_are_not_die_rolls():
    """``S@e5`` is a drop (a Mittner placement), not the move ``S`` and a roll ``e5``."""
    spec = parse_fence("variant: sharah-mittner\nmode: game\nmoves: S@e5 s@f9")
    assert spec.moves == ["S@e5", "s@f9"]
    html = render_html(spec, "u")
    attrs = figure_attrs(html)
    assert json.loads(attrs["data-config"])["moves"] == ["S@e5", "s@f9"]
    assert html.count('class="pc pc-green pc-snake') >= 1 and 'data-sq="e5"' in html
    assert ('<li data-ply="1" data-side="green" data-kind="drop"><span class="sharah-move-no">1.</span>S@e5</li>'
            '<li data-ply="2" data-side="red" data-kind="drop" aria-current="step">S@f9</li>') in html


def test_static_hand_and_shortcuts():
    """A game board during the placement: the hand under the board and the
    shortcut button, as the widget draws them (disabled until it is up)."""
    html = render_fence("variant: sharah-mittner\nmode: game\nmoves: S@e5 s@f9", "u")
    tags = parse_html(html).tags
    hand = [a for t, a in tags if t == "button" and "data-kind" in a]
    assert [(a["data-kind"], a["aria-label"]) for a in hand] == [
        ("snake", "Snake, 10 in hand"), ("fox", "Fox, 11 in hand"), ("stone", "Stone, 11 in hand")]
    assert all("disabled" in a and a["aria-pressed"] == "false" for a in hand)
    assert '<span class="sharah-hand-title">Green\'s hand</span>' in html
    # the hand sits under the board, in the board's column
    area = html[html.index('class="sharah-board-area"'):html.index('class="sharah-side"')]
    assert 'class="sharah-hand"' in area
    shortcut = [a for t, a in tags if t == "button" and "data-shortcut" in a]
    assert shortcut == [{"type": "button", "class": "md-button sharah-btn sharah-shortcut",
                         "data-shortcut": "random-placement", "disabled": None}]
    assert ">Fill the placement at random</button>" in html
    # no drops, no hand; a diagram has neither
    plain = render_fence(NODIE + "mode: game", "u")
    assert '<div class="sharah-hand" role="group" aria-label="Pieces in hand" hidden></div>' in plain
    assert '<div class="sharah-shortcuts" data-search-exclude hidden></div>' in plain
    diagram = render_fence("variant: sharah-mittner", "u")
    assert "sharah-hand" not in diagram and "sharah-shortcut" not in diagram


def test_try_board_solution_cannot_be_a_draw_offer():
    with pytest.raises(ValueError, match="line 3: solution: offer-draw: draw offers are for game boards"):
        parse_fence("variant: scheherazade\nmode: try\nsolution: offer-draw")


def test_try_solutions_are_canonical():
    spec = parse_fence(TRY + "solution: b2c4 | b2a4\nwrong c2d4: no\nwrong c2a3: illegal, explained")
    assert spec.solutions == ["b2c4", "b2a4"]
    assert spec.wrong == {"c2d4": "no", "c2a3": "illegal, explained"}


def test_show_lists_destinations():
    spec = parse_fence(NODIE + "show: b2")
    assert sorted(spec.dests) == ["a4", "c4"]
    # a piece of the side not to move: its moves as if it were its turn
    spec = parse_fence(NODIE + "show: b15")
    assert sorted(spec.dests) == ["a13", "c13"]


ERRORS = [
    (V + "hello world", "line 2: 'hello world' is not 'key: value'"),
    (V + "colour: red", f"line 2: unknown key 'colour' (known keys: {KEYS})"),
    (V + "mode: game\nmode: try", "line 3: mode is given twice (first on line 2)"),
    ("mode: game", f"missing 'variant:' (one of: {KNOWN})"),
    ("variant: chess960", f"line 1: variant: unknown game 'chess960' (known: {KNOWN})"),
    (V + "mode: play", "line 2: mode: 'play' is not a mode (one of: diagram, game, try, puzzle)"),
    (V + "options: die", "line 2: options: 'die' is not name=value (like die=false)"),
    (V + "options: die=false die=true", "line 2: options: die is given twice"),
    (V + "options: dice=false",
     "line 2: options: oblong-shatranj has no option 'dice' (options: setup, die, promotion, bare_king)"),
    (V + "options: setup=9", "line 2: options: option setup must be one of 1, 2, 3, 4, 5, 6, 7, not 9"),
    (V + "options: die=maybe", "line 2: options: option die is on or off (true/false), not 'maybe'"),
    (V + "position: 4/4 w", "line 2: position: the board has 16 ranks, the text gives 2"),
    (NODIE + "position: 4/1k2/4/4/4/4/4/4/4/4/4/4/4/4/4/4 w 0", "line 3: position: white has no king"),
    (V + "seed: x", "line 2: seed: 'x' is not a whole number"),
    (NODIE + "moves: b5b6 b6b5", "line 3: moves: move 2 (b6b5): b6b5: "),
    (NODIE + "moves: b5b6@3", "line 3: moves: move 1 (b5b6@3): this game is played without the die"),
    (V + "orientation: red", "line 2: orientation: 'red' is not a side of oblong-shatranj (one of: white, black)"),
    (V + "highlight: e1", "line 2: highlight: square e1 is off the 4x16 board (files a-d, ranks 1-16)"),
    (V + "highlight: zz",
     "line 2: highlight: 'zz' is not a square name (a file letter and a rank number, like b3)"),
    (V + "arrows: a1", "line 2: arrows: 'a1' is not an arrow: write two squares, like a1a3"),
    (V + "arrows: a1a17", "line 2: arrows: square a17 is off the 4x16 board (files a-d, ranks 1-16)"),
    (NODIE + "show: b4", "line 3: show: there is no piece on b4"),
    (V + "mode: game\nshow: b2",
     "line 3: show: only a diagram shows a piece's moves (this board's mode is game); "
     "in a game board the reader clicks the piece"),
    (V + "options: setup=2 die=false\nshow: a5",
     "line 3: show: the pawn on a5 has no legal move here (White to move)"),
    (V + "coords: maybe", "line 2: coords: 'maybe' is not true or false"),
    (V + "position:", "line 2: position: no value"),
    (V + "caption x: y", "line 2: caption takes no argument before the colon (only 'wrong <move>:' does)"),
    (V + "prompt: hi", "line 2: prompt: only a try board has this (this board's mode is diagram)"),
    (V + "wrong b2c4: hi", "line 2: wrong: only a try board has this (this board's mode is diagram)"),
    (V + "  more", "line 2: only text (caption, prompt, success, wrong) may continue on an indented line; "
                   "variant is one line"),
    (TRY, "a try board needs 'solution:' (the accepted moves, separated by |)"),
    (TRY + "solution: a1a5", "line 4: solution: a1a5: the elephant (fil) on a1 cannot move to a5"),
    (TRY + "solution: hello",
     "line 4: solution: hello: 'hello' is not a move: write the from-square then the to-square, like b2b3"),
    (TRY + "solution: b2c4 ||", "line 4: solution: an empty move between | separators"),
    (TRY + "solution: b2c4\nwrong b2c4: no", "line 5: wrong b2c4: this move is a solution"),
    (TRY + "solution: b2c4\nwrong b2a4: a\nwrong b2a4: b", "line 6: wrong b2a4: given twice"),
    (TRY + "solution: b2c4\nwrong zz: no",
     "line 5: wrong zz: 'zz' is not a move: write the from-square then the to-square, like b2b3"),
    (TRY + "solution: b2c4\nwrong b2a4:", "line 5: wrong b2a4: the explanation is empty"),
    (TRY + "solution: b2c4\nwrong: x",
     "line 5: write the wrong move before the colon, like 'wrong c2a3: why it fails'"),
    (V + "caption: [x](javascript:alert(1))",
     "line 2: caption: link 'javascript:alert(1)': only http(s), mailto, #anchors and pages of this site"),
]


@pytest.mark.parametrize("source, message", ERRORS, ids=[m[:40] for _, m in ERRORS])
def test_errors(source, message):
    with pytest.raises(ValueError) as info:
        parse_fence(source)
    if message.endswith(": "):        # the engine's own words follow
        assert str(info.value).startswith(message)
    else:
        assert str(info.value) == message


def test_game_over_try_board():
    # white bares the black king: the game is over, nothing to find
    with pytest.raises(ValueError, match=r"line 5: moves: the game is already over \(white wins: the black king is bare\)"):
        parse_fence(TRY + "position: 4/1k2/4/4/3n/4/4/4/4/4/4/3R/4/4/4/2K1 w 0\nmoves: d5d12\nsolution: c1c2")


def site_try_boards() -> list:
    """(page, fence) of every try board of the site's pages."""
    fences = [(md.relative_to(ROOT).as_posix(), text) for md in sorted((ROOT / "docs").rglob("*.md"))
              for text in re.findall(r"^```sharah\n(.*?)^```", md.read_text(encoding="utf-8"), re.S | re.M)]
    return [(where, spec) for where, spec in ((w, parse_fence(t)) for w, t in fences) if spec.mode == "try"]


def test_an_exercise_that_ends_the_game_says_so():
    """Every try board of the site: when its answer ends the game, what the
    reader is told of the answer speaks of that end. (Oblong's exercise of
    the pawn's step had the black king bare before White moved: its answer
    won at once, and "White wins: the black king is bare." stood in its
    frame above "One square forward: there is no initial double step.")"""
    tries = site_try_boards()
    assert len(tries) > 40
    silent = []
    for where, spec in tries:
        game = build_game(spec.variant, spec.options, spec.position, spec.moves, spec.seed)
        game.play(spec.solutions[0])
        told = f"{spec.prompt} {spec.success}"
        if game.result is not None and not re.search(r"\b(win|wins|won|draw|drawn|mate|loses)\b", told, re.I):
            silent.append((where, spec.position, str(game.result)))
    assert silent == []


def test_an_exercise_that_asks_for_a_win_has_a_move_that_does_not_win():
    """A try board that says "Win." asks nothing when every legal move wins
    at once. (Hedman's "Red holds the Fisher. Win." had one legal move: the
    Fisher's capture, compulsory, was the only one. The exercises that ask
    which moves are legal accept every legal move on purpose.)"""
    asked, given = 0, []
    for where, spec in site_try_boards():
        if not re.search(r"\bwin\b", spec.prompt, re.I):
            continue
        asked += 1
        game = build_game(spec.variant, spec.options, spec.position, spec.moves, spec.seed)
        mover, every_move_wins = game.to_move, True
        for move in game.legal_moves():
            game.play(move)
            won = game.result is not None and game.result.winner == mover
            game.undo()
            if not won:
                every_move_wins = False
                break
        if every_move_wins:
            given.append((where, spec.prompt))
    assert asked >= 5 and given == []


# --------------------------------------------------------------------- HTML

class Collect(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse_html(html: str) -> Collect:
    c = Collect()
    c.feed(html)
    return c


def figure_attrs(html: str) -> dict:
    return next(a for t, a in parse_html(html).tags if t == "figure")


def test_html_has_the_svg_and_the_data():
    html = render_fence(NODIE + "mode: game\nmoves: b5b6\norientation: black\nhighlight: a1\ncaption: Hi",
                        "sharah-abc-1")
    attrs = figure_attrs(html)
    assert attrs["class"] == "sharah-board sharah-mode-game"
    assert attrs["id"] == "sharah-abc-1" and attrs["data-mode"] == "game"
    config = json.loads(attrs["data-config"])
    assert config == {
        "uid": "sharah-abc-1", "mode": "game", "variant": "oblong-shatranj", "options": {"die": "false"},
        "position": None, "moves": ["b5b6"], "seed": None, "reseed": False, "orientation": "black",
        "coords": True, "marks": ["a1"], "arrows": []}
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="sh-board' in html
    # the static drawing: squares as one path per colour (the widget shows the
    # engine's live drawing, a rect per square); pieces keep their squares
    assert 'rect class="sq' not in html and html.count('<path class="sq sq-') == 2
    assert html.count("h100v100h-100z") == 64 and 'data-sq="a1"' in html
    assert 'data-orientation="black"' in html and 'class="hl-last"' in html
    assert "Starting the engine" in html
    assert ('<li data-ply="1" data-side="white" data-kind="move" aria-current="step">'
            '<span class="sharah-move-no">1.</span>b5b6</li>') in html
    assert "--sharah-aspect: 0.2500" in attrs["style"]


def test_diagram_has_no_controls_but_a_live_status():
    html = render_fence(NODIE + "show: b2", "u")
    assert "Starting the engine" not in html and "sharah-controls" not in html
    assert "sharah-options" not in html
    assert html.count('class="hl-dest"') == 2
    # the widget says here where a clicked piece can go, or why nothing is shown
    assert ('<p class="sharah-status" aria-live="polite" aria-atomic="true" data-search-exclude>'
            '<span class="sharah-status-text">The knight on b2 can go to a4, c4.</span></p>') in html
    assert '<div class="sharah-announce sharah-visually-hidden" aria-live="polite"></div>' in html
    plain = render_fence(NODIE, "u")
    assert '<span class="sharah-status-text">White to move</span>' in plain


def test_game_board_has_an_options_disclosure():
    """Shown from the first paint (the widget fills it): the board does not
    grow when the engine's options come."""
    html = render_fence(NODIE + "mode: game", "u")
    assert ('<details class="sharah-options" data-search-exclude><summary>Game options</summary>'
            '<div class="sharah-options-body"></div></details>') in html
    assert "sharah-options" not in render_fence(TRY + "solution: b2c4", "u")


def test_try_html():
    html = render_fence(TRY + "prompt: Find *it*\nsolution: b2c4\nsuccess: **Yes**\n"
                        "wrong c2d4: Not [this](https://example.org/a?b=1&c=2)", "u")
    assert '<p class="sharah-prompt">Find <em>it</em></p>' in html
    assert '<template class="sharah-msg" data-msg="success"><strong>Yes</strong></template>' in html
    assert ('<template class="sharah-msg" data-msg="wrong" data-move="c2d4">Not '
            '<a href="https://example.org/a?b=1&amp;c=2">this</a></template>') in html
    assert f'data-msg="generic">{fence.GENERIC_WRONG}</template>' in html
    assert json.loads(figure_attrs(html)["data-config"])["solutions"] == ["b2c4"]


def test_user_text_is_never_raw_html():
    evil = '<script>alert(1)</script> " \' &amp; <img src=x onerror=alert(2)>'
    html = render_fence(TRY + f"caption: {evil}\nprompt: {evil}\nsolution: b2c4\nsuccess: {evil}\n"
                              f"wrong c2d4: {evil}", "u\"><script>")
    assert "<script>" not in html and "<img" not in html
    tags = [t for t, _ in parse_html(html).tags]
    assert "script" not in tags and "img" not in tags
    attrs = figure_attrs(html)
    assert attrs["id"] == 'u"><script>'
    assert parse_html(html).text.count(evil) == 4   # caption, prompt, success, wrong: as text


def test_die_badge_in_static_html():
    html = render_fence(V + "mode: game", "u")
    assert 'class="sharah-badge sharah-badge-die"' in html
    spec = parse_fence(V + "mode: game")
    from sharah_web.session import build_game
    roll = build_game("oblong-shatranj", {}, None, (), spec.seed).current.state["roll"]
    assert f'data-value="{roll}"' in html


def test_uids():
    assert make_uid("games/x.md", 1) != make_uid("games/y.md", 1)
    assert make_uid("games/x.md", 1) != make_uid("games/x.md", 2)
    assert make_uid("a.md", 3).startswith("sharah-") and make_uid("a.md", 3).endswith("-3")


def test_inline_markdown():
    assert inline_html("a *b* **c** _d_ `e<f` [g](h.md#i)") == \
        'a <em>b</em> <strong>c</strong> <em>d</em> <code>e&lt;f</code> <a href="h.md#i">g</a>'
    assert inline_html("snake_case_name 2*3*4") == "snake_case_name 2*3*4"
    assert inline_html("[p](x.md)", lambda url: "../x/") == '<a href="../x/">p</a>'
    with pytest.raises(ValueError, match="only http"):
        inline_html("[x](data:text/html,hi)")


def test_static_board_matches_the_engines_first_state():
    """The widget must not flash: the engine's first drawing is the static
    one, with the squares as rects the reader can click (one path per
    colour in the page's static form)."""
    from sharah_web import bridge
    spec = parse_fence(V + "mode: game\noptions: setup=3")
    html = render_html(spec, "u1")
    bridge.reset()
    out = json.loads(bridge.handle(json.dumps({**spec.config("u1"), "cmd": "open", "board": "x"})))
    live = out["state"]["svg"]
    static = bridge._boards["x"].svg(live=False)
    assert out["ok"] and static in html and live not in html
    head = live.index('<g class="squares"')
    assert static[:head] == live[:head]
    assert static[static.index("</g>", head):] == live[live.index("</g>", head):]


def test_caption_prints_the_engines_position_and_moves():
    """{position} and {moves}: the notation page's examples come from the engine."""
    start = "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/EGKE w 3 0"
    html = render_fence(V + f"position: {start}\nmoves: b2c4@5\n"
                        "caption: After {moves}: `{position}`, *then* {position}", "u1")
    after = "egke/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/2N1/R2R/2N1/EGKE b 5 1"
    assert (f"<figcaption>After <code>b2c4</code>: <code>{after}</code>, <em>then</em> "
            f"<code>{after}</code></figcaption>") in html
    sch = render_fence("variant: scheherazade\nmoves: c2d4 c9d7\ncaption: {moves}", "u2")
    assert "<figcaption><code>Nc2-d4 Nc9-d7</code></figcaption>" in sch
    hed = render_fence("variant: sharah-hedman\ncaption: {position}", "u3")   # '*' stays text
    assert ("<figcaption><code>13/1aziwigiwiaa1/1uuuuuuuuuuu1/1ppppppppppp1/13/13/6*6/13/13/"
            "1PPPPPPPPPPP1/1UUUUUUUUUUU1/1AAIWIGIWIZA1/13 r - 0</code></figcaption>") in hed
    with pytest.raises(ValueError, match=r"^line 2: caption: \{moves\} prints the board's moves, "
                                         r"but it has none \(add 'moves:'\)$"):
        parse_fence(V + "caption: {moves}")


# -------------------------------------------------------------------- build
# A page goes through Markdown with the fence as the build registers it
# (sitebuild.fence), as MkDocs converts it; what the build ships is checked
# on the site the tests build once (built_site, tests/conftest.py).

def convert(tmp_path, page: str) -> str:
    """``page`` as games/oblong-shatranj.md of a three-page site: its HTML,
    or the build's error."""
    import markdown
    from mkdocs.structure.files import File, Files

    from sitebuild import fence as build_fence
    from sitebuild.context import BuildContext

    docs = tmp_path / "docs"
    texts = {"index.md": "# Home\n", "notation.md": "# Notation\n", "games/oblong-shatranj.md": page}
    for name, text in texts.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    files = Files([File(name, str(docs), str(tmp_path / "site"), True) for name in texts])
    config = SimpleNamespace(markdown_extensions=["pymdownx.tabbed"],
                             mdx_configs={"pymdownx.tabbed": {"alternate_style": True}})
    ctx = BuildContext(fence=fence)
    build_fence.register(config, ctx)
    md = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)
    build_fence.start_page(ctx, page, SimpleNamespace(file=files.get_file_from_path("games/oblong-shatranj.md")),
                           files)
    try:
        return md.convert(page)
    finally:
        build_fence.end_page(ctx)


def build_error(tmp_path, page: str) -> str:
    """The build's error for ``page``: superfences lets it through, and
    MkDocs stops the build with it (a ``BuildError``)."""
    from mkdocs.exceptions import BuildError

    from sitebuild.fence import SharahFenceError
    with pytest.raises(SharahFenceError) as caught:
        convert(tmp_path, page)
    assert isinstance(caught.value, BuildError)
    return str(caught.value)


def test_build_fails_on_a_bad_fence(tmp_path):
    page = "# Oblong\n\nSome text.\n\n```sharah\nvariant: oblong-shatranj\nmode: game\ncolour: red\n```\n"
    assert build_error(tmp_path, page).startswith(
        "games/oblong-shatranj.md, line 8 (sharah board 1): unknown key 'colour'")


def test_build_fails_on_an_illegal_solution_inside_a_tab(tmp_path):
    page = ("# Oblong\n\n=== \"One\"\n\n    ```sharah\n    variant: oblong-shatranj\n    mode: try\n"
            "    options: die=false\n    solution: a1a5\n    ```\n")
    assert build_error(tmp_path, page) == (
        "games/oblong-shatranj.md, line 9 (sharah board 1): solution: a1a5: the elephant (fil) "
        "on a1 cannot move to a5")


def test_links_in_a_caption_resolve(tmp_path):
    page = ("# Oblong\n\n```sharah\nvariant: oblong-shatranj\nmode: game\n"
            "caption: See [the notation](../notation.md#moves).\n```\n")
    html = convert(tmp_path, page)
    assert '<a href="../../notation/#moves">the notation</a>' in html
    assert 'class="sharah-board sharah-mode-game"' in html


def test_build_fails_on_a_missing_page_link(tmp_path):
    page = "# O\n\n```sharah\nvariant: oblong-shatranj\ncaption: [x](nowhere.md)\n```\n"
    assert build_error(tmp_path, page) == (
        "games/oblong-shatranj.md, line 5 (sharah board 1): caption: link 'nowhere.md': "
        "there is no page games/nowhere.md")


def test_the_site_ships_the_runtime_the_engine_and_the_lean_stdlib(built_site):
    site = built_site
    html = (site / "games" / "oblong-shatranj" / "index.html").read_text(encoding="utf-8")
    assert 'class="sharah-board sharah-mode-game' in html
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        assert (site / "assets" / "pyodide" / name).is_file()
    # the lean standard library instead of Pyodide's whole one, named in the worker
    assert not (site / "assets" / "pyodide" / "python_stdlib.zip").exists()
    stdlibs = list((site / "assets" / "pyodide").glob("stdlib-*.zip"))
    assert len(stdlibs) == 1 and stdlibs[0].stat().st_size < 1_500_000
    worker = (site / "assets" / "sharah" / "js" / "engine-worker.js").read_text(encoding="utf-8")
    assert f'"{stdlibs[0].name}"' in worker and "stdLibURL" in worker
    # the boot it shares with the Node scripts: imported with the build's stamp
    # like every sibling, and stored by the service worker with the rest
    assert re.search(r'from "\./pyodide-boot\.js\?v=\w+";', worker)
    offline = json.loads(re.search(r"const FILES = (\{.*?\n\});", (site / "sw.js").read_text(encoding="utf-8"), re.S)[1])
    assert offline["assets/sharah/js/pyodide-boot.js"]["pre"] is True
    zips = list((site / "assets" / "sharah").glob("engine-*.zip"))
    assert len(zips) == 1
    js_dir = site / "assets" / "sharah" / "js"
    assert f'"{zips[0].name}"' in (js_dir / "engine.js").read_text(encoding="utf-8")
    for js in js_dir.glob("*.js"):     # every module carries the engine's name and the build stamp
        text = js.read_text(encoding="utf-8")
        assert "__SHARAH_ENGINE_ZIP__" not in text and "__SHARAH_BUILD__" not in text, js.name
        assert "__SHARAH_STDLIB_ZIP__" not in text, js.name
    assert (site / "assets" / "sharah" / "css" / "widget.css").is_file()
    assert 'type="module"' in html and "assets/sharah/js/sharah.js" in html


def test_build_says_how_to_get_pyodide(tmp_path, monkeypatch):
    from mkdocs.exceptions import PluginError
    from mkdocs.structure.files import Files

    from sitebuild import stage
    monkeypatch.setattr(stage, "PYODIDE_DIR", tmp_path / "nothing")
    with pytest.raises(PluginError) as caught:
        stage.stage_runtime(Files([]), config=None)
    assert "the Pyodide runtime is missing" in str(caught.value)
    assert "run bash scripts/setup.sh" in str(caught.value)


def test_drawing_and_controls_are_kept_out_of_the_search_index():
    """The site search indexes page text: not the board's coordinates, its
    badges, status line and buttons. Material's search parser skips a block
    with data-search-exclude up to the first closing tag of the same name,
    so each innermost block carries it (never a <div> around other divs)."""
    from material.plugins.search.plugin import Parser

    def indexed(html):
        parser = Parser()
        parser.feed("<h1 id=t>T</h1>" + html)
        parser.close()
        return "".join("".join(s.text) for s in parser.data)

    game = render_fence("variant: sharah-hedman\nmode: game\ncaption: Hedman's game.", "u")
    diagram = render_fence(NODIE + "show: b2\ncaption: The knight.", "u")
    for html, caption in ((game, "Hedman's game."), (diagram, "The knight.")):
        text = indexed(html)
        assert caption in text            # the caption stays
        for gone in ("abcdefgh", "Starting the engine", "Undo", "Flip board", "Game options",
                     "not held yet", "can go to"):
            assert gone not in text, (gone, text)
