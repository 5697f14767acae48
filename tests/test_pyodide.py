"""The engine inside Pyodide (the runtime the site ships), under Node.

``tests/pyodide/engine_check.mjs`` boots Pyodide from ``node_modules/pyodide``
with no network, unpacks the engine zip made by ``scripts/pack_engine.py``,
plays random games (see ``tests/pyodide/check_engine.py``) and prints a JSON
summary, which these tests check.

Outside CI the tests are skipped when Node or ``node_modules/pyodide`` is
missing (run ``bash scripts/test.sh``, which installs it); with ``CI`` set
they fail instead.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import sharah_web

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tests" / "pyodide" / "engine_check.mjs"

CONFIG = {
    "games": [
        {"variant": "oblong-shatranj", "options": {"die": True}, "seed": 1},
        {"variant": "oblong-shatranj", "options": {"die": False}, "seed": 2},
        {"variant": "oblong-shatranj", "options": {"die": True, "setup": 3, "promotion": "any"}, "seed": 3},
        # The other games are checked for a fixed number of plies: every
        # legal move's notation is parsed back at every ply, which on their
        # large boards is thousands of moves a ply.
        {"variant": "scheherazade", "options": {"agreement": False}, "seed": 4,
         "max_plies": 60, "must_finish": False},
        {"variant": "sharah-hedman", "seed": 5, "max_plies": 40, "must_finish": False},
        {"variant": "sharah-surrounds", "seed": 6, "max_plies": 20, "must_finish": False},
        {"variant": "sharah-mittner", "options": {"placement": "random"}, "seed": 7,
         "max_plies": 30, "must_finish": False},
    ],
    "max_plies": 1500,
    "capture_bias": 0.5,
    "inputs": True,      # bad stored data and requests (check_engine.check_inputs)
    # The worker's JSON API as a page uses it: records, links and saved
    # games loaded into new boards, and the computer thinking in slices.
    "bridge": [
        {"variant": "oblong-shatranj", "options": {"die": True}, "seed": 1},
        {"variant": "scheherazade", "seed": 4},
        {"variant": "sharah-hedman", "seed": 5},
        {"variant": "sharah-surrounds", "seed": 6, "plies": 2},
        {"variant": "sharah-mittner", "options": {"placement": "random"}, "seed": 7, "plies": 3},
    ],
}
TIMEOUT = 240  # seconds; a normal run takes 10-20 s


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def pinned_pyodide_version() -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def missing(reason: str):
    if in_ci():
        pytest.fail(f"{reason} (CI is set, so this is a failure, not a skip)")
    pytest.skip(f"{reason}; run `bash scripts/test.sh` (or `npm ci`) to install it")


@pytest.fixture(scope="module")
def summary(tmp_path_factory) -> dict:
    node = shutil.which("node")
    if node is None:
        missing("node is not on PATH")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        missing(f"{PYODIDE_DIR.relative_to(ROOT)} is missing")

    engine_zip = tmp_path_factory.mktemp("pyodide") / "engine.zip"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "pack_engine.py"), str(engine_zip)],
                   cwd=ROOT, check=True, capture_output=True, text=True, timeout=60)

    try:
        proc = subprocess.run([node, str(RUNNER), str(engine_zip), json.dumps(CONFIG)],
                              cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"engine_check.mjs took more than {TIMEOUT} s; stderr:\n{exc.stderr}")
    if proc.returncode != 0:
        pytest.fail(f"engine_check.mjs exited with {proc.returncode}\n"
                    f"--- stderr ---\n{proc.stderr[-6000:]}\n--- stdout ---\n{proc.stdout[-2000:]}")
    lines = proc.stdout.strip().splitlines()
    assert lines, f"engine_check.mjs printed nothing; stderr:\n{proc.stderr[-4000:]}"
    data = json.loads(lines[-1])
    print(f"pyodide {data.get('pyodide_version')}, python {data.get('python')}: boot "
          f"{data.get('boot_seconds')} s, checks {data.get('check_seconds')} s")
    return data


def test_runtime_is_the_pinned_pyodide(summary):
    pinned = pinned_pyodide_version()
    installed = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    assert installed == pinned, f"node_modules has pyodide {installed}, package.json pins {pinned}: run npm ci"
    assert summary["pyodide_version"] == pinned
    assert summary["implementation"] == "CPython"
    assert summary["platform"] == "emscripten"
    assert summary["python"].startswith("3.14."), f"Pyodide {pinned} should run Python 3.14, got {summary['python']}"


def test_nothing_fetched_from_the_network(summary):
    assert summary["network"] == []


def test_engine_came_from_the_zip(summary):
    assert summary["engine_module"].startswith("/home/pyodide/engine/sharah_web/")
    assert summary["engine_zip_bytes"] > 0
    assert "oblong-shatranj" in summary["variants"]


def test_games_with_and_without_the_die(summary):
    dice = {g["options"].get("die", True) for g in summary["games"]}
    assert dice == {True, False}, "need at least one game with the die and one without"
    assert len(summary["games"]) == len(CONFIG["games"])


@pytest.mark.parametrize("index", range(len(CONFIG["games"])),
                         ids=[f"{g['variant']}-seed{g['seed']}" for g in CONFIG["games"]])
def test_random_game(summary, index):
    game = summary["games"][index]
    where = f"{game['variant']} {game['options']} seed {game['seed']}"
    problems = "\n".join(json.dumps(m) for m in game["mismatches"])
    dropped = game["counts"].get("dropped_mismatches", 0)
    assert not game["mismatches"] and not dropped, \
        f"{where}: {len(game['mismatches']) + dropped} mismatches, e.g.:\n{problems}"
    spec = CONFIG["games"][index]
    if spec.get("must_finish", True):
        assert game["finished"], f"{where}: no result after {game['plies']} plies"
        assert game["result"]["reason"], where
        assert game["result"]["winner"] in (None, *sharah_web.variant(game["variant"]).sides), where
    else:
        assert game["plies"] == spec["max_plies"] or game["finished"], where
    assert game["plies"] > 0, where
    counts = game["counts"]
    assert counts["positions"] == game["plies"] + 1, where
    assert counts["roundtrips"] == counts["positions"], where
    assert counts["undo_redo"] == game["plies"], where
    assert counts["notations"] >= game["plies"], where


def test_no_mismatches_at_all(summary):
    assert summary["mismatch_count"] == 0


@pytest.mark.parametrize("index", range(len(CONFIG["bridge"])),
                         ids=[f"bridge-{b['variant']}" for b in CONFIG["bridge"]])
def test_bridge_records_links_and_thinking(summary, index):
    check = summary["bridge"][index]
    assert check["variant"] == CONFIG["bridge"][index]["variant"]
    assert check["mismatches"] == []
    assert check["counts"]["loads"] == 3             # record, link and saved game
    assert check["counts"]["slices"] >= 1            # the search ran, in slices


def test_bad_stored_data_is_set_aside_in_pyodide(summary):
    """Issue 24, in the runtime the site ships: a saved game nested 5,000
    deep, an option of 1e400 and a tag that is no name are set aside with
    a note, and the board plays; a request nested 5,000 deep and a record
    with a 60,000-character tag are refused in words (no "internal" error)."""
    inputs = summary["inputs"]
    reasons = {"deep saved game": "the saved game is damaged (nested more than 20 deep)",
               "setup 1e400": "the saved game is damaged (a number is too large: 1e400)",
               "bad tag name": "the saved game is damaged ('bad name' is not a tag name (letters, digits and _))"}
    for name, reason in reasons.items():
        assert inputs[name] == {"ok": True, "restored": False, "error": None, "then_played": True,
                                "note": f"Your saved game on this board could not be restored ({reason}): "
                                        f"it was set aside."}, name
    assert inputs["deep request"] == {"ok": False, "error": "the request is nested more than 20 deep"}
    assert inputs["huge tag record"] == {"ok": False, "board": "i",
                                         "error": "the tag Event is too long (60,000 characters; at most 4,000)"}
