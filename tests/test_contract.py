"""The contract between the widget (site_assets/js) and the engine
(sharah_web/bridge.py, sharah_web/session.py): the widget's types of it
(site_assets/js/contract.d.ts) are written from the engine's own
declarations, so the type checker (tsc, run by scripts/test.sh) refuses a
command the bridge does not know, a field its command does not take and a
state key ``session.BoardState`` does not declare; and the static board the
build writes is drawn by the same code as the live one the engine sends."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from devkit import contract_types
from sharah_web import bridge, fence, session

ROOT = Path(__file__).resolve().parent.parent
JS = sorted((ROOT / "site_assets" / "js").glob("*.js"))
SOURCES = {p.name: p.read_text(encoding="utf-8") for p in JS}
TSC = ROOT / "node_modules" / ".bin" / "tsc"



@pytest.fixture(autouse=True)
def fresh():
    bridge.reset()
    yield
    bridge.reset()


def test_the_widgets_types_of_the_contract_are_the_engines():
    """contract.d.ts is what scripts/contract_types.py writes from the
    engine's declarations now (else: run it)."""
    assert contract_types.OUT.read_text(encoding="utf-8") == contract_types.render(), \
        "site_assets/js/contract.d.ts is stale: run python scripts/contract_types.py"


def test_the_contract_types_hold_every_command_and_state_key():
    text = contract_types.render()
    for cmd, spec in bridge.COMMANDS.items():
        name = contract_types.type_name(cmd)
        block = text.split(f"export interface {name} {{\n", 1)[1].split("}", 1)[0]
        assert f'  cmd: "{cmd}";' in block
        assert sorted(re.findall(r"^  (\w+)\?: unknown;", block, re.M)) == sorted(spec.fields), cmd
    state = text.split("export interface BoardState {\n", 1)[1].split("\n}", 1)[0]
    assert tuple(re.findall(r"^  (\w+): ", state, re.M)) == session.STATE_KEYS
    entry = text.split("export interface MoveEntry {\n", 1)[1].split("\n}", 1)[0]
    # what every entry has, and what only some have
    assert re.findall(r"^  (\w+): ", entry, re.M) == ["n", "from", "to"]
    assert f"export type Protocol = {bridge.PROTOCOL};" in text


PROBE = """// @ts-check
import { Board } from "JS/board.js";
/** @param {Board} board */
export async function probe(board) {
  await board.request({ cmd: "play", move: "b2c4" });
  await board.request({ cmd: "teleport", move: "b2c4" });
  await board.request({ cmd: "play", mvoe: "b2c4" });
  const st = board.state;
  return st && [st.to_move, st.whose_turn];
}
/** @param {import("JS/contract.js").AnalyseAnswer} a @param {import("JS/contract.js").ReviewAnswer} r */
export const probeReplies = (a, r) => [a.analysis.depth, r.review.done, a.analysis.deepness];
"""


def test_the_type_checker_refuses_what_the_engine_does_not_know(tmp_path):
    """The check can fail: an unknown command, a field its command does not
    take, an undeclared state key (and nothing for the right ones)."""
    assert TSC.is_file(), "TypeScript is missing: run bash scripts/setup.sh"
    # the probe stays out of site_assets/js, which a build running at the
    # same time (a parallel run) would ship; it imports the widget by path
    js = ROOT / "site_assets" / "js"
    probe = tmp_path / "probe.js"
    config = tmp_path / "tsconfig.json"
    base = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    config.write_text(json.dumps({"compilerOptions": base["compilerOptions"], "files": [str(probe)],
                                  "include": [str(js / "*.d.ts")]}), encoding="utf-8")
    probe.write_text(PROBE.replace("JS/", js.as_posix() + "/"), encoding="utf-8")
    out = subprocess.run([str(TSC), "-p", str(config), "--pretty", "false"], capture_output=True, text=True,
                         timeout=300)
    errors = sorted(re.findall(rf"^\S*{re.escape(probe.name)}\((\d+),\d+\): error (TS\d+)", out.stdout, re.M))
    assert out.returncode != 0
    assert errors == [("12", "TS2339"), ("6", "TS2322"), ("7", "TS2353"), ("9", "TS2339")], out.stdout
    assert """Type '"teleport"' is not assignable""" in out.stdout
    assert "'mvoe' does not exist in type 'PlayRequest'" in out.stdout
    assert "Property 'whose_turn' does not exist on type 'BoardState'" in out.stdout
    assert "Property 'deepness' does not exist on type 'AnalysisReply'" in out.stdout


def test_the_analysis_replies_are_typed_from_the_engine():
    """The payloads of analyse and review (analysis.py's TypedDicts) are in
    the contract, each under the key its command declares, and the
    add-on that reads them types them from there, not by hand."""
    from sharah_web import analysis
    text = contract_types.render()
    for name in ("AnalysisMove", "AnalysisResult", "AnalysisReply", "ReviewEntry", "ReviewReply"):
        block = text.split(f"export interface {name} {{\n", 1)[1].split("\n}", 1)[0]
        assert sorted(re.findall(r"^  (\w+)\??: ", block, re.M)) == sorted(getattr(analysis, name).__annotations__)
    for cmd in ("analyse", "review"):
        key, td = bridge.COMMANDS[cmd].reply
        block = text.split(f"export interface {contract_types.reply_name(cmd)} {{\n", 1)[1].split("\n}", 1)[0]
        assert f"  {key}: {td};" in block
    addon = SOURCES["analysis.js"]
    assert "@typedef {{" not in addon
    for name in ("AnalysisResult", "AnalysisReply", "ReviewReply", "AnalyseAnswer", "ReviewAnswer"):
        assert f'/** @typedef {{import("./contract.js").{name}}} {name} */' in addon


def test_the_declared_state_is_what_the_engine_sends():
    out = json.loads(bridge.handle(json.dumps({"cmd": "open", "board": "b", "variant": "scheherazade",
                                               "mode": "game"})))
    assert tuple(out["state"]) == session.STATE_KEYS


def test_the_ping_table_is_the_bridge_table():
    out = json.loads(bridge.handle('{"cmd": "ping"}'))
    assert out["protocol"] == bridge.PROTOCOL
    engine_js = SOURCES["engine.js"]
    # typed as the contract's Protocol: the checker refuses another figure
    assert ('/** @type {import("./contract.js").Protocol} */\n'
            f"export const PROTOCOL = {bridge.PROTOCOL};") in engine_js
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
    # share.js reads which board a link is for from as many characters as the engine reads
    found = re.findall(r"export const MAX_LINK = ([\d_]+);", SOURCES["share.js"])
    assert found == [f"{record.MAX_LINK:_}"], found
