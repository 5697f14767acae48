"""The contract between the widget (site_assets/js) and the engine
(sharah_web/bridge.py, sharah_web/session.py): every command the widget
sends is one the bridge knows, every state key it reads is declared
(``session.BoardState``), and the static board the build writes is drawn
by the same code as the live one the engine sends.

The widget keeps to two spellings so that a scan finds everything: a
request is an object literal whose ``cmd`` is a string literal
(``{ cmd: "play", ... }``), and a board state is read as ``state.key``,
``st.key`` or ``prev.key`` (a variable of that name, or ``board.state``,
``reply.state``...)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sharah_web import bridge, fence, session

ROOT = Path(__file__).resolve().parent.parent
JS = sorted((ROOT / "site_assets" / "js").glob("*.js"))
SOURCES = {p.name: p.read_text(encoding="utf-8") for p in JS}

CMD = re.compile(r"\bcmd\s*:\s*(\S[^,}\n]*)")
STATE_READ = re.compile(r"(?<![\w$])(?:state|st|prev)\??\.([A-Za-z_$][\w$]*)")


@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def sent_commands() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for name, text in SOURCES.items():
        for m in CMD.finditer(text):
            literal = re.fullmatch(r'"([a-z_]+)"', m.group(1).strip())
            assert literal, f"{name}: a request's cmd must be a string literal, not {m.group(1).strip()!r}"
            out.setdefault(literal.group(1), set()).add(name)
    return out


def test_every_command_the_widget_sends_is_one_the_bridge_knows():
    sent = sent_commands()
    unknown = {cmd: sorted(files) for cmd, files in sent.items() if cmd not in bridge.COMMANDS}
    assert unknown == {}
    # the scan sees the widget's requests (not an empty match)
    assert {"open", "close", "ping", "play", "undo", "redo", "restart", "flip", "explain", "shortcut",
            "think", "hint", "levels", "record", "link", "save", "load", "goto", "edit",
            "link_board"} <= set(sent)


REQUEST = re.compile(r"\{\s*cmd\s*:\s*\"([a-z_]+)\"((?:[^{}]|\{[^{}]*\})*)\}")


def request_fields() -> list[tuple[str, str, set[str]]]:
    """(file, command, the fields named in the request's literal) for every
    request literal; spread fields (``...op``) cannot be read and are left out."""
    out = []
    for name, text in SOURCES.items():
        for m in REQUEST.finditer(text):
            rest = re.sub(r"\{[^{}]*\}|`[^`]*`|\"[^\"]*\"|\([^()]*\)", "", m.group(2))
            keys = set()
            for part in rest.split(","):
                part = part.strip()
                if not part or part.startswith("..."):
                    continue
                keys.add(re.match(r"[A-Za-z_$][\w$]*", part).group(0))
            out.append((name, m.group(1), keys))
    return out


def test_every_field_the_widget_sends_is_one_its_command_takes():
    found = request_fields()
    wrong = [(f, cmd, sorted(keys - set(bridge.COMMANDS[cmd].fields) - {"board"}))
             for f, cmd, keys in found if keys - set(bridge.COMMANDS[cmd].fields) - {"board"}]
    assert wrong == []
    # the scan reads the fields (not an empty match)
    seen = {(cmd, k) for _, cmd, keys in found for k in keys}
    assert {("play", "move"), ("explain", "drop"), ("think", "slice_ms"), ("load", "if_unchanged"),
            ("link_board", "boards"), ("record", "tags"), ("edit", "palette"), ("undo", "plies")} <= seen


def test_every_state_key_the_widget_reads_is_declared():
    read: dict[str, set[str]] = {}
    for name, text in SOURCES.items():
        for m in STATE_READ.finditer(text):
            read.setdefault(m.group(1), set()).add(name)
    undeclared = {key: sorted(files) for key, files in read.items() if key not in session.STATE_KEYS}
    assert undeclared == {}
    # the scan sees the widget's reads
    assert {"moves", "pieces", "hand", "history", "ply", "result", "to_move", "moves_html", "hand_html",
            "shortcuts_html", "future_html", "badges_html", "svg", "options", "can_undo"} <= set(read)


def test_the_declared_state_is_what_the_engine_sends():
    out = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "b", "variant": "scheherazade",
                                               "mode": "game"})))
    assert tuple(out["state"]) == session.STATE_KEYS


def test_the_ping_table_is_the_bridge_table():
    out = json.loads(bridge.handle('{"cmd": "ping"}'))
    assert out["protocol"] == bridge.PROTOCOL
    engine_js = SOURCES["engine.js"]
    assert f"export const PROTOCOL = {bridge.PROTOCOL};" in engine_js
    assert {n: c["changes"] for n, c in out["commands"].items()} == \
        {n: c.changes for n, c in bridge.COMMANDS.items()}


# ------------------------------------------------------- static and live

FENCES = [
    # Mittner's placement: a hand with counts, a shortcut, numbered drops
    "variant: sharah-mittner\nmode: game\nmoves: S@e5 s@f9",
    # a die game: the die badge
    "variant: oblong-shatranj\nmode: game\nmoves: a3a4",
    # a try board with the page's moves, Black to move
    "variant: oblong-shatranj\noptions: die=false\nmode: try\nmoves: b5b6\nsolution: c12c11",
    # the Light and Shadow boards: no hand (an empty, hidden box), no moves
    "variant: sharah-surrounds\nmode: game",
    "variant: scheherazade\nmode: game\nmoves: c2d4",
    # the die shows 6 and the king is walled in: the only move is a pass
    "variant: oblong-shatranj\nmode: game\nposition: 4/1k2/4/2p1/3r/4/4/4/4/4/4/4/4/3R/PP2/KP2 w 6 0",
]


def inner(html: str, start: str, end: str) -> str:
    """The markup between ``start`` (an opening tag, found once) and ``end``."""
    assert html.count(start) == 1, start
    i = html.index(start) + len(start)
    return html[i:html.index(end, i)]


@pytest.mark.parametrize("source", FENCES)
def test_static_and_live_boards_are_drawn_by_the_same_code(source):
    spec = fence.parse_fence(source)
    page = fence.render_html(spec, "u1")
    live = json.loads(bridge.handle(json.dumps({**spec.config("u1"), "cmd": "open", "board": "x"})))["state"]
    # the hand under the board: the very markup the engine sends
    assert live["hand_html"] in page
    assert page.count('class="sharah-hand"') == 1
    # the move list's items, the badges and the shortcuts
    assert inner(page, '<ol class="sharah-moves" aria-label="Moves"', "</ol>").split(">", 1)[1] == \
        live["moves_html"]
    assert inner(page, '<div class="sharah-badges" data-search-exclude>', '</div><') == live["badges_html"]
    assert inner(page, '<div class="sharah-shortcuts"', "</div>").split(">", 1)[1] == live["shortcuts_html"]
    # the square-less moves, first in the controls
    assert page.count('<div class="sharah-controls" data-search-exclude>') == 1
    assert page.split('<div class="sharah-controls" data-search-exclude>')[1].startswith(live["free_html"])


def test_the_compared_boards_have_something_to_compare():
    states = [json.loads(bridge.handle(json.dumps({**fence.parse_fence(s).config("u1"), "cmd": "open",
                                                    "board": "x"})))["state"] for s in FENCES]
    assert all(s["moves_html"] for s in states[:3]) and states[4]["moves_html"]
    assert 'aria-hidden="true">10</span>' in states[0]["hand_html"]     # the count, for the eye only
    assert '<span class="sharah-hand-art"><svg' in states[0]["hand_html"]
    assert states[3]["hand_html"].endswith(" hidden></div>") and states[3]["moves_html"] == ""
    assert states[5]["free_html"] == (
        '<span class="sharah-free is-only"><span class="sharah-free-lead">Your only move:</span>'
        '<button type="button" class="md-button md-button--primary sharah-btn sharah-free-move" '
        'data-free="pass" data-kind="pass" disabled>No king can move: the turn is lost</button></span>')
    assert states[1]["free_html"] == "" or 'is-only' not in states[1]["free_html"]
    assert 'data-badge="die"' in states[1]["badges_html"]
    assert 'data-shortcut="random-placement"' in states[0]["shortcuts_html"]


def test_the_options_form_is_the_engines():
    state = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "p~3", "variant": "oblong-shatranj",
                                                 "options": {"die": "false", "setup": "2"},
                                                 "mode": "game"})))["state"]
    form = state["options_html"]
    assert form.startswith('<form class="sharah-options-form">')
    # a choice with the default marked and this game's value selected; a
    # checkbox with this game's value; ids unique to this board; the help line
    assert ('<div class="sharah-option sharah-option-int" data-option="setup"><label for="p-3-opt-setup">'
            'Set-up</label><select id="p-3-opt-setup" name="setup" aria-describedby="p-3-opt-setup-doc">'
            '<option value="1">1 (default)</option><option value="2" selected>2</option>') in form
    assert ('<div class="sharah-option sharah-option-bool" data-option="die"><input type="checkbox" '
            'id="p-3-opt-die" name="die" aria-describedby="p-3-opt-die-doc"><label for="p-3-opt-die">Die'
            '</label><span class="sharah-option-doc" id="p-3-opt-die-doc">The die decides which kind may '
            'move.</span></div>') in form
    assert form.endswith('data-action="new-game">New game with these options</button></div></form>')
    # only a game board has the form
    other = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "q", "variant": "oblong-shatranj",
                                                  "mode": "diagram"})))["state"]
    assert other["options_html"] == "" and other["options"]


def test_the_widget_keeps_the_engines_limit_on_saved_games():
    """records.js sets aside a stored entry longer than the engine reads,
    without sending it (a request that long would fail as a whole): its
    figure is the engine's."""
    from sharah_web import record
    found = re.findall(r"export const MAX_SAVED = ([\d_]+);", SOURCES["records.js"])
    assert found == [f"{record.MAX_SAVED:_}"], found
    # and a saved game of that size still fits in one request
    assert 6 * record.MAX_SAVED < bridge.MAX_REQUEST
